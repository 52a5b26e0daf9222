// The 2019-2020 standard dialect and builtin `func` of the seed documents,
// read and printed as today's func/arith/memref/cf/bufferization ops.
// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func @arith(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: index) -> f32 {
// CHECK-NEXT:    %[[C:.*]] = arith.constant 42 : i32
// CHECK-NEXT:    %[[F:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    %[[D:.*]] = arith.subi %[[S]], %arg1 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[D]], %[[D]] : i32
// CHECK-NEXT:    %[[Q:.*]] = arith.divsi %[[M]], %arg0 : i32
// CHECK-NEXT:    %[[LT:.*]] = arith.cmpi slt, %[[Q]], %arg1 : i32
// CHECK-NEXT:    %{{.*}} = arith.select %[[LT]], %arg0, %arg1 : i32
// CHECK-NEXT:    %[[P:.*]] = arith.addf %arg2, %[[F]] : f32
// CHECK-NEXT:    %[[R:.*]] = arith.mulf %[[P]], %arg3 : f32
// CHECK-NEXT:    %[[T:.*]] = arith.subf %[[R]], %arg2 : f32
// CHECK-NEXT:    %[[U:.*]] = arith.divf %[[T]], %arg3 : f32
// CHECK-NEXT:    %[[OLT:.*]] = arith.cmpf olt, %[[U]], %arg2 : f32
// CHECK-NEXT:    %[[W:.*]] = arith.select %[[OLT]], %[[U]], %arg2 : f32
// CHECK-NEXT:    %[[IC:.*]] = arith.index_cast %arg4 : index to i32
// CHECK-NEXT:    %[[FP:.*]] = arith.sitofp %[[IC]] : i32 to f32
// CHECK-NEXT:    %[[Z:.*]] = arith.addf %[[W]], %[[FP]] : f32
// CHECK-NEXT:    return %[[Z]] : f32
func @arith(%a: i32, %b: i32, %x: f32, %y: f32, %i: index) -> f32 {
  %c = constant 42 : i32
  %f = constant 1.0 : f32
  %s = addi %a, %c : i32
  %d = subi %s, %b : i32
  %m = muli %d, %d : i32
  %q = divi_signed %m, %a : i32
  %lt = cmpi "slt", %q, %b : i32
  %sel = select %lt, %a, %b : i32
  %p = addf %x, %f : f32
  %r = mulf %p, %y : f32
  %t = subf %r, %x : f32
  %u = divf %t, %y : f32
  %olt = cmpf "olt", %u, %x : f32
  %w = std.select %olt, %u, %x : f32
  %ic = index_cast %i : index to i32
  %fp = sitofp %ic : i32 to f32
  %z = std.addf %w, %fp : f32
  return %z : f32
}

// A literal `dim` index becomes an index constant; the dim op follows the
// operand's type (memref.dim or tensor.dim).
// CHECK-LABEL: func.func @memory(%arg0: memref<?x?xf32>, %arg1: tensor<4x?xf32>, %arg2: index) -> f32 {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[N:.*]] = memref.dim %arg0, %[[C0]] : memref<?x?xf32>
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[T:.*]] = tensor.dim %arg1, %[[C1]] : tensor<4x?xf32>
// CHECK-NEXT:    %{{.*}} = memref.dim %arg0, %arg2 : memref<?x?xf32>
// CHECK-NEXT:    %[[A:.*]] = memref.alloc(%[[N]]) : memref<?x8xf32>
// CHECK-NEXT:    %[[S:.*]] = memref.alloca(%[[T]]) : memref<?xf32>
// CHECK-NEXT:    %[[V:.*]] = memref.load %arg0[%arg2, %[[N]]] : memref<?x?xf32>
// CHECK-NEXT:    memref.store %[[V]], %[[A]][%arg2, %arg2] : memref<?x8xf32>
// CHECK-NEXT:    %[[CAST:.*]] = memref.cast %[[A]] : memref<?x8xf32> to memref<?x?xf32>
// CHECK-NEXT:    %{{.*}} = memref.load %[[CAST]][%arg2, %arg2] : memref<?x?xf32>
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<?x8xf32>
// CHECK-NEXT:    return %[[V]] : f32
func @memory(%A: memref<?x?xf32>, %B: tensor<4x?xf32>, %i: index) -> f32 {
  %n = dim %A, 0 : memref<?x?xf32>
  %t = dim %B, 1 : tensor<4x?xf32>
  %k = std.dim %A, %i : memref<?x?xf32>
  %buf = alloc(%n) : memref<?x8xf32>
  %tmp = alloca(%t) : memref<?xf32>
  %v = load %A[%i, %n] : memref<?x?xf32>
  store %v, %buf[%i, %i] : memref<?x8xf32>
  %c = memref_cast %buf : memref<?x8xf32> to memref<?x?xf32>
  %w = load %c[%i, %i] : memref<?x?xf32>
  dealloc %buf : memref<?x8xf32>
  return %v : f32
}

