"""Exact dependence analysis on the polyhedral model.

Memory-based dependences (flow = RAW, anti = WAR, output = WAW) between every
pair of accesses to the same memref, split by the loop that carries them
(or none: loop-independent), with distance sets, constant distance vectors
when they exist, and direction vectors over the common loops; exact
value-based flow dependences (last writer) through isl's ``compute_flow``;
reductions (a statement pair that loads an element, combines it with an
associative op, and stores it back); and per-loop parallelism.

Like upstream MLIR, accesses to different memref SSA values are assumed not
to alias.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..dialects import arith
from ..dialects.affine import AffineForOp, AffineLoadOp, AffineStoreOp
from ..dialects.linalg.structured import LinalgStructuredOp
from ..ir.core import Operation, OpResult, Value
from . import isl_bridge as ib
from .model import Access, Loop, PolyhedralModel, Statement
from .structured import is_structured

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge

# The associative (and commutative) combining ops of a reduction.
COMBINERS: tuple[type[Operation], ...] = (
    arith.AddFOp,
    arith.AddIOp,
    arith.MulFOp,
    arith.MulIOp,
    arith.MaximumFOp,
    arith.MinimumFOp,
    arith.MaxNumFOp,
    arith.MinNumFOp,
    arith.MaxSIOp,
    arith.MinSIOp,
    arith.MaxUIOp,
    arith.MinUIOp,
    arith.AndIOp,
    arith.OrIOp,
    arith.XOrIOp,
)
# acc = acc - x accumulates -x: a reduction when the accumulator is on the left.
LEFT_COMBINERS: tuple[type[Operation], ...] = (arith.SubFOp, arith.SubIOp)


def _combines(op: Operation, acc: Value) -> bool:
    """Whether ``op`` accumulates into ``acc`` associatively."""
    if isinstance(op, COMBINERS):
        return any(o is acc for o in op.operands)
    return isinstance(op, LEFT_COMBINERS) and op.operands[0] is acc


@dataclass(eq=False)
class Dependence:
    kind: str  # "flow" | "anti" | "output"
    source: Statement
    sink: Statement
    relation: isl.Map  # source[...] -> sink[...]
    carried_by: Loop | None  # None: loop-independent
    common_loops: list[Loop]
    distance: list[int] | None  # constant distance over the common loops
    direction: list[str]  # "<", "=", ">", "*" per common loop
    reduction: bool = False
    value_based: bool = False

    @property
    def level(self) -> int | None:
        """Depth (0-based) of the carrying loop, None if loop-independent."""
        return self.carried_by.depth if self.carried_by is not None else None

    def describe(self) -> str:
        c = self.carried_by
        if c is not None and c.op is self.source.op and is_structured(c.op):
            where = f"carried by its loop d{c.index}"
        else:
            where = f"carried by loop at {c.loc}" if c is not None else "loop-independent"
        dist = f", distance {self.distance}" if self.distance else ""
        return (
            f"{self.kind} dependence from {self.source.op.name} at {self.source.loc} to "
            f"{self.sink.op.name} at {self.sink.loc} ({where}{dist})"
        )

    def __repr__(self) -> str:
        return f"<Dependence {self.describe()}>"


@dataclass
class DependenceResult:
    memory: list[Dependence] = field(default_factory=list)
    flow_exact: list[Dependence] = field(default_factory=list)
    reductions: list[tuple[Operation, Operation]] = field(default_factory=list)


def _kind(a: Access, b: Access) -> str | None:
    if a.kind == "write" and b.kind == "read":
        return "flow"
    if a.kind == "read" and b.kind == "write":
        return "anti"
    if a.kind == "write" and b.kind == "write":
        return "output"
    return None


def common_loops(s: Statement, t: Statement) -> list[Loop]:
    out = []
    for a, b in zip(s.loops, t.loops, strict=False):
        if a is not b:
            break
        out.append(a)
    return out


def _split_by_level(kind: str, s: Statement, t: Statement, rel, value_based: bool, reduction: bool) -> list[Dependence]:
    common = common_loops(s, t)
    n = len(common)
    return [
        Dependence(kind, s, t, part, common[k] if k < n else None, common, dist, direction, reduction, value_based)
        for part, k, dist, direction in _levels(rel, n)
    ]


def _distance(rel, n: int) -> tuple[list[int] | None, list[str]]:
    if n == 0:
        return [], []
    d = ib.common_deltas(rel, n)
    direction = []
    for k in range(n):
        neg, zero, pos = ib.sign_cases(d, k)
        if pos and not zero and not neg:
            direction.append("<")
        elif zero and not pos and not neg:
            direction.append("=")
        elif neg and not zero and not pos:
            direction.append(">")
        else:
            direction.append("*")
    return ib.single_point(d), direction


def find_reductions(model: PolyhedralModel) -> list[tuple[Operation, Operation]]:
    """(load, store) pairs where the store writes ``combine(load, x)`` back to
    the element the load read, in the same block."""
    by_op = {s.op: s for s in model.statements}
    pairs: list[tuple[Operation, Operation]] = []
    for s in model.statements:
        op = s.op
        if is_structured(op) and _linalg_accumulates(op):
            pairs.append((op, op))
            continue
        if not isinstance(op, AffineStoreOp):
            continue
        v = op.operands[0]
        if not isinstance(v, OpResult) or v.owner.parent is not op.parent:
            continue
        for x in v.owner.operands:
            if not isinstance(x, OpResult) or not isinstance(x.owner, AffineLoadOp) or x.owner not in by_op:
                continue
            if not _combines(v.owner, x):
                continue
            load = x.owner
            if load.parent is not op.parent:
                continue
            if (
                load.memref is op.memref
                and load.get_attr("map") == op.get_attr("map")
                and list(load.indices) == list(op.indices)
            ):
                pairs.append((load, op))
                break
    return pairs


def _linalg_accumulates(op: LinalgStructuredOp) -> bool:
    """Whether every init a linalg op reads is combined associatively into
    the value it yields (a reduction: its self-dependences reassociate)."""
    blk = op.payload_block()
    assert blk is not None, "is_structured: the op has a payload"
    n_in = len(op.dps_inputs())
    term = blk.operations[-1]
    inits = blk.arguments[n_in:]
    used = [(a, y) for a, y in zip(inits, term.operands, strict=False) if a.uses]
    return bool(used) and all(isinstance(y, OpResult) and _combines(y.owner, a) for a, y in used)


def compute_dependences(model: PolyhedralModel) -> DependenceResult:
    res = DependenceResult()
    res.reductions = find_reductions(model)
    red_of: dict[Operation, int] = {}
    for i, (load, store) in enumerate(res.reductions):
        red_of[load] = i
        red_of[store] = i
    stmts = model.statements
    for s in stmts:
        for t in stmts:
            for a in s.accesses:
                for b in t.accesses:
                    if a.array != b.array:
                        continue
                    kind = _kind(a, b)
                    if kind is None:
                        continue
                    is_red = s.op in red_of and red_of.get(s.op) == red_of.get(t.op)
                    res.memory.extend(_memory_pair(kind, s, t, a, b, is_red))
    # Exact (last-writer) flow dependences.
    reads = model.accesses("read")
    writes = model.accesses("write")
    if not reads.is_empty() and not writes.is_empty():
        try:
            flow = ib.compute_flow(reads, writes, model.schedule_map)
        except ib.IslBridgeError:
            # isl's compute_flow cannot factor some domains with existential
            # (stride) constraints, and gives up past its operations budget.
            # Last-writer flow is then the memory-based flow minus the pairs
            # an intervening write kills: F - (O . F), exact as well.
            f_all = ib.union_map([d.relation for d in res.memory if d.kind == "flow"])
            o_all = ib.union_map([d.relation for d in res.memory if d.kind == "output"])
            flow = f_all.subtract(o_all.apply_range(f_all)).coalesce()
        by_name = {s.name: s for s in stmts}
        for m in ib.map_list(flow):
            s = by_name[m.get_tuple_name(ib.DIM_IN)]
            t = by_name[m.get_tuple_name(ib.DIM_OUT)]
            is_red = s.op in red_of and red_of.get(s.op) == red_of.get(t.op)
            res.flow_exact.extend(_split_by_level("flow", s, t, m, True, is_red))
    return res


# The memory-based dependences of a pair of accesses depend only on the two
# statements' shapes (``Statement.shape``: what their relations were built
# from), which accesses, and how many loops they share; a model rebuilt after
# a step that left both statements as they were finds them here, computed on
# the placeholder-named relations and renamed (names label the spaces). Bounded.
_PAIRS: dict[tuple, list[tuple[isl.Map, int, list[int] | None, list[str]]]] = {}
_PAIRS_SIZE = 16384


def _memory_pair(kind: str, s: Statement, t: Statement, a: Access, b: Access, reduction: bool) -> list[Dependence]:
    """The memory-based dependences from access ``a`` of ``s`` to ``b`` of
    ``t``, split by carrying level."""
    if s.shape is None or t.shape is None:
        rel = a.relation.apply_range(b.relation.reverse()).intersect(ib.lex_lt(s.schedule, t.schedule))
        return [] if rel.is_empty() else _split_by_level(kind, s, t, rel, False, reduction)
    common = common_loops(s, t)
    n = len(common)
    ka, kb = s.accesses.index(a), t.accesses.index(b)
    key = (s.shape[0], t.shape[0], ka, kb, n)
    parts = _PAIRS.get(key)
    if parts is None:
        ra, rb = s.shape[2][ka], t.shape[2][kb]
        rel = ra.apply_range(rb.reverse()).intersect(ib.lex_lt(s.shape[1], t.shape[1]))
        parts = [] if rel.is_empty() else _levels(rel, n)
        if len(_PAIRS) >= _PAIRS_SIZE:
            _PAIRS.clear()
        _PAIRS[key] = parts
    out = []
    for part, k, dist, direction in parts:
        part = part.set_tuple_name(ib.DIM_IN, s.name).set_tuple_name(ib.DIM_OUT, t.name)
        for d, lp in enumerate(s.loops):
            part = part.set_dim_name(ib.DIM_IN, d, lp.name)
        for d, lp in enumerate(t.loops):
            part = part.set_dim_name(ib.DIM_OUT, d, lp.name)
        carried = common[k] if k < n else None
        dist = list(dist) if dist is not None else None
        out.append(Dependence(kind, s, t, part, carried, common, dist, list(direction), reduction, False))
    return out


def _levels(rel, n: int) -> list[tuple[isl.Map, int, list[int] | None, list[str]]]:
    """``rel`` split by the level that carries it (``n``: no loop), as
    ``_split_by_level``: (part, level, distance, direction)."""
    out = []
    for k in range(n + 1):
        part = rel.intersect(ib.equal_prefix_lt(rel, k, k if k < n else None))
        if part.is_empty():
            continue
        part = part.coalesce()
        dist, direction = _distance(part, n)
        out.append((part, k, dist, direction))
    return out


def _iter_args_are_reductions(loop: Loop) -> bool:
    """Each iter_arg is combined (associatively) with a value and yielded."""
    op = loop.op
    if not isinstance(op, AffineForOp):
        return True  # affine.parallel reductions are declared on the op
    body = op.regions[0].blocks[0]
    term = body.operations[-1]
    for arg, yielded in zip(body.arguments[1:], term.operands, strict=True):
        if not (isinstance(yielded, OpResult) and _combines(yielded.owner, arg) and len(arg.uses) == 1):
            return False
    return True


def dependences(model: PolyhedralModel, kind: str | None = None, value_based: bool = False) -> list[Dependence]:
    """The dependences of ``model`` (computed once, then cached on it): memory-based,
    or the exact value-based flow dependences; ``kind`` "flow"/"anti"/"output" filters."""
    if model.dependence_cache is None:
        model.dependence_cache = compute_dependences(model)
    result = model.dependence_cache
    assert isinstance(result, DependenceResult), "the model caches only a DependenceResult"
    deps = result.flow_exact if value_based else result.memory
    return [d for d in deps if kind is None or d.kind == kind]


def is_parallel(model: PolyhedralModel, loop: Loop | Operation) -> bool:
    """Whether ``loop`` (or its affine.for op) carries no dependence."""
    return loop_parallelism(model, model.as_loop(loop))[0]


def is_reduction_parallel(model: PolyhedralModel, loop: Loop | Operation) -> bool:
    """Whether ``loop`` carries only reduction dependences."""
    return loop_parallelism(model, model.as_loop(loop))[1]


def loop_parallelism(model: PolyhedralModel, loop: Loop) -> tuple[bool, bool]:
    """(parallel, reduction_parallel): the loop carries no dependence at all /
    carries only reduction dependences."""
    if loop.has_unknown_effects:
        return False, False
    carried = [d for d in dependences(model) if d.carried_by is loop]
    parallel = not carried and loop.iter_args == 0
    red = all(d.reduction for d in carried) and (loop.iter_args == 0 or _iter_args_are_reductions(loop))
    return parallel, (not parallel) and red


def loop_report(model: PolyhedralModel) -> list[dict]:
    out = []
    for lp in model.loops:
        par, red = loop_parallelism(model, lp)
        out.append({"loop": lp, "parallel": par, "reduction_parallel": red})
    return out


def values_equal(a: list[Value], b: list[Value]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))
