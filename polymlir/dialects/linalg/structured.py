"""The linalg dialect: structured ops over tensors and buffers.

This module holds the machinery every structured op shares and the ops with
an explicit payload region of their own:

* helpers for the ``ins(...) outs(...) -> types`` syntax, iterator types
  (``#linalg.iterator_type<parallel>``, kept as opaque attributes) and the
  payload block (one argument per operand: the element type of a tensor or
  memref, the operand type itself otherwise);
* `LinalgStructuredOp`, the base of every op with the LinalgOp interface:
  destination-style checks (``verify_``) and, after the nested ops are
  verified, the structured-op checks of upstream's
  ``verifyStructuredOpInterface`` (``verify_regions_``);
* ``linalg.generic``, ``linalg.yield`` and ``linalg.index``;
* `create_op`, which builds payload ops by name (with the default-valued
  properties upstream materializes), and `generalize` / `build_generic`.

Other ops: ``custom_form`` (map, reduce, transpose, broadcast,
softmax), ``named`` (fill, copy, convolutions, pooling, ...),
``contract`` (matmul family, contract, elementwise) and
``relayout`` (pack, unpack, Winograd transforms).

Every structured op answers ``indexing_maps_array()``,
``iterator_types_array()``, ``dps_inputs()``/``dps_inits()``,
``payload_block()`` and ``generalize_spec()`` (maps, iterator types and a
payload builder): enough to generalize it to ``linalg.generic`` or lower it
to loops.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.affine_expr import AffineDimExpr, dim
from ...ir.affine_map import AffineMap
from ...ir.asm_format import typed_attr
from ...ir.core import Block, Operation, Region, Value
from ...ir.fields import prop_def, region_def, result_def, var_operand_def, var_result_def
from ...ir.interfaces import Effect, MemoryEffectsOp, TilingOp, read, static_sizes, write
from ...ir.opdef import OpDef
from ...ir.registry import lookup_op, register_op
from ...ir.traits import (
    DESTINATION_STYLE_OP_INTERFACE,
    LINALG_STRUCTURED_INTERFACE,
    PURE,
    RETURN_LIKE,
    SINGLE_BLOCK,
    TERMINATOR,
)
from ...parser.attr_parser import BaseParser

if TYPE_CHECKING:  # pragma: no cover
    from ...parser.parser import OpState, Parser

# -- small helpers ---------------------------------------------------------------

ITERATOR_KINDS = ("parallel", "reduction")
_ITER_PREFIX = "linalg.iterator_type<"
_ITER_ATTRS = {k: A.OpaqueAttr(f"{_ITER_PREFIX}{k}>") for k in ITERATOR_KINDS}
PARALLEL = "parallel"
REDUCTION = "reduction"


def iterator_attr(kind: str) -> A.Attribute:
    """``#linalg.iterator_type<kind>``."""
    return _ITER_ATTRS[kind]


def iterator_kind(a: A.Attribute) -> str | None:
    """``parallel``/``reduction`` for an iterator-type attribute (or string)."""
    if isinstance(a, A.OpaqueAttr) and a.text.startswith(_ITER_PREFIX) and a.text.endswith(">"):
        k = a.text[len(_ITER_PREFIX) : -1]
        return k if k in ITERATOR_KINDS else None
    if isinstance(a, A.StringAttr) and a.value in ITERATOR_KINDS:
        return a.value
    return None


def iterator_array(kinds: Sequence[str]) -> A.ArrayAttr:
    return A.ArrayAttr(tuple(_ITER_ATTRS[k] for k in kinds))


_STRING_ITERATORS: dict[tuple[str, ...], A.ArrayAttr] = {}


def _string_iterators(kinds: tuple[str, ...]) -> A.ArrayAttr:
    """``["parallel", ...]``, interned: the printer caches attributes by id."""
    a = _STRING_ITERATORS.get(kinds)
    if a is None:
        a = _STRING_ITERATORS[kinds] = A.ArrayAttr(tuple(A.StringAttr(k) for k in kinds))
    return a


