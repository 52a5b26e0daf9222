"""The ops of upstream's test dialect that its regression tests use. The
``test`` dialect accepts any other op in generic form, as mlir-opt's does.

- ``test.affine_scope``: an affine scope (its region's top-level values are
  valid symbols), whose body ends with any op;
- ``test.graph_region``: a graph region (uses may precede definitions);
- ``test.cse_of_single_block_op`` (pure, one block ended by
  ``test.region_yield``), ``test.op_with_memread`` / ``test.op_with_memwrite``
  (a read / a write of any memory) and ``test.side_effect_op`` (the effects
  its ``effects`` attribute lists): what cse.mlir tests cse with.
"""

from __future__ import annotations

from ..ir import attributes as A
from ..ir.fields import operand_def, region_def, var_operand_def, var_result_def
from ..ir.interfaces import Effect, EffectKind, MemoryEffectsOp, read, write
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.traits import AFFINE_SCOPE, GRAPH_REGION, PURE, RETURN_LIKE, SINGLE_BLOCK, TERMINATOR


class _RegionOp(OpDef):
    """``op attributes { ... }``: an op with one region in custom form."""

    __slots__ = ()
    region = region_def()
    print_entry_args = True

    @classmethod
    def parse(cls, p, state) -> None:
        state.attributes.update(p.parse_optional_attr_dict_with_keyword())
        state.regions.append(p.parse_region())

    def print_custom(self, p) -> None:
        p.print_optional_attr_dict_with_keyword(dict(self.attributes))
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=self.print_entry_args, print_terminators=True)


@register_op
class AffineScopeOp(_RegionOp):
    """``test.affine_scope { ... }``."""

    __slots__ = ()
    OP_NAME = "test.affine_scope"
    traits = frozenset({AFFINE_SCOPE})
    print_entry_args = False


@register_op
class GraphRegionOp(_RegionOp):
    """``test.graph_region { ... }``: its region is a graph region."""

    __slots__ = ()
    OP_NAME = "test.graph_region"
    traits = frozenset({GRAPH_REGION})


@register_op
class RegionYieldOp(OpDef):
    """``test.region_yield %v : type``."""

    __slots__ = ()
    OP_NAME = "test.region_yield"
    traits = frozenset({PURE, TERMINATOR, RETURN_LIKE})
    result = operand_def()
    assembly_format = "$result `:` type($result) attr-dict"


@register_op
class CSEOfSingleBlockOp(OpDef):
    """``test.cse_of_single_block_op inputs(%a, ...) { ^bb0(...): ... } :
    input types -> result types``."""

    __slots__ = ()
    OP_NAME = "test.cse_of_single_block_op"
    traits = frozenset({PURE, SINGLE_BLOCK})
    inputs = var_operand_def()
    outputs = var_result_def()
    region = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        state.attributes.update(p.parse_optional_attr_dict())
        p.expect_keyword("inputs")
        refs = p.parse_operand_list("(")
        state.regions.append(p.parse_region())
        types = p.parse_colon_type_list()
        p.expect("->", "expected '->'")
        state.operands = p.resolve_operands(refs, types)
        state.result_types = p.parse_comma_list(p.parse_type)

    def print_custom(self, p) -> None:
        p.print_optional_attr_dict(dict(self.attributes))
        p.write(" inputs(")
        p.print_operands(self.operands)
        p.write(") ")
        p.print_region(self.regions[0], print_terminators=True)
        p.write(" : ")
        p.print_types(v.type for v in self.operands)
        p.write(" -> ")
        p.print_types(self.result_types)


@register_op
class OpWithMemReadOp(OpDef, MemoryEffectsOp):
    """``"test.op_with_memread"() : () -> T``: reads any memory."""

    __slots__ = ()
    OP_NAME = "test.op_with_memread"
    results = var_result_def()

    def memory_effects(self) -> list[Effect]:
        return [read()]


@register_op
class OpWithMemWriteOp(OpDef, MemoryEffectsOp):
    """``"test.op_with_memwrite"() : () -> ()``: writes any memory."""

    __slots__ = ()
    OP_NAME = "test.op_with_memwrite"
    results = var_result_def()

    def memory_effects(self) -> list[Effect]:
        return [write()]


_EFFECT_KINDS = {
    "read": EffectKind.READ,
    "write": EffectKind.WRITE,
    "allocate": EffectKind.ALLOC,
    "free": EffectKind.FREE,
}


@register_op
class SideEffectOp(OpDef, MemoryEffectsOp):
    """``"test.side_effect_op"() {effects = [{effect = "read", ...}, ...]}``:
    the effects listed, each on any memory (the resource named is not
    modelled)."""

    __slots__ = ()
    OP_NAME = "test.side_effect_op"
    results = var_result_def()

    def memory_effects(self) -> list[Effect]:
        listed = self.attributes.get("effects")
        out = []
        for d in listed.elements if isinstance(listed, A.ArrayAttr) else ():
            kind = dict(d.items).get("effect") if isinstance(d, A.DictionaryAttr) else None
            if isinstance(kind, A.StringAttr) and kind.value in _EFFECT_KINDS:
                out.append(Effect(_EFFECT_KINDS[kind.value]))
        return out
