"""Promotion (affine-data-copy-generate semantics): isl footprints as local
buffers of static size where the bounds allow, copy-in/copy-out nests,
refusals for memrefs reached another way, and promoted programs that compute
what the originals compute (JIT on random inputs)."""

from __future__ import annotations

import numpy as np
import pytest

import polymlir
from polymlir.affine.model import analyze
from polymlir.affine.schedules import loop_name
from polymlir.testing.differential import compare_runs
from polymlir.transforms.loops import promote as P
from polymlir.transforms.loops.loop_utils import TransformError
from polymlir.transforms.passes.manager import PassManager

# A matmul tiled by hand (16 does not divide 40, 36 or 44: partial tiles).
TILED_MM = """func.func @kernel(%A: memref<40x36xf64>, %B: memref<36x44xf64>, %C: memref<40x44xf64>) {
  affine.for %it = 0 to 40 step 16 {
    affine.for %jt = 0 to 44 step 16 {
      affine.for %kt = 0 to 36 step 16 {
        affine.for %i = affine_map<(d0) -> (d0)>(%it) to min affine_map<(d0) -> (d0 + 16, 40)>(%it) {
          affine.for %j = affine_map<(d0) -> (d0)>(%jt) to min affine_map<(d0) -> (d0 + 16, 44)>(%jt) {
            affine.for %k = affine_map<(d0) -> (d0)>(%kt) to min affine_map<(d0) -> (d0 + 16, 36)>(%kt) {
              %a = affine.load %A[%i, %k] : memref<40x36xf64>
              %b = affine.load %B[%k, %j] : memref<36x44xf64>
              %c = affine.load %C[%i, %j] : memref<40x44xf64>
              %p = arith.mulf %a, %b : f64
              %s = arith.addf %c, %p : f64
              affine.store %s, %C[%i, %j] : memref<40x44xf64>
            }
          }
        }
      }
    }
  }
  return
}
"""

# Parametric sizes: the footprint of a row tile is symbolic in %n.
PARAM = """func.func @kernel(%A: memref<?x?xf64>, %B: memref<?xf64>, %n: index) {
  affine.for %it = 0 to %n step 8 {
    affine.for %i = affine_map<(d0) -> (d0)>(%it) to min affine_map<(d0)[s0] -> (d0 + 8, s0)>(%it)[%n] {
      affine.for %j = 0 to %n {
        %a = affine.load %A[%i, %j] : memref<?x?xf64>
        %b = affine.load %B[%j] : memref<?xf64>
        %s = arith.addf %a, %b : f64
        affine.store %s, %A[%i, %j] : memref<?x?xf64>
      }
    }
  }
  affine.for %i = 1 to %n {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) step 2 {
      %b = affine.load %B[%j] : memref<?xf64>
      affine.store %b, %A[%i, %j + 1] : memref<?x?xf64>
    }
  }
  return
}
"""

# Writes that cover their box (no copy-in needed) and strided writes that
# do not (the gaps must be copied in, or copy-out would clobber them).
WRITES = """func.func @kernel(%A: memref<24xf64>, %B: memref<24xf64>, %C: memref<24xf64>) {
  affine.for %t = 0 to 24 step 8 {
    affine.for %i = affine_map<(d0) -> (d0)>(%t) to affine_map<(d0) -> (d0 + 8)>(%t) {
      %a = affine.load %A[%i] : memref<24xf64>
      affine.store %a, %B[%i] : memref<24xf64>
    }
    affine.for %i = affine_map<(d0) -> (d0)>(%t) to affine_map<(d0) -> (d0 + 8)>(%t) step 2 {
      %a = affine.load %A[%i] : memref<24xf64>
      affine.store %a, %C[%i] : memref<24xf64>
    }
  }
  return
}
"""

