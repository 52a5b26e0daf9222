// RUN: polymlir skew --loops t,i --matrix '1,0;1,1' %s | filecheck %s
// RUN: polymlir skew --loops t,i --matrix '1,0;1,1' %s | mlir-opt-22 > /dev/null
// RUN: (! polymlir skew --loops k --matrix '-1' %s 2>&1) | filecheck %s --check-prefix=REFUSED
// Skewing (t, i) over a reduction carried in iter_args: the accumulator is
// kept in memory while isl regenerates the nest, then carried in iter_args
// again; no buffer is left. Reversing the reduction is refused, naming the
// carried value.

// CHECK-DAG: #[[LB:.+]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-DAG: #[[UB:.+]] = affine_map<(d0) -> (d0 + 11)>
// CHECK-DAG: #[[OLD_I:.+]] = affine_map<(d0, d1) -> (-d0 + d1)>
// CHECK-LABEL: func.func @kernel
// CHECK-NOT:  memref.alloca
// CHECK:      %[[Z:.+]] = arith.constant 0.0
// CHECK:      affine.for %[[T:.+]] = 0 to 4 {
// CHECK-NEXT:   affine.for %[[I:.+]] = #[[LB]](%[[T]]) to #[[UB]](%[[T]]) {
// CHECK:          %[[S:.+]] = affine.for %[[K:.+]] = 0 to 8 iter_args(%[[A:.+]] = %[[Z]]) -> (f64) {
// CHECK:            %[[N:.+]] = arith.addf %[[A]], %{{.+}} : f64
// CHECK-NEXT:       affine.yield %[[N]] : f64
// CHECK-NEXT:     }
// CHECK:          arith.addf %[[S]], %{{.+}} : f64
// CHECK-NEXT:     affine.store
// CHECK-NOT:  memref.alloca

// REFUSED: error: cannot skew loops k by '-1': the value carried in iter_args #0 of loop k at {{.*}}skew_iter_args.mlir:[[# @LINE + 5]]:12 flows from the affine.yield at {{.*}}:[[# @LINE + 10]]:9 to the use in the body of loop k, which has distance (1), and would be read before it is written
func.func @kernel(%A: memref<10x12xf64>, %B: memref<12x8xf64>) {
  %z = arith.constant 0.0 : f64
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 11 {
      %s = affine.for %k = 0 to 8 iter_args(%a = %z) -> (f64) {
        %x = affine.load %B[%i, %k] : memref<12x8xf64>
        %y = affine.load %A[%t, %i - 1] : memref<10x12xf64>
        %p = arith.mulf %x, %y : f64
        %n = arith.addf %a, %p : f64
        affine.yield %n : f64
      }
      %o = affine.load %A[%t, %i + 1] : memref<10x12xf64>
      %r = arith.addf %s, %o : f64
      affine.store %r, %A[%t + 1, %i] : memref<10x12xf64>
    }
  }
  return
}
