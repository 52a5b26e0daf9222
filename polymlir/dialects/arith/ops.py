"""The arith dialect: integer and floating-point arithmetic, comparisons,
casts and constants on scalars, vectors and tensors (upstream MLIR 22).

The arithmetic ops live in ``arithmetic``, the cast ops in ``casts``. This
module defines the dialect's attributes ``#arith.fastmath<...>`` and
``#arith.overflow<...>`` (used by the math dialect too) and the verifiers of the traits every elementwise op shares
(``verify_elementwise``, ``verify_same_operands_and_result_shape``).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, TypeVar

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import custom_attr, enum_attr
from ...ir.fields import operand_def, prop_def, result_def
from ...ir.opdef import _OP_MEMBERS, OpDef
from ...ir.patterns import FoldResult
from ...ir.registry import register_op
from ...ir.traits import (
    CONSTANT_LIKE,
    PURE,
    SAME_OPERANDS_AND_RESULT_SHAPE,
    SAME_TYPE_OPERANDS,
)
from ...parser.attr_parser import DIALECT_ATTR_PARSERS, BaseParser
from . import folding as F

# -- attributes ---------------------------------------------------------------

# Bit order is upstream's: it fixes both the bit values and the print order.
FASTMATH_BITS: dict[str, int] = {"reassoc": 1, "nnan": 2, "ninf": 4, "nsz": 8, "arcp": 16, "contract": 32, "afn": 64}
FASTMATH_FAST = 127
OVERFLOW_BITS: dict[str, int] = {"nsw": 1, "nuw": 2}

if TYPE_CHECKING:  # pragma: no cover
    from typing_extensions import Self  # typing.Self is Python 3.11+


def _flags_body(value: int, bits: dict[str, int], sep: str, group: tuple[str, int] | None = None) -> str:
    if value == 0:
        return "none"
    if group is not None and value & group[1] == group[1]:
        rest = [n for n, b in bits.items() if value & b and not b & group[1]]
        return sep.join([group[0], *rest])
    return sep.join(n for n, b in bits.items() if value & b)


@dataclass(frozen=True, slots=True, repr=False)
class FastMathFlagsAttr(A.Attribute):
    """``#arith.fastmath<nnan,ninf>``: a bit set of fast-math flags."""

    value: int

    def body(self) -> str:
        return _flags_body(self.value, FASTMATH_BITS, ",", ("fast", FASTMATH_FAST))

    def print(self, p) -> str:
        return f"#arith.fastmath<{self.body()}>"

    def has(self, flag: str) -> bool:
        bit = FASTMATH_FAST if flag == "fast" else FASTMATH_BITS[flag]
        return self.value & bit == bit


@dataclass(frozen=True, slots=True, repr=False)
class IntegerOverflowFlagsAttr(A.Attribute):
    """``#arith.overflow<nsw, nuw>``: no-signed/unsigned-wrap flags."""

    value: int

    def body(self) -> str:
        return _flags_body(self.value, OVERFLOW_BITS, ", ")

    def print(self, p) -> str:
        return f"#arith.overflow<{self.body()}>"

    def has(self, flag: str) -> bool:
        return bool(self.value & OVERFLOW_BITS[flag])


FASTMATH_NONE = FastMathFlagsAttr(0)
OVERFLOW_NONE = IntegerOverflowFlagsAttr(0)

# mnemonic -> (attribute class, flag bits, upstream enum name)
_FLAG_ATTRS = {
    "fastmath": (FastMathFlagsAttr, {"none": 0, **FASTMATH_BITS, "fast": FASTMATH_FAST}, "FastMathFlags"),
    "overflow": (IntegerOverflowFlagsAttr, {"none": 0, **OVERFLOW_BITS}, "IntegerOverflowFlags"),
}


