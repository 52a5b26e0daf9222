"""``#llvm.loop_annotation<...>``: loop hints for LLVM, read and written.

The attribute is kept verbatim (an ``OpaqueAttr``, as every ``#llvm.*``
attribute polymlir does not model) on the latch branch of a loop
(``llvm.br``/``llvm.cond_br``'s ``loop_annotation``) and, before lowering,
as the discardable attribute ``llvm.loop_annotation`` (``LOOP_ATTR``) of an
``affine.for`` or ``scf.for``, which the lowerings forward to the branch
that closes the loop. This module parses its text into nested fields,
renders fields back to text, and gives the LLVM metadata strings each
field stands for (LLVM's LangRef ``llvm.loop.*`` names, as upstream's
translation emits them)::

    parse("llvm.loop_annotation<vectorize = #llvm.loop_vectorize<disable = true>>")
    == {"vectorize": {"disable": True}}
    render({"vectorize": {"width": 8}})
    == "llvm.loop_annotation<vectorize = #llvm.loop_vectorize<width = 8 : i32>>"
    metadata({"vectorize": {"disable": True}}) == ['!"llvm.loop.vectorize.enable", i1 false']

(the same nodes, in the same order, as ``mlir-translate --mlir-to-llvmir``).

Follow-up annotations (``followupVectorized`` and the like), loop
locations and ``parallelAccesses`` have no metadata here: ``metadata``
raises ``ValueError`` naming the field, so a hint is never dropped silently.
"""

from __future__ import annotations

import re
from typing import Union

__all__ = ["LOOP_ATTR", "Fields", "metadata", "parse", "render"]

LOOP_ATTR = "llvm.loop_annotation"

Value = Union[bool, int, "Fields"]
Fields = dict[str, Value]

# Integer fields printed with their type, as upstream prints them.
_I32 = {"width", "count", "initiationinterval"}

_TOKEN = re.compile(r"\s*(#llvm\.[a-z_]+<|<|>|,|=|:|[A-Za-z_][A-Za-z0-9_.]*|-?\d+)")


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise ValueError(f"cannot read the loop annotation at '{text[pos : pos + 20]}'")
        out.append(m.group(1))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return out


def parse(text: str) -> Fields:
    """The fields of ``#llvm.loop_annotation<...>`` (``text`` with or
    without the leading ``#``); ValueError when it is not one."""
    toks = _tokens(text.lstrip("#"))
    if toks[:2] != ["llvm.loop_annotation", "<"]:
        raise ValueError(f"not a loop annotation: {text!r}")
    fields, k = _fields(toks, 2)
    if k != len(toks):
        raise ValueError(f"trailing text in the loop annotation {text!r}")
    return fields


def _fields(toks: list[str], k: int) -> tuple[Fields, int]:
    out: Fields = {}
    while k < len(toks) and toks[k] != ">":
        key = toks[k]
        if k + 1 >= len(toks) or toks[k + 1] != "=":
            raise ValueError(f"loop annotation field '{key}' has no value")
        k += 2
        tok = toks[k] if k < len(toks) else ""
        value: Value
        if tok.startswith("#llvm."):
            value, k = _fields(toks, k + 1)
        elif tok in ("true", "false"):
            value, k = tok == "true", k + 1
        elif re.fullmatch(r"-?\d+", tok):
            value, k = int(tok), k + 1
            if k + 1 < len(toks) and toks[k] == ":":
                k += 2  # ': i32'
        else:
            raise ValueError(f"loop annotation field '{key}' has a value polymlir cannot read: {tok!r}")
        out[key] = value
        if k < len(toks) and toks[k] == ",":
            k += 1
    if k >= len(toks):
        raise ValueError("unterminated loop annotation")
    return out, k + 1


def _value(key: str, v: Value) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return f"{v} : i32" if key in _I32 else str(v)
    if key not in _HINTS:
        raise ValueError(f"loop annotation field '{key}' takes no nested attribute")
    kind = "loop_" + re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), key)  # unrollAndJam: loop_unroll_and_jam
    return f"#llvm.{kind}<{', '.join(f'{k} = {_value(k, x)}' for k, x in v.items())}>"


