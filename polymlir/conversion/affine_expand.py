"""The arith expansion of affine expressions and maps (upstream's
``expandAffineExpr`` / ``expandAffineMap``, ``AffineApplyExpander``), used by
``lower-affine``: each expression becomes arith ops on index values, op for op
and in upstream's order.

- `expand_expr` / `expand_map`: the ops computing an expression / a map's
  results at a builder's point;
- `fold_constant_operands` / `constant_operand_exprs`: a map (a set) with its
  constant operands put in, as the folds of the affine loop ops do before
  upstream lowers them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dialects import arith
from ..dialects.affine.map_utils import const_int
from ..ir.affine_expr import (
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
from ..ir.affine_map import AffineMap
from ..ir.builder import Builder
from ..ir.core import Value
from ..ir.diagnostics import DiagnosticError

NSW = arith.IntegerOverflowFlagsAttr(arith.OVERFLOW_BITS["nsw"])


def expand_expr(b: Builder, e: AffineExpr, dims: Sequence[Value], syms: Sequence[Value]) -> Value:
    """Arith ops computing ``e`` (index-typed) at the builder's point."""
    if isinstance(e, AffineDimExpr):
        return dims[e.position]
    if isinstance(e, AffineSymbolExpr):
        return syms[e.position]
    if isinstance(e, AffineConstantExpr):
        return b.const_index(e.value)
    assert isinstance(e, AffineBinaryExpr)
    lhs = expand_expr(b, e.lhs, dims, syms)
    rhs = expand_expr(b, e.rhs, dims, syms)
    k = e.kind
    if k == AffineExprKind.ADD:
        return b.binary(arith.AddIOp, lhs, rhs)
    if k == AffineExprKind.MUL:
        # Affine arithmetic is over the integers: the product cannot wrap (as
        # upstream's expander says with ``overflow<nsw>``).
        return b.value(arith.MulIOp, [lhs, rhs], lhs.type, overflowFlags=NSW)
    const_rhs = e.rhs.value if isinstance(e.rhs, AffineConstantExpr) else None
    if const_rhs is not None and const_rhs <= 0:
        raise DiagnosticError(f"cannot lower '{e}': the divisor must be positive", b.loc)
    # Upstream's expansions (``AffineApplyExpander``), op for op and in its
    # order, for constant and symbolic divisors alike: one arith.divsi each,
    # exact for every positive divisor. Like upstream's (and mlir-opt's), a
    # symbolic divisor is taken to be positive: a non-positive one gives what
    # upstream's lowering gives, not the floor or ceiling.
    if k == AffineExprKind.MOD:
        return _expand_mod(b, lhs, rhs)
    if k == AffineExprKind.FLOORDIV:
        return _expand_floordiv(b, lhs, rhs)
    return _expand_ceildiv(b, lhs, rhs)


def _expand_mod(b: Builder, a: Value, d: Value) -> Value:
    """``a mod d`` for ``d > 0``: r = a rem d; r < 0 ? r + d : r."""
    rem = b.binary(arith.RemSIOp, a, d)
    zero = b.const_index(0)
    negative = b.cmpi("slt", rem, zero)
    corrected = b.binary(arith.AddIOp, rem, d)
    return b.select(negative, corrected, rem)


def _expand_floordiv(b: Builder, a: Value, d: Value) -> Value:
    """``a floordiv d`` for ``d > 0``: a < 0 ? -1 - ((-1 - a) / d) : a / d
    (``/`` truncating; -1 - a is -a - 1, which cannot overflow)."""
    zero = b.const_index(0)
    minus_one = b.const_index(-1)
    negative = b.cmpi("slt", a, zero)
    dividend = b.select(negative, b.binary(arith.SubIOp, minus_one, a), a)
    q = b.binary(arith.DivSIOp, dividend, d)
    return b.select(negative, b.binary(arith.SubIOp, minus_one, q), q)


def _expand_ceildiv(b: Builder, a: Value, d: Value) -> Value:
    """``a ceildiv d`` for ``d > 0``: a <= 0 ? -((-a) / d) : ((a - 1) / d) + 1."""
    zero = b.const_index(0)
    one = b.const_index(1)
    nonpositive = b.cmpi("sle", a, zero)
    negated = b.binary(arith.SubIOp, zero, a)
    decremented = b.binary(arith.SubIOp, a, one)
    dividend = b.select(nonpositive, negated, decremented)
    q = b.binary(arith.DivSIOp, dividend, d)
    negated_q = b.binary(arith.SubIOp, zero, q)
    incremented_q = b.binary(arith.AddIOp, q, one)
    return b.select(nonpositive, negated_q, incremented_q)


def expand_map(b: Builder, amap: AffineMap, operands: Sequence[Value]) -> list[Value]:
    """Arith ops computing the results of ``amap`` on ``operands`` (its dims, then its symbols)."""
    nd = amap.num_dims
    return [expand_expr(b, r, operands[:nd], operands[nd:]) for r in amap.results]


def constant_operand_exprs(num_dims: int, operands: Sequence[Value]) -> tuple[list[AffineExpr], list[AffineExpr]]:
    """The dim and symbol replacements that put the constants among
    ``operands`` into a map or set over them (the others stay)."""
    repl: list[AffineExpr] = []
    for i, v in enumerate(operands):
        c = const_int(v)
        if c is not None:
            repl.append(const(c))
        else:
            repl.append(dim(i) if i < num_dims else sym(i - num_dims))
    return repl[:num_dims], repl[num_dims:]


def fold_constant_operands(amap: AffineMap, operands: Sequence[Value]) -> AffineMap:
    """``amap`` with its constant operands folded in (operands keep their
    positions). Upstream's conversion folds a loop op before lowering it, and
    the folds of affine.for/parallel/if canonicalize their maps this way: a
    constant bound operand is then expanded as a new constant."""
    if all(const_int(v) is None for v in operands):
        return amap
    dims, syms = constant_operand_exprs(amap.num_dims, operands)
    return amap.replace_dims_and_symbols(dims, syms, amap.num_dims, amap.num_symbols)
