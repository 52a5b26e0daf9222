"""The transform dialect's core ops as upstream MLIR 22 prints them: the
schedule containers (named_sequence, sequence, include, yield), handle
navigation (get_parent_op, collect_matching, foreach_match,
match.operation_name), parameters (param.constant) and the pattern, CSE,
LICM and bufferization drivers. The structured (linalg) ops live in
``transform_structured``; the interpreter in ``transforms.transform_interp``.

Transform types (``!transform.any_op``, ``!transform.op<"func.func">``,
``!transform.param<i64>``, ...) stay opaque types: polymlir checks only that
a handle operand has a transform type."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ir import attributes as A
from ..ir import constraints as C
from ..ir import types as T
from ..ir.core import Operation
from ..ir.fields import (
    operand_def,
    opt_operand_def,
    prop_def,
    region_def,
    result_def,
    segment_sizes_attr,
    var_operand_def,
    var_result_def,
)
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.traits import (
    ATTR_SIZED_OPERAND_SEGMENTS,
    FUNCTION_OP_INTERFACE,
    ISOLATED_FROM_ABOVE,
    NO_TERMINATOR,
    SINGLE_BLOCK,
    SYMBOL,
    TERMINATOR,
)
from .function_like import parse_function_like, print_function_like


def is_transform_type(t: T.Type) -> bool:
    """A transform dialect type (handle or parameter)."""
    return isinstance(t, T.OpaqueType) and t.text.startswith("transform.")


def is_param_type(t: T.Type) -> bool:
    return isinstance(t, T.OpaqueType) and t.text.startswith(("transform.param", "transform.any_param"))


def op_type_name(t: T.Type) -> str | None:
    """``func.func`` for ``!transform.op<"func.func">``, else None."""
    if isinstance(t, T.OpaqueType) and t.text.startswith('transform.op<"') and t.text.endswith('">'):
        return t.text[len('transform.op<"') : -2]
    return None


Handle = C.TypeConstraint("TransformHandleTypeInterface instance", is_transform_type)
AnyTransform = C.TypeConstraint("transform any handle or parameter type", is_transform_type)
ParamType = C.TypeConstraint("TransformParamTypeInterface instance", is_param_type)
I64 = C.int_attr(T.i64, "64-bit signless integer attribute")
StrArray = C.array_of(C.StrAttr, "string array attribute")

# FailurePropagationMode: `failures(propagate)` = 1, `failures(suppress)` = 2.
FAILURE_MODES = {"propagate": 1, "suppress": 2}
FAILURE_NAMES = {v: k for k, v in FAILURE_MODES.items()}
FailureModeAttr = C.AttrConstraint(
    "Silenceable error propagation policy",
    lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i32 and a.value in FAILURE_NAMES,
)


def parse_failures(p, state) -> None:
    """``failures(propagate|suppress)`` into ``failure_propagation_mode``."""
    if not p.accept_keyword("failures"):
        p.error("expected 'failures'")
    p.expect("(", "expected '('")
    word = p.text if p.kind == "bare" else ""
    if word not in FAILURE_MODES:
        p.error(
            f"custom op '{state.name}' expected string or keyword containing one of the following enum values "
            "for attribute 'failure_propagation_mode' [propagate, suppress]"
        )
    p.advance()
    p.expect(")", "expected ')'")
    state.properties["failure_propagation_mode"] = A.IntegerAttr(FAILURE_MODES[word], T.i32)


def failures_str(op: Operation) -> str:
    mode = op.props.get("failure_propagation_mode")
    n = mode.value if isinstance(mode, A.IntegerAttr) else 1
    return f"failures({FAILURE_NAMES.get(n, 'propagate')})"


def _functional_types(p) -> tuple[list[T.Type], list[T.Type]]:
    """`: (a, b) -> (c, d)` (the results may be a single bare type)."""
    p.expect(":", "expected ':'")
    ft = p.parse_type()
    if not isinstance(ft, T.FunctionType):
        p.error("expected function type")
    return list(ft.inputs), list(ft.results)


def functional_types_str(p, inputs, results) -> str:
    return " : " + p.type(T.FunctionType(tuple(v.type for v in inputs), tuple(v.type for v in results)))


# The operands each op consumes (upstream's consumesHandle): its payload
# ops may be rewritten, so the handle must not be read-only.
CONSUMED_OPERANDS: dict[str, tuple[int, ...]] = {
    "transform.structured.tile_using_for": (0,),
    "transform.structured.tile_reduction_using_for": (0,),
    "transform.structured.convert_conv2d_to_img2col": (0,),
    "transform.structured.lower_pack": (0,),
    "transform.structured.lower_unpack": (0,),
    "transform.bufferization.one_shot_bufferize": (0,),
}


# -- containers ------------------------------------------------------------------


@register_op
class NamedSequenceOp(OpDef):
    """A named transform script, callable by the interpreter (entry point
    ``@__transform_main``), by ``include`` and as a matcher/action."""

    __slots__ = ()
    OP_NAME = "transform.named_sequence"
    traits = frozenset({ISOLATED_FROM_ABOVE, SYMBOL, FUNCTION_OP_INTERFACE})
    sym_name = prop_def(C.SymbolNameAttr)
    function_type = prop_def(C.FunctionTypeAttr)
    sym_visibility = prop_def(C.StrAttr, optional=True)
    arg_attrs = prop_def(C.DictArrayAttr, optional=True)
    res_attrs = prop_def(C.DictArrayAttr, optional=True)
    body = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        parse_function_like(p, state)

    def print_custom(self, p) -> None:
        print_function_like(self, p)

    @property
    def type(self) -> T.FunctionType:
        t = self.function_type.value
        assert isinstance(t, T.FunctionType), "function_type is not a function type"  # FunctionTypeAttr's constraint
        return t

    @property
    def name_str(self) -> str:
        return self.sym_name.value

    def arg_attr(self, i: int, name: str) -> bool:
        aa = self.arg_attrs
        return aa is not None and i < len(aa) and aa[i].get(name) is not None

    def verify_(self) -> None:
        ft = self.type
        if not self.regions[0].blocks:
            return
        entry = self.regions[0].blocks[0]
        if len(entry.arguments) != len(ft.inputs):
            raise self.op_error(f"entry block must have {len(ft.inputs)} arguments to match function signature")
        for i, t in enumerate(ft.inputs):
            if not is_transform_type(t):
                raise self.op_error(f"expected argument #{i} to be a transform handle or parameter type")
            if self.arg_attr(i, "transform.readonly") and self.arg_attr(i, "transform.consume"):
                raise self.op_error(f"argument #{i} cannot be both readonly and consumed")
        for i, a in enumerate(entry.arguments):
            if self.arg_attr(i, "transform.consume"):
                continue
            if any(u.index in CONSUMED_OPERANDS.get(u.owner.name, ()) for u in a.uses):
                raise self.op_error(f"argument #{i} is consumed in the body but is not marked as such")
        term = entry.operations[-1] if entry.operations else None
        if term is None or term.name != "transform.yield":
            raise self.op_error("expects the body to end with 'transform.yield'")
        got = [v.type for v in term.operands]
        if got != list(ft.results):
            raise term.emit_error(
                f"'{term.name}' op expected {len(ft.results)} yielded values of the types of the results of "
                f"@{self.name_str}, got {len(got)}"
            )


@register_op
class YieldOp(OpDef):
    """Terminator of transform regions; yields handles and parameters."""

    __slots__ = ()
    OP_NAME = "transform.yield"
    traits = frozenset({TERMINATOR})
    operands = var_operand_def(AnyTransform)

    @classmethod
    def parse(cls, p, state) -> None:
        attrs = p.parse_optional_attr_dict()
        refs = [] if p.kind != "%" else p.parse_operand_list()
        types = p.parse_colon_type_list() if refs else []
        state.operands = p.resolve_operands(refs, types)
        state.attributes.update(attrs)

    def print_custom(self, p) -> None:
        # Upstream's format `attr-dict ($operands^ ...)?` leaves a space
        # after the op name even when nothing follows.
        attrs = p.attr_dict_str(dict(self.attributes))
        p.write(" " + (attrs + " " if attrs and self.operands else attrs))
        if self.operands:
            p.write(p.operands_str(self.operands) + " : " + ", ".join(p.type(v.type) for v in self.operands))


@register_op
class SequenceOp(OpDef):
    """A sequence of transforms applied to an optional root handle."""

    __slots__ = ()
    OP_NAME = "transform.sequence"
    traits = frozenset({SINGLE_BLOCK, ATTR_SIZED_OPERAND_SEGMENTS})
    root = var_operand_def(Handle)
    extra_bindings = var_operand_def(AnyTransform)
    failure_propagation_mode = prop_def(FailureModeAttr)
    results = var_result_def(AnyTransform)
    body = region_def()

    @classmethod
    def parse(cls, p, state) -> None:
        root, extra = [], []
        rtypes: list[T.Type] = []
        etypes: list[T.Type] = []
        if p.kind == "%":
            root = [p.parse_operand()]
            p.expect(":", "expected ':'")
            rtypes = [p.parse_type()]
            if p.accept(","):
                extra = p.parse_operand_list()
                p.expect(":", "expected ':'")
                etypes = p.parse_comma_list(p.parse_type)
        if p.accept("->"):
            state.result_types = p.parse_comma_list(p.parse_type)
        parse_failures(p, state)
        attrs = p.parse_optional_attr_dict_with_keyword()
        state.attributes.update(attrs)
        state.operands = p.resolve_operands(root, rtypes) + p.resolve_operands(extra, etypes)
        state.properties["operandSegmentSizes"] = segment_sizes_attr([len(root), len(extra)])
        body = p.parse_region()
        if body.blocks and not state.result_types:
            b = body.blocks[-1]
            if not b.operations or TERMINATOR not in b.operations[-1].traits:
                b.append(YieldOp.create(loc=p.loc_at(state.pos)))
        state.regions.append(body)

    def print_custom(self, p) -> None:
        roots, extra = self.root, self.extra_bindings
        if roots:
            p.write(" " + p.value_name(roots[0]) + " : " + p.type(roots[0].type))
            if extra:
                p.write(", " + p.operands_str(extra) + " : " + ", ".join(p.type(v.type) for v in extra))
        if self.results:
            p.write(" -> " + ", ".join(p.type(r.type) for r in self.results))
        p.write(" " + failures_str(self))
        p.print_optional_attr_dict_with_keyword(dict(self.attributes))
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=True, print_terminators=bool(self.results))

    def verify_(self) -> None:
        body = self.regions[0].blocks[0] if self.regions[0].blocks else None
        if body is None:
            raise self.op_error("expected a non-empty body")
        n = len(self.root) + len(self.extra_bindings)
        if not self.root and len(body.arguments) != 1:
            raise self.op_error("expected the entry block to have one argument when there is no root operand")
        if self.root and len(body.arguments) != n:
            raise self.op_error(f"expected the entry block to have {n} arguments")


@register_op
class IncludeOp(OpDef):
    """Applies the named sequence ``target`` to the operands."""

    __slots__ = ()
    OP_NAME = "transform.include"
    target = prop_def(C.FlatSymbolRefAttr)
    failure_propagation_mode = prop_def(FailureModeAttr)
    operands = var_operand_def(AnyTransform)
    results = var_result_def(AnyTransform)

    @classmethod
    def parse(cls, p, state) -> None:
        state.properties["target"] = A.SymbolRefAttr(p.parse_symbol_name("expected symbol reference"))
        parse_failures(p, state)
        refs = p.parse_operand_list("(")
        state.attributes.update(p.parse_optional_attr_dict())
        ins, outs = _functional_types(p)
        state.operands = p.resolve_operands(refs, ins)
        state.result_types = outs

    def print_custom(self, p) -> None:
        p.write(f" {self.target.print(p)} {failures_str(self)} ({p.operands_str(self.operands)})")
        p.print_optional_attr_dict(self.attributes)
        p.write(functional_types_str(p, self.operands, self.results))


# -- navigation and matching --------------------------------------------------------


@register_op
class GetParentOp(OpDef):
    """The closest (or ``nth_parent``) ancestor of each payload op, filtered
    by ``isolated_from_above`` and ``op_name``."""

    __slots__ = ()
    OP_NAME = "transform.get_parent_op"
    target = operand_def(Handle)
    isolated_from_above = prop_def(C.UnitAttr, optional=True)
    allow_empty_results = prop_def(C.UnitAttr, optional=True)
    op_name = prop_def(C.StrAttr, optional=True)
    deduplicate = prop_def(C.UnitAttr, optional=True)
    nth_parent = prop_def(I64, default=A.IntegerAttr(1, T.i64), populate=True)
    if not TYPE_CHECKING:  # named like an Operation member (op.parent stays Operation's): op.f.parent
        parent = result_def(Handle)
    assembly_format = "$target attr-dict `:` functional-type(operands, results)"

    def verify_(self) -> None:
        if self.nth_parent.value <= 0:
            raise self.op_error(
                "attribute 'nth_parent' failed to satisfy constraint: 64-bit signless integer attribute "
                "whose value is positive"
            )


@register_op
class CollectMatchingOp(OpDef):
    """Every op nested in the root that the ``matcher`` sequence accepts."""

    __slots__ = ()
    OP_NAME = "transform.collect_matching"
    matcher = prop_def(C.FlatSymbolRefAttr)
    root = operand_def(Handle)
    results = var_result_def(AnyTransform)
    assembly_format = "$matcher `in` $root attr-dict `:` functional-type($root, $results)"


@register_op
class ForeachMatchOp(OpDef):
    """For each op nested in the root, the action of the first matcher that
    accepts it."""

    __slots__ = ()
    OP_NAME = "transform.foreach_match"
    root = operand_def(Handle)
    forwarded_inputs = var_operand_def(AnyTransform)
    restrict_root = prop_def(C.UnitAttr, optional=True)
    flatten_results = prop_def(C.UnitAttr, optional=True)
    matchers = prop_def(C.ArrayAttr)
    actions = prop_def(C.ArrayAttr)
    updated = result_def(Handle)
    forwarded_outputs = var_result_def(AnyTransform)
    asm_result_name = "updated_root"

    @classmethod
    def parse(cls, p, state) -> None:
        while True:
            if p.accept_keyword("restrict_root"):
                state.properties["restrict_root"] = A.UnitAttr()
            elif p.accept_keyword("flatten_results"):
                state.properties["flatten_results"] = A.UnitAttr()
            else:
                break
        if not p.accept_keyword("in"):
            p.error("expected 'in'")
        refs = [p.parse_operand()]
        if p.accept(","):
            refs += p.parse_operand_list()
        matchers, actions = [], []
        while True:
            matchers.append(A.SymbolRefAttr(p.parse_symbol_name("expected symbol reference")))
            p.expect("->", "expected '->'")
            actions.append(A.SymbolRefAttr(p.parse_symbol_name("expected symbol reference")))
            if not p.accept(","):
                break
        state.properties["matchers"] = A.ArrayAttr(tuple(matchers))
        state.properties["actions"] = A.ArrayAttr(tuple(actions))
        state.attributes.update(p.parse_optional_attr_dict())
        ins, outs = _functional_types(p)
        state.operands = p.resolve_operands(refs, ins)
        state.result_types = outs

    def print_custom(self, p) -> None:
        for kw in ("restrict_root", "flatten_results"):
            if self.props.get(kw) is not None:
                p.write(" " + kw)
        p.write(" in " + p.operands_str(self.operands) + " ")
        pairs = [f"{m.print(p)} -> {a.print(p)}" for m, a in zip(self.matchers, self.actions, strict=True)]
        # Upstream prints each matcher/action pair on its own line.
        sep = "\n" + p.indent + "    "
        p.write(sep + ("," + sep).join(pairs))
        p.print_optional_attr_dict(self.attributes)
        p.write(functional_types_str(p, self.operands, self.results))

    def verify_(self) -> None:
        if len(self.matchers) != len(self.actions):
            raise self.op_error("expected the same number of matchers and actions")


@register_op
class MatchOperationNameOp(OpDef):
    """Succeeds when the payload op's name is one of ``op_names``."""

    __slots__ = ()
    OP_NAME = "transform.match.operation_name"
    operand_handle = operand_def(Handle)
    op_names = prop_def(StrArray)
    assembly_format = "$operand_handle $op_names attr-dict `:` type($operand_handle)"


