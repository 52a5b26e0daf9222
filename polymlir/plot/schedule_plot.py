"""Drawing a schedule: a nest's iteration domain, its dependences and tiles.

    fig = polymlir.plot.show(text, loops=["i", "j"], trace='[{"op": "tile", ...}]')
    fig.savefig("nest.png")

One panel shows the statements' instances projected onto two loops of a
nest (a point per instance for small domains, the outline of each convex
piece otherwise) and the memory dependences between them as arrows coloured
by kind. With a trace, a second panel shows the same domain after the trace
is replayed: the tiles of the transformed program as rectangles (tile
loops step from the loops' lower bounds by size * step) and the new
execution order as a line through the points in the order they are first
visited, numbered when few. Symbols are fixed to small values (``--params
N=8,M=6``, default 8) so that isl can enumerate the points; everything is
computed by isl through ``affine/isl_bridge.py``.

matplotlib is an optional dependency (the ``[plot]`` extra), imported only
when a figure is drawn; the Agg canvas is used, so no display is needed and
the caller's pyplot backend is left alone.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import networkx as nx

from .. import parse
from ..affine import isl_bridge as ib
from ..affine.dependence import dependences
from ..affine.model import Loop, PolyhedralModel, op_loc
from ..affine.schedules import loop_name
from ..affine.statements import NotCompound, Unit, access_units, compound_statements
from ..ir.affine_expr import dim
from ..ir.core import Operation, Value
from ..transforms.loops.errors import TransformError
from ..transforms.loops.handle import Schedule
from ..transforms.loops.trace import Step, Trace, load_trace

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

MISSING_MATPLOTLIB = "polymlir show needs matplotlib: pip install 'polymlir[plot]'"

DEFAULT_PARAM = 8  # value of every symbol not given
MAX_POINTS = 2500  # per statement: points up to this many, outlines beyond
MAX_ARROWS = 300  # drawn per panel, spread over the kinds
MAX_PAIRS = 20000  # enumerated per dependence; beyond, sources are restricted to a box
MAX_ORDER = 20000  # instances enumerated for the execution order after a trace
MAX_TILES = 2000
NUMBERED = 150  # points numbered by execution rank up to this many

KIND_COLORS = {"flow": "tab:red", "anti": "tab:blue", "output": "tab:green"}
STMT_STYLES = [
    ("o", "0.25"),
    ("s", "tab:purple"),
    ("^", "tab:brown"),
    ("D", "tab:olive"),
    ("v", "tab:cyan"),
    ("P", "tab:pink"),
]
TILE_COLOR = "tab:orange"
ARC = (0.0, 0.22, -0.22)  # bend of the arrows of each kind

Point = tuple[int, ...]


class MissingMatplotlib(ImportError):
    """matplotlib is not installed (it is the optional ``[plot]`` extra)."""


def require_matplotlib() -> None:
    """Raise MissingMatplotlib, saying how to install it, when it is absent."""
    try:
        import matplotlib  # noqa: F401  (optional dependency: the [plot] extra)
    except ImportError:
        raise MissingMatplotlib(MISSING_MATPLOTLIB) from None


# -- what a panel shows --------------------------------------------------------------------


@dataclass
class StmtView:
    name: str
    label: str
    offset: float  # along x, so that statements at the same points stay apart
    points: list[Point] | None = None  # None: too many, see polygons
    polygons: list[list[tuple[float, ...]]] = field(default_factory=list)
    count: int = 0
    domain: object = None  # the projected isl set (for the points in a zoomed box)


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
    tiles: list[tuple[float, float, float, float]] = field(default_factory=list)  # x, y, w, h
    tile_label: str = ""
    implied: dict[str, int] = field(default_factory=dict)  # arrows left out as implied by others
    stride: int = 1  # arrows drawn from every stride-th point along each loop
    order: list[tuple[float, float]] | None = None
    notes: list[str] = field(default_factory=list)


def _xy(p: Sequence[float], offset: float = 0.0) -> tuple[float, float]:
    return (p[0] + offset, p[1] if len(p) > 1 else 0.0)


# -- parameters, traces, loops -------------------------------------------------------------


def parse_params(text: str | None, at: Operation | None = None) -> dict[str, int]:
    """``N=8,M=6`` as a dict (TransformError at ``at`` on bad syntax)."""
    out: dict[str, int] = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        name, eq, val = item.partition("=")
        try:
            if not eq:
                raise ValueError
            out[name.strip().lstrip("%")] = int(val)
        except ValueError:
            raise TransformError(f"--params takes NAME=VALUE pairs (N=8,M=6), got '{item.strip()}'", at) from None
    return out


def as_trace(trace: Trace | Sequence[Any] | str | None) -> Trace | None:
    """A Trace from a Trace, a list of steps, JSON text or a JSON file name."""
    if trace is None or isinstance(trace, Trace):
        return trace
    if isinstance(trace, str):
        return load_trace(trace)
    return Trace([s if isinstance(s, Step) else Step.from_dict(s) for s in trace])


def _param_values(model: PolyhedralModel, given: dict[str, int], by_value: dict[Value, int]) -> dict[str, int]:
    """isl parameter name -> value: the symbol's source name in ``given``, else
    what an earlier model of the same function used, else the default."""
    out: dict[str, int] = {}
    for v, pname in zip(model.params, model.param_names):
        hint = v.name_hint or ""
        val = by_value.get(v, given.get(hint, given.get(pname, DEFAULT_PARAM)))
        by_value[v] = val
        out[pname] = val
    return out


def _param_text(model: PolyhedralModel, values: dict[str, int]) -> str:
    return ", ".join(f"{v.name_hint or p}={values[p]}" for v, p in zip(model.params, model.param_names))


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
    amap = op.get_attr("map")
    memref = getattr(op, "memref", None)
    if amap is not None and memref is not None:
        m = amap.value  # type: ignore[union-attr]
        names = [_value_name(v) for v in op.indices]

        def name(match: re.Match[str]) -> str:
            k = int(match.group(2)) + (m.num_dims if match.group(1) == "s" else 0)
            return names[k] if k < len(names) else match.group(0)

        idx = ", ".join(re.sub(r"\b([ds])(\d+)\b", name, str(r)) for r in m.results)
        text = f"{'write' if 'store' in op.name else 'read'} {_value_name(memref)}[{idx}]"
    line = op_loc(op).split(":")
    where = f" (line {line[-2]})" if len(line) >= 3 else ""
    return f"{u.name}: {text}{where}"


# -- collecting a panel --------------------------------------------------------------------


def _domain_panel(
    model: PolyhedralModel, chosen: list[Loop], given: dict[str, int], by_value: dict[Value, int], max_points: int
) -> tuple[Panel, list[Unit], dict[str, int]]:
    values = _param_values(model, given, by_value)
    units, note = _units(model)
    shown = [u for u in units if all(l in u.loops for l in chosen)]
    names = [loop_name(l) for l in chosen]
    if not shown:
        raise TransformError(
            f"no statement is nested in loop{'s' if len(names) > 1 else ''} {', '.join(names)}", chosen[-1].op
        )
    ptext = _param_text(model, values)
    title = f"@{model.name}: loops {', '.join(names)}" + (f"  ({ptext})" if ptext else "")
    panel = Panel(title, names)
    if note:
        panel.notes.append(note)
    keep = [l.depth for l in chosen]
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
    panel.bounds = list(zip(lo, hi))
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
        if not all(l in d.source.loops and l in d.sink.loops for l in chosen):
            continue
        keep = [l.depth for l in chosen]
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
            items = [x for x in items if all((c - l) % panel.stride == 0 for c, l in zip(x[0], lo))]
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
        n = sum(1 for x in items if all((c - l) % s == 0 for c, l in zip(x[0], lo)))
        if n <= limit:
            return s
        s += 1
    return s


def _pairs_in_window(panel: Panel, rel: object) -> list[tuple[Point, Point]]:
    """Pairs within a box at the centre of the domain, the box shrunk until
    they are few enough to enumerate."""
    if not panel.bounds:
        return []
    centre = [(a + b) // 2 for a, b in panel.bounds]
    half = 8
    while True:
        lo = tuple(max(c - half, a) for c, (a, _) in zip(centre, panel.bounds))
        hi = tuple(min(c + half, b) for c, (_, b) in zip(centre, panel.bounds))
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
            tuple(min(a, b) for a, b in zip(panel.window[0], lo)),
            tuple(max(a, b) for a, b in zip(panel.window[1], hi)),
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
    accesses: list[object]  # each unit's own access relation (isl map)
    values: dict[str, int]  # its parameter values, by isl name
    bounds: list[tuple[int, int]]


def _before(model: PolyhedralModel, shown: list[Unit], panel: Panel, values: dict[str, int]) -> _Before:
    acc = [model.statement_for(u.op).accesses[0].relation for u in shown]
    return _Before(shown, panel.stmts, acc, values, panel.bounds)


def _add_transformed(
    panel: Panel, old: _Before, s: Schedule, chosen: list[Loop], given: dict[str, int], by_value: dict[Value, int]
) -> None:
    """Tiles and execution order of ``s`` (already transformed) for the
    instances of the original units. A unit's op, or its copies (unrolled:
    same op, same location), is found in the new program; a new instance is
    the original instance that writes the same element (when the original
    write is injective), else the one with the same values of the loops of
    the same names."""
    model = s.model
    values = _param_values(model, given, by_value)
    units, _ = _units(model)
    names = [loop_name(l) for l in chosen]
    keep_old = [l.depth for l in chosen]
    tiles: set[tuple[float, float, float, float]] = set()
    tile_desc: set[str] = set()
    visits: list[tuple[tuple[int, ...], tuple[float, float]]] = []
    missing: list[str] = []
    unmapped: list[str] = []
    too_many = False
    for ou, view, old_acc in zip(old.units, old.views, old.accesses):
        copies = [u for u in units if u.op is ou.op or (u.op.name == ou.op.name and u.op.loc == ou.op.loc)]
        if not copies:
            missing.append(ou.name)
            continue
        for u in copies:
            found = [[l for l in u.loops if loop_name(l) == n] for n in names]
            points = [f[0] for f in found] if all(len(f) == 1 for f in found) else None
            if points is not None:
                t_loops = _tile_loops(u, points)
                if any(t is not None for t in t_loops):
                    tiles |= _tile_rects(u, t_loops, old.bounds, values)
                    tile_desc |= {
                        f"{loop_name(t)} by {t.step // max(p.step, 1)}"
                        for t, p in zip(t_loops, points)
                        if t is not None
                    }
            if too_many:
                continue
            stmt = model.statement_for(u.op)
            sched = stmt.schedule
            times = list(range(ib.n_out(sched)))
            corr = ib.instance_correspondence(stmt.accesses[0].relation, values, old_acc, old.values)
            if corr is not None:  # new instance -> the original one, through the element written
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
            visits += [(time, _xy(pt, view.offset)) for pt, time in pairs]
    if missing:
        panel.notes.append(f"{', '.join(missing)}: not found after the trace")
    panel.tiles = sorted(tiles)[:MAX_TILES]
    if tiles:
        panel.tile_label = f"tiles ({', '.join(sorted(tile_desc))})"
    if too_many:
        panel.notes.append(f"execution order not drawn: more than {MAX_ORDER} instances")
    elif unmapped:
        panel.notes.append(
            f"execution order not drawn: the instances of {', '.join(dict.fromkeys(unmapped))} "
            "after the trace cannot be mapped back (their write is not one-to-one)"
        )
    elif visits:
        seen: dict[tuple[float, float], None] = {}
        for _, xy in sorted(visits):
            seen.setdefault(xy, None)
        panel.order = list(seen)


def _tile_loops(u: Unit, points: list[Loop]) -> list[Loop | None]:
    """For each point loop, its tile loop: the enclosing loop whose IV is
    the point loop's lower bound (as tiling and strip-mining build them)."""
    out: list[Loop | None] = []
    for p in points:
        out.append(next((l for l in u.loops[: p.depth] if len(p.lbs) == 1 and p.lbs[0] == _dim(l.depth)), None))
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
        for (axis, t), v in zip(tiled, origin):
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


