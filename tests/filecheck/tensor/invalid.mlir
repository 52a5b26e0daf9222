// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// Every case below reports the same first diagnostic, at the same place, as
// upstream mlir-opt 22 (upstream.mlir runs it with --verify-diagnostics).

func.func @tensor.cast_mismatching_constants(%arg0: tensor<1xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<1xf32>' and result type 'tensor<2xf32>' are cast incompatible}}
  %0 = tensor.cast %arg0 : tensor<1xf32> to tensor<2xf32>
  return
}

// -----

func.func @extract_too_many_indices(%arg0: tensor<?xf32>) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %arg0[] : tensor<?xf32>
  return
}

// -----

func.func @insert_too_many_indices(%arg0: f32, %arg1: tensor<?xf32>) {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %0 = tensor.insert %arg0 into %arg1[] : tensor<?xf32>
  return
}

// -----

func.func @tensor.from_elements_wrong_result_type() {
  %c0 = arith.constant 0 : i32
  // expected-error@+1 {{custom op 'tensor.from_elements' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xi32>'}}
  %0 = tensor.from_elements %c0 : tensor<*xi32>
  return
}

// -----

func.func @tensor.generate(%m : index)
    -> tensor<?x3x?xf32> {
  // expected-error@+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 1, expected 2}}
  %tnsr = tensor.generate %m {
    ^bb0(%i : index, %j : index, %k : index):
      %elem = arith.constant 8.0 : f32
      tensor.yield %elem : f32
  } : tensor<?x3x?xf32>
  return %tnsr : tensor<?x3x?xf32>
}

// -----

func.func @tensor.generate(%m : index, %n : index)
    -> tensor<?x3x?xf32> {
  // expected-error@+1 {{must have one body argument per input dimension}}
  %tnsr = tensor.generate %m, %n {
    ^bb0(%i : index, %j : index):
      %elem = arith.constant 8.0 : f32
      tensor.yield %elem : f32
  } : tensor<?x3x?xf32>
  return %tnsr : tensor<?x3x?xf32>
}

// -----

func.func @tensor.generate(%m : index, %n : index)
    -> tensor<?x3x?xf32> {
  // expected-error@+1 {{all body arguments must be index}}
  %tnsr = tensor.generate %m, %n {
    ^bb0(%i : index, %j : index, %k : i64):
      %elem = arith.constant 8.0 : f32
      tensor.yield %elem : f32
  } : tensor<?x3x?xf32>
  return %tnsr : tensor<?x3x?xf32>
}

// -----

func.func @tensor.generate(%m : index, %n : index)
    -> tensor<?x3x?xf32> {
  %tnsr = tensor.generate %m, %n {
    ^bb0(%i : index, %j : index, %k : index):
      %elem = arith.constant 8.0 : f32
      // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
      func.return %elem : f32
  } : tensor<?x3x?xf32>
  return %tnsr : tensor<?x3x?xf32>
}

// -----

func.func @tensor.generate(%m : index, %n : index)
    -> tensor<?x3x?xf32> {
  // expected-error@+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %tnsr = tensor.generate %m, %n {
    ^bb0(%i : index, %j : index, %k : index):
      %elem = arith.constant 8 : i32
      tensor.yield %elem : i32
  } : tensor<?x3x?xf32>
  return %tnsr : tensor<?x3x?xf32>
}

// -----

func.func @tensor.reshape_element_type_mismatch(
       %buf: tensor<*xf32>, %shape: tensor<1xi32>) {
  // expected-error@+1 {{'tensor.reshape' op element types of source and destination tensor types should be the same}}
  tensor.reshape %buf(%shape) : (tensor<*xf32>, tensor<1xi32>) -> tensor<?xi32>
}

// -----

func.func @tensor.reshape_dst_ranked_shape_unranked(
       %buf: tensor<*xf32>, %shape: tensor<?xi32>) {
  // expected-error@+1 {{'tensor.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked tensor type}}
  tensor.reshape %buf(%shape) : (tensor<*xf32>, tensor<?xi32>) -> tensor<?xf32>
}

// -----

