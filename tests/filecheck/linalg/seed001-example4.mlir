// Seed 001 (the linalg dialect document), property 5, "example4.mlir", copied
// as written there: the generic names its library function
// (library_call = "pointwise_add"). The document's lowered form (its
// -convert-linalg-to-std) in today's syntax: each operand cast to a fully
// dynamic strided layout, a call, and the private declaration with
// llvm.emit_c_interface. tests/execution/test_linalg_seed001.py runs it with
// a Python pointwise_add.
// RUN: polymlir opt %s --convert-linalg-to-std 2>/dev/null | filecheck %s
// RUN: polymlir opt %s --convert-linalg-to-loops 2>/dev/null | filecheck %s --check-prefix=LOOPS

// File name: example4.mlir
#indexing_maps = [
  affine_map<(i, j) -> (i, j)>,
  affine_map<(i, j) -> (i, j)>,
  affine_map<(i, j) -> (i, j)>
]
#attrs = {
  args_in = 2,
  args_out = 1,
  indexing_maps = #indexing_maps,
  iterator_types = ["parallel", "parallel"],
  library_call = "pointwise_add"
}
func @example(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.generic #attrs %A, %B, %C {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = addf %a, %b : f32
    linalg.yield %d : f32
  }: memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}

// CHECK:       func.func private @pointwise_add(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @example(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>)
// CHECK-NEXT:    %[[A:.*]] = memref.cast %arg0 : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    %[[B:.*]] = memref.cast %arg1 : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    %[[C:.*]] = memref.cast %arg2 : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    call @pointwise_add(%[[A]], %[[B]], %[[C]]) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>) -> ()
// CHECK-NEXT:    return

// The loop lowerings ignore library_call, as upstream's do.
// LOOPS:         scf.for
// LOOPS:           arith.addf
