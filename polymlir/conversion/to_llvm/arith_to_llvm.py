"""``convert-arith-to-llvm``: arith ops on scalars and 1-D vectors to LLVM
dialect ops (n-D vector operands are unrolled over their outer dims as
upstream does), plus the expansions upstream's ``arith-expand`` performs for
ops LLVM has no instruction for (ceildivsi, floordivsi, ceildivui), built as
arith ops and lowered one by one, as upstream's pass does.

As upstream, an op on a float type LLVM lacks (the f8/f6/f4 types, which
become integers of their width) or on a type with no LLVM counterpart is
left as it is (only select, constant and bitcast move such values)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ...dialects import arith, llvm
from ...dialects.llvm import attrs as LA
from ...dialects.llvm.types import LLVMStructType
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, Value
from ...ir.patterns import OpClass, PatternSet
from ...ir.rewriting import apply_conversion
from ...transforms.passes.manager import ModulePass, PassContext, register_pass
from .lowering_helpers import constant, constant_int, extract, insert, poison
from .type_converter import LLVMRewriter, LLVMTypeConverter, llvm_float

_INTR = llvm.INTRINSICS
# The arith ops that are one LLVM op (or intrinsic) each.
_BINARY: dict[OpClass, OpClass] = {
    arith.AddIOp: llvm.AddOp,
    arith.SubIOp: llvm.SubOp,
    arith.MulIOp: llvm.MulOp,
    arith.DivSIOp: llvm.SDivOp,
    arith.DivUIOp: llvm.UDivOp,
    arith.RemSIOp: llvm.SRemOp,
    arith.RemUIOp: llvm.URemOp,
    arith.AndIOp: llvm.AndOp,
    arith.OrIOp: llvm.OrOp,
    arith.XOrIOp: llvm.XOrOp,
    arith.ShLIOp: llvm.ShlOp,
    arith.ShRSIOp: llvm.AShrOp,
    arith.ShRUIOp: llvm.LShrOp,
    arith.AddFOp: llvm.FAddOp,
    arith.SubFOp: llvm.FSubOp,
    arith.MulFOp: llvm.FMulOp,
    arith.DivFOp: llvm.FDivOp,
    arith.RemFOp: llvm.FRemOp,
    arith.MaxSIOp: _INTR["smax"],
    arith.MinSIOp: _INTR["smin"],
    arith.MaxUIOp: _INTR["umax"],
    arith.MinUIOp: _INTR["umin"],
    arith.MaximumFOp: _INTR["maximum"],
    arith.MinimumFOp: _INTR["minimum"],
    arith.MaxNumFOp: _INTR["maxnum"],
    arith.MinNumFOp: _INTR["minnum"],
}
_OVERFLOW_OPS = frozenset({llvm.AddOp, llvm.SubOp, llvm.MulOp, llvm.ShlOp, llvm.TruncOp})
_EXACT_OPS = frozenset({llvm.SDivOp, llvm.UDivOp, llvm.AShrOp, llvm.LShrOp})
_FASTMATH_OPS = frozenset(
    {
        llvm.FAddOp,
        llvm.FSubOp,
        llvm.FMulOp,
        llvm.FDivOp,
        llvm.FRemOp,
        llvm.FNegOp,
        _INTR["maximum"],
        _INTR["minimum"],
        _INTR["maxnum"],
        _INTR["minnum"],
        llvm.FCmpOp,
        llvm.SelectOp,
    }
)
_CASTS: dict[OpClass, OpClass] = {
    arith.ExtSIOp: llvm.SExtOp,
    arith.ExtUIOp: llvm.ZExtOp,
    arith.TruncIOp: llvm.TruncOp,
    arith.ExtFOp: llvm.FPExtOp,
    arith.TruncFOp: llvm.FPTruncOp,
    arith.SIToFPOp: llvm.SIToFPOp,
    arith.UIToFPOp: llvm.UIToFPOp,
    arith.FPToSIOp: llvm.FPToSIOp,
    arith.FPToUIOp: llvm.FPToUIOp,
    arith.BitcastOp: llvm.BitcastOp,
}
Build = Callable[[Builder, list[Value], T.Type], Value]


def _fastmath(op: Operation) -> dict:
    fm = op.properties.get("fastmath") if isinstance(op.properties, dict) else None
    flags: int = getattr(fm, "value", 0)  # an arith fastmath attribute's bits
    if not flags:
        return {}
    names = [n for n, bit in arith.FASTMATH_BITS.items() if flags & bit]
    return {"fastmathFlags": LA.FastmathFlagsAttr.of(*names)}


def _overflow(op: Operation) -> dict:
    of = op.properties.get("overflowFlags") if isinstance(op.properties, dict) else None
    v = getattr(of, "value", 0) if of is not None else 0
    if not v:
        return {}
    bits = (LA.NSW if v & arith.OVERFLOW_BITS["nsw"] else 0) | (LA.NUW if v & arith.OVERFLOW_BITS["nuw"] else 0)
    return {"overflowFlags": A.IntegerAttr(bits, T.i32)}


def _converts(op: Operation, rw: LLVMRewriter, check_floats: bool = True) -> bool:
    """Whether ``op``'s types all have LLVM counterparts (and, with
    ``check_floats``, no float type LLVM lacks): upstream's patterns leave
    the op alone otherwise."""
    for t in (*(v.type for v in op.operands), *op.result_types):
        if rw.converter.convert(t) is None:
            return False
        e = t.element_type if isinstance(t, T.VectorType) else t
        if check_floats and isinstance(e, T.FloatType) and not llvm_float(e):
            return False
    return True


def _elementwise(op: Operation, rw: LLVMRewriter, build: Build) -> bool:
    """Apply ``build(b, operands, result_type) -> Value`` elementwise; n-D
    vectors are unrolled into their 1-D rows. False (the op left as it is)
    where a type has no LLVM counterpart."""
    if not _converts(op, rw):
        return False
    b = rw.builder(op)
    rt = op.result_types[0]
    if (
        isinstance(rt, T.VectorType)
        and rt.rank > 1
        or any(isinstance(v.type, T.VectorType) and v.type.rank > 1 for v in op.operands)
    ):
        _unroll_nd(op, rw, build)
        return True
    rw.replace(op, [build(b, rw.operands(op), rw.convert_type(rt, op))])
    return True


def _row(t: T.VectorType) -> T.VectorType:
    """The innermost (1-D) row of an n-D vector type, scalable or not."""
    return T.VectorType(t.shape[-1:], t.element_type, t.scalable_dims[-1:] if t.scalable_dims else ())


def _unroll_nd(op: Operation, rw: LLVMRewriter, build: Build) -> None:
    b = rw.builder(op)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    shape = rt.shape
    llvm_rt = rw.convert_type(rt, op)
    ops = rw.operands(op)
    acc = poison(b, llvm_rt)
    for idx in itertools.product(*[range(d) for d in shape[:-1]]):
        row_ops = []
        for v, orig in zip(ops, op.operands, strict=True):
            if isinstance(orig.type, T.VectorType) and orig.type.rank > 1:
                row_ops.append(extract(b, v, rw.convert_type(_row(orig.type), op), *idx))
            else:
                row_ops.append(v)
        acc = insert(b, acc, build(b, row_ops, rw.convert_type(_row(rt), op)), *idx)
    rw.replace(op, [acc])


def _binary(op: Operation, rw: LLVMRewriter) -> bool:
    kind = _BINARY[type(op)]
    if isinstance(op, arith.RemSIOp) and constant_int(op.operands[1], through_casts=True) == -1:
        # x rem -1 is 0; LLVM's srem is undefined for (INT_MIN, -1), upstream folds it.
        if not _converts(op, rw):
            return False
        b = rw.builder(op)
        t = rw.convert_type(op.result_types[0], op)
        rw.replace(op, [constant(b, A.IntegerAttr(0, t), t)])
        return True
    if type(op) in _ROUNDED and op.props.get("roundingmode") is not None:
        return False  # constrained arithmetic: newer than LLVM 22's pass
    props = _flags(op, kind)
    return _elementwise(op, rw, lambda b, xs, t: b.create(kind, xs, [t], properties=props or None).results[0])


def _flags(op: Operation, kind: OpClass) -> dict:
    """The overflow, exact and fastmath flags of ``op`` that ``kind`` takes."""
    props = {}
    if kind in _OVERFLOW_OPS:
        props.update(_overflow(op))
    if kind in _EXACT_OPS and op.props.get("isExact") is not None:
        props["isExact"] = A.UNIT
    if kind in _FASTMATH_OPS:
        props.update(_fastmath(op))
    return props


_ROUNDED = frozenset({arith.AddFOp, arith.SubFOp, arith.MulFOp, arith.DivFOp})


def _negf(op: Operation, rw: LLVMRewriter) -> bool:
    props = _fastmath(op)
    return _elementwise(op, rw, lambda b, xs, t: b.create(llvm.FNegOp, xs, [t], properties=props or None).results[0])


def _cast(op: Operation, rw: LLVMRewriter) -> bool:
    if isinstance(op, arith.BitcastOp) and _same_converted(op, rw):
        return True
    kind = _CASTS[type(op)]
    if isinstance(op, arith.TruncFOp) and op.props.get("roundingmode") is not None:
        return _constrained_truncf(op, rw)
    props = _flags(op, kind)
    return _elementwise(op, rw, lambda b, xs, t: b.create(kind, xs, [t], properties=props or None).results[0])


def _same_converted(op: Operation, rw: LLVMRewriter) -> bool:
    """A cast between types that convert to the same LLVM type is its
    converted operand (upstream: memref and f8 bitcasts); whether it was."""
    src, dst = (rw.converter.convert(t) for t in (op.operands[0].type, op.result_types[0]))
    if src is None or src != dst:
        return False
    rw.replace(op, [rw.operand(op, op.operands[0])])
    return True


# arith's rounding modes (to_nearest_even, downward, upward, toward_zero,
# to_nearest_away) as LLVM numbers them.
_LLVM_ROUNDING = {0: 1, 1: 3, 2: 2, 3: 0, 4: 4}


def _constrained_truncf(op: Operation, rw: LLVMRewriter) -> bool:
    """``truncf`` with a rounding mode: the constrained intrinsic (fastmath
    flags dropped, exceptions ignored)."""
    mode = op.prop("roundingmode", A.IntegerAttr).value
    props = {
        "roundingmode": A.IntegerAttr(_LLVM_ROUNDING[mode], T.i64),
        "fpExceptionBehavior": A.IntegerAttr(0, T.i64),
    }
    kind = _INTR["experimental.constrained.fptrunc"]
    return _elementwise(op, rw, lambda b, xs, t: b.create(kind, xs, [t], properties=props).results[0])


def _width(t: T.Type) -> int:
    e = t.element_type if isinstance(t, T.VectorType) else t
    return T.of_kind(e, T.IntegerType).width


def _index_cast(op: Operation, rw: LLVMRewriter) -> bool:
    unsigned = isinstance(op, arith.IndexCastUIOp)

    def build(b: Builder, xs: list[Value], t: T.Type) -> Value:
        src_w, dst_w = _width(xs[0].type), _width(t)
        if src_w == dst_w:
            return xs[0]
        if src_w > dst_w:
            return b.create(llvm.TruncOp, xs, [t]).results[0]
        return b.create(llvm.ZExtOp if unsigned else llvm.SExtOp, xs, [t]).results[0]

    return _elementwise(op, rw, build)


def _cmp(op: Operation, rw: LLVMRewriter) -> bool:
    # arith's and llvm's predicate enums share their numbering.
    kind = llvm.ICmpOp if isinstance(op, arith.CmpIOp) else llvm.FCmpOp
    props = {"predicate": op.props["predicate"]}
    if kind is llvm.FCmpOp:
        props.update(_fastmath(op))
    return _elementwise(op, rw, lambda b, xs, t: b.create(kind, xs, [t], properties=props).results[0])


def _select(op: Operation, rw: LLVMRewriter) -> bool:
    if not _converts(op, rw, check_floats=False):
        return False
    props = _fastmath(op)
    b = rw.builder(op)
    rt = op.result_types[0]
    if isinstance(op.operands[0].type, T.VectorType) and op.operands[0].type.rank > 1:
        _unroll_nd(op, rw, lambda b, xs, t: b.create(llvm.SelectOp, xs, [t], properties=props or None).results[0])
        return True
    new = b.create(llvm.SelectOp, rw.operands(op), [rw.convert_type(rt, op)], properties=props or None)
    rw.replace(op, [new.results[0]])
    return True


def _constant(op: Operation, rw: LLVMRewriter) -> bool:
    """The value attribute as it is (an index constant keeps its type, as
    upstream prints it), the type converted: n-D vectors are one constant of
    the nested array type."""
    t = rw.converter.convert(op.result_types[0])
    if t is None:
        return False
    rw.replace(op, [constant(rw.builder(op), op.props["value"], t)])
    return True


def _div_expansion(op: Operation, rw: LLVMRewriter) -> bool:
    """ceildivsi / floordivsi / ceildivui as upstream's arith-expand emits
    them: arith ops, each then lowered (n-D vectors row by row)."""
    if not _converts(op, rw):
        return False
    b = rw.builder(op)
    x, y = op.operands
    t = x.type
    i1 = T.VectorType(t.shape, T.i1, t.scalable_dims) if isinstance(t, T.VectorType) else T.i1
    made: list[Operation] = []

    def c(v: int) -> Value:
        e = t.element_type if isinstance(t, T.VectorType) else t
        attr = A.DenseElementsAttr(t, (v,), True) if isinstance(t, T.VectorType) else A.IntegerAttr(v, e)
        made.append(b.create(arith.ConstantOp, [], [t], properties={"value": attr}))
        return made[-1].results[0]

    def f(kind: OpClass, *xs: Value, pred: str | None = None) -> Value:
        props = {"predicate": A.IntegerAttr(arith.CMPI_PREDICATES.index(pred), T.i64)} if pred else None
        rt = i1 if pred else xs[-1].type
        made.append(b.create(kind, list(xs), [rt], properties=props))
        return made[-1].results[0]

    if isinstance(op, arith.CeilDivUIOp):
        zero = c(0)
        is_zero = f(arith.CmpIOp, x, zero, pred="eq")
        one = c(1)
        q = f(arith.DivUIOp, f(arith.SubIOp, x, one), y)
        res = f(arith.SelectOp, is_zero, zero, f(arith.AddIOp, q, one))
    elif isinstance(op, arith.CeilDivSIOp):
        zero, one = c(0), c(1)
        q = f(arith.DivSIOp, x, y)
        inexact = f(arith.CmpIOp, x, f(arith.MulIOp, q, y), pred="ne")
        x_neg, y_neg = f(arith.CmpIOp, x, zero, pred="slt"), f(arith.CmpIOp, y, zero, pred="slt")
        adjust = f(arith.AndIOp, inexact, f(arith.CmpIOp, x_neg, y_neg, pred="eq"))
        res = f(arith.SelectOp, adjust, f(arith.AddIOp, q, one), q)
    else:
        q = f(arith.DivSIOp, x, y)
        inexact = f(arith.CmpIOp, x, f(arith.MulIOp, q, y), pred="ne")
        zero = c(0)
        x_neg, y_neg = f(arith.CmpIOp, x, zero, pred="slt"), f(arith.CmpIOp, y, zero, pred="slt")
        adjust = f(arith.AndIOp, inexact, f(arith.CmpIOp, x_neg, y_neg, pred="ne"))
        minus_one = c(-1)
        res = f(arith.SelectOp, adjust, f(arith.AddIOp, q, minus_one), q)
    op.results[0].replace_all_uses_with(res)
    op.erase()
    for new in made:
        for p in PATTERNS.for_op(new):
            if p.match_and_rewrite(new, rw):
                break
    return True


def _extended(op: Operation, rw: LLVMRewriter) -> bool:
    """addui_extended -> ``llvm.intr.uadd.with.overflow`` and its two
    fields; mul[su]i_extended -> (low, high) through a multiplication at
    twice the width. Scalars and 1-D vectors (n-D ones are left, as
    upstream leaves them)."""
    if not _converts(op, rw) or any(isinstance(v.type, T.VectorType) and v.type.rank != 1 for v in op.operands):
        return False
    b = rw.builder(op)
    x, y = rw.operands(op)
    t = x.type
    if isinstance(op, arith.AddUIExtendedOp):
        pair = LLVMStructType((t, rw.convert_type(op.result_types[1], op)))
        r = b.create(_INTR["uadd.with.overflow"], [x, y], [pair]).results[0]
        rw.replace(op, [extract(b, r, pair.fields[0], 0), extract(b, r, pair.fields[1], 1)])
        return True
    w = _width(t)
    wide: T.Type = T.IntegerType(2 * w)
    if isinstance(t, T.VectorType):
        wide = T.VectorType(t.shape, wide, t.scalable_dims)
    ext = llvm.ZExtOp if isinstance(op, arith.MulUIExtendedOp) else llvm.SExtOp  # (the ui op subclasses the si one)
    xw = b.create(ext, [x], [wide]).results[0]
    yw = b.create(ext, [y], [wide]).results[0]
    p = b.create(llvm.MulOp, [xw, yw], [wide]).results[0]
    low = b.create(llvm.TruncOp, [p], [t]).results[0]
    shift = A.DenseElementsAttr(wide, (w,), True) if isinstance(wide, T.VectorType) else A.IntegerAttr(w, wide)
    sh = constant(b, shift, wide)
    high = b.create(llvm.TruncOp, [b.create(llvm.LShrOp, [p, sh], [wide]).results[0]], [t]).results[0]
    rw.replace(op, [low, high])
    return True


PATTERNS = PatternSet.from_table(
    {
        **{k: _binary for k in _BINARY},
        arith.AddUIExtendedOp: _extended,
        arith.MulSIExtendedOp: _extended,
        arith.MulUIExtendedOp: _extended,
        **{k: _cast for k in _CASTS},
        arith.NegFOp: _negf,
        arith.IndexCastOp: _index_cast,
        arith.IndexCastUIOp: _index_cast,
        arith.CmpIOp: _cmp,
        arith.CmpFOp: _cmp,
        arith.SelectOp: _select,
        arith.ConstantOp: _constant,
        arith.CeilDivSIOp: _div_expansion,
        arith.FloorDivSIOp: _div_expansion,
        arith.CeilDivUIOp: _div_expansion,
    }
)


def convert_arith_to_llvm(root: Operation, converter: LLVMTypeConverter | None = None) -> None:
    apply_conversion(root, PATTERNS, LLVMRewriter(converter, casts_at_definition=True))


@register_pass
@dataclass(frozen=True)
class ConvertArithToLLVM(ModulePass):
    name: ClassVar[str] = "convert-arith-to-llvm"
    summary: ClassVar[str] = "Convert arith ops to the LLVM dialect"
    index_bitwidth: int = 64

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_arith_to_llvm(op, LLVMTypeConverter(self.index_bitwidth))
