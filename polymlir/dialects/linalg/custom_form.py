"""The linalg structured ops with their own custom syntax: ``linalg.map``,
``linalg.reduce`` (both with a ``{ payload-op }`` short form),
``linalg.transpose``, ``linalg.broadcast`` and ``linalg.softmax``.

The shared structured-op machinery (verification, ``ins``/``outs``) is in
``linalg``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.affine_expr import dim
from ...ir.affine_map import AffineMap
from ...ir.asm_format import typed_attr
from ...ir.core import Block, Operation, Region, Value
from ...ir.fields import operand_def, prop_def, region_def, var_operand_def, var_result_def
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import DESTINATION_STYLE_OP_INTERFACE, SAME_VARIADIC_OPERAND_SIZE
from .structured import (
    PARALLEL,
    REDUCTION,
    AnyOperands,
    LinalgStructuredOp,
    RankedTensorResults,
    ShapedOperands,
    _is_tensor,
    _region_with_args,
    add_attributes,
    create_op,
    inverse_permutation,
    operand_rank,
    operand_shape,
    parse_structured_operands,
    payload_arg_type,
    print_ins_outs,
    sorted_attrs,
    value_loc,
)

# -- the short payload form ------------------------------------------------------------

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
    if not got or len(got) != len(operands) or any(a is not b for a, b in zip(got, operands, strict=True)):
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


def build_short_form_region(
    name: str,
    attrs: dict[str, A.Attribute],
    operand_types: Sequence[T.Type],
    init_first: bool,
    map_init: bool,
    loc: A.Location | None,
) -> Region:
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


def identity_region(operands: Sequence[Value], loc: A.Location) -> Region:
    """Upstream's ``buildIdentityRegion``: yield the first block argument
    (the arguments take the operands' locations, the yield the op's)."""
    types = [v.type.element_type if isinstance(v.type, T.ShapedType) else v.type for v in operands]
    r, b = _region_with_args(types, [value_loc(v) for v in operands])
    if b.arguments:
        b.append(Operation.create("linalg.yield", operands=[b.arguments[0]], loc=loc))
    return r


DenseI64Array = C.DenseI64ArrayAttr
StrictlySortedI64Array = C.AttrConstraint(
    "i64 dense array attribute should be in increasing order",
    lambda a: (
        isinstance(a, A.DenseArrayAttr)
        and a.element_type == T.i64
        and all(x < y for x, y in zip(a.values, a.values[1:], strict=False))
    ),
)


@register_op
class MapOp(LinalgStructuredOp):
    """``linalg.map``: an elementwise op given by its payload."""

    __slots__ = ()
    OP_NAME = "linalg.map"
    asm_result_name = "mapped"
    inputs = var_operand_def(AnyOperands)
    init = operand_def(C.AnyShaped)
    result = var_result_def(RankedTensorResults)
    mapper = region_def()

    def dps_inits(self) -> list[Value]:
        return [self.init]

    def asm_block_arg_names(self, region: Region) -> list[str]:
        # Upstream: `(%in: f32, %in_0: f32, %init: f32)`.
        n_in = len(self.operands) - 1
        return ["in"] * n_in + ["init"] * (len(region.blocks[0].arguments) - n_in)

    def indexing_maps_array(self) -> list[AffineMap]:
        rank = operand_rank(self.init.type)
        return [AffineMap.identity(rank)] * len(self.operands)

    def iterator_types_array(self) -> list[str]:
        return [PARALLEL] * operand_rank(self.init.type)

    @classmethod
    def parse(cls, p, state) -> None:
        short = parse_short_form(p)
        parse_dst_style(p, state, None)
        if short is not None and state.operands:
            state.regions.append(
                build_short_form_region(
                    short[0],
                    short[1],
                    [v.type for v in state.operands],
                    init_first=False,
                    map_init=False,
                    loc=p.loc_at(state.pos),
                )
            )
        elif short is not None:
            state.regions.append(Region())
        else:
            state.regions.append(_parse_arg_region(p))

    def print_custom(self, p) -> None:
        block = self.payload_block()
        payload = None
        if block is not None:
            payload = find_payload_op(block, block.arguments[:-1], payload_arg_type(self.init.type))
        if payload is not None:
            print_short_form(p, payload)
        print_ins_outs(p, self.inputs, [self.init])
        p.print_optional_attr_dict(sorted_attrs(self))
        if payload is None and block is not None:
            print_long_region(p, block, self.regions[0])

    def verify_(self) -> None:
        super().verify_()
        block = self.payload_block()
        args = block.arguments if block is not None else []
        ins = self.inputs
        if len(ins) + 1 != len(args):
            raise self.op_error(
                f"expects number of operands to match the arity of mapper, but got: {len(ins) + 1} and {len(args)}"
            )
        for a, v in zip(args, ins, strict=False):
            et = v.type.element_type if isinstance(v.type, T.ShapedType) else v.type
            if a.type != et:
                raise self.op_error(f"expected element type of input '{et}' to match bbArg type '{a.type}'")
        out_shape = operand_shape(self.init.type)
        for v in ins:
            s = operand_shape(v.type)
            if s != out_shape:
                raise self.op_error(
                    f"expected shape of input ({_shape_str(s)}) to match shape of output ({_shape_str(out_shape)})"
                )


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
    asm_result_name = "reduced"
    traits = LinalgStructuredOp.traits | {SAME_VARIADIC_OPERAND_SIZE}
    operands = var_operand_def(ShapedOperands)
    result = var_result_def(C.TypeConstraint("variadic of tensor of any type values", _is_tensor))
    dimensions = prop_def(StrictlySortedI64Array)
    combiner = region_def()

    def dps_inputs(self) -> list[Value]:
        ops = self.operands
        return ops[: len(ops) // 2]

    def dps_inits(self) -> list[Value]:
        ops = self.operands
        return ops[len(ops) // 2 :]

    def asm_block_arg_names(self, region: Region) -> list[str]:
        # Upstream: `(%in: f32, %init: f32)`.
        n_in = len(self.operands) // 2
        return ["in"] * n_in + ["init"] * (len(region.blocks[0].arguments) - n_in)

    def _dims(self) -> list[int]:
        d = self.props.get("dimensions")
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
        if short is not None and state.operands:
            state.regions.append(
                build_short_form_region(
                    short[0],
                    short[1],
                    [v.type for v in state.operands],
                    init_first=True,
                    map_init=True,
                    loc=p.loc_at(state.pos),
                )
            )
        elif short is not None:
            state.regions.append(Region())
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
        print_dense_i64_keyword(p, "dimensions", self.props.get("dimensions"))
        p.print_optional_attr_dict(sorted_attrs(self, ("dimensions",)))
        if payload is None and block is not None:
            print_long_region(p, block, self.regions[0])

    def verify_declared(self) -> None:
        super().verify_declared()
        if len(self.operands) % 2:
            raise self.op_error("operand group starting at #0 requires an even number of operands")

    def verify_(self) -> None:
        super().verify_()
        ins, inits = self.dps_inputs(), self.dps_inits()
        for i in range(1, len(ins)):
            if operand_shape(ins[i].type) != operand_shape(ins[0].type):
                raise self.op_error(
                    f"expects all inputs to have the same shapes. Shape at input-index {i} is not "
                    f"equal to the shape at input-index 0."
                )
        for i in range(1, len(inits)):
            if operand_shape(inits[i].type) != operand_shape(inits[0].type):
                raise self.op_error(
                    f"expects all outputs to have the same shapes. Shape at output-index {i} is not "
                    f"equal to the shape at output-index 0."
                )
        in_shape = operand_shape(ins[0].type)
        init_shape = operand_shape(inits[0].type)
        red = set()
        for d in self._dims():
            if d < 0 or d >= len(in_shape):
                raise self.op_error(f"dimensions for reduction should be in the range [0, {len(in_shape) - 1}].")
            red.add(d)
        kept = [s for i, s in enumerate(in_shape) if i not in red]
        if len(kept) != len(init_shape):
            raise self.op_error(
                f"number of dimensions after reduction {len(kept)} doesn't match the init rank {len(init_shape)}"
            )
        if tuple(kept) != tuple(init_shape):
            raise self.op_error(
                f"init dimensions [{_shape_str(init_shape)}] doesn't match input dimensions after "
                f"reduction [{_shape_str(kept)}]"
            )
        block = self.payload_block()
        args = block.arguments if block is not None else []
        if len(args) != len(self.operands):
            raise self.op_error("mismatching number of operands and block arguments")
        for v, a in zip(ins, args, strict=False):
            et = T.shaped(v.type).element_type
            if et != a.type:
                raise self.op_error(
                    f"input element type '{et}' does not match corresponding block argument type '{a.type}'"
                )
        for v, a in zip(inits, args[len(args) - len(inits) :], strict=True):
            et = T.shaped(v.type).element_type
            if et != a.type:
                raise self.op_error(
                    f"output element type '{et}' does not match corresponding block argument type '{a.type}'"
                )


@register_op
class TransposeOp(LinalgStructuredOp):
    """``linalg.transpose``: ``init[i] = input[permutation[i]]``."""

    __slots__ = ()
    OP_NAME = "linalg.transpose"
    asm_result_name = "transposed"
    input = operand_def(C.AnyShaped)
    init = operand_def(C.AnyShaped)
    result = var_result_def(RankedTensorResults)
    permutation = prop_def(C.DenseI64ArrayAttr)
    region = region_def()

    def dps_inputs(self) -> list[Value]:
        return [self.input]

    def dps_inits(self) -> list[Value]:
        return [self.init]

    def _perm(self) -> list[int]:
        a = self.props.get("permutation")
        return list(a.values) if isinstance(a, A.DenseArrayAttr) else []

    def indexing_maps_array(self) -> list[AffineMap]:
        perm = self._perm()
        rank = len(perm)
        inv = inverse_permutation(AffineMap(rank, 0, [dim(i) for i in perm]))
        return [inv if inv is not None else AffineMap.identity(rank), AffineMap.identity(rank)]

    def iterator_types_array(self) -> list[str]:
        return [PARALLEL] * operand_rank(self.init.type)

    @classmethod
    def parse(cls, p, state) -> None:
        parse_dst_style(p, state, "permutation")
        state.regions.append(identity_region(state.operands, p.loc_at(state.pos)))

    def print_custom(self, p) -> None:
        print_ins_outs(p, [self.input], [self.init])
        print_dense_i64_keyword(p, "permutation", self.props.get("permutation"))
        p.print_optional_attr_dict(sorted_attrs(self, ("permutation",)))

    def verify_(self) -> None:
        super().verify_()
        perm = self._perm()
        if sorted(perm) != list(range(len(perm))):
            raise self.op_error("permutation is not valid")
        in_shape = operand_shape(self.input.type)
        init_shape = operand_shape(self.init.type)
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
    asm_result_name = "broadcasted"
    input = operand_def(C.AnyShaped)
    init = operand_def(C.AnyShaped)
    result = var_result_def(RankedTensorResults)
    dimensions = prop_def(C.DenseI64ArrayAttr)
    region = region_def()

    def dps_inputs(self) -> list[Value]:
        return [self.input]

    def dps_inits(self) -> list[Value]:
        return [self.init]

    def _dims(self) -> list[int]:
        a = self.props.get("dimensions")
        return list(a.values) if isinstance(a, A.DenseArrayAttr) else []

    def indexing_maps_array(self) -> list[AffineMap]:
        rank = operand_rank(self.init.type)
        added = set(self._dims())
        return [AffineMap(rank, 0, [dim(i) for i in range(rank) if i not in added]), AffineMap.identity(rank)]

    def iterator_types_array(self) -> list[str]:
        return [PARALLEL] * operand_rank(self.init.type)

    @classmethod
    def parse(cls, p, state) -> None:
        parse_dst_style(p, state, "dimensions")
        state.regions.append(identity_region(state.operands, p.loc_at(state.pos)))

    def print_custom(self, p) -> None:
        print_ins_outs(p, [self.input], [self.init])
        print_dense_i64_keyword(p, "dimensions", self.props.get("dimensions"))
        p.print_optional_attr_dict(sorted_attrs(self, ("dimensions",)))

    def verify_(self) -> None:
        super().verify_()
        dims = self._dims()
        in_shape = operand_shape(self.input.type)
        init_shape = operand_shape(self.init.type)
        if len(in_shape) + len(dims) != len(init_shape):
            raise self.op_error(
                f"input rank plus added dimensions does not match init rank. input rank: "
                f"{len(in_shape)}, dimensions size: {len(dims)}, init rank: {len(init_shape)}"
            )
        for i, d in enumerate(dims):
            if d < 0 or d >= len(init_shape):
                raise self.op_error(
                    f"dimension {i} is out of range. expected range: [0, {len(init_shape) - 1}], got: {d}"
                )
        kept = [d for d in range(len(init_shape)) if d not in dims]
        for i, d in enumerate(kept):
            if in_shape[i] != init_shape[d]:
                raise self.op_error(
                    f"input dim {i} should match init dim {d}. input: {in_shape[i]}, init: {init_shape[d]}"
                )


@register_op
class SoftmaxOp(OpDef):
    """``linalg.softmax``: softmax along ``dimension`` (no payload region)."""

    __slots__ = ()
    OP_NAME = "linalg.softmax"
    traits = frozenset({DESTINATION_STYLE_OP_INTERFACE})
    input = operand_def(C.AnyShaped)
    output = operand_def(C.AnyShaped)
    result = var_result_def(
        C.TypeConstraint("variadic of ranked tensor of any type values", lambda t: isinstance(t, T.RankedTensorType))
    )
    dimension = prop_def(typed_attr(C.I64Attr, T.i64))
    assembly_format = (
        "attr-dict `dimension` `(` $dimension `)` `ins` `(` $input `:` type($input) `)` "
        "`outs` `(` $output `:` type($output) `)` (`->` type($result)^)?"
    )

    def verify_(self) -> None:
        a = operand_shape(self.input.type)
        b = operand_shape(self.output.type)
        if len(a) != len(b) or any(x != y and x != T.DYNAMIC and y != T.DYNAMIC for x, y in zip(a, b, strict=True)):
            raise self.op_error("incompatible output shape")
        d = self.dimension.value
        if d < 0 or d >= len(a):
            raise self.op_error("incorrect dimension specified")
