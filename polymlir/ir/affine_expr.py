"""Affine expressions, affine maps and integer sets, built and printed as MLIR does.

Expressions are immutable values.  The arithmetic operators apply upstream
MLIR's construction-time simplifications (``AffineExpr.cpp``: simplifyAdd,
simplifyMul, simplifyFloorDiv, simplifyCeilDiv, simplifyMod), so that an
expression built here has the same tree, and therefore prints the same text,
as the one mlir-opt builds from the same operations.  ``str()`` reproduces
MLIR's AsmPrinter (``d0 * 2 - s0 floordiv 4``).  The target is the behaviour
of mlir-opt 22, checked differentially against it.

AffineMap and IntegerSet are defined in :mod:`polymlir.ir.affine_map`.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from polymlir.ir.affine_map import AffineMap

__all__ = [
    "AffineBinaryExpr",
    "AffineConstantExpr",
    "AffineDimExpr",
    "AffineExpr",
    "AffineExprKind",
    "AffineSymbolExpr",
    "binary",
    "const",
    "dim",
    "sym",
]

_I64_MIN = -(1 << 63)
_I64_MAX = (1 << 63) - 1
_U64_MASK = (1 << 64) - 1


def _wrap(v: int) -> int:
    """Two's-complement wrap to int64, as the C++ int64 arithmetic of upstream folds."""
    if _I64_MIN <= v <= _I64_MAX:
        return v
    v &= _U64_MASK
    return v - (1 << 64) if v > _I64_MAX else v


