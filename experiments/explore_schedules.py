"""A research script: explore schedules of one kernel through the Python API.

Lists the primitives that are legal on the kernel's loops (with their
verdicts), applies several traces (interchanges, tilings of several sizes,
unroll-and-jam), verifies each against the original on random inputs,
times each with polymlir's JIT, prints a table and plots the times.

    python experiments/explore_schedules.py [--kernel gemm] [--size 256] [--plot out.png]
"""

from __future__ import annotations

import argparse
import json

import polymlir
from polymlir.testing import polybench as pb
from polymlir.testing.bench import bench
from polymlir.transforms.loops.handle import Schedule
from polymlir.transforms.loops.trace import Step, Trace


def candidate_traces(loops: list[str]) -> list[Trace]:
    """A few schedules a researcher would try on a band: every order of its
    loops (refused ones are reported), then tilings of the last legal
    order with several sizes, and unroll-and-jam of a tiled band."""
    import itertools

    n = len(loops)
    out = [Trace()]
    for order in itertools.permutations(loops):
        if list(order) != loops:
            out.append(Trace([Step("interchange", list(order))]))
    best = [loops[0], *loops[2:], loops[1]] if n >= 3 else loops  # i, k, j: unit stride innermost
    pre = [Step("interchange", best)] if best != loops else []
    for t in (8, 16, 32, 64):
        out.append(Trace([*pre, Step("tile", best, {"sizes": [t] * n})]))
    out.append(Trace([*pre, Step("tile", best, {"sizes": [32] * n}), Step("unroll_jam", [best[0]], {"factor": 2})]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", default="matmul", help="'matmul' (examples/matmul.mlir) or a PolyBench kernel")
    ap.add_argument("--size", type=int, default=256, help="every size parameter of the kernel")
    ap.add_argument("--plot", default="", help="write a bar chart of the times (PNG/SVG; needs matplotlib)")
    a = ap.parse_args()
    if a.kernel == "matmul":
        func = "matmul"
        with open("examples/matmul.mlir") as f:
            text = f.read().replace("512", str(a.size))
    else:
        func = "kernel"
        text = pb.render(a.kernel, {k: a.size for k in pb.KERNELS[a.kernel].sizes})
    s = Schedule(polymlir.parse(text, f"{a.kernel}.mlir"), func)
    print(f"legal primitives on @{func} of {a.kernel}:")
    for opt in s.legal_primitives():
        print("  ", opt)
    bands = sorted((s.band_from(lp) for lp in s.all_loops()), key=len)
    if len(bands[-1]) < 2:
        print("no band of two or more loops to explore")
        return
    names = [s.spec_of(lp) for lp in bands[-1]]
    print(f"exploring the band {', '.join(names)}")
    rows = []
    for trace in candidate_traces(names):
        h = Schedule(polymlir.parse(text, f"{a.kernel}.mlir"), func)
        try:
            h.replay(trace)
        except ValueError as e:
            rows.append((str(trace), "refused", str(e).split(":")[0], None))
            continue
        r = bench(text, polymlir.print_ir(h.module), func, repeats=3)
        rows.append((str(trace), "ok" if r.ok else "WRONG", f"{r.transformed_s * 1e3:.2f} ms", r.speedup))
    print(f"\n{'trace':<90} {'check':<8} {'time':>12} {'speed-up':>9}")
    for tr, ok, t, sp in rows:
        print(f"{tr:<90} {ok:<8} {t:>12} {f'{sp:.2f}x' if sp else '-':>9}")
    if a.plot:
        import matplotlib  # optional dependency ([plot] extra)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        good = [(tr, sp) for tr, ok, _, sp in rows if sp]
        fig, ax = plt.subplots(figsize=(9, 0.5 * len(good) + 1.5))
        ax.barh([tr[:60] for tr, _ in good], [sp for _, sp in good])
        ax.set_xlabel("speed-up over the original (polymlir JIT)")
        ax.set_title(f"{a.kernel}: schedules explored")
        fig.tight_layout()
        fig.savefig(a.plot)
        print(f"plot written to {a.plot}")
    print(json.dumps([r[0] for r in rows]))


if __name__ == "__main__":
    main()
