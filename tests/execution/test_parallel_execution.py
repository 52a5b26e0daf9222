"""Parallel loops on threads: every program computes at ``threads=2`` (and
3, more threads than some loops have iterations) what it computes at
``threads=1``, which is the sequential lowering exactly, on random inputs;
reductions agree within rounding and are bit-identical from run to run at
a given thread count. The programs: 1-D and 2-D ``affine.parallel``,
parallel loops inside a sequential time loop, bounds that depend on outer
loops and on ``min``/``max``, trip counts of 0, 1 and fewer than the
threads, captured scalars and strided memrefs (subviews, strided
arguments), ``reduce`` and ``scf.reduce``, nested parallel loops, and
PolyBench kernels after ``optimize``."""

from __future__ import annotations

import numpy as np
import pytest

import polymlir
from polymlir.codegen.parallel_runtime import PARALLEL_FOR
from polymlir.testing import polybench as pb

THREADS = (2, 3)


def _run(text: str, func: str, args: list, threads: int) -> list:
    """The arguments after the call (copies; memrefs are written in place)
    followed by the results."""
    engine = polymlir.compile(text, threads=threads)
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    res = engine.invoke(func, *copies)
    results = [] if res is None else (list(res) if isinstance(res, tuple) else [res])
    return copies + results


def _outlined(text: str, threads: int = 2) -> bool:
    return PARALLEL_FOR in polymlir.compile(text, threads=threads).llvm_ir


def _same(text: str, func: str, args: list, exact: bool = True, rtol: float = 1e-12) -> None:
    """``func`` at 1 thread and at each of THREADS agree (exactly, or
    within ``rtol`` for floating-point reductions, which add in another order)."""
    want = _run(text, func, args, 1)
    for t in THREADS:
        got = _run(text, func, args, t)
        for w, g in zip(want, got, strict=True):
            if exact:
                np.testing.assert_array_equal(np.asarray(g), np.asarray(w), err_msg=f"threads={t}")
            else:
                np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=rtol, err_msg=f"threads={t}")


RNG = np.random.default_rng(7)


def _rand(*shape: int, dtype=np.float64) -> np.ndarray:
    return (RNG.random(shape) + 0.5).astype(dtype)


ONE_D = """
func.func @k(%A: memref<101xf32>, %B: memref<101xf32>, %s: f32) {
  affine.parallel (%i) = (0) to (101) {
    %a = affine.load %A[%i] : memref<101xf32>
    %b = arith.mulf %a, %s : f32
    affine.store %b, %B[%i] : memref<101xf32>
  }
  return
}
"""


def test_one_dimensional():
    A = _rand(101, dtype=np.float32)
    assert _outlined(ONE_D) and not _outlined(ONE_D, threads=1)
    _same(ONE_D, "k", [A, np.zeros(101, np.float32), 1.5])
    B = np.zeros(101, np.float32)
    polymlir.compile(ONE_D, threads=2).k(A, B, np.float32(1.5))
    np.testing.assert_array_equal(B, A * np.float32(1.5))


TWO_D = """
func.func @k(%A: memref<37x23xf64>, %B: memref<37x23xf64>) {
  affine.parallel (%i, %j) = (1, 0) to (36, 23) step (2, 3) {
    %a = affine.load %A[%i - 1, %j] : memref<37x23xf64>
    %b = affine.load %A[%i + 1, %j] : memref<37x23xf64>
    %c = arith.addf %a, %b : f64
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %d = arith.mulf %c, %f : f64
    affine.store %d, %B[%i, %j] : memref<37x23xf64>
  }
  return
}
"""


def test_two_dimensional_with_steps():
    _same(TWO_D, "k", [_rand(37, 23), np.zeros((37, 23))])


