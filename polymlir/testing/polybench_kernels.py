"""The PolyBench/C 4.2 kernels polymlir renders (``polybench.py``): each
kernel's arguments, its loop nests (written in the statement language of
``polybench_lang.py``; the bodies are in ``polybench_linalg.py``,
``polybench_stencils.py`` and ``polybench_medley.py``) and its numpy
reference; sizes for benchmarks (``BENCH_SIZES``) and flop counts
(``FLOPS``)."""

from __future__ import annotations

from collections.abc import Callable

from . import polybench_linalg, polybench_medley, polybench_stencils
from .polybench_lang import Arg, Body, Kernel, Value

__all__ = ["BENCH_SIZES", "FLOPS", "KERNELS", "Arg", "Body", "Kernel", "Value"]

_BODIES = {**polybench_linalg.BODIES, **polybench_stencils.BODIES, **polybench_medley.BODIES}


def _k(name: str, category: str, summary: str, args: str, outputs: str, writes: str, sizes: dict[str, int]) -> Kernel:
    parsed = tuple(
        Arg(a) if ":" not in a else Arg(a.split(":")[0], tuple(a.split(":")[1].split("x"))) for a in args.split()
    )
    body, ref = _BODIES[name]
    return Kernel(name, category, summary, parsed, tuple(outputs.split()), tuple(writes.split()), sizes, body, ref)


# args: "name" is an f64 scalar, "name:NIxNK" an array of that shape; sizes: PolyBench's MINI dataset.
# fmt: off
_TABLE = [
    ("gemm", "linear-algebra/blas", "C := alpha*A*B + beta*C",
     "alpha beta C:NIxNJ A:NIxNK B:NKxNJ", "C", "C", dict(NI=20, NJ=25, NK=30)),
    ("2mm", "linear-algebra/kernels", "D := alpha*A*B*C + beta*D (tmp = alpha*A*B)",
     "alpha beta tmp:NIxNJ A:NIxNK B:NKxNJ C:NJxNL D:NIxNL", "D", "tmp D", dict(NI=16, NJ=18, NK=22, NL=24)),
    ("syrk", "linear-algebra/blas", "C := alpha*A*A^T + beta*C (lower triangle)",
     "alpha beta C:NxN A:NxM", "C", "C", dict(M=20, N=30)),
    ("jacobi-2d", "stencils", "TSTEPS x (B := 5-point stencil of A; A := 5-point stencil of B)",
     "A:NxN B:NxN", "A", "A B", dict(TSTEPS=20, N=30)),
    ("seidel-2d", "stencils", "TSTEPS x in-place 9-point Gauss-Seidel sweep",
     "A:NxN", "A", "A", dict(TSTEPS=20, N=40)),
    ("lu", "linear-algebra/solvers", "in-place LU decomposition without pivoting",
     "A:NxN", "A", "A", dict(N=40)),
    ("heat-3d", "stencils", "TSTEPS x (B := 7-point heat stencil of A; A := the same of B)",
     "A:NxNxN B:NxNxN", "A", "A B", dict(TSTEPS=20, N=10)),
    ("fdtd-2d", "stencils", "TMAX steps of 2-D finite-difference time-domain (ex, ey, hz)",
     "ex:NXxNY ey:NXxNY hz:NXxNY _fict_:TMAX", "ex ey hz", "ex ey hz", dict(TMAX=20, NX=20, NY=30)),
    ("atax", "linear-algebra/kernels", "y := A^T * (A * x)",
     "A:MxN x:N y:N tmp:M", "y", "y tmp", dict(M=38, N=42)),
    ("mvt", "linear-algebra/kernels", "x1 := x1 + A*y_1; x2 := x2 + A^T*y_2",
     "x1:N x2:N y_1:N y_2:N A:NxN", "x1 x2", "x1 x2", dict(N=40)),
    ("trmm", "linear-algebra/blas", "B := alpha * A^T * B (A unit lower triangular)",
     "alpha A:MxM B:MxN", "B", "B", dict(M=20, N=30)),
    ("covariance", "datamining", "cov := covariance matrix of data's columns (data centered in place)",
     "float_n data:NxM cov:MxM mean:M", "cov", "cov mean data", dict(M=28, N=32)),
    ("gesummv", "linear-algebra/blas", "y := alpha*A*x + beta*B*x",
     "alpha beta A:NxN B:NxN tmp:N x:N y:N", "y", "tmp y", dict(N=30)),
    ("jacobi-1d", "stencils", "TSTEPS x (B := 3-point average of A; A := the same of B)",
     "A:N B:N", "A", "A B", dict(TSTEPS=20, N=30)),
    ("3mm", "linear-algebra/kernels", "G := (A*B)*(C*D) (E = A*B, F = C*D)",
     "E:NIxNJ A:NIxNK B:NKxNJ F:NJxNL C:NJxNM D:NMxNL G:NIxNL", "G", "E F G",
     dict(NI=16, NJ=18, NK=20, NL=22, NM=24)),
    ("syr2k", "linear-algebra/blas", "C := alpha*A*B^T + alpha*B*A^T + beta*C (lower triangle)",
     "alpha beta C:NxN A:NxM B:NxM", "C", "C", dict(M=20, N=30)),
    ("symm", "linear-algebra/blas", "C := alpha*A*B + beta*C (A symmetric, its lower triangle read)",
     "alpha beta C:MxN A:MxM B:MxN", "C", "C", dict(M=20, N=30)),
    ("doitgen", "linear-algebra/kernels", "A[r][q][:] := A[r][q][:] * C4 (multiresolution analysis)",
     "A:NRxNQxNP C4:NPxNP sum:NP", "A", "A sum", dict(NQ=8, NR=10, NP=12)),
    ("bicg", "linear-algebra/kernels", "s := A^T * r; q := A * p (BiCG sub-kernel)",
     "A:NxM s:M q:N p:M r:N", "s q", "s q", dict(M=38, N=42)),
    ("floyd-warshall", "medley", "all-pairs shortest paths, path updated in place (f64 here)",
     "path:NxN", "path", "path", dict(N=60)),
]
# fmt: on

