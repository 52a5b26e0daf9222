"""Prints IR in MLIR's textual form: generic or custom op forms, SSA values
and blocks named as upstream names them (``%c0``, ``%alloc``, ``%arg0``,
``%0``: the ops' ``asm_result_names`` in the custom form, numbers
otherwise), attribute aliases (``#map``, ``#set``, ...), optional debug
locations, and the resource sections the IR refers to; ``polymlir opt``
prints byte for byte what ``mlir-opt`` prints
(``experiments/print_identity.py`` measures it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .ir import attributes as A
from .ir import types as T
from .ir.core import Block, Operation, Region, Value
from .ir.resources import module_resources
from .ir.traits import TERMINATOR

# Attribute classes printed through an alias, with the alias stem.
ALIAS_STEMS: dict[type, str] = {
    A.AffineMapAttr: "map",
    A.IntegerSetAttr: "set",
    A.DistinctAttr: "distinct",
}

# Attributes of dialects polymlir keeps verbatim (OpaqueAttr) that upstream
# prints through an alias named after their mnemonic: dialect -> mnemonics.
# Filled by the dialects (see ``register_opaque_aliases``).
OPAQUE_ALIAS_MNEMONICS: dict[str, frozenset[str]] = {}
_OPAQUE_HEAD = re.compile(r"#?([A-Za-z_][\w$]*)\.([A-Za-z_][\w$]*)<")


def register_opaque_aliases(dialect: str, mnemonics: frozenset[str]) -> None:
    """Print ``#dialect.mnemonic<...>`` attributes kept verbatim through an
    alias ``#mnemonic``, as upstream's OpAsmDialectInterface::getAlias does."""
    OPAQUE_ALIAS_MNEMONICS[dialect] = OPAQUE_ALIAS_MNEMONICS.get(dialect, frozenset()) | mnemonics


def _opaque_alias_stem(text: str, at: int = 0) -> str | None:
    """The alias stem of the opaque attribute whose text starts at ``at``."""
    m = _OPAQUE_HEAD.match(text, at)
    if m is None:
        return None
    return m.group(2) if m.group(2) in OPAQUE_ALIAS_MNEMONICS.get(m.group(1), ()) else None


def _balanced_end(text: str, start: int) -> int:
    """The index just past the ``>`` closing the ``<`` at ``start`` (strings
    skipped; ``->`` is no bracket); -1 when unbalanced."""
    depth, i = 0, start
    while i < len(text):
        c = text[i]
        if c == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "<":
            depth += 1
        elif c == ">" and text[i - 1] != "-":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


