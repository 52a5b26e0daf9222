// Bufferization of the tensor dialect's ops.
// RUN: polymlir opt %s --one-shot-bufferize=bufferize-function-boundaries | filecheck %s

// CHECK-LABEL: func.func @views(
// CHECK-SAME: %[[T:.*]]: memref<4x6xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[S:.*]] = memref.subview %[[T]][1, 2] [1, 3] [1, 1] : memref<4x6xf32, strided<[?, ?], offset: ?>> to memref<3xf32, strided<[?], offset: ?>>
// CHECK: memref.load %[[S]]
// CHECK: %[[D:.*]] = memref.dim %[[T]], %{{.*}} : memref<4x6xf32, strided<[?, ?], offset: ?>>
func.func @views(%t: tensor<4x6xf32>) -> (f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = tensor.extract_slice %t[1, 2] [1, 3] [1, 1] : tensor<4x6xf32> to tensor<3xf32>
  %x = tensor.extract %s[%c0] : tensor<3xf32>
  %d = tensor.dim %t, %c1 : tensor<4x6xf32>
  return %x, %d : f32, index
}

// A strided argument is copied before it collapses (only a contiguous
// buffer is guaranteed to); expand_shape needs no copy.
// CHECK-LABEL: func.func @reshapes(
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x3x4xf32>
// CHECK: memref.copy %{{.*}}, %[[C]]
// CHECK: memref.collapse_shape %[[C]] {{\[}}[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK: memref.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32, strided<[?, ?], offset: ?>> into memref<2x3x4xf32, strided<[?, ?, ?], offset: ?>>
func.func @reshapes(%t: tensor<2x3x4xf32>, %u: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<2x3x4xf32>) {
  %a = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %b = tensor.expand_shape %u [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %a, %b : tensor<6x4xf32>, tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @pad(
// CHECK: %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x5xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[P]] : memref<4x5xf32>)
// CHECK: %[[W:.*]] = memref.subview %[[P]][1, 2] [2, 3] [1, 1]
// CHECK: memref.copy %{{.*}}, %[[W]]
func.func @pad(%t: tensor<2x3xf32>, %v: f32) -> tensor<4x5xf32> {
  %p = tensor.pad %t low[1, 2] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  return %p : tensor<4x5xf32>
}

// CHECK-LABEL: func.func @create(
// CHECK: %[[F:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK: memref.store %{{.*}}, %[[F]][%{{.*}}]
// CHECK: memref.store %{{.*}}, %[[F]][%{{.*}}]
// CHECK: %[[G:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xindex>
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[M:.*]] = arith.muli %[[I]], %[[I]] : index
// CHECK: memref.store %[[M]], %[[G]][%[[I]]]
func.func @create(%a: f32, %b: f32, %n: index) -> (tensor<2xf32>, tensor<?xindex>) {
  %f = tensor.from_elements %a, %b : tensor<2xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %sq = arith.muli %i, %i : index
    tensor.yield %sq : index
  } : tensor<?xindex>
  return %f, %g : tensor<2xf32>, tensor<?xindex>
}

// Branches yield buffers of different layouts: the result takes the
// fully dynamic one.
// CHECK-LABEL: func.func @branches(
// CHECK: scf.if %{{.*}} -> (memref<4xf32, strided<[?], offset: ?>>)
// CHECK: memref.cast %{{.*}} : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
func.func @branches(%c: i1, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.if %c -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    scf.yield %e : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @unranked(
// CHECK: memref.cast %{{.*}} : memref<4xf32, strided<[?], offset: ?>> to memref<*xf32>
// CHECK: call @print(%{{.*}}) : (memref<*xf32>) -> ()
func.func private @print(tensor<*xf32> {bufferization.access = "read"})
func.func @unranked(%t: tensor<4xf32>) {
  %u = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  call @print(%u) : (tensor<*xf32>) -> ()
  return
}

// Vector transfers on tensors: the write goes to a copy, since %t is read after it.
// CHECK-LABEL: func.func @transfers(
// CHECK-SAME: %[[T:.*]]: memref<8xf32, strided<[?], offset: ?>>, %[[U:.*]]: memref<8xf32, strided<[?], offset: ?>>)
// CHECK: %[[X:.*]] = vector.transfer_read %[[U]][%{{.*}}], %{{.*}} {in_bounds = [true]} : memref<8xf32, strided<[?], offset: ?>>, vector<4xf32>
// CHECK: %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK: memref.copy %[[T]], %[[NEW]]
// CHECK: vector.transfer_write %[[X]], %[[NEW]][%{{.*}}] {in_bounds = [true]} : vector<4xf32>, memref<8xf32>
// CHECK: vector.transfer_read %[[T]]
func.func @transfers(%t: tensor<8xf32>, %u: tensor<8xf32>) -> (tensor<8xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %p = arith.constant 0.0 : f32
  %x = vector.transfer_read %u[%c4], %p {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
  %w = vector.transfer_write %x, %t[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<8xf32>
  %y = vector.transfer_read %t[%c0], %p {in_bounds = [true]} : tensor<8xf32>, vector<4xf32>
  return %w, %y : tensor<8xf32>, vector<4xf32>
}
