"""polymlir side by side with the anchors on the 20 PolyBench kernels, in one run.

Variants (``--variants``, comma-separated; default all but pm_trace unless
``--trace`` is given):

  clang        the kernel's C (rendered from the same description), clang -O3 -march=native
  polly        ... -mllvm -polly
  polly_sm     ... -mllvm -polly -mllvm -polly-vectorizer=stripmine
  mlir_tile32  upstream mlir-opt -affine-loop-tile=tile-size=32, the ANCHORS.md lowering,
               mlir-translate, clang -O3 -march=native; called with memref descriptors
  numpy        numpy/BLAS form where one exists (polymlir.testing.polybench_numpy)
  pm_plain     polymlir.compile of the kernel as written
  pm_opt       polymlir.schedule(module, "kernel").optimize(parallel=THREADS > 1), then polymlir.compile
  pm_trace     the ``--trace`` steps replayed (Schedule.replay), then polymlir.compile

Kernels are rendered by polymlir's generator at ``--sizes`` (bench: BENCH_SIZES);
where the shared bench is present ($POLYMLIR_SHARED or ../shared) its kernels'
MLIR, inputs and references replace the generated ones (bench sizes). Every
variant is verified on two input sets before timing; a wrong one is WRONG and
not timed. Timing: written arrays restored before every run, variants
interleaved round-robin after a warm-up, median of ``--reps`` and min-max
spread. The FMA peak is measured in the same run (polymlir.testing.machine).

    python experiments/bench_polybench.py --reps 3 --md experiments/results/polybench_DATE.md
    python experiments/bench_polybench.py --kernels gemm,lu --variants clang,pm_opt --sizes small
    python experiments/bench_polybench.py --kernels gemm --trace gemm=trace.json --plot out.png
"""

from __future__ import annotations

import os
import sys


def _threads(argv: list[str]) -> int:
    for k, a in enumerate(argv):
        if a == "--threads" and k + 1 < len(argv):
            return int(argv[k + 1])
        if a.startswith("--threads="):
            return int(a.split("=", 1)[1])
    return 1


# BLAS threads are fixed when numpy loads: set them before, from --threads (default 1).
for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
    os.environ[_v] = str(_threads(sys.argv[1:]))
