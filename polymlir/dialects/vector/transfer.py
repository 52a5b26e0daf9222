"""Vector memory ops (upstream MLIR 22): transfer_read/transfer_write with
permutation maps, in_bounds and masks; load/store and their masked,
gathering, expanding and compressing forms; type_cast."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeGuard

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr, AffineDimExpr, const
from ...ir.affine_map import AffineMap
from ...ir.core import Value
from ...ir.fields import (
    operand_def,
    opt_operand_def,
    opt_result_def,
    prop_def,
    result_def,
    segment_sizes_attr,
    var_operand_def,
)
from ...ir.interfaces import Effect, MemoryEffectsOp, read, write
from ...ir.layout import canonicalize_strided_layout, has_identity_layout, is_last_dim_unit_stride
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    ATTR_SIZED_OPERAND_SEGMENTS,
    DESTINATION_STYLE_OP_INTERFACE,
    MASKABLE_OP_INTERFACE,
    PURE,
    VIEW_LIKE_OP_INTERFACE,
)
from .ops import AnyVector, AnyVectorNonZero, BoolVectorNonZero, bitwidth, custom_op_error, scal, vector_of, vtype


def _is_memref(t: T.Type) -> TypeGuard[T.MemRefType]:
    return isinstance(t, T.MemRefType)


AnyShaped = C.TypeConstraint("shaped of any type values", lambda t: isinstance(t, T.ShapedType))
AnyMemRef = C.TypeConstraint("memref of any type values", _is_memref, kind=("builtin.memref", _is_memref))
TensorOrMemRef = C.TypeConstraint(
    "tensor or memref of any type values",
    lambda t: isinstance(t, (T.MemRefType, T.RankedTensorType, T.UnrankedTensorType, T.UnrankedMemRefType)),
)
StaticMemRef = C.TypeConstraint(
    "statically shaped memref of any type values",
    lambda t: _is_memref(t) and t.has_static_shape,
    kind=("builtin.memref", _is_memref),
)
IntIndexVector = vector_of(
    "vector of integer or index values", lambda t: isinstance(t, (T.IntegerType, T.IndexType)), nonzero=True
)
FixedBoolVector = vector_of("vector of 1-bit signless integer values", lambda t: t == T.i1, fixed=True, nonzero=True)
BoolArrayAttr = C.AttrConstraint(
    "1-bit boolean array attribute",
    lambda a: isinstance(a, A.ArrayAttr) and all(isinstance(x, A.IntegerAttr) and x.type == T.i1 for x in a),
)


# -- transfer helpers ----------------------------------------------------------------


def minor_identity_map(shaped: T.ShapedType, vec: T.VectorType) -> AffineMap:
    """Upstream's ``getTransferMinorIdentityMap``."""
    ev = shaped.element_type.rank if isinstance(shaped.element_type, T.VectorType) else 0
    if shaped.rank == 0 and vec.shape == (1,):
        return AffineMap(0, 0, (const(0),))
    return AffineMap.minor_identity(shaped.rank, vec.rank - ev)


def transfer_mask_type(vec: T.VectorType, pmap: AffineMap) -> T.VectorType:
    """Upstream's ``inferTransferOpMaskType``: the vector shape before
    permutation and broadcast, as i1."""
    used = sorted({r.position for r in pmap.results if isinstance(r, AffineDimExpr)})
    pos_of = {d: i for i, d in enumerate(used)}
    first: dict[int, int] = {}
    for i, r in enumerate(pmap.results):
        if isinstance(r, AffineDimExpr) and pos_of[r.position] not in first:
            first[pos_of[r.position]] = i
    sc = scal(vec)
    shape = [vec.shape[first[k]] for k in range(len(used)) if k in first]
    flags = [sc[first[k]] for k in range(len(used)) if k in first]
    if not shape:
        shape, flags = [1], [False]
    return vtype(shape, T.i1, flags)


def _false_array(n: int) -> A.ArrayAttr:
    return A.ArrayAttr(tuple(A.FALSE for _ in range(n)))


