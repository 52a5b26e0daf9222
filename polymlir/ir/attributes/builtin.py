"""MLIR's builtin attributes: frozen, hashable, compared by value.

Like types, each attribute prints itself through a printer ``p`` offering
``p.attr``/``p.type`` for nested entities, so aliases can be substituted.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..types import (
    DYNAMIC,
    PLAIN,
    ComplexType,
    FloatType,
    IndexType,
    IntegerType,
    ShapedType,
    Type,
    f64,
    i1,
    i64,
)
from .floats import NanBits, float_bits, format_float

if TYPE_CHECKING:
    # Annotations only: affine_map builds on these attributes.
    from ..affine_map import AffineMap, IntegerSet


class Attribute:
    """Base class of all attributes."""

    __slots__ = ()

    def print(self, p) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def children(self) -> Iterator[object]:
        return iter(())

    def print_type_elided(self, p) -> str:
        """The attribute printed where upstream may elide an i64 integer's type
        (only ``IntegerAttr`` does)."""
        return p.attr(self)

    def __str__(self) -> str:
        return self.print(PLAIN)

    def __repr__(self) -> str:
        return f"<attr {self}>"


# --------------------------------------------------------------------------
# scalars
# --------------------------------------------------------------------------


def elide_type(a: Attribute, p) -> str:
    """``a`` printed where upstream may elide an i64 integer's type."""
    return a.print_type_elided(p)


def escape_string(s: str) -> str:
    """Escape as upstream's printEscapedString does (bytes of the UTF-8)."""
    if s.isascii() and s.isprintable() and '"' not in s and "\\" not in s:
        return s
    out = []
    for b in s.encode("utf-8", "surrogateescape"):
        if b == 0x5C:
            out.append("\\\\")
        elif 0x20 <= b < 0x7F and b != 0x22:
            out.append(chr(b))
        else:
            out.append(f"\\{b:02X}")
    return "".join(out)


def quote(s: str) -> str:
    return '"' + escape_string(s) + '"'


@dataclass(frozen=True, slots=True, repr=False)
class IntegerAttr(Attribute):
    value: int
    type: Type = i64

    def print_type_elided(self, p) -> str:
        if type(self) is IntegerAttr and self.type == i64:
            return str(self.value)
        return p.attr(self)

    def print(self, p) -> str:
        t = self.type
        if t == i1:
            return "true" if self.value else "false"
        return f"{as_printed_int(self.value, t)} : {p.type(t)}"

    def print_elided(self, p) -> str:
        """As upstream prints where the type may be elided (array elements,
        memory spaces): i64 values without their type."""
        if self.type == i64:
            return str(as_printed_int(self.value, i64))
        return self.print(p)

    def children(self):
        yield self.type


@dataclass(frozen=True, slots=True, repr=False)
class FloatAttr(Attribute):
    value: float
    type: Type = f64
    bits: int | None = None  # kept for NaN payloads given in hex

    def print(self, p) -> str:
        return f"{format_float(self.value, self.type, self.bits)} : {p.type(self.type)}"

    def children(self):
        yield self.type

    def __eq__(self, other: object) -> bool:
        # NaN attributes are equal when their types and bits are.
        if not isinstance(other, FloatAttr) or other.type != self.type:
            return False
        if math.isnan(self.value) or math.isnan(other.value):
            return math.isnan(self.value) and math.isnan(other.value) and self.bits == other.bits
        return self.value == other.value and math.copysign(1, self.value) == math.copysign(1, other.value)

    def __hash__(self) -> int:
        return hash((self.type, None if math.isnan(self.value) else self.value))


TRUE = IntegerAttr(1, i1)
FALSE = IntegerAttr(0, i1)


def BoolAttr(v: bool) -> IntegerAttr:
    return TRUE if v else FALSE


