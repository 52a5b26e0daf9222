// 1-D transfers on memrefs whose last dim is not contiguous (static and
// dynamic strides) and on memrefs of vectors. Only 1-D ops, so the file
// also lowers with convert-vector-to-llvm alone (gathers/scatters).
func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %A = memref.alloc() : memref<4x6xf32>
  %r0 = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : vector<6xf32>
  %r1 = arith.constant dense<[10.0, 11.0, 12.0, 13.0, 14.0, 15.0]> : vector<6xf32>
  %r2 = arith.constant dense<[20.0, 21.0, 22.0, 23.0, 24.0, 25.0]> : vector<6xf32>
  %r3 = arith.constant dense<[30.0, 31.0, 32.0, 33.0, 34.0, 35.0]> : vector<6xf32>
  vector.store %r0, %A[%c0, %c0] : memref<4x6xf32>, vector<6xf32>
  vector.store %r1, %A[%c1, %c0] : memref<4x6xf32>, vector<6xf32>
  vector.store %r2, %A[%c2, %c0] : memref<4x6xf32>, vector<6xf32>
  vector.store %r3, %A[%c3, %c0] : memref<4x6xf32>, vector<6xf32>
  %B = memref.reinterpret_cast %A to offset: [0], sizes: [4, 3], strides: [6, 2] : memref<4x6xf32> to memref<4x3xf32, strided<[6, 2]>>
  %p = arith.constant -1.0 : f32
  %v = vector.transfer_read %B[%c2, %c1], %p : memref<4x3xf32, strided<[6, 2]>>, vector<3xf32>
  vector.print %v : vector<3xf32>
  %D = memref.reinterpret_cast %A to offset: [%c1], sizes: [%c2, %c2], strides: [%c2, %c2] : memref<4x6xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %w = vector.transfer_read %D[%c1, %c0], %p : memref<?x?xf32, strided<[?, ?], offset: ?>>, vector<3xf32>
  vector.print %w : vector<3xf32>
  %m = arith.constant dense<[true, false, true]> : vector<3xi1>
  %wm = vector.transfer_read %B[%c0, %c0], %p, %m {in_bounds = [true]} : memref<4x3xf32, strided<[6, 2]>>, vector<3xf32>
  vector.print %wm : vector<3xf32>
  %n = arith.constant dense<[-7.0, -8.0, -9.0]> : vector<3xf32>
  vector.transfer_write %n, %B[%c1, %c1] : vector<3xf32>, memref<4x3xf32, strided<[6, 2]>>
  vector.transfer_write %n, %B[%c3, %c0], %m : vector<3xf32>, memref<4x3xf32, strided<[6, 2]>>
  %l1 = vector.load %A[%c1, %c0] : memref<4x6xf32>, vector<6xf32>
  vector.print %l1 : vector<6xf32>
  %l3 = vector.load %A[%c3, %c0] : memref<4x6xf32>, vector<6xf32>
  vector.print %l3 : vector<6xf32>
  %V = memref.alloc() : memref<2xvector<3xi32>>
  %iv = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %ip = arith.constant dense<0> : vector<3xi32>
  vector.transfer_write %iv, %V[%c1] : vector<3xi32>, memref<2xvector<3xi32>>
  %rv = vector.transfer_read %V[%c1], %ip : memref<2xvector<3xi32>>, vector<3xi32>
  vector.print %rv : vector<3xi32>
  memref.dealloc %V : memref<2xvector<3xi32>>
  memref.dealloc %A : memref<4x6xf32>
  return
}
