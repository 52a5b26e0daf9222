"""The ``polymlir`` command line: ``polymlir opt``, and the other tools as
they land. Bad input gives ``file:line:col: error: ...`` with the source line
and a caret, and exit status 1; a bad argument (a flag's value, a file that
cannot be read or written) ``polymlir <command>: error: ...``, exit status 1
too, as mlir-opt's. Exit status 2 is an internal error (a bug), reported in
one line; a Python traceback only with ``--debug``.
"""

from __future__ import annotations

# Each subcommand imports what it runs when it runs (the lines marked "start-up
# time"): `polymlir --help` and argument errors answer without loading the
# parser, the dialects, islpy or LLVM.
import argparse
import contextlib
import gc
import json
import re
import sys
import time
from collections.abc import Callable, Sequence

from .cli_loops import COMMANDS as LOOP_COMMANDS
from .cli_loops import add_commands as add_loop_commands
from .cli_loops import render_error
from .cli_loops import run_command as run_loop_command
from .ir.diagnostics import Diagnostic, DiagnosticError, register_source, verify_diagnostics
from .tune.cli import add_command as add_tune_command
from .tune.cli import run_command as run_tune_command

SPLIT_MARKER = re.compile(r"^// -----[ \t]*$", re.M)
INTERNAL_ERROR = 2  # the exit status of an internal error; every user error exits 1


def _read_input(path: str) -> tuple[str, str]:
    if path == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            return f.read(), path
    except OSError as e:
        raise DiagnosticError(f"cannot open input file '{path}': {e.strerror}") from None


class ArgumentParser(argparse.ArgumentParser):
    """argparse with usage errors exiting 1, as every user error does (and
    mlir-opt's): exit status 2 stays the internal error's."""

    def error(self, message: str):  # argparse's NoReturn: self.exit does not return
        self.print_usage(sys.stderr)
        self.exit(1, f"{self.prog}: error: {message}\n")


def split_chunks(text: str, split: bool) -> list[tuple[str, int]]:
    """The buffer, or its ``// -----`` chunks, with their line offsets."""
    if not split:
        return [(text, 0)]
    chunks = []
    pos = 0
    line = 0
    for m in SPLIT_MARKER.finditer(text):
        chunk = text[pos : m.start()]
        chunks.append((chunk, line))
        line += chunk.count("\n") + 1
        pos = m.end() + 1
    chunks.append((text[pos:], line))
    return chunks


def _parse(chunk: str, filename: str, line_offset: int, args, diags: list[Diagnostic] | None):
    """``parse_source`` with the legacy spellings reported: as warnings (to
    ``diags`` when given, else to stderr, even when the parse fails), as an
    error under ``--strict-syntax``."""
    from .parser.parser import parse_source  # start-up time

    warnings: list[Diagnostic] = diags if diags is not None else []
    strict = "--strict-syntax" if getattr(args, "strict_syntax", False) else None
    try:
        return parse_source(chunk, filename, args.allow_unregistered_dialect, line_offset, warnings, strict)
    finally:
        if diags is None:
            for w in warnings:
                print(w.render(), file=sys.stderr)


def _process_chunk(
    chunk: str, filename: str, line_offset: int, args, transform: Callable | None, diags: list[Diagnostic] | None = None
) -> str:
    """Parse, verify, transform and print one chunk. Non-fatal diagnostics
    (remarks, warnings) go to ``diags`` when given, else to stderr."""
    from .printer import print_op  # start-up time
    from .verifier import verify  # start-up time

    if getattr(args, "freeze_ir", False):
        # A one-shot process: move the new IR out of the cyclic collector's
        # reach before any collection sees it (the collector stays off from
        # parsing to freezing). Collections during verification and printing
        # then skip it, and so does the collection at interpreter exit, which
        # would otherwise traverse and free the whole IR object by object
        # (about as long as parsing it). The frozen IR lives until the
        # process ends.
        gc.disable()
        try:
            module = _parse(chunk, filename, line_offset, args, diags)
        finally:
            gc.freeze()
            gc.enable()
    else:
        module = _parse(chunk, filename, line_offset, args, diags)
    verify(module)
    if transform is not None:
        emitted = transform(module)
        verify(module)
        for d in emitted or ():
            if diags is not None:
                diags.append(d)
            else:
                print(d.render(), file=sys.stderr)
    return print_op(
        module,
        generic=args.mlir_print_op_generic,
        debuginfo=args.mlir_print_debuginfo,
        local_scope=args.mlir_print_local_scope,
    )


