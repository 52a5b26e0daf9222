"""Parallelization into affine.parallel: exact (a loop carrying a memory
dependence is refused with the dependence named), reductions in iter_args
become ``reduce (...)``, memory reductions need scalar replacement first,
and every parallelized program computes what the original computes."""

from __future__ import annotations

import subprocess

import pytest

import polymlir
from polymlir.affine.schedules import loop_name
from polymlir.transforms.loops.parallelize import parallel_loops, parallelize, parallelize_verdict
from polymlir.transforms.loops.scalar_replace import scalar_replace
from polymlir.transforms.passes.manager import PassManager

from ..shared_data import requires_upstream, upstream
from .loop_testing import TOL, apply, loop_in, max_error, model_of

PARAMS = [(0, 0), (3, 29), (10, 5), (2, 17), (0, 12)]

PARALLEL = """func.func @f(%A: memref<32x32xf64>, %B: memref<32x32xf64>, %M: index, %N: index) {
  affine.for %i = %M to min affine_map<()[s0] -> (s0, 32)>()[%N] step 2 {
    affine.for %j = max affine_map<(d0) -> (0, d0 - 3)>(%i) to min affine_map<(d0) -> (32, d0 + 5)>(%i) {
      %a = affine.load %B[%i, %j] : memref<32x32xf64>
      %b = affine.load %A[%j, %i] : memref<32x32xf64>
      %c = arith.mulf %a, %b : f64
      affine.store %c, %A[%i, %j] : memref<32x32xf64>
    }
  }
  affine.for %k = 1 to 32 {
    affine.for %l = 0 to 32 {
      %a = affine.load %A[%k - 1, %l] : memref<32x32xf64>
      affine.store %a, %A[%k, %l] : memref<32x32xf64>
    }
  }
  return
}"""


def test_parallel_loops_are_found_exactly():
    m = model_of(PARALLEL, "f")
    assert [loop_name(lp) for lp in parallel_loops(m)] == ["j", "l"]
    v = parallelize_verdict(m, loop_in(m, "k"))
    assert not v.ok
    assert v.reason == (
        "cannot parallelize loop k: flow dependence from affine.store at t.mlir:13:7 to "
        "affine.load at t.mlir:12:12 has distance (1)"
    )
    # %i is not: iteration i reads A[j][i], which iteration j writes.
    v = parallelize_verdict(m, loop_in(m, "i"))
    assert not v.ok and "dependence from affine." in v.reason


@pytest.mark.parametrize("loop", ["j", "l"])
def test_parallelize_computes_the_same(loop):
    out, par = apply(PARALLEL, "f", loop, lambda m, lp: parallelize(m, lp))
    assert par.name == "affine.parallel"
    assert max_error(PARALLEL, out, "f", PARAMS) <= TOL


def test_bounds_and_steps_carry_over():
    out, _ = apply(PARALLEL, "f", "j", lambda m, lp: parallelize(m, lp))
    assert "affine.parallel (%arg5) = (max(0, %arg4 - 3)) to (min(32, %arg4 + 5))" in out
    text = PARALLEL.replace("%A[%j, %i]", "%B[%j, %i]")  # now %i carries nothing either
    out, _ = apply(text, "f", "i", lambda m, lp: parallelize(m, lp))
    assert "affine.parallel (%arg4) = (symbol(%arg2)) to (min(symbol(%arg3), 32)) step (2)" in out


