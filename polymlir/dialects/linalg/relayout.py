"""Linalg ops that are not structured ops: ``linalg.pack`` /
``linalg.unpack`` (tiled relayout of a tensor) and the three Winograd
convolution transforms."""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import enum_attr
from ...ir.core import Value
from ...ir.fields import operand_def, opt_operand_def, prop_def, result_def, var_operand_def
from ...ir.interfaces import PARALLEL, TilingOp, static_sizes
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import DESTINATION_STYLE_OP_INTERFACE, PURE

DYN = T.DYNAMIC
RankedTensor = C.TypeConstraint("ranked tensor of any type values", lambda t: isinstance(t, T.RankedTensorType))
IndexOperands = C.TypeConstraint("variadic of index", lambda t: isinstance(t, T.IndexType))


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _compatible(a: Sequence[int], b: Sequence[int]) -> bool:
    return len(a) == len(b) and all(x == y or x == DYN or y == DYN for x, y in zip(a, b, strict=True))


def _shape_type(shape: Sequence[int], et: T.Type) -> T.RankedTensorType:
    return T.RankedTensorType(tuple(shape), et)


class _RelayoutOp(OpDef, TilingOp):
    """Shared parts of pack and unpack (``getMixedTiles``, the verifier).
    Tileable: one parallel loop per dimension of the unpacked tensor
    (pack's source, unpack's destination), over the destination's sizes."""

    __slots__ = ()
    traits = frozenset({PURE, DESTINATION_STYLE_OP_INTERFACE})
    IS_PACK = True
    # Declared by both subclasses (as fields).
    source: Value
    dest: Value
    inner_tiles: list[Value]

    # -- TilingOp --------------------------------------------------------------------------
    def loop_iterator_types(self) -> list[str]:
        unpacked = self.source if self.IS_PACK else self.dest
        return [PARALLEL] * T.shaped(unpacked.type).rank

    def iteration_domain_sizes(self) -> list[int | None]:
        shape = T.shaped(self.dest.type).shape
        return static_sizes(shape[: len(self.loop_iterator_types())], DYN)

    # -- custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) --------------------
    @classmethod
    def parse_DynamicIndexList(cls, p, ps, *args) -> None:
        p.expect("[", "expected '['")
        refs: list = []
        static: list[int] = []
        if not p.accept("]"):
            while True:
                if p.kind == "%":
                    refs.append(p.parse_operand())
                    static.append(DYN)
                else:
                    static.append(p.parse_integer())
                if not p.accept(","):
                    break
            p.expect("]", "expected ']'")
        ps.operands["inner_tiles"] = refs
        ps.types["inner_tiles"] = [T.index] * len(refs)
        ps.props["static_inner_tiles"] = A.DenseArrayAttr(T.i64, tuple(static))

    def print_DynamicIndexList(self, p, *args) -> None:
        dyn = iter(self.inner_tiles)
        parts = [p.value_name(next(dyn)) if s == DYN else str(s) for s in self._static_tiles()]
        p.write("[" + ", ".join(parts) + "]")

    # The result has the type of the destination (AllTypesMatch).
    type_matches = (("dest", "result"),)

    def _static_tiles(self) -> list[int]:
        a = self.props.get("static_inner_tiles")
        return list(a.values) if isinstance(a, A.DenseArrayAttr) else []

    def _arr(self, name: str) -> list[int]:
        a = self.props.get(name)
        return list(a.values) if isinstance(a, A.DenseArrayAttr) else []

    @staticmethod
    def _bad_positions(pos: Sequence[int], rank: int) -> bool:
        return len(pos) > rank or len(set(pos)) != len(pos) or any(d < 0 or d >= rank for d in pos)

    def verify_(self) -> None:
        src, dst = T.shaped(self.source.type), T.shaped(self.dest.type)
        tiles = self._static_tiles()
        if any(t == 0 for t in tiles):
            raise self.emit_error("invalid zero tile factor")
        unpacked, packed = (src, dst) if self.IS_PACK else (dst, src)
        urank = len(unpacked.shape)
        inner = self._arr("inner_dims_pos")
        outer = self._arr("outer_dims_perm")
        if self._bad_positions(inner, urank):
            raise self.emit_error("invalid inner_dims_pos vector")
        if self._bad_positions(outer, urank):
            raise self.emit_error("invalid outer_dims_perm vector")
        if outer and len(outer) != urank:
            raise self.emit_error("outer_dims_perm must be a permutation or empty")
        if len(tiles) > urank:
            raise self.emit_error(
                "tiling factors must be less than or equal to the input rank for pack or output rank for unpack"
            )
        if len(tiles) != len(inner):
            raise self.emit_error("tiling factors must equal the number of dimensions to tile")
        prank = len(packed.shape)
        if urank + len(tiles) != prank:
            raise self.emit_error(
                f"packed rank != (unpacked rank + num tiling factors), got {prank} != {urank + len(tiles)}"
            )
        shape = list(unpacked.shape)
        for pos, t in zip(inner, tiles, strict=False):
            shape[pos] = DYN if shape[pos] == DYN or t == DYN else _ceil_div(shape[pos], t)
        if outer:
            shape = [shape[i] for i in outer]
        expected = shape + tiles
        tail = list(packed.shape[prank - len(tiles) :]) if tiles else []
        if any((s != t) if t != DYN else s != DYN for s, t in zip(tail, tiles, strict=True)):
            raise self.emit_error(
                "mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type"
            )
        if not _compatible(expected, packed.shape):
            exp_t = _shape_type(expected, unpacked.element_type)
            raise self.emit_error(f"expected '{exp_t}' for the packed domain value, got '{packed}'")


