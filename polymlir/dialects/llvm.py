"""The LLVM dialect (upstream MLIR 22): instructions as ops.

Files: ``llvm_types.py`` (types), ``llvm_attrs.py`` (attributes, enums),
this file (base class, arithmetic, casts, memory, aggregates, constants,
atomics, branches), ``llvm_ops2.py`` (functions, globals, calls, inline
asm, exception handling) and ``llvm_intrinsics.py`` (``llvm.intr.*``).

Python API for code that emits llvm-dialect IR
----------------------------------------------

Types (``polymlir.dialects.llvm_types``)::

    PTR = LLVMPointerType()        LLVMPointerType(3)       # !llvm.ptr<3>
    LLVMStructType((T.i64, PTR))   LLVMArrayType(T.i64, 3)
    LLVMFunctionType(VOID, (PTR, T.i64), is_var_arg=False)
    VOID; builtin ints/floats/vectors are used as they are.

Attributes (``polymlir.dialects.llvm_attrs``): ``LinkageAttr("internal")``,
``CConvAttr("fastcc")``, ``FastmathFlagsAttr.of("fast")``, ...

Ops: every op class has ``create(operands=..., result_types=...,
properties=..., successors=..., regions=...)`` (default-valued properties
are filled in, as upstream does), and the common ones have short builders
that return the new (unattached) op; insert it with ``block.append(op)``::

    c = ConstantOp.build(T.i64, 42)             # %c = llvm.mlir.constant(42 : i64) : i64
    s = AddOp.build(a, b, nsw=True)             # llvm.add %a, %b overflow<nsw>
    f = FAddOp.build(x, y, fastmath=FastmathFlagsAttr.of("fast"))
    cmp = ICmpOp.build("slt", a, b)
    cast = CastOps["sext"].build(v, T.i64)      # any cast by mnemonic
    p = AllocaOp.build(size, T.f32, alignment=8)
    v = LoadOp.build(T.f32, p, alignment=4)     # StoreOp.build(v, p)
    g = GEPOp.build(base, [idx, 1], elem_type=struct_t, inbounds=True)
    e = ExtractValueOp.build(agg, [0, 1])       # InsertValueOp.build(agg, v, [0])
    u = UndefOp.build(struct_t)                 # PoisonOp / ZeroOp likewise
    BrOp.build(dest, args); CondBrOp.build(cond, t, targs, f, fargs)
    ReturnOp.build(value_or_None)
    fn = LLVMFuncOp.build("f", LLVMFunctionType(T.i64, (T.i64,)), linkage="internal")
    entry = fn.add_entry_block()                # block arguments from the type
    call = CallOp.build(fn_or_name, args, result_type=None)
    glob = GlobalOp.build("g", T.i64, value=IntegerAttr(0, T.i64), constant=True)
    addr = AddressOfOp.build("g")
    Intrinsics: INTRINSICS["fmuladd"].build([a, b, c], result_type)

Results are ``op.results[0]`` (or ``op.res``); ops are verified by
``polymlir.ir.verifier.verify`` with upstream's rules and messages.
"""

from __future__ import annotations

from typing import ClassVar, Sequence

