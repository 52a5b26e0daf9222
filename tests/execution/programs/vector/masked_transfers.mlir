// vector.mask around n-D transfers (as masked vectorization emits them).
// UPSTREAM-PIPELINE: -lower-vector-mask -test-lower-to-llvm
func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %A = memref.alloc() : memref<4x4xf32>
  %init = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]> : vector<4x4xf32>
  vector.transfer_write %init, %A[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32>
  %pad = arith.constant -1.0 : f32
  %m = vector.create_mask %c3, %c2 : vector<4x4xi1>
  %r = vector.mask %m { vector.transfer_read %A[%c0, %c0], %pad {in_bounds = [true, true]} : memref<4x4xf32>, vector<4x4xf32> } : vector<4x4xi1> -> vector<4x4xf32>
  vector.print %r : vector<4x4xf32>
  %w = arith.constant dense<-5.0> : vector<4x4xf32>
  %m2 = vector.create_mask %c2, %c3 : vector<4x4xi1>
  vector.mask %m2 { vector.transfer_write %w, %A[%c1, %c1] : vector<4x4xf32>, memref<4x4xf32> } : vector<4x4xi1>
  %all = vector.transfer_read %A[%c0, %c0], %pad : memref<4x4xf32>, vector<4x4xf32>
  vector.print %all : vector<4x4xf32>
  %m1 = vector.create_mask %c3 : vector<4xi1>
  %r3 = vector.mask %m1 { vector.transfer_read %A[%c3, %c1], %pad : memref<4x4xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  vector.print %r3 : vector<4xf32>
  memref.dealloc %A : memref<4x4xf32>
  return
}
