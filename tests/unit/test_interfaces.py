"""Op interfaces (polymlir.ir.interfaces): what the op classes declare —
memory effects, loops, affine accesses, tiling, speculation — and the
queries' answers for ops that declare nothing."""

from __future__ import annotations

import polymlir
from polymlir.dialects.linalg import LinalgStructuredOp
from polymlir.ir import registry
from polymlir.ir.interfaces import (
    AffineBound,
    EffectKind,
    LoopLikeOp,
    MemoryEffectsOp,
    TilingOp,
    affine_access,
    allocates,
    declared_effects,
    declares_only_reads,
    declares_write,
    effects,
    frees,
    is_memory_effect_free,
    is_op_trivially_dead,
    is_pure,
    is_speculatable,
    loop_like,
    may_write,
    memory_effects,
    only_reads,
    region_effects,
    tiling,
    would_op_be_trivially_dead,
)
from polymlir.ir.traits import LINALG_STRUCTURED_INTERFACE, LOOP_LIKE_OP_INTERFACE, MEMORY_EFFECT_OP_INTERFACE, PURE

TEXT = """func.func @f(%A: memref<8x8xf32>, %B: memref<8xf32>, %n: index, %T: tensor<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e0 = arith.constant 0.0 : f32
  %d = memref.dim %A, %c0 : memref<8x8xf32>
  %buf = memref.alloc() : memref<8xf32>
  affine.for %i = max affine_map<(d0) -> (d0, 2)>(%c0) to min affine_map<()[s0] -> (s0, 8)>()[%n] step 2 {
    %a = affine.load %A[%i, %i + 1] : memref<8x8xf32>
    %e = math.exp %a : f32
    affine.store %e, %B[%i] : memref<8xf32>
    affine.prefetch %A[%i, 0], read, locality<3>, data : memref<8x8xf32>
  }
  scf.for %j = %c0 to %n step %c1 {
    %v = memref.load %B[%j] : memref<8xf32>
    %w = arith.divsi %j, %n : index
  }
  affine.parallel (%p, %q) = (0, 0) to (min(8, symbol(%n)), 8) step (1, 2) {
    %x = affine.load %A[%p, %q] : memref<8x8xf32>
  }
  memref.copy %B, %buf : memref<8xf32> to memref<8xf32>
  linalg.matmul ins(%A, %A : memref<8x8xf32>, memref<8x8xf32>) outs(%A : memref<8x8xf32>)
  %r = linalg.fill ins(%e0 : f32) outs(%T : tensor<4x8xf32>) -> tensor<4x8xf32>
  "test.opaque"(%B) : (memref<8xf32>) -> ()
  memref.dealloc %buf : memref<8xf32>
  return
}
"""


def _module():
    return polymlir.parse(TEXT, "i.mlir")


def _by_name(module):
    out: dict = {}
    for op in module.walk(post_order=False):
        out.setdefault(op.name, op)
    return out


def _func_args(module):
    func = next(op for op in module.walk() if op.name == "func.func")
    return func.regions[0].blocks[0].arguments


def test_loop_like_trait_and_interface_go_together() -> None:
    for name, cls in registry.registered_ops().items():
        assert (LOOP_LIKE_OP_INTERFACE in cls.traits) == issubclass(cls, LoopLikeOp), name


def test_declared_effect_interface_trait_is_implemented() -> None:
    for name, cls in registry.registered_ops().items():
        if MEMORY_EFFECT_OP_INTERFACE in cls.traits:
            assert issubclass(cls, MemoryEffectsOp), name


def test_memory_effects_of_declared_ops() -> None:
    m = _module()
    ops = _by_name(m)
    A, B = _func_args(m)[:2]
    load, store = ops["affine.load"], ops["affine.store"]
    assert [(e.kind, e.value) for e in effects(load)] == [(EffectKind.READ, A)]
    assert [(e.kind, e.value) for e in effects(store)] == [(EffectKind.WRITE, B)]
    assert [(e.kind, e.value) for e in effects(ops["memref.load"])] == [(EffectKind.READ, B)]
    alloc = ops["memref.alloc"]
    assert allocates(alloc) and not allocates(load)
    buf = alloc.results[0]
    assert [(e.kind, e.value) for e in effects(ops["memref.copy"])] == [(EffectKind.READ, B), (EffectKind.WRITE, buf)]
    assert frees(ops["memref.dealloc"], buf) and not frees(ops["memref.dealloc"], B)
    mm = ops["linalg.matmul"]
    assert [(e.kind, e.value) for e in effects(mm)] == [
        (EffectKind.READ, A),
        (EffectKind.READ, A),
        (EffectKind.READ, A),
        (EffectKind.WRITE, A),
    ]
    # On tensors a linalg op is a value computation: no memory effect.
    assert effects(ops["linalg.fill"]) == []
    assert effects(ops["math.exp"]) == [] and effects(ops["memref.dim"]) == []


