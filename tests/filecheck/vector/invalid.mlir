// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// Every case below reports the same first diagnostic, at the same place, as
// upstream mlir-opt 22 (upstream.mlir runs it with --verify-diagnostics).

func.func @broadcast_to_scalar(%arg0: f32) -> f32 {
  // expected-error@+1 {{custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = vector.broadcast %arg0 : f32 to f32
}

// -----

func.func @broadcast_rank_too_high(%arg0: vector<4x4xf32>) {
  // expected-error@+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %1 = vector.broadcast %arg0 : vector<4x4xf32> to vector<4xf32>
}

// -----

func.func @broadcast_rank_too_high_0d(%arg0: vector<1xf32>) {
  // expected-error@+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %1 = vector.broadcast %arg0 : vector<1xf32> to vector<f32>
}

// -----

func.func @broadcast_dim2_mismatch(%arg0: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (4 vs. 1)}}
  %1 = vector.broadcast %arg0 : vector<4x8xf32> to vector<1x8xf32>
}

// -----

func.func @broadcast_scalable_unit_dim(%arg0: vector<[1]xf32>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch ([1] vs. [4])}}
  %0 = vector.broadcast %arg0 : vector<[1]xf32> to vector<[4]xf32>
}

// -----

func.func @broadcast_scalable_to_fixed(%arg0: vector<[1]xf32>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch ([1] vs. 1)}}
  %0 = vector.broadcast %arg0 : vector<[1]xf32> to vector<4x1xf32>
}

// -----

func.func @broadcast_unknown(%arg0: memref<4x8xf32>) {
  // expected-error@+1 {{'vector.broadcast' op source type is not a vector}}
  %1 = vector.broadcast %arg0 : memref<4x8xf32> to vector<1x8xf32>
}

// -----

func.func @fma_vector_4xi32(%arg0: vector<4xi32>) {
  // expected-error@+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'}}
  %1 = vector.fma %arg0, %arg0, %arg0 : vector<4xi32>
}

// -----

func.func @shuffle_rank_mismatch(%arg0: vector<2xf32>, %arg1: vector<4x2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op rank mismatch}}
  %1 = vector.shuffle %arg0, %arg1 [0, 1] : vector<2xf32>, vector<4x2xf32>
}

// -----

func.func @shuffle_rank_mismatch_0d(%arg0: vector<f32>, %arg1: vector<1xf32>) {
  // expected-error@+1 {{'vector.shuffle' op rank mismatch}}
  %1 = vector.shuffle %arg0, %arg1 [0, 1] : vector<f32>, vector<1xf32>
}

// -----

func.func @shuffle_index_out_of_range(%arg0: vector<2xf32>, %arg1: vector<2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #2 out of range}}
  %1 = vector.shuffle %arg0, %arg1 [0, 4] : vector<2xf32>, vector<2xf32>
}

// -----

func.func @shuffle_scalable_vec(%arg0: vector<[2]xf32>, %arg1: vector<[2]xf32>) {
  // expected-error@+1 {{'vector.shuffle' op operand #0 must be fixed-length vector of any type values, but got 'vector<[2]xf32>'}}
  %1 = vector.shuffle %arg0, %arg1 [0, 1, 2, 3] : vector<[2]xf32>, vector<[2]xf32>
}

// -----

func.func @shuffle_empty_mask(%arg0: vector<2xf32>, %arg1: vector<2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op invalid mask length}}
  %1 = vector.shuffle %arg0, %arg1 [] : vector<2xf32>, vector<2xf32>
}

// -----

func.func @extract_position_rank_overflow(%arg0: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %1 = vector.extract %arg0[0, 0, 0, 0] : f32 from vector<4x8x16xf32>
}

// -----

func.func @extract_position_rank_overflow_generic(%arg0: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute of rank no greater than vector rank}}
  %1 = "vector.extract" (%arg0) <{static_position = array<i64: 0, 0, 0, 0>}> : (vector<4x8x16xf32>) -> (vector<16xf32>)
}

