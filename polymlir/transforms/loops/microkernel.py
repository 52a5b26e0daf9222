"""Register tiling of a contraction: the BLIS micro-kernel from our own primitives.

    v = microkernel_verdict(model, band, mr=6, nv=4, kc=256)
    if v.ok: register_tile(model, band, mr=6, nv=4, kc=256)

A *contraction band* is a perfect nest of two or three ``affine.for`` loops
with constant bounds whose body accumulates into one element:
``W[.., i, .., j] = W[.., i, .., j] + e(i, j, k)`` where ``k`` (the
reduction loop) does not index ``W``, ``j`` (the vector loop) is ``W``'s last
index with coefficient 1, and ``i`` (the row loop, absent in a band of two)
indexes ``W`` alone in one position. Every other load reads a memref the band
does not write, either contiguously along ``j`` (``B[k, j]``) or not at all
along ``j`` (``A[i, k]``). gemm, 2mm, 3mm and doitgen have such bands once
their initializations are distributed away.

The rewrite, for ``mr`` rows and ``nv`` vectors of the host's width:

    for kt in [Lk, Uk) step kc:                  # only when kc < the k extent
      for jo in full j tiles, step nv*lanes:
        for io in full i tiles, step mr:
          acc[r][v] = W[io + r, jo + v*lanes : +lanes]      # vector loads
          for k in [kt, min(kt + kc, Uk)):                  # accumulators in registers
            acc[r][v] = acc[r][v] + e(io + r, jo + v*lanes, k)   # (fma when contracted)
          W[...] = acc[r][v]
        for i in the last rows: the same with one row
    the j columns left over: the original loops over them

It is legal exactly when the band is permutable (the exact dependence
analysis is asked, and its refusal names the dependence) and the body has
the form above, which guarantees that only iterations with the same
``(i, j)`` touch the same element of ``W``: then the new order (a tiling of
a permutable band with ``k`` outside the point loops ``i``, ``j``) keeps every
dependence, vectorizing ``j`` and unrolling ``i`` reorder only independent
iterations, and each accumulator sees its additions in the original order
of ``k``. Without ``fma`` the result is bit-identical to the original; with
it, ``a * b + acc`` becomes one rounding (``vector.fma``), as clang's default
``-ffp-contract=on`` does within an expression.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...affine.legality import Verdict, permutability
from ...affine.model import Loop, PolyhedralModel, analyze, op_loc
from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp
from ...dialects.affine.ops import AffineApplyOp
from ...ir import attributes as A
from ...ir.affine_expr import const, dim
from ...ir.affine_map import AffineMap
from ...ir.core import Block, Operation, Value
from . import microkernel_panels as MP
from . import microkernel_rows as MR
from .contraction_band import Contraction, contraction, iv_of
from .loop_utils import as_for
from .microkernel_emit import loop, tile_body
from .parallelize import convert_to_parallel
from .tile import model_problem

__all__ = ["Contraction", "contraction", "microkernel_verdict", "register_tile"]


def microkernel_verdict(
    model: PolyhedralModel,
    band: Sequence[Loop],
    mr: int,
    nv: int,
    lanes: int,
    kc: int | None = None,
    pack: bool = False,
    mc: int | None = None,
    panels: bool = False,
    hoist: bool = False,
    group: int = 1,
) -> Verdict:
    """Whether ``band`` may be register-tiled (see the module docstring)."""
    what = f"register-tile loops {', '.join(loop_name(lp) for lp in band)}"
    at = band[0].op if band else None
    for name, value in (("mr", mr), ("nv", nv), ("lanes", lanes)):
        if not isinstance(value, int) or value < 1:
            return Verdict(False, f"cannot {what}: {name} must be a positive integer, got {value!r}", op=at)
    for name, block in (("kc", kc), ("mc", mc)):
        if block is not None and (not isinstance(block, int) or block < 1):
            return Verdict(False, f"cannot {what}: {name} must be a positive integer, got {block!r}", op=at)
    if not isinstance(group, int) or group < 1:
        return Verdict(False, f"cannot {what}: group must be a positive integer, got {group!r}", op=at)
    bad = model_problem(model, band, what)
    if bad is not None:
        return bad
    c = contraction(band)
    if isinstance(c, str):
        return Verdict(False, f"cannot {what}: {c}", op=at)
    if group > 1 and c.triangular:
        why = f"the bounds of loop {loop_name(c.j)} move with the rows"
        return Verdict(False, f"cannot {what}: group shares row tiles among column tiles of equal rows; {why}", op=at)
    if mc is not None and (c.triangular or c.i is None):
        why = "the band has no row loop" if c.i is None else f"the bounds of loop {loop_name(c.j)} move with the rows"
        return Verdict(False, f"cannot {what}: mc blocks the rows of a rectangular band; {why}", op=at)
    if panels and (c.triangular or not MP.panel_loads(c)):
        why = (
            f"the bounds of loop {loop_name(c.j)} move with the rows"
            if c.triangular
            else f"no operand is read along loops {loop_name(c.j)} and {loop_name(c.k)} but not along the rows"
        )
        return Verdict(False, f"cannot {what} with panels: {why}", op=at)
    if hoist and not MP.row_values(c):
        why = "the increment computes nothing that moves with the rows alone (a load is broadcast as it is)"
        return Verdict(False, f"cannot {what} hoisting row values: {why}", op=at)
    if c.extent(c.j) < lanes:
        why = f"loop {loop_name(c.j)} runs {c.extent(c.j)} times, under one vector"
        return Verdict(False, f"cannot {what}: {why}", op=at)
    if c.packable and not pack:
        where = ", ".join(f"{o.name} at {op_loc(o)}" for o in c.packable)
        return Verdict(
            False,
            f"cannot {what}: {where} is not contiguous along loop {loop_name(c.j)}",
            op=c.packable[0],
            hint="pack=True copies it into a contiguous buffer first",
        )
    perm = permutability(*_nest_model(model, band))
    if not perm.ok:
        return Verdict(False, f"cannot {what}: {perm.reason}", perm.violated, op=band[0].op)
    return Verdict(True, f"{what}: {mr}x{nv * lanes} register tile of a permutable contraction band")


def _nest_model(model: PolyhedralModel, band: Sequence[Loop]) -> tuple[PolyhedralModel, list[Loop]]:
    """The model of a copy of the function holding only the band's loop nest
    (and what it uses), with the band's loops in it: the band's dependences
    are exactly those of the whole function restricted to its nest, at the
    cost of the nest alone (an earlier micro-kernel's many accesses are not
    analysed again)."""
    func = model.func
    clone = func.clone()
    twin = dict(zip(func.walk(post_order=False), clone.walk(post_order=False), strict=True))
    root = band[0].op
    while root.parent_op is not func:
        parent = root.parent_op
        assert parent is not None
        root = parent
    for op in list(func.regions[0].blocks[0].operations):
        if op is not root and op.regions and not any(r.uses for r in op.results):
            twin[op].erase()
    sub = analyze(clone)
    loops = [next(lp for lp in sub.loops if lp.op is twin[x.op] and lp.index == x.index) for x in band]
    return sub, loops


# -- code generation -----------------------------------------------------------------------------


def register_tile(
    model: PolyhedralModel,
    band: Sequence[Loop],
    mr: int,
    nv: int,
    lanes: int,
    kc: int | None = None,
    fma: bool = True,
    parallel: bool = False,
    pack: bool = False,
    mc: int | None = None,
    panels: bool = False,
    hoist: bool = False,
    group: int = 1,
) -> list[Operation]:
    """Rewrite the contraction ``band`` as a register-tiled micro-kernel
    (``microkernel_verdict`` must have said yes). Returns the new top ops.
    ``parallel``: the loops over column tiles become ``affine.parallel``
    (legal: no two columns touch the same element). ``mc``: the rows run in
    blocks of ``mc`` (a multiple of ``mr``) outside the column tiles, so one
    block of the row operand stays in the L2 cache while every column tile
    streams past it (BLIS's ``ic`` loop); the block loop is the parallel one
    then (no two rows touch the same element either). ``panels``: each
    column tile first copies the columns of the operands read along the
    vector and reduction loops but not the rows (gemm's ``B``) into a
    contiguous buffer that all its row tiles read; ``hoist``: the
    increment's arithmetic that moves with the rows and the reduction loop
    alone (gemm's ``alpha * A[i, k]``) is computed once per element before
    the band, not once per column tile (``microkernel_panels``). ``group``:
    that many neighbouring column tiles make one iteration of the column
    loop (each packs its own panel), and each row tile runs across all of
    them, so that its rows of the row operand (gemm's ``A``) are read from
    memory once per group, then from the cache, instead of once per column
    tile."""
    c = contraction(band)
    assert not isinstance(c, str), c
    packed = MR.pack(c) if pack and c.packable else []
    if packed:
        c2 = contraction(band)  # the body now reads the packed buffers
        assert not isinstance(c2, str) and not c2.packable, c2
        c = c2
    root = band[0].op
    hoisted_ops, hoisted = MP.hoist_row_values(c, root) if hoist else ([], {})
    packed += hoisted_ops
    if parallel:
        # the copies too: each row of a buffer is written by one iteration
        # (with the band's tiles in parallel, a sequential copy held the second core idle)
        packed = [convert_to_parallel(op) if isinstance(op, AffineForOp) else op for op in packed]
    if c.triangular:
        return packed + MR.register_tile_rows_first(c, mr, nv, lanes, kc, fma, parallel, hoisted)
    jlo, jhi = c.span(c.j)
    klo, khi = c.span(c.k)
    ilo, ihi = c.span(c.i) if c.i is not None else (0, 1)
    if c.i is None:
        mr = 1
    nr = nv * lanes
    jfull = jlo + (jhi - jlo) // nr * nr
    nv_tail = (jhi - jfull) // lanes  # whole vectors in the last columns
    jvec = jfull + nv_tail * lanes
    ifull = ilo + (ihi - ilo) // mr * mr
    blocked = kc is not None and kc < khi - klo
    parent = root.parent
    assert parent is not None
    new_ops: list[Operation] = []

    def at_root(op: Operation) -> Operation:
        parent.insert_before(root, op)
        new_ops.append(op)
        return op

    kt_iv: Value | None = None
    outer_block: Block
    outer_anchor: Operation | None
    if blocked:
        assert kc is not None
        kt = at_root(loop(klo, khi, kc, loc=root.loc, name=f"{loop_name(c.k)}_tile"))
        kt_iv = as_for(kt).induction_var
        outer_block = as_for(kt).body
        outer_anchor = outer_block.operations[-1]
    else:
        outer_block, outer_anchor = parent, root

    def place(op: Operation, block: Block | None = None) -> Operation:
        if block is not None:  # inside the row block loop
            block.insert_before(block.operations[-1], op)
            return op
        if outer_anchor is root:
            return at_root(op)
        outer_block.insert_before(outer_anchor, op)
        return op

    if mc is not None:
        mc = max(mr, mc // mr * mr)
    row_block: Operation | None = None
    if c.i is not None and mc is not None and mc < ifull - ilo:
        row_block = place(loop(ilo, ifull, mc, loc=root.loc, name=f"{loop_name(c.i)}_tile"))

    def columns(j0: int, j1: int, vectors: int, full_rows: bool, last_rows: bool, tiles: int = 1) -> None:
        """The column tiles of ``vectors`` vectors in ``[j0, j1)``, ``tiles``
        of them per iteration of the column loop."""
        if j1 <= j0 or vectors == 0:
            return
        width = vectors * lanes
        jo = place(
            loop(j0, j1, tiles * width, loc=root.loc, name=f"{loop_name(c.j)}_r"),
            as_for(row_block).body if row_block is not None and full_rows else None,
        )
        column_loops.append(jo)
        jo_body = as_for(jo).body
        jo_iv = as_for(jo).induction_var
        starts = [jo_iv]
        for t in range(1, tiles):
            at = AffineApplyOp.build(AffineMap(1, 0, (dim(0) + t * width,)), [jo_iv], loc=root.loc)
            jo_body.insert_before(jo_body.operations[-1], at)
            starts.append(at.results[0])
        packs = [MP.pack_panels(c, jo_body, j, width, kt_iv, kc if blocked else None) if panels else {} for j in starts]

        def row_tiles(row_loop: Operation, rows: int) -> None:
            """The register tiles of ``rows`` rows in ``row_loop``'s body, one per column tile."""
            body, iv = as_for(row_loop).body, as_for(row_loop).induction_var
            for j, packed_here in zip(starts, packs, strict=True):
                tile_body(c, body, iv, j, rows, vectors, lanes, kt_iv, kc, fma, packed_here, hoisted)

        if c.i is not None and ifull > ilo and full_rows:
            if row_block is not None:
                assert mc is not None
                it_iv = as_for(row_block).induction_var
                ends = (dim(0) + mc,) if (ifull - ilo) % mc == 0 else (dim(0) + mc, const(ifull))
                lo_map, hi_map = AffineMap(1, 0, (dim(0),)), AffineMap(1, 0, ends)
                io = loop(lo_map, hi_map, mr, [it_iv], [it_iv], loc=root.loc, name=f"{loop_name(c.i)}_r")
            else:
                io = loop(ilo, ifull, mr, loc=root.loc, name=f"{loop_name(c.i)}_r")
            jo_body.insert_before(jo_body.operations[-1], io)
            row_tiles(io, mr)
        if c.i is not None and ihi > ifull and last_rows:
            ir = loop(ifull, ihi, 1, loc=root.loc, name=loop_name(c.i))
            jo_body.insert_before(jo_body.operations[-1], ir)
            row_tiles(ir, 1)
        if c.i is None:
            for j in starts:
                tile_body(c, jo_body, None, j, 1, vectors, lanes, kt_iv, kc, fma)
        for packed_here in packs:
            MP.free_panels(packed_here, jo_body)

    column_loops: list[Operation] = []
    grouped = jlo + (jfull - jlo) // (group * nr) * group * nr  # whole groups of column tiles
    for full_rows, last_rows in ((True, False), (False, True)) if row_block is not None else ((True, True),):
        columns(jlo, grouped, nv, full_rows, last_rows, group)
        columns(grouped, jfull, nv, full_rows, last_rows)
        columns(jfull, jvec, nv_tail, full_rows, last_rows)
    if parallel:
        # the row blocks when there are (each core its own rows), else the column tiles
        for jo in [row_block] if row_block is not None else column_loops:
            par = convert_to_parallel(as_for(jo))
            new_ops[:] = [par if o is jo else o for o in new_ops]
    if jvec < jhi:  # the last columns, narrower than a vector: the original loops over them
        twins: dict = {}
        rest = root.clone(twins)
        j_twin = twins[iv_of(c.j)].owner_op  # the clone's j loop: the owner of its IV
        _set_bounds(as_for(j_twin), jvec, jhi)
        at_root(rest)
    root.erase()
    return packed + new_ops


def _set_bounds(fo: AffineForOp, lo: int, hi: int) -> None:
    fo.props["lowerBoundMap"] = A.AffineMapAttr(AffineMap.constant_map(lo))
    fo.props["upperBoundMap"] = A.AffineMapAttr(AffineMap.constant_map(hi))
