// Every legacy (2019-2020) spelling is upgraded with a located warning that
// names today's spelling (once per spelling and location).
// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file 2>&1 >/dev/null | filecheck %s --check-prefix=RENDER

// RENDER: warnings.mlir:10:1: warning: 'func' is the 2019 spelling of 'func.func'
// RENDER-NEXT: {{^}}func @std(%a: memref<4xf32>, %t: tensor<?xf32>) {
// RENDER-NEXT: {{^}}^
// expected-warning@+1 {{'func' is the 2019 spelling of 'func.func'}}
func @std(%a: memref<4xf32>, %t: tensor<?xf32>) {
  // RENDER: warnings.mlir:15:8: warning: 'constant' is the 2019 spelling of 'arith.constant'
  // RENDER-NEXT: {{^}}  %c = constant 1.0 : f32
  // RENDER-NEXT: {{^}}       ^
  // expected-warning@+1 {{'constant' is the 2019 spelling of 'arith.constant'}}
  %c = constant 1.0 : f32
  // expected-warning@+1 {{'std.constant' is the 2019 spelling of 'arith.constant'}}
  %i = std.constant 0 : index
  // expected-warning@+2 {{'dim' is the 2019 spelling of 'memref.dim'}}
  // expected-warning@+1 {{'memref.dim %a, 0' is the 2019 spelling of 'memref.dim %a, %c0 (with %c0 = arith.constant 0 : index)'}}
  %d = dim %a, 0 : memref<4xf32>
  // expected-warning@+1 {{'dim' is the 2019 spelling of 'tensor.dim'}}
  %e = dim %t, %i : tensor<?xf32>
  // expected-warning@+1 {{'load' is the 2019 spelling of 'memref.load'}}
  %v = load %a[%i] : memref<4xf32>
  // expected-warning@+1 {{'addf' is the 2019 spelling of 'arith.addf'}}
  %w = addf %v, %c : f32
  // expected-warning@+1 {{'store' is the 2019 spelling of 'memref.store'}}
  store %w, %a[%i] : memref<4xf32>
  // expected-warning@+2 {{'cmpi' is the 2019 spelling of 'arith.cmpi'}}
  // expected-warning@+1 {{'"slt"' is the 2019 spelling of 'slt'}}
  %b = cmpi "slt", %i, %d : index
  // expected-warning@+1 {{'cmpf' is the 2019 spelling of 'arith.cmpf'}}
  %f = cmpf olt, %v, %c : f32
  // expected-warning@+1 {{'tensor_load' is the 2019 spelling of 'bufferization.to_tensor'}}
  %x = tensor_load %a : memref<4xf32>
  // expected-warning@+1 {{'tensor_store' is the 2019 spelling of 'bufferization.materialize_in_destination'}}
  tensor_store %x, %a : memref<4xf32>
  // expected-warning@+1 {{'loop.for' is the 2019 spelling of 'scf.for'}}
  loop.for %k = %i to %d step %d {
    // expected-warning@+1 {{'mulf' is the 2019 spelling of 'arith.mulf'}}
    %y = mulf %v, %v : f32
  }
  // A return inside a function is today's spelling (default dialect func).
  return
}

// -----

// expected-warning@+1 {{'func' is the 2019 spelling of 'func.func'}}
func @cf(%c: i1, %v: index) {
  // expected-warning@+1 {{'"cond_br"' is the 2019 spelling of '"cf.cond_br"'}}
  "cond_br"(%c)[^bb1, ^bb2(%v : index)] : (i1) -> ()
^bb1:
  // expected-warning@+1 {{'br' is the 2019 spelling of 'cf.br'}}
  br ^bb2(%v : index)
^bb2(%a: index):
  // expected-warning@+1 {{'std.return' is the 2019 spelling of 'func.return'}}
  std.return
}

// -----

// expected-warning@+1 {{'(d0) -> (d0 + 1)' is the 2019 spelling of 'affine_map<(d0) -> (d0 + 1)>'}}
#map = (d0) -> (d0 + 1)
// expected-warning@+1 {{'!m = type' is the 2019 spelling of '!m ='}}
!m = type memref<4xf32>
// expected-warning@+1 {{'offset: ?, strides: [1]' is the 2019 spelling of 'strided<[1], offset: ?>'}}
!s = memref<4xf32, offset: ?, strides: [1]>
func.func @core(%a: !m, %b: !s) {
  // expected-warning@+2 {{'(d0) : (d0 >= 0)' is the 2019 spelling of 'affine_set<(d0) : (d0 >= 0)>'}}
  // expected-warning@+1 {{'key:' is the 2019 spelling of 'key ='}}
  "test.op"() {set = (d0) : (d0 >= 0), key: 1} : () -> ()
  // expected-warning@+1 {{'for' is the 2018 spelling of 'affine.for'}}
  for %i = 0 to 4 {
  }
  return
}

// -----

// expected-warning@+3 {{'!llvm.i64' is the 2019 spelling of 'i64'}}
// expected-warning@+2 {{'!llvm.float' is the 2019 spelling of 'f32'}}
// expected-warning@+1 {{'!llvm<"float*">' is the 2019 spelling of '!llvm.ptr'}}
llvm.func @llvm(%n: !llvm.i64, %p: !llvm<"float*">) -> !llvm.float {
  // expected-warning@+1 {{'!llvm<"float*">' is the 2019 spelling of '!llvm.ptr'}}
  %0 = llvm.load %p : !llvm<"float*">
  llvm.return %0 : f32
}
