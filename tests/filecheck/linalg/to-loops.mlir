// The three loop lowerings of structured ops on buffers (upstream's
// convert-linalg-to-loops / -affine-loops / -parallel-loops): strided and
// dilated convolution windows as affine.apply of the canonical map, loop
// extents from the first operand dimension naming the loop (static:
// constants, dynamic: memref.dim in operand order), linalg.index as the
// loop variable, only used payload arguments loaded, scalars used directly.
// RUN: polymlir opt %s --convert-linalg-to-loops | filecheck %s --check-prefix=SCF
// RUN: polymlir opt %s --convert-linalg-to-affine-loops | filecheck %s --check-prefix=AFF
// RUN: polymlir opt %s --convert-linalg-to-parallel-loops | filecheck %s --check-prefix=PAR
// RUN: polymlir opt %s --pass-pipeline="builtin.module(func.func(convert-linalg-to-loops))" | filecheck %s --check-prefix=SCF

func.func @conv(%x: memref<1x9x11x3xf32>, %k: memref<3x3x3x8xf32>, %o: memref<1x4x4x8xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %k : memref<1x9x11x3xf32>, memref<3x3x3x8xf32>) outs(%o : memref<1x4x4x8xf32>)
  return
}
func.func @pool(%x: memref<?x?x?x?xf32>, %k: memref<?x?xf32>, %o: memref<?x?x?x?xf32>) {
  linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %k : memref<?x?x?x?xf32>, memref<?x?xf32>) outs(%o : memref<?x?x?x?xf32>)
  return
}
func.func @index(%o: memref<?x8xindex>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%o : memref<?x8xindex>) {
  ^bb0(%out: index):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    linalg.yield %s : index
  }
  return
}
func.func @reduce_first(%a: memref<?x?x?xf32>, %o: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>],
                  iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a : memref<?x?x?xf32>) outs(%o : memref<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  }
  return
}
func.func @fill(%v: f32, %o: memref<4x?xf32>) {
  linalg.fill ins(%v : f32) outs(%o : memref<4x?xf32>)
  return
}

// SCF-DAG: #[[W0:.*]] = affine_map<(d0, d1) -> (d0 * 2 + d1)>
// SCF-DAG: #[[W1:.*]] = affine_map<(d0, d1) -> (d0 * 2 + d1 * 2)>
// SCF-DAG: #[[P:.*]] = affine_map<(d0, d1) -> (d0 + d1)>
// SCF-LABEL: func.func @conv
// SCF-DAG:     %[[C0:.*]] = arith.constant 0 : index
// SCF-DAG:     %[[C1:.*]] = arith.constant 1 : index
// SCF-DAG:     %[[C3:.*]] = arith.constant 3 : index
// SCF-DAG:     %[[C4:.*]] = arith.constant 4 : index
// SCF-DAG:     %[[C8:.*]] = arith.constant 8 : index
// SCF:         scf.for %[[N:.*]] = %[[C0]] to %[[C1]] step %[[C1]] {
// SCF-NEXT:      scf.for %[[OH:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// SCF-NEXT:        scf.for %[[OW:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// SCF-NEXT:          scf.for %[[F:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// SCF-NEXT:            scf.for %[[KH:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// SCF-NEXT:              scf.for %[[KW:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// SCF-NEXT:                scf.for %[[C:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// SCF-NEXT:                  %[[H:.*]] = affine.apply #[[W0]](%[[OH]], %[[KH]])
// SCF-NEXT:                  %[[W:.*]] = affine.apply #[[W1]](%[[OW]], %[[KW]])
// SCF-NEXT:                  %[[X:.*]] = memref.load %arg0[%[[N]], %[[H]], %[[W]], %[[C]]] : memref<1x9x11x3xf32>
// SCF-NEXT:                  %[[K:.*]] = memref.load %arg1[%[[KH]], %[[KW]], %[[C]], %[[F]]] : memref<3x3x3x8xf32>
// SCF-NEXT:                  %[[O:.*]] = memref.load %arg2[%[[N]], %[[OH]], %[[OW]], %[[F]]] : memref<1x4x4x8xf32>
// SCF-NEXT:                  %[[M:.*]] = arith.mulf %[[X]], %[[K]] : f32
// SCF-NEXT:                  %[[S:.*]] = arith.addf %[[O]], %[[M]] : f32
// SCF-NEXT:                  memref.store %[[S]], %arg2[%[[N]], %[[OH]], %[[OW]], %[[F]]] : memref<1x4x4x8xf32>
// SCF-LABEL: func.func @pool
// SCF:         %[[D0:.*]] = memref.dim %arg0, %{{.*}} : memref<?x?x?x?xf32>
// SCF-NEXT:    %[[D3:.*]] = memref.dim %arg0, %{{.*}} : memref<?x?x?x?xf32>
// SCF-NEXT:    %[[KH:.*]] = memref.dim %arg1, %{{.*}} : memref<?x?xf32>
// SCF-NEXT:    %[[KW:.*]] = memref.dim %arg1, %{{.*}} : memref<?x?xf32>
// SCF-NEXT:    %[[OH:.*]] = memref.dim %arg2, %{{.*}} : memref<?x?x?x?xf32>
// SCF-NEXT:    %[[OW:.*]] = memref.dim %arg2, %{{.*}} : memref<?x?x?x?xf32>
// SCF-NEXT:    scf.for %{{.*}} = %{{.*}} to %[[D0]] step
// SCF-NEXT:      scf.for %{{.*}} = %{{.*}} to %[[OH]] step
// SCF-NEXT:        scf.for %{{.*}} = %{{.*}} to %[[OW]] step
// SCF-NEXT:          scf.for %{{.*}} = %{{.*}} to %[[D3]] step
// SCF-NEXT:            scf.for %{{.*}} = %{{.*}} to %[[KH]] step
// SCF-NEXT:              scf.for %{{.*}} = %{{.*}} to %[[KW]] step
// SCF-NEXT:                affine.apply #[[P]]
// SCF-NEXT:                affine.apply #[[P]]
// SCF-NEXT:                memref.load %arg0
// SCF-NEXT:                memref.load %arg2
// SCF-NEXT:                arith.addf
// SCF-NEXT:                memref.store
// SCF-LABEL: func.func @index
// SCF:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// SCF-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// SCF-NEXT:        %[[S:.*]] = arith.addi %[[I]], %[[J]] : index
// SCF-NEXT:        memref.store %[[S]], %arg0[%[[I]], %[[J]]] : memref<?x8xindex>
// SCF-LABEL: func.func @reduce_first
// SCF:         %[[D0:.*]] = memref.dim %arg0, %{{.*}} : memref<?x?x?xf32>
// SCF-NEXT:    %[[D1:.*]] = memref.dim %arg0, %{{.*}} : memref<?x?x?xf32>
// SCF-NEXT:    %[[D2:.*]] = memref.dim %arg0, %{{.*}} : memref<?x?x?xf32>
// SCF-NEXT:    scf.for %[[R:.*]] = %{{.*}} to %[[D1]] step
// SCF-NEXT:      scf.for %[[I:.*]] = %{{.*}} to %[[D0]] step
// SCF-NEXT:        scf.for %[[J:.*]] = %{{.*}} to %[[D2]] step
// SCF-NEXT:          memref.load %arg0[%[[I]], %[[R]], %[[J]]]
// SCF-LABEL: func.func @fill
// SCF:           scf.for
// SCF-NEXT:        scf.for
// SCF-NEXT:          memref.store %arg0, %arg1[%{{.*}}, %{{.*}}] : memref<4x?xf32>

