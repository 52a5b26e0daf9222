"""Tiling, tile-and-fuse and promotion of linalg ops on buffers: the
transformed programs lower (convert-linalg-to-loops), run through the JIT
and match numpy on random shapes, including shapes the tiles do not divide;
illegal requests are refused with the dependence named."""

from __future__ import annotations

import numpy as np
import pytest

import polymlir
from polymlir.transforms.loops.errors import TransformError
from polymlir.transforms.loops.handle import Schedule

from . import programs as P

TOL = {"f64": 1e-9, "f32": 1e-5}
DT = {"f64": np.float64, "f32": np.float32}


def _args(text: str, seed: int, et: str) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    func = next(o for o in polymlir.parse(text).walk() if o.name == "func.func")
    ins = func.get_attr("function_type").value.inputs
    return [(rng.random(t.shape) + 0.5).astype(DT[et]) for t in ins]


def _run(text: str, args: list[np.ndarray]) -> list[np.ndarray]:
    m = polymlir.parse(text)
    polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-loops)")
    engine = polymlir.compile(str(m), opt_level=0, cache=False)
    copies = [a.copy() for a in args]
    engine.invoke("f", *copies)
    return copies


def _check(text: str, ref, et: str, seed: int = 0) -> None:
    args = _args(text, seed, et)
    got = _run(text, args)
    want = ref(*[a.astype(np.float64) for a in args])
    for g, w in zip(got, want, strict=True):
        err = np.max(np.abs(g - w) / np.maximum(np.abs(w), 1.0))
        assert err <= TOL[et], err


def _transformed(text: str, fn) -> str:
    m = polymlir.parse(text)
    s = Schedule(m)
    v = fn(s)
    assert v.ok, v.reason
    return str(m)


CASES = [
    ("matmul", P.matmul(10, 7, 13), [4, 3, 5]),
    ("matmul_f32", P.matmul(9, 12, 5, "f32"), [4, 5, 2]),
    ("batch_matmul", P.batch_matmul(3, 5, 6, 7), [2, 4, 0, 3]),
    ("conv", P.conv(2, 9, 8, 3, 4, 3, 2), [1, 4, 3, 3, 2]),
    ("depthwise", P.depthwise(1, 9, 10, 5, 3, 3), [1, 4, 3, 2, 2]),
    ("pooling", P.pooling(2, 7, 9, 3, 2, 3), [1, 3, 4, 2, 2]),
    ("chain", P.chain(11, 9, 6), [4, 5, 2]),
]


@pytest.mark.parametrize("name,prog,sizes", CASES, ids=[c[0] for c in CASES])
def test_tile_runs_like_numpy(name, prog, sizes):
    text, ref = prog
    et = "f32" if name.endswith("f32") else "f64"
    _check(text, ref, et)  # the original program is right

    def tile_all(s: Schedule):
        for k, op in enumerate(s.linalg_ops()):
            v = s.tile_linalg(k, sizes[: op.num_loops])
            if not v.ok:
                return v
        return v

    out = _transformed(text, tile_all)
    assert "scf.for" in out and "memref.subview" in out
    _check(out, ref, et, seed=1)


@pytest.mark.parametrize(
    "name,prog,sizes,operands",
    [
        ("matmul", P.matmul(10, 7, 13), [4, 3, 5], [0, 1, 2]),
        ("conv", P.conv(1, 8, 9, 2, 3, 3, 3), [1, 3, 4, 2], [0, 2]),
        ("batch_matmul", P.batch_matmul(2, 5, 6, 7), [1, 4, 4, 3], [1, 2]),
    ],
)
def test_promote_runs_like_numpy(name, prog, sizes, operands):
    text, ref = prog
    out = _transformed(text, lambda s: s.promote_linalg(0, sizes, operands, 64))
    assert out.count("memref.alloc()") == len(operands) and "alignment = 64" in out
    assert out.count("memref.dealloc") == len(operands)
    _check(out, ref, "f64")


@pytest.mark.parametrize("shape,sizes", [((16, 12, 8), [4, 5]), ((11, 9, 6), [4, 4]), ((5, 7, 3), [8, 3])])
def test_fuse_chain_runs_like_numpy(shape, sizes):
    text, ref = P.chain(*shape)
    out = _transformed(text, lambda s: s.fuse_linalg(3, [0, 1, 2], sizes))
    # One nest: every op inside the tile loops.
    body = out.split("scf.for", 1)[1]
    for name in ("linalg.fill", "linalg.matmul", "linalg.generic"):
        assert name in body
    assert out.count("scf.for") == 2
    _check(out, ref, "f64")


