// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @constants()
func.func @constants() {
  // CHECK-NEXT: arith.constant 42 : i32
  %c42 = arith.constant 42 : i32
  // CHECK-NEXT: arith.constant 0 : i64
  %c0 = arith.constant 0 : i64
  // CHECK-NEXT: arith.constant 1 : i64
  %c1 = arith.constant 1
  // CHECK-NEXT: arith.constant -7 : index
  %c7 = arith.constant -7 : index
  // CHECK-NEXT: arith.constant 1.000000e+00 : f32
  %f = arith.constant 1.0 : f32
  // CHECK-NEXT: arith.constant 0x7FC00000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  // CHECK-NEXT: arith.constant true
  %t = arith.constant true
  // CHECK-NEXT: arith.constant false
  %f0 = arith.constant false
  // CHECK-NEXT: arith.constant dense<1.000000e+00> : vector<4xf32>
  %v = arith.constant dense<1.0> : vector<4xf32>
  // CHECK-NEXT: arith.constant dense<[1, 2]> : tensor<2xi32>
  %tt = arith.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK-NEXT: arith.constant {foo} 3 : i8
  %a = arith.constant {foo} 3 : i8
  // GENERIC: "arith.constant"() <{value = 42 : i32}> : () -> i32
  // GENERIC: "arith.constant"() <{value = true}> : () -> i1
  return
}

// CHECK-LABEL: func.func @int_binary(%arg0: i32, %arg1: i32, %arg2: index, %arg3: vector<4xi64>, %arg4: tensor<?xi8>)
func.func @int_binary(%a: i32, %b: i32, %i: index, %v: vector<4xi64>, %t: tensor<?xi8>) {
  // CHECK-NEXT: arith.addi %arg0, %arg1 : i32
  %0 = arith.addi %a, %b : i32
  // CHECK-NEXT: arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32
  %1 = arith.addi %a, %b overflow<nuw, nsw> : i32
  // CHECK-NEXT: arith.subi %arg2, %arg2 overflow<nsw> : index
  %2 = arith.subi %i, %i overflow<nsw> : index
  // CHECK-NEXT: arith.muli %arg3, %arg3 overflow<nuw> : vector<4xi64>
  %3 = arith.muli %v, %v overflow<nuw> : vector<4xi64>
  // CHECK-NEXT: arith.muli %arg0, %arg1 : i32
  %4 = arith.muli %a, %b overflow<none> : i32
  // CHECK-NEXT: arith.divsi %arg0, %arg1 exact : i32
  %5 = arith.divsi %a, %b exact : i32
  // CHECK-NEXT: arith.divui %arg4, %arg4 : tensor<?xi8>
  %6 = arith.divui %t, %t : tensor<?xi8>
  // CHECK-NEXT: arith.ceildivsi %arg0, %arg1 : i32
  %7 = arith.ceildivsi %a, %b : i32
  // CHECK-NEXT: arith.ceildivui %arg0, %arg1 : i32
  %8 = arith.ceildivui %a, %b : i32
  // CHECK-NEXT: arith.floordivsi %arg2, %arg2 : index
  %9 = arith.floordivsi %i, %i : index
  // CHECK-NEXT: arith.remsi %arg0, %arg1 : i32
  %10 = arith.remsi %a, %b : i32
  // CHECK-NEXT: arith.remui %arg0, %arg1 : i32
  %11 = arith.remui %a, %b : i32
  // CHECK-NEXT: arith.andi %arg0, %arg1 : i32
  %12 = arith.andi %a, %b : i32
  // CHECK-NEXT: arith.ori %arg0, %arg1 : i32
  %13 = arith.ori %a, %b : i32
  // CHECK-NEXT: arith.xori %arg0, %arg1 : i32
  %14 = arith.xori %a, %b : i32
  // CHECK-NEXT: arith.shli %arg0, %arg1 overflow<nsw> : i32
  %15 = arith.shli %a, %b overflow<nsw> : i32
  // CHECK-NEXT: arith.shrsi %arg0, %arg1 exact : i32
  %16 = arith.shrsi %a, %b exact : i32
  // CHECK-NEXT: arith.shrui %arg0, %arg1 : i32
  %17 = arith.shrui %a, %b : i32
  // CHECK-NEXT: arith.maxsi %arg0, %arg1 : i32
  %18 = arith.maxsi %a, %b : i32
  // CHECK-NEXT: arith.maxui %arg0, %arg1 : i32
  %19 = arith.maxui %a, %b : i32
  // CHECK-NEXT: arith.minsi %arg0, %arg1 : i32
  %20 = arith.minsi %a, %b : i32
  // CHECK-NEXT: arith.minui %arg0, %arg1 {tag = "x"} : i32
  %21 = arith.minui %a, %b {tag = "x"} : i32
  // CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
  %s, %o = arith.addui_extended %a, %b : i32, i1
  // CHECK-NEXT: %sum_0, %overflow_1 = arith.addui_extended %arg3, %arg3 : vector<4xi64>, vector<4xi1>
  %vs:2 = arith.addui_extended %v, %v : vector<4xi64>, vector<4xi1>
  // CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
  %lo, %hi = arith.mulsi_extended %a, %b : i32
  // CHECK-NEXT: %low_2, %high_3 = arith.mului_extended %arg4, %arg4 : tensor<?xi8>
  %ml:2 = arith.mului_extended %t, %t : tensor<?xi8>
  // GENERIC: "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  // GENERIC: "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
  // GENERIC: "arith.divsi"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
  return
}

