"""Affine expressions in flat form, as upstream's ``SimpleAffineExprFlattener``
builds it, and the simplifications built on it.

The flat form of a pure affine expression is a list of integer coefficients
``[dims..., symbols..., locals..., constant]``, where each local is a
``floordiv``/``ceildiv`` of an earlier flat form by a positive constant
(``e mod c`` becomes ``e - c * (e floordiv c)``). Rebuilding the expression
from its flat form (:func:`expr_from_flat_form`, upstream's
``getAffineExprFromFlatForm``) gives the canonical order mlir-opt prints:
dimensions, then symbols, then the divisions, then the constant.

- :func:`simplify_affine_expr` / :func:`simplify_affine_map`: upstream's
  ``simplifyAffineExpr`` / ``simplifyAffineMap`` for pure affine
  expressions (semi-affine ones, with products of dimensions or divisions by
  symbols, are returned unchanged: upstream's ``simplifySemiAffine`` is not
  reproduced).
- :func:`bound_for_affine_expr`: upstream's ``getBoundForAffineExpr``, a
  constant bound of an expression from constant bounds of its inputs.
- :func:`constant_fold_expr` / :func:`partial_constant_fold`: upstream's
  ``AffineExprConstantFolder`` and ``AffineMap::partialConstantFold``.

Only expressions, maps and integers here; nothing about SSA values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .affine_expr import (
    ADD,
    CEILDIV,
    FLOORDIV,
    MOD,
    MUL,
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymbolExpr,
    _wrap,
    const,
    dim,
    sym,
)
from .affine_map import AffineMap

__all__ = [
    "Poison",
    "bound_for_affine_expr",
    "constant_fold_expr",
    "expr_from_flat_form",
    "flatten",
    "partial_constant_fold",
    "simplify_affine_expr",
    "simplify_affine_map",
]


def floor_div(a: int, b: int) -> int:
    return a // b


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def expr_from_flat_form(
    flat: Sequence[int], num_dims: int, num_symbols: int, local_exprs: Sequence[AffineExpr]
) -> AffineExpr:
    """Upstream's ``getAffineExprFromFlatForm``: the sum of the terms of
    ``flat`` (dims, symbols, locals, constant) in that order, built with the
    simplifying operators."""
    expr: AffineExpr = const(0)
    for j in range(num_dims + num_symbols):
        c = flat[j]
        if c:
            leaf = dim(j) if j < num_dims else sym(j - num_dims)
            expr = expr + leaf * c
    base = num_dims + num_symbols
    for j in range(base, len(flat) - 1):
        c = flat[j]
        if c:
            expr = expr + local_exprs[j - base] * c
    if flat[-1]:
        expr = expr + flat[-1]
    return expr


class _Flattener:
    """Upstream's ``SimpleAffineExprFlattener`` for pure affine expressions:
    a post-order walk keeping a stack of flat forms. ``ok`` is False when the
    expression cannot be flattened (a division or modulo by a non-positive
    constant, or a semi-affine term)."""

    def __init__(self, num_dims: int, num_symbols: int) -> None:
        self.num_dims = num_dims
        self.num_symbols = num_symbols
        self.num_locals = 0
        self.local_exprs: list[AffineExpr] = []
        self.stack: list[list[int]] = []

    @property
    def _local_start(self) -> int:
        return self.num_dims + self.num_symbols

    def _cols(self) -> int:
        return self.num_dims + self.num_symbols + self.num_locals + 1

    def walk(self, e: AffineExpr) -> bool:
        if isinstance(e, AffineBinaryExpr):
            if not self.walk(e.lhs) or not self.walk(e.rhs):
                return False
            kind = e.kind
            if kind is not ADD and not isinstance(e.rhs, AffineConstantExpr):
                return False  # semi-affine: not reproduced
            if kind is MUL:
                return self._mul()
            if kind is MOD:
                return self._mod()
            if kind is FLOORDIV:
                return self._div(False)
            if kind is CEILDIV:
                return self._div(True)
            return self._add()
        row = [0] * self._cols()
        if isinstance(e, AffineDimExpr):
            row[e.position] = 1
        elif isinstance(e, AffineSymbolExpr):
            row[self.num_dims + e.position] = 1
        else:
            assert isinstance(e, AffineConstantExpr)
            row[-1] = e.value
        self.stack.append(row)
        return True

    def _add(self) -> bool:
        rhs = self.stack.pop()
        lhs = self.stack[-1]
        for i, v in enumerate(rhs):
            lhs[i] = _wrap(lhs[i] + v)
        return True

    def _mul(self) -> bool:
        rhs = self.stack.pop()
        lhs = self.stack[-1]
        c = rhs[-1]
        for i in range(len(lhs)):
            lhs[i] = _wrap(lhs[i] * c)
        return True

    def _find_local(self, e: AffineExpr) -> int:
        for i, x in enumerate(self.local_exprs):
            if x == e:
                return i
        return -1

    def _add_local(self, e: AffineExpr) -> None:
        at = self._local_start + self.num_locals
        for row in self.stack:
            row.insert(at, 0)
        self.local_exprs.append(e)
        self.num_locals += 1

    def _mod(self) -> bool:
        rhs = self.stack.pop()
        lhs = self.stack[-1]
        c = rhs[-1]
        if c <= 0:
            return False
        if all(v % c == 0 for v in lhs):  # C++ %: sign of the dividend, zero test alike
            lhs[:] = [0] * len(lhs)
            return True
        g = c
        for v in lhs:
            g = math.gcd(g, abs(v))
        dividend = [v // g for v in lhs]  # exact: g divides every coefficient
        divisor = c // g
        q = expr_from_flat_form(dividend, self.num_dims, self.num_symbols, self.local_exprs).floordiv(const(divisor))
        loc = self._find_local(q)
        if loc == -1:
            self._add_local(q)
            lhs[self._local_start + self.num_locals - 1] = -c
        else:
            lhs[self._local_start + loc] = -c
        return True

    def _div(self, ceil: bool) -> bool:
        rhs = self.stack.pop()
        lhs = self.stack[-1]
        c = rhs[-1]
        if c <= 0:
            return False
        g = c
        for v in lhs:
            g = math.gcd(g, abs(v))
        if g != 1:
            for i, v in enumerate(lhs):
                lhs[i] = v // g  # exact: g divides every coefficient
        divisor = c // g
        if divisor == 1:
            return True
        a = expr_from_flat_form(lhs, self.num_dims, self.num_symbols, self.local_exprs)
        d = a.ceildiv(const(divisor)) if ceil else a.floordiv(const(divisor))
        loc = self._find_local(d)
        if loc == -1:
            self._add_local(d)
        lhs[:] = [0] * len(lhs)
        if loc == -1:
            lhs[self._local_start + self.num_locals - 1] = 1
        else:
            lhs[self._local_start + loc] = 1
        return True


def flatten(e: AffineExpr, num_dims: int, num_symbols: int) -> tuple[list[int], list[AffineExpr]] | None:
    """The flat form of a pure affine expression and its local expressions
    (None when it cannot be flattened)."""
    f = _Flattener(num_dims, num_symbols)
    if not e.is_pure_affine() or not f.walk(e):
        return None
    return f.stack[-1], f.local_exprs


def simplify_affine_expr(e: AffineExpr, num_dims: int, num_symbols: int) -> AffineExpr:
    """Upstream's ``simplifyAffineExpr`` for pure affine expressions:
    flatten, then rebuild in canonical order. Other expressions are
    returned as they are."""
    if not e.is_pure_affine():
        return e
    flat = flatten(e, num_dims, num_symbols)
    if flat is None:
        return e
    return expr_from_flat_form(flat[0], num_dims, num_symbols, flat[1])


def simplify_affine_map(m: AffineMap) -> AffineMap:
    """Upstream's ``simplifyAffineMap``: each result simplified."""
    return AffineMap(
        m.num_dims, m.num_symbols, tuple(simplify_affine_expr(r, m.num_dims, m.num_symbols) for r in m.results)
    )


