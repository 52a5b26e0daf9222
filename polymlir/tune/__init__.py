"""``polymlir tune``: verified, resumable auto-tuning over schedule traces (Optuna).

    import polymlir
    study, best = polymlir.tune(module, "kernel", n_trials=100, storage="tune.db")
    print(best.to_json())                  # replayable: polymlir apply --trace

A candidate is a trace of the schedule API's primitives, chosen
define-by-run by an Optuna sampler (``space``); an illegal one is pruned
with its verdict's reason, a legal one is built, compiled, verified against
the untransformed program and timed in a worker process (``evaluate``,
``workers``), and every finished trial is committed to the study storage at
once (``study``). ``report`` prints a study and plots it. Needs the
``tune`` extra (``pip install 'polymlir[tune]'``); ``dask`` for clusters.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

# Everything loads on first use: `polymlir --help` imports this package (for the
# `tune` subcommand) and must neither need Optuna nor load islpy (start-up time).
_NAMES = {
    "Domain": ".domains",
    "domain": ".domains",
    "PerturbSpace": ".space",
    "Refused": ".space",
    "Space": ".space",
    "require": ".space",
    "best_program": ".study",
    "best_trace": ".study",
    "run": ".study",
}

__all__ = [*_NAMES, "tune"]


def _require_optuna() -> None:
    try:
        import optuna  # noqa: F401  (the one requirement: say so plainly when it is absent)
    except ImportError as e:
        raise ImportError("polymlir.tune needs Optuna: pip install 'polymlir[tune]'") from e


def __getattr__(name: str) -> Any:
    where = _NAMES.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if where == ".study":
        _require_optuna()
    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def tune(module: Any, func: str, n_trials: int = 50, storage: str | None = None, **kwargs: Any) -> Any:
    """``polymlir.tune(module, func, n_trials=..., storage=..., client=None,
    space=None)``: returns ``(study, best trace)``; see ``study.run``."""
    _require_optuna()
    from .study import run

    return run(module, func, n_trials, storage, **kwargs)


class _CallableModule(types.ModuleType):
    """``polymlir.tune`` is this package, and calling it tunes: the package
    attribute and the function of the public API share the name."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return tune(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
