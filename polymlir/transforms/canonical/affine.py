"""The affine part of ``canonicalize``: upstream's folders and
canonicalization patterns of the affine ops (``AffineOps.cpp``).

The map-and-operand utilities they use are in ``polymlir.dialects.affine.map_utils``.

Folders (by op class): ``affine.apply`` (to an operand, or to a
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

Also upstream's: the ``affine.parallel`` fold (bound maps composed),
``SimplifyAffineOp`` for ``affine.prefetch``, the ``affine.load`` /
``affine.store`` folds (through ``memref.cast``; a load of a constant
``memref.global`` is its element). The ``(de)linearize_index`` folders and
patterns are in `canonical/affine_index.py`.

Not reproduced: semi-affine simplification (``simplifySemiAffine``), the
``dma`` canonicalizations, poison folding (a division by zero is left
unfolded).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...dialects.affine.loops import AffineForOp, AffineIfOp
from ...dialects.affine.map_utils import (
    canonicalize_map_and_operands,
    canonicalize_set_and_operands,
    compose_affine_map_and_operands,
    compose_set_and_operands,
    const_int,
    for_operand_groups,
    for_step,
    map_prop,
    remove_duplicate_exprs,
    simplify_map_with_operands,
    simplify_min_or_max_with_operands,
    single_constant,
)
from ...dialects.affine.memory import (
    AffineLoadOp,
    AffinePrefetchOp,
    AffineStoreOp,
    AffineVectorLoadOp,
    AffineVectorStoreOp,
)
from ...dialects.affine.ops import (
    AffineApplyOp,
    AffineMaxOp,
    AffineMinOp,
)
from ...dialects.affine.parallel import AffineParallelOp
from ...dialects.arith.ops import ConstantOp
from ...dialects.memref.globals import GetGlobalOp, GlobalOp
from ...dialects.memref.ops import CastOp as MemRefCastOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import (
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymbolExpr,
    const,
    sym,
)
from ...ir.affine_flatten import (
    Poison,
    flatten,
    partial_constant_fold,
    simplify_affine_map,
)
from ...ir.affine_map import AffineMap
from ...ir.core import Operation, OpResult, Value
from ...ir.patterns import Folder, OpClass, PatternRewriter, RewritePattern
from ...ir.symbol_table import lookup_in
from ...ir.traits import FUNCTION_OP_INTERFACE, SYMBOL_TABLE

# -- folders --------------------------------------------------------------------------------------


def _const_ints(consts: list) -> list[int | None]:
    return [c.value if isinstance(c, A.IntegerAttr) else None for c in consts]


def fold_apply(op: Operation, consts: list):
    m = map_prop(op, "map")
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
    m = map_prop(op, "map")
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
    _, _, inits = for_operand_groups(op)
    op.set_operands([*lb_ops, *ub_ops, *inits])
    op.set_attr("lowerBoundMap", A.AffineMapAttr(lb))
    op.set_attr("upperBoundMap", A.AffineMapAttr(ub))
    op.set_attr("operandSegmentSizes", A.DenseArrayAttr(T.i32, (len(lb_ops), len(ub_ops), len(inits))))


def _fold_loop_bounds(op: Operation) -> bool:
    lbs, ubs, _ = for_operand_groups(op)
    lb, ub = map_prop(op, "lowerBoundMap"), map_prop(op, "upperBoundMap")
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
    lbs, ubs, _ = for_operand_groups(op)
    lb, ub = map_prop(op, "lowerBoundMap"), map_prop(op, "upperBoundMap")
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
    old_lbs, old_ubs, _ = for_operand_groups(op)
    set_for_bounds(op, lbs if lb != prev_lb else old_lbs, lb, ubs if ub != prev_ub else old_ubs, ub)
    return True


def trivial_trip_count(op: Operation) -> int | None:
    """Upstream's ``getTrivialConstantTripCount``: from constant bounds only."""
    lb = single_constant(map_prop(op, "lowerBoundMap"))
    ub = single_constant(map_prop(op, "upperBoundMap"))
    step = for_step(op)
    if lb is None or ub is None or step <= 0:
        return None
    return 0 if ub - lb <= 0 else (ub - lb + step - 1) // step


def fold_for(op: Operation, consts: list):
    folded = _fold_loop_bounds(op)
    folded |= _canonicalize_loop_bounds(op)
    if trivial_trip_count(op) == 0 and op.results:
        return list(for_operand_groups(op)[2])
    return [] if folded else None


def fold_if(op: Operation, consts: list):
    s = cast(A.IntegerSetAttr, op.get_attr("condition")).value
    ops = op.operands
    s2, ops2 = compose_set_and_operands(s, ops)
    s2, ops2 = canonicalize_set_and_operands(s2, ops2)
    if s2 == s and len(ops2) == len(ops) and all(a is b for a, b in zip(ops, ops2, strict=True)):
        return None
    op.set_attr("condition", A.IntegerSetAttr(s2))
    op.set_operands(ops2)
    return []


