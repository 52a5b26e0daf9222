// RUN: polymlir opt %s --allow-unregistered-dialect --verify-diagnostics
// An unregistered op inside transform.apply_patterns is reported on the
// apply_patterns op, as upstream mlir-opt 22 does (it used to crash: the
// unregistered child has no op-level error helper).

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'transform.apply_patterns' op expected children ops to implement PatternDescriptorOpInterface}}
    transform.apply_patterns to %arg0 {
      // expected-note @below {{op without interface}}
      "foo.bar"() : () -> ()
    } : !transform.any_op
    transform.yield
  }
}
