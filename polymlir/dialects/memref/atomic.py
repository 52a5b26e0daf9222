"""The memref dialect's atomics and DMA: ``atomic_rmw``,
``generic_atomic_rmw`` (+ ``atomic_yield``), ``dma_start`` and ``dma_wait``.
The rest of the dialect is in ``ops.py`` and ``views.py``."""

from __future__ import annotations

from typing import cast

from ...ir import types as T
from ...ir.asm_format import enum_attr
from ...ir.fields import operand_def, prop_def, region_def, result_def, var_operand_def
from ...ir.interfaces import UNKNOWN_EFFECTS, Effect, MemoryEffectsOp, is_memory_effect_free, read, write
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import PURE, SINGLE_BLOCK, TERMINATOR, has_parent
from .alloc import verify_implicit_terminator
from .ops import Index, IntOrFloat, MemRef, MemRefOfIntOrFloat, VariadicIndex, index_types, q, verify_elem_match

ATOMIC_RMW_KINDS = {
    0: "addf",
    1: "addi",
    2: "andi",
    3: "assign",
    4: "maximumf",
    5: "maxnumf",
    6: "maxs",
    7: "maxu",
    8: "minimumf",
    9: "minnumf",
    10: "mins",
    11: "minu",
    12: "mulf",
    13: "muli",
    14: "ori",
    15: "xori",
}
AtomicRMWKindAttr = enum_attr(
    "allowed 64-bit signless integer cases: " + ", ".join(str(k) for k in ATOMIC_RMW_KINDS), ATOMIC_RMW_KINDS
)
_FLOAT_KINDS = {"addf", "maximumf", "minimumf", "mulf"}
_INT_KINDS = {"addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "xori", "andi"}

# -- atomics ---------------------------------------------------------------------------


@register_op
class AtomicRMWOp(OpDef, MemoryEffectsOp):
    """``%x = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32``"""

    __slots__ = ()
    OP_NAME = "memref.atomic_rmw"
    kind = prop_def(AtomicRMWKindAttr)
    value = operand_def(IntOrFloat)
    memref = operand_def(MemRefOfIntOrFloat)
    indices = var_operand_def(VariadicIndex)
    result = result_def(IntOrFloat)
    assembly_format = (
        "$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` "
        "type($memref) `)` `->` type($result)"
    )

    def memory_effects(self) -> list[Effect]:
        return [read(self.memref), write(self.memref)]

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "indices")

    def verify_(self) -> None:
        vt, mt, rt = self.operands[0].type, T.of_kind(self.operands[1].type, T.MemRefType), self.results[0].type
        if vt != rt:
            raise self.op_error("failed to verify that all of {value, result} have same type")
        verify_elem_match(self, mt, vt, "value type matches element type of memref")
        if mt.rank != len(self.operands) - 2:
            raise self.op_error("expects the number of subscripts to be equal to memref rank")
        k = ATOMIC_RMW_KINDS.get(self.kind.value)
        if k in _FLOAT_KINDS and not isinstance(vt, T.FloatType):
            raise self.op_error(f"with kind '{k}' expects a floating-point type")
        if k in _INT_KINDS and not isinstance(vt, T.IntegerType):
            raise self.op_error(f"with kind '{k}' expects an integer type")


