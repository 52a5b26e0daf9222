"""Values carried in iter_args through the primitives that regenerate code
with isl (skew, shift, imperfect tiling, apply_schedule): kept in memory
while the statements move (``demote_carried.py``), checked as SSA values
(every read keeps the write it read, no other write in between), named in
refusals as "the value carried in iter_args #k of loop i", and back in
iter_args afterwards. Each applied transformation runs like the original
on random inputs; a refused one leaves the IR unchanged."""

from __future__ import annotations

import subprocess

import pytest

import polymlir
from polymlir.affine.model import analyze
from polymlir.testing.campaign import format_stats, run_campaign
from polymlir.testing.differential import compare_runs
from polymlir.testing.random_nests import random_program
from polymlir.transforms.loops import demote_carried as DC
from polymlir.transforms.loops.errors import TransformError
from polymlir.transforms.loops.handle import Schedule

from ..shared_data import requires_upstream, upstream

TOL = 1e-9

# (t, i) over an inner reduction over k carried in iter_args; the row t + 1
# reads row t, so (t, i) keep their order but may be skewed.
STENCIL_WITH_REDUCTION = """func.func @kernel(%A: memref<10x12xf64>, %B: memref<12x8xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 11 {
      %s = affine.for %k = 0 to 8 iter_args(%a = %z) -> (f64) {
        %x = affine.load %B[%i, %k] : memref<12x8xf64>
        %y = affine.load %A[%t, %i - 1] : memref<10x12xf64>
        %p = arith.mulf %x, %y : f64
        %n = arith.addf %a, %p : f64
        affine.yield %n : f64
      }
      %o = affine.load %A[%t, %i + 1] : memref<10x12xf64>
      %r = arith.addf %s, %o : f64
      affine.store %r, %A[%t + 1, %i] : memref<10x12xf64>
    }
  }
  return
}
"""

# Independent (i, j) instances, each a dot product carried in iter_args.
# Interchanging i and j is legal only because each instance's accumulator
# lives from its initial value to its store without another one in between
# (as one memory cell it would carry dependences across all of (i, j)).
MATVEC_ROWS = """func.func @kernel(%A: memref<6x5xf64>, %B: memref<5x7xf64>, %C: memref<6x7xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 7 {
      %s = affine.for %k = 0 to 5 iter_args(%a = %z) -> (f64) {
        %x = affine.load %A[%i, %k] : memref<6x5xf64>
        %y = affine.load %B[%k, %j] : memref<5x7xf64>
        %p = arith.mulf %x, %y : f64
        %n = arith.addf %a, %p : f64
        affine.yield %n : f64
      }
      affine.store %s, %C[%i, %j] : memref<6x7xf64>
    }
  }
  return
}
"""

# Two statements of TWO_STATEMENTS (test_ast_codegen.py) and a reduction.
SHIFT_WITH_REDUCTION = """func.func @kernel(%A: memref<20xf64>, %B: memref<20xf64>, %C: memref<20xf64>,
    %D: memref<20xf64>, %W: memref<20x4xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %i = 1 to 19 {
    %a = affine.load %A[%i] : memref<20xf64>
    %b = affine.load %A[%i - 1] : memref<20xf64>
    %s = arith.addf %a, %b : f64
    affine.store %s, %B[%i] : memref<20xf64>
    %c = affine.load %B[%i - 1] : memref<20xf64>
    %d = arith.mulf %c, %c : f64
    affine.store %d, %C[%i] : memref<20xf64>
    %r, %m = affine.for %k = 0 to 4 iter_args(%x = %z, %y = %a) -> (f64, f64) {
      %w = affine.load %W[%i, %k] : memref<20x4xf64>
      %x2 = arith.addf %x, %w : f64
      %y2 = arith.maximumf %y, %w : f64
      affine.yield %x2, %y2 : f64, f64
    }
    %q = arith.mulf %r, %m : f64
    affine.store %q, %D[%i] : memref<20xf64>
  }
  return
}
"""

