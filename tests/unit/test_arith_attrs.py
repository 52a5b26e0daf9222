"""The arith dialect's fast-math and overflow flag attributes."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.dialects.arith.ops import FASTMATH_FAST, FastMathFlagsAttr, IntegerOverflowFlagsAttr
from polymlir.ir.diagnostics import DiagnosticError


@pytest.mark.parametrize(
    "text, value, printed",
    [
        ("#arith.fastmath<none>", 0, "#arith.fastmath<none>"),
        ("#arith.fastmath<ninf,nnan>", 6, "#arith.fastmath<nnan,ninf>"),
        ("#arith.fastmath<fast>", FASTMATH_FAST, "#arith.fastmath<fast>"),
        ("#arith.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>", FASTMATH_FAST, "#arith.fastmath<fast>"),
        ("#arith<fastmath<contract>>", 32, "#arith.fastmath<contract>"),
    ],
)
def test_fastmath(text: str, value: int, printed: str) -> None:
    a = polymlir.parse_attribute(text)
    assert a == FastMathFlagsAttr(value)
    assert str(a) == printed


def test_fastmath_has() -> None:
    a = FastMathFlagsAttr(FASTMATH_FAST)
    assert a.has("nnan") and a.has("fast")
    assert not FastMathFlagsAttr(2).has("fast")


def test_overflow() -> None:
    a = polymlir.parse_attribute("#arith.overflow<nuw, nsw>")
    assert a == IntegerOverflowFlagsAttr(3)
    assert str(a) == "#arith.overflow<nsw, nuw>"
    assert a.has("nsw") and a.has("nuw")
    assert str(IntegerOverflowFlagsAttr(0)) == "#arith.overflow<none>"


@pytest.mark.parametrize(
    "text, message",
    [
        ("#arith.fastmath<foo>", "expected ::mlir::arith::FastMathFlags to be one of"),
        ("#arith.overflow<nsz>", "expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw"),
        ("#arith.bogus<x>", "unknown attribute `bogus` in dialect `arith`"),
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(DiagnosticError, match=message.replace("(", r"\(")):
        polymlir.parse_attribute(text)


def test_constant_of() -> None:
    from polymlir.dialects.arith.ops import ConstantOp
    from polymlir.ir import types as T

    assert ConstantOp.of(3).result_types == [T.index]
    c = ConstantOp.of(1.5, T.f32)
    assert c.result_types == [T.f32] and c.value.value == 1.5
    assert ConstantOp.of(True).result_types == [T.i1]
    c.verify_declared()
    c.verify_()
