"""The JIT's noalias copies: called when the arrays passed do not overlap,
never when they do (the generic code then keeps the program's meaning)."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

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


# -- the generic code compiles on first need (codegen.fallback) ---------------------------


def test_generic_code_compiles_on_the_first_overlapping_call_only():
    e = polymlir.compile(SHIFT, threads=1, cache=False)
    assert {"k", "__polymlir_invoke_k"} <= e.fallback_functions and e.fallback_compiles == 0
    assert "define void @k(" not in e.optimized_llvm_ir  # only the noalias copy was compiled
    a = np.random.default_rng(5).random(17)
    b = np.zeros(16)
    e.k(a, b)
    assert e.fallback_compiles == 0
    for seed in (6, 7):
        buf = np.random.default_rng(seed).random(18)
        want = _sequential(buf, slice(0, 17), slice(1, 17))
        e.k(buf[0:17], buf[1:17])
        np.testing.assert_array_equal(buf, want)
        assert e.fallback_compiles == 1
    assert "define void @k(" in e.optimized_llvm_ir
    e.k(a, b)  # the noalias copy still serves disjoint arrays
    np.testing.assert_array_equal(b, a[:-1] + a[1:])
    assert e.fallback_compiles == 1


def test_generic_code_at_opt_level_0_and_through_lookup():
    e = polymlir.compile(SHIFT, opt_level=0, threads=1, cache=False)
    buf = np.random.default_rng(8).random(18)
    want = _sequential(buf, slice(0, 17), slice(1, 17))
    e.k(buf[0:17], buf[1:17])
    np.testing.assert_array_equal(buf, want)
    assert e.fallback_compiles == 1
    f = polymlir.compile(SHIFT, threads=1, cache=False)
    assert f.lookup("k") and f.fallback_compiles == 1
    generic = f.function_llvm_ir("k", disjoint=False)
    assert "define void @k(" in generic and "noalias" not in generic


def test_concurrent_first_overlapping_calls_compile_the_generic_code_once():
    import threading

    e = polymlir.compile(PARALLEL_SHIFT.replace("%i + 1, %j", "%i, %j"), threads=2, cache=False)
    compiled = []
    real = e._optimized_fallback

    def slow():  # both threads reach the fallback before it is compiled
        compiled.append(threading.get_ident())
        return real()

    e._optimized_fallback = slow
    barrier = threading.Barrier(2)
    bufs = [np.random.default_rng(9 + t).random((65, 64)) for t in range(2)]
    wants = [b.copy() for b in bufs]
    for w in wants:
        w[:64] *= 2
    errors: list[BaseException] = []

    def run(t: int) -> None:
        try:
            barrier.wait()
            e.k(bufs[t], bufs[t][0:64])
        except BaseException as exc:  # noqa: BLE001  (reported by the main thread)
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(t,)) for t in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for b, w in zip(bufs, wants, strict=True):
        np.testing.assert_array_equal(b, w)
    assert e.fallback_compiles == 1 and len(compiled) == 1


COUNTED = """memref.global @count : memref<1xf64> = dense<0.0>
func.func @k(%A: memref<17xf64>, %B: memref<16xf64>) {
  %c = memref.get_global @count : memref<1xf64>
  %n = affine.load %c[0] : memref<1xf64>
  %one = arith.constant 1.0 : f64
  %m = arith.addf %n, %one : f64
  affine.store %m, %c[0] : memref<1xf64>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<17xf64>
    %b = affine.load %A[%i + 1] : memref<17xf64>
    %s = arith.addf %a, %b : f64
    affine.store %s, %B[%i] : memref<16xf64>
  }
  return
}
"""


def test_generic_code_shares_the_globals_of_the_module():
    e = polymlir.compile(COUNTED, threads=1)
    assert "k" in e.fallback_functions
    count = np.ctypeslib.as_array((ctypes.c_double * 1).from_address(e.lookup("count")))
    a = np.random.default_rng(11).random(17)
    e.k(a, np.zeros(16))
    buf = np.random.default_rng(12).random(18)
    want = _sequential(buf, slice(0, 17), slice(1, 17))
    e.k(buf[0:17], buf[1:17])
    np.testing.assert_array_equal(buf, want)
    e.k(a, np.zeros(16))
    assert count[0] == 3.0 and e.fallback_compiles == 1


def test_generic_code_using_a_private_global_compiles_eagerly():
    e = polymlir.compile(COUNTED.replace("memref.global @count", 'memref.global "private" @count'), threads=1)
    assert not e.fallback_functions  # the fallback module could not reference it
    buf = np.random.default_rng(15).random(18)
    want = _sequential(buf, slice(0, 17), slice(1, 17))
    e.k(buf[0:17], buf[1:17])
    np.testing.assert_array_equal(buf, want)
    assert e.fallback_compiles == 0


CALLER = (
    SHIFT
    + """func.func @twice(%A: memref<17xf64>, %B: memref<16xf64>) {
  func.call @k(%A, %B) : (memref<17xf64>, memref<16xf64>) -> ()
  func.call @k(%A, %B) : (memref<17xf64>, memref<16xf64>) -> ()
  return
}
"""
)


def test_a_function_other_code_calls_stays_eager():
    e = polymlir.compile(CALLER, threads=1, cache=False)
    # twice's noalias copy calls k: k compiles now; twice's generic code later, calling it
    assert "twice" in e.fallback_functions and "k" not in e.fallback_functions
    buf = np.random.default_rng(13).random(18)
    want = _sequential(_sequential(buf, slice(0, 17), slice(1, 17)), slice(0, 17), slice(1, 17))
    e.twice(buf[0:17], buf[1:17])
    np.testing.assert_array_equal(buf, want)
    assert e.fallback_compiles == 1


def test_read_only_arrays_are_checked_against_the_code_that_runs():
    e = polymlir.compile(SHIFT, threads=1, cache=False)
    buf = np.random.default_rng(14).random(18)
    a, b = buf[0:17], buf[1:17]
    a.flags.writeable = False  # only read: allowed, overlapping or not
    want = _sequential(buf, slice(0, 17), slice(1, 17))
    e.k(a, b)
    np.testing.assert_array_equal(buf, want)
    out = np.zeros(16)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        e.k(np.zeros(17), out)  # disjoint: the noalias copy writes B
    ro = buf[1:17]
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        e.k(buf[0:17], ro)  # overlapping: so does the generic code
    np.testing.assert_array_equal(buf, want)
