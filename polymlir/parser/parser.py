"""The operation-level parser: generic op form, regions, blocks, SSA names,
aliases, resources, and dispatch to the custom parsers of registered ops.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import Block, BlockArgument, Operation, Region, Value, gc_paused
from ..ir.diagnostics import DiagnosticError, register_source
from ..ir.opdef import OpDef
from ..ir.registry import (  # _OPS: the hot lookup of every parsed op
    _OPS,
    allows_unknown_ops,
    ensure_dialects_loaded,
    is_registered_dialect,
    lookup_op,
)
from ..ir.resources import module_resources
from .definitions import DefinitionParser

UnresolvedOperand = tuple  # (name, result number, source offset)

# Resolvers tried for a custom op name no dialect defines (e.g. the legacy
# spellings): fn(parser, name) -> op class or None.
CUSTOM_OP_FALLBACKS: list[Callable] = []
# Resolvers tried first, for names whose legacy syntax differs from today's
# op of the same (or default-dialect) name, e.g. `constant` or the 2020
# `linalg.generic #trait %A, %B {...}`: name -> fn(parser, name) -> op class
# or None (None: resolve the name as usual). The parser is at the op name.
CUSTOM_OP_OVERRIDES: dict[str, Callable] = {}
# The same for generic-form names with a legacy meaning (the 2019
# `"cond_br"(%c)[^bb1, ^bb2(%v : index)]`): name -> fn(parser, name, name_pos,
# num_results) -> Operation, or None to parse the op as usual. The parser is
# after the name string.
GENERIC_OP_OVERRIDES: dict[str, Callable] = {}


_CUSTOM_FORM: dict[type, bool] = {}


def _has_custom_form(cls) -> bool:
    """``cls.has_custom_form()``, asked once per class (it is fixed when the
    class is defined)."""
    v = _CUSTOM_FORM.get(cls)
    if v is None:
        v = _CUSTOM_FORM[cls] = cls.has_custom_form()
    return v


class LegacySyntaxWarning(UserWarning):
    """A legacy (2019-2020) spelling upgraded by ``polymlir.parse``; the text
    is the rendered located warning, ``diagnostic`` the ``Diagnostic``."""

    def __init__(self, diagnostic) -> None:
        super().__init__(diagnostic.render())
        self.diagnostic = diagnostic


class OpState:
    """What a custom parser gathers to build an operation."""

    __slots__ = (
        "name",
        "operands",
        "result_types",
        "attributes",
        "properties",
        "successors",
        "regions",
        "num_results",
        "pos",
        "op_class",
    )

    def __init__(self, name: str, num_results: int, pos: int, op_class=None):
        self.name = name
        self.operands: list[Value] = []
        self.result_types: list[T.Type] = []
        self.attributes: dict[str, A.Attribute] = {}
        self.properties: dict[str, A.Attribute] = {}
        self.successors: list[Block] = []
        self.regions: list[Region] = []
        self.num_results = num_results
        self.pos = pos
        self.op_class = op_class


class _ForwardRef(Value):
    __slots__ = ("ref_name", "pos")

    def __init__(self, type: T.Type, name: str, pos: int):
        Value.__init__(self, type)
        self.ref_name = name
        self.pos = pos


class _IsoScope:
    __slots__ = ("values", "fwd", "region_defs", "def_pos")

    def __init__(self) -> None:
        self.values: dict[str, list[Value]] = {}
        self.fwd: dict[tuple[str, int], _ForwardRef] = {}
        self.region_defs: list[list[str]] = []
        self.def_pos: dict[str, int] = {}  # where each name was defined (for notes)


class _DeferredLoc(A.Location):
    """A ``loc(#alias)`` whose alias is defined later in the file."""

    __slots__ = ("alias", "pos")

    def __init__(self, alias: str, pos: int):
        self.alias = alias
        self.pos = pos

    def body(self, p) -> str:
        return "#" + self.alias

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, o: object) -> bool:
        return self is o


