"""The one door to islpy: exact conversions between our affine objects and isl.

Affine expressions become isl quasi-affine functions (floordiv, ceildiv and
mod by constants become isl integer divisions), affine maps become
``isl.Map`` (their graph) and integer sets ``isl.Set``; isl sets, affs and
single-valued maps convert back.  isl dimensions are named: ``d<i>`` and
``s<j>`` unless names are given (pass loop variable and symbol names).  What
comes back from isl is rebuilt with our simplifying operators and printed by
our printer; isl's own text is never IR.

Every islpy failure surfaces as :class:`IslBridgeError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import wraps
from typing import ParamSpec, TypeVar

import islpy as isl

from polymlir.affine.expr import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineSymbolExpr,
    const,
    dim,
    sym,
)
from polymlir.affine.maps import AffineMap, IntegerSet

__all__ = [
    "IslBridgeError",
    "aff_to_expr",
    "basic_set_to_integer_set",
    "expr_to_aff",
    "expr_to_pw_aff",
    "integer_set_to_basic_set",
    "integer_set_to_isl",
    "isl_context",
    "isl_map_to_affine_map",
    "map_to_isl",
    "pw_aff_to_expr",
    "set_space",
    "set_to_integer_set",
    "set_to_integer_sets",
]

_SET = isl.dim_type.set
_IN = isl.dim_type.in_
_OUT = isl.dim_type.out
_PARAM = isl.dim_type.param
_DIV = isl.dim_type.div

_P = ParamSpec("_P")
_R = TypeVar("_R")
_IslFn = TypeVar("_IslFn", isl.Aff, isl.PwAff)


class IslBridgeError(Exception):
    """A conversion to or from isl failed (unsupported expression or isl error)."""


def _isl_errors(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """Turn islpy's exceptions into IslBridgeError naming the conversion."""

    @wraps(fn)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return fn(*args, **kwargs)
        except isl.Error as err:
            raise IslBridgeError(f"{fn.__name__}: isl error: {err}") from err

    return wrapper


def isl_context() -> isl.Context:
    """The isl context used when none is given."""
    return isl.DEFAULT_CONTEXT


def _names(given: Sequence[str] | None, count: int, prefix: str) -> list[str]:
    if given is None:
        return [f"{prefix}{i}" for i in range(count)]
    if len(given) != count:
        raise IslBridgeError(f"expected {count} names for the {prefix}* variables, got {len(given)}")
    return list(given)


@_isl_errors
def set_space(
    num_dims: int,
    num_symbols: int,
    dim_names: Sequence[str] | None = None,
    sym_names: Sequence[str] | None = None,
    ctx: isl.Context | None = None,
) -> isl.Space:
    """Set space with named dims (default ``d<i>``) and params (default ``s<j>``)."""
    return isl.Space.create_from_names(
        ctx or isl_context(),
        set=_names(dim_names, num_dims, "d"),
        params=_names(sym_names, num_symbols, "s"),
    )


# -- AffineExpr -> isl


def _val(ctx: isl.Context, v: int) -> isl.Val:
    return isl.Val.int_from_si(ctx, v) if -(1 << 62) < v < (1 << 62) else isl.Val(str(v), context=ctx)


