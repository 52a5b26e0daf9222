"""The vector predication intrinsics ``llvm.intr.vp.*`` (generic form only):
vector operands, a mask and an explicit vector length.
"""

from __future__ import annotations

from ...ir import constraints as C
from ...ir.fields import operand_def, result_def
from ...ir.registry import register_op
from .intrinsic_base import (
    PURE_ONLY,
    VEC_OF_I1,
    IntrinsicOp,
)
from .ops import (
    ANY_PTR,
    ANY_VECTOR,
    LLVM_TYPE,
    SIGNLESS_INT,
)


class _VPBinaryIntrOp(IntrinsicOp):
    """Binary vector-predication intrinsics: lhs, rhs, a mask and an explicit vector length."""

    __slots__ = ()
    traits = PURE_ONLY
    lhs = operand_def(ANY_VECTOR)
    rhs = operand_def(ANY_VECTOR)
    mask = operand_def(VEC_OF_I1)
    evl = operand_def(C.I32)
    res = result_def(LLVM_TYPE)


@register_op
class VpAddIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.add`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.add"


@register_op
class VpSubIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.sub`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.sub"


@register_op
class VpMulIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.mul`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.mul"


@register_op
class VpSdivIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.sdiv`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.sdiv"


@register_op
class VpUdivIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.udiv`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.udiv"


@register_op
class VpSremIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.srem`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.srem"


@register_op
class VpUremIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.urem`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.urem"


@register_op
class VpAshrIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.ashr`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.ashr"


@register_op
class VpLshrIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.lshr`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.lshr"


@register_op
class VpShlIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.shl`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.shl"


@register_op
class VpOrIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.or`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.or"


@register_op
class VpAndIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.and`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.and"


@register_op
class VpXorIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.xor`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.xor"


@register_op
class VpSmaxIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.smax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.smax"


@register_op
class VpSminIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.smin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.smin"


@register_op
class VpUmaxIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.umax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.umax"


@register_op
class VpUminIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.umin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.umin"


@register_op
class VpFaddIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.fadd`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fadd"


@register_op
class VpFsubIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.fsub`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fsub"


@register_op
class VpFmulIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.fmul`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fmul"


@register_op
class VpFdivIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.fdiv`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fdiv"


@register_op
class VpFremIntrOp(_VPBinaryIntrOp):
    """The ``llvm.vp.frem`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.frem"


@register_op
class VpFnegIntrOp(IntrinsicOp):
    """The ``llvm.vp.fneg`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fneg"
    traits = PURE_ONLY
    op = operand_def(ANY_VECTOR)
    mask = operand_def(VEC_OF_I1)
    evl = operand_def(C.I32)
    res = result_def(LLVM_TYPE)


class _VPTernaryIntrOp(IntrinsicOp):
    """Ternary vector-predication intrinsics."""

    __slots__ = ()
    traits = PURE_ONLY
    op1 = operand_def(ANY_VECTOR)
    op2 = operand_def(ANY_VECTOR)
    op3 = operand_def(ANY_VECTOR)
    mask = operand_def(VEC_OF_I1)
    evl = operand_def(C.I32)
    res = result_def(LLVM_TYPE)


@register_op
class VpFmuladdIntrOp(_VPTernaryIntrOp):
    """The ``llvm.vp.fmuladd`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fmuladd"


@register_op
class VpFmaIntrOp(_VPTernaryIntrOp):
    """The ``llvm.vp.fma`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fma"


class _VPReduceIntrOp(IntrinsicOp):
    """Vector-predication reductions: a start value, a vector, a mask and an explicit vector length."""

    __slots__ = ()
    traits = PURE_ONLY
    satrt_value = operand_def(LLVM_TYPE)
    val = operand_def(ANY_VECTOR)
    mask = operand_def(VEC_OF_I1)
    evl = operand_def(C.I32)
    res = result_def(LLVM_TYPE)


@register_op
class VpReduceAddIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.add`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.add"


@register_op
class VpReduceMulIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.mul`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.mul"


