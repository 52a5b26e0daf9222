// RUN: polymlir opt %s --transform-interpreter --test-transform-dialect-erase-schedule --split-input-file | filecheck %s
// RUN: mlir-opt-22 %s --transform-interpreter --test-transform-dialect-erase-schedule --split-input-file | filecheck %s
// REQUIRES: mlir-opt
// apply_patterns.canonicalization, apply_cse and apply_licm change only the
// payload ops their handle names (upstream gives the same output).

// CHECK-LABEL: func.func @canon
// CHECK-NEXT:    %[[C:.+]] = arith.constant 5 : index
// CHECK-NEXT:    return %[[C]]
// CHECK-LABEL: func.func @untouched
// CHECK-NEXT:    arith.constant 2
// CHECK-NEXT:    arith.constant 3
// CHECK-NEXT:    arith.addi
func.func @canon() -> index {
  %a = arith.constant 2 : index
  %b = arith.constant 3 : index
  %c = arith.addi %a, %b : index
  return %c : index
}
func.func @untouched() -> index {
  %a = arith.constant 2 : index
  %b = arith.constant 3 : index
  %c = arith.addi %a, %b : index
  return %c : index
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} attributes {sym_name = "canon"} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
}

// -----

// CHECK-LABEL: func.func @cse
// CHECK-NEXT:    %[[A:.+]] = arith.addi %arg0, %arg1 : index
// CHECK-NEXT:    return %[[A]], %[[A]]
func.func @cse(%x: index, %y: index) -> (index, index) {
  %a = arith.addi %x, %y : index
  %b = arith.addi %x, %y : index
  return %a, %b : index, index
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_cse to %f : !transform.any_op
    transform.yield
  }
}

// -----

// The invariant addition leaves the loop; the load and the division (which
// may not be executed speculatively) stay.
// CHECK-LABEL: func.func @licm
// CHECK:         %[[S:.+]] = arith.addi %arg1, %arg2 : index
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      arith.divsi
// CHECK-NEXT:      memref.load %arg0[%[[S]]]
func.func @licm(%m: memref<?xf32>, %x: index, %y: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = arith.addi %x, %y : index
    %d = arith.divsi %x, %y : index
    %v = memref.load %m[%s] : memref<?xf32>
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %l = transform.structured.match ops{["scf.for"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_licm to %l : !transform.any_op
    transform.yield
  }
}
