"""Building IR at an insertion point.

b = Builder.before(op)
c = b.const_index(4)
s = b.value(AddIOp, [x, c], T.index)          # op classes from polymlir.dialects
t = b.create(AddIOp, [x, c], [T.index]).results[0]
b.insert(ConstantOp.build(T.i64, 42))         # an op a typed builder made

Ops are named by their class; the string form (``b.create("arith.addi",
...)``) looks the class up in the registry and is kept for ops that have
none (unregistered ones) and for the arith helpers below, which the IR
layer writes without importing the dialects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import attributes as A
from . import types as T
from .core import Block, Operation, Region, Value

OpKind = str | type[Operation]  # an op class, or a registered op's name


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
        kind: OpKind,
        operands: Sequence[Value] = (),
        result_types: Sequence[T.Type] = (),
        attributes: dict[str, A.Attribute] | None = None,
        properties: Mapping[str, A.Attribute] | None = None,
        regions: Sequence[Region] | int = 0,
        successors: Sequence[Block] = (),
        loc: A.Location | None = None,
    ) -> Operation:
        """Create an op of class (or registered name) ``kind`` at the
        insertion point; its location defaults to the builder's."""
        create = Operation.create if isinstance(kind, str) else kind.create
        op = create(
            kind if isinstance(kind, str) else None,
            operands=operands,
            result_types=result_types,
            attributes=attributes,
            properties=dict(properties) if properties is not None else None,
            regions=regions,
            successors=successors,
            loc=loc if loc is not None else self.loc,
        )
        return self.insert(op)

    def value(self, kind: OpKind, operands: Sequence[Value], result_type: T.Type, **props: A.Attribute) -> Value:
        """Create a one-result op and return its result."""
        return self.create(kind, operands, [result_type], properties=dict(props) or None).results[0]

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

    def binary(self, kind: OpKind, a: Value, b: Value) -> Value:
        """A binary op whose result has the type of ``a`` (``arith.addi``, ``llvm.add``...)."""
        return self.value(kind, [a, b], a.type)

    def select(self, c: Value, a: Value, b: Value) -> Value:
        return self.value("arith.select", [c, a, b], a.type)
