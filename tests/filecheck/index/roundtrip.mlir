// RUN: polymlir opt %s | filecheck %s
// RUN: polymlir opt %s --mlir-print-op-generic | polymlir opt | filecheck %s

// CHECK-LABEL: func.func @arith(
func.func @arith(%a : index) -> index {
  // CHECK-NEXT: %idx1 = index.constant 1
  %0 = index.constant 1
  // CHECK-NEXT: %idx-3 = index.constant -3
  %1 = index.constant -3
  // CHECK-NEXT: %0 = index.add %idx1, %idx-3
  %2 = index.add %0, %1
  // CHECK-NEXT: %1 = index.mul %0, %arg0
  %3 = index.mul %2, %a
  // CHECK-NEXT: %2 = index.floordivs %1, %idx-3
  %4 = index.floordivs %3, %1
  // CHECK-NEXT: %3 = index.maxu %2, %0
  %5 = index.maxu %4, %2
  return %5 : index
}
