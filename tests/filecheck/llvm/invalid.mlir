// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @icmp_non_string(%arg0 : i32) {
  // expected-error@+1 {{invalid kind of attribute specified}}
  llvm.icmp 42 %arg0, %arg0 : i32
  return
}

// -----

func.func @icmp_wrong_string(%arg0 : i32) {
  // expected-error@+1 {{'foo' is an incorrect value of the 'predicate' attribute}}
  llvm.icmp "foo" %arg0, %arg0 : i32
  return
}

// -----

func.func @icmp_result_shape(%arg0 : vector<4xi32>) {
  // expected-error@+1 {{failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "llvm.icmp"(%arg0, %arg0) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> i1
  return
}

// -----

func.func @add_float(%arg0 : f32) {
  // expected-error@+1 {{'llvm.add' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = llvm.add %arg0, %arg0 : f32
  return
}

// -----

func.func @alloca_missing_result_type(%size : i64) {
  // expected-error@+1 {{expected trailing function type with one argument and one result}}
  llvm.alloca %size x i32 : (i64) -> ()
}

// -----

func.func @load_non_ptr(%arg0 : f32) {
  // expected-error@+1 {{'llvm.load' op operand #0 must be LLVM pointer type, but got 'f32'}}
  %0 = "llvm.load"(%arg0) : (f32) -> f32
  return
}

// -----

func.func @atomic_load_no_alignment(%ptr : !llvm.ptr) {
  // expected-error@+1 {{expected alignment for atomic access}}
  %0 = llvm.load %ptr atomic monotonic : !llvm.ptr -> f32
  return
}

// -----

func.func @atomic_load_release(%ptr : !llvm.ptr) {
  // expected-error@+1 {{unsupported ordering 'release'}}
  %0 = llvm.load %ptr atomic release {alignment = 4 : i64} : !llvm.ptr -> f32
  return
}

// -----

func.func @atomic_store_bad_type(%ptr : !llvm.ptr, %v : i1) {
  // expected-error@+1 {{unsupported type 'i1' for atomic access}}
  llvm.store %v, %ptr atomic monotonic {alignment = 1 : i64} : i1, !llvm.ptr
  return
}

// -----

func.func @syncscope_non_atomic(%ptr : !llvm.ptr) {
  // expected-error@+1 {{expected syncscope to be null for non-atomic access}}
  %0 = "llvm.load"(%ptr) <{ordering = 0 : i64, syncscope = "singlethread"}> : (!llvm.ptr) -> f32
  return
}

// -----

func.func @atomicrmw_fadd_int(%ptr : !llvm.ptr, %v : i32) {
  // expected-error@+1 {{expected LLVM IR floating point type}}
  %0 = llvm.atomicrmw fadd %ptr, %v unordered : !llvm.ptr, i32
  return
}

// -----

func.func @atomicrmw_unordered(%ptr : !llvm.ptr, %v : i32) {
  // expected-error@+1 {{expected at least 'monotonic' ordering}}
  %0 = llvm.atomicrmw add %ptr, %v unordered : !llvm.ptr, i32
  return
}

// -----

func.func @cmpxchg_failure_release(%ptr : !llvm.ptr, %v : i32) {
  // expected-error@+1 {{failure ordering cannot be 'release' or 'acq_rel'}}
  %0 = llvm.cmpxchg %ptr, %v, %v acq_rel release : !llvm.ptr, i32
  return
}

// -----

func.func @fence_monotonic() {
  // expected-error@+1 {{can be given only acquire, release, acq_rel, and seq_cst orderings}}
  llvm.fence monotonic
  return
}

// -----

func.func @zext_narrowing(%arg0 : i32) {
  // expected-error@+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = llvm.zext %arg0 : i32 to i16
  return
}

// -----

func.func @bitcast_ptr_to_int(%arg0 : !llvm.ptr) {
  // expected-error@+1 {{can only cast pointers from and to pointers}}
  %0 = llvm.bitcast %arg0 : !llvm.ptr to i64
  return
}

