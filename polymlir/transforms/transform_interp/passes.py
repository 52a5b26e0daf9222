"""The passes upstream names for transform schedules:
``transform-interpreter`` (apply the schedule) and
``test-transform-dialect-erase-schedule`` (remove it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...ir.core import Operation
from ..pass_manager import MODULE, ModulePass, PassContext, register_pass
from .interpreter import ENTRY_POINT, apply_schedule


def erase_schedule(module: Operation) -> int:
    """Erase every transform op of ``module`` (outermost ones; what they
    contain goes with them); returns how many were erased. Modules that
    held them stay, as upstream's pass leaves them."""
    doomed: list[Operation] = []

    def visit(op: Operation) -> None:
        for r in op.regions:
            for b in r.blocks:
                for nested in b.operations:
                    if nested.name.startswith("transform."):
                        doomed.append(nested)
                    else:
                        visit(nested)

    visit(module)
    for op in doomed:
        op.drop_all_references()
        op.detach()
    return len(doomed)


@register_pass
@dataclass(frozen=True)
class TransformInterpreter(ModulePass):
    name: ClassVar[str] = "transform-interpreter"
    anchor: ClassVar[str] = MODULE
    summary: ClassVar[str] = "Apply the transform schedule (named sequence) of the module to the module itself"
    entry_point: str = ENTRY_POINT

    def run(self, op: Operation, ctx: PassContext) -> None:
        for d in apply_schedule(op, self.entry_point):
            ctx.remark(d.loc, d.message)


@register_pass
@dataclass(frozen=True)
class EraseTransformSchedule(ModulePass):
    name: ClassVar[str] = "test-transform-dialect-erase-schedule"
    anchor: ClassVar[str] = MODULE
    summary: ClassVar[str] = "Erase the transform ops (schedules) of the module"

    def run(self, op: Operation, ctx: PassContext) -> None:
        erase_schedule(op)
