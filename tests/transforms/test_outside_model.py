"""Ops outside the affine model, judged by their declared memory effects
(issue 18): pure ops and ops that only read a memref do not block the
transformations that keep statements together (a read of unknown extent is
a read of the whole memref, so the dependences stay exact where they are
and conservative where they are not); ops with unknown effects (unregistered
ops, calls) or writes outside the model are refused, and the refusal names
them."""

from __future__ import annotations

import polymlir
from polymlir.affine.dependence import is_parallel
from polymlir.affine.statements import NotCompound, compound_statements
from polymlir.testing.differential import compare_runs
from polymlir.transforms.loops.handle import Schedule

from .loop_testing import loop_in, model_of

# B[i][j] = exp(A[i][j]) + C[j]: math.exp is pure, memref.dim has no effect,
# memref.load and vector.transfer_read only read C, the scf.if only reads C.
KERNEL = """func.func @kernel(%A: memref<12x10xf64>, %B: memref<12x10xf64>, %C: memref<10xf64>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f64
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<12x10xf64>
      %e = math.exp %a : f64
      %n = memref.dim %A, %c0 : memref<12x10xf64>
      %c = memref.load %C[%j] : memref<10xf64>
      %v = vector.transfer_read %C[%c0], %z : memref<10xf64>, vector<2xf64>
      %v0 = vector.extract %v[0] : f64 from vector<2xf64>
      %big = arith.cmpi sgt, %n, %c0 : index
      %w = scf.if %big -> (f64) {
        %x = memref.load %C[%c0] : memref<10xf64>
        scf.yield %x : f64
      } else {
        scf.yield %z : f64
      }
      %s0 = arith.addf %e, %c : f64
      %s1 = arith.addf %s0, %v0 : f64
      %s = arith.addf %s1, %w : f64
      affine.store %s, %B[%i, %j] : memref<12x10xf64>
    }
  }
  return
}
"""


def handle(text: str) -> Schedule:
    return Schedule(polymlir.parse(text, "t.mlir", allow_unregistered=True), "kernel")


def test_read_only_ops_are_statements_reading_all_of_their_memref() -> None:
    model = model_of(KERNEL, "kernel")
    assert model.non_affine == []
    inexact = [s for s in model.statements if not s.exact]
    assert [s.op.name for s in inexact] == ["memref.load", "vector.transfer_read", "scf.if"]
    assert all(not lp.has_unknown_effects for lp in model.loops)
    # Nothing writes C, so the reads of all of C carry nothing: both loops stay parallel.
    assert is_parallel(model, loop_in(model, "i")) and is_parallel(model, loop_in(model, "j"))


def test_a_nest_with_pure_and_read_only_ops_is_tiled_and_interchanged() -> None:
    s = handle(KERNEL)
    v = s.tile(["i", "j"], [4, 3])
    assert v.ok, v.reason
    assert compare_runs(KERNEL, polymlir.print_ir(s.module), "kernel") <= 1e-12
    s = handle(KERNEL)
    v = s.interchange(["j", "i"])
    assert v.ok, v.reason
    assert compare_runs(KERNEL, polymlir.print_ir(s.module), "kernel") <= 1e-12


def test_a_read_of_the_written_memref_is_a_read_of_all_of_it() -> None:
    # B[i][j] = B[j][i] read through memref.load: every element may be read,
    # so the stores to B depend on it in every direction; tiling is refused.
    text = KERNEL.replace("%c = memref.load %C[%j] : memref<10xf64>", "%c = memref.load %B[%j, %j] : memref<12x10xf64>")
    v = handle(text).tile(["i", "j"], [4, 3])
    assert not v.ok and "memref.load at t.mlir:" in v.reason and "dependence" in v.reason
    model = model_of(text, "kernel")
    assert not is_parallel(model, loop_in(model, "i"))


def test_statements_are_not_moved_apart_around_an_inexact_read() -> None:
    model = model_of(KERNEL, "kernel")
    try:
        compound_statements(model)
    except NotCompound as e:
        assert "memref.load at t.mlir:9:12 is outside the affine model" in e.reason
        assert "memref %C" in e.reason
    else:
        raise AssertionError("compound statements over a read of unknown extent")


def test_unknown_and_writing_ops_are_refused_by_name() -> None:
    unregistered = KERNEL.replace(
        "%n = memref.dim %A, %c0 : memref<12x10xf64>",
        '"test.opaque"(%a) : (f64) -> ()\n      %n = memref.dim %A, %c0 : memref<12x10xf64>',
    )
    v = handle(unregistered).tile(["i", "j"], [4, 3])
    assert not v.ok and "test.opaque at t.mlir:8:7 is outside the affine model" in v.reason
    assert "unknown memory effects" in v.reason
    v = handle(unregistered).interchange(["j", "i"])
    assert not v.ok and "test.opaque" in v.reason
    writes = KERNEL.replace(
        "%n = memref.dim %A, %c0 : memref<12x10xf64>",
        "memref.store %a, %C[%j] : memref<10xf64>\n      %n = memref.dim %A, %c0 : memref<12x10xf64>",
    )
    v = handle(writes).tile(["i", "j"], [4, 3])
    assert not v.ok and "memref.store at t.mlir:8:7 is outside the affine model" in v.reason and "writes" in v.reason