def bound_for_affine_expr(
    e: AffineExpr,
    num_dims: int,
    num_symbols: int,
    lower: Sequence[int | None],
    upper: Sequence[int | None],
    is_upper: bool,
) -> int | None:
    """Upstream's ``getBoundForAffineExpr``: an (inclusive) constant upper
    bound of ``e`` when ``is_upper``, else a lower bound, from constant
    lower/upper bounds of its inputs (None where unknown)."""
    if isinstance(e, AffineBinaryExpr):
        rhs = e.rhs
        if e.kind is FLOORDIV:
            if not isinstance(rhs, AffineConstantExpr) or rhs.value < 1:
                return None
            b = bound_for_affine_expr(e.lhs, num_dims, num_symbols, lower, upper, is_upper)
            return None if b is None else floor_div(b, rhs.value)
        if e.kind is CEILDIV:
            if isinstance(rhs, AffineConstantExpr) and rhs.value >= 1:
                b = bound_for_affine_expr(e.lhs, num_dims, num_symbols, lower, upper, is_upper)
                return None if b is None else ceil_div(b, rhs.value)
            return None
        if e.kind is MOD and isinstance(rhs, AffineConstantExpr) and rhs.value >= 1:
            c = rhs.value
            lb = bound_for_affine_expr(e.lhs, num_dims, num_symbols, lower, upper, False)
            ub = bound_for_affine_expr(e.lhs, num_dims, num_symbols, lower, upper, is_upper)
            if ub is not None and lb is not None and floor_div(lb, c) == floor_div(ub, c):
                return ub % c if is_upper else lb % c
            return c - 1 if is_upper else 0
    f = _Flattener(num_dims, num_symbols)
    if not f.walk(e):
        return None
    flat = f.stack[-1]
    if f.num_locals > 0:
        return None
    bound = 0
    for i in range(num_dims + num_symbols):
        c = flat[i]
        if c > 0:
            b = upper[i] if is_upper else lower[i]
        elif c < 0:
            b = lower[i] if is_upper else upper[i]
        else:
            continue
        if b is None:
            return None
        bound += b * c
    return bound + flat[-1]


