// linalg-generalize-named-ops and linalg-specialize-generic-ops (upstream's
// passes); tests/transforms/test_linalg_upstream.py compares every named op
// with mlir-opt-22.
// RUN: polymlir opt %s --linalg-generalize-named-ops | filecheck %s
// RUN: polymlir opt %s --linalg-generalize-named-ops --linalg-specialize-generic-ops | filecheck %s --check-prefix=BACK

func.func @ops(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>, %s: f32,
               %x: memref<1x9x9x3xf32>, %k: memref<3x3x3x8xf32>, %o: memref<1x4x4x8xf32>, %t: memref<8x4xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.fill ins(%s : f32) outs(%c : memref<4x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %k : memref<1x9x9x3xf32>, memref<3x3x3x8xf32>) outs(%o : memref<1x4x4x8xf32>)
  linalg.transpose ins(%a : memref<4x8xf32>) outs(%t : memref<8x4xf32>) permutation = [1, 0]
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
    ins(%t, %b : memref<8x4xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[CI:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
// CHECK-LABEL: func.func @ops
// CHECK:       linalg.generic {indexing_maps = [#[[A]], #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>) {
// CHECK-NEXT:  ^bb0(%[[IN:.*]]: f32, %[[IN2:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %[[IN]], %[[IN2]] : f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[OUT]], %[[M]] : f32
// CHECK-NEXT:    linalg.yield %[[S]] : f32
// CHECK:       linalg.generic {{.*}} ins(%arg3 : f32) outs(%arg2 : memref<4x16xf32>)
// CHECK:       linalg.generic {indexing_maps = [#[[CI]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-NOT:   linalg.matmul

// BACK-LABEL: func.func @ops
// BACK-NEXT:    linalg.matmul ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>)
// BACK-NEXT:    linalg.fill ins(%arg3 : f32) outs(%arg2 : memref<4x16xf32>)
// BACK-NEXT:    linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg4, %arg5
// BACK-NEXT:    linalg.transpose ins(%arg0 : memref<4x8xf32>) outs(%arg7 : memref<8x4xf32>) permutation = [1, 0]
// BACK-NEXT:    linalg.matmul indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}] ins(%arg7, %arg1

// A vector is one value of the iteration (rank 0), as upstream reads it: a
// fill of a tensor of vectors generalizes with the scalar map.
// CHECK-LABEL: func.func @fill_vector_elements(
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}], iterator_types = ["parallel"]} ins(%{{.+}} : vector<2x4xf32>) outs(%{{.+}} : tensor<3xvector<2x4xf32>>)
// CHECK-NEXT:    ^bb0(%[[IN:.+]]: vector<2x4xf32>, %{{.+}}: vector<2x4xf32>):
// CHECK-NEXT:      linalg.yield %[[IN]] : vector<2x4xf32>
func.func @fill_vector_elements(%v: vector<2x4xf32>) -> tensor<3xvector<2x4xf32>> {
  %e = tensor.empty() : tensor<3xvector<2x4xf32>>
  %0 = linalg.fill ins(%v : vector<2x4xf32>) outs(%e : tensor<3xvector<2x4xf32>>) -> tensor<3xvector<2x4xf32>>
  return %0 : tensor<3xvector<2x4xf32>>
}
