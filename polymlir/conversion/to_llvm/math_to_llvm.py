"""``convert-math-to-llvm``: math ops with an LLVM intrinsic to that intrinsic
(fastmath flags carried over), and the few upstream expands inline
(rsqrt, expm1, log1p; isnan and isfinite through ``llvm.intr.is.fpclass``,
isinf, which upstream leaves, through fcmp)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...dialects import llvm
from ...dialects import math as math_d
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, Value
from ...ir.patterns import OpClass, PatternSet
from ...ir.rewriting import apply_conversion
from ...transforms.passes.manager import ModulePass, PassContext, register_pass
from .arith_to_llvm import _elementwise, _fastmath
from .lowering_helpers import constant
from .type_converter import LLVMRewriter, LLVMTypeConverter

_INTR = llvm.INTRINSICS
# math op -> the intrinsic's mnemonic
_INTRINSIC: dict[OpClass, str] = {
    math_d.AbsfOp: "fabs",
    math_d.CeilOp: "ceil",
    math_d.FloorOp: "floor",
    math_d.CopysignOp: "copysign",
    math_d.CosOp: "cos",
    math_d.SinOp: "sin",
    math_d.TanOp: "tan",
    math_d.AcosOp: "acos",
    math_d.AsinOp: "asin",
    math_d.AtanOp: "atan",
    math_d.Atan2Op: "atan2",
    math_d.CoshOp: "cosh",
    math_d.SinhOp: "sinh",
    math_d.TanhOp: "tanh",
    math_d.ExpOp: "exp",
    math_d.Exp2Op: "exp2",
    math_d.LogOp: "log",
    math_d.Log10Op: "log10",
    math_d.Log2Op: "log2",
    math_d.PowfOp: "pow",
    math_d.SqrtOp: "sqrt",
    math_d.FmaOp: "fma",
    math_d.RoundOp: "round",
    math_d.RoundevenOp: "roundeven",
    math_d.TruncOp: "trunc",
    math_d.CtpopOp: "ctpop",
    math_d.AbsiOp: "abs",
    math_d.FPowIOp: "powi",
}
_INTEGER = frozenset({math_d.CtpopOp, math_d.AbsiOp})  # the others take fastmath flags


def _intrinsic(op: Operation, rw: LLVMRewriter) -> bool:
    kind = _INTR[_INTRINSIC[type(op)]]
    props = _fastmath(op) if type(op) not in _INTEGER else {}
    if isinstance(op, math_d.AbsiOp):
        props = {"is_int_min_poison": A.BoolAttr(False)}
    return _elementwise(op, rw, lambda b, xs, t: b.create(kind, xs, [t], properties=props or None).results[0])


def _count_zeros(op: Operation, rw: LLVMRewriter) -> bool:
    kind = _INTR["ctlz" if isinstance(op, math_d.CtlzOp) else "cttz"]
    props = {"is_zero_poison": A.BoolAttr(False)}
    return _elementwise(op, rw, lambda b, xs, t: b.create(kind, xs, [t], properties=props).results[0])


def _const_like(b: Builder, t: T.Type, v: float) -> Value:
    attr: A.Attribute
    if isinstance(t, T.VectorType):
        attr = A.DenseElementsAttr(t, (A.round_float(v, t.element_type),), True)
    else:
        attr = A.FloatAttr(A.round_float(v, t), t)
    return constant(b, attr, t)


def _rsqrt(op: Operation, rw: LLVMRewriter) -> bool:
    props = _fastmath(op) or None

    def build(b: Builder, xs: list[Value], t: T.Type) -> Value:
        one = _const_like(b, t, 1.0)
        s = b.create(_INTR["sqrt"], xs, [t], properties=props).results[0]
        return b.create(llvm.FDivOp, [one, s], [t], properties=props).results[0]

    return _elementwise(op, rw, build)


def _expm1_log1p(op: Operation, rw: LLVMRewriter) -> bool:
    props = _fastmath(op) or None

    def build(b: Builder, xs: list[Value], t: T.Type) -> Value:
        one = _const_like(b, t, 1.0)
        if isinstance(op, math_d.Expm1Op):
            e = b.create(_INTR["exp"], xs, [t], properties=props).results[0]
            return b.create(llvm.FSubOp, [e, one], [t], properties=props).results[0]
        s = b.create(llvm.FAddOp, [one, xs[0]], [t], properties=props).results[0]
        return b.create(_INTR["log"], [s], [t], properties=props).results[0]

    return _elementwise(op, rw, build)


# isinf: |x| oeq inf (fcmp predicate 1); upstream leaves it, polymlir's
# pipeline needs it lowered.
_FCMP_OEQ = 1
# isnan, isfinite: ``llvm.intr.is.fpclass`` with the classes' mask (upstream's):
# nan = snan | qnan; finite = the normal, subnormal and zero classes.
_FPCLASS: dict[OpClass, int] = {math_d.IsnanOp: 0b11, math_d.IsfiniteOp: 0b111111000}


def _classify(op: Operation, rw: LLVMRewriter) -> bool:
    def build(b: Builder, xs: list[Value], t: T.Type) -> Value:
        x = xs[0]
        mask = _FPCLASS.get(type(op))
        if mask is not None:
            return b.create(_INTR["is.fpclass"], [x], [t], properties={"bit": A.IntegerAttr(mask, T.i32)}).results[0]
        a = b.create(_INTR["fabs"], [x], [x.type]).results[0]
        inf = _const_like(b, x.type, float("inf"))
        oeq = {"predicate": A.IntegerAttr(_FCMP_OEQ, T.i64)}
        return b.create(llvm.FCmpOp, [a, inf], [t], properties=oeq).results[0]

    return _elementwise(op, rw, build)


PATTERNS = PatternSet.from_table(
    {
        **{k: _intrinsic for k in _INTRINSIC},
        math_d.CtlzOp: _count_zeros,
        math_d.CttzOp: _count_zeros,
        math_d.RsqrtOp: _rsqrt,
        math_d.Expm1Op: _expm1_log1p,
        math_d.Log1pOp: _expm1_log1p,
        math_d.IsnanOp: _classify,
        math_d.IsinfOp: _classify,
        math_d.IsfiniteOp: _classify,
    }
)


def convert_math_to_llvm(root: Operation, converter: LLVMTypeConverter | None = None) -> None:
    apply_conversion(root, PATTERNS, LLVMRewriter(converter, casts_at_definition=True))


@register_pass
@dataclass(frozen=True)
class ConvertMathToLLVM(ModulePass):
    name: ClassVar[str] = "convert-math-to-llvm"
    summary: ClassVar[str] = "Convert math ops to LLVM intrinsics"

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_math_to_llvm(op)
