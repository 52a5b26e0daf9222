"""Attributes and enums of the LLVM dialect.

Modelled attributes (frozen, hashable; ``str(a)`` is upstream's spelling)::

    LinkageAttr("internal")            #llvm.linkage<internal>
    CConvAttr("fastcc")                #llvm.cconv<fastcc>
    TailCallKindAttr("tail")           #llvm.tailcallkind<tail>
    FramePointerKindAttr("non-leaf")   #llvm.framePointerKind<"non-leaf">
    FastmathFlagsAttr.of("nnan", "ninf")   #llvm.fastmath<nnan, ninf>
    IntegerOverflowFlagsAttr(NSW | NUW)    #llvm.overflow<nsw, nuw>
    TargetFeaturesAttr(("+avx",))      #llvm.target_features<["+avx"]>

Other ``#llvm.*`` attributes (debug info, alias scopes, TBAA, ...) stay
opaque, printed as written. Integer-valued enums stored in properties
(predicates, orderings, ...) are the ``*_CASES`` tables below, value ->
keyword, used with ``asm_format.enum_attr``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...ir import attributes as A
from ...parser.attr_parser import DIALECT_ATTR_PARSERS
from ...printer import register_opaque_aliases

if TYPE_CHECKING:  # pragma: no cover
    from ...parser.parser import Parser

# -- integer enums (properties hold IntegerAttr values) ------------------------

ICMP_PREDICATES = {0: "eq", 1: "ne", 2: "slt", 3: "sle", 4: "sgt", 5: "sge", 6: "ult", 7: "ule", 8: "ugt", 9: "uge"}
FCMP_PREDICATES = {
    0: "_false",
    1: "oeq",
    2: "ogt",
    3: "oge",
    4: "olt",
    5: "ole",
    6: "one",
    7: "ord",
    8: "ueq",
    9: "ugt",
    10: "uge",
    11: "ult",
    12: "ule",
    13: "une",
    14: "uno",
    15: "_true",
}
ATOMIC_ORDERINGS = {
    0: "not_atomic",
    1: "unordered",
    2: "monotonic",
    4: "acquire",
    5: "release",
    6: "acq_rel",
    7: "seq_cst",
}
ATOMIC_BIN_OPS = {
    0: "xchg",
    1: "add",
    2: "sub",
    3: "_and",
    4: "nand",
    5: "_or",
    6: "_xor",
    7: "max",
    8: "min",
    9: "umax",
    10: "umin",
    11: "fadd",
    12: "fsub",
    13: "fmax",
    14: "fmin",
    15: "uinc_wrap",
    16: "udec_wrap",
    17: "usub_cond",
    18: "usub_sat",
    19: "fmaximum",
    20: "fminimum",
    21: "fmaximumnum",
    22: "fminimumnum",
}
ASM_DIALECTS = {0: "att", 1: "intel"}
UNNAMED_ADDR = {0: "", 1: "local_unnamed_addr", 2: "unnamed_addr"}
VISIBILITY = {0: "", 1: "hidden", 2: "protected"}
ROUNDING_MODES = {0: "towardzero", 1: "tonearest", 2: "upward", 3: "downward", 4: "tonearestaway", 7: "dynamic"}
FP_EXCEPTION_BEHAVIORS = {0: "ignore", 1: "maytrap", 2: "strict"}
COMDAT_SELECTORS = {0: "any", 1: "exactmatch", 2: "largest", 3: "nodeduplicate", 4: "samesize"}

# Bit enums.
NSW, NUW = 1, 2
OVERFLOW_BITS = (("nsw", NSW), ("nuw", NUW))
GEP_INBOUNDS_FLAG, GEP_NUSW, GEP_NUW = 1, 2, 4
GEP_INBOUNDS = GEP_INBOUNDS_FLAG | GEP_NUSW
FASTMATH_BITS = (("nnan", 1), ("ninf", 2), ("nsz", 4), ("arcp", 8), ("contract", 16), ("afn", 32), ("reassoc", 64))
FASTMATH_FAST = 127

LINKAGES = (
    "external",
    "available_externally",
    "linkonce",
    "linkonce_odr",
    "weak",
    "weak_odr",
    "appending",
    "internal",
    "private",
    "extern_weak",
    "common",
)
CCONVS = (
    "ccc",
    "fastcc",
    "coldcc",
    "cc_10",
    "cc_11",
    "anyregcc",
    "preserve_mostcc",
    "preserve_allcc",
    "swiftcc",
    "cxx_fast_tlscc",
    "tailcc",
    "cfguard_checkcc",
    "swifttailcc",
    "x86_stdcallcc",
    "x86_fastcallcc",
    "arm_apcscc",
    "arm_aapcscc",
    "arm_aapcs_vfpcc",
    "msp430_intrcc",
    "x86_thiscallcc",
    "ptx_kernelcc",
    "ptx_devicecc",
    "spir_funccc",
    "spir_kernelcc",
    "intel_ocl_bicc",
    "x86_64_sysvcc",
    "win64cc",
    "x86_vectorcallcc",
    "hhvmcc",
    "hhvm_ccc",
    "x86_intrcc",
    "avr_intrcc",
    "avr_signalcc",
    "avr_builtincc",
    "amdgpu_vscc",
    "amdgpu_gscc",
    "amdgpu_pscc",
    "amdgpu_cscc",
    "amdgpu_kernelcc",
    "x86_regcallcc",
    "amdgpu_hscc",
    "msp430_builtincc",
    "amdgpu_lscc",
    "amdgpu_escc",
    "aarch64_vectorcallcc",
    "aarch64_sve_vectorcallcc",
    "wasm_emscripten_invokecc",
    "amdgpu_gfxcc",
    "m68k_intrcc",
)
TAIL_CALL_KINDS = ("none", "notail", "musttail", "tail")
FRAME_POINTER_KINDS = ("none", "non-leaf", "all", "reserved", "non-leaf-no-reserve")


def format_bits(value: int, bits, groups=(), none: str = "none", sep: str = ", ") -> str:
    """A bit enum as upstream prints it: primary groups first, then bits."""
    if value == 0:
        return none
    out = []
    rest = value
    for name, mask in groups:
        if rest & mask == mask:
            out.append(name)
            rest &= ~mask
    for name, mask in bits:
        if rest & mask:
            out.append(name)
            rest &= ~mask
    return sep.join(out)


_BARE = re.compile(r"[a-zA-Z_][\w$.]*\Z")


# -- keyword attributes -----------------------------------------------------------


class _KeywordAttr(A.Attribute):
    """``#llvm.<mnemonic><keyword>`` over a fixed set of keywords."""

    __slots__ = ()
    MNEMONIC: ClassVar[str] = ""
    CASES: ClassVar[tuple[str, ...]] = ()
    value: str

    if TYPE_CHECKING:  # each subclass is a dataclass whose one field is ``value``

        def __init__(self, value: str = ...) -> None: ...

    def print(self, p) -> str:
        v = self.value
        return f"#llvm.{self.MNEMONIC}<{v if _BARE.match(v) else A.quote(v)}>"


