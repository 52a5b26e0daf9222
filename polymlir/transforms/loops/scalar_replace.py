"""Scalar replacement, decided with the exact access relations of the model.

Two things live here:

- ``scalrep(func)``: upstream's ``affine-scalrep``: store-to-load
  forwarding (a load takes the value of the nearest store that dominates
  it -- earlier in its block or in a block around its affine loops and
  conditions -- and writes its element in every iteration, when no write
  in between may touch it, counting a loop's other iterations on the way
  out), dead-store elimination (a store overwritten later in the block with
  no read of the element in between is erased), removal of local buffers
  left with only stores, and redundant-load elimination (a load of the
  element a dominating load read, with no write in between). Scalar and
  vector accesses alike; a vector access is compared only with accesses of
  the same vector type to the same elements, and conflicts with any other
  access to its memref (the model places it at its first element only).
  "May touch" is exact: isl decides whether an access between the two,
  nested in loops or conditions or not, can reach that element in the same
  iteration of the enclosing loops. Code outside the model (calls, non-affine
  accesses) in between stops the rewrite, and so does an access to another
  memref that may alias (two function arguments, views of one allocation),
  as upstream's alias analysis decides.

- ``scalar_replace(model, loop)``: a primitive. A reduction into an element
  that does not depend on ``loop`` (``C[i, j] += ...`` over ``k``) becomes a
  load before the loop, a value carried in ``iter_args``, and a store after
  it. Legal when no other access inside the loop may touch that element in
  the same iteration of the enclosing loops (isl, exact). When the loop may
  run zero times, the load and the store are guarded by its non-emptiness so
  no access runs that the original did not run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...affine import isl_bridge as ib
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, Statement, analyze, is_effect_free
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp, AffineIfOp, AffineYieldOp
from ...dialects.affine.map_utils import fully_compose
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp, AffineVectorLoadOp, AffineVectorStoreOp
from ...dialects.arith.ops import ConstantOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Operation, OpResult, Value
from .loop_utils import TransformError, defined_inside
from .tile import model_problem
from .unroll import _Nest, may_be_empty

_STRUCTURAL = ("affine.for", "affine.if", "affine.parallel", "affine.yield")

# -- exact element queries ------------------------------------------------------------------------


def _memref(s: Statement) -> Value:
    """The memref an access statement (an affine load or store) accesses."""
    op = s.op
    assert isinstance(op, (AffineLoadOp, AffineStoreOp, AffineVectorLoadOp, AffineVectorStoreOp)), (
        f"{op.name} is an affine access"
    )
    return op.memref


def same_element_always(a: Statement, b: Statement) -> bool:
    """Whether two accesses in the same block touch the same element of the
    same memref in every iteration (must-alias)."""
    if _memref(a) is not _memref(b):
        return False
    if len(a.loops) != len(b.loops) or any(x is not y for x, y in zip(a.loops, b.loops, strict=True)):
        return False
    ra, rb = a.accesses[0].relation, b.accesses[0].relation
    proj = ib.prefix_projection(a.domain, b.domain)
    return bool(proj.apply_range(rb).is_equal(ra))


def may_touch(a: Statement, t: Statement, n_equal: int) -> tuple | None:
    """An instance pair where ``t`` touches the element ``a`` touches with
    the first ``n_equal`` loop indices equal, or None if there is none."""
    if a.accesses[0].array != t.accesses[0].array:
        return None
    same = a.accesses[0].relation.apply_range(t.accesses[0].relation.reverse())
    same = same.intersect(ib.equal_prefix_lt(same, n_equal, None))
    if same.is_empty():
        return None
    return ib.violation_sample(same) or ((), ())


_VIEWS = (
    "memref.subview",
    "memref.cast",
    "memref.reinterpret_cast",
    "memref.view",
    "memref.collapse_shape",
    "memref.expand_shape",
    "memref.transpose",
)
_ALLOCS = ("memref.alloc", "memref.alloca", "memref.get_global")


def _base(v: Value) -> Value:
    """The allocation or argument a memref value views."""
    while isinstance(v, OpResult) and v.owner.name in _VIEWS:
        v = v.owner.operands[0]
    return v


def may_alias(a: Value, b: Value) -> bool:
    """Upstream's local alias rule: views of one allocation may alias; two
    distinct allocations do not, nor an allocation and anything else; two
    function arguments may."""
    if a is b:
        return True
    ba, bb = _base(a), _base(b)
    if ba is bb:
        return True
    alloc = [isinstance(x, OpResult) and x.owner.name in _ALLOCS for x in (ba, bb)]
    return not any(alloc)


_VECTOR_ACCESSES = ("affine.vector_load", "affine.vector_store")


def conflicts(s: Statement, t: Statement, n_equal: int) -> bool:
    """Whether ``t`` may touch the element ``s`` touches in the same
    iteration of their first ``n_equal`` loops: exact on one memref, and
    conservative (as upstream's scalrep) across memrefs that may alias. A
    vector access is modelled at its first element only (its lanes are
    not), so any access to its memref may overlap it."""
    ms, mt = _memref(s), _memref(t)
    if ms is mt:
        if s.op.name in _VECTOR_ACCESSES or t.op.name in _VECTOR_ACCESSES:
            return True
        return may_touch(s, t, n_equal) is not None
    return may_alias(ms, mt)


def dominated_same_element(a: Statement, b: Statement) -> bool:
    """Whether every instance of ``b`` touches the element that the
    instance of ``a`` in the same iteration of ``a``'s loops (a prefix of
    ``b``'s) touched: ``a`` before ``b`` in an enclosing block, the same
    memref, and ``a`` run in each such iteration."""
    if _memref(a) is not _memref(b) or a.op.name in _VECTOR_ACCESSES and b.op.name not in _VECTOR_ACCESSES:
        return False
    k = len(a.loops)
    if len(b.loops) < k or any(x is not y for x, y in zip(a.loops, b.loops[:k], strict=False)):
        return False
    proj = ib.prefix_projection(b.domain, a.domain)
    return bool(proj.apply_range(a.accesses[0].relation).is_equal(b.accesses[0].relation))


_AFFINE_REGIONS = ("affine.for", "affine.if", "affine.parallel")


def _depth(s: Statement, block: Block) -> int:
    """How many of ``s``'s loops enclose ``block``."""
    owner = block.parent_op
    if owner is None:
        return 0
    return sum(1 for lp in s.loops if lp.op is owner or lp.op.is_proper_ancestor_of(owner))


def nearest_before(eff: _Effects, s: Statement, erased: set, match: Callable[[Operation], bool]) -> Operation | None:
    """The nearest op that runs before ``s`` on every path to it and that
    ``match`` accepts: in ``s``'s block, then in the blocks of the affine
    ops around it (which it dominates), provided nothing between may write
    the element ``s`` touches (exact), including other iterations of a loop
    left on the way up. None where a write may, where code outside the
    model runs between, or at the edge of a non-affine region (as upstream,
    values are not forwarded across scopes)."""
    cur = s.op
    while True:
        block = cur.parent
        if block is None:
            return None
        n = _depth(s, block)
        ops = block.operations
        for prev in reversed(ops[: ops.index(cur)]):
            if prev in erased:
                continue
            if match(prev):
                return prev
            _, writes, opaque = eff.of(prev)
            if opaque or any(w.op not in erased and conflicts(s, w, n) for w in writes):
                return None
        owner = block.parent_op
        if owner is None or owner.name not in _AFFINE_REGIONS or owner.parent is None:
            return None
        if not isinstance(owner, AffineIfOp):
            # The loop's other iterations run between: any write in it counts.
            _, writes, opaque = eff.of(owner)
            n_out = _depth(s, owner.parent)
            if opaque or any(w.op not in erased and conflicts(s, w, n_out) for w in writes):
                return None
        cur = owner


def _fmt(t: Sequence[int]) -> str:
    return "(" + ", ".join(str(x) for x in t) + ")"


# -- affine-scalrep -------------------------------------------------------------------------------


@dataclass
class ScalrepStats:
    forwarded: int = 0
    dead_stores: int = 0
    redundant_loads: int = 0
    buffers: int = 0
    notes: list[str] = field(default_factory=list)


class _Effects:
    """Per op of a block: the modelled reads and writes nested in it, and
    whether it holds effects outside the model."""

    def __init__(self, model: PolyhedralModel):
        self.by_op = {s.op: s for s in model.statements}

    def of(self, op: Operation) -> tuple[list[Statement], list[Statement], bool]:
        reads: list[Statement] = []
        writes: list[Statement] = []
        opaque = False
        for x in op.walk():
            s = self.by_op.get(x)
            if s is not None:
                (writes if s.accesses[0].kind == "write" else reads).append(s)
            elif x.name not in _STRUCTURAL and not is_effect_free(x):
                opaque = True
        return reads, writes, opaque


def _between_clear(eff: _Effects, ops: Sequence[Operation], s: Statement, kinds: str, erased: set) -> bool:
    """Whether no op of ``ops`` may ``kinds`` ("write" or "read") the element
    ``s`` touches in the same iteration (exact), and none is opaque."""
    n = len(s.loops)
    for o in ops:
        if o in erased:
            continue
        reads, writes, opaque = eff.of(o)
        if opaque:
            return False
        for t in writes if kinds == "write" else reads:
            if t.op in erased:
                continue
            if conflicts(s, t, n):
                return False
    return True


def _blocks(op: Operation) -> list[Block]:
    out: list[Block] = []
    for x in op.walk(post_order=False):
        for r in x.regions:
            out.extend(r.blocks)
    return out


def scalrep(func: Operation) -> ScalrepStats:
    """Upstream ``affine-scalrep`` on ``func``, exact."""
    stats = ScalrepStats()
    model = analyze(func)
    eff = _Effects(model)
    by_op = eff.by_op
    erased: set[Operation] = set()
    forwarded_memrefs: list[Value] = []

    def is_load(o: Operation) -> bool:
        return isinstance(o, (AffineLoadOp, AffineVectorLoadOp)) and o in eff.by_op

    def is_store(o: Operation) -> bool:
        return isinstance(o, (AffineStoreOp, AffineVectorStoreOp)) and o in eff.by_op

    # 1. Store-to-load forwarding, from the nearest store that dominates
    # the load and writes its element in every iteration.
    for ld in [o for o in func.walk() if is_load(o)]:
        sl = by_op[ld]

        def writes_it(prev: Operation, sl: Statement = sl) -> bool:
            return is_store(prev) and dominated_same_element(by_op[prev], sl)

        st = nearest_before(eff, sl, erased, writes_it)
        if st is not None and st.operands[0].type == ld.results[0].type:
            ld.results[0].replace_all_uses_with(st.operands[0])
            erased.add(ld)
            forwarded_memrefs.append(_memref(sl))
            stats.forwarded += 1
    _erase_all(erased)
    # 2. Dead stores: overwritten later in the block, not read in between.
    erased = set()
    for block in _blocks(func):
        ops = list(block.operations)
        for i, st in enumerate(ops):
            if not is_store(st) or st in erased:
                continue
            ss = by_op[st]
            for j in range(i + 1, len(ops)):
                nxt = ops[j]
                if (
                    is_store(nxt)
                    and nxt not in erased
                    and nxt.operands[0].type == st.operands[0].type  # a narrower vector leaves lanes
                    and same_element_always(ss, by_op[nxt])
                ):
                    if _between_clear(eff, ops[i + 1 : j], ss, "read", erased):
                        erased.add(st)
                        stats.dead_stores += 1
                    break
                reads, _, opaque = eff.of(nxt)
                if opaque or any(r.op not in erased and conflicts(ss, r, len(ss.loops)) for r in reads):
                    break
    _erase_all(erased)
    # 3. Local buffers left with stores only.
    for m in dict.fromkeys(forwarded_memrefs):
        d = getattr(m, "owner", None)
        if not isinstance(d, Operation) or d.name not in ("memref.alloc", "memref.alloca", "gpu.alloc"):
            continue
        if len(d.results) != 1:
            continue  # an async gpu.alloc: its token orders other work
        users = m.users
        if all(
            (isinstance(u, (AffineStoreOp, AffineVectorStoreOp)) and u.operands[0] is not m)
            or (u.name in ("memref.dealloc", "gpu.dealloc") and not u.results)
            for u in users
        ):
            for u in users:
                u.erase()
            d.erase()
            stats.buffers += 1
    # 4. Redundant loads: a dominating load of the same element, no write between.
    erased = set()
    model = analyze(func)
    eff = _Effects(model)
    by_op = eff.by_op
    for ld in [o for o in func.walk(post_order=False) if is_load(o)]:
        sl = by_op[ld]

        def reads_it(prev: Operation, sl: Statement = sl) -> bool:
            return is_load(prev) and dominated_same_element(by_op[prev], sl)

        first = nearest_before(eff, sl, erased, reads_it)
        if first is not None and first.results[0].type == ld.results[0].type:
            ld.results[0].replace_all_uses_with(first.results[0])
            erased.add(ld)
            stats.redundant_loads += 1
    _erase_all(erased)
    return stats


def _erase_all(ops: set[Operation]) -> None:
    for o in ops:
        if o.parent is not None:
            o.erase()


# -- the scalar_replace primitive ----------------------------------------------------------------


@dataclass
class Group:
    """The accesses at the top level of a loop body to one loop-invariant
    element, in body order (at least one store)."""

    accesses: list[Statement]

    @property
    def first(self) -> Statement:
        return self.accesses[0]

    @property
    def store(self) -> Statement:
        return next(s for s in self.accesses if s.accesses[0].kind == "write")


def _element(o: AffineLoadOp | AffineStoreOp) -> tuple[AffineMap, list[Value]]:
    """The map and operands of an access, the ``affine.apply`` ops that
    produce its indices composed in."""
    return fully_compose(o.map.value, list(o.indices))


def invariant_groups(model: PolyhedralModel, loop: Loop) -> list[Group]:
    """Groups of must-alias accesses to loop-invariant elements directly in
    ``loop``'s body, each with a store."""
    body = loop.op.regions[0].blocks[0]
    by_op = {s.op: s for s in model.statements}
    groups: list[Group] = []
    for o in body.operations:
        if not isinstance(o, (AffineLoadOp, AffineStoreOp)) or o not in by_op:
            continue
        # An unrolled-and-jammed copy indexes through an affine.apply made
        # in the body (``i + 1``): what it composes to decides.
        if any(defined_inside(v, loop.op) for v in _element(o)[1]):
            continue
        s = by_op[o]
        for g in groups:
            if same_element_always(g.first, s):
                g.accesses.append(s)
                break
        else:
            groups.append(Group([s]))
    return [g for g in groups if any(s.accesses[0].kind == "write" for s in g.accesses)]


def scalar_replace_verdict(model: PolyhedralModel, loop: Loop) -> Verdict:
    """Whether the loop-invariant elements stored in ``loop`` can be carried
    in iter_args: no other access inside ``loop`` may touch them."""
    name = loop_name(loop)
    what = f"scalar-replace in loop {name}"
    if not isinstance(loop.op, AffineForOp):
        return Verdict(False, f"cannot {what}: it is an {loop.op.name}, not an affine.for", op=loop.op)
    bad = model_problem(model, [loop], what)
    if bad is not None:
        return bad
    groups = invariant_groups(model, loop)
    if not groups:
        return Verdict(
            False,
            f"cannot {what}: no element that does not depend on {name} is stored directly in its body",
            op=loop.op,
        )
    members = {s for g in groups for s in g.accesses}
    inner = [s for s in model.statements if loop.op.is_proper_ancestor_of(s.op) and s not in members]
    for g in groups:
        st = g.store
        for t in inner:
            hit = may_touch(st, t, loop.depth)
            if hit is not None:
                at = f" (e.g. at iteration {_fmt(hit[1])})" if hit[1] else ""
                return Verdict(
                    False,
                    f"cannot {what}: {t.op.name} at {t.loc} may access the element that "
                    f"{st.op.name} at {st.loc} updates{at}",
                    op=loop.op,
                )
    # Jammed copies share their original's location: name each place once.
    places = [f"{g.store.op.name} at {g.store.loc}" for g in groups]
    elems = ", ".join(p if n == 1 else f"{p} (x{n})" for p, n in Counter(places).items())
    return Verdict.legal(f"{what}: no other access in {name} touches the elements of {elems}")


def scalar_replace(model: PolyhedralModel, loop: Loop) -> Operation:
    """Carry each loop-invariant element stored in ``loop`` in iter_args (call
    after a legal verdict: only what cannot be done is checked here);
    returns the new loop."""
    what = f"scalar-replace in loop {loop_name(loop)}"
    if not isinstance(loop.op, AffineForOp):
        raise TransformError(f"cannot {what}: it is an {loop.op.name}, not an affine.for", loop.op)
    groups = invariant_groups(model, loop)
    if not groups:
        raise TransformError(f"cannot {what}: no loop-invariant element is stored directly in its body", loop.op)
    old = loop.op
    assert isinstance(old, AffineForOp), "checked by name above"
    block = old.parent
    assert block is not None
    guard_set = None
    if may_be_empty(model, loop):
        guard_set = _Nest(model, loop).set([u - lb - 1 for lb in loop.lbs for u in loop.ubs])
    # Where each element is: the store's memref, indices and map.
    where = []
    for g in groups:
        st = g.store.op
        assert isinstance(st, AffineStoreOp), "a group's store is an affine.store"
        amap, idx = _element(st)
        where.append((st.memref, idx, amap, st.loc))
    # Initial values, loaded before the loop.
    inits: list[Value] = []
    for g, (memref, idx, amap, _) in zip(groups, where, strict=True):
        first = g.first.op
        elem = T.shaped(memref.type).element_type
        if guard_set is None:
            ld = AffineLoadOp.build(memref, idx, amap, loc=first.loc)
            block.insert_before(old, ld)
            inits.append(ld.results[0])
        else:
            cond, cops = guard_set
            gif = AffineIfOp.build(cond, cops, [elem], loc=first.loc)
            block.insert_before(old, gif)
            ld = AffineLoadOp.build(memref, idx, amap, loc=first.loc)
            gif.regions[0].blocks[0].append(ld)
            gif.regions[0].blocks[0].append(AffineYieldOp.build([ld.results[0]], loc=first.loc))
            zero = _zero(elem, first)
            gif.regions[1].blocks[0].append(zero)
            gif.regions[1].blocks[0].append(AffineYieldOp.build([zero.results[0]], loc=first.loc))
            inits.append(gif.results[0])
    # The loop with more iter_args: a new op around the old body.
    lbs, ubs, old_inits = old._operand_groups()
    new = AffineForOp.build(
        old.lowerBoundMap.value, old.upperBoundMap.value, old.step.value, lbs, ubs, [*old_inits, *inits], loc=old.loc
    )
    block.insert_before(old, new)
    nbody, obody = new.body, old.body
    for a, na in zip(obody.arguments, nbody.arguments, strict=False):
        na.name_hint = a.name_hint
        a.replace_all_uses_with(na)
    nold = len(old_inits)
    term = obody.operations[-1]
    for o in obody.operations[:-1]:
        o.detach()
        nbody.append(o)
    finals: list[Value] = []
    for g, arg in zip(groups, nbody.arguments[1 + nold :], strict=True):
        cur: Value = arg
        for s in g.accesses:
            if s.accesses[0].kind == "read":
                s.op.results[0].replace_all_uses_with(cur)
            else:
                cur = s.op.operands[0]
        for s in g.accesses:
            s.op.erase()
        finals.append(cur)
    nbody.append(AffineYieldOp.build([*term.operands, *finals], loc=term.loc))
    for r, nr in zip(old.results, new.results, strict=False):
        r.replace_all_uses_with(nr)
    old.erase()
    # Final values, stored after the loop.
    anchor: Operation = new
    for (memref, idx, amap, loc), res in zip(where, new.results[nold:], strict=True):
        store = AffineStoreOp.build(res, memref, idx, amap, loc=loc)
        if guard_set is None:
            block.insert_after(anchor, store)
            anchor = store
        else:
            cond, cops = guard_set
            gif = AffineIfOp.build(cond, cops, loc=loc)
            block.insert_after(anchor, gif)
            gif.regions[0].blocks[0].insert(0, store)
            anchor = gif
    return new


def _zero(t: T.Type, near: Operation) -> Operation:
    if isinstance(t, T.FloatType):
        c = ConstantOp.of(A.FloatAttr(0.0, t))
    else:
        c = ConstantOp.of(A.IntegerAttr(0, t))
    c.loc = near.loc
    return c
