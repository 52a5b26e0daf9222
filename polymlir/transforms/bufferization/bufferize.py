"""The rewriting half of One-Shot Bufferize: with the analysis' decisions,
every tensor op becomes memref ops, in program order, each tensor value
mapped to the buffer (memref value) that holds it. A write that the
analysis put out of place goes to a new allocation, filled with a copy of
the operand when the op reads it.

Per-op rules register with ``@rule(OpClass)`` (``tensor_rules.py``,
``structured_rules.py``); this module holds the driver and the rules of the
ops with regions or symbols (func, scf). Ops with tensor semantics and no
rule are reported, as upstream does without ``allow-unknown-ops``; with it
they keep their tensors, as do the returns and calls of functions whose
boundaries are not bufferized: their tensor operands become
``bufferization.to_tensor`` of the buffers, and the tensors they define (or
a function's tensor arguments) ``bufferization.to_buffer`` where an op
needs their buffer, one per use, as upstream does."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...dialects import scf
from ...dialects.bufferization import ToBufferOp, ToTensorOp
from ...dialects.func import CallOp, FuncOp, ReturnOp
from ...dialects.memref import AllocOp, CastOp, CopyOp
from ...dialects.memref.ops import DimOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.builder import Builder
from ...ir.core import Block, BlockArgument, Operation, OpOperand, Value
from ...ir.diagnostics import DiagnosticError
from ...ir.layout import has_identity_layout
from .analysis import Analysis
from .op_model import callee_name, has_tensor_semantics, is_tensor

DYN = T.DYNAMIC
ALIGNMENT = 64

Rule = Callable[["Bufferizer", Operation], None]
RULES: dict[type[Operation], Rule] = {}


def rule(*classes: type[Operation]):
    """Register the bufferization of the ops of ``classes`` (and their subclasses)."""

    def deco(fn: Rule) -> Rule:
        for c in classes:
            RULES[c] = fn
        return fn

    return deco


def rule_for(op: Operation) -> Rule | None:
    """The rule of ``op``'s class or of its nearest base class that has one."""
    for c in type(op).__mro__:
        fn = RULES.get(c)
        if fn is not None:
            return fn
    return None


@dataclass(frozen=True)
class Options:
    bufferize_function_boundaries: bool = False
    # "infer-layout-map", "fully-dynamic-layout-map" or "identity-layout-map".
    function_boundary_type_conversion: str = "infer-layout-map"
    copy_before_write: bool = False
    # Upstream refuses a loop yielding a buffer other than its iteration
    # argument's unless allowed; allowed, the yielded value is copied in.
    allow_return_allocs_from_loops: bool = False
    # Ops without a rule keep their tensors instead of being an error.
    allow_unknown_ops: bool = False


def _at_start(block: Block) -> Builder:
    ops = block.operations
    return Builder(block, ops[0] if ops else None)


def fully_dynamic_layout(rank: int) -> A.StridedLayoutAttr:
    return A.StridedLayoutAttr((DYN,) * rank, DYN)


def memref_type(t: T.Type, layout: str = "identity", memory_space=None) -> T.Type:
    """The buffer type of tensor type ``t``: identity or fully dynamic layout."""
    if isinstance(t, T.UnrankedTensorType):
        return T.UnrankedMemRefType(t.element_type, memory_space)
    assert isinstance(t, T.RankedTensorType)
    lay = fully_dynamic_layout(t.rank) if layout == "dynamic" else None
    return T.MemRefType(t.shape, t.element_type, lay, memory_space)


