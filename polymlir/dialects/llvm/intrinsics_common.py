"""``llvm.intr.*`` ops in the common form, ``llvm.intr.fma(%a, %b, %c) : (f32,
f32, f32) -> f32``: float and integer math, min/max and float reductions
(upstream LLVMIntrinsicOps.td). Float ones carry ``fastmathFlags``.
"""

from __future__ import annotations

from ...ir.fields import operand_def, result_def
from ...ir.registry import register_op
from .intrinsic_base import (
    PURE_ONLY,
    PURE_SAME_TYPE,
    IntrinsicOp,
)
from .ops import (
    ANY_VECTOR,
    FLOAT_LIKE,
    INT_LIKE,
    LLVM_TYPE,
    _fmf_prop,
)

# Float intrinsics of one operand (the LLVM IR translation overloads them by type too).
UNARY_FLOAT = (
    "exp",
    "exp2",
    "exp10",
    "fabs",
    "ceil",
    "floor",
    "log",
    "log10",
    "log2",
    "roundeven",
    "round",
    "trunc",
    "sqrt",
    "rint",
    "nearbyint",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "canonicalize",
)


class _FloatUnaryIntrOp(IntrinsicOp):
    """Float intrinsics of one operand: ``llvm.intr.sqrt(%x) : (f32) -> f32``."""

    __slots__ = ()
    traits = PURE_SAME_TYPE
    in_ = operand_def(FLOAT_LIKE, name="in")
    res = result_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    assembly_format = "`(` $in `)` attr-dict `:` functional-type(operands, results)"


@register_op
class ExpIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.exp`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.exp"


@register_op
class Exp2IntrOp(_FloatUnaryIntrOp):
    """The ``llvm.exp2`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.exp2"


@register_op
class Exp10IntrOp(_FloatUnaryIntrOp):
    """The ``llvm.exp10`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.exp10"


@register_op
class FabsIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.fabs`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.fabs"


@register_op
class CeilIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.ceil`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ceil"


@register_op
class FloorIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.floor`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.floor"


@register_op
class LogIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.log`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.log"


@register_op
class Log10IntrOp(_FloatUnaryIntrOp):
    """The ``llvm.log10`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.log10"


@register_op
class Log2IntrOp(_FloatUnaryIntrOp):
    """The ``llvm.log2`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.log2"


@register_op
class RoundevenIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.roundeven`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.roundeven"


@register_op
class RoundIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.round`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.round"


@register_op
class TruncIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.trunc`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.trunc"


@register_op
class SqrtIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.sqrt`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.sqrt"


@register_op
class RintIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.rint`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.rint"


@register_op
class NearbyintIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.nearbyint`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.nearbyint"


@register_op
class SinIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.sin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.sin"


@register_op
class CosIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.cos`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.cos"


@register_op
class TanIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.tan`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.tan"


@register_op
class AsinIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.asin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.asin"


@register_op
class AcosIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.acos`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.acos"


@register_op
class AtanIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.atan`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.atan"


@register_op
class SinhIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.sinh`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.sinh"


@register_op
class CoshIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.cosh`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.cosh"


@register_op
class TanhIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.tanh`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.tanh"


@register_op
class CanonicalizeIntrOp(_FloatUnaryIntrOp):
    """The ``llvm.canonicalize`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.canonicalize"


class _FloatBinaryIntrOp(IntrinsicOp):
    """Float intrinsics of two operands of the result's type."""

    __slots__ = ()
    traits = PURE_SAME_TYPE
    a = operand_def(FLOAT_LIKE)
    b = operand_def(FLOAT_LIKE)
    res = result_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    assembly_format = "`(` $a `,` $b `)` attr-dict `:` functional-type(operands, results)"


@register_op
class CopysignIntrOp(_FloatBinaryIntrOp):
    """The ``llvm.copysign`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.copysign"


@register_op
class PowIntrOp(_FloatBinaryIntrOp):
    """The ``llvm.pow`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.pow"


@register_op
class MaxnumIntrOp(_FloatBinaryIntrOp):
    """The ``llvm.maxnum`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.maxnum"


