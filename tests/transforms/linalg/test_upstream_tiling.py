"""polymlir's linalg tiling against upstream's ``transform.structured.
tile_using_for``: after ``canonicalize,cse`` (by mlir-opt-22 on both) the
modules are identical, on buffers and tensors, with interchange."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

import polymlir
from polymlir.transforms.loops.handle import Schedule

from . import programs as P

MLIR_OPT = shutil.which("mlir-opt-22")
pytestmark = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 not installed")

SCRIPT = """
module attributes {{transform.with_named_sequence}} {{
  transform.named_sequence @__transform_main(%arg1: !transform.any_op {{transform.readonly}}) {{
    %0 = transform.structured.match ops{{["linalg.{op}"]}} in %arg1 : (!transform.any_op) -> !transform.any_op
    %1, %loops:{n} = transform.structured.tile_using_for %0 tile_sizes [{sizes}]{interchange}
        : (!transform.any_op) -> (!transform.any_op{handles})
    transform.yield
  }}
}}
"""


def _opt(text: str, *flags: str) -> str:
    assert MLIR_OPT is not None
    r = subprocess.run([MLIR_OPT, *flags], input=text, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _upstream(text: str, op: str, sizes: list[int], interchange: list[int]) -> str:
    n = sum(1 for s in sizes if s)
    script = SCRIPT.format(
        op=op,
        n=n,
        sizes=", ".join(map(str, sizes)),
        interchange=f" interchange = [{', '.join(map(str, interchange))}]" if interchange else "",
        handles=", !transform.any_op" * n,
    )
    out = _opt(text + script, "--transform-interpreter", "--canonicalize", "--cse")
    return out.split("  module attributes {transform.with_named_sequence}")[0].rstrip() + "\n}\n"


def _ours(text: str, sizes: list[int], interchange: list[int]) -> str:
    m = polymlir.parse(text)
    v = Schedule(m).tile_linalg(0, sizes, interchange)
    assert v.ok, v.reason
    return _opt(str(m), "--canonicalize", "--cse").rstrip() + "\n"


CASES = [
    ("matmul", P.matmul(10, 7, 13)[0], [4, 0, 5], []),
    ("matmul", P.matmul(12, 8, 9)[0], [4, 4, 3], [2, 0, 1]),
    ("matmul", P.tensor_matmul(10, 7, 13)[0], [4, 3, 5], []),
    ("batch_matmul", P.batch_matmul(3, 5, 6, 7)[0], [2, 4, 0, 3], []),
    ("conv_2d_nhwc_hwcf", P.conv(2, 9, 8, 3, 4, 3, 2)[0], [1, 4, 3, 3, 2], []),
    ("conv_2d_nhwc_hwcf", P.tensor_conv(1, 9, 8, 3, 4, 3, 2)[0], [0, 3, 4], []),
    ("depthwise_conv_2d_nhwc_hwc", P.depthwise(1, 9, 10, 5, 3, 3)[0], [1, 4, 3, 2, 2], []),
    ("pooling_nhwc_max", P.pooling(2, 7, 9, 3, 2, 3)[0], [1, 3, 4, 2, 2], []),
]


def _one_operand_as_dim(text: str) -> str:
    """Upstream's canonicalizer sometimes keeps a one-operand affine.apply's
    operand as a symbol (``()[s0] -> (s0 + 1)``), depending on how the map
    was composed; the same function as ``(d0) -> (d0 + 1)``."""
    text = re.sub(
        r"affine_map<\(\)\[s0\] -> \(([^)]*)\)>",
        lambda m: f"affine_map<(d0) -> ({m.group(1).replace('s0', 'd0')})>",
        text,
    )
    return re.sub(r"(affine\.apply #map\d*)\(\)\[(%\w+)\]", r"\1(\2)", text)


@pytest.mark.parametrize("op,text,sizes,interchange", CASES, ids=[f"{c[0]}-{k}" for k, c in enumerate(CASES)])
def test_tiling_is_upstreams(op, text, sizes, interchange):
    ours = _ours(text, sizes, interchange)
    assert _one_operand_as_dim(ours) == _one_operand_as_dim(_upstream(text, op, sizes, interchange))
