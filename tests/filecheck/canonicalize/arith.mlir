// RUN: polymlir opt %s --canonicalize | filecheck %s
// arith folding under canonicalize, checked against what mlir-opt-22
// --canonicalize prints for this file (tests/unit/test_canonicalize_cse.py
// runs these CHECK lines on upstream's output too). Folded constants are
// materialized, uniqued and hoisted to the start of the function, the last
// created first, as upstream's OperationFolder does.

// CHECK-LABEL: func.func @integer_folds
// CHECK-NEXT:  %[[TRUE:.+]] = arith.constant true
// CHECK-NEXT:  %[[OV:.+]] = arith.constant -9223372036854775800 : index
// CHECK-NEXT:  %[[C9:.+]] = arith.constant 9 : index
// CHECK-NEXT:  %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT:  %[[C7:.+]] = arith.constant 7 : i32
// CHECK-NEXT:  %[[CM2:.+]] = arith.constant -2 : i32
// CHECK-NEXT:  %[[C1:.+]] = arith.constant 1 : i32
// CHECK-NEXT:  %[[K:.+]] = arith.addi %arg1, %[[C9]] : index
// CHECK-NEXT:  %[[T:.+]] = arith.cmpi sgt, %arg0, %[[C7]] : i32
// CHECK-NEXT:  return %arg0, %arg0, %[[C0]], %[[CM2]], %[[C1]], %[[C0]], %[[K]], %[[OV]], %[[T]], %[[TRUE]]
func.func @integer_folds(%x: i32, %i: index) -> (i32, i32, i32, i32, i32, i32, index, index, i1, i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %cm3 = arith.constant -3 : i32
  %a = arith.addi %x, %c0 : i32
  %b = arith.muli %c1, %x : i32
  %z = arith.muli %x, %c0 : i32
  %d = arith.divsi %c7, %cm3 : i32
  %r = arith.remsi %c7, %cm3 : i32
  %s = arith.subi %x, %x : i32
  %ci = arith.constant 9 : index
  %k = arith.addi %ci, %i : index
  %big = arith.constant 9223372036854775807 : index
  %ov = arith.addi %big, %ci : index
  %t = arith.cmpi slt, %c7, %x : i32
  %e = arith.cmpi sge, %x, %x : i32
  return %a, %b, %z, %d, %r, %s, %k, %ov, %t, %e : i32, i32, i32, i32, i32, i32, index, index, i1, i1
}

// Division by zero and an overflowing signed division are not folded.
// CHECK-LABEL: func.func @no_fold
// CHECK:       arith.divsi %arg0,
// CHECK-NEXT:  arith.divsi
// CHECK-NEXT:  arith.divui
func.func @no_fold(%x: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %cmin = arith.constant -2147483648 : i32
  %cm1 = arith.constant -1 : i32
  %d = arith.divsi %x, %c0 : i32
  %o = arith.divsi %cmin, %cm1 : i32
  %q = arith.divui %cmin, %c0 : i32
  return %d, %o, %q : i32, i32, i32
}

// x * 1.0 and x + -0.0 fold; x * 0.0 does not (NaN, infinities); f32
// constants fold in f32.
// CHECK-LABEL: func.func @float_folds
// CHECK-NEXT:  %[[S:.+]] = arith.constant 3.000000e-01 : f32
// CHECK-NEXT:  %[[ONE:.+]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:  %[[ZERO:.+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:  %[[C:.+]] = arith.mulf %arg0, %[[ZERO]] : f64
// CHECK-NEXT:  %[[E:.+]] = arith.addf %arg0, %[[ONE]] : f64
// CHECK-NEXT:  return %arg0, %arg0, %[[C]], %[[S]], %[[E]]
func.func @float_folds(%x: f64, %y: f32) -> (f64, f64, f64, f32, f64) {
  %one = arith.constant 1.0 : f64
  %nz = arith.constant -0.0 : f64
  %zero = arith.constant 0.0 : f64
  %h = arith.constant 0.1 : f32
  %t = arith.constant 0.2 : f32
  %a = arith.mulf %x, %one : f64
  %b = arith.addf %x, %nz : f64
  %c = arith.mulf %x, %zero : f64
  %d = arith.addf %h, %t : f32
  %e = arith.addf %one, %x : f64
  return %a, %b, %c, %d, %e : f64, f64, f64, f32, f64
}

// CHECK-LABEL: func.func @select_and_casts
// CHECK-NEXT:  %[[K:.+]] = arith.constant -5 : i32
// CHECK-NEXT:  return %arg1, %arg1, %[[K]], %arg2
func.func @select_and_casts(%c: i1, %x: index, %y: index) -> (index, index, i32, index) {
  %true = arith.constant true
  %a = arith.select %true, %x, %y : index
  %b = arith.select %c, %x, %x : index
  %ci = arith.constant -5 : index
  %k = arith.index_cast %ci : index to i32
  %eq = arith.cmpi eq, %x, %y : index
  %s = arith.select %eq, %x, %y : index
  return %a, %b, %k, %s : index, index, i32, index
}

// Constants in loops move to the function's start, uniqued.
// CHECK-LABEL: func.func @constants_hoisted
// CHECK-NEXT:  %[[C:.+]] = arith.constant 2.000000e+00 : f64
// CHECK-NEXT:  affine.for
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    arith.mulf %{{.+}}, %[[C]] : f64
// CHECK:       affine.for
// CHECK-NEXT:    affine.load
// CHECK-NEXT:    arith.addf %{{.+}}, %[[C]] : f64
// CHECK-NOT:   arith.constant
func.func @constants_hoisted(%A: memref<8xf64>) {
  affine.for %i = 0 to 8 {
    %c = arith.constant 2.0 : f64
    %v = affine.load %A[%i] : memref<8xf64>
    %w = arith.mulf %v, %c : f64
    affine.store %w, %A[%i] : memref<8xf64>
  }
  affine.for %i = 0 to 8 {
    %c = arith.constant 2.0 : f64
    %v = affine.load %A[%i] : memref<8xf64>
    %w = arith.addf %v, %c : f64
    affine.store %w, %A[%i] : memref<8xf64>
  }
  return
}
