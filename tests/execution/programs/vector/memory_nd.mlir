// n-D vector.load/store (unrolled into row accesses; upstream 22's
// convert-vector-to-llvm only lowers 1-D ones) and n-D extract/insert at
// dynamic positions (through a stack slot; upstream leaves them).
// Expected output checked by hand.
func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %A = memref.alloc() : memref<3x4xi32>
  %z = arith.constant dense<0> : vector<3x4xi32>
  vector.store %z, %A[%c0, %c0] : memref<3x4xi32>, vector<3x4xi32>
  %v = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  vector.store %v, %A[%c1, %c1] : memref<3x4xi32>, vector<2x3xi32>
  %all = vector.load %A[%c0, %c0] : memref<3x4xi32>, vector<3x4xi32>
  vector.print %all : vector<3x4xi32>
  %l = vector.load %A[%c1, %c0] : memref<3x4xi32>, vector<2x2xi32>
  vector.print %l : vector<2x2xi32>
  %r = vector.extract %all[%c2] : vector<4xi32> from vector<3x4xi32>
  vector.print %r : vector<4xi32>
  %e = vector.extract %all[%c1, %c2] : i32 from vector<3x4xi32>
  vector.print %e : i32
  %k = arith.constant -9 : i32
  %i = vector.insert %k, %all[%c2, %c0] : i32 into vector<3x4xi32>
  vector.print %i : vector<3x4xi32>
  %row = arith.constant dense<7> : vector<4xi32>
  %j = vector.insert %row, %i[%c0] : vector<4xi32> into vector<3x4xi32>
  vector.print %j : vector<3x4xi32>
  memref.dealloc %A : memref<3x4xi32>
  return
}
