"""The folders of the arith ops (upstream's ``ArithOps.cpp`` ``fold``
methods, for scalars of integer, index and float types), which the op
classes declare as their ``fold`` (``AddIOp.fold``...). A folder takes the
op and the constant value of each operand (None where not constant) and
returns None (no fold), ``[]`` (changed in place) or one value or
attribute per result (see ``polymlir.ir.patterns``).

Integers wrap to their width; a division by zero or an overflowing signed
division is not folded; float results are rounded to the type's precision
and NaN results left unfolded. The ops a folder looks through (``(a - b) +
b``) are passed by class: this module imports no op class.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation, OpResult, Value
from ...ir.patterns import Folder, FoldResult, OpClass

if TYPE_CHECKING:  # (ops.py imports this module for the folds of its classes)
    from .ops import IntegerOverflowFlagsAttr


def _width(t: T.Type) -> int | None:
    if isinstance(t, T.IndexType):
        return 64
    if isinstance(t, T.IntegerType):
        return t.width
    return None


def _signed(v: int, w: int) -> int:
    """``v`` as a ``w``-bit two's complement value (i1 true is -1)."""
    v &= (1 << w) - 1
    return v - (1 << w) if v >> (w - 1) else v


def unsigned(v: int, w: int) -> int:
    return v & ((1 << w) - 1)


def _int_attr(v: int, t: T.Type) -> A.IntegerAttr:
    w = _width(t)
    assert w is not None
    return A.IntegerAttr(v & 1, t) if w == 1 else A.IntegerAttr(_signed(v, w), t)


def _ints(op: Operation, consts: list) -> tuple[int | None, int | None, int | None]:
    """(width, lhs, rhs) of a scalar integer op, the constant operands as
    signed values (None where not constant)."""
    w = _width(op.results[0].type) if op.results else None
    if w is None:
        return None, None, None
    vals = [_signed(c.value, w) if isinstance(c, A.IntegerAttr) else None for c in consts[:2]]
    vals += [None] * (2 - len(vals))
    return w, vals[0], vals[1]


def _is_one(b: int | None, w: int) -> bool:
    return b is not None and unsigned(b, w) == 1


def defined_by(v: Value, kind: OpClass) -> Operation | None:
    """The op of class ``kind`` defining ``v``, or None."""
    return v.owner if isinstance(v, OpResult) and type(v.owner) is kind else None


def _binary_int(compute: Callable[[int, int, int], int | None]):
    def fold(op: Operation, consts: list) -> FoldResult:
        w, a, b = _ints(op, consts)
        if w is None or a is None or b is None:
            return None
        r = compute(a, b, w)
        return None if r is None else [_int_attr(r, op.results[0].type)]

    return fold


def fold_addi(op: Operation, consts: list, sub_op: OpClass) -> FoldResult:
    """``x + 0``, ``(a - b) + b``, ``b + (a - b)``; constants."""
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if b == 0:
        return [lhs]
    sub = defined_by(lhs, sub_op)
    if sub is not None and sub.operands[1] is rhs:
        return [sub.operands[0]]
    sub = defined_by(rhs, sub_op)
    if sub is not None and sub.operands[1] is lhs:
        return [sub.operands[0]]
    return _binary_int(lambda a, b, w: a + b)(op, consts)


def fold_subi(op: Operation, consts: list, add_op: OpClass) -> FoldResult:
    """``x - x``, ``x - 0``, ``(a + b) - b``; constants."""
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if lhs is rhs:
        return [_int_attr(0, op.results[0].type)]
    if b == 0:
        return [lhs]
    add = defined_by(lhs, add_op)
    if add is not None:
        if rhs is add.operands[1]:
            return [add.operands[0]]
        if rhs is add.operands[0]:
            return [add.operands[1]]
    return _binary_int(lambda a, b, w: a - b)(op, consts)


def fold_muli(op: Operation, consts: list) -> FoldResult:
    """``x * 0`` (integers), ``x * 1``; constants."""
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    if b == 0:
        return [op.operands[1]]
    if _is_one(b, w):
        return [op.operands[0]]
    return _binary_int(lambda a, b, w: a * b)(op, consts)


