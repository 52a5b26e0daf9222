"""LLVM dialect ops with symbols and calls: ``llvm.func``,
``llvm.mlir.global``, ctors/dtors, comdats, ``llvm.mlir.addressof``,
``llvm.call``, ``llvm.invoke``, ``llvm.landingpad``, ``llvm.call_intrinsic``,
``llvm.inline_asm``, ``llvm.va_arg`` (see ``llvm.py`` for the Python API).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..ir import attributes as A
from ..ir import constraints as C
from ..ir import types as T
from ..ir.asm_format import custom_attr, enum_attr
from ..ir.core import Block, Region, Value
from ..ir.fields import operand, opt_result, prop, region, result, segment_sizes_attr, successor, var_operand
from ..ir.opdef import AFFINE_SCOPE, ISOLATED_FROM_ABOVE, NO_TERMINATOR, PURE, SYMBOL, SYMBOL_TABLE, TERMINATOR, \
    register_op
from . import llvm_attrs as LA
from .function_like import parse_function_like, print_function_like
from .llvm import (
    ANY_PTR,
    ARRAY,
    FASTMATH,
    I32_ATTR,
    I64_ATTR,
    LLVM_TYPE,
    LLVMOp,
    _fmf_prop,
    _i64,
    verify_successor_operands,
)
from .llvm_types import (
    VOID,
    LLVMArrayType,
    LLVMFunctionType,
    LLVMLabelType,
    LLVMMetadataType,
    LLVMPointerType,
    LLVMTokenType,
    LLVMVoidType,
    is_compatible_type,
)

# -- symbol helpers ------------------------------------------------------------


def lookup_symbol(op, ref: A.SymbolRefAttr | str):
    """The op ``ref`` names, from the nearest symbol table above ``op``."""
    root, nested = (ref, ()) if isinstance(ref, str) else (ref.root, ref.nested)
    table = op.parent_op
    while table is not None and SYMBOL_TABLE not in table.traits:
        table = table.parent_op
    found = None
    for name in (root, *nested):
        if table is None:
            return None
        found = None
        for r in table.regions:
            for b in r.blocks:
                for child in b.operations:
                    n = child.properties.get("sym_name") if isinstance(child.properties, dict) else None
                    if n is None:
                        n = child.attributes.get("sym_name")
                    if isinstance(n, A.StringAttr) and n.value == name:
                        found = child
                        break
        table = found
    return found


def _keyword(p, names: Sequence[str]) -> str | None:
    if p.kind == "bare" and p.text in names:
        t = p.text
        p.advance()
        return t
    return None


def _keyword_index(p, cases: dict[int, str]) -> int:
    for v, name in cases.items():
        if name and p.accept_keyword(name):
            return v
    return 0


def _split_attrs(cls, attrs: dict, state) -> None:
    pn = cls.property_names()
    for k, v in attrs.items():
        (state.properties if k in pn else state.attributes)[k] = v


def _attr_dict(op, elided: Sequence[str], drop_default_fmf: bool = False) -> dict:
    attrs = {k: v for k, v in op.properties.items() if k not in elided}
    if drop_default_fmf and attrs.get("fastmathFlags") == LA.FASTMATH_NONE:
        del attrs["fastmathFlags"]
    attrs.update(op.attributes)
    return attrs


UNIT = C.UnitAttr
STR = C.StrAttr
TYPE = C.TypeAttr
ANY = C.AnyAttr
LINKAGE = C.AttrConstraint("LLVM Linkage specification", lambda a: isinstance(a, LA.LinkageAttr))
CCONV = C.AttrConstraint("LLVM Calling Convention specification", lambda a: isinstance(a, LA.CConvAttr))
TAIL_CALL_KIND = C.AttrConstraint("LLVM Calling Convention specification",
                                  lambda a: isinstance(a, LA.TailCallKindAttr))
VISIBILITY = enum_attr("LLVM GlobalValue Visibility", LA.VISIBILITY)
UNNAMED_ADDR = enum_attr("LLVM GlobalValue UnnamedAddr", LA.UNNAMED_ADDR)
FN_TYPE = C.AttrConstraint("type attribute of LLVM function type",
                           lambda a: isinstance(a, A.TypeAttr) and isinstance(a.value, LLVMFunctionType))

# -- llvm.func ------------------------------------------------------------------------

# Optional function attributes of llvm.func (name, constraint), all inherent.
_FUNC_OPTIONAL = (
    ("comdat", C.SymbolRefAttr), ("convergent", UNIT), ("personality", C.FlatSymbolRefAttr),
    ("garbageCollector", STR), ("passthrough", ARRAY), ("function_entry_count", I64_ATTR),
    ("memory_effects", ANY), ("arm_streaming", UNIT), ("arm_locally_streaming", UNIT),
    ("arm_streaming_compatible", UNIT), ("arm_new_za", UNIT), ("arm_in_za", UNIT), ("arm_out_za", UNIT),
    ("arm_inout_za", UNIT), ("arm_preserves_za", UNIT), ("section", STR), ("alignment", I64_ATTR),
    ("vscale_range", ANY), ("frame_pointer", ANY), ("target_cpu", STR), ("tune_cpu", STR),
    ("reciprocal_estimates", STR), ("prefer_vector_width", STR), ("target_features", ANY),
    ("unsafe_fp_math", C.BoolAttr), ("no_infs_fp_math", C.BoolAttr), ("no_nans_fp_math", C.BoolAttr),
    ("approx_func_fp_math", C.BoolAttr), ("no_signed_zeros_fp_math", C.BoolAttr), ("denormal_fp_math", STR),
    ("denormal_fp_math_f32", STR), ("fp_contract", STR), ("instrument_function_entry", STR),
    ("instrument_function_exit", STR), ("no_inline", UNIT), ("always_inline", UNIT), ("inline_hint", UNIT),
    ("no_unwind", UNIT), ("will_return", UNIT), ("optimize_none", UNIT), ("vec_type_hint", ANY),
    ("work_group_size_hint", C.DenseI32ArrayAttr), ("reqd_work_group_size", C.DenseI32ArrayAttr),
    ("intel_reqd_sub_group_size", I32_ATTR), ("uwtable_kind", ANY), ("dso_local", UNIT),
    ("sym_visibility", STR), ("arg_attrs", C.DictArrayAttr), ("res_attrs", C.DictArrayAttr),
    ("unnamed_addr", UNNAMED_ADDR),
)
_FUNC_ELIDED = ("linkage", "CConv", "visibility_", "comdat", "unnamed_addr", "vscale_range")
_VSCALE = re.compile(r"minRange = (-?\d+) : i32, maxRange = (-?\d+) : i32")


def _func_ns() -> dict:
    ns: dict = {n: prop(c, optional=True) for n, c in _FUNC_OPTIONAL}
    ns.update(sym_name=prop(C.SymbolNameAttr), function_type=prop(FN_TYPE),
              linkage=prop(LINKAGE, default=LA.LinkageAttr("external")),
              CConv=prop(CCONV, default=LA.CConvAttr("ccc")), visibility_=prop(VISIBILITY, default=_i64(0)))
    return ns


_FuncFields = type("_FuncFields", (LLVMOp,), {"__slots__": (), "__module__": __name__, **_func_ns(),
                                                "body": region()})


@register_op
class LLVMFuncOp(_FuncFields):
    """``llvm.func [linkage] [visibility] [unnamed_addr] [cconv] @name(args)
    [-> res] [vscale_range(a, b)] [comdat(@c)] [attributes {...}] [{body}]``."""

    __slots__ = ()
    OP_NAME = "llvm.func"
    traits = frozenset({ISOLATED_FROM_ABOVE, SYMBOL, AFFINE_SCOPE, "FunctionOpInterface", "AutomaticAllocationScope"})

    @classmethod
    def parse(cls, p, state) -> None:
        props = state.properties
        props["linkage"] = LA.LinkageAttr(_keyword(p, LA.LINKAGES) or "external")
        props["visibility_"] = _i64(_keyword_index(p, LA.VISIBILITY))
        props["unnamed_addr"] = _i64(_keyword_index(p, LA.UNNAMED_ADDR))
        props["CConv"] = LA.CConvAttr(_keyword(p, LA.CCONVS) or "ccc")
        sig_pos = p.start
        parse_function_like(p, state, allow_variadic=True, visibility_keyword=False,
                            after_signature=lambda p, st, facts: cls._after_signature(p, st, facts, sig_pos))

    @classmethod
    def _after_signature(cls, p, state, facts, sig_pos: int) -> None:
        ft = state.properties["function_type"].value
        if len(ft.results) > 1:
            p.error("failed to construct function type: expected zero or one function result", sig_pos)
        if not all(is_compatible_type(t) for t in ft.inputs):
            p.error("failed to construct function type: expected LLVM type for function arguments", sig_pos)
        ret = ft.results[0] if ft.results else VOID
        if not is_compatible_type(ret):
            p.error(f"failed to construct function type: expected LLVM type for function results{ret}", sig_pos)
        state.properties["function_type"] = A.TypeAttr(LLVMFunctionType(ret, tuple(ft.inputs), facts["variadic"]))
        if p.accept_keyword("vscale_range"):
            p.expect("(", "expected '('")
            lo = p.parse_integer()
            p.expect(",", "expected ','")
            hi = p.parse_integer()
            p.expect(")", "expected ')'")
            state.properties["vscale_range"] = A.OpaqueAttr(
                f"llvm.vscale_range<minRange = {lo} : i32, maxRange = {hi} : i32>")
        if p.accept_keyword("comdat"):
            p.expect("(", "expected '('")
            state.properties["comdat"] = p.parse_attribute()
            p.expect(")", "expected ')'")

    def print_custom(self, p) -> None:
        props = self.properties
        pre = ""
        if props["linkage"].value != "external":
            pre += " " + props["linkage"].value
        for key, cases in (("visibility_", LA.VISIBILITY), ("unnamed_addr", LA.UNNAMED_ADDR)):
            v = props.get(key)
            if isinstance(v, A.IntegerAttr) and cases.get(v.value):
                pre += " " + cases[v.value]
        if props["CConv"].value != "ccc":
            pre += " " + props["CConv"].value
        print_function_like(self, p, variadic=self.type.is_var_arg, skip=_FUNC_ELIDED, prefix_keywords=pre,
                            visibility_keyword=False, after_signature=self._print_after_signature)

    def _print_after_signature(self, p) -> None:
        vr = self.properties.get("vscale_range")
        if vr is not None:
            m = _VSCALE.search(str(vr))
            p.write(f" vscale_range({m.group(1)}, {m.group(2)})" if m else "")
        c = self.properties.get("comdat")
        if c is not None:
            p.write(f" comdat({p.attr(c)})")

    @property
    def type(self) -> LLVMFunctionType:
        return self.properties["function_type"].value

    @property
    def name_str(self) -> str:
        return self.properties["sym_name"].value

    @property
    def is_declaration(self) -> bool:
        return not self.regions[0].blocks

    def verify_(self) -> None:
        props = self.properties
        linkage = props["linkage"].value
        if linkage == "common":
            raise self.op_error("functions cannot have 'common' linkage")
        _verify_comdat(self, props.get("comdat"))
        ft = self.type
        for name, n in (("arg_attrs", len(ft.params)), ("res_attrs", len(ft.results))):
            a = props.get(name)
            if a is not None and len(a) != n:
                what = "argument" if name == "arg_attrs" else "result"
                raise self.op_error(f"expects {what} attribute array to have the same number of elements as the "
                                    f"number of function {what}s, got {len(a)}, but expected {n}")
        if self.is_declaration:
            if linkage not in ("external", "extern_weak"):
                raise self.op_error("external functions must have 'external' or 'extern_weak' linkage")
            return
        if "no_inline" in props and "always_inline" in props:
            raise self.emit_error("no_inline and always_inline attributes are incompatible")
        if "optimize_none" in props and "no_inline" not in props:
            raise self.op_error("with optimize_none must also be no_inline")
        entry = self.regions[0].blocks[0]
        if len(entry.arguments) != len(ft.params):
            raise self.op_error(f"entry block must have {len(ft.params)} arguments to match function signature")
        for i, (a, t) in enumerate(zip(entry.arguments, ft.params)):
            if a.type != t:
                raise self.op_error(f"type of entry block argument #{i}({a.type}) must match the type of the "
                                    f"corresponding argument in function signature({t})")
            if not is_compatible_type(a.type):
                raise self.op_error(f"entry block argument #{i} is not of LLVM type")

    @classmethod
    def build(cls, name: str, type: LLVMFunctionType, linkage: str = "external", cconv: str = "ccc",
              arg_attrs: Sequence[dict] | None = None, attributes: dict | None = None) -> "LLVMFuncOp":
        """An external declaration; call ``add_entry_block()`` to define it."""
        props: dict = {"sym_name": A.StringAttr(name), "function_type": A.TypeAttr(type),
                       "linkage": LA.LinkageAttr(linkage), "CConv": LA.CConvAttr(cconv),
                       "unnamed_addr": _i64(0)}
        if arg_attrs is not None and any(arg_attrs):
            props["arg_attrs"] = A.ArrayAttr(tuple(A.DictionaryAttr.from_dict(d) for d in arg_attrs))
        attrs = {}
        pn = cls.property_names()
        for k, v in (attributes or {}).items():
            (props if k in pn else attrs)[k] = v
        return cls.create(properties=props, attributes=attrs, regions=[Region()])

    def add_entry_block(self) -> Block:
        """Append the entry block, with arguments of the signature's types."""
        return self.regions[0].add_block(Block(list(self.type.params)))


