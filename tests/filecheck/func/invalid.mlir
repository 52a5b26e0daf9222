// RUN: polymlir opt %s --split-input-file --verify-diagnostics
// RUN: mlir-opt-22 %s --split-input-file --verify-diagnostics

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @arg_attr_without_dialect(%a: i32 {unitAttr}) {
  return
}

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func @result_attr_without_dialect(%a: i32) -> (i32 {foo = 1 : i32}) {
  return %a : i32
}

// -----

// A dialect attribute is fine.
func.func @dialect_attrs(%a: memref<4xf32> {llvm.noalias}) -> (i32 {test.res = 1 : i32}) {
  %c = arith.constant 0 : i32
  return %c : i32
}
