"""Type and attribute constraints for declarative op fields.

A constraint is a predicate with the description upstream's verifier uses
in its messages ("operand #0 must be signless-integer-like, but got 'f32'").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from . import attributes as A
from . import types as T


@dataclass(frozen=True)
class TypeConstraint:
    description: str
    pred: Callable[[T.Type], bool]
    # For constraints whose upstream C++ type is a builtin type class: its
    # name (e.g. "builtin.vector") and test; a format's type() directive
    # then rejects other kinds while parsing, as upstream's parser does.
    kind: tuple[str, Callable[[T.Type], bool]] | None = None
    # ODS "buildable" types (i1, index, ...): the only type the constraint
    # admits, so a format need not spell it (operands resolve to it).
    buildable: T.Type | None = None

    def __call__(self, t: T.Type) -> bool:
        return self.pred(t)

    def __or__(self, other: TypeConstraint) -> TypeConstraint:
        return TypeConstraint(f"{self.description} or {other.description}", lambda t: self.pred(t) or other.pred(t))


@dataclass(frozen=True)
class AttrConstraint:
    description: str
    pred: Callable[[A.Attribute], bool]
    # For dialect attributes printed unqualified in custom forms, the
    # qualified prefix (e.g. "arith.fastmath") the parser re-attaches.
    dialect_mnemonic: str | None = None
    default: A.Attribute | None = None

    def __call__(self, a: A.Attribute) -> bool:
        return self.pred(a)


AttrT = TypeVar("AttrT", bound=A.Attribute)


@dataclass(frozen=True, kw_only=True)
class TypedAttrConstraint(AttrConstraint, Generic[AttrT]):
    """A constraint that admits only instances of ``attr_class`` (its
    predicate checks that first): a property declared with it reads as an
    ``attr_class`` (``polymlir.ir.fields.prop_def``)."""

    attr_class: type[AttrT]


def attr_of(
    cls: type[AttrT],
    description: str,
    pred: Callable[[AttrT], bool] | None = None,
    dialect_mnemonic: str | None = None,
) -> TypedAttrConstraint[AttrT]:
    """The constraint "an instance of ``cls``" (and ``pred``, if given)."""
    if pred is None:
        test: Callable[[A.Attribute], bool] = lambda a: isinstance(a, cls)  # noqa: E731
    else:
        more = pred
        test = lambda a: isinstance(a, cls) and more(a)  # noqa: E731
    return TypedAttrConstraint(description, test, dialect_mnemonic, attr_class=cls)


def _elem(t: T.Type) -> T.Type:
    """Element type of a vector/tensor (``t`` itself for scalars)."""
    if isinstance(t, (T.VectorType, T.RankedTensorType, T.UnrankedTensorType)):
        return t.element_type
    return t


def _signless_int(t: T.Type) -> bool:
    return isinstance(t, T.IntegerType) and t.signedness == ""


def _is_float(t: T.Type) -> bool:
    return isinstance(t, T.FloatType)


AnyType = TypeConstraint("any type", lambda t: True)
Index = TypeConstraint("index", lambda t: isinstance(t, T.IndexType), buildable=T.index)
I1 = TypeConstraint("1-bit signless integer", lambda t: t == T.i1, buildable=T.i1)
I32 = TypeConstraint("32-bit signless integer", lambda t: t == T.i32, buildable=T.i32)
I64 = TypeConstraint("64-bit signless integer", lambda t: t == T.i64, buildable=T.i64)
AnyInteger = TypeConstraint("integer", lambda t: isinstance(t, T.IntegerType))
AnySignlessInteger = TypeConstraint("signless integer", _signless_int)
SignlessIntOrIndex = TypeConstraint(
    "signless integer or index", lambda t: _signless_int(t) or isinstance(t, T.IndexType)
)
AnyFloat = TypeConstraint("floating-point", _is_float)
SignlessIntLike = TypeConstraint(
    "signless-integer-like", lambda t: _signless_int(_elem(t)) or isinstance(_elem(t), T.IndexType)
)
SignlessIntLikeOrMemRef = TypeConstraint(
    "signless-integer-like or memref of signless-integer",
    lambda t: (
        _signless_int(_elem(t))
        or isinstance(_elem(t), T.IndexType)
        or (isinstance(t, T.MemRefType) and _signless_int(t.element_type))
    ),
)
FloatLike = TypeConstraint("floating-point-like", lambda t: _is_float(_elem(t)))
BoolLike = TypeConstraint("bool-like", lambda t: _elem(t) == T.i1)
IntOrFloatLike = TypeConstraint(
    "signless-integer-like or floating-point-like", lambda t: SignlessIntLike(t) or FloatLike(t)
)
AnyMemRef = TypeConstraint("memref of any type values", lambda t: isinstance(t, (T.MemRefType, T.UnrankedMemRefType)))
AnyRankedMemRef = TypeConstraint("ranked memref of any type values", lambda t: isinstance(t, T.MemRefType))
AnyUnrankedMemRef = TypeConstraint("unranked.memref of any type values", lambda t: isinstance(t, T.UnrankedMemRefType))
AnyTensor = TypeConstraint(
    "tensor of any type values", lambda t: isinstance(t, (T.RankedTensorType, T.UnrankedTensorType))
)
AnyRankedTensor = TypeConstraint("ranked tensor of any type values", lambda t: isinstance(t, T.RankedTensorType))
AnyVector = TypeConstraint("vector of any type values", lambda t: isinstance(t, T.VectorType))
AnyShaped = TypeConstraint("shaped of any type values", lambda t: isinstance(t, T.ShapedType))
AnyComplex = TypeConstraint("complex-type", lambda t: isinstance(t, T.ComplexType))


def memref_of(desc: str, elem: Callable[[T.Type], bool]) -> TypeConstraint:
    return TypeConstraint(
        f"memref of {desc} values",
        lambda t: isinstance(t, (T.MemRefType, T.UnrankedMemRefType)) and elem(t.element_type),
    )


def one_of_types(*types: T.Type, description: str | None = None) -> TypeConstraint:
    s = set(types)
    return TypeConstraint(description or " or ".join(str(t) for t in types), lambda t: t in s)


# -- attributes ---------------------------------------------------------------

AnyAttr = AttrConstraint("any attribute", lambda a: True)
StrAttr = attr_of(A.StringAttr, "string attribute")
SymbolNameAttr = attr_of(A.StringAttr, "string attribute")
SymbolRefAttr = attr_of(A.SymbolRefAttr, "symbol reference attribute")
FlatSymbolRefAttr = attr_of(A.SymbolRefAttr, "flat symbol reference attribute", lambda a: not a.nested)
UnitAttr = attr_of(A.UnitAttr, "unit attribute")
BoolAttr = attr_of(A.IntegerAttr, "bool attribute", lambda a: a.type == T.i1)
TypeAttr = attr_of(A.TypeAttr, "any type attribute")
FunctionTypeAttr = attr_of(A.TypeAttr, "type attribute of function type", lambda a: isinstance(a.value, T.FunctionType))
ArrayAttr = attr_of(A.ArrayAttr, "array attribute")
DictAttr = attr_of(A.DictionaryAttr, "dictionary of named attribute values")
DictArrayAttr = attr_of(
    A.ArrayAttr, "Array of dictionary attributes", lambda a: all(isinstance(x, A.DictionaryAttr) for x in a)
)
AffineMapAttr = attr_of(A.AffineMapAttr, "AffineMap attribute")
IntegerSetAttr = attr_of(A.IntegerSetAttr, "IntegerSet attribute")
TypedAttr = AttrConstraint(
    "TypedAttr instance",
    lambda a: (
        isinstance(
            a, (A.IntegerAttr, A.FloatAttr, A.DenseElementsAttr, A.SparseElementsAttr, A.DenseResourceElementsAttr)
        )
        or (isinstance(a, A.StringAttr) and a.type is not None)
        or (isinstance(a, A.OpaqueAttr) and a.type is not None)
    ),
)
ElementsAttr = AttrConstraint(
    "constant vector/tensor attribute",
    lambda a: isinstance(a, (A.DenseElementsAttr, A.SparseElementsAttr, A.DenseResourceElementsAttr)),
)


def int_attr(t: T.Type, desc: str) -> TypedAttrConstraint[A.IntegerAttr]:
    return attr_of(A.IntegerAttr, desc, lambda a: a.type == t)


I64Attr = int_attr(T.i64, "64-bit signless integer attribute")
I32Attr = int_attr(T.i32, "32-bit signless integer attribute")
IndexAttr = attr_of(A.IntegerAttr, "index attribute", lambda a: isinstance(a.type, T.IndexType))
AnyIntegerAttr = attr_of(A.IntegerAttr, "arbitrary integer attribute")
F32Attr = attr_of(A.FloatAttr, "32-bit float attribute", lambda a: a.type == T.f32)


def dense_array_attr(t: T.Type, desc: str) -> TypedAttrConstraint[A.DenseArrayAttr]:
    """A ``array<t: ...>`` attribute; formats print it bare: ``[1, 2]``."""
    c = attr_of(A.DenseArrayAttr, desc, lambda a: a.element_type == t)
    object.__setattr__(c, "dense_array_elem", t)
    return c


DenseI64ArrayAttr = dense_array_attr(T.i64, "i64 dense array attribute")
DenseI32ArrayAttr = dense_array_attr(T.i32, "i32 dense array attribute")
DenseBoolArrayAttr = dense_array_attr(T.i1, "i1 dense array attribute")


def array_of(inner: AttrConstraint, desc: str) -> TypedAttrConstraint[A.ArrayAttr]:
    return attr_of(A.ArrayAttr, desc, lambda a: all(inner(x) for x in a))


def dialect_attr(mnemonic: str, desc: str | None = None) -> TypedAttrConstraint[A.OpaqueAttr]:
    """An attribute of a dialect we keep opaque, e.g. ``#arith.fastmath<...>``,
    printed unqualified (``fastmath<fast>``) in its own ops' custom forms."""
    prefix = mnemonic + "<"
    return attr_of(
        A.OpaqueAttr,
        desc or f"{mnemonic} attribute",
        lambda a: a.text.startswith(prefix) or a.text == mnemonic,
        dialect_mnemonic=mnemonic,
    )
