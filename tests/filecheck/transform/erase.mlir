// RUN: polymlir opt %s --test-transform-dialect-erase-schedule | filecheck %s
// RUN: diff <(polymlir opt %s --test-transform-dialect-erase-schedule) <(mlir-opt-22 %s --test-transform-dialect-erase-schedule)
// REQUIRES: mlir-opt
// The schedule goes; the payload and the (now empty) schedule module stay,
// as upstream's pass leaves them.

// CHECK-LABEL: func.func @payload
// CHECK-NEXT:    linalg.fill
// CHECK-NEXT:    return
// CHECK:       module attributes {transform.with_named_sequence} {
// CHECK-NEXT:  }
// CHECK-NOT:   transform.
func.func @payload(%m: memref<4xf32>, %x: f32) {
  linalg.fill ins(%x : f32) outs(%m : memref<4xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    %1, %loop = transform.structured.tile_using_for %0 tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
