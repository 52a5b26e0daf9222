"""IR builders shared by linalg tiling, fusion and promotion: index values
that are static or dynamic (``Index`` = int | Value, upstream's
OpFoldResult), affine.apply / affine.min on them, ``scf.for`` with
iter_args, and the slices of operands (``memref.subview``,
``tensor.extract_slice`` / ``insert_slice``) a box of a linalg op's
iteration space touches through an indexing map."""

from __future__ import annotations

from collections.abc import Sequence

from ...dialects import affine, memref, tensor
from ...dialects.memref.views import SubViewOp
from ...dialects.scf.ops import ForOp
from ...dialects.slicing import infer_subview_result_type
from ...dialects.tensor.slices import ExtractSliceOp, InsertSliceOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr, AffineDimExpr, AffineExpr, const, dim
from ...ir.affine_flatten import flatten
from ...ir.affine_map import AffineMap
from ...ir.builder import Builder
from ...ir.core import BlockArgument, Operation, Region, Value
from ..loops.errors import TransformError

Index = int | Value


def index_value(b: Builder, v: Index) -> Value:
    return b.const_index(v) if isinstance(v, int) else v


def _as_map(expr_of: Sequence[AffineExpr], operands: Sequence[Index]) -> tuple[AffineMap | list[int], list[Value]]:
    """Substitute the static operands; the dynamic ones become the map's dims."""
    vals: list[Value] = []
    repl: list[AffineExpr] = []
    for o in operands:
        if isinstance(o, int):
            repl.append(const(o))
        else:
            repl.append(dim(len(vals)))
            vals.append(o)
    res = [e.replace_dims_and_symbols(repl, []) for e in expr_of]
    consts = [r.value for r in res if isinstance(r, AffineConstantExpr)]
    if len(consts) == len(res):
        return consts, vals
    # Only the operands the results use (and each value once).
    used = [k for k in range(len(vals)) if any(r.is_function_of_dim(k) for r in res)]
    keep: list[Value] = []
    new_pos: list[AffineExpr] = []
    for k in range(len(vals)):
        if k in used:
            hit = next((j for j, v in enumerate(keep) if v is vals[k]), None)
            if hit is None:
                keep.append(vals[k])
                hit = len(keep) - 1
            new_pos.append(dim(hit))
        else:
            new_pos.append(const(0))
    res = [r.replace_dims_and_symbols(new_pos, []) for r in res]
    consts = [r.value for r in res if isinstance(r, AffineConstantExpr)]
    if len(consts) == len(res):
        return consts, []
    return AffineMap(len(keep), 0, res), keep


def _memo_value(b: Builder, kind: type[Operation], vals: list[Value], m: AffineMap) -> Value:
    """One ``affine.apply``/``min``/``max`` per map and operands at a
    builder's insertion point (tiles of fused ops share their sizes)."""
    memo: dict = b.__dict__.setdefault("_affine_memo", {})
    key = (kind, m, tuple(id(v) for v in vals))
    hit = memo.get(key)
    if hit is None:
        hit = b.value(kind, vals, T.index, map=A.AffineMapAttr(m))
        memo[key] = hit
    return hit


def apply(b: Builder, expr: AffineExpr, operands: Sequence[Index]) -> Index:
    """``expr`` (over dims = ``operands``) folded, or an ``affine.apply``."""
    m, vals = _as_map([expr], operands)
    if isinstance(m, list):
        return m[0]
    if m.results[0] == dim(0) and len(vals) == 1:
        return vals[0]
    return _memo_value(b, affine.AffineApplyOp, vals, m)


def minimum(b: Builder, exprs: Sequence[AffineExpr], operands: Sequence[Index]) -> Index:
    """min of ``exprs`` folded when static, else an ``affine.min``."""
    m, vals = _as_map(_unique(exprs), operands)
    if isinstance(m, list):
        return min(m)
    consts = [r.value for r in m.results if isinstance(r, AffineConstantExpr)]
    others = _unique([r for r in m.results if not isinstance(r, AffineConstantExpr)])
    res = others + ([const(min(consts))] if consts else [])
    if len(res) == 1:
        return apply(b, res[0], vals)
    return _memo_value(b, affine.AffineMinOp, vals, AffineMap(len(vals), 0, res))


def maximum(b: Builder, exprs: Sequence[AffineExpr], operands: Sequence[Index]) -> Index:
    m, vals = _as_map(_unique(exprs), operands)
    if isinstance(m, list):
        return max(m)
    if len(m.results) == 1:
        return apply(b, m.results[0], vals)
    return _memo_value(b, affine.AffineMaxOp, vals, m)


