"""``convert-func-to-llvm``: func.func/call/return to the LLVM dialect with the
calling convention of seed 002: memref arguments expand into their
descriptor fields (or one pointer with ``use-bare-ptr-memref-call-conv``),
multiple results are packed into a struct, and functions marked
``llvm.emit_c_interface`` (all of them with ``use-c-wrappers``... upstream's
``-llvm-request-c-wrappers``) get ``_mlir_ciface_`` wrappers taking
descriptors by pointer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ...dialects import func, llvm
from ...dialects.llvm.types import LLVMFunctionType, LLVMStructType
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Block, Operation, Region, Value
from ...ir.diagnostics import DiagnosticError
from ...ir.layout import strides_and_offset
from ...ir.patterns import OpClass, PatternSet
from ...ir.rewriting import apply_conversion
from ...transforms.passes.manager import MODULE, ModulePass, PassContext, register_pass
from .arith_to_llvm import convert_arith_to_llvm
from .cf_to_llvm import convert_cf_to_llvm
from .lowering_helpers import MemRefDescriptor, call, const_i64, constant, extract, insert, poison
from .type_converter import PTR, VOID, LLVMRewriter, LLVMTypeConverter, unrealized_cast

C_INTERFACE = "llvm.emit_c_interface"
# func attributes not carried over to llvm.func (the conversion handles them).
_DROPPED = ("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", "no_inline", C_INTERFACE)


def _converted_arg_res_attrs(op: Operation, expanded: list[list[T.Type]], n_results: int) -> dict[str, A.Attribute]:
    """The func's argument attributes on the llvm.func's parameters, as
    upstream: kept where an argument maps to one parameter, dropped (empty
    dictionaries) where it expands to several; result attributes only for
    a single result."""
    out: dict[str, A.Attribute] = {}
    arg_attrs = op.get_attr("arg_attrs")
    if isinstance(arg_attrs, A.ArrayAttr):
        dicts: list[A.Attribute] = []
        for d, parts in zip(arg_attrs.elements, expanded, strict=False):
            dicts.extend([d] if len(parts) == 1 else [A.DictionaryAttr.from_dict({})] * len(parts))
        if any(isinstance(d, A.DictionaryAttr) and d.items for d in dicts):
            out["arg_attrs"] = A.ArrayAttr(tuple(dicts))
    res_attrs = op.get_attr("res_attrs")
    if isinstance(res_attrs, A.ArrayAttr) and n_results == 1:
        if any(isinstance(d, A.DictionaryAttr) and d.items for d in res_attrs.elements):
            out["res_attrs"] = res_attrs
    return out


def _llvm_func(
    b: Builder, name: str, ftype: LLVMFunctionType, loc, attrs: dict | None = None, body: Region | None = None
) -> Operation:
    props = {"sym_name": A.StringAttr(name), "function_type": A.TypeAttr(ftype)}
    return b.create(llvm.LLVMFuncOp, properties=props, attributes=attrs or None, regions=[body or Region()], loc=loc)


def expand_value(b: Builder, v: Value, orig: T.Type, conv: LLVMTypeConverter, bare_ptr: bool) -> list[Value]:
    """A converted value as the list of call arguments it expands to."""
    if isinstance(orig, T.MemRefType):
        d = MemRefDescriptor(v)
        if bare_ptr:
            return [d.aligned(b)]
        parts = [d.allocated(b), d.aligned(b), d.offset(b)]
        parts += [d.size(b, i) for i in range(orig.rank)]
        parts += [d.stride(b, i) for i in range(orig.rank)]
        return parts
    if isinstance(orig, T.UnrankedMemRefType):
        st = T.of_kind(v.type, LLVMStructType)
        return [extract(b, v, st.fields[0], 0), extract(b, v, st.fields[1], 1)]
    return [v]


def pack_value(b: Builder, parts: list[Value], orig: T.Type, conv: LLVMTypeConverter, bare_ptr: bool) -> Value:
    """Rebuild a converted value from its expanded arguments."""
    if isinstance(orig, T.MemRefType):
        st = conv.memref_descriptor(orig)
        if bare_ptr:
            return _bare_descriptor(b, parts[0], orig, st)
        n = orig.rank
        return MemRefDescriptor.pack(b, st, parts[0], parts[1], parts[2], parts[3 : 3 + n], parts[3 + n :]).value
    if isinstance(orig, T.UnrankedMemRefType):
        st = T.of_kind(conv.convert(orig), LLVMStructType)
        v = poison(b, st)
        v = insert(b, v, parts[0], 0)
        return insert(b, v, parts[1], 1)
    return parts[0]


def _bare_descriptor(b: Builder, ptr: Value, t: T.MemRefType, st: LLVMStructType) -> Value:
    """The descriptor of a bare pointer to a static memref, each constant
    right before its insertion (upstream's fromStaticShape)."""
    if not t.has_static_shape:
        raise DiagnosticError("the bare-pointer calling convention needs static memref shapes", b.loc)
    so = strides_and_offset(t)
    assert so is not None, f"{t} has a static shape, so a strided layout"
    strides, offset = so
    idx = st.fields[2]
    d = insert(b, insert(b, poison(b, st), ptr, 0), ptr, 1)
    d = insert(b, d, constant(b, A.IntegerAttr(offset, T.index), idx), 2)
    for i, (size, stride) in enumerate(zip(t.shape, strides, strict=True)):
        d = insert(b, d, constant(b, A.IntegerAttr(size, T.index), idx), 3, i)
        d = insert(b, d, constant(b, A.IntegerAttr(stride, T.index), idx), 4, i)
    return d


def _struct_results(b: Builder, values: list[Value], rtype: T.Type) -> Value:
    acc = poison(b, rtype)
    for i, v in enumerate(values):
        acc = insert(b, acc, v, i)
    return acc


class _FuncConversion:
    def __init__(self, rw: LLVMRewriter, bare_ptr: bool, c_wrappers: bool):
        self.rw = rw
        self.conv = rw.converter
        self.bare = bare_ptr
        self.c_wrappers = c_wrappers

    def func(self, op: Operation) -> None:
        ft = T.of_kind(op.prop("function_type", A.TypeAttr).value, T.FunctionType)
        name = op.prop("sym_name", A.StringAttr).value
        try:
            lft, expanded = self.conv.function_type(ft, self.bare)
        except ValueError as e:
            raise DiagnosticError(f"cannot lower function '@{name}' to the LLVM dialect: {e}", op.loc) from None
        attrs = {k: v for k, v in list(op.props.items()) + list(op.attributes.items()) if k not in _DROPPED}
        b = Builder.before(op)
        body = Region()
        for blk in list(op.regions[0].blocks):
            op.regions[0].blocks.remove(blk)
            body.add_block(blk)
        new = _llvm_func(b, name, lft, op.loc, attrs, body)
        new.props.update(_converted_arg_res_attrs(op, expanded, len(ft.results)))
        if body.blocks:
            self._convert_entry(body.blocks[0], ft, expanded)
        wants_c = self.c_wrappers or op.get_attr(C_INTERFACE) is not None
        if wants_c:
            if body.blocks:
                self._c_wrapper_for_definition(new, name, ft, lft)
            else:
                self._c_wrapper_for_declaration(new, name, ft, lft)
        op.erase()

    def _convert_entry(self, entry: Block, ft: T.FunctionType, expanded: list[list[T.Type]]) -> None:
        old_args = list(entry.arguments)
        new_args: list[list[Value]] = []
        for parts in expanded:
            new_args.append([entry.add_argument(t) for t in parts])
        for a, arg_parts, t in zip(old_args, new_args, ft.inputs, strict=True):
            if not a.uses:
                continue  # upstream materializes an argument only for its uses
            # Each argument's materialization goes first in the block (so
            # the later arguments' come first, as upstream's).
            b = Builder(entry, entry.first_op)
            v = pack_value(b, arg_parts, t, self.conv, self.bare)
            a.replace_all_uses_with(unrealized_cast(b, v, t))
        for _ in old_args:
            entry.erase_argument(0)
        for a in entry.arguments:
            a.loc = a.loc or None

    def _c_wrapper_for_definition(self, fn: Operation, name: str, ft: T.FunctionType, lft: LLVMFunctionType) -> None:
        """``_mlir_ciface_<name>(descriptor pointers...)`` calling ``name``."""
        wrapper_args, result_via_ptr = self._c_signature(ft)
        ret = VOID if result_via_ptr else lft.return_type
        wft = LLVMFunctionType(ret, tuple(wrapper_args), False)
        body = Region()
        entry = body.add_block()
        args = [entry.add_argument(t) for t in wrapper_args]
        b = Builder.at_end(entry, fn.loc)
        it = iter(args[1:] if result_via_ptr else args)
        call_args: list[Value] = []
        for t in ft.inputs:
            a = next(it)
            if isinstance(t, (T.MemRefType, T.UnrankedMemRefType)):
                desc = b.create(llvm.LoadOp, [a], [T.of_kind(self.conv.convert(t), LLVMStructType)]).results[0]
                call_args += expand_value(b, desc, t, self.conv, False if not self.bare else True)
            else:
                call_args.append(a)
        c = call(b, name, call_args, lft.return_type)
        if result_via_ptr:
            b.create(llvm.StoreOp, [c.results[0], args[0]])
            b.create(llvm.ReturnOp, [])
        else:
            b.create(llvm.ReturnOp, list(c.results))
        Builder.after(fn).create(
            llvm.LLVMFuncOp,
            properties={"sym_name": A.StringAttr(f"_mlir_ciface_{name}"), "function_type": A.TypeAttr(wft)},
            attributes={C_INTERFACE: A.UNIT},
            regions=[body],
            loc=fn.loc,
        )

    def _c_wrapper_for_declaration(self, fn: Operation, name: str, ft: T.FunctionType, lft: LLVMFunctionType) -> None:
        """Give the declaration a body that stores memref descriptors on the
        stack and calls the external ``_mlir_ciface_<name>``."""
        wrapper_args, result_via_ptr = self._c_signature(ft)
        ret = VOID if result_via_ptr else lft.return_type
        wft = LLVMFunctionType(ret, tuple(wrapper_args), False)
        Builder.after(fn).create(
            llvm.LLVMFuncOp,
            properties={"sym_name": A.StringAttr(f"_mlir_ciface_{name}"), "function_type": A.TypeAttr(wft)},
            regions=[Region()],
            loc=fn.loc,
        )
        entry = fn.regions[0].add_block()
        _, expanded = self.conv.function_type(ft, self.bare)
        parts: list[list[Value]] = [[entry.add_argument(t) for t in ex] for ex in expanded]
        b = Builder.at_end(entry, fn.loc)
        one = const_i64(b, 1)
        call_args: list[Value] = []
        res_ptr = None
        if result_via_ptr:
            res_ptr = b.create(
                llvm.AllocaOp, [one], [PTR], properties={"elem_type": A.TypeAttr(lft.return_type)}
            ).results[0]
            call_args.append(res_ptr)
        for t, ps in zip(ft.inputs, parts, strict=True):
            if isinstance(t, (T.MemRefType, T.UnrankedMemRefType)):
                st = T.of_kind(self.conv.convert(t), LLVMStructType)
                v = pack_value(b, ps, t, self.conv, self.bare)
                slot = b.create(llvm.AllocaOp, [one], [PTR], properties={"elem_type": A.TypeAttr(st)}).results[0]
                b.create(llvm.StoreOp, [v, slot])
                call_args.append(slot)
            else:
                call_args.append(ps[0])
        c = call(b, f"_mlir_ciface_{name}", call_args, ret)
        if res_ptr is not None:
            b.create(llvm.ReturnOp, [b.create(llvm.LoadOp, [res_ptr], [lft.return_type]).results[0]])
        else:
            b.create(llvm.ReturnOp, list(c.results))

    def _c_signature(self, ft: T.FunctionType) -> tuple[list[T.Type], bool]:
        """Wrapper arguments (memrefs by pointer) and whether the result is
        returned through a leading pointer (memref or packed results)."""
        args: list[T.Type] = []
        result_via_ptr = len(ft.results) > 1 or any(
            isinstance(r, (T.MemRefType, T.UnrankedMemRefType)) for r in ft.results
        )
        if result_via_ptr:
            args.append(PTR)
        for t in ft.inputs:
            if isinstance(t, (T.MemRefType, T.UnrankedMemRefType)):
                args.append(PTR)
            else:
                args.append(self.rw.convert_type(t))
        return args, result_via_ptr

    def ret(self, op: Operation) -> None:
        b = Builder.before(op)
        vals = self.rw.operands(op)
        fn = op.parent_op
        if len(vals) > 1:
            assert fn is not None, "func.return is in a function"
            # An llvm.func already (converted first).
            ft = T.of_kind(fn.prop("function_type", A.TypeAttr).value, LLVMFunctionType)
            vals = [_struct_results(b, vals, ft.return_type)]
        b.create(llvm.ReturnOp, vals)
        op.erase()

    def call(self, op: Operation) -> None:
        b = Builder.before(op)
        args: list[Value] = []
        for v in op.operands:
            args += expand_value(b, self.rw.operand(op, v), v.type, self.conv, self.bare)
        rtype = self.conv.packed_results(op.result_types)
        c = call(b, op.prop("callee", A.SymbolRefAttr).root, args, rtype)
        if len(op.results) > 1:
            fields = T.of_kind(rtype, LLVMStructType).fields
            res = [extract(b, c.results[0], fields[i], i) for i in range(len(op.results))]
        else:
            res = list(c.results)
        self.rw.replace(op, res)

    def constant(self, op: Operation) -> None:
        """``func.constant @f`` -> ``llvm.mlir.addressof @f``: a function
        value is its address, as upstream lowers it."""
        b = self.rw.builder(op)
        addr = b.create(llvm.AddressOfOp, [], [PTR], properties={"global_name": op.props["value"]})
        self.rw.replace(op, [addr.results[0]])


def _call_indirect(op: Operation, rw: LLVMRewriter) -> None:
    raise DiagnosticError(f"'{op.name}' is not lowered to the LLVM dialect yet", op.loc)


def convert_func_to_llvm(
    root: Operation, converter: LLVMTypeConverter | None = None, bare_ptr: bool = False, c_wrappers: bool = False
) -> None:
    """Like upstream's pass, this also applies the arith and cf patterns
    (branches must follow the converted block signatures). The functions
    are converted first: a return packs its values for the llvm.func
    holding it."""
    converter = converter or LLVMTypeConverter()
    rw = LLVMRewriter(converter)
    fc = _FuncConversion(rw, bare_ptr, c_wrappers)
    apply_conversion(root, PatternSet.from_table({func.FuncOp: lambda op, rw: fc.func(op)}), rw)
    body_patterns: dict[OpClass, Callable] = {
        func.ReturnOp: lambda op, rw: fc.ret(op),
        func.CallOp: lambda op, rw: fc.call(op),
        func.ConstantOp: lambda op, rw: fc.constant(op),
        func.CallIndirectOp: _call_indirect,
    }
    apply_conversion(root, PatternSet.from_table(body_patterns), rw)
    convert_arith_to_llvm(root, converter)
    convert_cf_to_llvm(root, converter)


@register_pass
@dataclass(frozen=True)
class ConvertFuncToLLVM(ModulePass):
    name: ClassVar[str] = "convert-func-to-llvm"
    anchor: ClassVar[str] = MODULE  # as upstream: it rewrites the func.func ops themselves
    summary: ClassVar[str] = "Convert func ops to the LLVM dialect (seed 002 calling convention)"
    use_bare_ptr_memref_call_conv: bool = False
    index_bitwidth: int = 64
    use_c_wrappers: bool = False

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_func_to_llvm(
            op, LLVMTypeConverter(self.index_bitwidth), self.use_bare_ptr_memref_call_conv, self.use_c_wrappers
        )
