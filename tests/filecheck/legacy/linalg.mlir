// The 2020 linalg syntax of the linalg document: linalg.generic with a trait
// attribute (args_in/args_out) and trailing operand types, and the `init`
// operands of named ops, printed as today's ins(...)/outs(...).
// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

#accesses = [
  affine_map<(m) -> (m)>,
  affine_map<(m) -> (m)>
]
#attrs = {
  args_in = 1,
  args_out = 1,
  indexing_maps = #accesses,
  iterator_types = ["parallel"]
}

// CHECK: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @example1(%arg0: memref<?xf32>, %arg1: memref<?xvector<4xf32>, strided<[2], offset: 1>>) {
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%arg0 : memref<?xf32>) outs(%arg1 : memref<?xvector<4xf32>, strided<[2], offset: 1>>) {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %[[B:.*]]: vector<4xf32>):
// CHECK-NEXT:      %[[C:.*]] = "some_compute"(%[[A]], %[[B]]) : (f32, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT:      linalg.yield %[[C]] : vector<4xf32>
// CHECK-NEXT:    }
func @example1(%A: memref<?xf32>,
               %B: memref<?xvector<4xf32>, offset: 1, strides: [2]>) {
  linalg.generic #attrs %A, %B {
  ^bb0(%a: f32, %b: vector<4xf32>):
    %c = "some_compute"(%a, %b): (f32, vector<4xf32>) -> (vector<4xf32>)
    linalg.yield %c: vector<4xf32>
  } : memref<?xf32>, memref<?xvector<4xf32>, offset: 1, strides: [2]>
  return
}

// An inline trait, a library call, and attributes after the region.
// CHECK-LABEL: func.func @example4(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>) {
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[ID2]], #[[ID2]], #[[ID2]]], iterator_types = ["parallel", "parallel"], library_call = "pointwise_add"} ins(%arg0, %arg1 : memref<?x?xf32>, memref<?x?xf32>) outs(%arg2 : memref<?x?xf32>) attrs =  {foo} {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[D:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[D]] : f32
// CHECK-NEXT:    }
func @example4(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.generic {
    args_in = 2,
    args_out = 1,
    indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
    iterator_types = ["parallel", "parallel"],
    library_call = "pointwise_add"
  } %A, %B, %C {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = addf %a, %b : f32
    linalg.yield %d : f32
  } {foo} : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}

// `init(...)` is today's `outs(...)`.
// CHECK-LABEL: func.func @matmul(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32>) -> tensor<?x?xf32> {
// CHECK-NEXT:    %[[D:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%arg2 : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %[[D]] : tensor<?x?xf32>
func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                    init(%c : tensor<?x?xf32>)
                      -> tensor<?x?xf32>
  return %d : tensor<?x?xf32>
}
