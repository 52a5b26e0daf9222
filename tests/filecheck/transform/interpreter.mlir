// RUN: polymlir opt %s --transform-interpreter --split-input-file --verify-diagnostics
// What the schedules select, reported with transform.debug remarks; every
// case reports the same diagnostics under mlir-opt-22 (upstream.mlir).

// structured.match by name, post-order, the root included.
func.func @f(%m: memref<4x4xf32>, %x: f32) {
  // expected-remark @below {{fill}}
  linalg.fill ins(%x : f32) outs(%m : memref<4x4xf32>)
  // expected-remark @below {{fill}}
  linalg.fill ins(%x : f32) outs(%m : memref<4x4xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %0, "fill" : !transform.any_op
    transform.yield
  }
}

// -----

// structured.match by interface and by attribute.
func.func @f(%m: memref<4xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{loop}}
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-remark @below {{loop}}
    affine.for %j = 0 to 4 {
    }
  }
  // expected-remark @below {{linalg}}
  // expected-remark @below {{tagged}}
  linalg.fill {tag} ins(%x : f32) outs(%m : memref<4xf32>)
  // expected-remark @below {{linalg}}
  linalg.fill ins(%x : f32) outs(%m : memref<4xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match interface{LoopLikeInterface} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %0, "loop" : !transform.any_op
    %1 = transform.structured.match interface{LinalgOp} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %1, "linalg" : !transform.any_op
    %2 = transform.structured.match attributes {tag} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %2, "tagged" : !transform.any_op
    transform.yield
  }
}

// -----

// collect_matching runs a matcher sequence on every nested op; get_parent_op
// walks up to the closest isolated-from-above ancestor.
// expected-remark @below {{parent}}
func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>, %x: f32) {
  linalg.fill ins(%x : f32) outs(%c : memref<4x4xf32>)
  // expected-remark @below {{matmul}}
  linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @is_matmul(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.collect_matching @is_matmul in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %0, "matmul" : !transform.any_op
    %1 = transform.get_parent_op %0 {isolated_from_above} : (!transform.any_op) -> !transform.op<"func.func">
    transform.debug.emit_remark_at %1, "parent" : !transform.op<"func.func">
    transform.yield
  }
}

// -----

// foreach_match runs the action of the first matcher that matches; include
// applies a named sequence; a parameter prints as its attribute.
func.func @f(%m: memref<4xf32>, %x: f32) {
  // expected-remark @below {{action}}
  // expected-remark @below {{included}}
  // expected-remark @below {{size 8 : i64}}
  linalg.fill ins(%x : f32) outs(%m : memref<4xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @is_fill(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.fill"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @act(%op: !transform.any_op {transform.readonly}) {
    transform.debug.emit_remark_at %op, "action" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @note(%op: !transform.any_op {transform.readonly}) {
    transform.debug.emit_remark_at %op, "included" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consume}) {
    %r = transform.foreach_match in %root @is_fill -> @act : (!transform.any_op) -> !transform.any_op
    %0 = transform.structured.match ops{["linalg.fill"]} in %r : (!transform.any_op) -> !transform.any_op
    transform.include @note failures(propagate) (%0) : (!transform.any_op) -> ()
    %p = transform.param.constant 8 : i64 -> !transform.param<i64>
    transform.debug.emit_param_as_remark %p, "size" at %0 : !transform.param<i64>, !transform.any_op
    transform.yield
  }
}

// -----

// A failed match outside a matcher is an error at the transform op.
func.func @f() {
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["func.return"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{wrong operation name}}
    transform.match.operation_name %0 ["func.func"] : !transform.any_op
    transform.yield
  }
}

// -----

// get_parent_op fails on an op without such a parent, with a note there.
// expected-note @below {{target op}}
module {
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      // expected-error @below {{could not find a parent op that matches all requirements}}
      %0 = transform.get_parent_op %root {op_name = "func.func"} : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}

// -----

// foreach_match: each op gets the action of its first matching matcher;
// what the actions yield is collected.
// expected-remark @below {{action2}}
// expected-remark @below {{out}}
func.func @f(%m: memref<4xf32>, %x: f32) {
  // expected-remark @below {{action}}
  // expected-remark @below {{out}}
  linalg.fill ins(%x : f32) outs(%m : memref<4xf32>)
  // expected-remark @below {{action2}}
  // expected-remark @below {{out}}
  affine.for %i = 0 to 4 {
    // expected-remark @below {{action}}
    // expected-remark @below {{out}}
    linalg.fill ins(%x : f32) outs(%m : memref<4xf32>)
  }
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @is_fill(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.fill"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @is_for(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["affine.for", "func.func", "linalg.fill"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @act(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.debug.emit_remark_at %op, "action" : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @act2(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.debug.emit_remark_at %op, "action2" : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consume}) {
    %r, %o = transform.foreach_match in %root @is_fill -> @act, @is_for -> @act2
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.debug.emit_remark_at %o, "out" : !transform.any_op
    transform.yield
  }
}
