"""Instances of every named linalg op polymlir defines, generated from the op
specifications (``polymlir.dialects.linalg.named.SPECS``) plus the ops with
their own syntax (matmul with maps, contract, elementwise, map, reduce,
transpose, broadcast), on buffers and on tensors; and the helpers that run
``mlir-opt-22`` and normalize its output for comparison."""

from __future__ import annotations

import re
import subprocess

from polymlir.dialects.linalg import named as N

from ..shared_data import upstream

MLIR_OPT = upstream("mlir-opt")

_SIZES = (2, 3, 5, 4, 3, 2, 3, 2, 3, 2)  # loop extents, in the op's loop order
_INT_OPS = {"div_unsigned", "pooling_nhwc_max_unsigned", "pooling_nhwc_min_unsigned"}
_INT_OPS |= {"pooling_nwc_max_unsigned", "pooling_nwc_min_unsigned"}


def _shape(spec: N.NamedSpec, m: tuple[str, ...], sizes: dict[str, int], stride: int, dilation: int) -> list[int]:
    out = []
    for text in m:
        hi = 0
        for term in text.split("+"):
            parts = [x.strip() for x in term.split("*")]
            f = 1 if len(parts) == 1 else (stride if parts[1][0] == "S" else dilation)
            hi += (sizes[parts[0]] - 1) * f
        out.append(hi + 1)
    return out


def _type(shape: list[int], et: str, tensor: bool) -> str:
    if not shape and tensor:
        return f"tensor<{et}>"
    dims = "x".join(str(s) for s in shape)
    kind = "tensor" if tensor else "memref"
    return f"{kind}<{dims}x{et}>" if shape else f"{kind}<{et}>"


def _elem_types(name: str, n_operands: int) -> list[str]:
    if name.startswith("quantized"):
        return ["i8", "i8", "i32", "i32", "i32"]
    if "_q" in name and name.endswith("_q"):
        return ["i8", "i8", "i32", "i32", "i32"]
    if name == "fill_rng_2d":
        return ["f64", "f64", "i32", "f32"]
    if name == "select":
        return ["i1", "f32", "f32", "f32"]
    if name in _INT_OPS:
        return ["i32"] * n_operands
    return ["f32"] * n_operands


def named_op_case(name: str, tensor: bool, stride: int = 2, dilation: int = 1) -> str:
    """A function holding one instance of named op ``name``."""
    spec = N.SPECS[name]
    ets = _elem_types(name, len(spec.operands))
    if spec.rank_polymorphic:
        shapes = [[3, 4] for _ in spec.operands]
        if name == "fill":
            shapes[0] = []
    else:
        sizes = dict(zip(spec.dims, _SIZES, strict=False))
        shapes = [_shape(spec, m or (), sizes, stride, dilation) for _, m in spec.operands]
    types = []
    for i, (shape, et) in enumerate(zip(shapes, ets, strict=True)):
        scalar = (name == "fill" and i == 0) or (spec.operands[i][1] == () and i < spec.num_inputs)
        types.append(et if scalar else _type(shape, et, tensor))
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(types))
    n_in = spec.num_inputs
    ins = f"ins({', '.join(f'%a{i}' for i in range(n_in))} : {', '.join(types[:n_in])})"
    outs = f"outs(%a{n_in} : {types[n_in]})"
    attrs = ""
    if spec.window:
        w = spec.window
        attrs = f" {{dilations = dense<{dilation}> : tensor<{w}xi64>, strides = dense<{stride}> : tensor<{w}xi64>}}"
    if tensor:
        rt = types[n_in]
        return (
            f"func.func @{name}({args}) -> {rt} {{\n"
            f"  %r = linalg.{name}{attrs} {ins} {outs} -> {rt}\n"
            f"  return %r : {rt}\n}}\n"
        )
    return f"func.func @{name}({args}) {{\n  linalg.{name}{attrs} {ins} {outs}\n  return\n}}\n"


