"""``finalize-memref-to-llvm``: memref ops to LLVM dialect code on memref
descriptors, built as upstream 22 builds them (its ``MemRefToLLVM.cpp``).

load/store address ``aligned + offset`` (a GEP when the offset is not 0)
by ``sum(index_k * stride_k)`` through an ``inbounds|nuw`` GEP, constants
``index``-typed; alloc calls malloc (over-allocating and aligning the
pointer when an alignment is asked for or the element is not a scalar) or,
with ``use-aligned-alloc``, aligned_alloc; alloca uses llvm.alloca; sizes
and strides as ``getMemRefDescriptorSizes`` computes them; dealloc calls
free; dim, rank, cast (ranked <-> unranked through a stack-allocated
descriptor), global/get_global, reinterpret_cast,
extract_strided_metadata, extract_aligned_pointer_as_index,
assume_alignment, memory_space_cast, copy (memcpy for contiguous memrefs,
the runtime's memrefCopy otherwise), transpose, reshape to a ranked
memref, realloc and prefetch. Subview, expand_shape and collapse_shape are
left to ``expand-strided-metadata``, as upstream leaves them. Not lowered
yet: view, atomic_rmw, generic_atomic_rmw, alloca_scope. Operand casts are
placed as upstream's dialect conversion places them: after the value's
definition, one per value, dropped if unused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...dialects import llvm, memref
from ...dialects.builtin import UnrealizedConversionCastOp
from ...dialects.llvm import attrs as LA
from ...dialects.llvm.types import LLVMArrayType, LLVMStructType
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineDimExpr
from ...ir.builder import Builder
from ...ir.core import Operation, OpResult, Region, Value
from ...ir.diagnostics import DiagnosticError
from ...ir.layout import canonical_strides, strides_and_offset
from ...ir.patterns import PatternSet
from ...ir.rewriting import apply_conversion
from ...transforms.passes.manager import MODULE, ModulePass, PassContext, register_pass
from .lowering_helpers import (
    GEP_INBOUNDS_NUW,
    MemRefDescriptor,
    call,
    constant,
    constant_int,
    declare,
    extract,
    gep,
    insert,
    poison,
    strided_element_ptr,
)
from .type_converter import PTR, VOID, LLVMRewriter, LLVMTypeConverter

DYN = T.DYNAMIC


def _idx(b: Builder, v: int, t: T.Type) -> Value:
    """Upstream's ``createIndexAttrConstant``: ``llvm.mlir.constant(v : index)``."""
    return constant(b, A.IntegerAttr(v, T.index), t)


class MemRefRewriter(LLVMRewriter):
    """The LLVM rewriter with upstream's dialect conversion placement of
    operand casts (``casts_at_definition``: right after the value's
    definition, one per value and type, unused ones erased at the end); a
    value an unrealized cast defines is cast where it is used."""

    def __init__(self, converter: LLVMTypeConverter | None = None, use_aligned_alloc: bool = False):
        super().__init__(converter, casts_at_definition=True)
        self.use_aligned_alloc = use_aligned_alloc

    def cast_point(self, op: Operation, v: Value) -> Builder:
        if isinstance(v, OpResult) and isinstance(v.owner, UnrealizedConversionCastOp):
            return Builder.before(op)
        return super().cast_point(op, v)


def _elem_type(rw: LLVMRewriter, t: T.ShapedType, op: Operation) -> T.Type:
    return rw.convert_type(t.element_type, op)


def _sizeof(b: Builder, elem: T.Type, n: Value, index_t: T.Type) -> Value:
    """``n * sizeof(elem)`` through the null-GEP idiom upstream uses."""
    null = b.create(llvm.ZeroOp, [], [PTR]).results[0]
    g = gep(b, null, [n], elem)
    return b.create(llvm.PtrToIntOp, [g], [index_t]).results[0]


def _size_in_bytes(b: Builder, elem: T.Type, index_t: T.Type) -> Value:
    """Upstream's ``getSizeInBytes``: ``ptrtoint (gep null[1])``."""
    null = b.create(llvm.ZeroOp, [], [PTR]).results[0]
    g = b.create(
        llvm.GEPOp,
        [null],
        [PTR],
        properties={"rawConstantIndices": A.DenseArrayAttr(T.i32, (1,)), "elem_type": A.TypeAttr(elem)},
    ).results[0]
    return b.create(llvm.PtrToIntOp, [g], [index_t]).results[0]


