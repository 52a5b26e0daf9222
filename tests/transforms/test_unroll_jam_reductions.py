"""Unroll-and-jam of a loop carrying reductions in its iter_args: one
partial result per copy (copy 0 from the init, the others from the
identity), combined after the loop; exact for integer reductions, for
floats only with fastmath<reassoc>; refused with the reason otherwise.
Upstream 22 starts every copy from the init, which counts it once per
copy: shown by running its output."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.affine.model import analyze
from polymlir.transforms.loops.unroll_jam import unroll_jam_verdict
from polymlir.transforms.passes.manager import PassManager

from ..shared_data import requires_upstream
from .loop_testing import TOL, func_named, loop_in, max_error, upstream_pass

REDUCE = """func.func @f(%A: memref<23x7xTY>, %init: TY) -> TY {
  %r = affine.for %i = 0 to 23 iter_args(%acc = %init) -> (TY) {
    %s = affine.for %j = 0 to 7 iter_args(%t = %init) -> (TY) {
      %a = affine.load %A[%i, %j] : memref<23x7xTY>
      %u = OP %t, %a FLAGS: TY
      affine.yield %u : TY
    }
    %n = OP %acc, %s FLAGS: TY
    affine.yield %n : TY
  }
  return %r : TY
}"""

CASES = [
    ("arith.addi", "i32", ""),
    ("arith.muli", "i64", ""),
    ("arith.andi", "i32", ""),
    ("arith.ori", "i64", ""),
    ("arith.xori", "i32", ""),
    ("arith.maxsi", "i32", ""),
    ("arith.minsi", "i64", ""),
    ("arith.maxui", "i32", ""),
    ("arith.minui", "i32", ""),
    ("arith.addf", "f64", "fastmath<reassoc> "),
    ("arith.mulf", "f64", "fastmath<fast> "),
    ("arith.maximumf", "f32", "fastmath<reassoc> "),
    ("arith.minimumf", "f64", "fastmath<reassoc> "),
]


def _text(op: str, ty: str, flags: str) -> str:
    return REDUCE.replace("OP", op).replace("TY", ty).replace("FLAGS", flags)


def _jam(text: str, factor: int) -> tuple[str, list[str]]:
    module = polymlir.parse(text, "t.mlir")
    ctx = PassManager.parse(f"builtin.module(func.func(affine-loop-unroll-jam{{unroll-jam-factor={factor}}}))").run(
        module
    )
    return polymlir.print_ir(module), [d.message for d in ctx.diagnostics]


@pytest.mark.parametrize("factor", [2, 3, 4])
@pytest.mark.parametrize("op,ty,flags", CASES)
def test_reductions_jam_and_compute_the_same(op, ty, flags, factor):
    text = _text(op, ty, flags)
    out, notes = _jam(text, factor)
    assert not notes, notes
    assert f"step {factor}" in out and out.count("affine.for") >= 2
    # Floats reassociated (permitted): equal up to rounding.
    tol = 1e-4 if ty == "f32" else (1e-9 if ty.startswith("f") else 0)
    inits = [(0,), (5,), (-7,)] if ty.startswith("i") else [()]
    assert max_error(text, out, "f", inits, seeds=(0, 1, 2)) <= max(tol, TOL)


@pytest.mark.parametrize(
    "op,ty,flags,why",
    [
        ("arith.addf", "f32", "", "reassociating arith.addf changes the rounding"),
        ("arith.addi", "i32", "overflow<nsw> ", "carries overflow flags (nsw)"),
        ("arith.subi", "i32", "", "is not a reduction by an arith operation"),
    ],
)
def test_other_carried_values_are_refused(op, ty, flags, why):
    text = _text(op, ty, flags)
    out, notes = _jam(text, 2)
    assert out == polymlir.print_ir(polymlir.parse(text, "t.mlir"))
    assert any(why in n for n in notes), notes


def test_a_partial_result_seen_elsewhere_is_refused():
    text = """func.func @f(%A: memref<8xi32>, %B: memref<8xi32>, %init: i32) -> i32 {
  %r = affine.for %i = 0 to 8 iter_args(%acc = %init) -> (i32) {
    affine.for %j = 0 to 8 {
      affine.store %acc, %B[%j] : memref<8xi32>
    }
    %a = affine.load %A[%i] : memref<8xi32>
    %n = arith.addi %acc, %a : i32
    affine.yield %n : i32
  }
  return %r : i32
}"""
    module = polymlir.parse(text, "t.mlir")
    m = analyze(func_named(module, "f"))
    v = unroll_jam_verdict(m, loop_in(m, "i"), 2)
    assert not v.ok and "is used besides its arith.addi, which would see a partial result" in v.reason


@requires_upstream("mlir-opt")
def test_upstream_counts_the_init_once_per_copy():
    text = _text("arith.addi", "i32", "")
    theirs = upstream_pass(text, "affine-loop-unroll-jam{unroll-jam-factor=2}")
    assert "step 2" in theirs
    assert max_error(text, theirs, "f", [(0,)]) == 0  # right when the init is 0 ...
    assert max_error(text, theirs, "f", [(5,)]) > 0  # ... but counts it twice
    ours, _ = _jam(text, 2)
    assert max_error(text, ours, "f", [(0,), (5,), (-7,)], seeds=(0, 1)) == 0
