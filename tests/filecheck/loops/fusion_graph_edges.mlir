// RUN: polymlir opt %s --split-input-file --pass-pipeline='builtin.module(func.func(affine-loop-fusion{maximal mode=sibling}))' | filecheck %s
// The dependence graph has a memref edge between two nests only where their
// accesses may depend (upstream's mayDependence, as LLVM 22 builds it):
// siblings that write disjoint parts of one buffer are not ordered by it
// and fuse; where the writes overlap, the edge stays and they do not.

// CHECK-LABEL: func.func @disjoint_stores
// CHECK:     affine.for
// CHECK:       affine.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<16xf32>
// CHECK:       arith.negf
// CHECK:       affine.store %{{.*}}, %{{.*}}[%{{.*}} + 8] : memref<16xf32>
// CHECK-NOT: affine.for
func.func @disjoint_stores(%in: memref<8xf32>) {
  %buf = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf32>
    affine.store %v, %buf[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf32>
    %n = arith.negf %v : f32
    affine.store %n, %buf[%i + 8] : memref<16xf32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @overlapping_stores
// CHECK: affine.for
// CHECK: affine.for
func.func @overlapping_stores(%in: memref<8xf32>) {
  %buf = memref.alloc() : memref<16xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf32>
    affine.store %v, %buf[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %in[%i] : memref<8xf32>
    %n = arith.negf %v : f32
    affine.store %n, %buf[%i + 1] : memref<16xf32>
  }
  return
}
