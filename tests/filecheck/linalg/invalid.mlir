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
  // expected-error@+2 {{'linalg.generic' op expects regions to end with 'linalg.yield', found 'test.foo'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'linalg.yield'}}
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

// -----

func.func @index_outside() -> index {
  // expected-error@+1 {{'linalg.index' op expected parent op with LinalgOp interface}}
  %0 = linalg.index 0 : index
  return %0 : index
}

// -----

func.func @index_dim(%a: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
    // expected-error@+1 {{'linalg.index' op expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp}}
    %i = linalg.index 1 : index
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @yield_outside(%a: f32) {
  // expected-error@+1 {{'linalg.yield' op expected parent op with LinalgOp interface}}
  linalg.yield %a : f32
}

// -----

func.func @fill_memref_result(%a: memref<4xf32>, %s: f32) {
  // expected-error@+1 {{'linalg.fill' op result #0 must be variadic of ranked tensor of any type values, but got 'memref<4xf32>'}}
  %0 = linalg.fill ins(%s : f32) outs(%a : memref<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @region_args(%m: memref<?x?xf32>) {
  // expected-error@+2 {{custom op 'linalg.matmul' [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2}}
  linalg.matmul ins(%m, %m : memref<?x?xf32>, memref<?x?xf32>)
  return
}

// -----

func.func @static_shapes(%a: memref<2x4xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  // expected-error@+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 3}}
  linalg.matmul ins(%a, %b : memref<2x4xf32>, memref<3x4xf32>) outs(%c : memref<2x4xf32>)
  return
}

// -----

func.func @conv_window(%i: memref<1x3x4x2xf32>, %f: memref<3x2x2x1xf32>, %o: memref<1x2x3x1xf32>) {
  // expected-error@+1 {{'linalg.conv_2d_nhwc_hwcf' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 4, but found 3}}
  linalg.conv_2d_nhwc_hwcf ins(%i, %f : memref<1x3x4x2xf32>, memref<3x2x2x1xf32>) outs(%o : memref<1x2x3x1xf32>)
  return
}

// -----

func.func @negative_index(%a: memref<5xf32>, %b: memref<5xf32>) {
  // expected-error@+1 {{'linalg.generic' op unexpected result less than 0 at expression #0 in (d0) -> (-d0 + 3)}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (3 - i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : memref<5xf32>) outs(%b : memref<5xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @reduce_init(%a: tensor<16x32xf32>, %b: tensor<10xf32>) {
  // expected-error@+1 {{'linalg.reduce' op init dimensions [10] doesn't match input dimensions after reduction [16]}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<16x32xf32>) outs(%b : tensor<10xf32>) dimensions = [1]
  return
}

// -----

func.func @broadcast_rank(%a: tensor<4xf32>, %b: tensor<4x8x2xf32>) {
  // expected-error@+1 {{'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 1, init rank: 3}}
  %0 = linalg.broadcast ins(%a : tensor<4xf32>) outs(%b : tensor<4x8x2xf32>) dimensions = [1]
  return
}

// -----

func.func @transpose_perm(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) {
  // expected-error@+1 {{'linalg.transpose' op permutation is not valid}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<8x4xf32>) permutation = [1, 1]
  return
}

// -----

func.func @fill_scalar(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{expected op with scalar input}}
  %0 = linalg.fill ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @p1(%s: tensor<128x256xf32>, %d: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{expected 'tensor<8x16x8x32xf32>' for the packed domain value, got 'tensor<16x8x8x32xf32>'}}
  %0 = linalg.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @p2(%s: tensor<128x256xf32>, %d: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{invalid inner_dims_pos vector}}
  %0 = linalg.pack %s inner_dims_pos = [0, 0] inner_tiles = [8, 32] into %d : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @p3(%s: tensor<128x256xf32>, %d: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{invalid zero tile factor}}
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 0] into %d : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @p4(%s: tensor<128x256xf32>, %d: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{tiling factors must equal the number of dimensions to tile}}
  %0 = linalg.pack %s inner_dims_pos = [0] inner_tiles = [8, 32] into %d : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @p5(%s: tensor<128x256xf32>, %d: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 30] into %d : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @p6(%s: tensor<128x250xf32>, %d: tensor<16x8x8x32xf32>) {
  // expected-error@+1 {{'linalg.pack' op invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set}}
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<128x250xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @p7(%s: tensor<128x256xf32>, %d: tensor<16x8x8x32xf32>, %p: i32) {
  // expected-error@+1 {{'linalg.pack' op expected padding_value has 'f32' but got: 'i32'}}
  %0 = linalg.pack %s padding_value(%p : i32) inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  return
}

// -----

func.func @w1(%f: tensor<2x2x3x5xf32>, %i: tensor<4x4x5x2xf32>) {
  // expected-error@+1 {{'linalg.winograd_filter_transform' op expect filter height either equals to r or 1}}
  %0 = linalg.winograd_filter_transform fmr(F_2_3) ins(%f : tensor<2x2x3x5xf32>) outs(%i : tensor<4x4x5x2xf32>) -> tensor<4x4x5x2xf32>
  return
}

// -----

func.func @w2(%o: tensor<5x4x2x2x2x2xf32>, %oo: tensor<2x4x4x2xf32>) {
  // expected-error@+1 {{'linalg.winograd_output_transform' op expect input height equals to input tile size}}
  %2 = linalg.winograd_output_transform fmr(F_2_3) ins(%o : tensor<5x4x2x2x2x2xf32>) outs(%oo : tensor<2x4x4x2xf32>) -> tensor<2x4x4x2xf32>
  return
}

// -----

func.func @w3(%in: tensor<2x10x10x5xf32>, %ii: tensor<4x4x4x3x2x5xf32>) {
  // expected-error@+1 {{'linalg.winograd_input_transform' op the output shape is not expected}}
  %1 = linalg.winograd_input_transform fmr(F_2_3) ins(%in : tensor<2x10x10x5xf32>) outs(%ii : tensor<4x4x4x3x2x5xf32>) -> tensor<4x4x4x3x2x5xf32>
  return
}

// -----

func.func @r1(%input: tensor<16x32x64xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error@+1 {{'linalg.reduce' op attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
  %reduce = linalg.reduce ins(%input:tensor<16x32x64xf32>) outs(%init:tensor<16xf32>) dimensions = [2, 1]
      (%in: f32, %out: f32) {
        %0 = arith.addf %in, %out: f32
        linalg.yield %0: f32
      }
  func.return %reduce : tensor<16xf32>
}

// -----

func.func @g() {
  // expected-error@+1 {{custom op 'linalg.generic' expected "iterator_types" array attribute}}
  linalg.generic {} ins() outs()
  return
}

// -----

func.func @mm1(%arg0: memref<3xf32>, %arg1: memref<5x7xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{'linalg.matmul' op Invalid broadcast requested, should be (d2).}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%arg0, %arg1 : memref<3xf32>, memref<5x7xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @mm2(%arg0: memref<3x5xf32>, %arg1: memref<7xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{'linalg.matmul' op Invalid broadcast requested, should be (d2).}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%arg0, %arg1 : memref<3x5xf32>, memref<7xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @mm3(%arg0: memref<3x5xf32>, %arg1: memref<5x7xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{'linalg.matmul' op expected operand #0 rank (2) to match the result rank of indexing_map (1)}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%arg0, %arg1 : memref<3x5xf32>, memref<5x7xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @mm4(%arg0: memref<5x3xf32>, %arg1: memref<7xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 5, but found 7}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%arg0, %arg1 : memref<5x3xf32>, memref<7xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @mm5(%arg0: memref<3x5xf32>, %arg1: memref<5xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{'linalg.matmul' op Unexpected dim expression in map result.}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%arg0, %arg1 : memref<3x5xf32>, memref<5xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @mm7(%arg0: memref<3x5xf32>, %arg1: memref<5x7xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{'linalg.matmul' op inferred input/output operand #2 has shape's dimension #0 to be 7, but found 3}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d1, d0)>] ins(%arg0, %arg1 : memref<3x5xf32>, memref<5x7xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @bm2(%arg0: memref<2x3x5xf32>, %arg1: memref<5x7xf32>, %arg2: memref<2x3x7xf32>) {
  // expected-error@+1 {{'linalg.batch_matmul' op Invalid broadcast requested.}}
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%arg0, %arg1 : memref<2x3x5xf32>, memref<5x7xf32>) outs(%arg2: memref<2x3x7xf32>)
  return
}

// -----

func.func @c1(%arg0: memref<3x5xf32>, %arg1: memref<5x7xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{iteration space dim at index 0 is neither a contracting dim nor of parallel iteration type}}
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>] ins(%arg0, %arg1 : memref<3x5xf32>, memref<5x7xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @c2(%arg0: memref<3x5xf32>, %arg1: memref<5x7xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{provided affine_map is not a projected permutation}}
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0 + d1, d1)>] ins(%arg0, %arg1 : memref<3x5xf32>, memref<5x7xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @c4(%arg0: memref<3x5xf32>, %arg1: memref<5x7xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{ranks of shaped operand and results of corresponding affine_map differ}}
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%arg0, %arg1 : memref<3x5xf32>, memref<5x7xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @c5(%arg0: memref<3x5xf32>, %arg1: memref<5x7xf32>, %arg2: memref<3x7xf32>) {
  // expected-error@+1 {{iteration space dim at index 3 not used to access any operand}}
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d2, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>] ins(%arg0, %arg1 : memref<3x5xf32>, memref<5x7xf32>) outs(%arg2: memref<3x7xf32>)
  return
}

// -----

func.func @e1(%a: memref<4x8xf32>, %b: memref<4x8xf32>) {
  // expected-error@+1 {{'linalg.elementwise' op expected operand #0 rank (2) to match the result rank of indexing_map (1)}}
  linalg.elementwise kind=#linalg.elementwise_kind<exp> indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1, d0)>] ins(%a : memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  return
}
