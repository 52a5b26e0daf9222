"""Promotion: copy what a loop touches into a local buffer (upstream's
``affine-data-copy-generate`` with point-wise copies).

For each memref accessed inside ``loop`` (typically a tile's first point
loop), isl computes the footprint: the elements the iterations inside the
loop touch, per iteration of the loops around it. Its bounding box becomes a
local buffer (``memref.alloc``, optionally in a memory space) of static size
where the box's largest extent over all outer iterations is a constant,
else of a size computed from the parameters. A copy-in nest before the loop
fills the box (for memrefs read inside, or written without covering their
box), the accesses inside are rewritten to the buffer with the box's origin
subtracted, a copy-out nest after the loop writes the written box back, and
the buffer is freed after the nest. Copies are guarded by the outer
iterations that touch the memref when the loop runs for others as well.

The rewrite preserves the order of every access inside the loop, so it is
legal whenever every access to the memref inside the loop is one of the
rewritten affine accesses: a memref that the loop also reaches through
another SSA value (a view of it) or through a non-affine op is refused.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...affine import isl_bridge as ib
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, Statement, op_loc
from ...affine.schedules import loop_name
from ...dialects import memref
from ...dialects.affine.loops import AffineForOp, AffineIfOp
from ...dialects.affine.map_utils import canonicalize_map_and_operands
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp
from ...dialects.affine.ops import AffineMaxOp
from ...dialects.memref.alloc import AllocOp, DeallocOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr, AffineExpr, AffineExprKind, const, dim, sym
from ...ir.affine_map import AffineMap, IntegerSet
from ...ir.core import Block, BlockArgument, Operation, OpResult, Value
from ...ir.layout import has_identity_layout
from .copy_dma import TransferConstants, dma_transfer, transfer_constants
from .copy_remap import remapped_index
from .errors import ArgumentError
from .fusion_slice import static_trip_count
from .loop_utils import TransformError, append_before_terminator, build_nest, loop_ivs
from .unroll import promote_single_iteration

ACCESS_OPS = (AffineLoadOp, AffineStoreOp)
VIEW_OPS = (
    memref.SubViewOp,
    memref.CastOp,
    memref.ReinterpretCastOp,
    memref.ViewOp,
    memref.CollapseShapeOp,
    memref.ExpandShapeOp,
    memref.TransposeOp,
    memref.MemorySpaceCastOp,
    memref.AssumeAlignmentOp,
)


# -- affine maps over values ---------------------------------------------------------------


def affine_map_of(
    exprs: Sequence[AffineExpr], dim_vals: Sequence[Value], sym_vals: Sequence[Value]
) -> tuple[AffineMap, list[Value]]:
    """A map computing ``exprs`` (over ``d<k>`` = ``dim_vals[k]`` and
    ``s<j>`` = ``sym_vals[j]``) with only the operands it uses, each once."""
    dims: list[Value] = []
    syms: list[Value] = []
    dmap: list[AffineExpr] = []
    smap: list[AffineExpr] = []
    for k, v in enumerate(dim_vals):
        if any(e.is_function_of_dim(k) for e in exprs):
            if v not in dims:
                dims.append(v)
            dmap.append(dim(dims.index(v)))
        else:
            dmap.append(const(0))
    for j, v in enumerate(sym_vals):
        if any(e.is_function_of_symbol(j) for e in exprs):
            if v not in syms:
                syms.append(v)
            smap.append(sym(syms.index(v)))
        else:
            smap.append(const(0))
    results = [simplify(e.replace_dims_and_symbols(dmap, smap), len(dims), len(syms)) for e in exprs]
    return AffineMap(len(dims), len(syms), results), dims + syms


def simplify(e: AffineExpr, num_dims: int, num_symbols: int) -> AffineExpr:
    """A linear expression in canonical order (dims, symbols, constant), as
    mlir-opt simplifies it: ``d0 - (d1 - 1)`` is ``d0 - d1 + 1``. Expressions
    with divisions or modulos are kept as written."""
    linear = True

    def visit(x: AffineExpr) -> None:
        nonlocal linear
        if x.kind in (AffineExprKind.FLOORDIV, AffineExprKind.CEILDIV, AffineExprKind.MOD):
            linear = False

    e.walk(visit)
    if not linear or not e.is_pure_affine():
        return e
    return ib.aff_to_expr(ib.expr_to_aff(e, ib.set_space(num_dims, num_symbols)))


def access_parts(op: Operation) -> tuple[AffineMap, list[Value]]:
    """An affine access's map and its index operands."""
    assert isinstance(op, (AffineLoadOp, AffineStoreOp)), f"{op.name} is an affine load or store"
    return op.map.value, list(op.indices)


