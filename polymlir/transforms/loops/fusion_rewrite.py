"""The rewrites of slice-based fusion, in upstream's output shapes:
`fuse_loops` (clone the source nest at the slice's insertion point, bound
its loops by the slice, promote the loops left with one iteration),
`create_private_memref` (a buffer of the footprint one fused iteration
writes, accesses remapped into it), `replace_memref_uses` (upstream's
``replaceAllMemRefUsesWith``) and `sink_sequential_loops`.

Nothing here decides legality: the driver (``fusion_greedy``) checks every
fusion exactly before it keeps the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ...affine import isl_bridge as ib
from ...affine.dependence import dependences
from ...dialects.affine import AffineApplyOp, AffineForOp, AffineYieldOp
from ...dialects.affine.map_utils import canonicalize_map_and_operands, fully_compose
from ...dialects.memref import AllocOp, DeallocOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import dim
from ...ir.affine_flatten import simplify_affine_expr, simplify_affine_map
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Operation, OpResult, Value
from .fusion_graph import access_memref, is_affine_read, is_affine_write
from .fusion_slice import (
    Polyhedra,
    SliceState,
    access_exprs,
    for_loops,
    slice_iteration_count,
    static_trip_count,
)
from .loop_utils import bounds_use_band
from .permute import permute, permute_verdict

if TYPE_CHECKING:
    from .fusion_check import Translation
from .unroll import promote_single_iteration, set_bounds


def _loop_after_clone(op: Operation, mapping: dict) -> Operation | None:
    iv = op.regions[0].blocks[0].arguments[0]
    new = mapping.get(iv)
    if new is None:
        return None
    return new.parent_block.parent_op if new.parent_block is not None else None


def fuse_loops(src: Operation, state: SliceState, promote: bool = True, tr: Translation | None = None) -> Operation:
    """Clone the nest ``src`` before ``state.insert_before`` with its loops
    bounded by the slice; with ``promote``, loops left with one iteration
    are promoted (upstream's ``fuseLoops``). ``tr`` learns which clone
    stands for which op. Returns the clone's root."""
    assert state.insert_before is not None
    block = state.insert_before.parent
    assert block is not None
    mapping: dict = {}
    clone = src.clone(mapping)
    if tr is not None:
        tr.record_clone(list(zip(src.walk(post_order=False), clone.walk(post_order=False), strict=True)))
    block.insert_before(state.insert_before, clone)
    slice_loops: list[Operation] = []
    for op, lb, ub in zip(state.ivs, state.lbs, state.ubs, strict=True):
        new = _loop_after_clone(op, mapping)
        if new is None:
            continue
        slice_loops.append(new)
        f = cast(AffineForOp, new)
        if lb is not None:
            set_bounds(f, lb=canonicalize_map_and_operands(lb, state.operands))
        if ub is not None:
            set_bounds(f, ub=canonicalize_map_and_operands(ub, state.operands))
    if promote:
        for lp in slice_loops:
            promote_if_single_iteration(cast(AffineForOp, lp))
    return clone


def promote_if_single_iteration(op: AffineForOp) -> bool:
    """Upstream's ``promoteIfSingleIteration``: replace a loop whose trip
    count is the constant 1 (and whose lower bound is one expression) by
    its body."""
    if static_trip_count(op) != 1 or op.lowerBoundMap.value.num_results != 1:
        return False
    promote_single_iteration(op)
    return True


# -- private memrefs -------------------------------------------------------------------------


def _dominates(filt: Operation, op: Operation) -> bool:
    """``filt`` dominates ``op`` (structured regions: ``op`` or an ancestor
    of it is ``filt`` or after it in ``filt``'s block)."""
    blk = filt.parent
    cur: Operation | None = op
    while cur is not None:
        if cur.parent is blk:
            ops = blk.operations if blk is not None else []
            return ops.index(cur) >= ops.index(filt)
        cur = cur.parent_op
    return False


def _is_identity(m: AffineMap) -> bool:
    return m.num_symbols == 0 and m == AffineMap.identity(m.num_dims)


def replace_memref_uses_in(
    old: Value, new: Value, op: Operation, remap: AffineMap | None, extra_operands: Sequence[Value]
) -> Operation:
    """Rewrite one affine access ``op`` of ``old`` to ``new`` with its
    indices remapped by ``remap(extra_operands, old indices)`` (upstream's
    per-op ``replaceAllMemRefUsesWith``: affine.apply ops are made for the
    old map's and the remap's results, then composed into the new access
    map; the applies left without uses are erased)."""
    block = op.parent
    assert block is not None
    pos = next(i for i, v in enumerate(op.operands) if v is old)
    old_map = op.prop("map", A.AffineMapAttr).value
    n_in = old_map.num_inputs
    map_ops = op.operands[pos + 1 : pos + 1 + n_in]
    applies: list[Operation] = []
    old_idx: list[Value]
    if not _is_identity(old_map):
        old_idx = []
        for r in old_map.results:
            a = AffineApplyOp.build(AffineMap(old_map.num_dims, old_map.num_symbols, (r,)), map_ops, loc=op.loc)
            block.insert_before(op, a)
            applies.append(a)
            old_idx.append(a.results[0])
    else:
        old_idx = list(map_ops)
    remap_ops = [*extra_operands, *old_idx]
    outs: list[Value]
    if remap is not None and not _is_identity(remap):
        outs = []
        for r in remap.results:
            a = AffineApplyOp.build(AffineMap(remap.num_dims, remap.num_symbols, (r,)), remap_ops, loc=op.loc)
            block.insert_before(op, a)
            applies.append(a)
            outs.append(a.results[0])
    else:
        outs = remap_ops
    rank = len(outs)
    new_map, new_ops = fully_compose(AffineMap.identity(rank), outs)
    new_map = simplify_affine_map(new_map)
    new_map, new_ops = canonicalize_map_and_operands(new_map, new_ops)
    for a in applies:
        if not a.results[0].uses:
            a.erase()
    op.set_operands([*op.operands[:pos], new, *new_ops, *op.operands[pos + 1 + n_in :]])
    cast(dict, op.properties)["map"] = A.AffineMapAttr(new_map)
    return op


def replace_memref_uses(
    old: Value, new: Value, remap: AffineMap | None, extra_operands: Sequence[Value], dom_filter: Operation | None
) -> None:
    """Every affine access of ``old`` that ``dom_filter`` dominates moves to
    ``new`` (deallocs keep ``old``)."""
    users = []
    for u in old.uses:
        op = u.owner
        if op in users:
            continue
        if dom_filter is not None and not _dominates(dom_filter, op):
            continue
        if isinstance(op, DeallocOp):
            continue
        users.append(op)
    for op in users:
        if is_affine_read(op) or is_affine_write(op):
            replace_memref_uses_in(old, new, op, remap, extra_operands)


def _dominance_filter(slice_block: Block, stores: Sequence[Operation]) -> Operation:
    """The first ancestor of the producer stores in the innermost block
    holding them and the slice (upstream's
    ``getDominanceFilterForPrivateMemRefRepl``)."""
    common: Block | None = None
    for st in stores:
        other = slice_block.operations[0] if common is None else common.operations[0]
        common = _common_block(st, other)
    assert common is not None
    first = None
    for st in stores:
        anc = _ancestor_in(common, st)
        assert anc is not None
        if first is None or common.operations.index(anc) < common.operations.index(first):
            first = anc
    assert first is not None
    return first


def _ancestor_in(block: Block, op: Operation) -> Operation | None:
    cur: Operation | None = op
    while cur is not None:
        if cur.parent is block:
            return cur
        cur = cur.parent_op
    return None


def _common_block(a: Operation, b: Operation) -> Block | None:
    blocks_a = []
    cur: Operation | None = a
    while cur is not None:
        if cur.parent is not None:
            blocks_a.append(cur.parent)
        cur = cur.parent_op
    cur = b
    while cur is not None:
        if cur.parent is not None and any(cur.parent is x for x in blocks_a):
            return cur.parent
        cur = cur.parent_op
    return None


def element_bytes(t: T.MemRefType) -> int | None:
    """Upstream's ``getMemRefIntOrFloatEltSizeInBytes``."""
    e = t.element_type
    if isinstance(e, T.VectorType):
        w = _bitwidth(e.element_type)
        if w is None:
            return None
        n = 1
        for s in e.shape:
            n *= s
        return -(-(w * n) // 8)
    w = _bitwidth(e)
    return None if w is None else -(-w // 8)


def _bitwidth(t: T.Type) -> int | None:
    if isinstance(t, T.IntegerType):
        return t.width
    w = getattr(t, "width", None) or getattr(t, "bitwidth", None)
    if isinstance(w, int) and not isinstance(t, T.IndexType):
        return w
    return None


def create_private_memref(
    poly: Polyhedra,
    for_op: Operation,
    stores: Sequence[Operation],
    depth: int,
    fast_space: int | None,
    slice_block: Block,
    threshold: int,
) -> Value:
    """A private buffer for the memref ``stores[0]`` writes: the region that
    store writes for one iteration of its outermost ``depth`` loops, its
    accesses in the fused nest remapped into it (upstream's
    ``createPrivateMemRef``)."""
    st = stores[0]
    old = access_memref(st)
    mt = old.type
    assert isinstance(mt, T.MemRefType)
    s = poly.stmt(st)
    assert s is not None
    region = ib.project_region(s.accesses[0].relation, depth)
    shape = [None if d == T.DYNAMIC else d for d in mt.shape]
    box = ib.region_box(region, shape, poly.params)
    assert box is not None, "the driver checked the region has a constant size"
    # A dimension the store indexes with outer IVs alone holds one element:
    # the store's own index is the offset (it then remaps to 0).
    idx = access_exprs(poly, st)
    if idx is not None:
        for r, e in enumerate(idx):
            if box[r].size == 1 and not any(e.is_function_of_dim(k) for k in range(depth, len(s.loops))):
                box[r] = ib.RegionDim(1, e)
    outer = [lp.iv for lp in s.loops[:depth]]
    params = poly.model.symbol_values()
    used = [j for j in range(len(params)) if any(b.offset.is_function_of_symbol(j) for b in box)]
    outer_vals: list[Value] = [iv for iv in outer if iv is not None] + [params[j] for j in used]
    assert len(outer_vals) == len(outer) + len(used)
    n_outer = len(outer_vals)
    sym_as_dim = [dim(len(outer) + used.index(j)) if j in used else dim(0) for j in range(len(params))]
    rank = len(box)
    remap = []
    for i, b in enumerate(box):
        off = b.offset.replace_dims_and_symbols([dim(k) for k in range(len(outer))], sym_as_dim)
        remap.append(simplify_affine_expr(dim(n_outer + i) - off, n_outer + rank, 0))
    index_remap = AffineMap(n_outer + rank, 0, tuple(remap))
    n_elems = 1
    for b in box:
        n_elems *= b.size
    elt = element_bytes(mt) or 0
    space = mt.memory_space
    if fast_space is not None and elt * n_elems <= threshold:
        space = A.IntegerAttr(fast_space, T.i64) if fast_space else None
    new_t = T.MemRefType(tuple(b.size for b in box), mt.element_type, None, space)
    alloc = AllocOp.build(new_t, loc=for_op.loc)
    top = for_op.parent
    assert top is not None
    region_block = top.parent.blocks[0] if top.parent is not None else top
    region_block.insert(0, alloc)
    new = alloc.results[0]
    filt = _dominance_filter(slice_block, stores)
    replace_memref_uses(old, new, index_remap, outer_vals, filt)
    return new


# -- sinking sequential loops -----------------------------------------------------------------


def perfect_nest(root: Operation) -> list[Operation]:
    """``root`` and the loops perfectly nested in it (upstream's
    ``getPerfectlyNestedLoops``)."""
    out = [root]
    cur = root
    while True:
        body = cur.regions[0].blocks[0].operations
        if len(body) == 2 and isinstance(body[0], AffineForOp) and isinstance(body[1], AffineYieldOp):
            cur = body[0]
            out.append(cur)
        else:
            return out


def sink_sequential_loops(poly: Polyhedra, root: Operation) -> Operation:
    """Move the loops of the perfect nest at ``root`` that carry a
    dependence inside the parallel ones, keeping the relative order of each
    group, when the permutation is legal (exactly decided); returns the
    nest's new root."""
    nest = perfect_nest(root)
    if len(nest) < 2:
        return root
    model = poly.model
    loops = [poly.loop(op) for op in nest]
    if any(lp is None or lp.iter_args for lp in loops):
        return root
    carried = {id(d.carried_by) for d in dependences(model) if d.carried_by is not None}
    parallel = [id(lp) not in carried for lp in loops]
    perm = [k for k in range(len(nest)) if parallel[k]] + [k for k in range(len(nest)) if not parallel[k]]
    if perm == list(range(len(nest))):
        return root
    band = [lp for lp in loops if lp is not None]
    if bounds_use_band(band) is not None or not permute_verdict(model, band, perm).ok:
        # Upstream interchanges rectangular bands only.
        return root
    new = permute(model, band, perm)
    poly.invalidate()
    return new[0]


def erase_unused_allocs(graph_memrefs: dict[Value, int]) -> None:
    """Upstream's ``eraseUnusedMemRefAllocations``: allocations of memrefs
    without edges left and without uses."""
    for memref, count in list(graph_memrefs.items()):
        if count > 0 or memref.uses:
            continue
        owner = memref.owner if isinstance(memref, OpResult) else None
        if owner is not None and isinstance(owner, AllocOp) and owner.parent is not None:
            owner.erase()


def slice_is_unit(state: SliceState) -> bool:
    return slice_iteration_count(state) == 1


def enclosing_for_ops(op: Operation) -> list[Operation]:
    return for_loops(op)
