// Transfers upstream 22 does not lower: a masked transposing transfer_write
// (its convert-vector-to-scf builds an invalid mask), a masked
// broadcast-only read (a masked 0-D read) and a vector.mask with a
// pass-through around a 2-D read; expected output checked by hand.
func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc(%c3, %c3, %c3) : memref<?x?x?xf32>
  %z = vector.broadcast %zero : f32 to vector<3x3x3xf32>
  vector.transfer_write %z, %A[%c0, %c0, %c0] : vector<3x3x3xf32>, memref<?x?x?xf32>
  // mask dims are (d0, d2): element [a][b] goes to A[b][0][1 + a] if mask[b][a]
  %wtm = arith.constant dense<[[1, 1, 0], [0, 1, 0]]> : vector<2x3xi1>
  %wt2 = arith.constant dense<[[50.0, 51.0], [52.0, 53.0], [54.0, 55.0]]> : vector<3x2xf32>
  vector.transfer_write %wt2, %A[%c0, %c0, %c1], %wtm {permutation_map = affine_map<(d0, d1, d2) -> (d2, d0)>} : vector<3x2xf32>, memref<?x?x?xf32>
  %pad = arith.constant -1.0 : f32
  %m1 = arith.constant dense<[false]> : vector<1xi1>
  %r5 = vector.transfer_read %A[%c1, %c1, %c1], %pad, %m1 {permutation_map = affine_map<(d0, d1, d2) -> (0)>, in_bounds = [true]} : memref<?x?x?xf32>, vector<3xf32>
  vector.print %r5 : vector<3xf32>
  %m2 = arith.constant dense<[true]> : vector<1xi1>
  %r6 = vector.transfer_read %A[%c0, %c0, %c1], %pad, %m2 {permutation_map = affine_map<(d0, d1, d2) -> (0, 0)>, in_bounds = [true, true]} : memref<?x?x?xf32>, vector<2x2xf32>
  vector.print %r6 : vector<2x2xf32>
  %c2 = arith.constant 2 : index
  %m = vector.create_mask %c3, %c2 : vector<3x3xi1>
  %pt = arith.constant dense<7.0> : vector<3x3xf32>
  %r2 = vector.mask %m, %pt { vector.transfer_read %A[%c0, %c0, %c1], %pad {permutation_map = affine_map<(d0, d1, d2) -> (d0, d2)>} : memref<?x?x?xf32>, vector<3x3xf32> } : vector<3x3xi1> -> vector<3x3xf32>
  vector.print %r2 : vector<3x3xf32>
  %all = vector.transfer_read %A[%c0, %c0, %c0], %zero : memref<?x?x?xf32>, vector<3x3x3xf32>
  vector.print %all : vector<3x3x3xf32>
  memref.dealloc %A : memref<?x?x?xf32>
  return
}