// tensor_load / tensor_store (LangRef also writes `tensor_store %t to %m`).
// CHECK-LABEL: func.func @tensors(%arg0: tensor<4xf32>, %arg1: memref<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    bufferization.materialize_in_destination %arg0 in writable %arg1 : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    bufferization.materialize_in_destination %arg0 in writable %arg1 : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    %[[T:.*]] = bufferization.to_tensor %arg1 : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT:    return %[[T]] : tensor<4xf32>
func @tensors(%t: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32> {
  tensor_store %t, %m : memref<4xf32>
  tensor_store %t to %m : memref<4xf32>
  %r = tensor_load %m : memref<4xf32>
  return %r : tensor<4xf32>
}

// Control flow, calls, function constants (LangRef @simple).
// CHECK-LABEL: func.func @simple(%arg0: i64, %arg1: i1) -> i64 {
// CHECK-NEXT:    cf.cond_br %arg1, ^bb1, ^bb2
// CHECK:         cf.br ^bb3(%arg0 : i64)
// CHECK:         %[[B:.*]] = arith.addi %arg0, %arg0 : i64
// CHECK-NEXT:    cf.br ^bb3(%[[B]] : i64)
// CHECK:       ^bb3(%[[C:.*]]: i64):
// CHECK-NEXT:    %[[F:.*]] = constant @callee : (i64) -> i64
// CHECK-NEXT:    %[[R:.*]] = call_indirect %[[F]](%[[C]]) : (i64) -> i64
// CHECK-NEXT:    %[[S:.*]] = call @callee(%[[R]]) : (i64) -> i64
// CHECK-NEXT:    return %[[S]] : i64
func @simple(i64, i1) -> i64 {
^bb0(%a: i64, %cond: i1):
  cond_br %cond, ^bb1, ^bb2
^bb1:
  br ^bb3(%a: i64)
^bb2:
  %b = addi %a, %a : i64
  br ^bb3(%b: i64)
^bb3(%c: i64):
  %f = constant @callee : (i64) -> i64
  %r = call_indirect %f(%c) : (i64) -> i64
  %s = call @callee(%r) : (i64) -> i64
  return %s : i64
}

// A legacy declaration has no visibility: today it is private.
// CHECK-LABEL: func.func private @callee(i64) -> i64
func @callee(i64) -> i64
// An explicit visibility is kept.
// CHECK-LABEL: func.func nested @kept()
func nested @kept()

// The loop dialect became scf.
// CHECK-LABEL: func.func @loops(%arg0: index, %arg1: i1) {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    scf.for %{{.*}} = %[[C0]] to %arg0 step %[[C1]] {
// CHECK-NEXT:      scf.if %arg1 {
// CHECK-NEXT:        "use"() : () -> ()
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func @loops(%n: index, %c: i1) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  loop.for %i = %c0 to %n step %c1 {
    loop.if %c {
      "use"() : () -> ()
    }
  }
  return
}

// The 2019 generic form of a branch kept the successor's operands in the
// successor list (LangRef, "Terminator Operations").
// CHECK-LABEL: func.func @generic_branch(%arg0: i1, %arg1: index) {
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2(%arg1 : index)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb2(%arg1 : index)
// CHECK-NEXT:  ^bb2(%{{.*}}: index):
// CHECK-NEXT:    return
func @generic_branch(%cond: i1, %v: index) {
  "cond_br"(%cond)[^bb1, ^bb2(%v : index)] : (i1) -> ()
^bb1:
  "br"()[^bb2(%v : index)] : () -> ()
^bb2(%x: index):
  return
}
