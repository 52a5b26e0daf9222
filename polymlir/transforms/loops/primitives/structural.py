"""Declarations of the structural primitives: tile, strip_mine, permute, interchange."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError
from .registry import Call, Candidate, Domain, Example, Flag, Loops, Param, Primitive, declare, powers_of_two

if TYPE_CHECKING:  # annotations only (start-up time)
    from collections.abc import Iterator

    from ....affine.legality import Verdict
    from ....affine.model import Loop
    from ..handle import Schedule

# The tuner also tries 0, last: that loop untiled (a tile of its whole extent, the largest tile).
TILE_SIZES = Domain(
    low=1,
    choices=powers_of_two(4, 256),
    typical=32,
    rule="one positive integer per loop",
    search=(*powers_of_two(4, 256), 0),
    identity=0,
)

NEST = """func.func @k(%A: memref<16x16xf64>, %B: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      affine.store %a, %B[%j, %i] : memref<16x16xf64>
    }
  }
  return
}
"""


def _imperfect(band: list[Loop]) -> bool:
    """Whether ``band`` is tiled through its new schedule and isl's AST
    (ops between its loops, or values carried in iter_args)."""
    from .. import tile_imperfect as TI  # start-up time
    from ..loop_utils import perfect_band_problem

    carried = any(lp.iter_args for lp in band)
    return (len(band) > 1 or carried) and perfect_band_problem(band) is not None and TI.chain_problem(band) is None


def _check_names(c: Call) -> None:
    names = c.params.get("names")
    if names is not None and len(names) != len(c.loops):
        raise ArgumentError(f"expected {len(c.loops)} loop names (one per loop tiled), got {len(names)}")


def _tile_verdict(c: Call) -> Verdict:
    from .. import tile as TL  # start-up time
    from .. import tile_imperfect as TI

    _check_names(c)
    if _imperfect(c.loops):
        return TI.tile_imperfect_verdict(c.model, c.loops, c.params["sizes"])
    return TL.tile_verdict(c.model, c.loops, c.params["sizes"])


def _tile_apply(c: Call) -> object:
    from ....affine.legality import Verdict  # start-up time
    from .. import tile as TL
    from .. import tile_imperfect as TI
    from ..ast_codegen import CodegenError

    if not _imperfect(c.loops):
        return TL.tile(c.model, c.loops, c.params["sizes"])
    try:
        return TI.tile_imperfect(c.model, c.loops, c.params["sizes"])
    except CodegenError as e:  # legal, but isl's AST has no exact affine form: the IR is unchanged
        return Verdict(False, f"cannot tile loops {TL.names(c.loops)}: {e}", op=c.loops[0].op)


def tile_and_point(c: Call, new: list[Loop]) -> dict[str, list[Loop]]:
    """The tile loops (``i_tile`` for ``i``, renamed from ``names``) and the point loops."""
    from ....affine.schedules import loop_name  # start-up time

    originals = [f"{loop_name(lp)}_tile" for lp in c.loops]
    tiles = [lp for lp in new if loop_name(lp) in originals]
    names = c.params.get("names")
    if names:
        for lp in tiles:
            assert lp.iv is not None, "a tile loop is an affine.for"
            lp.iv.name_hint = names[originals.index(loop_name(lp))]
    return {"tile": tiles, "point": [lp for lp in new if lp not in tiles]}


def _tile_candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    band, chain = s.band_from(lp), s.chain_from(lp)
    for size in TILE_SIZES.values(exhaustive):
        if len(chain) > len(band):
            yield chain, {"sizes": [size] * len(chain)}
        if len(band) > 1:
            yield band, {"sizes": [size] * len(band)}


NAMES = Param("names", "strs", None, doc="names of the loops created over the tiles, outermost first")

declare(
    Primitive(
        "tile",
        "rectangular tiling of a band of directly nested loops: a perfect band structurally "
        "(as upstream's affine-loop-tile), an imperfect one through its new schedule and isl's AST",
        Loops(
            "band",
            flag=Flag(
                "--loops",
                "the band to tile, outermost first: i,j,k (directly nested loops, with or without ops between "
                "them; default: the longest tileable band from the outermost loop of each nest)",
            ),
        ),
        (
            Param(
                "sizes",
                "ints",
                domain=TILE_SIZES,
                doc="tile sizes, one per loop",
                flag=Flag("--sizes", "tile sizes, one per loop: 32,32,32", {"required": True}),
            ),
            NAMES,
        ),
        _tile_verdict,
        _tile_apply,
        creates=tile_and_point,
        candidates=_tile_candidates,
        example=Example(NEST, "k", ({"op": "tile", "loops": ["i", "j"], "sizes": [4, 8], "names": ["ii", "jj"]},)),
    )
)


def _strip_mine_verdict(c: Call) -> Verdict:
    from .. import tile as TL  # start-up time

    _check_names(c)
    return TL.strip_mine_verdict(c.model, c.loops[0], c.params["factor"])


def _strip_mine_apply(c: Call) -> object:
    from .. import tile as TL  # start-up time

    return TL.strip_mine(c.model, c.loops[0], c.params["factor"])


def _strip_mine_candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    for f in STRIP.values(exhaustive):
        yield [lp], {"factor": f}


# Not searched: a tuner tiles bands with ``tile`` (a strip-mined loop is a tile of one loop).
STRIP = Domain(low=1, choices=powers_of_two(2, 64), typical=4, search=())
declare(
    Primitive(
        "strip_mine",
        "split a loop into a loop over strips of ``factor`` iterations and a loop inside each strip",
        Loops("loop", "loop"),
        (Param("factor", "int", domain=STRIP, doc="iterations per strip"), NAMES),
        _strip_mine_verdict,
        _strip_mine_apply,
        creates=tile_and_point,
        candidates=_strip_mine_candidates,
        example=Example(NEST, "k", ({"op": "strip_mine", "loops": ["j"], "factor": 4},)),
    )
)


def _permute_verdict(c: Call) -> Verdict:
    from .. import permute as P  # start-up time

    return P.permute_verdict(c.model, c.loops, c.params["perm"])


def _permute_apply(c: Call) -> object:
    from .. import permute as P  # start-up time

    return P.permute(c.model, c.loops, c.params["perm"])


def _permutations(n: int, exhaustive: bool) -> list[list[int]]:
    if exhaustive and n <= 4:
        return [list(p) for p in itertools.permutations(range(n)) if list(p) != list(range(n))]
    swaps = []
    for k in range(n - 1):
        perm = list(range(n))
        perm[k], perm[k + 1] = perm[k + 1], perm[k]
        swaps.append(perm)
    return swaps


def _permute_candidates(s: Schedule, lp: Loop | None, exhaustive: bool) -> Iterator[Candidate]:
    assert lp is not None
    band = s.band_from(lp)
    if len(band) > 1:
        for perm in _permutations(len(band), exhaustive):
            yield band, {"perm": perm}


declare(
    Primitive(
        "permute",
        "reorder a band: ``perm[k]`` is the band index of the loop placed at k",
        Loops("band"),
        (Param("perm", "ints", domain=Domain(low=0, rule="a permutation of the band"), doc="the new order"),),
        _permute_verdict,
        _permute_apply,
        candidates=_permute_candidates,
        example=Example(NEST, "k", ({"op": "permute", "loops": ["i", "j"], "perm": [1, 0]},)),
    )
)


def _order(c: Call) -> tuple[list[Loop], list[int]]:
    """The band the loops named form (as nested now) and the permutation to their order."""
    band = sorted(c.loops, key=lambda lp: lp.depth)
    return band, [band.index(lp) for lp in c.loops]


def _interchange_verdict(c: Call) -> Verdict:
    from .. import permute as P  # start-up time

    return P.permute_verdict(c.model, *_order(c))


def _interchange_apply(c: Call) -> Any:
    from .. import permute as P  # start-up time

    return P.permute(c.model, *_order(c))


declare(
    Primitive(
        "interchange",
        "put the named loops of a perfect band in this order (``k, i, j``): the band is the loops named",
        Loops(
            "band", "order", flag=Flag("--order", "the loops of a band in their new order: k,i,j", {"required": True})
        ),
        (),
        _interchange_verdict,
        _interchange_apply,
        example=Example(NEST, "k", ({"op": "interchange", "loops": ["j", "i"]},)),
    )
)
