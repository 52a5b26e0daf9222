"""The JIT and the Python calling convention: numpy arrays in and out,
both memref conventions (C-interface wrappers and expanded descriptors),
ownership of returned buffers, scalars, errors, caching, opt levels, and
the llvm-dialect integration cases run for real."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import polymlir
from polymlir.codegen import memref_abi as M
from polymlir.codegen.jit import ExecutionEngine, collect_signatures, run_entry

from ..shared_data import shared_file_params

pytest.importorskip("llvmlite.binding")


# The fixture: functions exercising the ABI (ABI_SOURCE), as upstream's pipeline lowers them
# with -llvm-request-c-wrappers (ABI_LOWERED; generated once with mlir-opt-22).
ABI_SOURCE = r"""memref.global "private" constant @table : memref<2x3xf32> = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]>
func.func @alloc_fill(%n: index, %v: f32) -> memref<?xf32> {
  %m = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %f = arith.index_cast %i : index to i64
    %g = arith.sitofp %f : i64 to f32
    %h = arith.addf %g, %v : f32
    memref.store %h, %m[%i] : memref<?xf32>
  }
  return %m : memref<?xf32>
}
func.func @multi(%a: memref<?x?xf64>) -> (memref<?x?xf64>, f64, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.load %a[%c0, %c1] : memref<?x?xf64>
  %d = memref.dim %a, %c1 : memref<?x?xf64>
  return %a, %x, %d : memref<?x?xf64>, f64, index
}
func.func @get_table() -> memref<2x3xf32> {
  %t = memref.get_global @table : memref<2x3xf32>
  return %t : memref<2x3xf32>
}
func.func @scale(%a: memref<4x?xf32, strided<[?, ?], offset: ?>>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %a, %c1 : memref<4x?xf32, strided<[?, ?], offset: ?>>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %x = memref.load %a[%i, %j] : memref<4x?xf32, strided<[?, ?], offset: ?>>
      %y = arith.mulf %x, %s : f32
      memref.store %y, %a[%i, %j] : memref<4x?xf32, strided<[?, ?], offset: ?>>
    }
  }
  return
}
func.func @rank_of(%u: memref<*xi32>) -> index {
  %r = memref.rank %u : memref<*xi32>
  return %r : index
}
func.func @scalars(%a: i32, %b: i64, %c: f32, %d: f64, %e: i1, %f: i8, %g: i16) -> (i64, f64, i1) {
  %a64 = arith.extsi %a : i32 to i64
  %s = arith.addi %a64, %b : i64
  %cd = arith.extf %c : f32 to f64
  %t = arith.addf %cd, %d : f64
  %true = arith.constant true
  %n = arith.xori %e, %true : i1
  return %s, %t, %n : i64, f64, i1
}
func.func @make_unranked(%n: index, %v: f32) -> memref<*xf32> {
  %m = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %m[%i] : memref<?xf32>
  }
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
func.func @vadd(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> {
  %c = arith.addf %a, %b : vector<4xf32>
  return %c : vector<4xf32>
}
func.func @sum(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %x = memref.load %a[%i] : memref<?xi32>
    %s = arith.addi %acc, %x : i32
    scf.yield %s : i32
  }
  return %r : i32
}
"""

ABI_LOWERED = r"""module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.mlir.global private constant @table(dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>) {addr_space = 0 : i32} : !llvm.array<2 x array<3 x f32>>
  llvm.func @alloc_fill(%arg0: i64, %arg1: f32) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.constant(1 : index) : i64
    %1 = llvm.mlir.constant(0 : index) : i64
    %2 = llvm.mlir.constant(1 : index) : i64
    %3 = llvm.mlir.zero : !llvm.ptr
    %4 = llvm.getelementptr %3[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %5 = llvm.ptrtoint %4 : !llvm.ptr to i64
    %6 = llvm.call @malloc(%5) : (i64) -> !llvm.ptr
    %7 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %8 = llvm.insertvalue %6, %7[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %9 = llvm.insertvalue %6, %8[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %10 = llvm.mlir.constant(0 : index) : i64
    %11 = llvm.insertvalue %10, %9[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %12 = llvm.insertvalue %arg0, %11[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %13 = llvm.insertvalue %2, %12[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.br ^bb1(%1 : i64)
  ^bb1(%14: i64):  // 2 preds: ^bb0, ^bb2
    %15 = llvm.icmp "slt" %14, %arg0 : i64
    llvm.cond_br %15, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %16 = llvm.sitofp %14 : i64 to f32
    %17 = llvm.fadd %16, %arg1 : f32
    %18 = llvm.extractvalue %13[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %19 = llvm.getelementptr inbounds|nuw %18[%14] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %17, %19 : f32, !llvm.ptr
    %20 = llvm.add %14, %0 : i64
    llvm.br ^bb1(%20 : i64)
  ^bb3:  // pred: ^bb1
    llvm.return %13 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  }
  llvm.func @_mlir_ciface_alloc_fill(%arg0: !llvm.ptr, %arg1: i64, %arg2: f32) attributes {llvm.emit_c_interface} {
    %0 = llvm.call @alloc_fill(%arg1, %arg2) : (i64, f32) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.store %0, %arg0 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    llvm.return
  }
  llvm.func @multi(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64) -> !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, f64, i64)> attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %3 = llvm.insertvalue %arg2, %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %4 = llvm.insertvalue %arg3, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = llvm.insertvalue %arg5, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %6 = llvm.insertvalue %arg4, %5[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %7 = llvm.insertvalue %arg6, %6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %8 = llvm.mlir.constant(0 : index) : i64
    %9 = llvm.mlir.constant(1 : index) : i64
    %10 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %11 = llvm.extractvalue %7[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %12 = llvm.mul %8, %11 overflow<nsw, nuw> : i64
    %13 = llvm.add %12, %9 overflow<nsw, nuw> : i64
    %14 = llvm.getelementptr inbounds|nuw %10[%13] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %15 = llvm.load %14 : !llvm.ptr -> f64
    %16 = llvm.extractvalue %7[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %17 = llvm.mlir.poison : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, f64, i64)>
    %18 = llvm.insertvalue %7, %17[0] : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, f64, i64)>
    %19 = llvm.insertvalue %15, %18[1] : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, f64, i64)>
    %20 = llvm.insertvalue %16, %19[2] : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, f64, i64)>
    llvm.return %20 : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, f64, i64)>
  }
  llvm.func @_mlir_ciface_multi(%arg0: !llvm.ptr, %arg1: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %0 = llvm.load %arg1 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %3 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %4 = llvm.extractvalue %0[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = llvm.extractvalue %0[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %6 = llvm.extractvalue %0[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %7 = llvm.extractvalue %0[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %8 = llvm.call @multi(%1, %2, %3, %4, %5, %6, %7) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, f64, i64)>
    llvm.store %8, %arg0 : !llvm.struct<(struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, f64, i64)>, !llvm.ptr
    llvm.return
  }
  llvm.func @get_table() -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.constant(2 : index) : i64
    %1 = llvm.mlir.constant(3 : index) : i64
    %2 = llvm.mlir.constant(1 : index) : i64
    %3 = llvm.mlir.constant(6 : index) : i64
    %4 = llvm.mlir.zero : !llvm.ptr
    %5 = llvm.getelementptr %4[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %6 = llvm.ptrtoint %5 : !llvm.ptr to i64
    %7 = llvm.mlir.addressof @table : !llvm.ptr
    %8 = llvm.getelementptr %7[0, 0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x array<3 x f32>>
    %9 = llvm.mlir.constant(3735928559 : index) : i64
    %10 = llvm.inttoptr %9 : i64 to !llvm.ptr
    %11 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %12 = llvm.insertvalue %10, %11[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %13 = llvm.insertvalue %8, %12[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %14 = llvm.mlir.constant(0 : index) : i64
    %15 = llvm.insertvalue %14, %13[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %16 = llvm.insertvalue %0, %15[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %17 = llvm.insertvalue %1, %16[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %18 = llvm.insertvalue %1, %17[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %19 = llvm.insertvalue %2, %18[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.return %19 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
  }
  llvm.func @_mlir_ciface_get_table(%arg0: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %0 = llvm.call @get_table() : () -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.store %0, %arg0 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    llvm.return
  }
  llvm.func @scale(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: f32) attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %3 = llvm.insertvalue %arg2, %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %4 = llvm.insertvalue %arg3, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = llvm.insertvalue %arg5, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %6 = llvm.insertvalue %arg4, %5[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %7 = llvm.insertvalue %arg6, %6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %8 = llvm.mlir.constant(0 : index) : i64
    %9 = llvm.mlir.constant(1 : index) : i64
    %10 = llvm.mlir.constant(4 : index) : i64
    %11 = llvm.extractvalue %7[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.br ^bb1(%8 : i64)
  ^bb1(%12: i64):  // 2 preds: ^bb0, ^bb5
    %13 = llvm.icmp "slt" %12, %10 : i64
    llvm.cond_br %13, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    llvm.br ^bb3(%8 : i64)
  ^bb3(%14: i64):  // 2 preds: ^bb2, ^bb4
    %15 = llvm.icmp "slt" %14, %11 : i64
    llvm.cond_br %15, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %16 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %17 = llvm.extractvalue %7[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %18 = llvm.getelementptr %16[%17] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %19 = llvm.extractvalue %7[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %20 = llvm.mul %12, %19 overflow<nsw, nuw> : i64
    %21 = llvm.extractvalue %7[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %22 = llvm.mul %14, %21 overflow<nsw, nuw> : i64
    %23 = llvm.add %20, %22 overflow<nsw, nuw> : i64
    %24 = llvm.getelementptr inbounds|nuw %18[%23] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %25 = llvm.load %24 : !llvm.ptr -> f32
    %26 = llvm.fmul %25, %arg7 : f32
    %27 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %28 = llvm.extractvalue %7[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %29 = llvm.getelementptr %27[%28] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %30 = llvm.extractvalue %7[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %31 = llvm.mul %12, %30 overflow<nsw, nuw> : i64
    %32 = llvm.extractvalue %7[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %33 = llvm.mul %14, %32 overflow<nsw, nuw> : i64
    %34 = llvm.add %31, %33 overflow<nsw, nuw> : i64
    %35 = llvm.getelementptr inbounds|nuw %29[%34] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %26, %35 : f32, !llvm.ptr
    %36 = llvm.add %14, %9 : i64
    llvm.br ^bb3(%36 : i64)
  ^bb5:  // pred: ^bb3
    %37 = llvm.add %12, %9 : i64
    llvm.br ^bb1(%37 : i64)
  ^bb6:  // pred: ^bb1
    llvm.return
  }
  llvm.func @_mlir_ciface_scale(%arg0: !llvm.ptr, %arg1: f32) attributes {llvm.emit_c_interface} {
    %0 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %3 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %4 = llvm.extractvalue %0[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = llvm.extractvalue %0[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %6 = llvm.extractvalue %0[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %7 = llvm.extractvalue %0[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.call @scale(%1, %2, %3, %4, %5, %6, %7, %arg1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, f32) -> ()
    llvm.return
  }
  llvm.func @rank_of(%arg0: i64, %arg1: !llvm.ptr) -> i64 attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
    %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(i64, ptr)>
    %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(i64, ptr)>
    %3 = llvm.extractvalue %2[0] : !llvm.struct<(i64, ptr)>
    llvm.return %3 : i64
  }
  llvm.func @_mlir_ciface_rank_of(%arg0: !llvm.ptr) -> i64 attributes {llvm.emit_c_interface} {
    %0 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(i64, ptr)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(i64, ptr)>
    %2 = llvm.extractvalue %0[1] : !llvm.struct<(i64, ptr)>
    %3 = llvm.call @rank_of(%1, %2) : (i64, !llvm.ptr) -> i64
    llvm.return %3 : i64
  }
  llvm.func @scalars(%arg0: i32, %arg1: i64, %arg2: f32, %arg3: f64, %arg4: i1, %arg5: i8, %arg6: i16) -> !llvm.struct<(i64, f64, i1)> attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.constant(true) : i1
    %1 = llvm.sext %arg0 : i32 to i64
    %2 = llvm.add %1, %arg1 : i64
    %3 = llvm.fpext %arg2 : f32 to f64
    %4 = llvm.fadd %3, %arg3 : f64
    %5 = llvm.xor %arg4, %0 : i1
    %6 = llvm.mlir.poison : !llvm.struct<(i64, f64, i1)>
    %7 = llvm.insertvalue %2, %6[0] : !llvm.struct<(i64, f64, i1)>
    %8 = llvm.insertvalue %4, %7[1] : !llvm.struct<(i64, f64, i1)>
    %9 = llvm.insertvalue %5, %8[2] : !llvm.struct<(i64, f64, i1)>
    llvm.return %9 : !llvm.struct<(i64, f64, i1)>
  }
  llvm.func @_mlir_ciface_scalars(%arg0: !llvm.ptr, %arg1: i32, %arg2: i64, %arg3: f32, %arg4: f64, %arg5: i1, %arg6: i8, %arg7: i16) attributes {llvm.emit_c_interface} {
    %0 = llvm.call @scalars(%arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7) : (i32, i64, f32, f64, i1, i8, i16) -> !llvm.struct<(i64, f64, i1)>
    llvm.store %0, %arg0 : !llvm.struct<(i64, f64, i1)>, !llvm.ptr
    llvm.return
  }
  llvm.func @make_unranked(%arg0: i64, %arg1: f32) -> !llvm.struct<(i64, ptr)> attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.constant(1 : index) : i64
    %1 = llvm.mlir.constant(0 : index) : i64
    %2 = llvm.mlir.constant(1 : index) : i64
    %3 = llvm.mlir.zero : !llvm.ptr
    %4 = llvm.getelementptr %3[%arg0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %5 = llvm.ptrtoint %4 : !llvm.ptr to i64
    %6 = llvm.call @malloc(%5) : (i64) -> !llvm.ptr
    %7 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %8 = llvm.insertvalue %6, %7[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %9 = llvm.insertvalue %6, %8[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %10 = llvm.mlir.constant(0 : index) : i64
    %11 = llvm.insertvalue %10, %9[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %12 = llvm.insertvalue %arg0, %11[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %13 = llvm.insertvalue %2, %12[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.br ^bb1(%1 : i64)
  ^bb1(%14: i64):  // 2 preds: ^bb0, ^bb2
    %15 = llvm.icmp "slt" %14, %arg0 : i64
    llvm.cond_br %15, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %16 = llvm.extractvalue %13[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %17 = llvm.getelementptr inbounds|nuw %16[%14] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %arg1, %17 : f32, !llvm.ptr
    %18 = llvm.add %14, %0 : i64
    llvm.br ^bb1(%18 : i64)
  ^bb3:  // pred: ^bb1
    %19 = llvm.mlir.constant(1 : index) : i64
    %20 = llvm.alloca %19 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    llvm.store %13, %20 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    %21 = llvm.mlir.constant(1 : index) : i64
    %22 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
    %23 = llvm.insertvalue %21, %22[0] : !llvm.struct<(i64, ptr)>
    %24 = llvm.insertvalue %20, %23[1] : !llvm.struct<(i64, ptr)>
    %25 = llvm.mlir.constant(1 : index) : i64
    %26 = llvm.mlir.constant(2 : index) : i64
    %27 = llvm.mlir.constant(8 : index) : i64
    %28 = llvm.mlir.constant(8 : index) : i64
    %29 = llvm.mul %26, %28 : i64
    %30 = llvm.extractvalue %24[0] : !llvm.struct<(i64, ptr)>
    %31 = llvm.mul %26, %30 : i64
    %32 = llvm.add %31, %25 : i64
    %33 = llvm.mul %32, %27 : i64
    %34 = llvm.add %29, %33 : i64
    %35 = llvm.call @malloc(%34) : (i64) -> !llvm.ptr
    %36 = llvm.extractvalue %24[1] : !llvm.struct<(i64, ptr)>
    "llvm.intr.memcpy"(%35, %36, %34) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %37 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
    %38 = llvm.extractvalue %24[0] : !llvm.struct<(i64, ptr)>
    %39 = llvm.insertvalue %38, %37[0] : !llvm.struct<(i64, ptr)>
    %40 = llvm.insertvalue %35, %39[1] : !llvm.struct<(i64, ptr)>
    llvm.return %40 : !llvm.struct<(i64, ptr)>
  }
  llvm.func @_mlir_ciface_make_unranked(%arg0: !llvm.ptr, %arg1: i64, %arg2: f32) attributes {llvm.emit_c_interface} {
    %0 = llvm.call @make_unranked(%arg1, %arg2) : (i64, f32) -> !llvm.struct<(i64, ptr)>
    llvm.store %0, %arg0 : !llvm.struct<(i64, ptr)>, !llvm.ptr
    llvm.return
  }
  llvm.func @vadd(%arg0: vector<4xf32>, %arg1: vector<4xf32>) -> vector<4xf32> attributes {llvm.emit_c_interface} {
    %0 = llvm.fadd %arg0, %arg1 : vector<4xf32>
    llvm.return %0 : vector<4xf32>
  }
  llvm.func @_mlir_ciface_vadd(%arg0: vector<4xf32>, %arg1: vector<4xf32>) -> vector<4xf32> attributes {llvm.emit_c_interface} {
    %0 = llvm.call @vadd(%arg0, %arg1) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    llvm.return %0 : vector<4xf32>
  }
  llvm.func @sum(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) -> i32 attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %3 = llvm.insertvalue %arg2, %2[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %4 = llvm.insertvalue %arg3, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %5 = llvm.insertvalue %arg4, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %6 = llvm.mlir.constant(0 : index) : i64
    %7 = llvm.mlir.constant(1 : index) : i64
    %8 = llvm.mlir.constant(0 : i32) : i32
    %9 = llvm.extractvalue %5[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    llvm.br ^bb1(%6, %8 : i64, i32)
  ^bb1(%10: i64, %11: i32):  // 2 preds: ^bb0, ^bb2
    %12 = llvm.icmp "slt" %10, %9 : i64
    llvm.cond_br %12, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %13 = llvm.extractvalue %5[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %14 = llvm.getelementptr inbounds|nuw %13[%10] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %15 = llvm.load %14 : !llvm.ptr -> i32
    %16 = llvm.add %11, %15 : i32
    %17 = llvm.add %10, %7 : i64
    llvm.br ^bb1(%17, %16 : i64, i32)
  ^bb3:  // pred: ^bb1
    llvm.return %11 : i32
  }
  llvm.func @_mlir_ciface_sum(%arg0: !llvm.ptr) -> i32 attributes {llvm.emit_c_interface} {
    %0 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %3 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %4 = llvm.extractvalue %0[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %5 = llvm.extractvalue %0[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %6 = llvm.call @sum(%1, %2, %3, %4, %5) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> i32
    llvm.return %6 : i32
  }
}

"""

# PolyBench gemm at NI=20, NJ=25, NK=30, lowered with C-interface wrappers.
GEMM_SOURCE = r"""func.func @kernel(%alpha: f64, %beta: f64, %C: memref<20x25xf64>, %A: memref<20x30xf64>, %B: memref<30x25xf64>) {
  affine.for %i = 0 to 20 {
    affine.for %j = 0 to 25 {
      %c0 = affine.load %C[%i, %j] : memref<20x25xf64>
      %c1 = arith.mulf %c0, %beta : f64
      affine.store %c1, %C[%i, %j] : memref<20x25xf64>
    }
    affine.for %k = 0 to 30 {
      affine.for %j2 = 0 to 25 {
        %a = affine.load %A[%i, %k] : memref<20x30xf64>
        %b = affine.load %B[%k, %j2] : memref<30x25xf64>
        %c = affine.load %C[%i, %j2] : memref<20x25xf64>
        %0 = arith.mulf %alpha, %a : f64
        %1 = arith.mulf %0, %b : f64
        %2 = arith.addf %c, %1 : f64
        affine.store %2, %C[%i, %j2] : memref<20x25xf64>
      }
    }
  }
  return
}
"""

GEMM_LOWERED = r"""module {
  llvm.func @kernel(%arg0: f64, %arg1: f64, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: !llvm.ptr, %arg10: !llvm.ptr, %arg11: i64, %arg12: i64, %arg13: i64, %arg14: i64, %arg15: i64, %arg16: !llvm.ptr, %arg17: !llvm.ptr, %arg18: i64, %arg19: i64, %arg20: i64, %arg21: i64, %arg22: i64) attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.insertvalue %arg16, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %2 = llvm.insertvalue %arg17, %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %3 = llvm.insertvalue %arg18, %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %4 = llvm.insertvalue %arg19, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = llvm.insertvalue %arg21, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %6 = llvm.insertvalue %arg20, %5[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %7 = llvm.insertvalue %arg22, %6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %8 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %9 = llvm.insertvalue %arg9, %8[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %10 = llvm.insertvalue %arg10, %9[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %11 = llvm.insertvalue %arg11, %10[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %12 = llvm.insertvalue %arg12, %11[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %13 = llvm.insertvalue %arg14, %12[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %14 = llvm.insertvalue %arg13, %13[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %15 = llvm.insertvalue %arg15, %14[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %16 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %17 = llvm.insertvalue %arg2, %16[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %18 = llvm.insertvalue %arg3, %17[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %19 = llvm.insertvalue %arg4, %18[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %20 = llvm.insertvalue %arg5, %19[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %21 = llvm.insertvalue %arg7, %20[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %22 = llvm.insertvalue %arg6, %21[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %23 = llvm.insertvalue %arg8, %22[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %24 = llvm.mlir.constant(0 : index) : i64
    %25 = llvm.mlir.constant(20 : index) : i64
    %26 = llvm.mlir.constant(1 : index) : i64
    llvm.br ^bb1(%24 : i64)
  ^bb1(%27: i64):  // 2 preds: ^bb0, ^bb11
    %28 = llvm.icmp "slt" %27, %25 : i64
    llvm.cond_br %28, ^bb2, ^bb12
  ^bb2:  // pred: ^bb1
    %29 = llvm.mlir.constant(0 : index) : i64
    %30 = llvm.mlir.constant(25 : index) : i64
    %31 = llvm.mlir.constant(1 : index) : i64
    llvm.br ^bb3(%29 : i64)
  ^bb3(%32: i64):  // 2 preds: ^bb2, ^bb4
    %33 = llvm.icmp "slt" %32, %30 : i64
    llvm.cond_br %33, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %34 = llvm.extractvalue %23[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %35 = llvm.mlir.constant(25 : index) : i64
    %36 = llvm.mul %27, %35 overflow<nsw, nuw> : i64
    %37 = llvm.add %36, %32 overflow<nsw, nuw> : i64
    %38 = llvm.getelementptr inbounds|nuw %34[%37] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %39 = llvm.load %38 : !llvm.ptr -> f64
    %40 = llvm.fmul %39, %arg1 : f64
    %41 = llvm.extractvalue %23[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %42 = llvm.mlir.constant(25 : index) : i64
    %43 = llvm.mul %27, %42 overflow<nsw, nuw> : i64
    %44 = llvm.add %43, %32 overflow<nsw, nuw> : i64
    %45 = llvm.getelementptr inbounds|nuw %41[%44] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %40, %45 : f64, !llvm.ptr
    %46 = llvm.add %32, %31 : i64
    llvm.br ^bb3(%46 : i64)
  ^bb5:  // pred: ^bb3
    %47 = llvm.mlir.constant(0 : index) : i64
    %48 = llvm.mlir.constant(30 : index) : i64
    %49 = llvm.mlir.constant(1 : index) : i64
    llvm.br ^bb6(%47 : i64)
  ^bb6(%50: i64):  // 2 preds: ^bb5, ^bb10
    %51 = llvm.icmp "slt" %50, %48 : i64
    llvm.cond_br %51, ^bb7, ^bb11
  ^bb7:  // pred: ^bb6
    %52 = llvm.mlir.constant(0 : index) : i64
    %53 = llvm.mlir.constant(25 : index) : i64
    %54 = llvm.mlir.constant(1 : index) : i64
    llvm.br ^bb8(%52 : i64)
  ^bb8(%55: i64):  // 2 preds: ^bb7, ^bb9
    %56 = llvm.icmp "slt" %55, %53 : i64
    llvm.cond_br %56, ^bb9, ^bb10
  ^bb9:  // pred: ^bb8
    %57 = llvm.extractvalue %15[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %58 = llvm.mlir.constant(30 : index) : i64
    %59 = llvm.mul %27, %58 overflow<nsw, nuw> : i64
    %60 = llvm.add %59, %50 overflow<nsw, nuw> : i64
    %61 = llvm.getelementptr inbounds|nuw %57[%60] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %62 = llvm.load %61 : !llvm.ptr -> f64
    %63 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %64 = llvm.mlir.constant(25 : index) : i64
    %65 = llvm.mul %50, %64 overflow<nsw, nuw> : i64
    %66 = llvm.add %65, %55 overflow<nsw, nuw> : i64
    %67 = llvm.getelementptr inbounds|nuw %63[%66] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %68 = llvm.load %67 : !llvm.ptr -> f64
    %69 = llvm.extractvalue %23[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %70 = llvm.mlir.constant(25 : index) : i64
    %71 = llvm.mul %27, %70 overflow<nsw, nuw> : i64
    %72 = llvm.add %71, %55 overflow<nsw, nuw> : i64
    %73 = llvm.getelementptr inbounds|nuw %69[%72] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %74 = llvm.load %73 : !llvm.ptr -> f64
    %75 = llvm.fmul %arg0, %62 : f64
    %76 = llvm.fmul %75, %68 : f64
    %77 = llvm.fadd %74, %76 : f64
    %78 = llvm.extractvalue %23[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %79 = llvm.mlir.constant(25 : index) : i64
    %80 = llvm.mul %27, %79 overflow<nsw, nuw> : i64
    %81 = llvm.add %80, %55 overflow<nsw, nuw> : i64
    %82 = llvm.getelementptr inbounds|nuw %78[%81] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %77, %82 : f64, !llvm.ptr
    %83 = llvm.add %55, %54 : i64
    llvm.br ^bb8(%83 : i64)
  ^bb10:  // pred: ^bb8
    %84 = llvm.add %50, %49 : i64
    llvm.br ^bb6(%84 : i64)
  ^bb11:  // pred: ^bb6
    %85 = llvm.add %27, %26 : i64
    llvm.br ^bb1(%85 : i64)
  ^bb12:  // pred: ^bb1
    llvm.return
  }
  llvm.func @_mlir_ciface_kernel(%arg0: f64, %arg1: f64, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %0 = llvm.load %arg2 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %3 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %4 = llvm.extractvalue %0[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %5 = llvm.extractvalue %0[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %6 = llvm.extractvalue %0[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %7 = llvm.extractvalue %0[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %8 = llvm.load %arg3 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %9 = llvm.extractvalue %8[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %10 = llvm.extractvalue %8[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %11 = llvm.extractvalue %8[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %12 = llvm.extractvalue %8[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %13 = llvm.extractvalue %8[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %14 = llvm.extractvalue %8[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %15 = llvm.extractvalue %8[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %16 = llvm.load %arg4 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %17 = llvm.extractvalue %16[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %18 = llvm.extractvalue %16[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %19 = llvm.extractvalue %16[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %20 = llvm.extractvalue %16[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %21 = llvm.extractvalue %16[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %22 = llvm.extractvalue %16[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %23 = llvm.extractvalue %16[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    llvm.call @kernel(%arg0, %arg1, %1, %2, %3, %4, %5, %6, %7, %9, %10, %11, %12, %13, %14, %15, %17, %18, %19, %20, %21, %22, %23) : (f64, f64, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> ()
    llvm.return
  }
}

"""


def _strip_ciface(module):
    """The module without its C-interface wrappers (forces the expanded
    descriptor convention)."""
    body = module.regions[0].blocks[0]
    for op in list(body.operations):
        if op.name == "llvm.func" and op.properties["sym_name"].value.startswith("_mlir_ciface_"):
            op.erase()
    return module


SIGS = collect_signatures(polymlir.parse(ABI_SOURCE))


@pytest.fixture(scope="module", params=["ciface+sigs", "ciface", "expanded+sigs", "expanded"])
def engine(request):
    m = polymlir.parse(ABI_LOWERED)
    if request.param.startswith("expanded"):
        _strip_ciface(m)
    e = ExecutionEngine(m, opt_level=2, signatures=SIGS if request.param.endswith("sigs") else None)
    e.variant = request.param
    return e


def test_convention_chosen(engine):
    abi = engine.abi("multi")
    assert abi.ciface == engine.variant.startswith("ciface")
    assert abi.name == ("_mlir_ciface_multi" if abi.ciface else "multi")
    assert [s.kind for s in abi.args] == ["memref"] and abi.args[0].rank == 2
    assert [s.kind for s in abi.results] == ["memref", "scalar", "scalar"]


def test_returned_buffer_is_owned(engine, monkeypatch):
    freed = []
    real = M.libc()

    class Spy:
        def __getattr__(self, name):
            return getattr(real, name)

        def free(self, p):
            freed.append(p)
            real.free(p)

    r = engine.alloc_fill(5, 0.5)
    assert isinstance(r, np.ndarray) and r.dtype == np.float32
    np.testing.assert_array_equal(r, [0.5, 1.5, 2.5, 3.5, 4.5])
    view = r[1:3]
    addr = r.ctypes.data
    monkeypatch.setattr(M, "_libc_handle", Spy())
    del r
    gc.collect()
    assert freed == []  # the view keeps the buffer
    np.testing.assert_array_equal(view, [1.5, 2.5])
    del view
    gc.collect()
    assert freed == [addr]


def test_results_aliasing_arguments_and_globals(engine):
    a = np.arange(12.0).reshape(3, 4)
    r, x, d = engine.multi(a)
    assert np.shares_memory(r, a) and r.shape == (3, 4) and x == 1.0 and d == 4
    r[0, 0] = 42.0
    assert a[0, 0] == 42.0
    t = engine.get_table()
    np.testing.assert_array_equal(t, [[1, 2, 3], [4, 5, 6]])
    assert t.dtype == np.float32
    del t
    gc.collect()  # a view of a global is never freed (its `allocated` is 0xdeadbeef)
    np.testing.assert_array_equal(engine.get_table(), [[1, 2, 3], [4, 5, 6]])


@pytest.mark.parametrize(
    "make",
    [
        lambda: np.arange(24, dtype=np.float32).reshape(4, 6),
        lambda: np.arange(48, dtype=np.float32).reshape(8, 6)[::2, ::3],
        lambda: np.arange(24, dtype=np.float32).reshape(4, 6)[:, ::-1],
        lambda: np.asfortranarray(np.arange(24, dtype=np.float32).reshape(4, 6)),
    ],
    ids=["contiguous", "strided", "negative", "fortran"],
)
def test_strided_views_are_passed_with_real_strides(engine, make):
    a = make()
    base = np.arange(a.size * 8, dtype=np.float32)  # untouched elsewhere
    before = a.copy()
    engine.scale(a, 3.0)
    np.testing.assert_array_equal(a, before * 3)
    assert base[0] == 0


def test_unranked_memrefs(engine):
    assert engine.rank_of(np.zeros((2, 3, 4), np.int32)) == 3
    u = engine.make_unranked(3, 2.5)
    if engine.variant.endswith("sigs"):
        np.testing.assert_array_equal(u, [2.5, 2.5, 2.5])
    else:  # no element type known: the raw descriptor
        assert u.sizes[0] == 3


def test_scalars_and_vectors(engine):
    assert engine.scalars(-3, 10, 1.5, 2.25, True, 1, 2) == (7, 3.75, False)
    assert engine.scalars(2**31 - 1, -(2**63), 0.0, -1.0, False, -128, 32767) == (2**31 - 1 - 2**63, -1.0, True)
    np.testing.assert_array_equal(engine.vadd(np.arange(4, dtype=np.float32), np.ones(4, np.float32)), [1, 2, 3, 4])
    assert engine.sum(np.arange(10, dtype=np.int32)) == 45
    assert engine.invoke("sum", np.array([], dtype=np.int32)) == 0


def test_identity_layout_needs_contiguous_arrays(engine):
    """Code for memref<?xi32> ignores the descriptor's strides: a strided
    view must be refused (with or without the builtin signature)."""
    with pytest.raises(ValueError, match="row-major contiguous"):
        engine.sum(np.arange(10, dtype=np.int32)[::2])
    assert engine.sum(np.arange(10, dtype=np.int32)[::2].copy()) == 20
    a = np.arange(6.0).reshape(2, 3)
    with pytest.raises(ValueError, match="row-major contiguous|stride 1 in dimension 1"):
        engine.multi(a.T)


# (call on the engine, the exception, the text it must match)
ARGUMENT_ERRORS = {
    "arity": (lambda e: e.alloc_fill(1), TypeError, "takes 2 argument"),
    "not-an-array": (lambda e: e.sum([1, 2, 3]), TypeError, "expected a numpy array"),
    "rank": (lambda e: e.sum(np.zeros((2, 2), np.int32)), ValueError, "rank 1"),
    "dtype": (lambda e: e.sum(np.zeros(3, np.float64)), TypeError, "dtype int32"),
    "float-for-index": (lambda e: e.alloc_fill(2.5, 1.0), TypeError, "expected an integer"),
    "i32-overflow": (lambda e: e.scalars(2**40, 0, 0.0, 0.0, False, 0, 0), ValueError, "does not fit"),
    "unknown-attribute": (lambda e: e.nope(), AttributeError, "no function 'nope'"),
    "unknown-invoke": (lambda e: e.invoke("nope"), KeyError, None),
}


@pytest.mark.parametrize("call, exc, match", ARGUMENT_ERRORS.values(), ids=ARGUMENT_ERRORS.keys())
def test_argument_errors(engine, call, exc, match):
    with pytest.raises(exc, match=match):
        call(engine)


def test_static_shapes_are_checked():
    e = ExecutionEngine(polymlir.parse(ABI_LOWERED), opt_level=0, signatures=SIGS)
    with pytest.raises(ValueError, match="dimension 0 must be 4, got 3"):
        e.scale(np.zeros((3, 2), np.float32), 1.0)
    with pytest.raises(ValueError, match="stride of 2 bytes"):
        e.sum(np.lib.stride_tricks.as_strided(np.zeros(8, np.int32), shape=(3,), strides=(2,)))


def test_opt_levels_agree():
    m = polymlir.parse(ABI_LOWERED)
    outs = []
    for lvl in (0, 1, 2, 3):
        e = ExecutionEngine(m, opt_level=lvl)
        a = np.arange(24, dtype=np.float32).reshape(4, 6)
        e.scale(a, 0.5)
        outs.append((a.copy(), e.sum(np.arange(100, dtype=np.int32)), e.alloc_fill(4, 1.0).tolist()))
    for o in outs[1:]:
        np.testing.assert_array_equal(o[0], outs[0][0])
        assert o[1:] == outs[0][1:]


def test_compile_caches_by_content():
    e1 = polymlir.compile(ABI_LOWERED, opt_level=1)
    e2 = polymlir.compile(polymlir.parse(ABI_LOWERED), opt_level=1)
    assert e1 is e2
    assert polymlir.compile(ABI_LOWERED, opt_level=2) is not e1
    assert polymlir.compile(ABI_LOWERED, opt_level=1, cache=False) is not e1
    assert e1.lookup("sum") != 0 and e1.lookup("table") != 0


# (source, compile options, function): polymlir.compile then a call of the function.
COMPILE_AND_CALL = {
    # a private (internal) llvm.func is callable by name
    "private-llvm-func": (
        "llvm.func internal @twice(%a: i32) -> i32 {\n  %0 = llvm.add %a, %a : i32\n  llvm.return %0 : i32\n}",
        {"opt_level": 2},
        "twice",
    ),
    # compile lowers func and arith to the llvm dialect first
    "func-and-arith": (
        "func.func @twice(%a: i32) -> i32 { %0 = arith.addi %a, %a : i32\n return %0 : i32 }",
        {},
        "twice",
    ),
}


@pytest.mark.parametrize("text, options, name", COMPILE_AND_CALL.values(), ids=COMPILE_AND_CALL.keys())
def test_compile_and_call(text, options, name):
    e = polymlir.compile(text, **options)
    assert getattr(e, name)(21) == 42 and e.lookup(name) != 0


def test_lower_to_llvm_names_unlowered_ops():
    from polymlir.ir.diagnostics import DiagnosticError

    # (tensor programs are bufferized first; linalg.pack has no bufferization)
    with pytest.raises(DiagnosticError, match="'linalg.pack' op was not bufferized"):
        polymlir.compile(
            "func.func @f(%a: tensor<8x8xf32>, %d: tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32> {\n"
            " %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %d"
            " : tensor<8x8xf32> -> tensor<2x2x4x4xf32>\n return %0 : tensor<2x2x4x4xf32>\n}"
        )


def test_gemm_with_c_interface():
    """A PolyBench-style kernel as upstream's pipeline lowers it."""
    e = polymlir.compile(GEMM_LOWERED, opt_level=3)
    assert e.abi("kernel").ciface
    rng = np.random.default_rng(0)
    A, B, C = rng.random((20, 30)), rng.random((30, 25)), rng.random((20, 25))
    want = 1.5 * A @ B + 1.2 * C
    e.kernel(1.5, 1.2, C, A, B)
    np.testing.assert_allclose(C, want, rtol=1e-12)
    with pytest.raises(ValueError, match="dimension 1 must be 25"):
        e2 = ExecutionEngine(
            polymlir.parse(GEMM_LOWERED), 0, signatures=collect_signatures(polymlir.parse(GEMM_SOURCE))
        )
        e2.kernel(1.0, 1.0, np.zeros((20, 24)), A, B)


# -- the llvm-dialect integration cases ------------------------------------------------------------


def _case(path):
    with open(path) as f:
        text = f.read()
    entry, result = [ln.split(":", 1)[1].split() for ln in text.splitlines()[:3] if ln.startswith("// ENTRY:")][0]
    with open(path[:-5] + ".expected") as f:
        expected = f.read()
    return text, entry, result, expected


@pytest.mark.parametrize("path", shared_file_params("integration/cases/llvm", "*.mlir", ids=lambda p: p.stem))
@pytest.mark.parametrize("opt", [0, 3])
def test_integration_case(path, opt, capfd):
    """As mlir-runner runs them: entry point, printed result, destructors."""
    text, entry, result, expected = _case(str(path))
    run_entry(ExecutionEngine(polymlir.parse(text), opt_level=opt), entry, result)
    assert capfd.readouterr().out == expected


def test_run_entry_checks_the_entry_point():
    e = ExecutionEngine(polymlir.parse(ABI_LOWERED), opt_level=0)
    with pytest.raises(TypeError, match="must take no arguments and return void"):
        run_entry(e, "sum", "void")
    with pytest.raises(KeyError):
        run_entry(e, "nope", "void")


COUNTER = """llvm.mlir.global internal @counter(0 : i64) : i64
llvm.func @bump() -> i64 {
  %a = llvm.mlir.addressof @counter : !llvm.ptr
  %v = llvm.load %a : !llvm.ptr -> i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %w = llvm.add %v, %one : i64
  llvm.store %w, %a : i64, !llvm.ptr
  llvm.return %w : i64
}"""

ACCUMULATOR = """memref.global "private" @acc : memref<1xf64> = dense<0.0>
func.func @add(%x: f64) -> f64 {
  %m = memref.get_global @acc : memref<1xf64>
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<1xf64>
  %w = arith.addf %v, %x : f64
  memref.store %w, %m[%c0] : memref<1xf64>
  return %w : f64
}"""


# (source, options, second source as text or parsed, function, its three
# arguments: twice on the first engine then on the second, the results)
STATEFUL = {
    "llvm-global": (COUNTER, {"opt_level": 1}, "text", "bump", [(), (), ()], (1, 2, 1)),
    "memref-global": (ACCUMULATOR, {}, "parsed", "add", [(2.0,), (3.0,), (1.0,)], (2.0, 5.0, 1.0)),
}


@pytest.mark.parametrize("text, options, second, name, args, want", STATEFUL.values(), ids=STATEFUL.keys())
def test_compile_never_shares_writable_globals(text, options, second, name, args, want):
    """Two compile() calls of a module with state are two programs: one's
    globals do not change under the other (stateless modules stay cached)."""
    e1 = polymlir.compile(text, **options)
    e2 = polymlir.compile(text if second == "text" else polymlir.parse(text), **options)
    assert e1 is not e2
    f1, f2 = getattr(e1, name), getattr(e2, name)
    assert (f1(*args[0]), f1(*args[1]), f2(*args[2])) == want


def test_compile_cache_key_includes_signatures():
    """The same LLVM IR under other memref signatures is another engine;
    a cached engine's signatures are never rewritten under its holder."""
    f32 = "func.func @f(%a: memref<4xf32>) { return }"
    e1 = polymlir.compile(f32, opt_level=1)
    sig = dict(e1.signatures)
    e2 = polymlir.compile(f32.replace("f32", "i32"), opt_level=1)
    assert e2 is not e1 and e1.signatures == sig


def test_a_read_only_array_is_refused_only_where_the_code_may_write_it():
    src = """func.func @f(%A: memref<16xf64>, %B: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf64>
    affine.store %a, %B[%i] : memref<16xf64>
  }
  return
}"""
    e = polymlir.compile(src, cache=False)
    a, b = np.arange(16.0), np.zeros(16)
    a.flags.writeable = False
    e.f(a, b)  # A is only read
    assert b[5] == 5.0
    b.flags.writeable = False
    with pytest.raises(ValueError, match="argument 1 is a read-only array, but 'f' may write it"):
        e.f(a, b)
