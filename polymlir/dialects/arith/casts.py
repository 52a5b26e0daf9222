"""The arith dialect's cast ops: integer and float extension and truncation,
int/float conversions, index casts, bitcasts and the OCP MXFP scaling casts.

Each cast checks upstream's ``CastOpInterface`` rule (``compatible``): the
types must be of the right kinds, of compatible shapes and, for extensions
and truncations, strictly wider or narrower.
"""

from __future__ import annotations

from typing import ClassVar

from ...ir import constraints as C
from ...ir import types as T
from ...ir.fields import operand_def, prop_def, result_def
from ...ir.registry import register_op
from ...ir.traits import CAST_OP_INTERFACE, PURE, SAME_OPERANDS_AND_RESULT_SHAPE
from . import folding as F
from .ops import (
    OVERFLOW_NONE,
    BitcastType,
    ElementwiseOp,
    FastMathAttr,
    FloatLike,
    IndexCastType,
    OverflowAttr,
    RoundingModeAttr,
    SignlessFixedWidthIntLike,
    compatible_shapes,
)

_LIKE = (T.VectorType, T.RankedTensorType, T.UnrankedTensorType)


def _underlying(t: T.Type, memref: bool = False) -> T.Type | None:
    """Upstream's ``getTypeIfLike[OrMemRef]`` before the element-kind test:
    the element type of a vector/tensor (or memref), or ``t`` itself."""
    if isinstance(t, T.ShapedType):
        if isinstance(t, _LIKE) or (memref and isinstance(t, T.MemRefType)):
            return t.element_type
        return None
    return t


def _valid_io(a: T.Type, b: T.Type) -> bool:
    if isinstance(a, T.RankedTensorType) and isinstance(b, T.RankedTensorType) and a.encoding != b.encoding:
        return False
    return compatible_shapes([a, b])


def _width(t: T.Type | None) -> int:
    return t.width if isinstance(t, (T.IntegerType, T.FloatType)) else 64


def _width_change(a: T.Type, b: T.Type, kind: type, wider: bool) -> bool:
    ea, eb = _underlying(a), _underlying(b)
    if not _valid_io(a, b) or not isinstance(ea, kind) or not isinstance(eb, kind):
        return False
    return _width(eb) > _width(ea) if wider else _width(eb) < _width(ea)


class CastOp(ElementwiseOp):
    """Base of the one-operand casts ``$in attr-dict : type($in) to type($out)``."""

    __slots__ = ()
    traits = frozenset({PURE, SAME_OPERANDS_AND_RESULT_SHAPE, CAST_OP_INTERFACE})
    assembly_format = "$in attr-dict `:` type($in) `to` type($out)"

    @staticmethod
    def compatible(a: T.Type, b: T.Type) -> bool:
        """Upstream's ``areCastCompatible`` for this op."""
        return True

    def verify_preds(self) -> None:
        # SameInputOutputTensorDims: tensors must match exactly, not just be
        # compatible (a `?` does not match a static size).
        a, b = self.operands[0].type, self.result_types[0]
        sa = a.shape if isinstance(a, (T.RankedTensorType, T.UnrankedTensorType)) else ()
        sb = b.shape if isinstance(b, (T.RankedTensorType, T.UnrankedTensorType)) else ()
        if sa != sb or isinstance(a, T.UnrankedTensorType) != isinstance(b, T.UnrankedTensorType):
            raise self.op_error("failed to verify that input and output have the same tensor dimensions")

    def verify_interfaces(self) -> None:
        a, b = self.operands[0].type, self.result_types[0]
        if not self.compatible(a, b):
            ins = [v.type for v in self.operands]
            noun = "operand types " if len(ins) > 1 else "operand type "
            raise self.op_error(
                noun + ", ".join(f"'{t}'" for t in ins) + f" and result type '{b}' are cast incompatible"
            )


class _WidthCheck(CastOp):
    """Extensions must widen and truncations narrow (checked after the cast
    interface, so only reached by types the interface accepts)."""

    __slots__ = ()
    _wider: ClassVar[bool] = True

    def verify_(self) -> None:
        src = C._elem(self.operands[0].type)
        dst = C._elem(self.result_types[0])
        if self._wider and _width(src) >= _width(dst):
            raise self.emit_error(f"result type '{dst}' must be wider than operand type '{src}'")
        if not self._wider and _width(src) <= _width(dst):
            raise self.emit_error(f"result type '{dst}' must be shorter than operand type '{src}'")


@register_op
class ExtUIOp(_WidthCheck):
    """Zero-extend an integer to a wider one."""

    __slots__ = ()
    OP_NAME = "arith.extui"
    in_ = operand_def(SignlessFixedWidthIntLike, name="in")
    out = result_def(SignlessFixedWidthIntLike)

    @staticmethod
    def compatible(a: T.Type, b: T.Type) -> bool:
        return _width_change(a, b, T.IntegerType, True)


@register_op
class ExtSIOp(ExtUIOp):
    """Sign-extend an integer to a wider one."""

    __slots__ = ()
    OP_NAME = "arith.extsi"


@register_op
class TruncIOp(_WidthCheck):
    """Truncate an integer to a narrower one."""

    __slots__ = ()
    OP_NAME = "arith.trunci"
    fold = F.fold_trunci
    _wider = False
    in_ = operand_def(SignlessFixedWidthIntLike, name="in")
    overflowFlags = prop_def(OverflowAttr, default=OVERFLOW_NONE)
    out = result_def(SignlessFixedWidthIntLike)
    assembly_format = "$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)"

    @staticmethod
    def compatible(a: T.Type, b: T.Type) -> bool:
        return _width_change(a, b, T.IntegerType, False)


