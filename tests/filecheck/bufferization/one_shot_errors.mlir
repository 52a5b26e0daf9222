// What one-shot-bufferize refuses, with upstream's messages and locations.
// RUN: (! polymlir opt %s --split-input-file --one-shot-bufferize=bufferize-function-boundaries 2>&1) | filecheck %s
// RUN: polymlir opt %s --split-input-file --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" | filecheck %s --check-prefix=ALLOW

// CHECK: one_shot_errors.mlir:[[# @LINE + 7]]:5: error: Yield operand #0 is not equivalent to the corresponding iter bbArg
// ALLOW-LABEL: func.func @swap(
// ALLOW: memref.copy
func.func @swap(%a: tensor<3xf64>, %b: tensor<3xf64>, %n: index) -> (tensor<3xf64>, tensor<3xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<3xf64>, tensor<3xf64>) {
    scf.yield %y, %x : tensor<3xf64>, tensor<3xf64>
  }
  return %r#0, %r#1 : tensor<3xf64>, tensor<3xf64>
}
