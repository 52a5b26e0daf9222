// The LLVM dialect of the LLVM-lowering document: wrapped LLVM IR types with
// typed pointers (!llvm.i64, !llvm<"float*">, !llvm<"{ ... }">) read as
// today's builtin and LLVM types with opaque pointers; llvm.load/llvm.store
// take the pointee type from the legacy pointer type.
// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: "types"() {
// CHECK-SAME: a = i64, b = f32, c = f64, d = f16, e = !llvm.void, f = !llvm.ptr, g = !llvm.ptr<3>
// CHECK-SAME: h = !llvm.array<4 x i64>, i = vector<4xf32>, j = !llvm.array<4 x array<8 x vector<16xf32>>>
// CHECK-SAME: k = !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, l = !llvm.struct<packed (i8, i32)>
// CHECK-SAME: m = !llvm.func<i64 (i32, f32)>, n = !llvm.ptr, o = !llvm.func<void (i8, ...)>, p = !llvm.struct<(i64, ptr)>
"types"() {a = !llvm.i64, b = !llvm.float, c = !llvm.double, d = !llvm.half, e = !llvm.void,
           f = !llvm<"float*">, g = !llvm<"i8 addrspace(3)*">, h = !llvm<"[4 x i64]">, i = !llvm<"<4 x float>">,
           j = !llvm<"[4 x [8 x <16 x float>]]">, k = !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">,
           l = !llvm<"<{ i8, i32 }>">, m = !llvm<"i64 (i32, float)">, n = !llvm<"void ()*">,
           o = !llvm<"void (i8, ...)">, p = !llvm<"{i64, i8*}">} : () -> ()

// The C-interface wrapper of the document (seed 002, "C-compatible wrapper emission").
// CHECK-LABEL: llvm.func @foo(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) {
llvm.func @foo(%arg0: !llvm<"float*">, %arg1: !llvm<"float*">, %arg2: !llvm.i64,
               %arg3: !llvm.i64, %arg4: !llvm.i64, %arg5: !llvm.i64,
               %arg6: !llvm.i64) {
  llvm.return
}

// CHECK-LABEL: llvm.func @_mlir_ciface_foo(%arg0: !llvm.ptr) {
// CHECK-NEXT:    %[[D:.*]] = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:    %[[P0:.*]] = llvm.extractvalue %[[D]][0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:         %[[S1:.*]] = llvm.extractvalue %[[D]][4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:    llvm.call @foo(%[[P0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[S1]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()
// CHECK-NEXT:    llvm.store %[[D]], %arg0 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK-NEXT:    llvm.return
llvm.func @_mlir_ciface_foo(%arg0: !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }*">) {
  %0 = llvm.load %arg0 : !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }*">
  %1 = llvm.extractvalue %0[0] : !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">
  %2 = llvm.extractvalue %0[1] : !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">
  %3 = llvm.extractvalue %0[2] : !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">
  %4 = llvm.extractvalue %0[3, 0] : !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">
  %5 = llvm.extractvalue %0[3, 1] : !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">
  %6 = llvm.extractvalue %0[4, 0] : !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">
  %7 = llvm.extractvalue %0[4, 1] : !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">
  llvm.call @foo(%1, %2, %3, %4, %5, %6, %7)
    : (!llvm<"float*">, !llvm<"float*">, !llvm.i64, !llvm.i64, !llvm.i64,
       !llvm.i64, !llvm.i64) -> ()
  llvm.store %0, %arg0 : !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }*">
  llvm.return
}

// Today's spellings still read (the legacy reader is in front of the dialect's).
// CHECK-LABEL: llvm.func @modern(%arg0: !llvm.ptr) -> f32 {
// CHECK-NEXT:    %[[V:.*]] = llvm.load %arg0 : !llvm.ptr -> f32
// CHECK-NEXT:    llvm.store %[[V]], %arg0 : f32, !llvm.ptr
llvm.func @modern(%p: !llvm.ptr) -> f32 {
  %v = llvm.load %p : !llvm.ptr -> f32
  llvm.store %v, %p : f32, !llvm.ptr
  llvm.return %v : f32
}
