"""The scf dialect (structured control flow): for, if, while/condition,
execute_region, index_switch and yield.

``scf.parallel`` and its reductions live in ``parallel.py``, ``scf.forall`` and
its terminator in ``forall.py``. Verification
follows upstream's phases: ``verify_`` holds the ODS constraints, traits and
the op verifier (run before nested ops); ``verify_regions_`` holds the region
traits and interfaces (LoopLikeOpInterface, RegionBranchOpInterface,
SingleBlockImplicitTerminator) and ``verifyRegions`` (run after them), so the
first error reported is the one ``mlir-opt`` reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.core import Block, Operation, OpResult, Region, Value
from ...ir.fields import operand_def, prop_def, region_def, var_operand_def, var_region_def, var_result_def
from ...ir.interfaces import AffineBound, LoopLikeOp
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    AFFINE_SCOPE,
    AUTOMATIC_ALLOCATION_SCOPE,
    CONDITIONALLY_SPECULATABLE,
    CONSTANT_LIKE,
    INFER_TYPE_OP_INTERFACE,
    LOOP_LIKE_OP_INTERFACE,
    NO_REGION_ARGUMENTS,
    PURE,
    RECURSIVE_MEMORY_EFFECTS,
    REGION_BRANCH_OP_INTERFACE,
    REGION_BRANCH_TERMINATOR,
    RETURN_LIKE,
    SINGLE_BLOCK,
    TERMINATOR,
    has_parent,
)

VarIndex = C.TypeConstraint("variadic of index", lambda t: isinstance(t, T.IndexType))
SignlessIntOrIndex = C.SignlessIntOrIndex

# Interface names: terminators that forward values to a region successor.
_LOOP_TRAITS = frozenset(
    {LOOP_LIKE_OP_INTERFACE, REGION_BRANCH_OP_INTERFACE, RECURSIVE_MEMORY_EFFECTS, AUTOMATIC_ALLOCATION_SCOPE}
)


# -- helpers shared by the ops ------------------------------------------------------


def constant_int(v: Value | int) -> int | None:
    """The integer a value is known to hold (upstream ``getConstantIntValue``):
    ints are themselves; values defined by a constant-like op with an integer
    ``value`` give that integer; anything else gives None."""
    if isinstance(v, int):
        return v
    if not isinstance(v, OpResult):
        return None
    op = v.owner
    if CONSTANT_LIKE not in op.traits:
        return None
    a = op.properties.get("value") if isinstance(op.properties, dict) else None
    if a is None:
        a = op.attributes.get("value")
    if isinstance(a, A.IntegerAttr):
        return a.value
    return None


def _q(t: T.Type) -> str:
    """A type as diagnostics print it: quoted."""
    return f"'{t}'"


def _custom_error(p, state, message: str, pos: int | None = None):
    """A parse error of a custom op, prefixed as upstream's OpAsmParser does."""
    p.error(f"custom op '{state.name}' {message}", state.pos if pos is None else pos)


def _split_attrs(state, attrs: dict[str, A.Attribute]) -> None:
    """Attributes of an attr-dict: inherent ones become properties."""
    props = state.op_class.property_names() if state.op_class is not None else frozenset()
    for k, v in attrs.items():
        if k in props:
            state.properties[k] = v
        else:
            state.attributes[k] = v


def _parse_assignment_list(p) -> tuple[list, list]:
    """``(%inner = %outer, ...)``: region arguments and the values bound to them."""
    lhs: list = []
    rhs: list = []
    p.expect("(", "expected '('")
    if p.accept(")"):
        return lhs, rhs
    while True:
        lhs.append(p.parse_operand())
        p.expect("=", "expected '='")
        rhs.append(p.parse_operand())
        if not p.accept(","):
            break
    p.expect(")", "expected ')'")
    return lhs, rhs


def _print_init_list(p, prefix: str, args: Sequence[Value], inits: Sequence[Value]) -> None:
    """``<prefix>(%inner = %outer, ...)``; nothing without initializers."""
    if not inits:
        return
    p.write(
        prefix
        + "("
        + ", ".join(f"{p.value_name(a)} = {p.value_name(v)}" for a, v in zip(args, inits, strict=False))
        + ")"
    )


def _optional_arrow_types(p, types: Sequence[T.Type]) -> str:
    """Upstream's ``printOptionalArrowTypeList``."""
    if not types:
        return ""
    return " -> " + T.format_result_types(list(types), p)


