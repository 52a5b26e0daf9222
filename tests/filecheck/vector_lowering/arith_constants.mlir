// n-D and 0-D vector constants: one llvm.mlir.constant of the converted
// (array / one-element vector) type, from convert-arith-to-llvm alone too,
// which keeps the value attribute as it is (as mlir-opt-22 does).
// RUN: polymlir opt %s --convert-arith-to-llvm | filecheck %s --check-prefix=ARITH
// RUN: polymlir opt %s --convert-vector-to-llvm | filecheck %s

// ARITH-LABEL: func.func @constants(
// ARITH:         llvm.mlir.constant(dense<7> : vector<i64>) : vector<1xi64>
// ARITH:         llvm.mlir.constant(dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : vector<2x2xf32>) : !llvm.array<2 x vector<2xf32>>
// ARITH:         llvm.mlir.constant(dense<{{\[}}[1, 2], [3, 4]]> : vector<2x2xindex>) : !llvm.array<2 x vector<2xi64>>
// ARITH:         llvm.mlir.constant(dense<true> : vector<2x1x3xi1>) : !llvm.array<2 x array<1 x vector<3xi1>>>

// CHECK-LABEL: func.func @constants(
// CHECK:         llvm.mlir.constant(dense<7> : vector<1xi64>) : vector<1xi64>
// CHECK:         llvm.mlir.constant(dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : vector<2x2xf32>) : !llvm.array<2 x vector<2xf32>>
// CHECK:         llvm.mlir.constant(dense<{{\[}}[1, 2], [3, 4]]> : vector<2x2xi64>) : !llvm.array<2 x vector<2xi64>>
// CHECK:         llvm.mlir.constant(dense<true> : vector<2x1x3xi1>) : !llvm.array<2 x array<1 x vector<3xi1>>>
func.func @constants() -> (vector<i64>, vector<2x2xf32>, vector<2x2xindex>, vector<2x1x3xi1>) {
  %z = arith.constant dense<7> : vector<i64>
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %i = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xindex>
  %b = arith.constant dense<true> : vector<2x1x3xi1>
  return %z, %c, %i, %b : vector<i64>, vector<2x2xf32>, vector<2x2xindex>, vector<2x1x3xi1>
}
