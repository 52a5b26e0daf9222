"""Bufferization of destination-style ops (linalg structured ops,
``bufferization.materialize_in_destination``, ``scf.forall`` with its
``parallel_insert_slice``), the ``bufferization`` dialect's boundary ops and
``arith.select`` on tensors. A destination-style op writes its results into
its inits' buffers: the same op on memrefs, without results."""

from __future__ import annotations

from ...dialects import bufferization as B
from ...dialects.arith import SelectOp
from ...dialects.linalg import LinalgStructuredOp
from ...dialects.memref.alloc import DeallocOp
from ...dialects.memref.ops import CopyOp
from ...dialects.scf import ForallOp
from ...dialects.tensor import ParallelInsertSliceOp
from ...dialects.vector import TransferReadOp, TransferWriteOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Operation
from .bufferize import Bufferizer, memref_type, rule
from .op_model import is_structured, payload_reads_init
from .tensor_rules import same_subview, subview


def bufferize_structured(z: Bufferizer, op: Operation) -> None:
    """``linalg.*`` on tensors -> the same op on buffers (results = inits)."""
    assert is_structured(op)
    b = Builder.before(op)
    inits = op.dps_inits()

    n_in = op.num_operands - len(inits)
    operands = []
    for i, use in enumerate(op.op_operands):
        v = use.value
        if not z.is_tensor_value(v):
            operands.append(v)
        elif i < n_in:
            operands.append(z.buffer(v))
        else:
            operands.append(z.write_buffer(b, use, read=payload_reads_init(op, i - n_in)))
    props = dict(op.properties) if isinstance(op.properties, dict) else op.properties
    new = Operation.create(op.name, operands=operands, attributes=op.attributes, properties=props, loc=op.loc)
    for r in list(op.regions):
        op.regions.remove(r)
        new.add_region(r)
    b.insert(new)
    z.replace(op, operands[n_in:])
    # The payload may read tensors defined outside it (``tensor.extract`` of a
    # captured constant, as pack lowerings produce): those reads bufferize too.
    for r in new.regions:
        for blk in r.blocks:
            z.process_block(blk)


@rule(LinalgStructuredOp)
def _structured_rule(z: Bufferizer, op: Operation) -> None:
    if not is_structured(op):
        raise op.emit_error(f"'{op.name}' op on tensors has no bufferization (one-shot-bufferize)")
    bufferize_structured(z, op)


@rule(B.ToTensorOp)
def _to_tensor(z: Bufferizer, op: Operation) -> None:
    z.replace(op, [op.operand(0)])


@rule(B.ToBufferOp)
def _to_buffer(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    m = z.cast(b, z.buffer(op.operand(0)), op.results[0].type)
    op.results[0].replace_all_uses_with(m)
    z.replace(op, [])


@rule(B.MaterializeInDestinationOp)
def _materialize(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    src = z.buffer(op.operand(0))
    if z.is_tensor_value(op.operand(1)):
        dest = z.write_buffer(b, op.op_operands[1], read=False)
        b.create(CopyOp, [src, dest])
        z.replace(op, [dest])
    else:
        b.create(CopyOp, [src, op.operand(1)])
        z.replace(op, [])


@rule(B.DeallocTensorOp)
def _dealloc_tensor(z: Bufferizer, op: Operation) -> None:
    Builder.before(op).create(DeallocOp, [z.buffer(op.operand(0))])
    z.replace(op, [])


@rule(SelectOp)
def _select(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    t, f = z.buffer(op.operand(1)), z.buffer(op.operand(2))
    if t.type != f.type:
        target = memref_type(op.results[0].type, "dynamic")
        t, f = z.cast(b, t, target), z.cast(b, f, target)
    z.replace(op, [b.value(SelectOp, [op.operand(0), t, f], t.type)])


@rule(TransferReadOp)
def _transfer_read(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    new = op.clone()
    new.set_operand(0, z.buffer(op.operand(0)))
    b.insert(new)
    op.results[0].replace_all_uses_with(new.results[0])
    z.replace(op, [])


@rule(TransferWriteOp)
def _transfer_write(z: Bufferizer, op: Operation) -> None:
    """On a buffer, transfer_write writes it and has no result."""
    b = Builder.before(op)
    dest = z.write_buffer(b, op.op_operands[1])
    operands = list(op.operands)
    operands[1] = dest
    b.create(op.name, operands, [], attributes=op.attributes, properties=dict(op.props))
    z.replace(op, [dest])


@rule(ForallOp)
def _forall(z: Bufferizer, op: Operation) -> None:
    """On buffers a forall has no shared outputs: each thread writes the
    outputs' buffers, which its block arguments stand for."""
    body = op.regions[0].blocks[0]
    b = Builder.before(op)
    n = len(op.results)
    first = op.num_operands - n
    args = body.arguments[len(body.arguments) - n :]
    outs = []
    for k, (res, arg) in enumerate(zip(op.results, args, strict=True)):
        m = z.write_buffer(b, op.op_operands[first + k])
        outs.append(m)
        z.buf[arg] = m
        z.buf[res] = m
    z.process_block(body, skip_terminator=True)
    term = body.terminator
    assert term is not None
    for pis in list(term.regions[0].blocks[0].operations):
        if not isinstance(pis, ParallelInsertSliceOp):
            raise pis.emit_error(f"'{pis.name}' in scf.forall.in_parallel has no bufferization")
        pb = Builder.before(term)
        dest = z.buffer(pis.operand(1))
        src = z.buffer(pis.operand(0))
        if not same_subview(src, dest, pis):
            sv = subview(z, pb, dest, pis, 2, T.of_kind(pis.operand(0).type, T.ShapedType).shape)
            pb.create(CopyOp, [src, sv])
        z.dead.append(pis)
    new = Operation.create(
        op.name, operands=op.operands[:first], attributes=op.attributes, properties=_forall_props(op), loc=op.loc
    )
    for r in list(op.regions):
        op.regions.remove(r)
        new.add_region(r)
    b.insert(new)
    z.dead.append(op)
    z.cleanups.append(lambda: _drop_output_args(body, n))


def _drop_output_args(body, n: int) -> None:
    for _ in range(n):
        body.erase_argument(len(body.arguments) - 1)


def _forall_props(op: Operation) -> dict:
    props = dict(op.properties) if isinstance(op.properties, dict) else {}
    seg = props.get("operandSegmentSizes")
    if isinstance(seg, A.DenseArrayAttr):
        vals = list(seg.values)
        vals[-1] = 0
        props["operandSegmentSizes"] = A.DenseArrayAttr(seg.element_type, tuple(vals))
    return props
