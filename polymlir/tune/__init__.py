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

import sys
import types
from typing import Any

try:
    import optuna  # noqa: F401  (the one requirement: say so plainly when it is absent)
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError("polymlir.tune needs Optuna: pip install 'polymlir[tune]'") from e

from .domains import DOMAINS, Domain, domain
from .space import PerturbSpace, Refused, Space, require
from .study import best_program, best_trace, run

__all__ = [
    "DOMAINS",
    "Domain",
    "PerturbSpace",
    "Refused",
    "Space",
    "best_program",
    "best_trace",
    "domain",
    "require",
    "run",
    "tune",
]


def tune(module: Any, func: str, n_trials: int = 50, storage: str | None = None, **kwargs: Any) -> Any:
    """``polymlir.tune(module, func, n_trials=..., storage=..., client=None,
    space=None)``: returns ``(study, best trace)``; see ``study.run``."""
    return run(module, func, n_trials, storage, **kwargs)


class _CallableModule(types.ModuleType):
    """``polymlir.tune`` is this package, and calling it tunes: the package
    attribute and the function of the public API share the name."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return tune(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