class Parser(DefinitionParser):
    """Parses one buffer of MLIR into a module operation."""

    def __init__(self, src: str, filename: str = "<stdin>", allow_unregistered: bool = False, line_offset: int = 0):
        ensure_dialects_loaded()
        super().__init__(src, filename)
        self.allow_unregistered = allow_unregistered
        self.iso: list[_IsoScope] = []
        self.block_scopes: list[dict[str, list]] = []
        self.default_dialects: list[str] = ["builtin"]
        self.deferred_locs: list = []  # ops and block arguments with a _DeferredLoc
        self.line_offset = line_offset
        self.source.line_offset = line_offset
        # The block being parsed: a custom parser may append ops to it ahead
        # of the op it builds (legacy spellings that expand to two ops).
        self.cur_block: Block | None = None
        register_source(filename, src)

    # -- top level -----------------------------------------------------------
    def parse_module(self) -> Operation:
        """The whole buffer: aliases, ops and resources; wraps the ops in an
        implicit ``builtin.module`` unless the buffer is a single module."""
        top = Block()
        self.cur_block = top
        self.iso.append(_IsoScope())
        self.iso[-1].region_defs.append([])
        self.block_scopes.append({})
        while self.kind != "eof":
            k = self.kind
            if k == "#" and self._is_alias_def():
                self._parse_attr_alias_def()
            elif k == "!" and self._is_alias_def():
                self._parse_type_alias_def()
            elif k == "{-#":
                self._parse_resources()
            elif k in ("%", "string", "bare"):
                top.append(self.parse_operation())
            elif k == "error":
                self.error_bad_token()
            else:
                self.error("expected operation name in quotes" if k != "}" else "unexpected '}'")
        for _name, (_block, defined, pos) in self.block_scopes[-1].items():
            if not defined:
                self.error("reference to an undefined block", pos)
        self._finish_iso_scope()
        self._resolve_deferred_locs()
        ops = top.operations
        # By name: the parser sits below the dialects and cannot import their classes.
        if len(ops) == 1 and ops[0].name == "builtin.module":
            module = ops[0]
            top.operations.clear()
            module.parent = None
            return module
        module = Operation.create("builtin.module", regions=1, loc=A.FileLineColLoc(self.filename, 0, 0))
        module.regions[0].add_block(top)
        return module

    # -- SSA scopes ----------------------------------------------------------
    def _push_region_scope(self) -> None:
        self.iso[-1].region_defs.append([])
        self.block_scopes.append({})

    def _pop_region_scope(self) -> None:
        scope = self.iso[-1]
        for name in scope.region_defs.pop():
            scope.values.pop(name, None)
        blocks = self.block_scopes.pop()
        for _name, (_block, defined, pos) in blocks.items():
            if not defined:
                self.error("reference to an undefined block", pos)

    def _finish_iso_scope(self) -> None:
        scope = self.iso.pop()
        if scope.fwd:
            ref = min(scope.fwd.values(), key=lambda r: r.pos)
            self.error("use of undeclared SSA value name", ref.pos)

    def define_values(self, name: str, values: Sequence[Value], pos: int) -> None:
        scope = self.iso[-1]
        if name in scope.values:
            self.error(f"redefinition of SSA value '{name}'", pos)
        if scope.fwd:  # only forward references need matching up
            for i, v in enumerate(values):
                ref = scope.fwd.pop((name, i), None)
                if ref is not None:
                    if ref.type != v.type:
                        err = DiagnosticError(
                            f"definition of SSA value '{name}#{i}' has type {v.type}", self.loc_at(pos)
                        )
                        err.attach_note(f"previously used here with type {ref.type}", self.loc_at(ref.pos))
                        raise err
                    ref.replace_all_uses_with(v)
            for (n, i), ref in list(scope.fwd.items()):
                if n == name and i >= len(values):
                    self.error("reference to invalid result number", ref.pos)
        scope.values[name] = list(values)
        scope.def_pos[name] = pos
        scope.region_defs[-1].append(name)

    def parse_operand(self) -> UnresolvedOperand:
        """``%name`` or ``%name#N`` (the type comes later: resolve it)."""
        if self.kind != "%":
            self.error("expected SSA operand")
        pos = self.start
        name = self.src[pos : self.end]
        self.advance()
        num = 0
        if self.kind == "#" and self.start == pos + len(name):
            t = self.src[self.start + 1 : self.end]
            if not t.isdigit():
                self.error("invalid SSA value result number")
            num = int(t)
            self.advance()
        return (name, num, pos)

    def parse_optional_operand(self) -> UnresolvedOperand | None:
        return self.parse_operand() if self.kind == "%" else None

    def parse_operand_list(self, delimiter: str | None = None) -> list[UnresolvedOperand]:
        """Comma-separated operands, optionally inside ``()`` or ``[]``."""
        if delimiter == "(":
            if not self.accept("("):
                self.error("expected '('")
            if self.accept(")"):
                return []
            out = self.parse_comma_list(self.parse_operand)
            self.expect(")", "expected ')' in operand list")
            return out
        if delimiter == "[":
            if not self.accept("["):
                self.error("expected '['")
            if self.accept("]"):
                return []
            out = self.parse_comma_list(self.parse_operand)
            self.expect("]", "expected ']' in operand list")
            return out
        if self.kind != "%":
            return []
        return self.parse_comma_list(self.parse_operand)

    def resolve_operand(self, ref: UnresolvedOperand, type: T.Type) -> Value:
        name, num, pos = ref
        scope = self.iso[-1]
        vals = scope.values.get(name)
        if vals is not None:
            if num >= len(vals):
                self.error("reference to invalid result number", pos)
            v = vals[num]
            if v.type is not type and v.type != type:  # parsed types are mostly shared objects
                err = DiagnosticError(
                    f"use of value '{name}' expects different type than prior uses: '{type}' vs '{v.type}'",
                    self.loc_at(pos),
                )
                err.attach_note("prior use here", self.loc_at(scope.def_pos.get(name, pos)))
                raise err
            return v
        ref_v = scope.fwd.get((name, num))
        if ref_v is None:
            ref_v = _ForwardRef(type, name, pos)
            scope.fwd[(name, num)] = ref_v
        elif ref_v.type != type:
            err = DiagnosticError(
                f"use of value '{name}' expects different type than prior uses: '{type}' vs '{ref_v.type}'",
                self.loc_at(pos),
            )
            err.attach_note("prior use here", self.loc_at(ref_v.pos))
            raise err
        return ref_v

    def resolve_operands(
        self, refs: Sequence[UnresolvedOperand], types: Sequence[T.Type], pos: int | None = None
    ) -> list[Value]:
        if len(refs) != len(types):
            self.error(f"{len(refs)} operands present, but expected {len(types)}", pos)
        return [self.resolve_operand(r, t) for r, t in zip(refs, types, strict=True)]

    def lookup_value(self, ref: UnresolvedOperand) -> Value | None:
        """The already-defined value for ``ref`` (for ops that infer types)."""
        vals = self.iso[-1].values.get(ref[0])
        if vals is None or ref[1] >= len(vals):
            return None
        return vals[ref[1]]

    def resolve_operand_untyped(self, ref: UnresolvedOperand) -> Value:
        v = self.lookup_value(ref)
        if v is None:
            self.error("use of undeclared SSA value name", ref[2])
        return v

    # -- blocks --------------------------------------------------------------
    def _block_ref(self, name: str, pos: int, define: bool) -> Block:
        blocks = self.block_scopes[-1]
        ent = blocks.get(name)
        if ent is None:
            ent = [Block(), False, pos]
            blocks[name] = ent
        if define:
            if ent[1]:
                self.error(f"redefinition of block '{name}'", pos)
            ent[1] = True
        return ent[0]

    def parse_successor(self) -> Block:
        if self.kind != "^":
            self.error("expected block name")
        b = self._block_ref(self.text, self.start, False)
        self.advance()
        return b

    def parse_successors(self) -> list[Block]:
        return self.parse_comma_list(self.parse_successor, "[", "]", allow_empty=False)

    # -- regions -------------------------------------------------------------
    def parse_region(
        self,
        entry_args: Sequence[tuple[UnresolvedOperand, T.Type, A.Location | None]] | None = None,
        isolated: bool = False,
        default_dialect: str | None = None,
    ) -> Region:
        """``{ blocks }``; ``entry_args`` are arguments the op's custom syntax
        already named (e.g. a function's)."""
        region = Region()
        self.expect("{", "expected '{' to begin a region")
        if isolated:
            self.iso.append(_IsoScope())
        self._push_region_scope()
        if default_dialect is not None:
            self.default_dialects.append(default_dialect)
        try:
            if entry_args:
                entry = region.add_block()
                for ref, ty, loc in entry_args:
                    if ref[1] != 0:
                        self.error("invalid block argument name", ref[2])
                    self._check_entry_arg_unused(ref)
                    a = entry.add_argument(ty, loc or self.loc_at(ref[2]))
                    # The source name (``%i`` -> "i") lets scripts pick loops by it.
                    a.name_hint = ref[0][1:]
                    self.define_values(ref[0], [a], ref[2])
                if self.kind == "^":
                    self.error("invalid block name in region with named arguments")
                self._parse_block_body(entry)
            elif self.kind != "}":
                if self.kind == "^":
                    self._parse_labeled_block(region)
                else:
                    entry = region.add_block()
                    self._parse_block_body(entry)
            elif entry_args is not None:
                region.add_block()
            while self.kind == "^":
                self._parse_labeled_block(region)
            self.expect("}", "expected '}' to end a region" if self.kind != "eof" else "expected '}' to end a region")
            self._pop_region_scope()
            if isolated:
                self._finish_iso_scope()
        finally:
            if default_dialect is not None:
                self.default_dialects.pop()
        return region

    def _check_entry_arg_unused(self, ref: UnresolvedOperand) -> None:
        """A named region argument may not reuse a name already defined or
        forward-referenced in scope (e.g. ``affine.for %i = #m(%i)``)."""
        scope = self.iso[-1]
        fwd = scope.fwd.get((ref[0], 0))
        vals = scope.values.get(ref[0])
        if fwd is None and not vals:
            return
        err = DiagnosticError(f"region entry argument '{ref[0]}' is already in use", self.loc_at(ref[2]))
        if fwd is not None:
            err.attach_note("previously referenced here", self.loc_at(fwd.pos))
        else:
            assert vals  # (neither forward-referenced nor defined returned above)
            v = vals[0]
            if isinstance(v, BlockArgument):
                err.attach_note("previously referenced here", v.loc)
            else:
                owner = v.owner_op
                assert owner is not None  # an op result
                err.attach_note("previously referenced here", owner.loc)
        raise err

    def parse_optional_region(self, **kw) -> Region | None:
        return self.parse_region(**kw) if self.kind == "{" else None

    def _parse_labeled_block(self, region: Region) -> None:
        name, pos = self.text, self.start
        block = self._block_ref(name, pos, True)
        if block.parent is not None:
            self.error(f"redefinition of block '{name}'", pos)
        region.add_block(block)
        self.advance()
        if self.accept("("):
            if not self.accept(")"):
                while True:
                    ref = self.parse_operand()
                    self.expect(":", "expected ':' and type for SSA operand")
                    ty = self.parse_type()
                    loc = self.parse_optional_location()
                    a = block.add_argument(ty, loc or self.loc_at(ref[2]))
                    if isinstance(loc, _DeferredLoc):
                        self.deferred_locs.append(a)
                    self.define_values(ref[0], [a], ref[2])
                    if not self.accept(","):
                        break
                self.expect(")", "expected ')' to end argument list")
        self.expect(":", "expected ':' after block name")
        self._parse_block_body(block)

    def _parse_block_body(self, block: Block) -> None:
        append = block.append
        outer = self.cur_block
        self.cur_block = block  # where a custom parser may insert helper ops
        while True:
            k = self.kind
            if k == "^" or k == "}":
                self.cur_block = outer
                return
            if k == "eof":
                self.error("expected '}' to end a region")
            append(self.parse_operation())

    # -- operations ----------------------------------------------------------
    def parse_optional_location(self) -> A.Location | None:
        if self.kind == "bare" and self.src.startswith("loc", self.start) and self.end - self.start == 3:
            self.advance()
            self.expect("(", "expected '(' in inline location")
            if self.kind == "#":
                name = self.src[self.start + 1 : self.end]
                if name not in self.attr_aliases and "." not in name:
                    d = _DeferredLoc(name, self.start)
                    self.advance()
                    self.expect(")", "expected ')' in inline location")
                    return d
            loc = self._loc_body()
            self.expect(")", "expected ')' in inline location")
            return loc
        return None

    def _resolve_deferred_locs(self) -> None:
        for holder in self.deferred_locs:
            d = holder.loc
            a = self.attr_aliases.get(d.alias)
            if a is None:
                self.error(f"undefined symbol alias id '{d.alias}'", d.pos)
            holder.loc = a if isinstance(a, A.Location) else A.OpaqueLoc(a)

    def parse_operation(self) -> Operation:
        op_pos = self.start
        results: list[tuple[str, int, int]] = []
        num_results = 0
        if self.kind == "%":
            while True:
                if self.kind != "%":
                    self.error("expected valid ssa identifier")
                rpos = self.start
                name = self.src[rpos : self.end]
                self.advance()
                count = 1
                if self.kind == ":" and self.start == rpos + len(name):
                    self.advance()
                    if self.kind != "int":
                        self.error("expected integer number of results")
                    count = int(self.text)
                    if count < 1:
                        self.error("expected named operation to have at least 1 result")
                    self.advance()
                results.append((name, count, rpos))
                num_results += count
                if not self.accept(","):
                    break
            self.expect("=", "expected '=' after SSA name")
        name_pos = self.start
        if self.kind == "string":
            op = self._parse_generic(num_results)
        elif self.kind == "bare":
            op = self._parse_custom(num_results)
        else:
            if self.kind == "error":
                self.error_bad_token()
            self.error("expected operation name in quotes")
        loc = self.parse_optional_location() if self.kind == "bare" else None
        if loc is None:
            op.loc = A.OffsetLoc(self.source, op_pos if not results else name_pos)
        else:
            op.loc = loc
            if isinstance(loc, _DeferredLoc):
                self.deferred_locs.append(op)
        if results:
            if not op.results:
                self.error("cannot name an operation with no results", op_pos)
            if num_results != len(op.results):
                self.error(
                    f"operation defines {len(op.results)} results but was provided {num_results} to bind", op_pos
                )
            i = 0
            for name, count, rpos in results:
                self.define_values(name, op.results[i : i + count], rpos)
                if count == 1 and not name[1:].isdigit():
                    # The source name (``%temp2``) lets scripts pick buffers by it.
                    op.results[i].name_hint = name[1:]
                i += count
        return op

    def _check_op_name(self, name: str, pos: int) -> type[OpDef] | None:
        cls = lookup_op(name)
        if cls is not None:
            return cls
        ns = name.split(".", 1)[0] if "." in name else ""
        if ns and allows_unknown_ops(ns):
            return None
        if ns and is_registered_dialect(ns):
            self.error(
                f"unregistered operation '{name}' found in dialect ('{ns}') that does not allow unknown operations", pos
            )
        if not self.allow_unregistered:
            self.error(
                "operation being parsed with an unregistered dialect. If this is intended, please use "
                "-allow-unregistered-dialect with the MLIR tool used",
                pos,
            )
        return None

    def _parse_generic(self, num_results: int) -> Operation:
        name_pos = self.start
        name = self.parse_string()
        if not name:
            self.error("empty operation name is invalid", name_pos)
        override = GENERIC_OP_OVERRIDES.get(name)
        if override is not None:
            op = override(self, name, name_pos, num_results)
            if op is not None:
                return op
        cls = self._check_op_name(name, name_pos)
        self.expect("(", "expected '(' to start operand list")
        refs: list[UnresolvedOperand] = []
        if not self.accept(")"):
            refs = self.parse_comma_list(self.parse_operand)
            self.expect(")", "expected ')' to end operand list")
        successors: list[Block] = []
        if self.kind == "[":
            successors = self.parse_successors()
        props: dict | A.Attribute | None = None
        if self.kind == "<":
            self.advance()
            ppos = self.start
            pa = self.parse_attribute()
            self.expect(">", "expected '>' to close properties")
            props = pa.as_dict() if isinstance(pa, A.DictionaryAttr) else pa
            if cls is not None and not isinstance(props, dict):
                self.error("expected dictionary attribute for properties", ppos)
        regions: list[Region] = []
        if self.kind == "(":
            self.advance()
            # Like upstream, names are not isolated while parsing: the
            # verifier reports values used across an isolation boundary.
            isolated = False
            dd = cls.default_dialect if cls is not None and cls.default_dialect else None
            while True:
                regions.append(self.parse_region(isolated=isolated, default_dialect=dd))
                if not self.accept(","):
                    break
            self.expect(")", "expected ')' to end region list")
        attrs: dict[str, A.Attribute] = {}
        if self.kind == "{":
            attrs = self.parse_attr_dict_body()
        self.expect(":", "expected ':' followed by operation type")
        tpos = self.start
        ftype = self.parse_type()
        if not isinstance(ftype, T.FunctionType):
            self.error("expected function type", tpos)
        if len(ftype.inputs) != len(refs):
            self.error(
                f"expected {len(refs)} operand type{'s' if len(refs) != 1 else ''} but had {len(ftype.inputs)}", tpos
            )
        if num_results and ftype.results and len(ftype.results) != num_results:
            self.error(f"operation defines {len(ftype.results)} results but was provided {num_results} to bind", tpos)
        operands = [self.resolve_operand(r, t) for r, t in zip(refs, ftype.inputs, strict=True)]
        if cls is not None:
            pnames = cls.property_names()
            pd: dict[str, A.Attribute] = dict(props) if isinstance(props, dict) else {}
            for k in list(attrs):
                if k in pnames and k not in pd:
                    pd[k] = attrs.pop(k)
            op = cls.create(
                operands=operands,
                result_types=ftype.results,
                attributes=attrs,
                properties=pd,
                successors=successors,
                regions=regions,
            )
        else:
            op = Operation(name, operands, ftype.results, attrs, props, successors, regions)
        return op

    def _parse_custom(self, num_results: int) -> Operation:
        name_pos = self.start
        name = self.src[name_pos : self.end]
        override = CUSTOM_OP_OVERRIDES.get(name)
        cls = override(self, name) if override is not None else None
        if cls is None:
            cls = _OPS.get(name)
        if cls is None:
            dd = self.default_dialects[-1]
            if dd and "." not in name or (dd and lookup_op(f"{dd}.{name}") is not None):
                cls = lookup_op(f"{dd}.{name}")
        for fallback in CUSTOM_OP_FALLBACKS:
            if cls is not None:
                break
            cls = fallback(self, name)
        if cls is None or not _has_custom_form(cls):
            dd = self.default_dialects[-1]
            tried = f" (tried '{dd}.{name}' as well)" if dd and dd != "builtin" else ""
            if cls is None:
                self.error(f"custom op '{name}' is unknown{tried}", name_pos)
            self.error(f"custom op '{name}' has no custom assembly form", name_pos)
        self.advance()
        state = OpState(cls.OP_NAME, num_results, name_pos, cls)
        # Like upstream, every custom op sets the default dialect of the ops
        # nested in it (none for most).
        self.default_dialects.append(cls.default_dialect)
        try:
            cls.parse(self, state)
        finally:
            self.default_dialects.pop()
        return self.build(state)

    def build(self, state: OpState) -> Operation:
        cls = state.op_class or lookup_op(state.name)
        if cls is None:
            return Operation(
                state.name,
                state.operands,
                state.result_types,
                state.attributes,
                state.properties,
                state.successors,
                state.regions,
            )
        return cls.create(
            operands=state.operands,
            result_types=state.result_types,
            attributes=state.attributes,
            properties=state.properties,
            successors=state.successors,
            regions=state.regions,
        )

    # -- helpers for custom parsers -----------------------------------------
    def parse_optional_attr_dict(self) -> dict[str, A.Attribute]:
        if self.kind == "{":
            return self.parse_attr_dict_body()
        return {}

    def parse_optional_attr_dict_with_keyword(self) -> dict[str, A.Attribute]:
        if self.accept_keyword("attributes"):
            return self.parse_attr_dict_body()
        return {}

    def parse_colon_type(self) -> T.Type:
        self.expect(":", "expected ':'")
        return self.parse_type()

    def parse_colon_type_list(self) -> list[T.Type]:
        self.expect(":", "expected ':'")
        return self.parse_comma_list(self.parse_type)

    def parse_optional_colon_type_list(self) -> list[T.Type]:
        if self.accept(":"):
            return self.parse_comma_list(self.parse_type)
        return []

    def parse_arrow_type_list(self) -> list[T.Type]:
        self.expect("->", "expected '->'")
        return self.parse_function_result_types()

    def parse_argument(self, allow_type: bool = True, allow_attrs: bool = False):
        """``%name : type loc?`` as in block or function arguments."""
        ref = self.parse_operand()
        ty = None
        if allow_type:
            self.expect(":", "expected ':'")
            ty = self.parse_type()
        attrs = self.parse_optional_attr_dict() if allow_attrs else {}
        loc = self.parse_optional_location()
        return ref, ty, attrs, loc


