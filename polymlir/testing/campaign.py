"""The differential-testing campaign over random affine programs.

For each random program and each primitive, random parameters are drawn
and the primitive is asked through the schedule handle. It is either
refused (the message must name what blocks it) or applied, and then the
transformed program must compute what the original computes on random
inputs. A refusal is cross-checked by brute force where the rewrite can
be forced: the same rewrite applied without the verdict, run on random
inputs; if it still computes the same outputs the refusal counts as a
*legal transformation refused* (the rate the issue asks us to report).

    stats = run_campaign(range(500))
    print(format_stats(stats))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .. import parse, print_ir
from ..affine.legality import Verdict
from ..affine.statements import NotCompound, compound_statements
from ..transforms.loops import demote_carried as DC
from ..transforms.loops import distribute as D
from ..transforms.loops import expand as EX
from ..transforms.loops import fuse as F
from ..transforms.loops import microkernel as MK
from ..transforms.loops import microkernel_panels as MP
from ..transforms.loops import permute as PM
from ..transforms.loops import skew as SK
from ..transforms.loops import tile as TL
from ..transforms.loops import tile_imperfect as TI
from ..transforms.loops import unroll_jam as UJ
from ..transforms.loops.handle import Schedule
from ..transforms.loops.loop_utils import perfect_band_problem
from .differential import max_relative_error, random_inputs, run
from .random_nests import Program, random_program

TOLERANCE = 1e-9
# Primitives whose output may have parallel loops (register_tile: its column or row
# tiles): run on one thread and on two (the parallel loops outlined onto the thread pool), both must match.
PARALLEL_PRIMITIVES = frozenset({"parallelize", "optimize", "register_tile"})
THREAD_COUNTS = (1, 2)


@dataclass
class Attempt:
    """What to try: a handle method with arguments, and how to force it."""

    method: str
    args: tuple
    force: Callable[[Schedule], object] | None = None
    params: dict[str, Any] = field(default_factory=dict)  # keyword parameters of a primitive run by name


@dataclass
class PrimitiveStats:
    tried: int = 0
    applied: int = 0
    refused: int = 0
    wrong: int = 0
    legal_refused: int = 0  # refused, but the forced rewrite computed the same outputs
    refused_checked: int = 0  # refusals that could be forced and run
    errors: int = 0  # rejected parameters / shapes (TransformError)
    crashes: int = 0  # internal errors (exceptions other than TransformError)
    failures: list[str] = field(default_factory=list)


Sampler = Callable[[Schedule, Program, random.Random], Attempt | None]


def _band(s: Schedule, r: random.Random, min_len: int = 1):
    loops = s.all_loops()
    if not loops:
        return None
    start = r.choice(loops)
    band = s.band_from(start)
    n = r.randint(min(min_len, len(band)), len(band))
    return band[:n] if len(band) >= min_len else None


def _tile(s: Schedule, p: Program, r: random.Random) -> Attempt | None:

    band = _band(s, r)
    if band is None:
        return None
    chain = s.chain_from(band[0])
    if len(chain) > len(band) and r.random() < 0.5:
        # A band with ops between its loops (tiled through its schedule).
        band = chain[: r.randint(len(band) + 1, len(chain))]
    imperfect = perfect_band_problem(band) is not None
    sizes = [r.choice([1, 2, 3, 4, 5, 8]) for _ in band]
    names = [s.spec_of(lp) for lp in band]

    def force(h: Schedule) -> object:
        if imperfect:
            return TI.tile_imperfect(h.model, h.loops(*names), sizes)
        return TL.tile(h.model, h.loops(*names), sizes)

    return Attempt("tile", (names, sizes), force)


def _permute(s: Schedule, p: Program, r: random.Random) -> Attempt | None:

    band = _band(s, r, 2)
    if band is None or len(band) < 2:
        return None
    perm = list(range(len(band)))
    while perm == sorted(perm):
        r.shuffle(perm)
    names = [s.spec_of(lp) for lp in band]

    def force(h: Schedule) -> object:
        return PM.permute(h.model, h.loops(*names), perm)

    return Attempt("permute", (names, perm), force)


def _strip_mine(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
    loops = s.all_loops()
    if not loops:
        return None
    lp = r.choice(loops)
    return Attempt("strip_mine", (s.spec_of(lp), r.choice([2, 3, 4])))


def _unroll(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
    loops = s.all_loops()
    if not loops:
        return None
    lp = r.choice(loops)
    if r.random() < 0.2:
        return Attempt("unroll", (s.spec_of(lp), None, True))
    return Attempt("unroll", (s.spec_of(lp), r.choice([2, 3, 4])))


def _unroll_jam(s: Schedule, p: Program, r: random.Random) -> Attempt | None:

    loops = [lp for lp in s.all_loops() if lp.children]
    if not loops:
        return None
    lp = r.choice(loops)
    name, factor = s.spec_of(lp), r.choice([2, 3])

    def force(h: Schedule) -> object:
        return UJ.unroll_jam(h.model, h.loop(name), factor)

    return Attempt("unroll_jam", (name, factor), force)


def _parallelize(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
    # No forced run: a race in a forced conversion shows only sometimes, so
    # running one cannot tell a legal one from an illegal one.
    loops = s.all_loops()
    if not loops:
        return None
    return Attempt("parallelize", (s.spec_of(r.choice(loops)),))


def _fuse(s: Schedule, p: Program, r: random.Random) -> Attempt | None:

    nests = s.nests()
    if len(nests) < 2:
        return None
    a = r.randrange(len(nests) - 1)
    depth = r.randint(1, 2)
    shifts = [r.choice([0, 0, 1, 2]) for _ in range(depth)] if r.random() < 0.3 else None

    def force(h: Schedule) -> object:
        return F.fuse(h.model, h.nest(a), h.nest(a + 1), depth, shifts)

    return Attempt("fuse", (a, a + 1, depth, shifts), force)


def _distribute(s: Schedule, p: Program, r: random.Random) -> Attempt | None:

    loops = s.all_loops()
    if not loops:
        return None
    name = s.spec_of(r.choice(loops))

    def force(h: Schedule) -> object:
        return D.distribute(h.model, h.loop(name), None)

    return Attempt("distribute", (name,), force)


def _promote(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
    loops = s.all_loops()
    if not loops:
        return None
    return Attempt("promote", (s.spec_of(r.choice(loops)),))


def _scalar_replace(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
    loops = s.all_loops()
    if not loops:
        return None
    return Attempt("scalar_replace", (s.spec_of(r.choice(loops)),))


def _skew(s: Schedule, p: Program, r: random.Random) -> Attempt | None:

    band = _band(s, r, 2)
    if band is None or len(band) < 2:
        return None
    n = len(band)
    m = [[int(i == j) for j in range(n)] for i in range(n)]
    i = r.randrange(1, n)
    m[i][r.randrange(i)] = r.choice([1, 1, 2, -1])
    names = [s.spec_of(lp) for lp in band]

    def force(h: Schedule) -> object:
        return SK.skew(h.model, h.loops(*names), m)

    return Attempt("skew", (names, m), force)


def _shift(s: Schedule, p: Program, r: random.Random) -> Attempt | None:

    try:
        # With values carried in iter_args, the statements the primitives see
        # (demoted to memory): the S numbers of the source's stores, and C0, ...
        if DC.has_carried(s.model):
            units = DC.demoted_statements(s.model)
        else:
            units = [(u.name, u.loops) for u in compound_statements(s.model)]
    except NotCompound:
        return None
    units = [u for u in units if u[1]]
    if not units:
        return None
    unit, loops = r.choice(units)
    loop = r.choice(loops)
    name, amount = s.spec_of(loop), r.choice([-2, -1, 1, 2])

    def force(h: Schedule) -> object:
        return SK.shift(h.model, unit, h.loop(name), amount)

    return Attempt("shift", (unit, name, amount), force)


def _register_tile(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
    """A register tile of the last two or three loops of a perfect chain,
    most often one the micro-kernel takes (a contraction band), so that
    its rewrites are what is checked and not only its refusals."""
    contractions = [
        b
        for lp in s.all_loops()
        for depth in (2, 3)
        if len(b := s.band_from(lp)) == depth and not isinstance(MK.contraction(b), str)
    ]
    if contractions and r.random() < 0.8:
        band = r.choice(contractions)
    else:
        band = _band(s, r, 2)
        if band is None or len(band) < 2:
            return None
        band = band[-r.choice([2, 3]) :]
    names = [s.spec_of(lp) for lp in band]
    mr, nv, lanes = r.randint(1, 6), r.randint(1, 3), r.choice([2, 4, 8])
    kc, fma, par, pack = r.choice([None, 2, 5]), r.random() < 0.5, r.random() < 0.5, r.random() < 0.5
    mc, panels, hoist = r.choice([None, None, 4, 9]), r.random() < 0.5, r.random() < 0.5
    group = r.choice([1, 1, 2, 3])
    c = MK.contraction(band)
    if not isinstance(c, str) and r.random() < 0.8:
        # mostly the options the band takes: its form refuses the others (tried the other fifth)
        pack = pack or bool(c.packable)
        panels = panels and not c.triangular and bool(MP.panel_loads(c))
        hoist = hoist and bool(MP.row_values(c))
        mc = None if c.triangular or c.i is None else mc
        group = 1 if c.triangular else group
        lanes = min(lanes, max(2, 1 << (c.extent(c.j).bit_length() - 1)))

    def force(h: Schedule) -> object:
        return MK.register_tile(h.model, h.loops(*names), mr, nv, lanes, kc, fma, par, pack, mc, panels, hoist, group)

    return Attempt("register_tile", (names, mr, nv, lanes, kc, fma, par, pack, mc, panels, hoist, group), force)


def _expand(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
    """Expansion along a loop of the buffers allocated in the function, or
    of one argument (copied back after the loop); the forced run expands
    them whatever flows between iterations."""
    loops = [lp for lp in s.all_loops() if EX.buffers_accessed(s.model, lp) or EX.arguments_accessed(s.model, lp)]
    if not loops:
        return None
    lp = r.choice(loops)
    name = s.spec_of(lp)
    args = [EX.value_name(a) for a in EX.arguments_accessed(s.model, lp)]
    memrefs = [r.choice(args)] if args and (r.random() < 0.5 or not EX.buffers_accessed(s.model, lp)) else None

    def force(h: Schedule) -> object:
        return EX.expand(h.model, h.loop(name), memrefs, check=False)

    return Attempt("expand", (name,), force, {"memrefs": memrefs} if memrefs else {})


def _optimize(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
    if r.random() < 0.3:  # time tiles with whole innermost rows, one innermost loop per statement
        size = r.choice([2, 3, 4, 8])
        return Attempt("optimize_verdict", ([size, size, 0] if r.random() < 0.7 else None, True))
    sizes = [r.choice([2, 3, 4, 8])] * 3 if r.random() < 0.7 else None
    return Attempt("optimize_verdict", (sizes,))


SAMPLERS: dict[str, Sampler] = {
    "skew": _skew,
    "shift": _shift,
    "optimize": _optimize,
    "parallelize": _parallelize,
    "fuse": _fuse,
    "distribute": _distribute,
    "promote": _promote,
    "scalar_replace": _scalar_replace,
    "tile": _tile,
    "permute": _permute,
    "strip_mine": _strip_mine,
    "unroll": _unroll,
    "unroll_jam": _unroll_jam,
    "register_tile": _register_tile,
    "expand": _expand,
}


def register_sampler(name: str, sampler: Sampler) -> None:
    SAMPLERS[name] = sampler


def _fresh(program: Program) -> Schedule:
    return Schedule(parse(program.text, "random.mlir"), program.func)


_REFERENCE: dict[tuple[str, int], tuple[list, list]] = {}


def _error(program: Program, transformed: str, seeds: tuple[int, ...], threads: int | None = 1) -> float:
    """Max relative error of ``transformed`` (its parallel loops on
    ``threads`` threads) against the program; the original's inputs and
    outputs are computed once per program and seed, on one thread."""
    worst = 0.0
    for seed in seeds:
        key = (program.text, seed)
        if key not in _REFERENCE:
            if len(_REFERENCE) > 64:
                _REFERENCE.clear()
            args = random_inputs(program.text, program.func, seed)
            _REFERENCE[key] = (args, run(program.text, program.func, args, threads=1))
        args, expected = _REFERENCE[key]
        worst = max(worst, max_relative_error(expected, run(transformed, program.func, args, threads=threads)))
    return worst


def try_one(program: Program, name: str, sampler: Sampler, r: random.Random, stats: PrimitiveStats) -> None:
    s = _fresh(program)
    attempt = sampler(s, program, r)
    if attempt is None:
        return
    stats.tried += 1
    try:
        method = getattr(s, attempt.method, None)
        # A primitive with no Schedule method of its own runs through Schedule.run.
        verdict: Verdict = method(*attempt.args) if method else s.run(attempt.method, *attempt.args, **attempt.params)
    except ValueError:  # TransformError: parameters or shapes the primitive rejects
        stats.errors += 1
        return
    except Exception as e:  # noqa: BLE001 - an internal error is a finding, not a crash of the campaign
        stats.crashes += 1
        stats.failures.append(f"{name}{attempt.args}: internal error {type(e).__name__}: {e}\n{program.text}")
        return
    if verdict.ok:
        stats.applied += 1
        out = print_ir(s.module)
        for threads in THREAD_COUNTS if name in PARALLEL_PRIMITIVES else (1,):
            err = _error(program, out, (0,), threads)
            if err > TOLERANCE:
                stats.wrong += 1
                stats.failures.append(f"{name}{attempt.args} on {threads} thread(s): error {err}\n{program.text}")
                break
        return
    stats.refused += 1
    if not verdict.reason or (" at " not in verdict.reason and verdict.op is None):
        stats.failures.append(f"{name}{attempt.args}: refusal without a location: {verdict.reason!r}")
    if attempt.force is None:
        return
    forced = _fresh(program)
    try:
        attempt.force(forced)
    except Exception:  # noqa: BLE001 - the rewrite itself cannot be done without its checks
        return
    stats.refused_checked += 1
    if _error(program, print_ir(forced.module), (0, 1)) <= TOLERANCE:
        stats.legal_refused += 1


def run_campaign(
    seeds: Iterable[int],
    primitives: Iterable[str] | None = None,
    per_program: int | None = None,
    reductions: float = 0.0,
) -> dict[str, PrimitiveStats]:
    """Every primitive (or ``per_program`` of them, drawn per program) on
    the random program of each seed (with that fraction of ``reductions``
    carried in iter_args, ``random_nests.random_program``)."""
    names = list(primitives) if primitives is not None else list(SAMPLERS)
    stats = {n: PrimitiveStats() for n in names}
    for seed in seeds:
        program = random_program(seed, reductions=reductions)
        chosen = names if per_program is None else random.Random(seed).sample(names, min(per_program, len(names)))
        for n in chosen:
            try_one(program, n, SAMPLERS[n], random.Random(seed * 1000 + names.index(n)), stats[n])
    return stats


def distributed(program: Program) -> Program | None:
    """``program`` with every loop distributed where that is legal (outermost
    first, repeated until nothing changes), or None when nothing was: the
    perfect bands it yields (gemm's ``C[i][j] += ...`` without its scaling)
    are where ``register_tile`` and the band primitives apply."""
    s = Schedule(parse(program.text), program.func)
    changed, again = False, True
    while again:
        again = False
        for lp in s.all_loops():
            if len(lp.children) + len(lp.statements) > 1 and s.distribute(s.spec_of(lp)).ok:
                changed = again = True
                break
    return Program(print_ir(s.module), func=program.func) if changed else None


def run_kernel_campaign(
    programs: dict[str, Program], primitives: Iterable[str] | None = None, draws: int = 3
) -> dict[str, PrimitiveStats]:
    """Every primitive, ``draws`` times with different random parameters, on
    each named program (e.g. the PolyBench kernels at small sizes)."""
    names = list(primitives) if primitives is not None else list(SAMPLERS)
    stats = {n: PrimitiveStats() for n in names}
    for k, (_, program) in enumerate(sorted(programs.items())):
        for n in names:
            for d in range(draws):
                try_one(program, n, SAMPLERS[n], random.Random((k * 100 + names.index(n)) * 10 + d), stats[n])
    return stats


def format_stats(stats: dict[str, PrimitiveStats]) -> str:
    rows = [
        f"{'primitive':<14} {'tried':>6} {'applied':>8} {'refused':>8} {'rejected':>9} {'crashed':>8} "
        f"{'wrong':>6} {'legal-refused':>14}"
    ]
    for n, s in stats.items():
        rate = f"{s.legal_refused}/{s.refused_checked}" if s.refused_checked else "-"
        rows.append(
            f"{n:<14} {s.tried:>6} {s.applied:>8} {s.refused:>8} {s.errors:>9} {s.crashes:>8} {s.wrong:>6} {rate:>14}"
        )
    return "\n".join(rows)
