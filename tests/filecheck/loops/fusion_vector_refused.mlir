// RUN: polymlir opt %s --split-input-file --pass-pipeline='builtin.module(func.func(affine-loop-fusion))' --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// The exact check sees a vector access as its first element. That is exact
// only when every access of a written memref moves one vector shape from
// starts aligned to it; otherwise affine-loop-fusion declines. LLVM 22 fuses
// the first function below, privatizing %c into a memref<1x1xf32> that the
// vector<64x512xf32> load then reads far past its end.

// CHECK-LABEL: func.func @mismatched_vectors
// CHECK: affine.for
// CHECK: affine.vector_store {{.*}} vector<64x64xf32>
// CHECK: affine.for
// CHECK: affine.vector_load {{.*}} vector<64x512xf32>
func.func @mismatched_vectors(%a: memref<64x512xf32>, %d: memref<64x4096xf32>) {
  %c = memref.alloc() : memref<64x512xf32>
  affine.for %j = 0 to 8 {
    %v = affine.vector_load %a[0, %j * 64] : memref<64x512xf32>, vector<64x64xf32>
    affine.vector_store %v, %c[0, %j * 64] : memref<64x512xf32>, vector<64x64xf32>
  }
  // expected-remark@+1 {{accessed as vector<64x512> and vector<64x64>}}
  affine.for %j = 0 to 8 {
    %l = affine.vector_load %c[0, 0] : memref<64x512xf32>, vector<64x512xf32>
    affine.vector_store %l, %d[0, %j * 512] : memref<64x4096xf32>, vector<64x512xf32>
  }
  return
}

// -----

// One shape, aligned starts: the vectors tile %c, the check is exact, and
// the nests fuse (%c is an argument: no private buffer).
// CHECK-LABEL: func.func @same_vectors
// CHECK: affine.for
// CHECK: affine.vector_store
// CHECK: affine.vector_load
// CHECK-NOT: affine.for
func.func @same_vectors(%a: memref<64x512xf32>, %c: memref<64x512xf32>, %e: memref<64x512xf32>) {
  affine.for %j = 0 to 8 {
    %v = affine.vector_load %a[0, %j * 64] : memref<64x512xf32>, vector<64x64xf32>
    affine.vector_store %v, %c[0, %j * 64] : memref<64x512xf32>, vector<64x64xf32>
  }
  affine.for %j = 0 to 8 {
    %l = affine.vector_load %c[0, %j * 64] : memref<64x512xf32>, vector<64x64xf32>
    affine.vector_store %l, %e[0, %j * 64] : memref<64x512xf32>, vector<64x64xf32>
  }
  return
}

// -----

// Vectors of 4 starting at 2 * i overlap their neighbours: not comparable
// by first elements, so declined.
// CHECK-LABEL: func.func @unaligned_vectors
// CHECK: affine.for
// CHECK: affine.for
func.func @unaligned_vectors(%a: memref<40xf32>, %e: memref<40xf32>) {
  %c = memref.alloc() : memref<40xf32>
  affine.for %i = 0 to 16 {
    %v = affine.vector_load %a[%i * 2] : memref<40xf32>, vector<4xf32>
    affine.vector_store %v, %c[%i * 2] : memref<40xf32>, vector<4xf32>
  }
  // expected-remark@+1 {{does not start at a multiple of its shape}}
  affine.for %i = 0 to 16 {
    %l = affine.vector_load %c[%i * 2] : memref<40xf32>, vector<4xf32>
    affine.vector_store %l, %e[%i * 2] : memref<40xf32>, vector<4xf32>
  }
  return
}
