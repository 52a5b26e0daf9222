"""Exact comparison of two programs' dataflow, for transformations that
recompute or move statement instances (slice-based fusion).

The transformed program's statement instances each stand for an instance
of the original (``phi``: ``T[...] -> S[...]``). The programs compute the
same iff every read of the transformed program gets its value from an
instance standing for the write the original read got its value from (or,
where the original read memory no write of the program had touched, reads
that same cell untouched), and the memory left behind is the same: a final
read of every cell written, after everything, sees the same write. Since
each statement computes its value from its reads alone, by induction every
value written and read agrees.
"""

from __future__ import annotations

from collections.abc import Sequence

import islpy as isl

from .conversions import DIM_IN, DIM_OUT, DIM_PARAM, _isl_errors, isl_context
from .relations import compute_flow, map_list


@_isl_errors
def instance_map(dom: isl.Set, target: str, positions: Sequence[int]) -> isl.Map:
    """``T[x] -> target[y]`` on ``dom`` (a ``T`` set) with ``y_j = x_{positions[j]}``."""
    n = len(positions)
    space = isl.Space.create_from_names(
        isl_context(),
        in_=[dom.get_dim_name(isl.dim_type.set, k) or f"x{k}" for k in range(dom.dim(isl.dim_type.set))],
        out=[f"y{j}" for j in range(n)],
        params=[dom.get_dim_name(DIM_PARAM, k) or f"p{k}" for k in range(dom.dim(DIM_PARAM))],
    )
    space = space.set_tuple_name(DIM_IN, dom.get_tuple_name()).set_tuple_name(DIM_OUT, target)
    m = isl.Map.universe(space)
    for j, p in enumerate(positions):
        con = isl.Constraint.equality_alloc(isl.LocalSpace.from_space(m.get_space()))
        m = m.add_constraint(con.set_coefficient_val(DIM_IN, p, 1).set_coefficient_val(DIM_OUT, j, -1))
    return m.intersect_domain(dom)


def rename_tuple(obj: isl.Map, which: isl.dim_type, names: dict[str, str]) -> isl.Map:
    name = obj.get_tuple_name(which)
    return obj.set_tuple_name(which, names[name]) if name in names else obj


def _union(maps: Sequence[isl.Map]) -> isl.UnionMap:
    um = isl.UnionMap.empty(isl.Space.params_alloc(isl_context(), 0))
    for m in maps:
        um = um.union(isl.UnionMap.from_map(m))
    return um


def _final_reads(
    writes: Sequence[isl.Map], arrays: Sequence[str], sched_len: int, last: int
) -> tuple[list[isl.Map], list[isl.Map]]:
    """A read of every cell of ``arrays`` that ``writes`` touch, scheduled
    after everything: (read relations, schedules)."""
    reads, scheds = [], []
    for arr in arrays:
        cells = None
        for w in writes:
            if w.get_tuple_name(DIM_OUT) != arr:
                continue
            c = w.range()
            cells = c if cells is None else cells.union(c)
        if cells is None:
            continue
        name = f"Fin_{arr}"
        fin = cells.set_tuple_name(name)
        reads.append(
            isl.Map.identity(fin.get_space().map_from_set()).intersect_domain(fin).set_tuple_name(DIM_OUT, arr)
        )
        n = fin.dim(isl.dim_type.set)
        parts = ", ".join(f"c{k}" for k in range(n))
        tail = ", ".join(["0"] * (sched_len - 1))
        params = ", ".join(fin.get_dim_name(DIM_PARAM, k) or f"p{k}" for k in range(fin.dim(DIM_PARAM)))
        text = f"[{params}] -> {{ {name}[{parts}] -> [{last}{', ' + tail if tail else ''}] }}"
        scheds.append(isl.Map.read_from_str(isl_context(), text).intersect_domain(fin))
    return reads, scheds


