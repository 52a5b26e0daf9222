"""Declarations of unroll and unroll_jam."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, declare

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

# A tuner searches 1 too: no unrolling (the step left out).
UNROLL = Domain(low=1, choices=tuple(range(2, 17)), typical=4, search=(1, 2, 4, 8), identity=1)
JAM = Domain(low=1, choices=tuple(range(2, 9)), typical=2, search=tuple(range(1, 9)), identity=1)

NEST = """func.func @k(%A: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %b = arith.addf %a, %a : f64
      affine.store %b, %A[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""


def new_loops(c: Call, new: list[Loop]) -> dict[str, list[Loop]]:
    """Every loop the step made (cleanup loops, copies)."""
    return {"new": new} if new else {}


def _factor(c: Call) -> int | None:
    return None if c.params["full"] else int(c.params["factor"] or 0)


def _unroll_verdict(c: Call) -> Verdict:
    from .. import unroll as U  # start-up time

    return U.unroll_verdict(c.model, c.loops[0], _factor(c), c.params["full"])


def _unroll_apply(c: Call) -> object:
    from .. import unroll as U  # start-up time

    return U.unroll(c.model, c.loops[0], _factor(c), c.params["full"])


def _unroll_record(params: dict[str, Any]) -> dict[str, Any]:
    return {"full": True} if params["full"] else {"factor": int(params["factor"] or 0)}


def _unroll_candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    for f in UNROLL.values(exhaustive):
        yield [lp], {"factor": f}
    if exhaustive:
        yield [lp], {"full": True}


declare(
    Primitive(
        "unroll",
        "unroll by ``factor`` (a cleanup loop for the rest) or fully",
        Loops("loop", "loop", flag=Flag("--loop", "the loop to unroll: j", {"required": True})),
        (
            Param(
                "factor", "int", None, UNROLL, "unroll factor", flag=Flag("--factor", "unroll factor", {"type": int})
            ),
            Param(
                "full",
                "bool",
                False,
                # not searched: a full unroll of a loop whose extent is a problem size is code growth
                Domain(choices=(False, True), search=()),
                "unroll completely (constant trip count)",
                flag=Flag("--full", "unroll completely (constant trip count)", {"action": "store_true"}),
            ),
        ),
        _unroll_verdict,
        _unroll_apply,
        creates=new_loops,
        candidates=_unroll_candidates,
        record=_unroll_record,
        example=Example(
            NEST, "k", ({"op": "unroll", "loops": ["j"], "factor": 4}, {"op": "unroll", "loops": ["i"], "factor": 3})
        ),
    )
)


def _jam_verdict(c: Call) -> Verdict:
    from .. import unroll_jam as UJ  # start-up time

    return UJ.unroll_jam_verdict(c.model, c.loops[0], c.params["factor"])


def _jam_apply(c: Call) -> object:
    from .. import unroll_jam as UJ  # start-up time

    return UJ.unroll_jam(c.model, c.loops[0], c.params["factor"])


def _jam_candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    if lp.children:
        for f in JAM.values(exhaustive):
            yield [lp], {"factor": f}


declare(
    Primitive(
        "unroll_jam",
        "unroll ``loop`` by ``factor`` and jam the copies into its inner loops",
        Loops("loop", "loop", flag=Flag("--loop", "the loop to unroll and jam: i", {"required": True})),
        (
            Param(
                "factor",
                "int",
                domain=JAM,
                doc="unroll-jam factor",
                flag=Flag("--factor", "unroll-jam factor", {"type": int, "required": True}),
            ),
        ),
        _jam_verdict,
        _jam_apply,
        creates=new_loops,
        candidates=_jam_candidates,
        example=Example(NEST, "k", ({"op": "unroll_jam", "loops": ["i"], "factor": 2},)),
    )
)
