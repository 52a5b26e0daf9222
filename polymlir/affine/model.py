"""The polyhedral model of a function's affine code.

Every memory access in ``affine.for`` / ``affine.if`` / ``affine.parallel``
nests becomes a `Statement` with its iteration domain (bounds with max/min
maps and steps, ``affine.if`` conditions, symbols as isl parameters), its
schedule (2d+1 positions, and an isl schedule tree for the whole function),
and its access relation (through ``affine.apply`` chains and memref layout
maps). The model asks the op interfaces (``polymlir.ir.interfaces``), not op
names: affine accesses are the ops with an ``AffineAccess``; any other op is
judged by its declared memory effects. An op without effects (``math.exp``,
``memref.dim``) is left alone; an op that only reads one memref
(``memref.load``, ``vector.transfer_read``, an ``scf.if`` holding loads) is a
statement reading every element of it (its access is not exact:
``Access.exact`` is False), so the dependences stay conservative and
transformations that keep statements together still apply. Any other code
(writes outside the model, unknown or unregistered ops) is listed in
``non_affine`` with a reason naming it; it is never silently mis-modelled.

    model = polymlir.affine.analyze(func)
    for s in model.statements: print(s.name, s.domain, s.accesses[0].relation)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..dialects.affine import AffineApplyOp, AffineForOp, AffineIfOp, AffineParallelOp
from ..dialects.arith import ConstantOp
from ..dialects.func import FuncOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineExpr, const, dim, sym
from ..ir.affine_map import AffineMap
from ..ir.core import Block, BlockArgument, Operation, OpResult, Value
from ..ir.diagnostics import file_loc
from ..ir.interfaces import (
    AffineAccess,
    AffineBound,
    Effect,
    EffectKind,
    affine_access,
    allocates,
    effects,
    is_memory_effect_free,
    memory_effects,
    region_effects,
)
from . import isl_bridge as ib
from .structured import ShapeDim, is_structured, loop_sizes, structured_accesses

if TYPE_CHECKING:
    import islpy as isl  # annotations only: islpy is reached through isl_bridge


def is_effect_free(op: Operation) -> bool:
    """Whether ``op`` and the ops its regions hold have no memory effects
    (as their op classes declare them: ``polymlir.ir.interfaces``)."""
    return is_memory_effect_free(op) and not (op.regions and region_effects(op))


def op_loc(op: Operation) -> str:
    """``file:line:col`` of an op ("?" when it has no file location)."""

    f = file_loc(op.loc)
    return f"{f.filename}:{f.line}:{f.col}" if f is not None else "?"


class NonAffine(Exception):
    """Raised while modelling when a value or op is outside the affine model."""

    def __init__(self, op: Operation | None, reason: str):
        super().__init__(reason)
        self.op = op
        self.reason = reason


@dataclass(eq=False)
class Loop:
    """One loop dimension: an ``affine.for`` or one IV of ``affine.parallel``."""

    op: Operation
    iv: Value | None  # None for a linalg op's loop (no SSA induction variable)
    name: str  # isl dimension name
    depth: int  # 0 for outermost modelled loop
    parent: Loop | None
    lbs: list[AffineExpr]  # max of these; dims are enclosing loop depths, syms params
    ubs: list[AffineExpr]  # min of these, exclusive
    step: int
    index: int = 0  # which IV of an affine.parallel
    children: list[Loop] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)  # directly or deeper inside
    has_unknown_effects: bool = False
    iter_args: int = 0

    @property
    def loc(self) -> str:
        return op_loc(self.op)

    def __repr__(self) -> str:
        return f"<Loop {self.name} {self.op.name} at {self.loc}>"

    def enclosing(self) -> list[Loop]:
        """The loops around this one, outermost first, and itself."""
        out: list[Loop] = []
        lp: Loop | None = self
        while lp is not None:
            out.append(lp)
            lp = lp.parent
        return out[::-1]


@dataclass(eq=False)
class Access:
    """One access of a statement: ``relation`` maps its instances to the
    elements they touch. Not ``exact``: a read of unknown extent by an op
    outside the affine model, modelled as a read of every element."""

    op: Operation
    kind: str  # "read" | "write"
    memref: Value
    array: str
    relation: isl.Map  # statement -> array element
    exact: bool = True

    def __repr__(self) -> str:
        return f"<Access {self.kind} {self.array} by {self.op.name} at {op_loc(self.op)}>"


@dataclass(eq=False)
class Statement:
    """A memory access op with its domain and schedule position."""

    name: str
    op: Operation
    loops: list[Loop]
    domain: isl.Set
    positions: list[int]  # textual positions, one per level (len == len(loops) + 1)
    schedule: isl.Map  # S[i] -> [p0, i0, p1, ...] (2d+1, padded)
    accesses: list[Access] = field(default_factory=list)
    # What the isl objects were built from, and the schedule and access
    # relations under the placeholder names (see _statement_relations): two
    # statements with equal keys have the same relations up to their names.
    shape: tuple[tuple, isl.Map, list[isl.Map]] | None = field(default=None, repr=False)

    @property
    def loc(self) -> str:
        return op_loc(self.op)

    @property
    def exact(self) -> bool:
        """Whether every access is exact (False: an op outside the affine
        model that reads one memref, as a read of all of it)."""
        return all(a.exact for a in self.accesses)

    def __repr__(self) -> str:
        return f"<Statement {self.name}: {self.op.name} at {self.loc}>"


@dataclass
class NonAffineRegion:
    op: Operation
    reason: str

    @property
    def loc(self) -> str:
        return op_loc(self.op)


class PolyhedralModel:
    """Statements, loops, parameters and arrays of one function: plain data.

    The analyses are functions over it: ``polymlir.affine.dependence``
    (``dependences(model)``, ``is_parallel(model, loop)``) and
    ``polymlir.affine.legality`` (``is_permutable(model, band)``,
    ``schedule_legality(model, schedule)``)."""

    def __init__(self, func: Operation):
        self.func = func
        self.statements: list[Statement] = []
        self.loops: list[Loop] = []
        # Symbol values, and for linalg ops the dynamic operand sizes.
        self.params: list[Value | ShapeDim] = []
        self.param_names: list[str] = []
        self.arrays: dict[Value, str] = {}
        self.non_affine: list[NonAffineRegion] = []
        self._loop_of_iv: dict[Value, Loop] = {}
        self._schedule_tree = None
        # The memory and value-based dependences, computed once by
        # ``polymlir.affine.dependence.dependences`` (a DependenceResult).
        self.dependence_cache: object | None = None

    # -- queries ----------------------------------------------------------------
    def symbol_values(self) -> list[Value]:
        """The parameters as SSA values, for code that emits affine maps over
        them. A model of affine code has only these; a ValueError when a
        linalg op's dynamic size is one (emit its ``memref.dim`` instead)."""
        values = [p for p in self.params if isinstance(p, Value)]
        if len(values) != len(self.params):
            raise ValueError(f"the model of {self.name} has operand sizes of linalg ops among its parameters")
        return values

    def param_label(self, k: int) -> str:
        """Parameter ``k`` as a user reads it: its value's source name, else
        its isl name."""
        p = self.params[k]
        hint = p.name_hint if isinstance(p, Value) else None
        return hint or self.param_names[k]

    @property
    def name(self) -> str:
        n = self.func.get_attr("sym_name")
        return n.value if isinstance(n, A.StringAttr) else self.func.name

    def loop_for(self, op: Operation, index: int = 0) -> Loop:
        for lp in self.loops:
            if lp.op is op and lp.index == index:
                return lp
        raise KeyError(f"{op.name} at {op_loc(op)} is not a modelled loop")

    def statement_for(self, op: Operation) -> Statement:
        for s in self.statements:
            if s.op is op:
                return s
        raise KeyError(f"{op.name} at {op_loc(op)} is not a modelled statement")

    @property
    def domain(self):
        """All statement domains as an isl UnionSet."""
        return ib.union_set([s.domain for s in self.statements])

    @property
    def schedule_map(self):
        """The 2d+1 schedule of all statements as an isl UnionMap."""
        return ib.union_map([s.schedule for s in self.statements])

    def accesses(self, kind: str | None = None):
        """Union of access relations (``kind`` "read"/"write"/None for both)."""
        return ib.union_map([a.relation for s in self.statements for a in s.accesses if kind is None or a.kind == kind])

    @property
    def schedule_tree(self):
        """The function's schedule as an isl schedule tree (sequence and band
        nodes mirroring the loop structure)."""
        if self._schedule_tree is None:
            self._schedule_tree = _schedule_tree(self)
        return self._schedule_tree

    def as_loop(self, loop: Loop | Operation) -> Loop:
        """``loop`` itself, or the loop of an affine.for op."""
        return loop if isinstance(loop, Loop) else self.loop_for(loop)

    def __repr__(self) -> str:
        return (
            f"<PolyhedralModel @{self.name}: {len(self.statements)} statements, {len(self.loops)} loops, "
            f"{len(self.non_affine)} non-affine regions>"
        )


