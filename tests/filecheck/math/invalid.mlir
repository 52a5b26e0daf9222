// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @absi_float(%f: f32) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.absi %f : f32
  return
}

// -----

func.func @sin_index(%i: index) {
  // expected-error@+1 {{'math.sin' op operand #0 must be floating-point-like, but got 'index'}}
  %0 = math.sin %i : index
  return
}

// -----

func.func @sin_result(%f: f32) {
  // expected-error@+1 {{'math.sin' op requires the same type for all operands and results}}
  %0 = "math.sin"(%f) : (f32) -> f64
  return
}

// -----

func.func @sin_fastmath(%f: f32) {
  // expected-error@+1 {{'math.sin' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.sin"(%f) {fastmath = 3 : i32} : (f32) -> f32
  return
}

// -----

func.func @fpowi_rhs(%f: f32) {
  // expected-error@+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = math.fpowi %f, %f : f32, f32
  return
}

// -----

func.func @fpowi_result(%f: f32, %j: i32) {
  // expected-error@+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "math.fpowi"(%f, %j) : (f32, i32) -> f64
  return
}

// -----

func.func @fpowi_shape(%v: vector<4xf32>, %j: i32) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = "math.fpowi"(%v, %j) : (vector<4xf32>, i32) -> vector<4xf32>
  return
}

// -----

func.func @ipowi_types(%j: i32, %v: vector<4xi32>) {
  // expected-error@+1 {{'math.ipowi' op requires the same type for all operands and results}}
  %0 = "math.ipowi"(%j, %v) : (i32, vector<4xi32>) -> i32
  return
}

// -----

func.func @isnan_index(%i: index) {
  // expected-error@+1 {{custom op 'math.isnan' 'operand' must be floating-point-like, but got 'index'}}
  %0 = math.isnan %i : index
  return
}

// -----

func.func @isnan_result(%f: f32) {
  // expected-error@+1 {{'math.isnan' op result #0 must be bool-like, but got 'i32'}}
  %0 = "math.isnan"(%f) : (f32) -> i32
  return
}

// -----

func.func @isinf_shape(%v: vector<4xf32>) {
  // expected-error@+1 {{'math.isinf' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isinf"(%v) : (vector<4xf32>) -> i1
  return
}

// -----

func.func @isnan_no_fastmath_keyword(%f: f32) {
  // expected-error@+1 {{expected ':'}}
  %0 = math.isnan %f fastmath<fast> : f32
  return
}

// -----

func.func @sincos_types(%f: f32) {
  // expected-error@+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %a:2 = "math.sincos"(%f) : (f32) -> (f32, f64)
  return
}

// -----

func.func @clampf_types(%f: f32) {
  // expected-error@+1 {{'math.clampf' op requires the same type for all operands and results}}
  %0 = "math.clampf"(%f, %f, %f) : (f32, f32, f32) -> f64
  return
}

// -----

func.func @clampf_shape(%v: vector<4xf32>, %w: vector<3xf32>) {
  // expected-error@+1 {{'math.clampf' op requires the same type for all operands and results}}
  %0 = "math.clampf"(%v, %w, %v) : (vector<4xf32>, vector<3xf32>, vector<4xf32>) -> vector<4xf32>
  return
}
