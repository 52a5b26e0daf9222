"""``linalg-generalize-named-ops``: every structured op that is not already a
``linalg.generic`` (matmul family, convolutions, poolings, fill, copy,
elementwise, contract, map, reduce, transpose, broadcast, ...) becomes the
equivalent ``linalg.generic``, as upstream's pass does.

The op definitions (indexing maps, iterator types, payload builders) stay in
``polymlir.dialects.linalg*``; `generalize_op` is the one-op rewrite and
`generalize_named_ops` the walk the pass runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...dialects.linalg import structured as L
from ...ir.core import Operation
from ...ir.patterns import Materializer, PatternSet, apply_patterns_greedily
from ..canonical import affine as CA
from ..canonical.canonicalize import ARITH_FOLDERS, materialize_constant
from ..passes.manager import ModulePass, PassContext, register_pass

__all__ = ["generalize_op", "generalize_named_ops", "structured_ops", "LinalgGeneralizeNamedOps"]


def structured_ops(root: Operation) -> list[L.LinalgStructuredOp]:
    """The linalg ops with the LinalgOp interface under ``root``, in order
    (ops nested in another structured op's payload are left alone)."""
    out: list[L.LinalgStructuredOp] = []
    for op in root.walk(post_order=False):
        if isinstance(op, L.LinalgStructuredOp) and op.parent is not None:
            if not any(isinstance(p, L.LinalgStructuredOp) for p in _ancestors(op)):
                out.append(op)
    return out


def _ancestors(op: Operation):
    p = op.parent_op
    while p is not None:
        yield p
        p = p.parent_op


def generalize_op(op: L.LinalgStructuredOp) -> L.GenericOp:
    """Replace ``op`` by the equivalent ``linalg.generic`` (returned); a
    generic op is returned unchanged."""
    return L.generalize(op)


def generalize_named_ops(root: Operation, names: tuple[str, ...] = ()) -> list[L.GenericOp]:
    """Generalize every non-generic structured op under ``root`` (only the
    ops named in ``names``, e.g. ``("linalg.matmul",)``, when given);
    returns the new generic ops in program order."""
    out = []
    for op in structured_ops(root):
        if isinstance(op, L.GenericOp) or (names and op.name not in names):  # the names the user asked for
            continue
        out.append(generalize_op(op))
    return out


def fold_as_upstream_driver(root: Operation) -> None:
    """The folding upstream's greedy pattern driver applies to every op of
    the region it rewrites (constants folded, uniqued and hoisted to the
    function entry, constant operands of commutative ops moved last, dead
    pure ops erased): upstream's passes that rewrite with that driver print
    their result after it."""
    folders = {**ARITH_FOLDERS, **CA.FOLDERS}
    materializers: dict[str, Materializer] = {"arith": materialize_constant, "affine": materialize_constant}
    apply_patterns_greedily(root, PatternSet([], folders, materializers))


@register_pass
@dataclass(frozen=True)
class LinalgGeneralizeNamedOps(ModulePass):
    name: ClassVar[str] = "linalg-generalize-named-ops"
    summary: ClassVar[str] = "Convert named ops into generic ops"

    def run(self, op: Operation, ctx: PassContext) -> None:
        if generalize_named_ops(op):
            fold_as_upstream_driver(op)
