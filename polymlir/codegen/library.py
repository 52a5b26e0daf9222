"""Library calls of JIT'd code implemented in Python.

``convert-linalg-to-std`` turns a linalg op into ``func.call @name(...)`` of
an external ``func.func private @name`` with ``llvm.emit_c_interface``; the
LLVM lowering then calls ``_mlir_ciface_name`` with a pointer to each
memref descriptor. This module binds such functions to Python callables,
which receive each memref as a numpy array viewing the caller's memory
(writes are seen by the compiled code) and each scalar as a number::

    import polymlir, numpy as np

    def pointwise_add(a, b, c):          # memref<?x?xf32> views
        c[...] = a + b

    engine = polymlir.compile(module, library={"pointwise_add": pointwise_add})

``compile(..., library={name: fn})`` binds ``fn`` for that compilation and
first converts the module's linalg ops whose library name (a generic's
``library_call``, a named op's mangled name) is in the mapping;
``register_library_call(name, fn)`` does the same for every later
compilation. A name ending in ``*`` is a prefix (``"linalg_matmul_view*"``
matches every matmul's mangled name). Numpy implementations of
``linalg.matmul``, ``batch_matmul``, ``fill`` and ``copy`` ship
(`NUMPY_LIBRARY`); they bind calls a module already makes, but do not
convert ops by themselves.

An exception raised by a library function cannot unwind through compiled
code: it is kept, the call returns, and ``ExecutionEngine.invoke`` raises it
when the outer call returns (`raise_pending`).
"""

from __future__ import annotations

import ctypes
import fnmatch
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..dialects.func import FuncOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Operation
from ..ir.diagnostics import DiagnosticError
from ..transforms.linalg.library_call import C_INTERFACE, convert_to_library_calls, library_call_name
from . import memref_abi as M

__all__ = [
    "register_library_call",
    "unregister_library_call",
    "registered_library_calls",
    "NUMPY_LIBRARY",
    "numpy_matmul",
    "numpy_fill",
    "numpy_copy",
    "bind_library_calls",
    "convert_bound_ops",
    "raise_pending",
    "LibraryCallError",
]

LibraryFn = Callable[..., Any]
_REGISTRY: dict[str, LibraryFn] = {}


class LibraryCallError(DiagnosticError):
    """A library function is called but nothing implements it."""


def register_library_call(name: str, fn: LibraryFn) -> None:
    """Implement library function ``name`` (or every name with the prefix
    before a final ``*``) by ``fn`` in every later ``compile``."""
    _REGISTRY[name] = fn


def unregister_library_call(name: str) -> None:
    _REGISTRY.pop(name, None)


def registered_library_calls() -> dict[str, LibraryFn]:
    return dict(_REGISTRY)


# -- the numpy library --------------------------------------------------------------------


