"""Building and reading memref descriptors in the LLVM dialect (seed 002).

A ranked descriptor is ``{allocated ptr, aligned ptr, i64 offset,
[N x i64] sizes, [N x i64] strides}``; strides count elements.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...dialects.llvm.types import LLVMPointerType, LLVMStructType
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Value

ALLOCATED, ALIGNED, OFFSET, SIZES, STRIDES = 0, 1, 2, 3, 4


def _pos(*idx: int) -> A.DenseArrayAttr:
    return A.DenseArrayAttr(T.i64, tuple(idx))


def poison(b: Builder, t: T.Type) -> Value:
    return b.create("llvm.mlir.poison", [], [t]).results[0]


def extract(b: Builder, agg: Value, t: T.Type, *position: int) -> Value:
    return b.create("llvm.extractvalue", [agg], [t], properties={"position": _pos(*position)}).results[0]


def insert(b: Builder, agg: Value, v: Value, *position: int) -> Value:
    return b.create("llvm.insertvalue", [agg, v], [agg.type], properties={"position": _pos(*position)}).results[0]


def const_i64(b: Builder, v: int, t: T.Type = T.i64) -> Value:
    return b.create("llvm.mlir.constant", [], [t], properties={"value": A.IntegerAttr(v, t)}).results[0]


class MemRefDescriptor:
    """A descriptor value with typed accessors that emit llvm ops."""

    def __init__(self, value: Value):
        self.value = value
        st = value.type
        assert isinstance(st, LLVMStructType)
        self.struct = st
        self.index_type = st.fields[OFFSET]
        self.ptr_type = st.fields[ALLOCATED]
        self.rank = st.fields[SIZES].num_elements if len(st.fields) > SIZES else 0  # type: ignore[attr-defined]

    @classmethod
    def undef(cls, b: Builder, struct: LLVMStructType) -> MemRefDescriptor:
        return cls(poison(b, struct))

    @classmethod
    def pack(
        cls,
        b: Builder,
        struct: LLVMStructType,
        allocated: Value,
        aligned: Value,
        offset: Value,
        sizes: Sequence[Value],
        strides: Sequence[Value],
    ) -> MemRefDescriptor:
        d = cls.undef(b, struct)
        d.set_allocated(b, allocated)
        d.set_aligned(b, aligned)
        d.set_offset(b, offset)
        for i, (s, st) in enumerate(zip(sizes, strides)):
            d.set_size(b, i, s)
            d.set_stride(b, i, st)
        return d

    def _set(self, b: Builder, v: Value, *pos: int) -> None:
        self.value = insert(b, self.value, v, *pos)

    def allocated(self, b: Builder) -> Value:
        return extract(b, self.value, self.ptr_type, ALLOCATED)

    def aligned(self, b: Builder) -> Value:
        return extract(b, self.value, self.ptr_type, ALIGNED)

    def offset(self, b: Builder) -> Value:
        return extract(b, self.value, self.index_type, OFFSET)

    def size(self, b: Builder, i: int) -> Value:
        return extract(b, self.value, self.index_type, SIZES, i)

    def stride(self, b: Builder, i: int) -> Value:
        return extract(b, self.value, self.index_type, STRIDES, i)

    def set_allocated(self, b: Builder, v: Value) -> None:
        self._set(b, v, ALLOCATED)

    def set_aligned(self, b: Builder, v: Value) -> None:
        self._set(b, v, ALIGNED)

    def set_offset(self, b: Builder, v: Value) -> None:
        self._set(b, v, OFFSET)

    def set_size(self, b: Builder, i: int, v: Value) -> None:
        self._set(b, v, SIZES, i)

    def set_stride(self, b: Builder, i: int, v: Value) -> None:
        self._set(b, v, STRIDES, i)


def unranked_struct(index_type: T.Type, address_space: int = 0) -> LLVMStructType:
    return LLVMStructType((index_type, LLVMPointerType(address_space)))
