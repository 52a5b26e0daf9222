"""Declarations of the primitives over whole nests: fuse (shifted too) and distribute."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, declare
from .unrolling import new_loops

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

# The second nest reads B[j + 1]: fused unshifted, it would read it before the first nest writes it.
TWO_NESTS = """func.func @k(%A: memref<16xf64>, %B: memref<16xf64>, %C: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf64>
    affine.store %a, %B[%i] : memref<16xf64>
  }
  affine.for %j = 0 to 15 {
    %b = affine.load %B[%j + 1] : memref<16xf64>
    affine.store %b, %C[%j] : memref<16xf64>
  }
  return
}
"""


def _fuse_verdict(c: Call) -> Verdict:
    from .. import fuse as F  # start-up time

    a, b = c.loops
    return F.fuse_verdict(c.model, a, b, c.params["depth"], c.params["shifts"])


def _fuse_apply(c: Call) -> object:
    from ....affine.model import analyze  # start-up time
    from .. import contract as CT
    from .. import fuse as F

    a, b = c.loops
    out = F.fuse(c.model, a, b, c.params["depth"], c.params["shifts"])
    if c.params["contract"]:
        func = c.schedule.func
        for alloc in CT.contraction_candidates(analyze(func)):
            model = analyze(func)
            if CT.contract_verdict(model, alloc).ok:
                CT.contract(model, alloc)
    return out


def _fuse_candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    """Sibling ``affine.for`` nests at every depth they may fuse at (shifted
    fusions come from the refusals' hints, ``_shifted``)."""
    from ....dialects.affine import AffineForOp  # start-up time
    from .. import fuse as F  # start-up time

    blocks: dict[int, list[Loop]] = {}
    for x in s.model.loops:
        if isinstance(x.op, AffineForOp) and x.op.parent is not None:
            blocks.setdefault(id(x.op.parent), []).append(x)
    for loops in blocks.values():
        ops = loops[0].op.parent.operations if loops[0].op.parent is not None else []
        loops = sorted({x.op: x for x in loops}.values(), key=lambda x: ops.index(x.op))
        for i, a in enumerate(loops):
            for b in loops[i + 1 :]:
                for depth in range(1, F.max_fusion_depth(a, b) + 1):
                    yield [a, b], {"depth": depth}


SHIFT_HINT = re.compile(r"shift the second nest by \(([-\d, ]+)\)")


def _shifted(s: Schedule, option: Any, hint: str) -> Iterator[Candidate]:
    """A fusion refused with "shift the second nest by (0, 1) ...": that shifted fusion."""
    m = SHIFT_HINT.match(hint)
    if option.primitive == "fuse" and m:
        shifts = [int(x) for x in m.group(1).split(",")]
        yield [s.nest(option.loops[0]), s.nest(option.loops[1])], {"depth": option.params["depth"], "shifts": shifts}


declare(
    Primitive(
        "fuse",
        "fuse nest ``b`` into nest ``a`` at ``depth`` (``b`` shifted by ``shifts``); with ``contract``, "
        "shrink the temporaries the fusion made private to one iteration",
        Loops("nests", "a,b"),
        (
            Param(
                "depth",
                "int",
                1,
                Domain(low=1, typical=1),
                "how many loops to fuse",
                record="always",
                flag=Flag("--depth", "how many loops to fuse (1: the outermost)", {"type": int, "default": 1}),
            ),
            Param(
                "shifts",
                "ints",
                None,
                Domain(rule="one per fused loop"),
                "shift the second nest by these amounts per fused loop",
                flag=Flag("--shifts", "shift the second nest by these amounts per fused loop: 0,1"),
            ),
            Param(
                "contract",
                "bool",
                False,
                Domain(choices=(False, True)),
                "shrink temporaries private to one fused iteration",
                flag=Flag("--contract", "shrink temporaries private to one fused iteration", {"action": "store_true"}),
            ),
        ),
        _fuse_verdict,
        _fuse_apply,
        candidates=_fuse_candidates,
        from_hint=_shifted,
        example=Example(TWO_NESTS, "k", ({"op": "fuse", "loops": ["i", "j"], "depth": 1, "shifts": [1]},)),
    )
)


def _distribute_verdict(c: Call) -> Verdict:
    from .. import distribute as D  # start-up time

    return D.distribute_verdict(c.model, c.loops[0], c.params["groups"])


def _distribute_apply(c: Call) -> object:
    from .. import distribute as D  # start-up time

    return D.distribute(c.model, c.loops[0], c.params["groups"])


def _distribute_candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    if lp.children:
        yield [lp], {}


ONE_LOOP_TWO_NESTS = """func.func @k(%A: memref<16xf64>, %B: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i] : memref<16xf64>
      affine.store %a, %B[%i] : memref<16xf64>
    }
    affine.for %k = 0 to 4 {
      %b = affine.load %B[%i] : memref<16xf64>
      affine.store %b, %A[%i] : memref<16xf64>
    }
  }
  return
}
"""

declare(
    Primitive(
        "distribute",
        "split ``loop`` into one loop per group of its body items (maximal distribution by strongly "
        "connected components when None)",
        Loops("loop", "loop", flag=Flag("--loop", "the loop to split", {"required": True})),
        (
            Param(
                "groups",
                "groups",
                None,
                Domain(rule="a partition of the body items, in order"),
                "the body items of each new loop",
            ),
        ),
        _distribute_verdict,
        _distribute_apply,
        creates=new_loops,
        candidates=_distribute_candidates,
        example=Example(ONE_LOOP_TWO_NESTS, "k", ({"op": "distribute", "loops": ["i"]},)),
    )
)
