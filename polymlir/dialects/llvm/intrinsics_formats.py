"""``llvm.intr.*`` ops with their own custom form (lifetime markers,
coroutines, debug info, va_list, matrices, masked memory, constrained float).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ir import constraints as C
from ...ir import types as T
from ...ir.fields import operand_def, opt_operand_def, prop_def, result_def, var_operand_def
from ...ir.registry import register_op
from .intrinsic_base import (
    ANY,
    DI_EXPR_DEFAULT,
    EXCEPTION_BEHAVIOR,
    F64_ATTR,
    I1_ATTR,
    I64_IN_FORMAT,
    PURE_ONLY,
    PURE_SAME_TYPE,
    ROUNDING_MODE,
    SAME_TYPE,
    TOKEN,
    UNIT,
    VEC_OF_I1,
    VEC_OF_PTR,
    IntrinsicOp,
)
from .ops import (
    ANY_PTR,
    ANY_VECTOR,
    I32_ATTR,
    INT_LIKE,
    LLVM_TYPE,
    PTR_LIKE,
    SIGNLESS_INT,
)
from .types import LLVMPointerType


@register_op
class PtrmaskIntrOp(IntrinsicOp):
    """The ``llvm.ptrmask`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ptrmask"
    traits = PURE_ONLY
    ptr = operand_def(PTR_LIKE)
    mask = operand_def(INT_LIKE)
    res = result_def(LLVM_TYPE)
    assembly_format = "$ptr `,` $mask attr-dict `:` functional-type(operands, results)"


class _PtrOperandIntrOp(IntrinsicOp):
    """Intrinsics of one pointer operand and no result."""

    __slots__ = ()
    ptr = operand_def(ANY_PTR)
    assembly_format = "$ptr attr-dict `:` qualified(type($ptr))"


@register_op
class LifetimeStartIntrOp(_PtrOperandIntrOp):
    """The ``llvm.lifetime.start`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.lifetime.start"


@register_op
class LifetimeEndIntrOp(_PtrOperandIntrOp):
    """The ``llvm.lifetime.end`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.lifetime.end"


@register_op
class InvariantStartIntrOp(IntrinsicOp):
    """The ``llvm.invariant.start`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.invariant.start"
    ptr = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)
    size = prop_def(I64_IN_FORMAT)
    assembly_format = "$size `,` $ptr attr-dict `:` qualified(type($ptr))"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("res", [LLVMPointerType()])


@register_op
class InvariantEndIntrOp(IntrinsicOp):
    """The ``llvm.invariant.end`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.invariant.end"
    start = operand_def(ANY_PTR)
    ptr = operand_def(ANY_PTR)
    size = prop_def(I64_IN_FORMAT)
    assembly_format = "$start `,` $size `,` $ptr attr-dict `:` qualified(type($ptr))"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("start", [LLVMPointerType()])


class _InvariantGroupIntrOp(IntrinsicOp):
    """Invariant-group pointer intrinsics."""

    __slots__ = ()
    traits = SAME_TYPE
    ptr = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)
    assembly_format = "$ptr attr-dict `:` qualified(type($ptr))"


@register_op
class LaunderInvariantGroupIntrOp(_InvariantGroupIntrOp):
    """The ``llvm.launder.invariant.group`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.launder.invariant.group"


@register_op
class StripInvariantGroupIntrOp(_InvariantGroupIntrOp):
    """The ``llvm.strip.invariant.group`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.strip.invariant.group"


class _ConstrainedCastIntrOp(IntrinsicOp):
    """Constrained casts with a rounding mode."""

    __slots__ = ()
    traits = PURE_ONLY
    arg_0 = operand_def(LLVM_TYPE)
    res = result_def(LLVM_TYPE)
    roundingmode = prop_def(ROUNDING_MODE)
    fpExceptionBehavior = prop_def(EXCEPTION_BEHAVIOR)
    assembly_format = "$arg_0 $roundingmode $fpExceptionBehavior attr-dict `:` type($arg_0) `to` type(results)"


@register_op
class ExperimentalConstrainedUitofpIntrOp(_ConstrainedCastIntrOp):
    """The ``llvm.experimental.constrained.uitofp`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.uitofp"


