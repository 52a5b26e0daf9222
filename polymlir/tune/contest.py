"""The final check of a study: its best candidates and ``optimize`` timed side by side.

    result = contest(Contest(tasks, against=1))     # in a worker; never raises
    number = winner(result.attrs, against=1)

Each trial was timed alone, in its own moment of the machine's load: on a
machine shared with other work a short kernel's median can be a preempted
run, so the fastest trial by its own value may be a slower program than
``optimize`` (gemm: a trial measured 0.94 ms against optimize's 3.0 ms, of
which one run of two was descheduled; side by side it was 1.4x slower). A
contest rebuilds, compiles and verifies each contender once more, then
times them round-robin (the order rotated each round, inputs restored
before every run) for at least ``rounds`` rounds and ``budget_s`` seconds:
every round sees the same load for all of them. A contender's score is the
median over rounds of its time divided by the reference's time in the same
round. A contender replaces the reference only when it was faster in so
many rounds that noise alone would give that count with a chance of at
most ``SIGNIFICANCE`` (a sign test) and its score is at least ``MIN_GAIN``
below 1; among those, the lowest score wins, else the reference itself: the tuner's result is never slower than
``optimize`` beyond what the contest can resolve.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass
from typing import Any

from .evaluate import Result, Task, WrongResult, describe, evaluate, timed_run, verified, workspace

__all__ = ["CONTEST", "MIN_GAIN", "SIGNIFICANCE", "Contest", "contest", "faster_beyond_noise", "perform", "winner"]

# The result number of a contest (trial numbers are never negative).
CONTEST = -1
# How unlikely a contender's count of faster rounds must be under pure noise for it to replace the reference.
SIGNIFICANCE = 0.05
# How much faster than the reference a contender's score must be: a steady 0.2% over 201 rounds passes the
# sign test, yet re-timed later it is as often 0.2% slower (jacobi-2d: 0.998x); a tie keeps optimize's trace.
MIN_GAIN = 0.01


@dataclass
class Contest:
    """Candidates (one ``Task`` per trial) to time side by side against the
    trial ``against`` (``optimize``'s), for at least ``rounds`` rounds and
    ``budget_s`` seconds, at most ``max_rounds``."""

    tasks: list[Task]
    against: int
    rounds: int = 11
    budget_s: float = 1.0
    max_rounds: int = 201
    number: int = CONTEST


def contest(c: Contest) -> Result:
    """Time the candidates of ``c`` side by side (see the module docstring).
    ``attrs``: ``medians_s``, ``scores`` and the per-round ``ratios`` by trial number (as text),
    ``rounds``, and ``failed`` (number: reason) for a contender that did not
    build, compile or verify again; not ``ok`` when the reference did not."""
    contenders: list[tuple[int, Any, list[Any], str]] = []
    failed: dict[str, str] = {}
    for task in c.tasks:
        try:
            engine, args = verified(task, {})
        except WrongResult as e:
            failed[str(task.number)] = str(e)
            continue
        except Exception as e:  # this contender is out; the others still run
            failed[str(task.number)] = describe(e)
            continue
        contenders.append((task.number, engine, args, task.func))
    attrs: dict[str, Any] = {"failed": failed}
    if not any(n == c.against for n, *_ in contenders):
        why = failed.get(str(c.against), "not among the contenders")
        return Result(c.number, False, None, f"the reference trial {c.against} failed again: {why}", attrs)
    work = [workspace(args) for _, _, args, _ in contenders]
    for (_, engine, args, func), w in zip(contenders, work, strict=True):
        timed_run(engine, func, w, args)  # warm-up, as in a trial
    times: list[list[float]] = [[] for _ in contenders]
    t0 = time.perf_counter()
    rounds = 0
    while rounds < c.max_rounds and (rounds < c.rounds or time.perf_counter() - t0 < c.budget_s):
        n = len(contenders)
        for k in range(n):
            j = (k + rounds) % n  # rotated: no contender always runs right after another
            _, engine, args, func = contenders[j]
            times[j].append(timed_run(engine, func, work[j], args))
        rounds += 1
    ref = next(k for k, (n, *_) in enumerate(contenders) if n == c.against)
    attrs["rounds"] = rounds
    attrs["medians_s"] = {str(n): statistics.median(times[k]) for k, (n, *_) in enumerate(contenders)}
    ratios = {
        str(n): [t / r for t, r in zip(times[k], times[ref], strict=True)] for k, (n, *_) in enumerate(contenders)
    }
    attrs["scores"] = {n: statistics.median(q) for n, q in ratios.items()}
    attrs["ratios"] = {n: [round(x, 4) for x in q] for n, q in ratios.items()}
    return Result(c.number, True, None, "", attrs)


def faster_beyond_noise(ratios: list[float], level: float = SIGNIFICANCE) -> bool:
    """Whether per-round ratios to the reference say "faster" beyond the
    noise: a one-sided sign test, the chance of at least that many rounds
    below 1 if faster and slower were equally likely, at most ``level``."""
    n = len(ratios)
    wins = sum(1 for r in ratios if r < 1.0)
    if n == 0:
        return False
    tail = sum(math.comb(n, k) for k in range(wins, n + 1)) / 2**n
    return tail <= level


def winner(attrs: dict[str, Any], against: int) -> int:
    """The trial a contest's ``attrs`` pick: of the contenders faster than
    the reference beyond the noise (``faster_beyond_noise`` on their
    per-round ``ratios``) by at least ``MIN_GAIN``, the lowest score; else ``against``."""
    scores = {int(n): float(x) for n, x in attrs.get("scores", {}).items()}
    ratios = attrs.get("ratios", {})
    faster = [
        n
        for n in scores
        if n != against and scores[n] <= 1.0 - MIN_GAIN and faster_beyond_noise(ratios.get(str(n), []))
    ]
    return min(faster, key=lambda n: (scores[n], n), default=against)


def perform(job: Task | Contest) -> Result:
    """What a worker runs: a trial's ``Task`` (``evaluate``) or a ``Contest``."""
    return contest(job) if isinstance(job, Contest) else evaluate(job)
