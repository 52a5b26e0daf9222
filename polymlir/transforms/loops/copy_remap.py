"""The accesses of a promoted memref rewritten to its buffer as upstream's
``replaceAllMemRefUsesWith`` does for ``affine-data-copy-generate``.

The new index along each dimension is the old one minus the buffer's
origin there, and the old access map, the subtraction and every
``affine.apply`` that produces an index are composed into one map, whose
constant operands fold into it: ``affine.load %A[%idx]`` with ``%idx =
affine.apply (d0) -> (d0 + 100)(%i)`` and the buffer starting at 25 reads
``%buf[%i + 75]``, where subtracting alone would give ``%buf[%idx - 25]``.
The applies stay where they are (other ops may use them).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...dialects.affine.map_utils import canonicalize_map_and_operands, fully_compose
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp
from ...dialects.affine.ops import AffineApplyOp
from ...ir.affine_expr import AffineExpr, dim
from ...ir.affine_flatten import simplify_affine_map
from ...ir.affine_map import AffineMap
from ...ir.core import Operation, Value


def _identity(m: AffineMap) -> bool:
    return m.num_symbols == 0 and m.is_identity()


def remapped_index(
    op: Operation, offsets: Sequence[AffineExpr], outer: Sequence[Value], params: Sequence[Value]
) -> tuple[AffineMap, list[Value]]:
    """The map and operands of the affine load/store ``op``'s indices minus
    ``offsets`` (over the ``outer`` loop IVs as dims and the parameters as
    symbols), composed as upstream composes them."""
    assert isinstance(op, (AffineLoadOp, AffineStoreOp)), f"{op.name} is an affine load or store"
    amap, idx = op.map.value, list(op.indices)
    block = op.parent
    assert block is not None, "an access in a block"
    temps: list[Operation] = []

    def apply(m: AffineMap, operands: Sequence[Value]) -> Value:
        # Temporary applies, composed away below, as upstream builds them.
        a = AffineApplyOp.build(m, list(operands), loc=op.loc)
        block.insert_before(op, a)
        temps.append(a)
        return a.results[0]

    if _identity(amap):
        old = list(idx)
    else:
        old = [apply(AffineMap(amap.num_dims, amap.num_symbols, [r]), idx) for r in amap.results]
    # The remap's inputs: the region's symbols (outer IVs, then parameters)
    # as dims, then the old indices.
    region = [*outer, *params]
    n, n_outer = len(region), len(outer)
    rank = len(amap.results)
    remap = AffineMap(
        n + rank,
        0,
        [
            dim(n + k)
            - off.replace_dims_and_symbols(
                [dim(j) for j in range(n_outer)], [dim(n_outer + j) for j in range(len(params))]
            )
            for k, off in enumerate(offsets)
        ],
    )
    if _identity(remap):
        outputs = old
    else:
        outputs = [apply(AffineMap(n + rank, 0, [e]), [*region, *old]) for e in remap.results]
    new_map, new_ops = fully_compose(AffineMap.identity(rank), outputs)
    new_map, new_ops = canonicalize_map_and_operands(simplify_affine_map(new_map), new_ops)
    for a in reversed(temps):  # each used only by the applies after it
        a.erase()
    return new_map, new_ops
