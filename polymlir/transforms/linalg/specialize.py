"""``linalg-specialize-generic-ops``: a ``linalg.generic`` that computes what
a named op computes becomes that named op, for the ops upstream's pass
recognizes: ``copy``, ``fill``, ``broadcast``, ``transpose``, ``exp``, the
float ``add``/``sub``/``mul``/``div`` (inputs swapped where the payload
swaps them), ``matmul`` and ``batch_matmul``, and every convolution,
depthwise convolution and pooling (strides and dilations read from the
input map).

A generic is recognized by construction rather than by hand-written
matchers: a candidate named op (name, operand order, attributes inferred
from the maps) is accepted when its generalization has exactly the
generic's indexing maps, iterator types and payload (ops, attributes and
types equal; operands equal up to the order of commutative ops). So the
result always generalizes back to the input, and two places where
upstream 22 changes the meaning of the program are done right here: a
transposed matmul keeps its ``indexing_maps`` (upstream drops them and
emits an op that fails verification) and a matmul that zero-extends its
operands gets ``cast = #linalg.type_fn<cast_unsigned>`` (upstream emits the
signed default).

As upstream's pass, a generic on static tensors with several operands and
parallel loops whose input maps are transposed or broadcast projections
is first decomposed (`decompose_projected_permutation`): each such input
becomes a ``linalg.transpose`` and/or ``linalg.broadcast`` into a
``tensor.empty``, read through an identity map, and the generic is then
specialized again (``linalg.add`` of a transposed operand, say).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...dialects.linalg import named as N
from ...dialects.linalg import structured as L
from ...dialects.linalg.custom_form import identity_region
from ...dialects.linalg.structured import YieldOp
from ...dialects.tensor.ops import EmptyOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineDimExpr
from ...ir.affine_map import AffineMap
from ...ir.builder import Builder
from ...ir.core import Block, Operation, Region, Value
from ...ir.registry import lookup_op
from ...ir.rewriting import move_blocks_before
from ...ir.traits import COMMUTATIVE
from ...parser.attr_parser import BaseParser
from ..passes.manager import ModulePass, PassContext, register_pass
from .generalize import structured_ops

__all__ = [
    "specialize_generic",
    "specialize_generic_ops",
    "decompose_projected_permutation",
    "LinalgSpecializeGenericOps",
]

# What upstream 22 recognizes among the rank-polymorphic ops.
_UNARY = ("exp",)
_BINARY = ("add", "sub", "mul", "div")
_CONTRACTIONS = ("matmul", "batch_matmul")
_WINDOW_PREFIXES = ("conv_", "depthwise_conv_", "pooling_")


@dataclass
class _Candidate:
    """A named op that may replace the generic: its name, operands (inputs
    then outputs), properties, and the maps/iterators/payload its
    generalization has."""

    name: str
    order: list[int]  # positions in the generic's operands: inputs, then outputs
    num_inputs: int
    props: dict[str, A.Attribute]
    maps: list[AffineMap]
    iterators: list[str]
    payload: Block


# -- payload comparison ------------------------------------------------------------------------


def _same_payload(a_args: Sequence[Value], a_ops: Sequence[Operation], b: Block) -> bool:
    """Whether a payload (arguments in the candidate's order, and ops)
    computes what block ``b`` computes: op by op, equal names, attributes
    and result types, operands equal (either order for a commutative op)."""
    if len(a_args) != len(b.arguments) or len(a_ops) != len(b.operations):
        return False
    if any(x.type != y.type for x, y in zip(a_args, b.arguments, strict=True)):
        return False
    vmap: dict[int, Value] = {id(x): y for x, y in zip(a_args, b.arguments, strict=True)}
    for x, y in zip(a_ops, b.operations, strict=True):
        if x.name != y.name or x.regions or y.regions:  # the same op (unregistered ones too): by name
            return False
        if [r.type for r in x.results] != [r.type for r in y.results]:
            return False
        if x.properties != y.properties or x.attributes != y.attributes:
            return False
        got = [vmap.get(id(v)) for v in x.operands]
        want = list(y.operands)
        same = all(g is w for g, w in zip(got, want, strict=True)) and len(got) == len(want)
        if not same and len(got) == 2 and COMMUTATIVE in getattr(y, "traits", ()):
            same = got[0] is want[1] and got[1] is want[0]
        if not same:
            return False
        for r, s in zip(x.results, y.results, strict=True):
            vmap[id(r)] = s
    return True


def _payload(g: L.GenericOp) -> Block:
    block = g.payload_block()
    assert block is not None, "a verified generic op has a payload block"
    return block


def _fresh_block(g: L.GenericOp) -> Block:
    types = [arg.type for arg in _payload(g).arguments]
    return Block(types, [A.UNKNOWN_LOC] * len(types))


def _drop(block: Block) -> None:
    for op in reversed(list(block.operations)):
        op.erase()


# -- candidates --------------------------------------------------------------------------------


def _is_float(t: T.Type) -> bool:
    return isinstance(t, T.FloatType) or type(t).__name__.endswith("FloatType")


def _elem(v: Value) -> T.Type:
    return L.payload_arg_type(v.type)


def _named_candidate(
    g: L.GenericOp,
    name: str,
    order: list[int],
    props: dict[str, A.Attribute],
    strides: Sequence[int] = (),
    dilations: Sequence[int] = (),
    cast_kind: str = "signed",
    maps: list[AffineMap] | None = None,
) -> _Candidate:
    spec = N.SPECS[name]
    outs = list(g.dps_inits())
    operands = [g.operands[i] for i in order]
    if maps is None:
        out_rank = L.operand_rank(outs[0].type) if outs else 0
        maps = N.spec_maps(spec, strides, dilations, out_rank, [L.operand_rank(v.type) for v in operands])
    if spec.rank_polymorphic:
        iterators = [L.PARALLEL] * (L.operand_rank(outs[0].type) if outs else 0)
    else:
        iterators = [L.PARALLEL if c == "p" else L.REDUCTION for c in spec.iterators]
    # The block's argument order follows the candidate's operand order.
    args = _payload(g).arguments
    block = Block([args[i].type for i in order], [A.UNKNOWN_LOC] * len(order))
    try:
        N.build_payload(spec.payload, block, cast_kind)
    except N.PayloadError:
        _drop(block)
        block = Block([], [])
    return _Candidate(name, order, len(order) - len(outs), props, list(maps), iterators, block)


def _window_attrs(spec: N.NamedSpec, in_map: AffineMap) -> tuple[list[int], list[int]] | None:
    """Strides and dilations read from the input map: the coefficients of
    the output and kernel dimensions in each window expression."""
    dims = {d: i for i, d in enumerate(spec.dims)}
    texts = spec.operands[0][1] or ()
    if len(texts) != len(in_map.results):
        return None
    strides, dilations = [0] * spec.window, [0] * spec.window
    syms = N._STRIDE_SYMS[spec.window]
    for text, e in zip(texts, in_map.results, strict=True):
        if "*" not in text:
            continue
        zero = [0] * in_map.num_dims
        for term in text.split("+"):
            d, s = (x.strip() for x in term.split("*"))
            unit = list(zero)
            unit[dims[d]] = 1
            coeff = e.evaluate(unit) - e.evaluate(zero)
            (strides if s[0] == "S" else dilations)[syms.index(s[1])] = coeff
    if any(v <= 0 for v in strides + dilations):
        return None
    return strides, dilations


def _dense_i64(values: Sequence[int]) -> A.Attribute:
    text = "dense<[" + ", ".join(str(v) for v in values) + f"]> : tensor<{len(values)}xi64>"
    if len(set(values)) == 1:
        text = f"dense<{values[0]}> : tensor<{len(values)}xi64>"
    return BaseParser(text, "<linalg>").parse_attribute()


_UNSIGNED = None


def _cast_unsigned() -> A.Attribute:
    global _UNSIGNED
    if _UNSIGNED is None:
        _UNSIGNED = BaseParser("#linalg.type_fn<cast_unsigned>", "<linalg>").parse_attribute()
    return _UNSIGNED


def _identity_payload(g: L.GenericOp) -> Block:
    block = _fresh_block(g)
    block.append(YieldOp.create(operands=[block.arguments[0]]))
    return block


def _candidates(g: L.GenericOp) -> Iterator[_Candidate]:
    ins, outs = list(g.dps_inputs()), list(g.dps_inits())
    if len(outs) != 1:
        return
    n_in = len(ins)
    same = list(range(n_in + 1))
    maps = g.indexing_maps_array()
    n_loops = g.num_loops
    out_rank = L.operand_rank(outs[0].type)
    all_parallel = all(k == L.PARALLEL for k in g.iterator_types_array())
    if len(ins) == 1 and all_parallel:
        src = ins[0]
        if isinstance(src.type, T.ShapedType):
            yield _named_candidate(g, "copy", same, {})
        else:
            yield _named_candidate(g, "fill", same, {})
        in_map = maps[0]
        if isinstance(src.type, T.ShapedType) and in_map.is_projected_permutation() and n_loops == out_rank:
            positions = [e.position for e in in_map.results if isinstance(e, AffineDimExpr)]
            if len(positions) < n_loops and positions == sorted(positions):
                missing = [d for d in range(n_loops) if d not in positions]
                dims = A.DenseArrayAttr(T.i64, tuple(missing))
                yield _Candidate(
                    "broadcast", same, 1, {"dimensions": dims}, [in_map, AffineMap.identity(n_loops)],
                    [L.PARALLEL] * n_loops, _identity_payload(g),
                )  # fmt: skip
            if in_map.is_permutation() and not in_map.is_identity():
                # linalg.transpose's input map is the inverse of its permutation.
                inv = L.inverse_permutation(in_map)
                assert inv is not None, "in_map is a permutation"
                perm = [e.position for e in inv.results if isinstance(e, AffineDimExpr)]
                t_map = L.inverse_permutation(AffineMap(n_loops, 0, [AffineDimExpr(p) for p in perm]))
                assert t_map is not None, "perm is a permutation"
                yield _Candidate(
                    "transpose", same, 1, {"permutation": A.DenseArrayAttr(T.i64, tuple(perm))},
                    [t_map, AffineMap.identity(n_loops)], [L.PARALLEL] * n_loops, _identity_payload(g),
                )  # fmt: skip
        for name in _UNARY:
            yield _named_candidate(g, name, same, {})
    if len(ins) == 2 and all_parallel and all(_is_float(_elem(v)) for v in ins + outs):
        for name in _BINARY:
            yield _named_candidate(g, name, same, {})
            yield _named_candidate(g, name, [1, 0, 2], {})
    if len(ins) == 2:
        yield from _contraction_candidates(g, maps)
    for name, spec in N.SPECS.items():
        if not name.startswith(_WINDOW_PREFIXES) or len(spec.operands) != len(ins) + 1:
            continue
        if len(spec.dims) != n_loops:
            continue
        strides: list[int] = []
        dilations: list[int] = []
        props: dict[str, A.Attribute] = {}
        if spec.window:
            got = _window_attrs(spec, maps[0])
            if got is None:
                continue
            strides, dilations = got
            props = {"dilations": _dense_i64(dilations), "strides": _dense_i64(strides)}
        yield _named_candidate(g, name, same, props, strides, dilations)


def _contraction_candidates(g: L.GenericOp, maps: list[AffineMap]) -> Iterator[_Candidate]:
    for name in _CONTRACTIONS:
        spec = N.SPECS[name]
        if len(spec.dims) != g.num_loops:
            continue
        default = N.spec_maps(spec)
        use = None if maps == default else _transposed_maps(maps, default)
        if maps != default and use is None:
            continue
        # The maps are a property of the matmul family (printed when not the default).
        props: dict[str, A.Attribute] = {"indexing_maps": L.maps_array(maps)}
        for kind in ("signed", "unsigned"):
            p = dict(props)
            if kind == "unsigned":
                p["cast"] = _cast_unsigned()
            yield _named_candidate(g, name, [0, 1, 2], p, cast_kind=kind, maps=list(maps))


def _transposed_maps(maps: list[AffineMap], default: list[AffineMap]) -> list[AffineMap] | None:
    """``maps`` if they are the default matmul maps with the last two
    results of A or of B (not both, not C) swapped, else None."""
    if len(maps) != 3 or maps[2] != default[2]:
        return None
    swapped = 0
    for m, d in zip(maps[:2], default[:2], strict=True):
        if m == d:
            continue
        r = list(d.results)
        r[-2], r[-1] = r[-1], r[-2]
        if m != AffineMap(d.num_dims, 0, r):
            return None
        swapped += 1
    return maps if swapped == 1 else None


# -- rewriting ---------------------------------------------------------------------------------


def _matches(g: L.GenericOp, c: _Candidate) -> bool:
    maps = g.indexing_maps_array()
    if c.maps != [maps[i] for i in c.order] or c.iterators != g.iterator_types_array():
        return False
    block = g.payload_block()
    assert block is not None
    args = [block.arguments[i] for i in c.order]
    return _same_payload(args, block.operations, c.payload)


def _build(g: L.GenericOp, c: _Candidate) -> Operation:
    cls = lookup_op(f"linalg.{c.name}")
    assert cls is not None
    operands = [g.operands[i] for i in c.order]
    props = dict(c.props)
    if c.name in ("transpose", "broadcast"):
        region = identity_region(operands, g.loc)
    else:
        props["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, (c.num_inputs, len(operands) - c.num_inputs))
        types = [L.payload_arg_type(v.type) for v in operands]
        region = Region()
        block = region.add_block(Block(types, [A.UNKNOWN_LOC] * len(types)))
        assert issubclass(cls, N.NamedStructuredOp), "the candidates other than transpose/broadcast are named ops"
        cls.region_builder(block, props, None)
    return cls.create(
        operands=operands, result_types=list(g.result_types), properties=props, regions=[region], loc=g.loc
    )


def specialize_generic(g: L.GenericOp) -> Operation | None:
    """Replace ``g`` by the named op it is equivalent to (returned), or
    leave it and return None (a decomposable generic on tensors may still
    have been decomposed, see the module docstring)."""
    if g.props.get("library_call") is not None:
        return None  # the op names its implementation: keep it
    new = _specialize_once(g)
    if new is None:
        d = decompose_projected_permutation(g)
        if d is not None:
            new = _specialize_once(d)
    return new


def _specialize_once(g: L.GenericOp) -> Operation | None:
    for c in _candidates(g):
        ok = _matches(g, c)
        if isinstance(c.payload, Block) and c.payload.parent is None:
            _drop(c.payload)
        if ok:
            new = Builder.before(g).insert(_build(g, c))
            g.replace_all_uses_with(new.results)
            g.erase()
            return new
    return None


def _transpose_broadcast(m: AffineMap) -> tuple[list[int], list[int]]:
    """The permutation (empty: none) and broadcast dimensions that turn an
    operand read through projection ``m`` into one read through the
    identity (upstream's ``computeTransposeBroadcast``)."""
    minor = [e.position for e in m.results if isinstance(e, AffineDimExpr)]
    assert len(minor) == len(m.results), "m is a projected permutation"
    ordered = sorted(minor)
    broadcast = [d for d in range(m.num_dims) if d not in ordered]
    if minor == ordered:
        return [], broadcast
    rank = {d: i for i, d in enumerate(ordered)}
    perm = [0] * len(minor)
    for i, d in enumerate(minor):
        perm[rank[d]] = i
    return perm, broadcast


def _relayout(g: L.GenericOp, name: str, src: Value, shape: list[int], attr: str, values: list[int]) -> Value:
    """``linalg.<name>`` of ``src`` into a new ``tensor.empty`` of ``shape``."""
    et = T.of_kind(src.type, T.RankedTensorType).element_type
    rt = T.RankedTensorType(tuple(shape), et)
    b = Builder.before(g)
    empty = b.insert(EmptyOp.create(result_types=[rt], loc=g.loc))
    operands = [src, empty.results[0]]
    cls = lookup_op(f"linalg.{name}")
    assert cls is not None
    op = cls.create(
        operands=operands,
        result_types=[rt],
        properties={attr: A.DenseArrayAttr(T.i64, tuple(values))},
        regions=[identity_region(operands, g.loc)],
        loc=g.loc,
    )
    b.insert(op)
    return op.results[0]


def decompose_projected_permutation(g: L.GenericOp) -> L.GenericOp | None:
    """Upstream's ``DecomposeProjectedPermutation``: returns the new generic
    (reading every input through the identity), or None when it does not
    apply (buffers, dynamic shapes, one input and one output, a payload
    that only yields, reductions, maps that are not projections)."""
    ins, outs = list(g.dps_inputs()), list(g.dps_inits())
    block = g.payload_block()
    if not g.has_pure_tensor_semantics() or (len(ins) == 1 and len(outs) == 1):
        return None
    if block is None or len(block.operations) == 1 or any(k != L.PARALLEL for k in g.iterator_types_array()):
        return None
    maps = g.indexing_maps_array()
    if not all(m.is_projected_permutation() for m in maps):
        return None
    if any(not isinstance(v.type, T.RankedTensorType) or T.DYNAMIC in v.type.shape for v in g.operands):
        return None
    loop_shape = g.static_loop_ranges()
    if loop_shape is None:
        return None
    new_ins, new_maps, changed = list(ins), list(maps), False
    for i, m in enumerate(maps[: len(ins)]):
        if m.is_identity():
            continue
        perm, bcast = _transpose_broadcast(m)
        if perm:
            in_shape = T.of_kind(new_ins[i].type, T.RankedTensorType).shape
            shape = [in_shape[p] for p in perm]
            new_ins[i] = _relayout(g, "transpose", new_ins[i], shape, "permutation", perm)
            changed = True
        if bcast:
            new_ins[i] = _relayout(g, "broadcast", new_ins[i], list(loop_shape), "dimensions", bcast)
            changed = True
        new_maps[i] = AffineMap.identity(m.num_dims)
    if not changed:
        return None
    region = Region()  # the body moves to the new op
    move_blocks_before(g.regions[0], region, None)
    new = L.GenericOp.create(
        operands=new_ins + outs,
        result_types=list(g.result_types),
        properties={
            **{k: v for k, v in g.props.items() if k != "indexing_maps"},
            "indexing_maps": L.maps_array(new_maps),
        },
        regions=[region],
        loc=g.loc,
    )
    assert isinstance(new, L.GenericOp)
    Builder.before(g).insert(new)
    g.replace_all_uses_with(new.results)
    g.erase()
    return new


def specialize_generic_ops(root: Operation) -> list[Operation]:
    """Specialize every ``linalg.generic`` under ``root``; returns the new ops."""
    out = []
    for op in structured_ops(root):
        if isinstance(op, L.GenericOp):
            new = specialize_generic(op)
            if new is not None:
                out.append(new)
    return out


@register_pass
@dataclass(frozen=True)
class LinalgSpecializeGenericOps(ModulePass):
    name: ClassVar[str] = "linalg-specialize-generic-ops"
    summary: ClassVar[str] = "Convert generic ops back to named ops"

    def run(self, op: Operation, ctx: PassContext) -> None:
        specialize_generic_ops(op)
