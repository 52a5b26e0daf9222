"""The memref dialect's type constraints, casts, copy, queries (dim, rank,
extract_aligned_pointer_as_index) and element access (load, store, prefetch).

Allocation lives in ``alloc.py``, globals in ``globals.py``, the view-like ops
(subview, view, reinterpret_cast, reshape, transpose, extract_strided_metadata)
in ``views.py``, expand/collapse_shape in ``reshapes.py``, atomics and DMA in
``atomic.py``. Syntax, verifier rules and messages follow upstream MLIR 22
(``MemRefOps.td`` / ``MemRefOps.cpp``); layouts are handled by
``polymlir.ir.layout``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeGuard, cast

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.asm_format import typed_attr
from ...ir.constraints import AttrConstraint, TypeConstraint
from ...ir.core import OpResult, Value
from ...ir.fields import operand_def, prop_def, result_def, var_operand_def
from ...ir.interfaces import Effect, MemoryEffectsOp, read, write
from ...ir.layout import strides_and_offset
from ...ir.opdef import OpDef
from ...ir.patterns import FoldResult
from ...ir.registry import register_op
from ...ir.traits import (
    CAST_OP_INTERFACE,
    CONDITIONALLY_SPECULATABLE,
    COPY_OP_INTERFACE,
    DESTRUCTURABLE_ACCESSOR_OP_INTERFACE,
    MEMREFS_NORMALIZABLE,
    NO_MEMORY_EFFECT,
    PROMOTABLE_MEM_OP_INTERFACE,
    PURE,
    SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
    SAME_OPERANDS_AND_RESULT_SHAPE,
    SAME_OPERANDS_AND_RESULT_TYPE,
    SAME_OPERANDS_ELEMENT_TYPE,
    SAME_OPERANDS_SHAPE,
    SAME_VARIADIC_RESULT_SIZE,
    SHAPED_DIM_OP_INTERFACE,
    VIEW_LIKE_OP_INTERFACE,
)

# -- type constraints (upstream's descriptions) ---------------------------------

MEMREF_KIND = ("builtin.memref", lambda t: isinstance(t, T.MemRefType))
# BaseMemRefType is a type interface: upstream's parser names no kind.
BASE_MEMREF_KIND = ("", lambda t: isinstance(t, (T.MemRefType, T.UnrankedMemRefType)))


def _ranked(t: T.Type) -> TypeGuard[T.MemRefType]:
    return isinstance(t, T.MemRefType)


def _any_memref(t: T.Type) -> TypeGuard[T.MemRefType | T.UnrankedMemRefType]:
    return isinstance(t, (T.MemRefType, T.UnrankedMemRefType))


def _int_or_float(t: T.Type) -> bool:
    return (isinstance(t, T.IntegerType) and t.signedness == "") or isinstance(t, T.FloatType)


def ranked_memref(desc: str, pred: Callable[[T.MemRefType], bool] = lambda t: True) -> TypeConstraint:
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
    return all(x == y or T.DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape, strict=True))


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

            if not ok(sa[1], sb[1]) or not all(ok(x, y) for x, y in zip(sa[0], sb[0], strict=False)):
                return False
        if a.memory_space != b.memory_space or a.rank != b.rank:
            return False
        return all(x == y or T.DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape, strict=True))
    if not (_any_memref(a) and _any_memref(b)):
        return False
    if isinstance(a, T.UnrankedMemRefType) and isinstance(b, T.UnrankedMemRefType):
        return False
    return a.element_type == b.element_type and a.memory_space == b.memory_space


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
        {PURE, MEMREFS_NORMALIZABLE, SAME_OPERANDS_AND_RESULT_SHAPE, CAST_OP_INTERFACE, VIEW_LIKE_OP_INTERFACE}
    )
    source = operand_def(AnyRankedOrUnrankedMemRef)
    dest = result_def(AnyRankedOrUnrankedMemRef)
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
            MEMREFS_NORMALIZABLE,
            SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE,
            SAME_OPERANDS_AND_RESULT_SHAPE,
            CAST_OP_INTERFACE,
            VIEW_LIKE_OP_INTERFACE,
        }
    )
    source = operand_def(AnyRankedOrUnrankedMemRef)
    dest = result_def(AnyRankedOrUnrankedMemRef)
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
class CopyOp(OpDef, MemoryEffectsOp):
    """Copy the elements of one memref into another of the same shape."""

    __slots__ = ()
    OP_NAME = "memref.copy"
    traits = frozenset({COPY_OP_INTERFACE, SAME_OPERANDS_ELEMENT_TYPE, SAME_OPERANDS_SHAPE})
    source = operand_def(AnyRankedOrUnrankedMemRef)
    target = operand_def(AnyRankedOrUnrankedMemRef)
    assembly_format = "$source `,` $target attr-dict `:` type($source) `to` type($target)"

    def memory_effects(self) -> list[Effect]:
        return [read(self.source), write(self.target)]

    @classmethod
    def build(cls, source: Value, target: Value, loc: A.Location | None = None) -> CopyOp:
        return cast(CopyOp, cls.create(operands=[source, target], loc=loc))

    def verify_(self) -> None:
        a, b = T.of_kind(self.operands[0].type, T.ShapedType), T.of_kind(self.operands[1].type, T.ShapedType)
        if a.element_type != b.element_type:
            raise self.op_error("requires the same element type for all operands")
        if not compatible_shapes(a, b):
            raise self.op_error("requires the same shape for all operands")


@register_op
class AssumeAlignmentOp(OpDef):
    """A value like its operand, with a promise about the buffer's alignment."""

    __slots__ = ()
    OP_NAME = "memref.assume_alignment"
    asm_result_name = "assume_align"
    traits = frozenset({PURE, VIEW_LIKE_OP_INTERFACE, SAME_OPERANDS_AND_RESULT_TYPE})
    memref = operand_def(MemRef)
    alignment = prop_def(
        typed_attr(
            AttrConstraint(
                "32-bit signless integer attribute whose value is positive",
                lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i32 and a.value > 0,
            ),
            T.i32,
        )
    )
    result = result_def(MemRef)
    assembly_format = "$memref `,` $alignment attr-dict `:` type($memref)"

    def verify_(self) -> None:
        v = self.alignment.value
        if v & (v - 1):
            raise self.op_error("alignment must be power of 2")


