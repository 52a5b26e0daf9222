"""What may be done where: ``Schedule.legal_primitives`` lists ``Option``s,
each a primitive at some loops with parameters from its declaration's
domains and its verdict, and the options a refusal's hint suggests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...affine.legality import Verdict
from .errors import TransformError
from .primitives import REGISTRY, Call, Primitive
from .trace import Step

if TYPE_CHECKING:
    from ...affine.model import Loop
    from .handle import Schedule
    from .selection import LoopSpec


@dataclass
class Option:
    """A primitive that may be applied: its loops, parameters (as a trace
    step keeps them: ``step()`` is the step that applies it) and verdict."""

    primitive: str
    loops: list[str]
    params: dict[str, Any] = field(default_factory=dict)
    verdict: Verdict | None = None

    def step(self) -> Step:
        return Step(self.primitive, list(self.loops), dict(self.params))

    def __str__(self) -> str:
        args = [*self.loops, *(f"{k}={v}" for k, v in self.params.items())]
        ok = "" if self.verdict is None or self.verdict.ok else f"  [refused: {self.verdict.reason}]"
        return f"{self.primitive}({', '.join(args)}){ok}"


def legal_options(
    s: Schedule, loop: LoopSpec | None = None, include_illegal: bool = False, exhaustive: bool = False
) -> list[Option]:
    """``Schedule.legal_primitives``: the options at ``loop`` (everywhere if None)."""
    targets = [s.loop(loop)] if loop is not None else list(s.model.loops)
    prims = list(REGISTRY.values())
    where: list[tuple[Primitive, Loop | None]] = [(p, None) for p in prims if p.loops.kind == "nests"]
    where = where if loop is None else []
    where += [(p, lp) for lp in targets for p in prims if p.loops.kind in ("loop", "band")]
    where += [(p, None) for p in prims if p.loops.kind == "none"] if loop is None else []
    out: list[Option] = []
    seen: set[str] = set()
    for prim, at in where:
        if prim.candidates is None:
            continue
        for ls, ps in prim.candidates(s, at, exhaustive):
            for o in _with_hinted(s, option_at(s, prim, ls, ps)):
                key = o.step().__str__()
                if key not in seen and (include_illegal or (o.verdict is not None and o.verdict.ok)):
                    seen.add(key)
                    out.append(o)
    return out


def _with_hinted(s: Schedule, option: Option) -> list[Option]:
    """``option`` and, when refused with a hint, the options the hint suggests."""
    v = option.verdict
    out = [option]
    if v is None or v.ok or not v.hint:
        return out
    for q in REGISTRY.values():
        if q.from_hint is not None:
            out += [option_at(s, q, ls, ps) for ls, ps in q.from_hint(s, option, v.hint)]
    return out


def option_at(s: Schedule, prim: Primitive, loops: list[Loop], params: dict[str, Any]) -> Option:
    """``prim`` at ``loops`` with its verdict (a dry run on a copy when it has no verdict function)."""
    bound = prim.bind(params)
    try:
        if prim.verdict is not None:
            v = prim.verdict(Call(s, loops, bound))
        else:
            v = s.copy().run(prim.name, *([] if prim.loops.kind == "none" else [loops]), **params)
    except TransformError as e:
        v = Verdict(False, str(e))
    return Option(prim.name, [s.spec_of(x) for x in loops], prim.trace_params(bound), v)
