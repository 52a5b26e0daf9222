// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// Every case below reports the same first diagnostic, at the same place, as
// upstream mlir-opt 22 (upstream.mlir runs it with --verify-diagnostics).

func.func @f(%m: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = bufferization.alloc_tensor(%i) : tensor<4xf32>
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%m: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{use of value '%m' expects different type than prior uses: 'tensor<?xf32>' vs 'tensor<4xf32>'}}
  %0 = bufferization.alloc_tensor(%i) copy(%m) : tensor<?xf32>
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%m: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{use of value '%m' expects different type than prior uses: 'tensor<5xf32>' vs 'tensor<4xf32>'}}
  %0 = bufferization.alloc_tensor() copy(%m) : tensor<5xf32>
  return
}

// -----

func.func @f(%m: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %0 = bufferization.materialize_in_destination %m in %m : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%m: tensor<4xf32>, %i: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op memref 'dest' implies zero results}}
  %0 = bufferization.materialize_in_destination %m in %i : (tensor<4xf32>, memref<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%m: tensor<4xf32>, %i: memref<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type}}
  bufferization.materialize_in_destination %m in %i : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%m: tensor<4xf32>, %i: memref<5xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  bufferization.materialize_in_destination %m in restrict writable %i : (tensor<4xf32>, memref<5xf32>) -> ()
  return
}

// -----

func.func @f(%m: tensor<4xf32>, %i: tensor<5xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op source/destination shapes are incompatible}}
  %0 = bufferization.materialize_in_destination %m in %i : (tensor<4xf32>, tensor<5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @f(%m: tensor<4xf32>, %i: tensor<4xf32>) {
  // expected-error@+1 {{'bufferization.materialize_in_destination' op 'restrict' is valid only for memref destinations}}
  %0 = bufferization.materialize_in_destination %m in restrict %i : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%m: memref<4xf32>, %c: i1) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %0 = bufferization.dealloc (%m : memref<4xf32>) if (%c, %c)
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'bufferization.clone' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "bufferization.clone"(%t) : (tensor<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'bufferization.to_tensor' op operand #0 must be BufferLikeType instance, but got 'tensor<4xf32>'}}
  %0 = "bufferization.to_tensor"(%t) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
