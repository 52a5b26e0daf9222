"""What a CLI user sees: output, located errors with a caret, exit codes."""

import subprocess
import sys

import pytest


def run(args, stdin=None):
    return subprocess.run([sys.executable, "-m", "polymlir", *args], input=stdin, capture_output=True, text=True)


def test_opt_prints_module(tmp_path):
    f = tmp_path / "a.mlir"
    f.write_text('"t.a"() : () -> ()\n')
    r = run(["opt", str(f), "--allow-unregistered-dialect"])
    assert r.returncode == 0 and r.stdout == 'module {\n  "t.a"() : () -> ()\n}\n\n'
    out = tmp_path / "o.mlir"
    r = run(["opt", str(f), "--allow-unregistered-dialect", "--mlir-print-op-generic", "-o", str(out)])
    assert r.returncode == 0 and out.read_text().startswith('"builtin.module"() ({')


def test_stdin():
    r = run(["opt", "-", "--allow-unregistered-dialect"], stdin='"t.a"() : () -> ()')
    assert r.returncode == 0 and '"t.a"()' in r.stdout


def test_parse_error_is_located_with_caret(tmp_path):
    f = tmp_path / "bad.mlir"
    f.write_text('func.func @f() {\n  %0 = "t.a"() : () -> i32\n  "t.b"(%1) : (i32) -> ()\n  return\n}\n')
    r = run(["opt", str(f), "--allow-unregistered-dialect"])
    assert r.returncode == 1
    assert r.stderr.splitlines()[:3] == [
        f"{f}:3:9: error: use of undeclared SSA value name",
        '  "t.b"(%1) : (i32) -> ()',
        "        ^",
    ]
    assert "Traceback" not in r.stderr


def test_verifier_error_and_unregistered(tmp_path):
    f = tmp_path / "v.mlir"
    f.write_text('"t.a"() : () -> ()\n')
    r = run(["opt", str(f)])
    assert r.returncode == 1 and f"{f}:1:1: error: operation being parsed with an unregistered dialect" in r.stderr


def test_split_input_file_keeps_line_numbers(tmp_path):
    f = tmp_path / "s.mlir"
    f.write_text('"t.a"() : () -> ()\n// -----\n"t.b"() : () -> ()\n// -----\n"t.c"(%x) : (i32) -> ()\n')
    r = run(["opt", str(f), "--allow-unregistered-dialect", "--split-input-file"])
    assert r.returncode == 1 and f"{f}:5:7: error: use of undeclared SSA value name" in r.stderr


def test_verify_diagnostics(tmp_path):
    f = tmp_path / "d.mlir"
    f.write_text(
        '// expected-error@+1 {{use of undeclared SSA value name}}\n"t.c"(%x) : (i32) -> ()\n'
        '// -----\n"t.ok"() : () -> ()\n'
    )
    r = run(["opt", str(f), "--allow-unregistered-dialect", "--split-input-file", "--verify-diagnostics"])
    assert r.returncode == 0, r.stderr
    f.write_text('// expected-error@+1 {{some other message}}\n"t.c"(%x) : (i32) -> ()\n')
    r = run(["opt", str(f), "--allow-unregistered-dialect", "--verify-diagnostics"])
    assert r.returncode == 1 and "was not produced" in r.stderr


def test_missing_file_is_a_clean_error(tmp_path):
    r = run(["opt", str(tmp_path / "nope.mlir")])
    assert r.returncode != 0 and "cannot open input file" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tile", "--sizes", "8", "--func", "nope"], "no function named 'nope' (functions: matmul)"),
        (["optimize", "--func", "nope"], "no function named 'nope' (functions: matmul)"),
        (["unroll", "--loop", "i", "--factor", "2", "--func", "nope"], "no function named 'nope'"),
        (["interchange", "--order", ","], "interchange takes a list of loops, got none"),
    ],
)
def test_bad_function_and_empty_loop_lists_are_errors_not_internal_errors(args, message, capsys):
    from pathlib import Path

    from polymlir.cli import main

    example = str(Path(__file__).resolve().parents[2] / "examples" / "matmul.mlir")
    assert main([*args, example]) == 1
    err = capsys.readouterr().err
    # An argument problem, not a place in the input: `polymlir <command>: error:`.
    assert message in err and "internal error" not in err and err.startswith(f"polymlir {args[0]}: error: ")
