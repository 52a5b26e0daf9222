"""The schedule handle, traces, and the structural primitives (tile,
strip-mine, permute/interchange): exact verdicts, located refusals, and
transformed programs that compute what the originals compute."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.testing import polybench as pb
from polymlir.testing.differential import compare_runs
from polymlir.transforms.loops.handle import Schedule, replay
from polymlir.transforms.loops.loop_utils import TransformError
from polymlir.transforms.loops.trace import Trace

MATMUL = """func.func @mm(%A: memref<13x17xf64>, %B: memref<17x11xf64>, %C: memref<13x11xf64>) {
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 11 {
      affine.for %k = 0 to 17 {
        %a = affine.load %A[%i, %k] : memref<13x17xf64>
        %b = affine.load %B[%k, %j] : memref<17x11xf64>
        %c = affine.load %C[%i, %j] : memref<13x11xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<13x11xf64>
      }
    }
  }
  return
}
"""

# A[i][j] = A[i-1][j+1]: distance (1, -1); tiling and interchange are illegal.
SKEWED = """func.func @f(%A: memref<20x20xf64>) {
  affine.for %i = 1 to 19 {
    affine.for %j = 1 to 19 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<20x20xf64>
      affine.store %a, %A[%i, %j] : memref<20x20xf64>
    }
  }
  return
}
"""


def handle(text: str, func: str | None = None) -> Schedule:
    return Schedule(polymlir.parse(text, "t.mlir"), func)


@pytest.mark.parametrize("sizes", [[4, 4, 4], [5, 3, 7], [1, 2, 32], [13, 11, 17]])
def test_tile_matmul_computes_the_same(sizes):
    s = handle(MATMUL)
    v = s.tile(["i", "j", "k"], sizes)
    assert v.ok, v.reason
    assert compare_runs(MATMUL, polymlir.print_ir(s.module), "mm") <= 1e-9


def test_tile_refusal_names_the_dependence():
    s = handle(SKEWED)
    before = polymlir.print_ir(s.module)
    v = s.tile(["i", "j"], [4, 4])
    assert not v.ok
    assert (
        "flow dependence from affine.store at t.mlir:5:7 to affine.load at t.mlir:4:12 has distance (1, -1)" in v.reason
    )
    assert v.hint == "skew j by i first"
    assert polymlir.print_ir(s.module) == before  # refused: unchanged
    assert len(s.trace) == 0


def test_interchange_legal_and_illegal():
    s = handle(MATMUL)
    assert s.interchange(["k", "i", "j"]).ok
    assert compare_runs(MATMUL, polymlir.print_ir(s.module), "mm") <= 1e-9
    v = handle(SKEWED).interchange(["j", "i"])
    assert not v.ok and "distance (1, -1)" in v.reason


def test_trace_replays_to_the_same_output():
    s = handle(MATMUL)
    assert s.interchange(["i", "k", "j"]).ok
    assert s.tile(["i", "k", "j"], [8, 4, 2]).ok
    assert s.strip_mine("j", 2).ok
    text = s.trace.to_json()
    again = replay(polymlir.parse(MATMUL, "t.mlir"), Trace.from_json(text))
    assert polymlir.print_ir(again.module) == polymlir.print_ir(s.module)
    assert [st.op for st in Trace.from_json(text)] == ["interchange", "tile", "strip_mine"]


def test_loops_by_name_line_col_and_position():
    s = handle(MATMUL)
    i = s.loop("i")
    assert s.loop("2:3") is i and s.loop("#0") is i and s.loop(0) is i
    assert s.loop("k") is s.loop("#2")
    with pytest.raises(TransformError, match="no loop 'q'"):
        s.loop("q")
    with pytest.raises(TransformError, match="out of range"):
        s.loop("#9")
    assert s.tile(["i", "j"], [4, 4]).ok
    assert s.loop("i_tile").depth == 0


def test_bad_parameters_are_errors():
    s = handle(MATMUL)
    with pytest.raises(TransformError, match="must be a positive integer"):
        s.tile(["i", "j"], [0, 4])
    with pytest.raises(TransformError, match="expected 2 tile sizes"):
        s.tile(["i", "j"], [4])


def test_legal_primitives_lists_verdicts():
    opts = handle(MATMUL).legal_primitives()
    assert any(o.primitive == "tile" and o.loops == ["i", "j", "k"] for o in opts)
    assert all(o.verdict is not None and o.verdict.ok for o in opts)
    illegal = handle(SKEWED).legal_primitives(include_illegal=True)
    assert any(o.primitive == "permute" and not o.verdict.ok for o in illegal)
    # Exact, not a permutability test: one 32x32 tile covers the 18x18 nest.
    assert any(o.primitive == "tile" and o.verdict.ok for o in illegal)


def test_non_affine_code_is_refused():
    text = """func.func @f(%A: memref<10x10xf64>, %idx: memref<10xindex>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %t = affine.load %idx[%j] : memref<10xindex>
      %v = memref.load %A[%t, %i] : memref<10x10xf64>
      affine.store %v, %A[%i, %j] : memref<10x10xf64>
    }
  }
  return
}
"""
    v = handle(text).tile(["i", "j"], [2, 2])
    # memref.load only reads %A, as a read of all of it: the stores to %A depend on it every way.
    assert not v.ok and "memref.load at t.mlir:5:12" in v.reason and "dependence" in v.reason
    v = handle(text.replace("affine.store %v, %A[%i, %j]", "memref.store %v, %A[%i, %t]")).tile(["i", "j"], [2, 2])
    assert not v.ok and "memref.store at t.mlir:6:7 is outside the affine model" in v.reason


def test_imperfect_band_is_tiled_and_a_split_band_refused():
    """A load between the band's loops goes with the store that uses it
    (tile_imperfect.py; more in test_tile_imperfect.py); loops that are not
    directly nested are no band."""
    text = """func.func @f(%A: memref<10x10xf64>, %B: memref<10xf64>) {
  affine.for %i = 0 to 10 {
    %b = affine.load %B[%i] : memref<10xf64>
    affine.for %j = 0 to 10 {
      affine.store %b, %A[%i, %j] : memref<10x10xf64>
    }
  }
  return
}
"""
    s = handle(text)
    v = s.tile(["i", "j"], [2, 3])
    assert v.ok, v.reason
    assert compare_runs(text, polymlir.print_ir(s.module), "f") <= 1e-9
    v = handle(MATMUL).tile(["i", "k"], [2, 2])
    assert not v.ok and "not directly nested" in v.reason


@pytest.mark.parametrize("name", sorted(pb.KERNELS))
def test_tile_outer_band_of_every_kernel(name):
    """Tile each nest's outermost band as far as it is legal, then compare."""
    text = pb.render(name)
    s = handle(text, "kernel")
    for nest in s.nests():
        band = s.band_from(nest)[:3]
        while band:
            try:
                if s.tile(band, [4, 3, 5][: len(band)]).ok:
                    break
            except TransformError:
                pass  # a non-rectangular band: tiled through isl's AST, not here
            band = band[:-1]
    assert compare_runs(text, polymlir.print_ir(s.module), "kernel") <= 1e-9