@dataclass(frozen=True, slots=True, repr=False)
class StringAttr(Attribute):
    value: str
    type: Type | None = None

    def print(self, p) -> str:
        if self.type is None:
            return quote(self.value)
        return f"{quote(self.value)} : {p.type(self.type)}"

    def children(self):
        if self.type is not None:
            yield self.type


@dataclass(frozen=True, slots=True, repr=False)
class UnitAttr(Attribute):
    def print(self, p) -> str:
        return "unit"


UNIT = UnitAttr()


@dataclass(frozen=True, slots=True, repr=False)
class TypeAttr(Attribute):
    value: Type

    def print(self, p) -> str:
        return p.type(self.value)

    def children(self):
        yield self.value


def _symbol_name(s: str) -> str:

    if re.fullmatch(r"[a-zA-Z_$.\-][\w$.\-]*", s):
        return "@" + s
    return "@" + quote(s)


@dataclass(frozen=True, slots=True, repr=False)
class SymbolRefAttr(Attribute):
    root: str
    nested: tuple[str, ...] = ()

    def print(self, p) -> str:
        return "::".join(_symbol_name(s) for s in (self.root, *self.nested))

    @property
    def leaf(self) -> str:
        return self.nested[-1] if self.nested else self.root


# --------------------------------------------------------------------------
# containers
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class ArrayAttr(Attribute):
    elements: tuple[Attribute, ...]

    def print(self, p) -> str:
        return "[" + ", ".join(elide_type(a, p) for a in self.elements) + "]"

    def children(self):
        return iter(self.elements)

    def __iter__(self):
        return iter(self.elements)

    def __len__(self):
        return len(self.elements)

    def __getitem__(self, i):
        return self.elements[i]


_BARE_KEY = None


def format_attr_key(name: str) -> str:
    global _BARE_KEY
    if _BARE_KEY is None:
        _BARE_KEY = re.compile(r"[a-zA-Z_][\w$.]*\Z")
    return name if _BARE_KEY.match(name) else quote(name)


def format_named_attrs(items: Sequence[tuple[str, Attribute]], p) -> str:
    """``{a = 1, b}``-style body (without braces), sorted by name."""
    parts = []
    for k, v in sorted(items, key=lambda kv: kv[0]):
        if v is UNIT or isinstance(v, UnitAttr):
            parts.append(format_attr_key(k))
        else:
            parts.append(f"{format_attr_key(k)} = {p.attr(v)}")
    return ", ".join(parts)


@dataclass(frozen=True, slots=True, repr=False)
class DictionaryAttr(Attribute):
    items: tuple[tuple[str, Attribute], ...]  # sorted by name

    @staticmethod
    def from_dict(d: dict[str, Attribute]) -> DictionaryAttr:
        return DictionaryAttr(tuple(sorted(d.items(), key=lambda kv: kv[0])))

    def print(self, p) -> str:
        return "{" + format_named_attrs(self.items, p) + "}"

    def children(self):
        for _, v in self.items:
            yield v

    def get(self, key: str, default=None):
        for k, v in self.items:
            if k == key:
                return v
        return default

    def as_dict(self) -> dict[str, Attribute]:
        return dict(self.items)


@dataclass(frozen=True, slots=True, repr=False)
class DenseArrayAttr(Attribute):
    element_type: Type
    values: tuple

    def print(self, p) -> str:
        et = p.type(self.element_type)
        if not self.values:
            return f"array<{et}>"
        if self.element_type == i1:
            vals = ", ".join("true" if v else "false" for v in self.values)
        elif isinstance(self.element_type, FloatType):
            vals = ", ".join(format_float(v, self.element_type) for v in self.values)
        else:
            vals = ", ".join(str(v) for v in self.values)
        return f"array<{et}: {vals}>"

    def children(self):
        yield self.element_type


# --------------------------------------------------------------------------
# elements attributes
# --------------------------------------------------------------------------

HEX_THRESHOLD = 100  # upstream prints larger dense literals as hex