def _parse_optional_arrow_types(p) -> list[T.Type]:
    if p.accept("->"):
        return p.parse_function_result_types()
    return []


def ensure_terminator(region: Region, name: str, loc: A.Location) -> None:
    """Upstream's ``ensureTerminator``: give ``region`` a block ending in a
    terminator, appending a ``name`` op if the last op is no terminator."""
    if not region.blocks:
        region.add_block()
    b = region.blocks[-1]
    if b.operations and TERMINATOR in b.operations[-1].traits:
        return
    b.append(Operation.create(name, loc=loc))


def check_sized_regions(op: OpDef, names: Sequence[str], max_one: Iterable[int] = ()) -> None:
    """ODS ``SizedRegion<1>`` (``MaxSizedRegion<1>`` for indices in ``max_one``)."""
    lenient = set(max_one)
    for i, r in enumerate(op.regions):
        n = len(r.blocks)
        name = names[min(i, len(names) - 1)]
        if i in lenient:
            if n > 1:
                raise op.op_error(f"region #{i} ('{name}') failed to verify constraint: region with at most 1 blocks")
        elif n != 1:
            raise op.op_error(f"region #{i} ('{name}') failed to verify constraint: region with 1 blocks")


def check_implicit_terminator(op: OpDef, name: str) -> None:
    """The SingleBlockImplicitTerminator region trait."""
    for r in op.regions:
        if not r.blocks or not r.blocks[0].operations:
            continue
        last = r.blocks[0].operations[-1]
        if last.name != name:
            raise op.op_error(f"expects regions to end with '{name}', found '{last.name}'").attach_note(
                f"in custom textual format, the absence of terminator implies '{name}'", op.loc
            )


def _terminator(region: Region | None) -> Operation | None:
    if region is None or not region.blocks or not region.blocks[0].operations:
        return None
    return region.blocks[0].operations[-1]


def _branch_terminators(region: Region) -> list[Operation]:
    """The region-branch terminators of ``region``'s blocks."""
    out = []
    for b in region.blocks:
        if b.operations:
            t = b.operations[-1]
            if REGION_BRANCH_TERMINATOR in t.traits:
                out.append(t)
    return out


# An edge of upstream's RegionBranchOpInterface: (branch point: None for the
# parent op or the terminator, successor: a region index or None for the
# parent's results, forwarded operand types, successor input types).
Edge = tuple


def verify_region_edges(op: OpDef, edges: Iterable[Edge]) -> None:
    """Upstream's ``verifyRegionBranchOpInterface``: along every control flow
    edge the forwarded values match the successor's inputs in number and type."""
    for src, dst, ops, ins in edges:
        if len(ops) != len(ins):
            raise _edge_error(
                op,
                src,
                dst,
                f"region branch point has {len(ops)} operands, but region successor needs {len(ins)} inputs",
            )
        for i, (a, b) in enumerate(zip(ops, ins, strict=True)):
            if a != b:
                raise _edge_error(
                    op, src, dst, f"successor operand type #{i} {_q(a)} should match successor input type #{i} {_q(b)}"
                )


def _edge_error(op: OpDef, src: Operation | None, dst: int | None, msg: str):
    s = "parent" if src is None else f"Operation {src.name}"
    d = "parent" if dst is None else f"Region #{dst}"
    err = op.op_error(f"along control flow edge from {s} to {d}: {msg}")
    return err.attach_note("region branch point", op.loc if src is None else src.loc)


def _types(vs: Iterable[Value]) -> list[T.Type]:
    return [v.type for v in vs]


def _unsigned(n: int) -> int:
    """A negative count as upstream prints it (an unsigned 64-bit wrap)."""
    return n if n >= 0 else n + (1 << 64)


# -- terminators -----------------------------------------------------------------------


def _yielded(block: Block) -> list[Value]:
    """The operands of ``block``'s terminator (none when it has none yet)."""
    ops = block.operations
    return ops[-1].operands if ops and TERMINATOR in ops[-1].traits else []


@register_op
class YieldOp(OpDef):
    """Yields values from a region of an scf op to the op (or the next iteration)."""

    __slots__ = ()
    OP_NAME = "scf.yield"
    traits = frozenset(
        {
            PURE,
            TERMINATOR,
            RETURN_LIKE,
            REGION_BRANCH_TERMINATOR,
            has_parent("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"),
        }
    )
    if not TYPE_CHECKING:  # named like an Operation member (op.results stays Operation's): op.f.results
        results = var_operand_def()
    assembly_format = "attr-dict ($results^ `:` type($results))?"


