"""Fusion of two loop nests of one block at a chosen depth.

``fuse(model, a, b, depth)`` moves the body of nest ``b``'s ``depth``-th
loop to the end of nest ``a``'s ``depth``-th loop (``b``'s induction
variables become ``a``'s), so that in every fused iteration ``a``'s
statements run first, then ``b``'s. It is structural when the fused loops
have identical bounds and steps; with ``shifts`` (``b``'s instance of
iteration ``i`` runs in fused iteration ``i + shift``) or different bounds
the nest is regenerated from the fused schedule by isl's AST builder
(``ast_codegen.py``) when that is available.

Legality is the exact engine's: the units move as compound statements
(a store with the loads and pure ops computing its operands), ``b``'s units
get ``a``'s loop positions at the fused depths, their loop dimensions
(plus the shift), and a position after ``a``'s body; the fusion is legal
iff every memory dependence still runs source before sink. A refusal names
the dependence and its distance in the fused loops, with the shift that
would make it legal.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from ...affine import isl_bridge as ib
from ...affine.dependence import Dependence
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, is_effect_free, op_loc
from ...affine.schedules import Vector, base_vector, check, loop_name, schedule_maps
from ...affine.statements import NotCompound, Unit, compound_statements
from ...dialects.affine import AffineForOp, AffineIfOp, AffineParallelOp
from ...dialects.memref import AllocaOp, AllocOp
from ...ir.affine_expr import AffineExpr, const, dim
from ...ir.core import Block, Operation, OpResult, Value
from ...ir.interfaces import is_affine_read
from . import ast_codegen
from .demote_carried import demoted_apply, demoted_verdict, has_carried
from .errors import ArgumentError
from .loop_utils import TransformError, body_ops, loop_ivs, move_body

ALLOC_OPS = (AllocOp, AllocaOp)
LOOP_OPS = (AffineForOp, AffineParallelOp)


# -- shared by fusion, distribution, contraction ---------------------------------------


def range_units(model: PolyhedralModel, ops: Sequence[Operation]) -> list[Unit]:
    """Compound statements of the code inside ``ops`` (consecutive ops of one
    block that a transformation reorders). Code outside them keeps its place
    relative to everything inside, so it is left out; an allocation among
    ``ops`` at their level is no statement (it has no operands that could
    be written). Raises NotCompound with the reason when the code cannot be
    split into statements (non-affine code, iter_args, ...)."""

    def inside(op: Operation) -> bool:
        return any(o is op or o.is_ancestor_of(op) for o in ops)

    level = ops[0].parent if ops else None
    view = copy.copy(model)
    view.statements = [s for s in model.statements if inside(s.op)]
    view.loops = [lp for lp in model.loops if inside(lp.op)]
    view.non_affine = [
        na for na in model.non_affine if inside(na.op) and not (isinstance(na.op, ALLOC_OPS) and na.op.parent is level)
    ]
    return compound_statements(view)


def counting_block(op: Operation) -> Block:
    """The block whose position counter numbers ``op`` in the model's 2d+1
    schedule: the innermost enclosing loop body (``affine.if`` bodies share
    their parent's counter) or the function's block."""
    blk = op.parent
    assert blk is not None
    while True:
        parent = blk.parent_op
        if parent is None or not isinstance(parent, AffineIfOp) or parent.parent is None:
            return blk
        blk = parent.parent


def _count(block: Block, stop: Operation | None) -> tuple[int, bool]:
    n = 0
    for o in block.operations:
        if o is stop:
            return n, True
        n += 1
        if isinstance(o, AffineIfOp):
            for r in o.regions:
                for b in r.blocks:
                    k, found = _count(b, stop)
                    n += k
                    if found:
                        return n, True
    return n, False


def op_position(op: Operation) -> int:
    """``op``'s position in its block as the model's schedule numbers it."""
    n, found = _count(counting_block(op), op)
    assert found
    return n


def body_count(loop_op: Operation) -> int:
    """One more than the largest position inside ``loop_op``'s body."""
    return _count(loop_op.regions[0].blocks[0], None)[0]


def between(a: Operation, b: Operation) -> list[Operation]:
    """The ops strictly between ``a`` and ``b`` in their block."""
    assert a.parent is not None, "the ops are in a block"
    ops = a.parent.operations
    return ops[ops.index(a) + 1 : ops.index(b)]


def ast_regeneration():
    """The isl AST code generator (``ast_codegen.regenerate``)."""
    return ast_codegen.regenerate


# -- fusion -----------------------------------------------------------------------------


def loop_chain(nest: Loop, depth: int, which: str = "") -> list[Loop]:
    """``nest`` and the loops below it down to ``depth``, each the only loop
    directly in its parent's body; TransformError when there is none."""
    chain = [nest]
    while len(chain) < depth:
        cur = chain[-1]
        kids = [o for o in body_ops(cur.op) if isinstance(o, LOOP_OPS)]
        nxt = [c for c in cur.children if kids and c.op is kids[0]]
        if len(kids) != 1 or not nxt:
            many = f"{len(kids)} loops" if kids else "no loop"
            raise TransformError(
                f"the {which + ' ' if which else ''}nest (loop {loop_name(nest)} at {nest.loc}) has "
                f"no single loop at depth {len(chain) + 1}: the body of loop {loop_name(cur)} "
                f"at {cur.loc} holds {many}",
                cur.op,
            )
        chain.append(nxt[0])
    return chain


def chain_problem(chain: Sequence[Loop], perfect: bool) -> str | None:
    """Why the loops of ``chain`` cannot be fused (None when they can); with
    ``perfect`` nothing but the next loop may sit in the bodies above the last."""
    for lp in chain:
        if not isinstance(lp.op, AffineForOp):
            return f"loop {loop_name(lp)} at {lp.loc} is not an affine.for"
        if lp.iter_args:
            return f"loop {loop_name(lp)} at {lp.loc} carries values (iter_args)"
    if perfect:
        for a, b in zip(chain, chain[1:], strict=False):
            if len(body_ops(a.op)) != 1:
                return (
                    f"loops {loop_name(a)} and {loop_name(b)} of the second nest are not perfectly nested "
                    f"(the body of {loop_name(a)} at {a.loc} holds other ops)"
                )
    return None


def max_fusion_depth(a: Loop, b: Loop) -> int:
    """The deepest depth at which both nests have a loop chain (0 if none)."""
    d = 0
    while True:
        try:
            loop_chain(a, d + 1)
            loop_chain(b, d + 1)
        except TransformError:
            return d
        d += 1


def _check_params(a: Loop, b: Loop, depth: int, shifts: Sequence[int] | None) -> list[int]:
    if not isinstance(a.op, AffineForOp) or not isinstance(b.op, AffineForOp):
        bad = a if not isinstance(a.op, AffineForOp) else b
        raise TransformError(f"loop {loop_name(bad)} at {bad.loc} is not an affine.for", bad.op)
    if a.op is b.op:
        raise TransformError(f"cannot fuse loop {loop_name(a)} at {a.loc} with itself", a.op)
    if a.op.parent is not b.op.parent:
        raise TransformError(
            f"loops {loop_name(a)} at {a.loc} and {loop_name(b)} at {b.loc} are not in the "
            "same block (fusion takes sibling nests)",
            b.op,
        )
    assert a.op.parent is not None, "the nests are in a block (checked above)"
    ops = a.op.parent.operations
    if ops.index(a.op) > ops.index(b.op):
        raise TransformError(
            f"the first nest (loop {loop_name(a)} at {a.loc}) must come before the second "
            f"(loop {loop_name(b)} at {b.loc})",
            b.op,
        )
    if not isinstance(depth, int) or depth < 1:
        raise ArgumentError(f"fusion depth {depth} must be a positive integer", a.op)
    sh = [0] * depth if shifts is None else [int(s) for s in shifts]
    if len(sh) != depth:
        raise ArgumentError(
            f"expected {depth} shift{'s' if depth != 1 else ''} (one per fused loop), got {len(sh)}", b.op
        )
    return sh


def _chains(a: Loop, b: Loop, depth: int) -> tuple[list[Loop], list[Loop]] | str:
    ca = loop_chain(a, depth, "first")
    cb = loop_chain(b, depth, "second")
    return chain_problem(ca, False) or chain_problem(cb, True) or (ca, cb)


def same_bounds(la: Loop, lb: Loop) -> bool:
    return (
        la.step == lb.step
        and sorted(map(str, la.lbs)) == sorted(map(str, lb.lbs))
        and sorted(map(str, la.ubs)) == sorted(map(str, lb.ubs))
    )


def hoist_problem(a: Operation, b: Operation) -> str | None:
    """Why the values that nest ``b`` uses from between the nests cannot be
    computed before nest ``a`` (None when they can)."""
    for op in _needed_between(a, b):
        if isinstance(op, ALLOC_OPS):
            continue
        if is_affine_read(op) or not is_effect_free(op) or op.regions:
            return (
                f"the second nest uses the result of {op.name} at {_loc(op)}, which sits between the nests "
                "and cannot move before the first"
            )
    return None


def _loc(op: Operation) -> str:

    return op_loc(op)


def _needed_between(a: Operation, b: Operation) -> list[Operation]:
    """Ops between ``a`` and ``b`` whose results ``b`` uses (transitively), in order."""
    mid = between(a, b)
    mid_set = set(mid)
    need: set[Operation] = set()
    work: list[Value] = [v for o in b.walk() for v in o.operands]
    while work:
        v = work.pop()
        if isinstance(v, OpResult) and v.owner in mid_set and v.owner not in need:
            need.add(v.owner)
            work.extend(x for o in v.owner.walk() for x in o.operands)
    return [o for o in mid if o in need]


def fusion_vectors(units: Sequence[Unit], chain_a: Sequence[Loop], b: Loop, shifts: Sequence[int]) -> dict[str, Vector]:
    """The schedule after fusing ``b`` into ``chain_a``: ``b``'s units take
    the fused loops' positions, their dims shifted, then a position after
    ``a``'s body."""
    depth = len(chain_a)
    base = chain_a[0].depth
    pos = [op_position(lp.op) for lp in chain_a]
    offset = body_count(chain_a[-1].op)
    out: dict[str, Vector] = {}
    for u in units:
        v = base_vector(u)
        if b.op.is_ancestor_of(u.op):
            for k in range(depth):
                v[2 * (base + k)] = const(pos[k])
                v[2 * (base + k) + 1] = dim(base + k) + shifts[k]
            pos_entry = v[2 * (base + depth)]
            assert isinstance(pos_entry, AffineExpr), "a base vector holds affine expressions"
            v[2 * (base + depth)] = pos_entry + offset
        out[u.name] = v
    return out


def _what(a: Loop, b: Loop, depth: int, shifts: Sequence[int]) -> str:
    s = f" with shifts ({', '.join(map(str, shifts))})" if any(shifts) else ""
    return f"fuse loop {loop_name(a)} at {a.loc} with loop {loop_name(b)} at {b.loc} at depth {depth}{s}"


def fuse_verdict(
    model: PolyhedralModel, nest_a: Loop, nest_b: Loop, depth: int, shifts: Sequence[int] | None = None
) -> Verdict:
    """Whether fusing ``nest_b`` into ``nest_a`` at ``depth`` (with ``b``
    shifted by ``shifts``) keeps the program's meaning and can be generated."""
    sh = _check_params(nest_a, nest_b, depth, shifts)
    what = _what(nest_a, nest_b, depth, sh)
    if has_carried(model):
        return demoted_verdict(model, [nest_a, nest_b], what, lambda dm, ab: fuse_verdict(dm, ab[0], ab[1], depth, sh))
    chains = _chains(nest_a, nest_b, depth)
    if isinstance(chains, str):
        return Verdict(False, f"cannot {what}: {chains}", op=nest_b.op)
    ca, cb = chains
    structural = not any(sh) and all(same_bounds(la, lb) for la, lb in zip(ca, cb, strict=True))
    if not structural and ast_regeneration() is None:
        why = (
            "the shifted nest"
            if any(sh)
            else "the fused loops have different bounds or steps ("
            + "; ".join(
                f"{loop_name(la)}: {_bounds(la)} vs {loop_name(lb)}: {_bounds(lb)}"
                for la, lb in zip(ca, cb, strict=True)
                if not same_bounds(la, lb)
            )
            + "), so the fused nest"
        )
        return Verdict(
            False, f"cannot {what}: {why} would need isl AST regeneration, which is not available", op=nest_b.op
        )
    problem = hoist_problem(nest_a.op, nest_b.op)
    if problem is not None:
        return Verdict(False, f"cannot {what}: {problem}", op=nest_b.op)
    try:
        units = range_units(model, fusion_span(model, nest_a, nest_b, structural))
    except NotCompound as e:
        return Verdict(False, f"cannot {what}: {e.reason}", op=e.op or nest_b.op)
    vectors = fusion_vectors(units, ca, nest_b, sh)
    maps = schedule_maps(units, vectors, model.param_names)
    if not structural:
        in_a = [maps[u.name] for u in units if nest_a.op.is_ancestor_of(u.op)]
        in_b = [maps[u.name] for u in units if nest_b.op.is_ancestor_of(u.op)]
        if not ib.prefixes_meet(in_a, in_b, 2 * (ca[0].depth + depth)):
            return Verdict(
                False,
                f"cannot {what}: no iteration of the fused loops would run statements of both "
                "nests (their iteration ranges do not overlap), so nothing would be fused",
                op=nest_b.op,
            )
    v = check(model, units, maps, what, ca)
    if v.ok or v.violated is None:
        return v
    return _fusion_refusal(what, v, v.violated, ca, nest_b, sh)


def _bounds(lp: Loop) -> str:
    lo = ", ".join(map(str, lp.lbs))
    hi = ", ".join(map(str, lp.ubs))
    lo = f"max({lo})" if len(lp.lbs) > 1 else lo
    hi = f"min({hi})" if len(lp.ubs) > 1 else hi
    return f"{lo} to {hi}" + (f" step {lp.step}" if lp.step != 1 else "")


def _fusion_refusal(
    what: str, v: Verdict, d: Dependence, ca: Sequence[Loop], b: Loop, shifts: Sequence[int]
) -> Verdict:
    """The engine's refusal restated in the fused loops: the dependence's
    distance there (sink minus source, shifts included) and the shift that
    would make it non-negative."""
    base = ca[0].depth
    n = min(len(d.source.loops), len(d.sink.loops), base + len(ca))
    if n <= base:
        return v
    deltas = ib.common_deltas(d.relation, n)
    dist = ib.single_point(deltas)
    exact = dist is not None
    if dist is None:
        dist = ib.lexmin_point(deltas)
    if dist is None:
        return v
    src_b = b.op.is_ancestor_of(d.source.op)
    snk_b = b.op.is_ancestor_of(d.sink.op)
    fused = [dist[base + k] + (shifts[k] if snk_b else 0) - (shifts[k] if src_b else 0) for k in range(n - base)]
    has = "would have distance" if exact else "would have distances as low as"
    msg = (
        f"cannot {what}: {d.kind} dependence from {d.source.op.name} at {d.source.loc} to "
        f"{d.sink.op.name} at {d.sink.loc} {has} ({', '.join(map(str, fused))}) in the fused loops"
    )
    hint = ""
    if snk_b and not src_b:
        need = [shifts[k] + max(0, -fused[k]) for k in range(len(fused))] + list(shifts[len(fused) :])
        if need != list(shifts):
            hint = f"shift the second nest by ({', '.join(map(str, need))}) in the fused loops"
    return Verdict(False, msg, d, hint, b.op)


def fuse(
    model: PolyhedralModel, nest_a: Loop, nest_b: Loop, depth: int, shifts: Sequence[int] | None = None
) -> Operation:
    """Fuse ``nest_b`` into ``nest_a`` at ``depth`` (call after a legal
    verdict); returns the fused nest's outermost loop op."""
    sh = _check_params(nest_a, nest_b, depth, shifts)
    if has_carried(model):
        what = _what(nest_a, nest_b, depth, sh)
        return demoted_apply(model, [nest_a, nest_b], what, lambda dm, ab: fuse(dm, ab[0], ab[1], depth, sh))
    chains = _chains(nest_a, nest_b, depth)
    if isinstance(chains, str):
        raise TransformError(f"cannot {_what(nest_a, nest_b, depth, sh)}: {chains}", nest_b.op)
    ca, cb = chains
    structural = not any(sh) and all(same_bounds(la, lb) for la, lb in zip(ca, cb, strict=True))
    if not structural:
        return _fuse_regenerated(model, nest_a, nest_b, ca, sh)
    problem = hoist_problem(nest_a.op, nest_b.op)
    if problem is not None:
        raise TransformError(f"cannot {_what(nest_a, nest_b, depth, sh)}: {problem}", nest_b.op)
    for op in _needed_between(nest_a.op, nest_b.op):
        op.move_before(nest_a.op)
    for iv_a, iv_b in zip(loop_ivs(ca), loop_ivs(cb), strict=True):
        iv_b.replace_all_uses_with(iv_a)
    move_body(cb[-1].op, ca[-1].op)
    nest_b.op.erase()
    return nest_a.op


def fusion_span(model: PolyhedralModel, a: Loop, b: Loop, structural: bool) -> list[Operation]:
    """The consecutive ops whose statements the fusion reorders: from ``a``
    to ``b`` in their block; for a regenerated fusion of nests inside a
    loop, the whole top-level nest around them (it is regenerated)."""
    if structural or top_level_op(model, a.op) is a.op:
        return [a.op, *between(a.op, b.op), b.op]
    return [top_level_op(model, a.op)]


def top_level_op(model: PolyhedralModel, op: Operation) -> Operation:
    """The ancestor of ``op`` (or ``op``) directly in the function body."""
    top = model.func.regions[0].blocks
    cur = op
    while cur.parent not in top and cur.parent_op is not None:
        cur = cur.parent_op
    return cur


def _fuse_regenerated(
    model: PolyhedralModel, nest_a: Loop, nest_b: Loop, ca: Sequence[Loop], shifts: Sequence[int]
) -> Operation:
    """Fusion through isl's AST builder: the fused schedule of the nests
    (or, for nests inside a loop, of the whole top-level nest) is rebuilt."""
    regenerate = ast_regeneration()
    what = _what(nest_a, nest_b, len(ca), shifts)
    if regenerate is None:
        raise TransformError(f"cannot {what}: isl AST regeneration is not available", nest_b.op)
    problem = hoist_problem(nest_a.op, nest_b.op)
    if problem is not None:
        raise TransformError(f"cannot {what}: {problem}", nest_b.op)
    for op in _needed_between(nest_a.op, nest_b.op):
        op.move_before(nest_a.op)
    span = fusion_span(model, nest_a, nest_b, False)
    units = range_units(model, span)
    if top_level_op(model, nest_a.op) is nest_a.op:
        units = [u for u in units if nest_a.op.is_ancestor_of(u.op) or nest_b.op.is_ancestor_of(u.op)]
        where = [nest_a.op, nest_b.op]
    else:
        where = span
    vectors = fusion_vectors(units, ca, nest_b, shifts)
    maps = schedule_maps(units, vectors, model.param_names)

    new = regenerate(model, units, maps, where, origins=ast_codegen.origins_from_vectors(units, vectors))
    return new[0] if isinstance(new, (list, tuple)) else new


def fusion_candidates(model: PolyhedralModel) -> list[tuple[Loop, Loop, int]]:
    """Every (first nest, second nest, depth) of sibling ``affine.for`` nests
    whose fusion (without shifts) is legal, in program order."""
    by_block: dict[int, list[Loop]] = {}
    blocks: dict[int, Block] = {}
    for lp in model.loops:
        if isinstance(lp.op, AffineForOp) and lp.op.parent is not None:
            by_block.setdefault(id(lp.op.parent), []).append(lp)
            blocks[id(lp.op.parent)] = lp.op.parent
    out: list[tuple[Loop, Loop, int]] = []
    for key, loops in by_block.items():
        ops = blocks[key].operations
        loops = sorted({lp.op: lp for lp in loops}.values(), key=lambda lp: ops.index(lp.op))
        for i, a in enumerate(loops):
            for b in loops[i + 1 :]:
                for depth in range(1, max_fusion_depth(a, b) + 1):
                    try:
                        v = fuse_verdict(model, a, b, depth)
                    except TransformError:
                        continue
                    if v.ok:
                        out.append((a, b, depth))
    return out