@_isl_errors
def compare_dataflow(
    reads0: Sequence[isl.Map],
    writes0: Sequence[isl.Map],
    sched0: Sequence[isl.Map],
    reads1: Sequence[isl.Map],
    writes1: Sequence[isl.Map],
    sched1: Sequence[isl.Map],
    phi: Sequence[isl.Map],
    observable: Sequence[str],
    private: Sequence[str],
    uninitialized: Sequence[str] = (),
) -> str | None:
    """None when the transformed program (``*1``, its instances mapped to
    the original's by ``phi``) computes what the original (``*0``) does;
    else the first difference found. ``observable`` arrays must end with
    the same contents; ``private`` arrays are new in the transformed
    program. A read of an ``uninitialized`` array (an allocation) that no
    write of the original precedes reads an indeterminate value: the
    transformed program may give it any value. Every map's statements and
    arrays are named consistently (arrays by the same names in both
    programs)."""
    len0 = sched0[0].dim(DIM_OUT) if sched0 else 1
    len1 = sched1[0].dim(DIM_OUT) if sched1 else 1
    last = 1 + max([_max_first(s) for s in [*sched0, *sched1]] or [0])
    all_writes = [*writes0, *writes1]
    fr0, fs0 = _final_reads(all_writes, observable, len0, last)
    fr1, fs1 = _final_reads(all_writes, observable, len1, last)
    r0, r1 = _union([*reads0, *fr0]), _union([*reads1, *fr1])
    w0, w1 = _union(writes0), _union(writes1)
    # no operations budget: there is no other way to this relation here
    flow0 = compute_flow(r0, w0, _union([*sched0, *fs0]), 0) if not w0.is_empty() else None
    flow1 = compute_flow(r1, w1, _union([*sched1, *fs1]), 0) if not w1.is_empty() else None
    fin_ids = [
        isl.UnionMap.from_map(isl.Map.identity(m.domain().get_space().map_from_set()).intersect_domain(m.domain()))
        for m in fr1
    ]
    ph = _union(phi)
    for f in fin_ids:
        ph = ph.union(f)
    empty = isl.UnionMap.empty(isl.Space.params_alloc(isl_context(), 0))
    f0 = flow0 if flow0 is not None else empty
    f1 = flow1 if flow1 is not None else empty
    undef0 = isl.UnionSet.empty(isl.Space.params_alloc(isl_context(), 0))
    for m in map_list(r0):
        if m.get_tuple_name(DIM_OUT) in uninitialized:
            undef0 = undef0.union(isl.UnionSet.from_set(m.domain()))
    undef0 = undef0.subtract(f0.range())
    mapped = f1.apply_domain(ph).apply_range(ph).subtract_range(undef0)
    if not mapped.is_subset(f0):
        return _describe(mapped.subtract(f0), "reads a value written by a different instance")
    sinks1 = r1.domain()
    no_src1 = sinks1.subtract(f1.range())
    if not no_src1.apply(ph).intersect(f0.range()).is_empty():
        return _describe_set(no_src1.apply(ph).intersect(f0.range()), "misses the write it depends on")
    defined1 = no_src1.subtract(undef0.apply(ph.reverse()))
    unread = r1.intersect_domain(defined1)
    for m in map_list(unread):
        if m.get_tuple_name(DIM_OUT) in private:
            return f"a read of a private buffer ({m.get_tuple_name(DIM_IN)}) would see no write"
    if not unread.is_subset(ph.apply_range(r0)):
        return "a read of memory no write touched would read another cell"
    return None


def _max_first(m: isl.Map) -> int:
    v = m.range().dim_max(0).max_val() if not m.is_empty() else None
    if v is None or not v.is_int():
        return 0
    return int(v.to_python())


def _describe(um: isl.UnionMap, what: str) -> str:
    for m in map_list(um):
        sample = m.sample()
        return f"{m.get_tuple_name(DIM_OUT)} {what} ({sample})"
    return what


def _describe_set(us: isl.UnionSet, what: str) -> str:
    sets: list[isl.Set] = []
    us.foreach_set(sets.append)
    for s in sets:
        return f"{s.get_tuple_name()} {what}"
    return what