func.func @tensor.reshape_dst_shape_rank_mismatch(
       %buf: tensor<*xf32>, %shape: tensor<1xi32>) {
  // expected-error@+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  tensor.reshape %buf(%shape)
    : (tensor<*xf32>, tensor<1xi32>) -> tensor<?x?xf32>
}

// -----

func.func @tensor.reshape_num_elements_mismatch(
       %buf: tensor<1xf32>, %shape: tensor<1xi32>) {
  // expected-error@+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  tensor.reshape %buf(%shape)
    : (tensor<1xf32>, tensor<1xi32>) -> tensor<10xf32>
}

// -----

func.func @extract_slice_wrong_result_rank(%t: tensor<?xf32>, %idx : index) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %t[0][4][1] : tensor<?xf32> to tensor<?x?xf32>

  return
}

// -----

func.func @extract_slice_wrong_result_rank(%t: tensor<?xf32>, %idx : index) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %t[0][4][1] : tensor<?xf32> to tensor<4xi8>

  return
}

// -----

func.func @extract_slice_wrong_static_type(%t: tensor<8x16x4xf32>, %idx : index) {
  // expected-error@+1 {{expected type to be 'tensor<?x4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0, 0][%idx, 4, 4][1, 1, 1]
    : tensor<8x16x4xf32> to tensor<4x4x4xf32>

  return
}

// -----

func.func @extract_slice_wrong_dynamic_type(%t: tensor<8x16x4xf32>, %idx : index) {
  // expected-error@+1 {{expected type to be 'tensor<4x4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 2, 0][4, 4, 4][1, 1, 1]
    : tensor<8x16x4xf32> to tensor<?x4x4xf32>

  return
}

// -----

func.func @insert_slice_wrong_result_rank(%t1: tensor<?xf32>, %t2: tensor<?x?xf32>, %idx : index) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.insert_slice %t2 into %t1[0][4][1] : tensor<?x?xf32> into tensor<?xf32>

  return
}

// -----

func.func @insert_slice_wrong_result_rank(%t1: tensor<4xi8>, %t2: tensor<?xf32>, %idx : index) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %0 = tensor.insert_slice %t1 into %t2[0][4][1] : tensor<4xi8> into tensor<?xf32>

  return
}

// -----

func.func @insert_slice_wrong_static_type(%t1: tensor<4x4x4xf32>, %t2: tensor<8x16x4xf32>, %idx : index) {
  // expected-error@+1 {{expected type to be 'tensor<?x4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %t1 into %t2[0, 0, 0][%idx, 4, 4][1, 1, 1]
    : tensor<4x4x4xf32> into tensor<8x16x4xf32>

  return
}

// -----

func.func @insert_slice_wrong_dynamic_type(%t1: tensor<?x4x4xf32>, %t2: tensor<8x16x4xf32>, %idx : index) {
  // expected-error@+1 {{expected type to be 'tensor<4x4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %t1 into %t2[0, 2, 0][4, 4, 4][1, 1, 1]
    : tensor<?x4x4xf32> into tensor<8x16x4xf32>

  return
}

// -----

func.func @illegal_expanding_reshape_static_tensor
    (%arg0: tensor<2x3x20xf32>) -> tensor<2x3x2x4x5xf32> {
  %0 = tensor.expand_shape %arg0 [[0], [1], [2, 3, 4]]
      // expected-error@+1 {{custom op 'tensor.expand_shape' expected 'output_shape'}}
      : tensor<2x3x20xf32> into tensor<2x3x2x4x5xf32>
  return %0 : tensor<2x3x2x4x5xf32>
}

// -----

func.func @illegal_collapsing_reshape_static_tensor
    (%arg0: tensor<2x3x2x4x5xf32>) -> tensor<2x3x20xf32> {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 2 of collapsed type to be static value of 40}}
  %0 = tensor.collapse_shape %arg0 [[0], [1], [2, 3, 4]]
      : tensor<2x3x2x4x5xf32> into tensor<2x3x20xf32>
  return %0 : tensor<2x3x20xf32>
}

// -----

