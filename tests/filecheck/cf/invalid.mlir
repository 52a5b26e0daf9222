// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @br_count(%x: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 2}}
  cf.br ^bb1(%x : i32)
^bb1(%a: i32, %b: i32):
  return
}

// -----

func.func @br_type(%x: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%x : i32)
^bb1(%a: f32):
  return
}

// -----

func.func @cond_br_count(%x: i32, %c: i1) {
  // expected-error@+1 {{branch has 1 operands for successor #1, but target block has 0}}
  cf.cond_br %c, ^bb1, ^bb1(%x : i32)
^bb1:
  return
}

// -----

func.func @cond_br_weights(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @cond_br_zero_weights(%c: i1) {
  // expected-error@+1 {{branch weights cannot all be zero}}
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @cond_br_not_a_block() {
^bb0:
  %c = "foo"() : () -> i1
  %a = "foo"() : () -> i32
  // expected-error@+1 {{expected block name}}
  cf.cond_br %c, ^bb0(%a, %a : i32, i32), i32
}

// -----

func.func @switch_case_operands(%x: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #2, but target block has 0}}
  cf.switch %x : i32, [
    default: ^bb1,
    1: ^bb1,
    2: ^bb1(%x : i32)
  ]
^bb1:
  return
}

// -----

func.func @switch_case_count(%x: i32) {
  // expected-error@+1 {{'cf.switch' op number of case values (2) should match number of case destinations (1)}}
  "cf.switch"(%x) [^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_case_type(%x: i32) {
  // expected-error@+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%x) [^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_flag_kind(%x: index) {
  // expected-error@+1 {{custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found 'index'}}
  cf.switch %x : index, [
    default: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @assert_type(%x: i32) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.assert %x, "foo"
  return
}
