"""The memref dialect: allocation, access, casts, queries and globals.

The view-like ops (subview, view, reinterpret_cast, reshape,
expand/collapse_shape, transpose, extract_strided_metadata) live in
``views.py``, atomics and DMA in ``atomic.py``. Syntax, verifier rules and messages follow upstream
MLIR 22 (``MemRefOps.td`` / ``MemRefOps.cpp``); layouts are handled by
``polymlir.ir.layout``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import typed_attr
from ...ir.constraints import AttrConstraint, TypeConstraint
from ...ir.core import Operation, Value
from ...ir.fields import operand, opt_operand, prop, region, result, var_operand, var_result
from ...ir.layout import canonical_strides, has_identity_layout, layout_map, strides_and_offset
from ...ir.opdef import PURE, SINGLE_BLOCK, SYMBOL, TERMINATOR, OpDef
from ...ir.registry import register_op

# -- type constraints (upstream's descriptions) ---------------------------------

MEMREF_KIND = ("builtin.memref", lambda t: isinstance(t, T.MemRefType))
# BaseMemRefType is a type interface: upstream's parser names no kind.
BASE_MEMREF_KIND = ("", lambda t: isinstance(t, (T.MemRefType, T.UnrankedMemRefType)))


def _ranked(t: T.Type) -> bool:
    return isinstance(t, T.MemRefType)


def _any_memref(t: T.Type) -> bool:
    return isinstance(t, (T.MemRefType, T.UnrankedMemRefType))


def _int_or_float(t: T.Type) -> bool:
    return (isinstance(t, T.IntegerType) and t.signedness == "") or isinstance(t, T.FloatType)


def ranked_memref(desc: str, pred: Callable[[T.Type], bool] = lambda t: True) -> TypeConstraint:
    """A ranked memref satisfying ``pred`` (parsed as ``builtin.memref``)."""
    return TypeConstraint(desc, lambda t: _ranked(t) and pred(t), MEMREF_KIND)


MemRef = ranked_memref("memref of any type values")
AnyRankedOrUnrankedMemRef = TypeConstraint(
    "ranked or unranked memref of any type values", _any_memref, BASE_MEMREF_KIND
)
Index = TypeConstraint("index", lambda t: isinstance(t, T.IndexType))
VariadicIndex = TypeConstraint("variadic of index", lambda t: isinstance(t, T.IndexType))
IntOrFloat = TypeConstraint("signless integer or floating-point", _int_or_float)
MemRefOfIntOrFloat = ranked_memref(
    "memref of signless integer or floating-point values", lambda t: _int_or_float(t.element_type)
)
StaticShapeMemRef = ranked_memref("statically shaped memref of any type values", lambda t: t.has_static_shape)
MemRef1D = ranked_memref("1D memref of any type values", lambda t: t.rank == 1)

# -- attribute constraints --------------------------------------------------------


def _pos_pow2(a: A.Attribute) -> bool:
    return isinstance(a, A.IntegerAttr) and a.type == T.i64 and a.value > 0 and a.value & (a.value - 1) == 0


AlignmentAttr = AttrConstraint(
    "64-bit signless integer attribute whose value is positive and whose value is a power of two > 0", _pos_pow2
)
BoolAttr = C.BoolAttr

AUTOMATIC_ALLOCATION_SCOPE = "AutomaticAllocationScope"


def q(t: object) -> str:
    """A type or attribute quoted as upstream's diagnostics print it."""
    return f"'{t}'"


def compatible_shapes(a: T.Type, b: T.Type) -> bool:
    """Upstream's ``verifyCompatibleShape``: unranked matches anything,
    dynamic sizes match any size."""
    if not (isinstance(a, T.ShapedType) and a.has_rank) or not (isinstance(b, T.ShapedType) and b.has_rank):
        return True
    if a.rank != b.rank:
        return False
    return all(x == y or T.DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape))


def _elem(t: T.Type):
    return getattr(t, "element_type", None)


def index_types(ps, *names: str) -> None:
    """In a format's parse state: the operands ``names`` have index type."""
    for n in names:
        ps.types.setdefault(n, [T.index] * len(ps.operands.get(n, [])))


