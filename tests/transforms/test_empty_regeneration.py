"""A nest whose statements never run regenerates to nothing (isl's AST is
empty); found by the differential campaign (a shift on a random program
crashed with an IndexError)."""

from __future__ import annotations

from pathlib import Path

import polymlir
from polymlir.testing.differential import compare_runs

PROGRAM = (Path(__file__).parent / "shift_empty_nest.mlir.txt").read_text()


def test_shift_in_a_program_with_an_empty_nest():
    s = polymlir.schedule(polymlir.parse(PROGRAM, "s.mlir"), "f")
    v = s.shift("S3", "k1", 2)
    assert v.ok, v.reason
    assert compare_runs(PROGRAM, polymlir.print_ir(s.module), "f") <= 1e-9