@register_op
class ConditionOp(OpDef):
    """Ends the 'before' region of scf.while: continue with the 'after' region
    (forwarding ``args``) if ``condition`` holds, else exit with ``args``."""

    __slots__ = ()
    OP_NAME = "scf.condition"
    traits = frozenset({PURE, TERMINATOR, REGION_BRANCH_TERMINATOR, has_parent("scf.while")})
    condition = operand_def(C.I1)
    args = var_operand_def()
    assembly_format = "`(` $condition `)` attr-dict ($args^ `:` type($args))?"


# -- scf.execute_region ----------------------------------------------------------------


@register_op
class ExecuteRegionOp(OpDef):
    """Runs its (possibly multi-block) region once; yields become the results."""

    __slots__ = ()
    OP_NAME = "scf.execute_region"
    traits = frozenset({REGION_BRANCH_OP_INTERFACE})
    no_inline = prop_def(C.UnitAttr, optional=True)
    results = var_result_def()
    region = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        state.result_types = _parse_optional_arrow_types(p)
        if p.accept_keyword("no_inline"):
            state.properties["no_inline"] = A.UNIT
        state.regions.append(p.parse_region())
        _split_attrs(state, p.parse_optional_attr_dict())

    def print_custom(self, p) -> None:
        p.write(_optional_arrow_types(p, self.result_types))
        if self.no_inline is not None:
            p.write(" no_inline")
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=True)
        p.print_optional_attr_dict(self.attributes)

    def print_custom_ok(self) -> bool:
        r = self.regions[0] if self.regions else None
        return r is not None and not (r.blocks and r.blocks[0].arguments)

    def verify_(self) -> None:
        r = self.regions[0]
        if not r.blocks:
            raise self.op_error("region needs to have at least one block")
        if r.blocks[0].arguments:
            raise self.op_error("region cannot have any arguments")

    def verify_regions_(self) -> None:
        rt = self.result_types
        edges: list[Edge] = [(None, 0, [], [])]
        edges += [(t, None, _types(t.operands), rt) for t in _branch_terminators(self.regions[0])]
        verify_region_edges(self, edges)


# -- scf.for -----------------------------------------------------------------------------


