"""Footprints and distances of accesses (fusion, distribution, contraction,
promotion): bounding boxes, guards, coverage.

A footprint is ``{ [outer loop dims] -> [element] }``: the elements that the
iterations inside a loop touch, per iteration of the loops around it. Its
box gives each dimension's bounds as affine expressions over the outer dims
(``d<k>``) and the parameters (``s<j>``, by name), the buffer origin, and the
largest extent over all outer iterations."""

from __future__ import annotations

import dataclasses as _dataclasses  # noqa: E402 - this block is appended as one piece
from collections.abc import Sequence

import islpy as isl

from polymlir.ir.affine_expr import (
    AffineExpr,
    dim,
)
from polymlir.ir.affine_map import IntegerSet

from .conversions import (
    DIM_IN,
    DIM_OUT,
    DIM_PARAM,
    DIM_SET,
    IslBridgeError,
    _integer,
    _isl_errors,
    _val,
    aff_to_expr,
    expr_to_pw_aff,
    isl_context,
    set_to_integer_set,
)
from .relations import single_point


@_dataclasses.dataclass
class BoxDim:
    """One dimension of a footprint's bounding box: the lower bound is
    ``max(lbs)``, the (inclusive) upper bound ``min(ubs)`` (None when isl's
    bound is no max/min of affine pieces); ``offset`` is an affine lower
    bound used as the buffer's origin; ``size`` the largest
    ``ub - offset + 1`` over all outer iterations and parameters, or None
    when that depends on the parameters, and then ``size_bound`` (the max of
    these expressions over the parameters only) bounds it."""

    lbs: list[AffineExpr] | None
    ubs: list[AffineExpr] | None
    offset: AffineExpr | None
    size: int | None
    size_bound: list[AffineExpr] | None


@_isl_errors
def lexmin_point(s: isl.Set) -> list[int] | None:
    """The lexicographically smallest point of ``s`` when it is one constant
    point for all parameters (None if empty, unbounded or parametric)."""
    if s.is_empty():
        return None
    return single_point(s.lexmin())


@_isl_errors
def footprint(relations: Sequence[isl.Map], n_outer: int) -> isl.Map | None:
    """``{ [d0..d(n_outer-1)] -> [element] }``: the union of the access
    relations ``S[dims] -> A[idx]`` with each domain cut to its first
    ``n_outer`` dims (the loops around the region, shared by every access)."""
    out = None
    for rel in relations:
        m = rel.project_out(DIM_IN, n_outer, rel.dim(DIM_IN) - n_outer)
        m = m.reset_tuple_id(DIM_IN).reset_tuple_id(DIM_OUT)
        for k in range(n_outer):
            m = m.set_dim_name(DIM_IN, k, f"d{k}")
        for k in range(m.dim(DIM_OUT)):
            m = m.set_dim_name(DIM_OUT, k, f"x{k}")
        out = m if out is None else out.union(m)
    return out.coalesce() if out is not None else None


def _pieces(pw: isl.PwAff) -> list[isl.Aff]:
    # isl may write an integral piece with rational coefficients (i/2 where
    # i is even on the domain); its floor is the same function there.
    return [aff if aff.get_denominator_val().is_one() else aff.floor() for _, aff in pw.get_pieces()]


def _as_extremum(pw: isl.PwAff, dom: isl.Set, take_max: bool) -> list[isl.Aff] | None:
    """Affine pieces whose max (or min) equals ``pw`` on ``dom``, or None."""
    pw = pw.intersect_domain(dom)
    affs = _pieces(pw.gist(dom).coalesce())
    if not affs:
        return None
    comb = _combine(affs, dom, take_max)
    return affs if comb.is_equal(pw) else None


def _combine(affs: Sequence[isl.Aff], dom: isl.Set, take_max: bool) -> isl.PwAff:
    comb = None
    for a in affs:
        p = isl.PwAff.from_aff(a).intersect_domain(dom)
        comb = p if comb is None else (comb.max(p) if take_max else comb.min(p))
    assert comb is not None
    return comb


@_isl_errors
def footprint_box(fp: isl.Map, params: Sequence[str]) -> list[BoxDim]:
    """The bounding box of ``fp`` per element dimension (see BoxDim)."""
    out: list[BoxDim] = []
    for k in range(fp.dim(DIM_OUT)):
        try:
            out.append(_box_dim(fp, k, params))
        except (IslBridgeError, isl.Error):  # no affine form: the caller refuses
            out.append(BoxDim(None, None, None, None, None))
    return out


