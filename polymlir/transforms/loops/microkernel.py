"""Register tiling of a contraction: the BLIS micro-kernel from our own primitives.

    v = microkernel_verdict(model, band, mr=6, nv=4, kc=256)
    if v.ok: register_tile(model, band, mr=6, nv=4, kc=256)

A *contraction band* is a perfect nest of two or three ``affine.for`` loops
with constant bounds whose body accumulates into one element:
``W[.., i, .., j] = W[.., i, .., j] + e(i, j, k)`` where ``k`` (the
reduction loop) does not index ``W``, ``j`` (the vector loop) is ``W``'s last
index with coefficient 1, and ``i`` (the row loop, absent in a band of two)
indexes ``W`` alone in one position. Every other load reads a memref the band
does not write, either contiguously along ``j`` (``B[k, j]``) or not at all
along ``j`` (``A[i, k]``). gemm, 2mm, 3mm and doitgen have such bands once
their initializations are distributed away.

The rewrite, for ``mr`` rows and ``nv`` vectors of the host's width:

    for kt in [Lk, Uk) step kc:                  # only when kc < the k extent
      for jo in full j tiles, step nv*lanes:
        for io in full i tiles, step mr:
          acc[r][v] = W[io + r, jo + v*lanes : +lanes]      # vector loads
          for k in [kt, min(kt + kc, Uk)):                  # accumulators in registers
            acc[r][v] = acc[r][v] + e(io + r, jo + v*lanes, k)   # (fma when contracted)
          W[...] = acc[r][v]
        for i in the last rows: the same with one row
    the j columns left over: the original loops over them

It is legal exactly when the band is permutable (the exact dependence
analysis is asked, and its refusal names the dependence) and the body has
the form above, which guarantees that only iterations with the same
``(i, j)`` touch the same element of ``W``: then the new order (a tiling of
a permutable band with ``k`` outside the point loops ``i``, ``j``) keeps every
dependence, vectorizing ``j`` and unrolling ``i`` reorder only independent
iterations, and each accumulator sees its additions in the original order
of ``k``. Without ``fma`` the result is bit-identical to the original; with
it, ``a * b + acc`` becomes one rounding (``vector.fma``), as clang's default
``-ffp-contract=on`` does within an expression.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...affine.legality import Verdict, permutability
from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp, AffineYieldOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineExpr, const, dim, sym
from ...ir.affine_flatten import flatten
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Operation, Value
from .loop_utils import as_for, body_ops, perfect_band_problem
from .parallelize import convert_to_parallel
from .tile import model_problem

__all__ = ["Contraction", "contraction", "microkernel_verdict", "register_tile"]

_ARITH = {"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf", "arith.minimumf", "arith.negf"}


@dataclass
class Access:
    """A load of the band's body: its op and, per index, the coefficients of
    the band's IVs (the rest are values from outside the band)."""

    op: Operation
    coeffs: list[dict[Value, int]]


@dataclass
class Contraction:
    """The roles of a contraction band's loops and the parts of its body."""

    band: list[Loop]
    i: Loop | None
    j: Loop
    k: Loop
    store: Operation
    acc_load: Operation
    update: Operation  # the arith.addf of the accumulator and the increment
    increment: Value
    ops: list[Operation] = field(default_factory=list)
    bounds: dict[Value, tuple[int, int]] = field(default_factory=dict)  # IV -> [lo, hi)

    @property
    def element(self) -> T.Type:
        t = self.store.operands[0].type
        return t

    def extent(self, lp: Loop) -> int:
        assert lp.iv is not None
        lo, hi = self.bounds[lp.iv]
        return hi - lo


