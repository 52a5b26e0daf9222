"""polymlir's linalg-to-loops lowerings against upstream's ``loops.mlir``
(``tests/upstream/data/linalg-passes/``): the stored copy is older than
LLVM 22, so ``upstream_cases`` counts none of its cases (mlir-opt-22 fails
its checks on the order of two constants); here polymlir's output is held
to the file's checks, and equals mlir-opt-22's but for that order."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ...shared_data import requires_upstream, upstream

LOOPS = Path(__file__).resolve().parents[2] / "upstream" / "data" / "linalg-passes" / "loops.mlir"
REPO = str(Path(__file__).resolve().parents[3])


def _polymlir(*flags: str) -> str:
    r = subprocess.run(
        [sys.executable, "-m", "polymlir", "opt", str(LOOPS), *flags],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def _without_constants(text: str) -> list[str]:
    # mlir-opt-22 materializes the index constants in another order.
    return sorted(line for line in text.splitlines() if "arith.constant" not in line)


@requires_upstream("FileCheck")
@pytest.mark.parametrize(
    "flag, prefix",
    [("-convert-linalg-to-loops", "CHECK"), ("-convert-linalg-to-parallel-loops", "CHECKPARALLEL")],
)
def test_loops_mlir_checks(flag: str, prefix: str):
    out = _polymlir(flag)
    fc = upstream("FileCheck")
    assert fc is not None
    r = subprocess.run([fc, f"--check-prefix={prefix}", str(LOOPS)], input=out, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[:3000]


@requires_upstream("mlir-opt")
@pytest.mark.parametrize(
    "flag", ["-convert-linalg-to-loops", "-convert-linalg-to-parallel-loops", "-convert-linalg-to-affine-loops"]
)
def test_loops_mlir_as_mlir_opt(flag: str):
    opt = upstream("mlir-opt")
    assert opt is not None
    r = subprocess.run([opt, str(LOOPS), flag], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    ours, theirs = _without_constants(_polymlir(flag)), _without_constants(r.stdout)
    assert ours == theirs
