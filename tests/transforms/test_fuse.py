"""Loop fusion and private-buffer contraction: exact verdicts, located
refusals, and fused programs that compute what the originals compute
(JIT on random inputs). Includes upstream affine-loop-fusion miscompiles:
an in-place producer fused with a shorter consumer, and a consumer that
overwrites what later producer iterations read."""

from __future__ import annotations

import re
import subprocess

import pytest

import polymlir
from polymlir.affine.model import analyze
from polymlir.testing.differential import compare_runs
from polymlir.transforms.loops import contract as C
from polymlir.transforms.loops import fuse as F
from polymlir.transforms.loops.loop_utils import TransformError
from polymlir.transforms.passes.manager import PassManager

from ..shared_data import requires_upstream, upstream

SIBLING = """func.func @kernel(%A: memref<30xf64>, %B: memref<30xf64>, %C: memref<30xf64>) {
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xf64>
    %x = arith.mulf %a, %a : f64
    affine.store %x, %B[%i] : memref<30xf64>
  }
  affine.for %j = 0 to 30 {
    %a = affine.load %A[%j] : memref<30xf64>
    %y = arith.addf %a, %a : f64
    affine.store %y, %C[%j] : memref<30xf64>
  }
  return
}
"""

# B reads what A writes in the same iteration: fusable at depths 1 and 2.
PRODUCER = """func.func @kernel(%A: memref<12x10xf64>, %T: memref<12x10xf64>, %C: memref<12x10xf64>) {
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<12x10xf64>
      %x = arith.mulf %a, %a : f64
      affine.store %x, %T[%i, %j] : memref<12x10xf64>
    }
  }
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      %t = affine.load %T[%i, %j] : memref<12x10xf64>
      %y = arith.addf %t, %t : f64
      affine.store %y, %C[%i, %j] : memref<12x10xf64>
    }
  }
  return
}
"""

# B reads X[i + 1], which A writes one iteration later: distance -1.
SHIFTED = """func.func @kernel(%A: memref<32xf64>, %X: memref<33xf64>, %C: memref<32xf64>) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf64>
    %b = arith.mulf %a, %a : f64
    affine.store %b, %X[%i] : memref<33xf64>
  }
  affine.for %i = 0 to 31 {
    %x = affine.load %X[%i + 1] : memref<33xf64>
    %y = affine.load %X[%i] : memref<33xf64>
    %c = arith.addf %x, %y : f64
    affine.store %c, %C[%i] : memref<32xf64>
  }
  return
}
"""

# llvm/llvm-project#210490: the producer updates %p in place, the consumer
# copies part of it. Upstream 22 recomputes the producer inside the consumer
# without removing the original, multiplying twice.
RMW = """func.func @kernel(%p: memref<4xf64>, %d: memref<2xf64>, %c: memref<1xf64>) {
  affine.for %i = 0 to 4 {
    %s = affine.load %c[0] : memref<1xf64>
    %0 = affine.load %p[%i] : memref<4xf64>
    %1 = arith.mulf %0, %s : f64
    affine.store %1, %p[%i] : memref<4xf64>
  }
  affine.for %i = 0 to 2 {
    %0 = affine.load %p[%i] : memref<4xf64>
    affine.store %0, %d[%i] : memref<2xf64>
  }
  return
}
"""

# llvm/llvm-project#212032: every producer iteration reads a[1], which the
# consumer's first iteration overwrites; fusing runs that write before the
# producer's second read.
ANTI = """func.func @kernel(%a: memref<3xf64>, %c: memref<3xf64>, %scratch: memref<3xf64>) {
  affine.for %p = 1 to 3 {
    %av = affine.load %a[1] : memref<3xf64>
    %cv = affine.load %c[%p] : memref<3xf64>
    %value = arith.mulf %av, %cv : f64
    affine.store %value, %scratch[%p] : memref<3xf64>
  }
  affine.for %p = 1 to 3 {
    %value = affine.load %scratch[%p] : memref<3xf64>
    affine.store %value, %a[%p] : memref<3xf64>
  }
  return
}
"""

