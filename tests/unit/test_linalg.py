"""linalg: generalize_spec / generalize of named and structured ops."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from polymlir.dialects.linalg import named as N
from polymlir.dialects.linalg import structured as L
from polymlir.parser.parser import parse_source
from polymlir.printer import print_op
from polymlir.verifier import verify

SRC = """
func.func @f(%a: memref<4x8xi8>, %b: memref<8x16xi8>, %c: memref<4x16xi32>,
             %i: tensor<1x9x9x3xf16>, %k: tensor<3x3x3x8xf16>, %o: tensor<1x4x4x8xf32>,
             %t: tensor<4x8xf32>, %u: tensor<8x4xf32>, %v: tensor<8xf32>)
    -> (tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<4x8xf32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<4x8xi8>, memref<8x16xi8>)
                outs(%c : memref<4x16xi32>)
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%i, %k : tensor<1x9x9x3xf16>, tensor<3x3x3x8xf16>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %1 = linalg.reduce { arith.addf } ins(%t : tensor<4x8xf32>) outs(%v : tensor<8xf32>) dimensions = [0]
  %2 = linalg.transpose ins(%u : tensor<8x4xf32>) outs(%t : tensor<4x8xf32>) permutation = [1, 0]
  %3 = linalg.elementwise kind=#linalg.elementwise_kind<sub> ins(%2, %t : tensor<4x8xf32>, tensor<4x8xf32>)
         outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1, %3 : tensor<1x4x4x8xf32>, tensor<8xf32>, tensor<4x8xf32>
}
"""


def _module():
    m = parse_source(SRC, "f.mlir", True)
    verify(m)
    return m


def test_conv_spec_reads_strides():
    m = _module()
    conv = next(o for o in m.walk() if o.name == "linalg.conv_2d_nhwc_hwcf")
    spec = conv.generalize_spec()
    assert [str(x) for x in spec.indexing_maps] == [
        "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)",
        "(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)",
        "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)",
    ]
    assert spec.iterator_types == ["parallel"] * 4 + ["reduction"] * 3


def test_every_named_op_has_a_spec():
    for name, spec in N.SPECS.items():
        cls = N.named_op_class(name)
        assert cls is not None, name
        assert len(spec.iterators) == len(spec.dims), name


def test_generalize_keeps_payload():
    m = _module()
    for op in [o for o in m.walk() if isinstance(o, L.LinalgStructuredOp)]:
        L.generalize(op)
    verify(m)
    text = print_op(m)
    assert "linalg.matmul" not in text and "linalg.reduce" not in text
    assert text.count("linalg.generic") == 5
    assert "arith.extui" in text and "arith.extf" in text and "arith.subf" in text


@pytest.mark.skipif(shutil.which("mlir-opt-22") is None, reason="upstream mlir-opt is not installed")
def test_generalize_matches_upstream(tmp_path):
    m = _module()
    for op in [o for o in m.walk() if isinstance(o, L.LinalgStructuredOp)]:
        L.generalize(op)
    ours = tmp_path / "ours.mlir"
    ours.write_text(print_op(m))
    src = tmp_path / "src.mlir"
    src.write_text(SRC)

    def generic(args: list[str], path) -> str:
        up = subprocess.run(
            ["mlir-opt-22", "--allow-unregistered-dialect", *args, str(path)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return subprocess.run(
            ["mlir-opt-22", "--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-local-scope"],
            input=up,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    import re

    def norm(t: str) -> str:
        names: dict[str, str] = {}
        return re.sub(r"%[\w.$-]+", lambda mm: names.setdefault(mm.group(0), f"%v{len(names)}"), t)

    assert norm(generic([], ours)) == norm(generic(["--linalg-generalize-named-ops"], src))
