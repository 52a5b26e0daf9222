"""Passes, their registry, and upstream's pipeline syntax.

A pass is a frozen dataclass whose fields are its options (``tile_sizes``
is spelled ``tile-sizes`` on the command line, as upstream)::

    @register_pass
    @dataclass(frozen=True)
    class LowerAffine(ModulePass):
        name: ClassVar[str] = "lower-affine"
        def run(self, op, ctx): ...

A pass declares the op it runs on with ``anchor``, as upstream's
``OperationPass<OpT>`` does: ``ANY_OP``, the default (upstream's
``OperationPass<>``: it runs on whatever op its pipeline is nested on, the
module at top level); ``MODULE`` (``"builtin.module"``: a module pass, which
cannot be nested in ``func.func(...)``); ``FUNCTION`` (``"func.func"``, the
default of ``FunctionPass``: the pass manager runs it once per function).

Pipelines use upstream's textual form, e.g.
``builtin.module(func.func(affine-loop-tile{tile-sizes=32,32 cache-size=512}),canonicalize)``:
an op name followed by a parenthesized, comma-separated list nests a pipeline
on every op of that name directly inside the current one; options go in
braces, separated by spaces, as ``key=value`` (a bare ``key`` sets a boolean
option), with values quoted (``"x y"``, ``'x y'``) or braced (``{...}``)
when they contain spaces; list options take comma-separated values. As
``mlir-opt``'s pass flags do, a function pass listed at module level runs
on each function of the module.

Options keep llvm::cl's types: ``UInt`` (and ``ULong``) options reject
negative values as upstream's ``unsigned`` options do; a ``Literal`` type
lists an enum option's values; ``metadata={"aliases": (...)}`` names a
field's older spellings (``fusion-maximal`` for ``maximal``), accepted but
not listed.

Remarks: `PassContext.missed` reports where a pass declines (polymlir's own
remarks, which upstream does not emit); they are kept only for passes whose
name ``remarks_missed`` matches (every pass by default; ``polymlir opt``
keeps none unless ``--pass-remarks-missed=<regex>`` asks). `PassContext.remark`
is for remarks upstream emits too (the transform dialect's), always kept.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import typing
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, NewType, Union

from ...ir.attributes.locations import Location
from ...ir.core import Operation
from ...ir.diagnostics import Diagnostic, DiagnosticError
from ...ir.registry import ensure_passes_loaded, lookup_op
from ...ir.traits import FUNCTION_OP_INTERFACE
from ...verifier import verify

_PASSES: dict[str, type[ModulePass]] = {}

MODULE = "builtin.module"
FUNCTION = "func.func"
ANY_OP = "any"  # runs on the op its pipeline is nested on (upstream: OperationPass<>)

UInt = NewType("UInt", int)  # an option of llvm::cl type `unsigned` (0 .. 2**32-1)
ULong = NewType("ULong", int)  # `unsigned long` / `uint64_t` (0 .. 2**64-1)
_UNSIGNED_BITS = {UInt: 32, ULong: 64}

EVERY_PASS: re.Pattern[str] = re.compile("")


class PassError(DiagnosticError):
    """A pass failed, or a pipeline or option is malformed; the IR may be
    partially transformed."""


@dataclass
class PassContext:
    """What a running pass can report to (remarks, warnings).
    ``remarks_missed`` selects the passes (by name, ``re.search``) whose
    `missed` remarks are kept, None for none; ``pass_name`` is the pass
    running now, set by the PassManager."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    remarks_missed: re.Pattern[str] | None = EVERY_PASS
    pass_name: str = ""

    def remark(self, at: Operation | Location | None, message: str) -> None:
        """A remark upstream emits too: always kept."""
        loc = at.loc if isinstance(at, Operation) else at
        self.diagnostics.append(Diagnostic("remark", message, loc))

    def missed(self, at: Operation | Location | None, message: str) -> None:
        """A remark saying where and why the pass declined, kept only when
        ``remarks_missed`` matches the running pass's name."""
        if self.remarks_missed is not None and self.remarks_missed.search(self.pass_name):
            self.remark(at, message)

    def warning(self, at: Operation | Location | None, message: str) -> None:
        loc = at.loc if isinstance(at, Operation) else at
        self.diagnostics.append(Diagnostic("warning", message, loc))