# A temporary that one fused iteration writes and reads (a row of it).
TEMP = """func.func @kernel(%A: memref<10x12xf64>, %C: memref<10x12xf64>) {
  %T = memref.alloc() : memref<10x12xf64>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %a = affine.load %A[%i, %j] : memref<10x12xf64>
      %b = arith.mulf %a, %a : f64
      affine.store %b, %T[%i, %j] : memref<10x12xf64>
    }
  }
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %b = affine.load %T[%i, 11 - %j] : memref<10x12xf64>
      %c = arith.addf %b, %b : f64
      affine.store %c, %C[%i, %j] : memref<10x12xf64>
    }
  }
  memref.dealloc %T : memref<10x12xf64>
  return
}
"""

# The consumer reads the temporary of the previous iteration: no contraction.
TEMP_CARRIED = """func.func @kernel(%A: memref<16xf64>, %C: memref<16xf64>) {
  %T = memref.alloc() : memref<16xf64>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf64>
    affine.store %a, %T[%i] : memref<16xf64>
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {
      %t = affine.load %T[%i - 1] : memref<16xf64>
      affine.store %t, %C[%i] : memref<16xf64>
    }
  }
  memref.dealloc %T : memref<16xf64>
  return
}
"""


def _func(module):
    return next(op for op in module.walk(post_order=False) if op.name == "func.func")


def _setup(text: str):
    module = polymlir.parse(text, "t.mlir")
    model = analyze(_func(module))
    nests = [lp for lp in model.loops if lp.parent is None]
    return module, model, nests


def _fused(text: str, depth: int = 1, shifts=None, a: int = 0, b: int = 1) -> tuple[str, object]:
    module, model, nests = _setup(text)
    v = F.fuse_verdict(model, nests[a], nests[b], depth, shifts)
    if v.ok:
        F.fuse(model, nests[a], nests[b], depth, shifts)
    return polymlir.print_ir(module), v


def test_sibling_fusion_runs_like_the_original():
    out, v = _fused(SIBLING)
    assert v.ok, v.reason
    assert out.count("affine.for") == 1
    assert compare_runs(SIBLING, out, "kernel", seeds=(0, 1)) <= 1e-9


@pytest.mark.parametrize("depth", [1, 2])
def test_producer_consumer_fusion(depth):
    out, v = _fused(PRODUCER, depth)
    assert v.ok, v.reason
    assert out.count("affine.for") == (3 if depth == 1 else 2)
    # A's statement comes first in the fused body.
    assert out.index("arith.mulf") < out.index("arith.addf")
    assert compare_runs(PRODUCER, out, "kernel") <= 1e-9


def test_producer_consumer_refused_with_distance_and_shift_hint():
    _, v = _fused(SHIFTED)
    assert not v.ok
    assert "flow dependence from affine.store at t.mlir:5:5 to affine.load at t.mlir:8:10" in v.reason
    assert "distance (-1) in the fused loops" in v.reason
    assert v.hint == "shift the second nest by (1) in the fused loops"


def test_shifted_fusion():
    if F.ast_regeneration() is None:
        pytest.skip("isl AST regeneration (ast_codegen.py) is not available")
    out, v = _fused(SHIFTED, 1, [1])
    assert v.ok, v.reason
    assert out.count("affine.for") == 1
    assert compare_runs(SHIFTED, out, "kernel", seeds=(0, 1)) <= 1e-9


def test_in_place_producer_with_shorter_consumer():
    """Upstream miscompiles this (llvm#210490); polymlir fuses it exactly
    (through isl's AST: the consumer runs under a guard) or refuses."""
    out, v = _fused(RMW)
    if F.ast_regeneration() is None:
        assert not v.ok and "isl AST regeneration" in v.reason
        return
    assert v.ok, v.reason
    assert out.count("affine.for") == 1 and "affine.if" in out
    assert compare_runs(RMW, out, "kernel", seeds=(0, 1, 2)) <= 1e-9


