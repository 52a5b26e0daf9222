"""Parser for affine maps, integer sets and affine expressions.

Follows upstream MLIR's ``AffineParser.cpp``: the same grammar and precedence,
the same semi-affine restrictions, the same error messages, and errors placed
where upstream puts the caret.  The parser works on a Python string from a
given offset and reports the offset just after what it consumed, so the IR
parser can hand it the text after ``affine_map<`` (or after ``#map = `` for the
legacy bare syntax) and carry on from there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import NoReturn

from polymlir.ir.affine_expr import AffineExpr, _add, _ceildiv, _floordiv, _mod, _mul, const, dim, sym
from polymlir.ir.affine_map import AffineMap, IntegerSet

__all__ = [
    "AffineExprParser",
    "AffineParseError",
    "SSAOperandCollector",
    "parse_affine_expr",
    "parse_affine_map",
    "parse_affine_map_of_ssa_ids",
    "parse_affine_map_or_set",
    "parse_integer_set",
]

_I64_MAX = (1 << 63) - 1
_MINUS_ONE = const(-1)


class AffineParseError(Exception):
    """A parse error at absolute offset ``offset`` of the parsed text.

    ``extra`` lists further ``(message, offset)`` errors upstream emits after
    the primary one (e.g. "missing operand of negation").
    """

    def __init__(self, message: str, offset: int, extra: list[tuple[str, int]] | None = None):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.extra: list[tuple[str, int]] = extra if extra is not None else []

    def __str__(self) -> str:
        return self.message


# One token per match: skip blanks and `//` comments, then one of the tokens
# the affine grammar cares about; anything else lexes as a one-char "other".
_TOKEN_RE = re.compile(
    r"""(?:[ \t\r\n]+|//[^\n\r]*)*
    (?:
        (?P<id>[A-Za-z_][A-Za-z0-9_$.]*)
      | (?P<float>[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)
      | (?P<int>0x[0-9a-fA-F]+|[0-9]+)
      | (?P<arrow>->)
      | (?P<ssa>%(?:[0-9]+|[A-Za-z$._-][A-Za-z0-9$._-]*))
      | (?P<hash>\#[0-9]+)
      | (?P<punct>[-+*(),\[\]:=<>])
      | (?P<eof>\Z)
      | (?P<other>.)
    )""",
    re.VERBOSE | re.DOTALL,
)

_match_token = _TOKEN_RE.match
# Token kind per capture group; None means "the token's own text" (punctuation).
_KIND_OF_GROUP: tuple[str | None, ...] = (
    "",
    "id",
    "float",
    "int",
    None,
    "ssa",
    "hash",
    None,
    "eof",
    "other",
)
assert [name for name, _ in sorted(_TOKEN_RE.groupindex.items(), key=lambda kv: kv[1])] == [
    "id",
    "float",
    "int",
    "arrow",
    "ssa",
    "hash",
    "punct",
    "eof",
    "other",
]

_HIGH_OPS = {"floordiv", "ceildiv", "mod"}
_MUL = "*"

_HIGH_BUILDERS: dict[str, Callable[[AffineExpr, AffineExpr], AffineExpr]] = {
    "*": _mul,
    "floordiv": _floordiv,
    "ceildiv": _ceildiv,
    "mod": _mod,
}

Resolver = Callable[[str], "AffineExpr | None"]


class AffineExprParser:
    """Recursive-descent parser for affine expressions (and maps/sets).

    ``resolve(name)`` is consulted for bare identifiers not declared by a
    dim/symbol list and for SSA names (``%i``, ``%r#1``); ``resolve_symbol``
    for SSA names wrapped in ``symbol(...)``.  Either returns the expression
    the name stands for, or None for "undeclared".  Without a resolver, SSA
    names are rejected as upstream does outside op syntax.
    """

    __slots__ = ("_end", "_kind", "_names", "_prev_end", "_resolve", "_resolve_symbol", "_start", "text")

    def __init__(
        self,
        text: str,
        pos: int = 0,
        resolve: Resolver | None = None,
        resolve_symbol: Resolver | None = None,
        names: Mapping[str, AffineExpr] | None = None,
    ) -> None:
        self.text = text
        self._end = pos
        self._prev_end = pos
        self._names: dict[str, AffineExpr] = dict(names) if names else {}
        self._resolve = resolve
        self._resolve_symbol = resolve_symbol
        self._kind = ""
        self._start = pos
        self._lex()

    @property
    def pos(self) -> int:
        """Offset just after the last consumed token."""
        return self._prev_end

    # -- lexing -----------------------------------------------------------------

    def _lex(self) -> None:
        m = _match_token(self.text, self._end)
        assert m is not None  # the pattern always matches (eof / other)
        group = m.lastindex
        assert group is not None
        self._start, self._end = m.span(group)
        kind = _KIND_OF_GROUP[group]
        self._kind = kind if kind is not None else m.group(group)

    def _consume(self) -> None:
        self._prev_end = self._end
        self._lex()

    def _consume_if(self, kind: str) -> bool:
        if self._kind == kind:
            self._consume()
            return True
        return False

    def _spelling(self) -> str:
        return self.text[self._start : self._end]

    def _expect(self, kind: str, message: str) -> None:
        if self._kind == kind:
            self._consume()
        else:
            self._wrong_token(message)

    # -- diagnostics (upstream Parser::emitError / emitWrongTokenError) -----------

    def _error_loc(self) -> int:
        # At end of input upstream moves the caret back one character.
        if self._kind == "eof":
            return max(self._start - 1, 0)
        return self._start

    def _error(self, message: str) -> NoReturn:
        raise AffineParseError(message, self._error_loc())

    def _wrong_token(self, message: str) -> NoReturn:
        """Report a missing/unexpected token after the previous token, backing up
        over blanks, blank lines and line comments as upstream does."""
        text = self.text
        original = self._error_loc()
        end = original
        while True:
            while end > 0 and text[end - 1] in " \t":
                end -= 1
            if end == 0:
                raise AffineParseError(message, original)
            if text[end - 1] not in "\n\r":
                raise AffineParseError(message, end)
            end -= 1
            line_start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end))
            comment = text.find("//", max(line_start, 0), end)
            if comment != -1:
                end = comment

    # -- expressions ------------------------------------------------------------

    def _high_op(self) -> str | None:
        kind = self._kind
        if kind == "*":
            return _MUL
        if kind == "id":
            sp = self._spelling()
            if sp in _HIGH_OPS:
                return sp
        return None

    def parse_expr(self) -> AffineExpr:
        """Parse one affine expression (``+``/``-`` bind looser than
        ``*``/``floordiv``/``ceildiv``/``mod``; all left-associative)."""
        acc: AffineExpr | None = None
        subtract = False
        while True:
            term = self._operand(acc)
            op = self._high_op()
            if op is not None:
                loc = self._start
                self._consume()
                term = self._high_chain(term, op, loc)
            if acc is None:
                acc = term
            elif subtract:
                acc = _add(acc, _mul(term, _MINUS_ONE))
            else:
                acc = _add(acc, term)
            kind = self._kind
            if kind == "+" or kind == "-":
                subtract = kind == "-"
                self._consume()
                continue
            return acc

    def _high_chain(self, acc: AffineExpr, op: str, op_loc: int) -> AffineExpr:
        # Upstream reports a non-affine combination of all but the last pair at
        # the location of the operator that follows the pair; we keep that.
        while True:
            rhs = self._operand(acc)
            next_op = self._high_op()
            if next_op is None:
                return self._combine(op, acc, rhs, op_loc)
            next_loc = self._start
            self._consume()
            acc = self._combine(op, acc, rhs, next_loc)
            op, op_loc = next_op, next_loc

    def _combine(self, op: str, lhs: AffineExpr, rhs: AffineExpr, loc: int) -> AffineExpr:
        if op == "*":
            if not lhs._symbolic and not rhs._symbolic:
                raise AffineParseError(
                    "non-affine expression: at least one of the multiply operands "
                    "has to be either a constant or symbolic",
                    loc,
                )
        elif not rhs._symbolic:
            raise AffineParseError(
                f"non-affine expression: right operand of {op} has to be either a constant or symbolic",
                loc,
            )
        return _HIGH_BUILDERS[op](lhs, rhs)

    def _operand(self, lhs: AffineExpr | None) -> AffineExpr:
        kind = self._kind
        if kind == "id":
            if self._spelling() == "symbol":
                return self._symbol_ssa()
            return self._bare_id()
        if kind == "int":
            return self._integer()
        if kind == "(":
            return self._paren()
        if kind == "-":
            return self._negate(lhs)
        if kind == "ssa":
            return self._ssa(False)
        if kind == "+" or kind == "*":
            if lhs is not None:
                self._error("missing right operand of binary operator")
            self._error("missing left operand of binary operator")
        if lhs is not None:
            self._error("missing right operand of binary operator")
        self._error("expected affine expression")

    def _paren(self) -> AffineExpr:
        self._consume()
        if self._kind == ")":
            self._error("no expression inside parentheses")
        expr = self.parse_expr()
        self._expect(")", "expected ')'")
        return expr

    def _negate(self, lhs: AffineExpr | None) -> AffineExpr:
        self._consume()
        try:
            operand = self._operand(lhs)
        except AffineParseError as err:
            err.extra.append(("missing operand of negation", self._error_loc()))
            raise
        return _mul(operand, _MINUS_ONE)

    def _integer(self) -> AffineExpr:
        sp = self._spelling()
        value = int(sp, 16) if sp.startswith("0x") else int(sp)
        if value > _I64_MAX:
            self._error("constant too large for index")
        self._consume()
        return const(value)

    def _bare_id(self) -> AffineExpr:
        name = self._spelling()
        expr = self._names.get(name)
        if expr is None and self._resolve is not None:
            expr = self._resolve(name)
        if expr is None:
            self._wrong_token("use of undeclared identifier")
        self._consume()
        return expr

    def _ssa(self, is_symbol: bool) -> AffineExpr:
        resolver = self._resolve_symbol if is_symbol else self._resolve
        if resolver is None:
            self._wrong_token("unexpected ssa identifier")
        if self._kind != "ssa":
            self._wrong_token("expected ssa identifier")
        loc = self._start
        name = self._spelling()
        self._consume()
        if self._kind == "hash" and self._start == self._prev_end:
            name += self._spelling()
            self._consume()
        expr = resolver(name)
        if expr is None:
            raise AffineParseError("use of undeclared SSA value name", loc)
        return expr

    def _symbol_ssa(self) -> AffineExpr:
        self._consume()
        self._expect("(", "expected '(' at start of SSA symbol")
        expr = self._ssa(True)
        self._expect(")", "expected ')' at end of SSA symbol")
        return expr

    # -- maps and sets ----------------------------------------------------------

    def _comma_list(self, open_: str, close: str, context: str, element: Callable[[], None]) -> None:
        """Upstream parseCommaSeparatedList with a paren/square delimiter."""
        self._expect(open_, f"expected '{open_}'{context}")
        if self._consume_if(close):
            return
        element()
        while self._consume_if(","):
            element()
        self._expect(close, f"expected '{close}'{context}")

    def _id_list(self, open_: str, close: str, context: str, make: Callable[[int], AffineExpr]) -> int:
        count = 0
        names = self._names

        def definition() -> None:
            nonlocal count
            if self._kind != "id":
                self._wrong_token("expected bare identifier")
            name = self._spelling()
            if name in names:
                self._error(f"redefinition of identifier '{name}'")
            self._consume()
            names[name] = make(count)
            count += 1

        self._comma_list(open_, close, context, definition)
        return count

    def parse_map_or_set(self) -> AffineMap | IntegerSet:
        """``(dims)[syms] -> (exprs)`` or ``(dims)[syms] : (constraints)``."""
        num_dims = self._id_list("(", ")", " in dimensional identifier list", dim)
        num_symbols = 0
        if self._kind == "[":
            num_symbols = self._id_list("[", "]", " in symbol list", sym)
        if self._consume_if("->"):
            results: list[AffineExpr] = []
            self._comma_list("(", ")", " in affine map range", lambda: results.append(self.parse_expr()))
            return AffineMap._make(num_dims, num_symbols, tuple(results))
        self._expect(":", "expected '->' or ':'")
        constraints: list[AffineExpr] = []
        eq_flags: list[bool] = []

        def constraint() -> None:
            expr, is_eq = self._constraint()
            constraints.append(expr)
            eq_flags.append(is_eq)

        self._comma_list("(", ")", " in integer set constraint list", constraint)
        if not constraints:
            return IntegerSet.universe(num_dims, num_symbols)
        return IntegerSet._make(num_dims, num_symbols, tuple(constraints), tuple(eq_flags))

    def _constraint(self) -> tuple[AffineExpr, bool]:
        lhs = self.parse_expr()
        # Mirrors upstream's `consumeIf(a) && consumeIf(b)` chain: a lone `>`
        # or `<` is consumed before the next alternative is tried.
        if self._consume_if(">") and self._consume_if("="):
            return lhs - self.parse_expr(), False
        if self._consume_if("<") and self._consume_if("="):
            return self.parse_expr() - lhs, False
        if self._consume_if("=") and self._consume_if("="):
            return lhs - self.parse_expr(), True
        self._error("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")

    def parse_map_of_ssa_ids(self, delimiter: str = "[") -> list[AffineExpr]:
        """The expressions of a ``[e0, e1, ...]`` (or ``(...)``) list over SSA ids."""
        close = "]" if delimiter == "[" else ")"
        exprs: list[AffineExpr] = []
        self._comma_list(delimiter, close, " in affine map", lambda: exprs.append(self.parse_expr()))
        return exprs


class SSAOperandCollector:
    """Binds SSA names met in an affine expression to dims and symbols the way
    upstream does: a new ``%x`` becomes the next dim, a new ``symbol(%x)`` the
    next symbol, and a name seen before keeps its first binding."""

    __slots__ = ("_exprs", "dim_names", "symbol_names")

    def __init__(self) -> None:
        self.dim_names: list[str] = []
        self.symbol_names: list[str] = []
        self._exprs: dict[str, AffineExpr] = {}

    def dim(self, name: str) -> AffineExpr | None:
        if not name.startswith("%"):
            return None
        expr = self._exprs.get(name)
        if expr is None:
            expr = self._exprs[name] = dim(len(self.dim_names))
            self.dim_names.append(name)
        return expr

    def symbol(self, name: str) -> AffineExpr | None:
        expr = self._exprs.get(name)
        if expr is None:
            expr = self._exprs[name] = sym(len(self.symbol_names))
            self.symbol_names.append(name)
        return expr


def parse_affine_map_or_set(text: str, pos: int = 0) -> tuple[AffineMap | IntegerSet, int]:
    """Parse a map or set at ``pos``; return it and the offset just after it."""
    parser = AffineExprParser(text, pos)
    result = parser.parse_map_or_set()
    return result, parser.pos


def parse_affine_map(text: str, pos: int = 0) -> tuple[AffineMap, int]:
    """Like parse_affine_map_or_set, but an integer set is an error."""
    parser = AffineExprParser(text, pos)
    start = parser._error_loc()
    result = parser.parse_map_or_set()
    if not isinstance(result, AffineMap):
        raise AffineParseError("expected AffineMap, but got IntegerSet", start)
    return result, parser.pos


def parse_integer_set(text: str, pos: int = 0) -> tuple[IntegerSet, int]:
    """Like parse_affine_map_or_set, but an affine map is an error."""
    parser = AffineExprParser(text, pos)
    start = parser._error_loc()
    result = parser.parse_map_or_set()
    if not isinstance(result, IntegerSet):
        raise AffineParseError("expected IntegerSet, but got AffineMap", start)
    return result, parser.pos


def parse_affine_expr(text: str, pos: int = 0, names: Mapping[str, AffineExpr] | None = None) -> tuple[AffineExpr, int]:
    """Parse a standalone expression whose identifiers are given by ``names``
    (upstream parseAffineExprReference)."""
    parser = AffineExprParser(text, pos, names=names)
    expr = parser.parse_expr()
    return expr, parser.pos


def parse_affine_map_of_ssa_ids(
    text: str, pos: int = 0, delimiter: str = "["
) -> tuple[AffineMap, list[str], list[str], int]:
    """Parse ``[%i + 2 * %j, symbol(%n)]``-style index lists.

    Returns the map, the SSA names bound to its dims and to its symbols (in
    position order), and the offset just after the closing delimiter.
    """
    ssa = SSAOperandCollector()
    parser = AffineExprParser(text, pos, resolve=ssa.dim, resolve_symbol=ssa.symbol)
    exprs = parser.parse_map_of_ssa_ids(delimiter)
    amap = AffineMap._make(len(ssa.dim_names), len(ssa.symbol_names), tuple(exprs))
    return amap, ssa.dim_names, ssa.symbol_names, parser.pos
