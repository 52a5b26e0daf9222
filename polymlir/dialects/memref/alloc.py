"""The memref dialect's allocation ops: alloc, alloca, realloc, alloca_scope (+ return), dealloc, distinct_objects."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ...ir import attributes as A
from ...ir import types as T
from ...ir.constraints import TypeConstraint
from ...ir.core import Operation, Value
from ...ir.fields import operand_def, opt_operand_def, prop_def, region_def, result_def, var_operand_def, var_result_def
from ...ir.interfaces import Effect, MemoryEffectsOp, allocate, free, read
from ...ir.layout import has_identity_layout, layout_map
from ...ir.opdef import OpDef
from ...ir.registry import register_op
from ...ir.traits import (
    AUTOMATIC_ALLOCATION_SCOPE,
    MEMREFS_NORMALIZABLE,
    NO_REGION_ARGUMENTS,
    PURE,
    RECURSIVE_MEMORY_EFFECTS,
    REGION_BRANCH_OP_INTERFACE,
    RETURN_LIKE,
    SINGLE_BLOCK,
    TERMINATOR,
    has_parent,
)
from .ops import (
    AlignmentAttr,
    AnyRankedOrUnrankedMemRef,
    Index,
    MemRef,
    MemRef1D,
    VariadicIndex,
    _any_memref,
    index_types,
    q,
)


class _AllocLike(OpDef, MemoryEffectsOp):
    """alloc and alloca: they allocate their result and touch nothing else."""

    __slots__ = ()
    dynamicSizes = var_operand_def(VariadicIndex)
    symbolOperands = var_operand_def(VariadicIndex)
    alignment = prop_def(AlignmentAttr, optional=True)
    memref = result_def(MemRef)
    assembly_format = "`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)"

    def memory_effects(self) -> list[Effect]:
        return [allocate(self.results[0])]

    def dynamic_result_size(self, i: int) -> Value | None:
        """The value of the size of dimension ``i`` of the (one) result when
        it is dynamic (its operand among ``dynamicSizes``), else None
        (``memref.dim`` folds to it)."""
        shape = T.of_kind(self.results[0].type, T.MemRefType).shape
        if not 0 <= i < len(shape) or shape[i] != T.DYNAMIC:
            return None
        pos = sum(1 for d in shape[:i] if d == T.DYNAMIC)
        sizes = list(self.dynamicSizes)
        return sizes[pos] if pos < len(sizes) else None

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "dynamicSizes", "symbolOperands")

    def verify_(self) -> None:
        t = self.results[0].type
        if not isinstance(t, T.MemRefType):
            raise self.op_error("result must be a memref")
        ndyn = sum(1 for d in t.shape if d == T.DYNAMIC)
        if len(self.dynamicSizes) != ndyn:
            raise self.op_error(f"incorrect number of dynamic sizes, has {len(self.dynamicSizes)}, expected {ndyn}")
        nsym = 0
        if not has_identity_layout(t):
            m = layout_map(t)
            nsym = m.num_symbols if m is not None else 0
        if len(self.symbolOperands) != nsym:
            raise self.op_error(
                f"symbol operand count does not equal memref symbol count: expected {nsym}, "
                f"got {len(self.symbolOperands)}"
            )

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
class ReallocOp(OpDef, MemoryEffectsOp):
    """Resize a 1-D allocation: reads and frees the source, allocates the result."""

    __slots__ = ()
    OP_NAME = "memref.realloc"
    source = operand_def(MemRef1D)
    dynamicResultSize = opt_operand_def(Index)
    alignment = prop_def(AlignmentAttr, optional=True)
    result = result_def(MemRef1D)
    assembly_format = "$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)"

    def memory_effects(self) -> list[Effect]:
        return [read(self.source), free(self.source), allocate(self.results[0])]

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        index_types(ps, "dynamicResultSize")

    def verify_(self) -> None:
        src = T.of_kind(self.operands[0].type, T.MemRefType)
        res = T.of_kind(self.results[0].type, T.MemRefType)
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
            RECURSIVE_MEMORY_EFFECTS,
            NO_REGION_ARGUMENTS,
            REGION_BRANCH_OP_INTERFACE,
        }
    )
    results = var_result_def()
    bodyRegion = region_def()

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
        for i, (v, r_) in enumerate(zip(t.operands, self.results, strict=True)):
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
    traits = frozenset({TERMINATOR, PURE, RETURN_LIKE, has_parent("memref.alloca_scope")})
    if not TYPE_CHECKING:  # named like an Operation member (op.results stays Operation's): op.f.results
        results = var_operand_def()
    assembly_format = "attr-dict ($results^ `:` type($results))?"


@register_op
class DeallocOp(OpDef, MemoryEffectsOp):
    """Free a memref allocated by ``memref.alloc``."""

    __slots__ = ()
    OP_NAME = "memref.dealloc"
    traits = frozenset({MEMREFS_NORMALIZABLE})
    memref = operand_def(AnyRankedOrUnrankedMemRef)
    assembly_format = "$memref attr-dict `:` type($memref)"

    def memory_effects(self) -> list[Effect]:
        return [free(self.memref)]

    @classmethod
    def build(cls, memref: Value, loc: A.Location | None = None) -> DeallocOp:
        return cast(DeallocOp, cls.create(operands=[memref], loc=loc))


@register_op
class DistinctObjectsOp(OpDef):
    """Assert that its memref operands do not alias; returns them."""

    __slots__ = ()
    OP_NAME = "memref.distinct_objects"
    traits = frozenset({PURE})
    operands = var_operand_def(TypeConstraint("variadic of ranked or unranked memref of any type values", _any_memref))
    results = var_result_def(AnyRankedOrUnrankedMemRef)
    assembly_format = "$operands attr-dict `:` type($operands)"

    @classmethod
    def infer_types(cls, p, ps, state) -> None:
        ps.types.setdefault("results", list(ps.types.get("operands", [])))

    def verify_(self) -> None:
        if [v.type for v in self.operands] != self.result_types:
            raise self.op_error("operand types and result types must match")
        if not self.operands:
            raise self.op_error("expected at least one operand")
