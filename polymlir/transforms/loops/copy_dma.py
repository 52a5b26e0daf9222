"""DMA transfers of promoted regions (``affine-data-copy-generate`` with
``generate-dma``), shaped as upstream's ``generateCopy`` shapes them.

Each transfer has index constants of its own at the start of the function:
a zero (the buffer's and the tag's indices), the region's constant start
indices, its element count and, for a strided transfer, the stride and the
elements per stride; upstream makes them once per transfer, later
transfers' above earlier ones. A region whose start is constant along
every dimension is addressed by those constants (``%A[%c1, %c0]``); one
whose start depends on loop IVs or parameters by an affine map of them,
with constant starts folded into it (``%A[%i, 0]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...dialects.affine.loops import AffineIfOp
from ...dialects.affine.memory import AffineDmaStartOp, AffineDmaWaitOp
from ...dialects.func import FuncOp
from ...ir import attributes as A
from ...ir.affine_expr import AffineConstantExpr, AffineExpr
from ...ir.affine_map import AffineMap, IntegerSet
from ...ir.builder import Builder
from ...ir.core import Block, Operation, OpResult, Value
from .loop_utils import append_before_terminator


def entry_block(op: Operation) -> Block:
    """The entry block of the function around ``op``."""
    f: Operation | None = op
    while f is not None and not isinstance(f, FuncOp):
        f = f.parent_op
    assert f is not None, "the nest is in a function"
    return f.regions[0].blocks[0]


def function_zero(op: Operation) -> Operation:
    """An index zero at the start of the function around ``op``: the one
    upstream's pass makes for each function it runs on (returns its op)."""
    block = entry_block(op)
    zero = Builder(block, block.operations[0] if block.operations else None).const_index(0)
    assert isinstance(zero, OpResult)
    return zero.owner


@dataclass(frozen=True)
class TransferConstants:
    """One transfer's index constants: the zero, each dimension's start
    (None where it is not constant), the element count and the stride
    pair (None without a stride)."""

    zero: Value
    starts: list[Value | None]
    count: Value
    stride: tuple[Value, Value] | None


def transfer_constants(
    at: Operation, offsets: Sequence[AffineExpr], count: int, stride: tuple[int, int] | None
) -> TransferConstants:
    """Make one transfer's constants at the start of the function around
    ``at``, above those of earlier transfers, in upstream's order: the
    starts, the count and the stride, then the zero."""
    block = entry_block(at)
    zero = Builder(block, block.operations[0] if block.operations else None).const_index(0)
    assert isinstance(zero, OpResult)
    b = Builder.before(zero.owner)
    starts: list[Value | None] = []
    for off in offsets:
        if not isinstance(off, AffineConstantExpr):
            starts.append(None)
        else:
            starts.append(zero if off.value == 0 else b.const_index(off.value))
    n = b.const_index(count)
    pair = (b.const_index(stride[0]), b.const_index(stride[1])) if stride is not None else None
    return TransferConstants(zero, starts, n, pair)


def dma_transfer(
    memref: Value,
    buf: Value,
    tag: Value,
    into_buffer: bool,
    memref_index: tuple[AffineMap, list[Value]],
    consts: TransferConstants,
    guard: tuple[IntegerSet, list[Value]] | None,
    loc: A.Location | None,
) -> list[Operation]:
    """The ``affine.dma_start`` and ``affine.dma_wait`` moving a region
    between ``memref`` (from ``memref_index``) and ``buf`` (from its
    origin), inside an ``affine.if`` on ``guard`` if given."""
    rank = len(consts.starts)
    if all(s is not None for s in consts.starts):
        # Upstream addresses a constant start by its constants.
        mem_map, mem_ops = AffineMap.identity(rank), [s for s in consts.starts if s is not None]
    else:
        mem_map, mem_ops = memref_index
    ident = AffineMap.identity(rank)
    zeros = [consts.zero] * rank
    extra = list(consts.stride) if consts.stride is not None else []
    if into_buffer:
        src, src_map, src_ops, dst, dst_map, dst_ops = memref, mem_map, mem_ops, buf, ident, zeros
    else:
        src, src_map, src_ops, dst, dst_map, dst_ops = buf, ident, zeros, memref, mem_map, mem_ops
    tag_map = A.AffineMapAttr(AffineMap.identity(1))
    c0, num = consts.zero, consts.count
    start = AffineDmaStartOp.create(
        operands=[src, *src_ops, dst, *dst_ops, tag, c0, num, *extra],
        attributes={"src_map": A.AffineMapAttr(src_map), "dst_map": A.AffineMapAttr(dst_map), "tag_map": tag_map},
        loc=loc,
    )
    wait = AffineDmaWaitOp.create(operands=[tag, c0, num], attributes={"tag_map": tag_map}, loc=loc)
    if guard is None:
        return [start, wait]
    cond, cops = guard
    root = AffineIfOp.build(cond, cops, loc=loc)
    append_before_terminator(root.regions[0].blocks[0], start)
    append_before_terminator(root.regions[0].blocks[0], wait)
    return [root]
