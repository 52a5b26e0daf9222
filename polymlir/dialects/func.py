"""The func dialect: func, call, call_indirect, return, constant."""

from __future__ import annotations

from typing import cast

from ..ir import attributes as A
from ..ir import constraints as C
from ..ir import types as T
from ..ir.fields import operand_def, prop_def, region_def, var_operand_def, var_result_def
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.symbol_table import lookup_nearest
from ..ir.traits import (
    AFFINE_SCOPE,
    AUTOMATIC_ALLOCATION_SCOPE,
    CALL_OP_INTERFACE,
    CONSTANT_LIKE,
    FUNCTION_OP_INTERFACE,
    ISOLATED_FROM_ABOVE,
    PURE,
    RETURN_LIKE,
    SYMBOL,
    TERMINATOR,
    has_parent,
)
from .function_like import parse_function_like, print_function_like


@register_op
class FuncOp(OpDef):
    """A function with a body region, or an external declaration."""

    __slots__ = ()
    OP_NAME = "func.func"
    traits = frozenset({ISOLATED_FROM_ABOVE, SYMBOL, AFFINE_SCOPE, FUNCTION_OP_INTERFACE, AUTOMATIC_ALLOCATION_SCOPE})
    default_dialect = "func"

    sym_name = prop_def(C.SymbolNameAttr)
    function_type = prop_def(C.FunctionTypeAttr)
    sym_visibility = prop_def(C.StrAttr, optional=True)
    arg_attrs = prop_def(C.DictArrayAttr, optional=True)
    res_attrs = prop_def(C.DictArrayAttr, optional=True)
    no_inline = prop_def(C.UnitAttr, optional=True)
    body = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        parse_function_like(p, state, allow_variadic=False)

    def print_custom(self, p) -> None:
        print_function_like(self, p)

    @property
    def type(self) -> T.FunctionType:
        t = self.function_type.value
        assert isinstance(t, T.FunctionType), "function_type is not a function type"  # FunctionTypeAttr's constraint
        return t

    @property
    def name_str(self) -> str:
        return self.sym_name.value

    @property
    def is_declaration(self) -> bool:
        return not self.regions[0].blocks

    def verify_(self) -> None:
        ft = self.type
        for attr_name, n, what in (("arg_attrs", len(ft.inputs), "argument"), ("res_attrs", len(ft.results), "result")):
            a = getattr(self, attr_name)
            if a is not None and len(a) != n:
                raise self.op_error(
                    f"expects {what} attribute array to have the same number of elements as the "
                    f"number of function {what}s, got {len(a)}, but expected {n}"
                )
            # As upstream's FunctionOpInterface: only dialect attributes
            # (a name with a dialect prefix) on arguments and results.
            if a is not None and any(
                "." not in name for d in a if isinstance(d, A.DictionaryAttr) for name, _ in d.items
            ):
                raise self.op_error(f"{what}s may only have dialect attributes")
        if self.is_declaration:
            vis = self.sym_visibility
            if vis is None or vis.value == "public":
                raise self.op_error("symbol declaration cannot have public visibility")
            return
        entry = self.regions[0].blocks[0]
        if len(entry.arguments) != len(ft.inputs):
            raise self.op_error(f"entry block must have {len(ft.inputs)} arguments to match function signature")
        for i, (a, t) in enumerate(zip(entry.arguments, ft.inputs, strict=True)):
            if a.type != t:
                raise self.op_error(
                    f"type of entry block argument #{i}({a.type}) must match the type of the corresponding "
                    f"argument in function signature({t})"
                )


def _enclosing_func(op) -> FuncOp | None:
    p = op.parent_op
    return p if isinstance(p, FuncOp) else None


