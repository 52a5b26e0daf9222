"""The custom syntax shared by function ops (func.func, llvm.func, ...):

    func.func [visibility] @name(%arg0: i32 {attrs} loc(..), ...) -> (res {attrs})
              attributes {...} { body }

External declarations list bare argument types.
"""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Region

# Attributes the syntax prints itself (elided from `attributes {...}`).
FUNCTION_ATTRS = ("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")


def _dicts_or_none(dicts: list[dict]) -> A.ArrayAttr | None:
    if not any(dicts):
        return None
    return A.ArrayAttr(tuple(A.DictionaryAttr.from_dict(d) for d in dicts))


def parse_function_like(
    p,
    state,
    allow_variadic: bool = False,
    extra_keywords: tuple[str, ...] = (),
    visibility_keyword: bool = True,
    after_signature=None,
) -> dict:
    """Parse into ``state``; returns extra syntax facts (``variadic``).

    ``visibility_keyword=False``: no ``private``/``public`` keyword (llvm.func
    keeps ``sym_visibility`` in its attribute dictionary);
    ``after_signature(p, state, facts)`` parses op-specific syntax between
    the signature and ``attributes {...}``."""
    facts: dict = {"variadic": False}
    for kw in extra_keywords:
        if p.accept_keyword(kw):
            facts[kw] = True
    if visibility_keyword and p.kind == "bare" and p.text in ("private", "public", "nested"):
        state.properties["sym_visibility"] = A.StringAttr(p.text)
        p.advance()
    name = p.parse_symbol_name("expected valid '@'-identifier for symbol name")
    state.properties["sym_name"] = A.StringAttr(name)
    p.expect("(", "expected '(' in argument list" if False else "expected '('")
    args: list = []  # (ref or None, type, attrs, loc)
    if not p.accept(")"):
        while True:
            if allow_variadic and p.accept("..."):
                facts["variadic"] = True
                break
            if p.kind == "%":
                ref, ty, attrs, loc = p.parse_argument(allow_attrs=True)
                if args and args[-1][0] is None:
                    p.error("expected type instead of SSA identifier", ref[2])
                args.append((ref, ty, attrs, loc))
            else:
                if args and args[-1][0] is not None:
                    p.error("expected SSA identifier")
                ty = p.parse_type()
                attrs = p.parse_optional_attr_dict()
                loc = p.parse_optional_location()
                args.append((None, ty, attrs, loc))
            if not p.accept(","):
                break
        p.expect(")", "expected ')'")
    results: list = []
    if p.accept("->"):
        if p.kind == "(":
            p.advance()
            if not p.accept(")"):
                while True:
                    ty = p.parse_type()
                    results.append((ty, p.parse_optional_attr_dict()))
                    if not p.accept(","):
                        break
                p.expect(")", "expected ')'")
        else:
            results.append((p.parse_non_function_type(), {}))
    ftype = T.FunctionType(tuple(a[1] for a in args), tuple(r[0] for r in results))
    state.properties["function_type"] = A.TypeAttr(ftype)
    if after_signature is not None:
        after_signature(p, state, facts)
    aa = _dicts_or_none([a[2] for a in args])
    if aa is not None:
        state.properties["arg_attrs"] = aa
    ra = _dicts_or_none([r[1] for r in results])
    if ra is not None:
        state.properties["res_attrs"] = ra
    dict_pos = p.start
    extra = p.parse_optional_attr_dict_with_keyword()
    inferred_attrs = ("sym_name", "function_type") + (("sym_visibility",) if state.name == "func.func" else ())
    for inferred in inferred_attrs:
        if inferred in extra:
            p.error(
                f"custom op '{state.name}' '{inferred}' is an inferred attribute and should not be specified "
                "in the explicit attribute dictionary",
                dict_pos,
            )
    props = state.op_class.property_names() if state.op_class is not None else frozenset()
    for k, v in extra.items():
        if k in props:
            state.properties[k] = v
        else:
            state.attributes[k] = v
    if p.kind == "{":
        if args and args[0][0] is None:
            # Type-only arguments: the body's labeled entry block names them
            # (the function verifier checks that the types agree).
            state.regions.append(p.parse_region(default_dialect=state.op_class.default_dialect or None))
            return facts
        entry = [(a[0], a[1], a[3]) for a in args]
        state.regions.append(p.parse_region(entry_args=entry, default_dialect=state.op_class.default_dialect or None))
    else:
        if args and args[0][0] is not None and False:
            pass
        state.regions.append(Region())
    return facts


def print_function_like(
    op,
    p,
    variadic: bool = False,
    skip: tuple[str, ...] = (),
    prefix_keywords: str = "",
    visibility_keyword: bool = True,
    after_signature=None,
) -> None:
    """Counterpart of ``parse_function_like`` (same options;
    ``after_signature(p)`` prints the op-specific syntax)."""
    props = op.props
    ft: T.FunctionType = props["function_type"].value
    vis = props.get("sym_visibility") if visibility_keyword else None
    if prefix_keywords:
        p.write(prefix_keywords)
    if vis is not None:
        p.write(" " + vis.value)
    p.write(" " + A.SymbolRefAttr(props["sym_name"].value).print(p) + "(")
    arg_attrs = props.get("arg_attrs")
    res_attrs = props.get("res_attrs")
    body = op.regions[0] if op.regions else None
    entry = body.blocks[0] if body is not None and body.blocks else None
    parts = []
    for i, t in enumerate(ft.inputs):
        s = ""
        if entry is not None:
            s = p.value_name(entry.arguments[i]) + ": "
        s += p.type(t)
        if arg_attrs is not None and i < len(arg_attrs) and arg_attrs[i].items:
            s += " " + arg_attrs[i].print(p)
        if entry is not None:
            s += p.loc_suffix(entry.arguments[i].loc)
        parts.append(s)
    if variadic:
        parts.append("...")
    p.write(", ".join(parts) + ")")
    if ft.results:
        p.write(" -> ")
        has_attrs = res_attrs is not None and any(d.items for d in res_attrs)
        if len(ft.results) == 1 and not has_attrs and not isinstance(ft.results[0], T.FunctionType):
            p.write(p.type(ft.results[0]))
        else:
            rs = []
            for i, t in enumerate(ft.results):
                s = p.type(t)
                if res_attrs is not None and i < len(res_attrs) and res_attrs[i].items:
                    s += " " + res_attrs[i].print(p)
                rs.append(s)
            p.write("(" + ", ".join(rs) + ")")
    if after_signature is not None:
        after_signature(p)
    attrs = {
        k: v
        for k, v in props.items()
        if k not in skip and (k not in FUNCTION_ATTRS or (k == "sym_visibility" and not visibility_keyword))
    }
    attrs.update(op.attributes)
    p.print_optional_attr_dict_with_keyword(attrs)
    if entry is not None:
        p.write(" ")
        p.print_region(body, print_entry_args=False, print_terminators=True)