def _index_coeffs(op: Operation, ivs: set[Value]) -> list[dict[Value, int]] | str:
    """Per index of an affine access, the coefficient of each band IV."""
    amap: AffineMap = op.prop("map", A.AffineMapAttr).value
    operands = list(op.operands[2:] if op.name == "affine.store" else op.operands[1:])
    out = []
    for e in amap.results:
        flat = flatten(e, amap.num_dims, amap.num_symbols)
        if flat is None or flat[1]:
            return f"index {e} of {op.name} is not a plain affine function"
        coeffs, _locals = flat
        row: dict[Value, int] = {}
        for pos, v in enumerate(operands):
            c = coeffs[pos]
            if v in ivs and c:
                if pos >= amap.num_dims:
                    return f"{op.name} uses a loop IV as a symbol"
                row[v] = row.get(v, 0) + c
        out.append(row)
    return out


def contraction(band: Sequence[Loop]) -> Contraction | str:
    """The band's roles when it is a contraction band, else why not."""
    if len(band) not in (2, 3):
        return f"a contraction band has 2 or 3 loops, got {len(band)}"
    problem = perfect_band_problem(band)
    if problem is not None:
        return problem
    bounds: dict[Value, tuple[int, int]] = {}
    for lp in band:
        fo = as_for(lp.op)
        cb = fo.constant_bounds()
        if cb is None or lp.step != 1:
            return f"loop {loop_name(lp)} needs constant bounds and step 1"
        bounds[fo.induction_var] = cb
    ivs = set(bounds)
    inner = as_for(band[-1].op)
    ops = body_ops(inner)
    stores = [o for o in ops if o.name == "affine.store"]
    if len(stores) != 1:
        return f"the body must store once, it stores {len(stores)} times"
    store = stores[0]
    for o in ops:
        if o.regions or (o.name not in _ARITH and o.name not in ("affine.load", "affine.store", "arith.constant")):
            return f"{o.name} in the body is not a load, a store or float arithmetic"
        if o.name in _ARITH and not isinstance(o.results[0].type, T.FloatType):
            return f"{o.name} is not on a scalar float"
    w = store.operands[1]
    w_coeffs = _index_coeffs(store, ivs)
    if isinstance(w_coeffs, str):
        return w_coeffs
    used = [v for row in w_coeffs for v in row]
    reduction = [lp for lp in band if lp.iv not in used]
    if len(reduction) != 1:
        return "exactly one loop must not index the stored element (the reduction loop)"
    k = reduction[0]
    last = w_coeffs[-1]
    if len(last) != 1 or next(iter(last.values())) != 1:
        return "the stored element's last index must be one loop with coefficient 1"
    jv = next(iter(last))
    j = next(lp for lp in band if lp.iv is jv)
    rows = [lp for lp in band if lp is not j and lp is not k]
    i = rows[0] if rows else None
    for pos, row in enumerate(w_coeffs[:-1]):
        if jv in row:
            return f"loop {loop_name(j)} indexes the stored element in two places"
        if i is not None and i.iv in row and (len(row) != 1 or row[i.iv] != 1 or pos < 0):
            return f"loop {loop_name(i)} must index the stored element alone, with coefficient 1"
    if i is not None and not any(i.iv in row for row in w_coeffs[:-1]):
        return f"loop {loop_name(i)} does not index the stored element"
    update = store.operands[0].owner_op
    if not isinstance(update, Operation) or update.name != "arith.addf" or update.parent is not inner.body:
        return "the stored value must be an arith.addf of the element and an increment"
    acc_load = None
    increment = None
    for a, b in ((0, 1), (1, 0)):
        cand = update.operands[a].owner_op
        if (
            isinstance(cand, Operation)
            and cand.name == "affine.load"
            and cand.operands[0] is w
            and cand.prop("map", A.AffineMapAttr) == store.prop("map", A.AffineMapAttr)
            and list(cand.operands[1:]) == list(store.operands[2:])
        ):
            acc_load, increment = cand, update.operands[b]
            break
    if acc_load is None or increment is None:
        return "the stored value must add the element loaded at the same place"
    if len(acc_load.results[0].uses) != 1 or len(update.results[0].uses) != 1:
        return "the loaded element is used other than by its accumulation"
    for o in ops:
        if o.name == "affine.load" and o is not acc_load:
            if o.operands[0] is w:
                return f"{loop_name(k)}'s body reads the stored memref elsewhere"
            coeffs = _index_coeffs(o, ivs)
            if isinstance(coeffs, str):
                return coeffs
            for pos, row in enumerate(coeffs):
                if jv in row and (pos != len(coeffs) - 1 or row[jv] != 1):
                    return f"a load is not contiguous along loop {loop_name(j)}"
        if o.name == "affine.load" and not isinstance(o.results[0].type, T.FloatType):
            return "a load is not of a scalar float"
    if increment.owner_op is acc_load:
        return "the increment must not be the element itself"
    return Contraction(list(band), i, j, k, store, acc_load, update, increment, ops, bounds)


