"""Library calls: ``convert-linalg-to-std`` output matches upstream, and the
JIT binds the calls to Python implementations, so that a program mixes
generated loops and library code."""

from __future__ import annotations

import numpy as np
import pytest

import polymlir
from polymlir.ir.diagnostics import DiagnosticError

from ..shared_data import upstream, upstream_missing
from ..transforms import linalg_cases as LC

RNG = np.random.default_rng(7)

MIXED = """
func.func @f(%a: memref<5x3xf64>, %b: memref<3x4xf64>, %c: memref<5x4xf64>, %d: memref<5x4xf64>) {
  linalg.matmul ins(%a, %b : memref<5x3xf64>, memref<3x4xf64>) outs(%c : memref<5x4xf64>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]} ins(%c : memref<5x4xf64>) outs(%d : memref<5x4xf64>) {
  ^bb0(%x: f64, %y: f64):
    %z = arith.maximumf %x, %y : f64
    linalg.yield %z : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"], library_call = "scale2"}
      ins(%d : memref<5x4xf64>) outs(%d : memref<5x4xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  return
}
"""


def _inputs():
    return RNG.random((5, 3)), RNG.random((3, 4)), RNG.random((5, 4)), RNG.random((5, 4))


def test_library_matmul_mixed_with_generated_loops():
    """The shipped numpy matmul runs the named op, a Python function the
    generic with ``library_call``, and the other generic becomes loops."""
    seen = []

    def scale2(x, y):
        seen.append((x.shape, y.shape))
        y[...] = 2 * x

    m = polymlir.parse(MIXED)
    polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-std{named-ops=matmul})")
    text = polymlir.print_ir(m)
    assert "call @linalg_matmul_view5x3xf64_view3x4xf64_view5x4xf64(" in text and "call @scale2(" in text
    assert text.count("linalg.generic") == 1
    a, b, c, d = _inputs()
    want = 2 * np.maximum(c + a @ b, d)
    polymlir.compile(m, library={"scale2": scale2}).f(a, b, c, d)
    assert np.allclose(d, want, rtol=1e-12, atol=0)
    assert seen == [((5, 4), (5, 4))]


def test_compile_converts_the_ops_a_library_implements():
    """``compile(..., library=...)`` turns the ops whose library name it
    implements into calls by itself; the others become loops."""
    calls = []

    def matmul(a, b, c):
        calls.append("matmul")
        c += a @ b

    def scale2(x, y):
        y[...] = 2 * x

    a, b, c, d = _inputs()
    want = 2 * np.maximum(c + a @ b, d)
    polymlir.compile(MIXED, library={"linalg_matmul_view*": matmul, "scale2": scale2}).f(a, b, c, d)
    assert calls == ["matmul"] and np.allclose(d, want, rtol=1e-12, atol=0)


def test_registered_library_call_and_strided_views():
    """``register_library_call`` binds for later compilations; a strided
    operand arrives as a numpy view with its strides."""
    text = """
    func.func @g(%a: memref<4x3xf64, strided<[6, 2], offset: 1>>, %o: memref<4x3xf64>) {
      linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                      iterator_types = ["parallel", "parallel"], library_call = "negate_view"}
          ins(%a : memref<4x3xf64, strided<[6, 2], offset: 1>>) outs(%o : memref<4x3xf64>) {
      ^bb0(%x: f64, %y: f64):
        linalg.yield %x : f64
      }
      return
    }"""
    polymlir.register_library_call("negate_view", lambda x, y: np.negative(x, out=y))
    try:
        base = RNG.random(25)
        a = np.lib.stride_tricks.as_strided(base[1:], shape=(4, 3), strides=(6 * 8, 2 * 8))
        o = np.zeros((4, 3))
        polymlir.compile(text).g(a, o)
        assert (o == -a).all()
    finally:
        from polymlir.codegen.library import unregister_library_call

        unregister_library_call("negate_view")


def test_library_errors_are_reported():
    m = polymlir.parse(MIXED)
    polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-std{library-call-only})")
    with pytest.raises(DiagnosticError, match="no implementation of library function '@scale2'"):
        polymlir.compile(m)

    def broken(x, y):
        raise ValueError("boom")

    engine = polymlir.compile(m, library={"scale2": broken}, cache=False)
    with pytest.raises(RuntimeError, match="library function 'scale2' failed: ValueError: boom"):
        engine.f(*_inputs())