def _complete_transfer_attrs(p, state, shaped, vec, types_pos) -> AffineMap | None:
    """Fill the default permutation map and in_bounds of a parsed transfer;
    the permutation map, None when the attribute is not an affine map."""
    attrs = state.attributes
    pm = attrs.pop("permutation_map", None)
    if pm is None:
        ev = shaped.element_type.rank if isinstance(shaped.element_type, T.VectorType) else 0
        if shaped.rank < vec.rank - ev:
            custom_op_error(
                p, state, "expected a custom permutation_map when rank(source) != rank(destination)", types_pos
            )
        pm = A.AffineMapAttr(minor_identity_map(shaped, vec))
    pmap = pm.value if isinstance(pm, A.AffineMapAttr) else None
    state.properties["permutation_map"] = pm
    ib = attrs.pop("in_bounds", None)
    if ib is None and pmap is not None:
        ib = _false_array(pmap.num_results)
    if ib is not None:
        state.properties["in_bounds"] = ib
    return pmap


def _print_transfer_attrs(op, p) -> None:
    attrs = dict(op.attributes)
    pm = op.props.get("permutation_map")
    if pm is not None and not (isinstance(pm, A.AffineMapAttr) and pm.value.is_minor_identity()):
        attrs["permutation_map"] = pm
    ib = op.props.get("in_bounds")
    if ib is not None and not (
        isinstance(ib, A.ArrayAttr) and not any(isinstance(x, A.IntegerAttr) and x.value for x in ib)
    ):
        attrs["in_bounds"] = ib
    p.print_optional_attr_dict(attrs)


def _requires_indices(op, base: T.Type) -> None:
    """One index per dimension of a ranked ``base``."""
    if isinstance(base, T.ShapedType) and base.has_rank and len(op.indices) != base.rank:
        raise op.op_error(f"requires {base.rank} indices")


def _verify_permutation_map(op, pmap: AffineMap) -> None:
    seen = [False] * pmap.num_inputs
    msg = "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)"
    for r in pmap.results:
        if isinstance(r, AffineConstantExpr):
            if r.value != 0:
                raise op.op_error(msg)
            continue
        if not isinstance(r, AffineDimExpr):
            raise op.op_error(msg)
        if seen[r.position]:
            raise op.op_error("requires a permutation_map that is a permutation (found one dim used more than once)")
        seen[r.position] = True


def _verify_transfer_op(op, vec: T.Type, *, writes: bool) -> AffineMap:
    """What transfer_read and transfer_write (``writes``) verify alike, in
    upstream's order: the index count, no broadcast dimension in a write,
    then ``verifyTransferOp``. Returns the permutation map."""
    shaped = op.base.type
    _requires_indices(op, shaped)
    pmap = op.prop("permutation_map", A.AffineMapAttr).value
    if writes and any(isinstance(r, AffineConstantExpr) for r in pmap.results):
        raise op.op_error("should not have broadcast dimensions")
    mask = op.mask.type if op.mask is not None else None
    _verify_transfer(op, shaped, T.of_kind(vec, T.VectorType), mask, pmap, op.prop("in_bounds", A.ArrayAttr))
    return pmap