@register_op
class GenericAtomicRMWOp(OpDef, MemoryEffectsOp):
    """An atomic read-modify-write whose body (free of memory effects)
    computes the new value."""

    __slots__ = ()
    OP_NAME = "memref.generic_atomic_rmw"
    traits = frozenset({SINGLE_BLOCK})
    memref = operand_def(MemRefOfIntOrFloat)
    indices = var_operand_def(VariadicIndex)
    result = result_def(IntOrFloat)
    atomic_body = region_def()

    def memory_effects(self) -> list[Effect]:
        return [read(self.memref), write(self.memref)]

    @classmethod
    def parse(cls, p, state) -> None:
        ref = p.parse_operand()
        idx = p.parse_operand_list("[")
        p.expect(":", "expected ':'")
        tpos = p.start
        ty = p.parse_type()
        state.operands = [p.resolve_operand(ref, ty)] + [p.resolve_operand(r, T.index) for r in idx]
        state.regions.append(p.parse_region())
        state.attributes.update(p.parse_optional_attr_dict())
        if not isinstance(ty, T.MemRefType):
            p.error("invalid kind of type specified", tpos)
        state.result_types = [ty.element_type]

    def print_custom(self, p) -> None:
        p.write(
            f" {p.value_name(self.operands[0])}[{p.operands_str(self.operands[1:])}] : {p.type(self.operands[0].type)} "
        )
        p.print_region(self.regions[0], print_entry_args=True, print_terminators=True)
        p.print_optional_attr_dict(self.attributes)

    def verify_(self) -> None:
        mt = self.operands[0].type
        verify_elem_match(self, mt, self.results[0].type, "result type matches element type of memref")
        verify_implicit_terminator(self, "memref.atomic_yield")
        body = self.regions[0]
        nargs = len(body.blocks[0].arguments) if body.blocks else 0
        if nargs != 1:
            raise self.op_error("expected single number of entry block arguments")
        if self.results[0].type != body.blocks[0].arguments[0].type:
            raise self.op_error("expected block argument of the same type result type")
        for nested in self.walk():
            if nested is not self and not is_memory_effect_free(nested):
                raise nested.emit_error(
                    "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects"
                )


@register_op
class AtomicYieldOp(OpDef):
    """Terminator of ``memref.generic_atomic_rmw``: the value to store."""

    __slots__ = ()
    OP_NAME = "memref.atomic_yield"
    traits = frozenset({TERMINATOR, PURE, has_parent("memref.generic_atomic_rmw")})
    result = operand_def()
    assembly_format = "$result attr-dict `:` type($result)"

    def verify_(self) -> None:
        parent = cast(GenericAtomicRMWOp, self.parent_op)  # the HasParent trait, verified before verify_
        pt, rt = parent.result_types[0], self.operands[0].type
        if pt != rt:
            raise self.op_error(f"types mismatch between yield op: {q(rt)} and its parent: {q(pt)}")


# -- DMA -----------------------------------------------------------------------------------


