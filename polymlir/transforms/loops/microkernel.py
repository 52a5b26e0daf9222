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
from ...affine.model import Loop, PolyhedralModel, op_loc
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp, AffineYieldOp
from ...dialects.memref.alloc import AllocOp, DeallocOp
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
    bounds: dict[Value, tuple[int, int]] = field(default_factory=dict)  # IV -> [lo, hi) of the constant ones
    # j's bounds when they move with i: lo(i) = a * i + b as (a, b), for the lower and the upper bound
    j_lin: tuple[tuple[int, int], tuple[int, int]] | None = None
    # loads strided along j that do not move with i: copied into a k x j buffer when packing
    packable: list[Operation] = field(default_factory=list)

    @property
    def triangular(self) -> bool:
        return self.j_lin is not None

    @property
    def element(self) -> T.Type:
        t = self.store.operands[0].type
        return t

    def extent(self, lp: Loop) -> int:
        """The loop's trip count (for j in a triangular band: its largest)."""
        assert lp.iv is not None
        if lp is self.j and self.j_lin is not None and self.i is not None:
            (al, bl), (au, bu) = self.j_lin
            return max(au * i + bu - (al * i + bl) for i in self.bounds[self.i.iv])  # type: ignore[index]
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
    moving: dict[Value, tuple[Loop, tuple[tuple[Value | None, int, int], tuple[Value | None, int, int]]]] = {}
    for lp in band:
        fo = as_for(lp.op)
        if lp.step != 1:
            return f"loop {loop_name(lp)} needs step 1"
        cb = fo.constant_bounds()
        if cb is not None:
            bounds[fo.induction_var] = cb
            continue
        lin = (_linear_bound(fo, True), _linear_bound(fo, False))
        if isinstance(lin[0], str) or isinstance(lin[1], str):
            return f"loop {loop_name(lp)} needs constant bounds or bounds affine in one enclosing band loop"
        moving[fo.induction_var] = (lp, (lin[0], lin[1]))
    ivs = set(bounds) | set(moving)
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
    packable: list[Operation] = []
    for o in ops:
        if o.name == "affine.load" and o is not acc_load:
            if o.operands[0] is w:
                return f"{loop_name(k)}'s body reads the stored memref elsewhere"
            coeffs = _index_coeffs(o, ivs)
            if isinstance(coeffs, str):
                return coeffs
            strided = any(jv in row and (pos != len(coeffs) - 1 or row[jv] != 1) for pos, row in enumerate(coeffs))
            if strided:
                if i is not None and any(i.iv in row for row in coeffs):
                    return f"a load is not contiguous along loop {loop_name(j)} and moves with {loop_name(i)}"
                packable.append(o)
        if o.name == "affine.load" and not isinstance(o.results[0].type, T.FloatType):
            return "a load is not of a scalar float"
    if increment.owner_op is acc_load:
        return "the increment must not be the element itself"
    j_lin = None
    for iv, (lp, (lo, hi)) in moving.items():
        if lp is not j or i is None or i.iv not in bounds:
            return f"loop {loop_name(lp)} needs constant bounds (only the vector loop's may move with the row loop)"
        if any(v not in (None, i.iv) for v, _, _ in (lo, hi)):
            return f"the bounds of loop {loop_name(lp)} move with a loop other than {loop_name(i)}"
        j_lin = ((lo[1], lo[2]), (hi[1], hi[2]))
        del iv
    return Contraction(list(band), i, j, k, store, acc_load, update, increment, ops, bounds, j_lin, packable)


def _linear_bound(fo: AffineForOp, lower: bool) -> tuple[Value | None, int, int] | str:
    """A single-result bound ``a * iv + b`` of at most one operand: (iv, a, b)."""
    amap = (fo.lowerBoundMap if lower else fo.upperBoundMap).value
    lbs, ubs, _ = fo._operand_groups()
    operands = lbs if lower else ubs
    if amap.num_results != 1:
        return "a min/max bound"
    flat = flatten(amap.results[0], amap.num_dims, amap.num_symbols)
    if flat is None or flat[1]:
        return "not a plain affine bound"
    coeffs = flat[0]
    used = [(operands[p], coeffs[p]) for p in range(len(operands)) if coeffs[p]]
    if len(used) > 1:
        return "a bound of several values"
    v, a = used[0] if used else (None, 0)
    return (v, a, coeffs[-1])


