"""lower-affine's expansions of floordiv, ceildiv and mod compute the floor,
the ceiling and the non-negative remainder: programs compiled through
``polymlir.compile`` (which lowers with lower-affine) against Python's
integer arithmetic, on negative, zero and positive dividends and on
constant and symbolic (positive) divisors."""

from __future__ import annotations

import pytest

import polymlir

CONSTANT_DIVISORS = (1, 2, 3, 7, 42)
# Dividends around the multiples of the divisors and far from zero (short of
# the int64 ends, where -a would wrap).
DIVIDENDS = sorted(
    {a for a in range(-100, 101)} | {s * m + d for s in (-1, 1) for m in (10**9, 2**62) for d in (-1, 0, 1)}
)
OPS = {
    "floordiv": lambda a, b: a // b,
    "ceildiv": lambda a, b: -(-a // b),
    "mod": lambda a, b: a % b,
}


def _module() -> str:
    funcs = []
    for op in OPS:
        funcs.append(
            f"""func.func @{op}_sym(%a: index, %b: index) -> index {{
  %r = affine.apply affine_map<(d0)[s0] -> (d0 {op} s0)>(%a)[%b]
  return %r : index
}}"""
        )
        for c in CONSTANT_DIVISORS:
            funcs.append(
                f"""func.func @{op}_{c}(%a: index) -> index {{
  %r = affine.apply affine_map<(d0) -> (d0 {op} {c})>(%a)
  return %r : index
}}"""
            )
    # A division nested in a sum, and one in a loop bound and an if condition:
    # the expansions feed further arithmetic and control flow.
    funcs.append(
        """func.func @nested(%a: index, %b: index) -> index {
  %r = affine.apply affine_map<(d0)[s0] -> ((d0 * 3 - 5) floordiv 4 + (d0 - 7) ceildiv s0 + (d0 * 2) mod 5)>(%a)[%b]
  return %r : index
}
func.func @trips(%a: index) -> index {
  %c0 = arith.constant 0 : index
  %n = affine.for %i = affine_map<(d0) -> (d0 floordiv 3)>(%a) to affine_map<(d0) -> (d0 ceildiv 2 + 10)>(%a)
      iter_args(%acc = %c0) -> (index) {
    %k = affine.if affine_set<(d0) : (d0 mod 4 - 1 >= 0)>(%i) -> index {
      %one = arith.constant 1 : index
      %s = arith.addi %acc, %one : index
      affine.yield %s : index
    } else {
      affine.yield %acc : index
    }
    affine.yield %k : index
  }
  return %n : index
}"""
    )
    return "\n".join(funcs)


@pytest.fixture(scope="module")
def engine():
    return polymlir.compile(_module())


@pytest.mark.parametrize("op", list(OPS))
def test_constant_divisors(engine, op):
    for c in CONSTANT_DIVISORS:
        fn = getattr(engine, f"{op}_{c}")
        got = [fn(a) for a in DIVIDENDS]
        assert got == [OPS[op](a, c) for a in DIVIDENDS], (op, c)


@pytest.mark.parametrize("op", list(OPS))
def test_symbolic_divisors(engine, op):
    fn = getattr(engine, f"{op}_sym")
    for b in (1, 2, 5, 64, 10**9 + 7):
        got = [fn(a, b) for a in DIVIDENDS]
        assert got == [OPS[op](a, b) for a in DIVIDENDS], (op, b)


def test_nested_expression(engine):
    for b in (1, 3, 8):
        for a in range(-40, 41):
            expected = (a * 3 - 5) // 4 + -(-(a - 7) // b) + (a * 2) % 5
            assert engine.nested(a, b) == expected, (a, b)


def test_loop_bounds_and_condition(engine):
    for a in range(-30, 31):
        lo, hi = a // 3, -(-a // 2) + 10
        assert engine.trips(a) == sum(1 for i in range(lo, hi) if i % 4 - 1 >= 0), a
