// RUN: polymlir opt %s --canonicalize | filecheck %s
// Dead ops are those whose declared effects (upstream's MemoryEffectOpInterface,
// polymlir/ir/interfaces.py declared_effects) are reads and effects on the
// results they allocate; checked against what mlir-opt-22 --canonicalize
// prints for this file. A clone, a transfer_write to a tensor, a to_tensor
// and a linalg op on tensors are dead when unused; a prefetch, which declares
// no effects upstream, stays.

// CHECK-LABEL: func.func @dead_ops
// CHECK-NEXT:  memref.prefetch %arg0[%arg3], read, locality<3>, data : memref<8xf32>
// CHECK-NEXT:  return
func.func @dead_ops(%B: memref<8xf32>, %T: tensor<8xf32>, %v: vector<8xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %cl = bufferization.clone %B : memref<8xf32> to memref<8xf32>
  %w = vector.transfer_write %v, %T[%c0] : vector<8xf32>, tensor<8xf32>
  %t = bufferization.to_tensor %B : memref<8xf32> to tensor<8xf32>
  memref.prefetch %B[%i], read, locality<3>, data : memref<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %f = arith.constant 0.0 : f32
  %r = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return
}
