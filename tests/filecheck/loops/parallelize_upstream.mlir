// REQUIRES: mlir-opt
// RUN: polymlir opt parallelize.mlir --pass-pipeline="builtin.module(func.func(affine-parallelize))" | filecheck parallelize.mlir
// RUN: mlir-opt-22 parallelize.mlir --pass-pipeline="builtin.module(func.func(affine-parallelize))" | filecheck parallelize.mlir
// RUN: mlir-opt-22 parallelize.mlir --pass-pipeline="builtin.module(func.func(affine-parallelize{parallel-reductions=true}))" | filecheck parallelize.mlir --check-prefix=RED
// RUN: mlir-opt-22 parallelize.mlir --pass-pipeline="builtin.module(func.func(affine-parallelize{max-nested=1}))" | filecheck parallelize.mlir --check-prefix=NEST1
// RUN: polymlir opt parallelize.mlir --affine-parallelize="parallel-reductions=true" | mlir-opt-22 > /dev/null
// Upstream's affine-parallelize gives what parallelize.mlir checks polymlir gives.
