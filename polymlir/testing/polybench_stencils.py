"""PolyBench/C 4.2's stencils in the statement language of
``polybench_lang.py``, each with its numpy reference (plain Python loops
for the in-place seidel-2d sweep).

Each body mirrors PolyBench 4.2's kernel_<name>; loop variables are unique
within a kernel. Each ref updates its dict of copied inputs in place."""

from __future__ import annotations

from .polybench_lang import Body


def _jacobi_1d(b: Body, s: dict[str, int]) -> None:
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


def _jacobi_2d(b: Body, s: dict[str, int]) -> None:
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


def _seidel_2d(b: Body, s: dict[str, int]) -> None:
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


def _heat_3d(b: Body, s: dict[str, int]) -> None:
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


def _fdtd_2d(b: Body, s: dict[str, int]) -> None:
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


BODIES = {
    "jacobi-1d": (_jacobi_1d, _jacobi_1d_ref),
    "jacobi-2d": (_jacobi_2d, _jacobi_2d_ref),
    "seidel-2d": (_seidel_2d, _seidel_2d_ref),
    "heat-3d": (_heat_3d, _heat_3d_ref),
    "fdtd-2d": (_fdtd_2d, _fdtd_2d_ref),
}
