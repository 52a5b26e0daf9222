"""Emitting a register tile: the accumulators, the reduction loop over the
increments instantiated per row and vector, and the stores (``microkernel``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...affine.schedules import loop_name
from ...dialects.affine.loops import AffineForOp, AffineYieldOp
from ...dialects.affine.memory import AffineLoadOp, AffineVectorLoadOp, AffineVectorStoreOp
from ...dialects.arith.arithmetic import AddFOp, MulFOp
from ...dialects.arith.ops import ConstantOp
from ...dialects.vector.ops import BroadcastOp, FMAOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineExpr, const, dim, sym
from ...ir.affine_map import AffineMap
from ...ir.builder import Builder
from ...ir.core import Block, Operation, Value
from .contraction_band import Contraction, index_coeffs, iv_of
from .loop_utils import as_for

if TYPE_CHECKING:
    from .microkernel_panels import Panel, RowValue

__all__ = ["Emitter", "loop", "tile_body"]


class Emitter:
    """Instantiates the body for one (row, vector) pair of the register tile,
    sharing what does not vary with the row or the vector."""

    def __init__(
        self,
        c: Contraction,
        block: Block,
        anchor: Operation | None,
        lanes: int,
        fma: bool,
        panels: Mapping[Operation, Panel] | None = None,
        hoisted: Mapping[Value, RowValue] | None = None,
    ):
        self.c = c
        self.panels = panels or {}
        self.hoisted = hoisted or {}
        self.builder = Builder(block, anchor)
        self.lanes = lanes
        self.fma = fma
        self.vtype = T.VectorType((lanes,), c.element)
        self.memo: dict[tuple[Value, int | None, int | None], Value] = {}
        self.splats: dict[Value, Value] = {}
        self.varies_i: dict[Value, bool] = {}
        self.varies_j: dict[Value, bool] = {}

    def insert(self, op: Operation) -> Operation:
        return self.builder.insert(op)

    def _varies(self, v: Value, iv: Value | None, table: dict[Value, bool]) -> bool:
        if iv is None:
            return False
        if v in table:
            return table[v]
        owner = v.owner_op
        r = False
        if isinstance(owner, Operation) and owner in self.c.ops:
            if isinstance(owner, AffineLoadOp):
                coeffs = index_coeffs(owner, {iv})
                r = not isinstance(coeffs, str) and any(row.get(iv, 0) for row in coeffs)
            else:
                r = any(self._varies(o, iv, table) for o in owner.operands)
        table[v] = r
        return r

    def varies(self, v: Value) -> tuple[bool, bool]:
        i_iv = self.c.i.iv if self.c.i is not None else None
        return self._varies(v, i_iv, self.varies_i), self._varies(v, self.c.j.iv, self.varies_j)

    def splat(self, v: Value) -> Value:
        s = self.splats.get(v)
        if s is None:
            bcast = BroadcastOp.create(operands=[v], result_types=[self.vtype], loc=self.c.store.loc)
            s = self.insert(bcast).results[0]
            self.splats[v] = s
        return s

    def value(self, v: Value, r: int, vec: int, env: dict[Value, Value]) -> Value:
        """``v`` of the original body at row ``r`` and vector ``vec``."""
        vi, vj = self.varies(v)
        key = (v, r if vi else None, vec if vj else None)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        owner = v.owner_op
        if not isinstance(owner, Operation) or owner not in self.c.ops:
            return v  # defined outside the band
        out: Value
        row_value = self.hoisted.get(v)
        if row_value is not None and self.c.i is not None:  # computed before the band
            i, k = env[iv_of(self.c.i)], env[iv_of(self.c.k)]
            out = self.insert(row_value.load(i, r, k, owner.loc)).results[0]
        elif isinstance(owner, ConstantOp):
            out = self.insert(owner.clone()).results[0]
        elif isinstance(owner, AffineLoadOp):
            out = self._load(owner, r, vec, vj, env)
        else:
            args = [self.value(o, r, vec, env) for o in owner.operands]
            if vj:
                args = [a if isinstance(a.type, T.VectorType) else self.splat(a) for a in args]
            op = Operation.create(
                owner.name,
                operands=args,
                result_types=[self.vtype if vj else owner.results[0].type],
                properties=dict(owner.props) or None,
                attributes=dict(owner.attributes) if owner.attributes else None,
                loc=owner.loc,
            )
            out = self.insert(op).results[0]
        self.memo[key] = out
        return out

    def _load(self, load: Operation, r: int, vec: int, vector: bool, env: dict[Value, Value]) -> Value:
        panel = self.panels.get(load)
        if panel is not None and vector:  # the packed copy of the column tile
            return self.insert(panel.load(env[iv_of(self.c.k)], vec * self.lanes, self.vtype, load.loc)).results[0]
        amap: AffineMap = load.prop("map", A.AffineMapAttr).value
        operands, new_map = self.c_map(amap, list(load.operands[1:]), r, vec, env)
        op: Operation
        if vector:
            op = AffineVectorLoadOp.create(
                operands=[load.operands[0], *operands],
                result_types=[self.vtype],
                properties={"map": A.AffineMapAttr(new_map)},
                loc=load.loc,
            )
        else:
            op = AffineLoadOp.create(
                operands=[load.operands[0], *operands],
                result_types=[load.results[0].type],
                properties={"map": A.AffineMapAttr(new_map)},
                loc=load.loc,
            )
        return self.insert(op).results[0]

    def c_map(
        self, amap: AffineMap, operands: list[Value], r: int, vec: int, env: dict[Value, Value]
    ) -> tuple[list[Value], AffineMap]:
        """The access's map and operands with the band's IVs replaced by the
        new loops' (``env``), offset by the row and the vector."""
        dims: list[AffineExpr] = []
        for pos in range(amap.num_dims):
            v = operands[pos]
            e: AffineExpr = dim(pos)
            if self.c.i is not None and v is self.c.i.iv:
                e = e + r
            elif v is self.c.j.iv:
                e = e + vec * self.lanes
            dims.append(e)
        syms: list[AffineExpr] = [sym(s) for s in range(amap.num_symbols)]
        new_map = amap.replace_dims_and_symbols(dims, syms, amap.num_dims, amap.num_symbols)
        return [env.get(v, v) for v in operands], new_map


