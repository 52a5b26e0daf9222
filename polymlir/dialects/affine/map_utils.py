"""Map-and-operand utilities of the affine ops (upstream's ``AffineOps.cpp``),
used by the affine canonicalizations (``transforms/canonical/affine.py``).

Library functions (a map and its operand list in, the new pair out):

- `canonicalize_map_and_operands` / `canonicalize_set_and_operands`
  (upstream's ``canonicalizeMapAndOperands``): dims bound to valid symbols
  become symbols, symbols bound to loop IVs become dims, unused and
  duplicate operands are dropped, constant symbols fold into the map.
- `compose_affine_map_and_operands` (``composeAffineMapAndOperands``):
  operands produced by ``affine.apply`` are replaced by the apply's
  expression and operands, repeatedly; then canonicalized and simplified.
- `make_composed_folded_apply` (``makeComposedFoldedAffineApply``): an
  ``affine.apply`` of a map over constants and values, the constants folded
  into the map and the applies producing the values composed; no op when it
  folds to a constant or to one of the values.
- `simplify_map_with_operands` (``simplifyMapWithOperands``) and
  `simplify_min_or_max_with_operands` (``simplifyMinOrMaxExprWithOperands``):
  floordiv/mod and min/max results simplified with the constant bounds of
  the loop IVs they use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import (
    ADD,
    CEILDIV,
    FLOORDIV,
    MOD,
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymbolExpr,
    binary,
    const,
    dim,
    sym,
)
from ...ir.affine_flatten import (
    bound_for_affine_expr,
    ceil_div,
    floor_div,
    simplify_affine_map,
)
from ...ir.affine_map import AffineMap, IntegerSet
from ...ir.builder import Builder
from ...ir.core import BlockArgument, Operation, OpResult, Value
from ...ir.patterns import constant_value
from ...ir.traits import AFFINE_SCOPE
from .loops import AffineForOp
from .ops import (
    AffineApplyOp,
    AffineDelinearizeIndexOp,
    get_affine_scope,
    is_top_level_value,
    is_valid_dim,
    is_valid_symbol,
)
from .parallel import AffineParallelOp


def const_int(v: Value) -> int | None:
    """The integer of a value defined by a constant op, else None."""
    a = constant_value(v)
    return a.value if isinstance(a, A.IntegerAttr) else None


def _valid_symbol(v: Value) -> bool:
    """Upstream's ``isValidSymbol(Value)``: a symbol wherever it is used."""
    if not isinstance(v.type, T.IndexType):
        return False
    if is_top_level_value(v):
        return True
    if isinstance(v, OpResult):
        return is_valid_symbol(v, get_affine_scope(v.owner))
    return False


def _valid_dim(v: Value) -> bool:
    """Upstream's ``isValidDim(Value)``."""
    if not isinstance(v.type, T.IndexType):
        return False
    if isinstance(v, OpResult):
        return is_valid_dim(v, get_affine_scope(v.owner))
    assert isinstance(v, BlockArgument)
    parent = v.owner.parent_op
    return parent is not None and (AFFINE_SCOPE in parent.traits or isinstance(parent, (AffineForOp, AffineParallelOp)))


def for_iv_owner(v: Value) -> Operation | None:
    """The ``affine.for`` whose induction variable ``v`` is."""
    if not isinstance(v, BlockArgument) or v.index != 0:
        return None
    op = v.owner.parent_op
    if not isinstance(op, AffineForOp) or v.owner is not op.regions[0].blocks[0]:
        return None
    return op


def map_prop(op: Operation, name: str) -> AffineMap:
    return cast(A.AffineMapAttr, op.get_attr(name)).value


def for_operand_groups(op: Operation) -> tuple[list[Value], list[Value], list[Value]]:
    return cast(AffineForOp, op)._operand_groups()


def single_constant(m: AffineMap) -> int | None:
    return m.single_constant_result if m.is_single_constant() else None


def for_step(op: Operation) -> int:
    return cast(A.IntegerAttr, op.get_attr("step")).value


def iv_lower_bound(v: Value) -> int | None:
    """Upstream's ``getLowerBound(Value iv)``: a constant lower bound of a loop IV."""
    f = for_iv_owner(v)
    return single_constant(map_prop(f, "lowerBoundMap")) if f is not None else None