def _box_dim(fp: isl.Map, k: int, params: Sequence[str]) -> BoxDim:
    dom = fp.domain()
    lo = fp.dim_min(k).intersect_domain(dom)
    hi = fp.dim_max(k).intersect_domain(dom)
    lo_affs = _as_extremum(lo, dom, True) or _relaxed_bound(lo, dom, True)
    hi_affs = _as_extremum(hi, dom, False) or _relaxed_bound(hi, dom, False)
    if lo_affs is None or hi_affs is None:
        return BoxDim(None, None, None, None, None)
    lo = _combine(lo_affs, dom, True)
    hi = _combine(hi_affs, dom, False)
    best: tuple[int | None, isl.Aff, isl.PwAff] | None = None
    for cand in lo_affs:
        # Each piece of a max is below it: a valid origin; keep the one
        # with the smallest largest extent.
        extent = hi.sub(isl.PwAff.from_aff(cand).intersect_domain(dom)).add_constant_val(_val(fp.get_ctx(), 1))
        size = _max_int(extent)
        if best is None or (size is not None and (best[0] is None or size < best[0])):
            best = (size, cand, extent)
    assert best is not None
    size, origin, extent = best
    bound = None
    if size is None:
        sizes = isl.Map.from_pw_aff(extent).range()
        top = sizes.lexmax_pw_multi_aff()
        pieces = top.get_pw_aff(0).get_pieces()
        try:
            bound = [aff_to_expr(a, params) for _, a in pieces] if pieces else None
        except IslBridgeError:
            bound = None
        if bound is not None and not all(b.is_symbolic_or_constant() for b in bound):
            bound = None
    return BoxDim(
        [aff_to_expr(a, params) for a in lo_affs],
        [aff_to_expr(a, params) for a in hi_affs],
        aff_to_expr(origin, params),
        size,
        bound,
    )


def _relaxed_bound(pw: isl.PwAff, dom: isl.Set, lower: bool) -> list[isl.Aff] | None:
    """One affine function below (``lower``) or above ``pw`` on ``dom`` that
    stays within ``pw``'s overall range (so a box widened to it touches only
    elements between ones the footprint touches): a piece of ``pw`` that
    bounds it, else its overall extremum over the outer iterations. The
    tightest candidate (the largest lower bound, smallest upper bound at
    most places) is not searched for; the first valid one is taken."""
    values = isl.Map.from_pw_aff(pw).range()
    ext = values.lexmin_pw_multi_aff() if lower else values.lexmax_pw_multi_aff()
    ext_pieces = ext.get_pw_aff(0).get_pieces()
    overall = None
    if len(ext_pieces) == 1 and ext_pieces[0][0].plain_is_universe():
        # An affine function of the parameters only, as a function on dom.
        a = ext_pieces[0][1]
        overall = (
            isl.PwAff.from_aff(a).insert_dims(DIM_IN, 0, dom.dim(DIM_SET))
            if dom.dim(DIM_SET)
            else isl.PwAff.from_aff(a)
        )
        overall = overall.align_params(dom.get_space()).intersect_domain(dom)
    candidates = _pieces(pw.gist(dom).coalesce())
    for cand in candidates:
        c = isl.PwAff.from_aff(cand).intersect_domain(dom)
        beyond = c.gt_set(pw) if lower else c.lt_set(pw)
        if not beyond.is_empty():
            continue
        if overall is not None:
            outside = c.lt_set(overall) if lower else c.gt_set(overall)
            if not outside.is_empty():
                continue
        elif len(candidates) > 1:
            continue
        return [cand]
    if overall is not None:
        affs = _pieces(overall.gist(dom).coalesce())
        if len(affs) == 1:
            return affs
    return None


def _max_int(pw: isl.PwAff) -> int | None:
    """The largest value of ``pw`` over its domain and all parameters (None
    when unbounded)."""
    try:
        mx = pw.max_val()
        return None if mx.is_infty() or mx.is_nan() else _integer(mx)
    except isl.Error:  # isl's ILP takes no divisions here: maximize over the range
        values = isl.Map.from_pw_aff(pw).range()
        values = values.project_out(DIM_PARAM, 0, values.dim(DIM_PARAM))
        if values.is_empty() or not values.is_bounded():
            return None
        top = single_point(values.lexmax())
        return top[0] if top is not None else None


def _outer_set(fp: isl.Map, params: Sequence[str], ge: Sequence[AffineExpr], eq: Sequence[AffineExpr]) -> isl.Set:
    n = fp.dim(DIM_IN)
    space = isl.Space.create_from_names(isl_context(), set=[f"d{k}" for k in range(n)], params=list(params))
    s = isl.Set.universe(space)
    for e in ge:
        s = s.intersect(expr_to_pw_aff(e, space).nonneg_set())
    for e in eq:
        s = s.intersect(expr_to_pw_aff(e, space).zero_set())
    return s