// -----

func.func @bitcast_addr_space(%arg0 : !llvm.ptr) {
  // expected-error@+1 {{cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead}}
  %0 = llvm.bitcast %arg0 : !llvm.ptr to !llvm.ptr<1>
  return
}

// -----

func.func @insertvalue_out_of_bounds(%a : i32, %b : !llvm.struct<(i32)>) {
  // The error is reported where the inferred type would end: on the next line.
  // expected-error@+2 {{position out of bounds: 1}}
  %0 = llvm.insertvalue %a, %b[1] : !llvm.struct<(i32)>
  return
}

// -----

func.func @extractvalue_wrong_nesting(%b : !llvm.struct<(i32)>) {
  // expected-error@+2 {{expected LLVM IR structure/array type, got: 'i32'}}
  %0 = llvm.extractvalue %b[0, 0] : !llvm.struct<(i32)>
  return
}

// -----

func.func @extractvalue_type_mismatch(%a : !llvm.array<4 x f32>) {
  // expected-error@+1 {{'llvm.extractvalue' op Type mismatch: extracting from '!llvm.array<4 x f32>' should produce 'f32' but this op returns 'i32'}}
  %0 = "llvm.extractvalue"(%a) <{position = array<i64: 1>}> : (!llvm.array<4 x f32>) -> i32
  return
}

// -----

func.func @extractelement_result(%a : vector<4xf32>, %i : i32) {
  // expected-error@+1 {{failed to verify that result type matches vector element type}}
  %0 = "llvm.extractelement"(%a, %i) : (vector<4xf32>, i32) -> i32
  return
}

// -----

func.func @shufflevector_scalable(%a : vector<[4]xf32>) {
  // expected-error@+1 {{expected a splat operation for scalable vectors}}
  %0 = llvm.shufflevector %a, %a [0, 1, 0, 0] : vector<[4]xf32>
  return
}

// -----

func.func @gep_struct_out_of_bounds(%p : !llvm.ptr) {
  // expected-error@+1 {{index 1 indexing a struct is out of bounds}}
  %0 = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  return
}

// -----

func.func @gep_dynamic_struct_index(%p : !llvm.ptr, %i : i32) {
  // expected-error@+1 {{expected index 1 indexing a struct to be constant}}
  %0 = llvm.getelementptr %p[0, %i] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  return
}

// -----

func.func @gep_not_indexable(%p : !llvm.ptr) {
  // expected-error@+1 {{type 'i32' cannot be indexed (index #1)}}
  %0 = llvm.getelementptr %p[0, 1] : (!llvm.ptr) -> !llvm.ptr, i32
  return
}

// -----

func.func @constant_string_length() {
  // expected-error@+1 {{expected array type of 3 i8 elements for the string constant}}
  %0 = llvm.mlir.constant("foo") : !llvm.array<4 x i8>
  return
}

// -----

func.func @constant_struct_size() {
  // expected-error@+1 {{expected array attribute of size 2}}
  %0 = llvm.mlir.constant([1 : i32]) : !llvm.struct<(i32, f32)>
  return
}

// -----

func.func @constant_float_semantics() {
  // expected-error@+1 {{attribute and type have different float semantics}}
  %0 = llvm.mlir.constant(1.0 : f32) : f64
  return
}

// -----

// expected-error@+1 {{alignment attribute is not a power of 2}}
llvm.mlir.global private @bad_alignment(42 : i64) {alignment = 63} : i64

// -----

// expected-error@+1 {{requires an i8 array type of the length equal to that of the string attribute}}
llvm.mlir.global internal constant @bad_string("abc") : !llvm.array<4 x i8>

// -----

// expected-error@+1 {{type can only be omitted for string globals}}
llvm.mlir.global internal @no_type(42 : i32)

// -----

// expected-error@+1 {{initializer region type 'i32' does not match global type 'i64'}}
llvm.mlir.global internal @bad_init() : i64 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}

