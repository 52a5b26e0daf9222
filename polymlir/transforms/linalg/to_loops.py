"""Lowering structured linalg ops on buffers to loop nests, as upstream's
three passes do:

* ``convert-linalg-to-loops``: ``scf.for`` nests with ``memref.load`` /
  ``memref.store``;
* ``convert-linalg-to-affine-loops``: ``affine.for`` nests with
  ``affine.load`` / ``affine.store`` (so the polyhedral tools of
  ``polymlir.affine`` apply to the result);
* ``convert-linalg-to-parallel-loops``: the outermost run of parallel
  dimensions becomes one ``scf.parallel``, the next (reduction) dimension an
  ``scf.for``, and so on inwards.

Named ops are generalized first. Each loop runs over the size of the first
operand dimension its indexing maps name by a bare loop dimension (upstream's
``createLoopRanges``: the inverse of the concatenated indexing maps applied
to the operand shapes); an index that is a compound expression (strided,
dilated convolution windows) becomes an ``affine.apply`` of the canonical
map over the loop variables it uses. As upstream (after its pattern driver's
dead-code elimination), only payload arguments that are used are loaded,
``linalg.index`` becomes the loop variable, and the yielded values are stored
through the output maps. Ops on tensors are reported: they need
bufferization first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...dialects.affine.loops import AffineForOp
from ...dialects.affine.memory import AffineLoadOp, AffineStoreOp
from ...dialects.affine.ops import AffineApplyOp, is_valid_symbol
from ...dialects.linalg import structured as L
from ...dialects.memref.ops import DimOp, LoadOp, StoreOp
from ...dialects.memref.views import ViewOp
from ...dialects.scf.ops import ForOp, YieldOp
from ...dialects.scf.parallel import ParallelOp, ReduceOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineConstantExpr, AffineDimExpr, AffineExpr, dim, sym
from ...ir.affine_map import AffineMap
from ...ir.builder import Builder
from ...ir.core import Block, Operation, OpResult, Region, Value
from ...ir.diagnostics import DiagnosticError
from ..passes.manager import ModulePass, PassContext, register_pass
from .generalize import fold_as_upstream_driver, generalize_op, structured_ops

__all__ = [
    "LOOP_KINDS",
    "lower_to_loops",
    "convert_linalg_to_loops",
    "check_buffer_semantics",
]

LOOP_KINDS = ("scf", "affine", "parallel")


def _is_tensor(t: T.Type) -> bool:
    return isinstance(t, (T.RankedTensorType, T.UnrankedTensorType))


def check_buffer_semantics(op: Operation, what: str = "lowering to loops") -> None:
    """Raise a located error unless ``op`` works on buffers only."""
    operands = list(op.operands)
    if op.results or any(_is_tensor(v.type) for v in operands):
        raise DiagnosticError(
            f"'{op.name}' op on tensors must be bufferized before {what} (run one-shot-bufferize first)",
            op.loc,
        )


class _Consts:
    """Index constants created once per lowered op, before its loop nest."""

    def __init__(self, b: Builder) -> None:
        self.b = b
        self.values: dict[int, Value] = {}

    def __call__(self, v: int) -> Value:
        got = self.values.get(v)
        if got is None:
            got = self.values[v] = self.b.const_index(v)
        return got


@dataclass
class _Range:
    """A loop's extent: a static size or the ``memref.dim`` it reads."""

    static: int | None
    value: Value | None

    def bound(self) -> Value:
        """The extent as a value (always there but for a static affine loop)."""
        assert self.value is not None, "an scf loop's extent is a value"
        return self.value


def _folded_dim(b: Builder, v: Value, r: int, consts: _Consts, affine: bool) -> Value:
    """The size of dynamic dimension ``r`` of buffer ``v``: the size operand
    of the op defining ``v`` where it has one, else a ``memref.dim`` (as
    upstream's ``createOrFold<memref::DimOp>``, whose folder gives the
    dynamic sizes of ``memref.alloc``/``alloca``/``subview``/``view``)."""
    owner = v.owner if isinstance(v, OpResult) else None
    size: Value | None = None
    if isinstance(owner, ViewOp):
        shape = T.of_kind(v.type, T.MemRefType).shape
        size = owner.operands[2 + sum(1 for d in shape[:r] if d == T.DYNAMIC)]
    else:
        size_of = getattr(owner, "dynamic_result_size", None)
        size = size_of(r) if size_of is not None else None
    # An affine.for bound must be a valid symbol where the loop is; the size
    # operand need not be one even when the dim of the buffer is.
    if isinstance(size, Value) and (not affine or is_valid_symbol(size, b.block.parent)):
        return size
    return b.value(DimOp, [v, consts(r)], T.index)


