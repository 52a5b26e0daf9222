"""Structural verification: op-specific verifiers, terminators, successors,
SSA dominance (graph regions excepted), isolation from above, and unique
symbols in symbol tables.
"""

from __future__ import annotations

from .ir.core import Block, BlockArgument, Operation, OpResult, Region, Value
from .ir.diagnostics import DiagnosticError
from .ir.opdef import OpDef
from .ir.symbol_table import duplicate_symbols, symbol_name
from .ir.traits import GRAPH_REGION, ISOLATED_FROM_ABOVE, NO_TERMINATOR, SINGLE_BLOCK, SYMBOL_TABLE, TERMINATOR
from .printer import AsmPrinter


def verify(op: Operation) -> None:
    """Verify ``op`` and everything nested in it; raise DiagnosticError."""
    _Verifier().verify_op(op)


def _op_name_for_error(op: Operation) -> str:
    return f"'{op.name}' op"


class _Verifier:
    def __init__(self) -> None:
        self._op_index: dict[Block, dict[Operation, int]] = {}
        self._doms: dict[Region, dict[Block, Block]] = {}
        self._reachable: dict[Region, set[Block]] = {}
        # Op classes with a verify_regions_ hook of their own.
        self._region_hooks: dict[type, bool] = {}

    def verify_op(self, top: Operation) -> None:
        # Iterative pre-order walk: deep nests must not hit recursion limits.
        stack: list = [top]
        while stack:
            op = stack.pop()
            if type(op) is tuple:  # exits (upstream's verifyOnExit), after the nested ops
                if len(op) == 2:
                    self._check_has_terminator(op[1])
                else:
                    op[0].verify_regions_()
                continue
            self._verify_one(op)
            if op.regions and op.registered:
                hook = self._region_hooks.get(type(op))
                if hook is None:
                    hook = self._region_hooks[type(op)] = type(op).verify_regions_ is not OpDef.verify_regions_
                if hook:
                    stack.append((op,))
            check = op.registered and NO_TERMINATOR not in op.traits
            for r in reversed(op.regions):
                for b in reversed(r.blocks):
                    if check and b.operations:
                        stack.append((op, b))
                    stack.extend(reversed(b.operations))

    # -- per op ----------------------------------------------------------------
    def _verify_one(self, op: Operation) -> None:
        traits = op.traits
        for i, o in enumerate(op._operands):
            self._check_dominance(op, i, o.value)
        for b in op.successors:
            if op.parent is None or b.parent is not op.parent.parent:
                raise op.emit_error("reference to block defined in another region")
        if TERMINATOR in traits and op.parent is not None and op.parent.operations[-1] is not op:
            raise op.emit_error(f"{_op_name_for_error(op)} must be the last operation in the parent block")
        if op.registered:
            if SINGLE_BLOCK in traits:
                for i, r in enumerate(op.regions):
                    if len(r.blocks) > 1:
                        raise op.emit_error(f"{_op_name_for_error(op)} expects region #{i} to have 0 or 1 blocks")
                    if r.blocks and not r.blocks[0].operations and NO_TERMINATOR not in traits:
                        raise op.emit_error(f"{_op_name_for_error(op)} expects a non-empty block")
            if NO_TERMINATOR not in traits:
                for r in op.regions:
                    for b in r.blocks:
                        self._check_terminator(op, b)
        for r in op.regions:
            if r.blocks and _has_predecessors(r.blocks[0]):
                raise op.emit_error("entry block of region may not have predecessors")
        if SYMBOL_TABLE in traits:
            self._check_symbols(op)
        if isinstance(op, OpDef):  # a registered op
            op.verify_declared()
            op.verify_()

    def _check_terminator(self, op: Operation, b: Block) -> None:
        if not b.operations:
            raise DiagnosticError("empty block: expect at least a terminator", op.loc)

    def _check_has_terminator(self, b: Block) -> None:
        last = b.operations[-1]
        if last.registered and TERMINATOR not in last.traits:
            raise DiagnosticError(f"block with no terminator, has {_short(last)}", last.loc)

    def _check_symbols(self, op: Operation) -> None:
        for prev, again in duplicate_symbols(op):
            err = DiagnosticError(f"redefinition of symbol named '{symbol_name(again)}'", again.loc)
            err.attach_note("see existing symbol definition here", prev.loc)
            raise err

    # -- dominance ---------------------------------------------------------------
    def _check_dominance(self, user: Operation, index: int, v: Value) -> None:
        if isinstance(v, OpResult):
            def_block = v.owner.parent
            def_op: Operation | None = v.owner
        elif isinstance(v, BlockArgument):
            def_block = v.owner
            def_op = None
        else:  # a value no operation or block defines (e.g. a dangling forward ref)
            raise user.emit_error(f"operand #{index} does not dominate this use")
        if def_block is None:
            raise user.emit_error(f"operand #{index} does not dominate this use")
        def_region = def_block.parent
        # Walk up from the user to the op whose block is in def_region.
        anc = user
        while True:
            blk = anc.parent
            if blk is None:
                raise self._not_dominating(user, index, v)
            if blk.parent is def_region:
                break
            parent = blk.parent.parent if blk.parent is not None else None
            if parent is None:
                raise self._not_dominating(user, index, v)
            if ISOLATED_FROM_ABOVE in parent.traits and parent.registered:
                raise user.emit_error(f"{_op_name_for_error(user)} using value defined outside the region").attach_note(
                    "required by region isolation constraints", parent.loc
                )
            anc = parent
        owner = def_region.parent if def_region is not None else None
        if not isinstance(owner, OpDef):  # (registered ops are exactly the OpDefs)
            graph = False
        elif type(owner).region_kind_is_graph is OpDef.region_kind_is_graph:
            graph = GRAPH_REGION in owner.traits  # the default: no need for the region's index
        else:
            assert def_region is not None  # it has an owner
            graph = owner.region_kind_is_graph(def_region.index)
        if graph:
            if anc is def_op:
                raise self._not_dominating(user, index, v)
            return
        use_block = anc.parent
        if def_op is not None and anc is def_op:
            raise self._not_dominating(user, index, v)
        if use_block is def_block:
            if def_op is None:
                return
            idx = self._index(def_block)
            if idx[def_op] < idx[anc]:
                return
            raise self._not_dominating(user, index, v)
        assert def_region is not None, "the defining block is in a region"
        if len(def_region.blocks) == 1:
            return
        if use_block not in self._reachable_blocks(def_region):
            return  # dominance is only checked in reachable code
        doms = self._dominators(def_region)
        b = use_block
        while b is not None:
            nxt = doms.get(b)
            if nxt is def_block:
                return
            if nxt is None or nxt is b:
                break
            b = nxt
        raise self._not_dominating(user, index, v)

    def _not_dominating(self, user: Operation, index: int, v: Value) -> DiagnosticError:
        """The error for operand ``index`` of ``user`` (the caller raises it)."""
        err = DiagnosticError(f"operand #{index} does not dominate this use", user.loc)
        if isinstance(v, OpResult):
            err.attach_note("operand defined here", v.owner.loc)
        return err

    def _index(self, b: Block) -> dict[Operation, int]:
        idx = self._op_index.get(b)
        if idx is None:
            idx = {op: i for i, op in enumerate(b.operations)}
            self._op_index[b] = idx
        return idx

    def _cfg(self, region: Region):
        import networkx as nx  # only multi-block regions need it; importing is slow

        g = nx.DiGraph()
        for b in region.blocks:
            g.add_node(b)
            t = b.terminator
            if t is not None:
                for s in t.successors:
                    g.add_edge(b, s)
        return g

    def _reachable_blocks(self, region: Region) -> set[Block]:
        r = self._reachable.get(region)
        if r is None:
            import networkx as nx  # only multi-block regions need it; importing is slow

            g = self._cfg(region)
            r = set(nx.descendants(g, region.blocks[0])) | {region.blocks[0]}
            self._reachable[region] = r
        return r

    def _dominators(self, region: Region) -> dict[Block, Block]:
        d = self._doms.get(region)
        if d is None:
            import networkx as nx  # only multi-block regions need it; importing is slow

            d = nx.immediate_dominators(self._cfg(region), region.blocks[0])
            self._doms[region] = d
        return d


def _has_predecessors(block: Block) -> bool:
    """``bool(block.predecessors)`` without building the list."""
    assert block.parent is not None, "an entry block of a region"
    for b in block.parent.blocks:
        ops = b.operations
        if ops and block in ops[-1].successors:
            return True
    return False


def _short(op: Operation) -> str:
    p = AsmPrinter(generic=True)
    p.number_op(op)
    for v in op.operands:
        p.names.setdefault(v, "<<UNKNOWN SSA VALUE>>")
    p.print_op(op)
    return "".join(p.out)
