"""The small statement language PolyBench kernels are written in
(``polybench_kernels.py``), and its two writers: ``Body`` (affine MLIR)
and ``CBody`` (C with PolyBench's loops), so one description gives both.

A kernel body calls ``loop``, ``load``, ``store``, ``const`` and the f64
operations; each returns a value name that later calls take. Indices and
bounds are written in MLIR's spelling (``"%i, %j + 1"``, ``"%i + 1"``);
scalar arguments are ``"%alpha"``."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

Value = np.ndarray | float


@dataclass(frozen=True)
class Arg:
    """One ``@kernel`` argument: an f64 scalar (``shape`` None) or an f64
    array whose static shape is given by size names (``("NI", "NK")``)."""

    name: str
    shape: tuple[str, ...] | None = None

    def dims(self, sizes: dict[str, int]) -> tuple[int, ...] | None:
        return None if self.shape is None else tuple(sizes[s] for s in self.shape)


@dataclass(frozen=True)
class Kernel:
    """What PolyBench's ``kernel_<name>`` is: its arguments in order, the
    arrays PolyBench prints (``outputs``) and every array it writes
    (``writes``, a superset), and small default sizes (PolyBench's MINI
    dataset)."""

    name: str
    category: str
    summary: str
    args: tuple[Arg, ...]
    outputs: tuple[str, ...]
    writes: tuple[str, ...]
    sizes: dict[str, int] = field(default_factory=dict)
    body: Callable[[Body, dict[str, int]], None] | None = field(default=None, repr=False, compare=False)
    ref: Callable[[dict[str, Value], dict[str, int]], None] | None = field(default=None, repr=False, compare=False)


class Body:
    """Writes a kernel body in MLIR (this class) with fresh value names
    (``%0``, ``%1``, ...) and constants hoisted to the top of the function."""

    def __init__(self, types: dict[str, str]):
        self.types = types
        self.consts: dict[float, str] = {}
        self.locals: list[str] = []
        self.lines: list[str] = []
        self.depth = 1
        self.n = 0

    def _fresh(self) -> str:
        self.n += 1
        return f"%{self.n - 1}"

    def _emit(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    def comment(self, text: str) -> None:
        self._emit(f"// {text}")

    @contextlib.contextmanager
    def loop(self, iv: str, lb: int | str, ub: int | str) -> Iterator[None]:
        """``affine.for %iv = lb to ub``; a bound is a constant, or an
        expression of enclosing loop variables such as ``"%i + 1"``."""
        self._emit(f"affine.for %{iv} = {_bound(lb)} to {_bound(ub)} {{")
        self.depth += 1
        yield
        self.depth -= 1
        self._emit("}")

    def const(self, value: float) -> str:
        name = self.consts.get(value)
        if name is None:
            name = self.consts[value] = f"%cst{len(self.consts)}"
        return name

    def local(self, name: str) -> str:
        """A function-local f64 scalar (PolyBench's ``double temp2``), as a
        rank-0 ``memref.alloca`` that ``load(name, "")``/``store`` access."""
        self.types[name] = "memref<f64>"
        self.locals.append(name)
        return name

    def load(self, array: str, index: str) -> str:
        v = self._fresh()
        self._emit(f"{v} = affine.load %{array}[{index}] : {self.types[array]}")
        return v

    def store(self, value: str, array: str, index: str) -> None:
        self._emit(f"affine.store {value}, %{array}[{index}] : {self.types[array]}")

    def _binary(self, op: str, a: str, b: str) -> str:
        v = self._fresh()
        self._emit(f"{v} = arith.{op} {a}, {b} : f64")
        return v

    def add(self, a: str, b: str) -> str:
        return self._binary("addf", a, b)

    def sub(self, a: str, b: str) -> str:
        return self._binary("subf", a, b)

    def mul(self, a: str, b: str) -> str:
        return self._binary("mulf", a, b)

    def div(self, a: str, b: str) -> str:
        return self._binary("divf", a, b)

    def less(self, a: str, b: str) -> str:
        """``a < b`` (ordered: false when either is NaN, as C's ``<``)."""
        v = self._fresh()
        self._emit(f"{v} = arith.cmpf olt, {a}, {b} : f64")
        return v

    def select(self, cond: str, a: str, b: str) -> str:
        """C's ``cond ? a : b``."""
        v = self._fresh()
        self._emit(f"{v} = arith.select {cond}, {a}, {b} : f64")
        return v

    def sum(self, *values: str) -> str:
        """Left to right, as C evaluates ``a + b + c``."""
        acc = values[0]
        for v in values[1:]:
            acc = self.add(acc, v)
        return acc

    def text(self) -> list[str]:
        consts = [f"  {name} = arith.constant {value!r} : f64" for value, name in self.consts.items()]
        return consts + [f"  %{name} = memref.alloca() : memref<f64>" for name in self.locals] + self.lines


def _bound(b: int | str) -> str:
    """A loop bound: an integer, or one affine expression of loop variables
    (``"%i + 1"``), written as a map applied to them."""
    if isinstance(b, int):
        return str(b)
    ivs: list[str] = []
    expr = b
    for tok in b.replace("+", " ").replace("-", " ").replace("*", " ").split():
        if tok.startswith("%") and tok not in ivs:
            ivs.append(tok)
    for d, iv in enumerate(ivs):
        expr = expr.replace(iv, f"d{d}")
    dims = ", ".join(f"d{d}" for d in range(len(ivs)))
    return f"affine_map<({dims}) -> ({expr})>({', '.join(ivs)})"


_NAME = re.compile(r"%([A-Za-z_][A-Za-z0-9_]*)")


def _c(expr: str) -> str:
    """An MLIR-spelled index or bound expression in C (``%i + 1`` -> ``i + 1``)."""
    return _NAME.sub(r"\1", expr)


class CBody(Body):
    """Writes the same body as C: PolyBench's ``for`` loops, one ``double``
    temporary per value (so C evaluates the operations in exactly the
    order the MLIR does) and array accesses ``A[i][j]``."""

    def _fresh(self) -> str:
        self.n += 1
        return f"v{self.n - 1}"

    def comment(self, text: str) -> None:
        self._emit(f"/* {text} */")

    @contextlib.contextmanager
    def loop(self, iv: str, lb: int | str, ub: int | str) -> Iterator[None]:
        lo, hi = _c(str(lb)), _c(str(ub))
        self._emit(f"for (int {iv} = {lo}; {iv} < {hi}; {iv}++) {{")
        self.depth += 1
        yield
        self.depth -= 1
        self._emit("}")

    def const(self, value: float) -> str:
        return f"{value!r}"

    def local(self, name: str) -> str:
        self.types[name] = "double"
        self.locals.append(name)
        return name

    def _ref(self, array: str, index: str) -> str:
        return array + "".join(f"[{_c(i.strip())}]" for i in index.split(",") if i.strip())

    def load(self, array: str, index: str) -> str:
        v = self._fresh()
        self._emit(f"double {v} = {self._ref(array, index)};")
        return v

    def store(self, value: str, array: str, index: str) -> None:
        self._emit(f"{self._ref(array, index)} = {_c(value)};")

    def _binary(self, op: str, a: str, b: str) -> str:
        symbol = {"addf": "+", "subf": "-", "mulf": "*", "divf": "/"}[op]
        v = self._fresh()
        self._emit(f"double {v} = {_c(a)} {symbol} {_c(b)};")
        return v

    def less(self, a: str, b: str) -> str:
        v = self._fresh()
        self._emit(f"int {v} = {_c(a)} < {_c(b)};")
        return v

    def select(self, cond: str, a: str, b: str) -> str:
        v = self._fresh()
        self._emit(f"double {v} = {cond} ? {_c(a)} : {_c(b)};")
        return v

    def text(self) -> list[str]:
        return [f"  double {name};" for name in self.locals] + self.lines