def microkernel_verdict(
    model: PolyhedralModel, band: Sequence[Loop], mr: int, nv: int, lanes: int, kc: int | None = None
) -> Verdict:
    """Whether ``band`` may be register-tiled (see the module docstring)."""
    what = f"register-tile loops {', '.join(loop_name(lp) for lp in band)}"
    for name, value in (("mr", mr), ("nv", nv), ("lanes", lanes)):
        if not isinstance(value, int) or value < 1:
            return Verdict(False, f"cannot {what}: {name} must be a positive integer, got {value!r}")
    if kc is not None and (not isinstance(kc, int) or kc < 1):
        return Verdict(False, f"cannot {what}: kc must be a positive integer, got {kc!r}")
    bad = model_problem(model, band, what)
    if bad is not None:
        return bad
    c = contraction(band)
    if isinstance(c, str):
        return Verdict(False, f"cannot {what}: {c}", op=band[0].op if band else None)
    if c.extent(c.j) < lanes:
        return Verdict(False, f"cannot {what}: loop {loop_name(c.j)} runs {c.extent(c.j)} times, under one vector")
    perm = permutability(model, list(band))
    if not perm.ok:
        return Verdict(False, f"cannot {what}: {perm.reason}", perm.violated, op=band[0].op)
    return Verdict(True, f"{what}: {mr}x{nv * lanes} register tile of a permutable contraction band")


# -- code generation -----------------------------------------------------------------------------


