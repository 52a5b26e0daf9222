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
from typing import ClassVar, cast

from ...affine import isl_bridge as ib
from ...affine.model import Loop, PolyhedralModel, analyze, is_effect_free
from ...dialects.affine.loops import AffineForOp, AffineYieldOp
from ...ir import types as T
from ...ir.core import Operation
from ..loops.loop_utils import (
    TransformError,
    as_for,
    body_ops,
    bound_operands,
    constant_trip_count,
    perfect_band_problem,
)
from ..loops.tile import tile, tile_verdict
from ..loops.tile_separate import separate_full_tiles
from .affine_loops import outside_model_reason
from .manager import FunctionPass, PassContext, UInt, ULong, register_pass

DEFAULT_TILE_SIZE = 4  # upstream's kDefaultTileSize


def maximal_band(loop: Loop) -> list[Loop]:
    band = [loop]
    while len(band[-1].children) == 1 and perfect_band_problem([band[-1], band[-1].children[0]]) is None:
        band.append(band[-1].children[0])
    return band


def effect_free_band(op: Operation) -> list[Loop] | None:
    """The maximal perfect band from ``op`` (an affine.for the model leaves
    out, e.g. for a semi-affine bound) when nothing in it has effects and no
    band loop's bounds use another band loop: any order of its iterations
    computes the same, so it tiles without the model. Loops stand in for
    the model's, with no bounds as expressions (they are not needed)."""
    band: list[Loop] = []
    cur: Operation | None = op
    while isinstance(cur, AffineForOp) and not cur.results:
        band.append(
            Loop(cur, cur.induction_var, f"t{len(band)}", len(band), band[-1] if band else None, [], [], cur.step.value)
        )
        ops = body_ops(cur)
        cur = ops[0] if len(ops) == 1 and isinstance(ops[0], AffineForOp) and not ops[0].results else None
    if not band or any(not isinstance(o, AffineYieldOp) and not is_effect_free(o) for o in body_ops(band[-1].op)):
        return None
    ivs = {lp.iv for lp in band}
    for lp in band:
        lbs, ubs = bound_operands(as_for(lp.op))
        if any(v in ivs for v in [*lbs, *ubs]):
            return None
    for a, b in zip(band, band[1:], strict=False):
        a.children.append(b)
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
        model = analyze(func)
        nests = [lp.op for lp in model.loops if lp.parent is None and isinstance(lp.op, AffineForOp)]
        for op in list(func.regions[0].blocks[0].operations):
            if not isinstance(op, AffineForOp) or op in nests:
                continue
            band = effect_free_band(op)
            if band is None:
                ctx.missed(op, f"not tiled: {outside_model_reason(model, op)}")
                continue
            # Nothing in the band has effects: every order is legal.
            self._apply(model, band, self.sizes_for(model, band))
        for nest_op in nests:
            model = analyze(func)  # earlier tilings changed the function
            band = maximal_band(model.loop_for(nest_op))
            if perfect_band_problem(band) is not None:
                continue
            sizes = self.sizes_for(model, band)
            try:
                verdict = tile_verdict(model, band, sizes)
                if not verdict.ok:
                    ctx.missed(nest_op, f"not tiled: {verdict.reason}")
                    continue
                self._apply(model, band, sizes)
            except TransformError as e:
                ctx.missed(nest_op, f"not tiled: {e}")

    def _apply(self, model: PolyhedralModel, band: list[Loop], sizes: list[int]) -> None:
        loops = [cast(AffineForOp, o) for o in tile(model, band, sizes)]
        if self.separate:
            separate_full_tiles(loops[: len(band)], loops[len(band) :])
