"""Acceptance on the shared PolyBench kernels: polymlir's transformed output
is read by upstream mlir-opt 22, lowered by upstream's pipeline
(mlir-opt, mlir-translate, clang) and computes the stored reference
outputs on both input sets of ../shared/bench."""

from __future__ import annotations

import importlib
import shlex
import sys

import pytest

from polymlir.cli import main as cli_main

from ..shared_data import requires_upstream, shared_file_params

COMMANDS = ["tile --sizes 32,32,32", "optimize"]


def benchlib(bench_dir):
    sys.path.insert(0, str(bench_dir))
    try:
        return importlib.import_module("benchlib")
    finally:
        sys.path.pop(0)


@requires_upstream("mlir-opt", "mlir-translate", "clang")
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kernel", shared_file_params("bench/polybench", "*.mlir", lambda p: p.stem))
def test_transformed_kernel_runs_upstream(kernel, command, tmp_path):
    out = tmp_path / f"{kernel.stem}.mlir"
    assert cli_main([*shlex.split(command), str(kernel), "-o", str(out)]) == 0
    bl = benchlib(kernel.parent.parent)
    # optimize's micro-kernels use the vector dialect: upstream's pipeline for it
    vector = "vector." in out.read_text()
    lowering = bl.MLIR_LOWERING_VECTOR if vector else None
    built = bl.build_mlir(kernel.stem, str(tmp_path / "build"), mlir_file=str(out), lowering=lowering)
    assert built["error"] is None, (built["stage"], built["error"])
    for inputs in ("polybench", "random"):
        inst = bl.Instance(kernel.stem, inputs)
        bl.bind_mlir(built["so"], inst.args)()
        r = bl.pb.compare(kernel.stem, inst.outputs(), inputs=inputs)
        assert r["ok"], (kernel.stem, inputs, r)
