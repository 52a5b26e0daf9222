"""Upstream's small affine loop passes, by name and options, as thin
wrappers over the primitives in ``transforms/loops``:

- ``affine-loop-unroll{unroll-factor=4 unroll-up-to-factor unroll-num-reps=1
  unroll-full-threshold cleanup-unroll}``: innermost loops; ``unroll-factor=-1``
  unrolls fully (MLIR 22's spelling; ``unroll-full=true``, the older one, is
  accepted too), and with ``unroll-full-threshold`` every loop whose trip
  count is at most the threshold;
- ``affine-loop-unroll-jam{unroll-jam-factor=4}``: the first op of each
  function when it is an affine.for (as upstream); legality exact;
- ``affine-parallelize{max-nested parallel-reductions=false}``;
- ``affine-scalrep``, ``affine-loop-normalize{promote-single-iter}``,
  ``affine-loop-invariant-code-motion``.

Where a pass declines, a remark at the loop says why (`PassContext.missed`:
kept only when asked, as ``polymlir opt --pass-remarks-missed``). Where upstream would
produce a wrong program (unroll-and-jam across a dependence, unrolling a
rotation of iter_args, a cleanup loop below the lower bound), these passes
refuse or transform correctly instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, cast

from ...affine.model import Loop, PolyhedralModel, analyze
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp
from ...dialects.affine.parallel import AffineParallelOp
from ...dialects.func import FuncOp
from ...ir.core import Operation
from ..loops.licm import hoist_invariants
from ..loops.loop_utils import TransformError
from ..loops.normalize import normalize_affine_for, normalize_affine_parallel
from ..loops.parallelize import convert_to_parallel, parallelize_verdict
from ..loops.scalar_replace import scalrep
from ..loops.unroll import constant_trip_count, unroll, unroll_verdict
from ..loops.unroll_jam import unroll_jam, unroll_jam_verdict
from .manager import ModulePass, PassContext, UInt, register_pass

MAX_UNSIGNED = (1 << 32) - 1


def _loop(func: Operation, op: Operation) -> tuple[PolyhedralModel, Loop | None]:
    model = analyze(func)
    try:
        return model, model.loop_for(op)
    except KeyError:
        return model, None


def outside_model_reason(model: PolyhedralModel, op: Operation) -> str:
    """Why ``op`` (a loop without a `Loop`) is outside the affine model."""
    for r in model.non_affine:
        if r.op is op or r.op.is_ancestor_of(op):
            return f"the loop is outside the affine model ({r.reason})"
    return "the loop is outside the affine model"


def _innermost(func: Operation) -> list[Operation]:
    """affine.for ops with no affine.for nested in them, in post-order."""
    return [
        o
        for o in func.walk()
        if isinstance(o, AffineForOp) and not any(isinstance(x, AffineForOp) for x in o.walk() if x is not o)
    ]


@register_pass
@dataclass(frozen=True)
class AffineLoopUnroll(ModulePass):
    name: ClassVar[str] = "affine-loop-unroll"
    anchor: ClassVar[str] = FuncOp.OP_NAME
    summary: ClassVar[str] = "Unroll affine loops (innermost loops; remarks where declined)"
    unroll_factor: int = 4
    unroll_up_to_factor: bool = False
    unroll_full: bool = False  # before MLIR 22; now unroll-factor=-1
    unroll_num_reps: UInt = UInt(1)
    # Upstream's default (1) applies only when the option is given: None here.
    unroll_full_threshold: UInt | None = None
    cleanup_unroll: bool = False

    @property
    def full(self) -> bool:
        return self.unroll_full or self.unroll_factor == -1

    def run(self, func: Operation, ctx: PassContext) -> None:
        if not func.regions or not func.regions[0].blocks:
            return
        if self.full and self.unroll_full_threshold is not None:
            for op in [o for o in func.walk() if isinstance(o, AffineForOp)]:
                model, loop = _loop(func, op)
                if loop is None:
                    continue
                tc = constant_trip_count(loop.lbs, loop.ubs, loop.step)
                if tc is not None and tc <= self.unroll_full_threshold:
                    self._apply(func, op, None, True, ctx)
            return
        for _ in range(max(1, self.unroll_num_reps)):
            if not any([self._unroll_one(func, op, ctx) for op in _innermost(func)]):
                break

    def _unroll_one(self, func: Operation, op: Operation, ctx: PassContext) -> bool:
        if self.full:
            return self._apply(func, op, None, True, ctx)
        model, loop = _loop(func, op)
        if loop is None:
            ctx.missed(op, f"not unrolled: {outside_model_reason(model, op)}")
            return False
        factor = self.unroll_factor
        tc = constant_trip_count(loop.lbs, loop.ubs, loop.step)
        if tc is not None and (self.unroll_up_to_factor or self.cleanup_unroll) and tc < factor:
            return self._apply(func, op, None, True, ctx)
        if tc is not None and self.cleanup_unroll and tc % factor:
            return self._apply(func, op, None, True, ctx)
        return self._apply(func, op, factor, False, ctx)

    def _apply(self, func: Operation, op: Operation, factor: int | None, full: bool, ctx: PassContext) -> bool:
        model, loop = _loop(func, op)
        if loop is None:
            ctx.missed(op, f"not unrolled: {outside_model_reason(model, op)}")
            return False
        try:
            v = unroll_verdict(model, loop, factor, full)
            if not v.ok:
                ctx.missed(op, f"not unrolled: {v.reason}")
                return False
            unroll(model, loop, factor, full)
        except TransformError as e:
            ctx.missed(op, f"not unrolled: {e}")
            return False
        return True


@register_pass
@dataclass(frozen=True)
class AffineLoopUnrollJam(ModulePass):
    name: ClassVar[str] = "affine-loop-unroll-jam"
    anchor: ClassVar[str] = FuncOp.OP_NAME
    summary: ClassVar[str] = "Unroll and jam the first loop nest of each function (legality checked exactly)"
    unroll_jam_factor: UInt = UInt(4)

    def run(self, func: Operation, ctx: PassContext) -> None:
        if not func.regions or not func.regions[0].blocks or not func.regions[0].blocks[0].operations:
            return
        op = func.regions[0].blocks[0].operations[0]
        if not isinstance(op, AffineForOp):
            return
        model, loop = _loop(func, op)
        if loop is None:
            ctx.missed(op, f"not unroll-jammed: {outside_model_reason(model, op)}")
            return
        try:
            v = unroll_jam_verdict(model, loop, self.unroll_jam_factor)
            if not v.ok:
                ctx.missed(op, f"not unroll-jammed: {v.reason}" + (f" (hint: {v.hint})" if v.hint else ""))
                return
            unroll_jam(model, loop, self.unroll_jam_factor)
        except TransformError as e:
            ctx.missed(op, f"not unroll-jammed: {e}")


@register_pass
@dataclass(frozen=True)
class AffineParallelize(ModulePass):
    name: ClassVar[str] = "affine-parallelize"
    anchor: ClassVar[str] = FuncOp.OP_NAME
    summary: ClassVar[str] = "Turn affine.for loops that carry no dependence into affine.parallel"
    max_nested: UInt = UInt(MAX_UNSIGNED)
    parallel_reductions: bool = False

    def run(self, func: Operation, ctx: PassContext) -> None:
        if not func.regions or not func.regions[0].blocks:
            return
        model = analyze(func)
        # Decided on the original program (parallelizing does not change
        # dependences); outer loops first, as upstream's pre-order walk.
        candidates: list[Operation] = []
        for loop in model.loops:
            if not isinstance(loop.op, AffineForOp):
                continue
            v = parallelize_verdict(model, loop, self.parallel_reductions)
            if v.ok:
                candidates.append(loop.op)
            else:
                ctx.missed(loop.op, f"not parallelized: {v.reason}" + (f" (hint: {v.hint})" if v.hint else ""))
        for op in candidates:
            nested = sum(1 for a in op.ancestors() if isinstance(a, AffineParallelOp) and func.is_proper_ancestor_of(a))
            if nested >= self.max_nested:
                ctx.missed(
                    op, f"not parallelized: already inside {nested} parallel loops (max-nested={self.max_nested})"
                )
                continue
            convert_to_parallel(cast(AffineForOp, op))


@register_pass
@dataclass(frozen=True)
class AffineScalrep(ModulePass):
    name: ClassVar[str] = "affine-scalrep"
    anchor: ClassVar[str] = FuncOp.OP_NAME
    summary: ClassVar[str] = "Store-to-load forwarding and redundant load elimination (exact, within blocks)"

    def run(self, func: Operation, ctx: PassContext) -> None:
        if func.regions and func.regions[0].blocks:
            scalrep(func)


@register_pass
@dataclass(frozen=True)
class AffineLoopNormalize(ModulePass):
    name: ClassVar[str] = "affine-loop-normalize"
    anchor: ClassVar[str] = FuncOp.OP_NAME
    summary: ClassVar[str] = "Make affine loops start at 0 with step 1"
    promote_single_iter: bool = False

    def run(self, func: Operation, ctx: PassContext) -> None:
        for op in [o for o in func.walk() if isinstance(o, (AffineForOp, AffineParallelOp))]:
            if isinstance(op, AffineForOp):
                why = normalize_affine_for(op, self.promote_single_iter)
            else:
                why = normalize_affine_parallel(op)
            if why is not None:
                ctx.missed(op, f"not normalized: {why}")


@register_pass
@dataclass(frozen=True)
class AffineLoopInvariantCodeMotion(ModulePass):
    name: ClassVar[str] = "affine-loop-invariant-code-motion"
    anchor: ClassVar[str] = FuncOp.OP_NAME
    summary: ClassVar[str] = "Hoist loop-invariant pure ops and loads whose element the loop never writes"

    def run(self, func: Operation, ctx: PassContext) -> None:
        if func.regions and func.regions[0].blocks:
            stats = hoist_invariants(func)
            for op, loop, why in stats.kept:
                if op.parent is not None:
                    ctx.missed(op, f"not hoisted out of loop {loop_name(loop)}: {why}")