def microkernel_verdict(
    model: PolyhedralModel,
    band: Sequence[Loop],
    mr: int,
    nv: int,
    lanes: int,
    kc: int | None = None,
    pack: bool = False,
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
    if c.packable and not pack:
        where = ", ".join(f"{o.name} at {op_loc(o)}" for o in c.packable)
        return Verdict(
            False,
            f"cannot {what}: {where} is not contiguous along loop {loop_name(c.j)}",
            op=c.packable[0],
            hint="pack=True copies it into a contiguous buffer first",
        )
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
    pack: bool = False,
) -> list[Operation]:
    """Rewrite the contraction ``band`` as a register-tiled micro-kernel
    (``microkernel_verdict`` must have said yes). Returns the new top ops.
    ``parallel``: the loops over column tiles become ``affine.parallel``
    (legal: no two columns touch the same element)."""
    c = contraction(band)
    assert not isinstance(c, str), c
    packed = _pack(c) if pack and c.packable else []
    if packed:
        c2 = contraction(band)  # the body now reads the packed buffers
        assert not isinstance(c2, str) and not c2.packable, c2
        c = c2
    if c.triangular:
        return packed + _register_tile_rows_first(c, mr, nv, lanes, kc, fma, parallel)
        return _register_tile_rows_first(c, mr, nv, lanes, kc, fma, parallel)
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
    return packed + new_ops


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


def _register_tile_rows_first(
    c: Contraction, mr: int, nv: int, lanes: int, kc: int | None, fma: bool, parallel: bool
) -> list[Operation]:
    """A band whose vector loop's bounds move with the row loop (a triangle):
    per block of ``mr`` rows, the column tiles full in every row of the
    block, then the rest of those rows' columns with the original body."""
    assert c.i is not None and c.j_lin is not None
    root = c.band[0].op
    parent = root.parent
    assert parent is not None
    (al, bl), (au, bu) = c.j_lin
    ilo, ihi = c.bounds[c.i.iv]  # type: ignore[index]
    klo, khi = c.bounds[c.k.iv]  # type: ignore[index]
    nr = nv * lanes
    ifull = ilo + (ihi - ilo) // mr * mr
    blocked = kc is not None and kc < khi - klo
    new_ops: list[Operation] = []
    kt_iv: Value | None = None
    block: Block = parent
    anchor: Operation | None = root
    if blocked:
        assert kc is not None
        kt = _loop(klo, khi, kc, loc=root.loc, name=f"{loop_name(c.k)}_tile")
        parent.insert_before(root, kt)
        new_ops.append(kt)
        kt_iv = as_for(kt).induction_var
        block, anchor = as_for(kt).body, as_for(kt).body.operations[-1]

    def put(op: Operation) -> Operation:
        block.insert_before(anchor, op) if anchor is not None else block.append(op)
        if block is parent:
            new_ops.append(op)
        return op

    def rows(lo: int, hi: int, height: int) -> None:
        if hi <= lo:
            return
        rl = _loop(lo, hi, height, loc=root.loc, name=f"{loop_name(c.i)}_r" if height > 1 else loop_name(c.i))
        put(rl)
        row_iv = as_for(rl).induction_var
        body = as_for(rl).body
        d0 = dim(0)
        start = al * (d0 + (height - 1 if al > 0 else 0)) + bl  # the largest lower bound of the block's rows
        end = au * (d0 + (height - 1 if au < 0 else 0)) + bu  # the smallest upper bound
        full_end = start + ((end - start).floordiv(nr)) * nr
        jo = _loop(AffineMap(1, 0, [start]), AffineMap(1, 0, [full_end]), nr, [row_iv], [row_iv], loc=root.loc)
        jo.induction_var.name_hint = f"{loop_name(c.j)}_r"
        body.insert_before(body.operations[-1], jo)
        _tile_body(c, as_for(jo).body, row_iv, as_for(jo).induction_var, height, nv, lanes, kt_iv, kc, fma)
        # the rest of each row: columns left of the full tiles and right of them
        ir = _loop(AffineMap(1, 0, [d0]), AffineMap(1, 0, [d0 + height]), 1, [row_iv], [row_iv], loc=root.loc)
        ir.induction_var.name_hint = loop_name(c.i)
        body.insert_before(body.operations[-1], ir)
        r_iv = as_for(ir).induction_var
        d1 = dim(1)
        lo_r, hi_r = al * d1 + bl, au * d1 + bu
        left = _loop(
            AffineMap(1, 0, [al * d0 + bl]), AffineMap(2, 0, [start, hi_r]), 1, [r_iv], [row_iv, r_iv], loc=root.loc
        )
        right = _loop(
            AffineMap(2, 0, [full_end, start, lo_r]),
            AffineMap(1, 0, [au * d0 + bu]),
            1,
            [row_iv, r_iv],
            [r_iv],
            loc=root.loc,
        )
        del lo_r
        for part in (left, right):
            part.induction_var.name_hint = loop_name(c.j)
            rbody = as_for(ir).body
            rbody.insert_before(rbody.operations[-1], part)
            _scalar_body(c, as_for(part).body, r_iv, as_for(part).induction_var, kt_iv, kc)
        if parallel:
            new = convert_to_parallel(as_for(rl))
            new_ops[:] = [new if o is rl else o for o in new_ops]

    rows(ilo, ifull, mr)
    rows(ifull, ihi, 1)
    root.erase()
    return new_ops


