"""The memref dialect's reshapes: expand_shape and collapse_shape, with
upstream's result-type inference (computeExpandedType,
computeCollapsedType)."""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import types as T
from ...ir.fields import operand_def, prop_def, result_def, var_operand_def
from ...ir.layout import (
    DYNAMIC,
    has_identity_layout,
    make_strided_layout,
    sat_mul,
    strides_and_offset,
)
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import PURE, VIEW_LIKE_OP_INTERFACE
from ..index_lists import DynamicIndexListFormat, static_values
from .ops import VariadicIndex, q
from .views import DenseI64Array, IndexListArrayAttr, StridedMemRef


def _groups(op) -> list[list[int]]:
    a = op.props.get("reassociation")
    if not isinstance(a, A.ArrayAttr):
        return []
    return [[i.value for i in g] for g in a if isinstance(g, A.ArrayAttr)]


def verify_collapsed_shape(
    op, collapsed: Sequence[int], expanded: Sequence[int], groups: list[list[int]], allow_multiple_dynamic: bool = True
) -> None:
    """Upstream's ``verifyCollapsedShape`` (shared by expand and collapse)."""
    if len(collapsed) != len(groups):
        raise op.op_error(f"invalid number of reassociation groups: found {len(groups)}, expected {len(collapsed)}")
    nxt = 0
    for ci, g in enumerate(groups):
        found_dyn = False
        for e in g:
            if e != nxt:
                raise op.op_error("reassociation indices must be contiguous")
            nxt += 1
            if e >= len(expanded):
                raise op.op_error(f"reassociation index {e} is out of bounds")
            if expanded[e] == DYNAMIC:
                if found_dyn and not allow_multiple_dynamic:
                    raise op.op_error("at most one dimension in a reassociation group may be dynamic")
                found_dyn = True
        if (collapsed[ci] == DYNAMIC) != found_dyn:
            raise op.op_error(f"collapsed dim ({ci}) must be dynamic if and only if reassociation group is dynamic")
        if not found_dyn:
            size = 1
            for e in g:
                size *= expanded[e]
            if size != collapsed[ci]:
                raise op.op_error(f"collapsed dim size ({collapsed[ci]}) must equal reassociation group size ({size})")
    if not collapsed:
        if any(d != 1 for d in expanded):
            raise op.op_error("rank 0 memrefs can only be extended/collapsed with/from ones")
    elif nxt != len(expanded):
        raise op.op_error(f"expanded rank ({len(expanded)}) inconsistent with number of reassociation indices ({nxt})")


def compute_expanded_type(
    src: T.MemRefType, result_shape: Sequence[int], groups: list[list[int]]
) -> T.MemRefType | None:
    """The result type of expanding ``src`` to ``result_shape``; None when
    ``src`` is not strided."""
    if has_identity_layout(src):
        return T.MemRefType(tuple(result_shape), src.element_type, None, src.memory_space)
    so = strides_and_offset(src)
    if so is None or len(so[0]) != len(groups):
        return None
    src_strides, offset = so
    rev: list[int] = []
    k = len(result_shape) - 1
    for g, stride in reversed(list(zip(groups, src_strides, strict=True))):
        for _ in g:
            rev.append(stride)
            stride = sat_mul(stride, result_shape[k]) if k >= 0 else stride
            k -= 1
    strides = list(reversed(rev))
    strides += [1] * (len(result_shape) - len(strides))
    strides = strides[: len(result_shape)]
    return T.MemRefType(tuple(result_shape), src.element_type, make_strided_layout(strides, offset), src.memory_space)


def compute_collapsed_layout(
    src: T.MemRefType, groups: list[list[int]], strict: bool = False
) -> A.StridedLayoutAttr | None:
    """The layout of collapsing ``src``; None when it is not strided or a
    group is provably (or, with ``strict``, possibly) non-contiguous."""
    so = strides_and_offset(src)
    if so is None:
        return None
    src_strides, offset = so
    shape = src.shape
    res: list[int] = []
    for g in groups:
        ref = list(g)
        if not ref:
            return None
        while shape[ref[-1]] == 1 and len(ref) > 1:
            ref.pop()
        if shape[ref[-1]] != DYNAMIC or len(ref) == 1:
            res.append(src_strides[ref[-1]])
        else:
            res.append(DYNAMIC)
    k = len(res) - 1
    for g in reversed(groups):
        stride = res[k]
        k -= 1
        for idx in reversed(g[1:]):
            stride = sat_mul(stride, shape[idx])
            if shape[idx - 1] == 1:
                continue
            s = src_strides[idx - 1]
            if strict and (stride == DYNAMIC or s == DYNAMIC):
                return None
            if stride != DYNAMIC and s != DYNAMIC and stride != s:
                return None
    return make_strided_layout(res, offset)


