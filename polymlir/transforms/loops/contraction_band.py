"""Contraction bands: the loops' roles and the body's parts, read off the IR.

A contraction band is a perfect nest of two or three ``affine.for`` loops
whose body accumulates into one element (see ``microkernel``): this module
finds the reduction loop ``k``, the vector loop ``j`` and the row loop ``i``,
the accumulated element, its increment, and the loads that would need
packing. Only the IR is read; nothing changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...affine.model import Loop
from ...affine.schedules import loop_name
from ...dialects import arith
from ...dialects.affine.loops import AffineForOp
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_flatten import flatten
from ...ir.affine_map import AffineMap
from ...ir.core import Operation, Value
from .loop_utils import as_for, body_ops, perfect_band_problem

__all__ = ["Contraction", "contraction", "index_coeffs", "iv_of"]

_ARITH = (arith.AddFOp, arith.SubFOp, arith.MulFOp, arith.DivFOp, arith.MaximumFOp, arith.MinimumFOp, arith.NegFOp)


@dataclass
class Contraction:
    """The roles of a contraction band's loops and the parts of its body."""

    band: list[Loop]
    i: Loop | None
    j: Loop
    k: Loop
    store: Operation
    acc_load: Operation
    update: Operation  # the arith.addf of the accumulator and the increment
    increment: Value
    ops: list[Operation] = field(default_factory=list)
    bounds: dict[Value, tuple[int, int]] = field(default_factory=dict)  # IV -> [lo, hi) of the constant ones
    # j's bounds when they move with i: lo(i) = a * i + b as (a, b), for the lower and the upper bound
    j_lin: tuple[tuple[int, int], tuple[int, int]] | None = None
    # loads strided along j that do not move with i: copied into a k x j buffer when packing
    packable: list[Operation] = field(default_factory=list)

    def _operands_moving_with(self, lp: Loop | None) -> list[Operation]:
        if lp is None:
            return []
        out: list[Operation] = []
        for o in self.ops:
            if isinstance(o, AffineLoadOp) and o is not self.acc_load:
                coeffs = index_coeffs(o, {iv_of(lp)})
                if not isinstance(coeffs, str) and any(row for row in coeffs):
                    out.append(o)
        return out

    @property
    def streams(self) -> int:
        """Operand loads that move with the vector loop (one vector each per
        column of the register tile, live across its rows), at least one."""
        return max(1, len(self._operands_moving_with(self.j)))

    @property
    def broadcasts(self) -> int:
        """Operand loads that move with the row loop only (one broadcast each per row), at least one."""
        along_j = self._operands_moving_with(self.j)
        return max(1, len([o for o in self._operands_moving_with(self.i) if o not in along_j]))

    def span(self, lp: Loop) -> tuple[int, int]:
        """``[lo, hi)`` of a loop with constant bounds."""
        return self.bounds[iv_of(lp)]

    @property
    def triangular(self) -> bool:
        return self.j_lin is not None

    @property
    def element(self) -> T.Type:
        t = self.store.operands[0].type
        return t

    def extent(self, lp: Loop) -> int:
        """The loop's trip count (for j in a triangular band: its largest)."""
        assert lp.iv is not None
        if lp is self.j and self.j_lin is not None and self.i is not None:
            (al, bl), (au, bu) = self.j_lin
            return max(au * i + bu - (al * i + bl) for i in range(*self.span(self.i)))
        lo, hi = self.bounds[lp.iv]
        return hi - lo


def iv_of(lp: Loop) -> Value:
    """The IV of a loop of affine code (only a linalg op's loops have none)."""
    assert lp.iv is not None, f"loop {loop_name(lp)} has an induction variable"
    return lp.iv


def index_coeffs(op: Operation, ivs: set[Value]) -> list[dict[Value, int]] | str:
    """Per index of an affine access, the coefficient of each band IV."""
    amap: AffineMap = op.prop("map", A.AffineMapAttr).value
    operands = list(op.operands[2:] if isinstance(op, AffineStoreOp) else op.operands[1:])
    out = []
    for e in amap.results:
        flat = flatten(e, amap.num_dims, amap.num_symbols)
        if flat is None or flat[1]:
            return f"index {e} of {op.name} is not a plain affine function"
        coeffs, _locals = flat
        row: dict[Value, int] = {}
        for pos, v in enumerate(operands):
            c = coeffs[pos]
            if v in ivs and c:
                if pos >= amap.num_dims:
                    return f"{op.name} uses a loop IV as a symbol"
                row[v] = row.get(v, 0) + c
        out.append(row)
    return out