@register_op
class VpReduceAndIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.and`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.and"


@register_op
class VpReduceOrIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.or`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.or"


@register_op
class VpReduceXorIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.xor`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.xor"


@register_op
class VpReduceSmaxIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.smax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.smax"


@register_op
class VpReduceSminIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.smin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.smin"


@register_op
class VpReduceUmaxIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.umax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.umax"


@register_op
class VpReduceUminIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.umin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.umin"


@register_op
class VpReduceFaddIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.fadd`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.fadd"


@register_op
class VpReduceFmulIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.fmul`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.fmul"


@register_op
class VpReduceFmaxIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.fmax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.fmax"


@register_op
class VpReduceFminIntrOp(_VPReduceIntrOp):
    """The ``llvm.vp.reduce.fmin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.reduce.fmin"


class _VPSelectIntrOp(IntrinsicOp):
    """Vector-predication selects."""

    __slots__ = ()
    traits = PURE_ONLY
    cond = operand_def(VEC_OF_I1)
    true_val = operand_def(ANY_VECTOR)
    false_val = operand_def(ANY_VECTOR)
    evl = operand_def(C.I32)
    res = result_def(LLVM_TYPE)


@register_op
class VpSelectIntrOp(_VPSelectIntrOp):
    """The ``llvm.vp.select`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.select"


@register_op
class VpMergeIntrOp(_VPSelectIntrOp):
    """The ``llvm.vp.merge`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.merge"


@register_op
class VpLoadIntrOp(IntrinsicOp):
    """The ``llvm.vp.load`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.load"
    ptr = operand_def(ANY_PTR)
    mask = operand_def(VEC_OF_I1)
    evl = operand_def(C.I32)
    res = result_def(LLVM_TYPE)


@register_op
class VpStoreIntrOp(IntrinsicOp):
    """The ``llvm.vp.store`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.store"
    val = operand_def(ANY_VECTOR)
    ptr = operand_def(ANY_PTR)
    mask = operand_def(VEC_OF_I1)
    evl = operand_def(C.I32)


@register_op
class ExperimentalVpStridedLoadIntrOp(IntrinsicOp):
    """The ``llvm.experimental.vp.strided.load`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.vp.strided.load"
    ptr = operand_def(ANY_PTR)
    stride = operand_def(SIGNLESS_INT)
    mask = operand_def(VEC_OF_I1)
    evl = operand_def(C.I32)
    res = result_def(LLVM_TYPE)


@register_op
class ExperimentalVpStridedStoreIntrOp(IntrinsicOp):
    """The ``llvm.experimental.vp.strided.store`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.vp.strided.store"
    val = operand_def(ANY_VECTOR)
    ptr = operand_def(ANY_PTR)
    stride = operand_def(SIGNLESS_INT)
    mask = operand_def(VEC_OF_I1)
    evl = operand_def(C.I32)


class _VPCastIntrOp(IntrinsicOp):
    """Vector-predication casts: a vector, a mask and an explicit vector length."""

    __slots__ = ()
    traits = PURE_ONLY
    src = operand_def(ANY_VECTOR)
    mask = operand_def(VEC_OF_I1)
    evl = operand_def(C.I32)
    res = result_def(LLVM_TYPE)


@register_op
class VpTruncIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.trunc`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.trunc"


@register_op
class VpZextIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.zext`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.zext"


@register_op
class VpSextIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.sext`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.sext"


@register_op
class VpFptruncIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.fptrunc`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fptrunc"


@register_op
class VpFpextIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.fpext`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fpext"


@register_op
class VpFptouiIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.fptoui`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fptoui"


@register_op
class VpFptosiIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.fptosi`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.fptosi"


@register_op
class VpUitofpIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.uitofp`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.uitofp"


@register_op
class VpSitofpIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.sitofp`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.sitofp"


@register_op
class VpPtrtointIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.ptrtoint`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.ptrtoint"


@register_op
class VpInttoptrIntrOp(_VPCastIntrOp):
    """The ``llvm.vp.inttoptr`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vp.inttoptr"
