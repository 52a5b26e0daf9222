"""``lower-affine``: affine ops to scf + arith + memref, as upstream lowers them.

affine.for -> scf.for (max/min bound maps become arith.maxsi/minsi chains),
affine.if -> scf.if, affine.parallel -> scf.parallel (reductions become
scf.reduce regions), affine.load/store -> memref.load/store,
affine.vector_load/store -> vector.load/store, affine.apply/min/max ->
arith, affine.yield -> scf.yield, affine.prefetch and the dma ops -> memref,
affine.delinearize_index/linearize_index -> arith. Affine expressions are
expanded exactly (floordiv/ceildiv/mod included) by ``affine_expand``. As
upstream's conversion folds each op before lowering it, the constant
operands of a loop's bounds and of an affine.if's condition are put into
their maps first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from ..dialects import arith, memref, scf, vector
from ..dialects.affine.loops import AffineForOp, AffineIfOp, AffineYieldOp
from ..dialects.affine.map_utils import const_int
from ..dialects.affine.memory import (
    AffineDmaStartOp,
    AffineDmaWaitOp,
    AffineLoadOp,
    AffinePrefetchOp,
    AffineStoreOp,
    AffineVectorLoadOp,
    AffineVectorStoreOp,
)
from ..dialects.affine.ops import (
    AffineApplyOp,
    AffineDelinearizeIndexOp,
    AffineLinearizeIndexOp,
    AffineMaxOp,
    AffineMinOp,
    map_of,
)
from ..dialects.affine.parallel import REDUCTIONS, AffineParallelOp
from ..dialects.arith.identities import int_identity
from ..dialects.llvm.loop_annotation import LOOP_ATTR
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import (
    AffineConstantExpr,
    const,
)
from ..ir.affine_map import AffineMap, IntegerSet
from ..ir.builder import Builder
from ..ir.core import Operation, Region, Value
from ..ir.diagnostics import DiagnosticError
from ..ir.patterns import OpClass, PatternRewriter, PatternSet
from ..ir.rewriting import ConversionTarget, apply_conversion
from ..transforms.passes.manager import ModulePass, PassContext, register_pass
from .affine_expand import constant_operand_exprs, expand_expr, expand_map, fold_constant_operands


def _lower_bound_map(amap: AffineMap, operands: Sequence[Value], lower: bool) -> AffineMap:
    """An affine.for bound as its fold leaves it: constant operands folded
    in, and a bound whose results are all constant made the one constant
    (the max of a lower bound, the min of an upper one: ``foldLoopBounds``)."""
    amap = fold_constant_operands(amap, operands)
    if amap.results and all(isinstance(r, AffineConstantExpr) for r in amap.results):
        values = [cast(AffineConstantExpr, r).value for r in amap.results]
        return AffineMap(amap.num_dims, amap.num_symbols, [const(max(values) if lower else min(values))])
    return amap


def _reduce(b: Builder, combine: OpClass, values: list[Value]) -> Value:
    acc = values[0]
    for v in values[1:]:
        acc = b.binary(combine, acc, v)
    return acc


def _move_region(src: Operation, index: int = 0) -> Region:
    r = src.regions[index]
    new = Region()
    for blk in list(r.blocks):
        r.blocks.remove(blk)
        new.add_block(blk)
    return new


def _yield_to_scf(region: Region) -> None:
    """The ``affine.yield`` terminators of ``region`` become ``scf.yield``."""
    for blk in region.blocks:
        t = blk.terminator
        if isinstance(t, AffineYieldOp):
            b = Builder.before(t)
            b.create(scf.YieldOp, t.operands)
            t.erase()


def _lower_for(op: Operation, rw: PatternRewriter) -> None:
    assert isinstance(op, AffineForOp)
    b = Builder.before(op)
    # Upstream's order: the lower bound (with its max chain), then the upper.
    lb_ops, ub_ops = list(op.lowerBoundOperands), list(op.upperBoundOperands)
    lb_map = _lower_bound_map(op.attr("lowerBoundMap", A.AffineMapAttr).value, lb_ops, lower=True)
    lb = _reduce(b, arith.MaxSIOp, expand_map(b, lb_map, lb_ops))
    ub_map = _lower_bound_map(op.attr("upperBoundMap", A.AffineMapAttr).value, ub_ops, lower=False)
    ub = _reduce(b, arith.MinSIOp, expand_map(b, ub_map, ub_ops))
    step = b.const_index(op.attr("step", A.IntegerAttr).value)
    body = _move_region(op)
    _yield_to_scf(body)
    new = b.create(scf.ForOp, [lb, ub, step, *op.inits], op.result_types, regions=[body])
    hints = op.attributes.get(LOOP_ATTR)
    if hints is not None:  # the loop's LLVM hints follow it down to its latch branch
        new.attributes[LOOP_ATTR] = hints
    op.replace_all_uses_with(new)
    op.erase()


def _condition(b: Builder, iset: IntegerSet, operands: Sequence[Value]) -> Value:
    """The i1 conjunction of the constraints of ``iset``, as upstream builds
    it: the zero first, each constraint's compare and-ed in as it comes
    (no short-circuit), constant operands folded in as the op's fold does."""
    nd = iset.num_dims
    if any(const_int(v) is not None for v in operands):
        dims, syms = constant_operand_exprs(nd, operands)
        iset = iset.replace_dims_and_symbols(dims, syms, nd, iset.num_symbols)
    zero = b.const_index(0)
    cond: Value | None = None
    for c, eq in zip(iset.constraints, iset.eq_flags, strict=True):
        v = expand_expr(b, c, operands[:nd], operands[nd:])
        cmp = b.cmpi("eq" if eq else "sge", v, zero)
        cond = cmp if cond is None else b.binary(arith.AndIOp, cond, cmp)
    return cond if cond is not None else b.const_int(1, T.i1)


