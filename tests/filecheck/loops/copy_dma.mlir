// RUN: polymlir opt %s --affine-data-copy-generate=generate-dma --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// With generate-dma the pass declines: only point-wise copies (the default,
// as mlir-opt-22's) are generated.

// CHECK-LABEL: func.func @copy
// CHECK-NOT: memref.alloc
// expected-remark@+1 {{DMA generation (generate-dma) is not supported}}
func.func @copy(%A: memref<8xf64>, %B: memref<8xf64>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf64>
    affine.store %a, %B[%i] : memref<8xf64>
  }
  return
}
