"""``llvm.intr.*`` ops, defined from tables (upstream LLVMIntrinsicOps.td).

Most share one custom form, ``llvm.intr.fma(%a, %b, %c) : (f32, f32, f32) ->
f32`` (float ones carry ``fastmathFlags``); some have their own format, and
the rest only have the generic form (as upstream: ``"llvm.intr.memcpy"``,
``"llvm.intr.ctlz"``, ...). ``INTRINSICS`` maps a mnemonic (``"fma"``) to
its op class; ``INTRINSICS["fma"].build([a, b, c])`` builds one (the result
type defaults to the first operand's).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import enum_attr, typed_attr
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
from ...ir.registry import register_op
from ...ir.traits import PURE, SAME_OPERANDS_AND_RESULT_TYPE, Trait
from . import attrs as LA
from .calls import _parse_bundles, _print_bundles
from .ops import (
    ANY_PTR,
    ANY_VECTOR,
    ARRAY,
    FLOAT_LIKE,
    I32_ATTR,
    I64_ATTR,
    INT_LIKE,
    LLVM_TYPE,
    PTR_LIKE,
    SIGNLESS_INT,
    LLVMOp,
    _fmf_prop,
)
from .symbols import _split_attrs
from .types import LLVMPointerType, LLVMTokenType

INTRINSICS: dict[str, type] = {}

STD_FORMAT = "`(` operands `)` attr-dict `:` functional-type(operands, results)"
I1_ATTR = C.BoolAttr
TOKEN = C.TypeConstraint("LLVM token type", lambda t: isinstance(t, LLVMTokenType))
VEC_OF_I1 = C.TypeConstraint(
    "LLVM dialect-compatible vector of 1-bit signless integer",
    lambda t: isinstance(t, T.VectorType) and t.element_type == T.i1,
)
VEC_OF_PTR = C.TypeConstraint(
    "LLVM dialect-compatible vector of LLVM pointer type",
    lambda t: isinstance(t, T.VectorType) and isinstance(t.element_type, LLVMPointerType),
)
F64_ATTR = typed_attr(
    C.AttrConstraint("64-bit float attribute", lambda a: isinstance(a, A.FloatAttr) and a.type == T.f64), T.f64
)
ANY = C.AnyAttr
# An i64 attribute spelled in a format: its type is implied (printed `4`, not `4 : i64`).
I64_IN_FORMAT = typed_attr(I64_ATTR, T.i64)
UNIT = C.UnitAttr


class IntrinsicOp(LLVMOp):
    """Base of ``llvm.intr.*`` ops."""

    __slots__ = ()

    @classmethod
    def build(cls, operands: Sequence[Value], result_type: T.Type | None = None, **props) -> IntrinsicOp:
        """``result_type`` defaults to the first operand's type for ops with a
        result; ``props`` are property values (attributes)."""
        rts: list = []
        if cls._fields["result"]:
            rts = [result_type if result_type is not None else operands[0].type]
        p = dict(props)
        if cls.uses_segments("operand"):
            p["operandSegmentSizes"] = segment_sizes_attr([len(operands)] + [0] * (len(cls._fields["operand"]) - 1))
        return cls.create(operands=list(operands), result_types=rts, properties=p)


def intr(
    mnemonic: str,
    operands: str = "",
    res: str | None = "res",
    props: dict | None = None,
    fmt: str | None = STD_FORMAT,
    traits: Sequence[Trait] = (),
    fmf: bool = False,
    **extra,
) -> type:
    """Define ``llvm.intr.<mnemonic>``.

    ``operands``: space-separated ``name[:constraint]``; a leading ``?``
    marks an optional operand, ``*`` a variadic one. ``res``: the result
    name (``?name`` optional, None for no result)."""
    if fmt == STD_FORMAT:  # `operands` spelled out: the format engine wants named operands
        names = [s.partition(":")[0].lstrip("?*") for s in operands.split()]
        fmt = "`(` " + " `,` ".join("$" + n for n in names) + " `)` attr-dict `:` functional-type(operands, results)"
    ns: dict = {
        "__slots__": (),
        "OP_NAME": f"llvm.intr.{mnemonic}",
        "__module__": __name__,
        "__doc__": f"The ``llvm.{mnemonic}`` intrinsic.",
        "traits": frozenset(traits),
        "assembly_format": fmt,
    }
    for spec in operands.split():
        name, _, cname = spec.partition(":")
        c = _CONSTRAINTS[cname] if cname else LLVM_TYPE
        if name[0] == "?":
            ns[name[1:]] = opt_operand_def(c)
        elif name[0] == "*":
            ns[name[1:]] = var_operand_def(c)
        else:
            ns[name] = operand_def(c)
    if res is not None:
        ns[res.lstrip("?")] = opt_result_def(LLVM_TYPE) if res[0] == "?" else result_def(LLVM_TYPE)
    if fmf:
        ns["fastmathFlags"] = _fmf_prop()
    for k, v in (props or {}).items():
        ns[k] = v
    ns.update(extra)
    cls = register_op(type(_class_name(mnemonic), (IntrinsicOp,), ns))
    INTRINSICS[mnemonic] = cls
    return cls


def _class_name(mnemonic: str) -> str:
    return "".join(p.capitalize() for p in mnemonic.replace("_", ".").split(".")) + "IntrOp"


_CONSTRAINTS = {
    "ptr": ANY_PTR,
    "int": INT_LIKE,
    "float": FLOAT_LIKE,
    "vec": ANY_VECTOR,
    "i1": C.I1,
    "i32": C.I32,
    "i8": C.TypeConstraint("8-bit signless integer", lambda t: t == T.i8),
    "sint": SIGNLESS_INT,
    "token": TOKEN,
    "vi1": VEC_OF_I1,
    "vptr": VEC_OF_PTR,
    "ptrs": PTR_LIKE,
}

_SAME = (PURE, SAME_OPERANDS_AND_RESULT_TYPE)

# -- the common form ---------------------------------------------------------------

# Float intrinsics of one operand (the LLVM IR translation overloads them by type too).
UNARY_FLOAT = (
    "exp",
    "exp2",
    "exp10",
    "fabs",
    "ceil",
    "floor",
    "log",
    "log10",
    "log2",
    "roundeven",
    "round",
    "trunc",
    "sqrt",
    "rint",
    "nearbyint",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "canonicalize",
)
for _n in UNARY_FLOAT:
    intr(_n, "in:float", fmf=True, traits=_SAME)
for _n in ("copysign", "pow", "maxnum", "minnum", "maximum", "minimum", "maximumnum", "minimumnum", "atan2"):
    intr(_n, "a:float b:float", fmf=True, traits=_SAME)
for _n in ("fma", "fmuladd"):
    intr(_n, "a:float b:float c:float", fmf=True, traits=_SAME)
for _n in ("bitreverse", "bswap", "ctpop"):
    intr(_n, "in:int", traits=_SAME)
for _n in ("smax", "smin", "umax", "umin", "sadd.sat", "uadd.sat", "ssub.sat", "usub.sat", "sshl.sat", "ushl.sat"):
    intr(_n, "a:int b:int", traits=_SAME)
for _n in ("fshl", "fshr"):
    intr(_n, "a:int b:int c:int", traits=_SAME)
for _n in ("powi", "ldexp"):
    intr(_n, "val:float power:int", fmf=True, traits=(PURE,))
for _n in ("frexp", "sincos"):
    intr(_n, "val:float", fmf=True, traits=(PURE,))
for _n in ("lround", "llround", "lrint", "llrint"):
    intr(_n, "val:float", traits=(PURE,))
for _n in ("fmax", "fmin", "fmaximum", "fminimum"):
    intr(f"vector.reduce.{_n}", "in:vec", fmf=True, traits=(PURE,))

# -- generic form only ----------------------------------------------------------------------

for _n in ("ctlz", "cttz"):
    intr(_n, "in:int", fmt=None, traits=_SAME[:1], props={"is_zero_poison": prop_def(I1_ATTR)})
intr("abs", "in:int", fmt=None, traits=(PURE,), props={"is_int_min_poison": prop_def(I1_ATTR)})
intr("is.fpclass", "in:float", fmt=None, traits=(PURE,), props={"bit": prop_def(I32_ATTR)})
intr(
    "prefetch",
    "addr:ptr",
    None,
    fmt=None,
    props={"rw": prop_def(I32_ATTR), "hint": prop_def(I32_ATTR), "cache": prop_def(I32_ATTR)},
)
_MEM_PROPS = {
    n: prop_def(ARRAY, optional=True)
    for n in ("access_groups", "alias_scopes", "noalias_scopes", "tbaa", "arg_attrs", "res_attrs")
}
for _n in ("memcpy", "memmove"):
    intr(_n, "dst:ptr src:ptr len:sint", None, fmt=None, props={"isVolatile": prop_def(I1_ATTR), **_MEM_PROPS})
intr(
    "memcpy.inline",
    "dst:ptr src:ptr",
    None,
    fmt=None,
    props={"len": prop_def(C.AnyIntegerAttr), "isVolatile": prop_def(I1_ATTR), **_MEM_PROPS},
)
intr("memset", "dst:ptr val:i8 len:sint", None, fmt=None, props={"isVolatile": prop_def(I1_ATTR), **_MEM_PROPS})
intr(
    "memset.inline",
    "dst:ptr val:i8",
    None,
    fmt=None,
    props={"len": prop_def(C.AnyIntegerAttr), "isVolatile": prop_def(I1_ATTR), **_MEM_PROPS},
)
for _n in ("sadd", "uadd", "ssub", "usub", "smul", "umul"):
    intr(f"{_n}.with.overflow", "lhs:int rhs:int", fmt=None, traits=(PURE,))
intr("is.constant", "val", fmt=None, traits=(PURE,))
intr("threadlocal.address", "global:ptr", fmt=None, traits=(PURE,))
intr("vscale", "", fmt=None)
for _n in ("add", "and", "mul", "or", "smax", "smin", "umax", "umin", "xor"):
    intr(f"vector.reduce.{_n}", "in:vec", fmt=None, traits=(PURE,))
for _n in ("fadd", "fmul"):
    intr(f"vector.reduce.{_n}", "start_value input:vec", fmt=None, fmf=True, traits=(PURE,))
intr("annotation", "integer:sint annotation:ptr fileName:ptr line:i32", fmt=None)
intr("ptr.annotation", "ptr:ptr annotation:ptr fileName:ptr line:i32 attr:ptr", fmt=None)
intr("var.annotation", "val:ptr annotation:ptr fileName:ptr line:i32 attr:ptr", None, fmt=None)
intr("masked.expandload", "ptr:ptr mask:vi1 passthru:vec", fmt=None, props=dict(_MEM_PROPS))
intr("masked.compressstore", "value:vec ptr:ptr mask:vi1", None, fmt=None, props=dict(_MEM_PROPS))
intr("vector.interleave2", "vec1:vec vec2:vec", fmt=None, traits=(PURE,))
intr("experimental.vector.interleave2", "vec1:vec vec2:vec", fmt=None, traits=(PURE,))
intr("vector.deinterleave2", "vec:vec", fmt=None, traits=(PURE,))
intr("experimental.vector.deinterleave2", "vec:vec", fmt=None, traits=(PURE,))
intr("vector.splice", "vec1:vec vec2:vec", fmt=None, traits=(PURE,), props={"imm": prop_def(I32_ATTR)})
intr("experimental.stepvector", "", fmt=None, traits=(PURE,))
for _n in ("fptosi.sat", "fptoui.sat"):
    intr(_n, "in:float", fmt=None, traits=(PURE,))
for _n in ("ucmp", "scmp"):
    intr(_n, "a:int b:int", traits=(PURE,))
intr("vector.reverse", "in:vec", fmt=None, traits=(PURE,))
for _n in ("vector.compress", "experimental.vector.compress"):
    intr(_n, "value:vec mask:vi1 passthru:vec", fmt=None, traits=(PURE,))
intr(
    "objectsize",
    "ptr:ptr",
    fmt=None,
    props={"min": prop_def(I1_ATTR), "nullunknown": prop_def(I1_ATTR), "dynamic": prop_def(I1_ATTR)},
)

# Vector predication intrinsics (generic form only).
for _n in (
    "add",
    "sub",
    "mul",
    "sdiv",
    "udiv",
    "srem",
    "urem",
    "ashr",
    "lshr",
    "shl",
    "or",
    "and",
    "xor",
    "smax",
    "smin",
    "umax",
    "umin",
    "fadd",
    "fsub",
    "fmul",
    "fdiv",
    "frem",
):
    intr(f"vp.{_n}", "lhs:vec rhs:vec mask:vi1 evl:i32", fmt=None, traits=(PURE,))
intr("vp.fneg", "op:vec mask:vi1 evl:i32", fmt=None, traits=(PURE,))
for _n in ("fmuladd", "fma"):
    intr(f"vp.{_n}", "op1:vec op2:vec op3:vec mask:vi1 evl:i32", fmt=None, traits=(PURE,))
for _n in ("add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin", "fadd", "fmul", "fmax", "fmin"):
    intr(f"vp.reduce.{_n}", "satrt_value val:vec mask:vi1 evl:i32", fmt=None, traits=(PURE,))
for _n in ("select", "merge"):
    intr(f"vp.{_n}", "cond:vi1 true_val:vec false_val:vec evl:i32", fmt=None, traits=(PURE,))
intr("vp.load", "ptr:ptr mask:vi1 evl:i32", fmt=None)
intr("vp.store", "val:vec ptr:ptr mask:vi1 evl:i32", None, fmt=None)
intr("experimental.vp.strided.load", "ptr:ptr stride:sint mask:vi1 evl:i32", fmt=None)
intr("experimental.vp.strided.store", "val:vec ptr:ptr stride:sint mask:vi1 evl:i32", None, fmt=None)
for _n in ("trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "ptrtoint", "inttoptr"):
    intr(f"vp.{_n}", "src:vec mask:vi1 evl:i32", fmt=None, traits=(PURE,))

# -- own formats -----------------------------------------------------------------------------

intr(
    "ptrmask",
    "ptr:ptrs mask:int",
    fmt="$ptr `,` $mask attr-dict `:` functional-type(operands, results)",
    traits=(PURE,),
)
for _n in ("lifetime.start", "lifetime.end"):
    intr(_n, "ptr:ptr", None, fmt="$ptr attr-dict `:` qualified(type($ptr))")
intr(
    "invariant.start",
    "ptr:ptr",
    props={"size": prop_def(I64_IN_FORMAT)},
    fmt="$size `,` $ptr attr-dict `:` qualified(type($ptr))",
    infer_types=classmethod(lambda cls, p, ps, st: ps.types.setdefault("res", [LLVMPointerType()])),
)
intr(
    "invariant.end",
    "start:ptr ptr:ptr",
    None,
    props={"size": prop_def(I64_IN_FORMAT)},
    fmt="$start `,` $size `,` $ptr attr-dict `:` qualified(type($ptr))",
    infer_types=classmethod(lambda cls, p, ps, st: ps.types.setdefault("start", [LLVMPointerType()])),
)
for _n in ("launder.invariant.group", "strip.invariant.group"):
    intr(_n, "ptr:ptr", fmt="$ptr attr-dict `:` qualified(type($ptr))", traits=(SAME_OPERANDS_AND_RESULT_TYPE,))

_RM = enum_attr("LLVM Rounding Mode", LA.ROUNDING_MODES)
_EB = enum_attr("LLVM Exception Behavior", LA.FP_EXCEPTION_BEHAVIORS)
for _n in ("uitofp", "sitofp", "fptrunc"):
    intr(
        f"experimental.constrained.{_n}",
        "arg_0",
        traits=(PURE,),
        props={"roundingmode": prop_def(_RM), "fpExceptionBehavior": prop_def(_EB)},
        fmt="$arg_0 $roundingmode $fpExceptionBehavior attr-dict `:` type($arg_0) `to` type(results)",
    )
intr(
    "experimental.constrained.fpext",
    "arg_0",
    traits=(PURE,),
    props={"fpExceptionBehavior": prop_def(_EB)},
    fmt="$arg_0 $fpExceptionBehavior attr-dict `:` type($arg_0) `to` type(results)",
)
for _n in ("fadd", "fsub", "fmul", "fdiv", "frem"):
    intr(
        f"experimental.constrained.{_n}",
        "arg_0 arg_1",
        fmt=None,
        traits=(PURE,),
        props={"roundingmode": prop_def(_RM), "fpExceptionBehavior": prop_def(_EB)},
    )
for _n in ("fptosi", "fptoui"):
    intr(
        f"experimental.constrained.{_n}",
        "arg_0",
        fmt=None,
        traits=(PURE,),
        props={"fpExceptionBehavior": prop_def(_EB)},
    )

intr("ssa.copy", "operand", fmt="$operand attr-dict `:` type($operand)", traits=_SAME)
intr("expect", "val:sint expected:sint", fmt="$val `,` $expected attr-dict `:` type($val)", traits=_SAME)
intr(
    "expect.with.probability",
    "val:sint expected:sint",
    props={"prob": prop_def(F64_ATTR)},
    fmt="$val `,` $expected `,` $prob attr-dict `:` type($val)",
    traits=_SAME,
)
intr(
    "coro.id",
    "align:i32 promise:ptr coroaddr:ptr fnaddrs:ptr",
    fmt="$align `,` $promise `,` $coroaddr `,` $fnaddrs attr-dict `:` functional-type(operands, results)",
)
intr("coro.begin", "token:token mem:ptr", fmt="$token `,` $mem attr-dict `:` functional-type(operands, results)")
for _n in ("coro.size", "coro.align"):
    intr(_n, "", fmt="attr-dict `:` type($res)")
intr("coro.save", "handle:ptr", fmt="$handle attr-dict `:` functional-type(operands, results)")
intr("coro.suspend", "save:token final:i1", fmt="$save `,` $final attr-dict `:` type($res)")
intr(
    "coro.end",
    "handle:ptr unwind:i1 retvals:token",
    fmt="$handle `,` $unwind `,` $retvals attr-dict `:` functional-type(operands, results)",
)
intr("coro.free", "id:token handle:ptr", fmt="$id `,` $handle attr-dict `:` functional-type(operands, results)")
intr("coro.resume", "handle:ptr", None, fmt="$handle attr-dict `:` qualified(type($handle))")
intr(
    "coro.promise",
    "handle:ptr align:i32 from:i1",
    fmt="$handle `,` $align `,` $from attr-dict `:` functional-type(operands, results)",
)

_DI_EXPR_DEFAULT = A.OpaqueAttr("llvm.di_expression<>")
intr(
    "dbg.declare",
    "addr:ptr",
    None,
    props={"varInfo": prop_def(ANY), "locationExpr": prop_def(ANY, default=_DI_EXPR_DEFAULT)},
    fmt="qualified($varInfo) (qualified($locationExpr)^)? `=` $addr `:` qualified(type($addr)) attr-dict",
)
intr(
    "dbg.value",
    "value",
    None,
    props={"varInfo": prop_def(ANY), "locationExpr": prop_def(ANY, default=_DI_EXPR_DEFAULT)},
    fmt="qualified($varInfo) (qualified($locationExpr)^)? `=` $value `:` qualified(type($value)) attr-dict",
)
intr("dbg.label", "", None, props={"label": prop_def(ANY)}, fmt="$label attr-dict")

intr("vastart", "arg_list:ptr", None, fmt="$arg_list attr-dict `:` qualified(type($arg_list))")
intr("vacopy", "dest_list:ptr src_list:ptr", None, fmt="$src_list `to` $dest_list attr-dict `:` type(operands)")
intr("vaend", "arg_list:ptr", None, fmt="$arg_list attr-dict `:` qualified(type($arg_list))")
intr("eh.typeid.for", "type_info:ptr", fmt="$type_info attr-dict `:` functional-type(operands, results)")
intr("stacksave", "", fmt="attr-dict `:` qualified(type($res))")
intr("stackrestore", "ptr:ptr", None, fmt="$ptr attr-dict `:` qualified(type($ptr))")

intr(
    "matrix.column.major.load",
    "data:ptr stride:sint",
    props={"isVolatile": prop_def(I1_ATTR), "rows": prop_def(I32_ATTR), "columns": prop_def(I32_ATTR)},
    fmt="$data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($res) `from` qualified(type($data)) "
    "`stride` type($stride)",
)
intr(
    "matrix.column.major.store",
    "matrix:vec data:ptr stride:sint",
    None,
    props={"isVolatile": prop_def(I1_ATTR), "rows": prop_def(I32_ATTR), "columns": prop_def(I32_ATTR)},
    fmt="$matrix `,` $data `,` `<` `stride` `=` $stride `>` attr-dict `:` type($matrix) `to` "
    "qualified(type($data)) `stride` type($stride)",
)
intr(
    "matrix.multiply",
    "lhs:vec rhs:vec",
    props={"lhs_rows": prop_def(I32_ATTR), "lhs_columns": prop_def(I32_ATTR), "rhs_columns": prop_def(I32_ATTR)},
    fmt="$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type($res)",
)
intr(
    "matrix.transpose",
    "matrix:vec",
    props={"rows": prop_def(I32_ATTR), "columns": prop_def(I32_ATTR)},
    fmt="$matrix attr-dict `:` type($matrix) `into` type($res)",
)
intr(
    "get.active.lane.mask",
    "base:sint n:sint",
    traits=(PURE,),
    fmt="$base `,` $n attr-dict `:` type($base) `,` type($n) `to` type($res)",
)
intr(
    "masked.load",
    "data:ptr mask:vi1 ?pass_thru:vec",
    props={"alignment": prop_def(I32_ATTR), "nontemporal": prop_def(UNIT, optional=True)},
    fmt="$data `,` $mask (`,` $pass_thru^)? attr-dict `:` functional-type(operands, results)",
)
intr(
    "masked.store",
    "value:vec data:ptr mask:vi1",
    None,
    props={"alignment": prop_def(I32_ATTR)},
    fmt="$value `,` $data `,` $mask attr-dict `:` type($value) `,` type($mask) `into` qualified(type($data))",
)
intr(
    "masked.gather",
    "ptrs:vptr mask:vi1 *pass_thru:vec",
    props={"alignment": prop_def(I32_ATTR)},
    fmt="$ptrs `,` $mask (`,` $pass_thru^)? attr-dict `:` functional-type(operands, results)",
)
intr(
    "masked.scatter",
    "value:vec ptrs:vptr mask:vi1",
    None,
    props={"alignment": prop_def(I32_ATTR)},
    fmt="$value `,` $ptrs `,` $mask attr-dict `:` type($value) `,` type($mask) `into` type($ptrs)",
)
for _n in ("trap", "debugtrap"):
    intr(_n, "", None, fmt="attr-dict")
intr(
    "ubsantrap",
    "",
    None,
    props={"failureKind": prop_def(C.int_attr(T.i8, "8-bit signless integer attribute"))},
    fmt="prop-dict attr-dict",
)
intr("stepvector", "", fmt="attr-dict `:` type($res)", traits=(PURE,))
intr(
    "vector.insert",
    "dstvec:vec srcvec:vec",
    props={"pos": prop_def(I64_IN_FORMAT)},
    traits=(PURE,),
    type_matches=(("dstvec", "res"),),
    fmt="$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` type($srcvec) `into` type($res)",
)
intr(
    "vector.extract",
    "srcvec:vec",
    props={"pos": prop_def(I64_IN_FORMAT)},
    traits=(PURE,),
    fmt="$srcvec `[` $pos `]` attr-dict `:` type($res) `from` type($srcvec)",
)
intr("experimental.noalias.scope.decl", "", None, props={"scope": prop_def(ANY)}, fmt="$scope attr-dict")


# -- assume (operand bundles) ------------------------------------------------------------------


@register_op
class AssumeIntrOp(IntrinsicOp):
    """``llvm.intr.assume %c ["align"(%p, %n : !llvm.ptr, i64)] : i1``."""

    __slots__ = ()
    OP_NAME = "llvm.intr.assume"
    cond = operand_def(C.I1)
    op_bundle_operands = var_operand_def(LLVM_TYPE)
    op_bundle_sizes = prop_def(C.DenseI32ArrayAttr)
    op_bundle_tags = prop_def(ARRAY, optional=True)

    @classmethod
    def parse(cls, p, state) -> None:
        cref = p.parse_operand()
        brefs, btypes, tags = _parse_bundles(p)
        p.expect(":", "expected ':'")
        tpos = p.start
        ct = p.parse_type()
        if not isinstance(ct, T.IntegerType):
            p.error(
                f"custom op 'llvm.intr.assume' invalid kind of type specified: expected builtin.integer, but "
                f"found '{ct}'",
                tpos,
            )
        _split_attrs(cls, p.parse_optional_attr_dict(), state)
        state.operands = [p.resolve_operand(cref, ct)] + [
            p.resolve_operand(r, t) for rs, ts in zip(brefs, btypes, strict=True) for r, t in zip(rs, ts, strict=True)
        ]
        state.properties["op_bundle_sizes"] = A.DenseArrayAttr(T.i32, tuple(len(r) for r in brefs))
        if tags:
            state.properties["op_bundle_tags"] = A.ArrayAttr(tuple(A.StringAttr(t) for t in tags))

    def print_custom(self, p) -> None:
        p.write(" " + p.value_name(self.operands[0]))
        _print_bundles(self, p, 1)
        p.write(" : " + p.type(self.operands[0].type))
        attrs = {k: v for k, v in self.props.items() if k not in ("op_bundle_sizes", "op_bundle_tags")}
        attrs.update(self.attributes)
        p.print_optional_attr_dict(attrs)

    def verify_(self) -> None:
        sizes = self.prop("op_bundle_sizes", A.DenseArrayAttr).values
        if sum(sizes) != len(self.operands) - 1:
            raise self.op_error("operand bundle sizes do not match the operands")


INTRINSICS["assume"] = AssumeIntrOp
