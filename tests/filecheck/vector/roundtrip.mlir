// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s

// CHECK-DAG: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #map1 = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #map2 = affine_map<() -> (0)>
// CHECK-DAG: #map3 = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #map4 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #map5 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #map6 = affine_map<(d0) -> (d0)>
// CHECK-DAG: #map7 = affine_map<(d0) -> ()>
#matmul = {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
#dot = {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>}

// CHECK-LABEL: func.func @transfers(%{{[a-z0-9_#]+}}: memref<?x?xf32>, %{{[a-z0-9_#]+}}: tensor<?x?xf32>, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: vector<4x8xf32>, %{{[a-z0-9_#]+}}: vector<4x8xi1>, %{{[a-z0-9_#]+}}: tensor<f32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transfer_read %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : memref<?x?xf32>, vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transfer_read %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} {in_bounds = [true, false]} : memref<?x?xf32>, vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transfer_read %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {permutation_map = #map} : memref<?x?xf32>, vector<8x4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transfer_read %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} {in_bounds = [true, true], permutation_map = #map1} : tensor<?x?xf32>, vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transfer_read %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : memref<?x?xf32>, vector<f32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transfer_read %{{[a-z0-9_#]+}}[], %{{[a-z0-9_#]+}} {permutation_map = #map2} : tensor<f32>, vector<1xf32>
// CHECK-NEXT: vector.transfer_write %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] {in_bounds = [false, true]} : vector<4x8xf32>, memref<?x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transfer_write %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : vector<4x8xf32>, tensor<?x?xf32>
// CHECK-NEXT: return
func.func @transfers(%m: memref<?x?xf32>, %t: tensor<?x?xf32>, %i: index, %f: f32, %v: vector<4x8xf32>, %mask: vector<4x8xi1>, %t0: tensor<f32>) {
  %0 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<4x8xf32>
  %1 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true, false]} : memref<?x?xf32>, vector<4x8xf32>
  %2 = vector.transfer_read %m[%i, %i], %f, %mask {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<8x4xf32>
  %3 = vector.transfer_read %t[%i, %i], %f {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : tensor<?x?xf32>, vector<4x8xf32>
  %4 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> ()>} : memref<?x?xf32>, vector<f32>
  %5 = vector.transfer_read %t0[], %f {permutation_map = affine_map<() -> (0)>} : tensor<f32>, vector<1xf32>
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [false, true]} : vector<4x8xf32>, memref<?x?xf32>
  %6 = vector.transfer_write %v, %t[%i, %i], %mask : vector<4x8xf32>, tensor<?x?xf32>
  return
}

// CHECK-LABEL: func.func @memory(%{{[a-z0-9_#]+}}: memref<?x?xf32>, %{{[a-z0-9_#]+}}: memref<?xf32>, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: vector<8xf32>, %{{[a-z0-9_#]+}}: vector<8xi1>, %{{[a-z0-9_#]+}}: vector<8xi32>, %{{[a-z0-9_#]+}}: memref<4x8xf32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.load %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.load %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT: vector.store %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] : memref<?x?xf32>, vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.maskedload %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: vector.maskedstore %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : memref<?xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.gather %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] [%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: vector.scatter %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] [%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.expandload %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT: vector.compressstore %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : memref<?xf32>, vector<8xi1>, vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.type_cast %{{[a-z0-9_#]+}} : memref<4x8xf32> to memref<vector<4x8xf32>>
// CHECK-NEXT: return
func.func @memory(%m: memref<?x?xf32>, %m1: memref<?xf32>, %i: index, %w: vector<8xf32>, %mk: vector<8xi1>, %iv: vector<8xi32>, %m2: memref<4x8xf32>) {
  %0 = vector.load %m[%i, %i] : memref<?x?xf32>, vector<8xf32>
  %1 = vector.load %m[%i, %i] {nontemporal = true} : memref<?x?xf32>, vector<8xf32>
  vector.store %w, %m[%i, %i] : memref<?x?xf32>, vector<8xf32>
  %2 = vector.maskedload %m1[%i], %mk, %w : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.maskedstore %m1[%i], %mk, %w : memref<?xf32>, vector<8xi1>, vector<8xf32>
  %3 = vector.gather %m1[%i][%iv], %mk, %w : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.scatter %m1[%i][%iv], %mk, %w : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
  %4 = vector.expandload %m1[%i], %mk, %w : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.compressstore %m1[%i], %mk, %w : memref<?xf32>, vector<8xi1>, vector<8xf32>
  %5 = vector.type_cast %m2 : memref<4x8xf32> to memref<vector<4x8xf32>>
  return
}