# -- building -----------------------------------------------------------------------


# The pseudo-memref that `analyze(..., tokens=True)` makes opaque ops access.
TOKEN = Value(T.MemRefType((), T.IntegerType(1)))


def analyze(func: Operation, linalg: bool = False, tokens: bool = False) -> PolyhedralModel:
    """Build the polyhedral model of ``func`` (a func.func or any op whose
    first region holds affine code). With ``linalg``, linalg structured ops
    are statements too (see structured.py); otherwise they are code with
    unknown memory effects, which keeps loop transformations from moving
    affine code across them. With ``tokens``, an op with unknown effects
    but neither memref operands nor regions is a statement that reads and
    writes `TOKEN` (so that such ops keep their order and their number of
    executions in checks that compare two programs)."""
    m = PolyhedralModel(func)
    b = _Builder(m, linalg)
    b.tokens = tokens
    for r in func.regions:
        for blk in r.blocks:
            b.walk_block(blk, None, [], [])
    b.finish()
    return m


def analyze_structured_op(op: Operation) -> PolyhedralModel:
    """The model of one linalg op alone (its own dependences), wherever it
    sits: every dynamic size is a parameter. Raises NonAffine when the op is
    outside the model."""
    func = op.parent_op or op
    m = PolyhedralModel(func)
    b = _Builder(m, True)
    b.free_sizes = True
    b._structured(op, None, [], [], [0])
    b.finish()
    return m


