"""Property tests: for generated types and attributes, printing, parsing and
printing again gives the same text (print(parse(print(x))) == print(x))."""

from hypothesis import given, settings
from hypothesis import strategies as st

import polymlir
from polymlir.ir import attributes as A
from polymlir.ir import types as T

scalar_types = st.one_of(
    st.builds(T.IntegerType, st.integers(1, 128), st.sampled_from(["", "s", "u"])),
    st.just(T.index),
    st.sampled_from([T.FloatType(n) for n in T.FLOAT_KINDS]),
)
dims = st.lists(st.one_of(st.integers(0, 16), st.just(T.DYNAMIC)), max_size=3).map(tuple)
static_dims = st.lists(st.integers(1, 8), min_size=1, max_size=3).map(tuple)


def _types(children):
    return st.one_of(
        st.builds(T.ComplexType, st.sampled_from([T.f32, T.f64, T.i32])),
        st.builds(lambda ts: T.TupleType(tuple(ts)), st.lists(children, max_size=3)),
        st.builds(lambda s, e: T.VectorType(s, e), static_dims, scalar_types),
        st.builds(
            lambda s, e: T.RankedTensorType(s, e),
            dims,
            st.one_of(scalar_types, st.builds(lambda s, e: T.VectorType(s, e), static_dims, scalar_types)),
        ),
        st.builds(T.UnrankedTensorType, scalar_types),
        st.builds(
            lambda s, e, ms: T.MemRefType(s, e, None, ms),
            dims,
            scalar_types,
            st.one_of(st.none(), st.integers(1, 4).map(lambda i: A.IntegerAttr(i, T.i64))),
        ),
        st.builds(
            lambda ins, outs: T.FunctionType(tuple(ins), tuple(outs)),
            st.lists(children, max_size=2),
            st.lists(children, max_size=2),
        ),
    )


types = st.recursive(scalar_types, _types, max_leaves=6)

int_attrs = st.builds(
    lambda w, v: A.IntegerAttr(v % (1 << (w - 1)), T.IntegerType(w)), st.integers(2, 64), st.integers()
)
float_attrs = st.builds(
    lambda t, v: A.FloatAttr(A.round_float(v, t), t),
    st.sampled_from([T.f16, T.bf16, T.f32, T.f64]),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
)
leaf_attrs = st.one_of(
    int_attrs,
    float_attrs,
    st.text(max_size=8).map(A.StringAttr),
    st.just(A.UNIT),
    st.booleans().map(A.BoolAttr),
    types.map(A.TypeAttr),
    st.builds(
        lambda r, n: A.SymbolRefAttr(r, tuple(n)),
        st.from_regex(r"[a-z][a-z0-9_]{0,5}", fullmatch=True),
        st.lists(st.from_regex(r"[a-z][a-z ]{0,4}", fullmatch=True), max_size=2),
    ),
    st.builds(
        lambda vals: A.DenseArrayAttr(T.i32, tuple(vals)), st.lists(st.integers(-(2**31), 2**31 - 1), max_size=4)
    ),
    st.builds(
        lambda s, v: A.StridedLayoutAttr(s, v),
        st.lists(st.one_of(st.integers(0, 9), st.just(T.DYNAMIC)), max_size=3).map(tuple),
        st.one_of(st.integers(0, 9), st.just(T.DYNAMIC)),
    ),
)


def _dense(shape_and_vals):
    shape, vals = shape_and_vals
    return A.DenseElementsAttr(T.RankedTensorType(shape, T.i16), tuple(vals))


dense_attrs = static_dims.flatmap(
    lambda s: st.tuples(st.just(s), st.lists(st.integers(-(2**15), 2**15 - 1), min_size=_n(s), max_size=_n(s)))
).map(_dense)


def _n(shape):
    n = 1
    for d in shape:
        n *= d
    return n


attrs = st.recursive(
    st.one_of(leaf_attrs, dense_attrs),
    lambda children: st.one_of(
        st.lists(children, max_size=3).map(lambda xs: A.ArrayAttr(tuple(xs))),
        st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_.]{0,5}", fullmatch=True), children, max_size=3).map(
            A.DictionaryAttr.from_dict
        ),
    ),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(types)
def test_type_round_trip(t):
    text = str(t)
    again = polymlir.parse_type(text)
    assert str(again) == text
    assert again == t


@settings(max_examples=300, deadline=None)
@given(attrs)
def test_attribute_round_trip(a):
    text = str(a)
    assert str(polymlir.parse_attribute(text)) == text
