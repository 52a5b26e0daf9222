"""The ``affine.parallel`` op: a band of parallel loops with affine min/max
bounds, steps and reductions (``reduce ("addf")``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr, dim, sym
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Region, Value
from ...ir.fields import prop_def, region_def, var_operand_def, var_result_def
from ...ir.interfaces import AffineBound, LoopLikeOp
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    AUTOMATIC_ALLOCATION_SCOPE,
    LOOP_LIKE_OP_INTERFACE,
    MEMREFS_NORMALIZABLE,
    RECURSIVE_MEMORY_EFFECTS,
    SINGLE_BLOCK,
)
from .loops import AffineYieldOp, ensure_terminator, verify_implicit_terminator
from .ops import (
    VarIndex,
    add_attr_dict,
    parse_attr_of,
    parse_error,
    parse_ssa_id_expr,
    parse_ssa_id_map,
    ssa_id_exprs_str,
    verify_dims_and_symbols,
)

if TYPE_CHECKING:  # pragma: no cover
    from ...parser.parser import OpState, Parser
    from ...printer import AsmPrinter

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
class AffineParallelOp(OpDef, LoopLikeOp):
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

    def _bounds(self, lower: bool) -> list[Value | int | AffineBound]:
        """Per IV, the group of results of its bound map (applied to the
        map's operands: the lower map takes the first ones)."""
        lmap = self.lowerBoundsMap.value
        m = lmap if lower else self.upperBoundsMap.value
        ops = self.operands
        operands = ops[: lmap.num_inputs] if lower else ops[lmap.num_inputs :]
        out: list[Value | int | AffineBound] = []
        start = 0
        for g in self._groups("lowerBoundsGroups" if lower else "upperBoundsGroups"):
            out.append(AffineBound(AffineMap(m.num_dims, m.num_symbols, m.results[start : start + g]), operands))
            start += g
        return out

    # LoopLikeOp
    def loop_ivs(self) -> list[Value]:
        return list(self.regions[0].blocks[0].arguments)

    def loop_lower_bounds(self) -> list[Value | int | AffineBound]:
        return self._bounds(True)

    def loop_upper_bounds(self) -> list[Value | int | AffineBound]:
        return self._bounds(False)

    def loop_steps(self) -> list[Value | int]:
        return [a.value for a in self.steps]

    def loop_yielded(self) -> list[Value]:
        ops = self.regions[0].blocks[0].operations
        return ops[-1].operands if ops else []

    def is_parallel_loop(self) -> bool:
        return True

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
