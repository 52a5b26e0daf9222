"""The one door to islpy: exact conversions between our affine objects and isl.

Affine expressions become isl quasi-affine functions (floordiv, ceildiv and
mod by constants map to isl divisions), maps become ``isl.Map`` and integer
sets ``isl.Set``; isl sets, affs and single-valued maps convert back.  isl
dimensions are named (``d0``, ``s0`` ... unless names are given: use loop
variable and symbol names).  Never print IR from what comes back from isl
without going through our printer: isl rewrites expressions freely.

Every islpy failure surfaces as :class:`IslBridgeError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import wraps
from typing import TypeVar

import islpy as isl

from polymlir.affine.expr import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineMap,
    AffineSymbolExpr,
    IntegerSet,
    const,
    dim,
    sym,
)

__all__ = [
    "IslBridgeError",
    "isl_context",
    "set_space",
    "expr_to_pw_aff",
    "expr_to_aff",
    "map_to_isl",
    "integer_set_to_isl",
    "integer_set_to_basic_set",
    "aff_to_expr",
    "pw_aff_to_expr",
    "basic_set_to_integer_set",
    "set_to_integer_sets",
    "set_to_integer_set",
    "isl_map_to_affine_map",
]

_DIM = isl.dim_type.set
_IN = isl.dim_type.in_
_OUT = isl.dim_type.out
_PARAM = isl.dim_type.param
_DIV = isl.dim_type.div

_F = TypeVar("_F", bound=Callable[..., object])


class IslBridgeError(Exception):
    """A conversion to or from isl failed (unsupported expression or isl error)."""


def _isl_errors(fn: _F) -> _F:
    """Turn islpy's exceptions into IslBridgeError naming the conversion."""

    @wraps(fn)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return fn(*args, **kwargs)
        except isl.Error as err:
            raise IslBridgeError(f"{fn.__name__}: isl error: {err}") from err

    return wrapper  # type: ignore[return-value]


def isl_context() -> isl.Context:
    """The isl context used when none is given."""
    return isl.DEFAULT_CONTEXT


def _names(given: Sequence[str] | None, count: int, prefix: str) -> list[str]:
    if given is None:
        return [f"{prefix}{i}" for i in range(count)]
    if len(given) != count:
        raise IslBridgeError(f"expected {count} names for {prefix}*, got {len(given)}")
    return list(given)


@_isl_errors
def set_space(
    num_dims: int,
    num_symbols: int,
    dim_names: Sequence[str] | None = None,
    sym_names: Sequence[str] | None = None,
    ctx: isl.Context | None = None,
) -> isl.Space:
    """Set space with named dims (default ``d<i>``) and params (``s<j>``)."""
    return isl.Space.create_from_names(
        ctx or isl_context(),
        set=_names(dim_names, num_dims, "d"),
        params=_names(sym_names, num_symbols, "s"),
    )


# -- AffineExpr -> isl ------------------------------------------------------------


def _check_convertible(expr: AffineExpr) -> None:
    if not expr.is_pure_affine():
        raise IslBridgeError(
            f"semi-affine expression '{expr}' cannot be represented in isl "
            "(products and divisions need a constant operand)"
        )


def _build(expr: AffineExpr, var: Callable[[AffineExpr], object], cst: Callable[[int], object]) -> object:
    """Fold ``expr`` into isl objects; ``var``/``cst`` make leaves (Aff or PwAff)."""
    cache: dict[AffineExpr, object] = {}

    def go(e: AffineExpr) -> object:
        hit = cache.get(e)
        if hit is not None:
            return hit
        if e.__class__ is AffineConstantExpr:
            out = cst(e.value)  # type: ignore[attr-defined]
        elif e.__class__ is AffineDimExpr or e.__class__ is AffineSymbolExpr:
            out = var(e)
        else:
            assert isinstance(e, AffineBinaryExpr)
            kind = e.kind
            if kind is AffineExprKind.ADD:
                out = go(e.lhs).add(go(e.rhs))  # type: ignore[attr-defined]
            elif kind is AffineExprKind.MUL:
                if e.rhs.__class__ is AffineConstantExpr:
                    out = go(e.lhs).scale_val(_val(e.rhs.value))  # type: ignore[attr-defined]
                else:
                    out = go(e.rhs).scale_val(_val(e.lhs.value))  # type: ignore[attr-defined]
            else:
                c = e.rhs.value  # type: ignore[attr-defined]
                lhs = go(e.lhs)
                if kind is AffineExprKind.MOD:
                    if c < 1:
                        raise IslBridgeError(f"'{e}': mod by non-positive {c} is undefined")
                    out = lhs.mod_val(_val(c))  # type: ignore[attr-defined]
                else:
                    if c == 0:
                        raise IslBridgeError(f"'{e}': division by zero")
                    if c < 0:  # isl divides by positive values only
                        lhs, c = lhs.neg(), -c  # type: ignore[attr-defined]
                    q = lhs.scale_down_val(_val(c))  # type: ignore[attr-defined]
                    out = q.floor() if kind is AffineExprKind.FLOORDIV else q.ceil()
        cache[e] = out
        return out

    return go(expr)


