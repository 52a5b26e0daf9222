"""Rewrite patterns and the greedy driver that applies them to a fixed point
(upstream's ``applyPatternsGreedily``, followed step by step so that the
result prints as mlir-opt's ``--canonicalize`` prints it). The one-shot
(conversion) mode of the same patterns, used by every lowering, is
``polymlir.ir.rewriting.apply_conversion``.

A pattern declares the op classes it rewrites (``op_types``; dispatch is by
the op's exact class, as upstream's ``OpRewritePattern<Op>`` matches one op
name, so ``arith.extsi`` is not an ``arith.extui`` although its class derives
from it); folders are keyed by op class too::

    class FoldAddZero(RewritePattern):
        op_types = (AddIOp,)
        def match_and_rewrite(self, op, rewriter) -> bool: ...

    patterns = PatternSet([FoldAddZero()], folders={AddIOp: AddIOp.fold},
                          materializers={"arith": make_constant})
    converged = apply_patterns_greedily(module, patterns)
    lowering = PatternSet.from_table({AffineLoadOp: lower_load, AffineStoreOp: lower_store})

What the driver does, as upstream's ``GreedyPatternRewriteDriver`` does:

- Each iteration starts from a fresh worklist holding every op of the
  region (pre-order, processed in program order with ``top_down``; else
  post-order, processed from the last op back). While it is filled,
  constants (``ConstantLike`` ops) are uniqued per isolated-from-above
  region and moved to the start of that region's entry block (upstream's
  ``OperationFolder``): a constant that is neither first in the block nor
  right after another uniqued constant moves to the very front.
- An op popped from the worklist is erased when it is trivially dead (no
  used results, no memory effects but reads and allocations of its own
  results); else folded (its folder from ``PatternSet.folders``, then the
  ``Commutative`` trait's fold, which moves constant operands last);
  attributes a fold returns are materialized as constants just before the
  op (its dialect's materializer); else the patterns registered for its
  class are tried by decreasing benefit.
- Every change goes through a `PatternRewriter`, which keeps the worklist
  up to date: new and modified ops are pushed; an erased op's operands'
  defining ops are pushed when they have at most one other user left.
- After the worklist is empty, regions are simplified (unreachable blocks
  erased, dead ops removed), and the iteration repeats while anything
  changed, up to ``max_iterations``.

Effects are those the ops declare as upstream does
(`polymlir.ir.interfaces.declared_effects`; dead ops by
`polymlir.ir.interfaces.is_op_trivially_dead`, upstream's
``wouldOpBeTriviallyDead``): an op that declares none may write memory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .attributes import Attribute
from .attributes.locations import Location
from .core import Block, Operation, Region, Value
from .interfaces import is_op_trivially_dead
from .traits import COMMUTATIVE, CONSTANT_LIKE, ISOLATED_FROM_ABOVE
from .types import Type


def constant_value(v: Value) -> Attribute | None:
    """The attribute of a value defined by a ``ConstantLike`` op (upstream's
    ``m_Constant``), else None."""
    owner = getattr(v, "owner", None)
    if isinstance(owner, Operation) and CONSTANT_LIKE in owner.traits:
        return owner.get_attr("value")
    return None


# -- patterns ------------------------------------------------------------------------------------

# What a folder returns: None (no fold), [] (the op was changed in place), or
# one Value or Attribute per result. A folder takes the op and the constant
# value of each operand (None where it is not constant).
FoldResult = Sequence[Value | Attribute] | None
Folder = Callable[[Operation, list], FoldResult]
Materializer = Callable[[Attribute, Type, Location], Operation | None]
OpClass = type[Operation]


class RewritePattern:
    """A rewrite of the ops whose class is one of ``op_types`` (every op
    when empty). ``match_and_rewrite`` changes the IR only through
    ``rewriter`` and returns whether it did."""

    op_types: tuple[OpClass, ...] = ()
    benefit: int = 1

    @property
    def label(self) -> str:
        """The name ``disable-patterns`` / ``enable-patterns`` refer to."""
        return type(self).__name__

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:  # pragma: no cover
        raise NotImplementedError


class FunctionPattern(RewritePattern):
    """A pattern made of a function ``fn(op, rewriter)``: it rewrote the op
    unless it returned False (a lowering function that always rewrites
    returns None)."""

    def __init__(self, op_types: Sequence[OpClass], fn: Callable[[Operation, PatternRewriter], bool | None]):
        self.op_types = tuple(op_types)
        self.fn = fn

    @property
    def label(self) -> str:
        return getattr(self.fn, "__name__", type(self).__name__)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        return self.fn(op, rewriter) is not False


@dataclass
class PatternSet:
    """Patterns, per-op-class folders and per-dialect constant materializers."""

    patterns: list[RewritePattern] = field(default_factory=list)
    folders: dict[OpClass, Folder] = field(default_factory=dict)
    materializers: dict[str, Materializer] = field(default_factory=dict)

    @classmethod
    def from_table(cls, table: Mapping[OpClass, Callable]) -> PatternSet:
        """One `FunctionPattern` per function of ``table`` (op class ->
        ``fn(op, rewriter)``), matching the classes mapped to it, in the
        table's order."""
        by_fn: dict[Callable, list[OpClass]] = {}
        for op_type, fn in table.items():
            by_fn.setdefault(fn, []).append(op_type)
        return cls([FunctionPattern(types, fn) for fn, types in by_fn.items()])

    def for_op(self, op: Operation) -> list[RewritePattern]:
        """The patterns that apply to ``op`` (by its class), by decreasing
        benefit (insertion order among equals)."""
        cache = self.__dict__.setdefault("_by_type", {})
        op_type = type(op)
        found = cache.get(op_type)
        if found is None:
            found = [p for p in self.patterns if not p.op_types or op_type in p.op_types]
            found.sort(key=lambda p: -p.benefit)
            cache[op_type] = found
        return found


