"""Collects ``tests/filecheck/**/*.mlir``: each file's ``// RUN:`` lines run
through the shell (``%s`` is the file) and must all succeed, so every RUN
line's FileCheck or ``--verify-diagnostics`` verdict shows up in pytest.

The ``shared`` fixture is the external data folder (``POLYMLIR_SHARED``,
else ``../shared`` beside the repository; see ``tests/shared_data.py``): a
test that asks for it is skipped, with the reason, when it is absent."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from .shared_data import require_shared, upstream, upstream_missing

# The suite starts polymlir in a subprocess for every RUN line and upstream
# case (about a thousand): with bytecode writes off (PYTHONDONTWRITEBYTECODE,
# as on CI machines) each one compiled the package's sources again, 1.1 s of
# start-up against 0.45 s. Bytecode goes to a cache outside the repository.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault(
    "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), f"polymlir-tests-pycache-{os.getuid()}")
)

RUN_RE = re.compile(r"^\s*//\s*RUN:\s?(.*)$")
REQUIRES_RE = re.compile(r"^\s*//\s*REQUIRES:\s*(.*)$")
# A RUN line that calls an upstream tool by name needs it, REQUIRES or not.
UPSTREAM_TOOL_RE = re.compile(r"(?<![\w-])(mlir-opt|mlir-runner|mlir-translate|clang)-22(?![\w-])")


@pytest.fixture(scope="session")
def shared() -> Path:
    """The external data folder (corpus/, integration/, bench/, seeds/)."""
    return require_shared()


def _bin_dir() -> str:
    return os.path.dirname(sys.executable)


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix == ".mlir" and "filecheck" in file_path.parts:
        return MlirFile.from_parent(parent, path=file_path)
    return None


class MlirFile(pytest.File):
    def collect(self):
        lines = self.path.read_text().splitlines()
        runs: list[str] = []
        cont = ""
        for line in lines:
            m = RUN_RE.match(line)
            if not m:
                continue
            cmd = m.group(1).rstrip()
            if cmd.endswith("\\"):
                cont += cmd[:-1] + " "
                continue
            runs.append(cont + cmd)
            cont = ""
        requires = [m.group(1).strip() for line in lines if (m := REQUIRES_RE.match(line))]
        for i, cmd in enumerate(runs):
            yield MlirRun.from_parent(self, name=f"RUN{i}", cmd=cmd, requires=requires)


class MlirRun(pytest.Item):
    def __init__(self, *, cmd: str, requires: list[str], **kw):
        super().__init__(**kw)
        self.cmd = cmd
        self.requires = requires

    def runtest(self):
        needed = list(self.requires) + [m.group(1) for m in UPSTREAM_TOOL_RE.finditer(self.cmd)]
        for r in needed:
            if r in ("mlir-opt", "mlir-runner", "mlir-translate", "clang") and upstream(r) is None:
                pytest.skip(upstream_missing(r))
        cmd = self.cmd.replace("%s", shlex.quote(str(self.path)))
        env = dict(os.environ)
        env["PATH"] = _bin_dir() + os.pathsep + env.get("PATH", "")
        proc = subprocess.run(
            ["bash", "-o", "pipefail", "-c", cmd],
            capture_output=True,
            text=True,
            env=env,
            cwd=str(self.path.parent),
            timeout=600,
        )
        if proc.returncode != 0:
            raise MlirRunFailure(cmd, proc.stdout, proc.stderr, proc.returncode)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, MlirRunFailure):
            e = excinfo.value
            return (
                f"RUN failed (exit {e.code}): {e.cmd}\n--- stdout ---\n{e.out[-4000:]}\n--- stderr ---\n{e.err[-4000:]}"
            )
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"{self.path.name}::{self.name}"


class MlirRunFailure(Exception):
    def __init__(self, cmd, out, err, code):
        super().__init__(cmd)
        self.cmd, self.out, self.err, self.code = cmd, out, err, code