@register_op
class PackOp(_RelayoutOp):
    """``linalg.pack``: tile a tensor into a higher-rank packed layout."""

    __slots__ = ()
    OP_NAME = "linalg.pack"
    asm_result_name = "pack"
    source = operand_def(RankedTensor)
    dest = operand_def(RankedTensor)
    padding_value = opt_operand_def()
    inner_tiles = var_operand_def(IndexOperands)
    outer_dims_perm = prop_def(C.DenseI64ArrayAttr, default=A.DenseArrayAttr(T.i64, ()))
    inner_dims_pos = prop_def(C.DenseI64ArrayAttr)
    static_inner_tiles = prop_def(C.DenseI64ArrayAttr)
    result = result_def(RankedTensor)
    assembly_format = (
        "$source (`padding_value` `(` $padding_value^ `:` type($padding_value) `)`)? "
        "(`outer_dims_perm` `=` $outer_dims_perm^)? `inner_dims_pos` `=` $inner_dims_pos "
        "`inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) "
        "`into` $dest attr-dict `:` type($source) `->` type($dest)"
    )

    def verify_(self) -> None:
        super().verify_()
        pad = self.padding_value
        src = T.shaped(self.source.type)
        if pad is not None and pad.type != src.element_type:
            raise self.op_error(f"expected padding_value has '{src.element_type}' but got: '{pad.type}'")
        if pad is None:
            for pos, t in zip(self._arr("inner_dims_pos"), self._static_tiles(), strict=False):
                d = src.shape[pos]
                if d != DYN and t != DYN and d % t:
                    raise self.op_error(
                        "invalid tile factor or output size provided. Only full tiles are "
                        "supported when padding_value is not set"
                    )


@register_op
class UnPackOp(_RelayoutOp):
    """``linalg.unpack``: the inverse of ``linalg.pack``."""

    __slots__ = ()
    OP_NAME = "linalg.unpack"
    asm_result_name = "unpack"
    IS_PACK = False
    source = operand_def(RankedTensor)
    dest = operand_def(RankedTensor)
    inner_tiles = var_operand_def(IndexOperands)
    outer_dims_perm = prop_def(C.DenseI64ArrayAttr, default=A.DenseArrayAttr(T.i64, ()))
    inner_dims_pos = prop_def(C.DenseI64ArrayAttr)
    static_inner_tiles = prop_def(C.DenseI64ArrayAttr)
    result = result_def(RankedTensor)
    assembly_format = (
        "$source (`outer_dims_perm` `=` $outer_dims_perm^)? `inner_dims_pos` `=` $inner_dims_pos "
        "`inner_tiles` `=` custom<DynamicIndexList>($inner_tiles, $static_inner_tiles) "
        "`into` $dest attr-dict `:` type($source) `->` type($dest)"
    )


# -- Winograd transforms -------------------------------------------------------------------

FMR = enum_attr("allowed 32-bit signless integer cases: 0, 1, 2", {0: "F_2_3", 1: "F_4_3", 2: "F_2_5"}, T.i32)
_FMR_MR = {0: (2, 3), 1: (4, 3), 2: (2, 5)}


