"""The anchors polymlir is measured against, built from a kernel's text and
called from Python: C compiled by clang (plain, Polly, Polly with the
stripmine vectorizer), and affine MLIR through upstream ``mlir-opt`` /
``mlir-translate`` / clang (optionally tiled by ``-affine-loop-tile``).

::

    so = build_c(pb.render_c("gemm", sizes), build_dir, POLLY)
    call = bind_c(so, "kernel", pb.call_args("gemm", args))     # plain pointers
    so = build_mlir(pb.render("gemm", sizes), build_dir, TILE32)
    call = bind_mlir(so, pb.call_args("gemm", args))             # memref descriptors
    call()                                                       # runs on the arrays in place

Tools: ``$CLANG``, ``$MLIR_OPT``, ``$MLIR_TRANSLATE``, else ``clang-22`` /
``clang`` / ``cc`` (C only), ``mlir-opt-22`` / ``mlir-opt``, ... on PATH.
Builds are cached in ``build_dir`` by a hash of the text and the flags."""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "CLANG_O3",
    "MLIR_LOWERING",
    "POLLY",
    "POLLY_STRIPMINE",
    "TILE32",
    "BuildError",
    "Call",
    "bind_c",
    "bind_mlir",
    "build_c",
    "build_mlir",
    "find_tool",
    "memref_descriptor",
]

CFLAGS = ["-O3", "-march=native", "-fno-math-errno"]
CLANG_O3: list[str] = []
POLLY = ["-mllvm", "-polly"]
POLLY_STRIPMINE = ["-mllvm", "-polly", "-mllvm", "-polly-vectorizer=stripmine"]
TILE32 = ["-affine-loop-tile=tile-size=32"]
# The lowering of the shared bench's ANCHORS.md (upstream mlir-opt 22, C interface wrappers).
MLIR_LOWERING = [
    "-llvm-request-c-wrappers",
    "-lower-affine",
    "-convert-scf-to-cf",
    "-convert-math-to-llvm",
    "-finalize-memref-to-llvm",
    "-convert-arith-to-llvm",
    "-convert-func-to-llvm",
    "-convert-cf-to-llvm",
    "-reconcile-unrealized-casts",
]

_CANDIDATES = {
    "clang": ("CLANG", ["clang-22", "clang"]),
    "cc": ("CLANG", ["clang-22", "clang", "cc", "gcc"]),
    "mlir-opt": ("MLIR_OPT", ["mlir-opt-22", "mlir-opt"]),
    "mlir-translate": ("MLIR_TRANSLATE", ["mlir-translate-22", "mlir-translate"]),
}


class BuildError(RuntimeError):
    """A tool failed: the command and the first lines of its error output."""


def find_tool(name: str) -> str | None:
    """The path of ``name`` (``clang``, ``cc`` for any C compiler,
    ``mlir-opt``, ``mlir-translate``): its environment variable, else the
    first candidate on PATH; None when there is none."""
    env, names = _CANDIDATES[name]
    if os.environ.get(env):
        return os.environ[env]
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    return None


def _need(name: str) -> str:
    p = find_tool(name)
    if p is None:
        raise BuildError(f"{name} not found (set ${_CANDIDATES[name][0]} or put {_CANDIDATES[name][1][0]} on PATH)")
    return p


def _run(cmd: Sequence[str]) -> None:
    p = subprocess.run(list(cmd), capture_output=True, text=True)
    if p.returncode != 0:
        raise BuildError(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stderr[:3000]}")


def _stamp(*parts: str) -> str:
    return hashlib.sha1("\0".join(parts).encode()).hexdigest()[:12]


def build_c(source: str, build_dir: str | Path, extra: Sequence[str] = (), opt: Sequence[str] = CFLAGS) -> Path:
    """Compile C text to a shared library (``opt`` then ``extra`` flags);
    returns its path. Polly flags need clang; other flags any C compiler."""
    cc = _need("clang" if any("polly" in f for f in extra) else "cc")
    flags = [*opt, *extra, "-shared", "-fPIC"]
    d = Path(build_dir)
    d.mkdir(parents=True, exist_ok=True)
    so = d / f"c-{_stamp(source, cc, *flags)}.so"
    if not so.exists():
        src = d / f"{so.stem}.c"
        src.write_text(source)
        _run([cc, *flags, str(src), "-o", str(so) + ".tmp", "-lm"])
        os.replace(str(so) + ".tmp", so)
    return so


