// polymlir's LLVM-dialect output of a whole program is accepted by upstream.
// REQUIRES: mlir-opt
// RUN: polymlir opt %s --convert-to-llvm | mlir-opt-22 > /dev/null
func.func @kernel(%A: memref<8x8xf64>, %s: f64) {
  affine.for %i = 0 to 8 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 8 step 2 {
      %v = affine.load %A[%i, %j floordiv 2] : memref<8x8xf64>
      %w = arith.mulf %v, %s : f64
      affine.store %w, %A[%j, %i] : memref<8x8xf64>
    }
  }
  return
}