def rebase_access(
    op: Operation, memref: Value, offsets: Sequence[AffineExpr], outer: Sequence[Value], params: Sequence[Value]
) -> Operation:
    """Replace the affine load/store ``op`` by one on ``memref`` whose
    indices are the old ones minus ``offsets`` (over the ``outer`` loop IVs
    and the parameters); returns the new op."""
    amap, idx = access_parts(op)
    nd, ns = amap.num_dims, amap.num_symbols
    n = len(outer)
    # The outer IVs come first, as in upstream's remap: the new index
    # prints as `-%outer + %index`, as mlir-opt's does.
    exprs = []
    for r, off in zip(amap.results, offsets, strict=True):
        moved = r.replace_dims_and_symbols([dim(n + k) for k in range(nd)], [sym(j) for j in range(ns)])
        shifted = off.replace_dims_and_symbols([dim(k) for k in range(n)], [sym(ns + j) for j in range(len(params))])
        exprs.append(moved - shifted)
    new_map, operands = affine_map_of(exprs, [*outer, *idx[:nd]], [*idx[nd:], *params])
    return replace_access(op, memref, new_map, operands)


def replace_access(op: Operation, memref: Value, new_map: AffineMap, operands: Sequence[Value]) -> Operation:
    """Replace the affine load/store ``op`` by the same access to ``memref``
    at ``new_map(operands)``; returns the new op."""
    block = op.parent
    assert block is not None, "an access in a loop body"
    new: Operation
    if isinstance(op, AffineLoadOp):
        new = AffineLoadOp.build(memref, list(operands), new_map, loc=op.loc)
        block.insert_before(op, new)
        op.results[0].replace_all_uses_with(new.results[0])
    else:
        new = AffineStoreOp.build(op.operands[0], memref, list(operands), new_map, loc=op.loc)
        block.insert_before(op, new)
    op.erase()
    return new


def bound_map(
    exprs: Sequence[AffineExpr], outer: Sequence[Value], params: Sequence[Value]
) -> tuple[AffineMap, list[Value]]:
    return affine_map_of(exprs, outer, params)


def context_constraints(loops: Sequence[Loop]) -> tuple[list[AffineExpr], list[AffineExpr]]:
    """The bounds of ``loops`` (the loops around a point) as ``>= 0`` and
    ``== 0`` constraints over their depths and the parameters."""
    ge: list[AffineExpr] = []
    eq: list[AffineExpr] = []
    for lp in loops:
        iv = dim(lp.depth)
        ge += [iv - lb for lb in lp.lbs]
        ge += [ub - iv - 1 for ub in lp.ubs]
        if lp.step != 1 and len(lp.lbs) == 1:
            eq.append((iv - lp.lbs[0]) % lp.step)
    return ge, eq


def memref_root(v: Value) -> Value:
    """The memref ``v`` is a view of (through view-like ops), or ``v``."""
    while isinstance(v, OpResult) and isinstance(v.owner, VIEW_OPS) and v.owner.operands:
        v = v.owner.operands[0]
    return v


def value_name(v: Value) -> str:
    """A memref's source name (``%A`` is "A"), ``arg<k>`` for an unnamed
    argument, else where it is defined (``memref.alloc at f.mlir:3:8``)."""
    hint = getattr(v, "name_hint", None)
    if hint:
        return hint
    if isinstance(v, BlockArgument):
        return f"arg{v.index}"
    if isinstance(v, OpResult):
        return f"{v.owner.name} at {op_loc(v.owner)}"
    return "buffer"


def _ident(name: str) -> str:
    """``name`` usable inside an SSA name hint."""
    out = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    return out if out and not out[0].isdigit() and " " not in name else "buf"


# -- planning ------------------------------------------------------------------------------


