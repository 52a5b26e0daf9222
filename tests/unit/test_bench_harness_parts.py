"""The benchmark harness's reusable parts on tiny sizes: anchors (C and
upstream-MLIR builds called through ctypes), timing with restoration,
the machine's peak and caches, the loop report, numpy forms and problems.
Tests needing clang or mlir-opt skip without them."""

from __future__ import annotations

import numpy as np
import pytest

from polymlir.testing import anchors, loop_report, machine, timing
from polymlir.testing import polybench as pb
from polymlir.testing import polybench_numpy as pbn
from polymlir.testing.polybench_problems import TOLERANCE, problem

TINY = {"NI": 6, "NJ": 7, "NK": 5}


def _need(tool: str) -> None:
    if anchors.find_tool(tool) is None:
        pytest.skip(f"{tool} is not installed")


def _gemm_values() -> tuple[dict, dict]:
    values = pb.inputs("gemm", TINY, seed=2)
    return values, pb.reference("gemm", values)


@pytest.mark.parametrize("flags", [anchors.CLANG_O3, anchors.POLLY, anchors.POLLY_STRIPMINE])
def test_c_anchor_computes_the_reference(tmp_path, flags):
    _need("clang")
    values, want = _gemm_values()
    so = anchors.build_c(pb.render_c("gemm", TINY), tmp_path, flags)
    anchors.bind_c(so, "kernel", pb.call_args("gemm", values))()
    np.testing.assert_array_equal(values["C"], want["C"])


@pytest.mark.parametrize("pre", [(), tuple(anchors.TILE32)])
def test_mlir_anchor_through_memref_descriptors(tmp_path, pre):
    for tool in ("mlir-opt", "mlir-translate", "clang"):
        _need(tool)
    values, want = _gemm_values()
    so = anchors.build_mlir(pb.render("gemm", TINY), tmp_path, pre)
    anchors.bind_mlir(so, pb.call_args("gemm", values))()
    np.testing.assert_array_equal(values["C"], want["C"])


def test_builds_are_cached_per_text(tmp_path):
    _need("cc")
    a = anchors.build_c(pb.render_c("gemm", TINY), tmp_path, opt=["-O1"])
    b = anchors.build_c(pb.render_c("gemm", TINY), tmp_path, opt=["-O1"])
    c = anchors.build_c(pb.render_c("syrk", {"M": 3, "N": 4}), tmp_path, opt=["-O1"])
    assert a == b != c


def test_build_error_names_the_command(tmp_path):
    _need("cc")
    with pytest.raises(anchors.BuildError, match="failed"):
        anchors.build_c("this is not C", tmp_path)


def test_memref_descriptor_views_the_array():
    a = np.zeros((3, 4))
    d = anchors.memref_descriptor(a)
    assert d.aligned == a.ctypes.data and list(d.sizes) == [3, 4] and list(d.strides) == [4, 1]
    with pytest.raises(ValueError):
        anchors.memref_descriptor(np.zeros((3, 4)).T)


def test_round_robin_restores_before_every_run():
    values = {"x": np.zeros(3)}
    state = timing.Restorable(values, ["x"])
    seen = []

    def bump(tag):
        def f():
            seen.append((tag, float(values["x"][0])))
            values["x"] += 1

        return f

    times = timing.round_robin({"a": bump("a"), "b": bump("b")}, state.restore, reps=3, warmup=1)
    assert [len(t) for t in times.values()] == [3, 3]
    assert all(x == 0.0 for _, x in seen)  # every run started from the pristine input
    timed = [tag for tag, _ in seen[2:]]
    assert timed == ["a", "b", "b", "a", "a", "b"]  # rounds rotate who goes first
    st = timing.Stats.of([3.0, 1.0, 2.0])
    assert (st.median, st.min, st.max, st.n) == (2.0, 1.0, 3.0, 3) and st.spread == 1.0


