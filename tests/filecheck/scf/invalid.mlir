// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @for_lb_type(%arg0: f32, %arg1: index) {
  // expected-error@+1 {{operand #0 must be signless integer or index}}
  "scf.for"(%arg0, %arg1, %arg1) ({}) : (f32, index, index) -> ()
  return
}

// -----

func.func @for_two_regions(%arg0: index) {
  // expected-error@+1 {{requires one region}}
  "scf.for"(%arg0, %arg0, %arg0) ({scf.yield}, {scf.yield}) : (index, index, index) -> ()
  return
}

// -----

func.func @for_two_blocks(%arg0: index) {
  // expected-error@+1 {{expects region #0 to have 0 or 1 blocks}}
  "scf.for"(%arg0, %arg0, %arg0) ({
  ^bb1:
    scf.yield
  ^bb2:
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_no_block(%a: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%a, %a, %a) ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_bounds_types(%a: index, %b: i32) {
  // expected-error@+1 {{failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%a, %b, %a) ({
  ^bb0(%iv: index):
    scf.yield
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_iv_type(%a: index) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%iv: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_results_count(%arg0 : index, %f : f32) {
  // expected-error@+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r:2 = scf.for %i0 = %arg0 to %arg0 step %arg0 iter_args(%si = %f) -> (f32, f32) {
    scf.yield %si, %si : f32, f32
  }
  return
}

// -----

func.func @for_generic_results_count(%a: index, %c: i8) {
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%a, %a, %a, %c) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index, i8) -> ()
  return
}

// -----

func.func @for_no_iv(%a: index) {
  // Upstream prints the (unsigned) count of region iter_args: -1.
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 0 != 18446744073709551615}}
  "scf.for"(%a, %a, %a) ({
  ^bb0():
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_init_type(%a: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%a, %a, %a, %f) ({
  ^bb0(%iv: index, %x: i32):
    scf.yield %x : i32
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_yield_type(%arg0 : index, %f : f32) {
  // expected-error@+1 {{'scf.for' op 1-th region iter_arg and 1-th yielded value have different type: 'f32' != 'i32'}}
  %r:2 = scf.for %i0 = %arg0 to %arg0 step %arg0 iter_args(%si = %f, %ti = %f) -> (f32, f32) {
    %ic = "test.c"() : () -> i32
    scf.yield %si, %ic : f32, i32
  }
  return
}

// -----

func.func @for_yield_missing(%a: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = scf.for %i = %a to %a step %a iter_args(%x = %f) -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.yield
  }
  return
}

// -----

func.func @for_bad_terminator(%a: index) {
  // expected-error@+2 {{'scf.for' op expects regions to end with 'scf.yield', found 'test.term'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%iv: index):
    "test.term"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_type_mismatch_use(%arg0 : index) {
  %s0 = "test.c"() : () -> f32
  // expected-note@-1 {{prior use here}}
  // expected-error@+2 {{expects different type than prior uses: 'i32' vs 'f32'}}
  %result1 = scf.for %i0 = %arg0 to %arg0 step %arg0
                    iter_args(%si = %s0) -> (i32) {
    scf.yield %si : i32
  }
  return
}

// -----

func.func @if_cond_type(%arg0: index) {
  // expected-error@+1 {{operand #0 must be 1-bit signless integer}}
  "scf.if"(%arg0) ({}, {}) : (index) -> ()
  return
}

// -----

func.func @if_three_regions(%arg0: i1) {
  // expected-error@+1 {{expected 2 regions}}
  "scf.if"(%arg0) ({}, {}, {}): (i1) -> ()
  return
}

// -----

func.func @if_block_argument(%arg0: i1) {
  // expected-error@+1 {{region #0 should have no arguments}}
  "scf.if"(%arg0) ({
    ^bb0(%0 : index):
      scf.yield
  }, {}): (i1) -> ()
  return
}

// -----

func.func @if_missing_else(%arg0: i1, %arg1: f32) {
  // expected-error@+1 {{must have an else block if defining values}}
  %x = scf.if %arg0 -> (f32) {
    scf.yield %arg1 : f32
  }
  return
}

// -----

func.func @if_yield_count(%arg0: i1, %arg1: f32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 1 operands, but region successor needs 2 inputs}}
  %x, %y = scf.if %arg0 -> (f32, f32) {
    // expected-note@+1 {{region branch point}}
    scf.yield %arg1 : f32
  } else {
    scf.yield %arg1, %arg1 : f32, f32
  }
  return
}

// -----

func.func @if_yield_type(%c: i1, %f: f32, %i: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %r = scf.if %c -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.yield %i : i32
  } else {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @yield_parent() {
  "test.op"() ({
    // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @while_types(%c: i1) {
  // expected-error@+1 {{custom op 'scf.while' expected as many input types as operands (expected 0 got 1)}}
  scf.while : (i32) -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_bad_before_terminator() {
  // expected-error@+1 {{expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
    // expected-note@+1 {{terminator here}}
    "some.other_terminator"() : () -> ()
  } do {
    scf.yield
  }
  return
}

// -----

func.func @while_empty_region() {
  // expected-error@+1 {{'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks}}
  scf.while : () -> () {
  } do {
  }
  return
}

// -----

func.func @while_empty_block() {
  // expected-error@+1 {{'scf.while' op expects a non-empty block}}
  scf.while : () -> () {
   ^bb0:
  } do {
   ^bb0:
  }
  return
}

// -----

func.func @while_init_count(%i: i32, %c: i1) {
  // expected-error@+2 {{'scf.while' op along control flow edge from parent to Region #0: region branch point has 1 operands, but region successor needs 2 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = "scf.while"(%i) ({
  ^bb0(%x: i32, %z: i32):
    scf.condition(%c) %i : i32
  }, {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }) : (i32) -> i32
  return
}

// -----

func.func @while_after_args(%c: i1) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i1' should match successor input type #0 'i32'}}
  %0 = scf.while : () -> (i1) {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %c : i1
  } do {
  ^bb0(%arg0: i32):
    scf.yield
  }
  return
}

// -----

func.func @while_yield_type(%i: i32, %c: i1, %f: f32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.while (%x = %i) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    // expected-note@+1 {{region branch point}}
    scf.yield %f : f32
  }
  return
}

// -----

func.func @condition_type(%x: i32) {
  // expected-note@-1 {{prior use here}}
  scf.while : () -> () {
    // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i1' vs 'i32'}}
    scf.condition(%x)
  } do {
    scf.yield
  }
  return
}

// -----

func.func @condition_parent(%c: i1) {
  scf.execute_region {
    // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
    scf.condition(%c)
  }
  return
}

// -----

func.func @parallel_bounds_count(%arg0: index, %arg1: index, %arg2: index) {
  // expected-error@+1 {{custom op 'scf.parallel' expected 1 operands}}
  scf.parallel (%i0) = (%arg0) to (%arg1, %arg2) step () {
  }
  return
}

// -----

func.func @parallel_no_loops() {
  // expected-error@+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  scf.parallel () = () to () step () {
  }
  return
}