def loop(lo: AffineMap | int, hi: AffineMap | int, step: int, lo_ops=(), hi_ops=(), iters=(), loc=None, name=None):
    op = AffineForOp.build(lo, hi, step, lo_ops, hi_ops, iters, loc=loc)
    op.induction_var.name_hint = name
    return op


def tile_body(
    c: Contraction,
    block: Block,
    i_iv: Value | None,
    j_iv: Value,
    rows: int,
    vectors: int,
    lanes: int,
    kt_iv: Value | None,
    kc: int | None,
    fma: bool,
    panels: Mapping[Operation, Panel] | None = None,
    hoisted: Mapping[Value, RowValue] | None = None,
) -> None:
    """Into ``block`` (before its terminator): load the accumulators, the
    ``k`` loop over the increments, store them. ``panels``: loads that read
    a packed copy of the column tile instead, ``hoisted``: values computed
    before the band (``microkernel_panels``)."""
    anchor = block.operations[-1] if block.operations and isinstance(block.operations[-1], AffineYieldOp) else None
    env: dict[Value, Value] = {iv_of(c.j): j_iv}
    if c.i is not None and i_iv is not None:
        env[iv_of(c.i)] = i_iv
    head = Emitter(c, block, anchor, lanes, fma)
    w = c.store.operands[1]
    smap: AffineMap = c.store.prop("map", A.AffineMapAttr).value
    sops = list(c.store.operands[2:])
    accs: list[Value] = []
    for r in range(rows):
        for v in range(vectors):
            ops, m = head.c_map(smap, sops, r, v, env)
            ld = AffineVectorLoadOp.create(
                operands=[w, *ops],
                result_types=[head.vtype],
                properties={"map": A.AffineMapAttr(m)},
                loc=c.store.loc,
            )
            accs.append(head.insert(ld).results[0])
    klo, khi = c.span(c.k)
    if kt_iv is not None:
        assert kc is not None
        lo: AffineMap | int = AffineMap(1, 0, [dim(0)])
        hi: AffineMap | int = AffineMap(1, 0, [dim(0) + kc, const(khi)])
        kloop = loop(lo, hi, 1, [kt_iv], [kt_iv], accs, loc=c.k.op.loc, name=loop_name(c.k))
    else:
        kloop = loop(klo, khi, 1, iters=accs, loc=c.k.op.loc, name=loop_name(c.k))
    head.insert(kloop)
    kbody = as_for(kloop).body
    env[iv_of(c.k)] = as_for(kloop).induction_var
    inner = Emitter(c, kbody, None, lanes, fma, panels, hoisted)
    new_accs: list[Value] = []
    for r in range(rows):
        for v in range(vectors):
            acc = kbody.arguments[1 + r * vectors + v]
            inc_owner = c.increment.owner_op
            op: Operation
            if fma and isinstance(inc_owner, MulFOp) and inc_owner in c.ops:
                a, b = (inner.value(o, r, v, env) for o in inc_owner.operands)
                a = a if isinstance(a.type, T.VectorType) else inner.splat(a)
                b = b if isinstance(b.type, T.VectorType) else inner.splat(b)
                op = FMAOp.create(operands=[a, b, acc], result_types=[inner.vtype], loc=c.update.loc)
            else:
                inc = inner.value(c.increment, r, v, env)
                inc = inc if isinstance(inc.type, T.VectorType) else inner.splat(inc)
                lhs, rhs = (acc, inc) if c.update.operands[0].owner_op is c.acc_load else (inc, acc)
                op = AddFOp.create(
                    operands=[lhs, rhs],
                    result_types=[inner.vtype],
                    properties=dict(c.update.props) or None,
                    loc=c.update.loc,
                )
            new_accs.append(inner.insert(op).results[0])
    inner.insert(AffineYieldOp.create(operands=new_accs, loc=c.store.loc))
    for r in range(rows):
        for v in range(vectors):
            ops, m = head.c_map(smap, sops, r, v, env)
            st = AffineVectorStoreOp.create(
                operands=[kloop.results[r * vectors + v], w, *ops],
                properties={"map": A.AffineMapAttr(m)},
                loc=c.store.loc,
            )
            head.insert(st)