class Poison(Exception):
    """Constant folding met a division by zero or a modulo by a
    non-positive value (upstream folds those to ``ub.poison``)."""


def constant_fold_expr(e: AffineExpr, num_dims: int, values: Sequence[int | None]) -> int | None:
    """Upstream's ``AffineExprConstantFolder``: the value of ``e`` when every
    dim and symbol it uses has a constant (``values``: dims then symbols,
    None where not constant); raises Poison as upstream reports poison."""
    if isinstance(e, AffineConstantExpr):
        return e.value
    if isinstance(e, AffineDimExpr):
        return values[e.position]
    if isinstance(e, AffineSymbolExpr):
        return values[num_dims + e.position]
    assert isinstance(e, AffineBinaryExpr)
    a = constant_fold_expr(e.lhs, num_dims, values)
    if a is None:
        return None
    b = constant_fold_expr(e.rhs, num_dims, values)
    if b is None:
        return None
    kind = e.kind
    if kind is MUL:
        return _wrap(a * b)
    if kind is MOD:
        if b < 1:
            raise Poison()
        return a % b
    if kind is FLOORDIV:
        if b == 0:
            raise Poison()
        return floor_div(a, b)
    if kind is CEILDIV:
        if b == 0:
            raise Poison()
        return ceil_div(a, b)
    return _wrap(a + b)


def partial_constant_fold(m: AffineMap, values: Sequence[int | None]) -> tuple[AffineMap, list[int] | None]:
    """Upstream's ``AffineMap::partialConstantFold``: each result that folds
    to a constant is replaced by it; the list of all results when every one
    folded (else None). Raises Poison."""
    exprs: list[AffineExpr] = []
    for r in m.results:
        v = constant_fold_expr(r, m.num_dims, values)
        exprs.append(const(v) if v is not None else r)
    folded = AffineMap(m.num_dims, m.num_symbols, exprs)
    consts = [x.value for x in exprs if isinstance(x, AffineConstantExpr)]
    return folded, consts if len(consts) == len(exprs) else None