def _lower_if(op: Operation, rw: PatternRewriter) -> None:
    b = Builder.before(op)
    cond = _condition(b, op.attr("condition", A.IntegerSetAttr).value, list(op.operands))
    then_r = _move_region(op, 0)
    else_r = _move_region(op, 1) if len(op.regions) > 1 else Region()
    for r in (then_r, else_r):
        _yield_to_scf(r)
    new = b.create(scf.IfOp, [cond], op.result_types, regions=[then_r, else_r])
    op.replace_all_uses_with(new)
    op.erase()


# affine.parallel reduction kinds (arith::AtomicRMWKind) -> combining op
# (MLIR 22 numbers the kinds alphabetically: the dialect's REDUCTIONS table).
_ARITH_OF_KIND: dict[str, OpClass | None] = {
    "addf": arith.AddFOp,
    "addi": arith.AddIOp,
    "andi": arith.AndIOp,
    "assign": None,
    "maximumf": arith.MaximumFOp,
    "maxnumf": arith.MaxNumFOp,
    "maxs": arith.MaxSIOp,
    "maxu": arith.MaxUIOp,
    "minimumf": arith.MinimumFOp,
    "minnumf": arith.MinNumFOp,
    "mins": arith.MinSIOp,
    "minu": arith.MinUIOp,
    "mulf": arith.MulFOp,
    "muli": arith.MulIOp,
    "ori": arith.OrIOp,
    "xori": arith.XOrIOp,
}
_RMW = {k: _ARITH_OF_KIND[name] for k, name in enumerate(REDUCTIONS)}
_FLOAT_IDENTITY: dict[OpClass, float] = {
    arith.AddFOp: 0.0,
    arith.MulFOp: 1.0,
    arith.MaximumFOp: float("-inf"),
    arith.MinimumFOp: float("inf"),
    arith.MaxNumFOp: float("nan"),
    arith.MinNumFOp: float("nan"),
}


def _identity(b: Builder, kind: int, t: T.Type) -> Value:
    combine = _RMW[kind]
    assert combine is not None, "an 'assign' reduction has no identity"
    if isinstance(t, T.FloatType):
        return b.const_float(_FLOAT_IDENTITY[combine], t)
    value = int_identity(combine, t.width if isinstance(t, T.IntegerType) else 64)
    assert value is not None, f"no identity for {combine.__name__}"
    return b.const_int(value, t)


def _reduction_kind(a: A.Attribute) -> int:
    """The index in REDUCTIONS an affine.parallel reduction attribute holds."""
    assert isinstance(a, A.IntegerAttr), f"reduction kind {a}"
    return a.value


