"""MLIR's builtin attributes: frozen, hashable, compared by value.

Like types, each attribute prints itself through a printer ``p`` offering
``p.attr``/``p.type`` for nested entities, so aliases can be substituted.
"""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .types import (
    DYNAMIC,
    FLOAT_KINDS,
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
            out.append("\\%02X" % b)
    return "".join(out)


def quote(s: str) -> str:
    return '"' + escape_string(s) + '"'


def _f16_round(v: float) -> float:
    try:
        return struct.unpack("<e", struct.pack("<e", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def _f32_round(v: float) -> float:
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def _bf16_bits(v: float) -> int:
    bits = struct.unpack("<I", struct.pack("<f", _f32_round(v)))[0]
    if math.isnan(v):
        return (bits >> 16) | 0x40
    rounding = 0x7FFF + ((bits >> 16) & 1)  # round half to even
    return ((bits + rounding) >> 16) & 0xFFFF


def _bf16_round(v: float) -> float:
    if math.isnan(v) or math.isinf(v):
        return v
    return struct.unpack("<f", struct.pack("<I", _bf16_bits(v) << 16))[0]


def round_float(v: float, ftype: Type) -> float:
    """Round a Python float to the precision of an MLIR float type."""
    name = ftype.name if isinstance(ftype, FloatType) else "f64"
    if name == "f32":
        return _f32_round(v)
    if name == "f16":
        return _f16_round(v)
    if name == "bf16":
        return _bf16_round(v)
    small = _SMALL_FLOATS.get(name)
    if small is not None:
        return _small_round(v, *small)
    return v


# Narrow float types: (mantissa bits, minimum normal exponent, whether
# there are subnormals, whether -0 exists, the largest finite value, what
# larger values become: "inf", "nan" (the formats with a NaN but no
# infinity) or "max" (the finite-only formats)).
_SMALL_FLOATS: dict[str, tuple[int, int, bool, bool, float, str]] = {
    "tf32": (10, -126, True, True, (2 - 2**-10) * 2.0**127, "inf"),
    "f8E5M2": (2, -14, True, True, 57344.0, "inf"),
    "f8E4M3": (3, -6, True, True, 240.0, "inf"),
    "f8E4M3FN": (3, -6, True, True, 448.0, "nan"),
    "f8E5M2FNUZ": (2, -15, True, False, 57344.0, "nan"),
    "f8E4M3FNUZ": (3, -7, True, False, 240.0, "nan"),
    "f8E4M3B11FNUZ": (3, -10, True, False, 30.0, "nan"),
    "f8E3M4": (4, -2, True, True, 15.5, "inf"),
    "f8E8M0FNU": (0, -127, False, False, 2.0**127, "nan"),
    "f6E2M3FN": (3, 0, True, True, 7.5, "max"),
    "f6E3M2FN": (2, -2, True, True, 28.0, "max"),
    "f4E2M1FN": (1, 0, True, True, 6.0, "max"),
}


def _small_round(
    v: float, man_bits: int, emin: int, subnormals: bool, neg_zero: bool, largest: float, overflow: str
) -> float:
    """``v`` rounded to a narrow float format. The format without
    subnormals (f8E8M0FNU) has no zero either: its least value stands for
    zero and anything below."""
    if math.isnan(v) or math.isinf(v):
        return v
    if not subnormals and (v == 0 or math.frexp(abs(v))[1] - 1 < emin):
        return math.ldexp(1.0, emin)
    if v == 0:
        return v if neg_zero else 0.0
    a = abs(v)
    e = max(math.frexp(a)[1] - 1, emin)  # a in [2^e, 2^(e+1)), or subnormal
    q = math.ldexp(1.0, e - man_bits)
    r = round(a / q) * q  # Python rounds ties to even
    if r > largest:
        r = math.inf if overflow == "inf" else math.nan if overflow == "nan" else largest
    if r == 0 and not neg_zero:
        return 0.0
    return math.copysign(r, v)


def _small_bits(v: float, name: str) -> int:
    """The bit pattern of ``v`` (a value of the narrow format ``name``)."""
    man_bits, emin, subnormals, neg_zero, _, overflow = _SMALL_FLOATS[name]
    width = FLOAT_KINDS[name][0]
    signed = name != "f8E8M0FNU"  # the one format with no sign bit
    exp_bits = width - man_bits - 1 if signed else width
    sign = (1 << (width - 1)) if signed and math.copysign(1, v) < 0 else 0
    top = (1 << exp_bits) - 1
    if math.isnan(v):
        if name == "f8E8M0FNU":
            return 0xFF
        if not neg_zero:  # FNUZ: the pattern of -0
            return 1 << (width - 1)
        if overflow == "nan":  # FN: all ones
            return sign | (1 << (width - 1)) - 1
        return sign | top << man_bits | 1 << (man_bits - 1)
    if math.isinf(v):
        return sign | top << man_bits
    if v == 0:
        return sign if neg_zero else 0
    a = abs(v)
    e = math.frexp(a)[1] - 1
    if not subnormals:
        return e - emin
    if e < emin:
        return sign | int(a / math.ldexp(1.0, emin - man_bits))
    return sign | (e - emin + 1) << man_bits | int((a / math.ldexp(1.0, e) - 1) * (1 << man_bits))


def float_bits(v: float, ftype: FloatType) -> int | None:
    """IEEE bit pattern of ``v`` in ``ftype`` (None where not modelled)."""
    n = ftype.name
    if n == "f64":
        return struct.unpack("<Q", struct.pack("<d", v))[0]
    if n == "f32":
        return struct.unpack("<I", struct.pack("<f", v))[0]
    if n == "f16":
        return struct.unpack("<H", struct.pack("<e", v))[0]
    if n == "bf16":
        return _bf16_bits(v)
    if n in _SMALL_FLOATS:
        return _small_bits(v, n)
    return None


def float_from_bits(bits: int, ftype: FloatType) -> float | None:
    """The value of an IEEE bit pattern; NaNs keep their bits (NanBits)."""
    v = _float_from_bits(bits, ftype)
    if v is not None and math.isnan(v):
        return NanBits(bits)
    return v


def _float_from_bits(bits: int, ftype: FloatType) -> float | None:
    n = ftype.name
    if n == "f64":
        return struct.unpack("<d", struct.pack("<Q", bits & (2**64 - 1)))[0]
    if n == "f32":
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    if n == "f16":
        return struct.unpack("<e", struct.pack("<H", bits & 0xFFFF))[0]
    if n == "bf16":
        return struct.unpack("<f", struct.pack("<I", (bits & 0xFFFF) << 16))[0]
    return None


class NanBits(float):
    """A NaN that remembers its bit pattern (payloads survive a round trip)."""

    __slots__ = ("bits",)

    def __new__(cls, bits: int):
        obj = super().__new__(cls, "nan")
        obj.bits = bits
        return obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NanBits) and other.bits == self.bits

    def __hash__(self) -> int:
        return hash(("nan", self.bits))

    def __reduce__(self):
        return (NanBits, (self.bits,))


def _apfloat_digits(v: float, precision: int) -> tuple[str, int]:
    """The decimal digits (most significant first, no trailing zeros) and
    the power of ten of the last one that LLVM's ``APFloat::toString``
    writes for the finite nonzero ``|v|`` at ``precision`` digits: the
    exact value N * 2^e, with as many decimal digits first cut off (not
    rounded) as the binary length allows, then rounded half up."""
    n, d = abs(v).as_integer_ratio()
    exp = 0
    if d > 1:  # N * 2^-k == N * 5^k * 10^-k
        k = d.bit_length() - 1
        sig, exp = n * 5**k, -k
    else:
        sig = n
    bits = sig.bit_length()
    required = (precision * 196 + 58) // 59
    if bits > required:
        tens = (bits - required) * 59 // 196
        if tens:
            exp += tens
            sig //= 10**tens
    buf = str(sig)
    stripped = buf.rstrip("0")
    exp += len(buf) - len(stripped)
    buf = stripped
    if len(buf) > precision:
        cut = len(buf) - precision
        up = buf[precision] >= "5"
        buf = buf[:precision]
        exp += cut
        if up:
            buf = str(int(buf) + 1)
            if len(buf) > precision:  # carried into a new digit: 999 -> 1000
                buf = buf[:precision]
                exp += 1
        stripped = buf.rstrip("0")
        exp += len(buf) - len(stripped)
        buf = stripped
    return buf, exp


def _six_digits(v: float) -> str:
    """``APFloat::toString(Str, 6, 0, false)``: ``1.000000e+00``, the form
    upstream prints when it reads back as the same value."""
    if v == 0:
        return "-0.000000e+00" if math.copysign(1, v) < 0 else "0.000000e+00"
    buf, exp = _apfloat_digits(v, 6)
    e = exp + len(buf) - 1
    mant = buf[0] + "." + buf[1:].ljust(6, "0")
    return f"{'-' if v < 0 else ''}{mant}e{'+' if e >= 0 else '-'}{abs(e):02d}"


def format_float(v: float, ftype: Type = f64, bits: int | None = None) -> str:
    """Print a float value as upstream does: ``%.6e`` when that round-trips,
    else APFloat's shortest exact form when it has a '.', else the hex bit
    pattern."""
    ft = ftype if isinstance(ftype, FloatType) else f64
    if math.isnan(v) or math.isinf(v):
        if bits is None and isinstance(v, NanBits):
            bits = v.bits
        if bits is None:
            bits = float_bits(v, ft)
        if bits is None:
            return "0x7FC00000" if math.isnan(v) else ("inf" if v > 0 else "-inf")
        width = (ft.width + 3) // 4
        return "0x%0*X" % (width, bits)
    s = _six_digits(v)
    if round_float(float(s), ft) == v:
        return s
    kind = FLOAT_KINDS.get(ft.name)
    digits = 2 + kind[1] * 59 // 196 if kind is not None and ft.name not in ("f80", "f128") else None
    if digits is not None:
        # APFloat::toString's natural form when it has a '.', else the bits.
        s = _apfloat_default_string(v, digits)
        if "." in s:
            return s
        b = float_bits(v, ft)
        if b is not None:
            return f"0x{b:X}"
    s = "%.17g" % v
    if round_float(float(s), ft) != v:
        s = repr(v)
    mant, _, exp = s.partition("e")
    if "." not in mant:
        mant += ".0"
    if exp:
        return f"{mant}E{int(exp)}"
    return mant


def _apfloat_default_string(v: float, precision: int) -> str:
    """LLVM's ``APFloat::toString(Str)`` (natural precision, padding 3,
    zeros truncated) of a finite nonzero ``v``: ``2997925``, ``0.00123``,
    ``1.5E+20`` or ``1.0E-7``."""
    buf, exp = _apfloat_digits(v, precision)
    n = len(buf)
    neg = "-" if v < 0 else ""
    if exp >= 0:
        scientific = exp > 3 or n + exp > precision
    else:
        msd = exp + n - 1
        scientific = msd < 0 and -msd > 3
    if scientific:
        e = exp + n - 1
        mant = buf[0] + "." + (buf[1:] or "0")
        return f"{neg}{mant}E{'+' if e >= 0 else '-'}{abs(e)}"
    if exp >= 0:
        return neg + buf + "0" * exp
    whole = exp + n
    if whole > 0:
        return neg + buf[:whole] + "." + buf[whole:]
    return neg + "0." + "0" * -whole + buf


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
            (v.bits if isinstance(v, NanBits) else float_bits(v, et)).to_bytes(nb, "little")  # type: ignore[union-attr]
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
    value: object  # polymlir.ir.affine_expr.AffineMap

    def print(self, p) -> str:
        return f"affine_map<{self.value}>"


@dataclass(frozen=True, slots=True, repr=False)
class IntegerSetAttr(Attribute):
    value: object  # polymlir.ir.affine_expr.IntegerSet

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


# --------------------------------------------------------------------------
# locations
# --------------------------------------------------------------------------


class Location(Attribute):
    __slots__ = ()

    def print(self, p) -> str:
        return f"loc({self.body(p)})"

    def body(self, p) -> str:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True, slots=True, repr=False)
class UnknownLoc(Location):
    def body(self, p) -> str:
        return "unknown"


UNKNOWN_LOC = UnknownLoc()


@dataclass(frozen=True, slots=True, repr=False)
class FileLineColLoc(Location):
    filename: str
    line: int
    col: int
    end_line: int | None = None
    end_col: int | None = None

    def body(self, p) -> str:
        s = f"{quote(self.filename)}:{self.line}:{self.col}"
        if self.end_col is not None:
            if self.end_line is not None and self.end_line != self.line:
                s += f" to {self.end_line}:{self.end_col}"
            else:
                s += f" to :{self.end_col}"
        return s


class OffsetLoc(FileLineColLoc):
    """A ``FileLineColLoc`` held as an offset into a parsed buffer. The parser
    gives one to every op and block argument; line and column are found (a
    bisection of the buffer's line starts) only when read, by a diagnostic
    or ``--mlir-print-debuginfo``, which most locations never are. Equal to,
    hashed like, and copied or pickled as the plain ``FileLineColLoc``.

    ``source`` offers ``filename`` and ``line_col(offset)``."""

    __slots__ = ("_pos", "_source")
    # Shadow the base class's slots: a parsed location is never a range.
    end_line = None  # type: ignore[assignment]
    end_col = None  # type: ignore[assignment]

    def __init__(self, source, pos: int) -> None:
        object.__setattr__(self, "_source", source)
        object.__setattr__(self, "_pos", pos)

    @property  # type: ignore[override]
    def filename(self) -> str:
        return self._source.filename

    @property  # type: ignore[override]
    def line(self) -> int:
        return self._source.line_col(self._pos)[0]

    @property  # type: ignore[override]
    def col(self) -> int:
        return self._source.line_col(self._pos)[1]

    def _key(self) -> tuple:
        line, col = self._source.line_col(self._pos)
        return (self._source.filename, line, col, None, None)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FileLineColLoc):
            o = (
                other._key()
                if isinstance(other, OffsetLoc)
                else (other.filename, other.line, other.col, other.end_line, other.end_col)
            )
            return self._key() == o
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())  # as the dataclass hashes its fields

    def __reduce__(self):
        return (FileLineColLoc, self._key())


