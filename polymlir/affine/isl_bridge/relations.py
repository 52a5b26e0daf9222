"""Sets and relations of the polyhedral model: statement domains, access
relations, 2d+1 schedules, dependences and their distances, lexicographic
order."""

from __future__ import annotations

from collections.abc import Sequence

import islpy as isl

from polymlir.ir.affine_expr import (
    AffineExpr,
    const,
    dim,
)
from polymlir.ir.affine_map import AffineMap

from .conversions import (
    DIM_IN,
    DIM_OUT,
    DIM_PARAM,
    DIM_SET,
    _integer,
    _isl_errors,
    _val,
    expr_to_pw_aff,
    isl_context,
    map_to_isl,
)


def _named_space(dims: Sequence[str], params: Sequence[str], name: str) -> isl.Space:
    return isl.Space.create_from_names(isl_context(), set=list(dims), params=list(params)).set_tuple_name(DIM_SET, name)


@_isl_errors
def constraint_set(
    dims: Sequence[str], params: Sequence[str], name: str, ge: Sequence[AffineExpr], eq: Sequence[AffineExpr]
) -> isl.Set:
    """``{ name[dims] : e >= 0 for e in ge, e == 0 for e in eq }``; exprs use
    ``d<i>`` for dims[i] and ``s<j>`` for params[j]."""
    space = _named_space(dims, params, name)
    result = isl.Set.universe(space)
    for e in ge:
        result = result.intersect(expr_to_pw_aff(e, space).nonneg_set())
    for e in eq:
        result = result.intersect(expr_to_pw_aff(e, space).zero_set())
    return result


@_isl_errors
def access_relation(
    idx: Sequence[AffineExpr], dims: Sequence[str], params: Sequence[str], stmt: str, array: str
) -> isl.Map:
    """``{ stmt[dims] -> array[idx] }``."""
    amap = AffineMap(len(dims), len(params), tuple(idx))
    m = map_to_isl(amap, dims, params)
    return m.set_tuple_name(DIM_IN, stmt).set_tuple_name(DIM_OUT, array)


@_isl_errors
def whole_array_relation(
    dims: Sequence[str], params: Sequence[str], stmt: str, array: str, extents: Sequence[int | None]
) -> isl.Map:
    """``{ stmt[dims] -> array[e] : 0 <= e_k < extents[k] }``: every element
    of the array from every instance (a read of unknown extent, which may be
    any element); no upper bound where an extent is None (dynamic)."""
    names = [f"e{k}" for k in range(len(extents))]
    ge: list[AffineExpr] = [dim(k) for k in range(len(extents))]
    ge += [const(n - 1) - dim(k) for k, n in enumerate(extents) if n is not None]
    elements = constraint_set(names, params, array, ge, [])
    return isl.Map.from_domain_and_range(isl.Set.universe(_named_space(dims, params, stmt)), elements)


@_isl_errors
def schedule_2d1(
    dims: Sequence[str], params: Sequence[str], stmt: str, positions: Sequence[int], max_depth: int
) -> isl.Map:
    """``{ stmt[i0..id] -> [p0, i0, p1, ..., pd, 0, ...] }`` padded to 2*max_depth+1."""
    out: list[AffineExpr] = []
    for k, p in enumerate(positions):
        out.append(const(p))
        if k < len(dims):
            out.append(dim(k))
    while len(out) < 2 * max_depth + 1:
        out.append(const(0))
    m = map_to_isl(AffineMap(len(dims), len(params), tuple(out)), dims, params)
    return m.set_tuple_name(DIM_IN, stmt)


def union_set(sets: Sequence[isl.Set]) -> isl.UnionSet:
    result = isl.UnionSet.empty(isl.Space.params_alloc(isl_context(), 0))
    for s in sets:
        result = result.union(isl.UnionSet.from_set(s))
    return result


def union_map(maps: Sequence[isl.Map]) -> isl.UnionMap:
    result = isl.UnionMap.empty(isl.Space.params_alloc(isl_context(), 0))
    for m in maps:
        result = result.union(isl.UnionMap.from_map(m))
    return result


