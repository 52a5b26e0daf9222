"""A small engine for MLIR's declarative assembly format.

Supports literals (`` `kw` ``, `` `(` ``, the empty literal `` `` ``),
variables (``$operand``, ``$prop``, ``$region``, ``$successor``), the
directives ``attr-dict``, ``attr-dict-with-keyword``, ``prop-dict``,
``type(...)``, ``qualified(...)``, ``functional-type(a, b)``, ``operands``,
``results``, ``regions``, ``successors`` and ``custom<Name>(...)``, and
optional groups ``( ... $anchor^ ... )?`` with an optional else group. The
printer follows upstream's spacing rules so output matches ``mlir-opt``. A
format compiles to the elements of ``format_directives``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from . import attributes as A
from . import types as T
from .constraints import AttrConstraint
from .core import Operation
from .fields import (
    SINGLE,
    PropDef,
    RegionDef,
    segment_sizes_attr,
)
from .format_directives import (
    ALL_OPERANDS,
    ALL_RESULTS,
    AttrDict,
    Custom,
    Elem,
    FormatError,
    FunctionalType,
    Lit,
    Optional,
    PropDict,
    PState,
    St,
    TypeOf,
    Var,
)
from .traits import SAME_OPERANDS_AND_RESULT_TYPE, SAME_TYPE_OPERANDS, TERMINATOR

_TOKEN = re.compile(r"\s*(`[^`]*`|\$[A-Za-z_]\w*|[A-Za-z_][\w-]*|<[A-Za-z_]\w*>|[()^?,:])")

ConstraintT = TypeVar("ConstraintT", bound=AttrConstraint)


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
        st = St()
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
        ps = PState(cls)
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
        if ALL_OPERANDS in ps.types:
            refs = []
            for d in fields["operand"]:
                refs.extend(ps.operands.get(d.name, []))
            state.operands = p.resolve_operands(refs, ps.types[ALL_OPERANDS], state.pos)
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
                        ts = [v.type for v in vs]
                    else:
                        ts = []
                if len(ts) != len(refs):
                    p.error(f"{len(refs)} operands present, but expected {len(ts)}", refs[0][2] if refs else None)
                for r, t in zip(refs, ts, strict=True):
                    all_ops.append(p.resolve_operand(r, t))
                seg.append(len(refs))
            state.operands = all_ops
        if operand_segments:
            state.properties["operandSegmentSizes"] = segment_sizes_attr(seg)
        # Results.
        if ALL_RESULTS in ps.types:
            state.result_types = list(ps.types[ALL_RESULTS])
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
        if b.operations and TERMINATOR in b.operations[-1].traits:
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
    if SAME_OPERANDS_AND_RESULT_TYPE in cls.traits:
        groups.append(tuple(names))
        same_all = (tuple(names), tuple(d.name for d in f["operand"] if d.kind != SINGLE))
    if SAME_TYPE_OPERANDS in cls.traits:
        groups.append(tuple(d.name for d in f["operand"] if d.kind == SINGLE))
    return tuple(groups), same_all


def _apply_type_rules(cls, ps: PState, plan: tuple | None = None) -> None:
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

    def parse_elems(stop: set[str]) -> tuple[list, Var | TypeOf | None]:
        nonlocal pos
        out: list = []
        anchor: Var | TypeOf | None = None
        while pos < len(toks) and toks[pos] not in stop:
            t = toks[pos]
            pos += 1
            e: Elem
            if t.startswith("`"):
                e = Lit(t[1:-1])
            elif t.startswith("$"):
                d = field(t)
                e = Var(d)
                if isinstance(d, PropDef):
                    cf.in_format.add(d.attr_name)
                elif isinstance(d, RegionDef):
                    cf.region_vars.add(d.name)
            elif t == "attr-dict":
                e = AttrDict(False, cf)
            elif t == "attr-dict-with-keyword":
                e = AttrDict(True, cf)
            elif t == "prop-dict":
                e = PropDict(cf)
                cf.has_prop_dict = True
            elif t in ("type", "qualified"):
                assert toks[pos] == "("
                pos += 1
                if t == "qualified" and toks[pos] == "type":
                    pos += 2
                    e = TypeOf(target(toks[pos]))
                    pos += 2
                elif t == "qualified":
                    d = field(toks[pos])
                    e = Var(d)
                    if isinstance(d, PropDef):
                        cf.in_format.add(d.attr_name)
                    pos += 1
                else:
                    e = TypeOf(target(toks[pos]))
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
                e = FunctionalType(a, b)
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
                e = Custom(name, args)
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
                e = Optional(then, els, anc)
            elif t == "^":
                if not isinstance(out[-1], (Var, TypeOf)):
                    raise FormatError(f"{op_class.OP_NAME}: only a variable or type() can anchor an optional group")
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


def custom_attr(
    constraint: ConstraintT,
    parse: Callable[[Any, Any], A.Attribute],
    print_: Callable[[A.Attribute, Any], str | None],
    can_start: Callable[[Any], bool] | None = None,
) -> ConstraintT:
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
