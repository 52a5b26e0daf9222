"""The differential-testing report of issue 8: per primitive, on random
affine programs, how many cases were tried, applied, refused, wrong (must
be 0), and how many refusals a brute-force check (the rewrite forced
without its verdict, run on random inputs) found to compute the same
outputs anyway.

    python experiments/differential_report.py [--programs 500] [--primitives tile,permute]
    python experiments/differential_report.py --programs 100 --reductions 0.3 --carried-only \
        --primitives skew,shift,tile
    python experiments/differential_report.py --polybench [--draws 3] [--distributed]

``--polybench``: instead of random programs, every PolyBench kernel polymlir
renders (those of ../shared/bench among them) at its small default sizes,
each primitive drawn ``--draws`` times with random parameters;
``--distributed``: each kernel also with its loops distributed where legal
(the perfect contraction bands ``register_tile`` takes).
"""

from __future__ import annotations

import argparse
import time

from polymlir.testing import polybench as pb
from polymlir.testing.campaign import SAMPLERS, distributed, format_stats, run_campaign, run_kernel_campaign
from polymlir.testing.random_nests import Program, random_program


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", type=int, default=500)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--primitives", default=",".join(SAMPLERS))
    ap.add_argument(
        "--per-program",
        type=int,
        default=None,
        help="draw this many primitives per program (default: every primitive on every program)",
    )
    ap.add_argument(
        "--reductions",
        type=float,
        default=0.0,
        help="fraction of the random programs' statements that are values carried in iter_args",
    )
    ap.add_argument(
        "--carried-only",
        action="store_true",
        help="with --reductions: the first --programs seeds whose program carries values in iter_args",
    )
    ap.add_argument("--polybench", action="store_true", help="the PolyBench kernels instead of random programs")
    ap.add_argument("--draws", type=int, default=3)
    ap.add_argument("--distributed", action="store_true", help="with --polybench: also each kernel distributed")
    a = ap.parse_args()
    t0 = time.time()
    if a.polybench:
        kernels = {name: Program(pb.render(name), func="kernel") for name in sorted(pb.KERNELS)}
        if a.distributed:
            split = {f"{n}+distributed": distributed(p) for n, p in kernels.items()}
            kernels |= {n: p for n, p in split.items() if p is not None}
        stats = run_kernel_campaign(kernels, a.primitives.split(","), a.draws)
        print(f"{len(kernels)} PolyBench kernels x {a.draws} draws, {time.time() - t0:.0f} s")
    else:
        seeds: list[int] = list(range(a.first, a.first + a.programs))
        if a.carried_only:
            seeds, seed = [], a.first
            while len(seeds) < a.programs:
                if "iter_args" in random_program(seed, reductions=a.reductions).text:
                    seeds.append(seed)
                seed += 1
        stats = run_campaign(seeds, a.primitives.split(","), a.per_program, a.reductions)
        with_carried = sum("iter_args" in random_program(sd, reductions=a.reductions).text for sd in seeds)
        carried = f" ({with_carried} carrying values in iter_args)" if a.reductions else ""
        print(f"{len(seeds)} random programs{carried}, {time.time() - t0:.0f} s")
    print(format_stats(stats))
    for name, s in stats.items():
        for f in s.failures[:3]:
            print(f"--- {name} failure:\n{f}")


if __name__ == "__main__":
    main()
