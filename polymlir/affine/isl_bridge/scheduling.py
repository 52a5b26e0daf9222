"""Scheduling with isl: schedule constraints and the automatic (Pluto-style)
scheduler under a time limit, schedule trees, schedule expressions, and the
relation helpers transformations build schedules with."""

from __future__ import annotations

import os
import select
import signal
import time
from collections.abc import Sequence
from dataclasses import dataclass  # noqa: E402

import islpy as isl

from polymlir.ir.affine_expr import (
    AffineExpr,
)

from .conversions import (
    DIM_IN,
    DIM_OUT,
    DIM_PARAM,
    DIM_SET,
    IslBridgeError,
    _integer,
    _isl_errors,
    _val,
    aff_to_expr,
    dim_name,
    isl_context,
    pw_aff_to_expr,
)
from .relations import map_list, union_map, union_set, violation_sample


@_isl_errors
def schedule_problem(m: isl.Map, domain: isl.Set) -> str | None:
    """Why ``m`` is not a usable schedule of ``domain`` (not defined on every
    instance, not a function, or mapping two instances to one time), or None."""
    if not domain.is_subset(m.domain()):
        missing = domain.subtract(m.domain())
        return f"does not schedule every instance (e.g. {_point_text(missing)})"
    m = m.intersect_domain(domain)
    if not m.is_single_valued():
        return "maps an instance to several times"
    if not m.is_injective():
        pair = m.apply_range(m.reverse()).subtract(isl.Map.identity(m.apply_range(m.reverse()).get_space()))
        sample = violation_sample(pair)
        ex = f" (e.g. instances {sample[0]} and {sample[1]})" if sample else ""
        return f"is not injective: two instances run at the same time{ex}"
    return None


def _point_text(s: isl.Set) -> str:
    pt = s.sample_point()
    if pt.is_void():
        return "?"
    n = s.dim(DIM_SET)
    return str(tuple(_integer(pt.get_coordinate_val(DIM_SET, k)) for k in range(n)))


@_isl_errors
def statement_maps(umap: isl.UnionMap) -> dict[str, isl.Map]:
    """The maps of a union map by their input tuple name."""
    return {m.get_tuple_name(DIM_IN): m for m in map_list(umap)}


@_isl_errors
def rename_params(m: isl.Map, names: dict[str, str]) -> isl.Map:
    """``m`` with parameters renamed (``names``: old -> new)."""
    for k in range(m.dim(DIM_PARAM)):
        old = m.get_dim_name(DIM_PARAM, k)
        if old in names:
            m = m.set_dim_name(DIM_PARAM, k, names[old])
    return m


def param_names(obj: isl.Map | isl.Set) -> list[str]:
    return [dim_name(obj, DIM_PARAM, k) for k in range(obj.dim(DIM_PARAM))]


def n_in(m: isl.Map) -> int:
    return m.dim(DIM_IN)


@_isl_errors
def prefix_out(m: isl.Map, values: Sequence[int]) -> isl.Map:
    """``m`` with the constants ``values`` put before its outputs."""
    name = m.get_tuple_name(DIM_IN) if m.has_tuple_name(DIM_IN) else None
    universe = isl.Set.universe(m.domain().get_space())
    head = isl.Map.from_domain(universe)
    for v in values:
        head = head.flat_range_product(isl.Map.from_pw_aff(isl.PwAff.val_on_domain(universe, _val(m.get_ctx(), v))))
    out = head.intersect_domain(m.domain()).flat_range_product(m)
    return out.set_tuple_name(DIM_IN, name) if name else out