# gemm with the accumulator in iter_args, its initial value beta * C[i, j]
# and a row scaling between the i and j loops (an imperfect band).
GEMM_ACC = """func.func @kernel(%A: memref<8x6xf64>, %B: memref<6x10xf64>, %C: memref<8x10xf64>, %D: memref<8xf64>) {
  %beta = arith.constant 1.5 : f64
  affine.for %i = 0 to 8 {
    %d = affine.load %D[%i] : memref<8xf64>
    %d2 = arith.mulf %d, %beta : f64
    affine.store %d2, %D[%i] : memref<8xf64>
    affine.for %j = 0 to 10 {
      %c = affine.load %C[%i, %j] : memref<8x10xf64>
      %init = arith.mulf %c, %beta : f64
      %acc = affine.for %k = 0 to 6 iter_args(%a = %init) -> (f64) {
        %x = affine.load %A[%i, %k] : memref<8x6xf64>
        %y = affine.load %B[%k, %j] : memref<6x10xf64>
        %p = arith.mulf %x, %y : f64
        %n = arith.addf %a, %p : f64
        affine.yield %n : f64
      }
      affine.store %acc, %C[%i, %j] : memref<8x10xf64>
    }
  }
  return
}
"""


def handle(text: str) -> Schedule:
    return Schedule(polymlir.parse(text, "t.mlir"))


def applied(text: str, step) -> str:
    """Apply ``step`` to a handle; it must be legal, the output verified,
    computing what the original computes, with iter_args again and no
    buffer left behind."""
    s = handle(text)
    v = step(s)
    assert v.ok, v.reason
    polymlir.verify(s.module)
    out = polymlir.print_ir(s.module)
    assert compare_runs(text, out, "kernel", seeds=(0, 1)) <= TOL
    assert "iter_args" in out and "memref.alloca" not in out, out
    return out


def refused(text: str, step) -> str:
    """Apply ``step``; it must be refused with the IR unchanged."""
    s = handle(text)
    before = polymlir.print_ir(s.module)
    v = step(s)
    assert not v.ok
    assert polymlir.print_ir(s.module) == before
    assert len(s.trace) == 0
    return v.reason


