// RUN: polymlir opt %s --canonicalize | filecheck %s
// RUN: polymlir opt %s --canonicalize=loop-cleanup | filecheck %s --check-prefix=CLEAN
// A matmul tiled by 4x4x4 and its k loop unrolled by 3 (what
// `polymlir tile --sizes 4,4,4` then `polymlir unroll --loop k --factor 3`
// print): the unrolled copies' affine.apply ops are composed into the
// accesses, as mlir-opt-22 --canonicalize does (tests/unit/
// test_canonicalize_cse.py runs the CHECK lines on upstream's output too).
// Upstream keeps the cleanup loop that runs once (%k + 3 to %k + 4);
// loop-cleanup, polymlir's extension, inlines it.

// CHECK-DAG: #[[ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[MIN10:.+]] = affine_map<(d0) -> (d0 + 4, 10)>
// CHECK-DAG: #[[MIN9:.+]] = affine_map<(d0) -> (d0 + 4, 9)>
// CHECK-DAG: #[[P3:.+]] = affine_map<(d0) -> (d0 + 3)>
// CHECK-DAG: #[[P4:.+]] = affine_map<(d0) -> (d0 + 4)>
// CHECK-LABEL: func.func @matmul
// CHECK:       affine.for %[[I:.+]] = #[[ID]](%{{.+}}) to min #[[MIN10]](%{{.+}}) {
// CHECK-NEXT:    affine.for %[[J:.+]] = #[[ID]](%{{.+}}) to min #[[MIN9]](%{{.+}}) {
// CHECK-NEXT:      affine.load %arg0[%[[I]], %[[K:.+]]] : memref<10x12xf64>
// CHECK:           affine.store
// CHECK-NEXT:      affine.load %arg0[%[[I]], %[[K]] + 1] : memref<10x12xf64>
// CHECK-NEXT:      affine.load %arg1[%[[K]] + 1, %[[J]]] : memref<12x9xf64>
// CHECK:           affine.load %arg0[%[[I]], %[[K]] + 2] : memref<10x12xf64>
// CHECK-NEXT:      affine.load %arg1[%[[K]] + 2, %[[J]]] : memref<12x9xf64>
// CHECK:           affine.for %[[KC:.+]] = #[[P3]](%[[K]]) to #[[P4]](%[[K]]) {
// CHECK-NOT:   affine.apply

// CLEAN-LABEL: func.func @matmul
// CLEAN-NOT:   affine.apply
// CLEAN:       affine.load %arg0[%[[I:.+]], %[[K:.+]] + 2] : memref<10x12xf64>
// CLEAN:       affine.store
// CLEAN-NEXT:  affine.load %arg0[%[[I]], %[[K]] + 3] : memref<10x12xf64>
// CLEAN-NOT:   affine.for
// CLEAN-NOT:   affine.apply
func.func @matmul(%arg0: memref<10x12xf64>, %arg1: memref<12x9xf64>, %arg2: memref<10x9xf64>) {
  affine.for %arg3 = 0 to 10 step 4 {
    affine.for %arg4 = 0 to 9 step 4 {
      affine.for %arg5 = 0 to 12 step 4 {
        affine.for %arg6 = affine_map<(d0) -> (d0)>(%arg3) to min affine_map<(d0) -> (d0 + 4, 10)>(%arg3) {
          affine.for %arg7 = affine_map<(d0) -> (d0)>(%arg4) to min affine_map<(d0) -> (d0 + 4, 9)>(%arg4) {
            %0 = affine.load %arg0[%arg6, %arg5] : memref<10x12xf64>
            %1 = affine.load %arg1[%arg5, %arg7] : memref<12x9xf64>
            %2 = affine.load %arg2[%arg6, %arg7] : memref<10x9xf64>
            %3 = arith.mulf %0, %1 : f64
            %4 = arith.addf %2, %3 : f64
            affine.store %4, %arg2[%arg6, %arg7] : memref<10x9xf64>
            %5 = affine.apply affine_map<(d0) -> (d0 + 1)>(%arg5)
            %6 = affine.load %arg0[%arg6, %5] : memref<10x12xf64>
            %7 = affine.load %arg1[%5, %arg7] : memref<12x9xf64>
            %8 = affine.load %arg2[%arg6, %arg7] : memref<10x9xf64>
            %9 = arith.mulf %6, %7 : f64
            %10 = arith.addf %8, %9 : f64
            affine.store %10, %arg2[%arg6, %arg7] : memref<10x9xf64>
            %11 = affine.apply affine_map<(d0) -> (d0 + 2)>(%arg5)
            %12 = affine.load %arg0[%arg6, %11] : memref<10x12xf64>
            %13 = affine.load %arg1[%11, %arg7] : memref<12x9xf64>
            %14 = affine.load %arg2[%arg6, %arg7] : memref<10x9xf64>
            %15 = arith.mulf %12, %13 : f64
            %16 = arith.addf %14, %15 : f64
            affine.store %16, %arg2[%arg6, %arg7] : memref<10x9xf64>
            affine.for %arg8 = affine_map<(d0) -> (d0 + 3)>(%arg5) to affine_map<(d0) -> (d0 + 4)>(%arg5) {
              %17 = affine.load %arg0[%arg6, %arg8] : memref<10x12xf64>
              %18 = affine.load %arg1[%arg8, %arg7] : memref<12x9xf64>
              %19 = affine.load %arg2[%arg6, %arg7] : memref<10x9xf64>
              %20 = arith.mulf %17, %18 : f64
              %21 = arith.addf %19, %20 : f64
              affine.store %21, %arg2[%arg6, %arg7] : memref<10x9xf64>
            }
          }
        }
      }
    }
  }
  return
}
