// REQUIRES: mlir-opt
// RUN: polymlir opt %s --pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=4}))" | filecheck %s --check-prefixes=CHECK,OURS
// RUN: mlir-opt-22 %s --pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=4}))" | filecheck %s --check-prefixes=CHECK,UPSTREAM
// RUN: polymlir opt %s --pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=4}))" | mlir-opt-22 > /dev/null
// polymlir's affine-loop-unroll and upstream's give the same loops where
// upstream is right (CHECK); on an iter_args rotation upstream chains the
// first copy's argument into every copy (UPSTREAM) and computes something
// else (tests/transforms/test_unroll.py runs both); polymlir chains each
// copy's values (OURS).

// CHECK-DAG: #[[P1:.+]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[P2:.+]] = affine_map<(d0) -> (d0 + 2)>
// CHECK-DAG: #[[P3:.+]] = affine_map<(d0) -> (d0 + 3)>

// CHECK-LABEL: func.func @gemm_inner(
// CHECK:         affine.for %[[I:.+]] = 0 to 20 {
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to 24 step 4 {
// CHECK-NEXT:        affine.load %{{.+}}[%[[I]], %[[J]]]
// CHECK-NEXT:        arith.mulf
// CHECK-NEXT:        affine.store
// CHECK-NEXT:        %[[J1:.+]] = affine.apply #[[P1]](%[[J]])
// CHECK-NEXT:        affine.load %{{.+}}[%[[I]], %[[J1]]]
// CHECK-NEXT:        arith.mulf
// CHECK-NEXT:        affine.store
// CHECK-NEXT:        %[[J2:.+]] = affine.apply #[[P2]](%[[J]])
// CHECK:             %[[J3:.+]] = affine.apply #[[P3]](%[[J]])
// CHECK:           }
// CHECK-NEXT:      affine.load %{{.+}}[%[[I]], %{{.+}}]
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
func.func @gemm_inner(%C: memref<20x25xf64>, %beta: f64) {
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 25 {
      %0 = affine.load %C[%i, %j] : memref<20x25xf64>
      %1 = arith.mulf %0, %beta : f64
      affine.store %1, %C[%i, %j] : memref<20x25xf64>
    }
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

// CHECK-LABEL: func.func @fib
// CHECK:         affine.for %{{.+}} = 0 to 8 step 4 iter_args(%[[A:.+]] = %{{.+}}, %[[B:.+]] = %{{.+}}) -> (f64, f64) {
// CHECK-NEXT:      %[[C0:.+]] = arith.addf %[[A]], %[[B]] : f64
// CHECK-NEXT:      %[[C1:.+]] = arith.addf %[[B]], %[[C0]] : f64
// OURS-NEXT:       %[[C2:.+]] = arith.addf %[[C0]], %[[C1]] : f64
// OURS-NEXT:       %[[C3:.+]] = arith.addf %[[C1]], %[[C2]] : f64
// OURS-NEXT:       affine.yield %[[C2]], %[[C3]] : f64, f64
// UPSTREAM-NEXT:   %[[U2:.+]] = arith.addf %[[B]], %[[C1]] : f64
// UPSTREAM-NEXT:   %[[U3:.+]] = arith.addf %[[B]], %[[U2]] : f64
// UPSTREAM-NEXT:   affine.yield %[[B]], %[[U3]] : f64, f64
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
