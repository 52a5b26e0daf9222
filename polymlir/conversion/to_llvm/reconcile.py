"""``reconcile-unrealized-casts``: remove the ``builtin.unrealized_conversion_cast``
ops the conversions to the LLVM dialect left where converted and
unconverted values met; a cast still needed at the end is an error (a type
was left unconverted)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...dialects.builtin import UnrealizedConversionCastOp
from ...ir.core import Operation, OpResult
from ...ir.patterns import PatternRewriter, PatternSet
from ...ir.rewriting import ConversionTarget, apply_conversion
from ...transforms.passes.manager import ModulePass, PassContext, register_pass


def _fold_cast(op: Operation, rw: PatternRewriter) -> bool:
    """Erase a dead cast; replace a cast to its own type, or the end of a
    chain of casts that starts from a value of its type
    (``cast(cast(x : A -> B) : B -> C) : C -> A``), by that value, as
    upstream does for chains of any length."""
    if not any(r.uses for r in op.results):
        op.erase()
        return True
    if len(op.operands) != 1 or len(op.results) != 1:
        return False
    want = op.results[0].type
    src = op.operands[0]
    while True:
        if src.type == want:
            op.results[0].replace_all_uses_with(src)
            op.erase()
            return True
        owner = src.owner if isinstance(src, OpResult) else None
        if not isinstance(owner, UnrealizedConversionCastOp) or len(owner.operands) != 1 or len(owner.results) != 1:
            return False
        src = owner.operands[0]


def _still_needed(op: Operation) -> str:
    user = next(iter(op.results[0].uses)).owner if op.results[0].uses else op
    return (
        f"failed to legalize operation '{op.name}' that was explicitly marked illegal: "
        f"{op.operands[0].type if op.operands else '()'} to {op.results[0].type} (used by '{user.name}')"
    )


_PATTERNS = PatternSet.from_table({UnrealizedConversionCastOp: _fold_cast})
_NO_CASTS = ConversionTarget(illegal_ops=(UnrealizedConversionCastOp,), message=_still_needed)


def reconcile_unrealized_casts(root: Operation) -> None:
    """Fold the casts (to a fixed point), then raise a located error at
    the first one that is still needed."""
    while apply_conversion(root, _PATTERNS):
        pass
    _NO_CASTS.check(root)


@register_pass
@dataclass(frozen=True)
class ReconcileUnrealizedCasts(ModulePass):
    name: ClassVar[str] = "reconcile-unrealized-casts"
    summary: ClassVar[str] = "Remove unrealized conversion casts left by conversions"

    def run(self, op: Operation, ctx: PassContext) -> None:
        reconcile_unrealized_casts(op)
