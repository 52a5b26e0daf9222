"""Register-tiled contractions (``microkernel``) and the cost-aware
``optimize`` (``planner``): every rewritten program runs like the original
on random inputs, bit for bit without FMA contraction, the refusals name
what is wrong, the trace replays, and upstream mlir-opt reads the output."""

from __future__ import annotations

import itertools
import random

import pytest

import polymlir
from polymlir.machine import Machine, host, register_shape
from polymlir.testing import polybench as pb
from polymlir.testing.differential import compare_runs
from polymlir.transforms.loops.trace import Trace

from .test_ast_codegen import accepted_upstream

TOL = 1e-9


def _matmul(order: str, ni: int, nj: int, nk: int, extra: str = "") -> str:
    """C[i, j] += A[i, k] * B[k, j] with the loops nested in ``order``."""
    bounds = {"i": ni, "j": nj, "k": nk}
    head = "".join(f"{'  ' * (n + 1)}affine.for %{v} = 0 to {bounds[v]} {{\n" for n, v in enumerate(order))
    pad = "  " * 4
    body = (
        f"{pad}%a = affine.load %A[%i, %k] : memref<{ni}x{nk}xf64>\n"
        f"{pad}%b = affine.load %B[%k, %j] : memref<{nk}x{nj}xf64>\n"
        f"{pad}%c = affine.load %C[%i, %j] : memref<{ni}x{nj}xf64>\n"
        f"{pad}%p = arith.mulf %a, %b : f64\n"
        f"{extra}"
        f"{pad}%s = arith.addf %c, %p : f64\n"
        f"{pad}affine.store %s, %C[%i, %j] : memref<{ni}x{nj}xf64>\n"
    )
    tail = "".join(f"{'  ' * (n + 1)}}}\n" for n in reversed(range(3)))
    return (
        f"func.func @f(%C: memref<{ni}x{nj}xf64>, %A: memref<{ni}x{nk}xf64>, %B: memref<{nk}x{nj}xf64>) {{\n"
        + head
        + body
        + tail
        + "  return\n}\n"
    )


def _tiled(text: str, loops, mr, nv, lanes, kc=None, fma=True, parallel=False, mc=None):
    s = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
    v = s.register_tile(loops, mr, nv, lanes, kc, fma, parallel, mc=mc)
    return v, s