// -----

func.func @extract_precise_position_overflow(%arg0: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute #3 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %1 = vector.extract %arg0[3, 7, 16] : f32 from vector<4x8x16xf32>
}

// -----

func.func @extract_0d_result(%arg0: vector<f32>) {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the result type}}
  %1 = vector.extract %arg0[] : vector<f32> from vector<f32>
}

// -----

func.func @extract_position_overflow(%arg0: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.extract' op expected position attribute #3 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %1 = vector.extract %arg0[0, 0, -5] : f32 from vector<4x8x16xf32>
}

// -----

func.func @insert_vector_type(%a: vector<4xf32>, %b: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank + source rank to match dest vector rank}}
  %1 = vector.insert %a, %b[3] : vector<4xf32> into vector<4x8x16xf32>
}

// -----

func.func @insert_vector_type(%a: f32, %b: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.insert' op expected position attribute rank to match the dest vector rank}}
  %1 = vector.insert %a, %b[3, 3] : f32 into vector<4x8x16xf32>
}

// -----

func.func @insert_precise_position_overflow(%a: f32, %b: vector<4x8x16xf32>) {
  // expected-error@+1 {{'vector.insert' op expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %1 = vector.insert %a, %b[4, 7, 15] : f32 into vector<4x8x16xf32>
}

// -----

func.func @insert_0d_value_to_store(%a: vector<f32>, %b: vector<4x8x16xf32>) {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the source operand}}
  %1 = vector.insert %a, %b[0, 0, 0] : vector<f32> into vector<4x8x16xf32>
}

// -----

func.func @outerproduct_num_operands(%arg0: f32) {
  // expected-error@+1 {{custom op 'vector.outerproduct' expected at least 2 operands}}
  %1 = vector.outerproduct %arg0 : f32, f32
}

// -----

func.func @outerproduct_operand_1(%arg0: vector<4xf32>, %arg1: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector for operand #1}}
  %1 = vector.outerproduct %arg1, %arg1 : vector<4x8xf32>, vector<4x8xf32>
}

// -----

func.func @outerproduct_operand_2(%arg0: vector<4xf32>, %arg1: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector for operand #2}}
  %1 = vector.outerproduct %arg0, %arg1 : vector<4xf32>, vector<4x8xf32>
}

// -----

func.func @outerproduct_operand_1_dim_generic(%arg0: vector<4xf32>, %arg1: vector<8xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected #1 operand dim to match result dim #1}}
  %1 = "vector.outerproduct" (%arg0, %arg1) : (vector<4xf32>, vector<8xf32>) -> (vector<8x16xf32>)
}

// -----

func.func @outerproduct_operand_2_dim_generic(%arg0: vector<4xf32>, %arg1: vector<8xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected #2 operand dim to match result dim #2}}
  %1 = "vector.outerproduct" (%arg0, %arg1) : (vector<4xf32>, vector<8xf32>) -> (vector<4x16xf32>)
}

// -----

func.func @outerproduct_axpy_operand(%arg0: vector<4x8xf32>, %arg1: f32) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector for operand #1}}
  %1 = vector.outerproduct %arg0, %arg1 : vector<4x8xf32>, f32
}

// -----

func.func @outerproduct_axpy_operand_dim_generic(%arg0: vector<8xf32>, %arg1: f32) {
  // expected-error@+1 {{'vector.outerproduct' op expected #1 operand dim to match result dim #1}}
  %1 = "vector.outerproduct" (%arg0, %arg1) : (vector<8xf32>, f32) -> (vector<16xf32>)
}

// -----

func.func @outerproduct_operand_3_result_type_generic(%arg0: vector<4xf32>, %arg1: vector<8xf32>, %arg2: vector<4x16xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected operand #3 of same type as result type}}
  %1 = "vector.outerproduct" (%arg0, %arg1, %arg2) : (vector<4xf32>, vector<8xf32>, vector<4x16xf32>) -> (vector<4x8xf32>)
}

