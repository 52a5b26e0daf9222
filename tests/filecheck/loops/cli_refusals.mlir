// RUN: (! polymlir tile --sizes 4,4 --loops i,j %s 2>&1) | filecheck %s --check-prefix=TILE
// RUN: (! polymlir interchange --order j,i %s 2>&1) | filecheck %s --check-prefix=XCHG
// RUN: (! polymlir tile --sizes 4,0 --loops i,j %s 2>&1) | filecheck %s --check-prefix=SIZE
// RUN: (! polymlir tile --sizes 4 --loops q %s 2>&1) | filecheck %s --check-prefix=NAME
// RUN: polymlir tile --sizes 4,4 %s 2>&1 >/dev/null | filecheck %s --check-prefix=AUTO --allow-empty
// A[i][j] = A[i-1][j+1] has the dependence distance (1, -1): neither tiling
// nor interchange keeps it; refusals are located errors with a hint.

// TILE: cli_refusals.mlir:20:3: error: cannot tile loops i, j: flow dependence from affine.store at {{.*}}cli_refusals.mlir:23:7 to affine.load at {{.*}}cli_refusals.mlir:22:12 has distance (1, -1)
// TILE-NEXT: affine.for %i = 1 to 63 {
// TILE-NEXT: ^
// TILE: note: hint: skew j by i first
// XCHG: error: cannot permute loops i, j to j, i: flow dependence from affine.store {{.*}} has distance (1, -1)
// SIZE: error: tile size 0 for loop j must be a positive integer
// NAME: error: no loop 'q' in function @f (loops: i, j)
// NAME-NOT: Traceback
// Without --loops the longest legal prefix of each band is tiled (here i alone).
// AUTO-NOT: error
func.func @f(%A: memref<64x64xf64>) {
  affine.for %i = 1 to 63 {
    affine.for %j = 1 to 63 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<64x64xf64>
      affine.store %a, %A[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