from ..ir import attributes as A
from ..ir import constraints as C
from ..ir import types as T
from ..ir.asm_format import custom_attr, enum_attr
from ..ir.core import Block, Value
from ..ir.fields import opt_operand, operand, prop, result, successor, var_operand, var_successor
from ..ir.opdef import PURE, SAME_OPERANDS_AND_RESULT_TYPE, SAME_TYPE_OPERANDS, TERMINATOR, OpDef, register_op
from . import llvm_attrs as LA
from .llvm_types import (
    LLVMArrayType,
    LLVMPointerType,
    LLVMStructType,
    LLVMTargetExtType,
    LLVMType,
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
            props = op.properties
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
    return _tc(f"{desc} or LLVM dialect-compatible vector of {desc}",
               lambda t: pred(t) or (is_compatible_vector(t) and pred(t.element_type)))


LLVM_TYPE = _tc("LLVM dialect-compatible type", is_compatible_type)
ANY_PTR = _tc("LLVM pointer type", _ptr)
SIGNLESS_INT = _tc("signless integer", _signless)
INT_LIKE = scalar_or_vector_of("signless integer", _signless)
FLOAT_LIKE = scalar_or_vector_of("floating point LLVM type", is_llvm_float)
PTR_LIKE = scalar_or_vector_of("LLVM pointer type", _ptr)
BOOL_LIKE = scalar_or_vector_of("1-bit signless integer", lambda t: t == T.i1)
INT_OR_PTR_LIKE = _tc("signless integer or LLVM pointer type or vector of them",
                      lambda t: INT_LIKE(t) or PTR_LIKE(t))
ANY_VECTOR = _tc("LLVM dialect-compatible vector type", is_compatible_vector)
AGGREGATE = _tc("LLVM aggregate type", lambda t: isinstance(t, (LLVMStructType, LLVMArrayType)))
NON_AGGREGATE = _tc("LLVM-compatible non-aggregate type",
                    lambda t: is_compatible_type(t) and not isinstance(t, (LLVMStructType, LLVMArrayType)))
LOADABLE = _tc("LLVM type with size", lambda t: is_compatible_type(t) and not LA_void_like(t))


def LA_void_like(t: T.Type) -> bool:
    from .llvm_types import LLVMFunctionType, LLVMLabelType, LLVMMetadataType, LLVMTokenType, LLVMVoidType

    return isinstance(t, (LLVMVoidType, LLVMTokenType, LLVMMetadataType, LLVMLabelType, LLVMFunctionType))


FASTMATH = C.AttrConstraint("LLVM fastmath flags", lambda a: isinstance(a, LA.FastmathFlagsAttr))
I32_ATTR = C.I32Attr
I64_ATTR = C.I64Attr
OVERFLOW_PROP = C.AttrConstraint("integer overflow flags", lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i32)
ORDERING = enum_attr("atomic ordering", LA.ATOMIC_ORDERINGS)
ARRAY = C.ArrayAttr


def _fmf_prop():
    return prop(FASTMATH, default=LA.FASTMATH_NONE)


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
    def build(cls, lhs: Value, rhs: Value, **props) -> "LLVMOp":
        return cls.create(operands=[lhs, rhs], result_types=[lhs.type], properties=cls._build_props(**props))

    @classmethod
    def _build_props(cls, **kw) -> dict:
        return {}


class _IntOverflowOp(_BinaryOp):
    """``add``-like ops with ``nsw``/``nuw`` flags (an integer property)."""

    __slots__ = ()
    NON_ATTR_PROPS = frozenset({"overflowFlags"})
    lhs = operand(INT_LIKE)
    rhs = operand(INT_LIKE)
    overflowFlags = prop(OVERFLOW_PROP, default=_i32(0))
    res = result(INT_LIKE)
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
    v = op.properties.get("overflowFlags")
    if isinstance(v, A.IntegerAttr) and v.value:
        p.write(" overflow<" + LA.format_bits(v.value, LA.OVERFLOW_BITS) + ">")


class _IntExactOp(_BinaryOp):
    __slots__ = ()
    lhs = operand(INT_LIKE)
    rhs = operand(INT_LIKE)
    isExact = prop(C.UnitAttr, optional=True)
    res = result(INT_LIKE)
    assembly_format = "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)"

    @classmethod
    def _build_props(cls, exact: bool = False) -> dict:
        return {"isExact": A.UNIT} if exact else {}


class _IntOp(_BinaryOp):
    __slots__ = ()
    lhs = operand(INT_LIKE)
    rhs = operand(INT_LIKE)
    res = result(INT_LIKE)


class _FloatOp(_BinaryOp):
    __slots__ = ()
    lhs = operand(FLOAT_LIKE)
    rhs = operand(FLOAT_LIKE)
    fastmathFlags = _fmf_prop()
    res = result(FLOAT_LIKE)

    @classmethod
    def _build_props(cls, fastmath: LA.FastmathFlagsAttr | None = None) -> dict:
        return {"fastmathFlags": fastmath} if fastmath is not None else {}


def _define(base: type, name: str, doc: str) -> type:
    cls = type(f"{name.capitalize()}Op", (base,), {"__slots__": (), "OP_NAME": f"llvm.{name}", "__doc__": doc,
                                                     "__module__": __name__})
    return register_op(cls)


AddOp = _define(_IntOverflowOp, "add", "Integer addition.")
SubOp = _define(_IntOverflowOp, "sub", "Integer subtraction.")
MulOp = _define(_IntOverflowOp, "mul", "Integer multiplication.")
ShlOp = _define(_IntOverflowOp, "shl", "Shift left.")
UDivOp = _define(_IntExactOp, "udiv", "Unsigned division.")
SDivOp = _define(_IntExactOp, "sdiv", "Signed division.")
LShrOp = _define(_IntExactOp, "lshr", "Logical shift right.")
AShrOp = _define(_IntExactOp, "ashr", "Arithmetic shift right.")
URemOp = _define(_IntOp, "urem", "Unsigned remainder.")
SRemOp = _define(_IntOp, "srem", "Signed remainder.")
AndOp = _define(_IntOp, "and", "Bitwise and.")
XOrOp = _define(_IntOp, "xor", "Bitwise xor.")
FAddOp = _define(_FloatOp, "fadd", "Float addition.")
FSubOp = _define(_FloatOp, "fsub", "Float subtraction.")
FMulOp = _define(_FloatOp, "fmul", "Float multiplication.")
FDivOp = _define(_FloatOp, "fdiv", "Float division.")
FRemOp = _define(_FloatOp, "frem", "Float remainder.")


@register_op
class OrOp(_BinaryOp):
    """Bitwise or, optionally ``disjoint``."""

    __slots__ = ()
    OP_NAME = "llvm.or"
    lhs = operand(INT_LIKE)
    rhs = operand(INT_LIKE)
    isDisjoint = prop(C.UnitAttr, optional=True)
    res = result(INT_LIKE)
    assembly_format = "(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)"

    @classmethod
    def _build_props(cls, disjoint: bool = False) -> dict:
        return {"isDisjoint": A.UNIT} if disjoint else {}


@register_op
class FNegOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.fneg"
    traits = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE})
    operand_ = operand(FLOAT_LIKE, name="operand")
    fastmathFlags = _fmf_prop()
    res = result(FLOAT_LIKE)
    assembly_format = "$operand attr-dict `:` type($res)"

    @classmethod
    def build(cls, v: Value, fastmath: LA.FastmathFlagsAttr | None = None) -> "FNegOp":
        props = {"fastmathFlags": fastmath} if fastmath is not None else {}
        return cls.create(operands=[v], result_types=[v.type], properties=props)


class _CmpOp(LLVMOp):
    """``llvm.icmp "slt" %a, %b : i32``: the predicate is a string in the
    custom form and an i64 enum value in the property."""

    __slots__ = ()
    traits = frozenset({PURE, SAME_TYPE_OPERANDS})
    PREDICATES: ClassVar[dict[int, str]] = {}
    res = result(BOOL_LIKE)

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
        pred = self.properties.get("predicate")
        name = self.PREDICATES.get(pred.value, str(pred.value)) if isinstance(pred, A.IntegerAttr) else "?"
        p.write(f' "{name}" {p.operands_str(self.operands)}')
        attrs = dict(self.attributes)
        for k, v in self.properties.items():
            if k != "predicate" and not (k == "fastmathFlags" and v == LA.FASTMATH_NONE):
                attrs[k] = v
        p.print_optional_attr_dict(attrs)
        p.write(" : " + p.type(self.operands[0].type))

    def verify_(self) -> None:
        if self.results[0].type != i1_same_shape(self.operands[0].type):
            raise self.op_error("failed to verify that result type has i1 element type and same shape as operands")

    @classmethod
    def build(cls, predicate: str, lhs: Value, rhs: Value) -> "LLVMOp":
        v = {n: k for k, n in cls.PREDICATES.items()}[predicate]
        return cls.create(operands=[lhs, rhs], result_types=[i1_same_shape(lhs.type)],
                          properties={"predicate": _i64(v)})


@register_op
class ICmpOp(_CmpOp):
    __slots__ = ()
    OP_NAME = "llvm.icmp"
    PREDICATES = LA.ICMP_PREDICATES
    predicate = prop(enum_attr("llvm.icmp comparison predicate", LA.ICMP_PREDICATES))
    lhs = operand(INT_OR_PTR_LIKE)
    rhs = operand(INT_OR_PTR_LIKE)