@_isl_errors
def skew_out(m: isl.Map, k: int, j: int) -> isl.Map:
    """``m`` with its output ``k`` replaced by output ``k`` plus output ``j``
    (a unimodular skew of the time space; a wavefront over two tile loops
    when k and j are their dimensions)."""
    n = m.dim(DIM_OUT)
    if not (0 <= k < n and 0 <= j < n and k != j):
        raise IslBridgeError(f"cannot skew output {k} by output {j} of a {n}-dimensional schedule")
    names = [f"o{x}" for x in range(n)]
    image = [f"o{k} + o{j}" if x == k else names[x] for x in range(n)]
    w = isl.Map(f"{{ [{', '.join(names)}] -> [{', '.join(image)}] }}", context=m.get_ctx())
    name = m.get_tuple_name(DIM_IN) if m.has_tuple_name(DIM_IN) else None
    out = m.apply_range(w)
    return out.set_tuple_name(DIM_IN, name) if name else out


@_isl_errors
def unit_dependence(rel: isl.Map, src_proj: isl.Map, dst_proj: isl.Map, same_unit: bool) -> isl.Map:
    """A dependence between access statements lifted to units: ``src_proj``
    and ``dst_proj`` map unit instances to their member's instances; pairs
    of one unit instance with itself (its loads run before its store) are
    dropped."""
    r = src_proj.apply_range(rel).apply_range(dst_proj.reverse())
    if same_unit:
        r = r.subtract(isl.Map.identity(r.get_space()))
    return r.coalesce()


def is_empty(obj: isl.Map | isl.Set) -> bool:
    return obj.is_empty()


@_isl_errors
def carried_at(rel: isl.Map, src_sched: isl.Map, dst_sched: isl.Map, k: int) -> bool:
    """Whether the dependence ``rel`` links two instances whose times agree
    before dimension ``k`` and differ at it (it is carried by a loop at k)."""
    times = rel.apply_domain(src_sched).apply_range(dst_sched)
    times = times.reset_tuple_id(DIM_IN).reset_tuple_id(DIM_OUT)
    same = isl.Map.universe(times.get_space())
    for j in range(k):
        same = same.equate(DIM_IN, j, DIM_OUT, j)
    differ = same.order_lt(DIM_IN, k, DIM_OUT, k).union(same.order_gt(DIM_IN, k, DIM_OUT, k))
    return not times.intersect(differ).is_empty()


@dataclass
class SchedBand:
    """A band of the scheduler's tree: ``members[k][unit]`` is member k's
    schedule of ``unit`` as an AffineExpr over the unit's dims and params."""

    members: list[dict[str, AffineExpr]]
    permutable: bool
    coincident: list[bool]
    child: SchedTree


@dataclass
class SchedSequence:
    """Children run one after the other (``ordered``) or in any order (a
    ``set`` node); each child covers the units named in ``filters[k]``."""

    filters: list[set[str]]
    children: list[SchedTree]
    ordered: bool


@dataclass
class SchedLeaf:
    pass


SchedTree = SchedBand | SchedSequence | SchedLeaf


SCHEDULER_SECONDS = 10.0


def _compute_with_time_limit(sc: isl.ScheduleConstraints, seconds: float) -> isl.Schedule | None:
    """``sc.compute_schedule()``, given up after ``seconds``. isl's scheduler
    can search for a very long time on unusual dependence patterns and
    cannot be interrupted from Python, so it runs in a forked child that
    sends the schedule back as text (where fork is unavailable: in-process)."""
    if not hasattr(os, "fork"):
        return sc.compute_schedule()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: compute, write, exit without cleanup handlers
        try:
            os.close(read_fd)
            sched = sc.compute_schedule()
            data = (sched.to_str() if sched is not None else "").encode()
            with os.fdopen(write_fd, "wb") as out:
                out.write(data)
            os._exit(0)
        except BaseException:  # noqa: BLE001 - the parent reports the failure
            os._exit(1)
    os.close(write_fd)
    chunks: list[bytes] = []
    deadline = time.monotonic() + seconds
    try:
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([read_fd], [], [], max(0.0, left))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                raise IslBridgeError(f"isl's scheduler did not finish within {seconds:g} s")
            chunk = os.read(read_fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_fd)
        _, status = os.waitpid(pid, 0)
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) != 0:
        raise IslBridgeError("isl's scheduler failed")
    text = b"".join(chunks).decode()
    return isl.Schedule.read_from_str(sc.get_ctx(), text) if text else None