def test_ops_that_declare_nothing_may_do_anything() -> None:
    ops = _by_name(_module())
    opaque = ops["test.opaque"]
    assert memory_effects(opaque) is None
    assert {(e.kind, e.value) for e in effects(opaque)} == {(EffectKind.READ, None), (EffectKind.WRITE, None)}
    assert may_write(opaque) and not only_reads(opaque) and not is_memory_effect_free(opaque)


def test_recursive_effects_are_the_union_of_the_held_ops() -> None:
    m = _module()
    ops = _by_name(m)
    A, B = _func_args(m)[:2]
    for_op = ops["affine.for"]
    kinds = {(e.kind, e.value) for e in effects(for_op)}
    assert kinds == {(EffectKind.READ, A), (EffectKind.WRITE, B)}  # the prefetch reads A
    scf_for = ops["scf.for"]
    assert only_reads(scf_for) and {e.value for e in effects(scf_for)} == {B}
    func = next(op for op in m.walk() if op.name == "func.func")
    assert any(e.value is None for e in region_effects(func))  # it holds test.opaque


def test_loop_like_bounds_as_the_ops_hold_them() -> None:
    m = _module()
    ops = _by_name(m)
    n = _func_args(m)[2]
    f = loop_like(ops["affine.for"])
    assert f is not None and f.loop_ivs() == [ops["affine.for"].regions[0].blocks[0].arguments[0]]
    (lb,), (ub,), steps = f.loop_lower_bounds(), f.loop_upper_bounds(), f.loop_steps()
    assert isinstance(lb, AffineBound) and lb.map.num_results == 2 and isinstance(ub, AffineBound)
    assert ub.operands == [n] and steps == [2] and not f.is_parallel_loop()
    s = loop_like(ops["scf.for"])
    assert s is not None and s.loop_upper_bounds() == [n] and s.loop_inits() == [] and s.loop_body().operations
    p = loop_like(ops["affine.parallel"])
    assert p is not None and p.is_parallel_loop() and p.loop_steps() == [1, 2] and len(p.loop_ivs()) == 2
    ubs = p.loop_upper_bounds()
    assert [b.map.num_results for b in ubs if isinstance(b, AffineBound)] == [2, 1]
    assert loop_like(ops["affine.load"]) is None


def test_affine_accesses() -> None:
    m = _module()
    ops = _by_name(m)
    A, B = _func_args(m)[:2]
    load = affine_access(ops["affine.load"])
    assert load is not None and load.is_read and load.memref is A and load.value is ops["affine.load"].results[0]
    assert str(load.map) == "(d0) -> (d0, d0 + 1)"
    store = affine_access(ops["affine.store"])
    assert store is not None and store.is_write and store.memref is B
    pre = affine_access(ops["affine.prefetch"])
    assert pre is not None and pre.kind is None and pre.value is None
    assert affine_access(ops["memref.load"]) is None


def test_tiling_interface() -> None:
    ops = _by_name(_module())
    mm = tiling(ops["linalg.matmul"])
    assert mm is not None and mm.loop_iterator_types() == ["parallel", "parallel", "reduction"]
    assert mm.iteration_domain_sizes() == [8, 8, 8]
    pad = polymlir.parse(
        """func.func @p(%t: tensor<4x?xf32>, %v: f32) -> tensor<6x?xf32> {
  %0 = tensor.pad %t low[1, 0] high[1, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<4x?xf32> to tensor<6x?xf32>
  return %0 : tensor<6x?xf32>
}"""
    )
    op = _by_name(pad)["tensor.pad"]
    t = tiling(op)
    assert t is not None and t.loop_iterator_types() == ["parallel"] * 2 and t.iteration_domain_sizes() == [6, None]
    assert tiling(ops["affine.for"]) is None


