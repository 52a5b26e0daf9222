"""Distribution (fission): split a loop's body into several loops.

The body's statement-holding ops (a store, or a nested loop or ``affine.if``
holding stores) are grouped; each group gets a copy of the loop, in group
order, with the ops of the group and the loads and pure ops computing their
operands (recomputed in every group that uses them). By default the split
is maximal: one group per strongly connected component of the dependence
graph between those ops (a networkx DiGraph), in a topological order of its
condensation that keeps the original order where it can; statements on a
dependence cycle stay together.

Legality is the exact engine's on compound statements: group ``g`` inserts
a schedule dimension ``g`` after the loop's position; the split is legal iff
every memory dependence still runs source before sink.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

from ...affine.dependence import dependences
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, op_loc
from ...affine.schedules import Vector, base_vector, check, loop_name, schedule_maps
from ...affine.statements import NotCompound, Unit
from ...dialects.affine import AffineForOp
from ...ir.affine_expr import const
from ...ir.core import Operation, OpResult
from ...ir.interfaces import is_affine_write
from .fuse import range_units
from .loop_utils import TransformError, body_ops

Group = Sequence[int | str]


def body_items(loop: Loop) -> list[Operation]:
    """The ops of ``loop``'s body that hold stores (the units of distribution)."""
    out = []
    for op in body_ops(loop.op):
        if is_affine_write(op) or (op.regions and any(is_affine_write(o) for o in op.walk())):
            out.append(op)
    return out


def _item_of(items: list[Operation], op: Operation) -> int:
    for k, it in enumerate(items):
        if it is op or it.is_ancestor_of(op):
            return k
    raise KeyError(op)


def dependence_graph(model: PolyhedralModel, loop: Loop, units: Sequence[Unit], items: list[Operation]) -> nx.DiGraph:
    """Items as nodes; an edge ``a -> b`` for each memory dependence from an
    access of item ``a`` to one of item ``b`` inside one iteration of the
    loops around ``loop`` (edges carry the dependences in ``deps``)."""
    g = nx.DiGraph()
    g.add_nodes_from(range(len(items)))
    stmt_items: dict[object, set[int]] = {}
    for u in units:
        k = _item_of(items, u.op)
        for m in u.members:
            stmt_items.setdefault(m.stmt, set()).add(k)
    for d in dependences(model):
        if d.carried_by is not None and d.carried_by.depth < loop.depth:
            continue
        for a in stmt_items.get(d.source, ()):
            for b in stmt_items.get(d.sink, ()):
                if a != b:
                    if not g.has_edge(a, b):
                        g.add_edge(a, b, deps=[])
                    g.edges[a, b]["deps"].append(d)
    return g


def maximal_groups(graph: nx.DiGraph) -> list[list[int]]:
    """One group per strongly connected component, in a topological order of
    the condensation (earliest original position first among the ready)."""
    sccs = list(nx.strongly_connected_components(graph))
    cond = nx.condensation(graph, sccs)
    order = nx.lexicographical_topological_sort(cond, key=lambda n: min(cond.nodes[n]["members"]))
    return [sorted(cond.nodes[n]["members"]) for n in order]


def _groups(
    loop: Loop,
    units: Sequence[Unit],
    items: list[Operation],
    graph: nx.DiGraph | None,
    groups: Sequence[Group] | None,
    split_points: Sequence[int] | None,
) -> list[list[int]]:
    n = len(items)
    if groups is not None and split_points is not None:
        raise TransformError("give either groups or split points, not both", loop.op)
    if split_points is not None:
        pts = [int(p) for p in split_points]
        if any(not 0 < p < n for p in pts) or pts != sorted(set(pts)):
            raise TransformError(
                f"split points {pts} must increase strictly within 1..{n - 1} (the body of loop "
                f"{loop_name(loop)} holds {n} statement{'s' if n != 1 else ''})",
                loop.op,
            )
        bounds = [0, *pts, n]
        return [list(range(a, b)) for a, b in zip(bounds, bounds[1:], strict=False)]
    if groups is not None:
        by_name = {u.name: _item_of(items, u.op) for u in units}
        out: list[list[int]] = []
        for grp in groups:
            cur: list[int] = []
            for x in grp:
                if isinstance(x, str):
                    if x not in by_name:
                        raise TransformError(
                            f"no statement {x} in loop {loop_name(loop)} (statements: {', '.join(by_name) or 'none'})",
                            loop.op,
                        )
                    k = by_name[x]
                else:
                    k = int(x)
                    if not 0 <= k < n:
                        raise TransformError(
                            f"statement index {k} is out of range (loop {loop_name(loop)} holds {n})", loop.op
                        )
                if k not in cur:
                    cur.append(k)
            out.append(sorted(cur))
        flat = [k for grp in out for k in grp]
        if sorted(flat) != list(range(n)) or any(not grp for grp in out):
            raise TransformError(
                f"the groups must split the {n} statement-holding ops of loop {loop_name(loop)} "
                "into non-empty disjoint groups (statements of one nested loop or if go "
                "together)",
                loop.op,
            )
        return out
    assert graph is not None
    return maximal_groups(graph)


