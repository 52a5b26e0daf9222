// REQUIRES: mlir-opt
// RUN: mlir-opt-22 scalrep.mlir --pass-pipeline="builtin.module(func.func(affine-scalrep))" | filecheck scalrep.mlir --check-prefixes=CHECK,UPSTREAM
// RUN: polymlir opt scalrep.mlir --affine-scalrep | mlir-opt-22 > /dev/null
// Upstream's affine-scalrep gives what scalrep.mlir checks for polymlir, but
// for the load it keeps in @intervening (its dependence test cannot see that
// 2j = 9 has no integer solution).
