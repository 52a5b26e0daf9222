"""Tensor slices and reshapes (upstream MLIR 22): extract_slice,
insert_slice, parallel_insert_slice (with rank reduction), expand_shape
and collapse_shape."""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.fields import operand_def, prop_def, result_def, var_operand_def
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    DESTINATION_STYLE_OP_INTERFACE,
    OFFSET_SIZE_AND_STRIDE_OP_INTERFACE,
    PARALLEL_COMBINING_OP_INTERFACE,
    PURE,
)
from ...ir.types import DYNAMIC
from ..index_lists import DynamicIndexListFormat, static_values, verify_offset_sizes_strides
from ..slicing import (
    SliceMismatch,
    in_bounds_slice_error,
    slice_mismatch,
    slice_result_type,
    static_offsets_sizes_strides,
    verify_dynamic_counts,
)
from .ops import AnyRankedTensor, AnyTensor, IndexListArrayAttr, tensor_type

# -- slices -------------------------------------------------------------------------------


# Upstream's ``produceSliceErrorMsg``, by the rule a slice type breaks.
_SLICE_MESSAGES = {
    SliceMismatch.RANK_TOO_LARGE: "expected rank to be smaller or equal to the other rank. ",
    SliceMismatch.SIZE_MISMATCH: "expected type to be '{expected}' or a rank-reduced version. (size mismatch) ",
    SliceMismatch.ELEM_TYPE_MISMATCH: "expected element type to be '{element_type}'",
}


def verify_rank_reduced(op, expected: T.ShapedType, actual: T.ShapedType) -> None:
    """``isRankReducedType`` + ``produceSliceErrorMsg``."""
    mismatch = slice_mismatch(expected, actual)
    if mismatch is not None:
        raise op.emit_error(_SLICE_MESSAGES[mismatch].format(expected=expected, element_type=expected.element_type))


class _SliceBase(DynamicIndexListFormat, OpDef):
    """Ops with offsets, sizes and strides (OffsetSizeAndStrideOpInterface)."""

    __slots__ = ()

    def _full_type(self) -> T.RankedTensorType:
        raise NotImplementedError

    def _verify_slice(self, small: T.Type) -> None:
        full = self._full_type()
        verify_dynamic_counts(self)
        offs, szs, strs = static_offsets_sizes_strides(self)
        verify_offset_sizes_strides(self, (full.rank, full.rank, full.rank), offs, szs, strs)
        verify_rank_reduced(self, slice_result_type(full, szs), T.of_kind(small, T.RankedTensorType))
        msg = in_bounds_slice_error(full.shape, offs, szs, strs)
        if msg is not None:
            raise self.emit_error(msg)


@register_op
class ExtractSliceOp(_SliceBase):
    """A (possibly rank-reduced) slice of a tensor."""

    __slots__ = ()
    OP_NAME = "tensor.extract_slice"
    asm_result_name = "extracted_slice"
    traits = frozenset({PURE, OFFSET_SIZE_AND_STRIDE_OP_INTERFACE})
    source = operand_def(AnyRankedTensor)
    offsets = var_operand_def(C.Index)
    sizes = var_operand_def(C.Index)
    strides = var_operand_def(C.Index)
    static_offsets = prop_def(C.DenseI64ArrayAttr)
    static_sizes = prop_def(C.DenseI64ArrayAttr)
    static_strides = prop_def(C.DenseI64ArrayAttr)
    result = result_def(AnyRankedTensor)
    assembly_format = (
        "$source `` custom<DynamicIndexList>($offsets, $static_offsets) "
        "custom<DynamicIndexList>($sizes, $static_sizes) "
        "custom<DynamicIndexList>($strides, $static_strides) "
        "attr-dict `:` type($source) `to` type($result)"
    )

    def _full_type(self) -> T.RankedTensorType:
        return T.of_kind(self.source.type, T.RankedTensorType)

    def verify_(self) -> None:
        self._verify_slice(self.result_types[0])


