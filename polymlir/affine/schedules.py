"""New schedules for units, and the exact check that they keep every dependence.

A transformation is a new schedule: for each unit (an access statement or a
compound statement, ``statements.py``) a map from its instances to time
vectors. It is legal iff every memory dependence of the original program
(flow, anti, output: the pairs of instances that touch the same element, one
a write, in their original order) still runs source before sink. For a
member of a unit that is recomputed (a load in an outer loop cloned into its
store's statement), every instance of the clone is checked against the
original instance it reads for.

Schedules are built from each unit's 2d+1 vector ``[p0, i0, p1, ..., pd]``
by replacing the slice of a band of loops (``band_slice``): tiling puts tile
indices ``floor((i - lb) / (size * step))`` before the point loops,
permutation reorders, skewing multiplies by a matrix, and so on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ir.affine_expr import AffineExpr, const, dim
from ..ir.core import Value
from . import isl_bridge as ib
from .carried import CarriedValue, access_role, carried_value
from .dependence import Dependence, dependences
from .legality import Verdict
from .model import Loop, PolyhedralModel, Statement, op_loc
from .statements import Unit

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge


@dataclass(frozen=True)
class PinnedTile:
    """The tile index a unit takes along a band loop it is not inside (an
    imperfectly nested band): the unit's first ``given`` loops are around
    it; ``inner`` are the band loops below them (bounds, and whether their
    tiles start at 0), and the entry is the tile, along ``inner[index]`` and
    by ``size``, of their first iteration (``last``: their last one)."""

    given: int
    inner: tuple[ib.BandLoopBounds, ...]
    index: int
    size: int
    last: bool


# An entry of a schedule vector: an affine expression over the unit's loop
# dims and params, ``(x, lower bounds, size)`` for floor((x - max(lbs)) / size),
# or a pinned tile index.
Entry = AffineExpr | tuple[AffineExpr, Sequence[AffineExpr], int] | PinnedTile
Vector = list[Entry]


def base_vector(unit: Unit) -> Vector:
    """The unit's original 2d+1 schedule vector."""
    out: Vector = []
    for k, p in enumerate(unit.positions):
        out.append(const(p))
        if k < len(unit.loops):
            out.append(dim(k))
    return out


def band_slice(band: Sequence[Loop]) -> slice:
    """Where a band of directly nested loops sits in a 2d+1 vector."""
    a, b = band[0].depth, band[-1].depth
    return slice(2 * a + 1, 2 * b + 2)


def inside(unit: Unit, loop: Loop) -> bool:
    return loop.depth < len(unit.loops) and unit.loops[loop.depth] is loop


BandFn = Callable[[Unit, list[AffineExpr]], Vector]


def transform_band(
    units: Sequence[Unit], vectors: dict[str, Vector], band: Sequence[Loop], fn: BandFn
) -> dict[str, Vector]:
    """New vectors: for every unit inside the innermost band loop, the band
    slice of its vector replaced by ``fn(unit, band ivs)``. Units outside the
    band keep theirs; a unit inside the outer band loop only (an imperfect
    band) makes this raise ValueError."""
    out = dict(vectors)
    sl = band_slice(band)
    for u in units:
        if not inside(u, band[0]):
            continue
        if not inside(u, band[-1]):
            raise ValueError(f"{u.op.name} at {op_loc(u.op)} is between the loops of the band (imperfect nest)")
        vec = list(vectors[u.name])
        ivs: list[AffineExpr] = [dim(lp.depth) for lp in band]
        vec[sl] = fn(u, ivs)
        out[u.name] = vec
    return out


def schedule_maps(units: Sequence[Unit], vectors: dict[str, Vector], params: Sequence[str]) -> dict[str, isl.Map]:
    """isl maps of the vectors, padded to one length."""
    length = max((len(v) for v in vectors.values()), default=0)
    return {u.name: ib.tiled_schedule_map(u.domain, params, isl_entries(u, vectors[u.name]), length) for u in units}


def isl_entries(
    unit: Unit, vector: Vector
) -> list[AffineExpr | tuple[AffineExpr, Sequence[AffineExpr], int] | isl.PwAff]:
    """``vector``'s entries as ``ib.tiled_schedule_map`` takes them (a pinned
    tile index as its PwAff on ``unit``'s domain)."""
    return [
        ib.pinned_tile_index(unit.domain, e.given, e.inner, e.index, e.size, e.last) if isinstance(e, PinnedTile) else e
        for e in vector
    ]


def check(
    model: PolyhedralModel,
    units: Sequence[Unit],
    new: dict[str, isl.Map],
    what: str = "transform",
    loops: Sequence[Loop] = (),
) -> Verdict:
    """Whether the new schedules (isl maps per unit name, any output length)
    keep every memory dependence of ``model``; a refusal names the first
    violated dependence with its distance over ``loops``."""
    length = max((ib.n_out(m) for m in new.values()), default=0)
    # The unit's schedule, then the member's position: a unit's loads run
    # before its store within one instance.
    member_sched: dict[Statement, list[isl.Map]] = {}
    for u in units:
        for m in u.members:
            proj = ib.prefix_projection(u.domain, m.stmt.domain)
            sched = ib.pad_out(new[u.name], length + 1, [m.position])
            member_sched.setdefault(m.stmt, []).append(proj.reverse().apply_range(sched))
    for d in dependences(model):
        if _carried(d.source) is not None:
            continue  # a value carried in iter_args: its live ranges are checked below
        for s_sched in member_sched.get(d.source, []):
            for t_sched in member_sched.get(d.sink, []):
                bad = ib.out_of_order(d.relation, s_sched, t_sched)
                if bad is not None:
                    return refusal(what, loops, d, bad)
    carried = _check_carried(model, member_sched, what, loops)
    if carried is not None:
        return carried
    return Verdict.legal(f"{what} keeps every dependence")


