// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @index_cast_shape(%arg0 : tensor<index>) -> i64 {
  // expected-error@+1 {{'arith.index_cast' op requires the same shape for all operands and results}}
  %0 = arith.index_cast %arg0 : tensor<index> to i64
  return %0 : i64
}

// -----

func.func @constant_wrong_type() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant" () {value = 1.0 : f32} : () -> complex<f32>
  return
}

// -----

func.func @constant_string() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %x = "arith.constant"(){value = "xyz"} : () -> i32
  return
}

// -----

func.func @constant_untyped() {
  // expected-error@+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %x = "arith.constant"(){value = unit} : () -> i32
  return
}

// -----

func.func @constant_no_value() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %x = "arith.constant"() : () -> i32
  return
}

// -----

func.func @constant_signed() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %c = arith.constant 1 : si32
  return
}

// -----

func.func @constant_kind() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %c = arith.constant "x" : i32
  return
}

// -----

func.func @constant_custom_kind() {
  // expected-error@+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %c = arith.constant unit
  return
}

// -----

func.func @constant_int_for_float() {
  // expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
  %c = arith.constant 1 : f32
  return
}

// -----

func.func @intlimit() {
  %0 = "arith.constant"() {value = 0 : i16777215} : () -> i16777215
  // expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
  %1 = "arith.constant"() {value = 1} : () -> i16777216
  return
}

// -----

func.func @addi_types(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @addi_float(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @addf_elementwise(%a: vector<4xf32>) {
  // expected-error@+1 {{'arith.addf' op requires the same type for all operands and results}}
  %0 = "arith.addf"(%a, %a) : (vector<4xf32>, vector<4xf32>) -> f32
  return
}

// -----

func.func @addi_bad_flags(%a: i32) {
  // expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = 1} : (i32, i32) -> i32
  return
}

// -----

func.func @addf_bad_flags(%a: f32) {
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%a, %a) {fastmath = 1} : (f32, f32) -> f32
  return
}

// -----

func.func @addf_unknown_flag(%a: f32) {
  // expected-error@+1 {{custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = arith.addf %a, %a fastmath<foo> : f32
  return
}

// -----

func.func @addi_unknown_flag(%a: i32) {
  // expected-error@+1 {{custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  %0 = arith.addi %a, %a overflow<foo> : i32
  return
}

// -----

// expected-error@+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
"test.op"() {a = #arith.fastmath<nnan, bad>} : () -> ()

// -----

func.func @func_with_ops(%a: f32) {
  // expected-error@+1 {{expected SSA operand}}
  %sf = arith.addf(%a, %a) : f32
  return
}

// -----

func.func @addui_extended_float(%a: f32) {
  // expected-error@+1 {{'arith.addui_extended' op operand #0 must be signless-integer-like, but got 'f32'}}
  %r:2 = arith.addui_extended %a, %a : f32, i32
  return
}

// -----

func.func @addui_extended_shape(%a: vector<8xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %r:2 = arith.addui_extended %a, %a : vector<8xi32>, tensor<8xi1>
  return
}

// -----

func.func @mulsi_extended_types(%a: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %r:2 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @cmpi_predicate(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %r = "arith.cmpi"(%a, %a) {predicate = 42} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_predicate_type(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint}}
  %r = "arith.cmpi"(%a, %a) {predicate = 1 : i32} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_float(%a: f32, %b: f32) {
  // expected-error@+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %r = arith.cmpi eq, %a, %b : f32
  return
}

// -----

func.func @cmpi_shape() {
  %c = arith.constant dense<0> : vector<42 x i32>
  // expected-error@+1 {{op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "arith.cmpi"(%c, %c) {predicate = 0} : (vector<42 x i32>, vector<42 x i32>) -> vector<41 x i1>
  return
}

// -----

func.func @cmpi_result(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %r = "arith.cmpi"(%a, %a) {predicate = 0} : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_operands(%a: i32, %b: index) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %r = "arith.cmpi"(%a, %b) {predicate = 0} : (i32, index) -> i1
  return
}

// -----

func.func @cmpf_predicate(%a : f32) {
  // expected-error@+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %r = arith.cmpf foo, %a, %a : f32
  return
}

// -----

func.func @cmpi_string_predicate(%a : i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' invalid predicate attribute specification: "foo"}}
  %r = arith.cmpi "foo", %a, %a : i32
  return
}

// -----

func.func @cmpf_int(%a : i32, %b : i32) {
  // expected-error@+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'}}
  %r = arith.cmpf oeq, %a, %b : i32
  return
}

// -----

func.func @cmpf_shape(%a : vector<42xf32>) {
  // expected-error@+1 {{op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "arith.cmpf"(%a, %a) {predicate = 0} : (vector<42 x f32>, vector<42 x f32>) -> vector<41 x i1>
  return
}

// -----

func.func @cmpf_type_mismatch(%a : f32, %b : f64) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'f32' vs 'f64'}}
  %r = arith.cmpf oeq, %a, %b : f32
  return
}

