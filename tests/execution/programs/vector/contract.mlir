// vector.contract in its common layouts, vector.outerproduct, vector.mask.
// (The masked outer product uses its own accumulator: upstream CSE would
// otherwise merge it with the identical unmasked one.)
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#mn = affine_map<(m, n, k) -> (m, n)>
#nm = affine_map<(m, n, k) -> (n, m)>
#matmat = {iterator_types = ["parallel", "parallel", "reduction"]}
func.func @entry() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %at = arith.constant dense<[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]> : vector<3x2xf32>
  %b = arith.constant dense<[[1.0, 0.5, -1.0, 2.0], [0.0, 1.0, 3.0, -2.0], [2.0, 2.0, 1.0, 0.0]]> : vector<3x4xf32>
  %bt = vector.transpose %b, [1, 0] : vector<3x4xf32> to vector<4x3xf32>
  %c = arith.constant dense<0.25> : vector<2x4xf32>
  %ct = arith.constant dense<0.25> : vector<4x2xf32>
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  vector.print %0 : vector<2x4xf32>
  %1 = vector.contract {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %a, %bt, %c : vector<2x3xf32>, vector<4x3xf32> into vector<2x4xf32>
  vector.print %1 : vector<2x4xf32>
  %2 = vector.contract {indexing_maps = [#km, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %at, %b, %c : vector<3x2xf32>, vector<3x4xf32> into vector<2x4xf32>
  vector.print %2 : vector<2x4xf32>
  %3 = vector.contract {indexing_maps = [#km, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %at, %bt, %c : vector<3x2xf32>, vector<4x3xf32> into vector<2x4xf32>
  vector.print %3 : vector<2x4xf32>
  %4 = vector.contract {indexing_maps = [#mk, #kn, #nm], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %ct : vector<2x3xf32>, vector<3x4xf32> into vector<4x2xf32>
  vector.print %4 : vector<4x2xf32>
  %5 = vector.contract {indexing_maps = [#mk, #nk, #nm], iterator_types = ["parallel", "parallel", "reduction"]} %a, %bt, %ct : vector<2x3xf32>, vector<4x3xf32> into vector<4x2xf32>
  vector.print %5 : vector<4x2xf32>
  %6 = vector.contract {indexing_maps = [#km, #kn, #nm], iterator_types = ["parallel", "parallel", "reduction"]} %at, %b, %ct : vector<3x2xf32>, vector<3x4xf32> into vector<4x2xf32>
  vector.print %6 : vector<4x2xf32>
  %7 = vector.contract {indexing_maps = [#km, #nk, #nm], iterator_types = ["parallel", "parallel", "reduction"]} %at, %bt, %ct : vector<3x2xf32>, vector<4x3xf32> into vector<4x2xf32>
  vector.print %7 : vector<4x2xf32>
  // matvec / vecmat / dot
  %x = arith.constant dense<[1.0, -1.0, 2.0]> : vector<3xf32>
  %y2 = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %8 = vector.contract {indexing_maps = [affine_map<(m, k) -> (m, k)>, affine_map<(m, k) -> (k)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"]} %a, %x, %y2 : vector<2x3xf32>, vector<3xf32> into vector<2xf32>
  vector.print %8 : vector<2xf32>
  %9 = vector.contract {indexing_maps = [affine_map<(m, k) -> (k)>, affine_map<(m, k) -> (k, m)>, affine_map<(m, k) -> (m)>], iterator_types = ["parallel", "reduction"]} %x, %at, %y2 : vector<3xf32>, vector<3x2xf32> into vector<2xf32>
  vector.print %9 : vector<2xf32>
  %s = arith.constant 1.0 : f32
  %10 = vector.contract {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> ()>], iterator_types = ["reduction"]} %x, %x, %s : vector<3xf32>, vector<3xf32> into f32
  vector.print %10 : f32
  // integer batch matmul and a double reduction
  %ia = arith.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : vector<2x2x2xi32>
  %ib = arith.constant dense<[[[1, 0, 2], [0, 1, 3]], [[2, 1, 0], [1, 2, 1]]]> : vector<2x2x3xi32>
  %ic = arith.constant dense<1> : vector<2x2x3xi32>
  %11 = vector.contract {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} %ia, %ib, %ic : vector<2x2x2xi32>, vector<2x2x3xi32> into vector<2x2x3xi32>
  vector.print %11 : vector<2x2x3xi32>
  %iz = arith.constant 0 : i32
  %ia2 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %ia2t = arith.constant dense<[[1, 0], [2, 1], [-1, 3]]> : vector<3x2xi32>
  %ib2 = arith.constant dense<[[1, -4], [2, 0], [3, 1]]> : vector<3x2xi32>
  %ic2 = arith.constant dense<[[0, 20], [-5, 5]]> : vector<2x2xi32>
  %12 = vector.contract {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]} %ia2, %ia2t, %iz : vector<2x3xi32>, vector<3x2xi32> into i32
  vector.print %12 : i32
  // outer products
  %o0 = vector.outerproduct %x, %y2 : vector<3xf32>, vector<2xf32>
  vector.print %o0 : vector<3x2xf32>
  %oacc = arith.constant dense<1.0> : vector<3x2xf32>
  %o1 = vector.outerproduct %x, %y2, %oacc : vector<3xf32>, vector<2xf32>
  vector.print %o1 : vector<3x2xf32>
  %o2 = vector.outerproduct %x, %s : vector<3xf32>, f32
  vector.print %o2 : vector<3xf32>
  %o3 = vector.outerproduct %x, %s, %x : vector<3xf32>, f32
  vector.print %o3 : vector<3xf32>
  %o4 = vector.outerproduct %x, %y2, %oacc {kind = #vector.kind<maxnumf>} : vector<3xf32>, vector<2xf32>
  vector.print %o4 : vector<3x2xf32>
  %iv3 = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %iacc = arith.constant dense<5> : vector<3x3xi32>
  %o5 = vector.outerproduct %iv3, %iv3, %iacc : vector<3xi32>, vector<3xi32>
  vector.print %o5 : vector<3x3xi32>
  // masks
  %m32 = vector.constant_mask [2, 1] : vector<3x2xi1>
  %o6 = vector.mask %m32 { vector.outerproduct %x, %y2, %o0 : vector<3xf32>, vector<2xf32> } : vector<3x2xi1> -> vector<3x2xf32>
  vector.print %o6 : vector<3x2xf32>
  %m5 = vector.constant_mask [2] : vector<3xi1>
  %r = vector.mask %m5 { vector.reduction <add>, %x : vector<3xf32> into f32 } : vector<3xi1> -> f32
  vector.print %r : f32
  %m234 = vector.constant_mask [2, 3, 2] : vector<2x4x3xi1>
  return
}
