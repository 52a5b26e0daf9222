// RUN: polymlir opt %s --split-input-file --affine-data-copy-generate="generate-dma fast-mem-space=2" --verify-diagnostics --pass-remarks-missed=. | filecheck %s --check-prefixes=DMA,PM
// RUN: mlir-opt-22 %s --split-input-file --affine-data-copy-generate="generate-dma fast-mem-space=2" | filecheck %s --check-prefix=DMA
// RUN: polymlir opt %s --split-input-file --affine-data-copy-generate="fast-mem-space=0 fast-mem-capacity=1" | filecheck %s --check-prefix=SMALL
// RUN: mlir-opt-22 %s --split-input-file --affine-data-copy-generate="fast-mem-space=0 fast-mem-capacity=1" | filecheck %s --check-prefix=SMALL
// RUN: polymlir opt %s --split-input-file --affine-data-copy-generate="generate-dma fast-mem-space=2" --lower-affine | filecheck %s --check-prefix=LOWERED
// REQUIRES: mlir-opt
// affine-data-copy-generate copies for straight-line code as upstream: each
// run of ops from an affine load or store up to the next loop (or the end
// of the block) gets its own buffers, copied in before it and out after it,
// as a loop would; the checks run on mlir-opt-22's output too.

// A load before the loop, the loop, a load and a store after it: three
// regions, the last the bounding box of elements 31 and 2.
// DMA-LABEL: func.func @runs
// DMA: %[[B1:.+]] = memref.alloc() : memref<1xf32, 2>
// DMA-NEXT: %[[T1:.+]] = memref.alloc() : memref<1xi32>
// DMA-NEXT: affine.dma_start %arg0[%{{.+}}], %[[B1]][%{{.+}}], %[[T1]][%{{.+}}], %{{.+}} : memref<32xf32>, memref<1xf32, 2>, memref<1xi32>
// DMA-NEXT: affine.dma_wait %[[T1]]
// DMA-NEXT: %[[V:.+]] = affine.load %[[B1]][0] : memref<1xf32, 2>
// DMA-NEXT: memref.dealloc %[[T1]] :
// DMA-NEXT: memref.dealloc %[[B1]] :
// DMA-NEXT: %[[B2:.+]] = memref.alloc() : memref<30xf32, 2>
// DMA: affine.for %[[I:.+]] = 1 to 31 {
// DMA-NEXT: affine.store %[[V]], %[[B2]][%[[I]] - 1] : memref<30xf32, 2>
// DMA: %[[B3:.+]] = memref.alloc() : memref<30xf32, 2>
// DMA-NEXT: %[[T3:.+]] = memref.alloc() : memref<1xi32>
// DMA-NEXT: affine.dma_start %arg0[%{{.+}}], %[[B3]][%{{.+}}], %[[T3]][%{{.+}}], %{{.+}} : memref<32xf32>, memref<30xf32, 2>, memref<1xi32>
// DMA-NEXT: affine.dma_wait %[[T3]]
// DMA-NEXT: %[[T4:.+]] = memref.alloc() : memref<1xi32>
// DMA: %[[W:.+]] = affine.load %[[B3]][29] : memref<30xf32, 2>
// DMA: affine.store %[[W]], %[[B3]][0] : memref<30xf32, 2>
// DMA-NEXT: affine.dma_start %[[B3]][%{{.+}}], %arg0[%{{.+}}], %[[T4]][%{{.+}}], %{{.+}} : memref<30xf32, 2>, memref<32xf32>, memref<1xi32>
// DMA-NEXT: affine.dma_wait %[[T4]]
// DMA-NEXT: memref.dealloc %[[T4]] :
// DMA-NEXT: memref.dealloc %[[T3]] :
// DMA-NEXT: memref.dealloc %[[B3]] :
// DMA-NEXT: return
// LOWERED-LABEL: func.func @runs
// LOWERED-COUNT-4: memref.dma_start
// LOWERED-NOT: affine.
func.func @runs(%A: memref<32xf32>) {
  %v = affine.load %A[0] : memref<32xf32>
  affine.for %i = 1 to 31 {
    affine.store %v, %A[%i] : memref<32xf32>
  }
  %w = affine.load %A[31] : memref<32xf32>
  affine.store %w, %A[2] : memref<32xf32>
  return
}

// -----

// No loop's footprint fits in 1 KiB: one-element buffers around the
// innermost body, %B's hoisted out of the %k loop (it does not depend on %k).
// SMALL-LABEL: func.func @inner_body
// SMALL: affine.for %[[I:.+]] = 0 to 64 {
// SMALL: %[[BB:.+]] = memref.alloc() : memref<1xf32>
// SMALL-NEXT: %[[V:.+]] = affine.load %arg1[%[[I]]] : memref<64xf32>
// SMALL-NEXT: affine.store %[[V]], %[[BB]][0] : memref<1xf32>
// SMALL-NEXT: affine.for %[[K:.+]] = 0 to 512 {
// SMALL: %[[BA:.+]] = memref.alloc() : memref<1x1xf32>
// SMALL-NEXT: %[[A:.+]] = affine.load %arg0[%[[I]], %[[K]]] : memref<64x512xf32>
// SMALL-NEXT: affine.store %[[A]], %[[BA]][0, 0] : memref<1x1xf32>
// SMALL-NEXT: affine.load %[[BA]][0, 0] : memref<1x1xf32>
// SMALL-NEXT: affine.load %[[BB]][0] : memref<1xf32>
// SMALL-NEXT: arith.addf
// SMALL-NEXT: affine.store %{{.+}}, %[[BB]][0] : memref<1xf32>
// SMALL-NEXT: memref.dealloc %[[BA]] : memref<1x1xf32>
// SMALL-NEXT: }
// SMALL: %[[R:.+]] = affine.load %[[BB]][0] : memref<1xf32>
// SMALL-NEXT: affine.store %[[R]], %arg1[%[[I]]] : memref<64xf32>
// SMALL-NEXT: memref.dealloc %[[BB]] : memref<1xf32>
func.func @inner_body(%A: memref<64x512xf32>, %B: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %k = 0 to 512 {
      %a = affine.load %A[%i, %k] : memref<64x512xf32>
      %b = affine.load %B[%i] : memref<64xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %B[%i] : memref<64xf32>
    }
  }
  return
}

// -----

// The loaded value is used after the run (returned): it still is.
// PM-LABEL: func.func @returned
// PM: %[[B:.+]] = memref.alloc() : memref<1xf32, 2>
// PM: %[[V:.+]] = affine.load %[[B]][0] : memref<1xf32, 2>
// PM: memref.dealloc %[[B]] :
// PM-NEXT: return %[[V]] : f32
func.func @returned(%A: memref<32xf32>) -> f32 {
  %v = affine.load %A[3] : memref<32xf32>
  return %v : f32
}