def analyze_module(module: Operation) -> list[PolyhedralModel]:
    """Models of every function with a body in ``module``."""
    out = []
    for op in module.walk(post_order=False):
        if isinstance(op, FuncOp) and op.regions and op.regions[0].blocks:
            out.append(analyze(op))
    return out


@dataclass
class _Cond:
    constraints: list[tuple[AffineExpr, bool]]  # (expr, is_equality) over depth dims + params
    negated: bool


@dataclass
class _PendingStmt:
    op: Operation
    loops: list[Loop]
    conds: list[_Cond]
    positions: list[int]
    accesses: list[tuple[str, Value, list[AffineExpr] | None]]  # None: every element


class _Builder:
    def __init__(self, model: PolyhedralModel, linalg: bool = False):
        self.m = model
        self.pending: list[_PendingStmt] = []
        self.nloops = 0
        self.linalg = linalg
        self.free_sizes = False  # every dynamic linalg size is a parameter
        self.tokens = False  # opaque ops become TOKEN statements (see analyze)

    # values -> affine expressions over enclosing loop depths and params
    def value_expr(self, v: Value, loops: list[Loop], user: Operation) -> AffineExpr:
        lp = self.m._loop_of_iv.get(v)
        if lp is not None:
            if lp.depth < len(loops) and loops[lp.depth] is lp:
                return dim(lp.depth)
            raise NonAffine(user, "uses an induction variable outside its loop")
        if isinstance(v, OpResult):
            d = v.owner
            if isinstance(d, ConstantOp):
                val = d.get_attr("value")
                if isinstance(val, A.IntegerAttr):
                    return const(val.value)
            if isinstance(d, AffineApplyOp):
                amap = d.attr("map", A.AffineMapAttr).value
                ops = d.operands
                exprs = [self.value_expr(o, loops, user) for o in ops]
                return amap.results[0].replace_dims_and_symbols(exprs[: amap.num_dims], exprs[amap.num_dims :])
        if self._is_symbol(v, loops):
            return sym(self._param(v))
        raise NonAffine(
            user, "operand is neither a loop induction variable, a constant, nor a symbol defined outside the loop nest"
        )

    def _is_symbol(self, v: Value, loops: list[Loop]) -> bool:
        if not isinstance(v.type, T.IndexType) and not isinstance(v.type, T.IntegerType):
            return False
        # A symbol is defined outside every modelled loop (function arguments,
        # values computed at the top level of the function, or above the op
        # whose region is modelled).
        blk = v.parent_block
        top = self.m.func.regions[0].blocks if self.m.func.regions else []
        return blk in top or _defined_above(v, self.m.func)

    def _param(self, v: Value | ShapeDim) -> int:
        try:
            return self.m.params.index(v)
        except ValueError:
            self.m.params.append(v)
            self.m.param_names.append(f"p{len(self.m.params) - 1}")
            return len(self.m.params) - 1

    def map_exprs(self, amap: AffineMap, operands: list[Value], loops: list[Loop], user: Operation) -> list[AffineExpr]:
        exprs = [self.value_expr(o, loops, user) for o in operands]
        nd = amap.num_dims
        return [_affine(r.replace_dims_and_symbols(exprs[:nd], exprs[nd:]), user) for r in amap.results]

    def array(self, memref: Value) -> str:
        name = self.m.arrays.get(memref)
        if name is None:
            name = f"A{len(self.m.arrays)}"
            self.m.arrays[memref] = name
        return name

    # walking
    def walk_block(
        self,
        block: Block,
        parent: Loop | None,
        conds: list[_Cond],
        positions: list[int],
        counter: list[int] | None = None,
    ) -> None:
        """``counter`` numbers ops in pre-order within the innermost loop body
        (descending into affine.if, not into loops) for schedule positions."""
        counter = counter if counter is not None else [0]
        loops = parent.enclosing() if parent is not None else []
        for op in block.operations:
            pos = counter[0]
            counter[0] += 1
            try:
                if isinstance(op, AffineForOp):
                    self._for(op, parent, loops, conds, positions + [pos])
                elif isinstance(op, AffineParallelOp):
                    self._parallel(op, parent, loops, conds, positions + [pos])
                elif isinstance(op, AffineIfOp):
                    self._if(op, parent, loops, conds, positions, counter)
                elif (acc := affine_access(op)) is not None and acc.kind is not None:
                    self._access(op, acc, loops, conds, positions + [pos])
                elif self.linalg and is_structured(op):
                    self._structured(op, parent, loops, conds, positions + [pos])
                elif self.tokens and _opaque(op):
                    self.pending.append(
                        _PendingStmt(
                            op, list(loops), list(conds), positions + [pos], [("read", TOKEN, []), ("write", TOKEN, [])]
                        )
                    )
                else:
                    self._other(op, parent, loops, conds, positions + [pos])
            except NonAffine as e:
                self._unknown(op, parent, e.reason)

    def _other(self, op: Operation, parent: Loop | None, loops: list[Loop], conds: list[_Cond], positions) -> None:
        """An op outside the affine model, judged by its memory effects (the
        ops it holds included): none, it is left alone; a read of one ranked
        memref, a statement reading all of it; else code the model cannot
        represent."""
        effs = effects(op)
        if op.regions:  # a region op declaring its own effects (or none) still runs what it holds
            effs = list(dict.fromkeys([*effs, *region_effects(op)]))
        if not effs:
            return
        why = _outside_reason(op, effs)
        if why is not None:
            self._unknown(op, parent, why)
            return
        memref = effs[0].value
        assert memref is not None, "_outside_reason: a read of a named memref"
        self.pending.append(_PendingStmt(op, list(loops), list(conds), positions, [("read", memref, None)]))

    def _unknown(self, op: Operation, parent: Loop | None, reason: str) -> None:
        self.m.non_affine.append(NonAffineRegion(op, reason))
        lp = parent
        while lp is not None:
            lp.has_unknown_effects = True
            lp = lp.parent

    def _new_loop(
        self, op: Operation, iv: Value | None, parent: Loop | None, lbs, ubs, step: int, index: int = 0
    ) -> Loop:
        depth = parent.depth + 1 if parent is not None else 0
        loop = Loop(op, iv, f"i{self.nloops}", depth, parent, lbs, ubs, step, index)
        self.nloops += 1
        self.m.loops.append(loop)
        if iv is not None:
            self.m._loop_of_iv[iv] = loop
        if parent is not None:
            parent.children.append(loop)
        return loop

    def _bound(self, b: object, loops: list[Loop], op: Operation) -> list[AffineExpr]:
        assert isinstance(b, AffineBound), "affine loops have affine bounds"
        return self.map_exprs(b.map, b.operands, loops, op)

    def _for(self, op: AffineForOp, parent, loops, conds, positions) -> None:
        lbs = self._bound(op.loop_lower_bounds()[0], loops, op)
        ubs = self._bound(op.loop_upper_bounds()[0], loops, op)
        body = op.body
        loop = self._new_loop(op, op.induction_var, parent, lbs, ubs, op.step.value)
        loop.iter_args = len(op.region_iter_args)
        self.walk_block(body, loop, conds, positions)

    def _parallel(self, op: AffineParallelOp, parent, loops, conds, positions) -> None:
        cur = parent
        bounds = zip(op.loop_lower_bounds(), op.loop_upper_bounds(), op.loop_steps(), strict=True)
        for k, (iv, (lb, ub, step)) in enumerate(zip(op.loop_ivs(), bounds, strict=True)):
            encl = cur.enclosing() if cur is not None else []
            assert isinstance(step, int), "affine.parallel steps are constants"
            cur = self._new_loop(op, iv, cur, self._bound(lb, encl, op), self._bound(ub, encl, op), step, k)
            if k:
                positions = positions + [0]
        reductions = op.get_attr("reductions")
        if cur is not None and isinstance(reductions, A.ArrayAttr) and len(reductions):
            cur.iter_args = len(op.results)
        self.walk_block(op.loop_body(), cur, conds, positions)

    def _if(self, op, parent, loops, conds, positions, counter) -> None:
        iset = op.get_attr("condition").value
        operands = list(op.operands)
        exprs = [self.value_expr(o, loops, op) for o in operands]
        nd = iset.num_dims
        cs = [
            (_affine(c.replace_dims_and_symbols(exprs[:nd], exprs[nd:]), op), eq)
            for c, eq in zip(iset.constraints, iset.eq_flags, strict=True)
        ]
        then_r = op.regions[0]
        if then_r.blocks:
            self.walk_block(then_r.blocks[0], parent, conds + [_Cond(cs, False)], positions, counter)
        if len(op.regions) > 1 and op.regions[1].blocks:
            self.walk_block(op.regions[1].blocks[0], parent, conds + [_Cond(cs, True)], positions, counter)

    def _access(self, op: Operation, acc: AffineAccess, loops, conds, positions) -> None:
        kind = "read" if acc.is_read else "write"
        idx = self.map_exprs(acc.map, acc.indices, loops, op)
        idx = self._through_layout(acc.memref.type, idx)
        self.pending.append(_PendingStmt(op, list(loops), list(conds), positions, [(kind, acc.memref, idx)]))

    def _structured(self, op, parent, loops, conds, positions) -> None:
        """A linalg op: one statement over its own loops (inside ``loops``)."""
        try:
            sizes = loop_sizes(op)
        except ValueError as e:
            raise NonAffine(op, str(e)) from None
        ubs: list[AffineExpr] = []
        for s in sizes:
            if isinstance(s, ShapeDim):
                if not self.free_sizes and not self._is_symbol_value(s.value):
                    raise NonAffine(op, "the size of an operand defined inside the loop nest is not a symbol")
                ubs.append(sym(self._param(s)))
            else:
                ubs.append(const(s))
        cur = parent
        for k, ub in enumerate(ubs):
            cur = self._new_loop(op, None, cur, [const(0)], [ub], 1, k)
        own = cur.enclosing() if cur is not None else []
        dims = [dim(loop.depth) for loop in own[len(loops) :]]
        accesses: list[tuple[str, Value, list[AffineExpr] | None]] = []
        for a in structured_accesses(op):
            idx = [r.replace_dims_and_symbols(dims, []) for r in a.map.results]
            accesses.append((a.kind, a.array, self._through_layout(a.array.type, idx)))
        positions = positions + [0] * len(sizes)
        self.pending.append(_PendingStmt(op, own, list(conds), positions, accesses))

    def _is_symbol_value(self, v: Value) -> bool:
        top = self.m.func.regions[0].blocks if self.m.func.regions else []
        if isinstance(v, BlockArgument):
            return v.parent_block in top
        return v.parent_block in top

    def _through_layout(self, mtype: T.Type, idx: list[AffineExpr]) -> list[AffineExpr]:
        """Element indices after a non-identity layout map (non-injective
        layouts can make distinct indices alias)."""
        layout = getattr(mtype, "layout", None)
        if isinstance(layout, A.AffineMapAttr):
            lm = layout.value
            return [r.replace_dims_and_symbols(idx, []) for r in lm.results] if lm.num_symbols == 0 else idx
        return idx

    # isl construction, once all parameters are known
    def finish(self) -> None:
        m = self.m
        params = m.param_names
        max_depth = max((len(p.loops) for p in self.pending), default=0)
        for k, p in enumerate(self.pending):
            name = f"S{k}"
            dims = [lp.name for lp in p.loops]
            dom, sched, rels, shape = _statement_relations(p, params, max_depth, name, dims)
            st = Statement(name, p.op, p.loops, dom, p.positions, sched, shape=shape)
            for (kind, memref, idx), rel in zip(p.accesses, rels, strict=True):
                arr = self.array(memref)
                rel = rel.set_tuple_name(ib.DIM_OUT, arr)
                st.accesses.append(Access(p.op, kind, memref, arr, rel, exact=idx is not None))
            m.statements.append(st)
            for lp in p.loops:
                lp.statements.append(st)