@register_op
class DmaStartOp(OpDef, MemoryEffectsOp):
    """Start a DMA transfer; its completion is tracked through a tag memref.
    Reads the source, writes the destination, reads and writes the tag."""

    __slots__ = ()
    OP_NAME = "memref.dma_start"
    operands = var_operand_def()

    @classmethod
    def parse(cls, p, state) -> None:
        src = p.parse_operand()
        src_idx = p.parse_operand_list("[")
        p.expect(",", "expected ','")
        dst = p.parse_operand()
        dst_idx = p.parse_operand_list("[")
        p.expect(",", "expected ','")
        num = p.parse_operand()
        p.expect(",", "expected ','")
        tag = p.parse_operand()
        tag_idx = p.parse_operand_list("[")
        stride = []
        if p.accept(","):
            stride = p.parse_comma_list(p.parse_operand)
        if stride and len(stride) != 2:
            p.error("custom op 'memref.dma_start' expected two stride related operands", state.pos)
        types = p.parse_colon_type_list()
        if len(types) != 3:
            p.error("custom op 'memref.dma_start' fewer/more types expected", state.pos)
        idx = T.index
        ops = [p.resolve_operand(src, types[0])] + [p.resolve_operand(r, idx) for r in src_idx]
        ops += [p.resolve_operand(dst, types[1])] + [p.resolve_operand(r, idx) for r in dst_idx]
        ops += [p.resolve_operand(num, idx), p.resolve_operand(tag, types[2])]
        ops += [p.resolve_operand(r, idx) for r in tag_idx] + [p.resolve_operand(r, idx) for r in stride]
        state.operands = ops
        state.attributes.update(p.parse_optional_attr_dict())

    def _layout(self) -> tuple[int, int, int, int] | None:
        """(dst position, num position, tag position, number of non-stride operands)."""
        ops = self.operands

        def rank_at(i: int) -> int | None:
            t = ops[i].type if i < len(ops) else None
            return t.rank if isinstance(t, T.ShapedType) else None

        sr = rank_at(0)
        if sr is None:
            return None
        d = 1 + sr
        dr = rank_at(d)
        if dr is None:
            return None
        n = d + 1 + dr
        tr = rank_at(n + 1)
        if tr is None:
            return None
        return d, n, n + 1, n + 2 + tr

    def memory_effects(self) -> list[Effect]:
        lay = self._layout()
        if lay is None:
            return list(UNKNOWN_EFFECTS)
        ops = self.operands
        d, _, t, _ = lay
        return [read(ops[0]), write(ops[d]), read(ops[t]), write(ops[t])]

    def print_custom(self, p) -> None:
        lay = self._layout()
        ops = self.operands
        if lay is None:  # malformed: the generic form is printed instead
            p.print_generic_body(self)
            return
        d, n, t, end = lay
        s = (
            f" {p.value_name(ops[0])}[{p.operands_str(ops[1:d])}], {p.value_name(ops[d])}"
            f"[{p.operands_str(ops[d + 1 : n])}], {p.value_name(ops[n])}, {p.value_name(ops[t])}"
            f"[{p.operands_str(ops[t + 1 : end])}]"
        )
        if len(ops) != end:
            s += f", {p.value_name(ops[-2])}, {p.value_name(ops[-1])}"
        p.write(s)
        p.print_optional_attr_dict(self.attributes)
        p.write(f" : {p.type(ops[0].type)}, {p.type(ops[d].type)}, {p.type(ops[t].type)}")

    def print_custom_ok(self) -> bool:
        lay = self._layout()
        return lay is not None and len(self.operands) >= lay[3]

    def verify_(self) -> None:
        ops = self.operands
        n = len(ops)
        if n < 4:
            raise self.op_error("expected at least 4 operands")

        def is_index(v) -> bool:
            return isinstance(v.type, T.IndexType)

        st = ops[0].type
        if not isinstance(st, T.MemRefType):
            raise self.op_error("expected source to be of memref type")
        sr = st.rank
        if n < sr + 4:
            raise self.op_error(f"expected at least {sr + 4} operands")
        if not all(is_index(v) for v in ops[1 : 1 + sr]):
            raise self.op_error("expected source indices to be of index type")
        d = 1 + sr
        dt = ops[d].type
        if not isinstance(dt, T.MemRefType):
            raise self.op_error("expected destination to be of memref type")
        dr = dt.rank
        expected = sr + dr + 4
        if n < expected:
            raise self.op_error(f"expected at least {expected} operands")
        if not all(is_index(v) for v in ops[d + 1 : d + 1 + dr]):
            raise self.op_error("expected destination indices to be of index type")
        num = d + 1 + dr
        if not is_index(ops[num]):
            raise self.op_error("expected num elements to be of index type")
        tt = ops[num + 1].type
        if not isinstance(tt, T.MemRefType):
            raise self.op_error("expected tag to be of memref type")
        tr = tt.rank
        expected += tr
        if n < expected:
            raise self.op_error(f"expected at least {expected} operands")
        if not all(is_index(v) for v in ops[num + 2 : num + 2 + tr]):
            raise self.op_error("expected tag indices to be of index type")
        if n != expected and n != expected + 2:
            raise self.op_error("incorrect number of operands")
        if n == expected + 2 and not (is_index(ops[-2]) and is_index(ops[-1])):
            raise self.op_error("expected stride and num elements per stride to be of type index")


@register_op
class DmaWaitOp(OpDef, MemoryEffectsOp):
    """Wait for the DMA transfer tracked by ``%tag[%i]``: reads and writes the tag."""

    __slots__ = ()
    OP_NAME = "memref.dma_wait"
    tagMemRef = operand_def(MemRef)
    tagIndices = var_operand_def(VariadicIndex)
    numElements = operand_def(Index)
    assembly_format = "$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)"

    def memory_effects(self) -> list[Effect]:
        return [read(self.tagMemRef), write(self.tagMemRef)]

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "tagIndices", "numElements")

    def verify_(self) -> None:
        rank = T.of_kind(self.operands[0].type, T.MemRefType).rank
        n = len(self.tagIndices)
        if n != rank:
            raise self.op_error(
                f"expected tagIndices to have the same number of elements as the tagMemRef rank, "
                f"expected {rank}, but got {n}"
            )


__all__ = [
    "ATOMIC_RMW_KINDS",
    "AtomicRMWOp",
    "AtomicYieldOp",
    "DmaStartOp",
    "DmaWaitOp",
    "GenericAtomicRMWOp",
]