func.func @illegal_collapsing_reshape_mixed_tensor(%arg0 : tensor<?x4x5xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 1 of collapsed type to be static value of 5}}
  %0 = tensor.collapse_shape %arg0 [[0, 1], [2]]
      : tensor<?x4x5xf32> into tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @illegal_collapsing_reshape_mixed_tensor_2(%arg0 : tensor<?x4x5xf32>)
    -> tensor<?x?xf32> {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 1 of collapsed type to be static value of 20}}
  %0 = tensor.collapse_shape %arg0 [[0], [1, 2]]
      : tensor<?x4x5xf32> into tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @rank(%0: f32) {
  // expected-error@+1 {{'tensor.rank' op operand #0 must be tensor of any type values, but got 'f32'}}
  "tensor.rank"(%0): (f32)->index
  return
}

// -----

func.func @illegal_num_offsets(%arg0 : tensor<?x?x?xf32>, %arg1 : index, %arg2 : index) {
  // expected-error@+1 {{expected 3 offset values, got 2}}
  %0 = tensor.extract_slice %arg0[0, 0] [%arg1, %arg2] [1, 1] : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  return
}

// -----

func.func @illegal_num_offsets(%arg0 : tensor<?x?xf32>, %arg1 : tensor<?x?x?xf32>,
    %arg2 : index, %arg3 : index) {
  // expected-error@+1 {{expected 3 offset values, got 2}}
  %0 = tensor.insert_slice %arg0 into %arg1[0, 0] [%arg2, %arg3] [1, 1] : tensor<?x?xf32> into tensor<?x?x?xf32>
  return
}

// -----

func.func @pad_result_type(%arg0: tensor<?x2x3x4xi32>, %arg1: index, %arg2: i32) -> tensor<?x?x?x8xf32> {
  // expected-error@+1 {{specified type 'tensor<?x?x?x8xf32>' does not match the inferred type 'tensor<?x?x?x9xi32>'}}
  %0 = tensor.pad %arg0 low[1, %arg1, 2, 2] high[1, 2, %arg1, 3] {
  ^bb0(%arg3: index, %arg4: index):
    tensor.yield %arg2 : i32
  } : tensor<?x2x3x4xi32> to tensor<?x?x?x8xf32>
  return %0 : tensor<?x?x?x8xf32>
}

// -----

func.func @pad_number_of_block_args(%arg0: tensor<?x4xi32>, %arg1: i32) -> tensor<?x9xi32> {
  // expected-error@+1 {{expected the block to have 2 arguments}}
  %0 = tensor.pad %arg0 low[1, 2] high[2, 3] {
  ^bb0(%arg2: index, %arg3: index, %arg4: index):
    tensor.yield %arg1 : i32
  } : tensor<?x4xi32> to tensor<?x9xi32>
  return %0 : tensor<?x9xi32>
}

// -----

func.func @pad_block_args(%arg0: tensor<?x4xi32>, %arg1: i32) -> tensor<?x9xi32> {
  // expected-error@+1 {{'tensor.pad' op expected block argument 1 to be an index}}
  %0 = tensor.pad %arg0 low[1, 2] high[2, 3] {
  ^bb0(%arg2: i32, %arg3: i32):
    tensor.yield %arg1 : i32
  } : tensor<?x4xi32> to tensor<?x9xi32>
  return %0 : tensor<?x9xi32>
}

// -----

func.func @pad_yield_type(%arg0: tensor<?x4xi32>, %arg1: i8) -> tensor<?x9xi32> {
  // expected-error@+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %0 = tensor.pad %arg0 low[1, 2] high[2, 3] {
  ^bb0(%arg2: index, %arg3: index):
    tensor.yield %arg1 : i8
  } : tensor<?x4xi32> to tensor<?x9xi32>
  return %0 : tensor<?x9xi32>
}

// -----

func.func @invalid_splat(%v : f32) {
  // expected-error@+1 {{custom op 'tensor.splat' invalid kind of type specified: expected builtin.tensor, but found 'memref<8xf32>'}}
  tensor.splat %v : memref<8xf32>
  return
}

// -----

func.func @gather_empty_dims(
    %source : tensor<4x5x6xf32>, %indices: tensor<1x2x3xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims must be non-empty}}
  %out = tensor.gather %source[%indices] gather_dims([]):
    (tensor<4x5x6xf32>, tensor<1x2x3xindex>) -> tensor<1x2xf32>
  return
}

// -----

