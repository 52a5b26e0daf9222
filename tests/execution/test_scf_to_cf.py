"""convert-scf-to-cf (after lower-affine) preserves meaning: programs run
through upstream's runner before and after polymlir's lowering."""

from __future__ import annotations

import os

import pytest

import polymlir
from polymlir.conversion.affine_to_scf import lower_affine
from polymlir.conversion.scf_to_cf import scf_to_cf

from .harness import UPSTREAM_MISSING, run_upstream, small_kernel, upstream_tools, with_main

pytestmark = pytest.mark.skipif(upstream_tools() is None, reason=UPSTREAM_MISSING)
HERE = os.path.dirname(__file__)


@pytest.mark.parametrize("source", ["programs/scf_mix.mlir", "gemm:NI=3,NJ=4,NK=5", "lu:N=5", "seidel-2d:TSTEPS=2,N=6"])
def test_scf_to_cf_preserves_results(source):
    if ":" in source:
        name, sizes = source.split(":")
        text = small_kernel(name, sizes)
    else:
        text = open(os.path.join(HERE, source)).read()
    program = with_main(text)
    expected = run_upstream(program)
    module = polymlir.parse(program)
    lower_affine(module)
    scf_to_cf(module)
    polymlir.verify(module)
    out = polymlir.print_ir(module)
    assert "scf." not in out and "affine." not in out
    assert run_upstream(out) == expected
