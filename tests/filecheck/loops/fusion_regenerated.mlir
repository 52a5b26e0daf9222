// RUN: polymlir opt %s --affine-loop-fusion | filecheck %s
// RUN: polymlir opt %s --affine-loop-fusion | mlir-opt-22 > /dev/null
// REQUIRES: mlir-opt
// Fusion of nests with different bounds: the fused nest is regenerated from
// the fused schedule by isl's AST builder (transforms/loops/ast_codegen.py).

// llvm/llvm-project#210490: upstream recomputes the in-place producer in the
// shorter consumer and multiplies twice. polymlir regenerates the fused nest
// through isl: the consumer runs under a guard in the producer's loop.
// CHECK: #[[SET:.+]] = affine_set<(d0) : (-d0 + 1 >= 0)>
// CHECK-LABEL: func.func @rmw_producer
// CHECK: affine.for %[[I:.+]] = 0 to 4 {
// CHECK: arith.mulf
// CHECK-NEXT: affine.store {{.*}}, %arg0[%[[I]]]
// CHECK-NEXT: affine.if #[[SET]](%[[I]]) {
// CHECK-NEXT: %[[V:.+]] = affine.load %arg0[%[[I]]]
// CHECK-NEXT: affine.store %[[V]], %arg1[%[[I]]]
// CHECK-NOT: affine.for
func.func @rmw_producer(%p: memref<4xf64>, %d: memref<2xf64>, %c: memref<1xf64>) {
  affine.for %i = 0 to 4 {
    %s = affine.load %c[0] : memref<1xf64>
    %0 = affine.load %p[%i] : memref<4xf64>
    %1 = arith.mulf %0, %s : f64
    affine.store %1, %p[%i] : memref<4xf64>
  }
  affine.for %i = 0 to 2 {
    %0 = affine.load %p[%i] : memref<4xf64>
    affine.store %0, %d[%i] : memref<2xf64>
  }
  return
}
