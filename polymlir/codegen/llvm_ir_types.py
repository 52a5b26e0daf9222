"""LLVM IR spelling of llvm-dialect types, constants and names.

Used by ``llvm_ir.py``. ``TypeNamer.type(t)`` spells a type as LLVM IR does
(``{ ptr, ptr, i64, [2 x i64], [2 x i64] }``, ``<4 x float>``,
``%struct.va_list``) and records identified structs, whose definitions the
module emits first. ``constant(attr, type)`` spells an attribute as an LLVM
constant of ``type``; ``mangle(type)`` is LLVM's overloaded-intrinsic suffix.
"""

from __future__ import annotations

import math
import re
import struct
from fractions import Fraction

from ..dialects.llvm import types as LT
from ..ir import attributes as A
from ..ir import types as T
from ..ir.diagnostics import DiagnosticError

FLOAT_NAMES = {"f16": "half", "bf16": "bfloat", "f32": "float", "f64": "double", "f80": "x86_fp80", "f128": "fp128"}
_PLAIN_IDENT = re.compile(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*\Z")


class TranslationError(DiagnosticError):
    """The input cannot be translated to LLVM IR (an unsupported op, type
    or attribute)."""


def escape_bytes(data: bytes) -> str:
    """Bytes as the body of an LLVM ``c"..."`` string or quoted name."""
    out = []
    for b in data:
        if 0x20 <= b < 0x7F and b not in (0x22, 0x5C):
            out.append(chr(b))
        else:
            out.append(f"\\{b:02X}")
    return "".join(out)


def string_bytes(s: str) -> bytes:
    return s.encode("utf-8", "surrogateescape")


def llvm_name(name: str) -> str:
    """A global or local name without its sigil, quoted when needed."""
    if _PLAIN_IDENT.match(name):
        return name
    return '"' + escape_bytes(string_bytes(name)) + '"'


def global_ref(name: str) -> str:
    return "@" + llvm_name(name)


class TypeNamer:
    """Spells types; remembers identified structs in first-use order."""

    def __init__(self) -> None:
        self.identified: dict[str, LT.LLVMStructType] = {}
        self._cache: dict[T.Type, str] = {}

    def type(self, t: T.Type) -> str:
        s = self._cache.get(t) if not isinstance(t, LT.LLVMStructType) else None
        if s is None:
            s = self._spell(t)
            if not isinstance(t, LT.LLVMStructType):
                self._cache[t] = s
        return s

    def _spell(self, t: T.Type) -> str:
        if isinstance(t, T.IntegerType):
            return f"i{t.width}"
        if isinstance(t, T.IndexType):
            return "i64"
        if isinstance(t, T.FloatType):
            n = FLOAT_NAMES.get(t.name)
            if n is None:
                raise TranslationError(f"cannot translate type '{t}' to LLVM IR")
            return n
        if isinstance(t, LT.LLVMPointerType):
            return "ptr" if t.address_space == 0 else f"ptr addrspace({t.address_space})"
        if isinstance(t, T.VectorType):
            if len(t.shape) != 1:
                raise TranslationError(f"cannot translate multi-dimensional vector type '{t}' to LLVM IR")
            et = self.type(t.element_type)
            if t.scalable_dims and t.scalable_dims[0]:
                return f"<vscale x {t.shape[0]} x {et}>"
            return f"<{t.shape[0]} x {et}>"
        if isinstance(t, LT.LLVMArrayType):
            return f"[{t.num_elements} x {self.type(t.element_type)}]"
        if isinstance(t, LT.LLVMStructType):
            if t.name is not None:
                if t.name not in self.identified:
                    self.identified[t.name] = t
                    for f in t.fields:  # nested identified structs are defined too
                        self.type(f)
                return "%" + llvm_name(t.name)
            return self.struct_body(t)
        if isinstance(t, LT.LLVMFunctionType):
            ps = [self.type(p) for p in t.params]
            if t.is_var_arg:
                ps.append("...")
            return f"{self.type(t.return_type)} ({', '.join(ps)})"
        if isinstance(t, LT.LLVMVoidType):
            return "void"
        if isinstance(t, LT.LLVMTokenType):
            return "token"
        if isinstance(t, LT.LLVMLabelType):
            return "label"
        if isinstance(t, LT.LLVMMetadataType):
            return "metadata"
        if isinstance(t, LT.LLVMX86AMXType):
            return "x86_amx"
        if isinstance(t, LT.LLVMPPCFP128Type):
            return "ppc_fp128"
        if isinstance(t, LT.LLVMTargetExtType):
            parts = (
                ['"' + escape_bytes(string_bytes(t.name)) + '"']
                + [self.type(x) for x in t.type_params]
                + [str(i) for i in t.int_params]
            )
            return "target(" + ", ".join(parts) + ")"
        raise TranslationError(f"cannot translate type '{t}' to LLVM IR")

    def struct_body(self, t: LT.LLVMStructType) -> str:
        if t.opaque or t.body_types is None:
            return "opaque"
        if not t.fields:
            return "<{}>" if t.packed else "{}"
        body = ", ".join(self.type(f) for f in t.fields)
        return f"<{{ {body} }}>" if t.packed else f"{{ {body} }}"

    def definitions(self) -> list[str]:
        """``%name = type {...}`` lines for every identified struct seen."""
        out = []
        done: set[str] = set()
        i = 0
        names = list(self.identified)
        while i < len(names):  # struct bodies may register more structs
            n = names[i]
            i += 1
            if n in done:
                continue
            done.add(n)
            t = self.identified[n]
            if t.body_types is None and not t.opaque:
                continue  # a recursive reference; its definition is elsewhere
            out.append(f"%{llvm_name(n)} = type {self.struct_body(t)}")
            names.extend(k for k in self.identified if k not in names)
        return out


# -- scalar constants -----------------------------------------------------------


def int_literal(v: int, t: T.Type) -> str:
    """An integer constant of type ``t`` (two's complement, signed)."""
    if isinstance(t, T.IntegerType):
        w = t.width
        if w == 1:
            return "true" if v & 1 else "false"
        v &= (1 << w) - 1
        if v >= 1 << (w - 1):
            v -= 1 << w
        return str(v)
    return str(int(v))


def _double_bits(v: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def float_literal(v: float, t: T.Type, bits: int | None = None) -> str:
    """A floating-point constant as LLVM's printer spells it: ``%e`` with six
    digits when exact, else the hexadecimal form of the type."""
    name = t.name if isinstance(t, T.FloatType) else "f64"
    if isinstance(v, A.NanBits) and bits is None:
        bits = v.bits
    if name in ("f32", "f64"):
        if bits is not None and name == "f32":
            v = _f32_to_double_bits_value(bits)
            if isinstance(v, int):
                return f"0x{v:016X}"
        elif bits is not None and name == "f64":
            return "0x%016X" % (bits & (2**64 - 1))
        if name == "f32" and math.isfinite(v):
            v = struct.unpack("<f", struct.pack("<f", v))[0] if abs(v) < 3.5e38 else v
        if math.isfinite(v):
            s = f"{v:.6e}"
            if float(s) == v and not (v == 0 and math.copysign(1, v) < 0 and not s.startswith("-")):
                return s
        if name == "f32" and math.isnan(v):
            return "0x7FF8000000000000" if math.copysign(1, v) > 0 else "0xFFF8000000000000"
        return f"0x{_double_bits(v):016X}"
    if bits is None:
        if name not in _FORMATS:
            raise TranslationError(f"cannot spell a constant of type '{t}' in LLVM IR")
        bits = float_to_bits(v, name)
    if name == "f16":
        return "0xH%04X" % (bits & 0xFFFF)
    if name == "bf16":
        return "0xR%04X" % (bits & 0xFFFF)
    if name == "f128":
        return f"0xL{bits:032X}"
    if name == "f80":
        return f"0xK{bits:020X}"
    raise TranslationError(f"cannot spell a constant of type '{t}' in LLVM IR")


# name -> (exponent bits, explicit mantissa bits, bias, kind); kind: "ieee"
# (inf and NaN), "fn" (no inf, NaN all ones), "fnuz" (NaN is -0), "none"
# (finite only), "e8m0" (no sign, no zero), "x87" (explicit integer bit).
_FORMATS = {
    "f16": (5, 10, 15, "ieee"),
    "bf16": (8, 7, 127, "ieee"),
    "f32": (8, 23, 127, "ieee"),
    "f64": (11, 52, 1023, "ieee"),
    "f128": (15, 112, 16383, "ieee"),
    "f80": (15, 63, 16383, "x87"),
    "tf32": (8, 10, 127, "ieee"),
    "f8E5M2": (5, 2, 15, "ieee"),
    "f8E4M3": (4, 3, 7, "ieee"),
    "f8E4M3FN": (4, 3, 7, "fn"),
    "f8E5M2FNUZ": (5, 2, 16, "fnuz"),
    "f8E4M3FNUZ": (4, 3, 8, "fnuz"),
    "f8E4M3B11FNUZ": (4, 3, 11, "fnuz"),
    "f8E3M4": (3, 4, 3, "ieee"),
    "f8E8M0FNU": (8, 0, 127, "e8m0"),
    "f6E2M3FN": (2, 3, 1, "none"),
    "f6E3M2FN": (3, 2, 3, "none"),
    "f4E2M1FN": (2, 1, 1, "none"),
}


def float_to_bits(v: float, name: str) -> int:
    """The bit pattern of ``v`` in MLIR float format ``name`` (rounded to
    nearest even; values out of range saturate to inf/NaN/max)."""

    e_bits, m_bits, bias, kind = _FORMATS[name]
    width = 1 + e_bits + m_bits + (1 if kind == "x87" else 0)
    if kind == "e8m0":
        width = 8
    sign = 1 if math.copysign(1.0, v) < 0 else 0
    sign_bit = sign << (width - 1) if kind != "e8m0" else 0
    max_e = (1 << e_bits) - 1
    if math.isnan(v) or math.isinf(v):
        if kind == "ieee":
            return sign_bit | (max_e << m_bits) | ((1 << (m_bits - 1)) if math.isnan(v) else 0)
        if kind == "x87":
            return sign_bit | (max_e << (m_bits + 1)) | (1 << m_bits) | ((1 << (m_bits - 1)) if math.isnan(v) else 0)
        if kind == "fn":
            return sign_bit | (max_e << m_bits) | ((1 << m_bits) - 1)
        if kind == "fnuz":
            return 1 << (width - 1)
        if kind == "e8m0":
            return 0xFF
        v = math.copysign(1e308, v)  # no NaN/inf: saturate
    a = Fraction(abs(v))
    if kind == "e8m0":
        if a == 0:
            return 0
        e = round(math.log2(a))
        return max(0, min(254, e + bias))
    if a == 0:
        return 0 if kind == "fnuz" else sign_bit
    e = math.floor(math.log2(a))
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    biased = e + bias
    if biased <= 0:  # subnormal
        q = a / Fraction(2) ** (1 - bias) * (1 << m_bits)
        exp_field = 0
    else:
        q = (a / Fraction(2) ** e - 1) * (1 << m_bits)
        exp_field = biased
    mant = math.floor(q)
    rem = q - mant
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and mant & 1):
        mant += 1
    if mant >> m_bits:  # rounding carried into the exponent
        mant &= (1 << m_bits) - 1
        exp_field += 1
    top = max_e if kind == "ieee" or kind == "x87" else max_e + 1
    if exp_field >= top:
        if kind in ("ieee", "x87"):
            exp_field, mant = max_e, 0  # inf
        else:
            exp_field, mant = max_e, (1 << m_bits) - 1 - (1 if kind == "fn" else 0)
    if kind == "x87":
        integer = 1 if exp_field else 0
        return sign_bit | (exp_field << (m_bits + 1)) | (integer << m_bits) | mant
    return sign_bit | (exp_field << m_bits) | mant


def _f32_to_double_bits_value(bits: int):
    """The value of f32 ``bits`` widened to double (an int bit pattern for
    NaNs, whose payload moves up as a C cast moves it)."""
    bits &= 0xFFFFFFFF
    exp = (bits >> 23) & 0xFF
    if exp == 0xFF and bits & 0x7FFFFF:
        sign = bits >> 31
        return (sign << 63) | (0x7FF << 52) | ((bits & 0x7FFFFF) << 29)
    return struct.unpack("<f", struct.pack("<I", bits))[0]


# -- aggregate constants ------------------------------------------------------------


def _scalar_of(t: T.Type) -> T.Type:
    while isinstance(t, (LT.LLVMArrayType, T.VectorType)):
        t = t.element_type
    return t


class ConstantSpeller:
    """Spells attributes as LLVM constants of a given type."""

    def __init__(self, types: TypeNamer) -> None:
        self.types = types

    def typed(self, attr: A.Attribute, t: T.Type) -> str:
        return f"{self.types.type(t)} {self.constant(attr, t)}"

    def constant(self, attr: A.Attribute, t: T.Type) -> str:
        if isinstance(attr, A.OpaqueAttr) and attr.dialect == "llvm":
            kind = attr.text[len("llvm.") :]
            if kind == "zero":
                return self.zero(t)
            if kind in ("undef", "poison"):
                return kind
        if isinstance(attr, A.IntegerAttr):
            if isinstance(t, T.FloatType):
                return float_literal(0.0, t, bits=attr.value & ((1 << t.width) - 1))
            if isinstance(t, T.VectorType):
                return self._splat(self.scalar(attr, t.element_type), t)
            return int_literal(attr.value, t)
        if isinstance(attr, A.FloatAttr):
            if isinstance(t, T.IntegerType):
                bits = attr.bits
                if bits is None and isinstance(attr.type, T.FloatType):
                    bits = A.float_bits(attr.value, attr.type)
                if bits is None and isinstance(attr.type, T.FloatType) and attr.type.name in _FORMATS:
                    bits = float_to_bits(attr.value, attr.type.name)
                return int_literal(bits or 0, t)
            if isinstance(t, T.VectorType):
                return self._splat(self.scalar(attr, t.element_type), t)
            return float_literal(attr.value, t, attr.bits)
        if isinstance(attr, A.StringAttr):
            data = string_bytes(attr.value)
            return 'c"' + escape_bytes(data) + '"'
        if isinstance(attr, A.DenseElementsAttr):
            return self.dense(attr, t)
        if isinstance(attr, A.ArrayAttr):
            if isinstance(t, LT.LLVMStructType):
                parts = [self.typed(a, ft) for a, ft in zip(attr, t.fields, strict=True)]
                body = "{ " + ", ".join(parts) + " }" if parts else "{}"
                return f"<{body}>" if t.packed else body
            if isinstance(t, LT.LLVMArrayType):
                return "[" + ", ".join(self.typed(a, t.element_type) for a in attr) + "]"
        if isinstance(attr, A.TypeAttr):
            return "zeroinitializer"
        raise TranslationError(f"cannot translate attribute '{attr}' to an LLVM constant of type '{t}'")

    def scalar(self, attr: A.Attribute, t: T.Type) -> str:
        return self.constant(attr, t)

    def zero(self, t: T.Type) -> str:
        if isinstance(t, LT.LLVMPointerType):
            return "null"
        if isinstance(t, LT.LLVMTokenType):
            return "none"
        return "zeroinitializer"

    def _splat(self, elem: str, t: T.VectorType) -> str:
        et = self.types.type(t.element_type)
        if t.scalable_dims and t.scalable_dims[0]:
            return f"splat ({et} {elem})"
        return "<" + ", ".join([f"{et} {elem}"] * t.shape[0]) + ">"

    def element(self, v, et: T.Type) -> str:
        """One element of a dense attribute as a constant of type ``et``."""
        if isinstance(et, LT.LLVMStructType):  # complex numbers
            re_, im = v
            return (
                "{ " + f"{self.types.type(et.fields[0])} {self.element(re_, et.fields[0])}, "
                f"{self.types.type(et.fields[1])} {self.element(im, et.fields[1])}" + " }"
            )
        if isinstance(et, T.FloatType):
            if isinstance(v, int) and not isinstance(v, bool):
                return float_literal(float(v), et)
            return float_literal(v, et)
        if isinstance(et, (T.IntegerType, T.IndexType)):
            if isinstance(v, float):
                return int_literal(int(v), et)
            return int_literal(int(v), et)
        raise TranslationError(f"cannot translate dense element of type '{et}' to LLVM IR")

    def dense(self, attr: A.DenseElementsAttr, t: T.Type) -> str:
        if isinstance(t, T.VectorType) and t.scalable_dims and t.scalable_dims[0]:
            return self._splat(self.element(attr.flat()[0], t.element_type), t)
        values = attr.flat() if not attr.splat else None
        n = _count_scalars(t)
        if n == 0:
            return "zeroinitializer"
        if attr.splat:
            v = attr.values[0]
            if _is_zero_value(v):
                return "zeroinitializer"
            values = [v] * n
        if values is None or len(values) != n:
            raise TranslationError(f"dense attribute '{attr}' does not fit LLVM type '{t}'")
        if all(_is_zero_value(v) for v in values) and n > 0:
            return "zeroinitializer"
        text, _ = self._nested(values, 0, t)
        return text

    def _nested(self, values: list, pos: int, t: T.Type) -> tuple[str, int]:
        if isinstance(t, LT.LLVMArrayType):
            et = t.element_type
            if et == T.i8 and not isinstance(et, LT.LLVMArrayType):
                data = bytes(int(v) & 0xFF for v in values[pos : pos + t.num_elements])
                return 'c"' + escape_bytes(data) + '"', pos + t.num_elements
            parts = []
            ets = self.types.type(et)
            for _ in range(t.num_elements):
                s, pos = self._nested(values, pos, et)
                parts.append(f"{ets} {s}")
            return "[" + ", ".join(parts) + "]", pos
        if isinstance(t, T.VectorType):
            et = t.element_type
            ets = self.types.type(et)
            parts = [f"{ets} {self.element(values[pos + i], et)}" for i in range(t.shape[0])]
            return "<" + ", ".join(parts) + ">", pos + t.shape[0]
        return self.element(values[pos], t), pos + 1


def _count_scalars(t: T.Type) -> int:
    if isinstance(t, LT.LLVMArrayType):
        return t.num_elements * _count_scalars(t.element_type)
    if isinstance(t, T.VectorType):
        return t.shape[0] * _count_scalars(t.element_type)
    return 1


def _is_zero_value(v) -> bool:
    if isinstance(v, tuple):
        return all(_is_zero_value(x) for x in v)
    if isinstance(v, float):
        return v == 0 and math.copysign(1, v) > 0 and not isinstance(v, A.NanBits)
    if isinstance(v, (int, bool)):
        return v == 0
    return False


# -- intrinsic name mangling ------------------------------------------------------------


def mangle(t: T.Type) -> str:
    """LLVM's ``getMangledTypeStr``: the suffix an overloaded type adds to an
    intrinsic name."""
    if isinstance(t, LT.LLVMPointerType):
        return f"p{t.address_space}"
    if isinstance(t, LT.LLVMArrayType):
        return f"a{t.num_elements}{mangle(t.element_type)}"
    if isinstance(t, LT.LLVMStructType):
        if t.name is not None:
            return "s_" + t.name
        return "sl_" + "".join(mangle(f) for f in t.fields) + "s"
    if isinstance(t, LT.LLVMFunctionType):
        s = "f_" + mangle(t.return_type) + "".join(mangle(p) for p in t.params)
        return s + ("vararg" if t.is_var_arg else "") + "f"
    if isinstance(t, T.VectorType):
        pre = "nx" if t.scalable_dims and t.scalable_dims[0] else ""
        return f"{pre}v{t.shape[0]}{mangle(t.element_type)}"
    if isinstance(t, T.IntegerType):
        return f"i{t.width}"
    if isinstance(t, T.IndexType):
        return "i64"
    if isinstance(t, T.FloatType):
        return {"bf16": "bf16", "f16": "f16", "f32": "f32", "f64": "f64", "f80": "f80", "f128": "f128"}[t.name]
    if isinstance(t, LT.LLVMPPCFP128Type):
        return "ppcf128"
    if isinstance(t, LT.LLVMVoidType):
        return "isVoid"
    if isinstance(t, LT.LLVMMetadataType):
        return "Metadata"
    if isinstance(t, LT.LLVMX86AMXType):
        return "x86amx"
    if isinstance(t, LT.LLVMTargetExtType):
        return (
            "t"
            + t.name
            + "".join("_" + mangle(x) for x in t.type_params)
            + "".join(f"_{i}" for i in t.int_params)
            + "t"
        )
    raise TranslationError(f"cannot mangle type '{t}' into an intrinsic name")
