"""Register tiling of triangular contraction bands, and packing of strided operands.

The rows-first form of ``microkernel``: when the vector loop's bounds move
with the row loop, each block of rows gets the column tiles that are full in
every one of its rows, then the rest of each row runs the original body.
``pack`` copies an operand read with a stride along the vector loop into a
contiguous ``k x j`` buffer first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...affine.schedules import loop_name
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp
from ...dialects.memref.alloc import AllocOp, DeallocOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import const, dim
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Operation, Value
from .contraction_band import Contraction, iv_of
from .loop_utils import as_for
from .microkernel_emit import loop as _loop
from .microkernel_emit import tile_body as _tile_body
from .parallelize import convert_to_parallel

if TYPE_CHECKING:
    from .microkernel_panels import RowValue

__all__ = ["pack", "register_tile_rows_first"]


def register_tile_rows_first(
    c: Contraction,
    mr: int,
    nv: int,
    lanes: int,
    kc: int | None,
    fma: bool,
    parallel: bool,
    hoisted: Mapping[Value, RowValue] | None = None,
) -> list[Operation]:
    """A band whose vector loop's bounds move with the row loop (a triangle):
    per block of ``mr`` rows, the column tiles full in every row of the
    block, then the rest of those rows' columns with the original body.
    ``hoisted``: row values the column tiles read from buffers
    (``microkernel_panels``)."""
    assert c.i is not None and c.j_lin is not None
    row_loop = c.i
    root = c.band[0].op
    parent = root.parent
    assert parent is not None
    (al, bl), (au, bu) = c.j_lin
    ilo, ihi = c.span(c.i)
    klo, khi = c.span(c.k)
    nr = nv * lanes
    ifull = ilo + (ihi - ilo) // mr * mr
    blocked = kc is not None and kc < khi - klo
    new_ops: list[Operation] = []
    kt_iv: Value | None = None
    block: Block = parent
    anchor: Operation | None = root
    if blocked:
        assert kc is not None
        kt = _loop(klo, khi, kc, loc=root.loc, name=f"{loop_name(c.k)}_tile")
        parent.insert_before(root, kt)
        new_ops.append(kt)
        kt_iv = as_for(kt).induction_var
        block, anchor = as_for(kt).body, as_for(kt).body.operations[-1]

    def put(op: Operation) -> Operation:
        block.insert_before(anchor, op) if anchor is not None else block.append(op)
        if block is parent:
            new_ops.append(op)
        return op

    def rows(lo: int, hi: int, height: int) -> None:
        if hi <= lo:
            return
        rl = _loop(lo, hi, height, loc=root.loc, name=f"{loop_name(row_loop)}_r" if height > 1 else loop_name(row_loop))
        put(rl)
        row_iv = as_for(rl).induction_var
        body = as_for(rl).body
        d0 = dim(0)
        start = al * (d0 + (height - 1 if al > 0 else 0)) + bl  # the largest lower bound of the block's rows
        end = au * (d0 + (height - 1 if au < 0 else 0)) + bu  # the smallest upper bound
        full_end = start + ((end - start).floordiv(nr)) * nr
        jo = _loop(AffineMap(1, 0, [start]), AffineMap(1, 0, [full_end]), nr, [row_iv], [row_iv], loc=root.loc)
        jo.induction_var.name_hint = f"{loop_name(c.j)}_r"
        body.insert_before(body.operations[-1], jo)
        _tile_body(
            c, as_for(jo).body, row_iv, as_for(jo).induction_var, height, nv, lanes, kt_iv, kc, fma, hoisted=hoisted
        )
        # the rest of each row: columns left of the full tiles and right of them
        ir = _loop(AffineMap(1, 0, [d0]), AffineMap(1, 0, [d0 + height]), 1, [row_iv], [row_iv], loc=root.loc)
        ir.induction_var.name_hint = loop_name(row_loop)
        body.insert_before(body.operations[-1], ir)
        r_iv = as_for(ir).induction_var
        d1 = dim(1)
        lo_r, hi_r = al * d1 + bl, au * d1 + bu
        left = _loop(
            AffineMap(1, 0, [al * d0 + bl]), AffineMap(2, 0, [start, hi_r]), 1, [r_iv], [row_iv, r_iv], loc=root.loc
        )
        right = _loop(
            AffineMap(2, 0, [full_end, start, lo_r]),
            AffineMap(1, 0, [au * d0 + bu]),
            1,
            [row_iv, r_iv],
            [r_iv],
            loc=root.loc,
        )
        del lo_r
        for part in (left, right):
            part.induction_var.name_hint = loop_name(c.j)
            rbody = as_for(ir).body
            rbody.insert_before(rbody.operations[-1], part)
            _scalar_body(c, as_for(part).body, r_iv, as_for(part).induction_var, kt_iv, kc)
        if parallel:
            new = convert_to_parallel(as_for(rl))
            new_ops[:] = [new if o is rl else o for o in new_ops]

    rows(ilo, ifull, mr)
    rows(ifull, ihi, 1)
    root.erase()
    return new_ops


def _scalar_body(c: Contraction, block: Block, i_iv: Value, j_iv: Value, kt_iv: Value | None, kc: int | None) -> None:
    """The ``k`` loop of the original body for one ``(i, j)`` (into ``block``)."""
    klo, khi = c.span(c.k)
    if kt_iv is not None:
        assert kc is not None
        kloop = _loop(
            AffineMap(1, 0, [dim(0)]),
            AffineMap(1, 0, [dim(0) + kc, const(khi)]),
            1,
            [kt_iv],
            [kt_iv],
            loc=c.k.op.loc,
            name=loop_name(c.k),
        )
    else:
        kloop = _loop(klo, khi, 1, loc=c.k.op.loc, name=loop_name(c.k))
    block.insert_before(block.operations[-1], kloop)
    kbody = as_for(kloop).body
    assert c.i is not None
    mapping: dict = {iv_of(c.i): i_iv, iv_of(c.j): j_iv, iv_of(c.k): as_for(kloop).induction_var}
    for o in c.ops:
        kbody.insert_before(kbody.operations[-1], o.clone(mapping))


def pack(c: Contraction) -> list[Operation]:
    """Copy each strided load's elements into a ``k x j`` buffer before the
    band (freed after it) and read the buffer instead: ``P[k - lk, j - lj]``
    is contiguous along ``j``. The copied memrefs are not written in the
    band, so the buffer holds exactly what the loads would read."""
    root = c.band[0].op
    parent = root.parent
    assert parent is not None
    klo, khi = c.span(c.k)
    if c.j_lin is not None and c.i is not None:
        (al, bl), (au, bu) = c.j_lin
        # the columns some row reads: their hull is inside the array (affine indices)
        spans = [(al * r + bl, au * r + bu) for r in range(*c.span(c.i))]
        spans = [(a, b) for a, b in spans if a < b]
        if not spans:
            return []
        jlo, jhi = min(a for a, _ in spans), max(b for _, b in spans)
    else:
        jlo, jhi = c.span(c.j)
    out: list[Operation] = []
    for load in c.packable:
        elem = load.results[0].type
        buf = AllocOp.build(T.MemRefType((khi - klo, jhi - jlo), elem), loc=load.loc)
        parent.insert_before(root, buf)
        out.append(buf)
        kk = _loop(klo, khi, 1, loc=load.loc, name=f"{loop_name(c.k)}_pack")
        jj = _loop(jlo, jhi, 1, loc=load.loc, name=f"{loop_name(c.j)}_pack")
        parent.insert_before(root, kk)
        out.append(kk)
        kb = as_for(kk).body
        kb.insert_before(kb.operations[-1], jj)
        jb = as_for(jj).body
        mapping = {c.k.iv: as_for(kk).induction_var, c.j.iv: as_for(jj).induction_var}
        copy = load.clone(mapping)
        jb.insert_before(jb.operations[-1], copy)
        at = AffineMap(2, 0, [dim(0) - klo, dim(1) - jlo])
        st = AffineStoreOp.create(
            operands=[copy.results[0], buf.results[0], as_for(kk).induction_var, as_for(jj).induction_var],
            properties={"map": A.AffineMapAttr(at)},
            loc=load.loc,
        )
        jb.insert_before(jb.operations[-1], st)
        new = AffineLoadOp.create(
            operands=[buf.results[0], c.k.iv, c.j.iv],
            result_types=[elem],
            properties={"map": A.AffineMapAttr(at)},
            loc=load.loc,
        )
        assert load.parent is not None
        load.parent.insert_before(load, new)
        load.results[0].replace_all_uses_with(new.results[0])
        load.erase()
        parent.insert_after(root, DeallocOp.build(buf.results[0], loc=load.loc))
    return out