def _elem_type_of(ps, name: str) -> T.Type | None:
    ts = ps.types.get(name)
    if ts and isinstance(ts[0], (T.MemRefType, T.UnrankedMemRefType)):
        return ts[0].element_type
    return None


# -- allocation --------------------------------------------------------------------


class _AllocLike(OpDef):
    __slots__ = ()
    dynamicSizes = var_operand(VariadicIndex)
    symbolOperands = var_operand(VariadicIndex)
    alignment = prop(AlignmentAttr, optional=True)
    memref = result(MemRef)
    assembly_format = "`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "dynamicSizes", "symbolOperands")

    def verify_(self) -> None:
        t = self.results[0].type
        if not isinstance(t, T.MemRefType):
            raise self.op_error("result must be a memref")
        ndyn = sum(1 for d in t.shape if d == T.DYNAMIC)
        if len(self.dynamicSizes) != ndyn:  # type: ignore[arg-type]
            raise self.op_error(
                f"incorrect number of dynamic sizes, has {len(self.dynamicSizes)}, "  # type: ignore[arg-type]
                f"expected {ndyn}"
            )
        nsym = 0
        if not has_identity_layout(t):
            m = layout_map(t)
            nsym = m.num_symbols if m is not None else 0
        if len(self.symbolOperands) != nsym:  # type: ignore[arg-type]
            raise self.op_error(
                f"symbol operand count does not equal memref symbol count: expected {nsym}, "
                f"got {len(self.symbolOperands)}"
            )  # type: ignore[arg-type]

    @classmethod
    def build(
        cls,
        memref_type: T.MemRefType,
        dynamic_sizes: Sequence[Value] = (),
        symbol_operands: Sequence[Value] = (),
        alignment: int | None = None,
        loc: A.Location | None = None,
    ) -> _AllocLike:
        """An allocation of ``memref_type``; one index value per dynamic
        dimension, one per symbol of a layout map."""
        props: dict[str, A.Attribute] = {
            "operandSegmentSizes": A.DenseArrayAttr(T.i32, (len(dynamic_sizes), len(symbol_operands)))
        }
        if alignment is not None:
            props["alignment"] = A.IntegerAttr(alignment, T.i64)
        return cast(
            _AllocLike,
            cls.create(
                operands=[*dynamic_sizes, *symbol_operands], result_types=[memref_type], properties=props, loc=loc
            ),
        )


@register_op
class AllocOp(_AllocLike):
    """Heap allocation of a memref."""

    __slots__ = ()
    OP_NAME = "memref.alloc"
    asm_result_name = "alloc"


@register_op
class AllocaOp(_AllocLike):
    """Stack allocation, released at the end of the enclosing allocation scope."""

    __slots__ = ()
    OP_NAME = "memref.alloca"
    asm_result_name = "alloca"

    def verify_(self) -> None:
        anc = self.parent_op
        while anc is not None and AUTOMATIC_ALLOCATION_SCOPE not in anc.traits:
            anc = anc.parent_op
        if anc is None:
            raise self.op_error("requires an ancestor op with AutomaticAllocationScope trait")
        super().verify_()


@register_op
class ReallocOp(OpDef):
    """Resize a 1-D allocation."""

    __slots__ = ()
    OP_NAME = "memref.realloc"
    source = operand(MemRef1D)
    dynamicResultSize = opt_operand(Index)
    alignment = prop(AlignmentAttr, optional=True)
    result_ = result(MemRef1D, name="result")
    assembly_format = "$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "dynamicResultSize")

    def verify_(self) -> None:
        src = self.operands[0].type
        res = self.results[0].type
        if not has_identity_layout(src):
            raise self.emit_error(f"unsupported layout for source memref type {q(src)}")
        if not has_identity_layout(res):
            raise self.emit_error(f"unsupported layout for result memref type {q(res)}")
        if src.memory_space != res.memory_space:
            raise self.emit_error(
                f"different memory spaces specified for source memref type {q(src)} and result memref type {q(res)}"
            )
        if src.element_type != res.element_type:
            raise self.emit_error(
                f"different element types specified for source memref type {q(src)} and result memref type {q(res)}"
            )
        dyn = T.DYNAMIC in res.shape
        if dyn and self.dynamicResultSize is None:
            raise self.emit_error(f"missing dimension operand for result type {q(res)}")
        if not dyn and self.dynamicResultSize is not None:
            raise self.emit_error(f"unnecessary dimension operand for result type {q(res)}")