def _verify_transfer(
    op, shaped: T.Type, vec: T.VectorType, mask: T.Type | None, pmap: AffineMap, in_bounds: A.ArrayAttr
) -> None:
    """Upstream's ``verifyTransferOp``."""
    if op.attributes.get("masked") is not None:
        raise op.op_error("masked attribute has been removed. Use in_bounds instead.")
    if not isinstance(shaped, (T.MemRefType, T.RankedTensorType)):
        raise op.op_error("requires source to be a memref or ranked tensor type")
    et = shaped.element_type
    if isinstance(et, T.VectorType):
        src_size = bitwidth(et.element_type) * et.shape[-1] if et.rank else bitwidth(et.element_type)
        res_size = bitwidth(vec.element_type) * (vec.shape[-1] if vec.rank else 1)
        if src_size and res_size % src_size:
            raise op.op_error(
                "requires the bitwidth of the minor 1-D vector to be an integral multiple of the "
                "bitwidth of the minor 1-D vector of the source"
            )
        if et.rank > vec.rank:
            raise op.op_error("requires source vector element and vector result ranks to match.")
        if pmap.num_results != vec.rank - et.rank:
            raise op.op_error("requires a permutation_map with result dims of the same rank as the vector type")
        if mask is not None:
            raise op.op_error("does not support masks with vector element type")
    else:
        minor = vec.shape[-1] if vec.rank else 1
        eb = bitwidth(et)
        if eb and (bitwidth(vec.element_type) * minor) % eb:
            raise op.op_error(
                "requires the bitwidth of the minor 1-D vector to be an integral multiple of the "
                "bitwidth of the source element type"
            )
        if pmap.num_results != vec.rank:
            raise op.op_error("requires a permutation_map with result dims of the same rank as the vector type")
    if pmap.num_symbols:
        raise op.op_error("requires permutation_map without symbols")
    if pmap.num_inputs != shaped.rank:
        raise op.op_error("requires a permutation_map with input dims of the same rank as the source type")
    if mask is not None:
        inferred = transfer_mask_type(vec, pmap)
        if mask != inferred:
            raise op.op_error(f"inferred mask type ('{inferred}') and mask operand type ('{mask}') don't match")
    if pmap.num_results != len(in_bounds):
        raise op.op_error(
            f"expects the in_bounds attr of same rank as permutation_map results: "
            f"affine_map<{pmap}> vs inBounds of size: {len(in_bounds)}"
        )


def _resolve_transfer_mask(
    p, state, mask, st: T.ShapedType, vt: T.VectorType, pmap: AffineMap | None, tpos: int
) -> Value:
    """The mask operand of a parsed transfer, of the type its vector and
    permutation map imply."""
    if isinstance(st.element_type, T.VectorType):
        custom_op_error(p, state, "does not support masks with vector element type", mask[2])
    if pmap is None or vt.rank != pmap.num_results:
        custom_op_error(p, state, "expected the same rank for the vector and the results of the permutation map", tpos)
    return p.resolve_operand(mask, transfer_mask_type(vt, pmap))


def _parse_transfer_types(p, state) -> tuple:
    types_pos = p.start
    types = p.parse_colon_type_list()
    if len(types) != 2:
        custom_op_error(p, state, "requires two types", types_pos)
    return types, types_pos


class _MemoryAccess(MemoryEffectsOp):
    """The vector ops that read (or, with ``_writes``, write) their ``base``
    operand: memory when it is a memref; a tensor base is a value (no effect)."""

    __slots__ = ()
    _writes: ClassVar[bool] = False
    if TYPE_CHECKING:  # the field every subclass declares
        base: Value

    def memory_effects(self) -> list[Effect]:
        base = self.base
        if not isinstance(base.type, (T.MemRefType, T.UnrankedMemRefType)):
            return []
        return [write(base) if self._writes else read(base)]


