"""The one-shot (conversion) mode of the rewrite driver, and block-level
rewriting utilities.

Every lowering is a `PatternSet` (patterns typed by op class, see
``polymlir.ir.patterns``) applied once to each op it matches, as upstream's
``applyPartialConversion`` / ``applyFullConversion`` do::

    patterns = PatternSet.from_table({AddIOp: lower_addi, ConstantOp: lower_constant})
    target = ConversionTarget(legal_dialects=("llvm",), others_legal=False)
    apply_conversion(module, patterns, ConversionRewriter(LLVMTypeConverter()), target)

- The ops are visited innermost first, in program order, from a snapshot
  taken before the first rewrite (an op erased by an earlier rewrite is
  skipped); the first pattern of an op's class that applies rewrites it.
- A pattern takes its operands in converted types from the
  `ConversionRewriter` (``rw.operands(op)``), builds the replacement at
  ``rw.builder(op)`` and ends with ``rw.replace(op, values)``; where a
  converted value meets a user of the old type (or the reverse) the type
  converter's materialization bridges them (the LLVM conversion's
  ``builtin.unrealized_conversion_cast``).
- With a `ConversionTarget`, an op that is still illegal afterwards is a
  located error naming it (the first in pre-order).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from . import types as T
from .builder import Builder
from .core import Block, BlockArgument, Operation, OpResult, Region, Value
from .diagnostics import DiagnosticError
from .patterns import OpClass, PatternRewriter, PatternSet

# -- type conversion ------------------------------------------------------------------------------


class TypeConverter(ABC):
    """The types a conversion produces and how a value crosses between a
    converted and an unconverted type (upstream's ``TypeConverter`` with
    its source and target materializations in one)."""

    target_name: str = "the target types"  # for the messages: "cannot convert type ... to <target_name>"

    @abstractmethod
    def convert(self, t: T.Type) -> T.Type | None:
        """The converted type of ``t``; None if it has none."""

    @abstractmethod
    def materialize(self, b: Builder, v: Value, to: T.Type) -> Value:
        """``v`` as a value of type ``to``, built at ``b``."""


class ConversionRewriter(PatternRewriter):
    """What a conversion pattern uses: the builder at the op, operands in
    converted types, and replacement that bridges remaining users of the
    old types. Without a type converter, types are left as they are."""

    def __init__(self, converter: TypeConverter | None = None, casts_at_definition: bool = False):
        super().__init__()
        self.converter = converter
        # As upstream's driver: an operand is cast once, where its value is
        # defined (a block argument: at the top of its block), and every later
        # user takes that cast; the casts unused at the end are erased.
        self.casts_at_definition = casts_at_definition
        self._casts: dict[tuple[Value, T.Type], Value] = {}
        self._made: list[Operation] = []

    def builder(self, op: Operation) -> Builder:
        return Builder.before(op)

    def convert_type(self, t: T.Type, op: Operation | None = None) -> T.Type:
        """The converted ``t``; a located error (at ``op``) if it has none."""
        if self.converter is None:
            return t
        c = self.converter.convert(t)
        if c is None:
            raise DiagnosticError(f"cannot convert type {t} to {self.converter.target_name}", op.loc if op else None)
        return c

    def cast(self, b: Builder, v: Value, to: T.Type) -> Value:
        """``v`` as type ``to`` (itself when it has that type)."""
        if v.type == to:
            return v
        assert self.converter is not None, "a conversion without a type converter changes no type"
        return self.converter.materialize(b, v, to)

    def operand(self, op: Operation, v: Value) -> Value:
        """``v`` (an operand of ``op``) in its converted type."""
        to = self.convert_type(v.type, op)
        if not self.casts_at_definition or v.type == to:
            return self.cast(Builder.before(op), v, to)
        c = self._casts.get((v, to))
        if c is None or (isinstance(c, OpResult) and c.owner.parent is None):
            c = self._new_cast(self.cast_point(op, v), v, to)
            self._casts[(v, to)] = c
        return c

    def cast_point(self, op: Operation, v: Value) -> Builder:
        """Where an operand cast of ``v`` (for ``op``) goes with
        ``casts_at_definition``: right after ``v``'s definition."""
        return _at_definition(v)

    def _new_cast(self, b: Builder, v: Value, to: T.Type) -> Value:
        """``v`` cast to ``to``; a cast made here is erased by `finish` if
        nothing uses it by then."""
        c = self.cast(b, v, to)
        if isinstance(c, OpResult) and c is not v and list(c.owner.operands) == [v]:
            self._made.append(c.owner)
        return c

    def finish(self) -> None:
        """After the last rewrite: erase the casts made here that no op uses
        (with ``casts_at_definition``, as upstream's driver does)."""
        for cast in reversed(self._made):
            if cast.parent is not None and not any(r.uses for r in cast.results):
                cast.erase()
        self._made.clear()
        self._casts.clear()

    def operands(self, op: Operation) -> list[Value]:
        return [self.operand(op, v) for v in op.operands]

    def replace(self, op: Operation, new: Sequence[Value]) -> None:
        """Replace ``op``'s results by ``new`` (in converted types: remaining
        users of an old type see it materialized back) and erase ``op``."""
        assert len(new) == len(op.results), (op.name, len(new), len(op.results))
        b = Builder.before(op)
        cast = self._new_cast if self.casts_at_definition else self.cast
        for r, v in zip(op.results, new, strict=True):
            if r.uses:
                r.replace_all_uses_with(cast(b, v, r.type))
        op.erase()

    def erase(self, op: Operation) -> None:
        op.erase()

    def convert_block_signature(self, block: Block) -> None:
        """Give ``block``'s arguments converted types; old-typed users see
        the argument materialized back at the top of the block."""
        b = Builder(block, block.first_op)
        for a in list(block.arguments):
            c = self.convert_type(a.type)
            if c == a.type:
                continue
            old_type = a.type
            users = list(a.uses)
            a.type = c
            if users:
                assert self.converter is not None  # c differs from the type
                back = self.converter.materialize(b, a, old_type)
                for u in users:
                    u.set(back)