# -- drawing -------------------------------------------------------------------------------


def _draw(ax: Axes, panel: Panel, with_deps: bool, height: float) -> None:
    from matplotlib.lines import Line2D  # optional dependency: the [plot] extra
    from matplotlib.patches import FancyArrowPatch, Patch, Polygon, Rectangle  # optional dependency: the [plot] extra
    from matplotlib.ticker import MaxNLocator  # optional dependency: the [plot] extra

    handles: list[Any] = []
    one_d = len(panel.axes) == 1
    for k, (lx, ly, w, h) in enumerate(panel.tiles):
        ax.add_patch(Rectangle((lx, ly), w, h, facecolor=TILE_COLOR, alpha=0.10 if k % 2 else 0.04, lw=0))
        ax.add_patch(Rectangle((lx, ly), w, h, fill=False, edgecolor=TILE_COLOR, lw=1.6, zorder=1))
    if panel.tiles:
        handles.append(Patch(facecolor=TILE_COLOR, alpha=0.3, edgecolor=TILE_COLOR, label=panel.tile_label))
    for k, v in enumerate(panel.stmts):
        marker, color = STMT_STYLES[k % len(STMT_STYLES)]
        if v.points is not None:
            xs = [_xy(p, v.offset)[0] for p in v.points]
            ys = [_xy(p, v.offset)[1] for p in v.points]
            size = 22 if len(xs) <= 400 else 8
            ax.scatter(xs, ys, s=size, marker=marker, color=color, zorder=3)
            handles.append(Line2D([], [], marker=marker, color=color, ls="", label=f"{v.label}: {v.count} points"))
        else:
            for poly in v.polygons:
                pts = _convex_order([_xy(p, v.offset) for p in poly])
                ax.add_patch(Polygon(pts, closed=True, facecolor=color, alpha=0.25, edgecolor=color, lw=1.5))
            handles.append(
                Patch(facecolor=color, alpha=0.4, edgecolor=color, label=f"{v.label}: {v.count} points (outline)")
            )
    dax = ax
    if with_deps and panel.window is not None:
        dax = _zoom(ax, panel, height)
        handles.append(
            Patch(
                fill=False,
                edgecolor="black",
                label="box enlarged at the right: dependences drawn between its points only",
            )
        )
    if with_deps:
        for kind, arrows in panel.arrows.items():
            color = KIND_COLORS.get(kind, "black")
            # Kinds often relate the same pairs: each bends its own way.
            rad = ARC[_kind_rank(kind) % len(ARC)] + (0.35 if one_d else 0.0)
            for src, dst in arrows:
                dax.add_patch(
                    FancyArrowPatch(
                        src,
                        dst,
                        arrowstyle="-|>",
                        mutation_scale=8,
                        color=color,
                        lw=0.9,
                        alpha=0.8,
                        shrinkA=3,
                        shrinkB=3,
                        zorder=4,
                        connectionstyle=f"arc3,rad={rad}",
                    )
                )
            handles.append(
                Line2D(
                    [],
                    [],
                    color=color,
                    lw=1.5,
                    marker=">",
                    markersize=5,
                    label=f"{kind} dependence ({_arrow_note(panel, kind, len(arrows))})",
                )
            )
        for kind, pts in panel.same_point.items():
            color = KIND_COLORS.get(kind, "black")
            size = 60 + 45 * _kind_rank(kind)
            dax.scatter(
                [p[0] for p in pts], [p[1] for p in pts], s=size, facecolors="none", edgecolors=color, lw=1.0, zorder=2
            )
            by = ", ".join(sorted(panel.carried_by.get(kind, set())))
            handles.append(
                Line2D(
                    [],
                    [],
                    marker="o",
                    mfc="none",
                    color=color,
                    ls="",
                    markersize=6 + _kind_rank(kind),
                    label=f"{kind} dependence between instances at the same point"
                    + (f" (carried by {by})" if by else ""),
                )
            )
    if panel.order:
        xs, ys = zip(*panel.order)
        ax.plot(xs, ys, color="0.45", lw=0.8, alpha=0.8, zorder=2)
        numbered = len(panel.order) <= NUMBERED
        if numbered:
            for rank, (x, y) in enumerate(panel.order):
                ax.annotate(
                    str(rank), (x, y), xytext=(3, 3), textcoords="offset points", fontsize=6, color="0.2", zorder=5
                )
        step = max(1, len(panel.order) // 40)
        for k in range(0, len(panel.order) - 1, step):
            a, b = panel.order[k], panel.order[k + 1]
            if a != b:
                ax.add_patch(
                    FancyArrowPatch(
                        a, b, arrowstyle="->", mutation_scale=7, color="0.45", lw=0.8, shrinkA=2, shrinkB=2, zorder=2
                    )
                )
        handles.append(
            Line2D(
                [],
                [],
                color="0.45",
                lw=1,
                marker=">",
                markersize=4,
                label="execution order after the trace (line through the points in the order "
                "first visited" + ("; number = rank)" if numbered else ")"),
            )
        )
    ax.set_xlabel(f"loop {panel.axes[0]}")
    if one_d:
        ax.set_yticks([])
    else:
        ax.set_ylabel(f"loop {panel.axes[1]}")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if panel.bounds:
        (x0, x1) = panel.bounds[0]
        (y0, y1) = panel.bounds[1] if len(panel.bounds) > 1 else (0, 0)
        pad = 1.0
        ax.set_xlim(x0 - pad, x1 + pad)
        ax.set_ylim(y0 - pad, y1 + pad)
        if not one_d and _equal_scales(panel):
            ax.set_aspect("equal", adjustable="box")
    ax.grid(True, lw=0.3, alpha=0.5)
    ax.set_title(panel.title, fontsize=9)
    for note in panel.notes:
        handles.append(Line2D([], [], ls="", label=note))
    if handles:
        # Below the axis label: 0.55 inch whatever the axes' height.
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.55 / height), fontsize=7, frameon=False)


