// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

#lb = affine_map<(d0)[s0] -> (d0 + s0, 5)>
#ub = affine_map<()[s0, s1] -> (s1)>
#set = affine_set<(d0)[s0] : (d0 - 10 >= 0, s0 - d0 - 9 >= 0)>

// CHECK-DAG: #[[LB:.*]] = affine_map<(d0)[s0] -> (d0 + s0, 5)>
// CHECK-DAG: #[[UB:.*]] = affine_map<()[s0, s1] -> (s1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[MIN100:.*]] = affine_map<(d0) -> (d0, 100)>
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0)[s0] : (d0 - 10 >= 0, -d0 + s0 - 9 >= 0)>
// CHECK-DAG: #[[EQ0:.*]] = affine_set<(d0) : (d0 == 0)>
// CHECK-DAG: #[[TRUE:.*]] = affine_set<() : (0 == 0)>
// CHECK-DAG: #[[APPLY:.*]] = affine_map<(d0, d1)[s0] -> (d0 * 2 + d1 - s0)>
// CHECK-DAG: #[[MINMAP:.*]] = affine_map<()[s0] -> (s0, 10)>
// CHECK-DAG: #[[MAXMAP:.*]] = affine_map<(d0) -> (d0, 10)>

// CHECK-LABEL: func.func @loops(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) {
// CHECK-NEXT:   affine.for %arg3 = -5 to %arg1 step 3 {
// CHECK-NEXT:     affine.for %arg4 = max #[[LB]](%arg3)[%arg1] to #[[UB]]()[%arg1, %arg2] {
// CHECK-NEXT:       affine.for %arg5 = #[[ID]](%arg3) to %arg2 {
// CHECK-NEXT:         %{{[0-9a-z_]+}} = affine.load %arg0[%arg3 + %arg4, symbol(%arg1) floordiv 4] : memref<?x?xf32>
// CHECK-NEXT:         affine.store %{{[0-9a-z_]+}}, %arg0[%arg5 * 2 - 1, 3] {nontemporal} : memref<?x?xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   } {loop_attr = "outer"}
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @loops(%A: memref<?x?xf32>, %N: index, %M: index) {
  affine.for %i = -5 to %N step 3 {
    affine.for %j = max #lb(%i)[%N] to #ub()[%N, %M] {
      affine.for %k = affine_map<(d0) -> (d0)>(%i) to affine_map<()[s0] -> (s0)>()[%M] {
        %v = affine.load %A[%i + %j, symbol(%N) floordiv 4] : memref<?x?xf32>
        affine.store %v, %A[%k * 2 - 1, 3] {nontemporal} : memref<?x?xf32>
      }
    }
  } {loop_attr = "outer"}
  return
}

// CHECK-LABEL: func.func @iter_args(%arg0: memref<1024xf32>, %arg1: f32, %arg2: index) -> f32 {
// CHECK-NEXT:   %{{[0-9a-z_]+}} = affine.for %arg3 = 0 to 10 step 2 iter_args(%arg4 = %arg1) -> (f32) {
// CHECK-NEXT:     %{{[0-9a-z_]+}} = affine.load %arg0[%arg3] : memref<1024xf32>
// CHECK-NEXT:     %{{[0-9a-z_]+}} = arith.addf %arg4, %{{[0-9a-z_]+}} : f32
// CHECK-NEXT:     affine.yield %{{[0-9a-z_]+}} : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %{{[0-9a-z_]+}}:2 = affine.for %arg3 = 0 to min #[[MIN100]](%arg2) iter_args(%arg4 = %{{[0-9a-z_]+}}, %arg5 = %arg1) -> (f32, f32) {
// CHECK-NEXT:     affine.yield %arg5, %arg4 : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   return %{{[0-9a-z_]+}}#0 : f32
// CHECK-NEXT: }
func.func @iter_args(%A: memref<1024xf32>, %init: f32, %N: index) -> f32 {
  %sum = affine.for %i = 0 to 10 step 2 iter_args(%acc = %init) -> f32 {
    %t = affine.load %A[%i] : memref<1024xf32>
    %n = arith.addf %acc, %t : f32
    affine.yield %n : f32
  }
  %r:2 = affine.for %i = 0 to min affine_map<(d0) -> (d0, 100)>(%N) iter_args(%a = %sum, %b = %init) -> (f32, f32) {
    affine.yield %b, %a : f32, f32
  }
  return %r#0 : f32
}

