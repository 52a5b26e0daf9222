// RUN: polymlir opt %s --split-input-file --affine-loop-fusion | filecheck %s
// affine-loop-fusion: sibling and producer-consumer nests fused at the
// deepest legal depth, temporaries contracted to one iteration's footprint.

// CHECK-LABEL: func.func @sibling
// CHECK: affine.for %[[I:.+]] = 0 to 30 {
// CHECK-NEXT: %[[A:.+]] = affine.load %arg0[%[[I]]]
// CHECK-NEXT: arith.mulf %[[A]], %[[A]]
// CHECK-NEXT: affine.store {{.*}}, %arg1[%[[I]]]
// CHECK-NEXT: %[[A2:.+]] = affine.load %arg0[%[[I]]]
// CHECK-NEXT: arith.addf %[[A2]], %[[A2]]
// CHECK-NEXT: affine.store {{.*}}, %arg2[%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @sibling(%A: memref<30xf64>, %B: memref<30xf64>, %C: memref<30xf64>) {
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xf64>
    %x = arith.mulf %a, %a : f64
    affine.store %x, %B[%i] : memref<30xf64>
  }
  affine.for %j = 0 to 30 {
    %a = affine.load %A[%j] : memref<30xf64>
    %y = arith.addf %a, %a : f64
    affine.store %y, %C[%j] : memref<30xf64>
  }
  return
}

// -----

// The temporary %T is written and read in one iteration after fusion at
// depth 2. It stays whole, as upstream keeps it: it has a user outside the
// two nests (its dealloc).
// CHECK-LABEL: func.func @producer_consumer
// CHECK: %[[T:.+]] = memref.alloc() : memref<12x10xf64>
// CHECK-NEXT: affine.for %[[I:.+]] = 0 to 12 {
// CHECK-NEXT: affine.for %[[J:.+]] = 0 to 10 {
// CHECK-NEXT: affine.load %arg0[%[[I]], %[[J]]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: affine.store {{.*}}, %[[T]][%[[I]], %[[J]]] : memref<12x10xf64>
// CHECK-NEXT: affine.load %[[T]][%[[I]], %[[J]]] : memref<12x10xf64>
// CHECK-NEXT: arith.addf
// CHECK-NEXT: affine.store {{.*}}, %arg1[%[[I]], %[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[T]] : memref<12x10xf64>
func.func @producer_consumer(%A: memref<12x10xf64>, %C: memref<12x10xf64>) {
  %T = memref.alloc() : memref<12x10xf64>
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<12x10xf64>
      %x = arith.mulf %a, %a : f64
      affine.store %x, %T[%i, %j] : memref<12x10xf64>
    }
  }
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      %t = affine.load %T[%i, %j] : memref<12x10xf64>
      %y = arith.addf %t, %t : f64
      affine.store %y, %C[%i, %j] : memref<12x10xf64>
    }
  }
  memref.dealloc %T : memref<12x10xf64>
  return
}

// -----

// The consumer reads the temporary in reverse: at depth 2 each consumer
// iteration recomputes the one element of the producer it reads (the
// producer's slice at j' = 11 - j), and the producer nest goes, since the
// fused nest writes every element the original wrote (upstream keeps it).
// CHECK-LABEL: func.func @reversed_row
// CHECK: %[[T:.+]] = memref.alloc() : memref<10x12xf64>
// CHECK-NEXT: affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT: affine.for %[[J:.+]] = 0 to 12 {
// CHECK-NEXT: %[[R:.+]] = affine.apply #{{.+}}(%[[J]])
// CHECK-NEXT: affine.load %arg0[%[[I]], %[[R]]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: affine.store {{.*}}, %[[T]][%[[I]], %[[R]]]
// CHECK-NEXT: affine.load %[[T]][%[[I]], -%[[J]] + 11]
// CHECK-NOT: affine.for
// CHECK: memref.dealloc %[[T]]
func.func @reversed_row(%A: memref<10x12xf64>, %C: memref<10x12xf64>) {
  %T = memref.alloc() : memref<10x12xf64>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %a = affine.load %A[%i, %j] : memref<10x12xf64>
      %b = arith.mulf %a, %a : f64
      affine.store %b, %T[%i, %j] : memref<10x12xf64>
    }
  }
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %b = affine.load %T[%i, 11 - %j] : memref<10x12xf64>
      %c = arith.addf %b, %b : f64
      affine.store %c, %C[%i, %j] : memref<10x12xf64>
    }
  }
  memref.dealloc %T : memref<10x12xf64>
  return
}
