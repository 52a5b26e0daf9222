"""The driver: an Optuna study over candidates, asked and told from one process.

    study, best = run(module, "kernel", n_trials=100, storage="sqlite:///t.db")

The study lives in Optuna storage (RDB: sqlite or any SQLAlchemy URL),
named for the program's file, the function and the machine, so a second
run resumes it. Its first trials are the untransformed program and
``optimize``'s trace (enqueued, marked by the ``baseline`` user attribute),
and each trial is measured alone. The driver asks a trial, runs the space
define-by-run on a fresh schedule (no JIT here: a refused verdict prunes
the trial at once, with its reason) and hands the trace to a worker
(``workers``); each result is told as soon as it arrives, so every
finished trial is committed to storage. At the end the fastest few
candidates and ``optimize``'s are timed once more side by side in one
worker (``contest``): a trial's own time may be a moment of load, and the
contest's winner (recorded in the study's ``contest`` attribute) is the
result, never slower than ``optimize`` beyond the contest's resolution.
"""

from __future__ import annotations

import gc
import hashlib
import importlib.util
import os
import pickle
import socket
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import optuna
from optuna.trial import TrialState

from .. import parse, print_ir
from ..affine.legality import Verdict
from ..ir.core import Operation
from ..machine import host
from ..transforms.loops.errors import TransformError
from ..transforms.loops.handle import Schedule
from ..transforms.loops.trace import Trace
from .contest import CONTEST, Contest, winner
from .evaluate import Result, Task
from .space import PerturbSpace, Refused, Space
from .workers import DaskWorkers, Executor, LocalWorkers

__all__ = [
    "SAMPLERS",
    "Stats",
    "best_program",
    "best_trace",
    "best_trial",
    "cpu_model",
    "make_sampler",
    "run",
    "storage_url",
    "study_name",
]

SAMPLERS = ("tpe", "cmaes", "gp", "random", "grid")
# How long a running trial may stay without its driver's name before it counts as orphaned (seconds).
UNCLAIMED_S = 2.0


def cpu_model() -> str:
    """The host CPU's model name (``/proc/cpuinfo``), or the platform's."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "Model", "cpu model")):
                return " ".join(line.split(":", 1)[1].split())
    except OSError:
        pass
    import platform

    return platform.processor() or platform.machine() or "unknown cpu"


def study_name(source: str, func: str) -> str:
    """``file:func@cpu/vector-bits``: one study per program, function and machine."""
    return f"{Path(source).stem}:{func}@{cpu_model()}/{host().vector_bits}b"


def storage_url(db: str | None) -> str | None:
    """``tune.db`` -> ``sqlite:///tune.db``; URLs and None unchanged."""
    if db is None or "://" in db:
        return db
    return f"sqlite:///{db}"


