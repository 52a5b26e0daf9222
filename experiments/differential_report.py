"""The differential-testing report of issue 8: per primitive, on random
affine programs, how many cases were tried, applied, refused, wrong (must
be 0), and how many refusals a brute-force check (the rewrite forced
without its verdict, run on random inputs) found to compute the same
outputs anyway.

    python experiments/differential_report.py [--programs 500] [--primitives tile,permute]
"""

from __future__ import annotations

import argparse
import time

from polymlir.testing.campaign import SAMPLERS, format_stats, run_campaign


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
    a = ap.parse_args()
    t0 = time.time()
    stats = run_campaign(range(a.first, a.first + a.programs), a.primitives.split(","), a.per_program)
    print(f"{a.programs} random programs, {time.time() - t0:.0f} s")
    print(format_stats(stats))
    for name, s in stats.items():
        for f in s.failures[:3]:
            print(f"--- {name} failure:\n{f}")


if __name__ == "__main__":
    main()