def as_printed_int(v: int, t: Type) -> int:
    """``v`` as upstream prints an integer of type ``t``: the ``w``-bit
    pattern read as unsigned for unsigned types, else as signed (``255 :
    i8`` prints ``-1 : i8``); index is 64 bits wide."""
    if type(t) is IntegerType:
        w, unsigned = t.width, t.signedness == "u"
    elif type(t) is IndexType:
        w, unsigned = 64, False
    else:
        return v
    if unsigned:
        return v if 0 <= v < (1 << w) else v & ((1 << w) - 1)
    half = 1 << (w - 1) if w else 0
    if -half <= v < half:
        return v
    v &= (1 << w) - 1
    return v - (1 << w) if v >= half else v


def _elem_str(v, et: Type) -> str:
    if isinstance(et, ComplexType):
        inner = et.element_type
        return f"({_elem_str(v[0], inner)},{_elem_str(v[1], inner)})"
    if isinstance(et, FloatType):
        return format_float(v, et)
    if et == i1:
        return "true" if v else "false"
    if isinstance(et, (IntegerType, IndexType)):
        return str(as_printed_int(v, et))
    return quote(v) if isinstance(v, str) else str(v)


def _nest(values: Sequence, shape: Sequence[int], et: Type) -> str:
    if not shape:
        return _elem_str(values[0], et)
    if len(shape) == 1:
        return "[" + ", ".join(_elem_str(v, et) for v in values) + "]"
    step = len(values) // shape[0] if shape[0] else 0
    return "[" + ", ".join(_nest(values[i * step : (i + 1) * step], shape[1:], et) for i in range(shape[0])) + "]"


def _pack_hex(values: Sequence, et: Type) -> str | None:
    if isinstance(et, IntegerType) and et.width % 8 == 0 and et.width <= 64:
        nb = et.width // 8
        mask = (1 << et.width) - 1
        data = b"".join((v & mask).to_bytes(nb, "little") for v in values)
    elif isinstance(et, FloatType) and et.name in ("f16", "f32", "f64", "bf16"):
        nb = et.width // 8
        data = b"".join(
            (v.bits if isinstance(v, NanBits) else float_bits(v, et)).to_bytes(nb, "little")  # type: ignore[union-attr]  # float_bits models these four types
            for v in values
        )
    else:
        return None
    return '"0x' + data.hex().upper() + '"'


@dataclass(frozen=True, slots=True, repr=False)
class DenseElementsAttr(Attribute):
    """``dense<...>`` over a shaped type; ``values`` is flat, row-major.

    Splat literals keep a single value. Integers are Python ints (signed as
    printed), floats Python floats rounded to the element type, complex
    values (re, im) pairs, and string elements Python strings."""

    type: ShapedType
    data: tuple  # one value when ``splat``, else every element
    splat: bool = False

    def __post_init__(self) -> None:
        # Like upstream, a literal whose elements are all equal is a splat.
        vals = self.data
        if not self.splat and vals:
            first = vals[0]
            if len(vals) == 1 or all(v == first for v in vals):
                object.__setattr__(self, "data", (first,))
                object.__setattr__(self, "splat", True)

    @property
    def values(self) -> tuple:
        """Every element, row-major (splats expanded)."""
        if self.splat:
            return self.data * self.type.num_elements
        return self.data

    def print(self, p) -> str:
        t = self.type
        et = t.element_type
        data = self.data
        if self.splat:
            body = _elem_str(data[0], et)
        elif not data:
            body = ""
        else:
            body = None
            if len(data) > HEX_THRESHOLD:
                body = _pack_hex(data, et)
            if body is None:
                body = _nest(data, t.shape, et)
        return f"dense<{body}> : {p.type(t)}"

    def children(self):
        yield self.type

    def is_splat(self) -> bool:
        return self.splat

    def flat(self) -> list:
        return list(self.values)


