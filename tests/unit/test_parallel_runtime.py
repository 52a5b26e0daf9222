"""The parallel-for runtime and the thread count: chunks cover the range
once each, in contiguous pieces that depend on the chunk count only; no
deadlock when a chunk starts a parallel loop itself, when Python threads
call kernels at once, after an engine is closed, or in a forked child;
``POLYMLIR_NUM_THREADS`` and ``threads=`` pick the count, which is part of
the compile cache key; ``threads=1`` outlines nothing; which loops the
outlining pass leaves sequential."""

from __future__ import annotations

import ctypes
import os
import threading
import time

import numpy as np
import pytest

import polymlir
from polymlir.codegen import jit
from polymlir.codegen import parallel_runtime as PR
from polymlir.conversion.affine_to_scf import lower_affine
from polymlir.conversion.to_llvm.parallel_outlining import BODY_PREFIX, UNEVEN_CHUNKS, outline_parallel_loops
from polymlir.transforms.passes.manager import PassManager

BODY = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64)
PARALLEL_FOR = ctypes.CFUNCTYPE(
    None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64
)


@pytest.fixture(scope="module")
def parallel_for():
    addr = PR.ensure_loaded(jit._llvm(), jit.create_target_machine(3))
    assert addr == PR.ensure_loaded(jit._llvm(), jit.create_target_machine(3))  # compiled once
    return PARALLEL_FOR(addr)


def _chunks(
    parallel_for, lb: int, ub: int, n: int, seconds: float = 0.0, threads: int | None = None
) -> list[tuple[int, int, int, int]]:
    """(chunk, lo, hi, thread) of each of ``n`` chunks on ``threads`` (default
    ``n``) threads, each taking ``seconds``."""
    calls: list[tuple[int, int, int, int]] = []
    lock = threading.Lock()

    def body(lo: int, hi: int, ctx: int | None, chunk: int) -> None:
        time.sleep(seconds)
        with lock:
            calls.append((chunk, lo, hi, threading.get_ident()))

    cb = BODY(body)
    parallel_for(ctypes.cast(cb, ctypes.c_void_p), None, lb, ub, n, n if threads is None else threads)
    return sorted(calls)


@pytest.mark.parametrize("threads", [None, 1, 2])
@pytest.mark.parametrize("lb,ub,n", [(0, 10, 2), (0, 7, 3), (-3, 100, 8), (0, 1000, 1), (3, 4, 4), (0, 3, 5)])
def test_chunks_cover_the_range_once_in_order(parallel_for, lb, ub, n, threads):
    calls = _chunks(parallel_for, lb, ub, n, threads=threads)
    chunks = min(n, ub - lb)
    assert [c for c, *_ in calls] == list(range(chunks))
    q, r = divmod(ub - lb, chunks)
    pos = lb
    for c, lo, hi, _ in calls:
        assert (lo, hi) == (pos, pos + q + (c < r))
        pos = hi
    assert pos == ub


@pytest.mark.parametrize("lb,ub", [(5, 5), (7, 3)])
def test_empty_ranges_run_nothing(parallel_for, lb, ub):
    assert _chunks(parallel_for, lb, ub, 4) == []


def test_chunks_run_on_several_threads(parallel_for):
    """Chunk 0 runs on the calling thread; workers claim others (the
    caller takes those no worker has claimed yet: for long chunks, few)."""
    others = set()
    for _ in range(3):
        calls = _chunks(parallel_for, 0, 4, 4, seconds=0.05)
        assert calls[0][3] == threading.get_ident()
        others |= {t for *_, t in calls} - {threading.get_ident()}
    assert others


def test_more_chunks_than_threads_are_claimed_as_threads_come_free(parallel_for):
    """16 chunks on 2 threads: every chunk once, at most 2 threads, and the
    worker runs several (it takes the next one left, not a fixed share)."""
    calls = _chunks(parallel_for, 0, 64, 16, seconds=0.01, threads=2)
    assert [c for c, *_ in calls] == list(range(16))
    assert len({t for *_, t in calls}) <= 2
    one = _chunks(parallel_for, 0, 64, 16, threads=1)
    assert {t for *_, t in one} == {threading.get_ident()}


