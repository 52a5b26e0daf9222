"""The tensor dialect (upstream MLIR 22): element access, casts, gather
and scatter, tensor.generate/pad/yield, and the constraints the slice and
reshape ops of ``slices.py`` share."""

from __future__ import annotations

from typing import TypeGuard

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import typed_attr
from ...ir.fields import operand_def, prop_def, region_def, result_def, var_operand_def
from ...ir.interfaces import PARALLEL, TilingOp, static_sizes
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    CAST_OP_INTERFACE,
    DESTINATION_STYLE_OP_INTERFACE,
    NO_MEMORY_EFFECT,
    PURE,
    RECURSIVE_MEMORY_EFFECTS,
    RETURN_LIKE,
    SHAPED_DIM_OP_INTERFACE,
    SINGLE_BLOCK,
    TERMINATOR,
    has_parent,
)
from ...ir.types import DYNAMIC
from ..index_lists import DynamicIndexListFormat, static_values, verify_dynamic_count

# -- constraints ------------------------------------------------------------------


def _is_ranked(t: T.Type) -> TypeGuard[T.RankedTensorType]:
    return isinstance(t, T.RankedTensorType)


def _is_tensor(t: T.Type) -> bool:
    return isinstance(t, (T.RankedTensorType, T.UnrankedTensorType))


AnyTensor = C.TypeConstraint("tensor of any type values", _is_tensor)
AnyRankedTensor = C.TypeConstraint("ranked tensor of any type values", _is_ranked, kind=("builtin.tensor", _is_ranked))
AnyStaticShapeTensor = C.TypeConstraint(
    "statically shaped tensor of any type values",
    lambda t: _is_ranked(t) and t.has_static_shape,
    kind=("builtin.tensor", _is_ranked),
)
AnyNon0RankedOrUnrankedTensor = C.TypeConstraint(
    "non-0-ranked or unranked tensor", lambda t: isinstance(t, T.UnrankedTensorType) or (_is_ranked(t) and t.rank != 0)
)
IndexTensor = C.TypeConstraint(
    "ranked tensor of signless integer or index values",
    lambda t: _is_ranked(t) and C.SignlessIntOrIndex(t.element_type),
)
ShapeTensor = C.TypeConstraint(
    "1D tensor of signless integer or index values",
    lambda t: _is_ranked(t) and t.rank == 1 and C.SignlessIntOrIndex(t.element_type),
)
IndexListArrayAttr = C.AttrConstraint(
    "Array of 64-bit integer array attributes",
    lambda a: (
        isinstance(a, A.ArrayAttr)
        and all(
            isinstance(g, A.ArrayAttr) and all(isinstance(x, A.IntegerAttr) and x.type == T.i64 for x in g) for g in a
        )
    ),
)

I64Attr = typed_attr(C.I64Attr, T.i64)


def _num_dynamic(t: T.ShapedType) -> int:
    return sum(1 for d in t.shape if d == DYNAMIC)


def tensor_type(shape, et: T.Type, encoding=None) -> T.RankedTensorType:
    """``tensor<shape x et>`` (shape entries may be DYNAMIC)."""
    return T.RankedTensorType(tuple(shape), et, encoding)


def compatible_shapes(a: T.Type, b: T.Type) -> bool:
    """Upstream's ``verifyCompatibleShape``: equal ranks (when both ranked)
    and equal static dimensions."""
    if not (isinstance(a, T.ShapedType) and a.has_rank) or not (isinstance(b, T.ShapedType) and b.has_rank):
        return True
    sa, sb = a.shape, b.shape
    if len(sa) != len(sb):
        return False
    return all(x == y or x == DYNAMIC or y == DYNAMIC for x, y in zip(sa, sb, strict=True))


def _bitwidth(t: T.Type) -> int | None:
    if isinstance(t, T.IntegerType):
        return t.width
    if isinstance(t, T.FloatType):
        return t.width
    if isinstance(t, T.IndexType):
        return 64
    if isinstance(t, T.ComplexType):
        w = _bitwidth(t.element_type)
        return None if w is None else 2 * w
    return None


# -- casts ----------------------------------------------------------------------------