// -----

#map1 = affine_map<(d0, d1, d2) -> (d0, 0, 0)>
func.func @main(%m:  memref<1xi32>, %2: vector<1x32xi1>) -> vector<1x32xi32> {
  %0 = arith.constant 1 : index
  %1 = arith.constant 1 : i32
  // expected-error@+1 {{custom op 'vector.transfer_read' expected the same rank for the vector and the results of the permutation map}}
  %3 = vector.transfer_read %m[%0], %1, %2 { permutation_map = #map1 } : memref<1xi32>, vector<1x32xi32>
  return %3 : vector<1x32xi32>
}

// -----

#map1 = affine_map<(d0, d1, d2) -> (d0, 0, 0)>
func.func @test_vector.transfer_write(%m:  memref<1xi32>, %2: vector<1x32xi32>) -> vector<1x32xi32> {
  %0 = arith.constant 1 : index
  %1 = arith.constant 1 : i32
  // expected-error@+1 {{custom op 'vector.transfer_write' expected the same rank for the vector and the results of the permutation map}}
  %3 = vector.transfer_write %2, %m[%0], %1 { permutation_map = #map1 } : vector<1x32xi32>, memref<1xi32>
  return %3 : vector<1x32xi32>
}

// -----

func.func @test_vector.transfer_read(%arg0: vector<4x3xf32>) {
  %c3 = arith.constant 3 : index
  %f0 = arith.constant 0.0 : f32
  %vf0 = vector.broadcast %f0 : f32 to vector<4x3xf32>
  // expected-error@+1 {{custom op 'vector.transfer_read' requires memref or ranked tensor type}}
  %0 = vector.transfer_read %arg0[%c3, %c3], %vf0 : vector<4x3xf32>, vector<1x1x2x3xf32>
}

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xf32>) {
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  // expected-error@+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %arg0[%c3, %c3, %c3], %cst { permutation_map = affine_map<()->(0)> } : memref<?x?xf32>, vector<128xf32>
}

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xf32>) {
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  // expected-error@+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %arg0[%c3], %cst { permutation_map = affine_map<()->(0)> } : memref<?x?xf32>, vector<128xf32>
}

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xf32>) {
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
  %0 = vector.transfer_read %arg0[%c3, %c3], %cst {permutation_map = affine_map<(d0, d1)->(d0, d1)>} : memref<?x?xf32>, vector<128xf32>
}

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xf32>) {
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  // expected-error@+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %0 = vector.transfer_read %arg0[%c3, %c3], %cst {permutation_map = affine_map<(d0, d1)->(d0 + d1)>} : memref<?x?xf32>, vector<128xf32>
}

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?xf32>) {
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  // expected-error@+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %0 = vector.transfer_read %arg0[%c3, %c3], %cst {permutation_map = affine_map<(d0, d1)->(d0 + 1)>} : memref<?x?xf32>, vector<128xf32>
}

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?x?xf32>) {
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  // expected-error@+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %arg0[%c3, %c3, %c3], %cst {permutation_map = affine_map<(d0, d1, d2)->(d0, d0)>} : memref<?x?x?xf32>, vector<3x7xf32>
}

// -----

func.func @test_vector.transfer_read(%arg0: memref<?x?x?xf32>) {
  %c1 = arith.constant 1 : i1
  %c3 = arith.constant 3 : index
  %cst = arith.constant 3.0 : f32
  // expected-note@+1 {{prior use here}}
  %mask = vector.broadcast %c1 : i1 to vector<3x8x7xi1>
  // expected-error@+1 {{use of value '%mask' expects different type than prior uses: 'vector<3x7xi1>' vs 'vector<3x8x7xi1>'}}
  %0 = vector.transfer_read %arg0[%c3, %c3, %c3], %cst, %mask {permutation_map = affine_map<(d0, d1, d2)->(d0, 0, d2)>} : memref<?x?x?xf32>, vector<3x8x7xf32>
}