def _build(
    expr: AffineExpr,
    space: isl.Space,
    var: Callable[[isl.dim_type, int], _IslFn],
    cst: Callable[[isl.Val], _IslFn],
) -> _IslFn:
    """Fold ``expr`` into an isl Aff or PwAff; ``var``/``cst`` make the leaves."""
    if not expr.is_pure_affine():
        raise IslBridgeError(
            f"semi-affine expression '{expr}' cannot be represented in isl "
            "(products and divisions need a constant operand)"
        )
    ctx = space.get_ctx()
    cache: dict[AffineExpr, _IslFn] = {}

    def go(e: AffineExpr) -> _IslFn:
        hit = cache.get(e)
        if hit is not None:
            return hit
        out: _IslFn
        if isinstance(e, AffineConstantExpr):
            out = cst(_val(ctx, e.value))
        elif isinstance(e, AffineDimExpr):
            out = var(_SET, e.position)
        elif isinstance(e, AffineSymbolExpr):
            out = var(_PARAM, e.position)
        else:
            assert isinstance(e, AffineBinaryExpr)
            kind = e.kind
            if kind is AffineExprKind.ADD:
                out = go(e.lhs).add(go(e.rhs))
            elif kind is AffineExprKind.MUL:
                # Pure affine: one operand is a constant (upstream puts it right).
                factor, other = (e.rhs, e.lhs) if isinstance(e.rhs, AffineConstantExpr) else (e.lhs, e.rhs)
                assert isinstance(factor, AffineConstantExpr)
                out = go(other).scale_val(_val(ctx, factor.value))
            else:
                assert isinstance(e.rhs, AffineConstantExpr)
                c = e.rhs.value
                lhs = go(e.lhs)
                if kind is AffineExprKind.MOD:
                    if c < 1:
                        raise IslBridgeError(f"'{e}': mod by non-positive {c} is undefined")
                    out = lhs.mod_val(_val(ctx, c))
                else:
                    if c == 0:
                        raise IslBridgeError(f"'{e}': division by zero")
                    if c < 0:  # isl scales down by positive values only
                        lhs, c = lhs.neg(), -c
                    quotient = lhs.scale_down_val(_val(ctx, c))
                    out = quotient.floor() if kind is AffineExprKind.FLOORDIV else quotient.ceil()
        cache[e] = out
        return out

    return go(expr)


@_isl_errors
def expr_to_pw_aff(expr: AffineExpr, space: isl.Space) -> isl.PwAff:
    """``expr`` as a PwAff on the set ``space``: ``d<i>`` is set dim i and
    ``s<j>`` param j, by position."""
    ls = isl.LocalSpace.from_space(space)
    universe = isl.Set.universe(space)
    return _build(
        expr,
        space,
        lambda kind, pos: isl.PwAff.var_on_domain(ls, kind, pos),
        lambda v: isl.PwAff.val_on_domain(universe, v),
    )


@_isl_errors
def expr_to_aff(expr: AffineExpr, space: isl.Space) -> isl.Aff:
    """``expr`` as a quasi-affine isl.Aff on the set ``space`` (see expr_to_pw_aff)."""
    ls = isl.LocalSpace.from_space(space)
    zero = isl.Aff.zero_on_domain(ls)
    return _build(
        expr,
        space,
        lambda kind, pos: isl.Aff.var_on_domain(ls, kind, pos),
        lambda v: zero.add_constant_val(v),
    )


@_isl_errors
def map_to_isl(
    amap: AffineMap,
    dim_names: Sequence[str] | None = None,
    sym_names: Sequence[str] | None = None,
    out_names: Sequence[str] | None = None,
    ctx: isl.Context | None = None,
) -> isl.Map:
    """The graph ``{ [d] -> [amap(d)] }`` as an isl.Map; symbols are params and
    output dims are unnamed unless ``out_names`` is given."""
    dom = set_space(amap.num_dims, amap.num_symbols, dim_names, sym_names, ctx)
    result = isl.Map.from_domain(isl.Set.universe(dom))
    for r in amap.results:
        result = result.flat_range_product(isl.Map.from_pw_aff(expr_to_pw_aff(r, dom)))
    if out_names is not None:
        for i, name in enumerate(_names(out_names, amap.num_results, "o")):
            result = result.set_dim_name(_OUT, i, name)
    return result


@_isl_errors
def integer_set_to_isl(
    iset: IntegerSet,
    dim_names: Sequence[str] | None = None,
    sym_names: Sequence[str] | None = None,
    ctx: isl.Context | None = None,
) -> isl.Set:
    """The integer points of ``iset`` as an isl.Set; symbols are params."""
    space = set_space(iset.num_dims, iset.num_symbols, dim_names, sym_names, ctx)
    result = isl.Set.universe(space)
    for c, eq in zip(iset.constraints, iset.eq_flags):
        pa = expr_to_pw_aff(c, space)
        result = result.intersect(pa.zero_set() if eq else pa.nonneg_set())
    return result


@_isl_errors
def integer_set_to_basic_set(
    iset: IntegerSet,
    dim_names: Sequence[str] | None = None,
    sym_names: Sequence[str] | None = None,
    ctx: isl.Context | None = None,
) -> isl.BasicSet:
    """Like integer_set_to_isl, as one BasicSet (the constraints are a conjunction)."""
    space = set_space(iset.num_dims, iset.num_symbols, dim_names, sym_names, ctx)
    zero = isl.Aff.zero_on_domain(isl.LocalSpace.from_space(space))
    result = isl.BasicSet.universe(space)
    for c, eq in zip(iset.constraints, iset.eq_flags):
        aff = expr_to_aff(c, space)
        result = result.intersect(aff.eq_basic_set(zero) if eq else aff.ge_basic_set(zero))
    return result