class _CastBase(OpDef):
    __slots__ = ()
    traits = frozenset({PURE, CAST_OP_INTERFACE})
    source = operand_def(AnyTensor)
    dest = result_def(AnyTensor)
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    def _compatible(self, a: T.ShapedType, b: T.ShapedType) -> bool:
        raise NotImplementedError

    def verify_(self) -> None:
        a, b = T.of_kind(self.source.type, T.ShapedType), T.of_kind(self.dest.type, T.ShapedType)
        if not self._compatible(a, b):
            raise self.op_error(f"operand type '{a}' and result type '{b}' are cast incompatible")


@register_op
class BitcastOp(_CastBase):
    """Reinterpret a tensor's elements as another type of the same width."""

    __slots__ = ()
    OP_NAME = "tensor.bitcast"

    def _compatible(self, a: T.ShapedType, b: T.ShapedType) -> bool:
        return _bitwidth(a.element_type) == _bitwidth(b.element_type) and compatible_shapes(a, b)


@register_op
class CastOp(_CastBase):
    """Change a tensor's static shape information."""

    __slots__ = ()
    OP_NAME = "tensor.cast"
    asm_result_name = "cast"

    def _compatible(self, a: T.ShapedType, b: T.ShapedType) -> bool:
        return a.element_type == b.element_type and compatible_shapes(a, b)


# -- element access ----------------------------------------------------------------


@register_op
class ConcatOp(OpDef):
    """Concatenate ranked tensors along a static dimension."""

    __slots__ = ()
    OP_NAME = "tensor.concat"
    asm_result_name = "concat"
    traits = frozenset({PURE})
    dim = prop_def(I64Attr)
    inputs = var_operand_def(AnyRankedTensor)
    result = result_def(AnyRankedTensor)
    assembly_format = "`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)"

    def verify_(self) -> None:
        ins = [T.shaped(v.type) for v in self.inputs]
        if not ins:
            raise self.op_error("requires at least one input")
        rt = T.of_kind(self.result_types[0], T.ShapedType)
        rank = rt.rank
        if any(t.rank != rank for t in ins):
            raise self.op_error("rank of concatenated inputs must match result rank")
        if any(t.element_type != rt.element_type for t in ins):
            raise self.op_error("inputs and result element type must match")
        dim = self.dim.value
        if dim >= rank:
            raise self.op_error("concatenation dim must be less than the tensor rank")
        sizes = []
        for i in range(rank):
            if i == dim:
                total = 0
                for t in ins:
                    if t.shape[i] == DYNAMIC or total == DYNAMIC:
                        total = DYNAMIC
                    else:
                        total += t.shape[i]
                sizes.append(total)
                continue
            size = DYNAMIC
            for t in ins:
                d = t.shape[i]
                if d == DYNAMIC:
                    continue
                if size != DYNAMIC and size != d:
                    raise self.op_error(f"static concatenation size mismatch along non-concatenated dimension {i}")
                size = d
            sizes.append(size)
        inferred = tensor_type(sizes, ins[0].element_type)
        for a, b in zip(sizes, rt.shape, strict=False):
            if a != DYNAMIC and b != DYNAMIC and a != b:
                raise self.op_error(f"result type '{rt}'does not match inferred shape '{inferred}' static sizes")


@register_op
class DimOp(OpDef):
    """The size of one dimension of a tensor."""

    __slots__ = ()
    OP_NAME = "tensor.dim"
    asm_result_name = "dim"
    traits = frozenset({NO_MEMORY_EFFECT, SHAPED_DIM_OP_INTERFACE})
    source = operand_def(AnyNon0RankedOrUnrankedTensor)
    index = operand_def(C.Index)
    result = result_def(C.Index)
    assembly_format = "attr-dict $source `,` $index `:` type($source)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("index", [T.index])
        ps.types.setdefault("result", [T.index])


@register_op
class EmptyOp(OpDef):
    """A tensor of a given shape with unspecified contents."""

    __slots__ = ()
    OP_NAME = "tensor.empty"
    traits = frozenset({PURE})
    dynamicSizes = var_operand_def(C.Index)
    result = result_def(AnyRankedTensor)
    assembly_format = "`(`$dynamicSizes`)` attr-dict `:` type($result)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("dynamicSizes", [T.index] * len(ps.operands.get("dynamicSizes", [])))

    def verify_(self) -> None:
        t = T.of_kind(self.result_types[0], T.ShapedType)
        n = len(self.dynamicSizes)
        if _num_dynamic(t) != n:
            raise self.op_error(f"incorrect number of dynamic sizes, has {n}, expected {_num_dynamic(t)}")