@register_op
class DimOp(OpDef):
    """The size of one dimension of a memref."""

    __slots__ = ()
    OP_NAME = "memref.dim"
    asm_result_name = "dim"
    traits = frozenset({MEMREFS_NORMALIZABLE, CONDITIONALLY_SPECULATABLE, NO_MEMORY_EFFECT, SHAPED_DIM_OP_INTERFACE})
    source = operand_def(
        TypeConstraint(
            "unranked.memref of any type values or non-0-ranked.memref of any type values",
            lambda t: isinstance(t, T.UnrankedMemRefType) or (isinstance(t, T.MemRefType) and t.rank > 0),
            BASE_MEMREF_KIND,
        )
    )
    index = operand_def(Index)
    result = result_def(Index)
    assembly_format = "attr-dict $source `,` $index `:` type($source)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("index", [T.index])
        ps.types.setdefault("result", [T.index])

    def fold(self, operands: list) -> FoldResult:
        """A static size (a constant), or the dynamic size an op defining
        the memref gives it (``memref.alloc``/``alloca``/``subview`` declare
        ``dynamic_result_size``)."""
        c = operands[1] if len(operands) > 1 else None
        t = self.operands[0].type
        if not isinstance(c, A.IntegerAttr) or not isinstance(t, T.MemRefType):
            return None
        i = c.value
        if not 0 <= i < len(t.shape):
            return None
        if t.shape[i] != T.DYNAMIC:
            return [A.IntegerAttr(t.shape[i], T.index)]
        src = self.operands[0]
        size_of = getattr(src.owner, "dynamic_result_size", None) if isinstance(src, OpResult) else None
        size = size_of(i) if size_of is not None else None
        return [size] if size is not None else None


@register_op
class RankOp(OpDef):
    """The rank of a (possibly unranked) memref."""

    __slots__ = ()
    OP_NAME = "memref.rank"
    traits = frozenset({PURE})
    memref = operand_def(AnyRankedOrUnrankedMemRef)
    result = result_def(Index)
    assembly_format = "$memref attr-dict `:` type($memref)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("result", [T.index])


@register_op
class ExtractAlignedPointerAsIndexOp(OpDef):
    """The aligned pointer of a memref, as an index."""

    __slots__ = ()
    OP_NAME = "memref.extract_aligned_pointer_as_index"
    asm_result_name = "intptr"
    traits = frozenset({PURE, SAME_VARIADIC_RESULT_SIZE})
    source = operand_def(AnyRankedOrUnrankedMemRef)
    aligned_pointer = result_def(Index)
    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"


# -- loads, stores, prefetch --------------------------------------------------------


