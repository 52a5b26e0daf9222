// RUN: polymlir opt %s --lower-affine --verify-diagnostics
// An 'assign' reduction has no identity to start scf.parallel's reduction
// from: lower-affine fails with upstream's diagnostic (it used to stop at an
// internal error; mlir-opt-22 aborts).

func.func @assign_reduction(%n: index) -> i32 {
  // expected-error@+1 {{Reduction operation type not supported}}
  %0 = affine.parallel (%i) = (0) to (%n) reduce ("assign") -> i32 {
    %c0 = arith.constant 0 : i32
    affine.yield %c0 : i32
  }
  return %0 : i32
}
