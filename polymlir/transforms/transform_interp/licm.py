"""Loop-invariant code motion for any loop-like op (upstream's
``moveLoopInvariantCode``, what ``transform.apply_licm`` runs): an op of the
loop body moves before the loop when it has no memory effects, is safe to
execute speculatively (the loop may run zero times) and all its operands
are defined outside the loop or by ops that move. Memory operations stay:
polymlir's exact, dependence-checked load hoisting for affine loops is
``affine-loop-invariant-code-motion``."""

from __future__ import annotations

from ...ir.core import Operation
from ...ir.interfaces import is_pure
from ...ir.traits import PURE, TERMINATOR
from ..loops.loop_utils import defined_inside


def _movable(op: Operation, loop: Operation) -> bool:
    # Pure by trait (not merely free of effects), as upstream's
    # isMemoryEffectFree && isSpeculatable on a registered op without regions.
    if op.regions or not op.registered or TERMINATOR in op.traits or PURE not in op.traits:
        return False
    if not is_pure(op):  # integer division may trap: not speculatable
        return False
    return not any(defined_inside(v, loop) for v in op.operands)


def hoist_loop_invariants(loop: Operation) -> int:
    """Move the invariant ops of ``loop``'s body (top level of each block)
    before ``loop``; returns how many moved."""
    moved = 0
    for region in loop.regions:
        for block in region.blocks:
            for op in list(block.operations):
                if _movable(op, loop):
                    op.move_before(loop)
                    moved += 1
    return moved
