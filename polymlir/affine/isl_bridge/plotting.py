"""Points, polygons and relations of small parametric sets, for the schedule plots (polymlir/plot)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import islpy as isl

from .conversions import (
    DIM_IN,
    DIM_OUT,
    DIM_PARAM,
    DIM_SET,
    IslBridgeError,
    _integer,
    _isl_errors,
    _rational,
    _val,
    isl_context,
)
from .scheduling import _bounds

_SetOrMap = TypeVar("_SetOrMap", isl.Set, isl.Map)


def _fix_params(obj: _SetOrMap, values: dict[str, int]) -> _SetOrMap:
    """``obj`` with each parameter fixed to ``values[name]``, then dropped."""
    for k in range(obj.dim(DIM_PARAM)):
        name = obj.get_dim_name(DIM_PARAM, k)
        if name not in values:
            raise IslBridgeError(f"no value given for parameter {name}")
        obj = obj.fix_val(DIM_PARAM, k, _val(isl_context(), values[name]))
    return obj.project_out(DIM_PARAM, 0, obj.dim(DIM_PARAM))


def _keep_map(space: isl.Space, keep: Sequence[int]) -> isl.Map:
    """``{ [x0, ..., xn] -> [x_keep0, x_keep1, ...] }`` on a parameter-free set space."""
    target = isl.Set.universe(isl.Space.set_alloc(space.get_ctx(), 0, len(keep)))
    m = isl.Map.from_domain_and_range(isl.Set.universe(space), target)
    for j, k in enumerate(keep):
        m = m.equate(DIM_IN, k, DIM_OUT, j)
    return m


@_isl_errors
def projected_set(s: isl.Set, keep: Sequence[int], values: dict[str, int]) -> isl.Set:
    """``s`` with its parameters fixed to ``values`` (by isl name), projected
    onto its dims ``keep`` (in that order)."""
    fixed = _fix_params(s, values)
    return fixed.apply(_keep_map(fixed.get_space(), keep)).coalesce()


@_isl_errors
def set_points(s: isl.Set) -> list[tuple[int, ...]]:
    """The integer points of a bounded parameter-free set, sorted."""
    pts: list[tuple[int, ...]] = []

    def visit(p: isl.Point) -> None:
        pts.append(tuple(p.get_coordinate_val(DIM_SET, k).to_python() for k in range(p.get_space().dim(DIM_SET))))

    s.foreach_point(visit)
    return sorted(pts)


@_isl_errors
def set_bounds(s: isl.Set) -> list[tuple[int, int]]:
    """(min, max) of each dim of a bounded, parameter-free, non-empty set."""
    return [_bounds(s, k) for k in range(s.dim(DIM_SET))]


@_isl_errors
def outline_polygons(s: isl.Set) -> list[list[tuple[float, ...]]]:
    """The vertices of each convex piece of a parameter-free set (its
    rational hull), one list per piece, in the order isl gives them."""
    out: list[list[tuple[float, ...]]] = []
    for b in s.coalesce().get_basic_sets():
        verts: list[tuple[float, ...]] = []

        # verts is bound as a default: the callback runs within this iteration only.
        def visit(v: isl.Vertex, verts: list[tuple[float, ...]] = verts) -> None:
            ma = v.get_expr()
            verts.append(tuple(float(_rational(ma.get_at(k).get_constant_val())) for k in range(ma.dim(DIM_OUT))))

        isl.Set.from_basic_set(b).polyhedral_hull().compute_vertices().foreach_vertex(visit)
        if verts:
            out.append(verts)
    return out


@_isl_errors
def projected_relation(
    rel: isl.Map, src_keep: Sequence[int], dst_keep: Sequence[int], values: dict[str, int], drop_identity: bool = False
) -> isl.Map:
    """A source -> sink instance relation with its parameters fixed, projected
    onto the source's dims ``src_keep`` and the sink's ``dst_keep``. With
    ``drop_identity`` (source and sink over the same loops) the pairs of one
    instance with itself go first."""
    fixed = _fix_params(rel, values)
    if drop_identity and fixed.dim(DIM_IN) == fixed.dim(DIM_OUT):
        same = fixed
        for k in range(fixed.dim(DIM_IN)):
            same = same.equate(DIM_IN, k, DIM_OUT, k)
        fixed = fixed.subtract(same)
    proj_src = _keep_map(fixed.domain().get_space(), src_keep)
    proj_dst = _keep_map(fixed.range().get_space(), dst_keep)
    return fixed.apply_domain(proj_src).apply_range(proj_dst).coalesce()


def _plot_box(space: isl.Space, lo: Sequence[int], hi: Sequence[int]) -> isl.Set:
    box = isl.Set.universe(space)
    for k, (a, b) in enumerate(zip(lo, hi, strict=True)):
        box = box.lower_bound_val(DIM_SET, k, _val(space.get_ctx(), a)).upper_bound_val(
            DIM_SET, k, _val(space.get_ctx(), b)
        )
    return box


@_isl_errors
def instance_correspondence(
    new_access: isl.Map, new_values: dict[str, int], old_access: isl.Map, old_values: dict[str, int]
) -> isl.Map | None:
    """``{ new instance -> old instance }`` of two statements writing the same
    array, through the element written (parameters fixed, each relation with
    its own values); None when the old write is not one-to-one."""
    new = _fix_params(new_access, new_values)
    old = _fix_params(old_access, old_values)
    if new.dim(DIM_OUT) != old.dim(DIM_OUT) or not old.is_injective():
        return None
    new = new.set_tuple_name(DIM_OUT, "element")
    old = old.set_tuple_name(DIM_OUT, "element")
    return new.apply_range(old.reverse())


def _elements_touched(accesses: Sequence[isl.Map], values: dict[str, int]) -> isl.Map | None:
    """``{ S[instance] -> (element of each access, in order) }`` of accesses
    over one statement's loops (parameters fixed), ``S`` the last access's
    statement; None when their loop counts differ."""
    if not accesses:
        return None
    name = accesses[-1].get_tuple_name(DIM_IN)
    out: isl.Map | None = None
    for a in accesses:
        m = _fix_params(a, values)
        if out is not None and m.dim(DIM_IN) != out.dim(DIM_IN):
            return None
        m = m.set_tuple_name(DIM_IN, name).set_tuple_name(DIM_OUT, "element")
        out = m if out is None else out.flat_range_product(m)
    assert out is not None
    return out.set_tuple_name(DIM_OUT, "elements")


@_isl_errors
def instance_correspondence_by_accesses(
    new_accesses: Sequence[isl.Map],
    new_values: dict[str, int],
    old_accesses: Sequence[isl.Map],
    old_values: dict[str, int],
) -> isl.Map | None:
    """``{ new instance -> old instance }`` of two statements making the same
    accesses (in the same order), through the tuple of elements they touch
    (a product's ``C[i, j]`` written for every ``k`` is told apart by
    ``A[i, k]``), each side named as its last access's statement; None when
    that tuple does not tell the old instances apart."""
    if len(new_accesses) != len(old_accesses) or not old_accesses:
        return None
    new = _elements_touched(new_accesses, new_values)
    old = _elements_touched(old_accesses, old_values)
    if new is None or old is None or new.dim(DIM_OUT) != old.dim(DIM_OUT) or not old.is_injective():
        return None
    return new.apply_range(old.reverse())


@_isl_errors
def instance_correspondence_by_order(
    new_access: isl.Map, new_values: dict[str, int], old_access: isl.Map, old_values: dict[str, int], limit: int
) -> isl.Map | None:
    """``{ new instance -> old instance }`` of a statement writing the same
    array before and after a legal transformation, when the element written
    does not tell the instances apart (an in-place stencil writes ``A[i]`` at
    every time step): the k-th instance writing an element after is the k-th
    one writing it before, in execution order (the lexicographic order of
    the instances). That is exact: the writes of one element are ordered by
    output dependences, which a legal transformation keeps. None when the
    two sides do not have the same instances per element (an unrolled copy
    holds part of them) or hold more than ``limit``."""
    new, old = _fix_params(new_access, new_values), _fix_params(old_access, old_values)
    new_pairs, old_pairs = relation_pairs(new, limit), relation_pairs(old, limit)
    if not new_pairs or old_pairs is None or len(new_pairs) != len(old_pairs):
        return None
    old_by_element: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for inst, elem in old_pairs:
        old_by_element.setdefault(elem, []).append(inst)
    rank: dict[tuple[int, ...], int] = {}
    lines = []
    new_name, old_name = new_access.get_tuple_name(DIM_IN), old_access.get_tuple_name(DIM_IN)
    for inst, elem in new_pairs:
        k = rank.get(elem, 0)
        olds = old_by_element.get(elem, [])
        if k >= len(olds):
            return None
        rank[elem] = k + 1
        lines.append(f"{new_name}[{', '.join(map(str, inst))}] -> {old_name}[{', '.join(map(str, olds[k]))}]")
    if any(rank.get(e, 0) != len(v) for e, v in old_by_element.items()):
        return None
    return isl.Map.read_from_str(new_access.get_ctx(), "{ " + "; ".join(lines) + " }")


@_isl_errors
def reverse_then(corr: isl.Map, m: isl.Map, values: dict[str, int]) -> isl.Map:
    """``corr`` reversed, then ``m`` (parameters of ``m`` fixed to ``values``)."""
    return corr.reverse().apply_range(_fix_params(m, values))


@_isl_errors
def points_in_box(s: isl.Set, lo: Sequence[int], hi: Sequence[int]) -> list[tuple[int, ...]]:
    """The points of a parameter-free set within the box ``lo``..``hi``, sorted."""
    return set_points(s.intersect(_plot_box(s.get_space(), lo, hi)))


@_isl_errors
def relation_pairs(
    m: isl.Map, limit: int, lo: Sequence[int] | None = None, hi: Sequence[int] | None = None
) -> list[tuple[tuple[int, ...], tuple[int, ...]]] | None:
    """The pairs of a bounded parameter-free relation (sources and sinks
    restricted to the box ``lo``..``hi`` when given), sorted; None when
    there are more than ``limit``."""
    if lo is not None and hi is not None:
        m = m.intersect_domain(_plot_box(m.domain().get_space(), lo, hi))
        m = m.intersect_range(_plot_box(m.range().get_space(), lo, hi))
    w = m.wrap()
    if _integer(w.count_val()) > limit:
        return None
    n_in = m.dim(DIM_IN)
    return [(p[:n_in], p[n_in:]) for p in set_points(w)]


@_isl_errors
def skew_makes_nonnegative(deltas: isl.Set, inner: int, outer: int, factor: int) -> bool:
    """Whether ``d[inner] + factor * d[outer] >= 0`` for every distance ``d``."""
    ls = isl.LocalSpace.from_space(deltas.get_space())
    v = isl.Aff.var_on_domain(ls, DIM_SET, inner).add(
        isl.Aff.var_on_domain(ls, DIM_SET, outer).scale_val(_val(deltas.get_ctx(), factor))
    )
    return deltas.intersect(v.lt_set(isl.Aff.zero_on_domain(ls))).is_empty()
