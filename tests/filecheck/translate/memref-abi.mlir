// RUN: polymlir translate --mlir-to-llvmir %s | filecheck %s
// RUN: polymlir translate --mlir-to-llvmir %s | python -c "import sys, llvmlite.binding as l; l.initialize_native_target(); l.initialize_native_asmprinter(); l.parse_assembly(sys.stdin.read()).verify()"

// The expanded memref convention and the C-interface wrapper, as upstream's
// convert-func-to-llvm emits them for
//   func.func @scale(%a: memref<?xf64>, %s: f64) attributes {llvm.emit_c_interface}

// CHECK-LABEL: define void @scale(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, double %5) {
// CHECK-NEXT:    %7 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } poison, ptr %0, 0
// CHECK-NEXT:    %8 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %7, ptr %1, 1
// CHECK-NEXT:    %9 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %8, i64 %2, 2
// CHECK-NEXT:    %10 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %9, i64 %3, 3, 0
// CHECK-NEXT:    %11 = insertvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %10, i64 %4, 4, 0
// CHECK-NEXT:    %[[N:[0-9]+]] = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, 3, 0
// CHECK-NEXT:    br label %[[HEAD:[0-9]+]]
// CHECK:       [[HEAD]]:
// CHECK-NEXT:    %[[I:[0-9]+]] = phi i64 [ 0, %6 ], [ %{{[0-9]+}}, %{{[0-9]+}} ]
// CHECK-NEXT:    icmp slt i64 %[[I]], %[[N]]
// CHECK:         %[[P:[0-9]+]] = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %11, 1
// CHECK-NEXT:    %[[Q:[0-9]+]] = getelementptr inbounds nuw double, ptr %[[P]], i64 %[[I]]
// CHECK-NEXT:    %[[X:[0-9]+]] = load double, ptr %[[Q]]
// CHECK-NEXT:    %[[Y:[0-9]+]] = fmul double %[[X]], %5
// CHECK:         store double %[[Y]], ptr
llvm.func @scale(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: f64) attributes {llvm.emit_c_interface} {
  %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %3 = llvm.insertvalue %arg2, %2[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %4 = llvm.insertvalue %arg3, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %5 = llvm.insertvalue %arg4, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %6 = llvm.mlir.constant(0 : index) : i64
  %7 = llvm.mlir.constant(1 : index) : i64
  %8 = llvm.extractvalue %5[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.br ^bb1(%6 : i64)
^bb1(%9: i64):
  %10 = llvm.icmp "slt" %9, %8 : i64
  llvm.cond_br %10, ^bb2, ^bb3
^bb2:
  %11 = llvm.extractvalue %5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %12 = llvm.getelementptr inbounds|nuw %11[%9] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  %13 = llvm.load %12 : !llvm.ptr -> f64
  %14 = llvm.fmul %13, %arg5 : f64
  %15 = llvm.extractvalue %5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %16 = llvm.getelementptr inbounds|nuw %15[%9] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  llvm.store %14, %16 : f64, !llvm.ptr
  %17 = llvm.add %9, %7 : i64
  llvm.br ^bb1(%17 : i64)
^bb3:
  llvm.return
}

// CHECK-LABEL: define void @_mlir_ciface_scale(ptr %0, double %1) {
// CHECK-NEXT:    %3 = load { ptr, ptr, i64, [1 x i64], [1 x i64] }, ptr %0
// CHECK-NEXT:    %4 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 0
// CHECK-NEXT:    %5 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 1
// CHECK-NEXT:    %6 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 2
// CHECK-NEXT:    %7 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 3, 0
// CHECK-NEXT:    %8 = extractvalue { ptr, ptr, i64, [1 x i64], [1 x i64] } %3, 4, 0
// CHECK-NEXT:    call void @scale(ptr %4, ptr %5, i64 %6, i64 %7, i64 %8, double %1)
// CHECK-NEXT:    ret void
llvm.func @_mlir_ciface_scale(%arg0: !llvm.ptr, %arg1: f64) attributes {llvm.emit_c_interface} {
  %0 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %3 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %4 = llvm.extractvalue %0[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  %5 = llvm.extractvalue %0[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  llvm.call @scale(%1, %2, %3, %4, %5, %arg1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, f64) -> ()
  llvm.return
}

// An unlowered op is reported where it is.
// RUN: { echo 'func.func @f() { return }' | polymlir translate --mlir-to-llvmir 2>&1; test $? = 1; } | filecheck %s --check-prefix=ERR
// ERR: <stdin>:1:1: error: cannot translate to LLVM IR: the module still contains non-LLVM ops: 'func.func', 'func.return'
