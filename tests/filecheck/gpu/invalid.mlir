// RUN: polymlir opt %s --split-input-file --verify-diagnostics

func.func @launch_dims(%c : index) {
  // expected-error@+1 {{expected three blocks indices and three sizes}}
  gpu.launch blocks(%bx, %by) in (%gx = %c, %gy = %c) threads(%tx, %ty, %tz) in (%sx = %c, %sy = %c, %sz = %c) {
    gpu.terminator
  }
  return
}

// -----

func.func @dim() {
  // expected-error@+1 {{expected one of x, y, z}}
  %0 = gpu.thread_id w
  return
}

// -----

gpu.module @m {
  gpu.func @f() -> f32 {
    // expected-error@+1 {{returned values do not match the function's result types}}
    gpu.return
  }
}