@register_op
class AllocaScopeOp(OpDef):
    """An explicit allocation scope: allocas inside are freed on exit."""

    __slots__ = ()
    OP_NAME = "memref.alloca_scope"
    traits = frozenset(
        {
            AUTOMATIC_ALLOCATION_SCOPE,
            SINGLE_BLOCK,
            "RecursiveMemoryEffects",
            "NoRegionArguments",
            "RegionBranchOpInterface",
        }
    )
    results_ = var_result(name="results")
    bodyRegion = region()

    @classmethod
    def parse(cls, p, state) -> None:
        if p.accept("->"):
            state.result_types = p.parse_function_result_types()
        r = p.parse_region(entry_args=[])
        ensure_terminator(r, "memref.alloca_scope.return", p)
        state.regions.append(r)
        state.attributes.update(p.parse_optional_attr_dict())

    def print_custom(self, p) -> None:
        p.write(" ")
        terms = bool(self.results)
        if terms:
            p.write(" -> (" + ", ".join(p.type(t) for t in self.result_types) + ")")
        p.write(" ")
        p.print_region(self.regions[0], print_entry_args=False, print_terminators=terms)
        p.print_optional_attr_dict(self.attributes)

    def verify_(self) -> None:
        r = self.regions[0]
        if len(r.blocks) != 1:
            raise self.op_error("region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks")
        verify_implicit_terminator(self, "memref.alloca_scope.return")
        if r.blocks[0].arguments:
            raise self.op_error("requires zero region arguments")  # NoRegionArguments

    def verify_regions_(self) -> None:
        r = self.regions[0]
        if not r.blocks or not r.blocks[0].operations:
            return
        t = r.blocks[0].operations[-1]
        if t.name != "memref.alloca_scope.return":
            return
        n, m = len(t.operands), len(self.results)
        edge = "along control flow edge from Operation memref.alloca_scope.return to parent: "
        if n != m:
            raise self.op_error(
                f"{edge}region branch point has {n} operands, but region successor needs {m} inputs"
            ).attach_note("region branch point", t.loc)
        for i, (v, r_) in enumerate(zip(t.operands, self.results)):
            if v.type != r_.type:
                raise self.op_error(
                    f"{edge}successor operand type #{i} {q(v.type)} should match successor input type #{i} {q(r_.type)}"
                ).attach_note("region branch point", t.loc)


def verify_implicit_terminator(op, name: str) -> None:
    """Upstream's ``SingleBlockImplicitTerminator`` trait check."""
    for r in op.regions:
        if not r.blocks:
            continue
        b = r.blocks[0]
        if not b.operations:
            raise op.op_error("expects a non-empty block")
        last = b.operations[-1]
        if last.name != name:
            raise op.op_error(f"expects regions to end with '{name}', found '{last.name}'")


def ensure_terminator(region, name: str, p) -> None:
    """Append a bare ``name`` op to a single-block region without a
    terminator (upstream's ``ensureTerminator``)."""

    if not region.blocks:
        region.add_block()
    b = region.blocks[-1]
    last = b.operations[-1] if b.operations else None
    if last is not None and (last.name == name or (last.registered and TERMINATOR in last.traits)):
        return
    b.append(Operation.create(name, loc=p.loc_at(p.start)))


