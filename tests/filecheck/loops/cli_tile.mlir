// RUN: polymlir tile --sizes 32,32,32 %s | filecheck %s
// RUN: polymlir tile --sizes 32,16 --loops i,j --trace %s 2>&1 >/dev/null | filecheck %s --check-prefix=TRACE
// RUN: polymlir tile --sizes 32,32,32 %s | mlir-opt-22 > /dev/null
// REQUIRES: mlir-opt
// Tiling as upstream's affine-loop-tile does: tile loops step over the
// original bounds, point loops run from the tile IV to min(ub, iv + T); the
// min is left out when the tile size divides a constant trip count.

// CHECK-DAG: #[[ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[P32:.+]] = affine_map<(d0) -> (d0 + 32)>
// CHECK-DAG: #[[MIN:.+]] = affine_map<(d0) -> (d0 + 32, 50)>
// CHECK-LABEL: func.func @matmul
// CHECK:       affine.for %[[II:.+]] = 0 to 64 step 32 {
// CHECK-NEXT:    affine.for %[[JJ:.+]] = 0 to 50 step 32 {
// CHECK-NEXT:      affine.for %[[KK:.+]] = 0 to 64 step 32 {
// CHECK-NEXT:        affine.for %[[I:.+]] = #[[ID]](%[[II]]) to #[[P32]](%[[II]]) {
// CHECK-NEXT:          affine.for %[[J:.+]] = #[[ID]](%[[JJ]]) to min #[[MIN]](%[[JJ]]) {
// CHECK-NEXT:            affine.for %[[K:.+]] = #[[ID]](%[[KK]]) to #[[P32]](%[[KK]]) {
// CHECK-NEXT:              affine.load %{{.*}}[%[[I]], %[[K]]]
// TRACE: [{"op": "tile", "loops": ["i", "j"], "sizes": [32, 16], "made": {"tile": ["i_tile", "j_tile"], "point": ["i", "j"]}}]
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x50xf32>, %C: memref<64x50xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 50 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x50xf32>
        %c = affine.load %C[%i, %j] : memref<64x50xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x50xf32>
      }
    }
  }
  return
}
