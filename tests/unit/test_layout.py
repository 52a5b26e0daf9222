"""Memref layout utilities (polymlir.ir.layout) against upstream's rules."""

from __future__ import annotations

import pytest

from polymlir.ir import attributes as A
from polymlir.ir import types as T
from polymlir.ir.layout import (
    DYNAMIC,
    canonical_strided_expr,
    canonical_strides,
    canonicalize_strided_layout,
    has_identity_layout,
    has_static_layout,
    is_last_dim_unit_stride,
    is_strided,
    layout_map,
    make_strided_layout,
    sat_add,
    sat_mul,
    simplify_layout_expr,
    strided_linear_map,
    strides_and_offset,
)
from polymlir.parser.parser import parse_source

D = DYNAMIC


def memref(text: str) -> T.MemRefType:
    """Parse a memref type (aliases and affine maps included)."""
    m = parse_source(f"func.func private @f(%a: {text})")
    t = m.regions[0].blocks[0].operations[0].properties["function_type"].value.inputs[0]
    assert isinstance(t, T.MemRefType)
    return t


def test_saturated_arithmetic():
    assert sat_mul(3, 4) == 12
    assert sat_mul(0, D) == 0 and sat_mul(D, 0) == 0
    assert sat_mul(D, 2) == D
    assert sat_add(D, 0) == D
    assert sat_add(2, 3) == 5


@pytest.mark.parametrize(
    "shape, strides",
    [
        ((), []),
        ((4,), [1]),
        ((8, 16, 4), [64, 4, 1]),
        ((4, D), [D, 1]),
        ((D, 4), [4, 1]),
        ((3, D, D), [D, D, 1]),
        ((4, 0, 3), [D, 3, 1]),  # a zero size poisons outer strides, as upstream
    ],
)
def test_canonical_strides(shape, strides):
    assert canonical_strides(shape) == strides


@pytest.mark.parametrize(
    "text, expected",
    [
        ("memref<8x16xf32>", ([16, 1], 0)),
        ("memref<f32>", ([], 0)),
        ("memref<4x?xf32>", ([D, 1], 0)),
        ("memref<12x4xf32, strided<[4, 1], offset: 5>>", ([4, 1], 5)),
        ("memref<12x4xf32, strided<[?, ?], offset: ?>>", ([D, D], D)),
        ("memref<64x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>", ([4, 1], 0)),
        ("memref<8x16x4xf32, affine_map<(d0, d1, d2) -> (d0 * 64 + d1 * 4 + d2 + 8)>>", ([64, 4, 1], 8)),
        ("memref<?x?xf32, affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + d1 * s2 + s0)>>", ([D, D], D)),
        ("memref<4x4xf32, affine_map<(d0, d1) -> ((d0 + 2) * 8 + d1)>>", ([8, 1], 16)),
        ("memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>", None),  # two results
        ("memref<4x4xf32, affine_map<(d0, d1) -> (d0 floordiv 2 + d1)>>", None),
        ("memref<4x4xf32, affine_map<(d0, d1) -> (d0 mod 2 + d1)>>", None),
    ],
)
def test_strides_and_offset(text, expected):
    t = memref(text)
    assert strides_and_offset(t) == expected
    assert is_strided(t) == (expected is not None)


def test_strides_of_other_types():
    assert strides_and_offset(T.UnrankedMemRefType(T.f32)) is None
    assert strides_and_offset(T.f32) is None
    assert strides_and_offset(T.MemRefType((4,), T.f32, A.OpaqueAttr("foo.layout"))) is None


def test_identity_layout():
    assert has_identity_layout(memref("memref<4x4xf32>"))
    # The identity map is dropped by the parser; strided<[1]> is identity only at rank 1.
    assert has_identity_layout(memref("memref<4xf32, affine_map<(d0) -> (d0)>>"))
    assert has_identity_layout(memref("memref<4xf32, strided<[1]>>"))
    assert not has_identity_layout(memref("memref<4x4xf32, strided<[4, 1]>>"))
    assert not has_identity_layout(memref("memref<4xf32, strided<[1], offset: 2>>"))
    assert not has_identity_layout(memref("memref<f32, strided<[]>>"))


