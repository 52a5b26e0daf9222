// --strict-syntax rejects the first legacy spelling with a located error.
// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --strict-syntax --verify-diagnostics
// RUN: (! polymlir opt %s --allow-unregistered-dialect --split-input-file --strict-syntax 2>&1) | filecheck %s

// CHECK: strict.mlir:7:1: error: 'func' is the 2019 spelling of 'func.func' (rejected by --strict-syntax)
// expected-error@+1 {{'func' is the 2019 spelling of 'func.func' (rejected by --strict-syntax)}}
func @f() {
  return
}

// -----

func.func @g() {
  // CHECK: strict.mlir:18:8: error: 'constant' is the 2019 spelling of 'arith.constant' (rejected by --strict-syntax)
  // CHECK-NEXT: {{^}}  %c = constant 1.0 : f32
  // CHECK-NEXT: {{^}}       ^
  // expected-error@+1 {{'constant' is the 2019 spelling of 'arith.constant' (rejected by --strict-syntax)}}
  %c = constant 1.0 : f32
  return
}

// -----

// CHECK: strict.mlir:26:18: error: '!llvm.i64' is the 2019 spelling of 'i64' (rejected by --strict-syntax)
// expected-error@+1 {{'!llvm.i64' is the 2019 spelling of 'i64' (rejected by --strict-syntax)}}
llvm.func @h(%n: !llvm.i64)

// -----

// Today's spellings pass --strict-syntax: `constant @f` and `return` inside
// a function belong to its default dialect (func).
func.func private @callee()
func.func @modern() {
  %f = constant @callee : () -> ()
  return
}
