// RUN: polymlir opt %s --lower-affine | filecheck %s
// RUN: polymlir opt %s --lower-affine | mlir-opt-22 > /dev/null
// RUN: mlir-opt-22 %s --lower-affine | filecheck %s
// REQUIRES: mlir-opt
// lower-affine turns affine.dma_start/dma_wait into memref.dma_start/dma_wait
// as upstream's AffineDmaStartLowering/AffineDmaWaitLowering do: each of the
// three maps expanded on its operands; the element count, the tag and the
// optional stride operands kept (memref.dma_start puts the count before the tag).

// CHECK-LABEL: func.func @dma
// CHECK-SAME: (%[[A:.+]]: memref<256xf32>, %[[I:.+]]: index, %[[N:.+]]: index)
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<32xf32, 1>
// CHECK: %[[TAG:.+]] = memref.alloc() : memref<1xi32>
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[NUM:.+]] = arith.constant 32 : index
// CHECK: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[S:.+]] = arith.addi %[[I]], %[[C4]] : index
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[M:.+]] = arith.muli %[[I]], %[[C2]]
// CHECK-NEXT: %[[D:.+]] = arith.addi %[[M]], %[[N]] : index
// CHECK-NEXT: memref.dma_start %[[A]][%[[S]]], %[[BUF]][%[[D]]], %[[NUM]], %[[TAG]][%[[C0]]] : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
// CHECK-NEXT: %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[T:.+]] = arith.addi %[[C0]], %[[C1]] : index
// CHECK-NEXT: memref.dma_wait %[[TAG]][%[[T]]], %[[NUM]] : memref<1xi32>
// CHECK: memref.dma_start %[[A]][%[[I]]], %[[BUF]][%{{.+}}], %[[NUM]], %[[TAG]][%{{.+}}], %[[ST:.+]], %[[ST]] : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
// CHECK-NOT: affine.
func.func @dma(%A: memref<256xf32>, %i: index, %n: index) {
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %num = arith.constant 32 : index
  affine.dma_start %A[%i + 4], %buf[%i * 2 + symbol(%n)], %tag[%c0], %num : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
  affine.dma_wait %tag[%c0 + 1], %num : memref<1xi32>
  %s = arith.constant 4 : index
  affine.dma_start %A[%i], %buf[0], %tag[0], %num, %s, %s : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
  return
}
