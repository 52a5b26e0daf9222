// RUN: polymlir parallelize --func mm %s | filecheck %s --check-prefix=PAR
// RUN: polymlir unroll --loop k --factor 4 --func mm %s | filecheck %s --check-prefix=UNROLL
// RUN: polymlir unroll-jam --loop i --factor 2 --func mm %s | filecheck %s --check-prefix=JAM
// RUN: polymlir fuse --nests 0,1 --contract --func chain %s | filecheck %s --check-prefix=FUSE
// RUN: polymlir distribute --loop d --func two %s | filecheck %s --check-prefix=DIST
// RUN: polymlir tile --sizes 4,4 --loops i,j --func mm %s | (! polymlir promote --loop %arg3 --func mm - 2>&1) | filecheck %s --check-prefix=BADNAME
// RUN: polymlir tile --sizes 4,4 --loops i,j --func mm %s | polymlir promote --loop j_tile --func mm - | filecheck %s --check-prefix=PROMOTE
// RUN: polymlir apply --trace '[{"op": "interchange", "loops": ["i", "k", "j"]}]' --func mm %s | filecheck %s --check-prefix=APPLY
// RUN: polymlir parallelize --func mm %s | mlir-opt-22 > /dev/null
// RUN: polymlir fuse --nests 0,1 --contract --func chain %s | mlir-opt-22 > /dev/null
// REQUIRES: mlir-opt

// PAR-LABEL: func.func @mm
// PAR: affine.parallel (%{{.*}}) = (0) to (16) {
// PAR-NEXT: affine.for %{{.*}} = 0 to 16 {
// UNROLL-LABEL: func.func @mm
// UNROLL: affine.for %{{.*}} = 0 to 16 step 4 {
// JAM-LABEL: func.func @mm
// JAM: affine.for %{{.*}} = 0 to 16 step 2 {
// APPLY-LABEL: func.func @mm
// APPLY: affine.for %[[I:.*]] = 0 to 16 {
// APPLY-NEXT: affine.for %[[K:.*]] = 0 to 16 {
// APPLY-NEXT: affine.for %[[J:.*]] = 0 to 16 {
// APPLY-NEXT: affine.load %{{.*}}[%[[I]], %[[K]]]
// BADNAME: error: no loop '%arg3'
// Printed loops keep their source names (the tile loops of i, j are i_tile, j_tile): the next step selects them so.
// PROMOTE-LABEL: func.func @mm
// PROMOTE: memref.alloc() : memref<4x16xf64>
func.func @mm(%A: memref<16x16xf64>, %B: memref<16x16xf64>, %C: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf64>
        %b = affine.load %B[%k, %j] : memref<16x16xf64>
        %c = affine.load %C[%i, %j] : memref<16x16xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<16x16xf64>
      }
    }
  }
  return
}

// FUSE-LABEL: func.func @chain
// FUSE: memref.alloc() : memref<1xf64>
// FUSE: affine.for
// FUSE-NOT: affine.for
// FUSE: return
func.func @chain(%A: memref<64xf64>, %C: memref<64xf64>) {
  %t = memref.alloc() : memref<64xf64>
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    %b = arith.addf %a, %a : f64
    affine.store %b, %t[%i] : memref<64xf64>
  }
  affine.for %j = 0 to 64 {
    %x = affine.load %t[%j] : memref<64xf64>
    %y = arith.mulf %x, %x : f64
    affine.store %y, %C[%j] : memref<64xf64>
  }
  memref.dealloc %t : memref<64xf64>
  return
}

// DIST-LABEL: func.func @two
// DIST: affine.for
// DIST: affine.store %{{.*}}, %A
// DIST: affine.for
// DIST: affine.store %{{.*}}, %B
func.func @two(%A: memref<64xf64>, %B: memref<64xf64>, %s: f64) {
  affine.for %d = 0 to 64 {
    affine.store %s, %A[%d] : memref<64xf64>
    affine.store %s, %B[%d] : memref<64xf64>
  }
  return
}
