"""Every builtin type: parsed from text, printed back as upstream prints it."""

import pytest

import polymlir
from polymlir.ir import types as T
from polymlir.ir.diagnostics import DiagnosticError

ROUND_TRIP = [
    "i1",
    "i32",
    "si8",
    "ui64",
    "i0",
    "index",
    "none",
    "f16",
    "bf16",
    "f32",
    "f64",
    "f80",
    "f128",
    "tf32",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
    "f6E2M3FN",
    "f6E3M2FN",
    "f4E2M1FN",
    "complex<f32>",
    "complex<i8>",
    "tuple<>",
    "tuple<i32, f32>",
    "tuple<tuple<i1>>",
    "vector<4xf32>",
    "vector<2x3xi8>",
    "vector<[4]xf32>",
    "vector<2x[4]xf32>",
    "vector<index>",
    "tensor<f32>",
    "tensor<?x4xf32>",
    "tensor<*xf32>",
    "tensor<4xf32, #foo.enc>",
    "tensor<0x2xi32>",
    "memref<f32>",
    "memref<4x?xf32>",
    "memref<*xf32>",
    "memref<*xf32, 1>",
    "memref<4xf32, 1>",
    "memref<4x4xf32, strided<[4, 1], offset: ?>>",
    "memref<4xf32, strided<[?]>>",
    "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>",
    'memref<4xf32, "gpu">',
    "() -> ()",
    "(i32) -> i32",
    "(i32, f32) -> (i32, f32)",
    "() -> (() -> ())",
    "!foo.bar",
    '!foo<"x y">',
    "!foo.bar<1, 2>",
]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_round_trip(text):
    assert str(polymlir.parse_type(text)) == text


@pytest.mark.parametrize(
    "text,printed",
    [
        ("memref<4xf32, affine_map<(d0) -> (d0)>>", "memref<4xf32>"),  # identity layout dropped
        ("memref<4xf32, 0>", "memref<4xf32>"),  # default memory space dropped
        ("memref<4xf32, 0 : i32>", "memref<4xf32, 0 : i32>"),
        ("!foo<bar>", "!foo.bar"),  # pretty dialect form
        ("tensor<4 x f32>", "tensor<4xf32>"),
    ],
)
def test_canonical_print(text, printed):
    assert str(polymlir.parse_type(text)) == printed


def test_types_are_values():
    a, b = polymlir.parse_type("memref<4x?xf32, 1>"), polymlir.parse_type("memref<4x?xf32, 1>")
    assert a == b and hash(a) == hash(b)
    assert a.shape == (4, T.DYNAMIC) and a.element_type == T.f32 and a.rank == 2
    assert polymlir.parse_type("vector<2x[4]xf32>").scalable_dims == (False, True)


def test_type_alias():
    m = polymlir.parse('!t = tuple<i32, f32>\n"a.b"() {x = !t} : () -> ()', allow_unregistered=True)
    assert "x = tuple<i32, f32>" in polymlir.print_ir(m)


@pytest.mark.parametrize(
    "text,message",
    [
        ("vector<?xf32>", "expected static shape"),
        ("vector<0xf32>", "vector types must have positive constant sizes"),
        ("complex<memref<2xf32>>", "invalid element type for complex"),
        ("tensor<9223372036854775808xf32>", "invalid dimension"),
        ("memref<4xf32, affine_map<(d0, d1) -> (d0)>>", "memref layout mismatch"),
        ("!undefined_alias", "undefined symbol alias id 'undefined_alias'"),
        ("i32>", "unexpected text after the type"),
    ],
)
def test_invalid(text, message):
    with pytest.raises(DiagnosticError) as e:
        polymlir.parse_type(text)
    assert message in e.value.message
