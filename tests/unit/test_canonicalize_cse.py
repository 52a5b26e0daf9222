"""``canonicalize`` and ``cse``: the greedy driver, the folders and patterns,
the expression flattening they rely on, agreement with mlir-opt-22 (the
FileCheck files' CHECK lines run on upstream's output; whole outputs
compared on tiled/unrolled kernels and random affine programs), and
execution: tiled and unrolled kernels compute the same after
canonicalize + cse (with and without loop-cleanup)."""

from __future__ import annotations

import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import polymlir
from polymlir.ir.affine_expr import dim, sym
from polymlir.ir.affine_flatten import bound_for_affine_expr, simplify_affine_expr
from polymlir.ir.affine_map import AffineMap
from polymlir.testing import polybench as pb
from polymlir.testing.differential import compare_runs
from polymlir.transforms.canonical.canonicalize import canonicalize
from polymlir.transforms.canonical.cse import cse
from polymlir.transforms.passes.manager import PassError, PassManager

from ..shared_data import requires_upstream, upstream

FILECHECK_DIR = Path(__file__).resolve().parents[1] / "filecheck"


def run_passes(text: str, pipeline: str) -> str:
    m = polymlir.parse(text, "t.mlir", allow_unregistered=True)
    PassManager.parse(f"builtin.module({pipeline})").run(m)
    return polymlir.print_ir(m)


def body(text: str) -> str:
    """The printed module without alias lines (for ``in`` checks)."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("#"))


# -- upstream comparison helpers --------------------------------------------------------------------

_ALIAS = re.compile(r"^(#[A-Za-z_][\w$.]*) = (.*)$")
_SSA = re.compile(r"%[A-Za-z0-9_$.\-]+")


def normalize(text: str) -> str:
    """Printed IR with aliases inlined and SSA names numbered by first
    appearance per function: polymlir's printer names values and orders
    aliases differently from upstream's (``%c0`` vs ``%0``, sets before
    maps), which says nothing about the IR."""
    aliases, lines = {}, []
    for line in text.splitlines():
        m = _ALIAS.match(line)
        if m:
            aliases[m.group(1)] = m.group(2)
        elif line.strip():
            lines.append(line)
    names = sorted(aliases, key=len, reverse=True)
    out, ren = [], {}

    def rename(m: re.Match) -> str:
        return ren.setdefault(m.group(0), f"%v{len(ren)}")

    for line in lines:
        for n in names:
            line = re.sub(re.escape(n) + r"(?![\w$.])", aliases[n], line)
        if "func.func" in line:
            ren.clear()
        out.append(_SSA.sub(rename, line))
    return "\n".join(out)


def upstream_run(text: str, pipeline: str) -> str:
    r = subprocess.run(
        [upstream("mlir-opt"), "--allow-unregistered-dialect", f"--pass-pipeline=builtin.module({pipeline})"],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def assert_same_as_upstream(text: str, pipeline: str) -> str:
    ours = run_passes(text, pipeline)
    assert normalize(ours) == normalize(upstream_run(text, pipeline))
    return ours


# -- affine expressions in flat form --------------------------------------------------------------


@pytest.mark.parametrize(
    "expr, expected",
    [
        (dim(1) + dim(0) * 4, "d0 * 4 + d1"),
        (sym(0) + dim(1) + 3 + dim(0), "d0 + d1 + s0 + 3"),
        (dim(0) * 2 - (dim(0) * 2).floordiv(4) * 4, "d0 * 2 - (d0 floordiv 2) * 4"),
        ((dim(0) % 4) * 2, "d0 * 2 - (d0 floordiv 4) * 8"),
        ((dim(0) * 4 + dim(1)).floordiv(4), "d0 + d1 floordiv 4"),
        (dim(0) * sym(0) + dim(0), "d0 * s0 + d0"),  # semi-affine: unchanged
    ],
)
def test_simplify_affine_expr(expr, expected):
    assert str(simplify_affine_expr(expr, 2, 1)) == expected


def test_bound_for_affine_expr():
    # d0 in [0, 12], s0 unknown
    lo, hi = [0, None], [12, None]
    assert bound_for_affine_expr(dim(0) + 4, 1, 1, lo, hi, True) == 16
    assert bound_for_affine_expr(dim(0) * -1 + 4, 1, 1, lo, hi, True) == 4
    assert bound_for_affine_expr((dim(0) + 3).floordiv(4), 1, 1, lo, hi, True) == 3
    assert bound_for_affine_expr(dim(0) % 5, 1, 1, lo, hi, True) == 4
    assert bound_for_affine_expr(dim(0) + sym(0), 1, 1, lo, hi, True) is None


# -- the driver and the folders ----------------------------------------------------------------------


def test_dead_code_and_constant_folding():
    text = """
