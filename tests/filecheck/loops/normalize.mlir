// RUN: polymlir opt %s --affine-loop-normalize --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// RUN: polymlir opt %s --affine-loop-normalize="promote-single-iter=true" | filecheck %s --check-prefix=PROMOTE
// affine-loop-normalize: loops start at 0 with step 1; the old induction
// variable is recomputed at the top of the body. A max lower bound is left
// (upstream does the same), with a remark.

// CHECK-DAG: #[[IV1:.+]] = affine_map<(d0) -> (d0 * 2 + 2)>
// CHECK-DAG: #[[UB2:.+]] = affine_map<()[s0, s1] -> ((s0 - s1) ceildiv 3)>
// CHECK-DAG: #[[IV2:.+]] = affine_map<(d0)[s0] -> (d0 * 3 + s0)>
// CHECK-DAG: #[[UB3:.+]] = affine_map<(d0)[s0] -> (2, (-d0 + s0) ceildiv 2)>
// CHECK-DAG: #[[IV3:.+]] = affine_map<(d0, d1) -> (d0 + d1 * 2)>
// CHECK-LABEL: func.func @loops(
// CHECK-SAME:    %[[A:.+]]: memref<100xf64>, %[[LO:.+]]: index, %[[HI:.+]]: index)
// CHECK:         affine.for %[[I:.+]] = 0 to 4 {
// CHECK-NEXT:      %[[X:.+]] = affine.apply #[[IV1]](%[[I]])
// CHECK-NEXT:      affine.load %[[A]][%[[X]]]
// CHECK:         affine.for %[[I2:.+]] = 0 to #[[UB2]]()[%[[HI]], %[[LO]]] {
// CHECK-NEXT:      %[[Y:.+]] = affine.apply #[[IV2]](%[[I2]])[%[[LO]]]
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to min #[[UB3]](%[[Y]])[%[[HI]]] {
// CHECK-NEXT:        %[[Z:.+]] = affine.apply #[[IV3]](%[[Y]], %[[J]])
// CHECK-NEXT:        affine.load %[[A]][%[[Z]]]
// CHECK:         affine.for %{{.+}} = max
// CHECK:         affine.parallel (%{{.+}}, %{{.+}}) = (0, 0) to (5, (%[[HI]] - %[[LO]]) ceildiv 3) {
// PROMOTE-LABEL: func.func @loops(
// PROMOTE-NOT:   affine.for %{{.+}} = 0 to 1 {
func.func @loops(%A: memref<100xf64>, %lo: index, %hi: index) {
  affine.for %i = 2 to 10 step 2 {
    %v = affine.load %A[%i] : memref<100xf64>
    affine.store %v, %A[%i + 1] : memref<100xf64>
  }
  affine.for %i = %lo to %hi step 3 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%hi] step 2 {
      %v = affine.load %A[%j] : memref<100xf64>
      affine.store %v, %A[%i + 1] : memref<100xf64>
    }
  }
  // expected-remark@+1 {{not normalized: its lower bound is the max of several expressions}}
  affine.for %i = max affine_map<()[s0] -> (0, s0)>()[%lo] to 10 {
    %v = affine.load %A[%i] : memref<100xf64>
    affine.store %v, %A[%i + 1] : memref<100xf64>
  }
  affine.parallel (%x, %y) = (1, %lo) to (10, %hi) step (2, 3) {
    %v = affine.load %A[%x + %y] : memref<100xf64>
    affine.store %v, %A[%x] : memref<100xf64>
  }
  affine.for %i = 3 to 4 {
    %v = affine.load %A[%i] : memref<100xf64>
    affine.store %v, %A[%i + 1] : memref<100xf64>
  }
  return
}
