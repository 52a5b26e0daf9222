// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @alloc_dyn(%i: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%i) : memref<4xf32>
  return
}

// -----

func.func @alloc_sym(%i: index) {
  // expected-error@+1 {{symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc() : memref<4xf32, strided<[?]>>
  return
}

// -----

func.func @alloc_align() {
  // expected-error@+1 {{attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = 3} : memref<4xf32>
  return
}

// -----

"test.op"() ({
  // expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<4xf32>
  "test.end"() : () -> ()
}) : () -> ()

// -----

func.func @realloc_elem(%m: memref<4xf32>) {
  // expected-error@+1 {{different element types specified for source memref type 'memref<4xf32>' and result memref type 'memref<4xi32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @realloc_missing(%m: memref<4xf32>) {
  // expected-error@+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<?xf32>
  return
}

// -----

func.func @scope_results(%i: index) {
  // expected-error@+1 {{'memref.alloca_scope' op along control flow edge from Operation memref.alloca_scope.return to parent: successor operand type #0 'index' should match successor input type #0 'i32'}}
  %x = memref.alloca_scope -> i32 {
    // expected-note@+1 {{region branch point}}
    memref.alloca_scope.return %i : index
  }
  return
}

// -----

func.func @assume(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  %0 = memref.assume_alignment %m, 3 : memref<4xf32>
  return
}

// -----

func.func @cast_incompatible(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @cast_layout(%m: memref<4xf32, strided<[4]>>) {
  // expected-error@+1 {{are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32, strided<[4]>> to memref<?xf32>
  return
}

// -----

func.func @copy_different_eltype(%arg0: memref<2xf32>, %arg1: memref<2xf16>) {
  // expected-error@+1 {{op requires the same element type for all operands}}
  memref.copy %arg0, %arg1 : memref<2xf32> to memref<2xf16>
  return
}

// -----

func.func @dim_rank0(%m: memref<f32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %0 = "memref.dim"(%m, %i) : (memref<f32>, index) -> index
  return
}

// -----

func.func @load_indices(%m: memref<4x4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @load_type(%m: i32) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.memref, but found 'i32'}}
  %0 = memref.load %m[] : i32
  return
}

// -----

func.func @store_indices(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %v, %m[%i] : memref<4x4xf32>
  return
}

// -----

func.func @atomic_kind(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'addi' expects an integer type}}
  %0 = memref.atomic_rmw addi %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @generic_atomic_side_effect(%m: memref<4xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%c: f32):
    // expected-error@+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    memref.store %c, %m[%i] : memref<4xf32>
    memref.atomic_yield %c : f32
  }
  return
}

// -----

func.func @atomic_yield_type(%m: memref<4xf32>, %i: index, %v: i32) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%c: f32):
    // expected-error@+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %v : i32
  }
  return
}

// -----

func.func @dma_wait(%tag: memref<2x2xi32>, %i: index) {
  // expected-error@+1 {{expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 1}}
  memref.dma_wait %tag[%i], %i : memref<2x2xi32>
  return
}

// -----

func.func @dma_start_src(%v: f32, %m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected source to be of memref type}}
  "memref.dma_start"(%v, %m, %i, %i, %m, %i) : (f32, memref<4xf32>, index, index, memref<4xf32>, index) -> ()
  return
}

// -----

// expected-error@+1 {{type should be static shaped memref}}
memref.global @foo : memref<?xf32>

// -----

// expected-error@+1 {{initial value should be a unit or elements attribute}}
memref.global @foo : memref<2x2xf32>  = "foo"

// -----

// expected-error@+1 {{op visibility expected to be one of ["public", "private", "nested"], but got "priate"}}
memref.global "priate" constant @memref5 : memref<2xf32>  = uninitialized

// -----

memref.global @gv : memref<3xi32>
func.func @get_global_type() {
  // expected-error@+1 {{result type 'memref<3xf32>' does not match type 'memref<3xi32>' of the global memref @gv}}
  %0 = memref.get_global @gv : memref<3xf32>
  return
}

// -----

func.func @get_global_missing() {
  // expected-error@+1 {{'foo' does not reference a valid global memref}}
  %0 = memref.get_global @foo : memref<3xf32>
  return
}

// -----

func.func @prefetch_rw(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], foo, locality<2>, data : memref<4xf32>
  return
}

// -----

func.func @subview_layout(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<2x2xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<2x2xf32, strided<[16, 1], offset: 3>>'}}
  %0 = memref.subview %m[0, 0][2, 2][1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1], offset: 3>>
  return
}

// -----

func.func @subview_sizes(%m: memref<8x16xf32>) {
  // expected-error@+1 {{(mismatch of result sizes), but got 'memref<2x3xf32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0][2, 2][1, 1] : memref<8x16xf32> to memref<2x3xf32, strided<[16, 1]>>
  return
}