@register_op
class TransferReadOp(OpDef, _MemoryAccess):
    """Read a vector from a slice of a memref or tensor."""

    __slots__ = ()
    OP_NAME = "vector.transfer_read"
    traits = frozenset({ATTR_SIZED_OPERAND_SEGMENTS, MASKABLE_OP_INTERFACE, DESTINATION_STYLE_OP_INTERFACE})
    supports_passthru = True
    base = operand_def(AnyShaped)
    indices = var_operand_def(C.Index)
    permutation_map = prop_def(C.AffineMapAttr)
    padding = operand_def()
    mask = opt_operand_def(BoolVectorNonZero)
    in_bounds = prop_def(BoolArrayAttr)
    vector = result_def(AnyVector)

    @classmethod
    def parse(cls, p, state) -> None:
        src = p.parse_operand()
        idx = p.parse_operand_list("[")
        p.expect(",", "expected ','")
        pad = p.parse_operand()
        mask = None
        if p.accept(","):
            mask = p.parse_operand()
        state.attributes.update(p.parse_optional_attr_dict())
        (st, vt), tpos = _parse_transfer_types(p, state)
        if not isinstance(st, (T.MemRefType, T.RankedTensorType)):
            custom_op_error(p, state, "requires memref or ranked tensor type", tpos)
        if not isinstance(vt, T.VectorType):
            custom_op_error(p, state, "requires vector type", tpos)
        pmap = _complete_transfer_attrs(p, state, st, vt, tpos)
        ops = [p.resolve_operand(src, st)] + p.resolve_operands(idx, [T.index] * len(idx))
        ops.append(p.resolve_operand(pad, st.element_type))
        if mask is not None:
            ops.append(_resolve_transfer_mask(p, state, mask, st, vt, pmap, tpos))
        state.operands = ops
        state.properties["operandSegmentSizes"] = segment_sizes_attr([1, len(idx), 1, int(mask is not None)])
        state.result_types = [vt]

    def print_custom(self, p) -> None:
        p.write(f" {p.value_name(self.base)}[{p.operands_str(self.indices)}], {p.value_name(self.padding)}")
        if self.mask is not None:
            p.write(", " + p.value_name(self.mask))
        _print_transfer_attrs(self, p)
        p.write(f" : {p.type(self.base.type)}, {p.type(self.result_types[0])}")

    def expected_mask_type(self) -> T.Type:
        return transfer_mask_type(T.of_kind(self.result_types[0], T.VectorType), self.permutation_map.value)

    def verify_(self) -> None:
        pmap = _verify_transfer_op(self, self.result_types[0], writes=False)
        et, pt = T.of_kind(self.base.type, T.ShapedType).element_type, self.padding.type
        if isinstance(et, T.VectorType):
            if et != pt:
                raise self.op_error("requires source element type and padding type to match.")
        else:
            if not isinstance(pt, (T.IntegerType, T.IndexType, T.FloatType)):
                raise self.op_error("requires valid padding vector elemental type")
            if pt != et:
                raise self.op_error("requires formal padding and source of the same elemental type")
        _verify_permutation_map(self, pmap)


@register_op
class TransferWriteOp(OpDef, _MemoryAccess):
    """Write a vector into a slice of a memref or tensor."""

    __slots__ = ()
    OP_NAME = "vector.transfer_write"
    _writes = True
    traits = frozenset({ATTR_SIZED_OPERAND_SEGMENTS, MASKABLE_OP_INTERFACE, DESTINATION_STYLE_OP_INTERFACE})
    valueToStore = operand_def(AnyVector)
    base = operand_def(AnyShaped)
    indices = var_operand_def(C.Index)
    permutation_map = prop_def(C.AffineMapAttr)
    mask = opt_operand_def(BoolVectorNonZero)
    in_bounds = prop_def(BoolArrayAttr)
    result = opt_result_def(C.AnyRankedTensor)

    @classmethod
    def parse(cls, p, state) -> None:
        val = p.parse_operand()
        p.expect(",", "expected ','")
        src = p.parse_operand()
        idx = p.parse_operand_list("[")
        mask = None
        if p.accept(","):
            mask = p.parse_operand()
        state.attributes.update(p.parse_optional_attr_dict())
        (vt, st), tpos = _parse_transfer_types(p, state)
        if not isinstance(vt, T.VectorType):
            custom_op_error(p, state, "requires vector type", tpos)
        if not isinstance(st, (T.MemRefType, T.RankedTensorType)):
            custom_op_error(p, state, "requires memref or ranked tensor type", tpos)
        pmap = _complete_transfer_attrs(p, state, st, vt, tpos)
        ops = [p.resolve_operand(val, vt), p.resolve_operand(src, st)]
        ops += p.resolve_operands(idx, [T.index] * len(idx))
        if mask is not None:
            ops.append(_resolve_transfer_mask(p, state, mask, st, vt, pmap, tpos))
        state.operands = ops
        state.properties["operandSegmentSizes"] = segment_sizes_attr([1, 1, len(idx), int(mask is not None)])
        state.result_types = [st] if isinstance(st, T.RankedTensorType) else []

    def print_custom(self, p) -> None:
        p.write(f" {p.value_name(self.valueToStore)}, {p.value_name(self.base)}[{p.operands_str(self.indices)}]")
        if self.mask is not None:
            p.write(", " + p.value_name(self.mask))
        _print_transfer_attrs(self, p)
        p.write(f" : {p.type(self.valueToStore.type)}, {p.type(self.base.type)}")

    def expected_mask_type(self) -> T.Type:
        return transfer_mask_type(T.of_kind(self.valueToStore.type, T.VectorType), self.permutation_map.value)

    def verify_(self) -> None:
        pmap = _verify_transfer_op(self, self.valueToStore.type, writes=True)
        _verify_permutation_map(self, pmap)


