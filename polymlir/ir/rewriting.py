"""Block-level rewriting utilities used by lowering passes."""

from __future__ import annotations

from collections.abc import Sequence

from . import types as T
from .attributes import DenseArrayAttr
from .core import Block, Operation, Region, Value


def split_block(block: Block, first: Operation | None) -> Block:
    """Move ``first`` and every op after it into a new block placed right
    after ``block`` in the same region; returns the new block."""
    new = Block()
    region = block.parent
    assert region is not None
    region.insert_block(region.blocks.index(block) + 1, new)
    if first is not None:
        i = block.operations.index(first)
        moved = block.operations[i:]
        del block.operations[i:]
        for op in moved:
            op.parent = new
            new.operations.append(op)
    return new


def move_blocks_before(src: Region, dest: Region, before: Block | None) -> list[Block]:
    """Move every block of ``src`` into ``dest`` before ``before`` (at the end
    if None); returns the moved blocks in order."""
    blocks = list(src.blocks)
    src.blocks.clear()
    idx = dest.blocks.index(before) if before is not None else len(dest.blocks)
    for k, b in enumerate(blocks):
        dest.insert_block(idx + k, b)
    return blocks


def branch(block: Block, dest: Block, args: Sequence[Value] = (), loc=None) -> Operation:
    """Append ``cf.br ^dest(args)`` to ``block``."""
    op = Operation.create("cf.br", operands=list(args), successors=[dest], loc=loc)
    return block.append(op)


def cond_branch(
    block: Block,
    cond: Value,
    true_dest: Block,
    true_args: Sequence[Value],
    false_dest: Block,
    false_args: Sequence[Value],
    loc=None,
) -> Operation:

    seg = DenseArrayAttr(T.i32, (1, len(true_args), len(false_args)))
    op = Operation.create(
        "cf.cond_br",
        operands=[cond, *true_args, *false_args],
        successors=[true_dest, false_dest],
        properties={"operandSegmentSizes": seg},
        loc=loc,
    )
    return block.append(op)


def replace_terminator(block: Block, new: Operation) -> None:
    """Swap the block's terminator for ``new`` (appended)."""
    old = block.terminator
    assert old is not None
    old.erase()
    block.append(new)
