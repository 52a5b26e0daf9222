"""Scalar (array) expansion: a buffer private to each iteration of a loop.

    expand_verdict(model, loop, ["temp2"])   # may each j iteration have its own temp2?
    expand(model, loop, ["temp2"])           # memref<f64> -> memref<1200xf64>, indexed [j]

A temporary that every iteration of ``loop`` writes before it reads it
(PolyBench's ``temp2`` in symm: a rank-0 ``memref.alloca`` reset in each
``j`` iteration) ties the iterations together through anti and output
dependences although no value flows between them; interchange and
unroll-and-jam of ``loop`` are then refused. Expansion gives the buffer a
leading dimension of ``loop``'s trip count, indexed by its normalized
induction variable, so that those dependences vanish and only the real
(value) flow remains.

It is legal, exactly, when the buffer has a static shape and the identity
layout, every use is an affine load or store (or a ``memref.dealloc``),
no value-based (last-writer) flow dependence on it is carried by ``loop``
or a loop around it, and every value read inside is written earlier in
the same iteration (no read sees the buffer's value from before the loop
or from another iteration). ``loop`` must have constant bounds.

A buffer whose contents outlive the loop (a function argument, as
doitgen's ``sum``, or one accessed after the loop) gets its copies in a
new buffer, and what the last iteration wrote is copied back after the
loop; this needs every iteration to write the same elements, a box of
constant bounds (isl checks both exactly), so that the copy-back writes
exactly what the loop would have left. Other arguments are assumed not
to alias it, as everywhere in the model (the JIT checks at call time).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...affine import isl_bridge as ib
from ...affine.dependence import dependences
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, op_loc
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp
from ...dialects.func import FuncOp
from ...dialects.memref.alloc import AllocaOp, AllocOp, DeallocOp
from ...ir import types as T
from ...ir.affine_expr import const, dim
from ...ir.affine_map import AffineMap
from ...ir.core import BlockArgument, Operation, OpResult, Value
from ...ir.layout import has_identity_layout
from .loop_utils import TransformError, append_before_terminator, build_nest, constant_trip_count
from .promote import affine_map_of, alloc_anchor, replace_access, value_name


def buffers_accessed(model: PolyhedralModel, loop: Loop) -> list[Value]:
    """The buffers allocated in the function and accessed inside ``loop``."""
    out: list[Value] = []
    for st in model.statements:
        if not loop.op.is_proper_ancestor_of(st.op):
            continue
        for a in st.accesses:
            v = a.memref
            if isinstance(v, OpResult) and isinstance(v.owner, (AllocOp, AllocaOp)) and v not in out:
                out.append(v)
    return out


def _is_argument(v: Value) -> bool:
    return isinstance(v, BlockArgument) and isinstance(v.owner.parent_op, FuncOp)


def arguments_accessed(model: PolyhedralModel, loop: Loop) -> list[Value]:
    """The function's memref arguments accessed inside ``loop``."""
    out: list[Value] = []
    for st in model.statements:
        if loop.op.is_proper_ancestor_of(st.op):
            out.extend(a.memref for a in st.accesses if _is_argument(a.memref) and a.memref not in out)
    return out


def _pick(model: PolyhedralModel, loop: Loop, memrefs: Sequence[str] | None) -> list[Value]:
    found = buffers_accessed(model, loop)
    if memrefs is None:
        return found
    found += arguments_accessed(model, loop)
    picked = []
    for name in memrefs:
        hit = [v for v in found if value_name(v) == name.lstrip("%")]
        if not hit:
            known = ", ".join(value_name(v) for v in found) or "none"
            raise TransformError(
                f"loop {loop_name(loop)} accesses no buffer or argument named '{name}' (buffers it accesses: {known})",
                loop.op,
            )
        picked.extend(hit)
    return picked


def _problem(model: PolyhedralModel, loop: Loop, mem: Value) -> str | None:
    """Why ``mem`` cannot get one copy per iteration of ``loop``, or None."""
    name = value_name(mem)
    mt = mem.type
    if not isinstance(mt, T.MemRefType) or any(s < 0 for s in mt.shape) or not has_identity_layout(mt):
        return f"{name} has no static shape with the identity layout"
    for use in mem.uses:
        user = use.owner
        if isinstance(user, DeallocOp):
            continue
        if (
            not isinstance(user, (AffineLoadOp, AffineStoreOp))
            or user.operands[0 if isinstance(user, AffineLoadOp) else 1] is not mem
        ):
            return f"{name} is used by {user.name} at {op_loc(user)}, not only by affine loads and stores"
    outer = set(map(id, loop.enclosing()))
    flows = [d for d in dependences(model, "flow", value_based=True) if d.source.accesses[0].memref is mem]
    for d in flows:
        if d.carried_by is not None and id(d.carried_by) in outer:
            return f"a value of {name} flows between iterations of loop {loop_name(d.carried_by)} ({d.describe()})"
    for st in model.statements:
        if st.accesses[0].memref is not mem or st.accesses[0].kind != "read":
            continue
        into = [d.relation for d in flows if d.sink is st]
        if not ib.ranges_cover(st.domain, into):
            return (
                f"{st.op.name} of {name} at {st.loc} may read a value written before loop "
                f"{loop_name(loop)} or not at all"
            )
    if _lives_on(loop, mem) and _write_box(model, loop, mem) is None:
        return (
            f"{name} outlives loop {loop_name(loop)} and its iterations do not all write the same box of it, "
            "so its value after the loop cannot be copied back from one iteration's copy"
        )
    return None


