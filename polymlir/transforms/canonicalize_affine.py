"""The affine part of ``canonicalize``: upstream's folders and
canonicalization patterns of the affine ops (``AffineOps.cpp``), and the
map-and-operand utilities they are built on.

Utilities (library functions; a map and its operand list in, the new pair
out):

- `canonicalize_map_and_operands` / `canonicalize_set_and_operands`
  (upstream's ``canonicalizeMapAndOperands``): dims bound to valid symbols
  become symbols, symbols bound to loop IVs become dims, unused and
  duplicate operands are dropped, constant symbols fold into the map.
- `compose_affine_map_and_operands` (``composeAffineMapAndOperands``):
  operands produced by ``affine.apply`` are replaced by the apply's
  expression and operands, repeatedly; then canonicalized and simplified.
- `simplify_map_with_operands` (``simplifyMapWithOperands``) and
  `simplify_min_or_max_with_operands` (``simplifyMinOrMaxExprWithOperands``):
  floordiv/mod and min/max results simplified with the constant bounds of
  the loop IVs they use.

Folders (registered by op name): ``affine.apply`` (to an operand, or to a
constant), ``affine.min`` / ``affine.max`` (constant results), ``affine.for``
(constant bounds; bounds composed and canonicalized; a loop with results
that never runs folds to its initial values), ``affine.if`` (condition
composed and canonicalized).

Patterns, as upstream registers them: `SimplifyAffineOp` (apply, load,
store, vector_load, vector_store, min, max: maps composed, canonicalized
and simplified),
`CanonicalizeSingleResultAffineMinMaxOp` (a one-result min/max is an
apply), `DeduplicateAffineMinMaxExpressions`, `MergeAffineMinMaxOp`,
`CanonicalizeAffineMinMaxOpExprAndTermOrder` (results sorted by flat form),
`AffineForEmptyLoopFolder` (a loop whose body only yields), `SimplifyDeadElse`,
`AlwaysTrueOrFalseIf` (conditions ``0 == 0`` and the empty set ``1 == 0``).

Beyond upstream's canonicalize (`LOOP_CLEANUP_PATTERNS`, used only when
asked for): `EraseZeroTripLoop` (an ``affine.for`` without results that
never runs), `PromoteSingleIterationLoop` (upstream's
``promoteIfSingleIteration``: the body of a loop that runs once is inlined,
its IV replaced by the lower bound; only for a single-result lower bound),
`ConstantConditionIf` (an ``affine.if`` whose constraints are all constants).

Not reproduced: semi-affine simplification (``simplifySemiAffine``), the
``affine.parallel``, ``prefetch``, ``dma`` and ``(de)linearize_index``
canonicalizations, loads from constant globals, poison folding (a
division by zero is left unfolded).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from ..dialects.affine.loops import AffineForOp
from ..dialects.affine.memory import AffineLoadOp, AffineStoreOp, AffineVectorLoadOp, AffineVectorStoreOp
from ..dialects.affine.ops import (
    AffineApplyOp,
    AffineMaxOp,
    AffineMinOp,
    get_affine_scope,
    is_top_level_value,
    is_valid_dim,
    is_valid_symbol,
)
from ..dialects.arith.ops import ConstantOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import (
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
from ..ir.affine_flatten import (
    Poison,
    bound_for_affine_expr,
    ceil_div,
    flatten,
    floor_div,
    partial_constant_fold,
    simplify_affine_map,
)
from ..ir.affine_map import AffineMap, IntegerSet
from ..ir.core import BlockArgument, Operation, OpResult, Value
from ..ir.patterns import PatternRewriter, RewritePattern, constant_value

# -- values ---------------------------------------------------------------------------------------


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
    return parent is not None and ("AffineScope" in parent.traits or parent.name in ("affine.for", "affine.parallel"))


def for_iv_owner(v: Value) -> Operation | None:
    """The ``affine.for`` whose induction variable ``v`` is."""
    if not isinstance(v, BlockArgument) or v.index != 0:
        return None
    op = v.owner.parent_op
    if op is None or op.name != "affine.for" or v.owner is not op.regions[0].blocks[0]:
        return None
    return op


def _map_prop(op: Operation, name: str) -> AffineMap:
    return cast(A.AffineMapAttr, op.get_attr(name)).value


def _for_lb_ub(op: Operation) -> tuple[list[Value], list[Value], list[Value]]:
    return cast(AffineForOp, op)._operand_groups()


def _single_constant(m: AffineMap) -> int | None:
    return m.single_constant_result if m.is_single_constant() else None


def _step(op: Operation) -> int:
    return cast(A.IntegerAttr, op.get_attr("step")).value


def iv_lower_bound(v: Value) -> int | None:
    """Upstream's ``getLowerBound(Value iv)``: a constant lower bound of a loop IV."""
    f = for_iv_owner(v)
    return _single_constant(_map_prop(f, "lowerBoundMap")) if f is not None else None