ALIASED = """func.func @kernel(%A: memref<16x16xf64>, %B: memref<16x16xf64>) {
  %v = memref.cast %A : memref<16x16xf64> to memref<?x?xf64>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %w = affine.load %v[%j, %i] : memref<?x?xf64>
      %s = arith.addf %a, %w : f64
      affine.store %s, %B[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""


def _func(module):
    return next(op for op in module.walk(post_order=False) if op.name == "func.func")


def _loop(model, name: str, k: int = 0):
    return [lp for lp in model.loops if loop_name(lp) == name][k]


def _promoted(text: str, loop: str, k: int = 0, **kw):
    module = polymlir.parse(text, "t.mlir")
    model = analyze(_func(module))
    lp = _loop(model, loop, k)
    v = P.promote_verdict(model, lp, **kw)
    if v.ok:
        P.promote(model, lp, **kw)
    return polymlir.print_ir(module), v


def test_promotion_after_tiling_a_matmul():
    out, v = _promoted(TILED_MM, "i")
    assert v.ok, v.reason
    assert out.count("memref.alloc() : memref<16x16xf64>") == 3
    assert out.count("memref.dealloc") == 3
    # Copy-in for A, B and C, copy-out for C only: 4 copy nests + the tile.
    assert out.count("affine.for") == 6 + 4 * 2
    assert "%arg6 - %arg3" in out  # accesses rebased on the tile origin
    assert compare_runs(TILED_MM, out, "kernel", seeds=(0, 1)) <= 1e-9


def test_invariant_copies_are_hoisted():
    """C's tile does not depend on kt: its copies go around the kt loop, as upstream places them."""
    out, _ = _promoted(TILED_MM, "i")
    kt = out.index("affine.for %arg5 = 0 to 36 step 16")
    first_copy = out.index("affine.load %arg2")
    assert first_copy < kt


def test_selected_memrefs_and_memory_space():
    out, v = _promoted(TILED_MM, "i", memrefs=["B"], memory_space=3)
    assert v.ok, v.reason
    assert out.count("memref.alloc") == 1
    assert "memref<16x16xf64, 3>" in out


def test_parametric_footprints():
    for loop, k in (("i", 0), ("i", 1), ("j", 1)):
        out, v = _promoted(PARAM, loop, k)
        assert v.ok, v.reason
        assert "memref.alloc(" in out  # a size computed from %n
        for n in (1, 5, 13):
            rng = np.random.default_rng(n)
            a0, b0 = rng.random((n, n)), rng.random(n)
            got = []
            for t in (PARAM, out):
                a, b = a0.copy(), b0.copy()
                polymlir.compile(t).kernel(a, b, n)
                got.append(a)
            assert np.array_equal(got[0], got[1]), (loop, k, n)


def test_write_coverage_decides_copy_in():
    out, v = _promoted(WRITES, "t")
    assert v.ok, v.reason
    # B's writes cover its box (no copy-in), C's strided writes do not.
    loads_b = [line for line in out.splitlines() if "affine.load %arg1[" in line]
    loads_c = [line for line in out.splitlines() if "affine.load %arg2[" in line]
    assert not loads_b and len(loads_c) == 1
    assert compare_runs(WRITES, out, "kernel", seeds=(0, 1)) <= 1e-9


def test_memref_reached_through_another_value_is_refused():
    _, v = _promoted(ALIASED, "i", memrefs=["A"])
    assert not v.ok and "through another value" in v.reason
    out, v = _promoted(ALIASED, "i")
    assert v.ok and "not promoted" in v.reason and "memref A" in v.reason
    assert out.count("memref.alloc") == 1  # B only
    assert compare_runs(ALIASED, out, "kernel") <= 1e-9


def test_non_affine_access_is_refused():
    text = ALIASED.replace(
        "%w = affine.load %v[%j, %i] : memref<?x?xf64>", "%w = memref.load %A[%j, %i] : memref<16x16xf64>"
    )
    _, v = _promoted(text, "i", memrefs=["A"])
    assert not v.ok and "memref.load at t.mlir:" in v.reason and "not as an affine load or store" in v.reason
    # memref.load only reads A (a read of all of A in the model): B, which it does not touch, is promoted.
    out, v = _promoted(text, "i")
    assert v.ok and "not promoted: memref A: memref.load" in v.reason
    assert compare_runs(text, out, "kernel") <= 1e-9


def test_bad_parameters():
    module = polymlir.parse(TILED_MM, "t.mlir")
    model = analyze(_func(module))
    with pytest.raises(TransformError, match="does not access memref 'D'"):
        P.promote_verdict(model, _loop(model, "i"), memrefs=["D"])
    with pytest.raises(TransformError, match="memory space"):
        P.promote_verdict(model, _loop(model, "i"), memory_space=-1)