@dataclass(frozen=True, slots=True, repr=False)
class LinkageAttr(_KeywordAttr):
    value: str = "external"
    MNEMONIC: ClassVar[str] = "linkage"
    CASES: ClassVar[tuple[str, ...]] = LINKAGES


@dataclass(frozen=True, slots=True, repr=False)
class CConvAttr(_KeywordAttr):
    value: str = "ccc"
    MNEMONIC: ClassVar[str] = "cconv"
    CASES: ClassVar[tuple[str, ...]] = CCONVS


@dataclass(frozen=True, slots=True, repr=False)
class TailCallKindAttr(_KeywordAttr):
    value: str = "none"
    MNEMONIC: ClassVar[str] = "tailcallkind"
    CASES: ClassVar[tuple[str, ...]] = TAIL_CALL_KINDS


@dataclass(frozen=True, slots=True, repr=False)
class FramePointerKindAttr(_KeywordAttr):
    value: str = "none"
    MNEMONIC: ClassVar[str] = "framePointerKind"
    CASES: ClassVar[tuple[str, ...]] = FRAME_POINTER_KINDS


_KEYWORD_ATTRS: dict[str, type[_KeywordAttr]] = {
    c.MNEMONIC: c for c in (LinkageAttr, CConvAttr, TailCallKindAttr, FramePointerKindAttr)
}