@register_op
class ReturnOp(OpDef):
    __slots__ = ()
    OP_NAME = "func.return"
    traits = frozenset({TERMINATOR, PURE, RETURN_LIKE, has_parent("func.func")})
    operands = var_operand_def()
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"

    def verify_(self) -> None:
        fn = cast(FuncOp, self.parent_op)  # the HasParent trait, verified before verify_
        results = fn.type.results
        ops = self.operands
        if len(ops) != len(results):
            raise self.op_error(
                f"has {len(ops)} operands, but enclosing function (@{fn.name_str}) returns {len(results)}"
            )
        for i, (v, t) in enumerate(zip(ops, results, strict=True)):
            if v.type != t:
                raise self.op_error(
                    f"type of return operand {i} ('{v.type}') doesn't match function result type ('{t}') "
                    f"in function @{fn.name_str}"
                )


@register_op
class CallOp(OpDef):
    __slots__ = ()
    OP_NAME = "func.call"
    traits = frozenset({CALL_OP_INTERFACE})
    callee = prop_def(C.FlatSymbolRefAttr)
    arg_attrs = prop_def(C.DictArrayAttr, optional=True)
    res_attrs = prop_def(C.DictArrayAttr, optional=True)
    no_inline = prop_def(C.UnitAttr, optional=True)
    operands = var_operand_def()
    results = var_result_def()
    assembly_format = "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)"

    def verify_(self) -> None:
        fn = lookup_nearest(self, self.callee)
        if fn is None:
            raise self.op_error(f"'{self.callee.root}' does not reference a valid function")
        if not isinstance(fn, FuncOp):
            raise self.op_error(f"'{self.callee.root}' does not reference a valid function")
        ft = fn.type
        if len(ft.inputs) != len(self.operands):
            raise self.op_error("incorrect number of operands for callee")
        for i, (v, t) in enumerate(zip(self.operands, ft.inputs, strict=True)):
            if v.type != t:
                raise self.op_error(
                    f"operand type mismatch: expected operand type {t}, but provided {v.type} for operand number {i}"
                )
        if len(ft.results) != len(self.results):
            raise self.op_error("incorrect number of results for callee")
        for i, (r, t) in enumerate(zip(self.results, ft.results, strict=True)):
            if r.type != t:
                raise self.op_error(f"result type mismatch at index {i}")


@register_op
class CallIndirectOp(OpDef):
    __slots__ = ()
    OP_NAME = "func.call_indirect"
    traits = frozenset({CALL_OP_INTERFACE})
    callee = operand_def(C.TypeConstraint("function type", lambda t: isinstance(t, T.FunctionType)))
    callee_operands = var_operand_def()
    results = var_result_def()
    arg_attrs = prop_def(C.DictArrayAttr, optional=True)
    res_attrs = prop_def(C.DictArrayAttr, optional=True)
    assembly_format = "$callee `(` $callee_operands `)` attr-dict `:` type($callee)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ft = ps.types.get("callee", [None])[0]
        if isinstance(ft, T.FunctionType):
            ps.types.setdefault("callee_operands", list(ft.inputs))
            ps.types.setdefault("results", list(ft.results))

    def verify_(self) -> None:
        ft = self.callee.type
        assert isinstance(ft, T.FunctionType)  # the callee's constraint, checked before verify_
        if [v.type for v in self.callee_operands] != list(ft.inputs):
            raise self.op_error("callee operands do not match the callee function type")
        if self.result_types != list(ft.results):
            raise self.op_error("result types do not match the callee function type")


@register_op
class ConstantOp(OpDef):
    __slots__ = ()
    OP_NAME = "func.constant"
    asm_result_name = "f"  # upstream's, whatever the function: `%f = constant @g`
    traits = frozenset({PURE, CONSTANT_LIKE})
    value = prop_def(C.FlatSymbolRefAttr)
    result = var_result_def()
    assembly_format = "attr-dict $value `:` type(results)"

    def verify_(self) -> None:
        fn = lookup_nearest(self, self.value)
        if fn is None:
            raise self.op_error(f"reference to undefined function '{self.value.root}'")
        if isinstance(fn, FuncOp) and self.result_types != [fn.type]:
            raise self.op_error("reference to function with mismatched type")