def iv_upper_bound(v: Value) -> int | None:
    """Upstream's ``getUpperBound(Value iv)``: the last value a loop IV takes
    (inclusive) when its upper bound is constant."""
    f = for_iv_owner(v)
    if f is None:
        return None
    ub = _single_constant(_map_prop(f, "upperBoundMap"))
    if ub is None:
        return None
    lb = _single_constant(_map_prop(f, "lowerBoundMap"))
    if lb is not None:
        return ub - 1 - _cmod(ub - lb - 1, _step(f))
    return ub - 1


def _cmod(a: int, b: int) -> int:
    """C++ ``%`` (the sign of the dividend)."""
    r = abs(a) % abs(b)
    return -r if a < 0 else r


# -- maps (and sets) with operands ---------------------------------------------------------------


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
            if v is None or not isinstance(v, OpResult) or v.owner.name != "affine.apply":
                continue
            if is_dim:
                dims[k] = None
            else:
                syms[k] = None
            apply = v.owner
            amap, aops = canonicalize_map_and_operands(_map_prop(apply, "map"), apply.operands)
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


def compose_set_and_operands(s: IntegerSet, operands: Sequence[Value]) -> tuple[IntegerSet, list[Value]]:
    """Upstream's ``composeSetAndOperands``: the constraints composed as the
    results of a map (only when some operand comes from an apply)."""
    if not any(isinstance(v, OpResult) and v.owner.name == "affine.apply" for v in operands):
        return s, list(operands)
    m, ops = compose_affine_map_and_operands(AffineMap(s.num_dims, s.num_symbols, s.constraints), operands)
    return IntegerSet(m.num_dims, m.num_symbols, m.results, s.eq_flags), ops


# -- simplification with the bounds of loop IVs -------------------------------------------------------


def _largest_known_divisor(e: AffineExpr, operands: Sequence[Value]) -> int:
    if not isinstance(e, AffineDimExpr):
        return e.get_largest_known_divisor()
    f = for_iv_owner(operands[e.position])
    if f is None:
        return 1
    lb = _map_prop(f, "lowerBoundMap")
    if _single_constant(lb) == 0:
        return _step(f)
    g: int | None = None
    for r in lb.results:
        d = r.get_largest_known_divisor()
        g = d if g is None else math.gcd(g, d)
    if g is None:
        g = (1 << 64) - 1
    return math.gcd(g, _step(f))


def _non_negative_bounded_by(e: AffineExpr, operands: Sequence[Value], k: int) -> bool:
    if isinstance(e, AffineConstantExpr):
        return 0 <= e.value < k
    if not isinstance(e, AffineDimExpr):
        return False
    f = for_iv_owner(operands[e.position])
    if f is None:
        return False
    lb = _single_constant(_map_prop(f, "lowerBoundMap"))
    ub = _single_constant(_map_prop(f, "upperBoundMap"))
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