def make_sampler(name: str, seed: int | None = None, n_trials: int = 100) -> optuna.samplers.BaseSampler:
    """The Optuna sampler for ``name`` (``SAMPLERS``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        if name == "tpe":
            # conditional parameters (define-by-run) are modelled per group; several
            # trials in flight at once are told apart by the constant liar
            startup = min(10, max(4, n_trials // 5))
            return optuna.samplers.TPESampler(
                seed=seed, multivariate=True, group=True, constant_liar=True, n_startup_trials=startup
            )
        if name == "cmaes":
            if importlib.util.find_spec("cmaes") is None:
                raise ValueError("the cmaes sampler needs the cmaes package (pip install 'polymlir[tune]')")
            return optuna.samplers.CmaEsSampler(seed=seed, warn_independent_sampling=False)
        if name == "gp":
            if importlib.util.find_spec("torch") is None:
                raise ValueError("the gp sampler needs PyTorch (pip install torch)")
            return optuna.samplers.GPSampler(seed=seed)
        if name == "random":
            return optuna.samplers.RandomSampler(seed=seed)
        if name == "grid":
            # an exhaustive sweep of a define-by-run space (conditional choices included)
            return _Sweep(seed=seed)
    raise ValueError(f"unknown sampler '{name}' (samplers: {', '.join(SAMPLERS)})")


class _Trials:
    """A study's storage seen without the baselines (trials that have no
    parameters), except the trial ``keep``."""

    def __init__(self, storage: Any, keep: int):
        self._storage, self._keep = storage, keep

    def __getattr__(self, name: str) -> Any:
        return getattr(self._storage, name)

    def get_all_trials(self, *args: Any, **kwargs: Any) -> list[Any]:
        trials = self._storage.get_all_trials(*args, **kwargs)
        return [t for t in trials if t.distributions or t.number == self._keep]


class _StudyView:
    """``study`` whose storage is a ``_Trials`` view (for ``_Sweep``)."""

    def __init__(self, study: optuna.Study, keep: int):
        self._study, self._storage = study, _Trials(study._storage, keep)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._study, name)


class _Sweep(optuna.samplers.BruteForceSampler):
    """The brute-force sampler (``grid``), blind to the baselines: a trial
    without parameters would make the tree of the define-by-run space look
    swept (or inconsistent) before it starts."""

    def sample_independent(self, study: Any, trial: Any, param_name: str, param_distribution: Any) -> Any:
        view: Any = _StudyView(study, trial.number)  # a Study as far as the sampler looks
        return super().sample_independent(view, trial, param_name, param_distribution)

    def after_trial(self, study: Any, trial: Any, state: Any, values: Any) -> None:
        if trial.distributions:
            view: Any = _StudyView(study, trial.number)
            super().after_trial(view, trial, state, values)


@dataclass
class Stats:
    """What the progress display shows, updated after every trial."""

    total: int
    done: int = 0  # trials of this run that finished, in any state
    complete: int = 0
    pruned: int = 0
    failed: int = 0
    best: float | None = None
    best_trace: str = ""
    plain: float | None = None
    optimized: float | None = None
    last_reason: str = ""
    final: str = ""  # how the result was chosen, once the closing contest ran

    def speedup(self, over: float | None) -> float | None:
        return over / self.best if over and self.best else None


def _baseline_value(study: optuna.Study, which: str) -> float | None:
    for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
        if t.user_attrs.get("baseline") == which:
            return t.value
    return None


def _enqueue_baselines(study: optuna.Study) -> None:
    """The untransformed program and optimize's trace as the first trials,
    unless the study already measured them (or is measuring them)."""
    live = (TrialState.COMPLETE, TrialState.RUNNING, TrialState.WAITING)
    have = {t.user_attrs.get("baseline") for t in study.get_trials(deepcopy=False, states=live)}
    for which in ("plain", "optimize"):
        if which not in have:
            study.enqueue_trial({}, user_attrs={"baseline": which})


def _driver_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _alive(driver: str) -> bool:
    hostname, _, pid = driver.rpartition(":")
    if hostname != socket.gethostname() or not pid.isdigit():
        return True  # another machine's driver: not ours to judge
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _fail_orphans(study: optuna.Study) -> int:
    """Fail the trials a driver left running when it was killed: they were
    never measured (their results died with it). A driver names itself on a
    trial right after asking for it; a running trial still unnamed a moment
    later (``UNCLAIMED_S``) lost its driver in between."""
    orphans: list[tuple[int, str]] = []
    unclaimed: list[int] = []
    for t in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        driver = t.user_attrs.get("driver")
        if not isinstance(driver, str):
            unclaimed.append(t._trial_id)
        elif not _alive(driver):
            orphans.append((t._trial_id, f"its driver {driver} stopped before it finished"))
    if unclaimed:
        time.sleep(UNCLAIMED_S)
        for trial_id in unclaimed:
            t = study._storage.get_trial(trial_id)
            if t.state == TrialState.RUNNING and "driver" not in t.user_attrs:
                orphans.append((trial_id, "its driver stopped before it finished (before it named itself on it)"))
    for trial_id, reason in orphans:
        study._storage.set_trial_user_attr(trial_id, "reason", reason)
        number = study._storage.get_trial(trial_id).number
        study.tell(number, state=TrialState.FAIL, skip_if_finished=True)
    return len(orphans)


def _measured(attrs: dict[str, Any]) -> dict[str, Any]:
    """The verification and timing attributes of a measured trial."""
    return {k: attrs[k] for k in ("error", "median_s", "spread", "times_s", "compile_s") if k in attrs}


def _pickle_space(space: Any) -> bytes:
    try:
        import cloudpickle  # lambdas and closures too, when installed

        return bytes(cloudpickle.dumps(space))
    except ImportError:
        return pickle.dumps(space)


@dataclass
class _Run:
    """One run of the driver over a study (``run`` below)."""

    study: optuna.Study
    module: Operation
    text: str
    func: str
    space: Space
    base: Trace
    executor: Executor
    stats: Stats
    reps: int = 5
    seed: int = 0
    on_update: Callable[[Stats], None] | None = None
    timeout: float = 120.0
    contenders: int = 3
    trials: dict[int, optuna.trial.Trial] = field(default_factory=dict)
    seen: dict[str, tuple[int, float, dict[str, Any]]] = field(default_factory=dict)
    exhausted: bool = False

    def _tell(self, trial: optuna.trial.Trial, value: float | None, state: TrialState) -> None:
        try:
            if state == TrialState.COMPLETE:
                self.study.tell(trial, value)
            else:
                self.study.tell(trial, state=state)
        except RuntimeError as e:  # the brute-force sampler stops a study it has swept entirely
            if "stop" not in str(e):
                raise
            # a baseline has no parameters: it says nothing about the space
            self.exhausted = self.exhausted or trial.user_attrs.get("baseline") is None
        st = self.stats
        st.done += 1
        if state == TrialState.COMPLETE:
            st.complete += 1
            which = trial.user_attrs.get("baseline")
            if which == "plain":
                st.plain = value
            if which == "optimize":
                st.optimized = value
            if value is not None and (st.best is None or value < st.best):
                st.best, st.best_trace = value, str(Trace.from_json(trial.user_attrs.get("trace", "[]")))
        elif state == TrialState.PRUNED:
            st.pruned += 1
        else:
            st.failed += 1
        if st.done % 25 == 0:
            # Each candidate's IR and model are cyclic garbage holding isl's native memory,
            # which the collector's allocation counts do not see: collect it regularly so
            # the driver's memory stays flat over thousands of trials.
            gc.collect()
        if self.on_update is not None:
            self.on_update(st)

    def _reject(self, trial: optuna.trial.Trial, reason: str, state: TrialState) -> None:
        trial.set_user_attr("reason", reason[:2000])
        self.stats.last_reason = reason
        self._tell(trial, None, state)

    def _prepare(self, trial: optuna.trial.Trial) -> Task | None:
        """The trial's task for a worker, or None when it was settled here
        (pruned as illegal, failed in the space, or a duplicate)."""
        trial.set_user_attr("driver", _driver_id())
        which = trial.user_attrs.get("baseline")
        space_blob = None
        if which == "plain":
            trace = "[]"
        elif which == "optimize":
            trace = self.base.to_json()
        else:
            s = Schedule(parse(self.text), self.func)  # parsed anew: a clone would lose the source names of loops
            try:
                verdict = self.space(trial, s)
            except Refused as e:
                trial.set_user_attr("trace", s.trace.to_json())
                self._reject(trial, e.reason, TrialState.PRUNED)
                return None
            except (TransformError, optuna.TrialPruned) as e:
                trial.set_user_attr("trace", s.trace.to_json())
                self._reject(trial, str(e) or "pruned by the space", TrialState.PRUNED)
                return None
            except Exception as e:  # a bug of a script's space: this trial's failure
                self._reject(trial, f"the space raised {type(e).__name__}: {e}", TrialState.FAIL)
                return None
            if isinstance(verdict, Verdict) and not verdict.ok:
                trial.set_user_attr("trace", s.trace.to_json())
                self._reject(trial, verdict.reason, TrialState.PRUNED)
                return None
            trace = s.trace.to_json()
            if not getattr(self.space, "trace_determines_program", False):
                space_blob = _pickle_space(self.space)
        trial.set_user_attr("trace", trace)
        if space_blob is None and trace in self.seen:  # the same program: measured once
            number, value, measured = self.seen[trace]
            trial.set_user_attr("duplicate_of", number)
            for k, v in measured.items():  # its verification and timing are the original's
                trial.set_user_attr(k, v)
            self._tell(trial, value, TrialState.COMPLETE)
            return None
        return Task(trial.number, self.text, self.func, trace, dict(trial.params), space_blob, self.reps, self.seed)

    def _finish(self, result: Result) -> None:
        trial = self.trials.pop(result.number)
        for k, v in result.attrs.items():
            trial.set_user_attr(k, v)
        if result.ok:
            if trial.user_attrs.get("baseline") is not None or getattr(self.space, "trace_determines_program", False):
                key = trial.user_attrs.get("trace", "")
                self.seen.setdefault(key, (trial.number, float(result.value or 0.0), _measured(result.attrs)))
            self._tell(trial, result.value, TrialState.COMPLETE)
        else:
            self._reject(trial, result.reason, TrialState.FAIL)

    def _task(self, t: optuna.trial.FrozenTrial) -> Task:
        """The task that rebuilds the finished trial ``t``'s candidate."""
        blob = None
        if t.user_attrs.get("baseline") is None and not getattr(self.space, "trace_determines_program", False):
            blob = _pickle_space(self.space)
        trace = str(t.user_attrs.get("trace", "[]"))
        return Task(t.number, self.text, self.func, trace, dict(t.params), blob, self.reps, self.seed)

    def _program(self, t: optuna.trial.FrozenTrial) -> str:
        """What tells the finished trial ``t``'s program apart: its trace, and
        its parameters when a script's space edits the IR beyond its trace."""
        trace = str(t.user_attrs.get("trace", "[]"))
        if t.user_attrs.get("baseline") is None and not getattr(self.space, "trace_determines_program", False):
            return f"{trace} {sorted(t.params.items())}"
        return trace

    def _final(self) -> None:
        """The closing contest (``contest``): the ``contenders`` fastest
        distinct verified candidates against ``optimize``'s trial, side by
        side in one worker; the winner goes to the study's ``contest``
        attribute (which ``best_trace`` reads) and to the stats."""
        trials = self.study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
        complete = [t for t in trials if t.value is not None]
        done = [t for t in complete if "duplicate_of" not in t.user_attrs]
        ref = next((t for t in complete if t.user_attrs.get("baseline") == "optimize"), None)
        if ref is None:  # optimize's trace failed, or was never measured: nothing to hold the result to
            return
        # optimize's trace may be another trial's (the untransformed program's, when optimize changes nothing)
        ref = next((t for t in done if t.number == ref.user_attrs.get("duplicate_of", ref.number)), ref)
        picked, programs = [ref], {self._program(ref)}
        for t in sorted(done, key=lambda t: (t.value, t.number)):
            if len(picked) > self.contenders:
                break
            if self._program(t) not in programs:
                picked.append(t)
                programs.add(self._program(t))
        record: dict[str, Any] = {"against": ref.number, "trials": len(self.study.trials)}
        if len(picked) == 1:
            record |= {"winner": ref.number, "why": "no other verified candidate"}
        else:
            tasks = [self._task(t) for t in picked]
            self.executor.submit(Contest(tasks, ref.number), timeout=2 * self.timeout * len(tasks))
            result = None
            while result is None:
                result = next((r for r in self.executor.wait(0.25) if r.number == CONTEST), None)
            if result.ok:
                record |= result.attrs
                record["winner"] = winner(result.attrs, ref.number)
            else:  # nothing confirms a faster candidate: optimize's trace is the safe result
                record |= {"winner": ref.number, "why": f"the contest failed: {result.reason}"[:2000]}
        self.study.set_user_attr("contest", record)
        best = next(t for t in picked if t.number == record["winner"])
        st = self.stats
        medians = record.get("medians_s", {})
        st.best = medians.get(str(best.number), best.value)
        st.optimized = medians.get(str(ref.number), ref.value)
        st.best_trace = str(Trace.from_json(best.user_attrs.get("trace", "[]")))
        if "rounds" in record:
            st.final = (
                f"trial {best.number} picked by {len(picked)} candidates timed side by side "
                f"({record['rounds']} rounds; {record['scores'][str(best.number)]:.3f}x optimize's time)"
            )
        else:
            st.final = f"trial {best.number}: {record['why']}"
        if self.on_update is not None:
            self.on_update(st)

    def go(self, n_trials: int) -> None:
        asked = 0
        try:
            while (asked < n_trials and not self.exhausted) or self.trials:
                while asked < n_trials and not self.exhausted and self.executor.free() > 0:
                    trial = self.study.ask()
                    asked += 1
                    task = self._prepare(trial)
                    if task is not None:
                        self.trials[trial.number] = trial
                        self.executor.submit(task)
                for result in self.executor.wait(0.25):
                    self._finish(result)
            self._final()
        except BaseException:
            for trial in list(self.trials.values()):  # never measured: failed, not lost
                trial.set_user_attr("reason", "interrupted before it finished")
                self.study.tell(trial, state=TrialState.FAIL, skip_if_finished=True)
            self.trials.clear()
            raise
        finally:
            self.executor.close()


