"""Every linalg lowering keeps the program's meaning: matmul, batch_matmul,
conv_2d_nhwc_hwcf (strided, dilated), depthwise conv, pooling, and generic
ops with reductions are lowered with ``convert-linalg-to-loops``,
``convert-linalg-to-affine-loops`` and ``convert-linalg-to-parallel-loops``
(and specialized/generalized first), JIT-compiled and run on random inputs
of shapes that no small tile divides, and compared with numpy (relative
error 1e-9 in f64)."""

from __future__ import annotations

import numpy as np
import pytest

import polymlir

KINDS = ["loops", "affine-loops", "parallel-loops"]
RNG = np.random.default_rng(20261126)


def _t(shape, et="f64") -> str:
    return "memref<" + "x".join(str(s) for s in shape) + f"x{et}>"


def _run(text: str, kind: str, args: list[np.ndarray], pre: str = "") -> None:
    m = polymlir.parse(text)
    polymlir.run_pipeline(m, f"builtin.module({pre}convert-linalg-to-{kind})")
    assert "linalg." not in polymlir.print_ir(m)
    polymlir.compile(m, opt_level=1).invoke("f", *args)


def _close(got: np.ndarray, want: np.ndarray) -> None:
    scale = max(1.0, float(np.max(np.abs(want))))
    assert np.max(np.abs(got - want)) <= 1e-9 * scale


def _conv_ref(x, k, sh, sw, dh, dw, oh, ow):
    n, _, _, c = x.shape
    kh, kw, _, f = k.shape
    out = np.zeros((n, oh, ow, f))
    for i in range(kh):
        for j in range(kw):
            patch = x[:, i * dh : i * dh + (oh - 1) * sh + 1 : sh, j * dw : j * dw + (ow - 1) * sw + 1 : sw, :]
            out += np.einsum("nhwc,cf->nhwf", patch, k[i, j])
    return out


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("pre", ["", "linalg-generalize-named-ops,", "linalg-specialize-generic-ops,"])
def test_matmul_and_batch_matmul(kind, pre):
    m, n, k, b = 7, 5, 3, 2
    text = f"""
    func.func @f(%a: {_t((m, k))}, %bb: {_t((k, n))}, %c: {_t((m, n))},
                 %x: {_t((b, m, k))}, %y: {_t((b, k, n))}, %z: {_t((b, m, n))}) {{
      linalg.matmul ins(%a, %bb : {_t((m, k))}, {_t((k, n))}) outs(%c : {_t((m, n))})
      linalg.batch_matmul ins(%x, %y : {_t((b, m, k))}, {_t((b, k, n))}) outs(%z : {_t((b, m, n))})
      return
    }}"""
    a, bb, c = RNG.random((m, k)), RNG.random((k, n)), RNG.random((m, n))
    x, y, z = RNG.random((b, m, k)), RNG.random((b, k, n)), RNG.random((b, m, n))
    want_c, want_z = c + a @ bb, z + x @ y
    _run(text, kind, [a, bb, c, x, y, z], pre)
    _close(c, want_c)
    _close(z, want_z)


@pytest.mark.parametrize("kind", KINDS)
def test_conv_depthwise_and_pooling(kind):
    n, h, w, c, f, kh, kw = 2, 11, 9, 3, 4, 3, 2
    sh, sw, dh, dw = 2, 1, 1, 2
    oh, ow = (h - dh * (kh - 1) - 1) // sh + 1, (w - dw * (kw - 1) - 1) // sw + 1
    dil = f"dense<[{dh}, {dw}]> : tensor<2xi64>"
    strd = f"dense<[{sh}, {sw}]> : tensor<2xi64>"
    text = f"""
    func.func @f(%x: {_t((n, h, w, c))}, %k: {_t((kh, kw, c, f))}, %o: {_t((n, oh, ow, f))},
                 %dk: {_t((kh, kw, c))}, %do: {_t((n, oh, ow, c))}, %pk: {_t((kh, kw))}, %po: {_t((n, oh, ow, c))}) {{
      linalg.conv_2d_nhwc_hwcf {{dilations = {dil}, strides = {strd}}}
        ins(%x, %k : {_t((n, h, w, c))}, {_t((kh, kw, c, f))}) outs(%o : {_t((n, oh, ow, f))})
      linalg.depthwise_conv_2d_nhwc_hwc {{dilations = {dil}, strides = {strd}}}
        ins(%x, %dk : {_t((n, h, w, c))}, {_t((kh, kw, c))}) outs(%do : {_t((n, oh, ow, c))})
      linalg.pooling_nhwc_max {{dilations = {dil}, strides = {strd}}}
        ins(%x, %pk : {_t((n, h, w, c))}, {_t((kh, kw))}) outs(%po : {_t((n, oh, ow, c))})
      return
    }}"""
    x, k = RNG.random((n, h, w, c)), RNG.random((kh, kw, c, f))
    o = RNG.random((n, oh, ow, f))
    dk, do = RNG.random((kh, kw, c)), RNG.random((n, oh, ow, c))
    pk, po = np.zeros((kh, kw)), np.full((n, oh, ow, c), -1.0)
    want_o = o + _conv_ref(x, k, sh, sw, dh, dw, oh, ow)
    want_do = do.copy()
    want_po = po.copy()
    for i in range(kh):
        for j in range(kw):
            patch = x[:, i * dh : i * dh + (oh - 1) * sh + 1 : sh, j * dw : j * dw + (ow - 1) * sw + 1 : sw, :]
            want_do += patch * dk[i, j]
            want_po = np.maximum(want_po, patch)
    _run(text, kind, [x, k, o, dk, do, pk, po])
    _close(o, want_o)
    _close(do, want_do)
    _close(po, want_po)


