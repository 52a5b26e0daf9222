"""Op traits and interfaces (upstream's ``OpTrait``s and op interfaces) as
objects.

An op class declares what it is with ``traits = frozenset({PURE, TERMINATOR,
has_parent("scf.while")})`` and code asks ``PURE in op.traits``. A trait is
one interned object per name (and parameters), hashed and compared by
identity, so membership tests on the verifier's hot paths cost one pointer
hash; a misspelt trait is a ``NameError`` when its module is imported, not a
string that never matches. ``check_traits`` (called when an op class is
registered) rejects anything in ``traits`` that is not a `Trait`.

This module is a leaf of the IR layer: it imports nothing of polymlir.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar


class Trait:
    """A named op trait or interface, optionally with parameters (the op
    names of ``HasParent<...>``). Made once per (name, parameters):
    ``Trait("Pure") is PURE``; equality and hashing are identity."""

    __slots__ = ("name", "params")
    _made: ClassVar[dict[tuple[str, tuple[str, ...]], Trait]] = {}

    name: str
    params: tuple[str, ...]

    def __new__(cls, name: str, *params: str) -> Trait:
        key = (name, params)
        made = cls._made.get(key)
        if made is None:
            made = super().__new__(cls)
            object.__setattr__(made, "name", name)
            object.__setattr__(made, "params", params)
            cls._made[key] = made
        return made

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("traits are immutable")

    def __reduce__(self) -> tuple:
        # Unpickled traits are the interned ones, so identity tests still hold.
        return (Trait, (self.name, *self.params))

    def __repr__(self) -> str:
        return f"Trait({', '.join(repr(x) for x in (self.name, *self.params))})"

    def __str__(self) -> str:
        return f"{self.name}<{', '.join(self.params)}>" if self.params else self.name


HAS_PARENT = "HasParent"  # the name of the has_parent traits


def has_parent(*op_names: str) -> Trait:
    """Upstream's ``HasParent<...>`` / ``ParentOneOf<...>``: the op must sit
    directly in one of the ops named (``OpDef.verify_declared`` checks it,
    with upstream's message)."""
    if not op_names:
        raise ValueError("has_parent needs at least one op name")
    return Trait(HAS_PARENT, *op_names)


def check_traits(owner: str, traits: Iterable[object]) -> None:
    """Raise TypeError unless every member of ``traits`` is a `Trait`
    (``owner`` names the op class in the message)."""
    bad = [t for t in traits if not isinstance(t, Trait)]
    if bad:
        raise TypeError(f"{owner}: traits must be Trait objects (polymlir.ir.traits), got {bad!r}")


# -- structural traits -----------------------------------------------------------
ISOLATED_FROM_ABOVE = Trait("IsolatedFromAbove")
TERMINATOR = Trait("IsTerminator")
NO_TERMINATOR = Trait("NoTerminator")
SINGLE_BLOCK = Trait("SingleBlock")
NO_REGION_ARGUMENTS = Trait("NoRegionArguments")
SYMBOL_TABLE = Trait("SymbolTable")
SYMBOL = Trait("Symbol")
GRAPH_REGION = Trait("GraphRegion")  # RegionKindInterface: regions are graph regions
AFFINE_SCOPE = Trait("AffineScope")
AUTOMATIC_ALLOCATION_SCOPE = Trait("AutomaticAllocationScope")
HAS_PARALLEL_REGION = Trait("HasParallelRegion")
RETURN_LIKE = Trait("ReturnLike")

# -- operand / result shape traits ---------------------------------------------------
SAME_OPERANDS_AND_RESULT_TYPE = Trait("SameOperandsAndResultType")
SAME_TYPE_OPERANDS = Trait("SameTypeOperands")
SAME_OPERANDS_AND_RESULT_SHAPE = Trait("SameOperandsAndResultShape")
SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE = Trait("SameOperandsAndResultElementType")
SAME_OPERANDS_SHAPE = Trait("SameOperandsShape")
SAME_OPERANDS_ELEMENT_TYPE = Trait("SameOperandsElementType")
SAME_VARIADIC_OPERAND_SIZE = Trait("SameVariadicOperandSize")
SAME_VARIADIC_RESULT_SIZE = Trait("SameVariadicResultSize")
ATTR_SIZED_OPERAND_SEGMENTS = Trait("AttrSizedOperandSegments")
ELEMENTWISE = Trait("Elementwise")

# -- effects and folding ----------------------------------------------------------------
PURE = Trait("Pure")
NO_MEMORY_EFFECT = Trait("NoMemoryEffect")
RECURSIVE_MEMORY_EFFECTS = Trait("RecursiveMemoryEffects")
MEMORY_EFFECT_OP_INTERFACE = Trait("MemoryEffectOpInterface")
CONDITIONALLY_SPECULATABLE = Trait("ConditionallySpeculatable")
CONSTANT_LIKE = Trait("ConstantLike")
COMMUTATIVE = Trait("Commutative")
IDEMPOTENT = Trait("Idempotent")
MEMREFS_NORMALIZABLE = Trait("MemRefsNormalizable")

# -- interfaces ---------------------------------------------------------------------------
BRANCH_OP_INTERFACE = Trait("BranchOpInterface")
WEIGHTED_BRANCH_OP_INTERFACE = Trait("WeightedBranchOpInterface")
CALL_OP_INTERFACE = Trait("CallOpInterface")
CAST_OP_INTERFACE = Trait("CastOpInterface")
COPY_OP_INTERFACE = Trait("CopyOpInterface")
DESTINATION_STYLE_OP_INTERFACE = Trait("DestinationStyleOpInterface")
DESTRUCTURABLE_ACCESSOR_OP_INTERFACE = Trait("DestructurableAccessorOpInterface")
FUNCTION_OP_INTERFACE = Trait("FunctionOpInterface")
INFER_TYPE_OP_INTERFACE = Trait("InferTypeOpInterface")
LINALG_STRUCTURED_INTERFACE = Trait("LinalgStructuredInterface")
LOOP_LIKE_OP_INTERFACE = Trait("LoopLikeOpInterface")
MASKABLE_OP_INTERFACE = Trait("MaskableOpInterface")
OFFSET_SIZE_AND_STRIDE_OP_INTERFACE = Trait("OffsetSizeAndStrideOpInterface")
PARALLEL_COMBINING_OP_INTERFACE = Trait("ParallelCombiningOpInterface")
PROMOTABLE_MEM_OP_INTERFACE = Trait("PromotableMemOpInterface")
REGION_BRANCH_OP_INTERFACE = Trait("RegionBranchOpInterface")
REGION_BRANCH_TERMINATOR = Trait("RegionBranchTerminatorOpInterface")
SHAPED_DIM_OP_INTERFACE = Trait("ShapedDimOpInterface")
SYMBOL_USER_OP_INTERFACE = Trait("SymbolUserOpInterface")
VIEW_LIKE_OP_INTERFACE = Trait("ViewLikeOpInterface")
