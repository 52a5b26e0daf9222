"""``convert-linalg-to-loops``: structured linalg ops on buffers become scf.for
nests (upstream's pass): named ops are generalized first, then each loop
dimension runs over the operand dimension its indexing maps name, inputs are
loaded through their maps, the payload is inlined, and the yielded values
are stored through the output maps. Ops on tensors need bufferization first
and are reported."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dialects.linalg.structured import generalize
from ..ir import types as T
from ..ir.affine_expr import AffineDimExpr
from ..ir.builder import Builder
from ..ir.core import Operation, Region, Value
from ..ir.diagnostics import DiagnosticError
from .lower_affine import expand_map
from .pass_manager import ModulePass, PassContext, register_pass


def _loop_sizes(b: Builder, op: Operation, maps) -> list[Value]:
    operands = list(op.dps_inputs()) + list(op.dps_inits())
    n = maps[0].num_dims
    sizes: list[Value | None] = [None] * n
    for v, m in zip(operands, maps, strict=True):
        if not isinstance(v.type, T.MemRefType):
            continue
        for r, e in enumerate(m.results):
            if isinstance(e, AffineDimExpr) and sizes[e.position] is None:
                d = v.type.shape[r]
                if d != T.DYNAMIC:
                    sizes[e.position] = b.const_index(d)
                else:
                    sizes[e.position] = b.value("memref.dim", [v, b.const_index(r)], T.index)
    if any(s is None for s in sizes):
        raise DiagnosticError("cannot lower: a loop dimension is not the size of any operand dimension", op.loc)
    return sizes  # type: ignore[return-value]


def lower_structured_op(op: Operation) -> None:

    if op.name != "linalg.generic":
        op = generalize(op)
    ins, outs = list(op.dps_inputs()), list(op.dps_inits())
    if any(isinstance(v.type, (T.RankedTensorType, T.UnrankedTensorType)) for v in ins + outs) or op.results:
        raise DiagnosticError(f"'{op.name}' op on tensors must be bufferized before lowering to loops", op.loc)
    maps = op.indexing_maps_array()
    b = Builder.before(op)
    sizes = _loop_sizes(b, op, maps)
    zero, one = b.const_index(0), b.const_index(1)
    ivs: list[Value] = []
    for s in sizes:
        r = Region()
        blk = r.add_block()
        ivs.append(blk.add_argument(T.index))
        b.create("scf.for", [zero, s, one], [], regions=[r])
        b = Builder.at_end(blk, op.loc)
    payload = op.payload_block()
    mapping: dict = {}
    for arg, v, m in zip(payload.arguments, ins + outs, maps, strict=True):
        if isinstance(v.type, T.MemRefType):
            mapping[arg] = b.value("memref.load", [v, *expand_map(b, m, ivs)], v.type.element_type)
        else:
            mapping[arg] = v
    for o in payload.operations:
        if o.name == "linalg.yield":
            for val, out, m in zip(o.operands, outs, maps[len(ins) :], strict=True):
                b.create("memref.store", [mapping.get(val, val), out, *expand_map(b, m, ivs)])
            continue
        if o.name == "linalg.index":
            mapping[o.results[0]] = ivs[o.properties["dim"].value]
            continue
        b.insert(o.clone(mapping))
    # Each scf.for body needs its terminator.
    for iv in reversed(ivs):
        Builder.at_end(iv.owner, op.loc).create("scf.yield")
    op.erase()


def convert_linalg_to_loops(root: Operation) -> None:
    for op in list(root.walk()):
        if op.name.startswith("linalg.") and hasattr(op, "payload_block") and op.parent is not None:
            lower_structured_op(op)


@register_pass
@dataclass(frozen=True)
class ConvertLinalgToLoops(ModulePass):
    name: ClassVar[str] = "convert-linalg-to-loops"
    summary: ClassVar[str] = "Lower structured linalg ops on buffers to scf.for loop nests"

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_linalg_to_loops(op)
