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

from collections.abc import Sequence

from . import attributes as A
from . import types as T
from .affine_expr import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineSymbolExpr,
    const,
    dim,
    sym,
)
from .affine_map import AffineMap
from .types import DYNAMIC

__all__ = [
    "DYNAMIC",
    "canonical_strided_expr",
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
    "simplify_layout_expr",
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

    return e.value if isinstance(e, AffineConstantExpr) else DYNAMIC


def _extract(e, factor: int, strides: list[int], acc: list[int]) -> None:
    """Upstream's ``extractStrides`` over int-or-DYNAMIC factors; ``acc[0]``
    is the offset."""

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
    if m.is_identity():
        return canonical_strides(t.shape), 0
    if m.num_results != 1:
        return None
    strides = [0] * t.rank
    acc = [0]
    try:
        _extract(m.results[0], 1, strides, acc)
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

    nsym = 0
    if offset == DYNAMIC:
        expr: AffineExpr = sym(0)
        nsym = 1
    else:
        expr = const(offset)
    for i, s in enumerate(strides):
        if s == DYNAMIC:
            mult: AffineExpr = sym(nsym)
            nsym += 1
        else:
            mult = const(s)
        expr = expr + dim(i) * mult
    return AffineMap(len(strides), nsym, [expr])


def layout_map(t: T.MemRefType):
    """The affine map of ``t``'s layout (identity for no layout); None for
    layouts polymlir keeps opaque."""

    lay = t.layout
    if lay is None:
        return AffineMap.identity(t.rank)
    if isinstance(lay, A.AffineMapAttr):
        return lay.value
    if isinstance(lay, A.StridedLayoutAttr):
        return strided_linear_map(lay.strides, lay.offset)
    return None


class _Flattener:
    """Upstream's ``SimpleAffineExprFlattener`` for sums of products: rows
    ``[dims, symbols, locals, constant]``, a local per non-constant product
    (floordiv/mod/ceildiv are not flattened: the caller keeps the input)."""

    def __init__(self, nd: int, ns: int):
        self.nd, self.ns = nd, ns
        self.locals: list = []

    def _width(self) -> int:
        return self.nd + self.ns + len(self.locals) + 1

    def _grow(self, row: list[int]) -> list[int]:
        # Rows made before a local was added lack its column.
        missing = self._width() - len(row)
        return row[:-1] + [0] * missing + row[-1:] if missing else row

    def flatten(self, e) -> list[int] | None:

        if isinstance(e, AffineDimExpr):
            row = [0] * self._width()
            row[e.position] = 1
            return row
        if isinstance(e, AffineSymbolExpr):
            row = [0] * self._width()
            row[self.nd + e.position] = 1
            return row
        if isinstance(e, AffineConstantExpr):
            row = [0] * self._width()
            row[-1] = e.value
            return row
        if not isinstance(e, AffineBinaryExpr) or e.kind not in (AffineExprKind.ADD, AffineExprKind.MUL):
            return None
        lhs = self.flatten(e.lhs)
        if lhs is None:
            return None
        rhs = self.flatten(e.rhs)
        if rhs is None:
            return None
        lhs, rhs = self._grow(lhs), self._grow(rhs)
        if e.kind == AffineExprKind.ADD:
            return [a + b for a, b in zip(lhs, rhs, strict=True)]
        if isinstance(e.rhs, AffineConstantExpr):
            return [a * e.rhs.value for a in lhs]
        local = self.from_flat(lhs) * self.from_flat(rhs)
        if local in self.locals:
            k = self.locals.index(local)
        else:
            self.locals.append(local)
            k = len(self.locals) - 1
        row = [0] * self._width()
        row[self.nd + self.ns + k] = 1
        return row

    def from_flat(self, row: list[int]):
        """Upstream's ``getAffineExprFromFlatForm``."""

        row = self._grow(row)
        nd, ns = self.nd, self.ns
        expr: AffineExpr = const(0)
        for j in range(nd + ns):
            if row[j]:
                expr = expr + (dim(j) if j < nd else sym(j - nd)) * row[j]
        for j, loc in enumerate(self.locals):
            c = row[nd + ns + j]
            if c:
                expr = expr + loc * c
        if row[-1]:
            expr = expr + row[-1]
        return expr

    def from_flat_semi_affine(self, row: list[int]):
        """Upstream's ``getSemiAffineExprFromFlatForm``: terms sorted by the
        position of their dimension or symbol."""

        row = self._grow(row)
        nd, ns = self.nd, self.ns
        big = max(nd, ns)
        entries: list[tuple[tuple[int, int], int, AffineExpr]] = []
        off_sym, off_dim = 0, -1
        for j in range(nd, nd + ns):
            if row[j]:
                entries.append(((j - nd, big + off_sym), row[j], sym(j - nd)))
                off_sym += 1
        added = [False] * len(self.locals)
        for k, e in enumerate(self.locals):
            c = row[nd + ns + k]
            if not c or not isinstance(e, AffineBinaryExpr):
                continue
            lhs, rhs = e.lhs, e.rhs
            if not (
                isinstance(lhs, (AffineDimExpr, AffineSymbolExpr))
                and isinstance(rhs, (AffineDimExpr, AffineSymbolExpr, AffineConstantExpr))
            ):
                continue
            if isinstance(rhs, AffineConstantExpr):
                if isinstance(lhs, AffineDimExpr):
                    key = (lhs.position, off_dim)
                    off_dim -= 1
                else:
                    key = (lhs.position, big + off_sym)
                    off_sym += 1
            elif isinstance(lhs, AffineDimExpr):
                key = (lhs.position, rhs.position)
            else:
                key = (lhs.position, big + off_sym)
                off_sym += 1
            entries.append((key, c, e))
            added[k] = True
        for j in range(nd):
            if row[j]:
                entries.append(((j, off_dim), row[j], dim(j)))
                off_dim -= 1
        expr: AffineExpr = const(0)
        for _, c, e in sorted(entries, key=lambda x: x[0]):
            expr = expr + e * c
        for k, e in enumerate(self.locals):
            c = row[nd + ns + k]
            if c and not added[k]:
                expr = expr + e * c
        if row[-1]:
            expr = expr + row[-1]
        return expr


def simplify_layout_expr(e, nd: int, ns: int):
    """Upstream's ``simplifyAffineExpr`` on sums of products (the forms of
    layouts): flatten, then rebuild pure-affine forms in order (dimensions,
    symbols, constant) and semi-affine ones sorted by position, unless the
    plain rebuild gives the input back. Other forms are returned as they are."""
    f = _Flattener(nd, ns)
    row = f.flatten(e)
    if row is None:
        return e
    pure = e.is_pure_affine()
    plain = f.from_flat(row)
    if pure:
        return plain
    if plain == e:
        return e
    return f.from_flat_semi_affine(row)


def canonical_strided_expr(shape: Sequence[int]):
    """Upstream's ``makeCanonicalStridedLayoutExpr`` (row-major, a fresh
    symbol for every stride outside a dynamic or zero size)."""

    if not shape:
        return const(0)
    expr = None
    nsym = 0
    poisoned = False
    running = 1
    for i in range(len(shape) - 1, -1, -1):
        if poisoned:
            stride: AffineExpr = sym(nsym)
            nsym += 1
        else:
            stride = const(running)
        term = dim(i) * stride
        expr = term if expr is None else expr + term
        d = shape[i]
        if d > 0 and d != DYNAMIC:
            running *= d
        else:
            poisoned = True
    return simplify_layout_expr(expr, len(shape), nsym)


def canonicalize_strided_layout(t: T.MemRefType) -> T.MemRefType:
    """Upstream's ``MemRefType::canonicalizeStridedLayout``: drop a layout
    equal to the canonical row-major one, else spell a single-result layout
    as its simplified affine map."""

    m = layout_map(t)
    if m is None or m.is_identity() or m.num_results > 1:
        return t
    if m.num_dims == 0 and m.num_symbols == 0:
        if _value(m.results[0]) == 0:
            return T.MemRefType(t.shape, t.element_type, None, t.memory_space)
        return t
    if not t.shape:
        return t
    simplified = simplify_layout_expr(m.results[0], m.num_dims, m.num_symbols)
    if canonical_strided_expr(t.shape) == simplified:
        return T.MemRefType(t.shape, t.element_type, None, t.memory_space)
    return T.MemRefType(
        t.shape, t.element_type, A.AffineMapAttr(AffineMap(m.num_dims, m.num_symbols, [simplified])), t.memory_space
    )