@register_op
class AllocaScopeReturnOp(OpDef):
    """Terminator of ``memref.alloca_scope``; may be elided when it returns nothing."""

    __slots__ = ()
    OP_NAME = "memref.alloca_scope.return"
    traits = frozenset({TERMINATOR, PURE, "ReturnLike", "HasParent<AllocaScopeOp>"})
    results_ = var_operand(name="results")
    assembly_format = "attr-dict ($results^ `:` type($results))?"

    def verify_(self) -> None:
        if not isinstance(self.parent_op, AllocaScopeOp):
            raise self.op_error("expects parent op 'memref.alloca_scope'")


@register_op
class DeallocOp(OpDef):
    """Free a memref allocated by ``memref.alloc``."""

    __slots__ = ()
    OP_NAME = "memref.dealloc"
    traits = frozenset({"MemRefsNormalizable"})
    memref = operand(AnyRankedOrUnrankedMemRef)
    assembly_format = "$memref attr-dict `:` type($memref)"

    @classmethod
    def build(cls, memref: Value, loc: A.Location | None = None) -> DeallocOp:
        return cast(DeallocOp, cls.create(operands=[memref], loc=loc))


@register_op
class DistinctObjectsOp(OpDef):
    """Assert that its memref operands do not alias; returns them."""

    __slots__ = ()
    OP_NAME = "memref.distinct_objects"
    traits = frozenset({PURE})
    operands_ = var_operand(
        TypeConstraint("variadic of ranked or unranked memref of any type values", _any_memref), name="operands"
    )
    results_ = var_result(AnyRankedOrUnrankedMemRef, name="results")
    assembly_format = "$operands attr-dict `:` type($operands)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("results_", list(ps.types.get("operands_", [])))

    def verify_(self) -> None:
        if [v.type for v in self.operands] != self.result_types:
            raise self.op_error("operand types and result types must match")
        if not self.operands:
            raise self.op_error("expected at least one operand")


# -- casts and queries ----------------------------------------------------------------


def cast_compatible(a: T.Type, b: T.Type) -> bool:
    """Upstream's ``memref::CastOp::areCastCompatible``."""
    if isinstance(a, T.MemRefType) and isinstance(b, T.MemRefType):
        if a.element_type != b.element_type:
            return False
        if a.layout != b.layout:
            sa, sb = strides_and_offset(a), strides_and_offset(b)
            if sa is None or sb is None or len(sa[0]) != len(sb[0]):
                return False

            def ok(x: int, y: int) -> bool:
                return x == T.DYNAMIC or y == T.DYNAMIC or x == y

            if not ok(sa[1], sb[1]) or not all(ok(x, y) for x, y in zip(sa[0], sb[0])):
                return False
        if a.memory_space != b.memory_space or a.rank != b.rank:
            return False
        return all(x == y or T.DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape))
    if not (_any_memref(a) and _any_memref(b)):
        return False
    if isinstance(a, T.UnrankedMemRefType) and isinstance(b, T.UnrankedMemRefType):
        return False
    return a.element_type == b.element_type and a.memory_space == b.memory_space  # type: ignore[attr-defined]


def _verify_same_shape(op, with_results: bool = True) -> None:
    ts = [v.type for v in op.operands] + (op.result_types if with_results else [])
    for t in ts[1:]:
        if not compatible_shapes(ts[0], t):
            raise op.op_error("requires the same shape for all operands" + (" and results" if with_results else ""))


def _verify_cast(op, ok: bool) -> None:
    if not ok:
        a, b = op.operands[0].type, op.results[0].type
        raise op.op_error(f"operand type {q(a)} and result type {q(b)} are cast incompatible")


@register_op
class CastOp(OpDef):
    """Convert between compatible memref types (shape/layout info may change)."""

    __slots__ = ()
    OP_NAME = "memref.cast"
    asm_result_name = "cast"
    traits = frozenset(
        {PURE, "MemRefsNormalizable", "SameOperandsAndResultShape", "CastOpInterface", "ViewLikeOpInterface"}
    )
    source = operand(AnyRankedOrUnrankedMemRef)
    dest = result(AnyRankedOrUnrankedMemRef)
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    def verify_(self) -> None:
        # Upstream verifies the cast interface before the shape trait.
        _verify_cast(self, cast_compatible(self.operands[0].type, self.results[0].type))
        _verify_same_shape(self)