func.func @gather_coordinate_rank_overflow(
    %source : tensor<4x5x6xf32>, %indices: tensor<1x2x3xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims overflow source rank}}
  %out = tensor.gather %source[%indices] gather_dims([0, 1, 2, 3]):
    (tensor<4x5x6xf32>, tensor<1x2x3xindex>) -> tensor<1x2xf32>
  return
}

// -----

func.func @gather_coordinate_negative(
    %source : tensor<4x5x6xf32>, %indices: tensor<1x2x3xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims length must match the size of last dimension of indices}}
  %out = tensor.gather %source[%indices] gather_dims([-1]):
    (tensor<4x5x6xf32>, tensor<1x2x3xindex>) -> tensor<1x2x1x1x1xf32>
  return
}

// -----

func.func @gather_coordinate_overflow(
    %source : tensor<4x5x6xf32>, %indices: tensor<1x2x3xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims length must match the size of last dimension of indices}}
  %out = tensor.gather %source[%indices] gather_dims([1, 0]):
    (tensor<4x5x6xf32>, tensor<1x2x3xindex>) -> tensor<1x2x1x1x1xf32>
  return
}

// -----

func.func @scatter_empty_dims(
    %source : tensor<f32>,
    %dest : tensor<4x5x6xf32>, %indices: tensor<1x2x3xindex>) {
  // expected-error@+1 {{'tensor.scatter' op scatter_dims must be non-empty}}
  %out = tensor.scatter %source into %dest[%indices] scatter_dims([]) unique:
    (tensor<f32>, tensor<4x5x6xf32>, tensor<1x2x3xindex>) -> tensor<1x2xf32>
  return
}

// -----

func.func @scatter_coordinate_rank_overflow(
    %source : tensor<f32>,
    %dest : tensor<4x5x6xf32>, %indices: tensor<1x2x3xindex>) {
  // expected-error@+1 {{'tensor.scatter' op scatter_dims overflow dest rank}}
  %out = tensor.scatter %source into %dest[%indices] scatter_dims([0, 1, 2, 3]) unique:
    (tensor<f32>, tensor<4x5x6xf32>, tensor<1x2x3xindex>) -> tensor<1x2xf32>
  return
}

// -----

func.func @scatter_coordinate_negative(
    %source : tensor<f32>,
    %dest : tensor<4x5x6xf32>, %indices: tensor<1x2x3xindex>) {
  // expected-error@+1 {{'tensor.scatter' op scatter_dims length must match the size of last dimension of indices}}
  %out = tensor.scatter %source into %dest[%indices] scatter_dims([-1]) unique:
    (tensor<f32>, tensor<4x5x6xf32>, tensor<1x2x3xindex>) -> tensor<1x2x1x1x1xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.bitcast' op operand type 'tensor<4xf32>' and result type 'tensor<4xi64>' are cast incompatible}}
  %0 = tensor.bitcast %t : tensor<4xf32> to tensor<4xi64>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.concat' op requires at least one input}}
  %0 = tensor.concat dim(0) : () -> tensor<4xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %u: tensor<4x2xf32>) {
  // expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<4xf32>, tensor<4x2xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %u: tensor<4xi32>) {
  // expected-error@+1 {{'tensor.concat' op inputs and result element type must match}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<4xf32>, tensor<4xi32>) -> tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(1) %t, %t : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @a(%t: tensor<4x3xf32>, %u: tensor<4x2xf32>) {
  // expected-error@+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<4x3xf32>, tensor<4x2xf32>) -> tensor<8x3xf32>
  return
}

// -----

func.func @a(%t: tensor<4x3xf32>, %u: tensor<4x3xf32>) {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<9x3xf32>'does not match inferred shape 'tensor<8x3xf32>' static sizes}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<9x3xf32>
  return
}

// -----

func.func @a(%t: tensor<f32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = tensor.dim %t, %i : tensor<f32>
  return
}

// -----

func.func @a(%i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.empty(%i) : tensor<4xf32>
  return
}

// -----

