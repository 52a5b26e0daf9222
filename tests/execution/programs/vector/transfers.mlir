// vector.transfer_read / transfer_write: n-D, masks, permutation maps with
// broadcasts, in_bounds, out-of-bounds starts, strided 1-D, 0-D.
func.func @fill(%A: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %A, %c0 : memref<?x?x?xf32>
  %d1 = memref.dim %A, %c1 : memref<?x?x?xf32>
  %c2 = arith.constant 2 : index
  %d2 = memref.dim %A, %c2 : memref<?x?x?xf32>
  scf.for %i = %c0 to %d0 step %c1 {
    scf.for %j = %c0 to %d1 step %c1 {
      scf.for %k = %c0 to %d2 step %c1 {
        %a = arith.muli %i, %c2 : index
        %c10 = arith.constant 10 : index
        %b = arith.muli %j, %c10 : index
        %c100 = arith.constant 100 : index
        %c = arith.muli %i, %c100 : index
        %s0 = arith.addi %b, %k : index
        %s1 = arith.addi %s0, %c : index
        %t = arith.index_cast %s1 : index to i32
        %f = arith.sitofp %t : i32 to f32
        memref.store %f, %A[%i, %j, %k] : memref<?x?x?xf32>
      }
    }
  }
  return
}

func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant -1.0 : f32
  %A = memref.alloc(%c3, %c3, %c3) : memref<?x?x?xf32>
  call @fill(%A) : (memref<?x?x?xf32>) -> ()
  // 3-D read, partially out of bounds in every dim
  %r0 = vector.transfer_read %A[%c1, %c1, %c1], %pad : memref<?x?x?xf32>, vector<3x3x3xf32>
  vector.print %r0 : vector<3x3x3xf32>
  // 2-D read of dims (0, 2)
  %r1 = vector.transfer_read %A[%c0, %c1, %c0], %pad {permutation_map = affine_map<(d0, d1, d2) -> (d0, d2)>} : memref<?x?x?xf32>, vector<4x4xf32>
  vector.print %r1 : vector<4x4xf32>
  // 2-D read of dims (0, 1): a strided inner dim
  %r2 = vector.transfer_read %A[%c0, %c0, %c2], %pad {permutation_map = affine_map<(d0, d1, d2) -> (d0, d1)>} : memref<?x?x?xf32>, vector<2x4xf32>
  vector.print %r2 : vector<2x4xf32>
  // transposing 3-D read with a mask and a broadcast dim
  %m3 = arith.constant dense<[[1, 0, 1, 1], [1, 1, 0, 1]]> : vector<2x4xi1>
  %r3 = vector.transfer_read %A[%c0, %c1, %c0], %pad, %m3 {permutation_map = affine_map<(d0, d1, d2) -> (d2, 0, d0)>, in_bounds = [false, true, false]} : memref<?x?x?xf32>, vector<4x2x2xf32>
  vector.print %r3 : vector<4x2x2xf32>
  // in_bounds reads
  %r4 = vector.transfer_read %A[%c0, %c1, %c0], %pad {in_bounds = [true, true]} : memref<?x?x?xf32>, vector<2x3xf32>
  vector.print %r4 : vector<2x3xf32>
  // broadcast-only read (0-D)
  %r6 = vector.transfer_read %A[%c1, %c2, %c1], %pad {permutation_map = affine_map<(d0, d1, d2) -> (0, 0)>, in_bounds = [true, true]} : memref<?x?x?xf32>, vector<2x2xf32>
  vector.print %r6 : vector<2x2xf32>
  // 0-D transfers
  %r7 = vector.transfer_read %A[%c2, %c2, %c2], %pad : memref<?x?x?xf32>, vector<f32>
  vector.print %r7 : vector<f32>
  %z = arith.constant dense<42.0> : vector<f32>
  vector.transfer_write %z, %A[%c0, %c0, %c0] : vector<f32>, memref<?x?x?xf32>
  // writes: n-D with mask, out of bounds, transposed
  %w = arith.constant dense<[[7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0]]> : vector<2x4xf32>
  %wm = arith.constant dense<[[1, 1, 0, 1], [0, 1, 1, 1]]> : vector<2x4xi1>
  vector.transfer_write %w, %A[%c1, %c1, %c0], %wm {permutation_map = affine_map<(d0, d1, d2) -> (d1, d2)>} : vector<2x4xf32>, memref<?x?x?xf32>
  %wt = arith.constant dense<[[-7.0, -8.0], [-9.0, -10.0], [-11.0, -12.0]]> : vector<3x2xf32>
  vector.transfer_write %wt, %A[%c2, %c0, %c2] {permutation_map = affine_map<(d0, d1, d2) -> (d1, d0)>} : vector<3x2xf32>, memref<?x?x?xf32>
  // strided 1-D write along dim 0
  %w1 = arith.constant dense<[-100.0, -200.0, -300.0, -400.0]> : vector<4xf32>
  vector.transfer_write %w1, %A[%c1, %c0, %c1] {permutation_map = affine_map<(d0, d1, d2) -> (d0)>} : vector<4xf32>, memref<?x?x?xf32>
  %all = vector.transfer_read %A[%c0, %c0, %c0], %pad : memref<?x?x?xf32>, vector<3x3x3xf32>
  vector.print %all : vector<3x3x3xf32>
  // static shapes, in-bounds 2-D round trip
  %B = memref.alloc() : memref<4x5xi32>
  %ipad = arith.constant 0 : i32
  %iv = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %z2 = arith.constant dense<0> : vector<4x5xi32>
  vector.transfer_write %z2, %B[%c0, %c0] {in_bounds = [true, true]} : vector<4x5xi32>, memref<4x5xi32>
  vector.transfer_write %iv, %B[%c2, %c2] : vector<2x3xi32>, memref<4x5xi32>
  vector.transfer_write %iv, %B[%c3, %c3] : vector<2x3xi32>, memref<4x5xi32>
  %rb = vector.transfer_read %B[%c0, %c0], %ipad : memref<4x5xi32>, vector<4x5xi32>
  vector.print %rb : vector<4x5xi32>
  memref.dealloc %B : memref<4x5xi32>
  memref.dealloc %A : memref<?x?x?xf32>
  return
}
