"""expand: a buffer private to each iteration of a loop (scalar expansion),
legal exactly when no value flows between iterations and every read sees a
write of its own iteration; the expanded program computes what the original
does, and symm's optimize plan uses it."""

from __future__ import annotations

import numpy as np
import pytest

import polymlir
from polymlir.testing import polybench as pb
from polymlir.testing import verify_trace_roundtrip
from polymlir.transforms.loops.errors import TransformError
from polymlir.transforms.loops.primitives.expansion import TEMPORARY

HEAD = """func.func @k(%A: memref<16x16xf64>, %x: memref<16xf64>) {
  %t = memref.alloca() : memref<f64>
  affine.for %i = 0 to 16 {
    %old = affine.load %t[] : memref<f64>
    affine.store %old, %x[%i] : memref<16xf64>
"""
# The temporary carries a value from one i iteration to the next.
CARRIED = (
    HEAD
    + """    %a = affine.load %A[0, %i] : memref<16x16xf64>
    affine.store %a, %t[] : memref<f64>
  }
  return
}
"""
)
# Read, never written: each read sees what was there before the loop.
READ_FIRST = (
    HEAD
    + """  }
  return
}
"""
)
OUTSIDE = TEMPORARY.replace(
    "  return\n}", "  %last = affine.load %t[] : memref<f64>\n  affine.store %last, %x[0] : memref<16xf64>\n  return\n}"
)


def _run(text: str) -> np.ndarray:
    rng = np.random.default_rng(5)
    a = rng.random((16, 16))
    x = rng.random(16)
    polymlir.compile(text, threads=1).k(a, x)
    return x


def test_expand_gives_each_iteration_its_copy():
    m = polymlir.parse(TEMPORARY, "t.mlir")
    s = polymlir.schedule(m, "k")
    v = s.run("expand", "i")
    assert v.ok, v.reason
    assert "t get 16 copies" in v.reason
    out = polymlir.print_ir(m)
    assert "memref.alloca() : memref<16xf64>" in out and "memref<f64>" not in out
    np.testing.assert_array_equal(_run(out), _run(TEMPORARY))


def test_expand_roundtrips_through_its_trace():
    verify_trace_roundtrip(TEMPORARY, "k", [{"op": "expand", "loops": ["i"], "memrefs": ["t"]}])


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (CARRIED, "a value of t flows between iterations of loop i"),
        (READ_FIRST, "may read a value written before loop i"),
        (OUTSIDE, "t is accessed outside loop i"),
    ],
)
def test_expand_refuses_what_would_change_the_meaning(text, why):
    s = polymlir.schedule(polymlir.parse(text, "t.mlir"), "k")
    v = s.run("expand", "i")
    assert not v.ok and why in v.reason, v.reason
    assert polymlir.print_ir(s.module) == polymlir.print_ir(polymlir.parse(text, "t.mlir"))


def test_expand_names_the_buffers_it_may_take():
    s = polymlir.schedule(polymlir.parse(TEMPORARY, "t.mlir"), "k")
    with pytest.raises(TransformError, match="no buffer allocated in the function named 'A'.*t"):
        s.run("expand", "i", memrefs=["A"])


def test_symm_plan_expands_temp2_then_unrolls_and_jams():
    sizes = {"M": 60, "N": 80}
    m = polymlir.parse(pb.render("symm", sizes), "symm.mlir")
    s = polymlir.schedule(m, "kernel")
    report = s.optimize()
    assert "expand(j)" in str(s.trace) and "unroll_jam(j, factor=8)" in str(s.trace), str(s.trace)
    assert any("temp2 get 80 copies" in r for r in report.remarks)
    values = pb.inputs("symm", sizes, seed=2)
    want = pb.reference("symm", values)
    for threads in (1, 2):
        work = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in values.items()}
        polymlir.compile(polymlir.print_ir(m), threads=threads).kernel(*pb.call_args("symm", work))
        np.testing.assert_allclose(work["C"], want["C"], rtol=1e-10)
