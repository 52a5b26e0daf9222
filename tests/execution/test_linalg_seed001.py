"""Seed 001's linalg examples with a concrete payload run: example3
(element-wise addf) through each loop lowering, example4 (library_call
"pointwise_add") through a library call bound to Python. The inputs are the
repository's copies in tests/filecheck/linalg/seed001-example*.mlir (2020
syntax, as written in the seed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import polymlir

# The seed is written in 2020 syntax: its legacy spellings are expected.
pytestmark = pytest.mark.filterwarnings("ignore::polymlir.parser.parser.LegacySyntaxWarning")

HERE = Path(__file__).resolve().parent.parent / "filecheck" / "linalg"
RNG = np.random.default_rng(1)


def _example(n: int):
    return polymlir.parse((HERE / f"seed001-example{n}.mlir").read_text(), allow_unregistered=True)


@pytest.mark.parametrize("kind", ["loops", "affine-loops", "parallel-loops"])
def test_example3_runs(kind):
    m = _example(3)
    polymlir.run_pipeline(m, f"builtin.module(convert-linalg-to-{kind})")
    a, b = RNG.random((7, 5), dtype=np.float32), RNG.random((7, 5), dtype=np.float32)
    c = np.zeros((7, 5), np.float32)
    polymlir.compile(m).example(a, b, c)
    assert (c == a + b).all()


def test_example4_runs_with_a_python_library():
    m = _example(4)
    polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-std)")
    shapes = []

    def pointwise_add(a, b, c):
        shapes.append(c.shape)
        np.add(a, b, out=c)

    a, b = RNG.random((3, 6), dtype=np.float32), RNG.random((3, 6), dtype=np.float32)
    c = np.zeros((3, 6), np.float32)
    polymlir.compile(m, library={"pointwise_add": pointwise_add}).example(a, b, c)
    assert (c == a + b).all() and shapes == [(3, 6)]


@pytest.mark.parametrize("n", [1, 2])
def test_examples_without_payload_lower(n):
    """Examples 1 and 2 compute with an unregistered "some_compute": they
    lower (checked by FileCheck) but cannot run."""
    m = _example(n)
    polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-loops)")
    assert "linalg." not in polymlir.print_ir(m)
