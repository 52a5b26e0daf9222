// RUN: polymlir opt %s | filecheck %s
// RUN: polymlir opt %s --mlir-print-op-generic | polymlir opt | filecheck %s

// test.affine_scope is an affine scope: values defined at its top level
// are valid symbols of the affine ops in it.
// CHECK-LABEL: func.func @scope(
func.func @scope(%m: memref<8xf32>, %i: index) {
  // CHECK: test.affine_scope {
  test.affine_scope {
    // CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : index
    %j = arith.addi %i, %i : index
    // CHECK-NEXT: affine.load %arg0[symbol(%0)] : memref<8xf32>
    %v = affine.load %m[symbol(%j)] : memref<8xf32>
    // CHECK-NEXT: "test.terminate"() : () -> ()
    "test.terminate"() : () -> ()
  }
  return
}
