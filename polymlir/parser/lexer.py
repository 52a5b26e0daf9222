"""MLIR tokens, lexed lazily from a position so sub-parsers can re-sync.

A token is a ``(kind, start, end)`` triple of plain ints and strings: no
per-token objects. Kinds are short strings: ``bare``, ``%``, ``^``, ``@``,
``#``, ``!`` (prefixed identifiers), ``int``, ``float``, ``string``, ``eof``,
``error``, or the punctuation text itself (``(``, ``->``, ``{-#`` ...).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from typing import cast

_SKIP = re.compile(r"(?:[ \t\r\n\f\v]+|//[^\n]*)*")
_BARE = re.compile(r"[a-zA-Z_][\w$.]*")
_SUFFIX = re.compile(r"(?:[0-9]+|[a-zA-Z_$.\-][\w$.\-]*)")
_NUMBER = re.compile(r"0x[0-9a-fA-F]+|[0-9]+(?:\.[0-9]*(?:[eE][-+]?[0-9]+)?)?")
_STRING = re.compile(r'"(?:[^"\\\n]|\\[^\n])*"')

# One pattern for every token (after skipping blanks and comments), so a
# token costs a single regex match. Order matters: `#-}`/`{-#` before the
# prefixed identifiers, quoted `@"sym"` before plain ones. The skip is
# possessive (no token starts with a blank or `/`, so there is nothing to
# backtrack into), which spares the regex engine its backtracking records.
_TOKEN = re.compile(
    r"""(?:[ \t\r\n\f\v]++|//[^\n]*+)*+(?:
    (?P<bare>[a-zA-Z_][\w$.]*)
   |(?P<p2>->|::|\{-\#|\#-\}|\.\.\.)
   |(?P<atstr>@"(?:[^"\\\n]|\\[^\n])*")
   |(?P<pfx>[%^#!@](?:[0-9]+|[a-zA-Z_$.\-][\w$.\-]*))
   |(?P<num>0x[0-9a-fA-F]+|[0-9]+(?:\.[0-9]*(?:[eE][-+]?[0-9]+)?)?)
   |(?P<string>"(?:[^"\\\n]|\\[^\n])*")
   |(?P<p1>[()\[\]{}<>,:=?*+|\-.])
   |(?P<eof>\Z)
   |(?P<error>.)
    )""",
    re.X | re.S,
)


# Token kind per group index of _TOKEN; None: derived from the text.
TOKEN_KINDS = (None, "bare", None, "@", None, None, "string", None, "eof", "error")


def lex_at(match, src: str, pos: int) -> tuple[str, int, int]:
    m = match(src, pos)
    i = m.lastindex
    s, e = m.span(i)
    k = TOKEN_KINDS[i]
    if k is not None:
        return (k, s, e)
    if i == 4 or i == 7:  # prefixed identifier / one-char punctuation
        return (src[s], s, e)
    return (derived_kind(src, i, s, e), s, e)


def derived_kind(src: str, group: int, s: int, e: int) -> str:
    """The kind of a multi-char punctuation (group 2) or number token."""
    if group == 2:
        return src[s:e]
    if src.find(".", s, e) >= 0 and src[s + 1 : s + 2] != "x":
        return "float"
    return "int"


class Lexer:
    """Token source over one buffer."""

    __slots__ = ("src", "n", "_line_starts", "_match")

    def __init__(self, src: str):
        self.src = src
        self.n = len(src)
        self._line_starts: list[int] | None = None
        # _TOKEN matches everywhere (`eof` and `error` catch what else does not).
        self._match = cast("Callable[[str, int], re.Match[str]]", _TOKEN.match)

    def skip(self, pos: int) -> int:
        return _SKIP.match(self.src, pos).end()  # type: ignore[union-attr]  # _SKIP matches the empty string

    def lex(self, pos: int) -> tuple[str, int, int]:
        """The token starting at (or after blanks and comments from) ``pos``."""
        return lex_at(self._match, self.src, pos)

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


class SourceRef:
    """A parsed buffer as the locations into it see it (``OffsetLoc``): its
    file name and the line/column of an offset, lines shifted by
    ``line_offset`` (a ``--split-input-file`` chunk's first line)."""

    __slots__ = ("filename", "lexer", "line_offset")

    def __init__(self, filename: str, lexer: Lexer, line_offset: int = 0):
        self.filename = filename
        self.lexer = lexer
        self.line_offset = line_offset

    def line_col(self, pos: int) -> tuple[int, int]:
        line, col = self.lexer.line_col(pos)
        return line + self.line_offset, col


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
            out.append(int(body[i + 1 : i + 3], 16))
            i += 3
        else:
            return i
    return out.decode("utf-8", "surrogateescape")
