"""``convert-to-llvm``: the whole lowering from affine/scf/arith/math/memref/
func/cf (and vector, where its lowering is registered) to the LLVM dialect,
as one pass. Also the library entry ``lower_to_llvm(module)``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...ir.core import Operation
from ...ir.rewriting import ConversionTarget
from ...transforms.bufferization.passes import module_has_tensors, one_shot_bufferize
from ...transforms.passes.manager import MODULE, ModulePass, PassContext, lookup_pass, make_pass, register_pass
from .parallel_outlining import outline_parallel_loops

# In order; passes that are not registered (not written yet) are skipped.
STAGES = (
    "convert-linalg-to-loops",
    "expand-math-ipowi",
    "convert-vector-to-scf",  # before lower-affine, as upstream's: it makes affine.apply ops
    "lower-affine",
    "convert-scf-to-cf",
    "expand-strided-metadata",
    "lower-affine",  # the affine.apply ops expand-strided-metadata makes
    "convert-vector-to-llvm",
    "finalize-memref-to-llvm",
    "convert-math-to-llvm",
    "convert-arith-to-llvm",
    "convert-func-to-llvm",
    "convert-cf-to-llvm",
    "reconcile-unrealized-casts",
)

# The stage that holds each dialect's patterns, for ``filter-dialects``.
DIALECT_STAGES = {
    "arith": "convert-arith-to-llvm",
    "math": "convert-math-to-llvm",
    "vector": "convert-vector-to-llvm",
    "memref": "finalize-memref-to-llvm",
    "func": "convert-func-to-llvm",
    "cf": "convert-cf-to-llvm",
}

# What the lowering may leave: the llvm and builtin dialects only.
LLVM_TARGET = ConversionTarget(
    legal_dialects=("llvm", "builtin"),
    others_legal=False,
    message=lambda op: f"'{op.name}' op was not lowered to the LLVM dialect (no conversion pattern handles it yet)",
)


def bufferize_tensors(module: Operation, ctx: PassContext | None = None) -> None:
    """Bufferize a module that has tensor values or signatures, as
    upstream's test pipelines do by hand: convert-elementwise-to-linalg,
    one-shot-bufferize{bufferize-function-boundaries
    allow-return-allocs-from-loops} (public functions never write the buffers
    their callers pass), buffer-deallocation-pipeline,
    convert-bufferization-to-memref."""
    if not module_has_tensors(module):
        return
    ctx = ctx or PassContext()
    make_pass("convert-elementwise-to-linalg").run(module, ctx)
    one_shot_bufferize(
        module, bufferize_function_boundaries=True, public_args_writable=False, allow_return_allocs_from_loops=True
    )
    make_pass("buffer-deallocation-pipeline").run(module, ctx)
    make_pass("convert-bufferization-to-memref").run(module, ctx)


def lower_to_llvm(module: Operation, c_wrappers: bool = False, threads: int = 1) -> Operation:
    """Lower ``module`` in place to the LLVM dialect; raise a located error
    naming the first op no conversion handles. With ``threads > 1`` the
    outermost parallel loops run on that many threads
    (``polymlir-parallel-outlining``, before ``convert-scf-to-cf``)."""
    ctx = PassContext()
    bufferize_tensors(module, ctx)
    for stage in STAGES:
        cls = lookup_pass(stage)
        if cls is None:
            continue
        if stage == "convert-scf-to-cf":
            outline_parallel_loops(module, threads)
        p = cls.from_options({"use-c-wrappers": "true"}) if stage == "convert-func-to-llvm" and c_wrappers else cls()
        if stage == "reconcile-unrealized-casts":
            LLVM_TARGET.check(module)
        p.run(module, ctx)
    return module


@register_pass
@dataclass(frozen=True)
class ConvertToLLVM(ModulePass):
    name: ClassVar[str] = "convert-to-llvm"
    anchor: ClassVar[str] = MODULE  # it rewrites the func.func ops themselves (upstream: any op)
    summary: ClassVar[str] = "Lower everything polymlir knows to the LLVM dialect"
    use_c_wrappers: bool = False
    # Upstream's: only these dialects' patterns (as their own passes run them,
    # in the order of STAGES); what is left stays, bridged by casts.
    filter_dialects: tuple[str, ...] = ()
    allow_pattern_rollback: bool = True  # upstream's driver choice; one driver here

    def run(self, op: Operation, ctx: PassContext) -> None:
        if not self.filter_dialects:
            lower_to_llvm(op, self.use_c_wrappers)
            return
        wanted = {DIALECT_STAGES.get(d) for d in self.filter_dialects}
        for stage in STAGES:
            cls = lookup_pass(stage) if stage in wanted else None
            if cls is not None:
                cls().run(op, ctx)
