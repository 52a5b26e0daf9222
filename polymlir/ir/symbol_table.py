"""Symbols and symbol tables, as upstream's ``mlir::SymbolTable``.

A symbol is an op with a ``sym_name`` string attribute; a symbol table is an
op with the ``SymbolTable`` trait (``builtin.module``, ``llvm.comdat``) whose
regions hold symbols. References are ``SymbolRefAttr``s: ``@f``, or nested
``@m::@f`` (``f`` in the symbol table ``m``).

Two ways in, as upstream:

- functions that scan the IR each time (``lookup_in``, ``lookup_nearest``,
  ``nearest_symbol_table``): always current, linear in the table's size;
  verifiers use them, since ops are inserted and erased between runs;
- a `SymbolTable` object, built from one table op, that keeps a name map for
  repeated lookups and unique-name insertion. It sees the insertions,
  renamings and erasures made through it; after changing the table's block
  any other way, make a new one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .attributes import StringAttr, SymbolRefAttr
from .traits import SYMBOL_TABLE, TERMINATOR

if TYPE_CHECKING:  # pragma: no cover
    from .core import Block, Operation

SYMBOL_ATTR = "sym_name"
VISIBILITY_ATTR = "sym_visibility"

SymbolRef = SymbolRefAttr | str


def symbol_name(op: Operation) -> str | None:
    """The name ``op`` defines (its ``sym_name`` string), None if none."""
    name = op.get_attr(SYMBOL_ATTR)
    return name.value if isinstance(name, StringAttr) else None


def symbols_in(table: Operation) -> Iterator[tuple[str, Operation]]:
    """(name, op) of every symbol directly in ``table``'s regions, in order
    (a name defined twice, which the verifier rejects, comes twice)."""
    for r in table.regions:
        for b in r.blocks:
            for op in b.operations:
                name = symbol_name(op)
                if name is not None:
                    yield name, op


def nearest_symbol_table(op: Operation) -> Operation | None:
    """``op`` itself or its closest ancestor with the SymbolTable trait."""
    cur: Operation | None = op
    while cur is not None and SYMBOL_TABLE not in cur.traits:
        cur = cur.parent_op
    return cur


def _parts(ref: SymbolRef) -> tuple[str, ...]:
    return (ref,) if isinstance(ref, str) else (ref.root, *ref.nested)


def lookup_in(table: Operation, ref: SymbolRef) -> Operation | None:
    """The op ``ref`` names, looked up in the symbol table op ``table``
    (upstream's ``lookupSymbolIn``): the first definition of the root name,
    then each nested name in the symbol table found before it."""
    found: Operation | None = None
    scope: Operation | None = table
    for name in _parts(ref):
        if scope is None or SYMBOL_TABLE not in scope.traits:
            return None
        found = next((op for n, op in symbols_in(scope) if n == name), None)
        scope = found
    return found


def lookup_nearest(from_op: Operation, ref: SymbolRef) -> Operation | None:
    """The op ``ref`` names, in the symbol table nearest ``from_op`` (itself
    or an ancestor; upstream's ``lookupNearestSymbolFrom``). Only that table
    is searched: a name it does not define is None even if an outer table
    defines it, as upstream."""
    table = nearest_symbol_table(from_op)
    return None if table is None else lookup_in(table, ref)


def duplicate_symbols(table: Operation) -> Iterator[tuple[Operation, Operation]]:
    """(first, again) for every symbol whose name an earlier symbol of the
    same block of ``table`` already defines, in order."""
    for r in table.regions:
        for b in r.blocks:
            seen: dict[str, Operation] = {}
            for op in b.operations:
                name = symbol_name(op)
                if name is None:
                    continue
                prev = seen.get(name)
                if prev is not None:
                    yield prev, op
                else:
                    seen[name] = op


def unique_name(base: str, taken: set[str] | dict[str, Operation]) -> str:
    """``base`` if not taken, else the first free ``base_0``, ``base_1``, ...
    (upstream's ``generateSymbolName``)."""
    if base not in taken:
        return base
    i = 0
    while f"{base}_{i}" in taken:
        i += 1
    return f"{base}_{i}"


class SymbolTable:
    """The symbols of one symbol table op, by name (the first definition of
    a name wins, as upstream's table), for repeated lookups and insertion
    under unique names. See the module docstring for when it is current."""

    __slots__ = ("op", "_by_name")

    def __init__(self, op: Operation):
        if SYMBOL_TABLE not in op.traits:
            raise ValueError(f"'{op.name}' is not a symbol table (it lacks the SymbolTable trait)")
        if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            raise ValueError(f"symbol table '{op.name}' must have one region with one block")
        self.op = op
        self._by_name: dict[str, Operation] = {}
        for name, sym in symbols_in(op):
            self._by_name.setdefault(name, sym)

    @property
    def block(self) -> Block:
        return self.op.regions[0].blocks[0]

    def __contains__(self, name: str) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Operation]:
        return iter(list(self._by_name.values()))

    def names(self) -> list[str]:
        return list(self._by_name)

    def lookup(self, ref: SymbolRef) -> Operation | None:
        """The op ``ref`` names; nested references continue in the symbol
        table op the root names (scanned, not cached)."""
        parts = _parts(ref)
        found = self._by_name.get(parts[0])
        if found is None or len(parts) == 1:
            return found
        return lookup_in(found, SymbolRefAttr(parts[1], parts[2:]))

    def unique_name(self, base: str) -> str:
        """``base``, or ``base_N`` for the first N that no symbol here has."""
        return unique_name(base, self._by_name)

    def insert(self, op: Operation, before: Operation | None = None) -> str:
        """Put the symbol ``op`` (not yet in a block) into the table's block
        before ``before`` (default: at the end, before a terminator if the
        block has one), renamed ``name_N`` if its name is taken; returns the
        name it has. Uses of the old name are not rewritten."""
        name = symbol_name(op)
        if name is None:
            raise ValueError(f"'{op.name}' has no '{SYMBOL_ATTR}': it is not a symbol")
        if op.parent is not None:
            raise ValueError(f"'{op.name}' @{name} is already in a block")
        block = self.block
        if before is None:
            last = block.operations[-1] if block.operations else None
            if last is not None and TERMINATOR in last.traits:
                before = last
        if before is not None:
            block.insert_before(before, op)
        else:
            block.append(op)
        new = self.unique_name(name)
        if new != name:
            op.set_attr(SYMBOL_ATTR, StringAttr(new))
        self._by_name[new] = op
        return new

    def erase(self, op: Operation) -> None:
        """Remove the symbol ``op`` from the table and the IR (its results,
        if any, must be unused)."""
        name = symbol_name(op)
        if name is None or self._by_name.get(name) is not op:
            raise ValueError(f"'{op.name}' is not a symbol of this table")
        del self._by_name[name]
        op.erase()
        # A second definition of the name (invalid IR) becomes the visible one.
        again = next((sym for n, sym in symbols_in(self.op) if n == name), None)
        if again is not None:
            self._by_name[name] = again

    def rename(self, op: Operation, new: str) -> None:
        """Give the symbol ``op`` the free name ``new`` (its uses are not
        rewritten)."""
        name = symbol_name(op)
        if name is None or self._by_name.get(name) is not op:
            raise ValueError(f"'{op.name}' is not a symbol of this table")
        if new in self._by_name:
            raise ValueError(f"symbol @{new} already exists")
        del self._by_name[name]
        op.set_attr(SYMBOL_ATTR, StringAttr(new))
        self._by_name[new] = op
