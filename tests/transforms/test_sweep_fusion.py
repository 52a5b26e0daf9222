"""optimize(parallel=False) fuses the sweeps of a stencil's time step
(shifted where a dependence needs it) and the program computes the same;
with parallel loops asked for, the sweeps stay apart and run in parallel."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.testing import polybench as pb
from polymlir.testing.differential import compare_runs

SIZES = {
    "fdtd-2d": {"TMAX": 4, "NX": 20, "NY": 24},
    "jacobi-2d": {"TSTEPS": 4, "N": 24},
    "heat-3d": {"TSTEPS": 3, "N": 12},
}
SHIFTS = {"fdtd-2d": [[0], [1]], "jacobi-2d": [[1]], "heat-3d": [[1]]}


@pytest.mark.parametrize("name", sorted(SIZES))
def test_sweeps_fuse_on_one_thread(name):
    text = pb.render(name, SIZES[name])
    s = polymlir.schedule(polymlir.parse(text, f"{name}.mlir"), "kernel")
    report = s.optimize(parallel=False)
    fusions = [st for st in s.trace if st.op == "fuse"]
    assert [st.params["shifts"] for st in fusions] == SHIFTS[name]
    assert all(st.params["depth"] == 1 for st in fusions)
    assert any("one sweep over the rows per time step" in r for r in report.remarks)
    assert compare_runs(text, polymlir.print_ir(s.module), "kernel", seeds=(0, 1)) <= 1e-12
    again = polymlir.schedule(polymlir.parse(text, f"{name}.mlir"), "kernel")
    again.replay(s.trace)
    assert polymlir.print_ir(again.module) == polymlir.print_ir(s.module)


def test_with_parallel_loops_the_sweeps_stay_apart():
    text = pb.render("jacobi-2d", {"TSTEPS": 2, "N": 800})
    s = polymlir.schedule(polymlir.parse(text, "j.mlir"), "kernel")
    s.optimize()
    assert not [st for st in s.trace if st.op == "fuse"]
    assert [st for st in s.trace if st.op == "parallelize"]