@_isl_errors
def schedule_tree_from_2d1(
    stmts: Sequence[tuple[isl.Set, Sequence[int], Sequence[str]]], params: Sequence[str]
) -> isl.Schedule:
    """A schedule tree (sequence and band nodes) for statements given as
    (domain, 2d+1 positions, loop dim names), sorted by positions."""

    def build(group: list, level: int) -> isl.Schedule:
        # group: statements sharing positions[:level] and loops[:level]
        children: list[isl.Schedule] = []
        i = 0
        while i < len(group):
            pos = group[i][1][level]
            j = i
            while j < len(group) and group[j][1][level] == pos:
                j += 1
            sub = group[i:j]
            leaf = [s for s in sub if len(s[2]) == level]
            inner = [s for s in sub if len(s[2]) > level]
            if leaf:
                for s in leaf:
                    children.append(isl.Schedule.from_domain(isl.UnionSet.from_set(s[0])))
            if inner:
                sched = build(inner, level + 1)
                mupa: isl.UnionPwAff | None = None
                for dom, _, _names in inner:
                    ls = isl.LocalSpace.from_space(dom.get_space())
                    aff = isl.Aff.var_on_domain(ls, DIM_SET, level)
                    upa = isl.UnionPwAff.from_pw_aff(isl.PwAff.from_aff(aff).intersect_domain(dom))
                    mupa = upa if mupa is None else mupa.union_add(upa)
                assert mupa is not None  # inner is not empty
                band = isl.MultiUnionPwAff.from_union_pw_aff(mupa)
                children.append(sched.insert_partial_schedule(band))
            i = j
        result = children[0]
        for c in children[1:]:
            result = result.sequence(c)
        return result

    if not stmts:
        return isl.Schedule.empty(isl.Space.params_alloc(isl_context(), 0))
    return build(list(stmts), 0)


@_isl_errors
def lex_lt(sched_a: isl.Map, sched_b: isl.Map) -> isl.Map:
    """``{ a -> b : sched_a(a) <<_lex sched_b(b) }``."""
    return sched_a.lex_lt_map(sched_b)


# isl operations one last-writer computation may take (``isl_ctx_set_max_operations``).
# isl's flow analysis can explode on some tiled and unrolled nests (2mm's init
# loops tiled, permuted and jammed: over 15 minutes of growing integer
# coefficients); 300k operations take well under a second where it does not.
FLOW_OPERATIONS = 300_000


@_isl_errors
def compute_flow(
    sink: isl.UnionMap,
    must_source: isl.UnionMap,
    schedule: isl.UnionMap | isl.Schedule,
    max_operations: int = FLOW_OPERATIONS,
) -> isl.UnionMap:
    """Exact value-based dependences (last writer) from ``must_source`` to
    ``sink`` under a schedule map or a schedule tree. Past ``max_operations``
    isl operations (0: no limit) it gives up: ``IslBridgeError``, as for
    domains isl cannot factor, and the caller computes the same relation
    another way."""
    ctx = sink.get_ctx()
    ctx.reset_operations()
    ctx.set_max_operations(max_operations)
    try:
        info = isl.UnionAccessInfo.from_sink(sink).set_must_source(must_source)
        if isinstance(schedule, isl.Schedule):
            info = info.set_schedule(schedule)
        else:
            info = info.set_schedule_map(schedule)
        return info.compute_flow().get_must_dependence()
    finally:
        ctx.set_max_operations(0)


def map_list(um: isl.UnionMap) -> list[isl.Map]:
    out: list[isl.Map] = []
    um.foreach_map(out.append)
    return out


@_isl_errors
def equal_prefix_lt(space_from: isl.Map, n_equal: int, strict_at: int | None) -> isl.Map:
    """The relation on ``space_from``'s space with the first ``n_equal`` input
    and output dims equal and (if given) input < output at ``strict_at``."""
    sp = space_from.get_space()
    result = isl.Map.universe(sp)
    for k in range(n_equal):
        result = result.equate(DIM_IN, k, DIM_OUT, k)
    if strict_at is not None:
        result = result.order_lt(DIM_IN, strict_at, DIM_OUT, strict_at)
    return result


@_isl_errors
def common_deltas(rel: isl.Map, n_common: int) -> isl.Set:
    """Distance set of ``rel`` on its first ``n_common`` in/out dims."""
    n_in = rel.dim(DIM_IN)
    n_out = rel.dim(DIM_OUT)
    r = rel.project_out(DIM_IN, n_common, n_in - n_common).project_out(DIM_OUT, n_common, n_out - n_common)
    r = r.reset_tuple_id(DIM_IN).reset_tuple_id(DIM_OUT)
    for k in range(n_common):
        r = r.set_dim_name(DIM_IN, k, f"c{k}").set_dim_name(DIM_OUT, k, f"c{k}")
    return r.deltas()


