"""Tiling of linalg structured ops, checked against their exact dependences.

``tile_op(op, sizes, interchange)`` does what upstream's
``transform.structured.tile_using_for`` does: one ``scf.for`` per nonzero
size (outermost first, in ``interchange`` order) stepping over the loop's
range, the tile's offsets the loop IVs and its sizes the tile size or, for a
partial last tile, an ``affine.min``; inside, the same op on
``memref.subview``s of its operands (buffers) or on
``tensor.extract_slice``s, its result inserted back with
``tensor.insert_slice`` into the loop-carried init (tensors).

Tiling is a schedule change: the op's instances run tile by tile, tiles in
the order of the tiled loops, each tile in the op's own order. It is legal
when every self-dependence of the op (from the polyhedral model:
accumulation into an output element, an input that is also the output)
keeps its order under that schedule; a reduction whose accumulation order
the tiles would change is refused with the dependence named.

    t = tile_op(matmul, [8, 16, 4])   # t.loops, t.tiled_op, t.results
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...affine import isl_bridge as ib
from ...affine.dependence import dependences
from ...affine.model import NonAffine, analyze_structured_op, op_loc
from ...affine.structured import ShapeDim, is_structured, loop_sizes
from ...dialects.linalg.structured import LinalgStructuredOp
from ...ir import types as T
from ...ir.affine_expr import AffineExpr, dim
from ...ir.builder import Builder
from ...ir.core import BlockArgument, Operation, Value
from ..loops.errors import TransformError
from .slices import (
    Index,
    apply,
    dim_size,
    extract_slice,
    index_value,
    insert_slice,
    minimum,
    operand_slice,
    scf_for,
    subview,
)


@dataclass
class TiledLinalg:
    """The result of tiling: the loops (outermost first, one per nonzero
    size), the op computing one tile, and the values replacing a tensor op's
    results (empty on buffers)."""

    loops: list[Operation]
    tiled_op: Operation
    results: Sequence[Value] = field(default_factory=list)


def describe(op: Operation) -> str:
    return f"'{op.name}' at {op_loc(op)}"


def normalize_sizes(
    op: Operation, sizes: Sequence[int], interchange: Sequence[int] = ()
) -> tuple[list[int], list[int]]:
    """Sizes padded with zeros to the op's loop count, and the tiled loops
    in loop order (``interchange`` order when given)."""
    if not is_structured(op):
        raise TransformError(f"{describe(op)} is not a linalg structured op", op)
    n = op.num_loops
    if len(sizes) > n:
        raise TransformError(f"{len(sizes)} tile sizes given for {describe(op)}, which has {n} loops", op)
    if any(s < 0 for s in sizes):
        raise TransformError(f"tile sizes must be non-negative, got {list(sizes)}", op)
    full = list(sizes) + [0] * (n - len(sizes))
    perm = list(interchange) if interchange else list(range(n))
    if len(perm) < n and interchange:
        perm = perm + [k for k in range(n) if k not in perm]
    if sorted(perm) != list(range(n)):
        raise TransformError(
            f"interchange {list(interchange)} is not a permutation of the {n} loops of {describe(op)}", op
        )
    return full, [k for k in perm if full[k]]


def tiled_schedule_exprs(n: int, sizes: Sequence[int], order: Sequence[int]) -> list[AffineExpr]:
    """The tiled schedule of an op's n loops: tile indices then the loops."""
    return [dim(k).floordiv(sizes[k]) for k in order] + [dim(k) for k in range(n)]


