"""Buffers of a register-tiled contraction (``microkernel``).

*Panels*: the columns of the operand read along the vector and reduction
loops (gemm's ``B[k, j]``), copied into a contiguous ``kc x nr`` buffer once
per column tile.

Every row tile of a column tile then reads the same few cache lines one
after the other, where ``B[k, j:j+nr]`` for successive ``k`` lies a row of
``B`` apart: each ``k`` a cache line on another page, so the core's TLB
misses on nearly every step once ``B``'s rows are longer than a page (the
BLIS recipe packs them for this reason). The copied memrefs are not
written in the band (a contraction's operands never are), so the buffer
holds exactly what the loads would read.

*Row values*: arithmetic of the increment that moves with the rows and the
reduction loop but not the columns (gemm's ``alpha * A[i, k]``), computed
once per element into a buffer before the band: the register tile would
compute it again for every column tile, a scalar multiply on the FMA pipes
for every two FMAs. The buffer holds the same operations on the same
operands, so the results are bit for bit those of the register tile.

Measured on gemm (1000x1100x1200, AVX2, one thread): 20 GFLOP/s without
either, the same with only one of them, 31 with both: the multiplies and
the TLB misses of B's rows each limit the kernel.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...affine.schedules import loop_name
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp, AffineVectorLoadOp
from ...dialects.memref.alloc import AllocOp, DeallocOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineExpr, const, dim
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Operation, Value
from .contraction_band import Contraction, index_coeffs, iv_of
from .loop_utils import as_for
from .microkernel_emit import loop

__all__ = ["Panel", "RowValue", "free_panels", "hoist_row_values", "pack_panels", "panel_loads", "row_values"]


@dataclass(frozen=True)
class Panel:
    """Where a packed load reads now: ``buffer[k - base, column]`` with
    ``base`` the block's first ``k`` (``kt``, a value) or the constant
    ``klo``."""

    buffer: Value
    kt: Value | None
    klo: int

    def load(self, k: Value, column: int, vtype: T.VectorType, loc) -> Operation:
        """The vector load of ``column`` (a multiple of the vector width) at ``k``."""
        row: AffineExpr = dim(0) - dim(1) if self.kt is not None else dim(0) - self.klo
        ndims = 2 if self.kt is not None else 1
        amap = AffineMap(ndims, 0, (row, const(column)))
        operands = [self.buffer, k] + ([self.kt] if self.kt is not None else [])
        return AffineVectorLoadOp.create(
            operands=operands, result_types=[vtype], properties={"map": A.AffineMapAttr(amap)}, loc=loc
        )


def panel_loads(c: Contraction) -> list[Operation]:
    """The band's operand loads that move with the vector loop ``j`` and the
    reduction loop ``k`` but not with the rows (``B[k, j]``): what one
    column tile of every row tile reads alike."""
    if c.i is None:
        return []
    i_iv, j_iv, k_iv = iv_of(c.i), iv_of(c.j), iv_of(c.k)
    out: list[Operation] = []
    for o in c.ops:
        if not isinstance(o, AffineLoadOp) or o is c.acc_load:
            continue
        coeffs = index_coeffs(o, {i_iv, j_iv, k_iv})
        if isinstance(coeffs, str):
            continue
        moves = {iv for row in coeffs for iv, a in row.items() if a}
        if j_iv in moves and k_iv in moves and i_iv not in moves:
            out.append(o)
    return out


def pack_panels(
    c: Contraction, body: Block, jo: Value, width: int, kt: Value | None, kc: int | None
) -> dict[Operation, Panel]:
    """At the start of the column tile's ``body`` (the tile's first column
    is ``jo``, ``width`` columns wide): a ``kc x width`` buffer per panel
    load (``kc``: the block of ``k`` starting at ``kt``, else all of ``k``),
    filled by copy loops (``free_panels`` frees them). Returns where each
    load reads now."""
    klo, khi = c.span(c.k)
    rows = kc if kt is not None and kc is not None else khi - klo
    anchor = body.operations[-1]  # the terminator
    out: dict[Operation, Panel] = {}
    for load in panel_loads(c):
        elem = load.results[0].type
        buf = AllocOp.build(T.MemRefType((rows, width), elem), loc=load.loc)
        body.insert_before(anchor, buf)
        if kt is not None:
            assert kc is not None
            kk = loop(
                AffineMap(1, 0, (dim(0),)),
                AffineMap(1, 0, (dim(0) + kc, const(khi))),
                1,
                [kt],
                [kt],
                loc=load.loc,
                name=f"{loop_name(c.k)}_pack",
            )
        else:
            kk = loop(klo, khi, 1, loc=load.loc, name=f"{loop_name(c.k)}_pack")
        body.insert_before(anchor, kk)
        jj = loop(
            AffineMap(1, 0, (dim(0),)),
            AffineMap(1, 0, (dim(0) + width,)),
            1,
            [jo],
            [jo],
            loc=load.loc,
            name=f"{loop_name(c.j)}_pack",
        )
        kb = as_for(kk).body
        kb.insert_before(kb.operations[-1], jj)
        jb = as_for(jj).body
        copy = load.clone({iv_of(c.k): as_for(kk).induction_var, iv_of(c.j): as_for(jj).induction_var})
        jb.insert_before(jb.operations[-1], copy)
        # the store's operands: k, j, (kt,) jo
        st_ops = [as_for(kk).induction_var, as_for(jj).induction_var] + ([kt] if kt is not None else []) + [jo]
        if kt is None:
            at = AffineMap(3, 0, (dim(0) - klo, dim(1) - dim(2)))
        else:
            at = AffineMap(4, 0, (dim(0) - dim(2), dim(1) - dim(3)))
        st = AffineStoreOp.create(
            operands=[copy.results[0], buf.results[0], *st_ops],
            properties={"map": A.AffineMapAttr(at)},
            loc=load.loc,
        )
        jb.insert_before(jb.operations[-1], st)
        out[load] = Panel(buf.results[0], kt, klo)
    return out


def free_panels(panels: dict[Operation, Panel], body: Block) -> None:
    """Free the buffers at the end of the column tile's ``body``."""
    for load, panel in panels.items():
        body.insert_before(body.operations[-1], DeallocOp.build(panel.buffer, loc=load.loc))


