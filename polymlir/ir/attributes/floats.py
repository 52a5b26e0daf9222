"""Float rounding, bit patterns and printing as upstream's APFloat does them (for FloatAttr and the parsers)."""

from __future__ import annotations

import math
import struct

from ..types import (
    FLOAT_KINDS,
    FloatType,
    Type,
    f64,
)


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
    bits: int

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
        return f"0x{bits:0{width}X}"
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
    s = f"{v:.17g}"
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
