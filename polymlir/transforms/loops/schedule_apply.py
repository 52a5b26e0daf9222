"""Applying a schedule written as an isl union map over compound statements.

    apply_schedule_verdict(model, "{ S0[i, j, k] -> [i, k, j] }")

Statements are the compound statements of ``statements.compound_statements``
(``S0``, ``S1``, ... in program order: a store with the loads and pure ops
computing its value). The map gives each statement a time vector; its
output lengths may differ (shorter ones are padded with zeros).

Which statements must appear: every statement of each top-level loop nest
the map names. Statements of nests the map does not name keep their place;
the named nests are regenerated as one piece at the position of the first
of them (so naming statements of two nests may fuse them, and the check
decides whether that is legal). Parameters are written with their source
names (``%n`` is ``n``) or the model's ``p<k>``.

The schedule must be a function defined on every instance of its statement
and injective (two instances at one time would run in an unspecified
order): otherwise the verdict refuses, naming the statement. Legality is
exact (``schedules.check``); isl's AST builder regenerates the nests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...affine import isl_bridge as ib
from ...affine.carried import describe_access
from ...affine.legality import Verdict
from ...affine.model import PolyhedralModel, op_loc
from ...affine.schedules import base_vector, check, loop_name, schedule_maps
from ...affine.statements import NotCompound, Unit, compound_statements
from ...ir.core import Operation
from .ast_codegen import DimOrigin, innermost_dim, nest_of, regenerate
from .demote_carried import demoted_apply, demoted_verdict, has_carried
from .loop_utils import TransformError

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge

WHAT = "apply the schedule"


class _Parsed:
    """A schedule fitted to the model: per unit its map, the nests it covers."""

    def __init__(self, units: list[Unit], maps: dict[str, isl.Map], nests: list[Operation]):
        self.units = units
        self.maps = maps
        self.nests = nests


def _param_renames(model: PolyhedralModel, written: list[str]) -> dict[str, str]:
    """Written parameter name -> the model's (``n`` for ``%n`` is ``p0``)."""
    by_source: dict[str, str] = {}
    for v, internal in zip(model.params, model.param_names, strict=True):
        by_source[internal] = internal
        hint = getattr(v, "name_hint", None)
        if hint:
            by_source.setdefault(hint, internal)
    out: dict[str, str] = {}
    for p in written:
        if p not in by_source:
            known = ", ".join(
                f"{getattr(v, 'name_hint', None) or n}" for v, n in zip(model.params, model.param_names, strict=True)
            )
            raise TransformError(
                f"the schedule uses parameter '{p}', which the function does not have (parameters: {known or 'none'})"
            )
        out[p] = by_source[p]
    return out


def _statement_list(units: list[Unit]) -> str:
    return ", ".join(f"{u.name}[{len(u.loops)} dims] ({_what_unit(u)})" for u in units) or "none"


def _what_unit(u: Unit) -> str:
    return describe_access(u.op)


def parse_schedule(model: PolyhedralModel, schedule_text: str, units: list[Unit] | None = None) -> _Parsed:
    """Fit ``schedule_text`` to the model's compound statements; raises
    TransformError for text that does not describe them."""
    units = compound_statements(model) if units is None else units
    try:
        written = ib.statement_maps(ib.parse_union_map(schedule_text))
    except ib.IslBridgeError as e:
        raise TransformError(f"cannot read the schedule '{schedule_text}': {e}") from None
    if not written:
        raise TransformError(f"the schedule '{schedule_text}' maps no statement")
    by_name = {u.name: u for u in units}
    maps: dict[str, isl.Map] = {}
    for name, m in written.items():
        u = by_name.get(name)
        if u is None:
            raise TransformError(
                f"the schedule names {name or 'an unnamed statement'}, which is not a statement "
                f"(statements: {_statement_list(units)})"
            )
        if ib.n_in(m) != len(u.loops):
            raise TransformError(
                f"the schedule gives {name} {ib.n_in(m)} dims; {name} ({u.op.name} at "
                f"{op_loc(u.op)}) is in {len(u.loops)} loops",
                u.op,
            )
        maps[name] = ib.adopt_schedule(m, u.domain, _param_renames(model, ib.param_names(m)))
    nests: list[Operation] = []
    for name in maps:
        n = nest_of(model, by_name[name])
        if n not in nests:
            nests.append(n)
    missing = [u for u in units if u.name not in maps and nest_of(model, u) in nests]
    if missing:
        raise TransformError(
            "the schedule must give every statement of the loop nests it changes a time; "
            f"missing: {_statement_list(missing)}",
            missing[0].op,
        )
    top = model.func.regions[0].blocks[0].operations
    nests.sort(key=top.index)
    return _Parsed(units, maps, nests)


def _padded(parsed: _Parsed) -> dict[str, isl.Map]:
    length = max(ib.n_out(m) for m in parsed.maps.values())
    return {n: ib.pad_out(m, length) for n, m in parsed.maps.items()}


def apply_schedule_verdict(model: PolyhedralModel, schedule_text: str) -> Verdict:
    """Whether running the named statements in the schedule's order (at the
    place of the first nest they belong to) keeps every dependence."""
    if has_carried(model):
        return demoted_verdict(model, [], WHAT, lambda dm, _: apply_schedule_verdict(dm, schedule_text))
    try:
        units = compound_statements(model)
    except NotCompound as e:
        return Verdict(False, f"cannot {WHAT}: {e.reason}", op=e.op)
    parsed = parse_schedule(model, schedule_text, units)
    by_name = {u.name: u for u in units}
    for name, m in parsed.maps.items():
        problem = ib.schedule_problem(m, by_name[name].domain)
        if problem is not None:
            u = by_name[name]
            return Verdict(
                False, f"cannot {WHAT}: the schedule of {name} ({u.op.name} at {op_loc(u.op)}) {problem}", op=u.op
            )
    padded = _padded(parsed)
    first = next(u for u in units if nest_of(model, u) is parsed.nests[0])
    head = first.positions[0]
    others = [u for u in units if u.name not in padded]
    base = schedule_maps(others, {u.name: base_vector(u) for u in others}, model.param_names) if others else {}
    new = dict(base)
    for name, m in padded.items():
        new[name] = ib.prefix_out(m, [head])
    return check(model, units, new, WHAT)


def apply_schedule(model: PolyhedralModel, schedule_text: str) -> list[Operation]:
    """Regenerate the nests the schedule names (after a legal verdict);
    returns the new top-level ops."""
    if has_carried(model):
        return demoted_apply(model, [], WHAT, lambda dm, _: apply_schedule(dm, schedule_text))
    units = compound_statements(model)
    parsed = parse_schedule(model, schedule_text, units)
    padded = _padded(parsed)
    scheduled = [u for u in units if u.name in padded]
    return regenerate(model, scheduled, padded, parsed.nests, _origins(model, scheduled, padded))


def _origins(model: PolyhedralModel, units: list[Unit], maps: dict[str, isl.Map]) -> dict[str, list[DimOrigin]]:
    """Loops take the name of the innermost source loop their time
    dimension uses, when the schedule is affine."""
    out: dict[str, list[DimOrigin]] = {}
    for u in units:
        exprs = ib.schedule_exprs(maps[u.name], u.domain, model.param_names)
        row: list[DimOrigin] = []
        for e in exprs or []:
            k = innermost_dim(e, len(u.loops))
            row.append(None if k is None else (loop_name(u.loops[k]), u.loops[k].op.loc))
        out[u.name] = row
    return out