@pytest.mark.parametrize("kind", KINDS)
def test_generic_reductions_and_index(kind):
    text = """
    func.func @f(%a: memref<?x?x?xf64>, %s: memref<?x?xf64>, %mx: memref<?xf64>, %ix: memref<5x3xindex>) {
      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>],
                      iterator_types = ["reduction", "parallel", "parallel"]}
          ins(%a : memref<?x?x?xf64>) outs(%s : memref<?x?xf64>) {
      ^bb0(%in: f64, %out: f64):
        %0 = arith.mulf %in, %in : f64
        %1 = arith.addf %0, %out : f64
        linalg.yield %1 : f64
      }
      linalg.reduce ins(%s : memref<?x?xf64>) outs(%mx : memref<?xf64>) dimensions = [1]
        (%in: f64, %init: f64) {
          %0 = arith.maximumf %in, %init : f64
          linalg.yield %0 : f64
        }
      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          outs(%ix : memref<5x3xindex>) {
      ^bb0(%out: index):
        %i = linalg.index 0 : index
        %j = linalg.index 1 : index
        %c3 = arith.constant 3 : index
        %k = arith.muli %i, %c3 : index
        %l = arith.addi %k, %j : index
        linalg.yield %l : index
      }
      return
    }"""
    a = RNG.random((4, 6, 7))
    s = RNG.random((4, 7))
    mx = np.full(4, -1.0)
    ix = np.zeros((5, 3), dtype=np.int64)
    want_s = s + np.einsum("jik->jk", a * a)
    want_mx = np.maximum(mx, want_s.max(axis=1))
    _run(text, kind, [a, s, mx, ix])
    _close(s, want_s)
    _close(mx, want_mx)
    assert (ix == np.arange(15).reshape(5, 3)).all()


def test_affine_loops_feed_the_polyhedral_model():
    """The affine lowering of a matmul is an affine nest the dependence
    analysis reads exactly (the reduction carries the only dependence)."""
    text = """
    func.func @f(%a: memref<8x4xf64>, %b: memref<4x6xf64>, %c: memref<8x6xf64>) {
      linalg.matmul ins(%a, %b : memref<8x4xf64>, memref<4x6xf64>) outs(%c : memref<8x6xf64>)
      return
    }"""
    m = polymlir.parse(text)
    polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-affine-loops)")
    verdict = polymlir.schedule(m, "f").parallelize("i0")
    assert verdict.ok, verdict
    verdict = polymlir.schedule(m, "f").parallelize("i2", reductions=False)
    assert not verdict.ok and "flow dependence" in str(verdict)


def test_affine_conv_windows_are_exact_for_the_model():
    """A strided, dilated convolution lowered to affine loops: its window
    reads (affine.apply of the loop variables) are exact accesses, so an
    output loop is parallel and a window loop carries the reduction."""
    text = """
    func.func @conv(%x: memref<1x9x11x3xf32>, %k: memref<3x3x3x8xf32>, %o: memref<1x4x4x8xf32>) {
      linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
        ins(%x, %k : memref<1x9x11x3xf32>, memref<3x3x3x8xf32>) outs(%o : memref<1x4x4x8xf32>)
      return
    }"""
    m = polymlir.parse(text)
    polymlir.run_pipeline(m, "builtin.module(convert-linalg-to-affine-loops)")
    assert polymlir.schedule(m, "conv").parallelize("i1").ok
    verdict = polymlir.schedule(m, "conv").parallelize("i4", reductions=False)
    assert not verdict.ok and "reduction" in str(verdict)
