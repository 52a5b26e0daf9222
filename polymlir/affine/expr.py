"""Affine expressions, affine maps and integer sets, built and printed as MLIR does.

Expressions are immutable values.  The arithmetic operators apply upstream
MLIR's construction-time simplifications (``AffineExpr.cpp``: simplifyAdd,
simplifyMul, simplifyFloorDiv, simplifyCeilDiv, simplifyMod), so that an
expression built here has the same tree, and therefore prints the same text,
as the one MLIR would build from the same operations.  ``str()`` reproduces
MLIR's AsmPrinter (``d0 * 2 - s0 floordiv 4``).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Sequence

__all__ = [
    "AffineExprKind",
    "AffineExpr",
    "AffineDimExpr",
    "AffineSymbolExpr",
    "AffineConstantExpr",
    "AffineBinaryExpr",
    "AffineMap",
    "IntegerSet",
    "dim",
    "sym",
    "const",
    "binary",
]

_I64_MIN = -(1 << 63)
_I64_MAX = (1 << 63) - 1
_U64_MASK = (1 << 64) - 1


def _wrap(v: int) -> int:
    """Two's-complement wrap to int64, as C++ arithmetic in upstream folds does."""
    if _I64_MIN <= v <= _I64_MAX:
        return v
    v &= _U64_MASK
    return v - (1 << 64) if v > _I64_MAX else v


class AffineExprKind(enum.IntEnum):
    """Kinds of affine expressions, in upstream's order (binary kinds first)."""

    ADD = 0
    MUL = 1
    MOD = 2
    FLOORDIV = 3
    CEILDIV = 4
    CONSTANT = 5
    DIM = 6
    SYMBOL = 7


ADD = AffineExprKind.ADD
MUL = AffineExprKind.MUL
MOD = AffineExprKind.MOD
FLOORDIV = AffineExprKind.FLOORDIV
CEILDIV = AffineExprKind.CEILDIV

_SPELLING = {MUL: " * ", MOD: " mod ", FLOORDIV: " floordiv ", CEILDIV: " ceildiv "}