@dataclass(eq=False)
class Region:
    """What one memref needs: its accesses inside the loop, the box of all
    of them (buffer shape, copy-in) and of the writes (copy-out)."""

    memref: Value
    stmts: list[Statement]
    box: list[ib.BoxDim]
    write_box: list[ib.BoxDim] | None
    copy_in: bool
    guard_in: IntegerSet | None
    guard_out: IntegerSet | None
    shape: list[int] = field(default_factory=list)  # -1: dynamic (size from box[k].size_bound)
    level: int = 0  # the outer loops the box is per iteration of
    place: Operation | None = None  # the op the copies go around (None: the promoted loop)

    @property
    def name(self) -> str:
        return value_name(self.memref)


def _pick(v: Value, requested: Sequence[Value | str]) -> bool:
    for r in requested:
        if isinstance(r, str):
            if r.lstrip("%") == value_name(v):
                return True
        elif r is v:
            return True
    return False


def plan(
    model: PolyhedralModel, loop: Loop, memrefs: Sequence[Value | str] | None = None, *, whole_dims: bool = False
) -> tuple[list[Region], list[str]]:
    """The regions to promote and, for each memref left out, why (a refusal
    when it was requested). Raises TransformError for memrefs that the loop
    does not access. With ``whole_dims``, a region whose extent along a
    dimension is not constant takes the memref's whole (static) dimension
    there, as upstream's DMA generation does."""
    inside = [s for s in model.statements if loop.op.is_ancestor_of(s.op)]
    by_memref: dict[Value, list[Statement]] = {}
    for s in inside:
        by_memref.setdefault(s.accesses[0].memref, []).append(s)
    if memrefs is not None:
        for r in memrefs:
            if not any(_pick(v, [r]) for v in by_memref):
                name = r if isinstance(r, str) else value_name(r)
                known = ", ".join(value_name(v) for v in by_memref) or "none"
                raise TransformError(
                    f"loop {loop_name(loop)} at {loop.loc} does not access memref '{name}' (it accesses: {known})",
                    loop.op,
                )
    used_inside: dict[Value, list[Value]] = {}
    for op in loop.op.walk():
        for v in op.operands:
            if isinstance(v.type, (T.MemRefType, T.UnrankedMemRefType)):
                used_inside.setdefault(memref_root(v), [])
                if v not in used_inside[memref_root(v)]:
                    used_inside[memref_root(v)].append(v)
    outer = loop.enclosing()[:-1]
    params = model.param_names
    regions: list[Region] = []
    skipped: list[str] = []
    for mem, stmts in by_memref.items():
        if memrefs is not None and not _pick(mem, memrefs):
            continue
        why = _memref_problem(loop, mem, used_inside)
        region = None
        if why is None:
            region, why = _region(mem, stmts, outer, params, whole_dims)
        if why is not None:
            skipped.append(f"memref {value_name(mem)}: {why}")
            continue
        assert region is not None
        regions.append(_hoisted(model, loop, region, outer, params, whole_dims))
    return regions, skipped


def _hoisted(
    model: PolyhedralModel, loop: Loop, region: Region, outer: list[Loop], params: Sequence[str], whole_dims: bool
) -> Region:
    """``region`` placed around the outermost enclosing loop across which
    its box keeps its shape (the footprint is invariant there, as upstream
    hoists copies), provided nothing else in that loop touches the memref."""
    mem = region.memref
    best = region
    for h in range(len(outer) - 1, -1, -1):
        lp = outer[h]
        if not isinstance(lp.op, AffineForOp) or lp.has_unknown_effects:
            break
        accs = [s for s in model.statements if lp.op.is_ancestor_of(s.op) and s.accesses[0].memref is mem]
        if any(not loop.op.is_ancestor_of(s.op) for s in accs):
            break
        if any(lp.op.is_ancestor_of(u.owner) and not loop.op.is_ancestor_of(u.owner) for u in mem.uses):
            break
        up, why = _region(mem, region.stmts, outer[:h], params, whole_dims)
        if up is None or up.shape != region.shape or (up.write_box is None) != (region.write_box is None):
            break
        up.place = lp.op
        best = up
    return best


