"""The builtin dialect: ``builtin.module`` and
``builtin.unrealized_conversion_cast``."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.traits import (
    AFFINE_SCOPE,
    GRAPH_REGION,
    ISOLATED_FROM_ABOVE,
    NO_TERMINATOR,
    PURE,
    SINGLE_BLOCK,
    SYMBOL,
    SYMBOL_TABLE,
)


@register_op
class ModuleOp(OpDef):
    """A top-level container; its single block holds no terminator."""

    __slots__ = ()
    OP_NAME = "builtin.module"
    traits = frozenset(
        {ISOLATED_FROM_ABOVE, NO_TERMINATOR, SINGLE_BLOCK, SYMBOL_TABLE, SYMBOL, AFFINE_SCOPE, GRAPH_REGION}
    )
    PROPERTIES = ("sym_name", "sym_visibility")
    default_dialect = "builtin"

    @classmethod
    def parse(cls, p, state) -> None:
        if p.kind == "@":
            state.properties["sym_name"] = A.StringAttr(p.parse_symbol_name())
        state.attributes.update(p.parse_optional_attr_dict_with_keyword())
        for k in cls.PROPERTIES:
            if k in state.attributes:
                state.properties[k] = state.attributes.pop(k)
        region = p.parse_region(default_dialect="builtin", entry_args=[])
        state.regions.append(region)

    def print_custom(self, p) -> None:
        props = self.properties if isinstance(self.properties, dict) else {}
        name = props.get("sym_name")
        if isinstance(name, A.StringAttr):
            p.write(" " + A.SymbolRefAttr(name.value).print(p))
        vis = props.get("sym_visibility")
        attrs = dict(self.attributes)
        if vis is not None:
            attrs["sym_visibility"] = vis
        p.print_optional_attr_dict_with_keyword(attrs)
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=False)

    def verify_(self) -> None:
        if len(self.regions) != 1:
            raise self.emit_error("'builtin.module' op requires one region")
        r = self.regions[0]
        if len(r.blocks) > 1:
            raise self.emit_error("'builtin.module' op expects region #0 to have 0 or 1 blocks")
        if r.blocks and r.blocks[0].arguments:
            raise self.emit_error("'builtin.module' op expects body to have no arguments")
        for k in self.attributes:
            if "." not in k:
                raise self.emit_error(
                    f"'builtin.module' op can only contain attributes with dialect-prefixed names, found: '{k}'"
                )

    @property
    def body(self):
        return self.regions[0].block


@register_op
class UnrealizedConversionCastOp(OpDef):
    """A cast between type systems that a conversion has not resolved yet."""

    __slots__ = ()
    OP_NAME = "builtin.unrealized_conversion_cast"
    traits = frozenset({PURE})

    @classmethod
    def parse(cls, p, state) -> None:
        refs = p.parse_operand_list()
        in_types = p.parse_colon_type_list() if refs else []
        p.expect_keyword("to")
        state.result_types = p.parse_comma_list(p.parse_type)
        state.operands = p.resolve_operands(refs, in_types)
        state.attributes.update(p.parse_optional_attr_dict())

    def print_custom(self, p) -> None:
        if self.operands:
            p.write(" " + p.operands_str(self.operands) + " : ")
            p.print_types(v.type for v in self.operands)
        p.write(" to ")
        p.print_types(self.result_types)
        p.print_optional_attr_dict(self.attributes)