func.func @f(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %s = arith.addi %c2, %c3 : i32
  %unused = arith.muli %x, %x : i32
  %r = arith.muli %x, %s : i32
  return %r : i32
}"""
    out = run_passes(text, "canonicalize")
    assert "arith.constant 5 : i32" in out
    assert out.count("arith.muli") == 1 and "arith.addi" not in out
    assert "arith.constant 2 : i32" not in out


def test_commutative_constant_moves_right_and_folds_stop_at_division_by_zero():
    text = """
func.func @f(%x: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %a = arith.addi %c4, %x : index
  %d = arith.divui %c4, %c0 : index
  return %a, %d : index, index
}"""
    m = polymlir.parse(text)
    assert canonicalize(m)
    out = polymlir.print_ir(m)
    assert "%0 = arith.addi %arg0, %c4 : index" in out  # mlir-opt-22 --canonicalize prints the same
    assert "arith.divui" in out


def test_canonicalize_reaches_a_fixed_point_and_is_idempotent():
    text = pb.render("gemm")
    m = polymlir.parse(text)
    s = polymlir.schedule(m, "kernel")
    assert s.unroll("k", 4).ok
    once = run_passes(polymlir.print_ir(s.module), "canonicalize")
    assert "affine.apply" not in once
    assert run_passes(once, "canonicalize") == once


def test_pass_options():
    text = """
func.func @f(%A: memref<8xf64>) {
  affine.for %i = 0 to 8 {
    %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %b = affine.apply affine_map<(d0) -> (d0 + 1)>(%a)
    %v = affine.load %A[%b] : memref<8xf64>
    affine.store %v, %A[%i] : memref<8xf64>
  }
  return
}"""
    for opts in (
        "max-iterations=1 region-simplify=disabled top-down=false",
        "max-num-rewrites=100",
        "disable-patterns=AlwaysTrueOrFalseIf",
        "test-convergence",
    ):
        out = run_passes(text, f"canonicalize{{{opts}}}")
        assert "%arg1 + 2]" in out, opts
    # Disabling the composition leaves the apply chain (folders still run).
    out = run_passes(text, "canonicalize{disable-patterns=SimplifyAffineOp}")
    assert "affine.apply" in out
    with pytest.raises(PassError, match="no such option"):
        PassManager.parse("canonicalize{max-iteration=1}")


def test_cse_library_function_counts_erased_ops():
    text = """
func.func @f(%x: index) -> (index, index) {
  %a = arith.addi %x, %x : index
  %b = arith.addi %x, %x : index
  %dead = arith.muli %x, %x : index
  return %a, %b : index, index
}"""
    m = polymlir.parse(text)
    assert cse(m) == 2
    assert polymlir.print_ir(m).count("arith.") == 1


def test_cse_does_not_cross_functions_and_keeps_loads_across_writes():
    text = """
func.func @f(%A: memref<4xf64>, %x: index) -> (index, f64) {
  %a = arith.addi %x, %x : index
  %v = affine.load %A[0] : memref<4xf64>
  func.call @g() : () -> ()
  %w = affine.load %A[0] : memref<4xf64>
  %s = arith.addf %v, %w : f64
  return %a, %s : index, f64
}
func.func @g() {
  return
}
func.func @h(%x: index) -> index {
  %a = arith.addi %x, %x : index
  return %a : index
}"""
    out = run_passes(text, "cse")
    assert out.count("affine.load") == 2  # the call may write
    assert out.count("arith.addi") == 2


# -- polymlir's loop clean-ups (not upstream's canonicalize) -------------------------------------------


def test_loop_cleanup_only_when_asked():
    text = """