def _memref_problem(loop: Loop, mem: Value, used_inside: dict[Value, list[Value]]) -> str | None:
    mt = mem.type
    if not isinstance(mt, T.MemRefType):
        return "it is not a ranked memref"
    if mt.rank == 0:
        return "it is a rank-0 memref (a scalar: nothing to gain)"
    if not has_identity_layout(mt):
        return f"its type {mt} has a non-identity layout"
    others = [v for v in used_inside.get(memref_root(mem), []) if v is not mem]
    if others:
        o = others[0]
        where = op_loc(o.owner) if isinstance(o, OpResult) else "an argument"
        return f"the loop also accesses it through another value ({where})"
    for use in mem.uses:
        user = use.owner
        if not loop.op.is_ancestor_of(user):
            continue
        if not isinstance(user, ACCESS_OPS) or (isinstance(user, AffineStoreOp) and user.operands[0] is mem):
            return f"{user.name} at {op_loc(user)} accesses it inside the loop, not as an affine load or store"
    return None


def _region(
    mem: Value, stmts: list[Statement], outer: list[Loop], params: Sequence[str], whole_dims: bool = False
) -> tuple[Region | None, str | None]:
    """The region of ``mem``'s accesses ``stmts`` per iteration of ``outer``."""
    try:
        return _region_of(mem, stmts, outer, params, whole_dims)
    except ib.IslBridgeError as e:
        return None, f"isl cannot describe its footprint exactly ({e})"


def _region_of(
    mem: Value, stmts: list[Statement], outer: list[Loop], params: Sequence[str], whole_dims: bool
) -> tuple[Region | None, str | None]:
    n_outer = len(outer)
    ge, eq = context_constraints(outer)
    fp = ib.footprint([s.accesses[0].relation for s in stmts], n_outer)
    assert fp is not None, "a region has accesses"
    box = ib.footprint_box(fp, params)
    widened = False
    for k, b in enumerate(box):
        if b.lbs is None or b.offset is None:
            return None, f"the bounds of its footprint in dimension {k} are not affine"
        dim_size = mem.type.shape[k] if isinstance(mem.type, T.MemRefType) else T.DYNAMIC
        if whole_dims and b.size is None and dim_size != T.DYNAMIC:
            # No constant extent: the whole dimension, from 0, as upstream
            # bounds such a region. Unlike a window of the largest extent
            # at the region's start, it never reaches past the memref's end.
            box[k] = b = ib.BoxDim([const(0)], [const(dim_size - 1)], const(0), dim_size, None)
            widened = True
        if b.size is None and not b.size_bound:
            return None, f"its footprint in dimension {k} has no bounded size"
    shape = [b.size if b.size is not None else -1 for b in box]
    # A widened box of constant bounds inside the memref can be copied
    # whether or not the outer iterations touch the memref (as upstream
    # copies): it needs no guard, provided it is copied in.
    fixed = widened and _inside(box, mem.type)
    writes = [s for s in stmts if s.accesses[0].kind == "write"]
    reads = [s for s in stmts if s.accesses[0].kind == "read"]
    write_box = None
    guard_out = None
    copy_in = bool(reads)
    if writes:
        fpw = ib.footprint([s.accesses[0].relation for s in writes], n_outer)
        assert fpw is not None, "writes is not empty"
        write_box = ib.footprint_box(fpw, params)
        if any(b.lbs is None for b in write_box):
            return None, "the bounds of its written footprint are not affine"
        if not copy_in and (widened or not ib.box_covered(fpw, write_box, params)):
            # The buffer holds more than the writes: what they leave is
            # copied back too, so it must hold the memref's values.
            copy_in = True
        # A box widened past the footprint (no exact max/min form) may reach
        # beyond the buffer's box: copy out only what is inside both, where
        # every element was either written or copied in.
        write_box = [
            ib.BoxDim(_merge(w.lbs, b.lbs), _merge(w.ubs, b.ubs), w.offset, w.size, w.size_bound)
            for w, b in zip(write_box, box, strict=True)
        ]
        needed, guard_out = ib.footprint_guard(fpw, params, ge, eq)
        if needed and (fixed or ib.box_empty_where_untouched(fpw, write_box, params, ge, eq)):
            needed, guard_out = False, None  # the copy loops' own bounds guard them, as upstream relies on
        if needed and guard_out is None:
            return None, "the outer iterations that write it are not a convex set"
    needed, guard_in = ib.footprint_guard(fp, params, ge, eq)
    if needed and (fixed or ib.box_empty_where_untouched(fp, box, params, ge, eq)):
        needed, guard_in = False, None
    if needed and guard_in is None:
        return None, "the outer iterations that access it are not a convex set"
    return Region(mem, stmts, box, write_box, copy_in, guard_in, guard_out, shape, n_outer), None


