"""Located diagnostics: errors, warnings, remarks and notes.

A diagnostic carries a `Location`; rendering it gives upstream's format,
``file:line:col: error: message``, then the source line and a caret when the
source text is known (sources are registered by the parser).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .attributes.locations import CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc

# filename -> source text, for printing the offending line.
_SOURCES: dict[str, str] = {}


def register_source(filename: str, text: str) -> None:
    _SOURCES[filename] = text


def source_line(filename: str, line: int) -> str | None:
    text = _SOURCES.get(filename)
    if text is None:
        return None
    lines = text.split("\n")
    if 1 <= line <= len(lines):
        return lines[line - 1]
    return None


def file_loc(loc: Location | None) -> FileLineColLoc | None:
    """The first file:line:col location inside ``loc``."""
    if isinstance(loc, FileLineColLoc):
        return loc
    if isinstance(loc, NameLoc):
        return file_loc(loc.child)
    if isinstance(loc, CallSiteLoc):
        return file_loc(loc.caller) or file_loc(loc.callee)
    if isinstance(loc, FusedLoc):
        for part in loc.locations:
            f = file_loc(part)
            if f is not None:
                return f
    return None


@dataclass
class Diagnostic:
    severity: str  # "error" | "warning" | "remark" | "note"
    message: str
    loc: Location | None = None
    notes: list[Diagnostic] = field(default_factory=list)

    def render(self, with_source: bool = True) -> str:
        f = file_loc(self.loc)
        if f is not None:
            head = f"{f.filename}:{f.line}:{f.col}: {self.severity}: {self.message}"
        elif self.loc is None:
            head = f"polymlir: {self.severity}: {self.message}"
        elif isinstance(self.loc, UnknownLoc):
            head = f"<unknown>:0: {self.severity}: {self.message}"
        else:
            head = f"{self.loc}: {self.severity}: {self.message}"
        out = [head]
        if with_source and f is not None:
            src = source_line(f.filename, f.line)
            if src is not None:
                out.append(src)
                # Columns count bytes of the line upstream; tabs kept so the
                # caret lines up under the same characters.
                prefix = "".join(c if c == "\t" else " " for c in src[: max(f.col - 1, 0)])
                out.append(prefix + "^")
        for n in self.notes:
            out.append(n.render(with_source))
        return "\n".join(out)


class DiagnosticError(Exception):
    """An error reported against a location; the CLI prints it and exits 1."""

    def __init__(self, message: str, loc: Location | None = None, notes: list[Diagnostic] | None = None):
        super().__init__(message)
        self.diagnostic = Diagnostic("error", message, loc, list(notes or []))

    @property
    def message(self) -> str:
        return self.diagnostic.message

    @property
    def loc(self) -> Location | None:
        return self.diagnostic.loc

    def attach_note(self, message: str, loc: Location | None = None) -> DiagnosticError:
        self.diagnostic.notes.append(Diagnostic("note", message, loc))
        return self

    def render(self) -> str:
        return self.diagnostic.render()


class DiagnosticEngine:
    """Collects non-fatal diagnostics (remarks, warnings) emitted by passes."""

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []

    def emit(self, severity: str, message: str, loc: Location | None) -> Diagnostic:
        d = Diagnostic(severity, message, loc)
        self.diagnostics.append(d)
        return d

    def remark(self, loc: Location | None, message: str) -> Diagnostic:
        return self.emit("remark", message, loc)

    def warning(self, loc: Location | None, message: str) -> Diagnostic:
        return self.emit("warning", message, loc)


# ---------------------------------------------------------------------------
# --verify-diagnostics
# ---------------------------------------------------------------------------

_EXPECTED_RE = re.compile(
    r"expected-(error|warning|remark|note)\s*(?:@(above|below|[+-]\d+|\w+))?\s*(\*)?\s*\{\{(.*?)\}\}"
)


@dataclass
class Expectation:
    severity: str
    line: int
    message: str
    matched: bool = False
    any_line: bool = False
    source_line: int = 0


def parse_expectations(text: str) -> list[Expectation]:
    out: list[Expectation] = []
    pending_below: list[Expectation] = []
    lines = text.split("\n")
    for i, line in enumerate(lines, start=1):
        for m in _EXPECTED_RE.finditer(line):
            sev, where, star, msg = m.group(1), m.group(2), m.group(3), m.group(4)
            e = Expectation(sev, i, msg, source_line=i)
            if star:
                e.any_line = True
            if where == "above":
                e.line = i - 1
                # Upstream: skip lines that are only expected-* comments.
                while (
                    e.line > 1 and _EXPECTED_RE.search(lines[e.line - 1]) and lines[e.line - 1].strip().startswith("//")
                ):
                    e.line -= 1
            elif where == "below":
                pending_below.append(e)
                out.append(e)
                continue
            elif where and where[0] in "+-":
                e.line = i + int(where)
            out.append(e)
        stripped = line.strip()
        if pending_below and stripped and not stripped.startswith("//"):
            for e in pending_below:
                e.line = i
            pending_below = []
    return out


def verify_diagnostics(text: str, filename: str, diags: list[Diagnostic]) -> list[str]:
    """Match emitted diagnostics against ``expected-*`` annotations; return
    the error messages (empty when everything matched)."""
    exps = parse_expectations(text)
    problems: list[str] = []
    flat: list[Diagnostic] = []
    for d in diags:
        flat.append(d)
        flat.extend(d.notes)
    for d in flat:
        f = file_loc(d.loc)
        line = f.line if f is not None and f.filename == filename else None
        hit = None
        for e in exps:
            if e.matched or e.severity != d.severity or e.message not in d.message:
                continue
            if e.any_line or e.line == line:
                hit = e
                break
        if hit is not None:
            hit.matched = True
        else:
            where = f"{filename}:{line}" if line is not None else "<unknown>"
            problems.append(f"{where}: unexpected {d.severity}: {d.message}")
    for e in exps:
        if not e.matched:
            problems.append(f'{filename}:{e.source_line}: expected {e.severity} "{e.message}" was not produced')
    return problems
