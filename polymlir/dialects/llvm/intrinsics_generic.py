"""``llvm.intr.*`` ops that, as upstream, have only the generic form
(``"llvm.intr.memcpy"``, ``"llvm.intr.ctlz"``, ...), vector predication aside
(``intrinsics_vp``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ir import constraints as C
from ...ir.fields import operand_def, prop_def, result_def
from ...ir.registry import register_op
from .intrinsic_base import (
    I1_ATTR,
    I8,
    PURE_ONLY,
    VEC_OF_I1,
    IntrinsicOp,
)
from .ops import (
    ANY_PTR,
    ANY_VECTOR,
    ARRAY,
    FLOAT_LIKE,
    I32_ATTR,
    INT_LIKE,
    LLVM_TYPE,
    SIGNLESS_INT,
    _fmf_prop,
)


class _CountZerosIntrOp(IntrinsicOp):
    """Leading/trailing zero counts (generic form only)."""

    __slots__ = ()
    traits = PURE_ONLY
    in_ = operand_def(INT_LIKE, name="in")
    res = result_def(LLVM_TYPE)
    is_zero_poison = prop_def(I1_ATTR)


@register_op
class CtlzIntrOp(_CountZerosIntrOp):
    """The ``llvm.ctlz`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ctlz"


@register_op
class CttzIntrOp(_CountZerosIntrOp):
    """The ``llvm.cttz`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.cttz"


@register_op
class AbsIntrOp(IntrinsicOp):
    """The ``llvm.abs`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.abs"
    traits = PURE_ONLY
    in_ = operand_def(INT_LIKE, name="in")
    res = result_def(LLVM_TYPE)
    is_int_min_poison = prop_def(I1_ATTR)


@register_op
class IsFpclassIntrOp(IntrinsicOp):
    """The ``llvm.is.fpclass`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.is.fpclass"
    traits = PURE_ONLY
    in_ = operand_def(FLOAT_LIKE, name="in")
    res = result_def(LLVM_TYPE)
    bit = prop_def(I32_ATTR)


@register_op
class PrefetchIntrOp(IntrinsicOp):
    """The ``llvm.prefetch`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.prefetch"
    addr = operand_def(ANY_PTR)
    rw = prop_def(I32_ATTR)
    hint = prop_def(I32_ATTR)
    cache = prop_def(I32_ATTR)


class _MemoryIntrOp(IntrinsicOp):
    """Intrinsics that access memory: upstream's alias-analysis and
    argument/result attribute properties."""

    __slots__ = ()
    access_groups = prop_def(ARRAY, optional=True)
    alias_scopes = prop_def(ARRAY, optional=True)
    noalias_scopes = prop_def(ARRAY, optional=True)
    tbaa = prop_def(ARRAY, optional=True)
    arg_attrs = prop_def(ARRAY, optional=True)
    res_attrs = prop_def(ARRAY, optional=True)


class _MemTransferIntrOp(_MemoryIntrOp):
    """Memory copies of ``len`` bytes (generic form only)."""

    __slots__ = ()
    dst = operand_def(ANY_PTR)
    src = operand_def(ANY_PTR)
    len = operand_def(SIGNLESS_INT)
    isVolatile = prop_def(I1_ATTR)


@register_op
class MemcpyIntrOp(_MemTransferIntrOp):
    """The ``llvm.memcpy`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.memcpy"


@register_op
class MemmoveIntrOp(_MemTransferIntrOp):
    """The ``llvm.memmove`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.memmove"


@register_op
class MemcpyInlineIntrOp(_MemoryIntrOp):
    """The ``llvm.memcpy.inline`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.memcpy.inline"
    dst = operand_def(ANY_PTR)
    src = operand_def(ANY_PTR)
    len = prop_def(C.AnyIntegerAttr)
    isVolatile = prop_def(I1_ATTR)


@register_op
class MemsetIntrOp(_MemoryIntrOp):
    """The ``llvm.memset`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.memset"
    dst = operand_def(ANY_PTR)
    val = operand_def(I8)
    len = operand_def(SIGNLESS_INT)
    isVolatile = prop_def(I1_ATTR)


@register_op
class MemsetInlineIntrOp(_MemoryIntrOp):
    """The ``llvm.memset.inline`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.memset.inline"
    dst = operand_def(ANY_PTR)
    val = operand_def(I8)
    len = prop_def(C.AnyIntegerAttr)
    isVolatile = prop_def(I1_ATTR)


class _WithOverflowIntrOp(IntrinsicOp):
    """Integer arithmetic returning ``{result, overflow bit}``."""

    __slots__ = ()
    traits = PURE_ONLY
    lhs = operand_def(INT_LIKE)
    rhs = operand_def(INT_LIKE)
    res = result_def(LLVM_TYPE)


@register_op
class SaddWithOverflowIntrOp(_WithOverflowIntrOp):
    """The ``llvm.sadd.with.overflow`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.sadd.with.overflow"


