// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma fast-mem-space=2" --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// RUN: mlir-opt-22 %s --affine-data-copy-generate="generate-dma fast-mem-space=2" | filecheck %s --check-prefix=UP
// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma fast-mem-space=2" --lower-affine | filecheck %s --check-prefix=LOWERED
// REQUIRES: mlir-opt
// generate-dma on a region whose extent is not constant (it depends on the
// parameters): as upstream, the transfer takes the memref's whole dimension
// there, from 0, which stays inside the memref, and needs no guard. A
// region of constant extent but parametric start is still refused (a
// window of that extent at the start could reach past the memref's end).

// Columns [%lo + 2, %hi + 2) of each row: all 64 columns.
// CHECK-LABEL: func.func @parametric_columns
// CHECK-DAG: %[[N:.+]] = arith.constant 2048 : index
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<32x64xf32, 2>
// CHECK-NEXT: %[[TAG:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.dma_start %arg0[%[[C0]], %[[C0]]], %[[BUF]][%[[C0]], %[[C0]]], %[[TAG]][%[[C0]]], %[[N]] : memref<32x64xf32>, memref<32x64xf32, 2>, memref<1xi32>
// CHECK-NEXT: affine.dma_wait %[[TAG]][%[[C0]]], %[[N]] : memref<1xi32>
// CHECK-NEXT: affine.for %[[I:.+]] = 0 to 32 {
// CHECK-NEXT: affine.for %[[J:.+]] = %arg1 to %arg2 {
// CHECK-NEXT: affine.load %[[BUF]][%[[I]], %[[J]] + 2] : memref<32x64xf32, 2>
// CHECK: memref.dealloc %[[TAG]] :
// CHECK-NEXT: memref.dealloc %[[BUF]] :
// UP-LABEL: func.func @parametric_columns
// UP: memref.alloc() : memref<32x64xf32, 2>
// UP: affine.dma_start %arg0[%{{.+}}, %{{.+}}], %{{.+}}, %{{.+}}, %{{.+}} : memref<32x64xf32>, memref<32x64xf32, 2>, memref<1xi32>
// UP: affine.load %{{.+}}[%{{.+}}, %{{.+}} + 2] : memref<32x64xf32, 2>
// LOWERED-LABEL: func.func @parametric_columns
// LOWERED: memref.dma_start
// LOWERED-NOT: affine.
func.func @parametric_columns(%A: memref<32x64xf32>, %lo: index, %hi: index) {
  affine.for %i = 0 to 32 {
    affine.for %j = %lo to %hi {
      %v = affine.load %A[%i, %j + 2] : memref<32x64xf32>
    }
  }
  return
}

// No upper bound at all on the accessed elements (%n is unknown): the
// whole memref too.
// CHECK-LABEL: func.func @unbounded
// CHECK: memref.alloc() : memref<64xf32, 2>
// CHECK: affine.dma_start %arg0[%{{.+}}], %{{.+}}[%{{.+}}], %{{.+}}[%{{.+}}], %{{.+}} : memref<64xf32>, memref<64xf32, 2>, memref<1xi32>
// CHECK: affine.for %[[J:.+]] = 0 to %arg1 {
// CHECK-NEXT: affine.load %{{.+}}[%[[J]]] : memref<64xf32, 2>
// UP-LABEL: func.func @unbounded
// UP: affine.dma_start %arg0[%{{.+}}], %{{.+}}[%{{.+}}], %{{.+}}[%{{.+}}], %{{.+}} : memref<64xf32>, memref<64xf32, 2>, memref<1xi32>
func.func @unbounded(%A: memref<64xf32>, %n: index) {
  affine.for %j = 0 to %n {
    %v = affine.load %A[%j] : memref<64xf32>
  }
  return
}

// Written only: the buffer holds the whole memref, more than the writes,
// so it is copied in as well as out (upstream copies out only, writing back
// whatever the buffer held where the loop does not write).
// CHECK-LABEL: func.func @parametric_writes
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<64xf32, 2>
// CHECK-NEXT: %[[TIN:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.dma_start %arg0[%{{.+}}], %[[BUF]][%{{.+}}], %[[TIN]][%{{.+}}], %{{.+}} : memref<64xf32>, memref<64xf32, 2>, memref<1xi32>
// CHECK-NEXT: affine.dma_wait %[[TIN]]
// CHECK-NEXT: %[[TOUT:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.for %[[J:.+]] = %arg1 to %arg2 {
// CHECK-NEXT: affine.store %{{.+}}, %[[BUF]][%[[J]]] : memref<64xf32, 2>
// CHECK-NEXT: }
// CHECK-NEXT: affine.dma_start %[[BUF]][%{{.+}}], %arg0[%{{.+}}], %[[TOUT]][%{{.+}}], %{{.+}} : memref<64xf32, 2>, memref<64xf32>, memref<1xi32>
// UP-LABEL: func.func @parametric_writes
// UP-NOT: affine.dma_start %arg0
// UP: affine.dma_start %{{.+}}, %arg0[%{{.+}}], %{{.+}}, %{{.+}} : memref<64xf32, 2>, memref<64xf32>, memref<1xi32>
func.func @parametric_writes(%A: memref<64xf32>, %lo: index, %hi: index) {
  %z = arith.constant 0.0 : f32
  affine.for %j = %lo to %hi {
    affine.store %z, %A[%j] : memref<64xf32>
  }
  return
}

// 64 elements from %lo + 1 in a memref of 64 (inside it only when %lo + 1
// is 0): the region's extent is bounded by the memref's end, and its start
// is parametric; upstream's window of 64 from %lo + 1 reads past the end
// when %lo + 1 > 0: refused, as dma-generate.mlir's chunk6.
// CHECK-LABEL: func.func @parametric_window
// CHECK-NOT: affine.dma_start
// UP-LABEL: func.func @parametric_window
func.func @parametric_window(%A: memref<64xf32>, %lo: index) {
  // expected-remark@+1 {{no DMA generated for memref A: its region's extent along dimension 0 is not the same for every tile}}
  affine.for %j = 0 to 64 {
    %v = affine.load %A[%j + %lo + 1] : memref<64xf32>
  }
  return
}