@register_op
class ExperimentalConstrainedSitofpIntrOp(_ConstrainedCastIntrOp):
    """The ``llvm.experimental.constrained.sitofp`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.sitofp"


@register_op
class ExperimentalConstrainedFptruncIntrOp(_ConstrainedCastIntrOp):
    """The ``llvm.experimental.constrained.fptrunc`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.fptrunc"


@register_op
class ExperimentalConstrainedFpextIntrOp(IntrinsicOp):
    """The ``llvm.experimental.constrained.fpext`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.fpext"
    traits = PURE_ONLY
    arg_0 = operand_def(LLVM_TYPE)
    res = result_def(LLVM_TYPE)
    fpExceptionBehavior = prop_def(EXCEPTION_BEHAVIOR)
    assembly_format = "$arg_0 $fpExceptionBehavior attr-dict `:` type($arg_0) `to` type(results)"


class _ConstrainedBinaryIntrOp(IntrinsicOp):
    """Constrained float arithmetic of two operands."""

    __slots__ = ()
    traits = PURE_ONLY
    arg_0 = operand_def(LLVM_TYPE)
    arg_1 = operand_def(LLVM_TYPE)
    res = result_def(LLVM_TYPE)
    roundingmode = prop_def(ROUNDING_MODE)
    fpExceptionBehavior = prop_def(EXCEPTION_BEHAVIOR)


@register_op
class ExperimentalConstrainedFaddIntrOp(_ConstrainedBinaryIntrOp):
    """The ``llvm.experimental.constrained.fadd`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.fadd"


@register_op
class ExperimentalConstrainedFsubIntrOp(_ConstrainedBinaryIntrOp):
    """The ``llvm.experimental.constrained.fsub`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.fsub"


@register_op
class ExperimentalConstrainedFmulIntrOp(_ConstrainedBinaryIntrOp):
    """The ``llvm.experimental.constrained.fmul`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.fmul"


@register_op
class ExperimentalConstrainedFdivIntrOp(_ConstrainedBinaryIntrOp):
    """The ``llvm.experimental.constrained.fdiv`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.fdiv"


@register_op
class ExperimentalConstrainedFremIntrOp(_ConstrainedBinaryIntrOp):
    """The ``llvm.experimental.constrained.frem`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.frem"


class _ConstrainedFloatToIntIntrOp(IntrinsicOp):
    """Constrained float to integer casts."""

    __slots__ = ()
    traits = PURE_ONLY
    arg_0 = operand_def(LLVM_TYPE)
    res = result_def(LLVM_TYPE)
    fpExceptionBehavior = prop_def(EXCEPTION_BEHAVIOR)


@register_op
class ExperimentalConstrainedFptosiIntrOp(_ConstrainedFloatToIntIntrOp):
    """The ``llvm.experimental.constrained.fptosi`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.fptosi"


@register_op
class ExperimentalConstrainedFptouiIntrOp(_ConstrainedFloatToIntIntrOp):
    """The ``llvm.experimental.constrained.fptoui`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.constrained.fptoui"


@register_op
class SsaCopyIntrOp(IntrinsicOp):
    """The ``llvm.ssa.copy`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ssa.copy"
    traits = PURE_SAME_TYPE
    if not TYPE_CHECKING:  # named like an Operation member: op.f.operand
        operand = operand_def(LLVM_TYPE)
    res = result_def(LLVM_TYPE)
    assembly_format = "$operand attr-dict `:` type($operand)"


@register_op
class ExpectIntrOp(IntrinsicOp):
    """The ``llvm.expect`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.expect"
    traits = PURE_SAME_TYPE
    val = operand_def(SIGNLESS_INT)
    expected = operand_def(SIGNLESS_INT)
    res = result_def(LLVM_TYPE)
    assembly_format = "$val `,` $expected attr-dict `:` type($val)"


