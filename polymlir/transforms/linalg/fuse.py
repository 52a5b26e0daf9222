"""Tile-and-fuse of linalg ops on buffers, driven by exact dependences.

``fuse_ops(consumer, producers, sizes)`` tiles ``consumer`` and computes,
inside each tile, the slice of each producer that the tile needs: the
instances of producer P a fused op X needs are the sources of the flow
dependences P -> X into X's instances of the tile (an isl image, exact:
convolution halos included, a matmul producer's whole reduction), their
box hull is the slice P runs on. Producers are handled from the consumer
backwards, so a producer of a producer gets the slice its fused reader
runs on (fill -> matmul -> bias -> relu).

Legal when (all from the polyhedral model of the function):
- no op between the first producer and the consumer that is not fused
  depends on a producer or has unknown memory effects;
- every dependence between fused ops keeps its order under the fused
  schedule (tile, then op, then the op's own loops), with every execution of
  a recomputed instance: a later tile overwriting a producer's input is an
  anti-dependence that refuses the fusion, naming it;
- a producer whose slices overlap between tiles is recomputed: allowed
  only when it reads nothing a fused op writes (recomputing an accumulation
  would add twice); the recomputed instance count is reported;
- the slices cover every producer instance (a later reader sees the same
  values).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING

from ...affine import isl_bridge as ib
from ...affine.dependence import dependences
from ...affine.model import PolyhedralModel, Statement, analyze, is_effect_free
from ...affine.structured import ShapeDim, is_structured, loop_sizes
from ...dialects.func import FuncOp
from ...dialects.linalg.structured import LinalgStructuredOp
from ...ir.affine_expr import AffineDimExpr, AffineExpr, const, dim, sym
from ...ir.affine_flatten import flatten
from ...ir.builder import Builder
from ...ir.core import Operation, OpResult, Value
from ...ir.interfaces import allocates
from ..loops.errors import TransformError
from .slices import Index, dim_size, maximum, minimum
from .tile import (
    FusedSlices,
    build_tile_nest,
    check_tiling,
    clone_on_slices,
    describe,
    finish_nest,
    full_sizes,
    insert_results,
    normalize_sizes,
)

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge


@dataclass
class FusedLinalg:
    """The loops over the consumer's tiles, the tiled ops in each tile
    (producers in program order, then the consumer), and per producer the
    number of instances computed more than once (None when parametric)."""

    loops: list[Operation]
    tiled_ops: list[Operation]
    recomputed: dict[int, int | None] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


@dataclass
class _Slice:
    """A producer's box per tile: per dim, lower bounds (max) and upper
    bounds (min, inclusive) over the tile indices ``d<k>`` and params ``s<j>``."""

    lbs: list[list[AffineExpr]]
    ubs: list[list[AffineExpr]]


def _names(prefix: str, n: int) -> list[str]:
    return [f"{prefix}{k}" for k in range(n)]


class _Fusion:
    def __init__(
        self,
        consumer: LinalgStructuredOp,
        producers: list[LinalgStructuredOp],
        sizes: list[int],
        order: list[int],
        on_tensors: bool,
    ):
        self.on_tensors = on_tensors
        self.consumer = consumer
        self.producers = producers
        self.sizes = sizes
        self.order = order
        func = consumer.parent_op
        assert func is not None, "fuse_ops checked the consumer is in a function"
        self.model: PolyhedralModel = analyze(func, linalg=True)
        self.stmt: dict[Operation, Statement] = {}
        for op in [*producers, consumer]:
            try:
                self.stmt[op] = self.model.statement_for(op)
            except KeyError:
                reason = next((n.reason for n in self.model.non_affine if n.op is op), "not modelled")
                raise TransformError(f"{describe(op)} is outside the polyhedral model: {reason}", op) from None
        self.params = self.model.param_names
        self.no = len(order)  # tile index dims q0.. (the tiled consumer dims, in order)

    # -- isl relations over the tile indices -------------------------------------------
    def _rel(self, st: Statement, ge: list[AffineExpr], eq: list[AffineExpr]):
        """Z[q] -> st[x] for the points of Y[q, x] satisfying ge/eq (exprs
        over d0..: tile indices then st's dims)."""
        n = len(st.loops)
        ydims = _names("o", self.no) + [lp.name for lp in st.loops]
        y = ib.constraint_set(ydims, self.params, "Y", ge, eq)
        to_z = ib.access_relation([dim(k) for k in range(self.no)], ydims, self.params, "Y", "Z").intersect_domain(y)
        to_x = ib.access_relation(
            [dim(self.no + k) for k in range(n)], ydims, self.params, "Y", st.name
        ).intersect_domain(y)
        return to_z.reverse().apply_range(to_x).intersect_range(st.domain)

    def tile_relation(self):
        """Z[q] -> consumer instances of the tile with indices q (offsets
        T * q: tile indices keep the bounds free of existentials)."""
        st = self.stmt[self.consumer]
        ge: list[AffineExpr] = []
        for j, k in enumerate(self.order):
            q, c, t = dim(j), dim(self.no + k), self.sizes[k]
            ge += [c - q * t, q * t + t - 1 - c]
        return self._rel(st, ge, [])

    def box_relation(self, op: Operation, box: _Slice):
        st = self.stmt[op]
        ge: list[AffineExpr] = []
        for k in range(len(st.loops)):
            x = dim(self.no + k)
            ge += [x - lb for lb in box.lbs[k]]
            ge += [ub - x for ub in box.ubs[k]]
        # Indices of actual tiles only.
        rel = self._rel(st, ge, [])
        return rel.intersect_domain(self.tile_relation().domain())

    def flows(self, src: Operation, dst: Operation):
        rels = [
            d.relation
            for d in dependences(self.model, "flow")
            if d.source is self.stmt[src] and d.sink is self.stmt[dst]
        ]
        if not rels:
            return None
        out = rels[0]
        for r in rels[1:]:
            out = out.union(r)
        return out

    # -- the slices -----------------------------------------------------------------------
    def slices(self) -> dict[LinalgStructuredOp, tuple[_Slice, isl.Map]]:
        """Per producer: its box per tile and the relation Z[q] -> P[p] of it."""
        executed = {self.consumer: self.tile_relation()}
        boxes: dict[LinalgStructuredOp, _Slice] = {self.consumer: self.consumer_box()}
        out: dict[LinalgStructuredOp, tuple[_Slice, isl.Map]] = {}
        for p in reversed(self.producers):
            need = None
            for x, rel_x in executed.items():
                f = self.flows(p, x)
                if f is None:
                    continue
                r = rel_x.apply_range(f.reverse())
                need = r if need is None else need.union(r)
            if need is None or need.is_empty():
                raise TransformError(
                    f"cannot fuse {describe(p)} into {describe(self.consumer)}: no fused op reads what it writes", p
                )
            fp = ib.footprint([need], self.no)
            assert fp is not None, "need is not empty"
            box = self._exact_box(p, fp, boxes)
            if box is None:
                dims = ib.footprint_box(fp, self.params)
                lbs = [d.lbs for d in dims if d.lbs is not None]
                ubs = [d.ubs for d in dims if d.ubs is not None]
                if len(lbs) != len(dims) or len(ubs) != len(dims):
                    raise TransformError(f"cannot fuse {describe(p)}: its slice per tile has no affine bounds", p)
                box = _Slice(lbs, ubs)
            boxes[p] = box
            rel = self.box_relation(p, box)
            executed[p] = rel
            out[p] = (box, rel)
        return out

    # -- box hulls: candidate bounds from the maps, checked exact with isl --------------------
    def _size_expr(self, s: int | ShapeDim) -> AffineExpr:
        if isinstance(s, ShapeDim):
            return sym(self.model.params.index(s))
        return const(s)

    def consumer_box(self) -> _Slice:
        lbs: list[list[AffineExpr]] = []
        ubs: list[list[AffineExpr]] = []
        for k, n in enumerate(loop_sizes(self.consumer)):
            last = self._size_expr(n) - 1
            if k in self.order:
                q, t = dim(self.order.index(k)), self.sizes[k]
                lbs.append([q * t])
                ubs.append([q * t + t - 1, last])
            else:
                lbs.append([const(0)])
                ubs.append([last])
        return _Slice(lbs, ubs)

    def _candidate_box(self, p: LinalgStructuredOp, boxes: dict[LinalgStructuredOp, _Slice]) -> _Slice | None:
        """The producer's box from its readers' boxes through the maps (None
        when the maps are not of the simple kinds or readers disagree)."""
        n_in = len(p.dps_inputs())
        pmaps = p.indexing_maps_array()
        found: _Slice | None = None
        for x, bx in boxes.items():
            if self.flows(p, x) is None:
                continue
            xmaps = x.indexing_maps_array()
            cand: _Slice | None = None
            for j, init in enumerate(p.dps_inits()):
                written = p.results[j] if p.results else init  # on tensors readers use the result
                for i, v in enumerate(list(x.dps_inputs()) + list(x.dps_inits())):
                    if v is not written:
                        continue
                    c = _pull_back(bx, xmaps[i], pmaps[n_in + j])
                    if c is None or (cand is not None and c != cand):
                        return None
                    cand = c
            if cand is None or (found is not None and cand != found):
                return None
            found = cand
        if found is None:
            return None
        sizes = loop_sizes(p)
        lbs = [(lo if lo else []) + [const(0)] for lo in found.lbs]
        ubs = [(u if u else []) + [self._size_expr(n) - 1] for u, n in zip(found.ubs, sizes, strict=True)]
        return _Slice(lbs, ubs)

    def _exact_box(self, p: LinalgStructuredOp, fp: isl.Map, boxes: dict[LinalgStructuredOp, _Slice]) -> _Slice | None:
        """The candidate box when isl confirms it is the footprint's box hull,
        with the bounds isl shows redundant dropped."""
        cand = self._candidate_box(p, boxes)
        if cand is None:
            return None
        lbs, ubs = [], []
        for k in range(len(cand.lbs)):
            lo = ib.prune_extremum(fp, k, cand.lbs[k], lower=True)
            hi = ib.prune_extremum(fp, k, cand.ubs[k], lower=False)
            if lo is None or hi is None:
                return None
            lbs.append(lo)
            ubs.append(hi)
        return _Slice(lbs, ubs)

    # -- legality ---------------------------------------------------------------------------
    def check(self, slices: dict[LinalgStructuredOp, tuple[_Slice, isl.Map]]) -> dict[int, int | None]:
        fused = [*self.producers, self.consumer]
        block = self.consumer.parent
        assert block is not None
        ops = block.operations
        first = min(ops.index(p) for p in self.producers)
        last = ops.index(self.consumer)
        fused_stmts = {self.stmt[o] for o in fused}
        for op in ops[first:last]:
            if op in fused or is_effect_free(op) or allocates(op):
                continue
            if not is_structured(op):
                raise TransformError(
                    f"cannot fuse: {op.name} between the producers and the consumer has unknown memory effects", op
                )
        for d in dependences(self.model):
            if d.source in fused_stmts and d.sink not in fused_stmts:
                sink_op = d.sink.op
                if sink_op.parent is block and first < ops.index(sink_op) < last:
                    raise TransformError(
                        f"cannot fuse {describe(d.source.op)} into {describe(self.consumer)}: {describe(sink_op)} "
                        f"between them depends on it ({d.describe()})",
                        d.source.op,
                    )
        # The fused schedule: st[x] -> [q, position, own dims, 0...].
        width = max(len(self.stmt[o].loops) for o in fused)
        sched = {}
        for pos, op in enumerate(fused):
            st = self.stmt[op]
            rel = slices[op][1] if op in slices else self.tile_relation()
            n = len(st.loops)
            ydims = _names("o", self.no) + [lp.name for lp in st.loops]
            out = [dim(k) for k in range(self.no)] + [const(pos)] + [dim(self.no + k) for k in range(n)]
            out += [const(0)] * (width - n)
            time = ib.access_relation(out, ydims, self.params, "Y", "T")
            to_x = ib.access_relation([dim(self.no + k) for k in range(n)], ydims, self.params, "Y", st.name)
            to_z = ib.access_relation([dim(k) for k in range(self.no)], ydims, self.params, "Y", "Z")
            # The (tile, instance) pairs that run: st[x] -> T[...] for each of them.
            runs = to_z.range_product(to_x).intersect_range(rel.wrap()).domain()
            sched[st] = to_x.intersect_domain(runs).reverse().apply_range(time)
        for d in dependences(self.model):
            if d.source not in fused_stmts or d.sink not in fused_stmts:
                continue
            if d.kind == "flow" and d.source is not d.sink:
                continue  # satisfied by construction: the slice holds every source the tile reads
            bad = ib.out_of_order(d.relation, sched[d.source], sched[d.sink])
            if bad is not None:
                raise TransformError(
                    f"cannot fuse {describe(d.source.op)} into the tiles of {describe(self.consumer)}: the fused "
                    f"order would reverse the {d.describe()}; e.g. iteration {list(bad[0])} would run after "
                    f"{list(bad[1])}",
                    d.source.op,
                )
        recomputed: dict[int, int | None] = {}
        written = {a.array for o in fused for a in self.stmt[o].accesses if a.kind == "write"}
        for k, p in enumerate(self.producers):
            box_rel = slices[p][1]
            st = self.stmt[p]
            # On tensors a producer whose result is used elsewhere stays, and a
            # recomputed slice reads immutable values: only buffers need these.
            if not self.on_tensors and not st.domain.is_subset(box_rel.range()):
                raise TransformError(
                    f"cannot fuse {describe(p)}: the consumer's tiles need only part of it; "
                    "the rest would not be computed",
                    p,
                )
            pairs = box_rel.apply_range(box_rel.reverse())
            if pairs.subtract(ib.equal_prefix_lt(pairs, self.no, None)).is_empty():
                continue
            for a in st.accesses:
                if not self.on_tensors and a.kind == "read" and a.array in written:
                    raise TransformError(
                        f"cannot fuse {describe(p)}: its slices overlap between tiles, and recomputing it would "
                        f"read {a.memref} again after a fused op wrote it",
                        p,
                    )
            total = ib.count_points(box_rel.wrap()) if not self.params else None
            dom = ib.count_points(st.domain) if not self.params else None
            recomputed[k] = total - dom if total is not None and dom is not None else None
        return recomputed


def _pull_back(bx: _Slice, xmap, pmap) -> _Slice | None:
    """The producer box whose writes through ``pmap`` cover what a box of a
    reader reads through ``xmap``: reader results sums of non-negative
    multiples of dims, producer results plain dims (others: None)."""
    n = pmap.num_dims
    lbs: list[list[AffineExpr] | None] = [None] * n
    ubs: list[list[AffineExpr] | None] = [None] * n
    for e, pe in zip(xmap.results, pmap.results, strict=True):
        if not isinstance(pe, AffineDimExpr):
            return None
        flat = flatten(e, xmap.num_dims, xmap.num_symbols)
        if flat is None or flat[1] or any(c < 0 for c in flat[0][: xmap.num_dims]):
            return None
        used = [d for d in range(xmap.num_dims) if flat[0][d]]
        lo = [
            e.replace_dims_and_symbols(_pick(xmap.num_dims, used, ch), []) for ch in product(*[bx.lbs[d] for d in used])
        ]
        hi = [
            e.replace_dims_and_symbols(_pick(xmap.num_dims, used, ch), []) for ch in product(*[bx.ubs[d] for d in used])
        ]
        j = pe.position
        lbs[j] = (lbs[j] or []) + [x for x in lo if x not in (lbs[j] or [])]
        ubs[j] = (ubs[j] or []) + [x for x in hi if x not in (ubs[j] or [])]
    return _Slice([lo or [] for lo in lbs], [u or [] for u in ubs])


def _pick(n: int, used: list[int], choice: Sequence[AffineExpr]) -> list[AffineExpr]:
    out: list[AffineExpr] = [const(0)] * n
    for d, c in zip(used, choice, strict=True):
        out[d] = c
    return out


def fuse_ops(
    consumer: Operation, producers: Sequence[Operation], sizes: Sequence[int], interchange: Sequence[int] = ()
) -> FusedLinalg:
    """Tile ``consumer`` by ``sizes`` and fuse ``producers`` (linalg ops on
    buffers before it in the same block) into its tiles."""
    full_t, order = normalize_sizes(consumer, sizes, interchange)
    if not order:
        raise TransformError(f"fusion needs a nonzero tile size for {describe(consumer)}", consumer)
    parent = consumer.parent_op
    if not isinstance(parent, FuncOp):
        raise TransformError(
            f"fusion works on linalg ops in a function's body; {describe(consumer)} is inside "
            f"{parent.name if parent is not None else 'nothing'}",
            consumer,
        )
    block = consumer.parent
    assert block is not None, "the consumer is in a function's body"
    assert is_structured(consumer), "normalize_sizes refused any other op"
    ordered = sorted(set(producers), key=lambda o: block.operations.index(o) if o.parent is block else -1)
    prods: list[LinalgStructuredOp] = []
    for p in ordered:
        if not is_structured(p):
            raise TransformError(f"{describe(p)} is not a linalg structured op", p)
        if p.parent is not block or block.operations.index(p) >= block.operations.index(consumer):
            raise TransformError(f"{describe(p)} is not before {describe(consumer)} in the same block", p)
        prods.append(p)
    on_tensors = bool(consumer.results)
    for o in [*prods, consumer]:
        if o.has_pure_buffer_semantics() if on_tensors else not o.has_pure_buffer_semantics():
            raise TransformError(f"fusion needs all ops on buffers or all on tensors; {describe(o)} mixes them", o)
    if on_tensors:
        for v in consumer.dps_inits():
            if isinstance(v, OpResult) and v.owner in prods:
                raise TransformError(
                    f"cannot fuse {describe(v.owner)} into the destination of {describe(consumer)} on tensors: "
                    "its tiles would start from the loop-carried value, not from the producer's slice",
                    v.owner,
                )
    check_tiling(consumer, full_t, order)
    fz = _Fusion(consumer, prods, full_t, order, on_tensors)
    slices = fz.slices()
    recomputed = fz.check(slices)
    b = Builder.before(consumer)
    full = full_sizes(b, consumer)
    params: list[Index] = [_param_value(b, v) for v in fz.model.params]
    inits = list(consumer.dps_inits()) if on_tensors else []
    nest = build_tile_nest(b, full, full_t, order, inits)
    ib_ = nest.builder
    tile_offsets = [nest.offsets[k] for k in order]
    tiled: list[Operation] = []
    fused: FusedSlices = {}
    for p in prods:
        box = slices[p][0]
        offs: list[Index] = []
        szs: list[Index] = []
        for lbs, ubs in zip(box.lbs, box.ubs, strict=True):
            lbs_d = [_over_offsets(e, fz.no, [full_t[k] for k in order], len(params)) for e in lbs]
            ubs_d = [_over_offsets(e, fz.no, [full_t[k] for k in order], len(params)) for e in ubs]
            offs.append(maximum(ib_, lbs_d, tile_offsets + params))
            szs.append(minimum(ib_, [u - lo + 1 for u in ubs_d for lo in lbs_d], tile_offsets + params))
        new, init_slices = clone_on_slices(ib_, p, offs, szs, fused=fused)
        for r, t, (o_offs, o_szs) in zip(new.results, p.results, init_slices, strict=False):
            fused[t] = (r, o_offs, o_szs)
        tiled.append(new)
    new_c, init_slices = clone_on_slices(
        ib_, consumer, nest.offsets, nest.sizes, nest.iter_args if on_tensors else None, fused
    )
    tiled.append(new_c)
    finish_nest(nest, insert_results(ib_, new_c, nest.iter_args, init_slices), consumer.loc)
    if on_tensors:
        consumer.replace_all_uses_with(list(nest.loops[0].results))
    consumer.erase()
    for p in reversed(prods):
        if not any(r.uses for r in p.results):  # on tensors, a result used elsewhere keeps its producer
            p.erase()
    notes = [
        f"fused {describe(prods[k])} is recomputed on overlapping slices"
        + (f" ({n} extra instances)" if n is not None else "")
        for k, n in recomputed.items()
    ]
    return FusedLinalg(nest.loops, tiled, recomputed, notes)


def _over_offsets(e: AffineExpr, no: int, sizes: Sequence[int], nparams: int) -> AffineExpr:
    """A bound over tile indices q<k> and params as an expression over the
    tile offsets o<k> = T_k * q<k> (dims d0..) and params (dims d<no + j>):
    a coefficient a of q<k> becomes (a / T_k) o<k> when T_k divides it."""
    flat = flatten(e, no, nparams)
    if flat is None or flat[1]:
        return e.replace_dims_and_symbols(
            [dim(k).floordiv(sizes[k]) for k in range(no)], [dim(no + j) for j in range(nparams)]
        )
    coeffs = flat[0]
    out: AffineExpr = const(coeffs[-1])
    for k in range(no):
        a = coeffs[k]
        if a:
            out = out + (dim(k) * (a // sizes[k]) if a % sizes[k] == 0 else dim(k).floordiv(sizes[k]) * a)
    for j in range(nparams):
        if coeffs[no + j]:
            out = out + dim(no + j) * coeffs[no + j]
    return out


def _param_value(b: Builder, p: Value | ShapeDim) -> Value:
    if isinstance(p, ShapeDim):
        v = dim_size(b, p.value, p.dim)
        return v if not isinstance(v, int) else b.const_index(v)
    return p