# -- folders --------------------------------------------------------------------------------------


def _const_ints(consts: list) -> list[int | None]:
    return [c.value if isinstance(c, A.IntegerAttr) else None for c in consts]


def fold_apply(op: Operation, consts: list):
    m = _map_prop(op, "map")
    e = m.results[0]
    if isinstance(e, AffineDimExpr):
        return [op.operands[e.position]]
    if isinstance(e, AffineSymbolExpr):
        return [op.operands[m.num_dims + e.position]]
    try:
        _, values = partial_constant_fold(m, _const_ints(consts))
    except Poison:
        return None  # upstream folds to ub.poison: not modelled
    if values is None:
        return None
    return [A.IntegerAttr(values[0], T.index)]


def _fold_min_max(op: Operation, consts: list, is_min: bool):
    m = _map_prop(op, "map")
    try:
        folded, values = partial_constant_fold(m, _const_ints(consts))
    except Poison:
        return None
    if folded.num_symbols == 1 and folded.num_dims == 0 and folded.results == (sym(0),):
        return [op.operands[0]]
    if values is None:
        if folded == m:
            return None
        op.set_attr("map", A.AffineMapAttr(folded))
        return []
    return [A.IntegerAttr(min(values) if is_min else max(values), T.index)]


def fold_min(op: Operation, consts: list):
    return _fold_min_max(op, consts, True)


def fold_max(op: Operation, consts: list):
    return _fold_min_max(op, consts, False)


def set_for_bounds(
    op: Operation, lb_ops: Sequence[Value], lb: AffineMap, ub_ops: Sequence[Value], ub: AffineMap
) -> None:
    """Give an ``affine.for`` new bound maps and operands (in place)."""
    _, _, inits = _for_lb_ub(op)
    op.set_operands([*lb_ops, *ub_ops, *inits])
    op.set_attr("lowerBoundMap", A.AffineMapAttr(lb))
    op.set_attr("upperBoundMap", A.AffineMapAttr(ub))
    op.set_attr("operandSegmentSizes", A.DenseArrayAttr(T.i32, (len(lb_ops), len(ub_ops), len(inits))))


def _fold_loop_bounds(op: Operation) -> bool:
    lbs, ubs, _ = _for_lb_ub(op)
    lb, ub = _map_prop(op, "lowerBoundMap"), _map_prop(op, "upperBoundMap")
    folded = False
    for lower in (True, False):
        m, ops = (lb, lbs) if lower else (ub, ubs)
        if m.is_single_constant():
            continue
        try:
            _, values = partial_constant_fold(m, [const_int(v) for v in ops])
        except Poison:
            values = None
        if values is None:
            continue
        c = AffineMap.constant_map(max(values) if lower else min(values))
        if lower:
            lb, lbs = c, []
        else:
            ub, ubs = c, []
        folded = True
    if folded:
        set_for_bounds(op, lbs, lb, ubs, ub)
    return folded


def _canonicalize_loop_bounds(op: Operation) -> bool:
    lbs, ubs, _ = _for_lb_ub(op)
    lb, ub = _map_prop(op, "lowerBoundMap"), _map_prop(op, "upperBoundMap")
    prev_lb, prev_ub = lb, ub
    lb, lbs = compose_affine_map_and_operands(lb, lbs)
    lb, lbs = canonicalize_map_and_operands(lb, lbs)
    lb = simplify_min_or_max_with_operands(lb, lbs, True)
    ub = simplify_min_or_max_with_operands(ub, ubs, False)
    lb = remove_duplicate_exprs(lb)
    ub, ubs = compose_affine_map_and_operands(ub, ubs)
    ub, ubs = canonicalize_map_and_operands(ub, ubs)
    ub = remove_duplicate_exprs(ub)
    if lb == prev_lb and ub == prev_ub:
        return False
    old_lbs, old_ubs, _ = _for_lb_ub(op)
    set_for_bounds(op, lbs if lb != prev_lb else old_lbs, lb, ubs if ub != prev_ub else old_ubs, ub)
    return True


