"""Computation slices for slice-based fusion (upstream's ``canFuseLoops``,
``computeSliceUnion``, ``getComputationSliceState``).

A `SliceState` says which iterations of a source nest's loops one iteration
of the destination's outermost ``depth`` loops needs: per source loop a lower
and an upper bound map over the destination IVs (and symbols), or None (the
whole loop), and where in the destination the sliced copy goes. Bounds are
read off the exact relation between the dependent accesses (isl), the
shapes upstream's constraint-system code gives in the common cases.

`can_fuse_loops` answers with upstream's result kinds (``FusionResult``):
the nests are in different blocks, no insertion point keeps the block's
dependences, an ``affine.if`` is inside, a dependence inside the
destination is carried above the depth, no slice could be computed, or the
slice would run iterations the source does not have.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import cast

from ...affine import isl_bridge as ib
from ...affine.dependence import dependences, is_parallel, loop_parallelism
from ...affine.model import Loop, PolyhedralModel, Statement, analyze
from ...dialects.affine import AffineForOp, AffineIfOp
from ...dialects.affine.map_utils import compose_affine_map_and_operands
from ...dialects.builtin import ModuleOp
from ...dialects.func import FuncOp
from ...ir import attributes as A
from ...ir.affine_expr import AffineConstantExpr, AffineExpr, const, dim, sym
from ...ir.affine_flatten import simplify_affine_expr
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Operation, Value
from ...ir.interfaces import affine_access
from ...ir.traits import AFFINE_SCOPE
from .fusion_graph import access_memref, is_affine_read, is_affine_write

SLICE_FUSION_BARRIER = "slice_fusion_barrier"


class FusionResult(Enum):
    SUCCESS = "success"
    FAIL_PRECONDITION = "precondition"
    FAIL_BLOCK_DEPENDENCE = "block-level dependence"
    FAIL_FUSION_DEPENDENCE = "fusion dependence"
    FAIL_INCORRECT_SLICE = "incorrect slice"


class Strategy(Enum):
    GENERIC = "generic"
    PRODUCER_CONSUMER = "producer-consumer"
    SIBLING = "sibling"


@dataclass
class SliceState:
    """A computation slice: source loops ``ivs`` (affine.for ops, outer
    first), their bound maps over ``operands`` (None: the loop's own
    bound), and the op before which the slice is inserted."""

    ivs: list[Operation] = field(default_factory=list)
    lbs: list[AffineMap | None] = field(default_factory=list)
    ubs: list[AffineMap | None] = field(default_factory=list)
    operands: list[Value] = field(default_factory=list)
    insert_before: Operation | None = None
    depth: int = 0  # absolute depth of the destination loop holding the slice
    # The exact data behind the bounds (for validity and maximality).
    dst_loops: list[Loop] = field(default_factory=list)
    src_loops: list[Loop] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.ivs

    @property
    def insert_block(self) -> Block:
        assert self.insert_before is not None and self.insert_before.parent is not None
        return self.insert_before.parent


# -- loops and ops ------------------------------------------------------------------------------


def for_loops(op: Operation) -> list[Operation]:
    """The affine.for ops around ``op`` up to its affine scope, outer first
    (upstream's ``getAffineForIVs``; affine.if is skipped)."""
    out: list[Operation] = []
    cur = op.parent_op
    while cur is not None and not isinstance(cur, (FuncOp, ModuleOp)) and not _is_scope(cur):
        if isinstance(cur, AffineForOp):
            out.append(cur)
        cur = cur.parent_op
    return out[::-1]


def _is_scope(op: Operation) -> bool:
    return AFFINE_SCOPE in op.traits


def nesting_depth(op: Operation) -> int:
    return len(for_loops(op))


def common_loop_count(a: Operation, b: Operation) -> int:
    la, lb = for_loops(a), for_loops(b)
    n = 0
    for x, y in zip(la, lb, strict=False):
        if x is not y:
            break
        n += 1
    return n


def innermost_common_depth(ops: Sequence[Operation]) -> tuple[int, list[Operation]]:
    """The depth of the loops common to all ``ops`` and those loops."""
    chains = [for_loops(o) for o in ops]
    limit = min(len(c) for c in chains)
    out: list[Operation] = []
    for d in range(limit):
        if any(c[d] is not chains[0][d] for c in chains[1:]):
            break
        out.append(chains[0][d])
    return len(out), out


def is_before_in_ancestral_block(a: Operation, b: Operation) -> bool:
    """Whether ``a`` comes before ``b`` in the innermost block holding both
    (their ancestors there)."""
    anc_a = [a, *a.ancestors()] if hasattr(a, "ancestors") else [a]
    blocks_a = {}
    for o in anc_a:
        if o.parent is not None:
            blocks_a[id(o.parent)] = o
    cur: Operation | None = b
    while cur is not None:
        blk = cur.parent
        if blk is not None and id(blk) in blocks_a:
            oa = blocks_a[id(blk)]
            ops = blk.operations
            return ops.index(oa) < ops.index(cur)
        cur = cur.parent_op
    return False


# -- the exact relations ---------------------------------------------------------------------------


class Polyhedra:
    """The polyhedral model of a function, rebuilt when the IR changes
    (``invalidate``), with the per-statement lookups slices need."""

    def __init__(self, func: Operation):
        self.func = func
        self._model: PolyhedralModel | None = None

    def invalidate(self) -> None:
        self._model = None

    @property
    def model(self) -> PolyhedralModel:
        if self._model is None:
            self._model = analyze(self.func)
        return self._model

    def stmt(self, op: Operation) -> Statement | None:
        try:
            return self.model.statement_for(op)
        except KeyError:
            return None

    def loop(self, op: Operation) -> Loop | None:
        try:
            return self.model.loop_for(op)
        except KeyError:
            return None

    @property
    def params(self) -> list[str]:
        return self.model.param_names


def loop_constraints(lp: Loop, positions: dict[int, int]) -> tuple[list[AffineExpr], list[AffineExpr]]:
    """``lp``'s bounds (and stride) as constraints over a tuple where the
    loop at depth ``k`` of its chain sits at ``positions[k]``."""
    chain = lp.enclosing()
    dims = [dim(positions[id(c)]) for c in chain]
    iv = dims[-1]
    ge = [iv - lb.replace_dims_and_symbols(dims) for lb in lp.lbs]
    ge += [ub.replace_dims_and_symbols(dims) - iv - 1 for ub in lp.ubs]
    eq: list[AffineExpr] = []
    if lp.step != 1 and len(lp.lbs) == 1:
        eq.append((iv - lp.lbs[0].replace_dims_and_symbols(dims)) % lp.step)
    return ge, eq


def loops_domain(loops: Sequence[Loop], params: Sequence[str], name: str):
    """The set ``name[loops]`` of their iterations (each loop's own bounds)."""
    pos = {id(lp): k for k, lp in enumerate(loops)}
    ge: list[AffineExpr] = []
    eq: list[AffineExpr] = []
    for lp in loops:
        g, e = loop_constraints(lp, pos)
        ge += g
        eq += e
    return ib.constraint_set([lp.name for lp in loops], list(params), name, ge, eq)


def has_dependence(poly: Polyhedra, a: Operation, b: Operation, depth: int, allow_rar: bool = False) -> bool:
    """Upstream's ``checkMemrefAccessDependence(a, b, depth)``: some
    instances of ``a`` and ``b`` access one element of the same memref, the
    first ``depth - 1`` common loops equal and, within the common loops, ``a``
    earlier at ``depth`` (or textually earlier when ``depth`` passes them);
    one of them writes unless ``allow_rar``."""
    if access_memref(a) is not access_memref(b):
        return False
    if not allow_rar and is_affine_read(a) and is_affine_read(b):
        return False
    sa, sb = poly.stmt(a), poly.stmt(b)
    if sa is None or sb is None:
        return True
    n_common = common_loop_count(a, b)
    if depth > n_common and not is_before_in_ancestral_block(a, b):
        return False
    dep = ib.same_element(sa.accesses[0].relation, sb.accesses[0].relation, 0)
    dep = ib.ordered_at(dep, depth, n_common)
    return not dep.is_empty()


# -- slices ----------------------------------------------------------------------------------------


def _src_loop_list(poly: Polyhedra, ops: Sequence[Operation]) -> list[Loop] | None:
    """Every loop around the source ops, in program (pre-)order."""
    seen: dict[int, Loop] = {}
    for o in ops:
        s = poly.stmt(o)
        if s is None:
            return None
        for lp in s.loops:
            if not isinstance(lp.op, AffineForOp):
                return None
            seen[id(lp)] = lp
    order = {id(lp): k for k, lp in enumerate(poly.model.loops)}
    return sorted(seen.values(), key=lambda lp: order[id(lp)])


def _sequential_loops(poly: Polyhedra, root: Operation) -> set[Operation]:
    """Loops of the nest at ``root`` that carry a dependence or values."""
    out = set()
    for lp in poly.model.loops:
        if root is lp.op or root.is_ancestor_of(lp.op):
            if not is_parallel(poly.model, lp):
                out.add(lp.op)
    return out


def _is_parallel_with_reduction(poly: Polyhedra, op: Operation) -> bool:
    """A loop whose iter_args are reductions and that carries nothing else
    (upstream's ``isLoopParallelAndContainsReduction``)."""
    lp = poly.loop(op)
    if lp is None or lp.iter_args == 0:
        return False
    par, red = loop_parallelism(poly.model, lp)
    return red and not [d for d in _carried(poly, lp) if not d.reduction]


def _carried(poly: Polyhedra, lp: Loop):
    return [d for d in dependences(poly.model) if d.carried_by is lp]


def compute_slice_union(
    poly: Polyhedra,
    ops_a: Sequence[Operation],
    ops_b: Sequence[Operation],
    depth: int,
    n_common: int,
    backward: bool,
) -> tuple[FusionResult, SliceState]:
    """The union of the slices between every dependent pair of ``ops_a``
    (the nest to slice for a backward slice) and ``ops_b``, at absolute
    ``depth`` of the nest it goes into."""
    pairs: list[tuple[Operation, Operation]] = []
    for a in ops_a:
        for b in ops_b:
            if access_memref(a) is not access_memref(b):
                continue
            if backward and depth > nesting_depth(b) or not backward and depth > nesting_depth(a):
                return FusionResult.FAIL_PRECONDITION, SliceState()
            rar = is_affine_read(a) and is_affine_read(b)
            if not has_dependence(poly, a, b, n_common + 1, allow_rar=rar):
                continue
            pairs.append((a, b))
    if not pairs:
        return FusionResult.FAIL_PRECONDITION, SliceState()
    sliced = [p[0] for p in pairs] if backward else [p[1] for p in pairs]
    kept = [p[1] for p in pairs] if backward else [p[0] for p in pairs]
    icd, surrounding = innermost_common_depth(kept)
    if depth > icd:
        return FusionResult.FAIL_PRECONDITION, SliceState()
    src_loops = _src_loop_list(poly, sliced)
    kept_stmt = poly.stmt(kept[0])
    if src_loops is None or kept_stmt is None:
        return FusionResult.FAIL_PRECONDITION, SliceState()
    dst_loops = kept_stmt.loops[:depth]
    params = poly.params
    src_dom = loops_domain(src_loops, params, "Src")
    rels = []
    for a, b in pairs:
        sa, sb = poly.stmt(a), poly.stmt(b)
        assert sa is not None and sb is not None
        n_c = common_loop_count(a, b)
        dep = ib.same_element(sa.accesses[0].relation, sb.accesses[0].relation, n_c)
        if backward:
            emb = ib.embedding(sa.accesses[0].relation, [src_loops.index(lp) for lp in sa.loops], src_dom)
            r = ib.slice_relation(dep, depth, emb)
        else:
            emb = ib.embedding(sb.accesses[0].relation, [src_loops.index(lp) for lp in sb.loops], src_dom)
            r = ib.forward_slice_relation(dep, depth, emb)
        rels.append(r)
    state = SliceState(ivs=[lp.op for lp in src_loops], src_loops=src_loops, dst_loops=list(dst_loops), depth=depth)
    per_pair = []
    for (a, b), r in zip(pairs, rels, strict=True):
        cands: list[list[AffineExpr]] = [[] for _ in src_loops]
        if backward:
            for k, e in _candidates(poly, a, b, depth, src_loops):
                cands[k].append(e)
        per_pair.append([ib.slice_var_bounds(r, k, params, cands[k]) for k in range(len(src_loops))])
    bounds = (
        per_pair[0]
        if len(per_pair) == 1
        else _union_box(per_pair, loops_domain(dst_loops, params, "Dst"), params, depth)
    )
    if bounds is None:
        return FusionResult.FAIL_PRECONDITION, state
    _set_bounds(state, bounds, depth, poly)
    # Loops of the destination holding the slice.
    holder = surrounding[depth - 1]
    body = holder.regions[0].blocks[0]
    state.insert_before = body.operations[0] if backward else body.operations[-1]
    # Read-read pairs (sibling fusion) keep sequential loops whole; so do
    # loops marked as slice fusion barriers.
    rar = all(is_affine_read(a) and is_affine_read(b) for a, b in pairs)
    sequential = _sequential_loops(poly, src_loops[0].op if backward else dst_loops[0].op) if rar else set()
    slice_chain = for_loops(sliced[0]) + ([sliced[0]] if isinstance(sliced[0], AffineForOp) else [])
    _clear_barriers(poly, state, sequential, slice_chain, depth)
    valid = slice_is_valid(poly, state)
    if valid is None:
        return FusionResult.FAIL_PRECONDITION, state
    if not valid:
        return FusionResult.FAIL_INCORRECT_SLICE, state
    return FusionResult.SUCCESS, state


def _union_box(
    per_pair: Sequence[Sequence[ib.VarBounds]], dst_dom, params: Sequence[str], depth: int
) -> list[ib.VarBounds] | None:
    """The bounding box of several pairs' slice bounds (upstream's
    ``unionBoundingBox``): per loop the smaller lower bound (the larger upper
    one) when they differ by a constant, else the constant extremum over the
    destination's iterations; None when a bound is missing."""
    n_params = len(params)
    out = []
    for k in range(len(per_pair[0])):
        lbs = [p[k].lb for p in per_pair]
        ubs = [p[k].ub for p in per_pair]
        if any(e is None for e in lbs) or any(e is None for e in ubs):
            return None
        lb = _pick(cast(list, lbs), dst_dom, params, depth, n_params, upper=False)
        ub = _pick(cast(list, ubs), dst_dom, params, depth, n_params, upper=True)
        if lb is None or ub is None:
            return None
        exact = simplify_affine_expr(ub - lb, depth, n_params) == const(1)
        out.append(ib.VarBounds(lb, ub, exact))
    return out


def _pick(
    exprs: list[AffineExpr], dst_dom, params: Sequence[str], depth: int, n_params: int, upper: bool
) -> AffineExpr | None:
    cur = exprs[0]
    for e in exprs[1:]:
        d = simplify_affine_expr(e - cur, depth, n_params)
        if isinstance(d, AffineConstantExpr):
            if (d.value > 0) == upper and d.value != 0:
                cur = e
            continue
        vals = []
        for x in exprs:
            # An upper bound is exclusive: its extremum is over x - 1.
            v = ib.expr_extremum(x - 1 if upper else x, dst_dom, params, upper)
            if v is None:
                return None
            vals.append(v)
        return const(max(vals) + 1) if upper else const(min(vals))
    return cur


def access_exprs(poly: Polyhedra, op: Operation) -> list[AffineExpr] | None:
    """The indices of an affine access as expressions of its loops
    (``d<k>``: the k-th loop around it) and the model's parameters
    (``s<j>``), the applies producing them composed in."""
    s = poly.stmt(op)
    if s is None:
        return None
    acc = affine_access(op)
    assert acc is not None, "a statement's op is an affine access"
    m, operands = compose_affine_map_and_operands(acc.map, list(acc.indices))
    ivs = [lp.iv for lp in s.loops]
    params = poly.model.params
    repl: list[AffineExpr] = []
    for v in operands:
        k = next((i for i, iv in enumerate(ivs) if iv is v), None)
        if k is not None:
            repl.append(dim(k))
            continue
        j = next((i for i, p in enumerate(params) if p is v), None)
        if j is None:
            return None
        repl.append(sym(j))
    return [r.replace_dims_and_symbols(repl[: m.num_dims], repl[m.num_dims :]) for r in m.results]


def _candidates(
    poly: Polyhedra, a: Operation, b: Operation, depth: int, src_loops: Sequence[Loop]
) -> list[tuple[int, AffineExpr]]:
    """Expressions for source loops read off a dependent access pair: where
    the source indexes a memref dimension with one loop (plus a constant),
    that loop runs the destination's index of that dimension."""
    fa, gb = access_exprs(poly, a), access_exprs(poly, b)
    sa = poly.stmt(a)
    if fa is None or gb is None or sa is None or len(fa) != len(gb):
        return []
    n_params = len(poly.params)
    out = []
    for f, g in zip(fa, gb, strict=True):
        if any(g.is_function_of_dim(q) for q in range(depth, 64)):
            continue
        for p, lp in enumerate(sa.loops):
            rest = simplify_affine_expr(f - dim(p), len(sa.loops), n_params)
            if isinstance(rest, AffineConstantExpr) and lp in src_loops:
                out.append((src_loops.index(lp), simplify_affine_expr(g - rest.value, depth, n_params)))
    return out


def _set_bounds(state: SliceState, bounds: Sequence[ib.VarBounds], depth: int, poly: Polyhedra) -> None:
    used = sorted(
        {
            j
            for b in bounds
            for e in (b.lb, b.ub)
            if e is not None
            for j in range(len(poly.params))
            if e.is_function_of_symbol(j)
        }
    )
    smap: list[AffineExpr] = [const(0)] * len(poly.params)
    for new, j in enumerate(used):
        smap[j] = sym(new)
    dims = [dim(i) for i in range(depth)]
    state.lbs, state.ubs = [], []
    for b in bounds:
        for exprs, e in ((state.lbs, b.lb), (state.ubs, b.ub)):
            exprs.append(
                AffineMap(depth, len(used), (e.replace_dims_and_symbols(dims, smap),)) if e is not None else None
            )
    values = poly.model.symbol_values()
    state.operands = [lp.iv for lp in state.dst_loops if lp.iv is not None] + [values[j] for j in used]


def _clear_barriers(
    poly: Polyhedra, state: SliceState, sequential: set[Operation], chain: Sequence[Operation], depth: int
) -> None:
    for i, op in enumerate(state.ivs):
        if op not in sequential and op.get_attr(SLICE_FUSION_BARRIER) is None:
            continue
        innermost = depth >= len(chain)
        if _is_parallel_with_reduction(poly, op) and innermost and slice_iteration_count(state) == 1:
            m = slice_is_maximal(poly, state)
            if m:
                continue
        for j in range(i, len(state.ivs)):
            state.lbs[j] = None
            state.ubs[j] = None
        break


def _exprs(state: SliceState, poly: Polyhedra) -> list[tuple[AffineExpr | None, AffineExpr | None]]:
    """The bounds as expressions over the destination loops (``d<i>``) and
    the model's parameters (``s<j>``)."""
    n_dst = len(state.dst_loops)
    params = poly.model.symbol_values()
    extra = state.operands[n_dst:]
    smap: list[AffineExpr] = [const(0)] * len(extra)
    for k, v in enumerate(extra):
        smap[k] = sym(next(j for j, p in enumerate(params) if p is v))
    dims = [dim(i) for i in range(n_dst)]
    out = []
    for lb, ub in zip(state.lbs, state.ubs, strict=True):
        out.append(
            (
                lb.results[0].replace_dims_and_symbols(dims, smap) if lb is not None else None,
                ub.results[0].replace_dims_and_symbols(dims, smap) if ub is not None else None,
            )
        )
    return out


def slice_instance_map(poly: Polyhedra, state: SliceState):
    """``Dst[y] -> Src[z]``: the source iterations the slice runs for each
    iteration ``y`` of the destination's outer loops."""
    params = poly.params
    dst = loops_domain(state.dst_loops, params, "Dst")
    exprs = _exprs(state, poly)
    # A bounded loop drops its own bounds (the slice's replace them).
    pos = {id(lp): k for k, lp in enumerate(state.src_loops)}
    ge: list[AffineExpr] = []
    eq: list[AffineExpr] = []
    for lp, (lo, hi) in zip(state.src_loops, exprs, strict=True):
        if lo is None or hi is None:
            g, e = loop_constraints(lp, pos)
            ge += g
            eq += e
    free = ib.constraint_set([lp.name for lp in state.src_loops], list(params), "Src", ge, eq)
    return ib.slice_map(dst, exprs, free)


def slice_iterations(poly: Polyhedra, state: SliceState):
    """The set of source iterations the slice runs, over all destination
    iterations (``Src[...]``)."""
    return slice_instance_map(poly, state).range()


def embedding_for(poly: Polyhedra, s: Statement, state: SliceState):
    """``Dst[y] -> S[x]``: the instances of statement ``s`` (in the sliced
    nest) that the slice runs for each destination prefix; None if ``s``
    has a loop the slice does not know."""
    ids = [id(lp) for lp in state.src_loops]
    if any(id(lp) not in ids for lp in s.loops):
        return None
    src_dom = loops_domain(state.src_loops, poly.params, "Src")
    emb = ib.embedding(s.accesses[0].relation, [ids.index(id(lp)) for lp in s.loops], src_dom)
    return slice_instance_map(poly, state).apply_range(emb.reverse())


def slice_is_valid(poly: Polyhedra, state: SliceState) -> bool | None:
    """Whether every iteration the slice runs is an iteration of the source
    (upstream's ``isSliceValid``)."""
    fast = _maximal_fast_check(state)
    if fast:
        return True
    src = loops_domain(state.src_loops, poly.params, "Src")
    return ib.is_subset(slice_iterations(poly, state), src)


def slice_is_maximal(poly: Polyhedra, state: SliceState) -> bool | None:
    """Whether the slice runs every iteration of the source (upstream's
    ``isMaximal``)."""
    fast = _maximal_fast_check(state)
    if fast is not None:
        return fast
    src = loops_domain(state.src_loops, poly.params, "Src")
    return ib.is_subset(src, slice_iterations(poly, state))


def _maximal_fast_check(state: SliceState) -> bool | None:
    """Upstream's ``isSliceMaximalFastCheck``: every sliced loop runs the
    one iteration of a destination loop with the same constant bounds."""
    if not state.lbs:
        return None
    for k, (lb, ub) in enumerate(zip(state.lbs, state.ubs, strict=True)):
        if lb is None or ub is None or lb.num_results != 1 or ub.num_results != 1:
            return None
        e = lb.results[0]
        if ub.results[0] != e + 1 or not hasattr(e, "position") or e.__class__.__name__ != "AffineDimExpr":
            return None
        dst_iv = state.operands[e.position]
        dst_op = dst_iv.parent_block.parent_op if dst_iv.parent_block is not None else None
        if dst_op is None or not isinstance(dst_op, AffineForOp):
            return None
        src_op = state.ivs[k]
        sb, db = _const_bounds(src_op), _const_bounds(dst_op)
        if sb is None or db is None:
            return None
        if sb != db:
            return False
    return True


def _const_bounds(op: Operation) -> tuple[int, int, int] | None:
    lb = op.get_attr("lowerBoundMap")
    ub = op.get_attr("upperBoundMap")
    step = op.get_attr("step")
    if not (isinstance(lb, A.AffineMapAttr) and isinstance(ub, A.AffineMapAttr) and isinstance(step, A.IntegerAttr)):
        return None
    if not (lb.value.is_single_constant() and ub.value.is_single_constant()):
        return None
    return lb.value.single_constant_result, ub.value.single_constant_result, step.value


def slice_trip_counts(state: SliceState) -> dict[Operation, int] | None:
    """Trip count of every sliced loop (upstream's ``buildSliceTripCountMap``),
    None when one is not constant."""
    out: dict[Operation, int] = {}
    for op, lb, ub in zip(state.ivs, state.lbs, state.ubs, strict=True):
        if lb is None or ub is None or lb.num_results == 0 or ub.num_results == 0:
            cb = _const_bounds(op)
            if cb is not None:
                out[op] = cb[1] - cb[0]
                continue
            tc = static_trip_count(op)
            if tc is None:
                return None
            out[op] = tc
            continue
        d = _const_difference(lb, ub)
        if d is None:
            return None
        out[op] = d
    return out


def _const_difference(lb: AffineMap, ub: AffineMap) -> int | None:
    if lb.num_results != 1 or ub.num_results != 1:
        return None
    e = simplify_affine_expr(ub.results[0] - lb.results[0], lb.num_dims, lb.num_symbols)
    return e.value if isinstance(e, AffineConstantExpr) else None


def slice_iteration_count(state: SliceState) -> int | None:
    tc = slice_trip_counts(state)
    if tc is None:
        return None
    n = 1
    for v in tc.values():
        n *= v
    return n


def static_trip_count(op: Operation) -> int | None:
    """Upstream's ``getStaticTripCount``: ``(ub - lb) ceildiv step`` when the
    difference of the bound maps is a constant."""
    lb = op.get_attr("lowerBoundMap")
    ub = op.get_attr("upperBoundMap")
    if not isinstance(lb, A.AffineMapAttr) or not isinstance(ub, A.AffineMapAttr):
        return None
    lbm, ubm = lb.value, ub.value
    lbs, ubs = _bound_operand_groups(op)
    if lbm.num_results != 1 or ubm.num_results != 1:
        return None
    step = op.prop("step", A.IntegerAttr).value
    if lbm.is_single_constant() and ubm.is_single_constant():
        return max(0, -(-(ubm.single_constant_result - lbm.single_constant_result) // step))
    if [id(v) for v in lbs] != [id(v) for v in ubs] or lbm.num_dims != ubm.num_dims:
        return None
    d = _const_difference(lbm, ubm)
    if d is None:
        return None
    return max(0, -(-d // step))


def _bound_operand_groups(op: Operation) -> tuple[list[Value], list[Value]]:
    assert isinstance(op, AffineForOp), "a sliced loop is an affine.for"
    lbs, ubs, _ = op._operand_groups()
    return lbs, ubs


def _block_of(op: Operation) -> Block:
    assert op.parent is not None, "a nest in a block"
    return op.parent


# -- canFuseLoops -----------------------------------------------------------------------------


def _loads_and_stores(root: Operation) -> list[Operation] | None:
    """The affine loads and stores inside ``root``; None if an affine.if is."""
    out = []
    for o in root.walk(post_order=False):
        if is_affine_read(o) or is_affine_write(o):
            out.append(o)
        elif isinstance(o, AffineIfOp):
            return None
    return out


def _first_dependent_op(a: Operation, b: Operation) -> Operation | None:
    values: dict[int, bool] = {}
    for o in a.walk(post_order=False):
        if is_affine_read(o):
            values.setdefault(id(access_memref(o)), False)
        elif is_affine_write(o):
            values[id(access_memref(o))] = True
    ops = _block_of(a).operations
    for x in ops[ops.index(a) + 1 : ops.index(b)]:
        for o in x.walk(post_order=False):
            if is_affine_read(o) and values.get(id(access_memref(o))):
                return x
            if is_affine_write(o) and id(access_memref(o)) in values:
                return x
    return None


def _last_dependent_op(a: Operation, b: Operation) -> Operation | None:
    values: dict[int, bool] = {}
    for o in b.walk(post_order=False):
        if is_affine_read(o):
            values.setdefault(id(access_memref(o)), False)
        elif is_affine_write(o):
            values[id(access_memref(o))] = True
    ops = _block_of(a).operations
    for x in reversed(ops[ops.index(a) + 1 : ops.index(b)]):
        for o in x.walk(post_order=False):
            if is_affine_read(o) or is_affine_write(o):
                if (is_affine_read(o) and values.get(id(access_memref(o)))) or (
                    is_affine_write(o) and id(access_memref(o)) in values
                ):
                    return x
                continue
            for r in o.results:
                for u in r.uses:
                    if b in for_loops(u.owner) or u.owner is b:
                        return x
    return None


def fused_insertion_point(src: Operation, dst: Operation) -> Operation | None:
    """Upstream's op-level ``getFusedLoopNestInsertionPoint``."""
    ops = _block_of(src).operations
    a, b = (src, dst) if ops.index(src) < ops.index(dst) else (dst, src)
    first = _first_dependent_op(a, b)
    last = _last_dependent_op(a, b)
    if first is not None:
        if last is not None and ops.index(first) <= ops.index(last):
            return None
        return first
    return b


def max_loop_depth(poly: Polyhedra, src_ops: Sequence[Operation], dst_ops: Sequence[Operation]) -> int:
    """The deepest depth at which producer ops ``src_ops`` may be fused into
    the consumer holding ``dst_ops`` (upstream's ``getMaxLoopDepth``)."""
    if not dst_ops:
        return 0
    stored = {id(access_memref(o)) for o in src_ops if is_affine_write(o)}
    pc = {id(access_memref(o)) for o in dst_ops if is_affine_read(o) and id(access_memref(o)) in stored}
    target = [o for o in dst_ops if id(access_memref(o)) in pc]
    if not target:
        return 0
    depth, _ = innermost_common_depth(target)
    if all(is_affine_read(o) for o in target):
        return depth
    for a in target:
        for b in target:
            n = common_loop_count(a, b)
            for d in range(1, n + 2):
                if has_dependence(poly, a, b, d):
                    depth = min(depth, d - 1)
                    break
    return depth


def can_fuse_loops(
    poly: Polyhedra, src: Operation, dst: Operation, depth: int, strategy: Strategy, memref: Value | None = None
) -> tuple[FusionResult, SliceState]:
    """Whether the nest ``src`` can be fused into ``dst`` with the slice
    inserted at absolute ``depth``; the slice when it can."""
    if depth == 0 or src.parent is not dst.parent:
        return FusionResult.FAIL_PRECONDITION, SliceState()
    if fused_insertion_point(src, dst) is None:
        return FusionResult.FAIL_BLOCK_DEPENDENCE, SliceState()
    ops = _block_of(src).operations
    src_first = ops.index(src) < ops.index(dst)
    a, b = (src, dst) if src_first else (dst, src)
    ops_a, ops_b = _loads_and_stores(a), _loads_and_stores(b)
    if ops_a is None or ops_b is None:
        return FusionResult.FAIL_PRECONDITION, SliceState()
    if strategy is Strategy.PRODUCER_CONSUMER:
        if max_loop_depth(poly, ops_a, ops_b) < depth:
            return FusionResult.FAIL_FUSION_DEPENDENCE, SliceState()
    n_common = common_loop_count(src, dst)
    if strategy is Strategy.PRODUCER_CONSUMER:
        strat_a = [o for o in ops_a if is_affine_write(o)]
    elif strategy is Strategy.SIBLING:
        strat_a = [o for o in ops_a if is_affine_read(o) and access_memref(o) is memref]
    else:
        strat_a = ops_a
    if not strat_a:
        return FusionResult.FAIL_PRECONDITION, SliceState()
    return compute_slice_union(poly, strat_a, ops_b, depth, n_common, src_first)
