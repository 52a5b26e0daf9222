"""Passes, their registry, and upstream's pipeline syntax.

A pass is a frozen dataclass whose fields are its options (``tile_sizes``
is spelled ``tile-sizes`` on the command line, as upstream). Passes run on
an anchor op: a whole module, or each op of a given name nested in it::

    @register_pass
    @dataclass(frozen=True)
    class LowerAffine(ModulePass):
        name: ClassVar[str] = "lower-affine"
        def run(self, module, ctx): ...

Pipelines use upstream's textual form:
``builtin.module(func.func(affine-loop-tile{tile-sizes=32,32}),canonicalize)``.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable

from ..ir.attributes import Location
from ..ir.core import Operation
from ..ir.diagnostics import Diagnostic, DiagnosticError

_PASSES: dict[str, type["ModulePass"]] = {}


class PassError(DiagnosticError):
    """A pass failed; the IR may be partially transformed."""


@dataclass
class PassContext:
    """What a running pass can report to (remarks, warnings)."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def remark(self, at: Operation | Location | None, message: str) -> None:
        loc = at.loc if isinstance(at, Operation) else at
        self.diagnostics.append(Diagnostic("remark", message, loc))

    def warning(self, at: Operation | Location | None, message: str) -> None:
        loc = at.loc if isinstance(at, Operation) else at
        self.diagnostics.append(Diagnostic("warning", message, loc))


@dataclass(frozen=True)
class ModulePass:
    """Base class of passes. ``anchor`` is the op name the pass runs on
    (``builtin.module`` or e.g. ``func.func`` for function passes)."""

    name: ClassVar[str] = ""
    anchor: ClassVar[str] = "builtin.module"
    summary: ClassVar[str] = ""

    def run(self, op: Operation, ctx: PassContext) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def from_options(cls, options: dict[str, str]) -> "ModulePass":
        """Build from ``{"tile-sizes": "32,32"}`` style options."""
        kwargs: dict[str, Any] = {}
        hints = typing.get_type_hints(cls)
        fields = {f.name.replace("_", "-"): f for f in dataclasses.fields(cls)}
        for key, raw in options.items():
            f = fields.get(key)
            if f is None:
                known = ", ".join(sorted(fields)) or "none"
                raise PassError(f"no such option '{key}' for pass '{cls.name}' (options: {known})")
            kwargs[f.name] = _convert_option(raw, hints.get(f.name, str), key, cls.name)
        return cls(**kwargs)

    def option_string(self) -> str:
        parts = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if v == f.default or (f.default_factory is not dataclasses.MISSING and v == f.default_factory()):  # type: ignore[misc]
                continue
            if isinstance(v, (tuple, list)):
                v = ",".join(str(x) for x in v)
            elif isinstance(v, bool):
                v = "true" if v else "false"
            parts.append(f"{f.name.replace('_', '-')}={v}")
        return "{" + " ".join(parts) + "}" if parts else ""

    def __str__(self) -> str:
        return self.name + self.option_string()


def _convert_option(raw: str, hint: Any, key: str, pass_name: str) -> Any:
    origin = typing.get_origin(hint)
    try:
        if hint is bool:
            if raw.lower() in ("", "true", "1", "on"):
                return True
            if raw.lower() in ("false", "0", "off"):
                return False
            raise ValueError(raw)
        if hint is int:
            return int(raw)
        if hint is float:
            return float(raw)
        if origin in (tuple, list):
            args = typing.get_args(hint)
            elem = args[0] if args else str
            items = [x for x in raw.split(",") if x.strip()]
            return tuple(elem(x.strip()) for x in items)
        return raw
    except ValueError:
        raise PassError(f"invalid value '{raw}' for option '{key}' of pass '{pass_name}'") from None


def register_pass(cls: type[ModulePass]) -> type[ModulePass]:
    _PASSES[cls.name] = cls
    return cls


def lookup_pass(name: str) -> type[ModulePass] | None:
    _ensure_loaded()
    return _PASSES.get(name)


def registered_passes() -> dict[str, type[ModulePass]]:
    _ensure_loaded()
    return dict(_PASSES)


_LOADED = False


def _ensure_loaded() -> None:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        import importlib
        import pkgutil

        from .. import transforms

        for m in pkgutil.walk_packages(transforms.__path__, transforms.__name__ + "."):
            importlib.import_module(m.name)
        try:
            from .. import codegen
        except ImportError:  # pragma: no cover
            return
        for m in pkgutil.walk_packages(codegen.__path__, codegen.__name__ + "."):
            importlib.import_module(m.name)


