"""``convert-scf-to-cf``: structured control flow to blocks and branches, with
the block structure upstream's lowering produces.

scf.for -> a condition block (``iv < ub``) and the inlined body that
increments the IV and branches back; scf.if / scf.index_switch /
scf.execute_region -> inlined regions joined in a continuation block whose
arguments are the op's results; scf.while -> before/after blocks;
scf.parallel (and scf.forall without shared outputs) -> nested loops with
reductions carried as loop values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from ..dialects import arith, cf, scf
from ..dialects.llvm.loop_annotation import LOOP_ATTR
from ..ir import attributes as A
from ..ir import types as T
from ..ir.builder import Builder
from ..ir.core import Block, Operation, Region, Value
from ..ir.diagnostics import DiagnosticError
from ..ir.patterns import OpClass, PatternRewriter, PatternSet
from ..ir.rewriting import apply_conversion, move_blocks_before, split_block
from ..transforms.passes.manager import ModulePass, PassContext, register_pass


def _place(op: Operation) -> tuple[Block, Region]:
    """The block holding ``op`` and that block's region (the op is in a
    function body: both exist)."""
    block = op.parent
    assert block is not None and block.parent is not None, f"{op.name} is not in a region"
    return block, block.parent


def _continuation(op: Operation) -> Block:
    """Split after ``op``; the new block gets one argument per result, which
    replace the op's results."""
    block = op.parent
    assert block is not None
    cont = split_block(block, op.next_op)
    args = [cont.add_argument(r.type) for r in op.results]
    for r, a in zip(op.results, args, strict=True):
        r.replace_all_uses_with(a)
    return cont


def branch(block: Block, dest: Block, args: Sequence[Value] = (), loc=None) -> Operation:
    """Append ``cf.br ^dest(args)`` to ``block``."""
    return block.append(cf.BranchOp.create(operands=list(args), successors=[dest], loc=loc))


def cond_branch(
    block: Block,
    cond: Value,
    true_dest: Block,
    true_args: Sequence[Value],
    false_dest: Block,
    false_args: Sequence[Value],
    loc=None,
) -> Operation:
    """Append ``cf.cond_br %cond, ^true_dest(true_args), ^false_dest(false_args)`` to ``block``."""
    seg = A.DenseArrayAttr(T.i32, (1, len(true_args), len(false_args)))
    op = cf.CondBranchOp.create(
        operands=[cond, *true_args, *false_args],
        successors=[true_dest, false_dest],
        properties={"operandSegmentSizes": seg},
        loc=loc,
    )
    return block.append(op)


def _yield_to(region_blocks: list[Block], terminator: OpClass, dest: Block, loc) -> None:
    """Replace each ``terminator`` (scf.yield) with a branch to ``dest``."""
    for b in region_blocks:
        t = b.terminator
        if isinstance(t, terminator):
            vals = list(t.operands)
            t.erase()
            branch(b, dest, vals, loc)


def _llvm_attrs(op: Operation) -> dict[str, A.Attribute]:
    """The op's discardable attributes of the LLVM dialect (the loop
    hints), which upstream moves to the branch that closes the loop."""
    return {k: v for k, v in op.attributes.items() if k == LOOP_ATTR or k.startswith("llvm.")}


def lower_for(op: Operation, rw: PatternRewriter | None = None) -> None:
    """As upstream: the body's first block becomes the condition block
    (its arguments are the IV and the carried values), its operations move
    to a new block; the loop's results are the condition block's carried
    arguments, the continuation takes no arguments."""
    loc = op.loc
    init, region = _place(op)
    lb, ub, step = op.operands[:3]
    inits = list(op.operands[3:])
    end = split_block(init, op.next_op)
    body = op.regions[0]
    cond_block = body.blocks[0]
    ops = cond_block.operations
    first_body = split_block(cond_block, ops[0] if ops else None)
    last = body.blocks[-1]
    move_blocks_before(body, region, end)
    iv = cond_block.arguments[0]
    t = last.terminator
    assert isinstance(t, scf.YieldOp), "an scf.for body ends with scf.yield"
    vals = list(t.operands)
    t.erase()
    nxt = Builder.at_end(last, loc).binary(arith.AddIOp, iv, step)
    latch = branch(last, cond_block, [nxt, *vals], loc)
    latch.attributes.update(_llvm_attrs(op))
    op.replace_all_uses_with(list(cond_block.arguments[1:]))
    op.erase()
    branch(init, cond_block, [lb, *inits], loc)
    pred = "ult" if op.get_attr("unsignedCmp") is not None else "slt"
    c = Builder.at_end(cond_block, loc).cmpi(pred, iv, ub)
    cond_branch(cond_block, c, first_body, [], end, [], loc)


