"""The tuner's verification holds a candidate to the rounding the problem
itself allows: lu on random inputs (no pivoting) amplifies a one-ulp input
change to ~1e-9 of its outputs, so optimize's FMA-contracted trace differs
from the original by as much; a wrong program differs by far more."""

from __future__ import annotations

import numpy as np
import pytest

from polymlir import compile as jit_compile
from polymlir import parse
from polymlir.testing import polybench as pb
from polymlir.testing.differential import max_relative_error, outputs, verification_tolerance
from polymlir.transforms.loops.handle import Schedule
from polymlir.tune.evaluate import Task, reference, verified

LU = pb.render("lu", pb.sizes_of("lu", {"N": 200}))


def test_tolerance_grows_with_the_problems_sensitivity_within_a_cap():
    f64 = [np.zeros(4)]
    f32 = [np.zeros(4, dtype=np.float32)]
    assert verification_tolerance(f64) == 1e-9
    assert verification_tolerance(f32) == 1e-5
    assert verification_tolerance(f64, 1e-12) == 1e-9  # well conditioned: the plain bound
    assert verification_tolerance(f64, 1e-9) == pytest.approx(6.4e-8)
    assert verification_tolerance(f64, 1e-3) == 1e-6  # never looser than this


def test_optimize_on_lu_verifies_where_a_fixed_1e9_bound_rejected_it():
    s = Schedule(parse(LU), "kernel")
    assert s.optimize()
    ref = reference(LU, "kernel", 0)
    assert ref.sensitivity > 1e-10  # lu's own conditioning on these inputs
    attrs: dict = {}
    verified(Task(0, LU, "kernel", s.trace.to_json()), attrs)
    assert attrs["error"] > 0 and attrs["error"] <= attrs["tolerance"]


@pytest.mark.parametrize(
    "mutate",
    [
        # one term of the second update dropped
        lambda t: t.replace(
            "affine.for %k2 = 0 to affine_map<(d0) -> (d0)>(%i)", "affine.for %k2 = 1 to affine_map<(d0) -> (d0)>(%i)"
        ),
        # the division by the pivot before the row's last update
        lambda t: t.replace("%6 = affine.load %A[%j, %j]", "%6 = affine.load %A[%j, %i]"),
    ],
    ids=["dropped-term", "wrong-pivot"],
)
def test_a_wrong_lu_is_still_rejected(mutate):
    wrong = mutate(LU)
    assert wrong != LU
    ref = reference(LU, "kernel", 0)
    err = max_relative_error(ref.outputs, outputs(jit_compile(wrong, opt_level=3, cache=False), "kernel", ref.args))
    assert err > 100 * ref.tolerance


def test_the_untransformed_program_verifies_exactly():
    attrs: dict = {}
    verified(Task(0, LU, "kernel", "[]"), attrs)
    assert attrs["error"] == 0.0


RECURRENCE_1D = """func.func @kernel(%A: memref<64xf64>, %B: memref<64xf64>) {
  affine.for %i = 1 to 64 {
    %a = affine.load %A[%i - 1] : memref<64xf64>
    %b = affine.load %B[%i] : memref<64xf64>
    %c = arith.addf %a, %b : f64
    affine.store %c, %A[%i] : memref<64xf64>
  }
  return
}
"""


def test_llvms_warnings_about_a_hint_go_to_the_trial_not_the_terminal(capfd):
    # a vectorize hint on a recurrence: LLVM warns that it could not vectorize the loop
    s = Schedule(parse(RECURRENCE_1D), "kernel")
    assert s.run("vectorize_hint", "i", enable=True, width=4)
    attrs: dict = {}
    capfd.readouterr()
    verified(Task(0, RECURRENCE_1D, "kernel", s.trace.to_json()), attrs)
    assert "loop not vectorized" not in capfd.readouterr().err
    assert any("loop not vectorized" in line for line in attrs["llvm_diagnostics"])
