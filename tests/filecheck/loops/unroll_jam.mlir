// RUN: polymlir opt %s --affine-loop-unroll-jam="unroll-jam-factor=2" --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// affine-loop-unroll-jam unrolls the first loop of each function and jams
// the copies into its inner loops, when the jammed order keeps every
// memory dependence (decided exactly); otherwise a remark names the
// dependence it would reverse.

// An imperfect nest; 9 iterations: one left for the cleanup, promoted.
// CHECK-DAG: #[[P1:.+]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[HULL:.+]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-DAG: #[[OWN:.+]] = affine_set<(d0, d1) : (d0 - d1 >= 0)>
// CHECK-LABEL: func.func @imperfect
// CHECK:         %[[C8:.+]] = arith.constant 8 : index
// CHECK:         affine.for %[[I:.+]] = 0 to 8 step 2 {
// CHECK-NEXT:      %[[S0:.+]] = affine.load %{{.+}}[%[[I]]]
// CHECK-NEXT:      %[[I1:.+]] = affine.apply #[[P1]](%[[I]])
// CHECK-NEXT:      %[[S1:.+]] = affine.load %{{.+}}[%[[I1]]]
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to 9 {
// CHECK:             arith.addf %{{.+}}, %[[S0]]
// CHECK-NEXT:        affine.store %{{.+}}, %{{.+}}[%[[I]], %[[J]]]
// CHECK-NEXT:        %[[I1B:.+]] = affine.apply #[[P1]](%[[I]])
// CHECK:             arith.addf %{{.+}}, %[[S1]]
// CHECK-NEXT:        affine.store %{{.+}}, %{{.+}}[%[[I1B]], %[[J]]]
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.store %[[S0]], %{{.+}}[%[[I]]]
// CHECK-NEXT:      %[[I1C:.+]] = affine.apply #[[P1]](%[[I]])
// CHECK-NEXT:      affine.store %[[S1]], %{{.+}}[%[[I1C]]]
// CHECK-NEXT:    }
// CHECK:         affine.load %{{.+}}[%[[C8]]]
// CHECK-NEXT:    affine.for
func.func @imperfect(%A: memref<10x10xf64>, %B: memref<10x10xf64>, %x: memref<10xf64>) {
  affine.for %i = 0 to 9 {
    %s = affine.load %x[%i] : memref<10xf64>
    affine.for %j = 0 to 9 {
      %a = affine.load %A[%i, %j] : memref<10x10xf64>
      %b = affine.load %B[%j, %i] : memref<10x10xf64>
      %c = arith.addf %a, %b : f64
      %d = arith.addf %c, %s : f64
      affine.store %d, %A[%i, %j] : memref<10x10xf64>
    }
    affine.store %s, %x[%i] : memref<10xf64>
  }
  return
}


// A[i][j] depends on A[i-1][j+1]: distance (1, -1).
// CHECK-LABEL: func.func @skewed
// CHECK:         affine.for %{{.+}} = 1 to 9 {
// CHECK-NEXT:      affine.for
// CHECK-COUNT-1:     affine.store
// CHECK-NOT:         affine.store
func.func @skewed(%A: memref<10x10xf64>) {
  // expected-remark@+1 {{not unroll-jammed: cannot unroll-jam loop i by 2: flow dependence from affine.store at}}
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


// Inner bounds that depend on %i: %j runs over the hull of both copies'
// ranges, the first copy under a guard for its own (upstream declines).
// CHECK-LABEL: func.func @triangular
// CHECK:         affine.for %[[I:.+]] = 0 to 10 step 2 {
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to #[[HULL]](%[[I]]) {
// CHECK-NEXT:        affine.if #[[OWN]](%[[I]], %[[J]]) {
// CHECK-NEXT:          affine.load %{{.+}}[%[[I]], %[[J]]]
// CHECK-NEXT:          affine.store
// CHECK-NEXT:        }
// CHECK-NEXT:        %[[I1:.+]] = affine.apply #[[P1]](%[[I]])
// CHECK-NEXT:        affine.load %{{.+}}[%[[I1]], %[[J]]]
func.func @triangular(%A: memref<10x10xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %a = affine.load %A[%i, %j] : memref<10x10xf64>
      affine.store %a, %A[%j, %i] : memref<10x10xf64>
    }
  }
  return
}

// CHECK-LABEL: func.func @not_monotone
func.func @not_monotone(%A: memref<10x10xf64>) {
  // expected-remark@+1 {{not unroll-jammed: cannot unroll-jam loop i by 2: the bounds of loop j at}}
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 mod 3 + 1)>(%i) {
      %a = affine.load %A[%i, %j] : memref<10x10xf64>
      affine.store %a, %A[%j, %i] : memref<10x10xf64>
    }
  }
  return
}
