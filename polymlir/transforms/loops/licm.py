"""Loop-invariant code motion for affine loops (upstream
``affine-loop-invariant-code-motion``), with memory decided exactly.

An op at the top level of an ``affine.for`` body moves before the loop when
its operands are defined outside the loop (or by ops that move too) and:

- it is pure and safe to run speculatively (integer division and remainder
  are not: the loop may run zero times and the divisor be zero), or
- it is an ``affine.load`` and no write inside the loop may touch the element
  it reads in the same iteration of the enclosing loops; isl decides this
  from the model's access relations. A loop holding code outside the model
  keeps its loads.

Loops are processed innermost first, so an op can leave several loops.
A load leaving a loop that may run zero times is guarded by the loop's
non-emptiness (``affine.if``), so no access runs that the original did not
run. Upstream also hoists stores and loads of memrefs that are written
elsewhere in the loop through other accesses, and ignores that a loop may
not run; neither is done here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from ...affine.model import Loop, PolyhedralModel, analyze, is_effect_free, op_loc
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp, AffineIfOp, AffineYieldOp
from ...ir.core import Operation
from .loop_utils import defined_inside
from .scalar_replace import _zero, may_touch
from .unroll import _Nest, may_be_empty

# Pure, but undefined (a trap on most targets) for some operands.
UNSAFE_TO_SPECULATE = {
    "arith.divsi",
    "arith.divui",
    "arith.remsi",
    "arith.remui",
    "arith.ceildivsi",
    "arith.ceildivui",
    "arith.floordivsi",
}


@dataclass
class LicmStats:
    hoisted: int = 0
    loads: int = 0
    kept_loads: list[str] = field(default_factory=list)  # why a candidate load stayed


def _loop_of(model: PolyhedralModel, op: Operation) -> Loop | None:
    for lp in model.loops:
        if lp.op is op:
            return lp
    return None


def _load_invariant(model: PolyhedralModel, loop: Loop, load: Operation) -> str | None:
    """Why ``load`` may read different values in different iterations of
    ``loop`` (None: it reads the same element, never written in the loop)."""
    if loop.has_unknown_effects:
        return f"loop {loop_name(loop)} at {loop.loc} holds code outside the affine model"
    stmt = next((s for s in model.statements if s.op is load), None)
    if stmt is None:
        return f"the load at {op_loc(load)} is outside the affine model"
    for w in model.statements:
        if w.accesses[0].kind != "write" or not loop.op.is_proper_ancestor_of(w.op):
            continue
        if may_touch(stmt, w, loop.depth) is not None:
            return f"{w.op.name} at {w.loc} may write the element it reads"
    return None


def hoist_loop(model: PolyhedralModel, loop: Loop, stats: LicmStats | None = None) -> int:
    """Move the invariant ops of ``loop``'s body before it; returns how many."""
    stats = stats if stats is not None else LicmStats()
    op = cast(AffineForOp, loop.op)
    body = op.body
    block = op.parent
    assert block is not None
    moving: list[Operation] = []
    moving_set: set[Operation] = set()
    for o in body.operations[:-1]:
        if o.regions:
            continue
        if any(defined_inside(v, op) and v.owner_op not in moving_set for v in o.operands):
            continue
        if o.name == "affine.load":
            why = _load_invariant(model, loop, o)
            if why is not None:
                stats.kept_loads.append(why)
                continue
        elif not is_effect_free(o) or o.name in UNSAFE_TO_SPECULATE:
            continue
        moving.append(o)
        moving_set.add(o)
    if not moving:
        return 0
    guard = None
    if any(o.name == "affine.load" for o in moving) and may_be_empty(model, loop):
        guard = _Nest(model, loop).set([u - lb - 1 for lb in loop.lbs for u in loop.ubs])
    for o in moving:
        if o.name == "affine.load" and guard is not None:
            cond, cops = guard
            t = o.results[0].type
            gif = AffineIfOp.build(cond, cops, [t], loc=o.loc)
            block.insert_before(op, gif)
            o.detach()
            gif.regions[0].blocks[0].append(o)
            gif.regions[0].blocks[0].append(AffineYieldOp.build([o.results[0]], loc=o.loc))
            zero = _zero(t, o)
            gif.regions[1].blocks[0].append(zero)
            gif.regions[1].blocks[0].append(AffineYieldOp.build([zero.results[0]], loc=o.loc))
            then_yield = gif.regions[0].blocks[0].operations[-1]
            for use in list(o.results[0].uses):  # all but the then-branch's yield
                if use.owner is not then_yield:
                    use.set(gif.results[0])
        else:
            o.detach()
            block.insert_before(op, o)
        stats.hoisted += 1
        if o.name == "affine.load":
            stats.loads += 1
    return len(moving)


def hoist_invariants(func: Operation) -> LicmStats:
    """Upstream ``affine-loop-invariant-code-motion`` on ``func``: every
    affine.for, innermost first."""
    stats = LicmStats()
    loops = [o for o in func.walk() if o.name == "affine.for"]
    model = analyze(func)
    for lop in loops:
        loop = _loop_of(model, lop)
        if loop is None:
            continue
        if hoist_loop(model, loop, stats):
            model = analyze(func)
    return stats
