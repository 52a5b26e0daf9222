"""Computation slices and memref regions, for slice-based loop fusion.

A *slice* of a producer nest for a consumer nest is the set of producer
iterations that one iteration of the consumer's outermost ``L`` loops needs:
``Dst[y_0..y_L-1] -> Src[x...]`` (``Src`` names every loop of the producer
nest that is sliced). Its bounds, per producer loop, are what upstream
MLIR's ``ComputationSliceState`` holds; they are read off the exact
relation here (`slice_var_bounds`): a loop whose iteration is a function of
``y`` gets that function, others their tightest single affine bounds, else
constant ones, else none (the whole loop).

A *region* is the set of elements an access touches for one iteration of
its outermost loops (``Outer[...] -> Array[...]``); `region_box` gives its
constant bounding box and per-dimension offsets, as upstream's
``MemRefRegion::getConstantBoundingSizeAndShape``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import islpy as isl

from polymlir.ir.affine_expr import AffineExpr, const

from .conversions import DIM_IN, DIM_OUT, DIM_PARAM, DIM_SET, _integer, _isl_errors, aff_to_expr, expr_to_pw_aff


@_isl_errors
def same_element(acc_a: isl.Map, acc_b: isl.Map, n_equal: int) -> isl.Map:
    """``Sa[x] -> Sb[y]`` for instance pairs that access the same element,
    with the first ``n_equal`` dims of ``x`` and ``y`` equal (their common
    loops)."""
    dep = acc_a.apply_range(acc_b.reverse())
    for c in range(n_equal):
        con = isl.Constraint.equality_alloc(isl.LocalSpace.from_space(dep.get_space()))
        con = con.set_coefficient_val(DIM_IN, c, 1).set_coefficient_val(DIM_OUT, c, -1)
        dep = dep.add_constraint(con)
    return dep


@_isl_errors
def ordered_at(dep: isl.Map, depth: int, n_common: int) -> isl.Map:
    """The pairs of ``dep`` that a dependence at loop depth ``depth``
    (1-based, upstream's ``checkMemrefAccessDependence``) covers: the first
    ``depth - 1`` common dims equal and, when ``depth <= n_common``, the
    source's ``depth``-th dim below the sink's."""
    out = dep
    for c in range(min(depth - 1, n_common)):
        con = isl.Constraint.equality_alloc(isl.LocalSpace.from_space(out.get_space()))
        out = out.add_constraint(con.set_coefficient_val(DIM_IN, c, 1).set_coefficient_val(DIM_OUT, c, -1))
    if depth <= n_common:
        k = depth - 1
        con = isl.Constraint.inequality_alloc(isl.LocalSpace.from_space(out.get_space()))
        # y_k - x_k - 1 >= 0
        con = con.set_coefficient_val(DIM_OUT, k, 1).set_coefficient_val(DIM_IN, k, -1).set_constant_val(-1)
        out = out.add_constraint(con)
    return out


@_isl_errors
def embedding(stmt_space_map: isl.Map, positions: Sequence[int], src_dom: isl.Set) -> isl.Map:
    """``Sa[x] -> Src[z]`` with ``z[positions[j]] = x[j]`` and ``z`` in
    ``src_dom`` (the loops of the producer nest that do not surround the
    statement range over their own bounds). ``stmt_space_map`` is any map
    whose domain is the statement's space (its access relation)."""
    dom_space = stmt_space_map.get_space().domain()
    space = isl.Space.map_from_domain_and_range(dom_space, src_dom.get_space())
    m = isl.Map.universe(space)
    for j, p in enumerate(positions):
        con = isl.Constraint.equality_alloc(isl.LocalSpace.from_space(m.get_space()))
        m = m.add_constraint(con.set_coefficient_val(DIM_IN, j, 1).set_coefficient_val(DIM_OUT, p, -1))
    m = m.intersect_range(src_dom)
    return m.intersect_domain(stmt_space_map.domain())


@_isl_errors
def slice_relation(dep: isl.Map, prefix: int, embed: isl.Map) -> isl.Map:
    """``Dst[y_0..y_prefix-1] -> Src[z]``: the producer iterations (embedded
    by ``embed``) that each consumer prefix depends on, from ``dep``
    (``Sa -> Sb``)."""
    r = dep.reverse()
    nb = r.dim(DIM_IN)
    r = r.project_out(DIM_IN, prefix, nb - prefix).set_tuple_name(DIM_IN, "Dst")
    return r.apply_range(embed)


@_isl_errors
def forward_slice_relation(dep: isl.Map, prefix: int, embed: isl.Map) -> isl.Map:
    """``Dst[x_0..x_prefix-1] -> Src[z]``: for a forward slice the consumer
    iterations (embedded) that each producer prefix reaches."""
    na = dep.dim(DIM_IN)
    r = dep.project_out(DIM_IN, prefix, na - prefix).set_tuple_name(DIM_IN, "Dst")
    return r.apply_range(embed)


def _single_aff(pw: isl.PwAff) -> isl.Aff | None:
    pieces = pw.get_pieces()
    if len(pieces) != 1:
        # Pieces that agree are one function: isl may split on the domain.
        affs = [a for _, a in pieces]
        if affs and all(a.plain_is_equal(affs[0]) for a in affs[1:]):
            return affs[0]
        return None
    return pieces[0][1]


@dataclass(frozen=True)
class VarBounds:
    """Bounds of one sliced loop as expressions of the consumer prefix
    (``d<i>``) and the parameters (``s<j>``, by name order of ``params``):
    ``lb <= x < ub``; None where the loop keeps its own bound. ``exact``:
    the loop runs one iteration, ``lb`` (upstream's equality)."""

    lb: AffineExpr | None
    ub: AffineExpr | None
    exact: bool


def _is_graph_of(rk: isl.Map, e: AffineExpr, params: Sequence[str]) -> bool:
    """Whether every pair of ``rk`` (``Dst[y] -> [x]``) has ``x = e(y)``
    (``e``'s symbols are ``params`` by position)."""
    n = rk.dim(DIM_IN)
    space = isl.Space.create_from_names(rk.get_ctx(), set=[f"y{i}" for i in range(n)], params=list(params))
    space = space.set_tuple_name(DIM_SET, rk.get_tuple_name(DIM_IN))
    graph = isl.Map.from_pw_aff(expr_to_pw_aff(e, space))
    out_name = rk.get_tuple_name(DIM_OUT)
    graph = graph.set_tuple_name(DIM_OUT, out_name) if out_name else graph.reset_tuple_id(DIM_OUT)
    graph = graph.align_params(rk.get_space())
    r = rk.align_params(graph.get_space())
    return r.is_subset(graph)


@_isl_errors
def slice_var_bounds(rel: isl.Map, k: int, params: Sequence[str], candidates: Sequence[AffineExpr] = ()) -> VarBounds:
    """The bounds of ``Src`` dim ``k`` of ``rel`` (see `VarBounds`). When the
    loop's iteration is a function of ``y``, the first of ``candidates``
    (expressions of ``y`` and the parameters, e.g. read off the accesses)
    that is that function is taken, so that the bound reads as the program
    wrote it."""
    n = rel.dim(DIM_OUT)
    rk = rel.project_out(DIM_OUT, k + 1, n - k - 1).project_out(DIM_OUT, 0, k)
    if rk.is_empty():
        return VarBounds(None, None, False)
    if rk.is_single_valued():
        for c in candidates:
            if _is_graph_of(rk, c, params):
                return VarBounds(c, c + 1, True)
        pma = rk.as_pw_multi_aff()
        aff = _single_aff(pma.get_pw_aff(0))
        if aff is not None:
            e = aff_to_expr(aff, list(params))
            return VarBounds(e, e + 1, True)
    lo_aff = _single_aff(rk.lexmin_pw_multi_aff().get_pw_aff(0))
    hi_aff = _single_aff(rk.lexmax_pw_multi_aff().get_pw_aff(0))
    lb: AffineExpr | None = aff_to_expr(lo_aff, list(params)) if lo_aff is not None else None
    ub: AffineExpr | None = aff_to_expr(hi_aff, list(params)) + 1 if hi_aff is not None else None
    rng = rk.range()
    if lb is None:
        lb = _constant_extremum(rng, False)
    if ub is None:
        top = _constant_extremum(rng, True)
        ub = top + 1 if top is not None else None
    return VarBounds(lb, ub, False)


def _constant_extremum(s: isl.Set, upper: bool) -> AffineExpr | None:
    """The constant minimum (maximum) of the single dim of ``s`` over every
    parameter value, None if it depends on them or is unbounded."""
    s = _params_as_dims(s)
    if s.is_empty():
        return None
    pw = s.dim_max(0) if upper else s.dim_min(0)
    v = pw.max_val() if upper else pw.min_val()
    if not v.is_int():
        return None
    return const(_integer(v))


@_isl_errors
def expr_extremum(e: AffineExpr, domain: isl.Set, params: Sequence[str], upper: bool) -> int | None:
    """The constant minimum (maximum) of ``e`` (``d<i>``: the dims of
    ``domain``, ``s<j>``: ``params`` by position) over ``domain`` and every
    parameter value; None when unbounded."""
    n = domain.dim(DIM_SET)
    space = isl.Space.create_from_names(domain.get_ctx(), set=[f"y{i}" for i in range(n)], params=list(params))
    space = space.set_tuple_name(DIM_SET, domain.get_tuple_name())
    pw = expr_to_pw_aff(e, space)
    dom = domain.align_params(pw.get_space())
    pw = pw.align_params(dom.get_space()).intersect_domain(dom)
    if pw.is_empty():
        return None
    pw = _params_as_domain(pw)
    v = pw.max_val() if upper else pw.min_val()
    return _integer(v) if v.is_int() else None


def _params_as_dims(s: isl.Set) -> isl.Set:
    """``s`` with its parameters turned into trailing set dims (so that
    extrema range over every parameter value)."""
    n = s.dim(DIM_PARAM)
    if n == 0:
        return s
    return s.move_dims(DIM_SET, s.dim(DIM_SET), DIM_PARAM, 0, n)


@_isl_errors
def slice_map(
    dst_prefix: isl.Set, bounds: Sequence[tuple[AffineExpr | None, AffineExpr | None]], free: isl.Set
) -> isl.Map:
    """``Dst[y] -> Src[z]``: the producer iterations a slice runs for each
    consumer prefix in ``dst_prefix``: ``lb_k(y) <= z_k < ub_k(y)`` where
    bounded, ``free`` (a ``Src`` set: the loops' own bounds) elsewhere."""
    ny = dst_prefix.dim(DIM_SET)
    space = isl.Space.map_from_domain_and_range(dst_prefix.get_space(), free.get_space())
    m = isl.Map.universe(space).intersect_domain(dst_prefix).intersect_range(free)
    wrapped = m.wrap()
    wspace = wrapped.get_space()
    for k, (lo, hi) in enumerate(bounds):
        zk = _dim_pw(wspace, ny + k)
        if lo is not None:
            wrapped = wrapped.intersect(zk.ge_set(expr_to_pw_aff(lo, wspace)))
        if hi is not None:
            wrapped = wrapped.intersect(zk.lt_set(expr_to_pw_aff(hi, wspace)))
    return wrapped.unwrap()


def _dim_pw(space: isl.Space, pos: int) -> isl.PwAff:
    ls = isl.LocalSpace.from_space(space)
    return isl.PwAff.from_aff(isl.Aff.var_on_domain(ls, DIM_SET, pos))


@_isl_errors
def is_subset(a: isl.Set, b: isl.Set) -> bool:
    return a.is_subset(b)


@dataclass(frozen=True)
class RegionDim:
    """One dimension of a region's constant bounding box: ``size`` elements
    from ``offset`` (an expression of the outer IVs ``d<i>`` and the
    parameters)."""

    size: int
    offset: AffineExpr


@_isl_errors
def region_box(region: isl.Map, shape: Sequence[int | None], params: Sequence[str]) -> list[RegionDim] | None:
    """The constant bounding box of ``region`` (``Outer -> Array``), each dim
    clamped to the memref's static ``shape``; None when some dim has neither
    a constant extent nor a static size."""
    rank = region.dim(DIM_OUT)
    clamped = region
    for r, n in enumerate(shape):
        ls = isl.LocalSpace.from_space(clamped.get_space())
        lo = isl.Constraint.inequality_alloc(ls).set_coefficient_val(DIM_OUT, r, 1)
        clamped = clamped.add_constraint(lo)
        if n is not None:
            hi = isl.Constraint.inequality_alloc(ls).set_coefficient_val(DIM_OUT, r, -1).set_constant_val(n - 1)
            clamped = clamped.add_constraint(hi)
    out: list[RegionDim] = []
    if clamped.is_empty():
        return [RegionDim(0, const(0)) for _ in range(rank)]
    for r in range(rank):
        rr = clamped.project_out(DIM_OUT, r + 1, rank - r - 1).project_out(DIM_OUT, 0, r)
        lo_pw = rr.lexmin_pw_multi_aff().get_pw_aff(0)
        hi_pw = rr.lexmax_pw_multi_aff().get_pw_aff(0)
        extent = _params_as_domain(hi_pw.sub(lo_pw))
        v = extent.max_val()
        lo_aff = _single_aff(lo_pw)
        if v.is_int() and lo_aff is not None:
            out.append(RegionDim(_integer(v) + 1, aff_to_expr(lo_aff, list(params))))
            continue
        if v.is_int():
            # No single lower bound: the box of the whole range.
            lo_c = _params_as_domain(lo_pw).min_val()
            hi_c = _params_as_domain(hi_pw).max_val()
            if lo_c.is_int() and hi_c.is_int():
                out.append(RegionDim(_integer(hi_c) - _integer(lo_c) + 1, const(_integer(lo_c))))
                continue
        n = shape[r]
        if n is None:
            return None
        out.append(RegionDim(n, const(0)))
    return out


def _params_as_domain(pw: isl.PwAff) -> isl.PwAff:
    n = pw.dim(DIM_PARAM)
    if n == 0:
        return pw
    return pw.move_dims(DIM_IN, pw.dim(DIM_IN), DIM_PARAM, 0, n)


@_isl_errors
def project_region(acc: isl.Map, depth: int) -> isl.Map:
    """``Outer[first depth dims] -> Array``: the access relation ``acc``
    (``S[x] -> Array``) with its inner dims existentially quantified."""
    n = acc.dim(DIM_IN)
    return acc.project_out(DIM_IN, depth, n - depth).set_tuple_name(DIM_IN, "Outer")
