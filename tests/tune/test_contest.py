"""The closing contest: a trial's own time can be a lucky (or preempted)
moment, so the result of a study is the winner of its fastest candidates
and ``optimize``'s timed side by side, never a candidate that only its own
trial measured as fast."""

from __future__ import annotations

import pytest

optuna = pytest.importorskip("optuna", reason="the tuner needs optuna (pip install 'polymlir[tune]')")

from optuna.trial import TrialState  # noqa: E402

import polymlir  # noqa: E402
from polymlir.tune import study as ST  # noqa: E402
from polymlir.tune.contest import Contest, contest, faster_beyond_noise, winner  # noqa: E402
from polymlir.tune.evaluate import Result, Task  # noqa: E402
from polymlir.tune.workers import LocalWorkers  # noqa: E402

from . import kernels as K  # noqa: E402

optuna.logging.set_verbosity(optuna.logging.WARNING)


def test_winner_is_faster_beyond_noise_else_the_reference():
    ten = [1.0] * 10
    record = {
        "scores": {"1": 1.0, "4": 0.8, "7": 0.9, "9": 0.7},
        "ratios": {"1": ten, "4": [0.8] * 10, "7": [0.9] * 10, "9": [0.6] * 6 + [1.2] * 4},
    }
    assert winner(record, against=1) == 4  # 9's score is lower, but 6 faster rounds of 10 are noise
    assert not faster_beyond_noise([0.6] * 6 + [1.2] * 4)
    assert faster_beyond_noise([0.9] * 9 + [1.1]) and not faster_beyond_noise([0.9] * 8 + [1.1] * 3)
    assert not faster_beyond_noise([0.5] * 4)  # four rounds cannot tell (1/16 > 5%)
    slower = {"scores": {"1": 1.0, "4": 1.02}, "ratios": {"1": ten, "4": [1.02] * 10}}
    assert winner(slower, against=1) == 1
    tie = {"scores": {"1": 1.0, "4": 1.0}, "ratios": {"1": ten, "4": ten}}
    assert winner(tie, against=1) == 1  # a tie keeps optimize's trace
    steady = {"scores": {"1": 1.0, "4": 0.995}, "ratios": {"1": ten, "4": [0.995] * 10}}
    assert faster_beyond_noise([0.995] * 10) and winner(steady, against=1) == 1  # within MIN_GAIN: a tie
    assert winner({}, against=1) == 1


class LuckyWorkers(LocalWorkers):
    """Local workers whose trials of the planted slow candidate report a
    time far below anything real: the moment of luck a loaded machine gives."""

    lucky: set[int] = set()

    def submit(self, task, timeout=None):
        if isinstance(task, Task) and task.params.get("slow") is True:
            self.lucky.add(task.number)
        super().submit(task, timeout)

    def wait(self, poll):
        out = []
        for r in super().wait(poll):
            if r.ok and r.number in self.lucky:
                r = Result(r.number, True, 1e-12, "", {**r.attrs, "median_s": 1e-12})
            out.append(r)
        return out


def test_a_candidate_fast_only_in_its_own_trial_is_not_the_result(monkeypatch):
    monkeypatch.setattr(ST, "LocalWorkers", LuckyWorkers)
    LuckyWorkers.lucky = set()
    study, best = polymlir.tune(K.DOUBLE, "kernel", n_trials=4, space=K.planted_slow, sampler="grid", reps=1)
    slow = [t for t in study.trials if t.params.get("slow") is True]
    assert len(slow) == 1 and slow[0].state == TrialState.COMPLETE
    assert study.best_trial.number == slow[0].number  # by its own (lucky) time it is the best trial
    record = study.user_attrs["contest"]
    opt = next(t for t in study.trials if t.user_attrs.get("baseline") == "optimize")
    against = opt.user_attrs.get("duplicate_of", opt.number)  # optimize leaves this kernel as it is
    assert record["against"] == against and record["rounds"] >= 11 and not record["failed"]
    assert str(slow[0].number) in record["scores"]  # it was a contender ...
    assert record["scores"][str(slow[0].number)] > 2.0  # ... and side by side it is thousands of runs slower
    assert record["winner"] != slow[0].number
    assert ST.best_trial(study).number == record["winner"]


def test_a_study_records_its_contest_and_returns_its_winner(tmp_path):
    db = str(tmp_path / "c.db")
    study, best = polymlir.tune(
        K.STREAM, "kernel", n_trials=6, storage=db, source="stream.mlir", space=K.unroll_only, sampler="grid", reps=1
    )
    record = study.user_attrs["contest"]
    assert set(record) >= {"winner", "against", "trials", "rounds", "scores", "ratios", "medians_s", "failed"}
    assert record["scores"][str(record["against"])] == 1.0
    won = ST.best_trial(study)
    assert won.state == TrialState.COMPLETE and won.number == record["winner"]
    assert best.to_json() == won.user_attrs["trace"]
    stored = optuna.load_study(study_name=study.study_name, storage=f"sqlite:///{db}")
    assert stored.user_attrs["contest"]["winner"] == record["winner"]  # in storage: the report and -o read it


def test_a_contender_that_no_longer_verifies_is_left_out():
    tasks = [Task(1, K.RECURRENCE, "kernel", "[]", reps=1), Task(2, K.RECURRENCE, "kernel", "[]", reps=1)]
    swap = Task(3, K.RECURRENCE, "kernel", "[]", {"swap": True}, ST._pickle_space(K.planted_swap), reps=1)
    r = contest(Contest([*tasks, swap], against=1, rounds=3, budget_s=0.0))
    assert r.ok and set(r.attrs["scores"]) == {"1", "2"} and r.attrs["rounds"] == 3
    assert "wrong result" in r.attrs["failed"]["3"]
    bad = contest(Contest([swap, tasks[1]], against=3, rounds=1, budget_s=0.0))
    assert not bad.ok and "reference trial 3 failed again: wrong result" in bad.reason