def lowered_upstream(text: str) -> str:
    r = subprocess.run([upstream("mlir-opt"), "--lower-affine"], input=text, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout


@requires_upstream("mlir-opt")
def test_bounds_over_different_operands_lowered_by_upstream():
    text = PARALLEL.replace("%A[%j, %i]", "%B[%j, %i]")
    out, _ = apply(text, "f", "i", lambda m, lp: parallelize(m, lp))
    assert max_error(text, lowered_upstream(out), "f", PARAMS) <= TOL


# Bounds over different operands (the lower-affine of affine.parallel must
# give the upper-bound map its own operands).
def test_parallel_bounds_over_different_operands():
    text = """func.func @f(%A: memref<16xf64>, %B: memref<16x16xf64>, %M: index, %N: index) {
  affine.for %i = 2 to 8 step 3 {
    affine.for %j = max affine_map<(d0) -> (4, d0)>(%i) to min affine_map<(d0) -> (11, d0 + 2)>(%i) {
      affine.for %k = max affine_map<(d0) -> (2, d0)>(%j) to affine_map<(d0) -> (d0 + 1)>(%i) {
        %v = affine.load %B[%k + 2, %i - 1] : memref<16x16xf64>
        affine.store %v, %A[%i] : memref<16xf64>
      }
    }
  }
  return
}"""
    m = model_of(text, "f")
    assert parallelize_verdict(m, loop_in(m, "k")).ok  # at most one iteration
    out, _ = apply(text, "f", "k", lambda m, lp: parallelize(m, lp))
    assert max_error(text, out, "f") <= TOL


REDUCTIONS = {
    "addf": ("f64", "arith.addf", "0.0"),
    "mulf": ("f64", "arith.mulf", "1.0"),
    "maximumf": ("f64", "arith.maximumf", "-1.0e30"),
    "minimumf": ("f64", "arith.minimumf", "1.0e30"),
    "addi": ("i64", "arith.addi", "0"),
    "muli": ("i64", "arith.muli", "1"),
}


def reduction_program(kind: str) -> str:
    t, op, init = REDUCTIONS[kind]
    return f"""func.func @f(%A: memref<24x{t}>, %out: memref<1x{t}>, %M: index, %N: index) {{
  %z = arith.constant {init} : {t}
  %r = affine.for %i = %M to min affine_map<()[s0] -> (s0 + 13, 24)>()[%M] iter_args(%acc = %z) -> ({t}) {{
    %v = affine.load %A[%i] : memref<24x{t}>
    %s = {op} %acc, %v : {t}
    affine.yield %s : {t}
  }}
  affine.store %r, %out[0] : memref<1x{t}>
  return
}}"""


@pytest.mark.parametrize("kind", sorted(REDUCTIONS))
def test_iter_args_reductions_become_reduce(kind):
    text = reduction_program(kind)
    m = model_of(text, "f")
    assert not parallelize_verdict(m, loop_in(m, "i"), reductions=False).ok
    assert parallelize_verdict(m, loop_in(m, "i"), reductions=True).ok
    out, par = apply(text, "f", "i", lambda m, lp: parallelize(m, lp))
    assert f'reduce ("{kind}")' in out
    if kind in ("addf", "addi"):
        # (polymlir's lower-affine maps the other kinds to the wrong combiner:
        # its table follows an older AtomicRMWKind numbering than MLIR 22's.)
        assert max_error(text, out, "f", PARAMS) <= TOL
    if upstream("mlir-opt"):
        assert max_error(text, lowered_upstream(out), "f", PARAMS) <= TOL


def test_recurrences_that_are_not_reductions_are_refused():
    prefix = """func.func @f(%A: memref<10xf64>, %B: memref<10xf64>) {
  %z = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 10 iter_args(%s = %z) -> (f64) {
    %a = affine.load %A[%i] : memref<10xf64>
    %s2 = arith.addf %s, %a : f64
    affine.store %s2, %B[%i] : memref<10xf64>
    affine.yield %s2 : f64
  }
  return
}"""
    m = model_of(prefix, "f")
    v = parallelize_verdict(m, loop_in(m, "i"))
    assert not v.ok and "the partial result is used inside the loop" in v.reason
    fib = """func.func @f(%A: memref<10xf64>) {
  %z = arith.constant 0.0 : f64
  %r:2 = affine.for %i = 0 to 10 iter_args(%a = %z, %b = %z) -> (f64, f64) {
    %c = arith.addf %a, %b : f64
    affine.yield %b, %c : f64, f64
  }
  return
}"""
    m = model_of(fib, "f")
    v = parallelize_verdict(m, loop_in(m, "i"))
    assert not v.ok and "iter_args #0 is not a reduction" in v.reason


MAXNUM = """func.func @f(%A: memref<10xf64>, %out: memref<1xf64>) {
  %z = arith.constant 0.0 : f64
  %q = affine.for %i = 0 to 10 iter_args(%s = %z) -> (f64) {
    %a = affine.load %A[%i] : memref<10xf64>
    %s2 = arith.maxnumf %s, %a : f64
    affine.yield %s2 : f64
  }
  affine.store %q, %out[0] : memref<1xf64>
  return
}"""


def test_reductions_affine_parallel_cannot_carry_are_refused():
    m = model_of(MAXNUM, "f")
    v = parallelize_verdict(m, loop_in(m, "i"))
    assert not v.ok and "affine.parallel has no 'maxnumf' reduction for type f64" in v.reason


@requires_upstream("mlir-opt")
def test_upstream_parallelize_emits_an_invalid_maxnumf_reduction():
    r = subprocess.run(
        [
            upstream("mlir-opt"),
            "--pass-pipeline=builtin.module(func.func(affine-parallelize{parallel-reductions=true}))",
        ],
        input=MAXNUM,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode != 0 and "result type cannot match reduction attribute" in r.stderr
    module = polymlir.parse(MAXNUM, "t.mlir")
    ctx = PassManager.parse("builtin.module(func.func(affine-parallelize{parallel-reductions=true}))").run(module)
    assert "affine.parallel" not in polymlir.print_ir(module)
    assert any("maxnumf" in d.message for d in ctx.diagnostics)


MATMUL = """func.func @f(%A: memref<12x14xf64>, %B: memref<14x13xf64>, %C: memref<12x13xf64>, %M: index, %N: index) {
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 13 {
      affine.for %k = 0 to %N {
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
}"""


def test_memory_reduction_is_refused_until_scalar_replaced():
    m = model_of(MATMUL, "f")
    v = parallelize_verdict(m, loop_in(m, "k"))
    assert not v.ok
    assert v.reason.startswith(
        "cannot parallelize loop k: it carries a reduction on memory: flow dependence "
        "from affine.store at t.mlir:10:9 to affine.load at t.mlir:7:14"
    )
    assert "scalar-replace" in v.hint
    module = polymlir.parse(MATMUL, "t.mlir")
    from polymlir.affine.model import analyze

    from .loop_testing import func_named

    m = analyze(func_named(module, "f"))
    scalar_replace(m, loop_in(m, "k"))
    m = analyze(func_named(module, "f"))
    assert parallelize_verdict(m, loop_in(m, "k")).ok
    parallelize(m, loop_in(m, "k"))
    out = polymlir.print_ir(module)
    assert 'reduce ("addf")' in out
    assert max_error(MATMUL, out, "f", [(0, 0), (0, 14), (0, 5)]) <= TOL


def test_non_affine_code_is_refused():
    text = """func.func @f(%A: memref<10xf64>, %B: memref<10xindex>) {
  affine.for %i = 0 to 10 {
    %k = affine.load %B[%i] : memref<10xindex>
    %a = memref.load %A[%k] : memref<10xf64>
    affine.store %a, %A[%i] : memref<10xf64>
  }
  return
}"""
    m = model_of(text, "f")
    v = parallelize_verdict(m, loop_in(m, "i"))
    # memref.load only reads %A: a read of all of %A, which the store of every iteration feeds.
    assert not v.ok and "flow dependence from affine.store at t.mlir:5:5 to memref.load at t.mlir:4:10" in v.reason
    atomic = """func.func @f(%A: memref<10xf64>, %B: memref<10xindex>) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 10 {
    %k = affine.load %B[%i] : memref<10xindex>
    %a = memref.atomic_rmw addf %one, %A[%k] : (f64, memref<10xf64>) -> f64
  }
  return
}"""
    m = model_of(atomic, "f")
    v = parallelize_verdict(m, loop_in(m, "i"))
    assert not v.ok and "memref.atomic_rmw at t.mlir:5:10 is outside the affine model" in v.reason


def run_pass(text: str, pipeline: str):
    module = polymlir.parse(text, "t.mlir")
    ctx = PassManager.parse(f"builtin.module(func.func({pipeline}))").run(module)
    return polymlir.print_ir(module), [d.message for d in ctx.diagnostics]


def test_pass_max_nested_and_remarks():
    out, remarks = run_pass(MATMUL, "affine-parallelize")
    assert out.count("affine.parallel") == 2
    assert any(
        r.startswith("not parallelized: cannot parallelize loop k: it carries a reduction on memory") for r in remarks
    )
    out, _ = run_pass(MATMUL, "affine-parallelize{max-nested=1}")
    assert out.count("affine.parallel") == 1
    assert max_error(MATMUL, out, "f", [(0, 14)]) <= TOL


@requires_upstream("mlir-opt")
@pytest.mark.parametrize(
    "pipeline",
    ["affine-parallelize", "affine-parallelize{parallel-reductions=true}", "affine-parallelize{max-nested=1}"],
)
def test_parallelize_matches_upstream(pipeline):
    from .loop_testing import upstream_pass

    for text in (PARALLEL, MATMUL, reduction_program("addf"), reduction_program("muli")):
        ours, _ = run_pass(text, pipeline)
        theirs = polymlir.print_ir(polymlir.parse(upstream_pass(text, pipeline)))
        assert ours == theirs
