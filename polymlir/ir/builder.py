"""Building IR at an insertion point.

b = Builder.before(op)
c = b.const_index(4)
s = b.create("arith.addi", [x, c], [T.index]).results[0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import attributes as A
from . import types as T
from .core import Block, Operation, Region, Value


class Builder:
    """Inserts ops into a block, before ``anchor`` (or at the end)."""

    def __init__(self, block: Block, anchor: Operation | None = None, loc: A.Location | None = None):
        self.block = block
        self.anchor = anchor
        self.loc = loc

    @classmethod
    def at_end(cls, block: Block, loc: A.Location | None = None) -> Builder:
        return cls(block, None, loc)

    @classmethod
    def before(cls, op: Operation) -> Builder:
        assert op.parent is not None
        return cls(op.parent, op, op.loc)

    @classmethod
    def after(cls, op: Operation) -> Builder:
        assert op.parent is not None
        return cls(op.parent, op.next_op, op.loc)

    def insert(self, op: Operation) -> Operation:
        if self.anchor is None:
            self.block.append(op)
        else:
            self.block.insert_before(self.anchor, op)
        return op

    def create(
        self,
        name: str,
        operands: Sequence[Value] = (),
        result_types: Sequence[T.Type] = (),
        attributes: dict[str, A.Attribute] | None = None,
        properties: Mapping[str, A.Attribute] | None = None,
        regions: Sequence[Region] | int = 0,
        successors: Sequence[Block] = (),
        loc: A.Location | None = None,
    ) -> Operation:
        op = Operation.create(
            name,
            operands=operands,
            result_types=result_types,
            attributes=attributes,
            properties=dict(properties) if properties is not None else None,
            regions=regions,
            successors=successors,
            loc=loc if loc is not None else self.loc,
        )
        return self.insert(op)

    def value(self, name: str, operands: Sequence[Value], result_type: T.Type, **props: A.Attribute) -> Value:
        """Create a one-result op and return its result."""
        return self.create(name, operands, [result_type], properties=dict(props) or None).results[0]

    # -- arith helpers --------------------------------------------------------
    def const_index(self, v: int) -> Value:
        return self.value("arith.constant", [], T.index, value=A.IntegerAttr(v, T.index))

    def const_int(self, v: int, t: T.Type) -> Value:
        if t == T.i1:
            return self.value("arith.constant", [], t, value=A.BoolAttr(bool(v)))
        return self.value("arith.constant", [], t, value=A.IntegerAttr(v, t))

    def const_float(self, v: float, t: T.Type) -> Value:
        return self.value("arith.constant", [], t, value=A.FloatAttr(A.round_float(v, t), t))

    def cmpi(self, predicate: str, a: Value, b: Value) -> Value:
        preds = {"eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5, "ult": 6, "ule": 7, "ugt": 8, "uge": 9}
        return self.value("arith.cmpi", [a, b], T.i1, predicate=A.IntegerAttr(preds[predicate], T.i64))

    def binary(self, name: str, a: Value, b: Value) -> Value:
        return self.value(name, [a, b], a.type)

    def select(self, c: Value, a: Value, b: Value) -> Value:
        return self.value("arith.select", [c, a, b], a.type)