@register_op
class ExpectWithProbabilityIntrOp(IntrinsicOp):
    """The ``llvm.expect.with.probability`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.expect.with.probability"
    traits = PURE_SAME_TYPE
    val = operand_def(SIGNLESS_INT)
    expected = operand_def(SIGNLESS_INT)
    res = result_def(LLVM_TYPE)
    prob = prop_def(F64_ATTR)
    assembly_format = "$val `,` $expected `,` $prob attr-dict `:` type($val)"


@register_op
class CoroIdIntrOp(IntrinsicOp):
    """The ``llvm.coro.id`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.id"
    align = operand_def(C.I32)
    promise = operand_def(ANY_PTR)
    coroaddr = operand_def(ANY_PTR)
    fnaddrs = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)
    assembly_format = "$align `,` $promise `,` $coroaddr `,` $fnaddrs attr-dict `:` functional-type(operands, results)"


@register_op
class CoroBeginIntrOp(IntrinsicOp):
    """The ``llvm.coro.begin`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.begin"
    token = operand_def(TOKEN)
    mem = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)
    assembly_format = "$token `,` $mem attr-dict `:` functional-type(operands, results)"


class _CoroSizeIntrOp(IntrinsicOp):
    """Coroutine frame size/alignment."""

    __slots__ = ()
    res = result_def(LLVM_TYPE)
    assembly_format = "attr-dict `:` type($res)"


@register_op
class CoroSizeIntrOp(_CoroSizeIntrOp):
    """The ``llvm.coro.size`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.size"


@register_op
class CoroAlignIntrOp(_CoroSizeIntrOp):
    """The ``llvm.coro.align`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.align"


@register_op
class CoroSaveIntrOp(IntrinsicOp):
    """The ``llvm.coro.save`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.save"
    handle = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)
    assembly_format = "$handle attr-dict `:` functional-type(operands, results)"


@register_op
class CoroSuspendIntrOp(IntrinsicOp):
    """The ``llvm.coro.suspend`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.suspend"
    save = operand_def(TOKEN)
    final = operand_def(C.I1)
    res = result_def(LLVM_TYPE)
    assembly_format = "$save `,` $final attr-dict `:` type($res)"


@register_op
class CoroEndIntrOp(IntrinsicOp):
    """The ``llvm.coro.end`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.end"
    handle = operand_def(ANY_PTR)
    unwind = operand_def(C.I1)
    retvals = operand_def(TOKEN)
    res = result_def(LLVM_TYPE)
    assembly_format = "$handle `,` $unwind `,` $retvals attr-dict `:` functional-type(operands, results)"


@register_op
class CoroFreeIntrOp(IntrinsicOp):
    """The ``llvm.coro.free`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.free"
    id = operand_def(TOKEN)
    handle = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)
    assembly_format = "$id `,` $handle attr-dict `:` functional-type(operands, results)"


@register_op
class CoroResumeIntrOp(IntrinsicOp):
    """The ``llvm.coro.resume`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.resume"
    handle = operand_def(ANY_PTR)
    assembly_format = "$handle attr-dict `:` qualified(type($handle))"


@register_op
class CoroPromiseIntrOp(IntrinsicOp):
    """The ``llvm.coro.promise`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.coro.promise"
    handle = operand_def(ANY_PTR)
    align = operand_def(C.I32)
    from_ = operand_def(C.I1, name="from")
    res = result_def(LLVM_TYPE)
    assembly_format = "$handle `,` $align `,` $from attr-dict `:` functional-type(operands, results)"


@register_op
class DbgDeclareIntrOp(IntrinsicOp):
    """The ``llvm.dbg.declare`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.dbg.declare"
    addr = operand_def(ANY_PTR)
    varInfo = prop_def(ANY)
    locationExpr = prop_def(ANY, default=DI_EXPR_DEFAULT)
    assembly_format = "qualified($varInfo) (qualified($locationExpr)^)? `=` $addr `:` qualified(type($addr)) attr-dict"


