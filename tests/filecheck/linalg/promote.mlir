// RUN: polymlir promote --func mm --op 0 --sizes 4,0,5 --operands 0,2 --alignment 64 --memory-space 3 %s | filecheck %s --check-prefix=MM
// RUN: polymlir promote --func mm --op 0 --sizes 4,0,5 --operands 0,2 --alignment 64 --memory-space 3 %s | mlir-opt-22 > /dev/null
// RUN: polymlir promote --func inplace --op 0 --sizes 4,4 --operands 1 %s | filecheck %s --check-prefix=INPLACE
// RUN: (! polymlir promote --func reversed --op 0 --sizes 4 --operands 1 %s 2>&1) | filecheck %s --check-prefix=ALIAS
// RUN: (! polymlir promote --func mm --op 0 --sizes 4 --operands 5 %s 2>&1) | filecheck %s --check-prefix=RANGE

// Full-tile static buffers (4x5 for the 4x5 tiles of A, 4x7 for C's rows),
// a subview of them for partial tiles, copy-in, compute, copy-out, dealloc.
// MM-LABEL: func.func @mm
// MM: %[[SI:.*]] = affine.min
// MM-NEXT: %[[SK:.*]] = affine.min
// MM-NEXT: %[[A:.*]] = memref.subview %A
// MM-NEXT: %[[B:.*]] = memref.subview %B
// MM-NEXT: %[[C:.*]] = memref.subview %C
// MM-NEXT: %[[BUFA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x5xf64, 3>
// MM-NEXT: %[[LA:.*]] = memref.subview %[[BUFA]][0, 0] [%[[SI]], %[[SK]]] [1, 1] : memref<4x5xf64, 3> to memref<?x?xf64, strided<[5, 1]>, 3>
// MM-NEXT: memref.copy %[[A]], %[[LA]]
// MM-NEXT: %[[BUFC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x7xf64, 3>
// MM-NEXT: %[[LC:.*]] = memref.subview %[[BUFC]][0, 0] [%[[SI]], 7] [1, 1]
// MM-NEXT: memref.copy %[[C]], %[[LC]]
// MM-NEXT: linalg.matmul ins(%[[LA]], %[[B]] : {{.*}}) outs(%[[LC]] :
// MM-NEXT: memref.dealloc %[[BUFA]]
// MM-NEXT: memref.copy %[[LC]], %[[C]]
// MM-NEXT: memref.dealloc %[[BUFC]]

// An output the payload does not read is not copied in.
// INPLACE-LABEL: func.func @inplace
// INPLACE: %[[BUF:.*]] = memref.alloc() {alignment = 16 : i64} : memref<4x4xf64>
// INPLACE-NOT: memref.copy %{{.*}}, %[[BUF]]
// INPLACE: linalg.generic {{.*}} outs(%[[BUF]] : memref<4x4xf64>)
// INPLACE-NEXT: ^bb0
// INPLACE: memref.copy %[[BUF]], %{{.*}}
// INPLACE-NEXT: memref.dealloc %[[BUF]]

// ALIAS: error: cannot promote output 1 of 'linalg.generic'
// ALIAS-SAME: operand 0 is the same buffer and the anti dependence

// RANGE: error: operand 5 is out of range: 'linalg.matmul' at {{.*}} has 3 operands

func.func @mm(%A: memref<10x13xf64>, %B: memref<13x7xf64>, %C: memref<10x7xf64>) {
  linalg.matmul ins(%A, %B : memref<10x13xf64>, memref<13x7xf64>) outs(%C : memref<10x7xf64>)
  return
}

func.func @inplace(%A: memref<8x8xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<8x8xf64>) outs(%A : memref<8x8xf64>) {
  ^bb0(%a: f64, %b: f64):
    %r = arith.addf %a, %a : f64
    linalg.yield %r : f64
  }
  return
}

func.func @reversed(%A: memref<8xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (7 - i)>], iterator_types = ["parallel"]}
      ins(%A : memref<8xf64>) outs(%A : memref<8xf64>) {
  ^bb0(%a: f64, %b: f64):
    linalg.yield %a : f64
  }
  return
}