def _inside(box: Sequence[ib.BoxDim], mt: T.Type) -> bool:
    """Whether every dimension of ``box`` has constant bounds inside the
    static shape of the memref type ``mt``."""
    if not isinstance(mt, T.MemRefType):
        return False
    for b, n in zip(box, mt.shape, strict=True):
        lbs, ubs = b.lbs or [], b.ubs or []
        if len(lbs) != 1 or len(ubs) != 1 or n == T.DYNAMIC:
            return False
        lo, hi = lbs[0], ubs[0]
        if not (isinstance(lo, AffineConstantExpr) and isinstance(hi, AffineConstantExpr)):
            return False
        if lo.value < 0 or hi.value >= n:
            return False
    return True


def _merge(a: list[AffineExpr] | None, b: list[AffineExpr] | None) -> list[AffineExpr] | None:
    if a is None or b is None:
        return None
    return list(dict.fromkeys([*a, *b]))


# -- verdict and rewrite ---------------------------------------------------------------------


def _problem(model: PolyhedralModel, loop: Loop) -> str | None:
    if loop.has_unknown_effects:
        for na in model.non_affine:
            if loop.op.is_ancestor_of(na.op):
                return f"{na.op.name} at {na.loc} is outside the affine model ({na.reason})"
        return f"loop {loop_name(loop)} at {loop.loc} holds code outside the affine model"
    if loop.index:
        return f"loop {loop_name(loop)} at {loop.loc} is an inner IV of an affine.parallel"
    return None


def _check_space(memory_space: int | None) -> None:
    if memory_space is not None and (not isinstance(memory_space, int) or memory_space < 0):
        raise ArgumentError(f"memory space {memory_space} must be a non-negative integer")


def promote_verdict(
    model: PolyhedralModel,
    loop: Loop,
    memrefs: Sequence[Value | str] | None = None,
    memory_space: int | None = None,
    *,
    whole_dims: bool = False,
) -> Verdict:
    """Whether the memrefs (all accessed ones if None) can be promoted to
    local buffers around ``loop``."""
    _check_space(memory_space)
    what = f"promote the memrefs of loop {loop_name(loop)} at {loop.loc}"
    bad = _problem(model, loop)
    if bad is not None:
        return Verdict(False, f"cannot {what}: {bad}", op=loop.op)
    regions, skipped = plan(model, loop, memrefs, whole_dims=whole_dims)
    if memrefs is not None and skipped:
        return Verdict(False, f"cannot {what}: {skipped[0]}", op=loop.op)
    if not regions:
        why = f": {'; '.join(skipped)}" if skipped else ": it accesses no memref"
        return Verdict(False, f"cannot {what}{why}", op=loop.op)
    names = ", ".join(r.name for r in regions)
    rest = f" (not promoted: {'; '.join(skipped)})" if skipped else ""
    return Verdict(
        True, f"promote {names} around loop {loop_name(loop)}: the accesses inside keep their order{rest}", op=loop.op
    )


@dataclass(frozen=True)
class Dma:
    """Copies as DMA transfers (upstream's ``generate-dma``): one
    ``affine.dma_start`` and ``affine.dma_wait`` per copy, with a tag buffer
    (``memref<1xi32>``) in ``tag_space`` for each."""

    tag_space: int | None = None


def dma_strides(r: Region) -> list[tuple[int, int]]:
    """Upstream's ``getMultiLevelStrides``: for each dimension (from the
    innermost but one) where the buffer is shorter than the memref and the
    next outer extent is more than one, the memref stride there and the
    elements transferred per stride."""
    mt = r.memref.type
    assert isinstance(mt, T.MemRefType)
    out: list[tuple[int, int]] = []
    stride = per_stride = 1
    for d in range(len(r.shape) - 1, 0, -1):
        stride *= mt.shape[d]
        per_stride *= r.shape[d]
        if r.shape[d] < mt.shape[d] and r.shape[d - 1] > 1:
            out.append((stride, per_stride))
    return out


