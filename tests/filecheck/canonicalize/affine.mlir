// RUN: polymlir opt %s --canonicalize | filecheck %s
// Affine canonicalizations, checked against what mlir-opt-22 --canonicalize
// prints for this file (tests/unit/test_canonicalize_cse.py runs these CHECK
// lines on upstream's output too).

// CHECK-DAG: #[[ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[P4:.+]] = affine_map<(d0) -> (d0 + 4)>
// CHECK-DAG: #[[S2:.+]] = affine_map<()[s0] -> (s0 * 2)>
// CHECK-DAG: #[[SP2:.+]] = affine_map<()[s0] -> (s0 + 2)>
// CHECK-DAG: #[[MIN2:.+]] = affine_map<()[s0] -> (16, s0 + 5)>
// CHECK-DAG: #[[MIN3:.+]] = affine_map<()[s0] -> (8, 16, s0 + 2)>
// CHECK-DAG: #[[SET:.+]] = affine_set<()[s0] : (s0 - 4 >= 0)>

// Unrolled code: affine.apply chains are composed into loads and stores.
// CHECK-LABEL: func.func @compose_into_accesses
// CHECK:       affine.for %[[I:.+]] = 0 to 16 step 4 {
// CHECK-NEXT:    affine.for %[[J:.+]] = 0 to 16 {
// CHECK-NEXT:      %[[V:.+]] = affine.load %arg0[%[[I]] + 1, %[[J]]] : memref<16x16xf64>
// CHECK-NEXT:      affine.store %[[V]], %arg0[%[[I]] * 2, %[[J]]] : memref<16x16xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  return
func.func @compose_into_accesses(%A: memref<16x16xf64>) {
  affine.for %i = 0 to 16 step 4 {
    affine.for %j = 0 to 16 {
      %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
      %b = affine.apply affine_map<(d0) -> (d0 * 2)>(%a)
      %v = affine.load %A[%a, %j] : memref<16x16xf64>
      affine.store %v, %A[%b - 2, %j] : memref<16x16xf64>
    }
  }
  return
}

// Constant operands fold into the maps; a value valid as a symbol that is
// used as a dim becomes a symbol; the constant, now unused, is erased.
// CHECK-LABEL: func.func @fold_constants
// CHECK-NOT:   arith.constant
// CHECK:       affine.for %[[I:.+]] = 0 to 8 {
// CHECK-NEXT:    %[[V:.+]] = affine.load %arg0[%[[I]] + 3] : memref<16xf64>
// CHECK-NEXT:    affine.store %[[V]], %arg0[symbol(%arg1) + 3] : memref<16xf64>
func.func @fold_constants(%A: memref<16xf64>, %n: index) {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i + %c3] : memref<16xf64>
    %k = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%n, %c3)
    affine.store %v, %A[%k] : memref<16xf64>
  }
  return
}

// Tile loop bounds: an apply feeding a bound is composed in; a min result
// that can never be the minimum (d0 + 4 <= 16 for d0 in [0, 12]) is dropped.
// CHECK-LABEL: func.func @loop_bounds
// CHECK:       affine.for %[[II:.+]] = 0 to 16 step 4 {
// CHECK-NEXT:    affine.for %[[I:.+]] = #[[ID]](%[[II]]) to #[[P4]](%[[II]]) {
func.func @loop_bounds(%A: memref<16xf64>) {
  affine.for %ii = 0 to 16 step 4 {
    %lb = affine.apply affine_map<(d0) -> (d0)>(%ii)
    affine.for %i = affine_map<(d0) -> (d0)>(%lb) to min affine_map<(d0) -> (d0 + 4, 16)>(%ii) {
      %v = affine.load %A[%i] : memref<16xf64>
      affine.store %v, %A[%i] : memref<16xf64>
    }
  }
  return
}

// A bound that is constant after folding; duplicate bound operands merge.
// CHECK-LABEL: func.func @constant_and_duplicate_bounds
// CHECK:       affine.for %{{.+}} = 3 to #[[S2]]()[%arg1] {
func.func @constant_and_duplicate_bounds(%A: memref<16xf64>, %n: index) {
  %c2 = arith.constant 2 : index
  affine.for %i = affine_map<(d0) -> (d0 + 1)>(%c2) to affine_map<(d0, d1) -> (d0 + d1)>(%n, %n) {
    %v = affine.load %A[%i] : memref<16xf64>
    affine.store %v, %A[%i] : memref<16xf64>
  }
  return
}

