// REQUIRES: mlir-opt
// polymlir opt prints names.mlir byte for byte as mlir-opt-22 does, and
// reads back what mlir-opt-22 prints. (RUN lines run in this directory.)
// RUN: diff <(polymlir opt names.mlir --split-input-file --allow-unregistered-dialect) <(mlir-opt-22 names.mlir --split-input-file --allow-unregistered-dialect)
// RUN: diff <(mlir-opt-22 names.mlir --split-input-file --allow-unregistered-dialect | polymlir opt --split-input-file --allow-unregistered-dialect) <(mlir-opt-22 names.mlir --split-input-file --allow-unregistered-dialect)
