// RUN: polymlir opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @mixed(%a: tensor<4xf32>, %b: memref<4xf32>, %c: tensor<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected to have pure tensor or buffer semantics}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, memref<4xf32>) outs(%c : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}

// -----

func.func @symbols(%a: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op unexpected symbols in indexing_map #0}}
  linalg.generic {indexing_maps = [affine_map<(d0)[s0] -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @count(%a: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected the number of indexing_map (2) to be equal to the number of input/output operands (1)}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @bbargs(%a: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @bbargtype(%a: memref<4xf32>, %b: memref<4xi32>) {
  // expected-error@+1 {{'linalg.generic' op expected type of bb argument #0 ('f32') to match element or self type of the corresponding operand ('i32')}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%b : memref<4xi32>) outs(%a : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @noiter(%a: memref<4xf32>) {
  // expected-error@+1 {{custom op 'linalg.generic' expected "iterator_types" array attribute}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @strides(%a: memref<1x4x4x1xf32>, %b: memref<1x1x1x1xf32>, %c: memref<1x4x4x1xf32>) {
  // expected-error@+1 {{custom op 'linalg.conv_2d_nhwc_hwcf' 'linalg.conv_2d_nhwc_hwcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<3xi64>} ins(%a, %b : memref<1x4x4x1xf32>, memref<1x1x1x1xf32>) outs(%c : memref<1x4x4x1xf32>)
  return
}

// -----

func.func @strides2(%a: memref<1x4x4x1xf32>, %b: memref<1x1x1x1xf32>, %c: memref<1x4x4x1xf32>) {
  // expected-error@+1 {{custom op 'linalg.conv_2d_nhwc_hwcf' 'linalg.conv_2d_nhwc_hwcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]}}
  linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi32>} ins(%a, %b : memref<1x4x4x1xf32>, memref<1x1x1x1xf32>) outs(%c : memref<1x4x4x1xf32>)
  return
}

// -----

func.func @notensor(%a: memref<4xf32>) {
  // expected-error@+1 {{'linalg.generic' op expects regions to end with 'linalg.yield', found 'test.foo'}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
    "test.foo"() : () -> ()
  }
  return
}

// -----

func.func @terminator(%a: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

func.func @fillvec(%a: vector<4xf32>, %b: memref<4xf32>) {
  // expected-error@+1 {{'linalg.fill' op expected fill value type ('vector<4xf32>') to match output element type ('f32')}}
  linalg.fill ins(%a : vector<4xf32>) outs(%b : memref<4xf32>)
  return
}

// -----

func.func @reducedim(%a: tensor<4x8xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'linalg.reduce' op dimensions for reduction should be in the range [0, 1].}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%b : tensor<4xf32>) dimensions = [2]
  return
}

// -----

func.func @mapshape(%a: tensor<4x8xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'linalg.map' op expected shape of input (4, 8) to match shape of output (4)}}
  %0 = linalg.map { math.exp } ins(%a : tensor<4x8xf32>) outs(%b : tensor<4xf32>)
  return
}

// -----

func.func @maparity(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'linalg.map' op expects number of operands to match the arity of mapper, but got: 2 and 1}}
  %0 = linalg.map ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>)
    (%x: f32) {
      linalg.yield %x : f32
    }
  return
}

// -----

func.func @transposeperm(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
  // expected-error@+1 {{'linalg.transpose' op dim(result, 0) = 4 doesn't match dim(input, permutation[0]) = 8}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) permutation = [1, 0]
  return
}

// -----

func.func @softmax(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) {
  // expected-error@+1 {{'linalg.softmax' op incorrect dimension specified}}
  %0 = linalg.softmax dimension(2) ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @matmulmaps(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %c: memref<4x4xf32>) {
  // expected-error@+1 {{'linalg.matmul' op Unexpected dim expression in map result.}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<4x8xf32>, memref<8x4xf32>) outs(%c : memref<4x4xf32>)
  return
}

// -----

func.func @subbool(%a: memref<4xi1>, %c: memref<4xi1>) {
  // expected-error@+1 {{custom op 'linalg.sub' unsupported operation: sub with bools}}
  linalg.sub ins(%a, %a : memref<4xi1>, memref<4xi1>) outs(%c : memref<4xi1>)
  return
}

// -----

func.func @index_type(%a: memref<4xindex>) {
  // expected-error@+1 {{custom op 'linalg.add' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'index'}}
  linalg.add ins(%a, %a : memref<4xindex>, memref<4xindex>) outs(%a : memref<4xindex>)
  return
}

// -----

func.func @broadcastdims(%a: tensor<4xf32>, %b: tensor<4x8xf32>) {
  // expected-error@+1 {{'linalg.broadcast' op input dim 0 should match init dim 1. input: 4, init: 8}}
  %0 = linalg.broadcast ins(%a : tensor<4xf32>) outs(%b : tensor<4x8xf32>) dimensions = [0]
  return
}

// -----

func.func @yieldcount(%a: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
  // expected-error@+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %x, %x : f32, f32
  }
  return
}

// -----

func.func @unranked(%a: memref<*xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<*xf32>) {
  ^bb0(%x: f32):
  // expected-error@+1 {{'linalg.yield' op type of yield operand 1 ('f32') doesn't match the element type of the enclosing linalg.generic op ('memref<*xf32>')}}
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @contract_noattr(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %c: memref<4x4xf32>) {
  // expected-error@+1 {{custom op 'linalg.contract' expected 'indexing_maps' attribute}}
  linalg.contract ins(%a, %b : memref<4x8xf32>, memref<8x4xf32>) outs(%c : memref<4x4xf32>)
  return
}

// -----

func.func @generic_noattr(%a: memref<4xf32>) {
  // expected-error@+1 {{expected attribute value}}
  linalg.generic outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  return
}
