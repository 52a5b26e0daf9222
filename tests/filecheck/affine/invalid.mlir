// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @apply_result_not_index(%arg0 : index) {
  // expected-error@+1 {{op result #0 must be index, but got 'i32'}}
  %0 = "affine.apply"(%arg0) <{map = affine_map<(d0) -> (d0)>}> : (index) -> (i32)
  return
}

// -----

func.func @apply_mismatch(%arg0 : index) {
  // expected-error@+1 {{custom op 'affine.apply' dimension or symbol index mismatch}}
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%arg0)
  return
}

// -----

func.func @apply_two_results(%arg0 : index) {
  // expected-error@+1 {{'affine.apply' op mapping must produce one value}}
  %0 = "affine.apply"(%arg0) <{map = affine_map<(d0) -> (d0, d0)>}> : (index) -> (index)
  return
}

// -----

func.func @apply_dim_as_symbol() {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{dimensional operand cannot be used as a symbol}}
    %0 = affine.apply affine_map<()[s0] -> (s0)>()[%i]
  }
  return
}

// -----

func.func @apply_not_a_map(%arg0 : index) {
  // expected-error@+1 {{custom op 'affine.apply' invalid kind of attribute specified}}
  %0 = affine.apply 5 (%arg0)
  return
}

// -----

#map0 = affine_map<(d0)[s0] -> (d0 + s0)>

func.func @for_lower_bound_invalid_sym() {
  affine.for %i0 = 0 to 7 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.for %n0 = #map0(%i0)[%i0] to 7 {
    }
  }
  return
}

// -----

func.func @for_iter_arg_as_dim(%A: memref<10xf32>, %i0: index) {
  %r = affine.for %i = 0 to 10 iter_args(%x = %i0) -> (index) {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %A[%x] : memref<10xf32>
    affine.yield %x : index
  }
  return
}

// -----

func.func @for_bound_from_inner_alloc() {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 10 {
    %m = memref.alloc(%i) : memref<?xf32>
    %d = memref.dim %m, %c0 : memref<?xf32>
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %d {
    }
  }
  return
}

// -----

// More initial values than result types: the extra one is not dropped.
func.func @for_iter_args_more_inits(%x: f32, %y: f32) -> f32 {
  // expected-error@+1 {{custom op 'affine.for' mismatch between the number of loop-carried values and results}}
  %r = affine.for %i = 0 to 10 iter_args(%a = %x, %b = %y) -> (f32) {
    affine.yield %a : f32
  }
  return %r : f32
}

// -----

func.func @for_iter_args_mismatch(%buffer: memref<1024xf32>) -> f32 {
  %sum_0 = arith.constant 0.0 : f32
  // expected-error@+1 {{custom op 'affine.for' mismatch between the number of loop-carried values and results}}
  %res = affine.for %i = 0 to 10 step 2 iter_args(%sum_iter = %sum_0) -> (f32, f32) {
    affine.yield %sum_iter : f32
  }
  return %res : f32
}

// -----

func.func @for_negative_step() {
  // expected-error@+1 {{expected step to be representable as a positive signed integer}}
  affine.for %i = 1 to 10 step -1 {
  }
  return
}

// -----

func.func @for_missing_min(%arg0: index, %arg1: index) {
  // expected-error@+1 {{upper loop bound affine map with multiple results requires 'min' prefix}}
  affine.for %i0 = %arg0 to affine_map<()[s]->(100,s+1)>()[%arg1] {
  }
  return
}

// -----

func.func @for_missing_max(%arg0: index, %arg1: index) {
  // expected-error@+1 {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i0 = affine_map<()[s]->(0,s-1)>()[%arg0] to %arg1 {
  }
  return
}

// -----

#map0 = affine_map<(d0) -> (d0 floordiv 4)>

func.func @for_reference_to_iv_in_bound() {
  // expected-error@+2 {{region entry argument '%i0' is already in use}}
  // expected-note@+1 {{previously referenced here}}
  affine.for %i0 = #map0(%i0) to 10 {
  }
}

// -----