def _verify_comdat(op, attr) -> None:
    if attr is None:
        return
    sel = lookup_symbol(op, attr)
    if not isinstance(sel, ComdatSelectorOp):
        raise op.emit_error("expected comdat symbol")


# -- globals --------------------------------------------------------------------------


class _GlobalFields(LLVMOp):
    __slots__ = ()
    global_type = prop(TYPE)
    constant = prop(UNIT, optional=True)
    sym_name = prop(C.SymbolNameAttr)
    linkage = prop(LINKAGE)
    dso_local = prop(UNIT, optional=True)
    thread_local_ = prop(UNIT, optional=True)
    externally_initialized = prop(UNIT, optional=True)
    value = prop(ANY, optional=True)
    alignment = prop(I64_ATTR, optional=True)
    addr_space = prop(I32_ATTR, default=A.IntegerAttr(0, T.i32))
    unnamed_addr = prop(UNNAMED_ADDR, optional=True)
    section = prop(STR, optional=True)
    comdat = prop(C.SymbolRefAttr, optional=True)
    dbg_exprs = prop(ARRAY, optional=True)
    visibility_ = prop(VISIBILITY, default=_i64(0))
    initializer = region()


_GLOBAL_ELIDED = ("sym_name", "global_type", "constant", "value", "linkage", "unnamed_addr", "thread_local_",
                  "visibility_", "comdat")


