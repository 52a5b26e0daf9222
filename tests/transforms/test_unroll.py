"""Unroll and unroll-and-jam: the transformed programs compute what the
originals compute (random inputs and random index parameters, min/max
bounds, steps, symbolic bounds, iter_args), refusals say why, and the
programs on which upstream MLIR 22 miscompiles are transformed correctly
(unroll) or refused with the dependence named (unroll-and-jam)."""

from __future__ import annotations

import random

import pytest

import polymlir
from polymlir.affine.model import analyze
from polymlir.transforms.loops.loop_utils import TransformError
from polymlir.transforms.loops.unroll import unroll, unroll_verdict
from polymlir.transforms.loops.unroll_jam import unroll_jam, unroll_jam_verdict
from polymlir.transforms.passes.manager import PassManager

from ..shared_data import requires_upstream
from .loop_testing import TOL, apply, func_named, loop_in, max_error, model_of, upstream_pass

# Index parameters (M, N) including empty and negative-trip-count ranges.
PARAMS = [(0, 0), (3, 29), (10, 5), (2, 17), (7, 8), (0, 30), (5, 26), (29, 1)]

NESTS = {
    "symbolic_step": """func.func @f(%A: memref<40xf64>, %B: memref<40xf64>, %M: index, %N: index) {
  affine.for %i = %M to %N step 3 {
    %a = affine.load %A[%i] : memref<40xf64>
    %b = affine.load %B[%i + 1] : memref<40xf64>
    %c = arith.mulf %a, %b : f64
    %d = arith.addf %c, %a : f64
    affine.store %d, %A[%i + 2] : memref<40xf64>
  }
  return
}""",
    "min_max_bounds": """func.func @f(%A: memref<40xf64>, %B: memref<40xf64>, %M: index, %N: index) {
  affine.for %i = max affine_map<()[s0] -> (2, s0)>()[%M] to min affine_map<()[s0] -> (s0, 31)>()[%N] step 2 {
    %a = affine.load %A[%i - 1] : memref<40xf64>
    %b = affine.load %B[%i] : memref<40xf64>
    %c = arith.addf %a, %b : f64
    affine.store %c, %A[%i] : memref<40xf64>
  }
  return
}""",
    "triangular": """func.func @f(%A: memref<32x32xf64>, %M: index, %N: index) {
  affine.for %i = 0 to min affine_map<()[s0] -> (s0, 30)>()[%N] {
    affine.for %j = affine_map<(d0) -> (d0 floordiv 2)>(%i) to affine_map<(d0) -> (d0 + 1)>(%i) {
      %a = affine.load %A[%i, %j] : memref<32x32xf64>
      %b = affine.load %A[%j, %i] : memref<32x32xf64>
      %c = arith.addf %a, %b : f64
      affine.store %c, %A[%i + 1, %j] : memref<32x32xf64>
    }
  }
  return
}""",
    "if_inside": """func.func @f(%A: memref<40xf64>, %M: index, %N: index) {
  affine.for %i = 1 to 33 {
    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%i)[%M] {
      %a = affine.load %A[%i - 1] : memref<40xf64>
      affine.store %a, %A[%i] : memref<40xf64>
    } else {
      %a = affine.load %A[%i + 1] : memref<40xf64>
      %b = arith.addf %a, %a : f64
      affine.store %b, %A[%i] : memref<40xf64>
    }
  }
  return
}""",
    "reduction": """func.func @f(%A: memref<40xf64>, %out: memref<2xf64>, %M: index, %N: index) {
  %z = arith.constant 0.0 : f64
  %o = arith.constant 1.0 : f64
  %r:2 = affine.for %i = %M to min affine_map<()[s0] -> (s0, 40)>()[%N] iter_args(%s = %z, %p = %o) -> (f64, f64) {
    %a = affine.load %A[%i] : memref<40xf64>
    %s2 = arith.addf %s, %a : f64
    %p2 = arith.mulf %p, %a : f64
    affine.yield %s2, %p2 : f64, f64
  }
  affine.store %r#0, %out[0] : memref<2xf64>
  affine.store %r#1, %out[1] : memref<2xf64>
  return
}""",
    # A rotation of iter_args: upstream's unroller keeps the first copy's %b.
    "fibonacci": """func.func @f(%out: memref<2xf64>, %M: index, %N: index) {
  %z = arith.constant 0.0 : f64
  %o = arith.constant 1.0 : f64
  %r:2 = affine.for %i = 0 to %N iter_args(%a = %z, %b = %o) -> (f64, f64) {
    %c = arith.addf %a, %b : f64
    affine.yield %b, %c : f64, f64
  }
  affine.store %r#0, %out[0] : memref<2xf64>
  affine.store %r#1, %out[1] : memref<2xf64>
  return
}""",
}