@register_op
class MemorySpaceCastOp(OpDef):
    """Change the memory space of a memref."""

    __slots__ = ()
    OP_NAME = "memref.memory_space_cast"
    asm_result_name = "memspacecast"
    traits = frozenset(
        {
            PURE,
            "MemRefsNormalizable",
            "SameOperandsAndResultElementType",
            "SameOperandsAndResultShape",
            "CastOpInterface",
            "ViewLikeOpInterface",
        }
    )
    source = operand(AnyRankedOrUnrankedMemRef)
    dest = result(AnyRankedOrUnrankedMemRef)
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    def verify_(self) -> None:
        a, b = self.operands[0].type, self.results[0].type
        if isinstance(a, T.MemRefType) and isinstance(b, T.MemRefType):
            ok = a.element_type == b.element_type and a.layout == b.layout and a.shape == b.shape
        else:
            ok = (
                isinstance(a, T.UnrankedMemRefType)
                and isinstance(b, T.UnrankedMemRefType)
                and a.element_type == b.element_type
            )
        _verify_cast(self, ok)
        _verify_same_shape(self)
        if _elem(a) != _elem(b):
            raise self.op_error("requires the same element type for all operands and results")


@register_op
class CopyOp(OpDef):
    """Copy the elements of one memref into another of the same shape."""

    __slots__ = ()
    OP_NAME = "memref.copy"
    traits = frozenset({"CopyOpInterface", "SameOperandsElementType", "SameOperandsShape"})
    source = operand(AnyRankedOrUnrankedMemRef)
    target = operand(AnyRankedOrUnrankedMemRef)
    assembly_format = "$source `,` $target attr-dict `:` type($source) `to` type($target)"

    @classmethod
    def build(cls, source: Value, target: Value, loc: A.Location | None = None) -> CopyOp:
        return cast(CopyOp, cls.create(operands=[source, target], loc=loc))

    def verify_(self) -> None:
        a, b = self.operands[0].type, self.operands[1].type
        if a.element_type != b.element_type:  # type: ignore[attr-defined]
            raise self.op_error("requires the same element type for all operands")
        if not compatible_shapes(a, b):
            raise self.op_error("requires the same shape for all operands")


@register_op
class AssumeAlignmentOp(OpDef):
    """A value like its operand, with a promise about the buffer's alignment."""

    __slots__ = ()
    OP_NAME = "memref.assume_alignment"
    asm_result_name = "assume_align"
    traits = frozenset({PURE, "ViewLikeOpInterface", "SameOperandsAndResultType"})
    memref = operand(MemRef)
    alignment = prop(
        typed_attr(
            AttrConstraint(
                "32-bit signless integer attribute whose value is positive",
                lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i32 and a.value > 0,
            ),
            T.i32,
        )
    )
    result_ = result(MemRef, name="result")
    assembly_format = "$memref `,` $alignment attr-dict `:` type($memref)"

    def verify_(self) -> None:
        v = self.alignment.value  # type: ignore[attr-defined]
        if v & (v - 1):
            raise self.op_error("alignment must be power of 2")


@register_op
class DimOp(OpDef):
    """The size of one dimension of a memref."""

    __slots__ = ()
    OP_NAME = "memref.dim"
    asm_result_name = "dim"
    traits = frozenset({"MemRefsNormalizable", "ConditionallySpeculatable", "NoMemoryEffect", "ShapedDimOpInterface"})
    source = operand(
        TypeConstraint(
            "unranked.memref of any type values or non-0-ranked.memref of any type values",
            lambda t: isinstance(t, T.UnrankedMemRefType) or (isinstance(t, T.MemRefType) and t.rank > 0),
            BASE_MEMREF_KIND,
        )
    )
    index = operand(Index)
    result_ = result(Index, name="result")
    assembly_format = "attr-dict $source `,` $index `:` type($source)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("index", [T.index])
        ps.types.setdefault("result_", [T.index])