def _tensor_rank(n: int) -> C.TypeConstraint:
    return C.TypeConstraint(
        f"{n}D tensor of any type values", lambda t: isinstance(t, T.RankedTensorType) and len(t.shape) == n
    )


class _WinogradOp(OpDef):
    __slots__ = ()
    traits = frozenset({DESTINATION_STYLE_OP_INTERFACE})
    fmr = prop_def(FMR)

    def _mr(self) -> tuple[int, int]:
        return _FMR_MR.get(self.fmr.value, (2, 3))

    def _check(self, expected: Sequence[int], got: Sequence[int]) -> None:
        if not _compatible(expected, got):
            raise self.op_error("the output shape is not expected")


@register_op
class WinogradFilterTransformOp(_WinogradOp):
    """``linalg.winograd_filter_transform``: (F, KH, KW, C) to (a, a, C, F)."""

    __slots__ = ()
    OP_NAME = "linalg.winograd_filter_transform"
    filter = operand_def(_tensor_rank(4))
    output = operand_def(_tensor_rank(4))
    result = result_def(_tensor_rank(4))
    assembly_format = (
        "attr-dict `fmr` `(` $fmr `)` `ins` `(` $filter `:` type($filter) `)` "
        "`outs` `(` $output `:` type($output) `)` `->` type(results)"
    )

    def verify_(self) -> None:
        f = T.shaped(self.filter.type).shape
        m, r = self._mr()
        h, w = f[1], f[2]
        if h != r and h != 1:
            raise self.op_error("expect filter height either equals to r or 1")
        if w != r and w != 1:
            raise self.op_error("expect filter width either equals to r or 1")
        if h == 1 and w == 1:
            raise self.op_error("expect either filter height or width equals to r")
        exp = [m + r - 1 if h == r else 1, m + r - 1 if w == r else 1, f[3], f[0]]
        self._check(exp, T.shaped(self.output.type).shape)


@register_op
class WinogradInputTransformOp(_WinogradOp):
    """``linalg.winograd_input_transform``: (N, H, W, C) to (a, a, tH, tW, N, C)."""

    __slots__ = ()
    OP_NAME = "linalg.winograd_input_transform"
    input = operand_def(_tensor_rank(4))
    output = operand_def(_tensor_rank(6))
    result = result_def(_tensor_rank(6))
    assembly_format = (
        "attr-dict `fmr` `(` $fmr `)` `ins` `(` $input `:` type($input) `)` "
        "`outs` `(` $output `:` type($output) `)` `->` type(results)"
    )

    def verify_(self) -> None:
        i = T.shaped(self.input.type).shape
        o = T.shaped(self.output.type).shape
        m, r = self._mr()
        a = m + r - 1
        exp = [0] * 6
        for dim, alpha, tile in ((i[1], 0, 2), (i[2], 1, 3)):
            transform = o[alpha] != 1
            if dim == DYN:
                exp[alpha], exp[tile] = a, DYN
            else:
                exp[alpha] = a if transform else 1
                exp[tile] = (dim - (r - 1)) // m if transform else dim
        exp[4], exp[5] = i[0], i[3]
        self._check(exp, o)


@register_op
class WinogradOutputTransformOp(_WinogradOp):
    """``linalg.winograd_output_transform``: (a, a, tH, tW, N, F) to (N, H, W, F)."""

    __slots__ = ()
    OP_NAME = "linalg.winograd_output_transform"
    value = operand_def(_tensor_rank(6))
    output = operand_def(_tensor_rank(4))
    result = result_def(_tensor_rank(4))
    assembly_format = (
        "attr-dict `fmr` `(` $fmr `)` `ins` `(` $value `:` type($value) `)` "
        "`outs` `(` $output `:` type($output) `)` `->` type(results)"
    )

    def verify_(self) -> None:
        v = T.shaped(self.value.type).shape
        m, r = self._mr()
        exp = [v[4], 0, 0, v[5]]
        for k, (alpha, tile, name) in enumerate(((0, 2, "height"), (1, 3, "width"))):
            va, vt = v[alpha], v[tile]
            transform = va != 1
            if va == DYN or vt == DYN:
                exp[1 + k] = DYN
            else:
                if va != (m + r - 1 if transform else 1):
                    raise self.op_error(f"expect input {name} equals to input tile size")
                exp[1 + k] = (m if transform else 1) * vt
        self._check(exp, T.shaped(self.output.type).shape)
