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

It is legal, exactly, when the buffer is allocated in the function
(``memref.alloc``/``memref.alloca``, static shape, identity layout), every
use is an affine load or store inside ``loop`` (or a ``memref.dealloc``),
no value-based (last-writer) flow dependence on it is carried by ``loop``
or a loop around it, and every value read inside is written earlier in
the same iteration (no read sees the buffer's value from before the loop
or from another iteration). ``loop`` must have constant bounds.
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
from ...dialects.memref.alloc import AllocaOp, AllocOp, DeallocOp
from ...ir import types as T
from ...ir.affine_expr import dim
from ...ir.core import Operation, OpResult, Value
from ...ir.layout import has_identity_layout
from .loop_utils import TransformError, constant_trip_count
from .promote import affine_map_of, replace_access, value_name


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


def _pick(model: PolyhedralModel, loop: Loop, memrefs: Sequence[str] | None) -> list[Value]:
    found = buffers_accessed(model, loop)
    if memrefs is None:
        return found
    picked = []
    for name in memrefs:
        hit = [v for v in found if value_name(v) == name.lstrip("%")]
        if not hit:
            known = ", ".join(value_name(v) for v in found) or "none"
            raise TransformError(
                f"loop {loop_name(loop)} accesses no buffer allocated in the function named '{name}' "
                f"(buffers it accesses: {known})",
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
        if not loop.op.is_proper_ancestor_of(user):
            return f"{name} is accessed outside loop {loop_name(loop)} ({user.name} at {op_loc(user)})"
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
    return None


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
        _expand_one(mem, loop.iv, lb, step, trips)
    return v


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
        user = use.owner
        if isinstance(user, DeallocOp):
            user.set_operand(0, buf)
            continue
        assert isinstance(user, (AffineLoadOp, AffineStoreOp))
        amap, idx = user.map.value, list(user.indices)
        nd = amap.num_dims
        k = dim(nd) - lb
        row = k.floordiv(step) if step != 1 else k
        exprs = [row, *amap.results]
        new_map, operands = affine_map_of(exprs, [*idx[:nd], iv], idx[nd:])
        replace_access(user, buf, new_map, operands)
    alloc.erase()
