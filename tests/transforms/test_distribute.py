"""Loop distribution (fission): maximal splits by strongly connected
components of the statement dependence graph, user groups and split
points, exact refusals for dependence cycles, and distributed programs that
compute what the originals compute (JIT on random inputs)."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.affine.model import analyze
from polymlir.testing.differential import compare_runs
from polymlir.transforms.loops import distribute as D
from polymlir.transforms.loops.loop_utils import TransformError
from polymlir.transforms.passes.manager import PassManager

# S0 (C[i] = A[i] + B[i-1]) reads what S1 (B[i] = A[i]^2) wrote one
# iteration earlier: legal to split with S1's loop first.
TWO = """func.func @kernel(%A: memref<20xf64>, %B: memref<20xf64>, %C: memref<20xf64>) {
  affine.for %i = 1 to 20 {
    %a = affine.load %A[%i] : memref<20xf64>
    %b0 = affine.load %B[%i - 1] : memref<20xf64>
    %s = arith.addf %a, %b0 : f64
    affine.store %s, %C[%i] : memref<20xf64>
    %m = arith.mulf %a, %a : f64
    affine.store %m, %B[%i] : memref<20xf64>
  }
  return
}
"""

# A[i] = f(B[i-1]); B[i] = g(A[i]): a dependence cycle through both arrays.
CYCLE = """func.func @kernel(%A: memref<20xf64>, %B: memref<20xf64>) {
  affine.for %i = 1 to 20 {
    %b = affine.load %B[%i - 1] : memref<20xf64>
    %x = arith.addf %b, %b : f64
    affine.store %x, %A[%i] : memref<20xf64>
    %a = affine.load %A[%i] : memref<20xf64>
    %y = arith.mulf %a, %a : f64
    affine.store %y, %B[%i] : memref<20xf64>
  }
  return
}
"""

# Three statements: S0 and S2 form a cycle, S1 is independent of both.
THREE = """func.func @kernel(%A: memref<20xf64>, %B: memref<20xf64>, %C: memref<20xf64>, %D: memref<20xf64>) {
  affine.for %i = 1 to 20 {
    %b = affine.load %B[%i - 1] : memref<20xf64>
    affine.store %b, %A[%i] : memref<20xf64>
    %d = affine.load %D[%i] : memref<20xf64>
    %e = arith.mulf %d, %d : f64
    affine.store %e, %C[%i] : memref<20xf64>
    %a = affine.load %A[%i] : memref<20xf64>
    %f = arith.addf %a, %a : f64
    affine.store %f, %B[%i] : memref<20xf64>
  }
  return
}
"""

# An imperfect nest: a row sum in an inner loop, then a use of it.
IMPERFECT = """func.func @kernel(%A: memref<8x9xf64>, %S: memref<8xf64>, %T: memref<8xf64>) {
  affine.for %t = 0 to 2 {
    affine.for %i = 0 to 8 {
      affine.for %j = 0 to 9 {
        %a = affine.load %A[%i, %j] : memref<8x9xf64>
        %s = affine.load %S[%i] : memref<8xf64>
        %x = arith.addf %s, %a : f64
        affine.store %x, %S[%i] : memref<8xf64>
      }
      %s = affine.load %S[%i] : memref<8xf64>
      %y = arith.mulf %s, %s : f64
      affine.store %y, %T[%i] : memref<8xf64>
    }
  }
  return
}
"""

ITER_ARGS = """func.func @kernel(%A: memref<20xf64>, %B: memref<20xf64>) {
  %z = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 20 iter_args(%acc = %z) -> (f64) {
    %a = affine.load %A[%i] : memref<20xf64>
    affine.store %a, %B[%i] : memref<20xf64>
    %n = arith.addf %acc, %a : f64
    affine.yield %n : f64
  }
  affine.store %r, %B[0] : memref<20xf64>
  return
}
"""


def _func(module):
    return next(op for op in module.walk(post_order=False) if op.name == "func.func")


def _distributed(text: str, loop: int = 0, **kw):
    module = polymlir.parse(text, "t.mlir")
    model = analyze(_func(module))
    v = D.distribute_verdict(model, model.loops[loop], **kw)
    if v.ok:
        new = D.distribute(model, model.loops[loop], **kw)
        assert all(op.name == "affine.for" for op in new)
    return polymlir.print_ir(module), v


def test_two_statements_distributed_in_dependence_order():
    out, v = _distributed(TWO)
    assert v.ok, v.reason
    assert out.count("affine.for") == 2
    # B's loop (the source of the carried dependence) runs first.
    assert out.index("arith.mulf") < out.index("arith.addf")
    # The shared load of A[i] is recomputed in both loops.
    assert out.count("affine.load %arg0[%arg3]") == 2
    assert compare_runs(TWO, out, "kernel", seeds=(0, 1)) <= 1e-9


def test_split_in_program_order_is_refused():
    out, v = _distributed(TWO, split_points=[1])
    assert not v.ok
    assert "flow dependence from affine.store at t.mlir:8:5 to affine.load at t.mlir:4:11 has distance (1)" in v.reason


def test_groups_by_statement_name():
    out, v = _distributed(TWO, groups=[["S1"], ["S0"]])
    assert v.ok, v.reason
    assert compare_runs(TWO, out, "kernel") <= 1e-9


def test_cycle_is_refused():
    _, v = _distributed(CYCLE)
    assert not v.ok
    assert "one dependence cycle" in v.reason
    _, v = _distributed(CYCLE, groups=[["S0"], ["S1"]])
    assert not v.ok
    assert "flow dependence from affine.store at t.mlir:8:5 to affine.load at t.mlir:3:10 has distance (1)" in v.reason
    _, v = _distributed(CYCLE, groups=[["S1"], ["S0"]])
    assert not v.ok and "dependence" in v.reason


def test_cycle_stays_together_and_the_rest_is_split():
    out, v = _distributed(THREE)
    assert v.ok, v.reason
    assert out.count("affine.for") == 2
    assert compare_runs(THREE, out, "kernel", seeds=(0, 1)) <= 1e-9


def test_inner_loop_of_an_imperfect_nest():
    module = polymlir.parse(IMPERFECT, "t.mlir")
    model = analyze(_func(module))
    i_loop = model.loops[1]
    assert len(D.body_items(i_loop)) == 2
    v = D.distribute_verdict(model, i_loop)
    assert v.ok, v.reason
    D.distribute(model, i_loop)
    out = polymlir.print_ir(module)
    assert out.count("affine.for") == 4
    assert compare_runs(IMPERFECT, out, "kernel", seeds=(0, 1)) <= 1e-9


def test_iter_args_are_refused():
    _, v = _distributed(ITER_ARGS)
    assert not v.ok and "iter_args" in v.reason


def test_bad_groups():
    module = polymlir.parse(TWO, "t.mlir")
    model = analyze(_func(module))
    loop = model.loops[0]
    with pytest.raises(TransformError, match="split points"):
        D.distribute_verdict(model, loop, split_points=[2])
    with pytest.raises(TransformError, match="non-empty disjoint"):
        D.distribute_verdict(model, loop, groups=[[0]])
    with pytest.raises(TransformError, match="no statement S7"):
        D.distribute_verdict(model, loop, groups=[["S7"], ["S0"]])
    with pytest.raises(TransformError, match="either groups or split points"):
        D.distribute_verdict(model, loop, groups=[[0], [1]], split_points=[1])


def test_distribute_pass():
    module = polymlir.parse(THREE, "t.mlir")
    PassManager.parse("affine-loop-distribute").run(module)
    out = polymlir.print_ir(module)
    assert out.count("affine.for") == 2
    assert compare_runs(THREE, out, "kernel") <= 1e-9
    module = polymlir.parse(CYCLE, "t.mlir")
    ctx = PassManager.parse("affine-loop-distribute").run(module)
    assert [d.message for d in ctx.diagnostics if "not distributed" in d.message]