// CHECK-LABEL: func.func @conditionals(%arg0: index, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT:   %{{[0-9a-z_]+}} = affine.if #[[SET]](%arg0)[%arg1] -> f32 {
// CHECK-NEXT:     affine.yield %arg2 : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     affine.yield %arg2 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.if #[[EQ0]](%arg0) {
// CHECK-NEXT:     "test.then"() : () -> ()
// CHECK-NEXT:   } else {
// CHECK-NEXT:     "test.else"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.if #[[TRUE]]() {
// CHECK-NEXT:   } {some_attr = true}
// CHECK-NEXT:   return %{{[0-9a-z_]+}} : f32
// CHECK-NEXT: }
func.func @conditionals(%N: index, %M: index, %f: f32) -> f32 {
  %r = affine.if #set(%N)[%M] -> f32 {
    affine.yield %f : f32
  } else {
    affine.yield %f : f32
  }
  affine.if affine_set<(d0) : (d0 == 0)>(%N) {
    "test.then"() : () -> ()
  } else {
    "test.else"() : () -> ()
  }
  affine.if affine_set<() : ()>() {
  } {some_attr = true}
  return %r : f32
}

// CHECK-LABEL: func.func @parallel(%arg0: memref<100x100xf32>, %arg1: index, %arg2: index) -> f32 {
// CHECK-NEXT:   %{{[0-9a-z_]+}} = affine.parallel (%arg3, %arg4) = (0, max(%arg1 * 2, symbol(%arg2))) to (%arg1 + %arg2, min(symbol(%arg1), %arg2 * 3)) step (2, 3) reduce ("maximumf") -> (f32) {
// CHECK-NEXT:     %{{[0-9a-z_]+}} = affine.load %arg0[%arg3, %arg4] : memref<100x100xf32>
// CHECK-NEXT:     affine.yield %{{[0-9a-z_]+}} : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.parallel (%arg3) = (0) to (symbol(%arg1)) {
// CHECK-NEXT:   } {foo}
// CHECK-NEXT:   affine.parallel () = () to () {
// CHECK-NEXT:   }
// CHECK-NEXT:   return %{{[0-9a-z_]+}} : f32
// CHECK-NEXT: }
func.func @parallel(%A: memref<100x100xf32>, %N: index, %M: index) -> f32 {
  %r = affine.parallel (%i, %j) = (0, max(%N * 2, symbol(%M))) to (%N + %M, min(symbol(%N), 3 * %M)) step (2, 3) reduce ("maximumf") -> (f32) {
    %v = affine.load %A[%i, %j] : memref<100x100xf32>
    affine.yield %v : f32
  }
  affine.parallel (%i) = (0) to (symbol(%N)) {
  } {foo}
  affine.parallel () = () to () {
  }
  return %r : f32
}

// CHECK-LABEL: func.func @maps(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) -> index {
// CHECK-NEXT:   %{{[0-9a-z_]+}} = affine.apply #[[APPLY]](%arg1, %arg2)[%arg1]
// CHECK-NEXT:   %{{[0-9a-z_]+}} = affine.min #[[MINMAP]]()[%arg1]
// CHECK-NEXT:   %{{[0-9a-z_]+}} = affine.max #[[MAXMAP]](%{{[0-9a-z_]+}})
// CHECK-NEXT:   %{{[0-9a-z_]+}} = affine.vector_load %arg0[%arg1 * 2, symbol(%arg2) mod 4] : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   affine.vector_store %{{[0-9a-z_]+}}, %arg0[%arg1, 0] : memref<?x?xf32>, vector<4xf32>
// CHECK-NEXT:   affine.prefetch %arg0[%arg1, %arg2 + 5], read, locality<3>, data : memref<?x?xf32>
// CHECK-NEXT:   affine.prefetch %arg0[%arg1, %arg2], write, locality<0>, instr {hint} : memref<?x?xf32>
// CHECK-NEXT:   return %{{[0-9a-z_]+}} : index
// CHECK-NEXT: }
func.func @maps(%A: memref<?x?xf32>, %N: index, %M: index) -> index {
  %a = affine.apply affine_map<(d0, d1)[s0] -> (d0 * 2 + d1 - s0)>(%N, %M)[%N]
  %b = affine.min affine_map<()[s0] -> (s0, 10)>()[%N]
  %c = affine.max affine_map<(d0) -> (d0, 10)>(%a)
  %v = affine.vector_load %A[%N * 2, symbol(%M) mod 4] : memref<?x?xf32>, vector<4xf32>
  affine.vector_store %v, %A[%N, 0] : memref<?x?xf32>, vector<4xf32>
  affine.prefetch %A[%N, %M + 5], read, locality<3>, data : memref<?x?xf32>
  affine.prefetch %A[%N, %M], write, locality<0>, instr {hint} : memref<?x?xf32>
  return %c : index
}

