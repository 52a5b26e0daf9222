"""(For tests/unit/ once tile_handlers.py is wired.) transform.structured.tile_using_for
through the interpreter tiles with polymlir's dependence-checked tile_op: the tiled
program computes the same result, loops are bound to the handles, and an illegal
or impossible tiling is a located error."""

import numpy as np
import pytest

import polymlir
from polymlir.ir.diagnostics import DiagnosticError
from polymlir.parser.parser import parse_source
from polymlir.printer import print_op
from polymlir.transforms.transform_interp import apply_schedule, erase_schedule

MATMUL = """
func.func @mm(%a: memref<7x5xf64>, %b: memref<5x6xf64>, %c: memref<7x6xf64>) {
  linalg.matmul ins(%a, %b : memref<7x5xf64>, memref<5x6xf64>) outs(%c : memref<7x6xf64>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.param.constant 2 : i64 -> !transform.param<i64>
    %t, %loops:3 = transform.structured.tile_using_for %0 tile_sizes [%c, 4, 3]
      : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %loops#0, "outer" : !transform.any_op
    transform.debug.emit_remark_at %t, "tiled" : !transform.any_op
    transform.yield
  }
}
"""


def test_tile_using_for_tiles_and_binds_handles():
    m = parse_source(MATMUL, "t.mlir")
    diags = apply_schedule(m)
    assert [d.message for d in diags] == ["outer", "tiled"]
    erase_schedule(m)
    text = print_op(m)
    assert text.count("scf.for") == 3 and "memref.subview" in text
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((7, 5)), rng.standard_normal((5, 6))
    c = np.zeros((7, 6))
    polymlir.compile(m).invoke("mm", a, b, c)
    np.testing.assert_allclose(c, a @ b, rtol=1e-12)


def test_tiling_failure_is_located():
    # Five sizes for the three loops of a matmul: tile_op refuses, the
    # interpreter reports it at the transform op.
    bad = MATMUL.replace("tile_sizes [%c, 4, 3]", "tile_sizes [%c, 4, 3, 5, 5]").replace("%loops:3", "%loops:5")
    bad = bad.replace("-> (" + ", ".join(["!transform.any_op"] * 4), "-> (" + ", ".join(["!transform.any_op"] * 6))
    m = parse_source(bad, "t.mlir")
    with pytest.raises(DiagnosticError, match="failed to tile"):
        apply_schedule(m)