def numpy_matmul(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> None:
    """``C += A @ B`` (matmul and batch_matmul), in C's element type."""
    c += (a @ b).astype(c.dtype, copy=False)


def numpy_fill(value: Any, out: np.ndarray) -> None:
    out[...] = value


def numpy_copy(src: np.ndarray, dst: np.ndarray) -> None:
    dst[...] = src


NUMPY_LIBRARY: dict[str, LibraryFn] = {
    "linalg_matmul_view*": numpy_matmul,
    "linalg_batch_matmul_view*": numpy_matmul,
    "linalg_fill_*": numpy_fill,
    "linalg_copy_view*": numpy_copy,
}


def _lookup(name: str, tables: list[dict[str, LibraryFn]]) -> LibraryFn | None:
    for table in tables:
        fn = table.get(name)
        if fn is not None:
            return fn
        for pattern, f in table.items():
            if pattern.endswith("*") and fnmatch.fnmatchcase(name, pattern):
                return f
    return None


# -- binding -------------------------------------------------------------------------------


@dataclass
class _Param:
    """How one argument reaches Python: a memref (rank, dtype) or a scalar."""

    rank: int | None
    dtype: np.dtype | None
    ctype: Any


def _params(ftype: T.FunctionType) -> list[_Param]:
    out = []
    for t in ftype.inputs:
        if isinstance(t, T.MemRefType):
            out.append(_Param(len(t.shape), M.numpy_dtype(t.element_type), ctypes.c_void_p))
        else:
            out.append(_Param(None, None, M.ctype_of(t)))
    return out


_pending = threading.local()


def raise_pending() -> None:
    """Raise the exception a library function raised during the last call
    on this thread, if any."""
    e = getattr(_pending, "error", None)
    if e is not None:
        _pending.error = None
        raise e


def _callback(name: str, fn: LibraryFn, params: list[_Param]) -> Any:
    def call(*raw):
        try:
            args = []
            for p, v in zip(params, raw, strict=True):
                if p.rank is None:
                    args.append(v)
                else:
                    args.append(M.array_from_descriptor(M.ranked_at(v, p.rank), p.dtype))
            fn(*args)
        except BaseException as e:  # never unwind into compiled code
            if getattr(_pending, "error", None) is None:
                _pending.error = RuntimeError(f"library function '{name}' failed: {type(e).__name__}: {e}")
                _pending.error.__cause__ = e

    return ctypes.CFUNCTYPE(None, *[p.ctype for p in params])(call)


def _declarations(module: Operation) -> list[tuple[str, T.FunctionType, Operation]]:
    body = module.regions[0].blocks[0].operations if module.regions and module.regions[0].blocks else []
    out: list[tuple[str, T.FunctionType, Operation]] = []
    for op in body:
        if not isinstance(op, FuncOp) or (op.regions and op.regions[0].blocks):
            continue
        if C_INTERFACE not in op.attributes:
            continue
        ft = T.of_kind(op.prop("function_type", A.TypeAttr).value, T.FunctionType)
        out.append((op.prop("sym_name", A.StringAttr).value, ft, op))
    return out


def convert_bound_ops(module: Operation, library: dict[str, LibraryFn] | None) -> int:
    """Convert the linalg ops whose library name ``library`` or the registry
    implements to calls (``convert-linalg-to-std`` restricted to them)."""
    tables = [t for t in (library or {}, _REGISTRY) if t]
    if not tables:
        return 0
    ops = [o for o in module.walk() if o.name.startswith("linalg.") and hasattr(o, "payload_block")]
    names = {library_call_name(o) for o in ops}
    wanted = {n for n in names if n is not None and _lookup(n, tables) is not None}
    if not wanted:
        return 0
    return len(convert_to_library_calls(module, callees=frozenset(wanted)))


def bind_library_calls(module: Operation, library: dict[str, LibraryFn] | None = None) -> tuple[list[Any], str]:
    """Make ``_mlir_ciface_<name>`` resolve, for every library function
    ``module`` declares, to its Python implementation (``library``, then
    the registry, then `NUMPY_LIBRARY`). Returns the callbacks (keep them
    alive as long as compiled code may call them) and a key naming the
    bindings (for caches). A declared library function nothing implements
    (neither Python nor the process) raises a located error."""
    import llvmlite.binding as llvm  # the JIT's own dependency, loaded with it

    tables = [library or {}, _REGISTRY, NUMPY_LIBRARY]
    keep: list[Any] = []
    key = []
    for name, ftype, op in _declarations(module):
        fn = _lookup(name, tables)
        symbol = f"_mlir_ciface_{name}"
        if fn is None:
            # A symbol an earlier compilation bound stays in LLVM's table:
            # it does not count as the process implementing it.
            native = symbol not in _OURS and bool(llvm.address_of_symbol(symbol))
            if not native and not llvm.address_of_symbol(name):
                raise LibraryCallError(
                    f"no implementation of library function '@{name}': pass compile(..., library={{'{name}': fn}}) "
                    "or register_library_call",
                    op.loc,
                )
            continue
        cb = _callback(name, fn, _params(ftype))
        keep.append(cb)
        _KEEP.append(cb)  # the symbol stays registered: so must the callback
        llvm.add_symbol(symbol, ctypes.cast(cb, ctypes.c_void_p).value)
        _OURS.add(symbol)
        key.append(f"{name}={id(fn)}")
    return keep, "\0".join(key)


_KEEP: list[Any] = []
_OURS: set[str] = set()
