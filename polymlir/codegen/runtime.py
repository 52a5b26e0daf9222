"""The runtime library JIT'd code calls: upstream's ``mlir_runner_utils``
and ``mlir_c_runner_utils`` functions, written in Python.

``printMemrefF32`` & co., ``printF32``, ``printNewline``, ``printComma``,
``printOpen``/``printClose``, ``printString``, ``printI64``/``printU64``
(what ``vector.print`` lowers to), ``printFlops``, ``rtclock``,
``verifyMemRef*``, ``memrefCopy`` and friends print byte for byte what
upstream's C++ prints (C++ iostream/printf ``%g`` float formatting, the
memref layout with its odd spacing). Output goes through Python's
``sys.stdout`` (flushed after each call, so it interleaves correctly with
Python's own prints and with C ``stdout``); ``printFlops`` and verifier
reports go to ``sys.stderr``.

``register()`` makes every function visible to LLVM's JIT symbol lookup
(``llvmlite.binding.add_symbol``); ``SYMBOLS`` maps names to addresses.
The memref formatting is usable on its own: ``format_memref(array)``.
"""

from __future__ import annotations

import ctypes
import math
import struct
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from . import memref_abi as M

__all__ = ["register", "SYMBOLS", "format_memref", "format_scalar", "flush_each_call"]

# Flush sys.stdout after every runtime call (keeps the order with output of
# C code; set to False for long printing loops when that does not matter).
flush_each_call = True

_P = ctypes.POINTER(M.UnrankedDescriptor)


_broken_pipe = False


def _out(text: str | bytes) -> None:
    global _broken_pipe
    if _broken_pipe:
        return
    try:
        _write(text)
    except BrokenPipeError:  # the reader went away: stop printing, as C's stdio would
        _broken_pipe = True


def _write(text: str | bytes) -> None:
    out = sys.stdout
    if isinstance(text, bytes):
        buf = getattr(out, "buffer", None)
        if buf is not None:
            out.flush()
            buf.write(text)
        else:
            out.write(text.decode("latin-1"))
    else:
        out.write(text)
    if flush_each_call:
        out.flush()


# -- scalar formatting ----------------------------------------------------------------


def format_g(v: float) -> str:
    """C's ``%g`` (and C++ ``ostream << double``, precision 6)."""
    if math.isnan(v):
        return "-nan" if math.copysign(1.0, v) < 0 else "nan"
    return f"{v:g}"


