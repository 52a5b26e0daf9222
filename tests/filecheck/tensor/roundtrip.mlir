// RUN: polymlir opt %s --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect | polymlir opt --allow-unregistered-dialect | filecheck %s
// RUN: polymlir opt %s --allow-unregistered-dialect --mlir-print-op-generic | polymlir opt --allow-unregistered-dialect | filecheck %s



// CHECK-LABEL: func.func @casts(%{{[a-z0-9_#]+}}: tensor<4x?xf32>, %{{[a-z0-9_#]+}}: tensor<*xf32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.cast %{{[a-z0-9_#]+}} : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.cast %{{[a-z0-9_#]+}} : tensor<*xf32> to tensor<?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.bitcast %{{[a-z0-9_#]+}} : tensor<4x?xf32> to tensor<4x?xi32>
// CHECK-NEXT: return
func.func @casts(%t: tensor<4x?xf32>, %u: tensor<*xf32>) {
  %0 = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %u : tensor<*xf32> to tensor<?xf32>
  %2 = tensor.bitcast %t : tensor<4x?xf32> to tensor<4x?xi32>
  return
}

// CHECK-LABEL: func.func @elements(%{{[a-z0-9_#]+}}: tensor<4x?xf32>, %{{[a-z0-9_#]+}}: tensor<*xf32>, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: f32) -> tensor<4x?xf32> {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.dim %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<4x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.dim {foo} %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<*xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.rank %{{[a-z0-9_#]+}} : tensor<*xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.extract %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] : tensor<4x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.insert %{{[a-z0-9_#]+}} into %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] : tensor<4x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.empty(%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}) : tensor<?x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.empty() : tensor<f32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.extract %{{[a-z0-9_#]+}}[] : tensor<f32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.from_elements %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<2xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.from_elements  : tensor<0xindex>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.splat %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] : tensor<?x4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.splat %{{[a-z0-9_#]+}} : tensor<4xf32>
// CHECK-NEXT: return %{{[a-z0-9_#]+}} : tensor<4x?xf32>
func.func @elements(%t: tensor<4x?xf32>, %u: tensor<*xf32>, %i: index, %f: f32) -> tensor<4x?xf32> {
  %0 = tensor.dim %t, %i : tensor<4x?xf32>
  %1 = tensor.dim {foo} %u, %i : tensor<*xf32>
  %2 = tensor.rank %u : tensor<*xf32>
  %3 = tensor.extract %t[%i, %i] : tensor<4x?xf32>
  %4 = tensor.insert %3 into %t[%i, %i] : tensor<4x?xf32>
  %5 = tensor.empty(%i, %0) : tensor<?x?xf32>
  %6 = tensor.empty() : tensor<f32>
  %7 = tensor.extract %6[] : tensor<f32>
  %8 = tensor.from_elements %f, %f : tensor<2xf32>
  %9 = tensor.from_elements : tensor<0xindex>
  %10 = tensor.splat %f[%i] : tensor<?x4xf32>
  %11 = tensor.splat %f : tensor<4xf32>
  return %4 : tensor<4x?xf32>
}