CASES = [(name, "i", f) for name in NESTS for f in (2, 3, 4)] + [("triangular", "j", 2), ("triangular", "j", 3)]


@pytest.mark.parametrize("name,loop,factor", CASES)
def test_unroll_by_factor_computes_the_same(name, loop, factor):
    text = NESTS[name]
    v = unroll_verdict(model_of(text, "f"), loop_in(model_of(text, "f"), loop), factor)
    assert v.ok, v.reason
    out, _ = apply(text, "f", loop, lambda m, lp: unroll(m, lp, factor))
    assert max_error(text, out, "f", PARAMS) <= TOL


def test_random_factors_and_parameters():
    r = random.Random(8)
    for _ in range(6):
        name = r.choice(sorted(NESTS))
        factor = r.randint(2, 7)
        params = [(r.randint(0, 30), r.randint(0, 30)) for _ in range(6)]
        out, _ = apply(NESTS[name], "f", "i", lambda m, lp, factor=factor: unroll(m, lp, factor))
        assert max_error(NESTS[name], out, "f", params, seeds=(r.randint(0, 99),)) <= TOL, (name, factor)


def test_cleanup_loop_and_iv_rebasing():
    out, loops = apply(NESTS["symbolic_step"], "f", "i", lambda m, lp: unroll(m, lp, 4))
    assert len(loops) == 2  # the unrolled loop and the cleanup loop
    assert "step 12" in out
    # Copies see iv + 3, iv + 6, iv + 9 through affine.apply.
    for k in (3, 6, 9):
        assert f"(d0) -> (d0 + {k})" in out
    # The cleanup loop may start at lb when N < M (a negative trip count).
    assert "max " in out


def test_cleanup_loop_not_needed_when_the_factor_divides():
    text = NESTS["if_inside"]  # 32 iterations
    out, loops = apply(text, "f", "i", lambda m, lp: unroll(m, lp, 4))
    assert len(loops) == 1 and out.count("affine.for") == 1
    assert max_error(text, out, "f", PARAMS[:3]) <= TOL


def test_min_max_bounds_get_guarded_copies():
    out, loops = apply(NESTS["min_max_bounds"], "f", "i", lambda m, lp: unroll(m, lp, 3))
    assert len(loops) == 1 and out.count("affine.if") == 2


@pytest.mark.parametrize("name", ["if_inside", "triangular"])
def test_full_unroll(name):
    text = (
        """func.func @f(%A: memref<40xf64>, %M: index, %N: index) {
  affine.for %i = 3 to 10 step 2 {
    affine.for %j = 0 to 3 {
      %a = affine.load %A[%i + %j] : memref<40xf64>
      %b = arith.addf %a, %a : f64
      affine.store %b, %A[%i + %j + 1] : memref<40xf64>
    }
  }
  return
}"""
        if name == "triangular"
        else NESTS[name]
    )
    loop = "j" if name == "triangular" else "i"
    out, loops = apply(text, "f", loop, lambda m, lp: unroll(m, lp, full=True))
    assert loops == []
    assert out.count("affine.for") == text.count("affine.for") - 1
    assert max_error(text, out, "f", PARAMS[:3]) <= TOL


def test_full_unroll_of_zero_and_one_iteration_loops():
    text = """func.func @f(%A: memref<4xf64>) {
  affine.for %i = 2 to 3 {
    %a = affine.load %A[%i] : memref<4xf64>
    affine.store %a, %A[%i + 1] : memref<4xf64>
  }
  affine.for %j = 5 to 3 {
    %a = affine.load %A[%j] : memref<4xf64>
    affine.store %a, %A[0] : memref<4xf64>
  }
  return
}"""
    module = polymlir.parse(text, "t.mlir")
    for name in ("i", "j"):
        m = analyze(func_named(module, "f"))
        assert unroll(m, loop_in(m, name), full=True) == []
    out = polymlir.print_ir(module)
    assert "affine.for" not in out
    assert "affine.load %arg0[%c2]" in out or "affine.load %arg0[%0]" in out
    assert max_error(text, out, "f") <= TOL


