"""The parameter domains the tuner searches, one table: primitive -> parameter -> values.

    domain("register_tile", "mr")   # Domain((1, 2, ..., 8))
    domain("tile", "size")          # 4 .. 256 and 0 (untiled), in that order

Every choice the default space (``space.PerturbSpace``) offers comes from
``DOMAINS`` through ``domain``, so that the table can later be read from the
primitive registry (each primitive declaring its parameters and their
domains once) by changing ``domain`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["DOMAINS", "Domain", "domain"]


@dataclass(frozen=True)
class Domain:
    """The values of one parameter, in order. Ordered numeric domains are
    suggested as integers (a range when the values are consecutive, else an
    index into ``values``) so that CMA-ES and GP model them; the others as
    categorical choices."""

    values: tuple[Any, ...]
    ordered: bool = True

    def suggest(self, trial: Any, name: str) -> Any:
        """The value ``trial`` (an Optuna trial) picks for parameter ``name``."""
        vals = self.values
        if len(vals) == 1:
            return vals[0]
        numeric = all(isinstance(v, int) and not isinstance(v, bool) for v in vals)
        if self.ordered and numeric and list(vals) == list(range(vals[0], vals[0] + len(vals))):
            return trial.suggest_int(name, vals[0], vals[-1])
        if self.ordered and numeric:
            return vals[trial.suggest_int(name, 0, len(vals) - 1)]
        return trial.suggest_categorical(name, list(vals))


# 0 stands for "untiled" and comes last: an untiled loop is one tile of its whole extent.
_TILE_SIZES = (4, 8, 16, 32, 64, 128, 256, 0)

DOMAINS: dict[str, dict[str, Domain]] = {
    "register_tile": {
        "mr": Domain(tuple(range(1, 9))),
        "nv": Domain((1, 2, 3, 4)),
        "kc": Domain((None, 32, 64, 128, 256, 512), ordered=False),
        "fma": Domain((True, False), ordered=False),
        "parallel": Domain((True, False), ordered=False),
    },
    "unroll_jam": {"factor": Domain(tuple(range(1, 17)))},
    "tile": {"size": Domain(_TILE_SIZES), "levels": Domain((1, 2))},
    "unroll": {"factor": Domain((1, 2, 4, 8))},
    "parallelize": {"on": Domain((True, False), ordered=False)},
}


def domain(primitive: str, param: str) -> Domain:
    """The domain of ``param`` of ``primitive`` (KeyError naming what is known)."""
    table = DOMAINS.get(primitive)
    if table is None or param not in table:
        known = ", ".join(f"{p}.{q}" for p, t in DOMAINS.items() for q in t)
        raise KeyError(f"no tuning domain for {primitive}.{param} (known: {known})")
    return table[param]