func.func @a(%i: index) {
  // expected-error@+1 {{custom op 'tensor.empty' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.empty() : tensor<*xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<2xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0][2][1] : tensor<4xf32> to tensor<3xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 4 >= 4}}
  %0 = tensor.extract_slice %t[4][1][1] : tensor<4xf32> to tensor<1xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 4 >= 4}}
  %0 = tensor.extract_slice %t[4][0][1] : tensor<4xf32> to tensor<0xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 4 >= 4}}
  %0 = tensor.extract_slice %t[2][2][2] : tensor<4xf32> to tensor<2xf32>
  return
}

// -----

// An empty slice is bounded at offset + (size - 1) * stride too, as upstream
// (and memref.subview) have it: 3 + (0 - 1) * -1 = 4.
func.func @a(%i: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 4 >= 4}}
  %0 = tensor.extract_slice %t[3][0][-1] : tensor<4xf32> to tensor<0xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[0][-1][2] : tensor<4xf32> to tensor<?xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[-1][1][2] : tensor<4xf32> to tensor<1xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4x4xf32>) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %0 = "tensor.extract_slice"(%t, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>, index) -> tensor<4xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4x4xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4x4xf32>) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 1, 4>, static_strides = array<i64: 1>}> : (tensor<4x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a(%i: index, %t: tensor<4x4xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 1}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (tensor<4x4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %s: tensor<2x8xf32>, %i: index) {
  // expected-error@+1 {{slice along dimension 1 runs out-of-bounds: 8 >= 8}}
  %1 = tensor.insert_slice %t into %s[0, 5][1, 4][1, 1] : tensor<4xf32> into tensor<2x8xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %s: tensor<2x8xf32>, %i: index) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %1 = tensor.parallel_insert_slice %t into %s[0, 0][1, 4][1, 1] : tensor<4xf32> into tensor<2x8xf32>
  return
}

// -----

func.func @a(%t: tensor<4xf32>, %s: tensor<2x8xf32>, %i: index) {
  // expected-error@+1 {{expected InParallelOpInterface parent, got:}}
  tensor.parallel_insert_slice %t into %s[0, 0][1, 4][1, 1] : tensor<4xf32> into tensor<2x8xf32>
  return
}

// -----