def test_fuse_conv_with_halo_reports_recomputation():
    text, ref = P.conv_relu(1, 10, 11, 3, 4, 3, 3)
    m = polymlir.parse(text)
    s = Schedule(m)
    v = s.fuse_linalg(1, [0], [0, 3, 4])
    assert v.ok and "recomputed" in v.reason and "extra instances" in v.reason
    out = str(m)
    assert "affine_map<(d0) -> (d0 + 2)>" in out  # the halo: 3 + 2 rows for a 3-row window
    _check(out, ref, "f64")


def test_fusion_refused_when_a_later_tile_overwrites_the_producer_input():
    text = """func.func @f(%A: memref<8xf64>, %B: memref<8xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%A : memref<8xf64>) outs(%B : memref<8xf64>) {
  ^bb0(%a: f64, %b: f64):
    %r = arith.addf %a, %a : f64
    linalg.yield %r : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (7 - i)>], iterator_types = ["parallel"]}
      ins(%B : memref<8xf64>) outs(%A : memref<8xf64>) {
  ^bb0(%b: f64, %a: f64):
    linalg.yield %b : f64
  }
  return
}"""
    m = polymlir.parse(text)
    before = str(m)
    v = Schedule(m).fuse_linalg(1, [0], [4])
    assert not v.ok
    assert "anti dependence" in v.reason and "would run after" in v.reason
    assert str(m) == before


def test_fusion_refused_when_an_op_between_depends_on_the_producer():
    text = P.chain(8, 8, 4)[0]
    m = polymlir.parse(text)
    v = Schedule(m).fuse_linalg(2, [0], [4, 4])  # the matmul between accumulates into what the fill writes
    assert not v.ok and "between them depends on it" in v.reason and "flow dependence" in v.reason


def test_reduction_tiling_refused_where_it_reassociates():
    text = """func.func @f(%A: memref<10x13xf64>, %s: memref<f64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                  iterator_types = ["reduction", "reduction"]}
      ins(%A : memref<10x13xf64>) outs(%s : memref<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %r = arith.addf %acc, %a : f64
    linalg.yield %r : f64
  }
  return
}"""
    m = polymlir.parse(text)
    s = Schedule(m)
    v = s.tile_linalg(0, [4, 4])
    assert not v.ok and "reduction" in v.reason and "dependence" in v.reason
    assert s.tile_linalg(0, [4, 0]).ok  # the outer loop alone keeps the order


def test_tile_op_interface():
    from polymlir.transforms.linalg.tile import TiledLinalg, tile_op

    m = polymlir.parse(P.matmul(10, 7, 13)[0])
    op = next(o for o in m.walk() if o.name == "linalg.matmul")
    t = tile_op(op, [4, 0, 5], interchange=[2, 1, 0])
    assert isinstance(t, TiledLinalg) and len(t.loops) == 2 and t.results == []
    assert t.tiled_op.name == "linalg.matmul"
    # Interchange: the loop over k (size 13) is outermost.
    assert t.loops[0].operands[1].owner.get_attr("value").value == 13
    with pytest.raises(TransformError, match="4 tile sizes"):
        tile_op(t.tiled_op, [1, 1, 1, 1])


def test_trace_replays_to_identical_output():
    text = P.chain(11, 9, 6)[0]
    m = polymlir.parse(text)
    s = Schedule(m)
    assert s.fuse_linalg(3, [0, 1, 2], [4, 5]).ok
    steps = s.trace.to_list()
    assert steps == [{"op": "fuse_linalg", "loops": [], "linalg_op": 3, "producers": [0, 1, 2], "sizes": [4, 5]}]
    m2 = polymlir.parse(text)
    s2 = Schedule(m2)
    s2.replay(s.trace)
    assert str(m2) == str(m)
    m3 = polymlir.parse(P.matmul(10, 7, 13)[0])
    s3 = Schedule(m3)
    assert s3.tile_linalg(0, [4, 3]).ok and s3.promote_linalg(0, [2, 2, 2], [2]).ok
    m4 = polymlir.parse(P.matmul(10, 7, 13)[0])
    Schedule(m4).replay(s3.trace)
    assert str(m4) == str(m3)


def test_two_level_tiling_with_interchange_runs_like_numpy():
    text, ref = P.matmul(19, 14, 11)
    m = polymlir.parse(text)
    s = Schedule(m)
    assert s.tile_linalg(0, [8, 8, 8]).ok
    assert s.tile_linalg(0, [4, 3, 2], [2, 0, 1]).ok  # the tile of the tile, k outermost
    out = str(m)
    assert out.count("scf.for") == 6 and "memref.dim" in out  # inner tiles have dynamic sizes
    _check(out, ref, "f64")


