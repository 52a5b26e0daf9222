"""The memref ABI: descriptors as ctypes structs, and numpy conversions.

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
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import weakref
from typing import Any, Sequence

import numpy as np

from ..ir import types as T

__all__ = ["ranked_descriptor_type", "UnrankedDescriptor", "numpy_dtype", "descriptor_from_array",
           "unranked_from_array", "array_from_descriptor", "array_from_pointer", "array_from_unranked", "libc"]

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


@functools.cache
def ranked_descriptor_type(rank: int) -> type[ctypes.Structure]:
    """The ctypes struct of a rank-``rank`` memref descriptor."""
    fields: list[tuple[str, Any]] = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                                     ("offset", ctypes.c_int64)]
    if rank:
        fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
    return type(f"MemRefDescriptor{rank}D", (ctypes.Structure,), {"_fields_": fields, "rank": rank})


class UnrankedDescriptor(ctypes.Structure):
    """``{i64 rank, void* descriptor}``: a memref of unknown rank."""

    _fields_ = [("rank", ctypes.c_int64), ("descriptor", ctypes.c_void_p)]


def _bf16():
    try:
        import ml_dtypes  # optional

        return np.dtype(ml_dtypes.bfloat16)
    except ImportError:  # raw bits
        return np.dtype(np.uint16)


_DTYPES: dict[str, Any] = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
                           "index": np.int64, "f16": np.float16, "f32": np.float32, "f64": np.float64}


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
        if t.name == "bf16":
            return _bf16()
        if t.name in _DTYPES:
            return np.dtype(_DTYPES[t.name])
    elif isinstance(t, T.ComplexType) and isinstance(t.element_type, T.FloatType):
        if t.element_type.name == "f32":
            return np.dtype(np.complex64)
        if t.element_type.name == "f64":
            return np.dtype(np.complex128)
    raise TypeError(f"memrefs of element type '{t}' have no numpy equivalent")


def _compatible(got: np.dtype, want: np.dtype) -> bool:
    if got == want:
        return True
    # Signless integers: the sign is the caller's business.
    return got.kind in "iu" and want.kind in "iu" and got.itemsize == want.itemsize


def descriptor_from_array(arr: np.ndarray, rank: int | None = None, dtype: Any = None,
                          shape: Sequence[int | None] | None = None, what: str = "argument",
                          strides: Sequence[int | None] | None = None, offset: int = 0,
                          contiguous: bool | Sequence[int] = False) -> ctypes.Structure:
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
        for i, (want_d, got_d) in enumerate(zip(shape, arr.shape)):
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
        for i, (want_s, got_s) in enumerate(zip(strides, elem_strides)):
            if want_s is None or arr.shape[i] <= 1:
                continue
            if want_s != got_s:
                kind = "a row-major contiguous array" if contiguous is True else f"stride {want_s} in dimension {i}"
                raise ValueError(f"{what}: the memref type needs {kind}, got element strides {tuple(elem_strides)} "
                                 f"(pass np.ascontiguousarray(...) or a view with those strides)")
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
    desc._keepalive = arr  # type: ignore[attr-defined]
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
    u._keepalive = ranked  # type: ignore[attr-defined]
    return u


class Allocation:
    """Owns a ``malloc``'d pointer; frees it when garbage collected."""

    def __init__(self, ptr: int) -> None:
        self.ptr = ptr
        self._fin = weakref.finalize(self, _free, ptr)


def _free(ptr: int) -> None:
    if ptr:
        libc().free(ptr)


def array_from_pointer(aligned: int, offset: int, sizes: Sequence[int], strides: Sequence[int], dtype: Any,
                       owner: object = None) -> np.ndarray:
    """A numpy view of memref data (``owner`` is kept alive by the view)."""
    dt = np.dtype(dtype)
    shape = tuple(int(s) for s in sizes)
    if any(s == 0 for s in shape):
        return np.empty(shape, dt)
    item = dt.itemsize
    bstrides = tuple(int(s) * item for s in strides)
    lo = hi = 0
    for n, st in zip(shape, bstrides):
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
    buf._owner = owner  # type: ignore[attr-defined]
    raw = np.frombuffer(buf, dtype=np.uint8)
    return np.ndarray(shape, dt, buffer=raw, offset=-lo, strides=bstrides)


def array_from_descriptor(desc: ctypes.Structure, dtype: Any, owner: object = None,
                          free_allocated: bool = False) -> np.ndarray:
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


def ranked_at(address: int, rank: int) -> ctypes.Structure:
    """The ranked descriptor stored at ``address``."""
    return ranked_descriptor_type(rank).from_address(address)


def array_from_unranked(u: UnrankedDescriptor, dtype: Any, owner: object = None) -> np.ndarray:
    """A numpy view of the memref an unranked descriptor points to."""
    d = ranked_at(u.descriptor, u.rank)
    return array_from_descriptor(d, dtype, owner=owner)
