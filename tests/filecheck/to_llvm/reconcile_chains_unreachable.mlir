// reconcile-unrealized-casts folds a chain of casts of any length back to a
// value of the final type; convert-cf-to-llvm leaves unreachable blocks as
// upstream's conversion driver does. The output is mlir-opt-22's.
// RUN: polymlir opt %s -convert-cf-to-llvm -reconcile-unrealized-casts | filecheck %s

func.func @chain(%arg0: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to i1
  %2 = builtin.unrealized_conversion_cast %1 : i1 to i64
  %3 = builtin.unrealized_conversion_cast %1 : i1 to i32
  %4 = builtin.unrealized_conversion_cast %3 : i32 to i64
  %5 = arith.addi %2, %4 : i64
  return %5 : i64
}

func.func @unreachable_block() {
  return
^bb1(%arg0: index):
  cf.br ^bb1(%arg0 : index)
}

// CHECK: module {
// CHECK-NEXT:   func.func @chain(%arg0: i64) -> i64 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i64
// CHECK-NEXT:     return %0 : i64
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @unreachable_block() {
// CHECK-NEXT:     return
// CHECK-NEXT:   ^bb1(%0: index):  // pred: ^bb1
// CHECK-NEXT:     cf.br ^bb1(%0 : index)
// CHECK-NEXT:   }
// CHECK-NEXT: }
