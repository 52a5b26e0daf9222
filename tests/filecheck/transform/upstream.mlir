// REQUIRES: mlir-opt
// polymlir prints the transform ops exactly as mlir-opt-22 does (custom
// form, byte for byte) and reads them as it does (generic form).
// (RUN lines run in this directory.)
// RUN: diff <(polymlir opt roundtrip.mlir) <(mlir-opt-22 roundtrip.mlir)
// RUN: diff <(polymlir opt roundtrip.mlir --mlir-print-op-generic | mlir-opt-22 --mlir-print-op-generic) <(mlir-opt-22 roundtrip.mlir --mlir-print-op-generic)
// RUN: diff <(polymlir opt interpreter.mlir --test-transform-dialect-erase-schedule) <(mlir-opt-22 interpreter.mlir --test-transform-dialect-erase-schedule)
// Upstream reports the same diagnostics on the invalid cases:
// RUN: mlir-opt-22 invalid.mlir --split-input-file --verify-diagnostics > /dev/null
// RUN: mlir-opt-22 interpreter.mlir --transform-interpreter --split-input-file --verify-diagnostics > /dev/null
