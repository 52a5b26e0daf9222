"""Declaration of expand (scalar/array expansion: a buffer private to each
iteration of a loop, ``polymlir.transforms.loops.expand``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, declare

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

TEMPORARY = """func.func @k(%A: memref<16x16xf64>, %x: memref<16xf64>) {
  %cst = arith.constant 0.0 : f64
  %t = memref.alloca() : memref<f64>
  affine.for %i = 0 to 16 {
    affine.store %cst, %t[] : memref<f64>
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%j, %i] : memref<16x16xf64>
      %s = affine.load %t[] : memref<f64>
      %u = arith.addf %a, %s : f64
      affine.store %u, %t[] : memref<f64>
    }
    %r = affine.load %t[] : memref<f64>
    affine.store %r, %x[%i] : memref<16xf64>
  }
  return
}
"""


def _verdict(c: Call) -> Verdict:
    from .. import expand as EX  # start-up time

    return EX.expand_verdict(c.model, c.loops[0], c.params["memrefs"])


def _apply(c: Call) -> object:
    from .. import expand as EX  # start-up time

    return EX.expand(c.model, c.loops[0], c.params["memrefs"])


def _with_buffers(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    from .. import expand as EX  # start-up time

    assert lp is not None
    if lp.children or lp.statements:
        yield [lp], {}
        for arg in EX.arguments_accessed(s.model, lp):
            yield [lp], {"memrefs": [EX.value_name(arg)]}


declare(
    Primitive(
        "expand",
        "give the buffers ``memrefs`` (allocated in the function or arguments; default every one allocated "
        "and accessed in ``loop``) one copy per iteration of ``loop``: a leading dimension indexed by its "
        "induction variable; what outlives the loop is copied back from the last iteration's copy",
        Loops("loop", "loop", flag=Flag("--loop", "the loop whose iterations get a copy each: j")),
        (
            Param(
                "memrefs",
                "strs",
                None,
                Domain(rule="names of buffers allocated in the function or arguments, accessed in the loop"),
                "which buffers (default: every one allocated in the function and accessed in the loop)",
                flag=Flag("--memrefs", "which buffers (names: temp2; default: every one the loop accesses)"),
            ),
        ),
        _verdict,
        _apply,
        candidates=_with_buffers,
        example=Example(TEMPORARY, "k", ({"op": "expand", "loops": ["i"]},)),
    )
)