# -- isl -> AffineExpr


def _rational(v: isl.Val) -> Fraction:
    return Fraction(v.to_str())


def _integer(v: isl.Val, scale: int = 1) -> int:
    f = _rational(v) * scale
    if f.denominator != 1:
        raise IslBridgeError(f"non-integer coefficient {v}")
    return f.numerator


def _flat_to_expr(
    dim_coeffs: Sequence[int],
    sym_coeffs: Sequence[int],
    local_coeffs: Sequence[int],
    locals_: Sequence[AffineExpr],
    constant: int,
) -> AffineExpr:
    """The sum in upstream's flat-form order (getAffineExprFromFlatForm): dims,
    symbols, local divisions, then the constant, built with our operators."""
    expr: AffineExpr = const(0)
    for i, c in enumerate(dim_coeffs):
        if c:
            expr = expr + dim(i) * c
    for j, c in enumerate(sym_coeffs):
        if c:
            expr = expr + sym(j) * c
    for e, c in zip(locals_, local_coeffs):
        if c:
            expr = expr + e * c
    if constant:
        expr = expr + constant
    return expr


class _Params:
    """Where each isl parameter goes among our symbols: by position, or by name
    when symbol names are given."""

    def __init__(self, obj: isl.BasicSet | isl.Set | isl.Aff | isl.Map, sym_names: Sequence[str] | None):
        n = obj.dim(_PARAM)
        self.count = n if sym_names is None else len(sym_names)
        if sym_names is None:
            self.positions = list(range(n))
            return
        index = {name: i for i, name in enumerate(sym_names)}
        self.positions = []
        for i in range(n):
            name = obj.get_dim_name(_PARAM, i)
            if name not in index:
                raise IslBridgeError(f"isl parameter '{name}' is not among the symbols {list(sym_names)}")
            self.positions.append(index[name])

    def coeffs(self, obj: isl.Aff | isl.Constraint, scale: int = 1) -> list[int]:
        """Parameter coefficients of ``obj`` (times ``scale``), in symbol order."""
        out = [0] * self.count
        for i, pos in enumerate(self.positions):
            out[pos] = _integer(obj.get_coefficient_val(_PARAM, i), scale)
        return out


def _divisions(ls: isl.LocalSpace, params: _Params) -> list[AffineExpr]:
    """The division variables of a set local space as ``floordiv`` expressions.
    (isl cannot hand out the divs of a map local space.)"""
    exprs: list[AffineExpr] = []
    n_dims = ls.dim(_SET)
    for k in range(ls.dim(_DIV)):
        div = ls.get_div(k)  # numerator / denominator; may use earlier divs
        if div.is_nan():
            raise IslBridgeError("isl division without an explicit expression")
        den = _integer(div.get_denominator_val())
        numerator = _flat_to_expr(
            [_integer(div.get_coefficient_val(_IN, i), den) for i in range(n_dims)],
            params.coeffs(div, den),
            [_integer(div.get_coefficient_val(_DIV, j), den) for j in range(k)],
            exprs,
            _integer(div.get_constant_val(), den),
        )
        exprs.append(numerator.floordiv(den))
    return exprs


@_isl_errors
def aff_to_expr(aff: isl.Aff, sym_names: Sequence[str] | None = None) -> AffineExpr:
    """An integer-valued isl.Aff as an AffineExpr; isl divisions become
    ``floordiv``.  Domain dims map to ``d<i>`` by position; params to symbols by
    position, or by name when ``sym_names`` is given."""
    if _integer(aff.get_denominator_val()) != 1:
        raise IslBridgeError(f"rational affine expression {aff} has no AffineExpr form")
    params = _Params(aff, sym_names)
    divs = _divisions(aff.get_domain_local_space(), params)
    return _flat_to_expr(
        [_integer(aff.get_coefficient_val(_IN, i)) for i in range(aff.dim(_IN))],
        params.coeffs(aff),
        [_integer(aff.get_coefficient_val(_DIV, k)) for k in range(len(divs))],
        divs,
        _integer(aff.get_constant_val()),
    )


