"""The affine dialect, part 3: the region ops affine.for, affine.if,
affine.parallel and their terminator affine.yield (``ops.py`` has the
dimension/symbol rules and apply/min/max/(de)linearize_index,
``memory.py`` the memory ops).

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
from ...ir.affine_expr import AffineConstantExpr, AffineSymbolExpr, dim, sym
from ...ir.affine_map import AffineMap, IntegerSet
from ...ir.core import Block, Region, Value
from ...ir.fields import prop_def, region_def, var_operand_def, var_result_def
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
    parse_ssa_id_expr,
    parse_ssa_id_map,
    ssa_id_exprs_str,
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
        v = int(p.text, 0)
        p.advance()
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
class AffineForOp(OpDef):
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


# -- affine.parallel -------------------------------------------------------------------------

# arith::AtomicRMWKind, by value.
REDUCTIONS = (
    "addf",
    "addi",
    "andi",
    "assign",
    "maximumf",
    "maxnumf",
    "maxs",
    "maxu",
    "minimumf",
    "minnumf",
    "mins",
    "minu",
    "mulf",
    "muli",
    "ori",
    "xori",
)


def _reduction_matches(kind: str, t: T.Type) -> bool:
    if kind in ("addf", "mulf", "maximumf", "minimumf"):
        return isinstance(t, T.FloatType)
    if kind in ("addi", "muli", "ori", "andi"):
        return isinstance(t, T.IntegerType)
    if kind == "assign":
        return True
    if kind in ("maxs", "mins"):
        return isinstance(t, T.IntegerType) and t.signedness == "s"
    if kind in ("maxu", "minu"):
        return isinstance(t, T.IntegerType) and t.signedness == "u"
    return False


I32Elements = C.AttrConstraint(
    "32-bit signless integer elements attribute",
    lambda a: isinstance(a, A.DenseElementsAttr) and a.type.element_type == T.i32,
)
I64Array = C.array_of(C.I64Attr, "64-bit integer array attribute")
ReductionsAttr = C.array_of(
    C.AttrConstraint(
        "allowed 64-bit signless integer cases", lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i64
    ),
    "Reduction ops",
)


def _i32_elements(values: Sequence[int]) -> A.DenseElementsAttr:
    t = T.RankedTensorType((len(values),), T.i32)
    if values and all(v == values[0] for v in values):
        return A.DenseElementsAttr(t, (values[0],), True)
    return A.DenseElementsAttr(t, tuple(values))


def _dedup(p: Parser, lists: list[list], make) -> tuple[list[Value], list]:
    """Resolve each expression's operands and number the distinct values."""
    uniq: list[Value] = []
    repl: list = []
    for refs in lists:
        for v in p.resolve_operands(refs, [T.index] * len(refs)):
            i = next((k for k, u in enumerate(uniq) if u is v), len(uniq))
            if i == len(uniq):
                uniq.append(v)
            repl.append(make(i))
    return uniq, repl


def _parse_parallel_bound(p: Parser, kw: str) -> tuple[AffineMap, list[int], list[Value]]:
    """``(e0, max(e1, e2), ...)``: the flat map over deduplicated operands
    (dims then symbols), the group sizes, and the operands."""
    p.expect("(", "expected '('")
    if p.accept(")"):
        return AffineMap(0, 0, ()), [], []
    exprs: list = []
    dim_refs: list[list] = []
    sym_refs: list[list] = []
    groups: list[int] = []

    def element() -> None:
        if p.accept_keyword(kw):
            amap, refs = parse_ssa_id_map(p, "(")
            dims, syms = refs[: amap.num_dims], refs[amap.num_dims :]
            for e in amap.results:
                exprs.append(e)
                dim_refs.append(dims)
                sym_refs.append(syms)
            groups.append(amap.num_results)
        else:
            e, dims, syms = parse_ssa_id_expr(p)
            exprs.append(e)
            dim_refs.append(dims)
            sym_refs.append(syms)
            groups.append(1)

    p.parse_comma_list(element)
    p.expect(")", "expected ')'")
    nd = ns = 0
    for i, e in enumerate(exprs):
        d, s = len(dim_refs[i]), len(sym_refs[i])
        exprs[i] = e.shift_dims(d, nd).shift_symbols(s, ns)
        nd += d
        ns += s
    dims, drepl = _dedup(p, dim_refs, dim)
    syms, srepl = _dedup(p, sym_refs, sym)
    flat = AffineMap(nd, ns, exprs).replace_dims_and_symbols(drepl, srepl, len(dims), len(syms))
    return flat, groups, dims + syms


def _parallel_bound_str(
    p: AsmPrinter, amap: AffineMap, groups: Sequence[int], operands: Sequence[Value], kw: str
) -> str:
    parts = []
    start = 0
    nd = amap.num_dims
    for g in groups:
        es = amap.results[start : start + g]
        s = ssa_id_exprs_str(p, es, operands, nd)
        parts.append(s if g == 1 else f"{kw}({s})")
        start += g
    return ", ".join(parts)