@register_op
class RankOp(OpDef):
    """The rank of a (possibly unranked) memref."""

    __slots__ = ()
    OP_NAME = "memref.rank"
    traits = frozenset({PURE})
    memref = operand(AnyRankedOrUnrankedMemRef)
    result_ = result(Index, name="result")
    assembly_format = "$memref attr-dict `:` type($memref)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("result_", [T.index])


@register_op
class ExtractAlignedPointerAsIndexOp(OpDef):
    """The aligned pointer of a memref, as an index."""

    __slots__ = ()
    OP_NAME = "memref.extract_aligned_pointer_as_index"
    asm_result_name = "intptr"
    traits = frozenset({PURE, "SameVariadicResultSize"})
    source = operand(AnyRankedOrUnrankedMemRef)
    aligned_pointer = result(Index)
    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"


# -- loads, stores, prefetch --------------------------------------------------------


def verify_elem_match(op, memref_t: T.Type, value_t: T.Type, what: str) -> None:
    if isinstance(memref_t, (T.MemRefType, T.UnrankedMemRefType)) and memref_t.element_type != value_t:
        raise op.op_error(f"failed to verify that {what}")


@register_op
class LoadOp(OpDef):
    """Read one element."""

    __slots__ = ()
    OP_NAME = "memref.load"
    traits = frozenset({"MemRefsNormalizable", "PromotableMemOpInterface", "DestructurableAccessorOpInterface"})
    memref = operand(MemRef)
    indices = var_operand(VariadicIndex)
    nontemporal = prop(BoolAttr, default=A.FALSE)
    alignment = prop(AlignmentAttr, optional=True)
    result_ = result(name="result")
    assembly_format = "$memref `[` $indices `]` attr-dict `:` type($memref)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "indices")
        et = _elem_type_of(ps, "memref")
        if et is not None:
            ps.types.setdefault("result_", [et])

    def verify_(self) -> None:
        mt = self.operands[0].type
        verify_elem_match(self, mt, self.results[0].type, "result type matches element type of 'memref'")
        n = len(self.operands) - 1
        if n != mt.rank:
            raise self.op_error(f"incorrect number of indices for load, expected {mt.rank} but got {n}")


@register_op
class StoreOp(OpDef):
    """Write one element."""

    __slots__ = ()
    OP_NAME = "memref.store"
    traits = frozenset({"MemRefsNormalizable", "PromotableMemOpInterface", "DestructurableAccessorOpInterface"})
    value = operand()
    memref = operand(MemRef)
    indices = var_operand(VariadicIndex)
    nontemporal = prop(BoolAttr, default=A.FALSE)
    alignment = prop(AlignmentAttr, optional=True)
    assembly_format = "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "indices")
        et = _elem_type_of(ps, "memref")
        if et is not None:
            ps.types.setdefault("value", [et])

    def verify_(self) -> None:
        mt = self.operands[1].type
        verify_elem_match(self, mt, self.operands[0].type, "type of 'value' matches element type of 'memref'")
        if len(self.operands) != 2 + mt.rank:
            raise self.op_error("store index operand count not equal to memref rank")


