// RUN: polymlir opt %s --test-loop-skew="loops=t,i matrix=1,0,1,1" | filecheck %s
// RUN: polymlir opt %s --test-loop-skew="loops=t,i matrix=1,0,1,1" | mlir-opt-22 > /dev/null
// REQUIRES: mlir-opt
// Skewing (t, i) to (t, t + i) regenerates the nest with isl's AST builder:
// bounds become max/min maps over the new loops, guards become affine.if
// over the new IVs, and the statement reads the old IV back through an
// affine.apply. The skewed loops keep their names (t, i) for scripts.

// CHECK-DAG: #[[LB:.+]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[UB:.+]] = affine_map<(d0)[s0] -> (d0 + s0 - 1)>
// CHECK-DAG: #[[OLD_I:.+]] = affine_map<(d0, d1) -> (-d0 + d1)>
// CHECK-DAG: #[[TUB:.+]] = affine_map<()[s0] -> (16, s0 + 4)>
// CHECK-DAG: #[[MAX:.+]] = affine_map<(d0) -> (d0 * 2 - 4, d0 + 1)>
// CHECK-DAG: #[[MIN:.+]] = affine_map<(d0)[s0] -> (d0 + s0, d0 * 2 + 20)>
// CHECK-DAG: #[[SET:.+]] = affine_set<(d0, d1) : (-d0 + d1 - 5 == 0)>
// CHECK-LABEL: func.func @jacobi_inplace
// CHECK:      affine.for %[[T:.+]] = 0 to 16 {
// CHECK-NEXT:   affine.for %[[I:.+]] = #[[LB]](%[[T]]) to #[[UB]](%[[T]])[%arg1] {
// CHECK-NEXT:     %[[X:.+]] = affine.apply #[[OLD_I]](%[[T]], %[[I]])
// CHECK-NEXT:     affine.load %arg0[%[[X]] - 1]
// CHECK-NEXT:     affine.load %arg0[%[[X]]]
// CHECK-NEXT:     affine.load %arg0[%[[X]] + 1]
// CHECK:          affine.store %{{.+}}, %arg0[%[[X]]]
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @jacobi_inplace(%A: memref<64xf64>, %n: index) {
  affine.for %t = 0 to 16 {
    affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
      %a = affine.load %A[%i - 1] : memref<64xf64>
      %b = affine.load %A[%i] : memref<64xf64>
      %c = affine.load %A[%i + 1] : memref<64xf64>
      %s = arith.addf %a, %b : f64
      %s2 = arith.addf %s, %c : f64
      affine.store %s2, %A[%i] : memref<64xf64>
    }
  }
  return
}

// max/min bounds of the original loop become max/min bound maps of the
// skewed one; the outer loop stops where the inner one becomes empty; the
// statement under affine.if keeps its guard, now over (t, t + i).
// CHECK-LABEL: func.func @minmax
// CHECK:      affine.for %[[T:.+]] = 0 to min #[[TUB]]()[%arg2] {
// CHECK-NEXT:   affine.for %[[I:.+]] = max #[[MAX]](%[[T]]) to min #[[MIN]](%[[T]])[%arg2] {
// CHECK-NEXT:     %[[X:.+]] = affine.apply #[[OLD_I]](%[[T]], %[[I]])
// CHECK:          affine.store %{{.+}}, %arg0[%[[T]] + 1, %[[X]]]
// CHECK-NEXT:     affine.if #[[SET]](%[[T]], %[[I]]) {
// CHECK:            affine.store %{{.+}}, %arg1[%[[T]]]
func.func @minmax(%A: memref<40x40xf64>, %B: memref<40xf64>, %n: index) {
  affine.for %t = 0 to 16 {
    affine.for %i = max affine_map<(d0) -> (1, d0 - 4)>(%t) to min affine_map<(d0)[s0] -> (s0, d0 + 20)>(%t)[%n] {
      %a = affine.load %A[%t, %i - 1] : memref<40x40xf64>
      %b = affine.load %A[%t, %i + 1] : memref<40x40xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %A[%t + 1, %i] : memref<40x40xf64>
      affine.if affine_set<(d0) : (d0 - 5 == 0)>(%i) {
        %c = affine.load %A[%t + 1, %i] : memref<40x40xf64>
        affine.store %c, %B[%t] : memref<40xf64>
      }
    }
  }
  return
}