@register_op
class DbgValueIntrOp(IntrinsicOp):
    """The ``llvm.dbg.value`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.dbg.value"
    value = operand_def(LLVM_TYPE)
    varInfo = prop_def(ANY)
    locationExpr = prop_def(ANY, default=DI_EXPR_DEFAULT)
    assembly_format = (
        "qualified($varInfo) (qualified($locationExpr)^)? `=` $value `:` qualified(type($value)) attr-dict"
    )


@register_op
class DbgLabelIntrOp(IntrinsicOp):
    """The ``llvm.dbg.label`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.dbg.label"
    label = prop_def(ANY)
    assembly_format = "$label attr-dict"


class _VaListIntrOp(IntrinsicOp):
    """Variadic-argument list intrinsics."""

    __slots__ = ()
    arg_list = operand_def(ANY_PTR)
    assembly_format = "$arg_list attr-dict `:` qualified(type($arg_list))"


@register_op
class VastartIntrOp(_VaListIntrOp):
    """The ``llvm.vastart`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vastart"


@register_op
class VacopyIntrOp(IntrinsicOp):
    """The ``llvm.vacopy`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vacopy"
    dest_list = operand_def(ANY_PTR)
    src_list = operand_def(ANY_PTR)
    assembly_format = "$src_list `to` $dest_list attr-dict `:` type(operands)"


@register_op
class VaendIntrOp(_VaListIntrOp):
    """The ``llvm.vaend`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vaend"


@register_op
class EhTypeidForIntrOp(IntrinsicOp):
    """The ``llvm.eh.typeid.for`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.eh.typeid.for"
    type_info = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)
    assembly_format = "$type_info attr-dict `:` functional-type(operands, results)"


@register_op
class StacksaveIntrOp(IntrinsicOp):
    """The ``llvm.stacksave`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.stacksave"
    res = result_def(LLVM_TYPE)
    assembly_format = "attr-dict `:` qualified(type($res))"


@register_op
class StackrestoreIntrOp(_PtrOperandIntrOp):
    """The ``llvm.stackrestore`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.stackrestore"


@register_op
class MatrixColumnMajorLoadIntrOp(IntrinsicOp):
    """The ``llvm.matrix.column.major.load`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.matrix.column.major.load"
    data = operand_def(ANY_PTR)
    stride = operand_def(SIGNLESS_INT)
    res = result_def(LLVM_TYPE)
    isVolatile = prop_def(I1_ATTR)
    rows = prop_def(I32_ATTR)
    columns = prop_def(I32_ATTR)
    assembly_format = (
        "$data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($res) `from` qualified(type($data)) "
        "`stride` type($stride)"
    )


@register_op
class MatrixColumnMajorStoreIntrOp(IntrinsicOp):
    """The ``llvm.matrix.column.major.store`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.matrix.column.major.store"
    matrix = operand_def(ANY_VECTOR)
    data = operand_def(ANY_PTR)
    stride = operand_def(SIGNLESS_INT)
    isVolatile = prop_def(I1_ATTR)
    rows = prop_def(I32_ATTR)
    columns = prop_def(I32_ATTR)
    assembly_format = (
        "$matrix `,` $data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($matrix) `to` "
        "qualified(type($data)) `stride` type($stride)"
    )


@register_op
class MatrixMultiplyIntrOp(IntrinsicOp):
    """The ``llvm.matrix.multiply`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.matrix.multiply"
    lhs = operand_def(ANY_VECTOR)
    rhs = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)
    lhs_rows = prop_def(I32_ATTR)
    lhs_columns = prop_def(I32_ATTR)
    rhs_columns = prop_def(I32_ATTR)
    assembly_format = "$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($res)"


@register_op
class MatrixTransposeIntrOp(IntrinsicOp):
    """The ``llvm.matrix.transpose`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.matrix.transpose"
    matrix = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)
    rows = prop_def(I32_ATTR)
    columns = prop_def(I32_ATTR)
    assembly_format = "$matrix attr-dict `:` type($matrix) `into` type($res)"