def _div_mul(op: Operation, flag: str, mul_op: OpClass, flags_attr: type[IntegerOverflowFlagsAttr]) -> Value | None:
    """``(a * b) / b -> a`` when the multiplication (a ``mul_op``) has the
    overflow flag (in its ``flags_attr`` attribute)."""
    lhs, rhs = op.operands
    mul = defined_by(lhs, mul_op)
    if mul is None:
        return None
    flags = mul.get_attr("overflowFlags")
    if not isinstance(flags, flags_attr) or not flags.has(flag):
        return None
    if mul.operands[0] is rhs:
        return mul.operands[1]
    if mul.operands[1] is rhs:
        return mul.operands[0]
    return None


def _tdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _sdiv(a: int, b: int, w: int) -> int | None:
    if b == 0 or (a == -(1 << (w - 1)) and b == -1 and w > 1):
        return None
    return _tdiv(a, b)


def fold_divsi(op: Operation, consts: list, mul_op: OpClass, flags_attr: type[IntegerOverflowFlagsAttr]) -> FoldResult:
    """``x / 1``, ``(a * b) / b`` with ``nsw``; constants (not by zero, not overflowing)."""
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    if _is_one(b, w):
        return [op.operands[0]]
    v = _div_mul(op, "nsw", mul_op, flags_attr)
    if v is not None:
        return [v]
    return _binary_int(_sdiv)(op, consts)


