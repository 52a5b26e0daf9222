"""The view-like ops of the memref dialect: subview, view, reinterpret_cast,
reshape, transpose, extract_strided_metadata (expand_shape and
collapse_shape are in ``reshapes.py``).

Result-type inference follows upstream, with strides and offsets from
``polymlir.ir.layout``: subview's (``SubViewOp::inferResultType``,
``inferRankReducedResultType``) and the checks subview and reinterpret_cast
share with the tensor slices are in ``polymlir.dialects.slicing``;
transpose's ``inferTransposeResultType`` is here.
"""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import types as T
from ...ir.constraints import AttrConstraint
from ...ir.core import Value
from ...ir.fields import operand_def, prop_def, result_def, var_operand_def, var_result_def
from ...ir.layout import (
    DYNAMIC,
    canonicalize_strided_layout,
    has_identity_layout,
    is_strided,
    make_strided_layout,
    strides_and_offset,
)
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    INFER_TYPE_OP_INTERFACE,
    MEMREFS_NORMALIZABLE,
    OFFSET_SIZE_AND_STRIDE_OP_INTERFACE,
    PURE,
    SAME_VARIADIC_RESULT_SIZE,
    VIEW_LIKE_OP_INTERFACE,
)
from ...parser.affine_parser import AffineParseError, parse_affine_map
from ..index_lists import DynamicIndexListFormat, verify_offset_sizes_strides
from ..slicing import (
    SliceMismatch,
    in_bounds_slice_error,
    infer_subview_result_type,
    memref_rank_reduction_mask,
    slice_mismatch,
    static_offsets_sizes_strides,
    verify_dynamic_counts,
)
from .ops import AnyRankedOrUnrankedMemRef, Index, MemRef, VariadicIndex, q, ranked_memref

StridedMemRef = ranked_memref("strided memref of any type values", is_strided)
I8MemRef1D = ranked_memref(
    "1D memref of 8-bit signless integer values", lambda t: t.rank == 1 and t.element_type == T.i8
)
ShapeMemRef = ranked_memref(
    "1D memref of signless integer or index values",
    lambda t: (
        t.rank == 1
        and (
            isinstance(t.element_type, T.IndexType)
            or (isinstance(t.element_type, T.IntegerType) and t.element_type.signedness == "")
        )
    ),
)
DenseI64Array = AttrConstraint(
    "i64 dense array attribute", lambda a: isinstance(a, A.DenseArrayAttr) and a.element_type == T.i64
)
IndexListArrayAttr = AttrConstraint(
    "Array of 64-bit integer array attributes",
    lambda a: (
        isinstance(a, A.ArrayAttr)
        and all(
            isinstance(g, A.ArrayAttr) and all(isinstance(i, A.IntegerAttr) and i.type == T.i64 for i in g) for g in a
        )
    ),
)


# -- ops with offsets, sizes and strides --------------------------------------------------


class _OffsetsSizesStrides(DynamicIndexListFormat, OpDef):
    __slots__ = ()

    def _max_ranks(self) -> tuple[int, int, int]:
        raise NotImplementedError

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        for n in ("offsets", "sizes", "strides"):
            ps.types.setdefault(n, [T.index] * len(ps.operands.get(n, [])))

    def verify_declared(self) -> None:
        # Upstream checks the dynamic entries before the declared constraints.
        verify_dynamic_counts(self)
        super().verify_declared()
        verify_offset_sizes_strides(self, self._max_ranks(), *static_offsets_sizes_strides(self))


