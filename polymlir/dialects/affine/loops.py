"""The affine dialect's region ops affine.for and affine.if and their
terminator affine.yield (``parallel.py`` has affine.parallel, ``ops.py`` the
dimension/symbol rules and apply/min/max/(de)linearize_index, ``memory.py``
the memory ops).

Their custom forms are irregular (bounds are maps applied to SSA values,
shorthand bounds, min/max groups), so they are hand-written; the trivial
``affine.yield`` is elided from printed regions and re-inserted on parsing
as upstream does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr, AffineSymbolExpr, sym
from ...ir.affine_map import AffineMap, IntegerSet
from ...ir.core import Block, Region, Value
from ...ir.fields import prop_def, region_def, var_operand_def, var_result_def
from ...ir.interfaces import AffineBound, LoopLikeOp
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    AUTOMATIC_ALLOCATION_SCOPE,
    LOOP_LIKE_OP_INTERFACE,
    MEMREFS_NORMALIZABLE,
    NO_REGION_ARGUMENTS,
    PURE,
    RECURSIVE_MEMORY_EFFECTS,
    REGION_BRANCH_OP_INTERFACE,
    RETURN_LIKE,
    SINGLE_BLOCK,
    TERMINATOR,
)
from .ops import (
    VarIndex,
    add_attr_dict,
    dim_and_symbol_list_str,
    parse_attr_of,
    parse_dim_and_symbol_list,
    parse_error,
    verify_dims_and_symbols,
)

if TYPE_CHECKING:  # pragma: no cover
    from ...parser.parser import OpState, Parser
    from ...printer import AsmPrinter

YIELD = "affine.yield"
_SYMBOL_IDENTITY = AffineMap(0, 1, (sym(0),))
_SYMBOL_BOUND = A.AffineMapAttr(_SYMBOL_IDENTITY)
_STEP_ONE = A.IntegerAttr(1, T.index)
# `() -> (c)` bound maps by constant: loop bounds repeat the same few.
_CONSTANT_BOUNDS: dict[int, A.AffineMapAttr] = {}


def _constant_bound(value: int) -> A.AffineMapAttr:
    a = _CONSTANT_BOUNDS.get(value)
    if a is None:
        a = _CONSTANT_BOUNDS[value] = A.AffineMapAttr(AffineMap.constant_map(value))
    return a


def ensure_terminator(region: Region, p: Parser, state: OpState) -> None:
    """Append the implicit ``affine.yield`` the custom form may leave out."""
    if not region.blocks:
        region.add_block()
    b = region.blocks[-1]
    if not b.operations or TERMINATOR not in b.operations[-1].traits:
        b.append(AffineYieldOp.create(loc=p.loc_at(state.pos)))


def verify_implicit_terminator(op: OpDef) -> None:
    """Upstream SingleBlockImplicitTerminator<"affine.yield">."""
    for r in op.regions:
        if not r.blocks:
            continue
        ops = r.blocks[0].operations
        if not ops:
            raise op.op_error("expects a non-empty block")
        if ops[-1].name != YIELD:
            raise op.op_error(f"expects regions to end with '{YIELD}', found '{ops[-1].name}'").attach_note(
                f"in custom textual format, the absence of terminator implies '{YIELD}'", op.loc
            )


def _arrow_types_str(p: AsmPrinter, types: Sequence[T.Type]) -> str:
    return " -> " + T.format_result_types(list(types), p) if types else ""


# -- affine.for -----------------------------------------------------------------------------


def _parse_bound(p: Parser, state: OpState, lower: bool) -> tuple[A.AffineMapAttr, list[Value]]:
    """``max``/``min``? then ``%ssa``, an integer, or ``#map(%d)[%s]``."""
    has_prefix = p.accept_keyword("max" if lower else "min")
    if p.kind == "%":
        refs = p.parse_operand_list()
        if len(refs) > 1:
            parse_error(p, state, "expected only one loop bound operand")
        return _SYMBOL_BOUND, [p.resolve_operand(refs[0], T.index)]
    if p.kind == "int":
        # What parse_attribute(index) reads for a non-negative integer.
        v = p.parse_integer(allow_negative=False)
        return _constant_bound(v), []
    apos = p.start
    a = p.parse_attribute(T.index)
    if isinstance(a, A.AffineMapAttr):
        refs, nd = parse_dim_and_symbol_list(p)
        vals = p.resolve_operands(refs, [T.index] * len(refs))
        m = a.value
        if m.num_dims != nd:
            parse_error(p, state, "dim operand count and affine map dim count must match")
        if m.num_inputs != len(refs):
            parse_error(p, state, "symbol operand count and affine map symbol count must match")
        if m.num_results > 1 and not has_prefix:
            if lower:
                parse_error(p, state, "lower loop bound affine map with multiple results requires 'max' prefix", apos)
            parse_error(p, state, "upper loop bound affine map with multiple results requires 'min' prefix", apos)
        return a, vals
    if isinstance(a, A.IntegerAttr):
        return _constant_bound(a.value), []
    parse_error(p, state, "expected valid affine map representation for loop bounds")


