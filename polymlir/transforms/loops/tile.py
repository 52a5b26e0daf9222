"""Rectangular tiling and strip-mining of a band of perfectly nested loops.

Legality is exact: the tiled order (tile indices ``floor((i - lb) / (T*s))``
of every band loop first, then the original loops) must keep every memory
dependence, which the schedule engine decides with isl. The rewrite is
structural, as upstream's ``tilePerfectlyNested``: tile loops step over the
original bounds by ``T*s``; each point loop runs from its tile loop's IV to
``min(ub, iv + T*s)`` (the ``min`` is left out when the tile size divides a
constant trip count).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import BandFn, base_vector, check, loop_name, schedule_maps, transform_band
from ...affine.statements import access_units
from ...ir.affine_expr import const, dim
from ...ir.affine_map import AffineMap
from .errors import ArgumentError
from .loop_utils import (
    TransformError,
    as_for,
    bound_operands,
    bounds_use_band,
    constant_trip_count,
    loop_ivs,
    move_body,
    new_loop_like,
    perfect_band_problem,
)
from .regen import regenerate_band


def names(band: Sequence[Loop]) -> str:
    return ", ".join(loop_name(lp) for lp in band)


def model_problem(model: PolyhedralModel, loops: Sequence[Loop], what: str) -> Verdict | None:
    """A refusal when code inside ``loops`` is outside the affine model."""
    for lp in loops:
        if lp.has_unknown_effects:
            for na in model.non_affine:
                if lp.op.is_ancestor_of(na.op):
                    return Verdict(
                        False,
                        f"cannot {what}: {na.op.name} at {na.loc} is outside the affine model ({na.reason})",
                        op=na.op,
                    )
            return Verdict(
                False, f"cannot {what}: loop {loop_name(lp)} at {lp.loc} holds code outside the affine model", op=lp.op
            )
    return None


def check_sizes(band: Sequence[Loop], sizes: Sequence[int], what: str = "tile size") -> None:
    if len(sizes) != len(band):
        raise ArgumentError(
            f"expected {len(band)} {what}s (one per loop {names(band)}), got {len(sizes)}", band[0].op if band else None
        )
    for lp, s in zip(band, sizes, strict=True):
        if not isinstance(s, int) or s < 1:
            raise ArgumentError(f"{what} {s} for loop {loop_name(lp)} must be a positive integer", lp.op)


def _tiled(band: Sequence[Loop], sizes: Sequence[int], ivs: list) -> list:
    """Tile indices ``floor((i - lb) / (T*s))`` of every band loop, then the
    loops. A lower bound that moves with another band loop (a skewed or
    triangular band) would shear the tiles: those loops tile from 0, so the
    tiles stay rectangles of the band's iteration space."""
    depths = {lp.depth for lp in band}
    out = []
    for iv, lp, size in zip(ivs, band, sizes, strict=True):
        moving = any(e.is_function_of_dim(d) for e in lp.lbs for d in depths if d != lp.depth)
        out.append((iv, [const(0)] if moving else lp.lbs, size * lp.step))
    return [*out, *ivs]


def tile_verdict(model: PolyhedralModel, band: Sequence[Loop], sizes: Sequence[int]) -> Verdict:
    """Whether tiling ``band`` by ``sizes`` keeps the program's meaning."""
    check_sizes(band, sizes)
    return band_verdict(model, band, f"tile loops {names(band)}", lambda _u, ivs: _tiled(band, sizes, ivs))


def band_verdict(model: PolyhedralModel, band: Sequence[Loop], what: str, fn: BandFn) -> Verdict:
    """The exact verdict of rewriting a perfect band's schedule slice with
    ``fn`` (statements stay together: the per-access view suffices)."""
    bad = model_problem(model, band, what)
    if bad is not None:
        return bad
    problem = perfect_band_problem(band)
    if problem is not None:
        return Verdict(False, f"cannot {what}: {problem}", op=band[0].op)
    units = access_units(model)
    vectors = {u.name: base_vector(u) for u in units}
    new = transform_band(units, vectors, band, fn)
    return check(model, units, schedule_maps(units, new, model.param_names), what, band)


