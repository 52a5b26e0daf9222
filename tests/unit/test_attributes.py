"""Every builtin attribute: parsed, printed as upstream prints it."""

import math

import pytest

import polymlir
from polymlir.ir import attributes as A
from polymlir.ir import types as T
from polymlir.ir.diagnostics import DiagnosticError

ROUND_TRIP = [
    "1 : i64",
    "-5 : i8",
    "7 : index",
    "200 : ui8",
    "true",
    "false",
    "unit",
    "1.000000e+00 : f32",
    "2.500000e+00 : f64",
    "-0.000000e+00 : f16",
    "1.500000e+00 : bf16",
    "0x7FC00000 : f32",
    "0x7FF0000000000000 : f64",
    "1.2345678899999999 : f64",
    "123456.703 : f32",
    "1.000000e+20 : f64",
    '"hello"',
    '"a\\\\b\\09c\\0A\\22"',
    '"x" : i32',
    '"\\C3\\A9"',
    "[]",
    '[1, 2 : i32, "s"]',
    "{}",
    "{a = 1 : i64, b}",
    '{"quoted key" = 1 : i64}',
    "array<i64>",
    "array<i64: 1, 2>",
    "array<i1: true, false>",
    "array<f32: 1.000000e+00, 2.500000e+00>",
    "dense<1> : tensor<4xi32>",
    "dense<[1, 2]> : tensor<2xi32>",
    "dense<[[1, 2], [3, 4]]> : vector<2x2xi8>",
    "dense<> : tensor<0xi32>",
    "dense<(1,2)> : tensor<complex<i32>>",
    "dense<[(1.000000e+00,2.000000e+00), (0.000000e+00,1.000000e+00)]> : tensor<2xcomplex<f32>>",
    'dense<["a", "b"]> : tensor<2x!foo.str>',
    "dense<[true, false]> : tensor<2xi1>",
    "sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>",
    "sparse<0, -2> : vector<1x1x1xi8>",
    "dense_resource<blob1> : tensor<3xi64>",
    "@sym",
    "@a::@b",
    '@"with space"',
    '@a::@"b c"',
    "i32",
    "memref<4xf32>",
    "(i32) -> f32",
    "affine_map<(d0, d1)[s0] -> (d0 + s0, d1 * 2)>",
    "affine_map<() -> ()>",
    "affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>",
    "strided<[4, 1]>",
    "strided<[?, 1], offset: ?>",
    "strided<[], offset: 3>",
    "#foo.bar",
    '#foo<"x">',
    "#foo.bar<1, [2]>",
    "#foo.attr : i32",
    'loc("f.mlir":1:2)',
    "loc(unknown)",
    'loc("name")',
    'loc("name"("f":3:4))',
    'loc(callsite("a" at "b":1:2))',
    'loc(fused["a", "b"])',
    'loc(fused<"m">["a"])',
    'loc("f.mlir":1:2 to :5)',
    'loc("f.mlir":1:2 to 3:4)',
]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_round_trip(text):
    assert str(polymlir.parse_attribute(text)) == text


@pytest.mark.parametrize(
    "text,printed",
    [
        ("1 : i1", "true"),
        ("1.0", "1.000000e+00 : f64"),
        ("0.1 : f32", "1.000000e-01 : f32"),
        ("0x3C00 : f16", "1.000000e+00 : f16"),
        ('dense<"0x0000803F"> : tensor<f32>', "dense<1.000000e+00> : tensor<f32>"),
        ('dense<"0x01000000"> : tensor<4xi32>', "dense<1> : tensor<4xi32>"),
        ("dense<[1.0, 2.5]> : tensor<2xf32>", "dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>"),
        ("#foo<bar>", "#foo.bar"),
        ("dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>", "dense<(1.000000e+00,2.000000e+00)> : tensor<1xcomplex<f32>>"),
        ("dense<[5, 5]> : tensor<2xi32>", "dense<5> : tensor<2xi32>"),  # all-equal literals are splats
        ("sparse<[[0]], [2]> : tensor<2xi32>", "sparse<0, 2> : tensor<2xi32>"),
        ("{b = 1, a = 2}", "{a = 2 : i64, b = 1 : i64}"),
        ("1", "1 : i64"),
    ],
)
def test_canonical_print(text, printed):
    assert str(polymlir.parse_attribute(text)) == printed


