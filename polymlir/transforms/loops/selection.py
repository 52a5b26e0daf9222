"""Picking loops and linalg ops of one function: by source name, ``line:col``,
``#position``, nest position, and the bands and chains that start at a loop
(the part of the schedule handle that does not transform)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from ...affine.model import Loop, PolyhedralModel, analyze, op_loc
from ...affine.schedules import loop_name
from ...affine.structured import is_structured
from ...dialects.func import FuncOp
from ...dialects.linalg import LinalgStructuredOp
from ...ir.core import Operation, Value
from ...ir.interfaces import loop_like
from . import tile_imperfect as TI
from .errors import ArgumentError, TransformError
from .loop_utils import perfect_band_problem

LoopSpec = Loop | str | int


def find_function(module: Operation, name: str | None) -> Operation:
    """The ``func.func`` named ``name`` (the only/first one with a body if None)."""
    funcs = [
        op for op in module.walk(post_order=False) if isinstance(op, FuncOp) and op.regions and op.regions[0].blocks
    ]
    if name is None:
        if not funcs:
            raise TransformError("the module has no function with a body", module)
        return funcs[0]
    for f in funcs:
        sym = f.get_attr("sym_name")
        if getattr(sym, "value", None) == name:
            return f
    known = ", ".join(str(getattr(f.get_attr("sym_name"), "value", "?")) for f in funcs) or "none"
    raise ArgumentError(f"no function named '{name}' (functions: {known})", module)


def unique_loop_names(func: Operation, keep: Collection[int] = ()) -> None:
    """Give the loops of ``func`` distinct source names: a loop whose
    induction variable repeats the name of another's (two ``i`` after a
    distribution, a second ``i_tile``) gets the first free ``i_1``, ``i_2``...
    The loops whose ops' ids are in ``keep`` (those that existed before a
    step) keep theirs first, then the others in program order; function
    arguments keep theirs always."""
    body = func.regions[0].blocks[0] if func.regions and func.regions[0].blocks else None
    fixed = [a.name_hint for a in body.arguments if a.name_hint] if body is not None else []
    ivs: list[tuple[bool, Value]] = []
    for op in func.walk(post_order=False):
        loop = loop_like(op)
        if loop is not None and op.regions and op.regions[0].blocks:
            ivs += [(id(op) not in keep, iv) for iv in loop.loop_ivs()]
    taken = set(fixed) | {iv.name_hint for _, iv in ivs if iv.name_hint}
    seen = set(fixed)
    for _, iv in sorted(ivs, key=lambda e: e[0]):  # stable: program order within each group
        name = iv.name_hint
        if not name:
            continue
        if name in seen:
            k = 1
            while f"{name}_{k}" in taken:
                k += 1
            name = iv.name_hint = f"{name}_{k}"
            taken.add(name)
        seen.add(name)


class LoopSelection:
    """The loops and linalg ops of function ``func`` of ``module``, picked by selectors."""

    def __init__(self, module: Operation, func: str | None = None):
        self.module = module
        self.func_name = func
        self.func = find_function(module, func)
        self._model: PolyhedralModel | None = None

    @property
    def model(self) -> PolyhedralModel:
        if self._model is None:
            self._model = analyze(self.func)
        return self._model

    def _changed(self) -> None:
        self._model = None

    def all_loops(self) -> list[Loop]:
        """Every loop of the function, in program (pre-)order."""
        return list(self.model.loops)

    def nests(self) -> list[Loop]:
        """The outermost loop of each loop nest, in program order (nest
        positions as the CLI's ``--nests`` counts them)."""
        return [lp for lp in self.model.loops if lp.parent is None]

    def loop(self, spec: LoopSpec) -> Loop:
        """One loop by source name (``i`` for ``%i``), ``line:col`` of its
        ``affine.for``, ``#k`` (k-th loop in program order) or an int k."""
        if isinstance(spec, Loop):
            return self._refresh(spec)
        if isinstance(spec, bool) or not isinstance(spec, (str, int)):
            raise ArgumentError(f"a loop is a name, 'line:col', '#position', an int or a Loop, got {spec!r}")
        loops = self.model.loops
        if isinstance(spec, int) or (spec.startswith("#") and spec[1:].isdigit()):
            k = spec if isinstance(spec, int) else int(spec[1:])
            if not 0 <= k < len(loops):
                raise ArgumentError(
                    f"loop position {k} is out of range (the function has {len(loops)} loops)", self.func
                )
            return loops[k]
        if ":" in spec and all(p.isdigit() for p in spec.split(":")[-2:]):
            hits = [lp for lp in loops if op_loc(lp.op).endswith(":" + spec) or op_loc(lp.op) == spec]
        else:
            hits = [lp for lp in loops if loop_name(lp) == spec]
        if not hits:
            known = ", ".join(dict.fromkeys(loop_name(lp) for lp in loops)) or "none"
            raise ArgumentError(f"no loop '{spec}' in function @{self.model.name} (loops: {known})", self.func)
        if len(hits) > 1:
            where = ", ".join(lp.loc for lp in hits)
            raise ArgumentError(
                f"loop name '{spec}' is ambiguous ({where}): pick it by line:col or #position", hits[0].op
            )
        return hits[0]

    def loops(self, *specs: LoopSpec | Sequence[LoopSpec]) -> list[Loop]:
        """Loops by selectors, given one by one or as one list."""
        items: list[Any] = list(specs[0]) if len(specs) == 1 and isinstance(specs[0], (list, tuple)) else list(specs)
        return [self.loop(s) for s in items]

    def _refresh(self, loop: Loop) -> Loop:
        """The current model's loop for a Loop object of an earlier model."""
        for lp in self.model.loops:
            if lp.op is loop.op and lp.index == loop.index:
                return lp
        raise ArgumentError(f"loop {loop_name(loop)} no longer exists (a later step replaced it)", loop.op)

    def spec_of(self, loop: Loop) -> str:
        """The shortest selector that names ``loop`` uniquely now."""
        name = loop_name(loop)
        if sum(1 for lp in self.model.loops if loop_name(lp) == name) == 1:
            return name
        loc = loop.loc
        tail = ":".join(loc.split(":")[-2:])
        if sum(1 for lp in self.model.loops if ":".join(lp.loc.split(":")[-2:]) == tail) == 1:
            return tail
        return f"#{self.model.loops.index(loop)}"

    def nest(self, spec: LoopSpec) -> Loop:
        """A loop nest's outermost loop: an int is a nest position (0, 1, ...
        in program order), anything else a loop selector."""
        if isinstance(spec, int) or (isinstance(spec, str) and spec.isdigit()):
            k = int(spec)
            nests = self.nests()
            if not 0 <= k < len(nests):
                raise ArgumentError(f"nest {k} is out of range (the function has {len(nests)} loop nests)", self.func)
            return nests[k]
        return self.loop(spec)

    def resolve(self, prim: str, kind: str, args: Sequence[Any]) -> list[Loop]:
        """The loops a primitive's loop arguments name (``kind`` as its
        declaration says: one loop, a band given as a list, two nests, none)."""
        if kind == "loop":
            if isinstance(args[0], (list, tuple)):
                raise ArgumentError(f"{prim} takes one loop, got the list {list(args[0])!r}")
            return [self.loop(args[0])]
        if kind == "band":
            band = args[0]
            if not isinstance(band, (list, tuple)):  # one loop ("j2" is the loop j2, not j and 2)
                return [self.loop(band)]
            if not band:
                raise ArgumentError(f"{prim} takes a list of loops, got none")
            return self.loops(*band)
        if kind == "nests":
            return [self.nest(args[0]), self.nest(args[1])]
        return []

    # -- bands and chains ---------------------------------------------------------------
    def band_from(self, loop: LoopSpec) -> list[Loop]:
        """The longest perfectly nested chain of loops starting at ``loop``."""
        lp = self.loop(loop)
        band = [lp]
        while len(lp.children) == 1 and perfect_band_problem([lp, lp.children[0]]) is None:
            lp = lp.children[0]
            band.append(lp)
        return band

    def chain_from(self, loop: LoopSpec) -> list[Loop]:
        """The longest chain of directly nested affine.for loops starting at
        ``loop``, following a loop whose body holds exactly one loop (other
        ops may sit between them: an imperfect band, which ``tile`` takes)."""
        cur = self.loop(loop)
        band = [cur]
        while len(cur.children) == 1 and TI.chain_problem([cur, cur.children[0]]) is None:
            cur = cur.children[0]
            band.append(cur)
        return band

    # -- linalg ops -----------------------------------------------------------------------
    def linalg_ops(self) -> list[LinalgStructuredOp]:
        """The function's linalg structured ops in program order (positions
        as the CLI's ``--op`` counts them)."""
        return [op for op in self.func.walk(post_order=False) if is_structured(op)]

    def linalg_op(self, pos: int) -> LinalgStructuredOp:
        ops = self.linalg_ops()
        if not 0 <= pos < len(ops):
            raise ArgumentError(f"linalg op {pos} is out of range (the function has {len(ops)} linalg ops)", self.func)
        return ops[pos]