# -- the rewriter ---------------------------------------------------------------------------------


class RewriteListener:
    """What the rewriter reports (the driver keeps its worklist from it)."""

    def inserted(self, op: Operation) -> None:
        pass

    def modified(self, op: Operation) -> None:
        pass

    def erased(self, op: Operation) -> None:
        pass


class PatternRewriter:
    """Every IR change a pattern or folder makes, so that the listener
    sees it. Ops are created by typed builders and inserted here."""

    def __init__(self, listener: RewriteListener | None = None):
        self.listener = listener or RewriteListener()

    # -- insertion
    def insert_before(self, anchor: Operation, op: Operation) -> Operation:
        assert anchor.parent is not None
        anchor.parent.insert_before(anchor, op)
        self.listener.inserted(op)
        return op

    def insert_at_start(self, block: Block, op: Operation) -> Operation:
        block.insert(0, op)
        self.listener.inserted(op)
        return op

    def move_op_before(self, op: Operation, anchor: Operation) -> None:
        op.detach()
        assert anchor.parent is not None
        anchor.parent.insert_before(anchor, op)
        self.listener.inserted(op)

    # -- modification
    def modified(self, op: Operation) -> None:
        """Report an in-place change of ``op`` (its attributes, operands)."""
        self.listener.modified(op)

    def replace_all_uses_with(self, old: Value, new: Value) -> None:
        # Users in the order of upstream's use lists (the newest use first).
        for use in reversed(list(old.uses)):
            use.set(new)
            self.listener.modified(use.owner)

    def replace_op(self, op: Operation, values: Sequence[Value] | Operation) -> None:
        new = values.results if isinstance(values, Operation) else list(values)
        assert len(new) == len(op.results), f"{op.name}: {len(new)} replacements for {len(op.results)} results"
        for r, v in zip(op.results, new, strict=True):
            self.replace_all_uses_with(r, v)
        self.erase_op(op)

    def replace_op_with_new(self, op: Operation, new: Operation) -> Operation:
        """Insert ``new`` before ``op`` and replace ``op`` by its results."""
        self.insert_before(op, new)
        self.replace_op(op, new)
        return new

    # -- erasure
    def erase_op(self, op: Operation) -> None:
        """Erase ``op`` and what it holds: users before definitions, each
        reported to the listener."""
        for r in reversed(op.regions):
            for b in reversed(list(r.blocks)):
                for inner in reversed(list(b.operations)):
                    self.erase_op(inner)
                for a in b.arguments:
                    for u in list(a.uses):
                        u.drop()
            r.blocks.clear()
        self.listener.erased(op)
        op.set_operands([])
        for res in op.results:
            for u in list(res.uses):
                u.drop()
        op.detach()

    def erase_block(self, block: Block) -> None:
        for inner in reversed(list(block.operations)):
            self.erase_op(inner)
        if block.parent is not None:
            block.parent.blocks.remove(block)
            block.parent = None

    def inline_block_before(self, source: Block, anchor: Operation, arg_values: Sequence[Value] = ()) -> None:
        """Move the ops of ``source`` before ``anchor`` (its arguments
        replaced by ``arg_values``) and erase ``source``."""
        for a, v in zip(source.arguments, arg_values, strict=False):
            self.replace_all_uses_with(a, v)
        for op in list(source.operations):
            self.move_op_before(op, anchor)
        if source.parent is not None:
            source.parent.blocks.remove(source)
            source.parent = None


