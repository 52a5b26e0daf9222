"""Tiling and tile-and-fuse of linalg ops on tensors: the structure of the
output (scf.for with iter_args, extract_slice / insert_slice, one nest for
a fused chain), accepted by mlir-opt-22, and, bufferized by upstream's
one-shot-bufferize, run through polymlir's JIT against numpy."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from . import programs as P
from .tensor_support import max_rel_err, run_bufferized, tensor_args, tile_every_op, transformed

MLIR_OPT = shutil.which("mlir-opt-22")
needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 not installed")


def _upstream(text: str, *flags: str) -> str:
    assert MLIR_OPT is not None
    r = subprocess.run([MLIR_OPT, *flags], input=text, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def _fused_chain() -> str:
    text = P.tensor_chain(11, 9, 6)[0]
    return transformed(text, lambda s: s.fuse_linalg(3, [0, 1, 2], [4, 5]))


@pytest.mark.parametrize("name,prog,sizes", P.TENSOR_CASES, ids=[c[0] for c in P.TENSOR_CASES])
def test_tiled_tensor_structure(name, prog, sizes):
    out = transformed(prog[0], tile_every_op(sizes))
    assert "iter_args" in out and "tensor.extract_slice" in out and "tensor.insert_slice" in out
    assert "memref" not in out
    assert out.count("scf.yield") >= 1


def test_fused_tensor_chain_is_one_nest():
    out = _fused_chain()
    assert out.count("scf.for") == 2
    nest = out.split("scf.for", 1)[1]
    for name in ("linalg.fill", "linalg.matmul", "linalg.generic"):
        assert name in nest
    # Readers take the producers' tiles directly: no re-slicing of them.
    assert "affine_map<(d0) -> (0)>" not in out
    assert out.count("tensor.insert_slice") == 1


@needs_mlir_opt
@pytest.mark.parametrize("name,prog,sizes", P.TENSOR_CASES, ids=[c[0] for c in P.TENSOR_CASES])
def test_tiled_tensor_output_accepted_and_runs(name, prog, sizes):
    text, ref = prog
    out = transformed(text, tile_every_op(sizes))
    _upstream(out, "--verify-diagnostics")
    bufferized = _upstream(out, "--one-shot-bufferize=bufferize-function-boundaries")
    args = tensor_args(text, 3)
    assert max_rel_err(run_bufferized(bufferized, args), ref(*args)) <= 1e-9


@needs_mlir_opt
def test_fused_tensor_chain_accepted_and_runs():
    text, ref = P.tensor_chain(11, 9, 6)
    bufferized = _upstream(_fused_chain(), "--one-shot-bufferize=bufferize-function-boundaries")
    args = tensor_args(text, 4)
    assert max_rel_err(run_bufferized(bufferized, args), ref(*args)) <= 1e-9
