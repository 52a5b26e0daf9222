"""LLVM dialect module-level ops: aliases, ifuncs, linker options, module flags, global ctors/dtors and comdats."""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.fields import prop_def, region_def
from ...ir.registry import register_op
from ...ir.symbol_table import lookup_nearest
from ...ir.traits import ISOLATED_FROM_ABOVE, SINGLE_BLOCK, SYMBOL
from . import attrs as LA
from .ops import ARRAY, I32_ATTR, LLVMOp, _i64
from .symbols import (
    LINKAGE,
    STR,
    TYPE,
    UNIT,
    UNNAMED_ADDR,
    VISIBILITY,
    LLVMFuncOp,
    _attr_dict,
    _global_prefix_str,
    _parse_global_prefix,
    _split_attrs,
)
from .types import (
    LLVMPointerType,
)


@register_op
class AliasOp(LLVMOp):
    """``llvm.mlir.alias [linkage] ... @name {attrs} : type {init}``."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.alias"
    traits = frozenset({ISOLATED_FROM_ABOVE, SINGLE_BLOCK, SYMBOL})
    alias_type = prop_def(TYPE)
    sym_name = prop_def(C.SymbolNameAttr)
    linkage = prop_def(LINKAGE)
    dso_local = prop_def(UNIT, optional=True)
    thread_local_ = prop_def(UNIT, optional=True)
    unnamed_addr = prop_def(UNNAMED_ADDR, optional=True)
    visibility_ = prop_def(VISIBILITY, default=_i64(0))
    initializer = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        _parse_global_prefix(p, state.properties)
        state.properties["sym_name"] = A.StringAttr(p.parse_symbol_name())
        _split_attrs(cls, p.parse_optional_attr_dict(), state)
        p.expect(":", "expected ':'")
        state.properties["alias_type"] = A.TypeAttr(p.parse_type())
        state.regions.append(p.parse_region())

    def print_custom(self, p) -> None:
        props = self.props
        p.write(_global_prefix_str(props) + A.SymbolRefAttr(self.prop("sym_name", A.StringAttr).value).print(p))
        p.print_optional_attr_dict(
            _attr_dict(self, ("sym_name", "alias_type", "linkage", "unnamed_addr", "thread_local_", "visibility_"))
        )
        p.write(" : " + p.type(self.prop("alias_type", A.TypeAttr).value) + " ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=True)

    def verify_(self) -> None:
        linkage = self.prop("linkage", LA.LinkageAttr).value
        if linkage not in (
            "external",
            "internal",
            "private",
            "weak",
            "weak_odr",
            "linkonce",
            "linkonce_odr",
            "available_externally",
        ):
            raise self.op_error(
                f"'{linkage}' linkage not supported in aliases, available options: private, "
                "internal, linkonce, weak, linkonce_odr, weak_odr, external or available_externally"
            )
        b = self.regions[0].blocks[0] if self.regions[0].blocks else None
        ret = b.operations[-1] if b is not None and b.operations else None
        if (
            ret is None
            or ret.name != "llvm.return"
            or not ret.operands
            or not isinstance(ret.operands[0].type, LLVMPointerType)
        ):
            raise self.op_error("initializer region must always return a pointer")


@register_op
class IFuncOp(LLVMOp):
    """``llvm.mlir.ifunc [linkage] ... @name : !llvm.func<...>, !llvm.ptr @resolver``."""

    __slots__ = ()
    OP_NAME = "llvm.mlir.ifunc"
    traits = frozenset({SYMBOL})
    sym_name = prop_def(C.SymbolNameAttr)
    i_func_type = prop_def(TYPE)
    resolver = prop_def(C.FlatSymbolRefAttr)
    resolver_type = prop_def(TYPE)
    linkage = prop_def(LINKAGE)
    dso_local = prop_def(UNIT, optional=True)
    address_space = prop_def(I32_ATTR, default=A.IntegerAttr(0, T.i32))
    unnamed_addr = prop_def(UNNAMED_ADDR, default=_i64(0))
    visibility_ = prop_def(VISIBILITY, default=_i64(0))

    @classmethod
    def parse(cls, p, state) -> None:
        _parse_global_prefix(p, state.properties, thread_local=False)
        props = state.properties
        props["sym_name"] = A.StringAttr(p.parse_symbol_name())
        p.expect(":", "expected ':'")
        props["i_func_type"] = A.TypeAttr(p.parse_type())
        p.expect(",", "expected ','")
        props["resolver_type"] = A.TypeAttr(p.parse_type())
        props["resolver"] = p.parse_symbol_ref()
        _split_attrs(cls, p.parse_optional_attr_dict(), state)

    def print_custom(self, p) -> None:
        props = self.props
        p.write(
            _global_prefix_str(props)
            + A.SymbolRefAttr(self.prop("sym_name", A.StringAttr).value).print(p)
            + " : "
            + p.type(self.prop("i_func_type", A.TypeAttr).value)
            + ", "
            + p.type(self.prop("resolver_type", A.TypeAttr).value)
            + " "
            + props["resolver"].print(p)
        )
        p.print_optional_attr_dict(
            _attr_dict(
                self,
                (
                    "sym_name",
                    "i_func_type",
                    "resolver",
                    "resolver_type",
                    "linkage",
                    "unnamed_addr",
                    "visibility_",
                    "address_space",
                ),
            )
        )


@register_op
class LinkerOptionsOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.linker_options"
    options = prop_def(C.array_of(STR, "string array attribute"))
    assembly_format = "$options attr-dict"


@register_op
class ModuleFlagsOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.module_flags"
    flags = prop_def(ARRAY)
    assembly_format = "$flags attr-dict"


class _XtorsOp(LLVMOp):
    __slots__ = ()
    KIND = "ctors"

    def verify_(self) -> None:
        k = self.KIND
        refs, prios, data = (self.prop(n, A.ArrayAttr) for n in (k, "priorities", "data"))
        for d in data:
            if not (isinstance(d, A.SymbolRefAttr) or (isinstance(d, A.OpaqueAttr) and d.text == "llvm.zero")):
                raise self.emit_error("data element must be symbol or #llvm.zero")
        if not len(refs) == len(prios) == len(data):
            raise self.emit_error(f"{k}, priorities, and data must have the same number of elements")
        for r in refs:
            fn = lookup_nearest(self, r)
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
    ctors = prop_def(_SYMREFS)
    priorities = prop_def(_I32S)
    data = prop_def(ARRAY)
    assembly_format = "`ctors` `=` $ctors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict"


@register_op
class GlobalDtorsOp(_XtorsOp):
    __slots__ = ()
    OP_NAME = "llvm.mlir.global_dtors"
    KIND = "dtors"
    dtors = prop_def(_SYMREFS)
    priorities = prop_def(_I32S)
    data = prop_def(ARRAY)
    assembly_format = "`dtors` `=` $dtors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict"
