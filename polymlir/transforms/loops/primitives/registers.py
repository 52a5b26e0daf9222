"""Declaration of register_tile, the register-tiled contraction micro-kernel
(``polymlir.transforms.loops.microkernel``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....machine import host, register_shape
from .auto import MATMUL
from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, declare

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

ROWS = Domain(low=1, high=16, choices=tuple(range(1, 9)), typical=6)
# A tuner searches nv <= 4: mr x nv accumulators and nv operand vectors then fit 32 registers for most mr.
VECTORS = Domain(low=1, high=16, choices=(1, 2, 3, 4, 6, 8), typical=4, search=(1, 2, 3, 4))
# Not searched: the host's vector width.
LANES = Domain(
    low=1, choices=(2, 4, 8, 16), typical=8, rule="elements per vector register (the host's width)", search=()
)
BLOCK = Domain(
    low=1, choices=(None, 64, 128, 256, 512), typical=None, rule="None: the reduction loop whole", ordered=False
)
ROW_BLOCK = Domain(
    low=1,
    choices=(None, 48, 96, 192, 384),
    typical=None,
    rule="None: every row in one block; else rounded down to a multiple of mr",
    ordered=False,
)
GROUP = Domain(
    low=1, high=16, choices=(1, 2, 3, 4, 6, 8), typical=1, rule="column tiles per iteration of the column loop"
)


# The declared parameters each function of ``microkernel`` takes, by name.
_SHAPE = ("mr", "nv", "lanes", "kc", "pack", "mc", "panels", "hoist", "group")
_REWRITE = (*_SHAPE, "fma", "parallel")


def _verdict(c: Call) -> Verdict:
    from .. import microkernel as MK  # start-up time

    return MK.microkernel_verdict(c.model, c.loops, **{k: c.params[k] for k in _SHAPE})


def _apply(c: Call) -> object:
    from .. import microkernel as MK  # start-up time

    return MK.register_tile(c.model, c.loops, **{k: c.params[k] for k in _REWRITE})


def _candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    band = s.band_from(lp)
    if len(band) < 2:
        return
    mr, nv, lanes = register_shape(host())
    shapes = [(mr, nv)] + ([(r, v) for r in ROWS.choices for v in VECTORS.choices] if exhaustive else [])
    for depth in (3, 2):
        if len(band) >= depth:
            for r, v in dict.fromkeys(shapes):
                yield band[-depth:], {"mr": r, "nv": v, "lanes": lanes}


declare(
    Primitive(
        "register_tile",
        "register-tile a contraction band: mr x nv vectors of accumulators in registers across the reduction loop",
        Loops("band", flag=Flag("--loops", "the contraction band, outermost first: i,j,k", {"required": True})),
        (
            Param("mr", "int", domain=ROWS, doc="rows of the register tile", flag=Flag("--mr", "rows", {"type": int})),
            Param(
                "nv", "int", domain=VECTORS, doc="vectors per row", flag=Flag("--nv", "vectors per row", {"type": int})
            ),
            Param(
                "lanes",
                "int",
                domain=LANES,
                doc="elements per vector",
                flag=Flag("--lanes", "elements per vector: 8 for f64 on AVX-512", {"type": int}),
            ),
            Param(
                "kc",
                "int",
                None,
                BLOCK,
                "block of the reduction loop",
                flag=Flag("--kc", "block the reduction loop", {"type": int}),
                nullable=True,
                record="always",
            ),
            Param(
                "fma",
                "bool",
                True,
                Domain(choices=(True, False)),
                "contract a * b + acc into one rounding",
                record="always",
                flag=Flag(
                    "--no-fma", "keep a * b + acc in two roundings (bit-identical results)", {"action": "store_true"}
                ),
            ),
            Param(
                "parallel",
                "bool",
                False,
                Domain(choices=(False, True)),
                "the column (or row) tiles as affine.parallel",
                flag=Flag("--parallel", "column tiles in parallel", {"action": "store_true"}),
            ),
            Param(
                "pack",
                "bool",
                False,
                Domain(choices=(False, True)),
                "copy operands strided along the vector loop into contiguous buffers",
                flag=Flag("--pack", "pack strided operands", {"action": "store_true"}),
            ),
            Param(
                "mc",
                "int",
                None,
                ROW_BLOCK,
                "block of the row loop, outside the column tiles (one block of rows stays in the L2 cache)",
                flag=Flag("--mc", "block the row loop", {"type": int}),
                nullable=True,
            ),
            Param(
                "panels",
                "bool",
                False,
                Domain(choices=(False, True)),
                "copy each column tile of the operand read along the vector and reduction loops (gemm's B) "
                "into a contiguous buffer its row tiles share",
                flag=Flag("--panels", "pack column panels", {"action": "store_true"}),
            ),
            Param(
                "hoist",
                "bool",
                False,
                Domain(choices=(False, True)),
                "compute the increment's arithmetic that moves with the rows alone (gemm's alpha * A[i, k]) "
                "once per element before the band",
                flag=Flag("--hoist", "hoist row values", {"action": "store_true"}),
            ),
            Param(
                "group",
                "int",
                1,
                GROUP,
                "neighbouring column tiles per iteration of the column loop, each row tile run across them "
                "(its rows of gemm's A read from memory once per group)",
                flag=Flag("--group", "column tiles per iteration of the column loop", {"type": int}),
            ),
        ),
        _verdict,
        _apply,
        candidates=_candidates,
        example=Example(
            MATMUL, "k", ({"op": "register_tile", "loops": ["i", "j", "k"], "mr": 4, "nv": 1, "lanes": 8, "kc": 4},)
        ),
    )
)
