"""Unroll-and-jam of ``affine.for`` loops.

Unroll-and-jam (upstream ``loopUnrollJamByFactor``) unrolls L and fuses the
copies inside the loops nested in L, so the copies of L's body run
interleaved at the innermost level. Its legality is decided exactly: the new
order is L strip-mined by F with its point loop sunk under the jammed loops,
checked against every memory dependence (``schedules.check``). Upstream
jams across carried dependences and miscompiles them. Beyond upstream, which
refuses both: inner loops whose bounds depend on L's IV (triangular nests)
run over the hull of the copies' ranges (the bounds must be monotone in the
IV), each copy's statements under an ``affine.if`` for its own range; and
with ``max``/``min`` bounds the copies past the end are guarded instead of
needing a cleanup loop. Inner loops carrying ``iter_args`` get one set per
copy, as upstream does; a loop carrying reductions in its own ``iter_args``
accumulates one partial result per copy, combined after it, where the
reassociation is exact or permitted (``jam_reductions``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...affine import isl_bridge as ib
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, op_loc
from ...affine.schedules import Vector, base_vector, check, inside, isl_entries, loop_name
from ...affine.statements import Unit, access_units
from ...dialects.affine.loops import AffineForOp, AffineIfOp
from ...dialects.affine.ops import AffineApplyOp
from ...ir.affine_expr import AffineExpr, const, dim, sym
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Operation
from .jam_reductions import copy_sets, fill_yields, loop_reductions, widen_iter_args, widen_reductions
from .loop_utils import TransformError
from .tile import model_problem
from .unroll import (
    _check_factor,
    _insert_after,
    _make_cleanup,
    _Nest,
    _promote_single,
    _split_point,
    as_for,
    constant_trip_count,
    divides_trip_count,
    may_hold,
    promote_single_iteration,
    set_bounds,
    set_inits,
    set_step,
    uses_value,
)

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge


def jammed_loops(op: Operation) -> list[Operation]:
    """The affine.for ops the copies of ``op``'s body are jammed into: those
    nested in it through affine.for bodies only (as upstream's
    JamBlockGatherer walks), in pre-order."""
    out: list[Operation] = []
    for o in op.regions[0].blocks[0].operations:
        if isinstance(o, AffineForOp):
            out.append(o)
            out.extend(jammed_loops(o))
    return out


def sub_blocks(op: Operation) -> list[list[Operation]]:
    """Maximal runs of non-loop ops (terminators excluded) in the bodies of
    ``op`` and of its jammed loops, in pre-order."""
    out: list[list[Operation]] = []
    run: list[Operation] = []
    for o in op.regions[0].blocks[0].operations[:-1]:
        if isinstance(o, AffineForOp):
            if run:
                out.append(run)
                run = []
            out.extend(sub_blocks(o))
        else:
            run.append(o)
    if run:
        out.append(run)
    return out


@dataclass
class _Dependent:
    """A jammed loop whose bounds depend on the unrolled loop's IV: it runs
    over the hull of the copies' ranges, and each copy's statements in it
    run under a guard for the copy's own range (none for the copy whose
    bound is the hull's)."""

    loop: Loop
    hull_lbs: list[AffineExpr]
    hull_ubs: list[AffineExpr]
    lb_copy: int | None  # copy whose lower bounds are the hull's (None: they do not depend on the IV)
    ub_copy: int | None


@dataclass
class _JamPlan:
    dependent: dict[Operation, _Dependent]


def _shift(e: AffineExpr, d: int, by: int, ndims: int, nsyms: int) -> AffineExpr:
    """``e`` with ``d<d>`` replaced by ``d<d> + by``."""
    if not by:
        return e
    dims = [dim(k) + by if k == d else dim(k) for k in range(ndims)]
    return e.replace_dims_and_symbols(dims, [sym(j) for j in range(nsyms)])


