"""The memref ABI: descriptors as ctypes structs, numpy conversions, and
how a JIT'd function's arguments and results are laid out.

A ranked memref is passed as the descriptor ``{T* allocated, T* aligned,
i64 offset, i64 sizes[N], i64 strides[N]}`` (strides and offset count
elements, not bytes); an unranked one as ``{i64 rank, void* descriptor}``::

    from polymlir.codegen import memref_abi as M
    a = np.arange(6, dtype=np.float32).reshape(2, 3)[:, ::2]    # any strided view
    desc = M.descriptor_from_array(a, rank=2, dtype=np.float32)  # keeps `a` alive
    view = M.array_from_descriptor(desc, np.float32)              # shares a's memory

Arrays returned by JIT'd code own their ``malloc``'d buffer: build them with
``array_from_descriptor(desc, dtype, free_allocated=True)`` and the buffer
is freed (with libc ``free``) when the last numpy view of it dies.

``function_abi(functions, name, signature)`` describes a call: which
LLVM function (the ``_mlir_ciface_`` wrapper or the function itself),
which arguments are memrefs (rank, dtype, static shape, layout) and how
results come back. It uses the builtin ``func.func`` signature when the
caller has it, else reads the llvm-dialect code (descriptor-building
``insertvalue`` chains, GEP element types, which strides are read).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from ..dialects import llvm as LLVM
from ..dialects.llvm import types as LT
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation

__all__ = [
    "ranked_descriptor_type",
    "UnrankedDescriptor",
    "numpy_dtype",
    "descriptor_from_array",
    "unranked_from_array",
    "array_from_descriptor",
    "array_from_pointer",
    "array_from_unranked",
    "libc",
    "Allocation",
    "row_major_strides",
    "ranked_at",
    "Slot",
    "FunctionABI",
    "function_abi",
    "ctype_of",
    "to_scalar",
    "from_scalar",
]

_libc_handle: ctypes.CDLL | None = None


def libc() -> ctypes.CDLL:
    """The C library of this process (``malloc``, ``free``, ``fflush``...)."""
    global _libc_handle
    if _libc_handle is None:
        _libc_handle = ctypes.CDLL(ctypes.util.find_library("c") or None)
        _libc_handle.free.argtypes = [ctypes.c_void_p]
        _libc_handle.free.restype = None
        _libc_handle.malloc.argtypes = [ctypes.c_size_t]
        _libc_handle.malloc.restype = ctypes.c_void_p
    return _libc_handle


class RankedDescriptor(ctypes.Structure):
    """Base of the ranked memref descriptor structs (one subclass per rank,
    made by ranked_descriptor_type); ``rank`` is a class attribute, not a field."""

    rank: ClassVar[int] = 0


@functools.cache
def ranked_descriptor_type(rank: int) -> type[RankedDescriptor]:
    """The ctypes struct of a rank-``rank`` memref descriptor."""
    fields: list[tuple[str, Any]] = [
        ("allocated", ctypes.c_void_p),
        ("aligned", ctypes.c_void_p),
        ("offset", ctypes.c_int64),
    ]
    if rank:
        fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
    return type(f"MemRefDescriptor{rank}D", (RankedDescriptor,), {"_fields_": fields, "rank": rank})


class UnrankedDescriptor(ctypes.Structure):
    """``{i64 rank, void* descriptor}``: a memref of unknown rank."""

    _fields_ = [("rank", ctypes.c_int64), ("descriptor", ctypes.c_void_p)]


def _bf16():
    try:
        import ml_dtypes  # optional dependency (bfloat16 arrays)

        return np.dtype(ml_dtypes.bfloat16)
    except ImportError:  # raw bits
        return np.dtype(np.uint16)


_FLOAT_DTYPES: dict[T.Type, Any] = {T.f16: np.float16, T.f32: np.float32, T.f64: np.float64}


def numpy_dtype(t: T.Type) -> np.dtype:
    """The numpy dtype of memref elements of MLIR type ``t`` (bf16 is
    ``ml_dtypes.bfloat16`` when installed, else raw ``uint16`` bits)."""
    if isinstance(t, T.IntegerType):
        if t.width == 1:
            return np.dtype(np.bool_)
        if t.width in (8, 16, 32, 64):
            return np.dtype(("u" if t.signedness == "u" else "i") + str(t.width // 8))
    elif isinstance(t, T.IndexType):
        return np.dtype(np.int64)
    elif isinstance(t, T.FloatType):
        if t == T.bf16:
            return _bf16()
        if t in _FLOAT_DTYPES:
            return np.dtype(_FLOAT_DTYPES[t])
    elif isinstance(t, T.ComplexType) and isinstance(t.element_type, T.FloatType):
        if t.element_type == T.f32:
            return np.dtype(np.complex64)
        if t.element_type == T.f64:
            return np.dtype(np.complex128)
    raise TypeError(f"memrefs of element type '{t}' have no numpy equivalent")


def _compatible(got: np.dtype, want: np.dtype) -> bool:
    if got == want:
        return True
    # Signless integers: the sign is the caller's business.
    return got.kind in "iu" and want.kind in "iu" and got.itemsize == want.itemsize


def descriptor_from_array(
    arr: np.ndarray,
    rank: int | None = None,
    dtype: Any = None,
    shape: Sequence[int | None] | None = None,
    what: str = "argument",
    strides: Sequence[int | None] | None = None,
    offset: int = 0,
    contiguous: bool | Sequence[int] | frozenset[int] = False,
) -> ctypes.Structure:
    """A ranked descriptor viewing ``arr`` (any strides, including negative
    and zero ones). ``rank``/``dtype``/``shape`` are checked when given
    (``None`` entries of ``shape`` are dynamic). ``strides`` are the static
    strides of the memref's layout (``None`` entries dynamic) and
    ``contiguous`` asks for the identity layout (row-major, as code compiled
    for ``memref<4x?xf32>`` assumes; a list of dimensions: only those);
    ``offset`` is a static layout offset.
    The descriptor keeps ``arr`` alive (attribute ``_keepalive``)."""
    if not isinstance(arr, np.ndarray):
        raise TypeError(f"{what}: expected a numpy array for a memref, got {type(arr).__name__}")
    if dtype is not None:
        want = np.dtype(dtype)
        if not _compatible(arr.dtype, want):
            raise TypeError(f"{what}: expected an array of dtype {want}, got {arr.dtype}")
    if rank is not None and arr.ndim != rank:
        raise ValueError(f"{what}: expected an array of rank {rank}, got rank {arr.ndim} (shape {arr.shape})")
    if shape is not None:
        for i, (want_d, got_d) in enumerate(zip(shape, arr.shape, strict=True)):
            if want_d is not None and want_d >= 0 and want_d != got_d:
                raise ValueError(f"{what}: dimension {i} must be {want_d}, got {got_d} (shape {arr.shape})")
    item = arr.itemsize
    elem_strides = []
    for s in arr.strides:
        if s % item:
            raise ValueError(f"{what}: stride of {s} bytes is not a multiple of the element size ({item} bytes)")
        elem_strides.append(s // item)
    if contiguous is True:
        strides = row_major_strides(arr.shape)
    elif contiguous:
        rm = row_major_strides(arr.shape)
        strides = [rm[i] if i in contiguous else None for i in range(arr.ndim)]
    if strides is not None:
        for i, (want_s, got_s) in enumerate(zip(strides, elem_strides, strict=True)):
            if want_s is None or arr.shape[i] <= 1:
                continue
            if want_s != got_s:
                kind = "a row-major contiguous array" if contiguous is True else f"stride {want_s} in dimension {i}"
                raise ValueError(
                    f"{what}: the memref type needs {kind}, got element strides {tuple(elem_strides)} "
                    f"(pass np.ascontiguousarray(...) or a view with those strides)"
                )
            elem_strides[i] = want_s
    n = arr.ndim
    desc = ranked_descriptor_type(n)()
    ptr = arr.ctypes.data - offset * item
    desc.allocated = ptr
    desc.aligned = ptr
    desc.offset = offset
    if n:
        desc.sizes[:] = list(arr.shape)
        desc.strides[:] = elem_strides
    desc._keepalive = arr
    return desc


def row_major_strides(shape: Sequence[int]) -> list[int]:
    """Element strides of a C-contiguous array of ``shape``."""
    out = []
    acc = 1
    for d in reversed(shape):
        out.append(acc)
        acc *= max(int(d), 1)
    return out[::-1]


def unranked_from_array(arr: np.ndarray, dtype: Any = None, what: str = "argument") -> UnrankedDescriptor:
    """An unranked descriptor (and its ranked one, kept alive) for ``arr``."""
    ranked = descriptor_from_array(arr, dtype=dtype, what=what)
    u = UnrankedDescriptor(arr.ndim, ctypes.addressof(ranked))
    u._keepalive = ranked
    return u


class Allocation:
    """Owns a ``malloc``'d pointer; frees it when garbage collected."""

    def __init__(self, ptr: int) -> None:
        self.ptr = ptr
        self._fin = weakref.finalize(self, _free, ptr)