@register_op
class GlobalOp(_GlobalFields):
    """``llvm.mlir.global [linkage] [visibility] [thread_local]
    [unnamed_addr] [constant] @name(value?) [comdat(@c)] {attrs} [: type] [{init}]``."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.global"
    traits = frozenset({ISOLATED_FROM_ABOVE, "SingleBlock", SYMBOL})

    @classmethod
    def parse(cls, p, state) -> None:
        props = state.properties
        props["linkage"] = LA.LinkageAttr(_keyword(p, LA.LINKAGES) or "external")
        props["visibility_"] = _i64(_keyword_index(p, LA.VISIBILITY))
        if p.accept_keyword("thread_local"):
            props["thread_local_"] = A.UNIT
        props["unnamed_addr"] = _i64(_keyword_index(p, LA.UNNAMED_ADDR))
        if p.accept_keyword("constant"):
            props["constant"] = A.UNIT
        props["sym_name"] = A.StringAttr(p.parse_symbol_name())
        p.expect("(", "expected '('")
        value = None
        if not p.accept(")"):
            value = p.parse_attribute()
            props["value"] = value
            p.expect(")", "expected ')'")
        if p.accept_keyword("comdat"):
            p.expect("(", "expected '('")
            props["comdat"] = p.parse_attribute()
            p.expect(")", "expected ')'")
        _split_attrs(cls, p.parse_optional_attr_dict(), state)
        types = p.parse_optional_colon_type_list()
        if len(types) > 1:
            p.error("expected zero or one type", state.pos)
        r = Region()
        if not types:
            if not (isinstance(value, A.StringAttr) and value.type is None):
                p.error("type can only be omitted for string globals", state.pos)
            types = [LLVMArrayType(T.i8, len(value.value.encode("utf-8", "surrogateescape")))]
        elif p.kind == "{":
            r = p.parse_region()
        state.regions.append(r)
        props["global_type"] = A.TypeAttr(types[0])

    def print_custom(self, p) -> None:
        props = self.properties
        p.write(" " + props["linkage"].value + " ")
        vis = LA.VISIBILITY.get(props["visibility_"].value, "")
        if vis:
            p.write(vis + " ")
        if "thread_local_" in props:
            p.write("thread_local ")
        ua = props.get("unnamed_addr")
        if isinstance(ua, A.IntegerAttr) and LA.UNNAMED_ADDR.get(ua.value):
            p.write(LA.UNNAMED_ADDR[ua.value] + " ")
        if "constant" in props:
            p.write("constant ")
        p.write(A.SymbolRefAttr(props["sym_name"].value).print(p) + "(")
        v = props.get("value")
        if v is not None:
            p.write(p.attr(v))
        p.write(")")
        if "comdat" in props:
            p.write(f" comdat({p.attr(props['comdat'])})")
        p.print_optional_attr_dict(_attr_dict(self, _GLOBAL_ELIDED))
        if isinstance(v, A.StringAttr) and v.type is None:
            return
        p.write(" : " + p.type(props["global_type"].value))
        if self.regions and self.regions[0].blocks:
            p.write(" ")
            p.print_region(self.regions[0], print_entry_args=False, print_terminators=True)

    def verify_(self) -> None:
        props = self.properties
        t = props["global_type"].value
        if isinstance(t, (LLVMVoidType, LLVMTokenType, LLVMMetadataType, LLVMLabelType)) or (
                not is_compatible_type(t) and not isinstance(t, LLVMPointerType)):
            raise self.op_error("expects type to be a valid element type for an LLVM global")
        parent = self.parent_op
        if parent is not None and SYMBOL_TABLE not in parent.traits:
            raise self.op_error("must appear at the module level")
        v = props.get("value")
        if isinstance(v, A.StringAttr) and v.type is None:
            if not (isinstance(t, LLVMArrayType) and t.element_type == T.i8
                    and t.num_elements == len(v.value.encode("utf-8", "surrogateescape"))):
                raise self.op_error("requires an i8 array type of the length equal to that of the string attribute")
        linkage = props["linkage"].value
        if linkage == "common" and v is not None and not _is_zero(v):
            raise self.op_error("expected zero value for 'common' linkage")
        if linkage == "appending" and not isinstance(t, LLVMArrayType):
            raise self.op_error("expected array type for 'appending' linkage")
        _verify_comdat(self, props.get("comdat"))
        al = props.get("alignment")
        if isinstance(al, A.IntegerAttr) and (al.value <= 0 or al.value & (al.value - 1)):
            raise self.emit_error("alignment attribute is not a power of 2")
        if self.regions and self.regions[0].blocks:
            b = self.regions[0].blocks[0]
            ret = b.operations[-1] if b.operations else None
            if ret is not None and ret.name == "llvm.return":
                if not ret.operands:
                    raise self.op_error("initializer region cannot return void")
                if ret.operands[0].type != t:
                    raise self.op_error(f"initializer region type '{ret.operands[0].type}' does not match global "
                                        f"type '{t}'")
            if v is not None:
                raise self.op_error("cannot have both initializer value and region")

    @classmethod
    def build(cls, name: str, type: T.Type, value: A.Attribute | None = None, constant: bool = False,
              linkage: str = "external", alignment: int = 0, addr_space: int = 0,
              thread_local: bool = False) -> "GlobalOp":
        """A global; to initialize it with ops, fill ``op.regions[0]`` with a
        block ending in ``llvm.return``."""
        props: dict = {"sym_name": A.StringAttr(name), "global_type": A.TypeAttr(type),
                       "linkage": LA.LinkageAttr(linkage), "unnamed_addr": _i64(0),
                       "addr_space": A.IntegerAttr(addr_space, T.i32)}
        if value is not None:
            props["value"] = value
        if constant:
            props["constant"] = A.UNIT
        if alignment:
            props["alignment"] = _i64(alignment)
        if thread_local:
            props["thread_local_"] = A.UNIT
        return cls.create(properties=props, regions=[Region()])


def _is_zero(a: A.Attribute) -> bool:
    if isinstance(a, (A.IntegerAttr, A.FloatAttr)):
        return a.value == 0
    if isinstance(a, A.DenseElementsAttr):
        return all(v == 0 for v in a.values)
    if isinstance(a, A.ArrayAttr):
        return all(_is_zero(x) for x in a)
    return False


class _XtorsOp(LLVMOp):
    __slots__ = ()
    KIND = "ctors"

    def verify_(self) -> None:
        k = self.KIND
        refs, prios, data = (self.properties[n] for n in (k, "priorities", "data"))
        for d in data:
            if not (isinstance(d, A.SymbolRefAttr) or (isinstance(d, A.OpaqueAttr) and d.text == "llvm.zero")):
                raise self.emit_error("data element must be symbol or #llvm.zero")
        if not len(refs) == len(prios) == len(data):
            raise self.emit_error(f"{k}, priorities, and data must have the same number of elements")
        for r in refs:
            fn = lookup_symbol(self, r)
            if not isinstance(fn, LLVMFuncOp):
                raise self.op_error(f"'{r.root}' does not reference a valid LLVM function")
            if fn.is_declaration:
                raise self.op_error(f"'{r.root}' does not have a definition")


_SYMREFS = C.array_of(C.FlatSymbolRefAttr, "flat symbol ref array attribute")
_I32S = C.array_of(C.I32Attr, "32-bit integer array attribute")


@register_op
class GlobalCtorsOp(_XtorsOp):
    __slots__ = ()
    OP_NAME = "llvm.mlir.global_ctors"
    ctors = prop(_SYMREFS)
    priorities = prop(_I32S)
    data = prop(ARRAY)
    assembly_format = "`ctors` `=` $ctors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict"


@register_op
class GlobalDtorsOp(_XtorsOp):
    __slots__ = ()
    OP_NAME = "llvm.mlir.global_dtors"
    KIND = "dtors"
    dtors = prop(_SYMREFS)
    priorities = prop(_I32S)
    data = prop(ARRAY)
    assembly_format = "`dtors` `=` $dtors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict"


@register_op
class ComdatOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.comdat"
    traits = frozenset({NO_TERMINATOR, SYMBOL_TABLE, SYMBOL, "NoRegionArguments"})
    sym_name = prop(C.SymbolNameAttr)
    body = region()
    assembly_format = "$sym_name $body attr-dict"

    def verify_(self) -> None:
        for b in self.regions[0].blocks:
            for op in b.operations:
                if not isinstance(op, ComdatSelectorOp):
                    raise op.emit_error("only comdat selector symbols can appear in a comdat region")


@register_op
class ComdatSelectorOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.comdat_selector"
    traits = frozenset({SYMBOL})
    sym_name = prop(C.SymbolNameAttr)
    comdat = prop(enum_attr("LLVM Comdat Types", LA.COMDAT_SELECTORS))
    assembly_format = "$sym_name $comdat attr-dict"


@register_op
class AddressOfOp(LLVMOp):
    """``llvm.mlir.addressof @g : !llvm.ptr``."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.addressof"
    traits = frozenset({PURE, "ConstantLike"})
    global_name = prop(C.FlatSymbolRefAttr)
    res = result(ANY_PTR)
    assembly_format = "$global_name attr-dict `:` qualified(type($res))"

    def verify_(self) -> None:
        sym = lookup_symbol(self, self.properties["global_name"])
        if sym is None or sym.name not in ("llvm.mlir.global", "llvm.func", "llvm.mlir.alias", "llvm.mlir.ifunc"):
            raise self.op_error("must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or "
                                "'llvm.func' or 'llvm.mlir.ifunc'")
        if isinstance(sym, GlobalOp):
            if sym.properties["addr_space"].value != self.results[0].type.address_space:  # type: ignore
                raise self.op_error("pointer address space must match address space of the referenced global or "
                                    "alias")

    @classmethod
    def build(cls, name: str, addr_space: int = 0) -> "AddressOfOp":
        return cls.create(result_types=[LLVMPointerType(addr_space)],
                          properties={"global_name": A.SymbolRefAttr(name)})


