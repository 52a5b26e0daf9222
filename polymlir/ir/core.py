"""The in-memory IR: operations, blocks, regions and SSA values.

Operations, blocks, regions and values are mutable and compared by identity;
each value keeps the exact list of its uses (``OpOperand``s), so
``replace_all_uses_with`` and erasure are cheap.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, ClassVar, TypeVar

from . import registry, symbol_table
from .attributes import Attribute, SymbolRefAttr
from .attributes.locations import UNKNOWN_LOC, Location
from .diagnostics import DiagnosticError
from .traits import Trait
from .types import Type

if TYPE_CHECKING:  # pragma: no cover
    from ..printer import AsmPrinter

AttrT = TypeVar("AttrT", bound=Attribute)


@contextmanager
def gc_paused(promote: bool = False) -> Iterator[None]:
    """Pause the cyclic garbage collector while building or walking a large
    IR in one go (parsing, verifying, printing). The IR is a graph of cyclic
    references; the collector, triggered by every few hundred allocations,
    would traverse it again and again, and each traversal costs about as
    much as the walk itself. The temporaries of these walks are freed by
    reference counting, so pausing leaves no garbage behind.

    ``promote``: afterwards, move what was allocated meanwhile (the new IR)
    straight to the oldest generation, as if it had survived the young
    collections, which would otherwise each traverse all of it once more.
    It stays collectable (by full collections). Skipped when the program
    has frozen objects of its own, which ``gc.unfreeze`` would release."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if promote and not gc.get_freeze_count():
            # Both calls only splice the collector's lists: no traversal.
            gc.freeze()
            gc.unfreeze()
        gc.enable()


class Value:
    """An SSA value: an operation result or a block argument."""

    __slots__ = ("type", "uses", "name_hint")

    def __init__(self, type: Type):
        self.type = type
        self.uses: dict[OpOperand, None] = {}
        self.name_hint: str | None = None

    @property
    def has_uses(self) -> bool:
        return bool(self.uses)

    @property
    def users(self) -> list[Operation]:
        seen: dict[Operation, None] = {}
        for u in self.uses:
            seen[u.owner] = None
        return list(seen)

    def replace_all_uses_with(self, new: Value) -> None:
        for use in list(self.uses):
            use.set(new)

    def replace_uses_if(self, new: Value, pred: Callable[[OpOperand], bool]) -> None:
        for use in list(self.uses):
            if pred(use):
                use.set(new)

    @property
    def owner_op(self) -> Operation | None:
        """The defining op of a result; the parent op of a block argument."""
        raise NotImplementedError

    @property
    def parent_block(self) -> Block | None:
        raise NotImplementedError


class OpResult(Value):
    __slots__ = ("owner", "index")

    def __init__(self, type: Type, owner: Operation, index: int):
        # Value.__init__ inlined: one of these per result of every op.
        self.type = type
        self.uses = {}
        self.name_hint = None
        self.owner = owner
        self.index = index

    @property
    def owner_op(self) -> Operation:
        return self.owner

    @property
    def parent_block(self) -> Block | None:
        return self.owner.parent

    def __repr__(self) -> str:
        return f"<OpResult #{self.index} of {self.owner.name}: {self.type}>"


class BlockArgument(Value):
    __slots__ = ("owner", "index", "loc")

    def __init__(self, type: Type, owner: Block, index: int, loc: Location | None = None):
        Value.__init__(self, type)
        self.owner = owner
        self.index = index
        self.loc = loc

    @property
    def owner_op(self) -> Operation | None:
        return self.owner.parent_op

    @property
    def parent_block(self) -> Block:
        return self.owner

    def __repr__(self) -> str:
        return f"<BlockArgument #{self.index}: {self.type}>"


class OpOperand:
    """One use of a value by an operation."""

    __slots__ = ("owner", "index", "value")

    def __init__(self, owner: Operation, index: int, value: Value):
        self.owner = owner
        self.index = index
        self.value = value
        value.uses[self] = None

    def set(self, value: Value) -> None:
        del self.value.uses[self]
        self.value = value
        value.uses[self] = None

    def drop(self) -> None:
        self.value.uses.pop(self, None)


