"""Upstream's own regression tests of the affine passes, run as their RUN
lines say, with ``polymlir opt`` in place of ``mlir-opt``.

The test files live in ``tests/upstream/data/affine-passes/`` (unmodified
copies of ``mlir/test/Dialect/Affine/*.mlir`` and
``mlir/test/Conversion/AffineToStandard/*.mlir``) and
``tests/upstream/data/linalg-passes/`` (``mlir/test/Dialect/Linalg`` tests of
the linalg passes polymlir registers), and likewise ``bufferization-passes/``,
``conversion-passes/`` and ``transforms-passes/`` (``mlir/test/Transforms``); ``tests/upstream/data/LICENSE.txt``
gives their licence, their paths in llvm-project and the commits they were
read from. Files in ``<shared>/upstream/{affine,linalg}-passes/`` are an
extra source when that folder exists (a name already in the repository's
folder is not taken twice). A *case* is one RUN line on one ``// -----`` chunk of a file when
the RUN line splits its input (``-split-input-file``), else on the whole
file. A RUN line that only splits the file (``split-file %s %t``) is no
case: it runs before each case of the file that reads ``%t`` (lit's
temporary path, here the input's path with ``.tmp``). Each case runs twice: with ``mlir-opt-22`` (the control) and with
``polymlir opt``; a case counts only where its control passes (upstream's
files are newer or older than LLVM 22 in places, and some RUN lines call
test passes that the packaged mlir-opt lacks).

    python -m tests.upstream.upstream_cases [--before DIR] [FILE...]

prints the pass counts per file (``--before DIR``: also with the polymlir
sources in DIR, e.g. a ``git archive`` of an older commit) and every
failing case with the first line of its error.
"""

from __future__ import annotations

import argparse
import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from polymlir.testing.external import shared_root

from .zygote import Zygote

RUN_RE = re.compile(r"^\s*//\s*RUN:\s?(.*)$")
SPLIT_RE = re.compile(r"^// -----[ \t]*$")
# mlir-opt as a command word (not mlir-opt-22, not a path component).
MLIR_OPT_RE = re.compile(r"(?<![\w/-])mlir-opt(?![\w-])")
SPLIT_FILE_WORD_RE = re.compile(r"(?<![\w/-])split-file(?![\w-])")
FILECHECK_RE = re.compile(r"(?<![\w/-])FileCheck(?![\w-])")
NOT_RE = re.compile(r"(^|[|;&(]\s*)not(?=\s)")
SPLIT_FLAG_RE = re.compile(r"(?<![\w-])--?split-input-file(?![\w-])")
SPLIT_FILE_RE = re.compile(r"^split-file\s+%s\s+%t$")
TIMEOUT = 300
REPO = str(Path(__file__).resolve().parents[2])


@dataclass(frozen=True)
class Case:
    """One RUN line (``run``: its text, index ``run_index``) on one chunk
    (``chunk``: 0-based, None for the whole file) of ``path``."""

    path: Path
    run_index: int
    run: str
    chunk: int | None
    first_line: int  # 1-based line of the chunk in the file

    @property
    def name(self) -> str:
        where = f"chunk{self.chunk}@{self.first_line}" if self.chunk is not None else "file"
        return f"{self.path.name}:RUN{self.run_index}:{where}"


def run_lines(text: str) -> list[str]:
    """The RUN lines, continuation lines (``\\`` at the end) joined."""
    out: list[str] = []
    pending = ""
    for line in text.splitlines():
        m = RUN_RE.match(line)
        if not m:
            continue
        body = m.group(1).rstrip()
        if body.endswith("\\"):
            pending += body[:-1] + " "
            continue
        out.append((pending + body).strip())
        pending = ""
    return out