def _val(v: int) -> isl.Val:
    return isl.Val.int_from_si(isl_context(), v) if -(1 << 62) < v < (1 << 62) else isl.Val(str(v))


@_isl_errors
def expr_to_pw_aff(expr: AffineExpr, space: isl.Space) -> isl.PwAff:
    """``expr`` as a PwAff on the set ``space`` (dims = its set dims, symbols =
    its params, by position)."""
    _check_convertible(expr)
    ls = isl.LocalSpace.from_space(space)
    universe = isl.Set.universe(space)
    return _build(  # type: ignore[return-value]
        expr,
        lambda e: isl.PwAff.var_on_domain(
            ls, _DIM if e.__class__ is AffineDimExpr else _PARAM, e.position  # type: ignore[attr-defined]
        ),
        lambda v: isl.PwAff.val_on_domain(universe, _val(v)),
    )


@_isl_errors
def expr_to_aff(expr: AffineExpr, space: isl.Space) -> isl.Aff:
    """``expr`` as a (quasi-)affine isl.Aff on the set ``space``."""
    _check_convertible(expr)
    ls = isl.LocalSpace.from_space(space)
    zero = isl.Aff.zero_on_domain(ls)
    return _build(  # type: ignore[return-value]
        expr,
        lambda e: isl.Aff.var_on_domain(
            ls, _DIM if e.__class__ is AffineDimExpr else _PARAM, e.position  # type: ignore[attr-defined]
        ),
        lambda v: zero.add_constant_val(_val(v)),
    )


@_isl_errors
def map_to_isl(
    amap: AffineMap,
    dim_names: Sequence[str] | None = None,
    sym_names: Sequence[str] | None = None,
    out_names: Sequence[str] | None = None,
    ctx: isl.Context | None = None,
) -> isl.Map:
    """The graph ``{ [d] -> [amap(d)] }`` as an isl.Map (symbols are params)."""
    dom = set_space(amap.num_dims, amap.num_symbols, dim_names, sym_names, ctx)
    if not amap.results:
        return isl.Map.from_domain(isl.Set.universe(dom))
    result: isl.Map | None = None
    for r in amap.results:
        piece = isl.Map.from_pw_aff(expr_to_pw_aff(r, dom))
        result = piece if result is None else result.flat_range_product(piece)
    assert result is not None
    for i in range(amap.num_results):
        name = out_names[i] if out_names is not None else None
        if name:
            result = result.set_dim_name(_OUT, i, name)
    return result


@_isl_errors
def integer_set_to_isl(
    iset: IntegerSet,
    dim_names: Sequence[str] | None = None,
    sym_names: Sequence[str] | None = None,
    ctx: isl.Context | None = None,
) -> isl.Set:
    """The integer points of ``iset`` as an isl.Set (symbols are params)."""
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
    """Like integer_set_to_isl, as one BasicSet (the constraints are a
    single conjunction)."""
    space = set_space(iset.num_dims, iset.num_symbols, dim_names, sym_names, ctx)
    zero = isl.Aff.zero_on_domain(isl.LocalSpace.from_space(space))
    result = isl.BasicSet.universe(space)
    for c, eq in zip(iset.constraints, iset.eq_flags):
        aff = expr_to_aff(c, space)
        result = result.intersect(aff.eq_basic_set(zero) if eq else aff.ge_basic_set(zero))
    return result


# -- isl -> AffineExpr --------------------------------------------------------------


def _int(v: isl.Val) -> int:
    f = Fraction(v.to_str())
    if f.denominator != 1:
        raise IslBridgeError(f"non-integer coefficient {v}")
    return f.numerator