// CHECK-LABEL: func.func @elements(%{{[a-z0-9_#]+}}: vector<4x8xf32>, %{{[a-z0-9_#]+}}: vector<8xf32>, %{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: vector<f32>, %{{[a-z0-9_#]+}}: vector<[8]xf32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.broadcast %{{[a-z0-9_#]+}} : f32 to vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.broadcast %{{[a-z0-9_#]+}} : vector<8xf32> to vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.extract %{{[a-z0-9_#]+}}[1] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.extract %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, 2] : f32 from vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.extract %{{[a-z0-9_#]+}}[] : f32 from vector<f32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.insert %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} [%{{[a-z0-9_#]+}}] : vector<8xf32> into vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.insert %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} [1, -1] : f32 into vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.shuffle %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} [0, 8, -1] : vector<8xf32>, vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.shuffle %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} [0, 1] : vector<f32>, vector<f32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.from_elements %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : vector<2xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}}:8 = vector.to_elements %{{[a-z0-9_#]+}} : vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.fma %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : vector<4x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.interleave %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : vector<8xf32> -> vector<16xf32>
// CHECK-NEXT: %res1, %res2 = vector.deinterleave %{{[a-z0-9_#]+}} : vector<8xf32> -> vector<4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.scalable.insert %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[0] : vector<8xf32> into vector<[8]xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.scalable.extract %{{[a-z0-9_#]+}}[8] : vector<8xf32> from vector<[8]xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.step : vector<8xindex>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.vscale
// CHECK-NEXT: return
func.func @elements(%v: vector<4x8xf32>, %w: vector<8xf32>, %f: f32, %i: index, %z: vector<f32>, %sv: vector<[8]xf32>) {
  %0 = vector.broadcast %f : f32 to vector<4x8xf32>
  %1 = vector.broadcast %w : vector<8xf32> to vector<4x8xf32>
  %2 = vector.extract %v[1] : vector<8xf32> from vector<4x8xf32>
  %3 = vector.extract %v[%i, 2] : f32 from vector<4x8xf32>
  %4 = vector.extract %z[] : f32 from vector<f32>
  %5 = vector.insert %w, %v [%i] : vector<8xf32> into vector<4x8xf32>
  %6 = vector.insert %f, %v [1, -1] : f32 into vector<4x8xf32>
  %7 = vector.shuffle %w, %w [0, 8, -1] : vector<8xf32>, vector<8xf32>
  %8 = vector.shuffle %z, %z [0, 1] : vector<f32>, vector<f32>
  %9 = vector.from_elements %f, %f : vector<2xf32>
  %10:8 = vector.to_elements %w : vector<8xf32>
  %11 = vector.fma %v, %v, %v : vector<4x8xf32>
  %12 = vector.interleave %w, %w : vector<8xf32> -> vector<16xf32>
  %13, %14 = vector.deinterleave %w : vector<8xf32> -> vector<4xf32>
  %15 = vector.scalable.insert %w, %sv[0] : vector<8xf32> into vector<[8]xf32>
  %16 = vector.scalable.extract %sv[8] : vector<8xf32> from vector<[8]xf32>
  %17 = vector.step : vector<8xindex>
  %18 = vector.vscale
  return
}