# -- the greedy driver ----------------------------------------------------------------------------


class _Worklist:
    """Upstream's worklist: a list with holes and a position map; pushing an
    op already there does nothing, popping takes the last op."""

    __slots__ = ("items", "pos")

    def __init__(self) -> None:
        self.items: list[Operation | None] = []
        self.pos: dict[Operation, int] = {}

    def push(self, op: Operation) -> None:
        if op in self.pos:
            return
        self.pos[op] = len(self.items)
        self.items.append(op)

    def pop(self) -> Operation:
        items = self.items
        op = items.pop()
        while op is None:
            op = items.pop()
        del self.pos[op]
        while items and items[-1] is None:
            items.pop()
        return op

    def remove(self, op: Operation) -> None:
        i = self.pos.pop(op, None)
        if i is not None:
            self.items[i] = None

    def empty(self) -> bool:
        return not self.pos

    def reverse(self) -> None:
        self.items.reverse()
        self.pos = {op: i for i, op in enumerate(self.items) if op is not None}

    def clear(self) -> None:
        self.items.clear()
        self.pos.clear()


@dataclass
class GreedyConfig:
    """Upstream's ``GreedyRewriteConfig`` (the canonicalize pass's defaults)."""

    max_iterations: int = 10  # -1: no limit
    max_num_rewrites: int = -1  # -1: no limit
    top_down: bool = True
    region_simplify: str = "normal"  # "disabled", "normal" or "aggressive"
    fold: bool = True
    cse_constants: bool = True


def _insertion_region(block: Block) -> Region:
    """The region constants of ``block`` are uniqued in: the closest one
    held by an isolated-from-above op (or by no op)."""
    region = block.parent
    assert region is not None
    while True:
        parent = region.parent
        if parent is None or ISOLATED_FROM_ABOVE in parent.traits:
            return region
        up = parent.parent_region
        if up is None:
            return region
        region = up


class _Folder:
    """Upstream's ``OperationFolder`` for one iteration: uniqued constants
    per insertion region."""

    def __init__(self, driver: _Driver) -> None:
        self.driver = driver
        self.uniqued: dict[tuple, Operation] = {}
        self.owned: set[Operation] = set()

    def insert_known_constant(self, op: Operation, value: Attribute) -> bool:
        """Unique ``op``; False when it was replaced by an earlier equal
        constant (and erased)."""
        block = op.parent
        assert block is not None
        if op in self.owned:
            self._maybe_hoist(op, block)
            return True
        region = _insertion_region(block)
        key = (id(region), op.name.split(".", 1)[0], value, op.results[0].type)
        existing = self.uniqued.get(key)
        if existing is not None:
            self.driver.rewriter.replace_op(op, existing)
            return False
        entry = region.blocks[0]
        if block is not entry or (entry.operations[0] is not op and not self._after_owned(op)):
            op.detach()
            entry.insert(0, op)
        self.uniqued[key] = op
        self.owned.add(op)
        return True

    def _after_owned(self, op: Operation) -> bool:
        assert op.parent is not None
        ops = op.parent.operations
        i = ops.index(op)
        return i > 0 and ops[i - 1] in self.owned

    def _maybe_hoist(self, op: Operation, block: Block) -> None:
        if block.operations[0] is not op and not self._after_owned(op):
            op.detach()
            block.insert(0, op)


