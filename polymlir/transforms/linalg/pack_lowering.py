"""Lowering of ``linalg.pack`` and ``linalg.unpack`` (on tensors) to a
``linalg.generic`` that reads the source element by element, so that
bufferization and ``convert-linalg-to-loops`` can run packed programs.

Upstream has no bufferization for pack/unpack: its programs decompose them
with transform ops (``lower_pack``, ``decompose_pack_unpack``) that need
static or unit tiles. This lowering handles any tiles, static or dynamic,
any ``inner_dims_pos`` and ``outer_dims_perm``: each element of the result
is computed from its indices (``linalg.index``):

- pack: dest ``[o..., t...]`` reads source element ``d`` at
  ``o[perm⁻¹(d)] * tile + t`` for a tiled dim ``d`` (``o[...]`` alone
  otherwise), or the padding value past the source's end;
- unpack: dest ``[i...]`` reads the packed source at ``i floordiv tile``
  (outer, permuted) and ``i mod tile`` (inner) for each tiled dim.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...dialects import linalg, scf
from ...dialects.arith.arithmetic import AddIOp, AndIOp, DivUIOp, MulIOp, RemUIOp
from ...dialects.linalg.relayout import PackOp, UnPackOp
from ...dialects.linalg.structured import GenericOp, IndexOp, iterator_array, maps_array
from ...dialects.scf.ops import IfOp
from ...dialects.tensor.ops import DimOp, ExtractOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_map import AffineMap
from ...ir.builder import Builder
from ...ir.core import Block, Operation, Region, Value
from ..passes.manager import ModulePass, PassContext, register_pass


def _tiles(b: Builder, op: Operation) -> list[Value]:
    """The inner tile sizes as index values (constants for static ones)."""
    dyn = iter(op.operands[3 if isinstance(op, PackOp) and _has_padding(op) else 2 :])
    out = []
    for s in op.prop("static_inner_tiles", A.DenseArrayAttr).values:
        out.append(next(dyn) if s == T.DYNAMIC else b.const_index(s))
    return out


def _has_padding(op: Operation) -> bool:
    seg = op.opt_prop("operandSegmentSizes", A.DenseArrayAttr)
    return seg is not None and seg.values[2] == 1


def _perm(op: Operation, rank: int) -> list[int]:
    perm = op.opt_prop("outer_dims_perm", A.DenseArrayAttr)
    p = list(perm.values) if perm is not None else []
    return p or list(range(rank))


def _generic_over(dest: Value, loc: A.Location) -> tuple[GenericOp, Builder, list[Value]]:
    """A ``linalg.generic`` writing all of ``dest`` (parallel, identity
    map), its body builder and the ``linalg.index`` values of its loops."""
    t = T.of_kind(dest.type, T.RankedTensorType)
    rank = len(t.shape)
    region = Region()
    block = region.add_block(Block([t.element_type], [A.UNKNOWN_LOC]))
    props = {
        "indexing_maps": maps_array([AffineMap.identity(rank)]),
        "iterator_types": iterator_array(["parallel"] * rank),
        "operandSegmentSizes": A.DenseArrayAttr(T.i32, (0, 1)),
    }
    g = GenericOp.create(operands=[dest], result_types=[t], properties=props, regions=[region], loc=loc)
    assert isinstance(g, GenericOp)
    b = Builder.at_end(block, loc)
    idx = [b.value(IndexOp, [], T.index, dim=A.IntegerAttr(d, T.i64)) for d in range(rank)]
    return g, b, idx


def _extract(b: Builder, src: Value, indices: Sequence[Value]) -> Value:
    return b.value(ExtractOp, [src, *indices], T.of_kind(src.type, T.RankedTensorType).element_type)


def lower_pack(op: Operation) -> Operation:
    """Replace ``linalg.pack`` ``op`` by the equivalent ``linalg.generic``;
    returns it."""
    src, dest = op.operands[0], op.operands[1]
    pad = op.operands[2] if _has_padding(op) else None
    outer = Builder.before(op)
    tiles = _tiles(outer, op)
    rank = len(T.of_kind(src.type, T.RankedTensorType).shape)
    perm = _perm(op, rank)
    inner_pos = list(op.prop("inner_dims_pos", A.DenseArrayAttr).values)
    src_dims = [outer.value(DimOp, [src, outer.const_index(d)], T.index) for d in inner_pos] if pad else []
    g, b, idx = _generic_over(dest, op.loc)
    outer_idx = {perm[j]: idx[j] for j in range(rank)}  # source dim -> its outer index
    src_idx = [outer_idx[d] for d in range(rank)]
    in_bounds: Value | None = None
    for k, d in enumerate(inner_pos):
        i = b.binary(AddIOp, b.binary(MulIOp, outer_idx[d], tiles[k]), idx[rank + k])
        src_idx[d] = i
        if pad is not None:
            c = b.cmpi("ult", i, src_dims[k])
            in_bounds = c if in_bounds is None else b.binary(AndIOp, in_bounds, c)
    et = T.of_kind(src.type, T.RankedTensorType).element_type
    if in_bounds is None or pad is None:
        v = _extract(b, src, src_idx)
    else:
        then_r, else_r = Region(), Region()
        tb = Builder.at_end(then_r.add_block(), op.loc)
        tb.create(scf.YieldOp, [_extract(tb, src, src_idx)])
        Builder.at_end(else_r.add_block(), op.loc).create(scf.YieldOp, [pad])
        v = b.create(IfOp, [in_bounds], [et], regions=[then_r, else_r]).results[0]
    b.create(linalg.YieldOp, [v])
    return _replace(op, g)


def lower_unpack(op: Operation) -> Operation:
    """Replace ``linalg.unpack`` ``op`` by the equivalent ``linalg.generic``;
    returns it."""
    src, dest = op.operands[0], op.operands[1]
    outer = Builder.before(op)
    tiles = _tiles(outer, op)
    rank = len(T.of_kind(dest.type, T.RankedTensorType).shape)
    perm = _perm(op, rank)
    inner_pos = list(op.prop("inner_dims_pos", A.DenseArrayAttr).values)
    g, b, idx = _generic_over(dest, op.loc)
    outer_of = list(idx)  # per dest dim: its outer (tile) index
    inner: list[Value] = []
    for k, d in enumerate(inner_pos):
        outer_of[d] = b.binary(DivUIOp, idx[d], tiles[k])
        inner.append(b.binary(RemUIOp, idx[d], tiles[k]))
    src_idx = [outer_of[perm[j]] for j in range(rank)] + inner
    b.create(linalg.YieldOp, [_extract(b, src, src_idx)])
    return _replace(op, g)


def _replace(op: Operation, g: Operation) -> Operation:
    Builder.before(op).insert(g)
    op.replace_all_uses_with(g.results)
    op.erase()
    return g


def lower_pack_unpack(root: Operation) -> int:
    """Lower every pack and unpack nested in ``root``; returns how many."""
    ops = [o for o in root.walk() if isinstance(o, (PackOp, UnPackOp))]
    for o in ops:
        (lower_pack if isinstance(o, PackOp) else lower_unpack)(o)
    return len(ops)


@register_pass
@dataclass(frozen=True)
class LowerPackUnpack(ModulePass):
    # Upstream has no pass for this (only transform ops and test patterns
    # restricted to static or unit tiles); the name says it is polymlir's.
    name: ClassVar[str] = "polymlir-lower-pack-unpack"
    summary: ClassVar[str] = "Lower linalg.pack/unpack on tensors to linalg.generic (any tiles, static or dynamic)"

    def run(self, op: Operation, ctx: PassContext) -> None:
        lower_pack_unpack(op)