TIME_LOOP = """
func.func @k(%A: memref<34x30xf64>, %B: memref<34x30xf64>) {
  %third = arith.constant 0.33333 : f64
  affine.for %t = 0 to 20 {
    affine.parallel (%i) = (1) to (33) {
      affine.for %j = 0 to 30 {
        %a = affine.load %A[%i - 1, %j] : memref<34x30xf64>
        %b = affine.load %A[%i, %j] : memref<34x30xf64>
        %c = affine.load %A[%i + 1, %j] : memref<34x30xf64>
        %s = arith.addf %a, %b : f64
        %s2 = arith.addf %s, %c : f64
        %r = arith.mulf %s2, %third : f64
        affine.store %r, %B[%i, %j] : memref<34x30xf64>
      }
    }
    affine.parallel (%i, %j) = (1, 0) to (33, 30) {
      %b = affine.load %B[%i, %j] : memref<34x30xf64>
      affine.store %b, %A[%i, %j] : memref<34x30xf64>
    }
  }
  return
}
"""


def test_parallel_loops_inside_a_time_loop():
    """The first loop (a loop in its body) runs on threads 20 times; the
    second (a leaf of 960 iterations) stays sequential: too little work for
    a region."""
    engine = polymlir.compile(TIME_LOOP, threads=2)
    assert engine.llvm_ir.count(f"call void @{PARALLEL_FOR}") == 1
    _same(TIME_LOOP, "k", [_rand(34, 30), _rand(34, 30)])


OUTER_BOUNDS = """
func.func @k(%A: memref<40x60x3xf64>, %n: index) {
  affine.for %i = 0 to 40 {
    affine.parallel (%j) = (max(%i, 3)) to (min(%i * 2 + 5, symbol(%n))) {
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %j, %k] : memref<40x60x3xf64>
        %c = arith.constant 2.0 : f64
        %b = arith.addf %a, %c : f64
        affine.store %b, %A[%i, %j, %k] : memref<40x60x3xf64>
      }
    }
    affine.parallel (%j) = (%i) to (40) step (3) {
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%j, %i, %k] : memref<40x60x3xf64>
        %b = arith.mulf %a, %a : f64
        affine.store %b, %A[%j, %i, %k] : memref<40x60x3xf64>
      }
    }
  }
  return
}
"""


@pytest.mark.parametrize("n", [0, 4, 60])
def test_bounds_from_outer_loops_min_and_max(n):
    assert polymlir.compile(OUTER_BOUNDS, threads=2).llvm_ir.count(f"call void @{PARALLEL_FOR}") == 2
    _same(OUTER_BOUNDS, "k", [_rand(40, 60, 3), n])


TRIPS = """
func.func @k(%A: memref<16xi64>, %lo: index, %hi: index) {
  affine.parallel (%i) = (%lo) to (%hi) {
    %ii = arith.index_cast %i : index to i64
    %a = affine.load %A[%i] : memref<16xi64>
    %b = arith.addi %a, %ii : i64
    affine.store %b, %A[%i] : memref<16xi64>
  }
  return
}
"""


@pytest.mark.parametrize("lo,hi", [(5, 5), (7, 3), (4, 5), (4, 6), (0, 16), (1, 3)])
def test_trip_counts_zero_one_and_below_the_threads(lo, hi):
    A = np.arange(16, dtype=np.int64)
    _same(TRIPS, "k", [A, lo, hi])
    got = _run(TRIPS, "k", [A, lo, hi], 3)[0]
    want = A.copy()
    want[lo:hi] += np.arange(lo, hi, dtype=np.int64) if hi > lo else 0
    np.testing.assert_array_equal(got, want)


STRIDED = """
func.func @k(%A: memref<10x12xf64, strided<[?, ?], offset: ?>>, %M: memref<20x20xf64>, %s: f64, %k: index) {
  %sub = memref.subview %M[2, 3] [8, 9] [2, 1] : memref<20x20xf64> to memref<8x9xf64, strided<[40, 1], offset: 43>>
  affine.parallel (%i, %j) = (0, 0) to (8, 9) {
    %a = affine.load %A[%i + 1, %j + 2] : memref<10x12xf64, strided<[?, ?], offset: ?>>
    %b = arith.mulf %a, %s : f64
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %c = arith.addf %b, %kf : f64
    affine.store %c, %sub[%i, %j] : memref<8x9xf64, strided<[40, 1], offset: 43>>
  }
  return
}
"""


