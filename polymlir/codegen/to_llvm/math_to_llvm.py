"""``convert-math-to-llvm``: math ops with an LLVM intrinsic to that intrinsic
(fastmath flags carried over), and the few upstream expands inline
(rsqrt, expm1, log1p, isnan/isinf/isfinite through fcmp)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation
from ...transforms.pass_manager import ModulePass, PassContext, register_pass
from .arith_to_llvm import _elementwise, _fastmath
from .conversion import Rewriter, apply_patterns
from .type_converter import LLVMTypeConverter

_INTRINSIC = {
    "math.absf": "fabs",
    "math.ceil": "ceil",
    "math.floor": "floor",
    "math.copysign": "copysign",
    "math.cos": "cos",
    "math.sin": "sin",
    "math.tan": "tan",
    "math.acos": "acos",
    "math.asin": "asin",
    "math.atan": "atan",
    "math.atan2": "atan2",
    "math.cosh": "cosh",
    "math.sinh": "sinh",
    "math.tanh": "tanh",
    "math.exp": "exp",
    "math.exp2": "exp2",
    "math.log": "log",
    "math.log10": "log10",
    "math.log2": "log2",
    "math.powf": "pow",
    "math.sqrt": "sqrt",
    "math.fma": "fma",
    "math.round": "round",
    "math.roundeven": "roundeven",
    "math.trunc": "trunc",
    "math.ctpop": "ctpop",
    "math.absi": "abs",
    "math.rint": "rint",
}
_FLOAT = {
    "fabs",
    "ceil",
    "floor",
    "copysign",
    "cos",
    "sin",
    "tan",
    "acos",
    "asin",
    "atan",
    "atan2",
    "cosh",
    "sinh",
    "tanh",
    "exp",
    "exp2",
    "log",
    "log10",
    "log2",
    "pow",
    "sqrt",
    "fma",
    "round",
    "roundeven",
    "trunc",
    "rint",
}


def _intrinsic(op: Operation, rw: Rewriter) -> None:
    name = "llvm.intr." + _INTRINSIC[op.name]
    props = _fastmath(op) if _INTRINSIC[op.name] in _FLOAT else {}
    if op.name == "math.absi":
        props = {"is_int_min_poison": A.BoolAttr(False)}
    _elementwise(op, rw, lambda b, xs, t: b.create(name, xs, [t], properties=props or None).results[0])


def _count_zeros(op: Operation, rw: Rewriter) -> None:
    name = "llvm.intr.ctlz" if op.name == "math.ctlz" else "llvm.intr.cttz"
    props = {"is_zero_poison": A.BoolAttr(False)}
    _elementwise(op, rw, lambda b, xs, t: b.create(name, xs, [t], properties=props).results[0])


def _const_like(b, t: T.Type, v: float):
    attr: A.Attribute
    if isinstance(t, T.VectorType):
        attr = A.DenseElementsAttr(t, (A.round_float(v, t.element_type),), True)
    else:
        attr = A.FloatAttr(A.round_float(v, t), t)
    return b.create("llvm.mlir.constant", [], [t], properties={"value": attr}).results[0]


def _rsqrt(op: Operation, rw: Rewriter) -> None:
    props = _fastmath(op) or None

    def build(b, xs, t):
        s = b.create("llvm.intr.sqrt", xs, [t], properties=props).results[0]
        return b.create("llvm.fdiv", [_const_like(b, t, 1.0), s], [t], properties=props).results[0]

    _elementwise(op, rw, build)


def _expm1_log1p(op: Operation, rw: Rewriter) -> None:
    props = _fastmath(op) or None

    def build(b, xs, t):
        one = _const_like(b, t, 1.0)
        if op.name == "math.expm1":
            e = b.create("llvm.intr.exp", xs, [t], properties=props).results[0]
            return b.create("llvm.fsub", [e, one], [t], properties=props).results[0]
        s = b.create("llvm.fadd", [one, xs[0]], [t], properties=props).results[0]
        return b.create("llvm.intr.log", [s], [t], properties=props).results[0]

    _elementwise(op, rw, build)


# fcmp predicates: uno = 14 (isnan); isinf: |x| oeq inf (1); isfinite: |x| one inf (6)
def _classify(op: Operation, rw: Rewriter) -> None:
    def build(b, xs, t):
        x = xs[0]
        if op.name == "math.isnan":
            return b.create("llvm.fcmp", [x, x], [t], properties={"predicate": A.IntegerAttr(14, T.i64)}).results[0]
        a = b.create("llvm.intr.fabs", [x], [x.type]).results[0]
        inf = _const_like(b, x.type, float("inf"))
        pred = {"math.isinf": 1, "math.isfinite": 6}[op.name]
        return b.create("llvm.fcmp", [a, inf], [t], properties={"predicate": A.IntegerAttr(pred, T.i64)}).results[0]

    _elementwise(op, rw, build)


PATTERNS = {name: _intrinsic for name in _INTRINSIC}
PATTERNS.update(
    {
        "math.ctlz": _count_zeros,
        "math.cttz": _count_zeros,
        "math.rsqrt": _rsqrt,
        "math.expm1": _expm1_log1p,
        "math.log1p": _expm1_log1p,
        "math.isnan": _classify,
        "math.isinf": _classify,
        "math.isfinite": _classify,
    }
)


def convert_math_to_llvm(root: Operation, converter: LLVMTypeConverter | None = None) -> None:
    apply_patterns(root, PATTERNS, Rewriter(converter or LLVMTypeConverter()))


@register_pass
@dataclass(frozen=True)
class ConvertMathToLLVM(ModulePass):
    name: ClassVar[str] = "convert-math-to-llvm"
    summary: ClassVar[str] = "Convert math ops to LLVM intrinsics"

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_math_to_llvm(op)
