// Errors in legacy input are reported like any other, located, in terms of
// the legacy syntax.
// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

// expected-warning@+1 {{'func' is the 2019 spelling of 'func.func'}}
func @cmp(%a: i32, %b: i32) {
  // expected-warning@+2 {{'cmpi' is the 2019 spelling of 'arith.cmpi'}}
  // expected-error@+1 {{custom op 'arith.cmpi' unknown comparison predicate "less"}}
  %0 = cmpi "less", %a, %b : i32
  return
}

// -----

// expected-warning@+1 {{'func' is the 2019 spelling of 'func.func'}}
func @dim(%a: i32) {
  // expected-error@+1 {{custom op 'dim' expected a memref or tensor type, got 'i32'}}
  %0 = dim %a, 0 : i32
  return
}

// -----

// expected-warning@+1 {{'func' is the 2019 spelling of 'func.func'}}
func @tensor_load(%a: tensor<4xf32>) {
  // expected-warning@+2 {{'tensor_load' is the 2019 spelling of 'bufferization.to_tensor'}}
  // expected-error@+1 {{custom op 'tensor_load' expected a memref type, got 'tensor<4xf32>'}}
  %0 = tensor_load %a : tensor<4xf32>
  return
}

// -----

// expected-warning@+2 {{'func' is the 2019 spelling of 'func.func'}}
// expected-error@+1 {{invalid legacy LLVM type "{ float*, f32 }": unknown LLVM IR type 'f32'}}
func @llvm_type(%p: !llvm<"{ float*, f32 }">)

// -----

// expected-warning@+2 {{'func' is the 2019 spelling of 'func.func'}}
// expected-error@+1 {{invalid legacy LLVM type "[4 x i32": expected ']' in LLVM IR type}}
func @llvm_array(%p: !llvm<"[4 x i32">)

// -----

// expected-warning@+1 {{'!llvm<"i32*">' is the 2019 spelling of '!llvm.ptr'}}
llvm.func @load(%p: !llvm<"i32*">) {
  // expected-warning@+2 {{'!llvm<"i32">' is the 2019 spelling of 'i32'}}
  // expected-error@+1 {{custom op 'llvm.load' expected a pointer type, got 'i32'}}
  %0 = llvm.load %p : !llvm<"i32">
  llvm.return
}

// -----

#trait = {args_in = 1, args_out = 1, indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
          iterator_types = ["parallel"]}
// expected-warning@+1 {{'func' is the 2019 spelling of 'func.func'}}
func @generic(%a: memref<?xf32>) {
  // expected-warning@+2 {{'linalg.generic #trait %operands {...} : types' is the 2020 spelling of 'linalg.generic {...} ins(... : types) outs(... : types) {...}'}}
  // expected-error@+1 {{custom op 'linalg.generic' expected 2 operands (args_in + args_out), got 1}}
  linalg.generic #trait %a {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  } : memref<?xf32>
  return
}

// -----

#trait = {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
// expected-warning@+1 {{'func' is the 2019 spelling of 'func.func'}}
func @generic_counts(%a: memref<?xf32>, %b: memref<?xf32>) {
  // expected-warning@+2 {{'linalg.generic #trait %operands {...} : types' is the 2020 spelling}}
  // expected-error@+1 {{custom op 'linalg.generic' expected integer 'args_in' and 'args_out' in the trait}}
  linalg.generic #trait %a, %b {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } : memref<?xf32>, memref<?xf32>
  return
}

// -----

// A bare affine map that is no affine map: the affine reading went furthest.
// expected-error@+1 {{expected ')' in affine map range}}
#tiled = (d0, d1) -> (d0 div 128, d1 div 256)
