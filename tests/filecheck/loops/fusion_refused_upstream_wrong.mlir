// RUN: polymlir opt %s --affine-loop-fusion | mlir-opt-22 > /dev/null
// REQUIRES: mlir-opt
// llvm/llvm-project#210490: upstream recomputes the in-place producer in the
// shorter consumer (a slice of it) and multiplies p[0] and p[1] twice.
// polymlir's pass fuses by slicing as upstream does, so the same slice is
// tried, and the exact check refuses it: both nests stay, with a remark
// naming the read that would see the second multiplication. (The `fuse`
// primitive can still fuse the pair without recomputation: the consumer
// under a guard in the producer's loop, tests/transforms/test_fuse.py.)
// RUN: polymlir opt %s --affine-loop-fusion --pass-remarks-missed=. --verify-diagnostics | filecheck %s --check-prefix=KEPT
// KEPT-LABEL: func.func @rmw_producer
// KEPT: affine.for %{{.+}} = 0 to 4 {
// KEPT: arith.mulf
// KEPT: affine.for %{{.+}} = 0 to 2 {
// KEPT-NOT: arith.mulf
// KEPT: return
func.func @rmw_producer(%p: memref<4xf64>, %d: memref<2xf64>, %c: memref<1xf64>) {
  affine.for %i = 0 to 4 {
    %s = affine.load %c[0] : memref<1xf64>
    %0 = affine.load %p[%i] : memref<4xf64>
    %1 = arith.mulf %0, %s : f64
    affine.store %1, %p[%i] : memref<4xf64>
  }
  // expected-remark@+1 {{would read the value affine.store at}}
  affine.for %i = 0 to 2 {
    %0 = affine.load %p[%i] : memref<4xf64>
    affine.store %0, %d[%i] : memref<2xf64>
  }
  return
}
