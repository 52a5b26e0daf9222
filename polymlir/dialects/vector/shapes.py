"""Vector ops on shapes and reductions (upstream MLIR 22): strided slices,
shape_cast, bitcast, transpose, reduction, multi_reduction and scan."""

from __future__ import annotations

from ...ir import constraints as C
from ...ir import types as T
from ...ir.fields import operand_def, opt_operand_def, prop_def, result_def
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import MASKABLE_OP_INTERFACE, PURE
from ..arith.ops import FASTMATH_NONE
from .ops import (
    FASTMATH,
    KIND,
    AnyVector,
    AnyVectorNonZero,
    IntegerArrayAttr,
    bitwidth,
    kind_name,
    same_element_type,
    scal,
    supported_kind,
    vtype,
)

# -- strided slices ------------------------------------------------------------------------


def _ints(a) -> list[int]:
    return [x.value for x in a]


def _confined_to_shape(op, vals, shape, name, half_open=True, lo=0) -> None:
    for i, (v, d) in enumerate(zip(vals, shape, strict=False)):
        hi = d if half_open else d + 1
        if v < lo or v >= hi:
            raise op.op_error(f"expected {name} dimension {i} to be confined to [{lo}, {hi})")


def _unit_strides(op, strides, name) -> None:
    for v in strides:
        if v < 1 or v >= 2:
            raise op.op_error(f"expected {name} to be confined to [1, 2)")


def _sum_confined(op, a, b, shape, name1, name2) -> None:
    for i, (x, y, d) in enumerate(zip(a, b, shape, strict=False)):
        if x + y < 0 or x + y >= d + 1:
            raise op.op_error(f"expected sum({name1}, {name2}) dimension {i} to be confined to [1, {d + 1})")


@register_op
class ExtractStridedSliceOp(OpDef):
    """A strided sub-vector of a vector."""

    __slots__ = ()
    OP_NAME = "vector.extract_strided_slice"
    traits = frozenset({PURE})
    source = operand_def(AnyVectorNonZero)
    offsets = prop_def(IntegerArrayAttr)
    sizes = prop_def(IntegerArrayAttr)
    strides = prop_def(IntegerArrayAttr)
    result = result_def(AnyVectorNonZero)
    assembly_format = "$source attr-dict `:` type($source) `to` type(results)"

    def verify_(self) -> None:
        st, rt = T.of_kind(self.source.type, T.VectorType), self.result_types[0]
        same_element_type(self, st, rt, "operand and result have same element type")
        offs, szs, strs = (_ints(getattr(self, n)) for n in ("offsets", "sizes", "strides"))
        if not (len(offs) == len(szs) == len(strs)):
            raise self.op_error("expected offsets, sizes and strides attributes of same size")
        shape = st.shape
        for name, v in (("offsets", offs), ("sizes", szs), ("strides", strs)):
            if len(v) > len(shape):
                raise self.op_error(f"expected {name} attribute of rank no greater than vector rank")
        _confined_to_shape(self, offs, shape, "offsets")
        _confined_to_shape(self, szs, shape, "sizes", half_open=False, lo=1)
        _unit_strides(self, strs, "strides")
        _sum_confined(self, offs, szs, shape, "offsets", "sizes")
        sc = scal(st)
        expected = vtype(tuple(szs) + tuple(shape[len(szs) :]), st.element_type, sc)
        if rt != expected:
            raise self.op_error(f"expected result type to be '{expected}'")
        for i, s in enumerate(szs):
            if sc[i] and shape[i] != s:
                raise self.op_error(
                    f"expected size at idx={i} to match the corresponding base size from the input "
                    f"vector ({s} vs {shape[i]})"
                )


