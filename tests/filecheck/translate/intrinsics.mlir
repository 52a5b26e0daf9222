// RUN: polymlir translate --mlir-to-llvmir %s | filecheck %s
// RUN: polymlir translate --mlir-to-llvmir %s | python -c "import sys, llvmlite.binding as l; l.initialize_native_target(); l.initialize_native_asmprinter(); l.parse_assembly(sys.stdin.read()).verify()"

// CHECK-LABEL: define void @intrinsics(ptr %0, i64 %1, <4 x float> %2, <4 x i1> %3, float %4, <4 x i64> %5, <8 x ptr> %6, <8 x i1> %7)
llvm.func @intrinsics(%p: !llvm.ptr, %n: i64, %v: vector<4xf32>, %m: vector<4xi1>, %a: f32, %iv: vector<4xi64>,
                      %ps: vector<8x!llvm.ptr>, %m8: vector<8xi1>) {
  // CHECK: call void @llvm.memcpy.p0.p0.i64(ptr %0, ptr %0, i64 %1, i1 false)
  "llvm.intr.memcpy"(%p, %p, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  // CHECK: call void @llvm.memset.p0.i64(ptr %0, i8 0, i64 %1, i1 true)
  %z = llvm.mlir.constant(0 : i8) : i8
  "llvm.intr.memset"(%p, %z, %n) <{isVolatile = true}> : (!llvm.ptr, i8, i64) -> ()
  // CHECK: %[[R:[0-9]+]] = call reassoc float @llvm.vector.reduce.fadd.v4f32(float %4, <4 x float> %2)
  %0 = "llvm.intr.vector.reduce.fadd"(%a, %v) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
  // CHECK: call i64 @llvm.vector.reduce.add.v4i64(<4 x i64> %5)
  %1 = "llvm.intr.vector.reduce.add"(%iv) : (vector<4xi64>) -> i64
  // CHECK: call float @llvm.vector.reduce.fmax.v4f32(<4 x float> %2)
  %2 = llvm.intr.vector.reduce.fmax(%v) : (vector<4xf32>) -> f32
  // CHECK: call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %0, <4 x i1> %3, <4 x float> %2)
  %3 = llvm.intr.masked.load %p, %m, %v {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  // CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %{{[0-9]+}}, ptr align 8 %0, <4 x i1> %3)
  llvm.intr.masked.store %3, %p, %m {alignment = 8 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
  // CHECK: call <8 x float> @llvm.masked.gather.v8f32.v8p0(<8 x ptr> align 4 %6, <8 x i1> %7, <8 x float> poison)
  %4 = llvm.intr.masked.gather %ps, %m8 {alignment = 4 : i32} : (vector<8x!llvm.ptr>, vector<8xi1>) -> vector<8xf32>
  // CHECK: call float @llvm.fmuladd.f32(float %4, float %4, float %[[R]])
  %5 = llvm.intr.fmuladd(%a, %a, %0) : (f32, f32, f32) -> f32
  // CHECK: call fast float @llvm.sqrt.f32(float %4)
  %6 = llvm.intr.sqrt(%a) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
  // CHECK: call <4 x float> @llvm.matrix.transpose.v4f32(<4 x float> %2, i32 2, i32 2)
  %7 = llvm.intr.matrix.transpose %v {rows = 2 : i32, columns = 2 : i32} : vector<4xf32> into vector<4xf32>
  // CHECK: call i64 @llvm.ctlz.i64(i64 %1, i1 false)
  %8 = "llvm.intr.ctlz"(%n) <{is_zero_poison = false}> : (i64) -> i64
  // CHECK: call { i64, i1 } @llvm.uadd.with.overflow.i64(i64 %1, i64 %1)
  %9 = "llvm.intr.uadd.with.overflow"(%n, %n) : (i64, i64) -> !llvm.struct<(i64, i1)>
  // CHECK: call i64 @llvm.smin.i64(i64 %1, i64 %1)
  %10 = llvm.intr.smin(%n, %n) : (i64, i64) -> i64
  // CHECK: %[[S:[0-9]+]] = call ptr @llvm.stacksave.p0()
  // CHECK: call void @llvm.stackrestore.p0(ptr %[[S]])
  %11 = llvm.intr.stacksave : !llvm.ptr
  llvm.intr.stackrestore %11 : !llvm.ptr
  // CHECK: call <4 x float> @llvm.masked.expandload.v4f32(ptr %0, <4 x i1> %3, <4 x float> %2)
  %12 = "llvm.intr.masked.expandload"(%p, %m, %v) : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  // CHECK: call float @llvm.powi.f32.i32(float %4, i32 3)
  %three = llvm.mlir.constant(3 : i32) : i32
  %13 = llvm.intr.powi(%a, %three) : (f32, i32) -> f32
  // CHECK: call void @llvm.assume(i1 true) [ "align"(ptr %0, i64 16) ]
  %t = llvm.mlir.constant(true) : i1
  %sixteen = llvm.mlir.constant(16 : i64) : i64
  llvm.intr.assume %t ["align"(%p, %sixteen : !llvm.ptr, i64)] : i1
  llvm.return
}

// CHECK-DAG: declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
// CHECK-DAG: declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
// CHECK-DAG: declare <4 x float> @llvm.masked.load.v4f32.p0(ptr, <4 x i1>, <4 x float>)
// CHECK-DAG: declare ptr @llvm.stacksave.p0()