def lower_if(op: Operation, rw: PatternRewriter | None = None) -> None:
    """As upstream: with results, the branches meet in a block of their
    own (its arguments the results) that branches to the rest."""
    loc = op.loc
    block, region = _place(op)
    cond = op.operands[0]
    if op.results:
        rest = split_block(block, op.next_op)
        cont = Block()
        region.insert_block(region.blocks.index(rest), cont)
        args = [cont.add_argument(r.type) for r in op.results]
        op.replace_all_uses_with(args)
        branch(cont, rest, [], loc)
    else:
        cont = _continuation(op)
    then_blocks = move_blocks_before(op.regions[0], region, cont)
    else_blocks = move_blocks_before(op.regions[1], region, cont) if len(op.regions) > 1 else []
    _yield_to(then_blocks + else_blocks, scf.YieldOp, cont, loc)
    op.erase()
    false_dest = else_blocks[0] if else_blocks else cont
    cond_branch(block, cond, then_blocks[0] if then_blocks else cont, [], false_dest, [], loc)


def lower_execute_region(op: Operation, rw: PatternRewriter | None = None) -> None:
    loc = op.loc
    block, region = _place(op)
    cont = _continuation(op)
    blocks = move_blocks_before(op.regions[0], region, cont)
    _yield_to(blocks, scf.YieldOp, cont, loc)
    op.erase()
    branch(block, blocks[0], [], loc)


def _is_do_while(op: Operation) -> bool:
    """The "after" region only yields its own arguments (upstream's
    do-while form: the condition branches back to "before" directly)."""
    after = op.regions[1].blocks
    if len(after) != 1 or len(after[0].operations) != 1:
        return False
    y = after[0].operations[0]
    return isinstance(y, scf.YieldOp) and list(y.operands) == list(after[0].arguments)


def lower_while(op: Operation, rw: PatternRewriter | None = None) -> None:
    """As upstream: the results are the condition's values (visible by
    dominance), the continuation takes no arguments; the latch carries
    the op's loop hints."""
    loc = op.loc
    block, region = _place(op)
    inits = list(op.operands)
    cont = split_block(block, op.next_op)
    hints = _llvm_attrs(op)
    do_while = _is_do_while(op)
    after = [] if do_while else move_blocks_before(op.regions[1], region, cont)
    before = move_blocks_before(op.regions[0], region, after[0] if after else cont)
    t = before[-1].terminator
    assert isinstance(t, scf.ConditionOp), "the before region ends with scf.condition"
    c, args = t.operands[0], list(t.operands[1:])
    t.erase()
    if do_while:
        cond_branch(before[-1], c, before[0], args, cont, [], loc).attributes.update(hints)
    else:
        cond_branch(before[-1], c, after[0], args, cont, [], loc)
        y = after[-1].terminator
        assert isinstance(y, scf.YieldOp), "the after region ends with scf.yield"
        vals = list(y.operands)
        y.erase()
        branch(after[-1], before[0], vals, loc).attributes.update(hints)
    op.replace_all_uses_with(args)
    op.erase()
    branch(block, before[0], inits, loc)


def lower_index_switch(op: Operation, rw: PatternRewriter | None = None) -> None:
    loc = op.loc
    block, region = _place(op)
    arg = op.operands[0]
    cases = list(op.attr("cases", A.DenseArrayAttr).values)
    cont = _continuation(op)
    # The cases' blocks first, then the default's (upstream's order).
    case_blocks = [move_blocks_before(r, region, cont) for r in op.regions[1:]]
    default = move_blocks_before(op.regions[0], region, cont)
    for bs in [default, *case_blocks]:
        _yield_to(bs, scf.YieldOp, cont, loc)
    op.erase()
    b = Builder.at_end(block, loc)
    # i32 as LLVM 22 does, i64 where a case does not fit (LLVM 22 would
    # truncate it, merging cases: a wrong program).
    width = T.i32 if all(-(2**31) <= c < 2**31 for c in cases) else T.i64
    flag = b.value(arith.IndexCastOp, [arg], width)
    props = {
        "case_values": A.DenseElementsAttr(T.RankedTensorType((len(cases),), width), tuple(cases)),
        "case_operand_segments": A.DenseArrayAttr(T.i32, tuple(0 for _ in cases)),
        "operandSegmentSizes": A.DenseArrayAttr(T.i32, (1, 0, 0)),
    }
    block.append(
        cf.SwitchOp.create(
            operands=[flag],
            successors=[default[0], *[c[0] for c in case_blocks]],
            properties=props,
            loc=loc,
        )
    )


