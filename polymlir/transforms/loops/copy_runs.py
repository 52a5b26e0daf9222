"""Straight-line runs of a block for copy generation: upstream's
``affine-data-copy-generate`` copies for each run of operations from an
affine load or store up to the next loop (or the block's end) as for a
loop, with the run's footprint per iteration of the loops around it.

polymlir's promotion copies around one loop, so a run is wrapped in a loop
of one iteration for it (``wrap_run``) and unwrapped after (``unwrap``):
the run's ops, their order and their operands are unchanged by both. The
run's values used after it leave the loop as its results (its iter_args
start from placeholder casts, unused, erased by ``unwrap``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...dialects.affine import AffineForOp, AffineParallelOp
from ...dialects.affine.loops import AffineYieldOp
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp
from ...dialects.builtin import UnrealizedConversionCastOp
from ...ir.core import Block, Operation, OpResult, Value
from .loop_utils import append_before_terminator
from .unroll import promote_single_iteration

RUN_STARTS = (AffineLoadOp, AffineStoreOp)
RUN_ENDS = (AffineForOp, AffineParallelOp)
RUN_NAME = "run"  # the wrapping loop's IV, as remarks name the loop


def block_items(block: Block) -> list[Operation | list[Operation]]:
    """``block``'s loops and straight-line runs in order, as upstream's
    ``runOnBlock`` splits it: a run starts at an affine load or store and
    takes every op up to the next loop or the terminator; ops before a run's
    start that are no loops belong to none."""
    items: list[Operation | list[Operation]] = []
    run: list[Operation] | None = None
    for op in block.operations:
        if op is block.terminator:
            break
        if isinstance(op, RUN_ENDS):
            run = None
            items.append(op)
        elif run is not None:
            run.append(op)
        elif isinstance(op, RUN_STARTS):
            run = [op]
            items.append(run)
    return items


def _in_run(op: Operation, run: set[Operation]) -> bool:
    cur: Operation | None = op
    while cur is not None:
        if cur in run:
            return True
        cur = cur.parent_op
    return False


def escaping(run: Sequence[Operation]) -> list[Value]:
    """The results of ``run``'s ops used outside it."""
    inside = set(run)
    return [r for op in run for r in op.results if any(not _in_run(u.owner, inside) for u in r.uses)]


def wrap_run(run: Sequence[Operation]) -> AffineForOp:
    """Move the contiguous ops ``run`` of one block into a new loop of one
    iteration in their place, its results standing for their values used
    after them; returns the loop."""
    first = run[0]
    block = first.parent
    assert block is not None, "a run of one block"
    out = escaping(run)
    inside = set(run)
    inits = []
    for v in out:
        cast = UnrealizedConversionCastOp.create(operands=[], result_types=[v.type], loc=first.loc)
        block.insert_before(first, cast)
        inits.append(cast.results[0])
    wrapper = AffineForOp.build(0, 1, iter_args=inits, loc=first.loc)
    wrapper.induction_var.name_hint = RUN_NAME
    block.insert_before(first, wrapper)
    body = wrapper.body
    if out:
        body.append(AffineYieldOp.build(out, loc=first.loc))
    for op in run:
        op.detach()
        append_before_terminator(body, op)
    for v, res in zip(out, wrapper.results, strict=True):
        for use in list(v.uses):
            if not _in_run(use.owner, inside) and use.owner is not body.terminator:
                use.set(res)
    return wrapper


def unwrap(wrapper: AffineForOp) -> None:
    """Put the body of a loop made by ``wrap_run`` back in its place (the
    copies made around it stay around its ops), its results replaced by
    the values they stood for, and erase the placeholders."""
    inits = list(wrapper._operand_groups()[2])
    promote_single_iteration(wrapper)
    for v in inits:
        if isinstance(v, OpResult) and isinstance(v.owner, UnrealizedConversionCastOp) and not v.uses:
            v.owner.erase()