def _carried(stmt: Statement) -> CarriedValue | None:
    return carried_value(stmt.accesses[0].memref) if stmt.accesses else None


def _check_carried(
    model: PolyhedralModel, member_sched: dict[Statement, list[isl.Map]], what: str, loops: Sequence[Loop]
) -> Verdict | None:
    """A value carried in iter_args, demoted to a private buffer, is an SSA
    value: what matters is that every read still reads the write it read
    (its exact last-writer flow), not the order of unrelated writes and
    reads of the buffer. So for each value-based flow dependence on such a
    buffer, the write must still run before the read, and no other write
    of the buffer may run in between (two live ranges interleaved)."""
    writers: dict[Value, list[Statement]] = {}
    for s in model.statements:
        if _carried(s) is not None and s.accesses[0].kind == "write":
            writers.setdefault(s.accesses[0].memref, []).append(s)
    if not writers:
        return None
    flows = [(d, cv) for d in dependences(model, "flow", value_based=True) if (cv := _carried(d.source)) is not None]
    # Order first: a read that would run before its write is the plainer message.
    for d, cv in flows:
        for s_sched in member_sched.get(d.source, []):
            for t_sched in member_sched.get(d.sink, []):
                bad = ib.out_of_order(d.relation, s_sched, t_sched)
                if bad is not None:
                    return _carried_refusal(what, loops, d, cv, "would be read before it is written", bad)
    for d, cv in flows:
        for s_sched in member_sched.get(d.source, []):
            for t_sched in member_sched.get(d.sink, []):
                for w in writers[d.source.accesses[0].memref]:
                    for w_sched in member_sched.get(w, []):
                        bad = ib.written_between(d.relation, s_sched, t_sched, w_sched)
                        if bad is not None:
                            problem = (
                                f"would be overwritten in between by {access_role(w.op)} of another iteration "
                                "(keeping each iteration's value apart would need one copy per iteration of "
                                "the enclosing loops, which is not done)"
                            )
                            return _carried_refusal(what, loops, d, cv, problem, bad)
    return None


def _carried_refusal(
    what: str,
    loops: Sequence[Loop],
    d: Dependence,
    cv: CarriedValue,
    problem: str,
    sample: tuple[tuple[int, ...], tuple[int, ...]],
) -> Verdict:
    dist = _distance_text(d, loops)
    dist = "" if dist == "is loop-independent" else f", which {dist},"
    msg = f"cannot {what}: {cv} flows from {access_role(d.source.op)} to {access_role(d.sink.op)}{dist} and {problem}"
    detail = ""
    if sample[0]:
        detail = f"instance {_fmt(sample[0])} of the source and instance {_fmt(sample[1])} of the sink"
    return Verdict(False, msg, d, "", op=loops[0].op if loops else None, detail=detail)


def loop_name(loop: Loop) -> str:
    """The loop's induction variable as written in the source (``%i`` is
    ``i``), with the IV index for affine.parallel; the model's name otherwise."""
    hint = getattr(loop.iv, "name_hint", None)
    return hint if hint else loop.name


def _fmt(vals: Sequence[object]) -> str:
    return "(" + ", ".join(str(v) for v in vals) + ")"


def _distance_text(d: Dependence, loops: Sequence[Loop]) -> str:
    """``has distance (1, -1)`` over ``loops`` (all common loops if none),
    a direction where the distance is not constant."""
    picks = [k for k, lp in enumerate(d.common_loops) if not loops or lp in loops]
    if d.distance is not None and picks:
        return "has distance " + _fmt([d.distance[k] for k in picks])
    if picks:
        return "has direction " + _fmt([d.direction[k] for k in picks])
    return "is loop-independent"


def refusal(
    what: str, loops: Sequence[Loop], d: Dependence, sample: tuple[tuple[int, ...], tuple[int, ...]] | None = None
) -> Verdict:
    """A verdict naming ``d``: kind, source and sink with locations, and its
    distance (or direction) over ``loops`` (all common loops if none)."""
    common = d.common_loops
    picks = [k for k, lp in enumerate(common) if not loops or lp in loops]
    dist = _distance_text(d, loops)
    msg = (
        f"cannot {what}: {d.kind} dependence from {d.source.op.name} at {d.source.loc} to "
        f"{d.sink.op.name} at {d.sink.loc} {dist}"
    )
    detail = ""
    if sample is not None and sample[0]:
        detail = (
            f"instance {_fmt(sample[0])} of the source must run before instance {_fmt(sample[1])} "
            "of the sink, and would not"
        )
    return Verdict(
        False, msg, d, skew_hint(d, [common[k] for k in picks]), op=loops[0].op if loops else None, detail=detail
    )


def skew_hint(d: Dependence, loops: Sequence[Loop], max_factor: int = 4) -> str:
    """ "skew j by i first (factor f)" when adding f times an earlier band
    loop's distance (positive wherever the later one's is negative) makes
    the later one's non-negative for every instance pair of ``d``: decided
    on the exact distance set, smallest f first."""
    common = d.common_loops
    picks = [lp for lp in loops if lp in common]
    if len(picks) < 2:
        return ""
    deltas = ib.common_deltas(d.relation, len(common))
    for k, lk in enumerate(picks):
        kk = common.index(lk)
        if not ib.sign_cases(deltas, kk)[0]:
            continue  # never negative on this loop
        for lm in picks[:k]:
            for factor in range(1, max_factor + 1):
                if ib.skew_makes_nonnegative(deltas, kk, common.index(lm), factor):
                    by = f" (factor {factor})" if factor != 1 else ""
                    return f"skew {loop_name(lk)} by {loop_name(lm)} first{by}"
    return ""
