// The affine document's `for`/`if` (2019) and bare affine maps and sets,
// read and printed as today's affine ops and affine_map<...> attributes.
// RUN: polymlir opt %s | filecheck %s
// RUN: polymlir opt %s | polymlir opt | filecheck %s
// RUN: polymlir opt %s --mlir-print-op-generic | polymlir opt | filecheck %s

// CHECK-DAG: #[[REV:.*]] = affine_map<(d0)[s0] -> (-d0 + s0 - 1)>
// CHECK-DAG: #[[PLUS:.*]] = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-DAG: #[[SET:.*]] = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, -d0 + s0 - 9 >= 0, d1 - 10 >= 0, -d1 + s0 - 9 >= 0)>
#map57 = (d0)[s0] -> (s0 - d0 - 1)
#set = (d0, d1)[s0] : (d0 - 10 >= 0, s0 - d0 - 9 >= 0,
                      d1 - 10 >= 0, s0 - d1 - 9 >= 0)

// CHECK-LABEL: func.func @simple_example(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>) {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[N:.*]] = memref.dim %arg0, %[[C0]] : memref<?x?xf32>
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to %[[N]] {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to %[[N]] {
// CHECK-NEXT:        %[[R:.*]] = affine.apply #[[REV]](%[[J]])[%[[N]]]
// CHECK-NEXT:        %[[P:.*]] = affine.apply #[[PLUS]](%[[I]])[%[[N]]]
// CHECK-NEXT:        affine.if #[[SET]](%[[I]], %[[J]])[%[[N]]] {
// CHECK-NEXT:          %{{.*}} = func.call @F1(%arg0, %[[I]], %[[R]]) : (memref<?x?xf32>, index, index) -> f32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          %{{.*}} = affine.load %arg1[%[[P]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func @simple_example(%A: memref<?x?xf32>, %B: memref<?x?xf32>) {
  %N = dim %A, 0 : memref<?x?xf32>
  for %i = 0 to %N step 1 {
    for %j = 0 to %N {   // implicitly steps by 1
      %0 = affine.apply #map57(%j)[%N]
      %1 = affine.apply (i)[s0] -> (i+s0) (%i)[%N]
      if #set(%i, %j)[%N] {
        %tmp = call @F1(%A, %i, %0) : (memref<?x?xf32>, index, index)->(f32)
        affine.terminator
      } else {
        %v = affine.load %B[%1, %j] : memref<?x?xf32>
      }
    }
  }
  return
}
// CHECK-LABEL: func.func private @F1(memref<?x?xf32>, index, index) -> f32
func @F1(memref<?x?xf32>, index, index) -> f32
