// RUN: polymlir skew --loops t,i --matrix '1,0;1,1' %s | filecheck %s --check-prefix=SKEW
// RUN: polymlir skew --loops t,i --matrix '1,0;1,1' --trace %s 2>&1 >/dev/null | filecheck %s --check-prefix=TRACE
// RUN: polymlir apply --schedule '{ S0[t, i] -> [t, t + i] }' %s | filecheck %s --check-prefix=SKEW
// RUN: polymlir tile --sizes 2,4 --skew --trace %s 2>&1 >/dev/null | filecheck %s --check-prefix=TSKEW
// RUN: polymlir optimize --pluto --explain %s 2>&1 >/dev/null | filecheck %s --check-prefix=EXPLAIN
// RUN: polymlir optimize --tile-sizes 2,4 %s | mlir-opt-22 > /dev/null
// RUN: (! polymlir skew --loops t,i --matrix '2,0;0,1' %s 2>&1) | filecheck %s --check-prefix=UNIMOD
// RUN: (! polymlir apply --schedule '{ S0[t, i] -> [i, t] }' %s 2>&1) | filecheck %s --check-prefix=BADSCHED
// REQUIRES: mlir-opt
// In-place Jacobi-1d: distances (1,-1), (1,0), (0,1); skewing i by t makes
// the band permutable, so it tiles.

// SKEW-DAG: #[[LB:.+]] = affine_map<(d0) -> (d0 + 1)>
// SKEW-DAG: #[[UB:.+]] = affine_map<(d0) -> (d0 + 11)>
// SKEW-DAG: #[[I:.+]] = affine_map<(d0, d1) -> (-d0 + d1)>
// SKEW:      affine.for %[[T:.+]] = 0 to 6 {
// SKEW-NEXT:   affine.for %[[TI:.+]] = #[[LB]](%[[T]]) to #[[UB]](%[[T]]) {
// SKEW-NEXT:     %[[IV:.+]] = affine.apply #[[I]](%[[T]], %[[TI]])
// SKEW-NEXT:     affine.load %{{.*}}[%[[IV]] - 1]
// TRACE: [{"op": "skew", "loops": ["t", "i"], "matrix": {{\[\[}}1, 0], [1, 1]], "made": {"new": ["t", "i"]}}]
// TSKEW: [{"op": "skew", "loops": ["t", "i"], "matrix": {{\[\[}}1, 0], [1, 1]], "made": {"new": ["t", "i"]}}, {"op": "tile", "loops": ["t", "i"], "sizes": [2, 4], "made": {"tile": ["t_tile", "i_tile"], "point": ["t", "i"]}}]
// EXPLAIN: remark: skewed band of 2 loops (permutable): S0 (t, i) -> (t, t + i)
// UNIMOD: error: the matrix '2,0;0,1' is not unimodular (determinant 2)
// BADSCHED: error: cannot apply the schedule: {{.*}} dependence
func.func @jacobi1d(%A: memref<12xf64>) {
  affine.for %t = 0 to 6 {
    affine.for %i = 1 to 11 {
      %a = affine.load %A[%i - 1] : memref<12xf64>
      %b = affine.load %A[%i] : memref<12xf64>
      %c = affine.load %A[%i + 1] : memref<12xf64>
      %s1 = arith.addf %a, %b : f64
      %s2 = arith.addf %s1, %c : f64
      affine.store %s2, %A[%i] : memref<12xf64>
    }
  }
  return
}
