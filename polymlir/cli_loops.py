"""Loop-transformation subcommands: ``polymlir tile``, ``interchange``,
``apply`` and the others as primitives land. Each reads a file (``-`` for
stdin), transforms through the schedule handle, prints MLIR (``-o OUT``),
prints the trace with ``--trace`` and refuses with a located error, the
loop's line and a caret, and a note with the hint, exit status 1; a bad
argument is ``polymlir <command>: error: ...``, exit status 1.

The output of each subcommand is a valid input to the next, naming its
loops as its trace does: loops and function arguments print under their
source names (``affine.for %i_tile = ...``; no two loops share one, see
``unique_loop_names``), and ``--trace`` lists with each step the loops it
made (``"made": {"tile": ["i_tile"], "point": ["i"]}``).
``--mlir-print-op-generic`` or ``--mlir-opt-names`` print mlir-opt's
numbered names (``%arg5``) instead.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .dialects.func import FuncOp
from .ir.core import Operation
from .ir.diagnostics import Diagnostic, DiagnosticError, file_loc, register_source
from .machine import host, register_shape
from .transforms.loops.errors import PartialTilingWarning, TransformError
from .transforms.loops.primitives import REGISTRY
from .transforms.loops.trace import Trace, load_trace

if TYPE_CHECKING:  # the handle loads islpy: imported when a subcommand runs (start-up time of `opt`)
    from .affine.legality import Verdict
    from .transforms.loops.handle import Schedule


class UsageError(Exception):
    """A bad argument of a subcommand (not of the input file): printed as
    ``polymlir <command>: error: ...``, exit status 1."""


class Refused(Exception):
    def __init__(self, verdict: Verdict, at: Operation | None):
        super().__init__(verdict.reason)
        self.verdict = verdict
        self.at = at


def refuse_if_not(v: Verdict, at: Operation | None = None) -> Verdict:
    if not v.ok:
        raise Refused(v, v.op if isinstance(v.op, Operation) else at)
    return v


_INT = re.compile(r"[+-]?\d+")


def int_list(text: str, what: str) -> list[int]:
    """``4,8,-1`` as integers; anything else (``4.5``, ``4,,8``, ``x``) is a usage error."""
    items = [x.strip() for x in text.split(",")]
    if not all(_INT.fullmatch(x) for x in items):
        raise UsageError(f"{what} must be a comma-separated list of integers, got '{text}'")
    return [int(x) for x in items]


def nest_list(text: str) -> list[int | str]:
    """``--nests``: two nests, each a top-level nest's position or a loop selector."""
    items = name_list(text)
    if len(items) != 2:
        raise UsageError(f"--nests takes two loop nests (positions 0,1 or loops j,k), got '{text}'")
    return [int(x) if x.isdigit() else x for x in items]


def name_list(text: str | None) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()] if text else []


def remark(at: Operation, message: str) -> Diagnostic:
    return Diagnostic("remark", message, at.loc)


# -- subcommands --------------------------------------------------------------------------

Runner = Callable[[argparse.Namespace, "Schedule"], list[Diagnostic]]
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Runner]] = {}


READS_TRACE: set[str] = {"apply"}  # there --trace names a trace to read
NO_MLIR_OUTPUT: set[str] = set()  # commands that write something else (show: a picture)


def command(
    name: str,
    help: str,
    add_args: Callable[[argparse.ArgumentParser], None],
    *,
    reads_trace: bool = False,
    prints_mlir: bool = True,
):
    def wrap(fn: Runner) -> Runner:
        COMMANDS[name] = (help, add_args, fn)
        if reads_trace:
            READS_TRACE.add(name)
        if not prints_mlir:
            NO_MLIR_OUTPUT.add(name)
        return fn

    return wrap


def declared(p: argparse.ArgumentParser | argparse._ArgumentGroup, primitive: str, *names: str) -> None:
    """Add the CLI flags the declaration of ``primitive`` gives its loops
    (``"loops"``) and the parameters ``names``, in this order."""
    prim = REGISTRY[primitive]
    for name in names:
        flag = prim.loops.flag if name == "loops" else prim.param(name).flag
        assert flag is not None, f"{primitive}.{name} declares no CLI flag"
        p.add_argument(flag.spelling, help=flag.help, **flag.options)