def _scalar_body(c: Contraction, block: Block, i_iv: Value, j_iv: Value, kt_iv: Value | None, kc: int | None) -> None:
    """The ``k`` loop of the original body for one ``(i, j)`` (into ``block``)."""
    klo, khi = c.bounds[c.k.iv]  # type: ignore[index]
    if kt_iv is not None:
        assert kc is not None
        kloop = _loop(
            AffineMap(1, 0, [dim(0)]),
            AffineMap(1, 0, [dim(0) + kc, const(khi)]),
            1,
            [kt_iv],
            [kt_iv],
            loc=c.k.op.loc,
            name=loop_name(c.k),
        )
    else:
        kloop = _loop(klo, khi, 1, loc=c.k.op.loc, name=loop_name(c.k))
    block.insert_before(block.operations[-1], kloop)
    kbody = as_for(kloop).body
    mapping: dict = {c.i.iv: i_iv, c.j.iv: j_iv, c.k.iv: as_for(kloop).induction_var}  # type: ignore[union-attr]
    for o in c.ops:
        kbody.insert_before(kbody.operations[-1], o.clone(mapping))


def _pack(c: Contraction) -> list[Operation]:
    """Copy each strided load's elements into a ``k x j`` buffer before the
    band (freed after it) and read the buffer instead: ``P[k - lk, j - lj]``
    is contiguous along ``j``. The copied memrefs are not written in the
    band, so the buffer holds exactly what the loads would read."""
    root = c.band[0].op
    parent = root.parent
    assert parent is not None
    klo, khi = c.bounds[c.k.iv]  # type: ignore[index]
    if c.j_lin is not None and c.i is not None:
        (al, bl), (au, bu) = c.j_lin
        # the columns some row reads: their hull is inside the array (affine indices)
        spans = [(al * r + bl, au * r + bu) for r in range(*c.bounds[c.i.iv])]  # type: ignore[index]
        spans = [(a, b) for a, b in spans if a < b]
        if not spans:
            return []
        jlo, jhi = min(a for a, _ in spans), max(b for _, b in spans)
    else:
        jlo, jhi = c.bounds[c.j.iv]  # type: ignore[index]
    out: list[Operation] = []
    for load in c.packable:
        elem = load.results[0].type
        buf = AllocOp.build(T.MemRefType((khi - klo, jhi - jlo), elem), loc=load.loc)
        parent.insert_before(root, buf)
        out.append(buf)
        kk = _loop(klo, khi, 1, loc=load.loc, name=f"{loop_name(c.k)}_pack")
        jj = _loop(jlo, jhi, 1, loc=load.loc, name=f"{loop_name(c.j)}_pack")
        parent.insert_before(root, kk)
        out.append(kk)
        kb = as_for(kk).body
        kb.insert_before(kb.operations[-1], jj)
        jb = as_for(jj).body
        mapping = {c.k.iv: as_for(kk).induction_var, c.j.iv: as_for(jj).induction_var}
        copy = load.clone(mapping)
        jb.insert_before(jb.operations[-1], copy)
        at = AffineMap(2, 0, [dim(0) - klo, dim(1) - jlo])
        st = Operation.create(
            "affine.store",
            operands=[copy.results[0], buf.results[0], as_for(kk).induction_var, as_for(jj).induction_var],
            properties={"map": A.AffineMapAttr(at)},
            loc=load.loc,
        )
        jb.insert_before(jb.operations[-1], st)
        new = Operation.create(
            "affine.load",
            operands=[buf.results[0], c.k.iv, c.j.iv],
            result_types=[elem],
            properties={"map": A.AffineMapAttr(at)},
            loc=load.loc,
        )
        load.parent.insert_before(load, new)  # type: ignore[union-attr]
        load.results[0].replace_all_uses_with(new.results[0])
        load.erase()
        parent.insert_after(root, DeallocOp.build(buf.results[0], loc=load.loc))
    return out
