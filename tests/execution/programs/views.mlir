func.func @kernel(%A: memref<6x8xf64>, %B: memref<24xf64>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sv = memref.subview %A[1, %c2] [3, 4] [1, 2] : memref<6x8xf64> to memref<3x4xf64, strided<[8, 2], offset: ?>>
  %e = memref.expand_shape %B [[0, 1]] output_shape [4, 6] : memref<24xf64> into memref<4x6xf64>
  %col = memref.collapse_shape %e [[0, 1]] : memref<4x6xf64> into memref<24xf64>
  %t = memref.transpose %A (i, j) -> (j, i) : memref<6x8xf64> to memref<8x6xf64, strided<[1, 8]>>
  %r = memref.subview %A[2, 0] [1, 8] [1, 1] : memref<6x8xf64> to memref<8xf64, strided<[1], offset: 16>>
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %v = memref.load %sv[%i, %j] : memref<3x4xf64, strided<[8, 2], offset: ?>>
      %w = memref.load %t[%j, %i] : memref<8x6xf64, strided<[1, 8]>>
      %x = memref.load %r[%j] : memref<8xf64, strided<[1], offset: 16>>
      %s = arith.addf %v, %w : f64
      %s2 = arith.addf %s, %x : f64
      memref.store %s2, %e[%i, %j] : memref<4x6xf64>
    }
  }
  %c5 = arith.constant 5 : index
  %y = memref.load %col[%c5] : memref<24xf64>
  memref.store %y, %B[%c1] : memref<24xf64>
  return
}
