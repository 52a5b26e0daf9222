// RUN: polymlir opt %s --affine-parallelize --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// RUN: polymlir opt %s --affine-parallelize="parallel-reductions=true" | filecheck %s --check-prefix=RED
// RUN: polymlir opt %s --affine-parallelize="max-nested=1" | filecheck %s --check-prefix=NEST1
// affine-parallelize turns each affine.for that carries no memory dependence
// (exact dependences) into affine.parallel, keeping max/min bounds and
// steps; with parallel-reductions, iter_args reductions become reduce(...).
// A loop that carries a dependence gets a remark naming it.

// CHECK-LABEL: func.func @matmul
// CHECK:         affine.parallel (%[[I:.+]]) = (0) to (12) {
// CHECK-NEXT:      affine.parallel (%[[J:.+]]) = (max(0, %[[I]] - 2)) to (min(13, %[[I]] + 5)) step (2) {
// CHECK-NEXT:        affine.for %{{.+}} = 0 to 14 {
// NEST1-LABEL: func.func @matmul
// NEST1:         affine.parallel (%[[I:.+]]) = (0) to (12) {
// NEST1-NEXT:      affine.for %{{.+}} = max
func.func @matmul(%A: memref<12x14xf64>, %B: memref<14x13xf64>, %C: memref<12x13xf64>) {
  affine.for %i = 0 to 12 {
    affine.for %j = max affine_map<(d0) -> (0, d0 - 2)>(%i) to min affine_map<(d0) -> (13, d0 + 5)>(%i) step 2 {
      // expected-remark@+1 {{not parallelized: cannot parallelize loop k: it carries a reduction on memory: flow dependence from affine.store at}}
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

// CHECK-LABEL: func.func @recurrence
// CHECK:         affine.for
// CHECK-NOT:     affine.parallel
func.func @recurrence(%x: memref<10xf64>) {
  // expected-remark@+1 {{not parallelized: cannot parallelize loop i: flow dependence from affine.store at}}
  affine.for %i = 1 to 10 {
    %v = affine.load %x[%i - 1] : memref<10xf64>
    affine.store %v, %x[%i] : memref<10xf64>
  }
  return
}

// CHECK-LABEL: func.func @sum
// CHECK:         affine.for
// RED-LABEL: func.func @sum
// RED-SAME:      (%[[X:.+]]: memref<10xf64>, %[[INIT:.+]]: f64)
// RED:           %[[R:.+]] = affine.parallel (%[[I:.+]]) = (0) to (10) reduce ("addf") -> (f64) {
// RED-NEXT:        %[[V:.+]] = affine.load %[[X]][%[[I]]]
// RED-NEXT:        affine.yield %[[V]] : f64
// RED-NEXT:      }
// RED-NEXT:      %[[S:.+]] = arith.addf %[[INIT]], %[[R]] : f64
// RED-NEXT:      return %[[S]]
func.func @sum(%x: memref<10xf64>, %init: f64) -> f64 {
  // expected-remark@+1 {{not parallelized: cannot parallelize loop i: it carries values (iter_args) and reductions were not requested}}
  %r = affine.for %i = 0 to 10 iter_args(%acc = %init) -> (f64) {
    %v = affine.load %x[%i] : memref<10xf64>
    %s = arith.addf %acc, %v : f64
    affine.yield %s : f64
  }
  return %r : f64
}
