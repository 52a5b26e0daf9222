// RUN: polymlir opt %s --canonicalize | filecheck %s
// The delinearize_index/linearize_index folds and patterns, composition
// through delinearizations, affine.parallel and prefetch maps, and loads
// through casts and of constant globals, as mlir-opt-22 --canonicalize
// prints them (tests/unit/test_canonicalize_cse.py checks upstream too).

// A constant input with a static basis folds: 17 = 3 * 5 + 2.
// CHECK-LABEL: func.func @delinearize_constant
// CHECK-DAG:   %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:   %[[C2:.+]] = arith.constant 2 : index
// CHECK:       return %[[C3]], %[[C2]] : index, index
func.func @delinearize_constant() -> (index, index) {
  %c17 = arith.constant 17 : index
  %0:2 = affine.delinearize_index %c17 into (3, 5) : index, index
  return %0#0, %0#1 : index, index
}

// A constant basis value becomes static; a unit extent's result is 0.
// CHECK-LABEL: func.func @delinearize_unit_and_constant_basis
// CHECK:       %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:  %[[D:.+]]:2 = affine.delinearize_index %arg0 into (%arg1, 6) : index, index
// CHECK-NEXT:  return %[[D]]#0, %[[C0]], %[[D]]#1 : index, index, index
func.func @delinearize_unit_and_constant_basis(%i: index, %n: index) -> (index, index, index) {
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %0:3 = affine.delinearize_index %i into (%n, %c1, %c6) : index, index, index
  return %0#0, %0#1, %0#2 : index, index, index
}

// Constant inputs fold (2 * 7 + 3); a leading zero input is dropped.
// CHECK-LABEL: func.func @linearize_constant_and_zero
// CHECK:       %[[C17:.+]] = arith.constant 17 : index
// CHECK-NEXT:  %[[L:.+]] = affine.linearize_index [%arg0, %arg1] by (6, 7) : index
// CHECK-NEXT:  return %[[C17]], %[[L]] : index, index
func.func @linearize_constant_and_zero(%i: index, %j: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = affine.linearize_index [%c2, %c3] by (4, 7) : index
  %1 = affine.linearize_index [%c0, %i, %j] by (5, 6, 7) : index
  return %0, %1 : index, index
}

// A disjoint linearization split by the delinearization (16 = 4 * 4), and
// a linearization of all the results of a delinearization, cancel.
// CHECK-LABEL: func.func @round_trip
// CHECK:       %[[D:.+]]:2 = affine.delinearize_index %arg1 into (4, 4) : index, index
// CHECK-NEXT:  return %arg0, %[[D]]#0, %[[D]]#1, %arg2 : index, index, index, index
func.func @round_trip(%i: index, %j: index, %k: index) -> (index, index, index, index) {
  %0 = affine.linearize_index disjoint [%i, %j] by (3, 16) : index
  %1:3 = affine.delinearize_index %0 into (3, 4, 4) : index, index, index
  %2:2 = affine.delinearize_index %k into (6, 10) : index, index
  %3 = affine.linearize_index [%2#0, %2#1] by (6, 10) : index
  return %1#0, %1#1, %1#2, %3 : index, index, index, index
}

// A sum of all the results of a delinearization, with its strides, is its
// input; a sum of only some of them stays.
// CHECK-LABEL: func.func @apply_of_all_delinearized
// CHECK:       %[[D:.+]]:3 = affine.delinearize_index %arg0 into (2, 3, 8)
// CHECK-NEXT:  %[[X:.+]] = affine.apply #{{.+}}()[%arg0]
// CHECK-NEXT:  %[[Y:.+]] = affine.apply #{{.+}}()[%[[D]]#2, %[[D]]#1]
// CHECK-NEXT:  memref.store %[[X]], %arg1[%[[Y]]]
func.func @apply_of_all_delinearized(%i: index, %A: memref<?xindex>) {
  %d:3 = affine.delinearize_index %i into (2, 3, 8) : index, index, index
  %x = affine.apply affine_map<()[s0, s1, s2] -> (s2 * 24 + s0 + s1 * 8 + 7)>()[%d#2, %d#1, %d#0]
  %y = affine.apply affine_map<()[s0, s1] -> (s0 + s1 * 8)>()[%d#2, %d#1]
  memref.store %x, %A[%y] : memref<?xindex>
  return
}

// The bounds of affine.parallel are composed with their applies.
// CHECK-LABEL: func.func @parallel_bounds
// CHECK:       affine.parallel (%{{.+}}) = (0) to (symbol(%arg1) * 2 + 8) {
func.func @parallel_bounds(%A: memref<64xf32>, %n: index) {
  %cst = arith.constant 0.0 : f32
  %c8 = arith.constant 8 : index
  %m = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%n]
  affine.parallel (%i) = (0) to (%c8 + %m) {
    affine.store %cst, %A[%i] : memref<64xf32>
  }
  return
}

// affine.prefetch maps are composed; a load reads through memref.cast.
// CHECK-LABEL: func.func @prefetch_and_cast
// CHECK:         affine.prefetch %arg0[%{{.+}} * 16 + 1], write, locality<1>, data : memref<64xf32>
// CHECK:       %[[V:.+]] = affine.load %arg0[3] : memref<64xf32>
// CHECK-NEXT:  return %[[V]] : f32
func.func @prefetch_and_cast(%A: memref<64xf32>) -> f32 {
  %c = memref.cast %A : memref<64xf32> to memref<?xf32>
  %r = affine.for %i = 0 to 4 iter_args(%acc = %A) -> (memref<64xf32>) {
    %j = affine.apply affine_map<(d0) -> (d0 * 16 + 1)>(%i)
    affine.prefetch %A[%j], write, locality<1>, data : memref<64xf32>
    affine.yield %acc : memref<64xf32>
  }
  %v = affine.load %c[3] : memref<?xf32>
  return %v : f32
}

memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
memref.global "private" @mutable : memref<2xi32> = dense<[7, 8]>

// A load of a constant global at constant indices is the element; not at
// unknown indices, nor from a global that is not constant.
// CHECK-LABEL: func.func @constant_global
// CHECK:       %[[C6:.+]] = arith.constant 6 : i32
// CHECK:       %[[B:.+]] = affine.load %{{.+}}[symbol(%arg0), 0] : memref<2x3xi32>
// CHECK-NEXT:  %[[C:.+]] = affine.load %{{.+}}[1] : memref<2xi32>
// CHECK-NEXT:  return %[[C6]], %[[B]], %[[C]] : i32, i32, i32
func.func @constant_global(%i: index) -> (i32, i32, i32) {
  %t = memref.get_global @table : memref<2x3xi32>
  %m = memref.get_global @mutable : memref<2xi32>
  %a = affine.load %t[1, 2] : memref<2x3xi32>
  %b = affine.load %t[%i, 0] : memref<2x3xi32>
  %c = affine.load %m[1] : memref<2xi32>
  return %a, %b, %c : i32, i32, i32
}