@register_op
class MinnumIntrOp(_FloatBinaryIntrOp):
    """The ``llvm.minnum`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.minnum"


@register_op
class MaximumIntrOp(_FloatBinaryIntrOp):
    """The ``llvm.maximum`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.maximum"


@register_op
class MinimumIntrOp(_FloatBinaryIntrOp):
    """The ``llvm.minimum`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.minimum"


@register_op
class MaximumnumIntrOp(_FloatBinaryIntrOp):
    """The ``llvm.maximumnum`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.maximumnum"


@register_op
class MinimumnumIntrOp(_FloatBinaryIntrOp):
    """The ``llvm.minimumnum`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.minimumnum"


@register_op
class Atan2IntrOp(_FloatBinaryIntrOp):
    """The ``llvm.atan2`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.atan2"


class _FloatTernaryIntrOp(IntrinsicOp):
    """Float intrinsics of three operands of the result's type."""

    __slots__ = ()
    traits = PURE_SAME_TYPE
    a = operand_def(FLOAT_LIKE)
    b = operand_def(FLOAT_LIKE)
    c = operand_def(FLOAT_LIKE)
    res = result_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    assembly_format = "`(` $a `,` $b `,` $c `)` attr-dict `:` functional-type(operands, results)"


@register_op
class FmaIntrOp(_FloatTernaryIntrOp):
    """The ``llvm.fma`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.fma"


@register_op
class FmuladdIntrOp(_FloatTernaryIntrOp):
    """The ``llvm.fmuladd`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.fmuladd"


class _IntUnaryIntrOp(IntrinsicOp):
    """Integer intrinsics of one operand of the result's type."""

    __slots__ = ()
    traits = PURE_SAME_TYPE
    in_ = operand_def(INT_LIKE, name="in")
    res = result_def(LLVM_TYPE)
    assembly_format = "`(` $in `)` attr-dict `:` functional-type(operands, results)"


@register_op
class BitreverseIntrOp(_IntUnaryIntrOp):
    """The ``llvm.bitreverse`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.bitreverse"


@register_op
class BswapIntrOp(_IntUnaryIntrOp):
    """The ``llvm.bswap`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.bswap"


@register_op
class CtpopIntrOp(_IntUnaryIntrOp):
    """The ``llvm.ctpop`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ctpop"


class _IntBinaryIntrOp(IntrinsicOp):
    """Integer intrinsics of two operands of the result's type."""

    __slots__ = ()
    traits = PURE_SAME_TYPE
    a = operand_def(INT_LIKE)
    b = operand_def(INT_LIKE)
    res = result_def(LLVM_TYPE)
    assembly_format = "`(` $a `,` $b `)` attr-dict `:` functional-type(operands, results)"


@register_op
class SmaxIntrOp(_IntBinaryIntrOp):
    """The ``llvm.smax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.smax"


@register_op
class SminIntrOp(_IntBinaryIntrOp):
    """The ``llvm.smin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.smin"


@register_op
class UmaxIntrOp(_IntBinaryIntrOp):
    """The ``llvm.umax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.umax"


@register_op
class UminIntrOp(_IntBinaryIntrOp):
    """The ``llvm.umin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.umin"


@register_op
class SaddSatIntrOp(_IntBinaryIntrOp):
    """The ``llvm.sadd.sat`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.sadd.sat"


@register_op
class UaddSatIntrOp(_IntBinaryIntrOp):
    """The ``llvm.uadd.sat`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.uadd.sat"


@register_op
class SsubSatIntrOp(_IntBinaryIntrOp):
    """The ``llvm.ssub.sat`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ssub.sat"


@register_op
class UsubSatIntrOp(_IntBinaryIntrOp):
    """The ``llvm.usub.sat`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.usub.sat"