def test_speculation() -> None:
    ops = _by_name(_module())
    assert not is_speculatable(ops["arith.divsi"]) and PURE in ops["arith.divsi"].traits
    assert is_speculatable(ops["math.exp"]) and is_pure(ops["math.exp"])
    assert not is_pure(ops["affine.load"]) and not is_speculatable(ops["test.opaque"])


def test_linalg_trait_and_tiling_interface() -> None:
    ops = registry.registered_ops()
    for name, cls in ops.items():
        assert (LINALG_STRUCTURED_INTERFACE in cls.traits) == issubclass(cls, LinalgStructuredOp), name
    extra = sorted(n for n, c in ops.items() if issubclass(c, TilingOp) and not issubclass(c, LinalgStructuredOp))
    assert extra == ["linalg.pack", "linalg.unpack", "tensor.pad"]


def test_the_readme_example_op_touches_its_dialect_module_only() -> None:
    """The README's worked example, run as written: a new op declaring a
    read of one memref is modelled as such, and a nest holding it tiles."""
    from pathlib import Path

    from polymlir.affine.model import analyze
    from polymlir.transforms.loops.handle import Schedule

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    start = readme.index("# polymlir/dialects/mydialect.py")
    code = readme[start : readme.index("```", start)]
    namespace: dict = {}
    try:
        exec(compile(code, "README.md", "exec"), namespace)
        text = """func.func @k(%A: memref<8x8xf64>, %C: memref<8x8xf64>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %c = "mydialect.peek"(%C, %j, %i) : (memref<8x8xf64>, index, index) -> f64
      affine.store %c, %A[%i, %j] : memref<8x8xf64>
    }
  }
  return
}"""
        module = polymlir.parse(text, "k.mlir")
        func = next(op for op in module.walk() if op.name == "func.func")
        model = analyze(func)
        assert model.non_affine == [] and [s.op.name for s in model.statements if not s.exact] == ["mydialect.peek"]
        v = Schedule(module, "k").tile(["i", "j"], [4, 4])
        assert v.ok, v.reason
    finally:
        registry._OPS.pop("mydialect.peek", None)
        registry._DIALECTS.pop("mydialect", None)


DEAD = """func.func @g(%B: memref<8xf32>, %T: tensor<8xf32>, %v: vector<8xf32>, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %cl = bufferization.clone %B : memref<8xf32> to memref<8xf32>
  %w = vector.transfer_write %v, %T[%c0] : vector<8xf32>, tensor<8xf32>
  %t = bufferization.to_tensor %B : memref<8xf32> to tensor<8xf32>
  memref.prefetch %B[%i], read, locality<3>, data : memref<8xf32>
  %x = memref.load %B[%i] : memref<8xf32>
  scf.for %j = %c0 to %n step %i {
    %y = memref.load %B[%j] : memref<8xf32>
  }
  return
}
"""


def test_upstream_declared_effects_decide_dead_ops_and_cse() -> None:
    """Dead-op removal and cse follow upstream's declarations: a clone (its
    effects on the buffer it allocates dropped) and a transfer_write to a
    tensor are dead when unused, and so is a to_tensor; a prefetch, whose
    effect only polymlir models, is not, and cse takes it (and a loop
    holding it) for a write; a loop holding only reads is none."""
    ops = _by_name(polymlir.parse(DEAD, "d.mlir"))
    assert is_op_trivially_dead(ops["bufferization.clone"])
    assert is_op_trivially_dead(ops["vector.transfer_write"])
    assert is_op_trivially_dead(ops["memref.load"]) and declares_only_reads(ops["memref.load"])
    assert is_op_trivially_dead(ops["bufferization.to_tensor"])
    prefetch = ops["memref.prefetch"]
    assert only_reads(prefetch) and declared_effects(prefetch) is None
    assert not would_op_be_trivially_dead(prefetch) and declares_write(prefetch)
    loop = ops["scf.for"]
    assert only_reads(loop) and declared_effects(loop) is None and not declares_write(loop)
    assert would_op_be_trivially_dead(loop)  # recursive effects: the held load only reads
    loop.regions[0].blocks[0].insert(0, prefetch.detach())
    assert declares_write(loop)
    assert declared_effects(ops["arith.constant"]) == [] and not declares_write(ops["arith.constant"])
    assert not would_op_be_trivially_dead(ops["func.return"])