def trivial_trip_count(op: Operation) -> int | None:
    """Upstream's ``getTrivialConstantTripCount``: from constant bounds only."""
    lb = _single_constant(_map_prop(op, "lowerBoundMap"))
    ub = _single_constant(_map_prop(op, "upperBoundMap"))
    step = _step(op)
    if lb is None or ub is None or step <= 0:
        return None
    return 0 if ub - lb <= 0 else (ub - lb + step - 1) // step


def fold_for(op: Operation, consts: list):
    folded = _fold_loop_bounds(op)
    folded |= _canonicalize_loop_bounds(op)
    if trivial_trip_count(op) == 0 and op.results:
        return list(_for_lb_ub(op)[2])
    return [] if folded else None


def fold_if(op: Operation, consts: list):
    s = cast(A.IntegerSetAttr, op.get_attr("condition")).value
    ops = op.operands
    s2, ops2 = compose_set_and_operands(s, ops)
    s2, ops2 = canonicalize_set_and_operands(s2, ops2)
    if s2 == s and len(ops2) == len(ops) and all(a is b for a, b in zip(ops, ops2)):
        return None
    op.set_attr("condition", A.IntegerSetAttr(s2))
    op.set_operands(ops2)
    return []


FOLDERS = {
    "affine.apply": fold_apply,
    "affine.min": fold_min,
    "affine.max": fold_max,
    "affine.for": fold_for,
    "affine.if": fold_if,
}


# -- patterns ---------------------------------------------------------------------------------------


def _keep_names(old: Operation, new: Operation) -> None:
    for a, b in zip(old.results, new.results):
        b.name_hint = a.name_hint


# Leading operands that are not map operands (the stored value, the memref).
_NON_MAP_OPERANDS = {"affine.load": 1, "affine.store": 2, "affine.vector_load": 1, "affine.vector_store": 2}


def _map_and_operands(op: Operation) -> tuple[AffineMap, list[Value]]:
    return _map_prop(op, "map"), op.operands[_NON_MAP_OPERANDS.get(op.name, 0) :]


def _rebuild(op: Operation, m: AffineMap, operands: list[Value]) -> Operation:
    if op.name == "affine.load":
        return AffineLoadOp.build(op.operands[0], operands, m, loc=op.loc)
    if op.name == "affine.store":
        return AffineStoreOp.build(op.operands[0], op.operands[1], operands, m, loc=op.loc)
    if op.name in ("affine.vector_load", "affine.vector_store"):
        cls = AffineVectorLoadOp if op.name == "affine.vector_load" else AffineVectorStoreOp
        lead = op.operands[: _NON_MAP_OPERANDS[op.name]]
        return cls.create(
            operands=[*lead, *operands],
            result_types=op.result_types,
            properties={"map": A.AffineMapAttr(m)},
            loc=op.loc,
        )
    cls = {"affine.apply": AffineApplyOp, "affine.min": AffineMinOp, "affine.max": AffineMaxOp}[op.name]
    return cls.build(m, operands, loc=op.loc)


class SimplifyAffineOp(RewritePattern):
    """Compose the maps of ``affine.apply`` operands into the op's map,
    canonicalize map and operands, simplify with loop bounds."""

    op_names = ("affine.apply", "affine.load", "affine.store", "affine.vector_load", "affine.vector_store")

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        old_map, old_ops = _map_and_operands(op)
        m, ops = compose_affine_map_and_operands(old_map, old_ops)
        m, ops = canonicalize_map_and_operands(m, ops)
        m = simplify_map_with_operands(m, ops)
        if m == old_map and all(a is b for a, b in zip(old_ops, ops)):
            return False
        new = _rebuild(op, m, ops)
        _keep_names(op, new)
        rewriter.replace_op_with_new(op, new)
        return True


