"""AffineExpr / AffineMap / IntegerSet: construction-time simplification,
printing, queries and evaluation.  Expected strings were produced by
mlir-opt 22 from the equivalent textual affine maps."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from polymlir.ir.affine_expr import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    binary,
    const,
    dim,
    sym,
)
from polymlir.ir.affine_map import AffineMap, IntegerSet

d0, d1, d2 = dim(0), dim(1), dim(2)
s0, s1, s2 = sym(0), sym(1), sym(2)
K = AffineExprKind

# (built expression, what mlir-opt 22 prints for the same construction)
PRINTED = [
    (d0 + d0 * 2, "d0 * 3"),
    ((d1.floordiv(4)) % 2 - s0, "(d1 floordiv 4) mod 2 - s0"),
    (-d0 + 1, "-d0 + 1"),
    (d0 * -1, "-d0"),
    (d0 + -3, "d0 - 3"),
    (d0 - 3, "d0 - 3"),
    (d0 - d1, "d0 - d1"),
    (3 - d0, "-d0 + 3"),
    (-(d0 + d1), "-(d0 + d1)"),
    (-(d0.floordiv(2)), "-(d0 floordiv 2)"),
    (2 * (d0 + 1), "(d0 + 1) * 2"),
    (s0 * d0, "d0 * s0"),
    (d0 * s0 * 2, "(d0 * s0) * 2"),
    (s0 + d0, "d0 + s0"),
    ((s0 + s1) * d0, "d0 * (s0 + s1)"),
    (d0.floordiv(s0 + 1), "d0 floordiv (s0 + 1)"),
    (d0 - d1 * 2, "d0 - d1 * 2"),
    (d0 - (d1 + 1) * 2, "d0 - (d1 + 1) * 2"),
    (d0 - d1.floordiv(2), "d0 - d1 floordiv 2"),
    (d0 - d1 * s0, "d0 - d1 * s0"),
    (-(d0 * s0), "-(d0 * s0)"),
    (-(d0 * -1), "d0"),
    (-d0 * 2, "d0 * -2"),
    ((-d0).floordiv(2), "(-d0) floordiv 2"),
    (d0 - (-d1 + 3), "d0 - (-d1 + 3)"),
    ((d0 - d1) * -3, "(d0 - d1) * -3"),
    ((d0 + 2) + (d0 + 3), "d0 + d0 + 3 + 2"),
    (d0 * 2 + d0 * -2 + 5, "5"),
    (d1 + d0, "d0 + d1"),
    (s1 * s0, "s0 * s1"),
    (s2 * s1 * s0, "(s1 * s2) * s0"),
    (3 + d1 + d0, "d0 + d1 + 3"),
    (s0 + d1 + d0, "d1 + s0 + d0"),
    (d0 + (d2 + d1), "d0 + d1 + d2"),
    (d1 + s1 - d0.floordiv(3), "d1 + -(d0 floordiv 3) + s1"),
    (d0 + s1 - d0.floordiv(4) * 4, "d0 + (d0 floordiv 4) * -4 + s1"),
    ((d0 + d1) - d1.floordiv(4) * 4, "d0 + d1 mod 4"),
    ((d0 + s0) - (d0 + s0).floordiv(4) * 4, "(d0 + s0) mod 4"),
    ((d0 + s0) - (d0 + s0).floordiv(s1) * s1, "(d0 + s0) mod s1"),
    (const(7).floordiv(-2), "-4"),
    (const(7).ceildiv(-2), "-3"),
    (const(7) % -2, "7 mod -2"),
    (d0 % 0, "d0 mod 0"),
    (d0.floordiv(0), "d0 floordiv 0"),
    (d0.floordiv(-2), "d0 floordiv -2"),
    ((d0 * 4).floordiv(-2), "d0 * -2"),
    (d0 * 9223372036854775807 * 2, "d0 * -2"),
    (const(9223372036854775807) + 1, "9223372036854775807 + 1"),
    (const(9223372036854775807) * 2, "9223372036854775807 * 2"),
    (d0 + 9223372036854775807 + 1, "d0 - -9223372036854775808"),
    (const(-9223372036854775808).floordiv(-1), "-9223372036854775808 floordiv -1"),
]


@pytest.mark.parametrize(("expr", "text"), PRINTED, ids=[t for _, t in PRINTED])
def test_printing_matches_mlir_opt(expr: AffineExpr, text: str) -> None:
    assert str(expr) == text


SIMPLIFIED = [
    ((d0 * 128).floordiv(64), "d0 * 2"),
    ((d0 * 128) % 64, "0"),
    ((d0 * 4 + 3).floordiv(4), "d0"),
    ((d0 * 4) % 8, "(d0 * 4) mod 8"),
    (d0 - d0.floordiv(4) * 4, "d0 mod 4"),
    (d0 - d0.floordiv(s0) * s0, "d0 mod s0"),
    ((d0 % 4) % 2, "d0 mod 2"),
    (((d0 * 8) % 16).floordiv(2) % 4, "0"),
    (d0.floordiv(2).floordiv(3), "(d0 floordiv 2) floordiv 3"),
    ((d0 * 6).ceildiv(3), "d0 * 2"),
    ((d0 * 6).floordiv(4), "(d0 * 6) floordiv 4"),
    (((d0 * 4).floordiv(2)) % 2, "0"),
    (d0 + 1 - d0, "1"),
    (d0 * 1, "d0"),
    (d0 * 0, "0"),
    (d0 + 0, "d0"),
    (d0.floordiv(1), "d0"),
    (d0.ceildiv(1), "d0"),
    (const(-7) % 3, "2"),
    (const(-7).floordiv(2), "-4"),
    (const(-7).ceildiv(2), "-3"),
]


@pytest.mark.parametrize(("expr", "text"), SIMPLIFIED, ids=[t for _, t in SIMPLIFIED])
def test_simplification(expr: AffineExpr, text: str) -> None:
    assert str(expr) == text


def test_canonical_operand_order() -> None:
    e = 4 + d0
    assert isinstance(e, AffineBinaryExpr) and e.kind is K.ADD
    assert e.lhs == d0 and e.rhs == const(4)
    m = s0 * d0
    assert isinstance(m, AffineBinaryExpr) and m.lhs == d0 and m.rhs == s0


def test_value_semantics_and_immutability() -> None:
    a = d0 * 2 + s0.floordiv(3)
    b = dim(0) * 2 + sym(0).floordiv(3)
    assert a == b and hash(a) == hash(b) and a is not b
    assert {a: 1}[b] == 1
    assert d0 != s0 and d0 != const(0) and const(3) != 3
    with pytest.raises(AttributeError):
        a.lhs = d1  # type: ignore[misc]  # frozen: the assignment must fail
    with pytest.raises(AttributeError):
        d0.position = 3  # type: ignore[misc]  # frozen: the assignment must fail
    assert copy.deepcopy(a) is a
    assert pickle.loads(pickle.dumps(a)) == a
    assert dim(0) is d0 and sym(5) is sym(5) and const(3) is const(3)


def test_raw_binary_constructor_does_not_simplify() -> None:
    raw = AffineBinaryExpr(K.ADD, const(1), d0)
    assert str(raw) == "1 + d0"
    assert binary(K.ADD, const(1), d0) == d0 + 1
    with pytest.raises(ValueError, match="not a binary"):
        AffineBinaryExpr(K.DIM, d0, d0)
    with pytest.raises(ValueError, match="int64"):
        const(1 << 63)


def test_queries() -> None:
    assert (s0 * 2 + 3).is_symbolic_or_constant()
    assert not (d0 + s0).is_symbolic_or_constant()
    assert (d0.floordiv(4) + d1 * 3).is_pure_affine()
    assert not (d0 * s0).is_pure_affine()
    assert not d0.floordiv(s0).is_pure_affine()
    assert (d0 * 6 + d1 * 4).get_largest_known_divisor() == 2
    assert ((d0 * 8) % 16).floordiv(2).get_largest_known_divisor() == 4
    assert (d0 * 6).is_multiple_of(3) and not (d0 * 6).is_multiple_of(4)
    assert d0.is_multiple_of(1) and not d0.is_multiple_of(2)
    e = d0 * 2 + s1
    assert e.is_function_of_dim(0) and not e.is_function_of_dim(1)
    assert e.is_function_of_symbol(1) and not e.is_function_of_symbol(0)
    seen: list[str] = []
    (d0 + d1 * 2).walk(lambda x: seen.append(str(x)))
    assert seen == ["d0", "d1", "2", "d1 * 2", "d0 + d1 * 2"]


def test_replace_shift_compose() -> None:
    e = d0 * 2 + d1 - s0
    assert str(e.replace_dims_and_symbols([d1, d0 + 1], [const(4)])) == "d1 * 2 + d0 + 1 - 4"
    assert e.replace_dims_and_symbols([d0]) is e  # unchanged positions keep the node
    assert str(e.shift_dims(2, 1)) == "d1 * 2 + d2 - s0"
    assert str(e.shift_dims(2, 3, offset=1)) == "d0 * 2 + d4 - s0"
    assert str(e.shift_symbols(1, 2)) == "d0 * 2 + d1 - s2"
    assert str(e.replace({d1 - s0: const(0)})) == str(e)
    assert str((d0 + d1).replace({d1: d0})) == "d0 * 2"
    assert str(e.compose(AffineMap(1, 0, (d0 + 1, d0 * 3)))) == "(d0 + 1) * 2 + d0 * 3 - s0"


def test_to_string_with_names() -> None:
    e = d0 * 2 + d1 - s0
    assert e.to_string(["%i", "%j"], ["symbol(%n)"]) == "%i * 2 + %j - symbol(%n)"


def test_evaluate_semantics() -> None:
    assert (d0.floordiv(4)).evaluate([-7]) == -2
    assert (d0.ceildiv(4)).evaluate([-7]) == -1
    assert (d0 % 4).evaluate([-7]) == 1
    assert (d0.floordiv(-2)).evaluate([7]) == -4
    assert (d0 * s0 + d1).evaluate([3, 4], [5]) == 19
    with pytest.raises(ZeroDivisionError):
        d0.floordiv(0).evaluate([1])
    with pytest.raises(ValueError, match="mod"):
        (d0 % -2).evaluate([1])


# -- affine maps and integer sets


def test_map_printing() -> None:
    assert str(AffineMap(2, 1, (d0 + s0, d1))) == "(d0, d1)[s0] -> (d0 + s0, d1)"
    assert str(AffineMap(0, 0, ())) == "() -> ()"
    assert str(AffineMap(1, 0, ())) == "(d0) -> ()"
    assert str(AffineMap(0, 2, (s1,))) == "()[s0, s1] -> (s1)"


def test_map_validation() -> None:
    with pytest.raises(ValueError, match="d2"):
        AffineMap(2, 0, (d2,))
    with pytest.raises(ValueError, match="s0"):
        AffineMap(1, 0, (s0,))
    with pytest.raises(TypeError):
        AffineMap(1, 0, (0,))  # type: ignore[arg-type]  # a wrong result type on purpose


def test_map_factories_and_queries() -> None:
    assert str(AffineMap.identity(3)) == "(d0, d1, d2) -> (d0, d1, d2)"
    assert AffineMap.identity(3).is_identity() and AffineMap.identity(3).is_permutation()
    assert str(AffineMap.constant_map(42)) == "() -> (42)"
    assert AffineMap.constant_map(42).is_single_constant()
    assert AffineMap.constant_map(42).single_constant_result == 42
    perm = AffineMap.permutation([2, 0, 1])
    assert str(perm) == "(d0, d1, d2) -> (d2, d0, d1)"
    assert perm.is_permutation() and not perm.is_identity()
    with pytest.raises(ValueError):
        AffineMap.permutation([0, 0])
    assert str(AffineMap.minor_identity(3, 2)) == "(d0, d1, d2) -> (d1, d2)"
    assert AffineMap.minor_identity(3, 2).is_minor_identity()
    proj = AffineMap(3, 0, (d2, d0))
    assert proj.is_projected_permutation() and not proj.is_permutation()
    assert not AffineMap(2, 0, (d0, d0)).is_projected_permutation()
    assert AffineMap(2, 0, (d1, const(0))).is_projected_permutation(allow_zero_in_results=True)
    assert not AffineMap(2, 0, (d1, const(0))).is_projected_permutation()
    assert AffineMap(1, 1, (const(1), const(2))).constant_results == (1, 2)
    assert AffineMap(2, 1, (d0,)).num_inputs == 3
    assert proj.get_dim_position(0) == 2


def test_inverse_permutation() -> None:
    perm = AffineMap.permutation([2, 0, 1])
    inv = perm.inverse_permutation()
    assert inv is not None and str(inv) == "(d0, d1, d2) -> (d1, d2, d0)"
    assert perm.compose(inv).is_identity()
    # Non-permutation results are skipped; the first occurrence of a dim wins.
    m = AffineMap(2, 0, (d1, d0 + 1, d0))
    inv2 = m.inverse_permutation()
    assert inv2 is not None and str(inv2) == "(d0, d1, d2) -> (d2, d0)"
    assert AffineMap(2, 0, (d0,)).inverse_permutation() is None


def test_compose() -> None:
    # self ∘ other: other's results feed self's dims; self's symbols come first.
    a = AffineMap(2, 1, (d0 + s0, d1 * 2))
    b = AffineMap(1, 1, (d0 - s0, d0 + 1))
    c = a.compose(b)
    assert str(c) == "(d0)[s0, s1] -> (d0 - s1 + s0, (d0 + 1) * 2)"
    for x in range(-3, 4):
        for u, v in [(0, 0), (2, -5), (7, 3)]:
            assert c.evaluate([x], [u, v]) == a.evaluate(b.evaluate([x], [v]), [u])
    with pytest.raises(ValueError):
        a.compose(AffineMap.identity(3))


def test_sub_map_drop_replace() -> None:
    m = AffineMap(2, 1, (d0, d1 + s0, const(3)))
    assert str(m.sub_map([2, 0])) == "(d0, d1)[s0] -> (3, d0)"
    assert str(m.drop_results([1])) == "(d0, d1)[s0] -> (d0, 3)"
    r = m.replace_dims_and_symbols([d1, d0], [const(5)], 2, 0)
    assert str(r) == "(d0, d1) -> (d1, d0 + 5, 3)"
    assert str(m.shift_dims(1)) == "(d0, d1, d2)[s0] -> (d1, d2 + s0, 3)"
    assert str(m.shift_symbols(2)) == "(d0, d1)[s0, s1, s2] -> (d0, d1 + s2, 3)"
    assert m.evaluate([1, 2], [10]) == (1, 12, 3)
    with pytest.raises(ValueError):
        m.evaluate([1], [10])


def test_map_value_semantics() -> None:
    a = AffineMap(1, 0, (d0 + 1,))
    assert a == AffineMap(1, 0, (dim(0) + 1,)) and hash(a) == hash(AffineMap(1, 0, (d0 + 1,)))
    assert a != AffineMap(2, 0, (d0 + 1,))
    assert pickle.loads(pickle.dumps(a)) == a
    with pytest.raises(AttributeError):
        a.num_dims = 3  # type: ignore[misc]  # frozen: the assignment must fail


def test_integer_set() -> None:
    s = IntegerSet(1, 1, (d0 - s0, d0), (False, True))
    assert str(s) == "(d0)[s0] : (d0 - s0 >= 0, d0 == 0)"
    assert s.num_equalities == 1 and s.num_inequalities == 1 and s.num_constraints == 2
    assert s.contains([0], [0]) and s.contains([0], [-3]) and not s.contains([0], [1])
    empty = IntegerSet.empty_set(1, 0)
    assert str(empty) == "(d0) : (1 == 0)" and empty.is_empty_integer_set()
    assert not any(empty.contains([x]) for x in range(-5, 5))
    assert str(IntegerSet.universe(0, 0)) == "() : (0 == 0)"
    with pytest.raises(ValueError):
        IntegerSet(1, 0, (d0,), ())
    r = s.replace_dims_and_symbols([d0 + 1], [const(2)], 1, 0)
    assert str(r) == "(d0) : (d0 - 1 >= 0, d0 + 1 == 0)"
    same = IntegerSet(1, 1, (d0 - s0, d0), [False, True])
    assert s == same and hash(s) == hash(same)
    assert s != IntegerSet(1, 1, (d0 - s0, d0), (True, True))


# -- property: simplification preserves the value of every expression


@st.composite
def raw_and_built(draw: st.DrawFn, depth: int = 4) -> tuple[AffineExpr, AffineExpr]:
    """The same random expression twice: as raw nodes and through the operators.
    Products keep a symbolic-or-constant operand; divisors are non-zero
    constants or a symbol (symbols are evaluated at positive values)."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        leaf = draw(
            st.one_of(
                st.integers(0, 2).map(dim),
                st.integers(0, 1).map(sym),
                st.integers(-12, 12).map(const),
            )
        )
        return leaf, leaf
    op = draw(st.sampled_from(["+", "-", "*", "floordiv", "ceildiv", "mod", "neg"]))
    raw_l, built_l = draw(raw_and_built(depth - 1))
    if op == "neg":
        return AffineBinaryExpr(K.MUL, raw_l, const(-1)), -built_l
    if op in ("+", "-"):
        raw_r, built_r = draw(raw_and_built(depth - 1))
        if op == "+":
            return AffineBinaryExpr(K.ADD, raw_l, raw_r), built_l + built_r
        return AffineBinaryExpr(K.ADD, raw_l, AffineBinaryExpr(K.MUL, raw_r, const(-1))), built_l - built_r
    if op == "*":
        raw_r, built_r = draw(raw_and_built(depth - 1))
        assume(raw_l.is_symbolic_or_constant() or raw_r.is_symbolic_or_constant())
        return AffineBinaryExpr(K.MUL, raw_l, raw_r), built_l * built_r
    divisor: AffineExpr = draw(
        st.one_of(st.integers(-6, 8).filter(bool).map(const), st.integers(0, 1).map(sym))
        if op != "mod"
        else st.one_of(st.integers(1, 8).map(const), st.integers(0, 1).map(sym))
    )
    kind = {"floordiv": K.FLOORDIV, "ceildiv": K.CEILDIV, "mod": K.MOD}[op]
    return AffineBinaryExpr(kind, raw_l, divisor), binary(kind, built_l, divisor)


