"""``convert-vector-to-llvm``: vector ops to the LLVM dialect (seed 002's
vector model: a 1-D vector is an LLVM vector, an n-D vector an
``!llvm.array`` nest of 1-D vectors, a 0-D vector a one-element vector).

As upstream, the pass first runs the vector-to-vector lowerings
(``conversion/vector_lowering.py``: contract -- ``vector-contract-lowering``
dot (default) or outerproduct --, outerproduct, multi_reduction, mask,
scan), then converts what remains:

- element access: extract/insert (static positions through
  ``llvm.extractvalue``/``insertvalue`` + ``extractelement``/
  ``insertelement``; dynamic outer positions through a stack slot),
  from_elements, to_elements, shuffle, broadcast, splat-like broadcasts,
  extract/insert_strided_slice, shape_cast, transpose (element-wise),
  bitcast, fma (``llvm.intr.fmuladd``), interleave/deinterleave;
- masks (create_mask, constant_mask), step, n-D ``arith.constant`` (the
  case arith-to-llvm leaves to us);
- reductions, masked ones included: ``vector_llvm_reduction.py``;
- memory ops and vector.print: ``vector_llvm_memory.py``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from ...dialects import arith, func, llvm, vector
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, Value
from ...ir.patterns import OpClass
from .lowering_helpers import extract as extractvalue
from .lowering_helpers import insert as insertvalue
from .lowering_helpers import poison
from .type_converter import PTR, LLVMRewriter

_INTR = llvm.INTRINSICS
POISON_POS = -1
DYN = T.DYNAMIC

# -- n-D vectors as LLVM values ----------------------------------------------------------


def shape(vt: T.VectorType) -> tuple[int, ...]:
    """The shape as lowered (a 0-D vector is a one-element vector)."""
    return tuple(vt.shape) if vt.rank else (1,)


def outer_positions(vt: T.VectorType) -> list[tuple[int, ...]]:
    """Positions of the 1-D rows of ``vt`` (``[()]`` for 1-D)."""
    return list(itertools.product(*[range(d) for d in shape(vt)[:-1]]))


def scalable(vt: T.VectorType) -> bool:
    return bool(vt.scalable_dims) and any(vt.scalable_dims)


class VLower:
    """Builds LLVM ops for one vector op; values are LLVM-typed."""

    def __init__(self, op: Operation, rw: LLVMRewriter, b: Builder | None = None):
        self.op = op
        self.rw = rw
        self.b = b or rw.builder(op)
        # Every op is built at the same point, so a constant made once
        # dominates the later uses.
        self._consts: dict = {}
        self._rows: dict = {}
        self._operands: dict = {}

    # types
    def llvm(self, t: T.Type) -> T.Type:
        return self.rw.convert_type(t, self.op)

    def row_type(self, vt: T.VectorType) -> T.VectorType:
        return T.VectorType(
            (shape(vt)[-1],),
            self.llvm(vt.element_type),
            vt.scalable_dims[-1:] if scalable(vt) else (),
        )

    # constants
    def const(self, v, t: T.Type) -> Value:
        key = (v, t)
        c = self._consts.get(key)
        if c is None:
            c = self._consts[key] = self._make_const(v, t)
        return c

    def _make_const(self, v, t: T.Type) -> Value:
        if isinstance(t, T.FloatType):
            attr: A.Attribute = A.FloatAttr(A.round_float(float(v), t), t)
        else:
            attr = A.IntegerAttr(int(v), t)
        return self.b.create(llvm.ConstantOp, [], [t], properties={"value": attr}).results[0]

    def i64(self, v: int) -> Value:
        return self.const(v, T.i64)

    def i32(self, v: int) -> Value:
        return self.const(v, T.i32)

    def dense(self, t: T.VectorType, values: Sequence) -> Value:
        """``llvm.mlir.constant(dense<values>)`` of a (1-D or n-D) vector type."""
        et = t.element_type
        if isinstance(et, T.FloatType):
            data = tuple(A.round_float(float(v), et) for v in values)
        elif et == T.i1:
            data = tuple(bool(v) for v in values)
        else:
            data = tuple(int(v) for v in values)
        attr = A.DenseElementsAttr(t, data)
        return self.b.create(llvm.ConstantOp, [], [self.llvm(t)], properties={"value": attr}).results[0]

    def poison(self, t: T.Type) -> Value:
        return poison(self.b, t)

    # rows and elements
    def row(self, v: Value, vt: T.VectorType, pos: Sequence[int]) -> Value:
        if len(shape(vt)) == 1:
            return v
        key = (v, tuple(pos))
        r = self._rows.get(key)
        if r is None:
            r = self._rows[key] = extractvalue(self.b, v, self.row_type(vt), *pos)
        return r

    def set_row(self, agg: Value, row: Value, pos: Sequence[int]) -> Value:
        if not pos:
            return row
        return insertvalue(self.b, agg, row, *pos)

    def elem(self, row: Value, i: int | Value) -> Value:
        idx = self.i64(i) if isinstance(i, int) else i
        et = T.of_kind(row.type, T.VectorType).element_type
        return self.b.create(llvm.ExtractElementOp, [row, idx], [et]).results[0]

    def set_elem(self, row: Value, val: Value, i: int | Value) -> Value:
        idx = self.i64(i) if isinstance(i, int) else i
        return self.b.create(llvm.InsertElementOp, [row, val, idx], [row.type]).results[0]

    def shuffle(self, v1: Value, v2: Value, mask: Sequence[int]) -> Value:
        vt = T.of_kind(v1.type, T.VectorType)
        rt = T.VectorType((len(mask),), vt.element_type)
        return self.b.create(
            llvm.ShuffleVectorOp, [v1, v2], [rt], properties={"mask": A.DenseArrayAttr(T.i32, tuple(mask))}
        ).results[0]

    def splat(self, scalar: Value, row_t: T.VectorType) -> Value:
        """``scalar`` in every lane (insertelement + zero shuffle, as upstream)."""
        p = self.poison(row_t)
        v = self.b.create(llvm.InsertElementOp, [p, scalar, self.i32(0)], [row_t]).results[0]
        if scalable(row_t):
            return self.b.create(
                llvm.ShuffleVectorOp,
                [v, p],
                [row_t],
                properties={"mask": A.DenseArrayAttr(T.i32, (0,) * row_t.shape[0])},
            ).results[0]
        return self.shuffle(v, p, [0] * row_t.shape[0])

    def map_rows(self, vt: T.VectorType, rt: T.VectorType, fn) -> Value:
        """Build a value of type ``rt`` whose row at each position is
        ``fn(pos)`` (``vt`` only gives the positions)."""
        pos_list = outer_positions(vt)
        if pos_list == [()]:
            return fn(())
        acc = self.poison(self.llvm(rt))
        for pos in pos_list:
            acc = self.set_row(acc, fn(pos), pos)
        return acc

    # scalars of an n-D value
    def get(self, v: Value, vt: T.VectorType, pos: Sequence[int]) -> Value:
        pos = tuple(pos) if vt.rank else (0,)
        return self.elem(self.row(v, vt, pos[:-1]), pos[-1])

    def op_call(self, kind: OpClass, operands: Sequence[Value], rt: T.Type | None = None, **props) -> Value:
        """An op of class ``kind`` with one result (of type ``rt``, by default the first operand's)."""
        r = [rt if rt is not None else operands[0].type]
        return self.b.create(kind, list(operands), r, properties=dict(props) or None).results[0]

    def entry_slot(self, t: T.Type) -> Value:
        """An ``llvm.alloca`` of one ``t`` at the function's entry."""
        fn = self.op.parent_op
        while fn is not None and not isinstance(fn, (func.FuncOp, llvm.LLVMFuncOp)):
            fn = fn.parent_op
        if fn is None:
            b = self.b
        else:
            entry = fn.regions[0].blocks[0]
            b = Builder(entry, entry.first_op, self.op.loc)
        one = b.create(llvm.ConstantOp, [], [T.i64], properties={"value": A.IntegerAttr(1, T.i64)}).results[0]
        return b.create(llvm.AllocaOp, [one], [PTR], properties={"elem_type": A.TypeAttr(t)}).results[0]

    def gep(self, base: Value, idx: Sequence[Value | int], elem: T.Type) -> Value:
        raw = tuple(i if isinstance(i, int) else -2147483648 for i in idx)
        dyn = [i for i in idx if not isinstance(i, int)]
        return self.b.create(
            llvm.GEPOp,
            [base, *dyn],
            [PTR],
            properties={"rawConstantIndices": A.DenseArrayAttr(T.i32, raw), "elem_type": A.TypeAttr(elem)},
        ).results[0]

    def operand(self, v: Value) -> Value:
        """``v`` (an operand of the op) in its converted type, cast once."""
        c = self._operands.get(v)
        if c is None:
            c = self._operands[v] = self.rw.operand(self.op, v)
        return c

    def operands(self) -> list[Value]:
        return [self.operand(v) for v in self.op.operands]


def _value_is_poison_pos(p) -> bool:
    return isinstance(p, int) and p == POISON_POS


# -- broadcast ---------------------------------------------------------------------------------


def _broadcast(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    src = op.operands[0]
    sv = L.operand(src)
    st = src.type
    row_t = L.row_type(rt)
    R = shape(rt)
    if not isinstance(st, T.VectorType) or st.rank == 0:
        scalar = sv if not isinstance(st, T.VectorType) else L.elem(sv, 0)
        row = L.splat(scalar, row_t)
        rw.replace(op, [L.map_rows(rt, rt, lambda pos: row)])
        return
    S = shape(st)
    lead = len(R) - len(S)
    cache: dict[tuple[int, ...], Value] = {}

    def row_at(pos: tuple[int, ...]) -> Value:
        q = tuple(0 if S[j] == 1 else pos[lead + j] for j in range(len(S) - 1))
        if q not in cache:
            srow = L.row(sv, st, q)
            if S[-1] == R[-1]:
                cache[q] = srow
            else:  # stretch a one-element row
                cache[q] = L.shuffle(srow, srow, [0] * R[-1]) if not scalable(rt) else L.splat(L.elem(srow, 0), row_t)
        return cache[q]

    rw.replace(op, [L.map_rows(rt, rt, row_at)])


# -- extract / insert ---------------------------------------------------------------------------


def _positions(op: Operation, L: VLower) -> list[int | Value]:
    static = list(op.prop("static_position", A.DenseArrayAttr).values)
    ndyn = sum(1 for s in static if s == DYN)
    dyn = list(op.operands[len(op.operands) - ndyn :]) if ndyn else []
    out: list[int | Value] = []
    for s in static:
        if s == DYN:
            out.append(L.operand(dyn.pop(0)))
        else:
            out.append(s)
    return out


def _extract(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    st = T.of_kind(op.operands[0].type, T.VectorType)
    src = L.operand(op.operands[0])
    rt = op.result_types[0]
    pos = _positions(op, L)
    if any(_value_is_poison_pos(p) for p in pos):
        rw.replace(op, [L.poison(L.llvm(rt))])
        return
    if st.rank == 0:
        rw.replace(op, [L.elem(src, 0)])
        return
    if not pos:
        rw.replace(op, [src])
        return
    scalar_result = len(pos) == st.rank
    outer = pos[:-1] if scalar_result else pos
    static_outer = [p for p in outer if isinstance(p, int)]
    if len(static_outer) == len(outer):
        v = (
            extractvalue(L.b, src, L.llvm(T.VectorType(st.shape[len(outer) :], st.element_type)), *static_outer)
            if outer
            else src
        )
    else:
        # Dynamic position in an array: go through memory.
        slot = L.entry_slot(src.type)
        L.b.create(llvm.StoreOp, [src, slot])
        sub_t = L.llvm(T.VectorType(st.shape[len(outer) :], st.element_type))
        p = L.gep(slot, [0, *outer], src.type)
        v = L.b.create(llvm.LoadOp, [p], [sub_t]).results[0]
    if scalar_result:
        v = L.elem(v, pos[-1])
        if isinstance(rt, T.VectorType):  # vector<1xT> result of a full position
            v = L.set_elem(L.poison(L.llvm(rt)), v, 0)
    rw.replace(op, [v])


def _insert(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    val = L.operand(op.operands[0])
    dt = T.of_kind(op.operands[1].type, T.VectorType)
    dest = L.operand(op.operands[1])
    pos = _positions(op, L)
    if any(_value_is_poison_pos(p) for p in pos):
        rw.replace(op, [L.poison(dest.type)])
        return
    vt = op.operands[0].type
    if dt.rank == 0:
        scalar = val if not isinstance(vt, T.VectorType) else L.elem(val, 0)
        rw.replace(op, [L.set_elem(dest, scalar, 0)])
        return
    if not pos:
        rw.replace(op, [val])
        return
    scalar_val = len(pos) == dt.rank
    if scalar_val and isinstance(vt, T.VectorType):  # vector<1xT> into a full position
        val = L.elem(val, 0)
    outer = pos[:-1] if scalar_val else pos
    sub_t = L.llvm(T.VectorType(dt.shape[len(outer) :], dt.element_type))
    static_outer = [p for p in outer if isinstance(p, int)]
    if len(static_outer) == len(outer):
        if scalar_val:
            row = extractvalue(L.b, dest, sub_t, *static_outer) if outer else dest
            row = L.set_elem(row, val, pos[-1])
            res = insertvalue(L.b, dest, row, *static_outer) if outer else row
        else:
            res = insertvalue(L.b, dest, val, *static_outer)
        rw.replace(op, [res])
        return
    slot = L.entry_slot(dest.type)
    L.b.create(llvm.StoreOp, [dest, slot])
    p = L.gep(slot, [0, *outer], dest.type)
    if scalar_val:
        row = L.b.create(llvm.LoadOp, [p], [sub_t]).results[0]
        val = L.set_elem(row, val, pos[-1])
    L.b.create(llvm.StoreOp, [val, p])
    rw.replace(op, [L.b.create(llvm.LoadOp, [slot], [dest.type]).results[0]])


def _from_elements(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    elems = L.operands()
    n = shape(rt)[-1]
    row_t = L.row_type(rt)
    pos_list = outer_positions(rt)

    def build(pos):
        k = pos_list.index(pos)
        r = L.poison(row_t)
        for i in range(n):
            r = L.set_elem(r, elems[k * n + i], i)
        return r

    rw.replace(op, [L.map_rows(rt, rt, build)])


def _to_elements(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    st = T.of_kind(op.operands[0].type, T.VectorType)
    src = L.operand(op.operands[0])
    out = []
    for pos in outer_positions(st):
        row = L.row(src, st, pos)
        for i in range(shape(st)[-1]):
            out.append(L.elem(row, i))
    rw.replace(op, out)


# -- shuffles, slices, shapes ----------------------------------------------------------------------


def _shuffle(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    t1 = T.of_kind(op.operands[0].type, T.VectorType)
    v1, v2 = L.operands()[:2]
    rt = T.of_kind(op.result_types[0], T.VectorType)
    mask = list(op.prop("mask", A.DenseArrayAttr).values)
    n1 = shape(t1)[0]
    if rt.rank == 1:
        if v1.type == v2.type:
            rw.replace(op, [L.shuffle(v1, v2, mask)])
            return
        r = L.poison(L.llvm(rt))
        for i, m in enumerate(mask):
            if m == POISON_POS:
                continue
            e = L.elem(v1, m) if m < n1 else L.elem(v2, m - n1)
            r = L.set_elem(r, e, i)
        rw.replace(op, [r])
        return
    sub_t = L.llvm(T.VectorType(rt.shape[1:], rt.element_type))
    r = L.poison(L.llvm(rt))
    for i, m in enumerate(mask):
        if m == POISON_POS:
            continue
        e = extractvalue(L.b, v1, sub_t, m) if m < n1 else extractvalue(L.b, v2, sub_t, m - n1)
        r = insertvalue(L.b, r, e, i)
    rw.replace(op, [r])


def _ints(a: A.Attribute) -> list[int]:
    if not isinstance(a, A.ArrayAttr):
        raise TypeError(f"expected an array of integers, got {a}")
    return [x.value for x in a]


def _extract_strided_slice(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    st = T.of_kind(op.operands[0].type, T.VectorType)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    src = L.operand(op.operands[0])
    offs, sizes, strides = (_ints(op.props[k]) for k in ("offsets", "sizes", "strides"))
    k = len(offs)

    def src_pos(pos: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(offs[i] + p * strides[i] if i < k else p for i, p in enumerate(pos))

    def build(pos):
        row = L.row(src, st, src_pos(pos))
        if k < st.rank:
            return row
        return L.shuffle(row, row, [offs[-1] + i * strides[-1] for i in range(sizes[-1])])

    rw.replace(op, [L.map_rows(rt, rt, build)])


def _insert_strided_slice(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    st = T.of_kind(op.operands[0].type, T.VectorType)
    dt = T.of_kind(op.operands[1].type, T.VectorType)
    src, dest = L.operand(op.operands[0]), L.operand(op.operands[1])
    offs, strides = _ints(op.props["offsets"]), _ints(op.props["strides"])
    lead = dt.rank - st.rank
    res = dest
    dl, sl = dt.shape[-1], st.shape[-1]
    for q in outer_positions(st):
        dpos = tuple(offs[:lead]) + tuple(offs[lead + j] + q[j] * strides[j] for j in range(len(q)))
        srow = L.row(src, st, q)
        if sl == dl and offs[-1] == 0:
            row = srow
        else:
            drow = L.row(res, dt, dpos)
            ext = srow if sl == dl else L.shuffle(srow, srow, list(range(sl)) + [0] * (dl - sl))
            m = list(range(dl))
            for i in range(sl):
                m[offs[-1] + i * strides[-1]] = dl + i
            row = L.shuffle(drow, ext, m)
        res = L.set_row(res, row, dpos)
    rw.replace(op, [res])


def _unravel(f: int, shp: Sequence[int]) -> tuple[int, ...]:
    out = []
    for d in reversed(shp):
        out.append(f % d)
        f //= d
    return tuple(reversed(out))


def _shape_cast(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    st = T.of_kind(op.operands[0].type, T.VectorType)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    src = L.operand(op.operands[0])
    if src.type == L.llvm(rt):
        rw.replace(op, [src])
        return
    S, R = shape(st), shape(rt)
    nR = R[-1]
    pos_list = outer_positions(rt)

    def build(pos):
        k = pos_list.index(pos)
        lanes = [_unravel(k * nR + i, S) for i in range(nR)]
        rows = {q[:-1] for q in lanes}
        if len(rows) == 1:
            srow = L.row(src, st, lanes[0][:-1])
            idx = [q[-1] for q in lanes]
            if idx == list(range(S[-1])):
                return srow
            return L.shuffle(srow, srow, idx)
        r = L.poison(L.row_type(rt))
        for i, q in enumerate(lanes):
            r = L.set_elem(r, L.elem(L.row(src, st, q[:-1]), q[-1]), i)
        return r

    rw.replace(op, [L.map_rows(rt, rt, build)])


def _transpose(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    st = T.of_kind(op.operands[0].type, T.VectorType)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    src = L.operand(op.operands[0])
    perm = list(op.prop("permutation", A.DenseArrayAttr).values)
    if perm == sorted(perm):
        rw.replace(op, [src])
        return
    n = rt.rank

    def src_of(p: tuple[int, ...]) -> tuple[int, ...]:
        q = [0] * n
        for i, pi in enumerate(p):
            q[perm[i]] = pi
        return tuple(q)

    rows: dict[tuple[int, ...], Value] = {}

    def srow(q: tuple[int, ...]) -> Value:
        if q not in rows:
            rows[q] = L.row(src, st, q)
        return rows[q]

    def build(pos):
        if perm[-1] == n - 1:
            return srow(src_of(pos + (0,))[:-1])
        r = L.poison(L.row_type(rt))
        for i in range(rt.shape[-1]):
            q = src_of(pos + (i,))
            r = L.set_elem(r, L.elem(srow(q[:-1]), q[-1]), i)
        return r

    rw.replace(op, [L.map_rows(rt, rt, build)])


def _rowwise(op: Operation, rw: LLVMRewriter, fn) -> None:
    """Apply ``fn(L, rows, row_result_type)`` to each row of the operands."""
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    vals = L.operands()
    types = [T.of_kind(v.type, T.VectorType) for v in op.operands]
    rrow = L.row_type(rt)
    rw.replace(
        op, [L.map_rows(rt, rt, lambda pos: fn(L, [L.row(v, t, pos) for v, t in zip(vals, types, strict=True)], rrow))]
    )


def _bitcast(op: Operation, rw: LLVMRewriter) -> None:
    _rowwise(op, rw, lambda L, rows, t: L.op_call(llvm.BitcastOp, rows, t))


def _fma(op: Operation, rw: LLVMRewriter) -> None:
    _rowwise(op, rw, lambda L, rows, t: L.op_call(_INTR["fmuladd"], rows, t))


def _interleave(op: Operation, rw: LLVMRewriter) -> None:
    at = T.of_kind(op.operands[0].type, T.VectorType)
    n = shape(at)[-1]
    m = [x for i in range(n) for x in (i, n + i)]
    if scalable(at):
        _rowwise(op, rw, lambda L, rows, t: L.op_call(_INTR["vector.interleave2"], rows, t))
        return
    _rowwise(op, rw, lambda L, rows, t: L.shuffle(rows[0], rows[1], m))


def _deinterleave(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    st = T.of_kind(op.operands[0].type, T.VectorType)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    src = L.operand(op.operands[0])
    n = shape(st)[-1]
    outs = []
    for start in (0, 1):
        outs.append(
            L.map_rows(
                rt, rt, lambda pos, s=start: L.shuffle(L.row(src, st, pos), L.row(src, st, pos), list(range(s, n, 2)))
            )
        )
    rw.replace(op, outs)


# -- masks, step, constants ----------------------------------------------------------------------------


def _constant_mask(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    sizes = list(op.prop("mask_dim_sizes", A.DenseArrayAttr).values)
    S = shape(rt)
    if rt.rank == 0:
        vals = [bool(sizes[0])]
    else:
        vals = [all(p[i] < sizes[i] for i in range(len(S))) for p in itertools.product(*[range(d) for d in S])]
    if scalable(rt):
        rw.replace(op, [_scalable_mask(L, rt, sizes[-1] != 0)])
        return
    rw.replace(op, [L.dense(T.VectorType(S, T.i1), vals)])


def _scalable_mask(L: VLower, rt: T.VectorType, on: bool) -> Value:
    row = L.splat(L.const(int(on), T.i1), L.row_type(rt))
    return L.map_rows(rt, rt, lambda pos: row)


def _create_mask(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    bounds = L.operands()
    it = rw.converter.index_type
    if rt.rank == 0:
        c = L.b.create(
            llvm.ICmpOp, [bounds[0], L.const(0, it)], [T.i1], properties={"predicate": A.IntegerAttr(4, T.i64)}
        ).results[0]  # sgt
        rw.replace(op, [L.set_elem(L.poison(L.llvm(rt)), c, 0)])
        return
    n = rt.shape[-1]
    vt = T.VectorType((n,), it, rt.scalable_dims[-1:] if scalable(rt) else ())
    step: Value
    if scalable(rt):
        step = L.b.create(_INTR["stepvector"], [], [vt]).results[0]
    else:
        step = L.dense(vt, list(range(n)))
    row = L.b.create(
        llvm.ICmpOp,
        [step, L.splat(bounds[-1], vt)],
        [L.row_type(rt)],
        properties={"predicate": A.IntegerAttr(2, T.i64)},
    ).results[0]  # slt
    if rt.rank == 1:
        rw.replace(op, [row])
        return
    zeros = L.dense(T.VectorType((n,), T.i1), [False] * n)

    def build(pos):
        cond = None
        for k, p in enumerate(pos):
            c = L.b.create(
                llvm.ICmpOp, [L.const(p, it), bounds[k]], [T.i1], properties={"predicate": A.IntegerAttr(2, T.i64)}
            ).results[0]
            cond = c if cond is None else L.op_call(llvm.AndOp, [cond, c])
        return L.op_call(llvm.SelectOp, [cond, row, zeros], L.row_type(rt))

    rw.replace(op, [L.map_rows(rt, rt, build)])


def _step(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    if scalable(rt):
        rw.replace(op, [L.b.create(_INTR["stepvector"], [], [L.llvm(rt)]).results[0]])
        return
    it = rw.converter.index_type
    rw.replace(op, [L.dense(T.VectorType(rt.shape, it), list(range(rt.shape[0])))])


def nd_constant(op: Operation, rw: LLVMRewriter) -> bool:
    """n-D (and 0-D) vector ``arith.constant``: one LLVM constant of the
    converted aggregate type (upstream's arith-to-llvm does the same);
    whether ``op`` was one."""
    rt = op.result_types[0]
    if not isinstance(rt, T.VectorType) or rt.rank == 1:
        return False  # arith-to-llvm's business
    v = op.props["value"]
    if not isinstance(v, A.DenseElementsAttr):
        return False
    L = VLower(op, rw)
    et = rt.element_type
    if isinstance(et, T.IndexType):
        et = rw.converter.index_type
    S = shape(rt)
    attr = A.DenseElementsAttr(T.VectorType(S, et), v.data, v.splat)
    rw.replace(op, [L.b.create(llvm.ConstantOp, [], [L.llvm(rt)], properties={"value": attr}).results[0]])
    return True


def _vscale(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rw.replace(op, [L.b.create(_INTR["vscale"], [], [rw.converter.index_type]).results[0]])


def _scalable_insert(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    src, dest = L.operands()
    pos = op.prop("pos", A.IntegerAttr)
    rw.replace(
        op,
        [
            L.b.create(
                _INTR["vector.insert"], [dest, src], [dest.type], properties={"pos": A.IntegerAttr(pos.value, T.i64)}
            ).results[0]
        ],
    )


def _scalable_extract(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    src = L.operand(op.operands[0])
    pos = op.prop("pos", A.IntegerAttr)
    rw.replace(
        op,
        [
            L.b.create(
                _INTR["vector.extract"],
                [src],
                [L.llvm(op.result_types[0])],
                properties={"pos": A.IntegerAttr(pos.value, T.i64)},
            ).results[0]
        ],
    )


def core_patterns() -> dict[OpClass, Callable]:
    """The patterns of the vector ops that are neither reductions nor memory
    ops, by op class."""
    return {
        vector.BroadcastOp: _broadcast,
        vector.ExtractOp: _extract,
        vector.InsertOp: _insert,
        vector.FromElementsOp: _from_elements,
        vector.ToElementsOp: _to_elements,
        vector.ShuffleOp: _shuffle,
        vector.ExtractStridedSliceOp: _extract_strided_slice,
        vector.InsertStridedSliceOp: _insert_strided_slice,
        vector.ShapeCastOp: _shape_cast,
        vector.TransposeOp: _transpose,
        vector.BitCastOp: _bitcast,
        vector.FMAOp: _fma,
        vector.InterleaveOp: _interleave,
        vector.DeinterleaveOp: _deinterleave,
        vector.ConstantMaskOp: _constant_mask,
        vector.CreateMaskOp: _create_mask,
        vector.StepOp: _step,
        vector.VectorScaleOp: _vscale,
        vector.ScalableInsertOp: _scalable_insert,
        vector.ScalableExtractOp: _scalable_extract,
        arith.ConstantOp: nd_constant,
    }