# The isl sets and maps of a statement depend only on its loops' bounds and
# steps, its conditions, its positions, its accesses' indices and the
# parameters, never on the IR they came from: a transformation leaves most
# statements as they were, and the model rebuilt after it (``Schedule``
# analyzes the function again after every step) finds theirs here. They are
# built under placeholder names (statement ``S``, dimensions ``c0``...,
# arrays ``A``) and renamed on use: names label the spaces, the
# constraints are the same. isl objects are immutable, so sharing them is
# safe. Bounded: cleared when full.
_RELATIONS: dict[tuple, tuple[isl.Set, list[isl.Map]]] = {}
_SCHEDULES: dict[tuple, isl.Map] = {}
_CACHE_SIZE = 4096


def _statement_relations(
    p: _PendingStmt, params: list[str], max_depth: int, name: str, dims: list[str]
) -> tuple[isl.Set, isl.Map, list[isl.Map], tuple[tuple, isl.Map, list[isl.Map]]]:
    """The domain, 2d+1 schedule and access relations (ranges named ``A``)
    of pending statement ``p`` named ``name`` over loop dimensions ``dims``,
    and its ``Statement.shape``."""
    key = (
        tuple((lp.depth, tuple(lp.lbs), tuple(lp.ubs), lp.step) for lp in p.loops),
        tuple((tuple(c.constraints), c.negated) for c in p.conds),
        tuple(params),
        tuple(
            (kind, tuple(idx) if idx is not None else None, None if idx is not None else tuple(_extents(memref.type)))
            for kind, memref, idx in p.accesses
        ),
    )
    hit = _RELATIONS.get(key)
    if hit is None:
        hit = _build_relations(p, params)
        if len(_RELATIONS) >= _CACHE_SIZE:
            _RELATIONS.clear()
        _RELATIONS[key] = hit
    dom, rels = hit
    skey = (key, tuple(p.positions), max_depth)
    sched = _SCHEDULES.get(skey)
    if sched is None:
        sdims = [f"c{d}" for d in range(len(p.loops))]
        sched = ib.schedule_2d1(sdims, params, "S", p.positions, max_depth).intersect_domain(dom)
        if len(_SCHEDULES) >= _CACHE_SIZE:
            _SCHEDULES.clear()
        _SCHEDULES[skey] = sched
    shape = (skey, sched, rels)
    dom = dom.set_tuple_name(name)
    sched = sched.set_tuple_name(ib.DIM_IN, name)
    rels = [r.set_tuple_name(ib.DIM_IN, name) for r in rels]
    for d, dname in enumerate(dims):
        dom = dom.set_dim_name(ib.DIM_SET, d, dname)
        sched = sched.set_dim_name(ib.DIM_IN, d, dname)
        rels = [r.set_dim_name(ib.DIM_IN, d, dname) for r in rels]
    return dom, sched, rels, shape


