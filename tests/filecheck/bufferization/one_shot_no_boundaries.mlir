// one-shot-bufferize without bufferize-function-boundaries (upstream's default):
// signatures keep their tensors, arguments and unknown ops' results become
// to_buffer (one per use), tensors reaching returns and unknown ops to_tensor;
// the stores of from_elements share their index constants; alloc_tensor's
// memory_space reaches the buffer; a write into a fresh allocation stays in
// place when its old (undefined) contents are read. The output is mlir-opt-22's.
// RUN: polymlir opt %s -allow-unregistered-dialect -one-shot-bufferize=allow-unknown-ops | filecheck %s

func.func @args_stay_tensors(%A: tensor<?xf32>, %v: vector<4xf32>) -> (tensor<?xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %r = vector.transfer_read %A[%c0], %f0 : tensor<?xf32>, vector<4xf32>
  %0 = vector.transfer_write %v, %A[%c0] : vector<4xf32>, tensor<?xf32>
  return %0, %r : tensor<?xf32>, vector<4xf32>
}

func.func @unknown_op(%f: f32, %idx: index) -> tensor<3xf32> {
  %t = tensor.from_elements %f, %f, %f : tensor<3xf32>
  %c = "test.foo"(%t) : (tensor<3xf32>) -> tensor<3xf32>
  %j = tensor.insert %f into %c[%idx] : tensor<3xf32>
  return %j : tensor<3xf32>
}

func.func @memory_space() -> tensor<2x3xf32> {
  %f = arith.constant 1.0 : f32
  %c = arith.constant 0 : index
  %0 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<2x3xf32>
  %1 = tensor.insert %f into %0[%c, %c] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @from_elements_2d(%a: f32, %b: f32) -> tensor<2x3xf32> {
  %t = tensor.from_elements %a, %b, %a, %b, %a, %b : tensor<2x3xf32>
  return %t : tensor<2x3xf32>
}

// CHECK: module {
// CHECK-NEXT:   func.func @args_stay_tensors(%arg0: tensor<?xf32>, %arg1: vector<4xf32>) -> (tensor<?xf32>, vector<4xf32>) {
// CHECK-NEXT:     %0 = bufferization.to_buffer %arg0 : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:     %1 = bufferization.to_buffer %arg0 : tensor<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %2 = vector.transfer_read %1[%c0], %cst : memref<?xf32, strided<[?], offset: ?>>, vector<4xf32>
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = memref.dim %0, %c0_0 : memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:     %alloc = memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>
// CHECK-NEXT:     memref.copy %0, %alloc : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32>
// CHECK-NEXT:     vector.transfer_write %arg1, %alloc[%c0] : vector<4xf32>, memref<?xf32>
// CHECK-NEXT:     %3 = bufferization.to_tensor %alloc : memref<?xf32> to tensor<?xf32>
// CHECK-NEXT:     return %3, %2 : tensor<?xf32>, vector<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @unknown_op(%arg0: f32, %arg1: index) -> tensor<3xf32> {
// CHECK-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     memref.store %arg0, %alloc[%c0] : memref<3xf32>
// CHECK-NEXT:     memref.store %arg0, %alloc[%c1] : memref<3xf32>
// CHECK-NEXT:     memref.store %arg0, %alloc[%c2] : memref<3xf32>
// CHECK-NEXT:     %0 = bufferization.to_tensor %alloc : memref<3xf32> to tensor<3xf32>
// CHECK-NEXT:     %1 = "test.foo"(%0) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:     %2 = bufferization.to_buffer %1 : tensor<3xf32> to memref<3xf32, strided<[?], offset: ?>>
// CHECK-NEXT:     %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<3xf32>
// CHECK-NEXT:     memref.copy %2, %alloc_0 : memref<3xf32, strided<[?], offset: ?>> to memref<3xf32>
// CHECK-NEXT:     memref.store %arg0, %alloc_0[%arg1] : memref<3xf32>
// CHECK-NEXT:     %3 = bufferization.to_tensor %alloc_0 : memref<3xf32> to tensor<3xf32>
// CHECK-NEXT:     return %3 : tensor<3xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @memory_space() -> tensor<2x3xf32> {
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32, 1>
// CHECK-NEXT:     %0 = bufferization.to_tensor %alloc : memref<2x3xf32, 1> to tensor<2x3xf32>
// CHECK-NEXT:     memref.store %cst, %alloc[%c0, %c0] : memref<2x3xf32, 1>
// CHECK-NEXT:     return %0 : tensor<2x3xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @from_elements_2d(%arg0: f32, %arg1: f32) -> tensor<2x3xf32> {
// CHECK-NEXT:     %alloc = memref.alloc() {alignment = 64 : i64} : memref<2x3xf32>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     memref.store %arg0, %alloc[%c0, %c0] : memref<2x3xf32>
// CHECK-NEXT:     memref.store %arg1, %alloc[%c0, %c1] : memref<2x3xf32>
// CHECK-NEXT:     memref.store %arg0, %alloc[%c0, %c2] : memref<2x3xf32>
// CHECK-NEXT:     memref.store %arg1, %alloc[%c1, %c0] : memref<2x3xf32>
// CHECK-NEXT:     memref.store %arg0, %alloc[%c1, %c1] : memref<2x3xf32>
// CHECK-NEXT:     memref.store %arg1, %alloc[%c1, %c2] : memref<2x3xf32>
// CHECK-NEXT:     %0 = bufferization.to_tensor %alloc : memref<2x3xf32> to tensor<2x3xf32>
// CHECK-NEXT:     return %0 : tensor<2x3xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
