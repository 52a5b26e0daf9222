"""The transform dialect's structured (linalg) ops as upstream MLIR 22
prints them: structured.match, tile_using_for, tile_reduction_using_for,
vectorize, convert_conv2d_to_img2col, hoist_redundant_vector_transfers,
lower_pack and lower_unpack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ir import attributes as A
from ..ir import constraints as C
from ..ir import types as T
from ..ir.fields import operand_def, prop_def, result_def, var_operand_def, var_result_def
from ..ir.opdef import OpDef
from ..ir.registry import register_op
from ..ir.types import DYNAMIC
from .index_lists import parse_dynamic_index_list, print_dynamic_index_list
from .transform import AnyTransform, Handle, StrArray, functional_types_str

# MatchInterfaceEnum: the interfaces `structured.match interface{...}` names.
MATCH_INTERFACES = {"LinalgOp": 0, "TilingInterface": 1, "LoopLikeInterface": 2}
MATCH_INTERFACE_NAMES = {v: k for k, v in MATCH_INTERFACES.items()}
I64Array = C.dense_array_attr(T.i64, "i64 dense array attribute")
BoolArray = C.DenseBoolArrayAttr


def _i64s(op, name: str) -> list[int]:
    a = op.props.get(name)
    return list(a.values) if isinstance(a, A.DenseArrayAttr) else []


def _ints(op, name: str) -> list[int]:
    a = op.props.get(name)
    return [x.value for x in a] if isinstance(a, A.ArrayAttr) else []


def _i64_array(vals) -> A.ArrayAttr:
    return A.ArrayAttr(tuple(A.IntegerAttr(v, T.i64) for v in vals))


def _parse_functional(p, state, refs) -> None:
    """``attr-dict : functional-type(operands, results)`` after the syntax
    proper; ``refs`` are the operands in order."""
    for k, v in p.parse_optional_attr_dict().items():
        (state.properties if k in state.op_class.PROPERTIES else state.attributes)[k] = v
    p.expect(":", "expected ':'")
    ft = p.parse_type()
    if not isinstance(ft, T.FunctionType):
        p.error("expected function type")
    if len(ft.inputs) != len(refs):
        p.error(f"{len(refs)} operands present, but expected {len(ft.inputs)}")
    state.operands = p.resolve_operands(refs, list(ft.inputs))
    state.result_types = list(ft.results)


@register_op
class MatchOp(OpDef):
    """The ops nested in the target (itself included) with one of the given
    names, interface and attributes."""

    __slots__ = ()
    OP_NAME = "transform.structured.match"
    target = operand_def(Handle)
    ops = prop_def(StrArray, optional=True)
    interface = prop_def(optional=True)
    op_attrs = prop_def(C.DictAttr, optional=True)
    filter_result_type = prop_def(C.TypeAttr, optional=True)
    filter_operand_types = prop_def(C.ArrayAttr, optional=True)
    if not TYPE_CHECKING:  # named like an Operation member (op.results stays Operation's): op.f.results
        results = result_def(Handle)

    @classmethod
    def parse(cls, p, state) -> None:
        props = state.properties
        if p.accept_keyword("ops"):
            p.expect("{", "expected '{'")
            props["ops"] = p.parse_attribute()
            p.expect("}", "expected '}'")
        if p.accept_keyword("interface"):
            p.expect("{", "expected '{'")
            word = p.text if p.kind == "bare" else ""
            if word not in MATCH_INTERFACES:
                p.error(
                    "custom op 'transform.structured.match' expected string or keyword containing one of the "
                    "following enum values for attribute 'interface' [LinalgOp, TilingInterface, LoopLikeInterface]"
                )
            p.advance()
            props["interface"] = A.IntegerAttr(MATCH_INTERFACES[word], T.i32)
            p.expect("}", "expected '}'")
        if p.accept_keyword("attributes"):
            props["op_attrs"] = p.parse_attribute()
        if p.accept_keyword("filter_result_type"):
            p.expect("=", "expected '='")
            props["filter_result_type"] = A.TypeAttr(p.parse_type())
        if p.accept_keyword("filter_operand_types"):
            p.expect("=", "expected '='")
            props["filter_operand_types"] = p.parse_attribute()
        if not p.accept_keyword("in"):
            p.error("expected 'in'")
        _parse_functional(p, state, [p.parse_operand()])

    def print_custom(self, p) -> None:
        if self.ops is not None:
            p.write(" ops{" + p.attr(self.ops) + "}")
        if self.interface is not None:
            p.write(" interface{" + (self.interface_name or "?") + "}")
        if self.op_attrs is not None:
            p.write(" attributes " + p.attr(self.op_attrs))
        if self.filter_result_type is not None:
            p.write(" filter_result_type = " + p.type(self.filter_result_type.value))
        if self.filter_operand_types is not None:
            p.write(" filter_operand_types = " + p.attr(self.filter_operand_types))
        p.write(" in " + p.value_name(self.target))
        p.print_optional_attr_dict(dict(self.attributes))
        p.write(functional_types_str(p, self.operands, self.results))

    def verify_(self) -> None:
        i = self.interface
        if i is not None and (not isinstance(i, A.IntegerAttr) or i.value not in MATCH_INTERFACE_NAMES):
            raise self.op_error("attribute 'interface' failed to satisfy constraint: An interface to match")

    @property
    def op_names(self) -> list[str]:
        ops = self.ops
        return [a.value for a in ops] if ops is not None else []

    @property
    def interface_name(self) -> str | None:
        i = self.interface
        return MATCH_INTERFACE_NAMES.get(i.value) if isinstance(i, A.IntegerAttr) else None


def _parse_sizes(p, state, static_name: str, scalable_name: str) -> list:
    """``[%a, 4, [8]]`` into ``static_name``/``scalable_name``; the SSA
    entries are returned for the caller to resolve (their types come from
    the functional type)."""
    lst = parse_dynamic_index_list(p)
    state.properties[static_name] = A.DenseArrayAttr(T.i64, tuple(lst.static))
    state.properties[scalable_name] = A.DenseArrayAttr(T.i1, tuple(int(b) for b in lst.scalable))
    return list(lst.values)


def _sizes_str(p, op, values, static_name: str, scalable_name: str) -> str:
    flags = [bool(x) for x in _i64s(op, scalable_name)]
    return print_dynamic_index_list(p, list(values), _i64s(op, static_name), scalable=flags)


@register_op
class TileUsingForOp(OpDef):
    """Tiles each target op by ``tile_sizes`` (0 = untiled) with scf.for
    loops, optionally interchanged."""

    __slots__ = ()
    OP_NAME = "transform.structured.tile_using_for"
    target = operand_def(Handle)
    dynamic_sizes = var_operand_def(AnyTransform)
    static_sizes = prop_def(I64Array, default=A.DenseArrayAttr(T.i64, ()))
    interchange = prop_def(I64Array, default=A.DenseArrayAttr(T.i64, ()))
    scalable_sizes = prop_def(BoolArray, default=A.DenseArrayAttr(T.i1, ()))
    tiled_linalg_op = result_def(Handle)
    loops = var_result_def(Handle)

    @classmethod
    def parse(cls, p, state) -> None:
        target = p.parse_operand()
        if not p.accept_keyword("tile_sizes"):
            p.error("expected 'tile_sizes'")
        dyn = _parse_sizes(p, state, "static_sizes", "scalable_sizes")
        if p.accept_keyword("interchange"):
            p.expect("=", "expected '='")
            vals = p.parse_comma_list(p.parse_integer, "[", "]")
            state.properties["interchange"] = A.DenseArrayAttr(T.i64, tuple(vals))
        _parse_functional(p, state, [target, *dyn])

    def print_custom(self, p) -> None:
        p.write(" " + p.value_name(self.target) + " tile_sizes ")
        p.write(_sizes_str(p, self, self.dynamic_sizes, "static_sizes", "scalable_sizes"))
        inter = _i64s(self, "interchange")
        if inter:
            p.write(" interchange = [" + ", ".join(map(str, inter)) + "]")
        p.print_optional_attr_dict(dict(self.attributes))
        p.write(functional_types_str(p, self.operands, self.results))

    def asm_result_names(self) -> list[str | None]:
        return ["tiled_linalg_op", "loops"] + [None] * (len(self.results) - 2)

    @property
    def sizes(self) -> list[int]:
        return _i64s(self, "static_sizes")

    def verify_(self) -> None:
        static = self.sizes
        ndyn = sum(1 for s in static if s == DYNAMIC)
        if ndyn != len(self.dynamic_sizes):
            raise self.op_error(
                f"expected as many dynamic size-producing operands ({len(self.dynamic_sizes)}) "
                f"as dynamic sizes ({ndyn})"
            )
        nloops = sum(1 for s in static if s != 0)
        if len(self.loops) != nloops:
            raise self.op_error(
                f"expected number of loops to tile ({nloops}) to match number of `loops` results ({len(self.loops)})"
            )


@register_op
class TileReductionUsingForOp(OpDef):
    """Tiles a reduction into partial results combined after the loop."""

    __slots__ = ()
    OP_NAME = "transform.structured.tile_reduction_using_for"
    target = operand_def(Handle)
    # I64ArrayAttr (an array of i64 integers), not a dense array.
    reduction_dims = prop_def(C.ArrayAttr, default=A.ArrayAttr(()), populate=True)
    tile_sizes = prop_def(C.ArrayAttr, default=A.ArrayAttr(()), populate=True)
    fill_op = var_result_def(Handle)
    split_op = result_def(Handle)
    combining_op = result_def(Handle)
    for_op = result_def(Handle)

    @classmethod
    def parse(cls, p, state) -> None:
        target = p.parse_operand()
        if p.accept_keyword("reduction_dims"):
            p.expect("=", "expected '='")
            vals = p.parse_comma_list(p.parse_integer, "[", "]")
            state.properties["reduction_dims"] = _i64_array(vals)
        if not p.accept_keyword("by"):
            p.error("expected 'by'")
        if not p.accept_keyword("tile_sizes"):
            p.error("expected 'tile_sizes'")
        p.expect("=", "expected '='")
        vals = p.parse_comma_list(p.parse_integer, "[", "]")
        state.properties["tile_sizes"] = _i64_array(vals)
        _parse_functional(p, state, [target])

    def print_custom(self, p) -> None:
        p.write(" " + p.value_name(self.target))
        dims = _ints(self, "reduction_dims")
        if dims:
            p.write(" reduction_dims = [" + ", ".join(map(str, dims)) + "]")
        p.write(" by tile_sizes = [" + ", ".join(map(str, _ints(self, "tile_sizes"))) + "]")
        p.print_optional_attr_dict(dict(self.attributes))
        p.write(functional_types_str(p, self.operands, self.results))

    def asm_result_names(self) -> list[str | None]:
        n = len(self.results) - 3
        return (
            ["fill_op"] + [None] * (n - 1) + ["split_op", "combining_op", "for_op"]
            if n > 0
            else [
                "split_op",
                "combining_op",
                "for_op",
            ]
        )


@register_op
class VectorizeOp(OpDef):
    """Vectorizes each target op (to the given vector sizes if any)."""

    __slots__ = ()
    OP_NAME = "transform.structured.vectorize"
    target = operand_def(Handle)
    vector_sizes = var_operand_def(AnyTransform)
    static_vector_sizes = prop_def(I64Array, default=A.DenseArrayAttr(T.i64, ()))
    vectorize_nd_extract = prop_def(C.UnitAttr, optional=True)
    assume_dynamic_dims_match_vec_sizes = prop_def(C.UnitAttr, optional=True)
    create_named_contraction = prop_def(C.UnitAttr, optional=True)
    scalable_sizes = prop_def(BoolArray, default=A.DenseArrayAttr(T.i1, ()))

    @classmethod
    def parse(cls, p, state) -> None:
        target = p.parse_operand()
        dyn: list = []
        if p.accept_keyword("vector_sizes"):
            dyn = _parse_sizes(p, state, "static_vector_sizes", "scalable_sizes")
        for k, v in p.parse_optional_attr_dict().items():
            (state.properties if k in cls.PROPERTIES else state.attributes)[k] = v
        p.expect(":", "expected ':'")
        types = [p.parse_type()]
        if p.accept(","):
            types += p.parse_comma_list(p.parse_type)
        state.operands = p.resolve_operands([target, *dyn], types)

    def print_custom(self, p) -> None:
        p.write(" " + p.value_name(self.target))
        if _i64s(self, "static_vector_sizes"):
            p.write(" vector_sizes ")
            p.write(_sizes_str(p, self, self.vector_sizes, "static_vector_sizes", "scalable_sizes"))
        attrs = {
            k: v
            for k, v in self.props.items()
            if k not in ("static_vector_sizes", "scalable_sizes", "operandSegmentSizes")
        }
        attrs.update(self.attributes)
        p.print_optional_attr_dict(attrs)
        p.write(" : " + ", ".join(p.type(v.type) for v in self.operands))


class _FunctionalOp(OpDef):
    """``$target attr-dict : functional-type(operands, results)``."""

    __slots__ = ()
    target = operand_def(Handle)
    assembly_format = "$target attr-dict `:` functional-type(operands, results)"


@register_op
class ConvertConv2DToImg2ColOp(_FunctionalOp):
    """Rewrites a 2-D convolution as an im2col copy and a matmul."""

    __slots__ = ()
    OP_NAME = "transform.structured.convert_conv2d_to_img2col"
    img2col_tensor = result_def(Handle)
    transformed = result_def(Handle)

    def asm_result_names(self) -> list[str | None]:
        return ["img2col_tensor", "transformed"]


@register_op
class HoistRedundantVectorTransfersOp(_FunctionalOp):
    """Hoists loop-invariant vector transfer pairs out of loops."""

    __slots__ = ()
    OP_NAME = "transform.structured.hoist_redundant_vector_transfers"
    verify_non_zero_trip = prop_def(C.UnitAttr, optional=True)
    transformed = result_def(Handle)


@register_op
class LowerPackOp(_FunctionalOp):
    """Lowers linalg.pack to tensor.pad + tensor.expand_shape + linalg.transpose."""

    __slots__ = ()
    OP_NAME = "transform.structured.lower_pack"
    lowerPadLikeWithInsertSlice = prop_def(C.BoolAttr, default=A.TRUE, populate=True)
    pad_op = result_def(Handle)
    expand_shape_op = result_def(Handle)
    transpose_op = result_def(Handle)

    def asm_result_names(self) -> list[str | None]:
        return ["pad_op", "expand_shape_op", "transpose_op"]


@register_op
class LowerUnPackOp(_FunctionalOp):
    """Lowers linalg.unpack to tensor.empty + linalg.transpose +
    tensor.collapse_shape + tensor.extract_slice."""

    __slots__ = ()
    OP_NAME = "transform.structured.lower_unpack"
    lowerUnpadLikeWithExtractSlice = prop_def(C.BoolAttr, default=A.TRUE, populate=True)
    empty_op = result_def(Handle)
    transpose_op = result_def(Handle)
    collapse_shape_op = result_def(Handle)
    extract_slice_op = result_def(Handle)

    def asm_result_names(self) -> list[str | None]:
        return ["empty_op", "transpose_op", "collapse_shape_op", "extract_slice_op"]
