// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" | mlir-opt-22 > /dev/null
// RUN: mlir-opt-22 %s --affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" | filecheck %s --check-prefix=UP
// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" --lower-affine | filecheck %s --check-prefix=LOWERED
// REQUIRES: mlir-opt
// affine-data-copy-generate with generate-dma, as upstream: each region is
// moved by an affine.dma_start and awaited by an affine.dma_wait on a tag
// of its own (memref<1xi32>); a region shorter than the memref along its
// inner dimension gets a strided DMA (stride, elements per stride); the
// buffer and tags are allocated at the transfers and freed after the
// copy-out. The UP lines check upstream's output has the same shape.

// Each transfer has constants of its own (element count, stride, elements
// per stride, zero), the copy-out's above the copy-in's, as upstream's.
// CHECK-LABEL: func.func @tiled
// CHECK-NEXT: %[[N_OUT:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[STRIDE_OUT:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[PER_OUT:.+]] = arith.constant 32 : index
// CHECK-NEXT: %[[C0_OUT:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[N:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[STRIDE:.+]] = arith.constant 1024 : index
// CHECK-NEXT: %[[PER:.+]] = arith.constant 32 : index
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: affine.for %[[I:.+]] = 0 to 256 step 32 {
// CHECK-NEXT: affine.for %[[J:.+]] = 0 to 1024 step 32 {
// CHECK-NEXT: %[[BUF:.+]] = memref.alloc() : memref<32x32xf32, 2>
// CHECK-NEXT: %[[TIN:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.dma_start %arg0[%[[I]], %[[J]]], %[[BUF]][%[[C0]], %[[C0]]], %[[TIN]][%[[C0]]], %[[N]], %[[STRIDE]], %[[PER]] : memref<256x1024xf32>, memref<32x32xf32, 2>, memref<1xi32>
// CHECK-NEXT: affine.dma_wait %[[TIN]][%[[C0]]], %[[N]] : memref<1xi32>
// CHECK-NEXT: %[[TOUT:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load %[[BUF]][-%[[I]] + %{{.+}}, -%[[J]] + %{{.+}}] : memref<32x32xf32, 2>
// CHECK: affine.store {{.*}}, %[[BUF]]
// CHECK: affine.dma_start %[[BUF]][%[[C0_OUT]], %[[C0_OUT]]], %arg0[%[[I]], %[[J]]], %[[TOUT]][%[[C0_OUT]]], %[[N_OUT]], %[[STRIDE_OUT]], %[[PER_OUT]] : memref<32x32xf32, 2>, memref<256x1024xf32>, memref<1xi32>
// CHECK-NEXT: affine.dma_wait %[[TOUT]][%[[C0_OUT]]], %[[N_OUT]] : memref<1xi32>
// CHECK-NEXT: memref.dealloc %[[TOUT]] : memref<1xi32>
// CHECK-NEXT: memref.dealloc %[[TIN]] : memref<1xi32>
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<32x32xf32, 2>
// UP-LABEL: func.func @tiled
// UP: memref.alloc() : memref<32x32xf32, 2>
// UP-NEXT: memref.alloc() : memref<1xi32>
// UP-NEXT: affine.dma_start %arg0[%arg1, %arg2], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : memref<256x1024xf32>, memref<32x32xf32, 2>, memref<1xi32>
// UP-NEXT: affine.dma_wait
// UP-NEXT: memref.alloc() : memref<1xi32>
// UP: affine.dma_start %{{.+}}, %arg0[%arg1, %arg2], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : memref<32x32xf32, 2>, memref<256x1024xf32>, memref<1xi32>
// UP-NEXT: affine.dma_wait
// UP-NEXT: memref.dealloc %{{.+}} : memref<1xi32>
// UP-NEXT: memref.dealloc %{{.+}} : memref<1xi32>
// UP-NEXT: memref.dealloc %{{.+}} : memref<32x32xf32, 2>
// LOWERED-LABEL: func.func @tiled
// LOWERED: memref.dma_start %arg0[%{{.+}}, %{{.+}}], %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}}, %{{.+}}[%{{.+}}], %{{.+}}, %{{.+}} : memref<256x1024xf32>, memref<32x32xf32, 2>, memref<1xi32>
// LOWERED: memref.dma_wait
// LOWERED: memref.dma_start
// LOWERED-NOT: affine.
func.func @tiled(%A: memref<256x1024xf32>) {
  affine.for %i0 = 0 to 256 step 32 {
    affine.for %i1 = 0 to 1024 step 32 {
      affine.for %i2 = affine_map<(d0) -> (d0)>(%i0) to affine_map<(d0) -> (d0 + 32)>(%i0) {
        affine.for %i3 = affine_map<(d0) -> (d0)>(%i1) to affine_map<(d0) -> (d0 + 32)>(%i1) {
          %1 = affine.load %A[%i2, %i3] : memref<256x1024xf32>
          %2 = arith.addf %1, %1 : f32
          affine.store %2, %A[%i2, %i3] : memref<256x1024xf32>
        }
      }
    }
  }
  return
}

// Whole rows: no stride needed; the read-only region needs no copy-out.
// CHECK-LABEL: func.func @rows
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<4x64xf32, 2>
// CHECK-NEXT: %[[TAG:.+]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.dma_start %arg0[%{{.+}}, 0], %[[BUF]][%{{.+}}, %{{.+}}], %[[TAG]][%{{.+}}], %{{.+}} : memref<64x64xf32>, memref<4x64xf32, 2>, memref<1xi32>
// CHECK-NEXT: affine.dma_wait %[[TAG]]
// CHECK-NOT: affine.dma_start
// CHECK: memref.dealloc %[[TAG]] : memref<1xi32>
// CHECK-NEXT: memref.dealloc %[[BUF]] : memref<4x64xf32, 2>
// UP-LABEL: func.func @rows
// UP: memref.alloc() : memref<4x64xf32, 2>
// UP: affine.dma_start %arg0[%{{.+}}, 0], %{{.+}}, %{{.+}}, %{{.+}} : memref<64x64xf32>, memref<4x64xf32, 2>, memref<1xi32>
// UP-NOT: affine.dma_start
// UP: return
func.func @rows(%A: memref<64x64xf32>, %B: memref<64xf32, 2>) {
  affine.for %i = 0 to 64 step 4 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 4)>(%i) {
      affine.for %j = 0 to 64 {
        %a = affine.load %A[%ii, %j] : memref<64x64xf32>
        affine.store %a, %B[%j] : memref<64xf32, 2>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @unknown_size
// CHECK-NOT: memref.alloc
// UP-LABEL: func.func @unknown_size
// UP-NOT: memref.alloc
func.func @unknown_size(%arg0: memref<?x?xf32>, %M: index, %N: index) {
  // expected-remark@+1 {{no DMA generated for memref arg0: its region has no constant size}}
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.load %arg0[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Upstream leaves an unused buffer here; polymlir allocates none.
// CHECK-LABEL: func.func @memref_3d
// CHECK-NOT: memref.alloc
// CHECK-NOT: affine.dma_start
// UP-LABEL: func.func @memref_3d
// UP-NOT: affine.dma_start
func.func @memref_3d(%arg0: memref<64x64x64xf32>) {
  // expected-remark@+1 {{would need a multi-level strided DMA (not supported)}}
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %v = affine.load %arg0[%i mod 8, %j mod 8, %k mod 8] : memref<64x64x64xf32>
      }
    }
  }
  return
}