def test_tensor_ops_need_bufferization():
    text = """
    func.func @t(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
      %0 = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%b : tensor<4x4xf32>) -> tensor<4x4xf32>
      return %0 : tensor<4x4xf32>
    }"""
    for p in ("convert-linalg-to-std", "convert-linalg-to-loops", "convert-linalg-to-affine-loops"):
        with pytest.raises(DiagnosticError, match="on tensors must be bufferized before"):
            polymlir.run_pipeline(polymlir.parse(text), f"builtin.module({p})")


def test_ambiguous_names_are_left_or_refused():
    """A strided convolution's mangled name is that of the unit-stride one:
    it is left for the loop lowerings (or refused when asked for)."""
    text = LC.named_op_case("conv_2d_nhwc_hwcf", tensor=False)
    m = polymlir.parse(text)
    ctx = polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-std)")
    assert "linalg.conv_2d_nhwc_hwcf" in polymlir.print_ir(m)
    assert any("would not carry its strides" in d.message for d in ctx.diagnostics)
    with pytest.raises(DiagnosticError, match="would not carry its strides"):
        polymlir.run_pipeline(
            polymlir.parse(text), "builtin.module(convert-linalg-to-std{named-ops=conv_2d_nhwc_hwcf})"
        )


@pytest.mark.skipif(upstream("mlir-opt") is None, reason=upstream_missing("mlir-opt"))
def test_library_calls_as_upstream():
    """Every named op whose name says what it computes (unit strides) is
    converted as upstream's ``convert-linalg-to-std`` converts it."""
    cases = {n: LC.named_op_case(n, tensor=False, stride=1) for n in LC.N.SPECS}
    cases["seed_example4"] = SEED_EXAMPLE4
    text = LC.module_of(cases)
    up = LC.mlir_opt(text, "--convert-linalg-to-std")
    assert up.returncode == 0, up.stderr
    m = polymlir.parse(text)
    polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-std)")
    ours = polymlir.print_ir(m)
    assert "linalg." not in ours.replace("linalg_", "")
    assert LC.upstream_print(ours) == LC.upstream_print(up.stdout)


# Seed 001 (linalg), property 5, example4.mlir in today's syntax.
SEED_EXAMPLE4 = """
func.func @seed_example4(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"], library_call = "pointwise_add"}
      ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = arith.addf %a, %b : f32
    linalg.yield %d : f32
  }
  return
}
"""


def test_generic_matmul_with_library_call_runs_the_numpy_matmul():
    """A generic matmul naming its implementation (library_call) runs the
    shipped numpy matmul; the bias and relu that follow are generated loops."""
    text = """
    #mk = affine_map<(m, n, k) -> (m, k)>
    #kn = affine_map<(m, n, k) -> (k, n)>
    #mn = affine_map<(m, n, k) -> (m, n)>
    #id = affine_map<(m, n) -> (m, n)>
    #col = affine_map<(m, n) -> (n)>
    func.func @mlp(%x: memref<6x5xf64>, %w: memref<5x7xf64>, %b: memref<7xf64>, %y: memref<6x7xf64>) {
      %zero = arith.constant 0.0 : f64
      linalg.fill ins(%zero : f64) outs(%y : memref<6x7xf64>)
      linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"],
                      library_call = "gemm"} ins(%x, %w : memref<6x5xf64>, memref<5x7xf64>) outs(%y : memref<6x7xf64>) {
      ^bb0(%a: f64, %bb: f64, %c: f64):
        %p = arith.mulf %a, %bb : f64
        %s = arith.addf %c, %p : f64
        linalg.yield %s : f64
      }
      linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
          ins(%b : memref<7xf64>) outs(%y : memref<6x7xf64>) {
      ^bb0(%bias: f64, %o: f64):
        %s = arith.addf %o, %bias : f64
        %r = arith.maximumf %s, %zero : f64
        linalg.yield %r : f64
      }
      return
    }"""
    from polymlir.codegen.library import numpy_matmul

    x, w, b = RNG.standard_normal((6, 5)), RNG.standard_normal((5, 7)), RNG.standard_normal(7)
    y = np.full((6, 7), np.nan)
    engine = polymlir.compile(text, library={"gemm": numpy_matmul})
    assert "call @gemm" not in text and "gemm" in engine.llvm_ir
    engine.mlp(x, w, b, y)
    assert np.allclose(y, np.maximum(x @ w + b, 0.0), rtol=1e-12, atol=1e-12)