def test_captured_scalars_and_strided_memrefs():
    big = _rand(30, 40)
    A = big[3:23:2, 5:41:3]  # a strided view: offset and both strides not 1
    assert A.shape == (10, 12)
    M = _rand(20, 20)
    want = _run(STRIDED, "k", [A, M, 1.25, 3], 1)
    for t in THREADS:
        eng = polymlir.compile(STRIDED, threads=t)
        M2 = M.copy()
        eng.k(A, M2, 1.25, 3)
        np.testing.assert_array_equal(M2, want[1])
    expect = M.copy()
    expect[2:18:2, 3:12] = A[1:9, 2:11] * 1.25 + 3
    np.testing.assert_array_equal(want[1], expect)


REDUCE = """
func.func @k(%A: memref<1000xf64>, %I: memref<1000xi32>) -> (f64, f64, f64, i32, i32) {
  %s, %m, %x, %si, %mi = affine.parallel (%i) = (0) to (1000)
      reduce ("addf", "mulf", "maximumf", "addi", "ori") -> (f64, f64, f64, i32, i32) {
    %a = affine.load %A[%i] : memref<1000xf64>
    %b = affine.load %I[%i] : memref<1000xi32>
    %c = arith.constant 0.001 : f64
    %p = arith.addf %a, %c : f64
    affine.yield %a, %p, %a, %b, %b : f64, f64, f64, i32, i32
  }
  return %s, %m, %x, %si, %mi : f64, f64, f64, i32, i32
}
"""


def test_affine_parallel_reductions():
    A = RNG.random(1000) * 0.002 + 0.999
    idx = RNG.integers(-1000, 1000, 1000).astype(np.int32)
    assert _outlined(REDUCE)
    _same(REDUCE, "k", [A, idx], exact=False)
    got = _run(REDUCE, "k", [A, idx], 2)[2:]
    np.testing.assert_allclose(got[:3], [A.sum(), np.prod(A + 0.001), A.max()], rtol=1e-12)
    assert got[3:] == [int(idx.sum()), int(np.bitwise_or.reduce(idx))]
    for t in THREADS:
        runs = [_run(REDUCE, "k", [A, idx], t)[2:] for _ in range(3)]
        assert all(np.array(r).tobytes() == np.array(runs[0]).tobytes() for r in runs), runs


SCF_REDUCE = """
func.func @k(%A: memref<30x40xf32>, %init: f32) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c30 = arith.constant 30 : index
  %c40 = arith.constant 40 : index
  %r, %n = scf.parallel (%i, %j) = (%c0, %c1) to (%c30, %c40) step (%c1, %c2) init (%init, %c2) -> (f32, index) {
    %a = memref.load %A[%i, %j] : memref<30x40xf32>
    scf.reduce(%a, %c1 : f32, index) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%x: index, %y: index):
      %s = arith.addi %y, %x : index
      scf.reduce.return %s : index
    }
  }
  return %r, %n : f32, index
}
"""


def test_scf_parallel_with_scf_reduce():
    A = _rand(30, 40, dtype=np.float32)
    _same(SCF_REDUCE, "k", [A, 10.0], exact=False, rtol=1e-5)
    s, n = _run(SCF_REDUCE, "k", [A, 10.0], 2)[2:]
    assert n == 2 + 30 * 20  # the init counted once
    np.testing.assert_allclose(s, 10.0 + A[:, 1::2].astype(np.float64).sum(), rtol=1e-5)
    runs = {np.float32(_run(SCF_REDUCE, "k", [A, 10.0], 2)[2]).tobytes() for _ in range(3)}
    assert len(runs) == 1


