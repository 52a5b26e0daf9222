"""Upstream's greedy affine loop fusion (``LoopFusion.cpp``) over the
memref dependence graph of a block: producer-consumer fusion (a slice of
the producer recomputed in the consumer at the depth the cost model picks,
private buffers for what the fused nest alone uses), sibling fusion (nests
reading the same memref), maximal mode.

Each fusion upstream would make is made on a copy of the function first
and checked there exactly (``fusion_check``: every read sees the value it
read before, the memory the function leaves behind is the same); a fusion
that would change the program's meaning is declined with a remark.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from ...dialects.affine import (
    AffineDmaStartOp,
    AffineDmaWaitOp,
    AffineForOp,
    AffineIfOp,
    AffineParallelOp,
    AffinePrefetchOp,
)
from ...dialects.memref import AllocaOp, AllocOp, CastOp, ReinterpretCastOp, SubViewOp, ViewOp
from ...ir.core import Block, Operation, Value
from .fusion_check import Translation, check_fusion, identity_translation
from .fusion_cost import is_fusion_profitable
from .fusion_graph import DependenceGraph, InitFailed, Node, access_memref, is_affine_read, is_affine_write, is_memref
from .fusion_rewrite import create_private_memref, erase_unused_allocs, fuse_loops, sink_sequential_loops
from .fusion_slice import (
    FusionResult,
    Polyhedra,
    SliceState,
    Strategy,
    can_fuse_loops,
    common_loop_count,
    for_loops,
    has_dependence,
    innermost_common_depth,
    slice_is_maximal,
)

Remark = Callable[[Operation, str], None]


@dataclass
class FusionOptions:
    compute_tolerance: float = 0.30
    fast_mem_space: int | None = None
    local_buf_threshold: int = 0  # bytes
    maximal: bool = False
    mode: str = "greedy"  # "greedy" | "producer" | "sibling"


def _escaping(memref: Value, block: Block) -> bool:
    """Upstream's ``isEscapingMemref``: a block argument, not made by an
    allocation, or used by an op that does not dereference it affinely."""
    owner = getattr(memref, "owner", None)
    if not isinstance(owner, Operation):
        return True
    if isinstance(owner, (SubViewOp, ViewOp, ReinterpretCastOp, CastOp)):
        return True
    if not isinstance(owner, (AllocOp, AllocaOp)):
        return True
    region = block.parent
    for u in memref.uses:
        user = u.owner
        anc = _ancestor_in_region(region, user)
        if anc is None:
            return True
        if anc.parent is not block:
            continue
        if not (is_affine_read(user) or is_affine_write(user) or isinstance(user, _AFFINE_MAP_ACCESS)):
            return True
    return False


_AFFINE_MAP_ACCESS = (AffineDmaStartOp, AffineDmaWaitOp, AffinePrefetchOp)


def _ancestor_in_region(region, op: Operation) -> Operation | None:
    cur: Operation | None = op
    while cur is not None:
        if cur.parent is not None and cur.parent.parent is region:
            return cur
        cur = cur.parent_op
    return None


@dataclass
class GreedyFusion:
    """The fusion of one block (see the module doc)."""

    func: Operation
    block: Block
    opts: FusionOptions
    remark: Remark
    root: Operation = field(init=False)
    poly: Polyhedra = field(init=False)
    mdg: DependenceGraph = field(init=False)
    worklist: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.root = model_root(self.block)
        self.poly = Polyhedra(self.root)
        self.mdg = DependenceGraph(self.block, self._accesses_depend)

    def _accesses_depend(self, a: Operation, b: Operation) -> bool:
        # At the block's level: the loops around the block are common.
        return has_dependence(self.poly, a, b, common_loop_count(a, b) + 1)

    def run(self) -> None:
        if self.opts.mode == "producer":
            self.fuse_producer_consumer(None)
        elif self.opts.mode == "sibling":
            self.fuse_siblings()
        else:
            self.fuse_producer_consumer(1)
            self.fuse_siblings()
            self.fuse_producer_consumer(None)
        erase_unused_allocs(self.mdg.memref_edge_count)

    def _init(self) -> None:
        # Upstream fills the worklist by iterating its DenseMap of nodes,
        # whose order is that of the hash buckets (id * 37 modulo the bucket
        # count), and pops from the back; the order decides which fusions
        # happen first, so it is reproduced.
        ids = list(self.mdg.nodes)
        buckets = 64
        while len(ids) * 4 >= buckets * 3:
            buckets *= 2
        self.worklist = sorted(ids, key=lambda i: (i * 37) % buckets)

    # -- producer-consumer ---------------------------------------------------------------
    def fuse_producer_consumer(self, max_users: int | None) -> None:
        self._init()
        while self.worklist:
            dst = self.worklist.pop()
            self.fuse_into(dst, max_users)

    def _candidates(self, dst: int) -> list[int]:
        dnode = self.mdg.nodes[dst]
        consumed = [access_memref(o) for o in dnode.loads]
        out = set()
        for a, _ in self.mdg.in_edges(dst):
            snode = self.mdg.nodes[a]
            if not isinstance(snode.op, AffineForOp):
                continue
            if any(any(access_memref(s) is m for m in consumed) for s in snode.stores):
                out.add(a)
        return sorted(out)

    def _pc_memrefs(self, src: Node, dst: Node) -> list[Value]:
        stored = [access_memref(s) for s in src.stores]
        out: list[Value] = []
        for ld in dst.loads:
            m = access_memref(ld)
            if any(m is x for x in stored) and not any(m is x for x in out):
                out.append(m)
        return out

    def fuse_into(self, dst_id: int, max_users: int | None) -> None:
        if dst_id not in self.mdg.nodes:
            return
        dnode = self.mdg.nodes[dst_id]
        if not isinstance(dnode.op, AffineForOp) or dnode.op.results:
            return
        dnode.op = sink_sequential_loops(self.poly, dnode.op)
        self.mdg.refresh(dst_id)
        changed = True
        while changed:
            changed = False
            for src_id in reversed(self._candidates(dst_id)):
                if src_id not in self.mdg.nodes or dst_id not in self.mdg.nodes:
                    continue
                if self._try_producer(src_id, dst_id, max_users):
                    changed = True
                dnode = self.mdg.nodes[dst_id]

    def _try_producer(self, src_id: int, dst_id: int, max_users: int | None) -> bool:
        mdg = self.mdg
        snode, dnode = mdg.nodes[src_id], mdg.nodes[dst_id]
        src_op, dst_op = snode.op, dnode.op
        if src_op.results:
            return False
        pc = self._pc_memrefs(snode, dnode)
        if max_users is not None and any(mdg.out_edge_count(src_id, m) > max_users for m in pc):
            return False
        escaping = [access_memref(s) for s in snode.stores if _escaping(access_memref(s), self.block)]
        ins = mdg.fused_insertion_point(src_id, dst_id)
        if ins is None:
            blocker = mdg.insertion_blocker(src_id, dst_id)
            between = (
                f"{blocker.name} at {_loc(blocker)} depends on the first and the second depends on it"
                if blocker is not None
                else "the ops between them depend on the first and the second depends on them"
            )
            self.remark(dst_op, f"not fused with the nest at {_loc(src_op)}: no insertion point: {between}")
            return False
        n_surround = len(for_loops(dst_op))
        dst_ops = [o for o in dnode.loads if any(access_memref(o) is m for m in pc)]
        dst_ops += [o for o in dnode.stores if any(access_memref(o) is m for m in pc)]
        if not dst_ops:
            return False
        depth_test = innermost_common_depth(dst_ops)[0] - n_surround
        slices: list[SliceState] = []
        max_legal = 0
        why = ""
        for i in range(1, depth_test + 1):
            res, st = can_fuse_loops(self.poly, src_op, dst_op, i + n_surround, Strategy.PRODUCER_CONSUMER)
            slices.append(st)
            if res is FusionResult.SUCCESS:
                max_legal = i
            elif not why:
                why = res.value
        if max_legal == 0:
            self.remark(dst_op, f"not fused with the nest at {_loc(src_op)}: {why or 'no fusion depth'}")
            return False
        best = max_legal
        if not self.opts.maximal:
            stores = [o for o in snode.stores if any(access_memref(o) is m for m in pc)]
            if len(stores) == 1:
                got = is_fusion_profitable(
                    self.poly, stores[0], stores[0], dst_op, slices, max_legal, self.opts.compute_tolerance
                )
                if got is None:
                    self.remark(dst_op, f"not fused with the nest at {_loc(src_op)}: not profitable (cost model)")
                    return False
                best = got
        st = slices[best - 1]
        cut = _cut_carrying_loop(st)
        if cut is not None:
            self.remark(dst_op, f"not fused with the nest at {_loc(src_op)}: {cut}")
            return False
        remove_src = self._can_remove_src(src_id, dst_id, st, ins, escaping)
        private = [m for m in pc if self._can_privatize(m, escaping, src_id, dst_id, remove_src)]
        return self._apply_producer(src_id, dst_id, st, best, ins, private, remove_src)

    def _can_remove_src(self, src_id: int, dst_id: int, st: SliceState, ins: Operation, escaping: list[Value]) -> bool:
        mdg = self.mdg
        dst_op = mdg.nodes[dst_id].op
        has_out = False
        ops = self.block.operations
        for b, _ in mdg.out_edges(src_id):
            dep = mdg.nodes[b].op
            if dep is dst_op:
                continue
            if dep.parent is not dst_op.parent:
                return False
            if ins is not dep and not ops.index(ins) < ops.index(dep):
                return False
            has_out = True
        if has_out or escaping:
            m = slice_is_maximal(self.poly, st)
            if not m:
                return False
        return True

    def _can_privatize(self, memref: Value, escaping: list[Value], src_id: int, dst_id: int, remove_src: bool) -> bool:
        mdg = self.mdg
        dnode = mdg.nodes[dst_id]
        if any(memref is m for m in escaping) and (remove_src or dnode.store_count(memref) > 0):
            return False
        if mdg.incoming_memref_accesses(src_id, memref) > 0 or mdg.out_edge_count(dst_id, memref) > 0:
            return False
        if remove_src and any(k is memref and b != dst_id for b, k in mdg.out_edges(src_id)):
            return False
        return True

    def _apply_producer(
        self,
        src_id: int,
        dst_id: int,
        st: SliceState,
        depth: int,
        ins: Operation,
        private: list[Value],
        remove_src: bool,
    ) -> bool:
        mdg = self.mdg
        snode, dnode = mdg.nodes[src_id], mdg.nodes[dst_id]
        src_op, dst_op = snode.op, dnode.op

        def rewrite(tr: Translation, promote: bool) -> None:
            poly = tr.poly
            assert poly is not None
            t_st = tr.slice(st)
            t_dst = tr.op(dst_op)
            fuse_loops(tr.op(src_op), t_st, promote, tr)
            if ins is not dst_op:
                t_dst.move_before(tr.op(ins))
            poly.invalidate()
            t_private = [tr.value(m) for m in private]
            stores: dict[int, list[Operation]] = {}
            for o in t_dst.walk(post_order=False):
                if is_affine_write(o) and any(access_memref(o) is m for m in t_private):
                    stores.setdefault(id(access_memref(o)), []).append(o)
            for m in t_private:
                group = stores.get(id(m))
                if not group:
                    continue
                tr.private.append(
                    create_private_memref(
                        poly,
                        t_dst,
                        group,
                        depth,
                        self.opts.fast_mem_space,
                        t_st.insert_block,
                        self.opts.local_buf_threshold,
                    )
                )
                poly.invalidate()
            if remove_src:
                tr.op(src_op).erase()
            poly.invalidate()

        verdict = check_fusion(self.func, self.root, lambda tr: rewrite(tr, False))
        if not verdict.ok:
            self.remark(dst_op, f"not fused with the nest at {_loc(src_op)}: {verdict.reason}")
            return False
        rewrite(identity_translation(self.poly), True)
        mdg.update_edges(src_id, dst_id, private, remove_src)
        # New private buffers get a node each, with an edge to the fused nest.
        for o in self.block.operations:
            if isinstance(o, AllocOp) and mdg.for_node(o) is None and _feeds(o, dst_op):
                nid = mdg.add_node(o)
                mdg.add_edge(nid, dst_id, o.results[0])
        mdg.refresh(dst_id)
        if remove_src:
            mdg.remove_node(src_id)
        return True

    # -- sibling fusion ---------------------------------------------------------------------
    def fuse_siblings(self) -> None:
        self._init()
        while self.worklist:
            dst = self.worklist.pop()
            if dst not in self.mdg.nodes:
                continue
            if not isinstance(self.mdg.nodes[dst].op, AffineForOp):
                continue
            self._fuse_with_siblings(dst)

    def _fuse_with_siblings(self, dst_id: int) -> None:
        visited: set[int] = set()
        while True:
            found = self._find_sibling(dst_id, visited)
            if found is None:
                return
            sib_id, memref = found
            mdg = self.mdg
            snode, dnode = mdg.nodes[sib_id], mdg.nodes[dst_id]
            ops = self.block.operations
            if ops.index(snode.op) < ops.index(dnode.op):
                ins = mdg.fused_insertion_point(sib_id, dst_id)
            else:
                ins = mdg.fused_insertion_point(dst_id, sib_id)
            if ins is None:
                continue
            sib_loads = snode.load_ops_for(memref)
            if len(sib_loads) != 1:
                continue
            dst_loads = dnode.load_ops_for(memref)
            if not dst_loads:
                continue
            n_surround = len(for_loops(dnode.op))
            depth_test = len(for_loops(dst_loads[0])) - n_surround
            slices: list[SliceState] = []
            max_legal = 0
            for i in range(1, depth_test + 1):
                res, st = can_fuse_loops(self.poly, snode.op, dnode.op, i + n_surround, Strategy.SIBLING, memref)
                slices.append(st)
                # The sibling goes after the fusion: the slice must run all of it.
                if res is FusionResult.SUCCESS and slice_is_maximal(self.poly, st):
                    max_legal = i
            if max_legal == 0:
                continue
            best = max_legal
            if not self.opts.maximal:
                got = is_fusion_profitable(
                    self.poly, sib_loads[0], sib_loads[0], dnode.op, slices, max_legal, self.opts.compute_tolerance
                )
                if got is None:
                    continue
                best = got
            st = slices[best - 1]
            sib_op, dst_op = snode.op, dnode.op
            cut = _cut_carrying_loop(st)
            if cut is not None:
                self.remark(dst_op, f"not fused with the sibling nest at {_loc(sib_op)}: {cut}")
                continue

            def rewrite(tr: Translation, promote: bool, sib_op=sib_op, dst_op=dst_op, st=st, ins=ins) -> None:
                assert tr.poly is not None
                fuse_loops(tr.op(sib_op), tr.slice(st), promote, tr)
                if ins is not dst_op:
                    tr.op(dst_op).move_before(tr.op(ins))
                # Its edges all move to the fused nest, so the sibling goes
                # (upstream removes a sibling left without out-edges).
                tr.op(sib_op).erase()
                tr.poly.invalidate()

            verdict = check_fusion(self.func, self.root, functools.partial(rewrite, promote=False))
            if not verdict.ok:
                self.remark(dst_op, f"not fused with the sibling nest at {_loc(sib_op)}: {verdict.reason}")
                continue
            rewrite(identity_translation(self.poly), True)
            mdg.update_edges_sibling(sib_id, dst_id)
            mdg.refresh(dst_id)
            mdg.remove_node(sib_id)

    def _find_sibling(self, dst_id: int, visited: set[int]) -> tuple[int, Value] | None:
        mdg = self.mdg
        dnode = mdg.nodes[dst_id]

        def can_fuse(sib: Node, memref: Value) -> bool:
            if sib.load_count(memref) != 1:
                return False
            if mdg.has_dependence_path(sib.id, dst_id) or mdg.has_dependence_path(dst_id, sib.id):
                return False
            if any(mdg.incoming_memref_accesses(sib.id, m) > 0 for m in sib.load_and_store_memrefs()):
                return False
            stored = {id(access_memref(s)) for s in sib.stores}
            return len(stored) <= 1

        for arg in self.block.arguments:
            for u in arg.uses:
                user = u.owner
                if not is_affine_read(user):
                    continue
                loops = for_loops(user)
                top = next((lp for lp in loops if lp.parent is self.block), None)
                if top is None:
                    continue
                sib = mdg.for_node(top)
                if sib is None or sib.id == dst_id or sib.id in visited:
                    continue
                memref = access_memref(user)
                if dnode.load_count(memref) == 0:
                    continue
                if can_fuse(sib, memref):
                    visited.add(sib.id)
                    return sib.id, memref
        in_edges = [
            (a, k)
            for a, k in mdg.in_edges(dst_id)
            if is_memref(k) and dnode.load_count(k) > 0 and mdg.nodes[a].store_count(k) > 0
        ]
        for a, k in in_edges:
            cands = []
            for b, v in mdg.out_edges(a):
                if b in visited or b == dst_id or v is not k or not is_memref(v):
                    continue
                sib = mdg.nodes[b]
                if not isinstance(sib.op, AffineForOp):
                    continue
                if can_fuse(sib, v):
                    cands.append((b, v))
            if cands:
                visited.add(cands[0][0])
                return cands[0]
        return None


def _cut_carrying_loop(st: SliceState) -> str | None:
    """Why the slice cannot be cloned (None if it can): a loop that carries
    values (iter_args) would run part of its iterations, restarting its
    values from their inits (the memory-based check does not see SSA values)."""
    for op, lb, ub in zip(st.ivs, st.lbs, st.ubs, strict=True):
        if (lb is not None or ub is not None) and len(op.regions[0].blocks[0].arguments) > 1:
            return (
                f"the slice would run part of the loop at {_loc(op)}, which carries values (iter_args); "
                "slicing a reduction is not supported"
            )
    return None


def model_root(block: Block) -> Operation:
    """The op whose regions the polyhedral model of ``block``'s nests covers:
    the nearest ancestor that is not affine control flow."""
    op = block.parent_op
    assert op is not None
    while isinstance(op, (AffineForOp, AffineIfOp, AffineParallelOp)) and op.parent_op is not None:
        op = op.parent_op
    return op


def _feeds(alloc: Operation, nest: Operation) -> bool:
    v = alloc.results[0]
    return any(nest.is_ancestor_of(u.owner) for u in v.uses)


def _loc(op: Operation) -> str:
    from ...affine.model import op_loc

    return op_loc(op)


def run_fusion(func: Operation, opts: FusionOptions, remark: Remark) -> None:
    """Fuse in every block of ``func`` holding two or more affine.for ops
    (innermost blocks first, as upstream's post-order walk)."""
    blocks: list[Block] = []
    for op in func.walk(post_order=True):
        for r in op.regions:
            for b in r.blocks:
                fors = [o for o in b.operations if isinstance(o, AffineForOp)]
                if len(fors) >= 2 and b not in blocks:
                    blocks.append(b)
    said: list[tuple[Operation, str]] = []

    def once(op: Operation, msg: str) -> None:
        if (op, msg) not in said:
            said.append((op, msg))
            remark(op, msg)

    for b in blocks:
        try:
            GreedyFusion(func, b, opts, once).run()
        except InitFailed as e:
            once(e.op, f"no fusion in this block: {e}")
