"""Exact conversions between our affine objects and isl, the error type and
the isl context every module of the bridge uses."""

from __future__ import annotations

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

DIM_SET = isl.dim_type.set
DIM_IN = isl.dim_type.in_
DIM_OUT = isl.dim_type.out
DIM_PARAM = isl.dim_type.param
DIM_DIV = isl.dim_type.div

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


def dim_name(obj: isl.Set | isl.Map, kind: isl.dim_type, pos: int) -> str:
    """The name of dimension ``pos`` of ``kind`` in ``obj``; the relations
    this package builds name every dimension, so an unnamed one is an error."""
    name = obj.get_dim_name(kind, pos)
    if name is None:
        raise IslBridgeError(f"dimension {pos} ({kind}) of {obj} has no name")
    return name


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
            out = var(DIM_SET, e.position)
        elif isinstance(e, AffineSymbolExpr):
            out = var(DIM_PARAM, e.position)
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
            result = result.set_dim_name(DIM_OUT, i, name)
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
    for c, eq in zip(iset.constraints, iset.eq_flags, strict=True):
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
    for c, eq in zip(iset.constraints, iset.eq_flags, strict=True):
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
    for e, c in zip(locals_, local_coeffs, strict=False):
        if c:
            expr = expr + e * c
    if constant:
        expr = expr + constant
    return expr


class _Params:
    """Where each isl parameter goes among our symbols: by position, or by name
    when symbol names are given."""

    def __init__(self, obj: isl.BasicSet | isl.Set | isl.Aff | isl.Map, sym_names: Sequence[str] | None):
        n = obj.dim(DIM_PARAM)
        self.count = n if sym_names is None else len(sym_names)
        if sym_names is None:
            self.positions = list(range(n))
            return
        index = {name: i for i, name in enumerate(sym_names)}
        self.positions = []
        for i in range(n):
            name = obj.get_dim_name(DIM_PARAM, i)
            if name not in index:
                raise IslBridgeError(f"isl parameter '{name}' is not among the symbols {list(sym_names)}")
            self.positions.append(index[name])

    def coeffs(self, obj: isl.Aff | isl.Constraint, scale: int = 1) -> list[int]:
        """Parameter coefficients of ``obj`` (times ``scale``), in symbol order."""
        out = [0] * self.count
        for i, pos in enumerate(self.positions):
            out[pos] = _integer(obj.get_coefficient_val(DIM_PARAM, i), scale)
        return out


def _divisions(ls: isl.LocalSpace, params: _Params) -> list[AffineExpr]:
    """The division variables of a set local space as ``floordiv`` expressions.
    (isl cannot hand out the divs of a map local space.)"""
    exprs: list[AffineExpr] = []
    n_dims = ls.dim(DIM_SET)
    for k in range(ls.dim(DIM_DIV)):
        div = ls.get_div(k)  # numerator / denominator; may use earlier divs
        if div.is_nan():
            raise IslBridgeError("isl division without an explicit expression")
        den = _integer(div.get_denominator_val())
        numerator = _flat_to_expr(
            [_integer(div.get_coefficient_val(DIM_IN, i), den) for i in range(n_dims)],
            params.coeffs(div, den),
            [_integer(div.get_coefficient_val(DIM_DIV, j), den) for j in range(k)],
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
        [_integer(aff.get_coefficient_val(DIM_IN, i)) for i in range(aff.dim(DIM_IN))],
        params.coeffs(aff),
        [_integer(aff.get_coefficient_val(DIM_DIV, k)) for k in range(len(divs))],
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
    n_dims = bset.dim(DIM_SET)
    params = _Params(bset, sym_names)
    if bset.is_empty():
        return IntegerSet.empty_set(n_dims, params.count)
    divs = _divisions(bset.get_local_space(), params)
    constraints: list[AffineExpr] = []
    eq_flags: list[bool] = []
    for con in bset.get_constraints():
        groups = [
            [_integer(con.get_coefficient_val(DIM_SET, i)) for i in range(n_dims)],
            params.coeffs(con),
            [_integer(con.get_coefficient_val(DIM_DIV, k)) for k in range(len(divs))],
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
        return [IntegerSet.empty_set(s.dim(DIM_SET), _Params(s, sym_names).count)]
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
    results = tuple(aff_to_expr(ma.get_at(i), sym_names) for i in range(m.dim(DIM_OUT)))
    return AffineMap(m.dim(DIM_IN), params.count, results)
