"""``affine-loop-tile``: upstream's pass name and options over the exact tiler.

Each function's maximal perfectly nested bands (from the outermost loop of
each nest) are tiled by ``tile-sizes`` (missing sizes take ``tile-size``),
by ``tile-size`` for every loop, or else by a cache model: the band's
footprint (the distinct elements its accesses touch, counted by isl) is
compared with ``cache-size`` KiB and the tile is shrunk evenly until its
footprint fits. Unlike upstream, a band whose tiling would reorder a
dependence is not tiled: a remark at the loop names the dependence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from ..affine import isl_bridge as ib
from ..affine.model import Loop, PolyhedralModel, analyze
from ..ir import types as T
from ..ir.core import Operation
from .loops.loop_utils import TransformError, as_for, constant_trip_count, perfect_band_problem
from .loops.tile import tile, tile_verdict
from .pass_manager import FunctionPass, PassContext, UInt, ULong, register_pass

DEFAULT_TILE_SIZE = 4  # upstream's kDefaultTileSize


def maximal_band(loop: Loop) -> list[Loop]:
    band = [loop]
    while len(band[-1].children) == 1 and perfect_band_problem([band[-1], band[-1].children[0]]) is None:
        band.append(band[-1].children[0])
    return band


def band_footprint_bytes(model: PolyhedralModel, band: list[Loop]) -> int | None:
    """Bytes of distinct elements the band's accesses touch (None when isl
    cannot count them: parametric bounds)."""
    by_array: dict[object, list] = {}
    elt: dict[object, int] = {}
    for s in model.statements:
        if band[0] not in s.loops:
            continue
        for a in s.accesses:
            by_array.setdefault(a.array, []).append(a.relation)
            et = getattr(a.memref.type, "element_type", None)
            width = getattr(et, "width", None) or getattr(et, "bitwidth", None)
            elt[a.array] = max(1, (width or (64 if isinstance(et, T.IndexType) else 32)) // 8)
    total = 0
    for arr, rels in by_array.items():
        elems = ib.accessed_elements(rels)
        n = ib.count_points(elems) if elems is not None else None
        if n is None:
            return None
        total += n * elt[arr]
    return total


def cache_model_sizes(model: PolyhedralModel, band: list[Loop], cache_kib: int) -> list[int] | None:
    """Equal-ratio tile sizes so that the tile's footprint fits the cache;
    None when the whole band fits (no tiling needed) or cannot be counted."""
    fp = band_footprint_bytes(model, band)
    trips = [constant_trip_count(as_for(lp.op)) for lp in band]
    if fp is None or any(t is None for t in trips):
        return [DEFAULT_TILE_SIZE] * len(band)
    cache = cache_kib * 1024
    if fp <= cache:
        return None
    # The footprint scales with the product of the tile extents (an
    # over-estimate for lower-dimensional arrays): shrink each by the n-th root.
    # Powers of two keep tiles aligned with cache lines and vector widths.
    ratio = (cache / fp) ** (1.0 / len(band))
    return [1 << max(0, int(math.log2(max(1.0, t * ratio)))) for t in trips]


@register_pass
@dataclass(frozen=True)
class AffineLoopTile(FunctionPass):
    name: ClassVar[str] = "affine-loop-tile"
    summary: ClassVar[str] = "Tile affine loop nests (legality checked exactly; remarks where declined)"
    tile_sizes: tuple[UInt, ...] = ()
    tile_size: UInt = UInt(0)
    cache_size: ULong = ULong(512)
    separate: bool = False

    def sizes_for(self, model: PolyhedralModel, band: list[Loop]) -> list[int] | None:
        if self.tile_sizes:
            fill = self.tile_size or DEFAULT_TILE_SIZE
            return [*self.tile_sizes[: len(band)], *([fill] * max(0, len(band) - len(self.tile_sizes)))]
        if self.tile_size:
            return [self.tile_size] * len(band)
        return cache_model_sizes(model, band, self.cache_size)

    def run(self, func: Operation, ctx: PassContext) -> None:
        if not (func.regions and func.regions[0].blocks):
            return  # a declaration
        nests = [lp.op for lp in analyze(func).loops if lp.parent is None and lp.op.name == "affine.for"]
        for nest_op in nests:
            model = analyze(func)  # earlier tilings changed the function
            outer = model.loop_for(nest_op)
            band = maximal_band(outer)
            if perfect_band_problem(band) is not None:
                continue
            sizes = self.sizes_for(model, band)
            if sizes is None:
                ctx.missed(nest_op, "not tiled: the band's footprint fits in the cache")
                continue
            try:
                verdict = tile_verdict(model, band, sizes)
                if not verdict.ok:
                    ctx.missed(nest_op, f"not tiled: {verdict.reason}")
                    continue
                tile(model, band, sizes)
            except TransformError as e:
                ctx.missed(nest_op, f"not tiled: {e}")
                continue
            if self.separate:
                ctx.missed(
                    nest_op,
                    "separate=true (full/partial tile separation) is not supported: "
                    "tiled without separating partial tiles",
                )
