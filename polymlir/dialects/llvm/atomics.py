"""LLVM dialect atomics: atomicrmw, cmpxchg and fence."""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import enum_attr
from ...ir.fields import operand_def, prop_def, result_def
from ...ir.registry import register_op
from . import attrs as LA
from .memory import _atomic_type_ok
from .ops import (
    ANY_PTR,
    ARRAY,
    I64_ATTR,
    LLVM_TYPE,
    ORDERING,
    LLVMOp,
    _tc,
)
from .types import (
    LLVMStructType,
    is_compatible_vector,
    is_llvm_float,
)


@register_op
class AtomicRMWOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.atomicrmw"
    bin_op = prop_def(enum_attr("llvm.atomicrmw binary operations", LA.ATOMIC_BIN_OPS))
    ptr = operand_def(ANY_PTR)
    val = operand_def(LLVM_TYPE)
    ordering = prop_def(ORDERING)
    syncscope = prop_def(C.StrAttr, optional=True)
    alignment = prop_def(I64_ATTR, optional=True)
    volatile_ = prop_def(C.UnitAttr, optional=True)
    access_groups = prop_def(ARRAY, optional=True)
    alias_scopes = prop_def(ARRAY, optional=True)
    noalias_scopes = prop_def(ARRAY, optional=True)
    tbaa = prop_def(ARRAY, optional=True)
    res = result_def(LLVM_TYPE)
    type_matches = (("val", "res"),)
    assembly_format = (
        "(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? "
        "$ordering attr-dict `:` qualified(type($ptr)) `,` type($val)"
    )

    def verify_(self) -> None:
        t = self.operands[1].type
        op = LA.ATOMIC_BIN_OPS.get(self.prop("bin_op", A.IntegerAttr).value, "")
        if op in ("fadd", "fsub", "fmax", "fmin", "fmaximum", "fminimum", "fmaximumnum", "fminimumnum"):
            if is_compatible_vector(t):
                if any(t.scalable_dims):
                    raise self.op_error("expected LLVM IR fixed vector type")
                if not is_llvm_float(t.element_type):
                    raise self.op_error("expected LLVM IR floating point type for vector element")
            elif not is_llvm_float(t):
                raise self.op_error("expected LLVM IR floating point type")
        elif op == "xchg":
            if not _atomic_type_ok(t):
                raise self.op_error("unexpected LLVM IR type for 'xchg' bin_op")
        elif not (isinstance(t, T.IntegerType) and t.width in (8, 16, 32, 64)):
            raise self.op_error("expected LLVM IR integer type")
        if self.prop("ordering", A.IntegerAttr).value < 2:
            raise self.op_error("expected at least 'monotonic' ordering")


@register_op
class AtomicCmpXchgOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.cmpxchg"
    ptr = operand_def(ANY_PTR)
    cmp = operand_def(LLVM_TYPE)
    val = operand_def(LLVM_TYPE)
    success_ordering = prop_def(ORDERING)
    failure_ordering = prop_def(ORDERING)
    syncscope = prop_def(C.StrAttr, optional=True)
    alignment = prop_def(I64_ATTR, optional=True)
    weak = prop_def(C.UnitAttr, optional=True)
    volatile_ = prop_def(C.UnitAttr, optional=True)
    access_groups = prop_def(ARRAY, optional=True)
    alias_scopes = prop_def(ARRAY, optional=True)
    noalias_scopes = prop_def(ARRAY, optional=True)
    tbaa = prop_def(ARRAY, optional=True)
    res = result_def(_tc("LLVM structure type", lambda t: isinstance(t, LLVMStructType)))
    type_matches = (("val", "cmp"),)
    assembly_format = (
        "(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val "
        "(`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering "
        "attr-dict `:` qualified(type($ptr)) `,` type($val)"
    )

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        vt = ps.types.get("val")
        if vt:
            ps.types["res"] = [LLVMStructType((vt[0], T.i1))]

    def verify_(self) -> None:
        t = self.operands[2].type
        if self.results[0].type != LLVMStructType((t, T.i1)):
            raise self.op_error(
                "failed to verify that result #0 has an LLVM struct type consisting of the type of "
                "operand #2 and a bool"
            )
        if not _atomic_type_ok(t):
            raise self.op_error("unexpected LLVM IR type")
        s, f = self.prop("success_ordering", A.IntegerAttr).value, self.prop("failure_ordering", A.IntegerAttr).value
        if s < 2 or f < 2:
            raise self.op_error("ordering must be at least 'monotonic'")
        if f in (5, 6):
            raise self.op_error("failure ordering cannot be 'release' or 'acq_rel'")


@register_op
class FenceOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.fence"
    ordering = prop_def(ORDERING)
    syncscope = prop_def(C.StrAttr, optional=True)
    assembly_format = "(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict"

    def verify_(self) -> None:
        if self.prop("ordering", A.IntegerAttr).value in (0, 1, 2):
            raise self.op_error("can be given only acquire, release, acq_rel, and seq_cst orderings")
