"""Values carried in ``iter_args`` for the primitives that regenerate code
through isl (skew, shift, imperfect tiling, apply_schedule, fusion): demoted
to memory before the polyhedral model is built, promoted back afterwards.

    %r = affine.for %k = 0 to 8 iter_args(%a = %init) -> (f32) {
      %s = arith.addf %a, %x : f32
      affine.yield %s : f32
    }

becomes, with ``%c = memref.alloca() : memref<f32>`` at the top of the
function,

    affine.store %init, %c[] : memref<f32>
    affine.for %k = 0 to 8 {
      %a = affine.load %c[] : memref<f32>
      %s = arith.addf %a, %x : f32
      affine.store %s, %c[] : memref<f32>
    }
    %r = affine.load %c[] : memref<f32>

The model sees the carried value as accesses to ``%c``, and
``schedules.check`` (told through ``affine/carried.py``) treats them as the
SSA value they are: every read must still read the write it read, with no
other write in between. A schedule that breaks an accumulation order is
refused naming "the value carried in iter_args #0 of loop k"; a legal one
is applied, and the buffer is then promoted back to registers
(``promote``): each loop whose body reads the buffer first (the value is
live on entry) carries it in iter_args again, loads after a store in the
same block take the stored value, and a buffer left without loads goes.
Where that is not possible (a statement regenerated under an
``affine.if``), the buffer stays: correct, only slower.

Verdicts never change the IR: ``demoted_verdict`` demotes, asks, and
undoes the demotion exactly (the original loop ops are put back).
``affine.parallel`` with ``reduce`` is not demoted: refused by name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar, cast

from ...affine.carried import CarriedValue, mark_carried, unmark_carried
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, analyze, op_loc
from ...affine.schedules import loop_name
from ...affine.statements import NotCompound, compound_statements
from ...dialects.affine.loops import AffineForOp, AffineYieldOp
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp
from ...dialects.memref.alloc import AllocaOp
from ...ir import types as T
from ...ir.core import Block, Operation, Value
from .errors import TransformError

R = TypeVar("R")
_SCALARS = (T.IntegerType, T.FloatType, T.IndexType)


@dataclass(eq=False)
class _Loop:
    """One demoted loop: the original op (detached, body emptied but its
    block arguments and yield kept) and what replaced it."""

    old: AffineForOp
    new: AffineForOp
    buffers: list[Operation] = field(default_factory=list)
    inserted: list[Operation] = field(default_factory=list)  # stores and loads added around and in the body
    top_loads: list[Operation] = field(default_factory=list)
    results: list[tuple[Value, Operation | None]] = field(default_factory=list)  # old result, load after


@dataclass(eq=False)
class Demotion:
    """The demoted loops of one function, outermost first."""

    func: Operation
    loops: list[_Loop] = field(default_factory=list)

    def original(self, op: Operation | None) -> Operation | None:
        """The original loop op for a demoted one (``op`` otherwise)."""
        for d in self.loops:
            if op is d.new:
                return d.old
        return op

    def undo(self) -> None:
        """Put the original loops back exactly as they were."""
        for d in reversed(self.loops):
            _undo(d)
        self.loops = []

    def promote(self) -> dict[Operation, Operation]:
        """Bring the demoted values back to registers where the code allows;
        returns the loops replaced on the way (old op -> new op)."""
        replaced: dict[Operation, Operation] = {}
        for d in self.loops:
            for buf in d.buffers:
                if buf.parent is not None:
                    promote_buffer(buf, replaced)
        self.loops = []
        return replaced


def carried_problem(model: PolyhedralModel) -> tuple[Loop, str] | None:
    """A loop whose carried values cannot be demoted, and why."""
    for lp in model.loops:
        if not lp.iter_args:
            continue
        if not isinstance(lp.op, AffineForOp):
            return lp, (
                f"{lp.op.name} at {lp.loc} reduces values (reduce); moving statements out of a parallel "
                "reduction is not supported"
            )
        body = lp.op.regions[0].blocks[0]
        for k, a in enumerate(body.arguments[1:]):
            if not isinstance(a.type, _SCALARS):
                return lp, (
                    f"loop {loop_name(lp)} at {lp.loc} carries a {a.type} value in iter_args #{k}; only "
                    "integer, index and float values can be kept in memory while statements move"
                )
    return None


def has_carried(model: PolyhedralModel) -> bool:
    return any(lp.iter_args for lp in model.loops)


def demote(model: PolyhedralModel) -> Demotion:
    """Demote every value carried in an affine.for's iter_args in the
    model's function (call ``carried_problem`` first)."""
    dem = Demotion(model.func)
    entry = model.func.regions[0].blocks[0]
    for lp in model.loops:
        if lp.iter_args and isinstance(lp.op, AffineForOp) and lp.index == 0:
            dem.loops.append(_demote(lp.op, loop_name(lp), entry))
    return dem


