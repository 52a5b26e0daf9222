"""``convert-vector-to-llvm``: the vector ops to the LLVM dialect, with the
core patterns of ``vector_to_llvm``, the reductions of
``vector_llvm_reduction`` and the memory patterns of ``vector_llvm_memory``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...ir.core import Operation
from ...ir.diagnostics import DiagnosticError
from ...ir.patterns import PatternSet
from ...ir.rewriting import apply_conversion
from ...transforms.passes.manager import ModulePass, PassContext, register_pass
from ..vector_lowering import lower_vector_ops
from .type_converter import LLVMRewriter, LLVMTypeConverter
from .vector_llvm_memory import memory_patterns
from .vector_llvm_reduction import reduction_patterns
from .vector_to_llvm import core_patterns


def convert_vector_to_llvm(
    root: Operation,
    converter: LLVMTypeConverter | None = None,
    reassoc: bool = False,
    contract_lowering: str = "dot",
) -> None:
    """Lower the vector ops nested in ``root`` to the LLVM dialect."""
    lower_vector_ops(root, contract_lowering)
    patterns = PatternSet.from_table({**core_patterns(), **reduction_patterns(reassoc), **memory_patterns()})
    apply_conversion(root, patterns, LLVMRewriter(converter))


@register_pass
@dataclass(frozen=True)
class ConvertVectorToLLVM(ModulePass):
    name: ClassVar[str] = "convert-vector-to-llvm"
    summary: ClassVar[str] = "Lower the operations from the vector dialect into the LLVM dialect"
    reassociate_fp_reductions: bool = False
    force_32bit_vector_indices: bool = True
    use_vector_alignment: bool = False
    vector_contract_lowering: str = "dot"
    vector_transpose_lowering: str = "eltwise"
    enable_amx: bool = False
    enable_arm_neon: bool = False
    enable_arm_sve: bool = False
    enable_x86vector: bool = False

    def run(self, op: Operation, ctx: PassContext) -> None:
        if self.vector_contract_lowering not in ("dot", "outerproduct", "parallelarith", "llvmintr"):
            raise DiagnosticError(f"invalid vector-contract-lowering '{self.vector_contract_lowering}'", op.loc)
        convert_vector_to_llvm(op, LLVMTypeConverter(), self.reassociate_fp_reductions, self.vector_contract_lowering)