@dataclass(frozen=True, slots=True, repr=False)
class SparseElementsAttr(Attribute):
    type: ShapedType
    indices: DenseElementsAttr
    values: DenseElementsAttr

    def print(self, p) -> str:
        idx = self.indices.print(p).rsplit(" : ", 1)[0][len("dense<") : -1]
        val = self.values.print(p).rsplit(" : ", 1)[0][len("dense<") : -1]
        if not self.indices.data and not self.values.data:
            return f"sparse<> : {p.type(self.type)}"
        return f"sparse<{idx}, {val}> : {p.type(self.type)}"

    def children(self):
        yield self.type


@dataclass(frozen=True, slots=True, repr=False)
class DenseResourceElementsAttr(Attribute):
    type: ShapedType
    handle: str

    def print(self, p) -> str:
        refs = getattr(p, "resource_refs", None)
        if refs is not None:  # the printer writes only referenced resources
            refs.setdefault(self.handle, None)
        return f"dense_resource<{self.handle}> : {p.type(self.type)}"

    def children(self):
        yield self.type


# --------------------------------------------------------------------------
# affine and layout attributes
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class AffineMapAttr(Attribute):
    value: AffineMap

    def print(self, p) -> str:
        return f"affine_map<{self.value}>"


@dataclass(frozen=True, slots=True, repr=False)
class IntegerSetAttr(Attribute):
    value: IntegerSet

    def print(self, p) -> str:
        return f"affine_set<{self.value}>"


def _dyn(v: int) -> str:
    return "?" if v == DYNAMIC else str(v)


@dataclass(frozen=True, slots=True, repr=False)
class StridedLayoutAttr(Attribute):
    strides: tuple[int, ...]
    offset: int = 0

    def print(self, p) -> str:
        s = "strided<[" + ", ".join(_dyn(x) for x in self.strides) + "]"
        if self.offset != 0:
            s += f", offset: {_dyn(self.offset)}"
        return s + ">"


_PRETTY_RE = None


def pretty_dialect_symbol(text: str) -> str:
    """Normalize ``ns<body>`` to ``ns.body`` when upstream would print the
    pretty form (the body is an identifier, optionally with ``<...>``)."""
    global _PRETTY_RE
    if _PRETTY_RE is None:
        _PRETTY_RE = re.compile(r"([a-zA-Z_][\w$]*)<([a-zA-Z_][\w$.]*(?:<.*>)?)>\Z", re.S)
    m = _PRETTY_RE.match(text)
    if m is None:
        return text
    body = m.group(2)
    if "<" in body and not _balanced_angles(body[body.index("<") :]):
        return text
    return f"{m.group(1)}.{body}"


def _balanced_angles(s: str) -> bool:
    depth = 0
    for i, c in enumerate(s):
        if c == "<":
            depth += 1
        elif c == ">" and not (i and s[i - 1] == "-"):
            depth -= 1
            if depth == 0 and i != len(s) - 1:
                return False
    return depth == 0


@dataclass(frozen=True, slots=True, repr=False)
class OpaqueAttr(Attribute):
    """An attribute of a dialect polymlir does not model, kept verbatim:
    ``text`` is everything after ``#``; ``type`` a trailing ``: type``."""

    text: str
    type: Type | None = None

    @property
    def dialect(self) -> str:
        return self.text.split(".", 1)[0].split("<", 1)[0]

    def print(self, p) -> str:
        if self.type is not None:
            return f"#{self.text} : {p.type(self.type)}"
        return "#" + self.text

    def children(self):
        if self.type is not None:
            yield self.type


@dataclass(frozen=True, slots=True, repr=False)
class DistinctAttr(Attribute):
    """``distinct[N]<attr>``: identity is the id, unique per module."""

    id: int
    referenced: Attribute

    def print(self, p) -> str:
        return f"distinct[{self.id}]<{p.attr(self.referenced)}>"

    def children(self):
        yield self.referenced
