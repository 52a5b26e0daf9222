"""scf.parallel and its reduction ops scf.reduce and scf.reduce.return."""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.core import Value
from ...ir.fields import operand_def, region_def, var_operand_def, var_region_def, var_result_def
from ...ir.interfaces import AffineBound, LoopLikeOp
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    HAS_PARALLEL_REGION,
    PURE,
    RECURSIVE_MEMORY_EFFECTS,
    REGION_BRANCH_TERMINATOR,
    SINGLE_BLOCK,
    TERMINATOR,
    has_parent,
)
from .ops import (
    _LOOP_TRAITS,
    VarIndex,
    _custom_error,
    _optional_arrow_types,
    _parse_optional_arrow_types,
    _q,
    _split_attrs,
    _yielded,
    check_implicit_terminator,
    check_sized_regions,
    constant_int,
    ensure_terminator,
)


@register_op
class ParallelOp(OpDef, LoopLikeOp):
    """A parallel loop nest over index ranges; results are reductions of
    ``initVals`` by the ``scf.reduce`` terminator."""

    __slots__ = ()
    OP_NAME = "scf.parallel"
    traits = frozenset({SINGLE_BLOCK, HAS_PARALLEL_REGION}) | _LOOP_TRAITS
    implicit_terminator = "scf.reduce"
    lowerBound = var_operand_def(VarIndex)
    upperBound = var_operand_def(VarIndex)
    step = var_operand_def(VarIndex)
    initVals = var_operand_def(C.TypeConstraint("variadic of any type", lambda t: True))
    results = var_result_def()
    region = region_def()

    # LoopLikeOp
    def loop_ivs(self) -> list[Value]:
        return list(self.regions[0].blocks[0].arguments)

    def loop_lower_bounds(self) -> list[Value | int | AffineBound]:
        return list(self.lowerBound)

    def loop_upper_bounds(self) -> list[Value | int | AffineBound]:
        return list(self.upperBound)

    def loop_steps(self) -> list[Value | int]:
        return list(self.step)

    def loop_inits(self) -> list[Value]:
        return list(self.initVals)

    def loop_yielded(self) -> list[Value]:
        return _yielded(self.regions[0].blocks[0])

    def is_parallel_loop(self) -> bool:
        return True

    @classmethod
    def parse(cls, p, state) -> None:
        ivs: list = []
        p.expect("(", "expected '('")
        if not p.accept(")"):
            ivs = p.parse_comma_list(p.parse_operand)
            p.expect(")", "expected ')'")
        n = len(ivs)

        def bounds() -> list:
            pos = p.start
            refs = p.parse_operand_list("(")
            if len(refs) != n:
                _custom_error(p, state, f"expected {n} operands", pos)
            return [p.resolve_operand(r, T.index) for r in refs]

        p.expect("=", "expected '='")
        lbs = bounds()
        p.expect_keyword("to")
        ubs = bounds()
        p.expect_keyword("step")
        steps = bounds()
        inits: list = []
        if p.accept_keyword("init"):
            inits = p.parse_operand_list("(")
        state.result_types = _parse_optional_arrow_types(p)
        body = p.parse_region(entry_args=[(iv, T.index, None) for iv in ivs] or None)
        _split_attrs(state, p.parse_optional_attr_dict())
        if len(inits) != len(state.result_types):
            _custom_error(p, state, f"{len(inits)} operands present, but expected {len(state.result_types)}")
        state.operands = (
            lbs + ubs + steps + [p.resolve_operand(r, t) for r, t in zip(inits, state.result_types, strict=True)]
        )
        state.properties["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, (n, n, n, len(inits)))
        ensure_terminator(body, "scf.reduce", p.loc_at(state.pos))
        state.regions.append(body)

    def print_custom_ok(self) -> bool:
        r = self.regions[0] if self.regions else None
        return r is not None and len(r.blocks) == 1

    def print_custom(self, p) -> None:
        ops = p.operands_str
        p.write(
            f" ({p.operands_str(self.regions[0].blocks[0].arguments)}) = ({ops(self.lowerBound)}) to "
            f"({ops(self.upperBound)}) step ({ops(self.step)})"
        )
        if self.initVals:
            p.write(f" init ({ops(self.initVals)})")
        p.write(_optional_arrow_types(p, self.result_types) + " ")
        p.print_region(self.regions[0], print_entry_args=False)
        attrs = dict(self.attributes)
        attrs.update((k, v) for k, v in self.props.items() if k != "operandSegmentSizes")
        p.print_optional_attr_dict(attrs)

    def verify_(self) -> None:
        check_sized_regions(self, ("region",))
        steps = self.step
        if not steps:
            raise self.op_error("needs at least one tuple element for lowerBound, upperBound and step")
        for s in steps:
            c = constant_int(s)
            if c is not None and c <= 0:
                raise self.op_error("constant step operand must be positive")
        body = self.regions[0].blocks[0]
        if len(body.arguments) != len(steps):
            raise self.op_error(
                f"expects the same number of induction variables: {len(body.arguments)} as bound "
                f"and step values: {len(steps)}"
            )
        if any(not isinstance(a.type, T.IndexType) for a in body.arguments):
            raise self.op_error("expects arguments for the induction variable to be of index type")
        red = body.operations[-1] if body.operations else None
        if red is None or red.name != "scf.reduce":
            err = self.op_error("expects body to terminate with 'scf.reduce'")
            if red is not None:
                err.attach_note("terminator here", red.loc)
            raise err
        n_res, n_red, n_init = len(self.results), len(red.regions), len(self.initVals)
        if n_res != n_red:
            raise self.op_error(f"expects number of results: {n_res} to be the same as number of reductions: {n_red}")
        if n_res != n_init:
            raise self.op_error(
                f"expects number of results: {n_res} to be the same as number of initial values: {n_init}"
            )
        for i, (r, v) in enumerate(zip(self.results, red.operands, strict=False)):
            if r.type != v.type:
                raise red.emit_error(
                    f"'scf.reduce' op expects type of {i}-th reduction operand: {_q(v.type)} to be "
                    f"the same as the {i}-th result type: {_q(r.type)}"
                )

    def verify_regions_(self) -> None:
        check_implicit_terminator(self, "scf.reduce")


@register_op
class ReduceOp(OpDef):
    """Terminates scf.parallel: one reduction region per reduced operand."""

    __slots__ = ()
    OP_NAME = "scf.reduce"
    traits = frozenset({TERMINATOR, REGION_BRANCH_TERMINATOR, has_parent("scf.parallel"), RECURSIVE_MEMORY_EFFECTS})
    operands = var_operand_def()
    reductions = var_region_def()
    assembly_format = "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict"

    def verify_(self) -> None:
        for i, r in enumerate(self.regions):
            if len(r.blocks) != 1:
                raise self.op_error(f"region #{i} ('reductions') failed to verify constraint: region with 1 blocks")
        if len(self.regions) != len(self.operands):
            raise self.op_error(
                f"expects number of reduction regions: {len(self.regions)} to be the same as number "
                f"of reduction operands: {len(self.operands)}"
            )

    def verify_regions_(self) -> None:
        for i, (r, v) in enumerate(zip(self.regions, self.operands, strict=False)):
            b = r.blocks[0]
            if not b.operations:
                raise self.op_error(f"{i}-th reduction has an empty body")
            if len(b.arguments) != 2 or any(a.type != v.type for a in b.arguments):
                raise self.op_error(
                    f"expected two block arguments with type {_q(v.type)} in the {i}-th reduction region"
                )
            if b.operations[-1].name != "scf.reduce.return":
                raise self.op_error("reduction bodies must be terminated with an 'scf.reduce.return' op")


@register_op
class ReduceReturnOp(OpDef):
    """Returns the combined value from a reduction region of scf.reduce."""

    __slots__ = ()
    OP_NAME = "scf.reduce.return"
    traits = frozenset({PURE, TERMINATOR, has_parent("scf.reduce")})
    result = operand_def()
    assembly_format = "$result attr-dict `:` type($result)"

    def verify_(self) -> None:
        block = self.parent
        if block is None or not block.arguments:
            return
        want = block.arguments[0].type
        if self.result.type != want:
            raise self.op_error(f"must have type {_q(want)} (the type of the reduction inputs)")