def build_mlir(text: str, build_dir: str | Path, pre_passes: Sequence[str] = (), opt: Sequence[str] = CFLAGS) -> Path:
    """Affine MLIR text -> ``mlir-opt`` (``pre_passes`` then
    ``MLIR_LOWERING``) -> ``mlir-translate --mlir-to-llvmir`` -> clang
    ``opt`` -> shared library with ``_mlir_ciface_<func>`` entry points."""
    mlir_opt, translate, clang = _need("mlir-opt"), _need("mlir-translate"), _need("clang")
    passes = [*pre_passes, *MLIR_LOWERING]
    d = Path(build_dir)
    d.mkdir(parents=True, exist_ok=True)
    base = d / f"mlir-{_stamp(text, *passes, *opt)}"
    so = d / f"{base.name}.so"
    if not so.exists():
        src = d / f"{base.name}.mlir"
        src.write_text(text)
        _run([mlir_opt, str(src), *passes, "-o", f"{base}.llvm.mlir"])
        _run([translate, "--mlir-to-llvmir", f"{base}.llvm.mlir", "-o", f"{base}.ll"])
        _run([clang, *opt, "-Wno-override-module", "-shared", "-fPIC", f"{base}.ll", "-o", f"{so}.tmp"])
        os.replace(f"{so}.tmp", so)
    return so


_MEMREFS: dict[int, type[ctypes.Structure]] = {}


def _memref_struct(rank: int) -> type[ctypes.Structure]:
    """MLIR's ranked memref descriptor: allocated, aligned, offset, sizes, strides."""
    if rank not in _MEMREFS:
        fields = [
            ("allocated", ctypes.c_void_p),
            ("aligned", ctypes.c_void_p),
            ("offset", ctypes.c_int64),
            ("sizes", ctypes.c_int64 * rank),
            ("strides", ctypes.c_int64 * rank),
        ]
        _MEMREFS[rank] = type(f"MemRef{rank}D", (ctypes.Structure,), {"_fields_": fields})
    return _MEMREFS[rank]


def memref_descriptor(a: np.ndarray) -> ctypes.Structure:
    """A descriptor viewing ``a`` (C-contiguous float64)."""
    if a.dtype != np.float64 or not a.flags.c_contiguous:
        raise ValueError("memref_descriptor needs a C-contiguous float64 array")
    d = _memref_struct(a.ndim)()
    d.allocated = d.aligned = a.ctypes.data
    d.offset = 0
    for i, (n, st) in enumerate(zip(a.shape, a.strides, strict=True)):
        d.sizes[i] = n
        d.strides[i] = st // a.itemsize
    return d


class Call:
    """A compiled function bound to fixed arguments: ``call()`` runs it on
    them (arrays updated in place). Keeps the library and arrays alive."""

    def __init__(self, fn: Callable[..., Any], cargs: list[Any], keep: list[Any]):
        self.fn, self.cargs, self._keep = fn, cargs, keep

    def __call__(self) -> None:
        self.fn(*self.cargs)


def _bind(so: str | Path, symbol: str, args: Sequence[Any], array: Callable[[np.ndarray], Any]) -> Call:
    lib = ctypes.CDLL(str(so), mode=os.RTLD_NOW | getattr(os, "RTLD_LOCAL", 0))
    fn = getattr(lib, symbol)
    fn.restype = None
    types: list[Any] = []
    cargs: list[Any] = []
    keep: list[Any] = [lib, list(args)]
    for a in args:
        if isinstance(a, np.ndarray):
            c = array(a)
            keep.append(c)
            types.append(ctypes.c_void_p)
            cargs.append(ctypes.c_void_p(ctypes.addressof(c)) if isinstance(c, ctypes.Structure) else c)
        else:
            types.append(ctypes.c_double)
            cargs.append(ctypes.c_double(float(a)))
    fn.argtypes = types
    return Call(fn, cargs, keep)


def bind_c(so: str | Path, symbol: str, args: Sequence[Any]) -> Call:
    """``symbol`` of a C library, taking arrays as pointers, scalars as doubles."""
    return _bind(so, symbol, args, lambda a: ctypes.c_void_p(a.ctypes.data))


def bind_mlir(so: str | Path, args: Sequence[Any], func: str = "kernel") -> Call:
    """``_mlir_ciface_<func>`` of an upstream-lowered library, taking each
    memref as a pointer to its descriptor, scalars as doubles."""
    return _bind(so, f"_mlir_ciface_{func}", args, memref_descriptor)