@register_op
class ExtFOp(_WidthCheck):
    """Extend a float to a wider float type."""

    __slots__ = ()
    OP_NAME = "arith.extf"
    in_ = operand_def(FloatLike, name="in")
    fastmath = prop_def(FastMathAttr, optional=True)
    out = result_def(FloatLike)
    assembly_format = "$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)"

    @staticmethod
    def compatible(a: T.Type, b: T.Type) -> bool:
        return _width_change(a, b, T.FloatType, True)


@register_op
class TruncFOp(_WidthCheck):
    """Truncate a float to a narrower float type, with a rounding mode."""

    __slots__ = ()
    OP_NAME = "arith.truncf"
    _wider = False
    in_ = operand_def(FloatLike, name="in")
    roundingmode = prop_def(RoundingModeAttr, optional=True)
    fastmath = prop_def(FastMathAttr, optional=True)
    out = result_def(FloatLike)
    assembly_format = "$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)"

    @staticmethod
    def compatible(a: T.Type, b: T.Type) -> bool:
        return _width_change(a, b, T.FloatType, False)


def _int_float(a: T.Type, b: T.Type, src: type, dst: type) -> bool:
    return _valid_io(a, b) and isinstance(_underlying(a), src) and isinstance(_underlying(b), dst)


@register_op
class UIToFPOp(CastOp):
    """Convert an unsigned integer to a float."""

    __slots__ = ()
    OP_NAME = "arith.uitofp"
    in_ = operand_def(SignlessFixedWidthIntLike, name="in")
    out = result_def(FloatLike)

    @staticmethod
    def compatible(a: T.Type, b: T.Type) -> bool:
        return _int_float(a, b, T.IntegerType, T.FloatType)


@register_op
class SIToFPOp(UIToFPOp):
    """Convert a signed integer to a float."""

    __slots__ = ()
    OP_NAME = "arith.sitofp"
    fold = F.fold_sitofp


@register_op
class FPToUIOp(CastOp):
    """Convert a float to an unsigned integer (rounding toward zero)."""

    __slots__ = ()
    OP_NAME = "arith.fptoui"
    in_ = operand_def(FloatLike, name="in")
    out = result_def(SignlessFixedWidthIntLike)

    @staticmethod
    def compatible(a: T.Type, b: T.Type) -> bool:
        return _int_float(a, b, T.FloatType, T.IntegerType)


@register_op
class FPToSIOp(FPToUIOp):
    """Convert a float to a signed integer (rounding toward zero)."""

    __slots__ = ()
    OP_NAME = "arith.fptosi"


def _signless(t: T.Type | None) -> bool:
    return isinstance(t, T.IntegerType) and t.signedness == ""


@register_op
class IndexCastOp(CastOp):
    """Cast between index and a signless integer (sign-extending)."""

    __slots__ = ()
    OP_NAME = "arith.index_cast"
    fold = F.fold_index_cast
    in_ = operand_def(IndexCastType, name="in")
    out = result_def(IndexCastType)

    @staticmethod
    def compatible(a: T.Type, b: T.Type) -> bool:
        if not _valid_io(a, b):
            return False
        ea, eb = _underlying(a, True), _underlying(b, True)
        return (isinstance(ea, T.IndexType) and _signless(eb)) or (_signless(ea) and isinstance(eb, T.IndexType))


@register_op
class IndexCastUIOp(IndexCastOp):
    """Cast between index and a signless integer (zero-extending)."""

    __slots__ = ()
    OP_NAME = "arith.index_castui"


@register_op
class BitcastOp(CastOp):
    """Reinterpret the bits of an integer or float as another of equal width."""

    __slots__ = ()
    OP_NAME = "arith.bitcast"
    in_ = operand_def(BitcastType, name="in")
    out = result_def(BitcastType)

    @staticmethod
    def compatible(a: T.Type, b: T.Type) -> bool:
        if not _valid_io(a, b):
            return False
        ea, eb = _underlying(a, True), _underlying(b, True)
        kinds = (T.IntegerType, T.FloatType)
        return isinstance(ea, kinds) and isinstance(eb, kinds) and _width(ea) == _width(eb)


class _ScalingCast(_WidthCheck):
    """``$in, $scale ... : type($in), type($scale) to type($out)``: an
    elementwise cast with a per-element scale (OCP MXFP)."""

    __slots__ = ()
    traits = frozenset({PURE, CAST_OP_INTERFACE})
    in_ = operand_def(FloatLike, name="in")
    scale = operand_def(FloatLike)
    out = result_def(FloatLike)

    @classmethod
    def compatible(cls, a: T.Type, b: T.Type) -> bool:
        return _width_change(a, b, T.FloatType, cls._wider)


@register_op
class ScalingExtFOp(_ScalingCast):
    """Upcast floats, multiplying by per-element scales."""

    __slots__ = ()
    OP_NAME = "arith.scaling_extf"
    fastmath = prop_def(FastMathAttr, optional=True)
    assembly_format = (
        "$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)"
    )


@register_op
class ScalingTruncFOp(_ScalingCast):
    """Downcast floats, dividing by per-element scales."""

    __slots__ = ()
    OP_NAME = "arith.scaling_truncf"
    _wider = False
    roundingmode = prop_def(RoundingModeAttr, optional=True)
    fastmath = prop_def(FastMathAttr, optional=True)
    assembly_format = (
        "$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict "
        "`:` type($in) `,` type($scale) `to` type($out)"
    )
