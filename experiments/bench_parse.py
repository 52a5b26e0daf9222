"""Parse + verify + print speed, side by side with xDSL (and mlir-opt when
installed), on the whole valid corpus and on a generated 20,000-line affine
module. Prints each tool's time and polymlir's speed-up.

    python experiments/bench_parse.py [--lines 20000] [--repeat 3] [--no-corpus]

xDSL is a benchmark-only dependency: ``pip install -e '.[bench]'``.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "shared", "corpus", "valid")

KERNEL = """\
  func.func @k{n}(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {{
    affine.for %i = 0 to 64 {{
      affine.for %j = 0 to 64 {{
        affine.for %k = 0 to 64 {{
          %a = affine.load %A[%i, %k] : memref<64x64xf32>
          %b = affine.load %B[%k, %j] : memref<64x64xf32>
          %c = affine.load %C[%i, %j] : memref<64x64xf32>
          %p = arith.mulf %a, %b : f32
          %s = arith.addf %c, %p : f32
          affine.store %s, %C[%i, %j] : memref<64x64xf32>
        }}
      }}
    }}
    return
  }}
"""


def generate_affine_module(lines: int) -> str:
    """A module of matmul-like affine nests with about ``lines`` lines."""
    per = KERNEL.count("\n")
    body = "".join(KERNEL.format(n=i) for i in range(max(1, (lines - 2) // per)))
    return "module {\n" + body + "}\n"


def time_polymlir(texts: list[tuple[str, str]], allow_unregistered: bool = True) -> tuple[float, int]:
    from polymlir.ir.diagnostics import DiagnosticError
    from polymlir.ir.verifier import verify
    from polymlir.parser.parser import parse_source
    from polymlir.printer import print_op

    ok = 0
    t0 = time.perf_counter()
    for name, text in texts:
        try:
            m = parse_source(text, name, allow_unregistered)
            verify(m)
            print_op(m)
            ok += 1
        except DiagnosticError:
            pass
    return time.perf_counter() - t0, ok


def time_xdsl(texts: list[tuple[str, str]]) -> tuple[float, int] | None:
    try:
        from xdsl.context import Context
        from xdsl.dialects import get_all_dialects
        from xdsl.parser import Parser
        from xdsl.printer import Printer
    except ImportError:
        return None
    import io

    ctx = Context(allow_unregistered=True)
    for name, factory in get_all_dialects().items():
        ctx.register_dialect(name, factory)
    ok = 0
    t0 = time.perf_counter()
    for name, text in texts:
        try:
            m = Parser(ctx, text, name).parse_module()
            m.verify()
            Printer(stream=io.StringIO()).print_op(m)
            ok += 1
        except Exception:  # xDSL raises many kinds of errors on unsupported input
            pass
    return time.perf_counter() - t0, ok


def time_cli(cmd: list[str], path: str, repeat: int) -> float | None:
    if shutil.which(cmd[0]) is None:
        return None
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        r = subprocess.run(cmd + [path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        dt = time.perf_counter() - t0
        if r.returncode != 0:
            return None
        best = dt if best is None else min(best, dt)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-corpus", action="store_true")
    args = ap.parse_args()
    sys.setrecursionlimit(20000)

    module = generate_affine_module(args.lines)
    print(f"generated affine module: {module.count(chr(10))} lines")
    rows = []
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "affine.mlir")
        with open(path, "w") as f:
            f.write(module)
        texts = [(path, module)]
        ours = min(time_polymlir(texts)[0] for _ in range(args.repeat))
        xd = time_xdsl(texts)
        xd_t = min([xd[0]] + [time_xdsl(texts)[0] for _ in range(args.repeat - 1)]) if xd else None  # type: ignore[index]
        cli_ours = time_cli([sys.executable, "-m", "polymlir", "opt"], path, args.repeat)
        cli_xdsl = time_cli(["xdsl-opt"], path, args.repeat)
        mlir_opt = shutil.which("mlir-opt-22") or shutil.which("mlir-opt")
        cli_mlir = time_cli([mlir_opt], path, args.repeat) if mlir_opt else None
        rows.append(("affine module, in-process", ours, xd_t))
        rows.append(("affine module, CLI wall time", cli_ours, cli_xdsl))
        if cli_mlir is not None:
            print(f"upstream mlir-opt CLI on the affine module: {cli_mlir:.3f} s")

    if not args.no_corpus and os.path.isdir(CORPUS):
        files = sorted(glob.glob(os.path.join(CORPUS, "*", "*.mlir")))
        texts = [(f, open(f).read()) for f in files]
        ours, ok = time_polymlir(texts)
        xd = time_xdsl(texts)
        print(f"valid corpus: {len(files)} files; polymlir handled {ok}"
              + (f", xDSL handled {xd[1]}" if xd else ""))
        rows.append(("valid corpus, in-process", ours, xd[0] if xd else None))

    print()
    print(f"{'benchmark':32} {'polymlir':>10} {'xDSL':>10} {'speed-up':>9}")
    for name, a, b in rows:
        fa = f"{a:.3f} s" if a is not None else "n/a"
        fb = f"{b:.3f} s" if b is not None else "n/a"
        ratio = f"{b / a:.1f}x" if a and b else "n/a"
        print(f"{name:32} {fa:>10} {fb:>10} {ratio:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
