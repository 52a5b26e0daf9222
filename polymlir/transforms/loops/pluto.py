"""Automatic Pluto-style scheduling with isl's scheduler: skew, tile, parallelize.

    report = optimize(model)                 # mutates model.func when report.ok
    print(report.explain())

The steps, each exact:

1. Statements are compound statements (``statements.compound_statements``);
   their dependences are the model's exact memory dependences (flow, anti,
   output) lifted from accesses to statements.
2. isl's scheduler computes a schedule with those dependences as validity
   and proximity constraints and as coincidence constraints (to expose
   parallel loops). It skews where that makes a band permutable
   (jacobi-2d comes back as ``(t, 2t + i, 2t + j)``) and fuses statements
   where proximity pays.
3. Every permutable band of two or more loops is tiled (rectangularly, in
   the scheduled space: tile loops ``floor(x / size)`` before the point
   loops). Tile sizes come from ``tile_sizes`` or from a cache model (below).
4. The final schedule is checked with ``schedules.check`` against every
   memory dependence; if it fails (it must not) nothing is changed.
5. In each band the outermost loop that carries no dependence (decided
   exactly on the final schedule) becomes ``affine.parallel``.
6. The code is regenerated with isl's AST builder (``ast_codegen``).

**The cache model.** A band is tiled with equal power-of-two sizes T (4 to
256, at most the band's extent). For each T, isl computes the footprint of
one tile: the elements of every array the tile's instances touch, as the
bounding box of their image (a tile in the middle of the schedule's image,
outer loops fixed, parameters set to 1000). The chosen T is the largest
whose footprint (element size times box volume, summed over arrays) fits
the L1 data cache; if even T = 4 does not fit, the largest that fits the
L2; if none does, the band is not tiled. The caches are the host's, read
from the OS (``machine.host()``), unless ``caches`` gives them. When a larger tile touches
nothing more (the tile already spans the band) and that fits the L1, the
band is not tiled either: tiling would only add loop overhead. The report
says which sizes were tried and why the chosen one won. Given
``tile_sizes`` apply to the members of every permutable band in order (the
last one repeats for deeper bands).

The two innermost time dimensions are generated with isl's separation, so
statements with different domains in one tile (a shifted stencil
statement) get guard-free loops instead of affine.if in the innermost body.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from ...affine import isl_bridge as ib
from ...affine.dependence import dependences
from ...affine.legality import Verdict
from ...affine.model import PolyhedralModel, Statement, analyze
from ...affine.schedules import Entry, check, loop_name, schedule_maps
from ...affine.statements import NotCompound, Unit, compound_statements
from ...ir.affine_expr import AffineExpr, const
from ...ir.core import Operation
from ...machine import host
from ..passes.manager import FunctionPass, PassContext, register_pass
from .ast_codegen import CodegenError, innermost_dim, nest_of, origins_from_vectors, regenerate

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge

# The cache model's default caches: the host's (``machine.host()``), or these given.
CacheSizes = tuple[int, int]
PARAM_GUESS = 1000
CANDIDATES = (4, 8, 16, 32, 64, 128, 256)


def SEPARATE(length: int) -> list[int]:  # noqa: N802 - a tunable, replaced in experiments
    """Time dimensions whose loops isl splits into guard-free pieces: the two
    innermost (statements with different domains in one tile get their own
    loops instead of affine.if in the innermost body)."""
    return [length - 2, length - 1]


@dataclass
class Band:
    """A band of the computed schedule: its units, its members' schedules,
    where it sits in the time vectors, and what was done with it."""

    units: list[str]
    members: list[dict[str, AffineExpr]]
    permutable: bool
    coincident: list[bool]
    parent: Band | None = None
    start: int = 0  # first time dimension (tile loops first when tiled)
    sizes: list[int] | None = None
    parallel_dim: int | None = None
    leaf: bool = False  # no band or sequence below: the units share the innermost loop
    split_inner: bool = False  # each unit its own innermost point loop (see ``optimize``)
    notes: list[str] = field(default_factory=list)

    @property
    def depth(self) -> int:
        return len(self.members)

    @property
    def width(self) -> int:
        """Time dimensions: tile loops, point loops and, when split, the
        statement order before the innermost point loop."""
        return self.depth + len(self.tiled) + int(self.split_inner)

    @property
    def tiled(self) -> list[int]:
        """The members with a tile loop (a size of 0 leaves a member untiled)."""
        return [k for k, size in enumerate(self.sizes or []) if size]


@dataclass
class Report:
    """What optimize did: ``ok`` (the IR changed), ``reason`` when not,
    remarks for ``--explain``, the bands, and the new top-level ops."""

    ok: bool
    reason: str = ""
    remarks: list[str] = field(default_factory=list)
    bands: list[Band] = field(default_factory=list)
    new_ops: list[Operation] = field(default_factory=list)
    verdict: Verdict | None = None

    def explain(self) -> str:
        lines = list(self.remarks)
        if not self.ok and self.reason:
            lines.append(f"not optimized: {self.reason}")
        return "\n".join(lines)


# -- dependences between compound statements ------------------------------------------------


@dataclass
class UnitDep:
    src: str
    dst: str
    relation: isl.Map  # src unit -> dst unit


def _holders(units: Sequence[Unit]) -> dict[Statement, list[tuple[Unit, isl.Map]]]:
    """Access statement -> the units holding it, with the projection of the
    unit's instances onto the access's."""
    holders: dict[Statement, list[tuple[Unit, isl.Map]]] = {}
    for u in units:
        for m in u.members:
            holders.setdefault(m.stmt, []).append((u, ib.prefix_projection(u.domain, m.stmt.domain)))
    return holders


def unit_dependences(model: PolyhedralModel, units: Sequence[Unit]) -> list[UnitDep]:
    """The model's memory dependences lifted to units (through every unit
    holding the source or sink access, recomputed members included); a
    unit instance's own load -> store order is internal and dropped."""
    holders = _holders(units)
    out: dict[tuple[str, str], isl.Map] = {}
    for d in dependences(model):
        for ua, pa in holders.get(d.source, []):
            for ub, pb in holders.get(d.sink, []):
                r = ib.unit_dependence(d.relation, pa, pb, ua is ub)
                if ib.is_empty(r):
                    continue
                key = (ua.name, ub.name)
                out[key] = r if key not in out else out[key].union(r).coalesce()
    return [UnitDep(a, b, r) for (a, b), r in out.items()]