class Bufferizer:
    """Rewrites one module; ``buf`` maps each tensor value to its buffer."""

    def __init__(self, module: Operation, analysis: Analysis, options: Options):
        self.module = module
        self.analysis = analysis
        self.options = options
        self.buf: dict[Value, Value] = {}
        self.dead: list[Operation] = []
        self.globals: dict[A.Attribute, str] = {}
        self.signatures: dict[str, T.FunctionType] = {}
        self.retyped: set[Value] = set()
        self.tensor_uses: set[OpOperand] = set()
        # Run after the dead tensor ops are gone (e.g. dropping block arguments).
        self.cleanups: list[Callable[[], None]] = []
        # Ops left on tensors (unknown ops, returns and calls of functions
        # whose boundaries stay tensors) and the tensors they or such
        # functions' arguments define, whose buffers are to_buffer ops.
        self.kept: list[Operation] = []
        self.foreign: set[Value] = set()
        self.original_type: dict[Value, T.Type] = {}

    # -- buffers ----------------------------------------------------------------
    def buffer(self, v: Value) -> Value:
        b = self.buf.get(v)
        if b is None and v in self.foreign:
            return self._to_buffer(v)
        if b is None:
            owner = v.owner_op
            raise DiagnosticError(
                "tensor value has no buffer (its definition was not bufferized)",
                owner.loc if owner is not None else None,
            )
        return b

    def _to_buffer(self, v: Value) -> Value:
        """A new ``to_buffer`` of tensor ``v`` (fully dynamic layout), first
        in its block for an argument, else right after its definition."""
        if isinstance(v, BlockArgument):
            b = _at_start(v.owner)
        else:
            owner = v.owner_op
            assert owner is not None
            b = Builder.after(owner)
        t = v.type
        rank = t.rank if isinstance(t, T.RankedTensorType) else 0
        mt = memref_type(t, "dynamic" if rank else "identity")
        if isinstance(mt, T.MemRefType) and rank == 0:
            mt = T.MemRefType(mt.shape, mt.element_type, A.StridedLayoutAttr((), DYN), mt.memory_space)
        return b.value(ToBufferOp, [v], mt)

    def is_tensor_value(self, v: Value) -> bool:
        """A tensor, or a tensor argument whose type is already its buffer's."""
        return v in self.retyped or is_tensor(v.type)

    def retype(self, v: Value, t: T.Type) -> None:
        """A tensor block argument or region-op result becomes its own
        buffer (type ``t``); its uses so far are tensor uses to rewrite."""
        self.tensor_uses.update(v.uses)
        self.retyped.add(v)
        self.original_type.setdefault(v, v.type)
        v.type = t
        self.buf[v] = v

    def set_buffer(self, tensor: Value, buffer: Value) -> None:
        self.buf[tensor] = buffer

    def replace(self, op: Operation, buffers: Sequence[Value | None]) -> None:
        """``op``'s tensor results live in ``buffers``; ``op`` goes away."""
        for r, b in zip(op.results, buffers, strict=False):
            if b is not None:
                self.buf[r] = b
        self.dead.append(op)

    def dims(self, b: Builder, m: Value, shape) -> list[Value]:
        """The sizes of ``m``'s dimensions that are dynamic in ``shape``."""
        return [b.value(DimOp, [m, b.const_index(i)], T.index) for i, d in enumerate(shape) if d == DYN]

    def alloc(
        self, b: Builder, t: T.Type, dyn_sizes: list[Value] | None = None, memory_space: A.Attribute | None = None
    ) -> Value:
        mt = memref_type(t, memory_space=memory_space)
        assert isinstance(mt, T.MemRefType)
        return b.insert(AllocOp.build(mt, dyn_sizes or [], alignment=ALIGNMENT, loc=b.loc)).results[0]

    def alloc_copy(self, b: Builder, src: Value, t: T.Type, copy: bool = True) -> Value:
        """A new identity-layout buffer shaped like ``src`` (a buffer),
        holding a copy of it when ``copy``."""
        element_type = T.of_kind(t, T.ShapedType).element_type
        if isinstance(src.type, T.UnrankedMemRefType):
            d = src.owner_op
            if not isinstance(d, CastOp) or not isinstance(d.operand(0).type, T.MemRefType):
                raise DiagnosticError("cannot allocate a copy of an unranked tensor of unknown rank", b.loc)
            ranked = d.operand(0)
            ranked_shape = T.of_kind(ranked.type, T.MemRefType).shape
            new = self.alloc_copy(b, ranked, T.RankedTensorType(ranked_shape, element_type), copy)
            return b.value(CastOp, [new], src.type)
        shape = T.of_kind(src.type, T.MemRefType).shape
        new = self.alloc(b, T.RankedTensorType(shape, element_type), self.dims(b, src, shape))
        if copy:
            b.insert(CopyOp.build(src, new, loc=b.loc))
        return new

    def write_buffer(self, b: Builder, use: OpOperand, read: bool = True) -> Value:
        """The buffer an op writes for operand ``use``: the operand's own
        when the analysis put it in place, else a new one (a copy when the
        op reads the operand)."""
        src = self.buffer(use.value)
        if self.analysis.is_in_place(use):
            return src
        return self.alloc_copy(b, src, use.value.type, copy=read)

    def cast(self, b: Builder, m: Value, t: T.Type) -> Value:
        if m.type == t:
            return m
        if (
            isinstance(t, T.MemRefType)
            and isinstance(m.type, T.MemRefType)
            and t.layout is None
            and not has_identity_layout(m.type)
        ):
            # Only a copy gives a buffer an identity layout.
            new = self.alloc_copy(b, m, T.RankedTensorType(m.type.shape, m.type.element_type))
            return self.cast(b, new, t)
        return b.value(CastOp, [m], t)

    # -- driver -----------------------------------------------------------------
    def run(self) -> None:
        top = self.module.regions[0].blocks[0]
        funcs: list[Operation] = [op for op in top.operations if isinstance(op, FuncOp)]
        for f in self.analysis.call_order(funcs):
            self.bufferize_function(f)
        for op in list(top.operations):
            if not isinstance(op, FuncOp):
                self.process(op)
        self.erase_dead()

    def process_block(self, block: Block, skip_terminator: bool = False) -> None:
        ops = list(block.operations)
        if skip_terminator and ops:
            ops = ops[:-1]
        for op in ops:
            self.process(op)

    def process(self, op: Operation) -> None:
        # (A tensor argument or iteration argument already has its
        # buffer type: its uses are tensor uses all the same.)
        tensor_op = has_tensor_semantics(op) or any(u in self.tensor_uses for u in op.op_operands)
        fn = rule_for(op)
        if fn is not None and tensor_op:
            fn(self, op)
            return
        if tensor_op and not self.options.allow_unknown_ops:
            raise op.emit_error(f"'{op.name}' op was not bufferized")
        if tensor_op:
            self.keep(op)
        for r in op.regions:
            for blk in r.blocks:
                self.process_block(blk)

    def keep(self, op: Operation) -> None:
        """``op`` stays on tensors: its tensor results are foreign."""
        self.kept.append(op)
        self.foreign.update(r for r in op.results if is_tensor(r.type))

    def materialize_tensors(self) -> None:
        """The kept ops' operands that were bufferized become one
        ``to_tensor`` each, where the buffer is defined (right after the op
        that was bufferized, as upstream)."""
        made: dict[Value, Value] = {}
        dead = set(self.dead)
        for op in self.kept:
            for use in op.op_operands:
                v = use.value
                if v not in self.buf or v in self.foreign:
                    continue
                t = made.get(v)
                if t is None:
                    if v in self.retyped:
                        owner = v.owner_op
                        if isinstance(v, BlockArgument):
                            b = _at_start(v.owner)
                        else:
                            assert owner is not None
                            b = Builder.after(owner)
                        t = b.value(ToTensorOp, [v], self.original_type[v])
                    else:
                        owner = v.owner_op
                        assert owner is not None and owner in dead, "a bufferized tensor's op is erased"
                        t = Builder.before(owner).value(ToTensorOp, [self.buf[v]], v.type)
                    made[v] = t
                use.set(t)

    def erase_dead(self) -> None:
        self.materialize_tensors()
        self.kept.clear()
        for op in reversed(self.dead):
            op.drop_all_references()
        for op in reversed(self.dead):
            for r in op.results:
                if r.uses:
                    users = ", ".join(sorted({f"'{u.owner.name}'" for u in r.uses}))
                    raise op.emit_error(f"bufferized op's tensor result is still used by {users}")
            op.detach()
        self.dead.clear()
        for fn in self.cleanups:
            fn()
        self.cleanups.clear()

    # -- functions --------------------------------------------------------------
    def boundary_type(self, t: T.Type, infer_from: T.Type | None = None) -> T.Type:
        if not is_tensor(t):
            return t
        conv = self.options.function_boundary_type_conversion
        if conv == "identity-layout-map":
            return memref_type(t)
        if conv == "infer-layout-map" and infer_from is not None:
            return infer_from
        return memref_type(t, "dynamic")

    def bufferize_function(self, f: Operation) -> None:
        ft = T.of_kind(f.attr("function_type", A.TypeAttr).value, T.FunctionType)
        name = f.attr("sym_name", A.StringAttr).value
        if not any(is_tensor(t) for t in (*ft.inputs, *ft.results)):
            self.process_block_list(f)
            self.signatures[name] = ft
            return
        if not self.options.bufferize_function_boundaries:
            self._bufferize_body_only(f)
            self.signatures[name] = ft
            return
        ins = tuple(self.boundary_type(t) for t in ft.inputs)
        if not f.regions or not f.regions[0].blocks:
            outs = tuple(self.boundary_type(t) for t in ft.results)
            self._set_function_type(f, name, T.FunctionType(ins, outs))
            return
        entry = f.regions[0].blocks[0]
        for a, t in zip(entry.arguments, ins, strict=False):
            if is_tensor(a.type):
                self.retype(a, t)
        self.process_block_list(f, skip_returns=True)
        returns = [op for op in f.walk() if isinstance(op, ReturnOp)]
        res: list[T.Type] = []
        for i, t in enumerate(ft.results):
            if not is_tensor(t):
                res.append(t)
                continue
            kinds = {self.buffer(r.operand(i)).type for r in returns}
            res.append(self.boundary_type(t, kinds.pop() if len(kinds) == 1 else None))
        for r in returns:
            b = Builder.before(r)
            r.set_operands(
                [
                    self.cast(b, self.buffer(v), t) if self.is_tensor_value(v) else v
                    for v, t in zip(r.operands, res, strict=False)
                ]
            )
        self._set_function_type(f, name, T.FunctionType(ins, tuple(res)))

    def _bufferize_body_only(self, f: Operation) -> None:
        """Without function boundaries: the signature keeps its tensors, the
        arguments are foreign, the returns kept."""
        if not f.regions or not f.regions[0].blocks:
            return
        self.foreign.update(a for a in f.regions[0].blocks[0].arguments if is_tensor(a.type))
        self.process_block_list(f, skip_returns=True)
        for op in f.walk():
            if isinstance(op, ReturnOp) and op.parent_op is f:
                self.keep(op)

    def process_block_list(self, f: Operation, skip_returns: bool = False) -> None:
        for r in f.regions:
            for blk in r.blocks:
                self.process_block(blk, skip_terminator=skip_returns and blk.terminator is not None)

    def _set_function_type(self, f: Operation, name: str, ft: T.FunctionType) -> None:
        f.set_attr("function_type", A.TypeAttr(ft))
        self.signatures[name] = ft


