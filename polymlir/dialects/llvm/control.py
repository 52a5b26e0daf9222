"""LLVM dialect terminators: ``br``, ``cond_br``, ``switch``, ``return``,
``resume``, ``unreachable`` (Python API: see ``ops.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.core import Block, Value
from ...ir.fields import (
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    segment_sizes_attr,
    successor_def,
    var_operand_def,
    var_successor_def,
)
from ...ir.registry import register_op
from ...ir.traits import CONSTANT_LIKE, PURE, RETURN_LIKE, TERMINATOR
from .ops import LLVM_TYPE, SIGNLESS_INT, LLVMOp
from .symbols import LLVMFuncOp
from .types import LLVMVoidType

# -- terminators -----------------------------------------------------------------------------


def verify_successor_operands(op, groups: Sequence[tuple[Block, Sequence[Value]]]) -> None:
    """Operands forwarded to each successor match its block arguments."""
    for i, (b, vals) in enumerate(groups):
        if len(vals) != len(b.arguments):
            raise op.op_error(
                f"branch has {len(vals)} operands for successor #{i}, but target block has {len(b.arguments)}"
            )
        for j, (v, a) in enumerate(zip(vals, b.arguments, strict=True)):
            if v.type != a.type:
                raise op.op_error(f"type mismatch for bb argument #{j} of successor #{i}")


@register_op
class BrOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.br"
    traits = frozenset({TERMINATOR, PURE})
    destOperands = var_operand_def(LLVM_TYPE)
    loop_annotation = prop_def(C.AnyAttr, optional=True)
    dest = successor_def()
    assembly_format = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict"

    def verify_(self) -> None:
        verify_successor_operands(self, [(self.successors[0], self.operands)])

    @classmethod
    def build(cls, dest: Block, args: Sequence[Value] = ()) -> BrOp:
        return cls.create(operands=list(args), successors=[dest])


@register_op
class CondBrOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.cond_br"
    traits = frozenset({TERMINATOR, PURE})
    condition = operand_def(C.I1)
    trueDestOperands = var_operand_def(LLVM_TYPE)
    falseDestOperands = var_operand_def(LLVM_TYPE)
    branch_weights = prop_def(C.DenseI32ArrayAttr, optional=True)
    loop_annotation = prop_def(C.AnyAttr, optional=True)
    trueDest = successor_def()
    falseDest = successor_def()
    assembly_format = (
        "$condition ( `weights` `(` $branch_weights^ `)` )? `,` "
        "$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` "
        "$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict"
    )

    def verify_(self) -> None:
        verify_successor_operands(
            self, [(self.successors[0], self.trueDestOperands), (self.successors[1], self.falseDestOperands)]
        )
        bw = self.opt_prop("branch_weights", A.DenseArrayAttr)
        if bw is not None and len(bw.values) != 2:
            raise self.op_error(
                f"expects number of branch weights to match number of successors: {len(bw.values)} vs 2"
            )

    @classmethod
    def build(
        cls,
        cond: Value,
        true_dest: Block,
        true_args: Sequence[Value],
        false_dest: Block,
        false_args: Sequence[Value] = (),
        weights: tuple[int, int] | None = None,
    ) -> CondBrOp:

        props: dict = {"operandSegmentSizes": segment_sizes_attr([1, len(true_args), len(false_args)])}
        if weights is not None:
            props["branch_weights"] = A.DenseArrayAttr(T.i32, tuple(weights))
        return cls.create(
            operands=[cond, *true_args, *false_args], successors=[true_dest, false_dest], properties=props
        )


@register_op
class ReturnOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.return"
    traits = frozenset({TERMINATOR, PURE, RETURN_LIKE})
    arg = opt_operand_def(LLVM_TYPE)
    assembly_format = "attr-dict ($arg^ `:` type($arg))?"

    def verify_(self) -> None:

        fn = self.parent_op
        while fn is not None and not isinstance(fn, LLVMFuncOp):
            fn = fn.parent_op
        if fn is None:
            return
        rt = fn.type.return_type

        err = None
        if isinstance(rt, LLVMVoidType):
            if self.operands:
                err = "expected no operands"
        elif not self.operands:
            err = "expected 1 operand"
        elif self.operands[0].type != rt:
            err = "mismatching result types"
        if err is not None:
            raise self.op_error(err).attach_note("when returning from function", fn.loc)

    @classmethod
    def build(cls, value: Value | None = None) -> ReturnOp:
        return cls.create(operands=[] if value is None else [value])


@register_op
class ResumeOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.resume"
    traits = frozenset({TERMINATOR})
    value = operand_def(LLVM_TYPE)
    assembly_format = "$value attr-dict `:` type($value)"


@register_op
class UnreachableOp(LLVMOp):
    __slots__ = ()
    OP_NAME = "llvm.unreachable"
    traits = frozenset({TERMINATOR})
    assembly_format = "attr-dict"


@register_op
class SwitchOp(LLVMOp):
    """``llvm.switch %v : i32, ^default [ 1: ^bb1(%x : i32), ... ]``."""

    __slots__ = ()
    OP_NAME = "llvm.switch"
    traits = frozenset({TERMINATOR, PURE})
    value = operand_def(SIGNLESS_INT)
    defaultOperands = var_operand_def()
    caseOperands = var_operand_def()
    case_values = prop_def(C.ElementsAttr, optional=True)
    case_operand_segments = prop_def(C.DenseI32ArrayAttr)
    branch_weights = prop_def(C.DenseI32ArrayAttr, optional=True)
    defaultDestination = successor_def()
    caseDestinations = var_successor_def()

    @classmethod
    def parse(cls, p, state) -> None:

        vref = p.parse_operand()
        p.expect(":", "expected ':'")
        vt = p.parse_type()
        p.expect(",", "expected ','")
        dflt = p.parse_successor()
        dvals = _parse_successor_args(p)
        p.expect("[", "expected '['")
        values: list[int] = []
        dests: list = []
        cvals: list = []
        if not p.accept("]"):
            while True:
                values.append(p.parse_integer())
                p.expect(":", "expected ':'")
                dests.append(p.parse_successor())
                cvals.append(_parse_successor_args(p))
                if not p.accept(","):
                    break
            p.expect("]", "expected ']'")
        attrs = p.parse_optional_attr_dict()
        pn = cls.property_names()
        for k, v in attrs.items():
            (state.properties if k in pn else state.attributes)[k] = v
        state.operands = [p.resolve_operand(vref, vt), *dvals, *[v for g in cvals for v in g]]
        state.successors = [dflt, *dests]
        if values:
            state.properties["case_values"] = A.DenseElementsAttr(T.VectorType((len(values),), vt), tuple(values))
        state.properties["case_operand_segments"] = A.DenseArrayAttr(T.i32, tuple(len(g) for g in cvals))
        state.properties["operandSegmentSizes"] = segment_sizes_attr([1, len(dvals), sum(len(g) for g in cvals)])

    def print_custom(self, p) -> None:
        p.write(f" {p.value_name(self.operands[0])} : {p.type(self.operands[0].type)}, ")
        p.print_successor_with_operands(self.successors[0], self.defaultOperands)
        p.write(" [\n")
        groups = self.case_groups()
        vals = self.props.get("case_values")
        flat = vals.flat() if isinstance(vals, A.DenseElementsAttr) else None
        ind = p.indent
        lines = []
        for i, (b, ops) in enumerate(zip(self.successors[1:], groups, strict=False)):
            v = flat[i] if flat is not None else i
            lines.append(f"{ind}  {v}: " + _successor_str(p, b, ops))
        p.write(",\n".join(lines) + ("\n" if lines else "") + ind + "]")
        attrs = {
            k: v
            for k, v in self.props.items()
            if k not in ("case_values", "case_operand_segments", "operandSegmentSizes")
        }
        attrs.update(self.attributes)
        p.print_optional_attr_dict(attrs)

    def print_custom_ok(self) -> bool:
        # The custom form lists case values one by one: dense ones only.
        vals = self.props.get("case_values")
        return vals is None or isinstance(vals, A.DenseElementsAttr)

    def case_groups(self) -> list[list[Value]]:
        segs = self.prop("case_operand_segments", A.DenseArrayAttr).values
        flat = self.caseOperands
        out, i = [], 0
        for n in segs:
            out.append(flat[i : i + n])
            i += n
        return out

    def verify_(self) -> None:
        vals = self.props.get("case_values")
        vt = (
            vals.type
            if isinstance(vals, (A.DenseElementsAttr, A.SparseElementsAttr, A.DenseResourceElementsAttr))
            else None
        )
        n = len(self.successors) - 1
        if (vt is None and n) or (vt is not None and vt.num_elements != n):
            raise self.op_error("expects number of case values to match number of case destinations")
        if vt is not None and vt.element_type != self.operands[0].type:
            raise self.emit_error("expects case value type to match condition value type")
        segs = self.prop("case_operand_segments", A.DenseArrayAttr).values
        if len(segs) != n or sum(segs) != len(self.caseOperands):
            raise self.op_error("'case_operand_segments' does not match the case operands")
        verify_successor_operands(
            self,
            [(self.successors[0], self.defaultOperands), *zip(self.successors[1:], self.case_groups(), strict=False)],
        )


def _parse_successor_args(p) -> list:
    if not p.accept("("):
        return []
    refs = p.parse_comma_list(p.parse_operand)
    p.expect(":", "expected ':'")
    types = p.parse_comma_list(p.parse_type)
    p.expect(")", "expected ')'")
    return p.resolve_operands(refs, types)


def _successor_str(p, b: Block, ops: Sequence[Value]) -> str:
    s = p.block_name(b)
    if ops:
        s += "(" + p.operands_str(ops) + " : " + ", ".join(p.type(v.type) for v in ops) + ")"
    return s


@register_op
class IndirectBrOp(LLVMOp):
    """``llvm.indirectbr %addr : !llvm.ptr, [ ^bb1(%x : i32), ^bb2 ]``."""

    __slots__ = ()
    OP_NAME = "llvm.indirectbr"
    traits = frozenset({TERMINATOR})
    addr = operand_def(C.TypeConstraint("LLVM pointer type", lambda t: type(t).__name__ == "LLVMPointerType"))
    succOperands = var_operand_def()
    indbr_operand_segments = prop_def(C.DenseI32ArrayAttr)
    successors = var_successor_def()

    @classmethod
    def parse(cls, p, state) -> None:
        ref = p.parse_operand()
        p.expect(":", "expected ':'")
        t = p.parse_type()
        p.expect(",", "expected ','")
        p.expect("[", "expected '['")
        groups: list = []
        if not p.accept("]"):
            while True:
                state.successors.append(p.parse_successor())
                groups.append(_parse_successor_args(p))
                if not p.accept(","):
                    break
            p.expect("]", "expected ']'")
        attrs = p.parse_optional_attr_dict()
        pn = cls.property_names()
        for k, v in attrs.items():
            (state.properties if k in pn else state.attributes)[k] = v
        state.operands = [p.resolve_operand(ref, t), *[v for g in groups for v in g]]
        state.properties["indbr_operand_segments"] = A.DenseArrayAttr(T.i32, tuple(len(g) for g in groups))

    def _groups(self) -> list[list[Value]]:
        out, i = [], 1
        for n in self.prop("indbr_operand_segments", A.DenseArrayAttr).values:
            out.append(self.operands[i : i + n])
            i += n
        return out

    def print_custom(self, p) -> None:
        ind = p.indent
        p.write(f" {p.value_name(self.operands[0])} : {p.type(self.operands[0].type)}, [\n")
        items = [ind + _successor_str(p, b, g) for b, g in zip(self.successors, self._groups(), strict=False)]
        p.write(",\n".join(items) + ("\n" if items else "") + ind + "]")
        attrs = {k: v for k, v in self.props.items() if k != "indbr_operand_segments"}
        attrs.update(self.attributes)
        p.print_optional_attr_dict(attrs)

    def verify_(self) -> None:
        segs = self.prop("indbr_operand_segments", A.DenseArrayAttr).values
        if len(segs) != len(self.successors) or sum(segs) != len(self.operands) - 1:
            raise self.op_error("'indbr_operand_segments' does not match the successors and their operands")
        verify_successor_operands(self, list(zip(self.successors, self._groups(), strict=True)))


@register_op
class BlockAddressOp(LLVMOp):
    """``llvm.blockaddress <function = @f, tag = <id = 1>> : !llvm.ptr``."""

    __slots__ = ()
    OP_NAME = "llvm.blockaddress"
    traits = frozenset({PURE, CONSTANT_LIKE})
    block_addr = prop_def(C.dialect_attr("llvm.blockaddress"))
    res = result_def(C.TypeConstraint("LLVM pointer type", lambda t: type(t).__name__ == "LLVMPointerType"))
    assembly_format = "$block_addr attr-dict `:` qualified(type($res))"


@register_op
class BlockTagOp(LLVMOp):
    """``llvm.blocktag <id = 1>``: marks its block as a blockaddress target."""

    __slots__ = ()
    OP_NAME = "llvm.blocktag"
    tag = prop_def(C.dialect_attr("llvm.blocktag"))
    assembly_format = "$tag attr-dict"
