"""What every lowering to the LLVM dialect shares: building values
(``poison``, ``extract``/``insert``value, ``const_i64``), symbol references,
calls and declarations of external functions, element addresses, and the
memref descriptor of seed 002.

A ranked descriptor is ``{allocated ptr, aligned ptr, i64 offset,
[N x i64] sizes, [N x i64] strides}``; strides count elements.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...dialects import arith, builtin, llvm
from ...dialects.llvm.types import LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, OpResult, Region, Value
from ...ir.layout import strides_and_offset
from ...ir.symbol_table import lookup_in
from .type_converter import VOID

ALLOCATED, ALIGNED, OFFSET, SIZES, STRIDES = 0, 1, 2, 3, 4


def _pos(*idx: int) -> A.DenseArrayAttr:
    return A.DenseArrayAttr(T.i64, tuple(idx))


def poison(b: Builder, t: T.Type) -> Value:
    return b.create(llvm.PoisonOp, [], [t]).results[0]


def extract(b: Builder, agg: Value, t: T.Type, *position: int) -> Value:
    return b.create(llvm.ExtractValueOp, [agg], [t], properties={"position": _pos(*position)}).results[0]


def insert(b: Builder, agg: Value, v: Value, *position: int) -> Value:
    return b.create(llvm.InsertValueOp, [agg, v], [agg.type], properties={"position": _pos(*position)}).results[0]


def constant(b: Builder, value: A.Attribute, t: T.Type) -> Value:
    """``llvm.mlir.constant(value) : t``."""
    return b.create(llvm.ConstantOp, [], [t], properties={"value": value}).results[0]


def const_i64(b: Builder, v: int, t: T.Type = T.i64) -> Value:
    return constant(b, A.IntegerAttr(v, t), t)


def constant_int(v: Value, through_casts: bool = False) -> int | None:
    """The integer an ``arith.constant`` or ``llvm.mlir.constant`` gives
    ``v`` (looking through unrealized casts if ``through_casts``), else None."""
    while through_casts and isinstance(v, OpResult) and isinstance(v.owner, builtin.UnrealizedConversionCastOp):
        v = v.owner.operands[0]
    if isinstance(v, OpResult) and isinstance(v.owner, (arith.ConstantOp, llvm.ConstantOp)):
        a = v.owner.props.get("value")
        if isinstance(a, A.IntegerAttr):
            return a.value
    return None


class MemRefDescriptor:
    """A descriptor value with typed accessors that emit llvm ops."""

    def __init__(self, value: Value):
        self.value = value
        st = value.type
        assert isinstance(st, LLVMStructType)
        self.struct = st
        self.index_type = st.fields[OFFSET]
        self.ptr_type = st.fields[ALLOCATED]
        self.rank = T.of_kind(st.fields[SIZES], LLVMArrayType).num_elements if len(st.fields) > SIZES else 0

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
        for i, (s, st) in enumerate(zip(sizes, strides, strict=True)):
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


def symbol_ref(name: str) -> A.SymbolRefAttr:
    return A.SymbolRefAttr(name)


def call(b: Builder, callee: str, args: list[Value], result: T.Type) -> Operation:
    props = {
        "callee": symbol_ref(callee),
        "operandSegmentSizes": A.DenseArrayAttr(T.i32, (len(args), 0)),
        "op_bundle_sizes": A.DenseArrayAttr(T.i32, ()),
    }
    return b.create(llvm.CallOp, args, [] if result == VOID else [result], properties=props)


def module_of(op: Operation) -> Operation:
    m = op
    while m.parent_op is not None:
        m = m.parent_op
    return m


def declare(op: Operation, name: str, ret: T.Type, params: Sequence[T.Type]) -> None:
    """Declare ``llvm.func @name`` at the top of the module (once)."""
    module = module_of(op)
    existing = lookup_in(module, name)
    if isinstance(existing, llvm.LLVMFuncOp):
        return
    body = module.regions[0].blocks[0]
    Builder(body, body.first_op).create(
        llvm.LLVMFuncOp,
        properties={
            "sym_name": A.StringAttr(name),
            "function_type": A.TypeAttr(LLVMFunctionType(ret, tuple(params), False)),
        },
        regions=[Region()],
    )


def gep(b: Builder, base: Value, idx: list[Value], elem: T.Type, flags: int = 0) -> Value:
    props = {
        "rawConstantIndices": A.DenseArrayAttr(T.i32, tuple(-2147483648 for _ in idx)),
        "elem_type": A.TypeAttr(elem),
    }
    if flags:
        props["noWrapFlags"] = A.IntegerAttr(flags, T.i32)
    return b.create(llvm.GEPOp, [base, *idx], [base.type], properties=props).results[0]


# In-bounds memref accesses cannot wrap: like upstream, the linearized index
# is computed with nsw/nuw arithmetic and addressed through an inbounds|nuw
# GEP, which lets LLVM vectorize and strength-reduce the accesses.
_NSW_NUW = {"overflowFlags": A.IntegerAttr(3, T.i32)}


_GEP_INBOUNDS_NUW = 7


def element_pointer(b: Builder, d: MemRefDescriptor, t: T.MemRefType, indices: Sequence[Value], elem: T.Type) -> Value:
    """Address of ``d[indices]``: aligned + offset + sum(i_k * stride_k)."""
    it = d.index_type
    so = strides_and_offset(t)
    strides, offset = so if so is not None else ([T.DYNAMIC] * t.rank, T.DYNAMIC)
    acc: Value | None = None
    if offset != 0:
        acc = d.offset(b) if offset == T.DYNAMIC else const_i64(b, offset, it)
    for k, i in enumerate(indices):
        s = strides[k]
        term = (
            i
            if s == 1
            else b.create(
                llvm.MulOp, [i, d.stride(b, k) if s == T.DYNAMIC else const_i64(b, s, it)], [it], properties=_NSW_NUW
            ).results[0]
        )
        acc = term if acc is None else b.create(llvm.AddOp, [acc, term], [it], properties=_NSW_NUW).results[0]
    base = d.aligned(b)
    if acc is None:
        return base
    return gep(b, base, [acc], elem, _GEP_INBOUNDS_NUW)


# Upstream's GEP no-wrap flags (``GEPNoWrapFlags``): inbounds implies nusw.
GEP_INBOUNDS_NUW = _GEP_INBOUNDS_NUW


def strided_element_ptr(
    b: Builder, d: MemRefDescriptor, t: T.MemRefType, indices: Sequence[Value], elem: T.Type, flags: int = 0
) -> Value:
    """Upstream's ``getStridedElementPtr``: the buffer pointer (the aligned
    pointer, GEP'd by the offset when it is not 0), then a GEP by
    ``sum(i_k * stride_k)`` (constant strides as ``index`` constants,
    stride 1 not multiplied) with ``flags`` (the no-wrap flags; nsw/nuw on
    the index arithmetic when they include inbounds/nuw)."""
    it = d.index_type
    so = strides_and_offset(t)
    strides, offset = so if so is not None else ([T.DYNAMIC] * t.rank, T.DYNAMIC)
    base = d.aligned(b)
    if offset != 0:
        off = d.offset(b) if offset == T.DYNAMIC else constant(b, A.IntegerAttr(offset, T.index), it)
        base = gep(b, base, [off], elem)
    props = _NSW_NUW if flags else None
    index: Value | None = None
    for k, i in enumerate(indices):
        inc = i
        if strides[k] != 1:
            s = d.stride(b, k) if strides[k] == T.DYNAMIC else constant(b, A.IntegerAttr(strides[k], T.index), it)
            inc = b.create(llvm.MulOp, [i, s], [it], properties=props).results[0]
        index = inc if index is None else b.create(llvm.AddOp, [index, inc], [it], properties=props).results[0]
    return base if index is None else gep(b, base, [index], elem, flags)