def _free(ptr: int) -> None:
    if ptr:
        libc().free(ptr)


def array_from_pointer(
    aligned: int, offset: int, sizes: Sequence[int], strides: Sequence[int], dtype: Any, owner: object = None
) -> np.ndarray:
    """A numpy view of memref data (``owner`` is kept alive by the view)."""
    dt = np.dtype(dtype)
    shape = tuple(int(s) for s in sizes)
    if any(s == 0 for s in shape):
        return np.empty(shape, dt)
    item = dt.itemsize
    bstrides = tuple(int(s) * item for s in strides)
    lo = hi = 0
    for n, st in zip(shape, bstrides, strict=True):
        ext = (n - 1) * st
        if ext < 0:
            lo += ext
        else:
            hi += ext
    start = int(aligned) + int(offset) * item
    if not aligned:
        raise ValueError("memref descriptor has a null data pointer")
    span = hi - lo + item
    buf = (ctypes.c_char * span).from_address(start + lo)
    buf._owner = owner
    raw = np.frombuffer(buf, dtype=np.uint8)
    return np.ndarray(shape, dt, buffer=raw, offset=-lo, strides=bstrides)


def array_from_descriptor(
    desc: ctypes.Structure, dtype: Any, owner: object = None, free_allocated: bool = False
) -> np.ndarray:
    """A numpy array over a ranked descriptor's data. With
    ``free_allocated`` the array takes ownership of the descriptor's
    ``allocated`` pointer (freed with ``free`` when no view remains)."""
    rank = getattr(type(desc), "rank", 0)
    sizes = list(desc.sizes) if rank else []
    strides = list(desc.strides) if rank else []
    if free_allocated:
        owner = Allocation(desc.allocated or 0)
        if any(s == 0 for s in sizes):
            return np.empty(tuple(sizes), np.dtype(dtype))  # nothing to view; `owner` frees it now
    return array_from_pointer(desc.aligned or 0, desc.offset, sizes, strides, dtype, owner)