def _parse_flags(p: BaseParser, mnemonic: str, prefix: str = "") -> A.Attribute:
    """``<flag, flag...>`` (the parser is at ``<``)."""
    cls, names, enum = _FLAG_ATTRS[mnemonic]
    p.expect("<", "expected '<'")
    value = 0
    while True:
        pos = p.start
        if p.kind == "bare":
            kw = p.text
            p.advance()
        elif p.kind == "string":
            kw = p.parse_string()
        else:
            p.error("expected valid keyword or string")
        bit = names.get(kw)
        if bit is None:
            p.error(f"{prefix}expected ::mlir::arith::{enum} to be one of: {', '.join(names)}", pos)
        value |= bit
        if not p.accept(","):
            break
    p.expect(">", "expected '>'")
    return cls(value)


def _parse_arith_attr(p: BaseParser, name: str) -> A.Attribute | None:
    """``#arith.fastmath<...>``, ``#arith.overflow<...>`` and the
    ``#arith<fastmath<...>>`` spelling; other names stay opaque."""
    mnemonic = name[len("arith.") :] if name.startswith("arith.") else None
    if name == "arith":
        if not p.src.startswith("<", p.end):
            return None
        p.advance()
        p.advance()  # '<'
        if p.kind != "bare":
            return None
        if p.text not in _FLAG_ATTRS:
            p.error(f"unknown attribute `{p.text}` in dialect `arith`")
        mnemonic = p.text
        p.advance()
        a = _parse_flags(p, mnemonic)
        p.expect(">", "expected '>'")
        return a
    if mnemonic is None or mnemonic not in _FLAG_ATTRS:
        # arith is a registered dialect: it has no other attributes.
        p.error(f"unknown attribute `{mnemonic}` in dialect `arith`", p.start + len("#arith."))
    if not p.src.startswith("<", p.end):
        p.error("expected '<'", p.end)
    p.advance()
    return _parse_flags(p, mnemonic)


DIALECT_ATTR_PARSERS["arith"] = _parse_arith_attr


_FlagAttrT = TypeVar("_FlagAttrT", FastMathFlagsAttr, IntegerOverflowFlagsAttr)


def _flag_attr_constraint(cls: type[_FlagAttrT], mnemonic: str, description: str) -> C.TypedAttrConstraint[_FlagAttrT]:
    """The attribute as an op property: printed ``<...>`` after its keyword."""

    def parse(p, ps) -> A.Attribute:
        if p.kind == "<":
            prefix = f"custom op '{ps.op_class.OP_NAME}' " if ps is not None else ""
            return _parse_flags(p, mnemonic, prefix)
        pos = p.start
        a = p.parse_attribute()
        if not isinstance(a, cls):
            p.error(f"custom op '{ps.op_class.OP_NAME}' invalid kind of attribute specified", pos)
        return a

    def print_(a: A.Attribute, p) -> str | None:
        return f"<{a.body()}>" if isinstance(a, cls) else None

    c = C.attr_of(cls, description, dialect_mnemonic="arith." + mnemonic)
    return custom_attr(c, parse, print_, lambda p: p.kind in ("<", "#"))


FastMathAttr = _flag_attr_constraint(FastMathFlagsAttr, "fastmath", "Floating point fast math flags")
OverflowAttr = _flag_attr_constraint(IntegerOverflowFlagsAttr, "overflow", "Integer overflow arith flags")


def int_enum(cases: list[str], t: T.IntegerType, description: str) -> C.AttrConstraint:
    """Upstream's I32/I64EnumAttr: an integer of type ``t`` with one of the
    cases' values, printed as the case keyword in formats."""
    c = enum_attr(description, dict(enumerate(cases)), t)
    object.__setattr__(c, "pred", lambda a: isinstance(a, A.IntegerAttr) and a.type == t and 0 <= a.value < len(cases))
    return c


def _allowed(n: int, width: int) -> str:
    return f"allowed {width}-bit signless integer cases: " + ", ".join(str(i) for i in range(n))


CMPI_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMPF_PREDICATES = [
    "false",
    "oeq",
    "ogt",
    "oge",
    "olt",
    "ole",
    "one",
    "ord",
    "ueq",
    "ugt",
    "uge",
    "ult",
    "ule",
    "une",
    "uno",
    "true",
]
ROUNDING_MODES = ["to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"]
CmpIPredicateAttr = int_enum(CMPI_PREDICATES, T.i64, _allowed(10, 64))
CmpFPredicateAttr = int_enum(CMPF_PREDICATES, T.i64, _allowed(16, 64))
RoundingModeAttr = int_enum(ROUNDING_MODES, T.i32, "Floating point rounding mode")


