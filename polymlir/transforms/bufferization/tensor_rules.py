"""Bufferization of the tensor dialect, tensor constants and tensor
allocations (upstream's TensorBufferizableOpInterfaceImpl and friends):
views become memref views (subview, cast, collapse/expand_shape), element
and slice updates write into the destination's buffer (or its copy), and
ops that create tensors allocate."""

from __future__ import annotations

from collections.abc import Sequence

from ...dialects import bufferization as B
from ...dialects import linalg, scf, tensor
from ...dialects.arith import ConstantOp
from ...dialects.arith.arithmetic import AddIOp
from ...dialects.bufferization import AllocTensorOp
from ...dialects.func import FuncOp
from ...dialects.index_lists import static_values
from ...dialects.linalg.named_ops import FillOp
from ...dialects.memref import SubViewOp
from ...dialects.memref.globals import GetGlobalOp, GlobalOp
from ...dialects.memref.ops import CastOp, CopyOp, DimOp, LoadOp, RankOp, StoreOp
from ...dialects.memref.reshapes import CollapseShapeOp, ExpandShapeOp, compute_collapsed_type, compute_expanded_type
from ...dialects.memref.views import ReshapeOp
from ...dialects.scf.ops import ForOp
from ...dialects.slicing import infer_rank_reduced_subview_type, static_offsets_sizes_strides
from ...dialects.tensor.slices import reassociation_groups
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Block, BlockArgument, Operation, Region, Value
from ...ir.layout import has_identity_layout
from ...ir.symbol_table import SymbolTable
from .bufferize import ALIGNMENT, DYN, Bufferizer, fully_dynamic_layout, memref_type, rule


def _seg(*sizes: int) -> A.DenseArrayAttr:
    return A.DenseArrayAttr(T.i32, tuple(sizes))


@rule(ConstantOp)
def _constant(z: Bufferizer, op: Operation) -> None:
    value = op.get_attr("value")
    t = op.results[0].type
    if not isinstance(value, A.DenseElementsAttr) or not isinstance(t, T.ShapedType):
        raise op.emit_error("only dense tensor constants bufferize")
    name = z.globals.get(value)
    mt = memref_type(t)
    if name is None:
        top = z.module.regions[0].blocks[0]
        name = SymbolTable(z.module).unique_name(
            "__constant_" + "".join(f"{d}x" for d in t.shape) + str(t.element_type)
        )
        props = {
            "sym_name": A.StringAttr(name),
            "sym_visibility": A.StringAttr("private"),
            "type": A.TypeAttr(mt),
            "initial_value": value,
            "constant": A.UNIT,
            "alignment": A.IntegerAttr(ALIGNMENT, T.i64),
        }
        first_func = next((o for o in top.operations if isinstance(o, FuncOp)), None)
        g = GlobalOp.create(properties=props, loc=op.loc)
        if first_func is not None:
            top.insert_before(first_func, g)
        else:
            top.append(g)
        z.globals[value] = name
    b = Builder.before(op)
    m = b.create(GetGlobalOp, [], [mt], properties={"name": A.SymbolRefAttr(name)}).results[0]
    z.replace(op, [m])


@rule(tensor.EmptyOp)
def _empty(z: Bufferizer, op: Operation) -> None:
    z.replace(op, [z.alloc(Builder.before(op), op.results[0].type, list(op.operands))])


@rule(B.AllocTensorOp)
def _alloc_tensor(z: Bufferizer, op: Operation) -> None:
    assert isinstance(op, AllocTensorOp)
    b = Builder.before(op)
    t = op.results[0].type
    copy = op.copy
    if copy is not None:
        z.replace(op, [z.alloc_copy(b, z.buffer(copy), t)])
        return
    z.replace(op, [z.alloc(b, t, list(op.dynamic_sizes), op.get_attr("memory_space"))])