// CHECK-LABEL: func.func @reshape_concat(%{{[a-z0-9_#]+}}: tensor<4x?xf32>, %{{[a-z0-9_#]+}}: tensor<2xi32>, %{{[a-z0-9_#]+}}: tensor<?xi32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.reshape %{{[a-z0-9_#]+}}(%{{[a-z0-9_#]+}}) : (tensor<4x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.reshape %{{[a-z0-9_#]+}}(%{{[a-z0-9_#]+}}) : (tensor<4x?xf32>, tensor<?xi32>) -> tensor<*xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.concat dim(0) %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.concat dim(1) %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
// CHECK-NEXT: return
func.func @reshape_concat(%t: tensor<4x?xf32>, %sh: tensor<2xi32>, %sh2: tensor<?xi32>) {
  %0 = tensor.reshape %t(%sh) : (tensor<4x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %1 = tensor.reshape %t(%sh2) : (tensor<4x?xf32>, tensor<?xi32>) -> tensor<*xf32>
  %2 = tensor.concat dim(0) %t, %t : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
  %3 = tensor.concat dim(1) %t, %t : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  return
}

// CHECK-LABEL: func.func @gather_scatter(%{{[a-z0-9_#]+}}: tensor<4x5x6xf32>, %{{[a-z0-9_#]+}}: tensor<1x3x2xindex>, %{{[a-z0-9_#]+}}: tensor<1x3x2xi32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.gather %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.gather %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] gather_dims([1, 2]) unique : (tensor<4x5x6xf32>, tensor<1x3x2xi32>) -> tensor<1x3x4x1x1xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.scatter %{{[a-z0-9_#]+}} into %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] scatter_dims([1, 2]) unique : (tensor<1x3x4xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
// CHECK-NEXT: return
func.func @gather_scatter(%v: tensor<4x5x6xf32>, %idx: tensor<1x3x2xindex>, %idx32: tensor<1x3x2xi32>) {
  %0 = tensor.gather %v[%idx] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<1x3x4xf32>
  %1 = tensor.gather %v[%idx32] gather_dims([1, 2]) unique : (tensor<4x5x6xf32>, tensor<1x3x2xi32>) -> tensor<1x3x4x1x1xf32>
  %2 = tensor.scatter %0 into %v[%idx] scatter_dims([1, 2]) unique : (tensor<1x3x4xf32>, tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>
  return
}

// CHECK-LABEL: func.func @generate_pad(%{{[a-z0-9_#]+}}: tensor<4x?xf32>, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: f32) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.generate %{{[a-z0-9_#]+}} {
// CHECK-NEXT: ^bb0(%{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: index):
// CHECK-NEXT: tensor.yield %{{[a-z0-9_#]+}} : f32
// CHECK-NEXT: } : tensor<?x3xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.pad %{{[a-z0-9_#]+}} low[%{{[a-z0-9_#]+}}, 1] high[2, %{{[a-z0-9_#]+}}] {
// CHECK-NEXT: ^bb0(%{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: index):
// CHECK-NEXT: tensor.yield %{{[a-z0-9_#]+}} : f32
// CHECK-NEXT: } : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.pad %{{[a-z0-9_#]+}} nofold low[0, 0] high[0, 0] {
// CHECK-NEXT: ^bb0(%{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: index):
// CHECK-NEXT: tensor.yield %{{[a-z0-9_#]+}} : f32
// CHECK-NEXT: } : tensor<4x?xf32> to tensor<4x?xf32>
// CHECK-NEXT: return
func.func @generate_pad(%t: tensor<4x?xf32>, %i: index, %f: f32) {
  %0 = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<?x3xf32>
  %1 = tensor.pad %t low[%i, 1] high[2, %i] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<4x?xf32> to tensor<?x?xf32>
  %2 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<4x?xf32> to tensor<4x?xf32>
  return
}

// CHECK-LABEL: func.func @slices(%{{[a-z0-9_#]+}}: tensor<4x?xf32>, %{{[a-z0-9_#]+}}: tensor<4x5x6xf32>, %{{[a-z0-9_#]+}}: index) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.extract_slice %{{[a-z0-9_#]+}}[0, %{{[a-z0-9_#]+}}] [1, %{{[a-z0-9_#]+}}] [1, 2] : tensor<4x?xf32> to tensor<?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.insert_slice %{{[a-z0-9_#]+}} into %{{[a-z0-9_#]+}}[0, %{{[a-z0-9_#]+}}] [1, %{{[a-z0-9_#]+}}] [1, 2] : tensor<?xf32> into tensor<4x?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.extract_slice %{{[a-z0-9_#]+}}[0, 0, 0] [4, 5, 6] [1, 1, 1] : tensor<4x5x6xf32> to tensor<4x5x6xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.extract_slice %{{[a-z0-9_#]+}}[1, 2, 3] [1, 1, 3] [1, 1, 1] : tensor<4x5x6xf32> to tensor<3xf32>
// CHECK-NEXT: return
func.func @slices(%t: tensor<4x?xf32>, %v: tensor<4x5x6xf32>, %i: index) {
  %0 = tensor.extract_slice %t[0, %i] [1, %i] [1, 2] : tensor<4x?xf32> to tensor<?xf32>
  %1 = tensor.insert_slice %0 into %t[0, %i] [1, %i] [1, 2] : tensor<?xf32> into tensor<4x?xf32>
  %2 = tensor.extract_slice %v[0, 0, 0] [4, 5, 6] [1, 1, 1] : tensor<4x5x6xf32> to tensor<4x5x6xf32>
  %3 = tensor.extract_slice %v[1, 2, 3] [1, 1, 3] [1, 1, 1] : tensor<4x5x6xf32> to tensor<3xf32>
  return
}

// CHECK-LABEL: func.func @parallel_insert(%{{[a-z0-9_#]+}}: tensor<8xf32>, %{{[a-z0-9_#]+}}: tensor<2xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = scf.forall (%{{[a-z0-9_#]+}}) in (4) shared_outs(%{{[a-z0-9_#]+}} = %{{[a-z0-9_#]+}}) -> (tensor<8xf32>) {
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %{{[a-z0-9_#]+}} into %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}] [2] [1] : tensor<2xf32> into tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %{{[a-z0-9_#]+}} : tensor<8xf32>
func.func @parallel_insert(%t: tensor<8xf32>, %s: tensor<2xf32>) -> tensor<8xf32> {
  %0 = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func.func @reshapes(%{{[a-z0-9_#]+}}: tensor<4x5x6xf32>, %{{[a-z0-9_#]+}}: tensor<4x?xf32>, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: tensor<1x1xf32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.collapse_shape %{{[a-z0-9_#]+}} [[0, 1], [2]] : tensor<4x5x6xf32> into tensor<20x6xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.expand_shape %{{[a-z0-9_#]+}} [[0, 1], [2]] output_shape [4, 5, 6] : tensor<20x6xf32> into tensor<4x5x6xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.expand_shape %{{[a-z0-9_#]+}} [[0], [1, 2]] output_shape [4, %{{[a-z0-9_#]+}}, 2] : tensor<4x?xf32> into tensor<4x?x2xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.collapse_shape %{{[a-z0-9_#]+}} [[0, 1]] : tensor<4x?xf32> into tensor<?xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.collapse_shape %{{[a-z0-9_#]+}} [] : tensor<1x1xf32> into tensor<f32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.expand_shape %{{[a-z0-9_#]+}} [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
// CHECK-NEXT: return
func.func @reshapes(%v: tensor<4x5x6xf32>, %t: tensor<4x?xf32>, %i: index, %s: tensor<1x1xf32>) {
  %0 = tensor.collapse_shape %v [[0, 1], [2]] : tensor<4x5x6xf32> into tensor<20x6xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [4, 5, 6] : tensor<20x6xf32> into tensor<4x5x6xf32>
  %2 = tensor.expand_shape %t [[0], [1, 2]] output_shape [4, %i, 2] : tensor<4x?xf32> into tensor<4x?x2xf32>
  %3 = tensor.collapse_shape %t [[0, 1]] : tensor<4x?xf32> into tensor<?xf32>
  %4 = tensor.collapse_shape %s [] : tensor<1x1xf32> into tensor<f32>
  %5 = tensor.expand_shape %4 [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  return
}

// CHECK-LABEL: func.func @edge_cases(%{{[a-z0-9_#]+}}: tensor<1x6x1xf32>, %{{[a-z0-9_#]+}}: tensor<4x?xf32, "enc">, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: f32, %{{[a-z0-9_#]+}}: tensor<*xi32>) {
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.extract_slice %{{[a-z0-9_#]+}}[0, 0, 0] [1, 6, 1] [1, 1, 1] : tensor<1x6x1xf32> to tensor<6x1xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.extract_slice %{{[a-z0-9_#]+}}[0, 0, 0] [1, 6, 1] [1, 1, 1] : tensor<1x6x1xf32> to tensor<1x6xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.extract_slice %{{[a-z0-9_#]+}}[0, 0] [2, %{{[a-z0-9_#]+}}] [1, 1] : tensor<4x?xf32, "enc"> to tensor<2x?xf32, "enc">
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.empty(%{{[a-z0-9_#]+}}) : tensor<4x?xf32, "enc">
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.bitcast %{{[a-z0-9_#]+}} : tensor<*xi32> to tensor<*xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.cast %{{[a-z0-9_#]+}} : tensor<*xi32> to tensor<?x?xi32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.insert_slice %{{[a-z0-9_#]+}} into %{{[a-z0-9_#]+}}[0, 0, 0] [1, 6, 1] [1, 1, 1] : tensor<1x6xf32> into tensor<1x6x1xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.dim %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : tensor<4x?xf32, "enc">
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.pad %{{[a-z0-9_#]+}} low[0, 0, 0] high[1, 1, 1] {
// CHECK-NEXT: ^bb0(%{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: index):
// CHECK-NEXT: tensor.yield %{{[a-z0-9_#]+}} : f32
// CHECK-NEXT: } {attr = 1 : i64} : tensor<1x6x1xf32> to tensor<2x7x2xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.generate %{{[a-z0-9_#]+}} {
// CHECK-NEXT: ^bb0(%{{[a-z0-9_#]+}}: index, %{{[a-z0-9_#]+}}: index):
// CHECK-NEXT: %{{[a-z0-9_#]+}} = arith.index_cast %{{[a-z0-9_#]+}} : index to i32
// CHECK-NEXT: tensor.yield %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: } {foo} : tensor<?x3xi32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tensor.extract_slice %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] [%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] [%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] : tensor<4x?xf32, "enc"> to tensor<?x?xf32, "enc">
// CHECK-NEXT: return
func.func @edge_cases(%t: tensor<1x6x1xf32>, %e: tensor<4x?xf32, "enc">, %i: index, %f: f32, %u: tensor<*xi32>) {
  %0 = tensor.extract_slice %t[0, 0, 0] [1, 6, 1] [1, 1, 1] : tensor<1x6x1xf32> to tensor<6x1xf32>
  %1 = tensor.extract_slice %t[0, 0, 0] [1, 6, 1] [1, 1, 1] : tensor<1x6x1xf32> to tensor<1x6xf32>
  %2 = tensor.extract_slice %e[0, 0] [2, %i] [1, 1] : tensor<4x?xf32, "enc"> to tensor<2x?xf32, "enc">
  %3 = tensor.empty(%i) : tensor<4x?xf32, "enc">
  %4 = tensor.bitcast %u : tensor<*xi32> to tensor<*xf32>
  %5 = tensor.cast %u : tensor<*xi32> to tensor<?x?xi32>
  %6 = tensor.insert_slice %1 into %t[0, 0, 0] [1, 6, 1] [1, 1, 1] : tensor<1x6xf32> into tensor<1x6x1xf32>
  %7 = tensor.dim %e, %i : tensor<4x?xf32, "enc">
  %8 = tensor.pad %t low[0, 0, 0] high[1, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %f : f32
  } {attr = 1} : tensor<1x6x1xf32> to tensor<2x7x2xf32>
  %9 = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    %x = arith.index_cast %a : index to i32
    tensor.yield %x : i32
  } {foo} : tensor<?x3xi32>
  %10 = tensor.extract_slice %e[%i, %i] [%i, %i] [%i, %i] : tensor<4x?xf32, "enc"> to tensor<?x?xf32, "enc">
  return
}
