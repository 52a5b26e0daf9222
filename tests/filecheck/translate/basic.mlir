// RUN: polymlir translate --mlir-to-llvmir %s | filecheck %s
// RUN: polymlir translate --mlir-to-llvmir %s | python -c "import sys, llvmlite.binding as l; l.initialize_native_target(); l.initialize_native_asmprinter(); l.parse_assembly(sys.stdin.read()).verify()"

// CHECK: ; ModuleID = 'LLVMDialectModule'
// CHECK: %struct.va_list = type { i32, i32, ptr, ptr }

// CHECK: declare void @body(i64)
llvm.func @body(i64)

// Constants are spelled at their uses; block arguments become phis.
// CHECK-LABEL: define i64 @loop(i64 %0) {
// CHECK-NEXT:    br label %[[HEAD:[0-9]+]]
// CHECK:       [[HEAD]]:
// CHECK-NEXT:    %[[I:[0-9]+]] = phi i64 [ 0, %1 ], [ %[[NEXT:[0-9]+]], %[[BODY:[0-9]+]] ]
// CHECK-NEXT:    %[[ACC:[0-9]+]] = phi i64 [ 0, %1 ], [ %[[SUM:[0-9]+]], %[[BODY]] ]
// CHECK-NEXT:    %[[C:[0-9]+]] = icmp slt i64 %[[I]], %0
// CHECK-NEXT:    br i1 %[[C]], label %[[BODY]], label %[[EXIT:[0-9]+]]
// CHECK:       [[BODY]]:
// CHECK-NEXT:    call void @body(i64 %[[I]])
// CHECK-NEXT:    %[[SUM]] = add nuw nsw i64 %[[ACC]], %[[I]]
// CHECK-NEXT:    %[[NEXT]] = add i64 %[[I]], 1
// CHECK-NEXT:    br label %[[HEAD]]
// CHECK:       [[EXIT]]:
// CHECK-NEXT:    ret i64 %[[ACC]]
llvm.func @loop(%n: i64) -> i64 {
  %c0 = llvm.mlir.constant(0 : index) : i64
  %c1 = llvm.mlir.constant(1 : index) : i64
  llvm.br ^bb1(%c0, %c0 : i64, i64)
^bb1(%i: i64, %acc: i64):
  %c = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %c, ^bb2, ^bb3
^bb2:
  llvm.call @body(%i) : (i64) -> ()
  %a = llvm.add %acc, %i overflow<nsw, nuw> : i64
  %j = llvm.add %i, %c1 : i64
  llvm.br ^bb1(%j, %a : i64, i64)
^bb3:
  llvm.return %acc : i64
}

// A block reached twice with different arguments gets a forwarding block.
// CHECK-LABEL: define i32 @twice(i1 %0, i32 %1, i32 %2) {
// CHECK-NEXT:    br i1 %0, label %[[T:[0-9]+]], label %[[F:[0-9]+]]
// CHECK:       [[T]]:
// CHECK-NEXT:    %{{[0-9]+}} = phi i32 [ %1, %3 ], [ %2, %[[F]] ]
// CHECK:       [[F]]:
// CHECK-NEXT:    br label %[[T]]
llvm.func @twice(%c: i1, %a: i32, %b: i32) -> i32 {
  llvm.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  llvm.return %x : i32
}

// CHECK-LABEL: define i32 @switch(i32 %0) {
// CHECK-NEXT:    switch i32 %0, label %[[D:[0-9]+]] [
// CHECK-NEXT:      i32 1, label %[[A:[0-9]+]]
// CHECK-NEXT:      i32 -7, label %[[D]]
// CHECK-NEXT:    ]
llvm.func @switch(%v: i32) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  llvm.switch %v : i32, ^bb1 [
    1: ^bb2,
    -7: ^bb1
  ]
^bb1:
  llvm.return %c1 : i32
^bb2:
  llvm.return %v : i32
}

