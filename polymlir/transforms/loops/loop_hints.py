"""Vectorization and unrolling hints for LLVM on a loop (loop metadata).

    vectorize_hint_verdict(model, loop, enable, width, interleave)
    vectorize_hint(model, loop, enable, width, interleave)
    unroll_hint_verdict(model, loop, count, runtime)
    unroll_hint(model, loop, count, runtime)

The hint is the discardable attribute ``llvm.loop_annotation`` of the
``affine.for`` (``#llvm.loop_annotation<vectorize =
#llvm.loop_vectorize<disable = true>>``, printed in the IR); the lowerings
carry it to the loop's latch branch and the translation to LLVM IR emits it
as ``!llvm.loop`` metadata, byte for byte as ``mlir-translate`` does.
``enable=False`` keeps LLVM's loop vectorizer off the loop (its
straight-line SLP vectorizer still runs: an unrolled and jammed body whose
copies touch neighbouring elements becomes vector code that way, where
the loop vectorizer would turn the loop's own strided accesses into
gathers and scatters); ``width`` asks for that many lanes, ``interleave``
for that many vector iterations in flight. ``unroll_hint`` steers LLVM's
loop unroller: ``runtime=False`` keeps it from unrolling a loop whose trip
count it cannot compute (a copy of the body per iteration but a remainder
loop first: in a short loop that only runs a chain of dependent iterations,
the remainder costs and the copies wait on each other), ``count`` asks for
that many copies (1: none).

A hint never changes what the program computes: LLVM still proves a
vectorization legal before it applies one (the metadata asserts nothing
about dependences, unlike ``llvm.loop.parallel_accesses``, which is never
emitted here). So the primitive is legal on every innermost loop and
refuses only a loop that holds other loops, which LLVM's loop vectorizer
does not vectorize.
"""

from __future__ import annotations

from ...affine.legality import Verdict
from ...affine.model import Loop, PolyhedralModel
from ...affine.schedules import loop_name
from ...dialects.llvm import loop_annotation as LA
from ...ir.attributes import OpaqueAttr

__all__ = ["hints_of", "unroll_hint", "unroll_hint_verdict", "vectorize_hint", "vectorize_hint_verdict"]


def hints_of(loop: Loop) -> LA.Fields:
    """The loop's annotation fields ({} when it has none or one polymlir cannot read)."""
    ann = loop.op.attributes.get(LA.LOOP_ATTR)
    if not isinstance(ann, OpaqueAttr):
        return {}
    try:
        return LA.parse(ann.text)
    except ValueError:
        return {}


def _wanted(enable: bool, width: int, interleave: int) -> LA.Fields:
    vec: LA.Fields = {"disable": not enable}
    if enable and width:
        vec["width"] = width
    out: LA.Fields = {"vectorize": vec}
    if enable and interleave:
        out["interleave"] = {"count": interleave}
    return out


def vectorize_hint_verdict(model: PolyhedralModel, loop: Loop, enable: bool, width: int, interleave: int) -> Verdict:
    name = loop_name(loop)
    if loop.children:
        inner = ", ".join(loop_name(c) for c in loop.children)
        return Verdict(
            False,
            f"loop {name} holds loop(s) {inner}: LLVM's loop vectorizer vectorizes innermost loops only",
        )
    if not enable and (width or interleave):
        return Verdict(False, "a width or interleave count asks for vectorization: give it with enable=True")
    if enable:
        how = f"with {width} lanes" if width else "at the width LLVM chooses"
        what = f"loop {name}: LLVM is asked to vectorize it {how}"
        if interleave:
            what += f", {interleave} vector iterations interleaved"
    else:
        what = f"loop {name}: LLVM's loop vectorizer is kept off it (straight-line SLP vectorization still runs)"
    return Verdict(True, what + " (a hint: LLVM proves each vectorization legal itself; the meaning is unchanged)")


def vectorize_hint(model: PolyhedralModel, loop: Loop, enable: bool, width: int, interleave: int) -> None:
    """Set the hint on the loop's ``llvm.loop_annotation`` (after a legal
    verdict); other hints already there are kept."""
    _set_hints(loop, ("vectorize", "interleave"), _wanted(enable, width, interleave))


def _unroll_wanted(count: int, runtime: bool) -> LA.Fields:
    out: LA.Fields = {}
    if count:
        out["count"] = count
    if not runtime:
        out["runtimeDisable"] = True
    return {"unroll": out} if out else {}


def unroll_hint_verdict(model: PolyhedralModel, loop: Loop, count: int, runtime: bool) -> Verdict:
    name = loop_name(loop)
    if count < 0:
        return Verdict(False, f"an unroll count must be 0 (LLVM chooses) or positive, got {count}")
    if count == 1:
        what = f"loop {name}: LLVM's loop unroller keeps one copy of its body"
    elif count:
        what = f"loop {name}: LLVM is asked to unroll it {count} times"
    else:
        what = f"loop {name}: LLVM unrolls it as it chooses"
    if not runtime:
        what += ", never with a remainder loop for a trip count known only at run time"
    return Verdict(True, what + " (a hint: the meaning is unchanged)")


def unroll_hint(model: PolyhedralModel, loop: Loop, count: int, runtime: bool) -> None:
    """Set the unroll hint on the loop's ``llvm.loop_annotation`` (after a
    legal verdict); other hints already there are kept."""
    _set_hints(loop, ("unroll",), _unroll_wanted(count, runtime))


def _set_hints(loop: Loop, replaced: tuple[str, ...], wanted: LA.Fields) -> None:
    """The loop's annotation with its ``replaced`` fields now ``wanted``
    (the others kept); no annotation when nothing is left."""
    fields = {k: v for k, v in hints_of(loop).items() if k not in replaced}
    fields.update(wanted)
    if fields:
        loop.op.attributes[LA.LOOP_ATTR] = OpaqueAttr(LA.render(fields))
    else:
        loop.op.attributes.pop(LA.LOOP_ATTR, None)