@_isl_errors
def sign_cases(deltas: isl.Set, k: int) -> tuple[bool, bool, bool]:
    """Whether distance component ``k`` can be negative, zero, positive."""
    sp = deltas.get_space()
    ls = isl.LocalSpace.from_space(sp)
    v = isl.Aff.var_on_domain(ls, DIM_SET, k)
    zero = isl.Aff.zero_on_domain(ls)
    neg = not deltas.intersect(v.lt_set(zero)).is_empty()
    eqz = not deltas.intersect(v.eq_set(zero)).is_empty()
    pos = not deltas.intersect(v.gt_set(zero)).is_empty()
    return neg, eqz, pos


def single_point(s: isl.Set) -> list[int] | None:
    """The coordinates of ``s`` if it is one integer point for all parameters."""
    if s.is_empty():
        return None
    try:
        if not s.is_singleton():
            return None
    except Exception:  # noqa: BLE001 - isl cannot always decide
        return None
    pt = s.sample_point()
    if pt.is_void():
        return None
    n = s.dim(DIM_SET)
    vals = [_integer(pt.get_coordinate_val(DIM_SET, k)) for k in range(n)]
    # Parametric single points (e.g. distance N) are not constant.
    probe = isl.Set.universe(s.get_space())
    for k, v in enumerate(vals):
        aff = isl.Aff.var_on_domain(isl.LocalSpace.from_space(s.get_space()), DIM_SET, k)
        probe = probe.intersect(
            aff.eq_set(
                isl.Aff.zero_on_domain(isl.LocalSpace.from_space(s.get_space())).add_constant_val(
                    _val(isl_context(), v)
                )
            )
        )
    if not s.is_subset(probe.intersect_params(s.params())):
        return None
    return vals


def to_str(obj: object) -> str:
    return str(obj)


@_isl_errors
def map_points(m: isl.Map, param_values: dict[str, int] | None = None) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """All (input, output) integer pairs of a bounded map, parameters fixed
    to ``param_values`` (for tests and small instances)."""
    if param_values:
        for k in range(m.dim(DIM_PARAM)):
            name = m.get_dim_name(DIM_PARAM, k)
            if name in param_values:
                m = m.fix_val(DIM_PARAM, k, _val(isl_context(), param_values[name]))
    n_in = m.dim(DIM_IN)
    pts: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def visit(p: isl.Point) -> None:
        vals = [_integer(p.get_coordinate_val(DIM_SET, k)) for k in range(p.get_space().dim(DIM_SET))]
        pts.append((tuple(vals[:n_in]), tuple(vals[n_in:])))

    m.wrap().foreach_point(visit)
    return pts


@_isl_errors
def parse_union_map(text: str) -> isl.UnionMap:
    """An isl union map from isl's text syntax (for candidate schedules)."""
    return isl.UnionMap.read_from_str(isl_context(), text)


@_isl_errors
def tiled_schedule_map(
    domain: isl.Set,
    params: Sequence[str],
    entries: Sequence[AffineExpr | tuple[AffineExpr, Sequence[AffineExpr], int] | isl.PwAff],
    length: int,
) -> isl.Map:
    """``{ S[dims] -> [e0, e1, ...] }`` on ``domain`` (a named set), padded with
    zeros to ``length`` outputs. An entry is an affine expression over the
    domain's dims (``d<k>``) and params (``s<j>``), ``(x, lbs, size)`` for
    the tile index ``floor((x - max(lbs)) / size)``, or a PwAff on the
    domain's space (``pinned_tile_index``)."""
    space = domain.get_space()
    universe = isl.Set.universe(space)
    pieces: list[isl.PwAff] = []
    for e in entries:
        if isinstance(e, isl.PwAff):
            pieces.append(e)
        elif isinstance(e, tuple):
            x, lbs, size = e
            lb = expr_to_pw_aff(lbs[0], space)
            for other in lbs[1:]:
                lb = lb.max(expr_to_pw_aff(other, space))
            pieces.append(expr_to_pw_aff(x, space).sub(lb).scale_down_val(_val(space.get_ctx(), size)).floor())
        else:
            pieces.append(expr_to_pw_aff(e, space))
    zero = isl.PwAff.val_on_domain(universe, _val(space.get_ctx(), 0))
    while len(pieces) < length:
        pieces.append(zero)
    result = isl.Map.from_domain(universe)
    for pa in pieces:
        result = result.flat_range_product(isl.Map.from_pw_aff(pa))
    return result.intersect_domain(domain).set_tuple_name(DIM_IN, domain.get_tuple_name())


@_isl_errors
def prefix_projection(domain: isl.Set, target: isl.Set) -> isl.Map:
    """``{ U[d0..dn] -> T[d0..dk] }`` on ``domain``: ``target``'s dims are a
    prefix of ``domain``'s (a statement nested in the same loops)."""
    k = target.dim(DIM_SET)
    m = isl.Map.from_domain_and_range(domain, target)
    for i in range(k):
        m = m.equate(DIM_IN, i, DIM_OUT, i)
    return m.intersect_domain(domain)


