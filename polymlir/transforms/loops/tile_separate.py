"""Full/partial tile separation (upstream's ``separateFullTiles``, the
``separate`` option of ``affine-loop-tile``).

After rectangular tiling, a point loop runs from its tile loop's IV to
``min(iv + T*s, ub...)``. Inside the innermost tile loop, an ``affine.if``
tests that every such tile is full (``ub - iv - T*s >= 0`` for each upper
bound); its then-branch holds a copy of the point loops with the ``min``
left out (``iv`` to ``iv + T*s``), its else-branch the point loops as they
were. Both branches run the same iterations in the same order as the
loops they replace, so separation is always legal; it only needs the
band's bounds not to use the band's own IVs (rectangular tiles), which the
structural tiler guarantees.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...dialects.affine.loops import AffineForOp, AffineIfOp
from ...dialects.affine.ops import is_valid_symbol
from ...ir.affine_expr import AffineExpr, dim, sym
from ...ir.affine_map import AffineMap, IntegerSet
from ...ir.core import Operation, Value
from .loop_utils import body_ops, bound_operands
from .unroll import set_bounds


def _full_tile_constraints(tile: AffineForOp, point: AffineForOp) -> list[AffineExpr] | None:
    """``ub - iv - span >= 0`` per original upper bound of ``point``, over
    its upper bound's operands, when its bound is the tiler's ``min(iv +
    span, ub...)`` over ``tile``'s IV (the tiler puts the IV after the
    bound's own dims); ``[]`` when its tiles are always full (``iv + span``
    alone), None when the loop is not in the tiler's form."""
    lbs, ubs = bound_operands(point)
    if point.lowerBoundMap.value != AffineMap(1, 0, (dim(0),)) or lbs != [tile.induction_var]:
        return None
    m = point.upperBoundMap.value
    ivd = m.num_dims - 1
    if ivd < 0 or ubs[ivd] is not tile.induction_var:
        return None
    if m.num_results == 1:
        return []
    span = m.results[0] - dim(ivd)
    return [r - dim(ivd) - span for r in m.results[1:]]


def separate_full_tiles(tile_loops: Sequence[AffineForOp], point_loops: Sequence[AffineForOp]) -> AffineIfOp | None:
    """Separate the full tiles of a tiled band (``tile_loops``, then the
    ``point_loops`` directly inside the innermost tile loop); returns the
    ``affine.if``, or None when every tile is full or the point loops are
    not in the tiler's form (nothing changes then)."""
    conds: list[tuple[AffineExpr, list[Value], AffineMap]] = []
    for t, p in zip(tile_loops, point_loops, strict=True):
        c = _full_tile_constraints(t, p)
        if c is None:
            return None
        conds += [(e, bound_operands(p)[1], p.upperBoundMap.value) for e in c]
    if not conds:
        return None
    inner = tile_loops[-1]
    region = inner.parent.parent if inner.parent is not None else None
    # One set over every operand: the tile IVs (and any operand that is no
    # symbol) as dims, the rest as symbols, each once, as upstream prints it.
    dims: list[Value] = []
    syms: list[Value] = []
    for _, ops, _ in conds:
        for v in ops:
            if v in dims or v in syms:
                continue
            if any(v is t.induction_var for t in tile_loops) or not is_valid_symbol(v, region):
                dims.append(v)
    for _, ops, _ in conds:
        for v in ops:
            if v not in dims and v not in syms:
                syms.append(v)
    dims.sort(key=lambda v: next((k for k, t in enumerate(tile_loops) if v is t.induction_var), len(tile_loops)))
    exprs = []
    for e, ops, m in conds:
        repl_d = [dim(dims.index(v)) if v in dims else sym(syms.index(v)) for v in ops[: m.num_dims]]
        repl_s = [dim(dims.index(v)) if v in dims else sym(syms.index(v)) for v in ops[m.num_dims :]]
        exprs.append(e.replace_dims_and_symbols(repl_d, repl_s))
    cond = IntegerSet(len(dims), len(syms), exprs, [False] * len(exprs))
    outer_point = point_loops[0]
    gif = AffineIfOp.build(cond, [*dims, *syms], with_else=True, loc=outer_point.loc)
    block = outer_point.parent
    assert block is not None
    block.insert_before(outer_point, gif)
    full = outer_point.clone({})
    outer_point.detach()
    then_b, else_b = gif.regions[0].blocks[0], gif.regions[1].blocks[0]
    then_b.insert_before(then_b.operations[-1], full)
    else_b.insert_before(else_b.operations[-1], outer_point)
    # The copy's point loops run whole tiles: iv to iv + span.
    cur: Operation | None = full
    for _ in point_loops:
        assert isinstance(cur, AffineForOp)
        m = cur.upperBoundMap.value
        if m.num_results > 1:
            ivd = m.num_dims - 1
            end = m.results[0].replace_dims_and_symbols([dim(0)] * m.num_dims, [sym(0)] * m.num_symbols)
            set_bounds(cur, ub=(AffineMap(1, 0, (end,)), [bound_operands(cur)[1][ivd]]))
        nxt = body_ops(cur)
        cur = nxt[0] if nxt and isinstance(nxt[0], AffineForOp) else None
    return gif