def ranked_at(address: int, rank: int) -> RankedDescriptor:
    """The ranked descriptor stored at ``address``."""
    return ranked_descriptor_type(rank).from_address(address)


def array_from_unranked(u: UnrankedDescriptor, dtype: Any, owner: object = None) -> np.ndarray:
    """A numpy view of the memref an unranked descriptor points to."""
    d = ranked_at(u.descriptor, u.rank)
    return array_from_descriptor(d, dtype, owner=owner)


# -- function signatures --------------------------------------------------------------------------


@dataclass
class Slot:
    """One argument or result as Python sees it."""

    kind: str  # "scalar", "memref" or "unranked"
    type: T.Type | None = None  # LLVM-level type of a scalar
    rank: int = 0
    dtype: np.dtype | None = None
    shape: tuple[int | None, ...] | None = None
    mlir_type: T.Type | None = None
    strides: tuple[int | None, ...] | None = None  # static layout strides (None entries dynamic)
    offset: int = 0  # static layout offset
    contiguous: bool | frozenset = False  # identity layout (or these dims): the code assumes row-major strides


@dataclass
class FunctionABI:
    name: str  # the LLVM function called (maybe an _mlir_ciface_ wrapper)
    args: list[Slot]
    results: list[Slot]
    ciface: bool
    result_by_pointer: bool
    llvm_params: list[T.Type]
    llvm_result: T.Type