@dataclass(frozen=True, slots=True, repr=False)
class FastmathFlagsAttr(A.Attribute):
    """Fast-math flags as a bit mask (``FASTMATH_BITS``)."""

    flags: int = 0

    @staticmethod
    def of(*names: str) -> FastmathFlagsAttr:
        v = 0
        for n in names:
            v |= FASTMATH_FAST if n == "fast" else dict(FASTMATH_BITS).get(n, 0)
        return FastmathFlagsAttr(v)

    def print(self, p) -> str:
        return "#llvm.fastmath<" + format_bits(self.flags, FASTMATH_BITS, (("fast", FASTMATH_FAST),)) + ">"


FASTMATH_NONE = FastmathFlagsAttr(0)


@dataclass(frozen=True, slots=True, repr=False)
class IntegerOverflowFlagsAttr(A.Attribute):
    flags: int = 0

    def print(self, p) -> str:
        return "#llvm.overflow<" + format_bits(self.flags, OVERFLOW_BITS) + ">"


@dataclass(frozen=True, slots=True, repr=False)
class TargetFeaturesAttr(A.Attribute):
    features: tuple[str, ...] = ()

    def print(self, p) -> str:
        return "#llvm.target_features<[" + ", ".join(A.quote(f) for f in self.features) + "]>"


# -- parsing --------------------------------------------------------------------


def parse_keyword_or_string(p: Parser, message: str) -> str:
    """A bare keyword or a string literal; ``message`` when neither."""
    if p.kind == "string":
        return p.parse_string()
    if p.kind == "bare":
        s = p.text
        p.advance()
        return s
    p.error(message)


def parse_bit_list(p, bits, groups=(), none: str = "none", sep: str = ",", what: str = "flag") -> int:
    """Keywords separated by ``sep`` (``,`` or ``|``) into a bit mask."""
    names = dict(bits)
    names.update(dict(groups))
    v = 0
    while True:
        pos = p.start
        kw = p.parse_keyword(f"expected {what}")
        if kw != none:
            if kw not in names:
                p.error(f"invalid {what} '{kw}'", pos)
            v |= names[kw]
        if not p.accept(sep):
            return v


# loop_annotation's parameters that are attributes of their own, written
# without their prefix (``unroll = <disable = true>``): upstream prints
# them whole, through their alias (``unroll = #loop_unroll``).
_LOOP_ANNOTATION_PARAMS = {
    "vectorize": "loop_vectorize",
    "interleave": "loop_interleave",
    "unroll": "loop_unroll",
    "unrollAndJam": "loop_unroll_and_jam",
    "licm": "loop_licm",
    "distribute": "loop_distribute",
    "pipeline": "loop_pipeline",
    "peeled": "loop_peeled",
    "unswitch": "loop_unswitch",
}
_SHORT_PARAM = re.compile(r"\b(" + "|".join(_LOOP_ANNOTATION_PARAMS) + r")\s*=\s*<")


_LOOP_ANNOTATION_ORDER = (
    "disableNonforced",
    *_LOOP_ANNOTATION_PARAMS,
    "mustProgress",
    "isVectorized",
    "startLoc",
    "endLoc",
    "parallelAccesses",
)


def _top_level_params(body: str) -> list[str]:
    """``a = x, b = <y, z>`` -> ``["a = x", "b = <y, z>"]`` (commas inside
    brackets or strings do not split)."""
    out, depth, cur, i = [], 0, [], 0
    while i < len(body):
        c = body[i]
        if c == '"':
            j = i + 1
            while j < len(body) and body[j] != '"':
                j += 2 if body[j] == "\\" else 1
            cur.append(body[i : j + 1])
            i = j + 1
            continue
        if c in "<([{":
            depth += 1
        elif c in ">)]}" and not (c == ">" and i > 0 and body[i - 1] == "-"):
            depth -= 1
        if c == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    out.append("".join(cur).strip())
    return [x for x in out if x]


