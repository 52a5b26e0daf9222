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
    ],
)
def test_expand_refuses_what_would_change_the_meaning(text, why):
    s = polymlir.schedule(polymlir.parse(text, "t.mlir"), "k")
    v = s.run("expand", "i")
    assert not v.ok and why in v.reason, v.reason
    assert polymlir.print_ir(s.module) == polymlir.print_ir(polymlir.parse(text, "t.mlir"))


def test_expand_names_the_buffers_it_may_take():
    s = polymlir.schedule(polymlir.parse(TEMPORARY, "t.mlir"), "k")
    with pytest.raises(TransformError, match="no buffer or argument named 'B'.*t, A, x"):
        s.run("expand", "i", memrefs=["B"])


def test_expand_copies_back_what_outlives_the_loop():
    m = polymlir.parse(OUTSIDE, "t.mlir")
    s = polymlir.schedule(m, "k")
    v = s.run("expand", "i")
    assert v.ok, v.reason
    out = polymlir.print_ir(m)
    assert "affine.load %alloc[15] : memref<16xf64>" in out, out  # the last iteration's copy, back into t
    np.testing.assert_array_equal(_run(out), _run(OUTSIDE))


DOITGEN = pb.render("doitgen", {"NQ": 6, "NR": 5, "NP": 7})


def _doitgen(text: str) -> dict[str, np.ndarray]:
    values = pb.inputs("doitgen", {"NQ": 6, "NR": 5, "NP": 7}, seed=4)
    values["sum"] = np.random.default_rng(1).random(7)  # its contents before the call are overwritten
    polymlir.compile(text, threads=1).kernel(*pb.call_args("doitgen", values))
    return values


@pytest.mark.parametrize("loop", ["r", "q"])
def test_expand_an_argument_copies_the_last_iteration_back(loop):
    m = polymlir.parse(DOITGEN, "doitgen.mlir")
    s = polymlir.schedule(m, "kernel")
    v = s.run("expand", loop, memrefs=["sum"])
    assert v.ok, v.reason
    f = s.func.regions[0].blocks[0]
    # the copy back goes after the outermost loop all of whose iterations write all of sum: r
    assert [op.name for op in f.operations][-4:] == ["affine.for", "affine.for", "memref.dealloc", "func.return"]
    got, want = _doitgen(polymlir.print_ir(m)), _doitgen(DOITGEN)
    for k in ("A", "sum"):
        np.testing.assert_allclose(got[k], want[k], rtol=1e-15)
    if loop == "r":
        assert s.parallelize("r").ok  # no copy of sum is shared by two iterations any more


GUARDED = """func.func @k(%A: memref<16xf64>, %x: memref<4xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 4 {
      affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i) {
        %a = affine.load %A[%i] : memref<16xf64>
        affine.store %a, %x[%j] : memref<4xf64>
      }
    }
  }
  return
}
"""


@pytest.mark.parametrize(
    ("text", "func", "loop", "mem"),
    [(DOITGEN, "kernel", "p", "sum"), (GUARDED, "k", "i", "x")],
    ids=["each-iteration-writes-another-element", "some-iterations-write-nothing"],
)
def test_expand_refuses_a_copy_back_it_cannot_make_exact(text, func, loop, mem):
    s = polymlir.schedule(polymlir.parse(text, "t.mlir"), func)
    v = s.run("expand", loop, memrefs=[mem])
    assert not v.ok and "do not all write the same box" in v.reason, v.reason
    assert polymlir.print_ir(s.module) == polymlir.print_ir(polymlir.parse(text, "t.mlir"))


def test_doitgen_plan_expands_sum_into_rows_of_a_register_tile():
    sizes = {"NQ": 50, "NR": 20, "NP": 64}
    values = pb.inputs("doitgen", sizes, seed=2)
    want = pb.reference("doitgen", values)
    for parallel in (False, True):
        m = polymlir.parse(pb.render("doitgen", sizes), "doitgen.mlir")
        s = polymlir.schedule(m, "kernel")
        report = s.optimize(parallel=parallel)
        trace = str(s.trace)
        assert 'expand(q, memrefs=["sum"])' in trace and "register_tile(q_1, p_1, s, mr=6" in trace, trace
        assert any("loop q becomes the rows of a contraction band" in r for r in report.remarks)
        assert ("parallelize(r" in trace) == parallel, trace  # r runs in parallel once sum_x has a copy per r
        for threads in (1, 2):
            work = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in values.items()}
            polymlir.compile(polymlir.print_ir(m), threads=threads).kernel(*pb.call_args("doitgen", work))
            np.testing.assert_allclose(work["A"], want["A"], rtol=1e-12)


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