def test_refusals_say_why():
    m = model_of(NESTS["symbolic_step"], "f")
    v = unroll_verdict(m, loop_in(m, "i"), full=True)
    assert not v.ok and "trip count is not a constant" in v.reason and v.hint
    m = model_of(NESTS["if_inside"], "f")
    v = unroll_verdict(m, loop_in(m, "i"), 40)
    assert not v.ok and "trip count 32 is smaller than the factor" in v.reason
    for bad in (0, -2):
        with pytest.raises(TransformError, match="must be a positive integer"):
            unroll_verdict(m, loop_in(m, "i"), bad)


# -- upstream MLIR 22 miscompiles these; polymlir does not -------------------------------------


@requires_upstream("mlir-opt")
def test_upstream_unroll_breaks_an_iter_args_rotation():
    text = NESTS["fibonacci"]
    params = [(0, 10), (0, 11), (0, 7)]
    theirs = upstream_pass(text, "affine-loop-unroll{unroll-factor=4}")
    assert max_error(text, theirs, "f", params) > 1e-3  # upstream is wrong
    ours, _ = apply(text, "f", "i", lambda m, lp: unroll(m, lp, 4))
    assert max_error(text, ours, "f", params) <= TOL


@requires_upstream("mlir-opt")
def test_upstream_cleanup_loop_runs_iterations_below_the_lower_bound():
    # With %M = 10 and %N = 5 the loop runs zero times; upstream's cleanup
    # loop starts at M + ((N - M) ceildiv 3 floordiv 4) * 12 = -2.
    text = """func.func @f(%A: memref<40xf64>, %M: index, %N: index) {
  affine.for %i = %M to %N step 3 {
    %a = affine.load %A[%i + 10] : memref<40xf64>
    %c = arith.constant 1.0 : f64
    %b = arith.addf %a, %c : f64
    affine.store %b, %A[%i + 10] : memref<40xf64>
  }
  return
}"""
    theirs = upstream_pass(text, "affine-loop-unroll{unroll-factor=4}")
    assert max_error(text, theirs, "f", [(10, 5)]) > 1e-3
    ours, _ = apply(text, "f", "i", lambda m, lp: unroll(m, lp, 4))
    assert max_error(text, ours, "f", PARAMS) <= TOL


# -- unroll-and-jam ------------------------------------------------------------------------------

# A[i][j] = A[i-1][j+1] + A[i][j]: distance (1, -1); jamming i reads A[i][j+1]
# in copy i+1 before copy i writes it.
JAM_ILLEGAL = """func.func @f(%A: memref<10x10xf64>) {
  affine.for %i = 1 to 9 {
    affine.for %j = 0 to 9 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<10x10xf64>
      %b = affine.load %A[%i, %j] : memref<10x10xf64>
      %c = arith.addf %a, %b : f64
      affine.store %c, %A[%i, %j] : memref<10x10xf64>
    }
  }
  return
}"""

JAM_NESTS = {
    # Distance (1, 0) and (1, 1): jamming keeps them.
    "stencil": """func.func @f(%A: memref<34x34xf64>, %M: index, %N: index) {
  affine.for %i = 1 to %N {
    affine.for %j = 1 to 33 {
      %a = affine.load %A[%i - 1, %j] : memref<34x34xf64>
      %b = affine.load %A[%i - 1, %j - 1] : memref<34x34xf64>
      %c = arith.addf %a, %b : f64
      affine.store %c, %A[%i, %j] : memref<34x34xf64>
    }
  }
  return
}""",
    "imperfect": """func.func @f(%A: memref<32x32xf64>, %B: memref<32x32xf64>, %x: memref<32xf64>,
             %M: index, %N: index) {
  affine.for %i = %M to 30 step 2 {
    %s = affine.load %x[%i] : memref<32xf64>
    %t = arith.mulf %s, %s : f64
    affine.for %j = 0 to min affine_map<()[s0] -> (s0, 32)>()[%N] {
      %a = affine.load %A[%i, %j] : memref<32x32xf64>
      %b = affine.load %B[%j, %i] : memref<32x32xf64>
      %c = arith.addf %a, %b : f64
      %d = arith.addf %c, %t : f64
      affine.store %d, %A[%i, %j] : memref<32x32xf64>
    }
    affine.store %t, %x[%i + 1] : memref<32xf64>
  }
  return
}""",
    "matmul": """func.func @f(%A: memref<12x14xf64>, %B: memref<14x13xf64>, %C: memref<12x13xf64>,
             %M: index, %N: index) {
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 13 {
      affine.for %k = 0 to 14 {
        %a = affine.load %A[%i, %k] : memref<12x14xf64>
        %b = affine.load %B[%k, %j] : memref<14x13xf64>
        %c = affine.load %C[%i, %j] : memref<12x13xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<12x13xf64>
      }
    }
  }
  return
}""",
}