@register_op
class ParamConstantOp(OpDef):
    """A transform parameter holding one attribute."""

    __slots__ = ()
    OP_NAME = "transform.param.constant"
    value = prop_def(C.AnyAttr)
    param = result_def(ParamType)
    assembly_format = "$value attr-dict `->` type($param)"


# -- drivers ------------------------------------------------------------------------


@register_op
class ApplyPatternsOp(OpDef):
    """Applies the patterns its region lists to each payload op, greedily."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns"
    traits = frozenset({SINGLE_BLOCK, NO_TERMINATOR})
    target = operand_def(Handle)
    apply_cse = prop_def(C.UnitAttr, optional=True)
    max_iterations = prop_def(I64, default=A.IntegerAttr(-1, T.i64), populate=True)
    max_num_rewrites = prop_def(I64, default=A.IntegerAttr(-1, T.i64), populate=True)
    patterns = region_def()
    assembly_format = "`to` $target $patterns attr-dict `:` type($target)"

    @classmethod
    def parse(cls, p, state) -> None:
        if not p.accept_keyword("to"):
            p.error("expected 'to'")
        ref = p.parse_operand()
        body = p.parse_region()
        if not body.blocks:
            body.add_block()
        state.regions.append(body)
        for k, v in p.parse_optional_attr_dict().items():
            (state.properties if k in cls.PROPERTIES else state.attributes)[k] = v
        t = p.parse_colon_type()
        state.operands = [p.resolve_operand(ref, t)]

    def print_custom(self, p) -> None:
        p.write(" to " + p.value_name(self.target) + " ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=True, print_empty_block=False)
        attrs = {k: v for k, v in self.props.items() if k != "operandSegmentSizes"}
        for k in ("max_iterations", "max_num_rewrites"):
            if attrs.get(k) == A.IntegerAttr(-1, T.i64):
                del attrs[k]
        attrs.update(self.attributes)
        p.print_optional_attr_dict(attrs)
        p.write(" : " + p.type(self.target.type))

    def verify_(self) -> None:
        for op in self.regions[0].blocks[0].operations if self.regions[0].blocks else []:
            if not op.name.startswith("transform.apply_patterns."):
                raise self.op_error("expected children ops to implement PatternDescriptorOpInterface").attach_note(
                    "op without interface", op.loc
                )


# Pattern descriptors: empty ops inside `apply_patterns`; polymlir's
# interpreter honours `canonicalization` and names the others unsupported.
PATTERN_OPS = (
    "canonicalization",
    "vector.reduction_to_contract",
    "vector.transfer_permutation_patterns",
    "vector.cast_away_vector_leading_one_dim",
    "vector.lower_masks",
    "vector.lower_masked_transfers",
    "linalg.decompose_pack_unpack",
    "linalg.decompose_pad",
    "linalg.tiling_canonicalization",
    "linalg.fold_unit_extent_dims_via_reshapes",
    "tensor.fold_tensor_subset_ops",
    "tensor.fold_tensor_empty",
    "memref.fold_memref_alias_ops",
    "scf.for_loop_canonicalization",
)


@register_op
class ApplyPatterns_canonicalization(OpDef):
    """Populates the canonicalization patterns of every loaded dialect."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.canonicalization"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_vector_reduction_to_contract(OpDef):
    """Populates patterns that rewrite reductions into vector.contract."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.vector.reduction_to_contract"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_vector_transfer_permutation_patterns(OpDef):
    """Populates patterns that lower permutation maps of vector transfers."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.vector.transfer_permutation_patterns"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_vector_cast_away_vector_leading_one_dim(OpDef):
    """Populates patterns that drop leading unit dims of vector ops."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.vector.cast_away_vector_leading_one_dim"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_vector_lower_masks(OpDef):
    """Populates patterns that lower vector.create_mask / constant_mask."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.vector.lower_masks"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_vector_lower_masked_transfers(OpDef):
    """Populates patterns that lower masked vector transfers."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.vector.lower_masked_transfers"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_linalg_decompose_pack_unpack(OpDef):
    """Populates patterns that decompose linalg.pack / linalg.unpack."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.linalg.decompose_pack_unpack"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_linalg_decompose_pad(OpDef):
    """Populates patterns that decompose tensor.pad into simpler ops."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.linalg.decompose_pad"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_linalg_tiling_canonicalization(OpDef):
    """Populates the canonicalization patterns useful after tiling."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.linalg.tiling_canonicalization"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_linalg_fold_unit_extent_dims_via_reshapes(OpDef):
    """Populates patterns that fold unit-extent dims via reshapes."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.linalg.fold_unit_extent_dims_via_reshapes"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_tensor_fold_tensor_subset_ops(OpDef):
    """Populates patterns that fold tensor subset ops into their producers/consumers."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.tensor.fold_tensor_subset_ops"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_tensor_fold_tensor_empty(OpDef):
    """Populates patterns that fold tensor.empty through reshapes and slices."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.tensor.fold_tensor_empty"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_memref_fold_memref_alias_ops(OpDef):
    """Populates patterns that fold memref alias ops into loads and stores."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.memref.fold_memref_alias_ops"
    assembly_format = "attr-dict"