@register_op
class FCmpOp(_CmpOp):
    __slots__ = ()
    OP_NAME = "llvm.fcmp"
    PREDICATES = LA.FCMP_PREDICATES
    predicate = prop(enum_attr("llvm.fcmp comparison predicate", LA.FCMP_PREDICATES))
    lhs = operand(FLOAT_LIKE)
    rhs = operand(FLOAT_LIKE)
    fastmathFlags = _fmf_prop()


# -- casts --------------------------------------------------------------------------


class _CastOp(LLVMOp):
    __slots__ = ()
    traits = frozenset({PURE})
    assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)"

    @classmethod
    def build(cls, arg: Value, to: T.Type, **flags) -> "LLVMOp":
        props = {}
        if flags.get("nneg"):
            props["nonNeg"] = A.UNIT
        if flags.get("nsw") or flags.get("nuw"):
            props["overflowFlags"] = _i32((LA.NSW if flags.get("nsw") else 0) | (LA.NUW if flags.get("nuw") else 0))
        return cls.create(operands=[arg], result_types=[to], properties=props)


CastOps: dict[str, type] = {}


def _cast(name: str, src: C.TypeConstraint, dst: C.TypeConstraint, flavor: str = "", verify=None) -> type:
    ns: dict = {"__slots__": (), "OP_NAME": f"llvm.{name}", "__module__": __name__,
                "__doc__": f"The ``{name}`` cast.", "arg": operand(src), "res": result(dst)}
    if flavor == "nneg":
        ns["nonNeg"] = prop(C.UnitAttr, optional=True)
        ns["assembly_format"] = "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)"
    elif flavor == "overflow":
        ns["NON_ATTR_PROPS"] = frozenset({"overflowFlags"})
        ns["overflowFlags"] = prop(OVERFLOW_PROP, default=_i32(0))
        ns["assembly_format"] = "$arg `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($arg) `to` type($res)"
        ns["parse_OverflowFlags"] = classmethod(lambda cls, p, ps, *a: parse_overflow_flags(p, ps))
        ns["print_OverflowFlags"] = lambda self, p, *a: print_overflow_flags(self, p)
    if verify is not None:
        ns["verify_"] = verify
    cls = register_op(type(name.capitalize() + "Op", (_CastOp,), ns))
    CastOps[name] = cls
    return cls


def _verify_ext(self) -> None:
    a, r = self.operands[0].type, self.results[0].type
    if isinstance(a, T.VectorType):
        if not isinstance(r, T.VectorType):
            raise self.emit_error("input type is a vector but output type is an integer")
        if a.shape != r.shape:
            raise self.emit_error("input and output vectors are of incompatible shape")
        a, r = a.element_type, r.element_type
    elif not isinstance(r, T.IntegerType):
        raise self.emit_error("input type is an integer but output type is a vector")
    if r.width <= a.width:  # type: ignore[attr-defined]
        raise self.emit_error("integer width of the output type is smaller or equal to the integer width of the "
                              "input type")


def _verify_bitcast(self) -> None:
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
    if sp.address_space != dp.address_space:  # type: ignore[attr-defined]
        raise self.op_error("cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead")


BitcastOp = _cast("bitcast", NON_AGGREGATE, NON_AGGREGATE, verify=_verify_bitcast)
AddrSpaceCastOp = _cast("addrspacecast", PTR_LIKE, PTR_LIKE)
IntToPtrOp = _cast("inttoptr", INT_LIKE, PTR_LIKE)
PtrToIntOp = _cast("ptrtoint", PTR_LIKE, INT_LIKE)
SExtOp = _cast("sext", INT_LIKE, INT_LIKE, verify=_verify_ext)
ZExtOp = _cast("zext", INT_LIKE, INT_LIKE, "nneg", verify=_verify_ext)
TruncOp = _cast("trunc", INT_LIKE, INT_LIKE, "overflow")
SIToFPOp = _cast("sitofp", INT_LIKE, FLOAT_LIKE)
UIToFPOp = _cast("uitofp", INT_LIKE, FLOAT_LIKE, "nneg")
FPToSIOp = _cast("fptosi", FLOAT_LIKE, INT_LIKE)
FPToUIOp = _cast("fptoui", FLOAT_LIKE, INT_LIKE)
FPExtOp = _cast("fpext", FLOAT_LIKE, FLOAT_LIKE)
FPTruncOp = _cast("fptrunc", FLOAT_LIKE, FLOAT_LIKE)


# -- memory ---------------------------------------------------------------------------

# Aliasing information every memory access op may carry (LLVM_MemAccessOpBase).
_ALIAS_PROPS = ("access_groups", "alias_scopes", "noalias_scopes", "tbaa")


def _alias_props(ns: dict) -> None:
    for n in _ALIAS_PROPS:
        ns[n] = prop(ARRAY, optional=True)


@register_op
class AllocaOp(LLVMOp):
    """``llvm.alloca [inalloca] %n x T {alignment = A} : (i64) -> !llvm.ptr``."""

    __slots__ = ()
    OP_NAME = "llvm.alloca"
    arraySize = operand(SIGNLESS_INT)
    alignment = prop(I64_ATTR, optional=True)
    elem_type = prop(C.TypeAttr)
    inalloca = prop(C.UnitAttr, optional=True)
    res = result(ANY_PTR)

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
        props = self.properties
        if "inalloca" in props:
            p.write(" inalloca")
        et = props.get("elem_type")
        p.write(f" {p.value_name(self.operands[0])} x {p.type(et.value) if et is not None else '?'}")
        attrs = {k: v for k, v in props.items() if k not in ("elem_type", "inalloca")}
        al = attrs.get("alignment")
        if isinstance(al, A.IntegerAttr) and al.value == 0:
            del attrs["alignment"]
        attrs.update(self.attributes)
        p.print_optional_attr_dict(attrs)
        p.write(f" : ({p.type(self.operands[0].type)}) -> {p.type(self.results[0].type)}")

    def verify_(self) -> None:
        et = self.properties.get("elem_type")
        if isinstance(et, A.TypeAttr) and isinstance(et.value, LLVMTargetExtType) and \
                et.value.name not in ("spirv.Image",):
            pass  # target extension properties are not modelled

    @classmethod
    def build(cls, size: Value, elem_type: T.Type, alignment: int = 0, addr_space: int = 0) -> "AllocaOp":
        props: dict = {"elem_type": A.TypeAttr(elem_type)}
        if alignment:
            props["alignment"] = _i64(alignment)
        return cls.create(operands=[size], result_types=[LLVMPointerType(addr_space)], properties=props)


