"""Declaration of parallelize (``affine.for`` to ``affine.parallel``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .memory import NEST
from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, declare

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

# Not searched: without reductions a loop that has one is refused and nothing else changes.
REDUCTIONS = Domain(choices=(True, False), typical=True, search=())


def _verdict(c: Call) -> Verdict:
    from .. import parallelize as PAR  # start-up time

    return PAR.parallelize_verdict(c.model, c.loops[0], c.params["reductions"])


def _apply(c: Call) -> object:
    from .. import parallelize as PAR  # start-up time

    return PAR.parallelize(c.model, c.loops[0], c.params["reductions"])


def _candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    for r in REDUCTIONS.values(exhaustive):
        yield [lp], {"reductions": r}


declare(
    Primitive(
        "parallelize",
        "turn a loop that carries no dependence into ``affine.parallel`` (with ``reduce`` for "
        "iter_args reductions when ``reductions``)",
        Loops(
            "loop",
            "loop",
            flag=Flag("--loop", "the loop to parallelize (default: the outermost parallel loops of each nest)"),
        ),
        (
            Param(
                "reductions",
                "bool",
                True,
                REDUCTIONS,
                "turn iter_args reductions into reduce",
                record="always",
                flag=Flag("--no-reductions", "do not turn iter_args reductions into reduce", {"action": "store_true"}),
            ),
        ),
        _verdict,
        _apply,
        candidates=_candidates,
        example=Example(NEST, "k", ({"op": "parallelize", "loops": ["i"], "reductions": True},)),
    )
)