def iv_upper_bound(v: Value) -> int | None:
    """Upstream's ``getUpperBound(Value iv)``: the last value a loop IV takes
    (inclusive) when its upper bound is constant."""
    f = for_iv_owner(v)
    if f is None:
        return None
    ub = single_constant(map_prop(f, "upperBoundMap"))
    if ub is None:
        return None
    lb = single_constant(map_prop(f, "lowerBoundMap"))
    if lb is not None:
        return ub - 1 - _cmod(ub - lb - 1, for_step(f))
    return ub - 1


def _cmod(a: int, b: int) -> int:
    """C++ ``%`` (the sign of the dividend)."""
    r = abs(a) % abs(b)
    return -r if a < 0 else r


class _Exprs:
    """An affine map or an integer set, seen as dims, symbols and a list of
    expressions (upstream's templates over MapOrSet)."""

    __slots__ = ("nd", "ns", "exprs", "eq_flags")

    def __init__(self, nd: int, ns: int, exprs: Sequence[AffineExpr], eq_flags: tuple[bool, ...] | None = None):
        self.nd, self.ns, self.exprs, self.eq_flags = nd, ns, tuple(exprs), eq_flags

    @classmethod
    def of(cls, m: AffineMap | IntegerSet) -> _Exprs:
        if isinstance(m, IntegerSet):
            return cls(m.num_dims, m.num_symbols, m.constraints, m.eq_flags)
        return cls(m.num_dims, m.num_symbols, m.results)

    def build(self) -> AffineMap | IntegerSet:
        if self.eq_flags is not None:
            return IntegerSet(self.nd, self.ns, self.exprs, self.eq_flags)
        return AffineMap(self.nd, self.ns, self.exprs)

    def replace(self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr], nd: int, ns: int) -> _Exprs:
        return _Exprs(nd, ns, [e.replace_dims_and_symbols(dims, syms) for e in self.exprs], self.eq_flags)


def _used(x: _Exprs) -> tuple[list[bool], list[bool]]:
    dims = [False] * x.nd
    syms = [False] * x.ns

    def visit(e: AffineExpr) -> None:
        if isinstance(e, AffineDimExpr):
            dims[e.position] = True
        elif isinstance(e, AffineSymbolExpr):
            syms[e.position] = True

    for e in x.exprs:
        e.walk(visit)
    return dims, syms


def _promote_symbols(x: _Exprs, operands: list[Value]) -> tuple[_Exprs, list[Value]]:
    """``canonicalizePromotedSymbols``: dims bound to valid symbols become
    symbols (after the existing ones)."""
    result: list[Value] = []
    remapped: list[Value] = []
    next_dim = next_sym = 0
    dim_map: list[AffineExpr] = []
    for i, v in enumerate(operands):
        if i < x.nd:
            if _valid_symbol(v):
                dim_map.append(sym(x.ns + next_sym))
                next_sym += 1
                remapped.append(v)
            else:
                dim_map.append(dim(next_dim))
                next_dim += 1
                result.append(v)
        else:
            result.append(v)
    return x.replace(dim_map, (), next_dim, x.ns + next_sym), result + remapped


def _demote_dims(x: _Exprs, operands: list[Value]) -> tuple[_Exprs, list[Value]]:
    """``legalizeDemotedDims``: symbols bound to valid dims that are not
    valid symbols become dims (after the existing ones)."""
    result = list(operands[: x.nd])
    remapped: list[Value] = []
    sym_ops: list[Value] = []
    next_sym = next_dim = 0
    sym_map: list[AffineExpr] = []
    for v in operands[x.nd :]:
        if _valid_dim(v) and not _valid_symbol(v):
            sym_map.append(dim(x.nd + next_dim))
            next_dim += 1
            remapped.append(v)
        else:
            sym_map.append(sym(next_sym))
            next_sym += 1
            sym_ops.append(v)
    return x.replace((), sym_map, x.nd + next_dim, next_sym), result + remapped + sym_ops


