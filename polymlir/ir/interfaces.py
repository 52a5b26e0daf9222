"""Op interfaces with behaviour (upstream's op interfaces): what an op does,
declared on its class in its own dialect module and asked by the analyses
and transforms, instead of tests of the op's name.

An op class implements an interface by deriving from its mixin and defining
its methods::

    @register_op
    class LoadOp(OpDef, MemoryEffectsOp):
        OP_NAME = "memref.load"
        memref = operand_def(C.AnyMemRef)
        ...
        def memory_effects(self) -> list[Effect]:
            return [read(self.memref)]

and code asks the query functions, which answer None (or the conservative
answer) for an op that does not implement the interface:

- memory effects: ``effects(op)`` is every effect of ``op`` and of the ops
  it holds (upstream's recursive memory effects); an op that declares
  nothing and is not ``Pure`` / ``NoMemoryEffect`` (unregistered ops
  included) may read and write anything. ``memory_effects(op)`` is only
  what the op itself declares (None: nothing declared);
- loop-like ops (``LoopLikeOpInterface``): ``loop_like(op)``, with the
  induction variables, bounds and steps as the op holds them, the body,
  inits, region iter_args and yielded values;
- affine accesses (upstream's ``AffineReadOpInterface`` /
  ``AffineWriteOpInterface`` / ``AffineMapAccessInterface``):
  ``affine_access(op)``, the memref, map, map operands and the value read
  or stored;
- tiling (``TilingInterface``): ``tiling(op)``, the loops of the iteration
  domain and their kinds;
- speculation: ``is_speculatable(op)`` (may run where it did not, e.g.
  hoisted out of a loop that may run zero times), ``is_pure(op)``.

This module is a leaf of the IR layer: at run time it imports only
``traits``.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from .traits import CONSTANT_LIKE, NO_MEMORY_EFFECT, PURE, RECURSIVE_MEMORY_EFFECTS, SYMBOL, TERMINATOR

if TYPE_CHECKING:  # pragma: no cover
    from .affine_map import AffineMap
    from .core import Block, Operation, OpResult, Region, Value


# -- memory effects ------------------------------------------------------------------------


class EffectKind(enum.Enum):
    """What an op does to a resource (upstream's MemoryEffects::Read, ...)."""

    READ = "read"
    WRITE = "write"
    ALLOC = "alloc"
    FREE = "free"


@dataclass(frozen=True, slots=True)
class Effect:
    """One memory effect: its kind and the value (a memref operand, or the
    result an allocation makes) it acts on; None for an unknown resource
    (any memory)."""

    kind: EffectKind
    value: Value | None = None

    def __str__(self) -> str:
        return f"{self.kind.value}({'?' if self.value is None else 'value'})"


def read(value: Value | None = None) -> Effect:
    return Effect(EffectKind.READ, value)


def write(value: Value | None = None) -> Effect:
    return Effect(EffectKind.WRITE, value)


def allocate(value: Value) -> Effect:
    return Effect(EffectKind.ALLOC, value)


def free(value: Value) -> Effect:
    return Effect(EffectKind.FREE, value)


# What an op with unknown effects may do: read and write any memory.
UNKNOWN_EFFECTS: tuple[Effect, ...] = (read(), write())


class MemoryEffectsOp:
    """Interface: the op declares its own memory effects (upstream's
    ``MemoryEffectOpInterface``). For an op with ``RecursiveMemoryEffects``
    the effects of the ops it holds are added to these."""

    __slots__ = ()
    # False where upstream's op does not implement MemoryEffectOpInterface
    # although polymlir's analyses model its effects (a prefetch reads its
    # memref, say): canonicalize and cse then treat it as upstream does, as
    # an op whose effects are unknown (see `declared_effects`).
    upstream_declares_effects: ClassVar[bool] = True

    def memory_effects(self) -> list[Effect]:  # pragma: no cover - every implementation overrides it
        raise NotImplementedError


def memory_effects(op: Operation) -> list[Effect] | None:
    """The effects ``op`` itself declares (the ops it holds aside): [] for
    ``Pure`` / ``NoMemoryEffect`` ops and for ``RecursiveMemoryEffects`` ops
    that declare nothing else; None when it declares nothing."""
    if isinstance(op, MemoryEffectsOp):
        return op.memory_effects()
    tr = op.traits
    if PURE in tr or NO_MEMORY_EFFECT in tr or CONSTANT_LIKE in tr or RECURSIVE_MEMORY_EFFECTS in tr:
        return []
    return None


def declared_effects(op: Operation) -> list[Effect] | None:
    """The effects ``op`` declares as upstream's ``MemoryEffectOpInterface``
    does (what ``dyn_cast<MemoryEffectOpInterface>`` finds): [] for ``Pure``
    / ``NoMemoryEffect`` ops; None for an op that does not implement the
    interface: one that declares nothing, a ``RecursiveMemoryEffects`` op
    without effects of its own (``scf.for``), and an op whose effects only
    polymlir models (``MemoryEffectsOp.upstream_declares_effects``). The
    passes that follow upstream's rules to the letter (the greedy driver's
    dead-op removal, cse) ask this, the analyses `effects`."""
    if isinstance(op, MemoryEffectsOp):
        return op.memory_effects() if op.upstream_declares_effects else None
    tr = op.traits
    if PURE in tr or NO_MEMORY_EFFECT in tr or CONSTANT_LIKE in tr:
        return []
    return None


def would_op_be_trivially_dead(op: Operation) -> bool:
    """Upstream's ``wouldOpBeTriviallyDead``: ``op`` and, for recursive
    effects, every op it holds declare no effect but reads and effects on
    results they allocate; terminators, symbols and unregistered ops never
    are."""
    tr = op.traits
    if TERMINATOR in tr or SYMBOL in tr or not op.registered:
        return False
    stack = [op]
    while stack:
        o = stack.pop()
        recursive = RECURSIVE_MEMORY_EFFECTS in o.traits
        if recursive:
            for r in o.regions:
                for b in r.blocks:
                    stack.extend(b.operations)
        own = declared_effects(o)
        if own is None:
            if recursive:
                continue  # only the held ops' effects, pushed above
            return False
        allocated = {e.value for e in own if e.kind is EffectKind.ALLOC and e.value in o.results}
        if not all(e.kind is EffectKind.READ or (e.value is not None and e.value in allocated) for e in own):
            return False
    return True


def is_op_trivially_dead(op: Operation) -> bool:
    """Upstream's ``isOpTriviallyDead``: unused results and `would_op_be_trivially_dead`."""
    return not any(r.uses for r in op.results) and would_op_be_trivially_dead(op)


def declares_only_reads(op: Operation) -> bool:
    """Upstream's ``onlyHasEffect<MemoryEffects::Read>`` on ``op``'s own
    declaration (the held ops aside): it declares effects, all reads."""
    own = declared_effects(op) or []
    return bool(own) and all(e.kind is EffectKind.READ for e in own)


def declared_effects_recursively(op: Operation) -> list[Effect] | None:
    """Upstream's ``getEffectsRecursively``: what ``op`` declares and, for
    recursive effects, what the ops it holds declare; None when one of them
    declares nothing (its effects are unknown)."""
    own = declared_effects(op)
    if RECURSIVE_MEMORY_EFFECTS not in op.traits:
        return own
    out = list(own or ())
    for r in op.regions:
        for b in r.blocks:
            for o in b.operations:
                held = declared_effects_recursively(o)
                if held is None:
                    return None
                out.extend(held)
    return out


def declares_write(op: Operation) -> bool:
    """What upstream's cse takes for a write between two reads: ``op`` or
    an op it holds (recursive effects) declares a write, or declares no
    effects at all (a free or an allocation is no write here)."""
    found = declared_effects_recursively(op)
    return found is None or any(e.kind is EffectKind.WRITE for e in found)


def effects(op: Operation) -> list[Effect]:
    """Every memory effect of ``op``, with those of the ops it holds when
    it has ``RecursiveMemoryEffects`` (each effect once); an op that
    declares nothing may read and write anything (`UNKNOWN_EFFECTS`)."""
    own = memory_effects(op)
    if own is None:
        return list(UNKNOWN_EFFECTS)
    if RECURSIVE_MEMORY_EFFECTS not in op.traits or not op.regions:
        return own
    out = dict.fromkeys(own)
    for r in op.regions:
        for b in r.blocks:
            for o in b.operations:
                out.update(dict.fromkeys(effects(o)))
    return list(out)


def region_effects(op: Operation) -> list[Effect]:
    """The effects of the ops ``op``'s regions hold (a function body's
    effects, say), each once; ``op``'s own declaration aside."""
    out: dict[Effect, None] = {}
    for r in op.regions:
        for b in r.blocks:
            for o in b.operations:
                out.update(dict.fromkeys(effects(o)))
    return list(out)


def is_memory_effect_free(op: Operation) -> bool:
    """Upstream's ``isMemoryEffectFree``: no effect, the held ops' included."""
    return not effects(op)


def only_reads(op: Operation) -> bool:
    """``op`` reads memory (or nothing) and does nothing else to it."""
    return all(e.kind is EffectKind.READ for e in effects(op))


def may_write(op: Operation) -> bool:
    """Whether ``op`` (or an op it holds) may write or free memory, or has
    effects that are not known."""
    return any(e.kind in (EffectKind.WRITE, EffectKind.FREE) for e in effects(op))


def allocates(op: Operation) -> bool:
    """Whether ``op`` allocates memory for a result and does nothing else
    (``memref.alloc``, ``memref.alloca``)."""
    own = effects(op)
    return bool(own) and all(e.kind is EffectKind.ALLOC and e.value is not None and e.value in op.results for e in own)


def frees(op: Operation, value: Value) -> bool:
    """Whether ``op`` frees ``value`` (``memref.dealloc``)."""
    return any(e.kind is EffectKind.FREE and e.value is value for e in effects(op))


# -- speculation -------------------------------------------------------------------------------


class ConditionallySpeculatableOp:
    """Interface: whether the op may run where it did not (upstream's
    ``ConditionallySpeculatable``): a ``Pure`` op that may trap for some
    operands (integer division by zero) says False."""

    __slots__ = ()

    def speculatable(self) -> bool:  # pragma: no cover - every implementation overrides it
        raise NotImplementedError


def is_speculatable(op: Operation) -> bool:
    """Whether ``op`` may be executed speculatively: it declares so, or it
    is ``Pure`` and declares nothing else (upstream's ``AlwaysSpeculatable``)."""
    if isinstance(op, ConditionallySpeculatableOp):
        return op.speculatable()
    return PURE in op.traits


def is_pure(op: Operation) -> bool:
    """Upstream's ``isPure``: speculatable and free of memory effects."""
    return is_speculatable(op) and is_memory_effect_free(op)


# -- loop-like ops -----------------------------------------------------------------------------


class AffineBound(NamedTuple):
    """A bound of an affine loop: the max (lower) or min (upper) of the
    results of ``map`` applied to ``operands``."""

    map: AffineMap
    operands: list[Value]


class LoopLikeOp:
    """Interface: a loop (upstream's ``LoopLikeOpInterface``). Every op with
    the ``LoopLikeOpInterface`` trait implements it (a test keeps the two
    together). Bounds and steps are as the op holds them: SSA values (scf),
    constants, or `AffineBound`s (affine); one per induction variable."""

    __slots__ = ()
    if TYPE_CHECKING:  # what the op class has
        regions: list[Region]
        results: list[OpResult]

    def loop_ivs(self) -> list[Value]:
        """The induction variables (none for ``scf.while``)."""
        return []

    def loop_regions(self) -> list[Region]:
        """The regions that run once per iteration."""
        return list(self.regions)

    def loop_body(self) -> Block:
        """The block of the body (the first loop region's entry block)."""
        return self.loop_regions()[0].blocks[0]

    def loop_lower_bounds(self) -> list[Value | int | AffineBound]:
        return []

    def loop_upper_bounds(self) -> list[Value | int | AffineBound]:
        return []

    def loop_steps(self) -> list[Value | int]:
        return []

    def loop_inits(self) -> list[Value]:
        """The values the loop-carried values start from."""
        return []

    def loop_iter_args(self) -> list[Value]:
        """The body's block arguments holding the loop-carried values."""
        return []

    def loop_yielded(self) -> list[Value]:
        """The values the body yields for the next iteration (or the results)."""
        return []

    def loop_results(self) -> list[OpResult]:
        """The values the loop produces: the carried values after the last iteration."""
        return list(self.results)

    def is_parallel_loop(self) -> bool:
        """Whether the op declares its iterations independent
        (``affine.parallel``, ``scf.parallel``, ``scf.forall``): a
        declaration, not an analysis."""
        return False


def loop_like(op: Operation | None) -> LoopLikeOp | None:
    """``op`` as a loop, or None when it is not loop-like."""
    return op if isinstance(op, LoopLikeOp) else None


def is_loop_like(op: Operation | None) -> bool:
    return isinstance(op, LoopLikeOp)


# -- affine accesses ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class AffineAccess:
    """What an affine memory op accesses: ``memref[map(indices)]``, read or
    written (``kind``; None for an op that touches no element's value, such
    as ``affine.prefetch``), and the value stored (a write) or loaded (the
    result of a read)."""

    memref: Value
    map: AffineMap
    indices: list[Value]
    kind: EffectKind | None
    value: Value | None

    @property
    def is_read(self) -> bool:
        return self.kind is EffectKind.READ

    @property
    def is_write(self) -> bool:
        return self.kind is EffectKind.WRITE


class AffineAccessOp:
    """Interface: the op accesses one element (or vector) of a memref at an
    affine map of its operands."""

    __slots__ = ()

    def affine_access(self) -> AffineAccess:  # pragma: no cover - every implementation overrides it
        raise NotImplementedError


def affine_access(op: Operation) -> AffineAccess | None:
    """The access of an affine memory op, None for any other op."""
    return op.affine_access() if isinstance(op, AffineAccessOp) else None


def is_affine_read(op: Operation) -> bool:
    """An affine load of an element's value (``affine.load``, ``affine.vector_load``)."""
    return isinstance(op, AffineAccessOp) and op.affine_access().kind is EffectKind.READ


def is_affine_write(op: Operation) -> bool:
    """An affine store (``affine.store``, ``affine.vector_store``)."""
    return isinstance(op, AffineAccessOp) and op.affine_access().kind is EffectKind.WRITE


# -- tiling ---------------------------------------------------------------------------------


PARALLEL = "parallel"  # a loop kind of TilingOp.loop_iterator_types


class TilingOp:
    """Interface: the op is a loop nest over an iteration domain that can be
    tiled (upstream's ``TilingInterface``): one loop per dimension, each
    ``"parallel"`` or ``"reduction"``."""

    __slots__ = ()

    def loop_iterator_types(self) -> list[str]:  # pragma: no cover - every implementation overrides it
        raise NotImplementedError

    def iteration_domain_sizes(self) -> list[int | None]:
        """The extent of each loop of the domain (from 0, step 1); None
        where it is known only at run time."""
        raise NotImplementedError  # pragma: no cover - every implementation overrides it


def tiling(op: Operation) -> TilingOp | None:
    """``op`` as a tileable op, or None."""
    return op if isinstance(op, TilingOp) else None


def static_sizes(shape: Sequence[int], dynamic: int) -> list[int | None]:
    """``shape`` with ``dynamic`` extents as None (a helper for
    `TilingOp.iteration_domain_sizes`)."""
    return [None if d == dynamic else d for d in shape]