@settings(max_examples=400, deadline=None)
@given(
    pair=raw_and_built(),
    dims=st.lists(st.integers(-40, 40), min_size=3, max_size=3),
    syms=st.lists(st.integers(1, 9), min_size=2, max_size=2),
)
def test_simplification_preserves_value(pair: tuple[AffineExpr, AffineExpr], dims: list[int], syms: list[int]) -> None:
    raw, built = pair
    assert built.evaluate(dims, syms) == raw.evaluate(dims, syms)


@settings(max_examples=200, deadline=None)
@given(
    pair=raw_and_built(depth=3),
    repl=st.lists(raw_and_built(depth=2), min_size=3, max_size=3),
    dims=st.lists(st.integers(-20, 20), min_size=3, max_size=3),
    syms=st.lists(st.integers(1, 9), min_size=2, max_size=2),
)
def test_replace_dims_is_substitution(
    pair: tuple[AffineExpr, AffineExpr],
    repl: list[tuple[AffineExpr, AffineExpr]],
    dims: list[int],
    syms: list[int],
) -> None:
    _, e = pair
    # Substitute symbolic-or-constant expressions only, so products stay affine.
    subs = [b if b.is_symbolic_or_constant() else const(1) for _, b in repl]
    replaced = e.replace_dims_and_symbols(subs, ())
    assert replaced.evaluate(dims, syms) == e.evaluate([s.evaluate(dims, syms) for s in subs], syms)


def test_leaf_types() -> None:
    assert isinstance(d0, AffineDimExpr) and isinstance(const(2), AffineConstantExpr)
    assert d0.kind is K.DIM and s0.kind is K.SYMBOL and const(1).kind is K.CONSTANT