def _lower_parallel(op: Operation, rw: PatternRewriter) -> None:
    reductions = op.get_attr("reductions")
    kinds = [_reduction_kind(a) for a in reductions] if isinstance(reductions, A.ArrayAttr) else []
    if any(_RMW[k] is None for k in kinds):
        # Upstream's diagnostic: an 'assign' reduction has no identity value
        # to start scf.parallel's reduction from.
        raise DiagnosticError("Reduction operation type not supported", op.loc)
    b = Builder.before(op)
    operands = list(op.operands)
    # The lower map takes the first operands, the upper map the rest (upstream's
    # getLowerBoundsOperands / getUpperBoundsOperands).
    # Constant operands folded in first, as upstream's fold of the op does.
    lmap = op.attr("lowerBoundsMap", A.AffineMapAttr).value
    l_ops, u_ops = operands[: lmap.num_inputs], operands[lmap.num_inputs :]
    lmap = fold_constant_operands(lmap, l_ops)
    umap = fold_constant_operands(op.attr("upperBoundsMap", A.AffineMapAttr).value, u_ops)
    lgroups = list(op.attr("lowerBoundsGroups", A.DenseElementsAttr).flat())
    ugroups = list(op.attr("upperBoundsGroups", A.DenseElementsAttr).flat())
    steps = [s.value if hasattr(s, "value") else s for s in op.attr("steps", A.ArrayAttr)]
    # Upstream's order: dimension by dimension, its lower bound (the max of
    # its group) and then its upper bound (the min of its group).
    lbs, ubs, li, ui = [], [], 0, 0
    for lg, ug in zip(lgroups, ugroups, strict=True):
        lbs.append(_reduce(b, arith.MaxSIOp, expand_map(b, lmap.sub_map(range(li, li + lg)), l_ops)))
        ubs.append(_reduce(b, arith.MinSIOp, expand_map(b, umap.sub_map(range(ui, ui + ug)), u_ops)))
        li += lg
        ui += ug
    step_vals = [b.const_index(int(s)) for s in steps]
    inits = [_identity(b, k, t) for k, t in zip(kinds, op.result_types, strict=True)]
    body = _move_region(op)
    blk = body.blocks[0]
    term = blk.terminator
    assert term is not None, "affine.parallel body without its affine.yield"
    reduce_regions = []
    for k, t in zip(kinds, op.result_types, strict=True):
        r = Region()
        rb = r.add_block()
        x, y = rb.add_argument(t), rb.add_argument(t)
        bb = Builder.at_end(rb, op.loc)
        rmw = _RMW[k]
        assert rmw is not None, "an 'assign' reduction has no combining op"
        res = bb.binary(rmw, x, y)
        bb.create(scf.ReduceReturnOp, [res])
        reduce_regions.append(r)
    tb = Builder.before(term)
    tb.create(scf.ReduceOp, list(term.operands), regions=reduce_regions)
    term.erase()
    seg = A.DenseArrayAttr(T.i32, (len(lbs), len(ubs), len(step_vals), len(inits)))
    new = b.create(
        scf.ParallelOp,
        [*lbs, *ubs, *step_vals, *inits],
        op.result_types,
        properties={"operandSegmentSizes": seg},
        regions=[body],
    )
    op.replace_all_uses_with(new)
    op.erase()


def _lower_access(op: Operation, rw: PatternRewriter) -> None:
    assert isinstance(op, (AffineLoadOp, AffineStoreOp, AffineVectorLoadOp, AffineVectorStoreOp))
    b = Builder.before(op)
    idx = expand_map(b, op.attr("map", A.AffineMapAttr).value, list(op.indices))
    if isinstance(op, AffineLoadOp):
        new = b.create(memref.LoadOp, [op.memref, *idx], op.result_types)
    elif isinstance(op, AffineStoreOp):
        new = b.create(memref.StoreOp, [op.value, op.memref, *idx])
    elif isinstance(op, AffineVectorLoadOp):
        new = b.create(vector.LoadOp, [op.memref, *idx], op.result_types)
    else:
        new = b.create(vector.StoreOp, [op.value, op.memref, *idx])
    op.replace_all_uses_with(new)
    op.erase()


def _lower_apply_minmax(op: Operation, rw: PatternRewriter) -> None:
    b = Builder.before(op)
    vals = expand_map(b, op.attr("map", A.AffineMapAttr).value, list(op.operands))
    if isinstance(op, AffineApplyOp):
        res = vals[0]
    else:
        res = _reduce(b, arith.MinSIOp if isinstance(op, AffineMinOp) else arith.MaxSIOp, vals)
    op.results[0].replace_all_uses_with(res)
    op.erase()


def _lower_prefetch(op: Operation, rw: PatternRewriter) -> None:
    assert isinstance(op, AffinePrefetchOp)
    b = Builder.before(op)
    idx = expand_map(b, op.attr("map", A.AffineMapAttr).value, list(op.indices))
    props = {k: v for k, v in op.props.items() if k in ("isWrite", "localityHint", "isDataCache")}
    b.create(memref.PrefetchOp, [op.memref, *idx], properties=props)
    op.erase()