@register_op
class DSOLocalEquivalentOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.dso_local_equivalent"
    traits = frozenset({PURE, "ConstantLike"})
    function_name = prop(C.FlatSymbolRefAttr)
    res = result(ANY_PTR)
    assembly_format = "$function_name attr-dict `:` qualified(type($res))"


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
            p.error(f"expected {len(r)} types for operand bundle operands for operand bundle #{len(tags) - 1}, but "
                    f"actually got {len(t)}", pos)
        refs.append(r)
        types.append(t)
        if not p.accept(","):
            break
    p.expect("]", "expected ']'")
    return refs, types, tags


def _print_bundles(op, p, first_bundle_operand: int) -> None:
    sizes = op.properties.get("op_bundle_sizes")
    if sizes is None or not sizes.values:
        return
    tags = op.properties.get("op_bundle_tags")
    vals = op.operands[first_bundle_operand:]
    parts, i = [], 0
    for k, n in enumerate(sizes.values):
        g = vals[i:i + n]
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
    except Exception:
        p.error(f"custom op '{cls.OP_NAME}' " + ("expected direct call to have 1 trailing types" if direct
                                                  else "expected trailing function type"), tpos)
    if len(rts) > 1:
        p.error(f"custom op '{cls.OP_NAME}' expected function with 0 or 1 result", tpos)
    if rts and isinstance(rts[0], LLVMVoidType):
        p.error(f"custom op '{cls.OP_NAME}' expected a non-void result type", tpos)
    for k, v in (("arg_attrs", _dict_array(aas)), ("res_attrs", _dict_array(ras))):
        if v is not None:
            props[k] = v
    ops = p.resolve_operands(refs, types + ats, state.pos)
    bops = [p.resolve_operand(r, t) for rs, ts in zip(brefs, btypes) for r, t in zip(rs, ts)]
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


