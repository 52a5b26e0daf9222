"""Dependence facts every PolyBench kernel is known to have."""

from __future__ import annotations

import os

import pytest

import polymlir
from polymlir.affine import analyze
from polymlir.affine.report import module_report

BENCH = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "bench", "polybench")
pytestmark = pytest.mark.skipif(not os.path.isdir(BENCH), reason="shared/bench is not beside the checkout")


def load(kernel: str):
    path = os.path.join(BENCH, f"{kernel}.mlir")
    module = polymlir.parse(open(path).read(), f"{kernel}.mlir")
    return module, module.regions[0].blocks[0].operations[0]


def loops_by_line(kernel: str) -> dict[int, str]:
    module, _ = load(kernel)
    rep = module_report(module)["functions"][0]
    out = {}
    for l in rep["loops"]:
        line = int(l["loc"].split(":")[1])
        out[line] = "parallel" if l["parallel"] else ("reduction" if l["reduction_parallel"] else "sequential")
    return out


# line of each affine.for -> what it is
EXPECTED = {
    # C = beta*C; C += alpha*A*B: i, j parallel; k carries the reduction.
    "gemm": {8: "parallel", 9: "parallel", 14: "reduction", 15: "parallel"},
    "2mm": {10: "parallel", 11: "parallel", 13: "reduction", 25: "parallel", 26: "parallel", 30: "reduction"},
    # Triangular j bounds; k carries the reduction into C[i][j2].
    "syrk": {8: "parallel", 9: "parallel", 14: "reduction", 15: "parallel"},
    # Time loop carried, space loops parallel within a step.
    "jacobi-2d": {9: "sequential", 10: "parallel", 11: "parallel", 25: "parallel", 26: "parallel"},
    # In-place Gauss-Seidel: every loop carries a dependence.
    "seidel-2d": {9: "sequential", 10: "sequential", 11: "sequential"},
    # i and j carry; the k loops accumulate (A[i][j] -= ...); j2 is parallel.
    "lu": {8: "sequential", 9: "sequential", 10: "reduction", 23: "parallel", 24: "reduction"},
}


@pytest.mark.parametrize("kernel", sorted(EXPECTED))
def test_parallel_loops(kernel):
    assert loops_by_line(kernel) == EXPECTED[kernel]


def directions(kernel: str, carried_line: int | None):
    module, func = load(kernel)
    model = analyze(func)
    out = set()
    for d in model.dependences():
        line = int(d.carried_by.loc.split(":")[1]) if d.carried_by else None
        if line == carried_line:
            out.add((d.kind, tuple(d.direction), tuple(d.distance) if d.distance is not None else None))
    return out


def test_gemm_directions():
    assert directions("gemm", 14) == {("flow", ("=", "<", "="), None), ("anti", ("=", "<", "="), None),
                                      ("output", ("=", "<", "="), None)}


def test_jacobi_time_loop_carries_distance_one_or_zero_shifts():
    ds = directions("jacobi-2d", 9)
    assert ds and all(d[1][0] == "<" for d in ds)
    module, func = load("jacobi-2d")
    model = analyze(func)
    t = model.loops[0]
    assert not model.is_parallel(t) and all(model.is_parallel(l) for l in model.loops[1:])


def test_seidel_constant_distances():
    ds = directions("seidel-2d", 11)  # carried by j: A[i][j-1] read after A[i][j] written
    assert ("flow", ("=", "=", "<"), (0, 0, 1)) in ds


def test_value_based_flow_is_subset_of_memory_flow():
    _, func = load("jacobi-2d")
    model = analyze(func)
    exact = model.dependences(kind="flow", value_based=True)
    memory = model.dependences(kind="flow")
    assert exact and len(exact) <= len(memory)
    for d in exact:
        assert any(m.source is d.source and m.sink is d.sink and d.relation.is_subset(m.relation) for m in memory)


def test_permutable_bands_and_schedule_legality():
    _, func = load("gemm")
    model = analyze(func)
    i, j, k, j2 = model.loops
    assert model.is_permutable([i, k, j2])
    assert model.is_permutable([k, j2])
    assert model.legal(model.schedule_map)
    _, func = load("seidel-2d")
    model = analyze(func)
    assert not model.is_permutable(model.loops[1:])  # (i, j) has (<, >) dependences


def test_illegal_schedule_names_the_dependence():
    from polymlir.affine import isl_bridge as ib

    _, func = load("seidel-2d")
    model = analyze(func)
    names = [s.name for s in model.statements]
    # Interchange i and j: [t, i, j] -> [t, j, i] for every statement.
    text = "{ " + "; ".join(f"{n}[t, i, j] -> [0, t, 0, j, 0, i, {k}]" for k, n in enumerate(names)) + " }"
    verdict = model.legal(ib.parse_union_map(text))
    assert not verdict.ok and verdict.violated is not None
    assert "seidel-2d.mlir:" in verdict.reason and "dependence" in verdict.reason
    same = "{ " + "; ".join(f"{n}[t, i, j] -> [0, t, 0, i, 0, j, {k}]" for k, n in enumerate(names)) + " }"
    assert model.legal(ib.parse_union_map(same)).ok


def test_deps_cli_json_contract(tmp_path):
    import json
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "polymlir", "deps", "--format", "json",
                        os.path.join(BENCH, "gemm.mlir")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    f = rep["functions"][0]
    assert f["name"] == "kernel" and set(f) == {"name", "loops", "dependences", "non_affine"}
    assert set(f["loops"][0]) == {"loc", "depth", "parallel", "reduction_parallel"}
    d = f["dependences"][0]
    assert {"kind", "source", "sink", "relation", "carried_by", "distance", "direction"} <= set(d)
    assert d["source"]["loc"].startswith(os.path.join(BENCH, "gemm.mlir") + ":")


def test_non_affine_code_is_reported_not_modelled():
    text = """func.func @f(%A: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 16 {
    %v = memref.load %A[%i] : memref<16xf32>
    affine.store %v, %A[%i] : memref<16xf32>
  }
  scf.for %j = %c0 to %n step %c1 {
    %w = memref.load %A[%j] : memref<16xf32>
    memref.store %w, %A[%c0] : memref<16xf32>
  }
  affine.for %k = 0 to 16 {
    %y = affine.load %A[%k] : memref<16xf32>
    func.call @g(%y) : (f32) -> ()
  }
  return
}
func.func private @g(f32)
func.func @h() {
  return
}"""
    module = polymlir.parse(text, "na.mlir")
    rep = module_report(module)["functions"][0]
    reasons = {(n["op"], n["loc"].split(":")[1]): n["reason"] for n in rep["non_affine"]}
    assert ("memref.load", "5") in reasons and ("scf.for", "8") in reasons and ("func.call", "14") in reasons
    loops = {int(l["loc"].split(":")[1]): l["parallel"] for l in rep["loops"]}
    assert loops == {4: False, 12: False}  # unknown effects inside: never claimed parallel
