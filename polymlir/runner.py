"""``polymlir run``: like upstream's ``mlir-runner``: lower a module at any
level with polymlir's own passes, JIT it, call the entry function, and print
its result (for a non-void entry) as mlir-runner does."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from .dialects.func import FuncOp
from .dialects.llvm.symbols import LLVMFuncOp
from .ir.diagnostics import DiagnosticError

if TYPE_CHECKING:
    from .ir.core import Operation

RESULT_KINDS = ("void", "i32", "i64", "f32", "f64")


def format_result(value, kind: str) -> str:
    if kind in ("f32", "f64"):
        return f"{float(value):e}"
    return str(int(value))


def run(
    text: str, filename: str, entry: str = "main", result: str = "void", opt_level: int = 2, threads: int | None = None
) -> int:
    """Compile (parallel loops on ``threads`` threads, default: every core)
    and call ``entry``; returns the process exit status."""
    from .codegen.jit import compile as jit_compile  # start-up time
    from .parser.parser import parse_source  # start-up time
    from .transforms.linalg.pack_lowering import lower_pack_unpack  # start-up time
    from .transforms.transform_interp.passes import apply_or_erase_schedule  # start-up time
    from .verifier import verify  # start-up time

    module = parse_source(text, filename)
    verify(module)
    check_entry(module, entry)
    for d in apply_or_erase_schedule(module):
        print(d.render(), file=sys.stderr)
    # Upstream cannot bufferize pack/unpack; polymlir lowers them on tensors first.
    lower_pack_unpack(module)
    engine = jit_compile(module, opt_level=opt_level, cache=False, threads=threads)
    value = engine.invoke(entry)
    sys.stdout.flush()
    if result != "void":
        if value is None:
            raise DiagnosticError(f"entry '@{entry}' returns nothing, but --entry-point-result={result} was given")
        sys.stdout.write(format_result(value, result) + "\n")
    sys.stdout.flush()
    return 0


def check_entry(module: Operation, entry: str) -> None:
    """As mlir-runner: the entry point is a function defined in ``module``
    that takes no arguments (a usage error, or one located at it, otherwise)."""
    funcs = [op for op in module.walk(post_order=False) if isinstance(op, (FuncOp, LLVMFuncOp))]
    names = [str(getattr(op.get_attr("sym_name"), "value", "")) for op in funcs]
    if entry not in names:
        known = ", ".join(n for n, op in zip(names, funcs, strict=True) if op.regions and op.regions[0].blocks)
        raise DiagnosticError(f"entry point '@{entry}' not found (functions: {known or 'none'}): name it with --entry")
    op = funcs[names.index(entry)]
    if not (op.regions and op.regions[0].blocks):
        raise DiagnosticError(f"entry point '@{entry}' is only declared, not defined", op.loc)
    n = len(op.regions[0].blocks[0].arguments)
    if n:
        raise DiagnosticError(
            f"entry point '@{entry}' takes {n} argument{'s' if n > 1 else ''}; polymlir run calls it with none "
            "(as mlir-runner): call it from a @main without arguments",
            op.loc,
        )