def _build_relations(p: _PendingStmt, params: list[str]) -> tuple[isl.Set, list[isl.Map]]:
    """The domain and access relations of ``p`` under the placeholder names."""
    name = "S"
    dims = [f"c{d}" for d in range(len(p.loops))]
    dom = _domain(p.loops, p.conds, dims, params, name)
    rels = []
    for _kind, memref, idx in p.accesses:
        if idx is None:
            rel = ib.whole_array_relation(dims, params, name, "A", _extents(memref.type))
        else:
            rel = ib.access_relation(idx, dims, params, name, "A")
        rels.append(rel.intersect_domain(dom))
    return dom, rels


def _extents(mtype: T.Type) -> list[int | None]:
    """The element index space of a memref as its accesses are modelled
    (``_Builder._through_layout``): its shape (None where dynamic), or
    unbounded dimensions after a non-identity layout map."""
    assert isinstance(mtype, T.MemRefType), "_outside_reason: a ranked memref"
    layout = mtype.layout
    if isinstance(layout, A.AffineMapAttr) and not layout.value.is_identity():
        lm = layout.value
        return [None] * (lm.num_results if lm.num_symbols == 0 else mtype.rank)
    return [None if d == T.DYNAMIC else d for d in mtype.shape]


def _outside_reason(op: Operation, effs: list[Effect]) -> str | None:
    """Why ``op``, with memory effects ``effs``, is outside the model; None
    when it only reads one ranked memref (modelled as a read of all of it)."""
    unknown = next((o for o in op.walk(post_order=False) if memory_effects(o) is None), None)
    if unknown is not None:
        what = "unregistered operation" if not unknown.registered else "operation"
        if unknown is op:
            return f"{what} with unknown memory effects: it declares none, so it may read and write any memory"
        return f"non-affine code holding {unknown.name} at {op_loc(unknown)}, with unknown memory effects"
    kinds = [k for k in (EffectKind.WRITE, EffectKind.FREE, EffectKind.ALLOC) if any(e.kind is k for e in effs)]
    if kinds:
        verbs = {EffectKind.WRITE: "writes", EffectKind.FREE: "frees", EffectKind.ALLOC: "allocates"}
        what = "non-affine control flow" if op.regions else "operation"
        return f"{what} that {' and '.join(verbs[k] for k in kinds)} memory outside the affine model"
    read = list(dict.fromkeys(e.value for e in effs))
    if any(v is None for v in read):
        return "operation reading memory it does not name"
    if len(read) > 1:
        return "operation reading several memrefs: only a read of one memref is modelled, as a read of all of it"
    v = read[0]
    assert v is not None
    if not isinstance(v.type, T.MemRefType):
        return "operation reading memory that is not a ranked memref"
    if not _defined_outside(v, op):
        return "operation reading a memref it defines itself"
    return None