class Operation:
    """A generic operation. Registered ops subclass it (see ``opdef``)."""

    __slots__ = (
        "name",
        "_operands",
        "results",
        "successors",
        "attributes",
        "properties",
        "regions",
        "loc",
        "parent",
        "__weakref__",
    )

    # Class-level metadata that registered op classes override.
    traits: ClassVar[frozenset[Trait]] = frozenset()
    registered: ClassVar[bool] = False
    OP_NAME: ClassVar[str] = ""

    def __init__(
        self,
        name: str,
        operands: Sequence[Value] = (),
        result_types: Sequence[Type] = (),
        attributes: dict[str, Attribute] | None = None,
        properties: dict[str, Attribute] | Attribute | None = None,
        successors: Sequence[Block] = (),
        regions: Sequence[Region] | int = 0,
        loc: Location | None = None,
    ):
        self.name = name
        # (The comprehensions only when there is something to build: each
        # costs a call, and many ops have no operands or no results.)
        self._operands = [OpOperand(self, i, v) for i, v in enumerate(operands)] if operands else []
        self.results = [OpResult(t, self, i) for i, t in enumerate(result_types)] if result_types else []
        self.successors = list(successors)
        self.attributes: dict[str, Attribute] = dict(attributes) if attributes else {}
        # Inherent attributes: a dict for registered ops and for unregistered
        # ops given `<{...}>`; any other attribute for `<#attr>` on
        # unregistered ops.
        self.properties: dict[str, Attribute] | Attribute = (
            dict(properties) if isinstance(properties, dict) else (properties if properties is not None else {})
        )
        if isinstance(regions, int):
            regions = [Region() for _ in range(regions)]
        self.regions: list[Region] = list(regions)
        for r in self.regions:  # as add_region does
            r.parent = self
        self.loc = loc if loc is not None else UNKNOWN_LOC
        self.parent: Block | None = None

    @classmethod
    def create(cls, name: str | None = None, **kw) -> Operation:
        """Build an op of this class (or, on the base class, look the name
        up in the registry so a registered op gets its class)."""
        if cls is Operation:
            opcls = registry.lookup_op(name) if name else None
            if opcls is not None:
                return opcls.create(**kw)
            return Operation(name or "", **kw)
        op = cls.__new__(cls)
        Operation.__init__(op, cls.OP_NAME, **kw)
        return op

    # -- operands -----------------------------------------------------------
    @property
    def operands(self) -> list[Value]:
        return [o.value for o in self._operands]

    @property
    def op_operands(self) -> list[OpOperand]:
        return self._operands

    @property
    def num_operands(self) -> int:
        return len(self._operands)

    def operand(self, i: int) -> Value:
        return self._operands[i].value

    def set_operand(self, i: int, v: Value) -> None:
        self._operands[i].set(v)

    def set_operands(self, values: Sequence[Value]) -> None:
        for o in self._operands:
            o.drop()
        self._operands = [OpOperand(self, i, v) for i, v in enumerate(values)]

    @property
    def result_types(self) -> list[Type]:
        return [r.type for r in self.results]

    # -- regions and nesting -------------------------------------------------
    def add_region(self, region: Region | None = None) -> Region:
        region = region if region is not None else Region()
        region.parent = self
        self.regions.append(region)
        return region

    @property
    def parent_op(self) -> Operation | None:
        b = self.parent
        if b is None or b.parent is None:
            return None
        return b.parent.parent

    @property
    def parent_region(self) -> Region | None:
        return self.parent.parent if self.parent is not None else None

    def ancestors(self) -> Iterator[Operation]:
        op = self.parent_op
        while op is not None:
            yield op
            op = op.parent_op

    def is_ancestor_of(self, other: Operation) -> bool:
        return other is self or any(a is self for a in other.ancestors())

    def is_proper_ancestor_of(self, other: Operation) -> bool:
        return other is not self and self.is_ancestor_of(other)

    def walk(self, fn: Callable[[Operation], object] | None = None, post_order: bool = True) -> Iterator[Operation]:
        """Iterate over this op and all nested ops (post-order by default).

        With ``fn`` given, call it on each op instead of yielding."""
        if fn is not None:
            for op in list(self.walk(post_order=post_order)):
                fn(op)
            return iter(())
        return self._walk(post_order)

    def _walk(self, post_order: bool) -> Iterator[Operation]:
        if not post_order:
            yield self
        for r in self.regions:
            for b in r.blocks:
                for op in list(b.operations):
                    yield from op._walk(post_order)
        if post_order:
            yield self

    def has_trait(self, trait: Trait) -> bool:
        return trait in self.traits

    # -- custom assembly (registered ops, OpDef, override these) ---------------
    # Whether the printer asks asm_result_names / asm_block_arg_names.
    _asm_names: ClassVar[bool] = False
    _asm_arg_names: ClassVar[bool] = False

    def asm_result_names(self) -> Sequence[str | None] | None:
        """The names the printer gives the results (see OpDef); None: numbered."""
        return None

    def asm_block_arg_names(self, region: Region) -> Sequence[str | None] | None:
        """The names of ``region``'s entry block arguments; None: ``%arg<N>``."""
        return None

    def print_custom_ok(self) -> bool:
        """Whether the op can print in a custom form (an unregistered op cannot)."""
        return False

    def print_custom(self, p: AsmPrinter) -> None:
        """Print the custom form after the op name (registered ops only)."""
        raise NotImplementedError(f"'{self.name}' has no custom assembly form")

    # -- attributes ----------------------------------------------------------
    @property
    def props(self) -> dict[str, Attribute]:
        """The inherent attributes by name: ``properties`` of a registered op
        (always a dict) or of an unregistered one given ``<{...}>``. A
        TypeError for an unregistered op whose properties are one opaque
        attribute (``<#attr>``)."""
        p = self.properties
        if isinstance(p, dict):
            return p
        raise TypeError(f"'{self.name}' has an opaque property ({p}), not properties by name")

    def prop(self, name: str, kind: type[AttrT]) -> AttrT:
        """The inherent attribute ``name``, a ``kind`` (as the op's verifier
        guarantees for a declared property); KeyError when it is absent,
        TypeError when it is of another kind."""
        a = self.props[name]
        if not isinstance(a, kind):
            raise TypeError(f"'{self.name}' property '{name}' is {a}, not a {kind.__name__}")
        return a

    def opt_prop(self, name: str, kind: type[AttrT]) -> AttrT | None:
        """As ``prop`` for an optional property: None when it is absent."""
        a = self.props.get(name)
        if a is not None and not isinstance(a, kind):
            raise TypeError(f"'{self.name}' property '{name}' is {a}, not a {kind.__name__}")
        return a

    def attr(self, name: str, kind: type[AttrT]) -> AttrT:
        """As ``get_attr`` (inherent, else discardable), of kind ``kind``;
        KeyError when it is absent, TypeError when it is of another kind."""
        a = self.get_attr(name)
        if a is None:
            raise KeyError(f"'{self.name}' has no attribute '{name}'")
        if not isinstance(a, kind):
            raise TypeError(f"'{self.name}' attribute '{name}' is {a}, not a {kind.__name__}")
        return a

    def get_attr(self, name: str) -> Attribute | None:
        props = self.properties
        if isinstance(props, dict) and name in props:
            return props[name]
        return self.attributes.get(name)

    def set_attr(self, name: str, value: Attribute) -> None:
        """Set an inherent attribute on registered ops, else a discardable one."""
        if self.registered and isinstance(self.properties, dict) and name in self.property_names():
            self.properties[name] = value
        else:
            self.attributes[name] = value

    def remove_attr(self, name: str) -> None:
        if isinstance(self.properties, dict):
            self.properties.pop(name, None)
        self.attributes.pop(name, None)

    @classmethod
    def property_names(cls) -> frozenset[str]:
        return frozenset()

    # -- mutation ------------------------------------------------------------
    def detach(self) -> Operation:
        if self.parent is not None:
            self.parent.operations.remove(self)
            self.parent = None
        return self

    def drop_all_references(self) -> None:
        for o in self._operands:
            o.drop()
        self._operands = []
        for r in self.regions:
            for b in r.blocks:
                for op in b.operations:
                    op.drop_all_references()

    def erase(self) -> None:
        """Remove this op (its results must be unused) and everything in it."""
        for r in self.results:
            if r.uses:
                users = {u.owner.name for u in r.uses}
                raise ValueError(f"cannot erase '{self.name}': result still used by {sorted(users)}")
        self.drop_all_references()
        self.detach()

    def replace_all_uses_with(self, values: Sequence[Value] | Operation) -> None:
        new = values.results if isinstance(values, Operation) else values
        assert len(new) == len(self.results)
        for r, v in zip(self.results, new, strict=True):
            r.replace_all_uses_with(v)

    def move_before(self, other: Operation) -> None:
        assert other.parent is not None, "the anchor op is in a block"
        self.detach()
        other.parent.insert_before(other, self)

    def move_after(self, other: Operation) -> None:
        assert other.parent is not None, "the anchor op is in a block"
        self.detach()
        other.parent.insert_after(other, self)

    @property
    def next_op(self) -> Operation | None:
        assert self.parent is not None, "the op is in a block"
        ops = self.parent.operations
        i = ops.index(self)
        return ops[i + 1] if i + 1 < len(ops) else None

    @property
    def prev_op(self) -> Operation | None:
        assert self.parent is not None, "the op is in a block"
        ops = self.parent.operations
        i = ops.index(self)
        return ops[i - 1] if i > 0 else None

    def clone(self, mapping: dict | None = None) -> Operation:
        """Deep copy; operands defined outside are kept unless in ``mapping``
        (value -> value and block -> block), which the clone fills in."""
        mapping = {} if mapping is None else mapping
        cls = type(self)
        op = cls.__new__(cls)
        props = dict(self.properties) if isinstance(self.properties, dict) else self.properties
        Operation.__init__(
            op,
            self.name,
            operands=[mapping.get(v, v) for v in self.operands],
            result_types=self.result_types,
            attributes=self.attributes,
            properties=props,
            successors=[mapping.get(b, b) for b in self.successors],
            loc=self.loc,
        )
        for old, new in zip(self.results, op.results, strict=True):
            mapping[old] = new
            new.name_hint = old.name_hint  # a clone keeps its source names
        for r in self.regions:
            op.add_region(r.clone(mapping))
        return op

    def lookup(self, symbol: str | SymbolRefAttr) -> Operation | None:
        """The op ``symbol`` names in this symbol table op (e.g.
        ``module.lookup("matmul")`` for a function; a ``SymbolRefAttr``
        may be nested, ``@m::@f``); None if it names none, or if this op
        is not a symbol table. See ``polymlir.ir.symbol_table``."""
        return symbol_table.lookup_in(self, symbol)

    def emit_error(self, message: str) -> DiagnosticError:
        """Build (the caller raises) a located error for this op."""
        return DiagnosticError(message, self.loc)

    def __repr__(self) -> str:
        return f"<Operation {self.name}>"

    def __str__(self) -> str:
        return registry.print_op(self)


