"""Bufferization as a user sees it: tensor programs compiled and run
through the JIT against numpy, the analysis' in-place decisions, the frees
of the deallocation pass, located errors on the command line, and the
tensor integration programs of the shared corpus run as mlir-runner does."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest

import polymlir
from polymlir.transforms.bufferization.passes import one_shot_bufferize

from ..shared_data import missing_reason, params_or_skip, shared_files
from .bufferization_fuzz import random_program, reference

pytest.importorskip("llvmlite.binding")

RNG = np.random.default_rng(7)


def _chain(m: int, n: int, k: int, et: str) -> str:
    """fill -> matmul -> add bias -> relu, on tensors."""
    return f"""
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @chain(%A: tensor<{m}x{k}x{et}>, %B: tensor<{k}x{n}x{et}>, %bias: tensor<{n}x{et}>) -> tensor<{m}x{n}x{et}> {{
  %z = arith.constant 0.0 : {et}
  %e = tensor.empty() : tensor<{m}x{n}x{et}>
  %f = linalg.fill ins(%z : {et}) outs(%e : tensor<{m}x{n}x{et}>) -> tensor<{m}x{n}x{et}>
  %mm = linalg.matmul ins(%A, %B : tensor<{m}x{k}x{et}>, tensor<{k}x{n}x{et}>)
                      outs(%f : tensor<{m}x{n}x{et}>) -> tensor<{m}x{n}x{et}>
  %r = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}}
      ins(%mm, %bias : tensor<{m}x{n}x{et}>, tensor<{n}x{et}>) outs(%e : tensor<{m}x{n}x{et}>) {{
  ^bb0(%x: {et}, %b: {et}, %o: {et}):
    %s = arith.addf %x, %b : {et}
    %y = arith.maximumf %s, %z : {et}
    linalg.yield %y : {et}
  }} -> tensor<{m}x{n}x{et}>
  return %r : tensor<{m}x{n}x{et}>
}}
"""


@pytest.mark.parametrize("et,tol", [("f64", 1e-9), ("f32", 1e-5)])
@pytest.mark.parametrize("shape", [(5, 7, 3), (16, 9, 12)])
def test_chain_on_tensors_matches_numpy(et, tol, shape):
    m, n, k = shape
    dtype = np.float64 if et == "f64" else np.float32
    A = RNG.standard_normal((m, k)).astype(dtype)
    B = RNG.standard_normal((k, n)).astype(dtype)
    bias = RNG.standard_normal(n).astype(dtype)
    got = polymlir.compile(_chain(m, n, k, et)).invoke("chain", A, B, bias)
    want = np.maximum(A @ B + bias, 0)
    assert np.max(np.abs(got - want) / (np.abs(want) + 1)) < tol


TILED = """
func.func @tiled(%A: tensor<8x6xf64>, %B: tensor<6x8xf64>, %C: tensor<8x8xf64>) -> tensor<8x8xf64> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c4 iter_args(%acc = %C) -> (tensor<8x8xf64>) {
    %r2 = scf.for %j = %c0 to %c8 step %c4 iter_args(%acc2 = %acc) -> (tensor<8x8xf64>) {
      %a = tensor.extract_slice %A[%i, 0] [4, 6] [1, 1] : tensor<8x6xf64> to tensor<4x6xf64>
      %b = tensor.extract_slice %B[0, %j] [6, 4] [1, 1] : tensor<6x8xf64> to tensor<6x4xf64>
      %c = tensor.extract_slice %acc2[%i, %j] [4, 4] [1, 1] : tensor<8x8xf64> to tensor<4x4xf64>
      %m = linalg.matmul ins(%a, %b : tensor<4x6xf64>, tensor<6x4xf64>) outs(%c : tensor<4x4xf64>) -> tensor<4x4xf64>
      %ins = tensor.insert_slice %m into %acc2[%i, %j] [4, 4] [1, 1] : tensor<4x4xf64> into tensor<8x8xf64>
      scf.yield %ins : tensor<8x8xf64>
    }
    scf.yield %r2 : tensor<8x8xf64>
  }
  return %r : tensor<8x8xf64>
}
"""


def test_tiled_tensor_loop_is_in_place_and_correct():
    analysis = one_shot_bufferize(polymlir.parse(TILED), bufferize_function_boundaries=True)
    assert analysis.in_place and all(analysis.in_place.values())
    A, B, C = RNG.random((8, 6)), RNG.random((6, 8)), RNG.random((8, 8))
    C_before = C.copy()
    got = polymlir.compile(TILED).invoke("tiled", A, B, C)
    assert np.allclose(got, C_before + A @ B, rtol=1e-12)
    # Called from outside the module, the arguments are values: unchanged.
    assert np.array_equal(C, C_before)


def test_bufferized_tiled_loop_has_no_copy():
    module = polymlir.parse(TILED)
    one_shot_bufferize(module, bufferize_function_boundaries=True)
    names = [op.name for op in module.walk()]
    assert "memref.alloc" not in names and "memref.copy" not in names
    assert names.count("linalg.matmul") == 1


READ_AFTER_WRITE = """
func.func @raw(%t: tensor<4xf64>, %v: f64) -> (tensor<4xf64>, f64) {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0] : tensor<4xf64>
  %old = tensor.extract %t[%c0] : tensor<4xf64>
  return %w, %old : tensor<4xf64>, f64
}
"""


def test_read_after_write_copies():
    module = polymlir.parse(READ_AFTER_WRITE)
    analysis = one_shot_bufferize(module, bufferize_function_boundaries=True)
    (insert_use,) = [u for u in analysis.in_place if u.owner.name == "tensor.insert"]
    assert analysis.in_place[insert_use] is False
    assert [op.name for op in module.walk()].count("memref.copy") == 1
    new, old = polymlir.compile(READ_AFTER_WRITE).invoke("raw", np.arange(4.0), 9.0)
    assert list(new) == [9.0, 1.0, 2.0, 3.0] and old == 0.0


SWAP = """
func.func @swap(%a: tensor<3xf64>, %b: tensor<3xf64>, %n: index) -> (tensor<3xf64>, tensor<3xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<3xf64>, tensor<3xf64>) {
    scf.yield %y, %x : tensor<3xf64>, tensor<3xf64>
  }
  return %r#0, %r#1 : tensor<3xf64>, tensor<3xf64>
}
"""


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_loop_yielding_swapped_iteration_arguments(n):
    a, b = np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0])
    x, y = polymlir.compile(SWAP).invoke("swap", a, b, n)
    want = (a, b) if n % 2 == 0 else (b, a)
    assert np.array_equal(x, want[0]) and np.array_equal(y, want[1])


TWO_INSERTS = """
func.func @main() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant dense<10.0> : tensor<2xf32>
  %x = arith.constant dense<20.0> : tensor<1xf32>
  %a = tensor.insert_slice %x into %t[0] [1] [1] : tensor<1xf32> into tensor<2xf32>
  %b = tensor.insert_slice %x into %t[1] [1] [1] : tensor<1xf32> into tensor<2xf32>
  %a1 = tensor.extract %a[%c1] : tensor<2xf32>
  %b0 = tensor.extract %b[%c0] : tensor<2xf32>
  %s = arith.addf %a1, %b0 : f32
  return %s : f32
}
"""


def test_two_inserts_into_one_constant_keep_their_own_copies():
    assert polymlir.compile(TWO_INSERTS).invoke("main") == 20.0


def test_deallocation_frees_temporaries_but_not_results():
    text = """