// -----

func.func @f(%a: vector<4xf32>) {
  // expected-error@+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %0 = vector.broadcast %a : vector<4xf32> to vector<4xi32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %b: vector<4x8xf32>) {
  %0 = vector.shuffle %a, %b [0, 1] : vector<4x8xf32>, vector<4x8xf32>
  // expected-error@+1 {{'vector.shuffle' op mask length mismatch}}
  %1 = "vector.shuffle"(%a, %b) <{mask = array<i64: 0, 1>}> : (vector<4x8xf32>, vector<4x8xf32>) -> vector<3x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %b: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.shuffle' op dimension mismatch}}
  %0 = vector.shuffle %a, %b [0, 1] : vector<4x8xf32>, vector<4x7xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %i: index) {
  // expected-error@+1 {{'vector.extract' op mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite}}
  %0 = "vector.extract"(%a, %i) <{static_position = array<i64: 1>}> : (vector<4x8xf32>, index) -> vector<8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %f: f32) {
  // expected-error@+1 {{'vector.insert' op expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %f, %a[4, 0] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %f: f32) {
  // expected-error@+1 {{'vector.insert' op expected position attribute of rank no greater than dest vector rank}}
  %0 = vector.insert %f, %a[0, 0, 0] : f32 into vector<4x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %f: f32) {
  // expected-error@+1 {{custom op 'vector.from_elements' number of operands and types do not match: got 1 operands and 2 types}}
  %0 = vector.from_elements %f : vector<2xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %f: f32) {
  // expected-error@+1 {{'vector.interleave' op failed to verify that type of 'result' is double the width of the inputs}}
  %0 = vector.interleave %a, %a : vector<4x8xf32> -> vector<4x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x7xf32>, %f: f32) {
  // expected-error@+1 {{'vector.deinterleave' op failed to verify that the trailing dimension of the source vector has an even number of elements}}
  %0, %1 = vector.deinterleave %a : vector<4x7xf32> -> vector<4x3xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op requires attribute 'strides'}}
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2]} : vector<4x8xf32> to vector<2x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected result type to be 'vector<2x8xf32>'}}
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x7xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected sum(offsets, sizes) dimension 0 to be confined to [1, 5)}}
  %0 = vector.extract_strided_slice %a {offsets = [3], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected offsets dimension 0 to be confined to [0, 4)}}
  %0 = vector.extract_strided_slice %a {offsets = [4], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected offsets attribute of rank no greater than vector rank}}
  %0 = vector.extract_strided_slice %a {offsets = [1, 1, 1], sizes = [2, 2, 2], strides = [1, 1, 1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected strides to be confined to [1, 2)}}
  %0 = vector.extract_strided_slice %a {offsets = [1], sizes = [2], strides = [2]} : vector<4x8xf32> to vector<2x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %b: vector<2x8xf32>) {
  // expected-error@+1 {{'vector.insert_strided_slice' op expected sum(offsets, source vector shape) dimension 0 to be confined to [1, 5)}}
  %0 = vector.insert_strided_slice %b, %a {offsets = [3, 0], strides = [1, 1]} : vector<2x8xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %b: vector<2x8xf32>) {
  // expected-error@+1 {{'vector.insert_strided_slice' op expected offsets of same size as destination vector rank}}
  %0 = vector.insert_strided_slice %b, %a {offsets = [3], strides = [1, 1]} : vector<2x8xf32> into vector<4x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different number of elements at source (32) and result (33)}}
  %0 = vector.shape_cast %a : vector<4x8xf32> to vector<33xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different source and result element types}}
  %0 = vector.shape_cast %a : vector<4x8xf32> to vector<32xi32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op has different number of scalable dims at source (0) and result (1)}}
  %0 = vector.shape_cast %a : vector<4x8xf32> to vector<[32]xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %a : vector<4x8xf32> to vector<4x8xf16>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.bitcast' op failed to verify that all of {source, result} have same rank}}
  %0 = vector.bitcast %a : vector<4x8xf32> to vector<8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.bitcast' op dimension size mismatch at: 0}}
  %0 = vector.bitcast %a : vector<4x8xf32> to vector<3x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.transpose' op duplicate position index: 1}}
  %0 = vector.transpose %a, [1, 1] : vector<4x8xf32> to vector<8x4xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.transpose' op dimension size mismatch at: 0}}
  %0 = vector.transpose %a, [0, 1] : vector<4x8xf32> to vector<8x4xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.transpose' op transposition index out of range: 2}}
  %0 = vector.transpose %a, [0, 2] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.transpose' op transposition length mismatch: 1}}
  %0 = vector.transpose %a, [0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %i : vector<4x8xi1>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'vector.constant_mask' op must specify array attr of size equal vector result rank}}
  %0 = vector.constant_mask [4] : vector<4x8xi1>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'vector.constant_mask' op array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [5, 1] : vector<4x8xi1>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [0, 1] : vector<4x8xi1>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'vector.constant_mask' op only supports 'none set' or 'all set' scalable dimensions}}
  %0 = vector.constant_mask [2] : vector<[4]xi1>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{mask dim size must be either 0 or 1 for 0-D vectors}}
  %0 = vector.constant_mask [2] : vector<i1>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %a : vector<4x8xf32> into f32
  return
}

