"""Affine maps and integer sets, printed as MLIR prints them inside
``affine_map<...>`` and ``affine_set<...>``.  Also importable from
:mod:`polymlir.ir.affine_expr`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from polymlir.ir.affine_expr import (
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymbolExpr,
    _slot_setter,
    const,
    dim,
    sym,
)

__all__ = ["AffineMap", "IntegerSet"]

_new = object.__new__
_ZERO = const(0)
_ONE = const(1)


def _header(num_dims: int, num_symbols: int) -> str:
    text = "(" + ", ".join(f"d{i}" for i in range(num_dims)) + ")"
    if num_symbols:
        text += "[" + ", ".join(f"s{i}" for i in range(num_symbols)) + "]"
    return text


def _check_exprs(what: str, num_dims: int, num_symbols: int, exprs: tuple[AffineExpr, ...]) -> None:
    max_d = max_s = -1

    def visit(e: AffineExpr) -> None:
        nonlocal max_d, max_s
        if isinstance(e, AffineDimExpr):
            max_d = max(max_d, e.position)
        elif isinstance(e, AffineSymbolExpr):
            max_s = max(max_s, e.position)

    for e in exprs:
        if not isinstance(e, AffineExpr):
            raise TypeError(f"{what} expects AffineExpr, got {type(e).__name__}")
        e.walk(visit)
    if max_d >= num_dims:
        raise ValueError(f"{what} with {num_dims} dims uses d{max_d}")
    if max_s >= num_symbols:
        raise ValueError(f"{what} with {num_symbols} symbols uses s{max_s}")


def _check_point(what: str, nd: int, ns: int, dims: Sequence[int], syms: Sequence[int]) -> None:
    if len(dims) != nd or len(syms) != ns:
        raise ValueError(f"{what} expects {nd} dims and {ns} symbols, got {len(dims)} and {len(syms)}")


# -- affine maps


class AffineMap:
    """A map ``(d0, ...)[s0, ...] -> (e0, ...)``; immutable, compared by value."""

    __slots__ = ("_hash", "num_dims", "num_symbols", "results")
    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]
    _hash: int | None

    def __init__(self, num_dims: int, num_symbols: int, results: Iterable[AffineExpr] = ()) -> None:
        results = tuple(results)
        _check_exprs("AffineMap", num_dims, num_symbols, results)
        _init_map(self, num_dims, num_symbols, results)

    @classmethod
    def _make(cls, num_dims: int, num_symbols: int, results: tuple[AffineExpr, ...]) -> AffineMap:
        """Build without validation, for callers that guarantee well-formedness."""
        m: AffineMap = _new(cls)
        _init_map(m, num_dims, num_symbols, results)
        return m

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("AffineMap is immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, AffineMap):
            return False
        return (self.num_dims, self.num_symbols, self.results) == (other.num_dims, other.num_symbols, other.results)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.num_dims, self.num_symbols, self.results))
            _set_map_hash(self, h)
        return h

    def __reduce__(self) -> tuple[object, ...]:
        return (AffineMap, (self.num_dims, self.num_symbols, self.results))

    def __str__(self) -> str:
        return f"{_header(self.num_dims, self.num_symbols)} -> ({', '.join(str(e) for e in self.results)})"

    def __repr__(self) -> str:
        return f"AffineMap<{self}>"

    # -- factories (upstream AffineMap::get*Map)

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
        """``(d0, ...) -> (d<perm[0]>, ...)``; ``perm`` must be a permutation."""
        if not perm:
            raise ValueError("cannot create a permutation map from an empty permutation")
        m = AffineMap(max(perm) + 1, 0, tuple(dim(p) for p in perm))
        if not m.is_permutation():
            raise ValueError(f"{list(perm)} is not a permutation")
        return m

    @staticmethod
    def minor_identity(num_dims: int, num_results: int) -> AffineMap:
        """Identity on the ``num_results`` innermost of ``num_dims`` dims."""
        if num_results > num_dims:
            raise ValueError("a minor identity needs num_dims >= num_results")
        return AffineMap._make(num_dims, 0, tuple(dim(i) for i in range(num_dims - num_results, num_dims)))

    @staticmethod
    def multi_dim_with_targets(num_dims: int, targets: Sequence[int]) -> AffineMap:
        """``(d0, ...) -> (d<t0>, d<t1>, ...)``."""
        return AffineMap(num_dims, 0, tuple(dim(t) for t in targets))

    # -- queries

    @property
    def num_inputs(self) -> int:
        return self.num_dims + self.num_symbols

    @property
    def num_results(self) -> int:
        return len(self.results)

    def get_result(self, index: int) -> AffineExpr:
        return self.results[index]

    def get_dim_position(self, index: int) -> int:
        """Position of the dim that result ``index`` is (it must be a dim)."""
        r = self.results[index]
        if not isinstance(r, AffineDimExpr):
            raise TypeError(f"result {index} ({r}) is not a dimension")
        return r.position

    def is_empty(self) -> bool:
        return self.num_dims == 0 and self.num_symbols == 0 and not self.results

    def is_identity(self) -> bool:
        return self.num_dims == len(self.results) and all(r == dim(i) for i, r in enumerate(self.results))

    def is_minor_identity(self) -> bool:
        n = len(self.results)
        return self.num_dims >= n and self == AffineMap.minor_identity(self.num_dims, n)

    def is_projected_permutation(self, allow_zero_in_results: bool = False) -> bool:
        """Results are distinct dims (or zeros, if allowed) and there are no symbols."""
        if self.num_symbols > 0 or len(self.results) > self.num_inputs:
            return False
        seen = [False] * self.num_inputs
        for r in self.results:
            if isinstance(r, AffineDimExpr):
                if seen[r.position]:
                    return False
                seen[r.position] = True
            elif not (allow_zero_in_results and r == _ZERO):
                return False
        return True

    def is_permutation(self) -> bool:
        return self.num_dims == len(self.results) and self.is_projected_permutation()

    def is_single_constant(self) -> bool:
        return len(self.results) == 1 and isinstance(self.results[0], AffineConstantExpr)

    def is_constant(self) -> bool:
        return all(isinstance(r, AffineConstantExpr) for r in self.results)

    @property
    def single_constant_result(self) -> int:
        if not self.is_single_constant():
            raise ValueError("map must have a single constant result")
        r = self.results[0]
        assert isinstance(r, AffineConstantExpr)
        return r.value

    @property
    def constant_results(self) -> tuple[int, ...]:
        values = tuple(r.value for r in self.results if isinstance(r, AffineConstantExpr))
        if len(values) != len(self.results):
            raise ValueError("map must have only constant results")
        return values

    def is_function_of_dim(self, position: int) -> bool:
        return any(r.is_function_of_dim(position) for r in self.results)

    def is_function_of_symbol(self, position: int) -> bool:
        return any(r.is_function_of_symbol(position) for r in self.results)

    def walk_exprs(self, callback: Callable[[AffineExpr], object]) -> None:
        for r in self.results:
            r.walk(callback)

    # -- transformations

    def replace_dims_and_symbols(
        self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr], num_result_dims: int, num_result_syms: int
    ) -> AffineMap:
        """Substitute into every result; the caller gives the new dim/symbol counts."""
        results = tuple(r.replace_dims_and_symbols(dims, syms) for r in self.results)
        return AffineMap(num_result_dims, num_result_syms, results)

    def shift_dims(self, shift: int, offset: int = 0) -> AffineMap:
        """Rename dims ``>= offset`` up by ``shift`` (the map gains ``shift`` dims)."""
        results = tuple(r.shift_dims(self.num_dims, shift, offset) for r in self.results)
        return AffineMap(self.num_dims + shift, self.num_symbols, results)

    def shift_symbols(self, shift: int, offset: int = 0) -> AffineMap:
        """Rename symbols ``>= offset`` up by ``shift`` (the map gains ``shift`` symbols)."""
        results = tuple(r.shift_symbols(self.num_symbols, shift, offset) for r in self.results)
        return AffineMap(self.num_dims, self.num_symbols + shift, results)

    def compose(self, other: AffineMap) -> AffineMap:
        """``self ∘ other`` (upstream AffineMap::compose): ``other``'s results feed
        ``self``'s dims; the result has ``other``'s dims, then ``self``'s symbols
        followed by ``other``'s."""
        if self.num_dims != len(other.results):
            raise ValueError(f"cannot compose: {self.num_dims} dims vs {len(other.results)} results")
        num_symbols = self.num_symbols + other.num_symbols
        new_dims = [dim(i) for i in range(other.num_dims)]
        new_syms = [sym(i) for i in range(self.num_symbols, num_symbols)]
        fed = [r.replace_dims_and_symbols(new_dims, new_syms) for r in other.results]
        return AffineMap(other.num_dims, num_symbols, tuple(r.replace_dims_and_symbols(fed, ()) for r in self.results))

    def inverse_permutation(self) -> AffineMap | None:
        """Inverse of the permutation part (upstream inversePermutation), or None
        when some dim cannot be recovered from a result."""
        if self.is_empty():
            return self
        if self.num_symbols:
            raise ValueError("expected a map without symbols")
        exprs: list[AffineExpr | None] = [None] * self.num_dims
        for i, r in enumerate(self.results):
            if isinstance(r, AffineDimExpr) and exprs[r.position] is None:
                exprs[r.position] = dim(i)
        found = tuple(e for e in exprs if e is not None)
        return AffineMap(len(self.results), 0, found) if len(found) == self.num_inputs else None

    def sub_map(self, indices: Iterable[int]) -> AffineMap:
        """The map with the results at ``indices``, in that order."""
        return AffineMap._make(self.num_dims, self.num_symbols, tuple(self.results[i] for i in indices))

    def drop_results(self, indices: Iterable[int]) -> AffineMap:
        """The map without the results at ``indices``."""
        drop = set(indices)
        kept = tuple(r for i, r in enumerate(self.results) if i not in drop)
        return AffineMap._make(self.num_dims, self.num_symbols, kept)

    def evaluate(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> tuple[int, ...]:
        """Values of all results at an integer point (see AffineExpr.evaluate)."""
        _check_point("map", self.num_dims, self.num_symbols, dims, syms)
        return tuple(r.evaluate(dims, syms) for r in self.results)


_set_map_fields = [_slot_setter(AffineMap, n) for n in ("num_dims", "num_symbols", "results", "_hash")]
_set_map_hash = _set_map_fields[3]


def _init_map(m: AffineMap, nd: int, ns: int, results: tuple[AffineExpr, ...]) -> None:
    for setter, value in zip(_set_map_fields, (nd, ns, results, None), strict=True):
        setter(m, value)


# -- integer sets


class IntegerSet:
    """Conjunction of constraints ``e == 0`` / ``e >= 0`` over dims and symbols."""

    __slots__ = ("_hash", "constraints", "eq_flags", "num_dims", "num_symbols")
    num_dims: int
    num_symbols: int
    constraints: tuple[AffineExpr, ...]
    eq_flags: tuple[bool, ...]
    _hash: int | None

    def __init__(
        self, num_dims: int, num_symbols: int, constraints: Iterable[AffineExpr], eq_flags: Iterable[bool]
    ) -> None:
        constraints = tuple(constraints)
        eq_flags = tuple(bool(f) for f in eq_flags)
        if len(constraints) != len(eq_flags):
            raise ValueError("IntegerSet needs one eq flag per constraint")
        _check_exprs("IntegerSet", num_dims, num_symbols, constraints)
        _init_set(self, num_dims, num_symbols, constraints, eq_flags)

    @classmethod
    def _make(
        cls, num_dims: int, num_symbols: int, constraints: tuple[AffineExpr, ...], eq_flags: tuple[bool, ...]
    ) -> IntegerSet:
        """Build without validation, for callers that guarantee well-formedness."""
        s: IntegerSet = _new(cls)
        _init_set(s, num_dims, num_symbols, constraints, eq_flags)
        return s

    @staticmethod
    def empty_set(num_dims: int, num_symbols: int) -> IntegerSet:
        """The canonical empty set ``1 == 0`` (upstream IntegerSet::getEmptySet)."""
        return IntegerSet._make(num_dims, num_symbols, (_ONE,), (True,))

    @staticmethod
    def universe(num_dims: int, num_symbols: int) -> IntegerSet:
        """``0 == 0``, what upstream's parser builds for an empty constraint list."""
        return IntegerSet._make(num_dims, num_symbols, (_ZERO,), (True,))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("IntegerSet is immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, IntegerSet):
            return False
        return (self.num_dims, self.num_symbols, self.eq_flags, self.constraints) == (
            other.num_dims,
            other.num_symbols,
            other.eq_flags,
            other.constraints,
        )

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.num_dims, self.num_symbols, self.constraints, self.eq_flags))
            _set_set_hash(self, h)
        return h

    def __reduce__(self) -> tuple[object, ...]:
        return (IntegerSet, (self.num_dims, self.num_symbols, self.constraints, self.eq_flags))

    def __str__(self) -> str:
        body = ", ".join(
            f"{c} == 0" if eq else f"{c} >= 0" for c, eq in zip(self.constraints, self.eq_flags, strict=True)
        )
        return f"{_header(self.num_dims, self.num_symbols)} : ({body})"

    def __repr__(self) -> str:
        return f"IntegerSet<{self}>"

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
        return self.constraints == (_ONE,) and self.eq_flags == (True,)

    def replace_dims_and_symbols(
        self, dims: Sequence[AffineExpr], syms: Sequence[AffineExpr], num_result_dims: int, num_result_syms: int
    ) -> IntegerSet:
        constraints = tuple(c.replace_dims_and_symbols(dims, syms) for c in self.constraints)
        return IntegerSet(num_result_dims, num_result_syms, constraints, self.eq_flags)

    def contains(self, dims: Sequence[int] = (), syms: Sequence[int] = ()) -> bool:
        """Whether the integer point satisfies every constraint."""
        _check_point("set", self.num_dims, self.num_symbols, dims, syms)
        for c, eq in zip(self.constraints, self.eq_flags, strict=True):
            v = c.evaluate(dims, syms)
            if (v != 0) if eq else (v < 0):
                return False
        return True


_set_set_fields = [_slot_setter(IntegerSet, n) for n in ("num_dims", "num_symbols", "constraints", "eq_flags", "_hash")]
_set_set_hash = _set_set_fields[4]


def _init_set(s: IntegerSet, nd: int, ns: int, cs: tuple[AffineExpr, ...], eqs: tuple[bool, ...]) -> None:
    for setter, value in zip(_set_set_fields, (nd, ns, cs, eqs, None), strict=True):
        setter(s, value)
