"""Dependence facts every PolyBench kernel is known to have (the kernels
come from polymlir.testing.polybench at its default sizes; loops are named
by their induction variables)."""

from __future__ import annotations

import re

import pytest

import polymlir
import polymlir.affine.isl_bridge as ib
from polymlir.affine import analyze
from polymlir.affine.dependence import dependences, is_parallel
from polymlir.affine.legality import is_permutable, schedule_legality
from polymlir.affine.report import module_report
from polymlir.testing import polybench


def load(kernel: str):
    module = polymlir.parse(polybench.render(kernel), f"{kernel}.mlir")
    return module, module.regions[0].blocks[0].operations[0]


def loop_names(kernel: str) -> dict[int, str]:
    """Line of each affine.for -> its induction variable."""
    out = {}
    for n, line in enumerate(polybench.render(kernel).splitlines(), 1):
        m = re.match(r"\s*affine\.for %(\w+) ", line)
        if m:
            out[n] = m.group(1)
    return out


def loop_kinds(kernel: str) -> dict[str, str]:
    module, _ = load(kernel)
    names = loop_names(kernel)
    rep = module_report(module)["functions"][0]
    out = {}
    for lp in rep["loops"]:
        iv = names[int(lp["loc"].split(":")[1])]
        out[iv] = "parallel" if lp["parallel"] else ("reduction" if lp["reduction_parallel"] else "sequential")
    return out


P, R, S = "parallel", "reduction", "sequential"
# induction variable of each affine.for -> what it is
EXPECTED = {
    # C = beta*C; C += alpha*A*B: i, j parallel; k carries the reduction.
    "gemm": {"i": P, "j": P, "k": R, "j2": P},
    "2mm": {"i": P, "j": P, "k": R, "i2": P, "j2": P, "k2": R},
    # Triangular j bounds; k carries the reduction into C[i][j2].
    "syrk": {"i": P, "j": P, "k": R, "j2": P},
    # Time loop carried, space loops parallel within a step.
    "jacobi-2d": {"t": S, "i": P, "j": P, "i2": P, "j2": P},
    # In-place Gauss-Seidel: every loop carries a dependence.
    "seidel-2d": {"t": S, "i": S, "j": S},
    # i and j carry; the k loops accumulate (A[i][j] -= ...); j2 is parallel.
    "lu": {"i": S, "j": S, "k": R, "j2": P, "k2": R},
    "heat-3d": {"t": S, "i": P, "j": P, "k": P, "i2": P, "j2": P, "k2": P},
    # Within a time step each statement's loops are parallel.
    "fdtd-2d": {"t": S, "j0": P, "i1": P, "j1": P, "i2": P, "j2": P, "i3": P, "j3": P},
    # y[j] accumulates over i; tmp[i] over j.
    "atax": {"i0": P, "i": R, "j": R, "j2": P},
    "mvt": {"i": P, "j": R, "i2": P, "j2": R},
    # B[i][j] reads rows k > i before they are scaled: i carries anti dependences.
    "trmm": {"i": S, "j": P, "k": R},
    # cov[i][j] and cov[j][i] (j >= i) never meet across iterations of i3 or j3.
    "covariance": {"j": P, "i": R, "i2": P, "j2": P, "i3": P, "j3": P, "k": R},
    "gesummv": {"i": P, "j": R},
    "jacobi-1d": {"t": S, "i": P, "i2": P},
    "3mm": {"i": P, "j": P, "k": R, "i2": P, "j2": P, "k2": R, "i3": P, "j3": P, "k3": R},
    "syr2k": {"i": P, "j": P, "k": R, "j2": P},
    # The scalar temp2 is reused by every (i, j): only k, its accumulation, is not sequential.
    "symm": {"i": S, "j": S, "k": R},
    # sum[p] is reused by every (r, q); within one, p is parallel and s accumulates.
    "doitgen": {"r": S, "q": S, "p": P, "s": R, "p2": P},
    # s[j] accumulates over i, q[i] over j.
    "bicg": {"i0": P, "i": R, "j": R},
    # In place: path[i][k] and path[k][j] may be written in the same k step.
    "floyd-warshall": {"k": S, "i": S, "j": S},
}


def test_every_generated_kernel_is_covered():
    assert set(EXPECTED) == set(polybench.KERNELS)


@pytest.mark.parametrize("kernel", sorted(EXPECTED))
def test_parallel_loops(kernel):
    assert loop_kinds(kernel) == EXPECTED[kernel]


def directions(kernel: str, carried: str | None):
    module, func = load(kernel)
    names = loop_names(kernel)
    model = analyze(func)
    out = set()
    for d in dependences(model):
        iv = names[int(d.carried_by.loc.split(":")[1])] if d.carried_by else None
        if iv == carried:
            out.add((d.kind, tuple(d.direction), tuple(d.distance) if d.distance is not None else None))
    return out


def test_gemm_directions():
    assert directions("gemm", "k") == {
        ("flow", ("=", "<", "="), None),
        ("anti", ("=", "<", "="), None),
        ("output", ("=", "<", "="), None),
    }


