"""Loop-invariant code motion for affine loops (upstream
``affine-loop-invariant-code-motion``), with memory decided exactly.

An op at the top level of an ``affine.for`` body, with or without regions
(a nested ``affine.for``, ``affine.if`` or ``affine.parallel`` moves whole),
moves before the loop when every value it uses (also inside its regions)
is defined outside the loop or by ops that move too, nothing in it has
effects outside the model, and:

- what it reads (its modelled loads, in any iteration of its own nested
  loops) no write elsewhere in the loop may touch in the same iteration of
  the enclosing loops -- so every instance reads the same values;
- what it writes nothing else in the loop may read or write, and it does
  not read it itself -- so running it once leaves what running it every
  iteration left; and the loop runs at least once in every enclosing
  iteration (else the write would be new);
- it holds no ``affine.prefetch`` (a hint whose place is its meaning, as
  upstream keeps it);
- it is pure otherwise; integer division and remainder move only out of a
  loop that always runs (the divisor may be zero where the loop does not
  run).

isl decides "may touch" from the model's access relations. Loops are
processed innermost first, so an op can leave several loops. A lone
``affine.load`` leaving a loop that may run zero times is guarded by the
loop's non-emptiness (``affine.if``), so no access runs that the original
did not run; other reads are not moved out of such a loop. Upstream
decides memory per memref (any other write to it in the loop blocks a
move) and hoists loads out of loops that may not run; here the elements
decide, and no access is introduced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from ...affine.model import Loop, PolyhedralModel, analyze, is_effect_free, op_loc
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp, AffineIfOp, AffineYieldOp
from ...dialects.affine.memory import AffineLoadOp, AffinePrefetchOp
from ...ir.core import Operation
from .loop_utils import defined_inside
from .scalar_replace import _VECTOR_ACCESSES, _Effects, _zero, may_touch
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
    "index.divs",
    "index.divu",
    "index.ceildivs",
    "index.ceildivu",
    "index.floordivs",
    "index.rems",
    "index.remu",
}


@dataclass
class LicmStats:
    hoisted: int = 0
    loads: int = 0
    kept_loads: list[str] = field(default_factory=list)  # why a candidate load stayed
    # (op, loop, why) for every op whose operands allow the move but stayed.
    kept: list[tuple[Operation, Loop, str]] = field(default_factory=list)


def _loop_of(model: PolyhedralModel, op: Operation) -> Loop | None:
    for lp in model.loops:
        if lp.op is op:
            return lp
    return None


def _uses_inside(op: Operation, loop_op: Operation, moving: set[Operation]) -> bool:
    """Whether ``op`` (or an op in its regions) uses a value defined in
    ``loop_op`` outside ``op`` that does not move with it."""
    for x in op.walk():
        for v in x.operands:
            if defined_inside(v, loop_op) and not defined_inside(v, op) and v.owner_op not in moving:
                return True
    return False


def _touch(a, b, n: int) -> bool:
    # Distinct memrefs are distinct arrays, as for the model's dependences;
    # a vector access is modelled at its first element only, so on one
    # array it may overlap anything.
    if (a.op.name in _VECTOR_ACCESSES or b.op.name in _VECTOR_ACCESSES) and a.accesses[0].array is b.accesses[0].array:
        return True
    return may_touch(a, b, n) is not None


def invariant_reason(model: PolyhedralModel, loop: Loop, op: Operation, eff: _Effects) -> str | None:
    """Why ``op`` (at the top level of ``loop``'s body) may not run once
    before ``loop`` instead of once per iteration (None: it may). Operands
    are the caller's concern."""
    if any(isinstance(x, AffinePrefetchOp) for x in op.walk()):
        # A prefetch means "fetch now, for the accesses about to come": once
        # before the loop it would fetch for the first iteration only.
        return f"{op.name} at {op_loc(op)} holds a prefetch, whose place is its meaning"
    reads, writes, opaque = eff.of(op)
    if opaque:
        return f"{op.name} at {op_loc(op)} has effects outside the affine model"
    if loop.has_unknown_effects:
        return f"loop {loop_name(loop)} at {loop.loc} holds code outside the affine model"
    empty = None

    def may_not_run() -> bool:
        nonlocal empty
        if empty is None:
            empty = may_be_empty(model, loop)
        return empty

    if any(x.name in UNSAFE_TO_SPECULATE for x in op.walk()) and may_not_run():
        return f"loop {loop_name(loop)} may run zero times and {op.name} at {op_loc(op)} may divide by zero"
    if not reads and not writes:
        return None
    mine = {s.op for s in reads + writes}
    others = [s for s in model.statements if loop.op.is_proper_ancestor_of(s.op) and s.op not in mine]
    n = loop.depth
    for w in writes:
        if may_not_run():
            return f"loop {loop_name(loop)} may run zero times: the write at {w.loc} would be new"
        for r in reads:
            if _touch(w, r, n):
                return f"it reads at {r.loc} what it writes at {w.loc}"
        for t in others:
            if _touch(w, t, n):
                return f"{t.op.name} at {t.loc} may access the element written at {w.loc}"
    for r in reads:
        for t in others:
            if t.accesses[0].kind == "write" and _touch(r, t, n):
                return f"{t.op.name} at {t.loc} may write the element read at {r.loc}"
    if not writes and may_not_run() and not isinstance(op, AffineLoadOp):
        return f"loop {loop_name(loop)} may run zero times: the read at {reads[0].loc} would be new"
    return None


def hoist_loop(model: PolyhedralModel, loop: Loop, stats: LicmStats | None = None) -> int:
    """Move the invariant ops of ``loop``'s body before it; returns how many."""
    stats = stats if stats is not None else LicmStats()
    op = cast(AffineForOp, loop.op)
    body = op.body
    block = op.parent
    assert block is not None
    eff = _Effects(model)
    moving: list[Operation] = []
    moving_set: set[Operation] = set()
    for o in body.operations[:-1]:
        if _uses_inside(o, op, moving_set):
            continue
        if not o.regions and is_effect_free(o) and o.name not in UNSAFE_TO_SPECULATE:
            why = None
        else:
            why = invariant_reason(model, loop, o, eff)
        if why is not None:
            if isinstance(o, AffineLoadOp):
                stats.kept_loads.append(why)
            stats.kept.append((o, loop, why))
            continue
        moving.append(o)
        moving_set.add(o)
    if not moving:
        return 0
    guard = None
    if any(isinstance(o, AffineLoadOp) for o in moving) and may_be_empty(model, loop):
        guard = _Nest(model, loop).set([u - lb - 1 for lb in loop.lbs for u in loop.ubs])
    for o in moving:
        if isinstance(o, AffineLoadOp) and guard is not None:
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
        if isinstance(o, AffineLoadOp):
            stats.loads += 1
    return len(moving)


def hoist_invariants(func: Operation) -> LicmStats:
    """Upstream ``affine-loop-invariant-code-motion`` on ``func``: every
    affine.for, innermost first."""
    stats = LicmStats()
    loops = [o for o in func.walk() if isinstance(o, AffineForOp)]
    model = analyze(func)
    for lop in loops:
        loop = _loop_of(model, lop)
        if loop is None:
            continue
        if hoist_loop(model, loop, stats):
            model = analyze(func)
    return stats