// -----

func.func @select_cond(%cond : i32, %t : i32, %f : i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %r = "arith.select"(%cond, %t, %f) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @select_types(%cond : i1, %t : i32, %f : i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %r = "arith.select"(%cond, %t, %f) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @select_shape(%cond : vector<12xi1>, %t : vector<42xi32>, %f : vector<42xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %r = "arith.select"(%cond, %t, %f) : (vector<12xi1>, vector<42xi32>, vector<42xi32>) -> vector<42xi32>
  return
}

// -----

func.func @select_tensor_shape(%cond : tensor<12xi1>, %t : tensor<42xi32>, %f : tensor<42xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %r = "arith.select"(%cond, %t, %f) : (tensor<12xi1>, tensor<42xi32>, tensor<42xi32>) -> tensor<42xi32>
  return
}

// -----

func.func @select_mask_kind(%cond : vector<4xi1>, %t : tensor<4xi32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.select"(%cond, %t, %t) : (vector<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @select_mask_encoding(%cond : tensor<4xi1, "enc">, %t : tensor<4xi32>) {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<4xi1>', but got 'tensor<4xi1, "enc">'}}
  %r = "arith.select"(%cond, %t, %t) : (tensor<4xi1, "enc">, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @index_cast_float(%arg0: index, %arg1: f32) {
  // expected-error@+1 {{op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_cast %arg0 : index to f32
  return
}

// -----

func.func @index_cast_same(%arg0: index) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = "arith.index_cast"(%arg0) : (index) -> index
  return
}

// -----

func.func @sitofp_f32_to_i32(%arg0 : f32) {
  // expected-error@+1 {{op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = arith.sitofp %arg0 : f32 to i32
  return
}

// -----

func.func @fpext_i32_to_f32(%arg0 : i32) {
  // expected-error@+1 {{op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.extf %arg0 : i32 to f32
  return
}

// -----

func.func @fpext_vec(%arg0 : vector<2xf16>) {
  // expected-error@+1 {{op requires the same shape for all operands and results}}
  %0 = arith.extf %arg0 : vector<2xf16> to vector<3xf32>
  return
}

// -----

func.func @fpext_same_width(%arg0 : f16) {
  // expected-error@+1 {{'arith.extf' op operand type 'f16' and result type 'bf16' are cast incompatible}}
  %0 = arith.extf %arg0 : f16 to bf16
  return
}

// -----

func.func @fptrunc_f16_to_f32(%arg0 : f16) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f16' and result type 'f32' are cast incompatible}}
  %0 = arith.truncf %arg0 : f16 to f32
  return
}

// -----

func.func @fptrunc_vec_f32_to_i32(%arg0 : vector<2xf32>) {
  // expected-error@+1 {{op result #0 must be floating-point-like, but got 'vector<2xi32>'}}
  %0 = arith.truncf %arg0 : vector<2xf32> to vector<2xi32>
  return
}

// -----

func.func @truncf_rounding(%arg0 : f32) {
  // expected-error@+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%arg0) {roundingmode = 7 : i32} : (f32) -> f16
  return
}

// -----

func.func @tensor_dims(%arg0 : tensor<?xi32>) {
  // expected-error@+1 {{'arith.sitofp' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.sitofp %arg0 : tensor<?xi32> to tensor<4xf32>
  return
}

// -----

func.func @cast_tensor_dims(%arg0 : vector<4xf32>) {
  // expected-error@+1 {{'arith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extf %arg0 : vector<4xf32> to tensor<4xf64>
  return
}

// -----

func.func @cast_unranked(%arg0 : tensor<*xf32>) {
  // expected-error@+1 {{'arith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extf %arg0 : tensor<*xf32> to tensor<4xf64>
  return
}

// -----

func.func @zexti_index(%arg0 : index) {
  // expected-error@+1 {{op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extui %arg0 : index to i128
  return
}

// -----

func.func @zexti_narrower(%arg0 : i16) {
  // expected-error@+1 {{'arith.extui' op operand type 'i16' and result type 'i15' are cast incompatible}}
  %0 = arith.extui %arg0 : i16 to i15
  return
}

// -----

func.func @trunci_wider(%arg0 : i16) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i16' and result type 'i32' are cast incompatible}}
  %0 = arith.trunci %arg0 : i16 to i32
  return
}

// -----

func.func @bitcast_width(%arg0 : i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %arg0 : i32 to f64
  return
}

// -----

func.func @scaling_extf(%a : f32, %s : f8E8M0FNU) {
  // expected-error@+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %a, %s : f32, f8E8M0FNU to f16
  return
}
