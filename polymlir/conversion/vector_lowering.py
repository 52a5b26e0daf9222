"""Vector-to-vector lowerings (upstream's ``Dialect/Vector/Transforms``):
the high-level vector ops rewritten into the few ops the LLVM conversion
handles directly (extract/insert, broadcast, transpose, shape_cast,
reduction, fma, arith on vectors).

- ``vector.contract``: the "dot" lowering of matmat/matvec layouts (rows of
  the lhs times rows of the transposed rhs, one ``vector.reduction`` per
  result element, then ``+ acc``), otherwise upstream's progressive
  lowering (unroll parallel dims, then reduction dims, down to 1-D
  ``mul + vector.reduction`` with the accumulator);
- ``vector.outerproduct``: one ``vector.fma`` (or mul and combine) per row;
- ``vector.multi_reduction``: transpose the reduced dims innermost, then one
  ``vector.reduction`` per kept element;
- ``vector.mask``: the mask folded into the masked op (transfers, gathers,
  scatters) or applied with ``arith.select`` (reductions, contractions,
  outer products);
- ``vector.scan``: unrolled along the scanned dimension.

The helpers (``extract``, ``insert``, ``broadcast``, ...) build vector-dialect
ops and are shared with ``convert-vector-to-scf``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..dialects import arith, vector
from ..dialects.vector.custom_form import iterator_type_name
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineDimExpr, dim
from ..ir.affine_map import AffineMap
from ..ir.builder import Builder
from ..ir.core import Operation, Value
from ..ir.diagnostics import DiagnosticError
from ..ir.patterns import OpClass, PatternRewriter, PatternSet
from ..ir.rewriting import apply_conversion

DYN = T.DYNAMIC

# -- building vector-dialect ops ---------------------------------------------------------


def i64_array(vals: Sequence[int]) -> A.DenseArrayAttr:
    return A.DenseArrayAttr(T.i64, tuple(vals))


def kind_attr(name: str) -> A.OpaqueAttr:
    return A.OpaqueAttr(f"vector.kind<{name}>")


def kind_of(a: A.Attribute) -> str:
    text = a.text if isinstance(a, A.OpaqueAttr) else str(a)
    return text[text.find("<") + 1 : text.rfind(">")]


def vec(shape: Sequence[int], et: T.Type) -> T.VectorType:
    return T.VectorType(tuple(shape), et)


def elem_type(t: T.Type) -> T.Type:
    return t.element_type if isinstance(t, T.VectorType) else t


def is_float(t: T.Type) -> bool:
    return isinstance(elem_type(t), T.FloatType)


def extract(b: Builder, v: Value, pos: Sequence[int | Value]) -> Value:
    """``vector.extract v[pos]`` (ints are static, Values dynamic positions)."""
    vt = T.of_kind(v.type, T.VectorType)
    if not pos and vt.rank:
        return v
    static = [p if isinstance(p, int) else DYN for p in pos]
    dyn = [p for p in pos if not isinstance(p, int)]
    k = len(pos)
    rt = vt.element_type if k == vt.rank else T.VectorType(vt.shape[k:], vt.element_type, vt.scalable_dims[k:])
    return b.create(vector.ExtractOp, [v, *dyn], [rt], properties={"static_position": i64_array(static)}).results[0]


def insert(b: Builder, val: Value, dest: Value, pos: Sequence[int | Value]) -> Value:
    """``vector.insert val, dest[pos]``."""
    if not pos and val.type == dest.type:
        return val
    static = [p if isinstance(p, int) else DYN for p in pos]
    dyn = [p for p in pos if not isinstance(p, int)]
    return b.create(
        vector.InsertOp, [val, dest, *dyn], [dest.type], properties={"static_position": i64_array(static)}
    ).results[0]


def broadcast(b: Builder, v: Value, t: T.Type) -> Value:
    if v.type == t:
        return v
    return b.create(vector.BroadcastOp, [v], [t]).results[0]


def transpose(b: Builder, v: Value, perm: Sequence[int]) -> Value:
    if list(perm) == sorted(perm):
        return v
    vt = T.of_kind(v.type, T.VectorType)
    rt = vec([vt.shape[p] for p in perm], vt.element_type)
    return b.create(vector.TransposeOp, [v], [rt], properties={"permutation": i64_array(perm)}).results[0]


def shape_cast(b: Builder, v: Value, t: T.VectorType) -> Value:
    if v.type == t:
        return v
    return b.create(vector.ShapeCastOp, [v], [t]).results[0]


def reduction(b: Builder, kind: str, v: Value, acc: Value | None = None, fastmath: A.Attribute | None = None) -> Value:
    props: dict = {"kind": kind_attr(kind)}
    if fastmath is not None:
        props["fastmath"] = fastmath
    ops = [v] if acc is None else [v, acc]
    et = T.of_kind(v.type, T.VectorType).element_type
    return b.create(vector.ReductionOp, ops, [et], properties=props).results[0]


def constant(b: Builder, t: T.Type, value) -> Value:
    """A splat constant (``value`` a Python number or bool)."""
    et = elem_type(t)
    if isinstance(et, T.FloatType):
        scalar: A.Attribute = A.FloatAttr(A.round_float(float(value), et), et)
        data = A.round_float(float(value), et)
    elif et == T.i1:
        scalar = A.BoolAttr(bool(value))
        data = bool(value)
    else:
        scalar = A.IntegerAttr(int(value), et)
        data = int(value)
    attr = A.DenseElementsAttr(t, (data,), True) if isinstance(t, T.VectorType) else scalar
    return b.create(arith.ConstantOp, [], [t], properties={"value": attr}).results[0]


def zero(b: Builder, t: T.Type) -> Value:
    return constant(b, t, 0)


def same_type_op(b: Builder, kind: OpClass, *xs: Value) -> Value:
    """An op of class ``kind`` on ``xs`` whose result has their type."""
    return b.create(kind, list(xs), [xs[0].type]).results[0]


def mul(b: Builder, x: Value, y: Value) -> Value:
    return same_type_op(b, arith.MulFOp if is_float(x.type) else arith.MulIOp, x, y)


def add(b: Builder, x: Value, y: Value) -> Value:
    return same_type_op(b, arith.AddFOp if is_float(x.type) else arith.AddIOp, x, y)


def select(b: Builder, c: Value, x: Value, y: Value) -> Value:
    return b.create(arith.SelectOp, [c, x, y], [x.type]).results[0]


# vector.kind -> the arith op combining two values (add and mul: by type).
_COMBINE: dict[str, OpClass | None] = {
    "add": None,
    "mul": None,
    "minui": arith.MinUIOp,
    "minsi": arith.MinSIOp,
    "maxui": arith.MaxUIOp,
    "maxsi": arith.MaxSIOp,
    "and": arith.AndIOp,
    "or": arith.OrIOp,
    "xor": arith.XOrIOp,
    "minnumf": arith.MinNumFOp,
    "maxnumf": arith.MaxNumFOp,
    "minimumf": arith.MinimumFOp,
    "maximumf": arith.MaximumFOp,
}


def combine(b: Builder, kind: str, x: Value, y: Value) -> Value:
    """``x <kind> y`` (upstream's ``makeArithReduction``)."""
    if kind == "add":
        return add(b, x, y)
    if kind == "mul":
        return mul(b, x, y)
    combiner = _COMBINE.get(kind)
    if combiner is None:
        raise DiagnosticError(f"unsupported combining kind '{kind}'", b.loc)
    return same_type_op(b, combiner, x, y)


def neutral(kind: str, et: T.Type):
    """The neutral element of ``kind`` (for masked-off lanes)."""
    if isinstance(et, T.FloatType):
        return {
            "add": 0.0,
            "mul": 1.0,
            "minnumf": math.inf,
            "maxnumf": -math.inf,
            "minimumf": math.inf,
            "maximumf": -math.inf,
        }[kind]
    w = 64 if isinstance(et, T.IndexType) else T.of_kind(et, T.IntegerType).width
    return (
        {
            "add": 0,
            "mul": 1,
            "or": 0,
            "xor": 0,
            "maxui": 0,
            "and": -1,
            "minui": -1,
            "minsi": (1 << (w - 1)) - 1,
            "maxsi": -(1 << (w - 1)),
        }[kind]
        if w > 1
        else {"add": 0, "mul": 1, "or": 0, "xor": 0, "maxui": 0, "and": 1, "minui": 1, "minsi": 0, "maxsi": 1}[kind]
    )


def fma(b: Builder, x: Value, y: Value, z: Value) -> Value:
    if isinstance(x.type, T.VectorType):
        return b.create(vector.FMAOp, [x, y, z], [x.type]).results[0]
    return add(b, mul(b, x, y), z)


# -- slicing along a dimension (upstream's reshapeLoad / reshapeStore) --------------------


def slice_dim(b: Builder, v: Value, k: int, i: int) -> Value:
    """``v`` with dimension ``k`` fixed to ``i`` (one rank less)."""
    vt = T.of_kind(v.type, T.VectorType)
    if k == 0:
        return extract(b, v, [i])
    rt = vec(vt.shape[:k] + vt.shape[k + 1 :], vt.element_type)
    res = zero(b, rt)
    for j in range(vt.shape[0]):
        res = insert(b, slice_dim(b, extract(b, v, [j]), k - 1, i), res, [j])
    return res


def insert_dim(b: Builder, dest: Value, val: Value, k: int, i: int) -> Value:
    """``dest`` with the slice at index ``i`` of dimension ``k`` set to ``val``."""
    if k == 0:
        return insert(b, val, dest, [i])
    dt = T.of_kind(dest.type, T.VectorType)
    for j in range(dt.shape[0]):
        sub = insert_dim(b, extract(b, dest, [j]), extract(b, val, [j]), k - 1, i)
        dest = insert(b, sub, dest, [j])
    return dest


# -- vector.contract ----------------------------------------------------------------------------


def _map_pos(m: AffineMap, d: int) -> int:
    for i, r in enumerate(m.results):
        if isinstance(r, AffineDimExpr) and r.position == d:
            return i
    return -1


def _drop_dim(m: AffineMap, d: int) -> AffineMap:
    """``m`` without the results on iteration dim ``d`` (later dims renumbered)."""
    res = []
    for r in m.results:
        assert isinstance(r, AffineDimExpr)
        if r.position == d:
            continue
        res.append(dim(r.position - (r.position > d)))
    return AffineMap(m.num_dims - 1, 0, tuple(res))


def _slice_opt(b: Builder, v: Value, m: AffineMap, d: int, i: int) -> Value:
    p = _map_pos(m, d)
    return v if p < 0 else slice_dim(b, v, p, i)


class _Contraction:
    """One (virtual) contraction: ``acc <kind>= sum(lhs * rhs)`` over the
    iteration space; ``mask`` (iteration-space shaped) may be None."""

    def __init__(self, b: Builder, kind: str, fastmath: A.Attribute | None):
        self.b = b
        self.kind = kind
        self.fastmath = fastmath

    def lower(
        self, lhs: Value, rhs: Value, acc: Value, maps: list[AffineMap], its: list[str], mask: Value | None
    ) -> Value:
        b = self.b
        lm, rm, am = maps
        bounds = self._bounds(lhs, rhs, acc, maps, len(its))
        if not its:  # all scalars
            r = combine(b, self.kind, acc, mul(b, lhs, rhs)) if self.kind != "add" else fma(b, lhs, rhs, acc)
            return select(b, mask, r, acc) if mask is not None else r
        par = [d for d, k in enumerate(its) if k == "parallel"]
        if par:
            # Batch dims first, then free lhs dims, then free rhs dims (as upstream).
            batch = [d for d in par if _map_pos(lm, d) >= 0 and _map_pos(rm, d) >= 0]
            free_l = [d for d in par if _map_pos(lm, d) >= 0]
            d = (batch or free_l or par)[0]
            ap = _map_pos(am, d)
            res = zero(b, acc.type)
            nmaps = [_drop_dim(x, d) for x in maps]
            nits = its[:d] + its[d + 1 :]
            for i in range(bounds[d]):
                sub = self.lower(
                    _slice_opt(b, lhs, lm, d, i),
                    _slice_opt(b, rhs, rm, d, i),
                    slice_dim(b, acc, ap, i),
                    nmaps,
                    nits,
                    slice_dim(b, mask, d, i) if mask is not None else None,
                )
                res = insert_dim(b, res, sub, ap, i)
            return res
        # Only reduction dims remain: acc is a scalar.
        if len(its) == 1 and isinstance(lhs.type, T.VectorType) and isinstance(rhs.type, T.VectorType):
            prod = mul(b, lhs, rhs)
            if mask is not None:
                prod = select(b, mask, prod, constant(b, prod.type, neutral(self.kind, elem_type(prod.type))))
            return reduction(b, self.kind, prod, acc, self.fastmath)
        d = 0
        nmaps = [_drop_dim(x, d) for x in maps]
        res = acc
        for i in range(bounds[d]):
            res = self.lower(
                _slice_opt(b, lhs, lm, d, i),
                _slice_opt(b, rhs, rm, d, i),
                res,
                nmaps,
                its[1:],
                slice_dim(b, mask, d, i) if mask is not None else None,
            )
        return res

    @staticmethod
    def _bounds(lhs, rhs, acc, maps, n) -> list[int]:
        bounds = [1] * n
        for v, m in zip((lhs, rhs, acc), maps, strict=True):
            if isinstance(v.type, T.VectorType):
                for i, r in enumerate(m.results):
                    bounds[r.position] = v.type.shape[i]
        return bounds


def _dot_lowering(b: Builder, op: Operation, its: list[str], maps: list[AffineMap]) -> Value | None:
    """Upstream's ContractionOpToDotLowering (matmat / matvec layouts)."""
    lhs, rhs, acc = op.operands[:3]
    m_, n_, k_ = dim(0), dim(1), dim(2)

    def layout(*ls) -> bool:
        return [list(x.results) for x in maps] == [list(x) for x in ls] and all(x.num_dims == len(its) for x in maps)

    def t(v: Value) -> Value:
        return transpose(b, v, [1, 0])

    if its == ["parallel", "parallel", "reduction"]:
        if layout((m_, k_), (k_, n_), (m_, n_)):
            rhs = t(rhs)
        elif layout((m_, k_), (n_, k_), (m_, n_)):
            pass
        elif layout((k_, m_), (k_, n_), (m_, n_)):
            lhs, rhs = t(lhs), t(rhs)
        elif layout((k_, m_), (n_, k_), (m_, n_)):
            lhs = t(lhs)
        elif layout((m_, k_), (k_, n_), (n_, m_)):
            lhs, rhs = t(rhs), lhs
        elif layout((m_, k_), (n_, k_), (n_, m_)):
            lhs, rhs = rhs, lhs
        elif layout((k_, m_), (k_, n_), (n_, m_)):
            lhs, rhs = t(rhs), t(lhs)
        elif layout((k_, m_), (n_, k_), (n_, m_)):
            lhs, rhs = rhs, t(lhs)
        else:
            return None
    elif its == ["parallel", "reduction"]:
        m_, n_ = dim(0), dim(1)
        if layout((m_, n_), (n_,), (m_,)):
            pass
        elif layout((n_, m_), (n_,), (m_,)):
            lhs = t(lhs)
        elif layout((n_,), (m_, n_), (m_,)):
            lhs, rhs = rhs, lhs
        elif layout((n_,), (n_, m_), (m_,)):
            lhs, rhs = t(rhs), lhs
        else:
            return None
    else:
        return None
    dt = T.of_kind(op.result_types[0], T.VectorType)
    rows, cols = dt.shape[0], (dt.shape[1] if dt.rank == 2 else 1)
    fm = op.props.get("fastmath")
    res = zero(b, dt)
    col_vals: list[Value] = []
    for r in range(rows):
        row = extract(b, lhs, [r])
        for c in range(cols):
            if r == 0:
                col_vals.append(rhs if dt.rank == 1 else extract(b, rhs, [c]))
            s = reduction(b, "add", mul(b, row, col_vals[c]), None, fm)
            res = insert(b, s, res, [r] if dt.rank == 1 else [r, c])
    return add(b, res, acc)


def _outerproduct_lowering(
    b: Builder, op: Operation, its: list[str], maps: list[AffineMap], kind: str, mask: Value | None
) -> Value | None:
    """Upstream's ContractionOpToOuterProductOpLowering: one reduction dim,
    one or two parallel dims; the operands are made k-major and the result
    accumulates one outer product per k."""
    red = [d for d, k in enumerate(its) if k == "reduction"]
    if len(red) != 1 or len(its) not in (2, 3):
        return None
    k = red[0]

    def k_major(v: Value, m: AffineMap):
        dims = [r.position for r in m.results if isinstance(r, AffineDimExpr)]
        assert len(dims) == len(m.results), "contraction maps are projected permutations"
        if k not in dims or len(dims) > 2:
            return None
        if len(dims) == 1:
            return v, None
        other = dims[1 - dims.index(k)]
        return (transpose(b, v, [1, 0]) if dims.index(k) == 1 else v), other

    lhs, rhs, acc = op.operands[:3]
    lk, rk = k_major(lhs, maps[0]), k_major(rhs, maps[1])
    if lk is None or rk is None:
        return None
    acc_dims = [r.position for r in maps[2].results if isinstance(r, AffineDimExpr)]
    assert len(acc_dims) == len(maps[2].results), "contraction maps are projected permutations"
    if len(acc_dims) == 2 and {lk[1], rk[1]} == set(acc_dims):
        first, second = (lk, rk) if acc_dims[0] == lk[1] else (rk, lk)
    elif len(acc_dims) == 1 and {lk[1], rk[1]} == {acc_dims[0], None}:
        first, second = (lk, rk) if lk[1] is not None else (rk, lk)
    else:
        return None
    par = [d for d in range(len(its)) if d != k]
    res = acc
    for i in range(T.of_kind(lhs.type, T.VectorType).shape[_map_pos(maps[0], k)]):
        m = None
        if mask is not None:
            m = slice_dim(b, mask, k, i)
            if len(acc_dims) == 2 and par != acc_dims:
                m = transpose(b, m, [1, 0])
        res = outer_product(b, extract(b, first[0], [i]), extract(b, second[0], [i]), res, kind, m)
    return res


def lower_contract(op: Operation, mask: Value | None = None, strategy: str = "dot") -> Value:
    """The value computed by ``vector.contract`` ``op`` (built before it);
    ``strategy`` is upstream's ``vector-contract-lowering`` (dot or
    outerproduct; other contractions use the progressive lowering)."""

    b = Builder.before(op)
    maps = [m.value for m in op.prop("indexing_maps", A.ArrayAttr)]
    its = [iterator_type_name(x) or "" for x in op.prop("iterator_types", A.ArrayAttr)]
    kind = kind_of(op.props["kind"])
    if any(isinstance(v.type, T.VectorType) and v.type.scalable_dims for v in op.operands[:2]):
        raise DiagnosticError("scalable vector.contract is not supported", op.loc)
    if strategy == "outerproduct":
        r = _outerproduct_lowering(b, op, its, maps, kind, mask)
        if r is not None:
            return r
    elif mask is None and kind == "add":
        r = _dot_lowering(b, op, its, maps)
        if r is not None:
            return r
    # Reduction dims of the acc map are absent; the mask is in iteration order.
    lhs, rhs, acc = op.operands[:3]
    return _Contraction(b, kind, op.props.get("fastmath")).lower(lhs, rhs, acc, maps, its, mask)


# -- vector.outerproduct ----------------------------------------------------------------------


def outer_product(b: Builder, lhs: Value, rhs: Value, acc: Value | None, kind: str, mask: Value | None = None) -> Value:
    """The value of ``vector.outerproduct lhs, rhs[, acc]`` (rows of fma, or
    mul and combine; masked-off lanes keep the accumulator)."""
    lhs_t = T.of_kind(lhs.type, T.VectorType)
    et = lhs_t.element_type
    m_ = lhs_t.shape[0]

    def one(x: Value, y: Value, a: Value | None, m: Value | None) -> Value:
        if a is None:
            r = mul(b, x, y)
        elif kind == "add" and is_float(x.type):
            r = fma(b, x, y, a)
        else:
            r = combine(b, kind, mul(b, x, y), a)
        if m is not None:
            r = select(b, m, r, a if a is not None else zero(b, r.type))
        return r

    if not isinstance(rhs.type, T.VectorType):  # AXPY
        return one(lhs, broadcast(b, rhs, vec([m_], et)), acc, mask)
    row_t = vec(rhs.type.shape, et)
    res = zero(b, vec([m_, row_t.shape[0]], et))
    for i in range(m_):
        a = broadcast(b, extract(b, lhs, [i]), row_t)
        r = one(
            a,
            rhs,
            extract(b, acc, [i]) if acc is not None else None,
            extract(b, mask, [i]) if mask is not None else None,
        )
        res = insert(b, r, res, [i])
    return res


def lower_outerproduct(op: Operation, mask: Value | None = None) -> Value:
    acc = op.operands[2] if len(op.operands) > 2 else None
    kind = kind_of(op.props.get("kind", kind_attr("add")))
    return outer_product(Builder.before(op), op.operands[0], op.operands[1], acc, kind, mask)


# -- vector.multi_reduction -----------------------------------------------------------------


def lower_multi_reduction(op: Operation, mask: Value | None = None) -> Value:
    b = Builder.before(op)
    src, acc = op.operands[0], op.operands[1]
    st = T.of_kind(src.type, T.VectorType)
    kind = kind_of(op.props["kind"])
    red = sorted(set(op.prop("reduction_dims", A.DenseArrayAttr).values))
    keep = [i for i in range(st.rank) if i not in red]
    perm = keep + red
    src = transpose(b, src, perm)
    if mask is not None:
        mask = transpose(b, mask, perm)
    q = math.prod(st.shape[i] for i in red)
    et = st.element_type
    if not red:
        return src if mask is None else select(b, mask, src, acc)
    if not keep:
        flat = shape_cast(b, src, vec([q], et))
        if mask is not None:
            flat = select(b, shape_cast(b, mask, vec([q], T.i1)), flat, constant(b, flat.type, neutral(kind, et)))
        return reduction(b, kind, flat, acc)
    p = math.prod(st.shape[i] for i in keep)
    flat = shape_cast(b, src, vec([p, q], et))
    fmask = shape_cast(b, mask, vec([p, q], T.i1)) if mask is not None else None
    acc_t = T.of_kind(acc.type, T.VectorType)
    facc = shape_cast(b, acc, vec([p], et))
    res = zero(b, vec([p], et))
    neutral_row = constant(b, vec([q], et), neutral(kind, et)) if mask is not None else None
    for i in range(p):
        row = extract(b, flat, [i])
        if fmask is not None:
            assert neutral_row is not None, "made with the mask"
            row = select(b, extract(b, fmask, [i]), row, neutral_row)
        res = insert(b, reduction(b, kind, row, extract(b, facc, [i])), res, [i])
    return shape_cast(b, res, acc_t)


# -- vector.scan --------------------------------------------------------------------------------


def lower_scan(op: Operation) -> list[Value]:
    """Unrolled along the scanned dimension (upstream's ScanToArithOps):
    inclusive ``dest[i] = x_0 <kind> ... <kind> x_i``; exclusive
    ``dest[0] = init``, ``dest[i] = dest[i-1] <kind> x_{i-1}``; the
    accumulated value is the last ``dest`` slice."""
    b = Builder.before(op)
    src, init = op.operands
    st = T.of_kind(src.type, T.VectorType)
    kind = kind_of(op.props["kind"])
    d = op.prop("reduction_dim", A.IntegerAttr).value
    inclusive = bool(op.prop("inclusive", A.IntegerAttr).value)
    res = zero(b, st)
    out: Value | None = None
    last_in: Value | None = None
    for i in range(st.shape[d]):
        x = slice_dim(b, src, d, i)
        if i == 0:
            out = x if inclusive else (extract(b, init, []) if st.rank == 1 else init)
        else:
            assert out is not None and last_in is not None, "set by the first iteration"
            out = combine(b, kind, out, x if inclusive else last_in)
        res = insert_dim(b, res, out, d, i)
        last_in = x
    assert out is not None, "the scanned dimension is not empty"
    acc = out  # upstream's accumulated value is the last output, in both modes
    if not isinstance(acc.type, T.VectorType):
        acc = broadcast(b, acc, init.type)
    return [res, acc]


# -- vector.mask ------------------------------------------------------------------------------


# The ops with a mask operand (second to last).
_MASKED_MEMORY_OPS = (
    vector.GatherOp,
    vector.ScatterOp,
    vector.MaskedLoadOp,
    vector.MaskedStoreOp,
    vector.ExpandLoadOp,
    vector.CompressStoreOp,
)


def _mask_to(b: Builder, mask: Value, extra: Value | None) -> Value:
    if extra is None:
        return mask
    return same_type_op(b, arith.AndIOp, mask, extra)


def lower_mask(op: Operation, contract_lowering: str = "dot") -> None:
    """Unwrap ``vector.mask``: the masked op gets the mask (or a select)."""
    b = Builder.before(op)
    mask = op.operands[0]
    passthru = op.operands[1] if len(op.operands) > 1 else None
    body = op.regions[0].blocks[0]
    ops = list(body.operations)
    term = ops[-1]
    if len(ops) == 1:
        op.replace_all_uses_with(list(term.operands))
        op.erase()
        return
    inner = ops[0]
    name = inner.name  # for the messages
    results: list[Value]
    if isinstance(inner, (vector.ContractionOp, vector.OuterProductOp, vector.MultiDimReductionOp)):
        inner.detach()
        b.insert(inner)
        if isinstance(inner, vector.ContractionOp):
            results = [lower_contract(inner, mask, contract_lowering)]
        elif isinstance(inner, vector.OuterProductOp):
            results = [lower_outerproduct(inner, mask)]
        else:
            results = [lower_multi_reduction(inner, mask)]
        op.replace_all_uses_with(results)
        op.erase()
        inner.erase()
        return
    elif isinstance(inner, vector.ReductionOp):
        v = inner.operands[0]
        kind = kind_of(inner.props["kind"])
        masked = select(b, mask, v, constant(b, v.type, neutral(kind, elem_type(v.type))))
        inner.detach()
        b.insert(inner)
        inner.set_operand(0, masked)
        results = list(inner.results)
    else:
        inner.detach()
        b.insert(inner)
        if isinstance(inner, (vector.TransferReadOp, vector.TransferWriteOp)):
            _set_transfer_mask(inner, mask)
        elif isinstance(inner, _MASKED_MEMORY_OPS):
            # The mask operand is second to last in all of them.
            idx = len(inner.operands) - 2
            inner.set_operand(idx, _mask_to(Builder.before(inner), mask, inner.operands[idx]))
            if passthru is not None and isinstance(inner, vector.GatherOp):
                inner.set_operand(len(inner.operands) - 1, passthru)
                passthru = None
        else:
            raise DiagnosticError(f"'vector.mask' of '{name}' is not supported by the lowering", op.loc)
        results = list(inner.results)
        if passthru is not None and results:
            pm = inner.opt_prop("permutation_map", A.AffineMapAttr)
            exprs = pm.value.results if pm is not None else ()
            dims = [r.position for r in exprs if isinstance(r, AffineDimExpr)]
            ordered = len(dims) == len(exprs) and dims == sorted(dims)
            mask_shape = T.of_kind(mask.type, T.VectorType).shape
            if not ordered or mask_shape != T.of_kind(results[0].type, T.ShapedType).shape:
                raise DiagnosticError(
                    "'vector.mask' with a pass-through around a permuting or broadcasting "
                    f"'{name}' is not supported by the lowering",
                    op.loc,
                )
            results = [select(Builder.after(inner), mask, results[0], passthru)]
    op.replace_all_uses_with(results)
    op.erase()


def _set_transfer_mask(op: Operation, mask: Value) -> None:
    seg = list(op.prop("operandSegmentSizes", A.DenseArrayAttr).values)
    if seg[3]:
        old = op.operands[-1]
        op.set_operand(len(op.operands) - 1, same_type_op(Builder.before(op), arith.AndIOp, old, mask))
        return
    op.set_operands(list(op.operands) + [mask])
    seg[3] = 1
    op.props["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, tuple(seg))


# -- driver ------------------------------------------------------------------------------------


def _replacing(fn: Callable[[Operation], Value]) -> Callable[[Operation, PatternRewriter], None]:
    """A pattern replacing an op by the one value ``fn`` builds for it."""

    def pattern(op: Operation, rw: PatternRewriter) -> None:
        v = fn(op)
        op.replace_all_uses_with([v])
        op.erase()

    pattern.__name__ = fn.__name__
    return pattern


def _scan(op: Operation, rw: PatternRewriter) -> None:
    vals = lower_scan(op)
    op.replace_all_uses_with(vals)
    op.erase()


def _mask_pattern(contract_lowering: str) -> Callable[[Operation, PatternRewriter], bool]:
    """``vector.mask`` unwrapped, except around a ``vector.reduction``, which
    convert-vector-to-llvm turns into a vector-predication intrinsic."""

    def mask(op: Operation, rw: PatternRewriter) -> bool:
        body = op.regions[0].blocks[0].operations
        if len(body) == 2 and isinstance(body[0], vector.ReductionOp):
            return False
        lower_mask(op, contract_lowering)
        return True

    return mask


def vector_patterns(contract_lowering: str = "dot") -> PatternSet:
    """The vector-to-vector lowerings; an op inside ``vector.mask`` is
    lowered with its mask."""

    def unmasked(
        fn: Callable[[Operation, PatternRewriter], bool | None],
    ) -> Callable[[Operation, PatternRewriter], bool]:
        def pattern(op: Operation, rw: PatternRewriter) -> bool:
            if isinstance(op.parent_op, vector.MaskOp):
                return False
            return fn(op, rw) is not False

        pattern.__name__ = fn.__name__
        return pattern

    return PatternSet.from_table(
        {
            vector.MaskOp: unmasked(_mask_pattern(contract_lowering)),
            vector.ContractionOp: unmasked(_replacing(lambda o: lower_contract(o, None, contract_lowering))),
            vector.OuterProductOp: unmasked(_replacing(lower_outerproduct)),
            vector.MultiDimReductionOp: unmasked(_replacing(lower_multi_reduction)),
            vector.ScanOp: unmasked(_scan),
        }
    )


def lower_vector_ops(root: Operation, contract_lowering: str = "dot") -> None:
    """Apply the vector-to-vector lowerings to every op nested in ``root``."""
    apply_conversion(root, vector_patterns(contract_lowering))
