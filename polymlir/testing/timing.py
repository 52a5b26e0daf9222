"""Timing kernels that update their arguments in place: the written arrays
are restored before every run (restoration not timed), the variants run
interleaved round-robin (rotating who goes first) after a warm-up, so
machine noise hits every variant alike; ``Stats`` gives the median and the
spread.

::

    state = Restorable(args, writes=["C"])
    times = round_robin({"clang": c_call, "polymlir": jit_call}, state.restore, reps=5)
    print(Stats.of(times["clang"]).median)
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Restorable", "Stats", "round_robin", "time_once"]


class Restorable:
    """Keeps pristine copies of the arrays a kernel writes, to put back."""

    def __init__(self, values: Mapping[str, Any], writes: Iterable[str]):
        self.values = values
        self.pristine = {w: np.array(values[w], copy=True) for w in writes}

    def restore(self) -> None:
        for w, v in self.pristine.items():
            np.copyto(self.values[w], v)


def time_once(call: Callable[[], Any], restore: Callable[[], None] | None = None) -> float:
    """Seconds of one ``call()``, after ``restore()`` (not timed)."""
    if restore is not None:
        restore()
    t0 = time.perf_counter()
    call()
    return time.perf_counter() - t0


def round_robin(
    calls: Mapping[str, Callable[[], Any]],
    restore: Callable[[], None] | None,
    reps: int,
    warmup: int = 1,
) -> dict[str, list[float]]:
    """``reps`` timed runs of every call, interleaved (round r starts at the
    r-th variant), after ``warmup`` untimed rounds; inputs restored before
    every run."""
    names = list(calls)
    for _ in range(warmup):
        for n in names:
            time_once(calls[n], restore)
    times: dict[str, list[float]] = {n: [] for n in names}
    for r in range(reps):
        k = r % len(names) if names else 0
        for n in names[k:] + names[:k]:
            times[n].append(time_once(calls[n], restore))
    return times


@dataclass(frozen=True)
class Stats:
    """Median, extremes and quartiles of a list of times (seconds)."""

    median: float
    min: float
    max: float
    q1: float
    q3: float
    n: int

    @staticmethod
    def of(times: list[float]) -> Stats:
        if not times:
            raise ValueError("no times")
        qs = statistics.quantiles(times, n=4, method="inclusive") if len(times) > 1 else [times[0]] * 3
        return Stats(statistics.median(times), min(times), max(times), qs[0], qs[2], len(times))

    @property
    def spread(self) -> float:
        """(max - min) / median: how much the runs disagree."""
        return (self.max - self.min) / self.median if self.median > 0 else 0.0
