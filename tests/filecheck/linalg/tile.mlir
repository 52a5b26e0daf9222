// RUN: polymlir tile --sizes 4,0,5 --func mm %s 2>/dev/null | filecheck %s --check-prefix=MM
// RUN: polymlir tile --sizes 4,0,5 --func mmt %s 2>/dev/null | filecheck %s --check-prefix=TENSOR
// RUN: polymlir tile --sizes 4,0,5 %s 2>/dev/null | mlir-opt-22 > /dev/null
// RUN: polymlir tile --sizes 4,0,5,6 --func mm %s 2>&1 >/dev/null | filecheck %s --check-prefix=WARN
// RUN: polymlir tile --sizes 4,4 --func sum %s 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: (! polymlir tile --sizes 4,4 --op 0 --func sum %s 2>&1) | filecheck %s --check-prefix=RED
// RUN: (! polymlir tile --sizes 4 --op 3 --func mm %s 2>&1) | filecheck %s --check-prefix=RANGE
// RUN: polymlir tile --sizes 4,0 --op 0 --func sum %s | mlir-opt-22 > /dev/null

// Upstream's tile_using_for shape: loops over the tiled dims, affine.min for
// partial tiles, subviews (buffers) or extract/insert_slice (tensors).
// MM-DAG: #[[MAP:.*]] = affine_map<(d0) -> (-d0 + 10, 4)>
// MM-DAG: #[[MAP1:.*]] = affine_map<(d0) -> (-d0 + 13, 5)>
// MM-LABEL: func.func @mm
// MM: scf.for %[[I:.*]] = %c0 to %c10 step %c4 {
// MM-NEXT: scf.for %[[K:.*]] = %c0 to %c13 step %c5 {
// MM-NEXT: %[[SI:.*]] = affine.min #[[MAP]](%[[I]])
// MM-NEXT: %[[SK:.*]] = affine.min #[[MAP1]](%[[K]])
// MM-NEXT: %[[A:.*]] = memref.subview %A[%[[I]], %[[K]]] [%[[SI]], %[[SK]]] [1, 1] : memref<10x13xf64> to memref<?x?xf64, strided<[13, 1], offset: ?>>
// MM-NEXT: %[[B:.*]] = memref.subview %B[%[[K]], 0] [%[[SK]], 7] [1, 1]
// MM-NEXT: %[[C:.*]] = memref.subview %C[%[[I]], 0] [%[[SI]], 7] [1, 1]
// MM-NEXT: linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[C]] : memref<?x7xf64, strided<[7, 1], offset: ?>>)

// TENSOR-LABEL: func.func @mmt
// TENSOR: %[[R:.*]] = scf.for %[[I:.*]] = %c0 to %c10 step %c4 iter_args(%[[ACC:.*]] = %C) -> (tensor<10x7xf64>)
// TENSOR-NEXT: %[[R2:.*]] = scf.for %[[K:.*]] = %c0 to %c13 step %c5 iter_args(%[[ACC2:.*]] = %[[ACC]])
// TENSOR: %[[OUT:.*]] = tensor.extract_slice %[[ACC2]][%[[I]], 0]
// TENSOR-NEXT: %[[T:.*]] = linalg.matmul ins({{.*}}) outs(%[[OUT]] : tensor<?x7xf64>) -> tensor<?x7xf64>
// TENSOR-NEXT: %[[INS:.*]] = tensor.insert_slice %[[T]] into %[[ACC2]][%[[I]], 0]
// TENSOR-NEXT: scf.yield %[[INS]] : tensor<10x7xf64>
// TENSOR: scf.yield %[[R2]]
// TENSOR: return %[[R]]

// WARN: warning: linalg.matmul has 3 loops: tile sizes [6] beyond them are dropped
// WARN: remark: tiled linalg op 0 (linalg.matmul) with sizes [4, 0, 5]

// REMARK: remark: linalg op 0 not tiled: cannot tile 'linalg.generic'
// REMARK-SAME: the tiles would reverse the anti dependence

// RED: tile.mlir:52:3: error: cannot tile 'linalg.generic'
// RED-SAME: (a reduction: the tiles would reassociate it); e.g. iteration [0, 12] would run after [1, 11]
// RED-NEXT: linalg.generic
// RED-NEXT: ^

// RANGE: error: linalg op 3 is out of range (the function has 1 linalg ops)
func.func @mm(%A: memref<10x13xf64>, %B: memref<13x7xf64>, %C: memref<10x7xf64>) {
  linalg.matmul ins(%A, %B : memref<10x13xf64>, memref<13x7xf64>) outs(%C : memref<10x7xf64>)
  return
}

func.func @sum(%A: memref<10x13xf64>, %s: memref<f64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                  iterator_types = ["reduction", "reduction"]}
      ins(%A : memref<10x13xf64>) outs(%s : memref<f64>) {
  ^bb0(%a: f64, %acc: f64):
    %r = arith.addf %acc, %a : f64
    linalg.yield %r : f64
  }
  return
}

func.func @mmt(%A: tensor<10x13xf64>, %B: tensor<13x7xf64>, %C: tensor<10x7xf64>) -> tensor<10x7xf64> {
  %r = linalg.matmul ins(%A, %B : tensor<10x13xf64>, tensor<13x7xf64>) outs(%C : tensor<10x7xf64>) -> tensor<10x7xf64>
  return %r : tensor<10x7xf64>
}
