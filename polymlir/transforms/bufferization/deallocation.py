"""``buffer-deallocation-pipeline``: free the buffers a function allocates
and that do not escape it.

Upstream's pipeline tracks ownership at run time (``bufferization.dealloc``
with conditions, clones for returned buffers). This pass handles the case
that needs no run-time ownership, statically: a ``memref.alloc`` whose
buffer, through every view and alias of it, is neither returned, yielded
out of a region, stored, nor possibly aliased by a call's result, gets a
``memref.dealloc`` right after the last op of its block that uses any of
its aliases. Buffers that escape are left allocated (a leak, never a use
after free); a buffer already freed or reallocated by the program is left
alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...dialects import scf
from ...dialects.arith import SelectOp
from ...dialects.bufferization import ToTensorOp
from ...dialects.func import CallOp, FuncOp
from ...dialects.linalg import LinalgStructuredOp
from ...dialects.memref import AllocOp, DeallocOp, StoreOp, TransposeOp
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, Value
from ...ir.interfaces import EffectKind, memory_effects
from ...ir.traits import BRANCH_OP_INTERFACE, FUNCTION_OP_INTERFACE, RETURN_LIKE, TERMINATOR, VIEW_LIKE_OP_INTERFACE
from ..passes.manager import ModulePass, PassContext, register_pass

# Ops whose results may be the buffer without being views of it (upstream's
# ViewLikeOpInterface ops are followed by their trait).
_ALIASING = (SelectOp, TransposeOp, ToTensorOp)


def _is_memref(v: Value) -> bool:
    return isinstance(v.type, (T.MemRefType, T.UnrankedMemRefType))


def _hands_out(o: Operation) -> bool:
    """Whether ``o`` returns from its function or branches: what it passes
    on leaves what this pass follows."""
    parent = o.parent_op
    returns = RETURN_LIKE in o.traits and parent is not None and FUNCTION_OP_INTERFACE in parent.traits
    return returns or BRANCH_OP_INTERFACE in o.traits


def _frees(o: Operation, v: Value) -> bool:
    return any(e.kind is EffectKind.FREE and e.value is v for e in memory_effects(o) or ())


def _aliases(alloc: Value) -> tuple[set[Value], bool]:
    """Every value that may alias ``alloc``, and whether the buffer escapes
    (or is freed already)."""
    seen: set[Value] = set()
    work = [alloc]
    while work:
        v = work.pop()
        if v in seen:
            continue
        seen.add(v)
        for u in v.uses:
            o = u.owner
            effs = memory_effects(o)
            if _frees(o, v) or _hands_out(o):
                return seen, True
            if VIEW_LIKE_OP_INTERFACE in o.traits or isinstance(o, _ALIASING):
                work.extend(r for r in o.results if _is_memref(r) or isinstance(r.type, T.RankedTensorType))
            elif isinstance(o, StoreOp) and u.index == 0:
                return seen, True  # the buffer itself is stored somewhere
            elif isinstance(o, LinalgStructuredOp) or (
                effs is not None
                and not o.regions
                and TERMINATOR not in o.traits
                and not any(_is_memref(r) for r in o.results)
            ):
                continue  # reads or writes it (declared), hands out no buffer
            elif isinstance(o, CallOp):
                # The callee may return the buffer (or a view of it).
                work.extend(r for r in o.results if _is_memref(r))
            elif isinstance(o, scf.ForOp) and u.index >= 3:
                k = u.index - 3
                work.append(o.loop_iter_args()[k])
                work.append(o.results[k])
            elif isinstance(o, scf.YieldOp) and isinstance(o.parent_op, (scf.ForOp, scf.IfOp)):
                parent = o.parent_op
                work.append(parent.results[u.index])
                if isinstance(parent, scf.ForOp):
                    work.append(parent.loop_iter_args()[u.index])
            elif o.regions == [] and not o.results and o.parent is not None and o.parent.terminator is not o:
                continue  # e.g. a void op reading the buffer
            else:
                # Terminators (scf.yield...), region ops we do not follow.
                return seen, True
    return seen, False


def _last_use_in_block(alloc_op: Operation, aliases: set[Value]) -> Operation | None:
    """The last op of the allocation's block that uses an alias (or holds
    such a use); None when a use lies outside the block or is its
    terminator (the buffer leaves the block: a loop body's yield)."""
    block = alloc_op.parent
    assert block is not None
    last = alloc_op
    for v in aliases:
        for u in v.uses:
            o: Operation | None = u.owner
            while o is not None and o.parent is not block:
                o = o.parent_op
            if o is None or o is block.terminator:
                return None
            if block.operations.index(o) > block.operations.index(last):
                last = o
    return last


def deallocate_function(f: Operation) -> int:
    """Insert the frees of ``f``'s non-escaping allocations; returns how many."""
    n = 0
    for op in list(f.walk()):
        if not isinstance(op, AllocOp) or op.parent is None:
            continue
        aliases, escapes = _aliases(op.results[0])
        if escapes:
            continue
        last = _last_use_in_block(op, aliases)
        if last is None:
            continue
        Builder.after(last).insert(DeallocOp.build(op.results[0], loc=last.loc))
        n += 1
    return n


@register_pass
@dataclass(frozen=True)
class BufferDeallocationPipeline(ModulePass):
    name: ClassVar[str] = "buffer-deallocation-pipeline"
    summary: ClassVar[str] = "Free the allocations that do not escape their function (static ownership)"

    def run(self, op: Operation, ctx: PassContext) -> None:
        for f in list(op.walk()):
            if isinstance(f, FuncOp):
                deallocate_function(f)
