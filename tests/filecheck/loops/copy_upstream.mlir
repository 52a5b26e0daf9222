// REQUIRES: mlir-opt
// Upstream mlir-opt accepts what affine-data-copy-generate prints, and
// builds the same 16x16 buffers for the tiled matmul.
// RUN: polymlir opt copy.mlir --affine-data-copy-generate="generate-dma=false fast-mem-space=0 skip-non-unit-stride-loops" | mlir-opt-22 > /dev/null
// RUN: polymlir opt copy.mlir --affine-data-copy-generate="generate-dma=false" | mlir-opt-22 > /dev/null
// RUN: polymlir opt copy_capacity.mlir --affine-data-copy-generate="generate-dma=false fast-mem-space=0 fast-mem-capacity=4" | mlir-opt-22 > /dev/null
// RUN: mlir-opt-22 copy.mlir --affine-data-copy-generate="generate-dma=false fast-mem-space=0 skip-non-unit-stride-loops" | filecheck %s --check-prefix=UP
// UP-COUNT-3: memref.alloc() : memref<16x16xf64>
// RUN: mlir-opt-22 copy_capacity.mlir --affine-data-copy-generate="generate-dma=false fast-mem-space=0 fast-mem-capacity=4" | filecheck %s --check-prefix=ROWS
// ROWS: memref.alloc() : memref<3x32xf64>
// ROWS: memref.alloc() : memref<1x30xf64>
