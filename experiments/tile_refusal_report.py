"""How often ``tile`` refuses a legal tiling on random affine programs,
split into perfect bands (structural tiling) and imperfect ones (ops
between the band's loops: tiled through the schedule, ``tile_imperfect``).

A refusal is *legal-refused* when the rewrite forced without its verdict
computes what the original computes on two random inputs (the campaign's
brute-force check, ``polymlir.testing.campaign``). Before imperfect tiling
landed every imperfect band was refused; the "before" row counts each
imperfect attempt whose forced tiling is correct as a legal refusal.

    python experiments/tile_refusal_report.py [--programs 500] [--imperfect-only]
"""

from __future__ import annotations

import argparse
import random
import time

from polymlir.testing.campaign import SAMPLERS, Attempt, PrimitiveStats, try_one
from polymlir.testing.random_nests import Program, random_program
from polymlir.transforms.loops import tile_imperfect as TI
from polymlir.transforms.loops.handle import Schedule
from polymlir.transforms.loops.loop_utils import perfect_band_problem


def _merge(into: PrimitiveStats, one: PrimitiveStats) -> None:
    for k in ("tried", "applied", "refused", "wrong", "legal_refused", "refused_checked", "errors", "crashes"):
        setattr(into, k, getattr(into, k) + getattr(one, k))
    into.failures.extend(one.failures)


def imperfect_tile(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
    """Like the campaign's tile sampler, but always an imperfect band when
    the program has one (more imperfect cases per program)."""
    starts = [loop for loop in s.all_loops() if len(s.chain_from(loop)) > len(s.band_from(loop))]
    if not starts:
        return None
    start = r.choice(starts)
    chain, perfect = s.chain_from(start), s.band_from(start)
    band = chain[: r.randint(len(perfect) + 1, len(chain))]
    sizes = [r.choice([1, 2, 3, 4, 5, 8]) for _ in band]
    names = [s.spec_of(loop) for loop in band]

    def force(h: Schedule) -> object:
        return TI.tile_imperfect(h.model, h.loops(*names), sizes)

    return Attempt("tile", (names, sizes), force)


def run(seeds: range, imperfect_only: bool = False) -> dict[str, PrimitiveStats]:
    stats = {"perfect": PrimitiveStats(), "imperfect": PrimitiveStats()}
    names = list(SAMPLERS)
    kind: list[str] = []
    base = imperfect_tile if imperfect_only else SAMPLERS["tile"]

    def sampler(s: Schedule, p: Program, r: random.Random) -> Attempt | None:
        attempt = base(s, p, r)
        if attempt is not None:
            band = s.loops(*attempt.args[0])
            kind.append("imperfect" if perfect_band_problem(band) is not None else "perfect")
        return attempt

    for seed in seeds:
        kind.clear()
        one = PrimitiveStats()
        # The campaign's random stream for tile on this program.
        try_one(random_program(seed), "tile", sampler, random.Random(seed * 1000 + names.index("tile")), one)
        if kind:
            _merge(stats[kind[0]], one)
    return stats


def _rate(num: int, den: int) -> str:
    return f"{num}/{den} = {100 * num / den:.1f}%" if den else "-"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", type=int, default=500)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--imperfect-only", action="store_true", help="tile an imperfect band wherever there is one")
    a = ap.parse_args()
    t0 = time.time()
    stats = run(range(a.first, a.first + a.programs), a.imperfect_only)
    print(f"tile on {a.programs} random programs, {time.time() - t0:.0f} s")
    print(f"{'band':<10} {'tried':>6} {'applied':>8} {'refused':>8} {'wrong':>6} {'crashed':>8} {'legal-refused':>16}")
    for k, s in stats.items():
        print(
            f"{k:<10} {s.tried:>6} {s.applied:>8} {s.refused:>8} {s.wrong:>6} {s.crashes:>8} "
            f"{s.legal_refused:>7}/{s.refused_checked:<8}"
        )
    p, i = stats["perfect"], stats["imperfect"]
    legal_after = p.legal_refused + i.legal_refused
    # Before: every imperfect band refused; applied ones were legal (checked correct, wrong == 0).
    legal_before = legal_after + i.applied - i.wrong
    legal_total = p.applied + i.applied - p.wrong - i.wrong + legal_after
    print(f"legal tilings refused, after:  {_rate(legal_after, legal_total)} of the legal ones (brute force)")
    print(f"legal tilings refused, before: {_rate(legal_before, legal_total)} of the legal ones (brute force)")
    legal_imperfect = i.applied - i.wrong + i.legal_refused
    print(f"  imperfect bands only, after:  {_rate(i.legal_refused, legal_imperfect)}")
    print(f"  imperfect bands only, before: {_rate(legal_imperfect, legal_imperfect)}")
    for k, s in stats.items():
        for f in s.failures[:3]:
            print(f"--- {k} failure:\n{f}")


if __name__ == "__main__":
    main()
