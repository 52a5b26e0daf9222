// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// Custom forms of linalg ops, printed as mlir-opt 22 prints them (up to SSA names).

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#trait = {
  indexing_maps = [#id2, #row],
  iterator_types = ["parallel", "reduction"],
  library_call = "row_sum",
  doc = "B(j) += A(i, j)"
}

// CHECK-LABEL: func.func @generic_memref(%arg0: memref<4x8xf32>, %arg1: memref<8xf32>) {
// CHECK-NEXT: linalg.generic {doc = "B(j) += A(i, j)", indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}], iterator_types = ["parallel", "reduction"], library_call = "row_sum"} ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<8xf32>) attrs =  {foo = "bar", unit} {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %{{[0-9]+}} = linalg.index 0 : index
// CHECK-NEXT: %{{[0-9]+}} = arith.addf %in, %out : f32
// CHECK-NEXT: linalg.yield %{{[0-9]+}} : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @generic_memref(%A: memref<4x8xf32>, %B: memref<8xf32>) {
  linalg.generic #trait ins(%A : memref<4x8xf32>) outs(%B : memref<8xf32>) attrs = {foo = "bar", unit} {
  ^bb0(%a: f32, %b: f32):
    %i = linalg.index 0 : index
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @generic_tensor(%arg0: tensor<?x?xf32>, %arg1: f32) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
// CHECK-NEXT: %{{[0-9]+}}:2 = linalg.generic {indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}, #map{{[0-9]*}}, #map{{[0-9]*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<?x?xf32>, f32) outs(%arg0, %arg0 : tensor<?x?xf32>, tensor<?x?xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %in_0: f32, %out: f32, %out_1: f32):
// CHECK-NEXT: linalg.yield %in, %in_0 : f32, f32
// CHECK-NEXT: } -> (tensor<?x?xf32>, tensor<?x?xf32>)
// CHECK-NEXT: return %{{[0-9]+}}#0, %{{[0-9]+}}#1 : tensor<?x?xf32>, tensor<?x?xf32>
func.func @generic_tensor(%A: tensor<?x?xf32>, %s: f32) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %r:2 = linalg.generic {indexing_maps = [#id2, affine_map<(d0, d1) -> ()>, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%A, %s : tensor<?x?xf32>, f32) outs(%A, %A : tensor<?x?xf32>, tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    linalg.yield %a, %b : f32, f32
  } -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return %r#0, %r#1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// CHECK-LABEL: func.func @named(%arg0: memref<4x8xf32>, %arg1: memref<8x16xf32>, %arg2: memref<4x16xf32>, %arg3: memref<8xf32>, %arg4: memref<4xf32>, %arg5: f32, %arg6: memref<8x4xf32>) {
// CHECK-NEXT: linalg.fill ins(%arg5 : f32) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.copy ins(%arg2 : memref<4x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.matmul indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}, #map{{[0-9]*}}] ins(%arg6, %arg1 : memref<8x4xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.matvec ins(%arg0, %arg3 : memref<4x8xf32>, memref<8xf32>) outs(%arg4 : memref<4xf32>)
// CHECK-NEXT: linalg.add ins(%arg2, %arg2 : memref<4x16xf32>, memref<4x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.exp ins(%arg2 : memref<4x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.elementwise kind=#linalg.elementwise_kind<max_signed> ins(%arg2, %arg2 : memref<4x16xf32>, memref<4x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.elementwise kind=#linalg.elementwise_kind<exp> indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}] ins(%arg3 : memref<8xf32>) outs(%arg0 : memref<4x8xf32>)
// CHECK-NEXT: linalg.contract indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}, #map{{[0-9]*}}] ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: return
func.func @named(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>, %v: memref<8xf32>, %w: memref<4xf32>, %s: f32, %bt: memref<8x4xf32>) {
  linalg.fill ins(%s : f32) outs(%c : memref<4x16xf32>)
  linalg.copy ins(%c : memref<4x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%bt, %b : memref<8x4xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.matvec ins(%a, %v : memref<4x8xf32>, memref<8xf32>) outs(%w : memref<4xf32>)
  linalg.add ins(%c, %c : memref<4x16xf32>, memref<4x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.exp ins(%c : memref<4x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<max_signed> ins(%c, %c : memref<4x16xf32>, memref<4x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<exp> indexing_maps = [#row, #id2] ins(%v : memref<8xf32>) outs(%a : memref<4x8xf32>)
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}

// CHECK-LABEL: func.func @conv(%arg0: tensor<1x9x9x3xi8>, %arg1: tensor<3x3x3x8xi8>, %arg2: tensor<1x4x4x8xi32>, %arg3: tensor<2x2xi8>, %arg4: tensor<1x4x4x3xi32>) -> (tensor<1x4x4x8xi32>, tensor<1x4x4x3xi32>) {
// CHECK-NEXT: %{{[0-9]+}} = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1 : tensor<1x9x9x3xi8>, tensor<3x3x3x8xi8>) outs(%arg2 : tensor<1x4x4x8xi32>) -> tensor<1x4x4x8xi32>
// CHECK-NEXT: %{{[0-9]+}} = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg3 : tensor<1x9x9x3xi8>, tensor<2x2xi8>) outs(%arg4 : tensor<1x4x4x3xi32>) -> tensor<1x4x4x3xi32>
// CHECK-NEXT: return %{{[0-9]+}}, %{{[0-9]+}} : tensor<1x4x4x8xi32>, tensor<1x4x4x3xi32>
func.func @conv(%i: tensor<1x9x9x3xi8>, %f: tensor<3x3x3x8xi8>, %o: tensor<1x4x4x8xi32>, %k: tensor<2x2xi8>, %p: tensor<1x4x4x3xi32>) -> (tensor<1x4x4x8xi32>, tensor<1x4x4x3xi32>) {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %f : tensor<1x9x9x3xi8>, tensor<3x3x3x8xi8>) outs(%o : tensor<1x4x4x8xi32>) -> tensor<1x4x4x8xi32>
  %1 = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %k : tensor<1x9x9x3xi8>, tensor<2x2xi8>) outs(%p : tensor<1x4x4x3xi32>) -> tensor<1x4x4x3xi32>
  return %0, %1 : tensor<1x4x4x8xi32>, tensor<1x4x4x3xi32>
}

// CHECK-LABEL: func.func @structured(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: %mapped = linalg.map { arith.addf } ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>)
// CHECK-NEXT: %mapped_0 = linalg.map ins(%mapped : tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>)
// CHECK-NEXT: (%in: f32, %init: f32) {
// CHECK-NEXT: %[[E:[0-9]+]] = math.exp %in : f32
// CHECK-NEXT: %[[M:[0-9]+]] = arith.mulf %[[E]], %init : f32
// CHECK-NEXT: linalg.yield %[[M]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: %reduced = linalg.reduce { arith.addf } ins(%mapped_0 : tensor<4x8xf32>) outs(%arg2 : tensor<8xf32>) dimensions = [0]
// CHECK-NEXT: %transposed = linalg.transpose ins(%arg1 : tensor<8x4xf32>) outs(%arg0 : tensor<4x8xf32>) permutation = [1, 0]
// CHECK-NEXT: %broadcasted = linalg.broadcast ins(%reduced : tensor<8xf32>) outs(%transposed : tensor<4x8xf32>) dimensions = [0]  {tag}
// CHECK-NEXT: %[[S:[0-9]+]] = linalg.softmax dimension(1) ins(%broadcasted : tensor<4x8xf32>) outs(%arg0 : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[S]] : tensor<4x8xf32>
func.func @structured(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %v: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = linalg.map { arith.addf } ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
  %1 = linalg.map ins(%0 : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
    (%x: f32, %y: f32) {
      %e = math.exp %x : f32
      %m = arith.mulf %e, %y : f32
      linalg.yield %m : f32
    }
  %2 = linalg.reduce { arith.addf } ins(%1 : tensor<4x8xf32>) outs(%v : tensor<8xf32>) dimensions = [0]
  %3 = linalg.transpose ins(%b : tensor<8x4xf32>) outs(%a : tensor<4x8xf32>) permutation = [1, 0]
  %4 = linalg.broadcast ins(%2 : tensor<8xf32>) outs(%3 : tensor<4x8xf32>) dimensions = [0] {tag}
  %5 = linalg.softmax dimension(1) ins(%4 : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %5 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @pack(%arg0: tensor<128x256xf32>, %arg1: tensor<8x16x8x32xf32>, %arg2: f32, %arg3: index, %arg4: tensor<16x8x?x32xf32>) -> tensor<8x16x8x32xf32> {
// CHECK-NEXT: %pack = linalg.pack %arg0 padding_value(%arg2 : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %arg1 : tensor<128x256xf32> -> tensor<8x16x8x32xf32>
// CHECK-NEXT: %pack_0 = linalg.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [%arg3, 32] into %arg4 {foo} : tensor<128x256xf32> -> tensor<16x8x?x32xf32>
// CHECK-NEXT: %unpack = linalg.unpack %pack outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %arg0 : tensor<8x16x8x32xf32> -> tensor<128x256xf32>
// CHECK-NEXT: return %pack : tensor<8x16x8x32xf32>
func.func @pack(%s: tensor<128x256xf32>, %d: tensor<8x16x8x32xf32>, %p: f32, %t: index, %d2: tensor<16x8x?x32xf32>) -> tensor<8x16x8x32xf32> {
  %0 = linalg.pack %s padding_value(%p : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<128x256xf32> -> tensor<8x16x8x32xf32>
  %1 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [%t, 32] into %d2 {foo} : tensor<128x256xf32> -> tensor<16x8x?x32xf32>
  %2 = linalg.unpack %0 outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %s : tensor<8x16x8x32xf32> -> tensor<128x256xf32>
  return %0 : tensor<8x16x8x32xf32>
}

// CHECK-LABEL: func.func @wino(%arg0: tensor<2x3x3x5xf32>, %arg1: tensor<4x4x5x2xf32>, %arg2: tensor<2x10x10x5xf32>, %arg3: tensor<4x4x4x4x2x5xf32>, %arg4: tensor<4x4x2x2x2x2xf32>, %arg5: tensor<2x4x4x2xf32>) -> tensor<4x4x5x2xf32> {
// CHECK-NEXT: %{{[0-9]+}} = linalg.winograd_filter_transform fmr(F_2_3) ins(%arg0 : tensor<2x3x3x5xf32>) outs(%arg1 : tensor<4x4x5x2xf32>) -> tensor<4x4x5x2xf32>
// CHECK-NEXT: %{{[0-9]+}} = linalg.winograd_input_transform fmr(F_2_3) ins(%arg2 : tensor<2x10x10x5xf32>) outs(%arg3 : tensor<4x4x4x4x2x5xf32>) -> tensor<4x4x4x4x2x5xf32>
// CHECK-NEXT: %{{[0-9]+}} = linalg.winograd_output_transform fmr(F_2_3) ins(%arg4 : tensor<4x4x2x2x2x2xf32>) outs(%arg5 : tensor<2x4x4x2xf32>) -> tensor<2x4x4x2xf32>
// CHECK-NEXT: return %{{[0-9]+}} : tensor<4x4x5x2xf32>
func.func @wino(%f: tensor<2x3x3x5xf32>, %i: tensor<4x4x5x2xf32>, %in: tensor<2x10x10x5xf32>, %ii: tensor<4x4x4x4x2x5xf32>, %o: tensor<4x4x2x2x2x2xf32>, %oo: tensor<2x4x4x2xf32>) -> tensor<4x4x5x2xf32> {
  %0 = linalg.winograd_filter_transform fmr(F_2_3) ins(%f : tensor<2x3x3x5xf32>) outs(%i : tensor<4x4x5x2xf32>) -> tensor<4x4x5x2xf32>
  %1 = linalg.winograd_input_transform fmr(F_2_3) ins(%in : tensor<2x10x10x5xf32>) outs(%ii : tensor<4x4x4x4x2x5xf32>) -> tensor<4x4x4x4x2x5xf32>
  %2 = linalg.winograd_output_transform fmr(F_2_3) ins(%o : tensor<4x4x2x2x2x2xf32>) outs(%oo : tensor<2x4x4x2xf32>) -> tensor<2x4x4x2xf32>
  return %0 : tensor<4x4x5x2xf32>
}

// CHECK-LABEL: func.func @bc(%arg0: memref<5xf32>, %arg1: memref<5x7xf32>, %arg2: memref<3x7xf32>, %arg3: memref<2x3x5xf32>, %arg4: memref<5x7xf32>, %arg5: memref<2x3x7xf32>, %arg6: memref<3x7xf32>, %arg7: memref<3x5xf32>, %arg8: memref<2x5x3xf32>, %arg9: memref<3x3xf32>) {
// CHECK-NEXT: linalg.matmul indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}, #map{{[0-9]*}}] ins(%arg0, %arg1 : memref<5xf32>, memref<5x7xf32>) outs(%arg2 : memref<3x7xf32>)
// CHECK-NEXT: linalg.batch_matmul indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}, #map{{[0-9]*}}] ins(%arg3, %arg4 : memref<2x3x5xf32>, memref<5x7xf32>) outs(%arg5 : memref<2x3x7xf32>)
// CHECK-NEXT: linalg.batch_reduce_matmul ins(%arg3, %arg8 : memref<2x3x5xf32>, memref<2x5x3xf32>) outs(%arg9 : memref<3x3xf32>)
// CHECK-NEXT: linalg.contract indexing_maps = [#map{{[0-9]*}}, #map{{[0-9]*}}, #map{{[0-9]*}}] ins(%arg7, %arg1 : memref<3x5xf32>, memref<5x7xf32>) outs(%arg6 : memref<3x7xf32>)
// CHECK-NEXT: return
func.func @bc(%a: memref<5xf32>, %b: memref<5x7xf32>, %c: memref<3x7xf32>, %ba: memref<2x3x5xf32>, %bb: memref<5x7xf32>, %bc: memref<2x3x7xf32>, %r: memref<3x7xf32>, %x: memref<3x5xf32>, %bt: memref<2x5x3xf32>, %y: memref<3x3xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<5xf32>, memref<5x7xf32>) outs(%c : memref<3x7xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%ba, %bb : memref<2x3x5xf32>, memref<5x7xf32>) outs(%bc : memref<2x3x7xf32>)
  linalg.batch_reduce_matmul ins(%ba, %bt : memref<2x3x5xf32>, memref<2x5x3xf32>) outs(%y : memref<3x3xf32>)
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%x, %b : memref<3x5xf32>, memref<5x7xf32>) outs(%r : memref<3x7xf32>)
  return
}
