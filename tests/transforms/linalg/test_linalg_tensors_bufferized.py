"""Linalg on tensors, tiled and fused, bufferized by polymlir's own
one-shot-bufferize, lowered and run against numpy."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.transforms.passes.manager import lookup_pass

from . import programs as P
from .tensor_support import max_rel_err, run_bufferized, tensor_args, tile_every_op, transformed

pytestmark = pytest.mark.skipif(lookup_pass("one-shot-bufferize") is None, reason="one-shot-bufferize not registered")


def _bufferize(text: str) -> str:
    m = polymlir.parse(text)
    polymlir.run_pipeline(m, "builtin.module(one-shot-bufferize{bufferize-function-boundaries})")
    return str(m)


@pytest.mark.parametrize("name,prog,sizes", P.TENSOR_CASES, ids=[c[0] for c in P.TENSOR_CASES])
def test_tiled_tensors_run_like_numpy(name, prog, sizes):
    text, ref = prog
    args = tensor_args(text, 5)
    assert max_rel_err(run_bufferized(_bufferize(text), args), ref(*args)) <= 1e-9
    out = transformed(text, tile_every_op(sizes))
    assert max_rel_err(run_bufferized(_bufferize(out), args), ref(*args)) <= 1e-9


def test_fused_tensor_chain_runs_like_numpy():
    text, ref = P.tensor_chain(13, 10, 7)
    out = transformed(text, lambda s: s.fuse_linalg(3, [0, 1, 2], [4, 3]))
    args = tensor_args(text, 6)
    assert max_rel_err(run_bufferized(_bufferize(out), args), ref(*args)) <= 1e-9
