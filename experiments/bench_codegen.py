"""Code generation benchmark: per PolyBench kernel, polymlir's text-to-callable
time (parse, lower with polymlir's passes, JIT) and the run time of the
untiled kernel, side by side with upstream's pipeline (mlir-opt lowering,
mlir-translate, clang -O3 -march=native) measured in the same run.

    python experiments/bench_codegen.py [KERNEL...] [--repeat 5] [--opt 3]

Needs ../shared/bench (benchlib.py, polybench/) and, for the anchor,
upstream mlir-opt/mlir-translate/clang (e.g. Debian mlir-22-tools, clang-22).
Ratios: anchor time / polymlir time (above 1.0 means polymlir is faster).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from polymlir.testing.external import shared_root

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = str((shared_root() or Path("/nonexistent")) / "bench")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kernels", nargs="*", default=["gemm", "2mm", "syrk", "jacobi-2d", "seidel-2d", "lu"])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--opt", type=int, default=3)
    ap.add_argument("--no-anchor", action="store_true")
    args = ap.parse_args()
    sys.path.insert(0, BENCH)
    sys.path.insert(0, os.path.join(BENCH, "polybench"))
    import benchlib as bl
    import init as pb

    import polymlir

    build = tempfile.mkdtemp(prefix="polymlir-bench-")
    rows = []
    for k in args.kernels:
        text = open(os.path.join(BENCH, "polybench", f"{k}.mlir")).read()
        t0 = time.perf_counter()
        engine = polymlir.compile(text, opt_level=args.opt, cache=False)
        compile_s = time.perf_counter() - t0
        inst = bl.Instance(k)
        fn = lambda engine=engine, inst=inst: engine.kernel(*inst.args)  # noqa: E731
        ours = statistics.median(bl.time_call(fn, inst) for _ in range(args.repeat))
        ok = pb.compare(k, inst.outputs())["ok"]
        anchor = None
        if not args.no_anchor:
            res = bl.build_mlir(k, build)
            if res["error"] is None:
                inst2 = bl.Instance(k)
                kern = bl.bind_mlir(res["so"], inst2.args)
                anchor = statistics.median(bl.time_call(kern, inst2) for _ in range(args.repeat))
        rows.append((k, compile_s, ours, anchor, ok))
        print(f"{k}: compile {compile_s:.3f} s, run {ours:.3f} s, anchor {anchor}", flush=True)
    print()
    print(f"{'kernel':10} {'text->callable':>15} {'polymlir run':>13} {'upstream+clang':>15} {'ratio':>7} correct")
    for k, c, o, a, ok in rows:
        ratio = f"{a / o:.2f}x" if a else "n/a"
        print(f"{k:10} {c:>13.3f} s {o:>11.3f} s {(f'{a:.3f} s' if a else 'n/a'):>15} {ratio:>7} {ok}")
    comp = sorted(r[1] for r in rows)
    print(f"median text->callable: {statistics.median(comp):.3f} s")
    ratios = [r[3] / r[2] for r in rows if r[3]]
    if ratios:
        print(f"geometric-mean run-time ratio (upstream+clang / polymlir): {statistics.geometric_mean(ratios):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