def _at_definition(v: Value) -> Builder:
    """A builder right after ``v``'s definition (a block argument: at the
    top of its block)."""
    if isinstance(v, BlockArgument):
        return Builder(v.owner, v.owner.first_op)
    assert isinstance(v, OpResult)
    return Builder.after(v.owner)


# -- legality -------------------------------------------------------------------------------------


def _default_message(op: Operation) -> str:
    return f"failed to legalize operation '{op.name}'"


@dataclass(frozen=True)
class ConversionTarget:
    """Which ops may remain after a conversion (upstream's
    ``ConversionTarget``): an op is legal when its class is in ``legal_ops``
    or its dialect in ``legal_dialects``, illegal when its class is in
    ``illegal_ops`` or its dialect in ``illegal_dialects``, and otherwise
    legal exactly when ``others_legal``. ``message`` words the error for an
    illegal op."""

    legal_dialects: tuple[str, ...] = ()
    legal_ops: tuple[OpClass, ...] = ()
    illegal_dialects: tuple[str, ...] = ()
    illegal_ops: tuple[OpClass, ...] = ()
    others_legal: bool = True
    message: Callable[[Operation], str] = field(default=_default_message)

    def is_legal(self, op: Operation) -> bool:
        op_type = type(op)
        dialect = op.name.partition(".")[0]
        if op_type in self.legal_ops or dialect in self.legal_dialects:
            return True
        if op_type in self.illegal_ops or dialect in self.illegal_dialects:
            return False
        return self.others_legal

    def first_illegal(self, root: Operation) -> Operation | None:
        """The first op nested in ``root`` (pre-order, ``root`` aside) that
        is illegal."""
        for op in root.walk(post_order=False):
            if op is not root and not self.is_legal(op):
                return op
        return None

    def check(self, root: Operation) -> None:
        """Raise a located error naming the first illegal op nested in ``root``."""
        op = self.first_illegal(root)
        if op is not None:
            raise DiagnosticError(self.message(op), op.loc)


def apply_conversion(
    root: Operation,
    patterns: PatternSet,
    rewriter: ConversionRewriter | None = None,
    target: ConversionTarget | None = None,
) -> int:
    """Rewrite each op nested in ``root`` (``root`` included; innermost
    first, in program order) with the first pattern of its class that
    applies, once; then check ``target``. Returns how many ops were
    rewritten."""
    rw = rewriter if rewriter is not None else ConversionRewriter()
    applied = 0
    for op in list(root.walk()):
        if op.parent is None and op is not root:
            continue  # erased (or detached) by an earlier rewrite
        for p in patterns.for_op(op):
            if p.match_and_rewrite(op, rw):
                applied += 1
                break
    rw.finish()
    if target is not None:
        target.check(root)
    return applied


# -- blocks ------------------------------------------------------------------------------------


def split_block(block: Block, first: Operation | None) -> Block:
    """Move ``first`` and every op after it into a new block placed right
    after ``block`` in the same region; returns the new block."""
    new = Block()
    region = block.parent
    assert region is not None
    region.insert_block(region.blocks.index(block) + 1, new)
    if first is not None:
        i = block.operations.index(first)
        moved = block.operations[i:]
        del block.operations[i:]
        for op in moved:
            op.parent = new
            new.operations.append(op)
    return new


def move_blocks_before(src: Region, dest: Region, before: Block | None) -> list[Block]:
    """Move every block of ``src`` into ``dest`` before ``before`` (at the end
    if None); returns the moved blocks in order."""
    blocks = list(src.blocks)
    src.blocks.clear()
    idx = dest.blocks.index(before) if before is not None else len(dest.blocks)
    for k, b in enumerate(blocks):
        dest.insert_block(idx + k, b)
    return blocks
