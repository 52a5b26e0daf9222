"""Drawing a schedule: a nest's iteration domain, its dependences and tiles.

    fig = polymlir.plot.show(text, loops=["i", "j"], trace='[{"op": "tile", ...}]')
    fig.savefig("nest.png")

One panel shows the statements' instances projected onto two loops of a
nest (a point per instance for small domains, the outline of each convex
piece otherwise) and the memory dependences between them as arrows coloured
by kind. With a trace, a second panel shows the same domain after the trace
is replayed: the tiles of the transformed program as polygons (the
instances grouped by the values of the tile loops, read from the new
schedule: rectangles, parallelograms after a skew; ``tiles.py``) and the new
execution order as a line through the points in the order they are first
visited, numbered when few. Symbols are fixed to small values (``--params
N=8,M=6``, default 8) so that isl can enumerate the points; everything is
computed by isl through ``affine/isl_bridge`` (``panels.py``); this module draws.

matplotlib is an optional dependency (the ``[plot]`` extra), imported only
when a figure is drawn; the Agg canvas is used, so no display is needed and
the caller's pyplot backend is left alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .. import parse
from ..affine import isl_bridge as ib
from ..affine.schedules import loop_name
from ..affine.structured import ShapeDim
from ..dialects.affine import AffineForOp, AffineParallelOp
from ..dialects.func import FuncOp
from ..ir.core import Operation, Value
from ..transforms.loops.errors import TransformError
from ..transforms.loops.handle import Schedule
from ..transforms.loops.trace import Trace
from .panels import (
    KIND_COLORS,
    MAX_ARROWS,
    MAX_POINTS,
    Panel,
    TraceLike,
    _add_dependences,
    _add_transformed,
    _before,
    _choose_loops,
    _domain_panel,
    _kind_rank,
    _xy,
    as_trace,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

MISSING_MATPLOTLIB = "polymlir show needs matplotlib: pip install 'polymlir[plot]'"

NUMBERED = 150  # points numbered by execution rank up to this many

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


class MissingMatplotlib(ImportError):
    """matplotlib is not installed (it is the optional ``[plot]`` extra)."""


def require_matplotlib() -> None:
    """Raise MissingMatplotlib, saying how to install it, when it is absent."""
    try:
        import matplotlib  # noqa: F401  (optional dependency: the [plot] extra)
    except ImportError:
        raise MissingMatplotlib(MISSING_MATPLOTLIB) from None


# -- what a panel shows --------------------------------------------------------------------


# -- parameters, traces, loops -------------------------------------------------------------


# -- collecting a panel --------------------------------------------------------------------


# -- drawing -------------------------------------------------------------------------------


def _draw(ax: Axes, panel: Panel, with_deps: bool, height: float) -> None:
    from matplotlib.lines import Line2D  # optional dependency: the [plot] extra
    from matplotlib.patches import FancyArrowPatch, Patch, Polygon, Rectangle  # optional dependency: the [plot] extra
    from matplotlib.ticker import MaxNLocator  # optional dependency: the [plot] extra

    handles: list[Any] = []
    one_d = len(panel.axes) == 1
    for k, tile in enumerate(panel.tiles):
        alpha = 0.10 if k % 2 else 0.04
        box = _box(tile)
        if box is not None:  # axis-aligned: a Rectangle, as structural tilings were always drawn
            lx, ly, w, h = box
            ax.add_patch(Rectangle((lx, ly), w, h, facecolor=TILE_COLOR, alpha=alpha, lw=0))
            ax.add_patch(Rectangle((lx, ly), w, h, fill=False, edgecolor=TILE_COLOR, lw=1.6, zorder=1))
        else:
            ax.add_patch(Polygon(tile, closed=True, facecolor=TILE_COLOR, alpha=alpha, lw=0))
            ax.add_patch(Polygon(tile, closed=True, fill=False, edgecolor=TILE_COLOR, lw=1.6, zorder=1))
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
        order_x, order_y = zip(*panel.order, strict=True)
        ax.plot(order_x, order_y, color="0.45", lw=0.8, alpha=0.8, zorder=2)
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


def _box(poly: list[tuple[float, float]]) -> tuple[float, float, float, float] | None:
    """``(x, y, width, height)`` of an axis-aligned rectangle, else None."""
    xs = sorted({x for x, _ in poly})
    ys = sorted({y for _, y in poly})
    if len(poly) != 4 or len(xs) != 2 or len(ys) != 2:
        return None
    return xs[0], ys[0], xs[1] - xs[0], ys[1] - ys[0]


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
        op for op in s.module.walk(post_order=False) if isinstance(op, FuncOp) and op.regions and op.regions[0].blocks
    ]
    with_loops = [f for f in funcs if any(isinstance(o, (AffineForOp, AffineParallelOp)) for o in f.walk())]
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
    known = {s.model.param_label(k) for k in range(len(s.model.params))} | set(s.model.param_names)
    unknown = sorted(set(given) - known)
    if unknown:
        names = ", ".join(sorted(s.model.param_label(k) for k in range(len(s.model.params))))
        raise TransformError(
            f"no symbol {', '.join(unknown)} in the loop bounds of @{s.model.name} (symbols: {names or 'none'})", s.func
        )
    by_value: dict[Value | ShapeDim, int] = {}
    chosen = _choose_loops(s, loops)
    loop_names = [loop_name(lp) for lp in chosen]
    before, shown, values = _domain_panel(s.model, chosen, given, by_value, max_points)
    _add_dependences(before, s.model, chosen, shown, values, max_arrows)
    panels = [(before, True)]
    if trace is not None:
        old = _before(s.model, shown, before, values)
        s.replay(trace)
        after = Panel(f"after {_wrap(str(trace), 60)}", loop_names, before.stmts, before.bounds)
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
    for ax, (panel, deps) in zip(axes, panels, strict=True):
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
    trace: TraceLike = None,
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
        module = module_or_text.clone() if trace is not None else module_or_text
    return draw_schedule(Schedule(module, func), loops, as_trace(trace), params, max_points, max_arrows)


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