@register_op
class SubViewOp(_OffsetsSizesStrides):
    """``memref.subview %m[offsets] [sizes] [strides] : T to U``"""

    __slots__ = ()
    OP_NAME = "memref.subview"
    asm_result_name = "subview"
    traits = frozenset({PURE, VIEW_LIKE_OP_INTERFACE, OFFSET_SIZE_AND_STRIDE_OP_INTERFACE})
    source = operand_def(MemRef)
    offsets = var_operand_def(VariadicIndex)
    sizes = var_operand_def(VariadicIndex)
    strides = var_operand_def(VariadicIndex)
    static_offsets = prop_def(DenseI64Array)
    static_sizes = prop_def(DenseI64Array)
    static_strides = prop_def(DenseI64Array)
    result = result_def(MemRef)
    assembly_format = (
        "$source `` custom<DynamicIndexList>($offsets, $static_offsets) "
        "custom<DynamicIndexList>($sizes, $static_sizes) "
        "custom<DynamicIndexList>($strides, $static_strides) "
        "attr-dict `:` type($source) `to` type($result)"
    )

    def _max_ranks(self) -> tuple[int, int, int]:
        r = T.of_kind(self.operands[0].type, T.MemRefType).rank
        return r, r, r

    def dropped_dims(self) -> set[int]:
        """Source dimensions the result type drops."""
        offs, szs, sts = static_offsets_sizes_strides(self)
        expected = infer_subview_result_type(T.of_kind(self.operands[0].type, T.MemRefType), offs, szs, sts)
        m = memref_rank_reduction_mask(expected, T.of_kind(self.results[0].type, T.MemRefType), szs)
        return m or set()

    def dynamic_result_size(self, i: int) -> Value | None:
        """The value of the size of result dimension ``i`` when it is
        dynamic (the matching operand among ``sizes``), else None
        (``memref.dim`` folds to it)."""
        shape = T.of_kind(self.results[0].type, T.MemRefType).shape
        if not 0 <= i < len(shape) or shape[i] != T.DYNAMIC:
            return None
        dropped = self.dropped_dims()
        kept = [d for d in range(len(T.of_kind(self.operands[0].type, T.MemRefType).shape)) if d not in dropped]
        if i >= len(kept):
            return None
        static = list(self.prop("static_sizes", A.DenseArrayAttr).values)
        d = kept[i]
        if static[d] != T.DYNAMIC:
            return None
        pos = sum(1 for x in static[:d] if x == T.DYNAMIC)
        sizes = list(self.sizes)
        return sizes[pos] if pos < len(sizes) else None

    def verify_(self) -> None:
        base = T.of_kind(self.operands[0].type, T.MemRefType)
        sub = T.of_kind(self.results[0].type, T.MemRefType)
        offs, szs, sts = static_offsets_sizes_strides(self)
        if base.memory_space != sub.memory_space:
            raise self.emit_error(
                f"different memory spaces specified for base memref type {q(base)} and subview memref type {q(sub)}"
            )
        if not is_strided(base):
            raise self.emit_error(f"base type {q(base)} is not strided")
        expected = infer_subview_result_type(base, offs, szs, sts)

        def layout_mismatch() -> Exception:
            return self.emit_error(
                f"expected result type to be {q(expected)} or a rank-reduced version. (mismatch "
                f"of result layout), but got {q(sub)}"
            )

        mismatch = slice_mismatch(expected, sub)
        if mismatch is SliceMismatch.RANK_TOO_LARGE:
            raise self.emit_error(f"expected result rank to be smaller or equal to the source rank, but got {q(sub)}")
        if mismatch is SliceMismatch.SIZE_MISMATCH:
            raise self.emit_error(
                f"expected result type to be {q(expected)} or a rank-reduced version. "
                f"(mismatch of result sizes), but got {q(sub)}"
            )
        if mismatch is SliceMismatch.ELEM_TYPE_MISMATCH:
            raise self.emit_error(f"expected result element type to be {q(expected.element_type)}, but got {q(sub)}")
        se, ss = strides_and_offset(expected), strides_and_offset(sub)
        if se is None or ss is None or se[1] != ss[1]:
            raise layout_mismatch()
        dropped = memref_rank_reduction_mask(expected, sub, szs)
        if dropped is None:
            raise layout_mismatch()
        kept = [s for i, s in enumerate(se[0]) if i not in dropped]
        if kept != list(ss[0]):
            raise layout_mismatch()
        msg = in_bounds_slice_error(base.shape, offs, szs, sts)
        if msg is not None:
            raise self.emit_error(msg)