class _Emitter:
    """Instantiates the body for one (row, vector) pair of the register tile,
    sharing what does not vary with the row or the vector."""

    def __init__(self, c: Contraction, block: Block, anchor: Operation | None, lanes: int, fma: bool):
        self.c = c
        self.block = block
        self.anchor = anchor
        self.lanes = lanes
        self.fma = fma
        self.vtype = T.VectorType((lanes,), c.element)
        self.memo: dict[tuple[Value, int | None, int | None], Value] = {}
        self.splats: dict[Value, Value] = {}
        self.varies_i: dict[Value, bool] = {}
        self.varies_j: dict[Value, bool] = {}

    def insert(self, op: Operation) -> Operation:
        if self.anchor is None:
            self.block.append(op)
        else:
            self.block.insert_before(self.anchor, op)
        return op

    def _varies(self, v: Value, iv: Value | None, table: dict[Value, bool]) -> bool:
        if iv is None:
            return False
        if v in table:
            return table[v]
        owner = v.owner_op
        r = False
        if isinstance(owner, Operation) and owner in self.c.ops:
            if owner.name == "affine.load":
                coeffs = _index_coeffs(owner, {iv})
                r = not isinstance(coeffs, str) and any(row.get(iv, 0) for row in coeffs)
            else:
                r = any(self._varies(o, iv, table) for o in owner.operands)
        table[v] = r
        return r

    def varies(self, v: Value) -> tuple[bool, bool]:
        i_iv = self.c.i.iv if self.c.i is not None else None
        return self._varies(v, i_iv, self.varies_i), self._varies(v, self.c.j.iv, self.varies_j)

    def splat(self, v: Value) -> Value:
        s = self.splats.get(v)
        if s is None:
            s = self.insert(
                Operation.create("vector.broadcast", operands=[v], result_types=[self.vtype], loc=self.c.store.loc)
            ).results[0]
            self.splats[v] = s
        return s

    def value(self, v: Value, r: int, vec: int, env: dict[Value, Value]) -> Value:
        """``v`` of the original body at row ``r`` and vector ``vec``."""
        vi, vj = self.varies(v)
        key = (v, r if vi else None, vec if vj else None)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        owner = v.owner_op
        if not isinstance(owner, Operation) or owner not in self.c.ops:
            return v  # defined outside the band
        out: Value
        if owner.name == "arith.constant":
            out = self.insert(owner.clone()).results[0]
        elif owner.name == "affine.load":
            out = self._load(owner, r, vec, vj, env)
        else:
            args = [self.value(o, r, vec, env) for o in owner.operands]
            if vj:
                args = [a if isinstance(a.type, T.VectorType) else self.splat(a) for a in args]
            op = Operation.create(
                owner.name,
                operands=args,
                result_types=[self.vtype if vj else owner.results[0].type],
                properties=dict(owner.props) or None,
                attributes=dict(owner.attributes) if owner.attributes else None,
                loc=owner.loc,
            )
            out = self.insert(op).results[0]
        self.memo[key] = out
        return out

    def _load(self, load: Operation, r: int, vec: int, vector: bool, env: dict[Value, Value]) -> Value:
        amap: AffineMap = load.prop("map", A.AffineMapAttr).value
        operands, new_map = self.c_map(amap, list(load.operands[1:]), r, vec, env)
        if vector:
            op = Operation.create(
                "affine.vector_load",
                operands=[load.operands[0], *operands],
                result_types=[self.vtype],
                properties={"map": A.AffineMapAttr(new_map)},
                loc=load.loc,
            )
        else:
            op = Operation.create(
                "affine.load",
                operands=[load.operands[0], *operands],
                result_types=[load.results[0].type],
                properties={"map": A.AffineMapAttr(new_map)},
                loc=load.loc,
            )
        return self.insert(op).results[0]

    def c_map(
        self, amap: AffineMap, operands: list[Value], r: int, vec: int, env: dict[Value, Value]
    ) -> tuple[list[Value], AffineMap]:
        """The access's map and operands with the band's IVs replaced by the
        new loops' (``env``), offset by the row and the vector."""
        dims: list[AffineExpr] = []
        for pos in range(amap.num_dims):
            v = operands[pos]
            e: AffineExpr = dim(pos)
            if self.c.i is not None and v is self.c.i.iv:
                e = e + r
            elif v is self.c.j.iv:
                e = e + vec * self.lanes
            dims.append(e)
        syms: list[AffineExpr] = [sym(s) for s in range(amap.num_symbols)]
        new_map = amap.replace_dims_and_symbols(dims, syms, amap.num_dims, amap.num_symbols)
        return [env.get(v, v) for v in operands], new_map


def _loop(lo: AffineMap | int, hi: AffineMap | int, step: int, lo_ops=(), hi_ops=(), iters=(), loc=None, name=None):
    op = AffineForOp.build(lo, hi, step, lo_ops, hi_ops, iters, loc=loc)
    op.induction_var.name_hint = name
    return op


