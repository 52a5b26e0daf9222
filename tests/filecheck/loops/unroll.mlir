// RUN: polymlir opt %s --affine-loop-unroll | filecheck %s
// RUN: polymlir opt %s --affine-loop-unroll="unroll-factor=3" | filecheck %s --check-prefix=BY3
// RUN: polymlir opt %s --affine-loop-unroll="unroll-factor=-1" --verify-diagnostics --pass-remarks-missed=. | filecheck %s --check-prefix=FULL
// affine-loop-unroll unrolls innermost loops as upstream's loopUnrollByFactor
// does: the step is scaled, copies see the IV through affine.apply, values
// carried in iter_args chain through the copies, and a cleanup loop runs
// the rest. Loops that become a single iteration are replaced by their body.

// BY3-DAG: #[[G1:.+]] = affine_set<(d0)[s0] : (-d0 + s0 - 3 >= 0, -d0 + 28 >= 0)>
// BY3-DAG: #[[G2:.+]] = affine_set<(d0)[s0] : (-d0 + s0 - 5 >= 0, -d0 + 26 >= 0)>
// CHECK-DAG: #[[SPLIT:.+]] = affine_map<()[s0] -> ((s0 floordiv 4) * 4)>
// CHECK-DAG: #[[P1:.+]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[P2:.+]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-DAG: #[[P3:.+]] = affine_map<(d0) -> (d0 + 3)>
// The cleanup starts at max(lb, split): with %N < 0 the split lies below lb.
// CHECK-DAG: #[[REST:.+]] = affine_map<()[s0] -> (0, (s0 floordiv 4) * 4)>
// CHECK-LABEL: func.func @symbolic(
// CHECK-SAME:    %[[A:.+]]: memref<?xf64>, %[[N:.+]]: index)
// CHECK:         affine.for %[[I:.+]] = 0 to #[[SPLIT]]()[%[[N]]] step 4 {
// CHECK-NEXT:      affine.load %[[A]][%[[I]]]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      %[[I1:.+]] = affine.apply #[[P1]](%[[I]])
// CHECK-NEXT:      affine.load %[[A]][%[[I1]]]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.apply #[[P2]](%[[I]])
// CHECK:           affine.apply #[[P3]](%[[I]])
// CHECK:         }
// CHECK-NEXT:    affine.for %[[R:.+]] = max #[[REST]]()[%[[N]]] to %[[N]] {
// CHECK-NEXT:      affine.load %[[A]][%[[R]]]
func.func @symbolic(%A: memref<?xf64>, %N: index) {
  // expected-remark@+1 {{not unrolled: cannot unroll loop i fully: its trip count is not a constant}}
  affine.for %i = 0 to %N {
    %a = affine.load %A[%i] : memref<?xf64>
    affine.store %a, %A[%i + 1] : memref<?xf64>
  }
  return
}

// Five iterations of step 2: one group of four and one left, both promoted.
// CHECK-LABEL: func.func @steps_promoted
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C9:.+]] = arith.constant 9 : index
// CHECK-NOT:     affine.for
// CHECK:         affine.load %{{.+}}[%[[C1]]]
// CHECK:         affine.apply #[[P2]](%[[C1]])
// CHECK:         affine.load %{{.+}}[%[[C9]]]
func.func @steps_promoted(%A: memref<40xf64>) {
  affine.for %i = 1 to 10 step 2 {
    %a = affine.load %A[%i] : memref<40xf64>
    affine.store %a, %A[%i + 1] : memref<40xf64>
  }
  return
}

// CHECK-LABEL: func.func @reduction
// CHECK:         affine.for %{{.+}} = 0 to 16 step 4 iter_args(%[[ACC:.+]] = %{{.+}}) -> (f64) {
// CHECK:           %[[S0:.+]] = arith.addf %[[ACC]], %{{.+}} : f64
// CHECK:           %[[S1:.+]] = arith.addf %[[S0]], %{{.+}} : f64
// CHECK:           %[[S2:.+]] = arith.addf %[[S1]], %{{.+}} : f64
// CHECK:           %[[S3:.+]] = arith.addf %[[S2]], %{{.+}} : f64
// CHECK-NEXT:      affine.yield %[[S3]] : f64
func.func @reduction(%A: memref<16xf64>) -> f64 {
  %z = arith.constant 0.0 : f64
  %r = affine.for %i = 0 to 16 iter_args(%acc = %z) -> (f64) {
    %a = affine.load %A[%i] : memref<16xf64>
    %s = arith.addf %acc, %a : f64
    affine.yield %s : f64
  }
  return %r : f64
}

// A rotation of iter_args chains through the copies (upstream yields the
// first copy's %b again).
// BY3-LABEL: func.func @fib
// BY3:         affine.for %{{.+}} = 0 to 6 step 3 iter_args(%[[A:.+]] = %{{.+}}, %[[B:.+]] = %{{.+}}) -> (f64, f64) {
// BY3-NEXT:      %[[C0:.+]] = arith.addf %[[A]], %[[B]] : f64
// BY3-NEXT:      %[[C1:.+]] = arith.addf %[[B]], %[[C0]] : f64
// BY3-NEXT:      %[[C2:.+]] = arith.addf %[[C0]], %[[C1]] : f64
// BY3-NEXT:      affine.yield %[[C1]], %[[C2]] : f64, f64
// BY3:         affine.for %{{.+}} = 6 to 8 iter_args
// FULL-LABEL: func.func @fib
// FULL-NOT:    affine.for
// FULL:        return
func.func @fib(%out: memref<2xf64>) {
  %z = arith.constant 0.0 : f64
  %o = arith.constant 1.0 : f64
  %r:2 = affine.for %i = 0 to 8 iter_args(%a = %z, %b = %o) -> (f64, f64) {
    %c = arith.addf %a, %b : f64
    affine.yield %b, %c : f64, f64
  }
  affine.store %r#1, %out[0] : memref<2xf64>
  return
}

// max/min bounds whose trip count 3 may not divide: the copies are guarded
// (upstream declines these loops).
// BY3-LABEL: func.func @minmax
// BY3:         affine.for %[[I:.+]] = max #{{.+}}()[%{{.+}}] to min #{{.+}}()[%[[N:.+]]] step 6 {
// BY3-NEXT:      affine.load
// BY3-NEXT:      affine.store
// BY3-NEXT:      affine.if #[[G1]](%[[I]])[%[[N]]] {
// BY3:           affine.if #[[G2]](%[[I]])[%[[N]]] {
// FULL-LABEL: func.func @minmax
// FULL:        affine.for
func.func @minmax(%A: memref<40xf64>, %M: index, %N: index) {
  // expected-remark@+1 {{not unrolled: cannot unroll loop i fully: its trip count is not a constant}}
  affine.for %i = max affine_map<()[s0] -> (2, s0)>()[%M] to min affine_map<()[s0] -> (s0, 31)>()[%N] step 2 {
    %a = affine.load %A[%i] : memref<40xf64>
    affine.store %a, %A[%i + 1] : memref<40xf64>
  }
  return
}

// Only innermost loops: %j is unrolled fully, %i stays.
// FULL-LABEL: func.func @nest
// FULL:        affine.for %[[I:.+]] = 0 to 10 {
// FULL-COUNT-3:  affine.store
// FULL-NOT:      affine.for
// FULL:        }
func.func @nest(%A: memref<40xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 3 {
      %a = affine.load %A[%i + %j] : memref<40xf64>
      affine.store %a, %A[%i] : memref<40xf64>
    }
  }
  return
}
