"""``noalias`` specializations of the functions Python calls.

LLVM cannot vectorize or reorder an access to one memref across a store
to another unless it knows that they do not overlap: every memref is a
pointer, and two numpy arrays may share memory. So the JIT compiles,
beside each function taking two or more memrefs, a copy whose memrefs'
aligned pointers are ``noalias`` (the allocated pointer is only freed,
never accessed, so it does not count), and calls it when the arrays passed
are pairwise disjoint (checked at call time on their byte extents, which is
cheap and exact for the strided views a descriptor describes); arrays that
overlap (an in-place call, two views of one buffer) run the generic code.
LLVM forms no gathers of strided loads in either (the JIT's target
prefers none: ``codegen.jit``).

    text += specialize(text, {"kernel": [1, 8]})  # @kernel__noalias
    disjoint([extent(d1, 8), extent(d2, 8)])      # which one to call
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["SUFFIX", "disjoint", "extent", "specialize"]

SUFFIX = "__noalias"


def _split_params(params: str) -> list[str]:
    """Top-level comma-separated parameters of an LLVM ``define``."""
    out: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(params):
        if ch in "{[(<":
            depth += 1
        elif ch in "}])>":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(params[start:i].strip())
            start = i + 1
    if params[start:].strip():
        out.append(params[start:].strip())
    return out


def _definition(text: str, name: str) -> tuple[int, int] | None:
    """[start, end) of ``define ... @name(...) { ... }`` in ``text``."""
    m = re.search(rf"^define [^\n]*@{re.escape(name)}\(", text, re.M)
    if m is None:
        return None
    end = text.find("\n}\n", m.start())
    return (m.start(), end + 3) if end >= 0 else None


def _copy(text: str, name: str, noalias: Sequence[int], renames: Mapping[str, str]) -> str | None:
    """The definition of ``@name`` renamed ``@name__noalias``, the
    parameters at ``noalias`` marked ``noalias`` and the references to the
    functions in ``renames`` redirected; None if ``@name`` is not defined."""
    span = _definition(text, name)
    if span is None:
        return None
    body = text[span[0] : span[1]]
    head, _, rest = body.partition("\n")
    open_at = head.index(f"@{name}(") + len(name) + 2
    close_at = head.rindex(")")
    params = _split_params(head[open_at:close_at])
    for k in noalias:
        if k < len(params) and params[k].startswith("ptr ") and " noalias " not in f" {params[k]} ":
            params[k] = "ptr noalias " + params[k][4:]
    head = head[: open_at - len(name) - 2] + f"@{name}{SUFFIX}(" + ", ".join(params) + head[close_at:]
    for old, new in renames.items():
        rest = re.sub(rf"@{re.escape(old)}\b(?![\w.$-])", f"@{new}", rest)
    return head + "\n" + rest


def specialize(
    text: str,
    functions: Mapping[str, Sequence[int]],
    parallel: Mapping[str, tuple[str, Sequence[int]]] | None = None,
) -> str:
    """LLVM IR of a copy ``@<name>__noalias`` of each function in
    ``functions`` whose parameters at the given indices are ``noalias``
    (to be appended to ``text``); functions not defined in ``text`` or
    already specialized are skipped.

    ``parallel`` maps the body of an outlined parallel loop to its work
    function and the work function's noalias positions: a copy that passes
    such a body to the runtime passes the body's copy instead, which calls
    the work function's noalias copy (the positions are memrefs the copy's
    own noalias parameters are passed as, so they are as disjoint)."""
    parallel = parallel or {}
    out: list[str] = []
    done: set[str] = set()
    for name, noalias in functions.items():
        if _definition(text, name + SUFFIX) is not None or _definition(text, name) is None:
            continue
        span = _definition(text, name)
        assert span is not None
        used = [b for b in parallel if re.search(rf"@{re.escape(b)}\b(?![\w.$-])", text[span[0] : span[1]])]
        copy = _copy(text, name, noalias, {b: b + SUFFIX for b in used})
        assert copy is not None
        out.append(copy)
        for b in used:
            work, positions = parallel[b]
            if b in done or _definition(text, work) is None:
                continue
            done.add(b)
            for c in (_copy(text, b, (), {work: work + SUFFIX}), _copy(text, work, positions, {})):
                assert c is not None
                out.append(c)
    return "\n" + "\n".join(out) if out else ""


def extent(descriptor: Any, itemsize: int) -> tuple[int, int]:
    """The bytes [lo, hi) a ranked memref descriptor can reach (empty when
    a size is zero)."""
    sizes = list(getattr(descriptor, "sizes", ()))
    strides = list(getattr(descriptor, "strides", ()))
    base = (descriptor.aligned or 0) + descriptor.offset * itemsize
    if any(s == 0 for s in sizes):
        return (base, base)
    lo = hi = base
    for size, stride in zip(sizes, strides, strict=True):
        step = (size - 1) * stride * itemsize
        if step < 0:
            lo += step
        else:
            hi += step
    return (lo, hi + itemsize)


def disjoint(extents: Sequence[tuple[int, int]]) -> bool:
    """Whether no two non-empty byte ranges overlap."""
    spans = sorted((lo, hi) for lo, hi in extents if hi > lo)
    return all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))