def _descriptor_sizes(
    b: Builder, t: T.MemRefType, dynamic: list[Value], it: T.Type, elem: T.Type | None
) -> tuple[list[Value], list[Value], Value]:
    """Upstream's ``getMemRefDescriptorSizes``: the sizes (constants or the
    dynamic values), row-major strides (constants while static), and the
    element count, or with ``elem`` the size in bytes."""
    dyn = list(dynamic)
    sizes = [dyn.pop(0) if s == DYN else _idx(b, s, it) for s in t.shape]
    strides: list[Value] = [sizes[0]] * t.rank if t.rank else []
    stride = 1
    running = _idx(b, 1, it)
    for i in reversed(range(t.rank)):
        strides[i] = running
        static = t.shape[i]
        use_size = stride == 1
        if static == DYN:
            stride = DYN
        if stride != DYN:
            stride *= static
        if use_size:
            running = sizes[i]
        elif stride == DYN:
            running = b.create(llvm.MulOp, [running, sizes[i]], [it]).results[0]
        else:
            running = _idx(b, stride, it)
    if elem is None:
        return sizes, strides, running
    return sizes, strides, _sizeof(b, elem, running, it)


def _descriptor(
    b: Builder, st: LLVMStructType, allocated: Value, aligned: Value, sizes: list[Value], strides: list[Value]
) -> Value:
    """Upstream's ``createMemRefDescriptor``: pointers, offset 0, the sizes,
    then the strides."""
    it = st.fields[2]
    d = MemRefDescriptor.undef(b, st)
    d.set_allocated(b, allocated)
    d.set_aligned(b, aligned)
    d.set_offset(b, _idx(b, 0, it))
    for i, v in enumerate(sizes):
        d.set_size(b, i, v)
    for i, v in enumerate(strides):
        d.set_stride(b, i, v)
    return d.value


def _aligned(b: Builder, v: Value, alignment: Value, it: T.Type) -> Value:
    """Upstream's ``createAligned``: ``v`` rounded up to ``alignment``."""
    bump = b.create(llvm.SubOp, [alignment, _idx(b, 1, it)], [it]).results[0]
    bumped = b.create(llvm.AddOp, [v, bump], [it]).results[0]
    rem = b.create(llvm.URemOp, [bumped, alignment], [it]).results[0]
    return b.create(llvm.SubOp, [bumped, rem], [it]).results[0]


def _access_props(op: Operation) -> dict:
    props: dict = {}
    al = op.opt_prop("alignment", A.IntegerAttr)
    if al is not None:
        props["alignment"] = A.IntegerAttr(al.value, T.i64)
    nt = op.props.get("nontemporal")
    if nt is not None and getattr(nt, "value", False):
        props["nontemporal"] = A.UNIT
    return props