def _loop_ranges(
    op: L.LinalgStructuredOp, maps: list[AffineMap], hoist: Builder, consts: _Consts, affine: bool
) -> list[_Range]:
    """Each loop's extent from the first operand dimension that is the bare
    loop dimension (the inverse of the concatenated maps); ``memref.dim``
    ops are created in operand order, as upstream's flat list of operand
    dimensions is."""
    operands = list(op.operands)
    n = op.num_loops
    source: list[tuple[int, int, int] | None] = [None] * n  # flat position, operand, dim
    flat = 0
    for k, m in enumerate(maps):
        for r, e in enumerate(m.results):
            if isinstance(e, AffineDimExpr) and source[e.position] is None:
                source[e.position] = (flat + r, k, r)
        flat += len(m.results)
    missing = [i for i, s in enumerate(source) if s is None]
    if missing:
        raise DiagnosticError(
            f"'{op.name}' op: cannot lower to loops: loop dimension d{missing[0]} "
            "is not the size of any operand dimension",
            op.loc,
        )
    ranges: list[_Range | None] = [None] * n
    if not affine:
        consts(0)
        consts(1)
    dynamic = []
    for i, s in enumerate(source):
        assert s is not None
        _, k, r = s
        size = T.of_kind(operands[k].type, T.MemRefType).shape[r]
        if size == T.DYNAMIC:
            dynamic.append((s[0], i))
        else:
            ranges[i] = _Range(size, None if affine else consts(size))
    for _, i in sorted(dynamic):
        s = source[i]
        assert s is not None
        _, k, r = s
        ranges[i] = _Range(None, _folded_dim(hoist, operands[k], r, consts, affine))
    out = [rng for rng in ranges if rng is not None]
    assert len(out) == n, "every loop has a static or a dynamic extent"
    return out


def _canonical_apply(b: Builder, e: AffineExpr, ivs: list[Value], consts: _Consts) -> Value:
    """The value of ``e`` over the loop variables: the variable itself, a
    constant, or ``affine.apply`` of the map over the dimensions ``e`` uses
    (upstream's ``makeCanonicalAffineApplies`` after folding)."""
    if isinstance(e, AffineDimExpr):
        return ivs[e.position]
    if isinstance(e, AffineConstantExpr):
        return consts(e.value)
    used = [i for i in range(len(ivs)) if e.is_function_of_dim(i)]
    renum = [dim(used.index(i)) if i in used else dim(0) for i in range(len(ivs))]
    amap = AffineMap(len(used), 0, [e.replace_dims_and_symbols(renum)])
    op = AffineApplyOp.create(
        operands=[ivs[i] for i in used], result_types=[T.index], properties={"map": A.AffineMapAttr(amap)}
    )
    return b.insert(op).results[0]


def _indices(b: Builder, m: AffineMap, ivs: list[Value], consts: _Consts) -> list[Value]:
    return [_canonical_apply(b, e, ivs, consts) for e in m.results]


# -- loop nests -----------------------------------------------------------------------------


def _scf_for(b: Builder, lb: Value, ub: Value, step: Value) -> Block:
    r = Region()
    blk = r.add_block(Block([T.index], [b.loc or A.UNKNOWN_LOC]))
    b.create(ForOp, [lb, ub, step], [], regions=[r])
    Builder.at_end(blk, b.loc).create(YieldOp)
    return blk


def _scf_parallel(b: Builder, lbs: list[Value], ubs: list[Value], steps: list[Value]) -> Block:
    r = Region()
    blk = r.add_block(Block([T.index] * len(lbs), [b.loc or A.UNKNOWN_LOC] * len(lbs)))
    seg = A.DenseArrayAttr(T.i32, (len(lbs), len(ubs), len(steps), 0))
    b.create(ParallelOp, [*lbs, *ubs, *steps], [], properties={"operandSegmentSizes": seg}, regions=[r])
    Builder.at_end(blk, b.loc).create(ReduceOp)
    return blk


def _affine_for(b: Builder, rng: _Range) -> Block:
    if rng.static is not None:
        loop = AffineForOp.build(0, rng.static, 1, loc=b.loc)
    else:
        loop = AffineForOp.build(0, AffineMap(0, 1, [sym(0)]), 1, (), [rng.bound()], loc=b.loc)
    b.insert(loop)
    return loop.body


def _before_terminator(blk: Block, loc) -> Builder:
    term = blk.operations[-1]
    return Builder(blk, term, loc)


def _build_nest(
    b: Builder, kind: str, ranges: list[_Range], iterators: list[str], consts: _Consts
) -> tuple[Builder, list[Value], list[Operation]]:
    """The loop nest; returns a builder in the innermost body, the
    induction variables in loop order and the loops, outermost first."""
    ivs: list[Value] = []
    loops: list[Operation] = []
    i = 0
    n = len(ranges)
    while i < n:
        if kind == "parallel" and iterators[i] == L.PARALLEL:
            j = i
            while j < n and iterators[j] == L.PARALLEL:
                j += 1
            blk = _scf_parallel(
                b,
                [consts(0)] * (j - i),
                [r.bound() for r in ranges[i:j]],
                [consts(1)] * (j - i),
            )
            i = j
        elif kind == "affine":
            blk = _affine_for(b, ranges[i])
            i += 1
        else:
            blk = _scf_for(b, consts(0), ranges[i].bound(), consts(1))
            i += 1
        loop = blk.parent_op
        assert loop is not None
        loops.append(loop)
        ivs.extend(blk.arguments)
        b = _before_terminator(blk, b.loc)
    return b, ivs, loops


