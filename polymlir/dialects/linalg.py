"""The linalg dialect: structured ops over tensors and buffers.

This module holds the machinery every structured op shares and the ops with
an explicit payload region:

* helpers for the ``ins(...) outs(...) -> types`` syntax, iterator types
  (``#linalg.iterator_type<parallel>``, kept as opaque attributes) and the
  payload block (one argument per operand: the element type of a tensor or
  memref, the operand type itself otherwise);
* `LinalgStructuredOp`, the base of every op with the LinalgOp interface:
  destination-style checks (``verify_``) and, after the nested ops are
  verified, the structured-op checks of upstream's
  ``verifyStructuredOpInterface`` (``verify_regions_``);
* ``linalg.generic``, ``linalg.yield``, ``linalg.index``, ``linalg.map``,
  ``linalg.reduce``, ``linalg.transpose``, ``linalg.broadcast`` and
  ``linalg.softmax``.

Named ops (matmul, convolutions, ...) live in ``linalg_named``.

Every structured op answers ``indexing_maps_array()``,
``iterator_types_array()`` and ``payload_block()``: enough to generalize it
to ``linalg.generic`` or lower it to loops.
"""

from __future__ import annotations

from typing import Sequence

from ..affine.expr import AffineMap, AffineDimExpr, dim
from ..ir import attributes as A
from ..ir import constraints as C
from ..ir import types as T
from ..ir.asm_format import typed_attr
from ..ir.core import Block, Operation, Region, Value
from ..ir.fields import operand, prop, region, result, var_operand, var_result
from ..ir.opdef import PURE, SINGLE_BLOCK, TERMINATOR, OpDef, register_op

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
        k = a.text[len(_ITER_PREFIX):-1]
        return k if k in ITERATOR_KINDS else None
    if isinstance(a, A.StringAttr) and a.value in ITERATOR_KINDS:
        return a.value
    return None


def iterator_array(kinds: Sequence[str]) -> A.ArrayAttr:
    return A.ArrayAttr(tuple(_ITER_ATTRS[k] for k in kinds))


def maps_array(maps: Sequence[AffineMap]) -> A.ArrayAttr:
    return A.ArrayAttr(tuple(A.AffineMapAttr(m) for m in maps))


def payload_arg_type(t: T.Type) -> T.Type:
    """The payload block argument type for an operand of type ``t``."""
    if isinstance(t, (T.MemRefType, T.RankedTensorType)):
        return t.element_type
    return t


def operand_rank(t: T.Type) -> int:
    if isinstance(t, T.ShapedType) and t.has_rank:
        return len(t.shape)
    return 0


def operand_shape(t: T.Type) -> tuple[int, ...]:
    if isinstance(t, T.ShapedType) and t.has_rank:
        return tuple(t.shape)
    return ()


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
        d.update(op.properties)
    d.update(op.attributes)
    for k in elided:
        d.pop(k, None)
    return dict(sorted(d.items()))


# -- the ins/outs syntax ------------------------------------------------------------