// -----

func.func @f(%a: vector<8xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %a : vector<8xf32> into f32
  return
}

// -----

func.func @f(%a: vector<8xf32>) {
  // expected-error@+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %a : vector<8xf32> into i32
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %b: vector<8xf32>) {
  // expected-error@+1 {{'vector.multi_reduction' op destination type 'vector<8xf32>' is incompatible with source type 'vector<4x8xf32>'}}
  %0 = vector.multi_reduction <add>, %a, %b [1] : vector<4x8xf32> to vector<8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %b: vector<8xf32>) {
  // expected-error@+1 {{'vector.scan' op reduction dimension 2 has to be less than 2}}
  %0:2 = vector.scan <add>, %a, %b {inclusive = true, reduction_dim = 2 : i64} : vector<4x8xf32>, vector<8xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xf32>, %b: vector<4xf32>) {
  // expected-error@+1 {{'vector.scan' op incompatible input/initial value shapes}}
  %0:2 = vector.scan <add>, %a, %b {inclusive = true, reduction_dim = 0 : i64} : vector<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%a: vector<4x8xi32>, %b: vector<8xi32>) {
  // expected-error@+1 {{'vector.scan' op unsupported reduction type 'i32' for kind 'maxnumf'}}
  %0:2 = vector.scan <maxnumf>, %a, %b {inclusive = true, reduction_dim = 0 : i64} : vector<4x8xi32>, vector<8xi32>
  return
}

// -----

func.func @f(%a: vector<8xf32>, %b: vector<4xf32>) {
  // expected-error@+1 {{'vector.scalable.insert' op operand #1 must be  of ranks 1, but got 'vector<4xf32>'}}
  %0 = vector.scalable.insert %a, %b[0] : vector<8xf32> into vector<4xf32>
  return
}

// -----

func.func @f(%a: vector<4xf32>, %b: vector<[8]xf32>) {
  // expected-error@+1 {{'vector.scalable.insert' op failed to verify that position is a multiple of the source length.}}
  %0 = vector.scalable.insert %a, %b[2] : vector<4xf32> into vector<[8]xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<4xi32>'}}
  %0 = vector.step : vector<4xi32>
  return
}

// -----

func.func @f(%a: vector<4xf32>) {
  // expected-error@+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  vector.print str "foo" punctuation <comma>
  return
}

// -----