def run_opt_like(args, transform: Callable | None = None) -> int:
    """Parse, verify, optionally transform, and print each input chunk."""
    text, filename = _read_input(args.input)
    outputs: list[str] = []
    failed = False
    for chunk, offset in split_chunks(text, args.split_input_file):
        if args.verify_diagnostics:
            register_source(filename, text)
            diags: list[Diagnostic] = []
            try:
                outputs.append(_process_chunk(chunk, filename, offset, args, transform, diags))
            except DiagnosticError as e:
                diags.append(e.diagnostic)
            register_source(filename, text)
            padded = "\n" * offset + chunk
            problems = verify_diagnostics(padded, filename, diags)
            for p in problems:
                print(p, file=sys.stderr)
            failed |= bool(problems)
            continue
        try:
            outputs.append(_process_chunk(chunk, filename, offset, args, transform))
        except DiagnosticError as e:
            register_source(filename, text)
            print(render_error(e.diagnostic, "opt"), file=sys.stderr)
            failed = True
    if failed:
        return 1
    # As mlir-opt: each chunk's module, a blank line, and the chunks
    # separated by `// -----` lines.
    result = "// -----\n".join(o + "\n" for o in outputs)
    write_output(args.output, result)
    return 0


def write_output(path: str | None, text: str) -> None:
    """``text`` to the file ``path`` (stdout for None or ``-``); a file that
    cannot be written is a clean error, as mlir-opt's."""
    if not path or path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise DiagnosticError(f"cannot open output file '{path}': {e.strerror}") from None


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("input", nargs="?", default="-", help="input file ('-' for stdin)")
    p.add_argument("-o", dest="output", default=None, help="output file")
    p.add_argument("--mlir-print-op-generic", action="store_true", help="print ops in generic form")
    p.add_argument("--allow-unregistered-dialect", action="store_true", help="accept ops of unknown dialects")
    p.add_argument("--split-input-file", action="store_true", help="process '// -----' chunks separately")
    p.add_argument("--verify-diagnostics", action="store_true", help="check expected-* annotations")
    p.add_argument("--mlir-print-debuginfo", action="store_true", help="print locations")
    p.add_argument(
        "--mlir-print-local-scope", action="store_true", help="print attributes and types inline, without aliases"
    )
    p.add_argument("--debug", action="store_true", help="show Python tracebacks of internal errors")


# `polymlir opt`'s own boolean flags: llvm::cl also takes `-flag=true|false|1|0`.
_OPT_BOOL_FLAGS = frozenset(
    {
        "mlir-print-op-generic",
        "allow-unregistered-dialect",
        "split-input-file",
        "verify-diagnostics",
        "mlir-print-debuginfo",
        "mlir-print-local-scope",
        "debug",
        "list-passes",
        "strict-syntax",
        "mlir-disable-threading",
        "verify-each",
    }
)


def mlir_opt_spelling(args: list[str]) -> list[str]:
    """``polymlir opt``'s arguments spelt as argparse reads them, from any
    spelling llvm::cl accepts: single-dash long flags (``-split-input-file``,
    ``-affine-loop-tile=tile-size=32``) get two dashes, ``-o=FILE`` is
    ``-o FILE``, and a boolean flag given a value (``--verify-each=false``)
    is the flag or nothing. ``-`` (stdin) and ``-o`` stay as they are."""
    out: list[str] = []
    for a in args:
        if a.startswith("-o="):
            out += ["-o", a[3:]]
            continue
        if len(a) > 2 and a[0] == "-" and a[1] != "-":
            a = "-" + a
        if a.startswith("--"):
            name, eq, value = a[2:].partition("=")
            if eq and name in _OPT_BOOL_FLAGS:
                if value in ("false", "False", "FALSE", "0"):
                    continue
                if name == "verify-diagnostics" and value in ("all", ""):
                    value = "true"  # upstream's default: every diagnostic checked
                if value in ("", "true", "True", "TRUE", "1"):
                    a = "--" + name
        out.append(a)
    return out