// CHECK-LABEL: define float @arith(float %0, float %1, i32 %2, ptr %3)
// CHECK-NEXT:    %5 = fadd fast float %0, %1
// CHECK-NEXT:    %6 = fmul nnan ninf float %5, 0x3FB99999A0000000
// CHECK-NEXT:    %7 = fcmp olt float %6, %1
// CHECK-NEXT:    %8 = select i1 %7, float %6, float %1
// CHECK-NEXT:    %9 = sdiv exact i32 %2, 4
// CHECK-NEXT:    %10 = sext i32 %9 to i64
// CHECK-NEXT:    %11 = uitofp nneg i64 %10 to float
// CHECK-NEXT:    %12 = getelementptr inbounds nuw float, ptr %3, i64 %10
// CHECK-NEXT:    %13 = load float, ptr %12, align 4
// CHECK-NEXT:    store volatile float %11, ptr %12
// CHECK-NEXT:    %14 = fneg float %13
// CHECK-NEXT:    ret float %14
llvm.func @arith(%x: f32, %y: f32, %i: i32, %p: !llvm.ptr) -> f32 {
  %tenth = llvm.mlir.constant(1.000000e-01 : f32) : f32
  %four = llvm.mlir.constant(4 : i32) : i32
  %0 = llvm.fadd %x, %y {fastmathFlags = #llvm.fastmath<fast>} : f32
  %1 = llvm.fmul %0, %tenth {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
  %2 = llvm.fcmp "olt" %1, %y : f32
  %3 = llvm.select %2, %1, %y : i1, f32
  %4 = llvm.sdiv exact %i, %four : i32
  %5 = llvm.sext %4 : i32 to i64
  %6 = llvm.uitofp nneg %5 : i64 to f32
  %7 = llvm.getelementptr inbounds|nuw %p[%5] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %8 = llvm.load %7 {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store volatile %6, %7 : f32, !llvm.ptr
  %9 = llvm.fneg %8 : f32
  llvm.return %9 : f32
}

// Aggregates, vectors, varargs and identified structs.
// CHECK-LABEL: define i32 @aggregates(<4 x float> %0, ...)
// CHECK-NEXT:    %2 = alloca [1 x %struct.va_list], i32 1, align 8
// CHECK-NEXT:    call void @llvm.va_start.p0(ptr %2)
// CHECK-NEXT:    %3 = insertvalue { i32, [2 x float] } undef, i32 7, 0
// CHECK-NEXT:    %4 = extractelement <4 x float> %0, i64 2
// CHECK-NEXT:    %5 = insertvalue { i32, [2 x float] } %3, float %4, 1, 1
// CHECK-NEXT:    %6 = shufflevector <4 x float> %0, <4 x float> poison, <2 x i32> <i32 3, i32 poison>
// CHECK-NEXT:    %7 = extractvalue { i32, [2 x float] } %5, 0
// CHECK-NEXT:    %8 = call i32 (i32, ...) @aggregates_callee(i32 %7, <2 x float> %6)
// CHECK-NEXT:    call void @llvm.va_end.p0(ptr %2)
// CHECK-NEXT:    ret i32 %8
llvm.func @aggregates_callee(i32, ...) -> i32
llvm.func @aggregates(%v: vector<4xf32>, ...) -> i32 {
  %one = llvm.mlir.constant(1 : i32) : i32
  %list = llvm.alloca %one x !llvm.array<1 x struct<"struct.va_list", (i32, i32, ptr, ptr)>> {alignment = 8 : i64} : (i32) -> !llvm.ptr
  llvm.intr.vastart %list : !llvm.ptr
  %u = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f32>)>
  %seven = llvm.mlir.constant(7 : i32) : i32
  %s0 = llvm.insertvalue %seven, %u[0] : !llvm.struct<(i32, array<2 x f32>)>
  %two = llvm.mlir.constant(2 : i64) : i64
  %e = llvm.extractelement %v[%two : i64] : vector<4xf32>
  %s1 = llvm.insertvalue %e, %s0[1, 1] : !llvm.struct<(i32, array<2 x f32>)>
  %p = llvm.mlir.poison : vector<4xf32>
  %sh = llvm.shufflevector %v, %p [3, -1] : vector<4xf32>
  %x = llvm.extractvalue %s1[0] : !llvm.struct<(i32, array<2 x f32>)>
  %r = llvm.call @aggregates_callee(%x, %sh) vararg(!llvm.func<i32 (i32, ...)>) : (i32, vector<2xf32>) -> i32
  llvm.intr.vaend %list : !llvm.ptr
  llvm.return %r : i32
}

// CHECK: declare void @llvm.va_start.p0(ptr)
// CHECK: declare void @llvm.va_end.p0(ptr)
// CHECK: !llvm.module.flags = !{!0}
// CHECK: !0 = !{i32 2, !"Debug Info Version", i32 3}