def test_static_layout_and_unit_stride():
    assert has_static_layout(memref("memref<4x4xf32, strided<[8, 1], offset: 3>>"))
    assert not has_static_layout(memref("memref<4x4xf32, strided<[?, 1]>>"))
    assert is_last_dim_unit_stride(memref("memref<4x4xf32, strided<[8, 1], offset: ?>>"))
    assert not is_last_dim_unit_stride(memref("memref<4x4xf32, strided<[8, 2]>>"))
    assert is_last_dim_unit_stride(memref("memref<f32>"))


def test_make_strided_layout_prints_like_upstream():
    assert str(make_strided_layout([16, 1])) == "strided<[16, 1]>"
    assert str(make_strided_layout([D, 1], D)) == "strided<[?, 1], offset: ?>"
    t = T.MemRefType((2, 2), T.f32, make_strided_layout([16, 1], 3))
    assert str(t) == "memref<2x2xf32, strided<[16, 1], offset: 3>>"


def test_strided_linear_map():
    # makeStridedLinearLayoutMap: offset symbol first, then dynamic strides.
    assert str(strided_linear_map([4, 1], 0)) == "(d0, d1) -> (d0 * 4 + d1)"
    assert str(strided_linear_map([D, 1], D)) == "(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)"
    assert str(layout_map(memref("memref<3x4xf32>"))) == "(d0, d1) -> (d0, d1)"


def test_simplify_layout_expr():
    m = strided_linear_map([1, 4], 5)
    # Pure affine: flattened order (dims, symbols, constant).
    assert str(simplify_layout_expr(m.results[0], 2, 0)) == "d0 + d1 * 4 + 5"
    m = strided_linear_map([4, 1, 4], D)
    assert str(simplify_layout_expr(m.results[0], 3, 1)) == "d0 * 4 + d1 + d2 * 4 + s0"
    # Semi-affine: terms sorted by position (upstream's getSemiAffineExprFromFlatForm).
    m = strided_linear_map([D, 4], D)
    assert str(simplify_layout_expr(m.results[0], 2, 2)) == "d0 * s1 + s0 + d1 * 4"


def test_canonical_strided_expr():
    assert str(canonical_strided_expr((3, 4))) == "d0 * 4 + d1"
    assert str(canonical_strided_expr((4, D))) == "d1 + d0 * s0"
    assert str(canonical_strided_expr((3, D, 3))) == "d0 * s0 + d1 * 3 + d2"
    assert str(canonical_strided_expr(())) == "0"


@pytest.mark.parametrize(
    "text, expected",
    [
        # Checked against mlir-opt 22 (memref.transpose's verifier messages).
        ("memref<3x4xf32, strided<[4, 1]>>", "memref<3x4xf32>"),
        ("memref<3x4xf32>", "memref<3x4xf32>"),
        ("memref<4xf32, strided<[1]>>", "memref<4xf32, strided<[1]>>"),  # identity map: kept as is
        ("memref<4x3xf32, strided<[1, 4]>>", "memref<4x3xf32, affine_map<(d0, d1) -> (d0 + d1 * 4)>>"),
        ("memref<4x?xf32, strided<[?, 1]>>", "memref<4x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>"),
        ("memref<3x?x3xf32, strided<[?, 3, 1]>>", "memref<3x?x3xf32>"),
        (
            "memref<3x4xf32, strided<[?, 4], offset: ?>>",
            "memref<3x4xf32, affine_map<(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1 * 4)>>",
        ),
        ("memref<3x4xf32, strided<[1, 4], offset: 5>>", "memref<3x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 4 + 5)>>"),
    ],
)
def test_canonicalize_strided_layout(text, expected):
    assert str(canonicalize_strided_layout(memref(text))) == expected
