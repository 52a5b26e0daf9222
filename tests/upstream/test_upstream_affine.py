"""Upstream's regression tests of the affine, linalg and bufferization
passes polymlir registers, run as their RUN lines say with
``polymlir opt`` (see ``upstream_cases.py``): every counted case passes
except those ``FAILURES.md`` lists, which must still fail. The test files
are in the repository (``tests/upstream/data/``); skips without mlir-opt-22
(the control)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ..shared_data import upstream
from .upstream_cases import Case, cases, run_case, upstream_test_files

FAILURES = Path(__file__).with_name("FAILURES.md")
CASE_ROW = re.compile(r"^\| (\S+\.mlir:RUN\d+:\S+) \| (.+) \|$")


def known_failures() -> dict[str, str]:
    """Case name -> reason, from FAILURES.md's table."""
    out = {}
    for line in FAILURES.read_text().splitlines():
        m = CASE_ROW.match(line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def _all_cases() -> list[Case]:
    return [c for f in upstream_test_files() for c in cases(f)]


CASES = _all_cases()
KNOWN = known_failures()


@pytest.mark.skipif(not CASES, reason="no upstream test files in tests/upstream/data/")
@pytest.mark.skipif(upstream("mlir-opt") is None, reason="mlir-opt-22 (the control) is not installed")
@pytest.mark.parametrize("case", CASES or [None], ids=lambda c: c.name if c is not None else "none")
def test_upstream_case(case: Case):
    control = run_case(case, polymlir=False)
    if not control.ok:
        pytest.skip(f"the control fails: {control.detail}")
    ours = run_case(case, polymlir=True)
    if case.name in KNOWN:
        assert not ours.ok, f"listed in FAILURES.md but passes now: {case.name}"
        pytest.xfail(KNOWN[case.name])
    assert ours.ok, ours.detail


def test_failures_md_names_only_existing_cases():
    if not CASES:
        pytest.skip("no upstream test files in tests/upstream/data/")
    names = {c.name for c in CASES}
    assert set(KNOWN) <= names, sorted(set(KNOWN) - names)
