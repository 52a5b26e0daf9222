"""The memref dependence graph of one block, as upstream's
``MemRefDependenceGraph`` builds it for affine loop fusion.

Nodes are the block's top-level ``affine.for`` nests, its top-level affine
loads and stores, the ops whose results a nest uses, and the ops with
memory effects (unknown ops, calls, ``memref.dealloc``, non-affine loads
and stores, region ops with structured control flow). An edge ``a -> b``
(``a`` before ``b`` in the block) on a memref says that both access it and
one writes or frees it and, between two nests whose accesses of it are all
affine, that some pair of those accesses may depend at the block's level
(upstream's ``mayDependence``, asked of the ``depends`` check the graph is
given); an edge on an SSA value says that ``b``'s nest uses
what ``a`` defines. The graph is a networkx MultiDiGraph whose edge keys are
the values.

The graph is conservative at the level of whole nests, as upstream's: the
fusion driver uses it to pick candidates and insertion points, and every
fusion it proposes is then checked exactly (``fusion_check``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import networkx as nx

from ...dialects.affine import AffineForOp
from ...ir import types as T
from ...ir.core import Block, Operation, Value
from ...ir.interfaces import (
    EffectKind,
    MemoryEffectsOp,
    affine_access,
    is_affine_read,
    is_affine_write,
    is_memory_effect_free,
    memory_effects,
)
from ...ir.traits import RECURSIVE_MEMORY_EFFECTS, REGION_BRANCH_OP_INTERFACE


def is_memref(v: Value) -> bool:
    return isinstance(v.type, (T.MemRefType, T.UnrankedMemRefType))


def access_memref(op: Operation) -> Value:
    """The memref an affine load or store accesses."""
    acc = affine_access(op)
    assert acc is not None, "an affine load or store"
    return acc.memref


def effected(op: Operation, kind: int) -> list[Value]:
    """The memrefs ``op`` itself reads (0), writes (1) or frees (2), as its
    memory-effects interface declares them; for an op that declares none
    (or an effect on memory it does not name) every memref operand is read
    and written."""
    own = memory_effects(op)
    if own is None or any(e.value is None for e in own):
        return [] if kind == 2 else [v for v in op.operands if is_memref(v)]
    want = (EffectKind.READ, EffectKind.WRITE, EffectKind.FREE)[kind]
    return list(dict.fromkeys(e.value for e in own if e.kind is want and e.value is not None and is_memref(e.value)))


@dataclass(eq=False)
class Node:
    """A node: its op and the memory ops it holds (upstream's
    LoopNestStateCollector)."""

    id: int
    op: Operation
    loads: list[Operation] = field(default_factory=list)
    stores: list[Operation] = field(default_factory=list)
    memref_loads: list[Operation] = field(default_factory=list)
    memref_stores: list[Operation] = field(default_factory=list)
    memref_frees: list[Operation] = field(default_factory=list)

    def collect(self, root: Operation) -> None:
        self.loads, self.stores = [], []
        self.memref_loads, self.memref_stores, self.memref_frees = [], [], []
        for op in root.walk(post_order=False):
            if isinstance(op, AffineForOp):
                continue
            if is_affine_read(op):
                self.loads.append(op)
            elif is_affine_write(op):
                self.stores.append(op)
            elif RECURSIVE_MEMORY_EFFECTS in op.traits and not isinstance(op, MemoryEffectsOp):
                continue
            else:
                if effected(op, 0):
                    self.memref_loads.append(op)
                if effected(op, 1):
                    self.memref_stores.append(op)
                if effected(op, 2):
                    self.memref_frees.append(op)

    def load_count(self, memref: Value) -> int:
        n = sum(1 for o in self.loads if access_memref(o) is memref)
        return n + sum(1 for o in self.memref_loads if any(v is memref for v in effected(o, 0)))

    def store_count(self, memref: Value) -> int:
        n = sum(1 for o in self.stores if access_memref(o) is memref)
        return n + sum(1 for o in self.memref_stores if any(v is memref for v in effected(o, 1)))

    def has_store(self, memref: Value) -> bool:
        return self.store_count(memref) > 0

    def has_free(self, memref: Value) -> bool:
        return any(any(v is memref for v in effected(o, 2)) for o in self.memref_frees)

    def touches_non_affine(self, memref: Value) -> bool:
        """Whether an op other than an affine load or store of this node
        reads, writes or frees ``memref``."""
        ops = [*self.memref_loads, *self.memref_stores, *self.memref_frees]
        return any(any(v is memref for k in (0, 1, 2) for v in effected(o, k)) for o in ops)

    def load_ops_for(self, memref: Value) -> list[Operation]:
        return [o for o in self.loads if access_memref(o) is memref]

    def store_ops_for(self, memref: Value) -> list[Operation]:
        return [o for o in self.stores if access_memref(o) is memref]

    def load_and_store_memrefs(self) -> list[Value]:
        """Memrefs this node both loads and stores (affine accesses)."""
        loaded = [access_memref(o) for o in self.loads]
        out: list[Value] = []
        for o in self.stores:
            m = access_memref(o)
            if any(m is x for x in loaded) and not any(m is x for x in out):
                out.append(m)
        return out

    def accessed_memrefs(self) -> list[Value]:
        out: list[Value] = []
        for o in [*self.loads, *self.stores]:
            m = access_memref(o)
            if not any(m is x for x in out):
                out.append(m)
        for o in [*self.memref_loads, *self.memref_stores, *self.memref_frees]:
            for k in (0, 1, 2):
                for m in effected(o, k):
                    if not any(m is x for x in out):
                        out.append(m)
        return out


class InitFailed(Exception):
    """The block holds an op the graph cannot model (an unknown op with
    regions); no fusion is attempted in it."""

    def __init__(self, op: Operation):
        super().__init__(f"{op.name} holds regions of unknown meaning")
        self.op = op


# Whether two affine accesses (of one memref, in two nests of the block) may
# depend at the block's level, the first before the second.
AccessDependence = Callable[[Operation, Operation], bool]


class DependenceGraph:
    """Upstream's MemRefDependenceGraph over ``block`` (see the module doc);
    without ``depends`` every pair of accesses may depend."""

    def __init__(self, block: Block, depends: AccessDependence | None = None):
        self.block = block
        self.depends = depends
        self.nodes: dict[int, Node] = {}
        self.g = nx.MultiDiGraph()
        self.memref_edge_count: dict[Value, int] = {}
        self._next = 0
        self._init()

    # -- building -----------------------------------------------------------------------
    def _new_node(self, op: Operation, collect: bool = True) -> Node:
        node = Node(self._next, op)
        self._next += 1
        if collect:
            node.collect(op)
        self.nodes[node.id] = node
        self.g.add_node(node.id)
        return node

    def _init(self) -> None:
        accesses: dict[Value, list[int]] = {}
        for_nodes: dict[Operation, int] = {}
        for op in self.block.operations:
            if isinstance(op, AffineForOp):
                node = self._new_node(op)
                for_nodes[op] = node.id
            elif is_affine_read(op) or is_affine_write(op):
                node = self._new_node(op)
            elif op.results and any(r.uses for r in op.results):
                node = self._new_node(op)
            elif not is_memory_effect_free(op) and (not op.regions or REGION_BRANCH_OP_INTERFACE in op.traits):
                node = self._new_node(op)
            elif op.regions and REGION_BRANCH_OP_INTERFACE not in op.traits and not is_memory_effect_free(op):
                raise InitFailed(op)
            else:
                continue
            for m in node.accessed_memrefs():
                ids = accesses.setdefault(m, [])
                if node.id not in ids:
                    ids.append(node.id)
        # SSA edges: a node whose results a nest uses.
        for node in list(self.nodes.values()):
            if node.stores:
                continue
            for r in node.op.results:
                for use in r.uses:
                    top = self._top_level_ancestor(use.owner)
                    if top is None:
                        continue
                    nest = self._outermost_for(use.owner)
                    if nest is not None and nest in for_nodes:
                        self.add_edge(node.id, for_nodes[nest], r)
        # Memref edges between every pair where one side writes or frees.
        for memref, ids in accesses.items():
            for i, a in enumerate(ids):
                na = self.nodes[a]
                a_w = na.has_store(memref) or na.has_free(memref)
                for b in ids[i + 1 :]:
                    nb = self.nodes[b]
                    if (a_w or nb.has_store(memref) or nb.has_free(memref)) and self._may_depend(na, nb, memref):
                        self.add_edge(a, b, memref)

    def _may_depend(self, a: Node, b: Node, memref: Value) -> bool:
        """Upstream's ``mayDependence``: whether ``b`` (after ``a``) may
        depend on ``a`` through ``memref``. Only two nests whose accesses of
        it are all affine are asked about; their accesses pair by pair."""
        if self.depends is None or not isinstance(a.op, AffineForOp) or not isinstance(b.op, AffineForOp):
            return True
        if a.touches_non_affine(memref) or b.touches_non_affine(memref):
            return True
        src = [o for o in [*a.stores, *a.loads] if access_memref(o) is memref]
        dst = [o for o in [*b.stores, *b.loads] if access_memref(o) is memref]
        return any(self.depends(x, y) for x in src for y in dst)

    def _top_level_ancestor(self, op: Operation) -> Operation | None:
        cur: Operation | None = op
        while cur is not None and cur.parent is not self.block:
            cur = cur.parent_op
        return cur

    def _outermost_for(self, op: Operation) -> Operation | None:
        """The affine.for directly in the block around ``op`` (through
        affine.for and affine.if ops), if any."""
        cur = op.parent_op
        found = None
        while cur is not None:
            if isinstance(cur, AffineForOp) and cur.parent is self.block:
                found = cur
                break
            cur = cur.parent_op
        return found

    # -- edges --------------------------------------------------------------------------
    def has_edge(self, a: int, b: int, value: Value | None = None) -> bool:
        if not self.g.has_edge(a, b):
            return False
        return value is None or any(k is value for k in self.g[a][b])

    def add_edge(self, a: int, b: int, value: Value) -> None:
        if self.has_edge(a, b, value):
            return
        self.g.add_edge(a, b, key=value)
        if is_memref(value):
            self.memref_edge_count[value] = self.memref_edge_count.get(value, 0) + 1

    def remove_edge(self, a: int, b: int, value: Value) -> None:
        if not self.has_edge(a, b, value):
            return
        self.g.remove_edge(a, b, key=value)
        if is_memref(value):
            self.memref_edge_count[value] = self.memref_edge_count.get(value, 0) - 1

    def in_edges(self, n: int) -> list[tuple[int, Value]]:
        return [(a, k) for a, _, k in self.g.in_edges(n, keys=True)]

    def out_edges(self, n: int) -> list[tuple[int, Value]]:
        return [(b, k) for _, b, k in self.g.out_edges(n, keys=True)]

    def out_edge_count(self, n: int, memref: Value | None = None) -> int:
        return sum(1 for _, k in self.out_edges(n) if memref is None or k is memref)

    def incoming_memref_accesses(self, n: int, memref: Value) -> int:
        """In-edges on ``memref`` from nodes that store to it."""
        return sum(1 for a, k in self.in_edges(n) if k is memref and self.nodes[a].store_count(memref) > 0)

    def add_node(self, op: Operation) -> int:
        return self._new_node(op, collect=False).id

    def remove_node(self, n: int) -> None:
        for a, k in self.in_edges(n):
            self.remove_edge(a, n, k)
        for b, k in self.out_edges(n):
            self.remove_edge(n, b, k)
        self.g.remove_node(n)
        del self.nodes[n]

    def for_node(self, op: Operation) -> Node | None:
        for node in self.nodes.values():
            if node.op is op:
                return node
        return None

    def _pos(self, op: Operation) -> int:
        return self.block.operations.index(op)

    def has_dependence_path(self, a: int, b: int) -> bool:
        """A path of edges from ``a`` to ``b`` through nodes not after ``b``."""
        pb = self._pos(self.nodes[b].op)
        keep = [n for n, node in self.nodes.items() if n in (a, b) or self._pos(node.op) <= pb]
        return nx.has_path(self.g.subgraph(keep), a, b)

    def defining_nodes(self, n: int) -> set[int]:
        """Nodes that define SSA values node ``n`` uses."""
        return {a for a, k in self.in_edges(n) if not is_memref(k)}

    def fused_insertion_point(self, src: int, dst: int) -> Operation | None:
        """Upstream's ``getFusedLoopNestInsertionPoint``: the op before which
        the fused nest may go, preserving the dependences with the ops
        between ``src`` and ``dst``; None if there is none."""
        if not self.out_edges(src):
            return self.nodes[dst].op
        if any(self.has_dependence_path(src, d) for d in self.defining_nodes(dst)):
            return None
        src_deps = {self.nodes[b].op for b, _ in self.out_edges(src) if b != dst}
        dst_deps = {self.nodes[a].op for a, _ in self.in_edges(dst) if a != src}
        ops = self.block.operations
        i, j = ops.index(self.nodes[src].op), ops.index(self.nodes[dst].op)
        between = ops[i + 1 : j]
        first_src = next((k for k, o in enumerate(between) if o in src_deps), None)
        last_dst = max((k for k, o in enumerate(between) if o in dst_deps), default=None)
        if first_src is not None:
            if last_dst is not None and first_src <= last_dst:
                return None
            return between[first_src]
        return self.nodes[dst].op

    def insertion_blocker(self, src: int, dst: int) -> Operation | None:
        """Why ``fused_insertion_point`` found none: an op between the nests
        that depends on ``src`` and that ``dst`` depends on (through SSA
        values or memory), if there is one."""
        src_deps = {self.nodes[b].op for b, _ in self.out_edges(src) if b != dst}
        ops = self.block.operations
        i, j = ops.index(self.nodes[src].op), ops.index(self.nodes[dst].op)
        for o in ops[i + 1 : j]:
            node = self.for_node(o)
            if o in src_deps and node is not None and self.has_dependence_path(node.id, dst):
                return o
        for d in self.defining_nodes(dst):
            if self.has_dependence_path(src, d):
                return self.nodes[d].op
        return None

    def update_edges(self, src: int, dst: int, private: Iterable[Value], remove_src: bool) -> None:
        """Edges after fusing ``src`` into ``dst`` (producer-consumer)."""
        priv = list(private)

        def is_priv(v: Value) -> bool:
            return any(v is p for p in priv)

        for a, k in self.in_edges(src):
            if not is_priv(k):
                self.add_edge(a, dst, k)
        for b, k in self.out_edges(src):
            if b == dst:
                self.remove_edge(src, b, k)
            elif remove_src:
                self.add_edge(dst, b, k)
                self.remove_edge(src, b, k)
        if priv:
            for a, k in self.in_edges(dst):
                if is_priv(k):
                    self.remove_edge(a, dst, k)

    def update_edges_sibling(self, sib: int, dst: int) -> None:
        for a, k in self.in_edges(sib):
            self.add_edge(a, dst, k)
            self.remove_edge(a, sib, k)
        for b, k in self.out_edges(sib):
            self.add_edge(dst, b, k)
            self.remove_edge(sib, b, k)

    def refresh(self, n: int) -> None:
        """Re-collect the memory ops of node ``n`` after its op changed."""
        self.nodes[n].collect(self.nodes[n].op)