@rule(CallOp)
def _call(z: Bufferizer, op: Operation) -> None:
    if not z.options.bufferize_function_boundaries:
        z.keep(op)  # a call of tensors, as the functions' boundaries
        return
    name = callee_name(op)
    sig = z.signatures.get(name)
    if sig is None:
        raise op.emit_error(f"call to '@{name}', which is not a bufferized function of this module")
    summary = z.analysis.summaries.get(name)
    b = Builder.before(op)
    operands: list[Value] = []
    tensor_pos = 0
    for use, t in zip(op.op_operands, sig.inputs, strict=False):
        v = use.value
        if not z.is_tensor_value(v):
            operands.append(v)
            continue
        written = summary.written[tensor_pos] if summary is not None else True
        tensor_pos += 1
        m = z.write_buffer(b, use) if written else z.buffer(v)
        operands.append(z.cast(b, m, t))
    op.set_operands(operands)
    for r, t in zip(op.results, sig.results, strict=False):
        if is_tensor(r.type):
            z.retype(r, t)


@rule(ReturnOp)
def _return(z: Bufferizer, op: Operation) -> None:
    """Returns are rewritten with their function (which knows the types)."""


# -- scf ---------------------------------------------------------------------------
def _merge_types(types: list[T.Type], tensor: T.Type) -> T.Type:
    if len(set(types)) == 1:
        return types[0]
    return memref_type(tensor, "dynamic")