// -----

func.func @parallel_negative_step(%a: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%a) to (%a) step (%c0) {
  }
  return
}

// -----

func.func @parallel_more_results_than_reduces(%arg0 : index, %f : f32) {
  // expected-error@+1 {{expects number of results: 1 to be the same as number of reductions: 0}}
  %res = scf.parallel (%i0) = (%arg0) to (%arg0) step (%arg0) init (%f) -> f32 {
  }
  return
}

// -----

func.func @parallel_yield(%arg0: index) {
  // expected-error@+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  scf.parallel (%i0) = (%arg0) to (%arg0) step (%arg0) {
    %c0 = "test.c"() : () -> f32
    // expected-note@+1 {{terminator here}}
    scf.yield %c0 : f32
  }
  return
}

// -----

func.func @parallel_iv_type(%a: index) {
  // expected-error@+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: i32):
    "scf.reduce"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @reduce_operand_type(%a: index, %f: f32, %g: f64) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%g) -> f64 {
    // expected-error@+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'f32' to be the same as the 0-th result type: 'f64'}}
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r0: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @reduce_block_args(%a: index, %f: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%l: f64, %r0: f64):
      "test.term"() : () -> ()
    }
  }
  return
}

// -----

func.func @reduce_terminator(%a: index, %f: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op}}
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r0: f32):
      "test.term"() : () -> ()
    }
  }
  return
}

// -----

func.func @reduce_regions(%a: index, %f: f32) {
  scf.parallel (%i) = (%a) to (%a) step (%a) {
    // expected-error@+1 {{'scf.reduce' op expects number of reduction regions: 0 to be the same as number of reduction operands: 1}}
    "scf.reduce"(%f) : (f32) -> ()
  }
  return
}

// -----