def _min_max_class(op: Operation) -> type[AffineMinOp] | type[AffineMaxOp]:
    return AffineMinOp if op.name == "affine.min" else AffineMaxOp


class CanonicalizeSingleResultAffineMinMaxOp(RewritePattern):
    """A min/max of one result is an ``affine.apply``."""

    op_names = ("affine.min", "affine.max")

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        m = _map_prop(op, "map")
        if len(m.results) != 1:
            return False
        new = AffineApplyOp.build(m, op.operands, loc=op.loc)
        _keep_names(op, new)
        rewriter.replace_op_with_new(op, new)
        return True


class DeduplicateAffineMinMaxExpressions(RewritePattern):
    op_names = ("affine.min", "affine.max")

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        m = _map_prop(op, "map")
        out: list[AffineExpr] = []
        for e in m.results:
            if e not in out:
                out.append(e)
        if len(out) == len(m.results):
            return False
        new = _min_max_class(op).build(AffineMap(m.num_dims, m.num_symbols, out), op.operands, loc=op.loc)
        _keep_names(op, new)
        rewriter.replace_op_with_new(op, new)
        return True


class MergeAffineMinMaxOp(RewritePattern):
    """A min (max) result that is a lone dim or symbol bound to another min
    (max) is replaced by that op's results."""

    op_names = ("affine.min", "affine.max")

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        m = _map_prop(op, "map")
        dim_ops = list(op.operands[: m.num_dims])
        sym_ops = list(op.operands[m.num_dims :])
        exprs: list[AffineExpr] = []
        producers: list[Operation] = []
        for e in m.results:
            v = None
            if isinstance(e, AffineSymbolExpr):
                v = sym_ops[e.position]
            elif isinstance(e, AffineDimExpr):
                v = dim_ops[e.position]
            if isinstance(v, OpResult) and v.owner.name == op.name:
                producers.append(v.owner)
                continue
            exprs.append(e)
        if not producers:
            return False
        nd, ns = m.num_dims, m.num_symbols
        for p in producers:
            pm = _map_prop(p, "map")
            dim_ops.extend(p.operands[: pm.num_dims])
            sym_ops.extend(p.operands[pm.num_dims :])
            for e in pm.results:
                exprs.append(e.shift_dims(pm.num_dims, nd).shift_symbols(pm.num_symbols, ns))
            nd += pm.num_dims
            ns += pm.num_symbols
        new = _min_max_class(op).build(AffineMap(nd, ns, exprs), dim_ops + sym_ops, loc=op.loc)
        _keep_names(op, new)
        rewriter.replace_op_with_new(op, new)
        return True


class CanonicalizeAffineMinMaxOpExprAndTermOrder(RewritePattern):
    """Sort the results of a min/max by their flat forms (pure affine
    results without divisions only)."""

    op_names = ("affine.min", "affine.max")

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        m = _map_prop(op, "map")
        flats: list[list[int]] = []
        for e in m.results:
            if not e.is_pure_affine():
                return False
            f = flatten(e, m.num_dims, m.num_symbols)
            if f is None or len(f[0]) != m.num_dims + m.num_symbols + 1:
                return False
            flats.append(f[0])
        if all(flats[i] <= flats[i + 1] for i in range(len(flats) - 1)):
            return False
        order = sorted(range(len(flats)), key=lambda i: flats[i])
        new = _min_max_class(op).build(
            AffineMap(m.num_dims, m.num_symbols, [m.results[i] for i in order]), op.operands, loc=op.loc
        )
        _keep_names(op, new)
        rewriter.replace_op_with_new(op, new)
        return True