@register_op
class InsertStridedSliceOp(OpDef):
    """A copy of ``dest`` with a strided sub-vector replaced."""

    __slots__ = ()
    OP_NAME = "vector.insert_strided_slice"
    traits = frozenset({PURE})
    valueToStore = operand_def(AnyVectorNonZero)
    dest = operand_def(AnyVectorNonZero)
    offsets = prop_def(IntegerArrayAttr)
    strides = prop_def(IntegerArrayAttr)
    res = result_def(AnyVectorNonZero)
    assembly_format = "$valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` type($dest)"
    type_matches = (("dest", "res"),)

    def verify_(self) -> None:
        st, dt = T.of_kind(self.valueToStore.type, T.VectorType), T.of_kind(self.dest.type, T.VectorType)
        same_element_type(self, st, self.result_types[0], "operand #0 and result have same element type")
        if dt != self.result_types[0]:
            raise self.op_error("failed to verify that all of {dest, res} have same type")
        offs, strs = _ints(self.offsets), _ints(self.strides)
        if len(offs) != dt.rank:
            raise self.op_error("expected offsets of same size as destination vector rank")
        if len(strs) != st.rank:
            raise self.op_error("expected strides of same size as source vector rank")
        if st.rank > dt.rank:
            raise self.op_error("expected source rank to be no greater than destination rank")
        as_dest = (0,) * (dt.rank - st.rank) + tuple(st.shape)
        _confined_to_shape(self, offs, dt.shape, "offsets")
        _unit_strides(self, strs, "strides")
        _sum_confined(self, as_dest, offs, dt.shape, "offsets", "source vector shape")
        diff = dt.rank - st.rank
        ss, ds = scal(st), scal(dt)
        for i in range(st.rank):
            if ss[i] != ds[i + diff]:
                raise self.op_error(f"mismatching scalable flags (at source vector idx={i})")
            if ss[i] and st.shape[i] != dt.shape[i + diff]:
                raise self.op_error(
                    f"expected size at idx={i} to match the corresponding base size from the input "
                    f"vector ({st.shape[i]} vs {dt.shape[i + diff]})"
                )


# -- shape changes ---------------------------------------------------------------------------


@register_op
class ShapeCastOp(OpDef):
    """Reshape a vector, keeping its elements."""

    __slots__ = ()
    OP_NAME = "vector.shape_cast"
    traits = frozenset({PURE})
    source = operand_def(AnyVector)
    result = result_def(AnyVector)
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    def verify_(self) -> None:
        s, r = T.of_kind(self.source.type, T.VectorType), T.of_kind(self.result_types[0], T.VectorType)
        if s.element_type != r.element_type:
            raise self.op_error("has different source and result element types")
        if s.num_elements != r.num_elements:
            raise self.op_error(
                f"has different number of elements at source ({s.num_elements}) and result ({r.num_elements})"
            )
        ns, nr = sum(scal(s)), sum(scal(r))
        if ns != nr:
            raise self.op_error(f"has different number of scalable dims at source ({ns}) and result ({nr})")


@register_op
class BitCastOp(OpDef):
    """Reinterpret the minor dimension of a vector as another element type."""

    __slots__ = ()
    OP_NAME = "vector.bitcast"
    traits = frozenset({PURE})
    source = operand_def(AnyVector)
    result = result_def(AnyVector)
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"

    def verify_(self) -> None:
        s, r = T.of_kind(self.source.type, T.VectorType), T.of_kind(self.result_types[0], T.VectorType)
        if s.rank != r.rank:
            raise self.op_error("failed to verify that all of {source, result} have same rank")
        for i in range(s.rank - 1):
            if s.shape[i] != r.shape[i]:
                raise self.op_error(f"dimension size mismatch at: {i}")
        sb, rb = bitwidth(s.element_type), bitwidth(r.element_type)
        if s.rank == 0:
            if sb != rb:
                raise self.op_error("source/result bitwidth of the 0-D vector element types must be equal")
        elif sb * s.shape[-1] != rb * r.shape[-1]:
            raise self.op_error("source/result bitwidth of the minor 1-D vectors must be equal")


@register_op
class TransposeOp(OpDef):
    """Permute the dimensions of a vector."""

    __slots__ = ()
    OP_NAME = "vector.transpose"
    traits = frozenset({PURE})
    vector = operand_def(AnyVector)
    permutation = prop_def(C.DenseI64ArrayAttr)
    result = result_def(AnyVector)
    assembly_format = "$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)"

    def verify_(self) -> None:
        v, r = T.of_kind(self.vector.type, T.VectorType), T.of_kind(self.result_types[0], T.VectorType)
        same_element_type(self, v, r, "operand and result have same element type")
        rank = r.rank
        if v.rank != rank:
            raise self.op_error(f"vector result rank mismatch: {rank}")
        perm = list(self.permutation.values)
        if len(perm) != rank:
            raise self.op_error(f"transposition length mismatch: {len(perm)}")
        seen = [False] * rank
        for i, p in enumerate(perm):
            if p < 0 or p >= rank:
                raise self.op_error(f"transposition index out of range: {p}")
            if seen[p]:
                raise self.op_error(f"duplicate position index: {p}")
            seen[p] = True
            if r.shape[i] != v.shape[p]:
                raise self.op_error(f"dimension size mismatch at: {p}")


# -- reductions --------------------------------------------------------------------------------