# -- load / store -----------------------------------------------------------------------------


def _verify_layout(op, vt: T.VectorType, mt: T.MemRefType) -> None:
    if not any(scal(vt)) and (vt.rank == 0 or vt.num_elements == 1):
        return
    if not is_last_dim_unit_stride(mt):
        raise op.op_error("most minor memref dim must have unit stride")


class _LoadStoreBase(OpDef, _MemoryAccess):
    __slots__ = ()

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("indices", [T.index] * len(ps.operands.get("indices", [])))


@register_op
class LoadOp(_LoadStoreBase):
    """Read an n-D vector from a memref."""

    __slots__ = ()
    OP_NAME = "vector.load"
    base = operand_def(AnyMemRef)
    indices = var_operand_def(C.Index)
    nontemporal = prop_def(C.BoolAttr, default=A.FALSE)
    alignment = prop_def(C.I64Attr, optional=True)
    result = result_def(AnyVector)
    assembly_format = "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)"

    def verify_(self) -> None:
        vt, mt = T.of_kind(self.result_types[0], T.VectorType), T.of_kind(self.base.type, T.MemRefType)
        _verify_layout(self, vt, mt)
        if mt.rank < vt.rank:
            raise self.op_error("destination memref has lower rank than the result vector")
        et = mt.element_type
        if isinstance(et, T.VectorType):
            if et != vt:
                raise self.op_error("base memref and result vector types should match")
            et = et.element_type
        if vt.element_type != et:
            raise self.op_error("base and result element types should match")
        _requires_indices(self, mt)


@register_op
class StoreOp(_LoadStoreBase):
    """Write an n-D vector to a memref."""

    __slots__ = ()
    OP_NAME = "vector.store"
    _writes = True
    valueToStore = operand_def(AnyVector)
    base = operand_def(AnyMemRef)
    indices = var_operand_def(C.Index)
    nontemporal = prop_def(C.BoolAttr, default=A.FALSE)
    alignment = prop_def(C.I64Attr, optional=True)
    assembly_format = "$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)"

    def verify_(self) -> None:
        vt, mt = T.of_kind(self.valueToStore.type, T.VectorType), T.of_kind(self.base.type, T.MemRefType)
        _verify_layout(self, vt, mt)
        if mt.rank < vt.rank:
            raise self.op_error("source memref has lower rank than the vector to store")
        et = mt.element_type
        if isinstance(et, T.VectorType):
            if et != vt:
                raise self.op_error("base memref and valueToStore vector types should match")
            et = et.element_type
        if vt.element_type != et:
            raise self.op_error("base and valueToStore element type should match")
        _requires_indices(self, mt)