@dataclass(frozen=True, slots=True, repr=False)
class NameLoc(Location):
    name: str
    child: Location | None = None

    def body(self, p) -> str:
        if self.child is None or isinstance(self.child, UnknownLoc):
            return quote(self.name)
        return f"{quote(self.name)}({self.child.body(p)})"

    def children(self):
        if self.child is not None:
            yield self.child


@dataclass(frozen=True, slots=True, repr=False)
class CallSiteLoc(Location):
    callee: Location
    caller: Location

    def body(self, p) -> str:
        return f"callsite({self.callee.body(p)} at {self.caller.body(p)})"

    def children(self):
        yield self.callee
        yield self.caller


@dataclass(frozen=True, slots=True, repr=False)
class FusedLoc(Location):
    locations: tuple[Location, ...]
    metadata: Attribute | None = None

    def body(self, p) -> str:
        meta = f"<{p.attr(self.metadata)}>" if self.metadata is not None else ""
        return f"fused{meta}[" + ", ".join(l.body(p) for l in self.locations) + "]"

    def children(self):
        yield from self.locations
        if self.metadata is not None:
            yield self.metadata


@dataclass(frozen=True, slots=True, repr=False)
class OpaqueLoc(Location):
    """A location given through an alias to a non-location-kind attribute."""

    attr: Attribute

    def body(self, p) -> str:
        return p.attr(self.attr)
