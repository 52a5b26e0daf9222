"""Legacy (2019-2020) types and op forms of the LLVM dialect, read as today's.

The LLVM-lowering document writes LLVM dialect types as wrapped LLVM IR
types with typed pointers: ``!llvm.i64``, ``!llvm.float``,
``!llvm<"float*">``, ``!llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">``,
``!llvm<"i64 (i32, float)">``. Today the dialect uses builtin integers and
floats, opaque pointers and its own spellings:

    !llvm.i64                         i64
    !llvm.float / !llvm.double        f32 / f64
    !llvm<"float*">                   !llvm.ptr
    !llvm<"i8 addrspace(1)*">         !llvm.ptr<1>
    !llvm<"[4 x i64]">                !llvm.array<4 x i64>
    !llvm<"<4 x float>">              vector<4xf32>
    !llvm<"{ float*, i64 }">          !llvm.struct<(ptr, i64)>
    !llvm<"i64 (i32, float)">         !llvm.func<i64 (i32, f32)>

The reader is chained in front of the dialect's own type parser
(``DIALECT_TYPE_PARSERS["llvm"]``), which still reads every modern type.
With opaque pointers a load or store no longer knows the pointee type from
the pointer, so the old ``llvm.load %p : !llvm<"T*">`` and
``llvm.store %v, %p : !llvm<"T*">`` are rewritten with the pointee taken from
the legacy pointer type (``llvm.load %p : !llvm.ptr -> T``).
"""

from __future__ import annotations

import re

from ...ir import attributes as A
from ...ir import types as T
from ...ir.diagnostics import DiagnosticError
from ...parser.attr_parser import DIALECT_TYPE_PARSERS
from ...parser.parser import CUSTOM_OP_OVERRIDES, OpState, Parser
from ..llvm import types as LT
from .ops import LegacyOp, add_attrs

__all__ = ["LegacyTypeError", "parse_llvm_ir_type"]

_SCALARS: dict[str, T.Type] = {
    "half": T.FloatType("f16"),
    "bfloat": T.FloatType("bf16"),
    "float": T.FloatType("f32"),
    "double": T.FloatType("f64"),
    "fp128": T.FloatType("f128"),
    "x86_fp80": T.FloatType("f80"),
    "ppc_fp128": LT.PPC_FP128,
    "void": LT.VOID,
    "label": LT.LABEL,
    "metadata": LT.METADATA,
    "token": LT.TOKEN,
}
# `!llvm.float`...: today builtin types (`!llvm.void`, `!llvm.token`... are still spelled so).
_FLOATS = frozenset({"half", "bfloat", "float", "double", "fp128", "x86_fp80"})
_INT = re.compile(r"i([1-9][0-9]*)\Z")
_TOKEN = re.compile(r"\s*(\.\.\.|[0-9]+|[A-Za-z_][A-Za-z0-9_.]*|<\{|\}>|\S)")


class LegacyTypeError(Exception):
    """A malformed LLVM IR type string; ``offset`` is into the string."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset


class _Ptr:
    """A typed pointer while reading: lowered to ``!llvm.ptr<space>``; the
    pointee is kept for the old load/store syntax."""

    __slots__ = ("pointee", "space")

    def __init__(self, pointee, space: int):
        self.pointee = pointee
        self.space = space


class _IRTypeReader:
    """Reads an LLVM IR type (``{ float*, [2 x i64] }``, ``void (i32)*``)."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.tok = ""
        self.tok_pos = 0
        self.next()

    def next(self) -> None:
        m = _TOKEN.match(self.text, self.pos)
        if m is None:  # only trailing blanks
            self.tok, self.tok_pos, self.pos = "", len(self.text), len(self.text)
            return
        self.tok, self.tok_pos, self.pos = m.group(1), m.start(1), m.end()

    def error(self, message: str):
        raise LegacyTypeError(message, self.tok_pos)

    def expect(self, tok: str) -> None:
        if self.tok != tok:
            self.error(f"expected '{tok}' in LLVM IR type" + (f", found '{self.tok}'" if self.tok else ""))
        self.next()

    def number(self) -> int:
        if not self.tok.isdigit():
            self.error("expected an integer in LLVM IR type")
        v = int(self.tok)
        self.next()
        return v

    def type(self):
        t = self.base()
        while True:
            if self.tok == "*":
                self.next()
                t = _Ptr(t, 0)
            elif self.tok == "addrspace":
                self.next()
                self.expect("(")
                space = self.number()
                self.expect(")")
                self.expect("*")
                t = _Ptr(t, space)
            elif self.tok == "(":
                self.next()
                params: list = []
                vararg = False
                while self.tok != ")":
                    if self.tok == "...":
                        self.next()
                        vararg = True
                        break
                    params.append(self.type())
                    if self.tok != ",":
                        break
                    self.next()
                self.expect(")")
                t = ("func", t, params, vararg)
            else:
                return t

    def base(self):
        tok = self.tok
        if tok in _SCALARS:
            self.next()
            return _SCALARS[tok]
        m = _INT.match(tok)
        if m:
            self.next()
            return T.IntegerType(int(m.group(1)))
        if tok in ("[", "<"):
            self.next()
            n = self.number()
            self.expect("x")
            et = self.type()
            self.expect("]" if tok == "[" else ">")
            return ("array" if tok == "[" else "vector", n, et)
        if tok in ("{", "<{"):
            self.next()
            close = "}" if tok == "{" else "}>"
            body: list = []
            if self.tok != close:
                body.append(self.type())
                while self.tok == ",":
                    self.next()
                    body.append(self.type())
            self.expect(close)
            return ("struct", tok == "<{", body)
        if not tok:
            self.error("expected LLVM IR type")
        self.error(f"unknown LLVM IR type '{tok}'")


