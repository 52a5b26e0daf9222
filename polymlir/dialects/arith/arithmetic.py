"""The arith dialect's integer and floating-point arithmetic: the binary ops
(``arith.addi`` ... ``arith.minnumf``) on their family bases, ``arith.negf``,
and the extended-precision ops (``arith.addui_extended`` ...). The ops that
fold declare it (``fold``, from ``folding``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...ir import constraints as C
from ...ir.fields import operand_def, prop_def, result_def
from ...ir.interfaces import ConditionallySpeculatableOp
from ...ir.patterns import FoldResult
from ...ir.registry import register_op
from ...ir.traits import (
    COMMUTATIVE,
    IDEMPOTENT,
    PURE,
    SAME_OPERANDS_AND_RESULT_TYPE,
)
from . import folding as F
from .ops import (
    FASTMATH_NONE,
    OVERFLOW_NONE,
    BoolLike,
    ElementwiseOp,
    FastMathAttr,
    FloatLike,
    IntegerOverflowFlagsAttr,
    OverflowAttr,
    SignlessIntLike,
    verify_all_types_match,
)

# -- integer and float arithmetic ------------------------------------------------

_PURE_SAME_TYPE = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE})
_COMMUTATIVE = _PURE_SAME_TYPE | {COMMUTATIVE}
_COMMUTATIVE_IDEMPOTENT = _COMMUTATIVE | {IDEMPOTENT}


class _BinaryOp(ElementwiseOp):
    """Base of the binary ops whose operands and result have one type:
    ``$lhs, $rhs [flags] attr-dict : type($result)``."""

    __slots__ = ()
    traits = _PURE_SAME_TYPE
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"


class IntBinaryOp(_BinaryOp):
    """Base of the binary ops on signless integers (or vectors/tensors of them)."""

    __slots__ = ()
    lhs = operand_def(SignlessIntLike)
    rhs = operand_def(SignlessIntLike)
    result = result_def(SignlessIntLike)


class _IntOverflowBinaryOp(IntBinaryOp):
    """Integer binary ops with no-wrap flags: ``arith.addi %a, %b overflow<nsw> : i32``."""

    __slots__ = ()
    overflowFlags = prop_def(OverflowAttr, default=OVERFLOW_NONE)
    assembly_format = "$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)"


class _IntExactBinaryOp(IntBinaryOp):
    """Integer binary ops that may be marked exact: ``arith.divsi %a, %b exact : i32``."""

    __slots__ = ()
    isExact = prop_def(C.UnitAttr, optional=True)
    assembly_format = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)"


class FloatBinaryOp(_BinaryOp):
    """Float binary ops with fast-math flags: ``arith.addf %a, %b fastmath<fast> : f32``."""

    __slots__ = ()
    lhs = operand_def(FloatLike)
    rhs = operand_def(FloatLike)
    result = result_def(FloatLike)
    fastmath = prop_def(FastMathAttr, default=FASTMATH_NONE)
    assembly_format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"


@register_op
class AddIOp(_IntOverflowBinaryOp):
    """Integer addition (modulo 2^n)."""

    __slots__ = ()
    OP_NAME = "arith.addi"
    traits = _COMMUTATIVE

    def fold(self, operands: list) -> FoldResult:
        return F.fold_addi(self, operands, SubIOp)


@register_op
class SubIOp(_IntOverflowBinaryOp):
    """Integer subtraction."""

    __slots__ = ()
    OP_NAME = "arith.subi"

    def fold(self, operands: list) -> FoldResult:
        return F.fold_subi(self, operands, AddIOp)


@register_op
class MulIOp(_IntOverflowBinaryOp):
    """Integer multiplication."""

    __slots__ = ()
    OP_NAME = "arith.muli"
    traits = _COMMUTATIVE
    fold = F.fold_muli


@register_op
class ShLIOp(_IntOverflowBinaryOp):
    """Left shift."""

    __slots__ = ()
    OP_NAME = "arith.shli"
    fold = F.shift_folder("shl")


class _MayTrap(ConditionallySpeculatableOp):
    """Integer division and remainder: pure, but undefined (a trap on most
    targets) when the divisor is zero (or signed overflow), so never run
    where they did not (hoisted out of a loop that may run zero times)."""

    __slots__ = ()

    def speculatable(self) -> bool:
        return False


@register_op
class DivUIOp(_IntExactBinaryOp, _MayTrap):
    """Unsigned division."""

    __slots__ = ()
    OP_NAME = "arith.divui"

    def fold(self, operands: list) -> FoldResult:
        return F.fold_divui(self, operands, MulIOp, IntegerOverflowFlagsAttr)


@register_op
class DivSIOp(_IntExactBinaryOp, _MayTrap):
    """Signed division."""

    __slots__ = ()
    OP_NAME = "arith.divsi"

    def fold(self, operands: list) -> FoldResult:
        return F.fold_divsi(self, operands, MulIOp, IntegerOverflowFlagsAttr)


@register_op
class ShRUIOp(_IntExactBinaryOp):
    """Logical right shift."""

    __slots__ = ()
    OP_NAME = "arith.shrui"
    fold = F.shift_folder("shru")


@register_op
class ShRSIOp(_IntExactBinaryOp):
    """Arithmetic right shift."""

    __slots__ = ()
    OP_NAME = "arith.shrsi"
    fold = F.shift_folder("shrs")


@register_op
class CeilDivUIOp(IntBinaryOp, _MayTrap):
    """Unsigned division rounding up."""

    __slots__ = ()
    OP_NAME = "arith.ceildivui"


@register_op
class CeilDivSIOp(IntBinaryOp, _MayTrap):
    """Signed division rounding up."""

    __slots__ = ()
    OP_NAME = "arith.ceildivsi"
    fold = F.by_one_folder(F.ceildivsi)


@register_op
class FloorDivSIOp(IntBinaryOp, _MayTrap):
    """Signed division rounding down."""

    __slots__ = ()
    OP_NAME = "arith.floordivsi"
    fold = F.by_one_folder(F.floordivsi)


@register_op
class RemUIOp(IntBinaryOp, _MayTrap):
    """Unsigned remainder."""

    __slots__ = ()
    OP_NAME = "arith.remui"
    fold = F.rem_folder(True)


@register_op
class RemSIOp(IntBinaryOp, _MayTrap):
    """Signed remainder."""

    __slots__ = ()
    OP_NAME = "arith.remsi"
    fold = F.rem_folder(False)


@register_op
class AndIOp(IntBinaryOp):
    """Bitwise and."""

    __slots__ = ()
    OP_NAME = "arith.andi"
    traits = _COMMUTATIVE_IDEMPOTENT
    fold = F.fold_andi


@register_op
class OrIOp(IntBinaryOp):
    """Bitwise or."""

    __slots__ = ()
    OP_NAME = "arith.ori"
    traits = _COMMUTATIVE_IDEMPOTENT
    fold = F.fold_ori


@register_op
class XOrIOp(IntBinaryOp):
    """Bitwise xor."""

    __slots__ = ()
    OP_NAME = "arith.xori"
    traits = _COMMUTATIVE
    fold = F.fold_xori


@register_op
class MaxSIOp(IntBinaryOp):
    """Signed maximum."""

    __slots__ = ()
    OP_NAME = "arith.maxsi"
    traits = _COMMUTATIVE
    fold = F.minmax_folder(lambda a, b, w: max(a, b))


@register_op
class MaxUIOp(IntBinaryOp):
    """Unsigned maximum."""

    __slots__ = ()
    OP_NAME = "arith.maxui"
    traits = _COMMUTATIVE
    fold = F.minmax_folder(lambda a, b, w: a if F.unsigned(a, w) >= F.unsigned(b, w) else b)


@register_op
class MinSIOp(IntBinaryOp):
    """Signed minimum."""

    __slots__ = ()
    OP_NAME = "arith.minsi"
    traits = _COMMUTATIVE
    fold = F.minmax_folder(lambda a, b, w: min(a, b))


@register_op
class MinUIOp(IntBinaryOp):
    """Unsigned minimum."""

    __slots__ = ()
    OP_NAME = "arith.minui"
    traits = _COMMUTATIVE
    fold = F.minmax_folder(lambda a, b, w: a if F.unsigned(a, w) <= F.unsigned(b, w) else b)


@register_op
class AddFOp(FloatBinaryOp):
    """Floating-point addition."""

    __slots__ = ()
    OP_NAME = "arith.addf"
    traits = _COMMUTATIVE
    fold = F.float_binary_folder(lambda a, b: a + b, lambda c: F.is_float(c, 0.0, negative_zero=True))


@register_op
class SubFOp(FloatBinaryOp):
    """Floating-point subtraction."""

    __slots__ = ()
    OP_NAME = "arith.subf"
    fold = F.float_binary_folder(lambda a, b: a - b, lambda c: F.is_float(c, 0.0))


@register_op
class MulFOp(FloatBinaryOp):
    """Floating-point multiplication."""

    __slots__ = ()
    OP_NAME = "arith.mulf"
    traits = _COMMUTATIVE
    fold = F.float_binary_folder(F.mulf, lambda c: F.is_float(c, 1.0))


@register_op
class DivFOp(FloatBinaryOp):
    """Floating-point division."""

    __slots__ = ()
    OP_NAME = "arith.divf"
    fold = F.float_binary_folder(F.divf, lambda c: F.is_float(c, 1.0))


@register_op
class RemFOp(FloatBinaryOp):
    """Floating-point remainder."""

    __slots__ = ()
    OP_NAME = "arith.remf"


@register_op
class MaximumFOp(FloatBinaryOp):
    """Maximum; NaN if either is NaN."""

    __slots__ = ()
    OP_NAME = "arith.maximumf"
    traits = _COMMUTATIVE


@register_op
class MaxNumFOp(FloatBinaryOp):
    """Maximum; the other operand if one is NaN."""

    __slots__ = ()
    OP_NAME = "arith.maxnumf"
    traits = _COMMUTATIVE


@register_op
class MinimumFOp(FloatBinaryOp):
    """Minimum; NaN if either is NaN."""

    __slots__ = ()
    OP_NAME = "arith.minimumf"
    traits = _COMMUTATIVE


@register_op
class MinNumFOp(FloatBinaryOp):
    """Minimum; the other operand if one is NaN."""

    __slots__ = ()
    OP_NAME = "arith.minnumf"
    traits = _COMMUTATIVE


@register_op
class NegFOp(ElementwiseOp):
    """Floating-point negation."""

    __slots__ = ()
    OP_NAME = "arith.negf"
    traits = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE})
    if not TYPE_CHECKING:  # named like an Operation member (op.operand stays Operation's): op.f.operand
        operand = operand_def(FloatLike)
    fastmath = prop_def(FastMathAttr, default=FASTMATH_NONE)
    result = result_def(FloatLike)
    assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"
    fold = F.fold_negf


class _ExtendedOp(ElementwiseOp):
    __slots__ = ()
    traits = frozenset({PURE, COMMUTATIVE})
    lhs = operand_def(SignlessIntLike)
    rhs = operand_def(SignlessIntLike)
    _match: ClassVar[tuple[str, ...]] = ()

    def verify_preds(self) -> None:
        verify_all_types_match(self, self._match)


@register_op
class AddUIExtendedOp(_ExtendedOp):
    """Addition returning the sum and an unsigned-overflow bit."""

    __slots__ = ()
    OP_NAME = "arith.addui_extended"
    sum = result_def(SignlessIntLike)
    overflow = result_def(BoolLike)
    _match = ("lhs", "rhs", "sum")
    type_matches = (("lhs", "rhs", "sum"),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)"

    def asm_result_names(self) -> tuple[str, str]:
        return ("sum", "overflow")


@register_op
class MulSIExtendedOp(_ExtendedOp):
    """Signed multiplication returning the low and high halves."""

    __slots__ = ()
    OP_NAME = "arith.mulsi_extended"
    low = result_def(SignlessIntLike)
    high = result_def(SignlessIntLike)
    _match = ("lhs", "rhs", "low", "high")
    type_matches = (("lhs", "rhs", "low", "high"),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs)"

    def asm_result_names(self) -> tuple[str, str]:
        return ("low", "high")


@register_op
class MulUIExtendedOp(MulSIExtendedOp):
    """Unsigned multiplication returning the low and high halves."""

    __slots__ = ()
    OP_NAME = "arith.mului_extended"
