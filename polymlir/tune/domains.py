"""The tuner's view of the parameter domains the primitives declare.

    domain("register_tile", "mr")   # Domain((1, 2, ..., 8)), from REGISTRY["register_tile"]
    domain("tile", "sizes")         # 4 .. 256 and 0 (untiled), in that order

Every value the default space (``space.PerturbSpace``) tries for a
primitive's parameter is read here from the primitive registry
(``Param.domain.tuning()``: declared once, beside the parameter); the few
choices that are no primitive's parameter (tiling levels, whether a site
is used) are declared by the space itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..transforms.loops.primitives import REGISTRY
from ..transforms.loops.primitives.registry import UNSET, Param

__all__ = ["Domain", "domain", "of_param", "tuned"]

# What Optuna stores as a categorical choice as it is; other values are chosen by index.
_PLAIN = (type(None), bool, int, float, str)


@dataclass(frozen=True)
class Domain:
    """The values of one parameter, in order. Ordered numeric domains are
    suggested as integers (a range when the values are consecutive, else an
    index into ``values``) so that CMA-ES and GP model them; the others as
    categorical choices. ``identity``: the value that leaves the program
    unchanged (unroll factor 1), if any."""

    values: tuple[Any, ...]
    ordered: bool = True
    identity: Any = UNSET

    def _how(self) -> str:
        """How the trial holds a value: "range" (itself), "index" (its index), "choice" (itself)."""
        vals = self.values
        numeric = all(isinstance(v, int) and not isinstance(v, bool) for v in vals)
        if self.ordered and numeric and list(vals) == list(range(vals[0], vals[0] + len(vals))):
            return "range"
        if (self.ordered and numeric) or not all(isinstance(v, _PLAIN) for v in vals):
            return "index"
        return "choice"

    def suggest(self, trial: Any, name: str) -> Any:
        """The value ``trial`` (an Optuna trial) picks for parameter ``name``."""
        vals = self.values
        if len(vals) == 1:
            return vals[0]
        how = self._how()
        if how == "range":
            return trial.suggest_int(name, vals[0], vals[-1])
        if how == "index":
            return vals[trial.suggest_int(name, 0, len(vals) - 1)]
        return trial.suggest_categorical(name, list(vals))

    def including(self, value: Any) -> Domain:
        """This domain with ``value`` among its values (in order when ordered
        and numeric): a base step's own value stays a choice."""
        if any(v == value and type(v) is type(value) for v in self.values):
            return self
        vals = [*self.values, value]
        if self._how() != "choice" and isinstance(value, int) and not isinstance(value, bool):
            vals.sort(key=lambda v: (v == self.identity and v == 0, v))  # an identity 0 (untiled) stays last
        return Domain(tuple(vals), self.ordered, self.identity)

    def among(self, values: tuple[Any, ...]) -> Domain:
        """This domain's values that are among ``values`` (in this domain's order)."""
        kept = tuple(v for v in self.values if any(v == w and type(v) is type(w) for w in values))
        return Domain(kept or self.values, self.ordered, self.identity)

    def encode(self, value: Any) -> Any:
        """``value`` as a trial stores it (``trial.params``, ``study.enqueue_trial``)."""
        return self.values.index(value) if self._how() == "index" else value

    def is_identity(self, value: Any) -> bool:
        return self.identity is not UNSET and value == self.identity and type(value) is type(self.identity)


def of_param(param: Param) -> Domain:
    """The tuning domain of a declared parameter."""
    d = param.domain
    return Domain(d.tuning(), d.ordered, d.identity)


def domain(primitive: str, param: str) -> Domain:
    """The tuning domain of ``param`` of ``primitive`` (method keyword or
    trace key), from the registry; KeyError naming what is searched."""
    prim = REGISTRY.get(primitive)
    p = next((q for q in prim.params if param in (q.name, q.trace_key)), None) if prim is not None else None
    if p is None or not p.tuned:
        known = ", ".join(f"{n}.{q.name}" for n, pr in REGISTRY.items() for q in pr.tuned_params)
        raise KeyError(f"no tuning domain for {primitive}.{param} (searched: {known})")
    return of_param(p)


def tuned(primitive: str) -> tuple[Param, ...]:
    """The parameters of ``primitive`` that a tuner searches (none for an unknown name)."""
    prim = REGISTRY.get(primitive)
    return prim.tuned_params if prim is not None else ()