@_isl_errors
def pw_aff_to_expr(pw: isl.PwAff, sym_names: Sequence[str] | None = None) -> AffineExpr:
    """A PwAff with a single piece on a universe domain, as an AffineExpr."""
    pieces = pw.get_pieces()
    if len(pieces) != 1 or not pieces[0][0].plain_is_universe():
        raise IslBridgeError(f"{pw} is not a single affine piece on a universe domain")
    return aff_to_expr(pieces[0][1], sym_names)


def _leading_negative(coeff_groups: Sequence[Sequence[int]]) -> bool:
    for group in coeff_groups:
        for c in group:
            if c:
                return c < 0
    return False


@_isl_errors
def basic_set_to_integer_set(bset: isl.BasicSet, sym_names: Sequence[str] | None = None) -> IntegerSet:
    """The constraints of ``bset`` as an IntegerSet; divisions become floordiv.

    Dims map to ``d<i>`` by position; params to symbols by position, or by
    name when ``sym_names`` is given (the set then has ``len(sym_names)``
    symbols).  An empty set gives ``1 == 0``, a universe ``0 == 0``.
    """
    n_dims = bset.dim(_SET)
    params = _Params(bset, sym_names)
    if bset.is_empty():
        return IntegerSet.empty_set(n_dims, params.count)
    divs = _divisions(bset.get_local_space(), params)
    constraints: list[AffineExpr] = []
    eq_flags: list[bool] = []
    for con in bset.get_constraints():
        groups = [
            [_integer(con.get_coefficient_val(_SET, i)) for i in range(n_dims)],
            params.coeffs(con),
            [_integer(con.get_coefficient_val(_DIV, k)) for k in range(len(divs))],
            [_integer(con.get_constant_val())],
        ]
        is_eq = con.is_equality()
        if is_eq and _leading_negative(groups):
            # isl picks either sign for an equality; lead with a positive one.
            groups = [[-c for c in g] for g in groups]
        constraints.append(_flat_to_expr(groups[0], groups[1], groups[2], divs, groups[3][0]))
        eq_flags.append(is_eq)
    if not constraints:
        return IntegerSet.universe(n_dims, params.count)
    return IntegerSet(n_dims, params.count, constraints, eq_flags)


@_isl_errors
def set_to_integer_sets(s: isl.Set, sym_names: Sequence[str] | None = None) -> list[IntegerSet]:
    """One IntegerSet per basic set of ``s`` (their union is ``s``); an empty set
    gives a single canonical empty IntegerSet."""
    s = s.compute_divs()
    pieces = s.get_basic_sets()
    if not pieces:
        return [IntegerSet.empty_set(s.dim(_SET), _Params(s, sym_names).count)]
    return [basic_set_to_integer_set(b, sym_names) for b in pieces]


@_isl_errors
def set_to_integer_set(s: isl.Set, sym_names: Sequence[str] | None = None) -> IntegerSet:
    """``s`` as one IntegerSet; an error if it stays a union of several basic sets."""
    sets = set_to_integer_sets(s.coalesce(), sym_names)
    if len(sets) != 1:
        raise IslBridgeError(f"set {s} is a union of {len(sets)} basic sets")
    return sets[0]


@_isl_errors
def isl_map_to_affine_map(m: isl.Map, sym_names: Sequence[str] | None = None) -> AffineMap:
    """A map that is one quasi-affine function on a universe domain, as an AffineMap."""
    params = _Params(m, sym_names)
    if not m.is_single_valued():
        raise IslBridgeError(f"{m} is not single-valued")
    domain = m.domain()
    if not domain.is_equal(isl.Set.universe(domain.get_space())):
        raise IslBridgeError(f"{m} is not defined on a universe domain")
    pma = isl.PwMultiAff.from_map(m).coalesce()
    pieces: list[isl.MultiAff] = []
    pma.foreach_piece(lambda _dom, ma: pieces.append(ma))
    if len(pieces) != 1:
        raise IslBridgeError(f"{m} is piecewise ({len(pieces)} pieces)")
    # The piece's domain may carry redundant division constraints; the map's
    # domain was checked to be the universe, so the one piece covers it.
    ma = pieces[0]
    results = tuple(aff_to_expr(ma.get_at(i), sym_names) for i in range(m.dim(_OUT)))
    return AffineMap(m.dim(_IN), params.count, results)