@register_op
class AffineParallelOp(OpDef):
    """``affine.parallel (%i, %j) = (lbs) to (ubs) step (s) reduce ("addf")
    -> (f32) {...}``; bounds may group expressions under ``max``/``min``."""

    __slots__ = ()
    OP_NAME = "affine.parallel"
    traits = frozenset(
        {
            SINGLE_BLOCK,
            AUTOMATIC_ALLOCATION_SCOPE,
            LOOP_LIKE_OP_INTERFACE,
            RECURSIVE_MEMORY_EFFECTS,
            MEMREFS_NORMALIZABLE,
        }
    )
    reductions = prop_def(ReductionsAttr)
    lowerBoundsMap = prop_def(C.AffineMapAttr)
    lowerBoundsGroups = prop_def(I32Elements)
    upperBoundsMap = prop_def(C.AffineMapAttr)
    upperBoundsGroups = prop_def(I32Elements)
    steps = prop_def(I64Array)
    mapOperands = var_operand_def(VarIndex)
    results = var_result_def()
    region = region_def()

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        ivs = p.parse_operand_list("(")
        p.expect("=", "expected '='")
        lb, lbg, lb_ops = _parse_parallel_bound(p, "max")
        p.expect_keyword("to")
        ub, ubg, ub_ops = _parse_parallel_bound(p, "min")
        if p.accept_keyword("step"):
            smap, _ = parse_ssa_id_map(p, "(")
            steps = []
            for e in smap.results:
                if not isinstance(e, AffineConstantExpr):
                    parse_error(p, state, "steps must be constant integers")
                steps.append(e.value)
        else:
            steps = [1] * len(ivs)
        reductions: list[int] = []
        if p.accept_keyword("reduce"):

            def reduction() -> None:
                pos = p.start
                a = parse_attr_of(p, state, A.StringAttr, T.none)
                if a.value not in REDUCTIONS:
                    parse_error(p, state, f"invalid reduction value: {A.quote(a.value)}", pos)
                reductions.append(REDUCTIONS.index(a.value))

            p.parse_comma_list(reduction, "(", ")")
        if p.accept("->"):
            state.result_types = p.parse_function_result_types()
        state.properties.update(
            lowerBoundsMap=A.AffineMapAttr(lb),
            lowerBoundsGroups=_i32_elements(lbg),
            upperBoundsMap=A.AffineMapAttr(ub),
            upperBoundsGroups=_i32_elements(ubg),
            steps=A.ArrayAttr(tuple(A.IntegerAttr(s, T.i64) for s in steps)),
            reductions=A.ArrayAttr(tuple(A.IntegerAttr(r, T.i64) for r in reductions)),
        )
        state.operands = lb_ops + ub_ops
        body = p.parse_region(entry_args=[(iv, T.index, None) for iv in ivs])
        add_attr_dict(state, p.parse_optional_attr_dict())
        ensure_terminator(body, p, state)
        state.regions.append(body)

    @classmethod
    def build(
        cls,
        lower: AffineMap,
        lower_groups: Sequence[int],
        upper: AffineMap,
        upper_groups: Sequence[int],
        steps: Sequence[int],
        lb_operands: Sequence[Value] = (),
        ub_operands: Sequence[Value] = (),
        loc: A.Location | None = None,
    ) -> AffineParallelOp:
        """A parallel loop without reductions, one IV per entry of ``steps``:
        IV k ranges from the max of its ``lower_groups[k]`` results of
        ``lower`` to the min of its ``upper_groups[k]`` results of ``upper``
        (exclusive). The body gets its yield."""
        body = Block([T.index] * len(steps), [loc] * len(steps))
        body.append(AffineYieldOp.create(loc=loc))
        op = cls.create(
            operands=[*lb_operands, *ub_operands],
            properties={
                "lowerBoundsMap": A.AffineMapAttr(lower),
                "lowerBoundsGroups": _i32_elements(lower_groups),
                "upperBoundsMap": A.AffineMapAttr(upper),
                "upperBoundsGroups": _i32_elements(upper_groups),
                "steps": A.ArrayAttr(tuple(A.IntegerAttr(s, T.i64) for s in steps)),
                "reductions": A.ArrayAttr(()),
            },
            regions=[Region([body])],
            loc=loc,
        )
        return cast(AffineParallelOp, op)

    def _groups(self, name: str) -> list[int]:
        g = self.props.get(name)
        return g.flat() if isinstance(g, A.DenseElementsAttr) else []

    def print_custom_ok(self) -> bool:
        try:
            lb, ub = self.lowerBoundsMap.value, self.upperBoundsMap.value
            ok = (
                lb.num_inputs + ub.num_inputs == len(self.operands)
                and sum(self._groups("lowerBoundsGroups")) == lb.num_results
                and sum(self._groups("upperBoundsGroups")) == ub.num_results
                and all(k.value < len(REDUCTIONS) for k in self.reductions)
            )
        except AttributeError:
            return False
        return ok and len(self.regions) == 1 and len(self.regions[0].blocks) == 1

    def print_custom(self, p: AsmPrinter) -> None:
        lb, ub = self.lowerBoundsMap.value, self.upperBoundsMap.value
        ops = self.operands
        nlb = lb.num_inputs
        s = (
            " ("
            + p.operands_str(self.regions[0].blocks[0].arguments)
            + ") = ("
            + _parallel_bound_str(p, lb, self._groups("lowerBoundsGroups"), ops[:nlb], "max")
            + ") to ("
            + _parallel_bound_str(p, ub, self._groups("upperBoundsGroups"), ops[nlb:], "min")
            + ")"
        )
        steps = [a.value for a in self.steps]
        if any(x != 1 for x in steps):
            s += " step (" + ", ".join(str(x) for x in steps) + ")"
        if self.results:
            s += (
                " reduce ("
                + ", ".join(f'"{REDUCTIONS[k.value]}"' for k in self.reductions)
                + ") -> ("
                + ", ".join(p.type(t) for t in self.result_types)
                + ")"
            )
        p.write(s + " ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=bool(self.results))
        p.print_optional_attr_dict(self.attributes)

    def verify_(self) -> None:
        n = len(self.steps)
        blocks = self.regions[0].blocks
        nargs = len(blocks[0].arguments) if blocks else 0
        lbg, ubg = self._groups("lowerBoundsGroups"), self._groups("upperBoundsGroups")
        if len(lbg) != n or len(ubg) != n or nargs != n:
            raise self.op_error(
                f"the number of region arguments ({nargs}) and the number of map groups for lower ({len(lbg)}) "
                f"and upper bound ({len(ubg)}), and the number of steps ({n}) must all match"
            )
        lb, ub = self.lowerBoundsMap.value, self.upperBoundsMap.value
        for groups, m, which in ((lbg, lb, "lower"), (ubg, ub, "upper")):
            if any(g == 0 for g in groups):
                raise self.op_error(f"expected {which} bound map to have at least one result")
            if sum(groups) != m.num_results:
                raise self.op_error(f"expected {which} bounds map to have {sum(groups)} results")
        if len(self.reductions) != len(self.results):
            raise self.op_error("a reduction must be specified for each output")
        for k, r in zip(self.reductions, self.results, strict=True):
            if not isinstance(k, A.IntegerAttr) or not 0 <= k.value < len(REDUCTIONS):
                raise self.op_error("invalid reduction attribute")
            if not _reduction_matches(REDUCTIONS[k.value], r.type):
                raise self.op_error("result type cannot match reduction attribute")
        ops = self.operands
        verify_dims_and_symbols(self, ops[: lb.num_inputs], lb.num_dims)
        verify_dims_and_symbols(self, ops[lb.num_inputs :], ub.num_dims)

    def verify_regions_(self) -> None:
        verify_implicit_terminator(self)

    @classmethod
    def build_reduce(
        cls,
        lower: AffineMap,
        lower_groups: Sequence[int],
        upper: AffineMap,
        upper_groups: Sequence[int],
        steps: Sequence[int],
        lb_operands: Sequence[Value] = (),
        ub_operands: Sequence[Value] = (),
        reductions: Sequence[str] = (),
        result_types: Sequence[T.Type] = (),
        loc: A.Location | None = None,
    ) -> AffineParallelOp:
        """A parallel loop (bounds as for ``lower``/``upper`` grouped by
        ``*_groups``, one IV per step) whose results combine what its body
        yields with ``reductions`` (names in REDUCTIONS such as "addf", one
        per result type). The body ends with an empty yield; the caller sets
        the yielded values."""
        if len(reductions) != len(result_types):
            raise ValueError("one reduction per result type is needed")
        body = Block([T.index] * len(steps), [loc] * len(steps))
        body.append(AffineYieldOp.create(loc=loc))
        op = cls.create(
            operands=[*lb_operands, *ub_operands],
            result_types=list(result_types),
            properties={
                "lowerBoundsMap": A.AffineMapAttr(lower),
                "lowerBoundsGroups": _i32_elements(lower_groups),
                "upperBoundsMap": A.AffineMapAttr(upper),
                "upperBoundsGroups": _i32_elements(upper_groups),
                "steps": A.ArrayAttr(tuple(A.IntegerAttr(s, T.i64) for s in steps)),
                "reductions": A.ArrayAttr(tuple(A.IntegerAttr(REDUCTIONS.index(r), T.i64) for r in reductions)),
            },
            regions=[Region([body])],
            loc=loc,
        )
        return cast(AffineParallelOp, op)


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