def chunks(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` 0-based line ranges of the ``// -----`` chunks."""
    lines = text.splitlines()
    bounds = [i for i, line in enumerate(lines) if SPLIT_RE.match(line)]
    starts = [0] + [b + 1 for b in bounds]
    ends = bounds + [len(lines)]
    return list(zip(starts, ends, strict=True))


def _is_code(line: str) -> bool:
    s = line.strip()
    return bool(s) and not s.startswith("//")


def cases(path: Path) -> list[Case]:
    """Every case of one test file, in order."""
    text = path.read_text()
    out: list[Case] = []
    spans = chunks(text)
    lines = text.splitlines()
    setup = [r for r in run_lines(text) if SPLIT_FILE_RE.match(r)]
    # A header before the first marker that holds only comments (RUN lines,
    # file-wide CHECK-DAGs) is part of every chunk's case, not a case.
    header_is_case = any(_is_code(x) for x in lines[spans[0][0] : spans[0][1]])
    for k, run in enumerate(run_lines(text)):
        if SPLIT_FILE_RE.match(run):
            continue
        if setup and "%t" in run:
            run = " && ".join([*setup, run])
        if SPLIT_FLAG_RE.search(run) and len(spans) > 1:
            for c, (start, _end) in enumerate(spans):
                if c == 0 and not header_is_case:
                    continue
                out.append(Case(path, k, run, c, start + 1))
        else:
            out.append(Case(path, k, run, None, 1))
    return out


def case_text(case: Case) -> str:
    """The input of a case: its chunk (and a comment-only header), every
    other line blank so that line numbers stay those of the file."""
    text = case.path.read_text()
    if case.chunk is None:
        return text
    lines = text.splitlines()
    spans = chunks(text)
    keep = set(range(*spans[case.chunk]))
    if case.chunk != 0 and not any(_is_code(x) for x in lines[spans[0][0] : spans[0][1]]):
        keep |= set(range(*spans[0]))
    return "\n".join(x if i in keep else "" for i, x in enumerate(lines)) + "\n"


def tool_path(name: str) -> str | None:
    """An LLVM 22 tool: on PATH as ``name-22``, or in /usr/lib/llvm-22/bin."""
    found = shutil.which(f"{name}-22")
    if found:
        return found
    p = Path("/usr/lib/llvm-22/bin") / name
    return str(p) if p.exists() else None


_ZYGOTE: list[Zygote | None] = []  # this checkout's server, once started (None: it did not come up)


def _polymlir_command(pythonpath: str | None = None) -> str:
    """``polymlir opt`` as a RUN line calls it: this checkout's pre-imported
    server (``zygote``) unless ``POLYMLIR_NO_ZYGOTE`` is set or another
    checkout (``pythonpath``) is asked for, else a fresh process."""
    if pythonpath in (None, REPO) and not os.environ.get("POLYMLIR_NO_ZYGOTE"):
        if not _ZYGOTE:
            _ZYGOTE.append(Zygote.start(_env_with(REPO)))
            if _ZYGOTE[0] is not None:
                atexit.register(_ZYGOTE[0].stop)
        if _ZYGOTE[0] is not None:
            return f"{_ZYGOTE[0].command} opt"
    return f"{sys.executable} -m polymlir opt"


def command(case: Case, input_path: str, polymlir: bool, pythonpath: str | None = None) -> str:
    """The case's RUN line for the shell: ``%s`` the case's input,
    ``mlir-opt`` upstream's or ``polymlir opt``, ``FileCheck`` and ``not``
    LLVM 22's."""
    cmd = case.run.replace("%s", input_path).replace("%t", input_path + ".tmp")
    split_file = tool_path("split-file")
    if split_file:
        cmd = SPLIT_FILE_WORD_RE.sub(lambda _m: split_file, cmd)
    opt = _polymlir_command() if polymlir else (tool_path("mlir-opt") or "mlir-opt-22")
    if polymlir and pythonpath not in (None, REPO):
        opt = _polymlir_command(pythonpath)
    cmd = MLIR_OPT_RE.sub(lambda _m: opt, cmd)
    filecheck = tool_path("FileCheck") or f"{sys.executable} -m filecheck"
    cmd = FILECHECK_RE.sub(lambda _m: filecheck, cmd)
    not_tool = tool_path("not")
    if not_tool:
        cmd = NOT_RE.sub(lambda m: m.group(1) + not_tool, cmd)
    return cmd


@dataclass(frozen=True)
class Outcome:
    ok: bool
    detail: str  # the first meaningful line of stderr when it failed


def run_case(case: Case, polymlir: bool, env: dict[str, str] | None = None) -> Outcome:
    """Run one case in a temporary folder (its input written there); by
    default ``polymlir`` is this checkout's."""
    if env is None and polymlir:
        env = _env_with(REPO)
    with tempfile.TemporaryDirectory() as tmp:
        inp = Path(tmp) / case.path.name
        inp.write_text(case_text(case))
        try:
            r = subprocess.run(
                ["bash", "-o", "pipefail", "-c", command(case, str(inp), polymlir, (env or {}).get("PYTHONPATH"))],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                cwd=tmp,
                env=env,
            )
        except subprocess.TimeoutExpired:
            return Outcome(False, f"timeout after {TIMEOUT} s")
    if r.returncode == 0:
        return Outcome(True, "")
    return Outcome(False, _first_error(r.stderr.replace(tmp, "")) or f"exit {r.returncode}")


def _first_error(err: str) -> str:
    lines = [x.strip() for x in err.splitlines() if x.strip()]
    for x in lines:
        if "error:" in x or "Traceback" in x:
            return x[:300]
    return lines[0][:300] if lines else ""


def mlir_files(root: Path) -> list[Path]:
    """The test files of ``root``, sorted."""
    return sorted(root.glob("*.mlir"))


# The folders of tests/upstream/data/ (and, when present, of
# <shared>/upstream/) that hold upstream's test files.
FOLDERS = ("affine-passes", "linalg-passes", "bufferization-passes", "conversion-passes", "transforms-passes")
DATA = Path(__file__).resolve().parent / "data"


def upstream_test_files() -> list[Path]:
    """Every test file of the repository's ``tests/upstream/data/`` folders,
    then those of the shared folders that exist and are not already there
    (by folder and name), so that a file is never counted twice."""
    roots = [DATA]
    shared = shared_root()
    if shared is not None:
        roots.append(shared / "upstream")
    out: list[Path] = []
    seen: set[tuple[str, str]] = set()
    for root in roots:
        for d in FOLDERS:
            if not (root / d).is_dir():
                continue
            for f in mlir_files(root / d):
                if (d, f.name) not in seen:
                    seen.add((d, f.name))
                    out.append(f)
    return out


def _env_with(pythonpath: str | None) -> dict[str, str]:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    return env


def report(files: Iterable[Path], before: str | None) -> str:
    """A markdown report: counts per file, then each failing case."""
    head = "| file | cases (control passes) | polymlir passes" + (" (before -> after)" if before else "") + " |"
    rows = [head, "|---|---:|---:|"]
    failures: list[str] = []
    total = [0, 0, 0]
    for f in files:
        counted = passed = passed_before = 0
        for c in cases(f):
            if not run_case(c, polymlir=False).ok:
                continue
            counted += 1
            o = run_case(c, polymlir=True, env=_env_with(REPO))
            passed += o.ok
            if not o.ok:
                failures.append(f"| {c.name} | {o.detail.replace('|', '/')} |")
            if before:
                passed_before += run_case(c, polymlir=True, env=_env_with(before)).ok
        total[0] += counted
        total[1] += passed
        total[2] += passed_before
        cell = f"{passed_before} -> {passed}" if before else f"{passed}"
        rows.append(f"| {f.name} | {counted} | {cell} |")
        print(rows[-1], file=sys.stderr, flush=True)
    cell = f"{total[2]} -> {total[1]}" if before else f"{total[1]}"
    rows.append(f"| total | {total[0]} | {cell} |")
    return "\n".join(rows) + "\n\n| failing case | first error |\n|---|---|\n" + "\n".join(failures) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--before", help="a folder with older polymlir sources, measured too")
    ap.add_argument("--root", type=Path, default=None, help="the test files' folder")
    args = ap.parse_args(argv)
    files = args.files or (mlir_files(args.root) if args.root else upstream_test_files())
    sys.stdout.write(report(files, args.before))
    return 0


if __name__ == "__main__":
    sys.exit(main())