# -- polyhedral model support (statements, accesses, schedules, dependences) --
#
# The model and dependence modules build and query isl objects only through
# these functions (and the objects' own methods), keeping islpy behind this door.


def _named_space(dims: Sequence[str], params: Sequence[str], name: str) -> isl.Space:
    return isl.Space.create_from_names(isl_context(), set=list(dims), params=list(params)).set_tuple_name(_SET, name)


@_isl_errors
def constraint_set(dims: Sequence[str], params: Sequence[str], name: str,
                   ge: Sequence[AffineExpr], eq: Sequence[AffineExpr]) -> isl.Set:
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
def access_relation(idx: Sequence[AffineExpr], dims: Sequence[str], params: Sequence[str],
                    stmt: str, array: str) -> isl.Map:
    """``{ stmt[dims] -> array[idx] }``."""
    amap = AffineMap(len(dims), len(params), tuple(idx))
    m = map_to_isl(amap, dims, params)
    return m.set_tuple_name(_IN, stmt).set_tuple_name(_OUT, array)


@_isl_errors
def schedule_2d1(dims: Sequence[str], params: Sequence[str], stmt: str, positions: Sequence[int],
                 max_depth: int) -> isl.Map:
    """``{ stmt[i0..id] -> [p0, i0, p1, ..., pd, 0, ...] }`` padded to 2*max_depth+1."""
    out: list[AffineExpr] = []
    for k, p in enumerate(positions):
        out.append(const(p))
        if k < len(dims):
            out.append(dim(k))
    while len(out) < 2 * max_depth + 1:
        out.append(const(0))
    m = map_to_isl(AffineMap(len(dims), len(params), tuple(out)), dims, params)
    return m.set_tuple_name(_IN, stmt)


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
def schedule_tree_from_2d1(stmts: Sequence[tuple[isl.Set, Sequence[int], Sequence[str]]],
                           params: Sequence[str]) -> isl.Schedule:
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
                mupa = None
                for dom, _, names in inner:
                    ls = isl.LocalSpace.from_space(dom.get_space())
                    aff = isl.Aff.var_on_domain(ls, _SET, level)
                    upa = isl.UnionPwAff.from_pw_aff(isl.PwAff.from_aff(aff).intersect_domain(dom))
                    mupa = upa if mupa is None else mupa.union_add(upa)
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


@_isl_errors
def compute_flow(sink: isl.UnionMap, must_source: isl.UnionMap, schedule: isl.UnionMap | isl.Schedule) -> isl.UnionMap:
    """Exact value-based dependences (last writer) from ``must_source`` to
    ``sink`` under a schedule map or a schedule tree."""
    info = isl.UnionAccessInfo.from_sink(sink).set_must_source(must_source)
    if isinstance(schedule, isl.Schedule):
        info = info.set_schedule(schedule)
    else:
        info = info.set_schedule_map(schedule)
    return info.compute_flow().get_must_dependence()


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
        result = result.equate(_IN, k, _OUT, k)
    if strict_at is not None:
        result = result.order_lt(_IN, strict_at, _OUT, strict_at)
    return result


@_isl_errors
def common_deltas(rel: isl.Map, n_common: int) -> isl.Set:
    """Distance set of ``rel`` on its first ``n_common`` in/out dims."""
    n_in = rel.dim(_IN)
    n_out = rel.dim(_OUT)
    r = rel.project_out(_IN, n_common, n_in - n_common).project_out(_OUT, n_common, n_out - n_common)
    r = r.reset_tuple_id(_IN).reset_tuple_id(_OUT)
    for k in range(n_common):
        r = r.set_dim_name(_IN, k, f"c{k}").set_dim_name(_OUT, k, f"c{k}")
    return r.deltas()


