"""Tune PolyBench kernels with a trial budget; tuned vs optimize vs plain, side by side.

    python experiments/tune_polybench.py [gemm jacobi-2d ...] [--trials 20] [--reps 5]
    python experiments/tune_polybench.py --sweep [--reps 3]

Default mode: for each kernel, ``polymlir.tune`` with ``--trials`` TPE trials
(the untransformed program and optimize's trace are its first two), then
the three programs (plain, optimize, tuned) are compiled again and timed
round-robin in one process (inputs restored before each run, median of
``--reps`` rounds), and the ratios are printed with their geometric mean.

``--sweep``: on gemm 256^3 and a small jacobi-2d, a small declared space
(gemm: the register tile's mr, nv, kc; jacobi-2d: the tile sizes of both
sweeps' (i, j) bands and the inner unroll factor) is swept exhaustively
(``sampler="grid"``), then searched by TPE with the same budget: printed is
the sweep's best, TPE's best, and the first TPE trial within 10% of the
sweep's best (by its own measurement and by the sweep's measurement of the
same candidate, which is free of the noise between the two runs).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import tempfile
import time
from typing import Any

import numpy as np
from optuna.trial import TrialState

import polymlir
from polymlir.testing import polybench as pb
from polymlir.testing.differential import max_relative_error, random_inputs
from polymlir.transforms.loops.handle import Schedule
from polymlir.transforms.loops.trace import Step, Trace
from polymlir.tune.space import require

SIZES: dict[str, dict[str, int]] = {
    "gemm": {"NI": 256, "NJ": 256, "NK": 256},
    "2mm": {"NI": 128, "NJ": 128, "NK": 128, "NL": 128},
    "atax": {"M": 400, "N": 400},
    "jacobi-2d": {"TSTEPS": 10, "N": 64},
    "seidel-2d": {"TSTEPS": 4, "N": 64},
}


class RegisterTileSpace:
    """gemm's declared space: optimize's trace with its register tile's
    mr x nv x kc from small lists (36 candidates)."""

    trace_determines_program = True

    def __init__(self, base: Trace):
        self.base = base

    def __call__(self, trial: Any, s: Schedule) -> None:
        for step in self.base:
            p = dict(step.params)
            if step.op == "register_tile":
                p["mr"] = trial.suggest_categorical("mr", [2, 4, 6, 8])
                p["nv"] = trial.suggest_categorical("nv", [1, 2, 4])
                p["kc"] = trial.suggest_categorical("kc", [None, 64, 256])
            require(s.apply_step(Step(step.op, list(step.loops), p)))


def stencil_space(trial: Any, s: Schedule) -> None:
    """jacobi-2d's declared space: both sweeps' (i, j) bands tiled alike by
    ti x tj (0: untiled), the innermost loop unrolled by u (27 candidates)."""
    ti = trial.suggest_categorical("ti", [0, 8, 32])
    tj = trial.suggest_categorical("tj", [0, 8, 32])
    u = trial.suggest_categorical("u", [1, 2, 4])
    for pos in (3, 1):  # the second sweep first: the first's loops keep their positions
        band = s.band_from(f"#{pos}")
        tiled = [(lp, t) for lp, t in zip(band, (ti, tj), strict=True) if t]
        if tiled:
            require(s.tile([lp for lp, _ in tiled], [t for _, t in tiled]))
        if u > 1:
            require(s.unroll(s.band_from(f"#{pos}")[-1], u))


def side_by_side(text: str, programs: dict[str, str], reps: int) -> dict[str, float]:
    """Median seconds of each program, timed round-robin on the same inputs
    (restored before every run), each verified against the first; equal
    programs (tuned = optimize) are one engine and one measurement."""
    args = random_inputs(text, "kernel", 0)
    distinct = list(dict.fromkeys(programs.values()))
    engines = [polymlir.compile(v, opt_level=3, cache=False) for v in distinct]
    ref = None
    for e in engines:
        work = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        e.invoke("kernel", *work)
        if ref is None:
            ref = work
        elif max_relative_error(ref, work) > 1e-9:
            raise AssertionError("outputs differ from the plain program")
    times: list[list[float]] = [[] for _ in engines]
    for _ in range(reps + 1):
        for k, e in enumerate(engines):
            work = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
            t0 = time.perf_counter()
            e.invoke("kernel", *work)
            times[k].append(time.perf_counter() - t0)
    return {name: statistics.median(times[distinct.index(v)][1:]) for name, v in programs.items()}


def _apply(text: str, trace: Trace) -> str:
    s = Schedule(polymlir.parse(text), "kernel")
    s.replay(trace)
    return polymlir.print_ir(s.module)


def budget(kernels: list[str], trials: int, reps: int, db: str) -> None:
    ratios_opt, ratios_plain = [], []
    print(f"{'kernel':<10} {'plain ms':>9} {'optimize':>9} {'tuned':>9} {'tuned/opt':>10} {'tuned/plain':>12}  trace")
    for k in kernels:
        text = pb.render(k, SIZES.get(k))
        dry = Schedule(polymlir.parse(text), "kernel")
        dry.optimize()
        study, best = polymlir.tune(
            text, "kernel", n_trials=trials, storage=db, source=f"{k}.mlir", seed=0, reps=reps, workers=1
        )
        t = side_by_side(text, {"plain": text, "optimize": _apply(text, dry.trace), "tuned": _apply(text, best)}, reps)
        ratios_opt.append(t["optimize"] / t["tuned"])
        ratios_plain.append(t["plain"] / t["tuned"])
        print(
            f"{k:<10} {t['plain'] * 1e3:9.3f} {t['optimize'] * 1e3:9.3f} {t['tuned'] * 1e3:9.3f} "
            f"{ratios_opt[-1]:9.2f}x {ratios_plain[-1]:11.2f}x  {best}",
            flush=True,
        )
    gm = math.exp(statistics.mean(math.log(r) for r in ratios_opt))
    gp = math.exp(statistics.mean(math.log(r) for r in ratios_plain))
    print(f"geomean speed-up of tuned over optimize {gm:.2f}x, over plain {gp:.2f}x ({trials} trials per kernel)")


def _values(study: Any) -> list[tuple[int, dict[str, Any], float]]:
    return [
        (t.number, t.params, t.value)
        for t in study.get_trials(states=(TrialState.COMPLETE,))
        if t.params and t.value is not None
    ]


def sweep(reps: int, db: str) -> None:
    cases = {
        "gemm": (pb.render("gemm", SIZES["gemm"]), None),
        "jacobi-2d": (pb.render("jacobi-2d", {"TSTEPS": 10, "N": 64}), stencil_space),
    }
    for k, (text, space) in cases.items():
        if space is None:
            dry = Schedule(polymlir.parse(text), "kernel")
            dry.optimize()
            space = RegisterTileSpace(dry.trace)
        t0 = time.perf_counter()
        grid, _ = polymlir.tune(
            text, "kernel", 1000, db, space=space, source=f"{k}-sweep.mlir", sampler="grid", seed=0, reps=reps
        )
        table = _values(grid)
        size = len(table)
        best = min(v for _, _, v in table)
        by_params = {tuple(sorted(p.items(), key=str)): v for _, p, v in table}
        t_sweep = time.perf_counter() - t0
        tpe, _ = polymlir.tune(
            text, "kernel", size + 2, db, space=space, source=f"{k}-tpe.mlir", sampler="tpe", seed=0, reps=reps
        )
        run = _values(tpe)
        own = next((i + 1 for i, (_, _, v) in enumerate(run) if v <= 1.1 * best), None)
        swept = next(
            (
                i + 1
                for i, (_, p, _) in enumerate(run)
                if by_params.get(tuple(sorted(p.items(), key=str)), 1e9) <= 1.1 * best
            ),
            None,
        )
        print(
            f"{k}: sweep of {size} candidates ({t_sweep:.0f} s): best {best * 1e3:.3f} ms; "
            f"TPE best {min(v for _, _, v in run) * 1e3:.3f} ms; first TPE trial within 10% of the sweep's best: "
            f"{own} by its own timing, {swept} by the sweep's timing of the same candidate (of {len(run)} searched)",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("kernels", nargs="*", default=["gemm", "2mm", "atax", "jacobi-2d", "seidel-2d"])
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--sweep", action="store_true")
    ap.add_argument("--db", default=os.path.join(tempfile.mkdtemp(), "tune_polybench.db"))
    a = ap.parse_args()
    if a.sweep:
        sweep(a.reps, a.db)
    else:
        budget(a.kernels, a.trials, a.reps, a.db)


if __name__ == "__main__":
    main()
