"""The house checks run as tests: ruff (lint rules and format) and mypy, with
the configuration of pyproject.toml, over the whole repository. A failure
shows the tool's own report. Skipped, with the reason, when a tool is not
installed (both are in the ``test`` extra)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINTED = ["polymlir", "tests", "experiments"]


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(tool) is None:
        pytest.skip(f"{tool} is not installed (pip install -e '.[test]')")
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT, capture_output=True, text=True)


def _check(proc: subprocess.CompletedProcess[str]) -> None:
    if proc.returncode != 0:
        pytest.fail(f"{' '.join(map(str, proc.args[1:]))} failed:\n{proc.stdout}{proc.stderr}", pytrace=False)


def test_ruff_lint() -> None:
    _check(_run("ruff", "check", "--no-fix", *LINTED))


def test_ruff_format() -> None:
    _check(_run("ruff", "format", "--check", *LINTED))


def test_mypy() -> None:
    _check(_run("mypy"))


IGNORE = re.compile(r"#\s*type:\s*ignore")
EXPLAINED = re.compile(r"#\s*type:\s*ignore\[[a-z-]+(,\s*[a-z-]+)*\]  # \S")


def test_type_ignores_are_few_and_explained() -> None:
    """Fewer than 50 ``# type: ignore`` in the package, each naming its
    error codes and followed by the reason."""
    found = []
    for path in sorted((ROOT / "polymlir").rglob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if IGNORE.search(line):
                found.append((f"{path.relative_to(ROOT)}:{n}", line.strip()))
    assert len(found) < 50, f"{len(found)} type: ignore comments"
    bare = [f"{where}: {line}" for where, line in found if not EXPLAINED.search(line)]
    assert not bare, "type: ignore without its error code and reason:\n" + "\n".join(bare)
