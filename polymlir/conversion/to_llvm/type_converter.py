"""Builtin types to LLVM dialect types (seed 002's type conversion).

index -> i64; integers and floats unchanged; memref<...> -> the descriptor
``!llvm.struct<(ptr, ptr, i64, array<N x i64>, array<N x i64>)>`` (no size
and stride arrays for rank 0); unranked memref -> ``!llvm.struct<(i64,
ptr)>``; complex<T> -> ``!llvm.struct<(T, T)>``; 1-D vectors unchanged and
n-D vectors -> nested ``!llvm.array`` of 1-D vectors; function types -> LLVM
function types with multiple results packed in a struct. Where a converted
value meets a user of the old type (or the reverse), a
``builtin.unrealized_conversion_cast`` bridges the two, so the conversions
compose in any order; ``reconcile-unrealized-casts`` removes the bridges.
"""

from __future__ import annotations

from ...dialects.builtin import UnrealizedConversionCastOp
from ...dialects.llvm.types import (
    LLVMArrayType,
    LLVMFunctionType,
    LLVMPointerType,
    LLVMStructType,
    LLVMType,
    LLVMVoidType,
)
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import OpResult, Value
from ...ir.rewriting import ConversionRewriter, TypeConverter

PTR = LLVMPointerType()
VOID = LLVMVoidType()


def _address_space(ms: A.Attribute | None) -> int:
    if ms is None:
        return 0
    if isinstance(ms, A.IntegerAttr):
        return ms.value
    raise ValueError(f"memory space {ms} has no LLVM address space")


# The float types LLVM has; the others (f8, f6, f4 kinds) become integers
# of their width, except tf32, which has no LLVM counterpart.
_LLVM_FLOATS = frozenset({"f16", "bf16", "f32", "f64", "f80", "f128"})


def llvm_float(t: T.FloatType) -> bool:
    """Whether LLVM has the float type ``t`` as it is."""
    return t.name in _LLVM_FLOATS


def unrealized_cast(b: Builder, v: Value, to: T.Type) -> Value:
    """``v`` as type ``to`` through an unrealized cast (a cast back folds
    to the value it cast)."""
    if v.type == to:
        return v
    if (
        isinstance(v, OpResult)
        and isinstance(v.owner, UnrealizedConversionCastOp)
        and len(v.owner.operands) == 1
        and v.owner.operands[0].type == to
    ):
        return v.owner.operands[0]
    return b.create(UnrealizedConversionCastOp, [v], [to]).results[0]


class LLVMTypeConverter(TypeConverter):
    """Converts types; ``index_bitwidth`` is upstream's ``index-bitwidth``."""

    target_name = "the LLVM dialect"

    def __init__(self, index_bitwidth: int = 64):
        self.index_type = T.IntegerType(index_bitwidth)
        self._cache: dict[T.Type, T.Type | None] = {}

    def materialize(self, b: Builder, v: Value, to: T.Type) -> Value:
        return unrealized_cast(b, v, to)

    def is_legal(self, t: T.Type) -> bool:
        return self.convert(t) == t

    def convert(self, t: T.Type) -> T.Type | None:
        """The LLVM-compatible type for ``t`` (None if it has none)."""
        try:
            return self._cache[t]
        except KeyError:
            pass
        r = self._convert(t)
        self._cache[t] = r
        return r

    def _convert(self, t: T.Type) -> T.Type | None:
        if isinstance(t, T.IndexType):
            return self.index_type
        if isinstance(t, T.FloatType) and not llvm_float(t):
            return T.IntegerType(t.width) if t.name != "tf32" else None
        if isinstance(t, (T.IntegerType, T.FloatType, LLVMType)):
            if isinstance(t, T.IntegerType) and t.signedness:
                return T.IntegerType(t.width)  # signed/unsigned become signless
            return t
        if isinstance(t, T.ComplexType):
            e = self.convert(t.element_type)
            return LLVMStructType((e, e)) if e is not None else None
        if isinstance(t, T.MemRefType):
            return self.memref_descriptor(t)
        if isinstance(t, T.UnrankedMemRefType):
            return LLVMStructType((self.index_type, LLVMPointerType(_address_space(t.memory_space))))
        if isinstance(t, T.VectorType):
            e = self.convert(t.element_type)
            if e is None:
                return None
            inner = T.VectorType(t.shape[-1:], e, t.scalable_dims[-1:] if t.scalable_dims else ())
            if t.rank <= 1:
                return inner if t.rank == 1 else T.VectorType((1,), e)
            out: T.Type = inner
            for d in reversed(t.shape[:-1]):
                out = LLVMArrayType(out, d)
            return out
        if isinstance(t, T.FunctionType):
            return self.function_type(t)[0]
        if isinstance(t, T.NoneType):
            return None
        return None

    def memref_descriptor(self, t: T.MemRefType) -> LLVMStructType:
        ptr = LLVMPointerType(_address_space(t.memory_space))
        fields: list[T.Type] = [ptr, ptr, self.index_type]
        if t.rank:
            arr = LLVMArrayType(self.index_type, t.rank)
            fields += [arr, arr]
        return LLVMStructType(tuple(fields))

    def packed_results(self, results: tuple[T.Type, ...] | list[T.Type]) -> T.Type:
        """The LLVM return type: void, the single result, or a struct."""
        conv = [c for r in results if (c := self.convert(r)) is not None]
        if len(conv) != len(results):
            raise ValueError(f"cannot convert result types {results}")
        if not conv:
            return VOID
        if len(conv) == 1:
            return conv[0]
        return LLVMStructType(tuple(conv))

    def function_type(self, ft: T.FunctionType, bare_ptr: bool = False) -> tuple[LLVMFunctionType, list[list[T.Type]]]:
        """LLVM function type and, per original argument, the LLVM argument
        types it expands to (memref descriptors expand into their fields)."""
        expanded: list[list[T.Type]] = []
        flat: list[T.Type] = []
        for a in ft.inputs:
            parts = self.argument_types(a, bare_ptr)
            expanded.append(parts)
            flat += parts
        return LLVMFunctionType(self.packed_results(ft.results), tuple(flat), False), expanded

    def argument_types(self, t: T.Type, bare_ptr: bool = False) -> list[T.Type]:
        """A memref argument becomes allocated ptr, aligned ptr, offset,
        sizes..., strides... (or one ptr with the bare-pointer convention)."""
        if isinstance(t, T.MemRefType):
            d = self.memref_descriptor(t)
            if bare_ptr:
                return [d.fields[0]]
            return [d.fields[0], d.fields[1], self.index_type] + [self.index_type] * (2 * t.rank)
        if isinstance(t, T.UnrankedMemRefType):
            return list(T.of_kind(self.convert(t), LLVMStructType).fields)
        c = self.convert(t)
        if c is None:
            raise ValueError(f"cannot convert argument type {t}")
        return [c]


class LLVMRewriter(ConversionRewriter):
    """The rewriter of the conversions to the LLVM dialect (its type
    converter an `LLVMTypeConverter`, a default one if none is given)."""

    converter: LLVMTypeConverter

    def __init__(self, converter: LLVMTypeConverter | None = None, casts_at_definition: bool = False):
        super().__init__(converter or LLVMTypeConverter(), casts_at_definition)
