"""The math dialect: elementwise transcendental, rounding, bit-counting and
classification functions on scalars, vectors and tensors (upstream MLIR 22).

Float ops carry ``#arith.fastmath`` flags (``math.sin %x fastmath<fast> : f32``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ir.fields import operand_def, prop_def, result_def
from ..ir.registry import register_op
from ..ir.traits import PURE, SAME_OPERANDS_AND_RESULT_SHAPE, SAME_OPERANDS_AND_RESULT_TYPE
from .arith.arithmetic import FloatBinaryOp, IntBinaryOp
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


class _FloatUnaryOp(ElementwiseOp):
    """Base of the one-operand float ops: ``math.sin %x [fastmath<...>] : f32``."""

    __slots__ = ()
    traits = _SAME
    if not TYPE_CHECKING:  # named like an Operation member (op.operand stays Operation's): op.f.operand
        operand = operand_def(FloatLike)
    result = result_def(FloatLike)
    fastmath = prop_def(FastMathAttr, default=FASTMATH_NONE)
    assembly_format = "$operand " + _FASTMATH + "attr-dict `:` type($result)"


class _IntUnaryOp(ElementwiseOp):
    """Base of the one-operand integer ops: ``math.ctlz %x : i32``."""

    __slots__ = ()
    traits = _SAME
    if not TYPE_CHECKING:  # named like an Operation member (op.operand stays Operation's): op.f.operand
        operand = operand_def(SignlessIntLike)
    result = result_def(SignlessIntLike)
    assembly_format = "$operand attr-dict `:` type($result)"


@register_op
class AbsfOp(_FloatUnaryOp):
    """Absolute value."""

    __slots__ = ()
    OP_NAME = "math.absf"


@register_op
class AcosOp(_FloatUnaryOp):
    """Arc cosine."""

    __slots__ = ()
    OP_NAME = "math.acos"


@register_op
class AcoshOp(_FloatUnaryOp):
    """Inverse hyperbolic cosine."""

    __slots__ = ()
    OP_NAME = "math.acosh"


@register_op
class AsinOp(_FloatUnaryOp):
    """Arc sine."""

    __slots__ = ()
    OP_NAME = "math.asin"


@register_op
class AsinhOp(_FloatUnaryOp):
    """Inverse hyperbolic sine."""

    __slots__ = ()
    OP_NAME = "math.asinh"


@register_op
class AtanOp(_FloatUnaryOp):
    """Arc tangent."""

    __slots__ = ()
    OP_NAME = "math.atan"


@register_op
class AtanhOp(_FloatUnaryOp):
    """Inverse hyperbolic tangent."""

    __slots__ = ()
    OP_NAME = "math.atanh"


@register_op
class CbrtOp(_FloatUnaryOp):
    """Cube root."""

    __slots__ = ()
    OP_NAME = "math.cbrt"


@register_op
class CeilOp(_FloatUnaryOp):
    """Round up to an integer."""

    __slots__ = ()
    OP_NAME = "math.ceil"


@register_op
class CosOp(_FloatUnaryOp):
    """Cosine."""

    __slots__ = ()
    OP_NAME = "math.cos"


@register_op
class CoshOp(_FloatUnaryOp):
    """Hyperbolic cosine."""

    __slots__ = ()
    OP_NAME = "math.cosh"


@register_op
class ErfOp(_FloatUnaryOp):
    """Error function."""

    __slots__ = ()
    OP_NAME = "math.erf"


@register_op
class ErfcOp(_FloatUnaryOp):
    """Complementary error function."""

    __slots__ = ()
    OP_NAME = "math.erfc"


@register_op
class ExpOp(_FloatUnaryOp):
    """Base-e exponential."""

    __slots__ = ()
    OP_NAME = "math.exp"


@register_op
class Exp2Op(_FloatUnaryOp):
    """Base-2 exponential."""

    __slots__ = ()
    OP_NAME = "math.exp2"


@register_op
class Expm1Op(_FloatUnaryOp):
    """exp(x) - 1."""

    __slots__ = ()
    OP_NAME = "math.expm1"


@register_op
class FloorOp(_FloatUnaryOp):
    """Round down to an integer."""

    __slots__ = ()
    OP_NAME = "math.floor"


@register_op
class LogOp(_FloatUnaryOp):
    """Natural logarithm."""

    __slots__ = ()
    OP_NAME = "math.log"


@register_op
class Log10Op(_FloatUnaryOp):
    """Base-10 logarithm."""

    __slots__ = ()
    OP_NAME = "math.log10"


@register_op
class Log1pOp(_FloatUnaryOp):
    """log(1 + x)."""

    __slots__ = ()
    OP_NAME = "math.log1p"


@register_op
class Log2Op(_FloatUnaryOp):
    """Base-2 logarithm."""

    __slots__ = ()
    OP_NAME = "math.log2"


@register_op
class RoundOp(_FloatUnaryOp):
    """Round to nearest, ties away from zero."""

    __slots__ = ()
    OP_NAME = "math.round"


@register_op
class RoundevenOp(_FloatUnaryOp):
    """Round to nearest, ties to even."""

    __slots__ = ()
    OP_NAME = "math.roundeven"


@register_op
class RsqrtOp(_FloatUnaryOp):
    """Reciprocal square root."""

    __slots__ = ()
    OP_NAME = "math.rsqrt"


@register_op
class SinOp(_FloatUnaryOp):
    """Sine."""

    __slots__ = ()
    OP_NAME = "math.sin"


@register_op
class SinhOp(_FloatUnaryOp):
    """Hyperbolic sine."""

    __slots__ = ()
    OP_NAME = "math.sinh"


@register_op
class SqrtOp(_FloatUnaryOp):
    """Square root."""

    __slots__ = ()
    OP_NAME = "math.sqrt"


@register_op
class TanOp(_FloatUnaryOp):
    """Tangent."""

    __slots__ = ()
    OP_NAME = "math.tan"


@register_op
class TanhOp(_FloatUnaryOp):
    """Hyperbolic tangent."""

    __slots__ = ()
    OP_NAME = "math.tanh"


@register_op
class TruncOp(_FloatUnaryOp):
    """Round toward zero to an integer."""

    __slots__ = ()
    OP_NAME = "math.trunc"


@register_op
class Atan2Op(FloatBinaryOp):
    """Two-argument arc tangent."""

    __slots__ = ()
    OP_NAME = "math.atan2"


@register_op
class CopysignOp(FloatBinaryOp):
    """Magnitude of lhs, sign of rhs."""

    __slots__ = ()
    OP_NAME = "math.copysign"


@register_op
class PowfOp(FloatBinaryOp):
    """lhs raised to the power rhs."""

    __slots__ = ()
    OP_NAME = "math.powf"


@register_op
class AbsiOp(_IntUnaryOp):
    """Integer absolute value."""

    __slots__ = ()
    OP_NAME = "math.absi"


@register_op
class CtlzOp(_IntUnaryOp):
    """Count leading zeros."""

    __slots__ = ()
    OP_NAME = "math.ctlz"


@register_op
class CttzOp(_IntUnaryOp):
    """Count trailing zeros."""

    __slots__ = ()
    OP_NAME = "math.cttz"


@register_op
class CtpopOp(_IntUnaryOp):
    """Count set bits."""

    __slots__ = ()
    OP_NAME = "math.ctpop"


@register_op
class IpowiOp(IntBinaryOp):
    """Integer power."""

    __slots__ = ()
    OP_NAME = "math.ipowi"


@register_op
class FmaOp(ElementwiseOp):
    """Fused multiply-add a * b + c."""

    __slots__ = ()
    OP_NAME = "math.fma"
    traits = _SAME
    a = operand_def(FloatLike)
    b = operand_def(FloatLike)
    c = operand_def(FloatLike)
    result = result_def(FloatLike)
    fastmath = prop_def(FastMathAttr, default=FASTMATH_NONE)
    assembly_format = "$a `,` $b `,` $c " + _FASTMATH + "attr-dict `:` type($result)"


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


@register_op
class IsfiniteOp(_ClassificationOp):
    """Whether each element is finite."""

    __slots__ = ()
    OP_NAME = "math.isfinite"


@register_op
class IsinfOp(_ClassificationOp):
    """Whether each element is infinite."""

    __slots__ = ()
    OP_NAME = "math.isinf"


@register_op
class IsnanOp(_ClassificationOp):
    """Whether each element is NaN."""

    __slots__ = ()
    OP_NAME = "math.isnan"


@register_op
class IsnormalOp(_ClassificationOp):
    """Whether each element is a normal number."""

    __slots__ = ()
    OP_NAME = "math.isnormal"


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


# The ops of one operand type and the classification ops, by mnemonic.
OPS: dict[str, type[ElementwiseOp]] = {
    c.OP_NAME[len("math.") :]: c
    for c in (
        AbsfOp,
        AbsiOp,
        AcosOp,
        AcoshOp,
        AsinOp,
        AsinhOp,
        AtanOp,
        Atan2Op,
        AtanhOp,
        CbrtOp,
        CeilOp,
        CopysignOp,
        CosOp,
        CoshOp,
        CtlzOp,
        CtpopOp,
        CttzOp,
        ErfOp,
        ErfcOp,
        ExpOp,
        Exp2Op,
        Expm1Op,
        FloorOp,
        FmaOp,
        IpowiOp,
        IsfiniteOp,
        IsinfOp,
        IsnanOp,
        IsnormalOp,
        LogOp,
        Log10Op,
        Log1pOp,
        Log2Op,
        PowfOp,
        RoundOp,
        RoundevenOp,
        RsqrtOp,
        SinOp,
        SinhOp,
        SqrtOp,
        TanOp,
        TanhOp,
        TruncOp,
    )
}