def parallel_to_for(op: Operation, rw: PatternRewriter | None = None) -> None:
    """scf.parallel -> a nest of scf.for carrying the reductions."""
    assert isinstance(op, scf.ParallelOp)
    loc = op.loc
    n = len(op.lowerBound)
    lbs, ubs, steps, inits = list(op.lowerBound), list(op.upperBound), list(op.step), list(op.initVals)
    body = op.regions[0].blocks[0]
    b = Builder.before(op)
    outer_results: list[Value] = []
    loops: list[Operation] = []
    cur_inits = inits
    for d in range(n):
        r = Region()
        blk = r.add_block()
        iv = blk.add_argument(lbs[d].type)
        carried: list[Value] = [blk.add_argument(v.type) for v in cur_inits]
        f = b.create(scf.ForOp, [lbs[d], ubs[d], steps[d], *cur_inits], [v.type for v in cur_inits], regions=[r])
        if d == 0:
            outer_results = list(f.results)
        else:
            Builder.at_end(loops[-1].regions[0].blocks[0], loc).create(scf.YieldOp, list(f.results))
        loops.append(f)
        body.arguments[d].replace_all_uses_with(iv)
        b = Builder.at_end(blk, loc)
        cur_inits = carried
    inner = loops[-1].regions[0].blocks[0]
    reduce_op = body.terminator
    assert reduce_op is not None, "scf.parallel body without its scf.reduce"
    for o in list(body.operations):
        if o is reduce_op:
            continue
        body.operations.remove(o)
        o.parent = None
        inner.append(o)
    ib = Builder.at_end(inner, loc)
    new_vals: list[Value] = []
    for acc, val, red in zip(cur_inits, list(reduce_op.operands), reduce_op.regions, strict=True):
        rb = red.blocks[0]
        mapping: dict = {rb.arguments[0]: acc, rb.arguments[1]: val}
        result: Value | None = None
        for o in rb.operations:
            if isinstance(o, scf.ReduceReturnOp):
                result = mapping.get(o.operands[0], o.operands[0])
                break
            ib.insert(o.clone(mapping))
        assert result is not None, "scf.reduce region without scf.reduce.return"
        new_vals.append(result)
    ib.create(scf.YieldOp, new_vals)
    reduce_op.erase()
    op.replace_all_uses_with(outer_results)
    op.erase()


def forall_to_parallel(op: Operation, rw: PatternRewriter | None = None) -> None:
    """scf.forall without shared outputs -> scf.parallel (upstream's route)."""
    seg = list(op.attr("operandSegmentSizes", A.DenseArrayAttr).values)
    if seg[3]:
        raise DiagnosticError("'scf.forall' op with shared outputs cannot be lowered to control flow", op.loc)
    operands = list(op.operands)
    dyn = [operands[: seg[0]], operands[seg[0] : seg[0] + seg[1]], operands[seg[0] + seg[1] : sum(seg[:3])]]
    b = Builder.before(op)
    bounds = []
    for name, d in zip(("staticLowerBound", "staticUpperBound", "staticStep"), dyn, strict=True):
        d = list(d)
        bounds.append(
            [d.pop(0) if v == T.DYNAMIC else b.const_index(v) for v in op.attr(name, A.DenseArrayAttr).values]
        )
    lbs, ubs, steps = bounds
    body = op.regions[0]
    blk = body.blocks[0]
    t = blk.terminator
    if isinstance(t, scf.InParallelOp):
        t.erase()
    Builder.at_end(blk, op.loc).create(scf.ReduceOp)
    seg_attr = A.DenseArrayAttr(T.i32, (len(lbs), len(ubs), len(steps), 0))
    new_body = Region()
    move_blocks_before(body, new_body, None)
    b.create(scf.ParallelOp, [*lbs, *ubs, *steps], [], properties={"operandSegmentSizes": seg_attr}, regions=[new_body])
    op.erase()


FORALL_PATTERNS = PatternSet.from_table({scf.ForallOp: forall_to_parallel})
PARALLEL_PATTERNS = PatternSet.from_table({scf.ParallelOp: parallel_to_for})
PATTERNS = PatternSet.from_table(
    {
        scf.ForOp: lower_for,
        scf.IfOp: lower_if,
        scf.WhileOp: lower_while,
        scf.ExecuteRegionOp: lower_execute_region,
        scf.IndexSwitchOp: lower_index_switch,
    }
)


def scf_to_cf(root: Operation) -> None:
    """Lower every scf op nested in ``root`` to cf (innermost first):
    ``scf.forall`` to ``scf.parallel``, that to ``scf.for`` nests, then
    every op to blocks and branches."""
    for patterns in (FORALL_PATTERNS, PARALLEL_PATTERNS, PATTERNS):
        apply_conversion(root, patterns)


@register_pass
@dataclass(frozen=True)
class ConvertSCFToCF(ModulePass):
    name: ClassVar[str] = "convert-scf-to-cf"
    summary: ClassVar[str] = "Lower scf ops to cf branches"
    allow_pattern_rollback: bool = field(
        default=True, metadata={"help": "accepted (upstream's conversion driver mode; the output is the same)"}
    )

    def run(self, op: Operation, ctx: PassContext) -> None:
        scf_to_cf(op)
