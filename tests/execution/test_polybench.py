"""PolyBench kernels through polymlir's compiler.

- The external benchmark's kernels (``bench/polybench`` of the external data),
  compiled by polymlir and called with numpy arrays in the header's argument
  order, match the stored outputs of the C reference on both input sets.
- Every kernel of polymlir's own generator, lowered by polymlir's
  ``convert-to-llvm``, is accepted by upstream ``mlir-opt``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import polymlir
from polymlir.testing import polybench
from polymlir.transforms.passes.manager import PassManager

from ..shared_data import require_shared, requires_upstream, upstream

SHARED_KERNELS = ["gemm", "2mm", "syrk", "jacobi-2d", "seidel-2d", "lu"]


@pytest.fixture(scope="module")
def bench():
    """The external benchmark folder and its ``init`` module (inputs and the
    comparison with the C reference's outputs)."""
    path = require_shared("bench", "polybench")
    sys.path.insert(0, str(path))
    try:
        import init
    finally:
        sys.path.remove(str(path))
    return path, init


@pytest.mark.parametrize("name", SHARED_KERNELS)
def test_kernel_matches_reference(bench, name):
    path, pb = bench
    engine = polymlir.compile((path / f"{name}.mlir").read_text(), opt_level=3)
    for inputs in ("polybench", "random"):
        d = pb.init_dict(name, inputs)
        engine.kernel(*[d[a] for a, _ in pb.arg_shapes(name)])
        r = pb.compare(name, {o: d[o] for o in pb.KERNELS[name]["outputs"]}, inputs=inputs)
        assert r["ok"], (name, inputs, r)


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("name", sorted(polybench.KERNELS))
def test_lowered_kernel_accepted_by_upstream(name):
    module = polymlir.parse(polybench.render(name), f"{name}.mlir")
    PassManager.parse("builtin.module(convert-to-llvm)").run(module)
    text = polymlir.print_ir(module)
    assert "llvm.func @kernel" in text
    r = subprocess.run([upstream("mlir-opt")], input=text, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
