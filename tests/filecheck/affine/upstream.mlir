// REQUIRES: mlir-opt
// Upstream mlir-opt accepts what polymlir prints for roundtrip.mlir, in both forms.
// RUN: polymlir opt roundtrip.mlir --allow-unregistered-dialect | $(command -v mlir-opt-22 || command -v mlir-opt) --allow-unregistered-dialect > /dev/null
// RUN: polymlir opt roundtrip.mlir --allow-unregistered-dialect --mlir-print-op-generic | $(command -v mlir-opt-22 || command -v mlir-opt) --allow-unregistered-dialect > /dev/null
// The expected diagnostics of invalid.mlir are upstream's too.
// RUN: $(command -v mlir-opt-22 || command -v mlir-opt) invalid.mlir --allow-unregistered-dialect --split-input-file --verify-diagnostics > /dev/null
// RUN: $(command -v mlir-opt-22 || command -v mlir-opt) dims_and_symbols.mlir --allow-unregistered-dialect > /dev/null
