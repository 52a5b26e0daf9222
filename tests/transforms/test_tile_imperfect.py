"""Tiling imperfect bands (ops between the band's loops) through the schedule
handle and ``polymlir tile``: the statements between the loops are pinned
to the tile of the first (before the inner loop) or last (after it) inner
iteration, the whole schedule is checked exactly, and the nest regenerated.
Each tiled program must compute what the original computes on random inputs;
an illegal tiling is refused naming the dependence, the IR unchanged."""

from __future__ import annotations

import subprocess
import sys

import pytest

import polymlir
from polymlir.affine.schedules import PinnedTile, check, schedule_maps
from polymlir.affine.statements import compound_statements
from polymlir.testing import polybench as pb
from polymlir.testing.differential import compare_runs
from polymlir.transforms.loops import tile_imperfect as TI
from polymlir.transforms.loops.handle import Schedule, replay
from polymlir.transforms.loops.trace import Trace

from ..shared_data import requires_upstream, upstream

TOL = 1e-9

# PolyBench 3mm: E := A*B; F := C*D; G := E*F, each product initialised
# between the j and k loops (E[i][j] = 0; for k ...).
THREE_MM = """func.func @kernel(%E: memref<5x6xf64>, %A: memref<5x4xf64>, %B: memref<4x6xf64>,
    %F: memref<6x7xf64>, %C: memref<6x3xf64>, %D: memref<3x7xf64>, %G: memref<5x7xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 6 {
      affine.store %zero, %E[%i, %j] : memref<5x6xf64>
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<5x4xf64>
        %b = affine.load %B[%k, %j] : memref<4x6xf64>
        %e = affine.load %E[%i, %j] : memref<5x6xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %e, %p : f64
        affine.store %s, %E[%i, %j] : memref<5x6xf64>
      }
    }
  }
  affine.for %i2 = 0 to 6 {
    affine.for %j2 = 0 to 7 {
      affine.store %zero, %F[%i2, %j2] : memref<6x7xf64>
      affine.for %k2 = 0 to 3 {
        %c = affine.load %C[%i2, %k2] : memref<6x3xf64>
        %d = affine.load %D[%k2, %j2] : memref<3x7xf64>
        %f = affine.load %F[%i2, %j2] : memref<6x7xf64>
        %p = arith.mulf %c, %d : f64
        %s = arith.addf %f, %p : f64
        affine.store %s, %F[%i2, %j2] : memref<6x7xf64>
      }
    }
  }
  affine.for %i3 = 0 to 5 {
    affine.for %j3 = 0 to 7 {
      affine.store %zero, %G[%i3, %j3] : memref<5x7xf64>
      affine.for %k3 = 0 to 6 {
        %e = affine.load %E[%i3, %k3] : memref<5x6xf64>
        %f = affine.load %F[%k3, %j3] : memref<6x7xf64>
        %g = affine.load %G[%i3, %j3] : memref<5x7xf64>
        %p = arith.mulf %e, %f : f64
        %s = arith.addf %g, %p : f64
        affine.store %s, %G[%i3, %j3] : memref<5x7xf64>
      }
    }
  }
  return
}
"""

# A row sum between a statement before the inner loop and one after it:
# the initialisation runs with the first j tile, the use with the last.
ROW_SUM = """func.func @f(%A: memref<10x13xf64>, %S: memref<10xf64>, %T: memref<10xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 10 {
    affine.store %zero, %S[%i] : memref<10xf64>
    affine.for %j = 0 to 13 {
      %a = affine.load %A[%i, %j] : memref<10x13xf64>
      %s = affine.load %S[%i] : memref<10xf64>
      %n = arith.addf %s, %a : f64
      affine.store %n, %S[%i] : memref<10xf64>
    }
    %r = affine.load %S[%i] : memref<10xf64>
    %t = arith.mulf %r, %r : f64
    affine.store %t, %T[%i] : memref<10xf64>
  }
  return
}
"""

