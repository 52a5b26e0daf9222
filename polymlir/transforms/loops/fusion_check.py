"""The exact check of a slice-based fusion: the fusion is made on a copy of
the function, whose statement instances are related to the original's
(a statement of the sliced copy stands for its source statement at the
source iteration its own loops run), and the two programs' exact dataflow
is compared (``isl_bridge.equivalence``). Ops with unknown effects that
reach no memref are modelled as reading and writing one token, so they
keep their order and their number of executions; other code outside the
model may not be moved across the accesses of the memrefs it can reach.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ...affine import isl_bridge as ib
from ...affine.model import TOKEN, PolyhedralModel, Statement, analyze, op_loc
from ...dialects.func import ReturnOp
from ...dialects.memref import AllocaOp, AllocOp, DeallocOp
from ...ir import types as T
from ...ir.affine_flatten import flatten
from ...ir.core import Operation, OpResult, Value
from ...ir.interfaces import EffectKind, affine_access, is_affine_read, is_affine_write, memory_effects
from .fusion_graph import effected
from .fusion_slice import Polyhedra, SliceState

ALLOCS = (AllocOp, AllocaOp)


@dataclass
class Translation:
    """Where the ops and values of the function are in the copy a fusion
    is tried on (the identity for the function itself), and what each op
    of the copy stands for in the original."""

    ops: dict[Operation, Operation] = field(default_factory=dict)
    values: dict[Value, Value] = field(default_factory=dict)
    origin: dict[Operation, Operation] = field(default_factory=dict)
    private: list[Value] = field(default_factory=list)
    poly: Polyhedra | None = None
    identity: bool = False

    def op(self, o: Operation) -> Operation:
        return o if self.identity else self.ops[o]

    def value(self, v: Value) -> Value:
        return v if self.identity else self.values.get(v, v)

    def record_clone(self, pairs: list[tuple[Operation, Operation]]) -> None:
        """``(original op in the target, its clone)``: the clone stands for
        what the original stands for."""
        if self.identity:
            return
        for a, b in pairs:
            self.origin[b] = self.origin.get(a, a)

    def slice(self, st: SliceState) -> SliceState:
        if self.identity:
            return st
        return SliceState(
            ivs=[self.op(o) for o in st.ivs],
            lbs=st.lbs,
            ubs=st.ubs,
            operands=[self.value(v) for v in st.operands],
            insert_before=self.op(st.insert_before) if st.insert_before is not None else None,
            depth=st.depth,
        )


def identity_translation(poly: Polyhedra) -> Translation:
    return Translation(poly=poly, identity=True)


@dataclass(frozen=True)
class Check:
    ok: bool
    reason: str = ""


def check_fusion(func: Operation, root: Operation, build: Callable[[Translation], None]) -> Check:
    """Apply ``build`` to a copy of ``func`` and compare the copy of
    ``root`` (the op whose regions the fusion changes) with ``root``
    exactly (``func`` is left unchanged)."""
    values: dict = {}
    trial = func.clone(values)
    tr = Translation(values=values, poly=None)
    for a, b in zip(func.walk(post_order=False), trial.walk(post_order=False), strict=True):
        tr.ops[a] = b
        tr.origin[b] = a
    tr.poly = Polyhedra(tr.ops[root])
    inexact = inexact_vector_accesses(root)
    if inexact is not None:
        return Check(False, inexact)
    try:
        build(tr)
    except Exception as e:  # noqa: BLE001 - a rewrite that cannot be made is a refusal
        return Check(False, f"the fusion could not be made: {e}")
    for m in tr.private:
        if any(_vector_shape(u.owner) is not None for u in m.uses):
            return Check(
                False, "a private buffer would hold vector accesses, which the check models by their first element only"
            )
    inverse = {v: k for k, v in values.items() if isinstance(k, Value)}
    try:
        return _compare(root, tr.ops[root], tr, inverse)
    except ib.IslBridgeError as e:
        return Check(False, f"the fused program could not be checked exactly: {e}")


def _vector_shape(op: Operation) -> tuple[int, ...] | None:
    """The shape of the vector an affine access moves, None for a scalar
    access (or an op that is not an affine access)."""
    acc = affine_access(op)
    if acc is None or acc.value is None or not isinstance(acc.value.type, T.VectorType):
        return None
    return acc.value.type.shape


def _aligned(op: Operation, shape: tuple[int, ...]) -> bool:
    """Whether each start index of ``op`` along the dims its vector spans is
    a multiple of the vector's extent there, whatever its operands are."""
    acc = affine_access(op)
    assert acc is not None
    m = acc.map
    for e, v in zip(m.results[len(m.results) - len(shape) :], shape, strict=True):
        flat = flatten(e, m.num_dims, m.num_symbols)
        if flat is None or flat[1] or any(c % v for c in flat[0]):
            return False
    return True