def maps_array(maps: Sequence[AffineMap]) -> A.ArrayAttr:
    return A.ArrayAttr(tuple(A.AffineMapAttr(m) for m in maps))


def payload_arg_type(t: T.Type) -> T.Type:
    """The payload block argument type for an operand of type ``t``."""
    if isinstance(t, (T.MemRefType, T.RankedTensorType)):
        return t.element_type
    return t


def _is_shaped_operand(t: T.Type) -> bool:
    # A vector operand is one value of the iteration (rank 0), as upstream
    # reads it: `ins(%v : vector<2x4xf32>)` fills a tensor of vectors.
    return isinstance(t, T.ShapedType) and not isinstance(t, T.VectorType) and t.has_rank


def operand_rank(t: T.Type) -> int:
    return len(operand_shape(t))


def operand_shape(t: T.Type) -> tuple[int, ...]:
    return tuple(t.shape) if isinstance(t, T.ShapedType) and _is_shaped_operand(t) else ()


def _is_tensor(t: T.Type) -> bool:
    return isinstance(t, (T.RankedTensorType, T.UnrankedTensorType))


def _is_memref(t: T.Type) -> bool:
    return isinstance(t, (T.MemRefType, T.UnrankedMemRefType))


def inverse_permutation(m: AffineMap) -> AffineMap | None:
    """Upstream ``inversePermutation``: None if some dim is not a bare result."""
    if m.num_dims == 0 and m.num_symbols == 0 and not m.results:
        return m
    exprs: list = [None] * m.num_dims
    for i, e in enumerate(m.results):
        if isinstance(e, AffineDimExpr) and exprs[e.position] is None:
            exprs[e.position] = dim(i)
    seen = [e for e in exprs if e is not None]
    if len(seen) != m.num_dims + m.num_symbols:
        return None
    return AffineMap(len(m.results), 0, seen)


def concat_maps(maps: Sequence[AffineMap]) -> AffineMap:
    n = max((m.num_dims for m in maps), default=0)
    s = max((m.num_symbols for m in maps), default=0)
    return AffineMap(n, s, [e for m in maps for e in m.results])


def sorted_attrs(op: Operation, elided: Sequence[str] = ()) -> dict[str, A.Attribute]:
    """Inherent and discardable attributes merged, minus ``elided`` (upstream
    prints ``getAttrs()``, which merges both, sorted by name)."""
    d: dict[str, A.Attribute] = {}
    if isinstance(op.properties, dict):
        d.update(op.props)
    d.update(op.attributes)
    for k in elided:
        d.pop(k, None)
    return dict(sorted(d.items()))


# -- the ins/outs syntax ------------------------------------------------------------


