"""Private-buffer contraction: a temporary shrinks to what one iteration needs.

After fusion a temporary buffer (``memref.alloc``/``alloca`` in the
function, used only by affine loads and stores and freed by
``memref.dealloc``: never passed on, returned or viewed) is often written
and read inside one iteration of the fused loops. It then only needs the
elements one iteration touches: the buffer becomes the bounding box of the
per-iteration footprint (computed by isl, of constant size), and every
access subtracts the box's origin, an affine function of the loop IVs.

Legal exactly when no value flows between iterations through the buffer:
every exact (value-based) flow dependence on it stays inside one iteration
of the loops around all its accesses. Storage reuse across iterations is
then harmless, since each iteration writes what it reads before reading it.
"""

from __future__ import annotations

from ...affine import isl_bridge as ib
from ...affine.dependence import dependences
from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel, Statement, op_loc
from ...affine.schedules import loop_name
from ...dialects.affine import AffineForOp, AffineLoadOp, AffineStoreOp
from ...dialects.memref.alloc import AllocaOp, AllocOp, DeallocOp
from ...ir import types as T
from ...ir.affine_expr import AffineExpr
from ...ir.core import Operation, Value
from .loop_utils import TransformError, loop_ivs
from .promote import rebase_access, value_name

# The allocations a temporary can come from (rebuilt smaller by their class's build).
ALLOC_OPS = (AllocOp, AllocaOp)


def _alloc(op: Operation | Value) -> Operation:
    if isinstance(op, Value):
        owner = getattr(op, "owner", None)
        if not isinstance(owner, Operation):
            raise TransformError(
                "the buffer to contract must be the result of a memref.alloc or memref.alloca "
                "(a function argument cannot be contracted)"
            )
        op = owner
    if not isinstance(op, ALLOC_OPS):
        raise TransformError(f"{op.name} at {op_loc(op)} is not a memref.alloc or memref.alloca", op)
    return op


def _escape(buf: Value) -> str | None:
    """Why ``buf`` is not a private temporary (None when it is)."""
    for use in buf.uses:
        user = use.owner
        if isinstance(user, DeallocOp):
            continue
        if (
            isinstance(user, (AffineLoadOp, AffineStoreOp))
            and user.memref is buf
            and (isinstance(user, AffineLoadOp) or user.value is not buf)
        ):
            continue
        return f"{user.name} at {op_loc(user)} uses it (only affine loads and stores may)"
    return None


def common_chain(stmts: list[Statement]) -> list[Loop]:
    chain = list(stmts[0].loops)
    for s in stmts[1:]:
        k = 0
        while k < len(chain) and k < len(s.loops) and chain[k] is s.loops[k]:
            k += 1
        chain = chain[:k]
    return chain


def _plan(
    model: PolyhedralModel, alloc: Operation
) -> tuple[list[Statement], list[Loop], list[ib.BoxDim], list[int]] | str:
    buf = alloc.results[0]
    mt = buf.type
    if not isinstance(mt, T.MemRefType) or mt.layout is not None:
        return "only buffers with an identity layout are contracted"
    why = _escape(buf)
    if why is not None:
        return f"it is not a private temporary: {why}"
    stmts = [s for s in model.statements if s.accesses[0].memref is buf]
    if not stmts:
        return "no affine access uses it"
    inexact = next((s for s in stmts if not s.exact), None)
    if inexact is not None:
        return f"{inexact.op.name} at {inexact.loc} reads it outside the affine model (any of its elements)"
    chain = common_chain(stmts)
    if not chain:
        return "its accesses are not inside one common loop"
    for lp in chain:
        if lp.has_unknown_effects:
            return f"loop {loop_name(lp)} at {lp.loc} holds code outside the affine model"
        if not isinstance(lp.op, AffineForOp):
            return (
                f"loop {loop_name(lp)} at {lp.loc} is an {lp.op.name}: its iterations may run at once and "
                "cannot share one iteration's buffer"
            )
    for d in dependences(model, kind="flow", value_based=True):
        if d.source.accesses[0].memref is not buf:
            continue
        if d.carried_by is not None and d.carried_by.depth < len(chain):
            return (
                f"a value flows between iterations of loop {loop_name(d.carried_by)} at {d.carried_by.loc}: "
                f"flow dependence from {d.source.op.name} at {d.source.loc} to {d.sink.op.name} at "
                f"{d.sink.loc}"
            )
    try:
        fp = ib.footprint([s.accesses[0].relation for s in stmts], len(chain))
        assert fp is not None, "stmts is not empty"
        box = ib.footprint_box(fp, model.param_names)
    except ib.IslBridgeError as e:
        return f"isl cannot describe one iteration's footprint exactly ({e})"
    shape: list[int] = []
    for k, b in enumerate(box):
        if b.offset is None or b.size is None:
            return f"one iteration's footprint has no constant size in dimension {k}"
        shape.append(b.size)
    if all(s == o for s, o in zip(shape, mt.shape, strict=True)):
        return f"one iteration needs the whole buffer ({'x'.join(map(str, shape))})"
    return stmts, chain, box, shape


def contract_verdict(model: PolyhedralModel, alloc_op: Operation | Value) -> Verdict:
    """Whether the temporary allocated by ``alloc_op`` can shrink to one
    iteration's footprint of the loops around all its accesses."""
    alloc = _alloc(alloc_op)
    what = f"contract the buffer of {value_name(alloc.results[0])}"
    p = _plan(model, alloc)
    if isinstance(p, str):
        return Verdict(False, f"cannot {what}: {p}", op=alloc)
    _, chain, _, shape = p
    loops = ", ".join(loop_name(lp) for lp in chain)
    return Verdict(
        True,
        f"{what} to {'x'.join(map(str, shape))}: no value flows between iterations of "
        f"loop{'s' if len(chain) > 1 else ''} {loops}",
        op=alloc,
    )


def contract(model: PolyhedralModel, alloc_op: Operation | Value) -> Operation:
    """Contract (call after a legal verdict); returns the new allocation."""
    alloc = _alloc(alloc_op)
    p = _plan(model, alloc)
    if isinstance(p, str):
        raise TransformError(f"cannot contract the buffer of {value_name(alloc.results[0])}: {p}", alloc)
    stmts, chain, box, shape = p
    buf = alloc.results[0]
    mt = buf.type
    assert isinstance(mt, T.MemRefType)
    cls = AllocaOp if isinstance(alloc, AllocaOp) else AllocOp
    new = cls.build(T.MemRefType(tuple(shape), mt.element_type, None, mt.memory_space), loc=alloc.loc)
    assert alloc.parent is not None, "the allocation is in a block"
    alloc.parent.insert_before(alloc, new)
    nbuf = new.results[0]
    nbuf.name_hint = buf.name_hint
    ivs = loop_ivs(chain)
    offsets: list[AffineExpr] = []
    for b in box:
        assert b.offset is not None, "_plan refuses a box without an offset"
        offsets.append(b.offset)
    params = model.symbol_values()  # the model of affine code (analyze without linalg) has only values
    for s in stmts:
        rebase_access(s.op, nbuf, offsets, ivs, params)
    buf.replace_all_uses_with(nbuf)  # the deallocs
    alloc.erase()
    return new


def contraction_candidates(model: PolyhedralModel) -> list[Operation]:
    """Allocations in the function that can be contracted now."""
    out: list[Operation] = []
    for op in model.func.walk(post_order=False):
        if isinstance(op, ALLOC_OPS) and contract_verdict(model, op).ok:
            out.append(op)
    return out