TILED_EXACT = (
    TILED_MM.replace("40", "48")
    .replace("36", "48")
    .replace("44", "48")
    .replace("to min affine_map<(d0) -> (d0 + 16, 48)>", "to affine_map<(d0) -> (d0 + 16)>")
)


def test_copy_generate_pass_dma():
    """generate-dma moves each buffer by DMA (upstream's form): one transfer
    in for A, B and C, one out for C, each with its own tag; what is left
    lowers (lower-affine) to memref.dma_start/dma_wait."""
    module = polymlir.parse(TILED_EXACT, "t.mlir")
    PassManager.parse("affine-data-copy-generate{generate-dma fast-mem-space=0 skip-non-unit-stride-loops}").run(module)
    out = polymlir.print_ir(module)
    assert out.count("memref.alloc() : memref<16x16xf64>") == 3
    assert out.count("affine.dma_start") == 4 and out.count("affine.dma_wait") == 4
    assert out.count("memref.alloc() : memref<1xi32>") == 4
    PassManager.parse("lower-affine").run(module)
    lowered = polymlir.print_ir(module)
    assert lowered.count("memref.dma_start") == 4 and "affine." not in lowered


def test_copy_generate_pass_dma_refuses_partial_tiles():
    """A 16x16 transfer at the last tile of a 40-row matrix would read past
    its end: no DMA, a remark naming the memref."""
    module = polymlir.parse(TILED_MM, "t.mlir")
    ctx = PassManager.parse("affine-data-copy-generate{generate-dma fast-mem-space=0 skip-non-unit-stride-loops}").run(
        module
    )
    assert "affine.dma_start" not in polymlir.print_ir(module)
    assert any("is not the same for every tile" in d.message for d in ctx.diagnostics)


def test_copy_generate_pass_on_tiles():
    module = polymlir.parse(TILED_MM, "t.mlir")
    PassManager.parse("affine-data-copy-generate{generate-dma=false fast-mem-space=0 skip-non-unit-stride-loops}").run(
        module
    )
    out = polymlir.print_ir(module)
    assert out.count("memref.alloc() : memref<16x16xf64>") == 3
    assert compare_runs(TILED_MM, out, "kernel") <= 1e-9


def test_copy_generate_pass_capacity():
    """A whole-array footprint over capacity hands down to inner loops."""
    module = polymlir.parse(TILED_MM, "t.mlir")
    PassManager.parse("affine-data-copy-generate{generate-dma=false fast-mem-space=0 fast-mem-capacity=8}").run(module)
    out = polymlir.print_ir(module)
    assert "memref.alloc() : memref<40x36xf64>" not in out
    assert "memref.alloc" in out
    assert compare_runs(TILED_MM, out, "kernel") <= 1e-9


PARALLEL = """func.func @kernel(%A: memref<16x16xf64>, %B: memref<16x16xf64>) {
  affine.parallel (%i) = (0) to (16) step (4) {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 4)>(%i) {
      affine.for %j = 0 to 16 {
        %a = affine.load %A[%ii, %j] : memref<16x16xf64>
        %b = arith.mulf %a, %a : f64
        affine.store %b, %B[%ii, %j] : memref<16x16xf64>
      }
    }
  }
  return
}
"""


def test_buffers_inside_a_parallel_loop_are_private_to_its_iterations():
    out, v = _promoted(PARALLEL, "ii")
    assert v.ok, v.reason
    par = out.index("affine.parallel")
    assert all(out.index(m) > par for m in ("memref.alloc() : memref<4x16xf64>", "memref.dealloc"))
    assert compare_runs(PARALLEL, out, "kernel") <= 1e-9


TRIANGLE = """func.func @kernel(%A: memref<16xf64>, %B: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%j] : memref<16xf64>
      affine.store %a, %B[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""


def test_copy_needs_no_guard_where_its_bounds_are_empty():
    """At i = 0 no element is touched, and the copy loops over the box
    (0 to i) run no iteration: no affine.if, as upstream; the result is the
    original's."""
    module = polymlir.parse(TRIANGLE, "t.mlir")
    PassManager.parse("affine-data-copy-generate{fast-mem-space=0 fast-mem-capacity=1}").run(module)
    out = polymlir.print_ir(module)
    assert "memref.alloc" in out and "affine.if" not in out
    assert compare_runs(TRIANGLE, out, "kernel", seeds=(0, 1)) <= 1e-9
