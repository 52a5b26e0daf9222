"""LLVM dialect call-like ops: ``call``, ``invoke``, ``landingpad``,
``call_intrinsic``, ``inline_asm``, ``va_arg`` (Python API: see ``ops.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import custom_attr, enum_attr
from ...ir.core import Value
from ...ir.diagnostics import DiagnosticError
from ...ir.fields import (
    operand_def,
    opt_result_def,
    prop_def,
    result_def,
    segment_sizes_attr,
    successor_def,
    var_operand_def,
)
from ...ir.registry import register_op
from ...ir.symbol_table import lookup_nearest
from ...ir.traits import CALL_OP_INTERFACE, TERMINATOR
from . import attrs as LA
from .control import verify_successor_operands
from .ops import ANY_PTR, ARRAY, LLVM_TYPE, LLVMOp, _fmf_prop
from .symbols import (
    ANY,
    CCONV,
    STR,
    TAIL_CALL_KIND,
    TYPE,
    UNIT,
    LLVMFuncOp,
    _attr_dict,
    _keyword,
    _split_attrs,
)
from .types import LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMVoidType

# -- calls ----------------------------------------------------------------------------


def _parse_bundles(p) -> tuple[list, list, list[str]]:
    """``["tag"(%a, %b : i32, i64), ...]`` into (refs, types, tags) per bundle."""
    refs: list = []
    types: list = []
    tags: list[str] = []
    if not p.accept("["):
        return refs, types, tags
    if p.accept("]"):
        return refs, types, tags
    while True:
        pos = p.start
        if p.kind != "string":
            p.error("expect operand bundle tag", pos)
        tags.append(p.parse_string())
        p.expect("(", "expected '('")
        r: list = []
        t: list = []
        if not p.accept(")"):
            r = p.parse_comma_list(p.parse_operand)
            p.expect(":", "expected ':'")
            t = p.parse_comma_list(p.parse_type)
            p.expect(")", "expected ')'")
        if len(r) != len(t):
            p.error(
                f"expected {len(r)} types for operand bundle operands for operand bundle #{len(tags) - 1}, but "
                f"actually got {len(t)}",
                pos,
            )
        refs.append(r)
        types.append(t)
        if not p.accept(","):
            break
    p.expect("]", "expected ']'")
    return refs, types, tags


def _print_bundles(op, p, first_bundle_operand: int) -> None:
    sizes = op.props.get("op_bundle_sizes")
    if sizes is None or not sizes.values:
        return
    tags = op.props.get("op_bundle_tags")
    vals = op.operands[first_bundle_operand:]
    parts, i = [], 0
    for k, n in enumerate(sizes.values):
        g = vals[i : i + n]
        i += n
        tag = tags[k].value if tags is not None and k < len(tags) else ""
        s = A.quote(tag) + "("
        if g:
            s += p.operands_str(g) + " : " + ", ".join(p.type(v.type) for v in g)
        parts.append(s + ")")
    p.write(" [" + ", ".join(parts) + "]")


def _parse_signature(p) -> tuple[list, list, list, list]:
    """``(t {attrs}, ...) -> (t {attrs})``: argument and result types and attributes."""
    p.expect("(", "expected '('")
    ats: list = []
    aas: list = []
    if not p.accept(")"):
        while True:
            ats.append(p.parse_type())
            aas.append(p.parse_optional_attr_dict())
            if not p.accept(","):
                break
        p.expect(")", "expected ')'")
    p.expect("->", "expected '->'")
    rts: list = []
    ras: list = []
    if p.accept("("):
        if not p.accept(")"):
            while True:
                rts.append(p.parse_type())
                ras.append(p.parse_optional_attr_dict())
                if not p.accept(","):
                    break
            p.expect(")", "expected ')'")
    else:
        rts.append(p.parse_non_function_type())
        ras.append({})
    return ats, aas, rts, ras


def _dict_array(ds: list) -> A.ArrayAttr | None:
    if not any(ds):
        return None
    return A.ArrayAttr(tuple(A.DictionaryAttr.from_dict(d) for d in ds))


def _signature_str(p, args: Sequence[T.Type], arg_attrs, results: Sequence[T.Type], res_attrs) -> str:
    def one(t, attrs, i):
        s = p.type(t)
        if attrs is not None and i < len(attrs) and attrs[i].items:
            s += " " + p.attr(attrs[i])
        return s

    s = "(" + ", ".join(one(t, arg_attrs, i) for i, t in enumerate(args)) + ") -> "
    has_res_attrs = res_attrs is not None and any(d.items for d in res_attrs)
    if len(results) == 1 and not has_res_attrs and not isinstance(results[0], T.FunctionType):
        return s + p.type(results[0])
    return s + "(" + ", ".join(one(t, res_attrs, i) for i, t in enumerate(results)) + ")"


def _parse_call_common(cls, p, state, with_tail_call: bool, invoke: bool) -> None:
    props = state.properties
    props["CConv"] = LA.CConvAttr(_keyword(p, LA.CCONVS) or "ccc")
    if with_tail_call:
        props["TailCallKind"] = LA.TailCallKindAttr(_keyword(p, LA.TAIL_CALL_KINDS) or "none")
    refs: list = []
    direct = p.kind != "%"
    if direct:
        cpos = p.start
        callee = p.parse_attribute()
        if not isinstance(callee, A.SymbolRefAttr):
            p.error("expected symbol reference", cpos)
        props["callee"] = callee
    else:
        refs.append(p.parse_operand())
    refs += p.parse_operand_list("(")
    succ: list = []
    if invoke:
        p.expect_keyword("to")
        succ.append((p.parse_successor(), _succ_args(p)))
        p.expect_keyword("unwind")
        succ.append((p.parse_successor(), _succ_args(p)))
    if p.accept_keyword("vararg"):
        p.expect("(", "expected '('")
        props["var_callee_type"] = A.TypeAttr(p.parse_type())
        p.expect(")", "expected ')'")
    brefs, btypes, tags = _parse_bundles(p)
    if tags:
        props["op_bundle_tags"] = A.ArrayAttr(tuple(A.StringAttr(t) for t in tags))
    _split_attrs(cls, p.parse_optional_attr_dict(), state)
    tpos = p.start
    p.expect(":", "expected ':'")
    types: list = []
    if not direct:
        types.append(p.parse_type())
        if not p.accept(","):
            p.error(f"custom op '{cls.OP_NAME}' expected indirect call to have 2 trailing types", tpos)
    try:
        ats, aas, rts, ras = _parse_signature(p)
    except DiagnosticError:
        p.error(
            f"custom op '{cls.OP_NAME}' "
            + ("expected direct call to have 1 trailing types" if direct else "expected trailing function type"),
            tpos,
        )
    if len(rts) > 1:
        p.error(f"custom op '{cls.OP_NAME}' expected function with 0 or 1 result", tpos)
    if rts and isinstance(rts[0], LLVMVoidType):
        p.error(f"custom op '{cls.OP_NAME}' expected a non-void result type", tpos)
    for k, v in (("arg_attrs", _dict_array(aas)), ("res_attrs", _dict_array(ras))):
        if v is not None:
            props[k] = v
    ops = p.resolve_operands(refs, types + ats, state.pos)
    bops = [p.resolve_operand(r, t) for rs, ts in zip(brefs, btypes, strict=True) for r, t in zip(rs, ts, strict=True)]
    props["op_bundle_sizes"] = A.DenseArrayAttr(T.i32, tuple(len(r) for r in brefs))
    nb = sum(len(r) for r in brefs)
    if invoke:
        (nd, nargs), (ud, uargs) = succ
        state.operands = ops + nargs + uargs + bops
        state.successors = [nd, ud]
        props["operandSegmentSizes"] = segment_sizes_attr([len(ops), len(nargs), len(uargs), nb])
    else:
        state.operands = ops + bops
        props["operandSegmentSizes"] = segment_sizes_attr([len(ops), nb])
    state.result_types = list(rts)


def _succ_args(p) -> list:
    if not p.accept("("):
        return []
    refs = p.parse_comma_list(p.parse_operand)
    p.expect(":", "expected ':'")
    types = p.parse_comma_list(p.parse_type)
    p.expect(")", "expected ')'")
    return p.resolve_operands(refs, types)


_CALL_ELIDED = (
    "callee",
    "TailCallKind",
    "var_callee_type",
    "CConv",
    "operandSegmentSizes",
    "op_bundle_sizes",
    "op_bundle_tags",
    "arg_attrs",
    "res_attrs",
)


def _print_call_common(op, p, invoke: bool) -> None:
    props = op.props
    out = ""
    if props["CConv"].value != "ccc":
        out += props["CConv"].value + " "
    tck = props.get("TailCallKind")
    if tck is not None and tck.value != "none":
        out += tck.value + " "
    callee = props.get("callee")
    n = op.props["operandSegmentSizes"].values[0]
    callee_ops = op.operands[:n]
    args = callee_ops if callee is not None else callee_ops[1:]
    out += callee.print(p) if callee is not None else p.value_name(callee_ops[0])
    p.write(" " + out + "(" + p.operands_str(args) + ")")
    first_bundle = n
    if invoke:
        segs = props["operandSegmentSizes"].values
        nargs = op.operands[n : n + segs[1]]
        uargs = op.operands[n + segs[1] : n + segs[1] + segs[2]]
        first_bundle = n + segs[1] + segs[2]
        p.write(" to ")
        p.print_successor_with_operands(op.successors[0], nargs)
        p.write(" unwind ")
        p.print_successor_with_operands(op.successors[1], uargs)
    vt = props.get("var_callee_type")
    if vt is not None:
        p.write(f" vararg({p.type(vt.value)})")
    _print_bundles(op, p, first_bundle)
    p.print_optional_attr_dict(_attr_dict(op, _CALL_ELIDED, drop_default_fmf=True))
    p.write(" : ")
    if callee is None:
        p.write(p.type(callee_ops[0].type) + ", ")
    p.write(_signature_str(p, [v.type for v in args], props.get("arg_attrs"), op.result_types, props.get("res_attrs")))


def _verify_var_callee_type(op, args: Sequence[Value]) -> None:
    vt = op.props.get("var_callee_type")
    if vt is None:
        return
    ft = vt.value
    if not isinstance(ft, LLVMFunctionType) or not ft.is_var_arg:
        raise op.op_error("expected var_callee_type to be a variadic function type")
    if len(ft.params) > len(args):
        raise op.op_error(f"expected var_callee_type to have at most {len(args)} parameters")
    for t, a in zip(ft.params, args, strict=False):
        if t != a.type:
            raise op.op_error(f"var_callee_type parameter type mismatch: '{t}' != '{a.type}'")
    if not op.results:
        if not isinstance(ft.return_type, LLVMVoidType):
            raise op.op_error("expected var_callee_type to return void")
    elif op.results[0].type != ft.return_type:
        raise op.op_error(f"var_callee_type return type mismatch: '{ft.return_type}' != '{op.results[0].type}'")


def _verify_bundles(op) -> None:
    tags = op.props.get("op_bundle_tags")
    n = len(op.props["op_bundle_sizes"].values)
    if tags is not None and not all(isinstance(t, A.StringAttr) for t in tags):
        raise op.emit_error("operand bundle tag must be a StringAttr")
    if n != (len(tags) if tags is not None else 0):
        raise op.emit_error(f"expected {n} operand bundle tags, but actually got {len(tags) if tags else 0}")


class _CallFields(LLVMOp):
    __slots__ = ()
    var_callee_type = prop_def(TYPE, optional=True)
    callee = prop_def(C.FlatSymbolRefAttr, optional=True)
    CConv = prop_def(CCONV, default=LA.CConvAttr("ccc"))
    op_bundle_sizes = prop_def(C.DenseI32ArrayAttr)
    op_bundle_tags = prop_def(ARRAY, optional=True)
    arg_attrs = prop_def(C.DictArrayAttr, optional=True)
    res_attrs = prop_def(C.DictArrayAttr, optional=True)
    result = opt_result_def(LLVM_TYPE)

    def arg_operands(self) -> list[Value]:
        n = self.prop("operandSegmentSizes", A.DenseArrayAttr).values[0]
        ops = self.operands[:n]
        return ops if "callee" in self.props else ops[1:]


@register_op
class CallOp(_CallFields):
    """``llvm.call [cconv] [tail] @f(%a) [vararg(!llvm.func<...>)] [bundles] : (i32) -> i32``
    (indirect: ``llvm.call %fptr(%a) : !llvm.ptr, (i32) -> i32``)."""

    __slots__ = ()
    OP_NAME = "llvm.call"
    traits = frozenset({CALL_OP_INTERFACE})
    callee_operands = var_operand_def(LLVM_TYPE)
    op_bundle_operands = var_operand_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    TailCallKind = prop_def(TAIL_CALL_KIND, default=LA.TailCallKindAttr("none"))
    memory_effects = prop_def(ANY, optional=True)
    convergent = prop_def(UNIT, optional=True)
    no_unwind = prop_def(UNIT, optional=True)
    will_return = prop_def(UNIT, optional=True)
    no_inline = prop_def(UNIT, optional=True)
    always_inline = prop_def(UNIT, optional=True)
    inline_hint = prop_def(UNIT, optional=True)
    access_groups = prop_def(ARRAY, optional=True)
    alias_scopes = prop_def(ARRAY, optional=True)
    noalias_scopes = prop_def(ARRAY, optional=True)
    tbaa = prop_def(ARRAY, optional=True)

    @classmethod
    def parse(cls, p, state) -> None:
        _parse_call_common(cls, p, state, with_tail_call=True, invoke=False)

    def print_custom(self, p) -> None:
        _print_call_common(self, p, invoke=False)

    def verify_(self) -> None:
        _verify_bundles(self)
        args = self.arg_operands()
        _verify_var_callee_type(self, args)
        callee = self.opt_prop("callee", A.SymbolRefAttr)
        if callee is None:
            if not self.operands:
                raise self.op_error("must have either a `callee` attribute or at least an operand")
            if not isinstance(self.operands[0].type, LLVMPointerType):
                raise self.op_error(f"indirect call expects a pointer as callee: '{self.operands[0].type}'")
            return
        fn = lookup_nearest(self, callee)
        if fn is None:
            raise self.op_error(f"'{callee.root}' does not reference a symbol in the current scope")
        ifunc_type = fn.prop("i_func_type", A.TypeAttr).value if fn.name == "llvm.mlir.ifunc" else None
        if isinstance(fn, LLVMFuncOp):
            ft = fn.type
        elif isinstance(ifunc_type, LLVMFunctionType):
            ft = ifunc_type
        elif fn.name == "llvm.mlir.alias":
            return
        else:
            raise self.op_error(f"'{callee.root}' does not reference a valid LLVM function or IFunc")
        if ft.is_var_arg and "var_callee_type" not in self.props:
            raise self.op_error("missing var_callee_type attribute for vararg call")
        if not ft.is_var_arg and len(ft.params) != len(args):
            raise self.op_error(f"incorrect number of operands ({len(args)}) for callee (expecting: {len(ft.params)})")
        if len(ft.params) > len(args):
            raise self.op_error(
                f"incorrect number of operands ({len(args)}) for varargs callee (expecting at least: {len(ft.params)})"
            )
        for i, (t, a) in enumerate(zip(ft.params, args, strict=False)):
            if a.type != t:
                raise self.op_error(f"operand type mismatch for operand {i}: '{a.type}' != '{t}'")
        void = isinstance(ft.return_type, LLVMVoidType)
        if not self.results and not void:
            raise self.op_error("expected function call to produce a value")
        if self.results and void:
            raise self.op_error("calling function with void result must not produce values")
        if len(self.results) > 1:
            raise self.op_error("expected LLVM function call to produce 0 or 1 result")
        if self.results and self.results[0].type != ft.return_type:
            raise self.op_error(f"result type mismatch: '{self.results[0].type}' != '{ft.return_type}'")

    @classmethod
    def build(
        cls,
        callee: LLVMFuncOp | str | Value,
        args: Sequence[Value],
        result_type: T.Type | None = None,
        var_callee_type: LLVMFunctionType | None = None,
    ) -> CallOp:
        """A direct call (``callee`` an ``LLVMFuncOp`` or a name) or an
        indirect one (``callee`` a pointer value). With an ``LLVMFuncOp`` the
        result type and variadic type come from its signature."""
        props: dict = {}
        ops = list(args)
        if isinstance(callee, LLVMFuncOp):
            ft = callee.type
            result_type = ft.results[0] if ft.results else None
            if ft.is_var_arg:
                var_callee_type = ft
            callee = callee.name_str
        if isinstance(callee, str):
            props["callee"] = A.SymbolRefAttr(callee)
        else:
            ops.insert(0, callee)
        if var_callee_type is not None:
            props["var_callee_type"] = A.TypeAttr(var_callee_type)
        props["op_bundle_sizes"] = A.DenseArrayAttr(T.i32, ())
        props["operandSegmentSizes"] = segment_sizes_attr([len(ops), 0])
        return cls.create(operands=ops, result_types=[result_type] if result_type is not None else [], properties=props)


@register_op
class InvokeOp(_CallFields):
    """``llvm.invoke @f(%a) to ^ok unwind ^lpad : (i32) -> i32``."""

    __slots__ = ()
    OP_NAME = "llvm.invoke"
    traits = frozenset({TERMINATOR, CALL_OP_INTERFACE})
    branch_weights = prop_def(C.DenseI32ArrayAttr, optional=True)
    callee_operands = var_operand_def(LLVM_TYPE)
    normalDestOperands = var_operand_def(LLVM_TYPE)
    unwindDestOperands = var_operand_def(LLVM_TYPE)
    op_bundle_operands = var_operand_def(LLVM_TYPE)
    normalDest = successor_def()
    unwindDest = successor_def()

    @classmethod
    def parse(cls, p, state) -> None:
        _parse_call_common(cls, p, state, with_tail_call=False, invoke=True)

    def print_custom(self, p) -> None:
        _print_call_common(self, p, invoke=True)

    def verify_(self) -> None:
        _verify_var_callee_type(self, self.arg_operands())
        unwind = self.successors[1]
        if not unwind.operations:
            raise self.emit_error("must have at least one operation in unwind destination")
        if not isinstance(unwind.operations[0], LandingpadOp):
            raise self.emit_error("first operation in unwind destination should be a llvm.landingpad operation")
        _verify_bundles(self)
        segs = self.prop("operandSegmentSizes", A.DenseArrayAttr).values
        n = segs[0]
        verify_successor_operands(
            self,
            [
                (self.successors[0], self.operands[n : n + segs[1]]),
                (unwind, self.operands[n + segs[1] : n + segs[1] + segs[2]]),
            ],
        )


@register_op
class LandingpadOp(LLVMOp):
    """``llvm.landingpad [cleanup] (catch %x : !llvm.ptr)* : !llvm.struct<(ptr, i32)>``."""

    __slots__ = ()
    OP_NAME = "llvm.landingpad"
    cleanup = prop_def(UNIT, optional=True)
    clauses = var_operand_def(LLVM_TYPE)
    res = result_def(LLVM_TYPE)

    @classmethod
    def parse(cls, p, state) -> None:
        if p.accept_keyword("cleanup"):
            state.properties["cleanup"] = A.UNIT
        while p.kind == "(":
            p.advance()
            if not (p.accept_keyword("filter") or p.accept_keyword("catch")):
                p.error("expected 'catch' or 'filter'")
            ref = p.parse_operand()
            p.expect(":", "expected ':'")
            state.operands.append(p.resolve_operand(ref, p.parse_type()))
            p.expect(")", "expected ')'")
        p.expect(":", "expected ':'")
        state.result_types = [p.parse_type()]

    def print_custom(self, p) -> None:
        p.write(" cleanup " if "cleanup" in self.props else " ")
        for v in self.operands:
            kind = "filter" if isinstance(v.type, LLVMArrayType) else "catch"
            p.write(f"({kind} {p.value_name(v)} : {p.type(v.type)}) ")
        attrs = _attr_dict(self, ("cleanup",))
        if attrs:
            p.write(p.attr_dict_str(attrs) + " ")
        p.write(": " + p.type(self.results[0].type))

    def verify_(self) -> None:
        fn = self.parent_op
        while fn is not None and not isinstance(fn, LLVMFuncOp):
            fn = fn.parent_op
        if fn is not None and fn.personality is None:
            raise self.emit_error("llvm.landingpad needs to be in a function with a personality")
        if "cleanup" not in self.props and not self.operands:
            raise self.emit_error("landingpad instruction expects at least one clause or cleanup attribute")
        for i, v in enumerate(self.operands):
            if isinstance(v.type, LLVMArrayType):
                continue
            d = v.owner_op
            if d is not None and d.name == "llvm.bitcast":
                src = d.operands[0].owner_op
                if src is not None and src.name == "llvm.mlir.addressof":
                    continue
                raise self.emit_error("constant clauses expected")
            if d is not None and d.name in ("llvm.mlir.zero", "llvm.mlir.addressof"):
                continue
            raise self.emit_error(f"clause #{i} is not a known constant - null, addressof, bitcast")


@register_op
class CallIntrinsicOp(LLVMOp):
    """``llvm.call_intrinsic "llvm.smax"(%a, %b) [bundles] {attrs} : (i64, i64) -> i64``."""

    __slots__ = ()
    OP_NAME = "llvm.call_intrinsic"
    intrin = prop_def(STR)
    args = var_operand_def(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    op_bundle_operands = var_operand_def(LLVM_TYPE)
    op_bundle_sizes = prop_def(C.DenseI32ArrayAttr)
    op_bundle_tags = prop_def(ARRAY, optional=True)
    arg_attrs = prop_def(C.DictArrayAttr, optional=True)
    res_attrs = prop_def(C.DictArrayAttr, optional=True)
    if not TYPE_CHECKING:  # named like an Operation member (op.results stays Operation's): op.f.results
        results = opt_result_def(LLVM_TYPE)

    @classmethod
    def parse(cls, p, state) -> None:
        props = state.properties
        props["intrin"] = A.StringAttr(p.parse_string("expected string"))
        refs = p.parse_operand_list("(")
        brefs, btypes, tags = _parse_bundles(p)
        if tags:
            props["op_bundle_tags"] = A.ArrayAttr(tuple(A.StringAttr(t) for t in tags))
        _split_attrs(cls, p.parse_optional_attr_dict(), state)
        p.expect(":", "expected ':'")
        ft = p.parse_function_type()
        _split_attrs(cls, p.parse_optional_attr_dict(), state)
        ops = p.resolve_operands(refs, list(ft.inputs), state.pos)
        bops = [
            p.resolve_operand(r, t) for rs, ts in zip(brefs, btypes, strict=True) for r, t in zip(rs, ts, strict=True)
        ]
        state.operands = ops + bops
        props["op_bundle_sizes"] = A.DenseArrayAttr(T.i32, tuple(len(r) for r in brefs))
        props["operandSegmentSizes"] = segment_sizes_attr([len(ops), len(bops)])
        state.result_types = list(ft.results)

    def print_custom(self, p) -> None:
        n = self.prop("operandSegmentSizes", A.DenseArrayAttr).values[0]
        args = self.operands[:n]
        p.write(" " + p.attr(self.props["intrin"]) + "(" + p.operands_str(args) + ")")
        _print_bundles(self, p, n)
        p.print_optional_attr_dict(
            _attr_dict(
                self, ("intrin", "op_bundle_sizes", "op_bundle_tags", "operandSegmentSizes"), drop_default_fmf=True
            )
        )
        p.write(
            " : (" + ", ".join(p.type(v.type) for v in args) + ") -> " + T.format_result_types(self.result_types, p)
        )

    def verify_(self) -> None:
        _verify_bundles(self)
        if not self.prop("intrin", A.StringAttr).value.startswith("llvm."):
            raise self.op_error("intrinsic name must start with 'llvm.'")


def _tck_parse(p, ps) -> A.Attribute:
    p.expect("<", "expected '<'")
    pos = p.start
    v = LA.parse_keyword_or_string(p, "expected tail call kind")
    if v not in LA.TAIL_CALL_KINDS:
        p.error(f"expected one of [{', '.join(LA.TAIL_CALL_KINDS)}] for tailcallkind, got: {v}", pos)
    p.expect(">", "expected '>'")
    return LA.TailCallKindAttr(v)


_TCK_FORMAT = custom_attr(
    TAIL_CALL_KIND,
    _tck_parse,
    lambda a, p: f"<{a.value}>" if isinstance(a, LA.TailCallKindAttr) else None,
    lambda p: p.kind == "<",
)


@register_op
class InlineAsmOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.inline_asm"
    operands = var_operand_def(LLVM_TYPE)
    asm_string = prop_def(STR)
    constraints = prop_def(STR)
    has_side_effects = prop_def(UNIT, optional=True)
    is_align_stack = prop_def(UNIT, optional=True)
    tail_call_kind = prop_def(_TCK_FORMAT, default=LA.TailCallKindAttr("none"))
    asm_dialect = prop_def(enum_attr("ATT (0) or Intel (1) asm dialect", LA.ASM_DIALECTS), optional=True)
    operand_attrs = prop_def(ARRAY, optional=True)
    if not TYPE_CHECKING:  # LLVMOp.res for a checker; None here when the asm returns nothing
        res = opt_result_def(LLVM_TYPE)
    assembly_format = (
        "(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? "
        "(`tail_call_kind` `=` $tail_call_kind^)? (`asm_dialect` `=` $asm_dialect^)? "
        "(`operand_attrs` `=` $operand_attrs^)? attr-dict $asm_string `,` $constraints "
        "$operands `:` functional-type($operands, results)"
    )

    def verify_(self) -> None:
        k = self.prop("tail_call_kind", LA.TailCallKindAttr).value
        if k == "musttail":
            raise self.op_error("tail call kind 'musttail' is not supported by this operation")


@register_op
class VaArgOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.va_arg"
    arg = operand_def(ANY_PTR)
    res = result_def(LLVM_TYPE)
    assembly_format = "$arg attr-dict `:` functional-type($arg, $res)"
