"""The search space: a candidate is a schedule trace, built define-by-run.

A space is a function ``(trial, schedule) -> None | Verdict``: it applies
primitives to a fresh ``Schedule`` of the function, asking ``trial.suggest_*``
for each choice (Optuna's define-by-run API). The default space,
``PerturbSpace``, starts from ``optimize``'s expanded trace and perturbs it:

- ``register_tile``: ``mr``, ``nv``, ``kc``, ``fma``, ``parallel``;
- ``unroll_jam``: the factor (1 drops the step);
- ``parallelize``: on or off;
- each perfect band outside the micro-kernels: the loop order (among the
  permutations that were legal at the base), tile sizes at one or two
  levels, the unroll factor of the innermost loop, parallel on or off.

Choices come from ``domains.domain`` (one table). A refused verdict, a loop
a step names that no longer exists, or ``raise Refused(reason)`` makes the
candidate illegal: the trial is pruned with that reason and never compiled.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import parse
from ..affine.legality import Verdict
from ..affine.model import Loop
from ..dialects.affine import AffineForOp
from ..ir.core import Operation
from ..transforms.loops.handle import Schedule
from ..transforms.loops.loop_utils import as_for, constant_trip_count, perfect_band_problem
from ..transforms.loops.trace import Step, Trace
from .domains import domain

__all__ = ["BandInfo", "PerturbSpace", "Refused", "Space", "require"]

Space = Callable[[Any, Schedule], "Verdict | None"]


class Refused(Exception):
    """A candidate that is not legal: the trial is pruned with ``reason``."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def require(verdict: Verdict, what: str = "") -> Verdict:
    """``verdict`` when it is ok, else ``Refused`` with its reason."""
    if not verdict.ok:
        raise Refused(f"{what}: {verdict.reason}" if what else verdict.reason)
    return verdict


@dataclass
class BandInfo:
    """A perfect band of the base program: where it starts (pre-order
    position of its outermost loop), its depth, the loop orders that were
    legal there (each a permutation as text, ``"1,0"``), whether its
    outermost loop could run in parallel."""

    position: int
    depth: int
    orders: list[str] = field(default_factory=list)
    parallel_ok: bool = False


def _has_vector_ops(op: Operation) -> bool:
    return any(o.name.startswith("vector.") for o in op.walk(post_order=False))


def _bands(s: Schedule) -> list[Loop]:
    """The outermost loop of every perfect band that ends in an innermost
    loop, outside the nests holding vector code (the micro-kernels
    ``register_tile`` wrote, which their own parameters tune)."""
    out = []
    kernels = [n for n in s.nests() if _has_vector_ops(n.op)]
    for lp in s.all_loops():
        if not isinstance(lp.op, AffineForOp):
            continue
        top = lp
        while top.parent is not None:
            top = top.parent
        if any(k.op is top.op for k in kernels):
            continue
        parent = lp.parent
        if parent is not None and isinstance(parent.op, AffineForOp) and perfect_band_problem([parent, lp]) is None:
            continue  # inside a band that starts higher up
        band = s.band_from(lp)
        if not band[-1].children and all(isinstance(x.op, AffineForOp) for x in band):
            out.append(lp)
    return out


def _dry(s: Schedule) -> Schedule:
    return Schedule(s.module.clone(), s.func_name)