class AsmPrinter:
    """One printing session over an operation tree."""

    def __init__(
        self,
        generic: bool = False,
        debuginfo: bool = False,
        use_aliases: bool = True,
        local_scope: bool = False,
        source_names: bool = False,
    ):
        self.generic = generic
        self.source_names = source_names
        # Under ``source_names``: the names block arguments take from their
        # source (``name_hint``), which no other value may take.
        self._reserved: set[str] = set()
        self.debuginfo = debuginfo
        self.use_aliases = use_aliases and not local_scope
        self.out: list[str] = []
        self.indent = ""
        self.names: dict[Value, str] = {}
        self.block_names: dict[Block, str] = {}
        # Keyed by id(); the entry keeps its object alive so that a temporary
        # attribute built while printing cannot hand its id to another one.
        self._attr_cache: dict[int, tuple[A.Attribute, str]] = {}
        self._type_cache: dict[int, tuple[T.Type, str]] = {}
        self.aliases: dict[A.Attribute, str] = {}
        self._alias_defs: list[tuple[str, str]] = []
        self._alias_depth: dict[str, int] = {}  # alias -> how deep it nests others
        self._alias_counts: dict[str, int] = {}
        # (default dialect, op name) -> the name as printed there
        self._short_names: dict[tuple[str, str], str] = {}
        # Names in use in the regions being numbered (a scoped set: the log
        # says what to drop when a region is left), the conflict counter, and
        # the ``%a, %b:2`` result lists of ops with several result groups.
        self._used: set[str] = set()
        self._used_log: list[str] = []
        self._next_conflict = 0
        self._next_arg = 0
        self._result_headers: dict[Operation, str] = {}
        # Handles of the dialect resources printed (`dense_resource<handle>`),
        # in order: only those get into the resource section.
        self.resource_refs: dict[str, None] = {}

    # -- names ---------------------------------------------------------------
    # As upstream's SSANameState: entry block arguments are %arg<N>, other
    # values %<N>, unless the op names them (``asm_result_names``,
    # ``asm_block_arg_names``: OpAsmOpInterface). A region starts from the
    # counters its parent region reached and sees the names used by the
    # regions enclosing it, not those of its siblings; a name already in use
    # gets ``_<k>`` from a counter shared like the others.
    def number_region(self, region: Region, next_val: int, next_arg: int, next_conflict: int = 0) -> None:
        names, bnames = self.names, self.block_names
        used, log = self._used, self._used_log
        mark = len(log)
        self._next_conflict = next_conflict
        self._next_arg = next_arg
        hooks = not self.generic
        named_args = False
        if hooks:
            parent = region.parent
            if parent is not None and parent.registered and parent._asm_arg_names and region.blocks:
                for a, n in zip(region.blocks[0].arguments, parent.asm_block_arg_names(region) or (), strict=False):
                    if n is not None:
                        names[a] = "%" + self._unique(n) if n else f"%{next_val}"
                        next_val += not n
                        named_args = True
        for bi, block in enumerate(region.blocks):
            bnames[block] = f"^bb{bi}"
            if bi == 0:
                # `%arg<N>`: in use while N < self._next_arg (see _in_use),
                # so not entered in `used` one by one.
                for a in block.arguments:
                    if named_args and a in names:
                        continue
                    source = a.name_hint if self.source_names else None
                    if source:
                        names[a] = "%" + self._unique(source, hinted=True)
                        continue
                    n = f"arg{next_arg}"
                    next_arg += 1
                    names[a] = "%" + (self._unique(n) if n in used or n in self._reserved else n)
                self._next_arg = next_arg
            else:  # upstream numbers non-entry block arguments like values
                for a in block.arguments:
                    names[a] = f"%{next_val}"
                    next_val += 1
            for op in block.operations:
                res = op.results
                if res:
                    if hooks and op.registered and op._asm_names:
                        hint = op.asm_result_names()
                        if hint:
                            if len(res) == 1 and hint[0]:
                                names[res[0]] = "%" + self._unique(hint[0])
                            else:
                                next_val = self._name_results(op, res, hint, next_val)
                            continue
                    name = f"%{next_val}"
                    next_val += 1
                    if len(res) == 1:
                        names[res[0]] = name
                    else:
                        for i, r in enumerate(res):
                            names[r] = f"{name}#{i}"
        next_conflict = self._next_conflict
        for block in region.blocks:
            for op in block.operations:
                for nested in op.regions:
                    self.number_region(nested, next_val, next_arg, next_conflict)
        # Leave the region's scope: its names are free again for its siblings.
        if len(log) > mark:
            for n in log[mark:]:
                used.discard(n)
            del log[mark:]

    def _in_use(self, name: str) -> bool:
        """Whether ``name`` is taken in the current scope: by a name given
        there, or as the ``arg<N>`` of an entry block argument."""
        if name in self._used:
            return True
        if name.startswith("arg"):
            k = name[3:]
            return k.isdigit() and k.isascii() and (k == "0" or k[0] != "0") and int(k) < self._next_arg
        return False

    def _unique(self, name: str, hinted: bool = False) -> str:
        """``name`` (sanitized), or ``name_<k>`` if in use (upstream's
        uniqueValueName); recorded as used in the current scope. Only the
        ``hinted`` block argument whose source name it is may take a reserved name."""
        name = _SANITIZED.get(name) or sanitize_identifier(name)
        reserved = self._reserved
        if self._in_use(name) or (not hinted and name in reserved):
            k = self._next_conflict
            while True:
                probe = f"{name}_{k}"
                k += 1
                if not self._in_use(probe) and probe not in reserved:
                    break
            self._next_conflict = k
            name = probe
        self._used.add(name)
        self._used_log.append(name)
        return name

    def _name_results(self, op: Operation, res: Sequence[Value], hint: Sequence[str | None], next_val: int) -> int:
        """Names for the results of ``op`` from its ``asm_result_names``:
        a string starts a result group (named, or numbered when empty),
        None continues the previous group; the first result always starts
        one. Returns the next value number."""
        names = self.names
        heads: list[tuple[int, str]] = []
        for i in range(len(res)):
            n = hint[i] if i < len(hint) else None
            if n is None and i:
                continue
            if n:
                heads.append((i, "%" + self._unique(n)))
            else:
                heads.append((i, f"%{next_val}"))
                next_val += 1
        if len(res) == 1:
            names[res[0]] = heads[0][1]
            return next_val
        ends = [h[0] for h in heads[1:]] + [len(res)]
        header = []
        for (start, head), end in zip(heads, ends, strict=True):
            if end - start == 1:
                names[res[start]] = head
                header.append(head)
            else:
                for i in range(start, end):
                    names[res[i]] = f"{head}#{i - start}"
                header.append(f"{head}:{end - start}")
        if len(heads) > 1:
            self._result_headers[op] = ", ".join(header)
        return next_val

    def number_op(self, op: Operation) -> None:
        """Name the values of ``op`` and of everything nested in it. As
        upstream, the regions of ``op`` number from zero whatever ``op``'s
        own results take."""
        res = op.results
        if res:
            hint = op.asm_result_names() if op.registered and op._asm_names and not self.generic else None
            if hint:
                self._name_results(op, res, hint, 0)
            elif len(res) == 1:
                self.names[res[0]] = "%0"
            else:
                for i, r in enumerate(res):
                    self.names[r] = f"%0#{i}"
        for region in op.regions:
            self.number_region(region, 0, 0, 0)

    def value_name(self, v: Value) -> str:
        n = self.names.get(v)
        if n is None:
            n = "<<UNKNOWN SSA VALUE>>"
        return n

    # -- entities ------------------------------------------------------------
    def type(self, t: T.Type) -> str:
        hit = self._type_cache.get(id(t))
        if hit is not None:
            return hit[1]
        s = t.print(self)
        self._type_cache[id(t)] = (t, s)
        return s

    def attr(self, a: A.Attribute) -> str:
        key = id(a)
        hit = self._attr_cache.get(key)
        s = hit[1] if hit is not None else None
        if s is None:
            stem = ALIAS_STEMS.get(type(a)) if self.use_aliases else None
            if stem is not None:
                s = self.aliases.get(a)
                if s is None:
                    k = self._alias_counts.get(stem, 0)
                    self._alias_counts[stem] = k + 1
                    s = f"#{stem}{k if k else ''}"
                    self.aliases[a] = s
                    self._alias_defs.append((s, a.print(self)))
            elif self.use_aliases and isinstance(a, A.OpaqueAttr) and a.type is None and _opaque_alias_stem(a.text):
                s = self._opaque_alias(a)
            elif isinstance(a, A.Location):
                s = a.print(self)
            else:
                s = a.print(self)
            self._attr_cache[key] = (a, s)
        return s

    def _opaque_alias(self, a: A.OpaqueAttr) -> str:
        """The alias of an aliased attribute kept verbatim; the aliased
        attributes nested in its text print through their own aliases,
        defined before it (upstream orders aliases by nesting depth)."""
        s = self.aliases.get(a)
        if s is not None:
            return s
        text, parts, depth, i = a.text, [], 0, 0
        while (j := text.find("#", i)) >= 0:
            end = _balanced_end(text, text.find("<", j)) if _opaque_alias_stem(text, j) else -1
            if end < 0:
                parts.append(text[i : j + 1])
                i = j + 1
                continue
            inner = self._opaque_alias(A.OpaqueAttr(text[j + 1 : end]))
            depth = max(depth, self._alias_depth[inner] + 1)
            parts += [text[i:j], inner]
            i = end
        parts.append(text[i:])
        stem = _opaque_alias_stem(text) or ""
        k = self._alias_counts.get(stem, 0)
        self._alias_counts[stem] = k + 1
        s = self.aliases[a] = f"#{stem}{k if k else ''}"
        self._alias_defs.append((s, "#" + "".join(parts)))
        self._alias_depth[s] = depth
        return s

    # -- low-level output -----------------------------------------------------
    def write(self, s: str) -> None:
        self.out.append(s)

    def print_operand(self, v: Value) -> None:
        self.out.append(self.value_name(v))

    def print_operands(self, vs: Iterable[Value], sep: str = ", ") -> None:
        self.out.append(sep.join(self.value_name(v) for v in vs))

    def operands_str(self, vs: Iterable[Value]) -> str:
        return ", ".join(self.value_name(v) for v in vs)

    def print_type(self, t: T.Type) -> None:
        self.out.append(self.type(t))

    def print_types(self, ts: Iterable[T.Type]) -> None:
        self.out.append(", ".join(self.type(t) for t in ts))

    def print_attr(self, a: A.Attribute) -> None:
        self.out.append(self.attr(a))

    def print_successor(self, b: Block) -> None:
        self.out.append(self.block_names.get(b, "^<<UNKNOWN BLOCK>>"))

    def block_name(self, b: Block) -> str:
        return self.block_names.get(b, "^<<UNKNOWN BLOCK>>")

    def print_successor_with_operands(self, b: Block, vs: Sequence[Value]) -> None:
        self.print_successor(b)
        if vs:
            self.out.append("(" + self.operands_str(vs) + " : " + ", ".join(self.type(v.type) for v in vs) + ")")

    def attr_dict_str(self, attrs: dict[str, A.Attribute], elided: Iterable[str] = ()) -> str:
        items = [(k, v) for k, v in attrs.items() if k not in elided] if elided else list(attrs.items())
        if not items:
            return ""
        return "{" + A.format_named_attrs(items, self) + "}"

    def print_optional_attr_dict(self, attrs: dict[str, A.Attribute], elided: Iterable[str] = ()) -> None:
        s = self.attr_dict_str(attrs, elided)
        if s:
            self.out.append(" " + s)

    def print_optional_attr_dict_with_keyword(self, attrs: dict[str, A.Attribute], elided: Iterable[str] = ()) -> None:
        s = self.attr_dict_str(attrs, elided)
        if s:
            self.out.append(" attributes " + s)

    def loc_suffix(self, loc: A.Location | None) -> str:
        if not self.debuginfo or loc is None:
            return ""
        return " " + loc.print(self)

    def print_block_arg_list(self, args: Sequence[Value], with_locs: bool = True) -> None:
        """``%arg0: i32, %arg1: f32`` (with locations under debuginfo)."""
        self.out.append(
            ", ".join(
                f"{self.value_name(a)}: {self.type(a.type)}" + (self.loc_suffix(a.loc) if with_locs else "")  # type: ignore[attr-defined]  # block arguments
                for a in args
            )
        )

    # -- structure -------------------------------------------------------------
    def print_region(
        self,
        region: Region,
        print_entry_args: bool = True,
        print_terminators: bool = True,
        print_empty_block: bool = False,
    ) -> None:
        out = self.out
        out.append("{\n")
        outer = self.indent
        blocks = region.blocks
        for bi, block in enumerate(blocks):
            if bi == 0:
                label = (print_entry_args and block.arguments) or (print_empty_block and not block.operations)
                if label:
                    self._print_block_label(block)
            else:
                self._print_block_label(block)
            self.indent = outer + "  "
            ops = block.operations
            n = len(ops)
            if not print_terminators and n and TERMINATOR in ops[-1].traits:
                n -= 1
            for i in range(n):
                self.print_op_line(ops[i])
            self.indent = outer
        out.append(outer + "}")

    def _print_block_label(self, block: Block) -> None:
        out = self.out
        out.append(self.indent + self.block_names.get(block, "^bb?"))
        if block.arguments:
            out.append("(")
            self.print_block_arg_list(block.arguments)
            out.append(")")
        out.append(":")
        preds = block.predecessors
        if preds:
            names = ", ".join(self.block_names.get(p, "^bb?") for p in preds)
            if len(preds) == 1:
                out.append(f"  // pred: {names}")
            else:
                out.append(f"  // {len(preds)} preds: {names}")
        out.append("\n")

    def print_op_line(self, op: Operation) -> None:
        out = self.out
        out.append(self.indent)
        self.print_op(op)
        out.append("\n")

    def print_op(self, op: Operation) -> None:
        """The op itself (results, body, location), without indentation."""
        out = self.out
        res = op.results
        if res:
            first = self.names.get(res[0], "%<<UNKNOWN>>")
            if len(res) == 1:
                out.append(first + " = ")
            else:
                header = self._result_headers.get(op)
                if header is None:
                    header = first.split("#", 1)[0] + f":{len(res)}"
                out.append(header + " = ")
        if not self.generic and op.registered and op.print_custom_ok():
            dd = self._default_dialect(op)
            key = (dd, op.name)
            name = self._short_names.get(key)
            if name is None:
                name = op.name
                if dd and name.startswith(dd + ".") and "." not in name[len(dd) + 1 :]:
                    name = name[len(dd) + 1 :]
                self._short_names[key] = name
            out.append(name)
            op.print_custom(self)
        else:
            self.print_generic_body(op)
        if self.debuginfo:
            out.append(" " + op.loc.print(self))

    def _default_dialect(self, op: Operation) -> str:
        b = op.parent  # op.parent_op, inlined
        p = b.parent.parent if b is not None and b.parent is not None else None
        if p is None:
            return "builtin"
        return getattr(p, "default_dialect", "") or ""

    def print_generic_body(self, op: Operation) -> None:
        out = self.out
        out.append('"' + A.escape_string(op.name) + '"(')
        out.append(self.operands_str(op.operands))
        out.append(")")
        if op.successors:
            out.append("[" + ", ".join(self.block_name(b) for b in op.successors) + "]")
        props = op.properties
        if isinstance(props, dict):
            if props:
                out.append(" <{" + A.format_named_attrs(list(props.items()), self) + "}>")
        else:
            out.append(" <" + self.attr(props) + ">")
        if op.regions:
            out.append(" (")
            for i, r in enumerate(op.regions):
                if i:
                    out.append(", ")
                self.print_region(r, True, True, True)
            out.append(")")
        if op.attributes:
            out.append(" {" + A.format_named_attrs(list(op.attributes.items()), self) + "}")
        out.append(
            " : ("
            + ", ".join(self.type(v.type) for v in op.operands)
            + ") -> "
            + T.format_result_types([r.type for r in op.results], self)
        )

    # -- whole modules ----------------------------------------------------------
    def print_top(self, op: Operation, resources: dict | None = None) -> str:
        if self.source_names:
            self._reserved = source_names_in(op)
        self.number_op(op)
        self.print_op(op)
        body = "".join(self.out)
        # As upstream: the aliases grouped by kind (`#map...` before `#set...`),
        # each kind in the order of first use.
        # Aliases that nest others come after them.
        defs = sorted(self._alias_defs, key=lambda d: (self._alias_depth.get(d[0], 0), d[0].rstrip("0123456789")))
        head = "".join(f"{name} = {text}\n" for name, text in defs)
        tail = "\n"
        resources = self._referenced_resources(resources) if resources else None
        if resources:
            tail += "\n" + format_resources(resources)
        return head + body + tail

    def _referenced_resources(self, resources: dict) -> dict:
        """``resources`` with, as upstream prints them, only the dialect
        resources the printed IR refers to, in the order of first reference
        (external resources are kept whole)."""
        out = {}
        for section, namespaces in resources.items():
            if section != "dialect_resources":
                out[section] = namespaces
                continue
            kept = {}
            for ns, entries in namespaces.items():
                used = {k: entries[k] for k in self.resource_refs if k in entries}
                if used:
                    kept[ns] = used
            if kept:
                out[section] = kept
        return out


