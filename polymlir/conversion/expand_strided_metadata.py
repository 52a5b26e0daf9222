"""``expand-strided-metadata``: the memref ops that change a memref's
metadata become ``memref.extract_strided_metadata`` of their source, index
arithmetic on its offset, sizes and strides (``affine.apply``, composed and
folded as upstream's ``makeComposedFoldedAffineApply`` builds them), and a
``memref.reinterpret_cast`` of the base buffer; as upstream's pass, the
rewrites run under the greedy driver, which folds and erases dead ops.

Rewrites (upstream's ``populateExpandStridedMetadataPatterns``):

- ``memref.subview``, ``memref.expand_shape``, ``memref.collapse_shape``:
  a ``reinterpret_cast`` of the source's base buffer;
- ``extract_strided_metadata`` of ``alloc``/``alloca`` (identity layout)
  and of ``get_global`` (identity layout): the buffer (cast to rank 0),
  offset 0, the sizes, and row-major strides;
- ``extract_strided_metadata`` of ``reinterpret_cast`` (of a ranked
  source), of ``cast``, ``memory_space_cast``, ``assume_alignment`` and of
  another ``extract_strided_metadata``'s base buffer: the metadata of the
  source, with what the outer op sets;
- ``extract_aligned_pointer_as_index`` of a view-like op (not
  ``memref.view``, which moves the pointer): of the view's source.

Folded on the way: ``extract_strided_metadata`` results the source type
knows statically become ``arith.constant`` (upstream's fold of the op).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..dialects import memref
from ..dialects.affine.map_utils import make_composed_folded_apply
from ..dialects.arith.ops import ConstantOp
from ..dialects.memref.views import SubViewOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineExpr, const, sym
from ..ir.affine_map import AffineMap
from ..ir.builder import Builder
from ..ir.core import Operation, OpResult, Value
from ..ir.layout import canonical_strides, strides_and_offset
from ..ir.opdef import OpDef
from ..ir.patterns import (
    FunctionPattern,
    GreedyConfig,
    PatternRewriter,
    PatternSet,
    apply_patterns_greedily,
    constant_value,
)
from ..ir.traits import VIEW_LIKE_OP_INTERFACE
from ..transforms.canonical import affine as CA
from ..transforms.canonical.canonicalize import ARITH_FOLDERS, materialize_constant
from ..transforms.passes.manager import ModulePass, PassContext, register_pass

DYN = T.DYNAMIC
Ofr = int | Value  # upstream's OpFoldResult: a static index or a value


class _Builder(Builder):
    """A builder before the rewritten op whose insertions the greedy
    driver hears of (as ops a pattern creates through its rewriter)."""

    def __init__(self, op: Operation, rw: PatternRewriter):
        assert op.parent is not None
        super().__init__(op.parent, op, op.loc)
        self.rw = rw

    def insert(self, op: Operation) -> Operation:
        assert self.anchor is not None
        return self.rw.insert_before(self.anchor, op)


def _apply(b: Builder, e: AffineExpr, operands: Sequence[Ofr]) -> Ofr:
    """``e`` (over symbols only) applied to ``operands``, folded."""
    return make_composed_folded_apply(b, AffineMap(0, len(operands), [e]), operands)


def _value(b: Builder, x: Ofr) -> Value:
    """Upstream's ``getValueOrCreateConstantIndexOp``."""
    return x if isinstance(x, Value) else b.const_index(x)


def _as_ofr(v: Value) -> Ofr:
    """Upstream's ``getAsOpFoldResult``."""
    c = constant_value(v)
    return c.value if isinstance(c, A.IntegerAttr) else v


def _new_metadata(b: Builder, src: Value) -> Operation:
    t = T.of_kind(src.type, T.MemRefType)
    return b.create(memref.ExtractStridedMetadataOp, [src], memref.ExtractStridedMetadataOp.inferred_types(t))


def _layout(t: T.MemRefType) -> tuple[list[int], int]:
    so = strides_and_offset(t)
    return so if so is not None else ([DYN] * t.rank, DYN)