@_isl_errors
def compute_schedule(domains: Sequence[isl.Set], deps: Sequence[isl.Map], params: Sequence[str]) -> SchedTree:
    """isl's Pluto-like schedule (validity and proximity from ``deps``,
    coincidence to expose parallel loops) as a plain tree."""
    dom = union_set(domains)
    dep = union_map(deps)
    sc = isl.ScheduleConstraints.on_domain(dom).set_validity(dep).set_proximity(dep).set_coincidence(dep)
    sched = _compute_with_time_limit(sc, SCHEDULER_SECONDS)
    if sched is None:
        raise IslBridgeError("isl's scheduler found no schedule")
    spaces = {d.get_tuple_name(): d for d in domains}
    return _sched_tree(sched.get_root(), spaces, params)


def _union_names(us: isl.UnionSet) -> set[str]:
    out: set[str] = set()
    us.foreach_set(lambda s: out.add(s.get_tuple_name()))
    return out


def _sched_tree(node: isl.ScheduleNode, spaces: dict[str, isl.Set], params: Sequence[str]) -> SchedTree:
    t = node.get_type()
    if t in (
        isl.schedule_node_type.domain,
        isl.schedule_node_type.filter,
        isl.schedule_node_type.mark,
        isl.schedule_node_type.context,
        isl.schedule_node_type.guard,
    ):
        return _sched_tree(node.child(0), spaces, params) if node.n_children() else SchedLeaf()
    if t == isl.schedule_node_type.leaf:
        return SchedLeaf()
    if t == isl.schedule_node_type.band:
        mupa = node.band_get_partial_schedule()
        dom = node.get_domain()
        names = _union_names(dom)
        members: list[dict[str, AffineExpr]] = []
        for k in range(node.band_n_member()):
            upa = mupa.get_union_pw_aff(k)
            per: dict[str, AffineExpr] = {}
            for name in names:
                d = spaces[name]
                pa = upa.extract_pw_aff(_pw_space(d)).gist(d).coalesce()
                per[name] = pw_aff_to_expr(pa, params)
            members.append(per)
        return SchedBand(
            members,
            bool(node.band_get_permutable()),
            [bool(node.band_member_get_coincident(k)) for k in range(node.band_n_member())],
            _sched_tree(node.child(0), spaces, params),
        )
    if t in (isl.schedule_node_type.sequence, isl.schedule_node_type.set):
        filters: list[set[str]] = []
        children: list[SchedTree] = []
        for k in range(node.n_children()):
            c = node.child(k)
            filters.append(_union_names(c.filter_get_filter()))
            children.append(_sched_tree(c, spaces, params))
        return SchedSequence(filters, children, t == isl.schedule_node_type.sequence)
    raise IslBridgeError(f"isl schedule tree node of type {t} is not supported")


def _pw_space(d: isl.Set) -> isl.Space:
    """The space of a PwAff on ``d``'s space (one unnamed output)."""
    return isl.Space.from_domain(d.get_space()).add_dims(DIM_OUT, 1)