def test_a_chunk_starting_a_parallel_loop_runs_it_itself(parallel_for):
    """The pool is busy: the inner loop's chunks run, in order, on the
    thread that asked (no deadlock)."""
    inner: list[tuple[int, int, int, int]] = []
    lock = threading.Lock()

    def leaf(lo: int, hi: int, ctx: int | None, chunk: int) -> None:
        with lock:
            inner.append((chunk, lo, hi, threading.get_ident()))

    leaf_cb = BODY(leaf)

    def outer(lo: int, hi: int, ctx: int | None, chunk: int) -> None:
        parallel_for(ctypes.cast(leaf_cb, ctypes.c_void_p), None, 10 * lo, 10 * hi, 2, 2)

    outer_cb = BODY(outer)
    parallel_for(ctypes.cast(outer_cb, ctypes.c_void_p), None, 0, 2, 2, 2)
    assert sorted((lo, hi) for _, lo, hi, _ in inner) == [(0, 5), (5, 10), (10, 15), (15, 20)]


KERNEL = """
func.func @k(%A: memref<512xf64>, %B: memref<512xf64>) -> f64 {
  affine.parallel (%i) = (0) to (512) {
    %a = affine.load %A[%i] : memref<512xf64>
    %b = arith.mulf %a, %a : f64
    affine.store %b, %B[%i] : memref<512xf64>
  }
  %s = affine.parallel (%i) = (0) to (512) reduce ("addf") -> f64 {
    %b = affine.load %B[%i] : memref<512xf64>
    affine.yield %b : f64
  }
  return %s : f64
}
"""


def test_python_threads_calling_kernels_at_once():
    engine = polymlir.compile(KERNEL, threads=2)
    A = np.random.default_rng(0).random(512)
    want = engine.k(A, np.zeros(512))
    errors: list[str] = []

    def work() -> None:
        for _ in range(200):
            B = np.zeros(512)
            s = engine.k(A, B)
            if s != want or not np.array_equal(B, A * A):
                errors.append(f"{s} != {want}")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a kernel call hangs"
    assert not errors, errors[:3]


def test_the_pool_outlives_a_closed_engine():
    A = np.arange(512, dtype=np.float64)
    first = polymlir.compile(KERNEL, threads=2, cache=False)
    s = first.k(A, np.zeros(512))
    first.close()
    second = polymlir.compile(KERNEL, threads=2, cache=False)
    assert second.k(A, np.zeros(512)) == s == float((A * A).sum())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork")
@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded")  # Python 3.12+: the pool's threads
def test_a_forked_child_gets_a_pool_of_its_own():
    engine = polymlir.compile(KERNEL, threads=2)
    A = np.arange(512, dtype=np.float64)
    want = engine.k(A, np.zeros(512))  # the parent's pool exists
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports through its exit status
        ok = False
        try:
            ok = engine.k(A, np.zeros(512)) == want
        finally:
            os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


# -- the thread count ----------------------------------------------------------------


def test_default_thread_count(monkeypatch):
    monkeypatch.delenv(PR.ENV, raising=False)
    assert PR.default_threads() == len(os.sched_getaffinity(0))
    monkeypatch.setenv(PR.ENV, "3")
    assert PR.resolve_threads(None) == 3
    assert PR.resolve_threads(5) == 5  # the keyword overrides the environment
    monkeypatch.setenv(PR.ENV, "zero")
    with pytest.raises(ValueError, match=PR.ENV):
        PR.default_threads()
    with pytest.raises(ValueError, match="positive"):
        PR.resolve_threads(0)


def test_environment_sets_the_compile_default(monkeypatch):
    monkeypatch.setenv(PR.ENV, "3")
    engine = polymlir.compile(KERNEL)
    assert engine.threads == 3 and "i64 3)" in engine.llvm_ir


def test_thread_count_is_part_of_the_cache_key():
    one, two = polymlir.compile(KERNEL, threads=1), polymlir.compile(KERNEL, threads=2)
    assert one is not two and (one.threads, two.threads) == (1, 2)
    assert polymlir.compile(KERNEL, threads=2) is two
    plain = "func.func @f(%x: f64) -> f64 {\n  return %x : f64\n}\n"
    assert polymlir.compile(plain, threads=1) is not polymlir.compile(plain, threads=2)


def test_one_thread_outlines_nothing():
    engine = polymlir.compile(KERNEL, threads=1)
    assert PR.PARALLEL_FOR not in engine.llvm_ir and BODY_PREFIX not in engine.llvm_ir
    module = polymlir.parse(KERNEL)
    before = polymlir.print_ir(module)
    assert outline_parallel_loops(module, 1) == 0
    assert polymlir.print_ir(module) == before