_CALL_ELIDED = ("callee", "TailCallKind", "var_callee_type", "CConv", "operandSegmentSizes", "op_bundle_sizes",
                "op_bundle_tags", "arg_attrs", "res_attrs")


def _print_call_common(op, p, invoke: bool) -> None:
    props = op.properties
    out = ""
    if props["CConv"].value != "ccc":
        out += props["CConv"].value + " "
    tck = props.get("TailCallKind")
    if tck is not None and tck.value != "none":
        out += tck.value + " "
    callee = props.get("callee")
    n = op.properties["operandSegmentSizes"].values[0]
    callee_ops = op.operands[:n]
    args = callee_ops if callee is not None else callee_ops[1:]
    out += callee.print(p) if callee is not None else p.value_name(callee_ops[0])
    p.write(" " + out + "(" + p.operands_str(args) + ")")
    first_bundle = n
    if invoke:
        segs = props["operandSegmentSizes"].values
        nargs = op.operands[n:n + segs[1]]
        uargs = op.operands[n + segs[1]:n + segs[1] + segs[2]]
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
    p.write(_signature_str(p, [v.type for v in args], props.get("arg_attrs"), op.result_types,
                           props.get("res_attrs")))


def _verify_var_callee_type(op, args: Sequence[Value]) -> None:
    vt = op.properties.get("var_callee_type")
    if vt is None:
        return
    ft = vt.value
    if not isinstance(ft, LLVMFunctionType) or not ft.is_var_arg:
        raise op.op_error("expected var_callee_type to be a variadic function type")
    if len(ft.params) > len(args):
        raise op.op_error(f"expected var_callee_type to have at most {len(args)} parameters")
    for t, a in zip(ft.params, args):
        if t != a.type:
            raise op.op_error(f"var_callee_type parameter type mismatch: '{t}' != '{a.type}'")
    if not op.results:
        if not isinstance(ft.return_type, LLVMVoidType):
            raise op.op_error("expected var_callee_type to return void")
    elif op.results[0].type != ft.return_type:
        raise op.op_error(f"var_callee_type return type mismatch: '{ft.return_type}' != '{op.results[0].type}'")