def test_machine_reads_flags_and_caches(tmp_path):
    assert machine.vector_width({"avx512f", "avx2", "fma"}) == 8
    assert machine.vector_width({"avx2", "fma"}) == 4
    assert machine.vector_width(set()) == 2
    idx = tmp_path / "index0"
    idx.mkdir()
    (idx / "level").write_text("2\n")
    (idx / "type").write_text("Unified\n")
    (idx / "size").write_text("1024K\n")
    assert machine.cache_sizes(tmp_path) == [machine.Cache(2, "Unified", 1 << 20)]
    assert machine.cache_sizes(tmp_path / "absent") == []


def test_fma_peak_is_measured_with_vector_fma():
    pytest.importorskip("llvmlite.binding")
    assert machine.fma_kernel(4, 2).count("vector.fma") == 2
    assert machine.fma_peak(2, seconds=0.01, reps=1, chains=4) > 0.1


def test_loop_report_sees_vector_loops():
    pytest.importorskip("llvmlite.binding")
    import polymlir

    engine = polymlir.compile(pb.render("jacobi-1d", {"TSTEPS": 2, "N": 4096}))
    v = loop_report.vectorization(engine.optimized_llvm_ir)
    assert v.loops >= 2 and v.vector_ops and "vectorized" in v.describe()
    lu = polymlir.compile(pb.render("lu", {"N": 8}))
    assert loop_report.vectorization(lu.optimized_llvm_ir).loops >= 3


def test_schedule_summary_reads_remarks():
    remarks = [
        "band (i, j, k): tiled 32x32x32: footprint 24.0 KiB fits the 32 KiB L1",
        "band (i, j, k): loop i_tile is parallel (affine.parallel): no dependence is carried by it",
    ]
    s = loop_report.schedule_summary(remarks)
    assert s.tiles == ["32x32x32 on (i, j, k)"] and s.parallel == ["i_tile"] and not s.packed
    assert "tiles 32x32x32" in s.describe(2) and "2 threads" in s.describe(2)
    assert loop_report.schedule_summary([], ok=False, reason="no loops").describe() == "optimize refused: no loops"


def test_schedule_summary_names_register_tiles_and_jams():
    remarks = [
        "band (i_1, k, j2): register tile 6x8 (12 accumulators of 16 256-bit registers)",
        "loop j: unroll-and-jam by 8 and scalar replacement of 1 inner loop(s): 8 independent reduction chains",
    ]
    text = loop_report.schedule_summary(remarks).describe()
    assert text.startswith("register tile 6x8 on (i_1, k, j2); j unroll-and-jammed by 8; no parallel loop")


def test_the_kernel_is_found_by_its_fused_multiply_adds():
    ir = """define void @helper(ptr %p) {
  %a = fadd double 1.0, 2.0
  ret void
}
define void @kernel(ptr %p) {
  %a = call double @llvm.fma.f64(double 1.0, double 2.0, double 3.0)
  %b = call double @llvm.fma.f64(double %a, double 2.0, double 3.0)
  %c = call <4 x double> @llvm.fma.v4f64(<4 x double> %z, <4 x double> %z, <4 x double> %z)
  ret void
}
"""
    v = loop_report.vectorization(ir)
    assert v.function == "kernel" and v.scalar_ops == 2 and v.vector_ops == {4: 1}


@pytest.mark.parametrize("name", sorted(n for n in pb.KERNELS if pbn.has_form(n)))
def test_numpy_forms_agree_with_the_reference(name):
    p = problem(name, "small")
    for set_name, values in p.sets.items():
        p.restorer(set_name).restore()
        pbn.form(name, values, p.sizes)()
        assert p.check(set_name, values) <= TOLERANCE, (name, set_name)


def test_problem_checks_both_sets():
    p = problem("gemm", "small")
    assert set(p.sets) == {"seed0", "seed1"} and p.source == "generated"
    values = p.sets["seed1"]
    assert p.check("seed1", values) > TOLERANCE  # the inputs are not the outputs
    values["C"][...] = pb.reference("gemm", values)["C"]
    assert p.check("seed1", values) == 0.0
    p.restorer("seed1").restore()
    assert p.check("seed1", values) > TOLERANCE