# Some machines here force an old OpenBLAS core type (and L2 size) for safety;
# they slow a current numpy, so the numpy anchor runs without both (this
# process only; tests and CI keep them).
OPENBLAS_FORCED = {v: os.environ.pop(v) for v in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE") if v in os.environ}

import argparse  # noqa: E402
import datetime  # noqa: E402
import gc  # noqa: E402
import inspect  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import polymlir  # noqa: E402
from polymlir.testing import anchors, loop_report, machine, timing  # noqa: E402
from polymlir.testing import polybench as pb  # noqa: E402
from polymlir.testing import polybench_numpy as pbn  # noqa: E402
from polymlir.testing.external import shared_root  # noqa: E402
from polymlir.testing.polybench_problems import TOLERANCE, Problem, problem  # noqa: E402
from polymlir.transforms.loops.trace import Trace  # noqa: E402

LABELS = {
    "clang": "clang -O3",
    "polly": "Polly",
    "polly_sm": "Polly+stripmine",
    "mlir_tile32": "MLIR tile 32",
    "numpy": "numpy",
    "pm_plain": "polymlir",
    "pm_opt": "polymlir optimize",
    "pm_trace": "polymlir trace",
}
C_FLAGS = {"clang": anchors.CLANG_O3, "polly": anchors.POLLY, "polly_sm": anchors.POLLY_STRIPMINE}
ORDER = [
    "gemm",
    "2mm",
    "3mm",
    "syrk",
    "syr2k",
    "symm",
    "trmm",
    "doitgen",
    "covariance",
    "atax",
    "mvt",
    "gesummv",
    "bicg",
    "lu",
    "jacobi-1d",
    "jacobi-2d",
    "seidel-2d",
    "heat-3d",
    "fdtd-2d",
    "floyd-warshall",
]

Binder = Callable[[Problem, dict[str, Any]], Callable[[], Any]]


def _compile_kw(threads: int | None) -> dict[str, Any]:
    """``polymlir.compile``'s thread count: one unless ``--threads`` says
    otherwise (compile's own default is every core)."""
    if "threads" not in inspect.signature(polymlir.compile).parameters:
        raise SystemExit(
            "--threads: this polymlir.compile has no threads= keyword (it is being added); run without --threads"
        )
    return {"threads": threads or 1}


def _engine_binder(engine: Any) -> Binder:
    def bind(p: Problem, values: dict[str, Any]) -> Callable[[], Any]:
        args = p.call_args(values)
        return lambda: engine.invoke("kernel", *args)

    return bind


def build(p: Problem, variant: str, info: dict[str, Any], build_dir: Path, opts: argparse.Namespace) -> Binder | None:
    """Build one variant of ``p``; returns how to bind it to an input set,
    or None (``info["status"]`` says why)."""
    t0 = time.perf_counter()
    if variant in C_FLAGS:
        so = anchors.build_c(p.c, build_dir, C_FLAGS[variant])
        info["build_s"] = round(time.perf_counter() - t0, 2)
        return lambda q, values: anchors.bind_c(so, "kernel", q.call_args(values))
    if variant == "mlir_tile32":
        so = anchors.build_mlir(p.mlir, build_dir, anchors.TILE32)
        info["build_s"] = round(time.perf_counter() - t0, 2)
        return lambda q, values: anchors.bind_mlir(so, q.call_args(values))
    if variant == "numpy":
        if not pbn.has_form(p.name):
            info["status"] = "n/a"
            return None
        info["note"] = pbn.NOTES.get(p.name, "")
        return lambda q, values: pbn.form(q.name, values, q.sizes)
    kw = _compile_kw(opts.threads)
    text = p.mlir
    if variant in ("pm_opt", "pm_trace"):
        s = polymlir.schedule(polymlir.parse(p.mlir, f"{p.name}.mlir"), "kernel")
        if variant == "pm_opt":
            # Planned for the threads it runs on: one thread fuses the sweeps of a
            # stencil's time step where threads would run each sweep in parallel.
            report = s.optimize(parallel=(opts.threads or 1) > 1)
            info["optimize_ok"] = report.ok
            info["remarks"] = list(report.remarks) + ([] if report.ok else [f"not optimized: {report.reason}"])
            info["schedule"] = loop_report.schedule_summary(report.remarks, report.ok, report.reason).describe(
                opts.threads or 1
            )
        else:
            trace = opts.traces.get(p.name) or opts.traces.get("*")
            if trace is None:
                info["status"] = "n/a"
                return None
            s.replay(Trace.from_json(Path(trace).read_text()))
            info["trace"] = trace
        info["optimize_s"] = round(time.perf_counter() - t0, 2)
        text = polymlir.print_ir(s.module)
    t1 = time.perf_counter()
    engine = polymlir.compile(text, cache=False, **kw)
    info["compile_s"] = round(time.perf_counter() - t1, 2)
    info["build_s"] = round(time.perf_counter() - t0, 2)
    # What runs: the module without the generic kernel when its noalias copy is what the call takes
    # (a generic kernel compiled on first need is not in the module yet: asking for it would compile it).
    ir = engine.optimized_llvm_ir
    lazy = "kernel" in engine.fallback_functions and not engine.fallback_compiles
    if not lazy and engine.function_llvm_ir("kernel") != engine.function_llvm_ir("kernel", disjoint=False):
        ir = ir.replace(engine.function_llvm_ir("kernel", disjoint=False), "")
    info["vectorization"] = loop_report.vectorization(ir).describe()
    return _engine_binder(engine)


def measure(name: str, variants: list[str], opts: argparse.Namespace, build_dir: Path) -> dict[str, Any]:
    """Build, verify on both input sets, then time every correct variant."""
    bench = None if opts.no_shared else (shared_root() / "bench" if shared_root() else None)
    t0 = time.perf_counter()
    p = problem(name, opts.sizes, bench, build_dir)
    rec: dict[str, Any] = dict(
        kernel=name,
        sizes=p.sizes,
        flops=p.flops,
        source=p.source,
        reference=p.reference,
        setup_s=round(time.perf_counter() - t0, 1),
        variants={},
    )
    binders: dict[str, Binder] = {}
    for v in variants:
        info: dict[str, Any] = {}
        rec["variants"][v] = info
        try:
            b = build(p, v, info, build_dir, opts)
        except Exception as e:  # noqa: BLE001  (a failing variant is reported, the others still run)
            info["status"] = "build failed"
            info["error"] = str(e).strip().splitlines()[0][:300] if str(e).strip() else type(e).__name__
            continue
        if b is not None:
            binders[v] = b
    good = list(binders)
    for set_name, values in p.sets.items():
        restore = p.restorer(set_name)
        for v in list(good):
            info = rec["variants"][v]
            try:
                call = binders[v](p, values)
                restore.restore()
                call()
                err = p.check(set_name, values)
            except Exception as e:  # noqa: BLE001
                err, info["error"] = float("inf"), f"{type(e).__name__}: {e}"[:300]
            info[f"err_{set_name}"] = err
            if not err <= TOLERANCE:
                info["status"] = "WRONG"
                good.remove(v)
        restore.restore()
    timed_set = next(iter(p.sets))
    values = p.sets[timed_set]
    calls = {v: binders[v](p, values) for v in good}
    times = timing.round_robin(calls, p.restorer(timed_set).restore, opts.reps, warmup=1)
    for v, ts in times.items():
        st = timing.Stats.of(ts)
        rec["variants"][v].update(
            status="ok",
            times_s=[round(t, 5) for t in ts],
            median_s=st.median,
            min_s=st.min,
            max_s=st.max,
            q1_s=st.q1,
            q3_s=st.q3,
            gflops=p.flops / st.median * 1e-9,
        )
    base = rec["variants"].get("clang", {}).get("median_s")
    for v in good:
        if base:
            rec["variants"][v]["speedup"] = base / rec["variants"][v]["median_s"]
    rec["wall_s"] = round(time.perf_counter() - t0, 1)
    del calls, binders, p
    gc.collect()
    return rec


# -- report -------------------------------------------------------------------------------------


def _cell(info: dict[str, Any]) -> str:
    if "median_s" in info:
        m = info["median_s"]
        spread = 100 * (info["max_s"] - info["min_s"]) / (2 * m) if m > 0 else 0.0
        t = f"{m:.3f}" if m >= 0.01 else f"{m * 1e3:.2f}ms" if m >= 1e-4 else f"{m * 1e6:.1f}us"
        sp = info.get("speedup")
        return f"{t} ±{spread:.0f}%" + (f" ({sp:.2f}x)" if sp else "")
    return {"WRONG": "WRONG", "n/a": "n/a"}.get(info.get("status", ""), "FAIL" if info else "—")


def _geomean(xs: list[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def markdown(results: list[dict[str, Any]], env: dict[str, Any], variants: list[str]) -> str:
    peak = env["fma_peak_gflops"]
    lines = [
        f"PolyBench/C 4.2, {len(results)} kernels, {env['date']}, {env['cpu']} "
        f"({env['vector_width']} x f64 FMA vectors), {env['threads']} thread(s), median of {env['reps']}.",
        f"Caches: {env['caches']}. FMA peak (one core, measured before and after): {peak:.1f} GFLOP/s.",
        f"Tools: {env['clang']}; {env['mlir_opt']}. Kernels: {env['sources']}.",
        "",
        "Median seconds ±half the min-max spread (speed-up over clang -O3 -march=native, same run); "
        "WRONG = failed verification (not timed), FAIL = build failed, n/a = no such form.",
        "",
    ]
    head = "| kernel | sizes | GFlop | " + " | ".join(LABELS[v] for v in variants) + " |"
    lines += [head, "|" + "---|" * (3 + len(variants))]
    for r in results:
        row = [r["kernel"], " ".join(f"{k}={v}" for k, v in r["sizes"].items()), f"{r['flops'] / 1e9:.2f}"]
        row += [_cell(r["variants"].get(v, {})) for v in variants]
        lines.append("| " + " | ".join(row) + " |")
    geo = []
    for v in variants:
        sps = [r["variants"][v]["speedup"] for r in results if "speedup" in r["variants"].get(v, {})]
        geo.append(f"{_geomean(sps):.2f}x (n={len(sps)})" if sps else "—")
    lines.append("| **geomean speed-up** | | | " + " | ".join(geo) + " |")
    lines += ["", f"GFLOP/s (percent of the {peak:.0f} GFLOP/s FMA peak):", ""]
    lines += ["| kernel | " + " | ".join(LABELS[v] for v in variants) + " |", "|" + "---|" * (1 + len(variants))]
    for r in results:
        cells = []
        for v in variants:
            i = r["variants"].get(v, {})
            cells.append(f"{i['gflops']:.2f} ({100 * i['gflops'] / peak:.1f}%)" if "gflops" in i else "—")
        lines.append(f"| {r['kernel']} | " + " | ".join(cells) + " |")
    gf = []
    for v in variants:
        xs = [r["variants"][v]["gflops"] for r in results if "gflops" in r["variants"].get(v, {})]
        gf.append(f"{_geomean(xs):.2f}" if xs else "—")
    lines.append("| **geomean** | " + " | ".join(gf) + " |")
    lines += ["", "Why polymlir's optimize variant is as fast as it is:", ""]
    for r in results:
        lines.append(f"- {r['kernel']}: {_why(r)}")
    errors = [
        f"- {r['kernel']} {v}: {i.get('status')}: {i['error']}"
        for r in results
        for v, i in r["variants"].items()
        if i.get("error")
    ]
    if errors:
        lines += ["", "Failures:", "", *errors]
    return "\n".join(lines) + "\n"


def _why(r: dict[str, Any]) -> str:
    o = r["variants"].get("pm_opt")
    if not o:
        return "(pm_opt not run)"
    parts = [o.get("schedule", o.get("status", "?"))]
    if "vectorization" in o:
        parts.append("LLVM " + o["vectorization"])
    plain = r["variants"].get("pm_plain", {})
    if "vectorization" in plain:
        parts.append("as written: " + plain["vectorization"])
    if "optimize_s" in o:
        parts.append(f"optimize {o['optimize_s']:.2f} s + compile {o['compile_s']:.2f} s")
    if o.get("status") == "WRONG":
        parts.append("WRONG OUTPUT")
    return "; ".join(parts)


def plot(results: list[dict[str, Any]], variants: list[str], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shown = [v for v in variants if v != "clang"]
    fig, ax = plt.subplots(figsize=(max(8, len(results) * 0.9), 4.5))
    width = 0.8 / max(1, len(shown))
    for k, v in enumerate(shown):
        xs = [i + k * width for i in range(len(results))]
        ys = [r["variants"].get(v, {}).get("speedup", 0.0) for r in results]
        ax.bar(xs, ys, width, label=LABELS[v])
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(results))])
    ax.set_xticklabels([r["kernel"] for r in results], rotation=45, ha="right")
    ax.set_ylabel("speed-up over clang -O3 (log)")
    ax.legend(fontsize=7, ncol=4)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def _version(tool: str) -> str:
    path = anchors.find_tool(tool)
    if path is None:
        return f"{tool}: absent"
    out = subprocess.run([path, "--version"], capture_output=True, text=True).stdout.strip().splitlines()
    return next((line.strip() for line in out if "version" in line.lower()), out[0] if out else tool)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", default=",".join(ORDER), help="comma-separated (default: all 20)")
    ap.add_argument("--variants", default=None, help=f"comma-separated of {', '.join(LABELS)}")
    ap.add_argument("--sizes", choices=("small", "bench"), default="bench")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--threads", type=int, default=None, help="passed to polymlir.compile(threads=N)")
    ap.add_argument("--trace", action="append", default=[], help="[KERNEL=]FILE: a trace to replay (pm_trace)")
    ap.add_argument("--json", help="write every measurement here")
    ap.add_argument("--md", help="write the markdown tables here")
    ap.add_argument("--plot", help="bar chart of the speed-ups (png/svg)")
    ap.add_argument("--no-shared", action="store_true", help="use the generated kernels even where shared ones exist")
    ap.add_argument("--build-dir", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "polymlir-bench-build"))
    a = ap.parse_args(argv)
    kernels = [k for k in a.kernels.split(",") if k]
    for k in kernels:
        if k not in pb.KERNELS:
            ap.error(f"unknown kernel {k} (known: {', '.join(ORDER)})")
    a.traces = dict(t.split("=", 1) if "=" in t else ("*", t) for t in a.trace)
    variants = a.variants.split(",") if a.variants else [v for v in LABELS if v != "pm_trace" or a.traces]
    for v in variants:
        if v not in LABELS:
            ap.error(f"unknown variant {v} (known: {', '.join(LABELS)})")
    if a.reps < 1:
        ap.error("--reps must be at least 1")
    _compile_kw(a.threads)  # fail early when threads= is not there
    build_dir = Path(a.build_dir)
    caches = machine.cache_sizes()
    root = shared_root()
    env: dict[str, Any] = dict(
        date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        cpu=machine.cpu_name(),
        nproc=os.cpu_count(),
        python=platform.python_version(),
        vector_width=machine.vector_width(),
        caches=", ".join(f"L{c.level} {c.type[0]} {c.size // 1024} KiB" for c in caches),
        threads=a.threads or 1,
        reps=a.reps,
        sizes=a.sizes,
        clang=_version("clang"),
        mlir_opt=_version("mlir-opt"),
        sources="shared bench MLIR and references for "
        + ", ".join(k for k in kernels if root and (root / "bench" / "polybench" / f"{k}.mlir").exists())
        + ", polymlir's generator for the rest"
        if root and not a.no_shared and a.sizes == "bench"
        else "polymlir's generator",
    )
    env["fma_peak_gflops"] = machine.fma_peak()
    print(json.dumps(env), flush=True)
    results = []
    for k in kernels:
        r = measure(k, variants, a, build_dir)
        results.append(r)
        print(f"[{k}] " + "  ".join(f"{v}={_cell(r['variants'][v])}" for v in variants), flush=True)
    # Other work on the machine lowers one measurement: the peak is the better of the run's two ends.
    env["fma_peak_gflops"] = max(env["fma_peak_gflops"], machine.fma_peak())
    md = markdown(results, env, variants)
    print(md)
    if a.md:
        Path(a.md).parent.mkdir(parents=True, exist_ok=True)
        Path(a.md).write_text(md)
    if a.json:
        Path(a.json).write_text(json.dumps(dict(env=env, results=results), indent=1, default=str))
    if a.plot:
        plot(results, variants, a.plot)


if __name__ == "__main__":
    main()
