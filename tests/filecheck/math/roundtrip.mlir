// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @float_unary(%arg0: f32, %arg1: vector<4xf64>, %arg2: tensor<?xbf16>)
func.func @float_unary(%f: f32, %v: vector<4xf64>, %t: tensor<?xbf16>) {
  // CHECK-NEXT: math.absf %arg0 : f32
  %absf = math.absf %f : f32
  // CHECK-NEXT: math.acos %arg1 fastmath<fast> : vector<4xf64>
  %acos = math.acos %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.acosh %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %acosh = math.acosh %t fastmath<nnan,afn> : tensor<?xbf16>
  // CHECK-NEXT: math.asin %arg0 : f32
  %asin = math.asin %f : f32
  // CHECK-NEXT: math.asinh %arg1 fastmath<fast> : vector<4xf64>
  %asinh = math.asinh %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.atan %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %atan = math.atan %t fastmath<nnan,afn> : tensor<?xbf16>
  // CHECK-NEXT: math.atanh %arg0 : f32
  %atanh = math.atanh %f : f32
  // CHECK-NEXT: math.cbrt %arg1 fastmath<fast> : vector<4xf64>
  %cbrt = math.cbrt %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.ceil %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %ceil = math.ceil %t fastmath<nnan,afn> : tensor<?xbf16>
  // CHECK-NEXT: math.cos %arg0 : f32
  %cos = math.cos %f : f32
  // CHECK-NEXT: math.cosh %arg1 fastmath<fast> : vector<4xf64>
  %cosh = math.cosh %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.erf %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %erf = math.erf %t fastmath<nnan,afn> : tensor<?xbf16>
  // CHECK-NEXT: math.erfc %arg0 : f32
  %erfc = math.erfc %f : f32
  // CHECK-NEXT: math.exp %arg1 fastmath<fast> : vector<4xf64>
  %exp = math.exp %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.exp2 %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %exp2 = math.exp2 %t fastmath<nnan,afn> : tensor<?xbf16>
  // CHECK-NEXT: math.expm1 %arg0 : f32
  %expm1 = math.expm1 %f : f32
  // CHECK-NEXT: math.floor %arg1 fastmath<fast> : vector<4xf64>
  %floor = math.floor %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.log %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %log = math.log %t fastmath<nnan,afn> : tensor<?xbf16>
  // CHECK-NEXT: math.log10 %arg0 : f32
  %log10 = math.log10 %f : f32
  // CHECK-NEXT: math.log1p %arg1 fastmath<fast> : vector<4xf64>
  %log1p = math.log1p %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.log2 %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %log2 = math.log2 %t fastmath<nnan,afn> : tensor<?xbf16>
  // CHECK-NEXT: math.round %arg0 : f32
  %round = math.round %f : f32
  // CHECK-NEXT: math.roundeven %arg1 fastmath<fast> : vector<4xf64>
  %roundeven = math.roundeven %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.rsqrt %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %rsqrt = math.rsqrt %t fastmath<nnan,afn> : tensor<?xbf16>
  // CHECK-NEXT: math.sin %arg0 : f32
  %sin = math.sin %f : f32
  // CHECK-NEXT: math.sinh %arg1 fastmath<fast> : vector<4xf64>
  %sinh = math.sinh %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.sqrt %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %sqrt = math.sqrt %t fastmath<nnan,afn> : tensor<?xbf16>
  // CHECK-NEXT: math.tan %arg0 : f32
  %tan = math.tan %f : f32
  // CHECK-NEXT: math.tanh %arg1 fastmath<fast> : vector<4xf64>
  %tanh = math.tanh %v fastmath<fast> : vector<4xf64>
  // CHECK-NEXT: math.trunc %arg2 fastmath<nnan,afn> : tensor<?xbf16>
  %trunc = math.trunc %t fastmath<nnan,afn> : tensor<?xbf16>
  // GENERIC: "math.absf"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  // GENERIC: "math.acos"(%arg1) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf64>) -> vector<4xf64>
  return
}

