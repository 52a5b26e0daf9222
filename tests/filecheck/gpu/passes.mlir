// A function pass runs on the gpu.func it is nested on, as upstream's
// passes over FunctionOpInterface; at module level it reaches func.func only.
// RUN: polymlir opt %s --pass-pipeline="builtin.module(gpu.module(gpu.func(affine-loop-unroll{unroll-factor=-1})))" | filecheck %s
// RUN: polymlir opt %s --affine-loop-unroll="unroll-factor=-1" | filecheck %s --check-prefix=TOP

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @k(
  // TOP-LABEL: gpu.func @k(
  gpu.func @k(%m : memref<4xf32>) kernel {
    %cst = arith.constant 1.0 : f32
    // CHECK-NOT: affine.for
    // CHECK-COUNT-2: affine.store
    // TOP: affine.for
    affine.for %i = 0 to 2 {
      affine.store %cst, %m[%i] : memref<4xf32>
    }
    gpu.return
  }
}

// CHECK-LABEL: func.func @f(
// CHECK: affine.for
// TOP-LABEL: func.func @f(
// TOP-NOT: affine.for
func.func @f(%m : memref<4xf32>) {
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to 2 {
    affine.store %cst, %m[%i] : memref<4xf32>
  }
  return
}
