"""``convert-arith-to-llvm``: arith ops on scalars and 1-D vectors to LLVM
dialect ops (n-D vector operands are unrolled over their outer dims as
upstream does), plus the expansions upstream's ``arith-expand`` performs for
ops LLVM has no instruction for (ceildivsi, floordivsi, ceildivui)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ...dialects import arith, llvm
from ...dialects.llvm import attrs as LA
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, Value
from ...ir.diagnostics import DiagnosticError
from ...ir.patterns import OpClass, PatternSet
from ...ir.rewriting import apply_conversion
from ...transforms.passes.manager import ModulePass, PassContext, register_pass
from .lowering_helpers import constant, constant_int, extract, insert, poison
from .type_converter import LLVMRewriter, LLVMTypeConverter
from .vector_to_llvm import nd_constant

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
_OVERFLOW_OPS = frozenset({llvm.AddOp, llvm.SubOp, llvm.MulOp, llvm.ShlOp})
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


def _elementwise(op: Operation, rw: LLVMRewriter, build: Build) -> None:
    """Apply ``build(b, operands, result_type) -> Value`` elementwise; n-D
    vectors are unrolled into their 1-D rows."""
    b = rw.builder(op)
    rt = op.result_types[0]
    if (
        isinstance(rt, T.VectorType)
        and rt.rank > 1
        or any(isinstance(v.type, T.VectorType) and v.type.rank > 1 for v in op.operands)
    ):
        _unroll_nd(op, rw, build)
        return
    rw.replace(op, [build(b, rw.operands(op), rw.convert_type(rt, op))])


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
                row_t = rw.convert_type(T.VectorType(orig.type.shape[-1:], orig.type.element_type), op)
                row_ops.append(extract(b, v, row_t, *idx))
            else:
                row_ops.append(v)
        row_rt = rw.convert_type(T.VectorType(shape[-1:], rt.element_type), op)
        acc = insert(b, acc, build(b, row_ops, row_rt), *idx)
    rw.replace(op, [acc])


def _binary(op: Operation, rw: LLVMRewriter) -> None:
    kind = _BINARY[type(op)]
    if isinstance(op, arith.RemSIOp) and constant_int(op.operands[1], through_casts=True) == -1:
        # x rem -1 is 0; LLVM's srem is undefined for (INT_MIN, -1), upstream folds it.
        b = rw.builder(op)
        t = rw.convert_type(op.result_types[0], op)
        rw.replace(op, [constant(b, A.IntegerAttr(0, t), t)])
        return
    props = {}
    if kind in _OVERFLOW_OPS:
        props.update(_overflow(op))
    if kind in _FASTMATH_OPS:
        props.update(_fastmath(op))
    _elementwise(op, rw, lambda b, xs, t: b.create(kind, xs, [t], properties=props or None).results[0])


def _negf(op: Operation, rw: LLVMRewriter) -> None:
    props = _fastmath(op)
    _elementwise(op, rw, lambda b, xs, t: b.create(llvm.FNegOp, xs, [t], properties=props or None).results[0])


def _cast(op: Operation, rw: LLVMRewriter) -> None:
    kind = _CASTS[type(op)]
    _elementwise(op, rw, lambda b, xs, t: b.create(kind, xs, [t]).results[0])


def _width(t: T.Type) -> int:
    e = t.element_type if isinstance(t, T.VectorType) else t
    return T.of_kind(e, T.IntegerType).width


def _index_cast(op: Operation, rw: LLVMRewriter) -> None:
    unsigned = isinstance(op, arith.IndexCastUIOp)

    def build(b: Builder, xs: list[Value], t: T.Type) -> Value:
        src_w, dst_w = _width(xs[0].type), _width(t)
        if src_w == dst_w:
            return xs[0]
        if src_w > dst_w:
            return b.create(llvm.TruncOp, xs, [t]).results[0]
        return b.create(llvm.ZExtOp if unsigned else llvm.SExtOp, xs, [t]).results[0]

    _elementwise(op, rw, build)


def _cmp(op: Operation, rw: LLVMRewriter) -> None:
    # arith's and llvm's predicate enums share their numbering.
    kind = llvm.ICmpOp if isinstance(op, arith.CmpIOp) else llvm.FCmpOp
    props = {"predicate": op.props["predicate"]}
    if kind is llvm.FCmpOp:
        props.update(_fastmath(op))
    _elementwise(op, rw, lambda b, xs, t: b.create(kind, xs, [t], properties=props).results[0])


def _select(op: Operation, rw: LLVMRewriter) -> None:
    props = _fastmath(op)
    _elementwise(op, rw, lambda b, xs, t: b.create(llvm.SelectOp, xs, [t], properties=props or None).results[0])


def _constant(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    v = op.props["value"]
    rt = op.result_types[0]
    if isinstance(rt, T.VectorType) and rt.rank != 1 and isinstance(v, A.DenseElementsAttr):
        nd_constant(op, rw)
        return
    t = rw.convert_type(op.result_types[0], op)
    if isinstance(v, A.IntegerAttr) and isinstance(v.type, T.IndexType):
        v = A.IntegerAttr(v.value, t)
    elif isinstance(v, A.DenseElementsAttr) and isinstance(v.type.element_type, T.IndexType):
        v = A.DenseElementsAttr(
            T.VectorType(v.type.shape, t.element_type) if isinstance(t, T.VectorType) else v.type,
            v.data,
            v.splat,
        )
    rw.replace(op, [constant(b, v, t)])


def _div_expansion(op: Operation, rw: LLVMRewriter) -> None:
    """ceildivsi / floordivsi / ceildivui as upstream's arith-expand emits."""
    b = rw.builder(op)
    x, y = rw.operands(op)
    t = x.type

    def c(v: int) -> Value:
        return constant(b, A.IntegerAttr(v, t), t)

    def f(kind: OpClass, *xs: Value, rt: T.Type | None = None, pred: int | None = None) -> Value:
        props = {"predicate": A.IntegerAttr(pred, T.i64)} if pred is not None else None
        return b.create(kind, list(xs), [rt or t], properties=props).results[0]

    zero, one = c(0), c(1)
    i1 = T.i1
    icmp, select, add, sub = llvm.ICmpOp, llvm.SelectOp, llvm.AddOp, llvm.SubOp
    if isinstance(op, arith.CeilDivUIOp):
        # x == 0 ? 0 : (x - 1) / y + 1
        is_zero = f(icmp, x, zero, rt=i1, pred=0)
        q = f(add, f(llvm.UDivOp, f(sub, x, one), y), one)
        res = f(select, is_zero, zero, q)
    else:
        q = f(llvm.SDivOp, x, y)
        r = f(llvm.SRemOp, x, y)
        r_nonzero = f(icmp, r, zero, rt=i1, pred=1)
        x_neg = f(icmp, x, zero, rt=i1, pred=2)
        y_neg = f(icmp, y, zero, rt=i1, pred=2)
        signs_differ = f(icmp, x_neg, y_neg, rt=i1, pred=1)
        if isinstance(op, arith.FloorDivSIOp):
            adjust = f(llvm.AndOp, r_nonzero, signs_differ, rt=i1)
            res = f(select, adjust, f(sub, q, one), q)
        else:
            same = f(icmp, x_neg, y_neg, rt=i1, pred=0)
            adjust = f(llvm.AndOp, r_nonzero, same, rt=i1)
            res = f(select, adjust, f(add, q, one), q)
    rw.replace(op, [res])


