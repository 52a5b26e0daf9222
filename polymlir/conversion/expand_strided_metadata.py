"""``expand-strided-metadata``: view-like memref ops (subview, expand_shape,
collapse_shape, transpose) become ``memref.extract_strided_metadata`` of the
source, index arithmetic on its offset/sizes/strides, and a
``memref.reinterpret_cast`` of the base buffer, as upstream does; static
quantities fold into the cast's static lists."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dialects import arith, memref
from ..dialects.memref.views import SubViewOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineDimExpr
from ..ir.builder import Builder
from ..ir.core import Operation, Value
from ..ir.layout import strides_and_offset
from ..ir.patterns import PatternRewriter, PatternSet
from ..ir.rewriting import apply_conversion
from ..transforms.passes.manager import ModulePass, PassContext, register_pass

DYN = T.DYNAMIC
Ofr = int | Value  # a static int or a dynamic index value


class _Arith:
    """Index arithmetic that folds constants."""

    def __init__(self, b: Builder):
        self.b = b

    def v(self, x: Ofr) -> Value:
        return x if isinstance(x, Value) else self.b.const_index(x)

    def mul(self, x: Ofr, y: Ofr) -> Ofr:
        if isinstance(x, int) and isinstance(y, int):
            return x * y
        if x == 1:
            return y
        if y == 1:
            return x
        return self.b.binary(arith.MulIOp, self.v(x), self.v(y))

    def add(self, x: Ofr, y: Ofr) -> Ofr:
        if isinstance(x, int) and isinstance(y, int):
            return x + y
        if x == 0:
            return y
        if y == 0:
            return x
        return self.b.binary(arith.AddIOp, self.v(x), self.v(y))


def _metadata(b: Builder, src: Value) -> tuple[Value, Ofr, list[Ofr], list[Ofr]]:
    """Base buffer, offset, sizes, strides of ``src`` (static where the type
    says so)."""
    t = T.of_kind(src.type, T.MemRefType)
    n = t.rank
    base_t = T.MemRefType((), t.element_type, None, t.memory_space)
    md = b.create(memref.ExtractStridedMetadataOp, [src], [base_t, T.index] + [T.index] * (2 * n))
    res = md.results
    so = strides_and_offset(t) or ([DYN] * n, DYN)
    offset: Ofr = res[1] if so[1] == DYN else so[1]
    sizes: list[Ofr] = [res[2 + k] if t.shape[k] == DYN else t.shape[k] for k in range(n)]
    strides: list[Ofr] = [res[2 + n + k] if so[0][k] == DYN else so[0][k] for k in range(n)]
    return res[0], offset, sizes, strides


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


def expand_subview(op: Operation, rw: PatternRewriter) -> None:
    assert isinstance(op, SubViewOp)
    b = Builder.before(op)
    ar = _Arith(b)
    src = op.operands[0]
    base, offset, _, strides = _metadata(b, src)
    seg = op.segment_sizes("operand")
    ops = list(op.operands)
    o = ops[1 : 1 + seg[1]]
    s = ops[1 + seg[1] : 1 + seg[1] + seg[2]]
    st = ops[1 + seg[1] + seg[2] :]
    offs, sizes, steps = (
        _mixed(op, "static_offsets", o),
        _mixed(op, "static_sizes", s),
        _mixed(op, "static_strides", st),
    )
    new_off = offset
    for k in range(len(offs)):
        new_off = ar.add(new_off, ar.mul(offs[k], strides[k]))
    new_strides = [ar.mul(strides[k], steps[k]) for k in range(len(steps))]
    t = T.of_kind(op.result_types[0], T.MemRefType)
    keep = _kept(op.prop("static_sizes", A.DenseArrayAttr).values, T.of_kind(src.type, T.MemRefType).rank, t)
    r = _reinterpret(b, base, t, new_off, [sizes[k] for k in keep], [new_strides[k] for k in keep])
    op.results[0].replace_all_uses_with(r)
    op.erase()


def _kept(static_sizes, src_rank: int, t: T.MemRefType) -> list[int]:
    if src_rank == t.rank:
        return list(range(src_rank))
    keep, j = [], 0
    for k, s in enumerate(static_sizes):
        remaining_src = src_rank - k
        remaining_dst = t.rank - j
        if j < t.rank and (s != 1 or remaining_src == remaining_dst):
            keep.append(k)
            j += 1
    return keep


def expand_expand_shape(op: Operation, rw: PatternRewriter) -> None:
    b = Builder.before(op)
    ar = _Arith(b)
    base, offset, _, strides = _metadata(b, op.operands[0])
    out_sizes = _mixed(op, "static_output_shape", list(op.operands[1:]))
    new_strides: list[Ofr] = [0] * len(out_sizes)
    for k, dims in enumerate(_reassociation(op)):
        running: Ofr = strides[k]
        for d in reversed(dims):
            new_strides[d] = running
            running = ar.mul(running, out_sizes[d])
    r = _reinterpret(b, base, T.of_kind(op.result_types[0], T.MemRefType), offset, out_sizes, new_strides)
    op.results[0].replace_all_uses_with(r)
    op.erase()


def _reassociation(op: Operation) -> list[list[int]]:
    """The dimension groups of an expand/collapse_shape (its reassociation,
    an array of arrays of integers)."""
    groups = []
    for group in op.prop("reassociation", A.ArrayAttr):
        assert isinstance(group, A.ArrayAttr), group
        dims = []
        for g in group:
            assert isinstance(g, A.IntegerAttr), g
            dims.append(g.value)
        groups.append(dims)
    return groups


def expand_collapse_shape(op: Operation, rw: PatternRewriter) -> None:
    b = Builder.before(op)
    ar = _Arith(b)
    base, offset, sizes, strides = _metadata(b, op.operands[0])
    new_sizes: list[Ofr] = []
    new_strides: list[Ofr] = []
    for dims in _reassociation(op):
        size: Ofr = 1
        for d in dims:
            size = ar.mul(size, sizes[d])
        new_sizes.append(size)
        new_strides.append(strides[dims[-1]] if dims else 1)
    r = _reinterpret(b, base, T.of_kind(op.result_types[0], T.MemRefType), offset, new_sizes, new_strides)
    op.results[0].replace_all_uses_with(r)
    op.erase()


def expand_transpose(op: Operation, rw: PatternRewriter) -> None:
    b = Builder.before(op)
    base, offset, sizes, strides = _metadata(b, op.operands[0])
    perm = [r.position for r in op.prop("permutation", A.AffineMapAttr).value.results if isinstance(r, AffineDimExpr)]
    r = _reinterpret(
        b,
        base,
        T.of_kind(op.result_types[0], T.MemRefType),
        offset,
        [sizes[p] for p in perm],
        [strides[p] for p in perm],
    )
    op.results[0].replace_all_uses_with(r)
    op.erase()


PATTERNS = PatternSet.from_table(
    {
        memref.SubViewOp: expand_subview,
        memref.ExpandShapeOp: expand_expand_shape,
        memref.CollapseShapeOp: expand_collapse_shape,
        memref.TransposeOp: expand_transpose,
    }
)


def expand_strided_metadata(root: Operation) -> None:
    apply_conversion(root, PATTERNS)


@register_pass
@dataclass(frozen=True)
class ExpandStridedMetadata(ModulePass):
    name: ClassVar[str] = "expand-strided-metadata"
    summary: ClassVar[str] = "Rewrite view-like memref ops as reinterpret_casts of their base buffer"

    def run(self, op: Operation, ctx: PassContext) -> None:
        expand_strided_metadata(op)