// -----

// expected-error@+1 {{external functions must have 'external' or 'extern_weak' linkage}}
llvm.func internal @internal_decl()

// -----

// expected-error@+1 {{functions cannot have 'common' linkage}}
llvm.func common @common_fn() {
  llvm.return
}

// -----

// expected-error@+1 {{with optimize_none must also be no_inline}}
llvm.func @optnone() attributes {optimize_none} {
  llvm.return
}

// -----

llvm.func @void_func_result(%arg0: i32) {
  // expected-error@below {{expected no operands}}
  // expected-note@above {{when returning from function}}
  llvm.return %arg0 : i32
}

// -----

llvm.func @func_result_mismatch(%arg0: f32) -> i32 {
  // expected-error@below {{mismatching result types}}
  // expected-note@above {{when returning from function}}
  llvm.return %arg0 : f32
}

// -----

func.func @call_unknown_symbol() {
  // expected-error@+1 {{'llvm.call' op 'missing_callee' does not reference a symbol in the current scope}}
  llvm.call @missing_callee() : () -> ()
  return
}

// -----

func.func private @std_callee()

func.func @call_non_llvm() {
  // expected-error@+1 {{'llvm.call' op 'std_callee' does not reference a valid LLVM function or IFunc}}
  llvm.call @std_callee() : () -> ()
  return
}

// -----

llvm.func @callee(i8)

func.func @call_operand_mismatch(%arg0 : i32) {
  // expected-error@+1 {{'llvm.call' op operand type mismatch for operand 0: 'i32' != 'i8'}}
  llvm.call @callee(%arg0) : (i32) -> ()
  return
}

// -----

llvm.func @callee() -> i8

func.func @call_result_mismatch() {
  // expected-error@+1 {{'llvm.call' op result type mismatch: 'i32' != 'i8'}}
  %0 = llvm.call @callee() : () -> i32
  return
}

// -----

llvm.func @vararg(i32, ...)

func.func @call_vararg_missing_type(%arg0 : i32) {
  // expected-error@+1 {{missing var_callee_type attribute for vararg call}}
  llvm.call @vararg(%arg0, %arg0) : (i32, i32) -> ()
  return
}

// -----

func.func @call_indirect_one_type(%callee : !llvm.ptr) {
  // expected-error@+1 {{expected indirect call to have 2 trailing types}}
  llvm.call %callee() : () -> ()
  return
}

// -----

func.func @addressof_unknown() {
  // expected-error@+1 {{must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'}}
  %0 = llvm.mlir.addressof @nope : !llvm.ptr
  return
}

// -----

llvm.func @landingpad_no_personality() {
  // expected-error@+1 {{llvm.landingpad needs to be in a function with a personality}}
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.unreachable
}

// -----

llvm.func @ctor() {
  llvm.return
}

// expected-error@+1 {{ctors, priorities, and data must have the same number of elements}}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [], data = []

// -----

func.func @cond_br_operands(%c : i1, %a : i32) {
  // expected-error@+1 {{branch has 0 operands for successor #0, but target block has 1}}
  llvm.cond_br %c, ^bb1, ^bb1
^bb1(%x : i32):
  return
}

// -----

func.func @switch_case_count(%a : i32) {
  // expected-error@+1 {{expects number of case values to match number of case destinations}}
  "llvm.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

// expected-error@+1 {{unknown LLVM type: vec}}
func.func private @unknown_type(!llvm.vec<4 x i32>)

// -----

// expected-error@+1 {{invalid LLVM structure element type: '!llvm.void'}}
func.func private @void_in_struct(!llvm.struct<(void)>)

// -----

func.func private @s1(!llvm.struct<"a", (i32)>)
// expected-error@+1 {{identified type already used with a different body}}
func.func private @s2(!llvm.struct<"a", (i64)>)

// -----

// expected-error@+1 {{target features must start with '+' or '-'}}
"test.op"() {f = #llvm.target_features<["+a", "b"]>} : () -> ()
