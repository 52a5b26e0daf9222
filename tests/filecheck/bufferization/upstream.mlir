// REQUIRES: mlir-opt
// Upstream mlir-opt accepts what polymlir prints (custom and generic form)
// and reads it as it reads the input. (RUN lines run in this directory.)
// RUN: diff <(polymlir opt roundtrip.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic) <(mlir-opt-22 roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic)
// RUN: diff <(polymlir opt roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic) <(mlir-opt-22 roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic)
