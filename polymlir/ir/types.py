"""MLIR's builtin types: frozen, hashable, compared by value.

Every type knows how to print itself through an `AsmPrinter`-like object
``p`` that offers ``p.attr(a)`` and ``p.type(t)`` for nested entities (so the
printer can substitute aliases); ``str(t)`` prints without aliases.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    from .attributes import Attribute

DYNAMIC = -(2**63)  # upstream's ShapedType::kDynamic


class _PlainPrinter:
    """Prints nested entities without aliases (used by ``str``)."""

    def attr(self, a: Attribute) -> str:
        return a.print(self)

    def type(self, t: Type) -> str:
        return t.print(self)


PLAIN = _PlainPrinter()


class Type:
    """Base class of all types."""

    __slots__ = ()

    def print(self, p) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def children(self) -> Iterator[object]:
        """Nested types and attributes (for alias collection)."""
        return iter(())

    def __str__(self) -> str:
        return self.print(PLAIN)

    def __repr__(self) -> str:
        return f"<type {self}>"


@dataclass(frozen=True, slots=True, repr=False)
class IntegerType(Type):
    width: int
    signedness: str = ""  # "", "s" or "u"

    def print(self, p) -> str:
        return f"{self.signedness}i{self.width}"

    @property
    def is_signless(self) -> bool:
        return self.signedness == ""


@dataclass(frozen=True, slots=True, repr=False)
class IndexType(Type):
    def print(self, p) -> str:
        return "index"


@dataclass(frozen=True, slots=True, repr=False)
class NoneType(Type):
    def print(self, p) -> str:
        return "none"


# name -> (bit width, mantissa bits incl. implicit, numpy dtype name or None)
FLOAT_KINDS: dict[str, tuple[int, int, str | None]] = {
    "f16": (16, 11, "float16"),
    "bf16": (16, 8, None),
    "f32": (32, 24, "float32"),
    "f64": (64, 53, "float64"),
    "f80": (80, 64, None),
    "f128": (128, 113, None),
    "tf32": (19, 11, None),
    "f8E5M2": (8, 3, None),
    "f8E4M3": (8, 4, None),
    "f8E4M3FN": (8, 4, None),
    "f8E5M2FNUZ": (8, 3, None),
    "f8E4M3FNUZ": (8, 4, None),
    "f8E4M3B11FNUZ": (8, 4, None),
    "f8E3M4": (8, 5, None),
    "f8E8M0FNU": (8, 1, None),
    "f6E2M3FN": (6, 4, None),
    "f6E3M2FN": (6, 3, None),
    "f4E2M1FN": (4, 2, None),
}


@dataclass(frozen=True, slots=True, repr=False)
class FloatType(Type):
    name: str

    def print(self, p) -> str:
        return self.name

    @property
    def width(self) -> int:
        return FLOAT_KINDS[self.name][0]


@dataclass(frozen=True, slots=True, repr=False)
class ComplexType(Type):
    element_type: Type

    def print(self, p) -> str:
        return f"complex<{p.type(self.element_type)}>"

    def children(self):
        yield self.element_type


@dataclass(frozen=True, slots=True, repr=False)
class TupleType(Type):
    types: tuple[Type, ...]

    def print(self, p) -> str:
        return "tuple<" + ", ".join(p.type(t) for t in self.types) + ">"

    def children(self):
        return iter(self.types)


@dataclass(frozen=True, slots=True, repr=False)
class FunctionType(Type):
    inputs: tuple[Type, ...]
    results: tuple[Type, ...]

    def print(self, p) -> str:
        ins = "(" + ", ".join(p.type(t) for t in self.inputs) + ")"
        return f"{ins} -> {format_result_types(self.results, p)}"

    def children(self):
        yield from self.inputs
        yield from self.results


def format_result_types(results: Sequence[Type], p=PLAIN) -> str:
    """Result list as upstream prints it: a lone non-function type is bare."""
    if len(results) == 1 and not isinstance(results[0], FunctionType):
        return p.type(results[0])
    return "(" + ", ".join(p.type(t) for t in results) + ")"


def _elided(a: Attribute, p) -> str:
    return a.print_type_elided(p)


def _dims(shape: Sequence[int], scalable: Sequence[bool] = ()) -> str:
    out = []
    for i, d in enumerate(shape):
        s = "?" if d == DYNAMIC else str(d)
        if scalable and scalable[i]:
            s = f"[{s}]"
        out.append(s + "x")
    return "".join(out)


class ShapedType(Type):
    """Common interface of vector, tensor and memref types."""

    __slots__ = ()
    shape: tuple[int, ...]
    element_type: Type

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def has_static_shape(self) -> bool:
        return DYNAMIC not in self.shape

    @property
    def num_elements(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def has_rank(self) -> bool:
        return True


def shaped(t: Type) -> ShapedType:
    """``t`` as a `ShapedType`: for the type of a value whose declared
    constraint admits only shaped types (checked before an op's verify_)."""
    assert isinstance(t, ShapedType), f"expected a shaped type, got {t}"
    return t


@dataclass(frozen=True, slots=True, repr=False)
class VectorType(ShapedType):
    shape: tuple[int, ...]
    element_type: Type
    scalable_dims: tuple[bool, ...] = ()

    def print(self, p) -> str:
        sc = self.scalable_dims if any(self.scalable_dims) else ()
        return f"vector<{_dims(self.shape, sc)}{p.type(self.element_type)}>"

    def children(self):
        yield self.element_type


@dataclass(frozen=True, slots=True, repr=False)
class RankedTensorType(ShapedType):
    shape: tuple[int, ...]
    element_type: Type
    encoding: Attribute | None = None

    def print(self, p) -> str:
        enc = f", {_elided(self.encoding, p)}" if self.encoding is not None else ""
        return f"tensor<{_dims(self.shape)}{p.type(self.element_type)}{enc}>"

    def children(self):
        yield self.element_type
        if self.encoding is not None:
            yield self.encoding


@dataclass(frozen=True, slots=True, repr=False)
class UnrankedTensorType(ShapedType):
    element_type: Type

    shape = ()  # unranked: no shape

    def print(self, p) -> str:
        return f"tensor<*x{p.type(self.element_type)}>"

    def children(self):
        yield self.element_type

    @property
    def has_rank(self) -> bool:
        return False


@dataclass(frozen=True, slots=True, repr=False)
class MemRefType(ShapedType):
    shape: tuple[int, ...]
    element_type: Type
    layout: Attribute | None = None  # None: identity layout
    memory_space: Attribute | None = None

    def print(self, p) -> str:
        s = f"memref<{_dims(self.shape)}{p.type(self.element_type)}"
        if self.layout is not None:
            s += ", " + p.attr(self.layout)
        if self.memory_space is not None:
            s += ", " + _elided(self.memory_space, p)
        return s + ">"

    def children(self):
        yield self.element_type
        if self.layout is not None:
            yield self.layout
        if self.memory_space is not None:
            yield self.memory_space


@dataclass(frozen=True, slots=True, repr=False)
class UnrankedMemRefType(ShapedType):
    element_type: Type
    memory_space: Attribute | None = None

    shape = ()

    def print(self, p) -> str:
        ms = f", {_elided(self.memory_space, p)}" if self.memory_space is not None else ""
        return f"memref<*x{p.type(self.element_type)}{ms}>"

    def children(self):
        yield self.element_type
        if self.memory_space is not None:
            yield self.memory_space

    @property
    def has_rank(self) -> bool:
        return False


@dataclass(frozen=True, slots=True, repr=False)
class OpaqueType(Type):
    """A type of a dialect polymlir does not model: ``!dialect.name<body>``.

    ``text`` is everything after ``!``, kept verbatim."""

    text: str

    @property
    def dialect(self) -> str:
        return self.text.split(".", 1)[0].split("<", 1)[0]

    def print(self, p) -> str:
        return "!" + self.text


# Singletons for the hot, parameterless types.
i1, i8, i16, i32, i64 = (IntegerType(w) for w in (1, 8, 16, 32, 64))
index = IndexType()
none = NoneType()
f16, bf16, f32, f64 = (FloatType(n) for n in ("f16", "bf16", "f32", "f64"))


def is_int_or_index(t: Type) -> bool:
    return isinstance(t, (IntegerType, IndexType))


def is_int_or_float(t: Type) -> bool:
    return isinstance(t, (IntegerType, IndexType, FloatType))


TypeT = TypeVar("TypeT", bound=Type)


def of_kind(t: Type | None, kind: type[TypeT]) -> TypeT:
    """``t`` as a ``kind``, for code over IR whose types a verifier has
    checked (the memref operand of memref.load, a converted descriptor
    struct); a TypeError names the mismatch."""
    if not isinstance(t, kind):
        raise TypeError(f"expected a {kind.__name__}, got '{t}'")
    return t
