"""LLVM dialect constants: llvm.mlir.constant, undef, poison, zero and none."""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.fields import prop_def, result_def
from ...ir.registry import register_op
from ...ir.traits import CONSTANT_LIKE, PURE
from .ops import (
    LLVM_TYPE,
    LLVMOp,
)
from .types import (
    LLVMArrayType,
    LLVMStructType,
    LLVMTargetExtType,
)


class _ValueOp(LLVMOp):
    """``llvm.mlir.undef``-like: a value of the given type."""

    __slots__ = ()
    traits = frozenset({PURE, CONSTANT_LIKE})
    res = result_def(LLVM_TYPE)
    assembly_format = "attr-dict `:` type($res)"

    @classmethod
    def build(cls, type: T.Type) -> LLVMOp:
        return cls.create(result_types=[type])


@register_op
class UndefOp(_ValueOp):
    """An undefined value of the given type."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.undef"


@register_op
class PoisonOp(_ValueOp):
    """A poison value of the given type."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.poison"


@register_op
class ZeroOp(_ValueOp):
    """The zero value of the given type (zero-initialised aggregates too)."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.zero"


@register_op
class NoneTokenOp(_ValueOp):
    __slots__ = ()
    OP_NAME = "llvm.mlir.none"
    traits = frozenset({PURE})


def _num_elements(t: T.Type) -> int:
    if isinstance(t, T.VectorType):
        return t.num_elements * _num_elements(t.element_type)
    if isinstance(t, LLVMArrayType):
        return t.num_elements * _num_elements(t.element_type)
    return 1


def _scalar_elem(t: T.Type) -> T.Type:
    while isinstance(t, LLVMArrayType):
        t = t.element_type
    if isinstance(t, T.ShapedType):
        return t.element_type
    return t


@register_op
class ConstantOp(LLVMOp):
    """``llvm.mlir.constant(42 : i32) : i32``."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.constant"
    traits = frozenset({PURE, CONSTANT_LIKE})
    value = prop_def(C.AnyAttr)
    res = result_def(LLVM_TYPE)
    assembly_format = "`(` $value `)` attr-dict `:` type($res)"

    def verify_(self) -> None:
        v, t = self.props["value"], self.results[0].type
        if isinstance(v, A.StringAttr) and v.type is None:
            if not (
                isinstance(t, LLVMArrayType)
                and t.num_elements == len(v.value.encode("utf-8", "surrogateescape"))
                and t.element_type == T.i8
            ):
                raise self.op_error(f"expected array type of {len(v.value)} i8 elements for the string constant")
            return
        if isinstance(t, LLVMStructType):
            if not isinstance(v, A.ArrayAttr):
                raise self.op_error("expected array attribute for struct type")
            if len(v) != len(t.fields):
                raise self.op_error(f"expected array attribute of size {len(t.fields)}")
            for i, (a, et) in enumerate(zip(v, t.fields, strict=True)):
                if not isinstance(et, (T.IntegerType, T.IndexType, T.FloatType)):
                    raise self.op_error("expected struct element types to be floating point type or integer type")
                if not isinstance(a, (A.FloatAttr, A.IntegerAttr)):
                    raise self.op_error("expected element of array attribute to be floating point or integer")
                if a.type != et:
                    raise self.op_error(f"struct element at index {i} is of wrong type")
            return
        if isinstance(t, LLVMTargetExtType):
            raise self.op_error("does not support target extension type.")
        if isinstance(v, A.IntegerAttr):
            if not isinstance(t, T.IntegerType):
                raise self.op_error("expected integer type")
        elif isinstance(v, A.FloatAttr):
            self._check_float(v.type, t)
        elif isinstance(v, (A.DenseElementsAttr, A.SparseElementsAttr, A.DenseResourceElementsAttr)):
            if isinstance(t, T.VectorType) and any(t.scalable_dims):
                if not (isinstance(v, A.DenseElementsAttr) and v.is_splat()):
                    raise self.op_error("scalable vector type requires a splat attribute")
                return
            if not isinstance(t, (T.VectorType, LLVMArrayType)):
                raise self.op_error("expected vector or array type")
            n = v.type.num_elements
            if _num_elements(t) != n:
                raise self.op_error(
                    f"type and attribute have a different number of elements: {_num_elements(t)} vs. {n}"
                )
            ae, re_ = v.type.element_type, _scalar_elem(t)
            if isinstance(ae, T.FloatType):
                self._check_float(ae, re_)
            elif isinstance(ae, T.IntegerType) and not isinstance(re_, T.IntegerType):
                raise self.op_error("expected integer element type for integer elements attribute")
        elif isinstance(v, A.ArrayAttr):
            if not isinstance(t, LLVMArrayType):
                raise self.op_error("expected array or struct type for array attribute")
        elif isinstance(v, A.OpaqueAttr) and v.dialect == "llvm":
            pass  # #llvm.zero/undef/poison and friends
        else:
            raise self.op_error("only supports integer, float, string or elements attributes")

    def _check_float(self, at: T.Type, t: T.Type) -> None:
        if isinstance(t, T.FloatType):
            if t != at:
                raise self.op_error("attribute and type have different float semantics")
        elif isinstance(t, T.IntegerType) and isinstance(at, T.FloatType) and t.width != at.width:
            raise self.op_error(f"expected integer type of width {at.width}")

    @classmethod
    def build(cls, type: T.Type, value: float | A.Attribute) -> ConstantOp:
        if not isinstance(value, A.Attribute):
            value = (
                A.FloatAttr(float(value), type) if isinstance(type, T.FloatType) else A.IntegerAttr(int(value), type)
            )
        return cls.create(result_types=[type], properties={"value": value})