def _bound_str(p: AsmPrinter, attr: A.AffineMapAttr, operands: Sequence[Value], prefix: str) -> str:
    m = attr.value
    if m.num_results == 1:
        e = m.results[0]
        if m.num_dims == 0 and m.num_symbols == 0 and isinstance(e, AffineConstantExpr):
            return str(e.value)
        if m.num_dims == 0 and m.num_symbols == 1 and isinstance(e, AffineSymbolExpr):
            return p.value_name(operands[0])
        s = ""
    else:
        s = prefix + " "
    return s + p.attr(attr) + dim_and_symbol_list_str(p, operands, m.num_dims)


@register_op
class AffineForOp(OpDef, LoopLikeOp):
    """``affine.for %i = lb to ub step s iter_args(%a = %init) -> (t) {...}``."""

    __slots__ = ()
    OP_NAME = "affine.for"
    traits = frozenset(
        {
            SINGLE_BLOCK,
            AUTOMATIC_ALLOCATION_SCOPE,
            LOOP_LIKE_OP_INTERFACE,
            RECURSIVE_MEMORY_EFFECTS,
            REGION_BRANCH_OP_INTERFACE,
        }
    )
    lowerBoundOperands = var_operand_def(VarIndex)
    upperBoundOperands = var_operand_def(VarIndex)
    inits = var_operand_def(C.TypeConstraint("variadic of any type", lambda t: True))
    lowerBoundMap = prop_def(C.AffineMapAttr)
    upperBoundMap = prop_def(C.AffineMapAttr)
    step = prop_def(C.IndexAttr)
    results = var_result_def()
    region = region_def()

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        iv = p.parse_operand()
        iv_loc = p.parse_optional_location()  # printed under --mlir-print-debuginfo
        p.expect("=", "expected '='")
        lb, lb_ops = _parse_bound(p, state, True)
        if not p.accept_keyword("to"):
            parse_error(p, state, "expected 'to' between bounds", p.start)
        ub, ub_ops = _parse_bound(p, state, False)
        step = _STEP_ONE
        if p.accept_keyword("step"):
            spos = p.start
            step = parse_attr_of(p, state, A.IntegerAttr, T.index)
            if step.value < 0:
                parse_error(p, state, "expected step to be representable as a positive signed integer", spos)
        args: list = [(iv, T.index, iv_loc)]
        inits: list[Value] = []
        types: list[T.Type] = []
        if p.accept_keyword("iter_args"):
            pairs = p.parse_comma_list(lambda: _parse_assignment(p), "(", ")")
            p.expect("->", "expected '->'")
            types = p.parse_function_result_types()
            if len(pairs) != len(types):
                parse_error(p, state, "mismatch between the number of loop-carried values and results")
            for (arg, init), ty in zip(pairs, types, strict=True):
                args.append((arg, ty, None))
                inits.append(p.resolve_operand(init, ty))
        state.properties.update(
            lowerBoundMap=lb,
            upperBoundMap=ub,
            step=step,
            operandSegmentSizes=A.DenseArrayAttr(T.i32, (len(lb_ops), len(ub_ops), len(inits))),
        )
        state.operands = lb_ops + ub_ops + inits
        state.result_types = types
        body = p.parse_region(entry_args=args)
        ensure_terminator(body, p, state)
        state.regions.append(body)
        add_attr_dict(state, p.parse_optional_attr_dict())

    def _operand_groups(self) -> tuple[list[Value], list[Value], list[Value]]:
        """(lowerBoundOperands, upperBoundOperands, inits), from one reading
        of the segment sizes (each field would read them again)."""
        sizes = self.segment_sizes("operand")
        vals = [o.value for o in self._operands]
        a = sizes[0]
        b = a + sizes[1]
        return vals[:a], vals[a:b], vals[b : b + sizes[2]]

    def print_custom_ok(self) -> bool:
        r = self.regions
        if len(r) != 1 or len(r[0].blocks) != 1 or not r[0].blocks[0].arguments:
            return False
        lb, ub = self.lowerBoundMap, self.upperBoundMap
        if not (
            isinstance(lb, A.AffineMapAttr) and isinstance(ub, A.AffineMapAttr) and isinstance(self.step, A.IntegerAttr)
        ):
            return False
        lbs, ubs, inits = self._operand_groups()
        return (
            lb.value.num_inputs == len(lbs)
            and ub.value.num_inputs == len(ubs)
            and len(r[0].blocks[0].arguments) == len(inits) + 1
        )

    def print_custom(self, p: AsmPrinter) -> None:
        body = self.regions[0].blocks[0]
        iv = body.arguments[0]
        lbs, ubs, inits = self._operand_groups()
        s = (
            " "
            + p.value_name(iv)
            + p.loc_suffix(iv.loc)
            + " = "
            + _bound_str(p, self.lowerBoundMap, lbs, "max")
            + " to "
            + _bound_str(p, self.upperBoundMap, ubs, "min")
        )
        if self.step.value != 1:
            s += f" step {self.step.value}"
        if inits:
            s += (
                " iter_args("
                + ", ".join(
                    f"{p.value_name(a)} = {p.value_name(v)}" for a, v in zip(body.arguments[1:], inits, strict=False)
                )
                + ") -> ("
                + ", ".join(p.type(r.type) for r in self.results)
                + ")"
            )
        p.write(s + " ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=bool(inits))
        p.print_optional_attr_dict(self.attributes)

    @classmethod
    def build(
        cls,
        lower: AffineMap | int,
        upper: AffineMap | int,
        step: int = 1,
        lb_operands: Sequence[Value] = (),
        ub_operands: Sequence[Value] = (),
        iter_args: Sequence[Value] = (),
        loc: A.Location | None = None,
    ) -> AffineForOp:
        """A loop from ``lower`` to ``upper`` (constants or maps applied to
        the given operands); without ``iter_args`` the body gets its yield."""
        lbm = AffineMap.constant_map(lower) if isinstance(lower, int) else lower
        ubm = AffineMap.constant_map(upper) if isinstance(upper, int) else upper
        body = Block([T.index] + [v.type for v in iter_args], [loc] * (1 + len(iter_args)))
        op = cls.create(
            operands=[*lb_operands, *ub_operands, *iter_args],
            result_types=[v.type for v in iter_args],
            properties={
                "lowerBoundMap": A.AffineMapAttr(lbm),
                "upperBoundMap": A.AffineMapAttr(ubm),
                "step": A.IntegerAttr(step, T.index),
                "operandSegmentSizes": A.DenseArrayAttr(T.i32, (len(lb_operands), len(ub_operands), len(iter_args))),
            },
            regions=[Region([body])],
            loc=loc,
        )
        if not iter_args:
            body.append(AffineYieldOp.create(loc=loc))
        return cast(AffineForOp, op)

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def induction_var(self) -> Value:
        return self.body.arguments[0]

    @property
    def region_iter_args(self) -> list[Value]:
        return list(self.body.arguments[1:])

    # LoopLikeOp
    def loop_ivs(self) -> list[Value]:
        return [self.induction_var]

    def loop_lower_bounds(self) -> list[Value | int | AffineBound]:
        return [AffineBound(self.lowerBoundMap.value, self._operand_groups()[0])]

    def loop_upper_bounds(self) -> list[Value | int | AffineBound]:
        return [AffineBound(self.upperBoundMap.value, self._operand_groups()[1])]

    def loop_steps(self) -> list[Value | int]:
        return [self.step.value]

    def loop_inits(self) -> list[Value]:
        return self._operand_groups()[2]

    def loop_iter_args(self) -> list[Value]:
        return self.region_iter_args

    def loop_yielded(self) -> list[Value]:
        ops = self.body.operations
        return ops[-1].operands if ops and TERMINATOR in ops[-1].traits else []

    def constant_bounds(self) -> tuple[int, int] | None:
        """(lower, upper) when both bounds are single constants."""
        lb, ub = self.lowerBoundMap.value, self.upperBoundMap.value
        if lb.is_single_constant() and ub.is_single_constant():
            return lb.single_constant_result, ub.single_constant_result
        return None

    def verify_regions_(self) -> None:
        blocks = self.regions[0].blocks
        if not blocks or not blocks[0].arguments or not isinstance(blocks[0].arguments[0].type, T.IndexType):
            raise self.op_error("expected body to have a single index argument for the induction variable")
        lb, ub = self.lowerBoundMap.value, self.upperBoundMap.value
        if lb.num_inputs > 0:
            verify_dims_and_symbols(self, self.lowerBoundOperands, lb.num_dims)
        if ub.num_inputs > 0:
            verify_dims_and_symbols(self, self.upperBoundOperands, ub.num_dims)
        if lb.num_results < 1:
            raise self.op_error("expected lower bound map to have at least one result")
        if ub.num_results < 1:
            raise self.op_error("expected upper bound map to have at least one result")
        n = len(self.results)
        if n:
            if len(self.inits) != n:
                raise self.op_error("mismatch between the number of loop-carried values and results")
            if len(blocks[0].arguments) - 1 != n:
                raise self.op_error("mismatch between the number of basic block args and results")
        verify_implicit_terminator(self)


def _parse_assignment(p: Parser) -> tuple:
    lhs = p.parse_operand()
    p.expect("=", "expected '='")
    return lhs, p.parse_operand()


# -- affine.if -------------------------------------------------------------------------------


@register_op
class AffineIfOp(OpDef):
    """``affine.if #set(%d)[%s] -> (types) {...} else {...}``."""

    __slots__ = ()
    OP_NAME = "affine.if"
    traits = frozenset({SINGLE_BLOCK, NO_REGION_ARGUMENTS, RECURSIVE_MEMORY_EFFECTS, REGION_BRANCH_OP_INTERFACE})
    condition = prop_def(C.IntegerSetAttr)
    operands = var_operand_def(C.TypeConstraint("variadic of any type", lambda t: True))
    results = var_result_def()
    thenRegion = region_def()
    elseRegion = region_def()

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        cond = parse_attr_of(p, state, A.IntegerSetAttr)
        refs, nd = parse_dim_and_symbol_list(p)
        state.operands = p.resolve_operands(refs, [T.index] * len(refs))
        s = cond.value
        if s.num_dims != nd:
            parse_error(p, state, "dim operand count and integer set dim count must match")
        if nd + s.num_symbols != len(refs):
            parse_error(p, state, "symbol operand count and integer set symbol count must match")
        state.properties["condition"] = cond
        if p.accept("->"):
            state.result_types = p.parse_function_result_types()
        then = p.parse_region()
        ensure_terminator(then, p, state)
        els = Region()
        if p.accept_keyword("else"):
            els = p.parse_region()
            ensure_terminator(els, p, state)
        state.regions += [then, els]
        add_attr_dict(state, p.parse_optional_attr_dict())

    @classmethod
    def build(
        cls,
        condition: IntegerSet,
        operands: Sequence[Value],
        result_types: Sequence[T.Type] = (),
        with_else: bool = False,
        loc: A.Location | None = None,
    ) -> AffineIfOp:
        """An if over ``condition``; regions get their yield when there are no
        results (else the caller adds the yields)."""
        then, els = Region([Block()]), Region([Block()] if with_else or result_types else [])
        op = cls.create(
            operands=list(operands),
            result_types=list(result_types),
            properties={"condition": A.IntegerSetAttr(condition)},
            regions=[then, els],
            loc=loc,
        )
        if not result_types:
            for r in (then, els):
                for b in r.blocks:
                    b.append(AffineYieldOp.create(loc=loc))
        return cast(AffineIfOp, op)

    def print_custom_ok(self) -> bool:
        c = self.condition
        return isinstance(c, A.IntegerSetAttr) and c.value.num_dims <= len(self.operands) and len(self.regions) == 2

    def print_custom(self, p: AsmPrinter) -> None:
        c = self.condition
        nres = bool(self.results)
        p.write(
            " "
            + p.attr(c)
            + dim_and_symbol_list_str(p, self.operands, c.value.num_dims)
            + _arrow_types_str(p, self.result_types)
            + " "
        )
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=nres)
        if self.regions[1].blocks:
            p.write(" else ")
            p.print_region(self.regions[1], print_entry_args=False, print_terminators=nres)
        p.print_optional_attr_dict(self.attributes)

    def verify_(self) -> None:
        for i, r in enumerate(self.regions):
            if r.blocks and r.blocks[0].arguments:
                raise self.op_error(f"region #{i} should have no arguments")
        s = self.condition.value
        if len(self.operands) != s.num_inputs:
            raise self.op_error("operand count and condition integer set dimension and symbol count must match")
        verify_dims_and_symbols(self, self.operands, s.num_dims)

    def verify_regions_(self) -> None:
        verify_implicit_terminator(self)


# -- affine.yield ------------------------------------------------------------------------------


@register_op
class AffineYieldOp(OpDef):
    """Terminator of affine.for/if/parallel regions; implicit when it yields nothing."""

    __slots__ = ()
    OP_NAME = YIELD
    traits = frozenset({PURE, TERMINATOR, RETURN_LIKE, MEMREFS_NORMALIZABLE})
    operands = var_operand_def()
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"

    @classmethod
    def build(cls, values: Sequence[Value] = (), loc: A.Location | None = None) -> AffineYieldOp:
        return cast(AffineYieldOp, cls.create(operands=list(values), loc=loc))

    def verify_(self) -> None:
        parent = self.parent_op
        if parent is None or parent.name not in ("affine.for", "affine.if", "affine.parallel"):
            raise self.op_error("only terminates affine.if/for/parallel regions")
        if len(parent.results) != len(self.operands):
            raise self.op_error("parent of yield must have same number of results as the yield operands")
        for r, v in zip(parent.results, self.operands, strict=True):
            if r.type != v.type:
                raise self.op_error("types mismatch between yield op and its parent")
