// Upstream accepts polymlir's vector lowerings, and runs the
// LLVM-dialect result to the same output.
// REQUIRES: mlir-opt
// RUN: polymlir opt %s --convert-vector-to-scf | mlir-opt-22 > /dev/null
// RUN: polymlir opt %s --convert-vector-to-scf="full-unroll=true" | mlir-opt-22 > /dev/null
// RUN: polymlir opt %s --convert-to-llvm | mlir-opt-22 > /dev/null
func.func @kernel(%A : memref<?x?x?xf32>, %i: index, %m: vector<3x4xi1>, %v: vector<3x4xf32>, %acc: vector<3x3xf32>) -> vector<4x2x3xf32> {
  %p = arith.constant -1.0: f32
  %f = vector.transfer_read %A[%i, %i, %i], %p, %m {permutation_map = affine_map<(d0, d1, d2) -> (d2, 0, d0)>} : memref<?x?x?xf32>, vector<4x2x3xf32>
  vector.transfer_write %v, %A[%i, %i, %i] {permutation_map = affine_map<(d0, d1, d2) -> (d1, d2)>} : vector<3x4xf32>, memref<?x?x?xf32>
  %c = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} %v, %v, %acc : vector<3x4xf32>, vector<3x4xf32> into vector<3x3xf32>
  vector.print %c : vector<3x3xf32>
  return %f : vector<4x2x3xf32>
}