func.func @f(%A: memref<8xf64>) {
  affine.for %i = 2 to 3 {
    %v = affine.load %A[%i] : memref<8xf64>
    affine.store %v, %A[%i + 1] : memref<8xf64>
  }
  affine.for %i = 5 to 5 {
    %v = affine.load %A[%i] : memref<8xf64>
    affine.store %v, %A[%i] : memref<8xf64>
  }
  return
}"""
    plain = run_passes(text, "canonicalize")
    assert plain.count("affine.for") == 2
    clean = run_passes(text, "canonicalize{loop-cleanup}")
    assert "affine.for" not in clean
    assert "affine.load %arg0[2]" in clean and "affine.store %0, %arg0[3]" in clean


def test_promotion_keeps_the_other_loops_names():
    """The handle picks loops by IV name: a tile loop that runs once (a
    tile as large as the loop) goes; the loops that remain keep their names."""
    m = polymlir.parse(MATMUL)
    s = polymlir.schedule(m, "matmul")
    assert s.tile(["i", "j", "k"], [10, 3, 4]).ok
    canonicalize(s.module, loop_cleanup=True)
    names = [op.regions[0].blocks[0].arguments[0].name_hint for op in s.module.walk() if op.name == "affine.for"]
    assert sorted(names) == ["i", "j", "j_tile", "k", "k_tile"]


# -- agreement with mlir-opt-22 ------------------------------------------------------------------------


def _filecheck_runs() -> list:
    runs = []
    for f in sorted((FILECHECK_DIR / "canonicalize").glob("*.mlir")) + sorted((FILECHECK_DIR / "cse").glob("*.mlir")):
        for line in f.read_text().splitlines():
            m = re.match(r"^//\s*RUN:\s*(.*)$", line)
            if m and "loop-cleanup" not in m.group(1):
                runs.append(
                    pytest.param(f, m.group(1), id=f"{f.parent.name}/{f.name}:{m.group(1).split('|')[0].strip()}")
                )
    return runs


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("path, run", _filecheck_runs())
def test_filecheck_expectations_hold_for_upstream(path, run):
    """The CHECK lines were written from mlir-opt-22's output: they must
    hold for it (the RUN line with ``polymlir opt`` replaced by it)."""
    cmd = run.replace("polymlir opt", shlex.quote(upstream("mlir-opt")) + " --allow-unregistered-dialect")
    cmd = cmd.replace("%s", shlex.quote(str(path)))
    bindir = str(Path(sys.executable).parent)
    r = subprocess.run(
        ["bash", "-o", "pipefail", "-c", cmd],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": bindir + ":/usr/bin:/bin"},
    )
    assert r.returncode == 0, r.stdout + r.stderr


TRANSFORMS = {
    "tile": lambda s, k: s.tile(k.band, [4] * len(k.band)),
    "tile35": lambda s, k: s.tile(k.band[:2], [3, 5]),
    "unroll": lambda s, k: s.unroll(k.band[-1], 3),
    "tile+unroll-jam": lambda s, k: s.tile(k.band, [4] * len(k.band)).ok and s.unroll_jam(k.band[0], 2),
}


class _K:
    def __init__(self, name: str, band: list[str]):
        self.name, self.band = name, band


# A perfectly nested band of each kernel (by the loop names of pb.render).
KERNELS = [
    _K("gemm", ["k", "j2"]),
    _K("2mm", ["i", "j", "k"]),
    _K("jacobi-2d", ["i", "j"]),
    _K("syrk", ["k", "j2"]),
    _K("lu", ["j2", "k2"]),
]


def _transformed(k: _K, how: str) -> str | None:
    m = polymlir.parse(pb.render(k.name))
    s = polymlir.schedule(m, "kernel")
    try:
        v = TRANSFORMS[how](s, k)
    except Exception:  # a loop name the kernel lacks: nothing to compare
        return None
    if not getattr(v, "ok", v):
        return None
    return polymlir.print_ir(s.module)


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("how", list(TRANSFORMS))
@pytest.mark.parametrize("kernel", KERNELS, ids=lambda k: k.name)
def test_transformed_kernels_match_upstream(kernel, how):
    text = _transformed(kernel, how)
    if text is None:
        pytest.skip(f"{how} does not apply to {kernel.name}")
    for pipeline in ("canonicalize", "cse", "canonicalize,cse"):
        out = assert_same_as_upstream(text, pipeline)
        if pipeline == "canonicalize,cse":
            assert compare_runs(text, out, "kernel") <= 1e-9


def _random_expr(rng: random.Random, dims: list[str], syms: list[str], depth: int = 0) -> str:
    if depth > 2 or rng.random() < 0.3:
        r = rng.random()
        if r < 0.45 and dims:
            return rng.choice(dims)
        if r < 0.7:
            return f"symbol({rng.choice(syms)})"
        return str(rng.randint(-5, 9))
    a = _random_expr(rng, dims, syms, depth + 1)
    op = rng.choice(["+", "-", "*", "mod", "floordiv", "ceildiv", "+"])
    if op == "*":
        return f"({a}) * {rng.randint(-3, 5)}"
    if op in ("mod", "floordiv", "ceildiv"):
        return f"({a}) {op} {rng.randint(1, 8)}"
    return f"({a}) {op} ({_random_expr(rng, dims, syms, depth + 1)})"


def random_program(seed: int) -> str:
    """A loop nest (constant, tiled, symbolic and stepped bounds) with
    affine.apply chains feeding loads, stores, min and if; every access
    index is taken mod 64 so that the program runs."""
    rng = random.Random(seed)
    lines = [
        "func.func @f(%A: memref<64xf64>, %n: index, %m: index) {",
        "  %c3 = arith.constant 3 : index",
        "  %c5 = arith.constant 5 : index",
    ]
    ivs: list[str] = []
    ind = "  "
    for d in range(rng.randint(1, 3)):
        kind = rng.random()
        if kind < 0.4:
            bounds = f"{rng.randint(0, 4)} to {rng.randint(0, 12)}"
        elif kind < 0.6 and ivs:
            bounds = (
                f"affine_map<(d0) -> (d0)>({ivs[-1]}) to min affine_map<(d0) -> "
                f"(d0 + {rng.randint(1, 6)}, {rng.randint(5, 20)})>({ivs[-1]})"
            )
        elif kind < 0.8:
            bounds = "0 to %n"
        else:
            bounds = f"{rng.randint(0, 3)} to {rng.randint(6, 20)} step {rng.randint(2, 4)}"
        lines.append(f"{ind}affine.for %i{d} = {bounds} {{")
        ivs.append(f"%i{d}")
        ind += "  "
    syms = ["%n", "%m", "%c3", "%c5"]
    vals: list[str] = []
    for k in range(rng.randint(1, 3)):
        ops = ivs + vals
        e = _random_expr(rng, ops, syms)
        for s_i, s in enumerate(syms):
            e = e.replace(f"symbol({s})", f"s{s_i}")
        for d_i, v in sorted(enumerate(ops), key=lambda x: -len(x[1])):
            e = e.replace(v, f"d{d_i}")
        dl = ", ".join(f"d{i}" for i in range(len(ops)))
        lines.append(
            f"{ind}%v{k} = affine.apply affine_map<({dl})[s0, s1, s2, s3] -> ({e})>"
            f"({', '.join(ops)})[{', '.join(syms)}]"
        )
        vals.append(f"%v{k}")
    for k in range(rng.randint(1, 3)):
        lines.append(f"{ind}%x{k} = affine.load %A[({_random_expr(rng, ivs + vals, syms)}) mod 64] : memref<64xf64>")
        lines.append(f"{ind}affine.store %x{k}, %A[({rng.choice(ivs + vals)}) mod 64] : memref<64xf64>")
    if rng.random() < 0.5:
        lines.append(
            f"{ind}%mn = affine.min affine_map<(d0)[s0] -> (d0 mod 64, s0 + 2, 7)>({rng.choice(ivs + vals)})[%n]"
        )
        lines.append(f"{ind}memref.store %x0, %A[%mn] : memref<64xf64>")
    if rng.random() < 0.4:
        lines.append(
            f"{ind}affine.if affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 - d0 >= 0)>({rng.choice(ivs + vals)})[%c5] {{"
        )
        lines.append(f"{ind}  affine.store %x0, %A[({rng.choice(ivs + vals)}) mod 64] : memref<64xf64>")
        lines.append(f"{ind}}}")
    for _ in ivs:
        ind = ind[:-2]
        lines.append(f"{ind}}}")
    return "\n".join(lines + ["  return", "}"]) + "\n"


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("seed", range(40))
def test_random_affine_programs_match_upstream(seed):
    text = random_program(seed)
    assert_same_as_upstream(text, "canonicalize")
    assert_same_as_upstream(text, "canonicalize,cse")


# -- execution -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(0, 40, 4))
@pytest.mark.parametrize("loop_cleanup", [False, True])
def test_random_programs_compute_the_same(seed, loop_cleanup):
    text = random_program(seed)
    m = polymlir.parse(text)
    canonicalize(m, loop_cleanup=loop_cleanup)
    cse(m)
    assert compare_runs(text, polymlir.print_ir(m), "f") <= 1e-9


MATMUL = """
func.func @matmul(%A: memref<10x12xf64>, %B: memref<12x9xf64>, %C: memref<10x9xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 9 {
      affine.for %k = 0 to 12 {
        %a = affine.load %A[%i, %k] : memref<10x12xf64>
        %b = affine.load %B[%k, %j] : memref<12x9xf64>
        %c = affine.load %C[%i, %j] : memref<10x9xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<10x9xf64>
      }
    }
  }
  return
}
"""


def _tile_cli(text: str, tmp_path: Path, *extra: str) -> str:
    """What ``polymlir tile --sizes 4,4,4 FILE`` prints."""
    src = tmp_path / "in.mlir"
    src.write_text(text)
    r = subprocess.run(
        [sys.executable, "-m", "polymlir", "tile", "--sizes", "4,4,4", *extra, str(src)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize("loop_cleanup", [False, True])
def test_tiled_and_unrolled_matmul_computes_the_same(tmp_path, loop_cleanup):
    tiled = _tile_cli(MATMUL, tmp_path)
    m = polymlir.parse(tiled)
    s = polymlir.schedule(m, "matmul")
    assert s.unroll("#5", 3).ok  # the k point loop: 4 iterations by 3, a cleanup loop that runs once
    unrolled = polymlir.print_ir(s.module)
    assert "affine.apply" in unrolled
    m2 = polymlir.parse(unrolled)
    canonicalize(m2, loop_cleanup=loop_cleanup)
    cse(m2)
    out = polymlir.print_ir(m2)
    assert "affine.apply" not in out
    assert out.count("affine.for") == (5 if loop_cleanup else 6)
    assert compare_runs(MATMUL, out, "matmul") <= 1e-9
    assert compare_runs(MATMUL, run_passes(tiled, "canonicalize,cse"), "matmul") <= 1e-9


@pytest.mark.parametrize("kernel", [k for k in KERNELS if k.name in ("gemm", "2mm", "jacobi-2d")], ids=lambda k: k.name)
def test_polybench_tiled_unrolled_computes_the_same(kernel):
    text = pb.render(kernel.name)
    m = polymlir.parse(text)
    s = polymlir.schedule(m, "kernel")
    assert s.tile(kernel.band[:2], [4, 3]).ok
    assert s.unroll(kernel.band[1], 2).ok
    transformed = polymlir.print_ir(s.module)
    m2 = polymlir.parse(transformed)
    canonicalize(m2, loop_cleanup=True)
    cse(m2)
    assert compare_runs(text, polymlir.print_ir(m2), "kernel") <= 1e-9


def test_single_iteration_loop_with_iter_args_computes_the_same():
    text = """
