"""The layers of DESIGN.md hold: imports go one way (ir -> parser/printer ->
dialects -> affine -> transforms -> conversion -> codegen -> cli), as the import-linter
contract in pyproject.toml states."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _lint_imports() -> list[str]:
    exe = shutil.which("lint-imports")
    if exe is not None:
        return [exe]
    try:
        import importlinter  # noqa: F401  (only to know whether it is installed)
    except ImportError:
        pytest.skip("import-linter is not installed (pip install -e .[test])")
    return [
        sys.executable,
        "-c",
        "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
    ]


def test_import_layers() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([*_lint_imports(), "--no-cache"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"lint-imports found imports against the layers:\n{r.stdout}\n{r.stderr}"