def _load(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    t = T.of_kind(op.operands[0].type, T.MemRefType)
    d = MemRefDescriptor(rw.operand(op, op.operands[0]))
    idx = [rw.operand(op, v) for v in op.operands[1:]]
    elem = _elem_type(rw, t, op)
    ptr = strided_element_ptr(b, d, t, idx, elem, GEP_INBOUNDS_NUW)
    rw.replace(op, [b.create(llvm.LoadOp, [ptr], [elem], properties=_access_props(op) or None).results[0]])


def _store(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    t = T.of_kind(op.operands[1].type, T.MemRefType)
    v = rw.operand(op, op.operands[0])
    d = MemRefDescriptor(rw.operand(op, op.operands[1]))
    idx = [rw.operand(op, x) for x in op.operands[2:]]
    ptr = strided_element_ptr(b, d, t, idx, _elem_type(rw, t, op), GEP_INBOUNDS_NUW)
    b.create(llvm.StoreOp, [v, ptr], properties=_access_props(op) or None)
    op.erase()


def _row_major_strides(b: Builder, sizes: list[Value], t: T.MemRefType, it: T.Type) -> list[Value]:
    static = canonical_strides(t.shape)
    inner_first: list[Value] = []
    running: Value | None = None  # the product of the sizes of the dims inside
    for k in reversed(range(t.rank)):
        if static[k] != DYN:
            stride = _idx(b, static[k], it)
        else:
            stride = running if running is not None else _idx(b, 1, it)
        inner_first.append(stride)
        running = b.create(llvm.MulOp, [stride, sizes[k]], [it]).results[0]
    return inner_first[::-1]


def _element_size(rw: LLVMRewriter, t: T.Type, op: Operation) -> int:
    """Upstream's ``getMemRefEltSizeInBytes`` (the default data layout)."""
    it_bytes = rw.converter.index_type.width // 8
    if isinstance(t, T.MemRefType):
        return 16 + (1 + 2 * t.rank) * it_bytes
    if isinstance(t, T.UnrankedMemRefType):
        return it_bytes + 8
    return _type_size(rw.convert_type(t, op))


def _type_size(t: T.Type) -> int:
    if isinstance(t, T.VectorType):
        n = 1
        for d in t.shape:
            n *= d
        return _type_size(t.element_type) * n if _type_size(t.element_type) else n * _bits(t.element_type) // 8
    if isinstance(t, LLVMArrayType):
        return _type_size(t.element_type) * t.num_elements
    return max(1, (_bits(t) + 7) // 8) if _bits(t) else 8


def _bits(t: T.Type) -> int:
    w = getattr(t, "width", None)
    return w if isinstance(w, int) else 0


def _alloc(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    t = T.of_kind(op.result_types[0], T.MemRefType)
    st = T.of_kind(rw.convert_type(t, op), LLVMStructType)
    it = st.fields[2]
    elem = _elem_type(rw, t, op)
    if t.layout is not None and not (isinstance(t.layout, A.AffineMapAttr) and t.layout.value.is_identity()):
        raise DiagnosticError(f"cannot allocate memref with non-identity layout {t}", op.loc)
    segment_sizes = getattr(op, "segment_sizes", None)  # an OpDef's (registered ops)
    seg = segment_sizes("operand") if segment_sizes is not None else [len(op.operands), 0]
    dyn = [rw.operand(op, v) for v in op.operands[: seg[0]]]
    is_alloca = isinstance(op, memref.AllocaOp)
    sizes, strides, size = _descriptor_sizes(b, t, dyn, it, None if is_alloca else elem)
    align_attr = op.opt_prop("alignment", A.IntegerAttr)
    ptr_t = st.fields[0]
    allocated: Value
    aligned: Value
    if is_alloca:
        props: dict[str, A.Attribute] = {"elem_type": A.TypeAttr(elem)}
        if align_attr is not None and align_attr.value:
            props["alignment"] = A.IntegerAttr(align_attr.value, T.i64)
        allocated = aligned = b.create(llvm.AllocaOp, [size], [ptr_t], properties=props).results[0]
    elif getattr(rw, "use_aligned_alloc", False):
        if align_attr is not None:
            align = align_attr.value
        else:
            e = _element_size(rw, t.element_type, op)
            align = max(16, 1 << (e - 1).bit_length())
        a = _idx(b, align, it)
        total = _element_size(rw, t.element_type, op)
        for d in t.shape:
            if d != DYN:
                total *= d
        if total % align:
            size = _aligned(b, size, a, it)
        declare(op, "aligned_alloc", PTR, [it, it])
        allocated = aligned = _to_space(b, call(b, "aligned_alloc", [a, size], PTR).results[0], ptr_t)
    else:
        alignment: Value | None = None
        if align_attr is not None:
            alignment = _idx(b, align_attr.value, it)
        elif not isinstance(t.element_type, (T.IntegerType, T.IndexType, T.FloatType)):
            alignment = _size_in_bytes(b, rw.convert_type(t.element_type, op), it)
        if alignment is not None:
            size = b.create(llvm.AddOp, [size, alignment], [it]).results[0]
        declare(op, "malloc", PTR, [it])
        allocated = _to_space(b, call(b, "malloc", [size], PTR).results[0], ptr_t)
        aligned = allocated
        if alignment is not None:
            pi = b.create(llvm.PtrToIntOp, [allocated], [it]).results[0]
            aligned = b.create(llvm.IntToPtrOp, [_aligned(b, pi, alignment, it)], [ptr_t]).results[0]
    rw.replace(op, [_descriptor(b, st, allocated, aligned, sizes, strides)])


def _to_space(b: Builder, p: Value, ptr_t: T.Type) -> Value:
    """Upstream's ``castAllocFuncResult``: the allocator's pointer cast to
    the memref's address space."""
    if p.type == ptr_t:
        return p
    return b.create(llvm.AddrSpaceCastOp, [p], [ptr_t]).results[0]


def _prefetch(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    t = T.of_kind(op.operands[0].type, T.MemRefType)
    d = MemRefDescriptor(rw.operand(op, op.operands[0]))
    idx = [rw.operand(op, v) for v in op.operands[1:]]
    ptr = strided_element_ptr(b, d, t, idx, _elem_type(rw, t, op))

    def flag(name: str) -> int:
        a = op.props.get(name)
        return int(bool(getattr(a, "value", False)))

    props = {
        "cache": A.IntegerAttr(flag("isDataCache"), T.i32),
        "hint": A.IntegerAttr(op.prop("localityHint", A.IntegerAttr).value, T.i32),
        "rw": A.IntegerAttr(flag("isWrite"), T.i32),
    }
    b.create(llvm.INTRINSICS["prefetch"], [ptr], properties=props)
    op.erase()


def _dealloc(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    t = op.operands[0].type
    v = rw.operand(op, op.operands[0])
    if isinstance(t, T.UnrankedMemRefType):
        ptr = extract(b, v, PTR, 1)
        allocated: Value = b.create(llvm.LoadOp, [ptr], [PTR]).results[0]
    else:
        allocated = MemRefDescriptor(v).allocated(b)
    declare(op, "free", VOID, [PTR])
    call(b, "free", [allocated], VOID)
    op.erase()


def _dim(op: Operation, rw: LLVMRewriter) -> None:
    """Upstream's ``DimOpLowering``: a constant or the descriptor's size
    for a constant index in range; else the size read from memory (the
    sizes array stored on the stack; of an unranked memref, its
    descriptor's)."""
    b = rw.builder(op)
    t = op.operands[0].type
    it = rw.converter.index_type
    idx_v = op.operands[1]
    if isinstance(t, T.UnrankedMemRefType):
        v = rw.operand(op, op.operands[0])
        desc = extract(b, v, PTR, 1)
        scalar = rw.convert_type(T.MemRefType((), t.element_type), op)
        offset_ptr = b.create(
            llvm.GEPOp,
            [desc],
            [PTR],
            properties={"rawConstantIndices": A.DenseArrayAttr(T.i32, (0, 2)), "elem_type": A.TypeAttr(scalar)},
        ).results[0]
        one = _idx(b, 1, it)
        plus_one = b.create(llvm.AddOp, [one, rw.operand(op, idx_v)], [it]).results[0]
        p = gep(b, offset_ptr, [plus_one], it)
        rw.replace(op, [b.create(llvm.LoadOp, [p], [it]).results[0]])
        return
    mt = T.of_kind(t, T.MemRefType)
    const = constant_int(idx_v)
    if const is not None and 0 <= const < mt.rank:
        if mt.shape[const] != DYN:
            rw.replace(op, [_idx(b, mt.shape[const], it)])
            return
        rw.replace(op, [MemRefDescriptor(rw.operand(op, op.operands[0])).size(b, const)])
        return
    d = MemRefDescriptor(rw.operand(op, op.operands[0]))
    index = rw.operand(op, idx_v)
    arr = LLVMArrayType(it, mt.rank)
    one = _idx(b, 1, it)
    sizes = extract(b, d.value, arr, 3)
    slot = b.create(llvm.AllocaOp, [one], [PTR], properties={"elem_type": A.TypeAttr(arr)}).results[0]
    b.create(llvm.StoreOp, [sizes, slot])
    p = b.create(
        llvm.GEPOp,
        [slot, index],
        [PTR],
        properties={"rawConstantIndices": A.DenseArrayAttr(T.i32, (0, -2147483648)), "elem_type": A.TypeAttr(arr)},
    ).results[0]
    rw.replace(op, [b.create(llvm.LoadOp, [p], [it]).results[0]])


def _rank(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    t = op.operands[0].type
    it = rw.converter.index_type
    if isinstance(t, T.MemRefType):
        rw.replace(op, [_idx(b, t.rank, it)])
    else:
        rw.replace(op, [extract(b, rw.operand(op, op.operands[0]), it, 0)])


def _cast(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    src_t, dst_t = op.operands[0].type, op.result_types[0]
    v = rw.operand(op, op.operands[0])
    it = rw.converter.index_type
    if isinstance(src_t, T.MemRefType) and isinstance(dst_t, T.MemRefType):
        rw.replace(op, [v])  # same descriptor layout
        return
    if isinstance(src_t, T.MemRefType):
        one = _idx(b, 1, T.i64)  # upstream's promoteOneMemRefDescriptor counts in i64
        slot = b.create(llvm.AllocaOp, [one], [PTR], properties={"elem_type": A.TypeAttr(v.type)}).results[0]
        b.create(llvm.StoreOp, [v, slot])
        ut = rw.convert_type(dst_t, op)
        rank = _idx(b, src_t.rank, it)
        u = insert(b, insert(b, poison(b, ut), rank, 0), slot, 1)
        rw.replace(op, [u])
        return
    if isinstance(dst_t, T.MemRefType):
        ptr = extract(b, v, PTR, 1)
        rw.replace(op, [b.create(llvm.LoadOp, [ptr], [rw.convert_type(dst_t, op)]).results[0]])
        return
    rw.replace(op, [v])


def _global(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    t = T.of_kind(op.prop("type", A.TypeAttr).value, T.MemRefType)
    elem = _elem_type(rw, t, op)
    arr: T.Type = elem
    for d in reversed(t.shape):
        arr = LLVMArrayType(arr, d)
    init = op.props.get("initial_value")
    props: dict = {"sym_name": op.props["sym_name"], "global_type": A.TypeAttr(arr)}
    vis = op.opt_prop("sym_visibility", A.StringAttr)
    linkage = "private" if vis is not None and vis.value == "private" else "external"

    props["linkage"] = LA.LinkageAttr(linkage)
    if op.props.get("constant") is not None:
        props["constant"] = A.UNIT
    if op.props.get("alignment") is not None:
        props["alignment"] = A.IntegerAttr(op.prop("alignment", A.IntegerAttr).value, T.i64)
    if isinstance(init, A.DenseElementsAttr):
        props["value"] = A.DenseElementsAttr(T.RankedTensorType(t.shape, t.element_type), init.data, init.splat)
    elif init is not None and not isinstance(init, A.UnitAttr):
        props["value"] = init
    b.create(llvm.GlobalOp, properties=props, regions=[Region()])
    op.erase()


def _get_global(op: Operation, rw: LLVMRewriter) -> None:
    """As upstream: the descriptor of an alloc whose buffer is the global's
    first element, its allocated pointer 0xdeadbeef (never freed)."""
    b = rw.builder(op)
    t = T.of_kind(op.result_types[0], T.MemRefType)
    st = T.of_kind(rw.convert_type(t, op), LLVMStructType)
    it = st.fields[2]
    elem = _elem_type(rw, t, op)
    sizes, strides, _ = _descriptor_sizes(b, t, [], it, elem)
    arr: T.Type = elem
    for d in reversed(t.shape):
        arr = LLVMArrayType(arr, d)
    addr = b.create(llvm.AddressOfOp, [], [st.fields[0]], properties={"global_name": op.props["name"]}).results[0]
    first = b.create(
        llvm.GEPOp,
        [addr],
        [st.fields[0]],
        properties={"rawConstantIndices": A.DenseArrayAttr(T.i32, (0,) * (t.rank + 1)), "elem_type": A.TypeAttr(arr)},
    ).results[0]
    dead = b.create(llvm.IntToPtrOp, [_idx(b, 0xDEADBEEF, it)], [st.fields[0]]).results[0]
    rw.replace(op, [_descriptor(b, st, dead, first, sizes, strides)])


def _mixed(b: Builder, rw: LLVMRewriter, op: Operation, static: Sequence[int], dynamic: list[Value], it) -> list[Value]:
    dyn = list(dynamic)
    return [rw.operand(op, dyn.pop(0)) if s == DYN else _idx(b, s, it) for s in static]


def _view_operands(op: Operation) -> tuple[list[Value], list[Value], list[Value]]:
    segment_sizes = getattr(op, "segment_sizes", None)  # an OpDef's (registered ops)
    if segment_sizes is None:
        raise DiagnosticError(f"'{op.name}' is not a registered op", op.loc)
    seg = segment_sizes("operand")
    ops = list(op.operands)
    o = ops[seg[0] : seg[0] + seg[1]]
    s = ops[seg[0] + seg[1] : seg[0] + seg[1] + seg[2]]
    st = ops[seg[0] + seg[1] + seg[2] :]
    return o, s, st


def _reinterpret_cast(op: Operation, rw: LLVMRewriter) -> None:
    """As upstream: the source's pointers (of an unranked source, loaded
    through its descriptor pointer), then the offset, then each size and
    stride."""
    b = rw.builder(op)
    src_t = op.operands[0].type
    t = T.of_kind(op.result_types[0], T.MemRefType)
    st = T.of_kind(rw.convert_type(t, op), LLVMStructType)
    it = st.fields[2]
    v = rw.operand(op, op.operands[0])
    o, s, sd = _view_operands(op)
    d = MemRefDescriptor.undef(b, st)
    allocated: Value
    aligned: Value
    if isinstance(src_t, T.UnrankedMemRefType):
        desc = extract(b, v, PTR, 1)
        allocated = b.create(llvm.LoadOp, [desc], [st.fields[0]]).results[0]
        aligned_at = b.create(
            llvm.GEPOp,
            [desc],
            [PTR],
            properties={"rawConstantIndices": A.DenseArrayAttr(T.i32, (1,)), "elem_type": A.TypeAttr(st.fields[0])},
        ).results[0]
        aligned = b.create(llvm.LoadOp, [aligned_at], [st.fields[0]]).results[0]
    else:
        allocated, aligned = extract(b, v, st.fields[0], 0), extract(b, v, st.fields[0], 1)
    d.set_allocated(b, allocated)
    d.set_aligned(b, aligned)
    d.set_offset(b, _mixed(b, rw, op, op.prop("static_offsets", A.DenseArrayAttr).values, o, it)[0])
    sizes = list(op.prop("static_sizes", A.DenseArrayAttr).values)
    strides = list(op.prop("static_strides", A.DenseArrayAttr).values)
    dyn_s, dyn_st = list(s), list(sd)
    for k in range(t.rank):
        d.set_size(b, k, rw.operand(op, dyn_s.pop(0)) if sizes[k] == DYN else _idx(b, sizes[k], it))
        d.set_stride(b, k, rw.operand(op, dyn_st.pop(0)) if strides[k] == DYN else _idx(b, strides[k], it))
    rw.replace(op, [d.value])


def _transpose(op: Operation, rw: LLVMRewriter) -> None:
    """The source's pointers and offset; sizes and strides permuted (result
    dimension ``k`` is source dimension ``perm[k]``)."""
    b = rw.builder(op)
    src = MemRefDescriptor(rw.operand(op, op.operands[0]))
    perm = op.prop("permutation", A.AffineMapAttr).value
    if perm.is_identity():
        rw.replace(op, [src.value])
        return
    d = MemRefDescriptor.undef(b, src.struct)
    d.set_allocated(b, src.allocated(b))
    d.set_aligned(b, src.aligned(b))
    d.set_offset(b, src.offset(b))
    for k, e in enumerate(perm.results):
        assert isinstance(e, AffineDimExpr), e
        d.set_size(b, k, src.size(b, e.position))
        d.set_stride(b, k, src.stride(b, e.position))
    rw.replace(op, [d.value])


def _extract_strided_metadata(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    t = T.of_kind(op.operands[0].type, T.MemRefType)
    d = MemRefDescriptor(rw.operand(op, op.operands[0]))
    it = d.index_type
    base_t = T.of_kind(rw.convert_type(op.result_types[0], op), LLVMStructType)
    base = MemRefDescriptor.pack(b, base_t, d.allocated(b), d.aligned(b), _idx(b, 0, it), [], [])
    vals = [base.value, d.offset(b)] + [d.size(b, k) for k in range(t.rank)] + [d.stride(b, k) for k in range(t.rank)]
    rw.replace(op, vals)


def _aligned_pointer_as_index(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    t = op.operands[0].type
    v = rw.operand(op, op.operands[0])
    if isinstance(t, T.UnrankedMemRefType):
        ptr = extract(b, v, PTR, 1)
        v = b.create(llvm.LoadOp, [ptr], [LLVMStructType((PTR, PTR))]).results[0]
        aligned = extract(b, v, PTR, 1)
    else:
        aligned = MemRefDescriptor(v).aligned(b)
    rw.replace(op, [b.create(llvm.PtrToIntOp, [aligned], [rw.converter.index_type]).results[0]])


def _assume_alignment(op: Operation, rw: LLVMRewriter) -> None:
    # The alignment is a hint; passing the memref through is always correct.
    if op.results:
        rw.replace(op, [rw.operand(op, op.operands[0])])
    else:
        op.erase()


def _memory_space_cast(op: Operation, rw: LLVMRewriter) -> None:
    """A ranked memref: the descriptor unpacked (pointers, offset, sizes,
    strides), its pointers cast to the new address space, packed again
    (each size with its stride), as upstream does."""
    b = rw.builder(op)
    t = op.result_types[0]
    v = rw.operand(op, op.operands[0])
    if not isinstance(t, T.MemRefType):
        rw.replace(op, [v])
        return
    st = T.of_kind(rw.convert_type(t, op), LLVMStructType)
    d = MemRefDescriptor(v)
    ptrs = [d.allocated(b), d.aligned(b)]
    offset = d.offset(b)
    sizes = [d.size(b, k) for k in range(t.rank)]
    strides = [d.stride(b, k) for k in range(t.rank)]
    cast_ptrs = [b.create(llvm.AddrSpaceCastOp, [p], [st.fields[0]]).results[0] for p in ptrs]
    rw.replace(op, [MemRefDescriptor.pack(b, st, cast_ptrs[0], cast_ptrs[1], offset, sizes, strides).value])


def _copy(op: Operation, rw: LLVMRewriter) -> None:
    b = rw.builder(op)
    src_t, dst_t = op.operands[0].type, op.operands[1].type
    src, dst = rw.operand(op, op.operands[0]), rw.operand(op, op.operands[1])
    it = rw.converter.index_type
    contiguous = all(
        isinstance(t, T.MemRefType)
        and (so := strides_and_offset(t)) is not None
        and so[0] == canonical_strides(t.shape)
        for t in (src_t, dst_t)
    )
    if contiguous:
        sd, dd = MemRefDescriptor(src), MemRefDescriptor(dst)
        n = _idx(b, 1, it)
        for k in range(T.of_kind(src_t, T.MemRefType).rank):
            n = b.create(llvm.MulOp, [n, sd.size(b, k)], [it]).results[0]
        elem = _elem_type(rw, T.of_kind(src_t, T.MemRefType), op)
        nbytes = _sizeof(b, elem, n, it)
        sp = gep(b, sd.aligned(b), [sd.offset(b)], elem)
        dp = gep(b, dd.aligned(b), [dd.offset(b)], elem)
        b.create(llvm.INTRINSICS["memcpy"], [dp, sp, nbytes], properties={"isVolatile": A.BoolAttr(False)})
        op.erase()
        return
    # Generic copy through the runtime: memrefCopy(elemSize, unranked*, unranked*).
    declare(op, "memrefCopy", VOID, [it, PTR, PTR])
    args = []
    for v, t in ((src, src_t), (dst, dst_t)):
        if isinstance(t, T.MemRefType):
            one = _idx(b, 1, it)
            slot = b.create(llvm.AllocaOp, [one], [PTR], properties={"elem_type": A.TypeAttr(v.type)}).results[0]
            b.create(llvm.StoreOp, [v, slot])
            u = insert(b, insert(b, poison(b, LLVMStructType((it, PTR))), _idx(b, t.rank, it), 0), slot, 1)
        else:
            u = v
        slot2 = b.create(llvm.AllocaOp, [_idx(b, 1, it)], [PTR], properties={"elem_type": A.TypeAttr(u.type)}).results[
            0
        ]
        b.create(llvm.StoreOp, [u, slot2])
        args.append(slot2)
    elem = _elem_type(rw, T.of_kind(src_t, T.ShapedType), op)
    size = _sizeof(b, elem, _idx(b, 1, it), it)
    call(b, "memrefCopy", [size, *args], VOID)
    op.erase()


def _realloc(op: Operation, rw: LLVMRewriter) -> None:
    """Allocate the new size, copy min(old, new) elements, free the old
    buffer (upstream's expand-realloc semantics, without branches)."""
    b = rw.builder(op)
    src_t = T.of_kind(op.operands[0].type, T.MemRefType)
    t = T.of_kind(op.result_types[0], T.MemRefType)
    st = T.of_kind(rw.convert_type(t, op), LLVMStructType)
    it = st.fields[2]
    elem = _elem_type(rw, t, op)
    d = MemRefDescriptor(rw.operand(op, op.operands[0]))
    new_n = rw.operand(op, op.operands[1]) if len(op.operands) > 1 else _idx(b, t.shape[0], it)
    old_n = d.size(b, 0) if src_t.shape[0] == DYN else _idx(b, src_t.shape[0], it)
    declare(op, "malloc", PTR, [it])
    declare(op, "free", VOID, [PTR])
    align_attr = op.opt_prop("alignment", A.IntegerAttr)
    align = align_attr.value if align_attr is not None else 0
    nbytes = _sizeof(b, elem, new_n, it)
    if align:
        nbytes = b.create(llvm.AddOp, [nbytes, _idx(b, align, it)], [it]).results[0]
    allocated = call(b, "malloc", [nbytes], PTR).results[0]
    aligned = allocated
    if align:
        a = _idx(b, align, it)
        pi = b.create(llvm.PtrToIntOp, [allocated], [it]).results[0]
        bumped = b.create(llvm.AddOp, [pi, b.create(llvm.SubOp, [a, _idx(b, 1, it)], [it]).results[0]], [it]).results[0]
        ai = b.create(llvm.SubOp, [bumped, b.create(llvm.URemOp, [bumped, a], [it]).results[0]], [it]).results[0]
        aligned = b.create(llvm.IntToPtrOp, [ai], [PTR]).results[0]
    less = b.create(llvm.ICmpOp, [new_n, old_n], [T.i1], properties={"predicate": A.IntegerAttr(6, T.i64)}).results[0]
    n = b.create(llvm.SelectOp, [less, new_n, old_n], [it]).results[0]
    src = gep(b, d.aligned(b), [d.offset(b)], elem)
    b.create(
        llvm.INTRINSICS["memcpy"], [aligned, src, _sizeof(b, elem, n, it)], properties={"isVolatile": A.BoolAttr(False)}
    )
    call(b, "free", [d.allocated(b)], VOID)
    res = MemRefDescriptor.pack(b, st, allocated, aligned, _idx(b, 0, it), [new_n], [_idx(b, 1, it)])
    rw.replace(op, [res.value])


def _reshape(op: Operation, rw: LLVMRewriter) -> None:
    """A ranked result: sizes come from the shape memref, strides are
    row-major; the data is the source's."""
    b = rw.builder(op)
    t = op.result_types[0]
    if not isinstance(t, T.MemRefType):
        raise DiagnosticError("memref.reshape to an unranked memref is not lowered to the LLVM dialect yet", op.loc)
    st = T.of_kind(rw.convert_type(t, op), LLVMStructType)
    it = st.fields[2]
    src_t = op.operands[0].type
    src = rw.operand(op, op.operands[0])
    if isinstance(src_t, T.UnrankedMemRefType):
        src = b.create(llvm.LoadOp, [extract(b, src, PTR, 1)], [LLVMStructType((PTR, PTR, it))]).results[0]
    allocated, aligned, offset = extract(b, src, PTR, 0), extract(b, src, PTR, 1), extract(b, src, it, 2)
    shape_t = T.of_kind(op.operands[1].type, T.MemRefType)
    shape_d = MemRefDescriptor(rw.operand(op, op.operands[1]))
    shape_elem = _elem_type(rw, shape_t, op)
    sizes = []
    for k, s in enumerate(t.shape):
        if s != DYN:
            sizes.append(_idx(b, s, it))
            continue
        p = strided_element_ptr(b, shape_d, shape_t, [_idx(b, k, it)], shape_elem, GEP_INBOUNDS_NUW)
        v = b.create(llvm.LoadOp, [p], [shape_elem]).results[0]
        if shape_elem != it:
            w = shape_elem.width if hasattr(shape_elem, "width") else 64
            v = b.create(llvm.SExtOp if w < 64 else llvm.TruncOp, [v], [it]).results[0]
        sizes.append(v)
    strides = _row_major_strides(b, sizes, t, it)
    rw.replace(op, [MemRefDescriptor.pack(b, st, allocated, aligned, offset, sizes, strides).value])


PATTERNS = PatternSet.from_table(
    {
        memref.ReallocOp: _realloc,
        memref.ReshapeOp: _reshape,
        memref.LoadOp: _load,
        memref.StoreOp: _store,
        memref.AllocOp: _alloc,
        memref.AllocaOp: _alloc,
        memref.DeallocOp: _dealloc,
        memref.PrefetchOp: _prefetch,
        memref.DimOp: _dim,
        memref.RankOp: _rank,
        memref.CastOp: _cast,
        memref.GlobalOp: _global,
        memref.GetGlobalOp: _get_global,
        memref.ReinterpretCastOp: _reinterpret_cast,
        memref.TransposeOp: _transpose,
        memref.ExtractStridedMetadataOp: _extract_strided_metadata,
        memref.ExtractAlignedPointerAsIndexOp: _aligned_pointer_as_index,
        memref.AssumeAlignmentOp: _assume_alignment,
        memref.MemorySpaceCastOp: _memory_space_cast,
        memref.CopyOp: _copy,
    }
)


def convert_memref_to_llvm(
    root: Operation, converter: LLVMTypeConverter | None = None, use_aligned_alloc: bool = False
) -> None:
    rw = MemRefRewriter(converter, use_aligned_alloc)
    apply_conversion(root, PATTERNS, rw)


@register_pass
@dataclass(frozen=True)
class FinalizeMemRefToLLVM(ModulePass):
    name: ClassVar[str] = "finalize-memref-to-llvm"
    anchor: ClassVar[str] = MODULE  # as upstream: it declares malloc/free and globals in the module
    summary: ClassVar[str] = "Convert memref ops to the LLVM dialect"
    index_bitwidth: int = 64
    use_aligned_alloc: bool = False
    use_generic_functions: bool = False

    def run(self, op: Operation, ctx: PassContext) -> None:
        bits = self.index_bitwidth
        if bits == 64:  # not asked for: the module's data layout decides, as upstream derives it
            bits = _layout_index_bitwidth(op) or bits
        convert_memref_to_llvm(op, LLVMTypeConverter(bits), self.use_aligned_alloc)


_DL_INDEX = re.compile(r"dl_entry<\s*index\s*,\s*(\d+)")


def _layout_index_bitwidth(module: Operation) -> int | None:
    """The index width a ``dlti.dl_spec`` on ``module`` gives (its ``index``
    entry), else None."""
    spec = module.attributes.get("dlti.dl_spec") if hasattr(module, "attributes") else None
    m = _DL_INDEX.search(str(spec)) if spec is not None else None
    return int(m.group(1)) if m else None
