"""Running ``polymlir`` in-process for the CLI tests, and what a user may see.

``cli(args)`` runs ``polymlir.cli.main`` with stdout and stderr captured;
``assert_user_facing`` checks one run the way a user would: never a Python
traceback nor an internal error (exit status ``INTERNAL_ERROR``), and a
failure that says where: ``file:line:col: error: ...`` followed by the
offending source line and a caret when the input is at fault, or
``polymlir <command>: error: ...`` when an argument is.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys

from polymlir.cli import INTERNAL_ERROR, main

LOCATED = re.compile(r"^(?P<file>\S.*?):(?P<line>\d+):(?P<col>\d+): error: \S")
USAGE = re.compile(r"^polymlir(?: (?P<cmd>[a-z-]+))?: error: \S")
HEADER = re.compile(r"^\S.*?: error: ")


def cli(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """``polymlir ARGS`` in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                rc = main(list(args))
            except SystemExit as e:  # argparse's usage errors
                rc = e.code if isinstance(e.code, int) else 1
                if isinstance(e.code, str):
                    err.write(e.code + "\n")
    finally:
        sys.stdin = old
    return rc, out.getvalue(), err.getvalue()


def assert_user_facing(args: list[str], rc: int, err: str, must_fail: bool = False) -> None:
    """The run of ``polymlir ARGS`` ended as a user may see it (see the module docstring)."""
    what = f"polymlir {' '.join(args)!s}\n{err}"
    assert rc != INTERNAL_ERROR, what
    assert "Traceback" not in err and "internal error" not in err, what
    if must_fail:
        assert rc != 0, what
    if rc == 0:
        return
    lines = err.splitlines()
    heads = [k for k, line in enumerate(lines) if HEADER.match(line)]
    assert heads, f"a failure without an error line: {what}"
    command = args[0] if args and not args[0].startswith("-") else None
    for k in heads:
        line = lines[k]
        m = LOCATED.match(line)
        if m is not None and not USAGE.match(line):
            assert int(m["line"]) >= 1 and int(m["col"]) >= 1, f"an error at no place: {what}"
            assert k + 2 < len(lines) and lines[k + 2].strip() == "^", f"no source line and caret: {what}"
            continue
        u = USAGE.match(line)
        assert u is not None, f"neither located nor a usage error: {what}"
        assert u["cmd"] in (None, command), f"the error names another command: {what}"