@_isl_errors
def tile_footprint(
    maps: dict[str, isl.Map],
    members: dict[str, list[tuple[isl.Map, list[isl.Map]]]],
    band_start: int,
    sizes: Sequence[int],
    param_values: dict[str, int],
) -> dict[str, list[int]]:
    """The bounding box of the array elements one tile touches, per array.

    ``maps`` are the units' untiled schedules (one output length); the band
    spans outputs ``band_start .. band_start + len(sizes)``. ``members[u]``
    lists, for unit ``u``, (projection of the unit's instances to a
    member's, the member's access relations). The tile is taken in the middle of the
    schedule's image: earlier outputs fixed at their middle value, band
    outputs in ``[mid - size/2, mid - size/2 + size)``, a size of 0 spanning its
    output (an untiled member). Parameters are fixed
    to ``param_values``. Returns array -> extent per array dimension."""
    fixed = _fix_params(maps, param_values)
    img = _image(fixed)
    if img is None:
        return {}
    box = img
    for k in range(band_start):
        lo, hi = _bounds(box, k)
        box = box.fix_val(DIM_SET, k, _val(isl_context(), (lo + hi) // 2))
    tile = box
    for j, size in enumerate(sizes):
        if not size:
            continue  # an untiled member: the tile spans it
        k = band_start + j
        lo, hi = _bounds(box, k)
        start = (lo + hi) // 2 - size // 2
        ls = isl.LocalSpace.from_space(tile.get_space())
        v = isl.Aff.var_on_domain(ls, DIM_SET, k)
        tile = tile.intersect(v.ge_set(isl.Aff.zero_on_domain(ls).add_constant_val(_val(isl_context(), start))))
        tile = tile.intersect(v.lt_set(isl.Aff.zero_on_domain(ls).add_constant_val(_val(isl_context(), start + size))))
    out: dict[str, list[tuple[int, int]]] = {}
    for name, m in fixed.items():
        inst = m.intersect_range(_retuple(tile, m)).domain()
        for proj, accesses in members.get(name, []):
            sub = inst.apply(proj)
            for acc in accesses:
                arr = acc.get_tuple_name(DIM_OUT)
                elems = sub.apply(acc)
                if elems.is_empty():
                    continue
                bounds = [_bounds(elems, k) for k in range(elems.dim(DIM_SET))]
                old = out.get(arr)
                out[arr] = (
                    bounds
                    if old is None
                    else [(min(a[0], b[0]), max(a[1], b[1])) for a, b in zip(old, bounds, strict=False)]
                )
    return {a: [hi - lo + 1 for lo, hi in bs] for a, bs in out.items()}


def _fix_params(maps: dict[str, isl.Map], param_values: dict[str, int]) -> dict[str, isl.Map]:
    fixed = {}
    for name, m in maps.items():
        for k in range(m.dim(DIM_PARAM)):
            p = m.get_dim_name(DIM_PARAM, k)
            if p in param_values:
                m = m.fix_val(DIM_PARAM, k, _val(isl_context(), param_values[p]))
        fixed[name] = m
    return fixed


def _image(fixed: dict[str, isl.Map]) -> isl.Set | None:
    """The union of the schedules' images, one set."""
    if not fixed:
        return None
    image = union_set([m.range().reset_tuple_id() for m in fixed.values()])
    return isl.Set.from_union_set(image) if image.n_set() == 1 else _merge_sets(image)


@_isl_errors
def schedule_extent(maps: dict[str, isl.Map], k: int, param_values: dict[str, int]) -> int:
    """How many values output ``k`` of the schedules ``maps`` takes from
    its least to its largest (parameters fixed to ``param_values``)."""
    img = _image(_fix_params(maps, param_values))
    if img is None:
        return 0
    lo, hi = _bounds(img, k)
    return hi - lo + 1


def _merge_sets(us: isl.UnionSet) -> isl.Set:
    result = None
    for s in _set_list(us):
        s = s.reset_tuple_id()
        result = s if result is None else result.union(s)
    assert result is not None
    return result


def _set_list(us: isl.UnionSet) -> list[isl.Set]:
    out: list[isl.Set] = []
    us.foreach_set(out.append)
    return out


def _retuple(s: isl.Set, m: isl.Map) -> isl.Set:
    return s.reset_tuple_id() if not m.has_tuple_id(DIM_OUT) else s.set_tuple_id(m.get_tuple_id(DIM_OUT))


def _bounds(s: isl.Set, k: int) -> tuple[int, int]:
    """Min and max of set dim ``k`` over all parameter values (the callers
    fix the parameters, so they are constants)."""
    lo, hi = s.dim_min_val(k), s.dim_max_val(k)
    if not (lo.is_int() and hi.is_int()):
        raise IslBridgeError(f"dimension {k} of {s} is unbounded")
    return _integer(lo), _integer(hi)


@_isl_errors
def adopt_schedule(m: isl.Map, domain: isl.Set, renames: dict[str, str]) -> isl.Map:
    """A user-written schedule map made to fit ``domain``: parameters
    renamed (``renames``: written name -> the model's), aligned with the
    domain's, input tuple named as the domain and restricted to it."""
    m = rename_params(m, renames)
    m = m.align_params(domain.get_space()).set_tuple_name(DIM_IN, domain.get_tuple_name())
    for k in range(m.dim(DIM_IN)):
        m = m.set_dim_name(DIM_IN, k, dim_name(domain, DIM_SET, k))
    return m.intersect_domain(domain.align_params(m.get_space()))


@_isl_errors
def schedule_exprs(m: isl.Map, domain: isl.Set, params: Sequence[str]) -> list[AffineExpr] | None:
    """The outputs of ``m`` on ``domain`` as AffineExprs over the domain's
    dims and ``params`` when ``m`` is one affine function there (else None)."""
    pma = m.intersect_domain(domain).gist_domain(domain).as_pw_multi_aff()
    pieces: list[isl.MultiAff] = []
    pma.foreach_piece(lambda _s, ma: pieces.append(ma))
    if len(pieces) != 1:
        return None
    ma = pieces[0]
    out: list[AffineExpr] = []
    for k in range(ma.dim(DIM_OUT)):
        try:
            out.append(aff_to_expr(ma.get_at(k), params))
        except IslBridgeError:
            return None
    return out


@_isl_errors
def direct_dependences(reads: isl.UnionMap, writes: isl.UnionMap, schedule: isl.UnionMap) -> list[isl.Map]:
    """The dependences between consecutive accesses to an element: each
    read's last writer, and each write's previous write and the reads since
    it. Every memory dependence is a chain of these, so a schedule that
    keeps them keeps all (what a scheduler needs, far smaller than the
    transitive memory dependences)."""
    flow = isl.UnionAccessInfo.from_sink(reads).set_must_source(writes).set_schedule_map(schedule)
    rest = (
        isl.UnionAccessInfo.from_sink(writes).set_must_source(writes).set_may_source(reads).set_schedule_map(schedule)
    )
    out = flow.compute_flow().get_must_dependence().union(rest.compute_flow().get_may_dependence())
    return map_list(out)


@_isl_errors
def lift_dependence(rel: isl.Map, src_proj: isl.Map, dst_proj: isl.Map, same_unit: bool) -> isl.Map:
    """Like unit_dependence, without coalescing: a union of simple (often
    uniform) pieces keeps isl's scheduler fast where their hull would not."""
    r = src_proj.apply_range(rel).apply_range(dst_proj.reverse())
    if same_unit:
        r = r.subtract(isl.Map.identity(r.get_space()))
    return r


def range_tuple_name(m: isl.Map) -> str:
    return m.get_tuple_name(DIM_OUT)


@_isl_errors
def count_points(s: isl.Set) -> int | None:
    """The number of integer points of a bounded, parameter-free set (None
    when it has parameters or is unbounded)."""
    if s.dim(DIM_PARAM) or not s.is_bounded():
        return None
    return _integer(s.count_val())


@_isl_errors
def accessed_elements(relations: Sequence[isl.Map]) -> isl.Set | None:
    """The union of the images of ``relations`` (all to one array)."""
    out = None
    for r in relations:
        img = r.range()
        out = img if out is None else out.union(img)
    return out.coalesce() if out is not None else None