def is_desc(t: T.Type) -> int | None:
    """The rank of a memref-descriptor struct type, else None."""
    if not isinstance(t, LT.LLVMStructType) or t.name is not None:
        return None
    f = t.fields
    if len(f) == 3 and isinstance(f[0], LT.LLVMPointerType) and isinstance(f[1], LT.LLVMPointerType) and f[2] == T.i64:
        return 0
    if (
        len(f) == 5
        and isinstance(f[0], LT.LLVMPointerType)
        and isinstance(f[1], LT.LLVMPointerType)
        and f[2] == T.i64
        and isinstance(f[3], LT.LLVMArrayType)
        and f[3] == f[4]
        and f[3].element_type == T.i64
    ):
        return f[3].num_elements
    return None


def is_unranked(t: T.Type) -> bool:
    return (
        isinstance(t, LT.LLVMStructType)
        and t.name is None
        and len(t.fields) == 2
        and t.fields[0] == T.i64
        and isinstance(t.fields[1], LT.LLVMPointerType)
    )


def slot_from_mlir(t: T.Type) -> Slot:
    if isinstance(t, T.MemRefType):
        try:
            dt = numpy_dtype(t.element_type)
        except TypeError:
            dt = None
        shape = tuple(None if d == T.DYNAMIC else d for d in t.shape)
        slot = Slot("memref", rank=len(t.shape), dtype=dt, shape=shape, mlir_type=t)
        lay = t.layout
        if lay is None:
            slot.contiguous = True
        elif isinstance(lay, A.StridedLayoutAttr):
            slot.strides = tuple(None if s == T.DYNAMIC else s for s in lay.strides)
            slot.offset = 0 if lay.offset == T.DYNAMIC else lay.offset
        else:
            raise TypeError(f"memref arguments with layout '{lay}' cannot be passed from Python")
        return slot
    if isinstance(t, T.UnrankedMemRefType):
        try:
            dt = numpy_dtype(t.element_type)
        except TypeError:
            dt = None
        return Slot("unranked", dtype=dt, mlir_type=t)
    if isinstance(t, T.IndexType):
        return Slot("scalar", T.i64, mlir_type=t)
    return Slot("scalar", t, mlir_type=t)


def _scalar_dtype(t: T.Type) -> np.dtype | None:
    try:
        return numpy_dtype(t)
    except TypeError:
        return None


class _DtypeFinder:
    """Guesses memref element types of llvm-dialect functions from the GEPs
    on their descriptors' aligned pointers."""

    @staticmethod
    def from_aligned_source(desc) -> np.dtype | None:
        """From the GEP that computed the aligned pointer (``get_global``)."""
        cur = desc
        while isinstance(cur.owner_op, LLVM.InsertValueOp):
            op = cur.owner_op
            if list(op.prop("position", A.DenseArrayAttr).values) == [1]:
                src = op.operands[1].owner_op
                if isinstance(src, LLVM.GEPOp):
                    t = src.prop("elem_type", A.TypeAttr).value
                    while isinstance(t, (LT.LLVMArrayType, T.VectorType)):
                        t = t.element_type
                    return _scalar_dtype(t)
                return None
            cur = op.operands[0]
        return None

    @staticmethod
    def from_desc_value(v) -> np.dtype | None:
        seen = 0
        work = [v]
        while work and seen < 64:
            cur = work.pop()
            seen += 1
            for u in cur.users:
                if isinstance(u, LLVM.ExtractValueOp) and list(u.prop("position", A.DenseArrayAttr).values) == [1]:
                    for g in u.results[0].users:
                        if isinstance(g, LLVM.GEPOp):
                            return _scalar_dtype(g.prop("elem_type", A.TypeAttr).value)
                        if isinstance(g, LLVM.LoadOp):
                            return _scalar_dtype(g.results[0].type)
                        if isinstance(g, LLVM.StoreOp):
                            return _scalar_dtype(g.operands[0].type)
                elif isinstance(u, LLVM.InsertValueOp) and u.operands[0] is cur:
                    work.append(u.results[0])
        return None


