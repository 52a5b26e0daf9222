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
from polymlir.transforms.passes.manager import PassManager

from ..shared_data import requires_upstream, upstream
from .loop_testing import TOL, max_error

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


def _tile_with(text: str, pipeline: str, tool: str | None) -> str:
    if tool is None:
        module = polymlir.parse(text, "t.mlir")
        PassManager.parse(f"builtin.module(func.func({pipeline}))").run(module)
        return polymlir.print_ir(module)
    r = subprocess.run(
        [tool, f"--pass-pipeline=builtin.module(func.func({pipeline}))"],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


# Upstream's loop-tile-anti-dep.mlir, smaller: the anti dependence from
# A[i + 1, j - 1] to A[i, j] has distance (1, -1). MLIR 22 tiles it anyway
# (the test's fix came later) and computes something else.
ANTI_DEP = """func.func @f(%A: memref<64x64xi32>) {
  affine.for %i = 0 to 63 {
    affine.for %j = 1 to 64 {
      %v = affine.load %A[%i + 1, %j - 1] : memref<64x64xi32>
      affine.store %v, %A[%i, %j] : memref<64x64xi32>
    }
  }
  return
}"""

# Upstream's loop-tiling-validity.mlir @illegal_loop_with_diag_dependence,
# with a column more so that no access leaves its row (upstream's A[i, j - 1]
# reads A[i, -1], i.e. A[i - 1, 63] in memory, at j = 0): the dependences
# between iteration (i, j) and (j, i) have direction (+, -), which upstream's
# check refuses; but their source and sink lie in tiles (ti, tj) and (tj, ti)
# with ti <= tj, in order, so the exact check finds the 32x32 tiling legal.
DIAG = """func.func @f(%A: memref<64x65xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %0 = affine.load %A[%j, %i + 1] : memref<64x65xf32>
      %1 = affine.load %A[%i, %j] : memref<64x65xf32>
      %2 = arith.addf %0, %1 : f32
      affine.store %2, %A[%i, %j + 1] : memref<64x65xf32>
    }
  }
  return
}"""


@requires_upstream("mlir-opt")
def test_upstream_22_tiles_across_an_anti_dependence_and_polymlir_refuses():
    pipeline = "affine-loop-tile{tile-sizes=16,16}"
    theirs = _tile_with(ANTI_DEP, pipeline, upstream("mlir-opt"))
    assert "step 16" in theirs and max_error(ANTI_DEP, theirs, "f") > 0  # upstream 22 miscompiles
    ours = _tile_with(ANTI_DEP, pipeline, None)
    assert ours == polymlir.print_ir(polymlir.parse(ANTI_DEP, "t.mlir"))


@requires_upstream("mlir-opt")
def test_polymlir_tiles_the_diagonal_dependences_upstream_refuses():
    pipeline = "affine-loop-tile{tile-size=32}"
    assert "step 32" not in _tile_with(DIAG, pipeline, upstream("mlir-opt"))
    ours = _tile_with(DIAG, pipeline, None)
    assert ours.count("step 32") == 2, ours
    assert max_error(DIAG, ours, "f", seeds=(0, 1)) <= TOL
