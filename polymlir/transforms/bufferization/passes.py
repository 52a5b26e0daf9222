"""Bufferization passes under upstream's names and options:
``one-shot-bufferize``, ``empty-tensor-to-alloc-tensor``,
``convert-bufferization-to-memref``, ``convert-elementwise-to-linalg``.
The library entry is ``one_shot_bufferize(module, ...)``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ...dialects import linalg, tensor
from ...dialects.arith import ConstantOp
from ...dialects.bufferization import AllocTensorOp
from ...dialects.func import FuncOp
from ...dialects.linalg.structured import GenericOp, iterator_array, maps_array
from ...dialects.tensor import EmptyOp
from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_map import AffineMap
from ...ir.builder import Builder
from ...ir.core import Block, Operation, Region
from ..passes.manager import MODULE, ModulePass, PassContext, PassError, register_pass
from . import structured_rules, tensor_rules, to_memref  # noqa: F401  (they register their rules)
from .analysis import Analysis
from .bufferize import Bufferizer, Options, rule_for
from .op_model import has_tensor_semantics, is_tensor

_LAYOUTS = ("infer-layout-map", "fully-dynamic-layout-map", "identity-layout-map")
# Upstream's orders of the analysis. Every order gives a sound answer (each
# decision checks the conflicts of what was decided before it); polymlir
# always takes program order, so they only name upstream's choices.
_HEURISTICS = ("bottom-up", "top-down", "bottom-up-from-terminators", "fuzzer")


def one_shot_bufferize(
    module: Operation,
    bufferize_function_boundaries: bool = False,
    function_boundary_type_conversion: str = "infer-layout-map",
    copy_before_write: bool = False,
    public_args_writable: bool = True,
    allow_return_allocs_from_loops: bool = False,
    allow_unknown_ops: bool = False,
) -> Analysis:
    """Bufferize every tensor op of ``module`` in place (of the IR); returns
    the analysis, whose ``in_place`` records each write's decision.
    ``public_args_writable=False`` keeps the buffers passed to public
    functions unchanged (upstream's default writes them in place)."""
    if function_boundary_type_conversion not in _LAYOUTS:
        raise PassError(
            f"function-boundary-type-conversion: '{function_boundary_type_conversion}' is not one of "
            + ", ".join(_LAYOUTS)
        )
    opaque = unknown_ops(module) if allow_unknown_ops else frozenset()
    analysis = Analysis(module, bufferize_function_boundaries, copy_before_write, public_args_writable, opaque).run()
    # (copy-before-write skips the analysis and its checks, as upstream)
    allow = allow_return_allocs_from_loops or copy_before_write
    opts = Options(
        bufferize_function_boundaries, function_boundary_type_conversion, copy_before_write, allow, allow_unknown_ops
    )
    Bufferizer(module, analysis, opts).run()
    return analysis


def unknown_ops(module: Operation) -> frozenset[Operation]:
    """The ops on tensors that no bufferization rule covers."""
    return frozenset(
        op for op in module.walk() if has_tensor_semantics(op) and rule_for(op) is None and not isinstance(op, FuncOp)
    )


def module_has_tensors(module: Operation) -> bool:
    for op in module.walk():
        if has_tensor_semantics(op):
            return True
        if isinstance(op, FuncOp):
            ft = T.of_kind(op.attr("function_type", A.TypeAttr).value, T.FunctionType)
            if any(isinstance(t, (T.RankedTensorType, T.UnrankedTensorType)) for t in (*ft.inputs, *ft.results)):
                return True
    return False


@register_pass
@dataclass(frozen=True)
class OneShotBufferize(ModulePass):
    name: ClassVar[str] = "one-shot-bufferize"
    anchor: ClassVar[str] = MODULE
    summary: ClassVar[str] = "One-Shot Bufferize: tensors to buffers, in place where the analysis proves it safe"
    bufferize_function_boundaries: bool = False
    function_boundary_type_conversion: str = "infer-layout-map"
    copy_before_write: bool = False
    allow_return_allocs_from_loops: bool = False
    test_analysis_only: bool = False
    allow_unknown_ops: bool = field(
        default=False,
        metadata={"help": "ops without a bufferization rule keep their tensors (to_tensor/to_buffer around them)"},
    )
    analysis_heuristic: str = field(
        default="bottom-up",
        metadata={"help": "accepted; polymlir decides in one fixed order (program order), which is sound for any"},
    )
    analysis_fuzzer_seed: int = field(
        default=0, metadata={"help": "accepted; the order is fixed, so no seed changes a decision"}
    )

    def run(self, op: Operation, ctx: PassContext) -> None:
        if self.analysis_heuristic not in _HEURISTICS:
            raise PassError(f"analysis-heuristic: '{self.analysis_heuristic}' is not one of " + ", ".join(_HEURISTICS))
        if self.test_analysis_only:
            opaque = unknown_ops(op) if self.allow_unknown_ops else frozenset()
            analysis = Analysis(op, self.bufferize_function_boundaries, self.copy_before_write, opaque_ops=opaque)
            annotate_in_place(analysis.run())
            return
        one_shot_bufferize(
            op,
            self.bufferize_function_boundaries,
            self.function_boundary_type_conversion,
            self.copy_before_write,
            allow_return_allocs_from_loops=self.allow_return_allocs_from_loops,
            allow_unknown_ops=self.allow_unknown_ops,
        )


def annotate_in_place(analysis: Analysis) -> None:
    """Upstream's ``test-analysis-only``: each op with tensor operands gets
    ``__inplace_operands_attr__``, per operand "true" (in place), "false"
    (a copy) or "none" (not a tensor); the IR is not bufferized."""
    for o in analysis.module.walk():
        if not any(is_tensor(v.type) for v in o.operands):
            continue
        flags = []
        for use in o.op_operands:
            if not is_tensor(use.value.type):
                flags.append("none")
            else:
                flags.append("true" if analysis.is_in_place(use) else "false")
        o.attributes["__inplace_operands_attr__"] = A.ArrayAttr(tuple(A.StringAttr(f) for f in flags))


@register_pass
@dataclass(frozen=True)
class EmptyTensorToAllocTensor(ModulePass):
    name: ClassVar[str] = "empty-tensor-to-alloc-tensor"
    summary: ClassVar[str] = "Replace tensor.empty with bufferization.alloc_tensor"

    def run(self, op: Operation, ctx: PassContext) -> None:
        for e in list(op.walk()):
            if not isinstance(e, EmptyOp):
                continue
            n = len(e.operands)
            props = {"operandSegmentSizes": A.DenseArrayAttr(T.i32, (n, 0, 0))}
            new = Builder.before(e).create(AllocTensorOp, e.operands, e.result_types, properties=props)
            e.results[0].replace_all_uses_with(new.results[0])
            e.erase()


@register_pass
@dataclass(frozen=True)
class ConvertBufferizationToMemRef(ModulePass):
    name: ClassVar[str] = "convert-bufferization-to-memref"
    summary: ClassVar[str] = "bufferization.clone/dealloc to memref.alloc+copy / memref.dealloc"

    def run(self, op: Operation, ctx: PassContext) -> None:
        to_memref.lower(op)


def _elementwise_on_tensors(op: Operation) -> bool:
    # The arith and math ops are elementwise (upstream asks the Elementwise
    # trait, which these op classes do not declare): by dialect.
    if not (op.name.startswith("arith.") or op.name.startswith("math.")) or isinstance(op, ConstantOp):
        return False
    if not op.results or not op.operands:
        return False
    return all(isinstance(v.type, T.RankedTensorType) for v in (*op.operands, *op.results))


def _element_type(t: T.Type) -> T.Type:
    return T.of_kind(t, T.RankedTensorType).element_type


def elementwise_to_linalg(op: Operation) -> Operation:
    """An elementwise arith/math op on ranked tensors -> ``linalg.generic``
    (identity maps, parallel loops), the scalar op as payload; inits are the
    operands of the result's type, else ``tensor.empty`` (as upstream)."""
    b = Builder.before(op)
    ins = list(op.operands)
    rank = T.of_kind(op.results[0].type, T.RankedTensorType).rank
    outs = []
    for r in op.results:
        same = next((v for v in ins if v.type == r.type), None)
        if same is None:
            t = T.of_kind(r.type, T.RankedTensorType)
            dyn = [
                b.value(tensor.DimOp, [ins[0], b.const_index(i)], T.index)
                for i, d in enumerate(t.shape)
                if d == T.DYNAMIC
            ]
            same = b.value(EmptyOp, dyn, t)
        outs.append(same)
    region = Region()
    blk = region.add_block(
        Block([_element_type(v.type) for v in (*ins, *outs)], [A.UNKNOWN_LOC] * (len(ins) + len(outs)))
    )
    scalar = Operation.create(
        op.name,
        operands=blk.arguments[: len(ins)],
        result_types=[_element_type(r.type) for r in op.results],
        attributes=op.attributes,
        properties=dict(op.properties) if isinstance(op.properties, dict) else op.properties,
        loc=op.loc,
    )
    blk.append(scalar)
    Builder.at_end(blk, op.loc).create(linalg.YieldOp, scalar.results)
    ident = AffineMap.identity(rank)
    props = {
        "indexing_maps": maps_array([ident] * (len(ins) + len(outs))),
        "iterator_types": iterator_array(["parallel"] * rank),
        "operandSegmentSizes": A.DenseArrayAttr(T.i32, (len(ins), len(outs))),
    }
    g = b.create(GenericOp, [*ins, *outs], op.result_types, properties=props, regions=[region])
    op.replace_all_uses_with(g.results)
    op.erase()
    return g


@register_pass
@dataclass(frozen=True)
class ConvertElementwiseToLinalg(ModulePass):
    name: ClassVar[str] = "convert-elementwise-to-linalg"
    summary: ClassVar[str] = "Elementwise arith/math ops on ranked tensors to linalg.generic"

    def run(self, op: Operation, ctx: PassContext) -> None:
        for o in list(op.walk()):
            if o is not op and _elementwise_on_tensors(o):
                elementwise_to_linalg(o)
