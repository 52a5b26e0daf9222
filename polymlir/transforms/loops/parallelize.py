"""Parallelization: an ``affine.for`` that carries no dependence becomes an
``affine.parallel`` (upstream ``affineParallelize``).

The loop's bounds (``max``/``min`` groups included) and step carry over.
Values carried in ``iter_args`` are allowed when each is a reduction: the
argument is used once, by one associative combiner (``arith.addf``,
``mulf``, ``addi``, ``maximumf``, ...), whose result only the terminator
yields. The loop then becomes ``affine.parallel ... reduce ("addf")``: the
body yields the reduced value and the combiner, moved after the loop,
combines the loop's init with the parallel result (as upstream's
``parallel-reductions`` does).

Memory dependences are exact (the model's): a loop that carries one is
refused, and the refusal names it. A reduction on memory (``C[i, j] += ...``
carried by ``k``) is not parallel without privatization; scalar replacement
(``scalar_replace.py``) turns it into an ``iter_args`` reduction first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ...affine.dependence import dependences
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import loop_name, refusal
from ...dialects import arith
from ...dialects.affine.loops import AffineForOp
from ...dialects.affine.parallel import REDUCTIONS, AffineParallelOp, _reduction_matches
from ...ir.core import Operation, OpResult, Value
from .loop_utils import TransformError
from .tile import model_problem

# Combiners and their arith::AtomicRMWKind (upstream's getSupportedReduction).
REDUCTION_KINDS: dict[type[Operation], str] = {
    arith.AddFOp: "addf",
    arith.MulFOp: "mulf",
    arith.AddIOp: "addi",
    arith.AndIOp: "andi",
    arith.OrIOp: "ori",
    arith.MulIOp: "muli",
    arith.MinimumFOp: "minimumf",
    arith.MaximumFOp: "maximumf",
    arith.MinSIOp: "mins",
    arith.MaxSIOp: "maxs",
    arith.MinUIOp: "minu",
    arith.MaxUIOp: "maxu",
    arith.XOrIOp: "xori",
    arith.MaxNumFOp: "maxnumf",
    arith.MinNumFOp: "minnumf",
}


@dataclass
class Reduction:
    """One iter_arg reduced by ``combiner`` (in the loop body) with ``value``."""

    position: int
    combiner: Operation
    value: Value
    kind: str


def match_reduction(op: AffineForOp, position: int) -> Reduction | str:
    """The reduction carried by iter_arg ``position``, or why it is not one."""
    body = op.body
    arg = body.arguments[1 + position]
    term = body.operations[-1]
    yielded = term.operands[position]
    if not isinstance(yielded, OpResult) or yielded.owner.parent is not body:
        return "its yielded value is not computed in the loop body"
    comb = yielded.owner
    kind = REDUCTION_KINDS.get(type(comb))  # the exact class, as upstream's isa<> of each op
    if kind is None or len(comb.operands) != 2 or len(comb.results) != 1:
        return f"it is combined by {comb.name}, which is not a supported reduction"
    if len(arg.uses) != 1 or not any(o is arg for o in comb.operands):
        return "the carried value is used by more than its combiner"
    if len(yielded.uses) != 1:
        return "the partial result is used inside the loop"
    other = comb.operands[1] if comb.operands[0] is arg else comb.operands[0]
    if other is arg:
        return "the carried value is combined with itself"
    if not _reduction_matches(kind, arg.type):
        return f"affine.parallel has no '{kind}' reduction for type {arg.type}"
    return Reduction(position, comb, other, kind)


def parallelize_verdict(model: PolyhedralModel, loop: Loop, reductions: bool = True) -> Verdict:
    """Whether ``loop`` may run its iterations in parallel: it carries no
    memory dependence, and each iter_arg (if ``reductions``) is a reduction."""
    name = loop_name(loop)
    what = f"parallelize loop {name}"
    if not isinstance(loop.op, AffineForOp):
        return Verdict(False, f"cannot {what}: it is an {loop.op.name}, not an affine.for", op=loop.op)
    bad = model_problem(model, [loop], what)
    if bad is not None:
        return bad
    op = cast(AffineForOp, loop.op)
    for k in range(loop.iter_args):
        if not reductions:
            return Verdict(
                False,
                f"cannot {what}: it carries values (iter_args) and reductions were not requested",
                op=loop.op,
                hint="allow parallel reductions",
            )
        r = match_reduction(op, k)
        if isinstance(r, str):
            return Verdict(
                False, f"cannot {what}: the value it carries in iter_args #{k} is not a reduction ({r})", op=loop.op
            )
    carried = [d for d in dependences(model) if d.carried_by is loop]
    if carried:
        # Name a dependence that is not a reduction first: it is the real obstacle.
        order = {"flow": 0, "output": 1, "anti": 2}
        carried.sort(key=lambda x: (x.reduction, order.get(x.kind, 3)))
        d = carried[0]
        v = refusal(what, [loop], d)
        if d.reduction:
            v.reason = v.reason.replace(f"cannot {what}: ", f"cannot {what}: it carries a reduction on memory: ", 1)
            v.hint = (
                f"privatize it: scalar-replace the reduction in {name} into iter_args, then parallelize with reductions"
            )
        return v
    return Verdict.legal(f"loop {name} carries no dependence")


def parallelize(model: PolyhedralModel, loop: Loop, reductions: bool = True) -> Operation:
    """Turn ``loop`` into an ``affine.parallel`` (call after a legal verdict:
    only what cannot be done is checked here); returns the new op. Uses only
    the loop op itself, so loops of one model may be parallelized one after
    the other."""
    what = f"parallelize loop {loop_name(loop)}"
    if not isinstance(loop.op, AffineForOp):
        raise TransformError(f"cannot {what}: it is an {loop.op.name}, not an affine.for", loop.op)
    op = cast(AffineForOp, loop.op)
    for k in range(len(op.results)):
        r = match_reduction(op, k) if reductions else "reductions were not requested"
        if isinstance(r, str):
            raise TransformError(
                f"cannot {what}: the value it carries in iter_args #{k} is not a reduction ({r})", loop.op
            )
    return convert_to_parallel(op)


def convert_to_parallel(op: AffineForOp) -> Operation:
    """The structural rewrite (no legality check): ``op`` becomes an
    affine.parallel with reductions for its iter_args."""
    reds = [match_reduction(op, k) for k in range(len(op.results))]
    assert all(isinstance(r, Reduction) for r in reds), "iter_args must be reductions"
    reds_ = cast(list[Reduction], reds)
    lbs, ubs, inits = op._operand_groups()
    lb_map, ub_map = op.lowerBoundMap.value, op.upperBoundMap.value
    par = AffineParallelOp.build_reduce(
        lb_map,
        [lb_map.num_results],
        ub_map,
        [ub_map.num_results],
        [op.step.value],
        lbs,
        ubs,
        loc=op.loc,
        reductions=[r.kind for r in reds_],
        result_types=[r.type for r in op.results],
    )
    block = op.parent
    assert block is not None
    block.insert_before(op, par)
    pbody = par.regions[0].blocks[0]
    piv = pbody.arguments[0]
    piv.name_hint = op.induction_var.name_hint
    op.induction_var.replace_all_uses_with(piv)
    pterm = pbody.operations[-1]
    body = op.body
    term = body.operations[-1]
    for o in body.operations[:-1]:
        o.detach()
        pbody.insert_before(pterm, o)
    pterm.set_operands([r.value for r in reds_])
    term.set_operands([])
    after: Operation = par
    for r, res, init in zip(reds_, par.results, inits, strict=True):
        r.combiner.detach()
        block.insert_after(after, r.combiner)
        after = r.combiner
        old = op.results[r.position]
        r.combiner.set_operands([init, res])
        old.replace_all_uses_with(r.combiner.results[0])
    op.erase()
    return par


def parallel_loops(model: PolyhedralModel, reductions: bool = False) -> list[Loop]:
    """The affine.for loops of ``model`` that may be parallelized (with
    iter_args reductions if ``reductions``)."""
    return [
        lp for lp in model.loops if isinstance(lp.op, AffineForOp) and parallelize_verdict(model, lp, reductions).ok
    ]


def reduction_kinds() -> Sequence[str]:
    """The reduction kinds an affine.parallel can carry."""
    return REDUCTIONS