func.func @f(%a: vector<4xf32>) {
  // expected-error@+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  vector.print %a : vector<4xf32> str "foo"
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d0, d1)> vs inBounds of size: 1}}
  %0 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true]} : memref<?x?xf32>, vector<4x8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %f: i32) {
  // expected-error@+1 {{'vector.transfer_read' op requires formal padding and source of the same elemental type}}
  %0 = "vector.transfer_read"(%m, %i, %i, %f) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d0, d1)>}> : (memref<?x?xf32>, index, index, i32) -> vector<4x8xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{custom op 'vector.transfer_read' expected a custom permutation_map when rank(source) != rank(destination)}}
  %0 = vector.transfer_read %m[%i], %f : memref<?xf32>, vector<4x8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %f: f32, %v: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : vector<4x8xf32>, memref<?x?xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index, %f: f32, %v: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.transfer_write' op requires 2 indices}}
  vector.transfer_write %v, %m[%i] : vector<4x8xf32>, memref<?x?xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xvector<4xf32>>, %i: index, %f: vector<4xf32>) {
  // expected-error@+1 {{'vector.transfer_read' op requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source}}
  %0 = vector.transfer_read %m[%i, %i], %f : memref<?x?xvector<4xf32>>, vector<1x3xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op requires 2 indices}}
  %0 = vector.load %m[%i] : memref<?x?xf32>, vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op base and result element types should match}}
  %0 = vector.load %m[%i, %i] : memref<?x?xf32>, vector<8xi32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op destination memref has lower rank than the result vector}}
  %0 = vector.load %m[%i] : memref<?xf32>, vector<2x8xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xvector<8xf32>>, %i: index) {
  // expected-error@+1 {{'vector.load' op base memref and result vector types should match}}
  %0 = vector.load %m[%i, %i] : memref<?x?xvector<8xf32>>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<?x?xf32, strided<[?, 2]>>, %i: index) {
  // expected-error@+1 {{'vector.load' op most minor memref dim must have unit stride}}
  %0 = vector.load %m[%i, %i] : memref<?x?xf32, strided<[?, 2]>>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %v: vector<2x8xf32>) {
  // expected-error@+1 {{'vector.store' op source memref has lower rank than the vector to store}}
  vector.store %v, %m[%i] : memref<?xf32>, vector<2x8xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %v: vector<8xi32>) {
  // expected-error@+1 {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<?xf32>, vector<8xi32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %mk: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.maskedload' op expected result shape to match mask shape}}
  %0 = vector.maskedload %m[%i], %mk, %v : memref<?xf32>, vector<4xi1>, vector<8xf32> into vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %mk: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.maskedload' op base and result element type should match}}
  %0 = vector.maskedload %m[%i], %mk, %v : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xi32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %mk: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.maskedstore' op expected valueToStore shape to match mask shape}}
  vector.maskedstore %m[%i], %mk, %v : memref<?xf32>, vector<4xi1>, vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %mk: vector<8xi1>, %v: vector<8xf32>, %iv: vector<4xindex>) {
  // expected-error@+1 {{'vector.gather' op expected result dim to match indices dim}}
  %0 = vector.gather %m[%i][%iv], %mk, %v : memref<?xf32>, vector<4xindex>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %mk: vector<8xi1>, %v: vector<8xf32>, %iv: vector<4xindex>) {
  // expected-error@+1 {{'vector.scatter' op expected valueToStore dim to match indices dim}}
  vector.scatter %m[%i][%iv], %mk, %v : memref<?xf32>, vector<4xindex>, vector<8xi1>, vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %mk: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.expandload' op expected result dim to match mask dim}}
  %0 = vector.expandload %m[%i], %mk, %v : memref<?xf32>, vector<4xi1>, vector<8xf32> into vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %mk: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.compressstore' op expected valueToStore dim to match mask dim}}
  vector.compressstore %m[%i], %mk, %v : memref<?xf32>, vector<4xi1>, vector<8xf32>
  return
}

// -----

