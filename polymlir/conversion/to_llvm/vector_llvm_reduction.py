"""``vector.reduction`` to the LLVM dialect, as upstream's
convert-vector-to-llvm lowers it.

- Unmasked: ``llvm.intr.vector.reduce.*``; an accumulator is the start
  value of the floating-point add/mul intrinsics, combined after the
  reduction otherwise (``llvm.add``, ..., ``llvm.icmp`` + ``llvm.select`` for
  the integer min/max kinds, ``llvm.intr.maximum``/``minnum``/... for the
  floating-point ones). ``reassociate-fp-reductions`` adds ``reassoc`` to
  the floating-point add and mul.
- Inside ``vector.mask``: the vector-predication intrinsics
  ``llvm.intr.vp.reduce.*`` (start value: the accumulator or the kind's
  neutral element; vector length: the lane count, times ``vscale`` for a
  scalable vector), except ``maximumf``/``minimumf``, which have none: the
  masked-off lanes are replaced (``llvm.select``) by -inf / +inf, then
  reduced unmasked. Upstream (LLVM 22) selects the smallest negative
  subnormal / the largest finite value there, which makes a masked
  ``maximumf`` of negative values return -1.4e-45 (and a ``minimumf`` of
  +inf values 3.4e38); polymlir keeps the right neutral values and so
  differs from upstream's output in those two constants.
"""

from __future__ import annotations

from collections.abc import Callable

from ...dialects import arith, llvm, vector
from ...dialects.builtin import UnrealizedConversionCastOp
from ...dialects.llvm import attrs as LA
from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation, Value
from ...ir.patterns import OpClass
from ..vector_lowering import kind_of, neutral
from .type_converter import LLVMRewriter
from .vector_to_llvm import VLower, scalable

_INTR = llvm.INTRINSICS

# vector.kind -> the reduction intrinsic and how an accumulator joins its
# result: an op of (acc, result), or an icmp predicate for acc-vs-result
# then select.
_INT_REDUCE: dict[str, tuple[OpClass, OpClass | int]] = {
    "add": (_INTR["vector.reduce.add"], llvm.AddOp),
    "mul": (_INTR["vector.reduce.mul"], llvm.MulOp),
    "and": (_INTR["vector.reduce.and"], llvm.AndOp),
    "or": (_INTR["vector.reduce.or"], llvm.OrOp),
    "xor": (_INTR["vector.reduce.xor"], llvm.XOrOp),
    "minsi": (_INTR["vector.reduce.smin"], 3),  # sle
    "maxsi": (_INTR["vector.reduce.smax"], 5),  # sge
    "minui": (_INTR["vector.reduce.umin"], 7),  # ule
    "maxui": (_INTR["vector.reduce.umax"], 9),  # uge
}
# vector.kind -> the reduction intrinsic and the op of (result, acc).
_FLOAT_MINMAX: dict[str, tuple[OpClass, OpClass]] = {
    "minnumf": (_INTR["vector.reduce.fmin"], _INTR["minnum"]),
    "maxnumf": (_INTR["vector.reduce.fmax"], _INTR["maxnum"]),
    "minimumf": (_INTR["vector.reduce.fminimum"], _INTR["minimum"]),
    "maximumf": (_INTR["vector.reduce.fmaximum"], _INTR["maximum"]),
}
# vector.kind -> the masked (vector-predication) intrinsic's name.
_VP_REDUCE = {
    "add": "add",
    "mul": "mul",
    "and": "and",
    "or": "or",
    "xor": "xor",
    "minsi": "smin",
    "maxsi": "smax",
    "minui": "umin",
    "maxui": "umax",
    "minnumf": "fmin",
    "maxnumf": "fmax",
}


def _fmf(op: Operation, reassoc: bool) -> dict:
    fm = op.props.get("fastmath")
    names = [n for n, bit in arith.FASTMATH_BITS.items() if fm is not None and getattr(fm, "value", 0) & bit]
    if reassoc and "reassoc" not in names:
        names.append("reassoc")
    return {"fastmathFlags": LA.FastmathFlagsAttr.of(*names)} if names else {}


def _join(L: VLower, kind: str, et: T.Type, acc: Value | None, r: Value) -> Value:
    """The reduction's result ``r`` joined with the accumulator."""
    if acc is None:
        return r
    if isinstance(et, T.FloatType):
        return L.op_call(_FLOAT_MINMAX[kind][1], [r, acc], et)
    comb = _INT_REDUCE[kind][1]
    if isinstance(comb, int):
        cmp = L.b.create(llvm.ICmpOp, [acc, r], [T.i1], properties={"predicate": A.IntegerAttr(comb, T.i64)})
        return L.op_call(llvm.SelectOp, [cmp.results[0], acc, r], et)
    return L.op_call(comb, [acc, r], et)