def _tdiv(a: int, b: int) -> int:
    """C++ (truncating) integer division."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _gcd64(a: int, b: int) -> int:
    # Upstream takes std::gcd of the operands cast to uint64.
    return _wrap(math.gcd(a & _U64_MASK, b & _U64_MASK))


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


def _slot_setter(cls: type, name: str) -> Any:
    # Slot descriptors write past the immutability guard in __setattr__.
    return cls.__dict__[name].__set__


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

    # -- construction: operators simplify exactly as upstream's do

    def __add__(self, other: AffineExpr | int) -> AffineExpr:
        return _add(self, _as_expr(other))

    def __radd__(self, other: int) -> AffineExpr:
        return _add(self, _as_expr(other))

    def __sub__(self, other: AffineExpr | int) -> AffineExpr:
        if isinstance(other, int):  # upstream `e - v` is `e + (-v)` in int64
            return _add(self, const(_wrap(-other)))
        return _add(self, _mul(_as_expr(other), _MINUS_ONE))

    def __rsub__(self, other: int) -> AffineExpr:
        # Upstream: `v - e` is `e * -1 + v`.
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

    # -- queries

    def is_symbolic_or_constant(self) -> bool:
        """True if the expression uses no dimension."""
        return self._symbolic

    def is_pure_affine(self) -> bool:
        """True if mul/div/mod only involve constant operands (upstream isPureAffine)."""
        return True

    def get_largest_known_divisor(self) -> int:
        """Largest integer known to divide the expression's value (upstream's rules)."""
        return 1

    def is_multiple_of(self, factor: int) -> bool:
        """Upstream isMultipleOf: a sound but incomplete divisibility test."""
        return factor * factor == 1

    def is_function_of_dim(self, position: int) -> bool:
        """True if dimension ``position`` occurs in the expression."""
        return False

    def is_function_of_symbol(self, position: int) -> bool:
        """True if symbol ``position`` occurs in the expression."""
        return False

    def walk(self, callback: Callable[[AffineExpr], object]) -> None:
        """Call ``callback`` on every subexpression, in post-order."""
        callback(self)

    def replace_dims_and_symbols(self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr] = ()) -> AffineExpr:
        """Substitute ``dims[i]`` for ``d<i>`` and ``syms[j]`` for ``s<j>``, rebuilding
        with the simplifying operators.  Positions past a list's end are kept."""
        return self

    def replace(self, mapping: dict[AffineExpr, AffineExpr]) -> AffineExpr:
        """Replace whole subexpressions found in ``mapping`` (upstream replace)."""
        return mapping.get(self, self)

    def shift_dims(self, num_dims: int, shift: int, offset: int = 0) -> AffineExpr:
        """Rename ``d<i>`` to ``d<i+shift>`` for ``offset <= i < num_dims``."""
        dims = [dim(i) for i in range(offset)] + [dim(i + shift) for i in range(offset, num_dims)]
        return self.replace_dims_and_symbols(dims, ())

    def shift_symbols(self, num_symbols: int, shift: int, offset: int = 0) -> AffineExpr:
        """Rename ``s<i>`` to ``s<i+shift>`` for ``offset <= i < num_symbols``."""
        syms = [sym(i) for i in range(offset)] + [sym(i + shift) for i in range(offset, num_symbols)]
        return self.replace_dims_and_symbols((), syms)

    def compose(self, amap: AffineMap) -> AffineExpr:
        """Substitute the results of ``amap`` for the dimensions of ``self``."""
        return self.replace_dims_and_symbols(amap.results, ())

    def evaluate(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> int:
        """Value at an integer point.

        floordiv/ceildiv round toward -inf/+inf; ``mod`` by a positive divisor is
        non-negative.  Division by zero raises ZeroDivisionError; ``mod`` by a
        non-positive value raises ValueError (upstream folds it to poison).
        """
        raise NotImplementedError

    def to_string(self, dim_names: Sequence[str] | None = None, sym_names: Sequence[str] | None = None) -> str:
        """Print as MLIR does, optionally naming dims and symbols (e.g. ``%i``,
        ``symbol(%n)`` for the affine dialect's operand lists)."""
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
        return self is other or (isinstance(other, AffineDimExpr) and other.position == self.position)

    def __hash__(self) -> int:
        return hash((6, self.position))

    def __reduce__(self) -> tuple[object, ...]:
        return (dim, (self.position,))

    def is_function_of_dim(self, position: int) -> bool:
        return position == self.position

    def replace_dims_and_symbols(self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr] = ()) -> AffineExpr:
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
        return self is other or (isinstance(other, AffineSymbolExpr) and other.position == self.position)

    def __hash__(self) -> int:
        return hash((7, self.position))

    def __reduce__(self) -> tuple[object, ...]:
        return (sym, (self.position,))

    def is_function_of_symbol(self, position: int) -> bool:
        return position == self.position

    def replace_dims_and_symbols(self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr] = ()) -> AffineExpr:
        return syms[self.position] if self.position < len(syms) else self

    def evaluate(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> int:
        return syms[self.position]


class AffineConstantExpr(AffineExpr):
    """Integer constant; an int64, as upstream."""

    __slots__ = ("value",)
    kind = AffineExprKind.CONSTANT
    _symbolic = True
    value: int

    def __init__(self, value: int) -> None:
        if not _I64_MIN <= value <= _I64_MAX:
            raise ValueError(f"affine constant {value} does not fit in int64")
        object.__setattr__(self, "value", value)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, AffineConstantExpr) and other.value == self.value)

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
    """``lhs <kind> rhs``.  The constructor builds the node as given; the
    operators (or :func:`binary`) build upstream's simplified form."""

    __slots__ = ("_hash", "_symbolic", "kind", "lhs", "rhs")
    kind: AffineExprKind
    lhs: AffineExpr
    rhs: AffineExpr
    _hash: int | None

    def __init__(self, kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> None:
        if kind > CEILDIV:
            raise ValueError(f"{kind!r} is not a binary affine expression kind")
        if not (isinstance(lhs, AffineExpr) and isinstance(rhs, AffineExpr)):
            raise TypeError("operands of an affine binary expression must be AffineExpr")
        _init_bin(self, AffineExprKind(kind), lhs, rhs)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, AffineBinaryExpr):
            return False
        return self.kind is other.kind and self.rhs == other.rhs and self.lhs == other.lhs

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.kind, self.lhs, self.rhs))
            _set_bin_hash(self, h)
        return h

    def __reduce__(self) -> tuple[object, ...]:
        return (AffineBinaryExpr, (self.kind, self.lhs, self.rhs))

    def is_pure_affine(self) -> bool:
        lhs, rhs, kind = self.lhs, self.rhs, self.kind
        if kind is ADD:
            return lhs.is_pure_affine() and rhs.is_pure_affine()
        if kind is MUL:
            return (
                lhs.is_pure_affine()
                and rhs.is_pure_affine()
                and (isinstance(lhs, AffineConstantExpr) or isinstance(rhs, AffineConstantExpr))
            )
        return lhs.is_pure_affine() and isinstance(rhs, AffineConstantExpr)

    def get_largest_known_divisor(self) -> int:
        kind = self.kind
        if kind is MUL:
            return _wrap(self.lhs.get_largest_known_divisor() * self.rhs.get_largest_known_divisor())
        if kind is ADD or kind is MOD:
            return _gcd64(self.lhs.get_largest_known_divisor(), self.rhs.get_largest_known_divisor())
        # floordiv/ceildiv: an exact quotient of a known divisor is a known divisor.
        rhs = self.rhs
        if isinstance(rhs, AffineConstantExpr) and rhs.value != 0:
            lhs_div = self.lhs.get_largest_known_divisor()
            if lhs_div % rhs.value == 0:
                return abs(_tdiv(lhs_div, rhs.value))
        return 1

    def is_multiple_of(self, factor: int) -> bool:
        lhs_div = self.lhs.get_largest_known_divisor()
        rhs_div = self.rhs.get_largest_known_divisor()
        if self.kind is MUL:
            return lhs_div % factor == 0 or rhs_div % factor == 0 or _wrap(lhs_div * rhs_div) % factor == 0
        return _gcd64(lhs_div, rhs_div) % factor == 0

    def is_function_of_dim(self, position: int) -> bool:
        return self.lhs.is_function_of_dim(position) or self.rhs.is_function_of_dim(position)

    def is_function_of_symbol(self, position: int) -> bool:
        return self.lhs.is_function_of_symbol(position) or self.rhs.is_function_of_symbol(position)

    def walk(self, callback: Callable[[AffineExpr], object]) -> None:
        self.lhs.walk(callback)
        self.rhs.walk(callback)
        callback(self)

    def replace_dims_and_symbols(self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr] = ()) -> AffineExpr:
        lhs, rhs = self.lhs, self.rhs
        new_lhs = lhs.replace_dims_and_symbols(dims, syms)
        new_rhs = rhs.replace_dims_and_symbols(dims, syms)
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