def _direction(model: PolyhedralModel, inner: Loop, exprs: Sequence[AffineExpr], d: int, s: int) -> int | None:
    """+1 if every expression is non-decreasing in ``d<d>`` (over the
    bounds of the loops around ``inner``), -1 if every one is
    non-increasing, None otherwise."""
    n, ns = inner.depth, len(model.params)
    inc = all(not may_hold(model, inner, [e - _shift(e, d, s, n, ns) - 1]) for e in exprs)
    if inc:
        return 1
    dec = all(not may_hold(model, inner, [_shift(e, d, s, n, ns) - e - 1]) for e in exprs)
    return -1 if dec else None


def _run_chain(run: list[Operation], top: Operation) -> list[Operation]:
    """The jammed loops around a sub-block, innermost first (up to ``top``)."""
    out = []
    p = run[0].parent_op
    while p is not None and p is not top:
        out.append(p)
        p = p.parent_op
    return out


def _escapes(run: list[Operation]) -> bool:
    """Whether a value defined in ``run`` is used outside it."""
    inside = set(run)
    for o in run:
        for r in o.results:
            for u in r.users:
                x: Operation | None = u
                while x is not None and x.parent is not run[0].parent:
                    x = x.parent_op
                if x not in inside:
                    return True
    return False


def _jam_plan(model: PolyhedralModel, loop: Loop, factor: int) -> _JamPlan | str:
    """How to jam ``loop``'s copies into its inner loops, or why it cannot."""
    op = loop.op
    name = loop_name(loop)
    if not isinstance(op, AffineForOp):
        return f"it is an {op.name}, not an affine.for"
    if loop.iter_args:
        reds = loop_reductions(as_for(op))
        if isinstance(reds, str):
            return f"loop {name} carries values (iter_args) its jammed copies cannot reassociate: {reds}"
    d, s = loop.depth, loop.step
    inner_ops = jammed_loops(op)
    plan = _JamPlan({})
    for inner in inner_ops:
        try:
            j = model.loop_for(inner)
        except KeyError:
            return f"loop at {op_loc(inner)} is outside the affine model"
        jname = loop_name(j)
        dep_l = any(e.is_function_of_dim(d) for e in j.lbs)
        dep_u = any(e.is_function_of_dim(d) for e in j.ubs)
        if not dep_l and not dep_u:
            continue
        where = f"the bounds of loop {jname} at {j.loc} depend on loop {name}"
        if any(o.results for o in inner_ops):
            return f"{where} and a loop nested in {name} carries values (iter_args)"
        if dep_l and j.step != 1:
            return f"{where} and its steps would not align across the copies"
        ldir = _direction(model, j, j.lbs, d, s) if dep_l else 1
        udir = _direction(model, j, j.ubs, d, s) if dep_u else 1
        if ldir is None or udir is None:
            return f"{where} (not monotonically), so the copies' ranges have no affine hull"
        lb_copy = (0 if ldir > 0 else factor - 1) if dep_l else None
        ub_copy = (factor - 1 if udir > 0 else 0) if dep_u else None
        n, ns = j.depth, len(model.params)
        hull_l = [_shift(e, d, (lb_copy or 0) * s, n, ns) for e in j.lbs]
        hull_u = [_shift(e, d, (ub_copy or 0) * s, n, ns) for e in j.ubs]
        plan.dependent[inner] = _Dependent(j, hull_l, hull_u, lb_copy, ub_copy)
    remainder = (
        factor > 1 and (len(loop.lbs) != 1 or len(loop.ubs) != 1) and not divides_trip_count(model, loop, factor)
    )
    if loop.iter_args and (plan.dependent or remainder):
        return (
            f"loop {name} carries reductions (iter_args) and its copies would run under guards "
            "(inner bounds depending on it, or max/min bounds)"
        )
    if plan.dependent or remainder:
        for run in sub_blocks(op):
            guarded = remainder or any(o in plan.dependent for o in _run_chain(run, op))
            if guarded and _escapes(run):
                why = (
                    "the copies past its max/min bounds run under a guard"
                    if remainder
                    else "once jammed into a loop whose bounds depend on the unrolled loop, it runs under a guard"
                )
                return f"{run[0].name} at {op_loc(run[0])} defines a value used outside its statements, and {why}"
    return plan


