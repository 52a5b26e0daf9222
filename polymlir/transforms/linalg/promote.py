"""Promotion of a tiled linalg op's operand tiles to local buffers, as
upstream's linalg promotion does: per promoted operand, a full-tile buffer
(``memref.alloc`` of the largest tile's static shape where the bounds are
known, with alignment and an optional memory space), a ``memref.subview``
of it for the actual (possibly partial) tile, a ``memref.copy`` in for
inputs and for outputs the op reads, the op on the local tiles, a copy out
for outputs, and ``memref.dealloc``.

Promotion does not reorder anything: the op's tile reads its operands from
copies made right before it and its results are copied back right after,
so the only requirement is that no other operand of the op aliases a
promoted output (the same memref as an input and an output, where the copy
would read stale values): that is refused.

    p = promote_op(matmul, [8, 16, 4], operands=[0, 1], alignment=64)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...affine.dependence import dependences
from ...affine.model import NonAffine, analyze_structured_op
from ...affine.structured import payload_reads_init
from ...dialects.affine import AffineApplyOp, AffineMinOp
from ...dialects.arith import ConstantOp
from ...dialects.linalg.structured import LinalgStructuredOp
from ...dialects.memref import SubViewOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr
from ...ir.affine_flatten import flatten
from ...ir.builder import Builder
from ...ir.core import Operation, OpResult, Value
from ..loops.errors import TransformError
from .slices import index_value, subview
from .tile import describe, tile_op


@dataclass
class PromotedLinalg:
    """The tiling loops, the tiled op (on local buffers) and the allocs."""

    loops: list[Operation]
    tiled_op: Operation
    buffers: list[Operation] = field(default_factory=list)


def _bound(v: Value) -> int | None:
    """A static upper bound of an index value: a constant, or the constant
    term of an affine.min (the full tile)."""
    owner = getattr(v, "owner", None)
    if not isinstance(owner, Operation):
        return None
    if isinstance(owner, ConstantOp):
        value = owner.get_attr("value")
        return value.value if isinstance(value, A.IntegerAttr) else None
    if isinstance(owner, AffineMinOp):
        m = owner.attr("map", A.AffineMapAttr).value
        consts = [r.value for r in m.results if isinstance(r, AffineConstantExpr)]
        return min(consts) if consts else None
    if isinstance(owner, AffineApplyOp):
        m = owner.attr("map", A.AffineMapAttr).value
        bounds = [b for o in owner.operands if (b := _bound(o)) is not None]
        if len(bounds) != len(owner.operands):
            return None
        flat = flatten(m.results[0], m.num_dims, m.num_symbols)
        if flat is None or flat[1] or any(c < 0 for c in flat[0][: m.num_dims]):
            return None
        return m.results[0].evaluate(bounds, [])  # monotone: the bound at the bounds
    return None


def _sizes_of(sv: Operation) -> list[int | Value]:
    """The sizes of a ``memref.subview`` (static ints or its size operands)."""
    static = list(sv.prop("static_sizes", A.DenseArrayAttr).values)
    n_off = sum(1 for x in sv.prop("static_offsets", A.DenseArrayAttr).values if x == T.DYNAMIC)
    dyn = list(sv.operands[1 + n_off :])
    out: list[int | Value] = []
    for s in static:
        out.append(dyn.pop(0) if s == T.DYNAMIC else s)
    return out


def _check_alias(op: Operation, k: int, other: int) -> None:
    """Output ``k`` is also operand ``other``: the local copy is right only
    when no iteration reads what another one wrote (no dependence between
    distinct iterations of the op)."""
    try:
        m = analyze_structured_op(op)
    except NonAffine as e:
        raise TransformError(f"{describe(op)} is outside the polyhedral model: {e.reason}", op) from None
    buf = op.operands[k]
    for d in dependences(m):
        if any(a.memref is buf for a in d.source.accesses) and not d.relation.is_empty():
            raise TransformError(
                f"cannot promote output {k} of {describe(op)}: operand {other} is the same buffer and the "
                f"{d.describe()} would read the original instead of the local copy",
                op,
            )


def promote_op(
    op: Operation,
    sizes: Sequence[int],
    operands: Sequence[int],
    alignment: int | None = 16,
    memory_space: int | None = None,
    interchange: Sequence[int] = (),
) -> PromotedLinalg:
    """Tile ``op`` by ``sizes`` and promote the tiles of ``operands``
    (positions among its inputs then inits) to local buffers."""
    if not isinstance(op, LinalgStructuredOp):
        raise TransformError(f"{describe(op)} is not a linalg structured op", op)
    if op.results:
        raise TransformError(f"promotion works on buffers; {describe(op)} is on tensors", op)
    n_ops = len(op.dps_inputs()) + len(op.dps_inits())
    for k in operands:
        if not 0 <= k < n_ops:
            raise TransformError(f"operand {k} is out of range: {describe(op)} has {n_ops} operands", op)
        v = op.operands[k]
        if not isinstance(v.type, T.MemRefType):
            raise TransformError(f"operand {k} of {describe(op)} is not a memref and cannot be promoted", op)
    n_in = len(op.dps_inputs())
    for k in operands:
        if k >= n_in:
            others = [j for j, v in enumerate(op.operands[:n_ops]) if j != k and v is op.operands[k]]
            if others:
                _check_alias(op, k, others[0])
    reads_init = {n_in + j: payload_reads_init(op, j) for j in range(len(op.dps_inits()))}
    t = tile_op(op, sizes, interchange)
    tiled = t.tiled_op
    b = Builder.before(tiled)
    after = Builder.after(tiled)
    buffers: list[Operation] = []
    for k in sorted(set(operands)):
        tile_view = tiled.operands[k]
        src = tile_view.owner if isinstance(tile_view, OpResult) else None
        vt = tile_view.type
        assert isinstance(vt, T.MemRefType)
        tile_sizes: list[int | Value] = _sizes_of(src) if isinstance(src, SubViewOp) else list(vt.shape)
        full: list[int] = []
        for s in tile_sizes:
            bound = s if isinstance(s, int) else _bound(s)
            if bound is None:
                raise TransformError(
                    f"cannot promote operand {k} of {describe(op)}: its tile has no static size bound", op
                )
            full.append(bound)
        space = A.IntegerAttr(memory_space, T.i64) if memory_space is not None else None
        alloc_t = T.MemRefType(tuple(full), vt.element_type, None, space)
        props: dict[str, A.Attribute] = {"operandSegmentSizes": A.DenseArrayAttr(T.i32, (0, 0))}
        if alignment:
            props["alignment"] = A.IntegerAttr(alignment, T.i64)
        alloc = b.create("memref.alloc", [], [alloc_t], properties=props)
        buffers.append(alloc)
        local: Value = alloc.results[0]
        if any(not isinstance(s, int) for s in tile_sizes) or list(full) != list(vt.shape):
            local = subview(
                b, local, [0] * len(full), [s if isinstance(s, int) else index_value(b, s) for s in tile_sizes]
            )
        if k < n_in or reads_init.get(k, False):
            b.create("memref.copy", [tile_view, local])
        if k >= n_in:
            after.create("memref.copy", [local, tile_view])
        tiled.set_operand(k, local)
        after_dealloc = Builder(after.block, after.anchor, tiled.loc)
        after_dealloc.create("memref.dealloc", [alloc.results[0]])
    return PromotedLinalg(t.loops, tiled, buffers)
