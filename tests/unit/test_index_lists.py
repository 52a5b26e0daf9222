"""The shared static/dynamic index-list syntax (polymlir.dialects.index_lists)."""

from __future__ import annotations

import re

import pytest

from polymlir.dialects.index_lists import DYNAMIC, mixed_values, parse_dynamic_index_list, print_dynamic_index_list
from polymlir.ir import types as T
from polymlir.ir.core import Value
from polymlir.ir.diagnostics import DiagnosticError
from polymlir.parser.parser import Parser


class _Names:
    """A stand-in printer: names values and types."""

    def __init__(self, names):
        self.names = names

    def value_name(self, v):
        return self.names[v]

    def type(self, t):
        return str(t)


def _parse(text: str, **kw):
    p = Parser(text)
    return parse_dynamic_index_list(p, **kw)


def test_parse_mixed():
    r = _parse("[%a, 4, -1, %b#1]")
    assert r.static == [DYNAMIC, 4, -1, DYNAMIC]
    assert [v[0] for v in r.values] == ["%a", "%b"] and r.values[1][1] == 1
    assert r.types == [T.index, T.index]
    assert r.scalable == [False] * 4


def test_parse_empty_scalable_and_typed():
    assert _parse("[]").static == []
    r = _parse("[4, [8], [%x : i32]]", value_types=True)
    assert r.static == [4, 8, DYNAMIC]
    assert r.scalable == [False, True, True]
    assert r.types == [T.i32]
    assert _parse("(1, %a)", delimiter="(").static == [1, DYNAMIC]


@pytest.mark.parametrize(
    "text, message",
    [
        ("[1, foo]", "expected integer value"),
        ("1, 2]", "expected '[' in dynamic index list"),
        ("[1 2]", "expected ',' or ']' in dynamic index list"),
    ],
)
def test_parse_errors(text, message):
    with pytest.raises(DiagnosticError, match=re.escape(message)):
        _parse(text)


def test_print_and_mixed_values():
    a, b = Value(T.index), Value(T.i32)
    p = _Names({a: "%a", b: "%b"})
    assert print_dynamic_index_list(p, [a], [0, DYNAMIC, 3]) == "[0, %a, 3]"
    assert print_dynamic_index_list(p, [], []) == "[]"
    assert (
        print_dynamic_index_list(p, [b], [DYNAMIC, 8], scalable=[True, True], value_types=True) == "[[%b : i32], [8]]"
    )
    assert print_dynamic_index_list(p, [a], [DYNAMIC], delimiter="(") == "(%a)"
    assert mixed_values([1, DYNAMIC], [a]) == [1, a]
