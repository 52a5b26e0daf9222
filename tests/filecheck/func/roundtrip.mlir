// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func private @ext(i32, f32 {llvm.align = 4 : i64}) -> (i32 {a.b})
func.func private @ext(i32, f32 {llvm.align = 4 : i64}) -> (i32 {a.b})

// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: f32) -> i32 attributes {foo = 1 : i32} {
// CHECK-NEXT:    %[[R:.*]]:2 = call @g(%arg0) : (i32) -> (i32, f32)
// CHECK-NEXT:    %[[C:.*]] = constant @g : (i32) -> (i32, f32)
// CHECK-NEXT:    %{{.*}}:2 = call_indirect %[[C]](%arg0) : (i32) -> (i32, f32)
// CHECK-NEXT:    return %[[R]]#0 : i32
func.func @f(%x: i32, %y: f32) -> i32 attributes {foo = 1 : i32} {
  %r:2 = call @g(%x) : (i32) -> (i32, f32)
  %c = constant @g : (i32) -> (i32, f32)
  %s:2 = call_indirect %c(%x) : (i32) -> (i32, f32)
  return %r#0 : i32
}

// CHECK-LABEL: func.func @g(%arg0: i32) -> (i32, f32)
func.func @g(%x: i32) -> (i32, f32) {
  %f = "test.c"() : () -> f32
  return %x, %f : i32, f32
}