// affine.min / affine.max: one result makes an apply, constant results
// fold, duplicates go, results are sorted by their flat forms.
// CHECK-LABEL: func.func @min_max
// CHECK-NEXT:  %[[C7:.+]] = arith.constant 7 : index
// CHECK-NEXT:  %[[A:.+]] = affine.apply #[[SP2]]()[%arg0]
// CHECK-NEXT:  %[[C:.+]] = affine.min #[[MIN2]]()[%arg0]
// CHECK-NEXT:  %[[D:.+]] = affine.min #[[MIN3]]()[%arg0]
// CHECK-NEXT:  return %[[A]], %[[C7]], %[[C]], %[[D]]
func.func @min_max(%n: index) -> (index, index, index, index) {
  %c5 = arith.constant 5 : index
  %a = affine.max affine_map<(d0) -> (d0 + 2)>(%n)
  %b = affine.min affine_map<(d0) -> (d0 + 3, 7)>(%c5)
  %c = affine.min affine_map<(d0)[s0] -> (d0 + s0, 16, d0 + s0)>(%n)[%c5]
  %d = affine.min affine_map<(d0) -> (16, d0 + 2, 8)>(%n)
  return %a, %b, %c, %d : index, index, index, index
}

// The trivially true (0 == 0) and empty (1 == 0) conditions are resolved;
// an else that only yields is dropped.
// CHECK-LABEL: func.func @if_conditions
// CHECK-NEXT:  affine.store %arg1, %arg0[0] : memref<16xf64>
// CHECK-NEXT:  affine.store %arg1, %arg0[2] : memref<16xf64>
// CHECK-NEXT:  affine.if #[[SET]]()[%arg2] {
// CHECK-NEXT:    affine.store %arg1, %arg0[symbol(%arg2)] : memref<16xf64>
// CHECK-NEXT:  }
// CHECK-NEXT:  return
func.func @if_conditions(%A: memref<16xf64>, %x: f64, %i: index) {
  affine.if affine_set<() : (0 == 0)>() {
    affine.store %x, %A[0] : memref<16xf64>
  }
  affine.if affine_set<() : (1 == 0)>() {
    affine.store %x, %A[1] : memref<16xf64>
  } else {
    affine.store %x, %A[2] : memref<16xf64>
  }
  affine.if affine_set<() : (1 == 0)>() {
    affine.store %x, %A[3] : memref<16xf64>
  }
  affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%i) {
    affine.store %x, %A[%i] : memref<16xf64>
  } else {
  }
  return
}

// Loops whose bodies only yield, and a loop with results that never runs.
// CHECK-LABEL: func.func @empty_loops
// CHECK-NEXT:  return %arg0, %arg0 : f64, f64
func.func @empty_loops(%x: f64, %n: index) -> (f64, f64) {
  affine.for %i = 0 to 10 {
  }
  %r = affine.for %i = 0 to %n iter_args(%a = %x) -> (f64) {
    affine.yield %a : f64
  }
  %s = affine.for %i = 5 to 5 iter_args(%a = %x) -> (f64) {
    %b = arith.addf %a, %a : f64
    affine.yield %b : f64
  }
  return %r, %s : f64, f64
}

// Dead pure ops go; so does an unused load (reads are droppable). Stores stay.
// CHECK-LABEL: func.func @dead_code
// CHECK-NEXT:  %[[V:.+]] = affine.load %arg0[symbol(%arg1)] : memref<16xf64>
// CHECK-NEXT:  affine.store %[[V]], %arg0[0] : memref<16xf64>
// CHECK-NEXT:  return
func.func @dead_code(%A: memref<16xf64>, %i: index) {
  %v = affine.load %A[%i] : memref<16xf64>
  %w = arith.mulf %v, %v : f64
  %u = affine.load %A[%i + 1] : memref<16xf64>
  %k = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
  affine.store %v, %A[0] : memref<16xf64>
  return
}
