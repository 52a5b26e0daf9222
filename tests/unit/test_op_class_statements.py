"""Op classes are written as class statements: each registered op of the
arith, math and llvm dialects is reachable by its class name from its module,
and a field a family base declares under an Operation member's name does not
hide that member."""

import sys

import polymlir
from polymlir.dialects.arith import AddFOp, AddIOp, DivSIOp
from polymlir.dialects.llvm import INTRINSICS, CastOps, SExtOp, TruncOp
from polymlir.dialects.llvm.intrinsics import UNARY_FLOAT
from polymlir.dialects.llvm.intrinsics_common import FmaIntrOp
from polymlir.dialects.math import OPS, CtlzOp, IsnanOp, SinOp
from polymlir.ir import types as T
from polymlir.ir.core import Operation
from polymlir.ir.registry import registered_ops


def test_every_op_class_is_importable_under_its_own_name():
    ops = {
        n: c for n, c in registered_ops().items() if n.split(".")[0] in ("arith", "math", "llvm")
    }  # (linalg, transform: not yet)
    assert len(ops) > 300
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
