"""Declarations of vectorize_hint and unroll_hint (LLVM loop metadata,
``polymlir.transforms.loops.loop_hints``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ArgumentError
from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, declare, powers_of_two
from .unrolling import NEST

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

ENABLE = Domain(choices=(True, False), typical=False, search=(True, False), ordered=False)
# 0: LLVM's own choice (the identity for a tuner when vectorization is on).
WIDTH = Domain(low=0, high=64, choices=(0, *powers_of_two(2, 16)), typical=0, rule="0 or a power of two")
INTERLEAVE = Domain(low=0, high=16, choices=(0, 1, 2, 4), typical=0, rule="0: LLVM chooses")


def _args(c: Call) -> tuple[bool, int, int]:
    p = c.params
    width, inter = int(p["width"]), int(p["interleave"])
    if width and width & (width - 1):
        raise ArgumentError(f"vectorize_hint: width must be 0 or a power of two, got {width}")
    return bool(p["enable"]), width, inter


def _verdict(c: Call) -> Verdict:
    from .. import loop_hints as LH  # start-up time

    return LH.vectorize_hint_verdict(c.model, c.loops[0], *_args(c))


def _apply(c: Call) -> object:
    from .. import loop_hints as LH  # start-up time

    LH.vectorize_hint(c.model, c.loops[0], *_args(c))
    return None


def _candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    if not lp.children:
        for e in ENABLE.values(exhaustive):
            yield [lp], {"enable": e}


declare(
    Primitive(
        "vectorize_hint",
        "ask LLVM to vectorize an innermost loop (``width`` lanes, ``interleave`` copies) or to keep its loop "
        "vectorizer off it (``enable=False``): loop metadata, the meaning unchanged",
        Loops("loop", "loop", flag=Flag("--loop", "the innermost loop the hint is for: j", {"required": True})),
        (
            Param(
                "enable",
                "bool",
                True,
                ENABLE,
                "vectorize (False: keep LLVM's loop vectorizer off the loop)",
                record="always",
                flag=Flag("--disable", "keep LLVM's loop vectorizer off the loop", {"action": "store_true"}),
            ),
            Param(
                "width",
                "int",
                0,
                WIDTH,
                "vector lanes (0: LLVM chooses)",
                flag=Flag("--width", "lanes", {"type": int}),
                searched_when=("enable", (True,)),
            ),
            Param(
                "interleave",
                "int",
                0,
                INTERLEAVE,
                "vector iterations in flight (0: LLVM chooses)",
                flag=Flag("--interleave", "vector iterations in flight", {"type": int}),
                searched_when=("enable", (True,)),
            ),
        ),
        _verdict,
        _apply,
        candidates=_candidates,
        example=Example(NEST, "k", ({"op": "vectorize_hint", "loops": ["j"], "enable": False},)),
    )
)

UNROLL_COUNT = Domain(low=0, high=64, choices=(0, 1, 2, 4, 8), typical=0, rule="0: LLVM chooses; 1: no unrolling")
RUNTIME = Domain(choices=(True, False), typical=True, search=(True, False), ordered=False)


def _unroll_args(c: Call) -> tuple[int, bool]:
    p = c.params
    return int(p["count"]), bool(p["runtime"])


def _unroll_verdict(c: Call) -> Verdict:
    from .. import loop_hints as LH  # start-up time

    return LH.unroll_hint_verdict(c.model, c.loops[0], *_unroll_args(c))


def _unroll_apply(c: Call) -> object:
    from .. import loop_hints as LH  # start-up time

    LH.unroll_hint(c.model, c.loops[0], *_unroll_args(c))
    return None


def _unroll_candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    if not lp.children:
        for r in RUNTIME.values(exhaustive):
            yield [lp], {"runtime": r}


declare(
    Primitive(
        "unroll_hint",
        "steer LLVM's loop unroller on a loop: ``count`` copies (1: none), no remainder loop for a trip count "
        "known only at run time (``runtime=False``): loop metadata, the meaning unchanged",
        Loops("loop", "loop", flag=Flag("--loop", "the loop the hint is for: j", {"required": True})),
        (
            Param(
                "count",
                "int",
                0,
                UNROLL_COUNT,
                "copies of the body (0: LLVM chooses, 1: no unrolling)",
                flag=Flag("--count", "copies of the body", {"type": int}),
            ),
            Param(
                "runtime",
                "bool",
                True,
                RUNTIME,
                "may unroll a loop whose trip count is known only at run time (False: never, no remainder loop)",
                record="always",
                flag=Flag(
                    "--no-runtime",
                    "never unroll with a remainder loop for a run-time trip count",
                    {"action": "store_false", "dest": "runtime"},
                ),
                # no unrolling (count 1) has no remainder loop to forbid
                searched_when=("count", tuple(c for c in UNROLL_COUNT.choices if c != 1)),
            ),
        ),
        _unroll_verdict,
        _unroll_apply,
        candidates=_unroll_candidates,
        example=Example(NEST, "k", ({"op": "unroll_hint", "loops": ["j"], "runtime": False},)),
    )
)
