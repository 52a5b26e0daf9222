"""The affine dialect's Python API: the dimension/symbol rules, the builders,
and the accessors transforms use."""

from __future__ import annotations

import pytest

from polymlir.dialects.affine.loops import AffineForOp, AffineIfOp, AffineYieldOp
from polymlir.dialects.affine.memory import AffineLoadOp, AffineStoreOp
from polymlir.dialects.affine.ops import AffineApplyOp, get_affine_scope, is_valid_dim, is_valid_symbol
from polymlir.ir.affine_expr import dim, sym
from polymlir.ir.affine_map import AffineMap, IntegerSet
from polymlir.ir.diagnostics import DiagnosticError
from polymlir.parser.parser import parse_source
from polymlir.printer import print_op
from polymlir.verifier import verify

SRC = """
func.func @f(%A: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to %n {
    %s = arith.addi %n, %c0 : index
    %t = arith.addi %i, %n : index
    %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %d = memref.dim %A, %c0 : memref<?xf32>
    %r = affine.for %j = 0 to 10 iter_args(%x = %i) -> (index) {
      affine.yield %x : index
    }
  }
  return
}
"""


def _ops():
    m = parse_source(SRC)
    verify(m)
    func = m.regions[0].blocks[0].operations[0]
    loop = func.regions[0].blocks[0].operations[1]
    assert isinstance(loop, AffineForOp)
    return m, func, loop


def test_scope_and_rules() -> None:
    _, func, loop = _ops()
    body = loop.body.operations
    scope = get_affine_scope(body[0])
    assert scope is func.regions[0]
    n = func.regions[0].blocks[0].arguments[1]
    s, t, a, d = (op.results[0] for op in body[:4])
    iv = loop.induction_var
    # Top-level values, pure ops of symbols and dims of top-level memrefs are symbols.
    assert is_valid_symbol(n, scope) and is_valid_symbol(s, scope) and is_valid_symbol(d, scope)
    # An induction variable and an apply of it are dims, not symbols.
    assert is_valid_dim(iv, scope) and not is_valid_symbol(iv, scope)
    assert is_valid_dim(a, scope) and not is_valid_symbol(a, scope)
    # A pure op of an induction variable is neither.
    assert not is_valid_dim(t, scope)
    # Nor is an iter_args region argument.
    x = body[4].body.arguments[1]
    assert not is_valid_dim(x, scope) and not is_valid_symbol(x, scope)
    assert isinstance(body[4], AffineForOp) and body[4].constant_bounds() == (0, 10)
    assert loop.constant_bounds() is None


def test_builders_print_and_verify() -> None:
    m = parse_source("func.func @g(%A: memref<8x8xf32>) {\n  return\n}\n")
    func = m.regions[0].blocks[0].operations[0]
    entry = func.regions[0].blocks[0]
    A = entry.arguments[0]
    outer = AffineForOp.build(0, 8, step=2)
    entry.insert(0, outer)
    inner = AffineForOp.build(
        AffineMap(1, 0, (dim(0),)),
        AffineMap(1, 0, (dim(0) + 2,)),
        lb_operands=[outer.induction_var],
        ub_operands=[outer.induction_var],
    )
    outer.body.insert(0, inner)
    i, j = outer.induction_var, inner.induction_var
    cond = AffineIfOp.build(IntegerSet(2, 0, (dim(0) - dim(1),), (False,)), [i, j])
    inner.body.insert(0, cond)
    b = cond.regions[0].blocks[0]
    ap = AffineApplyOp.build(AffineMap(1, 1, (dim(0) + sym(0),)), [j, i])
    b.insert(0, ap)
    ld = AffineLoadOp.build(A, [i, j])
    b.insert(1, ld)
    b.insert(2, AffineStoreOp.build(ld.results[0], A, [ap.results[0]], AffineMap(1, 0, (dim(0), dim(0)))))
    # An induction variable may not be bound to a symbol.
    with pytest.raises(DiagnosticError, match="dimensional operand cannot be used as a symbol"):
        verify(m)
    ap.set_operands([j])
    ap.properties["map"] = type(ap.properties["map"])(AffineMap(1, 0, (dim(0) + 1,)))
    verify(m)
    text = print_op(m)
    assert "affine.for %arg1 = 0 to 8 step 2 {" in text
    assert "affine.for %arg2 = #map(%arg1) to #map1(%arg1) {" in text
    assert "affine.if #set(%arg1, %arg2) {" in text
    assert "affine.store %1, %arg0[%0, %0] : memref<8x8xf32>" in text
    assert parse_source(text) is not None


def test_yield_build() -> None:
    y = AffineYieldOp.build()
    assert y.name == "affine.yield" and not y.operands