@_isl_errors
def ranges_cover(domain: isl.Set, relations: Sequence[isl.Map]) -> bool:
    """Whether every point of ``domain`` is in the range of one of ``relations``
    (e.g. every instance of a read has a writer among the flow dependences)."""
    left = domain
    for r in relations:
        left = left.subtract(r.range())
    return left.is_empty()


@_isl_errors
def pad_out(m: isl.Map, length: int, tail: Sequence[int] = ()) -> isl.Map:
    """``m`` with the constants ``tail`` appended, then zeros up to ``length``."""
    space = m.domain().get_space()
    universe = isl.Set.universe(space)
    out = m
    extra = list(tail) + [0] * max(0, length - m.dim(DIM_OUT) - len(tail))
    for v in extra:
        out = out.flat_range_product(isl.Map.from_pw_aff(isl.PwAff.val_on_domain(universe, _val(space.get_ctx(), v))))
    return out.set_tuple_name(DIM_IN, m.get_tuple_name(DIM_IN)) if m.has_tuple_name(DIM_IN) else out


def n_out(m: isl.Map) -> int:
    return m.dim(DIM_OUT)


def tuple_name(obj: isl.Set | isl.Map) -> str:
    return obj.get_tuple_name() if isinstance(obj, isl.Set) else obj.get_tuple_name(DIM_IN)


@_isl_errors
def violation_sample(rel: isl.Map) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """One (source, sink) instance pair of a non-empty relation, parameters
    chosen by isl (for error messages)."""
    if rel.is_empty():
        return None
    pt = rel.wrap().sample_point()
    if pt.is_void():
        return None
    n_in = rel.dim(DIM_IN)
    n = rel.dim(DIM_IN) + rel.dim(DIM_OUT)
    vals = [_integer(pt.get_coordinate_val(DIM_SET, k)) for k in range(n)]
    return tuple(vals[:n_in]), tuple(vals[n_in:])