@register_op
class UaddWithOverflowIntrOp(_WithOverflowIntrOp):
    """The ``llvm.uadd.with.overflow`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.uadd.with.overflow"


@register_op
class SsubWithOverflowIntrOp(_WithOverflowIntrOp):
    """The ``llvm.ssub.with.overflow`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ssub.with.overflow"


@register_op
class UsubWithOverflowIntrOp(_WithOverflowIntrOp):
    """The ``llvm.usub.with.overflow`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.usub.with.overflow"


@register_op
class SmulWithOverflowIntrOp(_WithOverflowIntrOp):
    """The ``llvm.smul.with.overflow`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.smul.with.overflow"


@register_op
class UmulWithOverflowIntrOp(_WithOverflowIntrOp):
    """The ``llvm.umul.with.overflow`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.umul.with.overflow"


@register_op
class IsConstantIntrOp(IntrinsicOp):
    """The ``llvm.is.constant`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.is.constant"
    traits = PURE_ONLY
    val = operand_def(LLVM_TYPE)
    res = result_def(LLVM_TYPE)


@register_op
class ThreadlocalAddressIntrOp(IntrinsicOp):
    """The ``llvm.threadlocal.address`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.threadlocal.address"
    traits = PURE_ONLY
    global_ = operand_def(ANY_PTR, name="global")
    res = result_def(LLVM_TYPE)


@register_op
class VscaleIntrOp(IntrinsicOp):
    """The ``llvm.vscale`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vscale"
    res = result_def(LLVM_TYPE)


class _VectorReduceIntrOp(IntrinsicOp):
    """Integer reductions of a vector to a scalar."""

    __slots__ = ()
    traits = PURE_ONLY
    in_ = operand_def(ANY_VECTOR, name="in")
    res = result_def(LLVM_TYPE)


@register_op
class VectorReduceAddIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reduce.add`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.add"


@register_op
class VectorReduceAndIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reduce.and`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.and"


@register_op
class VectorReduceMulIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reduce.mul`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.mul"


@register_op
class VectorReduceOrIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reduce.or`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.or"


@register_op
class VectorReduceSmaxIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reduce.smax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.smax"


@register_op
class VectorReduceSminIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reduce.smin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.smin"


@register_op
class VectorReduceUmaxIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reduce.umax`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.umax"


@register_op
class VectorReduceUminIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reduce.umin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.umin"


@register_op
class VectorReduceXorIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reduce.xor`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.xor"


class _OrderedReduceIntrOp(IntrinsicOp):
    """Ordered float reductions from a start value."""

    __slots__ = ()
    traits = PURE_ONLY
    start_value = operand_def(LLVM_TYPE)
    input = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()


@register_op
class VectorReduceFaddIntrOp(_OrderedReduceIntrOp):
    """The ``llvm.vector.reduce.fadd`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.fadd"


@register_op
class VectorReduceFmulIntrOp(_OrderedReduceIntrOp):
    """The ``llvm.vector.reduce.fmul`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reduce.fmul"


@register_op
class AnnotationIntrOp(IntrinsicOp):
    """The ``llvm.annotation`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.annotation"
    integer = operand_def(SIGNLESS_INT)
    annotation = operand_def(ANY_PTR)
    fileName = operand_def(ANY_PTR)
    line = operand_def(C.I32)
    res = result_def(LLVM_TYPE)


@register_op
class PtrAnnotationIntrOp(IntrinsicOp):
    """The ``llvm.ptr.annotation`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ptr.annotation"
    ptr = operand_def(ANY_PTR)
    annotation = operand_def(ANY_PTR)
    fileName = operand_def(ANY_PTR)
    line = operand_def(C.I32)
    if not TYPE_CHECKING:  # named like an Operation member: op.f.attr
        attr = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)