def check_tiling(op: Operation, sizes: Sequence[int], order: Sequence[int]) -> None:
    """Refuse (TransformError naming the dependence) when running the op's
    instances tile by tile reverses one of its self-dependences."""
    try:
        m = analyze_structured_op(op)
    except NonAffine as e:
        raise TransformError(f"{describe(op)} is outside the polyhedral model: {e.reason}", op) from None
    st = m.statements[0]
    n = len(st.loops)
    sched = ib.access_relation(
        tiled_schedule_exprs(n, sizes, order), [lp.name for lp in st.loops], m.param_names, st.name, "T"
    )
    for d in dependences(m):
        bad = ib.out_of_order(d.relation, sched, sched)
        if bad is not None:
            red = " (a reduction: the tiles would reassociate it)" if d.reduction else ""
            raise TransformError(
                f"cannot tile {describe(op)} with sizes {list(sizes)}: the tiles would reverse the "
                f"{d.describe()}{red}; e.g. iteration {list(bad[0])} would run after {list(bad[1])}",
                op,
            )


def full_sizes(b: Builder, op: LinalgStructuredOp) -> list[Index]:
    """The op's loop ranges as index values (static ints or dim ops)."""
    try:
        sizes = loop_sizes(op)
    except ValueError as e:
        raise TransformError(f"cannot tile {describe(op)}: {e}", op) from None
    return [dim_size(b, s.value, s.dim) if isinstance(s, ShapeDim) else s for s in sizes]


@dataclass
class TileNest:
    """The loops over the tiles of an iteration space and, in the innermost
    body (``builder``), each loop's tile offset and size."""

    loops: list[Operation]
    ivs: list[BlockArgument]
    iter_args: Sequence[Value]  # of the innermost loop (tensors)
    offsets: list[Index]
    sizes: list[Index]
    builder: Builder


def build_tile_nest(
    b: Builder, full: Sequence[Index], sizes: Sequence[int], order: Sequence[int], inits: Sequence[Value]
) -> TileNest:
    """scf.for loops over the tiled dims (``order``), carrying ``inits``."""
    loops: list[Operation] = []
    ivs: list[BlockArgument] = []
    cur: Sequence[Value] = list(inits)
    # Bounds and steps before the nest, as upstream materializes them.
    zero = b.const_index(0)
    bounds = {k: index_value(b, full[k]) for k in order}
    steps = {k: b.const_index(sizes[k]) for k in order}
    for k in order:
        loop, iv, args = scf_for(b, zero, bounds[k], steps[k], cur)
        loops.append(loop)
        ivs.append(iv)
        cur = args
        b = Builder.at_end(iv.owner, b.loc)
    offsets: list[Index] = [0] * len(full)
    tsizes: list[Index] = list(full)
    for k, iv in zip(order, ivs, strict=True):
        offsets[k] = iv
        n, t = full[k], sizes[k]
        if isinstance(n, int) and n % t == 0:
            tsizes[k] = t
        elif isinstance(n, int):
            tsizes[k] = minimum(b, [n - dim(0), dim(0) * 0 + t], [iv])
        else:
            tsizes[k] = minimum(b, [dim(1) - dim(0), dim(0) * 0 + t], [iv, n])
    return TileNest(loops, ivs, cur, offsets, tsizes, b)


FusedSlices = dict[Value, tuple[Value, list[Index], list[Index]]]


