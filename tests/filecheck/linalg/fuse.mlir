// RUN: polymlir fuse --func chain --op 3 --sizes 4,5 --producers 0,1,2 %s 2>/dev/null | filecheck %s --check-prefix=CHAIN
// RUN: polymlir fuse --func chain --op 3 --sizes 4,5 --producers 0,1,2 %s 2>/dev/null | mlir-opt-22 > /dev/null
// RUN: polymlir fuse --func convrelu --op 1 --sizes 0,3,4 --producers 0 %s 2>&1 >/dev/null | filecheck %s --check-prefix=RECOMPUTE
// RUN: polymlir fuse --func convrelu --op 1 --sizes 0,3,4 --producers 0 %s 2>/dev/null | filecheck %s --check-prefix=HALO
// RUN: polymlir fuse --func convrelu --op 1 --sizes 0,3,4 --producers 0 %s 2>/dev/null | mlir-opt-22 > /dev/null
// RUN: (! polymlir fuse --func overwrite --op 1 --sizes 4 --producers 0 %s 2>&1) | filecheck %s --check-prefix=ILLEGAL
// RUN: (! polymlir fuse --func chain --op 2 --sizes 4,4 --producers 0 %s 2>&1) | filecheck %s --check-prefix=BETWEEN
// RUN: polymlir fuse --func chain --op 3 --sizes 4,5 --producers 0,1,2 --trace %s 2>&1 >/dev/null | filecheck %s --check-prefix=TRACE

// fill -> matmul -> bias -> relu: one nest; each producer on the slice its
// readers' tile needs (the matmul with its whole reduction).
// CHAIN-LABEL: func.func @chain
// CHAIN: scf.for %[[I:.*]] = %c0 to %c16 step %c4 {
// CHAIN-NEXT: scf.for %[[J:.*]] = %c0 to %c12 step %c5 {
// CHAIN-NEXT: %[[SJ:.*]] = affine.min
// CHAIN-NEXT: %[[C0:.*]] = memref.subview %C[%[[I]], %[[J]]] [4, %[[SJ]]] [1, 1]
// CHAIN-NEXT: linalg.fill ins(%{{.*}} : f64) outs(%[[C0]] :
// CHAIN-NEXT: %[[A:.*]] = memref.subview %A[%[[I]], 0] [4, 8] [1, 1]
// CHAIN-NEXT: %[[B:.*]] = memref.subview %B[0, %[[J]]] [8, %[[SJ]]] [1, 1]
// CHAIN-NEXT: %[[C1:.*]] = memref.subview %C[%[[I]], %[[J]]] [4, %[[SJ]]] [1, 1]
// CHAIN-NEXT: linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[C1]] :
// CHAIN: linalg.generic
// CHAIN: arith.addf
// CHAIN: linalg.generic
// CHAIN: arith.maximumf
// CHAIN: }
// CHAIN-NEXT: }
// CHAIN-NEXT: }
// CHAIN-NEXT: return

// RECOMPUTE: remark: fused 'linalg.generic' at {{.*}}fuse.mlir:79:3 is recomputed on overlapping slices (300 extra instances)

// The relu's slice has the convolution's halo: 3 + 2 rows, 4 + 2 columns.
// HALO-DAG: #[[HALO:.*]] = affine_map<(d0) -> (d0 + 2)>
// HALO-LABEL: func.func @convrelu
// HALO: scf.for %[[H:.*]] = %c0 to %c8 step %c3 {
// HALO-NEXT: scf.for %[[W:.*]] = %c0 to %c9 step %c4 {
// HALO-NEXT: affine.min
// HALO-NEXT: affine.min
// HALO-NEXT: %[[RS:.*]] = affine.min {{.*}}(%[[H]])
// HALO-NEXT: %[[CS:.*]] = affine.min {{.*}}(%[[W]])
// HALO: memref.subview %I[0, %[[H]], %[[W]], 0] [1, %[[RS]], %[[CS]], 3] [1, 1, 1, 1]
// HALO: linalg.generic
// HALO: affine.apply #[[HALO]]
// HALO: linalg.conv_2d_nhwc_hwcf

// A later tile of the consumer would overwrite what the producer still reads.
// ILLEGAL: fuse.mlir:93:3: error: cannot fuse 'linalg.generic'
// ILLEGAL-SAME: the fused order would reverse the anti dependence from linalg.generic
// ILLEGAL-SAME: e.g. iteration [7] would run after [0]

// BETWEEN: error: cannot fuse 'linalg.fill'
// BETWEEN-SAME: 'linalg.matmul' at {{.*}} between them depends on it (flow dependence from linalg.fill

// TRACE: [{"op": "fuse_linalg", "loops": [], "linalg_op": 3, "producers": [0, 1, 2], "sizes": [4, 5]}]

func.func @chain(%A: memref<16x8xf64>, %B: memref<8x12xf64>, %bias: memref<12xf64>, %C: memref<16x12xf64>, %D: memref<16x12xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%C : memref<16x12xf64>)
  linalg.matmul ins(%A, %B : memref<16x8xf64>, memref<8x12xf64>) outs(%C : memref<16x12xf64>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%C, %bias : memref<16x12xf64>, memref<12xf64>) outs(%D : memref<16x12xf64>) {
  ^bb0(%c: f64, %b: f64, %d: f64):
    %s = arith.addf %c, %b : f64
    linalg.yield %s : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%D : memref<16x12xf64>) outs(%D : memref<16x12xf64>) {
  ^bb0(%x: f64, %y: f64):
    %r = arith.maximumf %x, %zero : f64
    linalg.yield %r : f64
  }
  return
}

func.func @convrelu(%I: memref<1x10x11x3xf32>, %F: memref<3x3x3x4xf32>, %O: memref<1x8x9x4xf32>, %T: memref<1x10x11x3xf32>) {
  linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%I : memref<1x10x11x3xf32>) outs(%T : memref<1x10x11x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %a, %z : f32
    linalg.yield %r : f32
  }
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%T, %F : memref<1x10x11x3xf32>, memref<3x3x3x4xf32>) outs(%O : memref<1x8x9x4xf32>)
  return
}

func.func @overwrite(%A: memref<8xf64>, %B: memref<8xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%A : memref<8xf64>) outs(%B : memref<8xf64>) {
  ^bb0(%a: f64, %b: f64):
    %r = arith.addf %a, %a : f64
    linalg.yield %r : f64
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (7 - i)>], iterator_types = ["parallel"]}
      ins(%B : memref<8xf64>) outs(%A : memref<8xf64>) {
  ^bb0(%b: f64, %a: f64):
    linalg.yield %b : f64
  }
  return
}
