"""Values carried in ``iter_args``, as the polyhedral model sees them once
they are demoted to memory (``transforms/loops/demote_carried.py``).

A loop-carried SSA value becomes a private rank-0 buffer with a store of
its initial value before the loop, a load at the top of the body, a store
of the yielded value at its end and a load after the loop. The model then
sees it as ordinary accesses; this module remembers, for the buffer and
for each of those accesses, what they stand for in the source, so that
legality checks (``schedules.check``) treat the buffer as the SSA value it
is and name it in refusals as "the value carried in iter_args #k of loop
i" rather than as an internal buffer.

    mark_carried(alloca_op, CarriedValue("k", "f.mlir:5:7", 0), {store_op: "..."})
    carried_value(memref)   # the CarriedValue, or None for ordinary memory
"""

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

from ..ir.core import Operation, OpResult, Value
from ..ir.interfaces import affine_access
from .model import op_loc


@dataclass(frozen=True)
class CarriedValue:
    """Which iter_args value a demoted buffer holds: the loop's source
    name, its location, and the iter_args position."""

    loop: str
    loc: str
    index: int

    def __str__(self) -> str:
        return f"the value carried in iter_args #{self.index} of loop {self.loop} at {self.loc}"


# Weak keys: a buffer that is erased (promoted back to registers) leaves no entry behind.
_BUFFERS: WeakKeyDictionary[Operation, CarriedValue] = WeakKeyDictionary()
_ROLES: WeakKeyDictionary[Operation, str] = WeakKeyDictionary()


def mark_carried(buffer: Operation, value: CarriedValue, roles: dict[Operation, str]) -> None:
    """Record that ``buffer`` (its allocation op) holds ``value`` and what
    each access to it stands for (``roles``: op -> short description)."""
    _BUFFERS[buffer] = value
    _ROLES.update(roles)


def unmark_carried(buffer: Operation) -> None:
    _BUFFERS.pop(buffer, None)


def carried_value(memref: Value) -> CarriedValue | None:
    """The carried value ``memref`` holds, or None for ordinary memory."""
    if isinstance(memref, OpResult):
        return _BUFFERS.get(memref.owner)
    return None


def access_role(op: Operation) -> str:
    """What an access to a demoted buffer stands for ("the affine.yield at
    f.mlir:9:7", "the loop's result", ...); the op's name otherwise."""
    return _ROLES.get(op, op.name)


def describe_access(op: Operation) -> str:
    """``affine.store at f.mlir:9:7``, or for an access to a demoted buffer
    what it stands for and which carried value (never the buffer)."""
    acc = affine_access(op)
    memref = acc.memref if acc is not None else op.operands[0] if op.operands else None
    cv = carried_value(memref) if memref is not None else None
    if cv is not None:
        return f"{access_role(op)} of {cv}"
    return f"{op.name} at {op_loc(op)}"