@dataclass(frozen=True)
class ModulePass:
    """Base class of passes (of every kind, despite its historic name).
    ``anchor`` is the op the pass runs on: ``ANY_OP`` (the default),
    ``MODULE``, ``FUNCTION`` or another op name. ``summary`` is the one-line
    description ``--list-passes`` prints; a field's
    ``metadata={"help": ...}`` describes an option."""

    name: ClassVar[str] = ""
    anchor: ClassVar[str] = ANY_OP
    summary: ClassVar[str] = ""

    def run(self, op: Operation, ctx: PassContext) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def options(cls) -> list[PassOption]:
        """The options, in declaration order."""
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                default = f.default
            elif f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            else:
                default = dataclasses.MISSING
            out.append(
                PassOption(
                    f.name.replace("_", "-"),
                    f.name,
                    hints.get(f.name, str),
                    default,
                    str(f.metadata.get("help", "")),
                    tuple(f.metadata.get("aliases", ())),
                )
            )
        return out

    @classmethod
    def from_options(cls, options: dict[str, str | None]) -> ModulePass:
        """Build from ``{"tile-sizes": "32,32"}`` style options (``None``:
        the key was given without a value, which sets a boolean option)."""
        opts = cls.options()
        by_key = {k: o for o in opts for k in (o.key, *o.aliases)}
        kwargs: dict[str, Any] = {}
        for key, raw in options.items():
            o = by_key.get(key)
            if o is None:
                known = ", ".join(o.key for o in opts) or "none"
                raise PassError(f"no such option '{key}' for pass '{cls.name}' (options: {known})")
            kwargs[o.attr] = o.convert(raw, cls.name)
        try:
            return cls(**kwargs)
        except ValueError as e:  # __post_init__ rejects a combination of values
            raise PassError(f"invalid options for pass '{cls.name}': {e}") from None

    def option_string(self) -> str:
        parts = []
        for o in self.options():
            v = getattr(self, o.attr)
            if o.default is not dataclasses.MISSING and v == o.default:
                continue
            parts.append(f"{o.key}={o.format(v)}")
        return "{" + " ".join(parts) + "}" if parts else ""

    def __str__(self) -> str:
        return self.name + self.option_string()


@dataclass(frozen=True)
class FunctionPass(ModulePass):
    """A pass that runs on one ``func.func`` at a time (upstream's
    ``OperationPass<func::FuncOp>``)."""

    anchor: ClassVar[str] = FUNCTION


# -- options ------------------------------------------------------------------------------

_TRUE = ("", "true", "True", "TRUE", "1")  # what llvm::cl accepts for a bool
_FALSE = ("false", "False", "FALSE", "0")


@dataclass(frozen=True)
class PassOption:
    """One option of a pass: its command-line ``key``, the dataclass field
    ``attr``, the Python type, the default, a description and the older
    spellings of the key."""

    key: str
    attr: str
    type: Any
    default: Any
    help: str = ""
    aliases: tuple[str, ...] = ()

    def type_name(self) -> str:
        return _type_name(self.type)

    def convert(self, raw: str | None, pass_name: str) -> Any:
        """The option's value from its text (``None``: the key alone)."""
        if raw is None:
            if self.type is bool:
                return True
            raise PassError(f"option '{self.key}' of pass '{pass_name}' needs a value ({self.type_name()})")
        try:
            return _convert(raw, self.type)
        except ValueError as e:
            why = f": {e}" if str(e) else ""
            raise PassError(
                f"invalid value '{raw}' for option '{self.key}' of pass '{pass_name}' "
                f"(expected {self.type_name()}){why}"
            ) from None

    def format(self, value: Any) -> str:
        """``value`` in pipeline syntax (parses back to the same value)."""
        return _format(value)