def _canonicalize(x: _Exprs, operands: list[Value]) -> tuple[_Exprs, list[Value]]:
    """``canonicalizeMapOrSetAndOperands``."""
    if not operands:
        return x, operands
    x, operands = _promote_symbols(x, operands)
    x, operands = _demote_dims(x, operands)
    used_dims, used_syms = _used(x)
    result: list[Value] = []
    seen: dict[Value, AffineExpr] = {}
    dim_map: list[AffineExpr] = []
    next_dim = 0
    for i in range(x.nd):
        if not used_dims[i]:
            dim_map.append(dim(i))  # never referenced
            continue
        v = operands[i]
        e = seen.get(v)
        if e is None:
            e = seen[v] = dim(next_dim)
            next_dim += 1
            result.append(v)
        dim_map.append(e)
    seen_syms: dict[Value, AffineExpr] = {}
    sym_map: list[AffineExpr] = []
    next_sym = 0
    for i in range(x.ns):
        if not used_syms[i]:
            sym_map.append(sym(i))
            continue
        v = operands[x.nd + i]
        c = const_int(v)
        if c is not None:
            sym_map.append(const(c))
            continue
        e = seen_syms.get(v)
        if e is None:
            e = seen_syms[v] = sym(next_sym)
            next_sym += 1
            result.append(v)
        sym_map.append(e)
    return x.replace(dim_map, sym_map, next_dim, next_sym), result


def canonicalize_map_and_operands(m: AffineMap, operands: Sequence[Value]) -> tuple[AffineMap, list[Value]]:
    """Upstream's ``canonicalizeMapAndOperands``."""
    x, ops = _canonicalize(_Exprs.of(m), list(operands))
    return cast(AffineMap, x.build()), ops


def canonicalize_set_and_operands(s: IntegerSet, operands: Sequence[Value]) -> tuple[IntegerSet, list[Value]]:
    """Upstream's ``canonicalizeSetAndOperands``."""
    x, ops = _canonicalize(_Exprs.of(s), list(operands))
    return cast(IntegerSet, x.build()), ops


def compose_affine_map_and_operands(m: AffineMap, operands: Sequence[Value]) -> tuple[AffineMap, list[Value]]:
    """Upstream's ``composeAffineMapAndOperands``: substitute the maps of
    the ``affine.apply`` ops that produce operands, until none is left;
    then canonicalize and simplify."""
    if not m.results:
        m, ops = canonicalize_map_and_operands(m, operands)
        return simplify_affine_map(m), ops
    dims: list[Value | None] = list(operands[: m.num_dims])
    syms: list[Value | None] = list(operands[m.num_dims :])
    exprs = list(m.results)
    while True:
        changed = False
        pos = 0
        while pos != len(dims) + len(syms):
            is_dim = pos < len(dims)
            k = pos if is_dim else pos - len(dims)
            v = dims[k] if is_dim else syms[k]
            pos += 1
            if isinstance(v, OpResult) and isinstance(v.owner, AffineDelinearizeIndexOp):
                replaced = _replace_delinearize_inverse(v.owner, v, exprs, dims, syms)
                if replaced is None:
                    continue
                exprs = replaced
                changed = True
                break
            if v is None or not isinstance(v, OpResult) or not isinstance(v.owner, AffineApplyOp):
                continue
            if is_dim:
                dims[k] = None
            else:
                syms[k] = None
            apply = v.owner
            amap, aops = canonicalize_map_and_operands(map_prop(apply, "map"), apply.operands)
            repl = amap.results[0].shift_dims(amap.num_dims, len(dims)).shift_symbols(amap.num_symbols, len(syms))
            target = dim(k) if is_dim else sym(k)
            dims.extend(aops[: amap.num_dims])
            syms.extend(aops[amap.num_dims :])
            exprs = [e.replace({target: repl}) for e in exprs]
            changed = True
            break
        if not changed:
            break
    nd = ns = 0
    dim_repl: list[AffineExpr] = []
    sym_repl: list[AffineExpr] = []
    new_ops: list[Value] = []
    for d in dims:
        if d is None:
            dim_repl.append(const(0))
        else:
            dim_repl.append(dim(nd))
            nd += 1
            new_ops.append(d)
    for s in syms:
        if s is None:
            sym_repl.append(const(0))
        else:
            sym_repl.append(sym(ns))
            ns += 1
            new_ops.append(s)
    m = AffineMap(nd, ns, [e.replace_dims_and_symbols(dim_repl, sym_repl) for e in exprs])
    m, new_ops = canonicalize_map_and_operands(m, new_ops)
    return simplify_affine_map(m), new_ops


