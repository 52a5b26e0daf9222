// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// Cases where upstream reports a second diagnostic after the first one.

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract' op inferred type(s) 'vector<8xf32>' are incompatible with return type(s) of operation 'vector<7xf32>'}}
  %0 = "vector.extract"(%a) <{static_position = array<i64: 1>}> : (vector<4x8xf32>) -> vector<7xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract' op inferred type(s) 'vector<8xf32>' are incompatible with return type(s) of operation 'f32'}}
  %0 = vector.extract %a[1] : f32 from vector<4x8xf32>
  return
}