def _guard(
    model: PolyhedralModel, loop: Loop, deps: Sequence[_Dependent], copy: int, remainder: bool = False
) -> list[AffineExpr]:
    """Constraints (``e >= 0``) for ``copy`` to be in its own range of each
    dependent loop in ``deps`` and, with ``remainder``, for its iteration of
    the unrolled loop to exist (below every upper bound)."""
    d, s = loop.depth, loop.step
    ns = len(model.params)
    out: list[AffineExpr] = []
    if remainder and copy:
        out += [u - dim(d) - copy * s - 1 for u in loop.ubs]
    for dep in deps:
        j = dep.loop
        iv = dim(j.depth)
        if dep.lb_copy is not None and copy != dep.lb_copy:
            out += [iv - _shift(e, d, copy * s, j.depth, ns) for e in j.lbs]
        if dep.ub_copy is not None and copy != dep.ub_copy:
            out += [_shift(e, d, copy * s, j.depth, ns) - iv - 1 for e in j.ubs]
    return out


def unroll_jam_verdict(model: PolyhedralModel, loop: Loop, factor: int) -> Verdict:
    """Whether unroll-and-jam of ``loop`` by ``factor`` keeps every memory
    dependence (exact: the jammed order is checked with isl)."""
    _check_factor(loop, factor, "unroll-jam factor")
    name = loop_name(loop)
    what = f"unroll-jam loop {name} by {factor}"
    plan = _jam_plan(model, loop, factor)
    if isinstance(plan, str):
        return Verdict(False, f"cannot {what}: {plan}", op=loop.op)
    if factor == 1:
        return Verdict.legal(f"{what} changes nothing")
    bad = model_problem(model, [loop], what)
    if bad is not None:
        return bad
    tc = constant_trip_count(loop.lbs, loop.ubs, loop.step)
    if tc is not None and tc < factor:
        return Verdict(False, f"cannot {what}: its trip count {tc} is smaller than the factor", op=loop.op)
    needs_cleanup = not divides_trip_count(model, loop, factor)
    # With max/min bounds the remainder runs as guarded copies: no cleanup loop.
    needs_cleanup = needs_cleanup and len(loop.lbs) == 1 and len(loop.ubs) == 1
    units = access_units(model)
    jammed = {o for o in jammed_loops(loop.op)}
    loops = [loop] + [other for other in model.loops if other.op in jammed]
    maps = jam_schedule(model, loop, factor, units, needs_cleanup)
    return check(model, units, maps, what, loops)


def _top_in(block: Block, op: Operation) -> Operation:
    cur = op
    while cur.parent is not block:
        p = cur.parent_op
        assert p is not None, "op is not inside the block"
        cur = p
    return cur


def _sub_block_start(block: Block, top: Operation) -> int:
    ops = block.operations
    i = ops.index(top)
    while i > 0 and not isinstance(ops[i - 1], AffineForOp):
        i -= 1
    return i


def _jam_vector(unit: Unit, loop: Loop, factor: int) -> Vector:
    """The unit's schedule after the jam: L's tile index at L's place, then
    the jammed loops (their positions as body indices), then, inside the
    innermost jammed loop around the unit, its sub-block, L's point, and the
    unit's original positions from there on."""
    vec = base_vector(unit)
    d = loop.depth
    loops = unit.loops
    m = 0
    while (
        d + m + 1 < len(loops)
        and isinstance(loops[d + m + 1].op, AffineForOp)
        and loops[d + m + 1].op.parent_op is loops[d + m].op
    ):
        m += 1
    new: Vector = list(vec[: 2 * d + 1])
    new.append((dim(d), loop.lbs, factor * loop.step))
    for k in range(d + 1, d + m + 1):
        body = loops[k - 1].op.regions[0].blocks[0]
        new += [const(body.operations.index(loops[k].op)), dim(k)]
    body = loops[d + m].op.regions[0].blocks[0]
    top = _top_in(body, unit.op)
    new += [const(_sub_block_start(body, top)), dim(d)]
    new += vec[2 * (d + m + 1) :]
    return new