@register_op
class GetActiveLaneMaskIntrOp(IntrinsicOp):
    """The ``llvm.get.active.lane.mask`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.get.active.lane.mask"
    traits = PURE_ONLY
    base = operand_def(SIGNLESS_INT)
    n = operand_def(SIGNLESS_INT)
    res = result_def(LLVM_TYPE)
    assembly_format = "$base `,` $n attr-dict `:` type($base) `,` type($n) `to` type($res)"


@register_op
class MaskedLoadIntrOp(IntrinsicOp):
    """The ``llvm.masked.load`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.masked.load"
    data = operand_def(ANY_PTR)
    mask = operand_def(VEC_OF_I1)
    pass_thru = opt_operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)
    alignment = prop_def(I32_ATTR)
    nontemporal = prop_def(UNIT, optional=True)
    assembly_format = "$data `,` $mask (`,` $pass_thru^)? attr-dict `:` functional-type(operands, results)"


@register_op
class MaskedStoreIntrOp(IntrinsicOp):
    """The ``llvm.masked.store`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.masked.store"
    value = operand_def(ANY_VECTOR)
    data = operand_def(ANY_PTR)
    mask = operand_def(VEC_OF_I1)
    alignment = prop_def(I32_ATTR)
    assembly_format = (
        "$value `,` $data `,` $mask attr-dict `:` type($value) `,` type($mask) `into` qualified(type($data))"
    )


@register_op
class MaskedGatherIntrOp(IntrinsicOp):
    """The ``llvm.masked.gather`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.masked.gather"
    ptrs = operand_def(VEC_OF_PTR)
    mask = operand_def(VEC_OF_I1)
    pass_thru = var_operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)
    alignment = prop_def(I32_ATTR)
    assembly_format = "$ptrs `,` $mask (`,` $pass_thru^)? attr-dict `:` functional-type(operands, results)"


@register_op
class MaskedScatterIntrOp(IntrinsicOp):
    """The ``llvm.masked.scatter`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.masked.scatter"
    value = operand_def(ANY_VECTOR)
    ptrs = operand_def(VEC_OF_PTR)
    mask = operand_def(VEC_OF_I1)
    alignment = prop_def(I32_ATTR)
    assembly_format = "$value `,` $ptrs `,` $mask attr-dict `:` type($value) `,` type($mask) `into` type($ptrs)"


class _TrapIntrOp(IntrinsicOp):
    """Traps."""

    __slots__ = ()
    assembly_format = "attr-dict"


@register_op
class TrapIntrOp(_TrapIntrOp):
    """The ``llvm.trap`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.trap"


@register_op
class DebugtrapIntrOp(_TrapIntrOp):
    """The ``llvm.debugtrap`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.debugtrap"


@register_op
class UbsantrapIntrOp(IntrinsicOp):
    """The ``llvm.ubsantrap`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.ubsantrap"
    failureKind = prop_def(C.int_attr(T.i8, "8-bit signless integer attribute"))
    assembly_format = "prop-dict attr-dict"


@register_op
class StepvectorIntrOp(IntrinsicOp):
    """The ``llvm.stepvector`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.stepvector"
    traits = PURE_ONLY
    res = result_def(LLVM_TYPE)
    assembly_format = "attr-dict `:` type($res)"


@register_op
class VectorInsertIntrOp(IntrinsicOp):
    """The ``llvm.vector.insert`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.insert"
    traits = PURE_ONLY
    dstvec = operand_def(ANY_VECTOR)
    srcvec = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)
    pos = prop_def(I64_IN_FORMAT)
    type_matches = (("dstvec", "res"),)
    assembly_format = "$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` type($srcvec) `into` type($res)"


@register_op
class VectorExtractIntrOp(IntrinsicOp):
    """The ``llvm.vector.extract`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.vector.extract"
    traits = PURE_ONLY
    srcvec = operand_def(ANY_VECTOR)
    res = result_def(LLVM_TYPE)
    pos = prop_def(I64_IN_FORMAT)
    assembly_format = "$srcvec `[` $pos `]` attr-dict `:` type($res) `from` type($srcvec)"


@register_op
class ExperimentalNoaliasScopeDeclIntrOp(IntrinsicOp):
    """The ``llvm.experimental.noalias.scope.decl`` intrinsic."""

    __slots__ = ()
    OP_NAME = "llvm.intr.experimental.noalias.scope.decl"
    scope = prop_def(ANY)
    assembly_format = "$scope attr-dict"
