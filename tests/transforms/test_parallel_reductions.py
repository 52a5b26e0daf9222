"""affine.parallel reductions of every kind lower and run (MLIR 22 numbers
arith::AtomicRMWKind alphabetically: addf 0, addi 1, andi 2, assign 3,
maximumf 4, maxnumf 5, maxs 6, ...)."""

from __future__ import annotations

import numpy as np
import pytest

import polymlir

# maxnumf, minnumf: rejected on affine.parallel by upstream's verifier too.
FLOAT = {"addf": np.sum, "mulf": np.prod, "maximumf": np.max, "minimumf": np.min}
# maxs, mins, maxu, minu, xori: upstream's verifier rejects them on affine.parallel too.
INT = {"addi": np.sum, "muli": np.prod, "andi": np.bitwise_and.reduce, "ori": np.bitwise_or.reduce}

TEMPLATE = """func.func @r(%A: memref<8x{t}>) -> {t} {{
  %r = affine.parallel (%i) = (0) to (8) reduce ("{kind}") -> {t} {{
    %v = affine.load %A[%i] : memref<8x{t}>
    affine.yield %v : {t}
  }}
  return %r : {t}
}}
"""


@pytest.mark.parametrize("kind", sorted(FLOAT))
def test_float_reduction(kind):
    e = polymlir.compile(TEMPLATE.format(kind=kind, t="f64"))
    a = np.random.default_rng(1).random(8) + 0.5
    assert e.r(a) == pytest.approx(FLOAT[kind](a))


@pytest.mark.parametrize("kind", sorted(INT))
def test_integer_reduction(kind):
    e = polymlir.compile(TEMPLATE.format(kind=kind, t="i64"))
    a = np.random.default_rng(2).integers(-5, 6, 8).astype(np.int64)
    assert e.r(a) == int(INT[kind](a))
