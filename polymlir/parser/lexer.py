"""MLIR tokens, lexed lazily from a position so sub-parsers can re-sync.

A token is a ``(kind, start, end)`` triple of plain ints and strings: no
per-token objects. Kinds are short strings: ``bare``, ``%``, ``^``, ``@``,
``#``, ``!`` (prefixed identifiers), ``int``, ``float``, ``string``, ``eof``,
``error``, or the punctuation text itself (``(``, ``->``, ``{-#`` ...).
"""

from __future__ import annotations

import bisect
import re

_SKIP = re.compile(r"(?:[ \t\r\n\f\v]+|//[^\n]*)*")
_BARE = re.compile(r"[a-zA-Z_][\w$.]*")
_SUFFIX = re.compile(r"(?:[0-9]+|[a-zA-Z_$.\-][\w$.\-]*)")
_NUMBER = re.compile(r"0x[0-9a-fA-F]+|[0-9]+(?:\.[0-9]*(?:[eE][-+]?[0-9]+)?)?")
_STRING = re.compile(r'"(?:[^"\\\n]|\\[^\n])*"')

_PUNCT2 = {"->": "->", "::": "::"}
_SINGLE = set("()[]{}<>,:=?*+|-.")


class Lexer:
    """Token source over one buffer."""

    __slots__ = ("src", "n", "_line_starts")

    def __init__(self, src: str):
        self.src = src
        self.n = len(src)
        self._line_starts: list[int] | None = None

    def skip(self, pos: int) -> int:
        return _SKIP.match(self.src, pos).end()  # type: ignore[union-attr]

    def lex(self, pos: int) -> tuple[str, int, int]:
        """The token starting at (or after whitespace from) ``pos``."""
        src = self.src
        pos = _SKIP.match(src, pos).end()  # type: ignore[union-attr]
        if pos >= self.n:
            return ("eof", pos, pos)
        c = src[pos]
        if c.isalpha() or c == "_":
            m = _BARE.match(src, pos)
            return ("bare", pos, m.end())  # type: ignore[union-attr]
        if c in "%^@#!":
            if c == "#" and src.startswith("#-}", pos):
                return ("#-}", pos, pos + 3)
            if c == "@" and src.startswith('"', pos + 1):
                m = _STRING.match(src, pos + 1)
                if m is None:
                    return ("error", pos, pos + 1)
                return ("@", pos, m.end())
            m = _SUFFIX.match(src, pos + 1)
            if m is None:
                return ("error", pos, pos + 1)
            return (c, pos, m.end())
        if c.isdigit():
            m = _NUMBER.match(src, pos)
            end = m.end()  # type: ignore[union-attr]
            text = src[pos:end]
            kind = "float" if "." in text and not text.startswith("0x") else "int"
            return (kind, pos, end)
        if c == '"':
            m = _STRING.match(src, pos)
            if m is None:
                return ("error", pos, pos + 1)
            return ("string", pos, m.end())
        two = src[pos:pos + 2]
        if two in _PUNCT2:
            return (two, pos, pos + 2)
        if two == "{-" and src.startswith("{-#", pos):
            return ("{-#", pos, pos + 3)
        if c == "." and src.startswith("...", pos):
            return ("...", pos, pos + 3)
        if c in _SINGLE:
            return (c, pos, pos + 1)
        return ("error", pos, pos + 1)

    def line_col(self, pos: int) -> tuple[int, int]:
        if self._line_starts is None:
            starts = [0]
            find = self.src.find
            i = find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._line_starts = starts
        line = bisect.bisect_right(self._line_starts, pos)
        return line, pos - self._line_starts[line - 1] + 1


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
_HEX = set("0123456789abcdefABCDEF")


def unescape(body: str) -> str | int:
    """Decode a string literal's body (without quotes). Returns the offset of
    a bad escape (an int) on error."""
    if "\\" not in body:
        return body
    out = bytearray()
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if c != "\\":
            j = body.find("\\", i)
            j = n if j < 0 else j
            out += body[i:j].encode("utf-8", "surrogateescape")
            i = j
            continue
        nxt = body[i + 1] if i + 1 < n else ""
        if nxt in _ESCAPES:
            out += _ESCAPES[nxt].encode()
            i += 2
        elif nxt in _HEX and i + 2 < n and body[i + 2] in _HEX:
            out.append(int(body[i + 1:i + 3], 16))
            i += 3
        else:
            return i
    return out.decode("utf-8", "surrogateescape")