def inexact_vector_accesses(root: Operation) -> str | None:
    """Why the exact check cannot be trusted on ``root`` (None if it can).
    The model takes a vector access for its first element. On a memref that
    something writes, that is exact only when every access of it within
    ``root`` moves a vector of one shape from a start aligned to that shape
    (the vectors then tile the memref and stand for their first elements
    one to one); a memref accessed otherwise is refused."""
    by_memref: dict[Value, list[Operation]] = {}
    for op in root.walk(post_order=False):
        acc = affine_access(op)
        if acc is not None and acc.kind is not None:
            by_memref.setdefault(acc.memref, []).append(op)
    for ops in by_memref.values():
        shapes = {_vector_shape(o) for o in ops}
        if shapes == {None} or not any(is_affine_write(o) for o in ops):
            continue
        if len(shapes) > 1:
            kinds = sorted("scalar" if sh is None else "vector<" + "x".join(map(str, sh)) + ">" for sh in shapes)
            return f"one written memref is accessed as {' and '.join(kinds)}, which the check cannot compare exactly"
        shape = next(iter(shapes))
        assert shape is not None
        bad = next((o for o in ops if not _aligned(o, shape)), None)
        if bad is not None:
            where = op_loc(bad)
            return f"the vector access at {where} does not start at a multiple of its shape: not comparable exactly"
    return None


def _observable(memref: Value) -> bool:
    """Whether other code than the modelled accesses may see ``memref``'s
    contents after the function (or during it)."""
    if memref is TOKEN:
        return True
    owner = memref.owner if isinstance(memref, OpResult) else None
    if owner is None or not isinstance(owner, ALLOCS):
        return True
    for u in memref.uses:
        if not (is_affine_read(u.owner) or is_affine_write(u.owner) or isinstance(u.owner, DeallocOp)):
            return True
    return False


def _aliasable(memref: Value) -> bool:
    """Whether code outside the model may hold ``memref`` (or an alias of
    it) while the function runs: anything but a local allocation used only
    by affine accesses, deallocations and the function's return."""
    owner = memref.owner if isinstance(memref, OpResult) else None
    if owner is None or not isinstance(owner, ALLOCS):
        return True
    for u in memref.uses:
        o = u.owner
        if not (is_affine_read(o) or is_affine_write(o) or isinstance(o, (DeallocOp, ReturnOp))):
            return True
    return False


