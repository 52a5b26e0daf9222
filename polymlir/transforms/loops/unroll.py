"""Unrolling of ``affine.for`` loops, and the structural helpers unroll-and-jam
shares.

Unrolling by a factor F keeps the order of every operation, so it is always
legal; what can be refused is what cannot be done (a full unroll of a loop
whose trip count is not a constant, a factor below 1, a constant trip count
below F). The rewrite is upstream's ``loopUnrollByFactor``: the step is
scaled by F, the body is appended F-1 times with the induction variable
rebased through ``affine.apply (d0 + k * step)``, values carried in
``iter_args`` chain from one copy to the next, and a cleanup loop runs the
remaining iterations when F may not divide the trip count. Two differences
from upstream, both about correctness:

- a value yielded straight from an ``iter_args`` argument (a rotation such as
  Fibonacci's ``yield %b, %c``) chains through the copies; upstream keeps the
  first copy's argument and miscompiles it;
- when the trip count may be negative (symbolic bounds with ``ub < lb``),
  the cleanup loop starts at ``max(lb, split)``; upstream starts it at
  ``split`` alone, below ``lb``, and runs iterations the original never ran.

Loops with ``max`` lower or ``min`` upper bounds whose trip count F may not
divide (upstream refuses them: the cleanup bound is not affine) are unrolled
with guarded copies: copy k runs under ``affine.if (iv + k * step < ub)``.

Unroll-and-jam is in ``unroll_jam.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...affine import isl_bridge as ib
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp, AffineIfOp, AffineYieldOp
from ...dialects.affine.ops import AffineApplyOp
from ...dialects.arith.ops import ConstantOp
from ...dialects.func import FuncOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr, AffineExpr, const, dim, sym
from ...ir.affine_flatten import simplify_affine_map
from ...ir.affine_map import AffineMap, IntegerSet
from ...ir.core import Block, Operation, Value
from .errors import ArgumentError
from .loop_utils import TransformError, as_for, loop_ivs

# -- bounds as affine expressions over the enclosing loops (d<depth>) and params (s<j>) ---------


def trip_count_exprs(lbs: Sequence[AffineExpr], ubs: Sequence[AffineExpr], step: int) -> list[AffineExpr]:
    """The trip count is the min of these: ``ceil((min ub - max lb) / step)``
    is the min over every (lb, ub) pair of ``ceil((ub - lb) / step)``."""
    return [(u - lb).ceildiv(step) for lb in lbs for u in ubs]


def constant_trip_count(lbs: Sequence[AffineExpr], ubs: Sequence[AffineExpr], step: int) -> int | None:
    tcs = trip_count_exprs(lbs, ubs, step)
    if all(isinstance(t, AffineConstantExpr) for t in tcs):
        return max(0, min(cast(AffineConstantExpr, t).value for t in tcs))
    return None


def context_set(model: PolyhedralModel, loop: Loop, ge: Sequence[AffineExpr] = (), eq: Sequence[AffineExpr] = ()):
    """The isl set of (enclosing loop IVs, ``loop``'s IV, params) satisfying
    the enclosing loops' bounds and the given constraints (``e >= 0``,
    ``e == 0``). Strides and ``affine.if`` conditions of the enclosing code
    are left out: the set is a superset of what runs."""
    cons: list[AffineExpr] = []
    for outer in loop.enclosing()[:-1]:
        cons += [dim(outer.depth) - lb for lb in outer.lbs]
        cons += [ub - dim(outer.depth) - 1 for ub in outer.ubs]
    dims = [f"d{k}" for k in range(loop.depth + 1)]
    return ib.constraint_set(dims, model.param_names, "ctx", [*cons, *ge], list(eq))


def may_hold(model: PolyhedralModel, loop: Loop, ge: Sequence[AffineExpr], eq: Sequence[AffineExpr] = ()) -> bool:
    """Whether the constraints can hold for some enclosing iteration (exact
    over the enclosing loops' bounds, for any parameter values)."""
    return not context_set(model, loop, ge, eq).is_empty()


def may_be_empty(model: PolyhedralModel, loop: Loop) -> bool:
    """Whether ``loop`` may run zero times in some enclosing iteration."""
    return any(may_hold(model, loop, [lb - u]) for lb in loop.lbs for u in loop.ubs)


def divides_trip_count(model: PolyhedralModel, loop: Loop, factor: int) -> bool:
    """Whether ``factor`` divides every positive trip count of ``loop``."""
    tcs = trip_count_exprs(loop.lbs, loop.ubs, loop.step)
    tc = constant_trip_count(loop.lbs, loop.ubs, loop.step)
    if tc is not None:
        return tc % factor == 0
    for p, tcp in enumerate(tcs):
        # The min is tcp, positive and not a multiple of factor.
        ge = [tcq - tcp for q, tcq in enumerate(tcs) if q != p] + [tcp - 1, tcp % factor - 1]
        if may_hold(model, loop, ge):
            return False
    return True


def emit_map(
    ivs: Sequence[Value], params: Sequence[Value], exprs: Sequence[AffineExpr]
) -> tuple[AffineMap, list[Value]]:
    """An affine map and its operands for expressions over ``d<k>`` (the IV
    ``ivs[k]``) and ``s<j>`` (``params[j]``), keeping only what they use."""
    used_d = [k for k in range(len(ivs)) if any(e.is_function_of_dim(k) for e in exprs)]
    used_s = [j for j in range(len(params)) if any(e.is_function_of_symbol(j) for e in exprs)]
    dmap = [dim(used_d.index(k)) if k in used_d else const(0) for k in range(len(ivs))]
    smap = [sym(used_s.index(j)) if j in used_s else const(0) for j in range(len(params))]
    res = tuple(e.replace_dims_and_symbols(dmap, smap) for e in exprs)
    # Upstream's simplification (flatten, rebuild): maps print as mlir-opt's do.
    amap = simplify_affine_map(AffineMap(len(used_d), len(used_s), res))
    return amap, [ivs[k] for k in used_d] + [params[j] for j in used_s]


def emit_set(ivs: Sequence[Value], params: Sequence[Value], ge: Sequence[AffineExpr]) -> tuple[IntegerSet, list[Value]]:
    """An integer set ``e >= 0 for e in ge`` and its operands (as emit_map)."""
    amap, ops = emit_map(ivs, params, ge)
    return IntegerSet(amap.num_dims, amap.num_symbols, amap.results, [False] * len(ge)), ops


# -- structural helpers on affine.for ----------------------------------------------------------


def set_bounds(
    op: AffineForOp,
    lb: tuple[AffineMap, Sequence[Value]] | None = None,
    ub: tuple[AffineMap, Sequence[Value]] | None = None,
) -> None:
    """Replace the lower and/or upper bound (map and operands) of ``op``."""
    lbs, ubs, inits = op._operand_groups()
    lb_map, ub_map = op.lowerBoundMap.value, op.upperBoundMap.value
    if lb is not None:
        lb_map, lbs = lb[0], list(lb[1])
    if ub is not None:
        ub_map, ubs = ub[0], list(ub[1])
    op.set_operands([*lbs, *ubs, *inits])
    props = cast(dict, op.properties)
    props["lowerBoundMap"] = A.AffineMapAttr(lb_map)
    props["upperBoundMap"] = A.AffineMapAttr(ub_map)
    props["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, (len(lbs), len(ubs), len(inits)))


def set_step(op: AffineForOp, step: int) -> None:
    cast(dict, op.properties)["step"] = A.IntegerAttr(step, T.index)


def set_inits(op: AffineForOp, inits: Sequence[Value]) -> None:
    lbs, ubs, _ = op._operand_groups()
    op.set_operands([*lbs, *ubs, *inits])


def enclosing_func(op: Operation) -> Operation | None:
    p = op.parent_op
    while p is not None and not isinstance(p, FuncOp):
        p = p.parent_op
    return p


def index_constant(value: int, near: Operation) -> Value:
    """An ``arith.constant`` index at the start of the enclosing function
    (where upstream puts the constants it creates), else before ``near``."""
    c = ConstantOp.of(value, T.index)
    c.loc = near.loc
    func = enclosing_func(near)
    if func is not None and func.regions and func.regions[0].blocks:
        func.regions[0].blocks[0].insert(0, c)
    else:
        assert near.parent is not None
        near.parent.insert_before(near, c)
    return c.results[0]


def _is_identity_bound(amap: AffineMap) -> bool:
    if amap.num_results != 1 or amap.num_inputs != 1:
        return False
    e = amap.results[0]
    return e == (dim(0) if amap.num_dims == 1 else sym(0))


def promote_single_iteration(op: AffineForOp) -> None:
    """Replace a loop known to run exactly once by its body (upstream's
    ``promoteIfSingleIteration``): the IV becomes the lower bound, the
    iter_args their inits, the results the yielded values."""
    lb_map = op.lowerBoundMap.value
    lbs, _, inits = op._operand_groups()
    body = op.body
    iv = body.arguments[0]
    block = op.parent
    assert block is not None
    if iv.uses:
        if lb_map.is_single_constant():
            val = index_constant(lb_map.single_constant_result, op)
        elif _is_identity_bound(lb_map):
            val = lbs[0]
        else:
            apply = AffineApplyOp.build(lb_map, lbs, loc=op.loc)
            block.insert_before(op, apply)
            val = apply.results[0]
        iv.replace_all_uses_with(val)
    for a, init in zip(body.arguments[1:], inits, strict=True):
        a.replace_all_uses_with(init)
    term = body.operations[-1]
    for r, y in zip(op.results, term.operands, strict=True):
        r.replace_all_uses_with(y)
    for o in body.operations[:-1]:
        o.detach()
        block.insert_before(op, o)
    op.erase()


def erase_empty_loop(op: AffineForOp) -> None:
    """Remove a loop that runs zero times: its results are its inits."""
    _, _, inits = op._operand_groups()
    for r, init in zip(op.results, inits, strict=True):
        r.replace_all_uses_with(init)
    op.erase()


def _insert_after(block: Block, anchor: Operation | None, op: Operation) -> Operation:
    """Insert ``op`` after ``anchor`` (at the start of ``block`` if None)."""
    if anchor is None:
        return block.insert(0, op)
    return block.insert_after(anchor, op)


def uses_value(ops: Sequence[Operation], v: Value) -> bool:
    for o in ops:
        for x in o.walk():
            if any(u is v for u in x.operands):
                return True
    return False


def _check_factor(loop: Loop, factor: int | None, what: str = "unroll factor") -> int:
    if not isinstance(factor, int) or isinstance(factor, bool) or factor < 1:
        raise ArgumentError(f"{what} {factor} for loop {loop_name(loop)} must be a positive integer", loop.op)
    return factor


class _Nest:
    """What the rewrites need of a loop: its IV values by depth and the
    model's parameters, to turn expressions back into maps and operands."""

    def __init__(self, model: PolyhedralModel, loop: Loop):
        self.model = model
        self.loop = loop
        self.ivs = loop_ivs(loop.enclosing())
        self.params = model.symbol_values()

    def map(self, exprs: Sequence[AffineExpr]) -> tuple[AffineMap, list[Value]]:
        return emit_map(self.ivs, self.params, exprs)

    def set(self, ge: Sequence[AffineExpr]) -> tuple[IntegerSet, list[Value]]:
        return emit_set(self.ivs, self.params, ge)


def _split_point(loop: Loop, factor: int) -> AffineExpr:
    """``lb + (tc floordiv F) * F * step``: where the full groups of F
    iterations end (single-result bounds; upstream's form once simplified)."""
    lb, ub, s = loop.lbs[0], loop.ubs[0], loop.step
    tc = (ub - lb).ceildiv(s)
    return lb + tc.floordiv(factor) * (factor * s)


def _make_cleanup(nest: _Nest, op: AffineForOp, factor: int) -> tuple[AffineForOp, list[AffineExpr]]:
    """Clone ``op`` after itself as the cleanup loop over the iterations past
    the last full group of ``factor``; the original loop stops there. Returns
    the cleanup loop and its lower bounds."""
    loop, model = nest.loop, nest.model
    lb, ub, s = loop.lbs[0], loop.ubs[0], loop.step
    split = _split_point(loop, factor)
    # A negative trip count makes split < lb: start the cleanup at lb then.
    cleanup_lbs = [lb, split] if may_hold(model, loop, [lb - ub - s]) else [split]
    block = op.parent
    assert block is not None
    cleanup = as_for(op.clone())
    block.insert_after(op, cleanup)
    cleanup.induction_var.name_hint = f"{loop_name(loop)}_cleanup"
    for r, cr in zip(op.results, cleanup.results, strict=True):
        r.replace_all_uses_with(cr)
    set_inits(cleanup, list(op.results))
    set_bounds(cleanup, lb=nest.map(cleanup_lbs))
    set_bounds(op, ub=nest.map([split]))
    return cleanup, cleanup_lbs


# -- unroll --------------------------------------------------------------------------------------


def unroll_verdict(model: PolyhedralModel, loop: Loop, factor: int | None = None, full: bool = False) -> Verdict:
    """Whether ``loop`` can be unrolled by ``factor`` (or fully). Unrolling
    keeps the order of every operation: it is refused only when it cannot
    be done."""
    name = loop_name(loop)
    what = f"unroll loop {name} fully" if full else f"unroll loop {name} by {factor}"
    if not full:
        _check_factor(loop, factor)
    if not isinstance(loop.op, AffineForOp):
        return Verdict(False, f"cannot {what}: it is an {loop.op.name}, not an affine.for", op=loop.op)
    tc = constant_trip_count(loop.lbs, loop.ubs, loop.step)
    if full:
        if tc is None:
            return Verdict(
                False,
                f"cannot {what}: its trip count is not a constant",
                op=loop.op,
                hint=f"unroll {name} by a factor instead",
            )
        return Verdict.legal(f"{what} ({tc} iterations) keeps the order of every operation")
    assert factor is not None
    if factor > 1 and tc is not None and tc < factor:
        return Verdict(
            False,
            f"cannot {what}: its trip count {tc} is smaller than the factor",
            op=loop.op,
            hint=f"unroll {name} fully",
        )
    return Verdict.legal(f"{what} keeps the order of every operation")


def unroll(model: PolyhedralModel, loop: Loop, factor: int | None = None, full: bool = False) -> list[Operation]:
    """Unroll ``loop`` by ``factor`` (or fully); call after a legal verdict.
    Returns the loops that remain (the unrolled loop, then the cleanup loop),
    without the ones that became a single iteration and were replaced by
    their body."""
    v = unroll_verdict(model, loop, factor, full)
    if not v.ok:
        raise TransformError(v.reason, loop.op)
    op = as_for(loop.op)
    tc = constant_trip_count(loop.lbs, loop.ubs, loop.step)
    if full:
        assert tc is not None
        if tc == 0:
            erase_empty_loop(op)
            return []
        if tc == 1:
            promote_single_iteration(op)
            return []
        factor = tc
    assert factor is not None
    if factor == 1 or len(op.body.operations) == 1:
        if tc == 1:
            promote_single_iteration(op)
            return []
        return [op]
    return _unroll_by_factor(_Nest(model, loop), op, factor)


def _unroll_by_factor(nest: _Nest, op: AffineForOp, factor: int) -> list[Operation]:
    loop, model = nest.loop, nest.model
    s = loop.step
    main_ubs: list[AffineExpr] = list(loop.ubs)
    cleanup = None
    cleanup_lbs: list[AffineExpr] = []
    guards: list[AffineExpr] | None = None
    if not divides_trip_count(model, loop, factor):
        if len(loop.lbs) == 1 and len(loop.ubs) == 1:
            cleanup, cleanup_lbs = _make_cleanup(nest, op, factor)
            main_ubs = [_split_point(loop, factor)]
        else:
            guards = list(loop.ubs)
    set_step(op, s * factor)
    replicate_body(nest, op, factor, s, guards)
    return _promote_single(loop, op, main_ubs, factor, cleanup, cleanup_lbs)


def _promote_single(
    loop: Loop,
    op: AffineForOp,
    main_ubs: list[AffineExpr],
    factor: int,
    cleanup: AffineForOp | None,
    cleanup_lbs: list[AffineExpr],
) -> list[Operation]:
    """Replace the unrolled loop and the cleanup loop by their bodies where
    they run once (the cleanup first, as upstream, so the constants it
    creates come in upstream's order); the loops that remain."""
    s = loop.step
    out: list[Operation] = []
    if cleanup is not None:
        if constant_trip_count(cleanup_lbs, loop.ubs, s) == 1:
            promote_single_iteration(cleanup)
        else:
            out.append(cleanup)
    if constant_trip_count(loop.lbs, main_ubs, s * factor) == 1:
        promote_single_iteration(op)
    else:
        out.insert(0, op)
    return out


def replicate_body(
    nest: _Nest, op: AffineForOp, factor: int, step: int, guards: Sequence[AffineExpr] | None = None
) -> None:
    """Append ``factor - 1`` copies of the body, copy k seeing the IV plus
    ``k * step`` and the values the previous copy yields; with ``guards``
    (upper bounds over the nest), copy k runs only where ``iv + k * step``
    is below all of them."""
    body = op.body
    iv = body.arguments[0]
    iter_args = list(body.arguments[1:])
    term = body.operations[-1]
    originals = body.operations[:-1]
    yielded = list(term.operands)
    last = list(yielded)
    uses_iv = bool(iv.uses)
    depth = nest.loop.depth
    for k in range(1, factor):
        mapping: dict = {a: v for a, v in zip(iter_args, last, strict=True)}
        target, anchor = body, term
        guard = None
        if guards is not None:
            cond, cops = nest.set([u - dim(depth) - k * step - 1 for u in guards])
            guard = AffineIfOp.build(cond, cops, [a.type for a in iter_args], with_else=bool(iter_args), loc=op.loc)
            body.insert_before(term, guard)
            target = guard.regions[0].blocks[0]
            if iter_args:
                target.append(AffineYieldOp.build(last, loc=op.loc))
                guard.regions[1].blocks[0].append(AffineYieldOp.build(last, loc=op.loc))
            anchor = target.operations[-1]
        if uses_iv:
            apply = AffineApplyOp.build(AffineMap(1, 0, (dim(0) + k * step,)), [iv], loc=op.loc)
            target.insert_before(anchor, apply)
            mapping[iv] = apply.results[0]
        for o in originals:
            target.insert_before(anchor, o.clone(mapping))
        new_last = [mapping.get(v, v) for v in yielded]
        if guard is not None and iter_args:
            anchor.set_operands(new_last)
            last = list(guard.results)
        else:
            last = new_last
    term.set_operands(last)


# -- unroll-and-jam ------------------------------------------------------------------------------