@_isl_errors
def footprint_guard(
    fp: isl.Map, params: Sequence[str], ge: Sequence[AffineExpr], eq: Sequence[AffineExpr]
) -> tuple[bool, IntegerSet | None]:
    """Whether code placed where the outer iterations satisfy ``ge >= 0`` and
    ``eq == 0`` (over ``d<k>`` and ``s<j>``) must be guarded to the outer
    iterations that touch ``fp``, and the guard as an IntegerSet (None if
    it is not convex)."""
    context = _outer_set(fp, params, ge, eq)
    dom = fp.domain().reset_tuple_id()
    if context.is_subset(dom):
        return False, None
    try:
        return True, set_to_integer_set(dom.gist(context), params)
    except IslBridgeError:
        return True, None


@_isl_errors
def box_empty_where_untouched(
    fp: isl.Map, box: Sequence[BoxDim], params: Sequence[str], ge: Sequence[AffineExpr], eq: Sequence[AffineExpr]
) -> bool:
    """Whether, at every outer iteration of the context (``ge >= 0``,
    ``eq == 0``) that touches no element of ``fp``, some dimension of
    ``box`` is empty (``max(lbs) > min(ubs)``): loops over the box then run
    no iteration there and need no guard."""
    context = _outer_set(fp, params, ge, eq)
    untouched = context.subtract(fp.domain().reset_tuple_id())
    if untouched.is_empty():
        return True
    space = context.get_space()
    nonempty = isl.Set.universe(space)
    for b in box:
        if b.lbs is None or b.ubs is None:
            return False
        for lb in b.lbs:
            for ub in b.ubs:
                nonempty = nonempty.intersect(expr_to_pw_aff(ub - lb, space).nonneg_set())
    return bool(untouched.intersect(nonempty).is_empty())


@_isl_errors
def prefixes_meet(maps_a: Sequence[isl.Map], maps_b: Sequence[isl.Map], n: int) -> bool:
    """Whether an instance scheduled by ``maps_a`` and one scheduled by
    ``maps_b`` share the first ``n`` time entries (one fused iteration)."""

    def prefixes(maps: Sequence[isl.Map]) -> isl.Set | None:
        out = None
        for m in maps:
            r = m.range()
            r = r.project_out(DIM_SET, n, r.dim(DIM_SET) - n).reset_tuple_id()
            out = r if out is None else out.union(r)
        return out

    a, b = prefixes(maps_a), prefixes(maps_b)
    return a is not None and b is not None and not a.intersect(b).is_empty()


@_isl_errors
def box_covered(fp: isl.Map, box: Sequence[BoxDim], params: Sequence[str]) -> bool:
    """Whether ``fp`` touches every element of its box (``lbs``/``ubs``) in
    every outer iteration (so a buffer of the box needs no copy-in)."""
    n, r = fp.dim(DIM_IN), fp.dim(DIM_OUT)
    space = isl.Space.create_from_names(isl_context(), set=[f"v{k}" for k in range(n + r)], params=list(params))
    s = isl.Set.universe(space)
    for k, b in enumerate(box):
        if b.lbs is None or b.ubs is None:
            return False
        x = dim(n + k)
        for lb in b.lbs:
            s = s.intersect(expr_to_pw_aff(x - lb, space).nonneg_set())
        for ub in b.ubs:
            s = s.intersect(expr_to_pw_aff(ub - x, space).nonneg_set())
    touched = fp.wrap().flatten().reset_tuple_id()
    outer = fp.domain().reset_tuple_id().insert_dims(DIM_SET, n, r)
    return s.intersect(outer).is_subset(touched)


@_isl_errors
def prune_extremum(fp: isl.Map, k: int, exprs: Sequence[AffineExpr], lower: bool) -> list[AffineExpr] | None:
    """``exprs`` (over ``fp``'s input dims ``d<i>`` and params ``s<j>``) whose
    max (``lower``) or min is exactly the least/greatest output ``k`` of
    ``fp`` on its domain, with those not needed for that dropped; None when
    they are not exact."""
    dom = fp.domain()
    target = (fp.dim_min(k) if lower else fp.dim_max(k)).intersect_domain(dom)
    space = dom.get_space()

    def comb(es: Sequence[AffineExpr]) -> isl.PwAff:
        """The max (``lower``) or min of ``es`` (not empty) on ``dom``."""
        pieces = [expr_to_pw_aff(e, space).intersect_domain(dom) for e in es]
        out = pieces[0]
        for p in pieces[1:]:
            out = out.max(p) if lower else out.min(p)
        return out

    if not exprs or not comb(exprs).is_equal(target):
        return None
    keep = list(exprs)
    for e in list(keep):
        rest = [x for x in keep if x is not e]
        if rest and comb(rest).is_equal(target):
            keep = rest
    return keep
