"""polymlir's own lowering to the LLVM dialect preserves meaning: each
program is lowered by polymlir's passes and run by upstream's runner, and
must print what upstream's own lowering prints."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

import polymlir
from polymlir.transforms.passes.manager import PassManager

from .harness import UPSTREAM_MISSING, run_upstream, small_kernel, upstream_tools, with_main

pytestmark = pytest.mark.skipif(upstream_tools() is None, reason=UPSTREAM_MISSING)
HERE = os.path.dirname(__file__)
PIPELINE = (
    "builtin.module(lower-affine,convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,"
    "convert-func-to-llvm,reconcile-unrealized-casts)"
)


def run_llvm_dialect(text: str) -> str:
    opt, runner, libdir = upstream_tools()  # type: ignore[misc]  # skipped above when the tools are absent
    libs = [os.path.join(libdir, f"lib{n}.so.22.1") for n in ("mlir_runner_utils", "mlir_c_runner_utils")]
    r = subprocess.run(
        [runner, "-e", "main", "-entry-point-result=void", *[f"-shared-libs={lib}" for lib in libs]],
        input=text,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    return re.sub(r"base@ = 0x[0-9a-f]+", "base@ = <addr>", r.stdout)


CASES = [
    "gemm:NI=4,NJ=5,NK=6",
    "2mm:NI=3,NJ=4,NK=5,NL=6",
    "syrk:M=4,N=5",
    "jacobi-2d:TSTEPS=3,N=7",
    "seidel-2d:TSTEPS=2,N=6",
    "lu:N=5",
    "programs/scf_mix.mlir",
    "programs/views.mlir",
]


@pytest.mark.parametrize("source", CASES)
def test_polymlir_lowering_runs_like_upstream(source):
    if ":" in source:
        name, sizes = source.split(":")
        text = small_kernel(name, sizes)
    else:
        text = open(os.path.join(HERE, source)).read()
    program = with_main(text)
    expected = run_upstream(program)
    module = polymlir.parse(program)
    PassManager.parse(PIPELINE).run(module)
    out = polymlir.print_ir(module)
    assert "memref." not in out and "arith." not in out and "func.func" not in out
    assert run_llvm_dialect(out) == expected


@pytest.mark.parametrize("source", ["programs/views.mlir", "programs/scf_mix.mlir", "programs/linalg_buffers.mlir"])
def test_convert_to_llvm_pipeline(source):
    program = with_main(open(os.path.join(HERE, source)).read())
    module = polymlir.parse(program)
    PassManager.parse("builtin.module(convert-to-llvm)").run(module)
    assert run_llvm_dialect(polymlir.print_ir(module)) == run_upstream(program, linalg=True)