def clone_on_slices(
    b: Builder,
    op: LinalgStructuredOp,
    offsets: Sequence[Index],
    sizes: Sequence[Index],
    inits: Sequence[Value] | None = None,
    fused: FusedSlices | None = None,
) -> tuple[Operation, list[tuple[list[Index], list[Index]]]]:
    """The op on the slices of its operands that the box (offsets, sizes)
    of its iteration space touches; tensor inits are sliced from ``inits``
    (the loop-carried values) when given; a tensor that a fused producer
    computed in this tile (``fused``: value -> its tile, offsets, sizes) is
    taken from that tile. Returns the new op and the (offsets, sizes) of
    each init's slice."""
    ins, outs = list(op.dps_inputs()), list(op.dps_inits())
    maps = op.indexing_maps_array()
    new_operands: list[Value] = []
    init_slices: list[tuple[list[Index], list[Index]]] = []
    sources = ins + (list(inits) if inits is not None else outs)
    for i, (v, src) in enumerate(zip(ins + outs, sources, strict=True)):
        if not isinstance(v.type, T.ShapedType) or not hasattr(v.type, "shape"):
            new_operands.append(v)
            continue
        offs, szs = operand_slice(b, maps[i], offsets, sizes, describe(op))
        if i >= len(ins):
            init_slices.append((offs, szs))
        whole = all(o == 0 for o in offs) and list(szs) == list(v.type.shape)
        if whole and (i < len(ins) or isinstance(v.type, T.MemRefType)) and not (fused and src in fused):
            new_operands.append(src)  # no tiled loop indexes it: the operand itself, as upstream
        elif isinstance(v.type, T.MemRefType):
            new_operands.append(subview(b, src, offs, szs))
        elif fused is not None and src in fused:
            new_operands.append(_from_tile(b, fused[src], offs, szs))
        else:
            new_operands.append(extract_slice(b, src, offs, szs))
    result_types = [new_operands[len(ins) + k].type for k in range(len(op.results))]
    new = Operation.create(
        op.name,
        operands=new_operands,
        result_types=result_types,
        attributes=dict(op.attributes),
        properties=dict(op.props),
        regions=[r.clone({}) for r in op.regions],
        loc=op.loc,
    )
    b.insert(new)
    return new, init_slices


def _same(a: Sequence[Index], b: Sequence[Index]) -> bool:
    return len(a) == len(b) and all(x is y or (isinstance(x, int) and x == y) for x, y in zip(a, b, strict=True))


def _from_tile(b: Builder, tile: tuple[Value, list[Index], list[Index]], offs: list[Index], szs: list[Index]) -> Value:
    """The part (offs, szs) of a producer's tile result computed at (t_offs, t_szs)."""
    value, t_offs, t_szs = tile
    if _same(offs, t_offs) and _same(szs, t_szs):
        return value
    rel = [apply(b, dim(0) - dim(1), [o, t]) for o, t in zip(offs, t_offs, strict=True)]
    return extract_slice(b, value, rel, szs)


def finish_nest(nest: TileNest, yielded: Sequence[Value], loc) -> None:
    """Terminate each loop body: the innermost yields ``yielded``, each outer
    one the results of the loop it holds."""
    vals = list(yielded)
    for loop in reversed(nest.loops):
        Builder.at_end(loop.regions[0].blocks[0], loc).create("scf.yield", vals)
        vals = list(loop.results)


def insert_results(
    b: Builder, op: Operation, dests: Sequence[Value], init_slices: Sequence[tuple[list[Index], list[Index]]]
) -> list[Value]:
    """Insert a tensor op's results into ``dests`` where its inits were sliced."""
    return [insert_slice(b, r, d, offs, szs) for r, d, (offs, szs) in zip(op.results, dests, init_slices, strict=False)]


def tile_op(op: Operation, sizes: Sequence[int], interchange: Sequence[int] = ()) -> TiledLinalg:
    """Tile linalg op ``op`` by ``sizes`` (0 = untiled, missing sizes
    untiled) in ``interchange`` order; raises TransformError when illegal."""
    full_t, order = normalize_sizes(op, sizes, interchange)
    if not order:
        return TiledLinalg([], op, list(op.results))
    check_tiling(op, full_t, order)
    assert is_structured(op), "normalize_sizes refused any other op"
    b = Builder.before(op)
    full = full_sizes(b, op)
    inits = list(op.dps_inits()) if op.results else []
    nest = build_tile_nest(b, full, full_t, order, inits)
    tiled, init_slices = clone_on_slices(
        nest.builder, op, nest.offsets, nest.sizes, nest.iter_args if op.results else None
    )
    yielded = insert_results(nest.builder, tiled, nest.iter_args, init_slices)
    finish_nest(nest, yielded, op.loc)
    results = list(nest.loops[0].results)
    if op.results:
        op.replace_all_uses_with(results)
    op.erase()
    return TiledLinalg(nest.loops, tiled, results)