def fold_divui(op: Operation, consts: list, mul_op: OpClass, flags_attr: type[IntegerOverflowFlagsAttr]) -> FoldResult:
    """``x / 1``, ``(a * b) / b`` with ``nuw``; constants (not by zero)."""
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    if _is_one(b, w):
        return [op.operands[0]]
    v = _div_mul(op, "nuw", mul_op, flags_attr)
    if v is not None:
        return [v]
    return _binary_int(lambda a, b, w: None if b == 0 else unsigned(a, w) // unsigned(b, w))(op, consts)


def _srem(a: int, b: int, w: int) -> int | None:
    if b == 0:
        return None
    return a - _tdiv(a, b) * b if not (a == -(1 << (w - 1)) and b == -1) else 0


def rem_folder(is_unsigned: bool) -> Folder:
    """``x % 1``; constants (not by zero)."""

    def fold(op: Operation, consts: list) -> FoldResult:
        w, _, b = _ints(op, consts)
        if w is None:
            return None
        if _is_one(b, w):
            return [_int_attr(0, op.results[0].type)]
        if is_unsigned:
            return _binary_int(lambda a, b, w: None if b == 0 else unsigned(a, w) % unsigned(b, w))(op, consts)
        return _binary_int(_srem)(op, consts)

    return fold


def floordivsi(a: int, b: int, w: int) -> int | None:
    if b == 0 or (a == -(1 << (w - 1)) and b == -1):
        return None
    return a // b


def ceildivsi(a: int, b: int, w: int) -> int | None:
    lo = -(1 << (w - 1))
    if b == 0 or a == lo or b == lo:  # upstream declines where its negations overflow
        return None
    return -(-a // b)


def by_one_folder(compute: Callable[[int, int, int], int | None]) -> Folder:
    """``x op 1 -> x``; constants by ``compute(a, b, width)``."""

    def fold(op: Operation, consts: list) -> FoldResult:
        w, _, b = _ints(op, consts)
        if w is None:
            return None
        if _is_one(b, w):
            return [op.operands[0]]
        return _binary_int(compute)(op, consts)

    return fold


def fold_andi(op: Operation, consts: list) -> FoldResult:
    """``x & 0``, ``x & -1``, ``x & x``; constants."""
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if b == 0:
        return [rhs]
    if b == -1:
        return [lhs]
    if lhs is rhs:
        return [lhs]
    return _binary_int(lambda a, b, w: a & b)(op, consts)


def fold_ori(op: Operation, consts: list) -> FoldResult:
    """``x | 0``, ``x | x``; constants."""
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if b == 0:
        return [lhs]
    if lhs is rhs:
        return [lhs]
    return _binary_int(lambda a, b, w: a | b)(op, consts)


def fold_xori(op: Operation, consts: list) -> FoldResult:
    """``x ^ 0``, ``x ^ x``; constants."""
    w, _, b = _ints(op, consts)
    if w is None:
        return None
    lhs, rhs = op.operands
    if b == 0:
        return [lhs]
    if lhs is rhs:
        return [_int_attr(0, op.results[0].type)]
    return _binary_int(lambda a, b, w: a ^ b)(op, consts)


def shift_folder(kind: str) -> Folder:
    """``x << 0`` (``>>``); constants (shift amounts below the width)."""

    def fold(op: Operation, consts: list) -> FoldResult:
        w, _, b = _ints(op, consts)
        if w is None:
            return None
        if b == 0:
            return [op.operands[0]]

        def compute(a: int, b: int, w: int) -> int | None:
            n = unsigned(b, w)
            if n >= w:
                return None
            if kind == "shl":
                return a << n
            if kind == "shrs":
                return a >> n
            return unsigned(a, w) >> n

        return _binary_int(compute)(op, consts)

    return fold


def minmax_folder(pick: Callable[[int, int, int], int]) -> Folder:
    """``max(x, x)``; constants by ``pick(a, b, width)``."""

    def fold(op: Operation, consts: list) -> FoldResult:
        w, _, _ = _ints(op, consts)
        if w is None:
            return None
        if op.operands[0] is op.operands[1]:
            return [op.operands[0]]
        return _binary_int(pick)(op, consts)

    return fold


_CMPI_SWAP = {
    "slt": "sgt",
    "sgt": "slt",
    "sle": "sge",
    "sge": "sle",
    "ult": "ugt",
    "ugt": "ult",
    "ule": "uge",
    "uge": "ule",
    "eq": "eq",
    "ne": "ne",
}
_CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def _int_prop(op: Operation, name: str) -> int:
    return cast(A.IntegerAttr, op.get_attr(name)).value


def _cmpi(pred: str, a: int, b: int, w: int) -> bool:
    if pred[0] == "u":
        a, b = unsigned(a, w), unsigned(b, w)
        pred = "s" + pred[1:]
    return {"eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b, "sgt": a > b, "sge": a >= b}[pred]


def fold_cmpi(op: Operation, consts: list) -> FoldResult:
    """``cmpi(x, x)``; a constant left operand moved right; constants."""
    lhs, rhs = op.operands
    w = _width(lhs.type)
    if w is None:
        return None
    pred = _CMPI[_int_prop(op, "predicate")]
    if lhs is rhs:
        return [A.BoolAttr(pred in ("eq", "sle", "sge", "ule", "uge"))]
    a, b = consts
    if a is not None and b is None:
        op.set_attr("predicate", A.IntegerAttr(_CMPI.index(_CMPI_SWAP[pred]), T.i64))
        op.set_operands([rhs, lhs])
        return []
    if isinstance(a, A.IntegerAttr) and isinstance(b, A.IntegerAttr):
        return [A.BoolAttr(_cmpi(pred, _signed(a.value, w), _signed(b.value, w), w))]
    return None


def fold_select(op: Operation, consts: list, cmpi_op: OpClass) -> FoldResult:
    """Equal values; a constant condition; ``select(c, true, false)``; a
    ``cmpi eq/ne`` of its operands."""
    cond, tv, fv = op.operands
    if tv is fv:
        return [tv]
    c = consts[0]
    if isinstance(c, A.IntegerAttr) and cond.type == T.i1:
        return [tv if c.value & 1 else fv]
    t, f = consts[1], consts[2]
    if (
        op.results[0].type == T.i1
        and isinstance(t, A.IntegerAttr)
        and isinstance(f, A.IntegerAttr)
        and t.value & 1
        and not f.value & 1
    ):
        return [cond]
    cmp = defined_by(cond, cmpi_op)
    if cmp is not None:
        pred = _CMPI[_int_prop(cmp, "predicate")]
        if pred in ("eq", "ne"):
            a, b = cmp.operands
            if (a is tv and b is fv) or (b is tv and a is fv):
                return [tv if pred == "ne" else fv]
    return None


def fold_index_cast(op: Operation, consts: list) -> FoldResult:
    """Constants (sign-extended or truncated)."""
    c = consts[0]
    w = _width(op.results[0].type)
    if not isinstance(c, A.IntegerAttr) or w is None or _width(op.operands[0].type) is None:
        return None
    src_w = _width(op.operands[0].type)
    assert src_w is not None
    return [_int_attr(_signed(c.value, src_w), op.results[0].type)]  # sign-extend or truncate


def fold_trunci(op: Operation, consts: list) -> FoldResult:
    """Constants."""
    c = consts[0]
    w = _width(op.results[0].type)
    if not isinstance(c, A.IntegerAttr) or w is None:
        return None
    return [_int_attr(_signed(c.value, w), op.results[0].type)]


def fold_sitofp(op: Operation, consts: list) -> FoldResult:
    """Constants (exactly representable in a double)."""
    c = consts[0]
    t = op.results[0].type
    src_w = _width(op.operands[0].type)
    if not isinstance(c, A.IntegerAttr) or src_w is None or not isinstance(t, T.FloatType):
        return None
    v = _signed(c.value, src_w)
    if t.name not in ("f16", "bf16", "f32", "f64") or (t.name != "f64" and abs(v) >= 2**53):
        return None  # (beyond 2**53, int -> double -> narrower would round twice)
    return _float_result(op, float(v))


def _floats(op: Operation, consts: list) -> list[float | None] | None:
    t = op.results[0].type
    if not isinstance(t, T.FloatType) or t.name not in ("f16", "bf16", "f32", "f64"):
        return None
    return [c.value if isinstance(c, A.FloatAttr) and c.type == t else None for c in consts]


def is_float(c, v: float, negative_zero: bool = False) -> bool:
    """Whether ``c`` is the float constant ``v`` (of that sign, for zero)."""
    if not isinstance(c, A.FloatAttr) or math.isnan(c.value) or c.value != v:
        return False
    return v != 0 or (math.copysign(1.0, c.value) < 0) == negative_zero


def _float_result(op: Operation, v: float):
    t = op.results[0].type
    r = A.round_float(v, t)
    if math.isnan(r):
        return None  # NaN payloads are APFloat's business; left unfolded
    return [A.FloatAttr(r, t)]


def float_binary_folder(compute: Callable[[float, float], float], identity: Callable[[object], bool]) -> Folder:
    """``x op identity -> x``; constants by ``compute`` in the type's precision (NaN results left)."""

    def fold(op: Operation, consts: list) -> FoldResult:
        vals = _floats(op, consts)
        if vals is None:
            return None
        if identity(consts[1]):
            return [op.operands[0]]
        a, b = vals
        if a is None or b is None or math.isnan(a) or math.isnan(b):
            return None
        try:
            r = compute(a, b)
        except (OverflowError, ZeroDivisionError):
            return None
        return _float_result(op, r)

    return fold


def divf(a: float, b: float) -> float:
    """IEEE division (zero divisors give infinities or NaN)."""
    if b == 0:
        if a == 0:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def mulf(a: float, b: float) -> float:
    try:
        return a * b
    except OverflowError:  # pragma: no cover - float products do not raise
        return math.copysign(math.inf, a) * math.copysign(1.0, b)


def fold_negf(op: Operation, consts: list) -> FoldResult:
    """``-(-x)``; constants."""
    vals = _floats(op, consts)
    if vals is None:
        return None
    inner = defined_by(op.operands[0], type(op))
    if inner is not None:
        return [inner.operands[0]]
    a = vals[0]
    if a is None or math.isnan(a):
        return None
    return _float_result(op, -a)
