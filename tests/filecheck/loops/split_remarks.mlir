// RUN: polymlir opt %s --split-input-file --verify-diagnostics --pass-remarks-missed=. --affine-loop-tile="tile-size=4"
// Each chunk's remarks are reported with that chunk only.

func.func @f(%A: memref<64x64xf64>) {
  // expected-remark@+1 {{not tiled: cannot tile loops i, j: flow dependence}}
  affine.for %i = 1 to 63 {
    affine.for %j = 1 to 63 {
      %a = affine.load %A[%i - 1, %j + 1] : memref<64x64xf64>
      affine.store %a, %A[%i, %j] : memref<64x64xf64>
    }
  }
  return
}

// -----

func.func @g(%A: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      affine.store %a, %A[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