def _defined_outside(v: Value, op: Operation) -> bool:
    """Whether ``v`` is defined outside ``op`` (not by it, nor in its regions)."""
    owner = v.owner_op
    return owner is None or not op.is_ancestor_of(owner)


def _defined_above(v: Value, root: Operation) -> bool:
    """Whether ``v`` is defined outside ``root`` (so invariant in it)."""
    blk = v.parent_block
    owner = blk.parent_op if blk is not None else None
    while owner is not None:
        if owner is root:
            return False
        owner = owner.parent_op
    return blk is not None


def _opaque(op: Operation) -> bool:
    """An op with unknown effects that reaches no memref through operands."""
    return (
        not is_effect_free(op)
        and not op.regions
        and not any(isinstance(v.type, (T.MemRefType, T.UnrankedMemRefType)) for v in op.operands)
        and not allocates(op)  # an allocation (memref.alloc, .alloca) is modelled as a new buffer
    )


def _affine(e: AffineExpr, user: Operation) -> AffineExpr:
    """``e``, which isl can represent only when it is pure affine (upstream's
    semi-affine maps multiply or divide by a symbol)."""
    if not e.is_pure_affine():
        raise NonAffine(user, f"semi-affine expression '{e}' (a product or division by a symbol)")
    return e


def _domain(loops: list[Loop], conds: list[_Cond], dims: list[str], params: list[str], name: str):
    ge: list[AffineExpr] = []
    eq: list[AffineExpr] = []
    stepped: list[tuple[int, list[AffineExpr], int]] = []
    for lp in loops:
        iv = dim(lp.depth)
        for lb in lp.lbs:
            ge.append(iv - lb)
        for ub in lp.ubs:
            ge.append(ub - iv - 1)
        if lp.step != 1:
            stepped.append((lp.depth, lp.lbs, lp.step))
    dom = ib.constraint_set(dims, params, name, ge, eq)
    for depth, lbs, step in stepped:
        iv = dim(depth)
        if len(lbs) == 1:
            dom = dom.intersect(ib.constraint_set(dims, params, name, [], [(iv - lbs[0]) % step]))
        else:
            # iv = max(lbs) + step * k: one piece per lower bound being the max.
            pieces = None
            for j, lbj in enumerate(lbs):
                ge_j = [lbj - lbi for i, lbi in enumerate(lbs) if i != j]
                piece = ib.constraint_set(dims, params, name, ge_j, [(iv - lbj) % step])
                pieces = piece if pieces is None else pieces.union(piece)
            assert pieces is not None, "two or more lower bounds"
            dom = dom.intersect(pieces)
    for c in conds:
        cset = ib.constraint_set(
            dims,
            params,
            name,
            [e for e, is_eq in c.constraints if not is_eq],
            [e for e, is_eq in c.constraints if is_eq],
        )
        dom = dom.subtract(cset) if c.negated else dom.intersect(cset)
    return dom.coalesce()


def _schedule_tree(m: PolyhedralModel):
    """Sequence/band schedule tree mirroring the loop structure."""
    stmts_by_pos = sorted(m.statements, key=lambda s: s.positions)
    return ib.schedule_tree_from_2d1(
        [(s.domain, s.positions, [lp.name for lp in s.loops]) for s in stmts_by_pos], m.param_names
    )


def iter_loops(m: PolyhedralModel) -> Iterator[Loop]:
    return iter(m.loops)
