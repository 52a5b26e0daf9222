"""The passes upstream names for transform schedules:
``transform-interpreter`` (apply the schedule) and
``test-transform-dialect-erase-schedule`` (remove it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...ir.core import Operation
from ...ir.diagnostics import Diagnostic
from ..passes.manager import MODULE, ModulePass, PassContext, register_pass
from .interpreter import ENTRY_POINT, apply_schedule, find_entry, unsupported_ops


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


def apply_or_erase_schedule(module: Operation, entry_point: str = ENTRY_POINT) -> list[Diagnostic]:
    """What ``polymlir run`` does with a module carrying a transform
    schedule: apply it when polymlir can interpret every op it uses (as
    upstream's ``-transform-interpreter`` pipelines do), otherwise leave
    the payload alone and return one warning naming the first op it cannot
    interpret; erase the schedule either way. Returns the diagnostics
    (the schedule's remarks, or the warning)."""
    entry = find_entry(module, entry_point)
    diags: list[Diagnostic] = []
    if entry is not None:
        missing = unsupported_ops(module, entry)
        if missing:
            diags.append(
                Diagnostic(
                    "warning",
                    f"transform op '{missing[0].name}' is not supported by polymlir's interpreter; "
                    "the transform schedule is erased without being applied",
                    missing[0].loc,
                )
            )
        else:
            diags = apply_schedule(module, entry_point)
    erase_schedule(module)
    return diags


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
