"""What upstream's ``test-affine-data-copy`` test pass does with the copy
utility, on polymlir's promotion (``promote.py``); the pass itself is
registered with the other copy pass (``passes/affine_fusion.py``).

It runs only on a function holding a single loop nest with a single
innermost loop. With ``memref-filter`` (or ``for-memref-region``) the
memref of the first ``affine.load`` directly in the innermost loop is the
one copied; without, every memref of memory space 0 is. The copies are
point-wise, into buffers of memory space 0:

- by default and with ``memref-filter``: for the body of the outermost
  loop (regions per iteration of it, hoisted out of it where they do not
  depend on it), as upstream's ``affineDataCopyGenerate(loopNest)``;
  polymlir copies around loops only, so the body must be one loop;
- with ``for-memref-region``: around the whole nest, as upstream's
  ``generateCopyForMemRegion`` for the load's region at depth 0. Upstream
  copies the region of that one load in and nothing out, so other accesses
  to the memref in the nest would read or write outside the buffer;
  polymlir's region covers every access to the memref, copied out where
  written.

Then, as upstream, the copy nests' single-iteration loops are promoted and
their accesses canonicalized.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...affine.model import analyze
from ...dialects.affine import AffineForOp
from ...dialects.affine.memory import AffineLoadOp
from ...ir import types as T
from ...ir.core import Block, Operation, Value
from .loop_utils import TransformError
from .promote import plan, promote, simplify_copies


@dataclass(frozen=True)
class CopyTest:
    """The test pass's options (``memref-filter``, ``for-memref-region``)."""

    memref_filter: bool = False
    for_memref_region: bool = False


def loops_by_depth(func: Operation) -> list[list[Operation]]:
    """Upstream's ``gatherLoops``: the ``affine.for`` ops of ``func`` by
    nesting depth (outermost first), each level in program order."""
    levels: list[list[Operation]] = []

    def gather(block: Block, depth: int) -> None:
        for op in block.operations:
            if isinstance(op, AffineForOp):
                if depth == len(levels):
                    levels.append([])
                levels[depth].append(op)
                gather(op.regions[0].blocks[0], depth + 1)

    for b in func.regions[0].blocks:
        gather(b, 0)
    return levels


def _space(v: Value) -> int:
    space = getattr(v.type, "memory_space", None)
    return getattr(space, "value", 0) if space is not None else 0


def run_copy_test(func: Operation, opts: CopyTest, missed: Callable[[Operation, str], None]) -> list[Operation]:
    """Generate the test pass's copies in ``func``; returns the buffers'
    allocations. ``missed(op, message)`` is told why nothing is copied
    where the test would copy but polymlir cannot."""
    levels = loops_by_depth(func)
    if not levels or len(levels[0]) != 1 or len(levels[-1]) != 1:
        return []  # upstream supports one nest with one innermost loop only
    nest, innermost = levels[0][0], levels[-1][0]
    load: AffineLoadOp | None = None
    if opts.memref_filter or opts.for_memref_region:
        load = next((o for o in innermost.regions[0].blocks[0].operations if isinstance(o, AffineLoadOp)), None)
        if load is None:
            return []
    model = analyze(func)
    if opts.for_memref_region:
        assert load is not None
        target = nest
    else:
        block = nest.regions[0].blocks[0]
        body = [o for o in block.operations if o is not block.terminator]
        if len(body) != 1 or not isinstance(body[0], AffineForOp):
            missed(nest, "no copies generated: the loop's body is not one loop (polymlir copies around loops only)")
            return []
        target = body[0]
    loop = model.loop_for(target)
    if load is not None:
        memrefs = [load.memref] if _space(load.memref) == 0 else []
    else:
        memrefs = []
        for s in model.statements:
            mem = s.accesses[0].memref
            if loop.op.is_ancestor_of(s.op) and mem not in memrefs and _space(mem) == 0:
                memrefs.append(mem)
    if not memrefs:
        return []
    try:
        regions, skipped = plan(model, loop, memrefs)
    except TransformError as e:
        missed(target, f"no copies generated: {e}")
        return []
    for why in skipped:
        missed(target, f"not promoted: {why}")
    if not regions:
        return []
    copies: list[Operation] = []
    try:
        allocs = promote(model, loop, [r.memref for r in regions], None, at_copies=True, copies=copies, compose=True)
    except TransformError as e:
        missed(target, f"no copies generated: {e}")
        return []
    simplify_copies(copies)
    return allocs


def buffer_shape(alloc: Operation) -> tuple[T.Type, list[int]] | None:
    """The element type and static shape of a buffer's allocation, None if
    its size is not constant."""
    t = alloc.results[0].type
    if not isinstance(t, T.MemRefType) or any(s == T.DYNAMIC for s in t.shape):
        return None
    return t.element_type, list(t.shape)
