"""Upstream's fusion cost model: operation instance counts of loop nests
(``getComputeCost``, ``getFusionComputeCost``), region sizes
(``MemRefRegion::getRegionSize``) and ``isFusionProfitable``, which picks
the fusion depth that shrinks the producer's written region most within
the tolerated extra computation.

The model only chooses; it never decides legality.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...affine import isl_bridge as ib
from ...dialects.affine import AffineForOp, AffineIfOp
from ...ir import types as T
from ...ir.core import Operation, Value
from .fusion_graph import access_memref, is_affine_read, is_affine_write
from .fusion_rewrite import element_bytes
from .fusion_slice import (
    Polyhedra,
    SliceState,
    embedding_for,
    for_loops,
    slice_trip_counts,
    static_trip_count,
)


@dataclass
class LoopNestStats:
    """Per affine.for of a nest: its child loops, its op count, its trip count."""

    children: dict[Operation, list[Operation]] = field(default_factory=dict)
    op_count: dict[Operation, int] = field(default_factory=dict)
    trip_count: dict[Operation, int] = field(default_factory=dict)


def loop_nest_stats(root: Operation) -> LoopNestStats | None:
    """Upstream's ``getLoopNestStats``; None if a loop has no constant trip
    count or sits directly under a non-loop op of the nest."""
    stats = LoopNestStats()
    for op in root.walk(post_order=False):
        if not isinstance(op, AffineForOp):
            continue
        if op is not root:
            parent = op.parent_op
            if parent is None or not isinstance(parent, AffineForOp):
                return None
            stats.children.setdefault(parent, []).append(op)
        body = op.regions[0].blocks[0].operations
        stats.op_count[op] = sum(1 for o in body if not isinstance(o, (AffineForOp, AffineIfOp)))
        tc = static_trip_count(op)
        if tc is None:
            return None
        stats.trip_count[op] = tc
    return stats


def _cost(
    op: Operation, stats: LoopNestStats, trip_override: dict[Operation, int] | None, extra: dict[Operation, int] | None
) -> int:
    count = stats.op_count[op] - 1
    for c in stats.children.get(op, []):
        count += _cost(c, stats, trip_override, extra)
    if extra is not None and op in extra:
        count += extra[op]
    trips = stats.trip_count[op]
    if trip_override is not None and op in trip_override:
        trips = trip_override[op]
    return trips * count


def compute_cost(root: Operation, stats: LoopNestStats) -> int:
    return _cost(root, stats, None, None)


def fusion_compute_cost(
    src: Operation, src_stats: LoopNestStats, dst: Operation, dst_stats: LoopNestStats, state: SliceState
) -> int | None:
    """The cost of the fused nest with the slice at its insertion point
    (upstream's ``getFusionComputeCost``)."""
    trips = slice_trip_counts(state)
    if trips is None:
        return None
    n = 1
    for v in trips.values():
        n *= v
    if n == 0:
        return None
    assert state.insert_before is not None
    holder = state.insert_before.parent_op
    assert holder is not None
    extra: dict[Operation, int] = {}
    if n == 1:
        # Store-to-load forwarding removes the stores and the loads under
        # the insertion point that read them.
        stores = [o for o in src.walk() if is_affine_write(o)]
        memrefs: list[Value] = []
        for o in stores:
            m = access_memref(o)
            if not any(m is x for x in memrefs):
                memrefs.append(m)
        if stores:
            extra[holder] = -len(stores)
        for m in memrefs:
            for u in m.uses:
                user = u.owner
                if not is_affine_read(user):
                    continue
                if holder in for_loops(user):
                    p = user.parent_op
                    if p is not None and isinstance(p, AffineForOp):
                        extra[p] = extra.get(p, 0) - 1
    slice_cost = _cost(src, src_stats, trips, extra)
    extra[holder] = slice_cost
    return _cost(dst, dst_stats, None, extra)


# -- regions -----------------------------------------------------------------------------------


def region_size(poly: Polyhedra, access: Operation, depth: int, state: SliceState | None = None) -> int | None:
    """Bytes of the region ``access`` touches for one iteration of its
    outermost ``depth`` loops, or (with a slice) for one iteration of the
    destination's loops the slice depends on."""
    s = poly.stmt(access)
    if s is None:
        return None
    mt = access_memref(access).type
    if not isinstance(mt, T.MemRefType) or (mt.layout is not None and not _identity_layout(mt)):
        return None
    if state is None:
        region = ib.project_region(s.accesses[0].relation, depth)
    else:
        region = _sliced_region(poly, access, state)
        if region is None:
            return None
    shape = [None if d == T.DYNAMIC else d for d in mt.shape]
    box = ib.region_box(region, shape, poly.params)
    elt = element_bytes(mt)
    if box is None or elt is None:
        return None
    n = 1
    for b in box:
        n *= b.size
    return n * elt


def _identity_layout(mt: T.MemRefType) -> bool:
    lay = mt.layout
    m = getattr(lay, "value", None)
    return m is None or getattr(m, "is_identity", lambda: False)()


def _sliced_region(poly: Polyhedra, access: Operation, state: SliceState):
    """``Dst[y] -> Array``: what ``access`` (in the sliced nest) touches over
    the slice's iterations for each destination prefix ``y``."""
    s = poly.stmt(access)
    assert s is not None
    emb = embedding_for(poly, s, state)
    if emb is None:
        return None
    return emb.apply_range(s.accesses[0].relation).set_tuple_name(ib.DIM_IN, "Outer")


def memory_footprint(poly: Polyhedra, root: Operation) -> int | None:
    """Bytes of every memref region the nest at ``root`` touches at its own
    depth (upstream's ``getMemoryFootprintBytes``)."""
    depth = len(for_loops(root))
    per_memref: dict[int, list] = {}
    mts: dict[int, T.MemRefType] = {}
    for o in root.walk(post_order=False):
        if not (is_affine_read(o) or is_affine_write(o)):
            continue
        s = poly.stmt(o)
        if s is None:
            return None
        m = access_memref(o)
        mt = m.type
        if not isinstance(mt, T.MemRefType):
            return None
        per_memref.setdefault(id(m), []).append(ib.project_region(s.accesses[0].relation, depth))
        mts[id(m)] = mt
    total = 0
    for key, regions in per_memref.items():
        reg = regions[0]
        for r in regions[1:]:
            reg = reg.union(r)
        mt = mts[key]
        shape = [None if d == T.DYNAMIC else d for d in mt.shape]
        box = ib.region_box(reg, shape, poly.params)
        elt = element_bytes(mt)
        if box is None or elt is None:
            return None
        n = 1
        for b in box:
            n *= b.size
        total += n * elt
    return total


def is_fusion_profitable(
    poly: Polyhedra,
    src_op: Operation,
    src_store: Operation,
    dst_for: Operation,
    slices: Sequence[SliceState],
    max_depth: int,
    tolerance: float,
) -> int | None:
    """The most profitable (relative) depth to fuse at, None if none is
    (upstream's ``isFusionProfitable``)."""
    if max_depth == 0:
        return None
    src_loops = for_loops(src_op)
    if not src_loops:
        return None
    src_root = src_loops[0]
    src_stats = loop_nest_stats(src_root)
    dst_stats = loop_nest_stats(dst_for)
    if src_stats is None or dst_stats is None:
        return None
    src_cost = compute_cost(src_root, src_stats)
    src_write = region_size(poly, src_store, 0)
    if src_write is None:
        return None
    dst_cost = compute_cost(dst_for, dst_stats)
    best: int | None = None
    max_reduction = 0.0
    slice_mem: int | None = None
    for i in range(max_depth, 0, -1):
        st = slices[i - 1]
        if st.empty:
            continue
        fused = fusion_compute_cost(src_root, src_stats, dst_for, dst_stats, st)
        if fused is None:
            continue
        extra = fused / (src_cost + dst_cost) - 1
        slice_write = region_size(poly, src_store, 0, st)
        if not slice_write:
            continue
        if src_op is not src_store and slice_write != src_write:
            continue
        reduction = src_write / slice_write
        if reduction > max_reduction and extra < tolerance:
            max_reduction = reduction
            best = i
            slice_mem = slice_write
    if best is None:
        return None
    dst_mem = memory_footprint(poly, dst_for)
    src_mem = memory_footprint(poly, src_root)
    if dst_mem is None or src_mem is None:
        return None
    assert slice_mem is not None
    if dst_mem + slice_mem > src_mem + dst_mem:
        return None
    return best
