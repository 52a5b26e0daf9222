// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s

// Named ops carry no region in their custom form: parsing re-creates the
// payload upstream's region builders emit, which the generic form prints.

// CHECK-LABEL: sym_name = "matmul_i8"
// CHECK:      "linalg.matmul"(%{{.*}}) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[C:.*]]: i32):
// CHECK-NEXT:   %[[X:.*]] = "arith.extsi"(%[[A]]) : (i8) -> i32
// CHECK-NEXT:   %[[Y:.*]] = "arith.extsi"(%[[B]]) : (i8) -> i32
// CHECK-NEXT:   %[[M:.*]] = "arith.muli"(%[[X]], %[[Y]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT:   %[[S:.*]] = "arith.addi"(%[[C]], %[[M]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT:   "linalg.yield"(%[[S]]) : (i32) -> ()
// CHECK-NEXT: }) : (memref<4x8xi8>, memref<8x16xi8>, memref<4x16xi32>) -> ()
// CHECK:      "linalg.matmul"
// CHECK-SAME: cast = #linalg.type_fn<cast_unsigned>
// CHECK:      "arith.extui"
// CHECK:      "arith.extui"
func.func @matmul_i8(%a: memref<4x8xi8>, %b: memref<8x16xi8>, %c: memref<4x16xi32>) {
  linalg.matmul ins(%a, %b : memref<4x8xi8>, memref<8x16xi8>) outs(%c : memref<4x16xi32>)
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<4x8xi8>, memref<8x16xi8>) outs(%c : memref<4x16xi32>)
  return
}

// Ops whose maps are fixed memoize them, as upstream's getIndexingMaps does.
// CHECK-LABEL: sym_name = "conv"
// CHECK:      "linalg.conv_1d_nwc_wcf"(%{{.*}}) <{dilations = dense<3> : tensor<1xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<2> : tensor<1xi64>}> ({
// CHECK-NEXT: ^bb0(%[[I:.*]]: f16, %[[K:.*]]: f16, %[[O:.*]]: f32):
// CHECK-NEXT:   %[[X:.*]] = "arith.extf"(%[[I]]) : (f16) -> f32
// CHECK-NEXT:   %[[Y:.*]] = "arith.extf"(%[[K]]) : (f16) -> f32
// CHECK-NEXT:   %[[M:.*]] = "arith.mulf"(%[[X]], %[[Y]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:   %[[S:.*]] = "arith.addf"(%[[O]], %[[M]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:   "linalg.yield"(%[[S]]) : (f32) -> ()
// CHECK-NEXT: }) {linalg.memoized_indexing_maps = [#map3, #map4, #map5]} : (memref<1x10x3xf16>, memref<2x3x8xf16>, memref<1x4x8xf32>) -> ()
// CHECK:      "linalg.pooling_nhwc_max"
// CHECK:      "arith.maxsi"
func.func @conv(%i: memref<1x10x3xf16>, %f: memref<2x3x8xf16>, %o: memref<1x4x8xf32>, %pi: memref<1x4x4x2xi32>, %pk: memref<2x2xi32>, %po: memref<1x3x3x2xi32>) {
  linalg.conv_1d_nwc_wcf {dilations = dense<3> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%i, %f : memref<1x10x3xf16>, memref<2x3x8xf16>) outs(%o : memref<1x4x8xf32>)
  linalg.pooling_nhwc_max ins(%pi, %pk : memref<1x4x4x2xi32>, memref<2x2xi32>) outs(%po : memref<1x3x3x2xi32>)
  return
}

// CHECK-LABEL: sym_name = "structured"
// CHECK:      "linalg.fill"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%[[V:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   "linalg.yield"(%[[V]]) : (f32) -> ()
// CHECK:      "linalg.reduce"(%{{.*}}) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[INIT:.*]]: f32):
// CHECK-NEXT:   %[[R:.*]] = "arith.maximumf"(%[[INIT]], %[[IN]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:   "linalg.yield"(%[[R]]) : (f32) -> ()
// CHECK:      "linalg.transpose"(%{{.*}}) <{permutation = array<i64: 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[T:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   "linalg.yield"(%[[T]]) : (f32) -> ()
// CHECK:      "linalg.elementwise"(%{{.*}}) <{indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}], kind = #linalg.elementwise_kind<reciprocal>, operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%[[E:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:   %[[ONE:.*]] = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:   %[[Q:.*]] = "arith.divf"(%[[ONE]], %[[E]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:   "linalg.yield"(%[[Q]]) : (f32) -> ()
func.func @structured(%s: f32, %a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %v: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = linalg.fill ins(%s : f32) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  %1 = linalg.reduce { arith.maximumf } ins(%0 : tensor<4x8xf32>) outs(%v : tensor<8xf32>) dimensions = [0]
  %2 = linalg.transpose ins(%b : tensor<8x4xf32>) outs(%0 : tensor<4x8xf32>) permutation = [1, 0]
  %3 = linalg.elementwise kind=#linalg.elementwise_kind<reciprocal> ins(%2 : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %3 : tensor<4x8xf32>
}
