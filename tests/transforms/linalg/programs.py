"""Linalg test programs on buffers (and tensors) with numpy references."""

from __future__ import annotations

import numpy as np


def _mt(shape, et):
    return f"memref<{'x'.join(str(s) for s in shape)}x{et}>"


def matmul(m, n, k, et="f64"):
    a, b, c = _mt((m, k), et), _mt((k, n), et), _mt((m, n), et)
    text = f"""func.func @f(%A: {a}, %B: {b}, %C: {c}) {{
  linalg.matmul ins(%A, %B : {a}, {b}) outs(%C : {c})
  return
}}"""
    return text, lambda A, B, C: [A, B, C + A @ B]


def batch_matmul(bt, m, n, k, et="f64"):
    a, b, c = _mt((bt, m, k), et), _mt((bt, k, n), et), _mt((bt, m, n), et)
    text = f"""func.func @f(%A: {a}, %B: {b}, %C: {c}) {{
  linalg.batch_matmul ins(%A, %B : {a}, {b}) outs(%C : {c})
  return
}}"""
    return text, lambda A, B, C: [A, B, C + np.matmul(A, B)]


def _windows(inp, kh, kw, oh, ow):
    for i in range(kh):
        for j in range(kw):
            yield i, j, inp[:, i : i + oh, j : j + ow, :]


def conv(n, h, w, c, f, kh, kw, et="f64"):
    oh, ow = h - kh + 1, w - kw + 1
    i_t, f_t, o_t = _mt((n, h, w, c), et), _mt((kh, kw, c, f), et), _mt((n, oh, ow, f), et)
    text = f"""func.func @f(%I: {i_t}, %F: {f_t}, %O: {o_t}) {{
  linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
     ins(%I, %F : {i_t}, {f_t}) outs(%O : {o_t})
  return
}}"""

    def ref(inp, F, out0):
        out = out0.copy()
        for i, j, win in _windows(inp, kh, kw, oh, ow):
            out += np.einsum("nhwc,cf->nhwf", win, F[i, j])
        return [inp, F, out]

    return text, ref


def depthwise(n, h, w, c, kh, kw, et="f64"):
    oh, ow = h - kh + 1, w - kw + 1
    i_t, f_t, o_t = _mt((n, h, w, c), et), _mt((kh, kw, c), et), _mt((n, oh, ow, c), et)
    text = f"""func.func @f(%I: {i_t}, %F: {f_t}, %O: {o_t}) {{
  linalg.depthwise_conv_2d_nhwc_hwc {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
     ins(%I, %F : {i_t}, {f_t}) outs(%O : {o_t})
  return
}}"""

    def ref(inp, F, out0):
        out = out0.copy()
        for i, j, win in _windows(inp, kh, kw, oh, ow):
            out += win * F[i, j]
        return [inp, F, out]

    return text, ref


def pooling(n, h, w, c, kh, kw, et="f64"):
    oh, ow = h - kh + 1, w - kw + 1
    i_t, k_t, o_t = _mt((n, h, w, c), et), _mt((kh, kw), et), _mt((n, oh, ow, c), et)
    text = f"""func.func @f(%I: {i_t}, %K: {k_t}, %O: {o_t}) {{
  linalg.pooling_nhwc_max {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
     ins(%I, %K : {i_t}, {k_t}) outs(%O : {o_t})
  return
}}"""

    def ref(inp, K, out0):
        out = out0.copy()
        for _, _, win in _windows(inp, kh, kw, oh, ow):
            out = np.maximum(out, win)
        return [inp, K, out]

    return text, ref


def chain(m, n, k, et="f64"):
    a, b, bias, c = _mt((m, k), et), _mt((k, n), et), _mt((n,), et), _mt((m, n), et)
    text = f"""func.func @f(%A: {a}, %B: {b}, %bias: {bias}, %C: {c}, %D: {c}) {{
  %zero = arith.constant 0.0 : {et}
  linalg.fill ins(%zero : {et}) outs(%C : {c})
  linalg.matmul ins(%A, %B : {a}, {b}) outs(%C : {c})
  linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}}
      ins(%C, %bias : {c}, {bias}) outs(%D : {c}) {{
  ^bb0(%x: {et}, %y: {et}, %d: {et}):
    %s = arith.addf %x, %y : {et}
    linalg.yield %s : {et}
  }}
  linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}}
      ins(%D : {c}) outs(%D : {c}) {{
  ^bb0(%x: {et}, %y: {et}):
    %r = arith.maximumf %x, %zero : {et}
    linalg.yield %r : {et}
  }}
  return
}}"""

    def ref(A, B, bias, C, D):
        mm = A @ B
        return [A, B, bias, mm, np.maximum(mm + bias, 0)]

    return text, ref


def conv_relu(n, h, w, c, f, kh, kw, et="f64"):
    """An elementwise op (relu into a temporary) feeding a convolution."""
    oh, ow = h - kh + 1, w - kw + 1
    i_t, f_t, o_t = _mt((n, h, w, c), et), _mt((kh, kw, c, f), et), _mt((n, oh, ow, f), et)
    text = f"""func.func @f(%I: {i_t}, %F: {f_t}, %O: {o_t}, %T: {i_t}) {{
  %z = arith.constant 0.5 : {et}
  linalg.generic {{indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%I : {i_t}) outs(%T : {i_t}) {{
  ^bb0(%a: {et}, %b: {et}):
    %r = arith.maximumf %a, %z : {et}
    linalg.yield %r : {et}
  }}
  linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
     ins(%T, %F : {i_t}, {f_t}) outs(%O : {o_t})
  return
}}"""

    def ref(inp, F, out0, T):
        t = np.maximum(inp, 0.5)
        out = out0.copy()
        for i, j, win in _windows(t, kh, kw, oh, ow):
            out += np.einsum("nhwc,cf->nhwf", win, F[i, j])
        return [inp, F, out, t]

    return text, ref
