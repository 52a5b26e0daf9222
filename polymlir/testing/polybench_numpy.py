"""numpy forms of PolyBench kernels, for benchmarks: BLAS calls (through
numpy's matmul) for the linear-algebra kernels, whole-array sweeps for the
stencils and floyd-warshall. ``form(name, values)`` returns a no-argument
callable that computes the kernel's outputs in ``values``'s arrays in
place (so it is verified like every other variant); scratch is allocated
by ``form``, outside the timed call. Not every kernel has one (lu and
seidel-2d are sequential sweeps).

The BLAS forms compute what the kernel computes, not in its order, so
they agree with the reference to rounding, not bit for bit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .polybench_kernels import KERNELS

__all__ = ["NOTES", "form", "has_form"]

Form = Callable[[dict[str, Any]], Callable[[], None]]


def _gemm(d: dict[str, Any]) -> Callable[[], None]:
    A, B, C, al, be = d["A"], d["B"], d["C"], d["alpha"], d["beta"]
    T = np.empty_like(C)

    def f() -> None:
        np.matmul(A, B, out=T)
        np.multiply(T, al, out=T)
        np.multiply(C, be, out=C)
        np.add(C, T, out=C)

    return f


def _2mm(d: dict[str, Any]) -> Callable[[], None]:
    A, B, C, D, tmp, al, be = (d[k] for k in ("A", "B", "C", "D", "tmp", "alpha", "beta"))
    T = np.empty_like(D)

    def f() -> None:
        np.matmul(A, B, out=tmp)
        np.multiply(tmp, al, out=tmp)
        np.matmul(tmp, C, out=T)
        np.multiply(D, be, out=D)
        np.add(D, T, out=D)

    return f


def _3mm(d: dict[str, Any]) -> Callable[[], None]:
    def f() -> None:
        np.matmul(d["A"], d["B"], out=d["E"])
        np.matmul(d["C"], d["D"], out=d["F"])
        np.matmul(d["E"], d["F"], out=d["G"])

    return f


def _lower(d: dict[str, Any], product: Callable[[np.ndarray], object]) -> Callable[[], None]:
    """C's lower triangle := alpha * product + beta * C (the full product, as numpy has no dsyrk)."""
    C, al, be = d["C"], d["alpha"], d["beta"]
    T = np.empty_like(C)
    low = np.tri(C.shape[0], dtype=bool)

    def f() -> None:
        product(T)
        np.multiply(T, al, out=T)
        np.add(T, be * C, out=T)
        np.copyto(C, T, where=low)

    return f


def _syrk(d: dict[str, Any]) -> Callable[[], None]:
    A = d["A"]
    return _lower(d, lambda T: np.matmul(A, A.T, out=T))


def _syr2k(d: dict[str, Any]) -> Callable[[], None]:
    A, B = d["A"], d["B"]

    def product(T: np.ndarray) -> None:
        np.matmul(A, B.T, out=T)
        np.add(T, T.T.copy(), out=T)

    return _lower(d, product)


def _symm(d: dict[str, Any]) -> Callable[[], None]:
    A, B, C, al, be = d["A"], d["B"], d["C"], d["alpha"], d["beta"]
    T = np.empty_like(C)

    def f() -> None:  # A's lower triangle mirrored: the symmetric matrix symm reads
        S = np.tril(A) + np.tril(A, -1).T
        np.matmul(S, B, out=T)
        np.multiply(T, al, out=T)
        np.multiply(C, be, out=C)
        np.add(C, T, out=C)

    return f


def _trmm(d: dict[str, Any]) -> Callable[[], None]:
    A, B, al = d["A"], d["B"], d["alpha"]
    T = np.empty_like(B)

    def f() -> None:  # B := alpha * (I + strict lower(A))^T B, as a full gemm
        np.matmul(np.tril(A, -1).T, B, out=T)
        np.add(B, T, out=B)
        np.multiply(B, al, out=B)

    return f


def _doitgen(d: dict[str, Any]) -> Callable[[], None]:
    A, C4 = d["A"], d["C4"]
    A2 = A.reshape(-1, A.shape[-1])
    T = np.empty_like(A2)

    def f() -> None:
        np.matmul(A2, C4, out=T)
        np.copyto(A2, T)
        np.copyto(d["sum"], T[-1])

    return f


def _atax(d: dict[str, Any]) -> Callable[[], None]:
    def f() -> None:
        np.matmul(d["A"], d["x"], out=d["tmp"])
        np.matmul(d["tmp"], d["A"], out=d["y"])

    return f


def _bicg(d: dict[str, Any]) -> Callable[[], None]:
    def f() -> None:
        np.matmul(d["r"], d["A"], out=d["s"])
        np.matmul(d["A"], d["p"], out=d["q"])

    return f


def _mvt(d: dict[str, Any]) -> Callable[[], None]:
    A, x1, x2 = d["A"], d["x1"], d["x2"]
    t = np.empty_like(x1)

    def f() -> None:
        np.matmul(A, d["y_1"], out=t)
        np.add(x1, t, out=x1)
        np.matmul(d["y_2"], A, out=t)
        np.add(x2, t, out=x2)

    return f


def _gesummv(d: dict[str, Any]) -> Callable[[], None]:
    A, B, x, y, tmp, al, be = (d[k] for k in ("A", "B", "x", "y", "tmp", "alpha", "beta"))

    def f() -> None:
        np.matmul(A, x, out=tmp)
        np.matmul(B, x, out=y)
        np.multiply(y, be, out=y)
        np.add(y, al * tmp, out=y)

    return f


def _covariance(d: dict[str, Any]) -> Callable[[], None]:
    data, cov, mean, fn = d["data"], d["cov"], d["mean"], d["float_n"]

    def f() -> None:
        np.sum(data, axis=0, out=mean)
        np.divide(mean, fn, out=mean)
        np.subtract(data, mean, out=data)
        np.matmul(data.T, data, out=cov)
        np.divide(cov, fn - 1.0, out=cov)

    return f


def _sweeps(name: str) -> Form:
    """The reference itself, where it is whole-array numpy sweeps."""

    def make(d: dict[str, Any]) -> Callable[[], None]:
        sizes = d["__sizes__"]
        ref = KERNELS[name].ref
        assert ref is not None

        def f() -> None:
            ref(d, sizes)

        return f

    return make


_FORMS: dict[str, Form] = {
    "gemm": _gemm,
    "2mm": _2mm,
    "3mm": _3mm,
    "syrk": _syrk,
    "syr2k": _syr2k,
    "symm": _symm,
    "trmm": _trmm,
    "doitgen": _doitgen,
    "atax": _atax,
    "bicg": _bicg,
    "mvt": _mvt,
    "gesummv": _gesummv,
    "covariance": _covariance,
    **{k: _sweeps(k) for k in ("jacobi-1d", "jacobi-2d", "heat-3d", "fdtd-2d", "floyd-warshall")},
}

NOTES = {
    "syrk": "full A*A^T (2x flops)",
    "syr2k": "full A*B^T (2x flops)",
    "symm": "full gemm",
    "trmm": "full gemm (2x flops)",
    "covariance": "full data^T*data",
    "floyd-warshall": "one array op per k",
}


def has_form(name: str) -> bool:
    return name in _FORMS


def form(name: str, values: dict[str, Any], sizes: dict[str, int]) -> Callable[[], None]:
    """A callable computing kernel ``name`` on ``values`` in place."""
    return _FORMS[name]({**values, "__sizes__": sizes})
