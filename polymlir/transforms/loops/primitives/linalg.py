"""Declarations of the linalg-op primitives: tile_linalg, fuse_linalg,
promote_linalg (ops picked by position; no dry run: applying decides,
a TransformError from the transformation is a refusal)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import TransformError
from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, declare
from .structural import TILE_SIZES

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

MATMUL = """func.func @k(%A: memref<16x8xf32>, %B: memref<8x16xf32>, %C: memref<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x8xf32>, memref<8x16xf32>) outs(%C : memref<16x16xf32>)
  return
}
"""


def _outcome(fn: Callable[[], object]) -> Verdict:
    from ....affine.legality import Verdict  # start-up time

    try:
        result = fn()
    except TransformError as e:
        return Verdict(False, str(e), op=e.op)
    notes = getattr(result, "notes", None)
    return Verdict(True, "; ".join(notes) if notes else "applied")


def _tile(c: Call) -> Verdict:
    from ...linalg import tile as LT  # start-up time

    target = c.schedule.linalg_op(c.params["op"])
    return _outcome(lambda: LT.tile_op(target, c.params["sizes"], c.params["interchange"]))


def _fuse(c: Call) -> Verdict:
    from ...linalg import fuse as LF  # start-up time

    target = c.schedule.linalg_op(c.params["op"])
    producers = [c.schedule.linalg_op(p) for p in c.params["producers"]]
    return _outcome(lambda: LF.fuse_ops(target, producers, c.params["sizes"]))


def _promote(c: Call) -> Verdict:
    from ...linalg import promote as LP  # start-up time

    p = c.params
    target = c.schedule.linalg_op(p["op"])
    return _outcome(lambda: LP.promote_op(target, p["sizes"], p["operands"], p["alignment"], p["memory_space"]))


def _candidates(kind: str) -> Callable[[Schedule, Loop | None, bool], Iterator[Candidate]]:
    """For each linalg op: tiling, fusion of each producer it reads, promotion of its memref operands."""

    def gen(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
        from ....ir import types as T  # start-up time

        ops = s.linalg_ops()
        for k, op in enumerate(ops):
            for size in TILE_SIZES.values(exhaustive):
                sizes = [size] * op.num_loops
                if kind == "tile":
                    yield [], {"op": k, "sizes": sizes}
                elif kind == "fuse":
                    reads = set(op.operands)
                    for p, prod in enumerate(ops[:k]):
                        if reads & ({*prod.results} | {*prod.dps_inits()}):
                            yield [], {"op": k, "producers": [p], "sizes": sizes}
                else:
                    operands = [i for i, v in enumerate(op.operands) if isinstance(v.type, T.MemRefType)]
                    if operands:
                        yield [], {"op": k, "sizes": sizes, "operands": operands}

    return gen


OP = Param("op", "int", domain=Domain(low=0), key="linalg_op", doc="the linalg op, by position in the function")
SIZES = Param(
    "sizes",
    "ints",
    domain=Domain(low=0, choices=TILE_SIZES.choices, typical=32, search=TILE_SIZES.search),
    doc="tile sizes (0: untiled)",
)

declare(
    Primitive(
        "tile_linalg",
        "tile linalg op ``op`` (position) by ``sizes`` (0 = untiled)",
        Loops("none"),
        (
            Param(
                "op",
                "int",
                domain=Domain(low=0),
                key="linalg_op",
                doc="the linalg op, by position",
                flag=Flag("--op", "only the linalg op at this position in the function (0-based)", {"type": int}),
            ),
            SIZES,
            Param(
                "interchange",
                "ints",
                (),
                Domain(rule="a permutation of the op's loops"),
                "order of the tile loops",
                flag=Flag("--interchange", "order of the tile loops of a linalg op, by loop: 2,0,1"),
            ),
        ),
        apply=_tile,
        candidates=_candidates("tile"),
        example=Example(MATMUL, "k", ({"op": "tile_linalg", "loops": [], "linalg_op": 1, "sizes": [4, 8, 0]},)),
    )
)

declare(
    Primitive(
        "fuse_linalg",
        "tile linalg op ``op`` and fuse the linalg ops at ``producers`` into its tiles",
        Loops("none"),
        (
            Param(
                "op",
                "int",
                domain=Domain(low=0),
                key="linalg_op",
                doc="the consumer op, by position",
                flag=Flag(
                    "--op", "linalg: the consumer op to tile, by position in the function (0-based)", {"type": int}
                ),
            ),
            Param(
                "producers",
                "ints",
                domain=Domain(low=0, rule="ops before the consumer"),
                doc="the producer ops to fuse into its tiles",
                flag=Flag("--producers", "linalg: the producer ops to fuse into its tiles, by position: 0,1,2"),
            ),
            Param(
                "sizes",
                "ints",
                domain=SIZES.domain,
                doc="tile sizes of the consumer",
                flag=Flag("--sizes", "linalg: tile sizes of the consumer: 8,16"),
            ),
        ),
        apply=_fuse,
        candidates=_candidates("fuse"),
        example=Example(
            MATMUL, "k", ({"op": "fuse_linalg", "loops": [], "linalg_op": 1, "producers": [0], "sizes": [4, 8]},)
        ),
    )
)

declare(
    Primitive(
        "promote_linalg",
        "tile linalg op ``op`` and promote the tiles of ``operands`` to local buffers",
        Loops("none"),
        (
            Param(
                "op",
                "int",
                domain=Domain(low=0),
                key="linalg_op",
                doc="the op, by position",
                flag=Flag("--op", "linalg: the op to tile and promote, by position (0-based)", {"type": int}),
            ),
            Param(
                "sizes",
                "ints",
                domain=SIZES.domain,
                doc="tile sizes",
                flag=Flag("--sizes", "linalg: tile sizes: 8,16,4"),
            ),
            Param(
                "operands",
                "ints",
                domain=Domain(low=0, rule="memref operands of the op"),
                doc="the operands whose tiles are promoted (inputs then outputs)",
                flag=Flag("--operands", "linalg: the operands whose tiles are promoted (inputs then outputs): 0,1"),
            ),
            Param(
                "alignment",
                "int",
                16,
                Domain(low=1, choices=(16, 32, 64)),
                "alignment of the local buffers (bytes; None: none)",
                nullable=True,
                flag=Flag(
                    "--alignment", "linalg: alignment of the local buffers (bytes)", {"type": int, "default": 16}
                ),
            ),
            Param("memory_space", "int", None, Domain(low=0), "memory space of the local buffers"),
        ),
        apply=_promote,
        candidates=_candidates("promote"),
        example=Example(
            MATMUL,
            "k",
            ({"op": "promote_linalg", "loops": [], "linalg_op": 1, "sizes": [4, 8, 4], "operands": [0, 1]},),
        ),
    )
)