class _Driver(RewriteListener):
    def __init__(
        self,
        region: Region,
        patterns: PatternSet,
        config: GreedyConfig,
        enabled: Callable[[RewritePattern], bool] | None,
    ):
        self.region = region
        self.patterns = patterns
        self.config = config
        self.enabled = enabled or (lambda p: True)
        self.worklist = _Worklist()
        self.rewriter = PatternRewriter(self)
        self.num_rewrites = 0

    # -- listener
    def _in_scope(self, op: Operation) -> list[Operation] | None:
        chain = []
        cur: Operation | None = op
        while cur is not None:
            chain.append(cur)
            r = cur.parent_region
            if r is self.region:
                return chain
            if r is None:
                return None
            cur = r.parent
        return None

    def add(self, op: Operation) -> None:
        chain = self._in_scope(op)
        if chain is not None:
            for o in chain:
                self.worklist.push(o)

    def inserted(self, op: Operation) -> None:
        self.add(op)

    def modified(self, op: Operation) -> None:
        self.add(op)

    def erased(self, op: Operation) -> None:
        for v in op.operands:
            owner = getattr(v, "owner", None)
            if not isinstance(owner, Operation):
                continue
            other: Operation | None = None
            more = False
            for use in v.uses:
                u = use.owner
                if u is op or u is other:
                    continue
                if other is None:
                    other = u
                    continue
                more = True
                break
            if not more:
                self.add(owner)
        self.worklist.remove(op)

    # -- iterations
    def run(self) -> bool:
        config = self.config
        iteration = 0
        go_on = False
        while True:
            iteration += 1
            if config.max_iterations != -1 and iteration > config.max_iterations:
                break
            self.worklist.clear()
            folder = _Folder(self)
            self._seed(self.region, folder)
            go_on = self._process()
            if config.region_simplify != "disabled":
                go_on |= simplify_regions(self.rewriter, [self.region])
            if not go_on:
                break
        return not go_on

    def _seed(self, region: Region, folder: _Folder) -> None:
        cse = self.config.cse_constants
        if self.config.top_down:

            def visit(op: Operation) -> None:
                if cse and CONSTANT_LIKE in op.traits:
                    v = op.get_attr("value")
                    if (
                        v is not None
                        and not op.regions
                        and len(op.results) == 1
                        and not folder.insert_known_constant(op, v)
                    ):
                        return
                self.add(op)
                for r in op.regions:
                    for b in r.blocks:
                        for inner in list(b.operations):
                            visit(inner)

            for b in region.blocks:
                for op in list(b.operations):
                    visit(op)
            self.worklist.reverse()
        else:
            for b in region.blocks:
                for top in list(b.operations):
                    for op in list(top.walk()):
                        if cse and CONSTANT_LIKE in op.traits:
                            v = op.get_attr("value")
                            if (
                                v is not None
                                and not op.regions
                                and len(op.results) == 1
                                and not folder.insert_known_constant(op, v)
                            ):
                                continue
                        self.add(op)

    def _process(self) -> bool:
        changed = False
        wl = self.worklist
        limit = self.config.max_num_rewrites
        while not wl.empty() and (limit == -1 or self.num_rewrites < limit):
            op = wl.pop()
            if is_op_trivially_dead(op):
                self.rewriter.erase_op(op)
                changed = True
                continue
            if self.config.fold and CONSTANT_LIKE not in op.traits:
                r = self._fold(op)
                if r is not None:
                    changed = True
                    if r:
                        continue
            for p in self.patterns.for_op(op):
                if not self.enabled(p):
                    continue
                if p.match_and_rewrite(op, self.rewriter):
                    changed = True
                    self.num_rewrites += 1
                    break
        return changed

    def _fold(self, op: Operation) -> bool | None:
        """Fold ``op`` (in place, or replacing it); None when nothing folds."""
        consts = [constant_value(v) for v in op.operands]
        folder = self.patterns.folders.get(type(op))
        res = folder(op, consts) if folder is not None else None
        if res is not None and len(res) == 1 and op.results and res[0] is op.results[0]:
            res = []  # folded to its own result: an in-place fold
        if res is None:
            if COMMUTATIVE in op.traits and fold_commutative(op, consts):
                self.modified(op)
                return True
            return None
        if not res:
            self.modified(op)
            return True
        mat = self.patterns.materializers.get(op.name.split(".", 1)[0])
        values: list[Value] = []
        created: list[Operation] = []
        for r, res_v in zip(op.results, res, strict=True):
            if isinstance(res_v, Value):
                values.append(res_v)
                continue
            c = mat(res_v, r.type, op.loc) if mat is not None else None
            if c is None:
                for x in created:
                    self.rewriter.erase_op(x)
                return None
            self.rewriter.insert_before(op, c)
            created.append(c)
            values.append(c.results[0])
        self.rewriter.replace_op(op, values)
        return True


