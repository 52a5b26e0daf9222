"""The index dialect's constant and integer arithmetic on ``index`` values
(``index.constant 1``, ``index.add %a, %b``), printed as mlir-opt prints
them. polymlir does not lower these ops; they parse, verify and print, and
are pure, so the loop analyses see through them as they see through
``arith``."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import constraints as C
from ..ir import types as T
from ..ir.fields import operand_def, prop_def, result_def
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.traits import COMMUTATIVE, CONSTANT_LIKE, PURE


@register_op
class ConstantOp(OpDef):
    """An index constant: ``%idx1 = index.constant 1``."""

    __slots__ = ()
    OP_NAME = "index.constant"
    traits = frozenset({PURE, CONSTANT_LIKE})
    value = prop_def(C.AnyAttr)
    result = result_def(C.Index)

    def asm_result_names(self):
        v = self.value
        return [f"idx{v.value}" if isinstance(v, A.IntegerAttr) else None]

    @classmethod
    def parse(cls, p, state) -> None:
        state.properties["value"] = A.IntegerAttr(p.parse_integer(), T.index)
        state.attributes.update(p.parse_optional_attr_dict())
        state.result_types = [T.index]

    def print_custom(self, p) -> None:
        v = self.value
        p.write(f" {v.value if isinstance(v, A.IntegerAttr) else p.attr(v)}")
        p.print_optional_attr_dict(dict(self.attributes))

    def verify_(self) -> None:
        if not isinstance(self.value, A.IntegerAttr):
            raise self.op_error("attribute 'value' must be an integer")


class _BinaryOp(OpDef):
    __slots__ = ()
    traits = frozenset({PURE})
    lhs = operand_def(C.Index)
    rhs = operand_def(C.Index)
    result = result_def(C.Index)
    assembly_format = "$lhs `,` $rhs attr-dict"


_COMMUTATIVE = ("add", "mul", "maxs", "maxu", "mins", "minu", "and", "or", "xor")
# Division and remainder are pure but not speculatable (a zero divisor).
for _name in (
    "add",
    "sub",
    "mul",
    "divs",
    "divu",
    "ceildivs",
    "ceildivu",
    "floordivs",
    "rems",
    "remu",
    "maxs",
    "maxu",
    "mins",
    "minu",
    "shl",
    "shrs",
    "shru",
    "and",
    "or",
    "xor",
):
    _traits = _BinaryOp.traits | ({COMMUTATIVE} if _name in _COMMUTATIVE else set())
    register_op(
        type(
            f"{_name.title()}Op",
            (_BinaryOp,),
            {"__slots__": (), "OP_NAME": f"index.{_name}", "traits": frozenset(_traits)},
        )
    )