@register_op
class ReinterpretCastOp(_OffsetsSizesStrides):
    """``memref.reinterpret_cast %m to offset: [o], sizes: [...], strides: [...] : T to U``"""

    __slots__ = ()
    OP_NAME = "memref.reinterpret_cast"
    asm_result_name = "reinterpret_cast"
    traits = frozenset({PURE, MEMREFS_NORMALIZABLE, VIEW_LIKE_OP_INTERFACE, OFFSET_SIZE_AND_STRIDE_OP_INTERFACE})
    source = operand_def(AnyRankedOrUnrankedMemRef)
    offsets = var_operand_def(VariadicIndex)
    sizes = var_operand_def(VariadicIndex)
    strides = var_operand_def(VariadicIndex)
    static_offsets = prop_def(DenseI64Array)
    static_sizes = prop_def(DenseI64Array)
    static_strides = prop_def(DenseI64Array)
    result = result_def(StridedMemRef)
    assembly_format = (
        "$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) "
        "`` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) "
        "`` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) "
        "attr-dict `:` type($source) `to` type($result)"
    )

    def _max_ranks(self) -> tuple[int, int, int]:
        r = T.of_kind(self.results[0].type, T.MemRefType).rank
        return 1, r, r

    def verify_(self) -> None:
        src = self.operands[0].type
        res = T.of_kind(self.results[0].type, T.MemRefType)
        if not isinstance(src, (T.MemRefType, T.UnrankedMemRefType)):
            raise TypeError(f"'{self.name}' source is {src}, not a memref (the declared constraint says so)")
        if src.memory_space != res.memory_space:
            raise self.emit_error(
                f"different memory spaces specified for source type {q(src)} and result memref type {q(res)}"
            )
        if src.element_type != res.element_type:
            raise self.emit_error(
                f"different element types specified for source type {q(src)} and result memref type {q(res)}"
            )

        def show(v: int) -> str:
            return "dynamic" if v == DYNAMIC else str(v)

        offsets, sizes, strides = static_offsets_sizes_strides(self)
        for i, (r, e) in enumerate(zip(res.shape, sizes, strict=False)):
            if r != DYNAMIC and r != e:
                raise self.emit_error(f"expected result type with size = {show(e)} instead of {r} in dim = {i}")
        so = strides_and_offset(res)
        if so is None:
            raise self.emit_error(f"expected result type to have strided layout but found {q(res)}")
        res_strides, offset = so
        eo = offsets[0]
        if offset != DYNAMIC and offset != eo:
            raise self.emit_error(f"expected result type with offset = {show(eo)} instead of {offset}")
        for i, (r, e) in enumerate(zip(res_strides, strides, strict=False)):
            if r != DYNAMIC and r != e:
                raise self.emit_error(f"expected result type with stride = {show(e)} instead of {r} in dim = {i}")


@register_op
class ViewOp(OpDef):
    """A typed view of a flat ``i8`` buffer at a byte shift."""

    __slots__ = ()
    OP_NAME = "memref.view"
    asm_result_name = "view"
    traits = frozenset({PURE, VIEW_LIKE_OP_INTERFACE})
    source = operand_def(I8MemRef1D)
    byte_shift = operand_def(Index)
    sizes = var_operand_def(VariadicIndex)
    result = result_def(MemRef)
    assembly_format = "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("byte_shift", [T.index])
        ps.types.setdefault("sizes", [T.index] * len(ps.operands.get("sizes", [])))

    def verify_(self) -> None:
        base, view = T.of_kind(self.operands[0].type, T.MemRefType), T.of_kind(self.results[0].type, T.MemRefType)
        if not has_identity_layout(base):
            raise self.emit_error(f"unsupported map for base memref type {q(base)}")
        if not has_identity_layout(view):
            raise self.emit_error(f"unsupported map for result memref type {q(view)}")
        if base.memory_space != view.memory_space:
            raise self.emit_error(
                f"different memory spaces specified for base memref type {q(base)} and view memref type {q(view)}"
            )
        ndyn = sum(1 for d in view.shape if d == DYNAMIC)
        if len(self.sizes) != ndyn:
            raise self.op_error(f"incorrect number of dynamic sizes, has {len(self.sizes)}, expected {ndyn}")