def fold_commutative(op: Operation, consts: list) -> bool:
    """Upstream's ``foldCommutative``: move constant operands after the
    others (stable); whether anything moved."""
    n = len(consts)
    if n < 2:
        return False
    first_const = next((i for i, c in enumerate(consts) if c is not None), n)
    tail = list(range(first_const, n))
    non = [i for i in tail if consts[i] is None]
    if not non:
        return False
    order = list(range(first_const)) + non + [i for i in tail if consts[i] is not None]
    values = op.operands
    for k, i in enumerate(order):
        if k != i:
            op.set_operand(k, values[i])
    return True


def apply_patterns_greedily(
    op: Operation,
    patterns: PatternSet,
    config: GreedyConfig | None = None,
    enabled: Callable[[RewritePattern], bool] | None = None,
) -> bool:
    """Apply ``patterns`` (and folding, and dead-op removal) to the regions
    of ``op`` until nothing changes; returns whether it converged within
    ``config.max_iterations``."""
    config = config or GreedyConfig()
    converged = True
    for region in op.regions:
        converged &= _Driver(region, patterns, config, enabled).run()
    return converged


# -- region simplification ------------------------------------------------------------------------


def erase_unreachable_blocks(rewriter: PatternRewriter, regions: Iterable[Region]) -> bool:
    """Erase blocks no path from their region's entry reaches (regions of
    nested ops included)."""
    changed = False
    work = list(regions)
    while work:
        region = work.pop()
        if not region.blocks:
            continue
        if len(region.blocks) > 1:
            seen = {id(region.blocks[0])}
            stack = [region.blocks[0]]
            while stack:
                b = stack.pop()
                for s in b.successors:
                    if id(s) not in seen:
                        seen.add(id(s))
                        stack.append(s)
            for b in list(region.blocks):
                if id(b) not in seen:
                    rewriter.erase_block(b)
                    changed = True
        for b in region.blocks:
            for op in b.operations:
                work.extend(op.regions)
    return changed


def run_region_dce(rewriter: PatternRewriter, regions: Iterable[Region]) -> bool:
    """Erase ops whose results are unused (transitively) and that would be
    trivially dead, innermost and last first, until none is left (the op
    part of upstream's ``runRegionDCE``)."""
    changed = False
    regions = list(regions)
    again = True
    while again:
        again = False
        for region in regions:
            for op in _reverse_post_order_ops(region):
                if op.parent is not None and is_op_trivially_dead(op):
                    rewriter.erase_op(op)
                    changed = again = True
    return changed


def _reverse_post_order_ops(region: Region) -> list[Operation]:
    out: list[Operation] = []
    for b in reversed(region.blocks):
        for op in reversed(b.operations):
            out.append(op)
            for r in reversed(op.regions):
                out.extend(_reverse_post_order_ops(r))
    return out


def simplify_regions(rewriter: PatternRewriter, regions: Sequence[Region]) -> bool:
    """Upstream's ``simplifyRegions`` at the "normal" level (no block
    merging): whether anything changed."""
    a = erase_unreachable_blocks(rewriter, regions)
    b = run_region_dce(rewriter, regions)
    return a or b