def _cleanup_vector(unit: Unit, loop: Loop, factor: int) -> Vector:
    vec = base_vector(unit)
    d = loop.depth
    return [*vec[: 2 * d + 1], (dim(d), loop.lbs, factor * loop.step), *vec[2 * d + 1 :]]


def jam_schedule(
    model: PolyhedralModel, loop: Loop, factor: int, units: Sequence[Unit], needs_cleanup: bool
) -> dict[str, isl.Map]:
    """isl schedule maps of every unit after unroll-and-jam of ``loop``
    (iterations past the last full group run in a cleanup loop in their
    original order)."""
    vectors: dict[str, Vector] = {}
    cleanup: dict[str, Vector] = {}
    for u in units:
        if inside(u, loop):
            vectors[u.name] = _jam_vector(u, loop, factor)
            cleanup[u.name] = _cleanup_vector(u, loop, factor)
        else:
            vectors[u.name] = base_vector(u)
    length = max(len(v) for v in [*vectors.values(), *cleanup.values()])
    params = model.param_names
    out: dict[str, isl.Map] = {}
    d, s = loop.depth, loop.step
    for u in units:
        if u.name not in cleanup or not needs_cleanup:
            out[u.name] = ib.tiled_schedule_map(u.domain, params, isl_entries(u, vectors[u.name]), length)
            continue
        lb, ub = loop.lbs[0], loop.ubs[0]
        span = factor * s
        # In a full group: the group's last iteration is below ub.
        full = ub - lb - ((dim(d) - lb).floordiv(span)) * span - (factor - 1) * s - 1
        dims = [unit_loop.name for unit_loop in u.loops]
        main_set = ib.constraint_set(dims, params, u.name, [full], [])
        dom_main = u.domain.intersect(main_set)
        dom_rest = u.domain.subtract(main_set)
        m1 = ib.tiled_schedule_map(dom_main, params, isl_entries(u, vectors[u.name]), length)
        m2 = ib.tiled_schedule_map(dom_rest, params, isl_entries(u, cleanup[u.name]), length)
        out[u.name] = m1.union(m2)
    return out