@register_op
class ApplyPatterns_scf_for_loop_canonicalization(OpDef):
    """Populates canonicalization patterns for scf.for loops."""

    __slots__ = ()
    OP_NAME = "transform.apply_patterns.scf.for_loop_canonicalization"
    assembly_format = "attr-dict"


class _ToTarget(OpDef):
    __slots__ = ()
    target = operand_def(Handle)
    assembly_format = "`to` $target attr-dict `:` type($target)"


@register_op
class ApplyCseOp(_ToTarget):
    """Common subexpression elimination in each payload op."""

    __slots__ = ()
    OP_NAME = "transform.apply_cse"


@register_op
class ApplyLicmOp(_ToTarget):
    """Loop-invariant code motion out of each payload loop."""

    __slots__ = ()
    OP_NAME = "transform.apply_licm"


@register_op
class HoistLoopInvariantSubsetsOp(OpDef):
    """Hoists loop-invariant subset extraction/insertion pairs."""

    __slots__ = ()
    OP_NAME = "transform.loop.hoist_loop_invariant_subsets"
    target = operand_def(Handle)
    assembly_format = "$target attr-dict `:` type($target)"


_FALSE, _TRUE = A.FALSE, A.TRUE


@register_op
class OneShotBufferizeOp(OpDef):
    """One-shot bufferization of each payload op."""

    __slots__ = ()
    OP_NAME = "transform.bufferization.one_shot_bufferize"
    target = operand_def(Handle)
    function_boundary_type_conversion = prop_def(optional=True)
    allow_return_allocs_from_loops = prop_def(C.BoolAttr, default=_FALSE, populate=True)
    allow_unknown_ops = prop_def(C.BoolAttr, default=_FALSE, populate=True)
    bufferize_function_boundaries = prop_def(C.BoolAttr, default=_FALSE, populate=True)
    check_parallel_regions = prop_def(C.BoolAttr, default=_TRUE, populate=True)
    dump_alias_sets = prop_def(C.BoolAttr, default=_FALSE, populate=True)
    memcpy_op = prop_def(C.StrAttr, default=A.StringAttr("memref.copy"), populate=True)
    print_conflicts = prop_def(C.BoolAttr, default=_FALSE, populate=True)
    test_analysis_only = prop_def(C.BoolAttr, default=_FALSE, populate=True)
    transformed = result_def(Handle)
    assembly_format = (
        "(`layout` `{` $function_boundary_type_conversion^ `}`)? $target attr-dict "
        "`:` functional-type($target, results)"
    )


