// RUN: polymlir opt %s --split-input-file --verify-diagnostics
// Every case reports the same first diagnostic, at the same place, as
// upstream mlir-opt 22 (upstream.mlir runs it with --verify-diagnostics).

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{'transform.structured.tile_using_for' op expected number of loops to tile (1) to match number of `loops` results (2)}}
    %1, %loops:2 = transform.structured.tile_using_for %0 tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{custom op 'transform.structured.match' expected string or keyword containing one of the following enum values for attribute 'interface' [LinalgOp, TilingInterface, LoopLikeInterface]}}
    %0 = transform.structured.match interface{Foo} in %root : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // expected-error @below {{custom op 'transform.sequence' expected string or keyword containing one of the following enum values for attribute 'failure_propagation_mode' [propagate, suppress]}}
    transform.sequence %root : !transform.any_op failures(ignore) {
    ^bb0(%arg0: !transform.any_op):
    }
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  // expected-error @below {{argument #0 is consumed in the body but is not marked as such}}
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %t, %l = transform.structured.tile_using_for %root tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
