// RUN: polymlir opt %s --split-input-file --test-affine-data-copy=memref-filter | filecheck %s --check-prefix=FILTER
// RUN: polymlir opt %s --split-input-file --test-affine-data-copy=for-memref-region | filecheck %s --check-prefix=REGION
// RUN: polymlir opt %s --split-input-file --test-affine-data-copy="capacity-kib=1" --verify-diagnostics --pass-remarks-missed=. | filecheck %s --check-prefix=ALL
// RUN: polymlir opt %s --split-input-file --test-affine-data-copy=memref-filter | mlir-opt-22 > /dev/null
// RUN: mlir-opt-22 %s --split-input-file --test-affine-data-copy=memref-filter | filecheck %s --check-prefix=FILTER
// REQUIRES: mlir-opt
// test-affine-data-copy, upstream's test pass of the copy utility: on a
// single loop nest with a single innermost loop, point-wise copies for the
// body of the outermost loop, of the memref of the innermost loop's first
// load (memref-filter) or of every memref (the default; capacity-kib only
// warns when the buffers are larger); for-memref-region copies that memref
// around the whole nest.

// FILTER-LABEL: func.func @rows
// The filter is %A (the first load): its rows [i, i + 8) per tile, copied
// in inside the tile loop; %B is left alone.
// FILTER: affine.for %[[I:.+]] = 0 to 64 step 8
// FILTER: %[[BUF:.+]] = memref.alloc() : memref<8x64xf32>
// FILTER: affine.load %arg0
// FILTER: affine.store %{{.+}}, %[[BUF]]
// FILTER-NOT: memref.alloc
// FILTER: affine.load %[[BUF]][-%[[I]] + %{{.+}}, %{{.+}}] : memref<8x64xf32>
// FILTER: affine.load %arg1
// FILTER: memref.dealloc %[[BUF]] : memref<8x64xf32>
// FILTER-NOT: memref.alloc
// FILTER: return
// REGION-LABEL: func.func @rows
// The whole of %A's region (64x64), around the nest.
// REGION-NEXT: arith.constant
// REGION-NEXT: %[[BUF:.+]] = memref.alloc() : memref<64x64xf32>
// REGION: affine.store %{{.+}}, %[[BUF]]
// REGION: affine.for %{{.+}} = 0 to 64 step 8
// REGION: affine.load %[[BUF]]
// REGION: memref.dealloc %[[BUF]] : memref<64x64xf32>
// REGION-NEXT: return
// Every memref: %A's rows and %B's columns of the tile, 2 KiB each, more
// than the 1 KiB allowed (a warning, as upstream's).
// ALL-LABEL: func.func @rows
// ALL: affine.for %{{.+}} = 0 to 64 step 8
// ALL-NEXT: %[[BA:.+]] = memref.alloc() : memref<8x64xf32>
// ALL: %[[BB:.+]] = memref.alloc() : memref<64x8xf32>
// ALL: affine.load %[[BA]]
// ALL: affine.load %[[BB]]
// ALL: memref.dealloc %[[BB]] :
// ALL: memref.dealloc %[[BA]] :
func.func @rows(%A: memref<64x64xf32>, %B: memref<64x64xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  // expected-warning@+1 {{total size of all copy buffers' for this block exceeds fast memory capacity}}
  %r = affine.for %i = 0 to 64 step 8 iter_args(%acc = %zero) -> f32 {
    %s = affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 8)>(%i) iter_args(%a0 = %acc) -> f32 {
      %t = affine.for %j = 0 to 64 iter_args(%a1 = %a0) -> f32 {
        %a = affine.load %A[%ii, %j] : memref<64x64xf32>
        %b = affine.load %B[%j, %ii] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %a1, %p : f32
        affine.yield %q : f32
      }
      affine.yield %t : f32
    }
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// The loaded memref is written too: upstream's for-memref-region copies in
// the region of the first load only (row 0) and never copies out, so the
// store to row 1 would go outside the buffer; polymlir's region covers both
// rows and is copied back.
// REGION-LABEL: func.func @read_and_written
// REGION-NEXT: %[[BUF:.+]] = memref.alloc() : memref<2x32xf32>
// REGION: affine.store %{{.+}}, %[[BUF]]
// REGION: %[[V:.+]] = affine.load %[[BUF]][0, %[[J:.+]]] : memref<2x32xf32>
// REGION-NEXT: affine.store %[[V]], %[[BUF]][1, %[[J]]] : memref<2x32xf32>
// REGION: affine.load %[[BUF]]
// REGION-NEXT: affine.store %{{.+}}, %arg0
// REGION: memref.dealloc %[[BUF]] : memref<2x32xf32>
// FILTER-LABEL: func.func @read_and_written
// ALL-LABEL: func.func @read_and_written
func.func @read_and_written(%A: memref<4x32xf32>) {
  // expected-remark@+1 {{no copies generated: the loop's body is not one loop (polymlir copies around loops only)}}
  affine.for %j = 0 to 32 {
    %v = affine.load %A[0, %j] : memref<4x32xf32>
    affine.store %v, %A[1, %j] : memref<4x32xf32>
  }
  return
}

// -----

// The outermost loop's body is not one loop: polymlir copies around loops
// only, and says so.
// ALL-LABEL: func.func @two_loops
// ALL-NOT: memref.alloc
// FILTER-LABEL: func.func @two_loops
func.func @two_loops(%A: memref<16x16xf32>, %B: memref<16xf32>) {
  // expected-remark@+1 {{no copies generated: the loop's body is not one loop (polymlir copies around loops only)}}
  affine.for %i = 0 to 16 {
    %b = affine.load %B[%i] : memref<16xf32>
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf32>
    }
  }
  return
}