def _verify_masked_access(
    op,
    data_name: str,
    data: T.Type,
    noun: str,
    *,
    index_vec: T.Type | None = None,
    pass_thru: T.Type | None = None,
) -> None:
    """maskedload/maskedstore/gather/scatter/expandload/compressstore: the
    data vector (``data_name``: the "result" of a load, the "valueToStore" of
    a store) against the base's element type, the indices, the index vector
    of gather/scatter, the mask and a load's ``pass_thru``, in upstream's
    order and words (``noun`` is "shape" for maskedload/maskedstore, "dim"
    for the others)."""
    vt, bt = T.of_kind(data, T.VectorType), T.of_kind(op.base.type, T.ShapedType)
    if vt.element_type != bt.element_type:
        raise op.op_error(f"base and {data_name} element type should match")
    _requires_indices(op, bt)
    if index_vec is not None and vt.shape != T.of_kind(index_vec, T.VectorType).shape:
        raise op.op_error(f"expected {data_name} dim to match indices dim")
    if vt.shape != T.of_kind(op.mask.type, T.VectorType).shape:
        raise op.op_error(f"expected {data_name} {noun} to match mask {noun}")
    if pass_thru is not None and vt != pass_thru:
        raise op.op_error(f"expected pass_thru of same type as {data_name} type")


@register_op
class MaskedLoadOp(_LoadStoreBase):
    """Read the elements of a vector that a mask selects."""

    __slots__ = ()
    OP_NAME = "vector.maskedload"
    base = operand_def(AnyMemRef)
    indices = var_operand_def(C.Index)
    mask = operand_def(BoolVectorNonZero)
    pass_thru = operand_def(AnyVectorNonZero)
    alignment = prop_def(C.I64Attr, optional=True)
    result = result_def(AnyVectorNonZero)
    assembly_format = (
        "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` "
        "type($mask) `,` type($pass_thru) `into` type($result)"
    )

    def verify_(self) -> None:
        _verify_masked_access(self, "result", self.result_types[0], "shape", pass_thru=self.pass_thru.type)


@register_op
class MaskedStoreOp(_LoadStoreBase):
    """Write the elements of a vector that a mask selects."""

    __slots__ = ()
    OP_NAME = "vector.maskedstore"
    _writes = True
    base = operand_def(AnyMemRef)
    indices = var_operand_def(C.Index)
    mask = operand_def(BoolVectorNonZero)
    valueToStore = operand_def(AnyVectorNonZero)
    alignment = prop_def(C.I64Attr, optional=True)
    assembly_format = (
        "$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` "
        "type($mask) `,` type($valueToStore)"
    )

    def verify_(self) -> None:
        _verify_masked_access(self, "valueToStore", self.valueToStore.type, "shape")


@register_op
class GatherOp(_LoadStoreBase):
    """Read the elements at base + an index vector, where a mask selects."""

    __slots__ = ()
    OP_NAME = "vector.gather"
    traits = frozenset({MASKABLE_OP_INTERFACE})
    supports_passthru = True
    base = operand_def(TensorOrMemRef)
    indices = var_operand_def(C.Index)
    index_vec = operand_def(IntIndexVector)
    mask = operand_def(BoolVectorNonZero)
    pass_thru = operand_def(AnyVectorNonZero)
    alignment = prop_def(C.I64Attr, optional=True)
    result = result_def(AnyVectorNonZero)
    assembly_format = (
        "$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $pass_thru attr-dict `:` "
        "type($base) `,` type($index_vec)  `,` type($mask) `,` type($pass_thru) `into` "
        "type($result)"
    )

    def expected_mask_type(self) -> T.Type:
        r = T.of_kind(self.result_types[0], T.VectorType)
        return vtype(r.shape, T.i1, scal(r))

    def verify_(self) -> None:
        if not isinstance(self.base.type, (T.MemRefType, T.RankedTensorType)):
            raise self.op_error("requires base to be a memref or ranked tensor type")
        _verify_masked_access(
            self, "result", self.result_types[0], "dim", index_vec=self.index_vec.type, pass_thru=self.pass_thru.type
        )