def scheduling_dependences(model: PolyhedralModel, units: Sequence[Unit]) -> list[isl.Map]:
    """Constraints for isl's scheduler: the direct dependences (last writer,
    reads and write since the previous write) lifted to units, as unions of
    simple pieces. The exact check afterwards uses every memory dependence."""
    try:
        rels = ib.direct_dependences(model.accesses("read"), model.accesses("write"), model.schedule_map)
    except ib.IslBridgeError:
        return [d.relation for d in unit_dependences(model, units)]
    by_name = {s.name: s for s in model.statements}
    holders = _holders(units)
    out: list[isl.Map] = []
    for r in rels:
        src, dst = by_name[ib.tuple_name(r)], by_name[ib.range_tuple_name(r)]
        for ua, pa in holders.get(src, []):
            for ub, pb in holders.get(dst, []):
                x = ib.lift_dependence(r, pa, pb, ua is ub)
                if not ib.is_empty(x):
                    out.append(x)
    return out


# -- the schedule tree to vectors ------------------------------------------------------------


def _bands(tree: ib.SchedTree, units: set[str], parent: Band | None, out: list[Band]) -> None:
    if isinstance(tree, ib.SchedBand):
        b = Band(
            sorted(set(tree.members[0]) & units if tree.members else units, key=_order),
            tree.members,
            tree.permutable,
            tree.coincident,
            parent,
            leaf=isinstance(tree.child, ib.SchedLeaf),
        )
        out.append(b)
        _bands(tree.child, units, b, out)
    elif isinstance(tree, ib.SchedSequence):
        for f, child in zip(tree.filters, tree.children, strict=True):
            _bands(child, units & f, parent, out)