def _compare(func: Operation, trial: Operation, tr: Translation, inverse: dict[Value, Value]) -> Check:
    m0 = analyze(func, tokens=True)
    m1 = analyze(trial, tokens=True)
    problem = _non_affine_problem(m0, m1, tr, inverse)
    if problem is not None:
        return Check(False, problem)
    # Names: F0 keeps its own; F1's statements become T<k>, its arrays and
    # parameters take the names of the values they stand for.
    arr0 = dict(m0.arrays)
    arr_names: dict[str, str] = {}
    private: list[str] = []
    for v, name in m1.arrays.items():
        orig = v if v is TOKEN else inverse.get(v)
        if orig is not None and orig in arr0:
            arr_names[name] = arr0[orig]
        else:
            arr_names[name] = f"P_{name}"
            private.append(f"P_{name}")
    param_names: dict[str, str] = {}
    p0 = {id(v): n for v, n in zip(m0.params, m0.param_names, strict=True)}
    for pv, n in zip(m1.params, m1.param_names, strict=True):
        porig = inverse.get(pv) if isinstance(pv, Value) else None
        param_names[n] = p0.get(id(porig), f"q_{n}") if porig is not None else f"q_{n}"
    params0 = {n: n for n in m0.param_names}

    def fix1(m):
        m = ib.rename_params(m, param_names)
        m = ib.rename_tuple(m, ib.DIM_OUT, arr_names)
        return m

    names1 = {s.name: f"T{s.name[1:]}" for s in m1.statements}

    def stmt1(m):
        return ib.rename_tuple(fix1(m), ib.DIM_IN, names1)

    reads0 = [ib.rename_params(a.relation, params0) for s in m0.statements for a in s.accesses if a.kind == "read"]
    writes0 = [a.relation for s in m0.statements for a in s.accesses if a.kind == "write"]
    sched0 = [s.schedule for s in m0.statements]
    reads1 = [stmt1(a.relation) for s in m1.statements for a in s.accesses if a.kind == "read"]
    writes1 = [stmt1(a.relation) for s in m1.statements for a in s.accesses if a.kind == "write"]
    # An op of unknown effects without memref operands may still reach,
    # through aliases, every memref other code may hold: it reads and writes
    # all of each (so its instances keep their order with every access).
    visible0 = [v for v in m0.arrays if v is not TOKEN and _aliasable(v)]
    extra0 = _opaque_accesses(m0, visible0, tr.origin, identity=True)
    visible1 = [v for v in m1.arrays if inverse.get(v) in visible0]
    extra1 = [stmt1(r) for r in _opaque_accesses(m1, visible1, tr.origin, identity=False)]
    reads0 += [ib.rename_params(r, params0) for r in extra0]
    writes0 += extra0
    reads1 += extra1
    writes1 += extra1
    sched1 = [stmt1(s.schedule) for s in m1.statements]
    phi = []
    for s in m1.statements:
        o0 = tr.origin.get(s.op)
        s0 = _stmt(m0, o0) if o0 is not None else None
        if s0 is None:
            return Check(False, f"{s.op.name} at {op_loc(s.op)} stands for no op of the original")
        positions = _positions(s0, s, tr)
        if positions is None:
            return Check(False, f"the instances of {s.op.name} at {op_loc(s.op)} cannot be related to the original's")
        dom = ib.rename_tuple(fix1(s.domain.identity()), ib.DIM_IN, names1).domain()
        phi.append(ib.instance_map(dom, s0.name, positions))
    observable = [arr0[v] for v in arr0 if _observable(v)]
    uninit = [arr0[v] for v in arr0 if not _observable(v)]
    why = ib.compare_dataflow(reads0, writes0, sched0, reads1, writes1, sched1, phi, observable, private, uninit)
    if why is None:
        return Check(True)
    tok = arr0.get(TOKEN)
    if tok is not None:

        def drop(maps):
            return [m for m in maps if m.get_tuple_name(ib.DIM_OUT) != tok]

        again = ib.compare_dataflow(
            drop(reads0), drop(writes0), sched0, drop(reads1), drop(writes1), sched1, phi, observable, private, uninit
        )
        if again is None:
            ops = sorted({f"{s.op.name} at {op_loc(s.op)}" for s in m0.statements if s.accesses[0].memref is TOKEN})
            return Check(
                False,
                "it would reorder or repeat ops with unknown effects ("
                + ", ".join(ops[:4])
                + (", ..." if len(ops) > 4 else "")
                + ")",
            )
    return Check(False, f"the fused program would differ: {_explain(why, m0, m1, names1)}")