// CHECK-LABEL: func.func @shapes(%{{[a-z0-9_#]+}}: vector<4x8xf32>, %{{[a-z0-9_#]+}}: vector<8xf32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.shape_cast %{{[a-z0-9_#]+}} : vector<4x8xf32> to vector<32xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transpose %{{[a-z0-9_#]+}}, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.bitcast %{{[a-z0-9_#]+}} : vector<8xf32> to vector<16xf16>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.extract_strided_slice %{{[a-z0-9_#]+}} {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.insert_strided_slice %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {offsets = [1, 0], strides = [1]} : vector<8xf32> into vector<4x8xf32>
// CHECK-NEXT: return
func.func @shapes(%v: vector<4x8xf32>, %w: vector<8xf32>) {
  %0 = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>
  %1 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %2 = vector.bitcast %w : vector<8xf32> to vector<16xf16>
  %3 = vector.extract_strided_slice %v {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  %4 = vector.insert_strided_slice %w, %v {offsets = [1, 0], strides = [1]} : vector<8xf32> into vector<4x8xf32>
  return
}

// CHECK-LABEL: func.func @masks(%{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: vector<8xi1>, %{{[a-z0-9_#]+}}: vector<8xf32>, %{{[a-z0-9_#]+}}: memref<?xf32>, %{{[a-z0-9_#]+}}: f32) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.create_mask %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : vector<4x8xi1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.constant_mask [2, 3] : vector<4x8xi1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.constant_mask [0] : vector<[4]xi1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.mask %{{[a-z0-9_#]+}} { vector.reduction <add>, %{{[a-z0-9_#]+}} : vector<8xf32> into f32 } : vector<8xi1> -> f32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.mask %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} { vector.transfer_read %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
// CHECK-NEXT: vector.mask %{{[a-z0-9_#]+}} { vector.transfer_write %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
// CHECK-NEXT: return
func.func @masks(%i: index, %m1: vector<8xi1>, %w: vector<8xf32>, %mem: memref<?xf32>, %f: f32) {
  %0 = vector.create_mask %i, %i : vector<4x8xi1>
  %1 = vector.constant_mask [2, 3] : vector<4x8xi1>
  %2 = vector.constant_mask [0] : vector<[4]xi1>
  %3 = vector.mask %m1 { vector.reduction <add>, %w : vector<8xf32> into f32 } : vector<8xi1> -> f32
  %4 = vector.mask %m1, %w { vector.transfer_read %mem[%i], %f : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  vector.mask %m1 { vector.transfer_write %w, %mem[%i] : vector<8xf32>, memref<?xf32> } : vector<8xi1>
  return
}

// CHECK-LABEL: func.func @reductions(%{{[a-z0-9_#]+}}: vector<4x8xf32>, %{{[a-z0-9_#]+}}: vector<8xf32>, %{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: vector<4xf32>, %{{[a-z0-9_#]+}}: vector<8xf32>, %{{[a-z0-9_#]+}}: vector<4x8xf32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.reduction <add>, %{{[a-z0-9_#]+}} : vector<8xf32> into f32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.reduction <maxnumf>, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} fastmath<fast> : vector<8xf32> into f32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.multi_reduction <add>, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} [0] : vector<4x8xf32> to vector<8xf32>
// CHECK-NEXT: %dest, %accumulated_value = vector.scan <add>, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {inclusive = true, reduction_dim = 0 : i64} : vector<4x8xf32>, vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.outerproduct %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : vector<4xf32>, vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.outerproduct %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {kind = #vector.kind<mul>} : vector<4xf32>, vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.outerproduct %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : vector<4xf32>, f32
// CHECK-NEXT: return
func.func @reductions(%v: vector<4x8xf32>, %w: vector<8xf32>, %f: f32, %a: vector<4xf32>, %b: vector<8xf32>, %c: vector<4x8xf32>) {
  %0 = vector.reduction <add>, %w : vector<8xf32> into f32
  %1 = vector.reduction <maxnumf>, %w, %f fastmath<fast> : vector<8xf32> into f32
  %2 = vector.multi_reduction <add>, %v, %w [0] : vector<4x8xf32> to vector<8xf32>
  %3:2 = vector.scan <add>, %v, %w {inclusive = true, reduction_dim = 0 : i64} : vector<4x8xf32>, vector<8xf32>
  %4 = vector.outerproduct %a, %b : vector<4xf32>, vector<8xf32>
  %5 = vector.outerproduct %a, %b, %c {kind = #vector.kind<mul>} : vector<4xf32>, vector<8xf32>
  %6 = vector.outerproduct %a, %f : vector<4xf32>, f32
  return
}

// CHECK-LABEL: func.func @contractions(%{{[a-z0-9_#]+}}: vector<4x3xf32>, %{{[a-z0-9_#]+}}: vector<3x7xf32>, %{{[a-z0-9_#]+}}: vector<4x7xf32>, %{{[a-z0-9_#]+}}: vector<10xf32>, %{{[a-z0-9_#]+}}: f32) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.contract {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.contract {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} {foo = "bar"} : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.contract {indexing_maps = [#map6, #map6, #map7], iterator_types = ["reduction"], kind = #vector.kind<maxnumf>} %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : vector<10xf32>, vector<10xf32> into f32
// CHECK-NEXT: return
func.func @contractions(%a: vector<4x3xf32>, %b: vector<3x7xf32>, %c: vector<4x7xf32>, %x: vector<10xf32>, %f: f32) {
  %0 = vector.contract #matmul %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  %1 = vector.contract #matmul %a, %b, %c {foo = "bar"} : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
  %2 = vector.contract #dot %x, %x, %f : vector<10xf32>, vector<10xf32> into f32
  return
}

// CHECK-LABEL: func.func @print(%{{[a-z0-9_#]+}}: vector<8xf32>, %{{[a-z0-9_#]+}}: i64) {
// CHECK-NEXT: vector.print %{{[a-z0-9_#]+}} : vector<8xf32>
// CHECK-NEXT: vector.print %{{[a-z0-9_#]+}} : i64 punctuation <comma>
// CHECK-NEXT: vector.print
// CHECK-NEXT: vector.print str "Hello, World!"
// CHECK-NEXT: return
func.func @print(%w: vector<8xf32>, %i: i64) {
  vector.print %w : vector<8xf32>
  vector.print %i : i64 punctuation <comma>
  vector.print punctuation <newline>
  vector.print str "Hello, World!"
  return
}

// CHECK-LABEL: func.func @edge_cases(%{{[a-z0-9_#]+}}: vector<[4]x8xf32>, %{{[a-z0-9_#]+}}: vector<[4]xf32>, %{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: memref<?x?xvector<4xf32>>, %{{[a-z0-9_#]+}}: vector<4xf32>, %{{[a-z0-9_#]+}}: vector<8xi1>, %{{[a-z0-9_#]+}}: vector<8xf32>, %{{[a-z0-9_#]+}}: vector<f32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.extract %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : vector<8xf32> from vector<[4]x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.broadcast %{{[a-z0-9_#]+}} : f32 to vector<[4]x8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.broadcast %{{[a-z0-9_#]+}} : vector<[4]xf32> to vector<2x[4]xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transfer_read %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : memref<?x?xvector<4xf32>>, vector<1x4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transfer_read %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : memref<?x?xvector<4xf32>>, vector<3x4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.mask %{{[a-z0-9_#]+}} { vector.yield %{{[a-z0-9_#]+}} : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: vector.print %{{[a-z0-9_#]+}} : vector<8xf32> punctuation <no_punctuation>
// CHECK-NEXT: vector.print punctuation <close>
// CHECK-NEXT: vector.print punctuation <comma>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.create_mask %{{[a-z0-9_#]+}} : vector<[4]xi1>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.step : vector<[4]xindex>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.shape_cast %{{[a-z0-9_#]+}} : vector<[4]x8xf32> to vector<[32]xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.transpose %{{[a-z0-9_#]+}}, [1, 0] : vector<[4]x8xf32> to vector<8x[4]xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.bitcast %{{[a-z0-9_#]+}} : vector<f32> to vector<i32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.interleave %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : vector<f32> -> vector<2xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.reduction <add>, %{{[a-z0-9_#]+}} : vector<f32> into f32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.from_elements %{{[a-z0-9_#]+}} : vector<f32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = vector.multi_reduction <add>, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} [0] : vector<8xf32> to f32
// CHECK-NEXT: return
func.func @edge_cases(%v: vector<[4]x8xf32>, %s: vector<[4]xf32>, %f: f32, %i: index, %m: memref<?x?xvector<4xf32>>, %pad: vector<4xf32>, %mk: vector<8xi1>, %w: vector<8xf32>, %f2: vector<f32>) {
  %0 = vector.extract %v[%i] : vector<8xf32> from vector<[4]x8xf32>
  %1 = vector.broadcast %f : f32 to vector<[4]x8xf32>
  %2 = vector.broadcast %s : vector<[4]xf32> to vector<2x[4]xf32>
  %3 = vector.transfer_read %m[%i, %i], %pad : memref<?x?xvector<4xf32>>, vector<1x4xf32>
  %4 = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d1)>} : memref<?x?xvector<4xf32>>, vector<3x4xf32>
  %5 = vector.mask %mk { vector.yield %w : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  vector.print punctuation <open>
  vector.print %w : vector<8xf32> punctuation <no_punctuation>
  vector.print punctuation <close>
  vector.print punctuation <comma>
  %6 = vector.create_mask %i : vector<[4]xi1>
  %7 = vector.step : vector<[4]xindex>
  %8 = vector.shape_cast %v : vector<[4]x8xf32> to vector<[32]xf32>
  %9 = vector.transpose %v, [1, 0] : vector<[4]x8xf32> to vector<8x[4]xf32>
  %10 = vector.bitcast %f2 : vector<f32> to vector<i32>
  %11 = vector.interleave %f2, %f2 : vector<f32> -> vector<2xf32>
  %12 = vector.reduction <add>, %f2 : vector<f32> into f32
  %13 = vector.from_elements %f : vector<f32>
  %14 = vector.multi_reduction <add>, %w, %f [0] : vector<8xf32> to f32
  return
}
