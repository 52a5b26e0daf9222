"""The scf dialect (structured control flow, upstream MLIR 22).

Modules: ``ops`` (for, if, while/condition, execute_region,
index_switch, yield), ``parallel`` (parallel, reduce, reduce.return) and ``forall`` (scf.forall and its
terminator). Every public name is importable from this package.
"""

from ...ir.traits import REGION_BRANCH_TERMINATOR
from .forall import PARALLEL_COMBINING_OPS, DeviceMappingArrayAttr, ForallOp, InParallelOp, VarRankedTensor
from .ops import (
    ConditionOp,
    Edge,
    ExecuteRegionOp,
    ForOp,
    IfOp,
    IndexSwitchOp,
    SignlessIntOrIndex,
    VarIndex,
    WhileOp,
    YieldOp,
    check_implicit_terminator,
    check_sized_regions,
    constant_int,
    ensure_terminator,
    verify_region_edges,
)
from .parallel import ParallelOp, ReduceOp, ReduceReturnOp

__all__ = [
    "ConditionOp",
    "DeviceMappingArrayAttr",
    "Edge",
    "ExecuteRegionOp",
    "ForOp",
    "ForallOp",
    "IfOp",
    "InParallelOp",
    "IndexSwitchOp",
    "PARALLEL_COMBINING_OPS",
    "ParallelOp",
    "REGION_BRANCH_TERMINATOR",
    "ReduceOp",
    "ReduceReturnOp",
    "SignlessIntOrIndex",
    "VarIndex",
    "VarRankedTensor",
    "WhileOp",
    "YieldOp",
    "check_implicit_terminator",
    "check_sized_regions",
    "constant_int",
    "ensure_terminator",
    "verify_region_edges",
]
