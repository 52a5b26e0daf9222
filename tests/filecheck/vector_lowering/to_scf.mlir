// convert-vector-to-scf: permutation maps, n-D transfers through stack
// buffers and loops, strided 1-D transfers through scalar loops.
// RUN: polymlir opt %s --convert-vector-to-scf | filecheck %s
// RUN: polymlir opt %s --convert-vector-to-scf="full-unroll=true" | filecheck %s --check-prefix=UNROLL
// RUN: polymlir opt %s --convert-vector-to-scf | polymlir opt | filecheck %s

// A 2-D read: buffer + type_cast, one 1-D read per row, out-of-bounds rows
// get the padding; ops as upstream makes them (constants at the top, the
// row index an affine.apply, made again inside the scf.if).
// CHECK-LABEL: func.func @read_2d(
// CHECK-DAG:     %[[PAD:.*]] = arith.constant dense<-4.200000e+01> : vector<9xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[BUF:.*]] = memref.alloca() : memref<vector<4x9xf32>>
// CHECK:         %[[MBUF:.*]] = memref.alloca() : memref<vector<4x9xi1>>
// CHECK:         memref.store %arg3, %[[MBUF]][] : memref<vector<4x9xi1>>
// CHECK:         %[[CAST:.*]] = vector.type_cast %[[BUF]] : memref<vector<4x9xf32>> to memref<4xvector<9xf32>>
// CHECK:         %[[MCAST:.*]] = vector.type_cast %[[MBUF]] : memref<vector<4x9xi1>> to memref<4xvector<9xi1>>
// CHECK:         scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[D:.*]] = memref.dim %arg0, %[[C0]] : memref<?x?xf32>
// CHECK:           %[[I:.*]] = affine.apply #{{.*}}(%[[IV]])[%arg1]
// CHECK:           %[[C:.*]] = arith.cmpi sgt, %[[D]], %[[I]] : index
// CHECK:           scf.if %[[C]] {
// CHECK:             %[[MROW:.*]] = memref.load %[[MCAST]][%[[IV]]] : memref<4xvector<9xi1>>
// CHECK:             %[[R:.*]] = vector.transfer_read %arg0[%{{.*}}, %arg2], %{{.*}}, %[[MROW]] : memref<?x?xf32>, vector<9xf32>
// CHECK:             memref.store %[[R]], %[[CAST]][%[[IV]]] : memref<4xvector<9xf32>>
// CHECK:           } else {
// CHECK:             memref.store %[[PAD]], %[[CAST]][%[[IV]]] : memref<4xvector<9xf32>>
// CHECK:         %[[RES:.*]] = memref.load %[[BUF]][] : memref<vector<4x9xf32>>
// CHECK:         return %[[RES]] : vector<4x9xf32>
// UNROLL-LABEL: func.func @read_2d(
// UNROLL-NOT:     scf.for
// UNROLL-COUNT-4: vector.transfer_read %arg0[%{{.*}}, %arg2], %{{.*}}, %{{.*}} : memref<?x?xf32>, vector<9xf32>
// UNROLL:         vector.insert %{{.*}}, %{{.*}} [3] : vector<9xf32> into vector<4x9xf32>
func.func @read_2d(%A : memref<?x?xf32>, %i: index, %j: index, %m: vector<4x9xi1>) -> vector<4x9xf32> {
  %p = arith.constant -42.0: f32
  %f = vector.transfer_read %A[%i, %j], %p, %m : memref<?x?xf32>, vector<4x9xf32>
  return %f : vector<4x9xf32>
}

