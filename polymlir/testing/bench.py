"""Verify a transformed program against its original and time both.

``bench(original, transformed, func)`` JIT-compiles both (polymlir's own
lowering, llvmlite at -O3, parallel loops on ``threads`` threads: default
``POLYMLIR_NUM_THREADS`` or every core), runs them on the same random
inputs, checks every output (max relative error), then times each with the
inputs restored before every run and reports the best time of several runs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import compile as jit_compile
from .differential import max_relative_error, outputs, perturbed, random_inputs, verification_tolerance


@dataclass
class BenchResult:
    error: float
    tolerance: float
    original_s: float
    transformed_s: float
    threads: int = 1

    @property
    def ok(self) -> bool:
        return self.error <= self.tolerance

    @property
    def speedup(self) -> float:
        return self.original_s / self.transformed_s if self.transformed_s > 0 else float("inf")

    def report(self) -> str:
        verdict = "outputs match" if self.ok else "OUTPUTS DIFFER"
        return (
            f"verified on random inputs: {verdict} (max relative error {self.error:.2e}, "
            f"tolerance {self.tolerance:.0e})\n"
            f"original:    {self.original_s * 1e3:9.3f} ms\n"
            f"transformed: {self.transformed_s * 1e3:9.3f} ms\n"
            f"speed-up:    {self.speedup:9.2f}x" + (f" ({self.threads} threads)" if self.threads > 1 else "")
        )


def _best_time(engine, func: str, args: list[Any], repeats: int, budget_s: float) -> float:
    best = float("inf")
    spent = 0.0
    for k in range(repeats):
        copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        t0 = time.perf_counter()
        engine.invoke(func, *copies)
        dt = time.perf_counter() - t0
        best = min(best, dt)
        spent += dt
        if spent > budget_s and k >= 2:
            break
    return best


def bench(
    original: str,
    transformed: str,
    func: str,
    repeats: int = 7,
    seed: int = 0,
    budget_s: float = 5.0,
    threads: int | None = None,
) -> BenchResult:
    args = random_inputs(original, func, seed)
    e0 = jit_compile(original, opt_level=3, cache=False, threads=threads)
    e1 = jit_compile(transformed, opt_level=3, cache=False, threads=threads)
    want = outputs(e0, func, args)
    err = max_relative_error(want, outputs(e1, func, args))
    moved = max_relative_error(want, outputs(e0, func, perturbed(args, seed + 1)))
    t0 = _best_time(e0, func, args, repeats, budget_s)
    t1 = _best_time(e1, func, args, repeats, budget_s)
    return BenchResult(err, verification_tolerance(args, moved), t0, t1, e1.threads)