@register_op
class ForOp(OpDef, LoopLikeOp):
    """A counted loop ``lowerBound`` to ``upperBound`` by ``step`` (signed, or
    unsigned with ``unsignedCmp``), carrying ``initArgs`` through iterations."""

    __slots__ = ()
    OP_NAME = "scf.for"
    traits = frozenset({AFFINE_SCOPE, SINGLE_BLOCK, CONDITIONALLY_SPECULATABLE}) | _LOOP_TRAITS
    implicit_terminator = "scf.yield"
    lowerBound = operand_def(SignlessIntOrIndex)
    upperBound = operand_def(SignlessIntOrIndex)
    step = operand_def(SignlessIntOrIndex)
    initArgs = var_operand_def()
    unsignedCmp = prop_def(C.UnitAttr, optional=True)
    results = var_result_def()
    region = region_def()

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
        return [self.lowerBound]

    def loop_upper_bounds(self) -> list[Value | int | AffineBound]:
        return [self.upperBound]

    def loop_steps(self) -> list[Value | int]:
        return [self.step]

    def loop_inits(self) -> list[Value]:
        return list(self.initArgs)

    def loop_iter_args(self) -> list[Value]:
        return self.region_iter_args

    def loop_yielded(self) -> list[Value]:
        return _yielded(self.body)

    @classmethod
    def parse(cls, p, state) -> None:
        if p.accept_keyword("unsigned"):
            state.properties["unsignedCmp"] = A.UNIT
        iv = p.parse_operand()
        p.expect("=", "expected '='")
        lb = p.parse_operand()
        p.expect_keyword("to")
        ub = p.parse_operand()
        p.expect_keyword("step")
        st = p.parse_operand()
        args: list = [iv]
        inits: list = []
        types: list[T.Type] = []
        if p.accept_keyword("iter_args"):
            lhs, inits = _parse_assignment_list(p)
            args += lhs
            p.expect("->", "expected '->'")
            types = p.parse_function_result_types()
        if len(args) != len(types) + 1:
            _custom_error(p, state, "mismatch in number of loop-carried values and defined values")
        ty: T.Type = p.parse_type() if p.accept(":") else T.index
        operands = [p.resolve_operand(r, ty) for r in (lb, ub, st)]
        operands += [p.resolve_operand(r, t) for r, t in zip(inits, types, strict=True)]
        state.operands = operands
        state.result_types = list(types)
        entry = [(args[0], ty, None)] + [(a, t, None) for a, t in zip(args[1:], types, strict=True)]
        body = p.parse_region(entry_args=entry)
        ensure_terminator(body, "scf.yield", p.loc_at(state.pos))
        state.regions.append(body)
        _split_attrs(state, p.parse_optional_attr_dict())

    def print_custom_ok(self) -> bool:
        r = self.regions[0] if self.regions else None
        return (
            r is not None
            and len(r.blocks) == 1
            and len(r.blocks[0].arguments) == 1 + len(self.initArgs)
            and len(self.results) == len(self.initArgs)
        )

    def print_custom(self, p) -> None:
        inits = self.initArgs
        if self.unsignedCmp is not None:
            p.write(" unsigned")
        p.write(
            f" {p.value_name(self.induction_var)} = {p.value_name(self.lowerBound)} to "
            f"{p.value_name(self.upperBound)} step {p.value_name(self.step)}"
        )
        _print_init_list(p, " iter_args", self.region_iter_args, inits)
        if inits:
            p.write(" -> (" + ", ".join(p.type(v.type) for v in inits) + ")")
        p.write(" ")
        t = self.induction_var.type
        if not isinstance(t, T.IndexType):
            p.write(f" : {p.type(t)} ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=bool(inits))
        p.print_optional_attr_dict(self.attributes)

    def verify_(self) -> None:
        check_sized_regions(self, ("region",))
        lb, ub, st = self.lowerBound, self.upperBound, self.step
        if not (lb.type == ub.type == st.type):
            raise self.op_error("failed to verify that all of {lowerBound, upperBound, step} have same type")
        if len(self.initArgs) != len(self.results):
            raise self.op_error("mismatch in number of loop-carried values and defined values")

    def verify_regions_(self) -> None:
        body = self.regions[0].blocks[0]
        inits = self.initArgs
        iter_args = list(body.arguments[1:])
        n_iter = len(body.arguments) - 1
        term = _terminator(self.regions[0])
        yielded = term.operands if term is not None and term.name == "scf.yield" else []
        results = self.results
        # LoopLikeOpInterface.
        if len(inits) != n_iter:
            raise self.op_error(f"different number of inits and region iter_args: {len(inits)} != {_unsigned(n_iter)}")
        if yielded and n_iter != len(yielded):
            raise self.op_error(f"different number of region iter_args and yielded values: {n_iter} != {len(yielded)}")
        if len(results) != n_iter:
            raise self.op_error(f"different number of loop results and region iter_args: {len(results)} != {n_iter}")
        for i, (init, arg) in enumerate(zip(inits, iter_args, strict=True)):
            if init.type != arg.type:
                raise self.op_error(
                    f"{i}-th init and {i}-th region iter_arg have different type: {_q(init.type)} != {_q(arg.type)}"
                )
            if yielded and arg.type != yielded[i].type:
                raise self.op_error(
                    f"{i}-th region iter_arg and {i}-th yielded value have different type: "
                    f"{_q(arg.type)} != {_q(yielded[i].type)}"
                )
        for arg, res in zip(iter_args, results, strict=True):
            if arg.type != res.type:
                # Upstream prints index 0 for every position here.
                raise self.op_error(
                    f"0-th region iter_arg and 0-th loop result have different type: {_q(arg.type)} != {_q(res.type)}"
                )
        # RegionBranchOpInterface.
        it, rt, inits_t = _types(iter_args), self.result_types, _types(inits)
        edges: list[Edge] = [(None, 0, inits_t, it), (None, None, inits_t, rt)]
        for t in _branch_terminators(self.regions[0]):
            edges += [(t, 0, _types(t.operands), it), (t, None, _types(t.operands), rt)]
        verify_region_edges(self, edges)
        check_implicit_terminator(self, "scf.yield")
        if body.arguments[0].type != self.lowerBound.type:
            raise self.op_error("expected induction variable to be same type as bounds and step")


# -- scf.if ------------------------------------------------------------------------------


@register_op
class IfOp(OpDef):
    """If-then-else; with results, both regions yield them."""

    __slots__ = ()
    OP_NAME = "scf.if"
    traits = frozenset(
        {
            SINGLE_BLOCK,
            REGION_BRANCH_OP_INTERFACE,
            RECURSIVE_MEMORY_EFFECTS,
            NO_REGION_ARGUMENTS,
            INFER_TYPE_OP_INTERFACE,
        }
    )
    implicit_terminator = "scf.yield"
    condition = operand_def(C.I1)
    results = var_result_def()
    thenRegion = region_def()
    elseRegion = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        cond = p.parse_operand()
        state.operands = [p.resolve_operand(cond, T.i1)]
        state.result_types = _parse_optional_arrow_types(p)
        loc = p.loc_at(state.pos)
        then = p.parse_region()
        ensure_terminator(then, "scf.yield", loc)
        els = Region()
        if p.accept_keyword("else"):
            els = p.parse_region()
            ensure_terminator(els, "scf.yield", loc)
        state.regions += [then, els]
        _split_attrs(state, p.parse_optional_attr_dict())

    def print_custom_ok(self) -> bool:
        return len(self.regions) == 2 and len(self.regions[0].blocks) == 1

    def print_custom(self, p) -> None:
        terms = bool(self.results)
        p.write(" " + p.value_name(self.condition))
        if terms:
            p.write(" -> (" + ", ".join(p.type(t) for t in self.result_types) + ")")
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=terms)
        if self.regions[1].blocks:
            p.write(" else ")
            p.print_region(self.regions[1], print_entry_args=False, print_terminators=terms)
        p.print_optional_attr_dict(self.attributes)

    def verify_(self) -> None:
        check_sized_regions(self, ("thenRegion", "elseRegion"), max_one=(1,))
        for i, r in enumerate(self.regions):
            if r.blocks and r.blocks[0].arguments:
                raise self.op_error(f"region #{i} should have no arguments")
        if self.results and not self.regions[1].blocks:
            raise self.op_error("must have an else block if defining values")

    def verify_regions_(self) -> None:
        rt = self.result_types
        els = self.regions[1]
        edges: list[Edge] = [(None, 0, [], []), (None, 1, [], []) if els.blocks else (None, None, [], rt)]
        for r in self.regions:
            edges += [(t, None, _types(t.operands), rt) for t in _branch_terminators(r)]
        verify_region_edges(self, edges)
        check_implicit_terminator(self, "scf.yield")