// AFF-LABEL: func.func @conv
// AFF-NEXT:    affine.for %[[N:.*]] = 0 to 1 {
// AFF-NEXT:      affine.for %[[OH:.*]] = 0 to 4 {
// AFF-NEXT:        affine.for %[[OW:.*]] = 0 to 4 {
// AFF-NEXT:          affine.for %{{.*}} = 0 to 8 {
// AFF-NEXT:            affine.for %[[KH:.*]] = 0 to 3 {
// AFF-NEXT:              affine.for %[[KW:.*]] = 0 to 3 {
// AFF-NEXT:                affine.for %{{.*}} = 0 to 3 {
// AFF-NEXT:                  affine.apply #{{.*}}(%[[OH]], %[[KH]])
// AFF-NEXT:                  affine.apply #{{.*}}(%[[OW]], %[[KW]])
// AFF-NEXT:                  affine.load %arg0
// AFF-LABEL: func.func @pool
// AFF:         %[[D0:.*]] = memref.dim %arg0
// AFF:         affine.for %{{.*}} = 0 to %[[D0]] {
// AFF:                   affine.store
// AFF-LABEL: func.func @index
// AFF:         affine.for %[[I:.*]] = 0 to %{{.*}} {
// AFF-NEXT:      affine.for %[[J:.*]] = 0 to 8 {
// AFF-NEXT:        arith.addi %[[I]], %[[J]] : index
// AFF-LABEL: func.func @fill
// AFF:         affine.for %{{.*}} = 0 to 4 {
// AFF-NEXT:      affine.for %{{.*}} = 0 to %{{.*}} {
// AFF-NEXT:        affine.store %arg0, %arg1

// PAR-LABEL: func.func @conv
// PAR:         scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) = (%[[C0:.*]], %[[C0]], %[[C0]], %[[C0]]) to (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) step
// PAR-NEXT:      scf.for
// PAR-NEXT:        scf.for
// PAR-NEXT:          scf.for
// PAR:           scf.reduce
// PAR-LABEL: func.func @reduce_first
// PAR:         scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// PAR-NEXT:      scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step
// PAR-NEXT:        memref.load %arg0[%[[I]], %[[R]], %[[J]]]
// PAR:             scf.reduce