JAM_PARAMS = [(0, 20), (1, 33), (3, 0), (4, 17), (0, 2)]
JAM_CASES = [
    ("stencil", "i", 2),
    ("stencil", "i", 3),
    ("imperfect", "i", 2),
    ("imperfect", "i", 3),
    ("matmul", "i", 2),
    ("matmul", "i", 5),
    ("matmul", "j", 4),
]


@pytest.mark.parametrize("name,loop,factor", JAM_CASES)
def test_unroll_jam_computes_the_same(name, loop, factor):
    text = JAM_NESTS[name]
    m = model_of(text, "f")
    v = unroll_jam_verdict(m, loop_in(m, loop), factor)
    assert v.ok, v.reason
    out, _ = apply(text, "f", loop, lambda m, lp: unroll_jam(m, lp, factor))
    assert max_error(text, out, "f", JAM_PARAMS) <= TOL


def test_unroll_jam_jams_into_the_inner_loops():
    out, loops = apply(JAM_NESTS["matmul"], "f", "i", lambda m, lp: unroll_jam(m, lp, 3))
    assert len(loops) == 1 and out.count("affine.for") == 3  # 12 = 4 * 3: no cleanup
    assert out.count("affine.store") == 3  # three copies in the innermost body
    out, loops = apply(JAM_NESTS["stencil"], "f", "i", lambda m, lp: unroll_jam(m, lp, 2))
    assert len(loops) == 2  # symbolic N: a cleanup loop


def test_unroll_jam_refuses_a_carried_dependence_it_would_reverse():
    m = model_of(JAM_ILLEGAL, "f")
    v = unroll_jam_verdict(m, loop_in(m, "i"), 2)
    assert not v.ok
    assert "cannot unroll-jam loop i by 2: flow dependence from affine.store at t.mlir:7:7" in v.reason
    assert "to affine.load at t.mlir:4:12 has distance (1, -1)" in v.reason
    assert v.hint == "skew j by i first"


@requires_upstream("mlir-opt")
def test_upstream_unroll_jam_miscompiles_what_polymlir_refuses():
    theirs = upstream_pass(JAM_ILLEGAL, "affine-loop-unroll-jam{unroll-jam-factor=2}")
    assert theirs.count("affine.store") == 2  # upstream jammed it
    assert max_error(JAM_ILLEGAL, theirs, "f") > 1e-3  # and computes something else
    module = polymlir.parse(JAM_ILLEGAL, "t.mlir")
    ctx = PassManager.parse("builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))").run(module)
    assert polymlir.print_ir(module) == polymlir.print_ir(polymlir.parse(JAM_ILLEGAL, "t.mlir"))
    assert any("not unroll-jammed" in d.message and "distance (1, -1)" in d.message for d in ctx.diagnostics)


@requires_upstream("mlir-opt")
def test_legal_unroll_jam_matches_upstream():
    text = JAM_NESTS["matmul"]
    theirs = polymlir.print_ir(polymlir.parse(upstream_pass(text, "affine-loop-unroll-jam{unroll-jam-factor=2}")))
    module = polymlir.parse(text, "t.mlir")
    PassManager.parse("builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))").run(module)
    assert polymlir.print_ir(module) == theirs


TRIANGULAR = """func.func @f(%A: memref<14x14xf64>, %B: memref<14x14xf64>, %M: index, %N: index) {
  affine.for %i = 0 to min affine_map<()[s0] -> (s0, 13)>()[%N] {
    affine.for %j = affine_map<(d0) -> (d0 floordiv 2)>(%i) to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to affine_map<(d0) -> (14 - d0)>(%i) {
        %a = affine.load %A[%i, %j] : memref<14x14xf64>
        %b = affine.load %B[%j, %k] : memref<14x14xf64>
        %c = arith.mulf %a, %b : f64
        %d = arith.addf %c, %a : f64
        affine.store %d, %A[%i, %j] : memref<14x14xf64>
      }
    }
  }
  return
}"""