@rule(tensor.ExtractOp)
def _extract(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    v = b.value(LoadOp, [z.buffer(op.operand(0)), *op.operands[1:]], op.results[0].type)
    op.results[0].replace_all_uses_with(v)
    z.replace(op, [])


@rule(tensor.InsertOp)
def _insert(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    dest = z.write_buffer(b, op.op_operands[1])
    b.create(StoreOp, [op.operand(0), dest, *op.operands[2:]])
    z.replace(op, [dest])


@rule(tensor.DimOp)
def _dim(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    v = b.value(DimOp, [z.buffer(op.operand(0)), op.operand(1)], T.index)
    op.results[0].replace_all_uses_with(v)
    z.replace(op, [])


@rule(tensor.RankOp)
def _rank(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    v = b.value(RankOp, [z.buffer(op.operand(0))], T.index)
    op.results[0].replace_all_uses_with(v)
    z.replace(op, [])


def subview(z: Bufferizer, b: Builder, src: Value, op: Operation, first: int, result_shape: Sequence[int]) -> Value:
    """``memref.subview`` of ``src`` with the offsets/sizes/strides of the
    slice op ``op`` (its dynamic ones start at operand ``first``)."""
    offs, sizes, strides = static_offsets_sizes_strides(op)
    st = src.type
    assert isinstance(st, T.MemRefType)
    if st.layout is not None and not isinstance(st.layout, A.StridedLayoutAttr) and not has_identity_layout(st):
        src = z.cast(b, src, T.MemRefType(st.shape, st.element_type, fully_dynamic_layout(st.rank)))
        st = T.of_kind(src.type, T.MemRefType)
    rt = infer_rank_reduced_subview_type(result_shape, st, offs, sizes, strides)
    seg = op.prop("operandSegmentSizes", A.DenseArrayAttr).values
    n = seg[-3:]
    props = {
        "operandSegmentSizes": _seg(1, *n),
        "static_offsets": op.props["static_offsets"],
        "static_sizes": op.props["static_sizes"],
        "static_strides": op.props["static_strides"],
    }
    return b.create(SubViewOp, [src, *op.operands[first:]], [rt], properties=props).results[0]


@rule(tensor.ExtractSliceOp)
def _extract_slice(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    shape = T.of_kind(op.results[0].type, T.ShapedType).shape
    z.replace(op, [subview(z, b, z.buffer(op.operand(0)), op, 1, shape)])


@rule(tensor.InsertSliceOp)
def _insert_slice(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    dest = z.write_buffer(b, op.op_operands[1])
    src = z.buffer(op.operand(0))
    if not same_subview(src, dest, op):
        sv = subview(z, b, dest, op, 2, T.of_kind(op.operand(0).type, T.ShapedType).shape)
        b.create(CopyOp, [src, sv])
    z.replace(op, [dest])


def same_subview(src: Value, dest: Value, op: Operation) -> bool:
    """``src`` is already the slice of ``dest`` that ``op`` inserts into
    (the computation happened in place): nothing to copy."""
    d = src.owner_op
    if not isinstance(d, SubViewOp) or d.operand(0) is not dest:
        return False
    keys = ("static_offsets", "static_sizes", "static_strides")
    return all(d.props.get(k) == op.props.get(k) for k in keys) and d.operands[1:] == op.operands[2:]


@rule(tensor.CastOp)
def _cast(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    src = z.buffer(op.operand(0))
    t = T.of_kind(op.results[0].type, T.ShapedType)
    st = src.type
    if isinstance(t, T.UnrankedTensorType):
        target: T.Type = T.UnrankedMemRefType(t.element_type, getattr(st, "memory_space", None))
    elif isinstance(st, T.MemRefType):
        lay = st.layout
        if lay is not None and not isinstance(lay, A.StridedLayoutAttr):
            lay = fully_dynamic_layout(st.rank)
        target = T.MemRefType(t.shape, t.element_type, lay, st.memory_space)
    else:
        target = T.MemRefType(t.shape, t.element_type, fully_dynamic_layout(t.rank), getattr(st, "memory_space", None))
    z.replace(op, [b.value(CastOp, [src], target) if target != st else src])


@rule(tensor.CollapseShapeOp)
def _collapse(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    src = z.buffer(op.operand(0))
    reassociation = op.prop("reassociation", A.ArrayAttr)
    groups = reassociation_groups(reassociation)
    if not has_identity_layout(T.of_kind(src.type, T.MemRefType)):
        # Only a contiguous buffer is guaranteed to collapse (upstream copies too).
        src = z.alloc_copy(b, src, op.operand(0).type)
    rt = compute_collapsed_type(T.of_kind(src.type, T.MemRefType), groups)
    assert rt is not None
    props = {"reassociation": reassociation}
    z.replace(op, [b.create(CollapseShapeOp, [src], [rt], properties=props).results[0]])


@rule(tensor.ExpandShapeOp)
def _expand(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    src = z.buffer(op.operand(0))
    reassociation = op.prop("reassociation", A.ArrayAttr)
    groups = reassociation_groups(reassociation)
    result_shape = T.of_kind(op.results[0].type, T.ShapedType).shape
    rt = compute_expanded_type(T.of_kind(src.type, T.MemRefType), result_shape, groups)
    if rt is None:
        src = z.alloc_copy(b, src, op.operand(0).type)
        rt = compute_expanded_type(T.of_kind(src.type, T.MemRefType), result_shape, groups)
    assert rt is not None, "a copy has the identity layout, which always expands"
    props = {"reassociation": reassociation, "static_output_shape": op.props["static_output_shape"]}
    new = b.create(ExpandShapeOp, [src, *op.operands[1:]], [rt], properties=props)
    z.replace(op, [new.results[0]])


def loop_nest(b: Builder, sizes: list[Value]) -> tuple[list[Value], Builder]:
    """An scf.for nest over ``sizes``; the ivs and a builder in the body."""
    zero, one = b.const_index(0), b.const_index(1)
    ivs: list[Value] = []
    for s in sizes:
        r = Region()
        blk = r.add_block()
        ivs.append(blk.add_argument(T.index))
        loop = b.create(ForOp, [zero, s, one], [], regions=[r])
        Builder.at_end(blk, loop.loc).create(scf.YieldOp)
        b = Builder(blk, blk.terminator, loop.loc)
    return ivs, b


def shape_values(z: Bufferizer, b: Builder, m: Value) -> list[Value]:
    shape = T.of_kind(m.type, T.MemRefType).shape
    return [
        b.const_index(d) if d != DYN else b.value(DimOp, [m, b.const_index(i)], T.index) for i, d in enumerate(shape)
    ]


def make_fill(b: Builder, value: Value, dest: Value) -> None:
    """``linalg.fill ins(value) outs(dest)`` on a buffer."""
    r = Region()
    blk = r.add_block(Block([value.type, T.of_kind(dest.type, T.MemRefType).element_type], [A.UNKNOWN_LOC] * 2))
    Builder.at_end(blk, b.loc).create(linalg.YieldOp, [blk.arguments[0]])
    b.create(FillOp, [value, dest], [], properties={"operandSegmentSizes": _seg(1, 1)}, regions=[r])


def fill_from_region(z: Bufferizer, b: Builder, dest: Value, region: Region) -> None:
    """Store, at every index of ``dest``, what ``region`` (one block whose
    arguments are the indices, ended by tensor.yield) yields there."""
    block = region.blocks[0]
    y = block.terminator
    assert y is not None
    val = y.operand(0)
    if len(block.operations) == 1 and not (isinstance(val, BlockArgument) and val.owner is block):
        make_fill(b, val, dest)
        return
    ivs, ib = loop_nest(b, shape_values(z, b, dest))
    mapping: dict = dict(zip(block.arguments, ivs, strict=False))
    for o in block.operations:
        if o is y:
            continue
        ib.insert(o.clone(mapping))
    ib.create(StoreOp, [mapping.get(val, val), dest, *ivs])


@rule(tensor.GenerateOp)
def _generate(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    m = z.alloc(b, op.results[0].type, list(op.operands))
    fill_from_region(z, b, m, op.regions[0])
    z.replace(op, [m])


@rule(tensor.PadOp)
def _pad(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    src = z.buffer(op.operand(0))
    st = T.of_kind(op.operand(0).type, T.ShapedType)
    rt = T.of_kind(op.results[0].type, T.ShapedType)
    low, high = static_values(op, "static_low"), static_values(op, "static_high")
    seg = op.prop("operandSegmentSizes", A.DenseArrayAttr).values
    dyn_low = list(op.operands[1 : 1 + seg[1]])
    dyn_high = list(op.operands[1 + seg[1] : 1 + seg[1] + seg[2]])

    def amount(static: list[int], dyn: list[Value], i: int) -> Value:
        if static[i] != DYN:
            return b.const_index(static[i])
        k = sum(1 for s in static[:i] if s == DYN)
        return dyn[k]

    sizes = []
    for i, d in enumerate(rt.shape):
        if d != DYN:
            continue
        s = b.const_index(st.shape[i]) if st.shape[i] != DYN else b.value(DimOp, [src, b.const_index(i)], T.index)
        s = b.binary(AddIOp, s, amount(low, dyn_low, i))
        sizes.append(b.binary(AddIOp, s, amount(high, dyn_high, i)))
    m = z.alloc(b, rt, sizes)
    fill_from_region(z, b, m, op.regions[0])
    # The source goes into the window at `low`.
    offs_static = low
    src_sizes = list(st.shape)
    dyn_sizes = [b.value(DimOp, [src, b.const_index(i)], T.index) for i, d in enumerate(src_sizes) if d == DYN]
    props = {
        "operandSegmentSizes": _seg(1, len(dyn_low), len(dyn_sizes), 0),
        "static_offsets": A.DenseArrayAttr(T.i64, tuple(offs_static)),
        "static_sizes": A.DenseArrayAttr(T.i64, tuple(src_sizes)),
        "static_strides": A.DenseArrayAttr(T.i64, (1,) * len(src_sizes)),
    }
    mt = T.of_kind(m.type, T.MemRefType)
    sv_t = infer_rank_reduced_subview_type(src_sizes, mt, offs_static, src_sizes, [1] * len(src_sizes))
    sv = b.create(SubViewOp, [m, *dyn_low, *dyn_sizes], [sv_t], properties=props).results[0]
    b.create(CopyOp, [src, sv])
    z.replace(op, [m])


@rule(tensor.FromElementsOp)
def _from_elements(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    t = T.of_kind(op.results[0].type, T.ShapedType)
    m = z.alloc(b, t)
    shape = t.shape
    # The indices 0 .. max(shape)-1 first, shared by the stores (as upstream).
    consts = [b.const_index(i) for i in range(max(shape, default=0))]
    for flat, v in enumerate(op.operands):
        idx, rest = [], flat
        for d in reversed(shape):
            idx.append(rest % d)
            rest //= d
        b.create(StoreOp, [v, m, *(consts[i] for i in reversed(idx))])
    z.replace(op, [m])


@rule(tensor.SplatOp)
def _splat(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    m = z.alloc(b, op.results[0].type, list(op.operands[1:]))
    make_fill(b, op.operand(0), m)
    z.replace(op, [m])


@rule(tensor.ReshapeOp)
def _reshape(z: Bufferizer, op: Operation) -> None:
    b = Builder.before(op)
    src = z.buffer(op.operand(0))
    if not has_identity_layout(T.of_kind(src.type, T.MemRefType)):
        src = z.alloc_copy(b, src, op.operand(0).type)
    shape = z.buffer(op.operand(1))
    rt = memref_type(op.results[0].type)
    z.replace(op, [b.value(ReshapeOp, [src, shape], rt)])
