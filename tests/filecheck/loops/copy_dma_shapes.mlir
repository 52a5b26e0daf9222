// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" | filecheck %s
// RUN: mlir-opt-22 %s --affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" | filecheck %s
// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" --lower-affine | filecheck %s --check-prefix=LOWERED
// REQUIRES: mlir-opt
// The operands of generate-dma's transfers and accesses as upstream shapes
// them (the same checks run on mlir-opt-22's output): a constant start
// index is an arith.constant operand of the transfer, each transfer has its
// own constants (the zero, the starts, the element count) at the start of
// the function, and the rewritten accesses compose the affine.apply ops of
// their indices and fold constant indices.

// The region [20, 70): read at %i + 60 and written at %i + 20 inside it.
// CHECK-LABEL: func.func @shifted
// CHECK-NEXT: %[[START_OUT:.+]] = arith.constant 20 : index
// CHECK-NEXT: %[[N_OUT:.+]] = arith.constant 50 : index
// CHECK-NEXT: %[[ZERO_OUT:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[START_IN:.+]] = arith.constant 20 : index
// CHECK-NEXT: %[[N_IN:.+]] = arith.constant 50 : index
// CHECK-NEXT: %[[ZERO_IN:.+]] = arith.constant 0 : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[BUF:.+]] = memref.alloc() : memref<50xf32, 2>
// CHECK-NEXT: %[[TAG_IN:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.dma_start %arg0[%[[START_IN]]], %[[BUF]][%[[ZERO_IN]]], %[[TAG_IN]][%[[ZERO_IN]]], %[[N_IN]] : memref<128xf32>, memref<50xf32, 2>, memref<1xi32>
// CHECK-NEXT: affine.dma_wait %[[TAG_IN]][%[[ZERO_IN]]], %[[N_IN]] : memref<1xi32>
// CHECK-NEXT: %[[TAG_OUT:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT: affine.apply
// CHECK-NEXT: affine.apply
// CHECK-NEXT: %[[V:.+]] = affine.load %[[BUF]][%[[I]] + 40] : memref<50xf32, 2>
// CHECK-NEXT: affine.store %[[V]], %[[BUF]][%[[I]]] : memref<50xf32, 2>
// CHECK-NEXT: }
// CHECK-NEXT: affine.dma_start %[[BUF]][%[[ZERO_OUT]]], %arg0[%[[START_OUT]]], %[[TAG_OUT]][%[[ZERO_OUT]]], %[[N_OUT]] : memref<50xf32, 2>, memref<128xf32>, memref<1xi32>
// CHECK-NEXT: affine.dma_wait %[[TAG_OUT]][%[[ZERO_OUT]]], %[[N_OUT]] : memref<1xi32>
// CHECK-NEXT: memref.dealloc %[[TAG_OUT]] : memref<1xi32>
// CHECK-NEXT: memref.dealloc %[[TAG_IN]] : memref<1xi32>
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<50xf32, 2>
// CHECK-NEXT: return
// LOWERED-LABEL: func.func @shifted
// LOWERED: memref.dma_start
// LOWERED: memref.dma_start
// LOWERED-NOT: affine.
func.func @shifted(%A: memref<128xf32>) {
  affine.for %i = 0 to 10 {
    %r = affine.apply affine_map<(d0) -> (d0 + 60)>(%i)
    %w = affine.apply affine_map<(d0) -> (d0 + 20)>(%i)
    %v = affine.load %A[%r] : memref<128xf32>
    affine.store %v, %A[%w] : memref<128xf32>
  }
  return
}

// Row 3 of %B (a constant index): the transfer starts at constants
// (%c3, and the zero for the column), the access folds the row to 0.
// CHECK-LABEL: func.func @constant_row
// CHECK-NEXT: %[[ROW:.+]] = arith.constant 3 : index
// CHECK-NEXT: %[[N:.+]] = arith.constant 64 : index
// CHECK-NEXT: %[[ZERO:.+]] = arith.constant 0 : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: arith.constant 3 : index
// CHECK-NEXT: %[[BUF:.+]] = memref.alloc() : memref<1x64xf32, 2>
// CHECK-NEXT: %[[TAG:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.dma_start %arg0[%[[ROW]], %[[ZERO]]], %[[BUF]][%[[ZERO]], %[[ZERO]]], %[[TAG]][%[[ZERO]]], %[[N]] : memref<8x64xf32>, memref<1x64xf32, 2>, memref<1xi32>
// CHECK-NEXT: affine.dma_wait %[[TAG]][%[[ZERO]]], %[[N]] : memref<1xi32>
// CHECK-NEXT: affine.for %[[J:.+]] = 0 to 64 {
// CHECK-NEXT: affine.load %[[BUF]][0, %[[J]]] : memref<1x64xf32, 2>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[TAG]] : memref<1xi32>
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<1x64xf32, 2>
// CHECK-NEXT: return
func.func @constant_row(%B: memref<8x64xf32>) {
  %c3 = arith.constant 3 : index
  affine.for %j = 0 to 64 {
    %v = affine.load %B[%c3, %j] : memref<8x64xf32>
  }
  return
}

// A start that depends on a loop IV is an affine map of it, the constant
// column start folded into it.
// CHECK-LABEL: func.func @tile_rows
// CHECK: affine.for %[[I:.+]] = 0 to 8 step 2 {
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<2x64xf32, 2>
// CHECK-NEXT: %[[TAG:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.dma_start %arg0[%[[I]], 0], %[[BUF]]
// CHECK: affine.load %[[BUF]][-%[[I]] + %{{.+}}, %{{.+}}] : memref<2x64xf32, 2>
func.func @tile_rows(%B: memref<8x64xf32>) {
  affine.for %i = 0 to 8 step 2 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 2)>(%i) {
      affine.for %j = 0 to 64 {
        %v = affine.load %B[%ii, %j] : memref<8x64xf32>
      }
    }
  }
  return
}
