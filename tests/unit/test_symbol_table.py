"""polymlir.ir.symbol_table: lookups (flat, nested, nearest), the
SymbolTable object's insert/rename/erase, and the verifier and op verifiers
that use them."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.ir import attributes as A
from polymlir.ir.core import Operation, Region
from polymlir.ir.diagnostics import DiagnosticError
from polymlir.ir.symbol_table import (
    SymbolTable,
    lookup_in,
    lookup_nearest,
    nearest_symbol_table,
    symbol_name,
    unique_name,
)

NESTED = """module {
  func.func @f() {
    return
  }
  module @inner {
    func.func @f() {
      func.call @g() : () -> ()
      return
    }
    func.func @g() {
      return
    }
  }
}
"""


def _funcs(m: Operation) -> dict[str, Operation]:
    return {f"{symbol_name(op.parent_op)}/{symbol_name(op)}": op for op in m.walk() if op.name == "func.func"}


def test_lookup_flat_nested_and_nearest():
    m = polymlir.parse(NESTED)
    fs = _funcs(m)
    inner = lookup_in(m, "inner")
    assert inner is not None and inner.name == "builtin.module"
    assert lookup_in(m, "f") is fs["None/f"]
    assert lookup_in(m, A.SymbolRefAttr("inner", ("f",))) is fs["inner/f"]
    assert lookup_in(m, A.SymbolRefAttr("inner", ("nope",))) is None
    # a nested reference goes only through symbol tables: @f is a function
    assert lookup_in(m, A.SymbolRefAttr("f", ("x",))) is None
    assert m.lookup(A.SymbolRefAttr("inner", ("g",))) is fs["inner/g"]
    call = next(op for op in m.walk() if op.name == "func.call")
    assert nearest_symbol_table(call) is inner
    assert nearest_symbol_table(inner) is inner  # itself, as upstream
    assert lookup_nearest(call, "g") is fs["inner/g"]
    assert lookup_nearest(call, "f") is fs["inner/f"]


def test_nearest_table_only():
    # @g exists in the outer module only: the call in @inner does not see it.
    text = NESTED.replace("func.func @g() {\n      return\n    }\n", "").replace(
        "  module @inner", "  func.func @g() {\n    return\n  }\n  module @inner"
    )
    with pytest.raises(DiagnosticError, match="'g' does not reference a valid function"):
        polymlir.parse(text)
    m = polymlir.parse(text, verify=False)
    call = next(op for op in m.walk() if op.name == "func.call")
    assert lookup_nearest(call, "g") is None
    assert lookup_in(m, "g") is not None


def _decl(name: str) -> Operation:
    return Operation.create(
        "func.func",
        properties={
            "sym_name": A.StringAttr(name),
            "function_type": A.TypeAttr(polymlir.parse_type("() -> ()")),
            "sym_visibility": A.StringAttr("private"),
        },
        regions=[Region()],
    )


def test_symbol_table_insert_renames_and_stays_current():
    m = polymlir.parse(NESTED)
    table = SymbolTable(m)
    assert table.names() == ["f", "inner"]
    assert table.insert(_decl("f")) == "f_0"
    assert table.insert(_decl("f")) == "f_1"
    first = m.regions[0].blocks[0].operations[0]
    assert table.insert(_decl("h"), before=first) == "h"
    assert [symbol_name(op) for op in m.regions[0].blocks[0].operations] == ["h", "f", "inner", "f_0", "f_1"]
    assert table.lookup("f_1") is m.regions[0].blocks[0].operations[-1]
    assert table.lookup(A.SymbolRefAttr("inner", ("g",))) is _funcs(m)["inner/g"]
    polymlir.verify(m)  # the renamed symbols are valid IR
    h = table.lookup("h")
    assert h is not None
    table.rename(h, "h2")
    assert "h" not in table and table.lookup("h2") is h and symbol_name(h) == "h2"
    with pytest.raises(ValueError, match="already exists"):
        table.rename(h, "f")
    table.erase(h)
    assert table.lookup("h2") is None and lookup_in(m, "h2") is None
    assert table.unique_name("f") == "f_2" and table.unique_name("free") == "free"
    with pytest.raises(ValueError, match="not a symbol table"):
        SymbolTable(_funcs(m)["None/f"])


def test_unique_name():
    assert unique_name("a", set()) == "a"
    assert unique_name("a", {"a", "a_0"}) == "a_1"


def test_redefinition_message_and_note():
    text = "func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n"
    with pytest.raises(DiagnosticError) as info:
        polymlir.parse(text, filename="t.mlir")
    d = info.value.diagnostic
    assert d.message == "redefinition of symbol named 'f'"
    assert (d.loc.line, d.loc.col) == (4, 1)  # type: ignore[union-attr]  # located: a FileLineColLoc
    assert [(n.message, n.loc.line) for n in d.notes] == [("see existing symbol definition here", 1)]  # type: ignore[union-attr]  # located


def test_llvm_nested_comdat_reference():
    text = """llvm.comdat @__llvm_comdat {
  llvm.comdat_selector @any any
}
llvm.mlir.global internal constant @cd(1 : i64) comdat(@__llvm_comdat::@any) : i64
"""
    polymlir.parse(text)
    with pytest.raises(DiagnosticError, match="expected comdat symbol"):
        polymlir.parse(text.replace("::@any)", "::@nope)"))
