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

// -----

// The mask type comes from the masked op's types and properties, so the masked
// op is verified first (upstream's mlir-opt crashes on these inputs).
func.func @f(%m: vector<16xi1>, %x: f32) -> f32 {
  %0 = vector.mask %m {
    // expected-error@+1 {{'vector.reduction' op operand #0 must be vector of any type values, but got 'f32'}}
    %r = "vector.reduction"(%x) <{kind = #vector.kind<add>}> : (f32) -> f32
    vector.yield %r : f32
  } : vector<16xi1> -> f32
  return %0 : f32
}

// -----

func.func @f(%m: vector<4x4x4xi1>, %a: vector<4x4xf32>, %b: vector<4x4xf32>, %c: vector<4x4xf32>) -> vector<4x4xf32> {
  %0 = vector.mask %m {
    // expected-error@+1 {{'vector.contract' op expected an indexing map for each vector operand}}
    %r = "vector.contract"(%a, %b, %c) <{indexing_maps = [], iterator_types = [], kind = #vector.kind<add>}> : (vector<4x4xf32>, vector<4x4xf32>, vector<4x4xf32>) -> vector<4x4xf32>
    vector.yield %r : vector<4x4xf32>
  } : vector<4x4x4xi1> -> vector<4x4xf32>
  return %0 : vector<4x4xf32>
}