def test_engine_lowers_with_its_thread_count():
    module = polymlir.parse(KERNEL)
    engine = jit.ExecutionEngine(module, threads=2)
    assert engine.threads == 2 and PR.PARALLEL_FOR in engine.llvm_ir
    A = np.arange(512, dtype=np.float64)
    assert engine.k(A, np.zeros(512)) == float((A * A).sum())
    assert "affine.parallel" in polymlir.print_ir(module)  # the caller's module is left alone


# -- what the outlining pass does -------------------------------------------------------


def _outline(text: str, threads: int = 2) -> tuple[int, str]:
    module = polymlir.parse(text)
    lower_affine(module)
    n = outline_parallel_loops(module, threads)
    polymlir.verify(module)
    return n, polymlir.print_ir(module)


TRIANGLE = """
func.func @k(%A: memref<64x64xf64>) -> f64 {
  %zero = arith.constant 0.0 : f64
  %s = affine.parallel (%i) = (0) to (64) reduce ("addf") -> f64 {
    %r = affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) iter_args(%acc = %zero) -> f64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      %b = arith.addf %acc, %a : f64
      affine.yield %b : f64
    }
    affine.yield %r : f64
  }
  return %s : f64
}
"""


def test_iterations_of_unequal_work_get_more_chunks_than_threads():
    # Row i of the triangle has i + 1 columns: one contiguous half per
    # thread would give the second thread three times the first's work.
    chunks = 2 * UNEVEN_CHUNKS
    tri = polymlir.compile(TRIANGLE, threads=2)
    assert f"i64 {chunks}, i64 2)" in tri.llvm_ir
    even = polymlir.compile(KERNEL, threads=2).llvm_ir
    assert "i64 2, i64 2)" in even and f"i64 {chunks}, i64 2)" not in even
    A = np.random.default_rng(1).random((64, 64))
    # The chunks fix how the partial sums are grouped: every run gives the
    # same bits, within rounding of the sequential sum.
    got = {tri.k(A) for _ in range(5)}
    assert len(got) == 1
    assert abs(got.pop() - np.tril(A).sum()) <= 1e-12 * np.tril(A).sum()


def test_pass_outlines_the_outermost_loop_only():
    text = """
func.func @k(%A: memref<8x8xf64>) {
  affine.parallel (%i) = (0) to (8) {
    affine.parallel (%j) = (0) to (8) {
      %a = affine.load %A[%i, %j] : memref<8x8xf64>
      affine.store %a, %A[%j, %i] : memref<8x8xf64>
    }
  }
  return
}
"""
    n, out = _outline(text, threads=4)
    assert n == 1
    assert f"func.func private @{BODY_PREFIX}k_0(%arg0: index, %arg1: index, %arg2: !llvm.ptr, %arg3: index)" in out
    assert out.count("scf.parallel") == 2  # both inside the body function now
    assert "llvm.call @__polymlir_parallel_for" in out and "llvm.mlir.constant(4 : i64)" in out


def test_pass_as_a_pipeline_option():
    module = polymlir.parse(KERNEL)
    PassManager.parse("builtin.module(lower-affine,polymlir-parallel-outlining{threads=2})").run(module)
    assert polymlir.print_ir(module).count(f"func.func private @{BODY_PREFIX}") == 2


@pytest.mark.parametrize(
    "body,why",
    [
        ("%a = affine.load %A[%i] : memref<8xf32>\n    vector.print %a : f32", "output"),
        ("func.call @ext(%A) : (memref<8xf32>) -> ()", "an external function"),
    ],
)
def test_loops_with_ordered_effects_stay_sequential(body, why):
    text = f"""
func.func private @ext(memref<8xf32>)
func.func @k(%A: memref<8xf32>) {{
  affine.parallel (%i) = (0) to (8) {{
    {body}
  }}
  return
}}
"""
    assert _outline(text)[0] == 0, why


def test_loops_without_a_known_identity_or_with_one_iteration_stay_sequential():
    text = """
func.func @k(%A: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%c8) step (%c1) init (%z) -> f32 {
    %a = memref.load %A[%i] : memref<8xf32>
    scf.reduce(%a : f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      %t = arith.mulf %s, %s : f32
      scf.reduce.return %t : f32
    }
  }
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    memref.store %r, %A[%i] : memref<8xf32>
    scf.reduce
  }
  return %r : f32
}
"""
    assert _outline(text)[0] == 0