def _tile_args(p: argparse.ArgumentParser) -> None:
    declared(p, "tile", "sizes", "loops")
    p.add_argument(
        "--skew",
        action="store_true",
        help="skew first where rectangular tiling is illegal (as the refusal's hint says)",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="an error, not a warning, where tiling does less than asked (loops left untiled, sizes unused)",
    )
    declared(p, "tile_linalg", "op", "interchange")


@command("tile", "tile a band of loops (rectangular, exact legality)", _tile_args)
def run_tile(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    from .transforms.loops.tile_nests import tile_maybe_skewed  # loads islpy (start-up time)

    sizes = int_list(args.sizes, "--sizes")
    out = _tile_linalg(args, s, sizes)
    if args.op is not None:
        return out
    if args.loops:
        names = name_list(args.loops)
        if len(names) != len(sizes):
            raise UsageError(
                f"--sizes gives {len(sizes)} tile size{'s' if len(sizes) != 1 else ''} for the "
                f"{len(names)} loop{'s' if len(names) != 1 else ''} of --loops {args.loops}: give one per loop"
            )
        s.loops(*names)  # a located error for an unknown loop
        refuse_if_not(tile_maybe_skewed(s, names, sizes, args.skew), s.loop(names[0]).op)
        return out
    if not s.nests():
        return out
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PartialTilingWarning)
        v = s.tile_nests(sizes, args.skew, args.strict)
    if args.strict:
        refuse_if_not(v, s.func)
    for w in caught:
        pw = w.message
        if isinstance(pw, PartialTilingWarning):
            d = Diagnostic("warning", pw.message, pw.op.loc if pw.op is not None else s.func.loc)
            if pw.hint:
                d.notes.append(Diagnostic("note", f"hint: {pw.hint}", d.loc))
            out.append(d)
    return out


def _linalg_positions(args: argparse.Namespace, s: Schedule) -> list[int]:
    if args.op is not None:
        s.linalg_op(args.op)  # a located error when out of range
        return [args.op]
    return list(range(len(s.linalg_ops())))


def _tile_linalg(args: argparse.Namespace, s: Schedule, sizes: list[int]) -> list[Diagnostic]:
    """Tile the chosen linalg ops: sizes beyond an op's loops are dropped
    (a warning names the count), missing ones leave loops untiled."""
    out: list[Diagnostic] = []
    order = int_list(args.interchange, "--interchange") if args.interchange else []
    for pos in _linalg_positions(args, s):
        op = s.linalg_op(pos)
        n = op.num_loops
        own = sizes[:n]
        if len(sizes) > n:
            dropped = f"{op.name} has {n} loops: tile sizes {sizes[n:]} beyond them are dropped"
            if args.strict:
                raise TransformError(dropped, op)
            out.append(Diagnostic("warning", dropped, op.loc))
        loc = op.loc
        v = s.tile_linalg(pos, own, order[:n] if order else ())
        if not v.ok and (args.op is not None or args.strict):
            refuse_if_not(v, op)
        if v.ok:
            out.append(Diagnostic("remark", f"tiled linalg op {pos} ({op.name}) with sizes {own}", loc))
        else:
            out.append(remark(op, f"linalg op {pos} not tiled: {v.reason}"))
    return out


def _interchange_args(p: argparse.ArgumentParser) -> None:
    declared(p, "interchange", "loops")


