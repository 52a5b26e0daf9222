"""The LLVM dialect (upstream MLIR 22): LLVM IR instructions as ops.

This module holds the base class, the type constraints, arithmetic,
comparisons and casts; the package ``polymlir.dialects.llvm`` lists the
other modules and re-exports every public name of them:
``from polymlir.dialects.llvm import GEPOp, PTR, LLVMStructType``.

Python API for code that emits llvm-dialect IR
----------------------------------------------

Types (frozen, hashable, ``str(t)`` is upstream's spelling)::

    PTR = LLVMPointerType()          LLVMPointerType(3)      # !llvm.ptr<3>
    LLVMStructType((T.i64, PTR))     LLVMStructType((T.i8,), packed=True)
    LLVMStructType.identified("s", (T.i32,))   LLVMArrayType(T.i64, 3)
    LLVMFunctionType(VOID, (PTR, T.i64), is_var_arg=False)   # .inputs/.results
    VOID, TOKEN, METADATA, ...; builtin ints/floats/vectors are used as they are
    (``vector<4x!llvm.ptr>`` is ``T.VectorType((4,), PTR)``).
    is_compatible_type(t): whether LLVM IR can represent ``t``.

Attributes: ``LinkageAttr("internal")``, ``CConvAttr("fastcc")``,
``FastmathFlagsAttr.of("fast")``, ``TailCallKindAttr("tail")``, ...
Integer enums (predicates, orderings) are ``IntegerAttr`` values; their
keyword tables are in ``attrs`` (``ICMP_PREDICATES``, ...).

Ops: every op class has ``create(operands=..., result_types=...,
properties=..., successors=..., regions=...)`` (default-valued properties
are filled in, as upstream does), and the common ones have builders that
return the new, unattached op (append it with ``block.append(op)``; its
value is ``op.results[0]``, also ``op.res``)::

    c = ConstantOp.build(T.i64, 42)           # llvm.mlir.constant(42 : i64) : i64
    s = AddOp.build(a, b, nsw=True)           # llvm.add %a, %b overflow<nsw> : i64
    f = FAddOp.build(x, y, fastmath=FastmathFlagsAttr.of("fast"))
    cmp = ICmpOp.build("slt", a, b)           # FCmpOp.build("olt", x, y)
    cast = CastOps["sext"].build(v, T.i64)    # any cast, by mnemonic
    sel = SelectOp.build(cond, t, f)
    p = AllocaOp.build(size, T.f32, alignment=8)
    v = LoadOp.build(T.f32, p, alignment=4)   # StoreOp.build(v, p, alignment=4)
    g = GEPOp.build(base, [idx, 1], elem_type=struct_t, inbounds=True)
    e = ExtractValueOp.build(agg, [0, 1])     # InsertValueOp.build(agg, v, [0])
    u = UndefOp.build(struct_t)               # PoisonOp / ZeroOp likewise
    BrOp.build(dest, args); CondBrOp.build(cond, t, targs, f, fargs)
    ReturnOp.build(value_or_None)
    fn = LLVMFuncOp.build("f", LLVMFunctionType(T.i64, (T.i64,)), linkage="internal")
    entry = fn.add_entry_block()              # arguments typed from the signature
    call = CallOp.build(fn_or_name_or_ptr_value, args, result_type=None)
    glob = GlobalOp.build("g", T.i64, value=IntegerAttr(0, T.i64), constant=True)
    addr = AddressOfOp.build("g")
    fma = INTRINSICS["fmuladd"].build([a, b, c])   # result type defaults to a's

Ops are verified by ``polymlir.verifier.verify`` with upstream's rules
and messages; symbols resolve with ``polymlir.ir.symbol_table.lookup_nearest(op, ref)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import enum_attr
from ...ir.core import Value
from ...ir.fields import operand_def, prop_def, result_def
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import PURE, SAME_OPERANDS_AND_RESULT_TYPE, SAME_TYPE_OPERANDS
from . import attrs as LA
from .types import (
    LLVMArrayType,
    LLVMFunctionType,
    LLVMLabelType,
    LLVMMetadataType,
    LLVMPointerType,
    LLVMStructType,
    LLVMTokenType,
    LLVMVoidType,
    element_or_self,
    is_compatible_type,
    is_compatible_vector,
    is_llvm_float,
)

# -- base class ----------------------------------------------------------------


class LLVMOp(OpDef):
    """Base of LLVM dialect ops: fills in default-valued properties when an
    op is created (upstream's generic form prints them), and keeps
    non-attribute properties (enum props) out of attr-dict parsing."""

    __slots__ = ()
    # Properties stored as integers (upstream EnumProp): an attr-dict entry of
    # that name stays a discardable attribute, as upstream keeps it.
    NON_ATTR_PROPS: ClassVar[frozenset[str]] = frozenset()
    _DEFAULTS: ClassVar[tuple] = ()
    _PNAMES: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def _finalize(cls) -> None:
        super()._finalize()
        cls._DEFAULTS = tuple((d.attr_name, d.default) for d in cls._fields["prop"] if d.default is not None)
        cls._PNAMES = frozenset(cls.PROPERTIES) - cls.NON_ATTR_PROPS

    @classmethod
    def property_names(cls) -> frozenset[str]:
        return cls._PNAMES

    @classmethod
    def create(cls, name: str | None = None, **kw):
        op = super().create(**kw)
        if cls._DEFAULTS and isinstance(op.properties, dict):
            props = op.props
            for k, v in cls._DEFAULTS:
                if k not in props:
                    props[k] = v
        return op

    @property
    def res(self) -> Value:
        return self.results[0]


def _types_str(ts) -> str:
    return ", ".join(str(t) for t in ts)


# -- constraints --------------------------------------------------------------------


def _tc(desc: str, pred) -> C.TypeConstraint:
    return C.TypeConstraint(desc, pred)


def _signless(t: T.Type) -> bool:
    return isinstance(t, T.IntegerType) and t.signedness == ""


def _ptr(t: T.Type) -> bool:
    return isinstance(t, LLVMPointerType)


def scalar_or_vector_of(desc: str, pred) -> C.TypeConstraint:
    return _tc(
        f"{desc} or LLVM dialect-compatible vector of {desc}",
        lambda t: pred(t) or (is_compatible_vector(t) and pred(t.element_type)),
    )


LLVM_TYPE = _tc("LLVM dialect-compatible type", is_compatible_type)
ANY_PTR = _tc("LLVM pointer type", _ptr)
SIGNLESS_INT = _tc("signless integer", _signless)
INT_LIKE = scalar_or_vector_of("signless integer", _signless)
FLOAT_LIKE = scalar_or_vector_of("floating point LLVM type", is_llvm_float)
PTR_LIKE = scalar_or_vector_of("LLVM pointer type", _ptr)
BOOL_LIKE = scalar_or_vector_of("1-bit signless integer", lambda t: t == T.i1)
INT_OR_PTR_LIKE = _tc("signless integer or LLVM pointer type or vector of them", lambda t: INT_LIKE(t) or PTR_LIKE(t))
ANY_VECTOR = _tc("LLVM dialect-compatible vector type", is_compatible_vector)
AGGREGATE = _tc("LLVM aggregate type", lambda t: isinstance(t, (LLVMStructType, LLVMArrayType)))
NON_AGGREGATE = _tc(
    "LLVM-compatible non-aggregate type",
    lambda t: is_compatible_type(t) and not isinstance(t, (LLVMStructType, LLVMArrayType)),
)
LOADABLE = _tc("LLVM type with size", lambda t: is_compatible_type(t) and not LA_void_like(t))


def LA_void_like(t: T.Type) -> bool:
    return isinstance(t, (LLVMVoidType, LLVMTokenType, LLVMMetadataType, LLVMLabelType, LLVMFunctionType))


FASTMATH = C.AttrConstraint("LLVM fastmath flags", lambda a: isinstance(a, LA.FastmathFlagsAttr))
I32_ATTR = C.I32Attr
I64_ATTR = C.I64Attr
OVERFLOW_PROP = C.AttrConstraint("integer overflow flags", lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i32)
ORDERING = enum_attr("atomic ordering", LA.ATOMIC_ORDERINGS)
ARRAY = C.ArrayAttr


def _fmf_prop():
    return prop_def(FASTMATH, default=LA.FASTMATH_NONE)


def _i32(v: int) -> A.IntegerAttr:
    return A.IntegerAttr(v, T.i32)


def _i64(v: int) -> A.IntegerAttr:
    return A.IntegerAttr(v, T.i64)


def i1_same_shape(t: T.Type) -> T.Type:
    if isinstance(t, T.VectorType):
        return T.VectorType(t.shape, T.i1, t.scalable_dims)
    return T.i1


# -- integer and float arithmetic ------------------------------------------------------


class _BinaryOp(LLVMOp):
    __slots__ = ()
    traits = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE})
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)"

    @classmethod
    def build(cls, lhs: Value, rhs: Value, **props) -> LLVMOp:
        return cls.create(operands=[lhs, rhs], result_types=[lhs.type], properties=cls._build_props(**props))

    @classmethod
    def _build_props(cls) -> dict:
        """The properties ``build`` gives the op; subclasses take their
        flags as keyword arguments."""
        return {}


class _IntOverflowOp(_BinaryOp):
    """``add``-like ops with ``nsw``/``nuw`` flags (an integer property)."""

    __slots__ = ()
    NON_ATTR_PROPS = frozenset({"overflowFlags"})
    lhs = operand_def(INT_LIKE)
    rhs = operand_def(INT_LIKE)
    overflowFlags = prop_def(OVERFLOW_PROP, default=_i32(0))
    res = result_def(INT_LIKE)
    assembly_format = "$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)"

    @classmethod
    def _build_props(cls, nsw: bool = False, nuw: bool = False) -> dict:
        return {"overflowFlags": _i32((LA.NSW if nsw else 0) | (LA.NUW if nuw else 0))}

    @classmethod
    def parse_OverflowFlags(cls, p, ps, *args) -> None:
        parse_overflow_flags(p, ps)

    def print_OverflowFlags(self, p, *args) -> None:
        print_overflow_flags(self, p)


def parse_overflow_flags(p, ps) -> None:
    if p.accept_keyword("overflow"):
        p.expect("<", "expected '<'")
        v = LA.parse_bit_list(p, LA.OVERFLOW_BITS, what="overflow flag")
        p.expect(">", "expected '>'")
        ps.props["overflowFlags"] = _i32(v)


def print_overflow_flags(op, p) -> None:
    v = op.props.get("overflowFlags")
    if isinstance(v, A.IntegerAttr) and v.value:
        p.write(" overflow<" + LA.format_bits(v.value, LA.OVERFLOW_BITS) + ">")


class _IntExactOp(_BinaryOp):
    __slots__ = ()
    lhs = operand_def(INT_LIKE)
    rhs = operand_def(INT_LIKE)
    isExact = prop_def(C.UnitAttr, optional=True)
    res = result_def(INT_LIKE)
    assembly_format = "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)"

    @classmethod
    def _build_props(cls, exact: bool = False) -> dict:
        return {"isExact": A.UNIT} if exact else {}


class _IntOp(_BinaryOp):
    __slots__ = ()
    lhs = operand_def(INT_LIKE)
    rhs = operand_def(INT_LIKE)
    res = result_def(INT_LIKE)


class _FloatOp(_BinaryOp):
    __slots__ = ()
    lhs = operand_def(FLOAT_LIKE)
    rhs = operand_def(FLOAT_LIKE)
    fastmathFlags = _fmf_prop()
    res = result_def(FLOAT_LIKE)

    @classmethod
    def _build_props(cls, fastmath: LA.FastmathFlagsAttr | None = None) -> dict:
        return {"fastmathFlags": fastmath} if fastmath is not None else {}


@register_op
class AddOp(_IntOverflowOp):
    """Integer addition."""

    __slots__ = ()
    OP_NAME = "llvm.add"


@register_op
class SubOp(_IntOverflowOp):
    """Integer subtraction."""

    __slots__ = ()
    OP_NAME = "llvm.sub"


@register_op
class MulOp(_IntOverflowOp):
    """Integer multiplication."""

    __slots__ = ()
    OP_NAME = "llvm.mul"


@register_op
class ShlOp(_IntOverflowOp):
    """Shift left."""

    __slots__ = ()
    OP_NAME = "llvm.shl"


@register_op
class UDivOp(_IntExactOp):
    """Unsigned division."""

    __slots__ = ()
    OP_NAME = "llvm.udiv"


@register_op
class SDivOp(_IntExactOp):
    """Signed division."""

    __slots__ = ()
    OP_NAME = "llvm.sdiv"


@register_op
class LShrOp(_IntExactOp):
    """Logical shift right."""

    __slots__ = ()
    OP_NAME = "llvm.lshr"


@register_op
class AShrOp(_IntExactOp):
    """Arithmetic shift right."""

    __slots__ = ()
    OP_NAME = "llvm.ashr"


@register_op
class URemOp(_IntOp):
    """Unsigned remainder."""

    __slots__ = ()
    OP_NAME = "llvm.urem"


@register_op
class SRemOp(_IntOp):
    """Signed remainder."""

    __slots__ = ()
    OP_NAME = "llvm.srem"


@register_op
class AndOp(_IntOp):
    """Bitwise and."""

    __slots__ = ()
    OP_NAME = "llvm.and"


@register_op
class XOrOp(_IntOp):
    """Bitwise xor."""

    __slots__ = ()
    OP_NAME = "llvm.xor"


@register_op
class FAddOp(_FloatOp):
    """Float addition."""

    __slots__ = ()
    OP_NAME = "llvm.fadd"


@register_op
class FSubOp(_FloatOp):
    """Float subtraction."""

    __slots__ = ()
    OP_NAME = "llvm.fsub"


@register_op
class FMulOp(_FloatOp):
    """Float multiplication."""

    __slots__ = ()
    OP_NAME = "llvm.fmul"


@register_op
class FDivOp(_FloatOp):
    """Float division."""

    __slots__ = ()
    OP_NAME = "llvm.fdiv"


@register_op
class FRemOp(_FloatOp):
    """Float remainder."""

    __slots__ = ()
    OP_NAME = "llvm.frem"


@register_op
class OrOp(_BinaryOp):
    """Bitwise or, optionally ``disjoint``."""

    __slots__ = ()
    OP_NAME = "llvm.or"
    lhs = operand_def(INT_LIKE)
    rhs = operand_def(INT_LIKE)
    isDisjoint = prop_def(C.UnitAttr, optional=True)
    res = result_def(INT_LIKE)
    assembly_format = "(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)"

    @classmethod
    def _build_props(cls, disjoint: bool = False) -> dict:
        return {"isDisjoint": A.UNIT} if disjoint else {}


@register_op
class FNegOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.fneg"
    traits = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE})
    if not TYPE_CHECKING:  # named like an Operation member (op.operand stays Operation's): op.f.operand
        operand = operand_def(FLOAT_LIKE)
    fastmathFlags = _fmf_prop()
    res = result_def(FLOAT_LIKE)
    assembly_format = "$operand attr-dict `:` type($res)"

    @classmethod
    def build(cls, v: Value, fastmath: LA.FastmathFlagsAttr | None = None) -> FNegOp:
        props = {"fastmathFlags": fastmath} if fastmath is not None else {}
        return cls.create(operands=[v], result_types=[v.type], properties=props)


class _CmpOp(LLVMOp):
    """``llvm.icmp "slt" %a, %b : i32``: the predicate is a string in the
    custom form and an i64 enum value in the property."""

    __slots__ = ()
    traits = frozenset({PURE, SAME_TYPE_OPERANDS})
    PREDICATES: ClassVar[dict[int, str]] = {}
    res = result_def(BOOL_LIKE)

    @classmethod
    def parse(cls, p, state) -> None:
        ppos = p.start
        a = p.parse_attribute()
        if not isinstance(a, A.StringAttr):
            p.error(f"custom op '{cls.OP_NAME}' invalid kind of attribute specified", ppos)
        lhs = p.parse_operand()
        p.expect(",", "expected ','")
        rhs = p.parse_operand()
        attrs = p.parse_optional_attr_dict()
        p.expect(":", "expected ':'")
        tpos = p.start
        ty = p.parse_type()
        names = {v: k for k, v in cls.PREDICATES.items()}
        if a.value not in names:
            p.error(f"custom op '{cls.OP_NAME}' '{a.value}' is an incorrect value of the 'predicate' attribute", ppos)
        if not is_compatible_type(ty):
            p.error(f"custom op '{cls.OP_NAME}' expected LLVM dialect-compatible type", tpos)
        pn = cls.property_names()
        for k, v in attrs.items():
            (state.properties if k in pn else state.attributes)[k] = v
        state.properties["predicate"] = _i64(names[a.value])
        state.operands = [p.resolve_operand(lhs, ty), p.resolve_operand(rhs, ty)]
        state.result_types = [i1_same_shape(ty)]

    def print_custom(self, p) -> None:
        pred = self.props.get("predicate")
        name = self.PREDICATES.get(pred.value, str(pred.value)) if isinstance(pred, A.IntegerAttr) else "?"
        p.write(f' "{name}" {p.operands_str(self.operands)}')
        attrs = dict(self.attributes)
        for k, v in self.props.items():
            if k != "predicate" and not (k == "fastmathFlags" and v == LA.FASTMATH_NONE):
                attrs[k] = v
        p.print_optional_attr_dict(attrs)
        p.write(" : " + p.type(self.operands[0].type))

    @property
    def predicate_name(self) -> str:
        """The predicate keyword (``"slt"``, ``"oeq"``, ...)."""
        return self.PREDICATES[self.prop("predicate", A.IntegerAttr).value]

    def verify_(self) -> None:
        if self.results[0].type != i1_same_shape(self.operands[0].type):
            raise self.op_error("failed to verify that result type has i1 element type and same shape as operands")

    @classmethod
    def build(cls, predicate: str, lhs: Value, rhs: Value) -> LLVMOp:
        v = {n: k for k, n in cls.PREDICATES.items()}[predicate]
        return cls.create(
            operands=[lhs, rhs], result_types=[i1_same_shape(lhs.type)], properties={"predicate": _i64(v)}
        )


@register_op
class ICmpOp(_CmpOp):
    __slots__ = ()
    OP_NAME = "llvm.icmp"
    PREDICATES = LA.ICMP_PREDICATES
    predicate = prop_def(enum_attr("llvm.icmp comparison predicate", LA.ICMP_PREDICATES))
    lhs = operand_def(INT_OR_PTR_LIKE)
    rhs = operand_def(INT_OR_PTR_LIKE)


@register_op
class FCmpOp(_CmpOp):
    __slots__ = ()
    OP_NAME = "llvm.fcmp"
    PREDICATES = LA.FCMP_PREDICATES
    predicate = prop_def(enum_attr("llvm.fcmp comparison predicate", LA.FCMP_PREDICATES))
    lhs = operand_def(FLOAT_LIKE)
    rhs = operand_def(FLOAT_LIKE)
    fastmathFlags = _fmf_prop()


# -- casts --------------------------------------------------------------------------


class _CastOp(LLVMOp):
    __slots__ = ()
    traits = frozenset({PURE})
    assembly_format: ClassVar[str | None] = "$arg attr-dict `:` type($arg) `to` type($res)"

    @classmethod
    def build(cls, arg: Value, to: T.Type, **flags) -> LLVMOp:
        props: dict[str, A.Attribute] = {}
        if flags.get("nneg"):
            props["nonNeg"] = A.UNIT
        if flags.get("nsw") or flags.get("nuw"):
            props["overflowFlags"] = _i32((LA.NSW if flags.get("nsw") else 0) | (LA.NUW if flags.get("nuw") else 0))
        return cls.create(operands=[arg], result_types=[to], properties=props)


class _IntExtOp(_CastOp):
    """``sext``/``zext``: an integer (or vector of them) to a wider one."""

    __slots__ = ()
    arg = operand_def(INT_LIKE)
    res = result_def(INT_LIKE)

    def verify_(self) -> None:
        a, r = self.operands[0].type, self.results[0].type
        if isinstance(a, T.VectorType):
            if not isinstance(r, T.VectorType):
                raise self.emit_error("input type is a vector but output type is an integer")
            if a.shape != r.shape:
                raise self.emit_error("input and output vectors are of incompatible shape")
            a, r = a.element_type, r.element_type
        elif not isinstance(r, T.IntegerType):
            raise self.emit_error("input type is an integer but output type is a vector")
        # Integers here: the operand and result constraints hold.
        if isinstance(a, T.IntegerType) and isinstance(r, T.IntegerType) and r.width <= a.width:
            raise self.emit_error(
                "integer width of the output type is smaller or equal to the integer width of the input type"
            )


# Casts with a ``nneg`` flag: ``llvm.zext nneg %x : i32 to i64``.
_NNEG_FORMAT = "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)"


@register_op
class BitcastOp(_CastOp):
    """The ``bitcast`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.bitcast"
    arg = operand_def(NON_AGGREGATE)
    res = result_def(NON_AGGREGATE)

    def verify_(self) -> None:
        src, dst = self.operands[0].type, self.results[0].type
        sp, dp = element_or_self(src), element_or_self(dst)
        if isinstance(sp, LLVMPointerType) != isinstance(dp, LLVMPointerType):
            raise self.op_error("can only cast pointers from and to pointers")
        if not isinstance(dp, LLVMPointerType):
            return
        if isinstance(dst, T.VectorType) and not isinstance(src, T.VectorType):
            raise self.op_error("cannot cast pointer to vector of pointers")
        if not isinstance(dst, T.VectorType) and isinstance(src, T.VectorType):
            raise self.op_error("cannot cast vector of pointers to pointer")
        if isinstance(sp, LLVMPointerType) and sp.address_space != dp.address_space:
            raise self.op_error("cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead")


@register_op
class AddrSpaceCastOp(_CastOp):
    """The ``addrspacecast`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.addrspacecast"
    arg = operand_def(PTR_LIKE)
    res = result_def(PTR_LIKE)


@register_op
class IntToPtrOp(_CastOp):
    """The ``inttoptr`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.inttoptr"
    arg = operand_def(INT_LIKE)
    res = result_def(PTR_LIKE)


@register_op
class PtrToIntOp(_CastOp):
    """The ``ptrtoint`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.ptrtoint"
    arg = operand_def(PTR_LIKE)
    res = result_def(INT_LIKE)


@register_op
class SExtOp(_IntExtOp):
    """The ``sext`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.sext"


@register_op
class ZExtOp(_IntExtOp):
    """The ``zext`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.zext"
    nonNeg = prop_def(C.UnitAttr, optional=True)
    assembly_format = _NNEG_FORMAT


@register_op
class TruncOp(_CastOp):
    """The ``trunc`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.trunc"
    NON_ATTR_PROPS = frozenset({"overflowFlags"})
    arg = operand_def(INT_LIKE)
    res = result_def(INT_LIKE)
    overflowFlags = prop_def(OVERFLOW_PROP, default=_i32(0))
    assembly_format = "$arg `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($arg) `to` type($res)"

    @classmethod
    def parse_OverflowFlags(cls, p, ps, *args) -> None:
        parse_overflow_flags(p, ps)

    def print_OverflowFlags(self, p, *args) -> None:
        print_overflow_flags(self, p)


@register_op
class SIToFPOp(_CastOp):
    """The ``sitofp`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.sitofp"
    arg = operand_def(INT_LIKE)
    res = result_def(FLOAT_LIKE)


@register_op
class UIToFPOp(_CastOp):
    """The ``uitofp`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.uitofp"
    arg = operand_def(INT_LIKE)
    res = result_def(FLOAT_LIKE)
    nonNeg = prop_def(C.UnitAttr, optional=True)
    assembly_format = _NNEG_FORMAT


@register_op
class FPToSIOp(_CastOp):
    """The ``fptosi`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.fptosi"
    arg = operand_def(FLOAT_LIKE)
    res = result_def(INT_LIKE)


@register_op
class FPToUIOp(_CastOp):
    """The ``fptoui`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.fptoui"
    arg = operand_def(FLOAT_LIKE)
    res = result_def(INT_LIKE)


@register_op
class FPExtOp(_CastOp):
    """The ``fpext`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.fpext"
    arg = operand_def(FLOAT_LIKE)
    res = result_def(FLOAT_LIKE)


@register_op
class FPTruncOp(_CastOp):
    """The ``fptrunc`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.fptrunc"
    arg = operand_def(FLOAT_LIKE)
    res = result_def(FLOAT_LIKE)


@register_op
class PtrToAddrOp(_CastOp):
    """The ``ptrtoaddr`` cast."""

    __slots__ = ()
    OP_NAME = "llvm.ptrtoaddr"
    arg = operand_def(PTR_LIKE)
    res = result_def(INT_LIKE)
    assembly_format = None  # no custom form upstream

    def verify_(self) -> None:
        it = element_or_self(self.results[0].type)
        if isinstance(it, T.IntegerType) and it.width != 64:  # the default data layout's index width
            raise self.op_error(
                f"bit-width of integer result type '{it}' must match the pointer bitwidth (64) "
                "specified in the datalayout"
            )


# The casts by mnemonic: ``CastOps["sext"].build(v, T.i64)``.
CastOps: dict[str, type[_CastOp]] = {
    c.OP_NAME[len("llvm.") :]: c
    for c in (
        BitcastOp,
        AddrSpaceCastOp,
        IntToPtrOp,
        PtrToIntOp,
        SExtOp,
        ZExtOp,
        TruncOp,
        SIToFPOp,
        UIToFPOp,
        FPToSIOp,
        FPToUIOp,
        FPExtOp,
        FPTruncOp,
        PtrToAddrOp,
    )
}
