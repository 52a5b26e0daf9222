"""What each tensor op does to the buffers of its tensor operands, as
upstream's BufferizableOpInterface says it: whether the op reads the
operand's contents, whether it writes them (so that writing in place needs
the analysis' permission), and which tensor values (results or region
arguments) share the operand's buffer when the op bufferizes in place.

The analysis (``analysis.py``) and the rewriting (``bufferize.py``) ask
this module only, so the two always agree."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeGuard

from ...dialects import bufferization as B
from ...dialects import scf, tensor
from ...dialects.arith import SelectOp
from ...dialects.func import CallOp, ReturnOp
from ...dialects.linalg.structured import LinalgStructuredOp
from ...dialects.vector import TransferWriteOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Operation, Value

# Uses that only look at a tensor's shape, never at its contents.
METADATA_OPS = (tensor.DimOp, tensor.RankOp)
# Ops whose result is a view of (the same buffer as) their first operand.
VIEW_OPS = (tensor.ExtractSliceOp, tensor.CastOp, tensor.CollapseShapeOp, tensor.ExpandShapeOp)


def is_tensor(t: T.Type) -> bool:
    return isinstance(t, (T.RankedTensorType, T.UnrankedTensorType))


def has_tensor_semantics(op: Operation) -> bool:
    return any(is_tensor(v.type) for v in op.operands) or any(is_tensor(r.type) for r in op.results)


def is_structured(op: Operation) -> TypeGuard[LinalgStructuredOp]:
    """A linalg structured op (destination style: results are its inits)."""
    return isinstance(op, LinalgStructuredOp)


@dataclass
class OperandModel:
    """The effect of an op on one tensor operand's buffer."""

    read: bool
    write: bool
    aliases: Sequence[Value] = field(default_factory=list)
    # The aliases hold exactly the operand's buffer (not a view of part of it).
    equivalent: bool = False


@dataclass
class FuncSummary:
    """What a function does to its tensor arguments (for its call sites)."""

    read: list[bool]
    written: list[bool]
    # For each result, the argument positions whose buffer it may alias and
    # the one it is equivalent to (or None).
    result_aliases: list[list[int]]
    result_equivalent: list[int | None]
    # Results that may be a buffer nobody may write (a constant global).
    result_read_only: list[bool] = field(default_factory=list)


def arg_attr(func: Operation, i: int, name: str):
    """The argument attribute ``name`` of ``func``'s argument ``i``."""
    attrs = func.get_attr("arg_attrs")
    elems = getattr(attrs, "elements", ())
    if i >= len(elems):
        return None
    return dict(getattr(elems[i], "items", ())).get(name)


def callee_name(call: Operation) -> str:
    return call.attr("callee", A.SymbolRefAttr).root


def _access(func: Operation, i: int) -> str | None:
    return getattr(arg_attr(func, i, "bufferization.access"), "value", None)


def external_summary(func: Operation, arg_types: list[T.Type], result_count: int) -> FuncSummary:
    """A function without a body: every tensor argument read and written
    unless its ``bufferization.access`` says otherwise (as upstream)."""
    read, written = [], []
    for i, t in enumerate(arg_types):
        if not is_tensor(t):
            continue
        acc = _access(func, i)
        read.append(acc in (None, "read", "read-write"))
        written.append(acc in (None, "write", "read-write"))
    return FuncSummary(read, written, [[] for _ in range(result_count)], [None] * result_count)


def payload_reads_init(op: LinalgStructuredOp, init_index: int) -> bool:
    """Whether a structured op's payload uses the block argument of an init."""
    block = op.payload_block()
    if block is None:
        return True
    n_in = len(op.dps_inputs())
    return bool(block.arguments[n_in + init_index].uses)


def operand_model(op: Operation, index: int, summaries: dict[str, FuncSummary] | None = None) -> OperandModel:
    """The model of ``op``'s operand ``index`` (a tensor): upstream's
    external models of the interface, by op class."""
    if isinstance(op, VIEW_OPS):
        return OperandModel(False, False, [op.results[0]], equivalent=isinstance(op, tensor.CastOp))
    if isinstance(op, METADATA_OPS):
        return OperandModel(False, False)
    if isinstance(op, tensor.ExtractOp):
        return OperandModel(True, False)
    if isinstance(op, tensor.InsertOp):
        dest = index == 1
        return OperandModel(dest, dest, [op.results[0]] if dest else [], equivalent=dest)
    if isinstance(op, tensor.InsertSliceOp):
        dest = index == 1
        return OperandModel(True, dest, [op.results[0]] if dest else [], equivalent=dest)
    if isinstance(op, tensor.ParallelInsertSliceOp):
        dest = index == 1
        return OperandModel(True, dest, [], equivalent=dest)
    if is_structured(op):
        inits = op.dps_inits()
        n_in = op.num_operands - len(inits)
        if index < n_in:
            return OperandModel(True, False)
        k = index - n_in
        return OperandModel(payload_reads_init(op, k), True, [op.results[k]] if op.results else [], equivalent=True)
    if isinstance(op, B.MaterializeInDestinationOp):
        if index == 0:
            return OperandModel(True, False)
        return OperandModel(False, True, list(op.results), equivalent=True)
    if isinstance(op, TransferWriteOp):
        dest = index == 1
        return OperandModel(dest, dest, [op.results[0]] if dest and op.results else [], equivalent=dest)
    if isinstance(op, SelectOp):
        return OperandModel(False, False, [op.results[0]])
    if isinstance(op, scf.YieldOp):
        parent = op.parent_op
        if isinstance(parent, (scf.IfOp, scf.ExecuteRegionOp, scf.IndexSwitchOp)):
            return OperandModel(False, False, [parent.results[index]])
        return OperandModel(False, False)
    if isinstance(op, (scf.ForOp, scf.ForallOp)):
        # An init (shared_out): the body's iter_arg and the result share its buffer.
        k = index - (op.num_operands - len(op.results))
        return OperandModel(True, True, [op.loop_iter_args()[k], op.results[k]], equivalent=True)
    if isinstance(op, CallOp) and summaries is not None:
        s = summaries.get(callee_name(op))
        pos = [i for i, x in enumerate(op.operands) if is_tensor(x.type)].index(index)
        if s is None:
            return OperandModel(True, True)
        aliases = [op.results[j] for j, al in enumerate(s.result_aliases) if pos in al]
        return OperandModel(s.read[pos], s.written[pos], aliases, equivalent=False)
    if isinstance(op, (ReturnOp, CallOp)):
        return OperandModel(False, False)
    # Ops that only read (tensor.pad, tensor.reshape, vector.transfer_read,
    # bufferization.alloc_tensor's copy, to_buffer, dealloc_tensor...).
    return OperandModel(True, False)


def defined_outside(v: Value, region_op: Operation) -> bool:
    """Whether ``v`` is defined outside ``region_op`` (its own block
    arguments count as inside: each iteration defines them anew)."""
    owner = v.owner_op
    if owner is None:
        return True
    return not region_op.is_ancestor_of(owner)