@register_op
class ReductionOp(OpDef):
    """Reduce a 1-D vector to a scalar."""

    __slots__ = ()
    OP_NAME = "vector.reduction"
    traits = frozenset({PURE, MASKABLE_OP_INTERFACE})
    kind = prop_def(KIND)
    vector = operand_def(AnyVector)
    acc = opt_operand_def()
    fastmath = prop_def(FASTMATH, default=FASTMATH_NONE, populate=True)
    dest = result_def()
    assembly_format = (
        "$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) `into` type($dest)"
    )

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        d = ps.types.get("dest")
        if d and ps.operands.get("acc"):
            ps.types.setdefault("acc", list(d))

    def verify_(self) -> None:
        vt, dt = T.of_kind(self.vector.type, T.VectorType), self.result_types[0]
        same_element_type(self, dt, vt, "source operand and result have same element type")
        acc = self.acc
        if acc is not None and acc.type != dt:
            raise self.op_error("failed to verify that dest and acc have the same type")
        if vt.rank > 1:
            raise self.op_error(f"unsupported reduction rank: {vt.rank}")
        k = kind_name(self.kind)
        if not supported_kind(k, dt):
            # Upstream quotes the type twice (its message adds quotes around a quoted type).
            raise self.op_error(f"unsupported reduction type ''{dt}'' for kind '{k}'")

    def expected_mask_type(self) -> T.Type:
        vt = T.of_kind(self.vector.type, T.VectorType)
        return vtype(vt.shape, T.i1, scal(vt))


@register_op
class MultiDimReductionOp(OpDef):
    """Reduce some dimensions of a vector."""

    __slots__ = ()
    OP_NAME = "vector.multi_reduction"
    traits = frozenset({PURE, MASKABLE_OP_INTERFACE})
    kind = prop_def(KIND)
    source = operand_def(AnyVectorNonZero)
    acc = operand_def()
    reduction_dims = prop_def(C.DenseI64ArrayAttr)
    dest = result_def()
    assembly_format = "$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` type($dest)"
    type_matches = (("dest", "acc"),)

    def verify_(self) -> None:
        st, dt = T.of_kind(self.source.type, T.VectorType), self.result_types[0]
        if self.acc.type != dt:
            raise self.op_error("failed to verify that all of {dest, acc} have same type")
        same_element_type(self, dt, st, "source operand and result have same element type")
        dims = set(self.reduction_dims.values)
        sc = scal(st)
        keep = [i for i in range(st.rank) if i not in dims]
        inferred = (
            st.element_type if not keep else vtype([st.shape[i] for i in keep], st.element_type, [sc[i] for i in keep])
        )
        if dt != inferred:
            raise self.op_error(f"destination type '{dt}' is incompatible with source type '{st}'")

    def expected_mask_type(self) -> T.Type:
        st = T.of_kind(self.source.type, T.VectorType)
        return vtype(st.shape, T.i1, scal(st))


@register_op
class ScanOp(OpDef):
    """Inclusive or exclusive scan along one dimension."""

    __slots__ = ()
    OP_NAME = "vector.scan"
    traits = frozenset({PURE})
    kind = prop_def(KIND)
    source = operand_def(AnyVectorNonZero)
    initial_value = operand_def(AnyVector)
    reduction_dim = prop_def(C.I64Attr)
    inclusive = prop_def(C.BoolAttr)
    dest = result_def(AnyVectorNonZero)
    accumulated_value = result_def(AnyVector)
    assembly_format = "$kind `,` $source `,` $initial_value attr-dict `:` type($source) `,` type($initial_value)"
    type_matches = (("source", "dest"), ("initial_value", "accumulated_value"))

    def asm_result_names(self) -> tuple[str, str]:
        return ("dest", "accumulated_value")

    def verify_(self) -> None:
        st, it = T.of_kind(self.source.type, T.VectorType), T.of_kind(self.initial_value.type, T.VectorType)
        if st != self.result_types[0]:
            raise self.op_error("failed to verify that all of {source, dest} have same type")
        if it != self.result_types[1]:
            raise self.op_error("failed to verify that all of {initial_value, accumulated_value} have same type")
        rd = self.reduction_dim.value
        if rd >= st.rank:
            raise self.op_error(f"reduction dimension {rd} has to be less than {st.rank}")
        if it.rank != st.rank - 1:
            raise self.op_error(f"initial value rank {it.rank} has to be equal to {st.rank - 1}")
        if list(it.shape) != [d for i, d in enumerate(st.shape) if i != rd]:
            raise self.op_error("incompatible input/initial value shapes")
        k = kind_name(self.kind)
        if not supported_kind(k, st.element_type):
            raise self.op_error(f"unsupported reduction type '{st.element_type}' for kind '{k}'")
