// RUN: polymlir opt %s --affine-scalrep | filecheck %s --check-prefixes=CHECK,OURS
// affine-scalrep within blocks: store-to-load forwarding, dead stores, local
// buffers left with stores only, redundant loads. Whether an access in
// between may touch the element is decided exactly (isl).

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:    %[[A:.+]]: memref<10xf64>, %[[B:.+]]: memref<10xf64>)
// CHECK-NOT:     memref.alloc
// CHECK:         affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT:      %[[V:.+]] = affine.load %[[A]][%[[I]]]
// CHECK-NEXT:      affine.store %[[V]], %[[B]][%[[I]] + 1]
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[V]], %[[V]] : f64
// CHECK-NEXT:      affine.store %[[S]], %[[B]][%[[I]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @forward(%A: memref<10xf64>, %B: memref<10xf64>) {
  %buf = memref.alloc() : memref<10xf64>
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xf64>
    affine.store %a, %buf[%i] : memref<10xf64>
    affine.store %a, %B[%i + 1] : memref<10xf64>
    %b = affine.load %buf[%i] : memref<10xf64>
    %c = arith.addf %b, %b : f64
    affine.store %c, %B[%i] : memref<10xf64>
  }
  memref.dealloc %buf : memref<10xf64>
  return
}

// A[j][9 - j] is never A[i][i] (2j = 9 has no integer solution), nor is
// A[j][j + 1]: both loads take the stored value. Upstream keeps the first.
// CHECK-LABEL: func.func @intervening
// CHECK:         %[[V:.+]] = affine.load
// CHECK-NEXT:    affine.store %[[V]]
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// OURS-NEXT:     affine.for
// UPSTREAM-NEXT: %[[W:.+]] = affine.load
// UPSTREAM-NEXT: affine.for
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// OURS-NEXT:     arith.addf %[[V]], %[[V]] : f64
// UPSTREAM-NEXT: arith.addf %[[W]], %[[W]] : f64
func.func @intervening(%A: memref<10x10xf64>, %x: memref<10xf64>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %x[%i] : memref<10xf64>
    affine.store %v, %A[%i, %i] : memref<10x10xf64>
    affine.for %j = 0 to 10 {
      affine.store %v, %A[%j, 9 - %j] : memref<10x10xf64>
    }
    %w = affine.load %A[%i, %i] : memref<10x10xf64>
    affine.for %j = 0 to 10 {
      affine.store %v, %A[%j, %j + 1] : memref<10x10xf64>
    }
    %u = affine.load %A[%i, %i] : memref<10x10xf64>
    %s = arith.addf %w, %u : f64
    affine.store %s, %x[%i] : memref<10xf64>
  }
  return
}

// An access in between that may touch the element stops forwarding.
// CHECK-LABEL: func.func @blocked
// CHECK:         affine.store
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.load
func.func @blocked(%A: memref<10x10xf64>, %x: memref<10xf64>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %x[%i] : memref<10xf64>
    affine.store %v, %A[%i, %i] : memref<10x10xf64>
    affine.for %j = 0 to 10 {
      affine.store %v, %A[%j, 8 - %j] : memref<10x10xf64>
    }
    %w = affine.load %A[%i, %i] : memref<10x10xf64>
    affine.store %w, %x[%i] : memref<10xf64>
  }
  return
}

// CHECK-LABEL: func.func @dead_store
// CHECK:         affine.load
// CHECK-NEXT:    arith.mulf
// CHECK-NEXT:    affine.store
// CHECK-NEXT:  }
func.func @dead_store(%A: memref<10xf64>, %x: memref<10xf64>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %x[%i] : memref<10xf64>
    affine.store %v, %A[%i] : memref<10xf64>
    %w = arith.mulf %v, %v : f64
    affine.store %w, %A[%i] : memref<10xf64>
  }
  return
}

// Two function arguments may alias: the store to %B may change %A[i].
// CHECK-LABEL: func.func @may_alias
// CHECK:         affine.load
// CHECK-NEXT:    affine.store
// CHECK-NEXT:    affine.load
func.func @may_alias(%A: memref<10xf64>, %B: memref<10xf64>) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<10xf64>
    affine.store %v, %B[%i] : memref<10xf64>
    %w = affine.load %A[%i] : memref<10xf64>
    %s = arith.addf %v, %w : f64
    affine.store %s, %A[%i] : memref<10xf64>
  }
  return
}