def _bf16_to_float(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", (int(bits) & 0xFFFF) << 16))[0]


def _f16_to_float(bits: int) -> float:
    return float(np.array([int(bits) & 0xFFFF], dtype=np.uint16).view(np.float16)[0])


def format_scalar(v: Any, kind: str) -> str:
    """One element as ``ostream << element`` prints it. ``kind``: the
    runtime suffix (``F32``, ``I8``, ``C64``, ``Ind``, ...)."""
    if kind in ("F32", "F64", "F16"):
        return format_g(float(v))
    if kind == "BF16":
        if isinstance(v, (np.integer, int)):
            return format_g(_bf16_to_float(int(v)))
        return format_g(float(v))
    if kind in ("C32", "C64"):
        return f"({format_g(float(v.real))},{format_g(float(v.imag))})"
    if kind == "I8":
        return bytes([int(v) & 0xFF]).decode("latin-1")  # ostream << int8_t prints a char
    return str(int(v))


_KIND_DTYPES = {
    "I8": np.int8,
    "I16": np.int16,
    "I32": np.int32,
    "I64": np.int64,
    "Ind": np.uint64,
    "F16": np.float16,
    "BF16": np.uint16,
    "F32": np.float32,
    "F64": np.float64,
    "C32": np.complex64,
    "C64": np.complex128,
}


def _data_str(a: np.ndarray, kind: str) -> str:
    """The ``data = `` part of upstream's ``MemRefDataPrinter``."""
    flat = a.reshape(-1).tolist() if a.size and kind != "BF16" else list(a.reshape(-1))
    return layout_cells([format_scalar(x, kind) for x in flat], a.shape)


def layout_cells(cells: list[str], shape: tuple[int, ...]) -> str:
    """Formatted elements (row-major) laid out as upstream prints memrefs:
    ``[[a,   b], \n [c,   d]]`` (the spacing depends on the depth)."""
    rank = len(shape)
    if rank == 0:
        return "[" + cells[0] + "]"
    if 0 in shape:
        # Upstream reads (out of bounds) the first element of an empty
        # memref; print the brackets only.
        return "[" * rank + "]" * rank
    it = iter(cells)
    parts: list[str] = []
    w = parts.append

    def rec(sub: tuple[int, ...], dim: int) -> None:
        if dim == 0:
            w(next(it))
            return
        n = sub[0]
        w("[")
        rec(sub[1:], dim - 1)
        if n <= 1:
            w("]")
            return
        w(", ")
        if dim > 1:
            w("\n")
        pad = " " * (rank - dim + 1)
        for _ in range(1, n - 1):
            w(pad)
            rec(sub[1:], dim - 1)
            w(", ")
            if dim > 1:
                w("\n")
        w(pad)
        rec(sub[1:], dim - 1)
        w("]")

    rec(tuple(shape), rank)
    return "".join(parts)


def _meta_str(base: int, rank: int, offset: int, sizes, strides) -> str:
    ptr = hex(base) if base else "0"
    return (
        f"base@ = {ptr} rank = {rank} offset = {offset} sizes = [{', '.join(str(s) for s in sizes)}] "
        f"strides = [{', '.join(str(s) for s in strides)}]"
    )


def format_memref(
    a: np.ndarray, kind: str | None = None, base: int | None = None, offset: int = 0, unranked: bool = True
) -> str:
    """What ``printMemref*`` prints for ``a`` (with the trailing newline)."""
    if kind is None:
        kind = {np.dtype(v): k for k, v in _KIND_DTYPES.items() if k not in ("Ind", "BF16")}.get(a.dtype, "F64")
    item = a.itemsize
    strides = [s // item for s in a.strides]
    head = ("Unranked Memref " if unranked else "Memref ") + _meta_str(
        a.ctypes.data - offset * item if base is None else base, a.ndim, offset, a.shape, strides
    )
    return head + " data = \n" + _data_str(a, kind) + "\n"


def _ranked_view(d: M.RankedDescriptor, dtype) -> tuple[np.ndarray, int, int, list, list]:
    rank = type(d).rank
    sizes = list(d.sizes) if rank else []
    strides = list(d.strides) if rank else []
    arr = (
        M.array_from_pointer(d.aligned or 0, d.offset, sizes, strides, dtype)
        if (d.aligned or not all(sizes))
        else np.empty(tuple(sizes), dtype)
    )
    return arr, d.aligned or 0, d.offset, sizes, strides


def _print_ranked(d: M.RankedDescriptor, kind: str, prefix: str) -> None:
    arr, base, offset, sizes, strides = _ranked_view(d, _KIND_DTYPES[kind])
    text = prefix + _meta_str(base, type(d).rank, offset, sizes, strides) + " data = \n" + _data_str(arr, kind) + "\n"
    _emit_with_chars(text, kind)


def _emit_with_chars(text: str, kind: str) -> None:
    if kind == "I8":
        _out(text.encode("latin-1"))
    else:
        _out(text)


def _print_unranked(u: M.UnrankedDescriptor, kind: str) -> None:
    _print_ranked(M.ranked_at(u.descriptor, u.rank), kind, "Unranked Memref ")


def _print_shape(u: M.UnrankedDescriptor) -> None:
    d = M.ranked_at(u.descriptor, u.rank)
    rank = u.rank
    sizes = list(d.sizes) if rank else []
    strides = list(d.strides) if rank else []
    _out("Unranked Memref " + _meta_str(d.aligned or 0, rank, d.offset, sizes, strides) + "\n")


# -- verification ------------------------------------------------------------------------


def _verify(actual: M.UnrankedDescriptor, expected: M.UnrankedDescriptor, kind: str) -> int:
    da = M.ranked_at(actual.descriptor, actual.rank)
    de = M.ranked_at(expected.descriptor, expected.rank)
    rank = actual.rank
    for i in range(rank):
        if (
            expected.rank != rank
            or da.offset != de.offset
            or da.sizes[i] != de.sizes[i]
            or da.strides[i] != de.strides[i]
        ):
            sys.stdout.flush()
            for d, r in ((da, rank), (de, expected.rank)):
                sizes = list(d.sizes) if r else []
                strides = list(d.strides) if r else []
                sys.stderr.write(_meta_str(d.aligned or 0, r, d.offset, sizes, strides))
            sys.stderr.flush()
            return -1
    dt = _KIND_DTYPES[kind]
    a = _ranked_view(da, dt)[0]
    e = _ranked_view(de, dt)[0]
    errors = 0
    printed = 0
    with np.errstate(all="ignore"):
        if kind in ("F32", "F64"):
            eps = 1e-6 if kind == "F32" else 1e-12
            af = a.astype(np.float64 if kind == "F64" else np.float32)
            ef = e.astype(af.dtype)
            ok = np.isfinite(af) & np.isfinite(ef) & (np.abs(af - ef) <= af.dtype.type(eps) * np.abs(ef))
        else:
            ok = a == e
    bad = np.argwhere(~np.asarray(ok)) if a.ndim else ([()] if not bool(ok) else [])
    strides = list(da.strides) if rank else []
    for idx in bad:
        errors += 1
        if printed < 10:
            pos = tuple(int(i) for i in idx)
            off = da.offset + sum(i * s for i, s in zip(pos, strides, strict=True))
            sys.stderr.write(f"{format_scalar(a[pos], kind)} != {format_scalar(e[pos], kind)} offset = {off}\n")
            printed += 1
    sys.stderr.flush()
    return errors


def _memref_copy(elem_size: int, src: M.UnrankedDescriptor, dst: M.UnrankedDescriptor) -> None:
    ds = M.ranked_at(src.descriptor, src.rank)
    dd = M.ranked_at(dst.descriptor, dst.rank)
    rank = src.rank
    sizes = list(ds.sizes) if rank else []
    if any(s == 0 for s in sizes):
        return
    dt = np.dtype((np.void, int(elem_size)))
    s = M.array_from_pointer(ds.aligned, ds.offset, sizes, list(ds.strides) if rank else [], dt)
    d = M.array_from_pointer(
        dd.aligned, dd.offset, list(dd.sizes) if rank else [], list(dd.strides) if rank else [], dt
    )
    d[...] = s


# -- the exported functions -----------------------------------------------------------------

_KEEP: list[Any] = []
SYMBOLS: dict[str, int] = {}


def _export(name: str, restype, *argtypes) -> Callable[[Callable], Callable]:
    def deco(fn: Callable) -> Callable:
        def wrapped(*args):
            try:
                return fn(*args)
            except Exception as e:  # never unwind into JIT'd code
                sys.stdout.flush()
                sys.stderr.write(f"polymlir runtime: error in {name}: {type(e).__name__}: {e}\n")
                sys.stderr.flush()
                return 0 if restype is not None else None

        cb = ctypes.CFUNCTYPE(restype, *argtypes)(wrapped)
        _KEEP.append(cb)
        addr = ctypes.cast(cb, ctypes.c_void_p).value
        assert addr is not None  # a live callback has an address
        SYMBOLS[name] = addr
        return fn

    return deco


_export("printI64", None, ctypes.c_int64)(lambda v: _out(str(v)))
_export("printU64", None, ctypes.c_uint64)(lambda v: _out(str(v)))
_export("printF32", None, ctypes.c_float)(lambda v: _out(format_g(v)))
_export("printF64", None, ctypes.c_double)(lambda v: _out(format_g(v)))
_export("printF16", None, ctypes.c_uint16)(lambda b: _out(format_g(_f16_to_float(b))))
_export("printBF16", None, ctypes.c_uint16)(lambda b: _out(format_g(_bf16_to_float(b))))
_export("printOpen", None)(lambda: _out("( "))
_export("printClose", None)(lambda: _out(" )"))
_export("printComma", None)(lambda: _out(", "))
_export("printNewline", None)(lambda: _out("\n"))
_export("printString", None, ctypes.c_void_p)(lambda s: _out(ctypes.string_at(s) if s else b""))
_export("printCString", None, ctypes.c_void_p)(lambda s: _out(ctypes.string_at(s) if s else b""))


@_export("puts", ctypes.c_int, ctypes.c_void_p)
def _puts(s: int | None) -> int:
    _out((ctypes.string_at(s) if s else b"") + b"\n")
    return 1


@_export("printFlops", None, ctypes.c_double)
def _print_flops(flops: float) -> None:
    sys.stdout.flush()
    sys.stderr.write("%f GFLOPS\n" % (flops / 1.0e9))
    sys.stderr.flush()


_export("rtclock", ctypes.c_double)(lambda: time.time())
_export("_mlir_ciface_nanoTime", ctypes.c_int64)(lambda: time.time_ns())
_export("memrefCopy", None, ctypes.c_int64, _P, _P)(lambda n, s, d: _memref_copy(n, s.contents, d.contents))

for _k in _KIND_DTYPES:
    _export(f"_mlir_ciface_printMemref{_k}", None, _P)(lambda u, k=_k: _print_unranked(u.contents, k))
    _export(f"printMemref{_k}", None, ctypes.c_int64, ctypes.c_void_p)(
        lambda r, p, k=_k: _print_unranked(M.UnrankedDescriptor(r, p), k)
    )
    _export(f"_mlir_ciface_printMemrefShape{_k}", None, _P)(lambda u: _print_shape(u.contents))
    _export(f"_mlir_ciface_verifyMemRef{_k}", ctypes.c_int64, _P, _P)(
        lambda a, e, k=_k: _verify(a.contents, e.contents, k)
    )
    _export(f"verifyMemRef{_k}", ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p)(
        lambda r, a, e, k=_k: _verify(M.UnrankedDescriptor(r, a), M.UnrankedDescriptor(r, e), k)
    )


def _ranked_printer(rank: int, kind: str) -> Callable:
    return lambda p: _print_ranked(M.ranked_at(p, rank), kind, "Memref ")


for _r in range(5):
    _export(f"_mlir_ciface_printMemref{_r}dF32", None, ctypes.c_void_p)(_ranked_printer(_r, "F32"))
for _k in ("I8", "I32", "I64", "F64", "Ind", "C32", "C64"):
    _export(f"_mlir_ciface_printMemref1d{_k}", None, ctypes.c_void_p)(_ranked_printer(1, _k))


def _vector_str(vals: list, dims: tuple[int, ...]) -> str:
    """upstream's ``VectorDataPrinter`` for a ``Vector<float, dims...>``."""
    m = dims[0]
    rest = dims[1:]
    step = len(vals) // m
    elems = [_vector_str(vals[i * step : (i + 1) * step], rest) if rest else format_g(vals[i]) for i in range(m)]
    nl = "\n" if len(rest) > 1 else ""
    s = "(" + elems[0]
    if m > 1:
        s += ", "
    s += nl
    for i in range(1, m - 1):
        s += " " * (2 * len(rest)) + elems[i] + ", " + nl
    if m > 1:
        s += " " * len(rest) + elems[m - 1]
    return s + ")"


@_export("_mlir_ciface_printMemrefVector4x4xf32", None, ctypes.c_void_p)
def _print_vector_memref(p: int) -> None:
    d = M.ranked_at(p, 2)
    sizes, strides = list(d.sizes), list(d.strides)
    vt = np.dtype((np.float32, (4, 4)))
    arr = M.array_from_pointer(d.aligned, d.offset, sizes, strides, vt) if all(sizes) else None
    cells = []
    if arr is not None:
        for idx in np.ndindex(*sizes):
            cells.append(_vector_str([float(x) for x in arr[idx].reshape(-1)], (4, 4)))
    text = (
        "Memref "
        + _meta_str(d.aligned or 0, 2, d.offset, sizes, strides)
        + " data = \n"
        + layout_cells(cells, tuple(sizes))
        + "\n"
    )
    _out(text)


_registered = False


def register() -> None:
    """Make the runtime functions (and libc's allocation functions under
    upstream's ``mlirAlloc``-style names) visible to JIT'd code."""
    global _registered
    if _registered:
        return
    import llvmlite.binding as llvm  # loads LLVM: only when an engine is built (start-up time)

    c = M.libc()
    extra = {"mlirAlloc": "malloc", "mlirFree": "free", "mlirAlignedFree": "free", "mlirAlignedAlloc": "aligned_alloc"}
    for alias, real in extra.items():
        addr = ctypes.cast(getattr(c, real), ctypes.c_void_p).value
        if addr:
            SYMBOLS.setdefault(alias, addr)
    for name, addr in SYMBOLS.items():
        llvm.add_symbol(name, addr)
    _registered = True
