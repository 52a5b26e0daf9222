"""A study in storage, as a table and as plots (``polymlir tune --report t.db``).

print(table(study)); plots(study, "plots/")   # optimization history, parameter importances
"""

from __future__ import annotations

import statistics
import warnings
from pathlib import Path
from typing import Any

import optuna
from optuna.trial import FrozenTrial, TrialState

from ..transforms.loops.trace import Trace

__all__ = ["plots", "studies", "table"]


def studies(storage: str) -> list[optuna.Study]:
    """Every study in ``storage`` (an Optuna URL)."""
    names = optuna.study.get_all_study_names(storage)
    return [optuna.load_study(study_name=n, storage=storage) for n in names]


def _baseline(trials: list[FrozenTrial], which: str) -> float | None:
    return next((t.value for t in trials if t.user_attrs.get("baseline") == which and t.value is not None), None)


def table(study: optuna.Study, top: int = 10) -> str:
    """Counts by state, the baselines, the ``top`` fastest verified trials
    (time, spread, speed-ups, trace) and the commonest pruning reasons."""
    trials = study.get_trials(deepcopy=False)
    done = [t for t in trials if t.state == TrialState.COMPLETE and t.value is not None]
    counts = {s.name.lower(): sum(1 for t in trials if t.state == s) for s in TrialState}
    plain, opt = _baseline(done, "plain"), _baseline(done, "optimize")
    lines = [
        f"study {study.study_name}: {len(trials)} trials ("
        + ", ".join(f"{n} {k}" for k, n in counts.items() if n)
        + ")",
        f"machine: {study.user_attrs.get('machine', '?')}",
        f"untransformed: {'-' if plain is None else f'{plain * 1e3:.3f} ms'}   "
        f"optimize: {'-' if opt is None else f'{opt * 1e3:.3f} ms'}",
        f"{'trial':>6} {'median':>12} {'spread':>7} {'vs plain':>9} {'vs opt':>7}  trace",
    ]
    for t in sorted(done, key=lambda t: t.value or 0.0)[:top]:
        value = t.value or 0.0
        tag = t.user_attrs.get("baseline")
        trace = str(Trace.from_json(t.user_attrs.get("trace", "[]")))
        lines.append(
            f"{t.number:>6} {value * 1e3:>9.3f} ms {t.user_attrs.get('spread', 0.0):>6.1%} "
            f"{(plain / value if plain and value else 0):>8.2f}x {(opt / value if opt and value else 0):>6.2f}x  "
            + (f"[{tag}] " if tag else "")
            + trace
        )
    contest = study.user_attrs.get("contest")
    if contest:
        scores = contest.get("scores", {})
        lines.append(
            f"result: trial {contest['winner']} ("
            + (
                f"side by side with optimize's trial {contest['against']} over {contest['rounds']} rounds: "
                + ", ".join(f"#{n} {x:.3f}x" for n, x in sorted(scores.items(), key=lambda kv: kv[1]))
                if scores
                else contest.get("why", "")
            )
            + ")"
        )
    reasons: dict[str, int] = {}
    for t in trials:
        if t.state in (TrialState.PRUNED, TrialState.FAIL):
            r = str(t.user_attrs.get("reason", "?")).split(":")[0][:80]
            reasons[f"{t.state.name.lower()}: {r}"] = reasons.get(f"{t.state.name.lower()}: {r}", 0) + 1
    for r, n in sorted(reasons.items(), key=lambda x: -x[1])[:5]:
        lines.append(f"  {n:>4} x {r}")
    if done:
        lines.append(f"median of verified trials: {statistics.median(t.value or 0.0 for t in done) * 1e3:.3f} ms")
    return "\n".join(lines)


def plots(study: optuna.Study, out: str | Path) -> list[Path]:
    """The optimization history and the parameter importances as PNGs in
    ``out``; returns the files written (importances need two or more
    verified trials that share parameters)."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt
    from optuna.visualization import matplotlib as vis

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    stem = "".join(c if c.isalnum() else "_" for c in study.study_name)[:80]
    written = []
    with warnings.catch_warnings():  # optuna marks its matplotlib plots experimental
        warnings.simplefilter("ignore")
        ax = vis.plot_optimization_history(study)
    path = folder / f"{stem}-history.png"
    _save(ax, path, plt)
    written.append(path)
    try:
        with warnings.catch_warnings():  # experimental, and few trials per regime in short studies
            warnings.simplefilter("ignore")
            evaluator = optuna.importance.PedAnovaImportanceEvaluator()
            ax = vis.plot_param_importances(study, evaluator=evaluator)
    except (ValueError, RuntimeError, ZeroDivisionError):  # too few trials with common parameters
        return written
    path = folder / f"{stem}-importances.png"
    _save(ax, path, plt)
    written.append(path)
    return written


def _save(ax: Any, path: Path, plt: Any) -> None:
    fig = ax.get_figure(root=True)
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)
