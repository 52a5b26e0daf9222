// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --test-loop-fusion=test-loop-fusion-utilities --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// test-loop-fusion-utilities fuses the first pair canFuseLoops accepts and
// removes the source nest, as upstream's test pass does, but only where the
// exact check finds the result unchanged.

// The source writes b[0..15]; the consumer reads b[0..4] and b is read by
// nothing else, so the fused nest computes only what is read.
// CHECK-LABEL: func.func @dead_tail
// CHECK:      affine.for %[[I:.*]] = 0 to 5 {
// CHECK-NEXT:   affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<16xf32>
// CHECK-NEXT:   affine.load %{{.*}}[%[[I]]] : memref<16xf32>
// CHECK-NEXT:   affine.store
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @dead_tail(%out: memref<5xf32>) {
  %b = memref.alloc() : memref<16xf32>
  %cst = arith.constant 7.0 : f32
  affine.for %i = 0 to 16 {
    affine.store %cst, %b[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 5 {
    %v = affine.load %b[%i] : memref<16xf32>
    affine.store %v, %out[%i] : memref<5xf32>
  }
  return
}

// -----

// Here b is an argument: removing the source would lose b[5..15], which the
// caller sees. Upstream's test erases it; polymlir declines.
// CHECK-LABEL: func.func @live_tail
// CHECK: affine.for %{{.*}} = 0 to 16
// CHECK: affine.for %{{.*}} = 0 to 5
func.func @live_tail(%b: memref<16xf32>, %out: memref<5xf32>) {
  %cst = arith.constant 7.0 : f32
  affine.for %i = 0 to 16 {
    affine.store %cst, %b[%i] : memref<16xf32>
  }
  // expected-remark@+1 {{not fused with loop nest 0 at depth 1}}
  affine.for %i = 0 to 5 {
    %v = affine.load %b[%i] : memref<16xf32>
    affine.store %v, %out[%i] : memref<5xf32>
  }
  return
}