class _InsertSliceBase(_SliceBase):
    __slots__ = ()

    # Both ops start with the single operands ``source`` and ``dest``.
    def _full_type(self) -> T.RankedTensorType:
        return T.of_kind(self.operands[1].type, T.RankedTensorType)

    def verify_(self) -> None:
        self._verify_slice(self.operands[0].type)


@register_op
class InsertSliceOp(_InsertSliceBase):
    """A copy of ``dest`` with a slice replaced by ``source``."""

    __slots__ = ()
    OP_NAME = "tensor.insert_slice"
    asm_result_name = "inserted_slice"
    traits = frozenset({PURE, OFFSET_SIZE_AND_STRIDE_OP_INTERFACE, DESTINATION_STYLE_OP_INTERFACE})
    source = operand_def(AnyRankedTensor)
    dest = operand_def(AnyRankedTensor)
    offsets = var_operand_def(C.Index)
    sizes = var_operand_def(C.Index)
    strides = var_operand_def(C.Index)
    static_offsets = prop_def(C.DenseI64ArrayAttr)
    static_sizes = prop_def(C.DenseI64ArrayAttr)
    static_strides = prop_def(C.DenseI64ArrayAttr)
    result = result_def(AnyRankedTensor)
    assembly_format = (
        "$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) "
        "custom<DynamicIndexList>($sizes, $static_sizes) "
        "custom<DynamicIndexList>($strides, $static_strides) "
        "attr-dict `:` type($source) `into` type($dest)"
    )

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        t = ps.types.get("dest")
        if t:
            ps.types.setdefault("result", list(t))

    def verify_(self) -> None:
        if self.result_types[0] != self.dest.type:
            raise self.op_error("failed to verify that expected result type to match dest type")
        super().verify_()


@register_op
class ParallelInsertSliceOp(_InsertSliceBase):
    """The slice update one thread of an ``scf.forall`` contributes."""

    __slots__ = ()
    OP_NAME = "tensor.parallel_insert_slice"
    traits = frozenset({OFFSET_SIZE_AND_STRIDE_OP_INTERFACE})
    source = operand_def(AnyRankedTensor)
    dest = operand_def(AnyRankedTensor)
    offsets = var_operand_def(C.Index)
    sizes = var_operand_def(C.Index)
    strides = var_operand_def(C.Index)
    static_offsets = prop_def(C.DenseI64ArrayAttr)
    static_sizes = prop_def(C.DenseI64ArrayAttr)
    static_strides = prop_def(C.DenseI64ArrayAttr)
    assembly_format = (
        "$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) "
        "custom<DynamicIndexList>($sizes, $static_sizes) "
        "custom<DynamicIndexList>($strides, $static_strides) "
        "attr-dict `:` type($source) `into` type($dest)"
    )

    def verify_(self) -> None:
        parent = self.parent_op
        if parent is None or not (
            PARALLEL_COMBINING_OP_INTERFACE in parent.traits or parent.name == "scf.forall.in_parallel"
        ):
            desc = parent.name if parent is not None else "<<NULL>>"
            raise self.emit_error(f"expected InParallelOpInterface parent, got:\n{desc}")
        super().verify_()


# -- reassociative reshapes -------------------------------------------------------------


def reassociation_groups(attr: A.ArrayAttr) -> list[list[int]]:
    return [[x.value for x in g] for g in attr]