def _lower(t) -> T.Type:
    """Today's type for a parsed LLVM IR type."""
    if isinstance(t, _Ptr):
        return LT.LLVMPointerType(t.space)
    if isinstance(t, tuple):
        kind = t[0]
        if kind == "array":
            return LT.LLVMArrayType(_lower(t[2]), t[1])
        if kind == "vector":
            return T.VectorType((t[1],), _lower(t[2]))
        if kind == "struct":
            return LT.LLVMStructType(tuple(_lower(e) for e in t[2]), t[1], None)
        return LT.LLVMFunctionType(_lower(t[1]), tuple(_lower(e) for e in t[2]), t[3])
    return t


def parse_llvm_ir_type(text: str):
    """``(today's type, pointee or None)`` for an LLVM IR type string;
    the pointee is today's type of what a typed pointer pointed to."""
    r = _IRTypeReader(text)
    t = r.type()
    if r.tok:
        r.error(f"unexpected '{r.tok}' after LLVM IR type")
    return _lower(t), (_lower(t.pointee) if isinstance(t, _Ptr) else None)


def _parse_wrapped(p: Parser) -> tuple[T.Type, T.Type | None]:
    """``!llvm<"...">`` at the current token: today's type and the pointee."""
    p.advance()
    p.expect("<", "expected '<'")
    spos = p.start
    body = p.parse_string()
    p.expect(">", "expected '>' after the LLVM IR type string")
    try:
        return parse_llvm_ir_type(body)
    except LegacyTypeError as e:
        p.error(f'invalid legacy LLVM type "{body}": {e.message}', spos + 1 + e.offset)


_modern_llvm_type_parser = DIALECT_TYPE_PARSERS["llvm"]


def _parse_llvm_type(p: Parser, name: str) -> T.Type:
    """The LLVM dialect's type parser, with the legacy spellings in front."""
    pos = p.start
    if name == "llvm":
        t = _parse_wrapped(p)[0]
        p.legacy_spelling(pos, p.src[pos : p.start].rstrip(), str(t))
        return t
    mn = name[5:]
    if mn in _FLOATS:
        t = _SCALARS[mn]
    elif mn[:1] == "i" and _INT.match(mn):
        t = T.IntegerType(int(mn[1:]))
    else:
        return _modern_llvm_type_parser(p, name)
    p.legacy_spelling(pos, f"!{name}", str(t))
    p.advance()
    return t


DIALECT_TYPE_PARSERS["llvm"] = _parse_llvm_type


# -- llvm.load / llvm.store with a typed pointer ---------------------------------------


def _is_legacy_access(p: Parser, name: str) -> bool:
    """Whether the op at the parser reads ``... : !llvm<"T*">`` (one type,
    a wrapped typed pointer): the old load/store syntax."""
    start = p.start
    try:
        p.advance()
        p.accept_keyword("volatile")
        p.parse_operand()
        if name == "llvm.store":
            p.expect(",")
            p.parse_operand()
        p.parse_optional_attr_dict()
        if not p.accept(":"):
            return False
        return p.src.startswith('!llvm<"', p.start)
    except DiagnosticError:
        return False
    finally:
        p.reset(start)


class LegacyLoad(LegacyOp):
    """``llvm.load %p : !llvm<"T*">`` -> ``llvm.load %p : !llvm.ptr -> T``."""

    OP_NAME = "llvm.load"

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        cls.become(state, cls.OP_NAME)
        volatile = p.accept_keyword("volatile")
        refs = [p.parse_operand()]
        if cls.OP_NAME == "llvm.store":
            p.expect(",", "expected ','")
            refs.append(p.parse_operand())  # value, then address
        attrs = p.parse_optional_attr_dict()
        p.expect(":", "expected ':'")
        tpos = p.start
        ptr, pointee = _parse_wrapped(p)
        p.legacy_spelling(tpos, p.src[tpos : p.start].rstrip(), str(ptr))
        if pointee is None:
            p.error(f"custom op '{cls.OP_NAME}' expected a pointer type, got '{ptr}'", tpos)
        add_attrs(state, attrs)
        if volatile:
            state.properties["volatile_"] = A.UNIT
        if cls.OP_NAME == "llvm.store":
            state.operands = [p.resolve_operand(refs[0], pointee), p.resolve_operand(refs[1], ptr)]
        else:
            state.operands = [p.resolve_operand(refs[0], ptr)]
            state.result_types = [pointee]


class LegacyStore(LegacyLoad):
    """``llvm.store %v, %p : !llvm<"T*">`` -> ``llvm.store %v, %p : T, !llvm.ptr``."""

    OP_NAME = "llvm.store"


def _resolve_access(p: Parser, name: str) -> type | None:
    # Only a buffer with a wrapped LLVM IR type can hold the old syntax.
    legacy = p.__dict__.get("_legacy_llvm_types")
    if legacy is None:
        legacy = p.__dict__["_legacy_llvm_types"] = '!llvm<"' in p.src
    if legacy and _is_legacy_access(p, name):
        return LegacyLoad if name == "llvm.load" else LegacyStore
    return None


CUSTOM_OP_OVERRIDES["llvm.load"] = _resolve_access
CUSTOM_OP_OVERRIDES["llvm.store"] = _resolve_access