// Broadcast and transposition: read the used dim, then broadcast + transpose.
// CHECK-LABEL: func.func @read_broadcast_transposed(
// CHECK:         %[[R:.*]] = vector.transfer_read %arg0[%arg1, %arg2], %{{.*}} : memref<?x?xf32>, vector<4xf32>
// CHECK:         %[[B:.*]] = vector.broadcast %[[R]] : vector<4xf32> to vector<9x4xf32>
// CHECK:         %[[T:.*]] = vector.transpose %[[B]], [1, 0] : vector<9x4xf32> to vector<4x9xf32>
// CHECK:         return %[[T]]
func.func @read_broadcast_transposed(%A : memref<?x?xf32>, %i: index, %j: index) -> vector<4x9xf32> {
  %p = arith.constant -42.0: f32
  %f = vector.transfer_read %A[%i, %j], %p {permutation_map = affine_map<(d0, d1) -> (d1, 0)>, in_bounds = [false, true]} : memref<?x?xf32>, vector<4x9xf32>
  return %f : vector<4x9xf32>
}

// A transposing write transposes its value, then writes row by row.
// CHECK-LABEL: func.func @write_transposed(
// CHECK:         %[[T:.*]] = vector.transpose %arg0, [1, 0] : vector<3x2xf32> to vector<2x3xf32>
// CHECK:         memref.store %[[T]], %{{.*}}[] : memref<vector<2x3xf32>>
// CHECK:         scf.for
// CHECK:           vector.transfer_write %{{.*}}, %arg1[%{{.*}}, %{{.*}}] {in_bounds = [true]} : vector<3xf32>, memref<?x?xf32>
func.func @write_transposed(%v: vector<3x2xf32>, %A: memref<?x?xf32>, %i: index) {
  vector.transfer_write %v, %A[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, d0)>, in_bounds = [true, false]} : vector<3x2xf32>, memref<?x?xf32>
  return
}

// Reading along a non-minor dim: a loop of guarded scalar loads.
// CHECK-LABEL: func.func @read_strided(
// CHECK:         %[[INIT:.*]] = arith.constant dense<0.000000e+00> : vector<5xf32>
// CHECK:         %[[L:.*]] = scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<5xf32>) {
// CHECK:           %[[I:.*]] = affine.apply #{{.*}}(%[[IV]])[%arg1]
// CHECK:           %[[D:.*]] = memref.dim %arg0, %{{.*}} : memref<?x?xf32>
// CHECK:           %[[C:.*]] = arith.cmpi sgt, %[[D]], %[[I]] : index
// CHECK:           %[[M:.*]] = vector.extract %arg3[%[[IV]]] : i1 from vector<5xi1>
// CHECK:           %[[CM:.*]] = arith.andi %[[C]], %[[M]] : i1
// CHECK:           scf.if %[[CM]] -> (vector<5xf32>) {
// CHECK:             %[[E:.*]] = memref.load %arg0[%[[I]], %arg2] : memref<?x?xf32>
// CHECK:             %[[N:.*]] = vector.insert %[[E]], %[[ACC]] [%[[IV]]] : f32 into vector<5xf32>
// CHECK:             scf.yield %[[N]] : vector<5xf32>
// CHECK:           } else {
// CHECK:             scf.yield %[[ACC]] : vector<5xf32>
// CHECK:         return %[[L]]
func.func @read_strided(%A : memref<?x?xf32>, %i: index, %j: index, %m: vector<5xi1>) -> vector<5xf32> {
  %p = arith.constant 0.0 : f32
  %f = vector.transfer_read %A[%i, %j], %p, %m {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<5xf32>
  return %f : vector<5xf32>
}

// 1-D minor-identity transfers are left for convert-vector-to-llvm.
// CHECK-LABEL: func.func @read_1d(
// CHECK-NEXT:    %{{.*}} = arith.constant
// CHECK-NEXT:    %{{.*}} = vector.transfer_read %arg0[%arg1, %arg1], %{{.*}} : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT:    return
func.func @read_1d(%A : memref<?x?xf32>, %i: index) -> vector<8xf32> {
  %p = arith.constant 0.0 : f32
  %f = vector.transfer_read %A[%i, %i], %p : memref<?x?xf32>, vector<8xf32>
  return %f : vector<8xf32>
}