def _full_loop_annotation(text: str) -> str:
    """``loop_annotation<unroll = <...>>`` with each short parameter written
    as the attribute it is (``unroll = #llvm.loop_unroll<...>``), the
    parameters in their declared order (upstream's printing)."""
    text = _SHORT_PARAM.sub(lambda m: f"{m.group(1)} = #llvm.{_LOOP_ANNOTATION_PARAMS[m.group(1)]}<", text)
    head, sep, rest = text.partition("<")
    if not sep or not rest.endswith(">"):
        return text
    params = _top_level_params(rest[:-1])
    keys = [x.split("=", 1)[0].strip() for x in params]
    if not all(k in _LOOP_ANNOTATION_ORDER for k in keys):
        return text
    params.sort(key=lambda x: _LOOP_ANNOTATION_ORDER.index(x.split("=", 1)[0].strip()))
    return f"{head}<{', '.join(params)}>"


def _parse_llvm_attr(p, name: str) -> A.Attribute | None:
    mn = name[len("llvm.") :]
    if mn == "loop_annotation" and p.end < len(p.src) and p.src[p.end] == "<":
        pos = p.start
        body_end = p.balanced_body(p.end)
        p.reset(body_end)
        text = _full_loop_annotation(p.expand_aliases(p.src[pos + 1 : body_end]))
        return A.OpaqueAttr(A.pretty_dialect_symbol(text), None)
    cls = _KEYWORD_ATTRS.get(mn)
    if cls is None and mn not in ("fastmath", "overflow", "target_features"):
        return None
    p.advance()
    p.expect("<", "expected '<'")
    if cls is not None:
        pos = p.start
        v = parse_keyword_or_string(p, f"expected keyword for {mn}")
        if v not in cls.CASES:
            p.error(f"expected one of [{', '.join(cls.CASES)}] for {mn}, got: {v}", pos)
        a: A.Attribute = cls(v)
    elif mn == "fastmath":
        a = FastmathFlagsAttr(parse_bit_list(p, FASTMATH_BITS, (("fast", FASTMATH_FAST),), what="fastmath flag"))
    elif mn == "overflow":
        a = IntegerOverflowFlagsAttr(parse_bit_list(p, OVERFLOW_BITS, what="overflow flag"))
    else:
        feats: list[str] = []
        p.expect("[", "expected '['")
        if not p.accept("]"):
            while True:
                pos = p.start
                f = p.parse_string("expected string")
                if f and f[0] not in "+-":
                    p.error("target features must start with '+' or '-'", pos)
                feats.append(f)
                if not p.accept(","):
                    break
            p.expect("]", "expected ']'")
        a = TargetFeaturesAttr(tuple(feats))
    p.expect(">", "expected '>'")
    return a


DIALECT_ATTR_PARSERS["llvm"] = _parse_llvm_attr


# The attributes upstream prints through an alias named after their mnemonic
# (LLVMOpAsmDialectInterface::getAlias); polymlir keeps them verbatim.
register_opaque_aliases(
    "llvm",
    frozenset(
        {
            "access_group",
            "alias_scope",
            "alias_scope_domain",
            "di_annotation",
            "di_basic_type",
            "di_common_block",
            "di_compile_unit",
            "di_composite_type",
            "di_derived_type",
            "di_file",
            "di_global_variable",
            "di_global_variable_expression",
            "di_imported_entity",
            "di_label",
            "di_lexical_block",
            "di_lexical_block_file",
            "di_local_variable",
            "di_module",
            "di_namespace",
            "di_null_type",
            "di_string_type",
            "di_subprogram",
            "di_subroutine_type",
            "loop_annotation",
            "loop_distribute",
            "loop_interleave",
            "loop_licm",
            "loop_peeled",
            "loop_pipeline",
            "loop_unroll",
            "loop_unroll_and_jam",
            "loop_unswitch",
            "loop_vectorize",
            "tbaa_root",
            "tbaa_tag",
            "tbaa_type_desc",
        }
    ),
)
