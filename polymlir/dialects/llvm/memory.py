"""LLVM dialect memory, aggregate and vector-element ops: ``alloca``,
``load``, ``store``, ``getelementptr``, ``extractvalue``/``insertvalue``,
``extractelement``/``insertelement``, ``shufflevector``, ``select``,
``freeze`` (Python API: see ``ops.py``; constants are in ``constants.py``,
atomics in ``atomics.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import custom_attr
from ...ir.core import Value
from ...ir.fields import operand_def, prop_def, result_def, var_operand_def
from ...ir.registry import register_op
from ...ir.traits import PURE, SAME_OPERANDS_AND_RESULT_TYPE
from . import attrs as LA
from .ops import (
    AGGREGATE,
    ANY_PTR,
    ANY_VECTOR,
    ARRAY,
    BOOL_LIKE,
    I64_ATTR,
    INT_LIKE,
    LLVM_TYPE,
    LOADABLE,
    ORDERING,
    PTR_LIKE,
    SIGNLESS_INT,
    LLVMOp,
    _fmf_prop,
    _i32,
    _i64,
)
from .types import (
    LLVMArrayType,
    LLVMPointerType,
    LLVMStructType,
    LLVMTargetExtType,
    is_compatible_type,
    is_compatible_vector,
    is_llvm_float,
)

# -- memory ---------------------------------------------------------------------------

# Aliasing information every memory access op may carry (LLVM_MemAccessOpBase).
_ALIAS_PROPS = ("access_groups", "alias_scopes", "noalias_scopes", "tbaa")


@register_op
class AllocaOp(LLVMOp):
    """``llvm.alloca [inalloca] %n x T {alignment = A} : (i64) -> !llvm.ptr``."""

    __slots__ = ()
    OP_NAME = "llvm.alloca"
    arraySize = operand_def(SIGNLESS_INT)
    alignment = prop_def(I64_ATTR, optional=True)
    elem_type = prop_def(C.TypeAttr)
    inalloca = prop_def(C.UnitAttr, optional=True)
    res = result_def(ANY_PTR)

    @classmethod
    def parse(cls, p, state) -> None:
        if p.accept_keyword("inalloca"):
            state.properties["inalloca"] = A.UNIT
        size = p.parse_operand()
        p.expect_keyword("x")
        et = p.parse_type()
        attrs = p.parse_optional_attr_dict()
        p.expect(":", "expected ':'")
        tpos = p.start
        ft = p.parse_type()
        al = attrs.get("alignment")
        if al is not None:
            if not isinstance(al, A.IntegerAttr):
                p.error("custom op 'llvm.alloca' expected integer alignment", state.pos)
            if al.value == 0:
                del attrs["alignment"]
        if not isinstance(ft, T.FunctionType) or len(ft.inputs) != 1 or len(ft.results) != 1:
            p.error("custom op 'llvm.alloca' expected trailing function type with one argument and one result", tpos)
        pn = cls.property_names()
        for k, v in attrs.items():
            (state.properties if k in pn else state.attributes)[k] = v
        state.operands = [p.resolve_operand(size, ft.inputs[0])]
        if isinstance(ft.results[0], LLVMPointerType):
            state.properties["elem_type"] = A.TypeAttr(et)
        state.result_types = [ft.results[0]]

    def print_custom(self, p) -> None:
        props = self.props
        if "inalloca" in props:
            p.write(" inalloca")
        et = props.get("elem_type")
        p.write(f" {p.value_name(self.operands[0])} x {p.type(et.value) if isinstance(et, A.TypeAttr) else '?'}")
        attrs = {k: v for k, v in props.items() if k not in ("elem_type", "inalloca")}
        al = attrs.get("alignment")
        if isinstance(al, A.IntegerAttr) and al.value == 0:
            del attrs["alignment"]
        attrs.update(self.attributes)
        p.print_optional_attr_dict(attrs)
        p.write(f" : ({p.type(self.operands[0].type)}) -> {p.type(self.results[0].type)}")

    def verify_(self) -> None:
        et = self.props.get("elem_type")
        if (
            isinstance(et, A.TypeAttr)
            and isinstance(et.value, LLVMTargetExtType)
            and et.value.name not in ("spirv.Image",)
        ):
            pass  # target extension properties are not modelled

    @classmethod
    def build(cls, size: Value, elem_type: T.Type, alignment: int = 0, addr_space: int = 0) -> AllocaOp:
        props: dict = {"elem_type": A.TypeAttr(elem_type)}
        if alignment:
            props["alignment"] = _i64(alignment)
        return cls.create(operands=[size], result_types=[LLVMPointerType(addr_space)], properties=props)


def _atomic_type_ok(t: T.Type) -> bool:
    if isinstance(t, LLVMPointerType):
        return True
    if isinstance(t, T.IntegerType) or is_llvm_float(t):
        w = t.width if isinstance(t, (T.IntegerType, T.FloatType)) else 128
        return w >= 8 and (w & (w - 1)) == 0
    return False


def _verify_atomic_access(op, value_type: T.Type, unsupported: tuple[str, ...]) -> None:
    ordering = op.props.get("ordering")
    o = ordering.value if isinstance(ordering, A.IntegerAttr) else 0
    if o != 0:
        if not _atomic_type_ok(value_type):
            raise op.op_error(f"unsupported type '{value_type}' for atomic access")
        name = LA.ATOMIC_ORDERINGS.get(o, str(o))
        if name in unsupported:
            raise op.op_error(f"unsupported ordering '{name}'")
        if "alignment" not in op.props:
            raise op.op_error("expected alignment for atomic access")
        return
    if "syncscope" in op.props:
        raise op.op_error("expected syncscope to be null for non-atomic access")


class _MemAccessOp(LLVMOp):
    __slots__ = ()
    alignment = prop_def(I64_ATTR, optional=True)
    volatile_ = prop_def(C.UnitAttr, optional=True)
    nontemporal = prop_def(C.UnitAttr, optional=True)
    invariantGroup = prop_def(C.UnitAttr, optional=True)
    ordering = prop_def(ORDERING, default=_i64(0))
    syncscope = prop_def(C.StrAttr, optional=True)
    access_groups = prop_def(ARRAY, optional=True)
    alias_scopes = prop_def(ARRAY, optional=True)
    noalias_scopes = prop_def(ARRAY, optional=True)
    tbaa = prop_def(ARRAY, optional=True)


def _mem_props(alignment: int, volatile: bool, nontemporal: bool, ordering: str | None, syncscope: str | None) -> dict:
    props: dict = {}
    if alignment:
        props["alignment"] = _i64(alignment)
    if volatile:
        props["volatile_"] = A.UNIT
    if nontemporal:
        props["nontemporal"] = A.UNIT
    if ordering:
        props["ordering"] = _i64({v: k for k, v in LA.ATOMIC_ORDERINGS.items()}[ordering])
    if syncscope is not None:
        props["syncscope"] = A.StringAttr(syncscope)
    return props


@register_op
class LoadOp(_MemAccessOp):
    __slots__ = ()
    OP_NAME = "llvm.load"
    addr = operand_def(ANY_PTR)
    invariant = prop_def(C.UnitAttr, optional=True)
    dereferenceable = prop_def(C.AnyAttr, optional=True)
    res = result_def(LOADABLE)
    assembly_format = (
        "(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? "
        "(`invariant` $invariant^)? (`invariant_group` $invariantGroup^)? "
        "attr-dict `:` qualified(type($addr)) `->` type($res)"
    )

    def verify_(self) -> None:
        _verify_atomic_access(self, self.results[0].type, ("release", "acq_rel"))

    @classmethod
    def build(
        cls,
        type: T.Type,
        addr: Value,
        alignment: int = 0,
        volatile: bool = False,
        nontemporal: bool = False,
        ordering: str | None = None,
        syncscope: str | None = None,
    ) -> LoadOp:
        return cls.create(
            operands=[addr],
            result_types=[type],
            properties=_mem_props(alignment, volatile, nontemporal, ordering, syncscope),
        )


@register_op
class StoreOp(_MemAccessOp):
    __slots__ = ()
    OP_NAME = "llvm.store"
    value = operand_def(LOADABLE)
    addr = operand_def(ANY_PTR)
    assembly_format = (
        "(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? "
        "$ordering^)? (`invariant_group` $invariantGroup^)? "
        "attr-dict `:` type($value) `,` qualified(type($addr))"
    )

    def verify_(self) -> None:
        _verify_atomic_access(self, self.operands[0].type, ("acquire", "acq_rel"))

    @classmethod
    def build(
        cls,
        value: Value,
        addr: Value,
        alignment: int = 0,
        volatile: bool = False,
        nontemporal: bool = False,
        ordering: str | None = None,
        syncscope: str | None = None,
    ) -> StoreOp:
        return cls.create(
            operands=[value, addr], properties=_mem_props(alignment, volatile, nontemporal, ordering, syncscope)
        )


GEP_DYNAMIC = -(2**31)  # upstream's GEPOp::kDynamicIndex
_GEP_KEYWORDS = {
    "inbounds": LA.GEP_INBOUNDS,
    "nusw": LA.GEP_NUSW,
    "nuw": LA.GEP_NUW,
    "inbounds_flag": LA.GEP_INBOUNDS_FLAG,
}


def _parse_gep_flags(p, ps) -> A.Attribute:
    v = 0
    while True:
        pos = p.start
        kw = p.parse_keyword("expected GEP flag")
        if kw not in _GEP_KEYWORDS:
            p.error(f"invalid GEP flag '{kw}'", pos)
        v |= _GEP_KEYWORDS[kw]
        if not p.accept("|"):
            return _i32(v)


def _print_gep_flags(a: A.Attribute, p) -> str | None:
    if not isinstance(a, A.IntegerAttr):
        return None
    return LA.format_bits(a.value, (("inbounds_flag", 1), ("nusw", 2), ("nuw", 4)), (("inbounds", 3),), sep="|")


GEP_FLAGS = custom_attr(
    C.AttrConstraint("GEP no-wrap flags", lambda a: isinstance(a, A.IntegerAttr)),
    _parse_gep_flags,
    _print_gep_flags,
    lambda p: p.kind == "bare" and p.text in _GEP_KEYWORDS,
)


@register_op
class GEPOp(LLVMOp):
    """``llvm.getelementptr [flags] %base[%i, 1] : (!llvm.ptr, i64) -> !llvm.ptr, T``.

    ``rawConstantIndices`` holds constant indices and ``GEP_DYNAMIC`` markers
    for the dynamic ones (the operands after ``base``)."""

    __slots__ = ()
    OP_NAME = "llvm.getelementptr"
    traits = frozenset({PURE})
    NON_ATTR_PROPS = frozenset({"noWrapFlags"})
    base = operand_def(PTR_LIKE)
    dynamicIndices = var_operand_def(INT_LIKE)
    rawConstantIndices = prop_def(C.DenseI32ArrayAttr)
    elem_type = prop_def(C.TypeAttr)
    noWrapFlags = prop_def(GEP_FLAGS, default=_i32(0))
    res = result_def(PTR_LIKE)
    assembly_format = (
        "($noWrapFlags^)? $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` "
        "attr-dict `:` functional-type(operands, results) `,` $elem_type"
    )

    @classmethod
    def parse_GEPIndices(cls, p, ps, *args) -> None:
        refs: list = []
        raw: list[int] = []
        while True:
            if p.kind == "int" or p.kind == "-":
                v = p.parse_integer()
                if not -(2**31) <= v < 2**31:
                    p.error("integer value too large")
                raw.append(v)
            else:
                raw.append(GEP_DYNAMIC)
                refs.append(p.parse_operand())
            if not p.accept(","):
                break
        ps.operands["dynamicIndices"] = refs
        ps.props["rawConstantIndices"] = A.DenseArrayAttr(T.i32, tuple(raw))

    def print_GEPIndices(self, p, *args) -> None:
        dyn = iter(self.operands[1:])
        raw = self.prop("rawConstantIndices", A.DenseArrayAttr).values
        p.write(", ".join(p.value_name(next(dyn)) if v == GEP_DYNAMIC else str(v) for v in raw))

    def verify_(self) -> None:
        raw = self.prop("rawConstantIndices", A.DenseArrayAttr).values
        if sum(1 for v in raw if v == GEP_DYNAMIC) != len(self.operands) - 1:
            raise self.op_error("expected as many dynamic indices as specified in 'rawConstantIndices'")
        if self.prop("noWrapFlags", A.IntegerAttr).value == LA.GEP_INBOUNDS_FLAG:
            raise self.op_error("'inbounds_flag' cannot be used directly.")
        t = self.prop("elem_type", A.TypeAttr).value
        for pos in range(1, len(raw)):
            if isinstance(t, LLVMStructType):
                if raw[pos] == GEP_DYNAMIC:
                    raise self.op_error(f"expected index {pos} indexing a struct to be constant")
                if not 0 <= raw[pos] < len(t.fields):
                    raise self.op_error(f"index {pos} indexing a struct is out of bounds")
                t = t.fields[raw[pos]]
            elif isinstance(t, (T.VectorType, LLVMArrayType)):
                t = t.element_type
            else:
                raise self.op_error(f"type '{t}' cannot be indexed (index #{pos})")

    @classmethod
    def build(
        cls,
        base: Value,
        indices: Sequence[Value | int],
        elem_type: T.Type,
        inbounds: bool = False,
        flags: int | None = None,
        result_type: T.Type | None = None,
    ) -> GEPOp:
        raw = tuple(GEP_DYNAMIC if isinstance(i, Value) else int(i) for i in indices)
        dyn = [i for i in indices if isinstance(i, Value)]
        nw = flags if flags is not None else (LA.GEP_INBOUNDS if inbounds else 0)
        return cls.create(
            operands=[base, *dyn],
            result_types=[result_type or base.type],
            properties={
                "rawConstantIndices": A.DenseArrayAttr(T.i32, raw),
                "elem_type": A.TypeAttr(elem_type),
                "noWrapFlags": _i32(nw),
            },
        )


# -- aggregates and vectors -----------------------------------------------------------------


def aggregate_element_type(container: T.Type, position: Sequence[int], error) -> T.Type:
    """The type at ``position`` in ``container``; calls ``error(msg)``
    (which raises) when the position does not apply."""
    if not is_compatible_type(container):
        error(f"expected LLVM IR Dialect type, got '{container}'")
    t = container
    for idx in position:
        if isinstance(t, LLVMArrayType):
            if not 0 <= idx < t.num_elements:
                error(f"position out of bounds: {idx}")
            t = t.element_type
        elif isinstance(t, LLVMStructType):
            if not 0 <= idx < len(t.fields):
                error(f"position out of bounds: {idx}")
            t = t.fields[idx]
        else:
            error(f"expected LLVM IR structure/array type, got: '{t}'")
    return t


class _ValueAggregateOp(LLVMOp):
    __slots__ = ()
    traits = frozenset({PURE})

    @classmethod
    def parse_InsertExtractValueElementType(cls, p, ps, *args) -> None:
        ct = ps.types["container"][0]
        pos = ps.props["position"].values
        t = aggregate_element_type(ct, pos, lambda m: p.error(f"custom op '{cls.OP_NAME}' {m}"))
        ps.types["res" if cls is ExtractValueOp else "value"] = [t]

    def print_InsertExtractValueElementType(self, p, *args) -> None:
        pass  # inferred from the container type and position

    def _element_type(self) -> T.Type:
        def error(msg: str):
            raise self.op_error(msg)

        return aggregate_element_type(self.operands[0].type, self.prop("position", A.DenseArrayAttr).values, error)


@register_op
class ExtractValueOp(_ValueAggregateOp):
    __slots__ = ()
    OP_NAME = "llvm.extractvalue"
    container = operand_def(AGGREGATE)
    position = prop_def(C.DenseI64ArrayAttr)
    res = result_def(LLVM_TYPE)
    assembly_format = (
        "$container `` $position attr-dict `:` type($container) "
        "custom<InsertExtractValueElementType>(type($res), ref(type($container)), ref($position))"
    )

    def verify_(self) -> None:
        t = self._element_type()
        if self.results[0].type != t:
            raise self.op_error(
                f"Type mismatch: extracting from '{self.operands[0].type}' should produce '{t}' but "
                f"this op returns '{self.results[0].type}'"
            )

    @classmethod
    def build(cls, container: Value, position: Sequence[int]) -> ExtractValueOp:
        t = aggregate_element_type(container.type, position, _raise_value_error)
        return cls.create(
            operands=[container], result_types=[t], properties={"position": A.DenseArrayAttr(T.i64, tuple(position))}
        )


def _raise_value_error(msg: str):
    raise ValueError(msg)


@register_op
class InsertValueOp(_ValueAggregateOp):
    __slots__ = ()
    OP_NAME = "llvm.insertvalue"
    container = operand_def(AGGREGATE)
    value = operand_def(LLVM_TYPE)
    position = prop_def(C.DenseI64ArrayAttr)
    res = result_def(AGGREGATE)
    type_matches = (("container", "res"),)
    assembly_format = (
        "$value `,` $container `` $position attr-dict `:` type($container) "
        "custom<InsertExtractValueElementType>(type($value), ref(type($container)), ref($position))"
    )

    def verify_(self) -> None:
        if self.operands[0].type != self.results[0].type:
            raise self.op_error("failed to verify that all of {container, res} have same type")
        t = self._element_type()
        if self.operands[1].type != t:
            raise self.op_error(
                f"Type mismatch: cannot insert '{self.operands[1].type}' into '{self.operands[0].type}'"
            )

    @classmethod
    def build(cls, container: Value, value: Value, position: Sequence[int]) -> InsertValueOp:
        return cls.create(
            operands=[container, value],
            result_types=[container.type],
            properties={"position": A.DenseArrayAttr(T.i64, tuple(position))},
        )


def _vec_elem(t: T.Type) -> T.Type | None:
    return t.element_type if isinstance(t, T.VectorType) else None


@register_op
class ExtractElementOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.extractelement"
    traits = frozenset({PURE})
    vector = operand_def(ANY_VECTOR)
    position = operand_def(SIGNLESS_INT)
    res = result_def(LLVM_TYPE)
    assembly_format = "$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        vt = ps.types.get("vector", [None])[0]
        if not isinstance(vt, T.VectorType):
            p.error(
                f"custom op 'llvm.extractelement' 'vector' must be LLVM dialect-compatible vector type, but got '{vt}'",
                ps.pos,
            )
        ps.types["res"] = [vt.element_type]

    def verify_(self) -> None:
        if self.results[0].type != _vec_elem(self.operands[0].type):
            raise self.op_error("failed to verify that result type matches vector element type")

    @classmethod
    def build(cls, vector: Value, position: Value) -> ExtractElementOp:
        return cls.create(operands=[vector, position], result_types=[T.of_kind(vector.type, T.VectorType).element_type])


@register_op
class InsertElementOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.insertelement"
    traits = frozenset({PURE})
    vector = operand_def(ANY_VECTOR)
    value = operand_def(LLVM_TYPE)
    position = operand_def(SIGNLESS_INT)
    res = result_def(ANY_VECTOR)
    type_matches = (("vector", "res"),)
    assembly_format = "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        vt = ps.types.get("vector", [None])[0]
        if not isinstance(vt, T.VectorType) or len(vt.shape) != 1:
            p.error(
                f"custom op 'llvm.insertelement' 'vector' must be LLVM dialect-compatible vector type, but got '{vt}'",
                ps.pos,
            )
        ps.types["value"] = [vt.element_type]

    def verify_(self) -> None:
        if self.operands[1].type != _vec_elem(self.operands[0].type):
            raise self.op_error("failed to verify that argument type matches vector element type")
        if self.operands[0].type != self.results[0].type:
            raise self.op_error("failed to verify that all of {res, vector} have same type")

    @classmethod
    def build(cls, vector: Value, value: Value, position: Value) -> InsertElementOp:
        return cls.create(operands=[vector, value, position], result_types=[vector.type])


@register_op
class ShuffleVectorOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.shufflevector"
    traits = frozenset({PURE})
    v1 = operand_def(ANY_VECTOR)
    v2 = operand_def(ANY_VECTOR)
    mask = prop_def(C.DenseI32ArrayAttr)
    res = result_def(ANY_VECTOR)
    type_matches = (("v1", "v2"),)
    assembly_format = (
        "$v1 `,` $v2 $mask attr-dict `:` type($v1) custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))"
    )

    @staticmethod
    def result_type(v1: T.VectorType, n: int) -> T.VectorType:
        sc = (True,) if any(v1.scalable_dims) else ()
        return T.VectorType((n,), v1.element_type, sc)

    @classmethod
    def parse_ShuffleType(cls, p, ps, *args) -> None:
        vt = ps.types["v1"][0]
        if not is_compatible_vector(vt):
            p.error("custom op 'llvm.shufflevector' expected an LLVM compatible vector type")
        ps.types["res"] = [cls.result_type(vt, len(ps.props["mask"].values))]

    def print_ShuffleType(self, p, *args) -> None:
        pass  # inferred from v1 and the mask

    def verify_(self) -> None:
        v1 = self.operands[0].type
        if v1 != self.operands[1].type:
            raise self.op_error("failed to verify that all of {v1, v2} have same type")
        if isinstance(v1, T.VectorType) and any(v1.scalable_dims) and any(self.prop("mask", A.DenseArrayAttr).values):
            raise self.op_error("expected a splat operation for scalable vectors")

    @classmethod
    def build(cls, v1: Value, v2: Value, mask: Sequence[int]) -> ShuffleVectorOp:
        return cls.create(
            operands=[v1, v2],
            result_types=[cls.result_type(T.of_kind(v1.type, T.VectorType), len(mask))],
            properties={"mask": A.DenseArrayAttr(T.i32, tuple(mask))},
        )


@register_op
class SelectOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.select"
    traits = frozenset({PURE})
    condition = operand_def(BOOL_LIKE)
    trueValue = operand_def(LLVM_TYPE)
    falseValue = operand_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    res = result_def(LLVM_TYPE)
    type_matches = (("trueValue", "falseValue", "res"),)
    assembly_format = "$condition `,` $trueValue `,` $falseValue attr-dict `:` type($condition) `,` type($res)"

    def verify_(self) -> None:
        if not (self.operands[1].type == self.operands[2].type == self.results[0].type):
            raise self.op_error("failed to verify that all of {trueValue, falseValue, res} have same type")

    @classmethod
    def build(cls, cond: Value, t: Value, f: Value) -> SelectOp:
        return cls.create(operands=[cond, t, f], result_types=[t.type])


@register_op
class FreezeOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.freeze"
    traits = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE})
    val = operand_def(LLVM_TYPE)
    res = result_def(LLVM_TYPE)
    assembly_format = "$val attr-dict `:` type($val)"


# -- constants --------------------------------------------------------------------------


# -- atomics ------------------------------------------------------------------------------