@pytest.mark.parametrize("shape", [(29, 21, 7), (24, 16, 9), (7, 9, 3)])
@pytest.mark.parametrize("mc", [4, 6, 10, 64])
@pytest.mark.parametrize("parallel", [False, True], ids=["seq", "par"])
def test_row_blocks_run_like_the_original_bit_for_bit(shape, mc, parallel):
    # mc: rounded down to a multiple of mr (2); blocks that divide the rows and blocks that do not;
    # rows left over after the full row tiles (29, 7 rows); an mc over every row (one block: no block loop)
    text = _matmul("ikj", *shape)
    v, s = _tiled(text, ["i", "k", "j"], 2, 2, 4, kc=4, fma=False, parallel=parallel, mc=mc)
    assert v.ok, v.reason
    out = polymlir.print_ir(s.module)
    blocked = mc // 2 * 2 < shape[0] // 2 * 2
    assert ("min" in out or shape[0] // 2 * 2 % (mc // 2 * 2) == 0) if blocked else True
    assert compare_runs(text, out, "f", seeds=(0, 1)) == 0.0
    if parallel:
        assert "affine.parallel" in out
    again = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
    again.replay(Trace.from_json(s.trace.to_json()))
    assert polymlir.print_ir(again.module) == out
    accepted_upstream(out)


def _scaled_matmul(order: str, ni: int, nj: int, nk: int) -> str:
    """gemm's update, C[i, j] += (alpha * A[i, k]) * B[k, j]."""
    text = _matmul(
        order, ni, nj, nk, "        %q = arith.mulf %alpha, %a : f64\n        %r = arith.mulf %q, %b : f64\n"
    )
    return (
        text.replace("%s = arith.addf %c, %p", "%s = arith.addf %c, %r")
        .replace("func.func @f(%C", "func.func @f(%alpha: f64, %C")
        .replace("        %p = arith.mulf %a, %b : f64\n", "")
    )


@pytest.mark.parametrize("shape", [(29, 21, 7), (24, 16, 9), (13, 8, 5)])
@pytest.mark.parametrize("kc,mc", [(None, None), (4, None), (3, 10), (None, 12)])
@pytest.mark.parametrize("parallel", [False, True], ids=["seq", "par"])
def test_panels_and_hoisted_row_values_run_like_the_original_bit_for_bit(shape, kc, mc, parallel):
    # Column tiles copy B's columns into a buffer, alpha * A[i, k] is computed
    # once before the band: partial row tiles (29, 13 rows), columns left
    # over (21: a tail vector and scalar columns), blocks of k and of rows.
    text = _scaled_matmul("ikj", *shape)
    s = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
    v = s.register_tile(["i", "k", "j"], 3, 2, 4, kc, False, parallel, mc=mc, panels=True, hoist=True)
    assert v.ok, v.reason
    out = polymlir.print_ir(s.module)
    assert out.count("memref.alloc") == out.count("memref.dealloc") >= 2
    # the register tile's k loop multiplies nothing by alpha any more
    assert "arith.mulf %arg0" not in out.split("iter_args")[1]
    assert compare_runs(text, out, "f", seeds=(0, 1)) == 0.0  # on every core (parallel: the column tiles)
    again = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
    again.replay(Trace.from_json(s.trace.to_json()))
    assert polymlir.print_ir(again.module) == out
    accepted_upstream(out)


@pytest.mark.parametrize("shape", [(29, 53, 7), (13, 40, 5)])
@pytest.mark.parametrize("group,kc,mc,panels", [(2, None, None, True), (3, 4, None, True), (4, None, 12, False)])
@pytest.mark.parametrize("parallel", [False, True], ids=["seq", "par"])
def test_grouped_column_tiles_run_like_the_original_bit_for_bit(shape, group, kc, mc, panels, parallel):
    # groups of column tiles per iteration of the column loop: 53 and 40
    # columns leave tiles outside the whole groups, a tail vector, scalar columns
    text = _scaled_matmul("ikj", *shape)
    s = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
    v = s.register_tile(["i", "k", "j"], 3, 2, 4, kc, False, parallel, mc=mc, panels=panels, hoist=True, group=group)
    assert v.ok, v.reason
    out = polymlir.print_ir(s.module)
    assert f"step {group * 8}" in out or f"step ({group * 8})" in out
    assert compare_runs(text, out, "f", seeds=(0, 1)) == 0.0
    again = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
    again.replay(Trace.from_json(s.trace.to_json()))
    assert polymlir.print_ir(again.module) == out
    accepted_upstream(out)


def test_grouped_column_tiles_refuse_what_they_cannot_do():
    s = polymlir.schedule(polymlir.parse(_scaled_matmul("ikj", 8, 16, 4), "t.mlir"), "f")
    v = s.register_tile(["i", "k", "j"], 2, 1, 4, group=0)
    assert not v.ok and "group must be a positive integer" in v.reason


def test_panels_and_hoisting_with_fma_round_as_without_them():
    # alpha * A[i, k] hoisted is the same product: with FMA contraction the
    # results are those of the register tile that computes it in place.
    text = _scaled_matmul("ikj", 24, 16, 9)
    outs = []
    for extra in ({}, {"panels": True, "hoist": True}):
        s = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
        assert s.register_tile(["i", "k", "j"], 3, 2, 4, None, True, **extra).ok
        outs.append(polymlir.print_ir(s.module))
    assert compare_runs(outs[0], outs[1], "f", seeds=(0, 1)) == 0.0


def test_panels_and_hoisting_refuse_what_they_cannot_do():
    plain = _matmul("ikj", 24, 16, 9)
    v, _ = _tiled(plain, ["i", "k", "j"], 3, 2, 4)
    assert v.ok
    s = polymlir.schedule(polymlir.parse(plain, "t.mlir"), "f")
    v = s.register_tile(["i", "k", "j"], 3, 2, 4, hoist=True)
    assert not v.ok and "computes nothing that moves with the rows alone" in v.reason
    # B[j, k] read along the rows' partner loop only: a band with no (k, j) operand but A
    rows_only = plain.replace("%b = affine.load %B[%k, %j]", "%b = affine.load %B[%k, %i]").replace(
        "memref<9x16xf64>", "memref<9x24xf64>"
    )
    s = polymlir.schedule(polymlir.parse(rows_only, "t.mlir"), "f")
    v = s.register_tile(["i", "k", "j"], 3, 2, 4, panels=True)
    assert not v.ok and "no operand is read along loops j and k but not along the rows" in v.reason


def test_row_blocks_need_a_rectangular_band():
    text = _matmul("ijk", 8, 16, 4)
    triangle = text.replace("affine.for %j = 0 to 16", "affine.for %j = affine_map<(d0) -> (d0)>(%i) to 16")
    v, _ = _tiled(triangle, ["i", "j", "k"], 2, 1, 4, mc=4)
    assert not v.ok and "mc blocks the rows of a rectangular band" in v.reason
    v, _ = _tiled(text, ["i", "j", "k"], 2, 1, 4, mc=0)
    assert not v.ok and "mc must be a positive integer" in v.reason


@pytest.mark.parametrize("order", ["ijk", "ikj", "jik", "kij"])
@pytest.mark.parametrize("shape", [(13, 29, 7), (12, 32, 16), (5, 9, 3)])
def test_register_tile_runs_like_the_original_bit_for_bit(order, shape):
    text = _matmul(order, *shape)
    v, s = _tiled(text, list(order), 4, 2, 4, kc=5, fma=False)
    assert v.ok, v.reason
    out = polymlir.print_ir(s.module)
    assert "vector<4xf64>" in out and "iter_args" in out
    assert compare_runs(text, out, "f", seeds=(0, 1)) == 0.0


def test_register_tile_with_fma_parallel_columns_and_upstream_reads_it():
    text = _matmul("ikj", 20, 37, 11)
    v, s = _tiled(text, ["i", "k", "j"], 3, 2, 8, kc=None, fma=True, parallel=True)
    assert v.ok, v.reason
    out = polymlir.print_ir(s.module)
    assert "vector.fma" in out and "affine.parallel" in out
    assert compare_runs(text, out, "f", seeds=(0, 1)) <= TOL
    accepted_upstream(out)


def test_register_tile_trace_replays():
    text = _matmul("ijk", 10, 20, 6)
    v, s = _tiled(text, ["i", "j", "k"], 2, 1, 8, kc=4)
    assert v.ok
    again = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
    again.replay(Trace.from_json(s.trace.to_json()))
    assert polymlir.print_ir(again.module) == polymlir.print_ir(s.module)


@pytest.mark.parametrize("seed", range(12))
def test_random_register_tiles(seed):
    rng = random.Random(seed)
    order = "".join(rng.sample("ijk", 3))
    shape = tuple(rng.randint(1, 40) for _ in range(3))
    lanes = rng.choice([2, 4, 8])
    text = _matmul(order, *shape)
    v, s = _tiled(text, list(order), rng.randint(1, 6), rng.randint(1, 4), lanes, rng.choice([None, 1, 3, 16]))
    if shape[1] < lanes:
        assert not v.ok and "under one vector" in v.reason
        return
    assert v.ok, v.reason
    assert compare_runs(text, polymlir.print_ir(s.module), "f", seeds=(seed,)) <= TOL


def test_refusals_name_the_problem():
    # a dependence across columns: C[i, j] reads C[i, j - 1]
    text = _matmul("ijk", 8, 16, 4).replace("%c = affine.load %C[%i, %j]", "%c = affine.load %C[%i, %j]")
    shifted = text.replace("affine.for %j = 0 to 16", "affine.for %j = 1 to 16").replace(
        "%p = arith.mulf %a, %b : f64\n",
        "%p0 = arith.mulf %a, %b : f64\n        %q = affine.load %C[%i, %j - 1] : memref<8x16xf64>\n"
        "        %p = arith.addf %p0, %q : f64\n",
    )
    v, _ = _tiled(shifted, ["i", "j", "k"], 2, 1, 4)
    assert not v.ok and "reads the stored memref elsewhere" in v.reason
    triangular = text.replace("affine.for %k = 0 to 4", "affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i)")
    v, _ = _tiled(triangular, ["i", "j", "k"], 2, 1, 4)
    assert not v.ok and "constant bounds" in v.reason
    v, _ = _tiled(text, ["i", "j", "k"], 0, 1, 4)
    assert not v.ok and "mr must be a positive integer" in v.reason


def test_register_shape_fits_the_register_file():
    for bits, regs in ((512, 32), (256, 16), (128, 16)):
        m = Machine(bits, regs, True, 32768, 262144, 8 << 20, 1)
        mr, nv, lanes = register_shape(m)
        assert lanes == bits // 64
        assert mr * nv + nv + 1 <= regs and mr * nv >= 8
    assert host().vector_bits in (128, 256, 512)
    # two operands streamed per column (syr2k): room for both vectors of each column
    for regs in (16, 32):
        m = Machine(256, regs, True, 32768, 262144, 8 << 20, 1)
        mr, nv, _ = register_shape(m, streams=2, broadcasts=2)
        assert mr * nv + 2 * nv + 3 <= regs and mr * nv >= 8


SMALL = {
    "gemm": dict(NI=29, NJ=35, NK=13),
    "2mm": dict(NI=17, NJ=19, NK=23, NL=41),
    "mvt": dict(N=37),
    "covariance": dict(M=19, N=23),
}


@pytest.mark.parametrize("name", sorted(pb.KERNELS))
def test_optimize_plans_run_like_the_original(name):
    sizes = SMALL.get(name, pb.KERNELS[name].sizes)
    text = pb.render(name, sizes)
    s = polymlir.schedule(polymlir.parse(text, f"{name}.mlir"), "kernel")
    report = s.optimize()
    assert report.ok, report.explain()
    out = polymlir.print_ir(s.module)
    assert compare_runs(text, out, "kernel", seeds=(0, 1)) <= TOL
    # the plan is primitives: its trace replays to the same program
    again = polymlir.schedule(polymlir.parse(text, f"{name}.mlir"), "kernel")
    again.replay(Trace.from_json(s.trace.to_json()))
    assert polymlir.print_ir(again.module) == out
    # only an in-place stencil takes isl's schedule, one replayable step
    assert all(step.op != "optimize" for step in s.trace) or name == "seidel-2d"


def test_optimize_register_tiles_gemm_and_explains():
    text = pb.render("gemm", SMALL["gemm"])
    s = polymlir.schedule(polymlir.parse(text, "gemm.mlir"), "kernel")
    report = s.optimize()
    ops = [step.op for step in s.trace]
    assert ops[:2] == ["contract_fma", "distribute"] and "register_tile" in ops
    assert "register tile" in report.explain() and "machine:" in report.explain()
    accepted_upstream(polymlir.print_ir(s.module))


def test_optimize_packs_gemms_panels_and_hoists_alpha_where_row_tiles_share_them():
    # 60 rows: 10 row tiles of 6 share each column panel and each alpha * A[i, k]
    text = pb.render("gemm", {"NI": 60, "NJ": 40, "NK": 30})
    s = polymlir.schedule(polymlir.parse(text, "gemm.mlir"), "kernel")
    report = s.optimize()
    step = next(st for st in s.trace if st.op == "register_tile")
    assert step.params["panels"] and step.params["hoist"]
    assert "column panels packed" in report.explain() and "alpha * A[i, k]" in report.explain()
    out = polymlir.print_ir(s.module)
    assert compare_runs(text, out, "kernel", seeds=(0,)) <= TOL
    # 12 rows: two row tiles, the copies would not pay
    few = polymlir.schedule(polymlir.parse(pb.render("gemm", {"NI": 12, "NJ": 40, "NK": 30}), "gemm.mlir"), "kernel")
    few.optimize()
    step = next(st for st in few.trace if st.op == "register_tile")
    assert not step.params.get("panels") and not step.params.get("hoist")


def test_optimize_keeps_a_stencil_as_written_when_unsure():
    text = pb.render("jacobi-1d")
    s = polymlir.schedule(polymlir.parse(text, "s.mlir"), "kernel")
    report = s.optimize()
    assert report.ok and len(s.trace) == 0
    assert "kept the program as written" in report.explain()


def test_pluto_strategy_is_still_there():
    text = pb.render("jacobi-1d")
    s = polymlir.schedule(polymlir.parse(text, "j.mlir"), "kernel")
    report = s.optimize(strategy="pluto")
    assert report.ok and [st.op for st in s.trace] == ["optimize"]
    assert compare_runs(text, polymlir.print_ir(s.module), "kernel") <= TOL


def test_all_orders_of_a_matmul_band_are_recognized():
    for order in itertools.permutations("ijk"):
        text = _matmul("".join(order), 8, 16, 4)
        v, _ = _tiled(text, list(order), 2, 1, 4)
        assert v.ok, ("".join(order), v.reason)


def _triangle(lo: str, hi: str, transposed: bool = False) -> str:
    """C[i, j] += A[i, k] * B[k, j] (or B[j, k]) over j in [lo, hi) moving with i."""
    b = "%B[%j, %k] : memref<40x11xf64>" if transposed else "%B[%k, %j] : memref<11x40xf64>"
    bt = "memref<40x11xf64>" if transposed else "memref<11x40xf64>"
    return f"""func.func @f(%C: memref<37x40xf64>, %A: memref<37x11xf64>, %B: {bt}) {{
  affine.for %i = {13 if "56" in hi else 0} to 33 {{
    affine.for %k = 0 to 11 {{
      affine.for %j = {lo} to {hi} {{
        %a = affine.load %A[%i, %k] : memref<37x11xf64>
        %b = affine.load {b}
        %c = affine.load %C[%i, %j] : memref<37x40xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<37x40xf64>
      }}
    }}
  }}
  return
}}"""


TRIANGLES = [
    ("0", "affine_map<(d0) -> (d0 + 1)>(%i)"),
    ("affine_map<(d0) -> (d0)>(%i)", "40"),
    ("affine_map<(d0) -> (d0)>(%i)", "affine_map<(d0) -> (d0 * 3 - 56)>(%i)"),
]


@pytest.mark.parametrize("bounds", TRIANGLES, ids=["lower", "upper", "band"])
@pytest.mark.parametrize("tile", [(3, 2, 4, None), (4, 1, 8, 5), (1, 1, 2, None)])
@pytest.mark.parametrize("transposed", [False, True], ids=["contiguous", "packed"])
def test_triangular_bands_and_packing_bit_for_bit(bounds, tile, transposed):
    text = _triangle(*bounds, transposed=transposed)
    mr, nv, lanes, kc = tile
    s = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
    if transposed:
        v = s.register_tile(["i", "k", "j"], mr, nv, lanes, kc, False)
        assert not v.ok and "not contiguous along loop j" in v.reason and "pack=True" in v.hint
    v = s.register_tile(["i", "k", "j"], mr, nv, lanes, kc, False, parallel=True, pack=transposed)
    assert v.ok, v.reason
    out = polymlir.print_ir(s.module)
    assert ("memref.alloc" in out) == transposed
    assert compare_runs(text, out, "f", seeds=(0, 1)) == 0.0
    accepted_upstream(out)


@pytest.mark.parametrize("bounds", TRIANGLES, ids=["lower", "upper", "band"])
@pytest.mark.parametrize("transposed", [False, True], ids=["contiguous", "packed"])
def test_triangular_bands_with_hoisted_row_values_bit_for_bit(bounds, transposed):
    # syrk's update: C[i, j] += (alpha * A[i, k]) * B[j, k] over a triangle
    text = _triangle(*bounds, transposed=transposed)
    text = text.replace("%p = arith.mulf %a, %b", "%q = arith.mulf %alpha, %a : f64\n        %p = arith.mulf %q, %b")
    text = text.replace("func.func @f(%C", "func.func @f(%alpha: f64, %C")
    s = polymlir.schedule(polymlir.parse(text, "t.mlir"), "f")
    v = s.register_tile(["i", "k", "j"], 3, 1, 4, 4, False, parallel=True, pack=transposed, hoist=True)
    assert v.ok, v.reason
    out = polymlir.print_ir(s.module)
    assert out.count("memref.alloc") == 1 + transposed
    assert compare_runs(text, out, "f", seeds=(0, 1)) == 0.0


@pytest.mark.parametrize(
    ("name", "sizes", "expect"),
    [
        ("atax", dict(M=300, N=320), ["unroll_jam", "scalar_replace"]),
        ("gesummv", dict(N=300), ["unroll_jam", "scalar_replace"]),
        ("mvt", dict(N=300), ["unroll_jam", "scalar_replace"]),
        ("bicg", dict(M=300, N=320), ["distribute", "unroll_jam", "scalar_replace"]),
        ("syrk", dict(M=40, N=64), ["distribute", "register_tile"]),
    ],
)
def test_plans_at_larger_sizes_are_exact_and_named(name, sizes, expect):
    text = pb.render(name, sizes)
    s = polymlir.schedule(polymlir.parse(text, f"{name}.mlir"), "kernel")
    report = s.optimize(parallel=False)
    ops = [st.op for st in s.trace]
    assert all(op in ops for op in expect), (ops, report.explain())
    err = compare_runs(text, polymlir.print_ir(s.module), "kernel")
    assert err <= TOL
    if "register_tile" not in ops:
        # unroll-and-jam and scalar replacement keep each sum's order: exact
        # against the program whose multiply-adds round once as the plan's do
        base = polymlir.schedule(polymlir.parse(text, f"{name}.mlir"), "kernel")
        for st in s.trace:
            if st.op == "contract_fma":
                base.apply_step(st)
        assert compare_runs(polymlir.print_ir(base.module), polymlir.print_ir(s.module), "kernel") == 0.0


def test_atax_is_not_distributed_nor_packed():
    # distributing atax would read A twice; packing A for one use costs a copy of A
    text = pb.render("atax", dict(M=300, N=320))
    s = polymlir.schedule(polymlir.parse(text, "atax.mlir"), "kernel")
    s.optimize(parallel=False)
    ops = [st.op for st in s.trace]
    assert "distribute" not in ops and "register_tile" not in ops


def test_an_in_place_stencil_gets_time_tiles_and_floyd_warshall_does_not():
    text = pb.render("seidel-2d")
    s = polymlir.schedule(polymlir.parse(text, "s.mlir"), "kernel")
    report = s.optimize()
    assert [st.op for st in s.trace] == ["optimize", "unroll_hint"] and "skewed time tiles" in report.explain()
    assert compare_runs(text, polymlir.print_ir(s.module), "kernel", seeds=(0, 1)) == 0.0
    s = polymlir.schedule(polymlir.parse(pb.render("floyd-warshall"), "f.mlir"), "kernel")
    s.optimize()
    assert "optimize" not in [st.op for st in s.trace]
