"""Traces: the applied steps of a schedule, as short readable JSON.

A step is ``{"op": "tile", "loops": ["i", "j"], "sizes": [32, 32]}``: the
primitive, the loops it was applied to (source names, ``line:col`` or
``#position``, as they resolve at that point of the trace), and its
parameters. ``to_list(made=True)`` adds the loops each step made, by role,
as they are named right after it (``"made": {"tile": ["i_tile", "j_tile"],
"point": ["i", "j"]}``): the names a next step may use (``polymlir tile
--trace`` prints them; replay ignores them). A trace replays on the original module and gives the same
output; the CLI prints it with ``--trace``, the tuner stores it, and
``Trace.as_python`` writes it as a script of Schedule method calls.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import TransformError


@dataclass
class Step:
    op: str
    loops: list[str] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)
    made: dict[str, list[str]] = field(default_factory=dict, compare=False)  # loops made, by role

    def to_dict(self, made: bool = False) -> dict[str, Any]:
        out = {"op": self.op, "loops": list(self.loops), **self.params}
        if made and self.made:
            out["made"] = {k: list(v) for k, v in self.made.items()}
        return out

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Step:
        if not isinstance(d, dict) or "op" not in d:
            raise ValueError(f"a trace step must be an object with an 'op' key, got {d!r}")
        rest = {k: v for k, v in d.items() if k not in ("op", "loops", "made")}
        loops = d.get("loops", [])
        if isinstance(loops, str):
            loops = [loops]
        if not isinstance(loops, list):
            raise ValueError(f"a trace step's 'loops' must be a list of loops, got {loops!r}")
        made = d.get("made", {})
        if not isinstance(made, dict) or not all(isinstance(v, list) for v in made.values()):
            raise ValueError(f"a trace step's 'made' must map roles to lists of loops, got {made!r}")
        return Step(
            str(d["op"]), [str(lp) for lp in loops], rest, {str(k): [str(x) for x in v] for k, v in made.items()}
        )

    def __str__(self) -> str:
        args = [*self.loops, *(f"{k}={json.dumps(v)}" for k, v in self.params.items())]
        return f"{self.op}({', '.join(args)})"


@dataclass
class Trace:
    steps: list[Step] = field(default_factory=list)

    def append(self, step: Step) -> None:
        self.steps.append(step)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def to_list(self, made: bool = False) -> list[dict[str, Any]]:
        return [s.to_dict(made) for s in self.steps]

    def to_json(self, indent: int | None = None, made: bool = False) -> str:
        return json.dumps(self.to_list(made), indent=indent)

    @staticmethod
    def from_json(text: str) -> Trace:
        data = json.loads(text)
        if isinstance(data, dict):
            data = data.get("trace", data.get("steps"))
        if not isinstance(data, list):
            raise ValueError("a trace is a JSON list of steps")
        return Trace([Step.from_dict(d) for d in data])

    def __str__(self) -> str:
        return "; ".join(str(s) for s in self.steps) if self.steps else "(empty trace)"

    def as_python(self, func: str | None = None, module: str = "module") -> str:
        """A Python script that replays the trace: ``polymlir.schedule`` over
        ``func`` of ``module`` (a name the script expects bound to the parsed
        original) and one Schedule method call per step, stopping at a
        refused step with ``RuntimeError``, as ``replay`` stops."""
        from .handle import Schedule  # the declarations render the calls (import time: islpy)
        from .primitives import REGISTRY

        calls = []
        for step in self.steps:
            prim = REGISTRY.get(step.op)
            if prim is None:
                calls.append(f"s.apply_step(Step.from_dict({step.to_dict()!r}))")
            else:
                calls.append(prim.python_call(step, method=hasattr(Schedule, step.op)))
        uses_step = any(".apply_step(" in c for c in calls)
        lines = ["import polymlir", *(["from polymlir.transforms.loops.trace import Step"] if uses_step else [])]
        lines += [
            "",
            "",
            "def ok(v):",
            '    """Stop at a refused step (as replay does)."""',
            "    if not v.ok:",
            '        raise RuntimeError(f"refused: {v.reason}")',
            "",
            "",
            f"s = polymlir.schedule({module}, {func!r})",
            *(f"ok({c})" for c in calls),
        ]
        return "\n".join(lines) + "\n"


def load_trace(arg: str) -> Trace:
    """A trace from JSON text or from the file it names (a located-error
    ``TransformError`` when the file is missing or the JSON is not a trace)."""
    text = arg
    if not arg.lstrip().startswith(("[", "{")):
        try:
            with open(arg, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise TransformError(f"cannot read trace file '{arg}': {e.strerror}") from None
        except UnicodeDecodeError:
            raise TransformError(f"cannot read trace file '{arg}': not a text file") from None
    try:
        return Trace.from_json(text)
    except ValueError as e:  # json.JSONDecodeError is a ValueError
        raise TransformError(f"invalid trace: {e}") from None
