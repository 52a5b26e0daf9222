"""The top-level definitions of an MLIR file that are not operations:
attribute and type aliases (``#map = affine_map<...>``, ``!t = memref<...>``,
the 2019 bare ``#map = (d0) -> (d0)``) and resource sections
(``{-# dialect_resources: {...} #-}``)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir.registry import is_registered_dialect
from .affine_parser import AffineParseError, parse_affine_map_or_set
from .attr_parser import BaseParser


class DefinitionParser(BaseParser):
    """Alias definitions and resource sections, over the attribute and type grammar."""

    def _is_alias_def(self) -> bool:
        # `#name =` at top level defines an alias (no body `<...>`).
        save = (self.kind, self.start, self.end)
        nxt = self.lexer.lex(self.end)
        self.kind, self.start, self.end = save
        return nxt[0] == "="

    def _parse_attr_alias_def(self) -> None:
        name = self.src[self.start + 1 : self.end]
        pos = self.start
        if "." in name:
            self.error(
                "expected attribute alias without '.'"
                if False
                else "attribute alias identifier contains a '.', which is reserved for dialect attributes",
                pos,
            )
        if name in self.attr_aliases:
            self.error(f"redefinition of attribute alias id '{name}'", pos)
        self.advance()
        self.expect("=")
        if self.kind == "(":
            a = self._parse_bare_affine()
        else:
            a = self.parse_attribute()
        self.attr_aliases[name] = a

    def _parse_bare_affine(self) -> A.Attribute:
        """Legacy ``#map = (d0) -> (d0)`` / ``#set = (d0) : (d0 >= 0)``."""

        pos = self.start
        try:
            obj, end = parse_affine_map_or_set(self.src, pos)
        except AffineParseError as e:
            self.error(e.message, e.offset)
        self.reset(end)
        return self.legacy_affine(pos, end, obj)

    def _parse_type_alias_def(self) -> None:
        name = self.src[self.start + 1 : self.end]
        pos = self.start
        if "." in name:
            self.error("type alias identifier contains a '.', which is reserved for dialect types", pos)
        if name in self.type_aliases:
            self.error(f"redefinition of type alias id '{name}'", pos)
        self.advance()
        self.expect("=")
        if self.peek_keyword("type"):  # the 2019 spelling `!name = type T`
            self.legacy_spelling(self.start, f"!{name} = type", f"!{name} =")
            self.advance()
        self.type_aliases[name] = self.parse_type()

    def _parse_resources(self) -> None:
        self.advance()
        while self.kind != "#-}":
            if self.kind != "bare":
                self.error("expected identifier key for file metadata dictionary")
            section = self.text
            if section not in ("dialect_resources", "external_resources"):
                self.error(f"unknown key '{section}' in file metadata dictionary")
            self.advance()
            self.expect(":", "expected ':'")
            self.expect("{", "expected '{'")
            while self.kind != "}":
                ns_pos = self.start
                ns = self.parse_keyword("expected identifier key for 'resource' entry")
                if section == "dialect_resources" and not is_registered_dialect(ns):
                    self.error(f"dialect '{ns}' is unknown", ns_pos)
                self.expect(":", "expected ':'")
                self.expect("{", "expected '{'")
                entries = self.resources.setdefault(section, {}).setdefault(ns, {})
                while self.kind != "}":
                    if self.kind in ("bare", "string"):
                        key = self.text if self.kind == "bare" else self.parse_string()
                        if self.kind == "bare":
                            self.advance()
                    else:
                        self.error("expected identifier key for 'resource' entry")
                    self.expect(":", "expected ':'")
                    vstart = self.start
                    if self.kind == "string":
                        blob = self.parse_string()
                        if section == "dialect_resources" and not blob.startswith("0x"):
                            self.error(f"expected hex string blob for key '{key}'", vstart)
                    elif self.kind == "bare" and self.text in ("true", "false"):
                        self.advance()
                    else:
                        self.error("expected a string, boolean or hex blob resource value")
                    entries[key] = self.src[vstart : self.start].rstrip()
                    if not self.accept(","):
                        break
                self.expect("}", "expected '}'")
                if not self.accept(","):
                    break
            self.expect("}", "expected '}'")
            if not self.accept(","):
                break
        self.expect("#-}", "expected '#-}'")
