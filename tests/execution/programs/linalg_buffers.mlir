func.func @kernel(%A: memref<4x5xf64>, %B: memref<5x3xf64>, %C: memref<4x3xf64>, %T: memref<3x5xf64>) {
  %z = arith.constant 0.5 : f64
  linalg.fill ins(%z : f64) outs(%C : memref<4x3xf64>)
  linalg.matmul ins(%A, %B : memref<4x5xf64>, memref<5x3xf64>) outs(%C : memref<4x3xf64>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%B : memref<5x3xf64>) outs(%T : memref<3x5xf64>) {
  ^bb0(%b: f64, %a: f64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %s = arith.addf %a, %b : f64
    %t = arith.addf %s, %f : f64
    linalg.yield %t : f64
  }
  return
}
