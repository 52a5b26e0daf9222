"""Statements as Pluto and Polygeist form them, next to the per-access view.

The polyhedral model (``model.py``) has one statement per memory access. A
transformation that moves code apart (fission, shifts, fusion, skewing
statements differently) moves *compound statements*: a store (the side
effect) with the pure ops and loads that compute its operands. An op whose
result two stores use is recomputed in each (``members`` may repeat an
access statement across compounds); a load that sits in an outer loop of its
store is a member too, and the legality check sees every instance of its
clone (``schedules.py``), so a recomputation that would read a different
value is refused.

    units = compound_statements(model)      # raises NotCompound with a reason
    for u in units: print(u.name, u.domain, [m.stmt.name for m in u.members])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..dialects.affine import AffineIfOp, AffineLoadOp
from ..ir.core import BlockArgument, Operation, OpResult, Value
from ..ir.interfaces import is_affine_read, is_affine_write
from .carried import access_role, carried_value
from .model import Loop, PolyhedralModel, Statement, is_effect_free

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge


class NotCompound(Exception):
    """The code cannot be split into compound statements (the reason says
    where and why); transformations that move statements refuse it."""

    def __init__(self, op: Operation | None, reason: str):
        super().__init__(reason)
        self.op = op
        self.reason = reason


@dataclass(eq=False)
class Member:
    """An access statement inside a unit: its position in the unit's body
    (loads before the store, in program order)."""

    stmt: Statement
    position: int


@dataclass(eq=False)
class Unit:
    """A schedulable unit: one access statement (access view) or a compound
    statement (a store with its operand computation)."""

    name: str
    op: Operation  # the access (access view) or the store (compound view)
    loops: list[Loop]
    domain: isl.Set  # named ``name`` over the loops
    positions: list[int]  # 2d+1 textual positions of ``op``
    members: list[Member] = field(default_factory=list)
    ops: list[Operation] = field(default_factory=list)  # body, in program order, ``op`` last

    def __repr__(self) -> str:
        return f"<Unit {self.name}: {self.op.name} ({len(self.members)} accesses)>"


def access_units(model: PolyhedralModel) -> list[Unit]:
    """Every access statement as its own unit (structural transformations
    keep bodies together, so they need no grouping)."""
    return [Unit(s.name, s.op, s.loops, s.domain, s.positions, [Member(s, 0)], [s.op]) for s in model.statements]


def compound_statements(model: PolyhedralModel) -> list[Unit]:
    """One unit per store, named ``S0``, ``S1``, ... in program order (the
    stores of values carried in iter_args, demoted to memory: ``C0``, ...)."""
    # The allocation of a carried value's buffer (carried.py) only allocates.
    outside = [na for na in model.non_affine if not (na.op.results and carried_value(na.op.results[0]))]
    if outside:
        na = outside[0]
        raise NotCompound(na.op, f"{na.op.name} at {na.loc} is outside the affine model: {na.reason}")
    inexact = next((s for s in model.statements if not s.exact), None)
    if inexact is not None:
        raise NotCompound(
            inexact.op,
            f"{inexact.op.name} at {inexact.loc} is outside the affine model: it reads "
            f"{_memref_label(inexact.accesses[0].memref)} (as a read of every element), so it cannot be "
            "placed in a statement that is moved",
        )
    for lp in model.loops:
        if lp.iter_args:
            raise NotCompound(
                lp.op, f"loop at {lp.loc} carries values (iter_args/reductions); statements cannot be moved out of it"
            )
    by_op = {s.op: s for s in model.statements}
    units: list[Unit] = []
    stores = [s for s in model.statements if is_affine_write(s.op)]
    counts = {"S": 0, "C": 0}
    for s in stores:
        ops = _operand_slice(model, s.op, s)
        members = [Member(by_op[o], k) for k, o in enumerate(ops) if o in by_op]
        # Stores of a value carried in iter_args (demoted to memory, carried.py)
        # are C0, C1, ...: the S numbers stay those of the stores in the source.
        prefix = "C" if carried_value(s.accesses[0].memref) is not None else "S"
        name = f"{prefix}{counts[prefix]}"
        counts[prefix] += 1
        dom = s.domain.set_tuple_name(name)
        units.append(Unit(name, s.op, s.loops, dom, s.positions, members, ops))
    used = {m.stmt for u in units for m in u.members}
    for s in model.statements:
        if not s.loops and _carried(s) and isinstance(s.op, AffineLoadOp):
            # The result of a top-level loop that carries values: it stays after
            # the nest, which is regenerated in place (or earlier), so it still
            # reads the final value. Nothing else writes the buffer.
            continue
        if s not in used and _has_live_uses(s.op):
            what = access_role(s.op) if _carried(s) else f"{s.op.name} at {s.loc}"
            raise NotCompound(s.op, f"the value of {what} is used outside any store")
    return units


def _memref_label(v: Value) -> str:
    return f"memref %{v.name_hint}" if v.name_hint else "a memref"


def _carried(s: Statement) -> bool:
    return bool(s.accesses) and carried_value(s.accesses[0].memref) is not None


def _has_live_uses(op: Operation) -> bool:
    return any(r.uses for r in op.results)


def _operand_slice(model: PolyhedralModel, store: Operation, stmt: Statement) -> list[Operation]:
    """The ops computing ``store``'s operands inside its loops, in program
    order, then the store."""
    top = model.func.regions[0].blocks
    ivs = {lp.iv for lp in stmt.loops}
    seen: dict[Operation, None] = {}

    def visit(v: Value) -> None:
        if v in ivs:
            return
        if isinstance(v, BlockArgument):
            if v.owner in top:
                return
            raise NotCompound(
                store, f"{store.name} at {stmt.loc} uses a block argument that is not an induction variable"
            )
        assert isinstance(v, OpResult)
        d = v.owner
        if d.parent in top:
            return  # computed once before the nests: free in every statement
        if d in seen:
            return
        if not is_affine_read(d) and (d.regions or not is_effect_free(d)):
            raise NotCompound(
                store, f"{store.name} at {stmt.loc} uses the result of {d.name}, which cannot be recomputed"
            )
        if not _encloses(d, stmt.loops):
            raise NotCompound(store, f"{store.name} at {stmt.loc} uses a value defined in another loop nest")
        for o in d.operands:
            visit(o)
        seen[d] = None

    for o in store.operands:
        visit(o)
    ops = sorted(seen, key=lambda o: _program_order(model, o))
    return ops + [store]


def _encloses(op: Operation, loops: list[Loop]) -> bool:
    """Whether ``op`` sits in the body of one of ``loops`` (or an affine.if in it)."""
    loop_ops = {lp.op for lp in loops}
    p = op.parent_op
    while p is not None:
        if p in loop_ops:
            return True
        if not isinstance(p, AffineIfOp):
            return False
        p = p.parent_op
    return False


def _program_order(model: PolyhedralModel, op: Operation) -> tuple[int, ...]:
    key: list[int] = []
    cur: Operation | None = op
    while cur is not None and cur is not model.func:
        blk = cur.parent
        if blk is None:
            break
        key.append(blk.operations.index(cur))
        cur = blk.parent_op
    return tuple(reversed(key))