def unroll_jam(model: PolyhedralModel, loop: Loop, factor: int) -> list[Operation]:
    """Unroll ``loop`` by ``factor`` and jam the copies into its inner loops;
    call after a legal verdict (only what cannot be done is checked here,
    with TransformError). Returns the remaining loops (the jammed loop, then
    the cleanup loop)."""
    _check_factor(loop, factor, "unroll-jam factor")
    what = f"unroll-jam loop {loop_name(loop)} by {factor}"
    plan = _jam_plan(model, loop, factor)
    problem = plan if isinstance(plan, str) else None
    tc = constant_trip_count(loop.lbs, loop.ubs, loop.step)
    if problem is None and factor > 1 and tc is not None and tc < factor:
        problem = f"its trip count {tc} is smaller than the factor"
    if problem is not None:
        raise TransformError(f"cannot {what}: {problem}", loop.op)
    op = as_for(loop.op)
    tc = constant_trip_count(loop.lbs, loop.ubs, loop.step)
    if factor == 1 or len(op.body.operations) == 1:
        if tc == 1:
            promote_single_iteration(op)
            return []
        return [op]
    nest = _Nest(model, loop)
    s = loop.step
    main_ubs: list[AffineExpr] = list(loop.ubs)
    cleanup = None
    cleanup_lbs: list[AffineExpr] = []
    remainder = False
    if factor > 1 and not divides_trip_count(model, loop, factor):
        if len(loop.lbs) == 1 and len(loop.ubs) == 1:
            cleanup, cleanup_lbs = _make_cleanup(nest, op, factor)
            main_ubs = [_split_point(loop, factor)]
        else:
            remainder = True  # max/min bounds: the copies past the end are guarded
    mappings: list[dict] = [{} for _ in range(factor - 1)]
    reduced = bool(op.results)
    if reduced:
        # One partial result per copy, combined after the loop (the verdict
        # checked that each carried value is a reassociable reduction).
        reds = loop_reductions(op)
        assert not isinstance(reds, str), reds
        op = widen_reductions(op, factor, reds, mappings)
    set_step(op, s * factor)
    iv = op.induction_var
    assert not isinstance(plan, str)
    # Loops whose bounds depend on the IV run over the hull of the copies' ranges.
    for inner, dep in plan.dependent.items():
        jn = _Nest(model, dep.loop)
        set_bounds(as_for(inner), lb=jn.map(dep.hull_lbs), ub=jn.map(dep.hull_ubs))
    # Jammed loops carrying values get one set of iter_args per copy.
    widened = [_widen_iter_args(as_for(j), factor, mappings) for j in jammed_loops(op) if j.results]
    for run in sub_blocks(op):
        block = run[-1].parent
        assert block is not None
        deps = [plan.dependent[o] for o in _run_chain(run, op) if o in plan.dependent]
        run_loop = run[0].parent_op
        assert run_loop is not None, "a run is inside the unrolled loop"
        rnest = _Nest(model, model.loop_for(run_loop)) if deps or remainder else None
        anchor = run[-1]
        needs_iv = uses_value(run, iv)
        cons = _guard(model, loop, deps, 0) if deps else []
        if cons:
            assert rnest is not None
            cond, cops = rnest.set(cons)
            g0 = AffineIfOp.build(cond, cops, loc=run[0].loc)
            block.insert_before(run[0], g0)
            then = g0.regions[0].blocks[0]
            for o in run:
                o.detach()
                then.insert_before(then.operations[-1], o)
            anchor = g0
        for k in range(1, factor):
            mapping = mappings[k - 1]
            cons = _guard(model, loop, deps, k, remainder) if deps or remainder else []
            if cons:
                assert rnest is not None
                cond, cops = rnest.set(cons)
                gk = AffineIfOp.build(cond, cops, loc=run[0].loc)
                anchor = _insert_after(block, anchor, gk)
                tblock = gk.regions[0].blocks[0]
                tanchor: Operation | None = None
                put = lambda x, tb=tblock: tb.insert_before(tb.operations[-1], x)  # noqa: E731
            else:
                tanchor = anchor
                put = None
            if needs_iv:
                apply = AffineApplyOp.build(AffineMap(1, 0, (dim(0) + k * s,)), [iv], loc=op.loc)
                if put is not None:
                    put(apply)
                else:
                    tanchor = _insert_after(block, tanchor, apply)
                mapping[iv] = apply.results[0]
            for o in run:
                c = o.clone(mapping)
                if put is not None:
                    put(c)
                else:
                    tanchor = _insert_after(block, tanchor, c)
            if put is None:
                assert tanchor is not None, "the copies went in after anchor"
                anchor = tanchor
    for w in widened:
        set_inits(w, copy_sets(w._operand_groups()[2], factor, mappings))
        fill_yields(w, factor, mappings)
    if reduced:
        fill_yields(op, factor, mappings)
    return _promote_single(loop, op, main_ubs, factor, cleanup, cleanup_lbs)


def _widen_iter_args(old: AffineForOp, factor: int, mappings: list[dict]) -> AffineForOp:
    """Replace jammed loop ``old`` by one with ``factor`` sets of its iter_args
    (set 0 takes the old values; copy k of the jammed body maps them to set k,
    whose inits and yields are fixed once the copies exist)."""
    new = widen_iter_args(old, list(old._operand_groups()[2]) * factor, factor, mappings)
    for r, nr in zip(old.results, new.results, strict=False):
        r.replace_all_uses_with(nr)
    old.erase()
    n = len(new.results) // factor
    for k in range(1, factor):
        for j in range(n):
            mappings[k - 1][new.results[j]] = new.results[k * n + j]
    return new
