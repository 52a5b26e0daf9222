// RUN: polymlir opt %s --canonicalize=loop-cleanup | filecheck %s
// RUN: polymlir opt %s --canonicalize | filecheck %s --check-prefix=UPSTREAM
// loop-cleanup (a polymlir option, not upstream's): loops that never run are
// erased, loops that run once are replaced by their body (upstream's
// promoteIfSingleIteration: the IV becomes the lower bound, iter_args their
// initial values, results the yielded values), and affine.if ops whose
// constraints are all constants are resolved. Without it, canonicalize
// keeps them, as mlir-opt-22 does.

// CHECK-LABEL: func.func @single_iteration_constant
// CHECK-NEXT:  %[[V:.+]] = affine.load %arg0[3] : memref<16xf64>
// CHECK-NEXT:  affine.store %[[V]], %arg0[4] : memref<16xf64>
// CHECK-NEXT:  return
// UPSTREAM-LABEL: func.func @single_iteration_constant
// UPSTREAM-NEXT:  affine.for %{{.+}} = 3 to 4 {
func.func @single_iteration_constant(%A: memref<16xf64>) {
  affine.for %i = 3 to 4 {
    %v = affine.load %A[%i] : memref<16xf64>
    affine.store %v, %A[%i + 1] : memref<16xf64>
  }
  return
}

// The cleanup loop of an unrolled tile runs once: its IV becomes %ii + 3.
// CHECK-LABEL: func.func @single_iteration_tile
// CHECK:       affine.for %[[II:.+]] = 0 to 16 step 4 {
// CHECK-NEXT:    %[[V:.+]] = affine.load %arg0[%[[II]] + 3] : memref<16xf64>
// CHECK-NEXT:    affine.store %[[V]], %arg0[%[[II]] + 3] : memref<16xf64>
// CHECK-NEXT:  }
func.func @single_iteration_tile(%A: memref<16xf64>) {
  affine.for %ii = 0 to 16 step 4 {
    affine.for %i = affine_map<(d0) -> (d0 + 3)>(%ii) to affine_map<(d0) -> (d0 + 4)>(%ii) {
      %v = affine.load %A[%i] : memref<16xf64>
      affine.store %v, %A[%i] : memref<16xf64>
    }
  }
  return
}

// A lower bound that is a bare operand replaces the IV directly.
// CHECK-LABEL: func.func @single_iteration_operand
// CHECK:       affine.for %[[J:.+]] = 0 to 8 {
// CHECK-NEXT:    affine.load %arg0[%[[J]]] : memref<16xf64>
func.func @single_iteration_operand(%A: memref<16xf64>) {
  affine.for %j = 0 to 8 {
    affine.for %i = affine_map<(d0) -> (d0)>(%j) to affine_map<(d0) -> (d0 + 1)>(%j) {
      %v = affine.load %A[%i] : memref<16xf64>
      affine.store %v, %A[%i + 8] : memref<16xf64>
    }
  }
  return
}

// iter_args take their initial values, the results the yielded ones.
// CHECK-LABEL: func.func @single_iteration_reduction
// CHECK-NEXT:  %[[V:.+]] = affine.load %arg0[5] : memref<16xf64>
// CHECK-NEXT:  %[[S:.+]] = arith.addf %arg1, %[[V]] : f64
// CHECK-NEXT:  return %[[S]] : f64
func.func @single_iteration_reduction(%A: memref<16xf64>, %init: f64) -> f64 {
  %r = affine.for %i = 5 to 6 iter_args(%acc = %init) -> (f64) {
    %v = affine.load %A[%i] : memref<16xf64>
    %s = arith.addf %acc, %v : f64
    affine.yield %s : f64
  }
  return %r : f64
}

// Loops that never run: erased (with results: upstream folds those too).
// CHECK-LABEL: func.func @zero_trip
// CHECK-NEXT:  return
// UPSTREAM-LABEL: func.func @zero_trip
// UPSTREAM-NEXT:  affine.for %{{.+}} = 7 to 2 {
// UPSTREAM:       affine.for %{{.+}} = #{{.+}}(%{{.+}}) to #{{.+}}(%{{.+}}) {
func.func @zero_trip(%A: memref<16xf64>, %x: f64) {
  affine.for %i = 7 to 2 {
    affine.store %x, %A[%i] : memref<16xf64>
  }
  affine.for %j = 0 to 4 {
    affine.for %i = affine_map<(d0) -> (d0 + 2)>(%j) to affine_map<(d0) -> (d0 + 2)>(%j) {
      affine.store %x, %A[%i] : memref<16xf64>
    }
  }
  return
}

// Constant conditions: (2 >= 0) holds, (-1 >= 0) does not.
// CHECK-LABEL: func.func @constant_conditions
// CHECK-NEXT:  affine.store %arg1, %arg0[0] : memref<16xf64>
// CHECK-NEXT:  affine.store %arg1, %arg0[3] : memref<16xf64>
// CHECK-NEXT:  return
// UPSTREAM-LABEL: func.func @constant_conditions
// UPSTREAM-NEXT:  affine.if
func.func @constant_conditions(%A: memref<16xf64>, %x: f64) {
  %c5 = arith.constant 5 : index
  affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%c5) {
    affine.store %x, %A[0] : memref<16xf64>
  }
  affine.if affine_set<(d0) : (d0 - 6 >= 0)>(%c5) {
    affine.store %x, %A[1] : memref<16xf64>
  }
  affine.if affine_set<(d0) : (d0 - 6 >= 0)>(%c5) {
    affine.store %x, %A[2] : memref<16xf64>
  } else {
    affine.store %x, %A[3] : memref<16xf64>
  }
  return
}