@command("interchange", "reorder the loops of a perfectly nested band", _interchange_args)
def run_interchange(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    loops = s.loops(*name_list(args.order))
    refuse_if_not(s.interchange(loops), loops[0].op)
    return []


def _unroll_args(p: argparse.ArgumentParser) -> None:
    declared(p, "unroll", "loops")
    declared(p.add_mutually_exclusive_group(required=True), "unroll", "factor", "full")


@command("unroll", "unroll a loop by a factor (with a cleanup loop) or fully", _unroll_args)
def run_unroll(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    loop = s.loop(args.loop)
    refuse_if_not(s.unroll(loop, args.factor, args.full), loop.op)
    return []


def _unroll_jam_args(p: argparse.ArgumentParser) -> None:
    declared(p, "unroll_jam", "loops", "factor")


@command("unroll-jam", "unroll a loop and jam the copies into its inner loops (exact legality)", _unroll_jam_args)
def run_unroll_jam(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    loop = s.loop(args.loop)
    refuse_if_not(s.unroll_jam(loop, args.factor), loop.op)
    return []


def _register_tile_args(p: argparse.ArgumentParser) -> None:
    declared(
        p,
        "register_tile",
        "loops",
        "mr",
        "nv",
        "lanes",
        "kc",
        "mc",
        "fma",
        "parallel",
        "pack",
        "panels",
        "hoist",
        "group",
    )


@command(
    "register-tile",
    "register-tile a contraction band: vector accumulators across its reduction loop (default shape: the host's)",
    _register_tile_args,
)
def run_register_tile(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    band = s.loops(*name_list(args.loops))
    mr, nv, lanes = register_shape(host())
    v = s.register_tile(
        band,
        args.mr if args.mr is not None else mr,
        args.nv if args.nv is not None else nv,
        args.lanes if args.lanes is not None else lanes,
        args.kc,
        not args.no_fma,
        args.parallel,
        args.pack,
        args.mc,
        args.panels,
        args.hoist,
        args.group if args.group is not None else 1,
    )
    refuse_if_not(v, band[0].op)
    return []


def _parallelize_args(p: argparse.ArgumentParser) -> None:
    declared(p, "parallelize", "loops", "reductions")


@command("parallelize", "turn loops that carry no dependence into affine.parallel", _parallelize_args)
def run_parallelize(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    if args.loop:
        loop = s.loop(args.loop)
        refuse_if_not(s.parallelize(loop, not args.no_reductions), loop.op)
        return []
    out: list[Diagnostic] = []
    # Outermost first: a loop that becomes parallel is not looked into again.
    todo = [s.spec_of(n) for n in s.nests()]
    while todo:
        spec = todo.pop(0)
        loop = s.loop(spec)
        children = [s.spec_of(c) for c in loop.children]
        v = s.parallelize(loop, not args.no_reductions)
        if not v.ok:
            out.append(remark(loop.op, f"not parallel: {v.reason}"))
            todo = children + todo
    return out


def _fuse_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--nests",
        help="two loop nests: positions of top-level nests (0,1) or loops by name or line:col (j,k: "
        "nests inside a loop)",
    )
    declared(p, "fuse_linalg", "op", "sizes", "producers")
    declared(p, "fuse", "depth", "shifts", "contract")


@command("fuse", "fuse two loop nests at a depth (exact legality)", _fuse_args)
def run_fuse(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    if args.op is not None:
        if not args.sizes or not args.producers:
            raise UsageError("linalg fusion needs --sizes and --producers with --op")
        op = s.linalg_op(args.op)
        producers = int_list(args.producers, "--producers")
        first = s.linalg_op(min(producers)) if producers else op
        v = refuse_if_not(s.fuse_linalg(args.op, producers, int_list(args.sizes, "--sizes")), op)
        return [remark(first, v.reason)] if v.reason != "applied" else []
    if not args.nests:
        raise UsageError("fuse needs --nests (loop nests) or --op (linalg ops)")
    nests = nest_list(args.nests)
    shifts = int_list(args.shifts, "--shifts") if args.shifts else None
    b = s.nest(nests[1])
    refuse_if_not(s.fuse(nests[0], nests[1], args.depth, shifts, args.contract), b.op)
    return []


def _promote_args(p: argparse.ArgumentParser) -> None:
    declared(p, "promote", "loops")
    declared(p, "promote_linalg", "op", "sizes", "operands", "alignment")
    declared(p, "promote", "memrefs", "memory_space")


@command("promote", "copy a loop's footprints to local buffers (copy-in before, copy-out after)", _promote_args)
def run_promote(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    if args.op is not None:
        if not args.sizes or not args.operands:
            raise UsageError("linalg promotion needs --sizes and --operands with --op")
        op = s.linalg_op(args.op)
        sizes = int_list(args.sizes, "--sizes")
        refuse_if_not(
            s.promote_linalg(
                args.op, sizes, int_list(args.operands, "--operands"), args.alignment or None, args.memory_space
            ),
            op,
        )
        return []
    if not args.loop:
        raise UsageError("promote needs --loop (affine) or --op (linalg)")
    loop = s.loop(args.loop)
    refuse_if_not(s.promote(loop, name_list(args.memrefs) or None, args.memory_space), loop.op)
    return []


def _distribute_args(p: argparse.ArgumentParser) -> None:
    declared(p, "distribute", "loops")


@command("distribute", "split a loop into one loop per group of statements (maximal by default)", _distribute_args)
def run_distribute(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    loop = s.loop(args.loop)
    refuse_if_not(s.distribute(loop), loop.op)
    return []


def _skew_args(p: argparse.ArgumentParser) -> None:
    declared(p, "skew", "loops", "matrix")


@command("skew", "apply a unimodular transformation (skew, reversal, interchange) to a band", _skew_args)
def run_skew(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    band = s.loops(*name_list(args.loops))
    refuse_if_not(s.skew(band, args.matrix), band[0].op)
    return []


def _optimize_args(p: argparse.ArgumentParser) -> None:
    declared(p, "optimize", "tile_sizes", "tile", "parallel")
    p.add_argument("--explain", action="store_true", help="print remarks saying what was done and why")
    p.add_argument(
        "--pluto",
        action="store_true",
        help="isl's Pluto-style schedule (skew, fuse, tile) instead of the cost-aware plan (implied by --tile-sizes)",
    )


@command(
    "optimize",
    "cost-aware optimization (register-tiled contractions, stride-1 inner loops, parallel loops); "
    "--pluto: isl's Pluto-style schedule",
    _optimize_args,
)
def run_optimize(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    sizes = int_list(args.tile_sizes, "--tile-sizes") if args.tile_sizes else None
    if sizes is not None and (any(x < 0 for x in sizes) or not any(sizes)):
        raise UsageError(f"--tile-sizes must be positive (0: that loop untiled), got {args.tile_sizes}")
    if not s.model.loops:
        return []
    at = s.model.loops[0].op
    strategy = "pluto" if args.pluto or sizes or args.no_tile else "cost"
    report = s.optimize(sizes, not args.no_parallel, not args.no_tile, strategy)
    out = [remark(at, r) for r in report.remarks] if args.explain else []
    if not report.ok:
        out.append(remark(at, f"not optimized: {report.reason}"))
    return out


def _apply_args(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--trace", dest="trace_in", help="a trace (JSON file, or JSON text) to replay")
    g.add_argument("--schedule", help="an isl map per statement: '{ S0[i,j,k] -> [i,k,j] }'")


@command("apply", "replay a trace, or apply a schedule given as isl maps", _apply_args)
def run_apply(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    if args.trace_in:
        for step in load_trace(args.trace_in):
            refuse_if_not(s.apply_step(step), s.func)
        return []
    refuse_if_not(s.apply_schedule(args.schedule), s.func)
    return []


def _show_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--loops",
        help="one or two nested loops to draw, x then y: i,j (default: the two outermost loops of the first nest)",
    )
    p.add_argument(
        "--trace",
        dest="trace_in",
        help="a trace (JSON file or text) to replay: draws the domain before, and its tiles and execution order after",
    )
    p.add_argument("--params", help="values of the symbols for the picture: N=8,M=6 (default 8 each)")


@command(
    "show",
    "draw a nest's iteration domain, dependences and tiles (-o out.png|svg)",
    _show_args,
    reads_trace=True,
    prints_mlir=False,
)
def run_show(args: argparse.Namespace, s: Schedule) -> list[Diagnostic]:
    from .plot import schedule_plot as SP  # islpy here; matplotlib (optional) when drawing

    try:
        SP.require_matplotlib()
    except SP.MissingMatplotlib as e:
        raise SystemExit(f"error: {e}") from None
    if getattr(args, "drawn", False) or not SP.draws_function(s, args.func, bool(args.loops)):
        return []
    if not args.output or args.output == "-":
        raise UsageError("polymlir show writes a picture: give -o out.png or -o out.svg")
    SP.output_format(args.output, s.func)
    params = SP.parse_params(args.params, s.func)
    trace = load_trace(args.trace_in) if args.trace_in else None
    SP.save(SP.draw_schedule(s, name_list(args.loops) or None, trace, params), args.output)
    args.drawn = True
    return []


# -- driver -------------------------------------------------------------------------------


def add_commands(sub: argparse._SubParsersAction) -> None:
    for name, (help, add_args, _) in COMMANDS.items():
        p = sub.add_parser(name, help=help)
        p.add_argument("input", nargs="?", default="-", help="input file ('-' for stdin)")
        p.add_argument("-o", dest="output", default=None, help="output file")
        p.add_argument("--func", default=None, help="the function to transform (default: each function)")
        if name in READS_TRACE:  # there --trace names the trace to replay
            p.set_defaults(trace=False)
        else:
            p.add_argument(
                "--trace",
                action="store_true",
                help="print the applied steps (JSON) to stderr, each with the loops it made",
            )
        p.add_argument("--mlir-print-debuginfo", action="store_true", help="print locations")
        p.add_argument(
            "--mlir-print-op-generic", action="store_true", help="print ops in generic form (mlir-opt's value names)"
        )
        p.add_argument(
            "--mlir-opt-names",
            action="store_true",
            help="number loop variables and arguments as mlir-opt does (%%arg5) instead of printing their "
            "source names (%%i_tile), which the next subcommand selects loops by",
        )
        p.add_argument(
            "--bench",
            action="store_true",
            help="verify the result against the original on random inputs, time both, print the "
            "trace and the speed-up (MLIR goes to -o only)",
        )
        p.add_argument("--debug", action="store_true", help="show Python tracebacks of internal errors")
        add_args(p)


def _functions(module: Operation, name: str | None, filename: str) -> list[Operation]:
    from .transforms.loops.handle import find_function  # loads islpy (start-up time)

    if name is not None:
        return [find_function(module, name)]
    funcs: list[Operation] = [
        op for op in module.walk(post_order=False) if isinstance(op, FuncOp) and op.regions and op.regions[0].blocks
    ]
    if not funcs:
        raise UsageError(f"{filename} has no function with a body to transform")
    return funcs


def render_error(d: Diagnostic, command: str | None) -> str:
    """The one rendering of an error for the command line (every subcommand's):
    ``file:line:col: error: ...`` with the line and a caret where ``d`` has a
    location in the input, else ``polymlir <command>: error: ...`` (a file that
    cannot be opened, a bad argument or option value); notes follow either way."""
    f = file_loc(d.loc)
    if f is not None and f.line >= 1:
        return d.render()
    prog = f"polymlir {command}" if command else "polymlir"
    return "\n".join([f"{prog}: error: {d.message}", *(f"{prog}: {n.severity}: {n.message}" for n in d.notes)])


def _error(message: str, at: Operation | None, notes: Sequence[str] = ()) -> Diagnostic:
    """An error at ``at``'s location (none for an argument problem), each note at the same place."""
    loc = at.loc if at is not None else None
    return Diagnostic("error", message, loc, [Diagnostic("note", n, loc) for n in notes])


def run_command(args: argparse.Namespace, read_input: Callable[[str], tuple[str, str]]) -> int:
    """Run loop subcommand ``args.command``; returns the exit status."""
    from .parser.parser import parse_source  # start-up time
    from .printer import print_op  # start-up time
    from .transforms.loops.handle import Schedule  # loads islpy (start-up time)
    from .transforms.loops.selection import unique_loop_names  # loads islpy (start-up time)
    from .verifier import verify  # start-up time

    _, _, runner = COMMANDS[args.command]
    text, filename = read_input(args.input)
    register_source(filename, text)
    module = parse_source(text, filename, False, 0)
    verify(module)
    traces: dict[str, Trace] = {}
    diags: list[Diagnostic] = []
    try:
        for s in _schedules(args, module, filename, Schedule):
            diags += runner(args, s)
            traces[s.model.name] = s.trace
    except Refused as r:
        notes = [f"hint: {r.verdict.hint}"] if r.verdict.hint else []
        notes += [r.verdict.detail] if r.verdict.detail else []
        print(render_error(_error(r.verdict.reason, r.at, notes), args.command), file=sys.stderr)
        return 1
    except UsageError as e:
        print(render_error(_error(str(e), None), args.command), file=sys.stderr)
        return 1
    except TransformError as e:
        print(render_error(_error(str(e), e.op), args.command), file=sys.stderr)
        return 1
    verify(module)
    for d in diags:
        print(d.render(), file=sys.stderr)
    if args.trace:
        made = {name: t.to_list(made=True) for name, t in traces.items()}
        print(json.dumps(next(iter(made.values())) if len(made) == 1 else made), file=sys.stderr)
    if args.command in NO_MLIR_OUTPUT:
        return 0
    source_names = not (args.mlir_print_op_generic or args.mlir_opt_names)
    if source_names:
        for f in _functions(module, None, filename):
            unique_loop_names(f)
    out = print_op(
        module, generic=args.mlir_print_op_generic, debuginfo=args.mlir_print_debuginfo, source_names=source_names
    )
    if args.output and args.output != "-":
        write_file(args.output, out)
    elif not getattr(args, "bench", False):
        sys.stdout.write(out)
    if getattr(args, "bench", False):
        return _bench(text, out, {name: t.to_list() for name, t in traces.items()})
    return 0


def _schedules(args: argparse.Namespace, module: Operation, filename: str, schedule: type[Schedule]) -> list[Schedule]:
    """A handle per function to transform: ``--func``'s, or each function's;
    when loops are named and several functions have none, those whose loops
    the names resolve in (a usage error when none does)."""
    funcs = _functions(module, args.func, filename)
    handles = [schedule(module, str(getattr(f.get_attr("sym_name"), "value", ""))) for f in funcs]
    first = (
        name_list(getattr(args, "loops", None))
        or name_list(getattr(args, "order", None))
        or name_list(getattr(args, "loop", None))
        or [x for x in name_list(getattr(args, "nests", None)) if not x.isdigit()]
    )
    if not first or args.func is not None or len(handles) < 2:
        return handles
    kept = [s for s in handles if _resolves(s, first[0])]
    if not kept:
        names = ", ".join(s.model.name for s in handles)
        raise UsageError(f"no function of {filename} has a loop '{first[0]}' (functions: {names})")
    return kept


def _resolves(s: Schedule, spec: str) -> bool:
    try:
        s.loop(spec)
    except TransformError:
        return False
    return True


def write_file(path: str, text: str) -> None:
    """``text`` to ``path``; a file that cannot be written is a usage error."""
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as e:
        raise DiagnosticError(f"cannot open output file '{path}': {e.strerror}") from None


def _bench(original: str, transformed: str, traces: dict[str, list]) -> int:
    from .testing.bench import bench  # JIT and numpy: only when asked (start-up time)

    status = 0
    for func, trace in traces.items():
        print(f"@{func}: trace {json.dumps(trace)}")
        try:
            r = bench(original, transformed, func)
        except ValueError as e:
            print(f"@{func}: not benchmarked: {e}")
            continue
        print(r.report())
        status |= 0 if r.ok else 1
    return status


__all__ = ["COMMANDS", "DiagnosticError", "add_commands", "command", "run_command"]