def source_names_in(op: Operation) -> set[str]:
    """The source names (sanitized) of the entry block arguments nested in ``op``."""
    out: set[str] = set()
    for o in op.walk(post_order=False):
        for r in o.regions:
            if r.blocks:
                out.update(sanitize_identifier(a.name_hint) for a in r.blocks[0].arguments if a.name_hint)
    return out


_IDENT_PUNCT = frozenset("$._-")
_SANITIZED: dict[str, str] = {}  # name -> sanitize_identifier(name), remembered


def sanitize_identifier(name: str) -> str:
    """A name as upstream prints it after ``%``: characters other than
    letters, digits and ``$._-`` become ``_`` (a space) or their hex code,
    and a leading digit gets a ``_`` before it (it would read as a number)."""
    s = _SANITIZED.get(name)
    if s is None:
        s = _sanitize(name)
        if len(_SANITIZED) < 4096:  # names like `c42_i32` repeat; bound the rest
            _SANITIZED[name] = s
    return s


def _sanitize(name: str) -> str:
    if name.isascii() and all(c.isalnum() or c in _IDENT_PUNCT for c in name):
        return "_" + name if name[0].isdigit() else name
    out = "_" if name[0].isdigit() else ""
    for c in name.encode("utf-8"):
        ch = chr(c)
        if ch.isascii() and (ch.isalnum() or ch in _IDENT_PUNCT):
            out += ch
        elif ch == " ":
            out += "_"
        else:
            out += f"{c:X}"
    return out


