// REQUIRES: mlir-opt
// Upstream accepts every output of the linalg passes.
// RUN: polymlir opt to-loops.mlir --convert-linalg-to-loops | mlir-opt-22 > /dev/null
// RUN: polymlir opt to-loops.mlir --convert-linalg-to-affine-loops | mlir-opt-22 > /dev/null
// RUN: polymlir opt to-loops.mlir --convert-linalg-to-parallel-loops | mlir-opt-22 > /dev/null
// RUN: polymlir opt library-call.mlir --convert-linalg-to-std | mlir-opt-22 > /dev/null
// RUN: polymlir opt generalize.mlir --linalg-generalize-named-ops | mlir-opt-22 > /dev/null
// RUN: polymlir opt generalize.mlir --linalg-generalize-named-ops --linalg-specialize-generic-ops | mlir-opt-22 > /dev/null