def parse_structured_operands(p, state, segments: bool = True) -> tuple[list[T.Type], list[T.Type]]:
    """``<{props}>? attr-dict? (ins(%a, %b : t, u))? (outs(%c : v))?`` into
    ``state``; returns the input and output types."""
    if p.kind == "<":
        p.advance()
        props = p.parse_attr_dict_body()
        p.expect(">", "expected '>'")
        state.properties.update(props)
    add_attributes(state, p.parse_optional_attr_dict())
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
    state.operands = (p.resolve_operands(in_refs, in_types, in_pos)
                      + p.resolve_operands(out_refs, out_types, out_pos))
    if segments:
        state.properties["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, (len(in_refs), len(out_refs)))
    return in_types, out_types


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


def custom_error(p, state, message: str, pos: int | None = None):
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


def print_attr_dict(p, attrs: dict[str, A.Attribute]) -> None:
    p.print_optional_attr_dict(attrs)


# -- the structured op base ---------------------------------------------------------

RankedTensorResults = C.TypeConstraint("variadic of ranked tensor of any type values",
                                       lambda t: isinstance(t, T.RankedTensorType))
ShapedOperands = C.TypeConstraint("variadic of shaped of any type values", lambda t: isinstance(t, T.ShapedType))
AnyOperands = C.TypeConstraint("variadic of any type", lambda t: True)


class LinalgStructuredOp(OpDef):
    """Base of the ops implementing upstream's LinalgOp interface.

    Subclasses give ``indexing_maps_array``, ``iterator_types_array`` and the
    split of operands into ``dps_inputs``/``dps_inits``."""

    __slots__ = ()
    traits = frozenset({SINGLE_BLOCK, "LinalgStructuredInterface", "DestinationStyleOpInterface"})
    default_dialect = ""

    # -- interface -------------------------------------------------------------------
    def dps_inputs(self) -> list[Value]:
        return self.inputs  # type: ignore[attr-defined]

    def dps_inits(self) -> list[Value]:
        return self.outputs  # type: ignore[attr-defined]

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

    def has_pure_tensor_semantics(self) -> bool:
        return all(not _is_memref(v.type) for v in self.operands) and \
            all(_is_tensor(v.type) for v in self.dps_inits())

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
        return [sizes[e.position] for e in inv.results]  # type: ignore[attr-defined]

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
            raise self.op_error(f"expected the number of tensor results ({n_tensor_results}) to be equal to the "
                                f"number of output tensors ({len(tensor_inits)})")
        for (num, v), r in zip(tensor_inits, self.results):
            if r.type != v.type:
                raise self.op_error(f"expected type of operand #{num} ('{v.type}') to match type of corresponding "
                                    f"result ('{r.type}')")

    def verify_indexing_map_required_attrs(self) -> None:
        """Check the attributes the indexing maps depend on (strides, ...)."""

    def verify_regions_(self) -> None:
        self.verify_structured_op()

    def verify_structured_op(self) -> None:
        """Upstream's ``verifyStructuredOpInterface``."""
        if self.results and not self.has_pure_tensor_semantics() and not self.has_pure_buffer_semantics():
            raise self.op_error("expected to have pure tensor or buffer semantics")
        self.verify_indexing_map_required_attrs()
        maps = self.indexing_maps_array()
        operands = self.operands
        if len(maps) != len(operands):
            raise self.op_error(f"expected the number of indexing_map ({len(maps)}) to be equal to the number of "
                                f"input/output operands ({len(operands)})")
        num_loops = self.num_loops
        for i, (m, v) in enumerate(zip(maps, operands)):
            if m.num_symbols:
                raise self.op_error(f"unexpected symbols in indexing_map #{i}")
            if m.num_dims != num_loops:
                raise self.op_error(f"expected indexing_map #{i} to have {num_loops} dim(s) to match the number "
                                    f"of loops")
            rank = operand_rank(v.type)
            if len(m.results) != rank:
                raise self.op_error(f"expected operand #{i} rank ({rank}) to match the result rank of indexing_map "
                                    f"({len(m.results)})")
        loops = concat_maps(maps)
        inv = inverse_permutation(loops)
        if inv is None:
            raise self.op_error(f"invalid indexing maps are non-invertible: ({loops})")
        sizes = [s for v in operands for s in operand_shape(v.type)]
        ends = [sizes[e.position] for e in inv.results]  # type: ignore[attr-defined]
        if T.DYNAMIC not in ends:
            ends = [e - 1 for e in ends]
            starts = [0] * len(ends)
            for i, (m, v) in enumerate(zip(maps, operands)):
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
                            raise self.op_error(f"inferred input/output operand #{i} has shape's dimension #{d} "
                                                f"to be {inferred}, but found {size}")
                    elif inferred > size:
                        raise self.op_error(f"inferred input/output operand #{i} has shape's dimension #{d} to be "
                                            f"greater than or equal to {inferred}, but found {size}")
        if len(self.regions) != 1 or len(self.regions[0].blocks) != 1:
            raise self.op_error("expects to have 1 region with 1 block")
        block = self.regions[0].blocks[0]
        if len(block.arguments) != len(operands):
            raise self.op_error("expected as many non-induction variable region arguments as the number of "
                                "input/output operands")
        for i, v in enumerate(operands):
            et = payload_arg_type(v.type)
            at = block.arguments[i].type
            if et != at:
                raise self.op_error(f"expected type of bb argument #{i} ('{at}') to match element or self type of "
                                    f"the corresponding operand ('{et}')")


# -- linalg.generic -------------------------------------------------------------------

AffineMapArrayAttr = C.AttrConstraint(
    "AffineMap array attribute",
    lambda a: isinstance(a, A.ArrayAttr) and all(isinstance(x, A.AffineMapAttr) for x in a))
IteratorTypeArrayAttr = C.AttrConstraint(
    "Iterator type should be an enum.",
    lambda a: isinstance(a, A.ArrayAttr) and all(iterator_kind(x) is not None and not isinstance(x, A.StringAttr)
                                                 for x in a))
_GENERIC_TRAIT_ATTRS = ("doc", "indexing_maps", "iterator_types", "library_call")


@register_op
class GenericOp(LinalgStructuredOp):
    """``linalg.generic``: a perfect loop nest given by indexing maps,
    iterator types and a scalar payload region."""

    __slots__ = ()
    OP_NAME = "linalg.generic"
    inputs = var_operand(AnyOperands)
    outputs = var_operand(ShapedOperands)
    result_tensors = var_result(RankedTensorResults)
    indexing_maps = prop(AffineMapArrayAttr)
    iterator_types = prop(IteratorTypeArrayAttr)
    doc = prop(C.StrAttr, optional=True)
    library_call = prop(C.StrAttr, optional=True)
    body = region(name="region")

    def indexing_maps_array(self) -> list[AffineMap]:
        return [a.value for a in self.indexing_maps]  # type: ignore[attr-defined]

    def iterator_types_array(self) -> list[str]:
        return [iterator_kind(a) or "" for a in self.iterator_types]  # type: ignore[attr-defined]

    @classmethod
    def parse(cls, p, state) -> None:
        pos = p.start
        d = p.parse_attribute()
        if not isinstance(d, A.DictionaryAttr):
            p.error("invalid kind of attribute specified", pos)
        attrs = d.as_dict()
        its = attrs.get("iterator_types")
        if not isinstance(its, A.ArrayAttr):
            custom_error(p, state, "expected iterator_types array attribute", pos)
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
        props = self.properties
        trait = {}
        for k in _GENERIC_TRAIT_ATTRS:
            v = props.get(k)
            if v is None:
                continue
            if k == "iterator_types" and isinstance(v, A.ArrayAttr):
                v = A.ArrayAttr(tuple(A.StringAttr(iterator_kind(x) or "") for x in v))
            trait[k] = v
        p.write(" ")
        if trait:
            p.write("{" + A.format_named_attrs(list(trait.items()), p) + "}")
        print_ins_outs(p, self.inputs, self.outputs)  # type: ignore[attr-defined]
        extra = sorted_attrs(self, _GENERIC_TRAIT_ATTRS + ("operandSegmentSizes",))
        if extra:
            p.write(" attrs = ")
            p.print_optional_attr_dict(extra)
        if self.regions and self.regions[0].blocks:
            p.write(" ")
            p.print_region(self.regions[0], print_entry_args=True, print_terminators=True)
        print_result_types(p, self.result_types)

    def print_custom_ok(self) -> bool:
        return isinstance(self.properties.get("iterator_types"), A.ArrayAttr) and \
            all(iterator_kind(a) is not None for a in self.properties["iterator_types"]) and \
            isinstance(self.properties.get("operandSegmentSizes"), A.DenseArrayAttr) and \
            len(self.regions) == 1


# -- linalg.yield / linalg.index ------------------------------------------------------------


@register_op
class YieldOp(OpDef):
    """``linalg.yield``: the payload's values for the outputs."""

    __slots__ = ()
    OP_NAME = "linalg.yield"
    traits = frozenset({TERMINATOR, PURE, "ReturnLike"})
    values = var_operand()
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
            raise self.op_error(f"expected number of yield values ({len(vals)}) to match the number of inits / outs "
                                f"operands of the enclosing LinalgOp ({len(inits)})")
        for i, (v, init) in enumerate(zip(vals, inits)):
            et = payload_arg_type(init.type)
            if v.type != et:
                raise self.op_error(f"type of yield operand {i + 1} ('{v.type}') doesn't match the element type of "
                                    f"the enclosing linalg.generic op ('{et}')")


NonNegI64Attr = typed_attr(C.AttrConstraint(
    "64-bit signless integer attribute whose minimum value is 0",
    lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i64 and a.value >= 0), T.i64)


@register_op
class IndexOp(OpDef):
    """``linalg.index``: the index of loop ``dim`` of the enclosing op."""

    __slots__ = ()
    OP_NAME = "linalg.index"
    traits = frozenset({PURE})
    dim = prop(NonNegI64Attr)
    result_ = result(C.Index, name="result")
    assembly_format = "$dim attr-dict `:` type($result)"

    def verify_(self) -> None:
        parent = self.parent_op
        if not isinstance(parent, LinalgStructuredOp):
            raise self.op_error("expected parent op with LinalgOp interface")
        n = parent.num_loops
        d = self.dim.value  # type: ignore[attr-defined]
        if n <= d:
            raise self.op_error(f"expected dim ({d}) to be lower than the number of loops ({n}) of the enclosing "
                                f"LinalgOp")


# -- ops with a short payload form: map / reduce -----------------------------------------

_FASTMATH_NONE = "#arith.fastmath<none>"


def payload_op_attrs(op: Operation) -> dict[str, A.Attribute]:
    return sorted_attrs(op)


def find_payload_op(block: Block, operands: Sequence[Value], out_type: T.Type) -> Operation | None:
    """The single payload op of a ``{ payload }`` short form, if ``block`` is
    exactly ``%r = payload(operands...)`` + ``linalg.yield %r``."""
    ops = block.operations
    if len(ops) != 2:
        return None
    op, y = ops
    if y.name != "linalg.yield" or op.regions or op.successors or len(op.results) != 1:
        return None
    if y.operands != op.results or op.result_types[0] != out_type:
        return None
    got = op.operands
    if not got or len(got) != len(operands) or any(a is not b for a, b in zip(got, operands)):
        return None
    return op


def print_short_form(p, op: Operation) -> None:
    attrs = payload_op_attrs(op)
    for k, v in list(attrs.items()):
        if p.attr(v) == _FASTMATH_NONE:
            del attrs[k]
            break
    p.write(" { " + op.name)
    p.print_optional_attr_dict(attrs)
    p.write(" }")


def parse_short_form(p) -> tuple[str, dict[str, A.Attribute]] | None:
    """``{ dialect.op {attrs}? }`` before ``ins``."""
    if not p.accept("{"):
        return None
    pos = p.start
    if p.kind not in ("bare", "string"):
        p.error("expected operation name", pos)
    name = p.parse_string() if p.kind == "string" else p.text
    if p.kind == "bare":
        p.advance()
    attrs = p.parse_optional_attr_dict()
    p.expect("}", "expected '}'")
    return name, attrs


def create_op(name: str, operands: Sequence[Value], result_types: Sequence[T.Type],
              attrs: dict[str, A.Attribute] | None = None, loc: A.Location | None = None) -> Operation:
    """Build op ``name``; inherent attributes become properties and unset
    default-valued properties get their default (as upstream materializes
    them), so the generic form prints like upstream's."""
    from ..ir.opdef import lookup_op

    props: dict[str, A.Attribute] = {}
    discardable: dict[str, A.Attribute] = {}
    cls = lookup_op(name)
    names = cls.property_names() if cls is not None else frozenset()
    defaults = dict(_KNOWN_DEFAULTS.get(name, ()))
    if cls is not None:
        for d in cls._fields.get("prop", []):
            if d.default is not None:
                defaults[d.attr_name] = d.default
    for k, v in (attrs or {}).items():
        if k in names or k in defaults:
            props[k] = v
        else:
            discardable[k] = v
    for k, v in defaults.items():
        props.setdefault(k, v)
    return Operation.create(name, operands=list(operands), result_types=list(result_types),
                            attributes=discardable, properties=props, loc=loc)


def _fastmath_none() -> A.Attribute:
    return _parse_attr("#arith.fastmath<none>")


def _overflow_none() -> A.Attribute:
    return _parse_attr("#arith.overflow<none>")


_ATTR_CACHE: dict[str, A.Attribute] = {}


def _parse_attr(text: str) -> A.Attribute:
    a = _ATTR_CACHE.get(text)
    if a is None:
        from ..parser.attr_parser import BaseParser

        a = BaseParser(text, "<linalg>").parse_attribute()
        _ATTR_CACHE[text] = a
    return a


class _LazyDefaults(dict):
    """Default-valued properties of the payload ops linalg builds, for when
    their dialect does not declare them (built on first use)."""

    def get(self, key, default=None):  # type: ignore[override]
        if not self:
            fm = ("fastmath",)
            of = ("overflowFlags",)
            for n in ("arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf", "arith.minimumf",
                      "arith.negf", "arith.remf", "math.exp", "math.log", "math.absf", "math.ceil", "math.floor",
                      "math.round", "math.sqrt", "math.rsqrt", "math.tanh", "math.erf", "math.powf", "arith.cmpf"):
                self[n] = fm
            for n in ("arith.addi", "arith.subi", "arith.muli", "arith.trunci", "arith.shli"):
                self[n] = of
        names = dict.get(self, key)
        if names is None:
            return default
        return [(k, _fastmath_none() if k == "fastmath" else _overflow_none()) for k in names]


_KNOWN_DEFAULTS = _LazyDefaults()


def _region_with_args(types: Sequence[T.Type]) -> tuple[Region, Block]:
    r = Region()
    b = r.add_block(Block(list(types)))
    return r, b


def build_short_form_region(name: str, attrs: dict[str, A.Attribute], operand_types: Sequence[T.Type],
                            init_first: bool, map_init: bool, loc: A.Location | None) -> Region:
    """Upstream's ``addBodyWithPayloadOp``: one block argument per operand,
    the payload op, and a yield of its result."""
    types = [t.element_type if isinstance(t, T.ShapedType) else t for t in operand_types]
    r, b = _region_with_args(types)
    args = b.arguments
    if init_first:
        ops = ([args[-1]] if map_init else []) + list(args[:-1])
    else:
        ops = list(args) if map_init else list(args[:-1])
    op = create_op(name, ops, [types[-1]], attrs, loc)
    b.append(op)
    b.append(Operation.create("linalg.yield", operands=op.results, loc=loc))
    return r


def parse_dense_i64_keyword(p, state, name: str) -> None:
    """``name = [1, 2]`` into property ``name`` (a dense i64 array)."""
    p.expect_keyword(name)
    p.expect("=", "expected '='")
    vals = p.parse_comma_list(p.parse_integer, "[", "]")
    state.properties[name] = A.DenseArrayAttr(T.i64, tuple(vals))


def print_dense_i64_keyword(p, name: str, a: A.Attribute | None) -> None:
    vals = a.values if isinstance(a, A.DenseArrayAttr) else ()
    p.write(f" {name} = [" + ", ".join(str(v) for v in vals) + "] ")


def parse_dst_style(p, state, keyword: str | None) -> None:
    """``ins(..) outs(..) keyword = [..] attr-dict``; tensor outs are results."""
    _, out_types = parse_structured_operands(p, state, segments=False)
    state.result_types = [t for t in out_types if isinstance(t, T.RankedTensorType)]
    if keyword is not None:
        parse_dense_i64_keyword(p, state, keyword)
    add_attributes(state, p.parse_optional_attr_dict())


def print_long_region(p, block: Block, region: Region) -> None:
    """A newline, ``(%in: f32, %init: f32) {`` and the body, indented."""
    outer = p.indent
    p.indent = outer + "  "
    p.write("\n" + p.indent + "(")
    p.print_block_arg_list(block.arguments)
    p.write(") ")
    p.print_region(region, print_entry_args=False, print_terminators=True)
    p.indent = outer


def identity_region(operand_types: Sequence[T.Type]) -> Region:
    """Upstream's ``buildIdentityRegion``: yield the first block argument."""
    types = [t.element_type if isinstance(t, T.ShapedType) else t for t in operand_types]
    r, b = _region_with_args(types)
    b.append(Operation.create("linalg.yield", operands=[b.arguments[0]]))
    return r


DenseI64Array = C.DenseI64ArrayAttr


@register_op
class MapOp(LinalgStructuredOp):
    """``linalg.map``: an elementwise op given by its payload."""

    __slots__ = ()
    OP_NAME = "linalg.map"
    inputs = var_operand(AnyOperands)
    init = operand(C.AnyShaped)
    result_ = var_result(RankedTensorResults, name="result")
    mapper = region()

    def dps_inits(self) -> list[Value]:
        return [self.init]  # type: ignore[attr-defined]

    def indexing_maps_array(self) -> list[AffineMap]:
        rank = operand_rank(self.init.type)  # type: ignore[attr-defined]
        return [AffineMap.identity(rank)] * len(self.operands)

    def iterator_types_array(self) -> list[str]:
        return [PARALLEL] * operand_rank(self.init.type)  # type: ignore[attr-defined]

    @classmethod
    def parse(cls, p, state) -> None:
        short = parse_short_form(p)
        parse_dst_style(p, state, None)
        if short is not None:
            state.regions.append(build_short_form_region(short[0], short[1], [v.type for v in state.operands],
                                                         init_first=False, map_init=False, loc=p.loc_at(state.pos)))
        else:
            state.regions.append(_parse_arg_region(p))

    def print_custom(self, p) -> None:
        block = self.payload_block()
        payload = None
        if block is not None:
            payload = find_payload_op(block, block.arguments[:-1], payload_arg_type(self.init.type))  # type: ignore
        if payload is not None:
            print_short_form(p, payload)
        print_ins_outs(p, self.inputs, [self.init])  # type: ignore[attr-defined]
        p.print_optional_attr_dict(sorted_attrs(self))
        if payload is None and block is not None:
            print_long_region(p, block, self.regions[0])

    def verify_(self) -> None:
        super().verify_()
        block = self.payload_block()
        args = block.arguments if block is not None else []
        ins = self.inputs  # type: ignore[attr-defined]
        if len(ins) + 1 != len(args):
            raise self.op_error(f"expects number of operands to match the arity of mapper, but got: {len(ins) + 1} "
                                f"and {len(args)}")
        for a, v in zip(args, ins):
            et = v.type.element_type if isinstance(v.type, T.ShapedType) else v.type
            if a.type != et:
                raise self.op_error(f"expected element type of input '{et}' to match bbArg type '{a.type}'")
        out_shape = operand_shape(self.init.type)  # type: ignore[attr-defined]
        for v in ins:
            s = operand_shape(v.type)
            if s != out_shape:
                raise self.op_error(f"expected shape of input ({_shape_str(s)}) to match shape of output "
                                    f"({_shape_str(out_shape)})")


def _shape_str(s: Sequence[int]) -> str:
    return ", ".join(str(x) for x in s)


def _parse_arg_region(p) -> Region:
    """``(%a: t, ...) { body }`` (the long form of map and reduce)."""
    p.expect("(", "expected '('")
    args = []
    if not p.accept(")"):
        while True:
            ref, ty, _, loc = p.parse_argument(allow_attrs=True)
            args.append((ref, ty, loc))
            if not p.accept(","):
                break
        p.expect(")", "expected ')'")
    return p.parse_region(entry_args=args)


@register_op
class ReduceOp(LinalgStructuredOp):
    """``linalg.reduce``: reduce ``dimensions`` of the inputs into the inits."""

    __slots__ = ()
    OP_NAME = "linalg.reduce"
    traits = LinalgStructuredOp.traits | {"SameVariadicOperandSize"}
    all_operands = var_operand(ShapedOperands, name="operands")
    result_ = var_result(C.TypeConstraint("variadic of tensor of any type values", _is_tensor), name="result")
    dimensions = prop(C.DenseI64ArrayAttr)
    combiner = region()

    def dps_inputs(self) -> list[Value]:
        ops = self.operands
        return ops[:len(ops) // 2]

    def dps_inits(self) -> list[Value]:
        ops = self.operands
        return ops[len(ops) // 2:]

    def _dims(self) -> list[int]:
        d = self.properties.get("dimensions")
        return list(d.values) if isinstance(d, A.DenseArrayAttr) else []

    def indexing_maps_array(self) -> list[AffineMap]:
        ins, inits = self.dps_inputs(), self.dps_inits()
        rank = operand_rank(ins[0].type) if ins else 0
        red = set(self._dims())
        out = AffineMap(rank, 0, [dim(i) for i in range(rank) if i not in red])
        return [AffineMap.identity(rank)] * len(ins) + [out] * len(inits)

    def iterator_types_array(self) -> list[str]:
        ins = self.dps_inputs()
        rank = operand_rank(ins[0].type) if ins else 0
        red = set(self._dims())
        return [REDUCTION if i in red else PARALLEL for i in range(rank)]

    @classmethod
    def parse(cls, p, state) -> None:
        short = parse_short_form(p)
        parse_dst_style(p, state, "dimensions")
        if short is not None:
            state.regions.append(build_short_form_region(short[0], short[1], [v.type for v in state.operands],
                                                         init_first=True, map_init=True, loc=p.loc_at(state.pos)))
        else:
            state.regions.append(_parse_arg_region(p))

    def print_custom(self, p) -> None:
        block = self.payload_block()
        payload = None
        inits = self.dps_inits()
        if block is not None and len(inits) == 1 and len(block.arguments) >= 2:
            args = block.arguments
            payload = find_payload_op(block, [args[-1]] + list(args[:-1]), payload_arg_type(inits[0].type))
        if payload is not None:
            print_short_form(p, payload)
        print_ins_outs(p, self.dps_inputs(), inits)
        print_dense_i64_keyword(p, "dimensions", self.properties.get("dimensions"))
        p.print_optional_attr_dict(sorted_attrs(self, ("dimensions",)))
        if payload is None and block is not None:
            print_long_region(p, block, self.regions[0])

    def verify_declared(self) -> None:
        super().verify_declared()
        if len(self.operands) % 2:
            raise self.op_error("operand count must be a multiple of 2" if False else
                                "operand group starting at #0 requires an even number of operands")

    def verify_(self) -> None:
        super().verify_()
        ins, inits = self.dps_inputs(), self.dps_inits()
        for i in range(1, len(ins)):
            if operand_shape(ins[i].type) != operand_shape(ins[0].type):
                raise self.op_error(f"expects all inputs to have the same shapes. Shape at input-index {i} is not "
                                    f"equal to the shape at input-index 0.")
        for i in range(1, len(inits)):
            if operand_shape(inits[i].type) != operand_shape(inits[0].type):
                raise self.op_error(f"expects all outputs to have the same shapes. Shape at output-index {i} is not "
                                    f"equal to the shape at output-index 0.")
        in_shape = operand_shape(ins[0].type)
        init_shape = operand_shape(inits[0].type)
        red = set()
        for d in self._dims():
            if d < 0 or d >= len(in_shape):
                raise self.op_error(f"dimensions for reduction should be in the range [0, {len(in_shape) - 1}].")
            red.add(d)
        kept = [s for i, s in enumerate(in_shape) if i not in red]
        if len(kept) != len(init_shape):
            raise self.op_error(f"number of dimensions after reduction {len(kept)} doesn't match the init rank "
                                f"{len(init_shape)}")
        if tuple(kept) != tuple(init_shape):
            raise self.op_error(f"init dimensions [{_shape_str(init_shape)}] doesn't match input dimensions after "
                                f"reduction [{_shape_str(kept)}]")
        block = self.payload_block()
        args = block.arguments if block is not None else []
        if len(args) != len(self.operands):
            raise self.op_error("mismatching number of operands and block arguments")
        for v, a in zip(ins, args):
            et = v.type.element_type
            if et != a.type:
                raise self.op_error(f"input element type '{et}' does not match corresponding block argument type "
                                    f"'{a.type}'")
        for v, a in zip(inits, args[len(args) - len(inits):]):
            et = v.type.element_type
            if et != a.type:
                raise self.op_error(f"output element type '{et}' does not match corresponding block argument type "
                                    f"'{a.type}'")


@register_op
class TransposeOp(LinalgStructuredOp):
    """``linalg.transpose``: ``init[i] = input[permutation[i]]``."""

    __slots__ = ()
    OP_NAME = "linalg.transpose"
    input = operand(C.AnyShaped)
    init = operand(C.AnyShaped)
    result_ = var_result(RankedTensorResults, name="result")
    permutation = prop(C.DenseI64ArrayAttr)
    body = region(name="region")

    def dps_inputs(self) -> list[Value]:
        return [self.input]  # type: ignore[attr-defined]

    def dps_inits(self) -> list[Value]:
        return [self.init]  # type: ignore[attr-defined]

    def _perm(self) -> list[int]:
        a = self.properties.get("permutation")
        return list(a.values) if isinstance(a, A.DenseArrayAttr) else []

    def indexing_maps_array(self) -> list[AffineMap]:
        perm = self._perm()
        rank = len(perm)
        inv = inverse_permutation(AffineMap(rank, 0, [dim(i) for i in perm]))
        return [inv if inv is not None else AffineMap.identity(rank), AffineMap.identity(rank)]

    def iterator_types_array(self) -> list[str]:
        return [PARALLEL] * operand_rank(self.init.type)  # type: ignore[attr-defined]

    @classmethod
    def parse(cls, p, state) -> None:
        parse_dst_style(p, state, "permutation")
        state.regions.append(identity_region([v.type for v in state.operands]))

    def print_custom(self, p) -> None:
        print_ins_outs(p, [self.input], [self.init])  # type: ignore[attr-defined]
        print_dense_i64_keyword(p, "permutation", self.properties.get("permutation"))
        p.print_optional_attr_dict(sorted_attrs(self, ("permutation",)))

    def verify_(self) -> None:
        super().verify_()
        perm = self._perm()
        if sorted(perm) != list(range(len(perm))):
            raise self.op_error("permutation is not valid")
        in_shape = operand_shape(self.input.type)  # type: ignore[attr-defined]
        init_shape = operand_shape(self.init.type)  # type: ignore[attr-defined]
        rank = len(in_shape)
        if rank != len(init_shape):
            raise self.op_error(f"input rank {rank} does not match init rank {len(init_shape)}")
        if rank != len(perm):
            raise self.op_error(f"size of permutation {len(perm)} does not match the argument rank {rank}")
        for i in range(rank):
            a, b = in_shape[perm[i]], init_shape[i]
            if a != b:
                raise self.op_error(f"dim(result, {i}) = {b} doesn't match dim(input, permutation[{i}]) = {a}")


@register_op
class BroadcastOp(LinalgStructuredOp):
    """``linalg.broadcast``: copy the input along the added ``dimensions``."""

    __slots__ = ()
    OP_NAME = "linalg.broadcast"
    input = operand(C.AnyShaped)
    init = operand(C.AnyShaped)
    result_ = var_result(RankedTensorResults, name="result")
    dimensions = prop(C.DenseI64ArrayAttr)
    body = region(name="region")

    def dps_inputs(self) -> list[Value]:
        return [self.input]  # type: ignore[attr-defined]

    def dps_inits(self) -> list[Value]:
        return [self.init]  # type: ignore[attr-defined]

    def _dims(self) -> list[int]:
        a = self.properties.get("dimensions")
        return list(a.values) if isinstance(a, A.DenseArrayAttr) else []

    def indexing_maps_array(self) -> list[AffineMap]:
        rank = operand_rank(self.init.type)  # type: ignore[attr-defined]
        added = set(self._dims())
        return [AffineMap(rank, 0, [dim(i) for i in range(rank) if i not in added]), AffineMap.identity(rank)]

    def iterator_types_array(self) -> list[str]:
        return [PARALLEL] * operand_rank(self.init.type)  # type: ignore[attr-defined]

    @classmethod
    def parse(cls, p, state) -> None:
        parse_dst_style(p, state, "dimensions")
        state.regions.append(identity_region([v.type for v in state.operands]))

    def print_custom(self, p) -> None:
        print_ins_outs(p, [self.input], [self.init])  # type: ignore[attr-defined]
        print_dense_i64_keyword(p, "dimensions", self.properties.get("dimensions"))
        p.print_optional_attr_dict(sorted_attrs(self, ("dimensions",)))

    def verify_(self) -> None:
        super().verify_()
        dims = self._dims()
        in_shape = operand_shape(self.input.type)  # type: ignore[attr-defined]
        init_shape = operand_shape(self.init.type)  # type: ignore[attr-defined]
        if len(in_shape) + len(dims) != len(init_shape):
            raise self.op_error(f"input rank plus added dimensions does not match init rank. input rank: "
                                f"{len(in_shape)}, dimensions size: {len(dims)}, init rank: {len(init_shape)}")
        for i, d in enumerate(dims):
            if d < 0 or d >= len(init_shape):
                raise self.op_error(f"dimension {i} is out of range. expected range: [0, {len(init_shape) - 1}], "
                                    f"got: {d}")
        kept = [d for d in range(len(init_shape)) if d not in dims]
        for i, d in enumerate(kept):
            if in_shape[i] != init_shape[d]:
                raise self.op_error(f"input dim {i} should match init dim {d}. input: {in_shape[i]}, init: "
                                    f"{init_shape[d]}")


@register_op
class SoftmaxOp(OpDef):
    """``linalg.softmax``: softmax along ``dimension`` (no payload region)."""

    __slots__ = ()
    OP_NAME = "linalg.softmax"
    traits = frozenset({"DestinationStyleOpInterface"})
    input = operand(C.AnyShaped)
    output = operand(C.AnyShaped)
    result_ = var_result(C.TypeConstraint("variadic of ranked tensor of any type values",
                                          lambda t: isinstance(t, T.RankedTensorType)), name="result")
    dimension = prop(C.I64Attr)
    assembly_format = ("attr-dict `dimension` `(` $dimension `)` `ins` `(` $input `:` type($input) `)` "
                       "`outs` `(` $output `:` type($output) `)` (`->` type($result)^)?")

    def verify_(self) -> None:
        a = operand_shape(self.input.type)  # type: ignore[attr-defined]
        b = operand_shape(self.output.type)  # type: ignore[attr-defined]
        if len(a) != len(b) or any(x != y and x != T.DYNAMIC and y != T.DYNAMIC for x, y in zip(a, b)):
            raise self.op_error("incompatible output shape")
        d = self.dimension.value  # type: ignore[attr-defined]
        if d < 0 or d >= len(a):
            raise self.op_error("incorrect dimension specified")
