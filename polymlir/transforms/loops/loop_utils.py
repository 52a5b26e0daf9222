"""Structural loop utilities shared by the primitives: perfect bands, bound
maps, and rebuilding an ``affine.for`` with new bounds around its body.

These keep the IR close to its input, as upstream's LoopUtils do: the body
ops are moved, never re-created, and only the loop headers change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...affine.model import Loop
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp, AffineYieldOp
from ...dialects.arith import ConstantOp
from ...dialects.llvm.loop_annotation import LOOP_ATTR
from ...ir.affine_map import AffineMap
from ...ir.attributes import IntegerAttr
from ...ir.core import Block, Operation, OpResult, Value
from .errors import TransformError

__all__ = ["TransformError"]


def loop_ivs(loops: Sequence[Loop]) -> list[Value]:
    """The induction variables of ``loops``, loops of affine code (only a
    linalg op's loops have no SSA IV)."""
    ivs: list[Value] = []
    for lp in loops:
        assert lp.iv is not None, f"loop {loop_name(lp)} at {lp.loc} is an affine loop, with an IV"
        ivs.append(lp.iv)
    return ivs


def body_ops(loop_op: Operation) -> list[Operation]:
    """The ops of a loop body without its terminator."""
    ops = loop_op.regions[0].blocks[0].operations
    return [o for o in ops if not isinstance(o, AffineYieldOp)] if ops else []


def perfect_band_problem(band: Sequence[Loop]) -> str | None:
    """Why ``band`` is not a perfectly nested chain of affine.for loops
    without loop-carried values (None when it is)."""
    for lp in band:
        if not isinstance(lp.op, AffineForOp):
            return f"loop {loop_name(lp)} at {lp.loc} is not an affine.for"
        if lp.iter_args:
            return f"loop {loop_name(lp)} at {lp.loc} carries values (iter_args)"
    for a, b in zip(band, band[1:], strict=False):
        if b.parent is not a:
            return f"loops {loop_name(a)} and {loop_name(b)} are not directly nested"
        ops = body_ops(a.op)
        if len(ops) != 1 or ops[0] is not b.op:
            return (
                f"loops {loop_name(a)} and {loop_name(b)} are not perfectly nested "
                f"(the body of {loop_name(a)} at {a.loc} holds other ops)"
            )
    return None


def bounds_use_band(band: Sequence[Loop]) -> Loop | None:
    """The first band loop whose bounds depend on another band loop's IV
    (a non-rectangular band), or None."""
    depths = {lp.depth for lp in band}
    for lp in band:
        for e in [*lp.lbs, *lp.ubs]:
            if any(e.is_function_of_dim(d) for d in depths if d != lp.depth):
                return lp
    return None


def bound_operands(op: AffineForOp) -> tuple[list[Value], list[Value]]:
    lbs, ubs, _ = op._operand_groups()
    return lbs, ubs


def constant_trip_count(op: AffineForOp) -> int | None:
    cb = op.constant_bounds()
    if cb is None:
        return None
    lb, ub = cb
    step = op.step.value
    return max(0, -(-(ub - lb) // step))


def midpoint_trips(op: AffineForOp, at: Mapping[Value, int]) -> tuple[int, int] | None:
    """(trip count, middle iteration's IV value) of ``op`` with the values
    ``at`` gives its bound operands (enclosing IVs at the middle of their
    ranges, say), constants read from ``arith.constant``; None when an
    operand is neither. For bounds linear in an enclosing IV (a triangle),
    the trip count at that IV's middle is the average one."""
    lbs, ubs = bound_operands(op)
    values: list[list[int]] = []
    for ops in (lbs, ubs):
        vals = []
        for v in ops:
            if v in at:
                vals.append(at[v])
                continue
            c = v.owner.attributes.get("value") if isinstance(v, OpResult) and isinstance(v.owner, ConstantOp) else None
            if not isinstance(c, IntegerAttr):
                return None
            vals.append(c.value)
        values.append(vals)
    lbm, ubm = op.lowerBoundMap.value, op.upperBoundMap.value
    lb = max(lbm.evaluate(values[0][: lbm.num_dims], values[0][lbm.num_dims :]))
    ub = min(ubm.evaluate(values[1][: ubm.num_dims], values[1][ubm.num_dims :]))
    step = op.step.value
    trips = max(0, -(-(ub - lb) // step))
    return trips, lb + (trips // 2) * step


def new_loop_like(
    template: AffineForOp,
    lb: AffineMap,
    lb_ops: Sequence[Value],
    ub: AffineMap,
    ub_ops: Sequence[Value],
    step: int,
    name: str | None,
    hints: bool = False,
) -> AffineForOp:
    """An empty affine.for (with its yield) at ``template``'s location;
    ``hints``: it runs ``template``'s iterations (a point loop, a moved
    loop) and takes its LLVM hints (``llvm.loop_annotation``)."""
    loop = AffineForOp.build(lb, ub, step, lb_ops, ub_ops, loc=template.loc)
    loop.induction_var.name_hint = name
    ann = template.attributes.get(LOOP_ATTR)
    if hints and ann is not None:
        loop.attributes[LOOP_ATTR] = ann
    return loop


def move_body(src: Operation, dst: Operation, iv_value: Value | None = None) -> None:
    """Move ``src``'s body ops (not its terminator) to the end of ``dst``'s
    body (before its terminator); uses of ``src``'s IV become ``iv_value``."""
    dst_body = dst.regions[0].blocks[0]
    last = dst_body.operations[-1] if dst_body.operations else None
    term = last if isinstance(last, AffineYieldOp) else None
    for o in body_ops(src):
        o.detach()
        if term is not None:
            dst_body.insert_before(term, o)
        else:
            dst_body.append(o)
    if iv_value is not None:
        src.regions[0].blocks[0].arguments[0].replace_all_uses_with(iv_value)


def defined_inside(v: Value, op: Operation) -> bool:
    """Whether ``v`` is defined in a region of ``op`` (at any depth)."""
    blk = v.parent_block
    p = blk.parent_op if blk is not None else None
    while p is not None:
        if p is op:
            return True
        p = p.parent_op
    return False


def append_before_terminator(block: Block, op: Operation) -> Operation:
    ops = block.operations
    if ops and isinstance(ops[-1], AffineYieldOp):
        return block.insert_before(ops[-1], op)
    return block.append(op)


# One loop of a nest to build: lower and upper bound (constants or maps) and the maps' operands.
NestBound = tuple[AffineMap | int, AffineMap | int, Sequence[Value], Sequence[Value]]


def build_nest(
    bounds: Sequence[NestBound], names: Sequence[str], loc, into: Block | None = None
) -> tuple[Operation | None, Block | None, list[Value]]:
    """Loops of step 1 one inside the other over ``bounds``, outermost first,
    their induction variables named ``names``; the outermost appended to
    ``into`` (before its terminator) when given. Returns the outermost loop,
    the innermost body (``into`` when there is no loop) and the induction
    variables."""
    root: Operation | None = None
    body = into
    ivs: list[Value] = []
    for (lo, hi, lops, uops), name in zip(bounds, names, strict=True):
        f = AffineForOp.build(lo, hi, 1, lops, uops, loc=loc)
        f.induction_var.name_hint = name
        ivs.append(f.induction_var)
        if body is None:
            root = f
        else:
            append_before_terminator(body, f)
            root = root or f
        body = f.body
    return root, body, ivs


def ensure_yield(block: Block, loc=None) -> None:
    if not block.operations or not isinstance(block.operations[-1], AffineYieldOp):
        block.append(AffineYieldOp.build(loc=loc))


def as_for(op: Operation) -> AffineForOp:
    """``op``, which the caller knows to be an ``affine.for``, as one."""
    assert isinstance(op, AffineForOp), op.name
    return op