def _lives_on(loop: Loop, mem: Value) -> bool:
    """Whether ``mem``'s contents are seen after ``loop``: an argument, or accessed outside it."""
    return _is_argument(mem) or any(
        not isinstance(u.owner, DeallocOp) and not loop.op.is_proper_ancestor_of(u.owner) for u in mem.uses
    )


def _write_box(model: PolyhedralModel, loop: Loop, mem: Value) -> list[tuple[int, int]] | None:
    """The elements of ``mem`` that each iteration of ``loop`` writes, in
    every iteration of the loops around it, when the same constant box
    (those loops of constant bounds and step 1)."""
    ranges = []
    for lp in loop.enclosing():
        b = as_constant_loop(lp)
        if b is None or b[1] != 1 or b[2] == 0:
            return None
        ranges.append((b[0], b[0] + b[2] - 1))
    writes = [
        (st.domain, a.relation, st.loops.index(loop))
        for st in model.statements
        if loop in st.loops
        for a in st.accesses
        if a.kind == "write" and a.memref is mem
    ]
    return ib.uniform_write_box(writes, ranges) if writes else None


def as_constant_loop(loop: Loop) -> tuple[int, int, int] | None:
    """(lower bound, step, trip count) of an affine.for with constant bounds."""
    op = loop.op
    if not isinstance(op, AffineForOp):
        return None
    bounds, trips = op.constant_bounds(), constant_trip_count(op)
    if bounds is None or trips is None:
        return None
    return bounds[0], op.step.value, trips


def expand_verdict(model: PolyhedralModel, loop: Loop, memrefs: Sequence[str] | None = None) -> Verdict:
    """Whether the buffers ``memrefs`` (names; default every buffer allocated
    in the function and accessed in ``loop``) can have one copy per
    iteration of ``loop``."""
    what = f"expand buffers along loop {loop_name(loop)}"
    if not isinstance(loop.op, AffineForOp):
        return Verdict(False, f"cannot {what}: it is an {loop.op.name}, not an affine.for", op=loop.op)
    trips = constant_trip_count(loop.op)
    if trips is None:
        return Verdict(False, f"cannot {what}: its trip count is not a constant", op=loop.op)
    picked = _pick(model, loop, memrefs)
    if not picked:
        return Verdict(False, f"cannot {what}: it accesses no buffer allocated in the function", op=loop.op)
    if trips == 0:
        return Verdict(False, f"cannot {what}: it runs no iteration", op=loop.op)
    for mem in picked:
        why = _problem(model, loop, mem)
        if why is not None:
            return Verdict(False, f"cannot {what}: {why}", op=loop.op)
    names = ", ".join(value_name(v) for v in picked)
    return Verdict(True, f"{what}: {names} get {trips} copies, one per iteration", op=loop.op)


def expand(model: PolyhedralModel, loop: Loop, memrefs: Sequence[str] | None = None, check: bool = True) -> Verdict:
    """Give each buffer of ``expand_verdict`` a leading dimension of
    ``loop``'s trip count, indexed by the normalized induction variable
    (``check=False``: without asking the verdict, for differential tests
    that must see an illegal expansion caught)."""
    v = expand_verdict(model, loop, memrefs) if check else Verdict(True, "expanded unchecked", op=loop.op)
    if not v.ok:
        return v
    if not isinstance(loop.op, AffineForOp) or constant_trip_count(loop.op) is None:
        return Verdict(False, "no constant trip count", op=loop.op)
    picked = _pick(model, loop, memrefs)
    if not check:  # only what keeps the IR valid: every access inside the loop
        picked = [
            m
            for m in picked
            if all(
                isinstance(u.owner, DeallocOp)
                or (isinstance(u.owner, (AffineLoadOp, AffineStoreOp)) and loop.op.is_proper_ancestor_of(u.owner))
                for u in m.uses
            )
        ]
    op = loop.op
    assert isinstance(op, AffineForOp) and loop.iv is not None
    bounds = op.constant_bounds()
    assert bounds is not None
    lb, step = bounds[0], op.step.value
    trips = constant_trip_count(op)
    assert trips is not None
    for mem in picked:
        box = _write_box(model, loop, mem) if _lives_on(loop, mem) else None
        if box is None and not isinstance(mem, OpResult):
            continue  # unchecked: an argument whose copy-back is unknown stays as it is
        if box is None:
            _expand_one(mem, loop.iv, lb, step, trips)
        else:
            _expand_live(loop, _copy_back_after(model, loop, mem, box), mem, lb, step, trips, box)
    return v


