// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=0 fast-mem-capacity=4" | filecheck %s
// affine-data-copy-generate with a capacity: the whole nest's footprint
// (15 KiB) does not fit 4 KiB, so copies go around the inner loop, whose
// footprint is three rows of A and one row of B.

// A stencil: the footprint of a row of B is three rows of A; B is only
// written, and its writes cover the box, so it needs no copy-in. The
// buffers are allocated at the copies, inside the i loop, as upstream does;
// the copy-out's one-iteration row loop is replaced by its body and the
// buffer index folds to 0 (upstream simplifies its copy nests so).
// CHECK-DAG: #[[LO:.+]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-DAG: #[[HI:.+]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-LABEL: func.func @stencil_rows
// CHECK-NEXT: affine.for %[[I:.+]] = 1 to 31 {
// CHECK-NEXT: %[[BA:.+]] = memref.alloc() : memref<3x32xf64>
// CHECK-NEXT: affine.for %[[R:.+]] = #[[LO]](%[[I]]) to #[[HI]](%[[I]]) {
// CHECK-NEXT: affine.for %[[C:.+]] = 0 to 32 {
// CHECK-NEXT: %[[V:.+]] = affine.load %arg0[%[[R]], %[[C]]] : memref<32x32xf64>
// CHECK-NEXT: affine.store %[[V]], %[[BA]][%[[R]] - %[[I]] + 1, %[[C]]] : memref<3x32xf64>
// CHECK-NOT: affine.load %arg1
// CHECK: %[[BB:.+]] = memref.alloc() : memref<1x30xf64>
// CHECK-NEXT: affine.for %[[J:.+]] = 1 to 31 {
// CHECK-NEXT: affine.load %[[BA]][0, %[[J]] - 1] : memref<3x32xf64>
// CHECK-NEXT: affine.load %[[BA]][2, %[[J]] + 1] : memref<3x32xf64>
// CHECK-NEXT: affine.load %[[BA]][1, %[[J]]] : memref<3x32xf64>
// CHECK: affine.store {{.*}}, %[[BB]][0, %[[J]] - 1] : memref<1x30xf64>
// CHECK: affine.for %[[J2:.+]] = 1 to 31 {
// CHECK-NEXT: affine.load %[[BB]][0, %[[J2]] - 1] : memref<1x30xf64>
// CHECK-NEXT: affine.store {{.*}}, %arg1[%[[I]], %[[J2]]]
// CHECK: memref.dealloc %[[BB]]
// CHECK-NEXT: memref.dealloc %[[BA]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @stencil_rows(%A: memref<32x32xf64>, %B: memref<32x32xf64>) {
  affine.for %i = 1 to 31 {
    affine.for %j = 1 to 31 {
      %n = affine.load %A[%i - 1, %j - 1] : memref<32x32xf64>
      %s = affine.load %A[%i + 1, %j + 1] : memref<32x32xf64>
      %c = affine.load %A[%i, %j] : memref<32x32xf64>
      %x = arith.addf %n, %s : f64
      %y = arith.addf %x, %c : f64
      affine.store %y, %B[%i, %j] : memref<32x32xf64>
    }
  }
  return
}
