"""``cse``: common subexpression elimination, as upstream's CSE pass does it.

Walks every region along the dominance tree with a scoped table of the ops
seen so far: an op equal to one in a dominating position (same block
earlier, an enclosing block, or a dominating block of a CFG region) is
replaced by it and erased. Equal means: same name, same operands (as a
multiset for ``Commutative`` ops), same properties and attributes, same
result types; locations do not matter.

- Candidates are ops without memory effects (``Pure`` and
  ``NoMemoryEffect`` ops, and ``RecursiveMemoryEffects`` ops whose nested
  ops have none, see `polymlir.ir.interfaces`) that are not terminators.
  An op holding regions is merged with one whose regions are the same
  (same blocks' argument types, same ops in the same order, values defined
  inside matched by position) when each of its regions has one block at
  most, as upstream's OperationEquivalence compares them.
- Ops that declare only reads (``affine.load``, ``memref.load``, ...) are
  merged only with an equal op of the same block when no op between them
  may write memory (a declared write, to any buffer, or an op that
  declares no effects, a loop included, blocks it): what upstream does.
- Ops that are trivially dead when visited (unused, no effects but reads)
  are erased; nothing else is (CSE is one pass, not a fixed point).
- Nothing crosses into an isolated-from-above op (a function) or an
  unregistered op (which might be one): each starts with an empty table.
  In graph regions (a module's body), where a use may precede its
  definition, only uses by ops not yet seen are replaced.

    eliminated = cse(module)   # number of ops erased
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...ir.attributes.locations import UnknownLoc
from ...ir.core import Block, Operation, Region
from ...ir.interfaces import declares_only_reads, declares_write, is_memory_effect_free, is_op_trivially_dead
from ...ir.patterns import PatternRewriter
from ...ir.traits import COMMUTATIVE, ISOLATED_FROM_ABOVE, TERMINATOR
from ..passes.manager import ModulePass, PassContext, register_pass


def _key(op: Operation) -> tuple | None:
    """What makes two ops equivalent (None: not hashable, never merged)."""
    try:
        key = _op_key(op, {})
        hash(key)
    except TypeError:
        return None
    return key


def _op_key(op: Operation, local: dict[int, int]) -> tuple:
    """``op``'s name, operands, result types, properties, attributes,
    successors and regions; a value of ``local`` (defined in the regions
    being compared) by its number there."""
    operands = [("local", local[id(v)]) if id(v) in local else id(v) for v in op.operands]
    if COMMUTATIVE in op.traits:
        operands.sort(key=repr)
    props = op.properties
    pkey = tuple(sorted(props.items())) if isinstance(props, dict) else props
    return (
        op.name,
        tuple(operands),
        tuple(r.type for r in op.results),
        pkey,
        tuple(sorted(op.attributes.items())),
        tuple(id(s) for s in op.successors),
        tuple(_region_key(r, local) for r in op.regions),
    )


def _region_key(region: Region, local: dict[int, int]) -> tuple:
    blocks = []
    for b in region.blocks:
        for a in b.arguments:
            local[id(a)] = len(local)
        ops = []
        for o in b.operations:
            ops.append(_op_key(o, local))
            for r in o.results:
                local[id(r)] = len(local)
        blocks.append((tuple(a.type for a in b.arguments), tuple(ops)))
    return tuple(blocks)


class _Scopes:
    """A scoped table: lookups see every enclosing scope, inserts go to the
    innermost one."""

    def __init__(self) -> None:
        self.stack: list[dict] = []

    def push(self) -> None:
        self.stack.append({})

    def pop(self) -> None:
        self.stack.pop()

    def lookup(self, key: tuple) -> Operation | None:
        for d in reversed(self.stack):
            op = d.get(key)
            if op is not None:
                return op
        return None

    def insert(self, key: tuple, op: Operation) -> None:
        self.stack[-1][key] = op


class _CSE:
    def __init__(self) -> None:
        self.to_erase: list[Operation] = []
        self.rewriter = PatternRewriter()

    def run(self, op: Operation) -> int:
        table = _Scopes()
        for i, r in enumerate(op.regions):
            self.simplify_region(table, r, _is_graph(op, i))
        n = 0
        for dead in self.to_erase:
            if dead.parent is not None:
                self.rewriter.erase_op(dead)
                n += 1
        return n

    def simplify_region(self, table: _Scopes, region: Region, graph: bool) -> None:
        if not region.blocks:
            return
        if len(region.blocks) == 1:
            table.push()
            self.simplify_block(table, region.blocks[0], graph)
            table.pop()
            return
        if graph:
            for b in region.blocks:
                table.push()
                self.simplify_block(table, b, graph)
                table.pop()
            return
        children = _dominator_tree(region)

        def visit(b: Block) -> None:
            table.push()
            self.simplify_block(table, b, graph)
            for c in children.get(b, ()):
                visit(c)
            table.pop()

        visit(region.blocks[0])

    def simplify_block(self, table: _Scopes, block: Block, graph: bool) -> None:
        for op in list(block.operations):
            if op.regions:
                if ISOLATED_FROM_ABOVE in op.traits or not op.registered:
                    nested = _Scopes()
                    for i, r in enumerate(op.regions):
                        self.simplify_region(nested, r, _is_graph(op, i))
                else:
                    for i, r in enumerate(op.regions):
                        self.simplify_region(table, r, _is_graph(op, i))
            self.simplify_op(table, op, graph)

    def simplify_op(self, table: _Scopes, op: Operation, graph: bool = False) -> None:
        if TERMINATOR in op.traits:
            return
        if is_op_trivially_dead(op):
            self.to_erase.append(op)
            return
        if any(len(r.blocks) > 1 for r in op.regions):
            return  # upstream does not merge ops with CFG regions either
        if not is_memory_effect_free(op):
            if not declares_only_reads(op):
                return
            key = _key(op)
            if key is None:
                return
            existing = table.lookup(key)
            if existing is not None and existing.parent is op.parent and not _write_between(existing, op):
                self.replace(table, op, existing, graph)
                return
            table.insert(key, op)
            return
        key = _key(op)
        if key is None:
            return
        existing = table.lookup(key)
        if existing is not None:
            self.replace(table, op, existing, graph)
            return
        table.insert(key, op)

    def replace(self, table: _Scopes, op: Operation, existing: Operation, graph: bool) -> None:
        if not graph:
            for a, b in zip(op.results, existing.results, strict=True):
                a.replace_all_uses_with(b)
            self.to_erase.append(op)
        else:
            # Without dominance a use may come before the op: only uses by
            # ops not yet in the table are replaced (upstream's rule).
            def unvisited(use) -> bool:
                k = _key(use.owner)
                return k is None or table.lookup(k) is None

            for a, b in zip(op.results, existing.results, strict=True):
                a.replace_uses_if(b, unvisited)
            if not any(r.uses for r in op.results):
                self.to_erase.append(op)
        if isinstance(existing.loc, UnknownLoc) and not isinstance(op.loc, UnknownLoc):
            existing.loc = op.loc


def _write_between(first: Operation, last: Operation) -> bool:
    """Whether an op after ``first`` and before ``last`` (same block) may write."""
    assert first.parent is not None
    ops = first.parent.operations
    i = ops.index(first) + 1
    while i < len(ops) and ops[i] is not last:
        if declares_write(ops[i]):
            return True
        i += 1
    return False


def _is_graph(op: Operation, index: int) -> bool:
    f = getattr(op, "region_kind_is_graph", None)
    return bool(f(index)) if f is not None else False


def _dominator_tree(region: Region) -> dict[Block, list[Block]]:
    """Children of each block in the dominator tree of a CFG region
    (reachable blocks only), in region order."""
    import networkx as nx  # only CFG regions need it; importing is slow

    g = nx.DiGraph()
    for b in region.blocks:
        g.add_node(b)
        for s in b.successors:
            g.add_edge(b, s)
    idom = nx.immediate_dominators(g, region.blocks[0])
    pos = {b: i for i, b in enumerate(region.blocks)}
    children: dict[Block, list[Block]] = {}
    for b, d in idom.items():
        if b is not d:
            children.setdefault(d, []).append(b)
    for v in children.values():
        v.sort(key=lambda b: pos[b])
    return children


def cse(op: Operation) -> int:
    """Eliminate common subexpressions in the regions of ``op`` (see the
    module docstring); returns the number of ops erased."""
    return _CSE().run(op)


@register_pass
@dataclass(frozen=True)
class CSE(ModulePass):
    name: ClassVar[str] = "cse"
    summary: ClassVar[str] = "Eliminate common sub-expressions (dominance-scoped; loads only without writes between)"

    def run(self, op: Operation, ctx: PassContext) -> None:
        cse(op)