def dma_problem(r: Region) -> str | None:
    """Why ``r`` cannot be moved by one DMA transfer (None if it can); the
    limits are upstream's."""
    mt = r.memref.type
    assert isinstance(mt, T.MemRefType)
    if any(s < 0 for s in r.shape):
        return f"memref {r.name}: its region has no constant size (a DMA of non-constant size is not supported)"
    if any(s == T.DYNAMIC for s in mt.shape[1:]):
        return f"memref {r.name}: its type {mt} has a dynamic inner dimension (the DMA's stride is unknown)"
    for k, b in enumerate(r.box):
        lbs, ubs = b.lbs or [], b.ubs or []
        extent = (ubs[0] - lbs[0]) if len(lbs) == 1 and len(ubs) == 1 else None
        if not (isinstance(extent, AffineConstantExpr) and extent.value + 1 == r.shape[k]):
            # A transfer of the largest extent would move elements the loop
            # does not touch, past the memref's end at a partial tile.
            return f"memref {r.name}: its region's extent along dimension {k} is not the same for every tile"
    if len(dma_strides(r)) > 1:
        return f"memref {r.name}: its region would need a multi-level strided DMA (not supported)"
    return None


def promote(
    model: PolyhedralModel,
    loop: Loop,
    memrefs: Sequence[Value | str] | None = None,
    memory_space: int | None = None,
    *,
    at_copies: bool = False,
    dma: Dma | None = None,
    copies: list[Operation] | None = None,
    compose: bool = False,
) -> list[Operation]:
    """Promote (call after a legal verdict); returns the buffers' allocations.

    The buffers are allocated before the outermost loop around the copies
    (inside the innermost ``affine.parallel``), or, with ``at_copies`` (and
    always with ``dma``), where upstream allocates them: just before the
    copy-in, freed after the copy-out. With ``dma`` the copies are DMA
    transfers; call it only for regions that ``dma_problem`` accepts. With
    ``compose`` the rewritten accesses compose the ``affine.apply`` ops
    producing their indices, as upstream's (``copy_remap``)."""
    _check_space(memory_space)
    bad = _problem(model, loop)
    if bad is not None:
        raise TransformError(f"cannot promote the memrefs of loop {loop_name(loop)}: {bad}", loop.op)
    regions, skipped = plan(model, loop, memrefs, whole_dims=dma is not None)
    if memrefs is not None and skipped:
        raise TransformError(f"cannot promote: {skipped[0]}", loop.op)
    if dma is not None:
        for r in regions:
            why = dma_problem(r)
            if why is not None:
                raise TransformError(f"cannot promote by DMA: {why}", loop.op)
    outer_loops = loop.enclosing()[:-1]
    outer = loop_ivs(outer_loops)
    params = model.symbol_values()
    allocs = []
    made: set[Operation] = set()
    frees: dict[Operation, list[Value]] = {}
    consts = _transfer_constants(loop.op, regions) if dma is not None else {}
    for k, r in enumerate(regions):
        place = r.place or loop.op
        top = place if at_copies or dma is not None else alloc_anchor(place, outer_loops[: r.level])
        mine = {into: c for (i, into), c in consts.items() if i == k}
        alloc, bufs = _promote_one(
            r, place, top, outer[: r.level], params, memory_space, dma, made, copies, compose=compose, dma_consts=mine
        )
        allocs.append(alloc)
        frees.setdefault(top, []).extend(bufs)
    for top, bufs in frees.items():
        # After the copy-outs that follow ``top``, last allocated first.
        block = top.parent
        assert block is not None
        tail = top
        ops = block.operations
        while ops.index(tail) + 1 < len(ops) and ops[ops.index(tail) + 1] in made:
            tail = ops[ops.index(tail) + 1]
        for buf in bufs:
            block.insert_after(tail, DeallocOp.build(buf, loc=top.loc))
    return allocs