class Block:
    """A list of operations with typed arguments, inside a region."""

    __slots__ = ("operations", "arguments", "parent", "__weakref__")

    def __init__(self, arg_types: Sequence[Type] = (), arg_locs: Sequence[Location | None] | None = None):
        self.operations: list[Operation] = []
        locs = arg_locs if arg_locs is not None else [None] * len(arg_types)
        self.arguments: list[BlockArgument] = [
            BlockArgument(t, self, i, loc) for i, (t, loc) in enumerate(zip(arg_types, locs, strict=True))
        ]
        self.parent: Region | None = None

    @property
    def parent_op(self) -> Operation | None:
        return self.parent.parent if self.parent is not None else None

    def add_argument(self, type: Type, loc: Location | None = None) -> BlockArgument:
        a = BlockArgument(type, self, len(self.arguments), loc)
        self.arguments.append(a)
        return a

    def insert_argument(self, index: int, type: Type, loc: Location | None = None) -> BlockArgument:
        a = BlockArgument(type, self, index, loc)
        self.arguments.insert(index, a)
        for i, x in enumerate(self.arguments):
            x.index = i
        return a

    def erase_argument(self, index: int) -> None:
        a = self.arguments[index]
        if a.uses:
            raise ValueError("cannot erase a block argument that still has uses")
        del self.arguments[index]
        for i, x in enumerate(self.arguments):
            x.index = i

    @property
    def arg_types(self) -> list[Type]:
        return [a.type for a in self.arguments]

    def append(self, op: Operation) -> Operation:
        assert op.parent is None, "op already in a block"
        op.parent = self
        self.operations.append(op)
        return op

    def insert(self, index: int, op: Operation) -> Operation:
        assert op.parent is None, "op already in a block"
        op.parent = self
        self.operations.insert(index, op)
        return op

    def insert_before(self, anchor: Operation, op: Operation) -> Operation:
        return self.insert(self.operations.index(anchor), op)

    def insert_after(self, anchor: Operation, op: Operation) -> Operation:
        return self.insert(self.operations.index(anchor) + 1, op)

    @property
    def terminator(self) -> Operation | None:
        return self.operations[-1] if self.operations else None

    @property
    def first_op(self) -> Operation | None:
        return self.operations[0] if self.operations else None

    def __iter__(self) -> Iterator[Operation]:
        return iter(self.operations)

    def __len__(self) -> int:
        return len(self.operations)

    @property
    def successors(self) -> list[Block]:
        t = self.terminator
        return list(t.successors) if t is not None else []

    @property
    def predecessors(self) -> list[Block]:
        """Blocks whose terminator branches here (in region order)."""
        if self.parent is None:
            return []
        preds: list[Block] = []
        for b in self.parent.blocks:
            t = b.terminator
            if t is not None:
                for s in t.successors:
                    if s is self:
                        preds.append(b)
        return preds

    @property
    def is_entry(self) -> bool:
        return self.parent is not None and bool(self.parent.blocks) and self.parent.blocks[0] is self

    def erase(self) -> None:
        for op in self.operations:
            op.drop_all_references()
        if self.parent is not None:
            self.parent.blocks.remove(self)
            self.parent = None

    def __repr__(self) -> str:
        return f"<Block with {len(self.arguments)} args, {len(self.operations)} ops>"


