"""What a schedule plot shows, computed with isl before anything is drawn: the
panels (statement instances projected onto two loops, dependences between
them, tiles and the execution order after a trace), with symbols fixed to
small values."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import networkx as nx

from ..affine import isl_bridge as ib
from ..affine.dependence import dependences
from ..affine.model import Loop, PolyhedralModel, op_loc
from ..affine.schedules import loop_name
from ..affine.statements import NotCompound, Unit, access_units, compound_statements
from ..affine.structured import ShapeDim
from ..dialects.affine.memory import AffineLoadOp, AffineStoreOp, AffineVectorLoadOp, AffineVectorStoreOp
from ..ir.affine_expr import dim
from ..ir.core import Value
from ..transforms.loops.errors import TransformError
from ..transforms.loops.handle import Schedule
from ..transforms.loops.trace import Step, Trace, load_trace
from .tiles import XY, UnitTimes, find_tiles

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge


DEFAULT_PARAM = 8  # value of every symbol not given


MAX_POINTS = 2500  # per statement: points up to this many, outlines beyond


MAX_ARROWS = 300  # drawn per panel, spread over the kinds


MAX_PAIRS = 20000  # enumerated per dependence; beyond, sources are restricted to a box


MAX_ORDER = 20000  # instances enumerated for the execution order after a trace


MAX_TILES = 2000
KIND_COLORS = {"flow": "tab:red", "anti": "tab:blue", "output": "tab:green"}


Point = tuple[int, ...]


@dataclass
class StmtView:
    name: str
    label: str
    offset: float  # along x, so that statements at the same points stay apart
    points: list[Point] | None = None  # None: too many, see polygons
    polygons: list[list[tuple[float, ...]]] = field(default_factory=list)
    count: int = 0
    domain: isl.Set | None = None  # the projected isl set (for the points in a zoomed box)


@dataclass
class Panel:
    title: str
    axes: list[str]  # loop names, x (and y)
    stmts: list[StmtView] = field(default_factory=list)
    bounds: list[tuple[int, int]] = field(default_factory=list)
    arrows: dict[str, list[tuple[tuple[float, float], tuple[float, float]]]] = field(default_factory=dict)
    arrow_totals: dict[str, int] = field(default_factory=dict)
    same_point: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # kind -> points
    carried_by: dict[str, set[str]] = field(default_factory=dict)
    window: tuple[Point, Point] | None = None  # dependences drawn for sources in this box only
    tiles: list[list[XY]] = field(default_factory=list)  # convex polygons (a 1-D panel: y in -0.5..0.5)
    tile_label: str = ""
    implied: dict[str, int] = field(default_factory=dict)  # arrows left out as implied by others
    stride: int = 1  # arrows drawn from every stride-th point along each loop
    order: list[tuple[float, float]] | None = None
    notes: list[str] = field(default_factory=list)


def _xy(p: Sequence[float], offset: float = 0.0) -> tuple[float, float]:
    return (p[0] + offset, p[1] if len(p) > 1 else 0.0)


TraceLike = Trace | Sequence[Step | dict[str, Any]] | str | None  # what as_trace accepts


def as_trace(trace: TraceLike) -> Trace | None:
    """A Trace from a Trace, a list of steps, JSON text or a JSON file name."""
    if trace is None or isinstance(trace, Trace):
        return trace
    if isinstance(trace, str):
        return load_trace(trace)
    return Trace([s if isinstance(s, Step) else Step.from_dict(s) for s in trace])


def _param_values(
    model: PolyhedralModel, given: dict[str, int], by_value: dict[Value | ShapeDim, int]
) -> dict[str, int]:
    """isl parameter name -> value: the symbol's source name in ``given``, else
    what an earlier model of the same function used, else the default."""
    out: dict[str, int] = {}
    for k, (v, pname) in enumerate(zip(model.params, model.param_names, strict=True)):
        val = by_value.get(v, given.get(model.param_label(k), given.get(pname, DEFAULT_PARAM)))
        by_value[v] = val
        out[pname] = val
    return out


def _param_text(model: PolyhedralModel, values: dict[str, int]) -> str:
    return ", ".join(f"{model.param_label(k)}={values[p]}" for k, p in enumerate(model.param_names))


def _choose_loops(s: Schedule, loops: Sequence[str] | None) -> list[Loop]:
    if loops:
        chosen = s.loops(*loops)
        if len(chosen) > 2:
            raise TransformError(f"show draws one or two loops, got {len(chosen)}: {', '.join(loops)}", s.func)
        if len(chosen) == 2:
            a, b = chosen
            if a is b or not (a in b.enclosing() or b in a.enclosing()):
                raise TransformError(f"loops {loop_name(a)} and {loop_name(b)} are not nested one in the other", a.op)
        return chosen
    nests = s.nests()
    if not nests:
        raise TransformError(f"function @{s.model.name} has no loop nest to draw", s.func)
    outer = nests[0]
    return [outer, outer.children[0]] if outer.children else [outer]


def _units(model: PolyhedralModel) -> tuple[list[Unit], str]:
    try:
        return compound_statements(model), ""
    except NotCompound as e:
        return access_units(model), f"one point per memory access ({e.reason})"


def _value_name(v: Value) -> str:
    return v.name_hint or "?"


def _unit_label(u: Unit) -> str:
    """``S0: C[i, j] (line 10)``: the unit's access as written."""
    op = u.op
    text = op.name.split(".")[-1]
    if isinstance(op, (AffineLoadOp, AffineStoreOp, AffineVectorLoadOp, AffineVectorStoreOp)):
        memref = op.memref
        m = op.map.value
        names = [_value_name(v) for v in op.indices]

        def name(match: re.Match[str]) -> str:
            k = int(match.group(2)) + (m.num_dims if match.group(1) == "s" else 0)
            return names[k] if k < len(names) else match.group(0)

        idx = ", ".join(re.sub(r"\b([ds])(\d+)\b", name, str(r)) for r in m.results)
        text = f"{'write' if 'store' in op.name else 'read'} {_value_name(memref)}[{idx}]"
    line = op_loc(op).split(":")
    where = f" (line {line[-2]})" if len(line) >= 3 else ""
    return f"{u.name}: {text}{where}"


