"""`polymlir optimize` then `polymlir.compile`, side by side with clang -O3
-march=native on the same PolyBench kernel, in the same run.

For each shared kernel (../shared/bench/polybench, or $POLYMLIR_SHARED):
the kernel is optimized by polymlir (automatic schedule, tiling,
parallel marks), JIT-compiled by polymlir (its own lowering, llvmlite -O3),
verified on both input sets against the stored references, then timed
round-robin with the C reference compiled by clang (inputs restored before
every run, median of --reps). Also timed: polymlir's JIT of the original
kernel. Reported as speed-ups over clang.

    python experiments/bench_optimize.py [gemm lu ...] [--reps 5]
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time

import polymlir
from polymlir.testing.external import require_shared
from polymlir.transforms.loops.handle import Schedule

KERNELS = ["gemm", "2mm", "syrk", "jacobi-2d", "seidel-2d", "lu"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("kernels", nargs="*", default=KERNELS)
    ap.add_argument("--reps", type=int, default=5)
    a = ap.parse_args()
    bench = require_shared("bench")
    sys.path.insert(0, str(bench))
    bl = importlib.import_module("benchlib")
    build = os.path.join(os.environ.get("TMPDIR", "/tmp"), "polymlir-bench-build")  # shared/ may be read-only
    rows = []
    for k in a.kernels:
        text = (bench / "polybench" / f"{k}.mlir").read_text()
        t0 = time.perf_counter()
        s = Schedule(polymlir.parse(text, f"{k}.mlir"), "kernel")
        report = s.optimize()
        t_opt = time.perf_counter() - t0
        optimized = polymlir.print_ir(s.module)
        engines = {
            "polymlir (original)": polymlir.compile(text, opt_level=3, cache=False),
            "polymlir optimize": polymlir.compile(optimized, opt_level=3, cache=False),
        }
        inst = {i: bl.Instance(k, i) for i in ("polybench", "random")}
        ok = {}
        for name, e in engines.items():
            good = True
            for i, instance in inst.items():
                instance.restore()
                e.invoke("kernel", *instance.args)
                good &= bool(bl.pb.compare(k, instance.outputs(), inputs=i)["ok"])
            ok[name] = good
        so = bl.build_c(k, build)
        clang = bl.bind_c(so, k, inst["polybench"].args)
        calls = {"clang -O3": clang}
        for name, e in engines.items():
            calls[name] = lambda e=e, args=inst["polybench"].args: e.invoke("kernel", *args)
        times: dict[str, list[float]] = {n: [] for n in calls}
        for _ in range(a.reps):
            for n, fn in calls.items():
                times[n].append(bl.time_call(fn, inst["polybench"]))
        med = {n: statistics.median(v) for n, v in times.items()}
        rows.append((k, t_opt, report.ok, ok, med))
        print(
            f"{k}: optimize {t_opt:.2f} s ({'applied' if report.ok else 'not applied: ' + report.reason}); "
            + "; ".join(
                f"{n} {med[n]:.3f} s ({med['clang -O3'] / med[n]:.2f}x)" + ("" if ok.get(n, True) else " WRONG")
                for n in calls
            ),
            flush=True,
        )
    print("\n| kernel | optimize time | clang -O3 | polymlir JIT (original) | polymlir optimize + JIT |")
    print("|---|---|---|---|---|")
    for k, t_opt, _applied, ok, med in rows:
        c = med["clang -O3"]
        cells = [
            f"{med[n]:.3f} s ({c / med[n]:.2f}x){'' if ok[n] else ' WRONG'}"
            for n in ("polymlir (original)", "polymlir optimize")
        ]
        print(f"| {k} | {t_opt:.2f} s | {c:.3f} s (1.00x) | {cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    main()