# Three band loops with steps, max/min and triangular bounds, a statement
# before and after each inner loop: pins along one and two inner loops.
DEEP = """func.func @f(%A: memref<20x20x20xf64>, %B: memref<20xf64>, %C: memref<20x20xf64>) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 1 to 17 step 2 {
    %b0 = affine.load %B[%i] : memref<20xf64>
    %b1 = arith.addf %b0, %one : f64
    affine.store %b1, %B[%i] : memref<20xf64>
    affine.for %j = max affine_map<(d0) -> (2, d0 - 3)>(%i) to min affine_map<(d0) -> (18, d0 + 5)>(%i) {
      %c0 = affine.load %C[%i, %j] : memref<20x20xf64>
      %c1 = arith.mulf %c0, %c0 : f64
      affine.store %c1, %C[%i, %j] : memref<20x20xf64>
      affine.for %k = affine_map<(d0) -> (d0)>(%j) to 19 step 3 {
        %a = affine.load %A[%i, %j, %k] : memref<20x20x20xf64>
        %b = affine.load %B[%i] : memref<20xf64>
        %c = affine.load %C[%i, %j] : memref<20x20xf64>
        %s = arith.addf %a, %b : f64
        %t = arith.addf %s, %c : f64
        affine.store %t, %A[%i, %j, %k] : memref<20x20x20xf64>
      }
      %aj = affine.load %A[%i, %j, %j] : memref<20x20x20xf64>
      %c2 = affine.load %C[%i, %j] : memref<20x20xf64>
      %c3 = arith.addf %aj, %c2 : f64
      affine.store %c3, %C[%i, %j] : memref<20x20xf64>
    }
    %cc = affine.load %C[%i, 5] : memref<20x20xf64>
    %b2 = affine.load %B[%i] : memref<20xf64>
    %b3 = arith.addf %cc, %b2 : f64
    affine.store %b3, %B[%i] : memref<20xf64>
  }
  return
}
"""


# A recurrence through the statement after the inner loop: s[i + 1] needs
# every A[i][j] of row i, and row i + 1 needs s[i + 1]. With more than one j
# tile no tile of j can hold s[i + 1] = ... (after all of row i, before any
# of row i + 1) once rows i and i + 1 share an i tile: illegal.
RECURRENCE = """func.func @f(%A: memref<10x12xf64>, %B: memref<10x12xf64>, %s: memref<11xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %x = affine.load %s[%i] : memref<11xf64>
      %b = affine.load %B[%i, %j] : memref<10x12xf64>
      %y = arith.mulf %x, %b : f64
      affine.store %y, %A[%i, %j] : memref<10x12xf64>
    }
    %l = affine.load %A[%i, 11] : memref<10x12xf64>
    affine.store %l, %s[%i + 1] : memref<11xf64>
  }
  return
}
"""


# s[i + 1] is written after row i but feeds all of row i + 1 and needs
# nothing of row i: with the last j tile (the natural end for a statement
# after the inner loop) row i + 1's first tiles would read it too early; the
# first j tile is legal.
FEEDS_NEXT_ROW = """func.func @f(%A: memref<10x12xf64>, %B: memref<10x12xf64>, %C: memref<10xf64>, %s: memref<11xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %x = affine.load %s[%i] : memref<11xf64>
      %b = affine.load %B[%i, %j] : memref<10x12xf64>
      %y = arith.mulf %x, %b : f64
      affine.store %y, %A[%i, %j] : memref<10x12xf64>
    }
    %c = affine.load %C[%i] : memref<10xf64>
    %x = affine.load %s[%i] : memref<11xf64>
    %n = arith.addf %c, %x : f64
    affine.store %n, %s[%i + 1] : memref<11xf64>
  }
  return
}
"""


def handle(text: str, func: str | None = None) -> Schedule:
    return Schedule(polymlir.parse(text, "t.mlir"), func)


def tiled(
    text: str, band: list[str], sizes: list[int], func: str = "kernel", tile_loops: bool = True
) -> tuple[Schedule, str]:
    """Tile ``band``; with ``tile_loops`` (sizes below the trip counts), a
    tile loop must run each band loop's tiles."""
    s = handle(text, func)
    v = s.tile(band, sizes)
    assert v.ok, v.reason
    out = polymlir.print_ir(s.module)
    if tile_loops:
        names = {s.spec_of(loop) for loop in s.all_loops()}
        assert {f"{b}_tile" for b in band} <= names, names
    return s, out