@register_op
class ScatterOp(_LoadStoreBase):
    """Write elements at base + an index vector, where a mask selects."""

    __slots__ = ()
    OP_NAME = "vector.scatter"
    _writes = True
    traits = frozenset({MASKABLE_OP_INTERFACE})
    base = operand_def(TensorOrMemRef)
    indices = var_operand_def(C.Index)
    index_vec = operand_def(IntIndexVector)
    mask = operand_def(BoolVectorNonZero)
    valueToStore = operand_def(AnyVectorNonZero)
    alignment = prop_def(C.I64Attr, optional=True)
    result = opt_result_def(C.AnyRankedTensor)
    assembly_format = (
        "$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $valueToStore attr-dict `:` "
        "type($base) `,` type($index_vec)  `,` type($mask) `,` type($valueToStore) "
        "(`->` type($result)^)?"
    )

    def expected_mask_type(self) -> T.Type:
        v = T.of_kind(self.valueToStore.type, T.VectorType)
        return vtype(v.shape, T.i1, scal(v))

    def verify_(self) -> None:
        _verify_masked_access(self, "valueToStore", self.valueToStore.type, "dim", index_vec=self.index_vec.type)


@register_op
class ExpandLoadOp(_LoadStoreBase):
    """Read consecutive elements into the lanes a mask selects."""

    __slots__ = ()
    OP_NAME = "vector.expandload"
    base = operand_def(AnyMemRef)
    indices = var_operand_def(C.Index)
    mask = operand_def(FixedBoolVector)
    pass_thru = operand_def(AnyVectorNonZero)
    alignment = prop_def(C.I64Attr, optional=True)
    result = result_def(AnyVectorNonZero)
    assembly_format = (
        "$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` "
        "type($mask) `,` type($pass_thru) `into` type($result)"
    )

    def verify_(self) -> None:
        _verify_masked_access(self, "result", self.result_types[0], "dim", pass_thru=self.pass_thru.type)


@register_op
class CompressStoreOp(_LoadStoreBase):
    """Write the lanes a mask selects to consecutive elements."""

    __slots__ = ()
    OP_NAME = "vector.compressstore"
    _writes = True
    base = operand_def(AnyMemRef)
    indices = var_operand_def(C.Index)
    mask = operand_def(FixedBoolVector)
    valueToStore = operand_def(AnyVectorNonZero)
    alignment = prop_def(C.I64Attr, optional=True)
    assembly_format = (
        "$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` "
        "type($mask) `,` type($valueToStore)"
    )

    def verify_(self) -> None:
        _verify_masked_access(self, "valueToStore", self.valueToStore.type, "dim")


@register_op
class TypeCastOp(OpDef):
    """View a memref of scalars as a memref holding one vector."""

    __slots__ = ()
    OP_NAME = "vector.type_cast"
    traits = frozenset({PURE, VIEW_LIKE_OP_INTERFACE})
    memref = operand_def(StaticMemRef)
    result = result_def(AnyMemRef)
    assembly_format = "$memref attr-dict `:` type($memref) `to` type($result)"

    def verify_(self) -> None:
        st, rt = T.of_kind(self.memref.type, T.MemRefType), T.of_kind(self.result_types[0], T.MemRefType)
        if not has_identity_layout(canonicalize_strided_layout(st)):
            raise self.op_error("expects operand to be a memref with identity layout")
        if not has_identity_layout(rt):
            raise self.op_error("expects result to be a memref with identity layout")
        if st.memory_space != rt.memory_space:
            raise self.op_error("expects result in same memory space")

        def scalar(t: T.MemRefType) -> T.Type:
            e = t.element_type
            return e.element_type if isinstance(e, T.VectorType) else e

        def full_shape(t: T.MemRefType) -> tuple[int, ...]:
            e = t.element_type
            return tuple(t.shape) + (tuple(e.shape) if isinstance(e, T.VectorType) else ())

        if scalar(st) != scalar(rt):
            raise self.op_error(f"expects result and operand with same underlying scalar type: '{rt}'")
        if full_shape(st) != full_shape(rt):
            raise self.op_error(f"expects concatenated result and operand shapes to be equal: '{rt}'")
