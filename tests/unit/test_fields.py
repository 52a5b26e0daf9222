"""Declarative op fields: values read through the descriptors and through the
field namespace ``op.f`` (polymlir.ir.fields)."""

from __future__ import annotations

import pytest

import polymlir
from polymlir.dialects.arith.casts import ExtFOp
from polymlir.dialects.arith.ops import ConstantOp, SelectOp
from polymlir.dialects.func import CallOp
from polymlir.ir import attributes as A
from polymlir.ir import types as T
from polymlir.ir.core import Operation
from polymlir.ir.fields import FieldView, OperandDef, PropDef, ResultDef

SRC = """
func.func private @g(i32, i32) -> (i32, f64)
func.func @f(%a: i32, %x: f32) -> i32 {
  %c = arith.constant 7 : i32
  %s = arith.addi %a, %c : i32
  %t = arith.cmpi slt, %s, %c : i32
  %u = arith.select %t, %s, %c : i32
  %e = arith.extf %x : f32 to f64
  %r:2 = func.call @g(%s, %c) : (i32, i32) -> (i32, f64)
  return %r#0 : i32
}
"""


def _ops() -> dict[str, Operation]:
    module = polymlir.parse(SRC)
    return {op.name: op for op in module.walk()}


def test_class_access_gives_the_descriptor() -> None:
    assert isinstance(SelectOp.condition, OperandDef)
    assert isinstance(SelectOp.result, ResultDef)
    assert isinstance(ConstantOp.value, PropDef)
    assert SelectOp.result.attr_name == "result"


def test_fields_read_directly_and_through_the_namespace() -> None:
    ops = _ops()
    sel, cst = ops["arith.select"], ops["arith.constant"]
    assert isinstance(sel, SelectOp) and isinstance(cst, ConstantOp)
    assert sel.false_value is cst.result is cst.results[0]
    assert sel.f.true_value is sel.true_value and sel.f.result is sel.results[0]
    assert sel.f["condition"] is sel.condition is sel.operands[0]
    value = cst.value
    assert isinstance(value, A.IntegerAttr) and value.value == 7
    assert list(sel.f) == ["condition", "true_value", "false_value", "result"]


def test_a_field_named_like_an_operation_member_is_in_the_namespace_only() -> None:
    call = _ops()["func.call"]
    assert isinstance(call, CallOp)
    # `operands` and `results` stay Operation's (all operands / results) ...
    assert len(call.operands) == 2 and len(call.results) == 2
    assert call.operands is not call.f.operands
    # ... and the fields of those names are reached through op.f.
    assert call.f.operands == call.operands
    assert call.f.results == call.results
    assert call.f.callee.root == "g"


def test_a_keyword_field_is_reached_by_its_mlir_name() -> None:
    ext = _ops()["arith.extf"]
    assert isinstance(ext, ExtFOp)
    assert getattr(ext.f, "in") is ext.f["in"] is ext.in_
    assert ext.in_.type == T.f32 and ext.out.type == T.f64


def test_properties_are_assigned_through_either_spelling() -> None:
    cst = _ops()["arith.constant"]
    assert isinstance(cst, ConstantOp)
    cst.f.value = A.IntegerAttr(9, T.i32)
    assert cst.props["value"] == A.IntegerAttr(9, T.i32)
    cst.value = A.IntegerAttr(10, T.i32)
    assert cst.f.value == A.IntegerAttr(10, T.i32)
    sel = _ops()["arith.select"]
    assert isinstance(sel, SelectOp)
    with pytest.raises(AttributeError, match="cannot be assigned"):
        sel.f.true_value = sel.false_value


def test_an_unknown_field_is_named_in_the_error() -> None:
    sel = _ops()["arith.select"]
    assert isinstance(sel, SelectOp) and isinstance(sel.f, FieldView)
    with pytest.raises(AttributeError, match="'arith.select' has no field 'value'"):
        _ = sel.f.value
    with pytest.raises(KeyError):
        _ = sel.f["in"]
