// RUN: polymlir opt %s | filecheck %s
// Older spellings from the seed documents, read and printed in today's syntax.

// CHECK-LABEL: func.func @metadata(
// CHECK-SAME: %[[M:.*]]: memref<10x?xf32>
func.func @metadata(%memref: memref<10x?xf32>) -> index {
  // CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %[[M]] : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
  %base, %offset, %sizes:2, %strides:2 =
    memref.extract_strided_metadata %memref :
      memref<10x?xf32>, index, index, index, index, index
  // CHECK-NEXT: memref.reinterpret_cast %base_buffer to offset: [%offset], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %m2 = memref.reinterpret_cast %base to
      offset: [%offset],
      sizes: [%sizes#0, %sizes#1],
      strides: [%strides#0, %strides#1]
    : memref<f32> to memref<?x?xf32, offset: ?, strides: [?, ?]>
  return %offset : index
}

// CHECK-LABEL: func.func @atomic(
func.func @atomic(%value: f32, %I: memref<10xf32>, %i: index) -> f32 {
  // CHECK-NEXT: memref.atomic_rmw addf %arg0, %arg1[%arg2] : (f32, memref<10xf32>) -> f32
  %x = memref.atomic_rmw "addf" %value, %I[%i] : (f32, memref<10xf32>) -> f32
  return %x : f32
}
