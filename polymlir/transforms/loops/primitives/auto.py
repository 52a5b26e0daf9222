"""Declaration of optimize, the automatic Pluto-style schedule
(``polymlir.transforms.loops.pluto``): one step of a trace, replayable."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .registry import Call, Domain, Example, Flag, Loops, Param, Primitive, declare
from .structural import TILE_SIZES

if TYPE_CHECKING:  # annotations only (start-up time)
    from ....affine.legality import Verdict

MATMUL = """func.func @k(%A: memref<16x16xf64>, %B: memref<16x16xf64>, %C: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf64>
        %b = affine.load %B[%k, %j] : memref<16x16xf64>
        %c = affine.load %C[%i, %j] : memref<16x16xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<16x16xf64>
      }
    }
  }
  return
}
"""


def _apply(c: Call) -> object:
    from .. import pluto as OPT  # start-up time

    p = c.params
    report = OPT.optimize(
        c.model,
        list(p["tile_sizes"]) if p["tile_sizes"] else None,
        p["parallel"],
        p["tile"],
        wavefront=p["wavefront"],
        rows=p["rows"],
    )
    if report.ok and not p["tile_sizes"] and p["tile"]:
        # The trace records the sizes the cache model chose, so that a replay
        # does not depend on the host's caches and a tuner can perturb them.
        chosen = {tuple(b.sizes) for b in report.bands if b.sizes}
        if len(chosen) == 1:
            p["tile_sizes"] = list(chosen.pop())
    return report


def report_verdict(report: object) -> Verdict:
    """An optimize ``Report`` as a verdict: ok when the IR changed."""
    from ....affine.legality import Verdict  # start-up time

    ok = bool(getattr(report, "ok", False))
    return Verdict(True, "optimized") if ok else Verdict(False, getattr(report, "reason", "") or "not optimized")


declare(
    Primitive(
        "optimize",
        "the automatic Pluto-style schedule with isl: skew, fuse, tile, parallelize",
        Loops("none"),
        (
            Param(
                "tile_sizes",
                "ints",
                None,
                TILE_SIZES,
                "tile sizes for every permutable band (default: a cache model)",
                flag=Flag("--tile-sizes", "tile sizes for every permutable band (default: a cache model)"),
            ),
            Param(
                "parallel",
                "bool",
                True,
                Domain(choices=(True, False)),
                "emit affine.parallel",
                flag=Flag("--no-parallel", "do not emit affine.parallel", {"action": "store_true"}),
            ),
            Param(
                "tile",
                "bool",
                True,
                Domain(choices=(True, False)),
                "tile the permutable bands",
                flag=Flag("--no-tile", "schedule without tiling", {"action": "store_true"}),
            ),
            Param(
                "wavefront",
                "bool",
                True,
                Domain(choices=(True, False)),
                "run the tiles of a band whose tile loops all carry dependences in parallel wavefronts",
                flag=Flag("--no-wavefront", "no wavefronts of tiles", {"action": "store_true"}),
            ),
            Param(
                "rows",
                "bool",
                False,
                Domain(choices=(True, False)),
                "time tiles whose innermost rows vectorize: innermost loops untiled, one per statement",
                flag=Flag(
                    "--rows",
                    "time tiles whose innermost rows vectorize: innermost loops untiled, one per statement",
                    {"action": "store_true"},
                ),
            ),
        ),
        apply=_apply,
        outcome=report_verdict,
        example=Example(MATMUL, "k", ({"op": "optimize", "tile_sizes": [8, 8, 8]},)),
    )
)
