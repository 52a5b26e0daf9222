"""The integration programs that carry transform schedules print, and lose
their schedule, exactly as under mlir-opt-22 (whole files, byte for byte)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ..shared_data import params_or_skip, requires_upstream, shared_files, shared_path, upstream


def _schedule_cases() -> list:
    files = shared_files("integration/cases/linalg", "*.mlir") + shared_files("integration/cases/tensor", "*.mlir")
    cases = [f for f in files if "transform.named_sequence" in f.read_text()]
    reason = (
        "external data ../shared/integration not found"
        if shared_path("integration") is None
        else "no integration case carries a transform schedule"
    )
    return params_or_skip(cases, reason, lambda p: f"{p.parent.name}/{p.stem}")


def _out(cmd: list[str]) -> str:
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("case", _schedule_cases())
@pytest.mark.parametrize("flags", [[], ["--test-transform-dialect-erase-schedule"]], ids=["print", "erase"])
def test_schedule_program_matches_mlir_opt(case, flags):
    ours = _out([sys.executable, "-m", "polymlir", "opt", str(case), *flags])
    theirs = _out([upstream("mlir-opt"), str(case), *flags])
    assert ours == theirs


@requires_upstream("mlir-opt")
def test_interpreter_diagnostics_in_upstream_order():
    """The interpreter's remarks, errors and notes on the FileCheck cases
    come in the order and at the places mlir-opt-22 reports them (leaving
    out upstream's "see current operation" notes and what it says about the
    cases' expected-* comments)."""
    case = Path(__file__).parent.parent / "filecheck" / "transform" / "interpreter.mlir"
    flags = [str(case), "--transform-interpreter", "--split-input-file"]

    def diags(cmd: list[str]) -> list[str]:
        err = subprocess.run(cmd, capture_output=True, text=True, timeout=300).stderr
        keep = re.compile(r"^\S.*: (remark|error|note): (?!see current operation|expected (remark|error|note) )")
        return [line for line in err.splitlines() if keep.match(line)]

    ours = diags([sys.executable, "-m", "polymlir", "opt", *flags])
    assert ours and ours == diags([upstream("mlir-opt"), *flags])