// -----

func.func @subview_rank(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<2x2x1xf32>'}}
  %0 = memref.subview %m[0, 0][2, 2][1, 1] : memref<8x16xf32> to memref<2x2x1xf32>
  return
}

// -----

func.func @subview_zero_poison(%m: memref<4x0x3xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<2x0x3xf32, strided<[?, 3, 1]>>'}}
  %0 = memref.subview %m[0, 0, 0][2, 0, 3][1, 1, 1] : memref<4x0x3xf32> to memref<2x0x3xf32, strided<[5, 3, 1]>>
  return
}

// -----

func.func @subview_bounds(%m: memref<8x16xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 8 >= 8}}
  %0 = memref.subview %m[7, 0][2, 2][1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1], offset: 112>>
  return
}

// -----

func.func @subview_negative(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -2}}
  %0 = memref.subview %m[%i, %i][2, -2][1, 1] : memref<8x16xf32> to memref<2x2xf32, strided<[16, 1], offset: ?>>
  return
}

// -----

func.func @subview_dynamic_count(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<2x2xf32, strided<[16, 1], offset: ?>>
  return
}

// -----

func.func @subview_bad_entry(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected integer value}}
  %0 = memref.subview %m[0, foo][2, 2][1, 1] : memref<8x16xf32> to memref<2x2xf32>
  return
}

// -----

func.func @memref_reinterpret_cast_too_many_offsets(%in: memref<?xf32>) {
  // expected-error@+1 {{expected 1 offset values, got 2}}
  %out = memref.reinterpret_cast %in to
           offset: [0, 0], sizes: [10, 10], strides: [10, 1]
           : memref<?xf32> to memref<10x10xf32, strided<[10, 1], offset: 0>>
  return
}

// -----

func.func @reinterpret_cast_stride(%in: memref<*xf32>) {
  // expected-error@+1 {{expected result type with stride = 2 instead of 1 in dim = 0}}
  %out = memref.reinterpret_cast %in to offset: [0], sizes: [10], strides: [2] : memref<*xf32> to memref<10xf32, strided<[1]>>
  return
}

// -----

func.func @view_dyn(%m: memref<4xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.view %m[%i][%i] : memref<4xi8> to memref<1xf32>
  return
}

// -----

func.func @view_source(%m: memref<64x32xi8>, %i: index) {
  // expected-error@+1 {{operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<64x32xi8>'}}
  %0 = memref.view %m[%i][] : memref<64x32xi8> to memref<64x4xf32>
  return
}

// -----

func.func @reshape_layout(%m: memref<4x4xf32, strided<[4, 1]>>, %s: memref<1xi32>) {
  // expected-error@+1 {{'memref.reshape' op source memref type should have identity affine map}}
  %0 = memref.reshape %m(%s) : (memref<4x4xf32, strided<[4, 1]>>, memref<1xi32>) -> memref<16xf32>
  return
}

// -----

func.func @collapse_groups(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (15) must equal reassociation group size (16)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into memref<15xf32>
  return
}

// -----

func.func @collapse_non_contiguous(%m: memref<4x4xf32, strided<[7, 2]>>) {
  // expected-error@+1 {{invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32, strided<[7, 2]>> into memref<16xf32, strided<[2]>>
  return
}

// -----

func.func @expand_layout(%m: memref<4x4xf32>) {
  // expected-error@+1 {{expected expanded type to be 'memref<2x2x4xf32>' but found 'memref<2x2x4xf32, strided<[8, 4, 1]>>'}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 2, 4] : memref<4x4xf32> into memref<2x2x4xf32, strided<[8, 4, 1]>>
  return
}

// -----

func.func @expand_output_shape(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<4xf32> into memref<2x2xf32>
  return
}

// -----

func.func @transpose_not_permutation(%v : memref<?x?xf32>) {
  // expected-error@+1 {{expected a permutation map}}
  %0 = memref.transpose %v (i, j) -> (i, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @transpose_type(%m: memref<3x?xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<3x?xf32>' is not equivalent to the canonical transposed input type 'memref<3x?xf32, affine_map<(d0, d1)[s0] -> (d0 * s0 + d1)>>'}}
  %0 = memref.transpose %m (i, j) -> (i, j) : memref<3x?xf32> to memref<3x?xf32>
  return
}

// -----

func.func @metadata(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.extract_strided_metadata' op inferred type(s) 'memref<f32>', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f32>', 'index', 'index'}}
  %0:3 = "memref.extract_strided_metadata"(%m) : (memref<4xf32>) -> (memref<f32>, index, index)
  return
}
