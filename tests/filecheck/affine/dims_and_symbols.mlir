// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// What the verifier accepts as dimensions and symbols (seed 004; see
// invalid.mlir for what it rejects).

// Top-level values of the affine scope, constants, and pure ops of symbols
// are symbols anywhere in the function.
// CHECK-LABEL: func.func @top_level_symbols
func.func @top_level_symbols(%A: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %m = arith.addi %n, %c0 : index
  affine.for %i = 0 to 10 {
    %s = arith.muli %n, %m : index
    affine.for %j = 0 to %s {
      %v = affine.load %A[symbol(%m) + symbol(%c0) + %i] : memref<?xf32>
    }
  }
  return
}

// A dim of a top-level memref is a symbol; so is a dim of an alloc or a
// subview whose size is a symbol.
// CHECK-LABEL: func.func @dim_symbols
func.func @dim_symbols(%A: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 10 {
    %d = memref.dim %A, %c0 : memref<?x?xf32>
    %m = memref.alloc(%n) : memref<?xf32>
    %e = memref.dim %m, %c0 : memref<?xf32>
    %v = memref.subview %A[%c0, %c0][%n, %i][%c1, %c1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    %f = memref.dim %v, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
    affine.for %j = %d to %e {
      affine.for %k = 0 to %f {
      }
    }
  }
  return
}

// Induction variables, and affine.apply / delinearize_index of dimensions,
// are dimensions.
// CHECK-LABEL: func.func @dims
func.func @dims(%A: memref<10x10xf32>, %n: index) {
  affine.parallel (%p) = (0) to (10) {
    affine.for %i = 0 to 10 {
      %a = affine.apply affine_map<(d0, d1)[s0] -> (d0 + d1 + s0)>(%i, %p)[%n]
      %b:2 = affine.delinearize_index %a into (2, 5) : index, index
      %v = affine.load %A[%a, %b#1] : memref<10x10xf32>
      affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%a, %p) {
      }
    }
  }
  return
}

// A value defined above the op holding a non-affine-scope region is a
// symbol inside it.
// CHECK-LABEL: func.func @dominating
func.func @dominating(%n: index) {
  %x = "test.val"() : () -> index
  affine.for %i = 0 to 10 {
    "test.region"() ({
      affine.for %j = 0 to %x {
      }
      "test.end"() : () -> ()
    }) : () -> ()
  }
  return
}
