"""Vector memory ops and ``vector.print`` to the LLVM dialect (part of
``convert-vector-to-llvm``).

load/store -> ``llvm.load``/``llvm.store`` of the 1-D rows (n-D vectors
are unrolled over their leading dims); maskedload/maskedstore, gather/
scatter, expandload/compressstore -> the ``llvm.intr.masked.*``
intrinsics; 1-D minor-identity and 0-D transfer_read/transfer_write ->
a load/store, or a masked load/store whose mask is ``step < dim - index``
(for a dimension not in bounds) and the transfer's mask (a gather/scatter
when the memref's last dim is not contiguous); type_cast -> a
descriptor with the static sizes and strides of the result; print ->
calls to the runner-utils functions (``printF32``, ``printI64``,
``printOpen``, ...) with upstream's conversions (i1 and narrower integers
extended to 64 bits, index printed unsigned).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...dialects import llvm, vector
from ...dialects.llvm import attrs as LA
from ...dialects.llvm.types import LLVMArrayType
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, Region, Value
from ...ir.diagnostics import DiagnosticError
from ...ir.layout import canonical_strides, strides_and_offset
from ...ir.patterns import OpClass
from ...ir.symbol_table import SymbolTable
from ..vector_to_scf import Xfer
from .lowering_helpers import MemRefDescriptor, call, declare, element_pointer, module_of
from .type_converter import PTR, VOID, LLVMRewriter
from .vector_to_llvm import VLower, outer_positions, shape

_INTR = llvm.INTRINSICS


def _byte_size(t: T.Type) -> int:
    if isinstance(t, T.IndexType):
        return 8
    if isinstance(t, (T.IntegerType, T.FloatType)):
        return max(1, (t.width + 7) // 8)
    if isinstance(t, T.VectorType):
        return _byte_size(t.element_type)
    return 1


def _alignment(op: Operation, mt: T.MemRefType) -> int:
    al = op.opt_prop("alignment", A.IntegerAttr)
    if al is not None:
        return al.value
    return _byte_size(mt.element_type)


class _Access:
    """Address computations on the memref operand of a vector memory op."""

    def __init__(self, L: VLower, memref: Value, indices: Sequence[Value]):
        self.L = L
        mt = memref.type
        if not isinstance(mt, T.MemRefType):
            raise DiagnosticError("vector memory ops on tensors must be bufferized before lowering to LLVM", L.op.loc)
        self.mt = mt
        self.desc = MemRefDescriptor(L.operand(memref))
        self.indices = [L.operand(v) for v in indices]
        self.elem = L.llvm(self.mt.element_type)

    def ptr(self, offsets: Sequence[int] = ()) -> Value:
        """Address of ``base[indices + (0.., offsets)]`` (offsets on the trailing dims)."""
        idx = list(self.indices)
        k = len(idx) - len(offsets)
        for j, o in enumerate(offsets):
            if o:
                idx[k + j] = self.L.op_call(llvm.AddOp, [idx[k + j], self.L.i64(o)])
        return element_pointer(self.L.b, self.desc, self.mt, idx, self.elem)

    def row_ptr(self, vt: T.VectorType, pos: tuple[int, ...]) -> Value:
        """Address of the row at ``pos`` of an n-D access (rows along the trailing memref dims)."""
        return self.ptr(tuple(pos) + (0,)) if pos else self.ptr()

    def dim(self, d: int) -> Value:
        s = self.mt.shape[d]
        if s != T.DYNAMIC:
            return self.L.i64(s)
        return self.desc.size(self.L.b, d)


def _load(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    acc = _Access(L, op.operands[0], op.operands[1:])
    align = _alignment(op, acc.mt)
    props: dict[str, A.Attribute] = {"alignment": A.IntegerAttr(align, T.i64)}
    if op.props.get("nontemporal") is not None and op.prop("nontemporal", A.IntegerAttr).value:
        props["nontemporal"] = A.UNIT
    if isinstance(acc.mt.element_type, T.VectorType):
        rw.replace(op, [L.b.create(llvm.LoadOp, [acc.ptr()], [L.llvm(rt)], properties=props).results[0]])
        return
    rw.replace(
        op,
        [
            L.map_rows(
                rt,
                rt,
                lambda pos: L.b.create(llvm.LoadOp, [acc.row_ptr(rt, pos)], [L.row_type(rt)], properties=props).results[
                    0
                ],
            )
        ],
    )


def _store(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    vt = T.of_kind(op.operands[0].type, T.VectorType)
    v = L.operand(op.operands[0])
    acc = _Access(L, op.operands[1], op.operands[2:])
    props: dict[str, A.Attribute] = {"alignment": A.IntegerAttr(_alignment(op, acc.mt), T.i64)}
    if op.props.get("nontemporal") is not None and op.prop("nontemporal", A.IntegerAttr).value:
        props["nontemporal"] = A.UNIT
    if isinstance(acc.mt.element_type, T.VectorType):
        L.b.create(llvm.StoreOp, [v, acc.ptr()], properties=props)
    else:
        for pos in outer_positions(vt):
            L.b.create(llvm.StoreOp, [L.row(v, vt, pos), acc.row_ptr(vt, pos)], properties=props)
    rw.erase(op)


def _i32(v: int) -> A.IntegerAttr:
    return A.IntegerAttr(v, T.i32)


def _masked_load(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    n_idx = len(op.operands) - 3
    acc = _Access(L, op.operands[0], op.operands[1 : 1 + n_idx])
    mask, pt = L.operand(op.operands[-2]), L.operand(op.operands[-1])
    mt, ptt = op.operands[-2].type, op.operands[-1].type
    al = _i32(_alignment(op, acc.mt))
    masked_load = isinstance(op, vector.MaskedLoadOp)  # else an expandload

    def row(pos):
        args = [acc.row_ptr(rt, pos), L.row(mask, mt, pos), L.row(pt, ptt, pos)]
        if masked_load:
            return L.b.create(_INTR["masked.load"], args, [L.row_type(rt)], properties={"alignment": al}).results[0]
        return L.b.create(_INTR["masked.expandload"], args, [L.row_type(rt)]).results[0]

    rw.replace(op, [L.map_rows(rt, rt, row)])


def _masked_store(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    vt = T.of_kind(op.operands[-1].type, T.VectorType)
    n_idx = len(op.operands) - 3
    acc = _Access(L, op.operands[0], op.operands[1 : 1 + n_idx])
    mask, v = L.operand(op.operands[-2]), L.operand(op.operands[-1])
    mt = T.of_kind(op.operands[-2].type, T.VectorType)
    al = _i32(_alignment(op, acc.mt))
    for pos in outer_positions(vt):
        if isinstance(op, vector.MaskedStoreOp):
            L.b.create(
                _INTR["masked.store"],
                [L.row(v, vt, pos), acc.row_ptr(vt, pos), L.row(mask, mt, pos)],
                properties={"alignment": al},
            )
        else:
            L.b.create(_INTR["masked.compressstore"], [L.row(v, vt, pos), acc.row_ptr(vt, pos), L.row(mask, mt, pos)])
    rw.erase(op)


def _ptr_vector(L: VLower, base: Value, idx_row: Value, elem: T.Type) -> Value:
    n = T.of_kind(idx_row.type, T.VectorType).shape[0]
    pt = T.VectorType((n,), PTR)
    return L.b.create(
        llvm.GEPOp,
        [base, idx_row],
        [pt],
        properties={"rawConstantIndices": A.DenseArrayAttr(T.i32, (-2147483648,)), "elem_type": A.TypeAttr(elem)},
    ).results[0]


def _gather(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.VectorType)
    n_idx = len(op.operands) - 4
    acc = _Access(L, op.operands[0], op.operands[1 : 1 + n_idx])
    iv, mask, pt = (L.operand(v) for v in op.operands[-3:])
    it, mt, ptt = (v.type for v in op.operands[-3:])
    base = acc.ptr()
    al = _i32(_alignment(op, acc.mt))

    def row(pos):
        ptrs = _ptr_vector(L, base, L.row(iv, it, pos), acc.elem)
        return L.b.create(
            _INTR["masked.gather"],
            [ptrs, L.row(mask, mt, pos), L.row(pt, ptt, pos)],
            [L.row_type(rt)],
            properties={"alignment": al},
        ).results[0]

    rw.replace(op, [L.map_rows(rt, rt, row)])


def _scatter(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    vt = T.of_kind(op.operands[-1].type, T.VectorType)
    n_idx = len(op.operands) - 4
    acc = _Access(L, op.operands[0], op.operands[1 : 1 + n_idx])
    iv, mask, v = (L.operand(x) for x in op.operands[-3:])
    it, mt = T.of_kind(op.operands[-3].type, T.VectorType), T.of_kind(op.operands[-2].type, T.VectorType)
    base = acc.ptr()
    al = _i32(_alignment(op, acc.mt))
    for pos in outer_positions(vt):
        ptrs = _ptr_vector(L, base, L.row(iv, it, pos), acc.elem)
        L.b.create(
            _INTR["masked.scatter"], [L.row(v, vt, pos), ptrs, L.row(mask, mt, pos)], properties={"alignment": al}
        )
    rw.erase(op)


# -- 1-D / 0-D transfers ---------------------------------------------------------------------------


def _transfer(op: Operation, rw: LLVMRewriter) -> None:

    x = Xfer(op)
    L = VLower(op, rw)
    vt = x.vtype
    if not x.is_memref:
        raise DiagnosticError(f"'{op.name}' on a tensor must be bufferized before lowering to LLVM", op.loc)
    if vt.rank > 1 or (vt.rank == 1 and not x.map.is_minor_identity()):
        raise DiagnosticError(
            f"'{op.name}' of rank {vt.rank} with permutation map {x.map} must be lowered by "
            "convert-vector-to-scf first",
            op.loc,
        )
    acc = _Access(L, x.base, x.indices)
    align = _alignment(op, acc.mt)
    al64 = {"alignment": A.IntegerAttr(align, T.i64)}
    if isinstance(acc.mt.element_type, T.VectorType):
        # A memref of vectors: the map has no results, the vector is one element.
        if x.map.num_results or x.mask is not None or vt != acc.mt.element_type:
            raise DiagnosticError(f"'{op.name}' of a part of a memref of vectors is not supported", op.loc)
        if x.read:
            rw.replace(op, [L.b.create(llvm.LoadOp, [acc.ptr()], [L.llvm(vt)], properties=al64).results[0]])
        else:
            assert x.value is not None  # a transfer write
            L.b.create(llvm.StoreOp, [L.operand(x.value), acc.ptr()], properties=al64)
            rw.erase(op)
        return
    row_t = L.row_type(vt)
    ptr = acc.ptr()
    mask: Value | None = None
    if x.mask is not None:
        mask = L.operand(x.mask)
    n = shape(vt)[0]
    it = rw.converter.index_type
    ivt = T.VectorType((n,), it)
    if vt.rank == 1 and not x.in_bounds[0]:
        rem = L.op_call(llvm.SubOp, [acc.dim(acc.mt.rank - 1), acc.indices[-1]])
        bound = L.b.create(
            llvm.ICmpOp,
            [L.dense(ivt, list(range(n))), L.splat(rem, ivt)],
            [T.VectorType((n,), T.i1)],
            properties={"predicate": A.IntegerAttr(2, T.i64)},
        ).results[0]
        mask = bound if mask is None else L.op_call(llvm.AndOp, [bound, mask])
    stride = _last_stride(acc) if vt.rank == 1 else 1
    if stride != 1:
        # Not contiguous (convert-vector-to-scf turns these into scalar
        # loops): a gather/scatter through base + lane * stride.
        st = L.const(stride, it) if isinstance(stride, int) else stride
        offs = L.op_call(llvm.MulOp, [L.dense(ivt, list(range(n))), L.splat(st, ivt)])
        ptrs = _ptr_vector(L, ptr, offs, acc.elem)
        if mask is None:
            mask = L.dense(T.VectorType((n,), T.i1), [True] * n)
        if x.read:
            pad = L.splat(L.operand(x.padding), row_t)
            rw.replace(
                op,
                [
                    L.b.create(
                        _INTR["masked.gather"], [ptrs, mask, pad], [row_t], properties={"alignment": _i32(align)}
                    ).results[0]
                ],
            )
        else:
            assert x.value is not None  # a transfer_write has the value it writes
            L.b.create(
                _INTR["masked.scatter"],
                [L.operand(x.value), ptrs, mask],
                properties={"alignment": _i32(align)},
            )
            rw.erase(op)
        return
    if x.read:
        if mask is None:
            r = L.b.create(llvm.LoadOp, [ptr], [row_t], properties=al64)
        else:
            pad = L.splat(L.operand(x.padding), row_t)
            r = L.b.create(_INTR["masked.load"], [ptr, mask, pad], [row_t], properties={"alignment": _i32(align)})
        rw.replace(op, [r.results[0]])
        return
    assert x.value is not None  # a transfer write
    v = L.operand(x.value)
    if mask is None:
        L.b.create(llvm.StoreOp, [v, ptr], properties=al64)
    else:
        L.b.create(_INTR["masked.store"], [v, ptr, mask], properties={"alignment": _i32(align)})
    rw.erase(op)


def _last_stride(acc: _Access) -> int | Value:
    """The stride of the memref's last dim (a constant, or read from the descriptor)."""
    if acc.mt.rank == 0:
        return 1
    so = strides_and_offset(acc.mt)
    s = so[0][-1] if so is not None else T.DYNAMIC
    return acc.desc.stride(acc.L.b, acc.mt.rank - 1) if s == T.DYNAMIC else s


