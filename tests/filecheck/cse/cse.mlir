// RUN: polymlir opt %s --cse | filecheck %s
// Common subexpression elimination, checked against what mlir-opt-22 --cse
// prints for this file (tests/unit/test_canonicalize_cse.py runs these CHECK
// lines on upstream's output too).

// Equal pure ops merge (operands of commutative ops as a multiset); an
// attribute makes ops different; a dead op is erased.
// CHECK-LABEL: func.func @pure_ops
// CHECK-NEXT:  %[[A:.+]] = arith.addi %arg0, %arg1 : index
// CHECK-NEXT:  %[[C:.+]] = arith.muli %[[A]], %arg0 : index
// CHECK-NEXT:  %[[E:.+]] = arith.addi %arg0, %arg1 {tag} : index
// CHECK-NEXT:  return %[[A]], %[[C]], %[[C]], %[[E]]
func.func @pure_ops(%x: index, %y: index) -> (index, index, index, index) {
  %a = arith.addi %x, %y : index
  %b = arith.addi %y, %x : index
  %c = arith.muli %a, %x : index
  %d = arith.muli %b, %x : index
  %e = arith.addi %x, %y {tag} : index
  %dead = arith.subi %x, %y : index
  return %a, %c, %d, %e : index, index, index, index
}

// A value of an enclosing block replaces an equal op in a loop; ops of
// sibling regions do not merge with each other, nor with later ops.
// CHECK-LABEL: func.func @scoped
// CHECK-NEXT:  %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:  %[[S:.+]] = arith.addi %arg1, %[[C1]] : index
// CHECK-NEXT:  affine.for
// CHECK-NEXT:    %[[U:.+]] = arith.muli %[[S]], %[[S]] : index
// CHECK-NEXT:    affine.store %[[U]]
// CHECK-NEXT:  }
// CHECK-NEXT:  affine.for
// CHECK-NEXT:    %[[P:.+]] = arith.muli %arg1, %arg1 : index
// CHECK-NEXT:    affine.store %[[P]]
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[Q:.+]] = arith.muli %arg1, %arg1 : index
// CHECK-NEXT:  affine.store %[[Q]], %arg0[%[[S]]]
func.func @scoped(%A: memref<16xindex>, %x: index) {
  %c1 = arith.constant 1 : index
  %s = arith.addi %x, %c1 : index
  affine.for %i = 0 to 16 {
    %c1b = arith.constant 1 : index
    %t = arith.addi %x, %c1b : index
    %u = arith.muli %t, %t : index
    affine.store %u, %A[%i] : memref<16xindex>
  }
  affine.for %i = 0 to 16 {
    %p = arith.muli %x, %x : index
    affine.store %p, %A[%i] : memref<16xindex>
  }
  %q = arith.muli %x, %x : index
  affine.store %q, %A[%s] : memref<16xindex>
  return
}

// Loads merge only within a block with no write between them.
// CHECK-LABEL: func.func @loads
// CHECK-NEXT:  %[[V:.+]] = affine.load %arg0[%arg1] : memref<16xf64>
// CHECK-NEXT:  %[[S:.+]] = arith.addf %[[V]], %[[V]] : f64
// CHECK-NEXT:  affine.store %[[S]], %arg0[%arg2] : memref<16xf64>
// CHECK-NEXT:  %[[U:.+]] = affine.load %arg0[%arg1] : memref<16xf64>
// CHECK-NEXT:  affine.for
// CHECK-NEXT:    %[[L:.+]] = affine.load %arg0[%arg1] : memref<16xf64>
// CHECK-NEXT:    affine.store %[[L]]
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[S]], %[[U]]
func.func @loads(%A: memref<16xf64>, %i: index, %j: index) -> (f64, f64) {
  %v = affine.load %A[%i] : memref<16xf64>
  %w = affine.load %A[%i] : memref<16xf64>
  %s = arith.addf %v, %w : f64
  affine.store %s, %A[%j] : memref<16xf64>
  %u = affine.load %A[%i] : memref<16xf64>
  affine.for %k = 0 to 16 {
    %l = affine.load %A[%i] : memref<16xf64>
    affine.store %l, %A[%k] : memref<16xf64>
  }
  return %s, %u : f64, f64
}

// In a CFG, values of dominating blocks replace equal ops; blocks that do
// not dominate each other keep their own.
// CHECK-LABEL: func.func @branches
// CHECK-NEXT:  %[[A:.+]] = arith.addi %arg1, %arg2 : index
// CHECK-NEXT:  cf.cond_br %arg0, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:  %[[M:.+]] = arith.muli %[[A]], %[[A]] : index
// CHECK:       ^bb2:
// CHECK-NEXT:  %[[M2:.+]] = arith.muli %[[A]], %[[A]] : index
// CHECK:       ^bb3(%[[R:.+]]: index):
// CHECK-NEXT:  %[[N:.+]] = arith.muli %[[A]], %[[A]] : index
func.func @branches(%c: i1, %x: index, %y: index) -> index {
  %a = arith.addi %x, %y : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %b = arith.addi %x, %y : index
  %m = arith.muli %b, %b : index
  cf.br ^bb3(%m : index)
^bb2:
  %m2 = arith.muli %a, %a : index
  cf.br ^bb3(%m2 : index)
^bb3(%r: index):
  %n = arith.muli %a, %a : index
  %z = arith.addi %r, %n : index
  return %z : index
}

// Reads merge across what upstream does not take for a write: a free, an
// allocation, a loop holding only reads (dead, erased too); a loop holding a
// prefetch (which declares no effects upstream) and a clone (which writes
// the buffer it allocates) stop them.
// CHECK-LABEL: func.func @reads_across
// CHECK-NEXT:  %c0 = arith.constant 0 : index
// CHECK-NEXT:  %[[X:.+]] = memref.load %arg0[%arg2]
// CHECK-NEXT:  memref.dealloc %arg1
// CHECK-NEXT:  %[[A:.+]] = memref.alloc()
// CHECK-NEXT:  scf.for
// CHECK-NEXT:    memref.prefetch
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[Y:.+]] = memref.load %arg0[%arg2]
// CHECK-NEXT:  %[[C:.+]] = bufferization.clone %arg0
// CHECK-NEXT:  %[[Z:.+]] = memref.load %arg0[%arg2]
// CHECK-NEXT:  return %[[X]], %[[X]], %[[X]], %[[X]], %[[Y]], %[[Z]], %[[A]], %[[C]] :
func.func @reads_across(%B: memref<8xf32>, %C: memref<8xf32>, %i: index, %n: index) -> (f32, f32, f32, f32, f32, f32, memref<8xf32>, memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %B[%i] : memref<8xf32>
  memref.dealloc %C : memref<8xf32>
  %z = memref.load %B[%i] : memref<8xf32>
  %a = memref.alloc() : memref<8xf32>
  %z2 = memref.load %B[%i] : memref<8xf32>
  scf.for %j = %c0 to %n step %i {
    %y = memref.load %B[%j] : memref<8xf32>
  }
  %z3 = memref.load %B[%i] : memref<8xf32>
  scf.for %j = %c0 to %n step %i {
    memref.prefetch %B[%i], read, locality<3>, data : memref<8xf32>
  }
  %z4 = memref.load %B[%i] : memref<8xf32>
  %cl = bufferization.clone %B : memref<8xf32> to memref<8xf32>
  %z5 = memref.load %B[%i] : memref<8xf32>
  return %x, %z, %z2, %z3, %z4, %z5, %a, %cl : f32, f32, f32, f32, f32, f32, memref<8xf32>, memref<8xf32>
}
