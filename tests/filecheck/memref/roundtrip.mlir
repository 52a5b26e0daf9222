// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: memref.global "private" constant @c : memref<2xf32> = dense<[0.000000e+00, 2.000000e+00]>
memref.global "private" constant @c : memref<2xf32> = dense<[0.0, 2.0]>
// CHECK: memref.global @z : memref<3xf16> = uninitialized
memref.global @z : memref<3xf16> = uninitialized
// CHECK: memref.global "private" @y : memref<4xi32>{{$}}
memref.global "private" @y : memref<4xi32>
// CHECK: memref.global @a : memref<2xi32> = dense<1> {alignment = 64{{( : i64)?}}}
memref.global @a : memref<2xi32> = dense<1> {alignment = 64}

// CHECK-LABEL: func.func @alloc(
func.func @alloc(%d: index, %s: index) {
  // CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<8x64xf32, 1>
  %0 = memref.alloc() : memref<8x64xf32, 1>
  // CHECK-NEXT: memref.alloc(%arg0) : memref<8x?xf32>
  %1 = memref.alloc(%d) : memref<8x?xf32>
  // CHECK-NEXT: memref.alloc()[%arg1] {alignment = 8{{( : i64)?}}} : memref<8x64xf32, #map, 1>
  %2 = memref.alloc()[%s] {alignment = 8} : memref<8x64xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>, 1>
  // CHECK-NEXT: memref.alloca(%arg0) : memref<?xf32, strided<[1], offset: 5>>
  %3 = memref.alloca(%d) : memref<?xf32, strided<[1], offset: 5>>
  // CHECK-NEXT: memref.alloc()[%arg1] : memref<4xf32, strided<[?]>>
  %4 = memref.alloc()[%s] : memref<4xf32, strided<[?]>>
  return
}

// CHECK-LABEL: func.func @realloc(
func.func @realloc(%src: memref<64xf32>, %d: index) -> memref<?xf32> {
  // CHECK-NEXT: memref.realloc %arg0(%arg1) {alignment = 8{{( : i64)?}}} : memref<64xf32> to memref<?xf32>
  %0 = memref.realloc %src(%d) {alignment = 8} : memref<64xf32> to memref<?xf32>
  // CHECK-NEXT: memref.dealloc %{{.*}} : memref<?xf32>
  memref.dealloc %0 : memref<?xf32>
  return %0 : memref<?xf32>
}

// CHECK-LABEL: func.func @scope(
func.func @scope(%m: memref<4xf32>, %i: index) -> f32 {
  // CHECK-NEXT: %{{.*}} = memref.alloca_scope  -> (f32) {
  // CHECK-NEXT:   memref.load
  // CHECK-NEXT:   memref.alloca_scope.return %{{.*}} : f32
  // CHECK-NEXT: } {tag}
  %r = memref.alloca_scope -> f32 {
    %0 = memref.load %m[%i] : memref<4xf32>
    memref.alloca_scope.return %0 : f32
  } {tag}
  // CHECK-NEXT: memref.alloca_scope  {
  // CHECK-NEXT:   memref.alloca() : memref<4x3xf32>
  // CHECK-NEXT: }
  memref.alloca_scope {
    %a = memref.alloca() : memref<4x3xf32>
  }
  return %r : f32
}

// CHECK-LABEL: func.func @access(
func.func @access(%m: memref<4x?xf32>, %i: index, %v: f32, %u: memref<*xf32>) {
  // CHECK-NEXT: %[[L:.*]] = memref.load %arg0[%arg1, %arg1] : memref<4x?xf32>
  %0 = memref.load %m[%i, %i] : memref<4x?xf32>
  // CHECK-NEXT: memref.load %arg0[%arg1, %arg1] {alignment = 16{{( : i64)?}}, nontemporal = true} : memref<4x?xf32>
  %1 = memref.load %m[%i, %i] {nontemporal = true, alignment = 16} : memref<4x?xf32>
  // CHECK-NEXT: memref.store %arg2, %arg0[%arg1, %arg1] : memref<4x?xf32>
  memref.store %v, %m[%i, %i] : memref<4x?xf32>
  // CHECK-NEXT: memref.store %arg2, %arg0[%arg1, %arg1] {nontemporal = true} : memref<4x?xf32>
  memref.store %v, %m[%i, %i] {nontemporal = true} : memref<4x?xf32>
  // CHECK-NEXT: memref.dim %arg0, %arg1 : memref<4x?xf32>
  %2 = memref.dim %m, %i : memref<4x?xf32>
  // CHECK-NEXT: memref.rank %arg3 : memref<*xf32>
  %3 = memref.rank %u : memref<*xf32>
  // CHECK-NEXT: memref.prefetch %arg0[%arg1, %arg1], write, locality<1>, instr : memref<4x?xf32>
  memref.prefetch %m[%i, %i], write, locality<1>, instr : memref<4x?xf32>
  // CHECK-NEXT: memref.extract_aligned_pointer_as_index %arg0 : memref<4x?xf32> -> index
  %4 = memref.extract_aligned_pointer_as_index %m : memref<4x?xf32> -> index
  // CHECK-NEXT: memref.assume_alignment %arg0, 16 : memref<4x?xf32>
  %5 = memref.assume_alignment %m, 16 : memref<4x?xf32>
  return
}

