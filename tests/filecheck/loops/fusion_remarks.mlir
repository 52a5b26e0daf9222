// RUN: polymlir opt %s --affine-loop-fusion --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// affine-loop-fusion declines, with a remark at the second nest naming the
// dependence that fusion would reverse.

// llvm/llvm-project#212032: every producer iteration reads a[1], which the
// consumer's first iteration overwrites. Upstream fuses (and changes the
// result from 3 to 6); polymlir keeps both loops.
// CHECK-LABEL: func.func @consumer_overwrites_producer_input
// CHECK: affine.for
// CHECK: affine.for
func.func @consumer_overwrites_producer_input(%a: memref<3xf64>, %c: memref<3xf64>, %scratch: memref<3xf64>) {
  affine.for %p = 1 to 3 {
    %av = affine.load %a[1] : memref<3xf64>
    %cv = affine.load %c[%p] : memref<3xf64>
    %value = arith.mulf %av, %cv : f64
    affine.store %value, %scratch[%p] : memref<3xf64>
  }
  // expected-remark@+1 {{would read the value affine.store at}}
  affine.for %p = 1 to 3 {
    %value = affine.load %scratch[%p] : memref<3xf64>
    affine.store %value, %a[%p] : memref<3xf64>
  }
  return
}

// The consumer reads X one element ahead: as upstream, each consumer
// iteration recomputes the producer's iteration i + 1 into a private
// one-element buffer (the exact check proves it); the producer stays, since
// %X is an argument it writes whole.
// CHECK-LABEL: func.func @consumer_reads_ahead
// CHECK: %[[P:.+]] = memref.alloc() : memref<1xf64>
// CHECK: affine.for
// CHECK: affine.store {{.*}}, %arg1
// CHECK: affine.for %[[I:.+]] = 0 to 31 {
// CHECK-NEXT: %[[N:.+]] = affine.apply #{{.+}}(%[[I]])
// CHECK-NEXT: affine.load %arg0[%[[N]]]
// CHECK: affine.store {{.*}}, %[[P]][0]
// CHECK: affine.load %[[P]][0]
// CHECK-NEXT: affine.store {{.*}}, %arg2[%[[I]]]
func.func @consumer_reads_ahead(%A: memref<32xf64>, %X: memref<33xf64>, %C: memref<32xf64>) {
  affine.for %i = 0 to 32 {
    %a = affine.load %A[%i] : memref<32xf64>
    %b = arith.mulf %a, %a : f64
    affine.store %b, %X[%i] : memref<33xf64>
  }
  affine.for %i = 0 to 31 {
    %x = affine.load %X[%i + 1] : memref<33xf64>
    affine.store %x, %C[%i] : memref<32xf64>
  }
  return
}

// CHECK-LABEL: func.func @opaque_call_between
// CHECK: affine.for
// CHECK: call @opaque
// CHECK: affine.for
func.func private @opaque(memref<8xf64>)
func.func @opaque_call_between(%A: memref<8xf64>, %B: memref<8xf64>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf64>
    affine.store %a, %B[%i] : memref<8xf64>
  }
  func.call @opaque(%B) : (memref<8xf64>) -> ()
  // expected-remark@+1 {{no insertion point: func.call at}}
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xf64>
    affine.store %b, %A[%i] : memref<8xf64>
  }
  return
}
