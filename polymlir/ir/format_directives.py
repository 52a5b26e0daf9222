"""The elements an assembly format is compiled to (literals, $variables,
type(...), functional-type, attr-dict, prop-dict, custom<...>, optional
groups), each printing and parsing itself, and the attribute helpers they
share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import attributes as A
from . import types as T
from .fields import (
    OPTIONAL,
    SINGLE,
    VARIADIC,
    Field,
    OperandDef,
    PropDef,
    RegionDef,
    ResultDef,
    SuccessorDef,
)

if TYPE_CHECKING:  # pragma: no cover
    from .asm_format import CompiledFormat


class FormatError(Exception):
    pass


class Elem:
    def first_token_check(self, p, ps) -> bool:  # can an optional group start here?
        raise FormatError(f"{type(self).__name__} cannot start an optional group")


class Lit(Elem):
    def __init__(self, text: str):
        self.text = text
        if text not in ("", " ", "\\n", "\n") and not (text[0].isalpha() or text[0] == "_"):
            self._message = f"expected '{text}'"
            self.parse = self._parse_punct  # type: ignore[method-assign]  # the parse path, chosen once

    def print(self, op, p, st) -> None:
        t = self.text
        if t == "":
            st.space = False
            return
        if t == " ":
            p.write(" ")
            st.space = False
            st.punct = False
            return
        if t in ("\\n", "\n"):  # `\n`: a newline at the op's indentation
            p.write("\n" + p.indent)
            st.space = False
            st.punct = True
            return
        if st.space and _space_before(t, st.punct):
            p.write(" ")
        p.write(t)
        st.space = len(t) != 1 or t not in "<({["
        st.punct = t[0] != "_" and not t[0].isalpha()

    def parse(self, p, ps) -> None:
        t = self.text
        if t in ("", " ", "\\n", "\n"):
            return
        if t[0].isalpha() or t[0] == "_":
            # Upstream's OpAsmParser prefixes keyword errors (not punctuation ones).
            if not p.accept_keyword(t):
                p.error(f"custom op '{ps.op_class.OP_NAME}' expected '{t}'")
        else:
            p.expect(t, f"expected '{t}'")

    def _parse_punct(self, p, ps) -> None:
        # `parse` for punctuation, chosen in __init__: runs for most literals.
        if p.kind == self.text:
            p.advance()
        else:
            p.expect(self.text, self._message)

    def first_token_check(self, p, ps) -> bool:
        t = self.text
        if t[0].isalpha() or t[0] == "_":
            return p.peek_keyword(t)
        return p.kind == t


def _space_before(value: str, last_punct: bool) -> bool:
    if len(value) != 1 and value != "->":
        return True
    if last_punct:
        return value[0] not in ">)}],"
    return value[0] not in "<>(){}[],"


class Var(Elem):
    """``$name``: an operand, property, region or successor field."""

    def __init__(self, field, anchor: bool = False):
        self.field = field
        self.anchor = anchor
        if isinstance(field, OperandDef) and field.kind == SINGLE:
            self.parse = self._parse_single_operand  # type: ignore[method-assign]  # the parse path, chosen once

    def _parse_single_operand(self, p, ps) -> None:
        # `parse` for a single operand, chosen in __init__ (the most common).
        ps.operands[self.field.name] = [p.parse_operand()]

    def is_present(self, op) -> bool:
        f = self.field
        if isinstance(f, OperandDef):
            v = f.__get__(op)
            return bool(v) if f.kind == VARIADIC else v is not None
        if isinstance(f, PropDef):
            v = op.properties.get(f.attr_name)
            return v is not None and not (f.default is not None and v == f.default)
        if isinstance(f, RegionDef):
            rs = f.__get__(op)
            if f.kind == VARIADIC:
                return bool(rs)
            return rs is not None and bool(rs.blocks)
        if isinstance(f, SuccessorDef):
            s = f.__get__(op)
            return bool(s)
        return True

    def print(self, op, p, st) -> None:
        f = self.field
        if isinstance(f, OperandDef):
            vals = f.__get__(op)
            if f.kind != VARIADIC:
                vals = [] if vals is None else [vals]
            if not vals and f.kind != VARIADIC:
                return
            # Upstream writes the space before a variadic group even when it
            # is empty (`tensor.from_elements  : tensor<0xf32>`).
            _space(p, st)
            p.write(p.operands_str(vals))
        elif isinstance(f, PropDef):
            a = op.properties.get(f.attr_name)
            if a is None or isinstance(a, A.UnitAttr):
                return
            _space(p, st)
            p.write(print_attr_in_format(f, a, p))
        elif isinstance(f, RegionDef):
            rs = f.__get__(op)
            rs = rs if f.kind == VARIADIC else ([rs] if rs is not None else [])
            # Like upstream: one space before the (possibly empty) list.
            _space(p, st)
            for i, r in enumerate(rs):
                if i:
                    p.write(", ")
                elide = _elide_terminator(op, r)
                p.print_region(r, print_entry_args=True, print_terminators=not elide)
        elif isinstance(f, SuccessorDef):
            ss = f.__get__(op)
            ss = ss if f.kind == VARIADIC else ([ss] if ss is not None else [])
            if ss:
                _space(p, st)
                p.write(", ".join(p.block_name(b) for b in ss))
        st.space = True
        st.punct = False

    def parse(self, p, ps) -> None:
        f = self.field
        if isinstance(f, OperandDef):
            if f.kind == VARIADIC:
                refs = p.parse_comma_list(p.parse_operand) if p.kind == "%" else []
            elif f.kind == OPTIONAL:
                refs = [p.parse_operand()] if p.kind == "%" else []
            else:
                refs = [p.parse_operand()]
            ps.operands[f.name] = refs
        elif isinstance(f, PropDef):
            a = parse_attr_in_format(f, p, ps)
            if a is not None:
                ps.props[f.attr_name] = a
        elif isinstance(f, RegionDef):
            rs = []
            if f.kind == VARIADIC:
                if p.kind == "{":
                    rs.append(p.parse_region())
                    while p.accept(","):
                        rs.append(p.parse_region())
            else:
                rs.append(p.parse_region())
            ps.regions[f.name] = rs
        elif isinstance(f, SuccessorDef):
            if f.kind == VARIADIC:
                ps.successors[f.name] = p.parse_comma_list(p.parse_successor) if p.kind == "^" else []
            else:
                ps.successors[f.name] = [p.parse_successor()]

    def first_token_check(self, p, ps) -> bool:
        f = self.field
        if isinstance(f, OperandDef):
            return p.kind == "%"
        if isinstance(f, RegionDef):
            return p.kind == "{"
        if isinstance(f, SuccessorDef):
            return p.kind == "^"
        if isinstance(f, PropDef):
            return attr_can_start(f, p)
        return False


def _elide_terminator(op, region) -> bool:
    name = getattr(op, "implicit_terminator", None)
    if not name or len(region.blocks) != 1:
        return False
    ops = region.blocks[0].operations
    if not ops:
        return False
    t = ops[-1]
    return (
        t.name == name and not t.operands and not t.attributes and not (isinstance(t.properties, dict) and t.properties)
    )


def _space(p, st) -> None:
    if st.space:
        p.write(" ")


# Keys of the parse state's types for `type(operands)`/`type(results)`: not
# identifiers, so that they never meet a field named `operands`/`results`.
ALL_OPERANDS, ALL_RESULTS = "(operands)", "(results)"


def types_key(target: str | Field[Any]) -> str:
    """The key of ``ps.types`` a type directive of ``target`` fills."""
    if isinstance(target, str):
        return ALL_OPERANDS if target == "operands" else ALL_RESULTS
    return target.name


class TypeOf(Elem):
    """``type($x)``, ``type(operands)``, ``type(results)``."""

    def __init__(self, target):
        self.target = target  # a field, "operands" or "results"

    def _types(self, op) -> list[T.Type]:
        t = self.target
        if t == "operands":
            return [v.type for v in op.operands]
        if t == "results":
            return op.result_types
        if isinstance(t, OperandDef):
            v = t.__get__(op)
            vals = v if t.kind == VARIADIC else ([] if v is None else [v])
            return [x.type for x in vals]
        v = t.__get__(op)
        vals = v if t.kind == VARIADIC else ([] if v is None else [v])
        return [x.type for x in vals]

    def is_present(self, op) -> bool:
        return bool(self._types(op))

    def print(self, op, p, st) -> None:
        ts = self._types(op)
        if not ts:
            return
        _space(p, st)
        p.write(", ".join(p.type(t) for t in ts))
        st.space = True
        st.punct = False

    def parse(self, p, ps) -> None:
        t = self.target
        single = isinstance(t, (OperandDef, ResultDef)) and t.kind == SINGLE
        optional = isinstance(t, (OperandDef, ResultDef)) and t.kind == OPTIONAL
        if single and getattr(t.constraint, "kind", None) is None:
            ps.types[t.name] = [p.parse_type()]
            return
        if single:
            pos = p.start
            ts = [p.parse_type()]
            kind = getattr(t.constraint, "kind", None)
            if kind is not None and not kind[1](ts[0]):
                # An empty kind name: a type interface (e.g. BaseMemRefType),
                # for which upstream names no expected kind.
                detail = f": expected {kind[0]}, but found '{ts[0]}'" if kind[0] else ""
                p.error(f"custom op '{ps.op_class.OP_NAME}' invalid kind of type specified{detail}", pos)
        elif optional:
            ty = p.parse_optional_type()
            ts = [ty] if ty is not None else []
        else:
            ts = []
            ty = p.parse_optional_type()
            if ty is not None:
                ts.append(ty)
                while p.accept(","):
                    ts.append(p.parse_type())
        ps.types[types_key(t)] = ts

    def first_token_check(self, p, ps) -> bool:
        return p.kind in ("bare", "!", "(")


class FunctionalType(Elem):
    def __init__(self, ins, outs):
        self.ins = TypeOf(ins)
        self.outs = TypeOf(outs)

    def print(self, op, p, st) -> None:
        _space(p, st)
        ins = self.ins._types(op)
        outs = self.outs._types(op)
        p.write("(" + ", ".join(p.type(t) for t in ins) + ") -> " + T.format_result_types(outs, p))
        st.space = True
        st.punct = False

    def parse(self, p, ps) -> None:
        ft = p.parse_function_type()
        for tgt, ts in ((self.ins.target, ft.inputs), (self.outs.target, ft.results)):
            ps.types[types_key(tgt)] = list(ts)


class AttrDict(Elem):
    def __init__(self, keyword: bool, fmt: CompiledFormat):
        self.keyword = keyword
        self.fmt = fmt

    def print(self, op, p, st) -> None:
        attrs = dict(op.attributes)
        if not self.fmt.has_prop_dict and isinstance(op.properties, dict):
            for k, v in op.properties.items():
                if k not in self.fmt.in_format and k not in ("operandSegmentSizes", "resultSegmentSizes"):
                    d = self.fmt.prop_defaults.get(k)
                    if d is not None and d == v:
                        continue
                    attrs[k] = v
        s = p.attr_dict_str(attrs)
        if s:
            p.write((" attributes " if self.keyword else " ") + s)
        st.space = True
        st.punct = False

    def parse(self, p, ps) -> None:
        d = p.parse_optional_attr_dict_with_keyword() if self.keyword else p.parse_optional_attr_dict()
        pnames = self.fmt.op_class.property_names()
        for k, v in d.items():
            if k in pnames and not self.fmt.has_prop_dict:
                ps.props[k] = v
            else:
                ps.attrs[k] = v


class PropDict(Elem):
    def __init__(self, fmt: CompiledFormat):
        self.fmt = fmt

    def print(self, op, p, st) -> None:
        items = {
            k: v
            for k, v in op.properties.items()
            if k not in self.fmt.in_format and k not in ("operandSegmentSizes", "resultSegmentSizes")
        }
        if items:
            _space(p, st)
            p.write("<{" + A.format_named_attrs(list(items.items()), p) + "}>")
            st.space = True
            st.punct = False

    def parse(self, p, ps) -> None:
        if p.kind == "<":
            p.advance()
            d = p.parse_attr_dict_body()
            p.expect(">", "expected '>'")
            ps.props.update(d)


class Custom(Elem):
    def __init__(self, name: str, args: list):
        self.name = name
        self.args = args

    def print(self, op, p, st) -> None:
        _space(p, st)
        getattr(op, f"print_{self.name}")(p, *self.args)
        st.space = True
        st.punct = False

    def parse(self, p, ps) -> None:
        getattr(ps.op_class, f"parse_{self.name}")(p, ps, *self.args)

    def first_token_check(self, p, ps) -> bool:
        check = getattr(ps.op_class, f"can_parse_{self.name}", None)
        if check is None:
            raise FormatError(f"custom<{self.name}> cannot start an optional group")
        return check(p)


class Optional(Elem):
    def __init__(self, then: list, els: list, anchor: Var | TypeOf | None):
        self.then = then
        self.els = els
        self.anchor = anchor
        self._first: Elem | None = None  # the element that decides (found on first parse)

    def print(self, op, p, st) -> None:
        present = self.anchor.is_present(op) if self.anchor is not None else True
        for e in self.then if present else self.els:
            e.print(op, p, st)

    def parse(self, p, ps) -> None:
        # Spacing literals (`` `` ``) print nothing and cannot start a group.
        first = self._first
        if first is None:
            first = self._first = next(
                (e for e in self.then if not (isinstance(e, Lit) and e.text in ("", " "))), self.then[0]
            )
        if first.first_token_check(p, ps):
            for e in self.then:
                e.parse(p, ps)
            if (
                isinstance(self.anchor, Var)
                and isinstance(self.anchor.field, PropDef)
                and self.anchor.field.constraint.description == "unit attribute"
            ):
                ps.props[self.anchor.field.attr_name] = A.UNIT
        else:
            for e in self.els:
                e.parse(p, ps)


class St:
    __slots__ = ("space", "punct")

    def __init__(self) -> None:
        self.space = True
        self.punct = False


class PState:
    """What parsing a format collects before the op is built."""

    def __init__(self, op_class):
        self.op_class = op_class
        self.operands: dict[str, list] = {}
        self.types: dict[str, list[T.Type]] = {}
        self.props: dict[str, A.Attribute] = {}
        self.attrs: dict[str, A.Attribute] = {}
        self.regions: dict[str, list] = {}
        self.successors: dict[str, list] = {}
        self.extra: dict[str, Any] = {}
        self.pos: int | None = None  # offset of the op name (for located errors)


def print_attr_in_format(f: PropDef, a: A.Attribute, p) -> str:
    c = f.constraint
    hook = getattr(c, "format_print", None)
    if hook is not None:
        # A dialect attribute with its own short form (e.g. `<fast>` for
        # `#arith.fastmath<fast>`); the hook returns None to decline.
        s = hook(a, p)
        if s is not None:
            return s
    enum = getattr(c, "enum_cases", None)
    if enum is not None and isinstance(a, A.IntegerAttr):
        return enum.get(a.value, str(a.value))
    if isinstance(a, A.DenseArrayAttr) and getattr(c, "dense_array_elem", None) is not None:
        return "[" + format_dense_array_values(a) + "]"
    mn = c.dialect_mnemonic
    if mn is not None and isinstance(a, A.OpaqueAttr) and a.text.startswith(mn):
        # Stripped form: the attribute's type is known, so only `<...>`.
        return a.text[len(mn) :]
    if c.description == "string attribute" and f.attr_name in ("sym_name",) and isinstance(a, A.StringAttr):
        return A.SymbolRefAttr(a.value).print(p)
    bt = getattr(c, "buildable_type", None)
    if bt is not None and isinstance(a, A.IntegerAttr) and a.type == bt and a.type != T.i1:
        return str(a.value)
    if bt is not None and isinstance(a, A.FloatAttr) and a.type == bt:
        return A.format_float(a.value, a.type)
    if isinstance(a, A.TypeAttr):
        return p.type(a.value)
    return p.attr(a)


def attr_can_start(f: PropDef, p) -> bool:
    c = f.constraint
    can = getattr(c, "format_can_start", None)
    if can is not None:
        return can(p)
    enum = getattr(c, "enum_cases", None)
    if enum is not None:
        return p.kind == "bare" and p.text in enum.values()
    if getattr(c, "dense_array_elem", None) is not None:
        return p.kind == "["
    mn = c.dialect_mnemonic
    if mn is not None:
        return p.kind in ("<", "#")
    if c.description == "unit attribute":
        return False
    return p.kind in ("int", "float", "-", "string", "[", "{", "@", "#", "bare", "!")


def parse_attr_in_format(f: PropDef, p, ps=None) -> A.Attribute | None:
    c = f.constraint
    hook = getattr(c, "format_parse", None)
    if hook is not None:
        return hook(p, ps)
    enum = getattr(c, "enum_cases", None)
    if enum is not None:
        # Upstream's I32/I64EnumAttr: a keyword of the enum or a string.
        pos = p.start
        prefix = f"custom op '{ps.op_class.OP_NAME}' " if ps is not None else ""
        if p.kind == "bare" and p.text in enum.values():
            kw = p.parse_keyword()
        elif p.kind == "string":
            kw = p.parse_string()
        else:
            p.error(
                f"{prefix}expected string or keyword containing one of the following enum values for attribute "
                f"'{f.attr_name}' [{', '.join(enum.values())}]",
                pos,
            )
        for v, name in enum.items():
            if name == kw:
                return A.IntegerAttr(v, getattr(c, "buildable_type", None) or T.i64)
        p.error(f'{prefix}invalid {f.attr_name} attribute specification: "{kw}"', pos)
    et = getattr(c, "dense_array_elem", None)
    if et is not None and p.kind == "[":
        return parse_dense_array_body(p, et)
    mn = c.dialect_mnemonic
    if mn is not None and p.kind == "<":
        start = p.start
        end = p.balanced_body(start)
        p.reset(end)
        return A.OpaqueAttr(mn + p.src[start:end])
    if c.description == "unit attribute":
        return A.UNIT
    if f.attr_name == "sym_name" and p.kind == "@":
        return A.StringAttr(p.parse_symbol_name())
    if c.description.startswith("any type attribute") or c.description.startswith("type attribute"):
        return A.TypeAttr(p.parse_type())
    bt = getattr(c, "buildable_type", None)
    return p.parse_attribute(bt)


def format_dense_array_values(a: A.DenseArrayAttr) -> str:
    et = a.element_type
    if et == T.i1:
        return ", ".join("true" if v else "false" for v in a.values)
    if isinstance(et, T.FloatType):
        return ", ".join(A.format_float(v, et) for v in a.values)
    return ", ".join(str(v) for v in a.values)


def parse_dense_array_body(p, et: T.Type) -> A.DenseArrayAttr:
    """``[1, 2]`` (``[true]`` for i1, floats for float types) as a dense array."""
    vals = p.parse_comma_list(lambda: p._dense_array_elem(et), "[", "]")
    return A.DenseArrayAttr(et, tuple(vals))