# -- one op ---------------------------------------------------------------------------------


def lower_to_loops(op: Operation, kind: str = "scf") -> list[Operation]:
    """Replace structured op ``op`` (on buffers) by a loop nest of ``kind``
    (``scf``, ``affine`` or ``parallel``); returns the loops created,
    outermost first (empty for an op without loops)."""
    if kind not in LOOP_KINDS:
        raise ValueError(f"unknown loop kind '{kind}' (one of {', '.join(LOOP_KINDS)})")
    if not isinstance(op, L.LinalgStructuredOp):
        raise DiagnosticError(f"'{op.name}' op is not a structured linalg op", op.loc)
    check_buffer_semantics(op)
    g = generalize_op(op)
    maps = g.indexing_maps_array()
    iterators = g.iterator_types_array()
    hoist = Builder.before(g)
    consts = _Consts(hoist)
    affine = kind == "affine"
    ranges = _loop_ranges(g, maps, hoist, consts, affine)
    b, ivs, loops = _build_nest(hoist, kind, ranges, iterators, consts)
    _emit_body(g, b, ivs, maps, consts, affine)
    g.erase()
    return loops


def _emit_body(
    g: L.LinalgStructuredOp, b: Builder, ivs: list[Value], maps: list[AffineMap], consts: _Consts, affine: bool
) -> None:
    ins, outs = list(g.dps_inputs()), list(g.dps_inits())
    payload = g.payload_block()
    assert payload is not None, "a generic op has a payload"

    mapping: dict = {}

    def load(v: Value, m: AffineMap) -> Value:
        idx = _indices(b, m, ivs, consts)
        et = T.of_kind(v.type, T.MemRefType).element_type
        if affine:
            return b.insert(AffineLoadOp.build(v, idx, loc=b.loc)).results[0]
        return b.value(LoadOp, [v, *idx], et)

    for arg, v, m in zip(payload.arguments, ins + outs, maps, strict=True):
        if not isinstance(v.type, T.MemRefType):
            mapping[arg] = v  # a scalar operand (linalg.fill's value)
        elif arg.uses:
            mapping[arg] = load(v, m)
    store_indices = [_indices(b, m, ivs, consts) for m in maps[len(ins) :]]
    for o in payload.operations:
        if isinstance(o, L.YieldOp):
            for val, out, idx in zip(o.operands, outs, store_indices, strict=True):
                val = mapping.get(val, val)
                if affine:
                    b.insert(AffineStoreOp.build(val, out, idx, loc=b.loc))
                else:
                    b.create(StoreOp, [val, out, *idx])
            continue
        if isinstance(o, L.IndexOp):
            mapping[o.results[0]] = ivs[o.prop("dim", A.IntegerAttr).value]
            continue
        b.insert(o.clone(mapping))


# -- passes ----------------------------------------------------------------------------------


def convert_linalg_to_loops(root: Operation, kind: str = "scf", fold: bool = True) -> int:
    """Lower every structured linalg op under ``root``; returns how many.
    With ``fold`` (what the passes do), the result is folded as upstream's
    pattern driver folds it (index constants uniqued at the function entry,
    dead ``memref.dim`` ops erased)."""
    ops = structured_ops(root)
    for op in ops:
        check_buffer_semantics(op)
    for op in ops:
        lower_to_loops(op, kind)
    if ops and fold:
        fold_as_upstream_driver(root)
    return len(ops)


@register_pass
@dataclass(frozen=True)
class ConvertLinalgToLoops(ModulePass):
    name: ClassVar[str] = "convert-linalg-to-loops"
    summary: ClassVar[str] = "Lower structured linalg ops on buffers to scf.for loop nests"

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_linalg_to_loops(op, "scf")


@register_pass
@dataclass(frozen=True)
class ConvertLinalgToAffineLoops(ModulePass):
    name: ClassVar[str] = "convert-linalg-to-affine-loops"
    summary: ClassVar[str] = "Lower structured linalg ops on buffers to affine.for loop nests"

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_linalg_to_loops(op, "affine")


@register_pass
@dataclass(frozen=True)
class ConvertLinalgToParallelLoops(ModulePass):
    name: ClassVar[str] = "convert-linalg-to-parallel-loops"
    summary: ClassVar[str] = "Lower structured linalg ops on buffers to scf.parallel (parallel dims) and scf.for loops"

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_linalg_to_loops(op, "parallel")