def _explain(why: str, m0: PolyhedralModel, m1: PolyhedralModel, names1: dict[str, str]) -> str:
    """``why`` with statement names replaced by the ops they are; a read
    that would see another write names both ops (the dependence the fusion
    would break)."""
    by = {s.name: s for s in m0.statements}
    back = {v: k for k, v in names1.items()}
    by1 = {s.name: s for s in m1.statements}

    def op_of(word: str) -> str | None:
        if word in by:
            s = by[word]
            return f"{s.op.name} at {op_loc(s.op)}"
        if word in back:
            s1 = by1[back[word]]
            return f"{s1.op.name} at {op_loc(s1.op)}"
        return None

    head, _, rest = why.partition(" ")
    subject = op_of(head)
    if subject is None:
        return why
    inside = [w for w in (op_of(n) for n in _STMT_NAME.findall(rest)) if w is not None]
    if rest.startswith(_OTHER_WRITE) and len(inside) == 2:
        writer, reader = inside
        sample = rest[len(_OTHER_WRITE) :].strip().removeprefix("(").removesuffix(")")
        return (
            f"{reader} would read the value {writer} writes in another iteration than in the original, "
            f"breaking the dependence between them (writer -> reader: {sample})"
        )
    return f"{subject} {rest}"


_STMT_NAME = re.compile(r"\b([ST]\d+)\[")
_OTHER_WRITE = "reads a value written by a different instance"


def _stmt(m: PolyhedralModel, op: Operation) -> Statement | None:
    for s in m.statements:
        if s.op is op:
            return s
    return None


def _positions(s0: Statement, s1: Statement, tr: Translation) -> list[int] | None:
    """For each loop of ``s0`` (original), the position of the loop of
    ``s1`` standing for it."""
    out = []
    for lp in s0.loops:
        found = None
        for k, lq in enumerate(s1.loops):
            if tr.origin.get(lq.op) is lp.op and lq.index == lp.index:
                found = k
                break
        if found is None:
            return None
        out.append(found)
    return out


def _reach(op: Operation) -> tuple[list[Value], list[Value]]:
    """The memrefs a non-affine op (with the ops it holds) may read, and
    those it may write or free."""
    reads: list[Value] = []
    writes: list[Value] = []
    for o in op.walk(post_order=False):
        acc = affine_access(o)
        if acc is not None and acc.is_read:
            reads.append(acc.memref)
        elif acc is not None and acc.is_write:
            writes.append(acc.memref)
        else:
            reads += effected(o, 0)
            writes += effected(o, 1) + effected(o, 2)
    return reads, writes


def _non_affine_problem(m0: PolyhedralModel, m1: PolyhedralModel, tr: Translation, inverse) -> str | None:
    """Why the code outside the model might see the fusion (None if it
    cannot): such code must not be copied or dropped, and must keep its
    order with the accesses of the memrefs it may reach."""
    seen: dict[Operation, Operation] = {}
    for na in m1.non_affine:
        if isinstance(na.op, ALLOCS):
            continue
        o0 = tr.origin.get(na.op)
        if o0 is None or o0 in seen:
            return f"{na.op.name} at {op_loc(na.op)} (outside the affine model: {na.reason}) would be copied"
        seen[o0] = na.op
    for na in m0.non_affine:
        if na.op not in seen and not isinstance(na.op, ALLOCS):
            return f"{na.op.name} at {op_loc(na.op)} (outside the affine model: {na.reason}) would be dropped"
    pairs: list[tuple[Operation, Operation, list[Value], list[Value]]]
    pairs = [(o0, o1, *_reach(o0)) for o0, o1 in seen.items()]
    for o0, o1, reads, writes in pairs:
        for s1 in m1.statements:
            mem = s1.accesses[0].memref
            orig = inverse.get(mem, None)
            if mem is TOKEN or orig is None:
                continue
            s_writes = any(a.kind == "write" for a in s1.accesses)
            if not (any(orig is w for w in writes) or (s_writes and any(orig is r for r in reads))):
                continue
            s0_op = tr.origin.get(s1.op)
            if s0_op is None:
                continue
            b0 = _before(s0_op, o0)
            b1 = _before(s1.op, o1)
            if b0 is None and b1 is None and _unmoved(s0_op, s1.op, tr):
                continue
            if b0 is None or b1 is None:
                return (
                    f"{o0.name} at {op_loc(o0)} is outside the affine model and sits in a nest the fusion "
                    f"changes, with {s1.op.name} at {op_loc(s1.op)}"
                )
            if b0 != b1:
                return (
                    f"{s1.op.name} at {op_loc(s1.op)} would move across {o0.name} at {op_loc(o0)}, "
                    "which is outside the affine model and may access the same memory"
                )
            # The same order in their innermost common block is the same
            # order of all their instances only if the same loops (and other
            # ops) hold both: a fused loop around both interleaves them.
            common1 = [tr.origin.get(x, x) for x in _common_ancestors(s1.op, o1, m1.func)]
            if common1 != _common_ancestors(s0_op, o0, m0.func):
                return (
                    f"{s1.op.name} at {op_loc(s1.op)} would interleave with {o0.name} at {op_loc(o0)}, "
                    "which is outside the affine model and may access the same memory"
                )
    return None


