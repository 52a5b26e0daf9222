"""``polymlir-parallel-outlining``: run each outermost ``scf.parallel`` on
``threads`` threads through the parallel-for runtime
(``polymlir.codegen.parallel_runtime``).

An outermost parallel loop (no ``scf.parallel`` around it) becomes

* ``func.func private @__polymlir_parallel_body_<fn>_<k>(%lo: index, %hi:
  index, %ctx: !llvm.ptr, %chunk: index)``: it loads the values the loop
  captures from the context struct ``%ctx`` points to and calls
* ``@__polymlir_parallel_work_<fn>_<k>(%lo, %hi, %chunk, partials...,
  captures...)``, which runs the loop with its outermost dimension
  restricted to iterations ``[%lo, %hi)`` (counted from 0); inner
  dimensions and nested parallel loops stay sequential. The captures are
  arguments so that the JIT's noalias copy of ``fn`` (``codegen.noalias``)
  can call a copy of the work function whose memrefs are ``noalias``: when
  they are distinct arguments of ``fn``, the work function carries their
  LLVM parameter positions in ``polymlir.noalias_params``;
* at the loop's place: the captured values stored in the context (a stack
  slot in the function's entry block), and ``llvm.call
  @__polymlir_parallel_for(@body, %ctx, 0, trip_count, chunks, threads)``:
  one chunk per thread, or ``UNEVEN_CHUNKS`` per thread when the work of
  the iterations differs (a loop in the body has bounds computed from the
  induction variable), claimed in order as threads come free.

Reductions: chunk ``c`` reduces its iterations starting from the
reduction's identity and stores its partial value in slot ``c`` of a
``chunks``-element stack array (prefilled with the identity, for chunks
that do not run); the caller then folds the loop's ``init`` value with the
slots in chunk order, so the init is combined exactly once and the result
is the same on every run for a given thread count (which fixes the chunks). A reduction must be one
combining op whose identity is known (``arith.addf``, ``mulf``, ``max*``,
``min*``, ``addi``, ...): other loops stay sequential, as do loops that call
external functions (output, Python library calls: their order would change),
loops with a static trip count below 2, loops capturing a value with no
LLVM type, and leaf loops (no loop or call inside) that a sequential loop
repeats, unless they have ``LEAF_MIN_TRIPS`` iterations: too little work
per region. ``scf.forall`` without shared outputs is lowered to
``scf.parallel`` first, as ``convert-scf-to-cf`` does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from ...dialects import affine, arith, func, llvm, memref, scf, vector
from ...dialects.arith.identities import int_identity
from ...dialects.llvm.types import LLVMStructType
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import BlockArgument, Operation, OpResult, Region, Value
from ...ir.patterns import OpClass, PatternRewriter, PatternSet
from ...ir.rewriting import apply_conversion
from ...ir.symbol_table import lookup_in
from ...transforms.passes.manager import MODULE, ModulePass, PassContext, register_pass
from ..scf_to_cf import forall_to_parallel
from .lowering_helpers import call, const_i64, declare, gep
from .type_converter import PTR, VOID, LLVMTypeConverter
from .type_converter import unrealized_cast as cast

__all__ = ["outline_parallel_loops", "BODY_PREFIX", "WORK_PREFIX", "NOALIAS_PARAMS", "PARALLEL_FOR"]

BODY_PREFIX = "__polymlir_parallel_body_"
WORK_PREFIX = "__polymlir_parallel_work_"
# The work function's discardable attribute: the LLVM parameter positions
# that are noalias in its noalias copy (see _noalias_params).
NOALIAS_PARAMS = "polymlir.noalias_params"
# The runtime's entry point (polymlir.codegen.parallel_runtime defines it).
PARALLEL_FOR = "__polymlir_parallel_for"

# Ops without operands that are cheaper to copy into the body than to pass
# (and whose value LLVM then sees: constant bounds, strides, globals).
_COPIED = (arith.ConstantOp, llvm.ConstantOp, llvm.AddressOfOp, llvm.ZeroOp, memref.GetGlobalOp)
# Ops whose effects are not on memory the loop's iterations may share: their
# order is observable (or they run Python), so such loops stay sequential.
_ORDERED = (vector.PrintOp, func.CallIndirectOp)
# The same for ops of dialects polymlir does not register: known by name only.
_ORDERED_UNREGISTERED = frozenset({"gpu.printf"})
_CALLS = (func.CallOp, llvm.CallOp)
_LOOPS = (scf.ForOp, scf.WhileOp, scf.ParallelOp, affine.AffineForOp, affine.AffineParallelOp)
# A region costs a wake-up of the pool (a microsecond; on a loaded machine
# far more): a leaf parallel loop (no loop or call in its body) that a
# sequential loop repeats is outlined only with at least this many
# iterations. Tiled stencils put tiny parallel loops innermost (heat-3d
# after optimize: millions of regions of at most 4 iterations).
LEAF_MIN_TRIPS = 4096
# Chunks per thread of a loop whose iterations' work differs (``_uneven``):
# claimed in order as threads come free, so no thread waits long for the
# last; uniform loops keep one contiguous chunk per thread.
UNEVEN_CHUNKS = 8


def _identity_attr(combiner: OpClass, t: T.Type) -> A.Attribute | None:
    """The identity of the op class ``combiner`` on ``t`` (``x op id == x``
    bit for bit), or None."""
    if isinstance(t, T.FloatType):
        floats: dict[OpClass, float] = {
            arith.AddFOp: -0.0,  # -0.0 + x == x also for x == -0.0
            arith.MulFOp: 1.0,
            arith.MaximumFOp: -math.inf,
            arith.MinimumFOp: math.inf,
            arith.MaxNumFOp: math.nan,
            arith.MinNumFOp: math.nan,
        }
        v = floats.get(combiner)
        return None if v is None else A.FloatAttr(v, t)
    if isinstance(t, (T.IntegerType, T.IndexType)):
        w = t.width if isinstance(t, T.IntegerType) else 64
        iv = int_identity(combiner, w)
        if iv is None:
            return None
        if t == T.i1:
            return A.BoolAttr(bool(iv))
        return A.IntegerAttr(iv, t)
    return None


def _reduction_identity(region: Region) -> A.Attribute | None:
    """The identity of an ``scf.reduce`` region that is one combining op of
    its two arguments, or None."""
    blk = region.blocks[0]
    ops = blk.operations
    if len(ops) != 2 or not isinstance(ops[1], scf.ReduceReturnOp) or len(blk.arguments) != 2:
        return None
    comb, ret = ops
    if set(comb.operands) != set(blk.arguments) or len(comb.operands) != 2 or ret.operands != [comb.results[0]]:
        return None
    return _identity_attr(type(comb), blk.arguments[0].type)


def _uneven(op: Operation) -> bool:
    """Whether the work of ``op``'s iterations may differ: a loop in its
    body has a bound computed from the chunked induction variable (the
    triangular column tiles of syrk, the skewed tiles of a wavefront)."""
    body = op.regions[0].blocks[0]
    derived: set[Value] = {body.arguments[0]}
    for inner in op.walk(post_order=False):
        if inner is op:
            continue
        if isinstance(inner, scf.ForOp) and any(v in derived for v in inner.operands[:2]):
            return True
        if any(v in derived for v in inner.operands):
            derived.update(inner.results)
    return False


def _enclosing_func(op: Operation) -> Operation | None:
    """The ``func.func`` holding ``op``, or None."""
    fn = op.parent_op
    while fn is not None and not isinstance(fn, func.FuncOp):
        fn = fn.parent_op
    return fn


def _defined_inside(v: Value, op: Operation) -> bool:
    if isinstance(v, OpResult):
        return op.is_ancestor_of(v.owner)
    assert isinstance(v, BlockArgument)
    owner = v.owner.parent_op
    return owner is not None and op.is_ancestor_of(owner)


class _Outliner:
    def __init__(self, module: Operation, threads: int) -> None:
        self.module = module
        self.threads = threads
        self.conv = LLVMTypeConverter()
        self.counter = 0
        self._safe: dict[str, bool] = {}

    # -- which loops -------------------------------------------------------------
    def _callee_safe(self, name: str) -> bool:
        """Whether calling ``@name`` from several threads at once changes
        nothing observable but memory: it is defined here and calls only
        such functions."""
        known = self._safe.get(name)
        if known is not None:
            return known
        self._safe[name] = False  # recursion: assume the worst until shown
        fn = lookup_in(self.module, name)
        ok = fn is not None and bool(fn.regions) and bool(fn.regions[0].blocks) and self._body_safe(fn)
        self._safe[name] = ok
        return ok

    def _body_safe(self, root: Operation) -> bool:
        for o in root.walk():
            if o is root:
                continue
            if isinstance(o, _ORDERED) or o.name in _ORDERED_UNREGISTERED:
                return False
            if isinstance(o, _CALLS):
                callee = o.props.get("callee")
                if not isinstance(callee, A.SymbolRefAttr) or not self._callee_safe(callee.root):
                    return False
        return True

    def _captures(self, op: Operation) -> list[Value] | None:
        """The values defined outside ``op`` that ``op`` uses (its init
        values excepted), in order of first use; None if one cannot be
        passed."""
        assert isinstance(op, scf.ParallelOp)
        skip = {id(o) for o in op.op_operands[len(op.operands) - len(op.initVals) :]}
        seen: dict[Value, None] = {}
        for o in op.walk(post_order=False):
            for use in o.op_operands:
                v = use.value
                if o is op and id(use) in skip:
                    continue
                if v in seen or _defined_inside(v, op):
                    continue
                seen[v] = None
        out: list[Value] = []
        for v in seen:
            if isinstance(v, OpResult) and isinstance(v.owner, _COPIED) and not v.owner.operands:
                out.append(v)
                continue
            if self.conv.convert(v.type) is None:
                return None
            out.append(v)
        return out

    def _static_trip_count(self, op: scf.ParallelOp, dim: int = 0) -> int | None:
        vals = []
        for v in (op.lowerBound[dim], op.upperBound[dim], op.step[dim]):
            if not (isinstance(v, OpResult) and isinstance(v.owner, arith.ConstantOp)):
                return None
            a = v.owner.props.get("value")
            if not isinstance(a, A.IntegerAttr):
                return None
            vals.append(a.value)
        lb, ub, step = vals
        return max(0, -(-(ub - lb) // step)) if step > 0 else None

    def outlinable(self, op: Operation) -> bool:
        assert isinstance(op, scf.ParallelOp)
        fn = _enclosing_func(op)
        if fn is None:
            return False
        reduce_op = op.regions[0].blocks[0].terminator
        if not isinstance(reduce_op, scf.ReduceOp):
            return False
        if any(_reduction_identity(r) is None for r in reduce_op.regions):
            return False
        tc = self._static_trip_count(op)
        if tc is not None and tc < 2:
            return False
        return self._worth_a_region(op, fn) and self._body_safe(op) and self._captures(op) is not None

    def _worth_a_region(self, op: scf.ParallelOp, fn: Operation) -> bool:
        """Whether a region per execution of ``op`` pays: it runs once per
        call of ``func``, or its body has loops or calls, or it has at least
        LEAF_MIN_TRIPS iterations (known statically)."""
        p = op.parent_op
        while p is not None and p is not fn and not isinstance(p, _LOOPS):
            p = p.parent_op
        if p is None or p is fn:
            return True
        if any(o is not op and isinstance(o, (*_LOOPS, *_CALLS)) for o in op.walk()):
            return True
        trips = 1
        for d in range(len(op.lowerBound)):
            tc = self._static_trip_count(op, d)
            if tc is None:
                return False
            trips *= tc
        return trips >= LEAF_MIN_TRIPS

    def candidates(self, root: Operation) -> list[Operation]:
        """Outermost outlinable parallel loops; inside a loop that cannot be
        outlined, the outermost ones in its body."""
        out: list[Operation] = []

        def visit(o: Operation) -> None:
            for r in o.regions:
                for b in r.blocks:
                    for inner in b.operations:
                        if isinstance(inner, scf.ParallelOp) and self.outlinable(inner):
                            out.append(inner)
                        else:
                            visit(inner)

        visit(root)
        return out

    # -- outlining -----------------------------------------------------------------
    def outline(self, op: Operation) -> None:
        assert isinstance(op, scf.ParallelOp)
        loc = op.loc
        fn = _enclosing_func(op)
        assert fn is not None
        fname = fn.prop("sym_name", A.StringAttr).value
        name = f"{BODY_PREFIX}{fname}_{self.counter}"
        self.counter += 1
        captures = self._captures(op)
        assert captures is not None
        passed = [v for v in captures if not (isinstance(v, OpResult) and isinstance(v.owner, _COPIED))]
        copied = [v for v in captures if v not in passed]
        reduce_op = op.regions[0].blocks[0].terminator
        assert reduce_op is not None
        identities: list[A.Attribute] = []
        for r in reduce_op.regions:
            ident = _reduction_identity(r)
            assert ident is not None, "outlinable() checked every reduction"
            identities.append(ident)
        red_types = list(op.result_types)
        red_llvm = [self._llvm_type(t) for t in red_types]
        fields = [self._llvm_type(v.type) for v in passed] + [PTR] * len(red_types)
        ctx_type = LLVMStructType(tuple(fields))

        # The work function runs the chunk on the captured values, passed as
        # arguments (so that a noalias copy can say which memrefs are
        # disjoint, see codegen.noalias); the body function, which the
        # runtime calls, loads them from the context and calls it.
        work_name = f"{WORK_PREFIX}{fname}_{self.counter - 1}"
        work_types = [T.index, T.index, T.index] + [PTR] * len(red_types) + [v.type for v in passed]
        work_fn = self._private_func(work_name, T.FunctionType(tuple(work_types), ()), loc)
        noalias_params = self._noalias_params(fn, passed, len(red_types))
        if noalias_params:
            work_fn.set_attr(NOALIAS_PARAMS, A.DenseArrayAttr(T.i64, tuple(noalias_params)))
        entry_types = [T.index, T.index, PTR, T.index]
        body_type = T.FunctionType(tuple(entry_types), ())
        body_fn = self._private_func(name, body_type, loc)
        assert fn.parent is not None
        fn.parent.insert_after(fn, body_fn)
        fn.parent.insert_after(body_fn, work_fn)

        entry = body_fn.regions[0].add_block()
        lo, hi, ctx, chunk = (entry.add_argument(t) for t in entry_types)
        fb = Builder.at_end(entry, loc)
        loaded: list[Value] = []
        for j in range(len(red_types)):
            p = self._field(fb, ctx, ctx_type, len(passed) + j)
            loaded.append(fb.create(llvm.LoadOp, [p], [PTR]).results[0])
        for k, v in enumerate(passed):
            p = self._field(fb, ctx, ctx_type, k)
            loaded.append(cast(fb, fb.create(llvm.LoadOp, [p], [fields[k]]).results[0], v.type))
        fb.create(func.CallOp, [lo, hi, chunk, *loaded], [], properties={"callee": A.SymbolRefAttr(work_name)})
        fb.create(func.ReturnOp, [])

        wentry = work_fn.regions[0].add_block()
        wargs = [wentry.add_argument(t) for t in work_types]
        lo, hi, chunk = wargs[:3]
        partial_ptrs = wargs[3 : 3 + len(red_types)]
        wb = Builder.at_end(wentry, loc)
        mapping: dict = {}
        for v in copied:
            mapping[v] = wb.insert(v.owner.clone({})).results[v.index] if isinstance(v, OpResult) else v
        for v, a in zip(passed, wargs[3 + len(red_types) :], strict=True):
            mapping[v] = a
        lb0 = mapping.get(op.lowerBound[0], op.lowerBound[0])
        step0 = mapping.get(op.step[0], op.step[0])
        new_lb = wb.binary(arith.AddIOp, lb0, wb.binary(arith.MulIOp, lo, step0))
        new_ub = wb.binary(arith.AddIOp, lb0, wb.binary(arith.MulIOp, hi, step0))
        ids = [wb.value(arith.ConstantOp, [], t, value=a) for a, t in zip(identities, red_types, strict=True)]
        loop = wb.insert(op.clone(mapping))
        n = len(op.lowerBound)
        loop.set_operand(0, new_lb)
        loop.set_operand(n, new_ub)
        for j, idv in enumerate(ids):
            loop.set_operand(3 * n + j, idv)
        chunk64 = cast(wb, chunk, T.i64)
        for j, partial in enumerate(loop.results):
            slot = gep(wb, partial_ptrs[j], [chunk64], red_llvm[j])
            wb.create(llvm.StoreOp, [cast(wb, partial, red_llvm[j]), slot])
        wb.create(func.ReturnOp, [])

        # The caller: fill the context, run, fold the partial values.
        fentry = fn.regions[0].blocks[0]
        eb = Builder(fentry, fentry.first_op, loc)
        ctx_slot = eb.create(
            llvm.AllocaOp, [const_i64(eb, 1)], [PTR], properties={"elem_type": A.TypeAttr(ctx_type)}
        ).results[0]
        chunks = self.threads * (UNEVEN_CHUNKS if _uneven(op) else 1)
        slots = [
            eb.create(llvm.AllocaOp, [const_i64(eb, chunks)], [PTR], properties={"elem_type": A.TypeAttr(t)}).results[0]
            for t in red_llvm
        ]
        b = Builder.before(op)
        for k, v in enumerate(passed):
            b.create(llvm.StoreOp, [cast(b, v, fields[k]), self._field(b, ctx_slot, ctx_type, k)])
        for j, s in enumerate(slots):
            b.create(llvm.StoreOp, [s, self._field(b, ctx_slot, ctx_type, len(passed) + j)])
            idv = cast(b, b.value(arith.ConstantOp, [], red_types[j], value=identities[j]), red_llvm[j])
            for c in range(chunks):
                b.create(llvm.StoreOp, [idv, gep(b, s, [const_i64(b, c)], red_llvm[j])])
        lb, ub, step = op.lowerBound[0], op.upperBound[0], op.step[0]
        span = b.binary(arith.AddIOp, b.binary(arith.SubIOp, ub, lb), b.binary(arith.SubIOp, step, b.const_index(1)))
        trips = b.binary(arith.MaxSIOp, b.binary(arith.DivSIOp, span, step), b.const_index(0))
        fn_value = b.create(func.ConstantOp, [], [body_type], properties={"value": A.SymbolRefAttr(name)}).results[0]
        declare(op, PARALLEL_FOR, VOID, [PTR, PTR, T.i64, T.i64, T.i64, T.i64])
        args = [cast(b, fn_value, PTR), ctx_slot, const_i64(b, 0), cast(b, trips, T.i64)]
        call(b, PARALLEL_FOR, [*args, const_i64(b, chunks), const_i64(b, self.threads)], VOID)
        results = []
        for j, (init, region) in enumerate(zip(list(op.initVals), reduce_op.regions, strict=True)):
            acc = init
            for c in range(chunks):
                x = b.create(llvm.LoadOp, [gep(b, slots[j], [const_i64(b, c)], red_llvm[j])], [red_llvm[j]])
                acc = self._combine(b, region, acc, cast(b, x.results[0], red_types[j]))
            results.append(acc)
        op.replace_all_uses_with(results)
        op.erase()

    @staticmethod
    def _private_func(name: str, ftype: T.FunctionType, loc) -> Operation:
        return func.FuncOp.create(
            properties={
                "sym_name": A.StringAttr(name),
                "function_type": A.TypeAttr(ftype),
                "sym_visibility": A.StringAttr("private"),
            },
            regions=[Region()],
            loc=loc,
        )

    def _noalias_params(self, fn: Operation, passed: list[Value], n_partials: int) -> list[int]:
        """LLVM parameter positions of the work function's memref aligned
        pointers when every memref it takes is a distinct argument of
        ``fn`` (its noalias copy is then called exactly when they are
        disjoint); else none. Positions follow the expanded convention of
        ``convert-func-to-llvm``."""
        args = list(fn.regions[0].blocks[0].arguments)
        memrefs = [v for v in passed if isinstance(v.type, (T.MemRefType, T.UnrankedMemRefType))]
        if len(memrefs) < 2 or any(not (isinstance(v, BlockArgument) and v in args) for v in memrefs):
            return []
        if len(set(memrefs)) != len(memrefs) or any(isinstance(v.type, T.UnrankedMemRefType) for v in memrefs):
            return []
        k = 3 + n_partials
        out = []
        for v in passed:
            if isinstance(v.type, T.MemRefType):
                out.append(k + 1)
            k += len(self.conv.argument_types(v.type))
        return out

    def _llvm_type(self, t: T.Type) -> T.Type:
        c = self.conv.convert(t)
        assert c is not None, f"{t} has no LLVM type"
        return c

    @staticmethod
    def _field(b: Builder, base: Value, struct: LLVMStructType, k: int) -> Value:
        props = {"rawConstantIndices": A.DenseArrayAttr(T.i32, (0, k)), "elem_type": A.TypeAttr(struct)}
        return b.create(llvm.GEPOp, [base], [PTR], properties=props).results[0]

    @staticmethod
    def _combine(b: Builder, region: Region, acc: Value, x: Value) -> Value:
        rb = region.blocks[0]
        mapping: dict = {rb.arguments[0]: acc, rb.arguments[1]: x}
        for o in rb.operations:
            if isinstance(o, scf.ReduceReturnOp):
                return mapping.get(o.operands[0], o.operands[0])
            b.insert(o.clone(mapping))
        raise AssertionError("scf.reduce region without scf.reduce.return")


def _forall_without_outputs(op: Operation, rw: PatternRewriter) -> bool:
    """``scf.forall`` without shared outputs to ``scf.parallel`` (one with
    outputs stays as it is)."""
    if list(op.attr("operandSegmentSizes", A.DenseArrayAttr).values)[3]:
        return False
    forall_to_parallel(op)
    return True


_FORALL = PatternSet.from_table({scf.ForallOp: _forall_without_outputs})


def outline_parallel_loops(module: Operation, threads: int) -> int:
    """Outline the outermost parallel loops of ``module`` (in place) for
    ``threads`` threads; returns how many. Nothing changes for
    ``threads <= 1``."""
    if threads <= 1:
        return 0
    apply_conversion(module, _FORALL)
    o = _Outliner(module, threads)
    loops = o.candidates(module)
    for op in loops:
        o.outline(op)
    return len(loops)


@register_pass
@dataclass(frozen=True)
class ParallelOutlining(ModulePass):
    name: ClassVar[str] = "polymlir-parallel-outlining"
    anchor: ClassVar[str] = MODULE  # it adds functions to the module
    summary: ClassVar[str] = "Run outermost scf.parallel loops on threads through the parallel-for runtime"
    threads: int = 1

    def run(self, op: Operation, ctx: PassContext) -> None:
        outline_parallel_loops(op, self.threads)