def build_parser() -> argparse.ArgumentParser:
    ap = ArgumentParser(prog="polymlir", description="Polyhedral optimization toolkit for MLIR.")
    sub = ap.add_subparsers(dest="command", required=True)
    add_loop_commands(sub)
    add_tune_command(sub)
    opt = sub.add_parser("opt", help="parse, verify, transform and print MLIR", allow_abbrev=False)
    _add_common(opt)
    opt.add_argument("--list-passes", action="store_true", help="list the passes with their options and exit")
    opt.add_argument(
        "--pass-remarks-missed",
        "--remarks-filter-missed",
        "--remarks-filter",
        dest="remarks_missed",
        metavar="REGEX",
        default=None,
        help="print the remarks of passes whose name matches REGEX where they decline to transform "
        "(polymlir's own remarks; upstream emits none, so none are printed by default)",
    )
    opt.add_argument("--mlir-disable-threading", action="store_true", help="accepted for mlir-opt compatibility")
    opt.add_argument("--verify-each", action="store_true", help="verify after each pass (always done)")
    opt.add_argument(
        "--strict-syntax",
        action="store_true",
        help="reject legacy (2019-2020) spellings instead of upgrading them with a warning",
    )
    deps = sub.add_parser("deps", help="dependences and parallel loops of affine code")
    deps.add_argument("inputs", nargs="+", help="input files ('-' for stdin)")
    deps.add_argument("--func", default=None, help="only this function")
    deps.add_argument("--format", choices=("text", "json"), default="text")
    deps.add_argument("--allow-unregistered-dialect", action="store_true")
    deps.add_argument("--time", action="store_true", help="report the total analysis time on stderr")
    deps.add_argument("--debug", action="store_true")
    run = sub.add_parser("run", help="lower, JIT and run a module (like mlir-runner)")
    run.add_argument("input", nargs="?", default="-", help="input file ('-' for stdin)")
    run.add_argument("--entry", "-e", default="main", help="entry function (default: main)")
    run.add_argument("--entry-point-result", default="void", choices=("void", "i32", "i64", "f32", "f64"))
    run.add_argument("-O", dest="opt_level", type=int, default=2, choices=(0, 1, 2, 3))
    run.add_argument("--debug", action="store_true")
    tr = sub.add_parser("translate", help="translate llvm-dialect MLIR to LLVM IR")
    tr.add_argument("input", nargs="?", default="-", help="input file ('-' for stdin)")
    tr.add_argument("-o", dest="output", default=None, help="output file")
    tr.add_argument("--mlir-to-llvmir", action="store_true", required=True, help="llvm dialect -> LLVM IR")
    tr.add_argument("--allow-unregistered-dialect", action="store_true")
    tr.add_argument("--debug", action="store_true")
    for name in ("run", *LOOP_COMMANDS):  # the subcommands that JIT (loop commands with --bench)
        sub.choices[name].add_argument(
            "--threads",
            type=_thread_count,
            default=None,
            metavar="N",
            help="run parallel loops on N threads (default: POLYMLIR_NUM_THREADS or every core)",
        )
    return ap


def _thread_count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, not {text!r}")
    return n


def run_translate(args) -> int:
    """``polymlir translate --mlir-to-llvmir FILE [-o OUT]``."""
    from .codegen.llvm_ir import translate_to_llvm_ir  # start-up time
    from .parser.parser import parse_source  # start-up time
    from .verifier import verify  # start-up time

    text, filename = _read_input(args.input)
    register_source(filename, text)
    module = parse_source(text, filename, args.allow_unregistered_dialect)
    verify(module)
    write_output(args.output, translate_to_llvm_ir(module))
    return 0


def run_deps(args) -> int:
    """``polymlir deps``: one report per input (JSON: one object, or a list
    of objects for several inputs)."""

    from .affine.report import module_report, render_text  # start-up time
    from .parser.parser import parse_source  # start-up time
    from .verifier import verify  # start-up time

    t0 = time.perf_counter()
    reports = []
    for path in args.inputs:
        text, filename = _read_input(path)
        module = parse_source(text, filename, args.allow_unregistered_dialect)
        verify(module)
        rep = module_report(module, args.func)
        if args.func is not None and not rep["functions"]:
            raise DiagnosticError(f"no function named '{args.func}' in {filename}")
        reports.append(rep)
    if args.format == "json":
        sys.stdout.write(json.dumps(reports[0] if len(reports) == 1 else reports, indent=2) + "\n")
    else:
        sys.stdout.write("".join(render_text(r) for r in reports))
    if args.time:
        print(f"analysis of {len(reports)} file(s): {time.perf_counter() - t0:.3f} s", file=sys.stderr)
    return 0


_HELD = "--polymlir-held-flag-"  # stands for one pass flag while argparse runs