# Ops with their own syntax (maps, kinds, regions), on buffers.
SPECIAL_CASES: dict[str, str] = {
    "matmul_transpose_a": """
func.func @matmul_transpose_a(%a: memref<5x3xf32>, %b: memref<5x7xf32>, %c: memref<3x7xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
    ins(%a, %b : memref<5x3xf32>, memref<5x7xf32>) outs(%c : memref<3x7xf32>)
  return
}""",
    "matmul_unsigned": """
func.func @matmul_unsigned(%a: memref<4x8xi8>, %b: memref<8x16xi8>, %c: memref<4x16xi32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<4x8xi8>, memref<8x16xi8>)
    outs(%c : memref<4x16xi32>)
  return
}""",
    "contract": """
func.func @contract(%a: memref<3x5xf32>, %b: memref<5x7xf32>, %c: memref<3x7xf32>) {
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>,
                                   affine_map<(d0, d1, d2) -> (d0, d1)>]
    ins(%a, %b : memref<3x5xf32>, memref<5x7xf32>) outs(%c : memref<3x7xf32>)
  return
}""",
    "elementwise": """
func.func @elementwise(%a: memref<4x8xf32>, %b: memref<4x8xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<sub> ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>)
    outs(%b : memref<4x8xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  return
}""",
    "map": """
func.func @map(%a: memref<4x8xf32>, %b: memref<4x8xf32>) {
  linalg.map ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%b : memref<4x8xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %0 = arith.mulf %x, %y : f32
      linalg.yield %0 : f32
    }
  return
}""",
    "reduce": """
func.func @reduce(%a: memref<4x8x3xf32>, %b: memref<8xf32>) {
  linalg.reduce ins(%a : memref<4x8x3xf32>) outs(%b : memref<8xf32>) dimensions = [0, 2]
    (%x: f32, %acc: f32) {
      %0 = arith.addf %x, %acc : f32
      linalg.yield %0 : f32
    }
  return
}""",
    "transpose": """
func.func @transpose(%a: memref<4x8x3xf32>, %b: memref<3x4x8xf32>) {
  linalg.transpose ins(%a : memref<4x8x3xf32>) outs(%b : memref<3x4x8xf32>) permutation = [2, 0, 1]
  return
}""",
    "broadcast": """
func.func @broadcast(%a: memref<8xf32>, %b: memref<4x8x3xf32>) {
  linalg.broadcast ins(%a : memref<8xf32>) outs(%b : memref<4x8x3xf32>) dimensions = [0, 2]
  return
}""",
    "batch_reduce_matmul_maps": """
func.func @batch_reduce_matmul_maps(%a: memref<2x3x5xf32>, %b: memref<2x5x7xf32>, %c: memref<3x7xf32>) {
  linalg.batch_reduce_matmul ins(%a, %b : memref<2x3x5xf32>, memref<2x5x7xf32>) outs(%c : memref<3x7xf32>)
  return
}""",
}


def all_cases(tensor: bool) -> dict[str, str]:
    """Every named op (one function each), plus the special cases on buffers."""
    cases = {name: named_op_case(name, tensor) for name in sorted(N.SPECS)}
    if not tensor:
        cases.update(SPECIAL_CASES)
    return cases


# -- upstream --------------------------------------------------------------------------------


def mlir_opt(text: str, *flags: str) -> subprocess.CompletedProcess:
    assert MLIR_OPT is not None
    return subprocess.run(
        [MLIR_OPT, "--allow-unregistered-dialect", *flags], input=text, capture_output=True, text=True, timeout=120
    )


def upstream_print(text: str) -> str:
    """``text`` as upstream prints it, affine maps inline (so that alias
    numbering does not matter)."""
    p = mlir_opt(text, "--mlir-print-local-scope")
    if p.returncode:
        raise AssertionError(p.stderr)
    return p.stdout


_CONST_LINE = re.compile(r"^\s*%c\w* = arith\.constant (-?\d+) : index\n", re.M)


def loops_text(text: str) -> str:
    """Upstream-canonicalized ``text`` without the index constants (whose
    placement and order are an artifact of upstream's folder): the form in
    which two loop lowerings are compared."""
    p = mlir_opt(text, "--canonicalize", "--mlir-print-local-scope")
    if p.returncode:
        raise AssertionError(p.stderr)
    return _CONST_LINE.sub("", p.stdout)


_FUNC = re.compile(r"^  func\.func (?:private )?@(\w+)", re.M)


def functions(text: str) -> dict[str, str]:
    """The functions of a printed module, by name (each from its
    ``func.func`` line to the next one)."""
    starts = [(m.start(), m.group(1)) for m in _FUNC.finditer(text)]
    out = {}
    for i, (pos, name) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        out[name] = text[pos:end]
    return out


def module_of(cases: dict[str, str]) -> str:
    return "\n".join(cases.values())


# Lowering cases beyond the named-op sweep: dynamic shapes, mixed strides
# and dilations, linalg.index, reductions, 0-d operands, strided layouts.
LOWERING_CASES: dict[str, str] = {
    "conv_dyn": """
func.func @conv_dyn(%x: memref<?x?x?x?xf32>, %k: memref<?x?x?x?xf32>, %o: memref<?x?x?x?xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
    ins(%x, %k : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%o : memref<?x?x?x?xf32>)
  return
}""",
    "pool_dyn": """
func.func @pool_dyn(%x: memref<?x?x?x?xf32>, %k: memref<?x?xf32>, %o: memref<?x?x?x?xf32>) {
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %k : memref<?x?x?x?xf32>, memref<?x?xf32>) outs(%o : memref<?x?x?x?xf32>)
  return
}""",
    "index_generic": """
func.func @index_generic(%o: memref<?x8xindex>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%o : memref<?x8xindex>) {
  ^bb0(%out: index):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    linalg.yield %s : index
  }
  return
}""",
    "reduction_first": """
func.func @reduction_first(%a: memref<?x?x?xf32>, %o: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>],
                  iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a : memref<?x?x?xf32>) outs(%o : memref<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  }
  return
}""",
    "zero_d": """
func.func @zero_d(%a: memref<f32>, %b: memref<f32>, %s: memref<5xf32, strided<[2], offset: 1>>) {
  linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%a : memref<f32>) outs(%b : memref<f32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  }
  linalg.dot ins(%s, %s : memref<5xf32, strided<[2], offset: 1>>, memref<5xf32, strided<[2], offset: 1>>)
    outs(%b : memref<f32>)
  return
}""",
    "constant_index": """
func.func @constant_index(%a: memref<4x3xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, 2)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%a : memref<4x3xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}""",
}
