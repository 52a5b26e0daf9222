"""``polymlir tune``: the command line of the tuner (registered in ``polymlir.cli``).

    polymlir tune FILE --func kernel --trials N --db t.db [-o best.mlir] [--trace-out best.json]
                  [--sampler tpe|cmaes|gp|random|grid] [--timeout S] [--workers K] [--threads T]
                  [--scheduler ADDRESS]
    polymlir tune --report t.db [--plots DIR]

Optuna, rich and the JIT load only when the command runs (start-up time).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_command", "run_command"]

SAMPLER_NAMES = ("tpe", "cmaes", "gp", "random", "grid")


def add_command(sub: Any) -> None:
    """Add the ``tune`` subcommand to ``sub`` (argparse subparsers)."""
    p = sub.add_parser("tune", help="auto-tune a function's schedule: verified candidates, resumable study (Optuna)")
    p.add_argument("input", nargs="?", default=None, help="MLIR file to tune")
    p.add_argument("--func", default=None, help="function to tune (default: the first with a body)")
    p.add_argument("--trials", type=_positive(int), default=50, help="trials to run now (a resumed study adds them)")
    p.add_argument("--db", default=None, help="study storage: a sqlite file (tune.db) or an SQLAlchemy URL")
    p.add_argument("-o", dest="output", default=None, help="write the best program as MLIR here")
    p.add_argument("--trace-out", default=None, help="write the best trace as JSON (polymlir apply --trace)")
    p.add_argument("--sampler", choices=SAMPLER_NAMES, default="tpe", help="Optuna sampler (grid: exhaustive)")
    p.add_argument("--timeout", type=_positive(float), default=120.0, help="seconds one trial may take (then it fails)")
    p.add_argument("--workers", type=_positive(int), default=1, help="local worker processes (trials at once)")
    p.add_argument("--threads", type=_positive(int), default=1, help="cores per worker (each worker pinned to its own)")
    p.add_argument("--reps", type=_positive(int), default=5, help="timed runs per candidate (median), after a warm-up")
    p.add_argument("--seed", type=int, default=None, help="sampler seed")
    p.add_argument("--max-tasks-per-child", type=_positive(int), default=25, help="trials before a worker is recycled")
    p.add_argument("--scheduler", default=None, help="dask.distributed scheduler address: evaluate there")
    p.add_argument("--study-name", default=None, help="study name (default: file, function and machine)")
    p.add_argument("--report", metavar="DB", default=None, help="print the studies in DB and write plots")
    p.add_argument("--plots", default=None, help="folder for the report's plots (default: DB-plots)")
    p.add_argument("--debug", action="store_true", help="show Python tracebacks of internal errors")


def _positive(kind: type[int] | type[float]) -> Any:
    """An argparse type: a positive ``kind`` (a usage error otherwise)."""

    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not value > 0 or value == float("inf"):
            raise argparse.ArgumentTypeError(
                f"must be a positive {'integer' if kind is int else 'number'}, not {text!r}"
            )
        return value

    return parse


def run_command(args: argparse.Namespace) -> int:
    """Run ``polymlir tune`` as parsed by ``add_command``."""
    try:
        import optuna  # noqa: F401
    except ImportError:
        print("polymlir tune: error: needs Optuna and rich: pip install 'polymlir[tune]'", file=sys.stderr)
        return 1
    if args.report:
        return _report(args)
    if args.input is None:
        print("polymlir tune: error: give a FILE to tune, or --report DB", file=sys.stderr)
        return 1
    return _tune(args)


def _report(args: argparse.Namespace) -> int:
    from .report import plots, studies, table
    from .study import storage_url

    if "://" not in args.report and not Path(args.report).is_file():  # reading must not create a database
        print(f"polymlir tune: error: no study database '{args.report}'", file=sys.stderr)
        return 1
    url = storage_url(args.report)
    assert url is not None
    found = studies(url)
    if not found:
        print(f"polymlir tune: error: no study in {args.report}", file=sys.stderr)
        return 1
    folder = args.plots or f"{Path(args.report).stem}-plots"
    for study in found:
        print(table(study))
        for path in plots(study, folder):
            print(f"wrote {path}")
        print()
    return 0


def _tune(args: argparse.Namespace) -> int:
    from .. import parse
    from ..transforms.loops.handle import find_function
    from .progress import Display, summary
    from .study import best_program, run

    path = Path(args.input)
    try:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")  # bad bytes: a located parse error
    except OSError as e:
        print(f"polymlir tune: error: cannot open input file '{args.input}': {e.strerror}", file=sys.stderr)
        return 1
    try:  # a located error for bad MLIR, a usage error for an unknown function, before any trial
        func = str(getattr(find_function(parse(text, str(path)), args.func).get_attr("sym_name"), "value", ""))
    except ValueError as e:
        print(f"polymlir tune: error: {e}", file=sys.stderr)
        return 1
    client = None
    if args.scheduler:
        from distributed import Client  # only with a cluster (start-up time)

        client = Client(args.scheduler)
    display = Display(args.trials)
    try:
        with display:
            study, best = run(
                text,
                func,
                args.trials,
                args.db,
                client,
                source=str(path),
                name=args.study_name,
                sampler=args.sampler,
                seed=args.seed,
                timeout=args.timeout,
                workers=args.workers,
                threads=args.threads,
                reps=args.reps,
                max_tasks_per_child=args.max_tasks_per_child,
                on_update=display,
            )
    except KeyboardInterrupt:
        print("polymlir tune: interrupted; every finished trial is in the study storage", file=sys.stderr)
        return 130
    except ValueError as e:
        print(f"polymlir tune: error: {e}", file=sys.stderr)
        return 1
    finally:
        if client is not None:
            client.close()
    print(f"study {study.study_name}: {len(study.trials)} trials in storage")
    if display.last is not None:
        print(summary(display.last))
    print(f"best trace: {best.to_json()}")
    if args.trace_out:
        Path(args.trace_out).write_text(best.to_json(indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.trace_out} (polymlir apply --trace {args.trace_out} {args.input})")
    if args.output:
        Path(args.output).write_text(best_program(study), encoding="utf-8")
        print(f"wrote {args.output}")
    return 0
