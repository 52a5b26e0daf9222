"""PolyBench/C 4.2's datamining and medley kernels (covariance,
floyd-warshall) in the statement language of ``polybench_lang.py``, each
with its numpy reference.

Each body mirrors PolyBench 4.2's kernel_<name>; loop variables are unique
within a kernel. Each ref updates its dict of copied inputs in place."""

from __future__ import annotations

import numpy as np

from .polybench_lang import Body


def _covariance(b: Body, s: dict[str, int]) -> None:
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


def _floyd_warshall(b: Body, s: dict[str, int]) -> None:
    n = s["N"]
    with b.loop("k", 0, n):
        with b.loop("i", 0, n):
            with b.loop("j", 0, n):
                pij = b.load("path", "%i, %j")
                pik = b.load("path", "%i, %k")
                pkj = b.load("path", "%k, %j")
                through = b.add(pik, pkj)
                b.store(b.select(b.less(pij, through), pij, through), "path", "%i, %j")


def _floyd_warshall_ref(v: dict, s: dict) -> None:
    # Step k leaves row k and column k as they were (path[k][k] >= 0 on these
    # inputs, and x + y >= x when y >= 0 in IEEE arithmetic), so a whole step
    # is one vector operation with the same per-element result.
    P = v["path"]
    for k in range(s["N"]):
        through = P[:, k : k + 1] + P[k : k + 1, :]
        P[...] = np.where(P < through, P, through)


BODIES = {
    "covariance": (_covariance, _covariance_ref),
    "floyd-warshall": (_floyd_warshall, _floyd_warshall_ref),
}
