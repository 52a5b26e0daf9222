// REQUIRES: mlir-opt
// Upstream mlir-opt accepts what polymlir prints (custom and generic form)
// and reads it as it reads the input. (RUN lines run in this directory.)
// RUN: diff <(polymlir opt roundtrip.mlir | mlir-opt-22 --mlir-print-op-generic) <(mlir-opt-22 roundtrip.mlir --mlir-print-op-generic)
// RUN: diff <(polymlir opt roundtrip.mlir --mlir-print-op-generic | mlir-opt-22 --mlir-print-op-generic) <(mlir-opt-22 roundtrip.mlir --mlir-print-op-generic)
