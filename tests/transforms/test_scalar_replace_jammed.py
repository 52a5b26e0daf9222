"""Scalar replacement after unroll-and-jam: the jammed copies index their
row through an ``affine.apply`` made in the inner body (``i + 1``); their
accumulators must be carried in registers too, not only the original's."""

from __future__ import annotations

import numpy as np

import polymlir

GESUMMV = """
func.func @kernel(%A: memref<8x16xf64>, %B: memref<8x16xf64>, %x: memref<16xf64>,
                  %t: memref<8xf64>, %y: memref<8xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to 8 {
    affine.store %z, %t[%i] : memref<8xf64>
    affine.store %z, %y[%i] : memref<8xf64>
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<8x16xf64>
      %v = affine.load %x[%j] : memref<16xf64>
      %s = affine.load %t[%i] : memref<8xf64>
      %m = arith.mulf %a, %v : f64
      %n = arith.addf %m, %s : f64
      affine.store %n, %t[%i] : memref<8xf64>
      %b = affine.load %B[%i, %j] : memref<8x16xf64>
      %r = affine.load %y[%i] : memref<8xf64>
      %p = arith.mulf %b, %v : f64
      %q = arith.addf %p, %r : f64
      affine.store %q, %y[%i] : memref<8xf64>
    }
  }
  return
}
"""


def _run(module) -> list[np.ndarray]:
    rng = np.random.default_rng(1)
    A, B, x = rng.random((8, 16)), rng.random((8, 16)), rng.random(16)
    t, y = np.zeros(8), np.zeros(8)
    polymlir.compile(module).invoke("kernel", A, B, x, t, y)
    return [t, y]


def test_every_jammed_accumulator_is_carried():
    m = polymlir.parse(GESUMMV)
    s = polymlir.schedule(m, "kernel")
    assert s.unroll_jam("i", 4).ok
    v = s.scalar_replace("j")
    assert v.ok, v.reason
    text = polymlir.print_ir(m)
    assert "-> (f64, f64, f64, f64, f64, f64, f64, f64)" in text
    inner = text[text.index("iter_args") : text.index("affine.yield")]
    assert "affine.store" not in inner and "%arg4[" not in inner
    for got, want in zip(_run(m), _run(polymlir.parse(GESUMMV)), strict=True):
        np.testing.assert_array_equal(got, want)