def _frac(v: isl.Val) -> Fraction:
    return Fraction(v.to_str())


def _flat_to_expr(
    dim_coeffs: Sequence[int],
    sym_coeffs: Sequence[int],
    local_coeffs: Sequence[int],
    locals_: Sequence[AffineExpr],
    constant: int,
) -> AffineExpr:
    """Sum in upstream's flat-form order (getAffineExprFromFlatForm):
    dims, symbols, local divisions, then the constant."""
    expr: AffineExpr = const(0)
    for i, c in enumerate(dim_coeffs):
        if c:
            expr = expr + dim(i) * c
    for i, c in enumerate(sym_coeffs):
        if c:
            expr = expr + sym(i) * c
    for e, c in zip(locals_, local_coeffs):
        if c:
            expr = expr + e * c
    if constant:
        expr = expr + constant
    return expr


class _DivTable:
    """The division variables of an isl local space, as floordiv expressions."""

    def __init__(self, ls: isl.LocalSpace, param_pos: Sequence[int]):
        # `ls` must be a set local space: isl cannot hand out divs of map spaces.
        self.exprs: list[AffineExpr] = []
        n_dims = ls.dim(_DIM)
        n_params = ls.dim(_PARAM)
        for k in range(ls.dim(_DIV)):
            div = ls.get_div(k)  # numerator / denominator, may use earlier divs
            if div.is_nan():
                raise IslBridgeError("isl division without an explicit expression")
            den = _int(div.get_denominator_val())
            num = _flat_to_expr(
                [_int_scaled(div.get_coefficient_val(_IN, i), den) for i in range(n_dims)],
                _permute([_int_scaled(div.get_coefficient_val(_PARAM, i), den) for i in range(n_params)], param_pos),
                [_int_scaled(div.get_coefficient_val(_DIV, j), den) for j in range(k)],
                self.exprs,
                _int_scaled(div.get_constant_val(), den),
            )
            self.exprs.append(num.floordiv(den))


def _int_scaled(v: isl.Val, den: int) -> int:
    f = _frac(v) * den
    if f.denominator != 1:
        raise IslBridgeError(f"non-integer coefficient {v}")
    return f.numerator


def _param_positions(obj: object, sym_names: Sequence[str] | None) -> list[int]:
    """Where each isl param goes among our symbols (identity if no names)."""
    n = obj.dim(_PARAM)  # type: ignore[attr-defined]
    if sym_names is None:
        return list(range(n))
    index = {name: i for i, name in enumerate(sym_names)}
    out = []
    for i in range(n):
        name = obj.get_dim_name(_PARAM, i)  # type: ignore[attr-defined]
        if name not in index:
            raise IslBridgeError(f"isl parameter '{name}' is not among the symbols {list(sym_names)}")
        out.append(index[name])
    return out


def _permute(coeffs: list[int], positions: Sequence[int]) -> list[int]:
    if list(positions) == list(range(len(positions))):
        return coeffs
    out = [0] * (max(positions, default=-1) + 1)
    for c, p in zip(coeffs, positions):
        out[p] = c
    return out


@_isl_errors
def aff_to_expr(aff: isl.Aff, sym_names: Sequence[str] | None = None) -> AffineExpr:
    """An integer-valued isl.Aff as an AffineExpr; isl divisions become
    ``floordiv``.  Domain dims map to ``d<i>`` by position; params to symbols
    by position, or by name when ``sym_names`` is given."""
    den = _int(aff.get_denominator_val())
    if den != 1:
        raise IslBridgeError(f"rational affine expression {aff} has no AffineExpr form")
    params = _param_positions(aff, sym_names)
    divs = _DivTable(aff.get_domain_local_space(), params)
    n_in = aff.dim(_IN)
    return _flat_to_expr(
        [_int(aff.get_coefficient_val(_IN, i)) for i in range(n_in)],
        _permute([_int(aff.get_coefficient_val(_PARAM, i)) for i in range(aff.dim(_PARAM))], params),
        [_int(aff.get_coefficient_val(_DIV, k)) for k in range(aff.dim(_DIV))],
        divs.exprs,
        _int(aff.get_constant_val()),
    )


@_isl_errors
def pw_aff_to_expr(pw: isl.PwAff, sym_names: Sequence[str] | None = None) -> AffineExpr:
    """A PwAff with one piece on a universe domain, as an AffineExpr."""
    pieces = pw.get_pieces()
    if len(pieces) != 1 or not pieces[0][0].plain_is_universe():
        raise IslBridgeError(f"{pw} is not a single affine piece on a universe domain")
    return aff_to_expr(pieces[0][1], sym_names)