def _opaque_accesses(m: PolyhedralModel, arrays: list[Value], origin: dict, identity: bool) -> list:
    """``{ S[i] -> A[e] : e >= 0 }`` for each TOKEN statement ``S`` of ``m``
    whose op may touch memory it does not name, and each array ``A`` of
    ``arrays`` (all of its elements, at the rank its accesses use)."""
    ranks: dict[Value, int] = {}
    for s in m.statements:
        for a in s.accesses:
            if a.memref is not TOKEN:
                ranks.setdefault(a.memref, a.relation.dim(ib.DIM_OUT))
    out = []
    for s in m.statements:
        if s.accesses[0].memref is not TOKEN:
            continue
        op = s.op if identity else origin.get(s.op, s.op)
        if not _may_touch_memory(op):
            continue
        n = s.domain.dim(ib.DIM_SET)
        for v in arrays:
            rel = ib.whole_array_relation(
                [f"i{k}" for k in range(n)], m.param_names, s.name, m.arrays[v], [None] * ranks[v]
            )
            out.append(rel.intersect_domain(s.domain))
    return out


def _may_touch_memory(op: Operation) -> bool:
    """Whether ``op`` may read, write or free memory it does not name
    (unknown effects, or effects on no value other than allocations)."""
    own = memory_effects(op)
    if own is None:
        return True
    return any(e.value is None and e.kind is not EffectKind.ALLOC for e in own)


def _common_ancestors(a: Operation, b: Operation, root: Operation) -> list[Operation]:
    """The ops inside ``root`` holding both ``a`` and ``b``, outermost first."""
    ca, cb = _chain(a), _chain(b)
    ca, cb = ca[ca.index(root) + 1 : -1], cb[cb.index(root) + 1 : -1]
    out = []
    for x, y in zip(ca, cb, strict=False):
        if x is not y:
            break
        out.append(x)
    return out


def _unmoved(op0: Operation, op1: Operation, tr: Translation) -> bool:
    """``op1`` is the copy of ``op0`` in the same place (every ancestor the
    copy of the original's, at the same position)."""
    c0, c1 = _chain(op0), _chain(op1)
    if len(c0) != len(c1):
        return False
    for a, b in zip(c0, c1, strict=True):
        if tr.ops.get(a) is not b:
            return False
        if a.parent is not None and b.parent is not None:
            if a.parent.operations.index(a) != b.parent.operations.index(b):
                return False
    return True


def _chain(op: Operation) -> list[Operation]:
    out = [op]
    cur = op.parent_op
    while cur is not None:
        out.append(cur)
        cur = cur.parent_op
    return out[::-1]


def _before(a: Operation, b: Operation) -> bool | None:
    """Whether ``a`` comes before ``b`` in the innermost block holding both
    (their ancestors there); None when one holds the other."""
    ca, cb = _chain(a), _chain(b)
    k = 0
    while k < min(len(ca), len(cb)) and ca[k] is cb[k]:
        k += 1
    if k == len(ca) or k == len(cb):
        return None
    x, y = ca[k], cb[k]
    if x.parent is not y.parent or x.parent is None:
        return None
    ops = x.parent.operations
    return ops.index(x) < ops.index(y)