// CHECK-LABEL: func.func @casts(
func.func @casts(%a: memref<4xf32>, %b: memref<12x4xf32, strided<[4, 1], offset: 5>>, %g: memref<?xf32, 5>) {
  // CHECK-NEXT: memref.cast %arg0 : memref<4xf32> to memref<?xf32>
  %0 = memref.cast %a : memref<4xf32> to memref<?xf32>
  // CHECK-NEXT: memref.cast %arg0 : memref<4xf32> to memref<*xf32>
  %1 = memref.cast %a : memref<4xf32> to memref<*xf32>
  // CHECK-NEXT: memref.cast %arg1 : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
  %2 = memref.cast %b : memref<12x4xf32, strided<[4, 1], offset: 5>> to memref<12x4xf32, strided<[?, ?], offset: ?>>
  // CHECK-NEXT: memref.memory_space_cast %arg2 : memref<?xf32, 5> to memref<?xf32>
  %3 = memref.memory_space_cast %g : memref<?xf32, 5> to memref<?xf32>
  // CHECK-NEXT: memref.copy %arg0, %{{.*}} : memref<4xf32> to memref<?xf32>
  memref.copy %a, %0 : memref<4xf32> to memref<?xf32>
  // CHECK-NEXT: %{{.*}}:2 = memref.distinct_objects %arg0, %{{.*}} : memref<4xf32>, memref<?xf32>
  %4:2 = memref.distinct_objects %a, %0 : memref<4xf32>, memref<?xf32>
  return
}

// CHECK-LABEL: func.func @globals(
func.func @globals() -> memref<2xf32> {
  // CHECK-NEXT: memref.get_global @c : memref<2xf32>
  %0 = memref.get_global @c : memref<2xf32>
  return %0 : memref<2xf32>
}

// CHECK-LABEL: func.func @atomics(
func.func @atomics(%m: memref<10xf32>, %n: memref<10xi32>, %i: index, %x: f32, %y: i32) {
  // CHECK-NEXT: memref.atomic_rmw addf %arg3, %arg0[%arg2] : (f32, memref<10xf32>) -> f32
  %0 = memref.atomic_rmw addf %x, %m[%i] : (f32, memref<10xf32>) -> f32
  // CHECK-NEXT: memref.atomic_rmw maxs %arg4, %arg1[%arg2] : (i32, memref<10xi32>) -> i32
  %1 = memref.atomic_rmw maxs %y, %n[%i] : (i32, memref<10xi32>) -> i32
  // CHECK-NEXT: memref.atomic_rmw minnumf %arg3, %arg0[%arg2] : (f32, memref<10xf32>) -> f32
  %2 = memref.atomic_rmw minnumf %x, %m[%i] : (f32, memref<10xf32>) -> f32
  // CHECK-NEXT: memref.generic_atomic_rmw %arg0[%arg2] : memref<10xf32> {
  // CHECK-NEXT: ^bb0(%[[CUR:.*]]: f32):
  // CHECK-NEXT:   memref.atomic_yield %[[CUR]] : f32
  // CHECK-NEXT: }
  %3 = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%cur : f32):
    memref.atomic_yield %cur : f32
  }
  return
}

// CHECK-LABEL: func.func @dma(
func.func @dma(%a: memref<256xf32>, %b: memref<256xf32, 1>, %tag: memref<1xi32>, %c0: index, %n: index) {
  // CHECK-NEXT: memref.dma_start %arg0[%arg3], %arg1[%arg3], %arg4, %arg2[%arg3] : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
  memref.dma_start %a[%c0], %b[%c0], %n, %tag[%c0] : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
  // CHECK-NEXT: memref.dma_start %arg0[%arg3], %arg1[%arg3], %arg4, %arg2[%arg3], %arg4, %arg4 : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
  memref.dma_start %a[%c0], %b[%c0], %n, %tag[%c0], %n, %n : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
  // CHECK-NEXT: memref.dma_wait %arg2[%arg3], %arg4 : memref<1xi32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  return
}