def _typed_value_type(a: A.Attribute) -> T.Type | None:
    """The type of a TypedAttr (None for attributes without a type)."""
    if isinstance(
        a, (A.IntegerAttr, A.FloatAttr, A.DenseElementsAttr, A.SparseElementsAttr, A.DenseResourceElementsAttr)
    ):
        return a.type
    if isinstance(a, (A.StringAttr, A.OpaqueAttr)):
        return a.type if a.type is not None else T.none
    return None


TypedAttr = C.AttrConstraint("TypedAttr instance", lambda a: _typed_value_type(a) is not None)

# -- type constraints -------------------------------------------------------------

_elem = C._elem


def _signless(t: T.Type) -> bool:
    return isinstance(t, T.IntegerType) and t.signedness == ""


def _memref_elem(t: T.Type, pred) -> bool:
    return isinstance(t, (T.MemRefType, T.UnrankedMemRefType)) and pred(t.element_type)


SignlessIntLike = C.SignlessIntLike
FloatLike = C.FloatLike
BoolLike = C.BoolLike
SignlessFixedWidthIntLike = C.TypeConstraint("signless-fixed-width-integer-like", lambda t: _signless(_elem(t)))
IndexCastType = C.TypeConstraint(
    "signless-integer-like or memref of signless-integer",
    lambda t: SignlessIntLike(t) or _memref_elem(t, lambda e: _signless(e) or isinstance(e, T.IndexType)),
)
BitcastType = C.TypeConstraint(
    "signless-integer-or-float-like or memref of signless-integer or float",
    lambda t: (
        _signless(_elem(t))
        or isinstance(_elem(t), T.FloatType)
        or _memref_elem(t, lambda e: _signless(e) or isinstance(e, T.FloatType))
    ),
)

# -- shapes and shared trait verifiers ---------------------------------------------


def i1_same_shape(t: T.Type) -> T.Type:
    """``i1`` in the shape of ``t`` (a vector, tensor or memref of i1)."""
    if isinstance(t, T.VectorType):
        return T.VectorType(t.shape, T.i1, t.scalable_dims)
    if isinstance(t, T.RankedTensorType):
        return T.RankedTensorType(t.shape, T.i1, t.encoding)
    if isinstance(t, T.UnrankedTensorType):
        return T.UnrankedTensorType(T.i1)
    if isinstance(t, T.MemRefType):
        return T.MemRefType(t.shape, T.i1, t.layout, t.memory_space)
    return T.i1


def compatible_shape(a: T.Type, b: T.Type) -> bool:
    """Upstream's ``verifyCompatibleShape(Type, Type)``."""
    if not isinstance(a, T.ShapedType) or not isinstance(b, T.ShapedType):
        return isinstance(a, T.ShapedType) == isinstance(b, T.ShapedType)
    if not a.has_rank or not b.has_rank:
        return True
    return len(a.shape) == len(b.shape) and all(
        x == y or x == T.DYNAMIC or y == T.DYNAMIC for x, y in zip(a.shape, b.shape, strict=True)
    )


def compatible_shapes(types: list[T.Type]) -> bool:
    """Upstream's ``verifyCompatibleShapes(TypeRange)``."""
    shaped = [t for t in types if isinstance(t, T.ShapedType)]
    if not shaped:
        return True
    if len(shaped) != len(types):
        return False
    vecs = [t for t in shaped if isinstance(t, T.VectorType)]
    if vecs and len({any(v.scalable_dims) for v in vecs}) > 1:
        return False
    ranked = [t for t in shaped if t.has_rank]
    if not ranked:
        return True
    if len({len(t.shape) for t in ranked}) > 1:
        return False
    for dims in zip(*(t.shape for t in ranked), strict=True):
        static = {d for d in dims if d != T.DYNAMIC}
        if len(static) > 1:
            return False
    return True


