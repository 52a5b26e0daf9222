// REQUIRES: mlir-opt
// RUN: mlir-opt-22 normalize.mlir --pass-pipeline="builtin.module(func.func(affine-loop-normalize))" | filecheck %s --check-prefix=UP
// RUN: polymlir opt normalize.mlir --affine-loop-normalize | mlir-opt-22 > /dev/null
// Upstream's affine-loop-normalize gives the same loops and recomputed IVs
// as polymlir (normalize.mlir), but for operands an affine.apply does not
// use (upstream keeps them).
// UP-DAG: #[[IV1:.+]] = affine_map<(d0) -> (d0 * 2 + 2)>
// UP-DAG: #[[UB2:.+]] = affine_map<()[s0, s1] -> ((s0 - s1) ceildiv 3)>
// UP-DAG: #[[IV2:.+]] = affine_map<(d0)[s0] -> (d0 * 3 + s0)>
// UP-DAG: #[[UB3:.+]] = affine_map<(d0)[s0] -> (2, (-d0 + s0) ceildiv 2)>
// UP-DAG: #[[IV3:.+]] = affine_map<(d0, d1) -> (d0 + d1 * 2)>
// UP-LABEL: func.func @loops(
// UP-SAME:    %[[A:.+]]: memref<100xf64>, %[[LO:.+]]: index, %[[HI:.+]]: index)
// UP:         affine.for %[[I:.+]] = 0 to 4 {
// UP-NEXT:      %[[X:.+]] = affine.apply #[[IV1]](%[[I]])
// UP:         affine.for %[[I2:.+]] = 0 to #[[UB2]]()[%[[HI]], %[[LO]]] {
// UP-NEXT:      %[[Y:.+]] = affine.apply #[[IV2]](%[[I2]])[%[[LO]]]
// UP-NEXT:      affine.for %[[J:.+]] = 0 to min #[[UB3]](%[[Y]])[%[[HI]]] {
// UP-NEXT:        %[[Z:.+]] = affine.apply #[[IV3]](%[[Y]], %[[J]])
// UP:         affine.for %{{.+}} = max
// UP:         affine.parallel (%{{.+}}, %{{.+}}) = (0, 0) to (5, (symbol(%[[HI]]) - symbol(%[[LO]])) ceildiv 3) {