@pytest.mark.parametrize("factor", [2, 3, 4])
def test_unroll_jam_into_loops_whose_bounds_depend_on_it(factor):
    # Upstream refuses these; here the jammed loops run over the hull of the
    # copies' ranges (j: from the first copy's lower bound to the last copy's
    # upper bound; k: decreasing upper bound, so the first copy's) and each
    # copy runs under a guard for its own range.
    m = model_of(TRIANGULAR, "f")
    v = unroll_jam_verdict(m, loop_in(m, "i"), factor)
    assert v.ok, v.reason
    out, _ = apply(TRIANGULAR, "f", "i", lambda m, lp: unroll_jam(m, lp, factor))
    assert "affine.if" in out
    assert max_error(TRIANGULAR, out, "f", JAM_PARAMS + [(0, 13), (0, 7)]) <= TOL


def test_unroll_jam_refuses_bounds_without_an_affine_hull():
    text = """func.func @f(%A: memref<10x10xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 mod 3 + 1)>(%i) {
      %a = affine.load %A[%i, %j] : memref<10x10xf64>
      affine.store %a, %A[%j, %i] : memref<10x10xf64>
    }
  }
  return
}"""
    m = model_of(text, "f")
    v = unroll_jam_verdict(m, loop_in(m, "i"), 2)
    assert not v.ok and "the bounds of loop j at t.mlir:3:5 depend on loop i (not monotonically)" in v.reason
    with pytest.raises(TransformError):
        unroll_jam(m, loop_in(m, "i"), 2)
    text = """func.func @f(%A: memref<10x10xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %a = affine.load %A[%i, %j] : memref<10x10xf64>
      affine.for %k = 0 to 10 {
        affine.store %a, %A[%k, %i] : memref<10x10xf64>
      }
    }
  }
  return
}"""
    m = model_of(text, "f")
    v = unroll_jam_verdict(m, loop_in(m, "i"), 2)
    assert not v.ok and "defines a value used outside its statements" in v.reason


def test_unroll_jam_refuses_iter_args_and_non_affine_code():
    m = model_of(NESTS["reduction"], "f")
    v = unroll_jam_verdict(m, loop_in(m, "i"), 2)
    assert not v.ok and "carries values (iter_args)" in v.reason
    text = """func.func @f(%A: memref<10x10xf64>, %B: memref<10xindex>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %k = affine.load %B[%j] : memref<10xindex>
      %a = memref.load %A[%i, %k] : memref<10x10xf64>
      affine.store %a, %A[%i, %j] : memref<10x10xf64>
    }
  }
  return
}"""
    m = model_of(text, "f")
    v = unroll_jam_verdict(m, loop_in(m, "i"), 2)
    # memref.load only reads %A, as a read of all of it: the stores to %A depend on it.
    assert not v.ok and "dependence from memref.load at t.mlir:5:12 to affine.store" in v.reason
    m = model_of(text.replace("affine.store %a, %A[%i, %j]", "memref.store %a, %A[%i, %k]"), "f")
    v = unroll_jam_verdict(m, loop_in(m, "i"), 2)
    assert not v.ok and "memref.store at t.mlir:6:7 is outside the affine model" in v.reason


JAM_ITER = """func.func @f(%A: memref<12x14xf64>, %x: memref<12xf64>, %y: memref<12xf64>, %M: index, %N: index) {
  affine.for %i = 0 to 12 {
    %z = affine.load %y[%i] : memref<12xf64>
    %r = affine.for %k = 0 to min affine_map<()[s0] -> (s0, 14)>()[%N] iter_args(%acc = %z) -> (f64) {
      %a = affine.load %A[%i, %k] : memref<12x14xf64>
      %s = arith.addf %acc, %a : f64
      affine.yield %s : f64
    }
    affine.store %r, %x[%i] : memref<12xf64>
  }
  return
}"""


@pytest.mark.parametrize("factor", [2, 3, 5])
def test_unroll_jam_gives_each_copy_its_own_iter_args(factor):
    m = model_of(JAM_ITER, "f")
    assert unroll_jam_verdict(m, loop_in(m, "i"), factor).ok
    out, _ = apply(JAM_ITER, "f", "i", lambda m, lp: unroll_jam(m, lp, factor))
    assert f"-> ({', '.join(['f64'] * factor)})" in out
    assert max_error(JAM_ITER, out, "f", JAM_PARAMS) <= TOL


@requires_upstream("mlir-opt")
def test_unroll_jam_of_inner_iter_args_matches_upstream():
    module = polymlir.parse(JAM_ITER, "t.mlir")
    PassManager.parse("builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=3}))").run(module)
    theirs = upstream_pass(JAM_ITER, "affine-loop-unroll-jam{unroll-jam-factor=3}")
    assert polymlir.print_ir(module) == polymlir.print_ir(polymlir.parse(theirs))