def _vectors(tree: ib.SchedTree, units: set[str], bands: list[Band], vectors: dict[str, list[Entry]]) -> None:
    """Time vectors from the tree: band members (tile indices first when the
    band has sizes), sequence positions as constants."""
    if isinstance(tree, ib.SchedBand):
        band = next(b for b in bands if b.members is tree.members)
        names = [u for u in units]
        band.start = len(vectors[names[0]]) if names else 0
        if band.sizes:
            for k, size in enumerate(band.sizes):
                if not size:
                    continue  # untiled: only its point loop, e.g. a stencil's contiguous innermost loop
                for u in names:
                    vectors[u].append((tree.members[k][u], [const(0)], size))
        for k in range(band.depth):
            if k == band.depth - 1 and band.split_inner:
                # The units in their textual order before the innermost point
                # loop: one innermost loop each (checked exactly afterwards).
                for u in names:
                    vectors[u].append(const(sorted(names, key=_order).index(u)))
            for u in names:
                vectors[u].append(tree.members[k][u])
        _vectors(tree.child, units, bands, vectors)
    elif isinstance(tree, ib.SchedSequence):
        for pos, (f, child) in enumerate(zip(tree.filters, tree.children, strict=True)):
            sub = units & f
            for u in sub:
                vectors[u].append(const(pos))
            _vectors(child, sub, bands, vectors)


def _uncovered(tree: ib.SchedTree, units: set[str]) -> str | None:
    """A unit that reaches a band of ``tree`` without a schedule in one of
    its members (seen on a random nest), or None when every band covers
    its units."""
    if isinstance(tree, ib.SchedBand):
        for member in tree.members:
            absent = sorted(units - set(member), key=_order)
            if absent:
                return absent[0]
        return _uncovered(tree.child, units)
    if isinstance(tree, ib.SchedSequence):
        for f, child in zip(tree.filters, tree.children, strict=True):
            found = _uncovered(child, units & f)
            if found is not None:
                return found
    return None


def _order(name: str) -> int:
    return int(name[1:]) if name[1:].isdigit() else 1 << 30


# -- tile sizes ------------------------------------------------------------------------------