_set_bin_kind = _slot_setter(AffineBinaryExpr, "kind")
_set_bin_lhs = _slot_setter(AffineBinaryExpr, "lhs")
_set_bin_rhs = _slot_setter(AffineBinaryExpr, "rhs")
_set_bin_symbolic = _slot_setter(AffineBinaryExpr, "_symbolic")
_set_bin_hash = _slot_setter(AffineBinaryExpr, "_hash")
_new = object.__new__


def _init_bin(node: AffineBinaryExpr, kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> None:
    _set_bin_kind(node, kind)
    _set_bin_lhs(node, lhs)
    _set_bin_rhs(node, rhs)
    _set_bin_symbolic(node, lhs._symbolic and rhs._symbolic)
    _set_bin_hash(node, None)


def _make_bin(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineBinaryExpr:
    node: AffineBinaryExpr = _new(AffineBinaryExpr)
    _init_bin(node, kind, lhs, rhs)
    return node


# -- leaves are interned: dims, symbols and small constants are shared objects

_DIMS: list[AffineDimExpr] = [AffineDimExpr(i) for i in range(16)]
_SYMS: list[AffineSymbolExpr] = [AffineSymbolExpr(i) for i in range(16)]
_CONSTS: dict[int, AffineConstantExpr] = {v: AffineConstantExpr(v) for v in range(-16, 257)}
_MINUS_ONE = _CONSTS[-1]
_ZERO = _CONSTS[0]
_ONE = _CONSTS[1]


def dim(position: int) -> AffineDimExpr:
    """The dimension expression ``d<position>``."""
    if position < 0:
        raise ValueError("dimension position must be non-negative")
    while len(_DIMS) <= position:
        _DIMS.append(AffineDimExpr(len(_DIMS)))
    return _DIMS[position]


def sym(position: int) -> AffineSymbolExpr:
    """The symbol expression ``s<position>``."""
    if position < 0:
        raise ValueError("symbol position must be non-negative")
    while len(_SYMS) <= position:
        _SYMS.append(AffineSymbolExpr(len(_SYMS)))
    return _SYMS[position]


def const(value: int) -> AffineConstantExpr:
    """The constant expression ``value`` (must fit in int64)."""
    c = _CONSTS.get(value)
    return c if c is not None else AffineConstantExpr(value)


def _as_expr(x: AffineExpr | int) -> AffineExpr:
    if isinstance(x, AffineExpr):
        return x
    if isinstance(x, int):
        return const(x)
    raise TypeError(f"cannot use {type(x).__name__} in an affine expression")


def binary(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """``lhs <kind> rhs`` with upstream's simplifications (getAffineBinaryOpExpr)."""
    return _BUILDERS[kind](lhs, rhs)


# -- upstream's construction-time simplifications
# Each _simplify_* follows the C++ function of the same name and returns None
# when the node must be built as is.  Where C++ int64 arithmetic would wrap we
# wrap; where upstream declines to fold on overflow we decline too.


def _leaf_out_of_order(lhs: AffineExpr, rhs: AffineExpr) -> bool:
    # mlir-opt 22 orders the operands of + and * when both are dims (or both
    # symbols): `d1 + d0` is built as `d0 + d1`, `s1 * s0` as `s0 * s1`.
    # Observed behaviour; only leaf operands are reordered.
    if isinstance(lhs, AffineDimExpr):
        return isinstance(rhs, AffineDimExpr) and lhs.position > rhs.position
    if isinstance(lhs, AffineSymbolExpr):
        return isinstance(rhs, AffineSymbolExpr) and lhs.position > rhs.position
    return False


def _const_rhs(e: AffineExpr, kind: AffineExprKind) -> int | None:
    """The constant ``c`` if ``e`` is ``x <kind> c``."""
    if isinstance(e, AffineBinaryExpr) and e.kind is kind and isinstance(e.rhs, AffineConstantExpr):
        return e.rhs.value
    return None


def _simplify_add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lhs_c = isinstance(lhs, AffineConstantExpr)
    if isinstance(lhs, AffineConstantExpr) and isinstance(rhs, AffineConstantExpr):
        total = lhs.value + rhs.value
        return const(total) if _I64_MIN <= total <= _I64_MAX else None
    if _leaf_out_of_order(lhs, rhs):
        return _add(rhs, lhs)
    # Only the rhs may be a constant; a lone symbolic operand goes right.
    if lhs_c or (lhs._symbolic and not rhs._symbolic):
        return _add(rhs, lhs)
    rhs_const = rhs.value if isinstance(rhs, AffineConstantExpr) else None
    if rhs_const == 0:
        return lhs
    lbin = lhs if isinstance(lhs, AffineBinaryExpr) else None
    lhs_add_c = _const_rhs(lhs, ADD)
    # (d0 + 2) + 3 -> d0 + 5
    if lbin is not None and rhs_const is not None and lhs_add_c is not None:
        return _add(lbin.lhs, const(_wrap(lhs_add_c + rhs_const)))
    # c1 * e + c2 * e -> (c1 + c2) * e
    lcoef = _const_rhs(lhs, MUL)
    first = lbin.lhs if lbin is not None and lcoef is not None else lhs
    rcoef = _const_rhs(rhs, MUL)
    rbin = rhs if isinstance(rhs, AffineBinaryExpr) else None
    second = rbin.lhs if rbin is not None and rcoef is not None else rhs
    if first == second:
        return _mul(first, const(_wrap((1 if lcoef is None else lcoef) + (1 if rcoef is None else rcoef))))
    # (d0 + 2) + d1 -> (d0 + d1) + 2
    if lbin is not None and lhs_add_c is not None:
        return _add(_add(lbin.lhs, rhs), lbin.rhs)
    if rbin is None:
        return None
    # e + ((e floordiv q) * q) * -1 -> e mod q
    lrhs, rrhs = rbin.lhs, rbin.rhs
    if (
        isinstance(rrhs, AffineConstantExpr)
        and rrhs.value == -1
        and isinstance(lrhs, AffineBinaryExpr)
        and lrhs.kind is MUL
    ):
        inner = lrhs.lhs
        if not (isinstance(inner, AffineBinaryExpr) and inner.kind is FLOORDIV):
            return None
        if inner.rhs == lrhs.rhs and lhs == inner.lhs:
            return _mod(lhs, lrhs.rhs)
    # e + (e floordiv c) * -c -> e mod c, for a positive constant c
    if not (isinstance(lrhs, AffineBinaryExpr) and rbin.kind is MUL and lrhs.kind is FLOORDIV):
        return None
    divisor = lrhs.rhs
    if (
        isinstance(divisor, AffineConstantExpr)
        and divisor.value > 0
        and lhs == lrhs.lhs
        and divisor == _mul(rrhs, _MINUS_ONE)
    ):
        return _mod(lhs, divisor)
    # (x + y) + (e floordiv c) * k -> x + (y + (e floordiv c) * k) when the inner
    # sum simplifies.  Observed behaviour of mlir-opt 22 (which finds `x + y mod c`
    # in `(x + y) - (y floordiv c) * c`); only the right summand of lhs is tried.
    if lbin is not None and lbin.kind is ADD:
        inner_sum = _simplify_add(lbin.rhs, rhs)
        if inner_sum is not None:
            return _add(lbin.lhs, inner_sum)
    return None


def _add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    r = _simplify_add(lhs, rhs)
    return r if r is not None else _make_bin(ADD, lhs, rhs)


def _simplify_mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lhs_c = isinstance(lhs, AffineConstantExpr)
    if isinstance(lhs, AffineConstantExpr) and isinstance(rhs, AffineConstantExpr):
        prod = lhs.value * rhs.value
        return const(prod) if _I64_MIN <= prod <= _I64_MAX else None
    if _leaf_out_of_order(lhs, rhs):
        return _mul(rhs, lhs)
    if not lhs._symbolic and not rhs._symbolic:
        return None  # a non-affine product is kept as built
    # The constant (else the symbolic) operand goes right.
    if not rhs._symbolic or lhs_c:
        return _mul(rhs, lhs)
    rhs_const = rhs.value if isinstance(rhs, AffineConstantExpr) else None
    if rhs_const == 1:
        return lhs
    if rhs_const == 0:
        return rhs
    lhs_mul_c = _const_rhs(lhs, MUL)
    if lhs_mul_c is not None:
        assert isinstance(lhs, AffineBinaryExpr)
        if rhs_const is not None:  # (d0 * 2) * 3 -> d0 * 6
            return _mul(lhs.lhs, const(_wrap(lhs_mul_c * rhs_const)))
        return _mul(_mul(lhs.lhs, rhs), lhs.rhs)  # (d0 * 2) * s0 -> (d0 * s0) * 2
    return None


def _mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    r = _simplify_mul(lhs, rhs)
    return r if r is not None else _make_bin(MUL, lhs, rhs)


def _simplify_div(lhs: AffineExpr, rhs: AffineExpr, ceil: bool) -> AffineExpr | None:
    """simplifyFloorDiv / simplifyCeilDiv."""
    if not isinstance(rhs, AffineConstantExpr) or rhs.value == 0:
        return None
    c = rhs.value
    if isinstance(lhs, AffineConstantExpr):
        if lhs.value == _I64_MIN and c == -1:
            return None  # the quotient overflows
        return const(-(-lhs.value // c) if ceil else lhs.value // c)
    if c == 1:
        return lhs
    if not isinstance(lhs, AffineBinaryExpr):
        return None
    factor = _const_rhs(lhs, MUL)
    if factor is not None and factor % c == 0:  # (e * 128) floordiv 64 -> e * 2
        return _mul(lhs.lhs, const(_wrap(_tdiv(factor, c))))
    if (
        not ceil
        and lhs.kind is ADD
        and (lhs.lhs.get_largest_known_divisor() % c == 0 or lhs.rhs.get_largest_known_divisor() % c == 0)
    ):
        return _add(_floordiv(lhs.lhs, rhs), _floordiv(lhs.rhs, rhs))
    return None


def _floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    r = _simplify_div(lhs, rhs, False)
    return r if r is not None else _make_bin(FLOORDIV, lhs, rhs)


def _ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    r = _simplify_div(lhs, rhs, True)
    return r if r is not None else _make_bin(CEILDIV, lhs, rhs)


def _simplify_mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    if not isinstance(rhs, AffineConstantExpr) or rhs.value < 1:
        return None  # mod by zero or a negative number is left as is
    c = rhs.value
    if isinstance(lhs, AffineConstantExpr):
        return const(lhs.value % c)
    if lhs.get_largest_known_divisor() % c == 0:
        return _ZERO
    if isinstance(lhs, AffineBinaryExpr):
        if lhs.kind is ADD:
            if lhs.lhs.get_largest_known_divisor() % c == 0:
                return _mod(lhs.rhs, rhs)
            if lhs.rhs.get_largest_known_divisor() % c == 0:
                return _mod(lhs.lhs, rhs)
        inner = _const_rhs(lhs, MOD)  # (e mod a) mod b -> e mod b when b divides a
        if inner is not None and inner >= 1 and inner % c == 0:
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


# -- printing: upstream AsmPrinter::printAffineExprInternal


def _print(e: AffineExpr, strong: bool, out: list[str], dn: Sequence[str] | None, sn: Sequence[str] | None) -> None:
    if isinstance(e, AffineDimExpr):
        out.append(dn[e.position] if dn is not None else f"d{e.position}")
        return
    if isinstance(e, AffineSymbolExpr):
        out.append(sn[e.position] if sn is not None else f"s{e.position}")
        return
    if isinstance(e, AffineConstantExpr):
        out.append(str(e.value))
        return
    assert isinstance(e, AffineBinaryExpr)
    kind, lhs, rhs = e.kind, e.lhs, e.rhs
    if strong:
        out.append("(")
    if kind is not ADD:
        if kind is MUL and isinstance(rhs, AffineConstantExpr) and rhs.value == -1:
            out.append("-")
            _print(lhs, True, out, dn, sn)
        else:
            _print(lhs, True, out, dn, sn)
            out.append(_SPELLING[kind])
            _print(rhs, True, out, dn, sn)
    elif isinstance(rhs, AffineBinaryExpr) and (coef := _const_rhs(rhs, MUL)) is not None and coef <= -1:
        # Adding a negated product prints as a subtraction.
        _print(lhs, False, out, dn, sn)
        out.append(" - ")
        if coef == -1:
            inner = rhs.lhs
            _print(inner, isinstance(inner, AffineBinaryExpr) and inner.kind is ADD, out, dn, sn)
        else:
            _print(rhs.lhs, True, out, dn, sn)
            out.append(f" * {_wrap(-coef)}")
    elif isinstance(rhs, AffineConstantExpr) and rhs.value < 0:
        _print(lhs, False, out, dn, sn)
        out.append(f" - {_wrap(-rhs.value)}")
    else:
        _print(lhs, False, out, dn, sn)
        out.append(" + ")
        _print(rhs, False, out, dn, sn)
    if strong:
        out.append(")")
