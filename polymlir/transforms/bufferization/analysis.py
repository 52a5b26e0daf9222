"""One-Shot Bufferize's in-place analysis: for every op that writes a
tensor operand's buffer, decide whether it may write into that buffer (in
place) or must write into a fresh copy.

Tensors are values; buffers are memory. Writing in place into the buffer of
a tensor ``%v`` destroys ``%v``'s contents, so it is allowed only when no
other use of ``%v``, or of any tensor sharing its buffer (a slice of it, a
cast, a loop's iteration argument...), can observe the old contents after
the write: a read-after-write conflict, as upstream's
OneShotAnalysis calls it. Concretely, for a write ``W`` on operand ``%v``
(processed in program order, regions before the op that holds them):

- the tensors that may share ``%v``'s buffer form an alias set (a
  union-find, merged by views and by each in-place decision);
- the tensors of that set that do not carry ``W``'s new contents (not
  reached from ``W``'s results through aliasing) are "old";
- any use of an old tensor that may execute after ``W`` (later in the
  block, nested in ``W``, or before it inside a loop that also holds ``W``
  while the tensor is defined outside the loop) is a conflict, except
  shape queries and an ``insert_slice`` writing back exactly the slice that
  ``W`` computed (upstream's matching extract/insert_slice pair);
- a write into a buffer that is not writable (a constant, a non-writable
  ``to_tensor`` or argument) or into a tensor defined outside a loop that
  repeats ``W`` is a conflict too.

Conflicts make the write out of place (a copy); everything else stays in
place. Being conservative only costs copies, never correctness."""

from __future__ import annotations

from collections.abc import Iterator

from ...dialects import scf, tensor
from ...dialects.arith import ConstantOp
from ...dialects.bufferization import AllocTensorOp, MaterializeInDestinationOp, ToTensorOp
from ...dialects.func import CallOp, FuncOp, ReturnOp
from ...dialects.memref import GetGlobalOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import BlockArgument, Operation, OpOperand, OpResult, Value
from ...ir.diagnostics import DiagnosticError
from ...ir.interfaces import is_loop_like
from .op_model import (
    METADATA_OPS,
    VIEW_OPS,
    FuncSummary,
    OperandModel,
    arg_attr,
    callee_name,
    defined_outside,
    external_summary,
    is_structured,
    is_tensor,
    operand_model,
)

NOT_WRITABLE = "the buffer is not writable"


class UnionFind:
    """Sets of values, merged and never split."""

    def __init__(self) -> None:
        self.parent: dict[Value, Value] = {}
        self.members: dict[Value, list[Value]] = {}

    def find(self, v: Value) -> Value:
        p = self.parent.get(v)
        if p is None:
            self.parent[v] = v
            self.members[v] = [v]
            return v
        root = v
        while self.parent[root] is not root:
            root = self.parent[root]
        while self.parent[v] is not root:
            self.parent[v], v = root, self.parent[v]
        return root

    def union(self, a: Value, b: Value) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra is rb:
            return
        if len(self.members[ra]) < len(self.members[rb]):
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.members[ra].extend(self.members.pop(rb))

    def same(self, a: Value, b: Value) -> bool:
        return self.find(a) is self.find(b)

    def set_of(self, v: Value) -> list[Value]:
        return list(self.members[self.find(v)])


def _walk_regions_first(op: Operation) -> Iterator[Operation]:
    """Ops nested in ``op`` in program order, each after the ops it holds."""
    for r in op.regions:
        for b in r.blocks:
            for o in list(b.operations):
                yield from _walk_regions_first(o)
                yield o


def _ancestor_in(op: Operation, block) -> Operation | None:
    cur: Operation | None = op
    while cur is not None and cur.parent is not block:
        cur = cur.parent_op
    return cur


def happens_after(write: Operation, use: Operation, value: Value) -> bool:
    """Whether ``use`` (of ``value``) may execute after ``write``."""
    if write.is_proper_ancestor_of(use):
        return True
    if use.is_proper_ancestor_of(write):
        return False
    # A loop around both repeats the use after the write, unless the value
    # is defined anew in each iteration.
    for loop in write.ancestors():
        if is_loop_like(loop) and loop.is_proper_ancestor_of(use) and defined_outside(value, loop):
            return True
    block = use.parent
    a = _ancestor_in(write, block)
    while a is None and block is not None:
        parent = block.parent_op
        if parent is None:
            return True
        block = parent.parent
        a = _ancestor_in(write, block)
    if a is None:
        return True
    u = _ancestor_in(use, block)
    if u is None or u is a:
        # Different regions of one op: exclusive branches, or a loop's.
        return is_loop_like(a)
    assert block is not None, "the loop above ends with a block holding both"
    ops = block.operations
    return ops.index(u) > ops.index(a)


