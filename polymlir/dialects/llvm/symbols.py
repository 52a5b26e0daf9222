"""LLVM dialect ops with symbols: ``llvm.func``, ``llvm.mlir.global``,
comdats, ``llvm.mlir.addressof``, ``llvm.dso_local_equivalent`` (see
``ops.py`` for the Python API; calls are in ``calls.py``, aliases, ifuncs
and ctors/dtors in ``module_ops.py``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import enum_attr
from ...ir.core import Block, Region
from ...ir.fields import prop_def, region_def, result_def
from ...ir.registry import register_op
from ...ir.symbol_table import lookup_nearest
from ...ir.traits import (
    AFFINE_SCOPE,
    AUTOMATIC_ALLOCATION_SCOPE,
    CONSTANT_LIKE,
    FUNCTION_OP_INTERFACE,
    ISOLATED_FROM_ABOVE,
    NO_REGION_ARGUMENTS,
    NO_TERMINATOR,
    PURE,
    SINGLE_BLOCK,
    SYMBOL,
    SYMBOL_TABLE,
)
from ..function_like import parse_function_like, print_function_like
from . import attrs as LA
from .ops import ANY_PTR, ARRAY, I32_ATTR, I64_ATTR, LLVMOp, _i64
from .types import (
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
    attrs = {k: v for k, v in op.props.items() if k not in elided}
    if drop_default_fmf and attrs.get("fastmathFlags") == LA.FASTMATH_NONE:
        del attrs["fastmathFlags"]
    attrs.update(op.attributes)
    return attrs


UNIT = C.UnitAttr
STR = C.StrAttr
TYPE = C.TypeAttr
ANY = C.AnyAttr
LINKAGE = C.attr_of(LA.LinkageAttr, "LLVM Linkage specification")
CCONV = C.attr_of(LA.CConvAttr, "LLVM Calling Convention specification")
TAIL_CALL_KIND = C.attr_of(LA.TailCallKindAttr, "LLVM Calling Convention specification")
VISIBILITY = enum_attr("LLVM GlobalValue Visibility", LA.VISIBILITY)
UNNAMED_ADDR = enum_attr("LLVM GlobalValue UnnamedAddr", LA.UNNAMED_ADDR)
FN_TYPE = C.attr_of(A.TypeAttr, "type attribute of LLVM function type", lambda a: isinstance(a.value, LLVMFunctionType))

# -- llvm.func ------------------------------------------------------------------------

_FUNC_ELIDED = ("linkage", "CConv", "visibility_", "comdat", "unnamed_addr", "vscale_range")
_VSCALE = re.compile(r"minRange = (-?\d+) : i32, maxRange = (-?\d+) : i32")


class _FuncFields(LLVMOp):
    """The fields of llvm.func: its optional function attributes (all
    inherent, as upstream declares them), its name, type, linkage, calling
    convention and visibility, and its body."""

    __slots__ = ()
    comdat = prop_def(C.SymbolRefAttr, optional=True)
    convergent = prop_def(UNIT, optional=True)
    personality = prop_def(C.FlatSymbolRefAttr, optional=True)
    garbageCollector = prop_def(STR, optional=True)
    passthrough = prop_def(ARRAY, optional=True)
    function_entry_count = prop_def(I64_ATTR, optional=True)
    memory_effects = prop_def(ANY, optional=True)
    arm_streaming = prop_def(UNIT, optional=True)
    arm_locally_streaming = prop_def(UNIT, optional=True)
    arm_streaming_compatible = prop_def(UNIT, optional=True)
    arm_new_za = prop_def(UNIT, optional=True)
    arm_in_za = prop_def(UNIT, optional=True)
    arm_out_za = prop_def(UNIT, optional=True)
    arm_inout_za = prop_def(UNIT, optional=True)
    arm_preserves_za = prop_def(UNIT, optional=True)
    section = prop_def(STR, optional=True)
    alignment = prop_def(I64_ATTR, optional=True)
    vscale_range = prop_def(ANY, optional=True)
    frame_pointer = prop_def(ANY, optional=True)
    target_cpu = prop_def(STR, optional=True)
    tune_cpu = prop_def(STR, optional=True)
    reciprocal_estimates = prop_def(STR, optional=True)
    prefer_vector_width = prop_def(STR, optional=True)
    target_features = prop_def(ANY, optional=True)
    no_infs_fp_math = prop_def(C.BoolAttr, optional=True)
    no_nans_fp_math = prop_def(C.BoolAttr, optional=True)
    no_signed_zeros_fp_math = prop_def(C.BoolAttr, optional=True)
    denormal_fp_math = prop_def(STR, optional=True)
    denormal_fp_math_f32 = prop_def(STR, optional=True)
    fp_contract = prop_def(STR, optional=True)
    instrument_function_entry = prop_def(STR, optional=True)
    instrument_function_exit = prop_def(STR, optional=True)
    no_inline = prop_def(UNIT, optional=True)
    always_inline = prop_def(UNIT, optional=True)
    inline_hint = prop_def(UNIT, optional=True)
    no_unwind = prop_def(UNIT, optional=True)
    will_return = prop_def(UNIT, optional=True)
    optimize_none = prop_def(UNIT, optional=True)
    vec_type_hint = prop_def(ANY, optional=True)
    work_group_size_hint = prop_def(C.DenseI32ArrayAttr, optional=True)
    reqd_work_group_size = prop_def(C.DenseI32ArrayAttr, optional=True)
    intel_reqd_sub_group_size = prop_def(I32_ATTR, optional=True)
    uwtable_kind = prop_def(ANY, optional=True)
    dso_local = prop_def(UNIT, optional=True)
    sym_visibility = prop_def(STR, optional=True)
    arg_attrs = prop_def(C.DictArrayAttr, optional=True)
    res_attrs = prop_def(C.DictArrayAttr, optional=True)
    unnamed_addr = prop_def(UNNAMED_ADDR, optional=True)
    sym_name = prop_def(C.SymbolNameAttr)
    function_type = prop_def(FN_TYPE)
    linkage = prop_def(LINKAGE, default=LA.LinkageAttr("external"))
    CConv = prop_def(CCONV, default=LA.CConvAttr("ccc"))
    visibility_ = prop_def(VISIBILITY, default=_i64(0))
    body = region_def()


@register_op
class LLVMFuncOp(_FuncFields):
    """``llvm.func [linkage] [visibility] [unnamed_addr] [cconv] @name(args)
    [-> res] [vscale_range(a, b)] [comdat(@c)] [attributes {...}] [{body}]``."""

    __slots__ = ()
    OP_NAME = "llvm.func"
    traits = frozenset({ISOLATED_FROM_ABOVE, SYMBOL, AFFINE_SCOPE, FUNCTION_OP_INTERFACE, AUTOMATIC_ALLOCATION_SCOPE})

    @classmethod
    def parse(cls, p, state) -> None:
        props = state.properties
        props["linkage"] = LA.LinkageAttr(_keyword(p, LA.LINKAGES) or "external")
        props["visibility_"] = _i64(_keyword_index(p, LA.VISIBILITY))
        props["unnamed_addr"] = _i64(_keyword_index(p, LA.UNNAMED_ADDR))
        props["CConv"] = LA.CConvAttr(_keyword(p, LA.CCONVS) or "ccc")
        sig_pos = p.start
        parse_function_like(
            p,
            state,
            allow_variadic=True,
            visibility_keyword=False,
            after_signature=lambda p, st, facts: cls._after_signature(p, st, facts, sig_pos),
        )

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
                f"llvm.vscale_range<minRange = {lo} : i32, maxRange = {hi} : i32>"
            )
        if p.accept_keyword("comdat"):
            p.expect("(", "expected '('")
            state.properties["comdat"] = p.parse_attribute()
            p.expect(")", "expected ')'")

    def print_custom(self, p) -> None:
        props = self.props
        pre = ""
        if self.linkage.value != "external":
            pre += " " + self.linkage.value
        for key, cases in (("visibility_", LA.VISIBILITY), ("unnamed_addr", LA.UNNAMED_ADDR)):
            v = props.get(key)
            if isinstance(v, A.IntegerAttr) and cases.get(v.value):
                pre += " " + cases[v.value]
        if self.CConv.value != "ccc":
            pre += " " + self.CConv.value
        print_function_like(
            self,
            p,
            variadic=self.type.is_var_arg,
            skip=_FUNC_ELIDED,
            prefix_keywords=pre,
            visibility_keyword=False,
            after_signature=self._print_after_signature,
        )

    def _print_after_signature(self, p) -> None:
        vr = self.props.get("vscale_range")
        if vr is not None:
            m = _VSCALE.search(str(vr))
            p.write(f" vscale_range({m.group(1)}, {m.group(2)})" if m else "")
        c = self.props.get("comdat")
        if c is not None:
            p.write(f" comdat({p.attr(c)})")

    @property
    def type(self) -> LLVMFunctionType:
        return T.of_kind(self.function_type.value, LLVMFunctionType)

    @property
    def name_str(self) -> str:
        return self.sym_name.value

    @property
    def is_declaration(self) -> bool:
        return not self.regions[0].blocks

    def verify_(self) -> None:
        props = self.props
        linkage = self.linkage.value
        if linkage == "common":
            raise self.op_error("functions cannot have 'common' linkage")
        _verify_comdat(self, props.get("comdat"))
        ft = self.type
        for name, a, n in (
            ("arg_attrs", self.arg_attrs, len(ft.params)),
            ("res_attrs", self.res_attrs, len(ft.results)),
        ):
            if a is not None and len(a) != n:
                what = "argument" if name == "arg_attrs" else "result"
                raise self.op_error(
                    f"expects {what} attribute array to have the same number of elements as the "
                    f"number of function {what}s, got {len(a)}, but expected {n}"
                )
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
        for i, (arg, t) in enumerate(zip(entry.arguments, ft.params, strict=True)):
            if arg.type != t:
                raise self.op_error(
                    f"type of entry block argument #{i}({arg.type}) must match the type of the "
                    f"corresponding argument in function signature({t})"
                )
            if not is_compatible_type(arg.type):
                raise self.op_error(f"entry block argument #{i} is not of LLVM type")

    @classmethod
    def build(
        cls,
        name: str,
        type: LLVMFunctionType,
        linkage: str = "external",
        cconv: str = "ccc",
        arg_attrs: Sequence[dict] | None = None,
        attributes: dict | None = None,
    ) -> LLVMFuncOp:
        """An external declaration; call ``add_entry_block()`` to define it."""
        props: dict = {
            "sym_name": A.StringAttr(name),
            "function_type": A.TypeAttr(type),
            "linkage": LA.LinkageAttr(linkage),
            "CConv": LA.CConvAttr(cconv),
            "unnamed_addr": _i64(0),
        }
        if arg_attrs is not None and any(arg_attrs):
            props["arg_attrs"] = A.ArrayAttr(tuple(A.DictionaryAttr.from_dict(d) for d in arg_attrs))
        attrs: dict[str, A.Attribute] = {}
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
    sel = lookup_nearest(op, attr)
    if not isinstance(sel, ComdatSelectorOp):
        raise op.emit_error("expected comdat symbol")


# -- globals --------------------------------------------------------------------------


class _GlobalFields(LLVMOp):
    __slots__ = ()
    global_type = prop_def(TYPE)
    constant = prop_def(UNIT, optional=True)
    sym_name = prop_def(C.SymbolNameAttr)
    linkage = prop_def(LINKAGE)
    dso_local = prop_def(UNIT, optional=True)
    thread_local_ = prop_def(UNIT, optional=True)
    externally_initialized = prop_def(UNIT, optional=True)
    value = prop_def(ANY, optional=True)
    alignment = prop_def(I64_ATTR, optional=True)
    addr_space = prop_def(I32_ATTR, default=A.IntegerAttr(0, T.i32))
    unnamed_addr = prop_def(UNNAMED_ADDR, optional=True)
    section = prop_def(STR, optional=True)
    comdat = prop_def(C.SymbolRefAttr, optional=True)
    dbg_exprs = prop_def(ARRAY, optional=True)
    target_specific_attrs = prop_def(ARRAY, optional=True)
    visibility_ = prop_def(VISIBILITY, default=_i64(0))
    initializer = region_def()


_GLOBAL_ELIDED = (
    "sym_name",
    "global_type",
    "constant",
    "value",
    "linkage",
    "unnamed_addr",
    "thread_local_",
    "visibility_",
    "comdat",
)


@register_op
class GlobalOp(_GlobalFields):
    """``llvm.mlir.global [linkage] [visibility] [thread_local]
    [unnamed_addr] [constant] @name(value?) [comdat(@c)] {attrs} [: type] [{init}]``."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.global"
    traits = frozenset({ISOLATED_FROM_ABOVE, SINGLE_BLOCK, SYMBOL})

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
            if isinstance(value, A.StringAttr) and value.type is None:
                types = [LLVMArrayType(T.i8, len(value.value.encode("utf-8", "surrogateescape")))]
            else:
                p.error("type can only be omitted for string globals", state.pos)
        elif p.kind == "{":
            r = p.parse_region()
        state.regions.append(r)
        props["global_type"] = A.TypeAttr(types[0])

    def print_custom(self, p) -> None:
        props = self.props
        p.write(" " + self.prop("linkage", LA.LinkageAttr).value + " ")
        vis = LA.VISIBILITY.get(self.prop("visibility_", A.IntegerAttr).value, "")
        if vis:
            p.write(vis + " ")
        if "thread_local_" in props:
            p.write("thread_local ")
        ua = props.get("unnamed_addr")
        if isinstance(ua, A.IntegerAttr) and LA.UNNAMED_ADDR.get(ua.value):
            p.write(LA.UNNAMED_ADDR[ua.value] + " ")
        if "constant" in props:
            p.write("constant ")
        p.write(A.SymbolRefAttr(self.prop("sym_name", A.StringAttr).value).print(p) + "(")
        v = props.get("value")
        if v is not None:
            p.write(p.attr(v))
        p.write(")")
        if "comdat" in props:
            p.write(f" comdat({p.attr(props['comdat'])})")
        p.print_optional_attr_dict(_attr_dict(self, _GLOBAL_ELIDED))
        if isinstance(v, A.StringAttr) and v.type is None:
            return
        p.write(" : " + p.type(self.prop("global_type", A.TypeAttr).value))
        if self.regions and self.regions[0].blocks:
            p.write(" ")
            p.print_region(self.regions[0], print_entry_args=False, print_terminators=True)

    def verify_(self) -> None:
        props = self.props
        t = self.prop("global_type", A.TypeAttr).value
        if isinstance(t, (LLVMVoidType, LLVMTokenType, LLVMMetadataType, LLVMLabelType)) or (
            not is_compatible_type(t) and not isinstance(t, LLVMPointerType)
        ):
            raise self.op_error("expects type to be a valid element type for an LLVM global")
        parent = self.parent_op
        if parent is not None and SYMBOL_TABLE not in parent.traits:
            raise self.op_error("must appear at the module level")
        v = props.get("value")
        if (
            isinstance(v, A.StringAttr)
            and v.type is None
            and not (
                isinstance(t, LLVMArrayType)
                and t.element_type == T.i8
                and t.num_elements == len(v.value.encode("utf-8", "surrogateescape"))
            )
        ):
            raise self.op_error("requires an i8 array type of the length equal to that of the string attribute")
        linkage = self.prop("linkage", LA.LinkageAttr).value
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
                    raise self.op_error(
                        f"initializer region type '{ret.operands[0].type}' does not match global type '{t}'"
                    )
            if v is not None:
                raise self.op_error("cannot have both initializer value and region")

    @classmethod
    def build(
        cls,
        name: str,
        type: T.Type,
        value: A.Attribute | None = None,
        constant: bool = False,
        linkage: str = "external",
        alignment: int = 0,
        addr_space: int = 0,
        thread_local: bool = False,
    ) -> GlobalOp:
        """A global; to initialize it with ops, fill ``op.regions[0]`` with a
        block ending in ``llvm.return``."""
        props: dict = {
            "sym_name": A.StringAttr(name),
            "global_type": A.TypeAttr(type),
            "linkage": LA.LinkageAttr(linkage),
            "unnamed_addr": _i64(0),
            "addr_space": A.IntegerAttr(addr_space, T.i32),
        }
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


