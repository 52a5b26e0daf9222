"""The bufferization dialect's ops as upstream MLIR 22 prints them: the
tensor/buffer boundary (to_tensor, to_buffer), allocation (alloc_tensor,
clone, dealloc, dealloc_tensor) and materialize_in_destination."""

from __future__ import annotations

from typing import TypeGuard

from ..ir import constraints as C
from ..ir import types as T
from ..ir.fields import (
    operand_def,
    opt_operand_def,
    opt_result_def,
    prop_def,
    result_def,
    segment_sizes_attr,
    var_operand_def,
    var_result_def,
)
from ..ir.interfaces import Effect, MemoryEffectsOp, allocate, free, read, write
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.traits import (
    ATTR_SIZED_OPERAND_SEGMENTS,
    COPY_OP_INTERFACE,
    DESTINATION_STYLE_OP_INTERFACE,
    SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
    SAME_OPERANDS_AND_RESULT_SHAPE,
)
from ..ir.types import DYNAMIC


def _is_tensor(t: T.Type) -> TypeGuard[T.RankedTensorType | T.UnrankedTensorType]:
    return isinstance(t, (T.RankedTensorType, T.UnrankedTensorType))


def _is_memref(t: T.Type) -> TypeGuard[T.MemRefType | T.UnrankedMemRefType]:
    return isinstance(t, (T.MemRefType, T.UnrankedMemRefType))


def _is_ranked_tensor(t: T.Type) -> TypeGuard[T.RankedTensorType]:
    return isinstance(t, T.RankedTensorType)


AnyTensor = C.TypeConstraint("tensor of any type values", _is_tensor)
AnyRankedTensor = C.TypeConstraint(
    "ranked tensor of any type values", _is_ranked_tensor, kind=("builtin.tensor", _is_ranked_tensor)
)
AnyMemRef = C.TypeConstraint("ranked or unranked memref of any type values", _is_memref)
TensorLike = C.TypeConstraint("TensorLikeType instance", _is_tensor)
BufferLike = C.TypeConstraint("BufferLikeType instance", _is_memref)


def _compatible_buffer(op, tensor: T.Type, buffer: T.Type) -> None:
    """Upstream's tensor-like/buffer-like compatibility check (of types the
    TensorLike/BufferLike constraints admit: shaped ones)."""
    tensor, buffer = T.shaped(tensor), T.shaped(buffer)
    if tensor.has_rank != buffer.has_rank or (tensor.has_rank and tensor.shape != buffer.shape):
        raise op.emit_error("shapes do not match")
    if tensor.element_type != buffer.element_type:
        raise op.emit_error("element types do not match")


@register_op
class ToTensorOp(OpDef, MemoryEffectsOp):
    """The tensor view of a buffer (it reads the buffer)."""

    __slots__ = ()
    OP_NAME = "bufferization.to_tensor"
    traits = frozenset({SAME_OPERANDS_AND_RESULT_SHAPE, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE})
    buffer = operand_def(BufferLike)
    restrict = prop_def(C.UnitAttr, optional=True)
    writable = prop_def(C.UnitAttr, optional=True)
    result = result_def(TensorLike)
    assembly_format = (
        "$buffer (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($buffer) `to` type($result)"
    )

    def memory_effects(self) -> list[Effect]:
        return [read(self.buffer)] if isinstance(self.buffer.type, (T.MemRefType, T.UnrankedMemRefType)) else []

    def verify_(self) -> None:
        _compatible_buffer(self, self.result_types[0], self.buffer.type)


@register_op
class ToBufferOp(OpDef):
    """The buffer underlying a tensor."""

    __slots__ = ()
    OP_NAME = "bufferization.to_buffer"
    traits = frozenset({SAME_OPERANDS_AND_RESULT_SHAPE, SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE})
    tensor = operand_def(TensorLike)
    read_only = prop_def(C.UnitAttr, optional=True)
    buffer = result_def(BufferLike)
    assembly_format = "$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($buffer)"

    def verify_(self) -> None:
        _compatible_buffer(self, self.tensor.type, self.result_types[0])


@register_op
class AllocTensorOp(OpDef):
    """A new tensor allocation, optionally a copy of another tensor."""

    __slots__ = ()
    OP_NAME = "bufferization.alloc_tensor"
    traits = frozenset({ATTR_SIZED_OPERAND_SEGMENTS})
    dynamic_sizes = var_operand_def(C.Index)
    copy = opt_operand_def(AnyTensor)
    size_hint = opt_operand_def(C.Index)
    memory_space = prop_def(optional=True)
    result = result_def(AnyRankedTensor)

    # Upstream's hand-written syntax: `(%d) copy(%t) size_hint=%n {attrs} : type`.
    @classmethod
    def parse(cls, p, state) -> None:
        sizes = p.parse_operand_list("(")
        copy = []
        if p.accept_keyword("copy"):
            p.expect("(", "expected '('")
            copy = [p.parse_operand()]
            p.expect(")", "expected ')'")
        hint = []
        if p.accept_keyword("size_hint"):
            p.expect("=", "expected '='")
            hint = [p.parse_operand()]
        attrs = p.parse_optional_attr_dict()
        t = p.parse_colon_type()
        state.result_types = [t]
        state.operands = (
            p.resolve_operands(sizes, [T.index] * len(sizes))
            + p.resolve_operands(copy, [t] * len(copy))
            + p.resolve_operands(hint, [T.index] * len(hint))
        )
        state.properties["operandSegmentSizes"] = segment_sizes_attr([len(sizes), len(copy), len(hint)])
        for k, v in attrs.items():
            (state.properties if k == "memory_space" else state.attributes)[k] = v

    def print_custom(self, p) -> None:
        p.write("(" + p.operands_str(self.dynamic_sizes) + ")")
        if self.copy is not None:
            p.write(" copy(" + p.value_name(self.copy) + ")")
        if self.size_hint is not None:
            p.write(" size_hint=" + p.value_name(self.size_hint))
        attrs = dict(self.attributes)
        ms = self.props.get("memory_space")
        if ms is not None:
            attrs["memory_space"] = ms
        p.print_optional_attr_dict(attrs)
        p.write(" : " + p.type(self.result_types[0]))

    def verify_(self) -> None:
        t = self.result.type
        assert isinstance(t, T.RankedTensorType)  # the result's constraint, checked before verify_
        copy = self.copy
        if copy is not None and self.dynamic_sizes:
            raise self.emit_error("dynamic sizes not needed when copying a tensor")
        n = len(self.dynamic_sizes)
        ndyn = sum(1 for d in t.shape if d == DYNAMIC)
        if copy is None and n != ndyn:
            raise self.op_error(f"incorrect number of dynamic sizes, has {n}, expected {ndyn}")
        if copy is not None and copy.type != t:
            raise self.emit_error("expected that `copy` and return type match")