# -- scf.while ---------------------------------------------------------------------------


@register_op
class WhileOp(OpDef, LoopLikeOp):
    """A while / do-while loop: 'before' computes the condition (scf.condition),
    'after' is the body (scf.yield back to 'before')."""

    __slots__ = ()
    OP_NAME = "scf.while"
    traits = frozenset({SINGLE_BLOCK, LOOP_LIKE_OP_INTERFACE, REGION_BRANCH_OP_INTERFACE, RECURSIVE_MEMORY_EFFECTS})
    inits = var_operand_def()
    results = var_result_def()
    before = region_def()
    after = region_def()

    # LoopLikeOp: no induction variable; 'before' and 'after' run each iteration
    def loop_body(self) -> Block:
        return self.regions[1].blocks[0]

    def loop_inits(self) -> list[Value]:
        return list(self.inits)

    def loop_iter_args(self) -> list[Value]:
        return list(self.regions[0].blocks[0].arguments)

    def loop_yielded(self) -> list[Value]:
        return _yielded(self.regions[1].blocks[0])

    @classmethod
    def parse(cls, p, state) -> None:
        lhs: list = []
        rhs: list = []
        if p.kind == "(":
            lhs, rhs = _parse_assignment_list(p)
        tpos = p.start
        p.expect(":", "expected ':'")
        ft = p.parse_type()
        if not isinstance(ft, T.FunctionType):
            p.error("invalid kind of type specified", tpos)
        state.result_types = list(ft.results)
        if len(ft.inputs) != len(rhs):
            _custom_error(
                p, state, f"expected as many input types as operands (expected {len(rhs)} got {len(ft.inputs)})", tpos
            )
        state.operands = [p.resolve_operand(r, t) for r, t in zip(rhs, ft.inputs, strict=True)]
        entry = [(a, t, None) for a, t in zip(lhs, ft.inputs, strict=True)] or None
        state.regions.append(p.parse_region(entry_args=entry))
        p.expect_keyword("do")
        state.regions.append(p.parse_region())
        _split_attrs(state, p.parse_optional_attr_dict_with_keyword())

    def print_custom_ok(self) -> bool:
        b = self.regions[0].blocks if len(self.regions) == 2 else []
        return len(b) == 1 and len(b[0].arguments) == len(self.inits)

    def print_custom(self, p) -> None:
        _print_init_list(p, " ", self.regions[0].blocks[0].arguments, self.inits)
        p.write(
            " : ("
            + ", ".join(p.type(v.type) for v in self.inits)
            + ") -> "
            + T.format_result_types(self.result_types, p)
            + " "
        )
        p.print_region(self.regions[0], print_entry_args=False)
        p.write(" do ")
        p.print_region(self.regions[1])
        p.print_optional_attr_dict_with_keyword(self.attributes)

    def verify_(self) -> None:
        check_sized_regions(self, ("before", "after"))
        for r, name, msg in ((self.regions[0], "scf.condition", "before"), (self.regions[1], "scf.yield", "after")):
            t = _terminator(r)
            if t is None or t.name != name:
                err = self.op_error(f"expects the '{msg}' region to terminate with '{name}'")
                if t is not None:
                    err.attach_note("terminator here", t.loc)
                raise err

    def verify_regions_(self) -> None:
        before, after = self.regions[0].blocks[0], self.regions[1].blocks[0]
        b_in, a_in, rt = _types(before.arguments), _types(after.arguments), self.result_types
        edges: list[Edge] = [(None, 0, _types(self.inits), b_in)]
        for t in _branch_terminators(self.regions[0]):
            fwd = _types(t.operands[1:]) if t.name == "scf.condition" else _types(t.operands)
            edges += [(t, None, fwd, rt), (t, 1, fwd, a_in)]
        edges += [(t, 0, _types(t.operands), b_in) for t in _branch_terminators(self.regions[1])]
        verify_region_edges(self, edges)