def register_tile(
    model: PolyhedralModel,
    band: Sequence[Loop],
    mr: int,
    nv: int,
    lanes: int,
    kc: int | None = None,
    fma: bool = True,
    parallel: bool = False,
) -> list[Operation]:
    """Rewrite the contraction ``band`` as a register-tiled micro-kernel
    (``microkernel_verdict`` must have said yes). Returns the new top ops.
    ``parallel``: the loops over column tiles become ``affine.parallel``
    (legal: no two columns touch the same element)."""
    c = contraction(band)
    assert not isinstance(c, str), c
    root = band[0].op
    loc = c.store.loc
    jlo, jhi = c.bounds[c.j.iv]  # type: ignore[index]
    klo, khi = c.bounds[c.k.iv]  # type: ignore[index]
    ilo, ihi = c.bounds[c.i.iv] if c.i is not None else (0, 1)  # type: ignore[index]
    if c.i is None:
        mr = 1
    nr = nv * lanes
    jfull = jlo + (jhi - jlo) // nr * nr
    nv_tail = (jhi - jfull) // lanes  # whole vectors in the last columns
    jvec = jfull + nv_tail * lanes
    ifull = ilo + (ihi - ilo) // mr * mr
    blocked = kc is not None and kc < khi - klo
    parent = root.parent
    assert parent is not None
    new_ops: list[Operation] = []

    def at_root(op: Operation) -> Operation:
        parent.insert_before(root, op)
        new_ops.append(op)
        return op

    kt_iv: Value | None = None
    outer_block: Block
    outer_anchor: Operation | None
    if blocked:
        assert kc is not None
        kt = at_root(_loop(klo, khi, kc, loc=root.loc, name=f"{loop_name(c.k)}_tile"))
        kt_iv = as_for(kt).induction_var
        outer_block = as_for(kt).body
        outer_anchor = outer_block.operations[-1]
    else:
        outer_block, outer_anchor = parent, root

    def place(op: Operation) -> Operation:
        if outer_anchor is root:
            return at_root(op)
        outer_block.insert_before(outer_anchor, op)
        return op

    def columns(j0: int, j1: int, vectors: int) -> None:
        if j1 <= j0 or vectors == 0:
            return
        jo = place(_loop(j0, j1, vectors * lanes, loc=root.loc, name=f"{loop_name(c.j)}_r"))
        column_loops.append(jo)
        jo_body = as_for(jo).body
        jo_iv = as_for(jo).induction_var
        if c.i is not None and ifull > ilo:
            io = _loop(ilo, ifull, mr, loc=root.loc, name=f"{loop_name(c.i)}_r")
            jo_body.insert_before(jo_body.operations[-1], io)
            _tile_body(c, as_for(io).body, as_for(io).induction_var, jo_iv, mr, vectors, lanes, kt_iv, kc, fma)
        if c.i is not None and ihi > ifull:
            ir = _loop(ifull, ihi, 1, loc=root.loc, name=loop_name(c.i))
            jo_body.insert_before(jo_body.operations[-1], ir)
            _tile_body(c, as_for(ir).body, as_for(ir).induction_var, jo_iv, 1, vectors, lanes, kt_iv, kc, fma)
        if c.i is None:
            _tile_body(c, jo_body, None, jo_iv, 1, vectors, lanes, kt_iv, kc, fma)

    column_loops: list[Operation] = []
    columns(jlo, jfull, nv)
    columns(jfull, jvec, nv_tail)
    if parallel:
        for jo in column_loops:
            par = convert_to_parallel(as_for(jo))
            new_ops[:] = [par if o is jo else o for o in new_ops]
    if jvec < jhi:  # the last columns, narrower than a vector: the original loops over them
        rest = root.clone()
        for lp_op in rest.walk(post_order=False):
            if lp_op.name == "affine.for" and _same_loop(lp_op, rest, root, c.j.op):
                _set_bounds(as_for(lp_op), jvec, jhi)
        at_root(rest)
    del loc
    root.erase()
    return new_ops


def _same_loop(candidate: Operation, clone_root: Operation, orig_root: Operation, target: Operation) -> bool:
    """Whether ``candidate`` (inside ``clone_root``) is the clone of ``target``
    (inside ``orig_root``): same position in the perfect chain."""
    depth_c = 0
    p: Operation | None = candidate
    while p is not None and p is not clone_root:
        p = p.parent_op
        depth_c += 1
    depth_t = 0
    p = target
    while p is not None and p is not orig_root:
        p = p.parent_op
        depth_t += 1
    return depth_c == depth_t


