"""PolyBench/C 4.2's linear-algebra kernels (blas, kernels, solvers) in the
statement language of ``polybench_lang.py``, each with its numpy reference.

Each body mirrors PolyBench 4.2's kernel_<name>; loop variables are unique
within a kernel (tests name loops by them). Each ref updates its dict of
copied inputs in place."""

from __future__ import annotations

import numpy as np

from .polybench_lang import Body


def _gemm(b: Body, s: dict[str, int]) -> None:
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


def _2mm(b: Body, s: dict[str, int]) -> None:
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


def _syrk(b: Body, s: dict[str, int]) -> None:
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


def _trmm(b: Body, s: dict[str, int]) -> None:
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


def _atax(b: Body, s: dict[str, int]) -> None:
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


def _mvt(b: Body, s: dict[str, int]) -> None:
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


def _gesummv(b: Body, s: dict[str, int]) -> None:
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


def _lu(b: Body, s: dict[str, int]) -> None:
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


def _3mm(b: Body, s: dict[str, int]) -> None:
    zero = b.const(0.0)
    for what, (out, x, y), (i, j, k), (ni, nj, nk) in (
        ("E := A*B", ("E", "A", "B"), ("i", "j", "k"), ("NI", "NJ", "NK")),
        ("F := C*D", ("F", "C", "D"), ("i2", "j2", "k2"), ("NJ", "NL", "NM")),
        ("G := E*F", ("G", "E", "F"), ("i3", "j3", "k3"), ("NI", "NL", "NJ")),
    ):
        b.comment(what)
        with b.loop(i, 0, s[ni]):
            with b.loop(j, 0, s[nj]):
                b.store(zero, out, f"%{i}, %{j}")
                with b.loop(k, 0, s[nk]):
                    a = b.load(x, f"%{i}, %{k}")
                    bb = b.load(y, f"%{k}, %{j}")
                    e = b.load(out, f"%{i}, %{j}")
                    b.store(b.add(e, b.mul(a, bb)), out, f"%{i}, %{j}")


def _3mm_ref(v: dict, s: dict) -> None:
    for out, x, y in (("E", "A", "B"), ("F", "C", "D"), ("G", "E", "F")):
        X, Y, Z = v[x], v[y], v[out]
        Z[...] = 0.0
        for k in range(X.shape[1]):
            Z[...] = Z + X[:, k : k + 1] * Y[k : k + 1, :]


def _syr2k(b: Body, s: dict[str, int]) -> None:
    with b.loop("i", 0, s["N"]):
        with b.loop("j", 0, "%i + 1"):
            b.store(b.mul(b.load("C", "%i, %j"), "%beta"), "C", "%i, %j")
        with b.loop("k", 0, s["M"]):
            with b.loop("j2", 0, "%i + 1"):
                ajk = b.load("A", "%j2, %k")
                bik = b.load("B", "%i, %k")
                bjk = b.load("B", "%j2, %k")
                aik = b.load("A", "%i, %k")
                c = b.load("C", "%i, %j2")
                t = b.add(b.mul(b.mul(ajk, "%alpha"), bik), b.mul(b.mul(bjk, "%alpha"), aik))
                b.store(b.add(c, t), "C", "%i, %j2")


def _syr2k_ref(v: dict, s: dict) -> None:
    C, A, B, alpha, beta = v["C"], v["A"], v["B"], v["alpha"], v["beta"]
    for i in range(s["N"]):
        C[i, : i + 1] = C[i, : i + 1] * beta
        for k in range(s["M"]):
            t = (A[: i + 1, k] * alpha) * B[i, k] + (B[: i + 1, k] * alpha) * A[i, k]
            C[i, : i + 1] = C[i, : i + 1] + t


