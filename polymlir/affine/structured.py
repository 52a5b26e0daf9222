"""The polyhedral model of linalg structured ops.

A linalg op (named or ``linalg.generic``, on buffers or tensors) is one
statement: its domain is its loop ranges (static sizes, or the sizes of
operand dimensions as isl parameters), and its accesses are its indexing
maps over its operands: a read per input, a read of each init the payload
uses (accumulation), a write per init. On tensors the op writes its result
value, which is the init updated in place (destination passing), so the
init is read as an input and the result array carries the op's own
dependences. The op's loops are ``Loop`` objects owned by the op (one per
dimension, ``index`` = dimension), so the dependence analysis splits the
op's self-dependences by the dimension carrying them.

    loops, accesses = structured_access(op)  # per dimension: size; (kind, operand, map)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from ..dialects.linalg.structured import LinalgStructuredOp
from ..ir import types as T
from ..ir.affine_expr import AffineDimExpr, AffineExpr
from ..ir.affine_map import AffineMap
from ..ir.core import Operation, Value


@dataclass(frozen=True, eq=False)
class ShapeDim:
    """The size of dimension ``dim`` of ``value``: an isl parameter of the
    model when the size is dynamic (``memref.dim``/``tensor.dim`` of it)."""

    value: Value
    dim: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShapeDim) and other.value is self.value and other.dim == self.dim

    def __hash__(self) -> int:
        return hash((id(self.value), self.dim))


@dataclass(frozen=True)
class StructuredAccess:
    """One access of a linalg op: ``kind`` "read"/"write", the operand index
    (inputs then inits), the value whose array is accessed, and the map."""

    kind: str
    operand: int
    array: Value
    map: AffineMap


def is_structured(op: Operation) -> TypeGuard[LinalgStructuredOp]:
    """Whether ``op`` is a linalg structured op with a payload (the model's
    and the linalg transformations' unit)."""
    return isinstance(op, LinalgStructuredOp) and op.payload_block() is not None


def loop_sizes(op: LinalgStructuredOp) -> list[int | ShapeDim]:
    """Per loop dimension: its static extent, or the operand dimension whose
    (dynamic) size it is. Raises ValueError when a dimension is the size of
    no operand dimension (its range is not known)."""
    operands = list(op.dps_inputs()) + list(op.dps_inits())
    maps = op.indexing_maps_array()
    n = op.num_loops
    sizes: list[int | ShapeDim | None] = [None] * n
    for v, m in zip(operands, maps, strict=True):
        if not isinstance(v.type, T.ShapedType) or not hasattr(v.type, "shape"):
            continue
        for r, e in enumerate(m.results):
            if isinstance(e, AffineDimExpr) and sizes[e.position] is None:
                d = v.type.shape[r]
                sizes[e.position] = d if d != T.DYNAMIC else ShapeDim(v, r)
    # A static size wins over a dynamic one found first.
    for v, m in zip(operands, maps, strict=True):
        if not isinstance(v.type, T.ShapedType) or not hasattr(v.type, "shape"):
            continue
        for r, e in enumerate(m.results):
            if isinstance(e, AffineDimExpr) and isinstance(sizes[e.position], ShapeDim):
                d = v.type.shape[r]
                if d != T.DYNAMIC:
                    sizes[e.position] = d
    missing = [k for k, s in enumerate(sizes) if s is None]
    if missing:
        raise ValueError(f"loop dimension d{missing[0]} is the size of no operand dimension")
    return [s for s in sizes if s is not None]


def payload_reads_init(op: LinalgStructuredOp, k: int) -> bool:
    """Whether the payload uses the block argument of init ``k``."""
    blk = op.payload_block()
    assert blk is not None
    arg = blk.arguments[len(op.dps_inputs()) + k]
    return bool(arg.uses)


def structured_accesses(op: LinalgStructuredOp) -> list[StructuredAccess]:
    """The accesses of ``op`` in program order of one iteration: inputs read,
    inits read (when the payload uses them), inits written."""
    ins, outs = list(op.dps_inputs()), list(op.dps_inits())
    maps = op.indexing_maps_array()
    out: list[StructuredAccess] = []
    on_tensors = bool(op.results)
    for i, v in enumerate(ins):
        if isinstance(v.type, T.ShapedType):
            out.append(StructuredAccess("read", i, v, maps[i]))
    for k, v in enumerate(outs):
        m = maps[len(ins) + k]
        target = op.results[k] if on_tensors else v
        if on_tensors:
            # The result starts as a copy of the init: the init is read where
            # the result is written, and the result accumulates in place.
            out.append(StructuredAccess("read", len(ins) + k, v, m))
        if payload_reads_init(op, k):
            out.append(StructuredAccess("read", len(ins) + k, target, m))
        out.append(StructuredAccess("write", len(ins) + k, target, m))
    return out


def index_exprs(m: AffineMap, dims: list[AffineExpr]) -> list[AffineExpr]:
    """The results of ``m`` with its dims replaced by ``dims``."""
    return [r.replace_dims_and_symbols(dims, []) for r in m.results]