# -- the command line -------------------------------------------------------------------------


def test_threads_default_block(monkeypatch):
    monkeypatch.setenv(PR.ENV, "3")
    with PR.threads_default(2):
        assert PR.resolve_threads(None) == 2
        with PR.threads_default(None):  # no count: the enclosing one stays
            assert PR.resolve_threads(None) == 2
    assert PR.resolve_threads(None) == 3


RUN_MAIN = """
func.func @main() -> i64 {
  %A = memref.alloc() : memref<100xi64>
  affine.parallel (%i) = (0) to (100) {
    %v = arith.index_cast %i : index to i64
    affine.store %v, %A[%i] : memref<100xi64>
  }
  %s = affine.parallel (%i) = (0) to (100) reduce ("addi") -> i64 {
    %v = affine.load %A[%i] : memref<100xi64>
    affine.yield %v : i64
  }
  memref.dealloc %A : memref<100xi64>
  return %s : i64
}
"""


@pytest.mark.parametrize("threads", ["1", "2"])
def test_cli_run_with_threads(tmp_path, capsys, threads):
    from polymlir.cli import main

    f = tmp_path / "p.mlir"
    f.write_text(RUN_MAIN)
    assert main(["run", str(f), "--entry-point-result", "i64", "--threads", threads]) == 0
    assert capsys.readouterr().out.strip() == "4950"


def test_cli_bench_with_threads(tmp_path, capsys):
    from polymlir.cli import main

    f = tmp_path / "m.mlir"
    f.write_text(
        """
func.func @k(%A: memref<64x64xf64>, %B: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      %b = arith.mulf %a, %a : f64
      affine.store %b, %B[%j, %i] : memref<64x64xf64>
    }
  }
  return
}
"""
    )
    assert main(["parallelize", str(f), "--loop", "i", "--bench", "--threads", "2"]) == 0
    out = capsys.readouterr().out
    assert "outputs match" in out and "(2 threads)" in out
    with pytest.raises(SystemExit):
        main(["parallelize", str(f), "--threads", "0"])


LEAVES = """
func.func @k(%A: memref<8192xf64>, %n: index) {
  affine.for %t = 0 to 4 {
    affine.parallel (%i) = (0) to (symbol(%n)) {
      %a = affine.load %A[%i] : memref<8192xf64>
      affine.store %a, %A[%i] : memref<8192xf64>
    }
    affine.parallel (%i) = (0) to (8192) {
      %a = affine.load %A[%i] : memref<8192xf64>
      affine.store %a, %A[%i] : memref<8192xf64>
    }
    affine.parallel (%i) = (0) to (100) {
      %a = affine.load %A[%i] : memref<8192xf64>
      affine.store %a, %A[%i] : memref<8192xf64>
    }
    affine.parallel (%i) = (0) to (symbol(%n)) {
      affine.for %j = 0 to 2 {
        %a = affine.load %A[%i] : memref<8192xf64>
        affine.store %a, %A[%i] : memref<8192xf64>
      }
    }
  }
  affine.parallel (%i) = (0) to (symbol(%n)) {
    %a = affine.load %A[%i] : memref<8192xf64>
    affine.store %a, %A[%i] : memref<8192xf64>
  }
  return
}
"""


def test_repeated_leaf_loops_need_many_iterations():
    """In a sequential loop, a leaf parallel loop is outlined only with a
    static trip count of at least LEAF_MIN_TRIPS (8192 here, not 100, not
    unknown); a loop with a loop inside, or one that runs once per call, is
    outlined whatever its trip count."""
    n, out = _outline(LEAVES)
    assert n == 3
    assert out.count("llvm.call @__polymlir_parallel_for") == 3


@pytest.mark.parametrize(
    "triple", ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu", "riscv64-unknown-linux-gnu"]
)
def test_runtime_ir_is_valid_for_each_target(triple):
    # The spin-wait hint is per architecture (pause, yield, none): each
    # variant must still be well-formed IR that waits a bounded time.
    llvm = jit._llvm()
    text = PR.runtime_ir(triple)
    mod = llvm.parse_assembly(text)
    mod.verify()
    assert "SPIN_CYCLES" not in text and str(PR.SPIN_CYCLES) in text
    assert ("x86.sse2.pause" in text) == triple.startswith("x86_64")
    assert ("aarch64.hint" in text) == triple.startswith("aarch64")