def _set_bounds(fo: AffineForOp, lo: int, hi: int) -> None:
    fo.props["lowerBoundMap"] = A.AffineMapAttr(AffineMap.constant_map(lo))
    fo.props["upperBoundMap"] = A.AffineMapAttr(AffineMap.constant_map(hi))


def _tile_body(
    c: Contraction,
    block: Block,
    i_iv: Value | None,
    j_iv: Value,
    rows: int,
    vectors: int,
    lanes: int,
    kt_iv: Value | None,
    kc: int | None,
    fma: bool,
) -> None:
    """Into ``block`` (before its terminator): load the accumulators, the
    ``k`` loop over the increments, store them."""
    anchor = block.operations[-1] if block.operations and block.operations[-1].name == "affine.yield" else None
    env: dict[Value, Value] = {c.j.iv: j_iv}  # type: ignore[dict-item]
    if c.i is not None and i_iv is not None:
        env[c.i.iv] = i_iv  # type: ignore[index]
    head = _Emitter(c, block, anchor, lanes, fma)
    w = c.store.operands[1]
    smap: AffineMap = c.store.prop("map", A.AffineMapAttr).value
    sops = list(c.store.operands[2:])
    accs: list[Value] = []
    for r in range(rows):
        for v in range(vectors):
            ops, m = head.c_map(smap, sops, r, v, env)
            ld = Operation.create(
                "affine.vector_load",
                operands=[w, *ops],
                result_types=[head.vtype],
                properties={"map": A.AffineMapAttr(m)},
                loc=c.store.loc,
            )
            accs.append(head.insert(ld).results[0])
    klo, khi = c.bounds[c.k.iv]  # type: ignore[index]
    if kt_iv is not None:
        assert kc is not None
        lo: AffineMap | int = AffineMap(1, 0, [dim(0)])
        hi: AffineMap | int = AffineMap(1, 0, [dim(0) + kc, const(khi)])
        kloop = _loop(lo, hi, 1, [kt_iv], [kt_iv], accs, loc=c.k.op.loc, name=loop_name(c.k))
    else:
        kloop = _loop(klo, khi, 1, iters=accs, loc=c.k.op.loc, name=loop_name(c.k))
    head.insert(kloop)
    kbody = as_for(kloop).body
    env[c.k.iv] = as_for(kloop).induction_var  # type: ignore[index]
    inner = _Emitter(c, kbody, None, lanes, fma)
    new_accs: list[Value] = []
    for r in range(rows):
        for v in range(vectors):
            acc = kbody.arguments[1 + r * vectors + v]
            inc_owner = c.increment.owner_op
            if fma and isinstance(inc_owner, Operation) and inc_owner.name == "arith.mulf" and inc_owner in c.ops:
                a, b = (inner.value(o, r, v, env) for o in inc_owner.operands)
                a = a if isinstance(a.type, T.VectorType) else inner.splat(a)
                b = b if isinstance(b.type, T.VectorType) else inner.splat(b)
                op = Operation.create("vector.fma", operands=[a, b, acc], result_types=[inner.vtype], loc=c.update.loc)
            else:
                inc = inner.value(c.increment, r, v, env)
                inc = inc if isinstance(inc.type, T.VectorType) else inner.splat(inc)
                lhs, rhs = (acc, inc) if c.update.operands[0].owner_op is c.acc_load else (inc, acc)
                op = Operation.create(
                    "arith.addf",
                    operands=[lhs, rhs],
                    result_types=[inner.vtype],
                    properties=dict(c.update.props) or None,
                    loc=c.update.loc,
                )
            new_accs.append(inner.insert(op).results[0])
    inner.insert(AffineYieldOp.create(operands=new_accs, loc=c.store.loc))
    for r in range(rows):
        for v in range(vectors):
            ops, m = head.c_map(smap, sops, r, v, env)
            st = Operation.create(
                "affine.vector_store",
                operands=[kloop.results[r * vectors + v], w, *ops],
                properties={"map": A.AffineMapAttr(m)},
                loc=c.store.loc,
            )
            head.insert(st)
