"""The tuner: resumable studies, verification before timing, pruning of
illegal candidates, worker crashes, a killed driver, Dask workers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

optuna = pytest.importorskip("optuna", reason="the tuner needs optuna (pip install 'polymlir[tune]')")

from optuna.trial import TrialState  # noqa: E402

import polymlir  # noqa: E402
from polymlir.tune import study as ST  # noqa: E402

from . import kernels as K  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _states(study) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in study.get_trials(deepcopy=False):
        out[t.state.name] = out.get(t.state.name, 0) + 1
    return out


def test_resumed_study_adds_trials(tmp_path):
    db = str(tmp_path / "t.db")
    kw = dict(storage=db, source="stream.mlir", sampler="random", seed=0, reps=1, workers=1)
    study, best = polymlir.tune(K.STREAM, "kernel", n_trials=8, **kw)
    assert len(study.trials) == 8
    study, best = polymlir.tune(K.STREAM, "kernel", n_trials=8, **kw)
    again = optuna.load_study(study_name=study.study_name, storage=f"sqlite:///{db}")
    assert len(again.trials) == 16
    baselines = [t.user_attrs.get("baseline") for t in again.trials if t.user_attrs.get("baseline")]
    assert sorted(baselines) == ["optimize", "plain"]  # measured once, not again on resume
    assert ":kernel@" in study.study_name and study.study_name.startswith("stream:")
    for t in again.trials:
        if t.state == TrialState.COMPLETE:
            assert "trace" in t.user_attrs and t.user_attrs["error"] <= 1e-9
            assert t.user_attrs["median_s"] > 0 and "spread" in t.user_attrs and "compile_s" in t.user_attrs
    assert best is not None


def test_planted_wrong_candidate_fails_verification():
    study, best = polymlir.tune(K.RECURRENCE, "kernel", n_trials=4, space=K.planted_swap, sampler="grid", reps=1)
    swapped = [t for t in study.trials if t.params.get("swap") is True]
    assert len(swapped) == 1
    assert swapped[0].state == TrialState.FAIL
    assert "wrong result" in swapped[0].user_attrs["reason"]
    assert study.best_trial.params.get("swap") is not True
    assert study.best_trial.state == TrialState.COMPLETE
    result = ST.best_trial(study)  # the study's result: its closing contest's winner
    assert result.state == TrialState.COMPLETE and result.params.get("swap") is not True
    assert str(swapped[0].number) not in study.user_attrs["contest"].get("scores", {})  # never a contender


def test_illegal_candidate_is_pruned_with_its_reason():
    study, _ = polymlir.tune(K.RECURRENCE, "kernel", n_trials=4, space=K.ask_interchange, sampler="grid", reps=1)
    pruned = [t for t in study.trials if t.state == TrialState.PRUNED]
    assert len(pruned) == 1 and pruned[0].params["swap"] is True
    reason = pruned[0].user_attrs["reason"]
    assert reason.startswith("interchange j, i:") and "dependence" in reason
    assert "compile_s" not in pruned[0].user_attrs  # never compiled


def test_worker_crash_costs_one_trial():
    study, _ = polymlir.tune(K.STREAM, "kernel", n_trials=4, space=K.crash_in_worker, sampler="grid", reps=1)
    failed = [t for t in study.trials if t.state == TrialState.FAIL]
    assert len(failed) == 1 and failed[0].params["x"] == 1
    assert "worker crashed (exit code 3)" in failed[0].user_attrs["reason"]
    assert _states(study)["COMPLETE"] == 3


def test_hung_trial_times_out_and_costs_one_trial():
    study, _ = polymlir.tune(K.STREAM, "kernel", n_trials=4, space=K.hang_in_worker, sampler="grid", reps=1, timeout=20)
    failed = [t for t in study.trials if t.state == TrialState.FAIL]
    assert len(failed) == 1 and failed[0].params["x"] == 1, [(t.params, t.user_attrs.get("reason")) for t in failed]
    assert "timed out after 20 s" in failed[0].user_attrs["reason"]
    assert _states(study)["COMPLETE"] == 3


def test_sigkill_of_the_driver_loses_no_finished_trial(tmp_path):
    db = tmp_path / "k.db"
    script = textwrap.dedent(
        f"""
        import polymlir
        from tests.tune import kernels as K
        if __name__ == "__main__":
            polymlir.tune(K.STREAM, "kernel", n_trials=200, storage={str(db)!r}, source="stream.mlir",
                          space=K.unroll_only, sampler="random", seed=1, reps=1)
        """
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=str(ROOT), env=env)
    url = f"sqlite:///{db}"
    name = ST.study_name("stream.mlir", "kernel")
    finished = []
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.5)
            try:
                study = optuna.load_study(study_name=name, storage=url)
            except KeyError:
                continue
            finished = [(t.number, t.value) for t in study.get_trials(states=(TrialState.COMPLETE,))]
            if len(finished) >= 4:
                break
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert len(finished) >= 4, "the driver finished no trials before the deadline"
    study, _ = polymlir.tune(
        K.STREAM,
        "kernel",
        n_trials=1,
        storage=str(db),
        source="stream.mlir",
        space=K.unroll_only,
        sampler="random",
        reps=1,
    )
    after = {t.number: t for t in study.get_trials()}
    for number, value in finished:
        assert after[number].state == TrialState.COMPLETE and after[number].value == value
    assert not [t for t in after.values() if t.state == TrialState.RUNNING]
    orphans = [t for t in after.values() if "stopped before it finished" in t.user_attrs.get("reason", "")]
    assert all(t.state == TrialState.FAIL for t in orphans)


def test_dask_local_cluster_study(tmp_path):
    distributed = pytest.importorskip("distributed", reason="the Dask test needs dask[distributed]")
    db = str(tmp_path / "d.db")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cl:
        with distributed.Client(cl) as client:
            study, best = polymlir.tune(
                K.STREAM,
                "kernel",
                n_trials=20,
                storage=db,
                client=client,
                source="stream.mlir",
                sampler="tpe",
                seed=0,
                reps=1,
            )
    stored = optuna.load_study(study_name=study.study_name, storage=f"sqlite:///{db}")
    assert len(stored.trials) == 20
    complete = [t for t in stored.trials if t.state == TrialState.COMPLETE]
    assert complete and all(t.user_attrs["error"] <= 1e-9 for t in complete if "duplicate_of" not in t.user_attrs)
    assert not [t for t in stored.trials if t.state == TrialState.FAIL]


def test_a_trial_left_running_before_its_driver_named_itself_is_failed(tmp_path, monkeypatch):
    from polymlir.tune import study as STUDY

    monkeypatch.setattr(STUDY, "UNCLAIMED_S", 0.05)
    study = optuna.create_study(storage=f"sqlite:///{tmp_path / 'o.db'}", study_name="o")
    unnamed = study.ask()  # a driver killed right after asking: the trial runs with no driver on it
    named = study.ask()
    named.set_user_attr("driver", STUDY._driver_id())  # this process: alive
    assert STUDY._fail_orphans(study) == 1
    states = {t.number: t for t in study.get_trials()}
    assert states[unnamed.number].state == TrialState.FAIL
    assert "stopped before it finished" in states[unnamed.number].user_attrs["reason"]
    assert states[named.number].state == TrialState.RUNNING