@_isl_errors
def out_of_order(
    rel: isl.Map, src_sched: isl.Map, dst_sched: isl.Map
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """A pair of ``rel`` (source -> sink instances) that some time the source
    is scheduled at does not strictly precede some time of the sink, or None.
    The schedules may be multi-valued (recomputed instances)."""
    # First in time space (half the time of the instance pairs' lex_ge map
    # on tiled schedules); the instance pair only for a violation.
    times = rel.apply_domain(src_sched).apply_range(dst_sched)
    times = times.reset_tuple_id(DIM_IN).reset_tuple_id(DIM_OUT)
    same = times.dim(DIM_IN) == times.dim(DIM_OUT)
    if same and times.intersect(isl.Map.lex_ge(times.get_space().domain())).is_empty():
        return None
    bad = rel.intersect(src_sched.lex_ge_map(dst_sched))
    if bad.is_empty():
        return None
    return violation_sample(bad) or ((), ())


@_isl_errors
def written_between(
    rel: isl.Map, src_sched: isl.Map, dst_sched: isl.Map, writer_sched: isl.Map
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """A pair of ``rel`` (source -> sink instances) with some instance of
    the writer scheduled strictly between them (the sink would read the
    writer's value instead of the source's), or None."""
    between = src_sched.lex_lt_map(writer_sched).apply_range(writer_sched.lex_lt_map(dst_sched))
    bad = rel.intersect(between)
    if bad.is_empty():
        return None
    return violation_sample(bad) or ((), ())


# A loop of a band as ``pinned_tile_index`` sees it: lower bounds (max),
# upper bounds (min, exclusive), over the loop dims around it and params,
# and whether its tiles start at 0 (a lower bound that moves with the band).
BandLoopBounds = tuple[Sequence[AffineExpr], Sequence[AffineExpr], bool]


@_isl_errors
def pinned_tile_index(
    domain: isl.Set, given: int, inner: Sequence[BandLoopBounds], index: int, size: int, last: bool
) -> isl.PwAff:
    """On ``domain``, whose dims ``d0 .. d<given-1>`` are the loops around a
    statement, the tile index along ``inner[index]`` of the first (or with
    ``last`` the last) iteration of the loops ``inner`` nested there:
    each loop's value is the max of its lower bounds (or the min of its
    upper bounds minus 1) evaluated at the loops outside it, and the index
    ``floor((value - lb) / size)`` with ``lb`` the max of its lower bounds
    there, or 0 when its tiles start at 0."""
    space = domain.get_space()
    ctx = space.get_ctx()

    def anon(k: int) -> isl.Space:
        return space.drop_dims(DIM_SET, 0, space.dim(DIM_SET)).add_dims(DIM_SET, k).reset_tuple_id(DIM_SET)

    def extend(sp: isl.Space, extra: isl.PwAff | None) -> isl.Map:
        ls = isl.LocalSpace.from_space(sp)
        out = isl.Map.from_domain(isl.Set.universe(sp))
        for k in range(sp.dim(DIM_SET)):
            out = out.flat_range_product(isl.Map.from_pw_aff(isl.PwAff.var_on_domain(ls, DIM_SET, k)))
        if extra is not None:
            out = out.flat_range_product(isl.Map.from_pw_aff(extra))
        return out

    def bound(exprs: Sequence[AffineExpr], sp: isl.Space, take_max: bool) -> isl.PwAff:
        pa = expr_to_pw_aff(exprs[0], sp)
        for e in exprs[1:]:
            other = expr_to_pw_aff(e, sp)
            pa = pa.max(other) if take_max else pa.min(other)
        return pa

    cur = extend(space, None).project_out(DIM_OUT, given, space.dim(DIM_SET) - given)
    for r in range(index):
        lbs, ubs, _moving = inner[r]
        sp = anon(given + r)
        value = bound(ubs, sp, False).add_constant_val(_val(ctx, -1)) if last else bound(lbs, sp, True)
        cur = cur.apply_range(extend(sp, value))
    lbs, ubs, moving = inner[index]
    sp = anon(given + index)
    value = bound(ubs, sp, False).add_constant_val(_val(ctx, -1)) if last else bound(lbs, sp, True)
    start = isl.PwAff.val_on_domain(isl.Set.universe(sp), _val(ctx, 0)) if moving else bound(lbs, sp, True)
    tile = value.sub(start).scale_down_val(_val(ctx, size)).floor()
    cur = cur.apply_range(isl.Map.from_pw_aff(tile))
    return isl.PwMultiAff.from_map(cur).get_pw_aff(0)


@_isl_errors
def uniform_write_box(
    writes: Sequence[tuple[isl.Set, isl.Map, int]], ranges: Sequence[tuple[int, int]]
) -> list[tuple[int, int]] | None:
    """The elements that each iteration of a loop nest writes, as a box of
    constant inclusive bounds, when every iteration writes exactly those;
    else None. ``ranges``: the inclusive constant ranges of the nest's
    loops, outermost first, down to the loop in question; ``writes``: per
    writing statement, its domain, its write relation (statement ->
    element) and the position of that loop in its domain."""
    per_iv: isl.Map | None = None
    for domain, relation, k in writes:
        r = relation.intersect_domain(domain)
        n = r.dim(DIM_IN)
        r = r.project_out(DIM_IN, k + 1, n - k - 1).set_tuple_name(DIM_IN, "L")
        for d in range(k + 1):
            r = r.set_dim_name(DIM_IN, d, f"l{d}")
        per_iv = r if per_iv is None else per_iv.union(r)
    if per_iv is None or per_iv.dim(DIM_IN) != len(ranges):
        return None
    per_iv = per_iv.coalesce()
    elements = per_iv.range()
    nest = isl.Set.universe(per_iv.domain().get_space())
    for d, (lo, hi) in enumerate(ranges):
        nest = nest.lower_bound_val(DIM_SET, d, _val(nest.get_ctx(), lo))
        nest = nest.upper_bound_val(DIM_SET, d, _val(nest.get_ctx(), hi))
    if not isl.Map.from_domain_and_range(nest, elements).is_equal(per_iv):
        return None  # some iteration writes other elements, or none
    box: list[tuple[int, int]] = []
    for d in range(elements.dim(DIM_SET)):
        bounds = []
        for pw in (elements.dim_min(d), elements.dim_max(d)):
            pieces = pw.get_pieces()
            if len(pieces) != 1 or not pieces[0][1].is_cst():
                return None
            bounds.append(_integer(pieces[0][1].get_constant_val()))
        box.append((bounds[0], bounds[1]))
    full = isl.Set.universe(elements.get_space())
    for d, (lo_d, hi_d) in enumerate(box):
        full = full.lower_bound_val(DIM_SET, d, _val(full.get_ctx(), lo_d))
        full = full.upper_bound_val(DIM_SET, d, _val(full.get_ctx(), hi_d))
    if not elements.is_equal(full):
        return None  # not a box (or one that depends on the parameters)
    return box
