// RUN: polymlir opt %s --test-loop-skew="loops=t,i matrix=0,1,1,0" --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// A skew is decided exactly: when the new order would run a dependence's
// sink before its source the nest is left unchanged and a remark names the
// dependence. Code the statement model cannot split (a loop carrying
// values) is refused too.

// CHECK-LABEL: func.func @jacobi_inplace
// CHECK:      affine.for %{{.+}} = 0 to 16 {
// CHECK-NEXT:   affine.for %{{.+}} = 1 to 63 {
func.func @jacobi_inplace(%A: memref<64xf64>) {
  // expected-remark@+1 {{not skewed: cannot skew loops t, i by '0,1;1,0': anti dependence from affine.load at}}
  affine.for %t = 0 to 16 {
    affine.for %i = 1 to 63 {
      %a = affine.load %A[%i - 1] : memref<64xf64>
      %b = affine.load %A[%i] : memref<64xf64>
      %c = affine.load %A[%i + 1] : memref<64xf64>
      %s = arith.addf %a, %b : f64
      %s2 = arith.addf %s, %c : f64
      affine.store %s2, %A[%i] : memref<64xf64>
    }
  }
  return
}

// CHECK-LABEL: func.func @carried
// CHECK: iter_args
func.func @carried(%A: memref<8x8xf64>, %B: memref<8xf64>) {
  %z = arith.constant 0.0 : f64
  // expected-remark@+1 {{not skewed: cannot skew loops t, i by '0,1;1,0': loop i at}}
  affine.for %t = 0 to 8 {
    %r = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (f64) {
      %a = affine.load %A[%t, %i] : memref<8x8xf64>
      %n = arith.addf %acc, %a : f64
      affine.yield %n : f64
    }
    affine.store %r, %B[%t] : memref<8xf64>
  }
  return
}