# -- pipelines -----------------------------------------------------------------


@dataclass
class _Nested:
    anchor: str
    passes: list  # of ModulePass | _Nested


class PassManager:
    """Runs a pipeline of passes on a module, verifying after each pass."""

    def __init__(self, passes: Iterable[ModulePass | _Nested] = (), verify_each: bool = True):
        self.passes = list(passes)
        self.verify_each = verify_each
        self.ctx = PassContext()

    @classmethod
    def parse(cls, pipeline: str) -> "PassManager":
        """``builtin.module(p1,func.func(p2{opt=v}))`` or ``p1,p2``."""
        items = _PipelineParser(pipeline).parse()
        if len(items) == 1 and isinstance(items[0], _Nested) and items[0].anchor == "builtin.module":
            items = items[0].passes
        return cls(items)

    def add(self, p: ModulePass) -> "PassManager":
        self.passes.append(p)
        return self

    def run(self, module: Operation) -> PassContext:
        from ..ir.verifier import verify

        for item in self.passes:
            self._run_item(item, module)
            if self.verify_each:
                verify(module)
        return self.ctx

    def _run_item(self, item, op: Operation) -> None:
        if isinstance(item, _Nested):
            for target in _ops_named(op, item.anchor):
                for sub in item.passes:
                    self._run_item(sub, target)
            return
        if item.anchor == "builtin.module" or op.name == item.anchor:
            if item.anchor != "builtin.module" or op.name == "builtin.module":
                item.run(op, self.ctx)
                return
        for target in _ops_named(op, item.anchor):
            item.run(target, self.ctx)

    def __str__(self) -> str:
        def fmt(x):
            if isinstance(x, _Nested):
                return f"{x.anchor}(" + ",".join(fmt(p) for p in x.passes) + ")"
            return str(x)

        return "builtin.module(" + ",".join(fmt(p) for p in self.passes) + ")"


def _ops_named(root: Operation, name: str) -> list[Operation]:
    out = []
    for r in root.regions:
        for b in r.blocks:
            for op in b.operations:
                if op.name == name:
                    out.append(op)
                elif op.regions and name != "builtin.module":
                    out.extend(_ops_named(op, name))
    return out


class _PipelineParser:
    def __init__(self, text: str):
        self.s = text.replace(" ", "")
        self.i = 0

    def parse(self) -> list:
        items = self._list()
        if self.i != len(self.s):
            raise PassError(f"unexpected '{self.s[self.i:]}' in pass pipeline '{self.s}'")
        return items

    def _list(self) -> list:
        items = [self._item()]
        while self.i < len(self.s) and self.s[self.i] == ",":
            self.i += 1
            items.append(self._item())
        return items

    def _item(self):
        j = self.i
        while j < len(self.s) and (self.s[j].isalnum() or self.s[j] in "-_."):
            j += 1
        name = self.s[self.i:j]
        if not name:
            raise PassError(f"expected a pass name at '{self.s[self.i:]}' in pass pipeline")
        self.i = j
        if self.i < len(self.s) and self.s[self.i] == "(":
            self.i += 1
            inner = [] if self.s[self.i:self.i + 1] == ")" else self._list()
            if self.s[self.i:self.i + 1] != ")":
                raise PassError(f"expected ')' in pass pipeline '{self.s}'")
            self.i += 1
            return _Nested(name, inner)
        options: dict[str, str] = {}
        if self.i < len(self.s) and self.s[self.i] == "{":
            end = self.s.index("}", self.i)
            options = parse_options(self.s[self.i + 1:end])
            self.i = end + 1
        return make_pass(name, options)


def parse_options(text: str) -> dict[str, str]:
    """``tile-sizes=32,32 other=1`` (spaces or the next ``key=`` separate)."""
    import re

    out: dict[str, str] = {}
    for m in re.finditer(r"([A-Za-z][\w-]*)(?:=((?:[^=\s]+?)(?=(?:\s+|[,\s][A-Za-z][\w-]*=|$))))?", text):
        out[m.group(1)] = m.group(2) if m.group(2) is not None else "true"
    return out


def make_pass(name: str, options: dict[str, str] | None = None) -> ModulePass:
    cls = lookup_pass(name)
    if cls is None:
        known = ", ".join(sorted(registered_passes())) or "none"
        raise PassError(f"'{name}' does not refer to a registered pass (known passes: {known})")
    return cls.from_options(options or {})
