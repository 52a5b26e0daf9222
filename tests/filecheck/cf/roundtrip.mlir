// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func @branches(
func.func @branches(%flag: i32, %c: i1, %x: i32, %y: f32) {
  // CHECK-NEXT: cf.assert %arg1, "msg" {foo}
  cf.assert %c, "msg" {foo}
  // CHECK-NEXT: cf.cond_br %arg1 weights([3, 5]), ^bb1(%arg2 : i32), ^bb2 {bar}
  cf.cond_br %c weights([3, 5]), ^bb1(%x : i32), ^bb2 {bar}
// CHECK-NEXT: ^bb1(%{{.*}}: i32):
^bb1(%a: i32):
  // CHECK-NEXT: cf.br ^bb2
  cf.br ^bb2
// CHECK-NEXT: ^bb2:
^bb2:
  // Case values print unsigned, as upstream's getLimitedValue().
  // CHECK-NEXT: cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb3,
  // CHECK-NEXT:   42: ^bb1(%arg2 : i32),
  // CHECK-NEXT:   4294967293: ^bb3
  // CHECK-NEXT: ] {baz}
  cf.switch %flag : i32, [
    default: ^bb3,
    42: ^bb1(%x : i32),
    -3: ^bb3
  ] {baz}
// CHECK-NEXT: ^bb3:
^bb3:
  // CHECK-NEXT: cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb4(%arg3 : f32)]
  cf.switch %flag : i32, [
    default: ^bb4(%y : f32)
  ]
// CHECK-NEXT: ^bb4(%{{.*}}: f32):
^bb4(%z: f32):
  // CHECK-NEXT: cf.cond_br %arg1, ^bb4(%arg3 : f32), ^bb5(%arg2, %arg3 : i32, f32)
  cf.cond_br %c, ^bb4(%y : f32), ^bb5(%x, %y : i32, f32)
// CHECK-NEXT: ^bb5(%{{.*}}: i32, %{{.*}}: f32):
^bb5(%p: i32, %q: f32):
  return
}

// CHECK-LABEL: func.func @switch_i64(
func.func @switch_i64(%flag: i64) {
  // CHECK:      cf.switch %arg0 : i64, [
  // CHECK-NEXT:   default: ^bb1,
  // CHECK-NEXT:   7: ^bb1,
  // CHECK-NEXT:   8: ^bb1
  // CHECK-NEXT: ]
  cf.switch %flag : i64, [
    default: ^bb1,
    7: ^bb1,
    8: ^bb1
  ]
^bb1:
  return
}
