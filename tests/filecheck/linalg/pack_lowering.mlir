// RUN: polymlir opt %s --polymlir-lower-pack-unpack | filecheck %s
// RUN: polymlir opt %s --polymlir-lower-pack-unpack | mlir-opt-22 > /dev/null
// REQUIRES: mlir-opt
// linalg.pack / linalg.unpack become a linalg.generic over the destination
// that reads each element of the source at indices computed from
// linalg.index: tile * outer + inner for pack (the padding value past the
// source's end), floordiv/mod by the tile for unpack; dynamic tiles and
// outer_dims_perm included. Execution: tests/unit/test_pack_lowering.py.

// CHECK-LABEL: func.func @pack
// CHECK-SAME:    (%[[SRC:.+]]: tensor<7x16xi32>, %[[DEST:.+]]: tensor<?x16x?x1xi32>, %[[T:.+]]: index)
// CHECK-DAG:     %[[PAD:.+]] = arith.constant 123 : i32
// CHECK-DAG:     %[[D0:.+]] = tensor.dim %[[SRC]], %{{.+}} : tensor<7x16xi32>
// CHECK:         %[[G:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%[[DEST]] : tensor<?x16x?x1xi32>)
// CHECK:           %[[O0:.+]] = linalg.index 0 : index
// CHECK:           %[[I0:.+]] = linalg.index 2 : index
// CHECK:           %[[M:.+]] = arith.muli %[[O0]], %[[T]] : index
// CHECK:           %[[R:.+]] = arith.addi %[[M]], %[[I0]] : index
// CHECK:           arith.cmpi ult, %[[R]], %[[D0]] : index
// CHECK:           %[[V:.+]] = scf.if %{{.+}} -> (i32) {
// CHECK-NEXT:        %[[E:.+]] = tensor.extract %[[SRC]][%[[R]], %{{.+}}] : tensor<7x16xi32>
// CHECK-NEXT:        scf.yield %[[E]] : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[PAD]] : i32
// CHECK:           linalg.yield %[[V]] : i32
// CHECK:         return %[[G]]
// CHECK-NOT:     linalg.pack
func.func @pack(%src: tensor<7x16xi32>, %dest: tensor<?x16x?x1xi32>, %t: index) -> tensor<?x16x?x1xi32> {
  %pad = arith.constant 123 : i32
  %r = linalg.pack %src padding_value(%pad : i32) inner_dims_pos = [0, 1] inner_tiles = [%t, 1] into %dest : tensor<7x16xi32> -> tensor<?x16x?x1xi32>
  return %r : tensor<?x16x?x1xi32>
}

// CHECK-LABEL: func.func @unpack
// CHECK-SAME:    (%[[SRC:.+]]: tensor<4x2x4x8xf32>, %[[DEST:.+]]: tensor<13x15xf32>)
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK:         linalg.generic {{.*}} outs(%[[DEST]] : tensor<13x15xf32>)
// CHECK:           %[[I:.+]] = linalg.index 0 : index
// CHECK:           %[[J:.+]] = linalg.index 1 : index
// CHECK:           %[[JO:.+]] = arith.divui %[[J]], %[[C4]] : index
// CHECK:           %[[JI:.+]] = arith.remui %[[J]], %[[C4]] : index
// CHECK:           %[[IO:.+]] = arith.divui %[[I]], %[[C8]] : index
// CHECK:           %[[II:.+]] = arith.remui %[[I]], %[[C8]] : index
// CHECK:           tensor.extract %[[SRC]][%[[JO]], %[[IO]], %[[JI]], %[[II]]] : tensor<4x2x4x8xf32>
// CHECK-NOT:     linalg.unpack
func.func @unpack(%src: tensor<4x2x4x8xf32>, %dest: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %r = linalg.unpack %src outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %dest : tensor<4x2x4x8xf32> -> tensor<13x15xf32>
  return %r : tensor<13x15xf32>
}