def _reinterpret(b: Builder, base: Value, t: T.MemRefType, offset: Ofr, sizes: list[Ofr], strides: list[Ofr]) -> Value:
    dyn: list[list[Value]] = [[], [], []]
    static: list[list[int]] = [[], [], []]
    for k, vals in enumerate(([offset], sizes, strides)):
        for x in vals:
            if isinstance(x, int):
                static[k].append(x)
            else:
                static[k].append(DYN)
                dyn[k].append(x)
    props = {
        "static_offsets": A.DenseArrayAttr(T.i64, tuple(static[0])),
        "static_sizes": A.DenseArrayAttr(T.i64, tuple(static[1])),
        "static_strides": A.DenseArrayAttr(T.i64, tuple(static[2])),
        "operandSegmentSizes": A.DenseArrayAttr(T.i32, (1, len(dyn[0]), len(dyn[1]), len(dyn[2]))),
    }
    return b.create(memref.ReinterpretCastOp, [base, *dyn[0], *dyn[1], *dyn[2]], [t], properties=props).results[0]


def _mixed(op: Operation, static_name: str, dynamic: list[Value]) -> list[Ofr]:
    dyn = list(dynamic)
    return [dyn.pop(0) if s == DYN else s for s in op.prop(static_name, A.DenseArrayAttr).values]


def _mixed_offsets_sizes_strides(op: Operation) -> tuple[list[Ofr], list[Ofr], list[Ofr]]:
    assert isinstance(op, OpDef)
    seg = op.segment_sizes("operand")
    ops = list(op.operands)
    o = ops[seg[0] : seg[0] + seg[1]]
    s = ops[seg[0] + seg[1] : seg[0] + seg[1] + seg[2]]
    st = ops[seg[0] + seg[1] + seg[2] :]
    return _mixed(op, "static_offsets", o), _mixed(op, "static_sizes", s), _mixed(op, "static_strides", st)


# -- view-like ops into reinterpret_cast ------------------------------------------------------------


Metadata = tuple[Value, Ofr, list[Ofr], list[Ofr]]  # base buffer, offset, sizes, strides


def _subview_metadata(b: Builder, op: Operation) -> Metadata:
    """offset = base offset + sum(offset_i * base stride_i); stride_i =
    step_i * base stride_i; the sizes of the kept dimensions."""
    assert isinstance(op, SubViewOp)
    src = op.operands[0]
    src_t = T.of_kind(src.type, T.MemRefType)
    md = _new_metadata(b, src)
    n = src_t.rank
    src_strides, src_offset = _layout(src_t)
    offs, sizes, steps = _mixed_offsets_sizes_strides(op)
    values: list[Ofr] = [md.results[1] if src_offset == DYN else src_offset]
    expr: AffineExpr = sym(0)
    strides: list[Ofr] = []
    for i in range(n):
        orig: Ofr = md.results[2 + n + i] if src_strides[i] == DYN else src_strides[i]
        strides.append(_apply(b, sym(0) * sym(1), [steps[i], orig]))
        expr = expr + sym(1 + 2 * i) * sym(2 + 2 * i)
        values += [offs[i], orig]
    offset = _apply(b, expr, values)
    dropped = op.dropped_dims()
    keep = [i for i in range(n) if i not in dropped]
    return md.results[0], offset, [sizes[i] for i in keep], [strides[i] for i in keep]


def _reassociation(op: Operation) -> list[list[int]]:
    """The dimension groups of an expand/collapse_shape."""
    groups = []
    for group in op.prop("reassociation", A.ArrayAttr):
        assert isinstance(group, A.ArrayAttr), group
        dims = []
        for g in group:
            assert isinstance(g, A.IntegerAttr), g
            dims.append(g.value)
        groups.append(dims)
    return groups


