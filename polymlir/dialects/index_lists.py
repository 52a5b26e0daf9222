"""The mixed static/dynamic index lists of view-like ops: ``[%a, 4, %b]``.

Upstream keeps such a list in two places: the SSA values of its dynamic
entries (a variadic operand group) and a ``DenseI64ArrayAttr`` property
(``static_offsets``, ``static_sizes``, ...) holding every entry, with
``ShapedType::kDynamic`` (``DYNAMIC`` here) where an SSA value stands.
This module parses, prints and verifies that syntax for memref, tensor and
vector ops alike:

* ``parse_dynamic_index_list`` / ``print_dynamic_index_list``: the syntax
  (``custom<DynamicIndexList>`` upstream), with optional scalable entries
  (``[4]`` inside the list), ``%v : type`` entries and other delimiters;
* ``DynamicIndexListFormat``: a mixin giving an op the
  ``custom<DynamicIndexList>($values, $static_values)`` directive of the
  assembly-format engine;
* ``verify_offset_sizes_strides``: the rules of upstream's
  ``OffsetSizeAndStrideOpInterface``, with its messages;
* ``mixed_values``: the entries as ints and Values (upstream's
  ``getMixedValues``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Value
from ..ir.types import DYNAMIC

__all__ = [
    "DYNAMIC",
    "DynamicIndexListFormat",
    "IndexList",
    "dense_i64",
    "mixed_values",
    "parse_dynamic_index_list",
    "print_dynamic_index_list",
    "static_values",
    "verify_dynamic_count",
    "verify_offset_sizes_strides",
]

_CLOSE = {"[": "]", "(": ")", "<": ">", "{": "}"}


class IndexList(NamedTuple):
    """What ``parse_dynamic_index_list`` read."""

    values: list  # unresolved operands (name, number, offset) of dynamic entries
    static: list[int]  # every entry; DYNAMIC where a value stands
    scalable: list[bool]  # per entry: written as ``[entry]``
    types: list[T.Type]  # types of the dynamic entries (index unless spelled)


def dense_i64(values: Sequence[int]) -> A.DenseArrayAttr:
    """``array<i64: ...>`` holding ``values``."""
    return A.DenseArrayAttr(T.i64, tuple(values))


def _name(arg: str | None) -> str | None:
    if arg is None:
        return None
    arg = arg.strip()
    return arg.removeprefix("$")


def parse_dynamic_index_list(
    p,
    ps_or_state: Any = None,
    values_name: str | None = None,
    static_name: str | None = None,
    *,
    delimiter: str = "[",
    value_types: bool = False,
    scalable_name: str | None = None,
    index_type: T.Type = T.index,
) -> IndexList:
    """Parse ``[%a, 4, %b]`` (``delimiter`` may be ``(``, ``<`` or ``{``).

    Entries are SSA values or integers; with ``value_types`` a value is
    followed by ``: type``; an entry in square brackets (``[4]``) is
    scalable. When ``ps_or_state`` is the assembly-format parse state and
    names are given (``$`` prefixes allowed), the result is stored there: the
    values and their types under ``values_name``, ``array<i64: ...>`` under
    ``static_name`` and the scalable flags (``array<i1: ...>``) under
    ``scalable_name``. When it is an ``OpState`` only the properties are
    stored; the caller resolves the values (their order among the op's
    operands is the caller's business). The result is returned either way.
    """
    close = _CLOSE[delimiter]
    values: list = []
    static: list[int] = []
    scalable: list[bool] = []
    types: list[T.Type] = []
    p.expect(delimiter, f"expected '{delimiter}' in dynamic index list")
    if not p.accept(close):
        while True:
            sc = p.kind == "["
            if sc:
                p.advance()
            if p.kind == "%":
                values.append(p.parse_operand())
                static.append(DYNAMIC)
                if value_types:
                    p.expect(":", "expected ':'")
                    types.append(p.parse_type())
                else:
                    types.append(index_type)
            elif p.kind in ("int", "-"):
                static.append(p.parse_integer())
            else:
                # Upstream reports "expected integer value" here, then
                # "expected SSA value or integer" at the op name; the first
                # is the one raised.
                op_name = getattr(getattr(ps_or_state, "op_class", None), "OP_NAME", None) or getattr(
                    ps_or_state, "name", None
                )
                prefix = f"custom op '{op_name}' " if op_name else ""
                p.error(f"{prefix}expected integer value")
            scalable.append(sc)
            if sc:
                p.expect("]", "expected ']'")
            if p.accept(","):
                continue
            p.expect(close, f"expected ',' or '{close}' in dynamic index list")
            break
    res = IndexList(values, static, scalable, types)
    if ps_or_state is not None:
        _store(ps_or_state, res, _name(values_name), _name(static_name), _name(scalable_name))
    return res


def _store(
    st: Any, res: IndexList, values_name: str | None, static_name: str | None, scalable_name: str | None
) -> None:
    props = st.props if hasattr(st, "props") else st.properties
    if static_name is not None:
        cls = getattr(st, "op_class", None)
        props[_attr_name(cls, static_name)] = dense_i64(res.static)
    if scalable_name is not None:
        cls = getattr(st, "op_class", None)
        props[_attr_name(cls, scalable_name)] = A.DenseArrayAttr(T.i1, tuple(int(b) for b in res.scalable))
    if values_name is not None and hasattr(st, "operands") and isinstance(st.operands, dict):
        cls = getattr(st, "op_class", None)
        f = _field(cls, values_name)
        key = f.name if f is not None else values_name
        st.operands[key] = res.values
        st.types[key] = res.types


def _field(cls: Any, name: str):
    """The declared field of ``cls`` called ``name`` (field or MLIR name)."""
    if cls is None:
        return None
    for group in cls._fields.values():
        for f in group:
            if f.name == name or f.attr_name == name:
                return f
    return None


def _attr_name(cls: Any, name: str) -> str:
    f = _field(cls, name)
    return f.attr_name if f is not None else name


def print_dynamic_index_list(
    p,
    dynamic_values: Sequence[Value],
    static_values: Sequence[int],
    *,
    scalable: Sequence[bool] = (),
    value_types: bool = False,
    delimiter: str = "[",
) -> str:
    """The text of a mixed list, e.g. ``[%arg0, 4]`` (``p`` names values)."""
    parts = []
    k = 0
    for i, v in enumerate(static_values):
        if v == DYNAMIC:
            if k < len(dynamic_values):
                dv = dynamic_values[k]
                s = p.value_name(dv)
                if value_types:
                    s += " : " + p.type(dv.type)
            else:  # malformed op: fewer values than dynamic entries
                s = "<<MISSING VALUE>>"
            k += 1
        else:
            s = str(v)
        if scalable and i < len(scalable) and scalable[i]:
            s = "[" + s + "]"
        parts.append(s)
    text = delimiter + ", ".join(parts) + _CLOSE[delimiter]
    return text


def mixed_values(static_values: Sequence[int], dynamic_values: Sequence[Value]) -> list[int | Value]:
    """Entries in order: ints for static entries, Values for dynamic ones."""
    out: list[int | Value] = []
    k = 0
    for v in static_values:
        if v == DYNAMIC and k < len(dynamic_values):
            out.append(dynamic_values[k])
            k += 1
        else:
            out.append(v)
    return out


def static_values(op, name: str) -> list[int]:
    """The entries of the dense-array property ``name`` (``static_sizes``
    ...); empty when it is absent or not a dense array."""
    a = op.properties.get(name) if isinstance(op.properties, dict) else None
    return list(a.values) if isinstance(a, A.DenseArrayAttr) else []


class DynamicIndexListFormat:
    """Mixin: ``custom<DynamicIndexList>($values, $static_values)`` for ops
    declared with an ``assembly_format``. Extra directive arguments may be
    ``type($values)`` (entries spelled ``%v : type``) and a ``$scalable``
    flags property."""

    __slots__ = ()

    @staticmethod
    def _split_args(args: Sequence[str]) -> tuple[str, str, bool, str | None]:
        values, statics = _name(args[0]), _name(args[1])
        typed = False
        scalable = None
        for a in args[2:]:
            a = a.strip()
            if a.startswith("type("):
                typed = True
            elif a.startswith("$"):
                scalable = _name(a)
        return values, statics, typed, scalable  # type: ignore[return-value]  # args 0 and 1 are $names (checked by the format compiler)

    @classmethod
    def parse_DynamicIndexList(cls, p, ps, *args: str) -> None:
        values, statics, typed, scalable = cls._split_args(args)
        parse_dynamic_index_list(p, ps, values, statics, value_types=typed, scalable_name=scalable)

    def print_DynamicIndexList(self, p, *args: str) -> None:
        values, statics, typed, scalable = self._split_args(args)
        cls = type(self)
        f = _field(cls, values)
        vals = f.__get__(self) if f is not None else []
        flags = [bool(x) for x in static_values(self, _attr_name(cls, scalable))] if scalable else []
        p.write(
            print_dynamic_index_list(
                p, vals or [], static_values(self, _attr_name(cls, statics)), scalable=flags, value_types=typed
            )
        )


# -- verification --------------------------------------------------------------


def verify_dynamic_count(
    op, values_name: str, static_name: str, static_values: Sequence[int], dynamic_values: Sequence[Value]
) -> None:
    """Each DYNAMIC entry must have a value (upstream checks this first)."""
    n = sum(1 for v in static_values if v == DYNAMIC)
    if n != len(dynamic_values):
        raise op.emit_error(
            f"expected the number of '{values_name}' to match the number of dynamic entries in "
            f"'{static_name}' ({len(dynamic_values)} vs {n})"
        )


def verify_offset_sizes_strides(
    op, max_ranks: tuple[int, int, int], offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
) -> None:
    """The static rules of upstream's OffsetSizeAndStrideOpInterface."""
    n_off, n_sz, n_st = len(offsets), len(sizes), len(strides)
    if not (n_off == 1 and max_ranks[0] == 1) and n_off != n_sz:
        raise op.emit_error(
            f"expected mixed offsets rank to match mixed sizes rank ({n_off} vs {n_sz}) so the "
            "rank of the result type is well-formed."
        )
    if n_sz != n_st:
        raise op.emit_error(
            f"expected mixed sizes rank to match mixed strides rank ({n_sz} vs {n_st}) so the "
            "rank of the result type is well-formed."
        )
    for name, vals, mx in (
        ("offset", offsets, max_ranks[0]),
        ("size", sizes, max_ranks[1]),
        ("stride", strides, max_ranks[2]),
    ):
        if len(vals) != mx:
            raise op.emit_error(f"expected {mx} {name} values, got {len(vals)}")
    for name, vals in (("offsets", offsets), ("sizes", sizes)):
        for v in vals:
            if v != DYNAMIC and v < 0:
                raise op.emit_error(f"expected {name} to be non-negative, but got {v}")
