// one-shot-bufferize{bufferize-function-boundaries}: what the in-place
// decisions become, then the frees of buffer-deallocation-pipeline; every
// output is accepted by mlir-opt-22.
// RUN: polymlir opt %s --one-shot-bufferize=bufferize-function-boundaries | filecheck %s
// RUN: polymlir opt %s --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline | filecheck %s --check-prefix=DEALLOC
// RUN: polymlir opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | filecheck %s --check-prefix=IDENTITY
// RUN: polymlir opt %s --one-shot-bufferize="bufferize-function-boundaries copy-before-write" | filecheck %s --check-prefix=COPY
// RUN: polymlir opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=fully-dynamic-layout-map" | filecheck %s --check-prefix=DYN

// CHECK: memref.global "private" constant @__constant_2xf32 : memref<2xf32> = dense<1.000000e+00> {alignment = 64 : i64}

// CHECK-LABEL: func.func @tiled(
// CHECK-SAME: %[[A:.*]]: memref<8x8xf32, strided<[?, ?], offset: ?>>, %[[B:.*]]: memref<8x8xf32, strided<[?, ?], offset: ?>>, %[[C:.*]]: memref<8x8xf32, strided<[?, ?], offset: ?>>) -> memref<8x8xf32, strided<[?, ?], offset: ?>>
// CHECK-NOT: memref.alloc
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[C]])
// CHECK: %[[SA:.*]] = memref.subview %[[A]]
// CHECK: %[[SC:.*]] = memref.subview %[[ACC]]
// CHECK-NOT: memref.copy
// CHECK: linalg.matmul ins(%[[SA]], %[[B]] : {{.*}}) outs(%[[SC]] : memref<4x8xf32, strided<[?, ?], offset: ?>>)
// CHECK-NEXT: scf.yield %[[ACC]]
// COPY-LABEL: func.func @tiled(
// COPY: memref.alloc
// COPY: memref.copy
// COPY: linalg.matmul
func.func @tiled(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c4 iter_args(%acc = %C) -> (tensor<8x8xf32>) {
    %a = tensor.extract_slice %A[%i, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    %c = tensor.extract_slice %acc[%i, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    %m = linalg.matmul ins(%a, %B : tensor<4x8xf32>, tensor<8x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
    %ins = tensor.insert_slice %m into %acc[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
    scf.yield %ins : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @read_after_write(
// CHECK-SAME: %[[T:.*]]: memref<4xf32, strided<[?], offset: ?>>, %[[V:.*]]: f32) -> (memref<4xf32>, f32)
// CHECK: %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: memref.copy %[[T]], %[[NEW]]
// CHECK: memref.store %[[V]], %[[NEW]]
// CHECK: %[[OLD:.*]] = memref.load %[[T]]
// CHECK: return %[[NEW]], %[[OLD]]
// DYN-LABEL: func.func @read_after_write(
// DYN-SAME: -> (memref<4xf32, strided<[?], offset: ?>>, f32)
// DYN: %[[NEW:.*]] = memref.alloc()
// DYN: %[[C:.*]] = memref.cast %[[NEW]] : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
// DYN: return %[[C]]
// IDENTITY-LABEL: func.func @read_after_write(
// IDENTITY-SAME: memref<4xf32>, %{{.*}}: f32) -> (memref<4xf32>, f32)
func.func @read_after_write(%t: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>
  %old = tensor.extract %t[%c0] : tensor<4xf32>
  return %w, %old : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func @constant_dest(
// CHECK: %[[G:.*]] = memref.get_global @__constant_2xf32 : memref<2xf32>
// CHECK: %[[NEW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
// CHECK: memref.copy %[[G]], %[[NEW]]
// CHECK: memref.subview %[[NEW]][0] [1] [1]
func.func @constant_dest(%x: tensor<1xf32>) -> tensor<2xf32> {
  %cst = arith.constant dense<1.0> : tensor<2xf32>
  %a = tensor.insert_slice %x into %cst[0] [1] [1] : tensor<1xf32> into tensor<2xf32>
  return %a : tensor<2xf32>
}

// The temporary of the chain does not escape: freed after its last use.
// CHECK-LABEL: func.func @chain(
// CHECK: %[[E:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : memref<4x4xf32>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : {{.*}}) outs(%[[E]] : memref<4x4xf32>)
// CHECK: %[[X:.*]] = memref.load %[[E]]
// CHECK: return %[[X]]
// DEALLOC-LABEL: func.func @chain(
// DEALLOC: %[[E:.*]] = memref.alloc()
// DEALLOC: memref.load %[[E]]
// DEALLOC-NEXT: memref.dealloc %[[E]] : memref<4x4xf32>
// DEALLOC-NEXT: return
func.func @chain(%A: tensor<4x8xf32>, %B: tensor<8x4xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%A, %B : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %x = tensor.extract %m[%c1, %c1] : tensor<4x4xf32>
  return %x : f32
}

// A returned buffer escapes: not freed.
// DEALLOC-LABEL: func.func @escapes(
// DEALLOC: memref.alloc
// DEALLOC-NOT: memref.dealloc
// DEALLOC: return
func.func @escapes(%n: index, %v: f32) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %f : tensor<?xf32>
}
