"""experiments/bench_polybench.py end to end on two small kernels: the
variants are verified and timed, the tables, JSON and the why-lines come out."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("llvmlite.binding")


def _script():
    spec = importlib.util.spec_from_file_location("bench_polybench", ROOT / "experiments" / "bench_polybench.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_harness_runs_small_kernels(tmp_path, capsys):
    script = _script()
    md, js = tmp_path / "out.md", tmp_path / "out.json"
    script.main(
        [
            "--sizes=small",
            "--kernels=gemm,seidel-2d",
            "--variants=pm_plain,pm_opt,numpy",
            "--reps=2",
            f"--md={md}",
            f"--json={js}",
            f"--build-dir={tmp_path / 'build'}",
        ]
    )
    text = md.read_text()
    assert "| gemm |" in text and "| seidel-2d |" in text and "geomean" in text
    assert "Why polymlir's optimize variant" in text and "- gemm:" in text
    data = json.loads(js.read_text())
    gemm = data["results"][0]["variants"]
    assert gemm["pm_opt"]["status"] == "ok" and gemm["pm_opt"]["median_s"] > 0
    assert data["results"][1]["variants"]["numpy"]["status"] == "n/a"
    assert data["env"]["fma_peak_gflops"] > 0


def test_threads_needs_the_keyword():
    script = _script()
    import inspect

    import polymlir

    if "threads" in inspect.signature(polymlir.compile).parameters:
        pytest.skip("polymlir.compile takes threads= here")
    with pytest.raises(SystemExit, match="threads"):
        script.main(["--threads=2", "--kernels=gemm", "--sizes=small"])