def accepted_upstream(text: str) -> None:
    r = subprocess.run([upstream("mlir-opt")], input=text, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


# -- (a) legal skews over an inner reduction ------------------------------------------------------


@pytest.mark.parametrize("matrix", ["1,0;1,1", "1,0;2,1"])
def test_skew_over_an_inner_reduction_runs_like_the_original(matrix):
    out = applied(STENCIL_WITH_REDUCTION, lambda s: s.skew(["t", "i"], matrix))
    assert out.count("affine.for") == 3


def test_interchange_of_instances_that_each_own_their_accumulator():
    applied(MATVEC_ROWS, lambda s: s.skew(["i", "j"], "0,1;1,0"))
    applied(MATVEC_ROWS, lambda s: s.skew(["i", "j"], "1,1;0,1"))


# -- (b) illegal reorderings are refused naming the carried value --------------------------------


def test_reversing_the_reduction_is_refused_naming_the_iter_args_value():
    reason = refused(STENCIL_WITH_REDUCTION, lambda s: s.skew(["k"], "-1"))
    assert reason == (
        "cannot skew loops k by '-1': the value carried in iter_args #0 of loop k at t.mlir:5:12 flows from "
        "the affine.yield at t.mlir:10:9 to the use in the body of loop k, which has distance (1), and "
        "would be read before it is written"
    )
    assert "alloca" not in reason


def test_the_array_dependence_still_refuses_a_wavefront_of_the_stencil():
    reason = refused(STENCIL_WITH_REDUCTION, lambda s: s.skew(["t", "i"], "1,1;0,1"))
    assert "flow dependence from affine.store at t.mlir:14:7 to affine.load at t.mlir:12:12" in reason


def test_a_band_loop_that_carries_values_is_named():
    text = STENCIL_WITH_REDUCTION
    reason = refused(text, lambda s: s.skew(["i", "k"], "1,0;1,1"))
    assert "loop k at t.mlir:5:12 carries values (iter_args)" in reason


# -- (c) shift in a nest that also has a reduction loop ------------------------------------------


def test_shift_of_a_statement_next_to_a_reduction_loop():
    out = applied(SHIFT_WITH_REDUCTION, lambda s: s.shift("S1", "i", 1))
    assert "arith.maximumf" in out


def test_shifting_the_use_of_a_loop_result_is_refused_naming_it():
    reason = refused(SHIFT_WITH_REDUCTION, lambda s: s.shift("S2", "i", 1))
    assert "the value carried in iter_args #0 of loop k at t.mlir:12:14 flows from" in reason
    assert "to the result of loop k" in reason


# -- (d) imperfect tiling of gemm with an iter_args accumulator -----------------------------------


@pytest.mark.parametrize("band,sizes", [(["i", "j"], [4, 4]), (["i", "j", "k"], [4, 3, 6]), (["i", "j"], [3, 32])])
def test_imperfect_tiling_of_gemm_with_an_accumulator(band, sizes):
    applied(GEMM_ACC, lambda s: s.tile(band, sizes))


def test_tiling_the_reduction_loop_is_refused_naming_the_accumulator():
    reason = refused(GEMM_ACC, lambda s: s.tile(["i", "j", "k"], [4, 4, 4]))
    assert reason.startswith(
        "cannot tile loops i, j, k: the value carried in iter_args #0 of loop k at t.mlir:10:14 flows from"
    )
    assert "would be overwritten in between" in reason and "one copy per iteration" in reason


# -- apply_schedule names the carried values' statements C0, C1, ... ------------------------------


def test_apply_schedule_with_the_carried_statements():
    sched = "{ S0[t, i] -> [t, t + i, 2, 0]; C0[t, i] -> [t, t + i, 0, 0]; C1[t, i, k] -> [t, t + i, 1, k] }"
    applied(STENCIL_WITH_REDUCTION, lambda s: s.apply_schedule(sched))
    s = handle(STENCIL_WITH_REDUCTION)
    with pytest.raises(TransformError) as e:
        s.apply_schedule("{ S0[t, i] -> [t, i] }")
    assert str(e.value).endswith(
        "missing: C0[2 dims] (the initial value (stored before loop k) of the value carried in iter_args #0 "
        "of loop k at t.mlir:5:12), C1[3 dims] (the affine.yield at t.mlir:10:9 of the value carried in "
        "iter_args #0 of loop k at t.mlir:5:12)"
    )
    assert "iter_args" in polymlir.print_ir(s.module) and "alloca" not in polymlir.print_ir(s.module)


# -- affine.parallel reductions, other types -----------------------------------------------------

PARALLEL_REDUCE = """func.func @kernel(%A: memref<8x8xf64>, %B: memref<8xf64>) {
  affine.for %t = 0 to 3 {
    affine.for %i = 1 to 8 {
      %s = affine.parallel (%k) = (0) to (8) reduce ("addf") -> (f64) {
        %x = affine.load %A[%i, %k] : memref<8x8xf64>
        affine.yield %x : f64
      }
      %o = affine.load %B[%i - 1] : memref<8xf64>
      %r = arith.addf %s, %o : f64
      affine.store %r, %B[%i] : memref<8xf64>
    }
  }
  return
}
"""


def test_parallel_reductions_are_refused_by_name():
    reason = refused(PARALLEL_REDUCE, lambda s: s.skew(["t", "i"], "1,0;1,1"))
    assert "affine.parallel at t.mlir:4:12 reduces values (reduce)" in reason
    assert "not supported" in reason


def test_demotion_is_undone_exactly():
    module = polymlir.parse(SHIFT_WITH_REDUCTION, "t.mlir")
    func = next(op for op in module.walk() if op.name == "func.func")
    before = polymlir.print_ir(module)
    loops_before = [lp.op for lp in analyze(func).loops]
    dem = DC.demote(analyze(func))
    text = polymlir.print_ir(module)
    assert "iter_args" not in text and text.count("memref.alloca") == 2
    dem.undo()
    assert polymlir.print_ir(module) == before
    assert [lp.op for lp in analyze(func).loops] == loops_before


@requires_upstream("mlir-opt")
def test_outputs_are_accepted_upstream():
    s = handle(GEMM_ACC)
    assert s.tile(["i", "j"], [4, 4]).ok
    s2 = handle(STENCIL_WITH_REDUCTION)
    assert s2.skew(["t", "i"], "1,0;1,1").ok
    for m in (s.module, s2.module):
        accepted_upstream(polymlir.print_ir(m))


# -- fusion with shifts ---------------------------------------------------------------------------

REDUCE_THEN_STENCIL = """func.func @kernel(%A: memref<10xf64>, %B: memref<10xf64>, %W: memref<10x4xf64>) {
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xf64>
    %s = affine.for %k = 0 to 4 iter_args(%x = %a) -> (f64) {
      %w = affine.load %W[%i, %k] : memref<10x4xf64>
      %x2 = arith.addf %x, %w : f64
      affine.yield %x2 : f64
    }
    affine.store %s, %A[%i] : memref<10xf64>
  }
  affine.for %j = 0 to 9 {
    %a = affine.load %A[%j] : memref<10xf64>
    %b = affine.load %A[%j + 1] : memref<10xf64>
    %c = arith.addf %a, %b : f64
    affine.store %c, %B[%j] : memref<10xf64>
  }
  return
}
"""


def test_fusion_with_a_shift_over_a_reduction_nest():
    reason = refused(REDUCE_THEN_STENCIL, lambda s: s.fuse(0, 1, 1))
    assert "flow dependence from affine.store at t.mlir:9:5 to affine.load at t.mlir:13:10" in reason
    applied(REDUCE_THEN_STENCIL, lambda s: s.fuse(0, 1, 1, [1]))


# -- nested carried values, a result returned ----------------------------------------------------

NESTED_TOTAL = """func.func @kernel(%A: memref<10x6xf64>, %B: memref<10xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %tot = affine.for %i = 0 to 10 iter_args(%t = %z) -> (f64) {
    %row = affine.for %k = 0 to 6 iter_args(%a = %t) -> (f64) {
      %x = affine.load %A[%i, %k] : memref<10x6xf64>
      %n = arith.addf %a, %x : f64
      affine.yield %n : f64
    }
    affine.store %row, %B[%i] : memref<10xf64>
    affine.yield %row : f64
  }
  return %tot : f64
}
"""


def test_nested_carried_values_and_a_returned_result():
    out = applied(NESTED_TOTAL, lambda s: s.tile(["i", "k"], [2, 6]))
    assert out.count("iter_args") == 3  # the tile loop carries the total too
    reason = refused(NESTED_TOTAL, lambda s: s.tile(["i", "k"], [2, 3]))
    assert reason.startswith(
        "cannot tile loops i, k: the value carried in iter_args #0 of loop i at t.mlir:3:10 flows from the "
        "affine.yield at t.mlir:10:5 to the use in the body of loop i, which has distance (1), and would be "
        "read before it is written"
    )


def test_tiling_the_reduction_loop_alone_keeps_its_order():
    out = applied(STENCIL_WITH_REDUCTION, lambda s: s.tile(["k"], [3]))
    assert out.count("iter_args") == 2  # the tile loop and the point loop carry the sum


# -- random programs with reductions ---------------------------------------------------------------


def test_random_programs_with_reductions():
    """The generator's reductions (its own random stream: without them a
    seed's program is what it always was), and skew, shift and tile on a
    few of them: refused with a location or computing the same."""
    assert random_program(3).text == random_program(3, reductions=0.0).text
    seeds = [1, 2, 7, 9]  # programs with reductions among the first ten
    texts = [random_program(seed, reductions=0.4).text for seed in seeds]
    assert all("iter_args" in t for t in texts)
    for t in texts:
        polymlir.verify(polymlir.parse(t))
    stats = run_campaign(seeds, ["skew", "shift", "tile"], reductions=0.4)
    table = format_stats(stats)
    for name, s in stats.items():
        assert s.wrong == 0 and s.crashes == 0 and not s.failures, f"{name}:\n{table}\n" + "\n".join(s.failures[:2])
    assert sum(s.applied for s in stats.values()) > 0, table


def test_a_carried_vector_is_refused_by_name():
    text = """func.func @kernel(%A: memref<10x8xf32>, %B: memref<10xvector<4xf32>>) {
  %z = arith.constant dense<0.0> : vector<4xf32>
  affine.for %t = 0 to 4 {
    affine.for %i = 0 to 10 {
      %s = affine.for %k = 0 to 8 step 4 iter_args(%a = %z) -> (vector<4xf32>) {
        %x = affine.vector_load %A[%i, %k] : memref<10x8xf32>, vector<4xf32>
        %n = arith.addf %a, %x : vector<4xf32>
        affine.yield %n : vector<4xf32>
      }
      affine.store %s, %B[%i] : memref<10xvector<4xf32>>
    }
  }
  return
}
"""
    reason = refused(text, lambda s: s.skew(["t", "i"], "1,0;1,1"))
    assert reason.endswith(
        "loop k at t.mlir:5:12 carries a vector<4xf32> value in iter_args #0; only integer, index and float "
        "values can be kept in memory while statements move"
    )
