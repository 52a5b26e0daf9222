"""The token stream every parser of MLIR text reads: the current token, a
located error with the line and caret, keywords, strings, integers, comma
lists, balanced bodies, and the expansion of type and attribute aliases."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NoReturn

from ..ir import attributes as A
from ..ir import types as T
from ..ir.diagnostics import Diagnostic, DiagnosticError
from .lexer import TOKEN_KINDS, Lexer, SourceRef, derived_kind, unescape

_ALIAS_USE = re.compile(r"[a-zA-Z_][\w$]*")
_BALANCE_CHARS = re.compile(r'["<>()\[\]{}]')


def int_literal(text: str) -> int:
    """The value of an integer token: hexadecimal after ``0x``, else decimal
    (leading zeros included, as MLIR's lexer reads ``05``)."""
    return int(text, 16) if text[:2] in ("0x", "0X") else int(text, 10)


class TokenStream:
    """Token stream over one source buffer, with located errors."""

    def __init__(self, src: str, filename: str = "<stdin>"):
        self.src = src
        self.filename = filename
        self.lexer = Lexer(src)
        self._match = self.lexer._match
        self.source = SourceRef(filename, self.lexer)  # what locations point into
        self.kind, self.start, self.end = self.lexer.lex(0)
        self.attr_aliases: dict[str, A.Attribute] = {}
        self.type_aliases: dict[str, T.Type] = {}
        self.distinct_ids: dict[int, A.DistinctAttr] = {}
        # Shaped types by their text: a file names the same few types over
        # and over, and parsing one is a few dozen calls. Per parser, since
        # the text may use this file's aliases.
        self._type_cache: dict[str, T.Type] = {}
        # section ("dialect_resources"...) -> namespace -> key -> value text
        self.resources: dict[str, dict[str, dict[str, str]]] = {}
        # Legacy (2019-2020) spellings read so far, as located warnings
        # (see `legacy_spelling`); only legacy input ever appends to it.
        self.legacy_warnings: list[Diagnostic] = []
        # None, or the name of the switch that rejects legacy spellings
        # ("--strict-syntax", "strict=True") for the error message.
        self.strict_syntax: str | None = None

    # -- tokens --------------------------------------------------------------
    def advance(self) -> None:
        # `lex_at` inlined: this runs once per token.
        src = self.src
        m = self._match(src, self.end)
        i = m.lastindex
        assert i is not None  # every alternative of the token pattern is a group
        s, e = m.span(i)
        k = TOKEN_KINDS[i]
        if k is None:
            k = src[s] if i == 4 or i == 7 else derived_kind(src, i, s, e)
        self.kind = k
        self.start = s
        self.end = e

    def reset(self, pos: int) -> None:
        """Re-lex from a raw source offset."""
        self.end = pos
        self.advance()

    @property
    def text(self) -> str:
        return self.src[self.start : self.end]

    def loc_at(self, pos: int) -> A.FileLineColLoc:
        """The location of source offset ``pos`` (line and column are
        computed only if someone reads them)."""
        return A.OffsetLoc(self.source, pos)

    def legacy_spelling(self, pos: int, old: str, new: str, year: int = 2019) -> None:
        """Report the legacy spelling ``old`` at source offset ``pos``, read
        as today's ``new``: a warning (once per spelling and location), or an
        error when the parser is strict. Called only once the legacy reading
        is certain, so well-formed modern input never pays for it."""
        message = f"'{old}' is the {year} spelling of '{new}'"
        if self.strict_syntax:
            self.error(f"{message} (rejected by {self.strict_syntax})", pos)
        seen = self.__dict__.setdefault("_legacy_seen", set())
        if (pos, old) not in seen:
            seen.add((pos, old))
            self.legacy_warnings.append(Diagnostic("warning", message, self.loc_at(pos)))

    def error(self, message: str, pos: int | None = None) -> NoReturn:
        raise DiagnosticError(message, self.loc_at(self.start if pos is None else pos))

    def accept(self, kind: str) -> bool:
        if self.kind == kind:
            self.advance()
            return True
        return False

    def expect(self, kind: str, message: str | None = None) -> int:
        """Consume a token of ``kind``; return its start offset."""
        if self.kind != kind:
            if self.kind == "error":
                self.error_bad_token()
            self.error(message or f"expected '{kind}'", self.wrong_token_pos())
        s = self.start
        self.advance()
        return s

    def wrong_token_pos(self) -> int:
        """Where upstream reports a missing token: right after the previous
        token when the current one starts a line (skipping blank lines and
        trailing comments), else at the current token."""
        src = self.src
        pos = self.start
        if self.kind == "eof" and pos > 0:
            pos -= 1
        i = pos
        while True:
            j = i
            while j > 0 and src[j - 1] in " \t":
                j -= 1
            if j == 0:
                return pos
            if src[j - 1] not in "\n\r":
                return j
            j -= 1  # drop the newline: look at the previous line
            line_start = src.rfind("\n", 0, j) + 1
            line = src[line_start:j]
            c = line.find("//")
            i = line_start + c if c >= 0 else j

    def error_bad_token(self) -> NoReturn:
        c = self.src[self.start]
        if c == '"':
            self.error("expected '\"' in string literal")
        if c in "%^@#!":
            self.error(f"invalid {'SSA name' if c == '%' else 'identifier'}")
        self.error("unexpected character")

    def accept_keyword(self, kw: str) -> bool:
        if self.kind == "bare" and self.src[self.start : self.end] == kw:
            self.advance()
            return True
        return False

    def expect_keyword(self, kw: str) -> None:
        if not self.accept_keyword(kw):
            self.error(f"expected '{kw}'")

    def peek_keyword(self, kw: str) -> bool:
        return self.kind == "bare" and self.src[self.start : self.end] == kw

    def parse_keyword(self, message: str = "expected keyword") -> str:
        if self.kind != "bare":
            self.error(message)
        t = self.text
        self.advance()
        return t

    def parse_string(self, message: str = "expected string") -> str:
        if self.kind != "string":
            if self.kind == "error":
                self.error_bad_token()
            self.error(message)
        body = self.src[self.start + 1 : self.end - 1]
        s = unescape(body)
        if isinstance(s, int):
            self.error("unknown escape in string literal", self.start + 1 + s)
        self.advance()
        return s

    def parse_integer(self, allow_negative: bool = True, message: str = "expected integer value") -> int:
        neg = allow_negative and self.accept("-")
        if self.kind != "int":
            self.error(message)
        v = int_literal(self.text)
        self.advance()
        return -v if neg else v

    def parse_comma_list(
        self,
        fn: Callable[[], object],
        open_: str | None = None,
        close: str | None = None,
        allow_empty: bool = True,
        what: str = "",
    ) -> list:
        out: list = []
        if open_ is not None:
            self.expect(open_, f"expected '{open_}'{what}")
            if close is not None and allow_empty and self.accept(close):
                return out
        out.append(fn())
        while self.accept(","):
            out.append(fn())
        if close is not None:
            self.expect(close, f"expected ',' or '{close}'")
        return out

    def balanced_body(self, open_pos: int) -> int:
        """Offset just after the delimiter matching the one at ``open_pos``
        (one of ``<([{``), skipping strings; ``->`` and ``>=`` do not close."""
        src, i, n = self.src, open_pos, len(self.src)
        stack: list[str] = []
        pairs = {"<": ">", "(": ")", "[": "]", "{": "}"}
        search = _BALANCE_CHARS.search  # jump to the next delimiter or quote
        while i < n:
            m = search(src, i)
            if m is None:
                break
            i = m.start()
            c = src[i]
            if c == '"':
                i += 1
                while i < n and src[i] != '"':
                    i += 2 if src[i] == "\\" else 1
            elif c in pairs:
                stack.append(pairs[c])
            elif c in ">)]}":
                if c == ">" and i > 0 and src[i - 1] == "-":
                    pass
                elif stack and c == stack[-1]:
                    stack.pop()
                    if not stack:
                        return i + 1
                elif c != ">":
                    self.error(f"unbalanced '{c}' character in pretty dialect name", i)
            i += 1
        self.error("unbalanced '<' character in pretty dialect name", open_pos)

    def expand_aliases(self, body: str) -> str:
        """Replace ``#alias``/``!alias`` uses inside a verbatim dialect body
        with their definitions, so the printed body stands on its own."""
        if "#" not in body and "!" not in body:
            return body
        out: list[str] = []
        i, n = 0, len(body)
        while i < n:
            c = body[i]
            if c == '"':
                j = i + 1
                while j < n and body[j] != '"':
                    j += 2 if body[j] == "\\" else 1
                out.append(body[i : j + 1])
                i = j + 1
                continue
            if c in "#!" and (i == 0 or not (body[i - 1].isalnum() or body[i - 1] in "_$.")):
                m = _ALIAS_USE.match(body, i + 1)
                if m is not None:
                    name = m.group(0)
                    nxt = body[m.end() : m.end() + 1]
                    table = self.attr_aliases if c == "#" else self.type_aliases
                    if nxt not in (".", "<") and name in table:
                        out.append(str(table[name]))
                        i = m.end()
                        continue
            out.append(c)
            i += 1
        return "".join(out)