ZOOM = 3.0  # inches of the enlarged box of a large domain


def _zoom(ax: Axes, panel: Panel, height: float) -> Axes:
    """Axes at the right of ``ax`` showing ``panel.window`` enlarged, with
    the statements' points there; the dependences go in it."""
    assert panel.window is not None
    lo, hi = panel.window
    width = _axes_size(panel)[0]
    zax = ax.inset_axes((1 + 0.35 / width, 1 - ZOOM / height, ZOOM / width, ZOOM / height))
    for k, v in enumerate(panel.stmts):
        if v.domain is None:
            continue
        marker, color = STMT_STYLES[k % len(STMT_STYLES)]
        pts = [_xy(p, v.offset) for p in ib.points_in_box(v.domain, lo, hi)]
        if pts:
            zax.scatter([p[0] for p in pts], [p[1] for p in pts], s=14, marker=marker, color=color, zorder=3)
    x0, x1 = lo[0] - 0.7, hi[0] + 0.7
    y0, y1 = (lo[1] - 0.7, hi[1] + 0.7) if len(lo) > 1 else (-1.0, 1.0)
    zax.set_xlim(x0, x1)
    zax.set_ylim(y0, y1)
    zax.tick_params(labelsize=7)
    zax.set_title(
        f"{panel.axes[0]} in {lo[0]}..{hi[0]}" + (f", {panel.axes[1]} in {lo[1]}..{hi[1]}" if len(lo) > 1 else ""),
        fontsize=7,
    )
    ax.indicate_inset_zoom(zax, edgecolor="black")
    return zax


