"""polymlir: read, analyze, transform and compile MLIR with exact polyhedral
analysis.

The public API for scripts::

    import polymlir
    module = polymlir.parse(text)            # -> builtin.module Operation
    polymlir.verify(module)
    print(polymlir.print_ir(module))
    engine = polymlir.compile(module)         # JIT (llvm-dialect input for now)
    engine.kernel(alpha, C, A)               # numpy arrays for memrefs
    study, best = polymlir.tune(module, "kernel", n_trials=50, storage="t.db")   # auto-tuning (polymlir[tune])
    s = polymlir.schedule(module, "kernel")  # loop transformations with exact legality
    v = s.tile(["i", "j"], [32, 32]); print(v, s.trace.to_json())
    model = polymlir.analyze(module.lookup("kernel"))   # the polyhedral model and dependences
    polymlir.run_pipeline(module, "builtin.module(canonicalize,cse)")
"""

from __future__ import annotations

import importlib as _importlib
from typing import TYPE_CHECKING

from .ir import registry as _registry

if TYPE_CHECKING:  # pragma: no cover
    from .ir.core import Block, Operation, Region, Value
    from .ir.diagnostics import DiagnosticError
    from .transforms.loops.errors import ArgumentError
    from .transforms.passes.manager import PassManager

__all__ = [
    "ArgumentError",
    "Block",
    "DiagnosticError",
    "Operation",
    "PassManager",
    "Region",
    "Value",
    "analyze",
    "compile",
    "parse",
    "parse_attribute",
    "parse_type",
    "print_ir",
    "register_library_call",
    "run_pipeline",
    "schedule",
    "tune",
    "verify",
]


# -- the composition root -------------------------------------------------------
# The IR is the bottom layer and cannot import what registers into it (the
# dialects, the passes) or the printer above it; this package root knows every
# part, so it installs the hooks through which the IR reaches them. Each hook
# imports its modules when first called: `import polymlir` stays cheap (start-up time).


def _load_dialects() -> None:
    _importlib.import_module(".dialects", __name__)  # every dialect module registers its ops


def _load_passes() -> None:
    import pkgutil  # only when passes are first looked up (start-up time)

    # Passes register themselves (`register_pass`) in the modules of these packages.
    for name in (".transforms", ".conversion", ".codegen"):
        pkg = _importlib.import_module(name, __name__)
        for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            _importlib.import_module(m.name)


def _print_op(op: Operation) -> str:
    from .printer import print_op  # the printer loads on first use (start-up time)

    return print_op(op)


_registry.install_hooks(load_dialects=_load_dialects, load_passes=_load_passes, print_op=_print_op)


def run_pipeline(module: Operation, pipeline: str):
    """Run a pass pipeline in upstream's syntax on ``module`` (in place), e.g.
    ``run_pipeline(m, "builtin.module(func.func(affine-loop-tile{tile-size=32}),canonicalize)")``;
    returns the pass context with the remarks."""
    from .transforms.passes.manager import PassManager as _PM  # every pass module loads on first use

    return _PM.parse(pipeline).run(module)


# Names of the API imported on first use (start-up time: `import polymlir`
# loads only the registry; the CLI's `--help` loads no IR at all).
_LAZY = {
    "Block": ".ir.core",
    "Operation": ".ir.core",
    "Region": ".ir.core",
    "Value": ".ir.core",
    "DiagnosticError": ".ir.diagnostics",
    "ArgumentError": ".transforms.loops.errors",  # a bad argument to a schedule primitive
    "PassManager": ".transforms.passes.manager",
}


def __getattr__(name: str):
    if name == "tune":  # the auto-tuner package, callable: polymlir.tune(module, func, n_trials=...)
        return _importlib.import_module(".tune", __name__)
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def schedule(module: Operation, func: str | None = None):
    """A schedule handle over ``func`` (see ``polymlir.transforms.loops.handle``):
    pick loops by name, ask verdicts, apply primitives, keep a replayable trace."""
    from .transforms.loops.handle import Schedule  # loads islpy: on first use (start-up time)

    return Schedule(module, func)


def analyze(func: Operation):
    """The polyhedral model of a function (statements, loops, exact dependences)."""
    from .affine.model import analyze as _analyze  # loads islpy: on first use (start-up time)

    return _analyze(func)


def parse(
    text: str, filename: str = "<string>", allow_unregistered: bool = False, verify: bool = True, strict: bool = False
) -> Operation:
    """Parse MLIR text into a module (verified unless ``verify=False``).

    Legacy (2019-2020) spellings (``func @f``, ``constant``, ``loop.for``,
    ``!llvm.i64``...) are upgraded to today's ops, each reported with Python's
    ``warnings.warn`` as a ``polymlir.parser.parser.LegacySyntaxWarning``
    whose text is the located diagnostic ("f.mlir:3:8: warning: 'constant' is
    the 2019 spelling of 'arith.constant'", source line, caret) and whose
    ``.diagnostic`` is the ``Diagnostic``; collect them with
    ``warnings.catch_warnings(record=True)``. ``strict=True`` rejects the
    first legacy spelling with a ``DiagnosticError`` instead."""
    from .parser.parser import parse_text  # the parser loads on first use (start-up time)
    from .verifier import verify as _verify  # start-up time

    module = parse_text(text, filename, allow_unregistered, strict)
    if verify:
        _verify(module)
    return module


def verify(op: Operation) -> None:
    """Verify ``op`` and its nested IR; raises DiagnosticError."""
    from .verifier import verify as _verify  # start-up time

    _verify(op)


def print_ir(op: Operation, generic: bool = False, debuginfo: bool = False) -> str:
    """MLIR text of ``op`` as upstream ``mlir-opt`` prints it."""
    from .printer import print_op  # start-up time

    return print_op(op, generic=generic, debuginfo=debuginfo)


def parse_type(text: str):
    """Parse one MLIR type, e.g. ``parse_type("memref<4x?xf32, 1>")``."""
    from .parser.parser import Parser  # start-up time

    p = Parser(text, "<type>")
    t = p.parse_type()
    if p.kind != "eof":
        p.error("unexpected text after the type")
    return t


def parse_attribute(text: str):
    """Parse one MLIR attribute, e.g. ``parse_attribute("dense<1> : tensor<2xi8>")``."""
    from .parser.parser import Parser  # start-up time

    p = Parser(text, "<attribute>")
    a = p.parse_attribute()
    if p.kind != "eof":
        p.error("unexpected text after the attribute")
    return a


def compile(module_or_text, opt_level: int = 3, cache: bool = True, library=None, threads: int | None = None):
    """JIT-compile a module for the host; returns an ``ExecutionEngine``
    (``engine.invoke("f", *args)`` or ``engine.f(*args)``, numpy arrays for
    memrefs). ``library={name: fn}`` implements library calls in Python
    (see ``polymlir.codegen.library``). ``threads``: how many threads the
    parallel loops run on (default ``POLYMLIR_NUM_THREADS`` or every usable
    core; 1: sequential). See ``polymlir.codegen.jit``."""
    from .codegen.jit import compile as _compile  # start-up time

    return _compile(module_or_text, opt_level=opt_level, cache=cache, library=library, threads=threads)


def register_library_call(name: str, fn) -> None:
    """Implement library function ``name`` (a linalg op's ``library_call``
    or mangled name; a final ``*`` makes it a prefix) by the Python callable
    ``fn`` in every later ``compile``: ``fn`` gets memrefs as numpy arrays
    viewing the program's memory, scalars as numbers."""
    from .codegen.library import register_library_call as _register  # loads the JIT: on first use

    _register(name, fn)
