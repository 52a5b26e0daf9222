"""``lower-affine``: affine ops to scf + arith + memref, as upstream lowers them.

affine.for -> scf.for (max/min bound maps become arith.maxsi/minsi chains),
affine.if -> scf.if, affine.parallel -> scf.parallel (reductions become
scf.reduce regions), affine.load/store -> memref.load/store,
affine.vector_load/store -> vector.load/store, affine.apply/min/max ->
arith, affine.yield -> scf.yield, affine.prefetch and the dma ops -> memref,
affine.delinearize_index/linearize_index -> arith. Affine expressions are
expanded exactly (floordiv/ceildiv/mod included).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..dialects.affine.loops import AffineForOp
from ..dialects.affine.memory import (
    AffineLoadOp,
    AffinePrefetchOp,
    AffineStoreOp,
    AffineVectorLoadOp,
    AffineVectorStoreOp,
)
from ..dialects.affine.ops import AffineDelinearizeIndexOp, AffineLinearizeIndexOp
from ..dialects.affine.parallel import REDUCTIONS
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineSymbolExpr,
)
from ..ir.builder import Builder
from ..ir.core import Operation, Region, Value
from ..ir.diagnostics import DiagnosticError
from .pass_manager import ModulePass, PassContext, register_pass


def expand_expr(b: Builder, e: AffineExpr, dims: Sequence[Value], syms: Sequence[Value]) -> Value:
    """Arith ops computing ``e`` (index-typed) at the builder's point."""
    if isinstance(e, AffineDimExpr):
        return dims[e.position]
    if isinstance(e, AffineSymbolExpr):
        return syms[e.position]
    if isinstance(e, AffineConstantExpr):
        return b.const_index(e.value)
    assert isinstance(e, AffineBinaryExpr)
    lhs = expand_expr(b, e.lhs, dims, syms)
    rhs = expand_expr(b, e.rhs, dims, syms)
    k = e.kind
    if k == AffineExprKind.ADD:
        return b.binary("arith.addi", lhs, rhs)
    if k == AffineExprKind.MUL:
        return b.binary("arith.muli", lhs, rhs)
    const_rhs = e.rhs.value if isinstance(e.rhs, AffineConstantExpr) else None
    if const_rhs is not None and const_rhs <= 0:
        raise DiagnosticError(f"cannot lower '{e}': the divisor must be positive", b.loc)
    zero = b.const_index(0)
    if k == AffineExprKind.MOD:
        # r = a rem b; r < 0 ? r + b : r
        rem = b.binary("arith.remsi", lhs, rhs)
        neg = b.cmpi("slt", rem, zero)
        return b.select(neg, b.binary("arith.addi", rem, rhs), rem)
    if const_rhs is None:
        return b.binary("arith.floordivsi" if k == AffineExprKind.FLOORDIV else "arith.ceildivsi", lhs, rhs)
    one = b.const_index(-1 if k == AffineExprKind.FLOORDIV else 1)
    if k == AffineExprKind.FLOORDIV:
        # a < 0 ? -1 - ((-1 - a) / b) : a / b
        neg = b.cmpi("slt", lhs, zero)
        absolute = b.select(neg, b.binary("arith.subi", one, lhs), lhs)
        q = b.binary("arith.divsi", absolute, rhs)
        return b.select(neg, b.binary("arith.subi", one, q), q)
    # ceildiv: a <= 0 ? -((-a) / b) : ((a - 1) / b) + 1
    nonpos = b.cmpi("sle", lhs, zero)
    absolute = b.select(nonpos, b.binary("arith.subi", zero, lhs), b.binary("arith.subi", lhs, one))
    q = b.binary("arith.divsi", absolute, rhs)
    return b.select(nonpos, b.binary("arith.subi", zero, q), b.binary("arith.addi", q, one))


def expand_map(b: Builder, amap, operands: Sequence[Value]) -> list[Value]:
    nd = amap.num_dims
    return [expand_expr(b, r, operands[:nd], operands[nd:]) for r in amap.results]


def _reduce(b: Builder, name: str, values: list[Value]) -> Value:
    acc = values[0]
    for v in values[1:]:
        acc = b.binary(name, acc, v)
    return acc


def _move_region(src: Operation, index: int = 0) -> Region:
    r = src.regions[index]
    new = Region()
    for blk in list(r.blocks):
        r.blocks.remove(blk)
        new.add_block(blk)
    return new


def _retarget_terminator(region: Region, name: str, new_name: str) -> None:
    for blk in region.blocks:
        t = blk.terminator
        if t is not None and t.name == name:
            b = Builder.before(t)
            b.create(new_name, t.operands)
            t.erase()