def _expanded(b: Builder, t: T.MemRefType, group: list[int], size: Value, stride: Ofr) -> tuple[list[Ofr], list[Ofr]]:
    """Sizes and strides of one group of an expand_shape: the dynamic size
    is the source size over the product of the static ones; strides are
    the source stride times the sizes inside."""
    static_product = 1
    dyn_at: int | None = None
    sizes: list[Ofr] = []
    for i, d in enumerate(group):
        s = t.shape[d]
        if s == DYN:
            dyn_at = i
            sizes.append(0)
            continue
        static_product *= s
        sizes.append(s)
    if dyn_at is not None:
        sizes[dyn_at] = _apply(b, sym(0).floordiv(static_product), [size])
    base: list[int] = [0] * len(group)
    running = 1
    for i in reversed(range(len(group))):
        base[i] = running
        if t.shape[group[i]] != DYN:
            running *= t.shape[group[i]]
    strides: list[Ofr] = []
    for i in range(len(group)):
        if dyn_at is not None and i < dyn_at:
            # (size * base) floordiv product, with their gcd cancelled as
            # upstream's flattening of the semi-affine map cancels it.
            g = math.gcd(base[i], running)
            e = (sym(0) * (base[i] // g)).floordiv(running // g) * sym(1)
            strides.append(_apply(b, e, [size, stride]))
        else:
            strides.append(_apply(b, sym(0) * base[i], [stride]))
    return sizes, strides


def _collapsed(
    b: Builder, src_t: T.MemRefType, t: T.MemRefType, k: int, group: list[int], sizes: list[Value], strides: list[Ofr]
) -> tuple[Ofr, Ofr]:
    """Size and stride of group ``k`` of a collapse_shape: the product of
    the sizes; the stride of the innermost dimension that is not 1 (of a
    group of 1s, the result type's, or the first dynamic one)."""
    size: Ofr
    if t.shape[k] != DYN:
        size = t.shape[k]
    else:
        e: AffineExpr = const(1)
        for j in range(len(group)):
            e = e * sym(j)
        size = _apply(b, e, [sizes[d] if src_t.shape[d] == DYN else src_t.shape[d] for d in group])
    inner = [strides[d] for d in group if src_t.shape[d] != 1]
    if inner:
        return size, inner[-1]
    result_stride = _layout(t)[0][k]
    if result_stride != DYN:
        return size, result_stride
    return size, next(s for s in (strides[d] for d in group) if isinstance(s, Value))


def _reshape_metadata(b: Builder, op: Operation) -> Metadata:
    src = op.operands[0]
    src_t = T.of_kind(src.type, T.MemRefType)
    t = T.of_kind(op.result_types[0], T.MemRefType)
    md = _new_metadata(b, src)
    n = src_t.rank
    src_strides, src_offset = _layout(src_t)
    offset: Ofr = _as_ofr(md.results[1]) if src_offset == DYN else src_offset
    if n == 0:
        return md.results[0], offset, [1] * t.rank, [1] * t.rank
    md_sizes: list[Value] = list(md.results[2 : 2 + n])
    strides: list[Ofr] = [md.results[2 + n + i] if src_strides[i] == DYN else src_strides[i] for i in range(n)]
    new_sizes: list[Ofr] = []
    new_strides: list[Ofr] = []
    for k, group in enumerate(_reassociation(op)):
        if isinstance(op, memref.ExpandShapeOp):
            sz, st = _expanded(b, t, group, md_sizes[k], strides[k])
            new_sizes += sz
            new_strides += st
        else:
            s, st1 = _collapsed(b, src_t, t, k, group, md_sizes, strides)
            new_sizes.append(s)
            new_strides.append(st1)
    return md.results[0], offset, new_sizes, new_strides


_VIEW_METADATA: dict[type[Operation], Callable[[Builder, Operation], Metadata]] = {
    memref.SubViewOp: _subview_metadata,
    memref.ExpandShapeOp: _reshape_metadata,
    memref.CollapseShapeOp: _reshape_metadata,
}


def expand_view(op: Operation, rw: PatternRewriter) -> None:
    """A subview, expand_shape or collapse_shape as a reinterpret_cast of
    its source's base buffer."""
    b = _Builder(op, rw)
    base, offset, sizes, strides = _VIEW_METADATA[type(op)](b, op)
    t = T.of_kind(op.result_types[0], T.MemRefType)
    rw.replace_op(op, [_reinterpret(b, base, t, offset, sizes, strides)])


# -- extract_strided_metadata of ... ----------------------------------------------------------------


def _source_op(op: Operation) -> Operation | None:
    v = op.operands[0]
    return v.owner if isinstance(v, OpResult) else None


def _row_major(b: Builder, sizes: list[Ofr]) -> list[Ofr]:
    """Identity-layout strides: the product of the sizes inside."""
    rank = len(sizes)
    strides: list[Ofr] = [1] * rank
    e: AffineExpr = const(1)
    for i in range(rank - 2, -1, -1):
        e = e * sym(rank - 2 - i)
        strides[i] = _apply(b, e, sizes[i + 1 :])
    return strides


def _replace_metadata(b: Builder, rw: PatternRewriter, op: Operation, values: Sequence[Ofr]) -> None:
    rw.replace_op(op, [_value(b, x) for x in values])


def metadata_of_alloc(op: Operation, rw: PatternRewriter) -> bool:
    """Of an alloc/alloca/get_global of identity layout: the buffer (cast
    to rank 0 unless it is), offset 0, its sizes, row-major strides."""
    src = _source_op(op)
    if not isinstance(src, (memref.AllocOp, memref.AllocaOp, memref.GetGlobalOp)):
        return False
    t = T.of_kind(src.results[0].type, T.MemRefType)
    if t.layout is not None and not _is_identity(t.layout):
        return False
    b = _Builder(op, rw)
    if isinstance(src, memref.GetGlobalOp):
        sizes: list[Ofr] = list(t.shape)
        strides: list[Ofr] = list(canonical_strides(t.shape))
    else:
        seg = src.segment_sizes("operand")
        dyn = list(src.operands[: seg[0]])
        sizes = [dyn.pop(0) if s == DYN else s for s in t.shape]
        strides = _row_major(b, sizes)
    base_t = op.result_types[0]
    base: Value = src.results[0]
    if base.type != base_t:
        base = _reinterpret(b, base, T.of_kind(base_t, T.MemRefType), 0, [], [])
    offset = b.const_index(0)
    _replace_metadata(b, rw, op, [base, offset, *sizes, *strides])
    return True


def _is_identity(layout: A.Attribute) -> bool:
    return isinstance(layout, A.AffineMapAttr) and layout.value.is_identity()


def metadata_of_view(op: Operation, rw: PatternRewriter) -> bool:
    """Of a subview, expand_shape or collapse_shape: what the view's
    rewrite would give its reinterpret_cast, without it."""
    src = _source_op(op)
    compute = _VIEW_METADATA.get(type(src)) if src is not None else None
    if compute is None:
        return False
    assert src is not None
    b = _Builder(op, rw)
    base, offset, sizes, strides = compute(b, src)
    _replace_metadata(b, rw, op, [base, offset, *sizes, *strides])
    return True


def metadata_of_reinterpret_cast(op: Operation, rw: PatternRewriter) -> bool:
    src = _source_op(op)
    if not isinstance(src, memref.ReinterpretCastOp) or not isinstance(src.operands[0].type, T.MemRefType):
        return False
    b = _Builder(op, rw)
    md = _new_metadata(b, src.operands[0])
    offs, sizes, strides = _mixed_offsets_sizes_strides(src)
    _replace_metadata(b, rw, op, [md.results[0], offs[0], *sizes, *strides])
    return True


def metadata_of_cast(op: Operation, rw: PatternRewriter) -> bool:
    """Of a ``memref.cast``: the source's metadata, constants where the
    cast's result type is static."""
    src = _source_op(op)
    if not isinstance(src, memref.CastOp) or not isinstance(src.operands[0].type, T.MemRefType):
        return False
    b = _Builder(op, rw)
    t = T.of_kind(src.results[0].type, T.MemRefType)
    md = _new_metadata(b, src.operands[0])
    n = t.rank
    strides, offset = _layout(t)
    static = [offset, *t.shape, *strides]
    vals: list[Ofr] = [md.results[0]]
    vals += [md.results[1 + k] if s == DYN else s for k, s in enumerate(static)]
    _replace_metadata(b, rw, op, vals[: 2 + 2 * n])
    return True


def metadata_of_memory_space_cast(op: Operation, rw: PatternRewriter) -> bool:
    """Of a ``memory_space_cast`` (or an ``assume_alignment``): the
    source's metadata, its base buffer cast (or aligned) as the op does."""
    src = _source_op(op)
    if not isinstance(src, (memref.MemorySpaceCastOp, memref.AssumeAlignmentOp)):
        return False
    if not isinstance(src.operands[0].type, T.MemRefType):
        return False
    b = _Builder(op, rw)
    md = _new_metadata(b, src.operands[0])
    base = md.results[0]
    if isinstance(src, memref.MemorySpaceCastOp):
        base = b.create(memref.MemorySpaceCastOp, [base], [op.result_types[0]]).results[0]
    rw.replace_op(op, [base, *md.results[1:]])
    return True


def metadata_of_metadata(op: Operation, rw: PatternRewriter) -> bool:
    src = _source_op(op)
    if not isinstance(src, memref.ExtractStridedMetadataOp):
        return False
    b = _Builder(op, rw)
    _replace_metadata(b, rw, op, [src.results[0], 0])
    return True


def aligned_pointer_of_view(op: Operation, rw: PatternRewriter) -> bool:
    src = _source_op(op)
    if src is None or VIEW_LIKE_OP_INTERFACE not in src.traits or isinstance(src, memref.ViewOp):
        return False
    op.set_operand(0, src.operands[0])
    rw.modified(op)
    return True


# -- the fold of extract_strided_metadata ----------------------------------------------------------


def fold_metadata(op: Operation, consts: list):
    """Upstream's ``ExtractStridedMetadataOp::fold``: the results the source
    type knows statically, when used, are replaced by constants (built
    before the op, in place)."""
    t = op.operands[0].type
    if not isinstance(t, T.MemRefType):
        return None
    strides, offset = _layout(t)
    static = [offset, *t.shape, *strides]
    b = Builder.before(op)
    changed = False
    for r, s in zip(op.results[1:], static, strict=True):
        if s == DYN or not r.uses:
            continue
        r.replace_all_uses_with(b.value(ConstantOp, [], T.index, value=A.IntegerAttr(s, T.index)))
        changed = True
    return [] if changed else None


PATTERNS = PatternSet(
    [
        FunctionPattern([memref.SubViewOp, memref.ExpandShapeOp, memref.CollapseShapeOp], expand_view),
        FunctionPattern([memref.ExtractStridedMetadataOp], metadata_of_view),
        FunctionPattern([memref.ExtractStridedMetadataOp], metadata_of_alloc),
        FunctionPattern([memref.ExtractStridedMetadataOp], metadata_of_reinterpret_cast),
        FunctionPattern([memref.ExtractStridedMetadataOp], metadata_of_cast),
        FunctionPattern([memref.ExtractStridedMetadataOp], metadata_of_memory_space_cast),
        FunctionPattern([memref.ExtractStridedMetadataOp], metadata_of_metadata),
        FunctionPattern([memref.ExtractAlignedPointerAsIndexOp], aligned_pointer_of_view),
    ],
    {**ARITH_FOLDERS, **CA.FOLDERS, memref.ExtractStridedMetadataOp: fold_metadata},
    {"arith": materialize_constant, "affine": materialize_constant, "memref": materialize_constant},
)


def expand_strided_metadata(root: Operation) -> None:
    # Bottom-up, as upstream's driver runs by default.
    apply_patterns_greedily(root, PATTERNS, GreedyConfig(top_down=False))


@register_pass
@dataclass(frozen=True)
class ExpandStridedMetadata(ModulePass):
    name: ClassVar[str] = "expand-strided-metadata"
    summary: ClassVar[str] = "Rewrite view-like memref ops as reinterpret_casts of their base buffer"

    def run(self, op: Operation, ctx: PassContext) -> None:
        expand_strided_metadata(op)