def expanded_slots(fn: Operation) -> list[Slot]:
    """Arguments of an llvm.func in the expanded memref convention,
    recognized from the descriptor-building ``insertvalue`` chains."""
    ft = T.of_kind(fn.prop("function_type", A.TypeAttr).value, LT.LLVMFunctionType)
    params = list(ft.params)
    blocks = fn.regions[0].blocks if fn.regions else []
    pos_of: dict[int, tuple[Any, tuple, int | None, bool]] = {}
    if blocks:
        entry = blocks[0]
        for i, a in enumerate(entry.arguments):
            for u in a.users:
                if isinstance(u, LLVM.InsertValueOp) and u.operands[1] is a:
                    ct = u.operands[0].type
                    r = is_desc(ct)
                    if r is not None or is_unranked(ct):
                        pos_of[i] = (u, tuple(u.prop("position", A.DenseArrayAttr).values), r, r is None)
    slots: list[Slot] = []
    i = 0
    while i < len(params):
        info = pos_of.get(i)
        if info is not None and info[1] == (0,):
            u, _, r, unranked = info
            n = 2 if unranked else 3 + 2 * (r or 0)
            if all((i + k) in pos_of for k in range(n)):
                if unranked:
                    slots.append(Slot("unranked"))
                else:
                    last = u
                    while True:  # follow the chain to the complete descriptor
                        nxt = [
                            x
                            for x in last.results[0].users
                            if isinstance(x, LLVM.InsertValueOp) and x.operands[0] is last.results[0]
                        ]
                        if not nxt:
                            break
                        last = nxt[0]
                    slots.append(
                        Slot(
                            "memref",
                            rank=r or 0,
                            dtype=_DtypeFinder.from_desc_value(last.results[0]),
                            contiguous=_assumed_row_major(last.results[0], r or 0),
                        )
                    )
                i += n
                continue
        slots.append(Slot("scalar", params[i]))
        i += 1
    return slots


def infer_result_dtypes(fn: Operation, results: list[Slot]) -> None:
    """Element types of returned memrefs, from how the returned descriptors
    are used (GEPs on their aligned pointers) in ``fn``."""
    if not any(s.kind == "memref" and s.dtype is None for s in results) or not fn.regions:
        return
    for b in fn.regions[0].blocks:
        term = b.operations[-1] if b.operations else None
        if not isinstance(term, LLVM.ReturnOp) or not term.operands:
            continue
        v = term.operands[0]
        by_pos = {0: v}
        if len(results) != 1:  # a struct packing the results: find each field's value
            by_pos = {}
            cur = v
            while isinstance(cur.owner_op, LLVM.InsertValueOp):
                op = cur.owner_op
                pos = list(op.prop("position", A.DenseArrayAttr).values)
                if len(pos) == 1 and pos[0] < len(results) and pos[0] not in by_pos:
                    by_pos[pos[0]] = op.operands[1]
                cur = op.operands[0]
        descs = [by_pos.get(i) for i in range(len(results))]
        for s, dv in zip(results, descs, strict=True):
            if s.kind == "memref" and s.dtype is None and dv is not None:
                root = dv
                while isinstance(root.owner_op, LLVM.InsertValueOp):
                    root = root.owner_op.operands[0]
                s.dtype = (
                    _DtypeFinder.from_desc_value(root)
                    or _DtypeFinder.from_desc_value(dv)
                    or _DtypeFinder.from_aligned_source(dv)
                )


def _assumed_row_major(desc, rank: int) -> bool | frozenset:
    """The dimensions whose stride the code takes as row-major instead of
    reading it from descriptor ``desc`` (identity-layout memrefs)."""
    read: set[int] = set()
    if not rank or not _collect_stride_reads(desc, read):
        return False
    dims = frozenset(range(rank)) - read
    return True if len(dims) == rank else dims