@register_op
class ReshapeOp(OpDef):
    """Reshape with a shape given as a 1-D memref operand."""

    __slots__ = ()
    OP_NAME = "memref.reshape"
    asm_result_name = "reshape"
    traits = frozenset({PURE, VIEW_LIKE_OP_INTERFACE})
    source = operand_def(AnyRankedOrUnrankedMemRef)
    shape = operand_def(ShapeMemRef)
    result = result_def(AnyRankedOrUnrankedMemRef)
    assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)"

    def verify_(self) -> None:
        src, res = T.of_kind(self.operands[0].type, T.ShapedType), T.of_kind(self.results[0].type, T.ShapedType)
        if src.element_type != res.element_type:
            raise self.op_error("element types of source and destination memref types should be the same")
        if isinstance(src, T.MemRefType) and not has_identity_layout(src):
            raise self.op_error("source memref type should have identity affine map")
        n = T.of_kind(self.operands[1].type, T.MemRefType).shape[0]
        if isinstance(res, T.MemRefType):
            if not has_identity_layout(res):
                raise self.op_error("result memref type should have identity affine map")
            if n == DYNAMIC:
                raise self.op_error(
                    "cannot use shape operand with dynamic length to reshape to statically-ranked memref type"
                )
            if n != res.rank:
                raise self.op_error("length of shape operand differs from the result's memref rank")


# -- expand / collapse ------------------------------------------------------------------------


# -- transpose and metadata ---------------------------------------------------------------------


def infer_transpose_result_type(t: T.MemRefType, perm) -> T.MemRefType:
    """``t`` with sizes and strides permuted by the permutation map ``perm``."""
    so = strides_and_offset(t)
    if so is None:
        raise ValueError(f"{t} is not strided")
    strides, offset = so
    pos = [r.position for r in perm.results]
    return T.MemRefType(
        tuple(t.shape[i] for i in pos),
        t.element_type,
        make_strided_layout([strides[i] for i in pos], offset),
        t.memory_space,
    )


@register_op
class TransposeOp(OpDef):
    """``memref.transpose %m (d0, d1) -> (d1, d0) : T to U``"""

    __slots__ = ()
    OP_NAME = "memref.transpose"
    asm_result_name = "transpose"
    traits = frozenset({PURE})
    in_ = operand_def(StridedMemRef, name="in")
    permutation = prop_def(AttrConstraint("AffineMap attribute", lambda a: isinstance(a, A.AffineMapAttr)))
    result = result_def(StridedMemRef)

    @classmethod
    def parse(cls, p, state) -> None:

        ref = p.parse_operand()
        try:
            amap, end = parse_affine_map(p.src, p.start)
        except AffineParseError as e:
            p.error(e.message, e.offset)
        p.reset(end)
        attrs = p.parse_optional_attr_dict()
        p.expect(":", "expected ':'")
        src_pos = p.start
        src = p.parse_type()
        if not isinstance(src, T.MemRefType):
            p.error(f"invalid kind of type specified: expected builtin.memref, but found {q(src)}", src_pos)
        state.operands = [p.resolve_operand(ref, src)]
        p.expect_keyword("to")
        dst_pos = p.start
        dst = p.parse_type()
        if not isinstance(dst, T.MemRefType):
            p.error(f"invalid kind of type specified: expected builtin.memref, but found {q(dst)}", dst_pos)
        state.result_types = [dst]
        for k, v in attrs.items():
            (state.properties if k in cls.PROPERTIES else state.attributes)[k] = v
        state.properties["permutation"] = A.AffineMapAttr(amap)

    def print_custom(self, p) -> None:
        perm = self.props.get("permutation")
        text = str(perm.value) if isinstance(perm, A.AffineMapAttr) else p.attr(perm)
        p.write(f" {p.value_name(self.operands[0])} {text}")
        extra = {k: v for k, v in self.props.items() if k != "permutation"}
        extra.update(self.attributes)
        p.print_optional_attr_dict(extra)
        p.write(f" : {p.type(self.operands[0].type)} to {p.type(self.results[0].type)}")

    def verify_(self) -> None:
        perm = self.prop("permutation", A.AffineMapAttr).value
        if not perm.is_permutation():
            raise self.op_error("expected a permutation map")
        src, res = T.of_kind(self.operands[0].type, T.MemRefType), T.of_kind(self.results[0].type, T.MemRefType)
        if perm.num_dims != src.rank:
            raise self.op_error("expected a permutation map of same rank as the input")
        canonical = canonicalize_strided_layout(infer_transpose_result_type(src, perm))
        if canonicalize_strided_layout(res) != canonical:
            raise self.op_error(
                f"result type {q(res)} is not equivalent to the canonical transposed input type {q(canonical)}"
            )


