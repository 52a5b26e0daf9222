"""Copy generation in upstream's shapes computes what the original does:
accesses composed with the affine.apply ops of their indices, copies for
straight-line runs (values used after a run included), one-element buffers
in an innermost body, and the test pass test-affine-data-copy (JIT on
random inputs)."""

from __future__ import annotations

import polymlir
from polymlir.testing.differential import compare_runs
from polymlir.transforms.passes.manager import PassManager


def _run(text: str, pipeline: str) -> str:
    module = polymlir.parse(text, "t.mlir")
    PassManager.parse(pipeline).run(module)
    return polymlir.print_ir(module)


SHIFTED = """func.func @kernel(%A: memref<64xf64>, %B: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    %r = affine.apply affine_map<(d0) -> (d0 + 40)>(%i)
    %w = affine.apply affine_map<(d0) -> (d0 + 2)>(%i)
    %v = affine.load %A[%r] : memref<64xf64>
    affine.store %v, %A[%w] : memref<64xf64>
    affine.for %j = 0 to 16 {
      %k = affine.apply affine_map<(d0, d1) -> (d1 * 2 + d0)>(%i, %j)
      %b = affine.load %B[%j, %i] : memref<16x16xf64>
      %a = affine.load %A[%k] : memref<64xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %B[%j, %i] : memref<16x16xf64>
    }
  }
  return
}
"""


def test_composed_accesses_compute_the_same():
    out = _run(SHIFTED, "affine-data-copy-generate{fast-mem-space=0}")
    # The buffer of %A starts at 0: the load composes %r to %i + 40.
    assert "affine.load %alloc[%arg2 + 40] : memref<56xf64>" in out
    assert compare_runs(SHIFTED, out, "kernel", seeds=(0, 1)) <= 1e-12


RUNS = """func.func @kernel(%A: memref<32xf64>, %B: memref<32xf64>) {
  %v = affine.load %A[0] : memref<32xf64>
  affine.for %i = 1 to 31 {
    %a = affine.load %A[%i] : memref<32xf64>
    %s = arith.addf %a, %v : f64
    affine.store %s, %B[%i] : memref<32xf64>
  }
  %w = affine.load %A[31] : memref<32xf64>
  %x = arith.mulf %w, %v : f64
  affine.store %x, %A[2] : memref<32xf64>
  affine.store %w, %B[0] : memref<32xf64>
  return
}
"""


def test_straight_line_runs_compute_the_same():
    """The load before the loop (its value used in the loop) and the ops
    after it get buffers of their own."""
    out = _run(RUNS, "affine-data-copy-generate{fast-mem-space=0}")
    assert out.count("memref.alloc") >= 4
    assert compare_runs(RUNS, out, "kernel", seeds=(0, 1)) <= 1e-12


INNER = """func.func @kernel(%A: memref<8x300xf64>, %B: memref<8xf64>) {
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 300 {
      %a = affine.load %A[%i, %k] : memref<8x300xf64>
      %b = affine.load %B[%i] : memref<8xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %B[%i] : memref<8xf64>
    }
  }
  return
}
"""


def test_one_element_buffers_in_the_innermost_body_compute_the_same():
    out = _run(INNER, "affine-data-copy-generate{fast-mem-space=0 fast-mem-capacity=1}")
    assert "memref.alloc() : memref<1x1xf64>" in out and "memref.alloc() : memref<1xf64>" in out
    assert compare_runs(INNER, out, "kernel", seeds=(0, 1)) <= 1e-12


READ_WRITTEN = """func.func @kernel(%A: memref<4x32xf64>) {
  affine.for %j = 0 to 32 {
    affine.for %t = 0 to 2 {
      %v = affine.load %A[0, %j] : memref<4x32xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %A[1, %j] : memref<4x32xf64>
    }
  }
  return
}
"""


def test_test_pass_computes_the_same():
    """for-memref-region and memref-filter on a memref read and written:
    the region covers both rows and the written row is copied back."""
    for opt in ("for-memref-region", "memref-filter", "capacity-kib=1"):
        out = _run(READ_WRITTEN, f"func.func(test-affine-data-copy{{{opt}}})")
        assert "memref.alloc" in out, opt
        assert compare_runs(READ_WRITTEN, out, "kernel", seeds=(0, 1)) <= 1e-12, opt
