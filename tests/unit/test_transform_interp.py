"""The transform dialect interpreter as a library and through the CLI:
schedules that polymlir can honour are applied; one naming an op it cannot
interpret is refused by the interpreter, and ``polymlir run`` then warns
once, erases the schedule and runs the payload unchanged."""

import subprocess
import sys

import pytest

from polymlir.ir.diagnostics import DiagnosticError
from polymlir.parser.parser import parse_source
from polymlir.printer import print_op
from polymlir.transforms.transform_interp import (
    apply_or_erase_schedule,
    apply_schedule,
    erase_schedule,
    interpreter,
    register_handler,
    unsupported_ops,
)
from polymlir.transforms.transform_interp.interpreter import find_entry

PAYLOAD = """
func.func @main() -> i32 {
  %a = arith.constant 40 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  %d = arith.addi %a, %b : i32
  %e = arith.subi %d, %c : i32
  %f = arith.addi %c, %e : i32
  return %f : i32
}
"""

CANONICALIZE = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
    } {apply_cse} : !transform.any_op
    transform.debug.emit_remark_at %f, "done" : !transform.any_op
    transform.yield
  }
}
"""

VECTORIZE = """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.structured.vectorize %f : !transform.any_op
    transform.yield
  }
}
"""


def _func_body(module) -> list[str]:
    func = next(op for op in module.regions[0].blocks[0].operations if op.name == "func.func")
    return [op.name for op in func.regions[0].blocks[0].operations]


def test_schedule_is_applied_and_reports_remarks():
    m = parse_source(PAYLOAD + CANONICALIZE, "t.mlir")
    diags = apply_schedule(m)
    assert [d.message for d in diags] == ["done"]
    assert diags[0].loc.line == 2  # the func.func payload op
    assert _func_body(m) == ["arith.constant", "func.return"]
    assert "arith.constant 42 : i32" in print_op(m)


def test_unsupported_op_is_refused_before_anything_runs():
    m = parse_source(PAYLOAD + VECTORIZE, "t.mlir")
    before = print_op(m)
    assert [op.name for op in unsupported_ops(m, find_entry(m))] == ["transform.structured.vectorize"]
    with pytest.raises(DiagnosticError, match="transform op 'transform.structured.vectorize' is not supported"):
        apply_schedule(m)
    assert print_op(m) == before  # the canonicalization before it did not run


def test_apply_or_erase_warns_and_erases():
    m = parse_source(PAYLOAD + VECTORIZE, "t.mlir")
    diags = apply_or_erase_schedule(m)
    assert [d.severity for d in diags] == ["warning"]
    assert "'transform.structured.vectorize'" in diags[0].message
    assert "transform.named_sequence" not in print_op(m)
    assert len(_func_body(m)) == 7  # payload untouched


def test_erase_schedule_counts_outermost_transform_ops():
    m = parse_source(PAYLOAD + CANONICALIZE, "t.mlir")
    assert erase_schedule(m) == 1
    assert erase_schedule(m) == 0


def test_missing_entry_point_is_a_located_error():
    m = parse_source(PAYLOAD + CANONICALIZE, "t.mlir")
    with pytest.raises(DiagnosticError, match="could not find a nested named sequence with name: other"):
        apply_schedule(m, "other")


def test_registered_handler_runs():
    # A handler registered from Python is what the interpreter calls.
    seen = []

    @register_handler("transform.loop.hoist_loop_invariant_subsets")
    def _record(interp, op):
        seen.extend(p.name for p in interp.payload(op.operands[0]))

    try:
        m = parse_source(
            PAYLOAD.replace("@main", "@g")
            + """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %f : !transform.any_op
    transform.yield
  }
}
""",
            "t.mlir",
        )
        apply_schedule(m)
        assert seen == ["func.func"]
    finally:
        interpreter._HANDLERS.pop("transform.loop.hoist_loop_invariant_subsets")


def _run(path, *args):
    return subprocess.run(
        [sys.executable, "-m", "polymlir", "run", str(path), *args], capture_output=True, text=True, timeout=300
    )


def test_cli_run_applies_a_supported_schedule(tmp_path):
    f = tmp_path / "s.mlir"
    f.write_text(PAYLOAD + CANONICALIZE)
    r = _run(f, "--entry-point-result", "i32")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "42\n"
    assert "remark: done" in r.stderr and "warning" not in r.stderr


def test_cli_run_warns_once_on_an_unsupported_schedule(tmp_path):
    f = tmp_path / "s.mlir"
    f.write_text(PAYLOAD + VECTORIZE)
    r = _run(f, "--entry-point-result", "i32")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "42\n"
    assert r.stderr.count("warning:") == 1
    assert f"{f}:" in r.stderr and "'transform.structured.vectorize' is not supported" in r.stderr


def test_cli_run_reports_a_failing_schedule(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text(
        PAYLOAD
        + """
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %r = transform.structured.match ops{["func.return"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.match.operation_name %r ["func.func"] : !transform.any_op
    transform.yield
  }
}
"""
    )
    r = _run(bad)
    assert r.returncode == 1
    assert "error: wrong operation name" in r.stderr and "Traceback" not in r.stderr
