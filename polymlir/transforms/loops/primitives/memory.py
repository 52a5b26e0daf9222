"""Declarations of the memory primitives: promote (to local buffers) and scalar_replace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, declare

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

NEST = """func.func @k(%A: memref<16x16xf64>, %x: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %s = affine.load %x[%i] : memref<16xf64>
      %t = arith.addf %a, %s : f64
      affine.store %t, %x[%i] : memref<16xf64>
    }
  }
  return
}
"""


def _promote_verdict(c: Call) -> Verdict:
    from .. import promote as PR  # start-up time

    return PR.promote_verdict(c.model, c.loops[0], c.params["memrefs"], c.params["memory_space"])


def _promote_apply(c: Call) -> object:
    from .. import promote as PR  # start-up time

    return PR.promote(c.model, c.loops[0], c.params["memrefs"], c.params["memory_space"])


def _with_children(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    if lp.children:
        yield [lp], {}


declare(
    Primitive(
        "promote",
        "copy the footprints of ``memrefs`` (all accessed if None) in ``loop`` to local buffers: "
        "copy-in before, copy-out after",
        Loops("loop", "loop", flag=Flag("--loop", "the loop whose footprints are copied: ii")),
        (
            Param(
                "memrefs",
                "strs",
                None,
                Domain(rule="argument names of memrefs accessed in the loop"),
                "which memrefs (default: every one accessed)",
                flag=Flag("--memrefs", "which memrefs (argument names: A,B; default: every one accessed)"),
            ),
            Param(
                "memory_space",
                "int",
                None,
                Domain(low=0),
                "memory space of the local buffers",
                flag=Flag("--memory-space", "memory space of the local buffers", {"type": int, "default": None}),
            ),
        ),
        _promote_verdict,
        _promote_apply,
        candidates=_with_children,
        example=Example(NEST, "k", ({"op": "promote", "loops": ["j"], "memrefs": ["A"]},)),
    )
)


def _scalar_replace_verdict(c: Call) -> Verdict:
    from .. import scalar_replace as SR  # start-up time

    return SR.scalar_replace_verdict(c.model, c.loops[0])


def _scalar_replace_apply(c: Call) -> object:
    from .. import scalar_replace as SR  # start-up time

    return SR.scalar_replace(c.model, c.loops[0])


def _every_loop(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    yield [lp], {}


declare(
    Primitive(
        "scalar_replace",
        "keep loop-invariant elements updated in ``loop`` in registers (load before, iter_args inside, store after)",
        Loops("loop", "loop"),
        (),
        _scalar_replace_verdict,
        _scalar_replace_apply,
        candidates=_every_loop,
        example=Example(NEST, "k", ({"op": "scalar_replace", "loops": ["j"]},)),
    )
)
