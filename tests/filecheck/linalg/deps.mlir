// RUN: polymlir deps --func chain %s | filecheck %s --check-prefix=CHAIN
// RUN: polymlir deps --func dyn %s | filecheck %s --check-prefix=DYN
// RUN: polymlir deps --func tensors %s | filecheck %s --check-prefix=TENSORS

// Each linalg op is a statement over its loops; the exact analysis relates
// the ops: which op writes what the next reads, and which slice.
// CHAIN-LABEL: func @chain:
// CHAIN: deps.mlir:25:3  depth 2  parallel with reductions
// CHAIN: flow   linalg.fill at {{.*}}deps.mlir:24:3 -> linalg.matmul at {{.*}}deps.mlir:25:3: loop-independent
// CHAIN-NEXT: { S0[i0, i1] -> S1[i2 = i0, i3 = i1, i4] : 0 <= i0 <= 15 and 0 <= i1 <= 11 and 0 <= i4 <= 7 }
// CHAIN: flow   linalg.matmul at {{.*}}deps.mlir:25:3 -> linalg.matmul at {{.*}}deps.mlir:25:3: carried by loop at {{.*}}deps.mlir:25:3, direction (=, =, <) (reduction)
// CHAIN: flow   linalg.matmul at {{.*}}deps.mlir:25:3 -> linalg.generic at {{.*}}deps.mlir:26:3: loop-independent
// CHAIN-NEXT: { S1[i2, i3, i4] -> S2[i5 = i2, i6 = i3] : 0 <= i2 <= 15 and 0 <= i3 <= 11 and 0 <= i4 <= 7 }

// Dynamic sizes are parameters.
// DYN: [p0, p1, p2] -> { S0[i0, i1, i2] -> S0[i0' = i0, i1' = i1, i2'] : 0 <= i0 < p0 and 0 <= i1 < p1 and i2 >= 0 and i2 < i2' < p2 }

// On tensors the result is the init updated in place.
// TENSORS: flow   linalg.fill at {{.*}} -> linalg.matmul at
// TENSORS: flow   linalg.matmul at {{.*}} -> linalg.generic at

func.func @chain(%A: memref<16x8xf64>, %B: memref<8x12xf64>, %bias: memref<12xf64>, %C: memref<16x12xf64>, %D: memref<16x12xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%C : memref<16x12xf64>)
  linalg.matmul ins(%A, %B : memref<16x8xf64>, memref<8x12xf64>) outs(%C : memref<16x12xf64>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%C, %bias : memref<16x12xf64>, memref<12xf64>) outs(%D : memref<16x12xf64>) {
  ^bb0(%c: f64, %b: f64, %d: f64):
    %s = arith.addf %c, %b : f64
    linalg.yield %s : f64
  }
  return
}

func.func @dyn(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>) {
  linalg.matmul ins(%A, %B : memref<?x?xf64>, memref<?x?xf64>) outs(%C : memref<?x?xf64>)
  return
}

func.func @tensors(%A: tensor<4x3xf64>, %B: tensor<3x5xf64>, %bias: tensor<5xf64>) -> tensor<4x5xf64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<4x5xf64>
  %c = linalg.fill ins(%zero : f64) outs(%e : tensor<4x5xf64>) -> tensor<4x5xf64>
  %mm = linalg.matmul ins(%A, %B : tensor<4x3xf64>, tensor<3x5xf64>) outs(%c : tensor<4x5xf64>) -> tensor<4x5xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<4x5xf64>, tensor<5xf64>) outs(%e : tensor<4x5xf64>) {
  ^bb0(%x: f64, %y: f64, %d: f64):
    %s = arith.addf %x, %y : f64
    linalg.yield %s : f64
  } -> tensor<4x5xf64>
  return %r : tensor<4x5xf64>
}
