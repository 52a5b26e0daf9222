// Results, block arguments and aliases are named as mlir-opt-22 names them
// (OpAsmOpInterface, SSANameState); names.upstream.mlir checks that the two
// print this file byte for byte alike.
// RUN: polymlir opt %s --split-input-file --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --split-input-file --allow-unregistered-dialect | polymlir opt --split-input-file --allow-unregistered-dialect | filecheck %s
// The generic form numbers every value, as upstream's does.
// RUN: polymlir opt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// Integer constants: %c<value> for index, %c<value>_<type> for integers
// (the value read as signed in its width), %true/%false for i1, %cst for
// the rest; a taken name gets _<k> from one counter.
// GENERIC-LABEL: sym_name = "constants"
// GENERIC: %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC: %11 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c-4_i3 = arith.constant -4 : i3
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_1 = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-NEXT: %cst_2 = arith.constant dense<1> : vector<4xi32>
// CHECK-NEXT: %c0_3 = arith.constant 0 : index
// CHECK-NEXT: "test.use"(%c0, %c-1, %c1_i32, %c-1_i8, %c-4_i3, %true, %false, %c0_0, %cst, %cst_1, %cst_2, %c0_3) : (index, index, i32, i8, i3, i1, i1, index, f32, vector<4xf32>, vector<4xi32>, index) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @constants() {
  %a = arith.constant 0 : index
  %b = arith.constant -1 : index
  %c = arith.constant 1 : i32
  %d = arith.constant 255 : i8
  %e = arith.constant -4 : i3
  %f = arith.constant 1 : i1
  %g = arith.constant 0 : i1
  %h = arith.constant 0 : index
  %i = arith.constant 1.5 : f32
  %j = arith.constant dense<1.0> : vector<4xf32>
  %k = arith.constant dense<1> : vector<4xi32>
  %l = arith.constant 0 : index
  "test.use"(%a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k, %l) : (index, index, i32, i8, i3, i1, i1, index, f32, vector<4xf32>, vector<4xi32>, index) -> ()
  return
}

// -----

// Sibling functions reuse names; nested regions see their ancestors'
// names (so %c0 inside the loop becomes %c0_N) and count values and
// conflicts on from their parent, not from their siblings.
// CHECK-LABEL: func.func @scopes(%arg0: index) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %c0) -> (index) {
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %3 = arith.addi %arg2, %c0_0 : index
// CHECK-NEXT: scf.yield %3 : index
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %0) -> (index) {
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %3 = arith.addi %arg2, %c0_0 : index
// CHECK-NEXT: scf.yield %3 : index
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.addi %0, %1 : index
// CHECK-NEXT: return %2 : index
// CHECK-NEXT: }
func.func @scopes(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %z = arith.constant 0 : index
    %s = arith.addi %acc, %z : index
    scf.yield %s : index
  }
  %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> index {
    %z = arith.constant 0 : index
    %s = arith.addi %acc, %z : index
    scf.yield %s : index
  }
  %u = arith.addi %r, %r2 : index
  return %u : index
}
// CHECK-LABEL: func.func @sibling() -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = "test.op"() : () -> index
// CHECK-NEXT: return %c0 : index
// CHECK-NEXT: }
func.func @sibling() -> index {
  %c0 = arith.constant 0 : index
  %x = "test.op"() : () -> index
  return %c0 : index
}

// -----

// Result groups: each named group head prints on its own, a group of
// several values as %name:N (used as %name#k); unnamed results are numbered.
// GENERIC-LABEL: sym_name = "groups"
// GENERIC: %0:6 = "memref.extract_strided_metadata"(%arg0)
// GENERIC: "memref.reinterpret_cast"(%0#0, %0#1, %0#2, %0#3, %0#4, %0#5)
// GENERIC: %3:2 = "arith.mulsi_extended"(%arg2, %arg3)
// CHECK-LABEL: func.func @groups(%arg0: memref<10x?xf32>, %arg1: memref<f32>, %arg2: i32, %arg3: i32) {
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %base_buffer to offset: [%offset], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %base_buffer_0, %offset_1 = memref.extract_strided_metadata %arg1 : memref<f32> -> memref<f32>, index
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg2, %arg3 : i32
// CHECK-NEXT: %0:2 = "test.pair"() : () -> (i32, i32)
// CHECK-NEXT: "test.use"(%reinterpret_cast, %base_buffer_0, %offset_1, %low, %high, %0#1) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<f32>, index, i32, i32, i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @groups(%m: memref<10x?xf32>, %s: memref<f32>, %a: i32, %b: i32) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
  %r = memref.reinterpret_cast %base to offset: [%offset], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %b0, %o0 = memref.extract_strided_metadata %s : memref<f32> -> memref<f32>, index
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  %p:2 = "test.pair"() : () -> (i32, i32)
  "test.use"(%r, %b0, %o0, %lo, %hi, %p#1) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<f32>, index, i32, i32, i32) -> ()
  return
}

// -----

// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>

// Named memref and tensor results; linalg names its payload's arguments.
// GENERIC-LABEL: sym_name = "named"
// GENERIC: %0 = "memref.alloc"()
// GENERIC: ^bb0(%arg3: f32, %arg4: f32):
// CHECK-LABEL: func.func @named(%arg0: tensor<4x4xf32>, %arg1: index, %arg2: index) -> tensor<4x4xf32> {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT: %subview = memref.subview %alloc[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>
// CHECK-NEXT: %dim = memref.dim %alloc, %arg1 : memref<4x4xf32>
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1, %arg1] : tensor<4x4xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %extracted_slice into %arg0[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
// CHECK-NEXT: %f = constant @named : (tensor<4x4xf32>, index, index) -> tensor<4x4xf32>
// CHECK-NEXT: %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%inserted_slice : tensor<4x4xf32>) outs(%arg0 : tensor<4x4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %1 = arith.addf %in, %out : f32
// CHECK-NEXT: linalg.yield %1 : f32
// CHECK-NEXT: } -> tensor<4x4xf32>
// CHECK-NEXT: "test.use"(%subview, %dim, %extracted, %f) : (memref<2x2xf32, strided<[4, 1]>>, index, f32, (tensor<4x4xf32>, index, index) -> tensor<4x4xf32>) -> ()
// CHECK-NEXT: return %0 : tensor<4x4xf32>
// CHECK-NEXT: }
func.func @named(%t: tensor<4x4xf32>, %i: index, %sym: index) -> tensor<4x4xf32> {
  %m = memref.alloc() : memref<4x4xf32>
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1]>>
  %d = memref.dim %m, %i : memref<4x4xf32>
  %e = tensor.extract %t[%i, %i] : tensor<4x4xf32>
  %x = tensor.extract_slice %t[0, 0] [2, 2] [1, 1] : tensor<4x4xf32> to tensor<2x2xf32>
  %y = tensor.insert_slice %x into %t[0, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x4xf32>
  %f = func.constant @named : (tensor<4x4xf32>, index, index) -> tensor<4x4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<4x4xf32>) outs(%t : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.addf %in, %out : f32
    linalg.yield %v : f32
  } -> tensor<4x4xf32>
  "test.use"(%s, %d, %e, %f) : (memref<2x2xf32, strided<[4, 1]>>, index, f32, (tensor<4x4xf32>, index, index) -> tensor<4x4xf32>) -> ()
  return %g : tensor<4x4xf32>
}
