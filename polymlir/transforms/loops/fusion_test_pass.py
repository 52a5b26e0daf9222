"""``test-loop-fusion``: upstream's test pass of the fusion utilities.

For every ordered pair of affine.for nests at the same depth of a function
(and every fusion depth below), ``test-loop-fusion-dependence-check``
remarks where a block-level dependence prevents fusing them, and
``test-loop-fusion-slice-computation`` remarks the computation slice (or
that it would be incorrect), in upstream's words, so that its regression
tests run as written. ``test-loop-fusion-utilities`` fuses, until nothing
changes, the first pair (in that order) whose slice upstream's
``canFuseLoops`` accepts, and removes the source nest, as upstream's test
does; unlike upstream's (which says it is "not meant to be a pass to perform
valid fusion"), each fusion is first checked exactly on a copy and refused,
with a remark, where it would change what the function computes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from ...dialects.affine import AffineForOp
from ...ir.core import Block, Operation
from ..passes.manager import FUNCTION, ModulePass, PassContext, register_pass
from .fusion_check import Translation, check_fusion, identity_translation
from .fusion_rewrite import fuse_loops
from .fusion_slice import FusionResult, Polyhedra, SliceState, Strategy, can_fuse_loops, nesting_depth

Remark = Callable[[Operation, str], None]


def gather_loops(func: Operation) -> list[list[Operation]]:
    """Upstream's ``gatherLoops``: the affine.for ops of ``func`` by depth,
    each depth in program order."""
    levels: list[list[Operation]] = []
    for b in func.regions[0].blocks:
        _gather(b, 0, levels)
    return levels


def _gather(block: Block, depth: int, levels: list[list[Operation]]) -> None:
    if depth == len(levels):
        levels.append([])
    for op in block.operations:
        if isinstance(op, AffineForOp):
            levels[depth].append(op)
            _gather(op.regions[0].blocks[0], depth + 1, levels)


def slice_text(st: SliceState) -> str:
    """Upstream's ``getSliceStr``: the insertion point (its nesting depth and
    index in its block) and each loop's bound maps."""
    ins = st.insert_before
    assert ins is not None and ins.parent is not None
    bounds = "".join(f"[{lb}, {ub}] " for lb, ub in zip(st.lbs, st.ubs, strict=True))
    return f"insert point: ({nesting_depth(ins)}, {ins.parent.operations.index(ins)}) loop bounds: {bounds}"


@register_pass
@dataclass(frozen=True)
class TestLoopFusion(ModulePass):
    name: ClassVar[str] = "test-loop-fusion"
    anchor: ClassVar[str] = FUNCTION
    summary: ClassVar[str] = "Remarks of the loop fusion utilities (dependence check, slice computation)"
    test_loop_fusion_dependence_check: bool = False
    test_loop_fusion_slice_computation: bool = False
    test_loop_fusion_utilities: bool = False

    def run(self, op: Operation, ctx: PassContext) -> None:
        said: set[tuple[int, str]] = set()

        def remark(at: Operation, msg: str) -> None:
            # Upstream says it once per fusion depth tried; once is enough.
            if (id(at), msg) not in said:
                said.add((id(at), msg))
                ctx.remark(at, msg)

        if self.test_loop_fusion_utilities:
            # Upstream runs only this test when it is asked for.
            while fuse_first_pair(op, remark):
                pass
            return
        levels = gather_loops(op)
        poly = Polyhedra(op)
        if self.test_loop_fusion_dependence_check:
            self._each(levels, lambda a, b, i, j, d, depth: self._dependence(poly, a, b, i, j, d, depth, remark))
        if self.test_loop_fusion_slice_computation:
            self._each(levels, lambda a, b, i, j, d, depth: self._slice(poly, a, b, i, j, d, remark))

    @staticmethod
    def _each(levels: list[list[Operation]], fn) -> None:
        for a, b, i, j, d, depth in _candidate_pairs(levels):
            fn(a, b, i, j, d, depth)

    @staticmethod
    def _dependence(poly: Polyhedra, a: Operation, b: Operation, i: int, j: int, d: int, depth: int, remark) -> None:
        res, _ = can_fuse_loops(poly, a, b, d, Strategy.GENERIC)
        if res is FusionResult.FAIL_BLOCK_DEPENDENCE:
            remark(a, f"block-level dependence preventing fusion of loop nest {i} into loop nest {j} at depth {depth}")

    @staticmethod
    def _slice(poly: Polyhedra, a: Operation, b: Operation, i: int, j: int, d: int, remark) -> None:
        res, st = can_fuse_loops(poly, a, b, d, Strategy.GENERIC)
        what = {FusionResult.SUCCESS: "slice", FusionResult.FAIL_INCORRECT_SLICE: "Incorrect slice"}.get(res)
        if what is not None:
            remark(b, f"{what} ( src loop: {i}, dst loop: {j}, depth: {d} : {slice_text(st)})")


def fuse_first_pair(func: Operation, remark: Remark) -> bool:
    """One step of upstream's ``testLoopFusionUtilities`` fixed point: the
    first pair of nests at one depth (source ``a``, destination ``b``) and
    fusion depth at which ``canFuseLoops`` succeeds and the fusion, with
    ``a`` removed, computes what the function did is fused. Returns whether
    one was."""
    levels = gather_loops(func)
    used: set[tuple[int, int, int]] = set()  # (depth, i, j) whose source's results are used
    for a, b, i, j, d, depth in _candidate_pairs(levels):
        if (depth, i, j) in used:
            continue
        poly = Polyhedra(func)
        res, st = can_fuse_loops(poly, a, b, d, Strategy.GENERIC)
        if res is not FusionResult.SUCCESS:
            continue
        if any(r.uses for r in a.results):
            # Upstream keeps a source whose results are used and
            # would fuse it again and again; polymlir does not.
            remark(b, f"not fused with loop nest {i}: its results are used")
            used.add((depth, i, j))
            continue
        verdict = check_fusion(func, func, functools.partial(_fuse_and_erase, src=a, st=st, promote=False))
        if not verdict.ok:
            remark(b, f"not fused with loop nest {i} at depth {d}: {verdict.reason}")
            continue
        _fuse_and_erase(identity_translation(poly), a, st, True)
        return True
    return False


def _candidate_pairs(levels: list[list[Operation]]) -> Iterator[tuple[Operation, Operation, int, int, int, int]]:
    """Upstream's test order: per depth, every ordered pair ``(a, b)`` of
    distinct loops there (indices ``i``, ``j``) and each fusion depth ``d``
    below: ``(a, b, i, j, d, depth)``."""
    for depth, loops in enumerate(levels):
        for i, a in enumerate(loops):
            for j, b in enumerate(loops):
                if i != j:
                    for d in range(depth + 1, len(levels) + 1):
                        yield a, b, i, j, d, depth


def _fuse_and_erase(tr: Translation, src: Operation, st: SliceState, promote: bool) -> None:
    """Upstream's ``fuseLoops`` of ``src``'s slice ``st`` into its
    destination, then the source erased."""
    fuse_loops(tr.op(src), tr.slice(st), promote, tr)
    tr.op(src).erase()
    if tr.poly is not None:
        tr.poly.invalidate()
