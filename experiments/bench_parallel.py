"""Speed-up of parallel loops on N threads over 1, and the cost of one
parallel region.

For each kernel (PolyBench, rendered by polymlir.testing.polybench at
medium sizes): the kernel is scheduled (``optimize``, or ``parallelize`` of
the named loops for the ``:par`` variants, e.g. jacobi-2d, whose optimized
schedule is time-tiled without a parallel loop), JIT-compiled at 1 and at N
threads, checked against the numpy reference, and timed round-robin (inputs
restored before every run; the best and the median of --reps). The region
overhead is timed on a time loop of tiny parallel loops (2 iterations, one
per thread; an inner loop, so that the outlining takes them). The load average is printed: on a shared machine the other
processes take the cores the threads need.

    python experiments/bench_parallel.py [gemm jacobi-2d:par ...] [--threads 2] [--reps 5] [--bench-sizes]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

import polymlir
from polymlir.testing import polybench as pb
from polymlir.testing.external import shared_root
from polymlir.testing.polybench_problems import problem

SIZES = {
    "gemm": {"NI": 1024, "NJ": 1024, "NK": 1024},
    "jacobi-2d": {"TSTEPS": 100, "N": 1000},
    "2mm": {"NI": 512, "NJ": 512, "NK": 512, "NL": 512},
    "heat-3d": {"TSTEPS": 40, "N": 80},
    "seidel-2d": {"TSTEPS": 100, "N": 1000},
}
# Loops parallelized by hand for the ":par" variants (PolyBench's loop names).
PARALLEL_LOOPS = {"jacobi-2d": ["i", "i2"]}
KERNELS = ["gemm", "jacobi-2d", "jacobi-2d:par", "2mm", "heat-3d", "seidel-2d"]

REGIONS = """
func.func @k(%A: memref<2xf64>) {
  %one = arith.constant 1.0 : f64
  affine.for %t = 0 to 20000 {
    affine.parallel (%i) = (0) to (2) {
      affine.for %j = 0 to 1 {
        %a = affine.load %A[%i] : memref<2xf64>
        %b = arith.addf %a, %one : f64
        affine.store %b, %A[%i] : memref<2xf64>
      }
    }
  }
  return
}
"""


def _bench_sizes(name: str) -> dict[str, int]:
    """bench_polybench's sizes of ``name``: the shared bench's where it holds the kernel, else BENCH_SIZES."""
    root = shared_root()
    return problem(name, "bench", root / "bench" if root else None).sizes


def _schedule(spec: str, bench_sizes: bool = False) -> tuple[str, str, dict[str, int]]:
    name, _, variant = spec.partition(":")
    sizes = _bench_sizes(name) if bench_sizes else SIZES.get(name, {})
    module = polymlir.parse(pb.render(name, sizes), f"{name}.mlir")
    s = polymlir.schedule(module, "kernel")
    if variant == "par":
        for loop in PARALLEL_LOOPS[name]:
            v = s.parallelize(loop)
            assert v.ok, v.reason
    else:
        assert s.optimize().ok
    return name, polymlir.print_ir(module), sizes


def _time(engine, name: str, values: dict) -> tuple[float, float]:
    """Wall-clock and CPU seconds (all threads) of one call."""
    work = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in values.items()}
    c0, t0 = time.process_time(), time.perf_counter()
    engine.kernel(*pb.call_args(name, work))
    return time.perf_counter() - t0, time.process_time() - c0


def bench_kernel(spec: str, threads: int, reps: int, bench_sizes: bool = False) -> str:
    name, text, sizes = _schedule(spec, bench_sizes)
    values = pb.inputs(name, sizes)
    want = pb.reference(name, values)
    regions = text.count("affine.parallel")
    engines = {t: polymlir.compile(text, threads=t) for t in (1, threads)}
    for t, e in engines.items():
        work = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in values.items()}
        e.kernel(*pb.call_args(name, work))
        for out, ref in want.items():
            np.testing.assert_allclose(work[out], ref, rtol=1e-10, err_msg=f"{spec} at {t} threads")
    times: dict[int, list[float]] = {t: [] for t in engines}
    cpu: dict[int, list[float]] = {t: [] for t in engines}
    for _ in range(reps):
        for t, e in engines.items():
            wall, used = _time(e, name, values)
            times[t].append(wall)
            cpu[t].append(used / wall)
    one, many = times[1], times[threads]
    outlined = engines[threads].llvm_ir.count("call void @__polymlir_parallel_for")
    return (
        f"{spec:<14} {regions} parallel, {outlined} outlined | 1 thread: best {min(one) * 1e3:7.1f} ms, median "
        f"{statistics.median(one) * 1e3:7.1f} ms | {threads} threads: best {min(many) * 1e3:7.1f} ms, median "
        f"{statistics.median(many) * 1e3:7.1f} ms, cpu/wall {statistics.median(cpu[threads]):4.2f} | speed-up best "
        f"{min(one) / min(many):4.2f}x, median {statistics.median(one) / statistics.median(many):4.2f}x"
    )


def region_overhead(threads: int, reps: int) -> str:
    out = []
    for t in (1, threads):
        e = polymlir.compile(REGIONS, threads=t)
        A = np.zeros(2)
        e.k(A)
        best = float("inf")
        for _ in range(reps):
            t0 = time.perf_counter()
            e.k(A)
            best = min(best, time.perf_counter() - t0)
        out.append(f"{t} thread(s): {best / 20000 * 1e6:.2f} us per region")
    return "tiny parallel loop, 20000 regions: " + ", ".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("kernels", nargs="*", default=KERNELS)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument(
        "--bench-sizes",
        action="store_true",
        help="bench_polybench's sizes: the shared files' where present, else BENCH_SIZES",
    )
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {len(os.sched_getaffinity(0))} cores")
    print(region_overhead(a.threads, a.reps), flush=True)
    for spec in a.kernels:
        print(bench_kernel(spec, a.threads, a.reps, a.bench_sizes), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