class AffineExpr:
    """Base class of affine expressions: immutable, hashable, compared by value."""

    __slots__ = ()
    kind: AffineExprKind
    _symbolic: bool

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> AffineExpr:
        return self

    def __deepcopy__(self, memo: object) -> AffineExpr:
        return self

    # -- construction (operators simplify exactly as upstream) ------------------

    def __add__(self, other: AffineExpr | int) -> AffineExpr:
        return _add(self, _as_expr(other))

    def __radd__(self, other: int) -> AffineExpr:
        return _add(self, _as_expr(other))

    def __sub__(self, other: AffineExpr | int) -> AffineExpr:
        if isinstance(other, int):
            return _add(self, _const(_wrap(-other)))
        return _add(self, _mul(_as_expr(other), _MINUS_ONE))

    def __rsub__(self, other: int) -> AffineExpr:
        # Upstream: `val - expr` is `expr * -1 + val`.
        return _add(_mul(self, _MINUS_ONE), _as_expr(other))

    def __neg__(self) -> AffineExpr:
        return _mul(self, _MINUS_ONE)

    def __mul__(self, other: AffineExpr | int) -> AffineExpr:
        return _mul(self, _as_expr(other))

    def __rmul__(self, other: int) -> AffineExpr:
        return _mul(self, _as_expr(other))

    def __mod__(self, other: AffineExpr | int) -> AffineExpr:
        return _mod(self, _as_expr(other))

    def __floordiv__(self, other: AffineExpr | int) -> AffineExpr:
        return _floordiv(self, _as_expr(other))

    def floordiv(self, other: AffineExpr | int) -> AffineExpr:
        """``self floordiv other``, simplified as upstream's ``floorDiv``."""
        return _floordiv(self, _as_expr(other))

    def ceildiv(self, other: AffineExpr | int) -> AffineExpr:
        """``self ceildiv other``, simplified as upstream's ``ceilDiv``."""
        return _ceildiv(self, _as_expr(other))

    # -- queries ----------------------------------------------------------------

    def is_symbolic_or_constant(self) -> bool:
        """True if the expression uses no dimension."""
        return self._symbolic

    def is_pure_affine(self) -> bool:
        """True if mul/div/mod only involve constants (upstream isPureAffine)."""
        return True

    def get_largest_known_divisor(self) -> int:
        """Largest integer known to divide the expression's value."""
        raise NotImplementedError

    def is_multiple_of(self, factor: int) -> bool:
        """Upstream isMultipleOf (a sound but incomplete divisibility test)."""
        raise NotImplementedError

    def is_function_of_dim(self, position: int) -> bool:
        """True if dimension ``position`` occurs in the expression."""
        return False

    def is_function_of_symbol(self, position: int) -> bool:
        """True if symbol ``position`` occurs in the expression."""
        return False

    def walk(self, callback: Callable[[AffineExpr], object]) -> None:
        """Call ``callback`` on every subexpression, in post-order."""
        callback(self)

    def replace_dims_and_symbols(
        self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr] = ()
    ) -> AffineExpr:
        """Substitute ``dims[i]`` for ``d_i`` and ``syms[j]`` for ``s_j``.

        Positions past the end of a replacement list are left unchanged.  The
        result is rebuilt with the simplifying operators.
        """
        return self

    def replace(self, mapping: dict[AffineExpr, AffineExpr]) -> AffineExpr:
        """Replace whole subexpressions found in ``mapping`` (upstream replace)."""
        return mapping.get(self, self)

    def shift_dims(self, num_dims: int, shift: int, offset: int = 0) -> AffineExpr:
        """Rename ``d_i`` to ``d_{i+shift}`` for ``offset <= i < num_dims``."""
        dims = [dim(i) for i in range(offset)]
        dims.extend(dim(i + shift) for i in range(offset, num_dims))
        return self.replace_dims_and_symbols(dims, ())

    def shift_symbols(self, num_symbols: int, shift: int, offset: int = 0) -> AffineExpr:
        """Rename ``s_i`` to ``s_{i+shift}`` for ``offset <= i < num_symbols``."""
        syms = [sym(i) for i in range(offset)]
        syms.extend(sym(i + shift) for i in range(offset, num_symbols))
        return self.replace_dims_and_symbols((), syms)

    def compose(self, map: AffineMap) -> AffineExpr:
        """Substitute the results of ``map`` for the dimensions of ``self``."""
        return self.replace_dims_and_symbols(map.results, ())

    def evaluate(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> int:
        """Value at the given point.

        floordiv/ceildiv round toward -inf/+inf; ``mod`` by a positive divisor
        is non-negative.  Division by zero raises ZeroDivisionError and ``mod``
        by a non-positive value raises ValueError (upstream: poison).
        """
        raise NotImplementedError

    def to_string(
        self,
        dim_names: Sequence[str] | None = None,
        sym_names: Sequence[str] | None = None,
    ) -> str:
        """Print as MLIR does, optionally naming dims and symbols (e.g. SSA ids)."""
        out: list[str] = []
        _print(self, False, out, dim_names, sym_names)
        return "".join(out)

    def __str__(self) -> str:
        out: list[str] = []
        _print(self, False, out, None, None)
        return "".join(out)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class AffineDimExpr(AffineExpr):
    """Dimension ``d<position>``."""

    __slots__ = ("position",)
    kind = AffineExprKind.DIM
    _symbolic = False
    position: int

    def __init__(self, position: int) -> None:
        object.__setattr__(self, "position", position)

    def __eq__(self, other: object) -> bool:
        return self is other or (
            other.__class__ is AffineDimExpr and other.position == self.position  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        return hash((6, self.position))

    def __reduce__(self) -> tuple[object, ...]:
        return (dim, (self.position,))

    def get_largest_known_divisor(self) -> int:
        return 1

    def is_multiple_of(self, factor: int) -> bool:
        return factor * factor == 1

    def is_function_of_dim(self, position: int) -> bool:
        return position == self.position

    def replace_dims_and_symbols(
        self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr] = ()
    ) -> AffineExpr:
        return dims[self.position] if self.position < len(dims) else self

    def evaluate(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> int:
        return dims[self.position]


class AffineSymbolExpr(AffineExpr):
    """Symbol ``s<position>``."""

    __slots__ = ("position",)
    kind = AffineExprKind.SYMBOL
    _symbolic = True
    position: int

    def __init__(self, position: int) -> None:
        object.__setattr__(self, "position", position)

    def __eq__(self, other: object) -> bool:
        return self is other or (
            other.__class__ is AffineSymbolExpr and other.position == self.position  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        return hash((7, self.position))

    def __reduce__(self) -> tuple[object, ...]:
        return (sym, (self.position,))

    def get_largest_known_divisor(self) -> int:
        return 1

    def is_multiple_of(self, factor: int) -> bool:
        return factor * factor == 1

    def is_function_of_symbol(self, position: int) -> bool:
        return position == self.position

    def replace_dims_and_symbols(
        self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr] = ()
    ) -> AffineExpr:
        return syms[self.position] if self.position < len(syms) else self

    def evaluate(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> int:
        return syms[self.position]


class AffineConstantExpr(AffineExpr):
    """Integer constant (an int64, as upstream)."""

    __slots__ = ("value",)
    kind = AffineExprKind.CONSTANT
    _symbolic = True
    value: int

    def __init__(self, value: int) -> None:
        if not (_I64_MIN <= value <= _I64_MAX):
            raise ValueError(f"affine constant {value} does not fit in int64")
        object.__setattr__(self, "value", value)

    def __eq__(self, other: object) -> bool:
        return self is other or (
            other.__class__ is AffineConstantExpr and other.value == self.value  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        return hash((5, self.value))

    def __reduce__(self) -> tuple[object, ...]:
        return (const, (self.value,))

    def get_largest_known_divisor(self) -> int:
        return _wrap(abs(self.value))

    def is_multiple_of(self, factor: int) -> bool:
        return self.value % factor == 0

    def evaluate(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> int:
        return self.value


class AffineBinaryExpr(AffineExpr):
    """``lhs <kind> rhs``.  The constructor builds the node as given; use the
    operators (or :func:`binary`) to get upstream's simplified form."""

    __slots__ = ("kind", "lhs", "rhs", "_symbolic", "_hash")
    kind: AffineExprKind
    lhs: AffineExpr
    rhs: AffineExpr

    def __init__(self, kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> None:
        if kind > CEILDIV:
            raise ValueError(f"{kind!r} is not a binary affine expression kind")
        if not (isinstance(lhs, AffineExpr) and isinstance(rhs, AffineExpr)):
            raise TypeError("operands of an affine binary expression must be AffineExpr")
        _init_bin(self, AffineExprKind(kind), lhs, rhs)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not AffineBinaryExpr:
            return False
        return (
            self.kind is other.kind  # type: ignore[attr-defined]
            and self.rhs == other.rhs  # type: ignore[attr-defined]
            and self.lhs == other.lhs  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.kind, self.lhs, self.rhs))
            object.__setattr__(self, "_hash", h)
        return h

    def __reduce__(self) -> tuple[object, ...]:
        return (AffineBinaryExpr, (self.kind, self.lhs, self.rhs))

    def is_pure_affine(self) -> bool:
        kind = self.kind
        if kind is ADD:
            return self.lhs.is_pure_affine() and self.rhs.is_pure_affine()
        if kind is MUL:
            return (
                self.lhs.is_pure_affine()
                and self.rhs.is_pure_affine()
                and (
                    self.lhs.__class__ is AffineConstantExpr
                    or self.rhs.__class__ is AffineConstantExpr
                )
            )
        return self.lhs.is_pure_affine() and self.rhs.__class__ is AffineConstantExpr

    def get_largest_known_divisor(self) -> int:
        kind = self.kind
        if kind is MUL:
            return _wrap(self.lhs.get_largest_known_divisor() * self.rhs.get_largest_known_divisor())
        if kind is ADD or kind is MOD:
            return _gcd64(self.lhs.get_largest_known_divisor(), self.rhs.get_largest_known_divisor())
        # floordiv / ceildiv: an exact quotient of a known divisor is known.
        rhs = self.rhs
        if rhs.__class__ is AffineConstantExpr and rhs.value != 0:  # type: ignore[attr-defined]
            lhs_div = self.lhs.get_largest_known_divisor()
            if lhs_div % rhs.value == 0:  # type: ignore[attr-defined]
                return abs(_tdiv(lhs_div, rhs.value))  # type: ignore[attr-defined]
        return 1

    def is_multiple_of(self, factor: int) -> bool:
        if self.kind is MUL:
            lhs_div = self.lhs.get_largest_known_divisor()
            if lhs_div % factor == 0:
                return True
            rhs_div = self.rhs.get_largest_known_divisor()
            return rhs_div % factor == 0 or _wrap(lhs_div * rhs_div) % factor == 0
        return (
            _gcd64(self.lhs.get_largest_known_divisor(), self.rhs.get_largest_known_divisor())
            % factor
            == 0
        )

    def is_function_of_dim(self, position: int) -> bool:
        return self.lhs.is_function_of_dim(position) or self.rhs.is_function_of_dim(position)

    def is_function_of_symbol(self, position: int) -> bool:
        return self.lhs.is_function_of_symbol(position) or self.rhs.is_function_of_symbol(
            position
        )

    def walk(self, callback: Callable[[AffineExpr], object]) -> None:
        self.lhs.walk(callback)
        self.rhs.walk(callback)
        callback(self)

    def replace_dims_and_symbols(
        self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr] = ()
    ) -> AffineExpr:
        lhs, rhs = self.lhs, self.rhs
        new_lhs = lhs.replace_dims_and_symbols(dims, syms)
        new_rhs = rhs.replace_dims_and_symbols(dims, syms)
        if new_lhs is lhs and new_rhs is rhs:
            return self
        if new_lhs == lhs and new_rhs == rhs:
            return self
        return _BUILDERS[self.kind](new_lhs, new_rhs)

    def replace(self, mapping: dict[AffineExpr, AffineExpr]) -> AffineExpr:
        found = mapping.get(self)
        if found is not None:
            return found
        lhs, rhs = self.lhs, self.rhs
        new_lhs, new_rhs = lhs.replace(mapping), rhs.replace(mapping)
        if new_lhs == lhs and new_rhs == rhs:
            return self
        return _BUILDERS[self.kind](new_lhs, new_rhs)

    def evaluate(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> int:
        a = self.lhs.evaluate(dims, syms)
        b = self.rhs.evaluate(dims, syms)
        kind = self.kind
        if kind is ADD:
            return a + b
        if kind is MUL:
            return a * b
        if kind is FLOORDIV:
            return a // b
        if kind is CEILDIV:
            return -(-a // b)
        if b < 1:
            raise ValueError(f"'mod' by non-positive value {b} is undefined")
        return a % b


def _init_bin(node: AffineBinaryExpr, kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> None:
    # Slot descriptors bypass the immutability guard; cheaper than a generic path.
    _set_kind(node, kind)
    _set_lhs(node, lhs)
    _set_rhs(node, rhs)
    _set_symbolic(node, lhs._symbolic and rhs._symbolic)
    _set_hash(node, None)


_set_kind = AffineBinaryExpr.kind.__set__  # type: ignore[attr-defined]
_set_lhs = AffineBinaryExpr.lhs.__set__  # type: ignore[attr-defined]
_set_rhs = AffineBinaryExpr.rhs.__set__  # type: ignore[attr-defined]
_set_symbolic = AffineBinaryExpr._symbolic.__set__  # type: ignore[attr-defined]
_set_hash = AffineBinaryExpr._hash.__set__  # type: ignore[attr-defined]
_new = object.__new__


def _make_bin(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineBinaryExpr:
    node = _new(AffineBinaryExpr)
    _init_bin(node, kind, lhs, rhs)
    return node


def _gcd64(a: int, b: int) -> int:
    # Upstream takes std::gcd of the operands cast to uint64.
    return _wrap(math.gcd(a & _U64_MASK, b & _U64_MASK))


def _tdiv(a: int, b: int) -> int:
    """C++ (truncating) integer division."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


# -- interning of leaves: dims, symbols and common constants are shared ---------

_DIMS: list[AffineDimExpr] = [AffineDimExpr(i) for i in range(16)]
_SYMS: list[AffineSymbolExpr] = [AffineSymbolExpr(i) for i in range(16)]
_CONSTS: dict[int, AffineConstantExpr] = {v: AffineConstantExpr(v) for v in range(-16, 257)}
_MINUS_ONE = _CONSTS[-1]
_ZERO = _CONSTS[0]


def dim(position: int) -> AffineDimExpr:
    """The dimension expression ``d<position>``."""
    try:
        return _DIMS[position]
    except IndexError:
        if position < 0:
            raise ValueError("dimension position must be non-negative") from None
        while len(_DIMS) <= position:
            _DIMS.append(AffineDimExpr(len(_DIMS)))
        return _DIMS[position]


def sym(position: int) -> AffineSymbolExpr:
    """The symbol expression ``s<position>``."""
    try:
        return _SYMS[position]
    except IndexError:
        if position < 0:
            raise ValueError("symbol position must be non-negative") from None
        while len(_SYMS) <= position:
            _SYMS.append(AffineSymbolExpr(len(_SYMS)))
        return _SYMS[position]


def const(value: int) -> AffineConstantExpr:
    """The constant expression ``value`` (must fit in int64)."""
    c = _CONSTS.get(value)
    return c if c is not None else AffineConstantExpr(value)


_const = const


def _as_expr(x: AffineExpr | int) -> AffineExpr:
    if isinstance(x, AffineExpr):
        return x
    if isinstance(x, int):
        return const(x)
    raise TypeError(f"cannot use {type(x).__name__} in an affine expression")


def binary(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """Build ``lhs <kind> rhs`` with upstream's simplifications
    (upstream getAffineBinaryOpExpr)."""
    return _BUILDERS[kind](lhs, rhs)


# -- upstream's construction-time simplifications -------------------------------
# Each _simplify_* mirrors the C++ function of the same name and returns None
# when the expression must be built as is.  Comments mark where C++ int64
# arithmetic wraps (so we wrap) or where upstream refuses to fold on overflow.


def _is_const(e: AffineExpr) -> bool:
    return e.__class__ is AffineConstantExpr


def _leaf_out_of_order(lhs: AffineExpr, rhs: AffineExpr) -> bool:
    # mlir-opt 22 orders the operands of a commutative op when both are dims
    # (or both symbols): `d1 + d0` becomes `d0 + d1`, `s1 * s0` becomes
    # `s0 * s1`.  Observed behaviour; only leaf operands are reordered.
    cls = lhs.__class__
    return (
        (cls is AffineDimExpr or cls is AffineSymbolExpr)
        and rhs.__class__ is cls
        and lhs.position > rhs.position  # type: ignore[attr-defined]
    )


def _simplify_add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lc = lhs.__class__ is AffineConstantExpr
    rc = rhs.__class__ is AffineConstantExpr
    if lc and rc:
        total = lhs.value + rhs.value  # type: ignore[attr-defined]
        if not (_I64_MIN <= total <= _I64_MAX):
            return None  # upstream declines to fold an overflowing sum
        return const(total)
    if _leaf_out_of_order(lhs, rhs):
        return _add(rhs, lhs)
    # Constants go right; a lone symbolic operand goes right.
    if lc or (lhs._symbolic and not rhs._symbolic):
        return _add(rhs, lhs)
    if rc and rhs.value == 0:  # type: ignore[attr-defined]
        return lhs
    lbin = lhs if lhs.__class__ is AffineBinaryExpr else None
    # (d0 + 2) + 3 -> d0 + 5
    if lbin is not None and rc and lbin.kind is ADD and _is_const(lbin.rhs):
        return _add(lbin.lhs, const(_wrap(lbin.rhs.value + rhs.value)))  # type: ignore[attr-defined]
    # c1 * e + c2 * e -> (c1 + c2) * e
    if lbin is not None and lbin.kind is MUL and _is_const(lbin.rhs):
        lcoef, first = lbin.rhs.value, lbin.lhs  # type: ignore[attr-defined]
    else:
        lcoef, first = 1, lhs
    rbin = rhs if rhs.__class__ is AffineBinaryExpr else None
    if rbin is not None and rbin.kind is MUL and _is_const(rbin.rhs):
        rcoef, second = rbin.rhs.value, rbin.lhs  # type: ignore[attr-defined]
    else:
        rcoef, second = 1, rhs
    if first == second:
        return _mul(first, const(_wrap(lcoef + rcoef)))
    # (d0 + 2) + d1 -> (d0 + d1) + 2
    if lbin is not None and lbin.kind is ADD and _is_const(lbin.rhs):
        return _add(_add(lbin.lhs, rhs), lbin.rhs)
    # e - (e floordiv q) * q -> e mod q
    if rbin is None:
        return None
    lrhs, rrhs = rbin.lhs, rbin.rhs
    if (
        rrhs.__class__ is AffineConstantExpr
        and rrhs.value == -1  # type: ignore[attr-defined]
        and lrhs.__class__ is AffineBinaryExpr
        and lrhs.kind is MUL
    ):
        llrhs, rlrhs = lrhs.lhs, lrhs.rhs
        if not (llrhs.__class__ is AffineBinaryExpr and llrhs.kind is FLOORDIV):
            return None
        if llrhs.rhs == rlrhs and lhs == llrhs.lhs:
            return _mod(lhs, rlrhs)
    # e + (e floordiv c) * -c -> e mod c, for a positive constant c
    if not (lrhs.__class__ is AffineBinaryExpr and rbin.kind is MUL and lrhs.kind is FLOORDIV):
        return None
    llrhs, rlrhs = lrhs.lhs, lrhs.rhs
    if (
        rlrhs.__class__ is AffineConstantExpr
        and rlrhs.value > 0  # type: ignore[attr-defined]
        and lhs == llrhs
        and rlrhs == _mul(rrhs, _MINUS_ONE)
    ):
        return _mod(lhs, rlrhs)
    # (x + y) + (e floordiv c) * k -> x + (y + (e floordiv c) * k) when the
    # inner sum simplifies.  Observed behaviour of mlir-opt 22 (it finds
    # `x + y mod c` in `(x + y) - (y floordiv c) * c`); only the right summand
    # of the left operand is tried.
    if lbin is not None and lbin.kind is ADD:
        inner = _simplify_add(lbin.rhs, rhs)
        if inner is not None:
            return _add(lbin.lhs, inner)
    return None


def _add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    r = _simplify_add(lhs, rhs)
    return r if r is not None else _make_bin(ADD, lhs, rhs)


def _simplify_mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lc = lhs.__class__ is AffineConstantExpr
    rc = rhs.__class__ is AffineConstantExpr
    if lc and rc:
        prod = lhs.value * rhs.value  # type: ignore[attr-defined]
        if not (_I64_MIN <= prod <= _I64_MAX):
            return None
        return const(prod)
    if _leaf_out_of_order(lhs, rhs):
        return _mul(rhs, lhs)
    if not lhs._symbolic and not rhs._symbolic:
        return None  # non-affine product: kept as built
    # The constant (or else symbolic) operand goes right.
    if not rhs._symbolic or lc:
        return _mul(rhs, lhs)
    if rc:
        v = rhs.value  # type: ignore[attr-defined]
        if v == 1:
            return lhs
        if v == 0:
            return rhs
    if lhs.__class__ is AffineBinaryExpr and lhs.kind is MUL and _is_const(lhs.rhs):
        if rc:  # (d0 * 2) * 3 -> d0 * 6
            return _mul(lhs.lhs, const(_wrap(lhs.rhs.value * rhs.value)))  # type: ignore[attr-defined]
        # (d0 * 2) * s0 -> (d0 * s0) * 2
        return _mul(_mul(lhs.lhs, rhs), lhs.rhs)
    return None


def _mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    r = _simplify_mul(lhs, rhs)
    return r if r is not None else _make_bin(MUL, lhs, rhs)


def _simplify_floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    if rhs.__class__ is not AffineConstantExpr:
        return None
    c = rhs.value  # type: ignore[attr-defined]
    if c == 0:
        return None
    if lhs.__class__ is AffineConstantExpr:
        if lhs.value == _I64_MIN and c == -1:  # type: ignore[attr-defined]
            return None
        return const(lhs.value // c)  # type: ignore[attr-defined]
    if c == 1:
        return lhs
    if lhs.__class__ is AffineBinaryExpr:
        if lhs.kind is MUL and _is_const(lhs.rhs):
            k = lhs.rhs.value  # type: ignore[attr-defined]
            if k % c == 0:  # (e * 128) floordiv 64 -> e * 2
                return _mul(lhs.lhs, const(_wrap(_tdiv(k, c))))
        if lhs.kind is ADD:
            if (
                lhs.lhs.get_largest_known_divisor() % c == 0
                or lhs.rhs.get_largest_known_divisor() % c == 0
            ):
                return _add(_floordiv(lhs.lhs, rhs), _floordiv(lhs.rhs, rhs))
    return None


def _floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    r = _simplify_floordiv(lhs, rhs)
    return r if r is not None else _make_bin(FLOORDIV, lhs, rhs)


def _simplify_ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    if rhs.__class__ is not AffineConstantExpr:
        return None
    c = rhs.value  # type: ignore[attr-defined]
    if c == 0:
        return None
    if lhs.__class__ is AffineConstantExpr:
        if lhs.value == _I64_MIN and c == -1:  # type: ignore[attr-defined]
            return None
        return const(-(-lhs.value // c))  # type: ignore[attr-defined]
    if c == 1:
        return lhs
    if lhs.__class__ is AffineBinaryExpr and lhs.kind is MUL and _is_const(lhs.rhs):
        k = lhs.rhs.value  # type: ignore[attr-defined]
        if k % c == 0:
            return _mul(lhs.lhs, const(_wrap(_tdiv(k, c))))
    return None


def _ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    r = _simplify_ceildiv(lhs, rhs)
    return r if r is not None else _make_bin(CEILDIV, lhs, rhs)


def _simplify_mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    if rhs.__class__ is not AffineConstantExpr:
        return None
    c = rhs.value  # type: ignore[attr-defined]
    if c < 1:
        return None  # mod by zero or a negative number is left as is
    if lhs.__class__ is AffineConstantExpr:
        return const(lhs.value % c)  # type: ignore[attr-defined]
    if lhs.get_largest_known_divisor() % c == 0:
        return _ZERO
    if lhs.__class__ is AffineBinaryExpr:
        if lhs.kind is ADD:
            if lhs.lhs.get_largest_known_divisor() % c == 0:
                return _mod(lhs.rhs, rhs)
            if lhs.rhs.get_largest_known_divisor() % c == 0:
                return _mod(lhs.lhs, rhs)
        # (e mod a) mod b -> e mod b when b divides a
        if lhs.kind is MOD:
            inner = lhs.rhs
            if inner.__class__ is AffineConstantExpr and inner.value >= 1 and inner.value % c == 0:  # type: ignore[attr-defined]
                return _mod(lhs.lhs, rhs)
    return None


def _mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    r = _simplify_mod(lhs, rhs)
    return r if r is not None else _make_bin(MOD, lhs, rhs)


_BUILDERS: dict[AffineExprKind, Callable[[AffineExpr, AffineExpr], AffineExpr]] = {
    ADD: _add,
    MUL: _mul,
    MOD: _mod,
    FLOORDIV: _floordiv,
    CEILDIV: _ceildiv,
}


# -- printing (upstream AsmPrinter::printAffineExprInternal) --------------------


def _print(
    e: AffineExpr,
    strong: bool,
    out: list[str],
    dn: Sequence[str] | None,
    sn: Sequence[str] | None,
) -> None:
    cls = e.__class__
    if cls is AffineDimExpr:
        out.append(dn[e.position] if dn is not None else f"d{e.position}")  # type: ignore[attr-defined]
        return
    if cls is AffineSymbolExpr:
        out.append(sn[e.position] if sn is not None else f"s{e.position}")  # type: ignore[attr-defined]
        return
    if cls is AffineConstantExpr:
        out.append(str(e.value))  # type: ignore[attr-defined]
        return
    kind = e.kind
    lhs: AffineExpr = e.lhs  # type: ignore[attr-defined]
    rhs: AffineExpr = e.rhs  # type: ignore[attr-defined]
    if strong:
        out.append("(")
    if kind is not ADD:
        if kind is MUL and rhs.__class__ is AffineConstantExpr and rhs.value == -1:  # type: ignore[attr-defined]
            out.append("-")
            _print(lhs, True, out, dn, sn)
        else:
            _print(lhs, True, out, dn, sn)
            out.append(_SPELLING[kind])
            _print(rhs, True, out, dn, sn)
    elif rhs.__class__ is AffineBinaryExpr and rhs.kind is MUL and _is_const(rhs.rhs) and rhs.rhs.value <= -1:  # type: ignore[attr-defined]
        # Addition of a negated product prints as a subtraction.
        coef = rhs.rhs.value  # type: ignore[attr-defined]
        _print(lhs, False, out, dn, sn)
        out.append(" - ")
        if coef == -1:
            _print(rhs.lhs, rhs.lhs.kind is ADD, out, dn, sn)
        else:
            _print(rhs.lhs, True, out, dn, sn)
            out.append(f" * {_wrap(-coef)}")
    elif rhs.__class__ is AffineConstantExpr and rhs.value < 0:  # type: ignore[attr-defined]
        _print(lhs, False, out, dn, sn)
        out.append(f" - {_wrap(-rhs.value)}")  # type: ignore[attr-defined]
    else:
        _print(lhs, False, out, dn, sn)
        out.append(" + ")
        _print(rhs, False, out, dn, sn)
    if strong:
        out.append(")")


def _id_list(n: int, prefix: str) -> str:
    return ", ".join(f"{prefix}{i}" for i in range(n))


def _max_positions(exprs: Iterable[AffineExpr]) -> tuple[int, int]:
    max_d = max_s = -1

    def visit(e: AffineExpr) -> None:
        nonlocal max_d, max_s
        if e.__class__ is AffineDimExpr:
            max_d = max(max_d, e.position)  # type: ignore[attr-defined]
        elif e.__class__ is AffineSymbolExpr:
            max_s = max(max_s, e.position)  # type: ignore[attr-defined]

    for e in exprs:
        e.walk(visit)
    return max_d, max_s


def _check_exprs(what: str, num_dims: int, num_symbols: int, exprs: tuple[AffineExpr, ...]) -> None:
    for e in exprs:
        if not isinstance(e, AffineExpr):
            raise TypeError(f"{what} expects AffineExpr, got {type(e).__name__}")
    max_d, max_s = _max_positions(exprs)
    if max_d >= num_dims:
        raise ValueError(f"{what} with {num_dims} dims uses d{max_d}")
    if max_s >= num_symbols:
        raise ValueError(f"{what} with {num_symbols} symbols uses s{max_s}")


# -- affine maps -----------------------------------------------------------------


class AffineMap:
    """A map ``(d0, ...)[s0, ...] -> (e0, ...)``; immutable, compared by value."""

    __slots__ = ("num_dims", "num_symbols", "results", "_hash")
    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]

    def __init__(self, num_dims: int, num_symbols: int, results: Iterable[AffineExpr] = ()) -> None:
        results = tuple(results)
        _check_exprs("AffineMap", num_dims, num_symbols, results)
        _init_map(self, num_dims, num_symbols, results)

    @classmethod
    def _make(cls, num_dims: int, num_symbols: int, results: tuple[AffineExpr, ...]) -> AffineMap:
        """Build without validation (for callers that guarantee well-formedness)."""
        m = _new(cls)
        _init_map(m, num_dims, num_symbols, results)
        return m

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("AffineMap is immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not AffineMap:
            return False
        return (
            self.num_dims == other.num_dims  # type: ignore[attr-defined]
            and self.num_symbols == other.num_symbols  # type: ignore[attr-defined]
            and self.results == other.results  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.num_dims, self.num_symbols, self.results))
            object.__setattr__(self, "_hash", h)
        return h

    def __reduce__(self) -> tuple[object, ...]:
        return (AffineMap, (self.num_dims, self.num_symbols, self.results))

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"AffineMap<{self}>"

    def to_string(self) -> str:
        """Text as inside ``affine_map<...>``."""
        parts = [f"({_id_list(self.num_dims, 'd')})"]
        if self.num_symbols:
            parts.append(f"[{_id_list(self.num_symbols, 's')}]")
        parts.append(" -> (")
        parts.append(", ".join(str(e) for e in self.results))
        parts.append(")")
        return "".join(parts)

    # -- factories

    @staticmethod
    def identity(num_dims: int) -> AffineMap:
        """``(d0, ..., dn-1) -> (d0, ..., dn-1)``."""
        return AffineMap._make(num_dims, 0, tuple(dim(i) for i in range(num_dims)))

    @staticmethod
    def constant_map(value: int) -> AffineMap:
        """``() -> (value)``."""
        return AffineMap._make(0, 0, (const(value),))

    @staticmethod
    def permutation(perm: Sequence[int]) -> AffineMap:
        """``(d0, ...) -> (d_perm[0], ...)``; ``perm`` must be a permutation."""
        if not perm:
            raise ValueError("cannot create a permutation map from an empty permutation")
        m = AffineMap._make(max(perm) + 1, 0, tuple(dim(p) for p in perm))
        if not m.is_permutation():
            raise ValueError(f"{list(perm)} is not a permutation")
        return m

    @staticmethod
    def minor_identity(num_dims: int, num_results: int) -> AffineMap:
        """Identity on the ``num_results`` innermost dims."""
        if num_results > num_dims:
            raise ValueError("minor identity needs num_dims >= num_results")
        return AffineMap._make(
            num_dims, 0, tuple(dim(i) for i in range(num_dims - num_results, num_dims))
        )

    @staticmethod
    def multi_dim_with_targets(num_dims: int, targets: Sequence[int]) -> AffineMap:
        """``(d0, ...) -> (d_t0, d_t1, ...)`` for the given target dims."""
        return AffineMap(num_dims, 0, tuple(dim(t) for t in targets))

    # -- properties

    @property
    def num_inputs(self) -> int:
        return self.num_dims + self.num_symbols

    @property
    def num_results(self) -> int:
        return len(self.results)

    def get_result(self, index: int) -> AffineExpr:
        return self.results[index]

    def get_dim_position(self, index: int) -> int:
        """Position of the dimension that result ``index`` is (it must be one)."""
        r = self.results[index]
        if r.__class__ is not AffineDimExpr:
            raise ValueError(f"result {index} ({r}) is not a dimension")
        return r.position  # type: ignore[attr-defined]

    def is_empty(self) -> bool:
        return self.num_dims == 0 and self.num_symbols == 0 and not self.results

    def is_identity(self) -> bool:
        if self.num_dims != len(self.results):
            return False
        return all(r == dim(i) for i, r in enumerate(self.results))

    def is_minor_identity(self) -> bool:
        return self.num_dims >= len(self.results) and self == AffineMap.minor_identity(
            self.num_dims, len(self.results)
        )

    def is_projected_permutation(self, allow_zero_in_results: bool = False) -> bool:
        """Results are distinct dims (or zeros, if allowed); no symbols."""
        if self.num_symbols > 0 or len(self.results) > self.num_inputs:
            return False
        seen = [False] * self.num_inputs
        for r in self.results:
            if r.__class__ is AffineDimExpr:
                if seen[r.position]:  # type: ignore[attr-defined]
                    return False
                seen[r.position] = True  # type: ignore[attr-defined]
            elif not (allow_zero_in_results and r == _ZERO):
                return False
        return True

    def is_permutation(self) -> bool:
        return self.num_dims == len(self.results) and self.is_projected_permutation()

    def is_single_constant(self) -> bool:
        return len(self.results) == 1 and _is_const(self.results[0])

    def is_constant(self) -> bool:
        return all(_is_const(r) for r in self.results)

    @property
    def single_constant_result(self) -> int:
        if not self.is_single_constant():
            raise ValueError("map must have a single constant result")
        return self.results[0].value  # type: ignore[attr-defined]

    @property
    def constant_results(self) -> tuple[int, ...]:
        if not self.is_constant():
            raise ValueError("map must have only constant results")
        return tuple(r.value for r in self.results)  # type: ignore[attr-defined]

    def is_function_of_dim(self, position: int) -> bool:
        return any(r.is_function_of_dim(position) for r in self.results)

    def is_function_of_symbol(self, position: int) -> bool:
        return any(r.is_function_of_symbol(position) for r in self.results)

    # -- transformations

    def walk_exprs(self, callback: Callable[[AffineExpr], object]) -> None:
        for r in self.results:
            r.walk(callback)

    def replace_dims_and_symbols(
        self,
        dims: Sequence[AffineExpr],
        syms: Sequence[AffineExpr],
        num_result_dims: int,
        num_result_syms: int,
    ) -> AffineMap:
        """Substitute into every result; the caller gives the new dim/symbol counts."""
        return AffineMap(
            num_result_dims,
            num_result_syms,
            tuple(r.replace_dims_and_symbols(dims, syms) for r in self.results),
        )

    def shift_dims(self, shift: int, offset: int = 0) -> AffineMap:
        return AffineMap(
            self.num_dims + shift,
            self.num_symbols,
            tuple(r.shift_dims(self.num_dims, shift, offset) for r in self.results),
        )

    def shift_symbols(self, shift: int, offset: int = 0) -> AffineMap:
        return AffineMap(
            self.num_dims,
            self.num_symbols + shift,
            tuple(r.shift_symbols(self.num_symbols, shift, offset) for r in self.results),
        )

    def compose(self, other: AffineMap) -> AffineMap:
        """``self ∘ other`` (upstream AffineMap::compose): feed ``other``'s results
        into ``self``'s dims.  Symbols of ``self`` come first, then ``other``'s."""
        if self.num_dims != len(other.results):
            raise ValueError(
                f"cannot compose: {self.num_dims} dims vs {len(other.results)} results"
            )
        n_syms_self = self.num_symbols
        num_symbols = n_syms_self + other.num_symbols
        new_dims = [dim(i) for i in range(other.num_dims)]
        new_syms = [sym(i) for i in range(n_syms_self, num_symbols)]
        shifted = [r.replace_dims_and_symbols(new_dims, new_syms) for r in other.results]
        return AffineMap(
            other.num_dims,
            num_symbols,
            tuple(r.replace_dims_and_symbols(shifted, ()) for r in self.results),
        )

    def compose_values(self, values: Sequence[int]) -> tuple[int, ...]:
        """Apply a symbol-less map to constant dims (upstream compose(ArrayRef))."""
        if self.num_symbols:
            raise ValueError("expected a symbol-less map")
        return self.evaluate(values, ())

    def inverse_permutation(self) -> AffineMap | None:
        """Inverse of the permutation part (upstream inversePermutation); None if
        the dims cannot all be recovered."""
        if self.is_empty():
            return self
        if self.num_symbols:
            raise ValueError("expected a map without symbols")
        exprs: list[AffineExpr | None] = [None] * self.num_dims
        for i, r in enumerate(self.results):
            if r.__class__ is AffineDimExpr and exprs[r.position] is None:  # type: ignore[attr-defined]
                exprs[r.position] = dim(i)  # type: ignore[attr-defined]
        seen = tuple(e for e in exprs if e is not None)
        if len(seen) != self.num_inputs:
            return None
        return AffineMap(len(self.results), 0, seen)

    def sub_map(self, indices: Iterable[int]) -> AffineMap:
        """Map with the results at ``indices``, in that order."""
        return AffineMap._make(
            self.num_dims, self.num_symbols, tuple(self.results[i] for i in indices)
        )

    def drop_results(self, indices: Iterable[int]) -> AffineMap:
        """Map without the results at ``indices``."""
        drop = set(indices)
        return AffineMap._make(
            self.num_dims,
            self.num_symbols,
            tuple(r for i, r in enumerate(self.results) if i not in drop),
        )

    def drop_result(self, index: int) -> AffineMap:
        return self.drop_results((index,))

    def evaluate(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> tuple[int, ...]:
        """Values of all results at the given point (see AffineExpr.evaluate)."""
        if len(dims) != self.num_dims or len(syms) != self.num_symbols:
            raise ValueError(
                f"map expects {self.num_dims} dims and {self.num_symbols} symbols, "
                f"got {len(dims)} and {len(syms)}"
            )
        return tuple(r.evaluate(dims, syms) for r in self.results)


def _init_map(m: AffineMap, nd: int, ns: int, results: tuple[AffineExpr, ...]) -> None:
    _set_md(m, nd)
    _set_ms(m, ns)
    _set_mr(m, results)
    _set_mh(m, None)


_set_md = AffineMap.num_dims.__set__  # type: ignore[attr-defined]
_set_ms = AffineMap.num_symbols.__set__  # type: ignore[attr-defined]
_set_mr = AffineMap.results.__set__  # type: ignore[attr-defined]
_set_mh = AffineMap._hash.__set__  # type: ignore[attr-defined]


# -- integer sets ----------------------------------------------------------------


class IntegerSet:
    """Conjunction of constraints ``e == 0`` / ``e >= 0`` over dims and symbols."""

    __slots__ = ("num_dims", "num_symbols", "constraints", "eq_flags", "_hash")
    num_dims: int
    num_symbols: int
    constraints: tuple[AffineExpr, ...]
    eq_flags: tuple[bool, ...]

    def __init__(
        self,
        num_dims: int,
        num_symbols: int,
        constraints: Iterable[AffineExpr],
        eq_flags: Iterable[bool],
    ) -> None:
        constraints = tuple(constraints)
        eq_flags = tuple(bool(f) for f in eq_flags)
        if len(constraints) != len(eq_flags):
            raise ValueError("IntegerSet needs one eq flag per constraint")
        _check_exprs("IntegerSet", num_dims, num_symbols, constraints)
        _init_set(self, num_dims, num_symbols, constraints, eq_flags)

    @classmethod
    def _make(
        cls,
        num_dims: int,
        num_symbols: int,
        constraints: tuple[AffineExpr, ...],
        eq_flags: tuple[bool, ...],
    ) -> IntegerSet:
        s = _new(cls)
        _init_set(s, num_dims, num_symbols, constraints, eq_flags)
        return s

    @staticmethod
    def empty_set(num_dims: int, num_symbols: int) -> IntegerSet:
        """The canonical empty set ``1 == 0`` (upstream getEmptySet)."""
        return IntegerSet._make(num_dims, num_symbols, (const(1),), (True,))

    @staticmethod
    def universe(num_dims: int, num_symbols: int) -> IntegerSet:
        """The set ``0 == 0`` that upstream builds for an empty constraint list."""
        return IntegerSet._make(num_dims, num_symbols, (_ZERO,), (True,))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("IntegerSet is immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not IntegerSet:
            return False
        return (
            self.num_dims == other.num_dims  # type: ignore[attr-defined]
            and self.num_symbols == other.num_symbols  # type: ignore[attr-defined]
            and self.eq_flags == other.eq_flags  # type: ignore[attr-defined]
            and self.constraints == other.constraints  # type: ignore[attr-defined]
        )

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.num_dims, self.num_symbols, self.constraints, self.eq_flags))
            object.__setattr__(self, "_hash", h)
        return h

    def __reduce__(self) -> tuple[object, ...]:
        return (IntegerSet, (self.num_dims, self.num_symbols, self.constraints, self.eq_flags))

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"IntegerSet<{self}>"

    def to_string(self) -> str:
        """Text as inside ``affine_set<...>``."""
        parts = [f"({_id_list(self.num_dims, 'd')})"]
        if self.num_symbols:
            parts.append(f"[{_id_list(self.num_symbols, 's')}]")
        parts.append(" : (")
        parts.append(
            ", ".join(
                f"{c} == 0" if eq else f"{c} >= 0"
                for c, eq in zip(self.constraints, self.eq_flags)
            )
        )
        parts.append(")")
        return "".join(parts)

    @property
    def num_inputs(self) -> int:
        return self.num_dims + self.num_symbols

    @property
    def num_constraints(self) -> int:
        return len(self.constraints)

    @property
    def num_equalities(self) -> int:
        return sum(self.eq_flags)

    @property
    def num_inequalities(self) -> int:
        return len(self.eq_flags) - sum(self.eq_flags)

    def is_empty_integer_set(self) -> bool:
        """True for the canonical empty set ``1 == 0`` only (upstream semantics)."""
        return self.constraints == (const(1),) and self.eq_flags == (True,)

    def replace_dims_and_symbols(
        self,
        dims: Sequence[AffineExpr],
        syms: Sequence[AffineExpr],
        num_result_dims: int,
        num_result_syms: int,
    ) -> IntegerSet:
        return IntegerSet(
            num_result_dims,
            num_result_syms,
            tuple(c.replace_dims_and_symbols(dims, syms) for c in self.constraints),
            self.eq_flags,
        )

    def contains(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> bool:
        """Whether the integer point satisfies every constraint."""
        if len(dims) != self.num_dims or len(syms) != self.num_symbols:
            raise ValueError(
                f"set expects {self.num_dims} dims and {self.num_symbols} symbols, "
                f"got {len(dims)} and {len(syms)}"
            )
        for c, eq in zip(self.constraints, self.eq_flags):
            v = c.evaluate(dims, syms)
            if (v != 0) if eq else (v < 0):
                return False
        return True


def _init_set(
    s: IntegerSet, nd: int, ns: int, cs: tuple[AffineExpr, ...], eqs: tuple[bool, ...]
) -> None:
    _set_sd(s, nd)
    _set_ss(s, ns)
    _set_sc(s, cs)
    _set_se(s, eqs)
    _set_sh(s, None)


_set_sd = IntegerSet.num_dims.__set__  # type: ignore[attr-defined]
_set_ss = IntegerSet.num_symbols.__set__  # type: ignore[attr-defined]
_set_sc = IntegerSet.constraints.__set__  # type: ignore[attr-defined]
_set_se = IntegerSet.eq_flags.__set__  # type: ignore[attr-defined]
_set_sh = IntegerSet._hash.__set__  # type: ignore[attr-defined]