class Analysis:
    """In-place decisions for every tensor op of a module (or function)."""

    def __init__(
        self,
        module: Operation,
        bufferize_function_boundaries: bool = True,
        copy_before_write: bool = False,
        public_args_writable: bool = True,
        opaque_ops: frozenset[Operation] = frozenset(),
    ):
        self.module = module
        # Ops that stay on tensors (allow-unknown-ops): they read their
        # tensors, and their results may alias them and are not writable.
        self.opaque_ops = opaque_ops
        self.boundaries = bufferize_function_boundaries
        # False: the tensor arguments of public functions (the ones callers
        # outside the module, e.g. Python, pass buffers to) are never
        # written in place, so a call never changes its caller's arrays.
        self.public_args_writable = public_args_writable
        # Upstream's copy-before-write: no analysis, every write on a copy.
        self.copy_before_write = copy_before_write
        self.alias = UnionFind()
        self.equiv = UnionFind()
        self.in_place: dict[OpOperand, bool] = {}
        self.non_writable: set[Value] = set()
        self.summaries: dict[str, FuncSummary] = {}
        self._models: dict[OpOperand, OperandModel] = {}

    # -- driver ---------------------------------------------------------------
    def run(self) -> Analysis:
        funcs: list[Operation] = [op for op in self.module.regions[0].blocks[0].operations if isinstance(op, FuncOp)]
        for f in self.call_order(funcs):
            self.analyze_function(f)
        for op in self.module.regions[0].blocks[0].operations:
            if not isinstance(op, FuncOp):
                self.analyze_region_holder(op)
        return self

    @staticmethod
    def call_order(funcs: list[Operation]) -> list[Operation]:
        """Callees before callers (functions on a call cycle in any order)."""
        by_name = {f.attr("sym_name", A.StringAttr).value: f for f in funcs}
        done: dict[Operation, None] = {}
        visiting: set[Operation] = set()

        def visit(f: Operation) -> None:
            if f in done or f in visiting:
                return
            visiting.add(f)
            for op in f.walk():
                if isinstance(op, CallOp):
                    callee = by_name.get(callee_name(op))
                    if callee is not None:
                        visit(callee)
            visiting.discard(f)
            done[f] = None

        for f in funcs:
            visit(f)
        return list(done)

    def model(self, use: OpOperand) -> OperandModel:
        m = self._models.get(use)
        if m is None:
            m = operand_model(use.owner, use.index, self.summaries)
            self._models[use] = m
        return m

    def analyze_function(self, f: Operation) -> None:
        name = f.attr("sym_name", A.StringAttr).value
        ft = T.of_kind(f.attr("function_type", A.TypeAttr).value, T.FunctionType)
        if not f.regions or not f.regions[0].blocks:
            self.summaries[name] = external_summary(f, list(ft.inputs), len(ft.results))
            return
        entry = f.regions[0].blocks[0]
        public = f.get_attr("sym_visibility") is None
        for i, a in enumerate(entry.arguments):
            writable = self.boundaries and self._arg_writable(f, i) and (self.public_args_writable or not public)
            if is_tensor(a.type) and not writable:
                self.non_writable.add(a)
        self.analyze_region_holder(f)
        self.summaries[name] = self._summarize(f)

    @staticmethod
    def _arg_writable(f: Operation, i: int) -> bool:
        w = arg_attr(f, i, "bufferization.writable")
        return w is None or bool(getattr(w, "value", True))

    def analyze_region_holder(self, root: Operation) -> None:
        ops = list(_walk_regions_first(root))
        for op in ops:
            self._premerge(op)
        for op in ops:
            for use in op.op_operands:
                if is_tensor(use.value.type) and self.model(use).write:
                    self._decide(op, use)

    def _premerge(self, op: Operation) -> None:
        """Aliasing that holds whatever the decisions: views, branches'
        yields, a loop's iteration argument and its result (one buffer)."""
        if isinstance(op, (ConstantOp, GetGlobalOp)) or (
            isinstance(op, ToTensorOp) and op.get_attr("writable") is None
        ):
            for r in op.results:
                if is_tensor(r.type):
                    self.non_writable.add(r)
        if op in self.opaque_ops or (isinstance(op, CallOp) and not self.boundaries):
            results = [r for r in op.results if is_tensor(r.type)]
            self.non_writable.update(results)
            for v in op.operands:
                if is_tensor(v.type):
                    for r in results:
                        self.alias.union(v, r)
            return
        if isinstance(op, CallOp):
            s = self.summaries.get(callee_name(op))
            for r, ro in zip(op.results, s.result_read_only if s is not None else [], strict=False):
                if ro:
                    self.non_writable.add(r)
        if isinstance(op, (scf.ForOp, scf.ForallOp)):
            for arg, res in zip(op.loop_iter_args(), op.results, strict=False):
                if is_tensor(res.type):
                    self.alias.union(arg, res)
                    self.equiv.union(arg, res)
        for use in op.op_operands:
            if not is_tensor(use.value.type):
                continue
            m = self.model(use)
            if m.write:
                continue
            for a in m.aliases:
                self.alias.union(use.value, a)
                if m.equivalent:
                    self.equiv.union(use.value, a)

    # -- the decision -----------------------------------------------------------
    def _decide(self, op: Operation, use: OpOperand) -> None:
        m = self.model(use)
        if isinstance(op, (scf.ForOp, scf.ForallOp)) and not self._loop_writes(op, m):
            # The body never writes the iteration argument's buffer: sharing
            # the init's buffer is a read-only alias.
            m.write = False
            self._merge(use, m)
            return
        reason = self._conflict(op, use, m)
        if reason is not None and isinstance(op, MaterializeInDestinationOp) and use.index == 1:
            raise self._must_in_place_error(op, use, m, reason)
        ok = not self.copy_before_write and reason is None
        self.in_place[use] = ok
        if ok:
            self._merge(use, m)

    def _must_in_place_error(self, op: Operation, use: OpOperand, m: OperandModel, reason: str) -> DiagnosticError:
        """A ``materialize_in_destination`` into a tensor must write its
        destination in place: upstream's errors when it cannot. A raw
        conflict is reported, as upstream's check does, at the first op
        (pre-order) using a tensor of the destination's alias set."""
        if reason == NOT_WRITABLE:
            return op.emit_error(
                f"'{op.name}' op not bufferizable under the given constraints: would write to read-only buffer"
            )
        group = {*self.alias.set_of(use.value), *m.aliases}
        at = next(
            (o for o in self.module.walk(post_order=False) if any(v in group for v in o.operands if is_tensor(v.type))),
            op,
        )
        return at.emit_error(f"'{at.name}' op not bufferizable under the given constraints: cannot avoid RaW conflict")

    def _merge(self, use: OpOperand, m: OperandModel) -> None:
        self.in_place[use] = True
        for a in m.aliases:
            self.alias.union(use.value, a)
            if m.equivalent:
                self.equiv.union(use.value, a)

    def _loop_writes(self, loop: Operation, m: OperandModel) -> bool:
        arg = m.aliases[0]
        if isinstance(loop, scf.ForOp):
            y = loop.body.terminator
            assert isinstance(arg, BlockArgument), "an scf.for operand aliases its iteration argument first"
            k = arg.index - 1
            if y is not None and not self.equiv.same(y.operand(k), arg):
                return True  # the yield copies into the iteration argument
        root = self.alias.find(arg)
        for use, ok in self.in_place.items():
            if ok and self.model(use).write and self.alias.find(use.value) is root:
                if loop.is_proper_ancestor_of(use.owner):
                    return True
        return False

    def _derived(self, op: Operation, m: OperandModel) -> set[Value]:
        """Tensors that carry ``op``'s new contents: its aliasing results and
        what flows from them through views and in-place ops (not back into
        a loop's iteration argument)."""
        seen: set[Value] = set()
        work = [a for a in m.aliases if not isinstance(a, BlockArgument)]
        while work:
            v = work.pop()
            if v in seen:
                continue
            seen.add(v)
            for u in v.uses:
                if not is_tensor(u.value.type):
                    continue
                owner = u.owner
                if isinstance(owner, scf.YieldOp):
                    parent = owner.parent_op
                    if isinstance(parent, (scf.ForOp, scf.IfOp)):
                        work.append(parent.results[u.index])
                    continue
                um = self.model(u)
                if um.write and not self.in_place.get(u, False):
                    continue
                work.extend(a for a in um.aliases if not isinstance(a, BlockArgument))
        return seen

    def _conflict(self, op: Operation, use: OpOperand, m: OperandModel) -> str | None:
        v = use.value
        for loop in op.ancestors():
            if is_loop_like(loop) and defined_outside(v, loop):
                return "the written tensor is defined outside a loop that repeats the write"
        new = self._derived(op, m)
        for x in self.alias.set_of(v):
            if x in new or self._defined_after(op, x) or self._undefined_contents(x):
                continue
            if x in self.non_writable:
                return NOT_WRITABLE
            for u in x.uses:
                owner = u.owner
                if owner is op:
                    if u is use or not self.model(u).read:
                        continue
                    if isinstance(op, (tensor.InsertSliceOp, tensor.ParallelInsertSliceOp)) and self._matching_insert(
                        op, use, u.value
                    ):
                        continue  # inserts the slice of the destination it was computed in
                    if self._elementwise_same_buffer(op, u, use):
                        continue
                    return "the op reads another operand sharing the buffer"
                if isinstance(owner, METADATA_OPS) or not is_tensor(u.value.type):
                    continue
                if not happens_after(op, owner, x):
                    continue
                if self._matching_insert(owner, u, v):
                    continue
                return f"'{owner.name}' uses the old contents after the write"
        return None

    def _elementwise_same_buffer(self, op: Operation, read: OpOperand, write: OpOperand) -> bool:
        """A parallel structured op reading and writing one buffer through
        the same permutation map: each element is read before it is written,
        and only there (upstream's elementwise access)."""
        if not is_structured(op) or any(k != "parallel" for k in op.iterator_types_array()):
            return False
        if not (read.value is write.value or self.equiv.same(read.value, write.value)):
            return False
        maps = op.indexing_maps_array()
        m = maps[write.index]
        return maps[read.index] == m and m.is_permutation()

    @staticmethod
    def _undefined_contents(x: Value) -> bool:
        """``x`` is (a view of) a fresh allocation without contents: a read
        of it may see anything, the write's values too (upstream's rule)."""
        while isinstance(x, OpResult) and isinstance(x.owner, VIEW_OPS):
            x = x.owner.operand(0)
        d = x.owner_op if isinstance(x, OpResult) else None
        if isinstance(d, tensor.EmptyOp):
            return True
        return isinstance(d, AllocTensorOp) and d.copy is None

    @staticmethod
    def _defined_after(write: Operation, x: Value) -> bool:
        """Whether ``x``'s contents are defined after ``write`` (by a later
        op, or by a loop or branch op holding it when it completes): they
        include the write. Views are traced to what they view."""
        while isinstance(x, OpResult) and isinstance(x.owner, VIEW_OPS):
            x = x.owner.operand(0)
        if not isinstance(x, OpResult):
            return False
        d = x.owner
        if d.is_proper_ancestor_of(write):
            return True
        # Later in program order: compare in the innermost block holding both.
        cur: Operation | None = d
        while cur is not None:
            block = cur.parent
            if block is not None and (a := _ancestor_in(write, block)) is not None:
                return a is not cur and block.operations.index(cur) > block.operations.index(a)

            cur = cur.parent_op
        return False

    def _matching_insert(self, owner: Operation, u: OpOperand, written: Value) -> bool:
        """``insert_slice %r into %t[s]`` after a write into the buffer of
        ``extract_slice %t[s]``: the write changed only slice ``s``, which
        the insert overwrites, so its read of ``%t`` sees nothing stale."""
        if not isinstance(owner, (tensor.InsertSliceOp, tensor.ParallelInsertSliceOp)) or u.index != 1:
            return False
        src = written
        while True:
            d = src.owner_op if not isinstance(src, BlockArgument) else None
            if d is None:
                return False
            if isinstance(d, tensor.ExtractSliceOp):
                break
            k = next(
                (i for i, o in enumerate(d.op_operands) if self.in_place.get(o) and src in self.model(o).aliases), None
            )
            if k is None:
                return False
            src = d.operand(k)
        if d.operand(0) is not u.value:
            return False
        same_props = all(
            d.props.get(k) == owner.props.get(k) for k in ("static_offsets", "static_sizes", "static_strides")
        )
        return same_props and d.operands[1:] == owner.operands[2:]

    # -- function summaries -----------------------------------------------------
    def _summarize(self, f: Operation) -> FuncSummary:
        entry = f.regions[0].blocks[0]
        args = [a for a in entry.arguments if is_tensor(a.type)]
        written = []
        for a in args:
            root = self.alias.find(a)
            written.append(
                any(
                    ok and self.model(u).write and self.alias.find(u.value) is root
                    for u, ok in self.in_place.items()
                    if f.is_proper_ancestor_of(u.owner)
                )
            )
        ret = next((op for op in f.walk() if isinstance(op, ReturnOp) and op.parent is not None), None)
        aliases: list[list[int]] = []
        equiv: list[int | None] = []
        read_only: list[bool] = []
        for v in ret.operands if ret is not None else []:
            read_only.append(is_tensor(v.type) and any(x in self.non_writable for x in self.alias.set_of(v)))
            if not is_tensor(v.type):
                aliases.append([])
                equiv.append(None)
                continue
            aliases.append([i for i, a in enumerate(args) if self.alias.same(a, v)])
            equiv.append(next((i for i, a in enumerate(args) if self.equiv.same(a, v)), None))
        return FuncSummary([True] * len(args), written, aliases, equiv, read_only)

    def is_in_place(self, use: OpOperand) -> bool:
        return self.in_place.get(use, True)

    def yields_equivalent(self, yielded: Value, arg: Value) -> bool:
        return self.equiv.same(yielded, arg)
