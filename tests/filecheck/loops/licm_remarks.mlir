// RUN: polymlir opt %s --affine-loop-invariant-code-motion --split-input-file --verify-diagnostics --pass-remarks-missed=.
// affine-loop-invariant-code-motion says, where asked, why an op whose
// operands are defined outside a loop stays in it.

func.func @written(%C: memref<10xf64>, %N: index) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to %N {
      // expected-remark@+1 {{not hoisted out of loop j: affine.store at}}
      %c = affine.load %C[%i] : memref<10xf64>
      %d = arith.addf %c, %c : f64
      affine.store %d, %C[%j] : memref<10xf64>
    }
  }
  return
}

// -----

func.func @may_not_run(%C: memref<10xf64>, %x: f64, %N: index) {
  affine.for %j = 0 to %N {
    // expected-remark@+1 {{not hoisted out of loop j: loop j may run zero times: the write at}}
    affine.store %x, %C[0] : memref<10xf64>
  }
  return
}

// -----

func.func @unknown(%C: memref<10xf64>) {
  affine.for %j = 0 to 10 {
    // expected-remark@+1 {{not hoisted out of loop j: test.use at}}
    "test.use"(%C) : (memref<10xf64>) -> ()
  }
  return
}