@register_op
class VarAnnotationIntrOp(IntrinsicOp):
    """The ``llvm.var.annotation`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.var.annotation"
    val = operand_def(ANY_PTR)
    annotation = operand_def(ANY_PTR)
    fileName = operand_def(ANY_PTR)
    line = operand_def(C.I32)
    if not TYPE_CHECKING:  # named like an Operation member: op.f.attr
        attr = operand_def(ANY_PTR)


@register_op
class MaskedExpandloadIntrOp(_MemoryIntrOp):
    """The ``llvm.masked.expandload`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.masked.expandload"
    ptr = operand_def(ANY_PTR)
    mask = operand_def(VEC_OF_I1)
    passthru = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)


@register_op
class MaskedCompressstoreIntrOp(_MemoryIntrOp):
    """The ``llvm.masked.compressstore`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.masked.compressstore"
    value = operand_def(ANY_VECTOR)
    ptr = operand_def(ANY_PTR)
    mask = operand_def(VEC_OF_I1)


class _Interleave2IntrOp(IntrinsicOp):
    """Interleaving of two vectors."""

    __slots__ = ()
    traits = PURE_ONLY
    vec1 = operand_def(ANY_VECTOR)
    vec2 = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)


@register_op
class VectorInterleave2IntrOp(_Interleave2IntrOp):
    """The ``llvm.vector.interleave2`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.interleave2"


@register_op
class ExperimentalVectorInterleave2IntrOp(_Interleave2IntrOp):
    """The ``llvm.experimental.vector.interleave2`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.vector.interleave2"


class _Deinterleave2IntrOp(IntrinsicOp):
    """Deinterleaving of a vector into two."""

    __slots__ = ()
    traits = PURE_ONLY
    vec = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)


@register_op
class VectorDeinterleave2IntrOp(_Deinterleave2IntrOp):
    """The ``llvm.vector.deinterleave2`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.deinterleave2"


@register_op
class ExperimentalVectorDeinterleave2IntrOp(_Deinterleave2IntrOp):
    """The ``llvm.experimental.vector.deinterleave2`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.vector.deinterleave2"


@register_op
class VectorSpliceIntrOp(IntrinsicOp):
    """The ``llvm.vector.splice`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.splice"
    traits = PURE_ONLY
    vec1 = operand_def(ANY_VECTOR)
    vec2 = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)
    imm = prop_def(I32_ATTR)


@register_op
class ExperimentalStepvectorIntrOp(IntrinsicOp):
    """The ``llvm.experimental.stepvector`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.stepvector"
    traits = PURE_ONLY
    res = result_def(LLVM_TYPE)


class _FloatToIntSatIntrOp(IntrinsicOp):
    """Saturating float to integer casts."""

    __slots__ = ()
    traits = PURE_ONLY
    in_ = operand_def(FLOAT_LIKE, name="in")
    res = result_def(LLVM_TYPE)


@register_op
class FptosiSatIntrOp(_FloatToIntSatIntrOp):
    """The ``llvm.fptosi.sat`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.fptosi.sat"


@register_op
class FptouiSatIntrOp(_FloatToIntSatIntrOp):
    """The ``llvm.fptoui.sat`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.fptoui.sat"


class _ThreeWayCmpIntrOp(IntrinsicOp):
    """Three-way integer comparisons (-1, 0 or 1)."""

    __slots__ = ()
    traits = PURE_ONLY
    a = operand_def(INT_LIKE)
    b = operand_def(INT_LIKE)
    res = result_def(LLVM_TYPE)
    assembly_format = "`(` $a `,` $b `)` attr-dict `:` functional-type(operands, results)"


@register_op
class UcmpIntrOp(_ThreeWayCmpIntrOp):
    """The ``llvm.ucmp`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ucmp"


@register_op
class ScmpIntrOp(_ThreeWayCmpIntrOp):
    """The ``llvm.scmp`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.scmp"


@register_op
class VectorReverseIntrOp(_VectorReduceIntrOp):
    """The ``llvm.vector.reverse`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.reverse"


class _VectorCompressIntrOp(IntrinsicOp):
    """Packing of the selected elements of a vector."""

    __slots__ = ()
    traits = PURE_ONLY
    value = operand_def(ANY_VECTOR)
    mask = operand_def(VEC_OF_I1)
    passthru = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)


@register_op
class VectorCompressIntrOp(_VectorCompressIntrOp):
    """The ``llvm.vector.compress`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.compress"


@register_op
class ExperimentalVectorCompressIntrOp(_VectorCompressIntrOp):
    """The ``llvm.experimental.vector.compress`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.vector.compress"


@register_op
class ObjectsizeIntrOp(IntrinsicOp):
    """The ``llvm.objectsize`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.objectsize"
    ptr = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)
    min = prop_def(I1_ATTR)
    nullunknown = prop_def(I1_ATTR)
    dynamic = prop_def(I1_ATTR)
