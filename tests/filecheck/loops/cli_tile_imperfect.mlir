// RUN: polymlir tile --sizes 4,5 --loops i,j --func rowsum %s | filecheck %s
// RUN: polymlir tile --sizes 4,5 --loops i,j --func rowsum %s | mlir-opt-22 > /dev/null
// RUN: polymlir tile --sizes 4,5 --func rowsum --trace %s 2>&1 >/dev/null | filecheck %s --check-prefix=TRACE
// RUN: (! polymlir tile --sizes 2,4 --loops i,j --func recurrence %s 2>&1) | filecheck %s --check-prefix=REFUSED
// RUN: polymlir opt --pass-pipeline='builtin.module(func.func(affine-loop-tile{tile-size=4}))' %s | filecheck %s --check-prefix=PASS
// RUN: mlir-opt-22 --pass-pipeline='builtin.module(func.func(affine-loop-tile{tile-size=4}))' %s | filecheck %s --check-prefix=PASS
// REQUIRES: mlir-opt
// An imperfect band (ops between its loops) is tiled through its schedule:
// the statement before the j loop runs with the first j tile (an affine.if
// on the j tile), the one after it with the last; isl regenerates the nest.
// The affine-loop-tile pass keeps upstream's behaviour (perfect bands only:
// here the i loops alone), checked against mlir-opt-22 itself.

// CHECK-LABEL: func.func @rowsum
// CHECK:       affine.for %[[IT:.+]] = 0 to 3 {
// CHECK-NEXT:    affine.for %[[JT:.+]] = 0 to 3 {
// CHECK-NEXT:      affine.for %[[I:.+]] = #{{.+}}(%[[IT]]) to min #{{.+}}(%[[IT]]) {
// CHECK-NEXT:        affine.if #[[FIRST:.+]](%[[JT]]) {
// CHECK:               affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<10xf64>
// CHECK:             affine.for %[[J:.+]] = #{{.+}}(%[[JT]]) to min #{{.+}}(%[[JT]]) {
// CHECK:               affine.load %{{.*}}[%[[I]], %[[J]]] : memref<10x13xf64>
// CHECK:             affine.if #[[LAST:.+]](%[[JT]]) {
// CHECK:               affine.store %{{.*}}, %{{.*}}[%[[I]]] : memref<10xf64>
// TRACE: [{"op": "tile", "loops": ["i", "j"], "sizes": [4, 5], "made": {"tile": ["i_tile", "j_tile"], "point": ["i", "j"]}}]
// REFUSED: cli_tile_imperfect.mlir:57:3: error: cannot tile loops i, j: flow dependence from affine.store at {{.*}}cli_tile_imperfect.mlir:65:5 to affine.load at {{.*}}cli_tile_imperfect.mlir:59:12 has distance (1)
// REFUSED-NEXT: affine.for %i = 0 to 10 {
// REFUSED-NEXT: ^
// PASS-LABEL: func.func @rowsum
// PASS:       affine.for %{{.*}} = 0 to 10 step 4 {
// PASS-NEXT:    affine.for %{{.*}} = #{{.*}}(%{{.*}}) to min #{{.*}}(%{{.*}}) {
// PASS-NEXT:      affine.store
// PASS-NEXT:      affine.for %{{.*}} = 0 to 13 {
// PASS-LABEL: func.func @recurrence
// PASS:       affine.for %{{.*}} = 0 to 10 step 4 {
// PASS-NEXT:    affine.for %{{.*}} = #{{.*}}(%{{.*}}) to min #{{.*}}(%{{.*}}) {
// PASS-NEXT:      affine.for %{{.*}} = 0 to 12 {
func.func @rowsum(%A: memref<10x13xf64>, %S: memref<10xf64>, %T: memref<10xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 10 {
    affine.store %zero, %S[%i] : memref<10xf64>
    affine.for %j = 0 to 13 {
      %a = affine.load %A[%i, %j] : memref<10x13xf64>
      %s = affine.load %S[%i] : memref<10xf64>
      %n = arith.addf %s, %a : f64
      affine.store %n, %S[%i] : memref<10xf64>
    }
    %r = affine.load %S[%i] : memref<10xf64>
    %t = arith.mulf %r, %r : f64
    affine.store %t, %T[%i] : memref<10xf64>
  }
  return
}

// s[i + 1] needs all of row i and row i + 1 needs it: no tile of j holds it
// once two rows share an i tile.
func.func @recurrence(%A: memref<10x12xf64>, %B: memref<10x12xf64>, %s: memref<11xf64>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %x = affine.load %s[%i] : memref<11xf64>
      %b = affine.load %B[%i, %j] : memref<10x12xf64>
      %y = arith.mulf %x, %b : f64
      affine.store %y, %A[%i, %j] : memref<10x12xf64>
    }
    %l = affine.load %A[%i, 11] : memref<10x12xf64>
    affine.store %l, %s[%i + 1] : memref<11xf64>
  }
  return
}
