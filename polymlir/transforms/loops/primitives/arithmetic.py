"""Declaration of contract_fma (multiply-adds that may round once,
``polymlir.transforms.loops.fma_contract``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .registry import Call, Candidate, Example, Flag, Loops, Primitive, declare

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

AXPY = """func.func @k(%a: f64, %X: memref<16xf64>, %Y: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    %x = affine.load %X[%i] : memref<16xf64>
    %y = affine.load %Y[%i] : memref<16xf64>
    %p = arith.mulf %a, %x : f64
    %s = arith.addf %p, %y : f64
    affine.store %s, %Y[%i] : memref<16xf64>
  }
  return
}
"""


def _verdict(c: Call) -> Verdict:
    from .. import fma_contract as FC  # start-up time

    return FC.contract_fma_verdict(c.model, c.loops[0])


def _apply(c: Call) -> object:
    from .. import fma_contract as FC  # start-up time

    return FC.contract_fma(c.model, c.loops[0])


def _outermost(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    if lp.parent is None:  # one application covers a whole nest
        yield [lp], {}


declare(
    Primitive(
        "contract_fma",
        "let each multiply whose only use is an add or subtract in ``loop`` round once with it (fastmath "
        "``contract`` on both: a fused multiply-add, as clang -ffp-contract=on)",
        Loops("loop", "loop", flag=Flag("--loop", "the loop whose multiply-adds may fuse: i")),
        (),
        _verdict,
        _apply,
        candidates=_outermost,
        example=Example(AXPY, "k", ({"op": "contract_fma", "loops": ["i"]},)),
    )
)
