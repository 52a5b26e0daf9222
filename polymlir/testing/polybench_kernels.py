"""The PolyBench/C 4.2 kernels polymlir renders (``polybench.py``): each
kernel's arguments, its loop nests written in a small statement language
(``_Body``) and its numpy reference.

Each body mirrors PolyBench 4.2's kernel_<name>; loop variables are unique
within a kernel (tests name loops by them). Each ref updates its dict of
copied inputs in place."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

Value = np.ndarray | float


@dataclass(frozen=True)
class Arg:
    """One ``@kernel`` argument: an f64 scalar (``shape`` None) or an f64
    array whose static shape is given by size names (``("NI", "NK")``)."""

    name: str
    shape: tuple[str, ...] | None = None

    def dims(self, sizes: dict[str, int]) -> tuple[int, ...] | None:
        return None if self.shape is None else tuple(sizes[s] for s in self.shape)


@dataclass(frozen=True)
class Kernel:
    """What PolyBench's ``kernel_<name>`` is: its arguments in order, the
    arrays PolyBench prints (``outputs``) and every array it writes
    (``writes``, a superset), and small default sizes (PolyBench's MINI
    dataset)."""

    name: str
    category: str
    summary: str
    args: tuple[Arg, ...]
    outputs: tuple[str, ...]
    writes: tuple[str, ...]
    sizes: dict[str, int] = field(default_factory=dict)
    body: Callable[[_Body, dict[str, int]], None] | None = field(default=None, repr=False, compare=False)
    ref: Callable[[dict[str, Value], dict[str, int]], None] | None = field(default=None, repr=False, compare=False)


class _Body:
    """Writes a kernel body: loops, loads, stores and f64 arithmetic with
    fresh value names (``%0``, ``%1``, ...) and constants hoisted to the
    top of the function."""

    def __init__(self, types: dict[str, str]):
        self.types = types
        self.consts: dict[float, str] = {}
        self.lines: list[str] = []
        self.depth = 1
        self.n = 0

    def _fresh(self) -> str:
        self.n += 1
        return f"%{self.n - 1}"

    def _emit(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    def comment(self, text: str) -> None:
        self._emit(f"// {text}")

    @contextlib.contextmanager
    def loop(self, iv: str, lb: int | str, ub: int | str) -> Iterator[None]:
        """``affine.for %iv = lb to ub``; a bound is a constant, or an
        expression of enclosing loop variables such as ``"%i + 1"``."""
        self._emit(f"affine.for %{iv} = {_bound(lb)} to {_bound(ub)} {{")
        self.depth += 1
        yield
        self.depth -= 1
        self._emit("}")

    def const(self, value: float) -> str:
        name = self.consts.get(value)
        if name is None:
            name = self.consts[value] = f"%cst{len(self.consts)}"
        return name

    def load(self, array: str, index: str) -> str:
        v = self._fresh()
        self._emit(f"{v} = affine.load %{array}[{index}] : {self.types[array]}")
        return v

    def store(self, value: str, array: str, index: str) -> None:
        self._emit(f"affine.store {value}, %{array}[{index}] : {self.types[array]}")

    def _binary(self, op: str, a: str, b: str) -> str:
        v = self._fresh()
        self._emit(f"{v} = arith.{op} {a}, {b} : f64")
        return v

    def add(self, a: str, b: str) -> str:
        return self._binary("addf", a, b)

    def sub(self, a: str, b: str) -> str:
        return self._binary("subf", a, b)

    def mul(self, a: str, b: str) -> str:
        return self._binary("mulf", a, b)

    def div(self, a: str, b: str) -> str:
        return self._binary("divf", a, b)

    def sum(self, *values: str) -> str:
        """Left to right, as C evaluates ``a + b + c``."""
        acc = values[0]
        for v in values[1:]:
            acc = self.add(acc, v)
        return acc

    def text(self) -> list[str]:
        return [f"  {name} = arith.constant {value!r} : f64" for value, name in self.consts.items()] + self.lines


def _bound(b: int | str) -> str:
    """A loop bound: an integer, or one affine expression of loop variables
    (``"%i + 1"``), written as a map applied to them."""
    if isinstance(b, int):
        return str(b)
    ivs: list[str] = []
    expr = b
    for tok in b.replace("+", " ").replace("-", " ").replace("*", " ").split():
        if tok.startswith("%") and tok not in ivs:
            ivs.append(tok)
    for d, iv in enumerate(ivs):
        expr = expr.replace(iv, f"d{d}")
    dims = ", ".join(f"d{d}" for d in range(len(ivs)))
    return f"affine_map<({dims}) -> ({expr})>({', '.join(ivs)})"


def _gemm(b: _Body, s: dict[str, int]) -> None:
    with b.loop("i", 0, s["NI"]):
        with b.loop("j", 0, s["NJ"]):
            b.store(b.mul(b.load("C", "%i, %j"), "%beta"), "C", "%i, %j")
        with b.loop("k", 0, s["NK"]):
            with b.loop("j2", 0, s["NJ"]):
                a = b.load("A", "%i, %k")
                bb = b.load("B", "%k, %j2")
                c = b.load("C", "%i, %j2")
                b.store(b.add(c, b.mul(b.mul("%alpha", a), bb)), "C", "%i, %j2")


def _gemm_ref(v: dict, s: dict) -> None:
    C, A, B, alpha, beta = v["C"], v["A"], v["B"], v["alpha"], v["beta"]
    for i in range(s["NI"]):
        C[i, :] = C[i, :] * beta
        for k in range(s["NK"]):
            C[i, :] = C[i, :] + (alpha * A[i, k]) * B[k, :]


def _2mm(b: _Body, s: dict[str, int]) -> None:
    zero = b.const(0.0)
    b.comment("tmp := alpha * A * B")
    with b.loop("i", 0, s["NI"]):
        with b.loop("j", 0, s["NJ"]):
            b.store(zero, "tmp", "%i, %j")
            with b.loop("k", 0, s["NK"]):
                a = b.load("A", "%i, %k")
                bb = b.load("B", "%k, %j")
                t = b.load("tmp", "%i, %j")
                b.store(b.add(t, b.mul(b.mul("%alpha", a), bb)), "tmp", "%i, %j")
    b.comment("D := tmp * C + beta * D")
    with b.loop("i2", 0, s["NI"]):
        with b.loop("j2", 0, s["NL"]):
            b.store(b.mul(b.load("D", "%i2, %j2"), "%beta"), "D", "%i2, %j2")
            with b.loop("k2", 0, s["NJ"]):
                t = b.load("tmp", "%i2, %k2")
                c = b.load("C", "%k2, %j2")
                d = b.load("D", "%i2, %j2")
                b.store(b.add(d, b.mul(t, c)), "D", "%i2, %j2")


def _2mm_ref(v: dict, s: dict) -> None:
    tmp, A, B, C, D, alpha, beta = (v[k] for k in ("tmp", "A", "B", "C", "D", "alpha", "beta"))
    for i in range(s["NI"]):
        tmp[i, :] = 0.0
        for k in range(s["NK"]):
            tmp[i, :] = tmp[i, :] + (alpha * A[i, k]) * B[k, :]
    for i in range(s["NI"]):
        D[i, :] = D[i, :] * beta
        for k in range(s["NJ"]):
            D[i, :] = D[i, :] + tmp[i, k] * C[k, :]


def _syrk(b: _Body, s: dict[str, int]) -> None:
    with b.loop("i", 0, s["N"]):
        with b.loop("j", 0, "%i + 1"):
            b.store(b.mul(b.load("C", "%i, %j"), "%beta"), "C", "%i, %j")
        with b.loop("k", 0, s["M"]):
            with b.loop("j2", 0, "%i + 1"):
                aik = b.load("A", "%i, %k")
                ajk = b.load("A", "%j2, %k")
                c = b.load("C", "%i, %j2")
                b.store(b.add(c, b.mul(b.mul("%alpha", aik), ajk)), "C", "%i, %j2")


def _syrk_ref(v: dict, s: dict) -> None:
    C, A, alpha, beta = v["C"], v["A"], v["alpha"], v["beta"]
    for i in range(s["N"]):
        C[i, : i + 1] = C[i, : i + 1] * beta
        for k in range(s["M"]):
            C[i, : i + 1] = C[i, : i + 1] + (alpha * A[i, k]) * A[: i + 1, k]


def _trmm(b: _Body, s: dict[str, int]) -> None:
    with b.loop("i", 0, s["M"]):
        with b.loop("j", 0, s["N"]):
            with b.loop("k", "%i + 1", s["M"]):
                aki = b.load("A", "%k, %i")
                bkj = b.load("B", "%k, %j")
                bij = b.load("B", "%i, %j")
                b.store(b.add(bij, b.mul(aki, bkj)), "B", "%i, %j")
            b.store(b.mul("%alpha", b.load("B", "%i, %j")), "B", "%i, %j")


def _trmm_ref(v: dict, s: dict) -> None:
    A, B, alpha = v["A"], v["B"], v["alpha"]
    for i in range(s["M"]):
        for k in range(i + 1, s["M"]):
            B[i, :] = B[i, :] + A[k, i] * B[k, :]
        B[i, :] = alpha * B[i, :]


def _atax(b: _Body, s: dict[str, int]) -> None:
    zero = b.const(0.0)
    with b.loop("i0", 0, s["N"]):
        b.store(zero, "y", "%i0")
    with b.loop("i", 0, s["M"]):
        b.store(zero, "tmp", "%i")
        with b.loop("j", 0, s["N"]):
            t = b.load("tmp", "%i")
            a = b.load("A", "%i, %j")
            x = b.load("x", "%j")
            b.store(b.add(t, b.mul(a, x)), "tmp", "%i")
        with b.loop("j2", 0, s["N"]):
            y = b.load("y", "%j2")
            a = b.load("A", "%i, %j2")
            t = b.load("tmp", "%i")
            b.store(b.add(y, b.mul(a, t)), "y", "%j2")


def _atax_ref(v: dict, s: dict) -> None:
    A, x, y, tmp = v["A"], v["x"], v["y"], v["tmp"]
    y[:] = 0.0
    for i in range(s["M"]):
        t = 0.0
        for j in range(s["N"]):
            t = t + A[i, j] * x[j]
        tmp[i] = t
        y[:] = y + A[i, :] * tmp[i]


def _mvt(b: _Body, s: dict[str, int]) -> None:
    with b.loop("i", 0, s["N"]):
        with b.loop("j", 0, s["N"]):
            x = b.load("x1", "%i")
            a = b.load("A", "%i, %j")
            y = b.load("y_1", "%j")
            b.store(b.add(x, b.mul(a, y)), "x1", "%i")
    with b.loop("i2", 0, s["N"]):
        with b.loop("j2", 0, s["N"]):
            x = b.load("x2", "%i2")
            a = b.load("A", "%j2, %i2")
            y = b.load("y_2", "%j2")
            b.store(b.add(x, b.mul(a, y)), "x2", "%i2")


def _mvt_ref(v: dict, s: dict) -> None:
    A, x1, x2 = v["A"], v["x1"], v["x2"]
    for j in range(s["N"]):
        x1[:] = x1 + A[:, j] * v["y_1"][j]
    for j in range(s["N"]):
        x2[:] = x2 + A[j, :] * v["y_2"][j]


def _gesummv(b: _Body, s: dict[str, int]) -> None:
    zero = b.const(0.0)
    with b.loop("i", 0, s["N"]):
        b.store(zero, "tmp", "%i")
        b.store(zero, "y", "%i")
        with b.loop("j", 0, s["N"]):
            a = b.load("A", "%i, %j")
            x = b.load("x", "%j")
            t = b.load("tmp", "%i")
            b.store(b.add(b.mul(a, x), t), "tmp", "%i")
            bb = b.load("B", "%i, %j")
            x2 = b.load("x", "%j")
            y = b.load("y", "%i")
            b.store(b.add(b.mul(bb, x2), y), "y", "%i")
        t = b.load("tmp", "%i")
        y = b.load("y", "%i")
        b.store(b.add(b.mul("%alpha", t), b.mul("%beta", y)), "y", "%i")


def _gesummv_ref(v: dict, s: dict) -> None:
    A, B, x, tmp, y, alpha, beta = (v[k] for k in ("A", "B", "x", "tmp", "y", "alpha", "beta"))
    tmp[:] = 0.0
    y[:] = 0.0
    for j in range(s["N"]):
        tmp[:] = A[:, j] * x[j] + tmp
        y[:] = B[:, j] * x[j] + y
    y[:] = alpha * tmp + beta * y


def _lu(b: _Body, s: dict[str, int]) -> None:
    n = s["N"]
    with b.loop("i", 0, n):
        with b.loop("j", 0, "%i"):
            with b.loop("k", 0, "%j"):
                aik = b.load("A", "%i, %k")
                akj = b.load("A", "%k, %j")
                aij = b.load("A", "%i, %j")
                b.store(b.sub(aij, b.mul(aik, akj)), "A", "%i, %j")
            num = b.load("A", "%i, %j")
            den = b.load("A", "%j, %j")
            b.store(b.div(num, den), "A", "%i, %j")
        with b.loop("j2", "%i", n):
            with b.loop("k2", 0, "%i"):
                aik = b.load("A", "%i, %k2")
                akj = b.load("A", "%k2, %j2")
                aij = b.load("A", "%i, %j2")
                b.store(b.sub(aij, b.mul(aik, akj)), "A", "%i, %j2")


def _lu_ref(v: dict, s: dict) -> None:
    A = v["A"].tolist()  # Python floats are IEEE doubles: same results, faster loops
    n = s["N"]
    for i in range(n):
        Ai = A[i]
        for j in range(i):
            for k in range(j):
                Ai[j] = Ai[j] - Ai[k] * A[k][j]
            Ai[j] = Ai[j] / A[j][j]
        for j in range(i, n):
            for k in range(i):
                Ai[j] = Ai[j] - Ai[k] * A[k][j]
    v["A"][...] = A


def _covariance(b: _Body, s: dict[str, int]) -> None:
    m, n = s["M"], s["N"]
    zero, one = b.const(0.0), b.const(1.0)
    with b.loop("j", 0, m):
        b.store(zero, "mean", "%j")
        with b.loop("i", 0, n):
            mj = b.load("mean", "%j")
            d = b.load("data", "%i, %j")
            b.store(b.add(mj, d), "mean", "%j")
        mj = b.load("mean", "%j")
        b.store(b.div(mj, "%float_n"), "mean", "%j")
    with b.loop("i2", 0, n):
        with b.loop("j2", 0, m):
            d = b.load("data", "%i2, %j2")
            mj = b.load("mean", "%j2")
            b.store(b.sub(d, mj), "data", "%i2, %j2")
    with b.loop("i3", 0, m):
        with b.loop("j3", "%i3", m):
            b.store(zero, "cov", "%i3, %j3")
            with b.loop("k", 0, n):
                c = b.load("cov", "%i3, %j3")
                dki = b.load("data", "%k, %i3")
                dkj = b.load("data", "%k, %j3")
                b.store(b.add(c, b.mul(dki, dkj)), "cov", "%i3, %j3")
            c = b.load("cov", "%i3, %j3")
            b.store(b.div(c, b.sub("%float_n", one)), "cov", "%i3, %j3")
            c = b.load("cov", "%i3, %j3")
            b.store(c, "cov", "%j3, %i3")


def _covariance_ref(v: dict, s: dict) -> None:
    data, cov, mean, fn = v["data"], v["cov"], v["mean"], v["float_n"]
    m, n = s["M"], s["N"]
    mean[:] = 0.0
    for i in range(n):
        mean[:] = mean + data[i, :]
    mean[:] = mean / fn
    data[:] = data - mean
    for i in range(m):
        row = np.zeros(m - i)
        for k in range(n):
            row = row + data[k, i] * data[k, i:]
        row = row / (fn - 1.0)
        cov[i, i:] = row
        cov[i:, i] = row


def _jacobi_1d(b: _Body, s: dict[str, int]) -> None:
    c = b.const(0.33333)
    n = s["N"]
    with b.loop("t", 0, s["TSTEPS"]):
        with b.loop("i", 1, n - 1):
            x = b.sum(b.load("A", "%i - 1"), b.load("A", "%i"), b.load("A", "%i + 1"))
            b.store(b.mul(c, x), "B", "%i")
        with b.loop("i2", 1, n - 1):
            x = b.sum(b.load("B", "%i2 - 1"), b.load("B", "%i2"), b.load("B", "%i2 + 1"))
            b.store(b.mul(c, x), "A", "%i2")


def _jacobi_1d_ref(v: dict, s: dict) -> None:
    A, B = v["A"], v["B"]
    for _ in range(s["TSTEPS"]):
        B[1:-1] = 0.33333 * ((A[:-2] + A[1:-1]) + A[2:])
        A[1:-1] = 0.33333 * ((B[:-2] + B[1:-1]) + B[2:])


def _jacobi_2d(b: _Body, s: dict[str, int]) -> None:
    c = b.const(0.2)
    n = s["N"]
    with b.loop("t", 0, s["TSTEPS"]):
        for src, dst, i, j in (("A", "B", "i", "j"), ("B", "A", "i2", "j2")):
            with b.loop(i, 1, n - 1):
                with b.loop(j, 1, n - 1):
                    x = b.sum(
                        *(
                            b.load(src, idx)
                            for idx in (
                                f"%{i}, %{j}",
                                f"%{i}, %{j} - 1",
                                f"%{i}, %{j} + 1",
                                f"%{i} + 1, %{j}",
                                f"%{i} - 1, %{j}",
                            )
                        )
                    )
                    b.store(b.mul(c, x), dst, f"%{i}, %{j}")


def _jacobi_2d_ref(v: dict, s: dict) -> None:
    A, B = v["A"], v["B"]

    def sweep(src, dst):
        dst[1:-1, 1:-1] = 0.2 * (
            (((src[1:-1, 1:-1] + src[1:-1, :-2]) + src[1:-1, 2:]) + src[2:, 1:-1]) + src[:-2, 1:-1]
        )

    for _ in range(s["TSTEPS"]):
        sweep(A, B)
        sweep(B, A)


def _seidel_2d(b: _Body, s: dict[str, int]) -> None:
    nine = b.const(9.0)
    n = s["N"]
    with b.loop("t", 0, s["TSTEPS"]):
        with b.loop("i", 1, n - 1):
            with b.loop("j", 1, n - 1):
                x = b.sum(
                    *(b.load("A", f"%i{di}, %j{dj}") for di in (" - 1", "", " + 1") for dj in (" - 1", "", " + 1"))
                )
                b.store(b.div(x, nine), "A", "%i, %j")


def _seidel_2d_ref(v: dict, s: dict) -> None:
    A = v["A"].tolist()
    n = s["N"]
    for _ in range(s["TSTEPS"]):
        for i in range(1, n - 1):
            up, row, down = A[i - 1], A[i], A[i + 1]
            for j in range(1, n - 1):
                row[j] = (
                    up[j - 1]
                    + up[j]
                    + up[j + 1]
                    + row[j - 1]
                    + row[j]
                    + row[j + 1]
                    + down[j - 1]
                    + down[j]
                    + down[j + 1]
                ) / 9.0
    v["A"][...] = A


def _heat_3d(b: _Body, s: dict[str, int]) -> None:
    eighth, two = b.const(0.125), b.const(2.0)
    n = s["N"]
    with b.loop("t", 0, s["TSTEPS"]):
        for src, dst, (i, j, k) in (("A", "B", ("i", "j", "k")), ("B", "A", ("i2", "j2", "k2"))):
            with b.loop(i, 1, n - 1):
                with b.loop(j, 1, n - 1):
                    with b.loop(k, 1, n - 1):
                        here = f"%{i}, %{j}, %{k}"
                        terms = []
                        for d in range(3):
                            ivs = [f"%{i}", f"%{j}", f"%{k}"]
                            plus, minus = list(ivs), list(ivs)
                            plus[d] += " + 1"
                            minus[d] = ivs[d] + " - 1"
                            hi = b.load(src, ", ".join(plus))
                            mid = b.load(src, here)
                            lo = b.load(src, ", ".join(minus))
                            terms.append(b.mul(eighth, b.add(b.sub(hi, b.mul(two, mid)), lo)))
                        b.store(b.add(b.sum(*terms), b.load(src, here)), dst, here)


def _heat_3d_ref(v: dict, s: dict) -> None:
    A, B = v["A"], v["B"]
    c = (slice(1, -1),) * 3

    def sweep(src, dst):
        mid = src[c]
        terms = []
        for d in range(3):
            hi = list(c)
            lo = list(c)
            hi[d] = slice(2, None)
            lo[d] = slice(None, -2)
            terms.append(0.125 * ((src[tuple(hi)] - 2.0 * mid) + src[tuple(lo)]))
        dst[c] = ((terms[0] + terms[1]) + terms[2]) + mid

    for _ in range(s["TSTEPS"]):
        sweep(A, B)
        sweep(B, A)


def _fdtd_2d(b: _Body, s: dict[str, int]) -> None:
    half, c7 = b.const(0.5), b.const(0.7)
    nx, ny = s["NX"], s["NY"]
    with b.loop("t", 0, s["TMAX"]):
        with b.loop("j0", 0, ny):
            b.store(b.load("_fict_", "%t"), "ey", "0, %j0")
        with b.loop("i1", 1, nx):
            with b.loop("j1", 0, ny):
                e = b.load("ey", "%i1, %j1")
                h = b.load("hz", "%i1, %j1")
                h1 = b.load("hz", "%i1 - 1, %j1")
                b.store(b.sub(e, b.mul(half, b.sub(h, h1))), "ey", "%i1, %j1")
        with b.loop("i2", 0, nx):
            with b.loop("j2", 1, ny):
                e = b.load("ex", "%i2, %j2")
                h = b.load("hz", "%i2, %j2")
                h1 = b.load("hz", "%i2, %j2 - 1")
                b.store(b.sub(e, b.mul(half, b.sub(h, h1))), "ex", "%i2, %j2")
        with b.loop("i3", 0, nx - 1):
            with b.loop("j3", 0, ny - 1):
                h = b.load("hz", "%i3, %j3")
                x1 = b.load("ex", "%i3, %j3 + 1")
                x0 = b.load("ex", "%i3, %j3")
                y1 = b.load("ey", "%i3 + 1, %j3")
                y0 = b.load("ey", "%i3, %j3")
                d = b.sub(b.add(b.sub(x1, x0), y1), y0)
                b.store(b.sub(h, b.mul(c7, d)), "hz", "%i3, %j3")


def _fdtd_2d_ref(v: dict, s: dict) -> None:
    ex, ey, hz, fict = v["ex"], v["ey"], v["hz"], v["_fict_"]
    for t in range(s["TMAX"]):
        ey[0, :] = fict[t]
        ey[1:, :] = ey[1:, :] - 0.5 * (hz[1:, :] - hz[:-1, :])
        ex[:, 1:] = ex[:, 1:] - 0.5 * (hz[:, 1:] - hz[:, :-1])
        hz[:-1, :-1] = hz[:-1, :-1] - 0.7 * (((ex[:-1, 1:] - ex[:-1, :-1]) + ey[1:, :-1]) - ey[:-1, :-1])


def _k(name, category, summary, args, outputs, writes, sizes, body, ref) -> Kernel:
    parsed = tuple(
        Arg(a) if ":" not in a else Arg(a.split(":")[0], tuple(a.split(":")[1].split("x"))) for a in args.split()
    )
    return Kernel(name, category, summary, parsed, tuple(outputs.split()), tuple(writes.split()), sizes, body, ref)


# args: "name" is an f64 scalar, "name:NIxNK" an array of that shape.
KERNELS: dict[str, Kernel] = {
    k.name: k
    for k in (
        _k(
            "gemm",
            "linear-algebra/blas",
            "C := alpha*A*B + beta*C",
            "alpha beta C:NIxNJ A:NIxNK B:NKxNJ",
            "C",
            "C",
            dict(NI=20, NJ=25, NK=30),
            _gemm,
            _gemm_ref,
        ),
        _k(
            "2mm",
            "linear-algebra/kernels",
            "D := alpha*A*B*C + beta*D (tmp = alpha*A*B)",
            "alpha beta tmp:NIxNJ A:NIxNK B:NKxNJ C:NJxNL D:NIxNL",
            "D",
            "tmp D",
            dict(NI=16, NJ=18, NK=22, NL=24),
            _2mm,
            _2mm_ref,
        ),
        _k(
            "syrk",
            "linear-algebra/blas",
            "C := alpha*A*A^T + beta*C (lower triangle)",
            "alpha beta C:NxN A:NxM",
            "C",
            "C",
            dict(M=20, N=30),
            _syrk,
            _syrk_ref,
        ),
        _k(
            "jacobi-2d",
            "stencils",
            "TSTEPS x (B := 5-point stencil of A; A := 5-point stencil of B)",
            "A:NxN B:NxN",
            "A",
            "A B",
            dict(TSTEPS=20, N=30),
            _jacobi_2d,
            _jacobi_2d_ref,
        ),
        _k(
            "seidel-2d",
            "stencils",
            "TSTEPS x in-place 9-point Gauss-Seidel sweep",
            "A:NxN",
            "A",
            "A",
            dict(TSTEPS=20, N=40),
            _seidel_2d,
            _seidel_2d_ref,
        ),
        _k(
            "lu",
            "linear-algebra/solvers",
            "in-place LU decomposition without pivoting",
            "A:NxN",
            "A",
            "A",
            dict(N=40),
            _lu,
            _lu_ref,
        ),
        _k(
            "heat-3d",
            "stencils",
            "TSTEPS x (B := 7-point heat stencil of A; A := the same of B)",
            "A:NxNxN B:NxNxN",
            "A",
            "A B",
            dict(TSTEPS=20, N=10),
            _heat_3d,
            _heat_3d_ref,
        ),
        _k(
            "fdtd-2d",
            "stencils",
            "TMAX steps of 2-D finite-difference time-domain (ex, ey, hz)",
            "ex:NXxNY ey:NXxNY hz:NXxNY _fict_:TMAX",
            "ex ey hz",
            "ex ey hz",
            dict(TMAX=20, NX=20, NY=30),
            _fdtd_2d,
            _fdtd_2d_ref,
        ),
        _k(
            "atax",
            "linear-algebra/kernels",
            "y := A^T * (A * x)",
            "A:MxN x:N y:N tmp:M",
            "y",
            "y tmp",
            dict(M=38, N=42),
            _atax,
            _atax_ref,
        ),
        _k(
            "mvt",
            "linear-algebra/kernels",
            "x1 := x1 + A*y_1; x2 := x2 + A^T*y_2",
            "x1:N x2:N y_1:N y_2:N A:NxN",
            "x1 x2",
            "x1 x2",
            dict(N=40),
            _mvt,
            _mvt_ref,
        ),
        _k(
            "trmm",
            "linear-algebra/blas",
            "B := alpha * A^T * B (A unit lower triangular)",
            "alpha A:MxM B:MxN",
            "B",
            "B",
            dict(M=20, N=30),
            _trmm,
            _trmm_ref,
        ),
        _k(
            "covariance",
            "datamining",
            "cov := covariance matrix of data's columns (data centered in place)",
            "float_n data:NxM cov:MxM mean:M",
            "cov",
            "cov mean data",
            dict(M=28, N=32),
            _covariance,
            _covariance_ref,
        ),
        _k(
            "gesummv",
            "linear-algebra/blas",
            "y := alpha*A*x + beta*B*x",
            "alpha beta A:NxN B:NxN tmp:N x:N y:N",
            "y",
            "tmp y",
            dict(N=30),
            _gesummv,
            _gesummv_ref,
        ),
        _k(
            "jacobi-1d",
            "stencils",
            "TSTEPS x (B := 3-point average of A; A := the same of B)",
            "A:N B:N",
            "A",
            "A B",
            dict(TSTEPS=20, N=30),
            _jacobi_1d,
            _jacobi_1d_ref,
        ),
    )
}