def _shorten_add_chains(
    e: AffineExpr, to_remove: set[AffineExpr], new: AffineExpr, out: dict[AffineExpr, AffineExpr]
) -> None:
    """Upstream's ``shortenAddChainsContainingAll``: where ``e`` or a
    subexpression is a sum whose terms include all of ``to_remove``, map it
    to ``new`` plus the other terms."""
    if not isinstance(e, AffineBinaryExpr):
        return
    if e.kind is not ADD:
        _shorten_add_chains(e.lhs, to_remove, new, out)
        _shorten_add_chains(e.rhs, to_remove, new, out)
        return
    preserved: list[AffineExpr] = []
    tracker = set(to_remove)
    this: AffineExpr | None = e.rhs
    rest: AffineExpr | None = e.lhs
    while this is not None:
        if this in tracker:
            tracker.remove(this)
        else:
            preserved.append(this)
            _shorten_add_chains(this, to_remove, new, out)
        if isinstance(rest, AffineBinaryExpr) and rest.kind is ADD:
            this, rest = rest.rhs, rest.lhs
        else:
            this, rest = rest, None
    if tracker:
        return
    repl = new
    for p in reversed(preserved):  # reversed: the terms keep their association
        repl = repl + p
    out.setdefault(e, repl)


def _replace_delinearize_inverse(
    delin: Operation, v: Value, exprs: list[AffineExpr], dims: list[Value | None], syms: list[Value | None]
) -> list[AffineExpr] | None:
    """Upstream's ``replaceAffineDelinearizeIndexInverseExpression``: a sum
    ``r_n + r_(n-1) * b_n + ...`` of all the results of a static-basis
    ``affine.delinearize_index`` (started from its last result ``v``) is
    its input. Appends that input to ``dims`` or ``syms`` and blanks the
    results no longer used; the new results, or None."""
    static = list(cast(A.DenseArrayAttr, delin.get_attr("static_basis")).values)
    if len(delin.operands) > 1 or v is not delin.results[-1]:
        return None
    res_to_expr: list[AffineExpr | None] = [None] * len(delin.results)
    for pos, d in enumerate(dims):
        if isinstance(d, OpResult) and d.owner is delin:
            res_to_expr[d.index] = dim(pos)
    for pos, s_ in enumerate(syms):
        if isinstance(s_, OpResult) and s_.owner is delin:
            res_to_expr[s_.index] = sym(pos)
    if any(x is None for x in res_to_expr):
        return None
    bindings = cast(list[AffineExpr], res_to_expr)
    is_dim = all(isinstance(x, AffineDimExpr) for x in bindings)
    stride = 1
    expected: set[AffineExpr] = set()
    for binding, size in zip(reversed(bindings), reversed(static), strict=False):
        expected.add(binding * const(stride))
        stride *= size
    if len(bindings) != len(static):
        expected.add(bindings[0] * const(stride))
    new = dim(len(dims)) if is_dim else sym(len(syms))
    replacements: dict[AffineExpr, AffineExpr] = {}
    for e in exprs:
        _shorten_add_chains(e, expected, new, replacements)
    if not replacements:
        return None
    (dims if is_dim else syms).append(delin.operands[0])
    out = [e.replace(replacements) for e in exprs]
    for b in bindings:
        if isinstance(b, AffineDimExpr) and not any(e.is_function_of_dim(b.position) for e in out):
            dims[b.position] = None
        if isinstance(b, AffineSymbolExpr) and not any(e.is_function_of_symbol(b.position) for e in out):
            syms[b.position] = None
    return out


def fully_compose(m: AffineMap, operands: Sequence[Value]) -> tuple[AffineMap, list[Value]]:
    """Upstream's ``fullyComposeAffineMapAndOperands``: ``m`` composed with
    the ``affine.apply`` ops producing its operands, until none does; the
    pair unchanged when no operand comes from an apply."""
    ops = list(operands)
    while any(isinstance(v, OpResult) and isinstance(v.owner, AffineApplyOp) for v in ops):
        m, ops = compose_affine_map_and_operands(m, ops)
    return m, ops


def compose_set_and_operands(s: IntegerSet, operands: Sequence[Value]) -> tuple[IntegerSet, list[Value]]:
    """Upstream's ``composeSetAndOperands``: the constraints composed as the
    results of a map (only when some operand comes from an apply)."""
    if not any(isinstance(v, OpResult) and isinstance(v.owner, AffineApplyOp) for v in operands):
        return s, list(operands)
    m, ops = compose_affine_map_and_operands(AffineMap(s.num_dims, s.num_symbols, s.constraints), operands)
    return IntegerSet(m.num_dims, m.num_symbols, m.results, s.eq_flags), ops