@register_op
class ExtractOp(OpDef):
    """Read one element of a ranked tensor."""

    __slots__ = ()
    OP_NAME = "tensor.extract"
    asm_result_name = "extracted"
    traits = frozenset({PURE})
    tensor = operand_def(AnyRankedTensor)
    indices = var_operand_def(C.Index)
    result = result_def()
    assembly_format = "$tensor `[` $indices `]` attr-dict `:` type($tensor)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("indices", [T.index] * len(ps.operands.get("indices", [])))
        t = ps.types.get("tensor", [None])[0]
        if isinstance(t, T.ShapedType):
            ps.types.setdefault("result", [t.element_type])

    def verify_(self) -> None:
        t = T.shaped(self.tensor.type)
        if self.result_types[0] != t.element_type:
            raise self.op_error("failed to verify that result type matches element type of tensor")
        if t.rank != len(self.indices):
            raise self.op_error("incorrect number of indices for extract_element")


@register_op
class InsertOp(OpDef):
    """A copy of ``dest`` with one element replaced."""

    __slots__ = ()
    OP_NAME = "tensor.insert"
    asm_result_name = "inserted"
    traits = frozenset({PURE, DESTINATION_STYLE_OP_INTERFACE})
    scalar = operand_def()
    dest = operand_def(AnyRankedTensor)
    indices = var_operand_def(C.Index)
    result = result_def(AnyRankedTensor)
    assembly_format = "$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("indices", [T.index] * len(ps.operands.get("indices", [])))
        t = ps.types.get("dest", [None])[0]
        if isinstance(t, T.ShapedType):
            ps.types.setdefault("result", [t])
            ps.types.setdefault("scalar", [t.element_type])

    def verify_(self) -> None:
        t = T.shaped(self.dest.type)
        if self.result_types[0] != t:
            raise self.op_error("failed to verify that result type matches type of dest")
        if self.scalar.type != t.element_type:
            raise self.op_error("failed to verify that scalar type matches element type of dest")
        if t.rank != len(self.indices):
            raise self.op_error("incorrect number of indices")


@register_op
class FromElementsOp(OpDef):
    """A statically shaped tensor built from its elements (row-major)."""

    __slots__ = ()
    OP_NAME = "tensor.from_elements"
    asm_result_name = "from_elements"
    traits = frozenset({PURE})
    elements = var_operand_def()
    result = result_def(AnyStaticShapeTensor)
    assembly_format = "$elements attr-dict `:` type($result)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        t = ps.types.get("result", [None])[0]
        if isinstance(t, T.RankedTensorType):
            if not t.has_static_shape:
                p.error(
                    f"custom op '{cls.OP_NAME}' 'result' must be statically shaped tensor of any type values, "
                    f"but got '{t}'",
                    state.pos,
                )
            n = len(ps.operands.get("elements", []))
            if n != t.num_elements:
                p.error(
                    f"custom op '{cls.OP_NAME}' number of operands and types do not match: got {n} operands "
                    f"and {t.num_elements} types",
                    ps.operands["elements"][0][2] if n else None,
                )
            ps.types.setdefault("elements", [t.element_type] * t.num_elements)

    def verify_(self) -> None:
        t = T.of_kind(self.result_types[0], T.ShapedType)
        ets = [v.type for v in self.elements]
        if ets != [t.element_type] * t.num_elements:
            raise self.op_error("failed to verify that operand types match result element type")


@register_op
class RankOp(OpDef):
    """The rank of a tensor."""

    __slots__ = ()
    OP_NAME = "tensor.rank"
    asm_result_name = "rank"
    traits = frozenset({PURE})
    tensor = operand_def(AnyTensor)
    result = result_def(C.Index)
    assembly_format = "$tensor attr-dict `:` type($tensor)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("result", [T.index])