def verify_same_operands_and_result_shape(op: OpDef) -> None:
    """The ``SameOperandsAndResultShape`` trait."""
    ts = [v.type for v in op.operands]
    if not ts or not op.results:
        return
    first = ts[0]
    for t in op.result_types + ts[1:]:
        if not compatible_shape(t, first):
            raise op.op_error("requires the same shape for all operands and results")


def _mappable(t: T.Type) -> bool:
    return isinstance(t, (T.VectorType, T.RankedTensorType, T.UnrankedTensorType))


def verify_elementwise(op: OpDef) -> None:
    """The ``Elementwise`` trait of ``ElementwiseMappable`` ops."""
    res = [t for t in op.result_types if _mappable(t)]
    ops = [v.type for v in op.operands if _mappable(v.type)]
    if not res and not ops:
        return
    if res and not ops:
        raise op.op_error("if a result is non-scalar, then at least one operand must be non-scalar")
    if not res:
        raise op.op_error("if an operand is non-scalar, then there must be at least one non-scalar result")
    if len(res) != len(op.results):
        raise op.op_error("if an operand is non-scalar, then all results must be non-scalar")
    types = ops + res
    if any(type(t) is not type(types[0]) for t in types) or not compatible_shapes(types):
        raise op.op_error("all non-scalar operands/results must have the same shape and base type")


def verify_all_types_match(op: OpDef, names: tuple[str, ...]) -> None:
    """The ``AllTypesMatch<names>`` predicate (fields named by MLIR name)."""
    types = [_field_type(op, n) for n in names]
    if any(t != types[0] for t in types):
        raise op.op_error(f"failed to verify that all of {{{', '.join(names)}}} have same type")


def _field_type(op: OpDef, name: str) -> T.Type | None:
    for group in ("operand", "result"):
        for d in op._fields[group]:
            if d.attr_name == name:
                v = d.__get__(op)
                return v.type if v is not None else None
    v = op.props.get(name)
    return _typed_value_type(v) if v is not None else None


# -- base classes ----------------------------------------------------------------


class ElementwiseOp(OpDef):
    """Base of the arith and math ops: elementwise-mappable, with default
    valued properties materialized at creation (upstream shows them in the
    generic form) and upstream's verification order: operand and attribute
    constraints, then predicates, then traits, then interfaces."""

    __slots__ = ()
    elementwise: ClassVar[bool] = True
    _defaults: ClassVar[tuple[tuple[str, A.Attribute], ...]] = ()

    @classmethod
    def _finalize(cls) -> None:
        super()._finalize()
        # OpDef._finalize hides the fields named like an Operation member
        # (`operand`) that the class itself declares; one that a family base
        # declares is hidden here, so that `op.operand(i)` stays Operation's.
        for fs in cls._fields.values():
            for f in fs:
                if f.name in _OP_MEMBERS and inspect.getattr_static(cls, f.name, None) is f:
                    setattr(cls, f.name, inspect.getattr_static(OpDef, f.name))
        cls._defaults = tuple((d.attr_name, d.default) for d in cls._fields["prop"] if d.default is not None)

    @classmethod
    def create(cls, name: str | None = None, **kw) -> Self:
        op = super().create(name, **kw)
        props = op.props
        if cls._defaults and isinstance(props, dict):
            for k, v in cls._defaults:
                if k not in props:
                    props[k] = v
        return op

    def verify_preds(self) -> None:
        """Upstream's ``PredOpTrait`` checks (run before the traits)."""

    def verify_interfaces(self) -> None:
        """Interface checks (e.g. cast compatibility), run after the traits."""

    def _verify_traits(self) -> None:
        self.verify_preds()
        super()._verify_traits()
        if SAME_OPERANDS_AND_RESULT_SHAPE in self.traits:
            verify_same_operands_and_result_shape(self)
        self.verify_interfaces()
        if self.elementwise:
            verify_elementwise(self)