class AffineForEmptyLoopFolder(RewritePattern):
    """A loop whose body only yields: its results are its initial values
    (or the loop-invariant values it yields), when that is known."""

    op_names = ("affine.for",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        body = op.regions[0].blocks[0]
        if len(body.operations) != 1:
            return False
        if not op.results:
            return True  # upstream reports success without a change; the loop is dead
        trip = trivial_trip_count(op)
        inits = _for_lb_ub(op)[2]
        if trip == 0:
            rewriter.replace_op(op, inits)
            return True
        yielded = body.operations[0].operands
        iter_args = body.arguments[1:]
        iv = body.arguments[0]
        repl: list[Value] = []
        outside = out_of_order = False
        for i, v in enumerate(yielded):
            if v is iv:
                return False
            pos = next((k for k, a in enumerate(iter_args) if a is v), None)
            if pos is None:
                outside = True
                repl.append(v)
            else:
                out_of_order |= pos != i
                repl.append(inits[pos])
        if trip is None and (outside or out_of_order):
            return False
        if trip is not None and trip >= 2 and out_of_order:
            return False
        rewriter.replace_op(op, repl)
        return True


class SimplifyDeadElse(RewritePattern):
    """Drop an else region that only yields (when the if has no results)."""

    op_names = ("affine.if",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        els = op.regions[1]
        if not els.blocks or len(els.blocks[0].operations) != 1 or op.results:
            return False
        rewriter.erase_block(els.blocks[0])
        rewriter.modified(op)
        return True


def _inline_if_branch(op: Operation, region_index: int | None, rewriter: PatternRewriter) -> None:
    """Replace an ``affine.if`` by the ops of one of its regions (None:
    erase it; it has no results)."""
    if region_index is None:
        rewriter.erase_op(op)
        return
    block = op.regions[region_index].blocks[0]
    term = block.operations[-1]
    rewriter.inline_block_before(block, op)
    rewriter.replace_op(op, term.operands)
    rewriter.erase_op(term)


class AlwaysTrueOrFalseIf(RewritePattern):
    """Inline the then (else) region of an ``affine.if`` whose condition is
    the trivially true set ``0 == 0`` (the empty set ``1 == 0``)."""

    op_names = ("affine.if",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        s = cast(A.IntegerSetAttr, op.get_attr("condition")).value
        if s.is_empty_integer_set():
            if not op.results and not op.regions[1].blocks:
                _inline_if_branch(op, None, rewriter)
                return True
            _inline_if_branch(op, 1, rewriter)
            return True
        if s.num_equalities == 1 and s.num_inequalities == 0 and s.constraints[0] == const(0):
            _inline_if_branch(op, 0, rewriter)
            return True
        return False


class SimplifyAffineMinMaxOp(SimplifyAffineOp):
    """`SimplifyAffineOp` for min/max, in upstream's place among their patterns."""

    op_names = ("affine.min", "affine.max")

    @property
    def label(self) -> str:
        return "SimplifyAffineOp"


# Upstream's registration order (patterns of equal benefit are tried in it).
PATTERNS: list[RewritePattern] = [
    SimplifyAffineOp(),
    CanonicalizeSingleResultAffineMinMaxOp(),
    DeduplicateAffineMinMaxExpressions(),
    MergeAffineMinMaxOp(),
    SimplifyAffineMinMaxOp(),
    CanonicalizeAffineMinMaxOpExprAndTermOrder(),
    AffineForEmptyLoopFolder(),
    SimplifyDeadElse(),
    AlwaysTrueOrFalseIf(),
]


# -- beyond upstream: loops that run zero or one times, constant conditions ---------------------------


def constant_trip_count(op: Operation) -> int | None:
    """The trip count of an ``affine.for`` when it is a constant (upstream's
    ``getConstantTripCount``; a non-positive difference counts as zero),
    for a single-result lower bound."""
    lbs, ubs, _ = _for_lb_ub(op)
    lb, ub = _map_prop(op, "lowerBoundMap"), _map_prop(op, "upperBoundMap")
    if len(lb.results) != 1:
        return None
    step = _step(op)
    # Both bounds over one operand list: lb's dims and symbols, then ub's.
    nd = lb.num_dims + ub.num_dims
    ns = lb.num_symbols + ub.num_symbols
    lbe = lb.results[0]
    ub2 = ub.shift_dims(lb.num_dims).shift_symbols(lb.num_symbols)
    exprs = [(e - lbe).ceildiv(step) for e in ub2.results]
    operands = list(lbs[: lb.num_dims]) + list(ubs[: ub.num_dims]) + list(lbs[lb.num_dims :]) + list(ubs[ub.num_dims :])
    m, ops = canonicalize_map_and_operands(AffineMap(nd, ns, exprs), operands)
    m = simplify_affine_map(m)
    if not m.is_constant():
        return None
    return max(0, min(m.constant_results))


class EraseZeroTripLoop(RewritePattern):
    """Erase an ``affine.for`` without results whose bounds make it run
    zero times (not an upstream canonicalization)."""

    op_names = ("affine.for",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if op.results or constant_trip_count(op) != 0:
            return False
        rewriter.erase_op(op)
        return True


class PromoteSingleIterationLoop(RewritePattern):
    """Upstream's ``promoteIfSingleIteration`` (a loop utility, not an
    upstream canonicalization): a loop that runs exactly once, with a
    single-result lower bound, is replaced by its body; the IV becomes the
    lower bound (a constant at the function's start, the bound operand, or
    an ``affine.apply``), iter_args their initial values, results the
    yielded values."""

    op_names = ("affine.for",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if constant_trip_count(op) != 1:
            return False
        lbs, _, inits = _for_lb_ub(op)
        lb = _map_prop(op, "lowerBoundMap")
        body = op.regions[0].blocks[0]
        iv = body.arguments[0]
        if iv.uses:
            c = _single_constant(lb)
            if c is not None:
                func = op.parent_op
                while func is not None and "FunctionOpInterface" not in func.traits:
                    func = func.parent_op
                k = ConstantOp.of(A.IntegerAttr(c, T.index))
                k.loc = op.loc
                if func is not None and func.regions and func.regions[0].blocks:
                    rewriter.insert_at_start(func.regions[0].blocks[0], k)
                else:
                    rewriter.insert_before(op, k)
                rewriter.replace_all_uses_with(iv, k.results[0])
            elif lb == AffineMap.identity(1) and len(lbs) == 1:
                rewriter.replace_all_uses_with(iv, lbs[0])
            else:
                a = rewriter.insert_before(op, AffineApplyOp.build(lb, lbs, loc=op.loc))
                rewriter.replace_all_uses_with(iv, a.results[0])
        for arg, init in zip(body.arguments[1:], inits):
            rewriter.replace_all_uses_with(arg, init)
        term = body.operations[-1]
        yielded = term.operands
        rewriter.inline_block_before(body, op, [])
        rewriter.replace_op(op, yielded)
        rewriter.erase_op(term)
        return True


class ConstantConditionIf(RewritePattern):
    """Resolve an ``affine.if`` whose constraints are all constants (not an
    upstream canonicalization: upstream only resolves ``0 == 0`` and
    ``1 == 0``)."""

    op_names = ("affine.if",)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        s = cast(A.IntegerSetAttr, op.get_attr("condition")).value
        values = [c.value for c in s.constraints if isinstance(c, AffineConstantExpr)]
        if len(values) != len(s.constraints):
            return False
        holds = all((v == 0) if eq else (v >= 0) for v, eq in zip(values, s.eq_flags))
        if holds:
            _inline_if_branch(op, 0, rewriter)
        elif op.regions[1].blocks:
            _inline_if_branch(op, 1, rewriter)
        else:
            _inline_if_branch(op, None, rewriter)
        return True


LOOP_CLEANUP_PATTERNS: list[RewritePattern] = [EraseZeroTripLoop(), PromoteSingleIterationLoop(), ConstantConditionIf()]