def _domain_panel(
    model: PolyhedralModel,
    chosen: list[Loop],
    given: dict[str, int],
    by_value: dict[Value | ShapeDim, int],
    max_points: int,
) -> tuple[Panel, list[Unit], dict[str, int]]:
    values = _param_values(model, given, by_value)
    units, note = _units(model)
    shown = [u for u in units if all(loop in u.loops for loop in chosen)]
    names = [loop_name(loop) for loop in chosen]
    if not shown:
        raise TransformError(
            f"no statement is nested in loop{'s' if len(names) > 1 else ''} {', '.join(names)}", chosen[-1].op
        )
    ptext = _param_text(model, values)
    title = f"@{model.name}: loops {', '.join(names)}" + (f"  ({ptext})" if ptext else "")
    panel = Panel(title, names)
    if note:
        panel.notes.append(note)
    keep = [loop.depth for loop in chosen]
    spread = 0.36 if len(shown) > 1 else 0.0
    lo: list[int] = []
    hi: list[int] = []
    for k, u in enumerate(shown):
        offset = (k / (len(shown) - 1) - 0.5) * spread if len(shown) > 1 else 0.0
        view = StmtView(u.name, _unit_label(u), offset)
        proj = ib.projected_set(u.domain, keep, values)
        view.domain = proj
        if ib.is_empty(proj):
            view.points = []
            panel.stmts.append(view)
            continue
        n = ib.count_points(proj) or 0
        view.count = n
        if n <= max_points:
            view.points = ib.set_points(proj)
        else:
            view.polygons = ib.outline_polygons(proj)
        for d, (a, b) in enumerate(ib.set_bounds(proj)):
            if d < len(lo):
                lo[d], hi[d] = min(lo[d], a), max(hi[d], b)
            else:
                lo.append(a)
                hi.append(b)
        panel.stmts.append(view)
    panel.bounds = list(zip(lo, hi, strict=True))
    return panel, shown, values