def verify_reshape_like(op, expanded: T.ShapedType, collapsed: T.ShapedType, groups: list[list[int]]) -> None:
    """Upstream's ``verifyReshapeLikeTypes`` and ``reshapeLikeShapesAreCompatible``."""
    er, cr = expanded.rank, collapsed.rank
    if er < cr:
        raise op.op_error(
            f"expected the expanded type, '{expanded}' to have a higher (or same) rank than the "
            f"collapsed type, '{collapsed}'."
        )
    if cr != len(groups):
        raise op.op_error(f"expected collapsed rank ({cr}) to equal the number of reassociation maps ({len(groups)}).")
    # Every map has as many dims as the largest index + 1 (upstream builds
    # the maps that way), so a wrong count shows on map #0.
    ndims = max((d for g in groups for d in g), default=-1) + 1
    if groups and ndims != er:
        raise op.op_error(
            f"expected reassociation map #0 to have size equal to the expanded rank ({er}), but it is  {ndims}."
        )
    nxt = 0
    for i, g in enumerate(groups):
        if any(d != nxt + k for k, d in enumerate(g)):
            raise op.op_error(f"expected reassociation map #{i} to be valid and contiguous.")
        nxt += len(g)
    if groups and nxt != ndims:
        raise op.op_error(f"expected reassociation map #{len(groups) - 1} to be valid and contiguous.")
    start = 0
    for i, g in enumerate(groups):
        dims = expanded.shape[start : start + len(g)]
        start += len(g)
        if DYNAMIC in dims:
            if collapsed.shape[i] != DYNAMIC:
                raise op.op_error(
                    f"expected dimension {i} of collapsed type to be dynamic since one or more of the "
                    "corresponding dimensions in the expanded type is dynamic"
                )
        else:
            n = 1
            for d in dims:
                n *= d
            if collapsed.shape[i] != n:
                raise op.op_error(f"expected dimension {i} of collapsed type to be static value of {n}")


def _collapsed_type(expanded: T.ShapedType, groups: list[list[int]]) -> T.RankedTensorType:
    shape = []
    for g in groups:
        dims = [expanded.shape[d] for d in g]
        if DYNAMIC in dims:
            shape.append(DYNAMIC)
        else:
            n = 1
            for d in dims:
                n *= d
            shape.append(n)
    return tensor_type(shape, expanded.element_type)


def _verify_tensor_reshape(op, expanded: T.ShapedType, collapsed: T.ShapedType) -> None:
    groups = reassociation_groups(op.reassociation)
    verify_reshape_like(op, expanded, collapsed, groups)
    expected = _collapsed_type(expanded, groups)
    if collapsed.shape != expected.shape or collapsed.element_type != expected.element_type:
        raise op.op_error(f"expected collapsed type to be '{expected}', but got '{collapsed}'")


@register_op
class ExpandShapeOp(DynamicIndexListFormat, OpDef):
    """Split dimensions of a tensor into groups of dimensions."""

    __slots__ = ()
    OP_NAME = "tensor.expand_shape"
    asm_result_name = "expanded"
    traits = frozenset({PURE})
    src = operand_def(AnyTensor)
    output_shape = var_operand_def(C.Index)
    reassociation = prop_def(IndexListArrayAttr)
    static_output_shape = prop_def(C.DenseI64ArrayAttr)
    result = result_def(AnyTensor)
    assembly_format = (
        "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, "
        "$static_output_shape) attr-dict `:` type($src) `into` type($result)"
    )

    def verify_(self) -> None:
        rt = T.of_kind(self.result_types[0], T.ShapedType)
        st = T.of_kind(self.src.type, T.ShapedType)
        static = static_values(self, "static_output_shape")
        if len(static) != rt.rank:
            raise self.op_error(
                f"expected number of static shape dims to be equal to the output rank ({rt.rank}) "
                f"but found {len(static)} inputs instead"
            )
        ndyn = sum(1 for d in static if d == DYNAMIC)
        if len(self.output_shape) != ndyn:
            raise self.op_error(
                f"mismatch in dynamic dims in output_shape and static_output_shape: "
                f"static_output_shape has {ndyn} dynamic dims while output_shape has "
                f"{len(self.output_shape)} values"
            )
        _verify_tensor_reshape(self, rt, st)


@register_op
class CollapseShapeOp(OpDef):
    """Merge groups of contiguous dimensions of a tensor."""

    __slots__ = ()
    OP_NAME = "tensor.collapse_shape"
    asm_result_name = "collapsed"
    traits = frozenset({PURE})
    src = operand_def(AnyTensor)
    reassociation = prop_def(IndexListArrayAttr)
    result = result_def(AnyTensor)
    assembly_format = "$src $reassociation attr-dict `:` type($src) `into` type($result)"

    def verify_(self) -> None:
        _verify_tensor_reshape(
            self, T.of_kind(self.src.type, T.ShapedType), T.of_kind(self.result_types[0], T.ShapedType)
        )