// CHECK-LABEL: func.func @float_ops(%arg0: f32, %arg1: f32, %arg2: vector<4xf64>, %arg3: tensor<*xbf16>)
func.func @float_ops(%a: f32, %b: f32, %v: vector<4xf64>, %t: tensor<*xbf16>) {
  // CHECK-NEXT: arith.addf %arg0, %arg1 : f32
  %0 = arith.addf %a, %b : f32
  // CHECK-NEXT: arith.addf %arg0, %arg1 fastmath<fast> : f32
  %1 = arith.addf %a, %b fastmath<fast> : f32
  // CHECK-NEXT: arith.subf %arg0, %arg1 fastmath<nnan,ninf> : f32
  %2 = arith.subf %a, %b fastmath<ninf,nnan> : f32
  // CHECK-NEXT: arith.mulf %arg2, %arg2 fastmath<fast> : vector<4xf64>
  %3 = arith.mulf %v, %v fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : vector<4xf64>
  // CHECK-NEXT: arith.divf %arg3, %arg3 : tensor<*xbf16>
  %4 = arith.divf %t, %t fastmath<none> : tensor<*xbf16>
  // CHECK-NEXT: arith.remf %arg0, %arg1 : f32
  %5 = arith.remf %a, %b : f32
  // CHECK-NEXT: arith.maximumf %arg0, %arg1 : f32
  %6 = arith.maximumf %a, %b : f32
  // CHECK-NEXT: arith.maxnumf %arg0, %arg1 : f32
  %7 = arith.maxnumf %a, %b : f32
  // CHECK-NEXT: arith.minimumf %arg0, %arg1 : f32
  %8 = arith.minimumf %a, %b : f32
  // CHECK-NEXT: arith.minnumf %arg0, %arg1 fastmath<contract> : f32
  %9 = arith.minnumf %a, %b fastmath<contract> : f32
  // CHECK-NEXT: arith.negf %arg0 fastmath<nsz> : f32
  %10 = arith.negf %a fastmath<nsz> : f32
  // CHECK-NEXT: arith.addf %arg0, %arg1 fastmath<arcp> : f32
  %11 = arith.addf %a, %b {fastmath = #arith.fastmath<arcp>} : f32
  // GENERIC: "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  // GENERIC: "arith.subf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
  return
}

// CHECK-LABEL: func.func @compare_select
func.func @compare_select(%a: i32, %b: i32, %x: f32, %v: vector<4xf32>, %m: vector<4xi1>, %c: i1, %i: index) {
  // CHECK-NEXT: %[[C0:.*]] = arith.cmpi slt, %arg0, %arg1 : i32
  %0 = arith.cmpi slt, %a, %b : i32
  // CHECK-NEXT: arith.cmpi uge, %arg6, %arg6 : index
  %1 = arith.cmpi "uge", %i, %i : index
  // CHECK-NEXT: arith.cmpf one, %arg2, %arg2 : f32
  %2 = arith.cmpf one, %x, %x : f32
  // CHECK-NEXT: %[[M:.*]] = arith.cmpf ult, %arg3, %arg3 fastmath<nnan> : vector<4xf32>
  %3 = arith.cmpf ult, %v, %v fastmath<nnan> : vector<4xf32>
  // CHECK-NEXT: arith.select %[[C0]], %arg0, %arg1 : i32
  %4 = arith.select %0, %a, %b : i32
  // CHECK-NEXT: arith.select %arg5, %arg3, %arg3 : vector<4xf32>
  %5 = arith.select %c, %v, %v : vector<4xf32>
  // CHECK-NEXT: arith.select %[[M]], %arg3, %arg3 : vector<4xi1>, vector<4xf32>
  %6 = arith.select %3, %v, %v : vector<4xi1>, vector<4xf32>
  // CHECK-NEXT: arith.cmpf false, %arg2, %arg2 : f32
  %7 = arith.cmpf false, %x, %x : f32
  // CHECK-NEXT: arith.cmpf true, %arg2, %arg2 : f32
  %8 = arith.cmpf true, %x, %x : f32
  // GENERIC: "arith.cmpi"(%arg0, %arg1) <{predicate = 2
  // GENERIC: "arith.cmpf"(%arg3, %arg3) <{fastmath = #arith.fastmath<nnan>, predicate = 11
  // GENERIC: "arith.select"(%{{.*}}, %arg3, %arg3) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// CHECK-LABEL: func.func @casts
func.func @casts(%i8: i8, %i32: i32, %f16: f16, %f32: f32, %idx: index, %v: vector<2xi16>, %t: tensor<?xi32>,
                 %m: memref<4xi32>, %f4: f4E2M1FN, %f8: f8E8M0FNU) {
  // CHECK-NEXT: arith.extsi %arg0 : i8 to i32
  %0 = arith.extsi %i8 : i8 to i32
  // CHECK-NEXT: arith.extui %arg5 : vector<2xi16> to vector<2xi64>
  %1 = arith.extui %v : vector<2xi16> to vector<2xi64>
  // CHECK-NEXT: arith.trunci %arg1 overflow<nsw, nuw> : i32 to i8
  %2 = arith.trunci %i32 overflow<nuw, nsw> : i32 to i8
  // CHECK-NEXT: arith.extf %arg2 : f16 to f32
  %3 = arith.extf %f16 : f16 to f32
  // CHECK-NEXT: arith.extf %arg2 fastmath<contract> : f16 to f64
  %4 = arith.extf %f16 fastmath<contract> : f16 to f64
  // CHECK-NEXT: arith.truncf %arg3 : f32 to bf16
  %5 = arith.truncf %f32 : f32 to bf16
  // CHECK-NEXT: arith.truncf %arg3 toward_zero fastmath<afn> : f32 to f16
  %6 = arith.truncf %f32 toward_zero fastmath<afn> : f32 to f16
  // CHECK-NEXT: arith.sitofp %arg1 : i32 to f32
  %7 = arith.sitofp %i32 : i32 to f32
  // CHECK-NEXT: arith.uitofp %arg6 : tensor<?xi32> to tensor<?xf64>
  %8 = arith.uitofp %t : tensor<?xi32> to tensor<?xf64>
  // CHECK-NEXT: arith.fptosi %arg3 : f32 to i64
  %9 = arith.fptosi %f32 : f32 to i64
  // CHECK-NEXT: arith.fptoui %arg2 : f16 to i8
  %10 = arith.fptoui %f16 : f16 to i8
  // CHECK-NEXT: arith.index_cast %arg4 : index to i32
  %11 = arith.index_cast %idx : index to i32
  // CHECK-NEXT: arith.index_castui %arg6 : tensor<?xi32> to tensor<?xindex>
  %12 = arith.index_castui %t : tensor<?xi32> to tensor<?xindex>
  // CHECK-NEXT: arith.index_cast %arg7 : memref<4xi32> to memref<4xindex>
  %13 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  // CHECK-NEXT: arith.bitcast %arg1 : i32 to f32
  %14 = arith.bitcast %i32 : i32 to f32
  // CHECK-NEXT: arith.bitcast %arg5 : vector<2xi16> to vector<2xbf16>
  %15 = arith.bitcast %v : vector<2xi16> to vector<2xbf16>
  // CHECK-NEXT: arith.scaling_extf %arg8, %arg9 : f4E2M1FN, f8E8M0FNU to f32
  %16 = arith.scaling_extf %f4, %f8 : f4E2M1FN, f8E8M0FNU to f32
  // CHECK-NEXT: arith.scaling_truncf %arg3, %arg9 upward fastmath<fast> : f32, f8E8M0FNU to f4E2M1FN
  %17 = arith.scaling_truncf %f32, %f8 upward fastmath<fast> : f32, f8E8M0FNU to f4E2M1FN
  // GENERIC: "arith.trunci"(%arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32) -> i8
  // GENERIC: "arith.extf"(%arg2) : (f16) -> f32
  // GENERIC: "arith.truncf"(%arg3) <{fastmath = #arith.fastmath<afn>, roundingmode = 3 : i32}> : (f32) -> f16
  return
}

// Fast-math and overflow attributes outside arith ops.
// CHECK-LABEL: "test.op"() {a = #arith.fastmath<nnan,nsz>, b = #arith.fastmath<reassoc>, c = #arith.overflow<nsw, nuw>, d = [#arith.fastmath<none>, #arith.fastmath<fast>]}
"test.op"() {a = #arith.fastmath<nsz, nnan>, b = #arith<fastmath<reassoc>>, c = #arith.overflow<nuw,nsw>,
             d = [#arith.fastmath<none>, #arith.fastmath<fast>]} : () -> ()