def contraction(band: Sequence[Loop]) -> Contraction | str:
    """The band's roles when it is a contraction band, else why not."""
    if len(band) not in (2, 3):
        return f"a contraction band has 2 or 3 loops, got {len(band)}"
    problem = perfect_band_problem(band)
    if problem is not None:
        return problem
    bounds: dict[Value, tuple[int, int]] = {}
    moving: dict[Value, tuple[Loop, tuple[tuple[Value | None, int, int], tuple[Value | None, int, int]]]] = {}
    for lp in band:
        fo = as_for(lp.op)
        if lp.step != 1:
            return f"loop {loop_name(lp)} needs step 1"
        cb = fo.constant_bounds()
        if cb is not None:
            bounds[fo.induction_var] = cb
            continue
        lin = (_linear_bound(fo, True), _linear_bound(fo, False))
        if isinstance(lin[0], str) or isinstance(lin[1], str):
            return f"loop {loop_name(lp)} needs constant bounds or bounds affine in one enclosing band loop"
        moving[fo.induction_var] = (lp, (lin[0], lin[1]))
    ivs = set(bounds) | set(moving)
    inner = as_for(band[-1].op)
    ops = body_ops(inner)
    stores = [o for o in ops if isinstance(o, AffineStoreOp)]
    if len(stores) != 1:
        return f"the body must store once, it stores {len(stores)} times"
    store = stores[0]
    for o in ops:
        if o.regions or not isinstance(o, (*_ARITH, AffineLoadOp, AffineStoreOp, arith.ConstantOp)):
            return f"{o.name} in the body is not a load, a store or float arithmetic"
        if isinstance(o, _ARITH) and not isinstance(o.results[0].type, T.FloatType):
            return f"{o.name} is not on a scalar float"
    w = store.operands[1]
    w_coeffs = index_coeffs(store, ivs)
    if isinstance(w_coeffs, str):
        return w_coeffs
    used = [v for row in w_coeffs for v in row]
    reduction = [lp for lp in band if lp.iv not in used]
    if len(reduction) != 1:
        return "exactly one loop must not index the stored element (the reduction loop)"
    k = reduction[0]
    last = w_coeffs[-1]
    if len(last) != 1 or next(iter(last.values())) != 1:
        return "the stored element's last index must be one loop with coefficient 1"
    jv = next(iter(last))
    j = next(lp for lp in band if lp.iv is jv)
    rows = [lp for lp in band if lp is not j and lp is not k]
    i = rows[0] if rows else None
    for pos, row in enumerate(w_coeffs[:-1]):
        if jv in row:
            return f"loop {loop_name(j)} indexes the stored element in two places"
        if i is not None and i.iv in row and (len(row) != 1 or row[i.iv] != 1 or pos < 0):
            return f"loop {loop_name(i)} must index the stored element alone, with coefficient 1"
    if i is not None and not any(i.iv in row for row in w_coeffs[:-1]):
        return f"loop {loop_name(i)} does not index the stored element"
    update = store.operands[0].owner_op
    if not isinstance(update, arith.AddFOp) or update.parent is not inner.body:
        return "the stored value must be an arith.addf of the element and an increment"
    acc_load = None
    increment = None
    for a, b in ((0, 1), (1, 0)):
        cand = update.operands[a].owner_op
        if (
            isinstance(cand, AffineLoadOp)
            and cand.operands[0] is w
            and cand.prop("map", A.AffineMapAttr) == store.prop("map", A.AffineMapAttr)
            and list(cand.operands[1:]) == list(store.operands[2:])
        ):
            acc_load, increment = cand, update.operands[b]
            break
    if acc_load is None or increment is None:
        return "the stored value must add the element loaded at the same place"
    if len(acc_load.results[0].uses) != 1 or len(update.results[0].uses) != 1:
        return "the loaded element is used other than by its accumulation"
    packable: list[Operation] = []
    for o in ops:
        if isinstance(o, AffineLoadOp) and o is not acc_load:
            if o.operands[0] is w:
                return f"{loop_name(k)}'s body reads the stored memref elsewhere"
            coeffs = index_coeffs(o, ivs)
            if isinstance(coeffs, str):
                return coeffs
            strided = any(jv in row and (pos != len(coeffs) - 1 or row[jv] != 1) for pos, row in enumerate(coeffs))
            if strided:
                if i is not None and any(i.iv in row for row in coeffs):
                    return f"a load is not contiguous along loop {loop_name(j)} and moves with {loop_name(i)}"
                packable.append(o)
        if isinstance(o, AffineLoadOp) and not isinstance(o.results[0].type, T.FloatType):
            return "a load is not of a scalar float"
    if increment.owner_op is acc_load:
        return "the increment must not be the element itself"
    j_lin = None
    for iv, (lp, (lo, hi)) in moving.items():
        if lp is not j or i is None or i.iv not in bounds:
            return f"loop {loop_name(lp)} needs constant bounds (only the vector loop's may move with the row loop)"
        if any(v not in (None, i.iv) for v, _, _ in (lo, hi)):
            return f"the bounds of loop {loop_name(lp)} move with a loop other than {loop_name(i)}"
        j_lin = ((lo[1], lo[2]), (hi[1], hi[2]))
        del iv
    return Contraction(list(band), i, j, k, store, acc_load, update, increment, ops, bounds, j_lin, packable)


def _linear_bound(fo: AffineForOp, lower: bool) -> tuple[Value | None, int, int] | str:
    """A single-result bound ``a * iv + b`` of at most one operand: (iv, a, b)."""
    amap = (fo.lowerBoundMap if lower else fo.upperBoundMap).value
    lbs, ubs, _ = fo._operand_groups()
    operands = lbs if lower else ubs
    if amap.num_results != 1:
        return "a min/max bound"
    flat = flatten(amap.results[0], amap.num_dims, amap.num_symbols)
    if flat is None or flat[1]:
        return "not a plain affine bound"
    coeffs = flat[0]
    used = [(operands[p], coeffs[p]) for p in range(len(operands)) if coeffs[p]]
    if len(used) > 1:
        return "a bound of several values"
    v, a = used[0] if used else (None, 0)
    return (v, a, coeffs[-1])
