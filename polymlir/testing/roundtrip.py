"""``verify_trace_roundtrip``: a trace check for loop primitives (the
registry's examples use it): apply steps through the Schedule API, then the
trace's JSON and its Python script must reproduce the IR byte for byte."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..parser.parser import parse_text
from ..printer import print_op
from ..transforms.loops.handle import Schedule, replay
from ..transforms.loops.primitives import REGISTRY
from ..transforms.loops.trace import Step, Trace
from ..verifier import verify

FILENAME = "roundtrip.mlir"


def _parse(text: str):
    return parse_text(text, FILENAME)


def verify_trace_roundtrip(module_text: str, func: str | None, steps: Sequence[Step | Mapping[str, Any]]) -> str:
    """Apply ``steps`` (trace steps or their dicts) through the Schedule
    methods (each must be legal), then check that to_json -> from_json ->
    replay on the original, and ``Trace.as_python`` exec'd on the original,
    give byte-identical IR; returns that IR (AssertionError on a mismatch)."""
    s = Schedule(_parse(module_text), func)
    for given in steps:
        step = given if isinstance(given, Step) else Step.from_dict(dict(given))
        method = hasattr(Schedule, step.op)
        args, kwargs = REGISTRY[step.op].call_arguments(step, method)
        v = getattr(s, step.op)(*args, **kwargs) if method else s.run(step.op, *args, **kwargs)
        if not v.ok:
            raise AssertionError(f"step {step} was refused: {v.reason}")
    verify(s.module)
    want = print_op(s.module)
    text = s.trace.to_json()
    again = Trace.from_json(text)
    if again.to_json() != text:
        raise AssertionError(f"the trace JSON does not round-trip: {text} -> {again.to_json()}")
    replayed = print_op(replay(_parse(module_text), again, func).module)
    if replayed != want:
        raise AssertionError(f"replaying {text} gives other IR:\n{replayed}\nexpected:\n{want}")
    namespace: dict[str, Any] = {"module": _parse(module_text)}
    script = s.trace.as_python(func)
    exec(compile(script, "<as_python>", "exec"), namespace)
    scripted = print_op(namespace["s"].module)
    if scripted != want:
        raise AssertionError(f"the script\n{script}\ngives other IR:\n{scripted}\nexpected:\n{want}")
    return want