func.func @f(%m: memref<4x8xf32>) {
  // expected-error@+1 {{'vector.type_cast' op expects concatenated result and operand shapes to be equal: 'memref<vector<4x7xf32>>'}}
  %0 = vector.type_cast %m : memref<4x8xf32> to memref<vector<4x7xf32>>
  return
}

// -----

func.func @f(%m: memref<4x8xf32>) {
  // expected-error@+1 {{'vector.type_cast' op expects result and operand with same underlying scalar type: 'memref<vector<4x8xi32>>'}}
  %0 = vector.type_cast %m : memref<4x8xf32> to memref<vector<4x8xi32>>
  return
}

// -----

func.func @f(%mk: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<8xi1>' mask for the maskable operation}}
  %0 = vector.mask %mk { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<4xi1> -> f32
  return
}

// -----

func.func @f(%mk: vector<8xi1>, %v: vector<8xf32>, %f: f32) {
  // expected-error@+1 {{'vector.mask' op doesn't expect a passthru argument for this maskable operation}}
  %0 = vector.mask %mk, %f { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return
}

// -----

func.func @f(%mk: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.mask' op expects a MaskableOpInterface within the mask region}}
  %0 = vector.mask %mk { vector.broadcast %v : vector<8xf32> to vector<2x8xf32> } : vector<8xi1> -> vector<2x8xf32>
  return
}

// -----

func.func @f(%mk: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.mask' op expects result type to match maskable operation result type}}
  %0 = vector.mask %mk { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f64
  return
}

// -----

func.func @f(%mk: vector<8xi1>, %v: vector<8xf32>) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %0 = vector.mask %mk { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1>
  return
}

// -----

func.func @f(%mk: vector<4x8xi1>, %v: vector<4x8xf32>, %a: vector<8xf32>) {
  %0 = vector.mask %mk { vector.multi_reduction <add>, %v, %a [0] : vector<4x8xf32> to vector<8xf32> } : vector<4x8xi1> -> vector<8xf32>
  // expected-error@+1 {{'vector.mask' op expects a 'vector<8x8xi1>' mask for the maskable operation}}
  %1 = vector.mask %mk { vector.outerproduct %a, %a : vector<8xf32>, vector<8xf32> } : vector<4x8xi1> -> vector<8x8xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @f(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.contract' op invalid accumulator/result vector shape, expected: 'vector<4x7xf32>'}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x8xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @f(%a: vector<4x3xf32>, %b: vector<2x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.contract' op invalid contracting dimension map}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<2x7xf32> into vector<4x7xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "parallel"]}
func.func @f(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.contract' op expected at least one contracting dimension pair}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @f(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.contract' op expected an indexing map for each vector operand}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "foo"]}
func.func @f(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{custom op 'vector.contract' unexpected iterator_type (foo)}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<xor>}
func.func @f(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.contract' op unsupported contraction type}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @f(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.contract' op expected indexing map 2 to have 2 number of outputs}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0 + d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @f(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4xf32>) {
  // expected-error@+1 {{'vector.contract' op expected indexing map 2 to be a projected permutation of its inputs}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @f(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: f32) {
  // expected-error@+1 {{'vector.contract' op expected indexing map 2 to have 0 number of outputs}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into f32
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
func.func @f(%a: vector<4xf32>, %b: vector<4xf32>, %c: vector<f32>) {
  // expected-error@+1 {{'vector.contract' op invalid accumulator/result vector shape}}
  %0 = vector.contract #t %a, %b, %c : vector<4xf32>, vector<4xf32> into vector<f32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
func.func @f(%a: vector<4xf32>, %b: vector<4xf32>, %c: vector<5xf32>) {
  // expected-error@+1 {{'vector.contract' op invalid accumulator/result vector shape}}
  %0 = vector.contract #t %a, %b, %c : vector<4xf32>, vector<4xf32> into vector<5xf32>
  return
}

// -----

#t = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @f(%a: vector<4x3xf32>, %b: vector<3x7xi32>, %c: vector<4x7xf32>) {
  // expected-error@+1 {{'vector.contract' op failed to verify that lhs and rhs have same element type}}
  %0 = vector.contract #t %a, %b, %c : vector<4x3xf32>, vector<3x7xi32> into vector<4x7xf32>
  return
}

// -----

func.func @f(%w: vector<8xf32>, %f: f32, %mm: vector<8xi1>) {
  // expected-error@+1 {{'vector.outerproduct' op unsupported outerproduct type}}
  %0 = vector.outerproduct %w, %f {kind = #vector.kind<xor>} : vector<8xf32>, f32
  return
}

// -----

func.func @f(%w: vector<[8]xf32>, %f: vector<8xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected either both or only #2 operand dim to be scalable}}
  %0 = vector.outerproduct %w, %f : vector<[8]xf32>, vector<8xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.broadcast' op result #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.broadcast"(%f) : (f32) -> f32
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.extract_strided_slice' op operand #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.extract_strided_slice"(%f) <{offsets = [0], sizes = [1], strides = [1]}> : (f32) -> vector<1xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.shuffle' op operand #0 must be fixed-length vector of any type values, but got 'f32'}}
  %0 = "vector.shuffle"(%f, %f) <{mask = array<i64: 0>}> : (f32, f32) -> vector<1xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.create_mask' op result #0 must be vector of 1-bit signless integer values, but got 'vector<4xf32>'}}
  %0 = "vector.create_mask"(%i) : (index) -> vector<4xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op operand #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "vector.load"(%t, %i) : (tensor<4xf32>, index) -> vector<4xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.maskedload' op operand #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "vector.maskedload"(%t, %i, %v, %v) : (tensor<4xf32>, index, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.gather' op operand #2 must be vector of integer or index values, but got 'vector<4xf32>'}}
  %0 = "vector.gather"(%t, %i, %v, %v, %v) : (tensor<4xf32>, index, vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<4xi32>'}}
  %0 = "vector.step"() : () -> vector<4xi32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.print' op operand #0 must be , but got 'tensor<4xf32>'}}
  "vector.print"(%t) <{punctuation = #vector.punctuation<newline>}> : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.transfer_read' op operand #0 must be shaped of any type values, but got 'f32'}}
  %0 = "vector.transfer_read"(%f, %i, %f) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (f32, index, f32) -> vector<4xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.type_cast' op operand #0 must be statically shaped memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "vector.type_cast"(%t) : (tensor<4xf32>) -> memref<vector<4xf32>>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{cannot name an operation with no results}}
  %0 = "vector.mask"(%f) ({
    "vector.yield"() : () -> ()
  }) : (f32) -> ()
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.contract' op operand #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.contract"(%f, %v, %v) <{indexing_maps = [], iterator_types = []}> : (f32, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  %0 = "vector.reduction"(%v) <{kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
  // expected-error@+1 {{'vector.reduction' op requires attribute 'kind'}}
  %1 = "vector.reduction"(%v) : (vector<4xf32>) -> f32
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.contract' op attribute 'iterator_types' failed to satisfy constraint: Iterator type should be an enum.}}
  %0 = "vector.contract"(%v, %v, %f) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}> : (vector<4xf32>, vector<4xf32>, f32) -> f32
  return
}

// -----

func.func @f(%f: f32, %v: vector<4xf32>, %t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.fma' op operand #2 must be vector of floating-point values, but got 'f32'}}
  %0 = "vector.fma"(%v, %v, %f) : (vector<4xf32>, vector<4xf32>, f32) -> vector<4xf32>
  return
}

// -----

func.func @f(%i: index, %f: f32, %m: vector<4xi1>) {
  // expected-error@+1 {{'vector.mask' op region #0 ('maskRegion') failed to verify constraint: region with 1 blocks}}
  "vector.mask"(%m) ({
  }) : (vector<4xi1>) -> ()
  return
}
