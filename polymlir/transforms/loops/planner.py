"""The cost-aware ``optimize``: decide for speed, apply exact primitives, keep the trace.

    report = plan(schedule)          # schedule: a Schedule (handle.py)
    print(report.explain()); print(schedule.trace.to_json())

The plan is a sequence of the schedule API's own primitives, each asked for
its exact verdict before it changes anything, so the trace it leaves
(``contract_fma``, ``distribute``, ``register_tile``, ``interchange``,
``unroll_jam``, ``vectorize_hint``, ``fuse``, ``parallelize``) replays
with ``polymlir apply --trace`` and can be edited or searched by a tuner.
The decisions, in order:

1. **Contractions get a register-tiled micro-kernel.** A nest whose loops,
   once distributed (dry run first), hold a contraction band (see
   ``microkernel``: gemm's, 2mm's, 3mm's, doitgen's update) is distributed
   and the band register-tiled: ``mr`` x ``nv`` vectors of accumulators
   sized to the host's register file (``machine.host()``: AVX-512 32
   registers of 8 doubles, AVX2 16 of 4), the reduction loop blocked so
   that one panel of the streamed operand fits half the L2 cache.
   Distribution is applied only where it yields such a band: elsewhere it
   would cut the reuse between statements (atax reads A once per row).
   A buffer that every iteration of a loop writes before reading it
   (doitgen's ``sum[p]`` for each ``(r, q)``) is first expanded along that
   loop where the loop then becomes the band's rows (``expand``, the last
   copy written back), and with threads along the loop it alone keeps
   sequential (``sum_x`` along ``r``), within the memory of the largest array.
2. **Stride-1 innermost.** In a perfect band whose innermost loop reads or
   writes memory with a stride while another band loop would make those
   accesses contiguous or invariant, the band is interchanged to put that
   loop innermost (legal permutations only), so LLVM's vectorizer fires.
3. **Parallel loops.** In each nest, the outermost loop that carries no
   dependence and has enough work for a thread (an estimate of the
   iterations it contains) becomes ``affine.parallel``; it runs on every
   core when compiled with threads (``POLYMLIR_NUM_THREADS``).

4. **Rows of reductions run as independent chains.** An innermost loop
   that reduces into its parent's element (atax, bicg, gesummv, mvt,
   symm) has its reductions split from the statements that move with it
   (``distribute``), the parent unrolled and jammed and the reductions
   scalar-replaced; a jammed inner loop whose stores walk a stride (symm's
   ``C[k][j]``) gets ``vectorize_hint(enable=False)``: LLVM's loop
   vectorizer would make scatters of it, while its jammed copies, which
   are neighbours, vectorize as straight-line code.
5. **One thread: the sweeps of a time step are fused** (``parallel=False``).
   Consecutive nests inside a time loop that touch a common array
   (fdtd-2d, jacobi-2d, heat-3d) are fused at their outer loop, the later
   shifted by the least amount that keeps every dependence, so each row
   enters the cache once per time step; with threads, their outer loops
   run in parallel instead (a shifted fusion carries a dependence).
6. **Stencils get time tiles.** A time loop around sweeps whose
   innermost loops carry dependences (seidel-2d: nothing vectorizes as
   written) is tiled with isl's skewed schedule and the cache model's
   sizes. One whose innermost loops vectorize (jacobi-2d, heat-3d,
   fdtd-2d) gets skewed tiles over time and the outer space loops, whole
   innermost rows (the tile fitting the L2) and one innermost loop per
   statement, so that each still vectorizes (``pluto.optimize(rows=True)``);
   with too few steps (fewer than ``MIN_TIME_STEPS``) or rows too long for
   any tile to fit the L2 (jacobi-1d), the sweeps are fused or
   parallelized as in 5. Either way the tiles run in parallel wavefronts.

Anything else is left as written: where the model is not sure a change
pays (tiling of memory-bound nests, time tiles of a stencil whose rows do
not fit), the simpler schedule is kept, and the report says so. The
isl/Pluto schedule stays available (``Schedule.optimize(strategy="pluto")``,
``--pluto``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...affine.model import Loop
from ...affine.schedules import loop_name
from ...dialects.affine import AffineForOp, AffineLoadOp, AffineParallelOp, AffineStoreOp
from ...ir import types as T
from ...machine import Machine, host, register_shape
from . import contraction_band as CB
from . import microkernel as MK
from . import microkernel_panels as MP
from .distribute import body_items
from .fusion_rewrite import element_bytes
from .loop_utils import as_for, body_ops, constant_trip_count, midpoint_trips
from .promote import value_name

if TYPE_CHECKING:
    from ...ir.core import Operation, Value
    from .handle import Schedule

__all__ = ["PlanReport", "plan"]

AFFINE_ACCESS = (AffineLoadOp, AffineStoreOp)
# Shifts tried, least first, when fusing the sweeps of a time step (one thread), and how many fusions at most.
SWEEP_SHIFTS = (0, 1, 2)
MAX_SWEEP_FUSIONS = 8

# A parallel loop is worth a thread when it spans at least this many
# innermost iterations (about 20 microseconds of work at a few GFLOP/s),
# so the fork/join of the parallel runtime stays a small fraction.
PARALLEL_MIN_WORK = 50_000
# A parallel loop inside a sequential one forks and joins once per outer
# iteration, a microsecond or two while the workers wait awake between
# regions (parallel_runtime): jacobi-1d's 100k-point sweeps ran 1.75x on
# two threads, trmm's 50k-iteration column loops (8 columns jammed) 1.7x.
PARALLEL_MIN_WORK_REPEATED = 40_000
# Distribute a nest for its contraction bands only when they hold this share of its work.
DISTRIBUTE_SHARE = 0.9
# Independent reduction chains a row unroll-and-jam aims for (FMA latency x pipes).
ROW_CHAINS = 8
# Pack a strided operand only when the band reads each packed element this many times.
PACK_REUSE = 8
# Pack column panels and hoist row values only when this many row tiles share them
# (gemm at 1000x1100x1200 on AVX2: 20 -> 31 GFLOP/s with both, neither alone gained).
PANEL_ROW_TILES = 8


@dataclass
class PlanReport:
    """What the plan did: ``ok`` (the IR changed or was already best),
    remarks for ``--explain``."""

    ok: bool = True
    reason: str = ""
    remarks: list[str] = field(default_factory=list)
    changed: bool = False

    def explain(self) -> str:
        return "\n".join(self.remarks + ([f"not optimized: {self.reason}"] if self.reason else []))


def _contraction_bands(s: Schedule, min_depth: int = 2) -> list[list[Loop]]:
    """Bands of the function that ``microkernel`` can register-tile (of
    ``min_depth`` loops or more), leaving out those under one vector wide."""
    found: list[list[Loop]] = []
    for lp in s.all_loops():
        if not isinstance(lp.op, AffineForOp):
            continue
        chain = s.band_from(lp)
        if len(chain) > 1 and chain[0] is lp and not any(lp in b for b in found):
            for depth in (3, 2)[: 4 - min_depth]:
                band = chain[-depth:]
                c = MK.contraction(band) if len(band) == depth else "too short"
                if not isinstance(c, str):
                    el = 8 if c.element == T.f64 else 4
                    # a packed copy pays only when each copied element is read many times
                    reuse = _iterations(band[-1]) / max(1, c.extent(c.j) * c.extent(c.k))
                    if c.extent(c.j) >= host().lanes(el) and (not c.packable or reuse >= PACK_REUSE):
                        found.append(band)
                    break
    return found


def _distribution_steps(s: Schedule) -> list[str]:
    """Loops (as ``#position``) that hold several statements or nests,
    last first: distributing them in this order leaves the positions of
    the loops still to distribute unchanged."""
    loops = s.all_loops()
    return [
        f"#{k}"
        for k in reversed(range(len(loops)))
        if isinstance(loops[k].op, AffineForOp) and len(body_ops(loops[k].op)) > 1 and loops[k].children
    ]


def _distributed(s: Schedule) -> tuple[Schedule, list[str]]:
    """A copy of ``s`` with every loop distributed that can be, and the steps (loop specs) taken."""
    dry = s.copy()
    taken: list[str] = []
    tried: set[str] = set()
    while True:  # to a fixed point: distributing an inner loop can leave its parent with several
        todo = [spec for spec in _distribution_steps(dry) if spec not in tried]
        if not todo:
            break
        tried.update(todo)
        for spec in todo:
            if dry.distribute(spec).ok:
                taken.append(spec)
                tried = set()  # positions moved: every loop may be tried again
                break
    return dry, taken


def _bytes(v: Value) -> int:
    t = v.type
    assert isinstance(t, T.MemRefType)
    n = 1
    for d in t.shape:
        n *= d
    return n * (element_bytes(t) or 8)


def _largest_array(s: Schedule) -> int:
    """Bytes of the largest static memref the function's accesses touch: what an expansion may add."""
    return max((_bytes(a.memref) for st in s.model.statements for a in st.accesses if _static(a.memref)), default=0)


def _static(v: Value) -> bool:
    return isinstance(v.type, T.MemRefType) and all(d >= 0 for d in v.type.shape)


def _reused_buffers(s: Schedule, lp: Loop) -> list[Value]:
    """Memrefs written inside ``lp`` and accessed nowhere else, at elements
    that do not depend on ``lp``'s iteration (doitgen's ``sum[p]`` in its
    ``q`` loop), with ``lp`` the innermost loop around all their accesses."""
    iv = as_for(lp.op).induction_var
    inside: dict[Value, list[Operation]] = {}
    for st in s.model.statements:
        for a in st.accesses:
            inside.setdefault(a.memref, []).append(a.op)
    out: list[Value] = []
    for mem, ops in inside.items():
        if not _static(mem) or not all(lp.op.is_proper_ancestor_of(o) for o in ops):
            continue
        if any(iv in o.operands for o in ops) or not any(isinstance(o, AffineStoreOp) for o in ops):
            continue
        if any(all(c.op.is_proper_ancestor_of(o) for o in ops) for c in lp.children):
            continue  # an inner loop holds them all: expand along that one
        out.append(mem)
    return out


def _expand_for_contractions(s: Schedule, report: PlanReport) -> None:
    """A buffer that every iteration of a loop writes before reading it
    (doitgen's ``sum[p]``, reset for each ``(r, q)``) ties the iterations of
    that loop together, so a contraction under it has one row; expanded
    along the loop (``expand``: one copy per iteration, the last copied
    back), the loop becomes the contraction's rows. Done where the dry run
    (distributed as ``_distribute_for_contractions`` would) yields more
    contraction bands with rows, within the memory of the largest array."""
    from .expand import expand_verdict  # start-up time: the exact analysis

    before: int | None = None  # the dry run only once a candidate is legal
    room = _largest_array(s)
    for lp in reversed(s.all_loops()):
        trips = constant_trip_count(as_for(lp.op)) if isinstance(lp.op, AffineForOp) else None
        if trips is None:
            continue
        for mem in _reused_buffers(s, lp):
            name = value_name(mem)
            if trips * _bytes(mem) > room or not expand_verdict(s.model, lp, [name]).ok:
                continue
            if before is None:
                before = _row_bands_distributed(s)
            spec = s.spec_of(lp)
            dry = s.copy()
            if not dry.run("expand", spec, memrefs=[name]).ok or _row_bands_distributed(dry) <= before:
                continue
            v = s.run("expand", spec, memrefs=[name])
            if v.ok:
                report.changed = True
                report.remarks.append(f"{v.reason}: loop {loop_name(lp)} becomes the rows of a contraction band")
                return


def _distribution(s: Schedule) -> tuple[list[str], list[list[Loop]], float]:
    """The distribution steps of ``_distributed``, the contraction bands they
    yield (loops of the dry run) and the share of the work those hold."""
    dry, taken = _distributed(s)
    bands = _contraction_bands(dry)
    share = sum(_iterations(b[-1]) for b in bands) / max(
        1, sum(_iterations(lp) for lp in dry.all_loops() if not lp.children)
    )
    return taken, bands, share


def _row_bands_distributed(s: Schedule) -> int:
    """How many contraction bands with rows ``_distribute_for_contractions`` would yield in ``s``."""
    _, bands, share = _distribution(s)
    if not bands or share < DISTRIBUTE_SHARE:
        return 0
    return sum(1 for b in bands if not isinstance(c := MK.contraction(b), str) and c.i is not None)


def _distribute_for_contractions(s: Schedule, report: PlanReport) -> None:
    # Distribution cuts the reuse between the statements it separates (atax
    # reads A once per row for two products): it pays only when the bands it
    # yields hold nearly all of the work.
    taken, bands, share = _distribution(s)
    if not bands or share < DISTRIBUTE_SHARE:
        if taken:
            report.remarks.append(
                f"not distributed: the contraction bands distribution yields hold {share:.0%} of the work "
                f"(under {DISTRIBUTE_SHARE:.0%}; the reuse between statements is worth more)"
            )
        taken = []
    # Distribute the real nests as the dry run did: it yields the bands.
    for spec in taken:
        name = loop_name(s.loop(spec))
        if s.distribute(spec).ok:
            report.remarks.append(f"distributed loop {name} so that its contraction is a perfect band")


def _register_tile_contractions(s: Schedule, m: Machine, report: PlanReport, parallel: bool) -> None:
    if not _contraction_bands(s):
        report.remarks.append("no contraction band (a reduction into one element per (i, j)): no register tiling")
        return
    refused: set[str] = set()
    while True:  # the bands again after each rewrite: the loops changed
        todo = [b for b in _contraction_bands(s) if b[0].loc not in refused]
        if not todo:
            break
        band = todo[0]
        c = MK.contraction(band)
        if isinstance(c, str):
            break
        el = 8 if c.element == T.f64 else 4
        mr, nv, lanes = register_shape(m, el, c.i is not None, c.streams, c.broadcasts)
        # the streamed block of the reduction loop in half the L2: one panel of
        # columns (columns tiles outside the rows), or every column (rows outside)
        width = c.extent(c.j) if c.triangular else nv * lanes
        kc_fit = max(8, (m.l2 // 2) // (width * el) // 8 * 8)
        kc = kc_fit if kc_fit < c.extent(c.k) else None
        label = ", ".join(loop_name(lp) for lp in band)
        # column tiles in parallel only in a nest of its own: inside other loops
        # (doitgen's r, q) each region would hold a few tiles
        par = parallel and band[0].parent is None
        # copies of the column panels (B) and the row values (alpha * A)
        # pay when many row tiles share them
        shared = c.i is not None and c.extent(c.i) >= PANEL_ROW_TILES * mr
        # (syrk's triangle measured no faster hoisted: its short k blocks, not the multiplies, limit it)
        panels = shared and not c.triangular and bool(MP.panel_loads(c))
        hoist = shared and not c.triangular and bool(MP.row_values(c))
        v = s.register_tile(
            [s.spec_of(lp) for lp in band],
            mr,
            nv,
            lanes,
            kc,
            parallel=par,
            pack=bool(c.packable),
            panels=panels,
            hoist=hoist,
        )
        if v.ok:
            report.changed = True
            report.remarks.append(
                f"band ({label}): register tile {mr}x{nv * lanes} ({mr * nv} accumulators of "
                f"{m.vector_registers} {m.vector_bits}-bit registers)"
                + (f", reduction loop {loop_name(c.k)} blocked by {kc} (panel in half the L2)" if kc else "")
                + (", column tiles in parallel" if par else "")
                + (f", {len(c.packable)} strided operand(s) packed contiguous" if c.packable else "")
                + (", column panels packed per column tile" if panels else "")
                + (", row values (as alpha * A[i, k]) computed once before the band" if hoist else "")
            )
        else:
            refused.add(band[0].loc)
            report.remarks.append(f"band ({label}): not register-tiled: {v.reason}")


def _stride_cost(band: list[Loop], inner: Loop) -> int:
    """How badly the band's accesses walk memory with ``inner`` innermost:
    +2 per access with ``inner`` in a non-last index, +1 per last-index
    stride other than 1, -1 per load invariant in ``inner``; a store
    invariant in ``inner`` makes it a reduction loop, which LLVM does not
    vectorize without reassociation: never innermost by choice."""
    cost = 0
    ivs = {lp.iv for lp in band if lp.iv is not None}
    for o in body_ops(band[-1].op):
        if not isinstance(o, (AffineLoadOp, AffineStoreOp)):
            continue
        coeffs = CB.index_coeffs(o, ivs)
        if isinstance(coeffs, str):
            return 0
        mine = [row.get(CB.iv_of(inner), 0) for row in coeffs]
        if not any(mine):
            cost += 100 if isinstance(o, AffineStoreOp) else -1
        elif any(mine[:-1]):
            cost += 2
        elif abs(mine[-1]) != 1:
            cost += 1
    return cost


def _stride_interchanges(s: Schedule, report: PlanReport, kept: set[str] | None = None) -> None:
    kept = set() if kept is None else kept
    for lp in list(s.all_loops()):
        if lp.parent is not None or not isinstance(lp.op, AffineForOp):
            continue
        seen: set[int] = set()
        for top in [lp, *_descendants(lp)]:
            band = s.band_from(top)
            if len(band) < 2 or id(band[-1].op) in seen or band[-1].children or band[0].loc in kept:
                continue
            seen.add(id(band[-1].op))
            if any(not isinstance(MK.contraction(band[-d:]), str) for d in (3, 2) if len(band) >= d):
                continue  # register tiling orders this band itself
            current = _stride_cost(band, band[-1])
            best = min(band, key=lambda x: (_stride_cost(band, x), x is not band[-1]))
            if _stride_cost(band, best) >= current:
                continue
            order = [x for x in band if x is not best] + [best]
            names = [s.spec_of(x) for x in order]
            v = s.interchange(names)
            if v.ok:
                report.changed = True
                report.remarks.append(
                    f"band ({', '.join(loop_name(x) for x in band)}): loop {loop_name(best)} made innermost "
                    "(its accesses are contiguous or invariant, so the innermost loop vectorizes)"
                )
                return _stride_interchanges(s, report, kept)  # loops changed: look again
            kept.add(band[0].loc)
            report.remarks.append(f"band ({', '.join(loop_name(x) for x in band)}): kept: {v.reason}")


def _descendants(lp: Loop) -> list[Loop]:
    out = []
    for c in lp.children:
        out.append(c)
        out.extend(_descendants(c))
    return out


def _reduces(lp: Loop) -> int:
    """How many stores in ``lp``'s body (an innermost loop) write an element
    that does not move with ``lp``: reductions carried by ``lp``."""
    ivs = {CB.iv_of(lp)}
    n = 0
    for o in body_ops(lp.op):
        if isinstance(o, AffineStoreOp):
            coeffs = CB.index_coeffs(o, ivs)
            if not isinstance(coeffs, str) and not any(row for row in coeffs):
                n += 1
    return n


def _moving_and_reducing(lp: Loop) -> tuple[list[int], list[int]] | None:
    """The body items (statements, see ``distribute.body_items``) of the
    innermost loop ``lp`` whose store moves with ``lp`` and those whose store
    reduces into one element across it, when there are both (bicg's
    ``s[j] += r[i] * A[i][j]`` beside ``q[i] += A[i][j] * p[j]``); else None."""
    ivs = {CB.iv_of(lp)}
    moving: list[int] = []
    reducing: list[int] = []
    for k, item in enumerate(body_items(lp)):
        stores = [o for o in item.walk() if isinstance(o, AffineStoreOp)]
        coeffs = [CB.index_coeffs(o, ivs) for o in stores]
        if any(isinstance(c, str) for c in coeffs) or not stores:
            return None
        fixed = [not any(row for row in c) for c in coeffs]
        if all(fixed):
            reducing.append(k)
        elif not any(fixed):
            moving.append(k)
        else:
            return None
    return (moving, reducing) if moving and reducing else None


def _split_reductions(s: Schedule, inner: Loop, report: PlanReport) -> Loop:
    """Distribute ``inner`` so that its reductions run in a loop of their
    own when it also holds statements that move with it: the unrolled and
    jammed reductions then stay scalar chains while the other loop
    vectorizes. Returns the loop holding the reductions (``inner`` when
    nothing was split)."""
    split = _moving_and_reducing(inner)
    if split is None:
        return inner
    moving, reducing = split
    order = [moving, reducing] if moving[0] < reducing[0] else [reducing, moving]
    spec = s.spec_of(inner)
    name = loop_name(inner)
    dry = s.copy()
    if not dry.distribute(spec, groups=order).ok:
        return inner
    parent = inner.parent
    assert parent is not None
    s.distribute(spec, groups=order)
    report.changed = True
    report.remarks.append(
        f"loop {name}: distributed so that its reductions run apart from the statements that move with it "
        "(these vectorize; the reductions are unrolled and jammed)"
    )
    kids = [c for c in s.all_loops() if c.parent is not None and c.parent.op is parent.op]
    red = [c for c in kids if not c.children and _reduces(c)]
    return red[0] if red else inner


def _row_unroll_jams(s: Schedule, report: PlanReport, skip: set[int], carrying: set[str]) -> None:
    """An innermost loop that only reduces into elements of its parent's
    iteration (a dot product per row: atax, bicg, gesummv, mvt) runs one
    FMA chain at the latency of an add. Unroll-and-jam of the parent by
    ``ROW_CHAINS // reductions`` and scalar replacement of the inner loop
    give independent chains in registers, each summed in its original order."""
    done: set[int] = set(skip)
    while True:
        todo = [
            lp
            for lp in s.all_loops()
            if not lp.children
            and lp.parent is not None
            and id(lp.parent.op) not in done
            and isinstance(lp.op, AffineForOp)
            and isinstance(lp.parent.op, AffineForOp)
            and _reduces(lp)
        ]
        if not todo:
            return
        inner = todo[0]
        parent = inner.parent
        assert parent is not None
        done.add(id(parent.op))
        trips = constant_trip_count(as_for(parent.op))
        factor = max(2, ROW_CHAINS // _reduces(inner))
        if trips is None or trips < 2 * factor or _iterations(inner) < PARALLEL_MIN_WORK:
            continue
        inner = _split_reductions(s, inner, report)
        parent = inner.parent
        assert parent is not None
        factor = max(2, ROW_CHAINS // _reduces(inner))
        dry = s.copy()
        pos = f"#{s.all_loops().index(parent)}"
        expanded = False
        if not dry.unroll_jam(pos, factor).ok:
            # A temporary reset in each iteration (symm's temp2) ties the
            # iterations together; a copy per iteration may free them.
            dry = s.copy()
            if not (dry.run("expand", pos).ok and dry.unroll_jam(pos, factor).ok):
                continue
            expanded = True
        name = loop_name(parent)
        if expanded:
            v = s.run("expand", pos)
            carrying.discard(name)  # what it carried may have been the temporary's false dependences
            report.remarks.append(f"loop {name}: {v.reason} (so that its iterations can be unrolled and jammed)")
        s.unroll_jam(pos, factor)
        done.add(id(s.loop(pos).op))
        replaced = 0
        for lp in list(s.all_loops()):
            if not lp.children and lp.parent is not None and lp.parent.op is s.loop(pos).op and _reduces(lp):
                replaced += s.scalar_replace(s.spec_of(lp)).ok
        report.changed = True
        report.remarks.append(
            f"loop {name}: unroll-and-jam by {factor} and scalar replacement of {replaced} inner loop(s): "
            f"{factor} independent reduction chains in registers (each in its original order)"
        )
        _keep_scatters_scalar(s, s.loop(pos), factor, report)


def _scatters(lp: Loop) -> bool:
    """Whether an innermost loop stores to elements that it walks with a
    stride (it in an index other than the last, or a stride other than 1):
    vectorized as a loop, those stores become scatters."""
    ivs = {CB.iv_of(lp)}
    for o in body_ops(lp.op):
        if isinstance(o, AffineStoreOp):
            coeffs = CB.index_coeffs(o, ivs)
            if isinstance(coeffs, str):
                continue
            mine = [sum(row.values()) for row in coeffs]
            if any(mine[:-1]) or (mine and abs(mine[-1]) > 1):
                return True
    return False


def _keep_scatters_scalar(s: Schedule, parent: Loop, factor: int, report: PlanReport) -> None:
    """After unroll-and-jam of ``parent``, keep LLVM's loop vectorizer off
    its inner loops whose stores walk a stride (symm's ``C[k][j]`` in loop
    ``k``): as a loop they vectorize into gathers and scatters, which LLVM's
    cost model may still choose (it did on Zen 4: 6x slower); left alone,
    the jammed copies of each statement, neighbours in the parent's
    dimension, become vector code through straight-line (SLP) vectorization."""
    for lp in list(s.all_loops()):
        if lp.children or lp.parent is None or lp.parent.op is not parent.op or not _scatters(lp):
            continue
        if s.run("vectorize_hint", s.spec_of(lp), enable=False).ok:
            report.remarks.append(
                f"loop {loop_name(lp)}: LLVM's loop vectorizer kept off it (its stores walk a stride: scatters); "
                f"the {factor} jammed copies of each statement vectorize as neighbours (SLP)"
            )


# Time tiles for a stencil whose rows vectorize need this many time steps:
# two tiles of the smallest size the cache model tries.
MIN_TIME_STEPS = 8


def _stencil_time_loop(s: Schedule) -> Loop | None:
    """The one top-level loop of a stencil's time iteration, with loops
    inside: its IV indexes no array the kernel writes (it repeats a sweep;
    fdtd-2d reads a value per step from ``_fict_[t]``)."""
    tops = [lp for lp in s.all_loops() if lp.parent is None]
    if len(tops) != 1 or not tops[0].children:
        return None
    time_iv = CB.iv_of(tops[0])
    written = {a.memref for st in s.model.statements for a in st.accesses if a.kind == "write"}
    for st in s.model.statements:
        coeffs = CB.index_coeffs(st.op, {time_iv}) if isinstance(st.op, (AffineLoadOp, AffineStoreOp)) else "other"
        if isinstance(coeffs, str):
            return None
        if any(row for row in coeffs) and any(a.memref in written for a in st.accesses):
            return None
    return tops[0]


def _time_tile_stencil(s: Schedule, report: PlanReport, parallel: bool) -> bool:
    """Time tiles for a stencil: a time loop (its IV indexes no array)
    around the sweeps. Kernels without one keep their loops (floyd-warshall:
    its time tiles measured 0.8x).

    In place (seidel-2d: every innermost loop carries a dependence, so
    nothing vectorizes as written and nothing is lost), isl's skewed time
    tiles, which keep each tile's rows in cache (measured 2-3x). Jacobi-like
    (jacobi-2d, heat-3d, fdtd-2d: the innermost loops vectorize), skewed
    tiles over time and the outer space loops with whole innermost rows,
    one innermost loop per statement so that each still vectorizes
    (``pluto.optimize(rows=True)``; measured 1.3-1.8x over the fused sweeps
    on one core, and the wavefronts of tiles use every core); where no such
    tile fits the L2 (jacobi-1d's rows) the plan goes on without time tiles.
    Applies the Pluto-style schedule when so."""
    from ...affine.dependence import is_parallel  # start-up time: the exact analysis

    top = _stencil_time_loop(s)
    if top is None:
        return False
    leaves = [lp for lp in s.all_loops() if not lp.children]
    if not leaves:
        return False
    rows = any(is_parallel(s.model, lp) for lp in leaves)
    steps = constant_trip_count(as_for(top.op)) if isinstance(top.op, AffineForOp) else None
    if rows and steps is not None and steps < MIN_TIME_STEPS:
        report.remarks.append(
            f"loop {loop_name(top)} iterates a stencil: no time tiles ({steps} steps, fewer than "
            f"{MIN_TIME_STEPS}: too little reuse across steps)"
        )
        return False
    r = s.optimize(strategy="pluto", parallel=parallel, rows=rows)  # the IR changes only when ok
    if not r.ok:
        if rows:
            report.remarks.append(f"loop {loop_name(top)} iterates a stencil: no time tiles ({r.reason})")
        return False
    report.changed = True
    report.remarks.append(
        f"loop {loop_name(top)} iterates a stencil whose innermost loops vectorize: skewed time tiles "
        "with whole innermost rows"
        if rows
        else f"loop {loop_name(top)} iterates an in-place stencil whose innermost loops carry dependences "
        "(nothing vectorizes as written): isl's skewed time tiles instead"
    )
    report.remarks.extend(r.remarks)
    if not rows:
        _no_runtime_unrolling(s, report)
    return True


def _no_runtime_unrolling(s: Schedule, report: PlanReport) -> None:
    """Keep LLVM's runtime unrolling off the innermost loops of in-place
    time tiles: each runs a chain of dependent iterations (seidel-2d's
    ``A[i][j - 1]``), at most a tile's width of them, so the unrolled copies
    wait on each other and the remainder loop before them costs. LLVM
    unrolled them in the bodies outlined for the threads and not in the
    sequential kernel: seidel-2d's outlined code ran 1.2x slower on one core."""
    for lp in list(s.all_loops()):
        if not lp.children and s.run("unroll_hint", s.spec_of(lp), runtime=False).ok:
            report.remarks.append(
                f"loop {loop_name(lp)}: LLVM's runtime unrolling kept off it (a chain of dependent "
                "iterations, a tile's width long: no copies in flight, a remainder loop to pay)"
            )


def _iterations(lp: Loop) -> int:
    """How many times ``lp``'s body runs in all: the product of the trip
    counts of it and its enclosing loops, a bound that moves with another
    loop counting half the largest constant extent around it."""
    total = 1
    largest = 1
    chain = [*reversed(_ancestors(lp)), lp]
    for x in chain:
        trips = constant_trip_count(as_for(x.op)) if isinstance(x.op, AffineForOp) else None
        if trips is not None:
            largest = max(largest, trips)
    for x in chain:
        trips = constant_trip_count(as_for(x.op)) if isinstance(x.op, AffineForOp) else None
        total *= trips if trips is not None else max(1, largest // 2)
    return total


def _work(lp: Loop, at: dict[Value, int] | None = None) -> int:
    """Innermost iterations below one execution of ``lp``, each enclosing
    loop at the middle of its range (``at``: their IVs' values; a
    triangle's rows count their average length); trip counts that cannot
    be evaluated count as 100."""
    if at is None:
        at = {}
        for x in reversed(_ancestors(lp)):
            mid = midpoint_trips(x.op, at) if isinstance(x.op, AffineForOp) else None
            if mid is not None:
                at[as_for(x.op).induction_var] = mid[1]
    mid = midpoint_trips(lp.op, at) if isinstance(lp.op, AffineForOp) else None
    n = mid[0] if mid is not None else 100
    inner_at = {**at, as_for(lp.op).induction_var: mid[1]} if mid is not None else at
    inner = max((_work(c, inner_at) for c in lp.children), default=1)
    return n * inner


def _carrying(s: Schedule) -> set[str]:
    """The loops that carry a dependence, by name. The plan's later steps
    only reorder the iterations in legal ways, which keeps every dependence
    carried where it was, so these need no parallel verdict afterwards (on
    an unrolled body that verdict costs most of the plan's time)."""
    from ...affine.dependence import is_parallel  # start-up time: the exact analysis

    return {loop_name(lp) for lp in s.all_loops() if isinstance(lp.op, AffineForOp) and not is_parallel(s.model, lp)}


def _parallel_loops(s: Schedule, report: PlanReport, skip: set[int], carrying: set[str]) -> None:
    done: set[int] = set(skip)
    progress = True
    while progress:
        progress = False
        for lp in s.all_loops():
            if not isinstance(lp.op, AffineForOp) or id(lp.op) in done:
                continue
            if any(isinstance(a.op, AffineParallelOp) for a in _ancestors(lp)):
                continue
            done.add(id(lp.op))
            if _work(lp) < (PARALLEL_MIN_WORK_REPEATED if lp.parent is not None else PARALLEL_MIN_WORK):
                continue
            name = loop_name(lp)
            if name in carrying:
                continue
            if lp.parent is not None and any(_scatters(x) for x in _leaves(lp)):
                # symm's column loop, whose k loop stores down the columns of C:
                # 0.72x-0.82x on two threads, where trmm's, which only reads so, ran 1.7x-2.0x
                report.remarks.append(f"loop {name}: kept sequential (an inner loop stores with a stride)")
                continue
            v = s.parallelize(s.spec_of(lp))
            if v.ok:
                report.changed = True
                report.remarks.append(f"loop {name}: parallel (no dependence is carried; {_work(lp)} iterations)")
                progress = True
                break


def _expand_for_parallel_loops(s: Schedule, report: PlanReport, skip: set[int], carrying: set[str]) -> None:
    """Before the unroll-and-jams (whose bodies make dependences slow to
    compute): the outermost loops with a thread's work that carry
    dependences only on buffers reused by each iteration get those buffers
    expanded (``_expand_to_parallelize``), then run in parallel later."""
    for lp in s.all_loops():
        if not isinstance(lp.op, AffineForOp) or id(lp.op) in skip or loop_name(lp) not in carrying:
            continue
        if any(isinstance(a.op, AffineParallelOp) or loop_name(a) not in carrying for a in _ancestors(lp)):
            continue  # an outer loop may run in parallel already
        if _work(lp) < (PARALLEL_MIN_WORK_REPEATED if lp.parent is not None else PARALLEL_MIN_WORK):
            continue
        if lp.parent is not None and any(_scatters(x) for x in _leaves(lp)):
            continue  # stays sequential (_parallel_loops)
        if _expand_to_parallelize(s, lp, report):
            carrying.discard(loop_name(lp))
            report.changed = True
            return  # the loops changed: one expansion is enough for a nest


def _expand_to_parallelize(s: Schedule, lp: Loop, report: PlanReport) -> bool:
    """Expand the buffers whose dependences are all that ``lp`` carries
    (doitgen's ``sum`` in its ``r`` loop), one copy per iteration, when
    that makes ``lp`` parallel and adds no more memory than the largest
    array holds; whether it did."""
    from ...affine.dependence import dependences  # start-up time: the exact analysis
    from .expand import expand_verdict

    carried = [d for d in dependences(s.model) if d.carried_by is lp]
    mems = list(dict.fromkeys(a.memref for d in carried for a in (d.source.accesses[0], d.sink.accesses[0])))
    trips = constant_trip_count(as_for(lp.op))
    if not mems or trips is None or not all(_static(m) for m in mems):
        return False
    if trips * sum(_bytes(m) for m in mems) > _largest_array(s):
        return False
    names = [value_name(m) for m in mems]
    if not expand_verdict(s.model, lp, names).ok:
        return False
    spec = s.spec_of(lp)
    dry = s.copy()
    if not (dry.run("expand", spec, memrefs=names).ok and dry.parallelize(spec).ok):
        return False
    v = s.run("expand", spec, memrefs=names)
    if v.ok:
        report.remarks.append(f"{v.reason} (its iterations then depend on none of each other)")
    return v.ok


def _leaves(lp: Loop) -> list[Loop]:
    """The innermost loops at or below ``lp``."""
    return [lp] if not lp.children else [x for c in lp.children for x in _leaves(c)]


def _arrays(lp: Loop) -> set[Value]:
    """The memrefs ``lp``'s affine loads and stores access."""
    return {o.operands[1 if isinstance(o, AffineStoreOp) else 0] for o in lp.op.walk() if isinstance(o, AFFINE_ACCESS)}


def _sweep_pairs(s: Schedule, skip: set[int]) -> list[tuple[Loop, Loop]]:
    """Consecutive sibling nests (each at least two loops deep, not a
    contraction band) inside a sequential loop that touch a common array:
    the sweeps of a time step (fdtd-2d's ey, ex and hz updates)."""
    out = []
    loops = s.all_loops()
    by_op = {id(lp.op): lp for lp in loops}
    for a in loops:
        b = by_op.get(id(a.op.next_op))
        if (
            b is not None
            and a.parent is not None
            and isinstance(a.parent.op, AffineForOp)
            and isinstance(a.op, AffineForOp)
            and isinstance(b.op, AffineForOp)
            and a.children
            and b.children
            and not {id(a.op), id(b.op)} & skip
            and _arrays(a) & _arrays(b)
        ):
            out.append((a, b))
    return out


def _fuse_sweeps(s: Schedule, report: PlanReport, skip: set[int]) -> None:
    """One thread: fuse the sweeps of a time step at their outermost loop,
    the later one shifted by the least of ``SWEEP_SHIFTS`` that keeps every
    dependence, so that each row is brought into the cache once per time
    step instead of once per sweep; the inner loops stay apart and
    vectorize. With threads the sweeps' outer loops run in parallel
    instead: a shifted fusion carries a dependence on the fused loop."""
    for _ in range(MAX_SWEEP_FUSIONS):
        for a, b in _sweep_pairs(s, skip):
            na, nb = loop_name(a), loop_name(b)
            spec_a, spec_b = s.spec_of(a), s.spec_of(b)
            shift = next((k for k in SWEEP_SHIFTS if s.copy().fuse(spec_a, spec_b, 1, [k]).ok), None)
            if shift is not None and s.fuse(spec_a, spec_b, 1, [shift]).ok:
                report.changed = True
                report.remarks.append(
                    f"loops {na} and {nb}: fused (one sweep over the rows per time step"
                    + (f", {nb} shifted by {shift}" if shift else "")
                    + ")"
                )
                break
        else:
            return


def _ancestors(lp: Loop) -> list[Loop]:
    """The loops around ``lp``, innermost first."""
    return list(reversed(lp.enclosing()[:-1]))


def _contract_fmas(s: Schedule, report: PlanReport) -> None:
    """Let the multiply-adds of every nest round once (``contract_fma``):
    clang contracts them by default, and a fused multiply-add is one
    instruction where the pair takes two."""
    pairs = 0
    for top in [lp for lp in s.all_loops() if lp.parent is None]:
        pairs += s.run("contract_fma", s.spec_of(top)).ok  # refused: nothing to contract, IR unchanged
    if pairs:
        report.changed = True
        report.remarks.append(
            f"multiply-adds of {pairs} nest(s) may round once (fastmath contract: fused multiply-adds, as clang "
            "-ffp-contract=on)"
        )


def plan(s: Schedule, parallel: bool = True, machine: Machine | None = None) -> PlanReport:
    """Optimize ``s``'s function for speed (see the module docstring)."""
    m = machine or host()
    report = PlanReport()
    report.remarks.append(
        f"machine: {m.vector_bits}-bit vectors, {m.vector_registers} vector registers, L1d {m.l1d // 1024} KiB, "
        f"L2 {m.l2 // 1024} KiB, L3 {m.l3 // 1024} KiB, {m.cores} cores ({m.source})"
    )
    if not s.model.loops:
        report.ok = False
        report.reason = "no loops"
        return report
    _contract_fmas(s, report)
    if _time_tile_stencil(s, report, parallel):
        return report
    _stride_interchanges(s, report)
    _expand_for_contractions(s, report)
    _distribute_for_contractions(s, report)
    bands = _contraction_bands(s)
    skip = {id(a.op) for b in bands for lp in b for a in [lp, *_ancestors(lp)]}
    if not parallel:
        _fuse_sweeps(s, report, skip)
    carrying = _carrying(s) if parallel else set()
    if parallel:
        _expand_for_parallel_loops(s, report, {id(lp.op) for b in bands for lp in b}, carrying)
    _row_unroll_jams(s, report, skip, carrying)
    if parallel:  # before register tiling, whose many vector accesses make verdicts slow
        # a band's own loops: its column tiles run in parallel where it is a nest of its own;
        # the loops around one (doitgen's r) may run in parallel themselves
        skip = {id(lp.op) for b in _contraction_bands(s) for lp in b}
        _parallel_loops(s, report, skip, carrying)
    _register_tile_contractions(s, m, report, parallel)
    if not report.changed:
        report.remarks.append("kept the program as written: no change the cost model is sure pays")
    return report