def _lower_dma_start(op: Operation, rw: PatternRewriter) -> None:
    """As upstream: each of the three maps expanded on its operands, the
    element count and the optional stride operands kept."""
    assert isinstance(op, AffineDmaStartOp)
    maps = [map_of(op, n) for n in ("src_map", "dst_map", "tag_map")]
    if any(m is None for m in maps):
        raise op.emit_error("lower-affine: affine.dma_start without its src_map, dst_map and tag_map")
    src_map, dst_map, tag_map = cast(list[AffineMap], maps)
    ops = list(op.operands)
    dst = 1 + src_map.num_inputs
    tag = dst + 1 + dst_map.num_inputs
    num = tag + 1 + tag_map.num_inputs
    b = Builder.before(op)
    src_idx = expand_map(b, src_map, ops[1:dst])
    dst_idx = expand_map(b, dst_map, ops[dst + 1 : tag])
    tag_idx = expand_map(b, tag_map, ops[tag + 1 : num])
    b.create(memref.DmaStartOp, [ops[0], *src_idx, ops[dst], *dst_idx, ops[num], ops[tag], *tag_idx, *ops[num + 1 :]])
    op.erase()


def _lower_dma_wait(op: Operation, rw: PatternRewriter) -> None:
    assert isinstance(op, AffineDmaWaitOp)
    tag_map = map_of(op, "tag_map")
    if tag_map is None:
        raise op.emit_error("lower-affine: affine.dma_wait without its tag_map")
    ops = list(op.operands)
    b = Builder.before(op)
    idx = expand_map(b, tag_map, ops[1 : 1 + tag_map.num_inputs])
    b.create(memref.DmaWaitOp, [ops[0], *idx, ops[1 + tag_map.num_inputs]])
    op.erase()


def _lower_delinearize(op: Operation, rw: PatternRewriter) -> None:
    """x -> (r0, ..., r_{n-1}) over the basis; only the n-1 inner bounds
    matter: r_k = (x floordiv prod(inner[k:])) mod inner[k-1]."""
    assert isinstance(op, AffineDelinearizeIndexOp)
    b = Builder.before(op)
    n = len(op.results)
    inner = _mixed_basis(b, op)[-(n - 1) :] if n > 1 else []
    x = op.linear_index
    results = []
    for k in range(n):
        stride = None
        for v in inner[k:]:
            stride = v if stride is None else b.binary(arith.MulIOp, stride, v)
        q = x if stride is None else b.binary(arith.FloorDivSIOp, x, stride)
        results.append(q if k == 0 else b.binary(arith.RemSIOp, q, inner[k - 1]))
    for r, v in zip(op.results, results, strict=True):
        r.replace_all_uses_with(v)
    op.erase()


def _lower_linearize(op: Operation, rw: PatternRewriter) -> None:
    assert isinstance(op, AffineLinearizeIndexOp)
    b = Builder.before(op)
    basis = _mixed_basis(b, op)
    idx = list(op.multi_index)
    if len(basis) == len(idx):
        basis = basis[1:]
    acc = idx[0]
    for i, v in zip(idx[1:], basis, strict=True):
        acc = b.binary(arith.AddIOp, b.binary(arith.MulIOp, acc, v), i)
    op.results[0].replace_all_uses_with(acc)
    op.erase()


def _mixed_basis(b: Builder, op: AffineDelinearizeIndexOp | AffineLinearizeIndexOp) -> list[Value]:
    dyn = list(op.dynamic_basis)
    out = []
    for s in op.attr("static_basis", A.DenseArrayAttr).values:
        out.append(dyn.pop(0) if s == T.DYNAMIC else b.const_index(s))
    return out


PATTERNS = PatternSet.from_table(
    {
        AffineForOp: _lower_for,
        AffineIfOp: _lower_if,
        AffineParallelOp: _lower_parallel,
        AffineLoadOp: _lower_access,
        AffineStoreOp: _lower_access,
        AffineVectorLoadOp: _lower_access,
        AffineVectorStoreOp: _lower_access,
        AffineApplyOp: _lower_apply_minmax,
        AffineMinOp: _lower_apply_minmax,
        AffineMaxOp: _lower_apply_minmax,
        AffinePrefetchOp: _lower_prefetch,
        AffineDmaStartOp: _lower_dma_start,
        AffineDmaWaitOp: _lower_dma_wait,
        AffineDelinearizeIndexOp: _lower_delinearize,
        AffineLinearizeIndexOp: _lower_linearize,
    }
)
# Every affine op but the yields (lowered with their parents) must go.
TARGET = ConversionTarget(
    illegal_dialects=("affine",),
    legal_ops=(AffineYieldOp,),
    message=lambda op: f"'{op.name}' op is not handled by lower-affine",
)


def lower_affine(root: Operation) -> None:
    """Lower every affine op nested in ``root`` (innermost first); an
    affine op no pattern handles is a located error."""
    apply_conversion(root, PATTERNS, target=TARGET)


@register_pass
@dataclass(frozen=True)
class LowerAffine(ModulePass):
    name: ClassVar[str] = "lower-affine"
    summary: ClassVar[str] = "Lower affine ops to scf, arith and memref"

    def run(self, op: Operation, ctx: PassContext) -> None:
        lower_affine(op)
