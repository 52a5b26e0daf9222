// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=0 skip-non-unit-stride-loops" | filecheck %s
// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma=false" | filecheck %s --check-prefix=SPACE
// affine-data-copy-generate with point-wise copies: each footprint becomes a
// local buffer of static size, copied in before and out after; a copy whose
// footprint does not change across an enclosing loop is placed around it.

// A matmul tiled by 16 (partial tiles: 16 divides none of 40, 36, 44).
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[M40:.+]] = affine_map<(d0) -> (d0 + 16, 40)>
// CHECK-DAG: #[[M44:.+]] = affine_map<(d0) -> (d0 + 16, 44)>
// CHECK-DAG: #[[M36:.+]] = affine_map<(d0) -> (d0 + 16, 36)>
// CHECK-LABEL: func.func @tiled_matmul
// The buffers are allocated where upstream allocates them: at the copies,
// freed after the copy-out.
// CHECK-NEXT: affine.for %[[IT:.+]] = 0 to 40 step 16 {
// CHECK-NEXT: affine.for %[[JT:.+]] = 0 to 44 step 16 {
// C's tile does not depend on kt: copied in around the kt loop.
// CHECK-NEXT: %[[BC:.+]] = memref.alloc() : memref<16x16xf64>
// CHECK-NEXT: affine.for %[[C0:.+]] = #[[ID]](%[[IT]]) to min #[[M40]](%[[IT]]) {
// CHECK-NEXT: affine.for %[[C1:.+]] = #[[ID]](%[[JT]]) to min #[[M44]](%[[JT]]) {
// CHECK-NEXT: %[[V:.+]] = affine.load %arg2[%[[C0]], %[[C1]]] : memref<40x44xf64>
// CHECK-NEXT: affine.store %[[V]], %[[BC]][%[[C0]] - %[[IT]], %[[C1]] - %[[JT]]] : memref<16x16xf64>
// CHECK: affine.for %[[KT:.+]] = 0 to 36 step 16 {
// CHECK-NEXT: %[[BA:.+]] = memref.alloc() : memref<16x16xf64>
// CHECK-NEXT: affine.for %[[A0:.+]] = #[[ID]](%[[IT]]) to min #[[M40]](%[[IT]]) {
// CHECK-NEXT: affine.for %[[A1:.+]] = #[[ID]](%[[KT]]) to min #[[M36]](%[[KT]]) {
// CHECK-NEXT: affine.load %arg0[%[[A0]], %[[A1]]]
// CHECK-NEXT: affine.store {{.*}}, %[[BA]][%[[A0]] - %[[IT]], %[[A1]] - %[[KT]]]
// CHECK: %[[BB:.+]] = memref.alloc() : memref<16x16xf64>
// CHECK: affine.load %arg1
// CHECK-NEXT: affine.store {{.*}}, %[[BB]]
// The tile reads and writes the buffers only (indices as mlir-opt prints them).
// CHECK: affine.for %[[I:.+]] = #[[ID]](%[[IT]]) to min #[[M40]](%[[IT]]) {
// CHECK-NEXT: affine.for %[[J:.+]] = #[[ID]](%[[JT]]) to min #[[M44]](%[[JT]]) {
// CHECK-NEXT: affine.for %[[K:.+]] = #[[ID]](%[[KT]]) to min #[[M36]](%[[KT]]) {
// CHECK-NEXT: affine.load %[[BA]][-%[[IT]] + %[[I]], -%[[KT]] + %[[K]]] : memref<16x16xf64>
// CHECK-NEXT: affine.load %[[BB]][-%[[KT]] + %[[K]], -%[[JT]] + %[[J]]] : memref<16x16xf64>
// CHECK-NEXT: affine.load %[[BC]][-%[[IT]] + %[[I]], -%[[JT]] + %[[J]]] : memref<16x16xf64>
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: affine.store {{.*}}, %[[BC]][-%[[IT]] + %[[I]], -%[[JT]] + %[[J]]] : memref<16x16xf64>
// CHECK: memref.dealloc %[[BB]] : memref<16x16xf64>
// CHECK-NEXT: memref.dealloc %[[BA]] : memref<16x16xf64>
// CHECK-NEXT: }
// Copy-out of C after the kt loop.
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load %[[BC]]
// CHECK-NEXT: affine.store {{.*}}, %arg2
// CHECK: memref.dealloc %[[BC]] : memref<16x16xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// SPACE-LABEL: func.func @tiled_matmul
// SPACE: memref.alloc() : memref<40x36xf64, 1>
// SPACE: memref.alloc() : memref<36x44xf64, 1>
// SPACE: memref.alloc() : memref<40x44xf64, 1>
func.func @tiled_matmul(%A: memref<40x36xf64>, %B: memref<36x44xf64>, %C: memref<40x44xf64>) {
  affine.for %it = 0 to 40 step 16 {
    affine.for %jt = 0 to 44 step 16 {
      affine.for %kt = 0 to 36 step 16 {
        affine.for %i = affine_map<(d0) -> (d0)>(%it) to min affine_map<(d0) -> (d0 + 16, 40)>(%it) {
          affine.for %j = affine_map<(d0) -> (d0)>(%jt) to min affine_map<(d0) -> (d0 + 16, 44)>(%jt) {
            affine.for %k = affine_map<(d0) -> (d0)>(%kt) to min affine_map<(d0) -> (d0 + 16, 36)>(%kt) {
              %a = affine.load %A[%i, %k] : memref<40x36xf64>
              %b = affine.load %B[%k, %j] : memref<36x44xf64>
              %c = affine.load %C[%i, %j] : memref<40x44xf64>
              %p = arith.mulf %a, %b : f64
              %s = arith.addf %c, %p : f64
              affine.store %s, %C[%i, %j] : memref<40x44xf64>
            }
          }
        }
      }
    }
  }
  return
}