def format_resources(resources: dict[str, dict[str, dict[str, str]]]) -> str:
    lines = ["{-#"]
    sections = list(resources.items())
    for si, (section, namespaces) in enumerate(sections):
        lines.append(f"  {section}: {{")
        nss = list(namespaces.items())
        for ni, (ns, entries) in enumerate(nss):
            lines.append(f"    {ns}: {{")
            items = list(entries.items())
            for ei, (k, v) in enumerate(items):
                key = k if _is_bare(k) else A.quote(k)
                lines.append(f"      {key}: {v}" + ("," if ei + 1 < len(items) else ""))
            lines.append("    }" + ("," if ni + 1 < len(nss) else ""))
        lines.append("  }" + ("," if si + 1 < len(sections) else ""))
    lines.append("#-}")
    return "\n".join(lines) + "\n"


def _is_bare(s: str) -> bool:
    return re.fullmatch(r"[a-zA-Z_][\w$.\-]*", s) is not None


def print_op(
    op: Operation,
    generic: bool = False,
    debuginfo: bool = False,
    resources: dict | None = None,
    local_scope: bool = False,
    source_names: bool = False,
) -> str:
    """Print an operation (usually a module) as MLIR text; ``local_scope``
    as upstream's ``--mlir-print-local-scope`` (attributes inline, no
    aliases). With ``source_names``, entry block arguments (loop induction
    variables, function arguments) print under their source names
    (``name_hint``: ``affine.for %i_tile = ...``, which the parser reads
    back as the same names) instead of mlir-opt's ``%arg<N>``; a name taken
    in scope gets a ``_<k>`` suffix, as upstream's other names."""
    # By name: the printer sits below the dialects and cannot import their classes.
    if resources is None and op.name == "builtin.module":
        resources = module_resources(op) or None
    printer = AsmPrinter(generic=generic, debuginfo=debuginfo, local_scope=local_scope, source_names=source_names)
    return printer.print_top(op, resources)