def _extended(op: Operation, rw: LLVMRewriter) -> None:
    """addui_extended -> (sum, sum <u lhs); mul[su]i_extended -> (low, high)
    through a multiplication at twice the width."""
    b = rw.builder(op)
    x, y = rw.operands(op)
    t = x.type
    if isinstance(t, T.VectorType):
        raise DiagnosticError(f"'{op.name}' on vectors is not lowered to the LLVM dialect yet", op.loc)
    if isinstance(op, arith.AddUIExtendedOp):
        s = b.create(llvm.AddOp, [x, y], [t]).results[0]
        of = b.create(llvm.ICmpOp, [s, x], [T.i1], properties={"predicate": A.IntegerAttr(6, T.i64)}).results[0]
        rw.replace(op, [s, of])
        return
    w = T.of_kind(t, T.IntegerType).width
    wide = T.IntegerType(2 * w)
    ext = llvm.SExtOp if isinstance(op, arith.MulSIExtendedOp) else llvm.ZExtOp
    xw = b.create(ext, [x], [wide]).results[0]
    yw = b.create(ext, [y], [wide]).results[0]
    p = b.create(llvm.MulOp, [xw, yw], [wide]).results[0]
    low = b.create(llvm.TruncOp, [p], [t]).results[0]
    sh = constant(b, A.IntegerAttr(w, wide), wide)
    high = b.create(llvm.TruncOp, [b.create(llvm.LShrOp, [p, sh], [wide]).results[0]], [t]).results[0]
    rw.replace(op, [low, high])


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
    apply_conversion(root, PATTERNS, LLVMRewriter(converter))


@register_pass
@dataclass(frozen=True)
class ConvertArithToLLVM(ModulePass):
    name: ClassVar[str] = "convert-arith-to-llvm"
    summary: ClassVar[str] = "Convert arith ops to the LLVM dialect"
    index_bitwidth: int = 64

    def run(self, op: Operation, ctx: PassContext) -> None:
        apply_conversion(op, PATTERNS, LLVMRewriter(LLVMTypeConverter(self.index_bitwidth)))