def _parse_global_prefix(p, props: dict, thread_local: bool = True) -> None:
    """``[linkage] [visibility] [thread_local] [unnamed_addr]`` (globals, aliases)."""
    props["linkage"] = LA.LinkageAttr(_keyword(p, LA.LINKAGES) or "external")
    props["visibility_"] = _i64(_keyword_index(p, LA.VISIBILITY))
    if thread_local and p.accept_keyword("thread_local"):
        props["thread_local_"] = A.UNIT
    props["unnamed_addr"] = _i64(_keyword_index(p, LA.UNNAMED_ADDR))


def _global_prefix_str(props: dict) -> str:
    s = " " + props["linkage"].value + " "
    vis = LA.VISIBILITY.get(props["visibility_"].value, "")
    if vis:
        s += vis + " "
    if "thread_local_" in props:
        s += "thread_local "
    ua = props.get("unnamed_addr")
    if isinstance(ua, A.IntegerAttr) and LA.UNNAMED_ADDR.get(ua.value):
        s += LA.UNNAMED_ADDR[ua.value] + " "
    return s


@register_op
class AddressOfOp(LLVMOp):
    """``llvm.mlir.addressof @g : !llvm.ptr``."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.addressof"
    traits = frozenset({PURE, CONSTANT_LIKE})
    global_name = prop_def(C.FlatSymbolRefAttr)
    res = result_def(ANY_PTR)
    assembly_format = "$global_name attr-dict `:` qualified(type($res))"

    def verify_(self) -> None:
        sym = lookup_nearest(self, self.prop("global_name", A.SymbolRefAttr))
        if sym is None or sym.name not in ("llvm.mlir.global", "llvm.func", "llvm.mlir.alias", "llvm.mlir.ifunc"):
            raise self.op_error(
                "must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or "
                "'llvm.func' or 'llvm.mlir.ifunc'"
            )
        ptr = self.results[0].type
        if (
            isinstance(sym, GlobalOp)
            and isinstance(ptr, LLVMPointerType)
            and sym.prop("addr_space", A.IntegerAttr).value != ptr.address_space
        ):
            raise self.op_error("pointer address space must match address space of the referenced global or alias")

    @classmethod
    def build(cls, name: str, addr_space: int = 0) -> AddressOfOp:
        return cls.create(result_types=[LLVMPointerType(addr_space)], properties={"global_name": A.SymbolRefAttr(name)})


@register_op
class DSOLocalEquivalentOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.dso_local_equivalent"
    traits = frozenset({PURE, CONSTANT_LIKE})
    function_name = prop_def(C.FlatSymbolRefAttr)
    res = result_def(ANY_PTR)
    assembly_format = "$function_name attr-dict `:` qualified(type($res))"


@register_op
class ComdatOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.comdat"
    traits = frozenset({NO_TERMINATOR, SYMBOL_TABLE, SYMBOL, NO_REGION_ARGUMENTS})
    sym_name = prop_def(C.SymbolNameAttr)
    body = region_def()
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
    sym_name = prop_def(C.SymbolNameAttr)
    comdat = prop_def(enum_attr("LLVM Comdat Types", LA.COMDAT_SELECTORS))
    assembly_format = "$sym_name $comdat attr-dict"