CASES = [
    ("2mm", ["i", "j", "k"]),
    ("2mm", ["i2", "j2", "k2"]),
    ("2mm", ["i", "j"]),  # perfect: the structural rewrite, as upstream
    ("gemm", ["i", "k", "j2"]),
    ("gemm", ["i", "j"]),
    ("syrk", ["i", "k", "j2"]),
    ("syrk", ["i", "j"]),
    ("trmm", ["i", "j", "k"]),
    ("trmm", ["j", "k"]),
]


@pytest.mark.parametrize("sizes", [[2, 3, 2], [4, 4, 4], [32, 32, 32]], ids=str)
@pytest.mark.parametrize("name,band", CASES, ids=lambda x: x if isinstance(x, str) else ",".join(x))
def test_imperfect_polybench_bands_compute_the_same(name, band, sizes):
    text = pb.render(name)
    # Tiles of 32 hold the whole (small) nest: isl emits no loop that runs once.
    s, out = tiled(text, band, sizes[: len(band)], tile_loops=sizes[0] < 32)
    assert compare_runs(text, out, "kernel", seeds=(0, 1)) <= TOL
    assert [st.op for st in s.trace] == ["tile"]


@pytest.mark.parametrize("band", [["i", "j", "k"], ["i2", "j2", "k2"], ["i3", "j3", "k3"], ["j3", "k3"]], ids=str)
def test_3mm_bands_compute_the_same(band):
    _, out = tiled(THREE_MM, band, [2, 3, 2][: len(band)])
    assert compare_runs(THREE_MM, out, "kernel", seeds=(0, 1)) <= TOL


def test_3mm_every_product_tiled_in_sequence():
    s = handle(THREE_MM, "kernel")
    for band in (["i", "j", "k"], ["i2", "j2", "k2"], ["i3", "j3", "k3"]):
        assert s.tile(band, [2, 2, 2]).ok
    out = polymlir.print_ir(s.module)
    assert compare_runs(THREE_MM, out, "kernel", seeds=(0, 1)) <= TOL
    again = replay(polymlir.parse(THREE_MM, "t.mlir"), Trace.from_json(s.trace.to_json()), "kernel")
    assert polymlir.print_ir(again.module) == out


@pytest.mark.parametrize(
    "band,sizes",
    [(["i", "j", "k"], [2, 3, 2]), (["i", "j", "k"], [4, 4, 4]), (["i", "j"], [3, 2]), (["j", "k"], [2, 2])],
)
def test_steps_min_max_and_triangular_bounds(band, sizes):
    _, out = tiled(DEEP, band, sizes, "f")
    assert compare_runs(DEEP, out, "f", seeds=(0, 1)) <= TOL


def test_statements_before_and_after_the_inner_loop():
    s, out = tiled(ROW_SUM, ["i", "j"], [3, 4], "f")
    assert compare_runs(ROW_SUM, out, "f", seeds=(0, 1)) <= TOL
    # S0 (S[i] = 0) is pinned to the first j tile, S2 (T[i] = ...) to the last one.
    h = handle(ROW_SUM, "f")
    vectors = TI.tiled_vectors(compound_statements(h.model), h.loops("i", "j"), [3, 4])
    pins = {u: [e for e in vectors[u] if isinstance(e, PinnedTile)] for u in ("S0", "S2")}
    assert [p.last for p in pins["S0"]] == [False] and [p.last for p in pins["S2"]] == [True]


def test_illegal_imperfect_tiling_is_refused_naming_the_dependence():
    s = handle(RECURRENCE, "f")
    before = polymlir.print_ir(s.module)
    v = s.tile(["i", "j"], [2, 4])
    assert not v.ok
    assert v.reason == (
        "cannot tile loops i, j: flow dependence from affine.store at t.mlir:10:5 "
        "to affine.load at t.mlir:4:12 has distance (1)"
    )
    assert "must run before" in v.detail
    assert polymlir.print_ir(s.module) == before and len(s.trace) == 0
    # The refusal is right: forced, the tiling computes something else.
    forced = handle(RECURRENCE, "f")
    TI.tile_imperfect(forced.model, forced.loops("i", "j"), [2, 4])
    assert compare_runs(RECURRENCE, polymlir.print_ir(forced.module), "f") > TOL
    # One i per tile keeps the recurrence's order: legal.
    s2, out = tiled(RECURRENCE, ["i", "j"], [1, 4], "f")
    assert compare_runs(RECURRENCE, out, "f") <= TOL


