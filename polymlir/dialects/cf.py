"""The cf dialect (unstructured control flow): br, cond_br, switch, assert.

``verify_successor_operands`` implements upstream's BranchOpInterface check
(operands forwarded to a successor match its block arguments) for any
branch-like op, e.g. the llvm dialect's branches.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ir import attributes as A
from ..ir import constraints as C
from ..ir import types as T
from ..ir.core import Operation, Value
from ..ir.fields import operand_def, prop_def, successor_def, var_operand_def, var_successor_def
from ..ir.interfaces import Effect, MemoryEffectsOp, write
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.traits import BRANCH_OP_INTERFACE, MEMORY_EFFECT_OP_INTERFACE, PURE, TERMINATOR, WEIGHTED_BRANCH_OP_INTERFACE

__all__ = ["AssertOp", "BranchOp", "CondBranchOp", "SwitchOp", "verify_branch_weights", "verify_successor_operands"]

_BRANCH_TRAITS = frozenset({PURE, TERMINATOR, BRANCH_OP_INTERFACE})
AnyInteger = C.TypeConstraint(
    "integer", lambda t: isinstance(t, T.IntegerType), kind=("builtin.integer", lambda t: isinstance(t, T.IntegerType))
)
IntElementsAttr = C.attr_of(
    A.DenseElementsAttr, "integer elements attribute", lambda a: isinstance(a.type.element_type, T.IntegerType)
)


def verify_successor_operands(op: Operation, succ_no: int, operands: Sequence[Value]) -> None:
    """The values ``op`` forwards to successor ``succ_no`` match its block
    arguments in number and type (upstream's messages, not op-prefixed)."""
    dest = op.successors[succ_no]
    args = dest.arguments
    if len(operands) != len(args):
        raise op.emit_error(
            f"branch has {len(operands)} operands for successor #{succ_no}, but target block has {len(args)}"
        )
    for i, (v, a) in enumerate(zip(operands, args, strict=True)):
        if v.type != a.type:
            raise op.emit_error(f"type mismatch for bb argument #{i} of successor #{succ_no}")


def verify_branch_weights(op: Operation, weights: A.Attribute | None) -> None:
    """WeightedBranchOpInterface: one weight per successor, not all zero."""
    if not isinstance(weights, A.DenseArrayAttr) or not weights.values:
        return
    n, want = len(weights.values), len(op.successors)
    if n != want:
        raise op.emit_error(f"expects number of branch weights to match number of successors: {n} vs {want}")
    if all(v == 0 for v in weights.values):
        raise op.emit_error("branch weights cannot all be zero")


@register_op
class AssertOp(OpDef, MemoryEffectsOp):
    """Aborts with ``msg`` at runtime unless ``arg`` is true (upstream
    declares a write of unknown memory, so it is never moved or erased)."""

    __slots__ = ()
    OP_NAME = "cf.assert"
    traits = frozenset({MEMORY_EFFECT_OP_INTERFACE})
    arg = operand_def(C.I1)
    msg = prop_def(C.StrAttr)
    assembly_format = "$arg `,` $msg attr-dict"

    def memory_effects(self) -> list[Effect]:
        return [write()]


@register_op
class BranchOp(OpDef):
    """Jumps to ``dest``, passing ``destOperands`` as its block arguments."""

    __slots__ = ()
    OP_NAME = "cf.br"
    traits = _BRANCH_TRAITS
    destOperands = var_operand_def()
    dest = successor_def()
    assembly_format = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict"

    def verify_(self) -> None:
        verify_successor_operands(self, 0, self.destOperands)


@register_op
class CondBranchOp(OpDef):
    """Jumps to ``trueDest`` if ``condition`` holds, else to ``falseDest``."""

    __slots__ = ()
    OP_NAME = "cf.cond_br"
    traits = _BRANCH_TRAITS | {WEIGHTED_BRANCH_OP_INTERFACE}
    condition = operand_def(C.I1)
    trueDestOperands = var_operand_def()
    falseDestOperands = var_operand_def()
    branch_weights = prop_def(C.DenseI32ArrayAttr, optional=True)
    trueDest = successor_def()
    falseDest = successor_def()
    assembly_format = (
        "$condition (`weights` `(` $branch_weights^ `)` )? `,` "
        "$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` "
        "$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict"
    )

    def verify_(self) -> None:
        verify_successor_operands(self, 0, self.trueDestOperands)
        verify_successor_operands(self, 1, self.falseDestOperands)
        verify_branch_weights(self, self.branch_weights)


def _signed(v: int, width: int) -> int:
    """``v`` truncated to ``width`` bits, as a signed value."""
    if width <= 0:
        return v
    v &= (1 << width) - 1
    return v - (1 << width) if width > 1 and v >> (width - 1) else v


@register_op
class SwitchOp(OpDef):
    """Jumps to the case destination whose value equals ``flag``, else to
    ``defaultDestination``; each destination gets its own operands."""

    __slots__ = ()
    OP_NAME = "cf.switch"
    traits = _BRANCH_TRAITS
    flag = operand_def(AnyInteger)
    defaultOperands = var_operand_def()
    caseOperands = var_operand_def()  # VariadicOfVariadic, split by case_operand_segments
    case_values = prop_def(IntElementsAttr, optional=True)
    case_operand_segments = prop_def(C.DenseI32ArrayAttr)
    defaultDestination = successor_def()
    caseDestinations = var_successor_def()
    assembly_format = (
        "$flag `:` type($flag) `,` `[` `\\n` custom<SwitchOpCases>(ref(type($flag)), "
        "$defaultDestination, $defaultOperands, type($defaultOperands), $case_values, "
        "$caseDestinations, $caseOperands, type($caseOperands)) `]` attr-dict"
    )

    @classmethod
    def parse_SwitchOpCases(cls, p, ps, *args: str) -> None:
        flag_t = (ps.types.get("flag") or [None])[0]

        def dest_and_operands() -> tuple:
            b = p.parse_successor()
            refs: list = []
            types: list[T.Type] = []
            if p.accept("("):
                refs = p.parse_comma_list(p.parse_operand)
                p.expect(":", "expected ':'")
                types = p.parse_comma_list(p.parse_type)
                p.expect(")", "expected ')'")
            return b, refs, types

        p.expect_keyword("default")
        p.expect(":", "expected ':'")
        b, refs, types = dest_and_operands()
        ps.successors["defaultDestination"] = [b]
        ps.operands["defaultOperands"] = refs
        ps.types["defaultOperands"] = types
        values: list[int] = []
        dests: list = []
        case_refs: list = []
        case_types: list[T.Type] = []
        sizes: list[int] = []
        width = flag_t.width if isinstance(flag_t, T.IntegerType) else 64
        while p.accept(","):
            values.append(_signed(p.parse_integer(), width))
            p.expect(":", "expected ':'")
            b, refs, types = dest_and_operands()
            if len(refs) != len(types):
                p.error(f"{len(refs)} operands present, but expected {len(types)}")
            dests.append(b)
            case_refs += refs
            case_types += types
            sizes.append(len(refs))
        ps.successors["caseDestinations"] = dests
        ps.operands["caseOperands"] = case_refs
        ps.types["caseOperands"] = case_types
        ps.props["case_operand_segments"] = A.DenseArrayAttr(T.i32, tuple(sizes))
        if values and flag_t is not None:
            ps.props["case_values"] = A.DenseElementsAttr(T.VectorType((len(values),), flag_t), tuple(values))

    def print_SwitchOpCases(self, p, *args: str) -> None:
        p.write("  default: ")
        p.print_successor_with_operands(self.defaultDestination, self.defaultOperands)
        cv = self.case_values
        if cv is None:
            return
        et = cv.type.element_type
        assert isinstance(et, T.IntegerType)  # the constraint holds on a verified op
        width = et.width
        vals = list(cv.values) * len(self.caseDestinations) if cv.splat else list(cv.values)
        for i, (v, b) in enumerate(zip(vals, self.caseDestinations, strict=False)):
            # Upstream prints APInt::getLimitedValue(): the unsigned value.
            u = v & ((1 << width) - 1) if v < 0 else v
            p.write(f",\n{p.indent}  {min(u, (1 << 64) - 1)}: ")
            p.print_successor_with_operands(b, self.case_operands(i))
        p.write("\n" + p.indent)

    def case_operands(self, i: int) -> list[Value]:
        """The operands forwarded to case destination ``i``."""
        segs = self.case_operand_segments
        sizes = list(segs.values) if segs is not None else []
        start = sum(sizes[:i])
        return self.caseOperands[start : start + (sizes[i] if i < len(sizes) else 0)]

    def print_custom_ok(self) -> bool:
        segs = self.case_operand_segments
        cv = self.case_values
        n = len(self.caseDestinations)
        return (
            segs is not None
            and len(segs.values) == n
            and sum(segs.values) == len(self.caseOperands)
            and (cv is None and n == 0 or cv is not None and (cv.splat or len(cv.values) == n))
        )

    def verify_(self) -> None:
        segs = self.case_operand_segments
        if sum(segs.values) != len(self.caseOperands):
            raise self.op_error(
                f"operand count ({len(self.caseOperands)}) does not match with the total size "
                f"({sum(segs.values)}) specified in attribute 'case_operand_segments'"
            )
        verify_successor_operands(self, 0, self.defaultOperands)
        for i in range(min(len(self.caseDestinations), len(segs.values))):
            verify_successor_operands(self, i + 1, self.case_operands(i))
        cv = self.case_values
        n_dest = len(self.caseDestinations)
        if cv is None:
            if n_dest:
                raise self.op_error(f"number of case values (0) should match number of case destinations ({n_dest})")
            return
        et = cv.type.element_type
        if et != self.flag.type:
            raise self.op_error(f"'flag' type ('{self.flag.type}') should match case value type ('{et}')")
        n_vals = cv.type.shape[0] if cv.type.shape else 1
        if n_vals != n_dest:
            raise self.op_error(f"number of case values ({n_vals}) should match number of case destinations ({n_dest})")


# The case operands' segment sizes are spelled by the case list, not the attr-dict.
assert SwitchOp._format is not None
SwitchOp._format.in_format.add("case_operand_segments")