def _largest_known_divisor(e: AffineExpr, operands: Sequence[Value]) -> int:
    if not isinstance(e, AffineDimExpr):
        return e.get_largest_known_divisor()
    f = for_iv_owner(operands[e.position])
    if f is None:
        return 1
    lb = map_prop(f, "lowerBoundMap")
    if single_constant(lb) == 0:
        return for_step(f)
    g: int | None = None
    for r in lb.results:
        d = r.get_largest_known_divisor()
        g = d if g is None else math.gcd(g, d)
    if g is None:
        g = (1 << 64) - 1
    return math.gcd(g, for_step(f))


def _non_negative_bounded_by(e: AffineExpr, operands: Sequence[Value], k: int) -> bool:
    if isinstance(e, AffineConstantExpr):
        return 0 <= e.value < k
    if not isinstance(e, AffineDimExpr):
        return False
    f = for_iv_owner(operands[e.position])
    if f is None:
        return False
    lb = single_constant(map_prop(f, "lowerBoundMap"))
    ub = single_constant(map_prop(f, "upperBoundMap"))
    return lb is not None and lb >= 0 and ub is not None and ub <= k


def _q_times_d_plus_r(e: AffineExpr, operands: Sequence[Value]) -> tuple[int, AffineExpr, AffineExpr] | None:
    if not isinstance(e, AffineBinaryExpr) or e.kind is not ADD:
        return None
    d = _largest_known_divisor(e.lhs, operands)
    if _non_negative_bounded_by(e.rhs, operands, d):
        return d, e.lhs, e.rhs
    d = _largest_known_divisor(e.rhs, operands)
    if _non_negative_bounded_by(e.lhs, operands, d):
        return d, e.rhs, e.lhs
    return None


def _operand_bounds(operands: Sequence[Value]) -> tuple[list[int | None], list[int | None]]:
    return [iv_lower_bound(v) for v in operands], [iv_upper_bound(v) for v in operands]


def _expr_bound(e: AffineExpr, nd: int, ns: int, operands: Sequence[Value], upper: bool) -> int | None:
    if isinstance(e, AffineConstantExpr):
        return e.value
    lo, hi = _operand_bounds(operands)
    return bound_for_affine_expr(e, nd, ns, lo, hi, upper)


def _simplify_expr_with_operands(e: AffineExpr, nd: int, ns: int, operands: Sequence[Value]) -> AffineExpr:
    """Upstream's ``simplifyExprAndOperands``."""
    if not isinstance(e, AffineBinaryExpr):
        return e
    lhs = _simplify_expr_with_operands(e.lhs, nd, ns, operands)
    rhs = _simplify_expr_with_operands(e.rhs, nd, ns, operands)
    e = binary(e.kind, lhs, rhs)
    if not isinstance(e, AffineBinaryExpr) or e.kind not in (FLOORDIV, CEILDIV, MOD):
        return e
    lhs, rhs = e.lhs, e.rhs
    if not isinstance(rhs, AffineConstantExpr) or rhs.value <= 0:
        return e
    c = rhs.value
    lb = _expr_bound(lhs, nd, ns, operands, False)
    ub = _expr_bound(lhs, nd, ns, operands, True)
    if lb is not None and ub is not None:
        if e.kind is FLOORDIV and floor_div(lb, c) == floor_div(ub, c):
            return const(floor_div(lb, c))
        if e.kind is CEILDIV and ceil_div(lb, c) == ceil_div(ub, c):
            return const(ceil_div(lb, c))
        if e.kind is MOD and 0 <= lb < c and ub < c:
            return lhs
    q = _q_times_d_plus_r(lhs, operands)
    if q is not None:
        d, qd, rem = q
        if c % d == 0 and e.kind is FLOORDIV:
            return qd.floordiv(rhs)
        if d % c == 0 and e.kind is MOD:
            return rem % rhs
        return e
    if (_non_negative_bounded_by(lhs, operands, c) and e.kind is FLOORDIV) or (
        _largest_known_divisor(lhs, operands) % c == 0 and e.kind is MOD
    ):
        return const(0)
    return e


def simplify_map_with_operands(m: AffineMap, operands: Sequence[Value]) -> AffineMap:
    """Upstream's ``simplifyMapWithOperands``: floordiv/ceildiv/mod results
    simplified with the constant bounds and steps of the loop IVs used."""
    return AffineMap(
        m.num_dims,
        m.num_symbols,
        [_simplify_expr_with_operands(r, m.num_dims, m.num_symbols, operands) for r in m.results],
    )