def _demote(old: AffineForOp, name: str, entry: Block) -> _Loop:
    block = old.parent
    assert block is not None
    loc = old.loc
    lbs, ubs, inits = old._operand_groups()
    new = AffineForOp.build(old.lowerBoundMap.value, old.upperBoundMap.value, old.step.value, lbs, ubs, loc=loc)
    new.attributes.update(old.attributes)
    block.insert_before(old, new)
    d = _Loop(old, new)
    obody, nbody = old.body, new.body
    term = obody.operations[-1]
    nyield = nbody.operations[-1]
    iv = obody.arguments[0]
    nbody.arguments[0].name_hint = iv.name_hint
    iv.replace_all_uses_with(nbody.arguments[0])
    where = f"loop {name}"
    for k, (arg, init) in enumerate(zip(obody.arguments[1:], inits, strict=True)):
        buf = AllocaOp.build(T.MemRefType((), arg.type), loc=loc)
        entry.insert(0, buf)
        memref = buf.results[0]
        store_init = AffineStoreOp.build(init, memref, [], loc=loc)
        block.insert_before(new, store_init)
        top = AffineLoadOp.build(memref, [], loc=loc)
        top.results[0].name_hint = arg.name_hint
        nbody.insert(len(d.top_loads), top)
        arg.replace_all_uses_with(top.results[0])
        d.buffers.append(buf)
        d.top_loads.append(top)
        d.inserted += [store_init, top]
        value = CarriedValue(name, op_loc(old), k)
        roles: dict[Operation, str] = {
            store_init: f"the initial value (stored before {where})",
            top: f"the use in the body of {where}",
        }
        mark_carried(buf, value, roles)
    for o in list(obody.operations[:-1]):
        o.detach()
        nbody.insert_before(nyield, o)
    for k, (y, held) in enumerate(zip(term.operands, d.buffers, strict=True)):
        st = AffineStoreOp.build(y, held.results[0], [], loc=term.loc)
        nbody.insert_before(nyield, st)
        d.inserted.append(st)
        mark_carried(held, CarriedValue(name, op_loc(old), k), {st: f"the affine.yield at {op_loc(term)}"})
    anchor: Operation = new
    for r, held in zip(old.results, d.buffers, strict=True):
        after: Operation | None = None
        if r.uses:
            after = AffineLoadOp.build(held.results[0], [], loc=loc)
            after.results[0].name_hint = r.name_hint
            block.insert_after(anchor, after)
            anchor = after
            r.replace_all_uses_with(after.results[0])
            d.inserted.append(after)
            mark_carried(held, CarriedValue(name, op_loc(old), r.index), {after: f"the result of {where}"})
        d.results.append((r, after))
    old.detach()
    return d


def _undo(d: _Loop) -> None:
    new, old = d.new, d.old
    block = new.parent
    assert block is not None
    block.insert_before(new, old)
    for r, after in d.results:
        if after is not None:
            after.results[0].replace_all_uses_with(r)
    for top, arg in zip(d.top_loads, old.body.arguments[1:], strict=True):
        top.results[0].replace_all_uses_with(arg)
    new.body.arguments[0].replace_all_uses_with(old.body.arguments[0])
    for o in d.inserted:
        o.erase()
    oterm = old.body.operations[-1]
    for o in list(new.body.operations[:-1]):
        o.detach()
        old.body.insert_before(oterm, o)
    new.erase()
    for buf in d.buffers:
        unmark_carried(buf)
        buf.erase()


def _map_loops(before: PolyhedralModel, after: PolyhedralModel, loops: Sequence[Loop]) -> list[Loop]:
    """The loops of the demoted function's model that are ``loops`` (the
    loop structure is unchanged: same pre-order)."""
    assert len(before.loops) == len(after.loops), "demotion keeps every loop"
    return [after.loops[before.loops.index(lp)] for lp in loops]


def demoted_verdict(
    model: PolyhedralModel, loops: Sequence[Loop], what: str, fn: Callable[[PolyhedralModel, list[Loop]], Verdict]
) -> Verdict:
    """``fn``'s verdict on the function with its carried values demoted;
    the IR is left exactly as it was."""
    problem = carried_problem(model)
    if problem is not None:
        return Verdict(False, f"cannot {what}: {problem[1]}", op=problem[0].op)
    dem = demote(model)
    try:
        m2 = analyze(model.func)
        v = fn(m2, _map_loops(model, m2, loops))
        if isinstance(v.op, Operation):
            v.op = dem.original(v.op)
    finally:
        dem.undo()
    return v


def demoted_apply(
    model: PolyhedralModel, loops: Sequence[Loop], what: str, fn: Callable[[PolyhedralModel, list[Loop]], R]
) -> R:
    """Run ``fn`` (a primitive that regenerates code) on the function with
    its carried values demoted, then promote them back; on an error the IR
    is restored and the error raised."""
    problem = carried_problem(model)
    if problem is not None:
        raise TransformError(f"cannot {what}: {problem[1]}", problem[0].op)
    dem = demote(model)
    try:
        m2 = analyze(model.func)
        out = fn(m2, _map_loops(model, m2, loops))
    except BaseException:
        dem.undo()
        raise
    replaced = dem.promote()

    def now(op: Operation) -> Operation:
        while op in replaced:
            op = replaced[op]
        return op

    if isinstance(out, Operation):
        return cast(R, now(out))
    if isinstance(out, list):
        return cast(R, [now(o) if isinstance(o, Operation) else o for o in out])
    return out


