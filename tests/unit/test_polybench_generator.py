"""polymlir.testing.polybench: every kernel renders to affine MLIR that
polymlir compiles, and the compiled kernel computes what the numpy
reference computes, bit for bit (same operations in the same order)."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest

import polymlir
from polymlir.testing import anchors
from polymlir.testing import polybench as pb

pytest.importorskip("llvmlite.binding")

# Small sizes: every loop runs more than once, and the stencils have an interior.
SMALL = {
    "gemm": dict(NI=4, NJ=5, NK=6),
    "2mm": dict(NI=3, NJ=4, NK=5, NL=6),
    "syrk": dict(M=4, N=5),
    "jacobi-2d": dict(TSTEPS=3, N=7),
    "seidel-2d": dict(TSTEPS=2, N=6),
    "lu": dict(N=5),
    "heat-3d": dict(TSTEPS=2, N=5),
    "fdtd-2d": dict(TMAX=3, NX=5, NY=6),
    "atax": dict(M=5, N=6),
    "mvt": dict(N=5),
    "trmm": dict(M=5, N=6),
    "covariance": dict(M=5, N=6),
    "gesummv": dict(N=5),
    "jacobi-1d": dict(TSTEPS=3, N=8),
    "3mm": dict(NI=3, NJ=4, NK=5, NL=6, NM=7),
    "syr2k": dict(M=4, N=5),
    "symm": dict(M=5, N=6),
    "doitgen": dict(NQ=3, NR=4, NP=5),
    "bicg": dict(M=5, N=6),
    "floyd-warshall": dict(N=6),
}
TWENTY = {
    "gemm",
    "2mm",
    "3mm",
    "syrk",
    "syr2k",
    "symm",
    "trmm",
    "doitgen",
    "covariance",
    "atax",
    "mvt",
    "gesummv",
    "bicg",
    "lu",
    "jacobi-1d",
    "jacobi-2d",
    "seidel-2d",
    "heat-3d",
    "fdtd-2d",
    "floyd-warshall",
}


def test_every_kernel_has_small_sizes():
    assert set(SMALL) == set(pb.KERNELS) == TWENTY


@pytest.mark.parametrize("name", sorted(pb.KERNELS))
def test_kernel_matches_reference(name):
    sizes = SMALL[name]
    text = pb.render(name, sizes)
    engine = polymlir.compile(text, opt_level=2)
    values = pb.inputs(name, sizes, seed=7)
    before = {k: np.copy(v) for k, v in values.items()}
    want = pb.reference(name, values)
    for k, v in values.items():  # the reference works on copies
        np.testing.assert_array_equal(v, before[k])
    engine.kernel(*pb.call_args(name, values))
    for w in pb.KERNELS[name].writes:
        np.testing.assert_array_equal(values[w], want[w], err_msg=f"{name}: {w}")
    # Non-degenerate inputs: the kernel changes what it writes.
    for w in pb.KERNELS[name].outputs:
        assert not np.array_equal(values[w], before[w]), (name, w)


@pytest.mark.parametrize("name", sorted(pb.KERNELS))
def test_rendered_kernel_shape(name):
    k = pb.KERNELS[name]
    text = pb.render(name)
    module = polymlir.parse(text, f"{name}.mlir")
    func = module.regions[0].blocks[0].operations[0]
    assert func.name == "func.func" and func.properties["sym_name"].value == "kernel"
    ft = func.properties["function_type"].value
    assert len(ft.inputs) == len(k.args)
    for a, t in zip(k.args, ft.inputs, strict=True):
        want = "f64" if a.shape is None else "memref<" + "x".join(str(k.sizes[d]) for d in a.shape) + "xf64>"
        assert str(t) == want, (name, a.name)
    ops = {op.name for op in module.walk()}
    assert "affine.for" in ops and "affine.store" in ops
    assert ops <= {
        "builtin.module",
        "func.func",
        "func.return",
        "affine.for",
        "affine.yield",
        "affine.load",
        "affine.store",
        "arith.constant",
        "arith.addf",
        "arith.subf",
        "arith.mulf",
        "arith.divf",
        "arith.cmpf",
        "arith.select",
        "memref.alloca",
    }
    assert set(k.outputs) <= set(k.writes)


def test_triangular_bounds_where_polybench_has_them():
    assert "affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i)" in pb.render("syrk")
    assert "affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to 20" in pb.render("trmm")
    assert "affine.for %j3 = affine_map<(d0) -> (d0)>(%i3) to 28" in pb.render("covariance")
    assert "affine.for %j2 = affine_map<(d0) -> (d0)>(%i) to 40" in pb.render("lu")


def test_sizes_and_errors():
    assert "memref<3x4xf64>" in pb.render("gemm", {"NI": 3, "NJ": 4})
    assert pb.sizes_of("gemm", {"NK": 2}) == {"NI": 20, "NJ": 25, "NK": 2}
    with pytest.raises(KeyError, match="no size 'X'"):
        pb.render("gemm", {"X": 1})
    with pytest.raises(KeyError, match="no PolyBench kernel 'nope'"):
        pb.render("nope")
    v = pb.inputs("jacobi-1d", {"TSTEPS": 2, "N": 6})
    plain = dict(v)  # loses the recorded sizes: the time steps must be given
    with pytest.raises(ValueError, match="TSTEPS"):
        pb.reference("jacobi-1d", plain)
    np.testing.assert_array_equal(
        pb.reference("jacobi-1d", plain, {"TSTEPS": 2})["A"], pb.reference("jacobi-1d", v)["A"]
    )


def test_inputs_are_deterministic_and_seeded():
    a, b, c = pb.inputs("gemm", seed=1), pb.inputs("gemm", seed=1), pb.inputs("gemm", seed=2)
    np.testing.assert_array_equal(a["C"], b["C"])
    assert not np.array_equal(a["C"], c["C"])
    assert a["C"].flags.c_contiguous and a["C"].dtype == np.float64
    lu = pb.inputs("lu", {"N": 6})["A"]
    np.testing.assert_array_equal(lu, lu.T)
    assert all(2 * lu[i, i] > np.abs(lu[i]).sum() for i in range(6))


def test_bench_sizes_and_flops_cover_every_kernel():
    assert set(pb.BENCH_SIZES) == set(pb.KERNELS)
    for name, sizes in pb.BENCH_SIZES.items():
        assert set(sizes) == set(pb.KERNELS[name].sizes), name
        assert pb.flops(name, sizes) > 0
    assert pb.flops("gemm", {"NI": 2, "NJ": 3, "NK": 4}) == 2 * 2 * 3 * 4 + 2 * 3


def test_floyd_warshall_is_a_compare_and_select():
    text = pb.render("floyd-warshall")
    assert "arith.cmpf olt" in text and "arith.select" in text
    assert "? v0 : v3" in pb.render_c("floyd-warshall")


def test_symm_keeps_temp2_in_a_local():
    assert "%temp2 = memref.alloca() : memref<f64>" in pb.render("symm")
    assert "double temp2;" in pb.render_c("symm")


@pytest.mark.parametrize("name", sorted(pb.KERNELS))
def test_upstream_mlir_opt_accepts_kernel(name):
    mlir_opt = anchors.find_tool("mlir-opt")
    if mlir_opt is None:
        pytest.skip("mlir-opt-22 is not installed")
    r = subprocess.run([mlir_opt, "-"], input=pb.render(name, SMALL[name]), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("name", sorted(pb.KERNELS))
def test_c_rendering_matches_reference(name, tmp_path):
    if anchors.find_tool("cc") is None:
        pytest.skip("no C compiler")
    sizes = SMALL[name]
    text = pb.render_c(name, sizes)
    assert "#pragma scop" in text and "#pragma endscop" in text
    so = anchors.build_c(text, tmp_path, opt=["-O2"])
    values = pb.inputs(name, sizes, seed=3)
    want = pb.reference(name, values)
    anchors.bind_c(so, "kernel", pb.call_args(name, values))()
    for w in pb.KERNELS[name].writes:
        np.testing.assert_array_equal(values[w], want[w], err_msg=f"{name}: {w}")