@register_op
class SplatOp(OpDef):
    """A tensor with every element equal to a scalar."""

    __slots__ = ()
    OP_NAME = "tensor.splat"
    asm_result_name = "splat"
    traits = frozenset({PURE})
    input = operand_def()
    dynamicSizes = var_operand_def(C.Index)
    aggregate = result_def(AnyRankedTensor)
    assembly_format = "$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("dynamicSizes", [T.index] * len(ps.operands.get("dynamicSizes", [])))
        t = ps.types.get("aggregate", [None])[0]
        if isinstance(t, T.ShapedType):
            ps.types.setdefault("input", [t.element_type])

    def verify_(self) -> None:
        t = T.of_kind(self.result_types[0], T.ShapedType)
        if self.input.type != t.element_type:
            raise self.op_error("failed to verify that operand type matches element type of result")
        n = len(self.dynamicSizes)
        if _num_dynamic(t) != n:
            raise self.op_error(f"incorrect number of dynamic sizes, has {n}, expected {_num_dynamic(t)}")


@register_op
class ReshapeOp(OpDef):
    """Reshape a tensor to the shape held by a 1-D tensor."""

    __slots__ = ()
    OP_NAME = "tensor.reshape"
    asm_result_name = "reshape"
    traits = frozenset({PURE})
    source = operand_def(AnyTensor)
    shape = operand_def(ShapeTensor)
    result = result_def(AnyTensor)
    assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)"

    def verify_(self) -> None:
        st = T.shaped(self.source.type)
        rt = T.of_kind(self.result_types[0], T.ShapedType)
        if st.element_type != rt.element_type:
            raise self.op_error("element types of source and destination tensor types should be the same")
        n = T.shaped(self.shape.type).shape[0]
        if isinstance(rt, T.RankedTensorType):
            if (
                isinstance(st, T.RankedTensorType)
                and rt.has_static_shape
                and st.has_static_shape
                and st.num_elements != rt.num_elements
            ):
                raise self.op_error("source and destination tensor should have the same number of elements")
            if n == DYNAMIC:
                raise self.op_error(
                    "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type"
                )
            if n != rt.rank:
                raise self.op_error("length of shape operand differs from the result's tensor rank")


# -- gather / scatter -------------------------------------------------------------------


def _gather_result(
    source: T.RankedTensorType, indices: T.RankedTensorType, dims: list[int], rank_reduced: bool
) -> T.RankedTensorType:
    shape = list(indices.shape[:-1])
    for i, d in enumerate(source.shape):
        if i in dims:
            if not rank_reduced:
                shape.append(1)
            continue
        shape.append(d)
    return tensor_type(shape, source.element_type, source.encoding)


def _verify_gather_dims(op, dims: list[int], indices_shape, rank: int, kind: str, what: str) -> None:
    if not dims:
        raise op.op_error(f"{kind}_dims must be non-empty")
    if len(dims) > rank:
        raise op.op_error(f"{kind}_dims overflow {what} rank")
    if not indices_shape or indices_shape[-1] != len(dims):
        raise op.op_error(f"{kind}_dims length must match the size of last dimension of indices")
    for v in dims:
        if v < 0:
            raise op.op_error(f"{kind}_dims value must be non-negative")
        if v >= rank:
            raise op.op_error(f"{kind}_dims value must be smaller than {what} rank")
    for a, b in zip(dims, dims[1:], strict=False):
        if a >= b:
            raise op.op_error(f"{kind}_dims values must be strictly increasing")


@register_op
class GatherOp(OpDef):
    """Gather slices of a tensor at the coordinates held by an index tensor."""

    __slots__ = ()
    OP_NAME = "tensor.gather"
    asm_result_name = "gather"
    traits = frozenset({PURE})
    source = operand_def(AnyRankedTensor)
    indices = operand_def(IndexTensor)
    gather_dims = prop_def(C.DenseI64ArrayAttr)
    unique = prop_def(C.UnitAttr, optional=True)
    result = result_def(AnyRankedTensor)
    assembly_format = (
        "$source `[` $indices `]` `gather_dims` `(` $gather_dims `)` (`unique` $unique^)? "
        "attr-dict `:` functional-type(operands, results)"
    )

    def verify_(self) -> None:
        st, it = T.of_kind(self.source.type, T.RankedTensorType), T.of_kind(self.indices.type, T.RankedTensorType)
        dims = list(self.gather_dims.values)
        _verify_gather_dims(self, dims, it.shape, st.rank, "gather", "source")
        rt = T.of_kind(self.result_types[0], T.ShapedType)
        full = _gather_result(st, it, dims, False)
        reduced = _gather_result(st, it, dims, True)
        if rt != full and rt != reduced:
            raise self.op_error(
                f"result type mismatch: expected '{full}' or its rank-reduced variant '{reduced}' (got: '{rt}')"
            )


