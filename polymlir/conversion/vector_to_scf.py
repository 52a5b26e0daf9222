"""``convert-vector-to-scf``: vector transfers to loops, as upstream's
VectorToSCF does.

1. Permutation maps are lowered first (upstream's transfer permutation-map
   patterns): a read with a transposing or broadcasting map becomes a read
   of the used memref dims in memref order, then ``vector.broadcast`` and
   ``vector.transpose``; a transposing write transposes its value first.
2. Transfers of rank > ``target-rank`` are unpacked one dimension at a time
   into an ``scf.for`` over lower-rank transfers that go through a stack
   buffer (``memref.alloca`` + ``vector.type_cast``) holding the vector and
   the mask; a dimension that is not ``in_bounds`` is guarded by an
   ``scf.if`` (reads fill the row with the padding). With ``full-unroll``
   the loops are unrolled and the vector is built with
   ``vector.insert``/``vector.extract`` instead.
3. 1-D transfers that are not minor-identity (or whose memref's last
   dimension is not known to have unit stride) become an ``scf.for`` of
   scalar ``memref.load``/``memref.store`` guarded by the bounds check and
   the mask.

A transfer inside ``vector.mask`` takes the mask as its operand first.
What remains (minor-identity 1-D and 0-D transfers) is lowered by
``convert-vector-to-llvm``. Transfers on tensors and on memrefs of vectors
are left alone (``lower-tensors`` is accepted but not implemented).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..dialects import affine, arith, func, llvm, memref, scf, vector
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineConstantExpr, AffineDimExpr, dim, sym
from ..ir.affine_map import AffineMap
from ..ir.builder import Builder
from ..ir.core import Block, Operation, OpResult, Region, Value
from ..ir.layout import strides_and_offset
from ..ir.patterns import PatternRewriter, PatternSet
from ..ir.rewriting import apply_conversion
from ..ir.traits import AFFINE_SCOPE, AUTOMATIC_ALLOCATION_SCOPE, CONSTANT_LIKE, ISOLATED_FROM_ABOVE
from ..transforms.passes.manager import ModulePass, PassContext, register_pass
from .vector_lowering import broadcast, extract, insert, lower_mask, transpose, vec

READ, WRITE = vector.TransferReadOp, vector.TransferWriteOp


# -- transfer op accessors --------------------------------------------------------------


class Xfer:
    """The parts of a transfer_read / transfer_write."""

    def __init__(self, op: Operation):
        self.op = op
        self.read = isinstance(op, READ)
        seg = list(op.prop("operandSegmentSizes", A.DenseArrayAttr).values)
        ops = list(op.operands)
        if self.read:
            self.base = ops[0]
            self.indices = ops[1 : 1 + seg[1]]
            self.padding = ops[1 + seg[1]]
            self.value = None
            self.vtype = T.of_kind(op.result_types[0], T.VectorType)
        else:
            self.value = ops[0]
            self.base = ops[1]
            self.indices = ops[2 : 2 + seg[2]]
            self.padding = None
            self.vtype = T.of_kind(ops[0].type, T.VectorType)
        self.mask = ops[-1] if seg[3] else None
        self.map: AffineMap = op.prop("permutation_map", A.AffineMapAttr).value
        ib = op.opt_prop("in_bounds", A.ArrayAttr)
        self.in_bounds = [bool(x.value) for x in ib] if ib is not None else [False] * self.map.num_results

    @property
    def is_memref(self) -> bool:
        return isinstance(self.base.type, T.MemRefType)

    def result_dims(self) -> list[int | None]:
        """Per vector dim: the memref dim it walks, or None (broadcast)."""
        return [r.position if isinstance(r, AffineDimExpr) else None for r in self.map.results]


def build_transfer(
    b: Builder,
    read: bool,
    base: Value,
    indices: list[Value],
    vt: T.VectorType,
    pmap: AffineMap,
    in_bounds: list[bool],
    padding: Value | None = None,
    value: Value | None = None,
    mask: Value | None = None,
) -> Operation:
    props = {
        "permutation_map": A.AffineMapAttr(pmap),
        "in_bounds": A.ArrayAttr(tuple(A.BoolAttr(x) for x in in_bounds)),
    }
    m = [mask] if mask is not None else []
    if read:
        props["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, (1, len(indices), 1, len(m)))
        assert padding is not None, "a transfer read has a padding value"
        return b.create(READ, [base, *indices, padding, *m], [vt], properties=props)
    props["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, (1, 1, len(indices), len(m)))
    rts = [base.type] if isinstance(base.type, T.RankedTensorType) else []
    assert value is not None, "a transfer write has a value"
    return b.create(WRITE, [value, base, *indices, *m], rts, properties=props)


# -- 1. permutation maps ---------------------------------------------------------------------


def lower_permutation(op: Operation) -> Operation | None:
    """Rewrite a transfer whose map transposes or broadcasts; returns the
    new (ordered) transfer, or None if ``op`` is already ordered."""
    x = Xfer(op)
    dims = x.result_dims()
    used = [d for d in dims if d is not None]
    ordered = sorted(used)
    if used == ordered and len(used) == len(dims):
        return None
    b = Builder.before(op)
    vk = {d: k for k, d in enumerate(dims) if d is not None}  # memref dim -> vector dim
    new_shape = [x.vtype.shape[vk[d]] for d in ordered]
    new_map = AffineMap(x.map.num_dims, 0, tuple(dim(d) for d in ordered))
    new_ib = [x.in_bounds[vk[d]] for d in ordered]
    et = x.vtype.element_type
    if x.read:
        new = build_transfer(
            b, True, x.base, x.indices, vec(new_shape, et), new_map, new_ib, padding=x.padding, mask=x.mask
        )
        r: Value = new.results[0]
        bdims = [k for k, d in enumerate(dims) if d is None]
        bshape = [x.vtype.shape[k] for k in bdims] + new_shape
        r = broadcast(b, r, vec(bshape, et))
        perm = [bdims.index(k) if d is None else len(bdims) + ordered.index(d) for k, d in enumerate(dims)]
        r = transpose(b, r, perm)
        op.replace_all_uses_with([r])
    else:
        perm = [vk[d] for d in ordered]
        assert x.value is not None  # a transfer write
        v = transpose(b, x.value, perm)
        new = build_transfer(b, False, x.base, x.indices, vec(new_shape, et), new_map, new_ib, value=v, mask=x.mask)
        op.replace_all_uses_with(list(new.results))
    op.erase()
    return new


# -- helpers -------------------------------------------------------------------------------------


def _entry_block(op: Operation) -> Block:
    """The entry block of the isolated op (the function) around ``op``."""
    scope = op.parent_op
    while scope is not None and ISOLATED_FROM_ABOVE not in scope.traits:
        scope = scope.parent_op
    assert scope is not None and scope.regions[0].blocks, "transfer op outside of a function"
    return scope.regions[0].blocks[0]


def _hoisted_const(b: Builder, value: A.Attribute, t: T.Type) -> Value:
    """An ``arith.constant`` at the start of the function: an equal one of
    the function's entry block, moved there, or a new one; what upstream's
    greedy driver makes of the constants the lowering creates."""
    anchor = b.block.parent_op if b.block is not None else None
    assert anchor is not None, "a builder inside an op"
    entry = _entry_block(anchor) if ISOLATED_FROM_ABOVE not in anchor.traits else anchor.regions[0].blocks[0]
    leading = True
    for o in entry.operations:
        if o.name == "arith.constant" and o.result_types[0] == t and o.props.get("value") == value:
            if not leading:
                o.detach()
                Builder(entry, entry.first_op).insert(o)
            return o.results[0]
        leading = leading and CONSTANT_LIKE in o.traits
    return Builder(entry, entry.first_op, b.loc).value("arith.constant", [], t, value=value)


def _const(b: Builder, v: int) -> Value:
    return _hoisted_const(b, A.IntegerAttr(v, T.index), T.index)


def _constant_of(v: Value) -> A.Attribute | None:
    d = v.owner if isinstance(v, OpResult) else None
    if d is not None and d.name == "arith.constant":
        return d.props.get("value")
    return None


def _splat(b: Builder, scalar: Value, vt: T.VectorType) -> Value:
    """``scalar`` broadcast to ``vt``: a hoisted dense constant when it is a
    constant (what upstream's folding makes of the broadcast)."""
    c = _constant_of(scalar)
    if isinstance(c, (A.FloatAttr, A.IntegerAttr)) and not any(vt.scalable_dims):
        return _hoisted_const(b, A.DenseElementsAttr(vt, (c.value,), True), vt)
    return broadcast(b, scalar, vt)


def _affine_scope(b: Builder) -> Region | None:
    """The affine scope a value built by ``b`` is in."""
    region = b.block.parent if b.block is not None else None
    op = region.parent if region is not None else None
    if op is None or AFFINE_SCOPE in op.traits:
        return region
    return affine.get_affine_scope(op)


def _offset_index(b: Builder, base: Value, offset: Value | int) -> Value:
    """``base + offset`` as upstream builds it: an ``affine.apply`` with
    constants folded in and the base a symbol where it may be one."""
    c = _constant_of(base)
    if isinstance(offset, int):
        if isinstance(c, A.IntegerAttr):
            return _const(b, c.value + offset)
        if offset == 0:
            return base
        if affine.is_valid_symbol(base, _affine_scope(b)):
            m, operands = AffineMap(0, 1, (sym(0) + offset,)), [base]
        else:
            m, operands = AffineMap(1, 0, (dim(0) + offset,)), [base]
    elif isinstance(c, A.IntegerAttr):
        if c.value == 0:
            return offset
        m, operands = AffineMap(1, 0, (dim(0) + c.value,)), [offset]
    else:
        if affine.is_valid_symbol(base, _affine_scope(b)):
            m, operands = AffineMap(1, 1, (dim(0) + sym(0),)), [offset, base]
        else:
            m, operands = AffineMap(2, 0, (dim(0) + dim(1),)), [base, offset]
    return b.value(affine.AffineApplyOp, operands, T.index, map=A.AffineMapAttr(m))


def _in_bounds_cond(b: Builder, base: Value, d: int, index: Callable[[], Value]) -> Value | bool:
    """``index() < dim d of base``: ``cmpi sgt dim, index`` on a
    ``memref.dim`` made first, ``cmpi slt index, size`` for a static size
    (upstream's folded forms), or the answer when both are constants."""
    t = base.type
    if isinstance(t, T.ShapedType) and t.shape[d] != T.DYNAMIC:
        idx = index()
        c = _constant_of(idx)
        if isinstance(c, A.IntegerAttr):
            return c.value < t.shape[d]
        return b.cmpi("slt", idx, _const(b, t.shape[d]))
    size = b.create(memref.DimOp, [base, _const(b, d)], [T.index]).results[0]
    return b.cmpi("sgt", size, index())


def _entry_alloca(op: Operation, t: T.MemRefType) -> Value:
    """A ``memref.alloca`` at the start of the enclosing allocation scope."""
    scope = op.parent_op
    while scope is not None and not (
        AUTOMATIC_ALLOCATION_SCOPE in scope.traits or isinstance(scope, (func.FuncOp, llvm.LLVMFuncOp))
    ):
        scope = scope.parent_op
    assert scope is not None, "transfer op outside of an allocation scope"
    entry = scope.regions[0].blocks[0]
    after = next((o for o in entry.operations if CONSTANT_LIKE not in o.traits), None)
    b = Builder(entry, after, op.loc)
    return b.create(
        memref.AllocaOp, [], [t], properties={"operandSegmentSizes": A.DenseArrayAttr(T.i32, (0, 0))}
    ).results[0]


def _type_cast(b: Builder, buf: Value, vt: T.VectorType) -> Value:
    """``memref<vector<AxBx..>>`` viewed as ``memref<Axvector<Bx..>>``."""
    inner = T.VectorType(vt.shape[1:], vt.element_type, vt.scalable_dims[1:])
    return b.create(vector.TypeCastOp, [buf], [T.MemRefType((vt.shape[0],), inner)]).results[0]


def _for(b: Builder, n: int, inits: tuple[Value, ...] | list[Value] = ()) -> tuple[Operation, Block]:
    body = Region()
    blk = body.add_block()
    blk.add_argument(T.index)
    for v in inits:
        blk.add_argument(v.type)
    f = b.create(scf.ForOp, [_const(b, 0), _const(b, n), _const(b, 1), *inits], [v.type for v in inits], regions=[body])
    return f, blk


def _if(b: Builder, cond: Value, result_types: list[T.Type], with_else: bool) -> tuple[Operation, Block, Block | None]:
    then_r, else_r = Region(), Region()
    tb = then_r.add_block()
    eb = else_r.add_block() if with_else else None
    op = b.create(scf.IfOp, [cond], result_types, regions=[then_r, else_r])
    return op, tb, eb


def _yield(blk: Block, vals: Sequence[Value] = (), loc=None) -> None:
    Builder.at_end(blk, loc).create(scf.YieldOp, list(vals))


def _row(b: Builder, v: Value, i: int) -> Value:
    """Row ``i`` of ``v``: a vector, or for a 1-D ``v`` its element as a 0-D
    vector (``vector.extract`` + ``vector.broadcast``)."""
    r = extract(b, v, [i])
    vt = T.of_kind(v.type, T.VectorType)
    return broadcast(b, r, T.VectorType((), vt.element_type)) if vt.rank == 1 else r


def _with_index(indices: list[Value], d: int, v: Value) -> list[Value]:
    out = list(indices)
    out[d] = v
    return out


def _last_dim_unit_stride(t: T.Type) -> bool:
    if not isinstance(t, T.MemRefType):
        return True
    if t.rank == 0:
        return True
    so = strides_and_offset(t)
    return so is not None and so[0][-1] == 1


# -- 2. unpacking n-D transfers ---------------------------------------------------------------------


def unpack(op: Operation, full_unroll: bool) -> list[Operation]:
    """Unpack the leading vector dim of an ordered n-D transfer; returns the
    new (n-1)-D transfers. The ops come in upstream's order: the bounds
    check (``memref.dim``, the index, the compare) before the ``scf.if``,
    the index made again inside it for the transfer."""
    x = Xfer(op)
    b = Builder.before(op)
    d0 = x.result_dims()[0]
    assert d0 is not None
    vt = x.vtype
    n = vt.shape[0]
    inner_t = T.VectorType(vt.shape[1:], vt.element_type, vt.scalable_dims[1:])
    inner_map = AffineMap(x.map.num_dims, 0, tuple(x.map.results[1:]))
    ib0, inner_ib = x.in_bounds[0], x.in_bounds[1:]
    base_index = x.indices[d0]
    created: list[Operation] = []

    def inner_transfer(ib: Builder, idx: Value, mask_row: Value | None, value_row: Value | None) -> Operation:
        t = build_transfer(
            ib,
            x.read,
            x.base,
            _with_index(x.indices, d0, idx),
            inner_t,
            inner_map,
            inner_ib,
            padding=x.padding,
            value=value_row,
            mask=mask_row,
        )
        created.append(t)
        return t

    def guarded(ib: Builder, i: Value | int, then_fn, else_fn=None, rtypes: tuple = ()):
        """``then_fn(builder)`` under the bounds check of dim d0 (and
        ``else_fn`` otherwise); the value it yields, if ``rtypes``."""
        if ib0:
            return then_fn(ib)
        cond = _in_bounds_cond(ib, x.base, d0, lambda: _offset_index(ib, base_index, i))
        if isinstance(cond, bool):
            fn = then_fn if cond else else_fn
            return fn(ib) if fn is not None else None
        ifop, tb, eb = _if(ib, cond, list(rtypes), else_fn is not None)
        tv = then_fn(Builder.at_end(tb, op.loc))
        _yield(tb, [tv] if rtypes else [], op.loc)
        if eb is not None:
            ev = else_fn(Builder.at_end(eb, op.loc))
            _yield(eb, [ev] if rtypes else [], op.loc)
        return ifop.results[0] if rtypes else None

    if full_unroll:
        res = _splat(b, x.padding, vt) if x.read else None
        for i in range(n):
            if x.read:
                assert res is not None, "a read starts from the splat padding"

                def then(ib: Builder, i=i, acc=res) -> Value:
                    idx = _offset_index(ib, base_index, i)
                    mrow = _row(ib, x.mask, i) if x.mask is not None else None
                    row = inner_transfer(ib, idx, mrow, None).results[0]
                    return insert(ib, extract(ib, row, []) if not inner_t.rank else row, acc, [i])

                res = guarded(b, i, then, lambda ib, acc=res: acc, (vt,))
            else:

                def write_row(ib: Builder, i=i) -> None:
                    assert x.value is not None  # a transfer write
                    idx = _offset_index(ib, base_index, i)
                    mrow = _row(ib, x.mask, i) if x.mask is not None else None
                    inner_transfer(ib, idx, mrow, _row(ib, x.value, i))

                guarded(b, i, write_row)
        if res is not None:
            op.replace_all_uses_with([res])
        op.erase()
        return created

    # Loop form: the vector (and the mask) go through stack buffers.
    mask_t: T.VectorType | None = T.of_kind(x.mask.type, T.VectorType) if x.mask is not None else None
    mbuf = _entry_alloca(op, T.MemRefType((), mask_t)) if mask_t is not None else None
    buf = _entry_alloca(op, T.MemRefType((), vt))
    if mbuf is not None and x.mask is not None:
        b.create(memref.StoreOp, [x.mask, mbuf], [])
    if not x.read:
        assert x.value is not None  # a transfer write
        b.create(memref.StoreOp, [x.value, buf], [])
    cast = _type_cast(b, buf, vt)
    mcast = _type_cast(b, mbuf, mask_t) if mbuf is not None and mask_t is not None else None
    blk = _for(b, n)[1]
    lb = Builder.at_end(blk, op.loc)
    iv = blk.arguments[0]

    def mask_row(ib: Builder) -> Value | None:
        if mcast is None or mask_t is None:
            return None
        row_t = T.VectorType(mask_t.shape[1:], T.i1, mask_t.scalable_dims[1:])
        return ib.create(memref.LoadOp, [mcast, iv], [row_t]).results[0]

    if x.read:

        def store_row(ib: Builder) -> None:
            idx = _offset_index(ib, base_index, iv)
            row = inner_transfer(ib, idx, mask_row(ib), None).results[0]
            ib.create(memref.StoreOp, [row, cast, iv], [])

        def store_padding(ib: Builder) -> None:
            ib.create(memref.StoreOp, [_splat(ib, x.padding, inner_t), cast, iv], [])

        guarded(lb, iv, store_row, store_padding)
        _yield(blk, [], op.loc)
        op.replace_all_uses_with([b.create(memref.LoadOp, [buf], [vt]).results[0]])
    else:

        def write_loop_row(ib: Builder) -> None:
            idx = _offset_index(ib, base_index, iv)
            vrow = ib.create(memref.LoadOp, [cast, iv], [inner_t]).results[0]
            inner_transfer(ib, idx, mask_row(ib), vrow)

        guarded(lb, iv, write_loop_row)
        _yield(blk, [], op.loc)
    op.erase()
    return created


# -- 3. 1-D transfers through scalar accesses ----------------------------------------------------


def lower_1d_scalar(op: Operation) -> None:
    """A 1-D transfer along a strided dim: a loop of scalar loads/stores."""
    x = Xfer(op)
    b = Builder.before(op)
    d = x.result_dims()[0]
    assert d is not None
    vt = x.vtype
    n = vt.shape[0]

    def cond_at(ib: Builder, iv: Value, idx: Value) -> Value | None:
        c: Value | bool | None = None if x.in_bounds[0] else _in_bounds_cond(ib, x.base, d, lambda: idx)
        if isinstance(c, bool):
            c = None if c else ib.const_int(0, T.i1)
        if x.mask is not None:
            m = extract(ib, x.mask, [iv])
            c = m if c is None else ib.binary(arith.AndIOp, c, m)
        return c

    if x.read:
        init = _splat(b, x.padding, vt)
        loop, blk = _for(b, n, [init])
        lb = Builder.at_end(blk, op.loc)
        iv, acc = blk.arguments[0], blk.arguments[1]
        idx = _offset_index(lb, x.indices[d], iv)

        def load_into(ib: Builder) -> Value:
            e = ib.create(memref.LoadOp, [x.base, *_with_index(x.indices, d, idx)], [vt.element_type]).results[0]
            return insert(ib, e, acc, [iv])

        c = cond_at(lb, iv, idx)
        if c is None:
            nv = load_into(lb)
        else:
            ifop, tb, eb = _if(lb, c, [vt], True)
            assert eb is not None
            _yield(tb, [load_into(Builder.at_end(tb, op.loc))], op.loc)
            _yield(eb, [acc], op.loc)
            nv = ifop.results[0]
        _yield(blk, [nv], op.loc)
        op.replace_all_uses_with([loop.results[0]])
    else:
        blk = _for(b, n)[1]
        lb = Builder.at_end(blk, op.loc)
        iv = blk.arguments[0]
        idx = _offset_index(lb, x.indices[d], iv)

        def store(ib: Builder) -> None:
            assert x.value is not None  # a transfer write
            e = extract(ib, x.value, [iv])
            ib.create(memref.StoreOp, [e, x.base, *_with_index(x.indices, d, idx)], [])

        c = cond_at(lb, iv, idx)
        if c is None:
            store(lb)
        else:
            ifop, tb, _ = _if(lb, c, [], False)
            store(Builder.at_end(tb, op.loc))
            _yield(tb, [], op.loc)
        _yield(blk, [], op.loc)
    op.erase()


# -- driver -------------------------------------------------------------------------------------


def _needs_scalar_1d(x: Xfer) -> bool:
    if x.vtype.rank != 1 or not x.map.num_results:
        return False
    r = x.map.results[0]
    if isinstance(r, AffineConstantExpr):
        return False
    minor = x.map.is_minor_identity()
    return not minor or not _last_dim_unit_stride(x.base.type)


def _to_0d(x: Xfer, target_rank: int) -> bool:
    """Whether a fully unrolled 1-D transfer goes on to 0-D ones
    (``target-rank=0``; not masked ones, a 0-D transfer has no mask)."""
    return x.vtype.rank == 1 and target_rank == 0 and x.mask is None and not any(x.vtype.scalable_dims)


def _supported(x: Xfer) -> bool:
    et = T.of_kind(x.base.type, T.ShapedType).element_type
    return (
        x.is_memref
        and not isinstance(et, T.VectorType)
        and et == x.vtype.element_type
        and not (x.vtype.scalable_dims and x.vtype.scalable_dims[0])
    )


def _masked_transfer(op: Operation, rw: PatternRewriter) -> bool:
    """``vector.mask { transfer }``: the transfer takes the mask as an operand."""
    body = op.regions[0].blocks[0].operations if op.regions[0].blocks else []
    if not body or not isinstance(body[0], (READ, WRITE)):
        return False
    lower_mask(op)
    return True


def _ordered_transfer(op: Operation, rw: PatternRewriter) -> bool:
    """Lower a transposing or broadcasting permutation map (step 1)."""
    if not _supported(Xfer(op)):
        return False
    lower_permutation(op)
    return True


def _loops(full_unroll: bool, target_rank: int) -> Callable[[Operation, PatternRewriter], bool]:
    def transfer_to_loops(op: Operation, rw: PatternRewriter) -> bool:
        """Unpack an ordered transfer down to ``target_rank``, the new
        transfers first (step 2), or loop over a strided 1-D one (step 3)."""
        if not _supported(Xfer(op)):
            return False
        stack = [op]
        while stack:
            t = stack.pop()
            x = Xfer(t)
            if x.vtype.rank > max(target_rank, 1) or (full_unroll and _to_0d(x, target_rank)):
                stack.extend(reversed(unpack(t, full_unroll)))
            elif _needs_scalar_1d(x):
                lower_1d_scalar(t)
        return True

    return transfer_to_loops


MASK_PATTERNS = PatternSet.from_table({vector.MaskOp: _masked_transfer})
PERMUTATION_PATTERNS = PatternSet.from_table({READ: _ordered_transfer, WRITE: _ordered_transfer})


def vector_to_scf(root: Operation, full_unroll: bool = False, target_rank: int = 1) -> None:
    """Lower the vector transfers nested in ``root`` (see the module doc):
    masks first, then every permutation map, then the loops."""
    apply_conversion(root, MASK_PATTERNS)
    apply_conversion(root, PERMUTATION_PATTERNS)
    loops = _loops(full_unroll, target_rank)
    apply_conversion(root, PatternSet.from_table({READ: loops, WRITE: loops}))


@register_pass
@dataclass(frozen=True)
class ConvertVectorToSCF(ModulePass):
    name: ClassVar[str] = "convert-vector-to-scf"
    # Upstream's pass runs on any op; pipelines nest it in func.func.
    anchor: ClassVar[str] = "func.func"
    summary: ClassVar[str] = "Lower the operations from the vector dialect into the SCF dialect"
    full_unroll: bool = False
    target_rank: int = 1
    lower_tensors: bool = False
    lower_scalable: bool = False

    def run(self, op: Operation, ctx: PassContext) -> None:
        vector_to_scf(op, self.full_unroll, self.target_rank)
