"""A small engine for MLIR's declarative assembly format.

Supports literals (`` `kw` ``, `` `(` ``, the empty literal `` `` ``),
variables (``$operand``, ``$prop``, ``$region``, ``$successor``), the
directives ``attr-dict``, ``attr-dict-with-keyword``, ``prop-dict``,
``type(...)``, ``qualified(...)``, ``functional-type(a, b)``, ``operands``,
``results``, ``regions``, ``successors`` and ``custom<Name>(...)``, and
optional groups ``( ... $anchor^ ... )?`` with an optional else group. The
printer follows upstream's spacing rules so output matches ``mlir-opt``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import attributes as A
from . import types as T
from .constraints import AttrConstraint
from .core import Operation
from .fields import (
    OPTIONAL,
    SINGLE,
    VARIADIC,
    OperandDef,
    PropDef,
    RegionDef,
    ResultDef,
    SuccessorDef,
    segment_sizes_attr,
)

if TYPE_CHECKING:  # pragma: no cover
    pass

_TOKEN = re.compile(r"\s*(`[^`]*`|\$[A-Za-z_]\w*|[A-Za-z_][\w-]*|<[A-Za-z_]\w*>|[()^?,:])")


class FormatError(Exception):
    pass


# -- elements ------------------------------------------------------------------


class _Elem:
    def first_token_check(self, p, ps) -> bool:  # can an optional group start here?
        raise FormatError(f"{type(self).__name__} cannot start an optional group")


class _Lit(_Elem):
    def __init__(self, text: str):
        self.text = text
        if text not in ("", " ", "\\n", "\n") and not (text[0].isalpha() or text[0] == "_"):
            self._message = f"expected '{text}'"
            self.parse = self._parse_punct  # type: ignore[method-assign]

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


class _Var(_Elem):
    """``$name``: an operand, property, region or successor field."""

    def __init__(self, field, anchor: bool = False):
        self.field = field
        self.anchor = anchor
        if isinstance(field, OperandDef) and field.kind == SINGLE:
            self.parse = self._parse_single_operand  # type: ignore[method-assign]

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


class _TypeOf(_Elem):
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
        key = t if isinstance(t, str) else t.name
        ps.types[key] = ts

    def first_token_check(self, p, ps) -> bool:
        return p.kind in ("bare", "!", "(")


class _FunctionalType(_Elem):
    def __init__(self, ins, outs):
        self.ins = _TypeOf(ins)
        self.outs = _TypeOf(outs)

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
            ps.types[tgt if isinstance(tgt, str) else tgt.name] = list(ts)


class _AttrDict(_Elem):
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


class _PropDict(_Elem):
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


class _Custom(_Elem):
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


class _Optional(_Elem):
    def __init__(self, then: list, els: list, anchor: _Elem | None):
        self.then = then
        self.els = els
        self.anchor = anchor
        self._first: _Elem | None = None  # the element that decides (found on first parse)

    def print(self, op, p, st) -> None:
        present = self.anchor.is_present(op) if self.anchor is not None else True
        for e in self.then if present else self.els:
            e.print(op, p, st)

    def parse(self, p, ps) -> None:
        # Spacing literals (`` `` ``) print nothing and cannot start a group.
        first = self._first
        if first is None:
            first = self._first = next(
                (e for e in self.then if not (isinstance(e, _Lit) and e.text in ("", " "))), self.then[0]
            )
        if first.first_token_check(p, ps):
            for e in self.then:
                e.parse(p, ps)
            if (
                isinstance(self.anchor, _Var)
                and isinstance(self.anchor.field, PropDef)
                and self.anchor.field.constraint.description == "unit attribute"
            ):
                ps.props[self.anchor.field.attr_name] = A.UNIT
        else:
            for e in self.els:
                e.parse(p, ps)


class _St:
    __slots__ = ("space", "punct")

    def __init__(self) -> None:
        self.space = True
        self.punct = False


class _PState:
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


# -- attributes inside formats -----------------------------------------------------


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


# -- compilation ---------------------------------------------------------------


class CompiledFormat:
    def __init__(self, op_class, elems: list):
        self.op_class = op_class
        self.elems = elems
        self.in_format: set[str] = set()
        self.has_prop_dict = False
        self.region_vars: set[str] = set()  # region fields named as `$var`
        self.prop_defaults = {d.attr_name: d.default for d in op_class._fields["prop"] if d.default is not None}
        self._plan: tuple | None = None  # see _parse_plan

    def can_print(self, op) -> bool:
        return True

    def print(self, op, p) -> None:
        st = _St()
        for e in self.elems:
            e.print(op, p, st)

    def _parse_plan(self) -> tuple:
        """What ``parse`` needs of the op class beyond the elements, worked
        out once (on first use: classes are complete by then)."""
        plan = self._plan
        if plan is None:
            cls = self.op_class
            fields = cls._fields
            plan = self._plan = (
                getattr(cls, "infer_types", None),
                _type_rule_plan(cls),
                tuple((d.name, getattr(d.constraint, "buildable", None)) for d in fields["operand"]),
                tuple((d.name, getattr(d.constraint, "buildable", None), d.kind == SINGLE) for d in fields["result"]),
                cls.uses_segments("operand"),
                cls.uses_segments("result"),
                getattr(cls, "implicit_terminator", None),
            )
        return plan

    def parse(self, p, state) -> None:
        cls = self.op_class
        ps = _PState(cls)
        ps.pos = state.pos
        for e in self.elems:
            e.parse(p, ps)
        infer, type_rules, operand_plan, result_plan, operand_segments, result_segments, imp = self._parse_plan()
        if ps.attrs:
            state.attributes.update(ps.attrs)
        if ps.props:
            state.properties.update(ps.props)
        fields = cls._fields
        _apply_type_rules(cls, ps, type_rules)
        if infer is not None:
            infer(p, ps, state)
            _apply_type_rules(cls, ps, type_rules)
        # Operands.
        all_ops: list = []
        seg: list[int] = []
        if "operands" in ps.types:
            refs = []
            for d in fields["operand"]:
                refs.extend(ps.operands.get(d.name, []))
            state.operands = p.resolve_operands(refs, ps.types["operands"], state.pos)
            for d in fields["operand"]:
                seg.append(len(ps.operands.get(d.name, [])))
        else:
            for name, bt in operand_plan:
                refs = ps.operands.get(name, [])
                ts = ps.types.get(name)
                if ts is None and bt is not None:
                    ts = [bt] * len(refs)  # like upstream: resolve to the buildable type
                if ts is None:
                    if refs:
                        vs = [p.lookup_value(r) for r in refs]
                        if any(v is None for v in vs):
                            p.error(f"could not infer the type of operand '{name}'", refs[0][2])
                        ts = [v.type for v in vs]  # type: ignore[union-attr]
                    else:
                        ts = []
                if len(ts) != len(refs):
                    p.error(f"{len(refs)} operands present, but expected {len(ts)}", refs[0][2] if refs else None)
                for r, t in zip(refs, ts):
                    all_ops.append(p.resolve_operand(r, t))
                seg.append(len(refs))
            state.operands = all_ops
        if operand_segments:
            state.properties["operandSegmentSizes"] = segment_sizes_attr(seg)
        # Results.
        if "results" in ps.types:
            state.result_types = list(ps.types["results"])
        else:
            rts: list[T.Type] = []
            rseg: list[int] = []
            for name, bt, single in result_plan:
                ts = ps.types.get(name)
                if ts is None and bt is not None and single:
                    ts = [bt]
                if ts is None:
                    if single:
                        p.error(f"could not infer the type of result '{name}'")
                    ts = []
                rts.extend(ts)
                rseg.append(len(ts))
            state.result_types = rts
            if result_segments:
                state.properties["resultSegmentSizes"] = segment_sizes_attr(rseg)
        if ps.regions:
            for d in fields["region"]:
                state.regions.extend(ps.regions.get(d.name, []))
        if imp:
            # Only regions the format names directly (`$region`), not those
            # a custom directive parses, get the implicit terminator.
            loc = p.loc_at(ps.pos if ps.pos is not None else p.start)
            for d in fields["region"]:
                if d.name in self.region_vars:
                    for r in ps.regions.get(d.name, []):
                        _ensure_terminator(r, imp, loc)
        if ps.successors:
            for d in fields["successor"]:
                state.successors.extend(ps.successors.get(d.name, []))


def _ensure_terminator(region, name: str, loc) -> None:

    if not region.blocks:
        region.add_block()
    b = region.blocks[-1]
    if not b.operations or b.operations[-1].name != name:
        if b.operations and "IsTerminator" in b.operations[-1].traits:
            return
        b.append(Operation.create(name, loc=loc))


def _type_rule_plan(cls) -> tuple:
    """The groups of fields that share one type (traits and ``type_matches``),
    and for SameOperandsAndResultType the single fields and the variadic
    operands that take the common type (else None)."""
    groups = list(getattr(cls, "type_matches", ()))
    f = cls._fields
    names = [d.name for d in f["operand"] if d.kind == SINGLE] + [d.name for d in f["result"] if d.kind == SINGLE]
    same_all = None
    if "SameOperandsAndResultType" in cls.traits:
        groups.append(tuple(names))
        same_all = (tuple(names), tuple(d.name for d in f["operand"] if d.kind != SINGLE))
    if "SameTypeOperands" in cls.traits:
        groups.append(tuple(d.name for d in f["operand"] if d.kind == SINGLE))
    return tuple(groups), same_all


def _apply_type_rules(cls, ps: _PState, plan: tuple | None = None) -> None:
    """Fill in types implied by traits and ``type_matches`` groups."""
    groups, same_all = plan if plan is not None else _type_rule_plan(cls)
    types = ps.types
    for g in groups:
        known = next((types[n][0] for n in g if types.get(n)), None)
        if known is None:
            continue
        for n in g:
            if n not in types:
                types[n] = [known]
    if same_all is not None:
        # Variadic operands take the common type too.
        names, variadic = same_all
        known = next((types[n][0] for n in names if types.get(n)), None)
        if known is not None:
            for n in variadic:
                if n not in types:
                    types[n] = [known] * len(ps.operands.get(n, []))


def compile_format(op_class, fmt: str) -> CompiledFormat:
    toks = [m.group(1) for m in _TOKEN.finditer(fmt)]
    if "".join(toks).replace(" ", "") != re.sub(r"\s+", "", fmt):
        raise FormatError(f"{op_class.OP_NAME}: cannot tokenize format {fmt!r}")
    cf = CompiledFormat(op_class, [])
    fields = {}
    for g in ("operand", "result", "prop", "region", "successor"):
        for d in op_class._fields[g]:
            fields[d.name] = d
            fields[d.attr_name] = d
    pos = 0

    def field(tok: str):
        d = fields.get(tok[1:])
        if d is None:
            raise FormatError(f"{op_class.OP_NAME}: unknown variable {tok}")
        return d

    def target(tok: str):
        if tok in ("operands", "results"):
            return tok
        return field(tok)

    def parse_elems(stop: set[str]) -> tuple[list, _Elem | None]:
        nonlocal pos
        out: list = []
        anchor = None
        while pos < len(toks) and toks[pos] not in stop:
            t = toks[pos]
            pos += 1
            e: _Elem
            if t.startswith("`"):
                e = _Lit(t[1:-1])
            elif t.startswith("$"):
                d = field(t)
                e = _Var(d)
                if isinstance(d, PropDef):
                    cf.in_format.add(d.attr_name)
                elif isinstance(d, RegionDef):
                    cf.region_vars.add(d.name)
            elif t == "attr-dict":
                e = _AttrDict(False, cf)
            elif t == "attr-dict-with-keyword":
                e = _AttrDict(True, cf)
            elif t == "prop-dict":
                e = _PropDict(cf)
                cf.has_prop_dict = True
            elif t in ("type", "qualified"):
                assert toks[pos] == "("
                pos += 1
                if t == "qualified" and toks[pos] == "type":
                    pos += 2
                    e = _TypeOf(target(toks[pos]))
                    pos += 2
                elif t == "qualified":
                    d = field(toks[pos])
                    e = _Var(d)
                    if isinstance(d, PropDef):
                        cf.in_format.add(d.attr_name)
                    pos += 1
                else:
                    e = _TypeOf(target(toks[pos]))
                    pos += 1
                assert toks[pos] == ")", fmt
                pos += 1
            elif t == "functional-type":
                assert toks[pos] == "("
                a = target(toks[pos + 1])
                assert toks[pos + 2] == ","
                b = target(toks[pos + 3])
                assert toks[pos + 4] == ")"
                pos += 5
                e = _FunctionalType(a, b)
            elif t == "custom":
                name = toks[pos][1:-1]
                pos += 1
                args: list = []
                assert toks[pos] == "("
                pos += 1
                depth = 0
                cur = ""
                while True:
                    tk = toks[pos]
                    pos += 1
                    if tk == "(":
                        depth += 1
                    elif tk == ")":
                        if depth == 0:
                            break
                        depth -= 1
                    if tk == "," and depth == 0:
                        args.append(cur)
                        cur = ""
                        continue
                    cur += tk
                if cur:
                    args.append(cur)
                for a in args:
                    for m in re.finditer(r"\$(\w+)", a):
                        d = fields.get(m.group(1))
                        if isinstance(d, PropDef):
                            cf.in_format.add(d.attr_name)
                e = _Custom(name, args)
            elif t == "(":
                then, anc = parse_elems({")"})
                pos += 1  # ')'
                els: list = []
                if pos < len(toks) and toks[pos] == ":":
                    pos += 1
                    assert toks[pos] == "("
                    pos += 1
                    els, _ = parse_elems({")"})
                    pos += 1
                assert toks[pos] == "?", fmt
                pos += 1
                e = _Optional(then, els, anc)
            elif t == "^":
                anchor = out[-1]
                continue
            elif t in ("operands", "results", "regions", "successors"):
                raise FormatError(f"{op_class.OP_NAME}: directive {t} outside type() not supported")
            else:
                raise FormatError(f"{op_class.OP_NAME}: unexpected token {t!r} in format")
            out.append(e)
        return out, anchor

    cf.elems, _ = parse_elems(set())
    return cf


def enum_attr(description: str, cases: dict[int, str], buildable_type: T.Type = T.i64):
    """An integer-valued enum attribute printed as a keyword in formats."""

    c = AttrConstraint(description, lambda a: isinstance(a, A.IntegerAttr) and a.value in cases)
    object.__setattr__(c, "enum_cases", dict(cases))
    object.__setattr__(c, "buildable_type", buildable_type)
    return c


def typed_attr(constraint, t: T.Type):
    """``constraint`` whose literal is parsed and printed without a type."""

    c = replace(constraint)
    object.__setattr__(c, "buildable_type", t)
    return c


def custom_attr(constraint, parse, print_, can_start=None):
    """``constraint`` whose attribute has its own short form in formats (e.g.
    ``<fast>`` for ``#arith.fastmath<fast>``): ``parse(p, ps)`` returns the
    attribute, ``print_(a, p)`` its text (None: print it in full), and
    ``can_start(p)`` whether an optional group anchored on it starts here."""

    c = replace(constraint)
    object.__setattr__(c, "format_parse", parse)
    object.__setattr__(c, "format_print", print_)
    if can_start is not None:
        object.__setattr__(c, "format_can_start", can_start)
    return c
