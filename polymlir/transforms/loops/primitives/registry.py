"""The primitive registry: what one declaration of a loop primitive holds.

A ``Primitive`` is declared once (``declare``) and read by everything that
used to spell it again: the schedule handle's method (a thin wrapper over
``Schedule.run``), trace replay, ``legal_primitives``, the CLI's flags, the
Python rendering of traces, and the tuner's search space
(``REGISTRY["tile"].params``: each ``Param`` has a kind, a default, a
``Domain`` of valid and candidate values and of the values a tuner
searches, a doc and a CLI flag).

No heavy imports here or in the declaration modules (the CLI builds its
flags from them at start-up): a declaration imports its implementation
module inside its functions.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ..errors import ArgumentError, TransformError
from ..trace import Step

if TYPE_CHECKING:  # annotations only: the handle and the model load islpy
    from ....affine.legality import Verdict
    from ....affine.model import Loop, PolyhedralModel
    from ..handle import Schedule


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()

Kind = Literal["int", "ints", "bool", "str", "strs", "matrix", "groups"]


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True)
class Domain:
    """The values a parameter may take (``low``/``high`` bound the valid ones,
    ``rule`` says what else must hold) and the ones a search tries:
    ``choices`` (all candidates), ``typical`` (the one ``legal_primitives``
    tries by default).

    The tuning domain (what ``polymlir.tune`` searches, ``tuning()``) is
    ``search`` when declared, else the choices; ``search=()`` keeps the
    parameter out of the search (a value fixed by the machine or the
    program). ``ordered``: the values are ordered (neighbours perform
    alike: a sampler models them as numbers), else categorical.
    ``identity``: the searched value that leaves the program unchanged
    (unroll factor 1, tile size 0 = that loop untiled): a tuner then
    leaves the step out, or the loop out of the band."""

    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    typical: Any = None
    rule: str = ""
    search: tuple[Any, ...] | None = None
    ordered: bool = True
    identity: Any = UNSET

    def values(self, exhaustive: bool = False) -> tuple[Any, ...]:
        """The candidate values: every choice, or only the typical one."""
        if exhaustive and self.choices:
            return self.choices
        return (self.typical,) if self.typical is not None else self.choices[:1]

    def tuning(self) -> tuple[Any, ...]:
        """The values a tuner searches, in order (() when it does not search this parameter)."""
        return self.choices if self.search is None else self.search

    def is_identity(self, value: Any) -> bool:
        """Whether ``value`` is the declared identity (leaves the program unchanged)."""
        return self.identity is not UNSET and _is_default(value, self.identity)

    def admits(self, value: int) -> bool:
        """Whether an integer ``value`` is within the valid bounds."""
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


def powers_of_two(low: int, high: int) -> tuple[int, ...]:
    return tuple(1 << k for k in range(low.bit_length() - 1, high.bit_length()) if low <= 1 << k <= high)


@dataclass(frozen=True)
class Flag:
    """An argparse option of the primitive's CLI subcommand (spelling, help,
    and ``add_argument`` keywords)."""

    spelling: str
    help: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Param:
    """One parameter: ``name`` is the Schedule method's keyword, ``key`` the
    trace's (the same unless given); ``record`` says when the trace keeps it
    ("auto": when not the default nor empty, "always"). ``searched_when``
    (another parameter's name and values): a tuner searches this one only
    where that one takes one of the values, and leaves it at its default
    elsewhere (a vector width means nothing with vectorization off)."""

    name: str
    kind: Kind
    default: Any = REQUIRED
    domain: Domain = Domain()
    doc: str = ""
    key: str = ""
    record: Literal["auto", "always"] = "auto"
    flag: Flag | None = None
    coerce: Callable[[Any], Any] | None = None  # replaces the kind's check (e.g. a matrix given as text)
    nullable: bool = False  # None is a value of its own (not "the default")
    searched_when: tuple[str, tuple[Any, ...]] | None = None

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def trace_key(self) -> str:
        return self.key or self.name

    @property
    def tuned(self) -> bool:
        """Whether a tuner searches this parameter (its domain declares values to try)."""
        return bool(self.domain.tuning())


LoopKind = Literal["loop", "band", "nests", "none"]


@dataclass(frozen=True)
class Loops:
    """What loops a primitive takes: one ``loop``, a ``band`` (a list, in
    the order given), two ``nests`` or ``none``; ``arg`` names the method's
    argument(s), ``flag`` the CLI option."""

    kind: LoopKind
    arg: str = "loops"
    flag: Flag | None = None
    keyword: bool = False  # the method takes them after other arguments: render as keywords


@dataclass
class Call:
    """One application: the handle, the resolved loops and the checked
    parameters (by method keyword)."""

    schedule: Schedule
    loops: list[Loop]
    params: dict[str, Any]

    @property
    def model(self) -> PolyhedralModel:
        """The handle's model (analyzed on first use: linalg primitives need none)."""
        return self.schedule.model


@dataclass(frozen=True)
class Example:
    """A small program and steps (trace-step dicts) the primitive applies to."""

    text: str
    func: str
    steps: tuple[Mapping[str, Any], ...]


Candidate = tuple[list["Loop"], dict[str, Any]]
VerdictFn = Callable[[Call], "Verdict"]
ApplyFn = Callable[[Call], object]


@dataclass
class Primitive:
    """A loop primitive, declared once.

    ``verdict(call)`` is the exact dry run (None: ``apply`` decides and
    returns a Verdict, or ``outcome`` makes one of its result); ``apply(call)``
    changes the IR after a legal verdict (returning a refused Verdict leaves
    the IR unchanged); ``creates(call, new_loops)`` groups the loops it made
    (``Verdict.loops``) and names them from ``names=``; ``candidates(s, loop,
    exhaustive)`` yields parameters ``legal_primitives`` tries (``loop`` None:
    function-wide ones); ``from_hint(s, option, hint)`` turns another
    primitive's refusal hint into candidates of this one."""

    name: str
    doc: str
    loops: Loops
    params: tuple[Param, ...] = ()
    verdict: VerdictFn | None = None
    apply: ApplyFn | None = None
    creates: Callable[[Call, list[Loop]], dict[str, list[Loop]]] | None = None
    candidates: Callable[[Schedule, Loop | None, bool], Iterable[Candidate]] | None = None
    from_hint: Callable[[Schedule, Any, str], Iterable[Candidate]] | None = None
    outcome: Callable[[object], Verdict] | None = None
    record: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    replay: Callable[[Schedule, Step], Verdict] | None = None  # register_step: a hand-written replay
    example: Example | None = None

    @property
    def tuned_params(self) -> tuple[Param, ...]:
        """The parameters a tuner searches (``Domain.tuning``), in declaration order."""
        return tuple(p for p in self.params if p.tuned)

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name or p.trace_key == name:
                return p
        raise KeyError(name)

    # -- arguments ----------------------------------------------------------------------
    def bind(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Checked parameters by method keyword, defaults filled in
        (``ArgumentError`` for an unknown, missing or ill-typed one)."""
        known = {p.name for p in self.params}
        extra = [k for k in given if k not in known]
        if extra:
            raise ArgumentError(f"{self.name} has no parameter '{extra[0]}' (parameters: {', '.join(known) or 'none'})")
        out: dict[str, Any] = {}
        for p in self.params:
            v = given.get(p.name)
            if v is None and not (p.nullable and p.name in given):
                if p.required:
                    raise ArgumentError(f"{self.name} needs the parameter '{p.name}'")
                out[p.name] = p.default
                continue
            out[p.name] = v if v is None else p.coerce(v) if p.coerce else check_kind(self.name, p, v)
        return out

    def trace_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The parameters a trace step keeps (by trace key)."""
        if self.record is not None:
            return self.record(dict(params))
        out: dict[str, Any] = {}
        for p in self.params:
            v = params.get(p.name, p.default)
            if p.required or p.record == "always" or not _is_default(v, p.default):
                out[p.trace_key] = v
        return out

    def step_params(self, step: Step) -> dict[str, Any]:
        """A trace step's parameters by method keyword (defaults where absent)."""
        out: dict[str, Any] = {}
        for p in self.params:
            if p.trace_key in step.params:
                out[p.name] = step.params[p.trace_key]
            elif p.required:
                raise TransformError(f"trace step {step} is missing the parameter '{p.trace_key}'")
        return out

    def step_loops(self, step: Step) -> list[Any]:
        """The loop arguments of a trace step, as the method takes them."""
        kind = self.loops.kind
        if kind == "none":
            return []
        if kind == "band":
            return [list(step.loops)]
        n = 2 if kind == "nests" else 1
        if len(step.loops) < n:
            raise TransformError(f"trace step {step} needs {n} loop{'s' if n > 1 else ''}")
        return list(step.loops[:n])

    def call_arguments(self, step: Step, method: bool = True) -> tuple[list[Any], dict[str, Any]]:
        """The positional and keyword arguments for ``step`` of the Schedule
        method (of ``Schedule.run`` after the name when not ``method``)."""
        loops, params = self.step_loops(step), self.step_params(step)
        if not method:
            return loops, params
        if self.loops.keyword:
            names = self.loops.arg.split(",")
            return [], {**dict(zip(names, loops, strict=True)), **params}
        args = [*loops, *(params.pop(p.name) for p in self.params if p.required)]
        return args, params

    def python_call(self, step: Step, var: str = "s", method: bool = True) -> str:
        """``s.tile(['i', 'j'], [32, 32])``: the call that applies ``step``
        (``s.run('tile', ...)`` when the Schedule has no such method)."""
        if self.replay is not None:
            return f"{var}.apply_step(Step.from_dict({step.to_dict()!r}))"
        args, kwargs = self.call_arguments(step, method)
        text = [repr(a) for a in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
        if not method:
            return f"{var}.run({', '.join([repr(self.name), *text])})"
        return f"{var}.{self.name}({', '.join(text)})"

    def describe(self) -> str:
        """One line per parameter: name, kind, default, domain, doc."""
        lines = [f"{self.name}({self.loops.kind}): {self.doc}"]
        for p in self.params:
            d = p.domain
            dom = [f"{d.low}..{d.high if d.high is not None else ''}"] if d.low is not None else []
            dom += [f"choices {list(d.choices)}"] if d.choices else []
            dom += [f"searched {list(d.tuning())}"] if d.search is not None and d.search else []
            dom += ["not searched"] if d.search is not None and not d.search else []
            dom += [d.rule] if d.rule else []
            default = "required" if p.required else f"default {p.default!r}"
            lines.append(f"  {p.name}: {p.kind}, {default}{'; ' + ', '.join(dom) if dom else ''} -- {p.doc}")
        return "\n".join(lines)


def _is_default(v: Any, default: Any) -> bool:
    if v is None:
        return default is None
    if isinstance(v, (list, tuple)) and not v and not default:
        return True
    return v is default or (type(v) is type(default) and v == default)


def _is_int(v: Any) -> bool:
    return isinstance(v, numbers.Integral) and not isinstance(v, bool)


INT64 = 1 << 63  # IR integers (bounds, steps, attributes) are 64-bit


def _fits(where: str, v: Any) -> int:
    if not -INT64 <= int(v) < INT64:
        raise ArgumentError(f"{where} must fit in 64 bits, got {v!r}")
    return int(v)


def _ints(where: str, v: Any, what: str = "a list of integers") -> list[int]:
    if isinstance(v, (str, bytes)) or not isinstance(v, Sequence) or not all(_is_int(x) for x in v):
        raise ArgumentError(f"{where} must be {what}, got {v!r}")
    return [_fits(where, x) for x in v]


def check_kind(prim: str, p: Param, v: Any) -> Any:
    """``v`` checked against ``p``'s kind (and bounds), in its canonical form."""
    where = f"{prim}: parameter '{p.name}'"
    if p.kind == "int":
        if not _is_int(v):
            raise ArgumentError(f"{where} must be an integer, got {v!r}")
        return _fits(where, v)
    if p.kind == "ints":
        return _ints(where, v)
    if p.kind == "bool":
        if not isinstance(v, bool) and not (_is_int(v) and v in (0, 1)):
            raise ArgumentError(f"{where} must be True or False, got {v!r}")
        return bool(v)
    if p.kind == "str":
        if not isinstance(v, str):
            raise ArgumentError(f"{where} must be a string, got {v!r}")
        return v
    if p.kind == "strs":
        if isinstance(v, str) or not isinstance(v, Sequence) or not all(isinstance(x, str) for x in v):
            raise ArgumentError(f"{where} must be a list of strings, got {v!r}")
        return list(v)
    if p.kind in ("matrix", "groups"):
        if isinstance(v, str) or not isinstance(v, Sequence):
            raise ArgumentError(f"{where} must be a list of lists of integers, got {v!r}")
        return [_ints(where, row, "a list of lists of integers") for row in v]
    raise AssertionError(p.kind)


REGISTRY: dict[str, Primitive] = {}


def declare(prim: Primitive) -> Primitive:
    """Add ``prim`` to the registry (replacing one of the same name)."""
    for k, p in enumerate(prim.params):
        if p.searched_when is not None and p.searched_when[0] not in {q.name for q in prim.params[:k]}:
            # a tuner picks parameters in declaration order: the condition's must come first
            raise ValueError(f"{prim.name}.{p.name}: searched_when names no earlier parameter: {p.searched_when[0]}")
    REGISTRY[prim.name] = prim
    return prim