func.func @f(%A: tensor<4x8xf32>, %B: tensor<8x4xf32>) -> (tensor<4x4xf32>, f32) {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%A, %B : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %g = linalg.fill ins(%z : f32) outs(%e2 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %x = tensor.extract %g[%c0, %c0] : tensor<4x4xf32>
  return %m, %x : tensor<4x4xf32>, f32
}
"""
    module = polymlir.parse(text)
    pm = polymlir.PassManager.parse(
        "builtin.module(one-shot-bufferize{bufferize-function-boundaries},buffer-deallocation-pipeline)"
    )
    pm.run(module)
    ops = list(module.walk())
    allocs = [op for op in ops if op.name == "memref.alloc"]
    frees = [op for op in ops if op.name == "memref.dealloc"]
    assert len(allocs) == 2 and len(frees) == 1
    ret = next(op for op in ops if op.name == "func.return")
    # The returned buffer is not the freed one.
    assert frees[0].operand(0) is not ret.operand(0)
    assert frees[0].operand(0) in [a.results[0] for a in allocs]


def _run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "polymlir", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_cli_reports_an_op_without_bufferization(tmp_path):
    f = tmp_path / "pack.mlir"
    f.write_text(
        """func.func @p(%a: tensor<8x8xf32>, %d: tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32> {
  %r = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d : tensor<8x8xf32> -> tensor<2x2x4x4xf32>
  return %r : tensor<2x2x4x4xf32>
}
"""
    )
    p = _run_cli("opt", str(f), "--one-shot-bufferize=bufferize-function-boundaries")
    assert p.returncode == 1
    assert re.search(r"pack\.mlir:2:8: error: 'linalg.pack' op was not bufferized", p.stderr)
    assert "Traceback" not in p.stderr


def test_cli_keeps_tensor_signatures_without_function_boundaries(tmp_path):
    # Upstream's default: the signature stays, the argument's buffer is a
    # to_buffer, the returned tensor passes through unchanged.
    f = tmp_path / "f.mlir"
    f.write_text("func.func @id(%t: tensor<4xf32>) -> tensor<4xf32> {\n  return %t : tensor<4xf32>\n}\n")
    p = _run_cli("opt", str(f), "--one-shot-bufferize")
    assert p.returncode == 0, p.stderr
    assert "func.func @id(%arg0: tensor<4xf32>) -> tensor<4xf32>" in p.stdout
    assert "return %arg0 : tensor<4xf32>" in p.stdout


def test_cli_run_bufferizes_a_tensor_program(tmp_path):
    f = tmp_path / "main.mlir"
    f.write_text(
        """func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %s = arith.mulf %a, %b : tensor<3xf32>
  %u = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
"""
    )
    p = _run_cli("run", str(f))
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[1] == "[10,  40,  90]"


_REVERSE = """func.func @main() {
  %cst = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.copy ins(%cst : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%INIT : tensor<4xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %c3 = arith.constant 3 : index
    %j = arith.subi %c3, %i : index
    %v = tensor.extract %t[%j] : tensor<4xf32>
    linalg.yield %v : f32
  } -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
"""


@pytest.mark.parametrize("init", ["%e", "%t"])
def test_payload_reading_a_captured_tensor(tmp_path, init):
    # A tensor.extract in a linalg body reads a tensor defined outside it (as
    # pack lowerings produce). With init %t the op would overwrite what its
    # own payload reads at a reversed index: the write must go to a copy.
    f = tmp_path / "main.mlir"
    f.write_text(_REVERSE.replace("%INIT", init))
    p = _run_cli("run", str(f))
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[1] == "[4,  3,  2,  1]"


def _case(path):
    text = path.read_text()
    entry, result = next(ln.split(":", 1)[1].split() for ln in text.splitlines()[:3] if ln.startswith("// ENTRY:"))
    return entry, result, path.with_suffix(".expected").read_text()


TENSOR_CASES = [
    "tensor/test-collapse-tensor",
    "tensor/test-expand-tensor",
    "tensor/test-padtensor",
    "tensor/test-subtensor-insert",
    "tensor/test-subtensor-insert-multiple-uses",
    "tensor/test-tensor-e2e",
    "linalg/test-one-shot-bufferize",
    "linalg/test-elementwise",
    "memref/print-memref",
    "memref/verify-memref",
]


@pytest.mark.parametrize(
    "path",
    params_or_skip(
        [p for p in shared_files("integration/cases", "*/*.mlir") if f"{p.parent.name}/{p.stem}" in TENSOR_CASES],
        missing_reason("integration", "cases"),
        ids=lambda p: f"{p.parent.name}/{p.stem}",
    ),
)
def test_tensor_integration_case_matches_mlir_runner(path):
    entry, result, expected = _case(path)
    p = _run_cli("run", str(path), "--entry", entry, "--entry-point-result", result)
    assert p.returncode == 0, p.stderr
    assert re.sub(r"base@ = \S+", "base@ = <addr>", p.stdout) == expected


FORALL = """
func.func @f(%A: tensor<10xf32>, %C: tensor<10xf32>) -> tensor<10xf32> {
  %r = scf.forall (%i) in (5) shared_outs(%o = %C) -> (tensor<10xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %a = tensor.extract_slice %A[%off] [2] [1] : tensor<10xf32> to tensor<2xf32>
    %c = tensor.extract_slice %o[%off] [2] [1] : tensor<10xf32> to tensor<2xf32>
    %s = linalg.add ins(%a, %c : tensor<2xf32>, tensor<2xf32>) outs(%c : tensor<2xf32>) -> tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off] [2] [1] : tensor<2xf32> into tensor<10xf32>
    }
  }
  return %r : tensor<10xf32>
}
"""


def test_forall_with_shared_outputs_runs():
    A = RNG.standard_normal(10).astype(np.float32)
    C = RNG.standard_normal(10).astype(np.float32)
    got = polymlir.compile(FORALL).invoke("f", A, C)
    assert np.allclose(got, A + C, rtol=1e-6)


PARTIAL = """
#mi = affine_map<(d0) -> (-d0 + 10, 4)>
#mj = affine_map<(d0) -> (-d0 + 9, 4)>
func.func @mm(%A: tensor<10x7xf64>, %B: tensor<7x9xf64>, %C: tensor<10x9xf64>) -> tensor<10x9xf64> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c0 to %c10 step %c4 iter_args(%acc = %C) -> (tensor<10x9xf64>) {
    %si = affine.min #mi(%i)
    %r2 = scf.for %j = %c0 to %c9 step %c4 iter_args(%acc2 = %acc) -> (tensor<10x9xf64>) {
      %sj = affine.min #mj(%j)
      %a = tensor.extract_slice %A[%i, 0] [%si, 7] [1, 1] : tensor<10x7xf64> to tensor<?x7xf64>
      %b = tensor.extract_slice %B[0, %j] [7, %sj] [1, 1] : tensor<7x9xf64> to tensor<7x?xf64>
      %c = tensor.extract_slice %acc2[%i, %j] [%si, %sj] [1, 1] : tensor<10x9xf64> to tensor<?x?xf64>
      %m = linalg.matmul ins(%a, %b : tensor<?x7xf64>, tensor<7x?xf64>) outs(%c : tensor<?x?xf64>) -> tensor<?x?xf64>
      %ins = tensor.insert_slice %m into %acc2[%i, %j] [%si, %sj] [1, 1] : tensor<?x?xf64> into tensor<10x9xf64>
      scf.yield %ins : tensor<10x9xf64>
    }
    scf.yield %r2 : tensor<10x9xf64>
  }
  return %r : tensor<10x9xf64>
}
"""


def test_partial_tiles_with_dynamic_slices_stay_in_place_and_match_numpy():
    analysis = one_shot_bufferize(polymlir.parse(PARTIAL), bufferize_function_boundaries=True)
    assert all(analysis.in_place.values())
    A, B, C = RNG.random((10, 7)), RNG.random((7, 9)), RNG.random((10, 9))
    got = polymlir.compile(PARTIAL).invoke("mm", A, B, C)
    assert np.allclose(got, C + A @ B, rtol=1e-12)


MISC = """
func.func @misc(%c: i1, %a: tensor<6xf32>, %v: f32) -> (tensor<6xf32>, tensor<2x3xf32>, tensor<2x2xf32>, f32) {
  %s = tensor.splat %v : tensor<6xf32>
  %sel = arith.select %c, %a, %s : tensor<6xf32>
  %shape = arith.constant dense<[2, 3]> : tensor<2xi64>
  %r = tensor.reshape %a(%shape) : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %sp = tensor.splat %v : tensor<2x2xf32>
  %m = bufferization.to_buffer %a read_only : tensor<6xf32> to memref<6xf32, strided<[?], offset: ?>>
  %c2 = arith.constant 2 : index
  %x = memref.load %m[%c2] : memref<6xf32, strided<[?], offset: ?>>
  return %sel, %r, %sp, %x : tensor<6xf32>, tensor<2x3xf32>, tensor<2x2xf32>, f32
}
"""


@pytest.mark.parametrize("cond", [True, False])
def test_select_splat_reshape_and_to_buffer(cond):
    a = np.arange(6, dtype=np.float32)
    sel, r, sp, x = polymlir.compile(MISC).invoke("misc", cond, a, 7.0)
    assert np.array_equal(sel, a if cond else np.full(6, 7.0, np.float32))
    assert np.array_equal(r, a.reshape(2, 3)) and np.array_equal(sp, np.full((2, 2), 7.0)) and x == 2.0


@pytest.mark.parametrize("first", [0, 40])
def test_random_tensor_programs_match_their_numpy_meaning(first):
    """Random programs of inserts, slices, fills, elementwise ops, loops and
    branches (bufferization_fuzz.py): whatever the analysis puts in place,
    every returned value and the caller's arguments are what value
    semantics say."""
    for seed in range(first, first + 40):
        t0, t1 = np.arange(8.0) + 100, np.arange(8.0) + 200
        got = polymlir.compile(random_program(seed), opt_level=0).invoke("main", t0, t1)
        want = reference(seed, t0, t1)
        got = got if isinstance(got, tuple) else (got,)
        assert len(got) == len(want)
        for k, (g, w) in enumerate(zip(got, want, strict=True)):
            assert np.array_equal(g, w), f"seed {seed}, result {k}"


def test_random_tensor_programs_bufferize_without_loop_copies():
    """Without allow-return-allocs-from-loops, every loop of the random
    programs yields its iteration argument's buffer (the writes in the
    loops stay in place)."""
    for seed in range(200):
        one_shot_bufferize(polymlir.parse(random_program(seed)), bufferize_function_boundaries=True)


TRANSFERS = """
func.func @v(%t: tensor<8xf32>, %u: tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %p = arith.constant 0.0 : f32
  %x = vector.transfer_read %u[%c4], %p {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
  %w = vector.transfer_write %x, %t[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<8xf32>
  %y = vector.transfer_read %t[%c0], %p {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %z = vector.transfer_write %y, %e[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
  return %w, %z : tensor<8xf32>, tensor<4xf32>
}
"""


def test_vector_transfers_on_tensors():
    t, u = np.arange(8, dtype=np.float32), np.arange(8, dtype=np.float32) + 10
    w, z = polymlir.compile(TRANSFERS).invoke("v", t, u)
    assert list(w) == [14, 15, 16, 17, 4, 5, 6, 7] and list(z) == [0, 1, 2, 3]
