"""Every shared PolyBench kernel, compiled by polymlir and called with numpy
arrays in the header's argument order, matches the stored reference outputs
on both input sets."""

from __future__ import annotations

import os
import sys

import pytest

import polymlir

BENCH = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "bench", "polybench")
pytestmark = pytest.mark.skipif(not os.path.isdir(BENCH), reason="shared/bench is not beside the checkout")
KERNELS = ["gemm", "2mm", "syrk", "jacobi-2d", "seidel-2d", "lu"]


@pytest.fixture(scope="module")
def pb():
    sys.path.insert(0, BENCH)
    import init

    return init


@pytest.mark.parametrize("name", KERNELS)
def test_kernel_matches_reference(pb, name):
    text = open(os.path.join(BENCH, f"{name}.mlir")).read()
    engine = polymlir.compile(text, opt_level=3)
    for inputs in ("polybench", "random"):
        d = pb.init_dict(name, inputs)
        engine.kernel(*[d[a] for a, _ in pb.arg_shapes(name)])
        r = pb.compare(name, {o: d[o] for o in pb.KERNELS[name]["outputs"]}, inputs=inputs)
        assert r["ok"], (name, inputs, r)


@pytest.mark.parametrize("name", KERNELS)
def test_lowered_kernel_accepted_by_upstream(name):
    import shutil
    import subprocess

    mlir_opt = shutil.which("mlir-opt-22") or shutil.which("mlir-opt")
    if mlir_opt is None:
        pytest.skip("upstream mlir-opt is not installed")
    from polymlir.transforms.pass_manager import PassManager

    module = polymlir.parse(open(os.path.join(BENCH, f"{name}.mlir")).read(), f"{name}.mlir")
    PassManager.parse("builtin.module(convert-to-llvm)").run(module)
    text = polymlir.print_ir(module)
    assert "llvm.func @kernel" in text
    r = subprocess.run([mlir_opt], input=text, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
