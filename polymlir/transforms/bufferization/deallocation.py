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

from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation, Value
from ...transforms.pass_manager import ModulePass, PassContext, register_pass

_VIEWS = frozenset(
    {
        "memref.subview",
        "memref.cast",
        "memref.collapse_shape",
        "memref.expand_shape",
        "memref.reinterpret_cast",
        "memref.reshape",
        "memref.transpose",
        "memref.view",
        "memref.memory_space_cast",
        "memref.assume_alignment",
        "arith.select",
        "bufferization.to_tensor",
    }
)
# Uses that neither keep nor hand out the buffer.
_PLAIN_USES = frozenset(
    {
        "memref.load",
        "memref.store",
        "memref.copy",
        "memref.dim",
        "memref.rank",
        "affine.load",
        "affine.store",
        "vector.load",
        "vector.store",
        "vector.transfer_read",
        "vector.transfer_write",
        "memref.extract_strided_metadata",
        "memref.extract_aligned_pointer_as_index",
    }
)
_FREES = frozenset({"memref.dealloc", "memref.realloc", "bufferization.dealloc"})


def _is_memref(v: Value) -> bool:
    return isinstance(v.type, (T.MemRefType, T.UnrankedMemRefType))


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
            name = o.name
            if name in _FREES or name in ("func.return", "llvm.return", "cf.br", "cf.cond_br"):
                return seen, True
            if name in _VIEWS:
                work.extend(r for r in o.results if _is_memref(r) or isinstance(r.type, T.RankedTensorType))
            elif name == "memref.store" and u.index == 0:
                return seen, True  # the buffer itself is stored somewhere
            elif name in _PLAIN_USES or name.startswith("linalg."):
                continue
            elif name == "func.call":
                # The callee may return the buffer (or a view of it).
                work.extend(r for r in o.results if _is_memref(r))
            elif name == "scf.for" and u.index >= 3:
                body = o.regions[0].blocks[0]
                k = u.index - 3
                work.append(body.arguments[len(body.arguments) - len(o.results) + k])
                work.append(o.results[k])
            elif name == "scf.yield" and o.parent_op is not None and o.parent_op.name in ("scf.for", "scf.if"):
                parent = o.parent_op
                work.append(parent.results[u.index])
                if parent.name == "scf.for":
                    body = parent.regions[0].blocks[0]
                    work.append(body.arguments[len(body.arguments) - len(parent.results) + u.index])
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
        if op.name != "memref.alloc" or op.parent is None:
            continue
        aliases, escapes = _aliases(op.results[0])
        if escapes:
            continue
        last = _last_use_in_block(op, aliases)
        if last is None:
            continue
        Builder.after(last).create("memref.dealloc", [op.results[0]])
        n += 1
    return n


@register_pass
@dataclass(frozen=True)
class BufferDeallocationPipeline(ModulePass):
    name: ClassVar[str] = "buffer-deallocation-pipeline"
    summary: ClassVar[str] = "Free the allocations that do not escape their function (static ownership)"

    def run(self, op: Operation, ctx: PassContext) -> None:
        for f in list(op.walk()):
            if f.name == "func.func":
                deallocate_function(f)