def test_consumer_overwriting_producer_input_is_refused():
    """Upstream fuses this (llvm#212032) and changes the result."""
    _, v = _fused(ANTI)
    assert not v.ok
    assert "anti dependence from affine.load at t.mlir:3:11 to affine.store at t.mlir:10:5" in v.reason
    assert v.violated is not None and v.violated.kind == "anti"


def _upstream_fused(text: str) -> str:
    proc = subprocess.run(
        [upstream("mlir-opt"), "--affine-loop-fusion"], input=text, capture_output=True, text=True, check=True
    )
    return proc.stdout


@requires_upstream("mlir-opt")
@pytest.mark.parametrize("text", [RMW, ANTI], ids=["llvm-210490", "llvm-212032"])
def test_upstream_fusion_miscompiles(text):
    """Upstream's affine-loop-fusion output, run by polymlir's JIT, differs
    from the original; polymlir's pass leaves or fuses them correctly."""
    assert compare_runs(text, _upstream_fused(text), "kernel", seeds=(0, 1)) > 1e-6
    module = polymlir.parse(text, "t.mlir")
    ctx = PassManager.parse("affine-loop-fusion").run(module)
    assert compare_runs(text, polymlir.print_ir(module), "kernel", seeds=(0, 1)) <= 1e-9
    if text is ANTI:
        # The remark names the read (the producer's a[1]) and the write it
        # would see (the consumer's store to a): the anti dependence broken.
        assert any(
            "not fused" in d.message
            and "affine.load at t.mlir:3:11 would read the value affine.store at t.mlir:10:5" in d.message
            for d in ctx.diagnostics
        )


@requires_upstream("mlir-opt", "mlir-runner")
@pytest.mark.parametrize("text", [RMW, ANTI], ids=["llvm-210490", "llvm-212032"])
def test_upstream_fusion_miscompiles_under_mlir_runner(text):
    """The same, with upstream's own lowering and mlir-runner-22 (no polymlir
    code on the upstream side): the printed outputs differ."""
    from ..execution.harness import run_upstream, upstream_tools, with_main

    if upstream_tools() is None:
        pytest.skip("libmlir_runner_utils for mlir-runner-22 is not installed")
    fused = _upstream_fused(text)
    body = fused[fused.index("func.func") : fused.rindex("}")]
    assert run_upstream(with_main(text)) != run_upstream(with_main(body))


# upstream's loop-fusion-4.mlir, @same_memref_load_store and
# @same_memref_load_multiple_stores (renamed @kernel): their checks encode
# the fusion of llvm/llvm-project#210490 (the kept in-place producer runs
# first, then the fused nest recomputes it from the memref it updated, so
# the consumer sees %producer doubled twice); tests/upstream/FAILURES.md
# lists the three cases.
SAME_MEMREF_LOAD_STORE = """func.func @kernel(%producer : memref<32xf32>, %consumer: memref<16xf32>){
  %cst = arith.constant 2.000000e+00 : f32
  affine.for %arg3 = 0 to 32 {
    %0 = affine.load %producer[%arg3] : memref<32xf32>
    %2 = arith.mulf %0, %cst : f32
    affine.store %2, %producer[%arg3] : memref<32xf32>
  }
  affine.for %arg3 = 0 to 16 {
    %0 = affine.load %producer[%arg3] : memref<32xf32>
    %2 = arith.addf %0, %cst : f32
    affine.store %2, %consumer[%arg3] : memref<16xf32>
  }
  return
}
"""