func.func @reduce_return_type(%a: index, %f: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %r0: f32):
      %c = "test.c"() : () -> index
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %c : index
    }
  }
  return
}

// -----

func.func @reduce_return_parent(%arg0 : f32) {
  "foo.region"() ({
    // expected-error@+1 {{expects parent op 'scf.reduce'}}
    scf.reduce.return %arg0 : f32
  }): () -> ()
  return
}

// -----

func.func @execute_region_args() {
  // expected-error@+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%i : i32):
    scf.yield
  }) : () -> ()
  return
}

// -----

func.func @execute_region_empty() {
  // expected-error@+1 {{'scf.execute_region' op region needs to have at least one block}}
  scf.execute_region {
  }
  return
}

// -----

func.func @execute_region_yield(%i: i32) {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %r = scf.execute_region -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.yield %i : i32
  }
  return
}

// -----

func.func @switch_counts(%a: index) {
  // expected-error@+1 {{'scf.index_switch' op has 1 case regions but 2 case values}}
  "scf.index_switch"(%a) <{cases = array<i64: 0, 1>}> ({
    "scf.yield"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @switch_duplicate(%a: index) {
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 1}}
  scf.index_switch %a
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @switch_empty_case(%a: index) {
  // A case region gets no implicit terminator (unlike the default region).
  // expected-error@+1 {{'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks}}
  scf.index_switch %a
  case 1 {
  }
  default {
  }
  return
}

// -----

func.func @switch_yield_count(%a: index, %i: i32) {
  // expected-error@+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 0}}
  %r = scf.index_switch %a -> i32
  case 1 {
    // expected-note@+1 {{see yield operation here}}
    scf.yield
  }
  default {
    scf.yield %i : i32
  }
  return
}

// -----

func.func @switch_yield_type(%a: index, %f: f32) {
  // expected-error@+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %r = scf.index_switch %a -> i32
  default {
    // expected-note@+1 {{default region returns 'f32' here}}
    scf.yield %f : f32
  }
  return
}

// -----

func.func @forall_results(%a: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{'scf.forall' op produces 2 results, but has only 1 outputs}}
  %r:2 = "scf.forall"(%a, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    scf.forall.in_parallel {
    }
  }) : (index, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @forall_args(%a: index) {
  // expected-error@+1 {{'scf.forall' op region expects 1 arguments}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %j: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @forall_index_arg(%a: index) {
  // expected-error@+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: i32):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @forall_output_type(%a: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{'scf.forall' op type mismatch between 0-th output and corresponding block argument}}
  %r = "scf.forall"(%a, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %o: tensor<5xf32>):
    scf.forall.in_parallel {
    }
  }) : (index, tensor<4xf32>) -> (tensor<4xf32>)
  return
}

// -----

func.func @forall_mapping_size(%a: index) {
  // expected-error@+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i, %j) in (%a, %a) {
  } {mapping = [#gpu.thread<x>]}
  return
}

// -----

func.func @forall_mapping_kind(%a: index) {
  // expected-error@+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i) in (%a) {
  } {mapping = [1 : i32]}
  return
}

// -----

func.func @forall_dynamic_count(%a: index) {
  // expected-error@+1 {{expected 0 dynamic upper bound values}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 5>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @forall_static_count(%a: index) {
  // expected-error@+1 {{expected 1 upper bound values, got 2}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808, 4>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  return
}

// -----

func.func @forall_memref_out(%a: index, %m: memref<4xf32>) {
  // expected-error@+1 {{'scf.forall' op operand #1 must be variadic of ranked tensor of any type values, but got 'memref<4xf32>'}}
  %r = scf.forall (%i) in (%a) shared_outs(%o = %m) -> memref<4xf32> {
  }
  return
}

// -----

func.func @forall_shared_outs_types(%a: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'scf.forall' number of operands and types do not match: got 1 operands and 2 types}}
  %r:2 = scf.forall (%i) in (%a) shared_outs(%o = %t) -> (tensor<4xf32>, tensor<4xf32>) {
  }
  return
}

// -----

func.func @forall_terminator(%a: index) {
  // expected-error@+2 {{'scf.forall' op expects regions to end with 'scf.forall.in_parallel', found 'test.term'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.forall.in_parallel'}}
  "scf.forall"(%a) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "test.term"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @in_parallel_ops(%a: index) {
  scf.forall (%i) in (%a) {
    // expected-error@+1 {{'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      "test.op"() : () -> ()
    }
  }
  return
}