def hold_pass_flags(argv: list[str]) -> tuple[list[str], list[str]]:
    """``argv`` with every pass flag whose value has a space
    (``--pass-pipeline='...{a=1 b=2}'``, ``--affine-loop-tile="tile-sizes=4,4 separate"``)
    and every ``--pass-pipeline VALUE`` pair replaced by a placeholder, and
    the held flags in order. argparse takes an argument that starts with
    ``-`` but contains a space for a positional one, and the value after a
    bare ``--pass-pipeline`` for the input file."""
    out: list[str] = []
    held: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        i += 1
        if a in ("--pass-pipeline", "-pass-pipeline") and i < len(argv):
            a, i = f"--pass-pipeline={argv[i]}", i + 1
        elif not (a.startswith("-") and any(c.isspace() for c in a)):
            out.append(a)
            continue
        out.append(f"{_HELD}{len(held)}")
        held.append(a)
    return out, held


def release_pass_flags(flags: list[str], held: list[str]) -> list[str]:
    """``flags`` with the placeholders of `hold_pass_flags` put back."""
    return [held[int(f[len(_HELD) :])] if f.startswith(_HELD) else f for f in flags]


def pipeline_from_flags(flags: list[str], remarks_missed: re.Pattern[str] | None = None):
    """A PassManager from ``--pass-name[=options]`` / ``--pass-pipeline=...``
    flags in command-line order (None when there are none); a flag that is
    no pass is an unknown command-line argument. The passes' remarks where
    they decline are kept for the passes ``remarks_missed`` matches (by
    default for none, as upstream emits none)."""
    from .transforms.passes.manager import pipeline_from_flags as from_flags  # start-up time

    return from_flags(flags, remarks_missed)


def remarks_filter(regex: str | None) -> re.Pattern[str] | None:
    """``--pass-remarks-missed=REGEX`` compiled (None when not given)."""
    if regex is None:
        return None
    try:
        return re.compile(regex)
    except re.error as e:
        raise DiagnosticError(f"invalid regular expression '{regex}' for --pass-remarks-missed: {e}") from None


@contextlib.contextmanager
def recursion_limit(limit: int):
    """Deeply nested IR recurses deeply in the parser, verifier and printer:
    a higher recursion limit while a command runs, restored afterwards so
    that a caller running ``main`` in-process keeps its own."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def main(argv: Sequence[str] | None = None) -> int:
    with recursion_limit(20000):
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    as_program = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["opt"]:
        argv = ["opt", *mlir_opt_spelling(argv[1:])]
    ap = build_parser()
    argv, held = hold_pass_flags(argv)
    args, unknown = ap.parse_known_args(argv)
    unknown = release_pass_flags(unknown, held)
    # Freeze parsed IR only when main() is the program (console script or
    # `python -m polymlir`), not when a caller runs it in-process.
    args.freeze_ir = as_program
    debug = getattr(args, "debug", False)
    try:
        if args.command == "opt":
            if args.list_passes:
                from .transforms.passes.manager import describe_passes  # start-up time

                sys.stdout.write(describe_passes())
                return 0
            pm = pipeline_from_flags(unknown, remarks_filter(args.remarks_missed))
            transform = (lambda m: pm.run(m).diagnostics) if pm is not None else None
            return run_opt_like(args, transform)
        if unknown:
            sub_parser(ap, args.command).error(f"unrecognized arguments: {' '.join(unknown)}")
        if args.command in LOOP_COMMANDS:
            from .codegen.parallel_runtime import threads_default  # reaches --bench's compiles (start-up time)

            with threads_default(args.threads):
                return run_loop_command(args, _read_input)
        if args.command == "tune":
            return run_tune_command(args)
        if args.command == "deps":
            return run_deps(args)
        if args.command == "run":
            from .runner import run as run_module  # start-up time

            text, filename = _read_input(args.input)
            return run_module(text, filename, args.entry, args.entry_point_result, args.opt_level, args.threads)
        if args.command == "translate":
            return run_translate(args)
        ap.error(f"unknown command {args.command}")
    except DiagnosticError as e:
        print(render_error(e.diagnostic, args.command), file=sys.stderr)
        return 1
    except (KeyboardInterrupt, BrokenPipeError):
        return 1
    except SystemExit:
        raise
    except Exception as e:  # an internal error: report it, never a traceback
        if debug:
            raise
        print(
            f"polymlir: internal error: {type(e).__name__}: {e} (rerun with --debug for a traceback)", file=sys.stderr
        )
        return INTERNAL_ERROR
    return 0


def sub_parser(ap: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of subcommand ``command`` (its usage line and ``polymlir <command>:`` prefix)."""
    for action in ap._subparsers._group_actions if ap._subparsers is not None else ():
        choices = getattr(action, "choices", None)
        if isinstance(choices, dict) and command in choices:
            return choices[command]
    return ap


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