def _lower_for(op: Operation) -> None:
    assert isinstance(op, AffineForOp)
    b = Builder.before(op)
    lbs = expand_map(b, op.attr("lowerBoundMap", A.AffineMapAttr).value, list(op.lowerBoundOperands))
    ubs = expand_map(b, op.attr("upperBoundMap", A.AffineMapAttr).value, list(op.upperBoundOperands))
    lb = _reduce(b, "arith.maxsi", lbs)
    ub = _reduce(b, "arith.minsi", ubs)
    step = b.const_index(op.attr("step", A.IntegerAttr).value)
    body = _move_region(op)
    _retarget_terminator(body, "affine.yield", "scf.yield")
    new = b.create("scf.for", [lb, ub, step, *op.inits], op.result_types, regions=[body])
    op.replace_all_uses_with(new)
    op.erase()


def _condition(b: Builder, iset, operands: Sequence[Value]) -> Value:
    nd = iset.num_dims
    conds = []
    zero = None
    for c, eq in zip(iset.constraints, iset.eq_flags, strict=True):
        v = expand_expr(b, c, operands[:nd], operands[nd:])
        zero = zero or b.const_index(0)
        conds.append(b.cmpi("eq" if eq else "sge", v, zero))
    if not conds:
        return b.const_int(1, T.i1)
    return _reduce(b, "arith.andi", conds)


def _lower_if(op: Operation) -> None:
    b = Builder.before(op)
    cond = _condition(b, op.attr("condition", A.IntegerSetAttr).value, list(op.operands))
    then_r = _move_region(op, 0)
    else_r = _move_region(op, 1) if len(op.regions) > 1 else Region()
    for r in (then_r, else_r):
        _retarget_terminator(r, "affine.yield", "scf.yield")
    new = b.create("scf.if", [cond], op.result_types, regions=[then_r, else_r])
    op.replace_all_uses_with(new)
    op.erase()


# affine.parallel reduction kinds (arith::AtomicRMWKind) -> combining op and identity
# (MLIR 22 numbers the kinds alphabetically: the dialect's REDUCTIONS table).
_ARITH_OF_KIND = {
    "maxs": "arith.maxsi",
    "maxu": "arith.maxui",
    "mins": "arith.minsi",
    "minu": "arith.minui",
    "assign": None,
}
_RMW = {k: _ARITH_OF_KIND.get(name, f"arith.{name}") for k, name in enumerate(REDUCTIONS)}


def _identity(b: Builder, kind: int, t: T.Type) -> Value:
    name = _RMW[kind]
    assert name is not None, "an 'assign' reduction has no identity"
    if isinstance(t, T.FloatType):
        vals = {
            "arith.addf": 0.0,
            "arith.mulf": 1.0,
            "arith.maximumf": float("-inf"),
            "arith.minimumf": float("inf"),
            "arith.maxnumf": float("nan"),
            "arith.minnumf": float("nan"),
        }
        return b.const_float(vals[name], t)
    w = t.width if isinstance(t, T.IntegerType) else 64
    ivals = {
        "arith.addi": 0,
        "arith.muli": 1,
        "arith.ori": 0,
        "arith.xori": 0,
        "arith.andi": -1,
        "arith.maxsi": -(1 << (w - 1)),
        "arith.minsi": (1 << (w - 1)) - 1,
        "arith.maxui": 0,
        "arith.minui": -1,
    }
    return b.const_int(ivals[name], t)


def _reduction_kind(a: A.Attribute) -> int:
    """The index in REDUCTIONS an affine.parallel reduction attribute holds."""
    assert isinstance(a, A.IntegerAttr), f"reduction kind {a}"
    return a.value


def _lower_parallel(op: Operation) -> None:
    b = Builder.before(op)
    operands = list(op.operands)
    # The lower map takes the first operands, the upper map the rest (upstream's
    # getLowerBoundsOperands / getUpperBoundsOperands).
    lmap = op.attr("lowerBoundsMap", A.AffineMapAttr).value
    lbs_all = expand_map(b, lmap, operands[: lmap.num_inputs])
    ubs_all = expand_map(b, op.attr("upperBoundsMap", A.AffineMapAttr).value, operands[lmap.num_inputs :])
    lgroups = list(op.attr("lowerBoundsGroups", A.DenseElementsAttr).flat())
    ugroups = list(op.attr("upperBoundsGroups", A.DenseElementsAttr).flat())
    steps = [s.value if hasattr(s, "value") else s for s in op.attr("steps", A.ArrayAttr)]
    lbs, ubs, li, ui = [], [], 0, 0
    for lg, ug in zip(lgroups, ugroups, strict=True):
        lbs.append(_reduce(b, "arith.maxsi", lbs_all[li : li + lg]))
        ubs.append(_reduce(b, "arith.minsi", ubs_all[ui : ui + ug]))
        li += lg
        ui += ug
    step_vals = [b.const_index(int(s)) for s in steps]
    reductions = op.get_attr("reductions")
    kinds = [_reduction_kind(a) for a in reductions] if isinstance(reductions, A.ArrayAttr) else []
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
        bb.create("scf.reduce.return", [res])
        reduce_regions.append(r)
    tb = Builder.before(term)
    tb.create("scf.reduce", list(term.operands), regions=reduce_regions)
    term.erase()
    seg = A.DenseArrayAttr(T.i32, (len(lbs), len(ubs), len(step_vals), len(inits)))
    new = b.create(
        "scf.parallel",
        [*lbs, *ubs, *step_vals, *inits],
        op.result_types,
        properties={"operandSegmentSizes": seg},
        regions=[body],
    )
    op.replace_all_uses_with(new)
    op.erase()