def fold_parallel(op: Operation, consts: list):
    """Upstream's ``AffineParallelOp::fold``: each bound map composed with
    the applies that feed it (``AffineValueMap::canonicalize``)."""
    lb, ub = map_prop(op, "lowerBoundsMap"), map_prop(op, "upperBoundsMap")
    lb_ops, ub_ops = op.operands[: lb.num_inputs], op.operands[lb.num_inputs :]
    new_lb, new_lb_ops = compose_affine_map_and_operands(lb, lb_ops)
    new_ub, new_ub_ops = compose_affine_map_and_operands(ub, ub_ops)
    lb_changed = not (new_lb == lb and _same_values(new_lb_ops, lb_ops))
    ub_changed = not (new_ub == ub and _same_values(new_ub_ops, ub_ops))
    if not lb_changed and not ub_changed:
        return None
    if lb_changed:
        op.set_attr("lowerBoundsMap", A.AffineMapAttr(new_lb))
        lb_ops = new_lb_ops
    if ub_changed:
        op.set_attr("upperBoundsMap", A.AffineMapAttr(new_ub))
        ub_ops = new_ub_ops
    op.set_operands([*lb_ops, *ub_ops])
    return []


def _fold_memref_cast(op: Operation, skip: Value | None = None) -> bool:
    """Upstream's ``memref::foldMemRefCast``: operands produced by a
    ``memref.cast`` from a ranked memref read the cast's source (in place);
    ``skip`` (a stored value) is left alone."""
    new = list(op.operands)
    folded = False
    for i, v in enumerate(new):
        if v is skip or not isinstance(v, OpResult) or not isinstance(v.owner, MemRefCastOp):
            continue
        src = v.owner.operands[0]
        if isinstance(src.type, T.UnrankedMemRefType):
            continue
        new[i] = src
        folded = True
    if folded:
        op.set_operands(new)
    return folded


def _constant_global_element(op: Operation) -> A.Attribute | None:
    """The element an ``affine.load`` reads from a constant
    ``memref.global`` (any element of a splat, else at constant indices)."""
    src = op.operands[0]
    if not isinstance(src, OpResult) or not isinstance(src.owner, GetGlobalOp):
        return None
    table = src.owner.parent_op
    while table is not None and SYMBOL_TABLE not in table.traits:
        table = table.parent_op
    if table is None:
        return None
    g = lookup_in(table, cast(A.SymbolRefAttr, src.owner.get_attr("name")).root)
    if not isinstance(g, GlobalOp) or g.get_attr("constant") is None:
        return None
    init = g.get_attr("initial_value")
    if not isinstance(init, A.DenseElementsAttr):
        return None
    et = cast(T.ShapedType, init.type).element_type
    if init.splat:
        return _element_attr(init.data[0], et)
    m = map_prop(op, "map")
    if not m.is_constant():
        return None
    shape = cast(T.ShapedType, init.type).shape
    idx = list(m.constant_results)
    if len(idx) != len(shape) or any(not 0 <= i < n for i, n in zip(idx, shape, strict=True)):
        return None
    flat = 0
    for i, n in zip(idx, shape, strict=True):
        flat = flat * n + i
    return _element_attr(init.values[flat], et)


def _element_attr(v: object, et: T.Type) -> A.Attribute | None:
    if isinstance(v, bool | int) and isinstance(et, T.IntegerType | T.IndexType):
        return A.IntegerAttr(int(v), et)
    if isinstance(v, float) and isinstance(et, T.FloatType):
        return A.FloatAttr(v, et)
    return None


def fold_load(op: Operation, consts: list):
    """Upstream's ``AffineLoadOp::fold``: through a ``memref.cast``; a load
    of a constant global is the element."""
    if _fold_memref_cast(op):
        return []
    v = _constant_global_element(op)
    return None if v is None else [v]


def fold_store(op: Operation, consts: list):
    """Upstream's ``AffineStoreOp::fold``: through a ``memref.cast`` (not of
    the stored value)."""
    return [] if _fold_memref_cast(op, op.operands[0]) else None