def _transfer_constants(at: Operation, regions: Sequence[Region]) -> dict[tuple[int, bool], TransferConstants]:
    """The constants of each region's copy-in (True) and copy-out (False),
    by region position, made in upstream's order: every region's copy-in,
    then every copy-out."""
    out: dict[tuple[int, bool], TransferConstants] = {}
    for into in (True, False):
        for k, r in enumerate(regions):
            if not (r.copy_in if into else r.write_box is not None):
                continue
            offsets: list[AffineExpr] = []
            for b in r.box:
                assert b.offset is not None, "_region_of refuses a box without an affine offset"
                offsets.append(b.offset)
            strides = dma_strides(r)
            out[(k, into)] = transfer_constants(at, offsets, math.prod(r.shape), strides[0] if strides else None)
    return out


def _guard(
    guard: IntegerSet | None, outer: Sequence[Value], params: Sequence[Value]
) -> tuple[IntegerSet, list[Value]] | None:
    """``guard`` (over the outer IVs and the parameters) with its operands."""
    if guard is None:
        return None
    cmap, cops = affine_map_of(list(guard.constraints), outer, params)
    return IntegerSet(cmap.num_dims, cmap.num_symbols, cmap.results, guard.eq_flags), cops


def simplify_copies(nests: Sequence[Operation]) -> None:
    """What upstream does to its copy nests after generating them: loops
    that run once are replaced by their bodies, and the accesses' maps
    canonicalized (``%i - %i`` with one IV twice folds to 0)."""
    accesses = [o for nest in nests for o in nest.walk() if isinstance(o, (AffineLoadOp, AffineStoreOp))]
    for nest in nests:
        for op in list(nest.walk(post_order=True)):
            if isinstance(op, AffineForOp) and static_trip_count(op) == 1 and op.lowerBoundMap.value.num_results == 1:
                promote_single_iteration(op)
    for op in accesses:
        amap, idx = access_parts(op)
        new_map, new_idx = canonicalize_map_and_operands(amap, idx)
        if new_map != amap or new_idx != idx:
            replace_access(op, op.memref, new_map, new_idx)


def alloc_anchor(place: Operation, outer_loops: Sequence[Loop]) -> Operation:
    """Where a buffer used around ``place`` is allocated: before the
    outermost loop around it, but inside the innermost ``affine.parallel``
    (whose iterations may run at once and need a buffer each)."""
    anchor = place
    for lp in reversed(outer_loops):
        if not isinstance(lp.op, AffineForOp):
            break
        anchor = lp.op
    return anchor


def _promote_one(
    r: Region,
    loop_op: Operation,
    top: Operation,
    outer: list[Value],
    params: list[Value],
    memory_space: int | None,
    dma: Dma | None,
    made: set[Operation],
    copies: list[Operation] | None = None,
    *,
    compose: bool = False,
    dma_consts: dict[bool, TransferConstants] | None = None,
) -> tuple[Operation, list[Value]]:
    """Allocate ``r``'s buffer before ``top``, copy around ``loop_op`` and
    rewrite the accesses; the allocation and the buffers to free (the
    buffer, then the DMA tags), each op made after ``loop_op`` in ``made``.
    With ``dma``, ``dma_consts`` holds the constants of the copy-in (True)
    and of the copy-out (False)."""
    mt = r.memref.type
    assert isinstance(mt, T.MemRefType)
    loc = loop_op.loc
    space = A.IntegerAttr(memory_space, T.i64) if memory_space else None
    shape = tuple(T.DYNAMIC if s < 0 else s for s in r.shape)
    dyn: list[Value] = []
    block = top.parent
    assert block is not None, "the nest is in a block"
    for b, s in zip(r.box, r.shape, strict=True):
        if s < 0:
            assert b.size_bound
            amap, ops = bound_map([*b.size_bound, const(0)], [], params)
            mx = AffineMaxOp.build(amap, ops, loc=loc)
            block.insert_before(top, mx)
            dyn.append(mx.results[0])
    alloc = AllocOp.build(T.MemRefType(shape, mt.element_type, None, space), dyn, loc=loc)
    block.insert_before(top, alloc)
    buf = alloc.results[0]
    buf.name_hint = f"{_ident(r.name)}_local"
    bufs: list[Value] = [buf]
    offsets: list[AffineExpr] = []
    for b in r.box:
        assert b.offset is not None, "_region_of refuses a box without an affine offset"
        offsets.append(b.offset)
    block = loop_op.parent
    assert block is not None
    transfers: list[tuple[list[Operation], bool]] = []  # (the copy's ops, before loop_op)
    tags: list[Operation] = []  # with dma: one per transfer
    if dma is not None:
        tag_t = T.MemRefType((1,), T.i32, None, A.IntegerAttr(dma.tag_space, T.i64) if dma.tag_space else None)
        assert dma_consts is not None, "dma transfers come with their constants"
        mem_index = affine_map_of(offsets, outer, params)
        for into in ([True] if r.copy_in else []) + ([False] if r.write_box is not None else []):
            # Each tag is allocated just before its transfer is set up
            # (before the loop for the copy-out), as upstream orders them.
            tag = AllocOp.build(tag_t, [], loc=loc)
            bufs.append(tag.results[0])
            guard = _guard(r.guard_in if into else r.guard_out, outer, params)
            transfer = dma_transfer(r.memref, buf, tag.results[0], into, mem_index, dma_consts[into], guard, loc)
            transfers.append((transfer, into))
            tags.append(tag)
    else:
        if r.copy_in:
            nest = _copy_nest(r.box, offsets, r.memref, buf, True, outer, params, r.guard_in, loc, r.name)
            transfers.append(([nest], True))
        if r.write_box is not None:
            nest = _copy_nest(r.write_box, offsets, buf, r.memref, False, outer, params, r.guard_out, loc, r.name)
            transfers.append(([nest], False))
    for k, (copy, before) in enumerate(transfers):
        if tags:
            block.insert_before(loop_op, tags[k])
        if before:
            for o in copy:
                block.insert_before(loop_op, o)
        else:
            for o in reversed(copy):
                block.insert_after(loop_op, o)
            made.update(copy)
        if copies is not None:
            copies.extend(copy)
    for stmt in r.stmts:
        if compose:
            new_map, operands = remapped_index(stmt.op, offsets, outer, params)
            replace_access(stmt.op, buf, new_map, operands)
        else:
            rebase_access(stmt.op, buf, offsets, outer, params)
    return alloc, bufs