def render(fields: Fields) -> str:
    """The attribute's text (after ``#``) for ``fields``."""
    return f"llvm.loop_annotation<{', '.join(f'{k} = {_value(k, v)}' for k, v in fields.items())}>"


def _int(v: Value) -> int:
    if isinstance(v, dict):
        raise ValueError("a loop hint count or width must be an integer")
    return int(v)


# Each hint's metadata, in upstream's order (LoopAnnotationTranslation):
# (field, metadata name, form). Forms: "bool" a node with i1 of the value,
# "not" with i1 of its negation, "unit" a node with the name alone when
# the value is true, "switch" NAME.disable when true else NAME.enable,
# "i32" a node with the integer.
_HINTS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "vectorize": (
        ("disable", "llvm.loop.vectorize.enable", "not"),
        ("predicateEnable", "llvm.loop.vectorize.predicate.enable", "bool"),
        ("scalableEnable", "llvm.loop.vectorize.scalable.enable", "bool"),
        ("width", "llvm.loop.vectorize.width", "i32"),
    ),
    "interleave": (("count", "llvm.loop.interleave.count", "i32"),),
    "unroll": (
        ("disable", "llvm.loop.unroll", "switch"),
        ("count", "llvm.loop.unroll.count", "i32"),
        ("runtimeDisable", "llvm.loop.unroll.runtime.disable", "bool"),
        ("full", "llvm.loop.unroll.full", "unit"),
    ),
    "unrollAndJam": (
        ("disable", "llvm.loop.unroll_and_jam", "switch"),
        ("count", "llvm.loop.unroll_and_jam.count", "i32"),
    ),
    "licm": (
        ("disable", "llvm.licm.disable", "unit"),
        ("versioningDisable", "llvm.loop.licm_versioning.disable", "unit"),
    ),
    "distribute": (("disable", "llvm.loop.distribute.enable", "not"),),
    "pipeline": (
        ("disable", "llvm.loop.pipeline.disable", "bool"),
        ("initiationinterval", "llvm.loop.pipeline.initiationinterval", "i32"),
    ),
    "peeled": (("count", "llvm.loop.peeled.count", "i32"),),
    "unswitch": (("partialDisable", "llvm.loop.unswitch.partial.disable", "unit"),),
}
_FLAGS = (("disableNonforced", "llvm.loop.disable_nonforced"), ("mustProgress", "llvm.loop.mustprogress"))


def _node(name: str, form: str, v: Value) -> str | None:
    if form == "i32":
        return f'!"{name}", i32 {_int(v)}'
    if form == "bool":
        return f'!"{name}", i1 {"true" if v else "false"}'
    if form == "not":
        return f'!"{name}", i1 {"false" if v else "true"}'
    if form == "switch":
        return f'!"{name}.{"disable" if v else "enable"}"'
    return f'!"{name}"' if v else None


def metadata(fields: Fields) -> list[str]:
    """The operands (``!"name", value``) of the loop's metadata nodes, one
    string per node, in upstream's order; ValueError for a field without
    metadata here (follow-ups, locations, parallel accesses)."""
    unknown = [k for k in fields if k not in _HINTS and k not in dict(_FLAGS)]
    if unknown:
        raise ValueError(f"the loop hint '{unknown[0]}' has no LLVM metadata in polymlir")
    out: list[str] = [f'!"{name}"' for key, name in _FLAGS if fields.get(key) is True]
    for key, hints in _HINTS.items():
        sub = fields.get(key)
        if sub is None:
            continue
        if not isinstance(sub, dict):
            raise ValueError(f"loop annotation field '{key}' must be a nested attribute")
        known = {h[0] for h in hints}
        bad = [k for k in sub if k not in known]
        if bad:
            raise ValueError(f"the loop hint {key}.{bad[0]} has no LLVM metadata in polymlir")
        for field, name, form in hints:
            if field in sub:
                node = _node(name, form, sub[field])
                if node is not None:
                    out.append(node)
    return out
