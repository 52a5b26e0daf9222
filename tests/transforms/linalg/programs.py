"""Linalg test programs on buffers (and tensors) with numpy references."""

from __future__ import annotations

import re

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


# -- the same programs on tensors: @f(inputs..., init) -> result -------------------------


def _tt(shape, et="f64"):
    return f"tensor<{'x'.join(str(s) for s in shape)}x{et}>"


_WINDOW = "{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}"


def _named_on_tensors(op: str, a_shape, b_shape, o_shape, attrs: str = "", et: str = "f64") -> str:
    a, b, o = _tt(a_shape, et), _tt(b_shape, et), _tt(o_shape, et)
    return f"""func.func @f(%A: {a}, %B: {b}, %O: {o}) -> {o} {{
  %r = linalg.{op} {attrs} ins(%A, %B : {a}, {b}) outs(%O : {o}) -> {o}
  return %r : {o}
}}"""


def tensor_matmul(m, n, k):
    return _named_on_tensors("matmul", (m, k), (k, n), (m, n)), lambda A, B, out0: out0 + A @ B


def tensor_batch_matmul(bt, m, n, k):
    text = _named_on_tensors("batch_matmul", (bt, m, k), (bt, k, n), (bt, m, n))
    return text, lambda A, B, out0: out0 + np.matmul(A, B)


def tensor_conv(n, h, w, c, f, kh, kw):
    oh, ow = h - kh + 1, w - kw + 1
    text = _named_on_tensors("conv_2d_nhwc_hwcf", (n, h, w, c), (kh, kw, c, f), (n, oh, ow, f), _WINDOW)
    return text, lambda inp, F, out0: conv(n, h, w, c, f, kh, kw)[1](inp, F, out0)[2]


def tensor_depthwise(n, h, w, c, kh, kw):
    oh, ow = h - kh + 1, w - kw + 1
    text = _named_on_tensors("depthwise_conv_2d_nhwc_hwc", (n, h, w, c), (kh, kw, c), (n, oh, ow, c), _WINDOW)
    return text, lambda inp, F, out0: depthwise(n, h, w, c, kh, kw)[1](inp, F, out0)[2]


def tensor_pooling(n, h, w, c, kh, kw):
    oh, ow = h - kh + 1, w - kw + 1
    text = _named_on_tensors("pooling_nhwc_max", (n, h, w, c), (kh, kw), (n, oh, ow, c), _WINDOW)
    return text, lambda inp, K, out0: pooling(n, h, w, c, kh, kw)[1](inp, K, out0)[2]


def tensor_chain(m, n, k):
    a, b, bias, c = _tt((m, k)), _tt((k, n)), _tt((n,)), _tt((m, n))
    text = f"""func.func @f(%A: {a}, %B: {b}, %bias: {bias}) -> {c} {{
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : {c}
  %c = linalg.fill ins(%zero : f64) outs(%e : {c}) -> {c}
  %mm = linalg.matmul ins(%A, %B : {a}, {b}) outs(%c : {c}) -> {c}
  %b = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                        affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}}
      ins(%mm, %bias : {c}, {bias}) outs(%e : {c}) {{
  ^bb0(%x: f64, %y: f64, %d: f64):
    %s = arith.addf %x, %y : f64
    linalg.yield %s : f64
  }} -> {c}
  %r = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}}
      ins(%b : {c}) outs(%e : {c}) {{
  ^bb0(%x: f64, %y: f64):
    %m = arith.maximumf %x, %zero : f64
    linalg.yield %m : f64
  }} -> {c}
  return %r : {c}
}}"""
    return text, lambda A, B, bias: np.maximum(A @ B + bias, 0)


TENSOR_CASES = [
    ("matmul", tensor_matmul(10, 7, 13), [4, 3, 5]),
    ("batch_matmul", tensor_batch_matmul(3, 5, 6, 7), [2, 4, 0, 3]),
    ("conv", tensor_conv(2, 9, 8, 3, 4, 3, 2), [1, 4, 3, 3, 2]),
    ("depthwise", tensor_depthwise(1, 9, 10, 5, 3, 3), [1, 4, 3, 2, 2]),
    ("pooling", tensor_pooling(2, 7, 9, 3, 2, 3), [1, 3, 4, 2, 2]),
    ("chain", tensor_chain(11, 9, 6), [4, 5, 2]),
]


def with_fill(prog):
    """The program with its (single) op's output filled with 0.0 first."""
    text, ref = prog
    m = re.search(r"outs\((%\w+) : ([^)]+)\)", text)
    assert m is not None
    out, ty = m.group(1), m.group(2)
    head, rest = text.split("\n", 1)
    filled = f"{head}\n  %fz = arith.constant 0.0 : f64\n  linalg.fill ins(%fz : f64) outs({out} : {ty})\n{rest}"
    k = len(re.findall(r"%\w+:", head.split(")")[0])) - 1  # the output is the last argument

    def fill_ref(*args):
        args = list(args)
        args[k] = np.zeros_like(args[k])
        return ref(*args)

    return filled, fill_ref
