// REQUIRES: mlir-opt
// RUN: polymlir opt %s --pass-pipeline="builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))" | filecheck %s --check-prefixes=CHECK,OURS
// RUN: mlir-opt-22 %s --pass-pipeline="builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))" | filecheck %s --check-prefixes=CHECK,UPSTREAM
// Where unroll-and-jam keeps the dependences, polymlir and upstream give the
// same loops. Upstream jams across the distance (1, -1) of @skewed (two
// stores per iteration of %j), which reads A[i][j+1] in the copy for i+1
// before the copy for i writes it; tests/transforms/test_unroll.py runs it
// and finds a different result. polymlir leaves it.

// CHECK-DAG: #[[P1:.+]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @matmul
// CHECK:         affine.for %[[I:.+]] = 0 to 12 step 2 {
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to 13 {
// CHECK-NEXT:        affine.for %[[K:.+]] = 0 to 14 {
// CHECK:               affine.store %{{.+}}, %{{.+}}[%[[I]], %[[J]]]
// CHECK-NEXT:          %[[I1:.+]] = affine.apply #[[P1]](%[[I]])
// CHECK:               affine.store %{{.+}}, %{{.+}}[%[[I1]], %[[J]]]
// CHECK-NEXT:        }
func.func @matmul(%A: memref<12x14xf64>, %B: memref<14x13xf64>, %C: memref<12x13xf64>) {
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 13 {
      affine.for %k = 0 to 14 {
        %a = affine.load %A[%i, %k] : memref<12x14xf64>
        %b = affine.load %B[%k, %j] : memref<14x13xf64>
        %c = affine.load %C[%i, %j] : memref<12x13xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<12x13xf64>
      }
    }
  }
  return
}


// CHECK-LABEL: func.func @skewed
// OURS:          affine.for %{{.+}} = 1 to 9 {
// UPSTREAM:      affine.for %{{.+}} = 1 to 9 step 2 {
// CHECK-NEXT:      affine.for
// CHECK-NEXT:        affine.load
// CHECK:             affine.store
// OURS-NEXT:       }
// UPSTREAM-NEXT:     affine.apply
// UPSTREAM:          affine.store
func.func @skewed(%A: memref<10x10xf64>) {
  affine.for %i = 1 to 9 {
    affine.for %j = 0 to 9 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<10x10xf64>
      %b = affine.load %A[%i, %j] : memref<10x10xf64>
      %c = arith.addf %a, %b : f64
      affine.store %c, %A[%i, %j] : memref<10x10xf64>
    }
  }
  return
}