def distribution_vectors(
    units: Sequence[Unit], loop: Loop, items: list[Operation], groups: list[list[int]]
) -> dict[str, Vector]:
    """Group ``g`` of the split loop gets time ``g`` right after the loop's position."""
    where = {k: g for g, grp in enumerate(groups) for k in grp}
    at = 2 * loop.depth + 1
    out: dict[str, Vector] = {}
    for u in units:
        v = base_vector(u)
        if loop.op.is_ancestor_of(u.op):
            v.insert(at, const(where[_item_of(items, u.op)]))
        elif len(v) > at:
            v.insert(at, const(0))
        out[u.name] = v
    return out


def _names(items: list[Operation], grp: list[int]) -> str:
    return "{" + ", ".join(f"{items[k].name} at {op_loc(items[k])}" for k in grp) + "}"


def distribute_verdict(
    model: PolyhedralModel, loop: Loop, groups: Sequence[Group] | None = None, split_points: Sequence[int] | None = None
) -> Verdict:
    """Whether splitting ``loop`` into one loop per group (maximal by
    default) keeps the program's meaning."""
    what = f"distribute loop {loop_name(loop)} at {loop.loc}"
    if not isinstance(loop.op, AffineForOp):
        return Verdict(False, f"cannot {what}: it is not an affine.for", op=loop.op)
    try:
        units = range_units(model, [loop.op])
    except NotCompound as e:
        return Verdict(False, f"cannot {what}: {e.reason}", op=e.op or loop.op)
    items = body_items(loop)
    graph = dependence_graph(model, loop, units, items) if groups is None and split_points is None else None
    grps = _groups(loop, units, items, graph, groups, split_points)
    if len(grps) < 2:
        if graph is not None and len(items) > 1:
            cycle = nx.find_cycle(graph)
            d = graph.edges[cycle[0][0], cycle[0][1]]["deps"][0]
            return Verdict(
                False,
                f"cannot {what}: its statements form one dependence cycle (e.g. {d.kind} "
                f"dependence from {d.source.op.name} at {d.source.loc} to {d.sink.op.name} at "
                f"{d.sink.loc})",
                d,
                op=loop.op,
            )
        return Verdict(
            False,
            f"cannot {what}: its body holds {len(items)} statement-holding op"
            f"{'s' if len(items) != 1 else ''}, nothing to split",
            op=loop.op,
        )
    vectors = distribution_vectors(units, loop, items, grps)
    v = check(model, units, schedule_maps(units, vectors, model.param_names), what, [loop])
    if v.ok:
        v.reason = f"{what} into {len(grps)} loops " + ", ".join(_names(items, g) for g in grps)
    return v


def distribute(
    model: PolyhedralModel, loop: Loop, groups: Sequence[Group] | None = None, split_points: Sequence[int] | None = None
) -> list[Operation]:
    """Split ``loop`` (call after a legal verdict); returns the new loops in order."""
    units = range_units(model, [loop.op])
    items = body_items(loop)
    graph = dependence_graph(model, loop, units, items) if groups is None and split_points is None else None
    grps = _groups(loop, units, items, graph, groups, split_points)
    if len(grps) < 2:
        raise TransformError(f"cannot distribute loop {loop_name(loop)}: nothing to split", loop.op)
    body = body_ops(loop.op)
    item_pos = [body.index(it) for it in items]
    block = loop.op.parent
    assert block is not None
    name = loop_name(loop)
    new_loops = []
    for g, grp in enumerate(grps):
        clone = loop.op.clone()
        cbody = body_ops(clone)
        keep = {cbody[item_pos[k]] for k in grp}
        if g == 0:  # ops that feed no statement stay with the first loop
            keep |= {cbody[i] for i, o in enumerate(body) if o not in items and not _has_uses(o)}
        keep = _closure(keep, set(cbody))
        for o in reversed(cbody):
            if o not in keep:
                o.erase()
        clone.regions[0].blocks[0].arguments[0].name_hint = name
        block.insert_before(loop.op, clone)
        new_loops.append(clone)
    loop.op.erase()
    return new_loops


def _has_uses(op: Operation) -> bool:
    return any(r.uses for r in op.results)


def _closure(keep: set[Operation], level: set[Operation]) -> set[Operation]:
    """``keep`` plus the ops of ``level`` whose results they use (transitively)."""
    out = set(keep)
    work = list(keep)
    while work:
        op = work.pop()
        for inner in op.walk():
            for v in inner.operands:
                if isinstance(v, OpResult) and v.owner in level and v.owner not in out:
                    out.add(v.owner)
                    work.append(v.owner)
    return out
