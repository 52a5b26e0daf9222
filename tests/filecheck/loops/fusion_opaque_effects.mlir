// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(affine-loop-fusion{mode=producer maximal}))' --verify-diagnostics --pass-remarks-missed=. | filecheck %s
// Code outside the affine model keeps the order of all its instances with
// the accesses of the memory it may reach: a fusion that would put it in
// one loop with them (interleaving its iterations with theirs) is declined.
// Before, polymlir checked the order within the innermost common block
// only, and fused these nests (as LLVM 22 does).

// The call may read and write %comm: in the original all 16 calls run
// before the consumer reads %comm.
// CHECK-LABEL: func.func @call_on_the_fused_memref
// CHECK: affine.for
// CHECK: func.call @opaque
// CHECK: affine.for
func.func private @opaque(memref<32xf64>)
func.func @call_on_the_fused_memref(%in: memref<32xf64>, %comm: memref<32xf64>, %out: memref<32xf64>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<32xf64>
    affine.store %a, %comm[%i] : memref<32xf64>
    func.call @opaque(%comm) : (memref<32xf64>) -> ()
  }
  // expected-remark@+1 {{would interleave with func.call}}
  affine.for %j = 0 to 16 {
    %c = affine.load %comm[%j] : memref<32xf64>
    affine.store %c, %out[%j] : memref<32xf64>
  }
  return
}

// -----

// An op of unknown effects without operands may reach %comm (an argument)
// through an alias: the check has it read and write all of each memref
// other code can see, so it keeps its order with every access of them.
// CHECK-LABEL: func.func @unknown_op_and_an_argument
// CHECK: affine.for
// CHECK: "test.unknown"
// CHECK: affine.for
func.func @unknown_op_and_an_argument(%in: memref<32xf64>, %comm: memref<32xf64>, %out: memref<32xf64>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<32xf64>
    affine.store %a, %comm[%i] : memref<32xf64>
    "test.unknown"() : () -> ()
  }
  // expected-remark@+1 {{would read the value affine.store}}
  affine.for %j = 0 to 16 {
    %c = affine.load %comm[%j] : memref<32xf64>
    affine.store %c, %out[%j] : memref<32xf64>
  }
  return
}

// -----

// A local buffer no other code sees: the unknown op cannot reach it, and
// the nests fuse (the op keeps its 16 executions, in order).
// CHECK-LABEL: func.func @unknown_op_and_a_local_buffer
// CHECK: affine.for
// CHECK: "test.unknown"
// CHECK-NOT: affine.for
func.func @unknown_op_and_a_local_buffer(%in: memref<32xf64>) {
  %comm = memref.alloc() : memref<32xf64>
  %acc = memref.alloc() : memref<32xf64>
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<32xf64>
    affine.store %a, %comm[%i] : memref<32xf64>
    "test.unknown"() : () -> ()
  }
  affine.for %j = 0 to 16 {
    %c = affine.load %comm[%j] : memref<32xf64>
    affine.store %c, %acc[%j] : memref<32xf64>
  }
  return
}
