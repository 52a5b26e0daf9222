"""affine-loop-tile's ``separate`` (full tiles without ``min`` bounds in the
then-branch of an ``affine.if``, partial tiles in the else-branch) and the
tiling of effect-free bands the model leaves out (semi-affine bounds)
compute what the original computes; loops outside the model that the pass
cannot tile get a remark."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.transforms.passes.manager import PassContext, PassManager

from .loop_testing import TOL, max_error

STENCIL = """func.func @f(%A: memref<40x40xf64>, %B: memref<40x40xf64>, %M: index, %N: index) {
  affine.for %i = 1 to min affine_map<()[s0] -> (s0, 39)>()[%M] {
    affine.for %j = max affine_map<()[s0] -> (1, s0 - 30)>()[%N] to 37 {
      %a = affine.load %A[%i - 1, %j] : memref<40x40xf64>
      %b = affine.load %A[%i, %j + 1] : memref<40x40xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %B[%i, %j] : memref<40x40xf64>
    }
  }
  return
}"""


def _run(text: str, pipeline: str) -> tuple[str, PassContext]:
    module = polymlir.parse(text, "t.mlir")
    ctx = PassManager.parse(pipeline).run(module)
    return polymlir.print_ir(module), ctx


@pytest.mark.parametrize("sizes", ["tile-size=8", "tile-sizes=5,6", "tile-sizes=36,2"])
def test_separated_tiles_compute_the_same(sizes):
    out, _ = _run(STENCIL, f"builtin.module(func.func(affine-loop-tile{{{sizes} separate}}))")
    assert out.count("affine.if") == 1 and "} else {" in out
    then_part = out.split("affine.if", 1)[1].split("} else {", 1)[0]
    assert "min" not in then_part  # full tiles: iv to iv + span
    params = [(0, 0), (39, 0), (17, 35), (40, 60), (8, 31)]
    assert max_error(STENCIL, out, "f", params) <= TOL


def test_full_tiles_only_need_no_separation():
    text = STENCIL.replace("min affine_map<()[s0] -> (s0, 39)>()[%M]", "33").replace(
        "max affine_map<()[s0] -> (1, s0 - 30)>()[%N]", "1"
    )
    out, _ = _run(text, "builtin.module(func.func(affine-loop-tile{tile-sizes=8,4 separate}))")
    assert "affine.if" not in out and "min" not in out
    assert max_error(text, out, "f") <= TOL


SEMI_AFFINE = """func.func @f(%A: memref<64xf64>, %M: index, %U: index) {
  affine.for %i = 0 to min affine_map<()[s0, s1] -> (s0, 4096 floordiv s1)>()[%M, %U] {
    %x = arith.index_cast %i : index to i64
  }
  affine.for %i = 0 to min affine_map<()[s0, s1] -> (s0, 4096 floordiv s1)>()[%M, %U] {
    %a = affine.load %A[%i] : memref<64xf64>
  }
  return
}"""


def test_effect_free_band_tiles_outside_the_model():
    out, ctx = _run(SEMI_AFFINE, "builtin.module(func.func(affine-loop-tile{tile-size=32}))")
    # The first loop touches no memory: tiled with its semi-affine bound kept.
    assert "affine_map<(d0)[s0, s1] -> (d0 + 32, s0, 4096 floordiv s1)>" in out
    assert out.count("step 32") == 1
    # The second reads memory through a bound isl cannot represent: declined, located.
    notes = [d.message for d in ctx.diagnostics]
    assert any(m.startswith("not tiled: the loop is outside the affine model") for m in notes), notes
