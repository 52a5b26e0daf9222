// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// Cases where upstream reports a second diagnostic after the first one.

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{shapes do not match}}
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{element types do not match}}
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xi32>
  return
}

// -----

func.func @f(%m: tensor<4xf32>) {
  // expected-error@+1 {{shapes do not match}}
  %0 = bufferization.to_buffer %m : tensor<4xf32> to memref<5xf32>
  return
}