# -- scf.index_switch ------------------------------------------------------------------


@register_op
class IndexSwitchOp(OpDef):
    """Runs the case region whose value equals ``arg``, else the default region."""

    __slots__ = ()
    OP_NAME = "scf.index_switch"
    traits = frozenset({SINGLE_BLOCK, REGION_BRANCH_OP_INTERFACE, RECURSIVE_MEMORY_EFFECTS})
    implicit_terminator = "scf.yield"
    arg = operand_def(C.Index)
    cases = prop_def(C.DenseI64ArrayAttr)
    results = var_result_def()
    defaultRegion = region_def()
    caseRegions = var_region_def()
    assembly_format = (
        "$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `\\n` "
        "`` `default` $defaultRegion"
    )

    @classmethod
    def parse_SwitchCases(cls, p, ps, *args: str) -> None:
        values: list[int] = []
        regions: list[Region] = []
        while p.accept_keyword("case"):
            values.append(p.parse_integer())
            regions.append(p.parse_region())
        ps.props["cases"] = A.DenseArrayAttr(T.i64, tuple(values))
        ps.regions["caseRegions"] = regions

    def print_custom_ok(self) -> bool:
        cases = self.cases
        return cases is not None and len(cases.values) == len(self.regions) - 1

    def print_SwitchCases(self, p, *args: str) -> None:
        cases = self.cases
        for v, r in zip(cases.values if cases is not None else (), self.regions[1:], strict=False):
            p.write(f"\n{p.indent}case {v} ")
            p.print_region(r, print_entry_args=False)

    def verify_(self) -> None:
        check_sized_regions(self, ("defaultRegion", "caseRegions"))
        cases = list(self.cases.values)
        n_regions = len(self.regions) - 1
        if len(cases) != n_regions:
            raise self.op_error(f"has {n_regions} case regions but {len(cases)} case values")
        seen: set[int] = set()
        for v in cases:
            if v in seen:
                raise self.op_error(f"has duplicate case value: {v}")
            seen.add(v)
        rt = self.result_types
        for i, r in enumerate(self.regions):
            name = "default region" if i == 0 else f"case region #{i - 1}"
            y = r.blocks[0].operations[-1] if r.blocks[0].operations else None
            if y is None or y.name != "scf.yield":
                raise self.op_error(f"expected region to end with scf.yield, but got {y.name if y else '<none>'}")
            if len(y.operands) != len(rt):
                raise self.op_error(
                    f"expected each region to return {len(rt)} values, but {name} returns {len(y.operands)}"
                ).attach_note("see yield operation here", y.loc)
            for j, (t, v) in enumerate(zip(rt, y.operands, strict=True)):
                if t != v.type:
                    raise self.op_error(f"expected result #{j} of each region to be {_q(t)}").attach_note(
                        f"{name} returns {_q(v.type)} here", y.loc
                    )

    def verify_regions_(self) -> None:
        check_implicit_terminator(self, "scf.yield")
