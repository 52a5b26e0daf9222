"""The transform dialect interpreter: runs a transform schedule (a
``transform.named_sequence``) over a payload module.

Handles map transform values to lists of payload ops, parameters to lists
of attributes. Each transform op is executed by a handler registered for
its name (``register_handler``); an op without a handler is refused with
"transform op 'X' is not supported by polymlir's interpreter" before
anything runs, so a schedule either runs whole or not at all.

Failures come in upstream's two kinds: a ``SilenceableFailure`` (a match
that did not match; a matcher sequence reports "no match" with it, and a
``failures(suppress)`` sequence swallows it) and a definite error (a
located ``DiagnosticError``) that stops the interpreter."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from ...dialects.transform import ApplyPatternsOp, NamedSequenceOp, YieldOp, is_param_type
from ...ir import attributes as A
from ...ir import types as T
from ...ir.core import Block, Operation, Value
from ...ir.diagnostics import Diagnostic, DiagnosticError

ENTRY_POINT = "__transform_main"

Handler = Callable[["Interpreter", Operation], None]
_HANDLERS: dict[str, Handler] = {}


def register_handler(*names: str) -> Callable[[Handler], Handler]:
    """Register ``fn(interp, op)`` as the handler of the transform ops
    ``names``; it reads its operands with ``interp.payload``/``interp.params``
    and binds its results with ``interp.set_payload``/``interp.set_params``."""

    def deco(fn: Handler) -> Handler:
        for n in names:
            _HANDLERS[n] = fn
        return fn

    return deco


# fn(payload op, max_iterations, max_num_rewrites); -1 = no limit given.
PatternFn = Callable[[Operation, int, int], object]
_PATTERNS: dict[str, PatternFn] = {}


def register_patterns(name: str, fn: PatternFn) -> None:
    """Register ``fn(payload_op, max_iterations, max_num_rewrites)`` as what
    the pattern descriptor ``name`` (an op nested in
    ``transform.apply_patterns``) applies."""
    _PATTERNS[name] = fn


def patterns_for(name: str) -> PatternFn | None:
    return _PATTERNS.get(name)


def handler_for(name: str) -> Handler | None:
    return _HANDLERS.get(name)


def supported_ops() -> frozenset[str]:
    return frozenset(_HANDLERS)


class SilenceableFailure(Exception):
    """A recoverable failure of a transform op (upstream's silenceable
    error): ``op`` is the transform op; ``note`` at ``payload`` (the op it
    failed on) is attached when the failure becomes an error."""

    def __init__(self, op: Operation, message: str, payload: Operation | None = None, note: str = ""):
        super().__init__(message)
        self.op = op
        self.message = message
        self.payload = payload
        self.note = note

    def as_error(self) -> DiagnosticError:
        err = self.op.emit_error(self.message)
        if self.payload is not None and self.note:
            err.attach_note(self.note, self.payload.loc)
        return err


def unsupported_error(op: Operation) -> DiagnosticError:
    return op.emit_error(f"transform op '{op.name}' is not supported by polymlir's interpreter")


# -- finding schedules --------------------------------------------------------------


def named_sequences(root: Operation) -> dict[str, Operation]:
    """Every ``transform.named_sequence`` in ``root``, by name (the first
    one of a name wins, as upstream's lookup does)."""
    found: dict[str, Operation] = {}
    for op in root.walk(post_order=False):
        if isinstance(op, NamedSequenceOp):
            found.setdefault(op.prop("sym_name", A.StringAttr).value, op)
    return found


def find_entry(root: Operation, entry: str = ENTRY_POINT) -> Operation | None:
    return named_sequences(root).get(entry)


def _symbols_used(op: Operation) -> Iterator[str]:
    for v in op.props.values():
        items = v if isinstance(v, A.ArrayAttr) else (v,)
        for a in items:
            if isinstance(a, A.SymbolRefAttr):
                yield a.root


def reachable_ops(root: Operation, entry: Operation) -> list[Operation]:
    """The transform ops the interpreter may execute from ``entry``: its
    body and the bodies of the sequences it names (include, matchers,
    actions), each once."""
    seqs = named_sequences(root)
    seen: set[int] = set()
    out: list[Operation] = []
    todo = [entry]
    while todo:
        seq = todo.pop()
        if id(seq) in seen:
            continue
        seen.add(id(seq))
        for op in seq.walk(post_order=False):
            if op is seq:
                continue
            out.append(op)
            for name in _symbols_used(op):
                if name in seqs:
                    todo.append(seqs[name])
    return out


def unsupported_ops(root: Operation, entry: Operation) -> list[Operation]:
    """The reachable transform ops that have no handler, in schedule order.
    Pattern descriptors inside ``apply_patterns`` count as ops here."""
    out = []
    for op in reachable_ops(root, entry):
        if isinstance(op, YieldOp):  # run_block's own business
            continue
        parent = op.parent_op
        in_patterns = isinstance(parent, ApplyPatternsOp)
        if op.name not in (_PATTERNS if in_patterns else _HANDLERS):
            out.append(op)
    return out


# -- the interpreter ----------------------------------------------------------------


@dataclass
class Interpreter:
    """The state of one interpreter run over the payload ``root``."""

    root: Operation
    schedule_root: Operation
    handles: dict[Value, list[Operation]] = field(default_factory=dict)
    param_values: dict[Value, list[A.Attribute]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _sequences: dict[str, Operation] = field(default_factory=dict)
    current: Operation | None = None  # the transform op being executed

    def __post_init__(self) -> None:
        self._sequences = named_sequences(self.schedule_root)

    # -- handles ------------------------------------------------------------------
    def payload(self, v: Value) -> list[Operation]:
        """The payload ops of handle ``v``; a definite error if one of them
        was erased by an earlier transform (upstream invalidates the handle)."""
        ops = self.handles.get(v)
        if ops is None:
            if v in self.param_values:
                raise DiagnosticError("expected a handle to payload ops, got a parameter", self._loc())
            raise DiagnosticError("use of a transform value that is not associated with payload", self._loc())
        for op in ops:
            if not self.is_live(op):
                raise DiagnosticError(
                    "op uses a handle invalidated by a previously executed transform op",
                    self._loc(),
                )
        return ops

    def params(self, v: Value) -> list[A.Attribute]:
        ps = self.param_values.get(v)
        if ps is None:
            raise DiagnosticError("expected a transform parameter", self._loc())
        return ps

    def set_payload(self, v: Value, ops: Iterable[Operation]) -> None:
        self.handles[v] = list(ops)

    def set_params(self, v: Value, attrs: Iterable[A.Attribute]) -> None:
        self.param_values[v] = list(attrs)

    def bind(self, v: Value, values: list) -> None:
        """Bind ``v`` to payload ops or to parameters by its type."""
        if is_param_type(v.type):
            self.set_params(v, values)
        else:
            self.set_payload(v, values)

    def value_of(self, v: Value) -> list:
        return self.params(v) if is_param_type(v.type) else self.payload(v)

    def is_live(self, op: Operation) -> bool:
        """Whether ``op`` is still in the payload (not erased or detached)."""
        return op is self.root or self.root.is_proper_ancestor_of(op)

    def _loc(self):
        return self.current.loc if self.current is not None else None

    def remark(self, loc, message: str) -> None:
        self.diagnostics.append(Diagnostic("remark", message, loc))

    def sequence(self, op: Operation, name: str) -> Operation:
        seq = self._sequences.get(name)
        if seq is None:
            raise op.emit_error(f"unknown named sequence '@{name}'")
        return seq

    # -- execution ----------------------------------------------------------------
    def run_block(self, block: Block, args: list[list]) -> list[list]:
        """Run ``block`` with its arguments bound to ``args``; returns what
        its ``transform.yield`` yields. Raises SilenceableFailure."""
        for a, vals in zip(block.arguments, args, strict=True):
            self.bind(a, vals)
        for op in list(block.operations):
            if isinstance(op, YieldOp):
                return [self.value_of(v) for v in op.operands]
            self.execute(op)
        return []

    def execute(self, op: Operation) -> None:
        h = _HANDLERS.get(op.name)
        if h is None:
            raise unsupported_error(op)
        self.current = op
        h(self, op)

    def call(self, seq: Operation, args: list[list]) -> list[list]:
        """Apply the named sequence ``seq`` to ``args``."""
        if not seq.regions[0].blocks:
            raise seq.emit_error(
                f"cannot apply the external named sequence '@{seq.prop('sym_name', A.StringAttr).value}'"
            )
        return self.run_block(seq.regions[0].blocks[0], args)


def apply_schedule(
    root: Operation, entry_point: str = ENTRY_POINT, schedule_root: Operation | None = None
) -> list[Diagnostic]:
    """Run the named sequence ``entry_point`` (found in ``schedule_root``,
    by default ``root``) on the payload ``root``; returns the remarks the
    schedule emitted. Raises a located DiagnosticError when the schedule is
    missing, uses an op polymlir cannot interpret, or fails."""
    sroot = schedule_root if schedule_root is not None else root
    entry = find_entry(sroot, entry_point)
    if entry is None:
        raise DiagnosticError(f"could not find a nested named sequence with name: {entry_point}", root.loc)
    missing = unsupported_ops(sroot, entry)
    if missing:
        raise unsupported_error(missing[0])
    ft = T.of_kind(entry.prop("function_type", A.TypeAttr).value, T.FunctionType)
    if len(ft.inputs) != 1:
        raise entry.emit_error("expected the entry point to take one handle to the payload root")
    interp = Interpreter(root, sroot)
    try:
        interp.call(entry, [[root]])
    except SilenceableFailure as f:
        raise f.as_error() from None
    return interp.diagnostics