// CHECK-LABEL: func.func @views(
func.func @views(%m: memref<8x16x4xf32>, %i: index, %j: index, %buf: memref<2048xi8>, %u: memref<*xf32>) {
  // CHECK-NEXT: memref.subview %arg0[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
  %0 = memref.subview %m[0, 0, 0][1, 16, 4][1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32>
  // CHECK-NEXT: memref.subview %arg0[3, 4, 1] [1, 6, 3] [1, 1, 1] : memref<8x16x4xf32> to memref<6x3xf32, strided<[4, 1], offset: 209>>
  %1 = memref.subview %m[3, 4, 1][1, 6, 3][1, 1, 1] : memref<8x16x4xf32> to memref<6x3xf32, strided<[4, 1], offset: 209>>
  // CHECK-NEXT: memref.subview %arg0[%arg1, 0, %arg2] [4, %arg1, 2] [1, 2, %arg2] : memref<8x16x4xf32> to memref<4x?x2xf32, strided<[64, 8, ?], offset: ?>>
  %2 = memref.subview %m[%i, 0, %j][4, %i, 2][1, 2, %j] : memref<8x16x4xf32> to memref<4x?x2xf32, strided<[64, 8, ?], offset: ?>>
  // CHECK-NEXT: memref.view %arg3[%arg1][%arg2] : memref<2048xi8> to memref<?x4xf32>
  %3 = memref.view %buf[%i][%j] : memref<2048xi8> to memref<?x4xf32>
  // CHECK-NEXT: memref.reinterpret_cast %arg4 to offset: [%arg1], sizes: [%arg2, 10], strides: [1, %arg2] : memref<*xf32> to memref<?x10xf32, strided<[1, ?], offset: ?>>
  %4 = memref.reinterpret_cast %u to offset: [%i], sizes: [%j, 10], strides: [1, %j] : memref<*xf32> to memref<?x10xf32, strided<[1, ?], offset: ?>>
  // CHECK-NEXT: memref.collapse_shape %arg0 {{\[}}[0, 1], [2]] : memref<8x16x4xf32> into memref<128x4xf32>
  %5 = memref.collapse_shape %m [[0, 1], [2]] : memref<8x16x4xf32> into memref<128x4xf32>
  // CHECK-NEXT: %[[SRC:.*]] = "test.source"() : () -> memref<?x4xf32, strided<[4, 1], offset: 209>>
  // CHECK-NEXT: memref.expand_shape %[[SRC]] {{\[}}[0, 1], [2]] output_shape [%arg1, 16, 4] : memref<?x4xf32, strided<[4, 1], offset: 209>> into memref<?x16x4xf32, strided<[64, 4, 1], offset: 209>>
  %6 = "test.source"() : () -> memref<?x4xf32, strided<[4, 1], offset: 209>>
  %7 = memref.expand_shape %6 [[0, 1], [2]] output_shape [%i, 16, 4] : memref<?x4xf32, strided<[4, 1], offset: 209>> into memref<?x16x4xf32, strided<[64, 4, 1], offset: 209>>
  // CHECK-NEXT: memref.transpose %arg0 (d0, d1, d2) -> (d2, d1, d0) : memref<8x16x4xf32> to memref<4x16x8xf32, strided<[1, 4, 64]>>
  %8 = memref.transpose %m (i, j, k) -> (k, j, i) : memref<8x16x4xf32> to memref<4x16x8xf32, strided<[1, 4, 64]>>
  // CHECK-NEXT: memref.extract_strided_metadata %arg0 : memref<8x16x4xf32> -> memref<f32>, index, index, index, index, index, index, index
  %base, %off, %sizes:3, %strides:3 = memref.extract_strided_metadata %m : memref<8x16x4xf32> -> memref<f32>, index, index, index, index, index, index, index
  return
}

// CHECK-LABEL: func.func @reshape(
func.func @reshape(%src: memref<4x1xf32>, %s1: memref<1xi32>, %s2: memref<?xi32>) {
  // CHECK-NEXT: memref.reshape %arg0(%arg1) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
  %0 = memref.reshape %src(%s1) : (memref<4x1xf32>, memref<1xi32>) -> memref<4xf32>
  // CHECK-NEXT: memref.reshape %arg0(%arg2) : (memref<4x1xf32>, memref<?xi32>) -> memref<*xf32>
  %1 = memref.reshape %src(%s2) : (memref<4x1xf32>, memref<?xi32>) -> memref<*xf32>
  return
}
