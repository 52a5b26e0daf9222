// Seed 001 (the linalg dialect document), property 1, "example1.mlir", copied
// as written there (2020 syntax). The document's lowered form, in today's
// syntax: one scf.for over dim 0 of %A, loads of both operands, the payload,
// a store to %B.
// RUN: polymlir opt %s --allow-unregistered-dialect --convert-linalg-to-loops 2>/dev/null | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --convert-linalg-to-affine-loops 2>/dev/null | filecheck %s --check-prefix=AFFINE

// File name: example1.mlir
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
// memory layouts
#identity = affine_map<(d0) -> (d0)>

func @example(%A: memref<?xf32, #identity>,
              %B: memref<?xvector<4xf32>, offset: 1, strides: [2]>) {
  linalg.generic #attrs %A, %B {
  ^bb0(%a: f32, %b: vector<4xf32>):
    %c = "some_compute"(%a, %b): (f32, vector<4xf32>) -> (vector<4xf32>)
    linalg.yield %c: vector<4xf32>
  } : memref<?xf32, #identity>, memref<?xvector<4xf32>, offset: 1, strides: [2]>
  return
}

// CHECK-LABEL: func.func @example(%arg0: memref<?xf32>, %arg1: memref<?xvector<4xf32>, strided<[2], offset: 1>>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[D:.*]] = memref.dim %arg0, %[[C0]] : memref<?xf32>
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[D]] step %[[C1]] {
// CHECK-NEXT:      %[[A:.*]] = memref.load %arg0[%[[I]]] : memref<?xf32>
// CHECK-NEXT:      %[[B:.*]] = memref.load %arg1[%[[I]]] : memref<?xvector<4xf32>, strided<[2], offset: 1>>
// CHECK-NEXT:      %[[R:.*]] = "some_compute"(%[[A]], %[[B]]) : (f32, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT:      memref.store %[[R]], %arg1[%[[I]]] : memref<?xvector<4xf32>, strided<[2], offset: 1>>
// CHECK-NEXT:    }

// AFFINE:        affine.for %[[I:.*]] = 0 to %{{.*}} {
// AFFINE-NEXT:     affine.load %arg0[%[[I]]] : memref<?xf32>
// AFFINE-NEXT:     affine.load %arg1[%[[I]]] : memref<?xvector<4xf32>, strided<[2], offset: 1>>
// AFFINE:          affine.store
