"""The JIT's noalias copies: called when the arrays passed do not overlap,
never when they do (the generic code then keeps the program's meaning)."""

from __future__ import annotations

import numpy as np

import polymlir
from polymlir.codegen import noalias

SHIFT = """func.func @k(%A: memref<17xf64>, %B: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<17xf64>
    %b = affine.load %A[%i + 1] : memref<17xf64>
    %s = arith.addf %a, %b : f64
    affine.store %s, %B[%i] : memref<16xf64>
  }
  return
}
"""


def _calls(engine) -> list[str]:
    seen: list[str] = []
    real = engine._trampoline

    def spy(name):
        seen.append(name)
        return real(name)

    engine._trampoline = spy
    return seen


def _sequential(buf: np.ndarray, a: slice, b: slice) -> np.ndarray:
    out = buf.copy()
    A, B = out[a], out[b]
    for i in range(16):
        B[i] = A[i] + A[i + 1]
    return out


def test_disjoint_arrays_run_the_noalias_copy():
    e = polymlir.compile(SHIFT, threads=1, cache=False)
    seen = _calls(e)
    a = np.random.default_rng(1).random(17)
    b = np.zeros(16)
    e.k(a, b)
    assert seen == ["k" + noalias.SUFFIX]
    np.testing.assert_array_equal(b, a[:-1] + a[1:])


def test_overlapping_arrays_run_the_generic_code():
    e = polymlir.compile(SHIFT, threads=1, cache=False)
    seen = _calls(e)
    buf = np.random.default_rng(2).random(18)
    want = _sequential(buf, slice(0, 17), slice(1, 17))
    e.k(buf[0:17], buf[1:17])  # B[i] is A[i + 1]: each store feeds the next load
    assert seen == ["k"]
    np.testing.assert_array_equal(buf, want)


def test_extents_of_strided_views():
    base = np.zeros((6, 8))
    views = [base[:, ::-2], base[::2, :], base[1::2, :], base[:, 0:0]]
    from polymlir.codegen import memref_abi as M

    ext = []
    for v in views:
        d = M.descriptor_from_array(v, v.ndim, np.float64)
        lo, hi = noalias.extent(d, 8)
        if v.size:
            start = v.__array_interface__["data"][0]
            addrs = [start + int(np.dot(idx, v.strides)) for idx in np.ndindex(v.shape)]
            assert lo == min(addrs) and hi == max(addrs) + 8
        ext.append((lo, hi))
    assert not noalias.disjoint(ext[:2])  # the reversed columns span every row
    assert ext[3][0] == ext[3][1]  # empty
    assert noalias.disjoint([(0, 8), (8, 16), (5, 5)]) and not noalias.disjoint([(0, 9), (8, 16)])


PARALLEL_SHIFT = """func.func @k(%A: memref<65x64xf64>, %B: memref<64x64xf64>) {
  affine.parallel (%i) = (0) to (64) {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<65x64xf64>
      %b = affine.load %A[%i + 1, %j] : memref<65x64xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %B[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
"""


def test_parallel_bodies_get_noalias_copies_called_only_from_the_noalias_copy():
    e = polymlir.compile(PARALLEL_SHIFT, threads=2, cache=False)
    ir = e.llvm_ir + e.optimized_llvm_ir
    work = "__polymlir_parallel_work_k_0"
    assert f"@{work}{noalias.SUFFIX}(" in ir
    generic = e.function_llvm_ir("k", disjoint=False)
    assert noalias.SUFFIX not in generic  # the generic code never reaches a noalias copy
    a = np.random.default_rng(3).random((65, 64))
    b = np.zeros((64, 64))
    e.k(a, b)
    np.testing.assert_array_equal(b, a[:-1] + a[1:])


def test_parallel_body_with_overlapping_arrays_runs_the_generic_code():
    # In place (B is A's first 64 rows) each iteration reads and writes only
    # its own row of B, so the parallel loop is still race-free, but the
    # arrays overlap: the generic code runs.
    text = PARALLEL_SHIFT.replace("%b = affine.load %A[%i + 1, %j]", "%b = affine.load %A[%i, %j]")
    e = polymlir.compile(text, threads=2, cache=False)
    seen = _calls(e)
    buf = np.random.default_rng(4).random((65, 64))
    want = buf.copy()
    want[:64] *= 2
    e.k(buf, buf[0:64])
    assert seen == ["k"]
    np.testing.assert_array_equal(buf, want)