def _lower_access(op: Operation) -> None:
    assert isinstance(op, (AffineLoadOp, AffineStoreOp, AffineVectorLoadOp, AffineVectorStoreOp))
    b = Builder.before(op)
    idx = expand_map(b, op.attr("map", A.AffineMapAttr).value, list(op.indices))
    if isinstance(op, AffineLoadOp):
        new = b.create("memref.load", [op.memref, *idx], op.result_types)
    elif isinstance(op, AffineStoreOp):
        new = b.create("memref.store", [op.value, op.memref, *idx])
    elif isinstance(op, AffineVectorLoadOp):
        new = b.create("vector.load", [op.memref, *idx], op.result_types)
    else:
        new = b.create("vector.store", [op.value, op.memref, *idx])
    op.replace_all_uses_with(new)
    op.erase()


def _lower_apply_minmax(op: Operation) -> None:
    b = Builder.before(op)
    vals = expand_map(b, op.attr("map", A.AffineMapAttr).value, list(op.operands))
    if op.name == "affine.apply":
        res = vals[0]
    else:
        res = _reduce(b, "arith.minsi" if op.name == "affine.min" else "arith.maxsi", vals)
    op.results[0].replace_all_uses_with(res)
    op.erase()


def _lower_prefetch(op: Operation) -> None:
    assert isinstance(op, AffinePrefetchOp)
    b = Builder.before(op)
    idx = expand_map(b, op.attr("map", A.AffineMapAttr).value, list(op.indices))
    props = {k: v for k, v in op.props.items() if k in ("isWrite", "localityHint", "isDataCache")}
    b.create("memref.prefetch", [op.memref, *idx], properties=props)
    op.erase()


def _lower_delinearize(op: Operation) -> None:
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
            stride = v if stride is None else b.binary("arith.muli", stride, v)
        q = x if stride is None else b.binary("arith.floordivsi", x, stride)
        results.append(q if k == 0 else b.binary("arith.remsi", q, inner[k - 1]))
    for r, v in zip(op.results, results, strict=True):
        r.replace_all_uses_with(v)
    op.erase()


def _lower_linearize(op: Operation) -> None:
    assert isinstance(op, AffineLinearizeIndexOp)
    b = Builder.before(op)
    basis = _mixed_basis(b, op)
    idx = list(op.multi_index)
    if len(basis) == len(idx):
        basis = basis[1:]
    acc = idx[0]
    for i, v in zip(idx[1:], basis, strict=True):
        acc = b.binary("arith.addi", b.binary("arith.muli", acc, v), i)
    op.results[0].replace_all_uses_with(acc)
    op.erase()


def _mixed_basis(b: Builder, op: AffineDelinearizeIndexOp | AffineLinearizeIndexOp) -> list[Value]:
    dyn = list(op.dynamic_basis)
    out = []
    for s in op.attr("static_basis", A.DenseArrayAttr).values:
        out.append(dyn.pop(0) if s == T.DYNAMIC else b.const_index(s))
    return out


_LOWER = {
    "affine.for": _lower_for,
    "affine.if": _lower_if,
    "affine.parallel": _lower_parallel,
    "affine.load": _lower_access,
    "affine.store": _lower_access,
    "affine.vector_load": _lower_access,
    "affine.vector_store": _lower_access,
    "affine.apply": _lower_apply_minmax,
    "affine.min": _lower_apply_minmax,
    "affine.max": _lower_apply_minmax,
    "affine.prefetch": _lower_prefetch,
    "affine.delinearize_index": _lower_delinearize,
    "affine.linearize_index": _lower_linearize,
}


def lower_affine(root: Operation) -> None:
    """Lower every affine op nested in ``root`` (innermost first)."""
    for op in list(root.walk()):
        fn = _LOWER.get(op.name)
        if fn is not None:
            fn(op)
    for op in list(root.walk()):
        if op.name.startswith("affine.") and op.name != "affine.yield":
            raise DiagnosticError(f"'{op.name}' op is not handled by lower-affine", op.loc)


@register_pass
@dataclass(frozen=True)
class LowerAffine(ModulePass):
    name: ClassVar[str] = "lower-affine"
    summary: ClassVar[str] = "Lower affine ops to scf, arith and memref"

    def run(self, op: Operation, ctx: PassContext) -> None:
        lower_affine(op)
