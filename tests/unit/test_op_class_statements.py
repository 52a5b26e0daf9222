"""Op classes are written as class statements: each registered op of the
arith, math, llvm, linalg and transform dialects is reachable by its class
name from its module,
and a field a family base declares under an Operation member's name does not
hide that member."""

import sys

import pytest

import polymlir
from polymlir.dialects import transform as TR
from polymlir.dialects.arith import AddFOp, AddIOp, DivSIOp
from polymlir.dialects.linalg import SPECS, ContractOp, ElementwiseOp, MatmulOp, named_op_class
from polymlir.dialects.linalg.named_conv_ops import Conv2dNhwcHwcfOp, PoolingNwcMaxUnsignedOp
from polymlir.dialects.linalg.named_ops import CopyOp, FillOp
from polymlir.dialects.llvm import INTRINSICS, CastOps, SExtOp, TruncOp
from polymlir.dialects.llvm.intrinsics import UNARY_FLOAT
from polymlir.dialects.llvm.intrinsics_common import FmaIntrOp
from polymlir.dialects.math import OPS, CtlzOp, IsnanOp, SinOp
from polymlir.ir import types as T
from polymlir.ir.core import Operation
from polymlir.ir.diagnostics import DiagnosticError
from polymlir.ir.registry import registered_ops


def test_every_op_class_is_importable_under_its_own_name():
    dialects = ("arith", "math", "llvm", "linalg", "transform")
    ops = {n: c for n, c in registered_ops().items() if n.split(".")[0] in dialects}
    assert len(ops) > 450
    for name, cls in ops.items():
        assert getattr(sys.modules[cls.__module__], cls.__name__, None) is cls, name


def test_tables_index_the_classes():
    assert INTRINSICS["fma"] is FmaIntrOp and CastOps["sext"] is SExtOp and CastOps["trunc"] is TruncOp
    assert all(INTRINSICS[n].OP_NAME == "llvm.intr." + n for n in UNARY_FLOAT)
    assert OPS["sin"] is SinOp and OPS["isnan"] is IsnanOp
    assert sorted(n for n in registered_ops() if n.startswith("llvm.intr.")) == sorted(
        "llvm.intr." + n for n in INTRINSICS
    )


def test_family_fields_and_flags():
    assert (AddIOp.lhs.constraint, AddIOp.rhs.name, AddIOp.result.name) == (DivSIOp.lhs.constraint, "rhs", "result")
    assert AddIOp.overflowFlags.attr_name == "overflowFlags" and AddFOp.fastmath.attr_name == "fastmath"
    assert DivSIOp.isExact.attr_name == "isExact"
    assert not hasattr(AddFOp, "overflowFlags") and not hasattr(AddIOp, "fastmath")


def test_operand_named_field_in_a_base_keeps_operation_operand():
    for cls in (SinOp, CtlzOp, IsnanOp):
        assert cls.operand is Operation.operand
    src = "func.func @f(%x: f32) -> i1 {\n  %s = math.sin %x : f32\n  %n = math.isnan %s : f32\n  return %n : i1\n}\n"
    ops = {op.name: op for op in polymlir.parse(src).walk()}
    sin, isnan = ops["math.sin"], ops["math.isnan"]
    assert sin.operand(0).type == T.f32 and sin.f.operand is sin.operands[0]
    assert isnan.operand(0) is sin.results[0] and isnan.f.operand is sin.results[0]


def test_linalg_named_op_classes():
    named = {n: c for n, c in registered_ops().items() if n.startswith("linalg.") and hasattr(c, "SPEC")}
    assert sorted(named) == sorted(["linalg." + n for n in SPECS] + ["linalg.contract", "linalg.elementwise"])
    for op_name, cls in named.items():
        assert named_op_class(op_name.removeprefix("linalg.")) is cls and cls.SPEC.name == op_name[7:]
        assert cls.__doc__ and cls.__name__ == "".join(w.capitalize() for w in cls.SPEC.name.split("_")) + "Op"
        props = set(cls.PROPERTIES)
        assert ({"strides", "dilations"} <= props) == bool(cls.SPEC.window), op_name
        assert ("cast" in props) == (cls.SPEC.has_cast or "indexing_maps" in props), op_name
    assert named_op_class("copy") is CopyOp and named_op_class("matmul") is MatmulOp
    assert named_op_class("contract") is ContractOp and named_op_class("elementwise") is ElementwiseOp
    assert named_op_class("generic") is None and "cast" not in FillOp.PROPERTIES
    assert Conv2dNhwcHwcfOp.strides.attr_name == "strides" and PoolingNwcMaxUnsignedOp.SPEC.window == 1


def test_linalg_named_op_window_property_checked():
    src = (
        "func.func @f(%i: memref<1x4x4x1xf32>, %k: memref<3x3x1x1xf32>, %o: memref<1x2x2x1xf32>) {\n"
        "  linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<3xi64>}\n"
        "    ins(%i, %k : memref<1x4x4x1xf32>, memref<3x3x1x1xf32>) outs(%o : memref<1x2x2x1xf32>)\n"
        "  return\n}\n"
    )
    msg = "attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape \\[2\\]"
    with pytest.raises(DiagnosticError, match=msg):
        polymlir.verify(polymlir.parse(src))


def test_transform_pattern_descriptor_classes():
    ops = {n: c for n, c in registered_ops().items() if n.startswith("transform.apply_patterns.")}
    assert sorted(ops) == sorted("transform.apply_patterns." + s for s in TR.PATTERN_OPS)
    for name, cls in ops.items():
        assert cls.__name__ == "ApplyPatterns_" + name.removeprefix("transform.apply_patterns.").replace(".", "_")
        assert getattr(TR, cls.__name__) is cls and cls.assembly_format == "attr-dict" and cls.__doc__
    assert TR.ApplyPatterns_canonicalization.OP_NAME == "transform.apply_patterns.canonicalization"