@_isl_errors
def sign_cases(deltas: isl.Set, k: int) -> tuple[bool, bool, bool]:
    """Whether distance component ``k`` can be negative, zero, positive."""
    sp = deltas.get_space()
    ls = isl.LocalSpace.from_space(sp)
    v = isl.Aff.var_on_domain(ls, _SET, k)
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
    n = s.dim(_SET)
    vals = [_integer(pt.get_coordinate_val(_SET, k)) for k in range(n)]
    # Parametric single points (e.g. distance N) are not constant.
    probe = isl.Set.universe(s.get_space())
    for k, v in enumerate(vals):
        aff = isl.Aff.var_on_domain(isl.LocalSpace.from_space(s.get_space()), _SET, k)
        probe = probe.intersect(aff.eq_set(isl.Aff.zero_on_domain(isl.LocalSpace.from_space(s.get_space())).add_constant_val(_val(isl_context(), v))))
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
        for k in range(m.dim(_PARAM)):
            name = m.get_dim_name(_PARAM, k)
            if name in param_values:
                m = m.fix_val(_PARAM, k, _val(isl_context(), param_values[name]))
    n_in = m.dim(_IN)
    pts: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def visit(p: isl.Point) -> None:
        vals = [_integer(p.get_coordinate_val(_SET, k)) for k in range(p.get_space().dim(_SET))]
        pts.append((tuple(vals[:n_in]), tuple(vals[n_in:])))

    m.wrap().foreach_point(visit)
    return pts


@_isl_errors
def parse_union_map(text: str) -> isl.UnionMap:
    """An isl union map from isl's text syntax (for candidate schedules)."""
    return isl.UnionMap.read_from_str(isl_context(), text)


@_isl_errors
def tiled_schedule_map(domain: isl.Set, params: Sequence[str],
                       entries: Sequence[AffineExpr | tuple[AffineExpr, Sequence[AffineExpr], int]],
                       length: int) -> isl.Map:
    """``{ S[dims] -> [e0, e1, ...] }`` on ``domain`` (a named set), padded with
    zeros to ``length`` outputs. An entry is an affine expression over the
    domain's dims (``d<k>``) and params (``s<j>``), or ``(x, lbs, size)`` for
    the tile index ``floor((x - max(lbs)) / size)``."""
    space = domain.get_space()
    universe = isl.Set.universe(space)
    pieces: list[isl.PwAff] = []
    for e in entries:
        if isinstance(e, tuple):
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
    return result.intersect_domain(domain).set_tuple_name(_IN, domain.get_tuple_name())


@_isl_errors
def prefix_projection(domain: isl.Set, target: isl.Set) -> isl.Map:
    """``{ U[d0..dn] -> T[d0..dk] }`` on ``domain``: ``target``'s dims are a
    prefix of ``domain``'s (a statement nested in the same loops)."""
    n, k = domain.dim(_SET), target.dim(_SET)
    m = isl.Map.from_domain_and_range(domain, target)
    for i in range(k):
        m = m.equate(_IN, i, _OUT, i)
    return m.intersect_domain(domain)


@_isl_errors
def pad_out(m: isl.Map, length: int, tail: Sequence[int] = ()) -> isl.Map:
    """``m`` with the constants ``tail`` appended, then zeros up to ``length``."""
    space = m.domain().get_space()
    universe = isl.Set.universe(space)
    out = m
    extra = list(tail) + [0] * max(0, length - m.dim(_OUT) - len(tail))
    for v in extra:
        out = out.flat_range_product(isl.Map.from_pw_aff(isl.PwAff.val_on_domain(universe, _val(space.get_ctx(), v))))
    return out.set_tuple_name(_IN, m.get_tuple_name(_IN)) if m.has_tuple_name(_IN) else out


def n_out(m: isl.Map) -> int:
    return m.dim(_OUT)


def n_set(s: isl.Set) -> int:
    return s.dim(_SET)


def tuple_name(obj: isl.Set | isl.Map) -> str:
    return obj.get_tuple_name() if isinstance(obj, isl.Set) else obj.get_tuple_name(_IN)


@_isl_errors
def violation_sample(rel: isl.Map) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """One (source, sink) instance pair of a non-empty relation, parameters
    chosen by isl (for error messages)."""
    if rel.is_empty():
        return None
    pt = rel.wrap().sample_point()
    if pt.is_void():
        return None
    n_in = rel.dim(_IN)
    n = rel.dim(_IN) + rel.dim(_OUT)
    vals = [_integer(pt.get_coordinate_val(_SET, k)) for k in range(n)]
    return tuple(vals[:n_in]), tuple(vals[n_in:])


@_isl_errors
def out_of_order(rel: isl.Map, src_sched: isl.Map, dst_sched: isl.Map) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """A pair of ``rel`` (source -> sink instances) that some time the source
    is scheduled at does not strictly precede some time of the sink, or None.
    The schedules may be multi-valued (recomputed instances)."""
    bad = rel.intersect(src_sched.lex_ge_map(dst_sched))
    if bad.is_empty():
        return None
    return violation_sample(bad) or ((), ())
