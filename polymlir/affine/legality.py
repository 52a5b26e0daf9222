"""Legality verdicts for transformations, from the dependence analysis.

Every verdict says why: a refusal names the violated dependence (kind,
source and sink ops with their locations, distance).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ir.core import Operation
from . import isl_bridge as ib
from .dependence import Dependence, dependences
from .model import Loop, PolyhedralModel


@dataclass
class Verdict:
    """Whether a transformation may be applied, and why not: ``reason`` is a
    sentence naming the violated dependence (or what is outside the model),
    ``hint`` a suggestion ("skew j by i first"), ``op`` the op the message
    is about (for a located diagnostic); once applied, ``loops`` names the
    loops the transformation made, by role (``tile``: ``{"tile": ["i_tile",
    "j_tile"], "point": ["i", "j"]}``), as selectors valid right after it."""

    ok: bool
    reason: str = ""
    violated: Dependence | None = None
    hint: str = ""
    op: object = None
    detail: str = ""  # e.g. one pair of instances the transformation would reorder
    loops: dict[str, list[str]] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.reason + (f" (hint: {self.hint})" if self.hint else "")

    def __bool__(self) -> bool:
        return self.ok

    @staticmethod
    def legal(reason: str = "legal") -> Verdict:
        return Verdict(True, reason)

    @staticmethod
    def illegal(dep: Dependence, why: str) -> Verdict:
        return Verdict(False, f"{why}: {dep.describe()}", dep)


def is_permutable(model: PolyhedralModel, band: list[Loop] | list[Operation]) -> bool:
    """Whether the loops of ``band`` (or their affine.for ops) may be permuted freely."""
    return band_is_permutable(model, [model.as_loop(x) for x in band])


def band_is_permutable(model: PolyhedralModel, band: list[Loop]) -> bool:
    return permutability(model, band).ok


def permutability(model: PolyhedralModel, band: list[Loop]) -> Verdict:
    """A band of nested loops is fully permutable when no dependence that
    the band's loops see (not carried by an outer loop) has a negative
    distance component on a band loop."""
    if not band:
        return Verdict.legal("empty band")
    for a, b in zip(band, band[1:], strict=False):
        if b.parent is not a:
            return Verdict(False, f"loops at {a.loc} and {b.loc} are not directly nested")
    first = band[0].depth
    for d in dependences(model):
        common = d.common_loops
        if band[0] not in common:
            continue
        if d.carried_by is not None and d.carried_by.depth < first:
            continue
        n = min(len(common), first + len(band))
        deltas = ib.common_deltas(d.relation, n)
        for k in range(first, n):
            neg, _, _ = ib.sign_cases(deltas, k)
            if neg:
                return Verdict.illegal(d, f"band is not permutable (negative distance on loop at {common[k].loc})")
    return Verdict.legal("fully permutable")


def schedule_legality(model: PolyhedralModel, schedule) -> Verdict:
    """Whether a new schedule (an isl UnionMap, or a dict from statement name
    to isl Map, mapping each statement instance to a time vector) respects
    every dependence: sources must still run strictly before sinks."""
    maps = schedule if isinstance(schedule, dict) else {m.get_tuple_name(ib.DIM_IN): m for m in ib.map_list(schedule)}
    for d in dependences(model):
        ss, ts = maps.get(d.source.name), maps.get(d.sink.name)
        if ss is None or ts is None:
            missing = d.source.name if ss is None else d.sink.name
            return Verdict(False, f"the schedule does not cover statement {missing}")
        ok = ib.lex_lt(ss, ts)
        if not d.relation.is_subset(ok):
            return Verdict.illegal(d, "schedule violates a dependence")
    return Verdict.legal("all dependences respected")
