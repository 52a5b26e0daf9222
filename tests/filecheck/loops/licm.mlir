// RUN: polymlir opt %s --affine-loop-invariant-code-motion | filecheck %s --check-prefixes=CHECK,OURS
// affine-loop-invariant-code-motion hoists pure ops and loads whose element
// no write in the loop may touch (isl decides, exactly), innermost loops
// first. Integer division may trap, so it stays in a loop that may run zero
// times. A load leaving such a loop is guarded by the loop's non-emptiness.

// CHECK-LABEL: func.func @hoist(
// CHECK-SAME:    %[[A:.+]]: memref<10x10xf64>, %[[B:.+]]: memref<10xf64>, %[[C:.+]]: memref<10xf64>
// CHECK:         affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT:      %[[BI:.+]] = affine.load %[[B]][%[[I]]]
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[BI]], %[[BI]] : f64
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to 10 {
// The element C[i] is written when j == i: the load stays.
// CHECK-NEXT:        affine.load %[[C]][%[[I]]]
// CHECK-NEXT:        affine.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT:        arith.mulf %{{.+}}, %[[S]]
func.func @hoist(%A: memref<10x10xf64>, %B: memref<10xf64>, %C: memref<10xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %b = affine.load %B[%i] : memref<10xf64>
      %c = affine.load %C[%i] : memref<10xf64>
      %s = arith.addf %b, %b : f64
      %a = affine.load %A[%i, %j] : memref<10x10xf64>
      %t = arith.mulf %a, %s : f64
      %u = arith.addf %t, %c : f64
      affine.store %u, %A[%i, %j] : memref<10x10xf64>
      affine.store %u, %C[%j] : memref<10xf64>
    }
  }
  return
}

// C[j + 10] is never C[i] for i, j in [0, 10): exact, the load leaves
// (upstream keeps every load of a memref the loop stores to).
// CHECK-LABEL: func.func @never_touched(
// CHECK-SAME:    %[[C:.+]]: memref<20xf64>
// CHECK:         affine.for %[[I:.+]] = 0 to 10 {
// OURS-NEXT:       affine.load %[[C]][%[[I]]]
// OURS-NEXT:       arith.addf
// CHECK-NEXT:      affine.for
func.func @never_touched(%C: memref<20xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %c = affine.load %C[%i] : memref<20xf64>
      %d = arith.addf %c, %c : f64
      affine.store %d, %C[%j + 10] : memref<20xf64>
    }
  }
  return
}

// OURS-LABEL: func.func @guarded(
// OURS-SAME:     %[[B:.+]]: memref<10xf64>, %{{.+}}: memref<10xf64>, %[[N:.+]]: index, %[[X:.+]]: index)
// OURS:          affine.for %[[I:.+]] = 0 to 10 {
// OURS-NEXT:       %[[G:.+]] = affine.if #{{.+}}()[%[[N]]] -> f64 {
// OURS-NEXT:         %[[V:.+]] = affine.load %[[B]][%[[I]]]
// OURS-NEXT:         affine.yield %[[V]] : f64
// OURS-NEXT:       } else {
// OURS:            affine.for %{{.+}} = 0 to %[[N]] {
// OURS-NEXT:         arith.divsi %[[X]], %[[X]] : index
func.func @guarded(%B: memref<10xf64>, %D: memref<10xf64>, %N: index, %x: index) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to %N {
      %b = affine.load %B[%i] : memref<10xf64>
      %q = arith.divsi %x, %x : index
      %r = arith.index_cast %q : index to i64
      %f = arith.sitofp %r : i64 to f64
      %s = arith.addf %b, %f : f64
      affine.store %s, %D[%i] : memref<10xf64>
    }
  }
  return
}

// A prefetch stays where it is (its place is its meaning); the invariant
// load beside it still leaves the loop.
// CHECK-LABEL: func.func @prefetch_stays(
// CHECK:         affine.load %{{.+}}[0]
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT:      affine.prefetch %{{.+}}[%[[I]]], read, locality<3>, data
// CHECK:           affine.store
func.func @prefetch_stays(%A: memref<10xf32>, %B: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    affine.prefetch %A[%i], read, locality<3>, data : memref<10xf32>
    %v = affine.load %A[0] : memref<10xf32>
    affine.store %v, %B[%i] : memref<10xf32>
  }
  return
}