def schedule_ops(module: Operation) -> list[Operation]:
    """The top-level transform ops of ``module`` and of its nested modules
    that carry ``transform.with_named_sequence`` (what
    ``test-transform-dialect-erase-schedule`` removes)."""
    found: list[Operation] = []
    body = module.regions[0].blocks[0].operations if module.regions and module.regions[0].blocks else []
    for op in body:
        if op.name.startswith("transform."):
            found.append(op)
    return found


# -- debugging ------------------------------------------------------------------------


@register_op
class EmitRemarkAtOp(OpDef):
    """Emits a remark with ``message`` at each payload op of ``at``."""

    __slots__ = ()
    OP_NAME = "transform.debug.emit_remark_at"
    at = operand_def(Handle)
    message = prop_def(C.StrAttr)

    # Hand-written: a string attribute followed by `:` would parse as typed.
    @classmethod
    def parse(cls, p, state) -> None:
        ref = p.parse_operand()
        p.expect(",", "expected ','")
        state.properties["message"] = A.StringAttr(p.parse_string())
        state.attributes.update(p.parse_optional_attr_dict())
        state.operands = [p.resolve_operand(ref, p.parse_colon_type())]

    def print_custom(self, p) -> None:
        p.write(f" {p.value_name(self.at)}, {p.attr(self.message)}")
        p.print_optional_attr_dict(self.attributes)
        p.write(" : " + p.type(self.at.type))


@register_op
class EmitParamAsRemarkOp(OpDef):
    """Emits the values of a parameter as a remark, prefixed by ``message``."""

    __slots__ = ()
    OP_NAME = "transform.debug.emit_param_as_remark"
    param = operand_def(ParamType)
    anchor = opt_operand_def(Handle)
    message = prop_def(C.StrAttr, optional=True)

    @classmethod
    def parse(cls, p, state) -> None:
        refs = [p.parse_operand()]
        if p.accept(","):
            state.properties["message"] = A.StringAttr(p.parse_string())
        if p.accept_keyword("at"):
            refs.append(p.parse_operand())
        state.attributes.update(p.parse_optional_attr_dict())
        types = p.parse_colon_type_list()
        state.operands = p.resolve_operands(refs, types)

    def print_custom(self, p) -> None:
        p.write(" " + p.value_name(self.param))
        if self.message is not None:
            p.write(", " + p.attr(self.message))
        if self.anchor is not None:
            p.write(" at " + p.value_name(self.anchor))
        p.print_optional_attr_dict(self.attributes)
        p.write(" : " + ", ".join(p.type(v.type) for v in self.operands))
