// vector.load/store (1-D and n-D), masked loads/stores, gather/scatter,
// expandload/compressstore, type_cast and memrefs of vectors.
func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %A = memref.alloc() : memref<4x8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %in = arith.cmpi slt, %i, %c4 : index
      scf.if %in {
        %t = arith.muli %i, %c8 : index
        %s = arith.addi %t, %j : index
        %k = arith.index_cast %s : index to i32
        %f = arith.sitofp %k : i32 to f32
        memref.store %f, %A[%i, %j] : memref<4x8xf32>
      }
    }
  }
  %v0 = vector.load %A[%c1, %c2] : memref<4x8xf32>, vector<4xf32>
  vector.print %v0 : vector<4xf32>
  %n = arith.constant dense<[-1.0, -2.0]> : vector<2xf32>
  vector.store %n, %A[%c2, %c1] : memref<4x8xf32>, vector<2xf32>
  %n1 = arith.constant dense<[-5.0, -6.0]> : vector<2xf32>
  vector.store %n1, %A[%c0, %c0] {nontemporal = true} : memref<4x8xf32>, vector<2xf32>
  %pt = arith.constant dense<99.0> : vector<5xf32>
  %mk = arith.constant dense<[1, 0, 1, 1, 0]> : vector<5xi1>
  %ml = vector.maskedload %A[%c2, %c0], %mk, %pt : memref<4x8xf32>, vector<5xi1>, vector<5xf32> into vector<5xf32>
  vector.print %ml : vector<5xf32>
  %sv = arith.constant dense<[10.0, 11.0, 12.0, 13.0, 14.0]> : vector<5xf32>
  vector.maskedstore %A[%c3, %c1], %mk, %sv : memref<4x8xf32>, vector<5xi1>, vector<5xf32>
  // gather / scatter
  %idx = arith.constant dense<[0, 9, 3, 17]> : vector<4xi32>
  %gm = arith.constant dense<[1, 1, 0, 1]> : vector<4xi1>
  %gp = arith.constant dense<-7.0> : vector<4xf32>
  %g = vector.gather %A[%c0, %c2][%idx], %gm, %gp : memref<4x8xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.print %g : vector<4xf32>
  %idx2 = arith.constant dense<[[0, 1], [8, 16]]> : vector<2x2xindex>
  %gm2 = arith.constant dense<true> : vector<2x2xi1>
  %gp2 = arith.constant dense<0.0> : vector<2x2xf32>
  %g2 = vector.gather %A[%c0, %c0][%idx2], %gm2, %gp2 : memref<4x8xf32>, vector<2x2xindex>, vector<2x2xi1>, vector<2x2xf32> into vector<2x2xf32>
  vector.print %g2 : vector<2x2xf32>
  %sidx = arith.constant dense<[1, 0, 3]> : vector<3xindex>
  %sm = arith.constant dense<[1, 1, 0]> : vector<3xi1>
  %svals = arith.constant dense<[21.0, 22.0, 23.0]> : vector<3xf32>
  vector.scatter %A[%c1, %c0][%sidx], %sm, %svals : memref<4x8xf32>, vector<3xindex>, vector<3xi1>, vector<3xf32>
  // expand / compress
  %em = arith.constant dense<[0, 1, 1, 0, 1]> : vector<5xi1>
  %e = vector.expandload %A[%c1, %c0], %em, %pt : memref<4x8xf32>, vector<5xi1>, vector<5xf32> into vector<5xf32>
  vector.print %e : vector<5xf32>
  vector.compressstore %A[%c0, %c4], %em, %sv : memref<4x8xf32>, vector<5xi1>, vector<5xf32>
  %fz = arith.constant 0.0 : f32
  %all = vector.transfer_read %A[%c0, %c0], %fz : memref<4x8xf32>, vector<4x8xf32>
  vector.print %all : vector<4x8xf32>
  // memrefs of vectors
  %V = memref.alloc() : memref<2xvector<3xi32>>
  %iv = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  memref.store %iv, %V[%c1] : memref<2xvector<3xi32>>
  vector.store %iv, %V[%c0] : memref<2xvector<3xi32>>, vector<3xi32>
  %lv = vector.load %V[%c1] : memref<2xvector<3xi32>>, vector<3xi32>
  vector.print %lv : vector<3xi32>
  // (type_cast views rows of a power-of-two size: LLVM pads other vectors)
  %S = memref.alloc() : memref<2x4xi32>
  %tc = vector.type_cast %S : memref<2x4xi32> to memref<vector<2x4xi32>>
  %m24 = arith.constant dense<[[7, 8, 9, 10], [11, 12, 13, 14]]> : vector<2x4xi32>
  memref.store %m24, %tc[] : memref<vector<2x4xi32>>
  %back = vector.load %S[%c1, %c0] : memref<2x4xi32>, vector<4xi32>
  vector.print %back : vector<4xi32>
  memref.dealloc %S : memref<2x4xi32>
  memref.dealloc %V : memref<2xvector<3xi32>>
  memref.dealloc %A : memref<4x8xf32>
  return
}