@register_op
class SshlSatIntrOp(_IntBinaryIntrOp):
    """The ``llvm.sshl.sat`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.sshl.sat"


@register_op
class UshlSatIntrOp(_IntBinaryIntrOp):
    """The ``llvm.ushl.sat`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ushl.sat"


class _IntTernaryIntrOp(IntrinsicOp):
    """Integer intrinsics of three operands of the result's type (funnel shifts)."""

    __slots__ = ()
    traits = PURE_SAME_TYPE
    a = operand_def(INT_LIKE)
    b = operand_def(INT_LIKE)
    c = operand_def(INT_LIKE)
    res = result_def(LLVM_TYPE)
    assembly_format = "`(` $a `,` $b `,` $c `)` attr-dict `:` functional-type(operands, results)"


@register_op
class FshlIntrOp(_IntTernaryIntrOp):
    """The ``llvm.fshl`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.fshl"


@register_op
class FshrIntrOp(_IntTernaryIntrOp):
    """The ``llvm.fshr`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.fshr"


class _FloatIntIntrOp(IntrinsicOp):
    """A float and an integer operand: ``powi``, ``ldexp``."""

    __slots__ = ()
    traits = PURE_ONLY
    val = operand_def(FLOAT_LIKE)
    power = operand_def(INT_LIKE)
    res = result_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    assembly_format = "`(` $val `,` $power `)` attr-dict `:` functional-type(operands, results)"


@register_op
class PowiIntrOp(_FloatIntIntrOp):
    """The ``llvm.powi`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.powi"


@register_op
class LdexpIntrOp(_FloatIntIntrOp):
    """The ``llvm.ldexp`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ldexp"


class _FloatSplitIntrOp(IntrinsicOp):
    """One float operand, a pair of results: ``frexp``, ``sincos``."""

    __slots__ = ()
    traits = PURE_ONLY
    val = operand_def(FLOAT_LIKE)
    res = result_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    assembly_format = "`(` $val `)` attr-dict `:` functional-type(operands, results)"


@register_op
class FrexpIntrOp(_FloatSplitIntrOp):
    """The ``llvm.frexp`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.frexp"


@register_op
class SincosIntrOp(_FloatSplitIntrOp):
    """The ``llvm.sincos`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.sincos"


class _FloatToIntIntrOp(IntrinsicOp):
    """Float to integer rounding intrinsics."""

    __slots__ = ()
    traits = PURE_ONLY
    val = operand_def(FLOAT_LIKE)
    res = result_def(LLVM_TYPE)
    assembly_format = "`(` $val `)` attr-dict `:` functional-type(operands, results)"


@register_op
class LroundIntrOp(_FloatToIntIntrOp):
    """The ``llvm.lround`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.lround"


@register_op
class LlroundIntrOp(_FloatToIntIntrOp):
    """The ``llvm.llround`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.llround"


@register_op
class LrintIntrOp(_FloatToIntIntrOp):
    """The ``llvm.lrint`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.lrint"


@register_op
class LlrintIntrOp(_FloatToIntIntrOp):
    """The ``llvm.llrint`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.llrint"


class _FloatReduceIntrOp(IntrinsicOp):
    """Float min/max reductions of a vector to a scalar."""

    __slots__ = ()
    traits = PURE_ONLY
    in_ = operand_def(ANY_VECTOR, name="in")
    res = result_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    assembly_format = "`(` $in `)` attr-dict `:` functional-type(operands, results)"


@register_op
class VectorReduceFmaxIntrOp(_FloatReduceIntrOp):
    """The ``llvm.vector.reduce.fmax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.fmax"


@register_op
class VectorReduceFminIntrOp(_FloatReduceIntrOp):
    """The ``llvm.vector.reduce.fmin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.fmin"


@register_op
class VectorReduceFmaximumIntrOp(_FloatReduceIntrOp):
    """The ``llvm.vector.reduce.fmaximum`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.fmaximum"


@register_op
class VectorReduceFminimumIntrOp(_FloatReduceIntrOp):
    """The ``llvm.vector.reduce.fminimum`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.fminimum"
