"""Declarative op fields: operands, results, properties, regions, successors.

Declared as class attributes of an `OpDef` subclass::

    @register_op
    class AddIOp(OpDef):
        OP_NAME = "arith.addi"
        lhs = operand(SignlessIntLike)
        rhs = operand(SignlessIntLike)
        result = result(SignlessIntLike)
        overflowFlags = prop(dialect_attr("arith.overflow"), optional=True)
        assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

Each field is a descriptor: ``op.lhs`` is the operand value (a list for
variadic fields, ``None`` for an absent optional one). Field names are MLIR's
property names (pass ``name=`` to map a snake_case field to camelCase).
"""

from __future__ import annotations

from typing import Any

from . import attributes as A
from . import types as T
from .constraints import AnyAttr, AnyType, AttrConstraint, TypeConstraint

SINGLE, OPTIONAL, VARIADIC = "single", "optional", "variadic"


class Field:
    __slots__ = ("name", "attr_name", "index", "kind")
    group = ""

    def __init__(self, kind: str = SINGLE, name: str | None = None):
        self.kind = kind
        self.attr_name = name
        self.name = ""
        self.index = 0

    def __set_name__(self, owner, name: str) -> None:
        self.name = name
        if self.attr_name is None:
            self.attr_name = name


class OperandDef(Field):
    __slots__ = ("constraint",)
    group = "operand"

    def __init__(self, constraint: TypeConstraint = AnyType, kind: str = SINGLE, name: str | None = None):
        super().__init__(kind, name)
        self.constraint = constraint

    def __get__(self, op, owner=None):
        if op is None:
            return self
        if not op._nvar["operand"]:  # single fields only: field i is operand i
            ops = op._operands
            return ops[self.index].value if self.index < len(ops) else None
        start, n = op._segment("operand", self.index)
        vals = op._operands[start : start + n]
        if self.kind == SINGLE:
            return vals[0].value if vals else None
        if self.kind == OPTIONAL:
            return vals[0].value if vals else None
        return [o.value for o in vals]


class ResultDef(Field):
    __slots__ = ("constraint",)
    group = "result"

    def __init__(self, constraint: TypeConstraint = AnyType, kind: str = SINGLE, name: str | None = None):
        super().__init__(kind, name)
        self.constraint = constraint

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


class PropDef(Field):
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

    def __get__(self, op, owner=None):
        if op is None:
            return self
        props = op.properties
        v = props.get(self.attr_name) if isinstance(props, dict) else None
        return v if v is not None else self.default

    def __set__(self, op, value):
        if value is None:
            op.properties.pop(self.attr_name, None)
        else:
            op.properties[self.attr_name] = value


class RegionDef(Field):
    __slots__ = ()
    group = "region"

    def __get__(self, op, owner=None):
        if op is None:
            return self
        if self.kind == VARIADIC:
            return op.regions[self.index :]
        return op.regions[self.index] if self.index < len(op.regions) else None


class SuccessorDef(Field):
    __slots__ = ()
    group = "successor"

    def __get__(self, op, owner=None):
        if op is None:
            return self
        if self.kind == VARIADIC:
            return op.successors[self.index :]
        return op.successors[self.index] if self.index < len(op.successors) else None


def operand(c: TypeConstraint = AnyType, name: str | None = None) -> Any:
    return OperandDef(c, SINGLE, name)


def opt_operand(c: TypeConstraint = AnyType, name: str | None = None) -> Any:
    return OperandDef(c, OPTIONAL, name)


def var_operand(c: TypeConstraint = AnyType, name: str | None = None) -> Any:
    return OperandDef(c, VARIADIC, name)


def result(c: TypeConstraint = AnyType, name: str | None = None) -> Any:
    return ResultDef(c, SINGLE, name)


def opt_result(c: TypeConstraint = AnyType, name: str | None = None) -> Any:
    return ResultDef(c, OPTIONAL, name)


def var_result(c: TypeConstraint = AnyType, name: str | None = None) -> Any:
    return ResultDef(c, VARIADIC, name)


def prop(
    c: AttrConstraint = AnyAttr,
    optional: bool = False,
    default: A.Attribute | None = None,
    name: str | None = None,
    populate: bool = False,
) -> Any:
    """A property; with ``default`` and ``populate`` it is upstream's
    DefaultValuedAttr (new ops get the default), with ``default`` alone a
    DefaultValuedOptionalAttr."""
    return PropDef(c, optional, default, name, populate)


def region(name: str | None = None) -> Any:
    return RegionDef(SINGLE, name)


def var_region(name: str | None = None) -> Any:
    return RegionDef(VARIADIC, name)


def successor(name: str | None = None) -> Any:
    return SuccessorDef(SINGLE, name)


def var_successor(name: str | None = None) -> Any:
    return SuccessorDef(VARIADIC, name)


def segment_sizes_attr(sizes: list[int]) -> A.DenseArrayAttr:
    return A.DenseArrayAttr(T.i32, tuple(sizes))
