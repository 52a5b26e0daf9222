// RUN: polymlir opt %s | filecheck %s
// RUN: polymlir opt %s | polymlir opt | filecheck %s
// RUN: polymlir opt %s --mlir-print-op-generic | polymlir opt | filecheck %s

// CHECK-LABEL: gpu.module @kernels {
gpu.module @kernels {
  // CHECK-NEXT: gpu.func @load(%arg0: index, %arg1: memref<?xf32>) -> f32 {
  // CHECK-NEXT:   %0 = memref.load %arg1[%arg0] : memref<?xf32>
  // CHECK-NEXT:   gpu.return %0 : f32
  gpu.func @load(%i : index, %m : memref<?xf32>) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    gpu.return %v : f32
  }
  // CHECK: gpu.func @entry() kernel {
  // CHECK-NEXT: gpu.return
  gpu.func @entry() kernel {
    gpu.return
  }
}

// CHECK-LABEL: func.func @launch(
func.func @launch(%m0 : memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // CHECK: gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %c2, %arg8 = %c2, %arg9 = %c2) threads(%arg4, %arg5, %arg6) in (%arg10 = %c2, %arg11 = %c2, %arg12 = %c2) {
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c2)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c2, %sz = %c2) {
    // CHECK-NEXT: %thread_id_x = gpu.thread_id  x
    %t = gpu.thread_id x
    // CHECK-NEXT: %block_dim_y = gpu.block_dim  y upper_bound 8
    %d = gpu.block_dim y upper_bound 8
    // CHECK-NEXT: affine.for %arg13 = %arg4 to 3 step 2 {
    affine.for %iv = %tx to 3 step 2 {
    }
    // CHECK: gpu.terminator
    gpu.terminator
  }
  // CHECK: %0 = gpu.wait async
  %0 = gpu.wait async
  // CHECK-NEXT: %memref, %asyncToken = gpu.alloc async [%0] () : memref<16xf32>
  %m, %t1 = gpu.alloc async [%0] () : memref<16xf32>
  // CHECK-NEXT: %1 = gpu.memcpy async [%0] %memref, %arg0 : memref<16xf32>, memref<16xf32>
  %1 = gpu.memcpy async [%0] %m, %m0 : memref<16xf32>, memref<16xf32>
  // CHECK-NEXT: %2 = gpu.dealloc async [%asyncToken] %memref : memref<16xf32>
  %2 = gpu.dealloc async [%t1] %m : memref<16xf32>
  // CHECK-NEXT: %memref_0 = gpu.alloc  () : memref<10xf32>
  %n = gpu.alloc () : memref<10xf32>
  // CHECK-NEXT: gpu.dealloc  %memref_0 : memref<10xf32>
  gpu.dealloc %n : memref<10xf32>
  // CHECK-NEXT: gpu.wait [%0, %1]
  gpu.wait [%0, %1]
  return
}