@register_op
class MaterializeInDestinationOp(OpDef):
    """Store a tensor into a destination tensor or buffer."""

    __slots__ = ()
    OP_NAME = "bufferization.materialize_in_destination"
    traits = frozenset({DESTINATION_STYLE_OP_INTERFACE})
    source = operand_def(AnyTensor)
    dest = operand_def(
        C.TypeConstraint(
            "ranked or unranked memref of any type values or tensor of any type values",
            lambda t: _is_tensor(t) or _is_memref(t),
        )
    )
    restrict = prop_def(C.UnitAttr, optional=True)
    writable = prop_def(C.UnitAttr, optional=True)
    result = opt_result_def(AnyTensor)
    assembly_format = (
        "$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict "
        "`:` functional-type(operands, results)"
    )

    def verify_(self) -> None:
        dt = self.dest.type
        st = self.source.type
        # The operands' constraints (checked before verify_) make both shaped.
        assert isinstance(dt, T.ShapedType) and isinstance(st, T.ShapedType)
        if _is_tensor(dt):
            if len(self.results) != 1:
                raise self.op_error("tensor 'dest' implies exactly one tensor result")
            if dt != self.results[0].type:
                raise self.op_error("result and 'dest' types must match")
        if _is_memref(dt) and self.results:
            raise self.op_error("memref 'dest' implies zero results")
        if self.restrict is not None and not _is_memref(dt):
            raise self.op_error("'restrict' is valid only for memref destinations")
        if (self.writable is not None) != _is_memref(dt):
            raise self.op_error("'writable' must be specified if and only if the destination is of memref type")
        if st.has_rank != dt.has_rank:
            raise self.op_error("source/destination shapes are incompatible")
        if st.has_rank:
            if st.rank != dt.rank:
                raise self.op_error("rank mismatch between source and destination shape")
            for a, b in zip(st.shape, dt.shape, strict=True):
                if a != DYNAMIC and b != DYNAMIC and a != b:
                    raise self.op_error("source/destination shapes are incompatible")
        if st.element_type != dt.element_type:
            raise self.op_error("source/destination element types are incompatible")


@register_op
class DeallocTensorOp(OpDef):
    """Release the buffer of a tensor."""

    __slots__ = ()
    OP_NAME = "bufferization.dealloc_tensor"
    tensor = operand_def(AnyTensor)
    assembly_format = "$tensor attr-dict `:` type($tensor)"


@register_op
class CloneOp(OpDef, MemoryEffectsOp):
    """A copy of a buffer in a new allocation."""

    __slots__ = ()
    OP_NAME = "bufferization.clone"
    traits = frozenset({COPY_OP_INTERFACE})
    input = operand_def(AnyMemRef)
    output = result_def(AnyMemRef)
    assembly_format = "$input attr-dict `:` type($input) `to` type($output)"

    def memory_effects(self) -> list[Effect]:
        out = self.results[0]
        return [read(self.input), allocate(out), write(out)]


@register_op
class DeallocOp(OpDef, MemoryEffectsOp):
    """Conditionally deallocate buffers, keeping those that alias ``retained``."""

    __slots__ = ()
    OP_NAME = "bufferization.dealloc"
    traits = frozenset({ATTR_SIZED_OPERAND_SEGMENTS})
    memrefs = var_operand_def(C.TypeConstraint("ranked or unranked memref of any type values", _is_memref))
    conditions = var_operand_def(C.I1)
    retained = var_operand_def(C.TypeConstraint("ranked or unranked memref of any type values", _is_memref))
    updatedConditions = var_result_def(C.I1)
    assembly_format = (
        "(` ``(` $memrefs^ `:` type($memrefs) `)` `if` ` ` `(` $conditions `)` )? "
        "(`retain` ` ` `(` $retained^ `:` type($retained) `)` )? attr-dict"
    )

    def memory_effects(self) -> list[Effect]:
        return [free(m) for m in self.memrefs]

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("conditions", [T.i1] * len(ps.operands.get("conditions", [])))
        ps.types.setdefault("updatedConditions", [T.i1] * len(ps.operands.get("retained", [])))

    def verify_(self) -> None:
        if len(self.memrefs) != len(self.conditions):
            raise self.op_error("must have the same number of conditions as memrefs to deallocate")
        if len(self.retained) != len(self.results):
            raise self.op_error("must have the same number of updated conditions (results) as retained operands")
