"""``polymlir opt FILE`` prints what ``mlir-opt-22 FILE`` prints, byte for
byte (result names, aliases, numbers, resources), on a sample of the valid
corpus cases that were identical when the sample was taken
(``print_identity_cases.txt``), so that none of them regresses.
``experiments/print_identity.py`` measures the whole corpus."""

from __future__ import annotations

import contextlib
import io
import subprocess
from pathlib import Path

import pytest

from polymlir.cli import main as polymlir_main

from ..shared_data import missing_reason, params_or_skip, requires_upstream, shared_path, upstream

CASES = [
    line.strip()
    for line in (Path(__file__).parent / "print_identity_cases.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]


def _case_params() -> list:
    corpus = shared_path("corpus")
    if corpus is None:
        return params_or_skip([], missing_reason("corpus"))
    present = [c for c in CASES if (corpus / c).is_file()]
    return params_or_skip(present, "none of the sampled corpus cases is in the external data", ids=str)


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("case", _case_params())
def test_prints_as_upstream(case: str) -> None:
    path = shared_path("corpus", *case.split("/"))
    assert path is not None
    r = subprocess.run(
        [upstream("mlir-opt"), "--allow-unregistered-dialect", str(path)],  # type: ignore[list-item]  # the test is skipped when mlir-opt is absent
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if r.returncode != 0:
        pytest.skip(f"mlir-opt-22 rejects {case}")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert polymlir_main(["opt", "--allow-unregistered-dialect", str(path)]) == 0
    assert out.getvalue() == r.stdout
