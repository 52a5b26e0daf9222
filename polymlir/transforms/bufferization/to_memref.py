"""The rewrites of ``convert-bufferization-to-memref``: ``bufferization.clone``
to ``memref.alloc`` + ``memref.copy`` (ranked and unranked memrefs, as
upstream's ``CloneOpConversion``), ``bufferization.dealloc`` without
retained values to ``scf.if`` + ``memref.dealloc``."""

from __future__ import annotations

from ...dialects import bufferization as B
from ...dialects import memref, scf
from ...dialects.memref import DeallocOp
from ...dialects.memref.alloc import AllocaOp, AllocOp
from ...dialects.memref.ops import CastOp, CopyOp, cast_compatible
from ...dialects.memref.views import ReshapeOp
from ...dialects.scf.ops import ForOp, IfOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Block, Operation, Region, Value

# Upstream's diagnostic (the dialect conversion's), so that tests expecting it
# with -verify-diagnostics match.
ILLEGAL_CLONE = "failed to legalize operation 'bufferization.clone' that was explicitly marked illegal"


def _alloc(b: Builder, kind: type[AllocOp] | type[AllocaOp], sizes: list[Value], t: T.Type) -> Value:
    props = {"operandSegmentSizes": A.DenseArrayAttr(T.i32, (len(sizes), 0))}
    return b.create(kind, sizes, [t], properties=props).results[0]


def _clone_unranked(b: Builder, src: Value, t: T.UnrankedMemRefType) -> Value:
    # As upstream: the shape into an alloca'd memref<?xindex> and the element
    # count by an scf.for over the rank, a flat buffer reshaped to the shape.
    c0, c1 = b.const_index(0), b.const_index(1)
    rank = b.value(memref.RankOp, [src], T.index)
    shape = _alloc(b, AllocaOp, [rank], T.MemRefType((T.DYNAMIC,), T.index))
    r = Region()
    blk = r.add_block(Block([T.index, T.index], [b.loc or A.UNKNOWN_LOC] * 2))
    loop = b.create(ForOp, [c0, rank, c1, c1], [T.index], regions=[r])
    iv, acc = blk.arguments
    bb = Builder.at_end(blk, b.loc)
    dim = bb.value(memref.DimOp, [src, iv], T.index)
    bb.create(memref.StoreOp, [dim, shape, iv])
    prod = bb.value("arith.muli", [acc, dim], T.index)
    bb.create(scf.YieldOp, [prod])
    flat = _alloc(b, AllocOp, [loop.results[0]], T.MemRefType((T.DYNAMIC,), t.element_type, None, t.memory_space))
    return b.value(ReshapeOp, [flat, shape], t)


def lower_clone(o: Operation) -> None:
    """``bufferization.clone`` -> a new buffer (identity layout, cast to the
    clone's type where that differs) and a ``memref.copy`` into it."""
    b = Builder.before(o)
    src = o.operand(0)
    t = o.results[0].type
    if isinstance(t, T.UnrankedMemRefType):
        res = _clone_unranked(b, src, t)
    else:
        assert isinstance(t, T.MemRefType)
        ident = T.MemRefType(t.shape, t.element_type, None, t.memory_space)
        if ident != t and not cast_compatible(ident, t):
            # No buffer of that layout can be allocated, nor cast to.
            raise o.emit_error(ILLEGAL_CLONE)
        sizes = [
            b.value(memref.DimOp, [src, b.const_index(i)], T.index) for i, d in enumerate(t.shape) if d == T.DYNAMIC
        ]
        res = _alloc(b, AllocOp, sizes, ident)
        if ident != t:
            res = b.value(CastOp, [res], t)
    # The copy goes to the clone's own type (after the cast), as upstream's.
    b.create(CopyOp, [src, res])
    o.results[0].replace_all_uses_with(res)
    o.erase()


def lower_dealloc(o: Operation) -> None:
    """``bufferization.dealloc (%m...) if (%c...)`` without retained values
    -> one ``scf.if %c { memref.dealloc %m }`` per memref."""
    seg = o.prop("operandSegmentSizes", A.DenseArrayAttr).values
    if seg[2]:
        raise o.emit_error("bufferization.dealloc with retained values is not supported by this conversion")
    n = seg[0]
    b = Builder.before(o)
    for m, c in zip(o.operands[:n], o.operands[n : 2 * n], strict=False):
        r = Region()
        blk = r.add_block()
        bb = Builder.at_end(blk, o.loc)
        bb.insert(DeallocOp.build(m, loc=o.loc))
        bb.create(scf.YieldOp)
        b.create(IfOp, [c], [], regions=[r, Region()])
    o.erase()


def lower(op: Operation) -> None:
    """Rewrite every clone and dealloc under ``op``."""
    for o in list(op.walk()):
        if isinstance(o, B.CloneOp):
            lower_clone(o)
        elif isinstance(o, B.DeallocOp):
            lower_dealloc(o)
