// RUN: polymlir translate --mlir-to-llvmir %s | filecheck %s
// RUN: polymlir translate --mlir-to-llvmir %s | python -c "import sys, llvmlite.binding as l; l.initialize_native_target(); l.initialize_native_asmprinter(); l.parse_assembly(sys.stdin.read()).verify()"

// CHECK: target triple = "x86_64-unknown-linux-gnu"
module attributes {llvm.target_triple = "x86_64-unknown-linux-gnu"} {

// CHECK-DAG: @i32_global = internal global i32 42
llvm.mlir.global internal @i32_global(42: i32) : i32
// CHECK-DAG: @i53_const = internal constant i53 52
llvm.mlir.global internal constant @i53_const(52: i53) : i53
// CHECK-DAG: @int_global_array = internal global [3 x i32] [i32 62, i32 62, i32 62]
llvm.mlir.global internal @int_global_array(dense<62> : vector<3xi32>) : !llvm.array<3 x i32>
// CHECK-DAG: @zero_elements = internal constant [3 x [0 x [4 x float]]] zeroinitializer
llvm.mlir.global internal constant @zero_elements(dense<> : tensor<3x0x4xf32>) : !llvm.array<3 x array<0 x array<4 x f32>>>
// CHECK-DAG: @float_global_array = internal global [1 x float] [float -5.000000e+00]
llvm.mlir.global internal @float_global_array(dense<[-5.0]> : vector<1xf32>) : !llvm.array<1 x f32>
// CHECK-DAG: @string_const = internal constant [6 x i8] c"foobar"
llvm.mlir.global internal constant @string_const("foobar") : !llvm.array<6 x i8>
// CHECK-DAG: @escaped = private constant [4 x i8] c"a\22\0A\00"
llvm.mlir.global private constant @escaped("a\22\0A\00") {addr_space = 0 : i32}
// CHECK-DAG: @int_global_undef = internal global i64 undef
llvm.mlir.global internal @int_global_undef() : i64
// CHECK-DAG: @f8 = internal global i8 60
llvm.mlir.global internal @f8(1.5 : f8E4M3FN) : i8
// CHECK-DAG: @half = internal global half 0xH3E00
llvm.mlir.global internal @half(1.5 : f16) : f16
// CHECK-DAG: @"__constant_2xcomplex<f32>" = private constant [2 x { float, float }] [{ float, float } { float 1.000000e+00, float 2.000000e+00 }, { float, float } { float 3.000000e+00, float 4.000000e+00 }], align 64
llvm.mlir.global private constant @"__constant_2xcomplex<f32>"(dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<2 x struct<(f32, f32)>>
// CHECK-DAG: @matrix = private global [2 x [2 x double]] {{\[}}[2 x double] [double 1.000000e+00, double 2.000000e+00], [2 x double] [double 3.000000e+00, double 4.000000e+00]]
llvm.mlir.global private @matrix(dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>) : !llvm.array<2 x array<2 x f64>>
// CHECK-DAG: @ext = external global i32
llvm.mlir.global external @ext() : i32
// CHECK-DAG: @tls = thread_local global i64 1, section ".tdata", align 8
llvm.mlir.global thread_local @tls(1 : i64) {section = ".tdata", alignment = 8 : i64} : i64
// CHECK-DAG: @as3 = internal addrspace(3) global i32 0
llvm.mlir.global internal @as3(0 : i32) {addr_space = 3 : i32} : i32
// CHECK-DAG: @hidden = hidden constant [6 x i8] c"string"
llvm.mlir.global external hidden constant @hidden("string")
// CHECK-DAG: @pair = internal constant { i32, ptr } { i32 7, ptr getelementptr ([6 x i8], ptr @string_const, i32 0, i32 2) }
llvm.mlir.global internal constant @pair() : !llvm.struct<(i32, ptr)> {
  %0 = llvm.mlir.undef : !llvm.struct<(i32, ptr)>
  %1 = llvm.mlir.constant(7 : i32) : i32
  %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<(i32, ptr)>
  %3 = llvm.mlir.addressof @string_const : !llvm.ptr
  %4 = llvm.getelementptr %3[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<6 x i8>
  %5 = llvm.insertvalue %4, %2[1] : !llvm.struct<(i32, ptr)>
  llvm.return %5 : !llvm.struct<(i32, ptr)>
}
// CHECK-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
llvm.mlir.global_ctors ctors = [@ctor], priorities = [65535 : i32], data = [#llvm.zero]
// CHECK-DAG: @llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 0, ptr @ctor, ptr @i32_global }]
llvm.mlir.global_dtors dtors = [@ctor], priorities = [0 : i32], data = [@i32_global]

// CHECK-LABEL: define internal void @ctor() {
// CHECK-NEXT:    %1 = load i32, ptr @i32_global
// CHECK-NEXT:    %2 = getelementptr inbounds [3 x i32], ptr @int_global_array, i32 0, i32 1
// CHECK-NEXT:    store i32 %1, ptr %2
// CHECK:       ret void
llvm.func internal @ctor() {
  %0 = llvm.mlir.addressof @i32_global : !llvm.ptr
  %1 = llvm.load %0 : !llvm.ptr -> i32
  %2 = llvm.mlir.addressof @int_global_array : !llvm.ptr
  %3 = llvm.getelementptr inbounds %2[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<3 x i32>
  llvm.store %1, %3 : i32, !llvm.ptr
  llvm.return
}
}
