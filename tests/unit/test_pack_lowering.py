"""polymlir-lower-pack-unpack computes what linalg.pack / linalg.unpack
mean: lowered programs, bufferized by upstream mlir-opt (polymlir's own
one-shot bufferization lands separately), JIT-compiled by polymlir and run
on random data agree with a numpy model of pack/unpack, for tiles that do
not divide the shape, permuted inner and outer dims, and dynamic tiles."""

import subprocess

import numpy as np
import pytest

import polymlir
from polymlir.parser.parser import parse_source
from polymlir.printer import print_op
from polymlir.transforms.linalg.pack_lowering import lower_pack_unpack

from ..shared_data import requires_upstream, upstream


def np_pack(src, inner_pos, tiles, perm, pad):
    n = src.ndim
    tile_of = dict(zip(inner_pos, tiles, strict=True))
    outer = [-(-src.shape[d] // tile_of[d]) if d in tile_of else src.shape[d] for d in range(n)]
    padded = np.full([outer[d] * tile_of.get(d, 1) for d in range(n)], pad, dtype=src.dtype)
    padded[tuple(slice(0, s) for s in src.shape)] = src
    split, outer_axis, inner_axis = [], {}, {}
    for d in range(n):
        outer_axis[d] = len(split)
        split.append(outer[d])
        if d in tile_of:
            inner_axis[d] = len(split)
            split.append(tile_of[d])
    order = [outer_axis[perm[j]] for j in range(n)] + [inner_axis[d] for d in inner_pos]
    return padded.reshape(split).transpose(order)


def np_unpack(packed, dest_shape, inner_pos, tiles, perm):
    n = len(dest_shape)
    tile_of = dict(zip(inner_pos, tiles, strict=True))
    out = np.empty(dest_shape, dtype=packed.dtype)
    for idx in np.ndindex(*dest_shape):
        outer = [idx[d] // tile_of[d] if d in tile_of else idx[d] for d in range(n)]
        inner = [idx[d] % tile_of[d] for d in inner_pos]
        out[idx] = packed[tuple(outer[perm[j]] for j in range(n)) + tuple(inner)]
    return out


def _ty(shape, et):
    return "tensor<" + "x".join(map(str, shape)) + f"x{et}>"


def _compile(text: str):
    m = parse_source(text, "pack.mlir")
    lower_pack_unpack(m)
    r = subprocess.run(
        [
            upstream("mlir-opt"),
            "--one-shot-bufferize=bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map",
            "--convert-bufferization-to-memref",
        ],
        input=print_op(m),
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    return polymlir.compile(r.stdout, opt_level=0)


CASES = [
    # src shape, inner_dims_pos, tiles, outer_dims_perm
    ((7, 16), (0, 1), (8, 1), ()),
    ((13, 15), (1, 0), (4, 8), (1, 0)),
    ((5, 6, 7), (2,), (3,), (2, 0, 1)),
    ((9, 4), (0,), (2,), ()),
]


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("shape,inner_pos,tiles,perm", CASES)
@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic-tile"])
def test_pack_then_unpack_match_numpy(shape, inner_pos, tiles, perm, dynamic):
    rng = np.random.default_rng(sum(shape))
    src = rng.standard_normal(shape)
    perm_l = list(perm) or list(range(len(shape)))
    ref = np_pack(src, inner_pos, tiles, perm_l, -7.0)
    packed_shape = ref.shape
    ptype = _ty(packed_shape, "f64")
    stype = _ty(shape, "f64")
    perm_s = f"outer_dims_perm = [{', '.join(map(str, perm))}] " if perm else ""
    if dynamic:
        tile_s = ", ".join(["%t"] + [str(t) for t in tiles[1:]])
        params = ", %t: index"
    else:
        tile_s = ", ".join(map(str, tiles))
        params = ""
    text = f"""
func.func @pack(%src: {stype}, %dest: {ptype}{params}) -> {ptype} {{
  %pad = arith.constant -7.0 : f64
  %r = linalg.pack %src padding_value(%pad : f64) {perm_s}inner_dims_pos = [{", ".join(map(str, inner_pos))}]
       inner_tiles = [{tile_s}] into %dest : {stype} -> {ptype}
  return %r : {ptype}
}}
func.func @unpack(%src: {ptype}, %dest: {stype}{params}) -> {stype} {{
  %r = linalg.unpack %src {perm_s}inner_dims_pos = [{", ".join(map(str, inner_pos))}]
       inner_tiles = [{tile_s}] into %dest : {ptype} -> {stype}
  return %r : {stype}
}}
"""
    engine = _compile(text)
    targs = (tiles[0],) if dynamic else ()
    got = engine.invoke("pack", src, np.zeros(packed_shape), *targs)
    np.testing.assert_array_equal(got, ref)
    back = engine.invoke("unpack", np.ascontiguousarray(ref), np.zeros(shape), *targs)
    np.testing.assert_array_equal(back, np_unpack(ref, shape, inner_pos, tiles, perm_l))
    np.testing.assert_array_equal(back, src)