def _symm(b: Body, s: dict[str, int]) -> None:
    zero = b.const(0.0)
    temp2 = b.local("temp2")
    with b.loop("i", 0, s["M"]):
        with b.loop("j", 0, s["N"]):
            b.store(zero, temp2, "")
            with b.loop("k", 0, "%i"):
                bij = b.load("B", "%i, %j")
                aik = b.load("A", "%i, %k")
                ckj = b.load("C", "%k, %j")
                b.store(b.add(ckj, b.mul(b.mul("%alpha", bij), aik)), "C", "%k, %j")
                t = b.load(temp2, "")
                bkj = b.load("B", "%k, %j")
                aik2 = b.load("A", "%i, %k")
                b.store(b.add(t, b.mul(bkj, aik2)), temp2, "")
            c = b.load("C", "%i, %j")
            bij = b.load("B", "%i, %j")
            aii = b.load("A", "%i, %i")
            t = b.load(temp2, "")
            x = b.add(b.mul("%beta", c), b.mul(b.mul("%alpha", bij), aii))
            b.store(b.add(x, b.mul("%alpha", t)), "C", "%i, %j")


def _symm_ref(v: dict, s: dict) -> None:
    C, A, B, alpha, beta = v["C"], v["A"], v["B"], v["alpha"], v["beta"]
    for i in range(s["M"]):  # the columns j are independent: one vector over j
        temp2 = 0.0 * B[i, :]
        for k in range(i):
            C[k, :] = C[k, :] + (alpha * B[i, :]) * A[i, k]
            temp2 = temp2 + B[k, :] * A[i, k]
        C[i, :] = (beta * C[i, :] + (alpha * B[i, :]) * A[i, i]) + alpha * temp2


def _doitgen(b: Body, s: dict[str, int]) -> None:
    zero = b.const(0.0)
    with b.loop("r", 0, s["NR"]):
        with b.loop("q", 0, s["NQ"]):
            with b.loop("p", 0, s["NP"]):
                b.store(zero, "sum", "%p")
                with b.loop("s", 0, s["NP"]):
                    acc = b.load("sum", "%p")
                    a = b.load("A", "%r, %q, %s")
                    c4 = b.load("C4", "%s, %p")
                    b.store(b.add(acc, b.mul(a, c4)), "sum", "%p")
            with b.loop("p2", 0, s["NP"]):
                b.store(b.load("sum", "%p2"), "A", "%r, %q, %p2")


def _doitgen_ref(v: dict, s: dict) -> None:
    A, C4 = v["A"], v["C4"]
    acc = np.zeros(A.shape)
    for k in range(s["NP"]):
        acc = acc + A[:, :, k : k + 1] * C4[k, :]
    A[...] = acc
    v["sum"][:] = acc[-1, -1, :]


def _bicg(b: Body, s: dict[str, int]) -> None:
    zero = b.const(0.0)
    with b.loop("i0", 0, s["M"]):
        b.store(zero, "s", "%i0")
    with b.loop("i", 0, s["N"]):
        b.store(zero, "q", "%i")
        with b.loop("j", 0, s["M"]):
            sj = b.load("s", "%j")
            ri = b.load("r", "%i")
            a = b.load("A", "%i, %j")
            b.store(b.add(sj, b.mul(ri, a)), "s", "%j")
            qi = b.load("q", "%i")
            a2 = b.load("A", "%i, %j")
            pj = b.load("p", "%j")
            b.store(b.add(qi, b.mul(a2, pj)), "q", "%i")


def _bicg_ref(v: dict, s: dict) -> None:
    A, sv, q, p, r = v["A"], v["s"], v["q"], v["p"], v["r"]
    sv[:] = 0.0
    for i in range(s["N"]):
        sv[:] = sv + r[i] * A[i, :]
    q[:] = 0.0
    for j in range(s["M"]):
        q[:] = q + A[:, j] * p[j]


BODIES = {
    "gemm": (_gemm, _gemm_ref),
    "2mm": (_2mm, _2mm_ref),
    "3mm": (_3mm, _3mm_ref),
    "syrk": (_syrk, _syrk_ref),
    "syr2k": (_syr2k, _syr2k_ref),
    "symm": (_symm, _symm_ref),
    "trmm": (_trmm, _trmm_ref),
    "doitgen": (_doitgen, _doitgen_ref),
    "atax": (_atax, _atax_ref),
    "bicg": (_bicg, _bicg_ref),
    "mvt": (_mvt, _mvt_ref),
    "gesummv": (_gesummv, _gesummv_ref),
    "lu": (_lu, _lu_ref),
}
