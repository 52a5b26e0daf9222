"""A small dialect-conversion framework, as upstream's: each conversion pass
rewrites the ops it knows into LLVM dialect ops; where a converted op meets
a value of an unconverted type (or the reverse), a
``builtin.unrealized_conversion_cast`` bridges the two, so passes compose in
any order; ``reconcile-unrealized-casts`` removes the bridges at the end.

A pattern is ``fn(op, rw: Rewriter) -> None``; it builds replacements with
``rw.builder(op)``, takes converted operands from ``rw.operands(op)``, and
finishes with ``rw.replace(op, new_values)`` (or ``rw.erase(op)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Block, BlockArgument, Operation, OpResult, Value
from ...ir.diagnostics import DiagnosticError
from ...transforms.pass_manager import ModulePass, PassContext, register_pass
from .type_converter import LLVMTypeConverter

CAST = "builtin.unrealized_conversion_cast"
Pattern = Callable[[Operation, "Rewriter"], None]


def cast(b: Builder, v: Value, to: T.Type) -> Value:
    """``v`` as type ``to`` through an unrealized cast (folding a cast back)."""
    if v.type == to:
        return v
    if (
        isinstance(v, OpResult)
        and v.owner.name == CAST
        and len(v.owner.operands) == 1
        and v.owner.operands[0].type == to
    ):
        return v.owner.operands[0]
    return b.create(CAST, [v], [to]).results[0]


class Rewriter:
    """What conversion patterns use: converted operands and replacement."""

    def __init__(self, converter: LLVMTypeConverter, ctx: PassContext | None = None):
        self.converter = converter
        self.ctx = ctx

    def builder(self, op: Operation) -> Builder:
        return Builder.before(op)

    def convert_type(self, t: T.Type, op: Operation | None = None) -> T.Type:
        c = self.converter.convert(t)
        if c is None:
            raise DiagnosticError(f"cannot convert type {t} to the LLVM dialect", op.loc if op else None)
        return c

    def operand(self, op: Operation, v: Value) -> Value:
        """``v`` (an operand of ``op``) in its converted type."""
        return cast(Builder.before(op), v, self.convert_type(v.type, op))

    def operands(self, op: Operation) -> list[Value]:
        return [self.operand(op, v) for v in op.operands]

    def replace(self, op: Operation, new: Sequence[Value]) -> None:
        """Replace ``op``'s results by ``new`` (in converted types; a cast
        back to the original type is inserted for remaining users)."""
        assert len(new) == len(op.results), (op.name, len(new), len(op.results))
        b = Builder.before(op)
        for r, v in zip(op.results, new, strict=True):
            if r.uses:
                r.replace_all_uses_with(cast(b, v, r.type) if v.type != r.type else v)
        op.erase()

    def erase(self, op: Operation) -> None:
        op.erase()

    def convert_block_signature(self, block: Block) -> None:
        """Give ``block``'s arguments converted types; old-typed users see a
        cast at the top of the block."""
        b = Builder(block, block.first_op)
        for a in list(block.arguments):
            c = self.convert_type(a.type)
            if c == a.type:
                continue
            old_type = a.type
            users = list(a.uses)
            a.type = c
            if users:
                back = b.create(CAST, [a], [old_type]).results[0]
                for u in users:
                    u.set(back)


def apply_patterns(root: Operation, patterns: Mapping[str, Pattern], rw: Rewriter) -> None:
    """Run the pattern of each op (innermost first, in program order)."""
    for op in list(root.walk()):
        fn = patterns.get(op.name)
        if fn is not None and op.parent is not None:
            fn(op, rw)


def reconcile_unrealized_casts(root: Operation) -> None:
    """Fold chains of casts that round-trip a value and erase dead casts;
    a cast that is still needed is an error (a type was left unconverted)."""
    changed = True
    while changed:
        changed = False
        for op in list(root.walk()):
            if op.name != CAST or op.parent is None:
                continue
            if not any(r.uses for r in op.results):
                op.erase()
                changed = True
                continue
            if len(op.operands) == 1 and len(op.results) == 1:
                src = op.operands[0]
                if src.type == op.results[0].type:
                    op.results[0].replace_all_uses_with(src)
                    op.erase()
                    changed = True
                    continue
                # cast(cast(x : A -> B) : B -> A) == x
                if (
                    isinstance(src, OpResult)
                    and src.owner.name == CAST
                    and len(src.owner.operands) == 1
                    and src.owner.operands[0].type == op.results[0].type
                ):
                    op.results[0].replace_all_uses_with(src.owner.operands[0])
                    op.erase()
                    changed = True
    for op in root.walk():
        if op.name == CAST:
            user = next(iter(op.results[0].uses)).owner if op.results[0].uses else op
            raise DiagnosticError(
                f"failed to legalize operation '{CAST}' that was explicitly marked illegal: "
                f"{op.operands[0].type if op.operands else '()'} to {op.results[0].type} (used by '{user.name}')",
                op.loc,
            )


@register_pass
@dataclass(frozen=True)
class ReconcileUnrealizedCasts(ModulePass):
    name: ClassVar[str] = "reconcile-unrealized-casts"
    summary: ClassVar[str] = "Remove unrealized conversion casts left by conversions"

    def run(self, op: Operation, ctx: PassContext) -> None:
        reconcile_unrealized_casts(op)


def is_block_arg_of_entry(v: Value) -> bool:
    return isinstance(v, BlockArgument) and v.owner.is_entry
