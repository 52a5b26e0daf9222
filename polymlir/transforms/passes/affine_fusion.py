"""``affine-loop-fusion`` and ``affine-data-copy-generate``: upstream's pass
names and options over the exact fusion, contraction and promotion
primitives (``loops/fuse.py``, ``loops/contract.py``, ``loops/promote.py``).

Fusion (``loops/fusion_greedy.py``): upstream's greedy slice-based
fusion (producer-consumer with the producer's slice recomputed in the
consumer, private buffers, sibling fusion, maximal mode, cost model with
``compute-tolerance``); every fusion is tried on a copy and kept only when
the exact dataflow check proves it meaning-preserving, else declined with
a remark naming the dependence. Options are MLIR 22's
(``affine-loop-fusion{mode=producer maximal}``); the older ``fusion-``
spellings (``fusion-maximal``) are accepted too.

Distribution (``affine-loop-distribute``, polymlir's own: upstream has no
affine fission pass): every loop whose body holds several statements is
split maximally (one loop per dependence cycle), outermost loops first;
loops whose statements form one cycle get a remark naming a dependence.

Copy generation: as upstream's ``runOnBlock``, the outermost loop of each
nest whose footprint fits ``fast-mem-capacity`` (KiB) gets its memrefs
promoted to local buffers in ``fast-mem-space``; bigger loops (and, with
``skip-non-unit-stride-loops``, loops of non-unit step) hand down to the
loops and straight-line runs in their body. Each straight-line run (from
an affine load or store to the next loop) is copied for as a loop of one
iteration would be (``loops/copy_runs.py``). The buffers are allocated at the copies and freed
after the copy-out, as upstream places them; the copies are point-wise
loops, or with ``generate-dma`` one ``affine.dma_start``/``dma_wait`` per
transfer (strided where the region is narrower than the memref), tags in
``tag-mem-space``, each transfer with index constants of its own
(``loops/copy_dma.py``). The rewritten accesses compose the ``affine.apply``
ops of their indices, as upstream's (``loops/copy_remap.py``). Along a
dimension where a region's extent is not constant, a DMA moves the
memref's whole (static) dimension, as upstream's. A region that one DMA
cannot move exactly (a dynamic dimension, a partial tile, a multi-level
stride) is left alone with a remark.
``min-dma-transfer`` is accepted and, as in mlir-opt-22, not used.
``test-affine-data-copy`` is upstream's test pass of the copy utility
(memref filter, single region, capacity warning), as
``loops/copy_test_pass.py`` describes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from ...affine.model import Loop, PolyhedralModel, analyze
from ...dialects.affine import AffineForOp, AffineParallelOp
from ...dialects.affine.memory import AffineDmaStartOp
from ...dialects.func import FuncOp
from ...ir import types as T
from ...ir.core import Block, Operation
from ..loops.copy_dma import function_zero
from ..loops.copy_runs import RUN_NAME, block_items, unwrap, wrap_run
from ..loops.copy_test_pass import CopyTest, buffer_shape, loops_by_depth, run_copy_test
from ..loops.distribute import body_items, distribute, distribute_verdict
from ..loops.fusion_greedy import FusionOptions, run_fusion
from ..loops.loop_utils import TransformError
from ..loops.promote import Dma, dma_problem, plan, promote, promote_verdict, simplify_copies
from .affine_loop_tile import element_bytes
from .manager import FUNCTION, ModulePass, PassContext, UInt, ULong, register_pass

AFFINE_LOOPS = (AffineForOp, AffineParallelOp)


def _functions(op: Operation) -> list[Operation]:
    return [f for f in op.walk(post_order=False) if isinstance(f, FuncOp) and f.regions and f.regions[0].blocks]


def _memrefs(model: PolyhedralModel, loop: Loop, kind: str) -> set:
    return {
        s.accesses[0].memref for s in model.statements if loop.op.is_ancestor_of(s.op) and s.accesses[0].kind == kind
    }


def pair_kind(model: PolyhedralModel, a: Loop, b: Loop) -> str | None:
    """ "producer" when ``b`` reads what ``a`` writes, "sibling" when they
    only share memrefs they both read, None when they share nothing or
    ``b`` writes what ``a`` accesses only."""
    aw, ar = _memrefs(model, a, "write"), _memrefs(model, a, "read")
    bw, br = _memrefs(model, b, "write"), _memrefs(model, b, "read")
    if aw & br:
        return "producer"
    if ar & br and not (aw & (br | bw)) and not (bw & (ar | aw)):
        return "sibling"
    return None


@register_pass
@dataclass(frozen=True)
class AffineLoopFusion(ModulePass):
    name: ClassVar[str] = "affine-loop-fusion"
    summary: ClassVar[str] = (
        "Fuse affine loop nests as upstream does (slices, private buffers, sibling and maximal modes), "
        "each fusion checked exactly"
    )
    # MLIR 22's option names; the older ones (before the `fusion-` prefix
    # was dropped) are aliases.
    compute_tolerance: float = field(default=0.30, metadata={"aliases": ("fusion-compute-tolerance",)})
    fast_mem_space: UInt | None = field(default=None, metadata={"aliases": ("fusion-fast-mem-space",)})
    local_buf_threshold: ULong = field(default=ULong(0), metadata={"aliases": ("fusion-local-buf-threshold",)})
    maximal: bool = field(default=False, metadata={"aliases": ("fusion-maximal",)})
    mode: Literal["greedy", "producer", "sibling"] = "greedy"

    def run(self, op: Operation, ctx: PassContext) -> None:
        opts = FusionOptions(
            compute_tolerance=self.compute_tolerance,
            fast_mem_space=self.fast_mem_space,
            local_buf_threshold=self.local_buf_threshold * 1024,
            maximal=self.maximal,
            mode=self.mode,
        )
        for f in _functions(op):
            run_fusion(f, opts, ctx.missed)


def _count_loops(func: Operation) -> int:
    return sum(1 for op in func.walk() if isinstance(op, AFFINE_LOOPS))


@register_pass
@dataclass(frozen=True)
class AffineDataCopyGenerate(ModulePass):
    name: ClassVar[str] = "affine-data-copy-generate"
    summary: ClassVar[str] = (
        "Copy the footprints of affine loop nests into local buffers (point-wise copies or DMA transfers)"
    )
    fast_mem_capacity: ULong = ULong(0)  # KiB; 0: unlimited (upstream's default is the largest integer)
    fast_mem_space: UInt = UInt(1)
    generate_dma: bool = False  # what mlir-opt-22 does without the option
    min_dma_transfer: int = 1024  # accepted; mlir-opt-22 does not read it either
    skip_non_unit_stride_loops: bool = False
    slow_mem_space: UInt = UInt(0)
    tag_mem_space: UInt = UInt(0)

    def run(self, op: Operation, ctx: PassContext) -> None:
        for f in _functions(op):
            # Upstream's pass makes an index zero at the start of each
            # function (unused: every transfer makes its own); with DMAs it
            # is kept where some were made, so that the output matches
            # mlir-opt's line for line, SSA names included.
            zero = function_zero(f.regions[0].blocks[0].operations[0]) if self.generate_dma else None
            self.run_on_block(f, f.regions[0].blocks[0], ctx)
            if zero is not None and not any(isinstance(o, AffineDmaStartOp) for o in f.walk()):
                zero.erase()

    def _capacity(self) -> int | None:
        # Upstream's default capacity is UINT64_MAX KiB: unlimited.
        if self.fast_mem_capacity <= 0 or self.fast_mem_capacity >= (1 << 54):
            return None
        return self.fast_mem_capacity * 1024

    def run_on_block(self, func: Operation, block: Block, ctx: PassContext) -> None:
        for item in block_items(block):
            if isinstance(item, list):
                self._copy_run(func, item, ctx)
            elif item.parent is block:
                self._copy_loop(func, item, ctx)

    def _copy_run(self, func: Operation, run: list[Operation], ctx: PassContext) -> None:
        # Upstream copies for straight-line code as for a loop around it
        # (assumed to fit in the fast memory).
        if any(op.parent is not run[0].parent for op in run):
            return
        wrapper = wrap_run(run)

        def missed(at: Operation, message: str) -> None:
            ctx.missed(at, message.replace(f"loop {RUN_NAME} ", "the straight-line run "))

        try:
            self._copy_loop(func, wrapper, ctx, straight_line=True, missed=missed)
        finally:
            unwrap(wrapper)

    def _copy_loop(
        self,
        func: Operation,
        op: Operation,
        ctx: PassContext,
        straight_line: bool = False,
        missed: Callable[[Operation, str], None] | None = None,
    ) -> None:
        """Copies around loop ``op`` (a wrapped run with ``straight_line``),
        or inside it when its footprint does not fit; ``missed`` (by
        default the context's) is told why not."""
        missed = missed or ctx.missed
        model = analyze(func)
        loop = model.loop_for(op)
        step = loop.step if isinstance(op, AffineForOp) else 1
        if self.skip_non_unit_stride_loops and step != 1:
            self._recurse(func, op, ctx)
            return
        memrefs = self._slow_memrefs(model, loop)
        if not memrefs:
            return
        try:
            regions, _ = plan(model, loop, memrefs, whole_dims=self.generate_dma)
        except TransformError as e:
            missed(op, f"no copies generated: {e}")
            return
        cap = self._capacity()
        if cap is not None and not straight_line:
            sizes: list[int] = []
            dynamic = False  # a region of unknown size
            for r in regions:
                if any(s < 0 for s in r.shape):
                    dynamic = True
                    break
                n = 1
                for s in r.shape:
                    n *= s
                sizes.append(n * element_bytes(T.of_kind(r.memref.type, T.MemRefType).element_type))
            if dynamic or sum(sizes) > cap:
                self._recurse(func, op, ctx)
                return
        if self.generate_dma:
            ok = []
            for r in regions:
                why = dma_problem(r)
                if why is None:
                    ok.append(r.memref)
                else:
                    missed(op, f"no DMA generated for {why}")
            memrefs = ok
            if not memrefs:
                return
        verdict = promote_verdict(model, loop, memrefs, self._space(), whole_dims=self.generate_dma)
        if not verdict.ok:
            # Some memref cannot be promoted: promote the others.
            ok = [r.memref for r in regions if r.memref in memrefs]
            if ok and promote_verdict(model, loop, ok, self._space(), whole_dims=self.generate_dma).ok:
                missed(op, f"not every memref promoted: {verdict.reason}")
                self._promote(model, loop, ok)
            else:
                missed(op, f"no copies generated: {verdict.reason}")
            return
        self._promote(model, loop, memrefs)

    def _promote(self, model: PolyhedralModel, loop: Loop, memrefs: list) -> None:
        # The buffers go where upstream puts them: at the copies.
        dma = Dma(self.tag_mem_space or None) if self.generate_dma else None
        copies: list[Operation] = []
        promote(model, loop, memrefs, self._space(), at_copies=True, dma=dma, copies=copies, compose=True)
        simplify_copies(copies)

    def _space(self) -> int | None:
        return self.fast_mem_space or None

    def _slow_memrefs(self, model: PolyhedralModel, loop: Loop) -> list:
        out = []
        for s in model.statements:
            mem = s.accesses[0].memref
            if not loop.op.is_ancestor_of(s.op) or mem in out:
                continue
            space = getattr(mem.type, "memory_space", None)
            value = getattr(space, "value", 0) if space is not None else 0
            if value == self.slow_mem_space:
                out.append(mem)
        return out

    def _recurse(self, func: Operation, op: Operation, ctx: PassContext) -> None:
        self.run_on_block(func, op.regions[0].blocks[0], ctx)


@register_pass
@dataclass(frozen=True)
class TestAffineDataCopy(ModulePass):
    """Upstream's test pass of the copy utility (``loops/copy_test_pass.py``)."""

    name: ClassVar[str] = "test-affine-data-copy"
    anchor: ClassVar[str] = FUNCTION
    summary: ClassVar[str] = "Copy generation of upstream's test pass (memref filter, single region, capacity)"
    capacity_kib: ULong | None = None  # only warned about, as upstream
    for_memref_region: bool = False
    memref_filter: bool = False

    def run(self, op: Operation, ctx: PassContext) -> None:
        if not op.regions or not op.regions[0].blocks:
            return
        opts = CopyTest(memref_filter=self.memref_filter, for_memref_region=self.for_memref_region)
        levels = loops_by_depth(op)  # before the copy nests join them
        allocs = run_copy_test(op, opts, ctx.missed)
        if self.capacity_kib is None or not allocs:
            return
        total = 0
        for a in allocs:
            known = buffer_shape(a)
            if known is not None:  # upstream does not count buffers of unknown size
                total += math.prod(known[1]) * element_bytes(known[0])
        if total > self.capacity_kib * 1024:
            ctx.warning(levels[0][0], "total size of all copy buffers' for this block exceeds fast memory capacity")


@register_pass
@dataclass(frozen=True)
class AffineLoopDistribute(ModulePass):
    name: ClassVar[str] = "affine-loop-distribute"
    summary: ClassVar[str] = (
        "Distribute (fission) affine loops maximally, one loop per dependence cycle "
        "(polymlir's own pass; exact legality, remarks where declined)"
    )

    def run(self, op: Operation, ctx: PassContext) -> None:
        for f in _functions(op):
            self.run_on_function(f, ctx)

    def run_on_function(self, func: Operation, ctx: PassContext) -> None:
        # Loops that hold one statement now are not split later, when
        # distributing an inner loop gave them several.
        seen: set[Operation] = {lp.op for lp in analyze(func).loops if len(body_items(lp)) < 2}
        while True:
            model = analyze(func)
            for lp in model.loops:
                if lp.op in seen or not isinstance(lp.op, AffineForOp) or len(body_items(lp)) < 2:
                    continue
                seen.add(lp.op)
                try:
                    v = distribute_verdict(model, lp)
                except TransformError as e:
                    ctx.missed(lp.op, f"not distributed: {e}")
                    continue
                if not v.ok:
                    ctx.missed(lp.op, f"not distributed: {v.reason}")
                    continue
                seen.update(distribute(model, lp))
                break
            else:
                return
