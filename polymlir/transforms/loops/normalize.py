"""Loop normalization (upstream ``affine-loop-normalize``): every
``affine.for`` and ``affine.parallel`` runs from 0 with step 1.

The new upper bound is ``(ub - lb) ceildiv step`` for each upper bound
expression; the old induction variable is recomputed at the top of the body
as ``affine.apply (d0 * step + lb)``. A loop whose lower bound is a ``max``
of several expressions (and an ``affine.parallel`` with ``max``/``min``
bounds) is left as it is, as upstream does. Normalization never reorders
anything, so it needs no dependence check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp
from ...dialects.affine.ops import AffineApplyOp
from ...dialects.affine.parallel import AffineParallelOp, _i32_elements
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineExpr, const, dim, sym
from ...ir.affine_map import AffineMap
from ...ir.core import Operation, Value
from .loop_utils import TransformError
from .unroll import (
    constant_trip_count,
    emit_map,
    promote_single_iteration,
    set_bounds,
    set_step,
)


def unify(
    pieces: Sequence[tuple[Sequence[AffineExpr], int, Sequence[Value]]],
) -> tuple[list[list[AffineExpr]], list[Value], list[Value]]:
    """Expressions of several maps (results, number of dims, operands) over
    one operand list: (rewritten results per map, dim values, symbol values).
    A value that is a dim anywhere is a dim everywhere."""
    dims: list[Value] = []
    syms: list[Value] = []

    def index(lst: list[Value], v: Value) -> int:
        for i, x in enumerate(lst):
            if x is v:
                return i
        lst.append(v)
        return len(lst) - 1

    for _, nd, ops in pieces:
        for v in ops[:nd]:
            index(dims, v)
    for _, nd, ops in pieces:
        for v in ops[nd:]:
            if not any(x is v for x in dims):
                index(syms, v)
    out: list[list[AffineExpr]] = []
    for exprs, nd, ops in pieces:
        dmap = [dim(index(dims, v)) for v in ops[:nd]]
        smap = [dim(index(dims, v)) if any(x is v for x in dims) else sym(index(syms, v)) for v in ops[nd:]]
        out.append([e.replace_dims_and_symbols(dmap, smap) for e in exprs])
    return out, dims, syms


def _trip_count_of_op(op: AffineForOp) -> int | None:
    lbs, ubs, _ = op._operand_groups()
    lb, ub = op.lowerBoundMap.value, op.upperBoundMap.value
    (le, ue), _, _ = unify([(lb.results, lb.num_dims, lbs), (ub.results, ub.num_dims, ubs)])
    return constant_trip_count(le, ue, op.step.value)


def normalize_problem(op: Operation) -> str | None:
    """Why ``op`` cannot be normalized (None if it can or already is)."""
    if isinstance(op, AffineForOp):
        if op.lowerBoundMap.value.num_results != 1:
            return "its lower bound is the max of several expressions"
        return None
    if isinstance(op, AffineParallelOp):
        p = op
        if any(g != 1 for g in p._groups("lowerBoundsGroups")) or any(g != 1 for g in p._groups("upperBoundsGroups")):
            return "it has max/min bounds"
        return None
    return f"it is an {op.name}, not an affine loop"


def normalize_affine_for(op: AffineForOp, promote_single_iter: bool = False) -> str | None:
    """Normalize one loop in place; returns why not (None when done)."""
    if promote_single_iter and _trip_count_of_op(op) == 1 and op.lowerBoundMap.value.num_results == 1:
        promote_single_iteration(op)
        return None
    lb = op.lowerBoundMap.value
    step = op.step.value
    if lb.is_single_constant() and lb.single_constant_result == 0 and step == 1:
        return None
    problem = normalize_problem(op)
    if problem is not None:
        return problem
    lbs, ubs, _ = op._operand_groups()
    ub = op.upperBoundMap.value
    # The upper bound's operands first, as upstream's AffineValueMap::difference.
    (ue, le), dims, syms = unify([(ub.results, ub.num_dims, ubs), (lb.results, lb.num_dims, lbs)])
    new_ub = emit_map(dims, syms, [(u - le[0]).ceildiv(step) for u in ue])
    set_bounds(op, lb=(AffineMap.constant_map(0), []), ub=new_ub)
    set_step(op, 1)
    iv = op.induction_var
    if iv.uses:
        # Upstream's operand order: the bound's dims, the IV, the bound's symbols.
        nd = lb.num_dims
        ivmap = AffineMap(nd + 1, lb.num_symbols, (lb.results[0] + dim(nd) * step,))
        _recompute_iv(op, iv, ivmap, [*lbs[:nd], iv, *lbs[nd:]])
    return None


def normalize_affine_parallel(op: AffineParallelOp) -> str | None:
    """Normalize every IV of an affine.parallel in place (why not, or None)."""
    problem = normalize_problem(op)
    if problem is not None:
        return problem
    lmap, umap = op.lowerBoundsMap.value, op.upperBoundsMap.value
    ops = op.operands
    lops, uops = ops[: lmap.num_inputs], ops[lmap.num_inputs :]
    steps = [a.value for a in op.steps]
    if all(e == const(0) for e in lmap.results) and all(s == 1 for s in steps):
        return None
    (ue, le), dims, syms = unify([(umap.results, umap.num_dims, uops), (lmap.results, lmap.num_dims, lops)])
    new_ub, new_ops = emit_map(dims, syms, [(u - lower).ceildiv(s) for lower, u, s in zip(le, ue, steps, strict=True)])
    zero = AffineMap(0, 0, tuple(const(0) for _ in steps))
    props = cast(dict, op.properties)
    props["lowerBoundsMap"] = A.AffineMapAttr(zero)
    props["upperBoundsMap"] = A.AffineMapAttr(new_ub)
    props["lowerBoundsGroups"] = _i32_elements([1] * len(steps))
    props["upperBoundsGroups"] = _i32_elements([1] * len(steps))
    props["steps"] = A.ArrayAttr(tuple(A.IntegerAttr(1, T.i64) for _ in steps))
    op.set_operands(new_ops)
    body = op.regions[0].blocks[0]
    for k, (iv, s) in enumerate(zip(body.arguments, steps, strict=True)):
        lower = le[k]
        if not iv.uses or (lower == const(0) and s == 1):
            continue
        lm, lo = emit_map(dims, syms, [lower])
        nd = lm.num_dims
        ivmap = AffineMap(nd + 1, lm.num_symbols, (lm.results[0] + dim(nd) * s,))
        _recompute_iv(op, iv, ivmap, [*lo[:nd], iv, *lo[nd:]])
    return None


def _recompute_iv(loop_op: Operation, iv: Value, ivmap: AffineMap, operands: list[Value]) -> None:
    """Insert ``affine.apply ivmap(operands)`` at the top of the body and
    make it replace ``iv`` everywhere else."""
    body = loop_op.regions[0].blocks[0]
    apply = AffineApplyOp.build(ivmap, operands, loc=loop_op.loc)
    body.insert(0, apply)
    new = apply.results[0]
    iv.replace_uses_if(new, lambda use: use.owner is not apply)


# -- the primitive ----------------------------------------------------------------------------


def normalize_verdict(model: PolyhedralModel, loop: Loop) -> Verdict:
    """Normalization keeps the order of every operation; refused only when
    upstream's rewrite cannot express it."""
    what = f"normalize loop {loop_name(loop)}"
    problem = normalize_problem(loop.op)
    if problem is not None:
        return Verdict(False, f"cannot {what}: {problem}", op=loop.op)
    return Verdict.legal(f"{what} keeps the order of every operation")


def normalize(model: PolyhedralModel, loop: Loop) -> Operation:
    """Normalize ``loop`` (every IV of its op for an affine.parallel)."""
    v = normalize_verdict(model, loop)
    if not v.ok:
        raise TransformError(v.reason, loop.op)
    if isinstance(loop.op, AffineForOp):
        normalize_affine_for(loop.op)
    else:
        normalize_affine_parallel(cast(AffineParallelOp, loop.op))
    return loop.op
