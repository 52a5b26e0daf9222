// REQUIRES: mlir-opt
// Upstream mlir-opt accepts what polymlir prints (custom and generic form)
// and reads it as it reads the input. (RUN lines run in this directory.)
// RUN: diff <(polymlir opt roundtrip.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic) <(mlir-opt-22 roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic)
// RUN: diff <(polymlir opt roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic) <(mlir-opt-22 roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic)
// Upstream reports the same diagnostics on the invalid cases:
// RUN: mlir-opt-22 invalid.mlir --allow-unregistered-dialect --split-input-file --verify-diagnostics > /dev/null