def _retarget(accesses: Sequence[Operation], buf: Value, iv: Value, lb: int, step: int) -> None:
    """Each affine access of ``accesses`` to ``buf``, with the leading index ``(iv - lb) / step``."""
    for user in accesses:
        assert isinstance(user, (AffineLoadOp, AffineStoreOp))
        amap, idx = user.map.value, list(user.indices)
        nd = amap.num_dims
        k = dim(nd) - lb
        row = k.floordiv(step) if step != 1 else k
        new_map, operands = affine_map_of([row, *amap.results], [*idx[:nd], iv], idx[nd:])
        replace_access(user, buf, new_map, operands)


def _copy_back_after(model: PolyhedralModel, loop: Loop, mem: Value, box: list[tuple[int, int]]) -> Loop:
    """The outermost loop around ``loop`` (or itself) after which the copy
    back may go: each loop passed writes the same ``box`` in every
    iteration and touches ``mem`` only inside ``loop``, so after it the
    copies hold what its last iteration wrote (doitgen's ``sum``, expanded
    along ``q``, is copied back once after ``r``, not after each ``q`` loop)."""
    place = loop
    while place.parent is not None:
        outer = place.parent
        touched = [u.owner for u in mem.uses if outer.op.is_proper_ancestor_of(u.owner)]
        if any(not loop.op.is_proper_ancestor_of(o) for o in touched) or _write_box(model, outer, mem) != box:
            break
        place = outer
    return place


def _expand_live(
    loop: Loop, place: Loop, mem: Value, lb: int, step: int, trips: int, box: list[tuple[int, int]]
) -> None:
    """``mem``'s accesses inside ``loop`` moved to a new buffer of one copy per
    iteration; after ``place`` the last iteration's ``box`` is copied back."""
    mt = mem.type
    assert isinstance(mt, T.MemRefType) and loop.iv is not None
    anchor = alloc_anchor(loop.op, loop.enclosing()[:-1] + [loop])
    block = anchor.parent
    assert block is not None
    new_type = T.MemRefType((trips, *mt.shape), mt.element_type, None, mt.memory_space)
    alloc = AllocOp.build(new_type, loc=loop.op.loc)
    block.insert_before(anchor, alloc)
    buf = alloc.results[0]
    buf.name_hint = f"{value_name(mem)}_x"
    block.insert_after(anchor, DeallocOp.build(buf, loc=loop.op.loc))
    inside = [u.owner for u in mem.uses if loop.op.is_proper_ancestor_of(u.owner)]
    _retarget(inside, buf, loop.iv, lb, step)
    after = place.op
    name = value_name(mem)
    root, body, ivs = build_nest(
        [(lo, hi + 1, (), ()) for lo, hi in box], [f"{name}_c{d}" for d in range(len(box))], loop.op.loc
    )
    ident = AffineMap.identity(len(ivs))
    last = AffineMap(len(ivs), 0, [const(trips - 1), *(dim(d) for d in range(len(ivs)))])
    ld = AffineLoadOp.build(buf, ivs, last, loc=loop.op.loc)
    st = AffineStoreOp.build(ld.results[0], mem, ivs, ident, loc=loop.op.loc)
    home = after.parent
    assert home is not None
    if body is None:  # a rank-0 buffer: the copy-back is one load and store
        home.insert_after(after, st)
        home.insert_after(after, ld)
        return
    append_before_terminator(body, ld)
    append_before_terminator(body, st)
    assert root is not None
    home.insert_after(after, root)


def _expand_one(mem: Value, iv: Value, lb: int, step: int, trips: int) -> None:
    assert isinstance(mem, OpResult)
    alloc = mem.owner
    assert isinstance(alloc, (AllocOp, AllocaOp))
    mt = mem.type
    assert isinstance(mt, T.MemRefType)
    new_type = T.MemRefType((trips, *mt.shape), mt.element_type, None, mt.memory_space)
    new: Operation = type(alloc).build(new_type, [], loc=alloc.loc)
    block = alloc.parent
    assert block is not None
    block.insert_after(alloc, new)
    buf = new.results[0]
    buf.name_hint = mem.name_hint
    for use in list(mem.uses):
        if isinstance(use.owner, DeallocOp):
            use.owner.set_operand(0, buf)
    _retarget([u.owner for u in mem.uses if not isinstance(u.owner, DeallocOp)], buf, iv, lb, step)
    alloc.erase()
