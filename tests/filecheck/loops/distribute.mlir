// RUN: polymlir opt %s --affine-loop-distribute --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// affine-loop-distribute (polymlir's own pass): each loop is split into one
// loop per dependence cycle of its statements, in dependence order; the
// loads and pure ops a statement needs are recomputed in its loop.

// C[i] = A[i] + B[i-1] reads what B[i] = A[i]^2 wrote one iteration
// earlier: B's loop goes first.
// CHECK-LABEL: func.func @two_statements
// CHECK: affine.for %[[I:.+]] = 1 to 20 {
// CHECK-NEXT: %[[A:.+]] = affine.load %arg0[%[[I]]] : memref<20xf64>
// CHECK-NEXT: %[[M:.+]] = arith.mulf %[[A]], %[[A]] : f64
// CHECK-NEXT: affine.store %[[M]], %arg1[%[[I]]] : memref<20xf64>
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[I2:.+]] = 1 to 20 {
// CHECK-NEXT: %[[A2:.+]] = affine.load %arg0[%[[I2]]] : memref<20xf64>
// CHECK-NEXT: %[[B:.+]] = affine.load %arg1[%[[I2]] - 1] : memref<20xf64>
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[A2]], %[[B]] : f64
// CHECK-NEXT: affine.store %[[S]], %arg2[%[[I2]]] : memref<20xf64>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @two_statements(%A: memref<20xf64>, %B: memref<20xf64>, %C: memref<20xf64>) {
  affine.for %i = 1 to 20 {
    %a = affine.load %A[%i] : memref<20xf64>
    %b0 = affine.load %B[%i - 1] : memref<20xf64>
    %s = arith.addf %a, %b0 : f64
    affine.store %s, %C[%i] : memref<20xf64>
    %m = arith.mulf %a, %a : f64
    affine.store %m, %B[%i] : memref<20xf64>
  }
  return
}

// A[i] = B[i-1] + B[i-1]; B[i] = A[i] * A[i]: a dependence cycle.
// CHECK-LABEL: func.func @cycle
// CHECK: affine.for
// CHECK-NOT: affine.for
// CHECK: return
func.func @cycle(%A: memref<20xf64>, %B: memref<20xf64>) {
  // expected-remark@+1 {{its statements form one dependence cycle}}
  affine.for %i = 1 to 20 {
    %b = affine.load %B[%i - 1] : memref<20xf64>
    %x = arith.addf %b, %b : f64
    affine.store %x, %A[%i] : memref<20xf64>
    %a = affine.load %A[%i] : memref<20xf64>
    %y = arith.mulf %a, %a : f64
    affine.store %y, %B[%i] : memref<20xf64>
  }
  return
}

// An imperfect nest: the row sum (an inner loop) and its use split apart
// inside the time loop.
// CHECK-LABEL: func.func @imperfect
// CHECK: affine.for %[[T:.+]] = 0 to 2 {
// CHECK-NEXT: affine.for %[[I:.+]] = 0 to 8 {
// CHECK-NEXT: affine.for %[[J:.+]] = 0 to 9 {
// CHECK: affine.store {{.*}}, %arg1[%[[I]]] : memref<8xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[I2:.+]] = 0 to 8 {
// CHECK-NEXT: affine.load %arg1[%[[I2]]] : memref<8xf64>
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: affine.store {{.*}}, %arg2[%[[I2]]] : memref<8xf64>
func.func @imperfect(%A: memref<8x9xf64>, %S: memref<8xf64>, %T: memref<8xf64>) {
  affine.for %t = 0 to 2 {
    affine.for %i = 0 to 8 {
      affine.for %j = 0 to 9 {
        %a = affine.load %A[%i, %j] : memref<8x9xf64>
        %s = affine.load %S[%i] : memref<8xf64>
        %x = arith.addf %s, %a : f64
        affine.store %x, %S[%i] : memref<8xf64>
      }
      %s = affine.load %S[%i] : memref<8xf64>
      %y = arith.mulf %s, %s : f64
      affine.store %y, %T[%i] : memref<8xf64>
    }
  }
  return
}