def _add_dependences(
    panel: Panel, model: PolyhedralModel, chosen: list[Loop], shown: list[Unit], values: dict[str, int], max_arrows: int
) -> None:
    unit_of: dict[object, int] = {}
    for k, u in enumerate(shown):
        for m in u.members:
            unit_of.setdefault(m.stmt, k)
    arrows: dict[str, set[tuple[Point, Point, int, int]]] = {}
    same: dict[str, set[tuple[float, float]]] = {}
    large = any(v.points is None for v in panel.stmts)
    for d in dependences(model):
        ks, kt = unit_of.get(d.source), unit_of.get(d.sink)
        if ks is None or kt is None:
            continue
        if not all(loop in d.source.loops and loop in d.sink.loops for loop in chosen):
            continue
        keep = [loop.depth for loop in chosen]
        rel = ib.projected_relation(
            d.relation, keep, keep, values, drop_identity=ks == kt and d.source.loops == d.sink.loops
        )
        # Counting the pairs of a large domain's relation costs seconds: a box at once.
        pairs = None if large else ib.relation_pairs(rel, MAX_PAIRS)
        if pairs is None:
            pairs = _pairs_in_window(panel, rel)
        for a, b in pairs:
            if a == b and ks == kt:
                same.setdefault(d.kind, set()).add(_xy(a, panel.stmts[ks].offset))
                if d.carried_by is not None:
                    panel.carried_by.setdefault(d.kind, set()).add(loop_name(d.carried_by))
            else:
                arrows.setdefault(d.kind, set()).add((a, b, ks, kt))
    reduced = {kind: _transitive_reduction(items) for kind, items in arrows.items()}
    panel.implied = {kind: len(arrows[kind]) - len(items) for kind, items in reduced.items()}
    panel.stride = _stride([x for items in reduced.values() for x in items], panel.bounds, max_arrows)
    for kind in sorted(reduced, key=_kind_rank):
        items = sorted(reduced[kind])
        panel.arrow_totals[kind] = len(items)
        if panel.stride > 1:
            lo = [a for a, _ in panel.bounds]
            items = [x for x in items if all((c - low) % panel.stride == 0 for c, low in zip(x[0], lo, strict=True))]
        items = _spread(items, max_arrows)
        panel.arrows[kind] = [
            (_xy(a, panel.stmts[ks].offset), _xy(b, panel.stmts[kt].offset)) for a, b, ks, kt in items
        ]
    panel.same_point = {k: sorted(same[k]) for k in sorted(same, key=_kind_rank)}


def _kind_rank(kind: str) -> int:
    return list(KIND_COLORS).index(kind) if kind in KIND_COLORS else len(KIND_COLORS)


def _transitive_reduction(items: set[tuple[Point, Point, int, int]]) -> set[tuple[Point, Point, int, int]]:
    """The arrows no chain of other arrows (of the same kind) implies: a
    memory dependence relates every later access, so without this a
    reduction over k draws an arrow from each k to every later k."""

    g = nx.DiGraph()
    g.add_edges_from(((a, ks), (b, kt)) for a, b, ks, kt in items)
    if not nx.is_directed_acyclic_graph(g):  # a projection can fold instances into cycles
        return items
    keep = set(nx.transitive_reduction(g).edges())
    return {x for x in items if ((x[0], x[2]), (x[1], x[3])) in keep}


def _stride(items: list[tuple[Point, Point, int, int]], bounds: list[tuple[int, int]], limit: int) -> int:
    """The smallest s such that the arrows leaving every s-th point along
    each loop number at most ``limit`` (1 when all fit)."""
    lo = [a for a, _ in bounds]
    s = 1
    while s < 64:
        n = sum(1 for x in items if all((c - low) % s == 0 for c, low in zip(x[0], lo, strict=True)))
        if n <= limit:
            return s
        s += 1
    return s


def _pairs_in_window(panel: Panel, rel: isl.Map) -> list[tuple[Point, Point]]:
    """Pairs within a box at the centre of the domain, the box shrunk until
    they are few enough to enumerate."""
    if not panel.bounds:
        return []
    centre = [(a + b) // 2 for a, b in panel.bounds]
    half = 8
    while True:
        lo = tuple(max(c - half, a) for c, (a, _) in zip(centre, panel.bounds, strict=True))
        hi = tuple(min(c + half, b) for c, (_, b) in zip(centre, panel.bounds, strict=True))
        pairs = ib.relation_pairs(rel, MAX_PAIRS, lo, hi)
        if pairs is not None or half == 0:
            break
        half //= 2
    if pairs is None:
        return []
    panel.window = (
        (lo, hi)
        if panel.window is None
        else (
            tuple(min(a, b) for a, b in zip(panel.window[0], lo, strict=True)),
            tuple(max(a, b) for a, b in zip(panel.window[1], hi, strict=True)),
        )
    )
    return pairs


def _spread(items: list, n: int) -> list:
    """``n`` of ``items``, evenly spaced (deterministic)."""
    if len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(k * step)] for k in range(n)]