@register_op
class ScatterOp(OpDef):
    """Scatter slices into a tensor at the coordinates held by an index tensor."""

    __slots__ = ()
    OP_NAME = "tensor.scatter"
    asm_result_name = "scatter"
    traits = frozenset({PURE})
    source = operand_def(AnyRankedTensor)
    dest = operand_def(AnyRankedTensor)
    indices = operand_def(IndexTensor)
    scatter_dims = prop_def(C.DenseI64ArrayAttr)
    unique = prop_def(C.UnitAttr, optional=True)
    result = result_def(AnyRankedTensor)
    assembly_format = (
        "$source `into` $dest `[` $indices `]` `scatter_dims` `(` $scatter_dims `)` "
        "(`unique` $unique^)? attr-dict `:` functional-type(operands, results)"
    )

    def verify_(self) -> None:
        st = self.source.type
        dt, it = T.of_kind(self.dest.type, T.RankedTensorType), T.of_kind(self.indices.type, T.RankedTensorType)
        dims = list(self.scatter_dims.values)
        _verify_gather_dims(self, dims, it.shape, dt.rank, "scatter", "dest")
        if self.unique is None:
            raise self.op_error("requires 'unique' attribute to be set")
        full = _gather_result(dt, it, dims, False)
        reduced = _gather_result(dt, it, dims, True)
        if st != full and st != reduced:
            raise self.op_error(
                f"source type mismatch: expected '{full}' or its rank-reduced variant '{reduced}' (got: '{st}')"
            )


# -- regions: generate, pad, yield -------------------------------------------------------


@register_op
class YieldOp(OpDef):
    """Yields the element value of a ``tensor.generate`` or ``tensor.pad`` body."""

    __slots__ = ()
    OP_NAME = "tensor.yield"
    traits = frozenset({PURE, TERMINATOR, RETURN_LIKE, has_parent("tensor.generate", "tensor.pad")})
    value = operand_def()
    assembly_format = "$value attr-dict `:` type($value)"


def verify_sized_region(op, name: str) -> None:
    """ODS's ``SizedRegion<1>`` constraint on region #0."""
    if len(op.regions[0].blocks) != 1:
        raise op.op_error(f"region #0 ('{name}') failed to verify constraint: region with 1 blocks")


def _verify_implicit_yield(op) -> None:
    """SingleBlockImplicitTerminator<tensor.yield>."""
    for r in op.regions:
        t = r.blocks[0].operations[-1] if r.blocks and r.blocks[0].operations else None
        if t is None:
            raise op.op_error("expects a non-empty block")
        if t.name != "tensor.yield":
            err = op.op_error("expects regions to end with 'tensor.yield', found '" + t.name + "'")
            err.attach_note("in custom textual format, the absence of terminator implies 'tensor.yield'", t.loc)
            raise err


@register_op
class GenerateOp(OpDef):
    """A dynamically shaped tensor whose elements a body region computes."""

    __slots__ = ()
    OP_NAME = "tensor.generate"
    asm_result_name = "generated"
    traits = frozenset({RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK})
    implicit_terminator = "tensor.yield"
    dynamicExtents = var_operand_def(C.Index)
    result = result_def(AnyRankedTensor)
    body = region_def()
    assembly_format = "$dynamicExtents $body attr-dict `:` type($result)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("dynamicExtents", [T.index] * len(ps.operands.get("dynamicExtents", [])))

    def verify_(self) -> None:
        verify_sized_region(self, "body")
        t = T.of_kind(self.result_types[0], T.ShapedType)
        if len(self.operands) != _num_dynamic(t):
            raise self.op_error(
                f"incorrect number of dynamic sizes, has {len(self.operands)}, expected {_num_dynamic(t)}"
            )

    def verify_regions_(self) -> None:
        _verify_implicit_yield(self)
        rt = T.of_kind(self.result_types[0], T.ShapedType)
        entry = self.regions[0].blocks[0]
        if not all(isinstance(a.type, T.IndexType) for a in entry.arguments):
            raise self.emit_error("all body arguments must be index")
        if len(entry.arguments) != rt.rank:
            raise self.emit_error("must have one body argument per input dimension")
        y = entry.operations[-1]
        if not y.operands or y.operands[0].type != rt.element_type:
            raise self.op_error("body must be terminated with a `yield` operation of the tensor element type")