@register_op
class ExtractStridedMetadataOp(OpDef):
    """Base buffer, offset, sizes and strides of a strided memref."""

    __slots__ = ()
    OP_NAME = "memref.extract_strided_metadata"
    traits = frozenset({PURE, SAME_VARIADIC_RESULT_SIZE, VIEW_LIKE_OP_INTERFACE, INFER_TYPE_OP_INTERFACE})
    source = operand_def(StridedMemRef)
    # Upstream: base_buffer, offset, sizes (variadic), strides (variadic),
    # split evenly (SameVariadicResultSize); one group here, split by rank.
    results = var_result_def()
    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"

    @classmethod
    def parse(cls, p, state) -> None:
        # The format, plus the older spelling the seed documents use, with no
        # `->` and no base buffer type: `%m : memref<10x?xf32>, index, ...`.
        ref = p.parse_operand()
        p.expect(":", "expected ':'")
        pos = p.start
        src = p.parse_type()
        if not isinstance(src, T.MemRefType):
            p.error(
                f"custom op '{cls.OP_NAME}' invalid kind of type specified: expected builtin.memref, but found "
                f"{q(src)}",
                pos,
            )
        if p.accept(","):
            state.result_types = [cls.inferred_types(src)[0]] + p.parse_comma_list(p.parse_type)
        else:
            p.expect("->", "expected '->'")
            state.result_types = p.parse_comma_list(p.parse_type)
        state.operands = [p.resolve_operand(ref, src)]
        state.attributes.update(p.parse_optional_attr_dict())

    @staticmethod
    def inferred_types(src: T.MemRefType) -> list[T.Type]:
        base = T.MemRefType((), src.element_type, None, src.memory_space)
        return [base, T.index] + [T.index] * (2 * src.rank)

    def asm_result_names(self) -> list[str | None]:
        # Upstream names the first value of each group: `%base_buffer,
        # %offset, %sizes:2, %strides:2` (sizes and strides only when rank > 0).
        n = (len(self.results) - 2) // 2
        if n <= 0:
            return ["base_buffer", "offset"]
        return ["base_buffer", "offset", "sizes"] + [None] * (n - 1) + ["strides"]

    @property
    def base_buffer(self):
        return self.results[0]

    @property
    def offset(self):
        return self.results[1]

    @property
    def sizes(self):
        n = (len(self.results) - 2) // 2
        return self.results[2 : 2 + n]

    @property
    def strides(self):
        n = (len(self.results) - 2) // 2
        return self.results[2 + n :]

    def verify_(self) -> None:
        rts = self.result_types
        if len(rts) < 2:
            raise self.op_error(f"expected 2 or more results, but found {len(rts)}")
        base = rts[0]
        if not (isinstance(base, T.MemRefType) and base.rank == 0 and is_strided(base)):
            raise self.op_error(f"result #0 must be strided memref of any type values of rank 0, but got {q(base)}")
        for i, t in enumerate(rts[1:], start=1):
            if not isinstance(t, T.IndexType):
                what = "index" if i == 1 else "variadic of index"
                raise self.op_error(f"result #{i} must be {what}, but got {q(t)}")
        src = T.of_kind(self.operands[0].type, T.MemRefType)
        inferred = self.inferred_types(src)
        if rts != inferred:
            raise self.op_error(
                f"inferred type(s) {', '.join(q(t) for t in inferred)} are incompatible with return "
                f"type(s) of operation {', '.join(q(t) for t in rts)}"
            )
