// The lowered-code examples of seed 002 (calling convention, result packing,
// C-interface wrappers), in today's syntax.
// RUN: polymlir opt %s --finalize-memref-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | filecheck %s
// RUN: polymlir opt %s --finalize-memref-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts | polymlir opt | filecheck %s

// Result packing: multiple results travel in a struct.
// CHECK-LABEL: llvm.func @foo(%arg0: i32, %arg1: i64) -> !llvm.struct<(i32, i64)> {
// CHECK-NEXT:    %[[U:.*]] = llvm.mlir.poison : !llvm.struct<(i32, i64)>
// CHECK-NEXT:    %[[A:.*]] = llvm.insertvalue %arg0, %[[U]][0] : !llvm.struct<(i32, i64)>
// CHECK-NEXT:    %[[B:.*]] = llvm.insertvalue %arg1, %[[A]][1] : !llvm.struct<(i32, i64)>
// CHECK-NEXT:    llvm.return %[[B]] : !llvm.struct<(i32, i64)>
func.func @foo(%arg0: i32, %arg1: i64) -> (i32, i64) {
  return %arg0, %arg1 : i32, i64
}

// CHECK-LABEL: llvm.func @bar()
// CHECK:         %[[C:.*]] = llvm.call @foo(%{{.*}}, %{{.*}}) : (i32, i64) -> !llvm.struct<(i32, i64)>
// CHECK-NEXT:    %{{.*}} = llvm.extractvalue %[[C]][0] : !llvm.struct<(i32, i64)>
// CHECK-NEXT:    %{{.*}} = llvm.extractvalue %[[C]][1] : !llvm.struct<(i32, i64)>
func.func @bar() -> i64 {
  %0 = arith.constant 42 : i32
  %1 = arith.constant 17 : i64
  %2:2 = call @foo(%0, %1) : (i32, i64) -> (i32, i64)
  return %2#1 : i64
}

// Memref arguments expand into allocated ptr, aligned ptr, offset, sizes,
// strides, and the descriptor is rebuilt at the function entry.
// CHECK-LABEL: llvm.func @expand(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> i64 {
// CHECK-NEXT:    %[[D0:.*]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT:    %[[D1:.*]] = llvm.insertvalue %arg0, %[[D0]][0]
// CHECK-NEXT:    %[[D2:.*]] = llvm.insertvalue %arg1, %[[D1]][1]
// CHECK-NEXT:    %[[D3:.*]] = llvm.insertvalue %arg2, %[[D2]][2]
// CHECK-NEXT:    %[[D4:.*]] = llvm.insertvalue %arg3, %[[D3]][3, 0]
// CHECK-NEXT:    %[[D5:.*]] = llvm.insertvalue %arg4, %[[D4]][4, 0]
func.func @expand(%arg0: memref<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = memref.dim %arg0, %c0 : memref<?xf32>
  return %d : index
}

// Declared with llvm.emit_c_interface: the original symbol gets a body that
// stores the descriptor on the stack and calls _mlir_ciface_qux.
// CHECK-LABEL: llvm.func @qux(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) {
// CHECK:         %[[DESC:.*]] = llvm.insertvalue %arg6, %{{.*}}[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:    %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
// CHECK-NEXT:    llvm.store %[[DESC]], %[[SLOT]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK-NEXT:    llvm.call @_mlir_ciface_qux(%[[SLOT]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return
// CHECK:       llvm.func @_mlir_ciface_qux(!llvm.ptr)
func.func private @qux(memref<?x?xf32>) attributes {llvm.emit_c_interface}

// Defined with llvm.emit_c_interface: _mlir_ciface_foo2 loads the
// descriptor, unpacks it and calls the original function.
// CHECK-LABEL: llvm.func @_mlir_ciface_foo2(%arg0: !llvm.ptr) attributes {llvm.emit_c_interface} {
// CHECK-NEXT:    %[[L:.*]] = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT:    %[[E0:.*]] = llvm.extractvalue %[[L]][0]
// CHECK-NEXT:    %[[E1:.*]] = llvm.extractvalue %[[L]][1]
// CHECK-NEXT:    %[[E2:.*]] = llvm.extractvalue %[[L]][2]
// CHECK-NEXT:    %[[E3:.*]] = llvm.extractvalue %[[L]][3, 0]
// CHECK-NEXT:    %[[E4:.*]] = llvm.extractvalue %[[L]][3, 1]
// CHECK-NEXT:    %[[E5:.*]] = llvm.extractvalue %[[L]][4, 0]
// CHECK-NEXT:    %[[E6:.*]] = llvm.extractvalue %[[L]][4, 1]
// CHECK-NEXT:    llvm.call @foo2(%[[E0]], %[[E1]], %[[E2]], %[[E3]], %[[E4]], %[[E5]], %[[E6]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()
// CHECK-NEXT:    llvm.return
func.func @foo2(%arg0: memref<?x?xf32>) attributes {llvm.emit_c_interface} {
  return
}
