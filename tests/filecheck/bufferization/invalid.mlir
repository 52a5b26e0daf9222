// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

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