NESTED = """
func.func private @row(%A: memref<24x24xf64>, %i: index) {
  affine.parallel (%j) = (0) to (24) {
    %a = affine.load %A[%i, %j] : memref<24x24xf64>
    %b = arith.addf %a, %a : f64
    affine.store %b, %A[%i, %j] : memref<24x24xf64>
  }
  return
}
func.func @k(%A: memref<24x24xf64>, %B: memref<24x24xf64>) {
  affine.parallel (%i) = (0) to (24) {
    affine.parallel (%j) = (0) to (24) {
      %a = affine.load %A[%i, %j] : memref<24x24xf64>
      %t = affine.parallel (%k) = (0) to (24) reduce ("addf") -> f64 {
        %b = affine.load %A[%k, %j] : memref<24x24xf64>
        affine.yield %b : f64
      }
      %c = arith.addf %a, %t : f64
      affine.store %c, %B[%i, %j] : memref<24x24xf64>
    }
    func.call @row(%B, %i) : (memref<24x24xf64>, index) -> ()
  }
  return
}
"""


def test_nested_parallel_loops_and_parallel_callees():
    """Inner parallel loops run sequentially inside the outlined body; a
    callee whose own parallel loop meets the busy pool runs its chunks on
    the calling thread."""
    A = _rand(24, 24)
    _same(NESTED, "k", [A, np.zeros((24, 24))])
    B = _run(NESTED, "k", [A, np.zeros((24, 24))], 2)[1]
    np.testing.assert_allclose(B, 2 * (A + A.sum(axis=0)[None, :]), rtol=1e-12)


PRINTS = """
func.func @k(%A: memref<4xf32>) {
  affine.parallel (%i) = (0) to (4) {
    %a = affine.load %A[%i] : memref<4xf32>
    vector.print %a : f32
  }
  return
}
"""


def test_loops_with_output_stay_sequential(capfd):
    assert not _outlined(PRINTS)
    polymlir.compile(PRINTS, threads=2).k(np.arange(4, dtype=np.float32))
    assert capfd.readouterr().out.split() == ["0", "1", "2", "3"]


# heat-3d's optimized schedule has parallel loops only innermost, of at
# most 4 iterations, in a sequential time-tiled nest: they stay sequential
# (too little work per region), and the kernel must still compute the same.
SEQUENTIAL = {"heat-3d"}
POLYBENCH = {  # the kernels whose optimized schedule has parallel loops
    "gemm": {"NI": 40, "NJ": 44, "NK": 36},
    "2mm": {"NI": 20, "NJ": 24, "NK": 28, "NL": 22},
    "covariance": {},
    "gesummv": {"N": 45},
    "heat-3d": {"TSTEPS": 3, "N": 12},
    "mvt": {},
    "syrk": {},
    "trmm": {"M": 25, "N": 33},
    # time-tiled stencils: every tile loop carries a dependence, the tiles run in wavefronts
    "seidel-2d": {"TSTEPS": 40, "N": 90},
    "jacobi-2d": {"TSTEPS": 30, "N": 50},
}


@pytest.mark.parametrize("strategy", ["pluto", "cost"])
@pytest.mark.parametrize("name", sorted(POLYBENCH))
def test_polybench_after_optimize(name, strategy):
    sizes = POLYBENCH[name]
    module = polymlir.parse(pb.render(name, sizes), f"{name}.mlir")
    assert polymlir.schedule(module, "kernel").optimize(strategy=strategy).ok
    text = polymlir.print_ir(module)
    if strategy == "pluto":  # isl's schedule marks parallel loops at any size; the cost plan only big ones
        assert _outlined(text) != (name in SEQUENTIAL)
    values = pb.inputs(name, sizes, seed=3)
    want = pb.reference(name, values)
    for t in (1, 2):
        work = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in values.items()}
        polymlir.compile(text, threads=t).kernel(*pb.call_args(name, work))
        for out, ref in want.items():
            np.testing.assert_allclose(work[out], ref, rtol=1e-10, atol=1e-12, err_msg=f"{name} {out} threads={t}")
