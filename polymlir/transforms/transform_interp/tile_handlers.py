"""Handler of ``transform.structured.tile_using_for``: tiles each payload
op with polymlir's dependence-checked linalg tiling
(``polymlir.transforms.linalg.tile.tile_op``), so a schedule's tiling is
refused, with the dependence named, where it would change the results.

Sizes are the op's static sizes, or ``!transform.param`` values for the
dynamic entries; scalable sizes and sizes given by payload values are not
supported (the op is refused with a located error)."""

from __future__ import annotations

from ...ir import attributes as A
from ...ir.core import Operation
from ...ir.types import DYNAMIC
from ..linalg.tile import tile_op
from ..loops.errors import TransformError
from .interpreter import Interpreter, register_handler


def _sizes(interp: Interpreter, op: Operation) -> list[int]:
    static = list(op.prop("static_sizes", A.DenseArrayAttr).values)
    scalable = op.opt_prop("scalable_sizes", A.DenseArrayAttr)
    if scalable is not None and any(scalable.values):
        raise op.emit_error("scalable tile sizes are not supported by polymlir's interpreter")
    dynamic = iter(op.operands[1:])
    sizes: list[int] = []
    for s in static:
        if s != DYNAMIC:
            sizes.append(s)
            continue
        v = next(dynamic)
        params = interp.params(v)
        if len(params) != 1 or not isinstance(params[0], A.IntegerAttr):
            raise op.emit_error("expected a tile size parameter holding one integer")
        sizes.append(params[0].value)
    return sizes


@register_handler("transform.structured.tile_using_for")
def _tile_using_for(interp: Interpreter, op: Operation) -> None:
    sizes = _sizes(interp, op)
    inter = op.opt_prop("interchange", A.DenseArrayAttr)
    interchange = list(inter.values) if inter is not None else []
    nloops = len(op.results) - 1
    tiled_ops: list[Operation] = []
    loops: list[list[Operation]] = [[] for _ in range(nloops)]
    for payload in interp.payload(op.operands[0]):
        try:
            t = tile_op(payload, sizes, interchange)
        except TransformError as e:
            raise op.emit_error(f"failed to tile: {e}").attach_note("when applied to this op", payload.loc) from None
        if len(t.loops) != nloops:
            raise op.emit_error(
                f"tiling produced {len(t.loops)} loops, but the op declares {nloops} loop results"
            ).attach_note("when applied to this op", payload.loc)
        tiled_ops.append(t.tiled_op)
        for acc, loop in zip(loops, t.loops, strict=True):
            acc.append(loop)
    interp.set_payload(op.results[0], tiled_ops)
    for r, ops in zip(op.results[1:], loops, strict=True):
        interp.set_payload(r, ops)
