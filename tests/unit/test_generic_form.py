"""The generic operation form, regions, blocks, SSA names and printing rules."""

import pytest

import polymlir
from polymlir.ir.diagnostics import DiagnosticError


def roundtrip(src: str, generic: bool = True) -> str:
    return polymlir.print_ir(polymlir.parse(src, allow_unregistered=True), generic=generic)


def test_results_operands_successors_properties_regions():
    src = """"t.op"() ({
^bb0(%a: i32, %b: f32):
  %0:2 = "t.two"(%a) {x = 1 : i64} : (i32) -> (i32, f32)
  %c = "t.one"(%0#1, %b) : (f32, f32) -> i1
  "t.br"(%c, %0#0)[^bb1, ^bb2] : (i1, i32) -> ()
^bb1:
  "t.p"() <{p = 1 : i32}> : () -> ()
  "t.ret"() : () -> ()
^bb2:
  "t.ret"() : () -> ()
}) {sym_name = "x"} : () -> ()
"""
    out = roundtrip(src)
    assert "^bb0(%arg0: i32, %arg1: f32):" in out
    assert '%0:2 = "t.two"(%arg0) {x = 1 : i64} : (i32) -> (i32, f32)' in out
    assert '%1 = "t.one"(%0#1, %arg1) : (f32, f32) -> i1' in out
    assert '"t.br"(%1, %0#0)[^bb1, ^bb2] : (i1, i32) -> ()' in out
    assert "^bb1:  // pred: ^bb0" in out
    assert '"t.p"() <{p = 1 : i32}> : () -> ()' in out
    assert roundtrip(out) == out


def test_implicit_module_and_explicit_module():
    assert roundtrip('"t.a"() : () -> ()', generic=False) == 'module {\n  "t.a"() : () -> ()\n}\n'
    out = roundtrip("module @m attributes {t.x} {\n}", generic=False)
    assert out == "module @m attributes {t.x} {\n}\n"
    assert roundtrip("module @m {\n}") == '"builtin.module"() <{sym_name = "m"}> ({\n^bb0:\n}) : () -> ()\n'


def test_forward_references_in_graph_region():
    out = roundtrip('"t.use"(%x) : (i32) -> ()\n%x = "t.def"() : () -> i32', generic=False)
    assert '"t.use"(%0) : (i32) -> ()' in out and '%0 = "t.def"() : () -> i32' in out


def test_empty_regions_and_blocks():
    out = roundtrip('"t.a"() ({\n}, {\n^bb0:\n}, {\n  "t.b"() : () -> ()\n}) : () -> ()')
    assert '"t.a"() ({\n  }, {\n  ^bb0:\n  }, {\n    "t.b"() : () -> ()\n  }) : () -> ()' in out


def test_numbering_restarts_per_sibling_region():
    src = """func.func @f() {
  "t.r"() ({
    %0 = "t.v"() : () -> i32
  }, {
    %1 = "t.v"() : () -> i32
  }) : () -> ()
  return
}
func.func @g(%a: i32) {
  %2 = "t.v"() : () -> i32
  return
}"""
    out = roundtrip(src, generic=False)
    assert out.count('%0 = "t.v"() : () -> i32') == 3


def test_debuginfo_and_location_aliases():
    src = '"t.a"() : () -> () loc(#l)\n#l = loc("x.mlir":3:4)\n'
    out = polymlir.print_ir(polymlir.parse(src, "in.mlir", allow_unregistered=True), debuginfo=True)
    assert 'loc("x.mlir":3:4)' in out
    out = polymlir.print_ir(polymlir.parse('"t.a"() : () -> ()', "in.mlir", allow_unregistered=True), debuginfo=True)
    assert 'loc("in.mlir":1:1)' in out


def test_quoted_op_and_attr_names():
    out = roundtrip('"t.a"() {"weird key" = 1, "x.y"} : () -> ()')
    assert '{"weird key" = 1 : i64, x.y}' in out


@pytest.mark.parametrize(
    "src,message",
    [
        ('"t.a"(%x) : (i32) -> ()', "use of undeclared SSA value name"),
        ('%x = "t.a"() : () -> i32\n%x = "t.a"() : () -> i32', "redefinition of SSA value '%x'"),
        (
            '%x = "t.a"() : () -> i32\n"t.b"(%x) : (f32) -> ()',
            "use of value '%x' expects different type than prior uses",
        ),
        ('%x:2 = "t.a"() : () -> (i32, i32)\n"t.b"(%x#2) : (i32) -> ()', "reference to invalid result number"),
        ('%x, %y = "t.a"() : () -> i32', "operation defines 1 results but was provided 2 to bind"),
        ('"t.a"(%x) : () -> ()', "expected 1 operand type but had 0"),
        ('"t.a"() : i32', "expected function type"),
        ('"t.a"()[^bb9] : () -> ()', "reference to an undefined block"),
        (
            '"t.a"() ({\n^bb0:\n  "t.b"() : () -> ()\n^bb0:\n  "t.b"() : () -> ()\n}) : () -> ()',
            "redefinition of block '^bb0'",
        ),
        ("t.custom", "custom op 't.custom' is unknown"),
        (
            'func.func @f() {\n  "func.return"() : () -> ()\n}\nfunc.func @f() {\n  "func.return"() : () -> ()\n}',
            "redefinition of symbol named 'f'",
        ),
        (
            '"t.a"() ({\n  "t.u"(%v) : (i32) -> ()\n  %v = "t.d"() : () -> i32\n}) : () -> ()',
            "operand #0 does not dominate this use",
        ),
        (
            '%v = "t.d"() : () -> i32\nfunc.func @f() {\n  "t.u"(%v) : (i32) -> ()\n  return\n}',
            "using value defined outside the region",
        ),
        ("func.func @f() {\n  %0 = builtin.unrealized_conversion_cast to i32\n}", "block with no terminator"),
        ('func.func @f() {\n  return\n  "t.u"() : () -> ()\n}', "must be the last operation in the parent block"),
    ],
)
def test_errors(src, message):
    with pytest.raises(DiagnosticError) as e:
        polymlir.parse(src, allow_unregistered=True)
    assert message in e.value.message


def test_unregistered_dialect_needs_flag():
    with pytest.raises(DiagnosticError) as e:
        polymlir.parse('"t.a"() : () -> ()')
    assert "-allow-unregistered-dialect" in e.value.message
    with pytest.raises(DiagnosticError) as e:
        polymlir.parse('"func.nonexistent"() : () -> ()', allow_unregistered=True)
    assert "unregistered operation 'func.nonexistent' found in dialect ('func')" in e.value.message


def test_use_lists_and_mutation():
    m = polymlir.parse(
        '%a = "t.a"() : () -> i32\n%b = "t.b"() : () -> i32\n"t.u"(%a, %a) : (i32, i32) -> ()', allow_unregistered=True
    )
    a, b, u = m.regions[0].block.operations
    assert len(a.results[0].uses) == 2 and a.results[0].users == [u]
    a.results[0].replace_all_uses_with(b.results[0])
    assert not a.results[0].uses and u.operands == [b.results[0], b.results[0]]
    a.erase()
    c = u.clone()
    m.regions[0].block.append(c)
    assert len(b.results[0].uses) == 4
    polymlir.verify(m)
    with pytest.raises(ValueError):
        b.erase()