def compute_collapsed_type(src: T.MemRefType, groups: list[list[int]]) -> T.MemRefType | None:
    """The result type of collapsing ``src`` by ``groups``."""
    shape = []
    for g in groups:
        n = 1
        for d in g:
            n = sat_mul(n, src.shape[d])
        shape.append(n)
    if has_identity_layout(src):
        return T.MemRefType(tuple(shape), src.element_type, None, src.memory_space)
    lay = compute_collapsed_layout(src, groups)
    if lay is None:
        return None
    return T.MemRefType(tuple(shape), src.element_type, lay, src.memory_space)


class _Reassociative(OpDef):
    __slots__ = ()
    traits = frozenset({PURE, VIEW_LIKE_OP_INTERFACE})

    @property
    def reassociation_indices(self) -> list[list[int]]:
        return _groups(self)


@register_op
class ExpandShapeOp(DynamicIndexListFormat, _Reassociative):
    """``memref.expand_shape %m [[0, 1], [2]] output_shape [%a, 4, 8] : T into U``"""

    __slots__ = ()
    OP_NAME = "memref.expand_shape"
    asm_result_name = "expand_shape"
    src = operand_def(StridedMemRef)
    reassociation = prop_def(IndexListArrayAttr)
    output_shape = var_operand_def(VariadicIndex)
    static_output_shape = prop_def(DenseI64Array)
    result = result_def(StridedMemRef)
    assembly_format = (
        "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, "
        "$static_output_shape) attr-dict `:` type($src) `into` type($result)"
    )

    def verify_(self) -> None:
        src, res = T.of_kind(self.operands[0].type, T.MemRefType), T.of_kind(self.results[0].type, T.MemRefType)
        if src.rank > res.rank:
            raise self.op_error(
                f"has source rank {src.rank} and result rank {res.rank}. This is not an expansion "
                f"({src.rank} > {res.rank})."
            )
        groups = _groups(self)
        verify_collapsed_shape(self, src.shape, res.shape, groups)
        expected = compute_expanded_type(src, res.shape, groups)
        if expected is None:
            raise self.op_error("invalid source layout map")
        if expected != res:
            raise self.op_error(f"expected expanded type to be {q(expected)} but found {q(res)}")
        static = static_values(self, "static_output_shape")
        if len(static) != res.rank:
            raise self.op_error(
                f"expected number of static shape bounds to be equal to the output rank "
                f"({res.rank}) but found {len(static)} inputs instead"
            )
        ndyn = sum(1 for d in static if d == DYNAMIC)
        if len(self.output_shape) != ndyn:
            raise self.op_error(
                f"mismatch in dynamic dims in output_shape and static_output_shape: "
                f"static_output_shape has {ndyn} dynamic dims while output_shape has "
                f"{len(self.output_shape)} values"
            )
        for i, d in enumerate(res.shape):
            if d != DYNAMIC and d != static[i]:
                raise self.op_error(f"invalid output shape provided at pos {i}")

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("output_shape", [T.index] * len(ps.operands.get("output_shape", [])))


@register_op
class CollapseShapeOp(_Reassociative):
    """``memref.collapse_shape %m [[0, 1], [2]] : T into U``"""

    __slots__ = ()
    OP_NAME = "memref.collapse_shape"
    asm_result_name = "collapse_shape"
    src = operand_def(StridedMemRef)
    reassociation = prop_def(IndexListArrayAttr)
    result = result_def(StridedMemRef)
    assembly_format = "$src $reassociation attr-dict `:` type($src) `into` type($result)"

    def verify_(self) -> None:
        src, res = T.of_kind(self.operands[0].type, T.MemRefType), T.of_kind(self.results[0].type, T.MemRefType)
        if src.rank < res.rank:
            raise self.op_error(
                f"has source rank {src.rank} and result rank {res.rank}. This is not a collapse "
                f"({src.rank} < {res.rank})."
            )
        groups = _groups(self)
        verify_collapsed_shape(self, res.shape, src.shape, groups)
        if has_identity_layout(src):
            expected = T.MemRefType(res.shape, src.element_type, None, src.memory_space)
        else:
            lay = compute_collapsed_layout(src, groups)
            if lay is None:
                raise self.op_error("invalid source layout map or collapsing non-contiguous dims")
            expected = T.MemRefType(res.shape, src.element_type, lay, src.memory_space)
        if expected != res:
            raise self.op_error(f"expected collapsed type to be {q(expected)} but found {q(res)}")