def _unique(exprs: Sequence[AffineExpr]) -> list[AffineExpr]:
    out: list[AffineExpr] = []
    for e in exprs:
        if e not in out:
            out.append(e)
    return out


def dim_size(b: Builder, v: Value, r: int) -> Index:
    """Size of dimension ``r`` of ``v``: static, or a memref.dim/tensor.dim."""
    d = T.of_kind(v.type, T.ShapedType).shape[r]
    if d != T.DYNAMIC:
        return d
    kind = memref.DimOp if isinstance(v.type, T.MemRefType) else tensor.DimOp
    return b.value(kind, [v, b.const_index(r)], T.index)


def scf_for(
    b: Builder, lb: Index, ub: Index, step: Index, inits: Sequence[Value]
) -> tuple[Operation, BlockArgument, list[BlockArgument]]:
    """An ``scf.for`` (empty body, no terminator yet): (op, iv, iter args)."""
    r = Region()
    blk = r.add_block()
    iv = blk.add_argument(T.index)
    args = [blk.add_argument(v.type) for v in inits]
    operands = [index_value(b, lb), index_value(b, ub), index_value(b, step), *inits]
    op = b.create(ForOp, operands, [v.type for v in inits], regions=[r])
    return op, iv, args


def _mixed(values: Sequence[Index]) -> tuple[list[int], list[Value]]:
    static = [v if isinstance(v, int) else T.DYNAMIC for v in values]
    return static, [v for v in values if not isinstance(v, int)]


def _slice_props(offsets: Sequence[Index], sizes: Sequence[Index], extra: int) -> tuple[dict, list[Value]]:
    so, do = _mixed(offsets)
    ss, ds = _mixed(sizes)
    props = {
        "static_offsets": A.DenseArrayAttr(T.i64, tuple(so)),
        "static_sizes": A.DenseArrayAttr(T.i64, tuple(ss)),
        "static_strides": A.DenseArrayAttr(T.i64, tuple([1] * len(so))),
        "operandSegmentSizes": A.DenseArrayAttr(T.i32, (*([1] * extra), len(do), len(ds), 0)),
    }
    return props, do + ds


def subview(b: Builder, src: Value, offsets: Sequence[Index], sizes: Sequence[Index]) -> Value:
    """``memref.subview src[offsets][sizes][1, ...]``."""
    props, dyn = _slice_props(offsets, sizes, 1)
    so, _ = _mixed(offsets)
    ss, _ = _mixed(sizes)
    rt = infer_subview_result_type(T.of_kind(src.type, T.MemRefType), so, ss, [1] * len(so))
    return b.create(SubViewOp, [src, *dyn], [rt], properties=props).results[0]


def extract_slice(b: Builder, src: Value, offsets: Sequence[Index], sizes: Sequence[Index]) -> Value:
    props, dyn = _slice_props(offsets, sizes, 1)
    ss, _ = _mixed(sizes)
    rt = T.RankedTensorType(tuple(ss), T.of_kind(src.type, T.ShapedType).element_type)

    return b.create(ExtractSliceOp, [src, *dyn], [rt], properties=props).results[0]


def insert_slice(b: Builder, src: Value, dst: Value, offsets: Sequence[Index], sizes: Sequence[Index]) -> Value:
    props, dyn = _slice_props(offsets, sizes, 2)
    return b.create(InsertSliceOp, [src, dst, *dyn], [dst.type], properties=props).results[0]


def operand_slice(
    b: Builder, amap: AffineMap, offsets: Sequence[Index], sizes: Sequence[Index], what: str
) -> tuple[list[Index], list[Index]]:
    """Offsets and sizes of the operand elements a box of the iteration
    space (``offsets``/``sizes`` per loop) touches through ``amap``: exact
    for results that are sums of non-negative multiples of dims (projections,
    permutations, convolution windows); others are refused."""
    n = amap.num_dims
    offs: list[Index] = []
    szs: list[Index] = []
    for e in amap.results:
        if isinstance(e, AffineDimExpr):
            offs.append(offsets[e.position])
            szs.append(sizes[e.position])
            continue
        flat = flatten(e, n, amap.num_symbols)
        if flat is None or flat[1] or amap.num_symbols or any(c < 0 for c in flat[0][:n]):
            raise TransformError(f"{what}: indexing map result '{e}' is not a non-negative combination of loop dims")
        coeffs = flat[0]
        offs.append(apply(b, e, offsets))
        # The last element is e(offsets + sizes - 1): size = sum c_k (s_k - 1) + 1.
        ext: AffineExpr = const(1)
        for k in range(n):
            if coeffs[k]:
                ext = ext + (dim(k) - 1) * coeffs[k]
        szs.append(apply(b, ext, sizes))
    return offs, szs
