"""The math dialect: elementwise transcendental, rounding, bit-counting and
classification functions on scalars, vectors and tensors (upstream MLIR 22).

Float ops carry ``#arith.fastmath`` flags (``math.sin %x fastmath<fast> : f32``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ir import constraints as C
from ..ir.fields import operand_def, prop_def, result_def
from ..ir.registry import register_op
from ..ir.traits import PURE, SAME_OPERANDS_AND_RESULT_SHAPE, SAME_OPERANDS_AND_RESULT_TYPE
from .arith.ops import (
    FASTMATH_NONE,
    BoolLike,
    ElementwiseOp,
    FastMathAttr,
    FloatLike,
    SignlessIntLike,
    check_format_operand,
    i1_same_shape,
    verify_all_types_match,
)

_FASTMATH = "(`fastmath` `` $fastmath^)? "
_SAME = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE})


def _class_name(op_name: str) -> str:
    return "".join(w.capitalize() for w in op_name.split(".", 1)[1].split("_")) + "Op"


def _op(name: str, doc: str, operands: tuple[str, ...], c: C.TypeConstraint, fastmath: bool) -> type:
    """A math op whose operands and result all have one type: ``$a, $b
    [fastmath<...>] : type``."""
    ns: dict = {"__slots__": (), "__doc__": doc, "OP_NAME": name, "traits": _SAME}
    for o in operands:  # (`operand` becomes op.f.operand: see polymlir.ir.fields)
        ns[o] = operand_def(c)
    ns["result"] = result_def(c)
    fmt = " `,` ".join("$" + o for o in operands) + " "
    if fastmath:
        ns["fastmath"] = prop_def(FastMathAttr, default=FASTMATH_NONE)
        fmt += _FASTMATH
    ns["assembly_format"] = fmt + "attr-dict `:` type($result)"
    return register_op(type(_class_name(name), (ElementwiseOp,), ns))


_FLOAT_UNARY = {
    "absf": "Absolute value.",
    "acos": "Arc cosine.",
    "acosh": "Inverse hyperbolic cosine.",
    "asin": "Arc sine.",
    "asinh": "Inverse hyperbolic sine.",
    "atan": "Arc tangent.",
    "atanh": "Inverse hyperbolic tangent.",
    "cbrt": "Cube root.",
    "ceil": "Round up to an integer.",
    "cos": "Cosine.",
    "cosh": "Hyperbolic cosine.",
    "erf": "Error function.",
    "erfc": "Complementary error function.",
    "exp": "Base-e exponential.",
    "exp2": "Base-2 exponential.",
    "expm1": "exp(x) - 1.",
    "floor": "Round down to an integer.",
    "log": "Natural logarithm.",
    "log10": "Base-10 logarithm.",
    "log1p": "log(1 + x).",
    "log2": "Base-2 logarithm.",
    "round": "Round to nearest, ties away from zero.",
    "roundeven": "Round to nearest, ties to even.",
    "rsqrt": "Reciprocal square root.",
    "sin": "Sine.",
    "sinh": "Hyperbolic sine.",
    "sqrt": "Square root.",
    "tan": "Tangent.",
    "tanh": "Hyperbolic tangent.",
    "trunc": "Round toward zero to an integer.",
}
_FLOAT_BINARY = {
    "atan2": "Two-argument arc tangent.",
    "copysign": "Magnitude of lhs, sign of rhs.",
    "powf": "lhs raised to the power rhs.",
}
_INT_UNARY = {
    "absi": "Integer absolute value.",
    "ctlz": "Count leading zeros.",
    "cttz": "Count trailing zeros.",
    "ctpop": "Count set bits.",
}

OPS: dict[str, type] = {}
for _n, _d in _FLOAT_UNARY.items():
    OPS[_n] = _op("math." + _n, _d, ("operand",), FloatLike, True)
for _n, _d in _FLOAT_BINARY.items():
    OPS[_n] = _op("math." + _n, _d, ("lhs", "rhs"), FloatLike, True)
for _n, _d in _INT_UNARY.items():
    OPS[_n] = _op("math." + _n, _d, ("operand",), SignlessIntLike, False)
OPS["ipowi"] = _op("math.ipowi", "Integer power.", ("lhs", "rhs"), SignlessIntLike, False)
OPS["fma"] = _op("math.fma", "Fused multiply-add a * b + c.", ("a", "b", "c"), FloatLike, True)
globals().update({_class_name("math." + n): cls for n, cls in OPS.items()})


@register_op
class FPowIOp(ElementwiseOp):
    """A float raised to an integer power: ``math.fpowi %x, %n : f32, i32``."""

    __slots__ = ()
    OP_NAME = "math.fpowi"
    traits = frozenset({PURE, SAME_OPERANDS_AND_RESULT_SHAPE})
    lhs = operand_def(FloatLike)
    rhs = operand_def(SignlessIntLike)
    fastmath = prop_def(FastMathAttr, default=FASTMATH_NONE)
    result = result_def(FloatLike)
    type_matches = (("lhs", "result"),)
    assembly_format = "$lhs `,` $rhs " + _FASTMATH + "attr-dict `:` type($lhs) `,` type($rhs)"

    def verify_preds(self) -> None:
        verify_all_types_match(self, ("lhs", "result"))


class _ClassificationOp(ElementwiseOp):
    """``math.isnan %x : f32``: an i1 (in the operand's shape) per element."""

    __slots__ = ()
    traits = frozenset({PURE})
    if not TYPE_CHECKING:  # named like an Operation member (op.operand stays Operation's): op.f.operand
        operand = operand_def(FloatLike)
    fastmath = prop_def(FastMathAttr, default=FASTMATH_NONE)
    result = result_def(BoolLike)
    assembly_format = "$operand attr-dict `:` type($operand)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        if "operand" in ps.types and "result" not in ps.types:
            t = check_format_operand(p, ps, "operand", FloatLike, "operand")
            ps.types["result"] = [i1_same_shape(t)]

    def verify_preds(self) -> None:
        if self.result_types[0] != i1_same_shape(self.operands[0].type):
            raise self.op_error("failed to verify that result type has i1 element type and same shape as operands")


for _n, _d in {
    "isfinite": "Whether each element is finite.",
    "isinf": "Whether each element is infinite.",
    "isnan": "Whether each element is NaN.",
    "isnormal": "Whether each element is a normal number.",
}.items():
    OPS[_n] = register_op(
        type(_class_name("math." + _n), (_ClassificationOp,), {"__slots__": (), "__doc__": _d, "OP_NAME": "math." + _n})
    )
    globals()[OPS[_n].__name__] = OPS[_n]


@register_op
class SinCosOp(ElementwiseOp):
    """Sine and cosine of one value: ``%s, %c = math.sincos %x : f32``."""

    __slots__ = ()
    OP_NAME = "math.sincos"
    traits = frozenset({PURE})
    if not TYPE_CHECKING:  # named like an Operation member (op.operand stays Operation's): op.f.operand
        operand = operand_def(FloatLike)
    fastmath = prop_def(FastMathAttr, default=FASTMATH_NONE)
    sin = result_def(FloatLike)
    cos = result_def(FloatLike)
    type_matches = (("operand", "sin", "cos"),)
    assembly_format = "$operand " + _FASTMATH + "attr-dict `:` type($operand)"

    def asm_result_names(self) -> tuple[str, str]:
        return ("sin", "cos")

    def verify_preds(self) -> None:
        verify_all_types_match(self, ("operand", "sin", "cos"))


@register_op
class ClampFOp(ElementwiseOp):
    """Clamp to a range: ``math.clampf %x to [%lo, %hi] : f32``."""

    __slots__ = ()
    OP_NAME = "math.clampf"
    traits = _SAME
    value = operand_def(FloatLike)
    min = operand_def(FloatLike)
    max = operand_def(FloatLike)
    fastmath = prop_def(FastMathAttr, default=FASTMATH_NONE)
    result = result_def(FloatLike)
    assembly_format = "$value `to` ` ` `[` $min `,` $max `]` " + _FASTMATH + "attr-dict `:` type($result)"
