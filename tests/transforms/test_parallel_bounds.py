"""affine.parallel's lower map reads the first map operands, its upper map
the rest (upstream's getLowerBoundsOperands/getUpperBoundsOperands). The
differential campaign found lower-affine and the polyhedral model both
applying the upper map to the lower map's operands."""

from __future__ import annotations

import numpy as np

import polymlir
from polymlir.affine.model import analyze

PAR = """func.func @f(%A: memref<16x16xf64>, %s: f64) {
  affine.for %i = 3 to 11 {
    affine.for %j = 2 to 6 {
      affine.parallel (%k) = (%j) to (%i + 1) {
        affine.store %s, %A[%i, %k] : memref<16x16xf64>
      }
    }
  }
  return
}
"""


def test_lowered_parallel_uses_the_upper_operands():
    engine = polymlir.compile(PAR)
    a = np.zeros((16, 16))
    engine.f(a, 1.0)
    expected = np.zeros((16, 16))
    for i in range(3, 11):
        for j in range(2, 6):
            expected[i, j : i + 1] = 1.0
    assert np.array_equal(a, expected)


def test_model_domain_of_parallel_loop():
    func = polymlir.parse(PAR).regions[0].blocks[0].operations[0]
    (stmt,) = analyze(func).statements
    from polymlir.affine import isl_bridge as ib

    points = {p for p, _ in ib.map_points(stmt.schedule)}
    expected = {(i, j, k) for i in range(3, 11) for j in range(2, 6) for k in range(j, i + 1)}
    assert points == expected