def _equal_scales(panel: Panel) -> bool:
    """Equal data scales on both axes unless one side is many times the other."""
    if len(panel.bounds) < 2:
        return False
    dx = panel.bounds[0][1] - panel.bounds[0][0] + 2.0
    dy = panel.bounds[1][1] - panel.bounds[1][0] + 2.0
    return max(dx, dy) <= 4 * min(dx, dy)


def _arrow_note(panel: Panel, kind: str, drawn: int) -> str:
    total = panel.arrow_totals.get(kind, drawn)
    parts = [f"{drawn} of {total} arrows" if total > drawn else f"{total} arrows"]
    if panel.stride > 1:
        parts.append(f"from every {_ordinal(panel.stride)} point along each loop")
    if panel.implied.get(kind):
        parts.append(f"{panel.implied[kind]} implied by others left out")
    return "; ".join(parts)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _convex_order(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Vertices of a convex polygon in angular order (isl gives them unordered)."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    ordered = sorted(set(pts), key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    if len(ordered) == 1:  # a single point: a tiny square stays visible
        x, y = ordered[0]
        return [(x - 0.2, y - 0.2), (x + 0.2, y - 0.2), (x + 0.2, y + 0.2), (x - 0.2, y + 0.2)]
    return ordered


def draws_function(s: Schedule, func: str | None, loops_named: bool) -> bool:
    """Whether the CLI draws the function of ``s``: the one named, the one
    holding the named loops, else the first function with a loop nest (the
    first function when none has one, to say so)."""
    if func is not None or loops_named:
        return True
    funcs = [
        op for op in s.module.walk(post_order=False) if op.name == "func.func" and op.regions and op.regions[0].blocks
    ]
    with_loops = [f for f in funcs if any(o.name in ("affine.for", "affine.parallel") for o in f.walk())]
    first = with_loops[0] if with_loops else funcs[0] if funcs else None
    return s.func is first


# -- entry points --------------------------------------------------------------------------


def draw_schedule(
    s: Schedule,
    loops: Sequence[str] | None = None,
    trace: Trace | None = None,
    params: dict[str, int] | None = None,
    max_points: int = MAX_POINTS,
    max_arrows: int = MAX_ARROWS,
) -> Figure:
    """The figure for the function of ``s``: one panel, or two (before and
    after) when ``trace`` is given, which is replayed on ``s`` (its module
    changes)."""
    require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # optional dependency: the [plot] extra
    from matplotlib.figure import Figure  # optional dependency: the [plot] extra

    given = dict(params or {})
    known = {v.name_hint or p for v, p in zip(s.model.params, s.model.param_names)} | set(s.model.param_names)
    unknown = sorted(set(given) - known)
    if unknown:
        names = ", ".join(sorted(v.name_hint or p for v, p in zip(s.model.params, s.model.param_names)))
        raise TransformError(
            f"no symbol {', '.join(unknown)} in the loop bounds of @{s.model.name} (symbols: {names or 'none'})", s.func
        )
    by_value: dict[Value, int] = {}
    chosen = _choose_loops(s, loops)
    names = [loop_name(l) for l in chosen]
    before, shown, values = _domain_panel(s.model, chosen, given, by_value, max_points)
    _add_dependences(before, s.model, chosen, shown, values, max_arrows)
    panels = [(before, True)]
    if trace is not None:
        old = _before(s.model, shown, before, values)
        s.replay(trace)
        after = Panel(f"after {_wrap(str(trace), 60)}", names, before.stmts, before.bounds)
        _add_transformed(after, old, s, chosen, given, by_value)
        panels.append((after, False))
        before.title += "\nbefore the trace"
    # Equal scales on both axes: the figure takes the domain's shape, the
    # legends below each panel their rows.
    w, h = _axes_size(before)
    rows = max(_legend_rows(p) for p, _ in panels)
    # A large domain's dependences go in an enlarged box at the right.
    widths = [max(w + 1.3 + (ZOOM + 0.8 if deps and p.window is not None else 0.0), 6.2) for p, deps in panels]
    fig = Figure(figsize=(sum(widths), max(h, ZOOM) + 1.4 + 0.2 * rows), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, len(panels), squeeze=False, width_ratios=widths)[0]
    for ax, (panel, deps) in zip(axes, panels):
        _draw(ax, panel, deps, h)
    return fig


def _axes_size(p: Panel, longest: float = 6.0, shortest: float = 2.5) -> tuple[float, float]:
    """Inches of a panel's axes: the longer side ``longest``, data units equal."""
    if len(p.bounds) < 2:
        return longest, 1.6
    if not _equal_scales(p):
        return longest * 0.75, longest * 0.75
    dx = p.bounds[0][1] - p.bounds[0][0] + 2.0
    dy = p.bounds[1][1] - p.bounds[1][0] + 2.0
    if dx >= dy:
        return longest, max(shortest, longest * dy / dx)
    return max(shortest, longest * dx / dy), longest


def _legend_rows(p: Panel) -> int:
    return (
        len(p.stmts)
        + len(p.arrows)
        + len(p.same_point)
        + len(p.notes)
        + bool(p.tiles)
        + bool(p.order)
        + (p.window is not None)
    )


def _wrap(text: str, width: int) -> str:
    out, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join(out + [line])


def show(
    module_or_text: Operation | str,
    func: str | None = None,
    loops: Sequence[str] | None = None,
    trace: Trace | Sequence[Any] | str | None = None,
    params: dict[str, int] | None = None,
    max_points: int = MAX_POINTS,
    max_arrows: int = MAX_ARROWS,
) -> Figure:
    """Draw a loop nest of ``func``: its iteration domain projected onto
    ``loops`` (one or two loop names; default the two outermost loops of the
    first nest), its dependences, and, with ``trace`` (a Trace, a list of
    steps, JSON text or a JSON file), the tiles and execution order after
    the trace next to it. Symbols take ``params`` (``{"N": 8}``, default 8).
    Returns a matplotlib Figure (for notebooks; ``fig.savefig(path)``). A
    module passed in is left unchanged."""
    require_matplotlib()
    if isinstance(module_or_text, str):
        module = parse(module_or_text, "<show>")
    else:
        module = _copy(module_or_text) if trace is not None else module_or_text
    return draw_schedule(Schedule(module, func), loops, as_trace(trace), params, max_points, max_arrows)


def _copy(module: Operation) -> Operation:
    """A clone of ``module`` whose values keep their source names (a trace
    picks loops by them); the trace is replayed on the copy."""
    copy = module.clone()
    for old, new in zip(module.walk(post_order=False), copy.walk(post_order=False)):
        for a, b in zip(old.results, new.results):
            b.name_hint = a.name_hint
        for ra, rb in zip(old.regions, new.regions):
            for ba, bb in zip(ra.blocks, rb.blocks):
                for a, b in zip(ba.arguments, bb.arguments):
                    b.name_hint = a.name_hint
    return copy


def output_format(path: str, at: Operation | None = None) -> str:
    """``png``, ``svg`` or ``pdf`` from the file name (TransformError otherwise)."""
    fmt = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if fmt not in ("png", "svg", "pdf"):
        raise TransformError(f"polymlir show writes .png, .svg or .pdf files, not '{path}'", at)
    return fmt


def save(fig: Figure, path: str) -> None:
    """Write ``fig`` as PNG, SVG or PDF (by the file's extension)."""
    fmt = output_format(path)
    fig.savefig(path, format=fmt, dpi=130, bbox_inches="tight")  # legends sit below the axes
