// Seed 001 (the linalg dialect document), property 4, "example3.mlir", copied
// as written there: element-wise addition with a concrete payload (addf).
// The document's "lowered" form repeats the input (an error of the
// document); the lowering is that of example1/2 with the payload inlined.
// tests/execution/test_linalg_seed001.py runs it.
// RUN: polymlir opt %s --convert-linalg-to-loops 2>/dev/null | filecheck %s
// RUN: polymlir opt %s --convert-linalg-to-affine-loops 2>/dev/null | filecheck %s --check-prefix=AFFINE
// RUN: polymlir opt %s --convert-linalg-to-parallel-loops 2>/dev/null | filecheck %s --check-prefix=PAR
// RUN: polymlir opt %s --linalg-specialize-generic-ops 2>/dev/null | filecheck %s --check-prefix=SPEC

// File name: example3.mlir
#indexing_maps = [
  affine_map<(i, j) -> (i, j)>,
  affine_map<(i, j) -> (i, j)>,
  affine_map<(i, j) -> (i, j)>
]
#attrs = {
  args_in = 2,
  args_out = 1,
  indexing_maps = #indexing_maps,
  iterator_types = ["parallel", "parallel"]
}
func @example(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.generic #attrs %A, %B, %C {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = addf %a, %b : f32
    linalg.yield %d : f32
  }: memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}

// CHECK-LABEL: func.func @example(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>)
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %[[A:.*]] = memref.load %arg0[%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:        %[[B:.*]] = memref.load %arg1[%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:        memref.store %[[S]], %arg2[%[[I]], %[[J]]] : memref<?x?xf32>

// AFFINE:        affine.for %[[I:.*]] = 0 to %{{.*}} {
// AFFINE-NEXT:     affine.for %[[J:.*]] = 0 to %{{.*}} {
// AFFINE-NEXT:       affine.load %arg0[%[[I]], %[[J]]] : memref<?x?xf32>
// AFFINE-NEXT:       affine.load %arg1[%[[I]], %[[J]]] : memref<?x?xf32>
// AFFINE-NEXT:       arith.addf
// AFFINE-NEXT:       affine.store %{{.*}}, %arg2[%[[I]], %[[J]]] : memref<?x?xf32>

// PAR:           scf.parallel (%[[I:.*]], %[[J:.*]]) =
// PAR-NEXT:        memref.load %arg0[%[[I]], %[[J]]]

// SPEC:          linalg.add ins(%arg0, %arg1 : memref<?x?xf32>, memref<?x?xf32>) outs(%arg2 : memref<?x?xf32>)