def _collect_stride_reads(desc, read: set[int]) -> bool:
    """Adds to ``read`` the dims whose strides are read; False when the
    descriptor escapes (stored, passed to a call) and anything may happen."""
    for u in desc.users:
        if isinstance(u, LLVM.ExtractValueOp):
            pos = list(u.prop("position", A.DenseArrayAttr).values)
            if pos[:1] == [4]:
                if len(pos) == 1:
                    return False
                read.add(pos[1])
        elif isinstance(u, LLVM.ReturnOp):
            continue  # returned as it came: no computation depends on it
        elif isinstance(u, LLVM.InsertValueOp):
            if u.operands[0] is desc:  # still being built
                if not _collect_stride_reads(u.results[0], read):
                    return False
            elif not _only_returned(u.results[0]):  # packed with other results
                return False
        else:
            return False
    return True


def _only_returned(v) -> bool:
    return all(
        isinstance(u, LLVM.ReturnOp)
        or (isinstance(u, LLVM.InsertValueOp) and u.operands[0] is v and _only_returned(u.results[0]))
        for u in v.users
    )


def llvm_result_slots(t: T.Type) -> list[Slot]:
    if isinstance(t, LT.LLVMVoidType):
        return []
    r = is_desc(t)
    if r is not None:
        return [Slot("memref", rank=r)]
    if is_unranked(t):
        return [Slot("unranked")]
    if isinstance(t, LT.LLVMStructType) and t.name is None:  # several results, packed
        return [s for f in t.fields for s in llvm_result_slots(f)]
    return [Slot("scalar", t)]