@register_op
class PrefetchOp(OpDef):
    """A cache prefetch hint: ``%m[%i], read, locality<3>, data``."""

    __slots__ = ()
    OP_NAME = "memref.prefetch"
    memref = operand(MemRef)
    indices = var_operand(VariadicIndex)
    isWrite = prop(BoolAttr)
    localityHint = prop(
        AttrConstraint(
            "32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
            lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i32 and 0 <= a.value <= 3,
        )
    )
    isDataCache = prop(BoolAttr)

    @classmethod
    def parse(cls, p, state) -> None:
        ref = p.parse_operand()
        idx = p.parse_operand_list("[")
        p.expect(",", "expected ','")
        rw = p.parse_keyword("expected valid keyword")
        p.expect(",", "expected ','")
        p.expect_keyword("locality")
        p.expect("<", "expected '<'")
        hint = p.parse_attribute(T.i32)
        p.expect(">", "expected '>'")
        p.expect(",", "expected ','")
        cache = p.parse_keyword("expected valid keyword")
        attrs = p.parse_optional_attr_dict()
        p.expect(":", "expected ':'")
        ty = p.parse_type()
        state.operands = [p.resolve_operand(ref, ty)] + [p.resolve_operand(r, T.index) for r in idx]
        state.properties["localityHint"] = hint
        if rw not in ("read", "write"):
            p.error("custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'", state.pos)
        state.properties["isWrite"] = A.BoolAttr(rw == "write")
        if cache not in ("data", "instr"):
            p.error("custom op 'memref.prefetch' cache type has to be 'data' or 'instr'", state.pos)
        state.properties["isDataCache"] = A.BoolAttr(cache == "data")
        state.attributes.update(attrs)

    def print_custom(self, p) -> None:
        props = self.properties
        w = props.get("isWrite")
        d = props.get("isDataCache")
        h = props.get("localityHint")
        p.write(
            f" {p.value_name(self.operands[0])}[{p.operands_str(self.operands[1:])}], "
            f"{'write' if w is not None and w.value else 'read'}, "
            f"locality<{h.value if isinstance(h, A.IntegerAttr) else h}>, "
            f"{'data' if d is not None and d.value else 'instr'}"
        )
        extra = {k: v for k, v in props.items() if k not in ("isWrite", "localityHint", "isDataCache")}
        extra.update(self.attributes)
        p.print_optional_attr_dict(extra)
        p.write(" : " + p.type(self.operands[0].type))

    def verify_(self) -> None:
        if len(self.operands) != 1 + self.operands[0].type.rank:
            raise self.op_error("too few indices")


# -- globals ---------------------------------------------------------------------------------


def _lookup_symbol(op, name: str):
    """The op defining ``name`` in the nearest enclosing symbol table."""
    anc = op.parent_op
    while anc is not None:
        if "SymbolTable" in anc.traits:
            for r in anc.regions:
                for b in r.blocks:
                    for child in b.operations:
                        n = child.get_attr("sym_name")
                        if isinstance(n, A.StringAttr) and n.value == name:
                            return child
            return None
        anc = anc.parent_op
    return None


def _elements_attr(a: A.Attribute) -> bool:
    return isinstance(a, (A.DenseElementsAttr, A.SparseElementsAttr, A.DenseResourceElementsAttr))


def _tensor_of(t: T.MemRefType) -> T.RankedTensorType:
    return T.RankedTensorType(t.shape, t.element_type)