def test_jacobi_time_loop_carries_distance_one_or_zero_shifts():
    ds = directions("jacobi-2d", "t")
    assert ds and all(d[1][0] == "<" for d in ds)
    module, func = load("jacobi-2d")
    model = analyze(func)
    t = model.loops[0]
    assert not is_parallel(model, t) and all(is_parallel(model, lp) for lp in model.loops[1:])


def test_seidel_constant_distances():
    ds = directions("seidel-2d", "j")  # carried by j: A[i][j-1] read after A[i][j] written
    assert ("flow", ("=", "=", "<"), (0, 0, 1)) in ds


def test_value_based_flow_is_subset_of_memory_flow():
    _, func = load("jacobi-2d")
    model = analyze(func)
    exact = dependences(model, kind="flow", value_based=True)
    memory = dependences(model, kind="flow")
    assert exact and len(exact) <= len(memory)
    for d in exact:
        assert any(m.source is d.source and m.sink is d.sink and d.relation.is_subset(m.relation) for m in memory)


def test_permutable_bands_and_schedule_legality():
    _, func = load("gemm")
    model = analyze(func)
    i, j, k, j2 = model.loops
    assert is_permutable(model, [i, k, j2])
    assert is_permutable(model, [k, j2])
    assert schedule_legality(model, model.schedule_map)
    _, func = load("seidel-2d")
    model = analyze(func)
    assert not is_permutable(model, model.loops[1:])  # (i, j) has (<, >) dependences


def test_illegal_schedule_names_the_dependence():
    from polymlir.affine import isl_bridge as ib

    _, func = load("seidel-2d")
    model = analyze(func)
    names = [s.name for s in model.statements]
    # Interchange i and j: [t, i, j] -> [t, j, i] for every statement.
    text = "{ " + "; ".join(f"{n}[t, i, j] -> [0, t, 0, j, 0, i, {k}]" for k, n in enumerate(names)) + " }"
    verdict = schedule_legality(model, ib.parse_union_map(text))
    assert not verdict.ok and verdict.violated is not None
    assert "seidel-2d.mlir:" in verdict.reason and "dependence" in verdict.reason
    same = "{ " + "; ".join(f"{n}[t, i, j] -> [0, t, 0, i, 0, j, {k}]" for k, n in enumerate(names)) + " }"
    assert schedule_legality(model, ib.parse_union_map(same)).ok


def test_deps_cli_json_contract(tmp_path):
    import json
    import subprocess
    import sys

    path = tmp_path / "gemm.mlir"
    path.write_text(polybench.render("gemm"))
    r = subprocess.run(
        [sys.executable, "-m", "polymlir", "deps", "--format", "json", str(path)], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    f = rep["functions"][0]
    assert f["name"] == "kernel" and set(f) == {"name", "loops", "dependences", "non_affine"}
    assert set(f["loops"][0]) == {"loc", "depth", "parallel", "reduction_parallel"}
    d = f["dependences"][0]
    assert {"kind", "source", "sink", "relation", "carried_by", "distance", "direction"} <= set(d)
    assert d["source"]["loc"].startswith(f"{path}:")


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
    assert ("scf.for", "8") in reasons and ("func.call", "14") in reasons
    assert "writes memory" in reasons[("scf.for", "8")] and "unknown memory effects" in reasons[("func.call", "14")]
    # memref.load only reads %A: a statement reading all of %A, so the loop carries dependences.
    assert ("memref.load", "5") not in reasons
    assert any(d["source"]["op"] == "memref.load" or d["sink"]["op"] == "memref.load" for d in rep["dependences"])
    loops = {int(lp["loc"].split(":")[1]): lp["parallel"] for lp in rep["loops"]}
    assert loops == {4: False, 12: False}  # never claimed parallel


@pytest.mark.parametrize("kernel", ["gemm", "lu", "seidel-2d", "fdtd-2d", "jacobi-1d", "trmm"])
def test_flow_past_isls_operations_budget_is_the_same_relation(kernel, monkeypatch):
    # isl's compute_flow gives up past FLOW_OPERATIONS (it can run for many minutes on some tiled and
    # jammed nests); the last-writer flow is then F - (O . F) of the memory-based relations: the same
    def flows():
        _, fn = load(kernel)
        model = analyze(fn)
        return {(d.source.name, d.sink.name, str(d.relation)) for d in dependences(model, "flow", value_based=True)}

    exact = flows()
    budgeted = ib.compute_flow
    monkeypatch.setattr(ib, "compute_flow", lambda *a: budgeted(*a, max_operations=1))
    with pytest.raises(ib.IslBridgeError, match="maximal number of operations"):
        ib.compute_flow(*_flow_inputs(kernel))
    assert flows() == exact


def _flow_inputs(kernel: str):
    _, fn = load(kernel)
    model = analyze(fn)
    return model.accesses("read"), model.accesses("write"), model.schedule_map
