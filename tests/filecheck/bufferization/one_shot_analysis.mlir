// In-place decisions of one-shot-bufferize (test-analysis-only), checked
// against the same lines from upstream mlir-opt.
// RUN: polymlir opt %s --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | filecheck %s
// (one_shot_analysis_upstream.mlir runs mlir-opt-22 against the same lines.)

// CHECK-LABEL: func.func @tiled(
// The tile is computed in the slice of the accumulator it is inserted back into: no copy.
// CHECK: linalg.matmul {__inplace_operands_attr__ = ["true", "true", "true"]}
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
// CHECK: } {__inplace_operands_attr__ = ["none", "none", "none", "true"]}
func.func @tiled(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c4 iter_args(%acc = %C) -> (tensor<8x8xf32>) {
    %a = tensor.extract_slice %A[%i, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    %c = tensor.extract_slice %acc[%i, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    %m = linalg.matmul ins(%a, %B : tensor<4x8xf32>, tensor<8x8xf32>) outs(%c : tensor<4x8xf32>) -> tensor<4x8xf32>
    %ins = tensor.insert_slice %m into %acc[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
    scf.yield %ins : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @read_after_write(
// %t is read after the insert: the insert must copy.
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
func.func @read_after_write(%t: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>
  %old = tensor.extract %t[%c0] : tensor<4xf32>
  return %w, %old : tensor<4xf32>, f32
}

// CHECK-LABEL: func.func @two_inserts(
// CHECK: tensor.insert_slice {{.*}}[0] [1] [1] {__inplace_operands_attr__ = ["true", "false"]}
// CHECK: tensor.insert_slice {{.*}}[1] [1] [1] {__inplace_operands_attr__ = ["true", "true"]}
func.func @two_inserts(%t: tensor<2xf32>, %x: tensor<1xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %a = tensor.insert_slice %x into %t[0] [1] [1] : tensor<1xf32> into tensor<2xf32>
  %b = tensor.insert_slice %x into %t[1] [1] [1] : tensor<1xf32> into tensor<2xf32>
  return %a, %b : tensor<2xf32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @constant_dest(
// A constant is not writable.
// CHECK: tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "false"]}
func.func @constant_dest(%x: tensor<1xf32>) -> tensor<2xf32> {
  %cst = arith.constant dense<1.0> : tensor<2xf32>
  %a = tensor.insert_slice %x into %cst[0] [1] [1] : tensor<1xf32> into tensor<2xf32>
  return %a : tensor<2xf32>
}

// CHECK-LABEL: func.func @fill_matmul(
// CHECK: linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
// CHECK: linalg.matmul {__inplace_operands_attr__ = ["true", "true", "true"]}
func.func @fill_matmul(%A: tensor<4x8xf32>, %B: tensor<8x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%A, %B : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @outside_loop(
// Each iteration inserts into the original %t: in place would accumulate.
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "false", "none"]}
func.func @outside_loop(%t: tensor<4xf32>, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %z) -> (f32) {
    %w = tensor.insert %v into %t[%i] : tensor<4xf32>
    %e = tensor.extract %w[%c0] : tensor<4xf32>
    %n = arith.addf %s, %e : f32
    scf.yield %n : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @read_in_loop_after(
// %t is returned too: the loop writes a copy of it, the body then in place.
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
// CHECK: } {__inplace_operands_attr__ = ["none", "none", "none", "false"]}
func.func @read_in_loop_after(%t: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %t) -> (tensor<4xf32>) {
    %w = tensor.insert %v into %a[%i] : tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  return %r, %t : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @callee(
// CHECK: tensor.insert {{.*}} {__inplace_operands_attr__ = ["none", "true", "none"]}
func.func @callee(%t: tensor<4xf32>, %v: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %w = tensor.insert %v into %t[%c0] : tensor<4xf32>
  return %w : tensor<4xf32>
}

// CHECK-LABEL: func.func @caller(
// The callee writes its argument and the caller reads %t afterwards: copy.
// CHECK: call @callee({{.*}}) {__inplace_operands_attr__ = ["false", "none"]}
func.func @caller(%t: tensor<4xf32>, %v: f32) -> (tensor<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %r = func.call @callee(%t, %v) : (tensor<4xf32>, f32) -> tensor<4xf32>
  %old = tensor.extract %t[%c0] : tensor<4xf32>
  return %r, %old : tensor<4xf32>, f32
}

// Each thread computes its tile in the slice of the shared output it inserts.
// CHECK-LABEL: func.func @forall(
// CHECK: linalg.add {__inplace_operands_attr__ = ["true", "true", "true"]}
// CHECK: tensor.parallel_insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
// CHECK: } {__inplace_operands_attr__ = ["true"]}
func.func @forall(%A: tensor<8xf32>, %C: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.forall (%i) in (2) shared_outs(%o = %C) -> (tensor<8xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %a = tensor.extract_slice %A[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
    %c = tensor.extract_slice %o[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
    %s = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
