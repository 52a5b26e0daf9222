"""Declaration of vectorize_hint (LLVM loop metadata,
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
                "width", "int", 0, WIDTH, "vector lanes (0: LLVM chooses)", flag=Flag("--width", "lanes", {"type": int})
            ),
            Param(
                "interleave",
                "int",
                0,
                INTERLEAVE,
                "vector iterations in flight (0: LLVM chooses)",
                flag=Flag("--interleave", "vector iterations in flight", {"type": int}),
            ),
        ),
        _verdict,
        _apply,
        candidates=_candidates,
        example=Example(NEST, "k", ({"op": "vectorize_hint", "loops": ["j"], "enable": False},)),
    )
)
