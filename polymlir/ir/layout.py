"""Memref layouts: strides and offset, strided layouts, identity checks.

A ranked memref addresses element ``(i0, ..., in)`` at
``offset + sum(ik * stride_k)`` when its layout is *strided*: the identity
layout (row-major strides), a ``strided<[...], offset: ...>`` attribute, or
an affine map whose single result is such a linear form. Strides and offsets
are ints, ``DYNAMIC`` (upstream's ``ShapedType::kDynamic``) where unknown.

These follow upstream's ``MemRefType::getStridesAndOffset``,
``makeCanonicalStridedLayoutExpr``, ``makeStridedLinearLayoutMap`` and
``canonicalizeStridedLayout``; subview/expand/collapse type inference and
the lowering to LLVM (memref descriptors) build on them.
"""

from __future__ import annotations

from typing import Sequence

from . import attributes as A
from . import types as T
from .types import DYNAMIC

__all__ = [
    "DYNAMIC",
    "canonical_strides",
    "canonicalize_strided_layout",
    "has_identity_layout",
    "has_static_layout",
    "is_last_dim_unit_stride",
    "is_strided",
    "layout_map",
    "make_strided_layout",
    "sat_add",
    "sat_mul",
    "strided_linear_map",
    "strides_and_offset",
]


# -- saturated arithmetic (upstream's SaturatedInteger) ---------------------------


def sat_mul(a: int, b: int) -> int:
    """``a * b`` where DYNAMIC absorbs everything except 0 (``0 * ? == 0``)."""
    if a == 0 or b == 0:
        return 0
    if a == DYNAMIC or b == DYNAMIC:
        return DYNAMIC
    return a * b


def sat_add(a: int, b: int) -> int:
    """``a + b``, DYNAMIC if either is."""
    if a == DYNAMIC or b == DYNAMIC:
        return DYNAMIC
    return a + b


# -- identity ----------------------------------------------------------------------


def _is_identity_map(m) -> bool:
    return m.is_identity()


def has_identity_layout(t: T.MemRefType) -> bool:
    """Upstream's ``getLayout().isIdentity()``: no layout, an identity
    affine map, or a strided layout whose map is the identity (only the
    rank-1 ``strided<[1]>`` with offset 0)."""
    lay = t.layout
    if lay is None:
        return True
    if isinstance(lay, A.AffineMapAttr):
        return _is_identity_map(lay.value)
    if isinstance(lay, A.StridedLayoutAttr):
        return len(lay.strides) == 1 and lay.strides[0] == 1 and lay.offset == 0
    return False


def canonical_strides(shape: Sequence[int]) -> list[int]:
    """Row-major strides of an identity layout. As upstream, every stride
    outside a dynamic or zero-sized dimension is DYNAMIC."""
    strides = [0] * len(shape)
    running = 1
    poisoned = False
    for i in range(len(shape) - 1, -1, -1):
        strides[i] = DYNAMIC if poisoned else running
        d = shape[i]
        if d > 0 and d != DYNAMIC:
            running *= d
        else:
            poisoned = True
    return strides


# -- strides and offset ------------------------------------------------------------


class _NotStrided(Exception):
    pass


def _value(e) -> int:
    """An int for a constant expression, else DYNAMIC (symbolic)."""
    from ..affine.expr import AffineConstantExpr

    return e.value if isinstance(e, AffineConstantExpr) else DYNAMIC


def _extract(e, factor: int, strides: list[int], acc: list[int]) -> None:
    """Upstream's ``extractStrides`` over int-or-DYNAMIC factors; ``acc[0]``
    is the offset."""
    from ..affine.expr import AffineBinaryExpr, AffineConstantExpr, AffineDimExpr, AffineExprKind

    if isinstance(e, AffineDimExpr):
        strides[e.position] = sat_add(strides[e.position], factor)
        return
    if isinstance(e, AffineConstantExpr):
        acc[0] = sat_add(acc[0], sat_mul(e.value, factor))
        return
    if not isinstance(e, AffineBinaryExpr):  # a symbol
        acc[0] = sat_add(acc[0], sat_mul(DYNAMIC, factor))
        return
    k = e.kind
    if k == AffineExprKind.ADD:
        _extract(e.lhs, factor, strides, acc)
        _extract(e.rhs, factor, strides, acc)
        return
    if k != AffineExprKind.MUL:
        raise _NotStrided
    if isinstance(e.lhs, AffineDimExpr):
        p = e.lhs.position
        strides[p] = sat_add(strides[p], sat_mul(_value(e.rhs), factor))
        return
    if e.lhs.is_symbolic_or_constant():
        _extract(e.rhs, sat_mul(_value(e.lhs), factor), strides, acc)
    else:
        _extract(e.lhs, sat_mul(_value(e.rhs), factor), strides, acc)


def strides_and_offset(t: T.Type) -> tuple[list[int], int] | None:
    """``(strides, offset)`` of a ranked memref type, or None when its
    layout is not strided (or ``t`` is not a ranked memref)."""
    if not isinstance(t, T.MemRefType):
        return None
    lay = t.layout
    if isinstance(lay, A.StridedLayoutAttr):
        return list(lay.strides), lay.offset
    if lay is None:
        return canonical_strides(t.shape), 0
    if not isinstance(lay, A.AffineMapAttr):
        return None
    m = lay.value
    if m.is_identity():  # type: ignore[attr-defined]
        return canonical_strides(t.shape), 0
    if m.num_results != 1:  # type: ignore[attr-defined]
        return None
    strides = [0] * t.rank
    acc = [0]
    try:
        _extract(m.results[0], 1, strides, acc)  # type: ignore[attr-defined]
    except _NotStrided:
        return None
    return strides, acc[0]


