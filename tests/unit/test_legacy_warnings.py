"""Legacy (2019-2020) spellings are upgraded with a located warning naming
today's spelling, and rejected under strict parsing (issue 9, section 2)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import polymlir
from polymlir.cli import main, split_chunks
from polymlir.parser.parser import LegacySyntaxWarning, parse_source

LEGACY = """\
func @f(%a: memref<4xf32>) {
  %i = constant 0 : index
  %v = load %a[%i] : memref<4xf32>
  return
}
"""


def _record(text: str, **kw) -> list:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = polymlir.parse(text, "f.mlir", **kw)
    assert module is not None
    return [w for w in caught if issubclass(w.category, LegacySyntaxWarning)]


def test_parse_warns_with_located_messages():
    caught = _record(LEGACY)
    assert [str(w.message).split("\n")[0] for w in caught] == [
        "f.mlir:1:1: warning: 'func' is the 2019 spelling of 'func.func'",
        "f.mlir:2:8: warning: 'constant' is the 2019 spelling of 'arith.constant'",
        "f.mlir:3:8: warning: 'load' is the 2019 spelling of 'memref.load'",
    ]
    # The rendered text carries the source line and a caret; the Diagnostic is attached.
    assert str(caught[1].message).split("\n")[1:] == ["  %i = constant 0 : index", "       ^"]
    d = caught[1].message.diagnostic
    assert d.severity == "warning" and d.loc.line == 2 and d.loc.col == 8
    # The warning points at the caller of polymlir.parse.
    assert caught[0].filename == __file__


def test_upgraded_ir_is_todays():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LegacySyntaxWarning)
        text = polymlir.print_ir(polymlir.parse(LEGACY))
    assert "func.func @f" in text and "arith.constant 0 : index" in text and "memref.load" in text


def test_strict_rejects_the_first_legacy_spelling():
    with pytest.raises(polymlir.DiagnosticError) as e:
        polymlir.parse(LEGACY, "f.mlir", strict=True)
    assert e.value.message == "'func' is the 2019 spelling of 'func.func' (rejected by strict=True)"
    assert (e.value.loc.line, e.value.loc.col) == (1, 1)


def test_modern_text_gives_no_warning_and_passes_strict():
    modern = """\
func.func private @callee()
func.func @f(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<4xf32>
  %f = constant @callee : () -> ()
  "test.op"() {map = affine_map<(d0) -> (d0)>, key = 1} : () -> ()
  return
}
"""
    assert _record(modern, allow_unregistered=True) == []
    polymlir.parse(modern, allow_unregistered=True, strict=True)


def test_once_per_spelling_and_location():
    # llvm.load looks ahead at its type before reading it: still one warning each.
    text = (
        'llvm.func @g(%p: !llvm<"float*">) -> f32 {\n  %0 = llvm.load %p : !llvm<"float*">\n  llvm.return %0 : f32\n}\n'
    )
    w: list = []
    parse_source(text, "g.mlir", warnings=w)
    assert [(d.loc.line, d.loc.col, d.message) for d in w] == [
        (1, 18, "'!llvm<\"float*\">' is the 2019 spelling of '!llvm.ptr'"),
        (2, 23, "'!llvm<\"float*\">' is the 2019 spelling of '!llvm.ptr'"),
    ]


def test_warnings_before_a_parse_error_are_kept():
    w: list = []
    with pytest.raises(polymlir.DiagnosticError):
        parse_source("func @f() {\n  %x = addf\n}\n", "e.mlir", warnings=w)
    assert [d.message for d in w] == [
        "'func' is the 2019 spelling of 'func.func'",
        "'addf' is the 2019 spelling of 'arith.addf'",
    ]


def test_opt_prints_warnings_and_strict_syntax_fails(tmp_path, capsys):
    f = tmp_path / "f.mlir"
    f.write_text(LEGACY)
    assert main(["opt", str(f)]) == 0
    out, err = capsys.readouterr()
    assert "func.func @f" in out
    assert err.count("warning:") == 3
    assert (
        f"{f}:2:8: warning: 'constant' is the 2019 spelling of 'arith.constant'\n  %i = constant 0 : index\n       ^\n"
        in err
    )
    assert main(["opt", str(f), "--strict-syntax"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"{f}:1:1: error: 'func' is the 2019 spelling of 'func.func' (rejected by --strict-syntax)\n")
    assert "warning:" not in err


def test_no_false_warnings_on_modern_tests():
    """Every FileCheck input outside the legacy tests reads without a legacy warning."""
    root = Path(__file__).parents[1] / "filecheck"
    seen = 0
    for path in sorted(root.rglob("*.mlir")):
        if "legacy" in path.parts or "legacy" in path.stem:
            continue
        if path.stem.startswith("seed001-example"):
            continue  # seed 001's examples, kept in their 2020 spelling on purpose
        for chunk, offset in split_chunks(path.read_text(encoding="utf-8", errors="surrogateescape"), True):
            w: list = []
            try:
                parse_source(chunk, str(path), True, offset, warnings=w)
            except polymlir.DiagnosticError:
                pass  # invalid-input tests
            assert [d.render(False) for d in w] == []
            seen += 1
    assert seen > 100
