"""The type and attribute grammar of MLIR.

`BaseParser` is the part of the parser that dialect parsers also use:
``parse_type``/``parse_attribute`` over the token stream of
``token_stream.TokenStream`` (token access, located errors).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_map import AffineMap
from ..ir.diagnostics import DiagnosticError
from .affine_parser import AffineParseError, parse_affine_map_or_set
from .dense_parser import parse_dense, parse_sparse
from .lexer import unescape
from .token_stream import TokenStream, int_literal

# Dialect hooks: namespace -> parser(p, name_after_bang_or_hash) for the
# pretty forms `!ns.name<...>` / `#ns.name<...>`; a hook may return None to
# fall back to an opaque type or attribute.
DIALECT_TYPE_PARSERS: dict[str, Callable] = {}
DIALECT_ATTR_PARSERS: dict[str, Callable] = {}

_INT_TYPE = re.compile(r"([su]?)i([0-9]+)\Z")
_DIMS = re.compile(r"(?:[ \t\n]*(?:\?|[0-9]+|\[[ \t]*[0-9]+[ \t]*\])[ \t\n]*x)*")
_DIM_ITEM = re.compile(r"[ \t\n]*(\?|[0-9]+|\[[ \t]*([0-9]+)[ \t]*\])[ \t\n]*x")

_KEYWORD_TYPES: dict[str, T.Type] = {"index": T.index, "none": T.none}
for _n in T.FLOAT_KINDS:
    _KEYWORD_TYPES[_n] = T.FloatType(_n)
_SHAPED_KEYWORDS = {"tensor", "memref", "vector", "complex", "tuple"}
# A shaped type without nested `<...>`, strings or `->` (``memref<64x64xf32>``,
# ``tensor<?xf32, #enc>``): its text is a key for the per-parser type cache.
_FLAT_SHAPED = re.compile(r'(?:tensor|memref|vector|complex|tuple)<[^<>"\-]*>')
_INT_CACHE: dict[str, T.IntegerType] = {}
MAX_INT_WIDTH = 1 << 24


class BaseParser(TokenStream):
    """The type and attribute grammar of MLIR over a token stream: the part
    of the parser that dialect parsers also use."""

    # -- types ---------------------------------------------------------------
    def parse_optional_type(self) -> T.Type | None:
        k = self.kind
        if k == "bare":
            t = self.src[self.start : self.end]
            kt = _KEYWORD_TYPES.get(t)
            if kt is not None:
                self.advance()
                return kt
            it = _INT_CACHE.get(t)
            if it is not None:
                self.advance()
                return it
            m = _INT_TYPE.match(t)
            if m:
                w = int(m.group(2))
                if w >= 1 << 32:
                    self.error("invalid integer width")
                if w >= MAX_INT_WIDTH:
                    self.error(f"integer bitwidth is limited to {MAX_INT_WIDTH - 1} bits")
                it = T.IntegerType(w, m.group(1))
                _INT_CACHE[t] = it
                self.advance()
                return it
            if t in _SHAPED_KEYWORDS:
                return self._parse_shaped_cached(t)
            return None
        if k == "!":
            return self._parse_dialect_type()
        if k == "(":
            return self.parse_function_type()
        return None

    def _parse_shaped_cached(self, kw: str) -> T.Type:
        m = _FLAT_SHAPED.match(self.src, self.start)
        if m is None:
            return self._parse_builtin_parametric(kw)
        key = m.group()
        t = self._type_cache.get(key)
        if t is not None:
            self.reset(m.end())
            return t
        t = self._parse_builtin_parametric(kw)
        # Cache only when the parse ended exactly at the text's `>`.
        if self.lexer.skip(m.end()) == self.start:
            self._type_cache[key] = t
        return t

    def parse_type(self, message: str = "expected type") -> T.Type:
        t = self.parse_optional_type()
        if t is None:
            if self.kind == "error":
                self.error_bad_token()
            if self.kind == "bare" and self.text in ("func",):
                self.error("expected non-function type")
            self.error(message)
        return t

    def parse_non_function_type(self) -> T.Type:
        pos = self.start
        t = self.parse_type("expected non-function type")
        if isinstance(t, T.FunctionType):
            self.error("expected non-function type", pos)
        return t

    def parse_type_list_parens(self) -> list[T.Type]:
        """``(t1, t2)``: the parenthesized list of a function type's inputs."""
        return self.parse_comma_list(self.parse_type, "(", ")")

    def parse_function_result_types(self) -> list[T.Type]:
        if self.kind == "(":
            return self.parse_type_list_parens()
        return [self.parse_non_function_type()]

    def parse_function_type(self) -> T.FunctionType:
        inputs = self.parse_type_list_parens()
        self.expect("->", "expected '->' in function type")
        results = self.parse_function_result_types()
        return T.FunctionType(tuple(inputs), tuple(results))

    def _dims(self, allow_scalable: bool = False) -> tuple[tuple[int, ...], tuple[bool, ...]]:
        """Parse ``4x?x[8]x`` raw from the current token's start."""
        pos = self.start
        m = _DIMS.match(self.src, pos)
        shape: list[int] = []
        scal: list[bool] = []
        end = m.end()  # type: ignore[union-attr]  # _DIMS matches the empty string
        for it in _DIM_ITEM.finditer(self.src, pos, end):
            d = it.group(1)
            if d == "?":
                shape.append(T.DYNAMIC)
                scal.append(False)
            elif d.startswith("["):
                if not allow_scalable:
                    self.error("unexpected '[' in dimension list", it.start(1))
                shape.append(int(it.group(2)))
                scal.append(True)
            else:
                if int(d) >= 1 << 63:
                    self.error("invalid dimension", it.start(1))
                shape.append(int(d))
                scal.append(False)
        self.reset(end)
        return tuple(shape), tuple(scal)

    def _parse_builtin_parametric(self, kw: str) -> T.Type:
        kw_pos = self.start
        self.advance()
        self.expect("<", f"expected '<' in {kw} type")
        if kw == "complex":
            et = self.parse_type()
            if not isinstance(et, (T.IntegerType, T.FloatType)):
                self.error("invalid element type for complex", kw_pos)
            self.expect(">", "expected '>' in complex type")
            return T.ComplexType(et)
        if kw == "tuple":
            ts: list[T.Type] = []
            if not self.accept(">"):
                ts = self.parse_comma_list(self.parse_type)
                self.expect(">", "expected '>' in tuple type")
            return T.TupleType(tuple(ts))
        if kw in ("tensor", "memref") and self.kind == "*":
            self.advance()
            if self.kind == "bare" and self.text.startswith("x"):
                self.reset(self.start + 1)
            else:
                self.error("expected 'x' in unranked dimension list")
            et = self.parse_type()
            if kw == "tensor":
                self.expect(">", "expected '>' in tensor type")
                self._check_element_type(et, kw, kw_pos)
                return T.UnrankedTensorType(et)
            ms = None
            if self.accept(","):
                ms = self._memory_space(self.parse_attribute())
            self.expect(">", "expected '>' in memref type")
            self._check_element_type(et, kw, kw_pos)
            return T.UnrankedMemRefType(et, ms)
        shape, scal = self._dims(allow_scalable=(kw == "vector"))
        et_pos = self.start
        et = self.parse_type()
        if kw == "vector":
            self.expect(">", "expected '>' in vector type")
            if T.DYNAMIC in shape:
                self.error("expected static shape", kw_pos)
            if any(d <= 0 for d in shape):
                self.error("vector types must have positive constant sizes", kw_pos)
            if (
                not isinstance(et, (T.IntegerType, T.IndexType, T.FloatType))
                and not isinstance(et, T.OpaqueType)
                and not getattr(et, "VECTOR_ELEMENT", False)
            ):  # VectorElementTypeInterface (e.g. !llvm.ptr)
                self.error("vector elements must be int/index/float type", et_pos)
            return T.VectorType(shape, et, scal if any(scal) else ())
        if any(d < 0 and d != T.DYNAMIC for d in shape):
            self.error("invalid dimension", kw_pos)
        if kw == "tensor":
            enc = None
            if self.accept(","):
                enc = self.parse_attribute()
            self.expect(">", "expected '>' in tensor type")
            self._check_element_type(et, kw, et_pos)
            return T.RankedTensorType(shape, et, enc)
        layout = ms = None
        if self.accept(","):
            a_pos = self.start
            # The 2020 spelling `offset: ?, strides: [...]` (seed documents)
            # is read as strided<[...], offset: ?>.
            if self.peek_keyword("offset"):
                a = self._legacy_strided()
                self.legacy_spelling(a_pos, self.src[a_pos : self.start].rstrip(), str(a))
            else:
                a = self.parse_attribute()
            if isinstance(a, (A.AffineMapAttr, A.StridedLayoutAttr)) or (
                isinstance(a, A.OpaqueAttr) and self.accept(",")
            ):
                layout = a
                if isinstance(a, A.OpaqueAttr):
                    ms = self._memory_space(self.parse_attribute())
                elif self.accept(","):
                    ms = self._memory_space(self.parse_attribute())
            else:
                ms = self._memory_space(a)
            if isinstance(layout, A.AffineMapAttr):
                amap = layout.value
                if amap.num_dims != len(shape):
                    self.error(
                        f"memref layout mismatch between rank and affine map: {len(shape)} != {amap.num_dims}", a_pos
                    )
                if amap.is_identity():
                    layout = None
            elif isinstance(layout, A.StridedLayoutAttr) and len(layout.strides) != len(shape):
                self.error(f"expected {len(shape)} strides in strided layout", a_pos)
        self.expect(">", "expected '>' in memref type")
        self._check_element_type(et, kw, et_pos)
        return T.MemRefType(shape, et, layout, ms)

    def _memory_space(self, a: A.Attribute) -> A.Attribute | None:
        if isinstance(a, A.IntegerAttr) and a.type == T.i64 and a.value == 0:
            return None
        return a

    def _check_element_type(self, et: T.Type, kw: str, pos: int) -> None:
        if (
            isinstance(et, T.FunctionType)
            or (kw == "memref" and isinstance(et, (T.RankedTensorType, T.UnrankedTensorType, T.TupleType, T.NoneType)))
            or (kw == "tensor" and isinstance(et, (T.MemRefType, T.UnrankedMemRefType, T.NoneType)))
        ):
            self.error(f"invalid {'memref' if kw == 'memref' else 'tensor'} element type", pos)

    def _parse_dialect_type(self) -> T.Type:
        name = self.src[self.start + 1 : self.end]
        pos = self.start
        end = self.end
        if end < len(self.src) and self.src[end] == "<":
            close = self.balanced_body(end)
            body_end = close
        else:
            body_end = end
        if "." not in name and body_end == end:
            t = self.type_aliases.get(name)
            if t is None:
                self.error(f"undefined symbol alias id '{name}'", pos)
            self.advance()
            return t
        ns = name.split(".", 1)[0]
        hook = DIALECT_TYPE_PARSERS.get(ns)
        if hook is not None:
            t = hook(self, name)
            if t is not None:
                return t
            self.reset(pos)
        self.reset(body_end)
        return T.OpaqueType(A.pretty_dialect_symbol(self.expand_aliases(self.src[pos + 1 : body_end])))

    # -- attributes ----------------------------------------------------------
    def parse_attribute(self, type: T.Type | None = None) -> A.Attribute:
        a = self.parse_optional_attribute(type)
        if a is None:
            if self.kind == "error":
                self.error_bad_token()
            self.error("expected attribute value")
        return a

    def parse_optional_attribute(self, type: T.Type | None = None) -> A.Attribute | None:
        k = self.kind
        if k == "int" or k == "float" or k == "-":
            return self._parse_number_attr(type)
        if k == "string":
            s = self.parse_string()
            if type is None and self.accept(":"):
                return A.StringAttr(s, self.parse_type())
            return A.StringAttr(s, type)
        if k == "[":
            return A.ArrayAttr(tuple(self.parse_comma_list(self.parse_attribute, "[", "]")))
        if k == "{":
            return self.parse_dictionary_attr()
        if k == "@":
            return self.parse_symbol_ref()
        if k == "#":
            return self._parse_hash_attr()
        if k == "(":
            return self._parse_paren_attr()
        if k == "bare":
            t = self.text
            kw = _ATTR_KEYWORDS.get(t)
            if kw is not None:
                # An elements literal takes a shaped type the caller knows
                # (upstream's parseAttribute(attr, type)); no `: type` follows.
                if isinstance(type, T.ShapedType) and t in ("dense", "sparse", "dense_resource"):
                    return kw(self, type)  # type: ignore[call-arg]  # the elements keywords take the type
                return kw(self)
        ty = self.parse_optional_type()
        if ty is not None:
            return A.TypeAttr(ty)
        return None

    def _parse_paren_attr(self) -> A.Attribute:
        """A function type, or the 2019 bare affine map or integer set
        (``(d0) -> (d0 + 10)``, ``(d0) : (d0 >= 0)``); when neither reads,
        the error of the one that read further is reported."""

        pos = self.start
        try:
            return A.TypeAttr(self.parse_function_type())
        except DiagnosticError as e:
            type_err, type_end = e, self.start
        try:
            obj, end = parse_affine_map_or_set(self.src, pos)
        except AffineParseError as e:
            if e.offset > type_end:
                self.error(e.message, e.offset)
            raise type_err from None
        self.reset(end)
        return self.legacy_affine(pos, end, obj)

    def legacy_affine(self, pos: int, end: int, obj) -> A.Attribute:
        """The attribute of a bare (2019) affine map or integer set read
        from ``src[pos:end]``, reported as a legacy spelling."""

        bare = self.src[pos:end].strip()
        if isinstance(obj, AffineMap):
            self.legacy_spelling(pos, bare, f"affine_map<{bare}>")
            return A.AffineMapAttr(obj)
        self.legacy_spelling(pos, bare, f"affine_set<{bare}>")
        return A.IntegerSetAttr(obj)

    def parse_dictionary_attr(self) -> A.DictionaryAttr:
        return A.DictionaryAttr.from_dict(self.parse_attr_dict_body())

    def parse_attr_dict_body(self) -> dict[str, A.Attribute]:
        """``{k = v, unit_key}`` into a dict; duplicate keys are errors."""
        out: dict[str, A.Attribute] = {}
        self.expect("{", "expected '{' in attribute dictionary")
        if self.accept("}"):
            return out
        while True:
            kpos = self.start
            if self.kind == "bare":
                key = self.text
                self.advance()
            elif self.kind == "string":
                key = self.parse_string()
                if not key:
                    self.error("expected valid attribute name", kpos)
            else:
                self.error("expected attribute name")
            if key in out:
                self.error(f"duplicate key '{key}' in dictionary attribute", kpos)
            if self.accept("="):
                out[key] = self.parse_attribute()
            elif self.kind == ":":  # `key: value` is the 2019 spelling
                self.legacy_spelling(self.start, f"{key}:", f"{key} =")
                self.advance()
                out[key] = self.parse_attribute()
            else:
                out[key] = A.UNIT
            if not self.accept(","):
                break
        self.expect("}", "expected ',' or '}'")
        return out

    def parse_symbol_ref(self) -> A.SymbolRefAttr:
        root = self._symbol_name()
        nested: list[str] = []
        while self.kind == "::":
            self.advance()
            if self.kind != "@":
                self.error("expected nested symbol reference identifier")
            nested.append(self._symbol_name())
        return A.SymbolRefAttr(root, tuple(nested))

    def _symbol_name(self) -> str:
        t = self.src[self.start + 1 : self.end]
        if t.startswith('"'):
            s = unescape(t[1:-1])
            if isinstance(s, int):
                self.error("unknown escape in string literal")
            t = s
        self.advance()
        return t

    def parse_symbol_name(self, message: str = "expected valid '@'-identifier for symbol name") -> str:
        if self.kind != "@":
            self.error(message)
        return self._symbol_name()

    def _parse_hash_attr(self) -> A.Attribute:
        name = self.src[self.start + 1 : self.end]
        pos, end = self.start, self.end
        has_body = end < len(self.src) and self.src[end] == "<"
        if "." not in name and not has_body:
            a = self.attr_aliases.get(name)
            if a is None:
                self.error(f"undefined symbol alias id '{name}'", pos)
            self.advance()
            return a
        ns = name.split(".", 1)[0]
        hook = DIALECT_ATTR_PARSERS.get(ns)
        if hook is not None:
            a = hook(self, name)
            if a is not None:
                return a
            self.reset(pos)
        body_end = self.balanced_body(end) if has_body else end
        self.reset(body_end)
        ty = self.parse_type() if self.accept(":") else None
        return A.OpaqueAttr(A.pretty_dialect_symbol(self.expand_aliases(self.src[pos + 1 : body_end])), ty)

    def _parse_number_attr(self, type: T.Type | None) -> A.Attribute:
        pos = self.start
        neg = self.accept("-")
        if self.kind not in ("int", "float"):
            self.error("expected constant integer or floating point value")
        tok, text, tok_pos = self.kind, self.text, self.start
        self.advance()
        if type is None and self.accept(":"):
            type = self.parse_type()
        if tok == "float":
            if type is None:
                type = T.f64
            if not isinstance(type, T.FloatType):
                self.error("floating point value not valid for specified type", pos)
            v = float(text)
            return A.FloatAttr(A.round_float(-v if neg else v, type), type)
        if type is None:
            type = T.i64
        if isinstance(type, T.FloatType):
            if text.startswith("0x"):
                if neg:
                    self.error("hexadecimal float literal should not have a leading minus", pos)
                bits = int(text, 16)
                fv = A.float_from_bits(bits, type)
                if fv is None:
                    fv = float("nan")
                return A.FloatAttr(fv, type, bits if math.isnan(fv) else None)
            self.error("unexpected decimal integer literal for a floating point value", tok_pos)
        if not isinstance(type, (T.IntegerType, T.IndexType)):
            self.error("integer literal not valid for specified type", pos)
        v = int_literal(text)
        v = -v if neg else v
        self._check_int_range(v, type, pos, neg)
        if type == T.i1:
            return A.BoolAttr(bool(v))
        return A.IntegerAttr(v, type)

    def _check_int_range(self, v: int, type: T.Type, pos: int, neg: bool) -> None:
        if isinstance(type, T.IntegerType):
            w = type.width
            if type.signedness == "u":
                ok = 0 <= v < (1 << w)
                if neg and v != 0:
                    self.error("negative integer literal not valid for unsigned integer type", pos)
            elif type.signedness == "s":
                ok = -(1 << (w - 1)) <= v < (1 << (w - 1))
            else:
                ok = -(1 << (w - 1)) <= v < (1 << w) if w > 1 else v in (0, 1, -1)
            if not ok:
                self.error("integer constant out of range for attribute", pos)

    # -- keyword attributes --------------------------------------------------
    def _kw_bool(self) -> A.Attribute:
        v = self.text == "true"
        self.advance()
        return A.BoolAttr(v)

    def _kw_unit(self) -> A.Attribute:
        self.advance()
        return A.UNIT

    def _affine_body(self, want: str) -> A.Attribute:

        kw_pos = self.start
        self.advance()
        if self.kind != "<":
            self.error(f"expected '<' in affine {want}")
        try:
            obj, end = parse_affine_map_or_set(self.src, self.end)
        except AffineParseError as e:
            self.error(e.message, e.offset)
        self.reset(end)
        self.expect(">", "expected '>'")

        if isinstance(obj, AffineMap):
            if want != "map":
                self.error("expected integer set", kw_pos)
            return A.AffineMapAttr(obj)
        if want != "set":
            self.error("expected affine map", kw_pos)
        return A.IntegerSetAttr(obj)

    def _kw_affine_map(self) -> A.Attribute:
        return self._affine_body("map")

    def _kw_affine_set(self) -> A.Attribute:
        return self._affine_body("set")

    def _kw_strided(self) -> A.Attribute:
        self.advance()
        self.expect("<", "expected '<' after 'strided'")
        strides = self.parse_comma_list(self._dyn_int, "[", "]")
        offset = 0
        if self.accept(","):
            self.expect_keyword("offset")
            self.expect(":", "expected ':' after 'offset'")
            offset = self._dyn_int()
        self.expect(">", "expected '>'")
        return A.StridedLayoutAttr(tuple(strides), offset)

    def _legacy_strided(self) -> A.Attribute:
        self.expect_keyword("offset")
        self.expect(":", "expected ':' after 'offset'")
        offset = self._dyn_int()
        self.expect(",", "expected ','")
        self.expect_keyword("strides")
        self.expect(":", "expected ':' after 'strides'")
        strides = self.parse_comma_list(self._dyn_int, "[", "]")
        return A.StridedLayoutAttr(tuple(strides), offset)

    def _dyn_int(self) -> int:
        if self.accept("?"):
            return T.DYNAMIC
        return self.parse_integer(message="expected a 64-bit signed integer or '?'")

    def _kw_array(self) -> A.Attribute:
        self.advance()
        self.expect("<", "expected '<' after 'array'")
        tpos = self.start
        et = self.parse_type()
        if not isinstance(et, (T.IntegerType, T.FloatType)):
            self.error("expected integer or float type, got: " + str(et), tpos)
        vals: list = []
        if self.accept(":"):
            vals = self.parse_comma_list(lambda: self._dense_array_elem(et))
        self.expect(">", "expected '>' to close an array attribute")
        return A.DenseArrayAttr(et, tuple(vals))

    def _dense_array_elem(self, et: T.Type):
        pos = self.start
        if isinstance(et, T.IntegerType) and et.width == 1:
            if self.accept_keyword("true"):
                return True
            if self.accept_keyword("false"):
                return False
        a = self._parse_number_attr(et)
        if isinstance(a, A.FloatAttr):
            return a.value
        if isinstance(a, A.IntegerAttr):
            return bool(a.value) if et == T.i1 else a.value
        self.error("expected integer or float literal", pos)

    def _kw_distinct(self) -> A.Attribute:
        pos = self.start
        self.advance()
        self.expect("[", "expected '[' after 'distinct'")
        n = self.parse_integer(False, "expected distinct ID")
        self.expect("]", "expected ']' to close distinct ID")
        self.expect("<", "expected '<' after distinct ID")
        ref = A.UNIT if self.kind == ">" else self.parse_attribute()
        self.expect(">", "expected '>' to close distinct attribute")
        prev = self.distinct_ids.get(n)
        if prev is not None:
            if prev.referenced != ref:
                self.error("referenced attribute does not match previous definition: " + str(prev.referenced), pos)
            return prev
        d = A.DistinctAttr(n, ref)
        self.distinct_ids[n] = d
        return d

    def _kw_loc(self) -> A.Attribute:
        return self.parse_location()

    def parse_location(self) -> A.Location:
        """``loc(...)``, current token being ``loc``."""
        self.advance()
        self.expect("(", "expected '(' in inline location")
        loc = self._loc_body()
        self.expect(")", "expected ')' in inline location")
        return loc

    def _loc_body(self) -> A.Location:
        if self.kind == "#":
            pos = self.start
            a = self._parse_hash_attr()
            if isinstance(a, A.Location):
                return a
            self.error("expected location attribute, but got" + str(a), pos)
        if self.kind == "string":
            s = self.parse_string()
            if self.accept(":"):
                line = self.parse_integer(False, "expected integer line number in FileLineColLoc")
                col = 0
                if self.accept(":"):
                    col = self.parse_integer(False, "expected integer column number in FileLineColLoc")
                end_line = end_col = None
                if self.accept_keyword("to"):
                    if self.accept(":"):
                        end_col = self.parse_integer(False)
                    else:
                        end_line = self.parse_integer(False)
                        self.expect(":", "expected ':' in FileLineColRange")
                        end_col = self.parse_integer(False)
                return A.FileLineColLoc(s, line, col, end_line, end_col)
            child = None
            if self.accept("("):
                child = self._loc_body()
                if isinstance(child, A.NameLoc) and False:
                    pass
                self.expect(")", "expected ')' after child location of NameLoc")
            return A.NameLoc(s, child)
        if self.kind == "bare":
            t = self.text
            if t == "unknown":
                self.advance()
                return A.UNKNOWN_LOC
            if t == "callsite":
                self.advance()
                self.expect("(", "expected '(' in callsite location")
                callee = self._loc_body()
                self.expect_keyword("at")
                caller = self._loc_body()
                self.expect(")", "expected ')' in callsite location")
                return A.CallSiteLoc(callee, caller)
            if t == "fused":
                self.advance()
                meta = None
                if self.accept("<"):
                    meta = self.parse_attribute()
                    self.expect(">", "expected '>' after fused location metadata")
                locs = self.parse_comma_list(self._loc_body, "[", "]")
                return A.FusedLoc(tuple(locs), meta)
        self.error("expected location instance")

    def _kw_dense(self, type: T.Type | None = None) -> A.Attribute:

        return parse_dense(self, type)

    def _kw_sparse(self, type: T.Type | None = None) -> A.Attribute:

        return parse_sparse(self, type)

    def _kw_dense_resource(self, type: T.Type | None = None) -> A.Attribute:
        self.advance()
        self.expect("<", "expected '<' after 'dense_resource'")
        if self.kind not in ("bare", "string"):
            self.error("expected identifier key for 'resource' entry")
        handle = self.text if self.kind == "bare" else self.parse_string()
        if self.kind == "bare":
            self.advance()
        self.expect(">", "expected '>'")
        if isinstance(type, T.ShapedType) and self.kind != ":":
            return A.DenseResourceElementsAttr(type, handle)
        self.expect(":", "expected ':'")
        tpos = self.start
        t = self.parse_type()
        if not isinstance(t, T.ShapedType):
            self.error("expected a shaped type", tpos)
        return A.DenseResourceElementsAttr(t, handle)


_ATTR_KEYWORDS: dict[str, Callable[[BaseParser], A.Attribute]] = {
    "true": BaseParser._kw_bool,
    "false": BaseParser._kw_bool,
    "unit": BaseParser._kw_unit,
    "affine_map": BaseParser._kw_affine_map,
    "affine_set": BaseParser._kw_affine_set,
    "strided": BaseParser._kw_strided,
    "array": BaseParser._kw_array,
    "distinct": BaseParser._kw_distinct,
    "loc": BaseParser._kw_loc,
    "dense": BaseParser._kw_dense,
    "sparse": BaseParser._kw_sparse,
    "dense_resource": BaseParser._kw_dense_resource,
}
