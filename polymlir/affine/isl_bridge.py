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

import os
import select
import signal
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import wraps
from typing import ParamSpec, TypeVar

import islpy as isl

from polymlir.ir.affine_expr import (
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
from polymlir.ir.affine_map import AffineMap, IntegerSet

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
    return m.set_tuple_name(_IN, stmt).set_tuple_name(_OUT, array)


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
def tiled_schedule_map(
    domain: isl.Set,
    params: Sequence[str],
    entries: Sequence[AffineExpr | tuple[AffineExpr, Sequence[AffineExpr], int]],
    length: int,
) -> isl.Map:
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
    k = target.dim(_SET)
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
def out_of_order(
    rel: isl.Map, src_sched: isl.Map, dst_sched: isl.Map
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """A pair of ``rel`` (source -> sink instances) that some time the source
    is scheduled at does not strictly precede some time of the sink, or None.
    The schedules may be multi-valued (recomputed instances)."""
    bad = rel.intersect(src_sched.lex_ge_map(dst_sched))
    if bad.is_empty():
        return None
    return violation_sample(bad) or ((), ())


# -- AST generation
#
# isl's AST builder and scheduler, handed out as plain Python data so that
# code generation (transforms/loops/ast_codegen.py) and the automatic
# scheduler (transforms/optimize.py) never touch islpy objects' types.
# (This block is appended as one piece, so its import sits here.)

from dataclasses import dataclass  # noqa: E402


@dataclass(frozen=True)
class AstInt:
    """An integer leaf of an isl AST expression."""

    value: int


@dataclass(frozen=True)
class AstId:
    """An identifier: a generated loop iterator (``c<k>`` for schedule
    dimension k) or a parameter."""

    name: str


@dataclass(frozen=True)
class AstOp:
    """An operation (isl's ``ast_expr_op_type`` name: add, sub, mul, minus,
    min, max, fdiv_q, pdiv_q, pdiv_r, zdiv_r, div, le, lt, ge, gt, eq, and_,
    or_, and_then, or_else, select, cond, call, ...)."""

    kind: str
    args: tuple[AstExpr, ...]


AstExpr = AstInt | AstId | AstOp


@dataclass
class AstFor:
    iterator: str
    init: AstExpr
    cond: AstExpr | None
    inc: int
    body: AstNode
    degenerate: bool


@dataclass
class AstIf:
    cond: AstExpr
    then: AstNode
    else_: AstNode | None


@dataclass
class AstBlock:
    children: list[AstNode]


@dataclass
class AstUser:
    """A statement instance: ``name(args)`` with one expression per domain dim."""

    name: str
    args: list[AstExpr]


@dataclass
class AstMark:
    name: str
    child: AstNode


AstNode = AstFor | AstIf | AstBlock | AstUser | AstMark


def _ast_expr(e: isl.AstExpr) -> AstExpr:
    t = e.get_type()
    if t == isl.ast_expr_type.int:
        return AstInt(_integer(e.get_val()))
    if t == isl.ast_expr_type.id:
        return AstId(e.get_id().get_name())
    if t == isl.ast_expr_type.op:
        kind = e.get_op_type().name
        return AstOp(kind, tuple(_ast_expr(e.get_op_arg(k)) for k in range(e.get_op_n_arg())))
    raise IslBridgeError(f"isl AST expression of unknown type: {e.to_C_str()}")


def _ast_node(n: isl.AstNode) -> AstNode:
    t = n.get_type()
    if t == isl.ast_node_type.for_:
        degenerate = bool(n.for_is_degenerate())
        inc = n.for_get_inc()
        inc_e = _ast_expr(inc)
        if not isinstance(inc_e, AstInt):
            raise IslBridgeError(f"isl loop with a non-constant step {inc.to_C_str()}")
        try:
            cond: AstExpr | None = _ast_expr(n.for_get_cond())
        except isl.Error:  # a degenerate loop may have no condition
            cond = None
        return AstFor(
            n.for_get_iterator().get_id().get_name(),
            _ast_expr(n.for_get_init()),
            cond,
            inc_e.value,
            _ast_node(n.for_get_body()),
            degenerate,
        )
    if t == isl.ast_node_type.if_:
        els = n.if_get_else_node() if n.if_has_else_node() else None
        return AstIf(
            _ast_expr(n.if_get_cond()), _ast_node(n.if_get_then_node()), None if els is None else _ast_node(els)
        )
    if t == isl.ast_node_type.block:
        lst = n.block_get_children()
        return AstBlock([_ast_node(lst.get_at(k)) for k in range(lst.n_ast_node())])
    if t == isl.ast_node_type.user:
        call = _ast_expr(n.user_get_expr())
        if not isinstance(call, AstOp) or call.kind != "call" or not isinstance(call.args[0], AstId):
            raise IslBridgeError(f"isl AST user node is not a statement call: {n.to_C_str()}")
        return AstUser(call.args[0].name, list(call.args[1:]))
    if t == isl.ast_node_type.mark:
        return AstMark(n.mark_get_id().get_name(), _ast_node(n.mark_get_node()))
    raise IslBridgeError(f"isl AST node of unknown type {t}")


@_isl_errors
def ast_from_schedule_maps(maps: Sequence[isl.Map], params: Sequence[str], separate: Sequence[int] = ()) -> AstNode:
    """isl's AST for statements scheduled by ``maps`` (each ``S[dims] ->
    [time]`` restricted to its domain, all with one output length), in a
    universe context over ``params``. Loop iterators are ``c<k>`` for time
    dimension k. Loops at the time dimensions ``separate`` are split into
    pieces without guards (isl's ``separate`` option)."""
    ctx = isl_context()
    context = isl.Set.universe(isl.Space.create_from_names(ctx, set=[], params=list(params))).params()
    # isl names the iterator of time dimension k ``c<k>`` by default
    # (set_iterators fails on schedule maps).
    build = isl.AstBuild.from_context(context)
    n = maps[0].dim(_OUT) if maps else 0
    dims = sorted({k for k in separate if 0 <= k < n})
    if dims:
        names = ", ".join(f"t{k}" for k in range(n))
        which = " or ".join(f"x = {k}" for k in dims)
        build = build.set_options(isl.UnionMap.read_from_str(ctx, f"{{ [{names}] -> separate[x] : {which} }}"))
    return _ast_node(build.node_from_schedule_map(union_map(maps)))


@_isl_errors
def ast_c_text(maps: Sequence[isl.Map], params: Sequence[str]) -> str:
    """isl's pseudo-C for ``maps`` (for tests and messages, never for IR)."""
    context = isl.Set.universe(isl.Space.create_from_names(isl_context(), set=[], params=list(params))).params()
    return isl.AstBuild.from_context(context).node_from_schedule_map(union_map(maps)).to_C_str()


@_isl_errors
def schedule_problem(m: isl.Map, domain: isl.Set) -> str | None:
    """Why ``m`` is not a usable schedule of ``domain`` (not defined on every
    instance, not a function, or mapping two instances to one time), or None."""
    if not domain.is_subset(m.domain()):
        missing = domain.subtract(m.domain())
        return f"does not schedule every instance (e.g. {_point_text(missing)})"
    m = m.intersect_domain(domain)
    if not m.is_single_valued():
        return "maps an instance to several times"
    if not m.is_injective():
        pair = m.apply_range(m.reverse()).subtract(isl.Map.identity(m.apply_range(m.reverse()).get_space()))
        sample = violation_sample(pair)
        ex = f" (e.g. instances {sample[0]} and {sample[1]})" if sample else ""
        return f"is not injective: two instances run at the same time{ex}"
    return None


def _point_text(s: isl.Set) -> str:
    pt = s.sample_point()
    if pt.is_void():
        return "?"
    n = s.dim(_SET)
    return str(tuple(_integer(pt.get_coordinate_val(_SET, k)) for k in range(n)))


@_isl_errors
def statement_maps(umap: isl.UnionMap) -> dict[str, isl.Map]:
    """The maps of a union map by their input tuple name."""
    return {m.get_tuple_name(_IN): m for m in map_list(umap)}


@_isl_errors
def rename_params(m: isl.Map, names: dict[str, str]) -> isl.Map:
    """``m`` with parameters renamed (``names``: old -> new)."""
    for k in range(m.dim(_PARAM)):
        old = m.get_dim_name(_PARAM, k)
        if old in names:
            m = m.set_dim_name(_PARAM, k, names[old])
    return m


def param_names(obj: isl.Map | isl.Set) -> list[str]:
    return [obj.get_dim_name(_PARAM, k) for k in range(obj.dim(_PARAM))]


def n_in(m: isl.Map) -> int:
    return m.dim(_IN)


@_isl_errors
def prefix_out(m: isl.Map, values: Sequence[int]) -> isl.Map:
    """``m`` with the constants ``values`` put before its outputs."""
    name = m.get_tuple_name(_IN) if m.has_tuple_name(_IN) else None
    universe = isl.Set.universe(m.domain().get_space())
    head = isl.Map.from_domain(universe)
    for v in values:
        head = head.flat_range_product(isl.Map.from_pw_aff(isl.PwAff.val_on_domain(universe, _val(m.get_ctx(), v))))
    out = head.intersect_domain(m.domain()).flat_range_product(m)
    return out.set_tuple_name(_IN, name) if name else out


@_isl_errors
def unit_dependence(rel: isl.Map, src_proj: isl.Map, dst_proj: isl.Map, same_unit: bool) -> isl.Map:
    """A dependence between access statements lifted to units: ``src_proj``
    and ``dst_proj`` map unit instances to their member's instances; pairs
    of one unit instance with itself (its loads run before its store) are
    dropped."""
    r = src_proj.apply_range(rel).apply_range(dst_proj.reverse())
    if same_unit:
        r = r.subtract(isl.Map.identity(r.get_space()))
    return r.coalesce()


def is_empty(obj: isl.Map | isl.Set) -> bool:
    return obj.is_empty()


@_isl_errors
def carried_at(rel: isl.Map, src_sched: isl.Map, dst_sched: isl.Map, k: int) -> bool:
    """Whether the dependence ``rel`` links two instances whose times agree
    before dimension ``k`` and differ at it (it is carried by a loop at k)."""
    times = rel.apply_domain(src_sched).apply_range(dst_sched)
    times = times.reset_tuple_id(_IN).reset_tuple_id(_OUT)
    same = isl.Map.universe(times.get_space())
    for j in range(k):
        same = same.equate(_IN, j, _OUT, j)
    differ = same.order_lt(_IN, k, _OUT, k).union(same.order_gt(_IN, k, _OUT, k))
    return not times.intersect(differ).is_empty()


@dataclass
class SchedBand:
    """A band of the scheduler's tree: ``members[k][unit]`` is member k's
    schedule of ``unit`` as an AffineExpr over the unit's dims and params."""

    members: list[dict[str, AffineExpr]]
    permutable: bool
    coincident: list[bool]
    child: SchedTree


@dataclass
class SchedSequence:
    """Children run one after the other (``ordered``) or in any order (a
    ``set`` node); each child covers the units named in ``filters[k]``."""

    filters: list[set[str]]
    children: list[SchedTree]
    ordered: bool


@dataclass
class SchedLeaf:
    pass


SchedTree = SchedBand | SchedSequence | SchedLeaf


SCHEDULER_SECONDS = 10.0


def _compute_with_time_limit(sc: isl.ScheduleConstraints, seconds: float) -> isl.Schedule | None:
    """``sc.compute_schedule()``, given up after ``seconds``. isl's scheduler
    can search for a very long time on unusual dependence patterns and
    cannot be interrupted from Python, so it runs in a forked child that
    sends the schedule back as text (where fork is unavailable: in-process)."""
    if not hasattr(os, "fork"):
        return sc.compute_schedule()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compute, write, exit without cleanup handlers
        try:
            os.close(read_fd)
            sched = sc.compute_schedule()
            data = (sched.to_str() if sched is not None else "").encode()
            with os.fdopen(write_fd, "wb") as out:
                out.write(data)
            os._exit(0)
        except BaseException:  # noqa: BLE001 - the parent reports the failure
            os._exit(1)
    os.close(write_fd)
    chunks: list[bytes] = []
    deadline = time.monotonic() + seconds
    try:
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([read_fd], [], [], max(0.0, left))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                raise IslBridgeError(f"isl's scheduler did not finish within {seconds:g} s")
            chunk = os.read(read_fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_fd)
        _, status = os.waitpid(pid, 0)
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) != 0:
        raise IslBridgeError("isl's scheduler failed")
    text = b"".join(chunks).decode()
    return isl.Schedule.read_from_str(sc.get_ctx(), text) if text else None


@_isl_errors
def compute_schedule(domains: Sequence[isl.Set], deps: Sequence[isl.Map], params: Sequence[str]) -> SchedTree:
    """isl's Pluto-like schedule (validity and proximity from ``deps``,
    coincidence to expose parallel loops) as a plain tree."""
    dom = union_set(domains)
    dep = union_map(deps)
    sc = isl.ScheduleConstraints.on_domain(dom).set_validity(dep).set_proximity(dep).set_coincidence(dep)
    sched = _compute_with_time_limit(sc, SCHEDULER_SECONDS)
    if sched is None:
        raise IslBridgeError("isl's scheduler found no schedule")
    spaces = {d.get_tuple_name(): d for d in domains}
    return _sched_tree(sched.get_root(), spaces, params)


def _union_names(us: isl.UnionSet) -> set[str]:
    out: set[str] = set()
    us.foreach_set(lambda s: out.add(s.get_tuple_name()))
    return out


def _sched_tree(node: isl.ScheduleNode, spaces: dict[str, isl.Set], params: Sequence[str]) -> SchedTree:
    t = node.get_type()
    if t in (
        isl.schedule_node_type.domain,
        isl.schedule_node_type.filter,
        isl.schedule_node_type.mark,
        isl.schedule_node_type.context,
        isl.schedule_node_type.guard,
    ):
        return _sched_tree(node.child(0), spaces, params) if node.n_children() else SchedLeaf()
    if t == isl.schedule_node_type.leaf:
        return SchedLeaf()
    if t == isl.schedule_node_type.band:
        mupa = node.band_get_partial_schedule()
        dom = node.get_domain()
        names = _union_names(dom)
        members: list[dict[str, AffineExpr]] = []
        for k in range(node.band_n_member()):
            upa = mupa.get_union_pw_aff(k)
            per: dict[str, AffineExpr] = {}
            for name in names:
                d = spaces[name]
                pa = upa.extract_pw_aff(_pw_space(d)).gist(d).coalesce()
                per[name] = pw_aff_to_expr(pa, params)
            members.append(per)
        return SchedBand(
            members,
            bool(node.band_get_permutable()),
            [bool(node.band_member_get_coincident(k)) for k in range(node.band_n_member())],
            _sched_tree(node.child(0), spaces, params),
        )
    if t in (isl.schedule_node_type.sequence, isl.schedule_node_type.set):
        filters: list[set[str]] = []
        children: list[SchedTree] = []
        for k in range(node.n_children()):
            c = node.child(k)
            filters.append(_union_names(c.filter_get_filter()))
            children.append(_sched_tree(c, spaces, params))
        return SchedSequence(filters, children, t == isl.schedule_node_type.sequence)
    raise IslBridgeError(f"isl schedule tree node of type {t} is not supported")


def _pw_space(d: isl.Set) -> isl.Space:
    """The space of a PwAff on ``d``'s space (one unnamed output)."""
    return isl.Space.from_domain(d.get_space()).add_dims(_OUT, 1)


@_isl_errors
def tile_footprint(
    maps: dict[str, isl.Map],
    members: dict[str, list[tuple[isl.Map, list[isl.Map]]]],
    band_start: int,
    sizes: Sequence[int],
    param_values: dict[str, int],
) -> dict[str, list[int]]:
    """The bounding box of the array elements one tile touches, per array.

    ``maps`` are the units' untiled schedules (one output length); the band
    spans outputs ``band_start .. band_start + len(sizes)``. ``members[u]``
    lists, for unit ``u``, (projection of the unit's instances to a
    member's, the member's access relations). The tile is taken in the middle of the
    schedule's image: earlier outputs fixed at their middle value, band
    outputs in ``[mid - size/2, mid - size/2 + size)``. Parameters are fixed
    to ``param_values``. Returns array -> extent per array dimension."""
    fixed = {}
    for name, m in maps.items():
        for k in range(m.dim(_PARAM)):
            p = m.get_dim_name(_PARAM, k)
            if p in param_values:
                m = m.fix_val(_PARAM, k, _val(isl_context(), param_values[p]))
        fixed[name] = m
    image = union_set([m.range().reset_tuple_id() for m in fixed.values()]) if fixed else None
    if image is None:
        return {}
    img = isl.Set.from_union_set(image) if image.n_set() == 1 else _merge_sets(image)
    box = img
    for k in range(band_start):
        lo, hi = _bounds(box, k)
        box = box.fix_val(_SET, k, _val(isl_context(), (lo + hi) // 2))
    tile = box
    for j, size in enumerate(sizes):
        k = band_start + j
        lo, hi = _bounds(box, k)
        start = (lo + hi) // 2 - size // 2
        ls = isl.LocalSpace.from_space(tile.get_space())
        v = isl.Aff.var_on_domain(ls, _SET, k)
        tile = tile.intersect(v.ge_set(isl.Aff.zero_on_domain(ls).add_constant_val(_val(isl_context(), start))))
        tile = tile.intersect(v.lt_set(isl.Aff.zero_on_domain(ls).add_constant_val(_val(isl_context(), start + size))))
    out: dict[str, list[tuple[int, int]]] = {}
    for name, m in fixed.items():
        inst = m.intersect_range(_retuple(tile, m)).domain()
        for proj, accesses in members.get(name, []):
            sub = inst.apply(proj)
            for acc in accesses:
                arr = acc.get_tuple_name(_OUT)
                elems = sub.apply(acc)
                if elems.is_empty():
                    continue
                bounds = [_bounds(elems, k) for k in range(elems.dim(_SET))]
                old = out.get(arr)
                out[arr] = bounds if old is None else [(min(a[0], b[0]), max(a[1], b[1])) for a, b in zip(old, bounds)]
    return {a: [hi - lo + 1 for lo, hi in bs] for a, bs in out.items()}


def _merge_sets(us: isl.UnionSet) -> isl.Set:
    result = None
    for s in _set_list(us):
        s = s.reset_tuple_id()
        result = s if result is None else result.union(s)
    assert result is not None
    return result


def _set_list(us: isl.UnionSet) -> list[isl.Set]:
    out: list[isl.Set] = []
    us.foreach_set(out.append)
    return out


def _retuple(s: isl.Set, m: isl.Map) -> isl.Set:
    return s.reset_tuple_id() if not m.has_tuple_id(_OUT) else s.set_tuple_id(m.get_tuple_id(_OUT))


def _bounds(s: isl.Set, k: int) -> tuple[int, int]:
    """Min and max of set dim ``k`` over all parameter values (the callers
    fix the parameters, so they are constants)."""
    lo, hi = s.dim_min_val(k), s.dim_max_val(k)
    if not (lo.is_int() and hi.is_int()):
        raise IslBridgeError(f"dimension {k} of {s} is unbounded")
    return _integer(lo), _integer(hi)


@_isl_errors
def adopt_schedule(m: isl.Map, domain: isl.Set, renames: dict[str, str]) -> isl.Map:
    """A user-written schedule map made to fit ``domain``: parameters
    renamed (``renames``: written name -> the model's), aligned with the
    domain's, input tuple named as the domain and restricted to it."""
    m = rename_params(m, renames)
    m = m.align_params(domain.get_space()).set_tuple_name(_IN, domain.get_tuple_name())
    for k in range(m.dim(_IN)):
        m = m.set_dim_name(_IN, k, domain.get_dim_name(_SET, k))
    return m.intersect_domain(domain.align_params(m.get_space()))


@_isl_errors
def schedule_exprs(m: isl.Map, domain: isl.Set, params: Sequence[str]) -> list[AffineExpr] | None:
    """The outputs of ``m`` on ``domain`` as AffineExprs over the domain's
    dims and ``params`` when ``m`` is one affine function there (else None)."""
    pma = m.intersect_domain(domain).gist_domain(domain).as_pw_multi_aff()
    pieces: list[isl.MultiAff] = []
    pma.foreach_piece(lambda _s, ma: pieces.append(ma))
    if len(pieces) != 1:
        return None
    ma = pieces[0]
    out: list[AffineExpr] = []
    for k in range(ma.dim(_OUT)):
        try:
            out.append(aff_to_expr(ma.get_at(k), params))
        except IslBridgeError:
            return None
    return out


@_isl_errors
def direct_dependences(reads: isl.UnionMap, writes: isl.UnionMap, schedule: isl.UnionMap) -> list[isl.Map]:
    """The dependences between consecutive accesses to an element: each
    read's last writer, and each write's previous write and the reads since
    it. Every memory dependence is a chain of these, so a schedule that
    keeps them keeps all (what a scheduler needs, far smaller than the
    transitive memory dependences)."""
    flow = isl.UnionAccessInfo.from_sink(reads).set_must_source(writes).set_schedule_map(schedule)
    rest = (
        isl.UnionAccessInfo.from_sink(writes).set_must_source(writes).set_may_source(reads).set_schedule_map(schedule)
    )
    out = flow.compute_flow().get_must_dependence().union(rest.compute_flow().get_may_dependence())
    return map_list(out)


@_isl_errors
def lift_dependence(rel: isl.Map, src_proj: isl.Map, dst_proj: isl.Map, same_unit: bool) -> isl.Map:
    """Like unit_dependence, without coalescing: a union of simple (often
    uniform) pieces keeps isl's scheduler fast where their hull would not."""
    r = src_proj.apply_range(rel).apply_range(dst_proj.reverse())
    if same_unit:
        r = r.subtract(isl.Map.identity(r.get_space()))
    return r


def range_tuple_name(m: isl.Map) -> str:
    return m.get_tuple_name(_OUT)


@_isl_errors
def count_points(s: isl.Set) -> int | None:
    """The number of integer points of a bounded, parameter-free set (None
    when it has parameters or is unbounded)."""
    if s.dim(_PARAM) or not s.is_bounded():
        return None
    return _integer(s.count_val())


@_isl_errors
def accessed_elements(relations: Sequence[isl.Map]) -> isl.Set | None:
    """The union of the images of ``relations`` (all to one array)."""
    out = None
    for r in relations:
        img = r.range()
        out = img if out is None else out.union(img)
    return out.coalesce() if out is not None else None


# -- footprints and distances (fusion, distribution, contraction, promotion)
#
# A footprint is ``{ [outer loop dims] -> [element] }``: the elements that the
# iterations inside a loop touch, per iteration of the loops around it. Its
# box gives each dimension's bounds as affine expressions over the outer dims
# (``d<k>``) and the parameters (``s<j>``, by name), the buffer origin, and the
# largest extent over all outer iterations.

import dataclasses as _dataclasses  # noqa: E402 - this block is appended as one piece


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
        m = rel.project_out(_IN, n_outer, rel.dim(_IN) - n_outer)
        m = m.reset_tuple_id(_IN).reset_tuple_id(_OUT)
        for k in range(n_outer):
            m = m.set_dim_name(_IN, k, f"d{k}")
        for k in range(m.dim(_OUT)):
            m = m.set_dim_name(_OUT, k, f"x{k}")
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
    for k in range(fp.dim(_OUT)):
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
        overall = isl.PwAff.from_aff(a).insert_dims(_IN, 0, dom.dim(_SET)) if dom.dim(_SET) else isl.PwAff.from_aff(a)
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
        values = values.project_out(_PARAM, 0, values.dim(_PARAM))
        if values.is_empty() or not values.is_bounded():
            return None
        top = single_point(values.lexmax())
        return top[0] if top is not None else None


def _outer_set(fp: isl.Map, params: Sequence[str], ge: Sequence[AffineExpr], eq: Sequence[AffineExpr]) -> isl.Set:
    n = fp.dim(_IN)
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
def prefixes_meet(maps_a: Sequence[isl.Map], maps_b: Sequence[isl.Map], n: int) -> bool:
    """Whether an instance scheduled by ``maps_a`` and one scheduled by
    ``maps_b`` share the first ``n`` time entries (one fused iteration)."""

    def prefixes(maps: Sequence[isl.Map]) -> isl.Set | None:
        out = None
        for m in maps:
            r = m.range()
            r = r.project_out(_SET, n, r.dim(_SET) - n).reset_tuple_id()
            out = r if out is None else out.union(r)
        return out

    a, b = prefixes(maps_a), prefixes(maps_b)
    return a is not None and b is not None and not a.intersect(b).is_empty()


@_isl_errors
def box_covered(fp: isl.Map, box: Sequence[BoxDim], params: Sequence[str]) -> bool:
    """Whether ``fp`` touches every element of its box (``lbs``/``ubs``) in
    every outer iteration (so a buffer of the box needs no copy-in)."""
    n, r = fp.dim(_IN), fp.dim(_OUT)
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
    outer = fp.domain().reset_tuple_id().insert_dims(_SET, n, r)
    return s.intersect(outer).is_subset(touched)


# -- Plotting (polymlir/plot)
#
# Domains and dependence relations with the parameters fixed to small
# values and projected onto the loops a picture shows. Sets and maps come
# back parameter-free; points, bounds and outlines as plain Python data.


def _fix_params(obj: isl.Set | isl.Map, values: dict[str, int]) -> isl.Set | isl.Map:
    """``obj`` with each parameter fixed to ``values[name]``, then dropped."""
    for k in range(obj.dim(_PARAM)):
        name = obj.get_dim_name(_PARAM, k)
        if name not in values:
            raise IslBridgeError(f"no value given for parameter {name}")
        obj = obj.fix_val(_PARAM, k, _val(isl_context(), values[name]))
    return obj.project_out(_PARAM, 0, obj.dim(_PARAM))


def _keep_map(space: isl.Space, keep: Sequence[int]) -> isl.Map:
    """``{ [x0, ..., xn] -> [x_keep0, x_keep1, ...] }`` on a parameter-free set space."""
    target = isl.Set.universe(isl.Space.set_alloc(space.get_ctx(), 0, len(keep)))
    m = isl.Map.from_domain_and_range(isl.Set.universe(space), target)
    for j, k in enumerate(keep):
        m = m.equate(_IN, k, _OUT, j)
    return m


@_isl_errors
def projected_set(s: isl.Set, keep: Sequence[int], values: dict[str, int]) -> isl.Set:
    """``s`` with its parameters fixed to ``values`` (by isl name), projected
    onto its dims ``keep`` (in that order)."""
    fixed = _fix_params(s, values)
    assert isinstance(fixed, isl.Set)
    return fixed.apply(_keep_map(fixed.get_space(), keep)).coalesce()


@_isl_errors
def set_points(s: isl.Set) -> list[tuple[int, ...]]:
    """The integer points of a bounded parameter-free set, sorted."""
    pts: list[tuple[int, ...]] = []

    def visit(p: isl.Point) -> None:
        pts.append(tuple(p.get_coordinate_val(_SET, k).to_python() for k in range(p.get_space().dim(_SET))))

    s.foreach_point(visit)
    return sorted(pts)


@_isl_errors
def set_bounds(s: isl.Set) -> list[tuple[int, int]]:
    """(min, max) of each dim of a bounded, parameter-free, non-empty set."""
    return [_bounds(s, k) for k in range(s.dim(_SET))]


@_isl_errors
def outline_polygons(s: isl.Set) -> list[list[tuple[float, ...]]]:
    """The vertices of each convex piece of a parameter-free set (its
    rational hull), one list per piece, in the order isl gives them."""
    out: list[list[tuple[float, ...]]] = []
    for b in s.coalesce().get_basic_sets():
        verts: list[tuple[float, ...]] = []

        def visit(v: isl.Vertex) -> None:
            ma = v.get_expr()
            verts.append(tuple(float(_rational(ma.get_at(k).get_constant_val())) for k in range(ma.dim(_OUT))))

        isl.Set.from_basic_set(b).polyhedral_hull().compute_vertices().foreach_vertex(visit)
        if verts:
            out.append(verts)
    return out


@_isl_errors
def projected_relation(
    rel: isl.Map, src_keep: Sequence[int], dst_keep: Sequence[int], values: dict[str, int], drop_identity: bool = False
) -> isl.Map:
    """A source -> sink instance relation with its parameters fixed, projected
    onto the source's dims ``src_keep`` and the sink's ``dst_keep``. With
    ``drop_identity`` (source and sink over the same loops) the pairs of one
    instance with itself go first."""
    fixed = _fix_params(rel, values)
    assert isinstance(fixed, isl.Map)
    if drop_identity and fixed.dim(_IN) == fixed.dim(_OUT):
        same = fixed
        for k in range(fixed.dim(_IN)):
            same = same.equate(_IN, k, _OUT, k)
        fixed = fixed.subtract(same)
    proj_src = _keep_map(fixed.domain().get_space(), src_keep)
    proj_dst = _keep_map(fixed.range().get_space(), dst_keep)
    return fixed.apply_domain(proj_src).apply_range(proj_dst).coalesce()


def _plot_box(space: isl.Space, lo: Sequence[int], hi: Sequence[int]) -> isl.Set:
    box = isl.Set.universe(space)
    for k, (a, b) in enumerate(zip(lo, hi)):
        box = box.lower_bound_val(_SET, k, _val(space.get_ctx(), a)).upper_bound_val(_SET, k, _val(space.get_ctx(), b))
    return box


@_isl_errors
def instance_correspondence(
    new_access: isl.Map, new_values: dict[str, int], old_access: isl.Map, old_values: dict[str, int]
) -> isl.Map | None:
    """``{ new instance -> old instance }`` of two statements writing the same
    array, through the element written (parameters fixed, each relation with
    its own values); None when the old write is not one-to-one."""
    new = _fix_params(new_access, new_values)
    old = _fix_params(old_access, old_values)
    if new.dim(_OUT) != old.dim(_OUT) or not old.is_injective():
        return None
    new = new.set_tuple_name(_OUT, "element")
    old = old.set_tuple_name(_OUT, "element")
    return new.apply_range(old.reverse())


@_isl_errors
def reverse_then(corr: isl.Map, m: isl.Map, values: dict[str, int]) -> isl.Map:
    """``corr`` reversed, then ``m`` (parameters of ``m`` fixed to ``values``)."""
    return corr.reverse().apply_range(_fix_params(m, values))


@_isl_errors
def points_in_box(s: isl.Set, lo: Sequence[int], hi: Sequence[int]) -> list[tuple[int, ...]]:
    """The points of a parameter-free set within the box ``lo``..``hi``, sorted."""
    return set_points(s.intersect(_plot_box(s.get_space(), lo, hi)))


@_isl_errors
def relation_pairs(
    m: isl.Map, limit: int, lo: Sequence[int] | None = None, hi: Sequence[int] | None = None
) -> list[tuple[tuple[int, ...], tuple[int, ...]]] | None:
    """The pairs of a bounded parameter-free relation (sources and sinks
    restricted to the box ``lo``..``hi`` when given), sorted; None when
    there are more than ``limit``."""
    if lo is not None and hi is not None:
        m = m.intersect_domain(_plot_box(m.domain().get_space(), lo, hi))
        m = m.intersect_range(_plot_box(m.range().get_space(), lo, hi))
    w = m.wrap()
    if _integer(w.count_val()) > limit:
        return None
    n_in = m.dim(_IN)
    return [(p[:n_in], p[n_in:]) for p in set_points(w)]


@_isl_errors
def skew_makes_nonnegative(deltas: isl.Set, inner: int, outer: int, factor: int) -> bool:
    """Whether ``d[inner] + factor * d[outer] >= 0`` for every distance ``d``."""
    ls = isl.LocalSpace.from_space(deltas.get_space())
    v = isl.Aff.var_on_domain(ls, _SET, inner).add(
        isl.Aff.var_on_domain(ls, _SET, outer).scale_val(_val(deltas.get_ctx(), factor))
    )
    return deltas.intersect(v.lt_set(isl.Aff.zero_on_domain(ls))).is_empty()
