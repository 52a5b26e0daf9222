"""What the host can do for the benchmarks: its f64 vector width and caches (read by
``polymlir.machine``, the one reader of /proc/cpuinfo and sysfs) and its single-core
FMA peak, measured with a JIT-compiled kernel of independent ``vector.fma``
chains (polymlir's own compiler, so no C toolchain is needed)."""

from __future__ import annotations

import time

import numpy as np

from ..machine import Cache, cache_sizes, cpu_flags, cpu_name, vector_unit

__all__ = ["Cache", "cache_sizes", "cpu_flags", "cpu_name", "fma_kernel", "fma_peak", "vector_width"]


def vector_width(flags: set[str] | None = None) -> int:
    """f64 lanes of the widest FMA vectors: 8 with AVX-512, 4 with AVX2+FMA, else 2."""
    f = cpu_flags() if flags is None else flags
    bits, _ = vector_unit(f)
    return bits // 64 if "avx512f" in f or "fma" in f else 2


def fma_kernel(width: int, chains: int = 16) -> str:
    """MLIR of ``@fma(%n, %a, %b, %out)``: ``chains`` independent
    ``vector.fma`` chains on ``vector<width x f64>``, ``%n`` steps, the
    results stored to ``%out`` (so nothing is dead): 2*width*chains*n flops.
    Enough chains cover the FMA latency times the FMA ports."""
    vt = f"vector<{width}xf64>"
    types = ", ".join([vt] * chains)
    inits = ", ".join(f"%x{k} = %v{k % 2}" for k in range(chains))
    lines = [
        f"func.func @fma(%n: index, %a: f64, %b: f64, %out: memref<{chains}x{width}xf64>) {{",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        f"  %v0 = vector.broadcast %a : f64 to {vt}",
        f"  %v1 = vector.broadcast %b : f64 to {vt}",
        f"  %r:{chains} = scf.for %i = %c0 to %n step %c1 iter_args({inits}) -> ({types}) {{",
    ]
    lines += [f"    %y{k} = vector.fma %x{k}, %v0, %v1 : {vt}" for k in range(chains)]
    lines.append("    scf.yield " + ", ".join(f"%y{k}" for k in range(chains)) + f" : {types}")
    lines.append("  }")
    for k in range(chains):
        lines.append(f"  %row{k} = arith.constant {k} : index")
        lines.append(f"  vector.store %r#{k}, %out[%row{k}, %c0] : memref<{chains}x{width}xf64>, {vt}")
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def fma_peak(width: int | None = None, seconds: float = 0.2, reps: int = 5, chains: int | None = None) -> float:
    """Single-core f64 FMA peak in GFLOP/s (best of ``reps`` runs of about
    ``seconds`` each) on ``width``-lane vectors (default: the host's), with
    ``chains`` independent accumulators; by default the best of the chain
    counts that leave the two operands and a spare in the register file (16
    chains on AVX2's 16 registers spill, and measured half the peak)."""
    if chains is not None:
        return _fma_gflops(width, seconds, reps, chains)
    _, registers = vector_unit(cpu_flags())
    counts = [c for c in (8, 12, 16, 24, 28) if c <= registers - 3]
    return max(_fma_gflops(width, seconds, reps, c) for c in counts)


def _fma_gflops(width: int | None, seconds: float, reps: int, chains: int) -> float:
    from .. import compile as jit_compile  # the JIT loads llvmlite: only when measuring

    w = vector_width() if width is None else width
    engine = jit_compile(fma_kernel(w, chains))
    out = np.zeros((chains, w))
    flops_per_step = 2 * w * chains
    n = 1 << 16
    while True:  # calibrate: a run of about `seconds`
        t0 = time.perf_counter()
        engine.fma(n, 0.5, 0.5, out)
        dt = time.perf_counter() - t0
        if dt > seconds / 4 or n > 1 << 34:
            break
        n *= 4
    n = max(1, int(n * seconds / max(dt, 1e-9)))
    best = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        engine.fma(n, 0.5, 0.5, out)
        best = min(best, time.perf_counter() - t0)
    return flops_per_step * n / best * 1e-9