def _same_values(a: Sequence[Value], b: Sequence[Value]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


FOLDERS: dict[OpClass, Folder] = {
    AffineApplyOp: fold_apply,
    AffineParallelOp: fold_parallel,
    AffineLoadOp: fold_load,
    AffineStoreOp: fold_store,
    AffineMinOp: fold_min,
    AffineMaxOp: fold_max,
    AffineForOp: fold_for,
    AffineIfOp: fold_if,
}


# -- patterns ---------------------------------------------------------------------------------------


def _keep_names(old: Operation, new: Operation) -> None:
    for a, b in zip(old.results, new.results, strict=True):
        b.name_hint = a.name_hint


# Leading operands that are not map operands (the stored value, the memref).
_NON_MAP_OPERANDS: dict[OpClass, int] = {
    AffineLoadOp: 1,
    AffineStoreOp: 2,
    AffineVectorLoadOp: 1,
    AffineVectorStoreOp: 2,
    AffinePrefetchOp: 1,
}


def _map_and_operands(op: Operation) -> tuple[AffineMap, list[Value]]:
    return map_prop(op, "map"), op.operands[_NON_MAP_OPERANDS.get(type(op), 0) :]


def _rebuild(op: Operation, m: AffineMap, operands: list[Value]) -> Operation:
    if isinstance(op, AffineLoadOp):
        return AffineLoadOp.build(op.operands[0], operands, m, loc=op.loc)
    if isinstance(op, AffineStoreOp):
        return AffineStoreOp.build(op.operands[0], op.operands[1], operands, m, loc=op.loc)
    if isinstance(op, (AffineVectorLoadOp, AffineVectorStoreOp, AffinePrefetchOp)):
        lead = op.operands[: _NON_MAP_OPERANDS[type(op)]]
        return type(op).create(
            operands=[*lead, *operands],
            result_types=op.result_types,
            properties={**op.props, "map": A.AffineMapAttr(m)},
            attributes=op.attributes,
            loc=op.loc,
        )
    assert isinstance(op, (AffineApplyOp, AffineMinOp, AffineMaxOp))
    return type(op).build(m, operands, loc=op.loc)


class SimplifyAffineOp(RewritePattern):
    """Compose the maps of ``affine.apply`` operands into the op's map,
    canonicalize map and operands, simplify with loop bounds."""

    op_types: tuple[OpClass, ...] = (
        AffineApplyOp,
        AffineLoadOp,
        AffineStoreOp,
        AffineVectorLoadOp,
        AffineVectorStoreOp,
        AffinePrefetchOp,
    )

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        old_map, old_ops = _map_and_operands(op)
        m, ops = compose_affine_map_and_operands(old_map, old_ops)
        m, ops = canonicalize_map_and_operands(m, ops)
        m = simplify_map_with_operands(m, ops)
        if m == old_map and all(a is b for a, b in zip(old_ops, ops, strict=False)):
            return False
        new = _rebuild(op, m, ops)
        _keep_names(op, new)
        rewriter.replace_op_with_new(op, new)
        return True


def _min_max_class(op: Operation) -> type[AffineMinOp] | type[AffineMaxOp]:
    return AffineMinOp if isinstance(op, AffineMinOp) else AffineMaxOp


class CanonicalizeSingleResultAffineMinMaxOp(RewritePattern):
    """A min/max of one result is an ``affine.apply``."""

    op_types = (AffineMinOp, AffineMaxOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        m = map_prop(op, "map")
        if len(m.results) != 1:
            return False
        new = AffineApplyOp.build(m, op.operands, loc=op.loc)
        _keep_names(op, new)
        rewriter.replace_op_with_new(op, new)
        return True


class DeduplicateAffineMinMaxExpressions(RewritePattern):
    op_types = (AffineMinOp, AffineMaxOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        m = map_prop(op, "map")
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

    op_types = (AffineMinOp, AffineMaxOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        m = map_prop(op, "map")
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
            if isinstance(v, OpResult) and type(v.owner) is type(op):
                producers.append(v.owner)
                continue
            exprs.append(e)
        if not producers:
            return False
        nd, ns = m.num_dims, m.num_symbols
        for p in producers:
            pm = map_prop(p, "map")
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

    op_types = (AffineMinOp, AffineMaxOp)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        m = map_prop(op, "map")
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

    op_types = (AffineForOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        body = op.regions[0].blocks[0]
        if len(body.operations) != 1:
            return False
        if not op.results:
            return True  # upstream reports success without a change; the loop is dead
        trip = trivial_trip_count(op)
        inits = for_operand_groups(op)[2]
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

    op_types = (AffineIfOp,)

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

    op_types = (AffineIfOp,)

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

    op_types = (AffineMinOp, AffineMaxOp)

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
    lbs, ubs, _ = for_operand_groups(op)
    lb, ub = map_prop(op, "lowerBoundMap"), map_prop(op, "upperBoundMap")
    if len(lb.results) != 1:
        return None
    step = for_step(op)
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

    op_types = (AffineForOp,)

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

    op_types = (AffineForOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if constant_trip_count(op) != 1:
            return False
        lbs, _, inits = for_operand_groups(op)
        lb = map_prop(op, "lowerBoundMap")
        body = op.regions[0].blocks[0]
        iv = body.arguments[0]
        if iv.uses:
            c = single_constant(lb)
            if c is not None:
                func = op.parent_op
                while func is not None and FUNCTION_OP_INTERFACE not in func.traits:
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
        for arg, init in zip(body.arguments[1:], inits, strict=True):
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

    op_types = (AffineIfOp,)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        s = cast(A.IntegerSetAttr, op.get_attr("condition")).value
        values = [c.value for c in s.constraints if isinstance(c, AffineConstantExpr)]
        if len(values) != len(s.constraints):
            return False
        holds = all((v == 0) if eq else (v >= 0) for v, eq in zip(values, s.eq_flags, strict=True))
        if holds:
            _inline_if_branch(op, 0, rewriter)
        elif op.regions[1].blocks:
            _inline_if_branch(op, 1, rewriter)
        else:
            _inline_if_branch(op, None, rewriter)
        return True


LOOP_CLEANUP_PATTERNS: list[RewritePattern] = [EraseZeroTripLoop(), PromoteSingleIterationLoop(), ConstantConditionIf()]