def parse_source(
    text: str,
    filename: str = "<stdin>",
    allow_unregistered: bool = False,
    line_offset: int = 0,
    warnings: list | None = None,
    strict: str | None = None,
) -> Operation:
    """Parse a whole buffer into a (possibly implicit) ``builtin.module``.

    Legacy (2019-2020) spellings are read as today's ops, types and
    attributes; each one adds a located warning ``Diagnostic`` ("'constant'
    is the 2019 spelling of 'arith.constant'") to ``warnings`` when a list is
    given (as it is read, so the warnings before a parse error are kept).
    ``strict`` (the name of the switch, e.g. ``"--strict-syntax"``) makes the
    first legacy spelling a ``DiagnosticError`` instead."""
    p = Parser(text, filename, allow_unregistered, line_offset)
    if warnings is not None:
        p.legacy_warnings = warnings
    p.strict_syntax = strict
    with gc_paused(promote=True):  # the IR is built in one go: see gc_paused
        module = p.parse_module()
    if p.resources:
        module_resources(module).update(p.resources)
    return module


def parse_text(
    text: str, filename: str = "<string>", allow_unregistered: bool = False, strict: bool = False
) -> Operation:
    """``parse_source`` as ``polymlir.parse`` reads text (without verifying):
    each legacy spelling is reported with ``warnings.warn`` as a
    ``LegacySyntaxWarning`` (also when parsing fails later); ``strict=True``
    rejects the first one with a ``DiagnosticError``."""
    legacy: list = []
    try:
        return parse_source(
            text, filename, allow_unregistered, warnings=legacy, strict="strict=True" if strict else None
        )
    finally:
        for d in legacy:
            warnings.warn(LegacySyntaxWarning(d), stacklevel=3)