@_isl_errors
def basic_set_to_integer_set(bset: isl.BasicSet, sym_names: Sequence[str] | None = None) -> IntegerSet:
    """The constraints of ``bset`` as an IntegerSet (divs become floordiv).

    Dims map to ``d<i>`` by position; params to symbols by position, or by name
    when ``sym_names`` is given (then the set has ``len(sym_names)`` symbols).
    An empty set gives the canonical ``1 == 0``; a universe ``0 == 0``.
    """
    n_dims = bset.dim(_DIM)
    params = _param_positions(bset, sym_names)
    n_syms = len(sym_names) if sym_names is not None else len(params)
    if bset.is_empty():
        return IntegerSet.empty_set(n_dims, n_syms)
    divs = _DivTable(bset.get_local_space(), params)
    constraints: list[AffineExpr] = []
    eqs: list[bool] = []
    for con in bset.get_constraints():
        dims_c = [_int(con.get_coefficient_val(_DIM, i)) for i in range(n_dims)]
        syms_c = _permute(
            [_int(con.get_coefficient_val(_PARAM, i)) for i in range(len(params))], params
        )
        divs_c = [_int(con.get_coefficient_val(_DIV, k)) for k in range(len(divs.exprs))]
        cst = _int(con.get_constant_val())
        is_eq = con.is_equality()
        if is_eq and _leading_negative(dims_c, syms_c, divs_c, cst):
            # isl picks an arbitrary sign for equalities; prefer a positive lead.
            dims_c = [-c for c in dims_c]
            syms_c = [-c for c in syms_c]
            divs_c = [-c for c in divs_c]
            cst = -cst
        constraints.append(_flat_to_expr(dims_c, syms_c, divs_c, divs.exprs, cst))
        eqs.append(is_eq)
    if not constraints:
        return IntegerSet.universe(n_dims, n_syms)
    return IntegerSet(n_dims, n_syms, constraints, eqs)


def _leading_negative(*groups: Sequence[int] | int) -> bool:
    for g in groups:
        for c in g if not isinstance(g, int) else (g,):
            if c:
                return c < 0
    return False


@_isl_errors
def set_to_integer_sets(s: isl.Set, sym_names: Sequence[str] | None = None) -> list[IntegerSet]:
    """One IntegerSet per basic set of ``s`` (their union is ``s``); an empty
    set gives a single canonical empty IntegerSet."""
    s = s.compute_divs()
    pieces = s.get_basic_sets()
    if not pieces:
        n_syms = len(sym_names) if sym_names is not None else s.dim(_PARAM)
        return [IntegerSet.empty_set(s.dim(_DIM), n_syms)]
    return [basic_set_to_integer_set(b, sym_names) for b in pieces]


@_isl_errors
def set_to_integer_set(s: isl.Set, sym_names: Sequence[str] | None = None) -> IntegerSet:
    """``s`` as a single IntegerSet; an error if it is a union of several pieces."""
    sets = set_to_integer_sets(s.coalesce(), sym_names)
    if len(sets) != 1:
        raise IslBridgeError(f"set {s} is a union of {len(sets)} basic sets")
    return sets[0]


@_isl_errors
def isl_map_to_affine_map(m: isl.Map, sym_names: Sequence[str] | None = None) -> AffineMap:
    """A single-valued map given by one quasi-affine function on a universe
    domain, as an AffineMap."""
    n_in = m.dim(_IN)
    params = _param_positions(m, sym_names)
    n_syms = len(sym_names) if sym_names is not None else len(params)
    if not m.is_single_valued():
        raise IslBridgeError(f"{m} is not single-valued")
    pma = isl.PwMultiAff.from_map(m)
    if pma.n_piece() != 1:
        raise IslBridgeError(f"{m} is piecewise ({pma.n_piece()} pieces)")
    if not m.domain().is_equal(isl.Set.universe(m.domain().get_space())):
        raise IslBridgeError(f"{m} is not defined on a universe domain")
    ma = pma.as_multi_aff()
    results = tuple(aff_to_expr(ma.get_at(i), sym_names) for i in range(m.dim(_OUT)))
    return AffineMap(n_in, n_syms, results)