class Region:
    """A list of blocks owned by an operation."""

    __slots__ = ("blocks", "parent", "__weakref__")

    def __init__(self, blocks: Iterable[Block] = ()):
        self.blocks: list[Block] = []
        self.parent: Operation | None = None
        for b in blocks:
            self.add_block(b)

    def add_block(self, block: Block | None = None) -> Block:
        block = block if block is not None else Block()
        block.parent = self
        self.blocks.append(block)
        return block

    def insert_block(self, index: int, block: Block) -> Block:
        block.parent = self
        self.blocks.insert(index, block)
        return block

    @property
    def entry(self) -> Block | None:
        return self.blocks[0] if self.blocks else None

    @property
    def block(self) -> Block:
        """The single block of a single-block region (created if absent)."""
        if not self.blocks:
            self.add_block()
        return self.blocks[0]

    @property
    def index(self) -> int:
        assert self.parent is not None
        return next(i for i, r in enumerate(self.parent.regions) if r is self)

    def ops(self) -> Iterator[Operation]:
        for b in self.blocks:
            yield from b.operations

    def clone(self, mapping: dict) -> Region:
        new = Region()
        for b in self.blocks:
            nb = Block([a.type for a in b.arguments], [a.loc for a in b.arguments])
            mapping[b] = nb
            for a, na in zip(b.arguments, nb.arguments, strict=True):
                mapping[a] = na
                na.name_hint = a.name_hint  # a cloned loop keeps its source name
            new.add_block(nb)
        # Two passes so that forward references between blocks resolve.
        for b in self.blocks:
            nb = mapping[b]
            for op in b.operations:
                nb.append(op.clone(mapping))
        return new

    def is_ancestor_of_op(self, op: Operation) -> bool:
        r = op.parent_region
        while r is not None:
            if r is self:
                return True
            p = r.parent
            r = p.parent_region if p is not None else None
        return False

    def __iter__(self) -> Iterator[Block]:
        return iter(self.blocks)

    def __len__(self) -> int:
        return len(self.blocks)
