"""The base class of the ``llvm.intr.*`` ops and their shared constraints
(upstream LLVMIntrinsicOps.td); the ops are in ``intrinsics_common``,
``intrinsics_generic``, ``intrinsics_vp``, ``intrinsics_formats`` and
``intrinsics``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import enum_attr, typed_attr
from ...ir.core import Value
from ...ir.fields import (
    segment_sizes_attr,
)
from ...ir.traits import PURE, SAME_OPERANDS_AND_RESULT_TYPE
from . import attrs as LA
from .ops import (
    I64_ATTR,
    LLVMOp,
)
from .types import LLVMPointerType, LLVMTokenType

STD_FORMAT = "`(` operands `)` attr-dict `:` functional-type(operands, results)"
I1_ATTR = C.BoolAttr
TOKEN = C.TypeConstraint("LLVM token type", lambda t: isinstance(t, LLVMTokenType))
VEC_OF_I1 = C.TypeConstraint(
    "LLVM dialect-compatible vector of 1-bit signless integer",
    lambda t: isinstance(t, T.VectorType) and t.element_type == T.i1,
)
VEC_OF_PTR = C.TypeConstraint(
    "LLVM dialect-compatible vector of LLVM pointer type",
    lambda t: isinstance(t, T.VectorType) and isinstance(t.element_type, LLVMPointerType),
)
F64_ATTR = typed_attr(
    C.AttrConstraint("64-bit float attribute", lambda a: isinstance(a, A.FloatAttr) and a.type == T.f64), T.f64
)
ANY = C.AnyAttr
# An i64 attribute spelled in a format: its type is implied (printed `4`, not `4 : i64`).
I64_IN_FORMAT = typed_attr(I64_ATTR, T.i64)
UNIT = C.UnitAttr
I8 = C.TypeConstraint("8-bit signless integer", lambda t: t == T.i8)
ROUNDING_MODE = enum_attr("LLVM Rounding Mode", LA.ROUNDING_MODES)
EXCEPTION_BEHAVIOR = enum_attr("LLVM Exception Behavior", LA.FP_EXCEPTION_BEHAVIORS)
DI_EXPR_DEFAULT = A.OpaqueAttr("llvm.di_expression<>")

PURE_ONLY = frozenset({PURE})
PURE_SAME_TYPE = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE})
SAME_TYPE = frozenset({SAME_OPERANDS_AND_RESULT_TYPE})


class IntrinsicOp(LLVMOp):
    """Base of ``llvm.intr.*`` ops."""

    __slots__ = ()

    @classmethod
    def build(cls, operands: Sequence[Value], result_type: T.Type | None = None, **props) -> IntrinsicOp:
        """``result_type`` defaults to the first operand's type for ops with a
        result; ``props`` are property values (attributes)."""
        rts: list = []
        if cls._fields["result"]:
            rts = [result_type if result_type is not None else operands[0].type]
        p = dict(props)
        if cls.uses_segments("operand"):
            p["operandSegmentSizes"] = segment_sizes_attr([len(operands)] + [0] * (len(cls._fields["operand"]) - 1))
        return cls.create(operands=list(operands), result_types=rts, properties=p)