def test_dynamic_shapes_tile_and_run():
    text = """func.func @f(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>) {
  linalg.matmul ins(%A, %B : memref<?x?xf64>, memref<?x?xf64>) outs(%C : memref<?x?xf64>)
  return
}"""
    out = _transformed(text, lambda s: s.tile_linalg(0, [4, 5, 3]))
    assert "memref.dim" in out
    rng = np.random.default_rng(7)
    a, b, c = rng.random((13, 9)), rng.random((9, 10)), rng.random((13, 10))
    got = _run(out, [a, b, c])
    assert np.max(np.abs(got[2] - (c + a @ b))) <= 1e-9 * np.max(np.abs(c + a @ b))


@pytest.mark.parametrize("seed", [11, 12])
def test_random_shapes_tile_fuse_promote(seed):
    """Random shapes (most not divided by the tiles): tile, fuse and promote
    the chain, and tile a convolution."""
    rng = np.random.default_rng(seed)
    m, n, k = (int(x) for x in rng.integers(3, 17, size=3))
    t = [int(x) for x in rng.integers(2, 7, size=3)]
    text, ref = P.chain(m, n, k)
    _check(_transformed(text, lambda s: s.fuse_linalg(3, [0, 1, 2], t[:2])), ref, "f64", seed)
    _check(_transformed(text, lambda s: s.promote_linalg(1, t, [0, 1, 2])), ref, "f64", seed)
    h, w = (int(x) for x in rng.integers(4, 12, size=2))
    ctext, cref = P.conv(1, h, w, 2, 3, 3, 2)
    _check(_transformed(ctext, lambda s: s.tile_linalg(0, [1, t[0], t[1], 2, 2])), cref, "f64", seed)


FILL_CASES = [
    ("matmul", P.matmul(10, 7, 13), [4, 3]),
    ("batch_matmul", P.batch_matmul(3, 5, 6, 7), [2, 4, 3]),
    ("conv", P.conv(2, 9, 8, 3, 4, 3, 2), [1, 4, 3, 3]),
    ("depthwise", P.depthwise(1, 9, 10, 5, 3, 3), [1, 4, 3, 2]),
    ("pooling", P.pooling(2, 7, 9, 3, 2, 3), [1, 3, 4, 2]),
]


@pytest.mark.parametrize("name,prog,sizes", FILL_CASES, ids=[c[0] for c in FILL_CASES])
def test_fuse_fill_into_every_op_runs_like_numpy(name, prog, sizes):
    text, ref = P.with_fill(prog)
    out = _transformed(text, lambda s: s.fuse_linalg(1, [0], sizes))
    nest = out.split("scf.for", 1)[1]
    assert "linalg.fill" in nest and "linalg.fill" not in out.split("scf.for", 1)[0]
    _check(out, ref, "f64")


def test_fusing_the_fill_into_reduction_tiles_is_refused():
    text = P.with_fill(P.matmul(8, 5, 6))[0]
    m = polymlir.parse(text)
    v = Schedule(m).fuse_linalg(1, [0], [4, 4, 2])  # k tiled: each k tile would fill again
    assert not v.ok and "output dependence from linalg.fill" in v.reason


def test_fusing_into_an_already_tiled_op_is_refused():
    m = polymlir.parse(P.chain(8, 8, 4)[0])
    s = Schedule(m)
    assert s.tile_linalg(3, [4, 4]).ok
    v = s.fuse_linalg(3, [2], [2, 2])
    assert not v.ok and "fusion works on linalg ops in a function's body" in v.reason and "scf.for" in v.reason


def test_legal_primitives_list_linalg_options_without_changing_the_module():
    text = P.chain(11, 9, 6)[0]
    m = polymlir.parse(text)
    s = Schedule(m)
    opts = [o for o in s.legal_primitives(include_illegal=True) if o.primitive.endswith("_linalg")]
    assert str(m) == str(polymlir.parse(text)) and s.trace.to_list() == []
    listed = {(o.primitive, o.params["linalg_op"], tuple(o.params.get("producers", ()))): o.verdict for o in opts}
    assert listed[("tile_linalg", 1, ())].ok
    assert listed[("fuse_linalg", 3, (2,))].ok
    # The fill feeds the matmul; the bias op reads what the matmul, between
    # them, accumulates into: fusing the fill there is refused, naming it.
    refused = listed[("fuse_linalg", 2, (0,))]
    assert not refused.ok and "flow dependence" in refused.reason
    assert all(o.verdict.ok for o in s.legal_primitives() if o.primitive.endswith("_linalg"))
    # Each listed option applies with the verdict it was listed with.
    promote = next(o for o in opts if o.primitive == "promote_linalg" and o.params["linalg_op"] == 1)
    v = s.promote_linalg(1, promote.params["sizes"], promote.params["operands"])
    assert v.ok == promote.verdict.ok
