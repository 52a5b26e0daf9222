// Seed 001 (the linalg dialect document), property 2, "example2.mlir", copied
// as written there. The document's lowered form: the outer loop runs over
// dim 1 of %A (loop i of the maps (i, j) -> (j, i)), the inner one to 8.
// RUN: polymlir opt %s --allow-unregistered-dialect --convert-linalg-to-loops 2>/dev/null | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --convert-linalg-to-parallel-loops 2>/dev/null | filecheck %s --check-prefix=PAR

// File name: example2.mlir
#indexing_maps = [
  affine_map<(i, j) -> (j, i)>,
  affine_map<(i, j) -> (j)>
]
#attrs = {
  args_in = 1,
  args_out = 1,
  indexing_maps = #indexing_maps,
  iterator_types = ["parallel", "parallel"]
}

func @example(%A: memref<8x?xf32, offset: 0, strides: [2, 2]>,
              %B: memref<?xvector<4xf32>>) {
  linalg.generic #attrs %A, %B {
  ^bb0(%a: f32, %b: vector<4xf32>):
    %c = "some_compute"(%a, %b): (f32, vector<4xf32>) -> (vector<4xf32>)
    linalg.yield %c: vector<4xf32>
  }: memref<8x?xf32 , offset: 0, strides: [2, 2]>, memref<?xvector<4xf32>>
  return
}

// CHECK-LABEL: func.func @example(%arg0: memref<8x?xf32, strided<[2, 2]>>, %arg1: memref<?xvector<4xf32>>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[D:.*]] = memref.dim %arg0, %[[C1]] : memref<8x?xf32, strided<[2, 2]>>
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[D]] step %[[C1]] {
// CHECK-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK-NEXT:        %[[A:.*]] = memref.load %arg0[%[[J]], %[[I]]] : memref<8x?xf32, strided<[2, 2]>>
// CHECK-NEXT:        %[[B:.*]] = memref.load %arg1[%[[J]]] : memref<?xvector<4xf32>>
// CHECK-NEXT:        %[[R:.*]] = "some_compute"(%[[A]], %[[B]]) : (f32, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT:        memref.store %[[R]], %arg1[%[[J]]] : memref<?xvector<4xf32>>

// PAR:           scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step
// PAR:             memref.load %arg0[%[[J]], %[[I]]]
// PAR:             scf.reduce