def _type_name(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if hint is bool:
        return "bool"
    if hint in _UNSIGNED_BITS:
        return "uint" if hint is UInt else "ulong"
    if hint is int:
        return "int"
    if hint is float:
        return "float"
    if hint is str:
        return "string"
    if origin is typing.Literal:
        return "|".join(str(a) for a in typing.get_args(hint))
    if origin in (tuple, list):
        args = [a for a in typing.get_args(hint) if a is not Ellipsis]
        return f"list<{_type_name(args[0]) if args else 'string'}>"
    if origin is Union:
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return _type_name(args[0]) if len(args) == 1 else "string"
    return getattr(hint, "__name__", str(hint))


def _convert(raw: str, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if hint is bool:
        if raw in _TRUE:
            return True
        if raw in _FALSE:
            return False
        raise ValueError("a boolean is true, false, 1 or 0")
    if hint in _UNSIGNED_BITS:
        n = _int(raw)
        if not 0 <= n < 1 << _UNSIGNED_BITS[hint]:
            raise ValueError("out of range")
        return n
    if hint is int:
        return _int(raw)
    if hint is float:
        return float(raw)
    if origin is typing.Literal:
        choices = typing.get_args(hint)
        for c in choices:
            if raw == str(c):
                return c
        raise ValueError("one of " + ", ".join(str(c) for c in choices))
    if origin in (tuple, list):
        args = [a for a in typing.get_args(hint) if a is not Ellipsis]
        elem = args[0] if args else str
        items = tuple(_convert(_unquote(x.strip()), elem) for x in _split_top(raw, ",") if x.strip())
        return items if origin is tuple else list(items)
    if origin is Union:
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1:
            return _convert(raw, args[0])
    return raw


def _int(raw: str) -> int:
    """An integer as llvm::cl reads one (decimal, 0x hexadecimal, 0b binary)."""
    text = raw.strip()
    if "_" not in text:  # Python's digit separators are no C++ literal
        try:
            return int(text, 0)
        except ValueError:
            pass
        try:
            return int(text, 10)  # leading zeros ("010") are decimal here
        except ValueError:
            pass
    raise ValueError(f"'{raw}' is not an integer")


def _format(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return ",".join(_format(v) for v in value)
    text = str(value)
    if text == "" or any(c.isspace() or c in "{}\"'," for c in text):
        return "'" + text + "'" if "'" not in text else '"' + text + '"'
    return text


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    if len(text) >= 2 and text[0] == "{" and text[-1] == "}":
        return text[1:-1]
    return text


def _split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside quotes and braces."""
    parts: list[str] = []
    cur: list[str] = []
    depth, quote = 0, ""
    for c in text:
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(c)
    parts.append("".join(cur))
    return parts


def parse_options(text: str) -> dict[str, str | None]:
    """``tile-sizes=32,32 name="x y" flag`` -> ``{"tile-sizes": "32,32",
    "name": "x y", "flag": None}``: entries separated by spaces, values
    quoted or braced when they contain spaces (the outer quotes or braces
    are removed), a key without ``=`` maps to None."""
    return _Lexer(text, "pass options").options(end=None)


# -- registry ----------------------------------------------------------------------------


def register_pass(cls: type[ModulePass]) -> type[ModulePass]:
    _PASSES[cls.name] = cls
    return cls


def lookup_pass(name: str) -> type[ModulePass] | None:
    ensure_passes_loaded()
    return _PASSES.get(name)


def registered_passes() -> dict[str, type[ModulePass]]:
    ensure_passes_loaded()
    return dict(_PASSES)


def make_pass(name: str, options: dict[str, str | None] | None = None) -> ModulePass:
    cls = lookup_pass(name)
    if cls is None:
        known = ", ".join(sorted(registered_passes())) or "none"
        raise PassError(f"'{name}' does not refer to a registered pass (known passes: {known})")
    return cls.from_options(options or {})


def describe_passes() -> str:
    """Every registered pass: name, the op it runs on, its description, and
    each option with its type and default (``polymlir opt --list-passes``)."""
    lines = ["Passes (name [the op it runs on: 'any' is the op its pipeline is nested on]):"]
    for name, cls in sorted(registered_passes().items()):
        lines.append(f"  {name} [{cls.anchor}]" + (f"  {cls.summary}" if cls.summary else ""))
        for o in cls.options():
            default = "required" if o.default is dataclasses.MISSING else f"default: {o.format(o.default) or '(empty)'}"
            text = f"      {o.key}=<{o.type_name()}>  {default}"
            if o.aliases:
                text += "  (older name: " + ", ".join(o.aliases) + ")"
            lines.append(text + (f"  {o.help}" if o.help else ""))
    return "\n".join(lines) + "\n"


# -- pipelines -----------------------------------------------------------------


@dataclass
class _Nested:
    """A pipeline nested on the ops named ``anchor`` directly inside the
    current op."""

    anchor: str
    passes: list  # of ModulePass | _Nested


def _check_nesting(item: ModulePass | _Nested, on: str) -> None:
    """Upstream's rule: a pass anchored on another op than its pipeline's
    cannot be added there. Module-level pipelines are lenient: a function
    (or other op) pass listed there runs on each such op, as mlir-opt's
    pass flags nest them implicitly."""
    if isinstance(item, _Nested):
        for sub in item.passes:
            _check_nesting(sub, item.anchor)
        return
    if on == MODULE or _anchor_matches(item.anchor, on):
        return
    raise PassError(
        f"Can't add pass '{item.name}' restricted to '{item.anchor}' on a PassManager intended to run "
        f"on '{on}', did you intend to nest?"
    )


class PassManager:
    """Runs a pipeline of passes on a module, verifying after each top-level
    pipeline element. Nested pipelines (``func.func(...)``) and function
    passes run on each matching op, the whole nested pipeline on one op
    before the next op."""

    def __init__(
        self,
        passes: Iterable[ModulePass | _Nested] = (),
        verify_each: bool = True,
        remarks_missed: re.Pattern[str] | None = EVERY_PASS,
    ):
        self.passes: list[ModulePass | _Nested] = []
        self.verify_each = verify_each
        self.remarks_missed = remarks_missed  # see PassContext
        self.ctx = PassContext(remarks_missed=remarks_missed)
        for p in passes:
            self.add(p)

    @classmethod
    def parse(cls, pipeline: str) -> PassManager:
        """``builtin.module(p1,func.func(p2{opt=v}))`` or ``p1,p2``."""
        items = _Lexer(pipeline, "pass pipeline").pipeline()
        if len(items) == 1 and isinstance(items[0], _Nested) and items[0].anchor == MODULE:
            items = items[0].passes
        return cls(items)

    def add(self, p: ModulePass | _Nested) -> PassManager:
        _check_nesting(p, MODULE)
        self.passes.append(p)
        return self

    def run(self, module: Operation) -> PassContext:
        """Run the pipeline; the returned context holds this run's remarks
        only (a manager reused across ``--split-input-file`` chunks must not
        report one chunk's remarks again with the next)."""

        self.ctx = PassContext(remarks_missed=self.remarks_missed)
        for item in self.passes:
            self._run_item(item, module)
            if self.verify_each:
                verify(module)
        return self.ctx

    def _run_item(self, item: ModulePass | _Nested, op: Operation) -> None:
        if isinstance(item, _Nested):
            for target in _children_named(op, item.anchor):
                for sub in item.passes:
                    self._run_item(sub, target)
            return
        self.ctx.pass_name = item.name
        if _anchor_matches(item.anchor, op.name):
            item.run(op, self.ctx)
            return
        for target in _children_named(op, item.anchor):  # implicit nesting (module level only)
            item.run(target, self.ctx)

    def __str__(self) -> str:
        def fmt(x):
            if isinstance(x, _Nested):
                return f"{x.anchor}(" + ",".join(fmt(p) for p in x.passes) + ")"
            return str(x)

        return "builtin.module(" + ",".join(fmt(p) for p in self.passes) + ")"


def _anchor_matches(anchor: str, op_name: str) -> bool:
    """Whether a pass anchored on ``anchor`` runs on an op named
    ``op_name``. A function pass runs on any function-like op it is
    explicitly nested on (``gpu.module(gpu.func(affine-loop-unroll))``), as
    upstream's passes over FunctionOpInterface do."""
    if anchor in (ANY_OP, op_name):
        return True
    if anchor != FUNCTION:
        return False
    cls = lookup_op(op_name)
    return cls is not None and FUNCTION_OP_INTERFACE in cls.traits


def _children_named(root: Operation, name: str) -> list[Operation]:
    """The ops named ``name`` directly in ``root``'s regions (as upstream's
    nested pass managers find them), listed before any pass runs."""
    # Pipelines anchor on op names (``func.func(...)``), as upstream's do.
    return [op for r in root.regions for b in r.blocks for op in b.operations if op.name == name]


class _Lexer:
    """Reads pipeline text: op and pass names, parentheses, commas and
    ``{...}`` option lists (whose values may be quoted or braced)."""

    NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")

    def __init__(self, text: str, what: str):
        self.s = text
        self.i = 0
        self.what = what

    def error(self, message: str) -> PassError:
        rest = self.s[self.i : self.i + 20]
        at = f" at '{rest}'" if rest else " at the end"
        return PassError(f"{message}{at} in {self.what} '{self.s}'")

    def skip_space(self) -> None:
        while self.i < len(self.s) and self.s[self.i].isspace():
            self.i += 1

    def peek(self) -> str:
        self.skip_space()
        return self.s[self.i] if self.i < len(self.s) else ""

    def name(self) -> str:
        self.skip_space()
        j = self.i
        while j < len(self.s) and self.s[j] in self.NAME_CHARS:
            j += 1
        if j == self.i:
            raise self.error("expected a pass or op name")
        name, self.i = self.s[self.i : j], j
        return name

    # pipeline := element (',' element)* ; element := name '(' pipeline? ')' | name options?
    def pipeline(self) -> list:
        items = self.elements()
        if self.peek():
            raise self.error("expected ',' or the end")
        return items

    def elements(self) -> list:
        items = [self.element()]
        while self.peek() == ",":
            self.i += 1
            items.append(self.element())
        return items

    def element(self) -> ModulePass | _Nested:
        name = self.name()
        if self.peek() == "(":
            self.i += 1
            inner = [] if self.peek() == ")" else self.elements()
            if self.peek() != ")":
                raise self.error(f"expected ')' to close '{name}('")
            self.i += 1
            return _Nested(name, inner)
        options: dict[str, str | None] = {}
        if self.peek() == "{":
            self.i += 1
            options = self.options(end="}")
        return make_pass(name, options)

    def options(self, end: str | None) -> dict[str, str | None]:
        """``key[=value]`` entries separated by spaces, up to ``end`` (which
        is consumed) or the end of the text."""
        out: dict[str, str | None] = {}
        while True:
            c = self.peek()
            if c == "" and end is None:
                return out
            if c == "":
                raise self.error(f"expected '{end}' to close the options")
            if c == end:
                self.i += 1
                return out
            key = self.name()
            if self.i < len(self.s) and self.s[self.i] == "=":
                self.i += 1
                out[key] = _unquote(self.value(end))
            else:
                out[key] = None
            if self.i < len(self.s) and not self.s[self.i].isspace() and self.s[self.i] != end:
                raise self.error(f"expected a space between options after '{key}'")

    def value(self, end: str | None) -> str:
        """The raw text of one option value: up to a space or ``end`` outside
        quotes and braces."""
        start = self.i
        depth, quote = 0, ""
        while self.i < len(self.s):
            c = self.s[self.i]
            if quote:
                if c == quote:
                    quote = ""
            elif c in "\"'":
                quote = c
            elif c == "{":
                depth += 1
            elif c == "}" and depth > 0:
                depth -= 1
            elif depth == 0 and (c.isspace() or c == end):
                break
            self.i += 1
        if quote:
            raise self.error(f"unterminated {quote} in an option value")
        if depth:
            raise self.error("unbalanced '{' in an option value")
        return self.s[start : self.i]


# -- command-line flags ---------------------------------------------------------------


def pipeline_from_flags(flags: list[str], remarks_missed: re.Pattern[str] | None = EVERY_PASS) -> PassManager | None:
    """A PassManager from mlir-opt style flags, in command-line order:
    ``--pass-name``, ``--pass-name=options`` (``-pass-name`` too) and
    ``--pass-pipeline=...`` (or ``--pass-pipeline ...``). None when there
    are none. A flag that names no pass is an unknown command-line
    argument, reported with the closest known flag. ``remarks_missed``: see
    `PassContext`."""
    pm: PassManager | None = None
    i = 0
    while i < len(flags):
        flag = flags[i]
        i += 1
        if not flag.startswith("-") or flag in ("-", "--"):
            raise PassError(f"unexpected argument '{flag}'")
        body = flag[2:] if flag.startswith("--") else flag[1:]
        name, eq, value = body.partition("=")
        if name == "pass-pipeline":
            if not eq:
                if i >= len(flags):
                    raise PassError("option '--pass-pipeline' needs a value")
                value, i = flags[i], i + 1
            sub = PassManager.parse(_strip_shell_quotes(value))
            pm = pm or PassManager(remarks_missed=remarks_missed)
            for p in sub.passes:
                pm.add(p)
            continue
        cls = lookup_pass(name)
        if cls is None:
            raise PassError(_unknown_flag(flag, name))
        pm = pm or PassManager(remarks_missed=remarks_missed)
        pm.add(cls.from_options(parse_options(_strip_shell_quotes(value)) if eq else {}))
    return pm


def _strip_shell_quotes(text: str) -> str:
    """``"..."`` as written inside a RUN line that no shell unquoted."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def _unknown_flag(flag: str, name: str) -> str:
    known = list(registered_passes()) + ["pass-pipeline", "list-passes"]
    close = difflib.get_close_matches(name, known, n=1)
    hint = f" Did you mean '--{close[0]}'?" if close else ""
    return (
        f"unknown command line argument '{flag}' (not an option of 'polymlir opt' nor a registered pass; "
        f"see --list-passes).{hint}"
    )