def _element_bytes(access) -> int:
    t = getattr(access.memref.type, "element_type", None)
    w = getattr(t, "width", None)
    return max(1, (w if isinstance(w, int) else 64) // 8)


def choose_sizes(
    model: PolyhedralModel,
    units: dict[str, Unit],
    maps: dict[str, isl.Map],
    band: Band,
    caches: CacheSizes | None = None,
    inner_untiled: bool = False,
) -> tuple[list[int] | None, str]:
    """Equal power-of-two tile sizes for ``band`` from the cache model, and
    a sentence saying why (``caches``: L1 and L2 bytes, default the host's).
    ``inner_untiled``: time tiles whose rows vectorize (``_row_tile_sizes``)."""
    if caches is None:
        here = host()
        caches = (here.l1d, here.l2)
    l1_bytes, l2_bytes = caches
    l1, l2 = f"{l1_bytes // 1024} KiB", f"{l2_bytes // 1024} KiB"
    members: dict[str, list[tuple[isl.Map, list[isl.Map]]]] = {}
    elem: dict[str, int] = {}
    for name in band.units:
        u = units[name]
        rows = []
        for m in u.members:
            rels = [a.relation for a in m.stmt.accesses]
            for a in m.stmt.accesses:
                elem[a.array] = _element_bytes(a)
            rows.append((ib.prefix_projection(u.domain, m.stmt.domain), rels))
        members[name] = rows
    params = {p: PARAM_GUESS for p in model.param_names}
    band_maps = {n: maps[n] for n in band.units}

    def footprint(shape: list[int]) -> int:
        boxes = ib.tile_footprint(band_maps, members, band.start, shape, params)
        total = 0
        for arr, ext in boxes.items():
            vol = 1
            for x in ext:
                vol *= x
            total += vol * elem.get(arr, 8)
        return total

    try:
        if inner_untiled:
            return _row_tile_sizes(footprint, ib.schedule_extent(band_maps, band.start, params), band.depth, l2_bytes)
        tried: list[tuple[int, int]] = []
        for t in CANDIDATES:
            total = footprint([t] * band.depth)
            if tried and total == tried[-1][1]:
                # A larger tile touches nothing more: the previous one already
                # spans the band.
                if total <= l1_bytes:
                    text = ", ".join(f"{t}: {_kib(b)}" for t, b in tried)
                    return None, f"everything the band touches ({_kib(total)}) fits the {l1} L1 ({text})"
                break
            tried.append((t, total))
            if total > l2_bytes:
                break
    except ib.IslBridgeError as e:
        return None, f"no footprint ({e})"
    fit1 = [t for t, b in tried if b <= l1_bytes]
    fit2 = [t for t, b in tried if b <= l2_bytes]
    text = ", ".join(f"{t}: {_kib(b)}" for t, b in tried)
    if fit1:
        t = fit1[-1]
        why = f"footprint {_kib(dict(tried)[t])} fits the {l1} L1 (tile size: footprint; {text})"
    elif fit2:
        t = fit2[-1]
        why = f"footprint {_kib(dict(tried)[t])} fits the {l2} L2 only (tile size: footprint; {text})"
    else:
        return None, f"even 4 per loop needs {_kib(tried[0][1])}, more than the {l2} L2"
    return [t] * band.depth, why


def _row_tile_sizes(
    footprint: Callable[[list[int]], int], steps: int, depth: int, l2_bytes: int
) -> tuple[list[int] | None, str]:
    """Time tiles whose rows vectorize: equal power-of-two sizes T for all
    members but the innermost, which stays whole (0); the largest T whose
    tile fits the L2. They pay only where the sweeps do not fit the L2
    already, and need two tiles of the outermost member (time, ``steps``
    long) at least: the tiles of one wavefront are what runs in parallel.
    Rows too long for any such tile keep their sweeps: jacobi-1d's, tiled
    by 1024 in space as well, measured 2x slower (its time tiles do not
    vectorize)."""
    l2 = f"{l2_bytes // 1024} KiB"
    whole = footprint([0] * depth)
    if whole <= l2_bytes:
        return None, f"everything the band touches ({_kib(whole)}) fits the {l2} L2"
    candidates = [t for t in CANDIDATES if 2 * t <= steps]
    if not candidates:
        return None, f"{steps} steps of the outermost loop: fewer than two tiles of {CANDIDATES[0]}"
    tried: list[tuple[int, int]] = []
    for t in candidates:
        total = footprint([t] * (depth - 1) + [0])
        tried.append((t, total))
        if total > l2_bytes:
            break
    fit = [t for t, b in tried if b <= l2_bytes]
    text = ", ".join(f"{t}: {_kib(b)}" for t, b in tried)
    if not fit:
        return None, f"even {candidates[0]} per loop with whole innermost rows needs more than the {l2} L2 ({text})"
    t = fit[-1]
    why = f"footprint {_kib(dict(tried)[t])} fits the {l2} L2, whole innermost rows (tile size: footprint; {text})"
    return [t] * (depth - 1) + [0], why


def _kib(b: int) -> str:
    return f"{b / 1024:.1f} KiB"


# -- optimize ----------------------------------------------------------------------------------


def optimize(
    model: PolyhedralModel,
    tile_sizes: Sequence[int] | None = None,
    parallel: bool = True,
    tile: bool = True,
    caches: CacheSizes | None = None,
    wavefront: bool = True,
    rows: bool = False,
) -> Report:
    """Schedule, tile and parallelize ``model``'s function (see the module
    docstring); ``wavefront``: run the tiles of a band whose tile loops all
    carry dependences in parallel wavefronts. The IR changes only when the
    report is ok.

    ``rows``: time tiles whose innermost rows vectorize (jacobi-2d,
    heat-3d, fdtd-2d). The cache model leaves each band's innermost member
    untiled (whole rows, the tile fitting the L2: ``choose_sizes``); in a
    band that fuses statements down to its innermost loop, each statement
    gets its own innermost point loop, in textual order, when the exact
    check allows it (LLVM does not vectorize a fused loop whose one
    statement reads what another stored an iteration before: "prevents
    store-to-load forwarding", while each loop alone vectorizes); and
    nothing changes unless a band of two or more loops is tiled."""
    try:
        units = compound_statements(model)
    except NotCompound as e:
        return Report(False, e.reason)
    if not units:
        return Report(False, "no statements to schedule")
    if tile_sizes is not None and (any(s < 0 for s in tile_sizes) or not any(tile_sizes)):
        raise ValueError(f"tile sizes must be positive (0: not tiled), got {list(tile_sizes)}")
    by_name = {u.name: u for u in units}
    try:
        tree = ib.compute_schedule([u.domain for u in units], scheduling_dependences(model, units), model.param_names)
    except ib.IslBridgeError as e:
        return Report(False, f"isl's scheduler failed: {e}")
    missing = _uncovered(tree, set(by_name))
    if missing is not None:
        return Report(False, f"isl's schedule tree has a band without a schedule for {missing}: not applied")
    bands: list[Band] = []
    _bands(tree, set(by_name), None, bands)
    report = Report(False, bands=bands)
    _describe_schedule(report, units, bands)

    # Untiled vectors give the footprints; then the tiled ones.
    def build() -> tuple[dict[str, list[Entry]], dict[str, isl.Map]]:
        vectors: dict[str, list[Entry]] = {n: [] for n in by_name}
        _vectors(tree, set(by_name), bands, vectors)
        for v in vectors.values():
            if not v:
                v.append(const(0))
        return vectors, schedule_maps(units, vectors, model.param_names)

    vectors, maps = build()
    if tile:
        for b in bands:
            _decide_tiling(model, by_name, maps, b, tile_sizes, report, caches, rows)
    if rows and not any(len(b.tiled) >= 2 for b in bands):
        report.reason = "no band of two or more loops is tiled (rows: time tiles or nothing)"
        return report
    split = [b for b in bands if rows and len(b.units) > 1 and b.leaf]
    for b in split:
        b.split_inner = True
    if any(b.sizes for b in bands) or split:
        vectors, maps = build()
    verdict = check(model, units, maps, "apply the automatic schedule")
    if split and not verdict.ok:
        for b in split:
            b.split_inner = False
        report.remarks.append("innermost loops kept fused: a dependence orders the statements otherwise")
        vectors, maps = build()
        verdict = check(model, units, maps, "apply the automatic schedule")
    elif split:
        for b in split:
            order = ", ".join(sorted(b.units, key=_order))
            report.remarks.append(
                f"band {_band_label(b, by_name)}: one innermost loop per statement ({order}), each vectorizable"
            )
    report.verdict = verdict
    if not verdict.ok:
        report.reason = f"isl's schedule fails the exact check: {verdict.reason}"
        return report
    waves: list[Band] = []
    if parallel:
        deps = unit_dependences(model, units)
        _mark_parallel(units, deps, maps, bands, report)
        if wavefront:
            maps, waves = _wavefronts(model, units, deps, maps, bands, report)
        for b in bands:
            if b.parallel_dim is None and not any(a.parallel_dim is not None for a in _ancestors(b)):
                report.remarks.append(
                    f"band {_band_label(b, by_name)}: no parallel loop (each loop carries a dependence)"
                )
    where: list[Operation] = []
    for u in units:
        n = nest_of(model, u)
        if n not in where:
            where.append(n)
    top = model.func.regions[0].blocks[0].operations
    where.sort(key=top.index)
    marked = [b for b in bands if b.parallel_dim is not None]

    def is_parallel(k: int, names: frozenset[str]) -> bool:
        return any(b.parallel_dim == k and names <= set(b.units) for b in marked)

    length = max(len(v) for v in vectors.values())
    origins = origins_from_vectors(units, vectors)
    for b in waves:
        for unit in b.units:
            first = origins[unit][b.start]
            if first is not None:
                origins[unit][b.start] = (first[0] + "_wave", first[1])
    try:
        report.new_ops = regenerate(
            model,
            units,
            maps,
            where,
            origins,
            is_parallel if marked else None,
            separate=SEPARATE(length),
        )
    except CodegenError as e:
        report.reason = f"code generation failed: {e}"
        return report
    report.ok = True
    return report


def _names(u: Unit) -> list[str]:
    return [loop_name(lp) for lp in u.loops]


def _describe_schedule(report: Report, units: Sequence[Unit], bands: list[Band]) -> None:
    by_name = {u.name: u for u in units}
    for b in bands:
        rows = []
        skewed = False
        for n in b.units:
            u = by_name[n]
            exprs = [m[n] for m in b.members]
            skewed |= any(sum(e.is_function_of_dim(k) for k in range(len(u.loops))) > 1 for e in exprs)
            rows.append(f"{n} ({', '.join(_names(u))}) -> ({', '.join(e.to_string(_names(u)) for e in exprs)})")
        kind = "permutable" if b.permutable else "not permutable"
        what = "skewed band" if skewed else "band"
        b.notes.append(what)
        report.remarks.append(f"{what} of {b.depth} loop{'s' if b.depth != 1 else ''} ({kind}): " + "; ".join(rows))


def _band_label(b: Band, units: dict[str, Unit]) -> str:
    """The band's loops named after the source loops their schedules use
    last, a name not taken by an earlier member preferred."""
    out: list[str] = []
    for m in b.members:
        names = []
        for n in b.units:
            u = units[n]
            k = innermost_dim(m[n], len(u.loops))
            if k is not None:
                names.append(loop_name(u.loops[k]))
        fresh = [x for x in names if x not in out]
        out.append(fresh[0] if fresh else names[0] if names else "?")
    return "(" + ", ".join(out) + ")"


def _decide_tiling(
    model: PolyhedralModel,
    units: dict[str, Unit],
    maps: dict[str, isl.Map],
    b: Band,
    tile_sizes: Sequence[int] | None,
    report: Report,
    caches: CacheSizes | None = None,
    inner_untiled: bool = False,
) -> None:
    label = _band_label(b, units)
    if not b.permutable or b.depth < 2:
        why = "not permutable" if not b.permutable else "a single loop"
        report.remarks.append(f"band {label}: not tiled ({why})")
        return
    if tile_sizes:
        b.sizes = [tile_sizes[min(k, len(tile_sizes) - 1)] for k in range(b.depth)]
        report.remarks.append(f"band {label}: tiled {'x'.join(map(str, b.sizes))} (sizes given)")
        return
    sizes, why = choose_sizes(model, units, maps, b, caches, inner_untiled)
    if sizes is None:
        report.remarks.append(f"band {label}: not tiled ({why})")
        return
    b.sizes = sizes
    report.remarks.append(f"band {label}: tiled {'x'.join(map(str, sizes))}: {why}")


def _mark_parallel(
    units: Sequence[Unit], deps: list[UnitDep], maps: dict[str, isl.Map], bands: list[Band], report: Report
) -> None:
    by_name = {u.name: u for u in units}
    for b in bands:
        if any(a.parallel_dim is not None for a in _ancestors(b)):
            continue
        inside = set(b.units)
        mine = [d for d in deps if d.src in inside and d.dst in inside]
        label = _band_label(b, by_name)
        # A split band's statement order and innermost loops are no
        # candidates: the one is no loop, the others are the vector loops.
        for k in range(b.start, b.start + b.width - 2 * int(b.split_inner)):
            if not any(ib.carried_at(d.relation, maps[d.src], maps[d.dst], k) for d in mine):
                b.parallel_dim = k
                break
        if b.parallel_dim is not None:
            j = b.parallel_dim - b.start
            tiles = b.tiled
            tiled = j < len(tiles)
            member = tiles[j] if tiled else j - len(tiles)
            name = label.strip("()").split(", ")[member] + ("_tile" if tiled else "")
            report.remarks.append(
                f"band {label}: loop {name} is parallel (affine.parallel): no dependence is carried by it"
            )


def _wavefronts(
    model: PolyhedralModel,
    units: Sequence[Unit],
    deps: list[UnitDep],
    maps: dict[str, isl.Map],
    bands: list[Band],
    report: Report,
) -> tuple[dict[str, isl.Map], list[Band]]:
    """Wavefronts of tiles: in a tiled band whose tile loops all carry
    dependences (a time-tiled stencil), the first tile loop becomes the sum
    of the first two (tiles on one anti-diagonal hyperplane depend on none
    of each other in a permutable band), so the second tile loop runs in
    parallel. Each wavefront is kept only if the exact check of every
    dependence passes and the second tile loop is then proved parallel."""
    by_name = {u.name: u for u in units}
    waves: list[Band] = []
    for b in bands:
        if len(b.tiled) < 2 or not b.permutable or any(a.parallel_dim is not None for a in _ancestors(b)):
            continue
        if b.parallel_dim is not None and b.parallel_dim < b.start + len(b.tiled):
            continue  # a tile loop is parallel already
        k = b.start
        inside = set(b.units)
        new = {n: ib.skew_out(m, k, k + 1) if n in inside else m for n, m in maps.items()}
        if not check(model, units, new, "run tiles in wavefronts").ok:
            continue
        mine = [d for d in deps if d.src in inside and d.dst in inside]
        if any(ib.carried_at(d.relation, new[d.src], new[d.dst], k + 1) for d in mine):
            continue
        label = _band_label(b, by_name).strip("()").split(", ")
        first, second = label[b.tiled[0]], label[b.tiled[1]]
        report.remarks.append(
            f"band ({', '.join(label)}): tiles run in wavefronts (loop {first}_tile_wave = {first}_tile + "
            f"{second}_tile); loop {second}_tile is parallel (affine.parallel): the tiles of one wavefront "
            "depend on none of each other"
        )
        b.parallel_dim = k + 1
        maps = new
        waves.append(b)
    return maps, waves


def _ancestors(b: Band) -> list[Band]:
    out = []
    p = b.parent
    while p is not None:
        out.append(p)
        p = p.parent
    return out


# -- the pass --------------------------------------------------------------------------------


@register_pass
@dataclass(frozen=True)
class PolymlirOptimize(FunctionPass):
    """Pluto-style automatic schedule (isl's scheduler), tiling and
    parallelization of every function; remarks say what was done."""

    name: ClassVar[str] = "polymlir-optimize"
    summary: ClassVar[str] = "automatic schedule with isl: skew, tile, parallelize"
    tile_sizes: tuple[int, ...] = ()
    parallel: bool = True
    wavefront: bool = True

    def __post_init__(self) -> None:
        if any(s < 0 for s in self.tile_sizes) or (self.tile_sizes and not any(self.tile_sizes)):
            raise ValueError(f"tile-sizes must be positive (0: that loop untiled), got {list(self.tile_sizes)}")

    def run(self, func: Operation, ctx: PassContext) -> None:
        if not (func.regions and func.regions[0].blocks):
            return  # a declaration
        model = analyze(func)
        if not model.loops:
            return
        at = model.loops[0].op.loc
        report = optimize(model, tuple(self.tile_sizes) or None, self.parallel, wavefront=self.wavefront)
        for r in report.remarks:
            ctx.remark(at, r)
        if not report.ok:
            ctx.remark(at, f"not optimized: {report.reason}")