@dataclass
class _Before:
    """What the after panel needs of the original program (its model goes
    stale when the trace is replayed)."""

    units: list[Unit]
    views: list[StmtView]
    accesses: list[isl.Map]  # each unit's own access relation
    touched: list[list[tuple[Value, str, isl.Map]]]  # each unit's accesses over its loops: memref, kind, relation
    values: dict[str, int]  # its parameter values, by isl name
    bounds: list[tuple[int, int]]


def _touched(model: PolyhedralModel, u: Unit) -> list[tuple[Value, str, isl.Map]]:
    """The accesses of ``u`` made in all its loops (loads hoisted out of an
    inner loop are left out), in program order, the unit's own op's last
    (its statement names the instances)."""
    out = []
    members = [m for m in u.members if m.stmt.op is not u.op] + [m for m in u.members if m.stmt.op is u.op]
    for m in members:
        if len(m.stmt.loops) == len(u.loops):
            a = m.stmt.accesses[0]
            out.append((a.memref, a.kind, a.relation))
    return out


def _before(model: PolyhedralModel, shown: list[Unit], panel: Panel, values: dict[str, int]) -> _Before:
    acc = [model.statement_for(u.op).accesses[0].relation for u in shown]
    return _Before(shown, panel.stmts, acc, [_touched(model, u) for u in shown], values, panel.bounds)


def _correspondence(model: PolyhedralModel, u: Unit, values: dict[str, int], old: _Before, k: int) -> isl.Map | None:
    """``{ new instance -> original instance }`` of ``u`` and the original
    unit ``k``: through the element the unit writes when the original write
    is one-to-one, else through every element it touches (same accesses in
    the same order), else through the order in which the instances write
    each element, else None."""
    stmt = model.statement_for(u.op)
    corr = ib.instance_correspondence(stmt.accesses[0].relation, values, old.accesses[k], old.values)
    if corr is not None:
        return corr
    new, orig = _touched(model, u), old.touched[k]
    if [(v, kind) for v, kind, _ in new] == [(v, kind) for v, kind, _ in orig]:
        corr = ib.instance_correspondence_by_accesses(
            [r for _, _, r in new], values, [r for _, _, r in orig], old.values
        )
        if corr is not None:
            return corr
    if stmt.accesses[0].kind != "write":
        return None
    return ib.instance_correspondence_by_order(
        stmt.accesses[0].relation, values, old.accesses[k], old.values, MAX_ORDER
    )


