"""``scf.forall`` (a multi-dimensional parallel loop over tensors shared by
all iterations) and its terminator ``scf.forall.in_parallel``.

Bounds are mixed static/dynamic lists (``(0, %n)``): SSA values in the
``dynamic*`` operand groups, every entry in the ``static*`` properties with
``DYNAMIC`` where a value stands (see ``index_lists``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.core import Operation, Region, Value
from ...ir.fields import prop_def, region_def, var_operand_def, var_result_def
from ...ir.interfaces import AffineBound, LoopLikeOp
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    AUTOMATIC_ALLOCATION_SCOPE,
    DESTINATION_STYLE_OP_INTERFACE,
    GRAPH_REGION,
    HAS_PARALLEL_REGION,
    LOOP_LIKE_OP_INTERFACE,
    NO_TERMINATOR,
    PARALLEL_COMBINING_OP_INTERFACE,
    PURE,
    RECURSIVE_MEMORY_EFFECTS,
    REGION_BRANCH_OP_INTERFACE,
    SINGLE_BLOCK,
    TERMINATOR,
    has_parent,
)
from ..index_lists import DYNAMIC, dense_i64, mixed_values, parse_dynamic_index_list, print_dynamic_index_list
from .ops import (
    _custom_error,
    _parse_assignment_list,
    _print_init_list,
    _split_attrs,
    check_implicit_terminator,
    check_sized_regions,
    constant_int,
)

__all__ = ["PARALLEL_COMBINING_OPS", "ForallOp", "InParallelOp"]

VarIndex = C.TypeConstraint("variadic of index", lambda t: isinstance(t, T.IndexType))
VarRankedTensor = C.TypeConstraint(
    "variadic of ranked tensor of any type values", lambda t: isinstance(t, T.RankedTensorType)
)
# Device mapping attributes (#gpu.thread<x>, ...) belong to dialects we keep
# opaque; any dialect attribute is accepted as one.
DeviceMappingArrayAttr = C.attr_of(
    A.ArrayAttr, "Device Mapping array attribute", lambda a: all(isinstance(x, A.OpaqueAttr) for x in a)
)

# Ops implementing ParallelCombiningOpInterface (allowed in scf.forall.in_parallel).
PARALLEL_COMBINING_OPS = {"tensor.parallel_insert_slice"}

_ELIDED = ("operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep")


@register_op
class ForallOp(OpDef, LoopLikeOp):
    """Runs its body once per point of the iteration space, in parallel;
    results are built from ``outputs`` by the in_parallel terminator."""

    __slots__ = ()
    OP_NAME = "scf.forall"
    traits = frozenset(
        {
            SINGLE_BLOCK,
            AUTOMATIC_ALLOCATION_SCOPE,
            LOOP_LIKE_OP_INTERFACE,
            RECURSIVE_MEMORY_EFFECTS,
            REGION_BRANCH_OP_INTERFACE,
            DESTINATION_STYLE_OP_INTERFACE,
            HAS_PARALLEL_REGION,
        }
    )
    implicit_terminator = "scf.forall.in_parallel"
    dynamicLowerBound = var_operand_def(VarIndex)
    dynamicUpperBound = var_operand_def(VarIndex)
    dynamicStep = var_operand_def(VarIndex)
    outputs = var_operand_def(VarRankedTensor)
    staticLowerBound = prop_def(C.DenseI64ArrayAttr)
    staticUpperBound = prop_def(C.DenseI64ArrayAttr)
    staticStep = prop_def(C.DenseI64ArrayAttr)
    mapping = prop_def(DeviceMappingArrayAttr, optional=True)
    results = var_result_def()
    region = region_def()

    @property
    def rank(self) -> int:
        return len(self.staticLowerBound.values)

    def mixed(self, which: str) -> list[int | Value]:
        """``LowerBound``, ``UpperBound`` or ``Step`` entries: ints and Values."""
        return mixed_values(getattr(self, "static" + which).values, getattr(self, "dynamic" + which))

    # LoopLikeOp
    def loop_ivs(self) -> list[Value]:
        return list(self.regions[0].blocks[0].arguments[: self.rank])

    def loop_lower_bounds(self) -> list[Value | int | AffineBound]:
        return list(self.mixed("LowerBound"))

    def loop_upper_bounds(self) -> list[Value | int | AffineBound]:
        return list(self.mixed("UpperBound"))

    def loop_steps(self) -> list[Value | int]:
        return self.mixed("Step")

    def loop_inits(self) -> list[Value]:
        return list(self.outputs)

    def loop_iter_args(self) -> list[Value]:
        return list(self.regions[0].blocks[0].arguments[self.rank :])

    def is_parallel_loop(self) -> bool:
        return True

    def is_normalized(self) -> bool:
        """All lower bounds are 0 and all steps 1 (constants count)."""
        return all(constant_int(v) == 0 for v in self.mixed("LowerBound")) and all(
            constant_int(v) == 1 for v in self.mixed("Step")
        )

    @classmethod
    def parse(cls, p, state) -> None:
        ivs: list = []
        p.expect("(", "expected '('")
        if not p.accept(")"):
            ivs = p.parse_comma_list(p.parse_operand)
            p.expect(")", "expected ')'")
        n = len(ivs)

        def index_list():
            lst = parse_dynamic_index_list(p, state, delimiter="(")
            return [p.resolve_operand(r, T.index) for r in lst.values], lst.static

        if p.accept_keyword("in"):
            lbs, lbs_s = [], [0] * n
            ubs, ubs_s = index_list()
            steps, steps_s = [], [1] * n
        else:
            p.expect("=", "expected '='")
            lbs, lbs_s = index_list()
            p.expect_keyword("to")
            ubs, ubs_s = index_list()
            p.expect_keyword("step")
            steps, steps_s = index_list()
        outs: list = []
        out_args: list = []
        pos = p.start
        if p.accept_keyword("shared_outs"):
            out_args, outs = _parse_assignment_list(p)
            state.result_types = p.parse_function_result_types() if p.accept("->") else []
            if len(outs) != len(state.result_types):
                _custom_error(
                    p,
                    state,
                    f"number of operands and types do not match: got {len(outs)} operands and "
                    f"{len(state.result_types)} types",
                    pos,
                )
        outputs = [p.resolve_operand(r, t) for r, t in zip(outs, state.result_types, strict=True)]
        entry = [(iv, T.index, None) for iv in ivs] + [
            (a, t, None) for a, t in zip(out_args, state.result_types, strict=False)
        ]
        body = p.parse_region(entry_args=entry or None)
        cls.ensure_terminator(body, p.loc_at(state.pos))
        state.regions.append(body)
        _split_attrs(state, p.parse_optional_attr_dict())
        state.operands = lbs + ubs + steps + outputs
        state.properties.update(
            staticLowerBound=dense_i64(lbs_s),
            staticUpperBound=dense_i64(ubs_s),
            staticStep=dense_i64(steps_s),
            operandSegmentSizes=A.DenseArrayAttr(T.i32, (len(lbs), len(ubs), len(steps), len(outputs))),
        )

    @staticmethod
    def ensure_terminator(body: Region, loc: A.Location) -> None:
        """The implicit terminator, itself holding an (empty) block."""
        if not body.blocks:
            body.add_block()
        b = body.blocks[-1]
        if b.operations and TERMINATOR in b.operations[-1].traits:
            return
        t = InParallelOp.create(regions=1, loc=loc)
        t.regions[0].add_block()
        b.append(t)

    def print_custom_ok(self) -> bool:
        r = self.regions[0] if self.regions else None
        if r is None or len(r.blocks) != 1 or self.staticLowerBound is None:
            return False
        n = self.rank
        if len(r.blocks[0].arguments) != n + len(self.outputs) or len(self.results) != len(self.outputs):
            return False
        for w in ("LowerBound", "UpperBound", "Step"):
            s = getattr(self, "static" + w)
            if (
                s is None
                or len(s.values) != n
                or sum(v == DYNAMIC for v in s.values) != len(getattr(self, "dynamic" + w))
            ):
                return False
        return True

    def print_custom(self, p) -> None:
        args = self.regions[0].blocks[0].arguments
        n = self.rank

        def lst(w: str) -> str:
            return print_dynamic_index_list(
                p, getattr(self, "dynamic" + w), getattr(self, "static" + w).values, delimiter="("
            )

        p.write(" (" + p.operands_str(args[:n]))
        if self.is_normalized():
            p.write(") in " + lst("UpperBound"))
        else:
            p.write(f") = {lst('LowerBound')} to {lst('UpperBound')} step {lst('Step')}")
        _print_init_list(p, " shared_outs", args[n:], self.outputs)
        p.write(" ")
        if len(args) > n:
            p.write("-> (" + ", ".join(p.type(t) for t in self.result_types) + ") ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=bool(self.results))
        attrs = dict(self.attributes)
        attrs.update((k, v) for k, v in self.props.items() if k not in _ELIDED)
        p.print_optional_attr_dict(attrs)

    def verify_(self) -> None:
        check_sized_regions(self, ("region",))
        n = self.rank
        outs = self.outputs
        if len(self.results) != len(outs):
            raise self.op_error(f"produces {len(self.results)} results, but has only {len(outs)} outputs")
        args = self.regions[0].blocks[0].arguments
        if len(args) != n + len(outs):
            raise self.op_error(f"region expects {n} arguments")
        for i in range(n):
            if not isinstance(args[i].type, T.IndexType):
                raise self.op_error(f"expects {i}-th block argument to be an index")
        for i, v in enumerate(outs):
            if args[n + i].type != v.type:
                raise self.op_error(f"type mismatch between {i}-th output and corresponding block argument")
        m = self.mapping
        if m is not None and len(m) and len(m) != n:
            raise self.op_error("mapping attribute size must match op rank")
        for name, w in (("lower bound", "LowerBound"), ("upper bound", "UpperBound"), ("step", "Step")):
            _verify_list(self, name, n, getattr(self, "static" + w).values, getattr(self, "dynamic" + w))

    def verify_regions_(self) -> None:
        check_implicit_terminator(self, "scf.forall.in_parallel")


def _verify_list(op: Operation, name: str, n: int, static: Sequence[int], values: Sequence[Value]) -> None:
    """Upstream's ``verifyListOfOperandsOrIntegers`` (errors not op-prefixed)."""
    if len(static) != n:
        raise op.emit_error(f"expected {n} {name} values, got {len(static)}")
    n_dyn = sum(1 for v in static if v == DYNAMIC)
    if len(values) != n_dyn:
        raise op.emit_error(f"expected {n_dyn} dynamic {name} values")


@register_op
class InParallelOp(OpDef):
    """Terminates scf.forall; its ops (e.g. tensor.parallel_insert_slice)
    combine each iteration's partial results into the shared outputs."""

    __slots__ = ()
    OP_NAME = "scf.forall.in_parallel"
    traits = frozenset(
        {
            PURE,
            TERMINATOR,
            NO_TERMINATOR,
            SINGLE_BLOCK,
            GRAPH_REGION,
            has_parent("scf.forall"),
            PARALLEL_COMBINING_OP_INTERFACE,
        }
    )
    region = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        body = p.parse_region()
        if not body.blocks:
            body.add_block()
        state.regions.append(body)
        _split_attrs(state, p.parse_optional_attr_dict())

    def print_custom(self, p) -> None:
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=False)
        p.print_optional_attr_dict(self.attributes)

    def verify_(self) -> None:
        check_sized_regions(self, ("region",))
        for op in self.regions[0].blocks[0].operations:
            if op.name not in PARALLEL_COMBINING_OPS:
                raise self.op_error("expected only ParallelCombiningOpInterface ops")