// CHECK-LABEL: func.func @others
func.func @others(%f: f32, %g: f32, %h: f32, %i: i32, %j: i32, %x: index, %v: vector<4xf32>, %vi: vector<4xi32>,
                  %t: tensor<2x?xf16>) {
  // CHECK-NEXT: math.atan2 %arg0, %arg1 : f32
  %0 = math.atan2 %f, %g : f32
  // CHECK-NEXT: math.copysign %arg0, %arg1 fastmath<nsz> : f32
  %1 = math.copysign %f, %g fastmath<nsz> : f32
  // CHECK-NEXT: math.powf %arg6, %arg6 fastmath<fast> : vector<4xf32>
  %2 = math.powf %v, %v fastmath<fast> : vector<4xf32>
  // CHECK-NEXT: math.fma %arg0, %arg1, %arg2 : f32
  %3 = math.fma %f, %g, %h : f32
  // CHECK-NEXT: math.fma %arg8, %arg8, %arg8 fastmath<contract> : tensor<2x?xf16>
  %4 = math.fma %t, %t, %t fastmath<contract> : tensor<2x?xf16>
  // CHECK-NEXT: math.absi %arg3 : i32
  %5 = math.absi %i : i32
  // CHECK-NEXT: math.ctlz %arg5 : index
  %6 = math.ctlz %x : index
  // CHECK-NEXT: math.cttz %arg7 : vector<4xi32>
  %7 = math.cttz %vi : vector<4xi32>
  // CHECK-NEXT: math.ctpop %arg3 : i32
  %8 = math.ctpop %i : i32
  // CHECK-NEXT: math.ipowi %arg3, %arg4 : i32
  %9 = math.ipowi %i, %j : i32
  // CHECK-NEXT: math.fpowi %arg0, %arg3 : f32, i32
  %10 = math.fpowi %f, %i : f32, i32
  // CHECK-NEXT: math.fpowi %arg6, %arg7 fastmath<afn> : vector<4xf32>, vector<4xi32>
  %11 = math.fpowi %v, %vi fastmath<afn> : vector<4xf32>, vector<4xi32>
  // CHECK-NEXT: %[[N:.*]] = math.isnan %arg0 : f32
  %12 = math.isnan %f : f32
  // CHECK-NEXT: math.isinf %arg6 : vector<4xf32>
  %13 = math.isinf %v : vector<4xf32>
  // CHECK-NEXT: math.isfinite %arg8 {fastmath = #arith.fastmath<fast>} : tensor<2x?xf16>
  %14 = math.isfinite %t {fastmath = #arith.fastmath<fast>} : tensor<2x?xf16>
  // CHECK-NEXT: math.isnormal %arg0 : f32
  %15 = math.isnormal %f : f32
  // CHECK-NEXT: %sin, %cos = math.sincos %arg0 : f32
  %s, %c = math.sincos %f : f32
  // CHECK-NEXT: %sin_0, %cos_1 = math.sincos %arg6 fastmath<afn> : vector<4xf32>
  %sc:2 = math.sincos %v fastmath<afn> : vector<4xf32>
  // CHECK-NEXT: math.clampf %arg0 to [%arg1, %arg2] : f32
  %16 = math.clampf %f to [%g, %h] : f32
  // CHECK-NEXT: math.clampf %arg6 to [%arg6, %arg6] fastmath<nnan> {tag} : vector<4xf32>
  %17 = math.clampf %v to [%v, %v] fastmath<nnan> {tag} : vector<4xf32>
  // CHECK-NEXT: "test.use"(%[[N]], %cos) : (i1, f32) -> ()
  "test.use"(%12, %c) : (i1, f32) -> ()
  // GENERIC: "math.ipowi"(%arg3, %arg4) : (i32, i32) -> i32
  // GENERIC: "math.fpowi"(%arg0, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, i32) -> f32
  // GENERIC: "math.isnan"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> i1
  // GENERIC: "math.isinf"(%arg6) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<4xi1>
  // GENERIC: "math.sincos"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> (f32, f32)
  // GENERIC: "math.clampf"(%arg0, %arg1, %arg2) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
  return
}