def _add_transformed(
    panel: Panel,
    old: _Before,
    s: Schedule,
    chosen: list[Loop],
    given: dict[str, int],
    by_value: dict[Value | ShapeDim, int],
) -> None:
    """Tiles and execution order of ``s`` (already transformed) for the
    instances of the original units. A unit's op, or its copies (unrolled:
    same op, same location), is found in the new program; a new instance is
    the original instance that touches the same elements (when they tell
    the original instances apart), else the one with the same values of the
    loops of the same names. The tiles come from the new schedule of the
    instances (``tiles.py``); when some instance cannot be mapped back, from
    the shape of tile loops that step from the point loops' lower bounds."""
    model = s.model
    values = _param_values(model, given, by_value)
    units, _ = _units(model)
    names = [loop_name(loop) for loop in chosen]
    keep_old = [loop.depth for loop in chosen]
    rects: set[tuple[float, float, float, float]] = set()
    tile_desc: dict[int, tuple[str, int]] = {}  # axis -> tile loop name, extent
    timed: list[UnitTimes] = []
    visits: list[tuple[tuple[int, ...], tuple[float, float]]] = []
    missing: list[str] = []
    unmapped: list[str] = []
    too_many = False
    for k, (ou, view) in enumerate(zip(old.units, old.views, strict=True)):
        # A unit's op, or its copy: the same kind of op (by name: unregistered ones too) at its location.
        copies = [u for u in units if u.op is ou.op or (u.op.name == ou.op.name and u.op.loc == ou.op.loc)]
        if not copies:
            missing.append(ou.name)
            continue
        for u in copies:
            found = [[loop for loop in u.loops if loop_name(loop) == n] for n in names]
            points = [f[0] for f in found] if all(len(f) == 1 for f in found) else None
            if points is not None:
                t_loops = _tile_loops(u, points)
                if any(t is not None for t in t_loops):
                    rects |= _tile_rects(u, t_loops, old.bounds, values)
                    for axis, t in enumerate(t_loops):
                        if t is not None:  # the tile's extent along the axis is the tile loop's step
                            tile_desc.setdefault(axis, (loop_name(t), t.step))
            if too_many:
                continue
            sched = model.statement_for(u.op).schedule
            times = list(range(ib.n_out(sched)))
            corr = _correspondence(model, u, values, old, k)
            if corr is not None:  # new instance -> the original one, through the elements touched
                rel = ib.projected_relation(ib.reverse_then(corr, sched, values), keep_old, times, {})
            elif points is not None and u.op is ou.op and len(copies) == 1:
                rel = ib.projected_relation(sched, [p.depth for p in points], times, values)
            else:
                unmapped.append(ou.name)
                continue
            pairs = ib.relation_pairs(rel, MAX_ORDER)
            if pairs is None:
                too_many = True
                continue
            timed.append(UnitTimes(u.loops, pairs))
            visits += [(time, _xy(pt, view.offset)) for pt, time in pairs]
    if missing:
        panel.notes.append(f"{', '.join(missing)}: not found after the trace")
    if not (too_many or unmapped or missing):
        tiles = find_tiles(timed, len(chosen), MAX_TILES)
        panel.tiles, panel.tile_label = tiles.polygons, tiles.label
        panel.notes += tiles.notes
    elif rects:
        panel.tiles = [_rect_polygon(r) for r in sorted(rects)[:MAX_TILES]]
        sizes = [str(tile_desc[a][1]) if a in tile_desc else "all" for a in range(len(chosen))]
        extents = ("x" if len(tile_desc) == len(chosen) else " x ").join(sizes)
        panel.tile_label = f"tiles ({', '.join(tile_desc[a][0] for a in sorted(tile_desc))}: {extents})"
    if too_many:
        panel.notes.append(f"execution order not drawn: more than {MAX_ORDER} instances")
    elif unmapped:
        panel.notes.append(
            f"execution order not drawn: the instances of {', '.join(dict.fromkeys(unmapped))} "
            "after the trace cannot be mapped back (the elements they touch do not tell them apart)"
        )
    elif visits:
        seen: dict[tuple[float, float], None] = {}
        for _, xy in sorted(visits):
            seen.setdefault(xy, None)
        panel.order = list(seen)


def _rect_polygon(r: tuple[float, float, float, float]) -> list[XY]:
    x, y, w, h = r
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def _tile_loops(u: Unit, points: list[Loop]) -> list[Loop | None]:
    """For each point loop, its tile loop: the enclosing loop whose IV is
    the point loop's lower bound (as tiling and strip-mining build them)."""
    out: list[Loop | None] = []
    for p in points:
        out.append(
            next((loop for loop in u.loops[: p.depth] if len(p.lbs) == 1 and p.lbs[0] == _dim(loop.depth)), None)
        )
    return out


def _dim(k: int):

    return dim(k)


def _tile_rects(
    u: Unit, tile_loops: list[Loop | None], bounds: list[tuple[int, int]], values: dict[str, int]
) -> set[tuple[float, float, float, float]]:
    """Rectangles (x, y, width, height) of the tiles: a tile loop's IV is the
    tile's first point on its axis, its step the tile's extent there; an axis
    without a tile loop spans the whole domain."""
    tiled = [(k, t) for k, t in enumerate(tile_loops) if t is not None]
    proj = ib.projected_set(u.domain, [t.depth for _, t in tiled], values)
    n = ib.count_points(proj)
    if n is None or n > MAX_TILES:
        return set()
    out: set[tuple[float, float, float, float]] = set()
    for origin in ib.set_points(proj):
        lo = [float(a) - 0.5 for a, _ in bounds]
        ext = [float(b - a + 1) for a, b in bounds]
        for (axis, t), v in zip(tiled, origin, strict=False):
            lo[axis] = v - 0.5
            ext[axis] = float(t.step)
        # Clip to the domain's bounding box: partial tiles end at the loop bounds.
        for axis, (a, b) in enumerate(bounds):
            end = min(lo[axis] + ext[axis], b + 0.5)
            lo[axis] = max(lo[axis], a - 0.5)
            ext[axis] = end - lo[axis]
        if len(lo) == 1:
            lo.append(-0.5)
            ext.append(1.0)
        out.add((lo[0], lo[1], ext[0], ext[1]))
    return out