SAME_MEMREF_LOAD_MULTIPLE_STORES = (
    "func.func @kernel(%producer : memref<32xf32>, %producer_2 : memref<32xf32>, %consumer: memref<16xf32>){\n"
    """  %cst = arith.constant 2.000000e+00 : f32
  affine.for %arg3 = 0 to 32 {
    %0 = affine.load %producer[%arg3] : memref<32xf32>
    %2 = arith.mulf %0, %cst : f32
    affine.store %2, %producer[%arg3] : memref<32xf32>
    affine.store %2, %producer_2[%arg3] : memref<32xf32>
  }
  affine.for %arg3 = 0 to 16 {
    %0 = affine.load %producer[%arg3] : memref<32xf32>
    %1 = affine.load %producer_2[%arg3] : memref<32xf32>
    %2 = arith.addf %0, %1 : f32
    affine.store %2, %consumer[%arg3] : memref<16xf32>
  }
  return
}
"""
)

# (text, pass, id): the RUN lines of loop-fusion-4.mlir that check them.
UPSTREAM_TESTS_210490 = [
    pytest.param(SAME_MEMREF_LOAD_STORE, "affine-loop-fusion{mode=producer}", id="load_store-producer"),
    pytest.param(SAME_MEMREF_LOAD_MULTIPLE_STORES, "affine-loop-fusion{mode=producer}", id="multiple_stores-producer"),
    pytest.param(SAME_MEMREF_LOAD_MULTIPLE_STORES, "affine-loop-fusion", id="multiple_stores-greedy"),
]