func.func @f(%A: memref<8xf64>, %B: memref<8xf64>) {
  affine.for %j = 0 to 8 {
    %init = affine.load %B[%j] : memref<8xf64>
    %r = affine.for %i = affine_map<(d0) -> (d0)>(%j) to affine_map<(d0) -> (d0 + 1)>(%j)
        iter_args(%acc = %init) -> (f64) {
      %v = affine.load %A[%i] : memref<8xf64>
      %s = arith.addf %acc, %v : f64
      affine.yield %s : f64
    }
    affine.store %r, %B[%j] : memref<8xf64>
  }
  return
}"""
    m = polymlir.parse(text)
    canonicalize(m, loop_cleanup=True)
    out = polymlir.print_ir(m)
    assert out.count("affine.for") == 1 and "iter_args" not in out
    assert compare_runs(text, out, "f") <= 1e-9


def test_map_helpers_compose_and_canonicalize():
    from polymlir.dialects.affine.map_utils import compose_affine_map_and_operands

    text = """
func.func @f(%n: index) {
  affine.for %i = 0 to 8 {
    %a = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%i)[%n]
    %b = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 1)>(%a, %i)
    "test.use"(%b) : (index) -> ()
  }
  return
}"""
    m = polymlir.parse(text, allow_unregistered=True)
    b = [op for op in m.walk() if op.name == "affine.apply"][-1]
    loop = next(op for op in m.walk() if op.name == "affine.for")
    func = next(op for op in m.walk() if op.name == "func.func")
    amap, ops = compose_affine_map_and_operands(b.get_attr("map").value, b.operands)
    assert amap == AffineMap(1, 1, [dim(0) * 3 + sym(0) + 1])
    assert ops[0] is loop.regions[0].blocks[0].arguments[0]
    assert ops[1] is func.regions[0].blocks[0].arguments[0]