def run(
    module: Operation | str,
    func: str,
    n_trials: int = 50,
    storage: str | None = None,
    client: Any = None,
    space: Space | None = None,
    *,
    source: str | None = None,
    name: str | None = None,
    sampler: str | optuna.samplers.BaseSampler = "tpe",
    seed: int | None = None,
    timeout: float = 120.0,
    workers: int = 1,
    threads: int = 1,
    reps: int = 5,
    max_tasks_per_child: int = 25,
    on_update: Callable[[Stats], None] | None = None,
) -> tuple[optuna.Study, Trace]:
    """Tune ``func`` of ``module`` (an Operation or MLIR text) for ``n_trials``
    more trials; returns the study and the best trace (see the module
    docstring). ``storage``: a file name (sqlite) or URL, None for memory;
    ``client``: a ``dask.distributed.Client`` to evaluate on its workers;
    ``space``: ``(trial, schedule) -> None | Verdict`` (default: ``PerturbSpace``
    around ``optimize``'s trace); ``source``: the file name the study is
    named for (default: the program's hash)."""
    text = module if isinstance(module, str) else print_ir(module)
    mod = parse(text)
    sha = hashlib.sha1(text.encode()).hexdigest()
    dry = Schedule(parse(text), func)
    dry.optimize()
    base = dry.trace
    if space is None:
        space = PerturbSpace.from_base(text, func, base)
    study_id = name or study_name(source or f"module-{sha[:10]}", func)
    smp = make_sampler(sampler, seed, n_trials) if isinstance(sampler, str) else sampler
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(
        study_name=study_id, storage=storage_url(storage), sampler=smp, direction="minimize", load_if_exists=True
    )
    known = study.user_attrs.get("program_sha1")
    if known is None:
        for key, value in {"program_sha1": sha, "program": text, "func": func, "base_trace": base.to_json()}.items():
            study.set_user_attr(key, value)
        study.set_user_attr("machine", f"{cpu_model()}, {host().vector_bits}-bit vectors")
    elif known != sha:
        raise ValueError(
            f"study '{study_id}' in {storage} tunes another program (sha1 {known[:10]}): give another study name"
        )
    _fail_orphans(study)
    _enqueue_baselines(study)
    executor: Executor
    if client is not None:
        executor = DaskWorkers(client, timeout)
    else:
        executor = LocalWorkers(workers, timeout, max_tasks_per_child, threads)
    stats = Stats(n_trials, plain=_baseline_value(study, "plain"), optimized=_baseline_value(study, "optimize"))
    driver = _Run(study, mod, text, func, space, base, executor, stats, reps, 0, on_update, timeout)
    for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,)):
        if "duplicate_of" not in t.user_attrs and t.value is not None:
            driver.seen.setdefault(t.user_attrs.get("trace", ""), (t.number, t.value, _measured(t.user_attrs)))
    try:
        best = study.best_trial
        stats.best, stats.best_trace = best.value, str(Trace.from_json(best.user_attrs.get("trace", "[]")))
    except ValueError:  # no complete trial yet
        pass
    driver.go(n_trials)
    return study, best_trace(study)


