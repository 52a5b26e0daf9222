"""Declarative op fields: operands, results, properties, regions, successors.

Declared as class attributes of an `OpDef` subclass, under the names upstream
ODS gives them::

    @register_op
    class AddIOp(OpDef):
        OP_NAME = "arith.addi"
        lhs = operand_def(SignlessIntLike)
        rhs = operand_def(SignlessIntLike)
        result = result_def(SignlessIntLike)
        overflowFlags = prop_def(dialect_attr("arith.overflow"), optional=True)
        assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

The factories end in ``_def`` (as xDSL's do) so that a field may carry the
name of its kind (``result = result_def(...)``, ``region = region_def()``)
without hiding the factory in the rest of the class body.

Each field is a typed descriptor. Read from an op it gives:

============================  =====================================
``operand_def``               ``Value``
``opt_operand_def``           ``Value | None``
``var_operand_def``           ``list[Value]``
``result_def``                ``OpResult``
``opt_result_def``            ``OpResult | None``
``var_result_def``            ``list[OpResult]``
``prop_def(c)``               the attribute class ``c`` admits
                              (``Attribute`` for an untyped constraint;
                              ``... | None`` with ``optional=True`` and
                              no ``default``); assignable
``region_def``                ``Region``
``var_region_def``            ``list[Region]``
``successor_def``             ``Block``
``var_successor_def``         ``list[Block]``
============================  =====================================

A property constraint that admits one attribute class is a
`TypedAttrConstraint` (``C.I64Attr``, ``C.StrAttr``, ``C.AffineMapAttr``,
``C.attr_of(A.IntegerAttr, ...)`` ...): ``op.value.value`` then type-checks.

The field namespace. Every op has ``op.f``, a view of its fields by their
MLIR names: ``op.f.lhs``, ``op.f.result``, ``op.f.operands``,
``op.f["in"]``. A field whose name is also an attribute or method of
`Operation`/`OpDef` (``operands``, ``results``, ``operand``, ``name``,
``parent``, ``successors`` ...) is reached only through ``op.f``: ``op.operands``
stays all the operands of the op (a type checker sees such a declaration as
the member, so one whose value type differs from the member's, e.g. an
operand field named ``operand`` or a single result named ``results``, is
declared under ``if not TYPE_CHECKING:``). Any other field is also an attribute of
the op itself (``op.lhs``, ``op.result``), typed as above. A field named by a
Python keyword is declared with a trailing underscore and its MLIR name
(``in_ = operand_def(FloatLike, name="in")``); ``op.in_`` and ``op.f["in"]``
both reach it. The view class is built once per op class (`field_view`);
type checkers see ``op.f`` as a `FieldView`, whose fields read as ``Any``:
the direct spelling is the typed one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, overload

from . import attributes as A
from . import types as T
from .constraints import AnyAttr, AnyType, AttrConstraint, TypeConstraint, TypedAttrConstraint

if TYPE_CHECKING:  # pragma: no cover
    from typing_extensions import Self  # typing.Self is Python 3.11+

    from .core import Block, OpResult, Region, Value

SINGLE, OPTIONAL, VARIADIC = "single", "optional", "variadic"

V = TypeVar("V")  # what reading the field from an op gives
AttrT = TypeVar("AttrT", bound=A.Attribute)


class Field(Generic[V]):
    """Base of the field descriptors (``group``: which list of the op the
    field indexes; ``name``: the Python name; ``attr_name``: MLIR's name)."""

    __slots__ = ("name", "attr_name", "index", "kind")
    group = ""

    def __init__(self, kind: str = SINGLE, name: str | None = None):
        self.kind = kind
        self.attr_name: str = name or ""
        self.name = ""
        self.index = 0

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        if not self.attr_name:
            self.attr_name = name

    # The typed face of the descriptors' __get__ (each subclass implements it):
    # read from the class, a field is itself; read from an op, its value.
    if TYPE_CHECKING:  # pragma: no cover

        @overload
        def __get__(self, op: None, owner: type | None = None) -> Self: ...
        @overload
        def __get__(self, op: object, owner: type | None = None) -> V: ...
        def __get__(self, op: object, owner: type | None = None) -> Self | V: ...


class OperandDef(Field[V]):
    __slots__ = ("constraint",)
    group = "operand"

    def __init__(self, constraint: TypeConstraint = AnyType, kind: str = SINGLE, name: str | None = None):
        super().__init__(kind, name)
        self.constraint = constraint

    if not TYPE_CHECKING:

        def __get__(self, op, owner=None):
            if op is None:
                return self
            if not op._nvar["operand"]:  # single fields only: field i is operand i
                ops = op._operands
                return ops[self.index].value if self.index < len(ops) else None
            start, n = op._segment("operand", self.index)
            vals = op._operands[start : start + n]
            if self.kind == VARIADIC:
                return [o.value for o in vals]
            return vals[0].value if vals else None


class ResultDef(Field[V]):
    __slots__ = ("constraint",)
    group = "result"

    def __init__(self, constraint: TypeConstraint = AnyType, kind: str = SINGLE, name: str | None = None):
        super().__init__(kind, name)
        self.constraint = constraint

    if not TYPE_CHECKING:

        def __get__(self, op, owner=None):
            if op is None:
                return self
            if not op._nvar["result"]:  # single fields only: field i is result i
                res = op.results
                return res[self.index] if self.index < len(res) else None
            start, n = op._segment("result", self.index)
            vals = op.results[start : start + n]
            if self.kind == VARIADIC:
                return vals
            return vals[0] if vals else None


class PropDef(Field[V]):
    """An inherent attribute (stored as a property)."""

    __slots__ = ("constraint", "optional", "default", "populate")
    group = "prop"

    def __init__(
        self,
        constraint: AttrConstraint = AnyAttr,
        optional: bool = False,
        default: A.Attribute | None = None,
        name: str | None = None,
        populate: bool = False,
    ):
        super().__init__(SINGLE, name)
        self.constraint = constraint
        self.optional = optional or default is not None
        self.default = default
        # Upstream's DefaultValuedAttr (as opposed to DefaultValuedOptionalAttr):
        # the default is stored in the properties of every new op.
        self.populate = populate and default is not None

    if not TYPE_CHECKING:

        def __get__(self, op, owner=None):
            if op is None:
                return self
            props = op.properties
            v = props.get(self.attr_name) if isinstance(props, dict) else None
            return v if v is not None else self.default

    def __set__(self, op: Any, value: V) -> None:
        if value is None:
            op.properties.pop(self.attr_name, None)
        else:
            op.properties[self.attr_name] = value


class RegionDef(Field[V]):
    __slots__ = ()
    group = "region"

    if not TYPE_CHECKING:

        def __get__(self, op, owner=None):
            if op is None:
                return self
            if self.kind == VARIADIC:
                return op.regions[self.index :]
            return op.regions[self.index] if self.index < len(op.regions) else None


class SuccessorDef(Field[V]):
    __slots__ = ()
    group = "successor"

    if not TYPE_CHECKING:

        def __get__(self, op, owner=None):
            if op is None:
                return self
            if self.kind == VARIADIC:
                return op.successors[self.index :]
            return op.successors[self.index] if self.index < len(op.successors) else None


def operand_def(c: TypeConstraint = AnyType, name: str | None = None) -> OperandDef[Value]:
    return OperandDef(c, SINGLE, name)


def opt_operand_def(c: TypeConstraint = AnyType, name: str | None = None) -> OperandDef[Value | None]:
    return OperandDef(c, OPTIONAL, name)


def var_operand_def(c: TypeConstraint = AnyType, name: str | None = None) -> OperandDef[list[Value]]:
    return OperandDef(c, VARIADIC, name)


def result_def(c: TypeConstraint = AnyType, name: str | None = None) -> ResultDef[OpResult]:
    return ResultDef(c, SINGLE, name)


def opt_result_def(c: TypeConstraint = AnyType, name: str | None = None) -> ResultDef[OpResult | None]:
    return ResultDef(c, OPTIONAL, name)


def var_result_def(c: TypeConstraint = AnyType, name: str | None = None) -> ResultDef[list[OpResult]]:
    return ResultDef(c, VARIADIC, name)


# prop_def's value type: the constraint's attribute class (Attribute for an
# untyped constraint), with None added for an optional property without a
# default.
@overload
def prop_def(
    c: TypedAttrConstraint[AttrT],
    *,
    optional: Literal[True],
    default: None = None,
    name: str | None = None,
    populate: bool = False,
) -> PropDef[AttrT | None]: ...
@overload
def prop_def(
    c: TypedAttrConstraint[AttrT],
    *,
    optional: Literal[False] = False,
    default: None = None,
    name: str | None = None,
    populate: bool = False,
) -> PropDef[AttrT]: ...
@overload
def prop_def(
    c: TypedAttrConstraint[AttrT],
    *,
    optional: bool = False,
    default: AttrT,
    name: str | None = None,
    populate: bool = False,
) -> PropDef[AttrT]: ...
@overload
def prop_def(
    c: AttrConstraint = AnyAttr,
    *,
    optional: Literal[True],
    default: None = None,
    name: str | None = None,
    populate: bool = False,
) -> PropDef[A.Attribute | None]: ...
@overload
def prop_def(
    c: AttrConstraint = AnyAttr,
    *,
    optional: Literal[False] = False,
    default: None = None,
    name: str | None = None,
    populate: bool = False,
) -> PropDef[A.Attribute]: ...
@overload
def prop_def(
    c: AttrConstraint = AnyAttr,
    *,
    optional: bool = False,
    default: A.Attribute,
    name: str | None = None,
    populate: bool = False,
) -> PropDef[A.Attribute]: ...
def prop_def(
    c: AttrConstraint = AnyAttr,
    *,
    optional: bool = False,
    default: A.Attribute | None = None,
    name: str | None = None,
    populate: bool = False,
) -> PropDef[Any]:
    """A property; with ``default`` and ``populate`` it is upstream's
    DefaultValuedAttr (new ops get the default), with ``default`` alone a
    DefaultValuedOptionalAttr."""
    return PropDef(c, optional, default, name, populate)


def region_def(name: str | None = None) -> RegionDef[Region]:
    return RegionDef(SINGLE, name)


def var_region_def(name: str | None = None) -> RegionDef[list[Region]]:
    return RegionDef(VARIADIC, name)


def successor_def(name: str | None = None) -> SuccessorDef[Block]:
    return SuccessorDef(SINGLE, name)


def var_successor_def(name: str | None = None) -> SuccessorDef[list[Block]]:
    return SuccessorDef(VARIADIC, name)


class _ViaView:
    """A field seen from a `FieldView`: reads (and, for properties, writes)
    the field of the viewed op."""

    __slots__ = ("field",)

    def __init__(self, field: Field[Any]):
        self.field = field

    def __get__(self, view: FieldView | None, owner: type | None = None) -> Any:
        if view is None:
            return self.field
        return self.field.__get__(view._op, None)

    def __set__(self, view: FieldView, value: Any) -> None:
        if not isinstance(self.field, PropDef):
            raise AttributeError(f"field '{self.field.attr_name}' cannot be assigned")
        self.field.__set__(view._op, value)


class FieldView:
    """``op.f``: the fields of one op by their MLIR names (``op.f.result``,
    ``op.f["in"]``). Each op class has its own subclass (`field_view`)."""

    __slots__ = ("_op",)
    _names: tuple[str, ...] = ()

    def __init__(self, op: Any):
        self._op = op

    def __getitem__(self, name: str) -> Any:
        if name not in self._names:
            raise KeyError(name)
        return getattr(self, name)

    def __setitem__(self, name: str, value: Any) -> None:
        if name not in self._names:
            raise KeyError(name)
        setattr(self, name, value)

    def __iter__(self) -> Any:
        return iter(self._names)

    def __getattr__(self, name: str) -> Any:
        # Only reached for names the view lacks (its fields are descriptors).
        raise AttributeError(f"'{self._op.name}' has no field '{name}' (fields: {', '.join(self._names) or 'none'})")

    if TYPE_CHECKING:  # pragma: no cover

        def __setattr__(self, name: str, value: Any) -> None: ...  # the fields are assignable

    def __repr__(self) -> str:
        return f"<fields of {self._op.name}: {', '.join(self._names)}>"


def field_view(op_class: type, fields: list[Field[Any]]) -> type[FieldView]:
    """The `FieldView` subclass of ``op_class``, one attribute per field
    (under its MLIR name)."""
    ns: dict[str, Any] = {"__slots__": ()}
    for f in fields:
        ns[f.attr_name] = _ViaView(f)
    ns["_names"] = tuple(f.attr_name for f in fields)
    return type(f"{op_class.__name__}Fields", (FieldView,), ns)


def segment_sizes_attr(sizes: list[int]) -> A.DenseArrayAttr:
    return A.DenseArrayAttr(T.i32, tuple(sizes))
