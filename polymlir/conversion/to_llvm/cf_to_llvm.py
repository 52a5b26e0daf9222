"""``convert-cf-to-llvm``: cf.br/cond_br/switch/assert to LLVM dialect
branches, converting the signatures of the blocks they target and removing
repeated successors with arguments (seed 002) through forwarding blocks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ...dialects import cf, llvm
from ...dialects.llvm.loop_annotation import LOOP_ATTR
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Block, Operation, Value
from ...ir.patterns import OpClass, PatternSet
from ...ir.rewriting import apply_conversion, split_block
from ...transforms.passes.manager import MODULE, ModulePass, PassContext, register_pass
from .lowering_helpers import call, declare
from .type_converter import VOID, LLVMRewriter, LLVMTypeConverter


def _seg(*sizes: int) -> A.DenseArrayAttr:
    return A.DenseArrayAttr(T.i32, sizes)


def _forwarder(block: Block, dest: Block, args: list[Value], loc) -> Block:
    """A block after ``block`` that branches to ``dest`` with ``args``."""
    region = block.parent
    assert region is not None, "a branch's block is in a region"
    fwd = Block()
    region.insert_block(region.blocks.index(block) + 1, fwd)
    fwd.append(llvm.BrOp.create(operands=args, successors=[dest], loc=loc))
    return fwd


def _br(op: Operation, rw: LLVMRewriter) -> None:
    rw.convert_block_signature(op.successors[0])
    b = Builder.before(op)
    br = b.create(llvm.BrOp, rw.operands(op), successors=list(op.successors))
    hints = op.attributes.get(LOOP_ATTR)
    if hints is not None:
        br.props["loop_annotation"] = hints
    op.erase()


def _cond_br(op: Operation, rw: LLVMRewriter) -> None:
    for s in op.successors:
        rw.convert_block_signature(s)
    seg = list(op.prop("operandSegmentSizes", A.DenseArrayAttr).values)
    vals = rw.operands(op)
    cond, t_args, f_args = vals[0], vals[1 : 1 + seg[1]], vals[1 + seg[1] :]
    t_dest, f_dest = op.successors
    if t_dest is f_dest and (t_args or f_args):
        assert op.parent is not None, "a branch is in a block"
        f_dest = _forwarder(op.parent, f_dest, f_args, op.loc)
        f_args = []
    props: dict[str, A.Attribute] = {"operandSegmentSizes": _seg(1, len(t_args), len(f_args))}
    if op.props.get("branch_weights") is not None:
        props["branch_weights"] = op.props["branch_weights"]
    Builder.before(op).create(llvm.CondBrOp, [cond, *t_args, *f_args], successors=[t_dest, f_dest], properties=props)
    op.erase()


def _switch(op: Operation, rw: LLVMRewriter) -> None:
    for s in op.successors:
        rw.convert_block_signature(s)
    props = {k: v for k, v in op.props.items() if k in ("case_values", "case_operand_segments", "branch_weights")}
    props["operandSegmentSizes"] = op.props["operandSegmentSizes"]
    Builder.before(op).create(llvm.SwitchOp, rw.operands(op), successors=list(op.successors), properties=props)
    op.erase()


def _assert(op: Operation, rw: LLVMRewriter) -> None:
    """Split the block: continue when the condition holds, else abort()."""
    block = op.parent
    assert block is not None and block.parent is not None, "cf.assert is in a function body"
    cont = split_block(block, op.next_op)
    fail = Block()
    region = block.parent
    region.insert_block(region.blocks.index(cont), fail)
    fb = Builder.at_end(fail, op.loc)
    _declare_abort(op)
    call(fb, "abort", [], VOID)
    fb.create(llvm.UnreachableOp)
    cond = rw.operand(op, op.operands[0])
    Builder.before(op).create(
        llvm.CondBrOp, [cond], successors=[cont, fail], properties={"operandSegmentSizes": _seg(1, 0, 0)}
    )
    op.erase()


def _declare_abort(op: Operation) -> None:
    declare(op, "abort", VOID, ())


_LOWERINGS: dict[OpClass, Callable] = {
    cf.BranchOp: _br,
    cf.CondBranchOp: _cond_br,
    cf.SwitchOp: _switch,
    cf.AssertOp: _assert,
}
PATTERNS = PatternSet.from_table(_LOWERINGS)


def unreachable_blocks(root: Operation) -> set[Block]:
    """The blocks of ``root``'s regions that no path from their region's
    entry reaches (upstream's conversion driver leaves them alone)."""
    dead: set[Block] = set()
    for op in root.walk():
        for region in op.regions:
            if not region.blocks:
                continue
            seen = {region.blocks[0]}
            work = [region.blocks[0]]
            while work:
                term = work.pop().terminator
                for s in term.successors if term is not None else ():
                    if s not in seen:
                        seen.add(s)
                        work.append(s)
            dead.update(b for b in region.blocks if b not in seen)
    return dead


def convert_cf_to_llvm(root: Operation, converter: LLVMTypeConverter | None = None) -> None:
    dead = unreachable_blocks(root)
    if not dead:
        apply_conversion(root, PATTERNS, LLVMRewriter(converter))
        return

    def only_reachable(fn):
        return lambda op, rw: False if op.parent in dead else fn(op, rw)

    patterns = PatternSet.from_table({k: only_reachable(f) for k, f in _LOWERINGS.items()})
    apply_conversion(root, patterns, LLVMRewriter(converter))


@register_pass
@dataclass(frozen=True)
class ConvertControlFlowToLLVM(ModulePass):
    name: ClassVar[str] = "convert-cf-to-llvm"
    anchor: ClassVar[str] = MODULE  # as upstream (a module pass)
    summary: ClassVar[str] = "Convert cf branches to the LLVM dialect"
    index_bitwidth: int = 64

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_cf_to_llvm(op, LLVMTypeConverter(self.index_bitwidth))