func.func @a(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %0 = tensor.collapse_shape %t [[0], [1]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @a(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %t [[1, 0]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @a(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  3.}}
  %0 = tensor.collapse_shape %t [[0, 2]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @a(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  1.}}
  %0 = tensor.collapse_shape %t [[0]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @a(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<6xf32>', but got 'tensor<6xi32>'}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xi32>
  return
}

// -----

func.func @a(%t: tensor<6xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected the expanded type, 'tensor<6xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<2x3xf32>'.}}
  %0 = tensor.collapse_shape %t [[0]] : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @a(%t: tensor<6xf32>, %i: index) {
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %1 = tensor.expand_shape %t [[0, 1]] output_shape [%i, 3] : tensor<6xf32> into tensor<?x3xf32>
  return
}

// -----

func.func @a(%t: tensor<6xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 1 inputs instead}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2] : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @a(%t: tensor<?xf32>, %i: index) {
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [%i, 3] : tensor<?xf32> into tensor<?x3xf32>
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %1 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<?xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>, %i: tensor<2x1xindex>) {
  // expected-error@+1 {{'tensor.gather' op result type mismatch: expected 'tensor<2x1x5xf32>' or its rank-reduced variant 'tensor<2x5xf32>' (got: 'tensor<2x6xf32>')}}
  %0 = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<2x6xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>, %i: tensor<2x1xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims value must be smaller than source rank}}
  %0 = tensor.gather %t[%i] gather_dims([2]) : (tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<2x6xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>, %i: tensor<2x1xindex>, %s: tensor<2x5xf32>) {
  // expected-error@+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0]) : (tensor<2x5xf32>, tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>, %i: tensor<2x1xindex>, %s: tensor<2x6xf32>) {
  // expected-error@+1 {{'tensor.scatter' op source type mismatch: expected 'tensor<2x1x5xf32>' or its rank-reduced variant 'tensor<2x5xf32>' (got: 'tensor<2x6xf32>')}}
  %0 = tensor.scatter %s into %t[%i] scatter_dims([0]) unique : (tensor<2x6xf32>, tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @a(%t: tensor<4x5xf32>, %i: tensor<2x1xf32>) {
  // expected-error@+1 {{'tensor.gather' op operand #1 must be ranked tensor of signless integer or index values, but got 'tensor<2x1xf32>'}}
  %0 = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @a(%f: f32, %i: index) {
  %0 = tensor.splat %f[%i] : tensor<?x4xf32>
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
  %1 = tensor.splat %f : tensor<?x4xf32>
  return
}

// -----

func.func @a(%f: f32, %i: index) {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = tensor.splat %f : tensor<?x4xf32>
  return
}

// -----

func.func @a(%f: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 2 operands and 3 types}}
  %0 = tensor.from_elements %f, %f : tensor<3xf32>
  return
}

// -----

func.func @a(%f: f32, %t: tensor<*xf32>) {
  // expected-error@+1 {{custom op 'tensor.insert' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.insert %f into %t[] : tensor<*xf32>
  return
}

// -----

func.func @a(%f: f32, %t: tensor<*xf32>) {
  // expected-error@+1 {{custom op 'tensor.extract' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.extract %t[] : tensor<*xf32>
  return
}

// -----

func.func @a(%f: f32, %t: tensor<*xf32>) {
  // expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  tensor.yield %f : f32
}

// -----

func.func @a(%f: f32, %t: tensor<2xf32>) {
  %0 = tensor.generate {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<2xf32>
  // expected-error@+1 {{'tensor.yield' op requires a single operand}}
  %1 = tensor.generate {
  ^bb0(%i: index):
  } : tensor<2xf32>
  return
}

// -----

func.func @a(%f: f32, %t: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.yield' op requires a single operand}}
  %1 = tensor.generate {
  ^bb0(%i: index):
    "foo.bar"() : () -> ()
  } : tensor<2xf32>
  return
}

// -----

func.func @a(%f: f32, %t: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.yield' op requires a single operand}}
  %1 = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    "foo.bar"() : () -> ()
  } : tensor<2xf32> to tensor<4xf32>
  %2 = tensor.pad %t nofold low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<2xf32> to tensor<4xf32>
  return
}

// -----

func.func @a(%f: f32, %t: tensor<2xf32>) {
  // expected-error@+1 {{failed to infer expectedType from sourceType 'tensor<2xf32>', specified resultType is 'tensor<4xf32>'}}
  %2 = tensor.pad %t low[1, 2] high[1] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<2xf32> to tensor<4xf32>
  return
}

// -----

func.func @a(%f: f32, %t: tensor<2xf32>) {
  // expected-error@+1 {{specified type 'tensor<4x1xf32>' does not match the inferred type 'tensor<4xf32>'}}
  %2 = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<2xf32> to tensor<4x1xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op operand #0 must be ranked tensor of any type values, but got 'f32'}}
  %0 = "tensor.extract"(%f) : (f32) -> f32
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<*xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract_slice' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.extract_slice"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64>, static_sizes = array<i64>, static_strides = array<i64>}> : (tensor<*xf32>) -> tensor<f32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.gather' op operand #1 must be ranked tensor of signless integer or index values, but got 'tensor<4xf32>'}}
  %0 = "tensor.gather"(%t, %t) <{gather_dims = array<i64: 0>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'tensor<4xf32>'}}
  %0 = "tensor.reshape"(%t, %t) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #1 must be index, but got 'f32'}}
  %0 = "tensor.dim"(%t, %f) : (tensor<4xf32>, f32) -> index
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.from_elements' op result #0 must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %0 = "tensor.from_elements"(%f) : (f32) -> tensor<?xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.pad' op requires one region}}
  %0 = "tensor.pad"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0>, static_low = array<i64: 0>}> ({
  ^bb0(%a: index):
    "tensor.yield"(%f) : (f32) -> ()
  }, {
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'tensor.generate' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = "tensor.generate"(%i) ({
  }) : (index) -> tensor<?xf32>
  return
}

// -----

func.func @f(%i: index, %f: f32) {
  // expected-error@+1 {{'tensor.generate' op expects region #0 to have 0 or 1 blocks}}
  %0 = "tensor.generate"(%i) ({
  ^bb0(%a: index):
    "tensor.yield"(%f) : (f32) -> ()
  ^bb1:
    "tensor.yield"(%f) : (f32) -> ()
  }) : (index) -> tensor<?xf32>
  return
}