def check_format_operand(p, ps, key: str, constraint: C.TypeConstraint, name: str | None = None) -> T.Type:
    """The parsed type of operand field ``key`` (MLIR name ``name``), checked
    as upstream's parser does before inferring result types from it."""
    t = ps.types[key][0]
    if not constraint(t):
        p.error(
            f"custom op '{ps.op_class.OP_NAME}' '{name or key}' must be {constraint.description}, but got '{t}'", ps.pos
        )
    return t


# -- comparisons and select ------------------------------------------------------


class _CmpOp(ElementwiseOp):
    __slots__ = ()
    traits = frozenset({PURE, SAME_TYPE_OPERANDS})
    result = result_def(BoolLike)
    _operand_constraint: ClassVar[C.TypeConstraint] = SignlessIntLike

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        if "lhs" in ps.types and "result" not in ps.types:
            t = check_format_operand(p, ps, "lhs", cls._operand_constraint)
            ps.types["result"] = [i1_same_shape(t)]

    def verify_preds(self) -> None:
        if self.result_types[0] != i1_same_shape(self.operands[0].type):
            raise self.op_error("failed to verify that result type has i1 element type and same shape as operands")


@register_op
class CmpIOp(_CmpOp):
    """Integer comparison; the result is i1 (or i1 in the operands' shape)."""

    __slots__ = ()
    OP_NAME = "arith.cmpi"
    fold = F.fold_cmpi
    predicate = prop_def(CmpIPredicateAttr)
    lhs = operand_def(SignlessIntLike)
    rhs = operand_def(SignlessIntLike)
    assembly_format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)"


@register_op
class CmpFOp(_CmpOp):
    """Floating-point comparison (ordered/unordered predicates)."""

    __slots__ = ()
    OP_NAME = "arith.cmpf"
    predicate = prop_def(CmpFPredicateAttr)
    lhs = operand_def(FloatLike)
    rhs = operand_def(FloatLike)
    fastmath = prop_def(FastMathAttr, default=FASTMATH_NONE)
    _operand_constraint = FloatLike
    assembly_format = "$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)"


@register_op
class SelectOp(ElementwiseOp):
    """``select %cond, %a, %b : [cond-type,] type``: %a where %cond holds."""

    __slots__ = ()
    OP_NAME = "arith.select"
    traits = frozenset({PURE})
    condition = operand_def(BoolLike)
    true_value = operand_def()
    false_value = operand_def()
    result = result_def()

    def fold(self, operands: list) -> FoldResult:
        return F.fold_select(self, operands, CmpIOp)

    @classmethod
    def parse(cls, p, state) -> None:
        pos = p.start
        refs = p.parse_operand_list()
        if len(refs) != 3:
            p.error("expected 3 operands", pos)
        state.attributes.update(p.parse_optional_attr_dict())
        ty = p.parse_colon_type()
        cond_ty: T.Type = T.i1
        if p.accept(","):
            cond_ty, ty = ty, p.parse_type()
        state.result_types = [ty]
        state.operands = p.resolve_operands(refs, [cond_ty, ty, ty], state.pos)

    def print_custom(self, p) -> None:
        p.write(" " + p.operands_str(self.operands))
        p.print_optional_attr_dict(self.attributes)
        ct = self.operands[0].type
        p.write(" : " + (p.type(ct) + ", " if isinstance(ct, T.ShapedType) else "") + p.type(self.result_types[0]))

    def verify_preds(self) -> None:
        verify_all_types_match(self, ("true_value", "false_value", "result"))
        c, r = self.operands[0].type, self.result_types[0]
        if c != T.i1 and not (
            isinstance(c, T.ShapedType)
            and isinstance(r, T.ShapedType)
            and c.has_rank
            and r.has_rank
            and c.shape == r.shape
        ):
            raise self.op_error("failed to verify that condition is signless i1 or has matching shape")

    def verify_(self) -> None:
        c, r = self.operands[0].type, self.result_types[0]
        if c == T.i1:
            return
        if not isinstance(r, (T.VectorType, T.RankedTensorType, T.UnrankedTensorType)):
            raise self.op_error(f"expected condition to be a signless i1, but got '{c}'")
        want = i1_same_shape(r)
        if c != want:
            raise self.op_error(
                f"expected condition type to have the same shape as the result type, expected '{want}', but got '{c}'"
            )


