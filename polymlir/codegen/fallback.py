"""The aliasing fallback of a JIT module, split off to compile on first need.

A function the JIT gives a ``noalias`` copy (``codegen.noalias``) runs its
generic code only when the arrays passed overlap, which callers almost
never do; LLVM spends about as long optimizing and compiling that code as
the copy. ``split`` cuts the module's LLVM IR in two: the eager module
(everything but the generic functions, their outlined parallel bodies and
work functions, and the trampolines of all of those) and the fallback
module holding those definitions, which the engine adds to its MCJIT the
first time a call needs one of them.

The fallback module references, never redefines, what the eager module
defines: its functions through ``declare`` (with the definition's header,
so that ABI attributes such as ``signext`` are kept), its globals as
``available_externally`` copies (the optimizer still folds constant
initializers; nothing is emitted, the linker resolves the symbol to the
eager module's storage, so writable globals are shared). No split is made
(``split`` returns None) when the fallback code references a private or
internal symbol of the eager module, an alias, a thread-local global or a
comdat, or when an eager function calls a generic one: then everything
compiles eagerly, as one module.

    s = split(text, {"kernel", "__polymlir_invoke_kernel"}, "__polymlir_invoke_", is_outlined)
    s.eager, s.lazy, s.functions
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

__all__ = ["Split", "split"]

# An LLVM global name after '@': quoted, named or numbered.
_NAME = r'"(?:[^"\\]|\\.)*"|[-a-zA-Z$._][-a-zA-Z$._0-9]*|\d+'
_REF = re.compile(rf"@({_NAME})")
_LOCAL_LINKAGES = {"private", "internal"}
_LINKAGES = _LOCAL_LINKAGES | {
    "available_externally",
    "linkonce",
    "linkonce_odr",
    "weak",
    "weak_odr",
    "common",
    "appending",
    "extern_weak",
    "external",
}


@dataclass(frozen=True)
class Split:
    """The eager module's IR, the fallback module's IR, and the names of
    the definitions moved to the fallback module."""

    eager: str
    lazy: str
    functions: frozenset[str]


@dataclass
class _Entity:
    kind: str  # define, declare, global, alias, other (types, metadata, header lines)
    name: str
    text: str


def _entities(text: str) -> list[_Entity]:
    """The top-level entities of LLVM IR text as the translator and the
    JIT print it: a definition from its ``define`` line to its ``}``
    line, everything else one line each."""
    out: list[_Entity] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("define "):
            j = i
            while j < len(lines) and lines[j] != "}":
                j += 1
            m = _REF.search(line)
            out.append(_Entity("define", m.group(1) if m else "", "\n".join(lines[i : j + 1])))
            i = j + 1
            continue
        kind, name = "other", ""
        if line.startswith("declare "):
            m = _REF.search(line)
            kind, name = "declare", m.group(1) if m else ""
        elif line.startswith("@"):
            m = re.match(rf"@({_NAME}) = (.*)", line)
            if m:
                name = m.group(1)
                kind = "alias" if re.search(r"(^| )(alias|ifunc) ", m.group(2)) else "global"
        out.append(_Entity(kind, name, line))
        i += 1
    return out


def _linkage(words: list[str]) -> str:
    """The linkage among the leading words of a definition or global."""
    return words[0] if words and words[0] in _LINKAGES else "external"


def _declaration(define: str) -> str | None:
    """A ``declare`` for the function whose definition is ``define``
    (externally visible ones only), or None."""
    head = define.split("\n", 1)[0]
    words = head.split()
    if _linkage(words[1:]) != "external" or not head.endswith(" {"):
        return None
    if any(w in head for w in (" comdat", " personality ", " prefix ", " prologue ")):
        return None
    return "declare " + head[len("define ") : -2]


def _reference(line: str) -> str | None:
    """The fallback module's stand-in for an eager module's global:
    declarations as they are, definitions ``available_externally``; None
    for globals that cannot be shared so (local, thread-local, comdat)."""
    name, _, rest = line.partition(" = ")
    words = rest.split()
    linkage = _linkage(words)
    if linkage in ("external", "extern_weak") and words and words[0] == linkage:
        return line  # a declaration already
    if linkage != "external" or "thread_local" in words or ", comdat" in rest:
        return None
    return f"{name} = available_externally {rest}"


def split(
    text: str,
    fallback: Collection[str],
    trampoline_prefix: str,
    outlined: Callable[[str], bool],
) -> Split | None:
    """Split LLVM IR ``text`` into an eager and a fallback module.

    ``fallback`` names the definitions wanted in the fallback module (the
    generic functions that have a noalias copy and their trampolines);
    ``outlined(name)`` tells the functions only their callers use (the
    outlined parallel loops), which go where their callers go, as private
    and internal functions do; every other definition is a root of the
    eager module. A function's trampoline (``trampoline_prefix + name``)
    goes with it. The eager module is what the roots reach; the rest is the
    fallback module. None when nothing of ``fallback`` can be left out of
    the eager module, or when the fallback code needs a symbol the eager
    module cannot share (see the module docstring)."""
    ents = _entities(text)
    defs = {e.name: e for e in ents if e.kind == "define"}
    refs: dict[str, set[str]] = {
        n: {m.group(1) for m in _REF.finditer(e.text.split("\n", 1)[1] if "\n" in e.text else "")}
        for n, e in defs.items()
    }

    def owner(name: str) -> str:
        base = name[len(trampoline_prefix) :]
        return base if name.startswith(trampoline_prefix) and base in defs else name

    def hidden(name: str) -> bool:
        base = owner(name)
        return outlined(base) or _linkage(defs[base].text.split()[1:]) in _LOCAL_LINKAGES

    roots = {n for n in defs if n not in fallback and not hidden(n)}
    for e in ents:
        if e.kind in ("global", "alias"):  # initializers (ctor lists, function pointers) stay eager
            roots |= {m.group(1) for m in _REF.finditer(e.text.partition(" = ")[2])} & defs.keys()
    eager: set[str] = set()
    stack = list(roots)
    while stack:
        n = stack.pop()
        if n in eager:
            continue
        eager.add(n)
        stack += [r for r in refs[n] if r in defs and r not in eager]
        if trampoline_prefix + n in defs:
            stack.append(trampoline_prefix + n)
    lazy = set(defs) - eager
    if not lazy & set(fallback):
        return None
    by_name = {e.name: e for e in ents if e.kind in ("global", "alias")}
    stand_ins: dict[str, str] = {}
    for n in lazy:
        for r in refs[n]:
            if r in lazy or r in stand_ins:
                continue
            if r in defs:
                decl = _declaration(defs[r].text)
            elif r in by_name:
                g = by_name[r]
                decl = None if g.kind == "alias" or r.startswith("llvm.") else _reference(g.text)
            else:
                continue  # a declaration (copied below) or no symbol at all
            if decl is None:
                return None
            stand_ins[r] = decl
    eager_parts: list[str] = []
    lazy_parts: list[str] = []
    for e in ents:
        if e.kind == "define":
            (lazy_parts if e.name in lazy else eager_parts).append(e.text)
            continue
        eager_parts.append(e.text)
        if e.kind == "declare" or (e.kind == "other" and not e.text.startswith("$")):
            lazy_parts.append(e.text)  # header, types, declarations, metadata
        elif e.name in stand_ins:
            lazy_parts.append(stand_ins.pop(e.name))
    lazy_parts += stand_ins.values()  # the eager functions the fallback calls
    return Split("\n".join(eager_parts), "\n".join(lazy_parts) + "\n", frozenset(lazy))
