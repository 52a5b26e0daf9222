"""The registry's part of the search space: parameters and places read from the declarations.

    params = suggest_params(trial, "band0.unroll", REGISTRY["unroll"], {"factor": 4}, 1)
    sites = band_sites(s, top)          # where other declared primitives may go in a band
    apply_site(trial, s, "band0.toy0", site, anchor)

A primitive's searched parameters are those whose declared domain has
values to try (``Param.tuned``); ``suggest_params`` asks the trial for each
(an ``ints`` parameter: one value per loop). A *site* is a place a
primitive's own ``candidates`` name in the base program (loops as
pre-order offsets from the band's outermost loop, or none for a
function-wide primitive), kept when its verdict there is legal; a trial
turns it on or off (``ON``) and picks its searched parameters. A refused
verdict raises ``Refused`` (``require``): the trial is pruned with its reason. Every
declared primitive with searched parameters that the space does not place
itself (``space.PLACED``) gets its sites this way, so a new declaration is
in the space without a change here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..affine.legality import Verdict
from ..affine.model import Loop
from ..transforms.loops.errors import TransformError
from ..transforms.loops.handle import Schedule
from ..transforms.loops.primitives import REGISTRY, Primitive
from .domains import Domain, of_param

__all__ = [
    "ON",
    "Refused",
    "Site",
    "apply_site",
    "band_sites",
    "function_sites",
    "is_dropped",
    "require",
    "suggest_params",
]

# Whether a site (a place for a primitive, a loop to run in parallel) is used: not a primitive's parameter.
ON = Domain((True, False), ordered=False)


class Refused(Exception):
    """A candidate that is not legal: the trial is pruned with ``reason``."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def require(verdict: Verdict, what: str = "") -> Verdict:
    """``verdict`` when it is ok, else ``Refused`` with its reason."""
    if not verdict.ok:
        raise Refused(f"{what}: {verdict.reason}" if what else verdict.reason)
    return verdict


@dataclass
class Site:
    """A place for ``primitive``: its loops as pre-order offsets from an
    anchor loop (the band's outermost; none for a function-wide primitive)
    and the candidate's parameters that are not searched (method keywords)."""

    primitive: str
    offsets: list[int] = field(default_factory=list)
    fixed: dict[str, Any] = field(default_factory=dict)


def suggest_params(
    trial: Any,
    name: str,
    prim: Primitive,
    current: dict[str, Any],
    n_loops: int,
    legal: dict[str, tuple[Any, ...]] | None = None,
) -> dict[str, Any]:
    """The searched parameters of ``prim`` as ``trial`` picks them (by trace
    key), in declaration order; one whose ``searched_when`` condition the
    others' values do not meet is left out (its default). ``current``: a
    base step's parameters, whose values stay choices and give the length
    of an ``ints`` value (else one per loop). ``legal``: per trace key, the
    values to try where fewer than the domain's apply at this place."""
    out: dict[str, Any] = {}
    for p in prim.tuned_params:
        if p.searched_when is not None:
            other, values = p.searched_when
            q = prim.param(other)
            now = out.get(q.trace_key, current.get(q.trace_key, q.default))
            if now not in values:
                continue
        dom = of_param(p)
        key = p.trace_key
        if legal is not None and key in legal:
            dom = dom.among(legal[key])
        if p.kind == "ints":
            now = current.get(key)
            n = len(now) if isinstance(now, (list, tuple)) else n_loops
            out[key] = [dom.suggest(trial, f"{name}.{key}{d}") for d in range(n)]
        else:
            out[key] = (dom.including(current[key]) if key in current else dom).suggest(trial, f"{name}.{key}")
    return out


def is_dropped(prim: Primitive, params: dict[str, Any]) -> bool:
    """Whether a searched scalar parameter took its identity (the step changes nothing: left out)."""
    return any(
        p.kind != "ints" and p.trace_key in params and of_param(p).is_identity(params[p.trace_key])
        for p in prim.tuned_params
    )


def _extra(prim: Primitive, placed: Iterable[str], kinds: tuple[str, ...]) -> bool:
    return (
        prim.name not in placed and prim.candidates is not None and prim.loops.kind in kinds and bool(prim.tuned_params)
    )


def _arguments(prim: Primitive, loops: list[str]) -> list[Any]:
    kind = prim.loops.kind
    return [] if kind == "none" else [loops] if kind == "band" else loops[:1]


def _legal(s: Schedule, prim: Primitive, loops: list[Loop], params: dict[str, Any]) -> bool:
    """Whether ``prim`` applies at ``loops`` of ``s`` (a dry run on a copy)."""
    try:
        return s.copy().run(prim.name, *_arguments(prim, [s.spec_of(lp) for lp in loops]), **params).ok
    except TransformError:
        return False


def _sites(
    s: Schedule, prim: Primitive, found: Iterable[tuple[list[Loop], dict[str, Any]]], anchor: int, size: int
) -> list[Site]:
    out: list[Site] = []
    loops_now = s.all_loops()
    tuned = {p.name for p in prim.tuned_params}
    for loops, params in found:
        offsets = [loops_now.index(lp) - anchor for lp in loops]
        if any(not 0 <= o < size for o in offsets) or not _legal(s, prim, loops, params):
            continue
        site = Site(prim.name, offsets, {k: v for k, v in params.items() if k not in tuned})
        if site not in out:
            out.append(site)
    return out


def band_sites(s: Schedule, top: Loop, placed: Iterable[str]) -> list[Site]:
    """The legal sites in the band from ``top`` of every loop or band
    primitive with searched parameters that is not ``placed``."""
    band = s.band_from(top)
    anchor = s.all_loops().index(top)
    out: list[Site] = []
    for prim in REGISTRY.values():
        if _extra(prim, placed, ("loop", "band")):
            assert prim.candidates is not None
            found = [c for lp in band for c in prim.candidates(s, lp, False)]
            out += _sites(s, prim, found, anchor, len(band))
    return out


def function_sites(s: Schedule, placed: Iterable[str]) -> list[Site]:
    """The legal sites of every function-wide primitive with searched parameters that is not ``placed``."""
    out: list[Site] = []
    for prim in REGISTRY.values():
        if _extra(prim, placed, ("none",)):
            assert prim.candidates is not None
            out += _sites(s, prim, prim.candidates(s, None, False), 0, 1)
    return out


def apply_site(trial: Any, s: Schedule, name: str, site: Site, anchor: int) -> None:
    """Use ``site`` if ``trial`` turns it on, its searched parameters picked
    by the trial (``Refused`` with the verdict's reason when illegal)."""
    if not ON.suggest(trial, f"{name}.on"):
        return
    prim = REGISTRY[site.primitive]
    loops = [f"#{anchor + o}" for o in site.offsets]
    chosen = suggest_params(trial, name, prim, {}, len(loops))
    params = {**site.fixed, **{prim.param(k).name: v for k, v in chosen.items()}}
    require(s.run(prim.name, *_arguments(prim, loops), **params), f"{name} ({prim.name})")