@rule(scf.IfOp)
def _if(z: Bufferizer, op: Operation) -> None:
    yields = []
    for r in op.regions:
        for blk in r.blocks:
            z.process_block(blk, skip_terminator=True)
            assert blk.terminator is not None
            yields.append(blk.terminator)
    for i, res in enumerate(op.results):
        if not is_tensor(res.type):
            continue
        t = _merge_types([z.buffer(y.operand(i)).type for y in yields], res.type)
        for y in yields:
            y.set_operand(i, z.cast(Builder.before(y), z.buffer(y.operand(i)), t))
        z.retype(res, t)


@rule(scf.ForOp)
def _for(z: Bufferizer, op: Operation) -> None:
    body = op.regions[0].blocks[0]
    b = Builder.before(op)
    n_iv = len(body.arguments) - len(op.results)
    for k, res in enumerate(op.results):
        use = op.op_operands[3 + k]
        if not is_tensor(res.type):
            continue
        init = z.write_buffer(b, use)
        op.set_operand(3 + k, init)
        arg = body.arguments[n_iv + k]
        z.retype(arg, init.type)
        z.retype(res, init.type)
    z.process_block(body, skip_terminator=True)
    assert body.terminator is not None
    _yield_into_args(z, body.terminator, body.arguments[n_iv:])