def pad_result_type(source: T.RankedTensorType, low: list[int], high: list[int]) -> T.RankedTensorType | None:
    """Upstream's ``PadOp::inferResultType`` (None when ranks disagree)."""
    if len(low) != source.rank or len(high) != source.rank:
        return None
    shape = []
    for d, lo, hi in zip(source.shape, low, high, strict=True):
        shape.append(DYNAMIC if DYNAMIC in (d, lo, hi) else d + lo + hi)
    return tensor_type(shape, source.element_type)


@register_op
class PadOp(DynamicIndexListFormat, OpDef, TilingOp):
    """Pad a tensor with the value its region yields. Tileable: one
    parallel loop per dimension of the result."""

    __slots__ = ()
    OP_NAME = "tensor.pad"
    asm_result_name = "padded"
    traits = frozenset({PURE, SINGLE_BLOCK})
    implicit_terminator = "tensor.yield"
    source = operand_def(AnyRankedTensor)
    low = var_operand_def(C.Index)
    high = var_operand_def(C.Index)
    static_low = prop_def(C.DenseI64ArrayAttr)
    static_high = prop_def(C.DenseI64ArrayAttr)
    nofold = prop_def(C.UnitAttr, optional=True)
    result = result_def(AnyRankedTensor)
    region = region_def()
    assembly_format = (
        "$source (`nofold` $nofold^)? `low` `` custom<DynamicIndexList>($low, $static_low) "
        "`high` `` custom<DynamicIndexList>($high, $static_high) $region attr-dict "
        "`:` type($source) `to` type($result)"
    )

    def loop_iterator_types(self) -> list[str]:
        return [PARALLEL] * T.shaped(self.result_types[0]).rank

    def iteration_domain_sizes(self) -> list[int | None]:
        return static_sizes(T.shaped(self.result_types[0]).shape, DYNAMIC)

    def verify_(self) -> None:
        verify_sized_region(self, "region")
        st = T.of_kind(self.source.type, T.RankedTensorType)
        rt = T.of_kind(self.result_types[0], T.ShapedType)
        low, high = static_values(self, "static_low"), static_values(self, "static_high")
        verify_dynamic_count(self, "low", "static_low", low, self.low)
        verify_dynamic_count(self, "high", "static_high", high, self.high)
        expected = pad_result_type(st, low, high)
        if expected is None:
            raise self.emit_error(
                f"failed to infer expectedType from sourceType '{st}', specified resultType is '{rt}'"
            )
        if rt.rank != expected.rank:
            raise self.emit_error(f"specified type '{rt}' does not match the inferred type '{expected}'")
        for a, b in zip(rt.shape, expected.shape, strict=True):
            if a != b and b != DYNAMIC:
                raise self.emit_error(f"specified type '{rt}' does not match the inferred type '{expected}'")

    def verify_regions_(self) -> None:
        _verify_implicit_yield(self)
        rt = T.of_kind(self.result_types[0], T.ShapedType)
        rank = rt.rank
        block = self.regions[0].blocks[0]
        if len(block.arguments) != rank:
            raise self.emit_error(f"expected the block to have {rank} arguments")
        for i, a in enumerate(block.arguments):
            if not isinstance(a.type, T.IndexType):
                raise self.op_error(f"expected block argument {i + 1} to be an index")
        y = block.operations[-1]
        if not y.operands or y.operands[0].type != rt.element_type:
            raise self.op_error("expected yield type to match shape element type")
