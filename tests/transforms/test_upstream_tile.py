"""polymlir's affine-loop-tile against upstream MLIR 22's, kernel by kernel.

Upstream tiles without a legality check: on seidel-2d (and any band with a
negative dependence distance) its output computes something else. Here every
upstream output is run through polymlir's JIT and compared with the
original; where upstream is right, polymlir prints the same loops; where
upstream is wrong, polymlir refuses with a remark naming the dependence."""

from __future__ import annotations

import subprocess

import pytest

import polymlir
from polymlir.testing import polybench as pb
from polymlir.testing.differential import compare_runs
from polymlir.transforms.pass_manager import PassManager

from ..shared_data import requires_upstream, upstream

KERNELS = ["gemm", "2mm", "syrk", "jacobi-1d", "jacobi-2d", "seidel-2d", "lu", "trmm", "atax", "mvt"]
PASS = "affine-loop-tile{tile-size=4}"


def upstream_tile(text: str) -> str:
    r = subprocess.run(
        [upstream("mlir-opt"), f"--pass-pipeline=builtin.module(func.func({PASS}))"],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def polymlir_tile(text: str) -> tuple[str, list[str]]:
    module = polymlir.parse(text, "k.mlir")
    result = PassManager.parse(f"builtin.module({PASS})").run(module)
    return polymlir.print_ir(module), [d.message for d in result.diagnostics]


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("name", KERNELS)
def test_tile_against_upstream(name):
    text = pb.render(name)
    ours, remarks = polymlir_tile(text)
    assert compare_runs(text, ours, "kernel") <= 1e-9
    theirs = upstream_tile(text)
    upstream_right = compare_runs(text, theirs, "kernel") <= 1e-9
    # Normalize upstream's text through our printer (same printing rules).
    theirs_printed = polymlir.print_ir(polymlir.parse(theirs, "u.mlir"))
    if upstream_right and not remarks:
        assert ours == theirs_printed
    if not upstream_right:
        assert any("not tiled: cannot tile loops" in r and "dependence" in r for r in remarks), remarks
    # Everything we print, upstream reads.
    r = subprocess.run([upstream("mlir-opt")], input=ours, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr


@requires_upstream("mlir-opt")
def test_upstream_tiling_of_seidel_is_wrong_and_polymlir_refuses():
    text = pb.render("seidel-2d")
    assert compare_runs(text, upstream_tile(text), "kernel") > 1e-6  # upstream miscompiles
    ours, remarks = polymlir_tile(text)
    assert ours == polymlir.print_ir(polymlir.parse(text, "k.mlir"))  # refused: unchanged
    assert any("flow dependence" in r or "anti dependence" in r for r in remarks)