def _copy_nest(
    box: list[ib.BoxDim],
    offsets: list[AffineExpr],
    src: Value,
    dst: Value,
    into_buffer: bool,
    outer: list[Value],
    params: list[Value],
    guard: IntegerSet | None,
    loc,
    name: str,
) -> Operation:
    """Loops over ``box`` copying ``src`` to ``dst`` (the buffer side
    indexed relative to ``offsets``), inside an ``affine.if`` on ``guard``."""
    n = len(outer)
    root: Operation | None = None
    body: Block | None = None
    if guard is not None:
        cmap, cops = affine_map_of(list(guard.constraints), outer, params)
        cond = IntegerSet(cmap.num_dims, cmap.num_symbols, cmap.results, guard.eq_flags)
        root = AffineIfOp.build(cond, cops, loc=loc)
        body = root.regions[0].blocks[0]
    bounds = []
    for b in box:
        assert b.lbs is not None and b.ubs is not None
        # Loop-dependent bounds first, constants last, as tiled bounds read.
        lmap, lops = bound_map(sorted(b.lbs, key=lambda e: e.is_symbolic_or_constant()), outer, params)
        umap, uops = bound_map(sorted([u + 1 for u in b.ubs], key=lambda e: e.is_symbolic_or_constant()), outer, params)
        bounds.append((lmap, umap, lops, uops))
    first, body, ivs = build_nest(bounds, [f"{_ident(name)}_c{k}" for k in range(len(box))], loc, body)
    root = root or first
    assert body is not None
    rel = [
        dim(k)
        - off.replace_dims_and_symbols([dim(len(box) + j) for j in range(n)], [sym(j) for j in range(len(params))])
        for k, off in enumerate(offsets)
    ]
    bmap, bops = affine_map_of(rel, [*ivs, *outer], params)
    ident = AffineMap.identity(len(ivs))
    if into_buffer:
        ld = AffineLoadOp.build(src, ivs, ident, loc=loc)
        st = AffineStoreOp.build(ld.results[0], dst, bops, bmap, loc=loc)
    else:
        ld = AffineLoadOp.build(src, bops, bmap, loc=loc)
        st = AffineStoreOp.build(ld.results[0], dst, ivs, ident, loc=loc)
    assert root is not None
    append_before_terminator(body, ld)
    append_before_terminator(body, st)
    return root