def make_reduction(op: Operation, rw: LLVMRewriter, reassoc: bool = False) -> bool:
    """An unmasked ``vector.reduction`` (one inside ``vector.mask`` is the
    mask's pattern's)."""
    if isinstance(op.parent_op, vector.MaskOp):
        return False
    L = VLower(op, rw)
    kind = kind_of(op.props["kind"])
    v = L.operand(op.operands[0])
    acc = L.operand(op.operands[1]) if len(op.operands) > 1 else None
    et = T.of_kind(v.type, T.VectorType).element_type
    if isinstance(et, T.FloatType) and kind in ("add", "mul"):
        reduce = _INTR["vector.reduce.fadd"] if kind == "add" else _INTR["vector.reduce.fmul"]
        start = acc if acc is not None else L.const(0.0 if kind == "add" else 1.0, et)
        r = L.op_call(reduce, [start, v], et, **_fmf(op, reassoc))
    elif isinstance(et, T.FloatType):
        r = _join(L, kind, et, acc, L.op_call(_FLOAT_MINMAX[kind][0], [v], et, **_fmf(op, False)))
    else:
        r = _join(L, kind, et, acc, L.op_call(_INT_REDUCE[kind][0], [v], et))
    rw.replace(op, [r])
    return True


def _float_layout(t: T.Type) -> tuple[int, int] | None:
    """(exponent bits, fraction bits) of an IEEE binary format."""
    if not isinstance(t, T.FloatType) or t.name not in ("f16", "bf16", "f32", "f64"):
        return None
    kind = T.FLOAT_KINDS[t.name]
    width, mantissa, _ = kind
    return width - mantissa, mantissa - 1


def _quiet_nan(t: T.Type, negative: bool) -> A.FloatAttr:
    layout = _float_layout(t)
    assert layout is not None, f"no quiet NaN for {t}"
    e, f = layout
    bits = (int(negative) << (e + f)) | (((1 << e) - 1) << f) | (1 << (f - 1))
    return A.FloatAttr(float("nan"), t, bits)


def _vp_start(kind: str, et: T.Type) -> A.Attribute:
    """The start value of a masked reduction without accumulator: the
    kind's neutral element, but a quiet NaN (negative for ``minnumf``) for
    the floating-point min/max kinds, as upstream picks them."""
    if isinstance(et, T.FloatType):
        if kind in ("minnumf", "maxnumf"):
            return _quiet_nan(et, kind == "minnumf")
        return A.FloatAttr(neutral(kind, et), et)
    return A.IntegerAttr(neutral(kind, et), et)


def _vector_length(L: VLower, vt: T.VectorType) -> Value:
    """The lane count as an i32, times ``vscale`` for a scalable vector."""
    n = L.i32(vt.shape[0])
    if not scalable(vt):
        return n
    vs = L.b.create(_INTR["vscale"], [], [L.rw.converter.index_type]).results[0]
    vs = L.b.create(UnrealizedConversionCastOp, [vs], [T.index]).results[0]
    vs = L.b.create(arith.IndexCastOp, [vs], [T.i32]).results[0]
    return L.b.create(arith.MulIOp, [n, vs], [T.i32]).results[0]


def masked_reduction(op: Operation, rw: LLVMRewriter) -> bool:
    """``vector.mask`` around a ``vector.reduction``."""
    body = op.regions[0].blocks[0].operations
    red = body[0] if len(body) == 2 else None
    if not isinstance(red, vector.ReductionOp):
        return False
    L = VLower(op, rw)
    kind = kind_of(red.props["kind"])
    mask = L.operand(op.operands[0])
    v = L.operand(red.operands[0])
    acc = L.operand(red.operands[1]) if len(red.operands) > 1 else None
    vt = T.of_kind(v.type, T.VectorType)
    et = vt.element_type
    if kind in ("maximumf", "minimumf"):
        neutral = L.dense(vt, [float("-inf") if kind == "maximumf" else float("inf")] * vt.shape[0])
        selected = L.op_call(llvm.SelectOp, [mask, v, neutral], vt)
        reduced = L.op_call(_FLOAT_MINMAX[kind][0], [selected], et, **_fmf(red, False))
        rw.replace(op, [_join(L, kind, et, acc, reduced)])
        return True
    if acc is None:
        acc = L.b.create(llvm.ConstantOp, [], [et], properties={"value": _vp_start(kind, et)}).results[0]
    name = _VP_REDUCE[kind]
    if isinstance(et, T.FloatType):
        name = "f" + name if kind in ("add", "mul") else name
    r = L.op_call(_INTR[f"vp.reduce.{name}"], [acc, v, mask, _vector_length(L, vt)], et)
    rw.replace(op, [r])
    return True


def reduction_patterns(reassoc: bool = False) -> dict[OpClass, Callable]:
    """The patterns of ``vector.reduction``, masked or not, by op class."""
    return {
        vector.ReductionOp: lambda op, rw: make_reduction(op, rw, reassoc),
        vector.MaskOp: masked_reduction,
    }
