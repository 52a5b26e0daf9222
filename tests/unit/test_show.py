"""``polymlir show`` and ``polymlir.plot.show``: pictures of a nest's domain,
dependences and tiles, before and after a trace."""

from __future__ import annotations

import builtins
import json
import math

import pytest

pytest.importorskip("matplotlib")

from matplotlib.patches import FancyArrowPatch, Polygon, Rectangle  # noqa: E402
from matplotlib.path import Path  # noqa: E402

from polymlir import parse, print_ir  # noqa: E402
from polymlir.cli import main  # noqa: E402
from polymlir.plot import MISSING_MATPLOTLIB, show  # noqa: E402

MATMUL = """\
func.func @matmul(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %N: index, %M: index) {
  affine.for %i = 0 to %N {
    affine.for %j = 0 to %M {
      affine.for %k = 0 to %N {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
"""

# A 2-D nest like one row-block of a matrix product: C[i][j] accumulates
# along j, so the dependences run between points of the picture.
ROWSUM = """\
func.func @rowsum(%A: memref<16x16xf64>, %C: memref<16x16xf64>) {
  affine.for %i = 0 to 12 {
    affine.for %j = 1 to 10 {
      %l = affine.load %C[%i, %j - 1] : memref<16x16xf64>
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %s = arith.addf %l, %a : f64
      affine.store %s, %C[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""

# Time x space: A[t+1][i] from A[t][i-1], A[t][i], A[t][i+1]; flow
# dependences of distances (1,-1), (1,0), (1,1).
STENCIL = """\
func.func @stencil(%A: memref<20x40xf64>) {
  %c3 = arith.constant 3.0 : f64
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to 21 {
      %l = affine.load %A[%t, %i - 1] : memref<20x40xf64>
      %m = affine.load %A[%t, %i] : memref<20x40xf64>
      %r = affine.load %A[%t, %i + 1] : memref<20x40xf64>
      %s1 = arith.addf %l, %m : f64
      %s2 = arith.addf %s1, %r : f64
      %v = arith.divf %s2, %c3 : f64
      affine.store %v, %A[%t + 1, %i] : memref<20x40xf64>
    }
  }
  return
}
"""

TILE_IJ = [{"op": "tile", "loops": ["i", "j"], "sizes": [4, 3]}]
TILE_I = [{"op": "tile", "loops": ["i"], "sizes": [8]}]


def arrows(ax) -> list[FancyArrowPatch]:
    return [p for p in ax.patches if isinstance(p, FancyArrowPatch)]


def legend_texts(ax) -> list[str]:
    leg = ax.get_legend()
    return [t.get_text() for t in leg.get_texts()] if leg is not None else []


def arrow_vectors(ax) -> set[tuple[float, float]]:
    out = set()
    for p in arrows(ax):
        (x0, y0), (x1, y1) = p._posA_posB  # the endpoints given to the patch
        out.add((round(x1 - x0, 6), round(y1 - y0, 6)))
    return out


# -- the Python API -------------------------------------------------------------------------


def test_stencil_dependences_have_the_three_distances():
    fig = show(STENCIL)
    (ax,) = fig.axes
    assert ax.get_xlabel() == "loop t" and ax.get_ylabel() == "loop i"
    assert arrow_vectors(ax) == {(1.0, -1.0), (1.0, 0.0), (1.0, 1.0)}
    texts = legend_texts(ax)
    assert any(t.startswith("S0: write A[t + 1, i]") and "200 points" in t for t in texts)
    assert any(t.startswith("flow dependence (") for t in texts)
    assert "@stencil" in ax.get_title()


def test_stencil_arrows_are_capped_by_sampling_points():
    fig = show(STENCIL, max_arrows=60)
    (ax,) = fig.axes
    n = len(arrows(ax))
    assert 0 < n <= 60
    flow = next(t for t in legend_texts(ax) if t.startswith("flow"))
    assert f"{n} of " in flow and "point along each loop" in flow
    assert arrow_vectors(ax) == {(1.0, -1.0), (1.0, 0.0), (1.0, 1.0)}  # whole fans kept


def test_matmul_projection_onto_i_k_and_implied_arrows():
    fig = show(MATMUL, loops=["i", "k"], params={"N": 5, "M": 4})
    (ax,) = fig.axes
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("loop i", "loop k")
    # Each kind relates every k to every later k; only the chains are drawn.
    assert arrow_vectors(ax) == {(0.0, 1.0)}
    texts = legend_texts(ax)
    for kind in ("flow", "anti", "output"):
        assert any(
            t.startswith(f"{kind} dependence (20 arrows") and "implied by others left out" in t for t in texts
        ), texts
    assert "N=5, M=4" in ax.get_title()


def test_matmul_default_loops_mark_dependences_carried_by_k():
    fig = show(MATMUL, params={"N": 3, "M": 2})
    (ax,) = fig.axes
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("loop i", "loop j")
    assert not arrows(ax)
    texts = legend_texts(ax)
    assert any("same point (carried by k)" in t for t in texts)
    assert any("6 points" in t for t in texts)


def test_tile_trace_draws_two_panels_with_tiles_and_order():
    fig = show(ROWSUM, trace=TILE_IJ)
    before, after = fig.axes
    assert len(arrows(before)) == 12 * 8  # (0, 1) along j
    assert arrow_vectors(before) == {(0.0, 1.0)}
    tiles = [p for p in after.patches if isinstance(p, Rectangle) and not p.get_fill()]
    assert len(tiles) == 3 * 3  # 12/4 tiles along i, 9 points of j in tiles of 3
    widths = {(p.get_width(), p.get_height()) for p in tiles}
    assert widths == {(4.0, 3.0)}
    assert {p.get_xy()[0] for p in tiles} == {-0.5, 3.5, 7.5}  # anchored at i's lower bound 0
    assert {p.get_xy()[1] for p in tiles} == {0.5, 3.5, 6.5}  # and j's lower bound 1
    texts = legend_texts(after)
    assert any(t.startswith("tiles (i_tile, j_tile: 4x3)") for t in texts)
    assert any(t.startswith("execution order after the trace") for t in texts)
    # 108 points, numbered by their rank under the new schedule: the first
    # tile's 12 points come first.
    labels = {t.get_text(): t.xy for t in after.texts}
    assert labels["0"] == (0, 1) and labels["11"] == (3, 3) and labels["12"] == (0, 4)
    assert "after tile(i, j" in after.get_title()


def test_interchange_trace_draws_the_new_order():
    fig = show(ROWSUM, loops=["i", "j"], trace=[{"op": "interchange", "loops": ["j", "i"]}])
    _, after = fig.axes
    labels = {t.get_text(): t.xy for t in after.texts}
    assert labels["0"] == (0, 1) and labels["1"] == (1, 1)  # i now runs innermost
    assert not [p for p in after.patches if isinstance(p, Rectangle) and not p.get_fill()]


def test_copies_of_a_statement_map_back_through_the_element_they_write():
    # unroll-and-jam clones the store: the copy for i + 1 is found by its
    # location and mapped back through C[i, j], which it writes.
    fig = show(ROWSUM, trace=[{"op": "unroll_jam", "loops": ["i"], "factor": 2}])
    _, after = fig.axes
    labels = {t.get_text(): t.xy for t in after.texts}
    assert len(labels) == 108
    assert labels["0"] == (0, 1) and labels["1"] == (1, 1) and labels["2"] == (0, 2)


def test_copies_map_back_through_all_the_elements_they_touch():
    # C[i, j] is written for every k; A[i, k] tells the unrolled copies of k apart.
    fig = show(MATMUL, loops=["i", "k"], params={"N": 4, "M": 3}, trace=[{"op": "unroll", "loops": ["k"], "factor": 2}])
    _, after = fig.axes
    labels = {t.get_text(): t.xy for t in after.texts}
    assert len(labels) == 16
    assert labels["0"] == (0, 0) and labels["1"] == (0, 1) and labels["4"] == (1, 0)


# The same element for every k, read and written: nothing tells the k apart.
ACCUMULATE = """\
func.func @acc(%C: memref<8xf64>) {
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 6 {
      %c = affine.load %C[%i] : memref<8xf64>
      %s = arith.addf %c, %c : f64
      affine.store %s, %C[%i] : memref<8xf64>
    }
  }
  return
}
"""


def test_order_not_drawn_when_copies_cannot_be_mapped_back():
    fig = show(ACCUMULATE, trace=[{"op": "unroll", "loops": ["k"], "factor": 2}])
    _, after = fig.axes
    assert not after.texts
    assert any("cannot be mapped back" in t for t in legend_texts(after))


def test_show_leaves_a_module_unchanged():
    module = parse(ROWSUM, "rowsum.mlir")
    text = print_ir(module)
    show(module, trace=TILE_IJ)
    assert print_ir(module) == text


def test_large_domains_are_outlines_with_dependences_in_an_enlarged_box():
    fig = show(MATMUL, loops=["i", "k"], params={"N": 80, "M": 3}, max_points=2500)
    (ax,) = fig.axes
    (zoom,) = ax.child_axes  # a box of the domain enlarged, with the dependences
    from matplotlib.patches import Polygon

    polys = [p for p in ax.patches if isinstance(p, Polygon)]
    assert len(polys) == 1
    xs = sorted({round(x, 3) for x, _ in polys[0].get_xy()})
    assert xs[0] == 0 and xs[-1] == 79
    texts = legend_texts(ax)
    assert any("6400 points (outline)" in t for t in texts)
    assert any(t.startswith("box enlarged") for t in texts)
    assert not arrows(ax)
    assert arrows(zoom) and arrow_vectors(zoom) == {(0.0, 1.0)}
    lo, hi = zoom.get_xlim()
    assert hi - lo < 20


def test_trace_as_json_text_and_refusal():
    from polymlir.transforms.loops.errors import TransformError

    fig = show(STENCIL, trace=json.dumps(TILE_I))
    assert len(fig.axes) == 2
    with pytest.raises(TransformError, match=r"distance \(1, -1\)"):
        show(STENCIL, trace=[{"op": "tile", "loops": ["t", "i"], "sizes": [4, 4]}])


# -- tiles read from the transformed schedule --------------------------------------------------

# gemm with beta: C[i][j] *= beta between the j and k loops (an imperfect band).
GEMM = """\
func.func @gemm(%C: memref<10x12xf64>, %A: memref<10x9xf64>, %B: memref<9x12xf64>, %beta: f64) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %c = affine.load %C[%i, %j] : memref<10x12xf64>
      %m = arith.mulf %c, %beta : f64
      affine.store %m, %C[%i, %j] : memref<10x12xf64>
      affine.for %k = 0 to 9 {
        %a = affine.load %A[%i, %k] : memref<10x9xf64>
        %b = affine.load %B[%k, %j] : memref<9x12xf64>
        %e = affine.load %C[%i, %j] : memref<10x12xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %e, %p : f64
        affine.store %s, %C[%i, %j] : memref<10x12xf64>
      }
    }
  }
  return
}
"""

TRIANGLE = """\
func.func @tri(%A: memref<16x16xf64>) {
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %b = arith.addf %a, %a : f64
      affine.store %b, %A[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""

SKEW_TILE = [
    {"op": "skew", "loops": ["t", "i"], "matrix": [[1, 0], [1, 1]]},
    {"op": "tile", "loops": ["t", "i"], "sizes": [4, 4]},
]


def tile_patches(ax) -> list[list[tuple[float, float]]]:
    """The outlines of the tiles drawn, as vertex lists in data coordinates."""
    out = []
    for p in ax.patches:
        if p.get_fill() or isinstance(p, FancyArrowPatch):
            continue
        if isinstance(p, Rectangle):
            x, y, w, h = p.get_x(), p.get_y(), p.get_width(), p.get_height()
            out.append([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        elif isinstance(p, Polygon):
            out.append([tuple(v) for v in p.get_xy()[:-1]])  # closed: the first vertex repeated
    return out


def axis_aligned(poly) -> bool:
    return len(poly) == 4 and len({x for x, _ in poly}) == 2 and len({y for _, y in poly}) == 2


def tiles_of(polys, points) -> dict[tuple[int, int], int]:
    """The tile holding each point; each point must be in exactly one."""
    out = {}
    for pt in points:
        holding = [k for k, poly in enumerate(polys) if Path(poly).contains_point(pt)]
        assert len(holding) == 1, (pt, holding)
        out[pt] = holding[0]
    return out


def assert_tiles_group(polys, points, key) -> None:
    """The tiles partition ``points`` as ``key`` does: same tile iff same key."""
    where = tiles_of(polys, points)
    groups = {}
    for pt in points:
        groups.setdefault(key(*pt), set()).add(where[pt])
    assert all(len(g) == 1 for g in groups.values())
    assert len(groups) == len(polys) == len({next(iter(g)) for g in groups.values()})


def test_imperfect_gemm_tiled_by_isl_shows_its_tiles():
    fig = show(GEMM, trace=[{"op": "tile", "loops": ["i", "j"], "sizes": [4, 5]}])
    _, after = fig.axes
    polys = tile_patches(after)
    assert len(polys) == math.ceil(10 / 4) * math.ceil(12 / 5)
    assert all(axis_aligned(p) for p in polys)
    assert_tiles_group(polys, [(i, j) for i in range(10) for j in range(12)], lambda i, j: (i // 4, j // 5))
    assert any(t.startswith("tiles (i_tile, j_tile: 4x5)") for t in legend_texts(after))


def test_triangular_band_tiles_are_cut_by_the_domain():
    fig = show(TRIANGLE, trace=[{"op": "tile", "loops": ["i", "j"], "sizes": [4, 4]}])
    _, after = fig.axes
    polys = tile_patches(after)
    points = [(i, j) for i in range(12) for j in range(i + 1)]
    assert_tiles_group(polys, points, lambda i, j: (i // 4, j // 4))
    assert len(polys) == 1 + 2 + 3  # the blocks on and below the diagonal
    assert sum(not axis_aligned(p) for p in polys) == 3  # the diagonal ones


def test_skew_then_tile_draws_parallelograms():
    fig = show(STENCIL, trace=SKEW_TILE)
    _, after = fig.axes
    polys = tile_patches(after)
    points = [(t, i) for t in range(10) for i in range(1, 21)]
    assert_tiles_group(polys, points, lambda t, i: (t // 4, (t + i) // 4))
    assert any(not axis_aligned(p) for p in polys)
    texts = legend_texts(after)
    assert any(t.startswith("tiles (skewed") and t.endswith(": 4x4)") for t in texts), texts


# In place over time: every time step writes the same A[i], so the element
# written does not tell the instances apart; their order does.
IN_PLACE = """\
func.func @jacobi(%A: memref<20xf64>) {
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to 19 {
      %a = affine.load %A[%i - 1] : memref<20xf64>
      %b = affine.load %A[%i + 1] : memref<20xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %A[%i] : memref<20xf64>
    }
  }
  return
}
"""


def test_in_place_stencil_maps_back_by_the_order_of_writes():
    fig = show(IN_PLACE, trace=SKEW_TILE)
    _, after = fig.axes
    polys = tile_patches(after)
    points = [(t, i) for t in range(10) for i in range(1, 19)]
    assert_tiles_group(polys, points, lambda t, i: (t // 4, (t + i) // 4))
    texts = legend_texts(after)
    assert any(t.startswith("execution order after the trace") for t in texts), texts
    assert not any("cannot be mapped back" in t for t in texts)


def test_optimize_tiles_are_drawn():
    fig = show(STENCIL, trace=[{"op": "optimize", "tile_sizes": [4, 4]}])
    _, after = fig.axes
    polys = tile_patches(after)
    points = [(t, i) for t in range(10) for i in range(1, 21)]
    tiles_of(polys, points)  # each instance in exactly one tile
    assert len(polys) > 1 and any(not axis_aligned(p) for p in polys)  # skewed to tile the stencil
    assert any(t.startswith("tiles (skewed") for t in legend_texts(after))
    # A product: rectangular tiles of i and j, ceil(N/4) * ceil(M/4) of them.
    fig = show(MATMUL, params={"N": 6, "M": 9}, trace=[{"op": "optimize", "tile_sizes": [4, 4, 4]}])
    _, after = fig.axes
    polys = tile_patches(after)
    assert len(polys) == math.ceil(6 / 4) * math.ceil(9 / 4)
    assert_tiles_group(polys, [(i, j) for i in range(6) for j in range(9)], lambda i, j: (i // 4, j // 4))


def test_tiles_larger_than_the_domain_along_a_loop():
    fig = show(ROWSUM, trace=[{"op": "tile", "loops": ["i", "j"], "sizes": [4, 16]}])
    polys = tile_patches(fig.axes[1])
    assert_tiles_group(polys, [(i, j) for i in range(12) for j in range(1, 10)], lambda i, j: i // 4)
    assert any(t.startswith("tiles (i_tile, j_tile: 4 x all)") for t in legend_texts(fig.axes[1]))
    fig = show(ROWSUM, trace=[{"op": "tile", "loops": ["i", "j"], "sizes": [16, 16]}])
    assert tile_patches(fig.axes[1]) == [[(-0.5, 0.5), (11.5, 0.5), (11.5, 9.5), (-0.5, 9.5)]]
    assert any("one tile holds every instance" in t for t in legend_texts(fig.axes[1]))


def test_groups_that_are_not_convex_tiles_are_not_drawn():
    # i mod 2 as the outer loop: the even rows' hull holds the odd rows.
    fig = show(ROWSUM, trace=[{"op": "apply_schedule", "schedule": "{ S0[i,j] -> [i mod 2, i, j] }"}])
    _, after = fig.axes
    assert not tile_patches(after)
    assert any("are not convex tiles: not drawn" in t for t in legend_texts(after))


def test_tiles_from_loop_shapes_when_instances_cannot_be_mapped_back():
    trace = [{"op": "tile", "loops": ["i", "k"], "sizes": [4, 4]}, {"op": "unroll", "loops": ["k"], "factor": 2}]
    fig = show(ACCUMULATE, loops=["i", "k"], trace=trace)
    _, after = fig.axes
    polys = tile_patches(after)
    assert_tiles_group(polys, [(i, k) for i in range(8) for k in range(6)], lambda i, k: (i // 4, k // 4))
    texts = legend_texts(after)
    assert any(t.startswith("tiles (i_tile, k_tile: 4x4)") for t in texts)
    assert any("cannot be mapped back" in t for t in texts)


# -- the command line -----------------------------------------------------------------------


@pytest.fixture()
def files(tmp_path):
    out = {}
    for name, text in (("matmul", MATMUL), ("rowsum", ROWSUM), ("stencil", STENCIL)):
        p = tmp_path / f"{name}.mlir"
        p.write_text(text)
        out[name] = p
    trace = tmp_path / "tile.json"
    trace.write_text(json.dumps(TILE_I))
    out["trace"] = trace
    return out


@pytest.mark.parametrize("ext", ["png", "svg"])
@pytest.mark.parametrize(
    "kernel,extra",
    [
        ("matmul", ["--loops", "i,k", "--params", "N=6,M=4", "--trace", json.dumps(TILE_IJ)]),
        ("rowsum", ["--trace", json.dumps(TILE_IJ)]),
        ("stencil", ["--trace", "TRACE_FILE"]),
        ("stencil", []),
    ],
)
def test_cli_writes_pictures(files, tmp_path, capsys, ext, kernel, extra):
    out = tmp_path / f"{kernel}.{ext}"
    extra = [str(files["trace"]) if a == "TRACE_FILE" else a for a in extra]
    assert main(["show", str(files[kernel]), "-o", str(out), *extra]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""  # a picture, no MLIR
    data = out.read_bytes()
    assert len(data) > 1000
    if ext == "png":
        assert data.startswith(b"\x89PNG")
    else:
        assert b"<svg" in data[:2000]


def test_cli_writes_skewed_tiles_as_svg(files, tmp_path):
    out = tmp_path / "skewed.svg"
    assert main(["show", str(files["stencil"]), "-o", str(out), "--trace", json.dumps(SKEW_TILE)]) == 0
    data = out.read_text()
    assert data.lstrip().startswith("<?xml") and "<svg" in data[:2000]
    # 18 tiles, each drawn filled and outlined, as paths with the tile colour (#ff7f0e).
    assert data.count("stroke: #ff7f0e") == 18 + 1  # and the legend's swatch


def test_cli_refusal_and_errors(files, tmp_path, capsys):
    out = tmp_path / "x.png"
    refused = json.dumps([{"op": "tile", "loops": ["t", "i"], "sizes": [4, 4]}])
    assert main(["show", str(files["stencil"]), "-o", str(out), "--trace", refused]) == 1
    err = capsys.readouterr().err
    assert "cannot tile loops t, i" in err and "distance (1, -1)" in err
    assert not out.exists()
    assert main(["show", str(files["stencil"])]) == 1
    assert "give -o out.png" in capsys.readouterr().err
    assert main(["show", str(files["stencil"]), "-o", str(tmp_path / "x.txt")]) == 1
    assert ".png, .svg or .pdf" in capsys.readouterr().err
    assert main(["show", str(files["matmul"]), "-o", str(out), "--loops", "i,z"]) == 1
    assert "no loop 'z'" in capsys.readouterr().err
    assert main(["show", str(files["matmul"]), "-o", str(out), "--params", "Q=3"]) == 1
    assert "no symbol Q" in capsys.readouterr().err


def test_cli_without_matplotlib(files, tmp_path, monkeypatch, capsys):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    out = tmp_path / "x.png"
    with pytest.raises(SystemExit) as e:
        main(["show", str(files["stencil"]), "-o", str(out)])
    assert str(e.value.code) == MISSING_MATPLOTLIB.join(["error: ", ""])
    assert e.value.code == "error: polymlir show needs matplotlib: pip install 'polymlir[plot]'"
    assert not out.exists()
    from polymlir.plot import MissingMatplotlib

    with pytest.raises(MissingMatplotlib, match=r"pip install 'polymlir\[plot\]'"):
        show(STENCIL)
