"""lower-affine preserves meaning: each program is run (through upstream's
runner, an oracle available in CI) before and after polymlir's lowering."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.conversion.affine_to_scf import lower_affine

from .harness import UPSTREAM_MISSING, run_upstream, small_kernel, upstream_tools, with_main

pytestmark = pytest.mark.skipif(upstream_tools() is None, reason=UPSTREAM_MISSING)

KERNELS = {
    "gemm": "NI=4,NJ=5,NK=6",
    "2mm": "NI=3,NJ=4,NK=5,NL=6",
    "syrk": "M=4,N=5",
    "jacobi-2d": "TSTEPS=3,N=7",
    "seidel-2d": "TSTEPS=2,N=6",
    "lu": "N=5",
}

NESTS = {
    "divisions": """func.func @kernel(%A: memref<12x12xf64>, %B: memref<40xf64>) {
  affine.for %i = 0 to 12 {
    affine.for %j = max affine_map<(d0) -> (0, d0 - 3)>(%i) to min affine_map<(d0) -> (12, d0 + 5)>(%i) step 2 {
      %a = affine.load %A[%i, %j] : memref<12x12xf64>
      %b = affine.load %B[(%i * 3 - 7) mod 5 + %j floordiv 3 + (%i - 8) ceildiv 4 + 8] : memref<40xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %A[%i, %j] : memref<12x12xf64>
    }
  }
  return
}""",
    "if_apply_minmax": """func.func @kernel(%A: memref<10x10xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %k = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1) mod 10)>(%i, %j)
      %m = affine.min affine_map<(d0, d1) -> (d0, d1, 7)>(%i, %k)
      %n = affine.max affine_map<(d0) -> (d0 - 2, 0)>(%m)
      affine.if affine_set<(d0, d1) : (d0 - d1 >= 0, d1 - 2 >= 0)>(%i, %j) {
        %v = memref.load %A[%n, %k] : memref<10x10xf64>
        affine.store %v, %A[%i, %j] : memref<10x10xf64>
      } else {
        %v = affine.load %A[%j, %i] : memref<10x10xf64>
        %w = arith.addf %v, %v : f64
        affine.store %w, %A[%i, %j] : memref<10x10xf64>
      }
    }
  }
  return
}""",
    "parallel_reduce": """func.func @kernel(%A: memref<8x6xf64>, %B: memref<8xf64>) {
  affine.for %i = 0 to 8 {
    %r = affine.parallel (%j) = (0) to (6) reduce ("addf") -> f64 {
      %v = affine.load %A[%i, %j] : memref<8x6xf64>
      affine.yield %v : f64
    }
    %s = affine.for %k = 0 to 6 iter_args(%acc = %r) -> (f64) {
      %v = affine.load %A[%i, %k] : memref<8x6xf64>
      %p = arith.mulf %acc, %v : f64
      affine.yield %p : f64
    }
    affine.store %s, %B[%i] : memref<8xf64>
  }
  affine.parallel (%x, %y) = (0, 1) to (8, 6) step (2, 2) {
    %v = affine.load %A[%x, %y] : memref<8x6xf64>
    %w = arith.addf %v, %v : f64
    affine.store %w, %A[%x, %y] : memref<8x6xf64>
  }
  return
}""",
    # Constant operands in loop bounds and a condition (folded into the maps
    # before the expansion, as upstream's conversion folds the ops).
    "constant_operands": """func.func @kernel(%A: memref<9x9xf64>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 - 4)>(%c2)[%c7] to min affine_map<(d0) -> (d0 * 4, 8)>(%c3) {
    affine.parallel (%j, %k) = (%c2, max(%c2 * 2, %i)) to (%i + %c2, 9) {
      affine.if affine_set<(d0, d1, d2) : (d0 - d2 >= 0, d1 - d2 * 2 >= 0)>(%j, %k, %c2) {
        %v = affine.load %A[%j, %k] : memref<9x9xf64>
        %w = arith.addf %v, %v : f64
        affine.store %w, %A[%j, %k] : memref<9x9xf64>
      }
    }
  }
  return
}""",
}


def _cases():
    for k, sizes in KERNELS.items():
        yield pytest.param(("kernel", k, sizes), id=k)
    for name in NESTS:
        yield pytest.param(("nest", name, None), id=name)


@pytest.mark.parametrize("case", list(_cases()))
def test_lower_affine_preserves_results(case):
    kind, name, sizes = case
    text = small_kernel(name, sizes) if kind == "kernel" else NESTS[name]
    program = with_main(text)
    expected = run_upstream(program)
    module = polymlir.parse(program)
    lower_affine(module)
    polymlir.verify(module)
    out = polymlir.print_ir(module)
    assert "affine." not in out
    assert run_upstream(out) == expected