def _verify_bundles(op) -> None:
    tags = op.properties.get("op_bundle_tags")
    n = len(op.properties["op_bundle_sizes"].values)
    if tags is not None and not all(isinstance(t, A.StringAttr) for t in tags):
        raise op.emit_error("operand bundle tag must be a StringAttr")
    if n != (len(tags) if tags is not None else 0):
        raise op.emit_error(f"expected {n} operand bundle tags, but actually got {len(tags) if tags else 0}")


class _CallFields(LLVMOp):
    __slots__ = ()
    var_callee_type = prop(TYPE, optional=True)
    callee = prop(C.FlatSymbolRefAttr, optional=True)
    branch_weights = prop(C.DenseI32ArrayAttr, optional=True)
    CConv = prop(CCONV, default=LA.CConvAttr("ccc"))
    op_bundle_sizes = prop(C.DenseI32ArrayAttr)
    op_bundle_tags = prop(ARRAY, optional=True)
    arg_attrs = prop(C.DictArrayAttr, optional=True)
    res_attrs = prop(C.DictArrayAttr, optional=True)
    result_ = opt_result(LLVM_TYPE, name="result")

    def arg_operands(self) -> list[Value]:
        n = self.properties["operandSegmentSizes"].values[0]
        ops = self.operands[:n]
        return ops if "callee" in self.properties else ops[1:]