class PerturbSpace:
    """``optimize``'s trace (``base``) with its parameters searched, and the
    perfect bands it leaves (``bands``, found by ``from_base``) tiled,
    reordered, unrolled and parallelized. A candidate's trace determines
    its program, so equal traces are measured once.

    The bands are transformed before the register tiles are written (the
    planner's ``register_tile`` steps come last): verdicts after a
    micro-kernel analyse all of its vector accesses and take seconds. Each
    ``register_tile`` step's loops are therefore held as (nest, pre-order
    offset in the nest), which the bands of other nests leave unchanged."""

    trace_determines_program = True

    def __init__(self, base: Trace, bands: list[BandInfo], kernels: list[list[tuple[int, int]]] | None = None):
        self.base = base
        self.bands = bands
        self.kernels = kernels  # per register_tile step of ``base``: (nest, offset) of each of its loops

    @staticmethod
    def from_base(text: str, func: str, base: Trace) -> PerturbSpace:
        """The space around ``base`` for ``func`` of the program ``text``:
        the bands left after ``base`` and their legal loop orders."""
        s = Schedule(parse(text), func)
        steps = list(base)
        first = next((k for k, st in enumerate(steps) if st.op == "register_tile"), len(steps))
        if any(st.op != "register_tile" for st in steps[first:]):
            return PerturbSpace(base, [])  # not the planner's shape: the base's parameters only
        for st in steps[:first]:
            s.apply_step(st)
        infos: list[tuple[int, BandInfo]] = []
        for top in _bands(s):
            pos = s.all_loops().index(top)
            band = s.band_from(top)
            info = BandInfo(pos, len(band))
            if len(band) > 1:
                loops = [f"#{pos + k}" for k in range(len(band))]
                for perm in itertools.permutations(range(len(band))):
                    if list(perm) == sorted(perm) or _dry(s).permute(loops, perm).ok:
                        info.orders.append(",".join(map(str, perm)))
            info.parallel_ok = _dry(s).parallelize(f"#{pos}").ok
            infos.append((_nest_of(s, top), info))
        kernels: list[list[tuple[int, int]]] = []
        count = len(s.nests())
        for st in steps[first:]:
            kernels.append([_where(s, lp) for lp in s.loops(*st.loops)])
            s.apply_step(st)
            if len(s.nests()) != count:  # a micro-kernel that made nests: the base's parameters only
                return PerturbSpace(base, [])
        taken = {nest for refs in kernels for nest, _ in refs}
        return PerturbSpace(base, [info for nest, info in infos if nest not in taken], kernels)

    def __call__(self, trial: Any, s: Schedule) -> None:
        steps = list(self.base)
        kernels = self.kernels or []
        first = len(steps) - len(kernels)
        for k, step in enumerate(steps[:first]):
            st = self._perturb(trial, k, step)
            if st is not None:
                require(s.apply_step(st), f"step {k + 1} ({st})")
        tops = [[s.nests()[nest].op for nest, _ in refs] for refs in kernels]
        for b in sorted(range(len(self.bands)), key=lambda b: -self.bands[b].position):
            self._band(trial, s, b, self.bands[b])
        for k, step in enumerate(steps[first:], first):
            st = self._perturb(trial, k, step)
            assert st is not None
            refs = kernels[k - first]
            loops = [_at(s, top, off) for top, (_, off) in zip(tops[k - first], refs, strict=True)]
            p = st.params
            v = s.register_tile(
                loops, p["mr"], p["nv"], p["lanes"], p.get("kc"), p["fma"], bool(p.get("parallel")), bool(p.get("pack"))
            )
            require(v, f"step {k + 1} ({st})")

    def _perturb(self, trial: Any, k: int, step: Step) -> Step | None:
        """Step ``k`` of the base with its parameters chosen by ``trial`` (None: dropped)."""
        p = dict(step.params)
        name = f"s{k}.{step.op}"
        if step.op == "register_tile":
            for key in ("mr", "nv", "kc", "fma", "parallel"):
                p[key] = domain("register_tile", key).suggest(trial, f"{name}.{key}")
            if not p["parallel"]:
                p.pop("parallel")
        elif step.op == "unroll_jam":
            p["factor"] = domain("unroll_jam", "factor").suggest(trial, f"{name}.factor")
            if p["factor"] == 1:
                return None
        elif step.op == "parallelize":
            if not domain("parallelize", "on").suggest(trial, f"{name}.on"):
                return None
        return Step(step.op, list(step.loops), p)

    def _band(self, trial: Any, s: Schedule, b: int, info: BandInfo) -> None:
        """Order, tile, unroll and parallelize band ``b`` (its outermost loop
        keeps its pre-order position: bands are visited last first)."""
        top = f"#{info.position}"
        name = f"band{b}"
        if not isinstance(s.band_from(top)[0].op, AffineForOp) or len(s.band_from(top)) < info.depth:
            raise Refused(f"{name}: the band is no longer a perfect band of {info.depth} loops")
        band = s.band_from(top)[: info.depth]
        if len(info.orders) > 1:
            order = trial.suggest_categorical(f"{name}.order", info.orders)
            perm = [int(x) for x in order.split(",")]
            if perm != sorted(perm):
                require(s.permute(band, perm), f"{name} order {order}")
        if info.depth > 1:
            sizes = [domain("tile", "size").suggest(trial, f"{name}.tile{d}") for d in range(info.depth)]
            if any(sizes):
                lo, n = self._tile(s, s.band_from(top)[: info.depth], sizes, f"{name} tile")
                if domain("tile", "levels").suggest(trial, f"{name}.levels") == 2:
                    inner = [domain("tile", "size").suggest(trial, f"{name}.tile2_{d}") for d in range(lo, lo + n)]
                    # a second level splits the first level's tiles: a size not below it leaves the tile whole
                    inner = [x if 0 < x < sizes[lo + d] else 0 for d, x in enumerate(inner)]
                    if any(inner):
                        points = s.band_from(top)[lo + n : lo + 2 * n]
                        self._tile(s, points, inner, f"{name} tile level 2")
        factor = domain("unroll", "factor").suggest(trial, f"{name}.unroll")
        if factor > 1:
            require(s.unroll(s.band_from(top)[-1], factor), f"{name} unroll")
        if info.parallel_ok and domain("parallelize", "on").suggest(trial, f"{name}.parallel"):
            require(s.parallelize(top), f"{name} parallel")

    @staticmethod
    def _tile(s: Schedule, band: list[Loop], sizes: list[int], what: str) -> tuple[int, int]:
        """Tile ``band`` by ``sizes``, 0 leaving a loop whole: outer and inner
        untiled loops are left out of the band, one between tiled loops gets
        a tile of its whole extent. Returns (first tiled loop, loops tiled)."""
        lo = next(d for d, x in enumerate(sizes) if x)
        hi = max(d for d, x in enumerate(sizes) if x) + 1
        whole = []
        for d in range(lo, hi):
            trips = _trips(band[d])
            if sizes[d] == 0 and trips is None:
                raise Refused(f"{what}: loop {s.spec_of(band[d])} has no constant extent to leave whole")
            whole.append(sizes[d] or int(trips or 1))
        require(s.tile(band[lo:hi], whole), what)
        return lo, hi - lo


def _nest_of(s: Schedule, lp: Loop) -> int:
    """The position among the function's nests of the nest holding ``lp``."""
    while lp.parent is not None:
        lp = lp.parent
    return next(k for k, n in enumerate(s.nests()) if n.op is lp.op)


def _where(s: Schedule, lp: Loop) -> tuple[int, int]:
    """``lp`` as (its nest's position, its pre-order offset in that nest)."""
    nest = _nest_of(s, lp)
    loops = s.all_loops()
    return nest, loops.index(lp) - loops.index(s.nests()[nest])


def _at(s: Schedule, top: Operation, offset: int) -> Loop:
    """The loop at pre-order ``offset`` in the nest whose outermost op is ``top``."""
    loops = s.all_loops()
    start = next(k for k, lp in enumerate(loops) if lp.op is top and lp.parent is None)
    return loops[start + offset]


def _trips(lp: Loop) -> int | None:
    return constant_trip_count(as_for(lp.op))
