"""The memref dialect's globals: memref.global and memref.get_global."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.constraints import AttrConstraint
from ...ir.fields import prop_def, result_def
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.symbol_table import lookup_nearest
from ...ir.traits import PURE, SYMBOL, SYMBOL_USER_OP_INTERFACE
from .ops import AlignmentAttr, StaticShapeMemRef, q


def _elements_attr(
    a: A.Attribute,
) -> TypeGuard[A.DenseElementsAttr | A.SparseElementsAttr | A.DenseResourceElementsAttr]:
    return isinstance(a, (A.DenseElementsAttr, A.SparseElementsAttr, A.DenseResourceElementsAttr))


def _tensor_of(t: T.MemRefType) -> T.RankedTensorType:
    return T.RankedTensorType(t.shape, t.element_type)


@register_op
class GlobalOp(OpDef):
    """``memref.global "private" constant @x : memref<2xf32> = dense<...>``"""

    __slots__ = ()
    OP_NAME = "memref.global"
    traits = frozenset({SYMBOL})
    sym_name = prop_def(C.SymbolNameAttr)
    sym_visibility = prop_def(C.StrAttr, optional=True)
    type = prop_def(
        AttrConstraint(
            "memref type attribute", lambda a: isinstance(a, A.TypeAttr) and isinstance(a.value, T.MemRefType)
        )
    )
    initial_value = prop_def(optional=True)
    constant = prop_def(C.UnitAttr, optional=True)
    alignment = prop_def(AlignmentAttr, optional=True)

    @classmethod
    def parse(cls, p, state) -> None:
        props = state.properties
        if p.kind == "string":
            props["sym_visibility"] = A.StringAttr(p.parse_string())
        if p.accept_keyword("constant"):
            props["constant"] = A.UNIT
        if p.kind != "@":
            p.error("custom op 'memref.global' expected valid '@'-identifier for symbol name")
        props["sym_name"] = A.StringAttr(p.parse_symbol_name())
        p.expect(":", "expected ':'")
        ty = p.parse_type()
        if not isinstance(ty, T.MemRefType) or not ty.has_static_shape:
            p.error(f"custom op 'memref.global' type should be static shaped memref, but got {q(ty)}", state.pos)
        props["type"] = A.TypeAttr(ty)
        if p.accept("="):
            if p.accept_keyword("uninitialized"):
                props["initial_value"] = A.UNIT
            else:
                init = p.parse_attribute(_tensor_of(ty))
                if not _elements_attr(init):
                    p.error("custom op 'memref.global' initial value should be a unit or elements attribute", state.pos)
                props["initial_value"] = init
        for k, v in p.parse_optional_attr_dict().items():
            (props if k in cls.PROPERTIES else state.attributes)[k] = v

    def print_custom(self, p) -> None:
        props = self.props
        s = ""
        vis = props.get("sym_visibility")
        if vis is not None:
            s += " " + vis.print(p)
        if props.get("constant") is not None:
            s += " constant"
        s += " " + A.SymbolRefAttr(self.prop("sym_name", A.StringAttr).value).print(p)
        ty = self.prop("type", A.TypeAttr)
        s += " : " + p.type(ty.value)
        init = props.get("initial_value")
        if init is not None:
            if isinstance(init, A.UnitAttr):
                s += " = uninitialized"
            else:
                text = p.attr(init)
                suffix = " : " + p.type(init.type) if hasattr(init, "type") else ""
                if suffix and text.endswith(suffix):
                    text = text[: -len(suffix)]
                s += " = " + text
        p.write(s)
        shown = ("sym_name", "sym_visibility", "type", "initial_value", "constant")
        extra = {k: v for k, v in props.items() if k not in shown}
        extra.update(self.attributes)
        p.print_optional_attr_dict(extra)

    def verify_(self) -> None:
        vis = self.props.get("sym_visibility")
        if isinstance(vis, A.StringAttr) and vis.value not in ("public", "private", "nested"):
            raise self.op_error(
                f'visibility expected to be one of ["public", "private", "nested"], but got "{vis.value}"'
            )
        t = self.prop("type", A.TypeAttr).value
        if not isinstance(t, T.MemRefType) or not t.has_static_shape:
            raise self.op_error(f"type should be static shaped memref, but got {q(t)}")
        init = self.props.get("initial_value")
        if init is None or isinstance(init, A.UnitAttr):
            return
        if not _elements_attr(init):
            raise self.op_error(f"initial value should be a unit or elements attribute, but got {init}")
        it = init.type
        if it.element_type != t.element_type:
            raise self.op_error(
                f"initial value element expected to be of type {q(t.element_type)}, but was of "
                f"type {q(it.element_type)}"
            )
        if tuple(it.shape) != tuple(t.shape):
            raise self.op_error(f"initial value shape expected to be {list(t.shape)} but was {list(it.shape)}")

    @property
    def memref_type(self) -> T.MemRefType:
        return T.of_kind(self.prop("type", A.TypeAttr).value, T.MemRefType)


@register_op
class GetGlobalOp(OpDef):
    """The memref of a ``memref.global``."""

    __slots__ = ()
    OP_NAME = "memref.get_global"
    traits = frozenset({PURE, SYMBOL_USER_OP_INTERFACE})
    if not TYPE_CHECKING:  # named like an Operation member (op.name stays Operation's): op.f.name
        name = prop_def(C.FlatSymbolRefAttr)
    result = result_def(StaticShapeMemRef)
    assembly_format = "$name `:` type($result) attr-dict"

    def verify_(self) -> None:
        ref = self.prop("name", A.SymbolRefAttr)
        g = lookup_nearest(self, ref)
        if not isinstance(g, GlobalOp):
            raise self.op_error(f"'{ref.root}' does not reference a valid global memref")
        rt = self.results[0].type
        gt = g.memref_type
        if gt != rt:
            raise self.op_error(f"result type {q(rt)} does not match type {q(gt)} of the global memref @{ref.root}")