# -- marshaling ----------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def ctype_of(t: T.Type) -> Any:
    """The ctypes type whose memory layout matches LLVM type ``t`` on the
    host (i1 is a byte; half/bfloat are 16-bit words)."""
    if isinstance(t, T.IntegerType):
        w = t.width
        if w <= 8:
            return ctypes.c_uint8 if w == 1 else ctypes.c_int8
        if w <= 16:
            return ctypes.c_int16
        if w <= 32:
            return ctypes.c_int32
        if w <= 64:
            return ctypes.c_int64
        return ctypes.c_uint64 * ((w + 63) // 64)
    if isinstance(t, T.IndexType):
        return ctypes.c_int64
    if isinstance(t, T.FloatType):
        return {
            "f16": ctypes.c_uint16,
            "bf16": ctypes.c_uint16,
            "f32": ctypes.c_float,
            "f64": ctypes.c_double,
            "f80": ctypes.c_longdouble,
            "f128": ctypes.c_uint64 * 2,
        }[t.name]
    if isinstance(t, LT.LLVMPointerType):
        return ctypes.c_void_p
    if isinstance(t, LT.LLVMArrayType):
        return ctype_of(t.element_type) * t.num_elements
    if isinstance(t, T.VectorType):
        return ctype_of(t.element_type) * t.shape[0]
    if isinstance(t, LT.LLVMStructType):
        r = is_desc(t)
        if r is not None:
            return ranked_descriptor_type(r)
        if is_unranked(t):
            return UnrankedDescriptor
        ns: dict[str, Any] = {"_fields_": [(f"f{i}", ctype_of(f)) for i, f in enumerate(t.fields)]}
        if t.packed:
            ns["_pack_"] = 1
        return type("LLVMStruct", (ctypes.Structure,), ns)
    raise TypeError(f"cannot pass values of LLVM type '{t}' from Python")


def to_scalar(value: Any, t: T.Type, what: str) -> Any:
    ct = ctype_of(t)
    if isinstance(t, LT.LLVMPointerType):
        if value is None:
            return ct(None)
        if isinstance(value, np.ndarray):
            return ct(value.ctypes.data)
        if isinstance(value, int):
            return ct(value)
        raise TypeError(f"{what}: expected a pointer (int address, numpy array or None), got {type(value).__name__}")
    if isinstance(t, T.VectorType):
        arr = np.asarray(value)
        if arr.shape != (t.shape[0],):
            raise ValueError(f"{what}: expected a vector of {t.shape[0]} elements, got shape {arr.shape}")
        et = t.element_type
        return ct(*[to_scalar(x, et, what).value for x in arr.tolist()])
    if isinstance(t, T.IntegerType):
        if isinstance(value, (bool, np.bool_)):
            value = int(value)
        if isinstance(value, (float, np.floating)) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{what}: expected an integer for '{t}', got {type(value).__name__}")
        v = int(value)
        w = t.width
        if not -(1 << (w - 1)) <= v < (1 << w) if w > 1 else v not in (0, 1):
            raise ValueError(f"{what}: {v} does not fit in '{t}'")
        if w == 1:
            return ct(v)
        v &= (1 << w) - 1
        if v >= 1 << (w - 1):
            v -= 1 << w
        return ct(v)
    if isinstance(t, T.FloatType):
        if not isinstance(value, (int, float, np.integer, np.floating)) or isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{what}: expected a number for '{t}', got {type(value).__name__}")
        if t == T.f16:
            return ct(int(np.array([value], np.float16).view(np.uint16)[0]))
        if t == T.bf16:
            bits = int(np.array([value], np.float32).view(np.uint32)[0])
            bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16  # round to nearest even
            return ct(bits & 0xFFFF)
        return ct(float(value))
    raise TypeError(f"{what}: cannot pass a value of LLVM type '{t}' from Python")


def from_scalar(obj: Any, slot: Slot) -> Any:
    """A Python value of a scalar result (a ctypes object or the int/float
    ctypes already converted a struct field to)."""
    t = slot.type
    mt = slot.mlir_type
    raw = obj.value if hasattr(obj, "value") else obj
    if isinstance(t, T.IntegerType):
        v = int(raw)
        if t.width == 1:
            return bool(v & 1)
        if isinstance(mt, T.IntegerType) and mt.signedness == "u":
            return v & ((1 << t.width) - 1)
        return v
    if isinstance(t, T.FloatType):
        if t == T.f16:
            return float(np.array([raw], np.uint16).view(np.float16)[0])
        if t == T.bf16:
            return float(np.array([int(raw) << 16], np.uint32).view(np.float32)[0])
        return float(raw)
    if isinstance(t, LT.LLVMPointerType):
        return raw
    if isinstance(t, T.VectorType):
        dt = _scalar_dtype(t.element_type)
        return np.array(list(obj), dtype=dt)
    return obj


def result_struct_type(results: Sequence[Slot]) -> Any:
    fields: list[tuple[str, Any]] = []  # ctypes field types
    for i, s in enumerate(results):
        if s.kind == "memref":
            fields.append((f"r{i}", ranked_descriptor_type(s.rank)))
        elif s.kind == "unranked":
            fields.append((f"r{i}", UnrankedDescriptor))
        else:
            fields.append((f"r{i}", ctype_of(s.type)))
    if len(fields) == 1:
        return type("Result", (ctypes.Structure,), {"_fields_": fields})
    return type("Results", (ctypes.Structure,), {"_fields_": fields})


def function_abi(functions: dict[str, Operation], name: str, sig: T.FunctionType | None = None) -> FunctionABI:
    """How to call ``name``: through its ``_mlir_ciface_`` wrapper when the
    module defines one, else in the expanded convention; argument kinds
    from the builtin signature ``sig`` when known, else from the code."""
    fn = functions.get(name)
    if fn is None:
        raise KeyError(f"no function '{name}' in the compiled module")
    ciface = functions.get("_mlir_ciface_" + name)
    use_ciface = ciface is not None and bool(ciface.regions and ciface.regions[0].blocks)
    callee = ciface if use_ciface and ciface is not None else fn
    ft = T.of_kind(fn.prop("function_type", A.TypeAttr).value, LT.LLVMFunctionType)
    cft = T.of_kind(callee.prop("function_type", A.TypeAttr).value, LT.LLVMFunctionType)
    if sig is not None:
        args = [slot_from_mlir(t) for t in sig.inputs]
        results = [slot_from_mlir(t) for t in sig.results]
    else:
        args = expanded_slots(fn)
        results = llvm_result_slots(ft.return_type)
        infer_result_dtypes(fn, results)
    by_ptr = (
        use_ciface
        and isinstance(cft.return_type, LT.LLVMVoidType)
        and bool(results)
        and len(cft.params) == len(args) + 1
    )
    if use_ciface and not by_ptr and len(cft.params) != len(args):
        use_ciface, callee, cft = False, fn, ft
    return FunctionABI(
        callee.prop("sym_name", A.StringAttr).value,
        args,
        results,
        use_ciface,
        by_ptr,
        list(cft.params),
        cft.return_type,
    )