@dataclass(frozen=True)
class RowValue:
    """A value of the band that moves with the rows and the reduction loop
    but not the columns (gemm's ``alpha * A[i, k]``), computed before the
    band into ``buffer[i - ilo, k - klo]``."""

    buffer: Value
    ilo: int
    klo: int

    def load(self, i: Value, row: int, k: Value, loc) -> Operation:
        amap = AffineMap(2, 0, (dim(0) + (row - self.ilo), dim(1) - self.klo))
        buffer_type = self.buffer.type
        assert isinstance(buffer_type, T.MemRefType)
        elem = buffer_type.element_type
        return AffineLoadOp.create(
            operands=[self.buffer, i, k], result_types=[elem], properties={"map": A.AffineMapAttr(amap)}, loc=loc
        )


def row_values(c: Contraction) -> list[Value]:
    """The arithmetic in the increment that moves with the rows, not with
    the columns (the register tile computes it once per row, reduction
    step and column tile: gemm's ``alpha * A[i, k]`` is a multiply for
    every two FMAs): the largest such subexpressions, loads and constants
    left out (a load is broadcast from memory as it is)."""
    if c.i is None:
        return []
    i_iv, j_iv = iv_of(c.i), iv_of(c.j)
    ops = set(c.ops)

    def moves(v: Value, iv: Value, memo: dict[Value, bool]) -> bool:
        if v in memo:
            return memo[v]
        owner = v.owner_op
        r = False
        if isinstance(owner, Operation) and owner in ops:
            if isinstance(owner, AffineLoadOp):
                coeffs = index_coeffs(owner, {iv})
                r = isinstance(coeffs, str) or any(row.get(iv, 0) for row in coeffs)
            else:
                r = any(moves(o, iv, memo) for o in owner.operands)
        memo[v] = r
        return r

    along_i: dict[Value, bool] = {}
    along_j: dict[Value, bool] = {}
    out: list[Value] = []

    def visit(v: Value) -> None:
        owner = v.owner_op
        if not isinstance(owner, Operation) or owner not in ops or isinstance(owner, AffineLoadOp):
            return
        if moves(v, i_iv, along_i) and not moves(v, j_iv, along_j) and owner.operands:
            if v not in out:
                out.append(v)
            return
        for o in owner.operands:
            visit(o)

    visit(c.increment)
    return out


def hoist_row_values(c: Contraction, root: Operation) -> tuple[list[Operation], dict[Value, RowValue]]:
    """Before the band (``root``): a buffer per ``row_values`` value, filled
    by loops over the rows and the reduction loop that compute it as the
    band does, bit for bit (the same operations on the same operands);
    freed after the band. Returns the new ops and where each value is."""
    values = row_values(c)
    if not values:
        return [], {}
    assert c.i is not None
    parent = root.parent
    assert parent is not None
    (ilo, ihi), (klo, khi) = c.span(c.i), c.span(c.k)
    i_iv, k_iv = iv_of(c.i), iv_of(c.k)
    new: list[Operation] = []
    where: dict[Value, RowValue] = {}
    for v in values:
        loc = v.owner_op.loc if isinstance(v.owner_op, Operation) else root.loc
        buf = AllocOp.build(T.MemRefType((ihi - ilo, khi - klo), v.type), loc=loc)
        parent.insert_before(root, buf)
        ii = loop(ilo, ihi, 1, loc=loc, name=f"{loop_name(c.i)}_hoist")
        kk = loop(klo, khi, 1, loc=loc, name=f"{loop_name(c.k)}_hoist")
        parent.insert_before(root, ii)
        ib = as_for(ii).body
        ib.insert_before(ib.operations[-1], kk)
        kb = as_for(kk).body
        mapping: dict = {i_iv: as_for(ii).induction_var, k_iv: as_for(kk).induction_var}
        needed = _slice(v, set(c.ops))
        for o in c.ops:  # program order
            if o in needed:
                kb.insert_before(kb.operations[-1], o.clone(mapping))
        st = AffineStoreOp.create(
            operands=[mapping[v], buf.results[0], as_for(ii).induction_var, as_for(kk).induction_var],
            properties={"map": A.AffineMapAttr(AffineMap(2, 0, (dim(0) - ilo, dim(1) - klo)))},
            loc=loc,
        )
        kb.insert_before(kb.operations[-1], st)
        parent.insert_after(root, DeallocOp.build(buf.results[0], loc=loc))
        new += [buf, ii]
        where[v] = RowValue(buf.results[0], ilo, klo)
    return new, where


def _slice(v: Value, ops: set[Operation]) -> set[Operation]:
    """The ops of ``ops`` that ``v`` is computed from (itself included)."""
    out: set[Operation] = set()
    todo = [v]
    while todo:
        owner = todo.pop().owner_op
        if isinstance(owner, Operation) and owner in ops and owner not in out:
            out.add(owner)
            todo.extend(owner.operands)
    return out
