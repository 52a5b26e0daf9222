// convert-elementwise-to-linalg: elementwise arith/math ops on ranked
// tensors become linalg.generic (the operand of the result's type as init,
// as upstream), which then bufferizes like any linalg op.
// RUN: polymlir opt %s --convert-elementwise-to-linalg | filecheck %s
// RUN: polymlir opt %s --convert-elementwise-to-linalg --one-shot-bufferize=bufferize-function-boundaries | filecheck %s --check-prefix=BUF

// CHECK: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<3xf32>, tensor<3xf32>) outs(%[[A]] : tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK: return %[[R]]
// BUF-LABEL: func.func @add(
// BUF: linalg.generic
// BUF-SAME: outs(%{{.*}} : memref<3xf32, strided<[?], offset: ?>>)
func.func @add(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = arith.addf %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// A result of another element type gets a tensor.empty init.
// CHECK-LABEL: func.func @cmp(
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %{{.*}}, %[[C0]] : tensor<?xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xi1>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<?xi1>)
// CHECK: arith.cmpf olt
func.func @cmp(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xi1> {
  %0 = arith.cmpf olt, %a, %b : tensor<?xf32>
  return %0 : tensor<?xi1>
}

// Scalars are left alone.
// CHECK-LABEL: func.func @scalar(
// CHECK-NOT: linalg.generic
// CHECK: math.sqrt
func.func @scalar(%a: f32) -> f32 {
  %0 = math.sqrt %a : f32
  return %0 : f32
}