def _type_cast(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    rt = T.of_kind(op.result_types[0], T.MemRefType)
    src = MemRefDescriptor(L.operand(op.operands[0]))
    st = rw.converter.memref_descriptor(rt)
    it = rw.converter.index_type
    sizes = [L.const(s, it) for s in rt.shape]
    strides = [L.const(s, it) for s in canonical_strides(rt.shape)]
    d = MemRefDescriptor.pack(
        L.b,
        st,
        src.allocated(L.b),
        src.aligned(L.b),
        L.const(0, it),
        sizes,
        strides,
    )
    rw.replace(op, [d.value])


# -- vector.print ------------------------------------------------------------------------------


def _print_fn(L: VLower, et: T.Type) -> tuple[str, T.Type, str | None]:
    """(runtime function, its argument type, conversion) for an element type."""
    if isinstance(et, T.FloatType):
        s = et.name
        if s == "f32":
            return "printF32", et, None
        if s == "f64":
            return "printF64", et, None
        if s == "f16":
            return "printF16", T.i16, "bitcast"
        if s == "bf16":
            return "printBF16", T.i16, "bitcast"
        raise DiagnosticError(f"cannot print values of type {et}", L.op.loc)
    if isinstance(et, T.IndexType):
        return "printU64", T.i64, None
    if isinstance(et, T.IntegerType):
        if et.width > 64:
            raise DiagnosticError(f"cannot print integers wider than 64 bits ({et})", L.op.loc)
        if et.signedness == "u":
            return "printU64", T.i64, "zext" if et.width < 64 else None
        if et.width == 1:
            return "printI64", T.i64, "zext"
        return "printI64", T.i64, "sext" if et.width < 64 else None
    raise DiagnosticError(f"cannot print values of type {et}", L.op.loc)


def _call(L: VLower, name: str, args: Sequence[Value] = (), params: Sequence[T.Type] = ()) -> None:
    declare(L.op, name, VOID, list(params))
    call(L.b, name, list(args), VOID)


def _print_scalar(L: VLower, v: Value, et: T.Type) -> None:
    fn, pt, conv = _print_fn(L, et)
    if conv == "bitcast":
        v = L.op_call(llvm.BitcastOp, [v], pt)
    elif conv == "zext" and v.type != pt:
        v = L.op_call(llvm.ZExtOp, [v], pt)
    elif conv == "sext" and v.type != pt:
        v = L.op_call(llvm.SExtOp, [v], pt)
    _call(L, fn, [v], [pt])


def _string_global(op: Operation, text: str) -> str:
    module = module_of(op)
    body = module.regions[0].blocks[0]
    name = SymbolTable(module).unique_name("vector_print_str")
    data = tuple(text.encode("utf-8")) + (0,)
    props = {
        "sym_name": A.StringAttr(name),
        "global_type": A.TypeAttr(LLVMArrayType(T.i8, len(data))),
        "linkage": LA.LinkageAttr("private"),
        "constant": A.UNIT,
        "value": A.DenseElementsAttr(T.RankedTensorType((len(data),), T.i8), data),
        "addr_space": A.IntegerAttr(0, T.i32),
    }
    Builder(body, body.first_op).create(llvm.GlobalOp, properties=props, regions=[Region()])
    return name


def _print(op: Operation, rw: LLVMRewriter) -> None:
    L = VLower(op, rw)
    s = op.opt_prop("stringLiteral", A.StringAttr)
    if s is not None:
        name = _string_global(op, s.value)
        n = len(s.value.encode("utf-8")) + 1
        addr = L.b.create(llvm.AddressOfOp, [], [PTR], properties={"global_name": A.SymbolRefAttr(name)}).results[0]
        p = L.gep(addr, [0], LLVMArrayType(T.i8, n))
        _call(L, "printString", [p], [PTR])
        rw.erase(op)
        return
    if op.operands:
        src = op.operands[0]
        t = src.type
        v = L.operand(src)
        if not isinstance(t, T.VectorType):
            _print_scalar(L, v, t)
        else:
            _print_vector(L, v, t)
    punct = op.props.get("punctuation")
    pname = "newline"
    if punct is not None:
        text = punct.text if isinstance(punct, A.OpaqueAttr) else str(punct)
        pname = text[text.find("<") + 1 : text.rfind(">")]
    fn = {"newline": "printNewline", "comma": "printComma", "open": "printOpen", "close": "printClose"}.get(pname)
    if fn is not None:
        _call(L, fn)
    rw.erase(op)


def _print_vector(L: VLower, v: Value, vt: T.VectorType) -> None:
    S = shape(vt)
    et = vt.element_type

    def emit(prefix: tuple[int, ...]) -> None:
        k = len(prefix)
        _call(L, "printOpen")
        for i in range(S[k]):
            if k == len(S) - 1:
                row = L.row(v, vt, prefix)
                _print_scalar(L, L.elem(row, i), et)
            else:
                emit(prefix + (i,))
            if i != S[k] - 1:
                _call(L, "printComma")
        _call(L, "printClose")

    emit(())


def memory_patterns() -> dict[OpClass, Callable]:
    """The patterns of the vector memory ops and ``vector.print``, by op class."""
    return {
        vector.LoadOp: _load,
        vector.StoreOp: _store,
        vector.MaskedLoadOp: _masked_load,
        vector.ExpandLoadOp: _masked_load,
        vector.MaskedStoreOp: _masked_store,
        vector.CompressStoreOp: _masked_store,
        vector.GatherOp: _gather,
        vector.ScatterOp: _scatter,
        vector.TransferReadOp: _transfer,
        vector.TransferWriteOp: _transfer,
        vector.TypeCastOp: _type_cast,
        vector.PrintOp: _print,
    }
