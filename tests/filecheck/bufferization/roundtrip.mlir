// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s



// CHECK-LABEL: func.func @f(%{{[a-z0-9_#]+}}: memref<4xf32>, %{{[a-z0-9_#]+}}: tensor<?xf32>, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: i1, %{{[a-z0-9_#]+}}: memref<2xf32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = bufferization.to_tensor %{{[a-z0-9_#]+}} restrict writable : memref<4xf32> to tensor<4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = bufferization.to_buffer %{{[a-z0-9_#]+}} read_only : tensor<?xf32> to memref<?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = bufferization.alloc_tensor(%{{[a-z0-9_#]+}}) : tensor<?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = bufferization.alloc_tensor() copy(%{{[a-z0-9_#]+}}) : tensor<4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = bufferization.alloc_tensor(%{{[a-z0-9_#]+}}) size_hint=%{{[a-z0-9_#]+}} : tensor<?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = bufferization.materialize_in_destination %{{[a-z0-9_#]+}} in %{{[a-z0-9_#]+}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: bufferization.materialize_in_destination %{{[a-z0-9_#]+}} in restrict writable %{{[a-z0-9_#]+}} : (tensor<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT: bufferization.dealloc_tensor %{{[a-z0-9_#]+}} : tensor<?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = bufferization.clone %{{[a-z0-9_#]+}} : memref<4xf32> to memref<4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}}:2 = bufferization.dealloc (%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : memref<4xf32>, memref<2xf32>) if (%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}) retain (%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : memref<4xf32>, memref<2xf32>)
// CHECK-NEXT: bufferization.dealloc (%{{[a-z0-9_#]+}} : memref<4xf32>) if (%{{[a-z0-9_#]+}})
// CHECK-NEXT: bufferization.dealloc
// CHECK-NEXT: %{{[a-z0-9_#]+}} = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
// CHECK-NEXT: return
func.func @f(%m: memref<4xf32>, %t: tensor<?xf32>, %n: index, %c: i1, %m2: memref<2xf32>) {
  %0 = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  %1 = bufferization.to_buffer %t read_only : tensor<?xf32> to memref<?xf32>
  %2 = bufferization.alloc_tensor(%n) : tensor<?xf32>
  %3 = bufferization.alloc_tensor() copy(%0) : tensor<4xf32>
  %4 = bufferization.alloc_tensor(%n) size_hint=%n : tensor<?xf32>
  %5 = bufferization.materialize_in_destination %0 in %0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %0 in restrict writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.dealloc_tensor %2 : tensor<?xf32>
  %6 = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  %7:2 = bufferization.dealloc (%m, %m2 : memref<4xf32>, memref<2xf32>) if (%c, %c) retain (%m, %m2 : memref<4xf32>, memref<2xf32>)
  bufferization.dealloc (%m : memref<4xf32>) if (%c)
  bufferization.dealloc
  %8 = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
  return
}
