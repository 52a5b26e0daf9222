// Ops on tensors are reported where they are, by every lowering (upstream
// leaves them, or fails without a diagnostic); a library call whose name
// would not say what the op computes is refused when asked for.
// RUN: polymlir opt %s --split-input-file --verify-diagnostics --convert-linalg-to-loops
// RUN: polymlir opt %s --split-input-file --verify-diagnostics --convert-linalg-to-affine-loops
// RUN: polymlir opt %s --split-input-file --verify-diagnostics --convert-linalg-to-parallel-loops
// RUN: (! polymlir opt %s --split-input-file --convert-linalg-to-std 2>&1) | filecheck %s --check-prefix=STD

func.func @on_tensors(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{'linalg.matmul' op on tensors must be bufferized before}}
  %0 = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%b : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// STD: lower-invalid.mlir:11:8: error: 'linalg.matmul' op on tensors must be bufferized before lowering to a library call
// STD-NEXT: %0 = linalg.matmul
// STD-NEXT: ^