@register_op
class CallOp(_CallFields):
    """``llvm.call [cconv] [tail] @f(%a) [vararg(!llvm.func<...>)] [bundles] : (i32) -> i32``
    (indirect: ``llvm.call %fptr(%a) : !llvm.ptr, (i32) -> i32``)."""

    __slots__ = ()
    OP_NAME = "llvm.call"
    traits = frozenset({"CallOpInterface"})
    callee_operands = var_operand(LLVM_TYPE)
    op_bundle_operands = var_operand(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    TailCallKind = prop(TAIL_CALL_KIND, default=LA.TailCallKindAttr("none"))
    memory_effects = prop(ANY, optional=True)
    convergent = prop(UNIT, optional=True)
    no_unwind = prop(UNIT, optional=True)
    will_return = prop(UNIT, optional=True)
    no_inline = prop(UNIT, optional=True)
    always_inline = prop(UNIT, optional=True)
    inline_hint = prop(UNIT, optional=True)
    access_groups = prop(ARRAY, optional=True)
    alias_scopes = prop(ARRAY, optional=True)
    noalias_scopes = prop(ARRAY, optional=True)
    tbaa = prop(ARRAY, optional=True)

    @classmethod
    def parse(cls, p, state) -> None:
        _parse_call_common(cls, p, state, with_tail_call=True, invoke=False)

    def print_custom(self, p) -> None:
        _print_call_common(self, p, invoke=False)

    def verify_(self) -> None:
        _verify_bundles(self)
        args = self.arg_operands()
        _verify_var_callee_type(self, args)
        callee = self.properties.get("callee")
        if callee is None:
            if not self.operands:
                raise self.op_error("must have either a `callee` attribute or at least an operand")
            if not isinstance(self.operands[0].type, LLVMPointerType):
                raise self.op_error(f"indirect call expects a pointer as callee: '{self.operands[0].type}'")
            return
        fn = lookup_symbol(self, callee)
        if fn is None:
            raise self.op_error(f"'{callee.root}' does not reference a symbol in the current scope")
        if isinstance(fn, LLVMFuncOp):
            ft = fn.type
        elif fn.name == "llvm.mlir.alias":
            return
        else:
            raise self.op_error(f"'{callee.root}' does not reference a valid LLVM function or IFunc")
        if ft.is_var_arg and "var_callee_type" not in self.properties:
            raise self.op_error("missing var_callee_type attribute for vararg call")
        if not ft.is_var_arg and len(ft.params) != len(args):
            raise self.op_error(f"incorrect number of operands ({len(args)}) for callee (expecting: "
                                f"{len(ft.params)})")
        if len(ft.params) > len(args):
            raise self.op_error(f"incorrect number of operands ({len(args)}) for varargs callee (expecting at least: "
                                f"{len(ft.params)})")
        for i, (t, a) in enumerate(zip(ft.params, args)):
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
    def build(cls, callee: "LLVMFuncOp | str | Value", args: Sequence[Value], result_type: T.Type | None = None,
              var_callee_type: LLVMFunctionType | None = None) -> "CallOp":
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
        return cls.create(operands=ops, result_types=[result_type] if result_type is not None else [],
                          properties=props)


@register_op
class InvokeOp(_CallFields):
    """``llvm.invoke @f(%a) to ^ok unwind ^lpad : (i32) -> i32``."""

    __slots__ = ()
    OP_NAME = "llvm.invoke"
    traits = frozenset({TERMINATOR, "CallOpInterface"})
    callee_operands = var_operand(LLVM_TYPE)
    normalDestOperands = var_operand(LLVM_TYPE)
    unwindDestOperands = var_operand(LLVM_TYPE)
    op_bundle_operands = var_operand(LLVM_TYPE)
    normalDest = successor()
    unwindDest = successor()

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
        segs = self.properties["operandSegmentSizes"].values
        n = segs[0]
        verify_successor_operands(self, [(self.successors[0], self.operands[n:n + segs[1]]),
                                         (unwind, self.operands[n + segs[1]:n + segs[1] + segs[2]])])


@register_op
class LandingpadOp(LLVMOp):
    """``llvm.landingpad [cleanup] (catch %x : !llvm.ptr)* : !llvm.struct<(ptr, i32)>``."""

    __slots__ = ()
    OP_NAME = "llvm.landingpad"
    cleanup = prop(UNIT, optional=True)
    clauses = var_operand(LLVM_TYPE)
    res = result(LLVM_TYPE)

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
        p.write(" cleanup " if "cleanup" in self.properties else " ")
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
        if fn is not None and "personality" not in fn.properties:
            raise self.emit_error("llvm.landingpad needs to be in a function with a personality")
        if "cleanup" not in self.properties and not self.operands:
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
    intrin = prop(STR)
    args = var_operand(LLVM_TYPE)
    fastmathFlags = _fmf_prop()
    op_bundle_operands = var_operand(LLVM_TYPE)
    op_bundle_sizes = prop(C.DenseI32ArrayAttr)
    op_bundle_tags = prop(ARRAY, optional=True)
    arg_attrs = prop(C.DictArrayAttr, optional=True)
    res_attrs = prop(C.DictArrayAttr, optional=True)
    results_ = opt_result(LLVM_TYPE, name="results")

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
        bops = [p.resolve_operand(r, t) for rs, ts in zip(brefs, btypes) for r, t in zip(rs, ts)]
        state.operands = ops + bops
        props["op_bundle_sizes"] = A.DenseArrayAttr(T.i32, tuple(len(r) for r in brefs))
        props["operandSegmentSizes"] = segment_sizes_attr([len(ops), len(bops)])
        state.result_types = list(ft.results)

    def print_custom(self, p) -> None:
        n = self.properties["operandSegmentSizes"].values[0]
        args = self.operands[:n]
        p.write(" " + p.attr(self.properties["intrin"]) + "(" + p.operands_str(args) + ")")
        _print_bundles(self, p, n)
        p.print_optional_attr_dict(_attr_dict(self, ("intrin", "op_bundle_sizes", "op_bundle_tags",
                                                     "operandSegmentSizes"), drop_default_fmf=True))
        p.write(" : (" + ", ".join(p.type(v.type) for v in args) + ") -> "
                + T.format_result_types(self.result_types, p))

    def verify_(self) -> None:
        _verify_bundles(self)
        if not self.properties["intrin"].value.startswith("llvm."):
            raise self.op_error("intrinsic name must start with 'llvm.'")


def _tck_parse(p, ps) -> A.Attribute:
    p.expect("<", "expected '<'")
    pos = p.start
    v = LA.parse_keyword_or_string(p, "expected tail call kind")
    if v not in LA.TAIL_CALL_KINDS:
        p.error(f"expected one of [{', '.join(LA.TAIL_CALL_KINDS)}] for tailcallkind, got: {v}", pos)
    p.expect(">", "expected '>'")
    return LA.TailCallKindAttr(v)


_TCK_FORMAT = custom_attr(TAIL_CALL_KIND, _tck_parse,
                          lambda a, p: f"<{a.value}>" if isinstance(a, LA.TailCallKindAttr) else None,
                          lambda p: p.kind == "<")


@register_op
class InlineAsmOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.inline_asm"
    operands_ = var_operand(LLVM_TYPE, name="operands")
    asm_string = prop(STR)
    constraints = prop(STR)
    has_side_effects = prop(UNIT, optional=True)
    is_align_stack = prop(UNIT, optional=True)
    tail_call_kind = prop(_TCK_FORMAT, default=LA.TailCallKindAttr("none"))
    asm_dialect = prop(enum_attr("ATT (0) or Intel (1) asm dialect", LA.ASM_DIALECTS), optional=True)
    operand_attrs = prop(ARRAY, optional=True)
    res = opt_result(LLVM_TYPE)
    assembly_format = ("(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? "
                       "(`tail_call_kind` `=` $tail_call_kind^)? (`asm_dialect` `=` $asm_dialect^)? "
                       "(`operand_attrs` `=` $operand_attrs^)? attr-dict $asm_string `,` $constraints "
                       "$operands `:` functional-type($operands, results)")

    def verify_(self) -> None:
        k = self.properties["tail_call_kind"].value
        if k == "musttail":
            raise self.op_error("tail call kind 'musttail' is not supported by this operation")


@register_op
class VaArgOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.va_arg"
    arg = operand(ANY_PTR)
    res = result(LLVM_TYPE)
    assembly_format = "$arg attr-dict `:` functional-type($arg, $res)"


__all__ = ["lookup_symbol", "LLVMFuncOp", "GlobalOp", "GlobalCtorsOp", "GlobalDtorsOp", "ComdatOp",
           "ComdatSelectorOp", "AddressOfOp", "DSOLocalEquivalentOp", "CallOp", "InvokeOp", "LandingpadOp",
           "CallIntrinsicOp", "InlineAsmOp", "VaArgOp", "FASTMATH"]
