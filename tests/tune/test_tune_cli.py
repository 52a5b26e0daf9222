"""``polymlir tune`` on the command line: the best program and trace, and the report."""

from __future__ import annotations

import pytest

pytest.importorskip("optuna", reason="the tuner needs optuna (pip install 'polymlir[tune]')")

from polymlir.cli import main  # noqa: E402

from . import kernels as K  # noqa: E402


def test_tune_writes_best_program_and_trace_then_reports(tmp_path, capsys):
    src = tmp_path / "stream.mlir"
    src.write_text(K.STREAM)
    db, out, trace = tmp_path / "t.db", tmp_path / "best.mlir", tmp_path / "best.json"
    argv = ["tune", str(src), "--func", "kernel", "--trials", "4", "--db", str(db), "-o", str(out)]
    assert main([*argv, "--trace-out", str(trace), "--reps", "1", "--sampler", "random", "--seed", "0"]) == 0
    printed = capsys.readouterr().out
    assert "4 trials in storage" in printed and "vs optimize" in printed
    assert "result: trial " in printed  # how the closing contest picked the program written
    assert "func.func @kernel" in out.read_text()
    replayed = tmp_path / "replayed.mlir"
    # tune writes the program as mlir-opt prints it; apply, like every loop
    # subcommand, prints source names unless asked for mlir-opt's.
    assert main(["apply", "--trace", str(trace), str(src), "-o", str(replayed), "--mlir-opt-names"]) == 0
    assert replayed.read_text() == out.read_text()
    plots = tmp_path / "plots"
    assert main(["tune", "--report", str(db), "--plots", str(plots)]) == 0
    report = capsys.readouterr().out
    assert "stream:kernel@" in report and "[plain]" in report and "[optimize]" in report
    assert "result: trial " in report
    assert any(p.name.endswith("-history.png") for p in plots.iterdir())


def test_tune_without_a_file_says_what_to_give(capsys):
    assert main(["tune"]) == 1
    assert "give a FILE" in capsys.readouterr().err
