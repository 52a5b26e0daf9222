// Contractions upstream's convert-vector-to-llvm does not lower (non-add
// kinds, masked contractions); expected output checked by hand.
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @entry() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %b = arith.constant dense<[[1.0, 0.5, -1.0, 2.0], [0.0, 1.0, 3.0, -2.0], [2.0, 2.0, 1.0, 0.0]]> : vector<3x4xf32>
  %c = arith.constant dense<0.25> : vector<2x4xf32>
  %ia2 = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %ib2 = arith.constant dense<[[1, -4], [2, 0], [3, 1]]> : vector<3x2xi32>
  %ic2 = arith.constant dense<[[0, 20], [-5, 5]]> : vector<2x2xi32>
  %m234 = vector.constant_mask [2, 3, 2] : vector<2x4x3xi1>
  %13 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<maxsi>} %ia2, %ib2, %ic2 : vector<2x3xi32>, vector<3x2xi32> into vector<2x2xi32>
  vector.print %13 : vector<2x2xi32>
  %14 = vector.mask %m234 { vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32> } : vector<2x4x3xi1> -> vector<2x4xf32>
  vector.print %14 : vector<2x4xf32>
  return
}