def test_values_and_types():
    a = polymlir.parse_attribute("dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>")
    assert isinstance(a, A.DenseElementsAttr) and a.values == (1, 2, 3, 4) and a.type.shape == (2, 2)
    f = polymlir.parse_attribute("0.1 : f32")
    assert f.value == pytest.approx(0.1) and f.value != 0.1  # rounded to f32
    nan = polymlir.parse_attribute("0x7FC00001 : f32")
    assert math.isnan(nan.value) and str(nan) == "0x7FC00001 : f32"
    assert polymlir.parse_attribute("@a::@b") == A.SymbolRefAttr("a", ("b",))
    assert polymlir.parse_attribute("{a = 1}") == A.DictionaryAttr((("a", A.IntegerAttr(1, T.i64)),))


def test_large_dense_prints_as_hex():
    vals = ", ".join(str(i) for i in range(128))
    a = polymlir.parse_attribute(f"dense<[{vals}]> : tensor<128xi32>")
    s = str(a)
    assert s.startswith('dense<"0x00000000010000000200') and s.endswith(": tensor<128xi32>")
    assert polymlir.parse_attribute(s) == a


def test_nan_payload_in_dense_survives():
    text = "dense<[0x7FBFFFFF, 0x7F800001]> : tensor<2xf32>"
    assert str(polymlir.parse_attribute(text)) == text


def test_attribute_alias_and_resources():
    src = (
        '#a = affine_map<(d0) -> (d0 + 1)>\n#s = "str"\n'
        '"x.op"() {m = #a, s = #s, r = dense_resource<blob> : tensor<2xi8>} : () -> ()\n'
        '{-#\n  dialect_resources: {\n    builtin: {\n      blob: "0x010000000102"\n    }\n  }\n#-}\n'
    )
    out = polymlir.print_ir(polymlir.parse(src, allow_unregistered=True))
    assert out.startswith("#map = affine_map<(d0) -> (d0 + 1)>\n")
    assert "m = #map" in out and 's = "str"' in out
    assert 'blob: "0x010000000102"' in out and out.rstrip().endswith("#-}")


def test_alias_inside_dialect_attribute_is_expanded():
    src = '#d = #foo.domain<1>\n"x.op"() {a = #foo.scope<domain = #d>} : () -> ()'
    out = polymlir.print_ir(polymlir.parse(src, allow_unregistered=True))
    assert "#foo.scope<domain = #foo.domain<1>>" in out


@pytest.mark.parametrize(
    "text,message",
    [
        ("dense<[4]> : tensor<5xi32>", "inferred shape of elements literal ([1]) does not match type ([5])"),
        ("dense<[1, [2]]> : tensor<2xi32>", "ranks are not consistent"),
        ("dense<1.5> : tensor<2xi32>", "expected integer elements, but parsed floating-point"),
        ("dense<1> : tensor<?xi32>", "elements literal type must have static shape"),
        ("dense<1> : i32", "elements literal must be a shaped type"),
        ('dense<"0x0102"> : tensor<4xi32>', "elements hex data size is invalid for provided type"),
        ("300 : i8", "integer constant out of range for attribute"),
        ("-1 : ui8", "negative integer literal not valid for unsigned integer type"),
        ("1.5 : i32", "floating point value not valid for specified type"),
        ("1 : f32", "unexpected decimal integer literal for a floating point value"),
        ("array<vector<i32>: 1>", "expected integer or float type"),
        ("{a = 1, a = 2}", "duplicate key 'a' in dictionary attribute"),
        ('"\\q"', "unknown escape in string literal"),
        ("#undefined", "undefined symbol alias id 'undefined'"),
        ("affine_map<(d0) -> (d1)>", "use of undeclared identifier"),
        ("distinct[0]", "expected '<' after distinct ID"),
    ],
)
def test_invalid(text, message):
    with pytest.raises(DiagnosticError) as e:
        polymlir.parse_attribute(text)
    assert message in e.value.message