def _atomic_type_ok(t: T.Type) -> bool:
    if isinstance(t, LLVMPointerType):
        return True
    if isinstance(t, T.IntegerType) or is_llvm_float(t):
        w = t.width if isinstance(t, (T.IntegerType, T.FloatType)) else 128  # type: ignore[attr-defined]
        return w >= 8 and (w & (w - 1)) == 0
    return False


def _verify_atomic_access(op, value_type: T.Type, unsupported: tuple[str, ...]) -> None:
    ordering = op.properties.get("ordering")
    o = ordering.value if isinstance(ordering, A.IntegerAttr) else 0
    if o != 0:
        if not _atomic_type_ok(value_type):
            raise op.op_error(f"unsupported type '{value_type}' for atomic access")
        name = LA.ATOMIC_ORDERINGS.get(o, str(o))
        if name in unsupported:
            raise op.op_error(f"unsupported ordering '{name}'")
        if "alignment" not in op.properties:
            raise op.op_error("expected alignment for atomic access")
        return
    if "syncscope" in op.properties:
        raise op.op_error("expected syncscope to be null for non-atomic access")


class _MemAccessOp(LLVMOp):
    __slots__ = ()
    alignment = prop(I64_ATTR, optional=True)
    volatile_ = prop(C.UnitAttr, optional=True)
    nontemporal = prop(C.UnitAttr, optional=True)
    invariantGroup = prop(C.UnitAttr, optional=True)
    ordering = prop(ORDERING, default=_i64(0))
    syncscope = prop(C.StrAttr, optional=True)
    access_groups = prop(ARRAY, optional=True)
    alias_scopes = prop(ARRAY, optional=True)
    noalias_scopes = prop(ARRAY, optional=True)
    tbaa = prop(ARRAY, optional=True)


def _mem_props(alignment: int, volatile: bool, nontemporal: bool, ordering: str | None,
               syncscope: str | None) -> dict:
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
    addr = operand(ANY_PTR)
    invariant = prop(C.UnitAttr, optional=True)
    dereferenceable = prop(C.AnyAttr, optional=True)
    res = result(LOADABLE)
    assembly_format = ("(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? "
                       "(`invariant` $invariant^)? (`invariant_group` $invariantGroup^)? "
                       "attr-dict `:` qualified(type($addr)) `->` type($res)")

    def verify_(self) -> None:
        _verify_atomic_access(self, self.results[0].type, ("release", "acq_rel"))

    @classmethod
    def build(cls, type: T.Type, addr: Value, alignment: int = 0, volatile: bool = False,
              nontemporal: bool = False, ordering: str | None = None, syncscope: str | None = None) -> "LoadOp":
        return cls.create(operands=[addr], result_types=[type],
                          properties=_mem_props(alignment, volatile, nontemporal, ordering, syncscope))


@register_op
class StoreOp(_MemAccessOp):
    __slots__ = ()
    OP_NAME = "llvm.store"
    value = operand(LOADABLE)
    addr = operand(ANY_PTR)
    assembly_format = ("(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? "
                       "$ordering^)? (`invariant_group` $invariantGroup^)? "
                       "attr-dict `:` type($value) `,` qualified(type($addr))")

    def verify_(self) -> None:
        _verify_atomic_access(self, self.operands[0].type, ("acquire", "acq_rel"))

    @classmethod
    def build(cls, value: Value, addr: Value, alignment: int = 0, volatile: bool = False,
              nontemporal: bool = False, ordering: str | None = None, syncscope: str | None = None) -> "StoreOp":
        return cls.create(operands=[value, addr],
                          properties=_mem_props(alignment, volatile, nontemporal, ordering, syncscope))


GEP_DYNAMIC = -(2 ** 31)  # upstream's GEPOp::kDynamicIndex
_GEP_KEYWORDS = {"inbounds": LA.GEP_INBOUNDS, "nusw": LA.GEP_NUSW, "nuw": LA.GEP_NUW,
                 "inbounds_flag": LA.GEP_INBOUNDS_FLAG}


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


GEP_FLAGS = custom_attr(C.AttrConstraint("GEP no-wrap flags", lambda a: isinstance(a, A.IntegerAttr)),
                        _parse_gep_flags, _print_gep_flags,
                        lambda p: p.kind == "bare" and p.text in _GEP_KEYWORDS)


@register_op
class GEPOp(LLVMOp):
    """``llvm.getelementptr [flags] %base[%i, 1] : (!llvm.ptr, i64) -> !llvm.ptr, T``.

    ``rawConstantIndices`` holds constant indices and ``GEP_DYNAMIC`` markers
    for the dynamic ones (the operands after ``base``)."""

    __slots__ = ()
    OP_NAME = "llvm.getelementptr"
    traits = frozenset({PURE})
    NON_ATTR_PROPS = frozenset({"noWrapFlags"})
    base = operand(PTR_LIKE)
    dynamicIndices = var_operand(INT_LIKE)
    rawConstantIndices = prop(C.DenseI32ArrayAttr)
    elem_type = prop(C.TypeAttr)
    noWrapFlags = prop(GEP_FLAGS, default=_i32(0))
    res = result(PTR_LIKE)
    assembly_format = ("($noWrapFlags^)? $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` "
                       "attr-dict `:` functional-type(operands, results) `,` $elem_type")

    @classmethod
    def parse_GEPIndices(cls, p, ps, *args) -> None:
        refs: list = []
        raw: list[int] = []
        while True:
            if p.kind == "int" or p.kind == "-":
                v = p.parse_integer()
                if not -(2 ** 31) <= v < 2 ** 31:
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
        raw = self.properties["rawConstantIndices"].values
        p.write(", ".join(p.value_name(next(dyn)) if v == GEP_DYNAMIC else str(v) for v in raw))

    def verify_(self) -> None:
        raw = self.properties["rawConstantIndices"].values
        if sum(1 for v in raw if v == GEP_DYNAMIC) != len(self.operands) - 1:
            raise self.op_error("expected as many dynamic indices as specified in 'rawConstantIndices'")
        if self.properties["noWrapFlags"].value == LA.GEP_INBOUNDS_FLAG:
            raise self.op_error("'inbounds_flag' cannot be used directly.")
        t = self.properties["elem_type"].value
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
    def build(cls, base: Value, indices: Sequence[Value | int], elem_type: T.Type, inbounds: bool = False,
              flags: int | None = None, result_type: T.Type | None = None) -> "GEPOp":
        raw = tuple(GEP_DYNAMIC if isinstance(i, Value) else int(i) for i in indices)
        dyn = [i for i in indices if isinstance(i, Value)]
        nw = flags if flags is not None else (LA.GEP_INBOUNDS if inbounds else 0)
        return cls.create(operands=[base, *dyn], result_types=[result_type or base.type],
                          properties={"rawConstantIndices": A.DenseArrayAttr(T.i32, raw),
                                      "elem_type": A.TypeAttr(elem_type), "noWrapFlags": _i32(nw)})


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

        return aggregate_element_type(self.operands[0].type, self.properties["position"].values, error)