def simplify_min_or_max_with_operands(m: AffineMap, operands: Sequence[Value], is_max: bool) -> AffineMap:
    """Upstream's ``simplifyMinOrMaxExprWithOperands``: results that can
    never be the max (or min), given constant bounds of the loop IVs, are
    dropped; results with a single possible value become constants."""
    if not operands:
        return m
    lo, hi = _operand_bounds(operands)
    nd, ns = m.num_dims, m.num_symbols
    lows: list[int | None] = []
    highs: list[int | None] = []
    for e in m.results:
        if isinstance(e, AffineConstantExpr):
            lows.append(e.value)
            highs.append(e.value)
        else:
            lows.append(bound_for_affine_expr(e, nd, ns, lo, hi, False))
            highs.append(bound_for_affine_expr(e, nd, ns, lo, hi, True))
    kept: list[AffineExpr] = []
    for i, e in enumerate(m.results):
        lo_i, hi_i = lows[i], highs[i]
        if lo_i is not None and hi_i is not None and lo_i == hi_i:
            e = const(lo_i)
        if is_max:
            if hi_i is None:
                kept.append(e)
            elif not any(_dominates_max(i, p, lows, highs) for p in range(len(lows))):
                kept.append(e)
        elif lo_i is None:
            kept.append(e)
        elif not any(_dominates_min(i, p, lows, highs) for p in range(len(lows))):
            kept.append(e)
    return AffineMap(nd, ns, kept)


def _dominates_max(i: int, pos: int, lows: list[int | None], highs: list[int | None]) -> bool:
    """Whether result ``pos`` makes result ``i`` redundant in a max (of
    results with equal bounds, the first one is kept)."""
    other, hi_i = lows[pos], highs[i]
    if pos == i or other is None or hi_i is None:
        return False
    if other != hi_i:
        return other > hi_i
    return not (highs[pos] is not None and lows[i] is not None and lows[i] == hi_i and other == highs[pos] and i < pos)


def _dominates_min(i: int, pos: int, lows: list[int | None], highs: list[int | None]) -> bool:
    """Whether result ``pos`` makes result ``i`` redundant in a min."""
    other, lo_i = highs[pos], lows[i]
    if pos == i or other is None or lo_i is None:
        return False
    if other != lo_i:
        return other < lo_i
    return not (lows[pos] is not None and highs[i] is not None and lo_i == highs[i] and other == lows[pos] and i < pos)


def remove_duplicate_exprs(m: AffineMap) -> AffineMap:
    """Upstream's ``removeDuplicateExprs`` (``std::unique``: adjacent
    duplicates only)."""
    out: list[AffineExpr] = []
    for e in m.results:
        if not out or out[-1] != e:
            out.append(e)
    return AffineMap(m.num_dims, m.num_symbols, out)


def fold_attributes_into_map(m: AffineMap, operands: Sequence[int | Value]) -> tuple[AffineMap, list[Value]]:
    """Upstream's ``foldAttributesIntoMap``: the constant operands (ints)
    become constants of ``m``; the values stay operands, renumbered."""
    values: list[Value] = []
    dims: list[AffineExpr] = []
    syms: list[AffineExpr] = []
    nd = 0
    for k, x in enumerate(operands):
        is_dim = k < m.num_dims
        if isinstance(x, int):
            (dims if is_dim else syms).append(const(x))
            continue
        if is_dim:
            dims.append(dim(nd))
            nd += 1
        else:
            syms.append(sym(len(values) - nd))
        values.append(x)
    return AffineMap(nd, len(values) - nd, [e.replace_dims_and_symbols(dims, syms) for e in m.results]), values


def make_composed_folded_apply(b: Builder, m: AffineMap, operands: Sequence[int | Value]) -> int | Value:
    """Upstream's ``makeComposedFoldedAffineApply`` for a one-result ``m``
    over ``operands`` (ints are constants): the constants folded into the
    map, the ``affine.apply`` ops producing the values composed in, then
    the apply folded: an int, one of the operands, or the result of a new
    ``affine.apply`` built with ``b``."""
    folded, values = fold_attributes_into_map(m, operands)
    folded, values = compose_affine_map_and_operands(folded, values)
    e = folded.results[0]
    if isinstance(e, AffineDimExpr):
        return values[e.position]
    if isinstance(e, AffineSymbolExpr):
        return values[folded.num_dims + e.position]
    if isinstance(e, AffineConstantExpr):
        return e.value
    op = AffineApplyOp.create(
        operands=values, result_types=[T.index], properties={"map": A.AffineMapAttr(folded)}, loc=b.loc
    )
    return b.insert(op).results[0]