@register_op
class GlobalOp(OpDef):
    """``memref.global "private" constant @x : memref<2xf32> = dense<...>``"""

    __slots__ = ()
    OP_NAME = "memref.global"
    traits = frozenset({SYMBOL})
    sym_name = prop(C.SymbolNameAttr)
    sym_visibility = prop(C.StrAttr, optional=True)
    type = prop(
        AttrConstraint(
            "memref type attribute", lambda a: isinstance(a, A.TypeAttr) and isinstance(a.value, T.MemRefType)
        )
    )
    initial_value = prop(optional=True)
    constant = prop(C.UnitAttr, optional=True)
    alignment = prop(AlignmentAttr, optional=True)

    @classmethod
    def parse(cls, p, state) -> None:
        props = state.properties
        if p.kind == "string":
            props["sym_visibility"] = A.StringAttr(p.parse_string())
        if p.accept_keyword("constant"):
            props["constant"] = A.UNIT
        if p.kind != "@":
            p.error("custom op 'memref.global' expected valid '@'-identifier for symbol name")
        props["sym_name"] = A.StringAttr(p.parse_symbol_name())
        p.expect(":", "expected ':'")
        ty = p.parse_type()
        if not isinstance(ty, T.MemRefType) or not ty.has_static_shape:
            p.error(f"custom op 'memref.global' type should be static shaped memref, but got {q(ty)}", state.pos)
        props["type"] = A.TypeAttr(ty)
        if p.accept("="):
            if p.accept_keyword("uninitialized"):
                props["initial_value"] = A.UNIT
            else:
                init = p.parse_attribute(_tensor_of(ty))
                if not _elements_attr(init):
                    p.error("custom op 'memref.global' initial value should be a unit or elements attribute", state.pos)
                props["initial_value"] = init
        for k, v in p.parse_optional_attr_dict().items():
            (props if k in cls.PROPERTIES else state.attributes)[k] = v

    def print_custom(self, p) -> None:
        props = self.properties
        s = ""
        vis = props.get("sym_visibility")
        if vis is not None:
            s += " " + vis.print(p)
        if props.get("constant") is not None:
            s += " constant"
        s += " " + A.SymbolRefAttr(props["sym_name"].value).print(p)
        ty = props["type"]
        s += " : " + p.type(ty.value)
        init = props.get("initial_value")
        if init is not None:
            if isinstance(init, A.UnitAttr):
                s += " = uninitialized"
            else:
                text = p.attr(init)
                suffix = " : " + p.type(init.type) if hasattr(init, "type") else ""
                if suffix and text.endswith(suffix):
                    text = text[: -len(suffix)]
                s += " = " + text
        p.write(s)
        shown = ("sym_name", "sym_visibility", "type", "initial_value", "constant")
        extra = {k: v for k, v in props.items() if k not in shown}
        extra.update(self.attributes)
        p.print_optional_attr_dict(extra)

    def verify_(self) -> None:
        vis = self.properties.get("sym_visibility")
        if isinstance(vis, A.StringAttr) and vis.value not in ("public", "private", "nested"):
            raise self.op_error(
                f'visibility expected to be one of ["public", "private", "nested"], but got "{vis.value}"'
            )
        t = self.properties["type"].value
        if not isinstance(t, T.MemRefType) or not t.has_static_shape:
            raise self.op_error(f"type should be static shaped memref, but got {q(t)}")
        init = self.properties.get("initial_value")
        if init is None or isinstance(init, A.UnitAttr):
            return
        if not _elements_attr(init):
            raise self.op_error(f"initial value should be a unit or elements attribute, but got {init}")
        it = init.type  # type: ignore[attr-defined]
        if it.element_type != t.element_type:
            raise self.op_error(
                f"initial value element expected to be of type {q(t.element_type)}, but was of "
                f"type {q(it.element_type)}"
            )
        if tuple(it.shape) != tuple(t.shape):
            raise self.op_error(f"initial value shape expected to be {list(t.shape)} but was {list(it.shape)}")

    @property
    def memref_type(self) -> T.MemRefType:
        return self.properties["type"].value


@register_op
class GetGlobalOp(OpDef):
    """The memref of a ``memref.global``."""

    __slots__ = ()
    OP_NAME = "memref.get_global"
    traits = frozenset({PURE, "SymbolUserOpInterface"})
    name_ = prop(C.FlatSymbolRefAttr, name="name")
    result_ = result(StaticShapeMemRef, name="result")
    assembly_format = "$name `:` type($result) attr-dict"

    def verify_(self) -> None:
        ref = self.properties["name"]
        g = _lookup_symbol(self, ref.root)
        if not isinstance(g, GlobalOp):
            raise self.op_error(f"'{ref.root}' does not reference a valid global memref")
        rt = self.results[0].type
        gt = g.memref_type
        if gt != rt:
            raise self.op_error(f"result type {q(rt)} does not match type {q(gt)} of the global memref @{ref.root}")


__all__ = [
    "AllocOp",
    "AllocaOp",
    "AllocaScopeOp",
    "AllocaScopeReturnOp",
    "AnyRankedOrUnrankedMemRef",
    "AssumeAlignmentOp",
    "CastOp",
    "CopyOp",
    "DeallocOp",
    "DimOp",
    "DistinctObjectsOp",
    "ExtractAlignedPointerAsIndexOp",
    "GetGlobalOp",
    "GlobalOp",
    "LoadOp",
    "MemRef",
    "MemorySpaceCastOp",
    "PrefetchOp",
    "RankOp",
    "ReallocOp",
    "StoreOp",
    "canonical_strides",
    "cast_compatible",
    "compatible_shapes",
    "ensure_terminator",
    "index_types",
    "ranked_memref",
    "verify_elem_match",
    "verify_implicit_terminator",
]
