// RUN: polymlir opt %s --affine-data-copy-generate="generate-dma=false fast-mem-space=0" --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// affine-data-copy-generate leaves a memref alone, with a remark, when the
// loop also reaches it another way (here through a cast of it): rewriting
// some of its accesses to a buffer would separate them.

// CHECK-LABEL: func.func @aliased
// CHECK: memref.cast
// CHECK: %[[B:.+]] = memref.alloc() : memref<16x16xf64>
// CHECK-NOT: memref.alloc
// CHECK: affine.load %arg0
// CHECK: affine.load %{{.+}}[%{{.+}}, %{{.+}}] : memref<?x?xf64>
// CHECK: affine.store {{.*}}, %[[B]]
func.func @aliased(%A: memref<16x16xf64>, %B: memref<16x16xf64>) {
  %v = memref.cast %A : memref<16x16xf64> to memref<?x?xf64>
  // expected-remark@+1 {{not every memref promoted: cannot promote the memrefs of loop i at}}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %w = affine.load %v[%j, %i] : memref<?x?xf64>
      %s = arith.addf %a, %w : f64
      affine.store %s, %B[%i, %j] : memref<16x16xf64>
    }
  }
  return
}

// CHECK-LABEL: func.func @opaque_call
// CHECK-NOT: memref.alloc
func.func private @opaque(memref<8xf64>)
func.func @opaque_call(%A: memref<8xf64>) {
  // expected-remark@+1 {{func.call at}}
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf64>
    affine.store %a, %A[%i] : memref<8xf64>
    func.call @opaque(%A) : (memref<8xf64>) -> ()
  }
  return
}
