"""Run a kernel before and after a transformation on the same inputs.

``with_main(text)`` appends a ``@main`` that allocates every memref argument
of ``@kernel``, fills it deterministically from its indices, calls the kernel
and prints every memref; ``run_upstream(text)`` runs that program with
upstream ``mlir-opt`` + ``mlir-runner`` (an oracle for tests only);
``small_kernel`` renders a PolyBench kernel with polymlir's own generator.
"""

from __future__ import annotations

import os
import re
import subprocess

from polymlir.testing import polybench

from ..shared_data import upstream

# Why the tests that need upstream_tools() skip.
UPSTREAM_MISSING = "upstream mlir-opt-22/mlir-runner-22 (and libmlir_runner_utils.so.22.1) not installed"

UPSTREAM_PIPELINE = (
    "builtin.module(lower-affine,convert-scf-to-cf,expand-strided-metadata,"
    "finalize-memref-to-llvm,convert-arith-to-llvm,convert-math-to-llvm,"
    "convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)"
)


def upstream_tools() -> tuple[str, str, str] | None:
    opt = upstream("mlir-opt")
    runner = upstream("mlir-runner")
    if not opt or not runner:
        return None
    libdir = None
    cfg = upstream("llvm-config")
    if cfg:
        libdir = subprocess.run([cfg, "--libdir"], capture_output=True, text=True).stdout.strip()
    for d in filter(None, [libdir, "/usr/lib/llvm-22/lib"]):
        lib = os.path.join(d, "libmlir_runner_utils.so.22.1")
        if os.path.exists(lib):
            return opt, runner, d
    return None


_SIG = re.compile(r"func\.func\s+@kernel\(([^)]*)\)")


def kernel_args(text: str) -> list[tuple[str, str]]:
    """(name, type) of @kernel's arguments."""
    m = _SIG.search(text)
    assert m, "no func.func @kernel"
    args = []
    depth = 0
    cur = ""
    for c in m.group(1):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        if c == "," and depth == 0:
            args.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        args.append(cur)
    out = []
    for a in args:
        name, ty = a.split(":", 1)
        out.append((name.strip(), ty.strip()))
    return out


def with_main(text: str) -> str:
    """``text`` plus a @main that initializes, calls @kernel and prints."""
    lines = ["func.func @main() {"]
    call_args, call_types, prints = [], [], []
    k = 0
    for _name, ty in kernel_args(text):
        k += 1
        if ty.startswith("memref<"):
            shape = [int(d) for d in re.findall(r"(\d+)x", ty)]
            elt = ty.rsplit("x", 1)[1].rstrip(">")
            v = f"%m{k}"
            lines.append(f"  {v} = memref.alloc() : {ty}")
            ivs = [f"%i{k}_{d}" for d in range(len(shape))]
            for d, (iv, n) in enumerate(zip(ivs, shape, strict=True)):
                lines.append("  " * (d + 1) + f"  affine.for {iv} = 0 to {n} {{")
            ind = "  " * (len(shape) + 1)
            # value = ((sum_d (d*7+3) * i_d + k) mod 17) / 8 - 1
            terms = " + ".join(f"{d * 7 + 3 + k} * d{d}" for d in range(len(shape))) or "0"
            dims = ", ".join(f"d{d}" for d in range(len(shape)))
            lines.append(
                f"{ind}  %h{k} = affine.apply affine_map<({dims}) -> (({terms} + {k}) mod 17)>({', '.join(ivs)})"
            )
            lines.append(f"{ind}  %c{k} = arith.index_cast %h{k} : index to i64")
            lines.append(f"{ind}  %f{k} = arith.sitofp %c{k} : i64 to {elt}")
            lines.append(f"{ind}  %e{k} = arith.constant 0.125 : {elt}")
            lines.append(f"{ind}  %g{k} = arith.mulf %f{k}, %e{k} : {elt}")
            lines.append(f"{ind}  affine.store %g{k}, {v}[{', '.join(ivs)}] : {ty}")
            for d in reversed(range(len(shape))):
                lines.append("  " * (d + 1) + "  }")
            call_args.append(v)
            call_types.append(ty)
            suffix = {"f64": "F64", "f32": "F32"}[elt]
            u = f"%u{k}"
            prints.append(f"  {u} = memref.cast {v} : {ty} to memref<*x{elt}>")
            prints.append(f"  func.call @printMemref{suffix}({u}) : (memref<*x{elt}>) -> ()")
        else:
            v = f"%s{k}"
            lines.append(f"  {v} = arith.constant {1.5 + 0.25 * k} : {ty}")
            call_args.append(v)
            call_types.append(ty)
    lines.append(f"  func.call @kernel({', '.join(call_args)}) : ({', '.join(call_types)}) -> ()")
    lines.extend(prints)
    lines.append("  return")
    lines.append("}")
    lines.append("func.func private @printMemrefF64(memref<*xf64>) attributes {llvm.emit_c_interface}")
    lines.append("func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}")
    return text + "\n" + "\n".join(lines) + "\n"


def run_upstream(text: str, timeout: int = 300, linalg: bool = False) -> str:
    tools = upstream_tools()
    assert tools is not None
    opt, runner, libdir = tools
    pipeline = (
        UPSTREAM_PIPELINE.replace("builtin.module(", "builtin.module(convert-linalg-to-loops,")
        if linalg
        else UPSTREAM_PIPELINE
    )
    lowered = subprocess.run(
        [opt, f"--pass-pipeline={pipeline}"], input=text, capture_output=True, text=True, timeout=timeout
    )
    if lowered.returncode != 0:
        raise RuntimeError(f"mlir-opt failed:\n{lowered.stderr}")
    libs = [
        os.path.join(libdir, "libmlir_runner_utils.so.22.1"),
        os.path.join(libdir, "libmlir_c_runner_utils.so.22.1"),
    ]
    run = subprocess.run(
        [runner, "-e", "main", "-entry-point-result=void", *[f"-shared-libs={lib}" for lib in libs]],
        input=lowered.stdout,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if run.returncode != 0:
        raise RuntimeError(f"mlir-runner failed:\n{run.stderr}")
    return re.sub(r"base@ = 0x[0-9a-f]+", "base@ = <addr>", run.stdout)


def small_kernel(name: str, sizes: str) -> str:
    """A PolyBench kernel at small sizes (``"NI=3,NJ=4,NK=5"``), rendered by
    polymlir.testing.polybench."""
    pairs = (kv.split("=") for kv in sizes.split(",") if kv.strip())
    return polybench.render(name, {k.strip(): int(v) for k, v in pairs})
