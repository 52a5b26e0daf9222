"""``affine-loop-tile``: upstream's pass name and options over the exact tiler.

Each function's maximal perfectly nested bands (from the outermost loop of
each nest) are tiled by ``tile-sizes`` (missing sizes take ``tile-size``),
by ``tile-size`` for every loop, or else by upstream's cache model
(`cache_model_sizes`) over the band's footprint (the distinct elements its
accesses touch, counted by isl) and ``cache-size`` KiB. Unlike upstream, a band whose tiling would reorder a
dependence is not tiled: a remark at the loop names the dependence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from ..affine import isl_bridge as ib
from ..affine.model import Loop, PolyhedralModel, analyze
from ..dialects.affine import AffineForOp
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


def element_bytes(t: T.Type) -> int:
    """Bytes of one element of type ``t`` (a vector: all its elements), as
    upstream's getMemRefEltSizeInBytes counts them."""
    if isinstance(t, T.VectorType):
        n = 1
        for d in t.shape:
            n *= d
        return n * element_bytes(t.element_type)
    if isinstance(t, T.IndexType):
        return 8
    width = getattr(t, "width", None) or getattr(t, "bitwidth", None) or 32
    return max(1, -(-width // 8))


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
            elt[a.array] = element_bytes(getattr(a.memref.type, "element_type", T.f32))
    total = 0
    for arr, rels in by_array.items():
        elems = ib.accessed_elements(rels)
        n = ib.count_points(elems) if elems is not None else None
        if n is None:
            return None
        total += n * elt[arr]
    return total


def cache_model_sizes(model: PolyhedralModel, band: list[Loop], cache_kib: int) -> list[int]:
    """Upstream's tile sizes for a cache of ``cache_kib`` KiB (LoopTiling's
    getTileSizes): the band's footprint over the cache size is the excess
    factor; each loop but the last gets its n-th root, the last the balance
    (all 1 when the band fits, the default size when the footprint cannot
    be counted); then each size shrinks to a divisor of its loop's constant
    trip count (at most half of it), which avoids min/max bounds."""
    n = len(band)
    fp = band_footprint_bytes(model, band)
    if fp is None:
        sizes = [DEFAULT_TILE_SIZE] * n
    else:
        excess = -(-fp // max(1, cache_kib * 1024))
        if excess <= 1:
            return [1] * n
        root = max(1, math.floor(excess ** (1.0 / n)))
        sizes = []
        product = 1
        for i in range(n):
            size = root if i < n - 1 else max(1, excess // product)
            sizes.append(size)
            product *= size
    for i, lp in enumerate(band):
        trips = constant_trip_count(as_for(lp.op))
        if trips is None:
            continue
        size = sizes[i]
        if trips > 1 and size > trips // 2:
            size = trips // 2
        while size > 1 and trips % size:
            size -= 1
        sizes[i] = size
    return sizes


@register_pass
@dataclass(frozen=True)
class AffineLoopTile(FunctionPass):
    name: ClassVar[str] = "affine-loop-tile"
    summary: ClassVar[str] = "Tile affine loop nests (legality checked exactly; remarks where declined)"
    tile_sizes: tuple[UInt, ...] = ()
    tile_size: UInt = UInt(0)
    cache_size: ULong = ULong(512)
    separate: bool = False

    def sizes_for(self, model: PolyhedralModel, band: list[Loop]) -> list[int]:
        if self.tile_sizes:
            fill = self.tile_size or DEFAULT_TILE_SIZE
            return [*self.tile_sizes[: len(band)], *([fill] * max(0, len(band) - len(self.tile_sizes)))]
        if self.tile_size:
            return [self.tile_size] * len(band)
        return cache_model_sizes(model, band, self.cache_size)

    def run(self, func: Operation, ctx: PassContext) -> None:
        if not (func.regions and func.regions[0].blocks):
            return  # a declaration
        nests = [lp.op for lp in analyze(func).loops if lp.parent is None and isinstance(lp.op, AffineForOp)]
        for nest_op in nests:
            model = analyze(func)  # earlier tilings changed the function
            outer = model.loop_for(nest_op)
            band = maximal_band(outer)
            if perfect_band_problem(band) is not None:
                continue
            sizes = self.sizes_for(model, band)
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
                # A warning, printed whether or not remarks are asked for:
                # the output is not what the option asks.
                ctx.warning(
                    nest_op,
                    "separate=true (full/partial tile separation) is not supported: "
                    "tiled without separating partial tiles",
                )