def demoted_statements(model: PolyhedralModel) -> list[tuple[str, list[Loop]]]:
    """The compound statements (name, loops of ``model``) that the
    primitives see with the carried values demoted (``S0``.., ``C0``..);
    the IR is left as it was. Raises NotCompound when there are none."""
    problem = carried_problem(model)
    if problem is not None:
        raise NotCompound(problem[0].op, problem[1])
    dem = demote(model)
    try:
        m2 = analyze(model.func)
        return [(u.name, [model.loops[m2.loops.index(lp)] for lp in u.loops]) for u in compound_statements(m2)]
    finally:
        dem.undo()


# -- promotion back to registers -----------------------------------------------------------------


def _accesses(buf: Operation) -> list[Operation]:
    return list(buf.results[0].users)


def promote_buffer(buf: Operation, replaced: dict[Operation, Operation] | None = None) -> bool:
    """Carry the buffer's value in registers where its accesses allow
    (the loops rebuilt with one more iter_arg are recorded in ``replaced``);
    True when the buffer is gone."""
    replaced = {} if replaced is None else replaced
    changed = True
    while changed:
        changed = _forward(buf)
        for lp in _loops_post_order(buf):
            new = _carry(lp, buf)
            if new is not None:
                replaced[lp] = new
                changed = True
                break
    loads = [u for u in _accesses(buf) if isinstance(u, AffineLoadOp)]
    if loads:
        return False
    for u in _accesses(buf):
        u.erase()
    unmark_carried(buf)
    buf.erase()
    return True


def _loops_post_order(buf: Operation) -> list[AffineForOp]:
    func = buf.parent_op
    assert func is not None
    users = _accesses(buf)
    return [
        o
        for o in func.walk(post_order=True)
        if isinstance(o, AffineForOp) and any(o.is_proper_ancestor_of(u) for u in users)
    ]


def _forward(buf: Operation) -> bool:
    """Within each block: a load after a store (or a load) of the buffer
    with nothing in between that touches it takes that value; unused
    loads go. Whether anything changed."""
    memref = buf.results[0]
    changed = False
    blocks = {id(u.parent): u.parent for u in _accesses(buf) if u.parent is not None}
    for block in blocks.values():
        cur: Value | None = None
        for op in list(block.operations):
            if isinstance(op, AffineLoadOp) and op.memref is memref:
                if cur is not None:
                    op.results[0].replace_all_uses_with(cur)
                if not op.results[0].uses:
                    op.erase()
                    changed = True
                else:
                    cur = op.results[0]
            elif isinstance(op, AffineStoreOp) and op.memref is memref:
                cur = op.operands[0]
            elif op.regions and any(op.is_proper_ancestor_of(u) for u in _accesses(buf)):
                cur = None
    return changed


def _carry(loop: AffineForOp, buf: Operation) -> AffineForOp | None:
    """Carry the buffer through ``loop`` in iter_args when every access to
    it inside the loop is directly in the body and the first is a load (the
    value is live on entry); returns the new loop. A load before the loop
    gives the initial value, a store after it the final one: both exact
    whatever the trip count, the buffer being private."""
    memref = buf.results[0]
    body = loop.body
    inside = [u for u in _accesses(buf) if loop.is_proper_ancestor_of(u)]
    if not inside or any(u.parent is not body for u in inside):
        return None
    inside.sort(key=body.operations.index)
    if not isinstance(inside[0], AffineLoadOp):
        return None
    block = loop.parent
    assert block is not None
    init = AffineLoadOp.build(memref, [], loc=loop.loc)
    block.insert_before(loop, init)
    lbs, ubs, inits = loop._operand_groups()
    new = AffineForOp.build(
        loop.lowerBoundMap.value,
        loop.upperBoundMap.value,
        loop.step.value,
        lbs,
        ubs,
        [*inits, init.results[0]],
        loc=loop.loc,
    )
    new.attributes.update(loop.attributes)
    block.insert_before(loop, new)
    nbody = new.body
    for a, na in zip(body.arguments, nbody.arguments, strict=False):
        na.name_hint = a.name_hint
        a.replace_all_uses_with(na)
    term = body.operations[-1]
    for o in list(body.operations[:-1]):
        o.detach()
        nbody.append(o)
    cur: Value = nbody.arguments[-1]
    for u in inside:
        if isinstance(u, AffineLoadOp):
            u.results[0].replace_all_uses_with(cur)
        else:
            cur = u.operands[0]
        u.erase()
    nbody.append(AffineYieldOp.build([*term.operands, cur], loc=term.loc))
    for r, nr in zip(loop.results, new.results, strict=False):
        r.replace_all_uses_with(nr)
    loop.erase()
    block.insert_after(new, AffineStoreOp.build(new.results[-1], memref, [], loc=new.loc))
    return new
