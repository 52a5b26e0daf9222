"""The affine dialect, part 2: the memory ops affine.load, store,
vector_load, vector_store, prefetch, dma_start and dma_wait, whose
subscripts are affine expressions over SSA values (``%A[%i + 1,
symbol(%n)]``), kept as an affine map property plus its operands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, NamedTuple, cast

from ...ir import attributes as A
from ...ir import constraints as C
from ...ir import types as T
from ...ir.affine_map import AffineMap
from ...ir.core import Value
from ...ir.fields import operand_def, prop_def, result_def, var_operand_def
from ...ir.interfaces import (
    UNKNOWN_EFFECTS,
    AffineAccess,
    AffineAccessOp,
    Effect,
    EffectKind,
    MemoryEffectsOp,
    read,
    write,
)
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import MEMREFS_NORMALIZABLE
from .ops import (
    UnresolvedOperand,
    VarIndex,
    add_attr_dict,
    get_affine_scope,
    is_valid_affine_index,
    map_of,
    parse_attr_of,
    parse_error,
    parse_ssa_id_map,
    parse_type_of,
    ssa_id_map_str,
    verify_dims_and_symbols,
)

if TYPE_CHECKING:  # pragma: no cover
    from ...parser.parser import OpState, Parser
    from ...printer import AsmPrinter


# -- memory ops -------------------------------------------------------------------------------


def _verify_indexing(op: OpDef, amap: AffineMap, indices: Sequence[Value], mtype: T.Type) -> None:
    """Upstream verifyMemoryOpIndexing (load, store, vector_load, vector_store)."""
    if isinstance(mtype, T.MemRefType) and amap.num_results != len(mtype.shape):
        raise op.op_error("affine map num results must equal memref rank")
    if amap.num_inputs != len(indices):
        raise op.op_error("expects as many subscripts as affine map inputs")
    for v in indices:
        if not isinstance(v.type, T.IndexType):
            raise op.op_error("index to load must have 'index' type")
    verify_dims_and_symbols(op, indices, amap.num_dims)


class _AccessOp(OpDef, AffineAccessOp, MemoryEffectsOp):
    """Shared parts of the ops that access ``%memref[ssa-id map]``: the
    affine access (read of a loaded value, or write of a stored one) and
    its memory effect on the memref."""

    __slots__ = ()
    traits = frozenset({MEMREFS_NORMALIZABLE})
    if TYPE_CHECKING:  # the fields each subclass declares
        memref: Value
        indices: list[Value]
        map: A.AffineMapAttr
    _kind: ClassVar[EffectKind | None] = EffectKind.READ  # what the op does to the element

    def affine_access(self) -> AffineAccess:
        kind = self._kind
        value: Value | None = None  # the loaded result, or the stored operand
        if kind is EffectKind.READ:
            value = self.results[0]
        elif kind is EffectKind.WRITE:
            value = self.operands[0]
        return AffineAccess(self.memref, self.map.value, list(self.indices), kind, value)

    def memory_effects(self) -> list[Effect]:
        return [write(self.memref) if self._kind is EffectKind.WRITE else read(self.memref)]

    def print_custom_ok(self) -> bool:
        m = map_of(self)
        return m is not None and m.num_inputs == len(self.indices)

    def _access_str(self, p: AsmPrinter, memref: Value | None = None) -> str:
        """``%A[subscripts]`` (``memref``: the memref operand, when the caller has it)."""
        memref = self.memref if memref is None else memref
        return p.value_name(memref) + "[" + ssa_id_map_str(p, self.map.value, self.indices) + "]"

    @staticmethod
    def _parse_access(p: Parser, state: OpState) -> tuple[UnresolvedOperand, list[UnresolvedOperand]]:
        mref = p.parse_operand()
        amap, refs = parse_ssa_id_map(p)
        state.properties["map"] = A.AffineMapAttr(amap)
        add_attr_dict(state, p.parse_optional_attr_dict())
        return mref, refs


@register_op
class AffineLoadOp(_AccessOp):
    """``%v = affine.load %A[%i + 1, symbol(%n)] : memref<...>``."""

    __slots__ = ()
    OP_NAME = "affine.load"
    memref = operand_def(C.AnyMemRef)
    indices = var_operand_def(VarIndex)
    map = prop_def(C.AffineMapAttr)
    result = result_def()

    @classmethod
    def build(
        cls, memref: Value, indices: Sequence[Value], amap: AffineMap | None = None, loc: A.Location | None = None
    ) -> AffineLoadOp:
        """``memref[map(indices)]``; the identity map by default."""
        mt = memref.type
        assert isinstance(mt, T.MemRefType)
        amap = amap if amap is not None else AffineMap.identity(len(indices))
        return cast(
            AffineLoadOp,
            cls.create(
                operands=[memref, *indices],
                result_types=[mt.element_type],
                properties={"map": A.AffineMapAttr(amap)},
                loc=loc,
            ),
        )

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        mref, refs = cls._parse_access(p, state)
        mt = parse_type_of(p, state, T.MemRefType, colon=True)
        state.operands = [p.resolve_operand(mref, mt)] + p.resolve_operands(refs, [T.index] * len(refs))
        state.result_types = [mt.element_type]

    def print_custom(self, p: AsmPrinter) -> None:
        memref = self.memref
        p.write(" " + self._access_str(p, memref))
        p.print_optional_attr_dict(self.attributes)
        p.write(" : " + p.type(memref.type))

    def verify_(self) -> None:
        mt = self.memref.type
        if isinstance(mt, T.MemRefType) and self.result.type != mt.element_type:
            raise self.op_error("result type must match element type of memref")
        _verify_indexing(self, self.map.value, self.indices, mt)


@register_op
class AffineStoreOp(_AccessOp):
    """``affine.store %v, %A[%i + 1] : memref<...>``."""

    __slots__ = ()
    OP_NAME = "affine.store"
    _kind = EffectKind.WRITE
    value = operand_def()
    memref = operand_def(C.AnyMemRef)
    indices = var_operand_def(VarIndex)
    map = prop_def(C.AffineMapAttr)

    @classmethod
    def build(
        cls,
        value: Value,
        memref: Value,
        indices: Sequence[Value],
        amap: AffineMap | None = None,
        loc: A.Location | None = None,
    ) -> AffineStoreOp:
        """Store to ``memref[map(indices)]``; the identity map by default."""
        amap = amap if amap is not None else AffineMap.identity(len(indices))
        return cast(
            AffineStoreOp,
            cls.create(operands=[value, memref, *indices], properties={"map": A.AffineMapAttr(amap)}, loc=loc),
        )

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        val = p.parse_operand()
        p.expect(",", "expected ','")
        mref, refs = cls._parse_access(p, state)
        mt = parse_type_of(p, state, T.MemRefType, colon=True)
        state.operands = [p.resolve_operand(val, mt.element_type), p.resolve_operand(mref, mt)] + p.resolve_operands(
            refs, [T.index] * len(refs)
        )

    def print_custom(self, p: AsmPrinter) -> None:
        memref = self.memref
        p.write(" " + p.value_name(self.value) + ", " + self._access_str(p, memref))
        p.print_optional_attr_dict(self.attributes)
        p.write(" : " + p.type(memref.type))

    def verify_(self) -> None:
        mt = self.memref.type
        if isinstance(mt, T.MemRefType) and self.value.type != mt.element_type:
            raise self.op_error("value to store must have the same type as memref element type")
        _verify_indexing(self, self.map.value, self.indices, mt)


VectorNonZeroRank = C.TypeConstraint(
    "vector of any type values", lambda t: isinstance(t, T.VectorType) and len(t.shape) > 0
)


def _verify_vector_elem(op: OpDef, mt: T.Type, vt: T.Type) -> None:
    if isinstance(mt, T.MemRefType) and isinstance(vt, T.VectorType) and mt.element_type != vt.element_type:
        raise op.op_error("requires memref and vector types of the same elemental type")


@register_op
class AffineVectorLoadOp(_AccessOp):
    """``%v = affine.vector_load %A[%i] : memref<...>, vector<...>``."""

    __slots__ = ()
    OP_NAME = "affine.vector_load"
    memref = operand_def(C.AnyMemRef)
    indices = var_operand_def(VarIndex)
    map = prop_def(C.AffineMapAttr)
    result = result_def(VectorNonZeroRank)

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        mref, refs = cls._parse_access(p, state)
        mt = parse_type_of(p, state, T.MemRefType, colon=True)
        p.expect(",", "expected ','")
        vt = parse_type_of(p, state, T.VectorType)
        state.operands = [p.resolve_operand(mref, mt)] + p.resolve_operands(refs, [T.index] * len(refs))
        state.result_types = [vt]

    def print_custom(self, p: AsmPrinter) -> None:
        p.write(" " + self._access_str(p))
        p.print_optional_attr_dict(self.attributes)
        p.write(" : " + p.type(self.memref.type) + ", " + p.type(self.result.type))

    def verify_(self) -> None:
        _verify_indexing(self, self.map.value, self.indices, self.memref.type)
        _verify_vector_elem(self, self.memref.type, self.result.type)


@register_op
class AffineVectorStoreOp(_AccessOp):
    """``affine.vector_store %v, %A[%i] : memref<...>, vector<...>``."""

    __slots__ = ()
    OP_NAME = "affine.vector_store"
    _kind = EffectKind.WRITE
    value = operand_def(VectorNonZeroRank)
    memref = operand_def(C.AnyMemRef)
    indices = var_operand_def(VarIndex)
    map = prop_def(C.AffineMapAttr)

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        val = p.parse_operand()
        p.expect(",", "expected ','")
        mref, refs = cls._parse_access(p, state)
        mt = parse_type_of(p, state, T.MemRefType, colon=True)
        p.expect(",", "expected ','")
        vt = parse_type_of(p, state, T.VectorType)
        state.operands = [p.resolve_operand(val, vt), p.resolve_operand(mref, mt)] + p.resolve_operands(
            refs, [T.index] * len(refs)
        )

    def print_custom(self, p: AsmPrinter) -> None:
        p.write(" " + p.value_name(self.value) + ", " + self._access_str(p))
        p.print_optional_attr_dict(self.attributes)
        p.write(" : " + p.type(self.memref.type) + ", " + p.type(self.value.type))

    def verify_(self) -> None:
        _verify_indexing(self, self.map.value, self.indices, self.memref.type)
        _verify_vector_elem(self, self.memref.type, self.value.type)


LocalityHint = C.attr_of(
    A.IntegerAttr,
    "32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
    lambda a: a.type == T.i32 and 0 <= a.value <= 3,
)


@register_op
class AffinePrefetchOp(_AccessOp):
    """``affine.prefetch %A[%i], read, locality<3>, data : memref<...>``."""

    __slots__ = ()
    OP_NAME = "affine.prefetch"
    _kind = None  # touches no element's value; its effect is a read of the memref
    upstream_declares_effects = False  # upstream's prefetch declares no effects
    memref = operand_def(C.AnyMemRef)
    indices = var_operand_def(VarIndex)
    isWrite = prop_def(C.BoolAttr)
    localityHint = prop_def(LocalityHint)
    isDataCache = prop_def(C.BoolAttr)
    map = prop_def(C.AffineMapAttr)

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        mref = p.parse_operand()
        amap, refs = parse_ssa_id_map(p)
        p.expect(",", "expected ','")
        rw = p.parse_keyword("expected valid keyword")
        p.expect(",", "expected ','")
        p.expect_keyword("locality")
        p.expect("<", "expected '<'")
        hint = parse_attr_of(p, state, A.IntegerAttr, T.i32)
        p.expect(">", "expected '>'")
        p.expect(",", "expected ','")
        cache = p.parse_keyword("expected valid keyword")
        add_attr_dict(state, p.parse_optional_attr_dict())
        mt = parse_type_of(p, state, T.MemRefType, colon=True)
        state.operands = [p.resolve_operand(mref, mt)] + p.resolve_operands(refs, [T.index] * len(refs))
        if rw not in ("read", "write"):
            parse_error(p, state, "rw specifier has to be 'read' or 'write'")
        if cache not in ("data", "instr"):
            parse_error(p, state, "cache type has to be 'data' or 'instr'")
        state.properties.update(
            map=A.AffineMapAttr(amap),
            localityHint=hint,
            isWrite=A.BoolAttr(rw == "write"),
            isDataCache=A.BoolAttr(cache == "data"),
        )

    def print_custom(self, p: AsmPrinter) -> None:
        p.write(
            f" {self._access_str(p)}, {'write' if self.isWrite.value else 'read'}, "
            f"locality<{self.localityHint.value}>, {'data' if self.isDataCache.value else 'instr'}"
        )
        p.print_optional_attr_dict(self.attributes)
        p.write(" : " + p.type(self.memref.type))

    def verify_(self) -> None:
        m = self.map.value
        mt = self.memref.type
        if isinstance(mt, T.MemRefType) and m.num_results != len(mt.shape):
            raise self.op_error("affine.prefetch affine map num results must equal memref rank")
        if m.num_inputs + 1 != len(self.operands):
            raise self.op_error("too few operands")
        scope = get_affine_scope(self)
        for v in self.indices:
            if not is_valid_affine_index(v, scope):
                raise self.op_error("index must be a valid dimension or symbol identifier")


# -- DMA (upstream defines these in C++, with discardable map attributes) ---------------------


def _dma_access(p: Parser, state: OpState, attr: str) -> tuple[UnresolvedOperand, list[UnresolvedOperand]]:
    mref = p.parse_operand()
    amap, refs = parse_ssa_id_map(p)
    state.attributes[attr] = A.AffineMapAttr(amap)
    return mref, refs


class _DmaLayout(NamedTuple):
    """Operand positions of affine.dma_start: the destination memref, the
    tag memref and the element count; the three maps."""

    dst: int
    tag: int
    num: int
    src_map: AffineMap
    dst_map: AffineMap
    tag_map: AffineMap


@register_op
class AffineDmaStartOp(OpDef, MemoryEffectsOp):
    """``affine.dma_start %src[...], %dst[...], %tag[...], %n[, %stride,
    %per_stride] : src-type, dst-type, tag-type``: reads the source, writes
    the destination and the tag."""

    __slots__ = ()
    OP_NAME = "affine.dma_start"
    traits = frozenset({MEMREFS_NORMALIZABLE})
    operands = var_operand_def()

    def _layout(self) -> _DmaLayout | None:
        sm, dm, tm = (map_of(self, n) for n in ("src_map", "dst_map", "tag_map"))
        if sm is None or dm is None or tm is None:
            return None
        dst = 1 + sm.num_inputs
        tag = dst + 1 + dm.num_inputs
        return _DmaLayout(dst, tag, tag + 1 + tm.num_inputs, sm, dm, tm)

    def memory_effects(self) -> list[Effect]:
        lay = self._layout()
        ops = self.operands
        if lay is None or len(ops) <= lay.tag:
            return list(UNKNOWN_EFFECTS)
        return [read(ops[0]), write(ops[lay.dst]), read(ops[lay.tag]), write(ops[lay.tag])]

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        src, src_refs = _dma_access(p, state, "src_map")
        p.expect(",", "expected ','")
        dst, dst_refs = _dma_access(p, state, "dst_map")
        p.expect(",", "expected ','")
        tag, tag_refs = _dma_access(p, state, "tag_map")
        p.expect(",", "expected ','")
        num = p.parse_operand()
        stride = p.parse_operand_list() if p.accept(",") else []
        if stride and len(stride) != 2:
            parse_error(p, state, "expected two stride related operands")
        types = p.parse_colon_type_list()
        if len(types) != 3:
            parse_error(p, state, "expected three types")
        idx = T.index
        ops = [p.resolve_operand(src, types[0])] + p.resolve_operands(src_refs, [idx] * len(src_refs))
        ops += [p.resolve_operand(dst, types[1])] + p.resolve_operands(dst_refs, [idx] * len(dst_refs))
        ops += [p.resolve_operand(tag, types[2])] + p.resolve_operands(tag_refs, [idx] * len(tag_refs))
        ops += [p.resolve_operand(num, idx)] + p.resolve_operands(stride, [idx] * len(stride))
        state.operands = ops

    def print_custom_ok(self) -> bool:
        lay = self._layout()
        return lay is not None and len(self.operands) in (lay.num + 1, lay.num + 3)

    def print_custom(self, p: AsmPrinter) -> None:
        lay = self._layout()
        assert lay is not None  # print_custom_ok
        dst, tag, n, sm, dm, tm = lay
        ops = self.operands
        s = (
            f" {p.value_name(ops[0])}[{ssa_id_map_str(p, sm, ops[1:dst])}], "
            f"{p.value_name(ops[dst])}[{ssa_id_map_str(p, dm, ops[dst + 1 : tag])}], "
            f"{p.value_name(ops[tag])}[{ssa_id_map_str(p, tm, ops[tag + 1 : n])}], " + p.operands_str(ops[n:])
        )
        p.write(s + " : " + ", ".join(p.type(ops[i].type) for i in (0, dst, tag)))

    def verify_(self) -> None:
        lay = self._layout()
        if lay is None:
            raise self.op_error("requires affine map attributes 'src_map', 'dst_map' and 'tag_map'")
        dst, tag, n = lay.dst, lay.tag, lay.num
        ops = self.operands
        if len(ops) not in (n + 1, n + 3):
            raise self.op_error("incorrect number of operands")
        for i, what in ((0, "source"), (dst, "destination"), (tag, "tag")):
            if not isinstance(ops[i].type, T.MemRefType):
                raise self.op_error(f"expected DMA {what} to be of memref type")
        scope = get_affine_scope(self)
        for what, idxs in (("src", ops[1:dst]), ("dst", ops[dst + 1 : tag]), ("tag", ops[tag + 1 : n])):
            for v in idxs:
                if not isinstance(v.type, T.IndexType):
                    raise self.op_error(f"{what} index to dma_start must have 'index' type")
                if not is_valid_affine_index(v, scope):
                    raise self.op_error(f"{what} index must be a valid dimension or symbol identifier")


@register_op
class AffineDmaWaitOp(OpDef, MemoryEffectsOp):
    """``affine.dma_wait %tag[...], %n : tag-type``: reads and writes the tag."""

    __slots__ = ()
    OP_NAME = "affine.dma_wait"
    traits = frozenset({MEMREFS_NORMALIZABLE})
    operands = var_operand_def()

    def memory_effects(self) -> list[Effect]:
        ops = self.operands
        return [read(ops[0]), write(ops[0])] if ops else list(UNKNOWN_EFFECTS)

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        tag, refs = _dma_access(p, state, "tag_map")
        p.expect(",", "expected ','")
        num = p.parse_operand()
        p.expect(":", "expected ':'")
        ty = p.parse_type()
        state.operands = (
            [p.resolve_operand(tag, ty)]
            + p.resolve_operands(refs, [T.index] * len(refs))
            + [p.resolve_operand(num, T.index)]
        )
        if not isinstance(ty, T.MemRefType):
            parse_error(p, state, "expected tag to be of memref type")

    def print_custom_ok(self) -> bool:
        m = map_of(self, "tag_map")
        return m is not None and len(self.operands) == m.num_inputs + 2

    def print_custom(self, p: AsmPrinter) -> None:
        ops = self.operands
        m = map_of(self, "tag_map")
        assert m is not None  # print_custom_ok
        p.write(
            f" {p.value_name(ops[0])}[{ssa_id_map_str(p, m, ops[1:-1])}], {p.value_name(ops[-1])} : "
            + p.type(ops[0].type)
        )

    def verify_(self) -> None:
        ops = self.operands
        if not ops or not isinstance(ops[0].type, T.MemRefType):
            raise self.op_error("expected DMA tag to be of memref type")
        m = map_of(self, "tag_map")
        if m is None:
            raise self.op_error("requires an affine map attribute 'tag_map'")
        if len(ops) != m.num_inputs + 2:
            raise self.op_error("incorrect number of operands")
        scope = get_affine_scope(self)
        for v in ops[1:-1]:
            if not isinstance(v.type, T.IndexType):
                raise self.op_error("index to dma_wait must have 'index' type")
            if not is_valid_affine_index(v, scope):
                raise self.op_error("index must be a valid dimension or symbol identifier")