def verify_elem_match(op, memref_t: T.Type, value_t: T.Type, what: str) -> None:
    if isinstance(memref_t, (T.MemRefType, T.UnrankedMemRefType)) and memref_t.element_type != value_t:
        raise op.op_error(f"failed to verify that {what}")


@register_op
class LoadOp(OpDef, MemoryEffectsOp):
    """Read one element."""

    __slots__ = ()
    OP_NAME = "memref.load"
    traits = frozenset({MEMREFS_NORMALIZABLE, PROMOTABLE_MEM_OP_INTERFACE, DESTRUCTURABLE_ACCESSOR_OP_INTERFACE})
    memref = operand_def(MemRef)
    indices = var_operand_def(VariadicIndex)
    nontemporal = prop_def(BoolAttr, default=A.FALSE)
    alignment = prop_def(AlignmentAttr, optional=True)
    result = result_def()
    assembly_format = "$memref `[` $indices `]` attr-dict `:` type($memref)"

    def memory_effects(self) -> list[Effect]:
        return [read(self.memref)]

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "indices")
        et = _elem_type_of(ps, "memref")
        if et is not None:
            ps.types.setdefault("result", [et])

    def verify_(self) -> None:
        mt = T.of_kind(self.operands[0].type, T.MemRefType)
        verify_elem_match(self, mt, self.results[0].type, "result type matches element type of 'memref'")
        n = len(self.operands) - 1
        if n != mt.rank:
            raise self.op_error(f"incorrect number of indices for load, expected {mt.rank} but got {n}")


@register_op
class StoreOp(OpDef, MemoryEffectsOp):
    """Write one element."""

    __slots__ = ()
    OP_NAME = "memref.store"
    traits = frozenset({MEMREFS_NORMALIZABLE, PROMOTABLE_MEM_OP_INTERFACE, DESTRUCTURABLE_ACCESSOR_OP_INTERFACE})
    value = operand_def()
    memref = operand_def(MemRef)
    indices = var_operand_def(VariadicIndex)
    nontemporal = prop_def(BoolAttr, default=A.FALSE)
    alignment = prop_def(AlignmentAttr, optional=True)
    assembly_format = "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)"

    def memory_effects(self) -> list[Effect]:
        return [write(self.memref)]

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "indices")
        et = _elem_type_of(ps, "memref")
        if et is not None:
            ps.types.setdefault("value", [et])

    def verify_(self) -> None:
        mt = T.of_kind(self.operands[1].type, T.MemRefType)
        verify_elem_match(self, mt, self.operands[0].type, "type of 'value' matches element type of 'memref'")
        if len(self.operands) != 2 + mt.rank:
            raise self.op_error("store index operand count not equal to memref rank")


@register_op
class PrefetchOp(OpDef, MemoryEffectsOp):
    """A cache prefetch hint: ``%m[%i], read, locality<3>, data`` (it
    changes no element: its effect is a read of the memref)."""

    __slots__ = ()
    OP_NAME = "memref.prefetch"
    upstream_declares_effects = False  # upstream's prefetch declares no effects
    memref = operand_def(MemRef)
    indices = var_operand_def(VariadicIndex)
    isWrite = prop_def(BoolAttr)
    localityHint = prop_def(
        AttrConstraint(
            "32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
            lambda a: isinstance(a, A.IntegerAttr) and a.type == T.i32 and 0 <= a.value <= 3,
        )
    )
    isDataCache = prop_def(BoolAttr)

    def memory_effects(self) -> list[Effect]:
        return [read(self.memref)]

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
        props = self.props
        w = props.get("isWrite")
        d = props.get("isDataCache")
        h = props.get("localityHint")
        p.write(
            f" {p.value_name(self.operands[0])}[{p.operands_str(self.operands[1:])}], "
            f"{'write' if isinstance(w, A.IntegerAttr) and w.value else 'read'}, "
            f"locality<{h.value if isinstance(h, A.IntegerAttr) else h}>, "
            f"{'data' if isinstance(d, A.IntegerAttr) and d.value else 'instr'}"
        )
        extra = {k: v for k, v in props.items() if k not in ("isWrite", "localityHint", "isDataCache")}
        extra.update(self.attributes)
        p.print_optional_attr_dict(extra)
        p.write(" : " + p.type(self.operands[0].type))

    def verify_(self) -> None:
        if len(self.operands) != 1 + T.of_kind(self.operands[0].type, T.MemRefType).rank:
            raise self.op_error("too few indices")


# -- globals ---------------------------------------------------------------------------------
