"""Locations (loc(...)): attributes that say where an operation comes from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .builtin import Attribute, quote


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
    _pos: int
    _source: Any  # the parser's buffer: ``filename`` and ``line_col(offset)``
    # Shadow the base class's slots: a parsed location is never a range.
    end_line = None
    end_col = None

    def __init__(self, source, pos: int) -> None:
        object.__setattr__(self, "_source", source)
        object.__setattr__(self, "_pos", pos)

    @property
    def filename(self) -> str:
        return self._source.filename

    @property
    def line(self) -> int:
        return self._source.line_col(self._pos)[0]

    @property
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
        return f"fused{meta}[" + ", ".join(loc.body(p) for loc in self.locations) + "]"

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