# -- constant --------------------------------------------------------------------


def print_typed_value(a: A.Attribute, p) -> str:
    """A typed attribute with its type, as upstream prints an op's typed
    value (``0 : i64`` included; ``true``/``false`` for i1)."""
    if isinstance(a, A.IntegerAttr) and a.type != T.i1:
        return a.print(p)  # `-1 : i8`, with the type even when i64
    return p.attr(a)


_CST_NAME, _TRUE_NAME, _FALSE_NAME = ("cst",), ("true",), ("false",)


@register_op
class ConstantOp(OpDef):
    """``arith.constant 42 : i32``: a scalar, vector or tensor constant."""

    __slots__ = ()
    OP_NAME = "arith.constant"
    traits = frozenset({PURE, CONSTANT_LIKE})
    value = prop_def(TypedAttr)
    result = result_def()

    @classmethod
    def of(cls, value: float | bool | A.Attribute, type: T.Type | None = None) -> ConstantOp:
        """A constant op for a Python number (``type`` defaults to index for
        ints, f64 for floats, i1 for bools) or a typed attribute."""
        if not isinstance(value, A.Attribute):
            if isinstance(value, bool):
                value = A.BoolAttr(value)
            elif isinstance(value, int):
                value = A.IntegerAttr(value, type or T.index)
            else:
                t = type or T.f64
                value = A.FloatAttr(A.round_float(float(value), t), t)
        vt = _typed_value_type(value)
        if vt is None:
            raise ValueError(f"arith.constant needs a typed attribute, got {value}")
        return cls.create(properties={"value": value}, result_types=[vt])

    # Upstream's format is `attr-dict $value`; written out because the value
    # prints with its type even when that is i64.
    @classmethod
    def parse(cls, p, state) -> None:
        for k, v in p.parse_optional_attr_dict().items():
            (state.properties if k == "value" else state.attributes)[k] = v
        pos = p.start
        v = p.parse_attribute()
        t = _typed_value_type(v)
        if t is None:
            p.error("custom op 'arith.constant' invalid kind of attribute specified", pos)
        state.properties["value"] = v
        state.result_types = [t]

    def print_custom(self, p) -> None:
        p.print_optional_attr_dict(self.attributes)
        p.write(" " + print_typed_value(self.value, p))

    def asm_result_names(self) -> tuple[str]:
        """Upstream's names: ``%c42`` (index), ``%c-1_i32`` (integers, the
        value read as signed), ``%true``/``%false`` (i1), ``%cst`` (the rest)."""
        v = self.props.get("value")
        if not isinstance(v, A.IntegerAttr):
            return _CST_NAME
        t = self.results[0].type
        if type(t) is T.IntegerType:
            if t.width == 1:
                return _TRUE_NAME if v.value & 1 else _FALSE_NAME
            return (f"c{A.as_printed_int(v.value, t)}_{t.signedness}i{t.width}",)
        return (f"c{A.as_printed_int(v.value, t)}",)

    def verify_(self) -> None:
        v, t = self.value, self.result_types[0]
        if _typed_value_type(v) != t:
            raise self.op_error("failed to verify that all of {value, result} have same type")
        if isinstance(t, T.IntegerType) and t.signedness:
            raise self.op_error("integer return type must be signless")
        if not isinstance(
            v, (A.IntegerAttr, A.FloatAttr, A.DenseElementsAttr, A.SparseElementsAttr, A.DenseResourceElementsAttr)
        ):
            raise self.op_error("value must be an integer, float, or elements attribute")
        if (
            isinstance(t, T.VectorType)
            and any(t.scalable_dims)
            and not (isinstance(v, A.DenseElementsAttr) and v.splat)
        ):
            raise self.op_error(
                "initializing scalable vectors with elements attribute is not supported unless it's a vector splat"
            )