def _yield_into_args(z: Bufferizer, y: Operation, args: Sequence[Value]) -> None:
    """Each yielded buffer must be the iteration argument's: yielded
    values not equivalent to it are copied in, through temporaries first
    (a yield may read another iteration argument that a copy overwrites)."""
    b = Builder.before(y)
    new_operands = list(y.operands)
    pending: list[tuple[Value, Value]] = []
    for k, (v, arg) in enumerate(zip(y.operands, args, strict=False)):
        if not isinstance(arg.type, (T.MemRefType, T.UnrankedMemRefType)) or not z.is_tensor_value(v):
            continue
        m = z.buffer(v)
        if m is arg or z.analysis.yields_equivalent(v, arg):
            new_operands[k] = z.cast(b, m, arg.type)
        elif not z.options.allow_return_allocs_from_loops:
            raise y.emit_error(f"Yield operand #{k} is not equivalent to the corresponding iter bbArg")
        else:
            pending.append((z.alloc_copy(b, m, v.type), arg))
            new_operands[k] = arg
    for tmp, arg in pending:
        b.insert(CopyOp.build(tmp, arg, loc=b.loc))
    y.set_operands(new_operands)


@rule(scf.YieldOp)
def _yield(z: Bufferizer, op: Operation) -> None:
    raise op.emit_error("'scf.yield' op of tensors in a parent op without bufferization")
