"""The tuner's driver memory over a long campaign (a cheap space: a tiny kernel, one run per timing).

    python experiments/tune_memory.py [--trials 1000] [--workers 2] [--space default]

Runs ``--trials`` trials into a fresh sqlite study and prints the driver's
peak RSS (VmHWM) and its RSS at the end: the driver asks, tells and runs
the space, and never JIT-compiles, so its memory stays flat however long
the campaign; the workers are recycled every ``--max-tasks`` trials.
``--space default``: the tuner's own space around optimize's trace (the
driver then builds every candidate's schedule and asks its verdicts)
instead of the cheap unroll-and-tile space.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import polymlir
from polymlir.tune.space import require

KERNEL = """func.func @kernel(%A: memref<16x16xf64>, %B: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %b = affine.load %B[%i, %j] : memref<16x16xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %B[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""


def space(trial, s) -> None:
    """Unroll j and tile i: a few hundred distinct candidates, each cheap to build and compile."""
    f = trial.suggest_int("unroll", 1, 16)
    t = trial.suggest_categorical("tile", [0, 2, 4, 8])
    if t:
        require(s.tile(["i"], [t]))
    if f > 1:
        require(s.unroll("j", f))


def _rss(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) // 1024
    return -1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-tasks", type=int, default=50)
    ap.add_argument("--space", choices=("cheap", "default"), default="cheap")
    a = ap.parse_args()
    db = os.path.join(tempfile.mkdtemp(), "memory.db")
    t0 = time.perf_counter()
    marks: list[tuple[int, int]] = []

    def on_update(st) -> None:
        if st.done % 100 == 0:
            marks.append((st.done, _rss("VmRSS")))
            print(f"{st.done:5d} trials: driver RSS {marks[-1][1]} MiB", flush=True)

    study, _ = polymlir.tune(
        KERNEL,
        "kernel",
        n_trials=a.trials,
        storage=db,
        source="memory.mlir",
        space=space if a.space == "cheap" else None,
        sampler="random",
        seed=0,
        reps=1,
        workers=a.workers,
        max_tasks_per_child=a.max_tasks,
        on_update=on_update,
    )
    states: dict[str, int] = {}
    for t in study.trials:
        states[t.state.name] = states.get(t.state.name, 0) + 1
    print(f"{len(study.trials)} trials in {time.perf_counter() - t0:.0f} s: {states}")
    print(f"driver peak RSS (VmHWM) {_rss('VmHWM')} MiB, at the end {_rss('VmRSS')} MiB")


if __name__ == "__main__":
    main()