KERNELS: dict[str, Kernel] = {row[0]: _k(*row) for row in _TABLE}

# Sizes for benchmarks: PolyBench's LARGE dataset or smaller, so that clang -O3 runs each
# kernel in roughly 0.05-0.5 s on a 2-core AVX-512 machine (the memory-bound matrix-vector
# kernels stay below that at 128 MB per matrix). gemm, syrk, jacobi-2d, seidel-2d and lu are
# the sizes of the shared bench's kernels.
BENCH_SIZES: dict[str, dict[str, int]] = {
    "gemm": dict(NI=1000, NJ=1100, NK=1200),
    "2mm": dict(NI=400, NJ=450, NK=550, NL=600),
    "3mm": dict(NI=400, NJ=450, NK=500, NL=550, NM=600),
    "syrk": dict(M=1000, N=1200),
    "syr2k": dict(M=600, N=800),
    "symm": dict(M=800, N=1000),
    "trmm": dict(M=800, N=1000),
    "doitgen": dict(NQ=140, NR=150, NP=160),
    "atax": dict(M=4000, N=4000),
    "bicg": dict(M=4000, N=4000),
    "mvt": dict(N=5000),
    "gesummv": dict(N=3000),
    "lu": dict(N=1200),
    "covariance": dict(M=600, N=700),
    "jacobi-1d": dict(TSTEPS=4000, N=100000),
    "jacobi-2d": dict(TSTEPS=500, N=1300),
    "seidel-2d": dict(TSTEPS=100, N=1000),
    "heat-3d": dict(TSTEPS=50, N=120),
    "fdtd-2d": dict(TMAX=100, NX=1000, NY=1200),
    "floyd-warshall": dict(N=1000),
}


def _tri(n: int) -> int:
    return n * (n + 1) // 2


# Floating-point operations of each kernel as PolyBench writes it (a multiply-add counts 2;
# the alpha/beta scalings of the BLAS kernels count as written; floyd-warshall counts
# its add and compare).
FLOPS: dict[str, Callable[[dict[str, int]], int]] = {
    "gemm": lambda s: 2 * s["NI"] * s["NJ"] * s["NK"] + s["NI"] * s["NJ"],
    "2mm": lambda s: 2 * s["NI"] * s["NJ"] * s["NK"] + 2 * s["NI"] * s["NL"] * s["NJ"] + s["NI"] * s["NL"],
    "3mm": lambda s: 2 * (s["NI"] * s["NJ"] * s["NK"] + s["NJ"] * s["NL"] * s["NM"] + s["NI"] * s["NL"] * s["NJ"]),
    "syrk": lambda s: 2 * _tri(s["N"]) * s["M"] + _tri(s["N"]),
    "syr2k": lambda s: 4 * _tri(s["N"]) * s["M"] + _tri(s["N"]),
    "symm": lambda s: 2 * s["M"] * (s["M"] - 1) * s["N"] + 5 * s["M"] * s["N"],
    "trmm": lambda s: s["M"] * (s["M"] - 1) * s["N"] + s["M"] * s["N"],
    "doitgen": lambda s: 2 * s["NR"] * s["NQ"] * s["NP"] * s["NP"],
    "atax": lambda s: 4 * s["M"] * s["N"],
    "bicg": lambda s: 4 * s["M"] * s["N"],
    "mvt": lambda s: 4 * s["N"] * s["N"],
    "gesummv": lambda s: 4 * s["N"] * s["N"] + 3 * s["N"],
    "lu": lambda s: 2 * s["N"] ** 3 // 3,
    "covariance": lambda s: 2 * _tri(s["M"]) * s["N"] + 2 * s["M"] * s["N"] + 2 * _tri(s["M"]),
    "jacobi-1d": lambda s: 6 * s["TSTEPS"] * (s["N"] - 2),
    "jacobi-2d": lambda s: 10 * s["TSTEPS"] * (s["N"] - 2) ** 2,
    "seidel-2d": lambda s: 9 * s["TSTEPS"] * (s["N"] - 2) ** 2,
    "heat-3d": lambda s: 30 * s["TSTEPS"] * (s["N"] - 2) ** 3,
    "fdtd-2d": lambda s: (
        s["TMAX"] * (3 * (s["NX"] - 1) * s["NY"] + 3 * s["NX"] * (s["NY"] - 1) + 5 * (s["NX"] - 1) * (s["NY"] - 1))
    ),
    "floyd-warshall": lambda s: 2 * s["N"] ** 3,
}