def test_a_pinned_statement_moves_to_the_other_end_when_that_is_legal():
    h = handle(FEEDS_NEXT_ROW, "f")
    units = compound_statements(h.model)
    band = h.loops("i", "j")
    natural = TI.tiled_vectors(units, band, [3, 4])
    assert not check(h.model, units, schedule_maps(units, natural, h.model.param_names), "tile", band).ok
    s = handle(FEEDS_NEXT_ROW, "f")
    v = s.tile(["i", "j"], [3, 4])
    assert v.ok and "S1 pinned to the other end" in v.reason
    assert compare_runs(FEEDS_NEXT_ROW, polymlir.print_ir(s.module), "f", seeds=(0, 1)) <= TOL


# j0 steps by 3 from max(3, i0 - 2): the regenerated strides need a
# select, which has no affine form (a random program of the campaign).
STRIDED = """func.func @f(%A: memref<16xf64>, %B: memref<16x16xf64>, %C: memref<16x16xf64>, %s: f64) {
  affine.for %i0 = 4 to 10 {
    affine.for %j0 = max affine_map<(d0) -> (3, d0 - 2)>(%i0) to 11 step 3 {
      %v1 = affine.load %B[%i0 floordiv 2, %i0 + 1] : memref<16x16xf64>
      %v2 = arith.addf %v1, %s : f64
      affine.store %v2, %C[%i0 + 1, %j0 + 1] : memref<16x16xf64>
      affine.for %k0 = max affine_map<(d0) -> (4, d0)>(%j0) to 8 step 2 {
        %v3 = affine.load %B[%k0 + 1, %j0 + 1] : memref<16x16xf64>
        %v4 = affine.load %A[%j0] : memref<16xf64>
        %v5 = arith.addf %v3, %v4 : f64
        affine.store %v5, %C[%k0 + 1, %i0 + 1] : memref<16x16xf64>
      }
    }
  }
  return
}
"""


def test_legal_tiling_without_affine_code_is_refused_unchanged():
    s = handle(STRIDED, "f")
    before = polymlir.print_ir(s.module)
    assert TI.tile_imperfect_verdict(s.model, s.loops("j0", "k0"), [8, 2]).ok
    v = s.tile(["j0", "k0"], [8, 2])
    assert not v.ok and v.reason.startswith("cannot tile loops j0, k0: isl AST expression 'select' has no affine form")
    assert polymlir.print_ir(s.module) == before and len(s.trace) == 0


def test_legal_primitives_offer_the_imperfect_band():
    opts = handle(pb.render("2mm"), "kernel").legal_primitives("i")
    assert any(o.primitive == "tile" and o.loops == ["i", "j", "k"] and o.verdict.ok for o in opts)


def _cli(*args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "polymlir", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_cli_tiles_the_imperfect_band_by_default():
    text = pb.render("2mm")
    r = _cli("tile", "--sizes", "4,4,4", "--trace", "-", stdin=text)
    assert r.returncode == 0, r.stderr
    assert '"loops": ["i", "j", "k"]' in r.stderr and '"loops": ["i2", "j2", "k2"]' in r.stderr
    assert compare_runs(text, r.stdout, "kernel", seeds=(0, 1)) <= TOL


def test_cli_refusal_is_located():
    r = _cli("tile", "--sizes", "2,4", "--loops", "i,j", "-", stdin=RECURRENCE)
    assert r.returncode == 1
    assert "error: cannot tile loops i, j: flow dependence from affine.store at" in r.stderr
    assert "Traceback" not in r.stderr


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("name", ["2mm", "gemm", "syrk", "trmm"])
def test_cli_output_is_accepted_by_mlir_opt(name):
    text = pb.render(name)
    loops = {"2mm": "i,j,k", "gemm": "i,k,j2", "syrk": "i,k,j2", "trmm": "i,j,k"}[name]
    r = _cli("tile", "--sizes", "4,4,4", "--loops", loops, "-", stdin=text)
    assert r.returncode == 0, r.stderr
    opt = subprocess.run([upstream("mlir-opt"), "--verify-each"], input=r.stdout, capture_output=True, text=True)
    assert opt.returncode == 0, opt.stderr
