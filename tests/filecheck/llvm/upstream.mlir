// REQUIRES: mlir-opt
// Upstream mlir-opt accepts what polymlir prints (custom and generic form)
// and reads it as it reads the input. (RUN lines run in this directory.)
// RUN: diff <(polymlir opt roundtrip.mlir --allow-unregistered-dialect | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic) <(mlir-opt-22 roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic)
// RUN: diff <(polymlir opt roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic | mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic) <(mlir-opt-22 roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic)
// Our generic form is upstream's (default-valued properties included), up
// to SSA names and the `: i64` of integer attributes.
// RUN: diff -B <(polymlir opt roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic | sed -e 's/ : i64//g' -e 's/%[a-z0-9_#]*//g') <(mlir-opt-22 roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic | sed -e 's/ : i64//g' -e 's/%[a-z0-9_#]*//g')
// The expected diagnostics of invalid.mlir are upstream's too.
// RUN: mlir-opt-22 invalid.mlir --allow-unregistered-dialect --split-input-file --verify-diagnostics
