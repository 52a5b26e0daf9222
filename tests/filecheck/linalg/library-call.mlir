// convert-linalg-to-std: named ops call their mangled library name, a
// generic its library_call; memrefs are cast to the fully dynamic strided
// layout; one private declaration with llvm.emit_c_interface per callee,
// before the module's last op (as upstream). Generics without library_call
// and ops whose name would not say what they compute (strided convolution,
// transpose) stay for the loop lowerings, with a remark.
// RUN: polymlir opt %s --convert-linalg-to-std | filecheck %s
// RUN: polymlir opt %s --pass-pipeline="builtin.module(convert-linalg-to-std{library-call-only})" | filecheck %s --check-prefix=ONLY
// RUN: polymlir opt %s --pass-pipeline="builtin.module(convert-linalg-to-std{named-ops=fill})" | filecheck %s --check-prefix=FILL
// RUN: polymlir opt %s --convert-linalg-to-std --verify-diagnostics --pass-remarks-missed=. > /dev/null

func.func @mix(%a: memref<4x8xf32>, %b: memref<8x?xf32>, %c: memref<4x?xf32>, %s: f32, %v: memref<8xi8>, %d: memref<i32>,
               %x: memref<1x9x9x3xf32>, %k: memref<3x3x3x8xf32>, %o: memref<1x4x4x8xf32>) {
  linalg.fill ins(%s : f32) outs(%c : memref<4x?xf32>)
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x?xf32>) outs(%c : memref<4x?xf32>)
  linalg.dot ins(%v, %v : memref<8xi8>, memref<8xi8>) outs(%d : memref<i32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"],
                  library_call = "relu"} outs(%c : memref<4x?xf32>) {
  ^bb0(%out: f32):
    linalg.yield %out : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<4x?xf32>) {
  ^bb0(%out: f32):
    linalg.yield %out : f32
  }
  // expected-remark@+1 {{left for the loop lowering: the library name of 'linalg.conv_2d_nhwc_hwcf' would not carry its strides}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %k : memref<1x9x9x3xf32>, memref<3x3x3x8xf32>) outs(%o : memref<1x4x4x8xf32>)
  return
}

// CHECK:       func.func private @linalg_fill_f32_view4xsxf32(f32, memref<4x?xf32, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-NEXT:  func.func private @linalg_matmul_view4x8xf32_view8xsxf32_view4xsxf32(memref<4x8xf32, strided<[?, ?], offset: ?>>, memref<8x?xf32, strided<[?, ?], offset: ?>>, memref<4x?xf32, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-NEXT:  func.func private @linalg_dot_view8xi8_view8xi8_viewi32(memref<8xi8, strided<[?], offset: ?>>, memref<8xi8, strided<[?], offset: ?>>, memref<i32, strided<[], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-NEXT:  func.func private @relu(memref<4x?xf32, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @mix
// CHECK:         %[[C:.*]] = memref.cast %arg2 : memref<4x?xf32> to memref<4x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:    call @linalg_fill_f32_view4xsxf32(%arg3, %[[C]])
// CHECK:         call @linalg_matmul_view4x8xf32_view8xsxf32_view4xsxf32(
// CHECK:         call @linalg_dot_view8xi8_view8xi8_viewi32(
// CHECK:         call @relu(
// CHECK-NEXT:    linalg.generic
// CHECK:         linalg.conv_2d_nhwc_hwcf

// ONLY-NOT:    @linalg_
// ONLY:        func.func private @relu
// ONLY:        linalg.fill
// ONLY:        call @relu(

// FILL:        func.func private @linalg_fill_f32_view4xsxf32
// FILL-NOT:    func.func private @linalg_matmul
// FILL:        linalg.matmul
