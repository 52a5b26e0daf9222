"""Acceptance of ``polymlir tune`` on a shared PolyBench kernel: run twice
into one study (the second run resumes it: 16 trials), the best program is
read by upstream mlir-opt 22, lowered by upstream's pipeline (mlir-opt,
mlir-translate, clang, as ../shared/bench/benchlib.py builds its MLIR
anchor) and computes the stored reference outputs on both input sets."""

from __future__ import annotations

import importlib
import sys

import pytest

optuna = pytest.importorskip("optuna", reason="the tuner needs optuna (pip install 'polymlir[tune]')")

from polymlir.cli import main  # noqa: E402

from ..shared_data import require_shared, requires_upstream  # noqa: E402

# The quickest of the six shared kernels to run (1000 x 1100 x 1200, about 0.2 s tuned).
KERNEL = "gemm"


def benchlib(bench_dir):
    sys.path.insert(0, str(bench_dir))
    try:
        return importlib.import_module("benchlib")
    finally:
        sys.path.pop(0)


@requires_upstream("mlir-opt", "mlir-translate", "clang")
def test_tuned_kernel_resumes_and_runs_upstream(tmp_path, monkeypatch):
    source = require_shared("bench", "polybench", f"{KERNEL}.mlir")
    monkeypatch.chdir(tmp_path)
    argv = ["tune", str(source), "--func", "kernel", "--trials", "8", "--db", "t.db", "-o", "best.mlir"]
    assert main(argv) == 0
    assert main(argv) == 0
    names = optuna.get_all_study_names("sqlite:///t.db")
    assert len(names) == 1 and names[0].startswith(f"{KERNEL}:kernel@")
    study = optuna.load_study(study_name=names[0], storage="sqlite:///t.db")
    assert len(study.trials) == 16  # the second run resumed the first's study
    assert sorted(t.user_attrs.get("baseline", "") for t in study.trials if t.user_attrs.get("baseline")) == [
        "optimize",
        "plain",
    ]
    best = tmp_path / "best.mlir"
    bl = benchlib(source.parent.parent)
    lowering = bl.MLIR_LOWERING_VECTOR if "vector." in best.read_text() else bl.MLIR_LOWERING
    built = bl.build_mlir(KERNEL, str(tmp_path / "build"), mlir_file=str(best), lowering=lowering)
    assert built["error"] is None, (built["stage"], built["error"])
    for inputs in ("polybench", "random"):
        inst = bl.Instance(KERNEL, inputs)
        bl.bind_mlir(built["so"], inst.args)()
        r = bl.pb.compare(KERNEL, inst.outputs(), inputs=inputs)
        assert r["ok"], (inputs, r)
