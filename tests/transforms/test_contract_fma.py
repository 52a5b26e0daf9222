"""contract_fma: multiply-adds marked ``fastmath<contract>`` round once (a
fused multiply-add in the machine code, as clang -ffp-contract=on), results
within a relative 1e-12 of the uncontracted program; optimize applies it."""

from __future__ import annotations

import numpy as np

import polymlir
from polymlir.testing import polybench as pb
from polymlir.testing import verify_trace_roundtrip
from polymlir.testing.differential import compare_runs
from polymlir.transforms.loops.primitives.arithmetic import AXPY

SHARED_PRODUCT = """func.func @k(%a: f64, %X: memref<16xf64>, %Y: memref<16xf64>, %Z: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    %x = affine.load %X[%i] : memref<16xf64>
    %y = affine.load %Y[%i] : memref<16xf64>
    %p = arith.mulf %a, %x : f64
    %s = arith.addf %p, %y : f64
    affine.store %s, %Y[%i] : memref<16xf64>
    affine.store %p, %Z[%i] : memref<16xf64>
  }
  return
}
"""


def test_pairs_are_marked_and_the_machine_code_fuses_them():
    out = verify_trace_roundtrip(AXPY, "k", [{"op": "contract_fma", "loops": ["i"]}])
    assert "arith.mulf %arg0, %0 fastmath<contract> : f64" in out
    assert "arith.addf %2, %1 fastmath<contract> : f64" in out
    e = polymlir.compile(out, threads=1, cache=False)
    asm = e.target_machine.emit_assembly(e._llvm_module)
    assert "vfmadd" in asm
    plain = polymlir.compile(AXPY, threads=1, cache=False)
    assert "vfmadd" not in plain.target_machine.emit_assembly(plain._llvm_module)
    x, y = np.random.default_rng(0).random((2, 16))
    want = 1.5 * x + y
    e.k(1.5, x, y)
    np.testing.assert_allclose(y, want, rtol=1e-15)


def test_a_product_used_twice_is_left_rounded():
    s = polymlir.schedule(polymlir.parse(SHARED_PRODUCT, "p.mlir"), "k")
    v = s.run("contract_fma", "i")
    assert not v.ok and "nothing to contract" in v.reason
    assert "contract" not in polymlir.print_ir(s.module)


def test_optimize_contracts_and_stays_within_tolerance_of_the_original():
    text = pb.render("gemm", {"NI": 20, "NJ": 24, "NK": 28})
    s = polymlir.schedule(polymlir.parse(text, "gemm.mlir"), "kernel")
    report = s.optimize()
    assert report.ok and next(iter(s.trace)).op == "contract_fma"
    assert any("round once" in r for r in report.remarks)
    assert compare_runs(text, polymlir.print_ir(s.module), "kernel", seeds=(0, 1)) <= 1e-12