def best_trial(study: optuna.Study) -> optuna.trial.FrozenTrial:
    """The study's result: the winner of its last closing contest (``contest``),
    else the trial of the lowest time (complete, hence verified)."""
    won = study.user_attrs.get("contest", {}).get("winner")
    if isinstance(won, int):
        t = study._storage.get_trial(study._storage.get_trial_id_from_study_id_trial_number(study._study_id, won))
        if t.state == TrialState.COMPLETE:
            return t
    return study.best_trial


def best_trace(study: optuna.Study) -> Trace:
    """The trace of the study's result (``best_trial``)."""
    try:
        best = best_trial(study)
    except ValueError:
        reasons = [t.user_attrs.get("reason", "") for t in study.get_trials(deepcopy=False)]
        last = next((r for r in reversed(reasons) if r), "none given")
        raise ValueError(f"no trial of study '{study.study_name}' completed (last reason: {last})") from None
    return Trace.from_json(best.user_attrs.get("trace", "[]"))


def best_program(study: optuna.Study) -> str:
    """The best trial's program as MLIR text (its trace replayed on the
    program the study tunes; for a script's space that edits the IR beyond
    its trace, rebuilt the same way as in the worker)."""
    s = Schedule(parse(study.user_attrs["program"]), study.user_attrs["func"])
    s.replay(best_trace(study))
    return print_ir(s.module)
