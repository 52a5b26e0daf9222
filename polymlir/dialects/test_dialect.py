"""The ops of upstream's test dialect that its regression tests write in
custom syntax. The ``test`` dialect accepts any other op in generic form,
as mlir-opt's does; ``test.affine_scope`` is an affine scope (its region's
top-level values are valid symbols), whose body ends with any op."""

from __future__ import annotations

from ..ir.fields import region_def
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.traits import AFFINE_SCOPE


@register_op
class AffineScopeOp(OpDef):
    """``test.affine_scope { ... }``."""

    __slots__ = ()
    OP_NAME = "test.affine_scope"
    traits = frozenset({AFFINE_SCOPE})
    region = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        state.attributes.update(p.parse_optional_attr_dict_with_keyword())
        state.regions.append(p.parse_region())

    def print_custom(self, p) -> None:
        p.print_optional_attr_dict_with_keyword(dict(self.attributes))
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=True)