def tile(model: PolyhedralModel, band: Sequence[Loop], sizes: Sequence[int]) -> list:
    """Tile ``band`` (call after a legal verdict); returns the tile loops,
    outermost first, then the point loops."""
    check_sizes(band, sizes)
    problem = perfect_band_problem(band)
    if problem is not None:
        raise TransformError(f"cannot tile loops {names(band)}: {problem}", band[0].op)
    if bounds_use_band(band) is not None:
        # Bounds over other band IVs: tile in the schedule and let isl's AST
        # builder derive the tile and point loops' bounds.
        return regenerate_band(model, band, lambda _u, ivs: _tiled(band, sizes, ivs), f"tile loops {names(band)}")
    outer = as_for(band[0].op)
    tile_loops = []
    anchor_block = outer.parent
    assert anchor_block is not None
    parent_body = None
    for lp, size in zip(band, sizes, strict=True):
        op = as_for(lp.op)
        lbs, ubs = bound_operands(op)
        t = new_loop_like(
            op, op.lowerBoundMap.value, lbs, op.upperBoundMap.value, ubs, op.step.value * size, f"{loop_name(lp)}_tile"
        )
        if parent_body is None:
            anchor_block.insert_before(outer, t)
        else:
            parent_body.insert_before(parent_body.operations[-1], t)
        parent_body = t.body
        tile_loops.append(t)
    # Point loops: rebuilt innermost-first around the original body.
    point_loops = []
    inner_dst = tile_loops[-1]
    prev = inner_dst
    for lp, size, t in zip(band, sizes, tile_loops, strict=True):
        op = as_for(lp.op)
        step = op.step.value
        span = size * step
        _, ubs = bound_operands(op)
        ub_map = op.upperBoundMap.value
        trip = constant_trip_count(op)
        if trip is not None and trip % size == 0:
            ub = AffineMap(1, 0, (dim(0) + span,))
            ub_ops = [t.induction_var]
        else:
            # Upstream's form: the tile loop's IV is the dimension after the
            # original bound's dims; the tile's end first, then the bounds.
            nd = ub_map.num_dims
            ub = AffineMap(nd + 1, ub_map.num_symbols, (dim(nd) + span, *ub_map.results))
            ub_ops = [*ubs[:nd], t.induction_var, *ubs[nd:]]
        p = new_loop_like(
            op, AffineMap(1, 0, (dim(0),)), [t.induction_var], ub, ub_ops, step, loop_name(lp), hints=True
        )
        prev.body.insert_before(prev.body.operations[-1], p)
        point_loops.append(p)
        prev = p
    for iv, p in zip(loop_ivs(band), point_loops, strict=True):
        iv.replace_all_uses_with(p.induction_var)
    move_body(band[-1].op, point_loops[-1])
    outer.erase()
    return [*tile_loops, *point_loops]


def strip_mine_verdict(model: PolyhedralModel, loop: Loop, factor: int) -> Verdict:
    """Strip-mining never reorders iterations; refused only outside the model."""
    check_sizes([loop], [factor], "factor")
    what = f"strip-mine loop {loop_name(loop)}"
    bad = model_problem(model, [loop], what)
    if bad is not None:
        return bad
    problem = perfect_band_problem([loop])
    if problem is not None:
        return Verdict(False, f"cannot {what}: {problem}", op=loop.op)
    return Verdict.legal(f"{what} keeps the order of iterations")


def strip_mine(model: PolyhedralModel, loop: Loop, factor: int) -> list:
    """Split ``loop`` into a loop over strips of ``factor`` iterations and a
    loop inside each strip."""
    return tile(model, [loop], [factor])
