"""One candidate, evaluated where it runs (a worker process, a Dask worker).

    result = evaluate(task)   # Task -> Result; never raises

The candidate's program is rebuilt from the original text (its trace
replayed, or the space run again with the trial's parameters fixed), JIT
compiled, run on random inputs and compared with the untransformed
program's outputs (``polymlir.testing.differential``): a wrong output fails
the trial with the error. Only a verified candidate is timed: a warm-up
run, then at least ``reps`` runs with the inputs restored before each, more
while they add up to less than ``SAMPLE_S`` seconds per rep (up to
``MAX_SAMPLES_PER_REP`` times as many): on a shared machine a run is
sometimes descheduled and takes many times its length, and a median of a
few runs of a short kernel is then a preempted one. The value is the
median, the spread and the fastest run are recorded.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import statistics
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import compile as jit_compile
from .. import parse, print_ir
from ..testing.differential import (
    CONDITIONING_FACTOR,
    max_relative_error,
    outputs,
    perturbed,
    random_inputs,
    verification_tolerance,
)
from ..transforms.loops.handle import Schedule
from ..transforms.loops.trace import Trace

__all__ = [
    "MAX_DIAGNOSTICS",
    "MAX_SAMPLES_PER_REP",
    "SAMPLE_S",
    "Reference",
    "Result",
    "Task",
    "WrongResult",
    "build",
    "call",
    "describe",
    "evaluate",
    "reference",
    "restore",
    "timed_run",
    "native_stderr",
    "verified",
    "workspace",
]

# Timed runs go on while they add up to less than this many seconds per rep ...
SAMPLE_S = 0.02
# ... but at most this many times ``reps`` runs.
MAX_SAMPLES_PER_REP = 10


@dataclass
class Task:
    """What a worker needs for one trial: the original program, the
    candidate (``trace``, and the pickled ``space`` with ``params`` when
    the trace alone does not rebuild it), and how to measure."""

    number: int
    text: str
    func: str
    trace: str  # JSON
    params: dict[str, Any] = field(default_factory=dict)
    space: bytes | None = None
    reps: int = 5
    seed: int = 0


@dataclass
class Result:
    """A trial's outcome: ``ok`` with ``value`` (median seconds), or the
    ``reason`` it failed; ``attrs`` go to the trial's user attributes."""

    number: int
    ok: bool
    value: float | None = None
    reason: str = ""
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Reference:
    """The untransformed program's random inputs, its outputs on them, and
    the tolerance a candidate's outputs are held to (``verification_tolerance``
    of how far the reference's own outputs move under one-ulp input
    perturbations: lu's do by 1e-9)."""

    args: list[Any]
    outputs: list[Any]
    sensitivity: float
    tolerance: float


# The untransformed program's inputs and outputs, per worker process, by program text:
# compiled once, however many candidates of it this process measures.
_REFERENCES: dict[str, Reference] = {}


def reference(text: str, func: str, seed: int) -> Reference:
    """The untransformed program's ``Reference`` on the inputs of ``seed`` (kept per process)."""
    key = hashlib.sha1(f"{func}\0{seed}\0{text}".encode()).hexdigest()
    if key not in _REFERENCES:
        args = random_inputs(text, func, seed)
        engine = jit_compile(text, opt_level=3, cache=False)
        want = call(engine, func, args)
        moved = max(max_relative_error(want, call(engine, func, perturbed(args, seed + k))) for k in (1, 2))
        _REFERENCES[key] = Reference(args, want, moved, verification_tolerance(args, moved))
        del engine
    return _REFERENCES[key]


def call(engine: Any, func: str, args: list[Any]) -> list[Any]:
    """The outputs of ``func`` on copies of ``args``: the arrays after the call, then its results."""
    return outputs(engine, func, args)


def _load_space(blob: bytes) -> Any:
    try:
        import cloudpickle  # what pickled it, when installed (lambdas, closures)

        return cloudpickle.loads(blob)
    except ImportError:
        return pickle.loads(blob)


def build(task: Task) -> str:
    """The candidate's MLIR text, rebuilt from ``task``."""
    s = Schedule(parse(task.text), task.func)
    if task.space is None:
        s.replay(Trace.from_json(task.trace))
    else:
        import optuna  # only where a space runs again (start-up time)

        _load_space(task.space)(optuna.trial.FixedTrial(task.params), s)
        if s.trace.to_json() != task.trace:
            raise RuntimeError(
                f"the space built another trace in the worker ({s.trace}) than in the driver: it is not deterministic"
            )
    return print_ir(s.module)