def parse_structured_operands(p, state, segments: bool = True) -> tuple[list[T.Type], list[T.Type]]:
    """``<{props}>? attr-dict? (ins(%a, %b : t, u))? (outs(%c : v))?`` into
    ``state``; returns the input and output types."""
    has_props = p.kind == "<"
    if has_props:
        p.advance()
        props = p.parse_attr_dict_body()
        p.expect(">", "expected '>'")
        state.properties.update(props)
    attrs_pos = p.start
    add_attributes(state, p.parse_optional_attr_dict())
    if not has_props:
        check_inherent_attrs(p, state, attrs_pos)
    in_refs: list = []
    in_types: list[T.Type] = []
    out_refs: list = []
    out_types: list[T.Type] = []
    in_pos = out_pos = p.start
    if p.accept_keyword("ins"):
        p.expect("(", "expected '('")
        in_pos = p.start
        in_refs = p.parse_operand_list()
        in_types = p.parse_colon_type_list()
        p.expect(")", "expected ')'")
    if p.accept_keyword("outs"):
        out_pos = p.start
        p.expect("(", "expected '('")
        out_refs = p.parse_operand_list()
        out_types = p.parse_colon_type_list()
        p.expect(")", "expected ')'")
    state.operands = p.resolve_operands(in_refs, in_types, in_pos) + p.resolve_operands(out_refs, out_types, out_pos)
    if segments:
        state.properties["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, (len(in_refs), len(out_refs)))
    return in_types, out_types


def check_inherent_attrs(p, state, pos: int) -> None:
    """Upstream verifies inherent attributes given in an attribute dictionary
    while parsing (``verifyInherentAttrs``)."""
    cls = state.op_class
    if cls is None:
        return
    for d in cls._fields.get("prop", []):
        v = state.properties.get(d.attr_name)
        if v is not None and not d.constraint(v):
            custom_error(
                p,
                state,
                f"'{state.name}' op attribute '{d.attr_name}' failed to satisfy constraint: {d.constraint.description}",
                pos,
            )


def add_attributes(state, attrs: dict[str, A.Attribute]) -> None:
    """Attributes of a custom form: inherent ones become properties."""
    if not attrs:
        return
    names = state.op_class.property_names() if state.op_class is not None else frozenset()
    for k, v in attrs.items():
        if k in names:
            state.properties[k] = v
        else:
            state.attributes[k] = v


def custom_error(p: Parser, state: OpState, message: str, pos: int | None = None) -> NoReturn:
    """An error of a custom parser, prefixed as upstream's ``emitError``."""
    p.error(f"custom op '{state.name}' {message}", pos)


def parse_result_types(p) -> list[T.Type]:
    """An optional ``-> type`` or ``-> (types)``."""
    if not p.accept("->"):
        return []
    return p.parse_function_result_types()


def print_ins_outs(p, ins: Sequence[Value], outs: Sequence[Value]) -> None:
    if ins:
        p.write(" ins(" + p.operands_str(ins) + " : " + ", ".join(p.type(v.type) for v in ins) + ")")
    if outs:
        p.write(" outs(" + p.operands_str(outs) + " : " + ", ".join(p.type(v.type) for v in outs) + ")")


def print_result_types(p, types: Sequence[T.Type]) -> None:
    if types:
        p.write(" -> " + T.format_result_types(list(types), p))


# -- the structured op base ---------------------------------------------------------


@dataclass(frozen=True)
class GeneralizeSpec:
    """What a ``linalg.generic`` replacing a structured op needs: its indexing
    maps, iterator types, and a function that fills the payload block (whose
    arguments, one per operand, already exist) including the yield."""

    indexing_maps: list[AffineMap]
    iterator_types: list[str]
    build_payload: Callable[[Block], None]


RankedTensorResults = C.TypeConstraint(
    "variadic of ranked tensor of any type values", lambda t: isinstance(t, T.RankedTensorType)
)
ShapedOperands = C.TypeConstraint("variadic of shaped of any type values", lambda t: isinstance(t, T.ShapedType))
AnyOperands = C.TypeConstraint("variadic of any type", lambda t: True)


class LinalgStructuredOp(OpDef, MemoryEffectsOp, TilingOp):
    """Base of the ops implementing upstream's LinalgOp interface.

    Subclasses give ``indexing_maps_array``, ``iterator_types_array`` and the
    split of operands into ``dps_inputs``/``dps_inits``. On buffers the op
    reads its inputs and writes its inits (reading those its payload uses);
    on tensors it has no memory effect. Its loops are tileable."""

    __slots__ = ()
    traits = frozenset({SINGLE_BLOCK, LINALG_STRUCTURED_INTERFACE, DESTINATION_STYLE_OP_INTERFACE})
    default_dialect = ""
    # Declared by every subclass (as operand fields).
    inputs: list[Value]
    outputs: list[Value]

    # -- interface -------------------------------------------------------------------
    def dps_inputs(self) -> list[Value]:
        return self.inputs

    def dps_inits(self) -> list[Value]:
        return self.outputs

    def indexing_maps_array(self) -> list[AffineMap]:
        raise NotImplementedError

    def iterator_types_array(self) -> list[str]:
        raise NotImplementedError

    @property
    def num_loops(self) -> int:
        return len(self.iterator_types_array())

    def payload_block(self) -> Block | None:
        r = self.regions[0] if self.regions else None
        return r.blocks[0] if r is not None and r.blocks else None

    def generalize_spec(self) -> GeneralizeSpec:
        """The equivalent ``linalg.generic``'s maps, iterators and payload
        (here: a copy of this op's region; named ops build theirs)."""
        src = self.payload_block()

        def build(block: Block) -> None:
            if src is None:
                return
            mapping: dict = dict(zip(src.arguments, block.arguments, strict=False))
            for op in src.operations:
                block.append(op.clone(mapping))

        return GeneralizeSpec(self.indexing_maps_array(), self.iterator_types_array(), build)

    # -- MemoryEffectsOp (upstream's getGenericEffectsImpl) -------------------------------
    def memory_effects(self) -> list[Effect]:
        out = [read(v) for v in self.dps_inputs() if _is_memref(v.type)]
        blk = self.payload_block()
        n_in = len(self.dps_inputs())
        for k, v in enumerate(self.dps_inits()):
            if not _is_memref(v.type):
                continue
            if blk is None or len(blk.arguments) <= n_in + k or blk.arguments[n_in + k].uses:
                out.append(read(v))
            out.append(write(v))
        return out

    # -- TilingOp ------------------------------------------------------------------------
    def loop_iterator_types(self) -> list[str]:
        return self.iterator_types_array()

    def iteration_domain_sizes(self) -> list[int | None]:
        sizes = self.static_loop_ranges()
        return static_sizes(sizes, T.DYNAMIC) if sizes is not None else [None] * self.num_loops

    def has_pure_tensor_semantics(self) -> bool:
        return all(not _is_memref(v.type) for v in self.operands) and all(_is_tensor(v.type) for v in self.dps_inits())

    def has_pure_buffer_semantics(self) -> bool:
        return all(not _is_tensor(v.type) for v in self.operands)

    def static_loop_ranges(self) -> list[int] | None:
        """Loop extents from static operand shapes (DYNAMIC when unknown);
        None when the indexing maps are not invertible."""
        maps = self.indexing_maps_array()
        inv = inverse_permutation(concat_maps(maps))
        if inv is None:
            return None
        sizes = [s for v in self.operands for s in operand_shape(v.type)]
        return [sizes[e.position] for e in inv.results]  # type: ignore[attr-defined]  # an inverse permutation: dims only

    # -- verification ---------------------------------------------------------------
    def verify_(self) -> None:
        self.verify_destination_style()

    def verify_destination_style(self) -> None:
        inits = self.dps_inits()
        n_in = len(self.operands) - len(inits)
        tensor_inits = []
        for i, v in enumerate(inits):
            if _is_tensor(v.type):
                tensor_inits.append((n_in + i, v))
            elif not _is_memref(v.type):
                raise self.op_error(f"expected that operand #{n_in + i} is a tensor or a memref")
        n_tensor_results = sum(1 for r in self.results if _is_tensor(r.type))
        if n_tensor_results != len(tensor_inits):
            raise self.op_error(
                f"expected the number of tensor results ({n_tensor_results}) to be equal to the "
                f"number of output tensors ({len(tensor_inits)})"
            )
        for (num, v), r in zip(tensor_inits, self.results, strict=True):
            if r.type != v.type:
                raise self.op_error(
                    f"expected type of operand #{num} ('{v.type}') to match type of corresponding result ('{r.type}')"
                )

    def verify_indexing_map_required_attrs(self) -> None:
        """Check the attributes the indexing maps depend on (strides, ...)."""

    def verify_regions_(self) -> None:
        # SingleBlockImplicitTerminator<"linalg.yield"> (a region trait).
        for r in self.regions:
            for b in r.blocks:
                last = b.operations[-1] if b.operations else None
                if last is not None and last.name != "linalg.yield":
                    raise self.op_error(f"expects regions to end with 'linalg.yield', found '{last.name}'").attach_note(
                        "in custom textual format, the absence of terminator implies 'linalg.yield'", self.loc
                    )
        self.verify_structured_op()

    def verify_structured_op(self) -> None:
        """Upstream's ``verifyStructuredOpInterface``."""
        # Mixed tensor/buffer operands are not allowed (with or without results).
        if self.operands and not self.has_pure_tensor_semantics() and not self.has_pure_buffer_semantics():
            raise self.op_error("expected to have pure tensor or buffer semantics")
        self.verify_indexing_map_required_attrs()
        maps = self.indexing_maps_array()
        operands = self.operands
        if len(maps) != len(operands):
            raise self.op_error(
                f"expected the number of indexing_map ({len(maps)}) to be equal to the number of "
                f"input/output operands ({len(operands)})"
            )
        num_loops = self.num_loops
        for i, (m, v) in enumerate(zip(maps, operands, strict=True)):
            if m.num_symbols:
                raise self.op_error(f"unexpected symbols in indexing_map #{i}")
            if m.num_dims != num_loops:
                raise self.op_error(
                    f"expected indexing_map #{i} to have {num_loops} dim(s) to match the number of loops"
                )
            rank = operand_rank(v.type)
            if len(m.results) != rank:
                raise self.op_error(
                    f"expected operand #{i} rank ({rank}) to match the result rank of indexing_map ({len(m.results)})"
                )
        loops = concat_maps(maps)
        inv = inverse_permutation(loops)
        if inv is None:
            raise self.op_error(f"invalid indexing maps are non-invertible: ({loops})")
        sizes = [s for v in operands for s in operand_shape(v.type)]
        ends = [sizes[e.position] for e in inv.results]  # type: ignore[attr-defined]  # an inverse permutation: dims only
        if T.DYNAMIC not in ends:
            ends = [e - 1 for e in ends]
            starts = [0] * len(ends)
            for i, (m, v) in enumerate(zip(maps, operands, strict=True)):
                shape = operand_shape(v.type)
                if not shape:
                    continue
                lo = m.evaluate(starts)
                hi = m.evaluate(ends)
                for d, size in enumerate(shape):
                    if size == T.DYNAMIC or size == 0:
                        continue
                    inferred = max(lo[d], hi[d]) + 1
                    if min(lo[d], hi[d]) < 0:
                        raise self.op_error(f"unexpected result less than 0 at expression #{d} in {m}")
                    if isinstance(m.results[d], AffineDimExpr):
                        if inferred != size:
                            raise self.op_error(
                                f"inferred input/output operand #{i} has shape's dimension #{d} "
                                f"to be {inferred}, but found {size}"
                            )
                    elif inferred > size:
                        raise self.op_error(
                            f"inferred input/output operand #{i} has shape's dimension #{d} to be "
                            f"greater than or equal to {inferred}, but found {size}"
                        )
        if len(self.regions) != 1 or len(self.regions[0].blocks) != 1:
            raise self.op_error("expects to have 1 region with 1 block")
        block = self.regions[0].blocks[0]
        if len(block.arguments) != len(operands):
            raise self.op_error(
                "expected as many non-induction variable region arguments as the number of input/output operands"
            )
        for i, v in enumerate(operands):
            et = payload_arg_type(v.type)
            at = block.arguments[i].type
            if et != at:
                raise self.op_error(
                    f"expected type of bb argument #{i} ('{at}') to match element or self type of "
                    f"the corresponding operand ('{et}')"
                )


# -- linalg.generic -------------------------------------------------------------------

AffineMapArrayAttr = C.attr_of(
    A.ArrayAttr, "AffineMap array attribute", lambda a: all(isinstance(x, A.AffineMapAttr) for x in a)
)
IteratorTypeArrayAttr = C.attr_of(
    A.ArrayAttr,
    "Iterator type should be an enum.",
    lambda a: all(iterator_kind(x) is not None and not isinstance(x, A.StringAttr) for x in a),
)
_GENERIC_TRAIT_ATTRS = ("doc", "indexing_maps", "iterator_types", "library_call")


@register_op
class GenericOp(LinalgStructuredOp):
    """``linalg.generic``: a perfect loop nest given by indexing maps,
    iterator types and a scalar payload region."""

    __slots__ = ()
    OP_NAME = "linalg.generic"
    inputs = var_operand_def(AnyOperands)
    outputs = var_operand_def(ShapedOperands)
    result_tensors = var_result_def(RankedTensorResults)
    indexing_maps = prop_def(AffineMapArrayAttr)
    iterator_types = prop_def(IteratorTypeArrayAttr)
    doc = prop_def(C.StrAttr, optional=True)
    library_call = prop_def(C.StrAttr, optional=True)
    region = region_def()

    def indexing_maps_array(self) -> list[AffineMap]:
        return [a.value for a in self.indexing_maps]

    def asm_block_arg_names(self, region: Region) -> list[str]:
        # Upstream: `^bb0(%in: f32, %in_0: f32, %out: f32)`.
        n_in = len(self.dps_inputs())
        return ["in"] * n_in + ["out"] * (len(region.blocks[0].arguments) - n_in)

    def iterator_types_array(self) -> list[str]:
        return [iterator_kind(a) or "" for a in self.iterator_types]

    @classmethod
    def parse(cls, p, state) -> None:
        pos = p.start
        d = p.parse_attribute()
        if not isinstance(d, A.DictionaryAttr):
            p.error("invalid kind of attribute specified", pos)
        attrs = d.as_dict()
        its = attrs.get("iterator_types")
        if not isinstance(its, A.ArrayAttr):
            custom_error(p, state, 'expected "iterator_types" array attribute', pos)
        kinds = []
        for a in its:
            k = iterator_kind(a)
            if k is None:
                shown = a.value if isinstance(a, A.StringAttr) else str(a)
                custom_error(p, state, f"unexpected iterator_type ({shown})")
            kinds.append(k)
        attrs["iterator_types"] = iterator_array(kinds)
        add_attributes(state, attrs)
        in_types, out_types = parse_structured_operands(p, state)
        if p.accept_keyword("attrs"):
            p.expect("=", "expected '='")
            add_attributes(state, p.parse_optional_attr_dict())
        state.regions.append(p.parse_region())
        state.result_types = parse_result_types(p)

    def print_custom(self, p) -> None:
        props = self.props
        trait = {}
        for k in _GENERIC_TRAIT_ATTRS:
            v = props.get(k)
            if v is None:
                continue
            if k == "iterator_types" and isinstance(v, A.ArrayAttr):
                v = _string_iterators(tuple(iterator_kind(x) or "" for x in v))
            trait[k] = v
        p.write(" ")
        if trait:
            p.write("{" + A.format_named_attrs(list(trait.items()), p) + "}")
        print_ins_outs(p, self.inputs, self.outputs)
        extra = sorted_attrs(self, _GENERIC_TRAIT_ATTRS + ("operandSegmentSizes",))
        if extra:
            p.write(" attrs = ")
            p.print_optional_attr_dict(extra)
        if self.regions and self.regions[0].blocks:
            p.write(" ")
            p.print_region(self.regions[0], print_entry_args=True, print_terminators=True)
        print_result_types(p, self.result_types)

    def print_custom_ok(self) -> bool:
        return (
            isinstance(its := self.props.get("iterator_types"), A.ArrayAttr)
            and all(iterator_kind(a) is not None for a in its)
            and isinstance(self.props.get("operandSegmentSizes"), A.DenseArrayAttr)
            and len(self.regions) == 1
        )


# -- linalg.yield / linalg.index ------------------------------------------------------------


@register_op
class YieldOp(OpDef):
    """``linalg.yield``: the payload's values for the outputs."""

    __slots__ = ()
    OP_NAME = "linalg.yield"
    traits = frozenset({TERMINATOR, PURE, RETURN_LIKE})
    values = var_operand_def()
    assembly_format = "attr-dict ($values^ `:` type($values))?"

    def verify_(self) -> None:
        parent = self.parent_op
        if parent is None or len(parent.regions) != 1 or not parent.regions[0].blocks:
            raise self.op_error("expected single non-empty parent region")
        if not isinstance(parent, LinalgStructuredOp):
            raise self.op_error("expected parent op with LinalgOp interface")
        inits = parent.dps_inits()
        vals = self.operands
        if len(vals) != len(inits):
            raise self.op_error(
                f"expected number of yield values ({len(vals)}) to match the number of inits / outs "
                f"operands of the enclosing LinalgOp ({len(inits)})"
            )
        for i, (v, init) in enumerate(zip(vals, inits, strict=True)):
            et = payload_arg_type(init.type)
            if v.type != et:
                raise self.op_error(
                    f"type of yield operand {i + 1} ('{v.type}') doesn't match the element type of "
                    f"the enclosing linalg.generic op ('{et}')"
                )


NonNegI64Attr = typed_attr(
    C.AttrConstraint(
        "64-bit signless integer attribute whose minimum value is 0",
        lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i64 and a.value >= 0,
    ),
    T.i64,
)


@register_op
class IndexOp(OpDef):
    """``linalg.index``: the index of loop ``dim`` of the enclosing op."""

    __slots__ = ()
    OP_NAME = "linalg.index"
    traits = frozenset({PURE})
    dim = prop_def(NonNegI64Attr)
    result = result_def(C.Index)
    assembly_format = "$dim attr-dict `:` type($result)"

    def verify_(self) -> None:
        parent = self.parent_op
        if not isinstance(parent, LinalgStructuredOp):
            raise self.op_error("expected parent op with LinalgOp interface")
        n = parent.num_loops
        d = self.dim.value
        if n <= d:
            raise self.op_error(
                f"expected dim ({d}) to be lower than the number of loops ({n}) of the enclosing LinalgOp"
            )


# -- building payload ops ---------------------------------------------------------------


def create_op(
    name: str,
    operands: Sequence[Value],
    result_types: Sequence[T.Type],
    attrs: dict[str, A.Attribute] | None = None,
    loc: A.Location | None = None,
) -> Operation:
    """Build op ``name``; inherent attributes become properties and unset
    default-valued properties get their default (as upstream materializes
    them), so the generic form prints like upstream's."""
    names, defaults = _op_defaults(name)
    props: dict[str, A.Attribute] = dict(defaults)
    discardable: dict[str, A.Attribute] = {}
    for k, v in (attrs or {}).items():
        if k in names or k in defaults:
            props[k] = v
        else:
            discardable[k] = v
    return Operation.create(
        name,
        operands=list(operands),
        result_types=list(result_types),
        attributes=discardable,
        properties=props,
        loc=loc,
    )


_OP_DEFAULTS: dict[str, tuple[frozenset[str], dict[str, A.Attribute]]] = {}


def _op_defaults(name: str) -> tuple[frozenset[str], dict[str, A.Attribute]]:
    """Property names and default-valued properties of op ``name``."""

    got = _OP_DEFAULTS.get(name)
    if got is None:
        cls = lookup_op(name)
        defaults = _fallback_defaults(name)
        names: frozenset[str] = frozenset()
        if cls is not None:
            # The op's own declaration wins over the fallback table.
            names = cls.property_names()
            defaults = {k: v for k, v in defaults.items() if k in names}
            for d in cls._fields.get("prop", []):
                if d.default is not None:
                    defaults[d.attr_name] = d.default
        got = _OP_DEFAULTS[name] = (names, defaults)
    return got


def _fastmath_none() -> A.Attribute:
    return _parse_attr("#arith.fastmath<none>")


def _overflow_none() -> A.Attribute:
    return _parse_attr("#arith.overflow<none>")


_ATTR_CACHE: dict[str, A.Attribute] = {}


def _parse_attr(text: str) -> A.Attribute:
    a = _ATTR_CACHE.get(text)
    if a is None:
        a = BaseParser(text, "<linalg>").parse_attribute()
        _ATTR_CACHE[text] = a
    return a


# Default-valued properties of the payload ops linalg builds, used when their
# dialect does not declare them (upstream always materializes them).
_FASTMATH_OPS = (
    "arith.addf",
    "arith.subf",
    "arith.mulf",
    "arith.divf",
    "arith.maximumf",
    "arith.minimumf",
    "arith.negf",
    "arith.remf",
    "math.exp",
    "math.log",
    "math.absf",
    "math.ceil",
    "math.floor",
    "math.round",
    "math.sqrt",
    "math.rsqrt",
    "math.tanh",
    "math.erf",
    "math.powf",
    "arith.cmpf",
)
_OVERFLOW_OPS = ("arith.addi", "arith.subi", "arith.muli", "arith.trunci", "arith.shli")


def _fallback_defaults(name: str) -> dict[str, A.Attribute]:
    if name in _FASTMATH_OPS:
        return {"fastmath": _fastmath_none()}
    if name in _OVERFLOW_OPS:
        return {"overflowFlags": _overflow_none()}
    return {}


def _region_with_args(types: Sequence[T.Type], locs: Sequence[A.Location] | None = None) -> tuple[Region, Block]:
    """A region with one block of arguments ``types`` (unknown locations
    unless ``locs`` are given, as upstream's builders do)."""
    r = Region()
    b = r.add_block(Block(list(types), list(locs) if locs is not None else [A.UNKNOWN_LOC] * len(types)))
    return r, b


def value_loc(v: Value) -> A.Location:
    """The location of a value: its defining op's, or the block argument's."""
    loc = getattr(v, "loc", None)
    if loc is None:
        owner = getattr(v, "owner", None)
        loc = owner.loc if isinstance(owner, Operation) else None
    return loc if isinstance(loc, A.Location) else A.UNKNOWN_LOC


# -- generalization -----------------------------------------------------------------------


def build_generic(
    spec: GeneralizeSpec,
    inputs: Sequence[Value],
    outputs: Sequence[Value],
    result_types: Sequence[T.Type],
    loc: A.Location | None = None,
) -> GenericOp:
    """A new (detached) ``linalg.generic`` computing what ``spec`` describes."""
    r, b = _region_with_args([payload_arg_type(v.type) for v in list(inputs) + list(outputs)])
    spec.build_payload(b)
    props = {
        "indexing_maps": maps_array(spec.indexing_maps),
        "iterator_types": iterator_array(spec.iterator_types),
        "operandSegmentSizes": A.DenseArrayAttr(T.i32, (len(inputs), len(outputs))),
    }
    return GenericOp.create(
        operands=list(inputs) + list(outputs), result_types=list(result_types), properties=props, regions=[r], loc=loc
    )


def generalize(op: LinalgStructuredOp) -> GenericOp:
    """Replace structured op ``op`` (in a block) by the equivalent
    ``linalg.generic``, as upstream's ``linalg-generalize-named-ops`` does;
    returns the new op. A generic op is returned unchanged."""
    if isinstance(op, GenericOp):
        return op
    g = build_generic(op.generalize_spec(), op.dps_inputs(), op.dps_inits(), op.result_types, op.loc)
    if op.parent is not None:
        op.parent.insert_before(op, g)
    op.replace_all_uses_with(g.results)
    op.erase()
    return g