// CHECK-LABEL: func.func @index_ops(%arg0: index, %arg1: index) -> (index, index) {
// CHECK-NEXT:   %{{[0-9a-z_]+}}:2 = affine.delinearize_index %arg0 into (%arg1, 8) : index, index
// CHECK-NEXT:   %{{[0-9a-z_]+}}:3 = affine.delinearize_index %arg0 into (4, 8) : index, index, index
// CHECK-NEXT:   %{{[0-9a-z_]+}} = affine.linearize_index disjoint [%{{[0-9a-z_]+}}#0, %{{[0-9a-z_]+}}#1] by (%arg1, 8) : index
// CHECK-NEXT:   %{{[0-9a-z_]+}} = affine.linearize_index [%{{[0-9a-z_]+}}#0, %{{[0-9a-z_]+}}#1, %{{[0-9a-z_]+}}#2] by (4, 8) : index
// CHECK-NEXT:   return %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}} : index, index
// CHECK-NEXT: }
func.func @index_ops(%i: index, %b: index) -> (index, index) {
  %d:2 = affine.delinearize_index %i into (%b, 8) : index, index
  %e:3 = affine.delinearize_index %i into (4, 8) : index, index, index
  %l = affine.linearize_index disjoint [%d#0, %d#1] by (%b, 8) : index
  %m = affine.linearize_index [%e#0, %e#1, %e#2] by (4, 8) : index
  return %l, %m : index, index
}

// CHECK-LABEL: func.func @dma(%arg0: memref<100x100xf32>, %arg1: memref<100x100xf32, 2>, %arg2: memref<1xi32>) {
// CHECK-NEXT:   %{{[0-9a-z_]+}} = arith.constant 0 : index
// CHECK-NEXT:   %{{[0-9a-z_]+}} = arith.constant 64 : index
// CHECK-NEXT:   affine.for %arg3 = 0 to 10 {
// CHECK-NEXT:     affine.dma_start %arg0[%arg3, %arg3 + 1], %arg1[%arg3, 0], %arg2[%{{[0-9a-z_]+}}], %{{[0-9a-z_]+}} : memref<100x100xf32>, memref<100x100xf32, 2>, memref<1xi32>
// CHECK-NEXT:     affine.dma_start %arg0[%arg3, 0], %arg1[0, %arg3], %arg2[%{{[0-9a-z_]+}}], %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}} : memref<100x100xf32>, memref<100x100xf32, 2>, memref<1xi32>
// CHECK-NEXT:     affine.dma_wait %arg2[%{{[0-9a-z_]+}}], %{{[0-9a-z_]+}} : memref<1xi32>
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
func.func @dma(%src: memref<100x100xf32>, %dst: memref<100x100xf32, 2>, %tag: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  affine.for %i = 0 to 10 {
    affine.dma_start %src[%i, %i + 1], %dst[%i, 0], %tag[%c0], %c64 : memref<100x100xf32>, memref<100x100xf32, 2>, memref<1xi32>
    affine.dma_start %src[%i, 0], %dst[0, %i], %tag[%c0], %c64, %c64, %c64 : memref<100x100xf32>, memref<100x100xf32, 2>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c64 : memref<1xi32>
  }
  return
}