def _upstream_pipeline(text: str, pass_: str) -> str:
    proc = subprocess.run(
        [upstream("mlir-opt"), f"--pass-pipeline=builtin.module(func.func({pass_}))"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout


@requires_upstream("mlir-opt")
@pytest.mark.parametrize(("text", "pass_"), UPSTREAM_TESTS_210490)
def test_upstream_loop_fusion_4_checks_encode_a_miscompile(text, pass_):
    """mlir-opt-22 fuses as loop-fusion-4.mlir's checks say (a one-element
    private buffer in the 16-iteration nest, the 32-iteration producer kept
    before it), and that program, run by polymlir's JIT, computes something
    else; polymlir's pass declines, with a remark naming the read."""
    fused = _upstream_pipeline(text, pass_)
    assert "memref<1xf32>" in fused and fused.index("0 to 32") < fused.index("0 to 16")
    assert compare_runs(text, fused, "kernel", seeds=(0, 1)) > 1e-3
    module = polymlir.parse(text, "t.mlir")
    ctx = PassManager.parse(pass_).run(module)
    ours = polymlir.print_ir(module)
    assert ours.count("affine.for") == 2 and "memref<1xf32>" not in ours
    assert compare_runs(text, ours, "kernel", seeds=(0, 1)) <= 1e-9
    assert any(
        "not fused" in d.message
        and "affine.load at t.mlir:4:10 would read the value affine.store at t.mlir:6:5" in d.message
        for d in ctx.diagnostics
    )


@requires_upstream("mlir-opt", "mlir-runner")
@pytest.mark.parametrize(("text", "pass_"), UPSTREAM_TESTS_210490)
def test_upstream_loop_fusion_4_checks_encode_a_miscompile_under_mlir_runner(text, pass_):
    """The same with upstream's lowering and mlir-runner-22 only."""
    from ..execution.harness import run_upstream, upstream_tools, with_main

    if upstream_tools() is None:
        pytest.skip("libmlir_runner_utils for mlir-runner-22 is not installed")
    fused = _upstream_pipeline(text, pass_)
    body = fused[fused.index("func.func") : fused.rindex("}")]
    assert run_upstream(with_main(text)) != run_upstream(with_main(body))


DISJOINT = """func.func @kernel(%A: memref<16xf64>, %B: memref<16xf64>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<16xf64>
    affine.store %a, %B[%i] : memref<16xf64>
  }
  affine.for %i = 8 to 16 {
    %b = affine.load %B[%i - 8] : memref<16xf64>
    affine.store %b, %B[%i] : memref<16xf64>
  }
  return
}
"""


def test_disjoint_iteration_ranges():
    """The fuse primitive (regenerating a fused schedule) refuses such a
    pair: it would give back two loops. The pass fuses by slicing, as
    upstream: the consumer's iteration i recomputes the producer's i - 8,
    and the producer goes since the fused nest writes every element it
    wrote (upstream keeps it); the fused program computes the original's."""
    if F.ast_regeneration() is not None:
        _, v = _fused(DISJOINT)
        assert not v.ok and "do not overlap" in v.reason
    module = polymlir.parse(DISJOINT, "t.mlir")
    PassManager.parse("affine-loop-fusion").run(module)
    out = polymlir.print_ir(module)
    assert out.count("affine.for") == 1
    assert compare_runs(DISJOINT, out, "kernel", seeds=(0, 1)) <= 1e-9


def test_fusion_candidates():
    _, model, nests = _setup(PRODUCER)
    cands = [(a.op, b.op, d) for a, b, d in F.fusion_candidates(model)]
    assert (nests[0].op, nests[1].op, 1) in cands and (nests[0].op, nests[1].op, 2) in cands
    _, model, _ = _setup(ANTI)
    assert F.fusion_candidates(model) == []


def test_bad_parameters():
    _, model, nests = _setup(PRODUCER)
    with pytest.raises(TransformError, match="must come before"):
        F.fuse_verdict(model, nests[1], nests[0], 1)
    with pytest.raises(TransformError, match="positive"):
        F.fuse_verdict(model, nests[0], nests[1], 0)
    with pytest.raises(TransformError, match="no single loop at depth 3"):
        F.fuse_verdict(model, nests[0], nests[1], 3)
    with pytest.raises(TransformError, match="expected 2 shifts"):
        F.fuse_verdict(model, nests[0], nests[1], 2, [1])
    with pytest.raises(TransformError, match="not in the same block"):
        F.fuse_verdict(model, nests[0], nests[1].children[0], 1)


def test_values_between_the_nests_are_hoisted():
    text = SIBLING.replace(
        "  affine.for %j = 0 to 30 {\n    %a = affine.load %A[%j] : memref<30xf64>\n    %y = arith.addf %a, %a : f64",
        "  %two = arith.constant 2.0 : f64\n  affine.for %j = 0 to 30 {\n"
        "    %a = affine.load %A[%j] : memref<30xf64>\n    %y = arith.mulf %a, %two : f64",
    )
    out, v = _fused(text)
    assert v.ok, v.reason
    assert out.index("arith.constant") < out.index("affine.for")
    assert compare_runs(text, out, "kernel") <= 1e-9


def test_non_affine_code_between_is_refused():
    text = SIBLING.replace(
        "  affine.for %j",
        "  %k = arith.constant 3 : index\n"
        "  %v = memref.load %A[%k] : memref<30xf64>\n  memref.store %v, %B[%k] : memref<30xf64>\n"
        "  affine.for %j",
    )
    _, v = _fused(text)
    assert not v.ok and "outside the affine model" in v.reason


def test_contraction_after_fusion():
    module, model, nests = _setup(TEMP)
    assert F.fuse_verdict(model, nests[0], nests[1], 1).ok
    F.fuse(model, nests[0], nests[1], 1)
    model = analyze(_func(module))
    alloc = next(op for op in _func(module).walk() if op.name == "memref.alloc")
    v = C.contract_verdict(model, alloc)
    assert v.ok, v.reason
    C.contract(model, alloc)
    out = polymlir.print_ir(module)
    assert "memref.alloc() : memref<1x12xf64>" in out
    assert re.search(r"memref.dealloc %\w+ : memref<1x12xf64>", out)
    assert compare_runs(TEMP, out, "kernel", seeds=(0, 1)) <= 1e-9


def test_contraction_before_fusion_is_refused():
    module, model, _ = _setup(TEMP)
    alloc = next(op for op in _func(module).walk() if op.name == "memref.alloc")
    v = C.contract_verdict(model, alloc)
    assert not v.ok and "not inside one common loop" in v.reason


def test_contraction_refused_when_a_value_flows_between_iterations():
    module, model, _ = _setup(TEMP_CARRIED)
    alloc = next(op for op in _func(module).walk() if op.name == "memref.alloc")
    v = C.contract_verdict(model, alloc)
    assert not v.ok
    assert "a value flows between iterations of loop i" in v.reason


TEMP_PARALLEL = """func.func @kernel(%A: memref<10x12xf64>, %C: memref<10x12xf64>) {
  %T = memref.alloc() : memref<10x12xf64>
  affine.parallel (%i) = (0) to (10) {
    affine.for %j = 0 to 12 {
      %a = affine.load %A[%i, %j] : memref<10x12xf64>
      %b = arith.mulf %a, %a : f64
      affine.store %b, %T[%i, %j] : memref<10x12xf64>
    }
    affine.for %j = 0 to 12 {
      %b = affine.load %T[%i, 11 - %j] : memref<10x12xf64>
      %c = arith.addf %b, %b : f64
      affine.store %c, %C[%i, %j] : memref<10x12xf64>
    }
  }
  memref.dealloc %T : memref<10x12xf64>
  return
}
"""


def test_contraction_refused_in_a_parallel_loop():
    """Iterations of an affine.parallel may run at once: one shared row would race."""
    module, model, _ = _setup(TEMP_PARALLEL)
    alloc = next(op for op in _func(module).walk() if op.name == "memref.alloc")
    v = C.contract_verdict(model, alloc)
    assert not v.ok and "affine.parallel" in v.reason


def test_contraction_refuses_escaping_and_argument_buffers():
    text = TEMP.replace(
        "  memref.dealloc %T", "  func.call @use(%T) : (memref<10x12xf64>) -> ()\n  memref.dealloc %T"
    ).replace("func.func @kernel", "func.func private @use(memref<10x12xf64>)\nfunc.func @kernel")
    module = polymlir.parse(text, "t.mlir")
    f = next(op for op in module.walk(post_order=False) if op.name == "func.func" and op.regions[0].blocks)
    alloc = next(op for op in f.walk() if op.name == "memref.alloc")
    v = C.contract_verdict(analyze(f), alloc)
    assert not v.ok and "not a private temporary" in v.reason and "func.call" in v.reason
    with pytest.raises(TransformError, match="function argument"):
        C.contract_verdict(analyze(f), f.regions[0].blocks[0].arguments[0])


def test_fusion_pass_fuses_and_contracts():
    module = polymlir.parse(TEMP, "t.mlir")
    PassManager.parse("affine-loop-fusion").run(module)
    out = polymlir.print_ir(module)
    # As upstream, at depth 2 each consumer iteration recomputes the one
    # producer element it reads (at j' = 11 - j); the temporary stays whole
    # (its dealloc is a user outside the nests) and the producer goes.
    assert "memref<10x12xf64>" in out and "memref<1x" not in out
    assert out.count("affine.for") == 2
    assert compare_runs(TEMP, out, "kernel") <= 1e-9


@pytest.mark.parametrize("mode,fused", [("greedy", True), ("producer", True), ("sibling", False)])
def test_fusion_pass_modes(mode, fused):
    module = polymlir.parse(PRODUCER, "t.mlir")
    PassManager.parse(f"affine-loop-fusion{{mode={mode}}}").run(module)
    out = polymlir.print_ir(module)
    assert (out.count("affine.for") == 2) == fused
    module = polymlir.parse(SIBLING, "t.mlir")
    PassManager.parse(f"affine-loop-fusion{{mode={mode}}}").run(module)
    assert (polymlir.print_ir(module).count("affine.for") == 1) == (mode != "producer")