def is_strided(t: T.Type) -> bool:
    """Whether ``t`` is a ranked memref with a strided layout."""
    return strides_and_offset(t) is not None


def has_static_layout(t: T.MemRefType) -> bool:
    """Strided with static strides and offset."""
    so = strides_and_offset(t)
    return so is not None and DYNAMIC not in so[0] and so[1] != DYNAMIC


def is_last_dim_unit_stride(t: T.Type) -> bool:
    """Strided, and the innermost stride (if any) is 1."""
    so = strides_and_offset(t)
    return so is not None and (not so[0] or so[0][-1] == 1)


def make_strided_layout(strides: Sequence[int], offset: int = 0) -> A.StridedLayoutAttr:
    """``strided<[strides], offset: offset>``."""
    return A.StridedLayoutAttr(tuple(strides), offset)


# -- affine forms --------------------------------------------------------------------


def strided_linear_map(strides: Sequence[int], offset: int = 0):
    """Upstream's ``makeStridedLinearLayoutMap``: ``offset + sum(dk * stride_k)``
    with a fresh symbol for the offset (first) and each dynamic stride."""
    from ..affine.expr import const, dim, sym
    from ..affine.maps import AffineMap

    nsym = 0
    if offset == DYNAMIC:
        expr = sym(0)
        nsym = 1
    else:
        expr = const(offset)
    for i, s in enumerate(strides):
        if s == DYNAMIC:
            mult = sym(nsym)
            nsym += 1
        else:
            mult = const(s)
        expr = expr + dim(i) * mult
    return AffineMap(len(strides), nsym, [expr])


def layout_map(t: T.MemRefType):
    """The affine map of ``t``'s layout (identity for no layout); None for
    layouts polymlir keeps opaque."""
    from ..affine.maps import AffineMap

    lay = t.layout
    if lay is None:
        return AffineMap.identity(t.rank)
    if isinstance(lay, A.AffineMapAttr):
        return lay.value
    if isinstance(lay, A.StridedLayoutAttr):
        return strided_linear_map(lay.strides, lay.offset)
    return None


def _flat_rebuild(strides: Sequence[int], offset: int):
    """A static linear form rebuilt as upstream's flattening simplifier
    does: dimension terms in order, then the constant."""
    from ..affine.expr import const, dim

    expr = None
    for i, s in enumerate(strides):
        if s == 0:
            continue
        term = dim(i) * s if s != 1 else dim(i)
        expr = term if expr is None else expr + term
    if offset != 0 or expr is None:
        expr = const(offset) if expr is None else expr + offset
    return expr


def _canonical_key(strides: Sequence[int], offset: int, shape: Sequence[int]):
    """A value equal for two strided layouts exactly when upstream's
    canonicalized affine forms are equal (dynamic entries are symbols
    numbered as ``makeStridedLinearLayoutMap`` numbers them)."""
    nsym = 0
    off: object = offset
    if offset == DYNAMIC:
        off = ("s", 0)
        nsym = 1
    st: list[object] = []
    for s in strides:
        if s == DYNAMIC:
            st.append(("s", nsym))
            nsym += 1
        else:
            st.append(s)
    return tuple(st), off


def _identity_key(shape: Sequence[int]):
    # makeCanonicalStridedLayoutExpr numbers symbols from the innermost
    # dynamic stride outwards.
    cs = canonical_strides(shape)
    nsym = 0
    st: list[object] = [0] * len(cs)
    for i in range(len(cs) - 1, -1, -1):
        if cs[i] == DYNAMIC:
            st[i] = ("s", nsym)
            nsym += 1
        else:
            st[i] = cs[i]
    return tuple(st), 0


def canonicalize_strided_layout(t: T.MemRefType) -> T.MemRefType:
    """Upstream's ``MemRefType::canonicalizeStridedLayout``: drop a layout
    equivalent to the identity, else spell a single-result layout as its
    simplified affine map."""
    from ..affine.maps import AffineMap

    lay = t.layout
    if lay is None:
        return t
    m = layout_map(t)
    if m is None or m.is_identity():
        return t if m is None else T.MemRefType(t.shape, t.element_type, None, t.memory_space)
    if m.num_results > 1:
        return t
    if m.num_dims == 0 and m.num_symbols == 0:
        r = m.results[0]
        if _value(r) == 0:
            return T.MemRefType(t.shape, t.element_type, None, t.memory_space)
        return t
    if not t.shape:
        return t
    so = strides_and_offset(t)
    if so is not None and isinstance(lay, A.StridedLayoutAttr):
        strides, offset = so
        if _canonical_key(strides, offset, t.shape) == _identity_key(t.shape):
            return T.MemRefType(t.shape, t.element_type, None, t.memory_space)
        if DYNAMIC not in strides and offset != DYNAMIC:
            m = AffineMap(m.num_dims, 0, [_flat_rebuild(strides, offset)])
        return T.MemRefType(t.shape, t.element_type, A.AffineMapAttr(m), t.memory_space)
    if so is not None and DYNAMIC not in so[0] and so[1] != DYNAMIC and m.num_symbols == 0:
        strides, offset = so
        if list(strides) == canonical_strides(t.shape) and offset == 0:
            return T.MemRefType(t.shape, t.element_type, None, t.memory_space)
        m = AffineMap(m.num_dims, 0, [_flat_rebuild(strides, offset)])
    return T.MemRefType(t.shape, t.element_type, A.AffineMapAttr(m), t.memory_space)