def workspace(args: list[Any]) -> list[Any]:
    """Copies of ``args`` to run on (``restore`` refills them)."""
    return [a.copy() if isinstance(a, np.ndarray) else a for a in args]


def restore(work: list[Any], args: list[Any]) -> None:
    """Inputs restored: an in-place kernel sees the same data each run."""
    for w, a in zip(work, args, strict=True):
        if isinstance(a, np.ndarray):
            np.copyto(w, a)


def timed_run(engine: Any, func: str, work: list[Any], args: list[Any]) -> float:
    """Seconds of one call of ``func`` on ``work`` refilled from ``args``."""
    restore(work, args)
    t0 = time.perf_counter()
    engine.invoke(func, *work)
    return time.perf_counter() - t0


def _sample_times(engine: Any, func: str, args: list[Any], reps: int) -> list[float]:
    work = workspace(args)
    timed_run(engine, func, work, args)  # the first run warms up caches and page tables
    times: list[float] = []
    while len(times) < reps or (sum(times) < SAMPLE_S * reps and len(times) < MAX_SAMPLES_PER_REP * reps):
        times.append(timed_run(engine, func, work, args))
    return times


# The LLVM diagnostics a trial keeps (its hints' "loop not vectorized" warnings), by count.
MAX_DIAGNOSTICS = 20


@contextlib.contextmanager
def native_stderr() -> Iterator[list[str]]:
    """Within the block, what native code writes to file descriptor 2 (LLVM's
    warnings and remarks, which a loop hint it cannot honour raises) is
    collected into the yielded list, one line each, instead of crossing the
    driver's progress bar."""
    lines: list[str] = []
    with tempfile.TemporaryFile() as sink:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(sink.fileno(), 2)
        try:
            yield lines
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            lines += [ln for ln in sink.read().decode(errors="replace").splitlines() if ln.strip()]


class WrongResult(Exception):
    """A candidate whose outputs differ from the untransformed program's."""


def verified(task: Task, attrs: dict[str, Any]) -> tuple[Any, list[Any]]:
    """The candidate of ``task`` built, compiled and checked against the
    untransformed program: its engine and the inputs to time it on
    (``WrongResult`` when its outputs differ). Build and compile times and
    the error go to ``attrs``."""
    t0 = time.perf_counter()
    text = build(task)
    attrs["build_s"] = round(time.perf_counter() - t0, 4)
    ref = reference(task.text, task.func, task.seed)
    args = ref.args
    t0 = time.perf_counter()
    with native_stderr() as diagnostics:
        engine = jit_compile(text, opt_level=3, cache=False)
    attrs["compile_s"] = round(time.perf_counter() - t0, 4)
    if diagnostics:
        attrs["llvm_diagnostics"] = diagnostics[:MAX_DIAGNOSTICS]
    err = max_relative_error(ref.outputs, call(engine, task.func, args))
    attrs["error"] = err
    attrs["tolerance"] = ref.tolerance
    if not err <= ref.tolerance:
        why = f"wrong result: max relative error {err:.3g} > {ref.tolerance:.2g}"
        if ref.sensitivity * CONDITIONING_FACTOR > ref.tolerance:
            why += (
                f" (the untransformed program's outputs move by {ref.sensitivity:.2g} when its inputs move "
                "by one ulp: too ill-conditioned on random inputs to tell rounding from a wrong result)"
            )
        raise WrongResult(why)
    return engine, args


def evaluate(task: Task) -> Result:
    """Build, compile, verify and time the candidate of ``task``."""
    attrs: dict[str, Any] = {}
    try:
        engine, args = verified(task, attrs)
        times = _sample_times(engine, task.func, args, max(1, task.reps))
        del engine
    except WrongResult as e:
        return Result(task.number, False, None, str(e), attrs)
    except Exception as e:  # any failure of this candidate is this trial's, with its reason
        return Result(task.number, False, None, describe(e), attrs)
    med = statistics.median(times)
    attrs["median_s"] = med
    attrs["min_s"] = min(times)
    attrs["spread"] = (max(times) - min(times)) / med if med > 0 else 0.0
    attrs["times_s"] = [round(t, 9) for t in times]
    return Result(task.number, True, med, "", attrs)


def describe(e: BaseException) -> str:
    """``Kind: message at file:line`` (where it was raised)."""
    last = traceback.extract_tb(e.__traceback__)[-1:]
    where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
    return f"{type(e).__name__}: {e}{where}"
