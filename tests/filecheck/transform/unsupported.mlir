// RUN: polymlir opt %s --transform-interpreter --verify-diagnostics
// A schedule naming an op polymlir cannot interpret is refused before any
// of it runs (the canonicalization below does not happen).

func.func @f() -> index {
  %a = arith.constant 2 : index
  %b = arith.constant 3 : index
  %c = arith.addi %a, %b : index
  return %c : index
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.canonicalization
      // expected-error @below {{transform op 'transform.apply_patterns.vector.reduction_to_contract' is not supported by polymlir's interpreter}}
      transform.apply_patterns.vector.reduction_to_contract
    } : !transform.any_op
    transform.yield
  }
}