@register_op
class ExtractValueOp(_ValueAggregateOp):
    __slots__ = ()
    OP_NAME = "llvm.extractvalue"
    container = operand(AGGREGATE)
    position = prop(C.DenseI64ArrayAttr)
    res = result(LLVM_TYPE)
    assembly_format = ("$container `` $position attr-dict `:` type($container) "
                       "custom<InsertExtractValueElementType>(type($res), ref(type($container)), ref($position))")

    def verify_(self) -> None:
        t = self._element_type()
        if self.results[0].type != t:
            raise self.op_error(f"Type mismatch: extracting from '{self.operands[0].type}' should produce '{t}' but "
                                f"this op returns '{self.results[0].type}'")

    @classmethod
    def build(cls, container: Value, position: Sequence[int]) -> "ExtractValueOp":
        t = aggregate_element_type(container.type, position, _raise_value_error)
        return cls.create(operands=[container], result_types=[t],
                          properties={"position": A.DenseArrayAttr(T.i64, tuple(position))})


def _raise_value_error(msg: str):
    raise ValueError(msg)


@register_op
class InsertValueOp(_ValueAggregateOp):
    __slots__ = ()
    OP_NAME = "llvm.insertvalue"
    container = operand(AGGREGATE)
    value = operand(LLVM_TYPE)
    position = prop(C.DenseI64ArrayAttr)
    res = result(AGGREGATE)
    type_matches = (("container", "res"),)
    assembly_format = ("$value `,` $container `` $position attr-dict `:` type($container) "
                       "custom<InsertExtractValueElementType>(type($value), ref(type($container)), ref($position))")

    def verify_(self) -> None:
        if self.operands[0].type != self.results[0].type:
            raise self.op_error("failed to verify that all of {container, res} have same type")
        t = self._element_type()
        if self.operands[1].type != t:
            raise self.op_error(f"Type mismatch: cannot insert '{self.operands[1].type}' into "
                                f"'{self.operands[0].type}'")

    @classmethod
    def build(cls, container: Value, value: Value, position: Sequence[int]) -> "InsertValueOp":
        return cls.create(operands=[container, value], result_types=[container.type],
                          properties={"position": A.DenseArrayAttr(T.i64, tuple(position))})


def _vec_elem(t: T.Type) -> T.Type | None:
    return t.element_type if isinstance(t, T.VectorType) else None


@register_op
class ExtractElementOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.extractelement"
    traits = frozenset({PURE})
    vector = operand(ANY_VECTOR)
    position = operand(SIGNLESS_INT)
    res = result(LLVM_TYPE)
    assembly_format = "$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        vt = ps.types.get("vector", [None])[0]
        if not isinstance(vt, T.VectorType):
            p.error(f"custom op 'llvm.extractelement' 'vector' must be LLVM dialect-compatible vector type, "
                    f"but got '{vt}'", ps.pos)
        ps.types["res"] = [vt.element_type]

    def verify_(self) -> None:
        if self.results[0].type != _vec_elem(self.operands[0].type):
            raise self.op_error("failed to verify that result type matches vector element type")

    @classmethod
    def build(cls, vector: Value, position: Value) -> "ExtractElementOp":
        return cls.create(operands=[vector, position], result_types=[vector.type.element_type])  # type: ignore


@register_op
class InsertElementOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.insertelement"
    traits = frozenset({PURE})
    vector = operand(ANY_VECTOR)
    value = operand(LLVM_TYPE)
    position = operand(SIGNLESS_INT)
    res = result(ANY_VECTOR)
    type_matches = (("vector", "res"),)
    assembly_format = "$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        vt = ps.types.get("vector", [None])[0]
        if not isinstance(vt, T.VectorType) or len(vt.shape) != 1:
            p.error(f"custom op 'llvm.insertelement' 'vector' must be LLVM dialect-compatible vector type, "
                    f"but got '{vt}'", ps.pos)
        ps.types["value"] = [vt.element_type]

    def verify_(self) -> None:
        if self.operands[1].type != _vec_elem(self.operands[0].type):
            raise self.op_error("failed to verify that argument type matches vector element type")
        if self.operands[0].type != self.results[0].type:
            raise self.op_error("failed to verify that all of {res, vector} have same type")

    @classmethod
    def build(cls, vector: Value, value: Value, position: Value) -> "InsertElementOp":
        return cls.create(operands=[vector, value, position], result_types=[vector.type])


@register_op
class ShuffleVectorOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.shufflevector"
    traits = frozenset({PURE})
    v1 = operand(ANY_VECTOR)
    v2 = operand(ANY_VECTOR)
    mask = prop(C.DenseI32ArrayAttr)
    res = result(ANY_VECTOR)
    type_matches = (("v1", "v2"),)
    assembly_format = ("$v1 `,` $v2 $mask attr-dict `:` type($v1) "
                       "custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))")

    @staticmethod
    def result_type(v1: T.Type, n: int) -> T.VectorType:
        sc = (True,) if isinstance(v1, T.VectorType) and any(v1.scalable_dims) else ()
        return T.VectorType((n,), v1.element_type, sc)  # type: ignore[attr-defined]

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
        if isinstance(v1, T.VectorType) and any(v1.scalable_dims) and any(self.properties["mask"].values):
            raise self.op_error("expected a splat operation for scalable vectors")

    @classmethod
    def build(cls, v1: Value, v2: Value, mask: Sequence[int]) -> "ShuffleVectorOp":
        return cls.create(operands=[v1, v2], result_types=[cls.result_type(v1.type, len(mask))],
                          properties={"mask": A.DenseArrayAttr(T.i32, tuple(mask))})