func.func @for_wrong_terminator() {
  // expected-error@+1 {{'affine.for' op expects regions to end with 'affine.yield', found 'test.op'}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    // expected-note@-2 {{in custom textual format, the absence of terminator implies 'affine.yield'}}
    "test.op"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_step_not_index() {
  // expected-error@+1 {{'affine.for' op attribute 'step' failed to satisfy constraint: index attribute}}
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : i64, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

#set0 = affine_set<(i)[N] : (i >= 0, N - i >= 0)>

func.func @if_invalid_sym() {
  affine.for %i0 = 0 to 7 {
    // expected-error@+1 {{operand cannot be used as a symbol}}
    affine.if #set0(%i0)[%i0] {}
  }
  return
}

// -----

func.func @if_operand_count(%N: index) {
  // expected-error@+1 {{custom op 'affine.if' symbol operand count and integer set symbol count must match}}
  affine.if affine_set<(d0)[s0] : (d0 >= 0, s0 >= 0)>(%N) {
  }
  return
}

// -----

func.func @if_with_then_region_args(%N: index) {
  %c = arith.constant 200 : index
  %i = arith.constant 20: index
  // expected-error@+1 {{'affine.if' op region #0 should have no arguments}}
  affine.if affine_set<(i)[N] : (i - 2 >= 0, 4 - i >= 0)>(%i)[%c]  {
    ^bb0(%arg:i32):
      %w = affine.apply affine_map<(d0,d1)[s0] -> (d0+d1+s0)> (%i, %i) [%N]
  }
  return
}

// -----

func.func @yield_count(%f: f32) {
  %r = affine.if affine_set<() : ()>() -> f32 {
    // expected-error@+1 {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  } else {
    affine.yield %f : f32
  }
  return
}

// -----

func.func @yield_type(%f: f32, %i: i32) {
  %r = affine.if affine_set<() : ()>() -> f32 {
    // expected-error@+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %i : i32
  } else {
    affine.yield %f : f32
  }
  return
}

// -----

func.func @yield_parent() {
  "test.region"() ({
    // expected-error@+1 {{'affine.yield' op only terminates affine.if/for/parallel regions}}
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @min_operand_count(%arg0 : index, %arg1 : index) {
  // expected-error@+1 {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %0 = affine.min affine_map<(d0) -> (d0)> (%arg0, %arg1)
  return
}

// -----

func.func @max_no_result(%arg0 : index) {
  // expected-error@+1 {{'affine.max' op affine map expect at least one result}}
  %0 = affine.max affine_map<(d0) -> ()> (%arg0)
  return
}

// -----

func.func @parallel_group_count() {
  // expected-error@+1 {{the number of region arguments (2) and the number of map groups for lower (2) and upper bound (1), and the number of steps (2) must all match}}
  affine.parallel (%i, %j) = (0, 0) to (100) step (10, 10) {
  }
  return
}

// -----

func.func @parallel_dim() {
  affine.for %x = 0 to 7 {
    %y = arith.addi %x, %x : index
    // expected-error@+1 {{'affine.parallel' op operand cannot be used as a dimension id}}
    affine.parallel (%i, %j) = (0, 0) to (%y, 100) step (10, 10) {
    }
  }
  return
}

// -----

func.func @parallel_missing_reduction(%A: memref<100x100xf32>) {
  // expected-error@+1 {{'affine.parallel' op a reduction must be specified for each output}}
  %1 = affine.parallel (%i, %j) = (0, 0) to (100, 100) step (10, 10) -> (f32) {
    %2 = affine.load %A[%i, %j] : memref<100x100xf32>
    affine.yield %2 : f32
  }
  return
}

// -----

func.func @parallel_bad_reduction(%A: memref<100x100xf32>) {
  // expected-error@+1 {{custom op 'affine.parallel' invalid reduction value: "bad"}}
  %1 = affine.parallel (%i, %j) = (0, 0) to (100, 100) reduce ("bad") -> (f32) {
    %2 = affine.load %A[%i, %j] : memref<100x100xf32>
    affine.yield %2 : f32
  }
  return
}

// -----

func.func @parallel_reduction_type(%A: memref<100x100xf32>) {
  // expected-error@+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %1 = affine.parallel (%i, %j) = (0, 0) to (100, 100) reduce ("addi") -> (f32) {
    %2 = affine.load %A[%i, %j] : memref<100x100xf32>
    affine.yield %2 : f32
  }
  return
}

// -----

func.func @parallel_non_constant_step(%N: index) {
  // expected-error@+1 {{custom op 'affine.parallel' steps must be constant integers}}
  affine.parallel (%i) = (0) to (100) step (%N) {
  }
  return
}

// -----

func.func @load_subscript_count(%arg0: memref<?x?xf32>, %arg1: index) {
  // expected-error@+1 {{'affine.load' op expects as many subscripts as affine map inputs}}
  %0 = "affine.load"(%arg0, %arg1) <{map = affine_map<(i, j) -> (i, j)>}> : (memref<?x?xf32>, index) -> f32
  return
}

// -----

func.func @load_rank(%arg0: memref<?x?xf32>, %arg1: index) {
  // expected-error@+1 {{'affine.load' op affine map num results must equal memref rank}}
  %0 = affine.load %arg0[%arg1] : memref<?x?xf32>
  return
}

// -----

func.func @load_index_type(%arg0: memref<?xf32>, %arg1: i32) {
  // expected-error@+1 {{'affine.load' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "affine.load"(%arg0, %arg1) <{map = affine_map<(i) -> (i)>}> : (memref<?xf32>, i32) -> f32
  return
}

// -----

func.func @load_missing_map(%arg0: memref<?xf32>, %arg1: index) {
  // expected-error@+1 {{'affine.load' op requires attribute 'map'}}
  %0 = "affine.load"(%arg0, %arg1) : (memref<?xf32>, index) -> f32
  return
}

// -----

func.func @load_non_affine_index(%arg0 : index, %A: memref<10xf32>) {
  affine.for %i0 = 0 to 10 {
    %1 = arith.muli %i0, %arg0 : index
    // expected-error@+1 {{'affine.load' op operand cannot be used as a dimension id}}
    %v = affine.load %A[%1] : memref<10xf32>
  }
  return
}

// -----

func.func @load_symbol_from_loop(%A: memref<10xf32>) {
  affine.for %i0 = 0 to 10 {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %A[symbol(%i0)] : memref<10xf32>
  }
  return
}

// -----

func.func @load_not_memref(%t: tensor<2xf32>, %i: index) {
  // expected-error@+1 {{custom op 'affine.load' invalid kind of type specified: expected builtin.memref, but found 'tensor<2xf32>'}}
  %0 = affine.load %t[%i] : tensor<2xf32>
  return
}

// -----

func.func @store_missing_l_square(%C: memref<4096x4096xf32>, %v: f32) {
  // expected-error@+1 {{expected '[' in affine map}}
  affine.store %v, %C : memref<4096x4096xf32>
  return
}

// -----

func.func @store_wrong_value_type(%C: memref<f32>, %c0: i32) {
  // expected-error@+1 {{value to store must have the same type as memref element type}}
  "affine.store"(%c0, %C) <{map = affine_map<() -> ()>}> : (i32, memref<f32>) -> ()
  return
}

// -----

func.func @vector_load_elem_type(%A: memref<100xf32>) {
  affine.for %i0 = 0 to 16 step 8 {
    // expected-error@+1 {{requires memref and vector types of the same elemental type}}
    %1 = affine.vector_load %A[%i0] : memref<100xf32>, vector<8xf64>
  }
  return
}

// -----

func.func @vector_store_elem_type(%A: memref<100xf32>, %v: vector<8xf64>) {
  affine.for %i0 = 0 to 16 step 8 {
    // expected-error@+1 {{requires memref and vector types of the same elemental type}}
    affine.vector_store %v, %A[%i0] : memref<100xf32>, vector<8xf64>
  }
  return
}

// -----

func.func @prefetch_rw(%i : index, %A: memref<10xf32>) {
  // expected-error@+1 {{custom op 'affine.prefetch' rw specifier has to be 'read' or 'write'}}
  affine.prefetch %A[%i], rw, locality<0>, data  : memref<10xf32>
  return
}

// -----

func.func @prefetch_cache(%i : index, %A: memref<10xf32>) {
  // expected-error@+1 {{custom op 'affine.prefetch' cache type has to be 'data' or 'instr'}}
  affine.prefetch %A[%i], read, locality<0>, false  : memref<10xf32>
  return
}

// -----

func.func @prefetch_locality(%i : index, %A: memref<10xf32>) {
  // expected-error@+1 {{'affine.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  affine.prefetch %A[%i], read, locality<5>, data  : memref<10xf32>
  return
}

// -----

func.func @dma_start_non_affine_tag_index(%arg0 : index, %A: memref<100xf32>, %B: memref<100xf32, 2>, %T: memref<1xi32, 4>) {
  %c64 = arith.constant 64 : index
  affine.for %i0 = 0 to 10 {
    %3 = arith.muli %i0, %arg0 : index
    // expected-error@+1 {{'affine.dma_start' op tag index must be a valid dimension or symbol identifier}}
    affine.dma_start %A[%i0], %B[%i0], %T[%3], %c64 : memref<100xf32>, memref<100xf32, 2>, memref<1xi32, 4>
  }
  return
}

// -----

func.func @dma_start_stride(%A: memref<100xf32>, %B: memref<100xf32, 2>, %T: memref<1xi32>, %n: index) {
  // expected-error@+1 {{custom op 'affine.dma_start' expected two stride related operands}}
  affine.dma_start %A[%n], %B[%n], %T[%n], %n, %n : memref<100xf32>, memref<100xf32, 2>, memref<1xi32>
  return
}

// -----

func.func @dma_wait_non_affine_index(%arg0 : index, %T: memref<1xi32>) {
  %c64 = arith.constant 64 : index
  affine.for %i0 = 0 to 10 {
    %3 = arith.muli %i0, %arg0 : index
    // expected-error@+1 {{'affine.dma_wait' op index must be a valid dimension or symbol identifier}}
    affine.dma_wait %T[%3], %c64 : memref<1xi32>
  }
  return
}

// -----

func.func @delinearize_results(%i: index) {
  // expected-error@+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %0:4 = affine.delinearize_index %i into (4, 8) : index, index, index, index
  return
}

// -----

func.func @delinearize_non_positive(%i: index) {
  // expected-error@+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %0:2 = affine.delinearize_index %i into (0, 8) : index, index
  return
}

// -----

func.func @linearize_count(%i: index, %j: index) {
  // expected-error@+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %0 = affine.linearize_index [%i, %j] by (4, 8, 2) : index
  return
}
