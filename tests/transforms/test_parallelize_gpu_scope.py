"""``parallelize-affine-scope.mlir`` (upstream's test, checks marked FIXME):
inside a ``gpu.launch`` nested in an ``affine.for``, LLVM 22 turns a loop
that carries a flow dependence into ``affine.parallel``; polymlir keeps it
sequential. The program below runs the nest's rows in another order, one
that ``affine.parallel`` allows, and gets another result."""

from __future__ import annotations

import subprocess

import polymlir
from polymlir.transforms.passes.manager import PassManager

from ..shared_data import requires_upstream, upstream
from .loop_testing import max_error

SCOPE_DEPTH = """func.func @scope_depth(%a: memref<6x4xf32>) {
  %c1 = arith.constant 1 : index
  affine.for %q = 0 to 1 {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      affine.for %i = 1 to 5 {
        affine.for %j = 0 to 3 {
          %v = affine.load %a[%i - 1, %j + 1] : memref<6x4xf32>
          affine.store %v, %a[%i, %j] : memref<6x4xf32>
        }
      }
      gpu.terminator
    }
  }
  return
}
"""

# The same rows, first in order, then in reverse (a legal schedule of an
# affine.parallel over %i).
ROWS_IN_ORDER = """func.func @f(%a: memref<6x4xf32>) {
  affine.for %i = 1 to 5 {
    affine.for %j = 0 to 3 {
      %v = affine.load %a[%i - 1, %j + 1] : memref<6x4xf32>
      affine.store %v, %a[%i, %j] : memref<6x4xf32>
    }
  }
  return
}
"""
ROWS_REVERSED = ROWS_IN_ORDER.replace(
    "affine.for %i = 1 to 5 {",
    "affine.for %r = 1 to 5 {\n    %i = affine.apply affine_map<(d0) -> (5 - d0)>(%r)",
)


def _upstream(text: str) -> str:
    r = subprocess.run(
        [upstream("mlir-opt"), "-affine-parallelize"], input=text, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def _ours(text: str) -> str:
    module = polymlir.parse(text, "t.mlir")
    PassManager.parse("builtin.module(func.func(affine-parallelize))").run(module)
    return polymlir.print_ir(module)


@requires_upstream("mlir-opt")
def test_upstream_22_parallelizes_a_carried_loop_in_gpu_launch_and_polymlir_does_not():
    theirs = _upstream(SCOPE_DEPTH)
    assert "affine.parallel (%arg14) = (1) to (5)" in theirs  # %i, which carries a[i - 1] -> a[i]
    ours = _ours(SCOPE_DEPTH)
    assert "affine.for %arg14 = 1 to 5" in ours and "affine.parallel" not in ours
    # The rows' order matters: the results differ.
    assert max_error(ROWS_IN_ORDER, ROWS_REVERSED, "f") > 0