@register_op
class SelectOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.select"
    traits = frozenset({PURE})
    condition = operand(BOOL_LIKE)
    trueValue = operand(LLVM_TYPE)
    falseValue = operand(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    res = result(LLVM_TYPE)
    type_matches = (("trueValue", "falseValue", "res"),)
    assembly_format = "$condition `,` $trueValue `,` $falseValue attr-dict `:` type($condition) `,` type($res)"

    def verify_(self) -> None:
        if not (self.operands[1].type == self.operands[2].type == self.results[0].type):
            raise self.op_error("failed to verify that all of {trueValue, falseValue, res} have same type")

    @classmethod
    def build(cls, cond: Value, t: Value, f: Value) -> "SelectOp":
        return cls.create(operands=[cond, t, f], result_types=[t.type])


@register_op
class FreezeOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.freeze"
    traits = frozenset({PURE, SAME_OPERANDS_AND_RESULT_TYPE})
    val = operand(LLVM_TYPE)
    res = result(LLVM_TYPE)
    assembly_format = "$val attr-dict `:` type($val)"


# -- constants --------------------------------------------------------------------------


class _ValueOp(LLVMOp):
    """``llvm.mlir.undef``-like: a value of the given type."""

    __slots__ = ()
    traits = frozenset({PURE, "ConstantLike"})
    res = result(LLVM_TYPE)
    assembly_format = "attr-dict `:` type($res)"

    @classmethod
    def build(cls, type: T.Type) -> "LLVMOp":
        return cls.create(result_types=[type])


UndefOp = register_op(type("UndefOp", (_ValueOp,), {"__slots__": (), "OP_NAME": "llvm.mlir.undef",
                                                     "__module__": __name__}))
PoisonOp = register_op(type("PoisonOp", (_ValueOp,), {"__slots__": (), "OP_NAME": "llvm.mlir.poison",
                                                       "__module__": __name__}))
ZeroOp = register_op(type("ZeroOp", (_ValueOp,), {"__slots__": (), "OP_NAME": "llvm.mlir.zero",
                                                   "__module__": __name__}))


@register_op
class NoneTokenOp(_ValueOp):
    __slots__ = ()
    OP_NAME = "llvm.mlir.none"
    traits = frozenset({PURE})


def _num_elements(t: T.Type) -> int:
    if isinstance(t, T.VectorType):
        return t.num_elements * _num_elements(t.element_type)
    if isinstance(t, LLVMArrayType):
        return t.num_elements * _num_elements(t.element_type)
    return 1


def _scalar_elem(t: T.Type) -> T.Type:
    while isinstance(t, LLVMArrayType):
        t = t.element_type
    if isinstance(t, T.ShapedType):
        return t.element_type
    return t


@register_op
class ConstantOp(LLVMOp):
    """``llvm.mlir.constant(42 : i32) : i32``."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.constant"
    traits = frozenset({PURE, "ConstantLike"})
    value = prop(C.AnyAttr)
    res = result(LLVM_TYPE)
    assembly_format = "`(` $value `)` attr-dict `:` type($res)"

    def verify_(self) -> None:
        v, t = self.properties["value"], self.results[0].type
        if isinstance(v, A.StringAttr) and v.type is None:
            if not (isinstance(t, LLVMArrayType) and t.num_elements == len(v.value.encode("utf-8", "surrogateescape"))
                    and t.element_type == T.i8):
                raise self.op_error(f"expected array type of {len(v.value)} i8 elements for the string constant")
            return
        if isinstance(t, LLVMStructType):
            if not isinstance(v, A.ArrayAttr):
                raise self.op_error("expected array attribute for struct type")
            if len(v) != len(t.fields):
                raise self.op_error(f"expected array attribute of size {len(t.fields)}")
            for i, (a, et) in enumerate(zip(v, t.fields)):
                if not isinstance(et, (T.IntegerType, T.IndexType, T.FloatType)):
                    raise self.op_error("expected struct element types to be floating point type or integer type")
                if not isinstance(a, (A.FloatAttr, A.IntegerAttr)):
                    raise self.op_error("expected element of array attribute to be floating point or integer")
                if a.type != et:
                    raise self.op_error(f"struct element at index {i} is of wrong type")
            return
        if isinstance(t, LLVMTargetExtType):
            raise self.op_error("does not support target extension type.")
        if isinstance(v, A.IntegerAttr):
            if not isinstance(t, T.IntegerType):
                raise self.op_error("expected integer type")
        elif isinstance(v, A.FloatAttr):
            self._check_float(v.type, t)
        elif isinstance(v, (A.DenseElementsAttr, A.SparseElementsAttr, A.DenseResourceElementsAttr)):
            if isinstance(t, T.VectorType) and any(t.scalable_dims):
                if not (isinstance(v, A.DenseElementsAttr) and v.is_splat()):
                    raise self.op_error("scalable vector type requires a splat attribute")
                return
            if not isinstance(t, (T.VectorType, LLVMArrayType)):
                raise self.op_error("expected vector or array type")
            n = v.type.num_elements
            if _num_elements(t) != n:
                raise self.op_error(f"type and attribute have a different number of elements: {_num_elements(t)} "
                                    f"vs. {n}")
            ae, re_ = v.type.element_type, _scalar_elem(t)
            if isinstance(ae, T.FloatType):
                self._check_float(ae, re_)
            elif isinstance(ae, T.IntegerType) and not isinstance(re_, T.IntegerType):
                raise self.op_error("expected integer element type for integer elements attribute")
        elif isinstance(v, A.ArrayAttr):
            if not isinstance(t, LLVMArrayType):
                raise self.op_error("expected array or struct type for array attribute")
        elif isinstance(v, A.OpaqueAttr) and v.dialect == "llvm":
            pass  # #llvm.zero/undef/poison and friends
        else:
            raise self.op_error("only supports integer, float, string or elements attributes")

    def _check_float(self, at: T.Type, t: T.Type) -> None:
        if isinstance(t, T.FloatType):
            if t != at:
                raise self.op_error("attribute and type have different float semantics")
        elif isinstance(t, T.IntegerType) and isinstance(at, T.FloatType) and t.width != at.width:
            raise self.op_error(f"expected integer type of width {at.width}")

    @classmethod
    def build(cls, type: T.Type, value: int | float | A.Attribute) -> "ConstantOp":
        if not isinstance(value, A.Attribute):
            value = A.FloatAttr(float(value), type) if isinstance(type, T.FloatType) else A.IntegerAttr(int(value), type)
        return cls.create(result_types=[type], properties={"value": value})


# -- atomics ------------------------------------------------------------------------------


@register_op
class AtomicRMWOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.atomicrmw"
    bin_op = prop(enum_attr("llvm.atomicrmw binary operations", LA.ATOMIC_BIN_OPS))
    ptr = operand(ANY_PTR)
    val = operand(LLVM_TYPE)
    ordering = prop(ORDERING)
    syncscope = prop(C.StrAttr, optional=True)
    alignment = prop(I64_ATTR, optional=True)
    volatile_ = prop(C.UnitAttr, optional=True)
    access_groups = prop(ARRAY, optional=True)
    alias_scopes = prop(ARRAY, optional=True)
    noalias_scopes = prop(ARRAY, optional=True)
    tbaa = prop(ARRAY, optional=True)
    res = result(LLVM_TYPE)
    type_matches = (("val", "res"),)
    assembly_format = ("(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? "
                       "$ordering attr-dict `:` qualified(type($ptr)) `,` type($val)")

    def verify_(self) -> None:
        t = self.operands[1].type
        op = LA.ATOMIC_BIN_OPS.get(self.properties["bin_op"].value, "")
        if op in ("fadd", "fsub", "fmax", "fmin", "fmaximum", "fminimum", "fmaximumnum", "fminimumnum"):
            if is_compatible_vector(t):
                if any(t.scalable_dims):  # type: ignore[attr-defined]
                    raise self.op_error("expected LLVM IR fixed vector type")
                if not is_llvm_float(t.element_type):  # type: ignore[attr-defined]
                    raise self.op_error("expected LLVM IR floating point type for vector element")
            elif not is_llvm_float(t):
                raise self.op_error("expected LLVM IR floating point type")
        elif op == "xchg":
            if not _atomic_type_ok(t):
                raise self.op_error("unexpected LLVM IR type for 'xchg' bin_op")
        elif not (isinstance(t, T.IntegerType) and t.width in (8, 16, 32, 64)):
            raise self.op_error("expected LLVM IR integer type")
        if self.properties["ordering"].value < 2:
            raise self.op_error("expected at least 'monotonic' ordering")


@register_op
class AtomicCmpXchgOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.cmpxchg"
    ptr = operand(ANY_PTR)
    cmp = operand(LLVM_TYPE)
    val = operand(LLVM_TYPE)
    success_ordering = prop(ORDERING)
    failure_ordering = prop(ORDERING)
    syncscope = prop(C.StrAttr, optional=True)
    alignment = prop(I64_ATTR, optional=True)
    weak = prop(C.UnitAttr, optional=True)
    volatile_ = prop(C.UnitAttr, optional=True)
    access_groups = prop(ARRAY, optional=True)
    alias_scopes = prop(ARRAY, optional=True)
    noalias_scopes = prop(ARRAY, optional=True)
    tbaa = prop(ARRAY, optional=True)
    res = result(_tc("LLVM structure type", lambda t: isinstance(t, LLVMStructType)))
    type_matches = (("val", "cmp"),)
    assembly_format = ("(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val "
                       "(`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering "
                       "attr-dict `:` qualified(type($ptr)) `,` type($val)")

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        vt = ps.types.get("val")
        if vt:
            ps.types["res"] = [LLVMStructType((vt[0], T.i1))]

    def verify_(self) -> None:
        t = self.operands[2].type
        if self.results[0].type != LLVMStructType((t, T.i1)):
            raise self.op_error("failed to verify that result #0 has an LLVM struct type consisting of the type of "
                                "operand #2 and a bool")
        if not _atomic_type_ok(t):
            raise self.op_error("unexpected LLVM IR type")
        s, f = self.properties["success_ordering"].value, self.properties["failure_ordering"].value
        if s < 2 or f < 2:
            raise self.op_error("ordering must be at least 'monotonic'")
        if f in (5, 6):
            raise self.op_error("failure ordering cannot be 'release' or 'acq_rel'")


@register_op
class FenceOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.fence"
    ordering = prop(ORDERING)
    syncscope = prop(C.StrAttr, optional=True)
    assembly_format = "(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict"

    def verify_(self) -> None:
        if self.properties["ordering"].value in (0, 1, 2):
            raise self.op_error("can be given only acquire, release, acq_rel, and seq_cst orderings")


# -- terminators -----------------------------------------------------------------------------


def verify_successor_operands(op, groups: Sequence[tuple[Block, Sequence[Value]]]) -> None:
    """Operands forwarded to each successor match its block arguments."""
    for i, (b, vals) in enumerate(groups):
        if len(vals) != len(b.arguments):
            raise op.op_error(f"branch has {len(vals)} operands for successor #{i}, but target block has "
                              f"{len(b.arguments)}")
        for j, (v, a) in enumerate(zip(vals, b.arguments)):
            if v.type != a.type:
                raise op.op_error(f"type mismatch for bb argument #{j} of successor #{i}")


@register_op
class BrOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.br"
    traits = frozenset({TERMINATOR, PURE})
    destOperands = var_operand(LLVM_TYPE)
    loop_annotation = prop(C.AnyAttr, optional=True)
    dest = successor()
    assembly_format = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict"

    def verify_(self) -> None:
        verify_successor_operands(self, [(self.successors[0], self.operands)])

    @classmethod
    def build(cls, dest: Block, args: Sequence[Value] = ()) -> "BrOp":
        return cls.create(operands=list(args), successors=[dest])


@register_op
class CondBrOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.cond_br"
    traits = frozenset({TERMINATOR, PURE})
    condition = operand(C.I1)
    trueDestOperands = var_operand(LLVM_TYPE)
    falseDestOperands = var_operand(LLVM_TYPE)
    branch_weights = prop(C.DenseI32ArrayAttr, optional=True)
    loop_annotation = prop(C.AnyAttr, optional=True)
    trueDest = successor()
    falseDest = successor()
    assembly_format = ("$condition ( `weights` `(` $branch_weights^ `)` )? `,` "
                       "$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` "
                       "$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict")

    def verify_(self) -> None:
        verify_successor_operands(self, [(self.successors[0], self.trueDestOperands),
                                         (self.successors[1], self.falseDestOperands)])
        bw = self.properties.get("branch_weights")
        if bw is not None and len(bw.values) != 2:
            raise self.op_error(f"expects number of branch weights to match number of successors: "
                                f"{len(bw.values)} vs 2")

    @classmethod
    def build(cls, cond: Value, true_dest: Block, true_args: Sequence[Value], false_dest: Block,
              false_args: Sequence[Value] = (), weights: tuple[int, int] | None = None) -> "CondBrOp":
        from ..ir.fields import segment_sizes_attr

        props: dict = {"operandSegmentSizes": segment_sizes_attr([1, len(true_args), len(false_args)])}
        if weights is not None:
            props["branch_weights"] = A.DenseArrayAttr(T.i32, tuple(weights))
        return cls.create(operands=[cond, *true_args, *false_args], successors=[true_dest, false_dest],
                          properties=props)


@register_op
class ReturnOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.return"
    traits = frozenset({TERMINATOR, PURE, "ReturnLike"})
    arg = opt_operand(LLVM_TYPE)
    assembly_format = "attr-dict ($arg^ `:` type($arg))?"

    def verify_(self) -> None:
        from .llvm_ops2 import LLVMFuncOp

        fn = self.parent_op
        while fn is not None and not isinstance(fn, LLVMFuncOp):
            fn = fn.parent_op
        if fn is None:
            return
        rt = fn.properties["function_type"].value.return_type
        from .llvm_types import LLVMVoidType

        err = None
        if isinstance(rt, LLVMVoidType):
            if self.operands:
                err = "expected no operands"
        elif not self.operands:
            err = "expected 1 operand"
        elif self.operands[0].type != rt:
            err = "mismatching result types"
        if err is not None:
            raise self.op_error(err).attach_note("when returning from function", fn.loc)

    @classmethod
    def build(cls, value: Value | None = None) -> "ReturnOp":
        return cls.create(operands=[] if value is None else [value])


@register_op
class ResumeOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.resume"
    traits = frozenset({TERMINATOR})
    value = operand(LLVM_TYPE)
    assembly_format = "$value attr-dict `:` type($value)"


@register_op
class UnreachableOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.unreachable"
    traits = frozenset({TERMINATOR})
    assembly_format = "attr-dict"


@register_op
class SwitchOp(LLVMOp):
    """``llvm.switch %v : i32, ^default [ 1: ^bb1(%x : i32), ... ]``."""

    __slots__ = ()
    OP_NAME = "llvm.switch"
    traits = frozenset({TERMINATOR, PURE})
    value = operand(SIGNLESS_INT)
    defaultOperands = var_operand()
    caseOperands = var_operand()
    case_values = prop(C.ElementsAttr, optional=True)
    case_operand_segments = prop(C.DenseI32ArrayAttr)
    branch_weights = prop(C.DenseI32ArrayAttr, optional=True)
    defaultDestination = successor()
    caseDestinations = var_successor()

    @classmethod
    def parse(cls, p, state) -> None:
        from ..ir.fields import segment_sizes_attr

        vref = p.parse_operand()
        p.expect(":", "expected ':'")
        vt = p.parse_type()
        p.expect(",", "expected ','")
        dflt = p.parse_successor()
        dvals = _parse_successor_args(p)
        p.expect("[", "expected '['")
        values: list[int] = []
        dests: list = []
        cvals: list = []
        if not p.accept("]"):
            while True:
                values.append(p.parse_integer())
                p.expect(":", "expected ':'")
                dests.append(p.parse_successor())
                cvals.append(_parse_successor_args(p))
                if not p.accept(","):
                    break
            p.expect("]", "expected ']'")
        attrs = p.parse_optional_attr_dict()
        pn = cls.property_names()
        for k, v in attrs.items():
            (state.properties if k in pn else state.attributes)[k] = v
        state.operands = [p.resolve_operand(vref, vt), *dvals, *[v for g in cvals for v in g]]
        state.successors = [dflt, *dests]
        if values:
            state.properties["case_values"] = A.DenseElementsAttr(T.VectorType((len(values),), vt), tuple(values))
        state.properties["case_operand_segments"] = A.DenseArrayAttr(T.i32, tuple(len(g) for g in cvals))
        state.properties["operandSegmentSizes"] = segment_sizes_attr([1, len(dvals), sum(len(g) for g in cvals)])

    def print_custom(self, p) -> None:
        p.write(f" {p.value_name(self.operands[0])} : {p.type(self.operands[0].type)}, ")
        p.print_successor_with_operands(self.successors[0], self.defaultOperands)
        p.write(" [\n")
        groups = self.case_groups()
        vals = self.properties.get("case_values")
        ind = p.indent
        lines = []
        for i, (b, ops) in enumerate(zip(self.successors[1:], groups)):
            v = vals.flat()[i] if vals is not None else i
            lines.append(f"{ind}  {v}: " + _successor_str(p, b, ops))
        p.write(",\n".join(lines) + ("\n" if lines else "") + ind + "]")
        attrs = {k: v for k, v in self.properties.items()
                 if k not in ("case_values", "case_operand_segments", "operandSegmentSizes")}
        attrs.update(self.attributes)
        p.print_optional_attr_dict(attrs)

    def case_groups(self) -> list[list[Value]]:
        segs = self.properties["case_operand_segments"].values
        flat = self.caseOperands
        out, i = [], 0
        for n in segs:
            out.append(flat[i:i + n])
            i += n
        return out

    def verify_(self) -> None:
        vals = self.properties.get("case_values")
        n = len(self.successors) - 1
        if (vals is None and n) or (vals is not None and vals.type.num_elements != n):
            raise self.op_error("expects number of case values to match number of case destinations")
        if vals is not None and vals.type.element_type != self.operands[0].type:
            raise self.emit_error("expects case value type to match condition value type")
        segs = self.properties["case_operand_segments"].values
        if len(segs) != n or sum(segs) != len(self.caseOperands):
            raise self.op_error("'case_operand_segments' does not match the case operands")
        verify_successor_operands(self, [(self.successors[0], self.defaultOperands),
                                         *zip(self.successors[1:], self.case_groups())])


def _parse_successor_args(p) -> list:
    if not p.accept("("):
        return []
    refs = p.parse_comma_list(p.parse_operand)
    p.expect(":", "expected ':'")
    types = p.parse_comma_list(p.parse_type)
    p.expect(")", "expected ')'")
    return p.resolve_operands(refs, types)


def _successor_str(p, b: Block, ops: Sequence[Value]) -> str:
    s = p.block_name(b)
    if ops:
        s += "(" + p.operands_str(ops) + " : " + ", ".join(p.type(v.type) for v in ops) + ")"
    return s


__all__ = ["LLVMOp", "CastOps", "LLVMType"] + [n for n in dir() if n.endswith("Op")]
