"""Legacy (2020) syntax of linalg ops, read as today's ops.

``linalg.generic`` took its operands after a trait attribute and counted
inputs and outputs in it (``args_in``/``args_out``), with the operand types
after the region::

    #trait = {args_in = 1, args_out = 1, indexing_maps = [...], iterator_types = ["parallel"]}
    linalg.generic #trait %A, %B { ^bb0(%a: f32, %b: f32): ... } : memref<?xf32>, memref<?xf32>

which is today's ``linalg.generic {indexing_maps = [...], iterator_types =
["parallel"]} ins(%A : memref<?xf32>) outs(%B : memref<?xf32>) {...}``.
Named ops took their output tensors in ``init(...)``, today's ``outs(...)``.
"""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import types as T
from ...ir.diagnostics import DiagnosticError
from ...ir.registry import registered_op
from ...parser.parser import CUSTOM_OP_OVERRIDES, OpState, Parser
from ..linalg import structured as L
from .ops import LegacyOp

_DROPPED_TRAIT_KEYS = ("args_in", "args_out")


def _is_legacy_generic(p: Parser, name: str) -> bool:
    """``linalg.generic #trait %...`` or ``linalg.generic {...} %...``."""
    start = p.start
    try:
        p.advance()
        if p.kind == "#":
            end = p.end
        elif p.kind == "{":
            end = p.balanced_body(p.start)
        else:
            return False
        return p.lexer.lex(end)[0] == "%"
    except DiagnosticError:
        return False
    finally:
        p.reset(start)


class LegacyGeneric(LegacyOp):
    """The 2020 ``linalg.generic #trait %ins..., %outs... {region} : types``."""

    OP_NAME = "linalg.generic"

    @classmethod
    def parse(cls, p: Parser, state: OpState) -> None:
        cls.become(state, "linalg.generic")
        p.legacy_spelling(
            state.pos,
            "linalg.generic #trait %operands {...} : types",
            "linalg.generic {...} ins(... : types) outs(... : types) {...}",
            2020,
        )
        pos = p.start
        trait = p.parse_attribute()
        if not isinstance(trait, A.DictionaryAttr):
            p.error("custom op 'linalg.generic' expected a trait dictionary attribute", pos)
        attrs = trait.as_dict()
        n_in, n_out = attrs.get("args_in"), attrs.get("args_out")
        if not isinstance(n_in, A.IntegerAttr) or not isinstance(n_out, A.IntegerAttr):
            p.error("custom op 'linalg.generic' expected integer 'args_in' and 'args_out' in the trait", pos)
        its = attrs.get("iterator_types")
        if not isinstance(its, A.ArrayAttr):
            p.error("custom op 'linalg.generic' expected \"iterator_types\" array attribute", pos)
        kinds = []
        for a in its:
            k = L.iterator_kind(a)
            if k is None:
                p.error(f"custom op 'linalg.generic' unexpected iterator_type ({a})", pos)
            kinds.append(k)
        attrs["iterator_types"] = L.iterator_array(kinds)
        for k in _DROPPED_TRAIT_KEYS:
            attrs.pop(k)
        ops_pos = p.start
        refs = p.parse_operand_list()
        L.add_attributes(state, attrs)
        state.regions.append(p.parse_region())
        L.add_attributes(state, p.parse_optional_attr_dict())
        types = p.parse_colon_type_list()
        state.result_types = L.parse_result_types(p)
        if state.result_types:
            p.error(
                "custom op 'linalg.generic' a legacy generic with tensor results has no init operands: "
                "write today's form with outs(...)",
                pos,
            )
        if len(refs) != n_in.value + n_out.value:
            p.error(
                f"custom op 'linalg.generic' expected {n_in.value + n_out.value} operands "
                f"(args_in + args_out), got {len(refs)}",
                ops_pos,
            )
        state.operands = p.resolve_operands(refs, types, ops_pos)
        state.properties["operandSegmentSizes"] = A.DenseArrayAttr(T.i32, (n_in.value, n_out.value))


def _resolve_generic(p: Parser, name: str) -> type | None:
    return LegacyGeneric if _is_legacy_generic(p, name) else None


# -- named ops with init(...) ----------------------------------------------------------


def _uses_init(p: Parser) -> bool:
    """Whether a named op reads ``... ins(...) init(...)`` (the 2020 output
    tensors, today's ``outs``)."""
    start = p.start
    try:
        p.advance()
        if p.kind == "{":
            p.reset(p.balanced_body(p.start))
        for kw in ("ins", "outs"):
            if p.peek_keyword(kw):
                p.advance()
                if p.kind != "(":
                    return False
                p.reset(p.balanced_body(p.start))
        return p.peek_keyword("init")
    except DiagnosticError:
        return False
    finally:
        p.reset(start)


def _named_with_init(name: str):
    class LegacyInit(LegacyOp):
        OP_NAME = name

        @classmethod
        def parse(cls, p: Parser, state: OpState) -> None:
            cls.become(state, name)
            plain = p.accept_keyword

            def accept_keyword(kw: str) -> bool:
                # `init(...)` is read where today's syntax has `outs(...)`.
                if kw == "outs" and p.peek_keyword("init"):
                    p.legacy_spelling(p.start, "init", "outs", 2020)
                    p.advance()
                    return True
                return plain(kw)

            p.accept_keyword = accept_keyword  # type: ignore[method-assign]  # the 2019 `init` keyword, for this op only
            try:
                registered_op(name).parse(p, state)
            finally:
                del p.accept_keyword

    LegacyInit.__name__ = LegacyInit.__qualname__ = f"LegacyInit_{name[7:]}"

    def resolve(p: Parser, _name: str) -> type | None:
        # Only a buffer with `init(` can hold the old syntax.
        legacy = p.__dict__.get("_legacy_linalg_init")
        if legacy is None:
            legacy = p.__dict__["_legacy_linalg_init"] = "init(" in p.src
        return LegacyInit if legacy and _uses_init(p) else None

    return resolve


CUSTOM_OP_OVERRIDES["linalg.generic"] = _resolve_generic
# The named ops of 2020 (the others came later, with outs(...)).
for _n in (
    "matmul",
    "batch_matmul",
    "matvec",
    "vecmat",
    "dot",
    "batch_matvec",
    "conv_1d",
    "conv_2d",
    "conv_3d",
    "fill",
    "copy",
):
    CUSTOM_OP_OVERRIDES[f"linalg.{_n}"] = _named_with_init(f"linalg.{_n}")
