// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=0 fast-mem-capacity=16" | filecheck %s
// RUN: mlir-opt-22 %s --affine-data-copy-generate="generate-dma=false fast-mem-space=0 fast-mem-capacity=16" | filecheck %s
// REQUIRES: mlir-opt
// fast-mem-capacity counts a vector element as all its lanes (upstream's
// getMemRefEltSizeInBytes): a vector<64xf32> is 256 bytes, so the whole
// 8x8 memref is 16 KiB and A and B together (32 KiB) do not fit 16 KiB at
// the outer loop; a row of each (4 KiB) fits inside it. Counted as 4 bytes
// an element, the 8x8 buffers were made at the top (upstream's
// dma-generate.mlir, @simple_matmul under FAST-MEM-16KB, caught it).

// CHECK-LABEL: func.func @vector_rows
// CHECK: affine.for %[[I:.+]] = 0 to 8 {
// CHECK: memref.alloc() : memref<1x8xvector<64xf32>>
// CHECK: memref.alloc() : memref<1x8xvector<64xf32>>
// CHECK-NOT: memref.alloc() : memref<8x8xvector<64xf32>>
// CHECK: return
func.func @vector_rows(%a: memref<8x8xvector<64xf32>>, %b: memref<8x8xvector<64xf32>>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %a[%i, %j] : memref<8x8xvector<64xf32>>
      %w = arith.addf %v, %v : vector<64xf32>
      affine.store %w, %b[%i, %j] : memref<8x8xvector<64xf32>>
    }
  }
  return
}
